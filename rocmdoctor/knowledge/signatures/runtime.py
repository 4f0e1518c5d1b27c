"""Log signatures: the HIP/HSA runtime and the ROCm libraries (rocBLAS, MIOpen, hipBLASLt, CK).

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

SIGNATURES: tuple[S, ...] = (
    S(
        id="hsa-memory-access-fault", family="runtime", title="Memory access fault by GPU",
        severity="fatal", tier=RUNTIME,
        patterns=(
            r"Memory access fault by GPU node-(?P<node>\d{1,12}) \(Agent handle: 0x[0-9a-f]{1,16}\) on address (?P<address>0x[0-9a-f]{1,16}|\(nil\))\. ?Reason: (?P<reason>[\w ,-]{1,80})",
            r"Memory access fault by GPU node-(?P<node2>\d{1,12})",
        ),
        needles=("memory access fault",),
        meaning=("The user-space view of a GPU page fault: a kernel on that GPU accessed unmapped memory and the "
                 "process aborted."),
        causes=(
            C(text="code built for another GPU running under HSA_OVERRIDE_GFX_VERSION", check="RD-ENV-001", fix="unset HSA_OVERRIDE_GFX_VERSION or set it to this GPU's own family"),
            C(text="the IOMMU translates GPU DMA (peer-to-peer, host-pinned buffers)", check="RD-IOMMU-001"),
            C(text="the torch wheel has no code for this GPU and a fallback ran", check="RD-GFX-002"),
            C(text="a bug in a kernel (out of bounds, use after free; address (nil) = null pointer)"),
        ),
        fix="Rerun with AMD_SERIALIZE_KERNEL=3 HIP_LAUNCH_BLOCKING=1; check the override and IOMMU checks.",
        sources=(
            "https://github.com/ROCm/ROCm/issues/4554",
            "https://github.com/ROCm/ROCm/issues/1535",
            "https://github.com/ROCm/pytorch/issues/797",
        ),
        examples=(
            "Memory access fault by GPU node-1 (Agent handle: 0x1f829860) on address 0x7a8a4be00000. Reason: Page not present or supervisor privilege.",
            "Memory access fault by GPU node-4 (Agent handle: 0x152e220) on address (nil). Reason: Page not present or supervisor privilege.",
        ),
    ),
    S(
        id="hsa-hw-exception-hang", family="runtime", title="HW Exception: GPU hang",
        severity="fatal", tier=RUNTIME,
        patterns=(r"HW Exception by GPU node-(?P<node>\d{1,12}) \(Agent handle: 0x[0-9a-f]{1,16}\) reason ?: ?(?P<reason>GPU Hang|[\w ]{1,40})",),
        needles=("hw exception",),
        meaning="The runtime saw the GPU hang; the kernel log has the matching reset.",
        causes=(
            C(text="a driver/firmware hang (intermittent on MI300X with ZeRO-3)", check="RD-DRV-003"),
            C(text="power, thermals, or an unstable board"),
        ),
        fix="Update driver/firmware and check thermals; workaround: HSA_ENABLE_SDMA=0.",
        sources=(
            "https://github.com/ROCm/ROCm/issues/4021",
            "https://github.com/ROCm/ROCm/issues/5259",
        ),
        examples=("HW Exception by GPU node-2 (Agent handle: 0x55d0c3d1a2b0) reason :GPU Hang",),
    ),
    S(
        id="hsa-out-of-resources", family="runtime", title="HSA_STATUS_ERROR_OUT_OF_RESOURCES",
        severity="fatal", tier=RUNTIME,
        patterns=("HSA_STATUS_ERROR_OUT_OF_RESOURCES",),
        needles=("hsa_status_error_out_of_resources",),
        meaning="The runtime could not get queues, signals or scratch memory, or could not open /dev/kfd.",
        causes=(
            C(text="this user cannot open /dev/kfd", check="RD-PERM-001"),
            C(text="too many HIP processes per GPU", check="RD-ENV-003"),
            C(text="GPU memory exhausted"),
        ),
        fix="Check device permissions and how many processes share each GPU.",
        sources=(
            "https://github.com/ROCm/ROCm/issues/1088",
            "https://github.com/ROCm/ROCmValidationSuite/issues/128",
        ),
        examples=("hipErrorOutOfMemory HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources.",),
    ),
    S(
        id="hsa-status-error", family="runtime", title="HSA runtime error",
        severity="error", tier=RUNTIME,
        patterns=("HSA_STATUS_ERROR_(?P<status>(?!OUT_OF_RESOURCES)[A-Z_]{3,48})",),
        needles=("hsa_status_error",),
        meaning="The HSA runtime (ROCr) returned an error code.",
        causes=(
            C(text="the GPU is not supported by this ROCm", check="RD-GFX-001"),
            C(text="the driver does not match ROCm", check="RD-ROCM-003"),
        ),
        fix="Look up the status name; check the support and version checks.",
        sources=("https://rocm.docs.amd.com/projects/ROCR-Runtime/en/latest/",),
        examples=("HSA_STATUS_ERROR_INVALID_ISA: The instruction set architecture is invalid.",),
    ),
    S(
        id="hip-no-binary-for-gpu", family="runtime", title="No code object for this GPU",
        severity="fatal", tier=RUNTIME,
        patterns=(
            "hipErrorNoBinaryForGpu",
            "Unable to find code object for all current devices",
            "Coud?l?n'?t find binary for current devices",
        ),
        needles=(
            "nobinaryforgpu",
            "code object for all current",
            "binary for current devices",
        ),
        meaning="The binary (torch, a kernel library) carries no code for this GPU's gfx target.",
        causes=(
            C(text="the torch wheel was built without this GPU's gfx", check="RD-GFX-002", fix="install a wheel family that lists this gfx in torch.cuda.get_arch_list()"),
            C(text="HSA_OVERRIDE_GFX_VERSION is missing or wrong for a GPU outside the support list", check="RD-ENV-001"),
            C(text="the GPU is not on this ROCm's support list", check="RD-GFX-001"),
        ),
        fix="Use a torch built for this gfx, or a same-family HSA_OVERRIDE_GFX_VERSION.",
        sources=(
            "https://github.com/ROCm/ROCm/issues/1623",
            "https://github.com/ROCm/tensorflow-upstream/issues/1800",
        ),
        examples=(
            "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!",
            'hip_code_object.cpp:92: guarantee(false && "hipErrorNoBinaryForGpu: Coudn\'t find binary for current devices!")',
        ),
    ),
    S(
        id="hip-invalid-device-function", family="runtime", title="HIP error: invalid device function",
        severity="fatal", tier=RUNTIME,
        patterns=(
            "(?:HIP|CUDA) error: invalid device function",
            "hipErrorInvalidDeviceFunction",
        ),
        needles=(
            "invalid device function",
            "hiperrorinvaliddevicefunction",
        ),
        meaning="A kernel was launched that has no code for this GPU.",
        causes=(
            C(text="the wheel or an extension lacks this gfx", check="RD-GFX-002"),
            C(text="HSA_OVERRIDE_GFX_VERSION maps the GPU to a family whose code does not run on it", check="RD-ENV-001"),
            C(text="an extension (flash-attn, xformers, bitsandbytes) built for another GPU", check="RD-PREC-005"),
        ),
        fix="Rebuild or reinstall the component for this gfx; check PYTORCH_ROCM_ARCH for source builds.",
        sources=("https://github.com/ROCm/ROCm/issues/1623",),
        examples=("RuntimeError: HIP error: invalid device function",),
    ),
    S(
        id="rocblas-tensile-missing", family="runtime", title="rocBLAS has no kernels for this GPU",
        severity="fatal", tier=RUNTIME,
        patterns=(r"rocBLAS error: Cannot read \S{0,200}TensileLibrary\S{0,64}: (?:No such file or directory|Illegal seek)(?: for GPU arch : (?P<gfx>gfx\w{2,6}))?",),
        needles=("tensilelibrary",),
        meaning="rocBLAS was not built for this gfx (gfx906 left the rocm6.4+ wheels).",
        causes=(
            C(text="the GPU is not supported by this ROCm/rocBLAS", check="RD-GFX-001"),
            C(text="the torch wheel family dropped this gfx", check="RD-GFX-002", fix="use a wheel family that still ships it (rocm6.3 for gfx906)"),
            C(text="a wrong HSA_OVERRIDE_GFX_VERSION", check="RD-ENV-001"),
        ),
        fix="Install a torch/ROCm that ships this arch, or a same-family override.",
        sources=(
            "https://github.com/ROCm/rocBLAS/issues/1339",
            "https://github.com/ROCm/rocBLAS/issues/1331",
        ),
        examples=("rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: No such file or directory for GPU arch : gfx1150",),
    ),
    S(
        id="hsa-init-wsl", family="runtime", title="WSL: hsa_init failed",
        severity="fatal", tier=RUNTIME,
        patterns=("hsa_init Failed, possibly no supported GPU devices",),
        needles=("hsa_init failed",),
        meaning="ROCm on WSL could not find the GPU through DXG.",
        causes=(C(text="HSA_ENABLE_DXG_DETECTION=1 missing (needed before ROCm 7.13) or librocdxg absent", check="RD-ENV"),),
        fix="Set HSA_ENABLE_DXG_DETECTION=1 and install librocdxg for WSL.",
        sources=(
            "https://github.com/unslothai/unsloth/issues/9729",
            "https://github.com/ROCm/librocdxg/issues/34",
        ),
        examples=("hsa_init Failed, possibly no supported GPU devices",),
    ),
    S(
        id="hip-no-gpus", family="runtime", title="No HIP GPUs are available",
        severity="fatal", tier=RUNTIME,
        patterns=(
            "No HIP GPUs are available",
            "no ROCm-capable device is detected",
            "hipErrorNoDevice",
        ),
        needles=(
            "no hip gpus",
            "rocm-capable device",
            "hiperrornodevice",
        ),
        meaning="torch's HIP runtime found no GPU it may use.",
        causes=(
            C(text="the container has no /dev/kfd and /dev/dri", check="RD-CTR-001", fix="docker run --device=/dev/kfd --device=/dev/dri"),
            C(text="this user cannot open /dev/kfd", check="RD-PERM-001"),
            C(text="*_VISIBLE_DEVICES hides every GPU", check="RD-ENV-003"),
            C(text="the amdgpu driver is not loaded", check="RD-DRV-001"),
            C(text="a CPU-only or CUDA torch is installed", check="RD-TORCH"),
        ),
        fix="Fix the failing check (device nodes, groups, visible devices, driver).",
        sources=(
            "https://github.com/AlphaMine-Tech/alpha-miner/issues/18",
            "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/install-faq.html",
        ),
        examples=("RuntimeError: No HIP GPUs are available",),
    ),
    S(
        id="miopen-db-missing", family="runtime", title="MIOpen: system tuning database missing (benign)",
        severity="info", tier=NOTE,
        patterns=(r"MIOpen\(HIP\): Warning \[SQLiteBase\] (?:Missing|Unable to read) system database file",),
        needles=("miopen",),
        meaning="Not a failure: the first convolutions are slower while MIOpen tunes.",
        causes=(C(text="benign: no prebuilt tuning database for this CU count"),),
        fix="Nothing to do.",
        sources=(
            "https://github.com/ROCm/MIOpen/issues/1606",
            "https://github.com/pytorch/pytorch/issues/94482",
        ),
        examples=("MIOpen(HIP): Warning [SQLiteBase] Missing system database file: gfx90a6e.kdb Performance may degrade. Please follow instructions to install: https://github.com/ROCmSoftwarePlatform/MIOpen#installing-miopen-kernels-package",),
    ),
    S(
        id="hipblaslt-unsupported", family="runtime", title="hipBLASLt not supported on this GPU",
        severity="warning", tier=NOTE,
        patterns=("Attempting to use hipBLASLt on an? unsupported architecture",),
        needles=("hipblaslt",),
        meaning="torch fell back from hipBLASLt to hipBLAS for GEMMs: slower, not an error.",
        causes=(
            C(text="the GPU has no hipBLASLt kernels (gfx906, gfx908, consumer RDNA)", check="RD-PREC-002", fix="unset TORCH_BLAS_PREFER_HIPBLASLT"),
            C(text="HSA_OVERRIDE_GFX_VERSION makes torch check the wrong arch", check="RD-ENV-001"),
        ),
        fix="Nothing to do unless you set TORCH_BLAS_PREFER_HIPBLASLT=1; unset it.",
        sources=(
            "https://github.com/pytorch/pytorch/issues/138067",
            "https://github.com/ROCm/hipBLASLt/issues/1243",
        ),
        examples=(
            "UserWarning: Attempting to use hipBLASLt on an unsupported architecture! Overriding blas backend to hipblas",
            "[W1016 17:27:46.690175963 Context.cpp:301] Warning: Attempting to use hipBLASLt on an unsupported architecture! Overriding blas backend to hipblas (function operator())",
        ),
    ),
    S(
        id="ck-unsupported", family="runtime", title="Composable Kernel not supported on this GPU",
        severity="warning", tier=NOTE,
        patterns=("Attempting to use CK on an? unsupported architecture",),
        needles=("use ck on",),
        meaning="torch cannot use Composable Kernel here and falls back.",
        causes=(C(text="the GPU has no CK kernels", check="RD-PREC-004"),),
        fix="Nothing to do unless you forced CK.",
        sources=("https://github.com/pytorch/pytorch/pull/128753",),
        examples=("UserWarning: Attempting to use CK on an unsupported architecture! Cannot set backend to CK",),
    ),
    S(
        id="sdpa-no-fused-kernel", family="runtime", title="Fused attention kernel unavailable",
        severity="warning", tier=SETUP,
        patterns=(
            "Torch was not compiled with (?:flash|memory efficient) attention",
            "(?:Memory efficient|Flash attention|Flash Attention) kernel not used because",
            r"No available kernel\. {0,2}Aborting execution",
        ),
        needles=(
            "compiled with flash",
            "compiled with memory efficient",
            "kernel not used because",
            "no available kernel",
        ),
        meaning=("SDPA has no fused kernel for this GPU or shape and fell back to the math path (memory blow-up) "
                 "or aborted."),
        causes=(
            C(text="AOTriton/CK attention does not cover this gfx", check="RD-PREC-004"),
            C(text="the training config asks for an attention implementation the GPU lacks", check="RD-PREC-011"),
        ),
        fix="Use eager/sdpa attention that the GPU has (rocmdoctor recommend), or a head dim <= 256.",
        sources=(
            "https://github.com/pytorch/pytorch/issues/112997",
            "https://github.com/ROCm/TheRock/issues/1094",
        ),
        examples=(
            "UserWarning: Memory efficient kernel not used because: (Triggered internally at ../aten/src/ATen/native/transformers/hip/sdp_utils.cpp:719.)",
            "RuntimeError: No available kernel. Aborting execution.",
        ),
    ),
    S(
        id="expandable-segments-unsupported", family="runtime", title="expandable_segments not supported",
        severity="warning", tier=SETUP,
        patterns=("expandable_segments not supported on this platform",),
        needles=("expandable_segments not supported",),
        meaning="PYTORCH_HIP_ALLOC_CONF=expandable_segments:True is ignored by this torch on ROCm.",
        causes=(C(text="torch too old for expandable segments on ROCm", check="RD-PREC-006", fix="unset PYTORCH_HIP_ALLOC_CONF"),),
        fix="Unset it, or upgrade torch.",
        sources=("https://github.com/pytorch/pytorch/issues/122057",),
        examples=("UserWarning: expandable_segments not supported on this platform (Triggered internally at ../c10/hip/HIPAllocatorConfig.h:28.)",),
    ),
    S(
        id="hip-illegal-address", family="runtime", title="HIP illegal memory access",
        severity="fatal", tier=RUNTIME,
        patterns=(
            "hipErrorIllegalAddress",
            "(?:HIP|CUDA) error: an illegal memory access was encountered",
        ),
        needles=(
            "hiperrorillegaladdress",
            "illegal memory access",
        ),
        meaning="A GPU kernel accessed an invalid address.",
        causes=(
            C(text="PYTORCH_HIP_ALLOC_CONF=expandable_segments:True crashes some ROCm torch builds", check="RD-PREC-006", fix="unset PYTORCH_HIP_ALLOC_CONF"),
            C(text="code built for another GPU under HSA_OVERRIDE_GFX_VERSION", check="RD-ENV-001"),
            C(text="a kernel bug (rerun with AMD_SERIALIZE_KERNEL=3)"),
        ),
        fix="Unset expandable_segments, check the override, then localise with HIP_LAUNCH_BLOCKING=1.",
        sources=("https://github.com/pytorch/pytorch/issues/187343",),
        examples=("RuntimeError: HIP error: an illegal memory access was encountered",),
    ),
    S(
        id="invalid-device-ordinal", family="runtime", title="invalid device ordinal",
        severity="fatal", tier=RUNTIME,
        patterns=("invalid device ordinal",),
        needles=("invalid device ordinal",),
        meaning="A rank asked for a GPU index that does not exist in its visible set.",
        causes=(
            C(text="*_VISIBLE_DEVICES (HIP/ROCR/CUDA) filter the GPUs twice or name missing ones", check="RD-ENV-003"),
            C(text="more ranks per node than visible GPUs"),
        ),
        fix="Set one of HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES, and nproc_per_node <= the visible GPUs.",
        sources=(
            "https://github.com/vllm-project/vllm/issues/4131",
            "https://github.com/ROCm/rccl-tests/pull/74",
        ),
        examples=("RuntimeError: HIP error: invalid device ordinal",),
    ),
)
