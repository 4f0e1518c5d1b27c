"""Native builds: the first compiler or linker error of a failed build, what it built and whose
sources it compiles, and a GPU arch refused by name (by a kernel library or a runtime)."""
from __future__ import annotations

import re

from ..logscan.lines import LogLine
from .shape import Build


# A native build's own error line: a compiler's "file:line:col: error:", a tool's "c++: error:",
# the linker's "ld: cannot find" / "collect2: error" / "lld-link: error", ninja's "FAILED: x.o" and "ninja: error",
# setuptools' "error: command ... failed", CMake's "CMake Error". Indented copies (pip's build output) count too.
_BUILD_ERROR = re.compile(
    r"^\s{0,8}(?:\[[\w.+-]{1,40}\] {1,4})?"  # a super-build's project prefix (TheRock: "[rocBLAS] lld-link: error")
    r"(?:(?P<file>[^\s:]{1,300}\.(?:c|cc|cpp|cxx|cu|hip|hiph|cuh|h|hh|hpp|hxx|inc|cl)):\d{1,7}(?::\d{1,5})?: "
    r"(?:fatal )?error:"
    # MSVC's and clang-cl's form under MSBuild: "C:/x/type_traits(520,12): error G3E10ACFB: ..." ("error C2065:")
    r"|(?:[A-Za-z]:)?[^:()\n]{1,300}\(\d{1,7}(?:,\d{1,5})?\) ?: (?:fatal )?error [A-Z]\w{2,12} ?:"
    r"|(?:\S{0,200}/)?(?:c\+\+|g\+\+|gcc|cc|clang(?:\+\+)?|amdclang(?:\+\+)?|hipcc|nvcc|cc1plus|collect2|"
    r"ld(?:\.\w{1,8})?|lld(?:-link)?|ninja|[\w-]{1,40}-g(?:cc|\+\+))(?:-\d{1,3})?(?:\.exe)?: (?:fatal )?error\b"
    r"|(?:\S{0,200}/)?ld(?:\.\w{1,8})?: cannot find\b"
    r"|FAILED: \S{1,300}\.(?:o|obj|so)\b"
    # ninja 1.12 names the failed edge with its exit code, whatever it builds ("FAILED: [code=255] library/src/...")
    r"|FAILED: \[code=\d{1,4}\] \S"
    r"|error: command '[^']{1,300}' failed with exit (?:status|code)"
    r"|CMake Error\b"
    # a paste whose newlines were lost (a bug tracker's one-line field): CMake's own "at FILE:LINE (" mid-line
    r"|.{1,2000}?\bCMake Error at \S{1,300}:\d{1,7} \("
    # `go generate` stopping on the script it runs (ollama's llm/generate/generate_linux.go builds llama.cpp for ROCm)
    r"|\S{1,300}\.go:\d{1,7}: running \"[^\"]{1,100}\": exit status \d{1,4}"
    # make's own words when the recipe fails or its tool is missing: "make: *** [Makefile:117: hip] Error 1"
    # (localised "错误 1"), "make: /usr/bin/hipcc: No such file or directory"
    r"|make(?:\[\d{1,3}\])?: (?:\*\*\* \[[^\]]{1,300}\] (?:Error|错误|Fehler|Erreur) \d{1,4}|\S{1,300}: "
    r"(?:No such file or directory|Command not found)))")
# The build's first error is a file that is not there: a header ("fatal error: 'x.h' file not found",
# "x.h: No such file or directory"), the compiler itself, a tool: a dev package or a path is missing.
MISSING_FILE = re.compile(r"No such file or directory|file not found|没有那个文件或目录|Command not found|"
                          r"command not found|cannot open source file|Failed to find ROCm root", re.I)
_BUILD_OK = re.compile(r"^\s{0,4}Successfully (?:installed|built) \S")
_BUILD_WHAT = re.compile(r"Building extension module (?P<a>\w{1,80})|Error building extension '(?P<b>\w{1,80})'|"
                         r"Failed building wheel for (?P<c>[\w.-]{1,80})|Building wheel for (?P<d>[\w.-]{1,80})")
