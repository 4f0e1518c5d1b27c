"""Log signatures: packages built for another platform or version (wheels, pins, shared libraries).

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

SIGNATURES: tuple[S, ...] = (
    S(
        id="libamdhip-missing", family="packages", title="libamdhip64 not found",
        severity="fatal", tier=RUNTIME,
        patterns=(r"libamdhip64\.so(?:\.(?P<soname>\d{1,12}))?: cannot open shared object file",),
        needles=("libamdhip64",),
        meaning="A binary was built against another HIP major version (5/6/7) than is installed.",
        causes=(
            C(text="the system ROCm is a different major version than the package expects", check="RD-ROCM-003"),
            C(text="several ROCm versions installed", check="RD-ROCM-002"),
        ),
        fix="Install the package build for this ROCm major version.",
        sources=("https://github.com/mozilla-ai/llamafile/issues/547",),
        examples=("OSError: libamdhip64.so.6: cannot open shared object file: No such file or directory",),
    ),
    S(
        id="version-check-failed", family="packages", title="A pinned version check refused to run",
        severity="fatal", tier=SETUP,
        patterns=(r"is required for a normal functioning of this module, but found (?P<found>\S{1,40})",),
        needles=(
            "is required for a normal functioning",
            "disable_version_check",
        ),
        meaning="A training framework (LLaMA-Factory, transformers) requires other versions of its dependencies.",
        causes=(
            C(text="installed versions outside the framework's pins", check="RD-PIN-001"),
            C(text="packages that break each other's requirements", check="RD-PIN-002"),
        ),
        fix="Install the versions the pin names; DISABLE_VERSION_CHECK=1 only hides it.",
        sources=("https://github.com/hiyouga/LlamaFactory/blob/main/src/llamafactory/extras/misc.py",),
        examples=("ImportError: deepspeed>=0.10.0,<=0.16.9 is required for a normal functioning of this module, but found deepspeed==0.18.3.",),
    ),
    S(
        id="xformers-wrong-build", family="packages", title="xFormers built for another platform",
        severity="warning", tier=SETUP,
        patterns=(r"xFormers can't load C\+\+/CUDA extensions\. xFormers was built for:",),
        needles=("xformers can't load",),
        meaning="The installed xformers wheel does not match this torch (often a CUDA wheel on ROCm).",
        causes=(C(text="xformers built for CUDA or another torch", check="RD-PREC-005", fix="install the ROCm xformers wheel or uninstall it"),),
        fix="Install xformers for this torch's ROCm, or remove it.",
        sources=("https://github.com/facebookresearch/xformers/issues/1026",),
        examples=("WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:",),
    ),
    S(
        id="bitsandbytes-wrong-build", family="packages", title="bitsandbytes native library mismatch",
        severity="fatal", tier=SETUP,
        patterns=(
            r"Could not load bitsandbytes native library: \S{0,120}libbitsandbytes_\w{1,24}\.so",
            "undefined symbol: _Z36__device_stub__kOptimizer32bit1State",
            "(?:ROCm|CUDA) Setup failed despite (?:ROCm|CUDA) being available",
            r"Configured ROCm binary not found at \S{0,120}libbitsandbytes_rocm\d{1,4}\.so",
            r"libbitsandbytes_\w{1,24}\.so: (?:cannot open shared object file|undefined symbol)",
        ),
        needles=(
            "bitsandbytes",
            "kopti",
            "setup failed despite",
            "configured rocm binary",
        ),
        meaning="bitsandbytes was built for another ROCm (or CPU only) than torch.version.hip.",
        causes=(C(text="bitsandbytes built for another platform", check="RD-PREC-005", fix="install the bitsandbytes wheel for this ROCm or set BNB_ROCM_VERSION"),),
        fix="Install the matching bitsandbytes wheel.",
        sources=(
            "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1508",
            "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1550",
        ),
        examples=("Could not load bitsandbytes native library: /usr/lib/python3/site-packages/bitsandbytes/libbitsandbytes_rocm62.so: cannot open shared object file: No such file or directory",),
    ),
    S(
        id="flash-attn-wrong-build", family="packages", title="flash-attn built for another platform",
        severity="error", tier=SETUP,
        patterns=(
            r"flash_attn_2_cuda\S{0,40}: undefined symbol",
            "No module named '?flash_attn_2_cuda'?",
            "FlashAttention2? is not installed|flash_attn.{0,40}is not available",
        ),
        needles=(
            "flash_attn",
            "flashattention",
        ),
        meaning="flash-attn is missing or was built for CUDA/another torch.",
        causes=(
            C(text="a CUDA flash-attn wheel on ROCm, or one built for another torch", check="RD-PREC-005"),
            C(text="no flash-attn kernels for this gfx", check="RD-PREC-004"),
        ),
        fix="Install ROCm flash-attn (CK or Triton backend) for this torch, or use sdpa attention.",
        sources=("https://github.com/ROCm/flash-attention",),
        examples=("ImportError: /usr/lib/python3/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",),
    ),
    S(
        id="torch-cuda-build-on-amd", family="packages", title="torch is a CUDA build on an AMD machine",
        severity="fatal", tier=SETUP,
        patterns=(
            "Found no NVIDIA driver on your system",
            "NVIDIA driver on your system is too old",
            r"libcudart\.so\.\d{1,3}: cannot open shared object file",
        ),
        needles=(
            "nvidia driver",
            "libcudart",
        ),
        meaning="A CUDA torch (or extension) runs on a machine whose GPUs are AMD.",
        causes=(C(text="pip installed the default (CUDA) torch", check="RD-TORCH-001", fix="install torch from the ROCm index (https://download.pytorch.org/whl/rocm6.x)"),),
        fix="Reinstall torch from the ROCm wheel index.",
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/7570",),
        examples=("RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx",),
    ),
)
