"""What each AMD gfx target can do for training precision and attention kernels.

One row per gfx target; every row names the sources that back it (docs/precision.md
renders this table). The rows answer from the architecture, never from the torch API:
``torch.cuda.is_bf16_supported()`` returns True on every ROCm device (pytorch PR #80410).

Fields that depend on the torch/ROCm build (hipBLASLt, AOTriton) give the first ROCm
version whose torch builds list the arch, so a check can compare with torch.version.hip.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# Documentation and issue links, named once so rows and checks cite the same text.
PRECISION_DOC = "https://rocm.docs.amd.com/en/latest/reference/precision-support.html"
GPU_SPECS = "https://rocm.docs.amd.com/en/latest/reference/gpu-specs.html"
BF16_API_ALWAYS_TRUE = "https://github.com/pytorch/pytorch/pull/80410"
BF16_API_EMULATION_ARG = "https://github.com/unslothai/unsloth/pull/7682"
GFX906_BF16_EMULATED = "https://github.com/ROCm/ROCm/issues/855"
XLA_BF16 = "https://github.com/openxla/xla/pull/43910"
HIPBLASLT_FALLBACK = "https://github.com/pytorch/pytorch/pull/128753"
HIPBLASLT_ARCHS = ("https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/cuda/detail/CUDAHooks.cpp"
                   " (getHipblasltSupportedArchs)")
HIPBLASLT_GFX908 = "https://github.com/ROCm/rocm-libraries/issues/780"
HIPBLASLT_FORCE = "https://github.com/pytorch/pytorch/issues/138067"
TF32_ROCM = "https://github.com/pytorch/pytorch/pull/139869"
CK_ARCHS = "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/Context.cpp (Context::ckSupported)"
AOTRITON_GFX908 = "https://github.com/pytorch/pytorch/issues/141958"
AOTRITON_NAVI3 = "https://github.com/pytorch/pytorch/pull/134498"
AOTRITON_GFX1103 = "https://github.com/pytorch/pytorch/pull/168351"
AOTRITON_GFX115X = "https://github.com/pytorch/pytorch/pull/174105"
FLASH_ATTN_README = "https://github.com/Dao-AILab/flash-attention#amd-rocm-support"
QWEN_FP16_NAN = "https://github.com/QwenLM/Qwen3/issues/670"
LLAMAFACTORY_FP16_NAN = "https://github.com/hiyouga/LlamaFactory/issues/4278"
XFORMERS_WHEEL = "https://github.com/facebookresearch/xformers/issues/1070"
BNB_ROCM = "https://github.com/bitsandbytes-foundation/bitsandbytes/pull/1878"
EXPANDABLE_SEGMENTS = "https://github.com/pytorch/pytorch/pull/177974"
EXPANDABLE_SEGMENTS_GATE = "https://github.com/pytorch/pytorch/pull/179930"

# hipblaslt_since "5.0" means every ROCm torch build that has hipBLASLt at all.
# Values of the yes/no-ish columns.
NATIVE, EMULATED, NONE = "native", "emulated", "none"
YES, NO, EXPERIMENTAL = "yes", "no", "experimental"


@dataclass(frozen=True)
class GfxPrecision:
    gfx: str  # "gfx906", or a family pattern such as "gfx10xx" for the fallback rows
    family: str
    example: str  # a product, for messages
    bf16: str  # matrix/dot BF16 in hardware: native | emulated (software) | none
    fp16: str  # how FP16 runs: "matrix" (MFMA/WMMA) or "packed" (2x FP32 vector rate)
    tf32: bool  # XF32/TF32 matrix instructions (MI300 class only)
    hipblaslt_since: str | None  # first ROCm whose torch lists the arch for hipBLASLt; None: never
    ck_flash: bool  # PyTorch's CK flash-attention backend (Context::ckSupported)
    aotriton: str  # torch SDPA flash/mem-efficient via AOTriton: yes | experimental | no
    flash_attn_pkg: tuple[str, ...]  # Dao-AILab flash-attn backends that build for it: "ck", "triton"
    peak_tflops: dict[str, float] | None  # dense peaks of `example` (design notes / AMD specs)
    sources: tuple[str, ...]
    note: str = ""

    @property
    def bf16_native(self) -> bool:
        return self.bf16 == NATIVE


_ROWS = [
    GfxPrecision(
        "gfx900", "GCN5", "Radeon Instinct MI25 / Vega 64", NONE, "packed", False, None, False, NO, (),
        None, (PRECISION_DOC, GPU_SPECS),
        "no matrix cores; dropped from ROCm after 4.5"),
    GfxPrecision(
        "gfx906", "GCN5.1", "Instinct MI50", EMULATED, "packed", False, None, False, NO, (),
        {"fp32": 13.3, "fp16": 26.5}, (PRECISION_DOC, GFX906_BF16_EMULATED, BF16_API_ALWAYS_TRUE, HIPBLASLT_ARCHS),
        "no matrix cores: BF16 runs in software (a Qwen2.5-7B LoRA step took 700+ s in bf16 vs 253 s in "
        "fp16); FP16 runs at twice the FP32 rate through packed math"),
    GfxPrecision(
        "gfx908", "CDNA1", "Instinct MI100", NATIVE, "matrix", False, "6.3", False, NO, (),
        {"fp16": 184.6, "bf16": 92.3}, (PRECISION_DOC, HIPBLASLT_ARCHS, HIPBLASLT_GFX908, AOTRITON_GFX908, CK_ARCHS),
        "BF16 matrix rate is half the FP16 rate; AOTriton and CK flash attention do not cover gfx908"),
    GfxPrecision(
        "gfx90a", "CDNA2", "Instinct MI250X", NATIVE, "matrix", False, "5.0", True, YES, ("ck", "triton"),
        {"fp16": 383.0, "bf16": 383.0}, (PRECISION_DOC, HIPBLASLT_FALLBACK, CK_ARCHS, FLASH_ATTN_README)),
    GfxPrecision(
        "gfx942", "CDNA3", "Instinct MI300X", NATIVE, "matrix", True, "5.0", True, YES, ("ck", "triton"),
        {"fp16": 1307.4, "bf16": 1307.4}, (PRECISION_DOC, HIPBLASLT_FALLBACK, TF32_ROCM, CK_ARCHS, FLASH_ATTN_README),
        "XF32 (TF32-like) matrix math needs HIPBLASLT_ALLOW_TF32=1 on older torch builds"),
    GfxPrecision(
        "gfx950", "CDNA4", "Instinct MI355X", NATIVE, "matrix", False, "7.0", True, YES, ("ck", "triton"),
        None, (PRECISION_DOC, HIPBLASLT_ARCHS, CK_ARCHS, FLASH_ATTN_README),
        "XF32 is listed for MI300 only; treat TF32 flags as no-ops here"),
    GfxPrecision(
        "gfx10xx", "RDNA1/RDNA2", "Radeon RX 6800 XT", NONE, "packed", False, None, False, NO, (),
        None, (PRECISION_DOC, BF16_API_EMULATION_ARG, HIPBLASLT_ARCHS),
        "no BF16 arithmetic: Triton kernels fail with 'Cannot select: intrinsic %llvm.amdgcn.fdot2.bf16.bf16'"),
    GfxPrecision(
        "gfx1100", "RDNA3", "Radeon RX 7900 XTX", NATIVE, "matrix", False, "6.3", False, EXPERIMENTAL, ("triton",),
        {"fp16": 122.8}, (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, AOTRITON_NAVI3, FLASH_ATTN_README),
        "WMMA FP16/BF16; AOTriton SDPA needs TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1"),
    GfxPrecision(
        "gfx1101", "RDNA3", "Radeon RX 7800 XT", NATIVE, "matrix", False, "6.3", False, EXPERIMENTAL, ("triton",),
        None, (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, AOTRITON_NAVI3, FLASH_ATTN_README)),
    GfxPrecision(
        "gfx1102", "RDNA3", "Radeon RX 7600", NATIVE, "matrix", False, None, False, NO, ("triton",),
        None, (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS)),
    GfxPrecision(
        "gfx1103", "RDNA3", "Radeon 780M (iGPU)", NATIVE, "matrix", False, "6.3", False, EXPERIMENTAL, ("triton",),
        None, (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, AOTRITON_GFX1103),
        "AOTriton support from 0.11.1b (newer torch only)"),
    GfxPrecision(
        "gfx1150", "RDNA3.5", "Radeon 890M (iGPU)", NATIVE, "matrix", False, "7.0", False, NO, ("triton",),
        None, (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS)),
    GfxPrecision(
        "gfx1151", "RDNA3.5", "Ryzen AI Max (Strix Halo)", NATIVE, "matrix", False, "7.0", False, EXPERIMENTAL,
        ("triton",), None, (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, AOTRITON_GFX115X),
        "AOTriton support from 0.11.2b (newer torch only)"),
    GfxPrecision(
        "gfx1200", "RDNA4", "Radeon RX 9060 XT", NATIVE, "matrix", False, "6.3", False, EXPERIMENTAL, ("triton",),
        None, (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS),
        "AOTriton marks RDNA4 experimental in the builds seen (unverified per release)"),
    GfxPrecision(
        "gfx1201", "RDNA4", "Radeon RX 9070 XT", NATIVE, "matrix", False, "6.3", False, EXPERIMENTAL, ("triton",),
        None, (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS),
        "AOTriton marks RDNA4 experimental in the builds seen (unverified per release)"),
]

TABLE: dict[str, GfxPrecision] = {r.gfx: r for r in _ROWS}

# Families answered by a pattern when the exact target has no row.
_FAMILY = [(re.compile(r"^gfx10[0-9a-f]{2}$"), "gfx10xx")]


def lookup(gfx: str | None) -> GfxPrecision | None:
    """The row for a gfx target ("gfx90a:sramecc+:xnack-" is accepted); None if unknown."""
    if not gfx:
        return None
    base = gfx.split(":")[0].strip().lower()
    if base in TABLE:
        return TABLE[base]
    for pattern, key in _FAMILY:
        if pattern.match(base):
            return TABLE[key]
    return None


def version_tuple(text: str | None) -> tuple[int, ...]:
    """'6.2.41133-dd7f95766' -> (6, 2, 41133); '2.6.0.dev20240918+rocm6.2' -> (2, 6, 0)."""
    m = re.match(r"\s*(\d+(?:\.\d+)*)", text or "")
    return tuple(int(x) for x in m.group(1).split(".")) if m else ()


def hipblaslt_supported(row: GfxPrecision, hip: str | None) -> bool | None:
    """Whether torch built for ROCm ``hip`` uses hipBLASLt on this arch (None: hip unknown)."""
    if row.hipblaslt_since is None:
        return False
    if not hip:
        return None
    return version_tuple(hip)[:2] >= version_tuple(row.hipblaslt_since)[:2]


# PYTORCH_HIP_ALLOC_CONF=expandable_segments:True printed "not supported on this platform" on
# ROCm until the support landed upstream (PRs #169068, #173330, reland #177974) and was gated to
# ROCm >= 7.0 (#179930). Conservative bounds: torch 2.12 and HIP 7.0.
EXPANDABLE_MIN_TORCH = (2, 12)
EXPANDABLE_MIN_HIP = (7, 0)
# CUDA has had expandable segments since torch 2.1.
EXPANDABLE_MIN_TORCH_CUDA = (2, 1)


def expandable_segments_ok(torch_version: str | None, hip: str | None, cuda: str | None) -> bool:
    tv = version_tuple(torch_version)[:2]
    if hip:
        return tv >= EXPANDABLE_MIN_TORCH and version_tuple(hip)[:2] >= EXPANDABLE_MIN_HIP
    if cuda:
        return tv >= EXPANDABLE_MIN_TORCH_CUDA
    return False


# Model families whose activations overflow FP16 in training (loss 0.0, grad_norm nan).
FP16_OVERFLOW_FAMILIES = {
    "qwen2": (QWEN_FP16_NAN, LLAMAFACTORY_FP16_NAN),  # Qwen2, Qwen2.5 (and their -VL/-Math variants)
}


def fp16_overflow_family(model: str | None) -> str | None:
    """'Qwen/Qwen2.5-7B-Instruct' -> 'qwen2'; None when not a known fp16-overflow family."""
    if not model:
        return None
    name = model.lower().rstrip("/").rsplit("/", 1)[-1].replace("_", "-")
    if re.match(r"qwen-?2(\.5)?\b|qwen-?2(\.5)?-", name) or name.startswith(("qwen2", "qwen-2")):
        return "qwen2"
    return None


# ---------------------------------------------------------------- wheels built for another platform

# Packages whose native code is compiled for one GPU platform (CUDA or a ROCm release).
GPU_PACKAGES = ("xformers", "flash-attn", "bitsandbytes")
ROCM_INDEX = "https://download.pytorch.org/whl/"
BNB_ROCM_PYPI_FROM = (0, 48)  # ROCm left "experimental" around 0.48; 0.50 documents PyPI support


@dataclass(frozen=True)
class WheelProblem:
    package: str
    version: str
    severity: str  # "fail" | "warn"
    text: str
    fix: str  # one command or instruction


def torch_platform(torch: dict | None) -> str:
    if not torch:
        return "unknown"
    if torch.get("hip"):
        return "rocm"
    if torch.get("cuda"):
        return "cuda"
    return "cpu"


def local_tag(version: str) -> tuple[str | None, str | None]:
    """'2.6.3+cu123torch2.4cxx11abiFALSE' -> ('cuda', '12.3'); '0.0.28+rocm6.1' -> ('rocm', '6.1')."""
    if "+" not in version:
        return None, None
    tag = version.split("+", 1)[1].lower()
    m = re.search(r"rocm(\d+(?:\.\d+)*)", tag)
    if m:
        return "rocm", m.group(1)
    m = re.search(r"cu(\d+)", tag)
    if m:
        digits = m.group(1)
        return "cuda", f"{digits[:-1]}.{digits[-1]}" if len(digits) >= 2 else digits
    if tag.startswith("cpu"):
        return "cpu", None
    return None, None


def _torch_pin(requires: list[str]) -> str | None:
    for r in requires or []:
        m = re.match(r"\s*torch\s*==\s*([\w.+]+)\s*(;.*)?$", r)
        if m:
            return m.group(1)
    return None


def _rocm_index(torch: dict) -> str:
    plat, ver = local_tag(torch.get("version", ""))
    mm = ".".join((ver or torch.get("hip") or "").split(".")[:2]) if plat == "rocm" or torch.get("hip") else ""
    return f"{ROCM_INDEX}rocm{mm}" if mm else ROCM_INDEX


def wheel_problems(distributions: dict, torch: dict | None) -> list[WheelProblem]:
    """Installed GPU packages whose build does not match the installed torch's platform."""
    plat = torch_platform(torch)
    tv = (torch or {}).get("version", "")
    hip_mm = version_tuple((torch or {}).get("hip"))[:2]
    out: list[WheelProblem] = []
    for key in GPU_PACKAGES:
        d = distributions.get(key) or distributions.get(key.replace("-", "_"))
        if not d:
            continue
        name, ver = d.get("name", key), str(d.get("version", ""))
        built, built_ver = local_tag(ver)
        pin = _torch_pin(d.get("requires") or [])

        def add(sev, text, fix):
            out.append(WheelProblem(name, ver, sev, text, fix))

        # --no-deps always: these wheels pin torch==X, and a reinstall with dependencies
        # would replace the user's torch.
        reinstall = (f"pip install --no-deps --force-reinstall {key} --index-url {_rocm_index(torch or {})}"
                     if key == "xformers" else
                     "pip uninstall flash-attn, then build it from source against this torch "
                     "(pip install --no-deps flash-attn --no-build-isolation)" if key == "flash-attn" else
                     "pip install --no-deps -U 'bitsandbytes>=0.48'")
        if plat == "rocm":
            if built == "cuda":
                add("fail", f"{name} {ver} was built for CUDA {built_ver}, but torch {tv} is a ROCm build: "
                            "its GPU kernels cannot load", reinstall)
                continue
            if built == "rocm" and built_ver and version_tuple(built_ver)[:2] != hip_mm:
                sev = "warn" if key == "bitsandbytes" else "fail"
                add(sev, f"{name} {ver} was built for ROCm {built_ver}, but torch uses HIP "
                         f"{'.'.join(map(str, hip_mm))} (torch.version.hip)",
                    reinstall + ("; or set BNB_ROCM_VERSION to the library you have" if key == "bitsandbytes" else ""))
                continue
            if pin and version_tuple(pin)[:3] != version_tuple(tv)[:3]:
                add("fail", f"{name} {ver} requires torch=={pin}, but torch {tv} is installed: "
                            "its compiled extensions will not load", reinstall)
                continue
            if built is None and not d.get("editable_or_url"):
                if key == "xformers":
                    add("warn", f"{name} {ver} has no +rocm tag: PyPI xformers wheels are CUDA builds, so its "
                                "attention kernels are probably unavailable (check `python -m xformers.info`)",
                        reinstall)
                elif key == "bitsandbytes" and version_tuple(ver)[:2] < BNB_ROCM_PYPI_FROM:
                    add("warn", f"{name} {ver} predates ROCm support in the PyPI wheels (experimental before "
                                "0.48); it probably ships CUDA libraries only (check `python -m bitsandbytes`)",
                        reinstall)
        elif plat == "cuda":
            if built == "rocm":
                add("fail", f"{name} {ver} was built for ROCm {built_ver}, but torch {tv} is a CUDA build",
                    f"pip install --no-deps --force-reinstall {key}")
            elif built == "cuda" and built_ver and version_tuple(built_ver)[:1] != \
                    version_tuple((torch or {}).get("cuda"))[:1]:
                add("warn", f"{name} {ver} was built for CUDA {built_ver}, torch for CUDA {torch.get('cuda')}",
                    f"pip install --no-deps --force-reinstall {key}")
            elif pin and version_tuple(pin)[:3] != version_tuple(tv)[:3]:
                add("fail", f"{name} {ver} requires torch=={pin}, but torch {tv} is installed",
                    f"pip install --no-deps --force-reinstall {key}")
        elif plat == "cpu" and built in ("cuda", "rocm"):
            add("warn", f"{name} {ver} was built for {built.upper()} {built_ver}, but torch {tv} is CPU-only",
                "install a GPU build of torch, or uninstall " + key)
    return out