# What says the build is DeepSpeed's (its op builders, csrc headers, DS_BUILD_* switches, ds_report).
_DS_BUILD = re.compile(r"deepspeed|op_builder|ds_kernel_utils|\bDS_BUILD_\w|ds_report", re.I)
# The package whose native sources a build compiles, named by a source path of the build ("In file included
# from /src/apex-master/apex/contrib/csrc/x.hip", "-c csrc/flash_attn_ck/mha_fwd.hip", ".../xformers/csrc/...").
# torch's own headers are in every extension's include chain and name no owner.
_BUILD_OWNER = re.compile(r"(?:^|[/\s])(?P<pkg>apex|flash[-_]attn|flash-attention|xformers|bitsandbytes|deepspeed|"
                          r"mamba_ssm|causal[-_]conv1d|auto[-_]gptq|exllamav2|vllm|sgl[-_]kernel|llama[-_]cpp[-_]python)"
                          r"(?:[-_][\w.]{1,40})?/(?:csrc|contrib|include|src|ops|third_party|kernels)/", re.I)
# An arch name next to a refusal, in either order ("gfx1100  is invalid or not supported by Flash-Attention",
# "amdgpu is not supported (supported types:[...])\" gpu_type=gfx906", "no kernel image for gfx1030").
_REFUSAL = r"(?:is not supported|not supported|unsupported|is invalid|not in (?:the )?(?:list of )?supported|no kernels?\b|" \
    r"no (?:code object|binary)|isn't supported|not compiled for|not built for)"
_GFX_REFUSED = re.compile(r"\b(?P<g1>gfx[0-9a-f]{3,4}[a-z]?)\b[^\n]{0,80}?" + _REFUSAL + r"|" + _REFUSAL +
                          r"[^\n]{0,200}?\b(?P<g2>gfx[0-9a-f]{3,4}[a-z]?)\b", re.I)
# A refusal the run goes on from (falls back, skips the iGPU, logs it at INFO/DEBUG) is a note, not the failure.
_GOES_ON = re.compile(r"fall(?:ing|s)?[ -]?back|\bskipp(?:ing|ed)\b|\binstead\b|level=(?:INFO|DEBUG)\b|^\s{0,4}(?:INFO|DEBUG)\b"
                      r"|\[(?:INFO|DEBUG)\]", re.I)
_GPU_TYPE = re.compile(r"\bgpu_type=(?P<g>gfx[0-9a-f]{3,4}[a-z]?)\b", re.I)
# The libraries of GPU kernels (FAMILIES.md: a library built without the GPU's arch is packages).
_KERNEL_LIBRARY = re.compile(r"flash.?attn|flash.?attention|xformers|bitsandbytes|aotriton|\bapex\b|exllama|"
                             r"sageattention|composable.?kernel", re.I)


def _build(lines: list[LogLine], at: int, ds_seen: bool) -> Build:
    """The build failure whose first error line is ``lines[at]``. ninja's "FAILED: x.o" and CMake's
    banner come before the compiler's own error line, which says what went wrong: that one is quoted."""
    if lines[at].text.lstrip().startswith(("FAILED:", "CMake Error")):
        at = next((j for j in range(at + 1, min(len(lines), at + 40)) if _BUILD_ERROR.match(lines[j].text)
                   and not lines[j].text.lstrip().startswith(("FAILED:", "CMake Error"))), at)
    ds = ds_seen or any(_DS_BUILD.search(x.text) for x in lines[max(0, at - 60):at + 60])
    what = next((next(g for g in m.groups() if g) for x in reversed(lines[max(0, at - 200):at + 40])
                 for m in [_BUILD_WHAT.search(x.text)] if m), "")
    return Build(lines[at], ds, what)


def build_owner(lines: list[str]) -> str:
    """The package a failed native build in ``lines`` compiles, when its source paths name one and nothing
    names DeepSpeed's builds ("" otherwise): a header missing from another package's build is that package's."""
    owner = ""
    for t in lines:
        low = t.lower()
        if ("deepspeed" in low or "op_builder" in low or "ds_" in low) and _DS_BUILD.search(t):
            return ""
        if not owner and "/" in t:
            m = _BUILD_OWNER.search(t[:4000])
            if m:
                owner = m.group("pkg").lower().replace("-", "_").replace("flash_attention", "flash_attn")
    return "" if owner == "deepspeed" else owner
