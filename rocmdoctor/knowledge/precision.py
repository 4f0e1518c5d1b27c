"""Training-precision knowledge that is not about one GPU: the sources the precision checks
cite, expandable segments, model families that overflow FP16, and GPU packages (xformers,
flash-attn, bitsandbytes) built for another platform.

What each gfx target can do (BF16, FP16, TF32, hipBLASLt, flash kernels) is per-GPU knowledge:
it lives in the GPU knowledge base, read through ``rocmdoctor.knowledge.gpus.precision(gfx)``.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Protocol

from ..base.records import dataclass
from ..base.versions import major_minor, version_tuple

# Documentation and issue links, named once so the GPU rows and the checks cite the same text.
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
T5_FP16_NAN = "https://github.com/huggingface/transformers/pull/10956"  # T5/MT5 inf/nan under amp
T5_BF16_PRETRAINED = "https://github.com/google-research/text-to-text-transfer-transformer/issues/539"
FP16_OVERFLOW_FAMILIES = {
    "qwen2": (QWEN_FP16_NAN, LLAMAFACTORY_FP16_NAN),  # Qwen2, Qwen2.5 (and their -VL/-Math variants)
    # T5 was pretrained with bfloat16 activations: t5-large/3b/11b, v1.1, mT5, Flan-T5 overflow in fp16
    # (transformers#11461, #11735, #23918); the original t5-small/t5-base train in fp16 since the FF clamp
    "t5": (T5_FP16_NAN, T5_BF16_PRETRAINED),
}
_T5 = re.compile(r"^(?:flan-|long-|um|m|by)?t5(?:-v1[-.]1)?-|^(?:switch|ul2)\b")


def fp16_overflow_family(model: str | None) -> str | None:
    """'Qwen/Qwen2.5-7B-Instruct' -> 'qwen2'; None when not a known fp16-overflow family."""
    if not model:
        return None
    name = model.lower().rstrip("/").rsplit("/", 1)[-1].replace("_", "-")
    if re.match(r"qwen-?2(\.5)?\b|qwen-?2(\.5)?-", name) or name.startswith(("qwen2", "qwen-2")):
        return "qwen2"
    if _T5.match(name) and name not in ("t5-small", "t5-base"):
        return "t5"
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


class Dist(Protocol):
    """What these rules read of an installed distribution (facts/python_env.py's Distribution)."""

    name: str
    version: str | None
    requires: tuple[str, ...]
    editable_or_url: bool | None


class TorchBuild(Protocol):
    """What these rules read of torch's build (facts/python_env.py's Torch)."""

    version: str | None
    hip: str | None
    cuda: str | None


def torch_platform(torch: TorchBuild | None) -> str:
    if not torch:
        return "unknown"
    if torch.hip:
        return "rocm"
    if torch.cuda:
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


def _rocm_index(torch: TorchBuild | None) -> str:
    hip = torch.hip if torch is not None else None
    plat, ver = local_tag((torch.version if torch is not None else None) or "")
    mm = major_minor(ver or hip) if plat == "rocm" or hip else ""
    return f"{ROCM_INDEX}rocm{mm}" if mm else ROCM_INDEX


def wheel_problems(distributions: Mapping[str, Dist], torch: TorchBuild | None) -> list[WheelProblem]:
    """Installed GPU packages whose build does not match the installed torch's platform."""
    plat = torch_platform(torch)
    tv = (torch.version if torch is not None else None) or ""
    hip_mm = version_tuple(torch.hip if torch is not None else None)[:2]
    out: list[WheelProblem] = []
    for key in GPU_PACKAGES:
        d = distributions.get(key) or distributions.get(key.replace("-", "_"))
        if not d:
            continue
        name, ver = d.name, str(d.version)
        built, built_ver = local_tag(ver)
        pin = _torch_pin(list(d.requires))

        def add(sev, text, fix):
            out.append(WheelProblem(name, ver, sev, text, fix))  # noqa: B023  (called in this iteration)

        # --no-deps always: these wheels pin torch==X, and a reinstall with dependencies
        # would replace the user's torch.
        reinstall = (f"pip install --no-deps --force-reinstall {key} --index-url {_rocm_index(torch)}"
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
            if built is None and not d.editable_or_url:
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
                    version_tuple(torch.cuda if torch is not None else None)[:1]:
                add("warn", f"{name} {ver} was built for CUDA {built_ver}, torch for CUDA "
                            f"{torch.cuda if torch is not None else None}",
                    f"pip install --no-deps --force-reinstall {key}")
            elif pin and version_tuple(pin)[:3] != version_tuple(tv)[:3]:
                add("fail", f"{name} {ver} requires torch=={pin}, but torch {tv} is installed",
                    f"pip install --no-deps --force-reinstall {key}")
        elif plat == "cpu" and built in ("cuda", "rocm"):
            add("warn", f"{name} {ver} was built for {built.upper()} {built_ver}, but torch {tv} is CPU-only",
                "install a GPU build of torch, or uninstall " + key)
    return out