# ---------------------------------------------------------------- docs/precision.md

def render_table() -> str:
    """The table as Markdown; docs/precision.md embeds it (a test keeps them in step)."""
    head = ("| gfx | family | example | BF16 | FP16 | TF32/XF32 | hipBLASLt in torch | CK flash | AOTriton SDPA "
            "| flash-attn pkg | peak TFLOP/s | sources |\n|" + "---|" * 12 + "\n")
    rows = []
    for r in _ROWS:
        peaks = ", ".join(f"{k} {v:g}" for k, v in (r.peak_tflops or {}).items()) or "—"
        hb = "no" if r.hipblaslt_since is None else ("yes" if r.hipblaslt_since == "5.0" else f"ROCm ≥ {r.hipblaslt_since}")
        srcs = " ".join(f"[{i + 1}]({u.split(' ')[0]})" for i, u in enumerate(r.sources))
        rows.append(f"| {r.gfx} | {r.family} | {r.example} | {r.bf16} | {r.fp16} | {'yes' if r.tf32 else 'no'} "
                    f"| {hb} | {'yes' if r.ck_flash else 'no'} | {r.aotriton} | {', '.join(r.flash_attn_pkg) or 'none'} "
                    f"| {peaks} | {srcs} |")
    notes = [f"- **{r.gfx}**: {r.note}" for r in _ROWS if r.note]
    return head + "\n".join(rows) + "\n\nNotes:\n\n" + "\n".join(notes) + "\n"
