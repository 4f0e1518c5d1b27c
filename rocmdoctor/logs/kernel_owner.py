"""Whose GPU code a "no kernel image" / "invalid device function" error is missing. The runtime's words are the same
for torch, an application's own build and a GPU kernel library installed beside torch; when the error comes from
such a library (its frames, its kernel's source file, Triton's own prefix), the library's build is the cause
(FAMILIES.md: a library built without the GPU's arch is packages), not the GPU runtime."""
from __future__ import annotations

import re

# Libraries that ship their own GPU kernels, compiled for a list of architectures (or by Triton at run time).
KERNEL_LIBRARIES = (r"bitsandbytes|torch_scatter|torch_sparse|torch_cluster|torch_spline_conv|pyg_lib|triton|"
                    r"flash_attn|xformers|mmcv|apex|sageattention|causal_conv1d|mamba_ssm|auto_gptq|exllamav2|awq_ext")
_LIBRARY = re.compile(KERNEL_LIBRARIES)
_IN_FILE = re.compile(r"\bin file \S{0,300}?[/\\](" + KERNEL_LIBRARIES + r")[/\\]")
_TRITON = re.compile(r"\bTriton Error \[(?:CUDA|HIP)\]")


def kernel_library(lines: list[str], error: str) -> str:
    """The kernel library the error ``error`` (a line of ``lines``) comes from, or "": named on the line itself, else
    by the innermost frame of the traceback that ends in it (structure's parser: plain, Rich and IPython tracebacks;
    frames of torch or the user's code name none)."""
    if _TRITON.search(error):
        return "triton"
    m = _IN_FILE.search(error)
    if m:
        return m.group(1)
    from .structure.reader import analyze

    said = error.strip()[:200]
    for tb in analyze(lines).tracebacks:
        if tb.end is not None and tb.frames and said and said in tb.end.text:
            top = (tb.frames[-1].package or "").split("/", 1)[0]
            return top if _LIBRARY.fullmatch(top) else ""
    return ""
