"""Whose GPU code a "no kernel image" / "invalid device function" error is missing. The runtime's words are the same
for torch, an application's own build and a GPU kernel library installed beside torch; when the error comes from
such a library (its frames, its kernel's source file, Triton's own prefix), the library's build is the cause
(FAMILIES.md: a library built without the GPU's arch is packages), not the GPU runtime."""
from __future__ import annotations

import re

# Libraries that ship their own GPU kernels, compiled for a list of architectures (or by Triton at run time).
KERNEL_LIBRARIES = (r"bitsandbytes|torch_scatter|torch_sparse|torch_cluster|torch_spline_conv|pyg_lib|triton|"
                    r"flash_attn|xformers|mmcv|apex|sageattention|causal_conv1d|mamba_ssm|auto_gptq|exllamav2|awq_ext")
# a traceback frame: Python's (`File "x.py", line 3, in f`), IPython's (`~/env/site-packages/x.py in f(a, b)`)
_FRAME = re.compile(r'^\s{0,12}(?:File "([^"]{1,400})", line \d{1,7}|(\S{1,400}\.py) in \w{1,80}\()')
_LIBRARY_PATH = re.compile(r"(?:site|dist)-packages[/\\](" + KERNEL_LIBRARIES + r")[/\\]")
_IN_FILE = re.compile(r"\bin file \S{0,300}?[/\\](" + KERNEL_LIBRARIES + r")[/\\]")
_TRITON = re.compile(r"\bTriton Error \[(?:CUDA|HIP)\]")
# Python 3.11's markers under a frame's source line; IPython's arrow at the frame's current line (`---> 72 ...`)
_MARKS = re.compile(r"^[\^~\s]+$|^-{1,4}> {0,2}\d{1,6}\b")


def kernel_library(lines: list[str], error: str) -> str:
    """The kernel library the error ``error`` (a line of ``lines``) comes from, or "": named on the line itself, else
    by the innermost traceback frame above it (frames of torch or the user's code name none)."""
    if _TRITON.search(error):
        return "triton"
    m = _IN_FILE.search(error)
    if m:
        return m.group(1)
    at = next((i for i, t in enumerate(lines) if error[:200] and error[:200] in t), None)
    if at is None:
        return ""
    for t in reversed(lines[max(0, at - 60):at]):
        f = _FRAME.match(t)
        if f:
            lib = _LIBRARY_PATH.search(f.group(1) or f.group(2))
            return lib.group(1) if lib else ""
        if t.strip() and not t[:1].isspace() and not _MARKS.match(t):
            return ""  # the traceback above the error ends here: an earlier one is another error's
    return ""
