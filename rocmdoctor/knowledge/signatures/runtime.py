"""Log signatures: the HIP/HSA runtime and the ROCm libraries (rocBLAS, MIOpen, hipBLASLt, CK).

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

SIGNATURES: tuple[S, ...] = (
    # ROCr's handler for a memory error event the driver reports on an allocation (not a page fault): "Memory in
    # use" when the driver refuses to unmap or free memory the GPU still maps; the runtime aborts the process
    S(
        id="hsa-memory-critical-error", family="runtime", title="ROCm runtime aborted on a memory error (memory in use)",
        severity="fatal", tier=RUNTIME,
        patterns=(r"Memory critical error by agent node-(?P<node>\d{1,12}|[A-Za-z]{1,2}\b) \(Agent handle: "
                  r"0x[0-9a-f]{1,16}\) on address (?:0x[0-9a-f]{1,16}|\(nil\))\. ?Reason: (?P<reason>[\w ,-]{1,80})",),
        needles=("memory critical error by agent",),
        meaning=("The ROCm runtime (ROCr) got a memory error event from the amdgpu driver for one of its allocations, "
                 "not a fault of a kernel: with \"Memory in use\" the driver refused to unmap or free memory the GPU "
                 "still had mapped, and the runtime aborted the process. It follows a runtime and driver pair that "
                 "disagree (a ROCm user space newer than the kernel driver, APUs on new ROCm releases) or code run "
                 "for another GPU."),
        causes=(
            C(text="the ROCm user space and the amdgpu kernel driver are releases apart", check="RD-ROCM-003",
              fix="use the ROCm release the installed driver supports, or update the kernel driver"),
            C(text="code built for another GPU running under HSA_OVERRIDE_GFX_VERSION", check="RD-ENV-001",
              fix="unset HSA_OVERRIDE_GFX_VERSION or set it to this GPU's own family"),
        ),
        fix="Match the ROCm user space to the kernel driver (or update both), and run without an override; rerun "
            "with AMD_LOG_LEVEL=4 to see the allocation it concerns.",
        sources=("https://github.com/containers/ramalama/issues/732",
                 "https://github.com/ROCm/legacy-rocm-build/issues/6182"),
        examples=("Memory critical error by agent node-0 (Agent handle: 0x10a3dc10) on address 0x7f3c19800000. Reason: "
                  "Memory in use. ",),
        near_misses=("Memory access fault by GPU node-1 (Agent handle: 0x1f829860) on address 0x7a8a4be00000. Reason: "
                     "Page not present or supervisor privilege.",),
    ),
    S(
        id="hsa-memory-access-fault", family="runtime", title="Memory access fault by GPU",
        severity="fatal", tier=RUNTIME,
        patterns=(
            r"Memory access fault by GPU node-(?P<node>\d{1,12}) \(Agent handle: 0x[0-9a-f]{1,16}\) on address (?P<address>0x[0-9a-f]{1,16}|\(nil\))\. ?Reason: (?P<reason>[\w ,-]{1,80})",
            # a user's paste with the numbers written over ("node-N", "node-X", "node-...")
            r"Memory access fault by GPU node-(?P<node2>\d{1,12}|[A-Za-z]{1,2}\b|\.{3}|<\w{1,10}>)",
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
    # ROCr (ROCm 7+) writes a GPU core dump when a kernel raises an exception (a memory access fault, an illegal
    # instruction, a trap) and prints these lines when the dump handler fails (in containers the kernel's pipe
    # core_pattern is not there: rocm-systems#6206). The dump failing is harmless; that the runtime dumps at all
    # means a kernel on the GPU faulted, which is the cause, whether or not the fault line made it into the paste.
    S(
        id="rocr-gpu-coredump", family="runtime", title="A GPU kernel raised an exception (ROCr dumped the GPU core)",
        severity="fatal", tier=RUNTIME,
        patterns=(r"^\s{0,4}GPU core ?dump(?P<what>: execvp failed|: handler exited with error| failed| created)",),
        needles=("gpu coredump", "gpu core dump"),
        meaning=("The ROCm runtime writes a GPU core dump only when a kernel on the GPU raised an exception (memory "
                 "access fault, illegal instruction, trap): a kernel faulted and the process aborts. Whether the dump "
                 "itself was written does not change that."),
        causes=(
            C(text="a bug in a GPU kernel or in the compiler that built it (out of bounds, a miscompiled fusion)"),
            C(text="code built for another GPU running under HSA_OVERRIDE_GFX_VERSION", check="RD-ENV-001"),
            C(text="the torch wheel has no code for this GPU and a fallback ran", check="RD-GFX-002"),
        ),
        fix=("Rerun with AMD_SERIALIZE_KERNEL=3 HIP_LAUNCH_BLOCKING=1 to name the kernel; set "
             "HSA_COREDUMP_PATTERN=/tmp/gpucore.%p to keep the dump for the kernel's developers."),
        sources=("https://github.com/ROCm/rocm-systems/issues/6206",
                 "https://github.com/vllm-project/vllm/pull/47222",
                 "https://github.com/ROCm/rocm-jax/issues/453"),
        examples=("GPU coredump: execvp failed: No such file or directory",
                  "GPU coredump: handler exited with error (status: 1)",
                  "GPU core dump failed"),
        # an issue title about a dump (ollama#11348), and the variable that sets where dumps go: no dump happened
        near_misses=("ROCm GPU core dump with big enough context",
                     'HSA_COREDUMP_PATTERN="/tmp/gpucore.%p"'),
    ),
    S(
        id="hsa-hw-exception-hang", family="runtime", title="HW Exception: GPU hang",
        severity="fatal", tier=RUNTIME,
        patterns=(r"HW Exception by GPU node-(?P<node>\d{1,12}) \(Agent handle: 0x[0-9a-f.]{1,16}\) reason ?: ?(?P<reason>GPU Hang|[\w ]{1,40})",),
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
        examples=("HW Exception by GPU node-2 (Agent handle: 0x55d0c3d1a2b0) reason :GPU Hang",
                  "HW Exception by GPU node-1 (Agent handle: 0x...) reason :GPU Hang"),  # a handle elided in the paste
    ),
    S(
        id="hsa-out-of-resources", family="runtime", title="HSA_STATUS_ERROR_OUT_OF_RESOURCES",
        severity="fatal", tier=RUNTIME,
        # the status by name, or by number as rocminfo and the HIP runtime print it (0x1008 = 4104)
        patterns=("HSA_STATUS_ERROR_OUT_OF_RESOURCES", r"hsa api call failure at[^\n]{0,200}Call returned 4104\b",
                  r"\bhsa_init failed with (?:1008|4104)\b"),
        needles=("hsa_status_error_out_of_resources", "call returned 4104", "hsa_init failed with"),
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
            "https://github.com/ROCm/ROCm-docker/issues/36", "https://github.com/ROCm/hip/issues/3465",
        ),
        examples=("hipErrorOutOfMemory HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources.",
                  "hsa api call failure at line 900, file: /rocmdata/jedwards/git/compute/rocrinfo/rocminfo.cc. Call returned 4104",
                  ":1:rocdevice.cpp            :478 : 7520451468 us: [pid:7786  tid:0x7f36df581440] hsa_init failed with 1008"),
        near_misses=("hsa api call failure at line 900, file: rocminfo.cc. Call returned 4097",),
    ),
    S(
        id="hsa-status-error", family="runtime", title="HSA runtime error",
        severity="error", tier=RUNTIME,
        patterns=("HSA_STATUS_ERROR_(?P<status>(?!OUT_OF_RESOURCES|MEMORY_APERTURE_VIOLATION)[A-Z_]{3,48})",),
        needles=("hsa_status_error",),
        meaning="The HSA runtime (ROCr) returned an error code.",
        causes=(
            C(text="the GPU is not supported by this ROCm", check="RD-GFX-001"),
            C(text="the driver does not match ROCm", check="RD-ROCM-003"),
        ),
        fix="Look up the status name; check the support and version checks.",
        sources=("https://rocm.docs.amd.com/projects/ROCR-Runtime/en/latest/",),
        examples=("HSA_STATUS_ERROR_INVALID_ISA: The instruction set architecture is invalid.",),
        near_misses=("rocdevice.cpp Callback: Queue 0x7fc220400000 aborting with error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to access memory beyond the largest legal address. code: 0x29",),
    ),
    S(
        id="hip-no-binary-for-gpu", family="runtime", title="No code object for this GPU",
        severity="fatal", tier=RUNTIME,
        patterns=(
            "hipErrorNoBinaryForGpu",
            "Unable to find code object for all current devices",
            "Coud?l?n'?t find binary for current devices",
            # hip_fatbin's own line when a library (rocSOLVER, MIOpen, MAGMA) carries no code object for the GPU
            r"Cannot find CO in the bundle(?:\s|$)",  # the library's path on this line or the next
        ),
        needles=(
            "nobinaryforgpu",
            "code object for all current",
            "binary for current devices",
            "find co in the bundle",
        ),
        meaning="The binary (torch, a kernel library) carries no code for this GPU's gfx target.",
        causes=(
            C(text="the torch wheel was built without this GPU's gfx", check="RD-GFX-002", fix="install a wheel family that lists this gfx in torch.cuda.get_arch_list()"),
            C(text="HSA_OVERRIDE_GFX_VERSION is missing or wrong for a GPU outside the support list", check="RD-ENV-001"),
            C(text="the GPU is not on this ROCm's support list", check="RD-GFX-001"),
        ),
        fix="Use a torch built for this gfx, or a same-family HSA_OVERRIDE_GFX_VERSION.",
        supersedes=("hip-runtime-assert",),  # ROCclr's guarantee() that carries this status is this, not a bare assert
        sources=(
            "https://github.com/ROCm/ROCm/issues/1623",
            "https://github.com/ROCm/tensorflow-upstream/issues/1800",
        ),
        examples=(
            "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!",
            'hip_code_object.cpp:92: guarantee(false && "hipErrorNoBinaryForGpu: Coudn\'t find binary for current devices!")',
            "Cannot find CO in the bundle /opt/rocm-6.4.3/lib/librocsolver.so.0.4.60403 ",
            ":1:hip_fatbin.cpp:780 : Cannot find CO in the bundle",  # ROCm/rocm-libraries#8838: the path wraps
        ),
        near_misses=("hip_fatbin.cpp: COMGR API could not find the CO for this GPU device/ISA: amdgcn-amd-amdhsa--gfx1100",),
    ),
    S(
        id="hip-invalid-device-function", family="runtime", title="HIP error: invalid device function",
        severity="fatal", tier=RUNTIME,
        patterns=(
            # ggml prints its backend's name and, in older builds, the error code and source line
            r"(?:HIP|CUDA|ROCm) error(?: \d{1,4} at \S{1,300})?: invalid device function",
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
        id="rocblas-tensile-missing", family="runtime", title="rocBLAS or hipBLASLt has no kernels for this GPU",
        severity="fatal", tier=RUNTIME,
        # rocBLAS follows the error with "List of available TensileLibrary Files :" and one quoted path per line;
        # a paste (or a journal, ollama#9455) that keeps only the list still says rocBLAS found none for this GPU.
        patterns=(r"rocBLAS error: Cannot read \S{0,200}TensileLibrary\S{0,64}: (?:No such file or directory|Illegal seek)(?: for GPU arch : (?P<gfx>gfx\w{2,6}))?",
                  r"List of available TensileLibrary Files",
                  r'^(?:[^"\n]{0,120}: )?"[^"\n]{0,300}/TensileLibrary(?:_lazy)?_(?P<listed>gfx\w{2,6})\.dat"\s*$',
                  # hipBLASLt's own words when its library holds no code object for the GPU (hipBLASLt#251, gfx906)
                  r"\bNo paths matched \S{0,300}\*(?P<gfx2>gfx\w{2,6})\*co\b"),
        needles=("tensilelibrary", "no paths matched"),
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
            "https://github.com/ROCm/AMDMIGraphX/pull/3517",
            "https://github.com/ollama/ollama/issues/9455",
            "https://github.com/ROCm/hipBLASLt/issues/251",
        ),
        examples=("rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: No such file or directory for GPU arch : gfx1150",
                  " List of available TensileLibrary Files :",
                  '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx908.dat"',
                  'Mar 02 06:28:39 ubuntu ollama[1295]: "/usr/local/lib/ollama/rocm/rocblas/library/TensileLibrary_lazy_gfx1030.dat"',
                  "rocblaslt warning: No paths matched /opt/hipBLASLt/build/release/library/../Tensile/library/*gfx906*co. "
                  "Make sure that HIPBLASLT_TENSILE_LIBPATH is set correctly."),
        # a directory listing names the files without rocBLAS's quotes (rocBLAS#1267 asks for `ls -al .../library/`)
        near_misses=("-rw-r--r-- 1 root root 1234 Jan  1 00:00 TensileLibrary_lazy_gfx1030.dat",
                     "/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx1030.dat"),
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
    # torch's c10/hip asks the HIP runtime how many GPUs there are at start; a status other than "no device"
    # (hip-no-gpus) means the runtime found the GPU and cannot use it. torch only warns and the program goes on
    # on the CPU, so the line is a warning in form and the failure of the run's GPU in fact.
    S(
        id="torch-hip-init-error", family="runtime", title="torch could not initialise the HIP runtime",
        severity="fatal", tier=RUNTIME,
        patterns=(
            r"^(?![^\n]{0,600}hipErrorNoDevice)[^\n]{0,300}?Unexpected error from hipGetDeviceCount\(\)"
            r"(?:[^\n]{0,300}?Error (?P<code>\d{1,4}): (?P<status>hipError\w{1,40}))?",
            r"^\s{0,8}Error (?P<code2>\d{1,4}): (?P<status2>hipError(?!NoDevice)\w{1,40}) \(Triggered internally at",
        ),
        needles=("hipgetdevicecount", "triggered internally"),
        meaning=("torch asked the HIP runtime for its GPUs and got an error other than \"no device\": the runtime sees "
                 "the GPU but cannot use it, and torch goes on without a GPU."),
        causes=(
            C(text="the GPU's gfx is not one this torch's ROCm supports (consumer RDNA cards need HSA_OVERRIDE_GFX_VERSION)",
              check="RD-GFX-001"),
            C(text="the ROCm inside the torch wheel does not match the kernel driver (amdgpu-dkms or kernel too old)",
              check="RD-ROCM-003"),
            C(text="this user cannot open /dev/kfd and the render node", check="RD-PERM-001"),
        ),
        fix="Run rocminfo: if it lists the GPU, match torch's ROCm to the driver (or set the documented HSA override).",
        sources=("https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/1122",
                 "https://github.com/ROCm/ROCm/issues/1911"),
        examples=(
            "/home/mint/stable-diffusion-webui/venv/lib/python3.10/site-packages/torch/cuda/__init__.py:83: UserWarning: "
            "**HIP initialization: Unexpected error from hipGetDeviceCount().** Did you run some cuda functions before "
            "calling NumHipDevices() that might have already set an error? Error 101: hipErrorInvalidDevice (Triggered "
            "internally at  ../c10/hip/HIPFunctions.cpp:110.)",
            "Error 101: hipErrorInvalidDevice (Triggered internally at  /var/lib/jenkins/pytorch/c10/hip",
        ),
        # the runtime's own trace of the same call succeeding (AMD_LOG_LEVEL=3), ROCm/pytorch#2730
        near_misses=(":3:hip_device_runtime.cpp   :704 : 46756830742 us:  hipGetDeviceCount: Returned hipSuccess : ",),
    ),
    # rocBLAS found no device to load its Tensile kernels for (Ollama, llama.cpp, torch apps on ROCm): HIP sees no GPU it
    # can use. The corpus's threads split on why: the GPU's gfx outside what the bundled rocBLAS ships (Steam Deck's
    # gfx1033, an iGPU), or /dev/kfd closed to the user (render group); both are its causes, checked on the machine.
    S(
        id="rocblas-tensile-no-devices", family="runtime", title="rocBLAS found no GPU to load its kernels for",
        severity="fatal", tier=RUNTIME,
        patterns=(r"Could not initialize Tensile host:? No devices found",),
        needles=("tensile host",),
        meaning="rocBLAS (inside Ollama, llama.cpp, torch) initialises its GEMM kernels per visible device and found "
                "none: HIP sees no GPU it can run on, so nothing runs on the GPU.",
        causes=(
            C(text="the GPU's gfx is not among the targets the app's bundled ROCm libraries ship (an iGPU, a Steam Deck, "
                   "an older Radeon)", check="RD-GFX-001",
              fix="use a build for this gfx, or HSA_OVERRIDE_GFX_VERSION to the nearest supported one"),
            C(text="this user cannot open /dev/kfd (not in render/video)", check="RD-PERM-001"),
            C(text="the container has no /dev/kfd and /dev/dri", check="RD-CTR-001"),
        ),
        fix="Run rocminfo as the same user (in the same container): no GPU agent means access or the driver; a GPU "
            "agent whose gfx the app does not ship means an override or another build.",
        sources=("https://github.com/ollama/ollama/issues/4798", "https://github.com/ollama/ollama/issues/3243",
                 "https://github.com/oobabooga/textgen/issues/5064"),
        examples=("rocBLAS error: Could not initialize Tensile host: No devices found",
                  'time=2024-10-26T17:52:47.041Z level=ERROR source=sched.go:455 msg="error loading llama server" '
                  'error="llama runner process has terminated: error:Could not initialize Tensile host: No devices '
                  'found"'),
        near_misses=("rocBLAS warning: No paths matched /opt/rocm/lib/rocblas/library/*gfx1033*co.",),
    ),
    S(
        id="hip-no-gpus", family="runtime", title="No HIP GPUs are available",
        severity="fatal", tier=RUNTIME,
        patterns=(
            "No HIP GPUs are available",
            # hipInfo on Windows names its source as <C:\...>: the Windows runtime's case (packages.py)
            r'no ROCm-capable device is detected(?!"?\s{1,3}from file <[A-Za-z]:\\)',
            r"^(?![^\n]{0,300}[A-Za-z]:\\)[^\n]{0,400}?hipErrorNoDevice",
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
        ),
        needles=(
            "compiled with flash",
            "compiled with memory efficient",
            "kernel not used because",
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
    # ---------------------------------------------------------------- grown from the real-world corpus (issue 24)
    S(
        id="hsa-aperture-violation", family="runtime", title="GPU memory access outside the legal range (aperture violation)",
        severity="fatal", tier=RUNTIME,
        patterns=(r"HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION",),
        needles=("aperture_violation",),
        meaning=("A GPU kernel accessed an address beyond the largest legal one and the queue was aborted: the "
                 "same family of causes as 'Memory access fault by GPU' (wrong code for the GPU, IOMMU, a bug)."),
        causes=(
            C(text="code built for another GPU running under HSA_OVERRIDE_GFX_VERSION", check="RD-ENV-001",
              fix="unset HSA_OVERRIDE_GFX_VERSION or set it to this GPU's own family"),
            C(text="the torch wheel has no code for this GPU and a fallback ran", check="RD-GFX-002"),
            C(text="the GPU is not on this ROCm's support list", check="RD-GFX-001"),
            C(text="the IOMMU translates GPU DMA (peer-to-peer, host-pinned buffers)", check="RD-IOMMU-001"),
            C(text="a bug in a kernel (out of bounds); rerun with AMD_SERIALIZE_KERNEL=3 to find it"),
        ),
        fix="Check the override and the wheel's arch list first; then rerun with AMD_SERIALIZE_KERNEL=3.",
        sources=("https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/9283",
                 "https://github.com/parthenon-hpc-lab/parthenon/issues/1101"),
        examples=(":0:rocdevice.cpp            :2673: 1263352162 us: 21870: [tid:0x7f64e3eff640] Device::callbackQueue aborting with error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to access memory beyond the largest legal address. code: 0x29",),
    ),
    S(
        id="cuda-error-quoted", family="runtime", title="A GPU runtime call failed (quoted error)",
        severity="fatal", tier=RUNTIME,
        patterns=(r"Cuda error \S{1,300}:\d{1,6} '(?P<what>[^']{1,80})'",),
        needles=("cuda error",),
        meaning="A HIP/CUDA call in the program failed with the quoted error.",
        causes=(
            C(text="the program's kernels were not built for this GPU ('invalid device function')", check="RD-GFX-002"),
            C(text="HSA_OVERRIDE_GFX_VERSION is wrong for this GPU", check="RD-ENV-001"),
        ),
        fix="Rebuild the program for this GPU's architecture.",
        sources=("https://github.com/simonzhang00/ripser-plusplus/issues/15",),
        examples=("Failed: Cuda error ./ripserplusplus/ripser++.cu:2371 'invalid device function'",),
    ),
    S(
        id="hsa-runtime-init-failed", family="runtime", title="The HSA runtime could not start",
        severity="fatal", tier=RUNTIME,
        patterns=(r"Initializing the hsa runtime failed", r"hsa_init\(\) failed"),
        needles=("hsa runtime failed", "hsa_init() failed"),
        meaning="ROCr could not open the GPU driver interface (/dev/kfd): no GPU work can run.",
        causes=(
            C(text="this user cannot open /dev/kfd and the render nodes", check="RD-PERM-001"),
            C(text="in a container, /dev/kfd and /dev/dri are not passed in", check="RD-CTR-001"),
            C(text="the amdgpu driver is not loaded or /dev/kfd is missing", check="RD-DRV-001"),
        ),
        fix="Make /dev/kfd reachable for this user (groups, --device); load amdgpu.",
        sources=("https://github.com/ROCm/ROCm-docker/issues/34",),
        examples=("Initializing the hsa runtime failed.",),
    ),
    S(
        id="ds-accelerator-cpu", family="runtime", title="No GPU found: DeepSpeed fell back to the CPU",
        severity="error", tier=RUNTIME,
        patterns=(r"Setting accelerator to CPU\. If you have GPU or other accelerator, we were unable to detect it",),
        needles=("setting accelerator to cpu",),
        meaning="DeepSpeed's accelerator detection found no GPU in this process (torch sees none).",
        causes=(
            C(text="the ROCm torch does not see the machine's GPUs", check="RD-TORCH-004"),
            C(text="torch is a CPU-only build on an AMD GPU machine", check="RD-TORCH-002"),
            C(text="this user cannot open /dev/kfd and the render nodes", check="RD-PERM-001"),
        ),
        fix="Make torch see the GPU first (`python -c 'import torch; print(torch.cuda.device_count())'`).",
        sources=("https://github.com/lamikr/rocm_sdk_builder/issues/175",),
        examples=("[2025-02-06 19:55:01,115] [WARNING] [real_accelerator.py:162:get_accelerator] Setting accelerator to CPU. If you have GPU or other accelerator, we were unable to detect it.",),
    ),
    S(
        id="miopen-compile-failed", family="runtime", title="MIOpen could not compile a kernel",
        severity="fatal", tier=RUNTIME,
        patterns=(r"MIOpen\(HIP\): Error \[(?P<stage>Compile|BuildHip|BuildOcl|SetIsaName)\]",
                  r"MIOpen Error: \S{1,200}: Code object build failed"),
        needles=("miopen(hip): error", "code object build failed"),
        meaning=("MIOpen compiles convolution kernels at run time (comgr/hiprtc) and that failed: the compiler "
                 "does not know this GPU's ISA, or the ROCm parts do not match."),
        causes=(
            C(text="the GPU is not on this ROCm's support list (comgr rejects its ISA)", check="RD-GFX-001"),
            C(text="HSA_OVERRIDE_GFX_VERSION is wrong for this GPU", check="RD-ENV-001"),
            C(text="torch's bundled ROCm libraries do not match the system ROCm", check="RD-ROCM-003"),
        ),
        fix="Use a ROCm that supports the GPU (or the right override); MIOPEN_DEBUG_CONV_IMPLICIT_GEMM=0 avoids some kernels.",
        sources=("https://github.com/ryujaehun/pytorch-gpu-benchmark/issues/19", "https://github.com/ROCm/ROCm/issues/2355"),
        examples=("MIOpen(HIP): Error [BuildOcl] comgr status = INVALID_ARGUMENT (2)",
                  "MIOpen Error: /MIOpen/src/hipoc/hipoc_program.cpp:286: Code object build failed. Source: MIOpenIm2d2Col.cl"),
    ),
    S(
        id="miopen-status-error", family="runtime", title="MIOpen returned an error status",
        severity="fatal", tier=RUNTIME,
        patterns=(r"\bmiopenStatus(?P<status>UnknownError|InternalError|BadParm|NotImplemented|AllocFailed)\b",
                  r"MIOpen Error: \S{1,200}: (?P<what>Forward Convolution cannot be executed due to incorrect params)"),
        needles=("miopenstatus", "miopen error"),
        meaning="A convolution/normalisation call into MIOpen failed; the MIOpen lines before it say why.",
        causes=(
            C(text="MIOpen could not build a kernel for this GPU (see 'Code object build failed')", check="RD-GFX-001"),
            C(text="torch's ROCm does not match the system ROCm", check="RD-ROCM-003"),
            C(text="MIOpen's user database on slow or shared storage (open memvfs errors)"),
        ),
        fix="Read the MIOpen(HIP) lines above; MIOPEN_USER_DB_PATH on local disk; a ROCm that supports the GPU.",
        sources=("https://github.com/ROCm/MIOpen/issues/1994", "https://github.com/ROCm/TheRock/issues/1180"),
        examples=("E       RuntimeError: miopenStatusUnknownError",
                  "MIOpen Error: /MIOpen/src/ocl/convolutionocl.cpp:831: Forward Convolution cannot be executed due to incorrect params"),
    ),
    S(
        id="hip-shared-object-init", family="runtime", title="A GPU code object could not be loaded",
        severity="fatal", tier=RUNTIME,
        patterns=(r"hipErrorSharedObject(?:InitFailed|SymbolNotFound)", r"HIP error: shared object initialization failed"),
        needles=("hiperrorsharedobject", "shared object initialization failed"),
        meaning="The runtime could not load a kernel's code object on this GPU.",
        causes=(
            C(text="the torch wheel has no code for this GPU", check="RD-GFX-002"),
            C(text="HSA_OVERRIDE_GFX_VERSION is wrong for this GPU", check="RD-ENV-001"),
            C(text="torch's ROCm does not match the system ROCm", check="RD-ROCM-003"),
        ),
        fix="Install the wheel built for this GPU's architecture; check the override.",
        sources=("https://github.com/ROCm/MIOpen/issues/290", "https://github.com/pytorch/pytorch/issues/119637"),
        examples=("HIP error: shared object initialization failed",),
    ),
    S(
        id="hipblas-not-supported", family="runtime", title="hipBLAS/hipBLASLt does not support this GEMM on this GPU",
        severity="fatal", tier=RUNTIME,
        # llama.cpp's HIP build names the cuBLAS status after its own "ROCm error:" (ggml-cuda.cu)
        patterns=(r"HIPBLAS_STATUS_NOT_SUPPORTED", r"ROCm error: CUBLAS_STATUS_NOT_SUPPORTED"),
        needles=("hipblas_status_not_supported", "rocm error: cublas_status_not_supported"),
        meaning="The BLAS backend torch chose (often hipBLASLt) has no kernel for this GPU or this shape/dtype.",
        causes=(
            C(text="hipBLASLt does not cover this GPU (torch falls back only when it knows)", check="RD-PREC-002",
              fix="export TORCH_BLAS_PREFER_HIPBLASLT=0"),
            C(text="the requested dtype is not native on these GPUs", check="RD-PREC-010"),
        ),
        fix="TORCH_BLAS_PREFER_HIPBLASLT=0 (torch >= 2.4) to use hipBLAS/rocBLAS instead.",
        sources=("https://github.com/Comfy-Org/ComfyUI/issues/3698", "https://github.com/pytorch/pytorch/issues/150016"),
        examples=("RuntimeError: CUDA error: HIPBLAS_STATUS_NOT_SUPPORTED when calling `HIPBLAS_STATUS_NOT_SUPPORTED`",
                  "ROCm error: CUBLAS_STATUS_NOT_SUPPORTED"),
    ),
    S(
        id="hip-no-kernel-image", family="runtime", title="No kernel image for this GPU",
        severity="fatal", tier=RUNTIME,
        patterns=(r"no kernel image is available for execution on the device", r"device kernel image is invalid"),
        needles=("no kernel image is available", "kernel image is invalid"),
        meaning="The binary (torch, Triton, an extension) has no code object this GPU can run.",
        causes=(
            C(text="the torch wheel has no code for this GPU", check="RD-GFX-002"),
            C(text="HSA_OVERRIDE_GFX_VERSION is missing or wrong for this GPU", check="RD-ENV-001"),
            C(text="PYTORCH_ROCM_ARCH did not cover this GPU when an extension was built", check="RD-ENV-002"),
            C(text="the GPU is not on this ROCm's support list", check="RD-GFX-001"),
        ),
        fix="Install the wheel built for this GPU's gfx (or the right override for a consumer GPU).",
        sources=("https://github.com/ROCm/ROCm/issues/4728", "https://github.com/lamikr/rocm_sdk_builder/issues/228",
                 "https://github.com/pytorch/pytorch/issues/147838"),
        examples=("RuntimeError: HIP error: no kernel image is available for execution on the device",
                  "torch._inductor.exc.InductorError: RuntimeError: Triton Error [HIP]:  Code: 209, Messsage: no kernel image is available for execution on the device"),
    ),
    S(
        id="miopen-db-unreadable", family="runtime", title="MIOpen cannot open its database (memvfs)",
        severity="warning", tier=SETUP,
        patterns=(r"open memvfs: unable to open database file",),
        needles=("open memvfs",),
        meaning="MIOpen's performance database could not be opened (slow or shared storage, concurrent access); it may then fail.",
        causes=(C(text="the MIOpen user database on network or shared storage, or read-only"),),
        fix="Point MIOPEN_USER_DB_PATH (and MIOPEN_CUSTOM_CACHE_DIR) at local disk, one per rank.",
        sources=("https://github.com/pytorch/pytorch/issues/60477",),
        examples=("MIOpen(HIP): Warning [FindWinogradSolutions] /MIOpen/src/sqlite_db.cpp:109: open memvfs: unable to open database file",),
    ),
    # MIOpen keeps its user performance database, kernel cache (SQLite) and interim code objects on disk; where that
    # storage cannot be written or is shared by concurrent jobs (a read-only home in a container, NFS under Slurm, a
    # mounted drive), its boost::filesystem calls throw and abort the process, or SQLite reports a broken database.
    S(
        id="miopen-cache-unusable", family="runtime", title="MIOpen cannot use its database or cache on disk",
        severity="error", tier=SETUP,
        patterns=(r"boost::filesystem::\w{1,30}:[^\n]{0,300}?miopen",
                  r"(?:sqlite_db\.cpp|kern_db\.hpp|miopen)[^\n]{0,300}?Internal error while accessing SQLite database: "
                  r"(?:disk I/O error|database disk image is malformed|database is locked|unable to open|attempt to write)"),
        needles=("boost::filesystem", "internal error while accessing sqlite"),
        meaning=("MIOpen could not read or write its on-disk state (the user performance database, the SQLite kernel "
                 "cache or its temporary code objects), so the convolution it was compiling or tuning failed."),
        causes=(
            C(text="the user database/cache directory (~/.config/miopen, ~/.cache/miopen) is not writable here "
                   "(a container or Singularity image with a read-only home, another user's files)",
              fix="point MIOPEN_USER_DB_PATH and MIOPEN_CUSTOM_CACHE_DIR at a writable local directory"),
            C(text="one cache shared by concurrent jobs or ranks on network storage (NFS/Lustre under Slurm)",
              fix="give each job its own MIOPEN_USER_DB_PATH/MIOPEN_CUSTOM_CACHE_DIR on local disk (e.g. $TMPDIR)"),
            C(text="the temporary directory MIOpen builds in is on a filesystem it cannot clean (a mounted drive)",
              fix="point TMPDIR at local storage"),
        ),
        fix="Point MIOPEN_USER_DB_PATH and MIOPEN_CUSTOM_CACHE_DIR at a writable local directory, one per job.",
        sources=("https://github.com/ROCm/MIOpen/issues/1878", "https://github.com/ROCm/MIOpen/issues/1427",
                 "https://github.com/ROCm/tensorflow-upstream/issues/1419"),
        examples=('  what():  boost::filesystem::remove: Directory not empty [system:39]: '
                  '"/mnt/I/RVC_ROCM/TEMP/miopen-interim-hsaco-14f9-265d-b201-680e"',
                  "MIOpen(HIP): Warning [FindWinogradSolutions] /root/driver/MLOpen/src/sqlite_db.cpp:212: Internal error "
                  "while accessing SQLite database: disk I/O error",
                  "/data/driver/MLOpen/src/include/miopen/kern_db.hpp:147: Internal error while accessing SQLite database: "
                  "database disk image is malformed"),
        near_misses=("MIOpen(HIP): Warning [SQLiteBase] Unable to read system database file:/opt/rocm/miopen/share/miopen/db/"
                     "gfx906_60.kdb Performance may degrade",
                     "  what():  boost::filesystem::create_directories: Permission denied: \"/var/lib/app/models\""),
    ),
    S(
        id="gpu-count-zero", family="runtime", title="The program counted no GPU",
        severity="error", tier=RUNTIME,
        patterns=(r"^GPU count:\s{1,4}0\s{0,4}$",),
        needles=("gpu count:",),
        meaning="The benchmark/trainer asked torch for its GPUs and got none.",
        causes=(
            C(text="the ROCm torch does not see the machine's GPUs", check="RD-TORCH-004"),
            C(text="this user cannot open /dev/kfd and the render nodes", check="RD-PERM-001"),
        ),
        fix="Make `rocminfo` and torch list the GPU for this user first.",
        sources=("https://github.com/lamikr/rocm_sdk_builder/issues/175",),
        examples=("GPU count:  0",),
    ),
    S(
        id="app-gpu-arch-unsupported", family="runtime",
        title="The application skips the GPU: its gfx is not in the ROCm libraries it ships",
        severity="error", tier=RUNTIME,
        # An empty supported list is another cause (app-rocm-libs-missing in packages.py): no libraries at all.
        patterns=(r'msg="amdgpu is not supported(?![^\n]{0,400}supported[ _]types[:=]\s{0,2}\[\])[^"]{0,600}"[^\n]{0,200}?'
                  r'gpu_type=(?P<gfx>gfx[0-9a-f]{3,5})',
                  # older releases: "amdgpu [0] gfx1010 is not supported by /tmp/ollama123/rocm [gfx1030 ...]"
                  r"amdgpu \[\d{1,3}\] (?P<gfx2>gfx[0-9a-f]{3,5}) is not supported by \S{1,300} \[(?!\])"),
        needles=("amdgpu is not supported", "is not supported by"),
        meaning=("Ollama (and builds like it) found the GPU but its gfx is not among the architectures of the "
                 "ROCm libraries it bundles, so it runs on the CPU."),
        causes=(
            C(text="HSA_OVERRIDE_GFX_VERSION is missing or wrong for a GPU outside the support list", check="RD-ENV-001"),
            C(text="the GPU is not on this ROCm's support list", check="RD-GFX-001"),
        ),
        fix="Set HSA_OVERRIDE_GFX_VERSION to the nearest supported gfx of the same family, or use a build for this gfx.",
        sources=("https://github.com/likelovewant/ollama-for-amd/issues/14",
                 "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"),
        examples=('time=2024-08-09T00:25:59.172+08:00 level=WARN source=amd_windows.go:97 msg="amdgpu is not supported" '
                  'gpu=0 gpu_type=gfx1031 library=C:\\Users\\Administrator\\AppData\\Local\\Programs\\Ollama\\rocm '
                  'supported_types=[gfx1103]',),
        near_misses=('time=2024-08-13T16:46:10.463+08:00 level=INFO source=amd_linux.go:348 msg="skipping rocm gfx '
                     'compatibility check" HSA_OVERRIDE_GFX_VERSION=9.0.0',),
    ),
    S(
        id="app-no-compatible-gpu", family="runtime", title="The application found no GPU it can use and runs on the CPU",
        # The outcome of GPU discovery: it follows whatever excluded the GPU (permissions, an unsupported
        # gfx) when the log shows that, and is the answer only when it does not.
        severity="error", tier=CONSEQUENCE,
        # Ollama 0.12 and later no longer say it in words: the one "inference compute" it lists is the CPU, and it
        # enters low-VRAM mode with 0 B of VRAM
        # (a summary pasted without msg=: "inference compute id=cpu library=cpu", total_vram="0 B"); LM Studio's
        # runtime survey: its ROCm engine lists the targets it has and finds no GPU among them
        patterns=(r"no compatible GPUs were discovered", r'inference compute"?\s{1,4}id=cpu\s{1,4}library=cpu\b',
                  r'msg="entering low vram mode" "total vram"="0 B"', r'\btotal_vram="0 B"',
                  r"No (?:ROCm|HIP|AMD|CUDA|Vulkan) GPUs? detected of supported targets"),
        needles=("no compatible gpus", "library=cpu", '"total vram"="0 b"', 'total_vram="0 b"',
                 "detected of supported targets"),
        meaning=("Ollama looked for GPUs and found none it can use (none visible to ROCm, or every one outside its "
                 "supported gfx list), so inference falls back to the CPU."),
        causes=(
            C(text="the GPU is not on this ROCm's support list", check="RD-GFX-001"),
            C(text="HSA_OVERRIDE_GFX_VERSION is missing or wrong for a GPU outside the support list", check="RD-ENV-001"),
            C(text="no AMD GPU is visible to ROCm (driver, permissions)", check="RD-GPU-001"),
        ),
        fix="Check that ROCm sees the GPU (rocminfo) and that its gfx is supported or overridden to a supported one.",
        sources=("https://github.com/ollama/ollama/issues/7016", "https://github.com/ollama/ollama/issues/12903",
                 "https://github.com/ollama/ollama/issues/14927",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1903"),
        examples=('time=2024-09-28T02:43:51.744+02:00 level=INFO source=gpu.go:347 msg="no compatible GPUs were discovered"',
                  'time=2025-11-01T15:21:35.202-04:00 level=INFO source=types.go:60 msg="inference compute" id=cpu '
                  'library=cpu compute="" name=cpu description=cpu libdirs=ollama driver="" pci_id="" type="" '
                  'total="7.7 GiB" available="4.8 GiB"',
                  'time=2025-11-01T15:21:35.202-04:00 level=INFO source=routes.go:1618 msg="entering low vram mode" '
                  '"total vram"="0 B" threshold="20.0 GiB"',
                  "inference compute id=cpu library=cpu", 'total_vram="0 B"',
                  '"message": "No ROCm GPUs detected of supported targets: gfx1030, gfx1100, gfx1101, gfx1102, '
                  'gfx1151, gfx1200, gfx1201"'),
        near_misses=('time=2024-09-28T02:43:51.626+02:00 level=INFO source=gpu.go:199 msg="looking for compatible GPUs"',),
    ),
    S(
        id="app-gpu-discovery-crashed", family="runtime",
        title="The application's GPU runner crashed while probing the GPU, so it runs on the CPU",
        # Ollama 0.12.4 and later probe each backend in a child runner; a ROCm runner that dies on the GPU (a gfx its
        # bundled ROCm no longer builds for: Vega 10, MI50; an iGPU or RDNA2 card that needs an override) is skipped
        severity="error", tier=RUNTIME,
        # (the runner of another library, CUDA's or Vulkan's, named on the same line, crashed: not the ROCm one)
        patterns=(r'msg="failure during GPU discovery"(?![^\n]{0,600}(?:/cuda_v\d|/vulkan|library=(?:CUDA|Vulkan)))',),
        needles=("failure during gpu discovery",),
        meaning=("Ollama starts a runner per GPU library to discover the GPUs; the ROCm runner crashed (or timed "
                 "out) while it initialised the GPU, so Ollama leaves the GPU out and offloads nothing to it."),
        causes=(
            C(text="the GPU's gfx is not among those the bundled ROCm libraries are built for (gfx900/gfx906 after "
                   "Ollama 0.12.3, iGPUs such as gfx1103, RDNA2 cards such as gfx1031)", check="RD-GFX-001"),
            C(text="HSA_OVERRIDE_GFX_VERSION is missing or wrong for a GPU outside the support list", check="RD-ENV-001",
              fix="set HSA_OVERRIDE_GFX_VERSION to the nearest supported gfx of the same family (11.0.2 for gfx1103)"),
        ),
        fix=("Run with OLLAMA_DEBUG=1 to see the runner's error; set a same-family HSA_OVERRIDE_GFX_VERSION, or use the "
             "last release whose ROCm libraries carry this gfx."),
        sources=("https://github.com/ollama/ollama/issues/12774", "https://github.com/ollama/ollama/issues/12915",
                 "https://github.com/ollama/ollama/issues/13070"),
        examples=('time=2025-10-18T11:44:41.845+02:00 level=INFO source=runner.go:545 msg="failure during GPU discovery" '
                  'OLLAMA_LIBRARY_PATH="[/usr/local/lib/ollama /usr/local/lib/ollama/rocm]" '
                  'extra_envs="[GGML_CUDA_INIT=1 ROCR_VISIBLE_DEVICES=0]" error="runner crashed"',),
        near_misses=('time=2025-10-18T11:44:39.363+02:00 level=INFO source=runner.go:80 msg="discovering available GPUs..."',
                     'time=2025-11-01T15:21:31.738-04:00 level=INFO source=runner.go:545 msg="failure during GPU discovery" '
                     'OLLAMA_LIBRARY_PATH="[/usr/local/lib/ollama /usr/local/lib/ollama/cuda_v13]" error="runner crashed"'),
    ),
    # An application or library refusing the GPU's gfx in its own words, at run time: the gfx name next to
    # a refusal ("gfx906 is not supported", "unsupported target: 'gfx906'", "not supported on gfx1100",
    # "requires gfx950 (CDNA4), got gfx942"). A kernel library refusing at build time (Tensile, flash-attention's
    # setup, aiter's arch table) is gpu-lib-arch-unsupported (packages.py), so build vocabulary is excluded here.
    S(
        id="app-gfx-refused", family="runtime", title="The application refuses this GPU's gfx",
        severity="error", tier=RUNTIME,
        patterns=(
            # not a build's refusal, and not a note of a run that goes on (falls back, skips, logs at INFO/DEBUG)
            r"^(?![^\n]{0,300}(?:tensile|flash.?attention|setup\.py|cmake|\bgfx_mapping|fall(?:ing|s)?[ -]?back|skipping"
            r"|\binfo\b|\bdebug\b|miopen))[^\n]{0,300}?"
            r"\b(?P<gfx>gfx[0-9a-f]{3,5})(?::[a-z+-]{1,12}){0,3}['\"\])]{0,3},?\s{1,3}(?:is\s{1,3})?(?:not supported|unsupported)\b",
            r"\bunsupported (?:gpu|target|arch\w{0,8}|device)\s{0,2}[:=]?\s{0,2}['\"]?(?P<gfx2>gfx[0-9a-f]{3,5})\b",
            r"^(?![^\n]{0,300}(?:fall(?:ing|s)?[ -]?back|skipping|\binfo\b|\bdebug\b|miopen))[^\n]{0,300}?"
            r"\bnot supported on (?:the |this |current )?(?:gpu |device |arch\w{0,8} )?['\"]?(?P<gfx3>gfx[0-9a-f]{3,5})\b",
            r"\brequires? (?:an? )?gfx[0-9a-f]{3,5}\b[^\n]{0,60}?,\s{0,2}(?:but )?got (?P<gfx4>gfx[0-9a-f]{3,5})\b",
        ),
        needles=("supported", "requires gfx", "require gfx", "requires a gfx"),
        meaning=("An application (an inference server, a Triton kernel, a model backend) checked the GPU's gfx and "
                 "refused it: it ships or generates no code for this architecture, so it stops or falls back to the CPU."),
        causes=(
            C(text="the GPU is not on this ROCm's (or this application's) support list", check="RD-GFX-001"),
            C(text="HSA_OVERRIDE_GFX_VERSION is missing or wrong for a GPU outside the support list", check="RD-ENV-001",
              fix="set HSA_OVERRIDE_GFX_VERSION to the nearest supported gfx of the same family"),
            C(text="the build was made for other GPUs (PYTORCH_ROCM_ARCH / AMDGPU_TARGETS)", check="RD-GFX-002"),
        ),
        fix="Use a build of the application that lists this gfx, a same-family override, or a backend that supports it.",
        sources=("https://github.com/ollama/ollama/issues/2503", "https://github.com/Said-Akbar/triton-gcn5/issues/4",
                 "https://github.com/vllm-project/vllm/issues/51964"),
        examples=(
            'time=2024-03-15T14:15:29.943-06:00 level=WARN source=amd_linux.go:114 msg="amdgpu [0] gfx1010 is not supported by /tmp/ollama402405963/rocm [gfx1030 gfx1100]"',
            'loc("/home/x670e/vllm/ogvllm/vllm/attention/ops/triton_flash_attn.py":309:0): error: unsupported target: \'gfx906\'',
            "AssertionError: mla_gluon requires gfx950 (CDNA4), got gfx942",
        ),
        near_misses=(
            'time=2025-07-26T11:15:53.149+03:00 level=INFO source=amd_linux.go:296 msg="unsupported Radeon iGPU detected skipping" id=1 total="512.0 MiB"',
            "UserWarning: Attempting to use hipBLASLt on an unsupported architecture! Overriding blas backend to hipblas",
            "INFO 10-15 08:52:52 selector.py:215] flash_attn is not supported on NAVI GPUs.",
            "2025-03-05T21:10:24.2119956Z [hipBLASLt] Tensile::FATAL: Architecture gfx1151 not supported",
            'time=2024-08-09T00:25:59.172+08:00 level=INFO source=amd_linux.go:270 msg="gfx1036 is not supported, skipping iGPU"',
        ),
    ),
    S(
        id="lib-no-kernel-for-gfx", family="runtime", title="A ROCm library has no kernel for this gfx",
        severity="error", tier=RUNTIME,
        patterns=(
            r"No solutions? (?:provided|found) for \S{1,120} with (?P<gfx>gfx[0-9a-f]{3,5})\b",
            r"\bno (?:kernels?|code objects?|solutions?|instances?) (?:found |available |built )?for "
            r"(?:arch(?:itecture)?\s|target\s|device\s)?['\"]?(?P<gfx2>gfx[0-9a-f]{3,5})\b",
        ),
        needles=("no solution", "no kernel", "no code object", "no instance"),
        meaning="A ROCm library (MIGraphX, MIOpen, rocBLAS, CK) was asked for an operation and has no kernel for this gfx.",
        causes=(
            C(text="the library was not built with this gfx (or has no tuned kernels for it)", check="RD-GFX-001"),
            C(text="the torch/library build lacks this gfx", check="RD-GFX-002"),
            C(text="HSA_OVERRIDE_GFX_VERSION is missing or wrong for this GPU", check="RD-ENV-001"),
        ),
        fix="Update the library to a release built for this gfx, or run the operation on a backend that supports it.",
        sources=("https://github.com/pnikolic-amd/ComfyUI_MIGraphX/issues/11",),
        examples=("RuntimeError: /src/AMDMIGraphX/src/targets/gpu/compile_ops.cpp:147: add_compiles: No solutions provided for gpu::mlir_op with gfx1100\t42\t-t f32",),
        near_misses=("INFO: no solution found in the user database for this shape, searching",),
    ),
    # A C assert() in the HIP runtime's own sources (hipamd, clr, rocclr): the runtime hit a state it does not
    # handle, most often initialising on a GPU or device nodes it cannot use. The file path names the
    # component; a Python AssertionError or an assert in another library is not this. ROCclr's own check
    # macro prints `file.cpp:N: guarantee(<cond>)` (hip_fatbin.cpp "Cannot unmap file", hip_code_object.cpp);
    # the code-object one (hipErrorNoBinaryForGpu) is hip-no-binary-for-gpu, which supersedes this.
    S(
        id="hip-runtime-assert", family="runtime", title="An assertion failed inside the HIP runtime",
        severity="fatal", tier=RUNTIME,
        patterns=(r"(?:hipamd|/clr/|rocclr|/hip/src/)\S{0,200}\.(?:cpp|hpp|h|cc):\d{1,6}: [^\n]{0,200}?Assertion "
                  r"`(?P<cond>[^`'\n]{1,200})' failed",
                  r"(?:hipamd|/clr/|rocclr|hip-on-vdi|/hip/src/)\S{0,200}\.(?:cpp|hpp|h|cc):\d{1,6}: "
                  r"guarantee\((?P<guarantee>[^\n]{1,200})\)"),
        needles=("assertion `", "guarantee("),
        meaning=("The HIP runtime checked a result of its own and stopped the process (abort, exit code -6): most "
                 "often its initialisation failed (`err == hipSuccess`) on a GPU this ROCm does not support or "
                 "device nodes it cannot open."),
        causes=(
            C(text="the GPU is not on this ROCm's support list (the runtime cannot load code for it)", check="RD-GFX-001"),
            C(text="this user cannot open /dev/kfd and the render nodes", check="RD-PERM-001"),
            C(text="two ROCm installations: the runtime loaded is not the one its libraries expect", check="RD-ROCM-002"),
        ),
        fix="Run `rocminfo` as the same user: it names the GPU the runtime sees (or why it sees none); then the checks named here.",
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/3725", "https://github.com/ROCm/MIOpen/issues/689"),
        examples=("      python: /usr/src/debug/hip-runtime-amd/hipamd-rocm-5.5.1/src/hip_platform.cpp:665: void "
                  "PlatformState::init(): Assertion `err == hipSuccess' failed.",
                  '/src/external/hip-on-vdi/rocclr/hip_fatbin.cpp:39: guarantee(false && "Cannot unmap file")'),
        near_misses=("MIOpenDriver: /home/junliu/MIOpen/src/comgr.cpp:1253: std::string miopen::hiprtc::HiprtcProgram::GetLog"
                     "(const bool): Assertion `buffer.back() == 0' failed.",
                     "2021-01-18 03:13:35.594529: I tensorflow/stream_executor/platform/default/dso_loader.cc:48] "
                     "Successfully opened dynamic library libMIOpen.so"),
    ),
    # A GPU kernel's own assert (PyTorch's CUDA_KERNEL_ASSERT, built for HIP as well): an index out of range
    # in the model's inputs, printed once per failing thread with its block and thread.
    S(
        id="device-side-assert", family="runtime", title="A device-side assertion failed in a GPU kernel",
        severity="fatal", tier=RUNTIME,
        patterns=(r"\.(?:cu|hip|cuh):\d{1,6}: \w{1,120}: block: \[\d{1,6},\d{1,6},\d{1,6}\], thread: "
                  r"\[\d{1,6},\d{1,6},\d{1,6}\] Assertion `(?P<cond>[^`'\n]{1,200})` failed",),
        needles=("assertion `",),
        meaning=("A kernel checked its inputs on the GPU and stopped: an index outside the tensor (a token id not in "
                 "the vocabulary, a class label out of range), which the launch then reports as a HIP error."),
        causes=(
            C(text="the data holds an index the model does not have (token ids beyond the embedding size after a "
                   "tokenizer change, labels outside num_classes)",
              fix="check max(input_ids) < vocab_size (resize_token_embeddings after adding tokens) and the labels"),
        ),
        fix="Rerun on the CPU (or with AMD_SERIALIZE_KERNEL=3) to get a Python traceback at the op; fix the index.",
        sources=("https://github.com/deepspeedai/Megatron-DeepSpeed/issues/239", "https://github.com/NVIDIA/garak/issues/199"),
        examples=("/opt/pytorch/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1146: indexSelectLargeIndex: block: "
                  "[420,0,0], thread: [124,0,0] Assertion `srcIndex < srcSelectDimSize` failed.",),
        near_misses=("warning: asserts enabled",),
    ),
    # Ray's report of an actor whose worker process vanished (its connection hit end of file): the process died
    # without a Python exception. Ray lists every way that happens ("(1) ... OOM killer ... (2) ray stop --force
    # ... (3) ... SIGSEGV"), so the sentence is no evidence of memory (Logic-RL#18, verl#2398, simpleRL-reason#98
    # were not OOM); CONSEQUENCE: an OOM kill or a GPU fault printed before it is the cause.
    S(
        id="ray-worker-died", family="runtime", title="A Ray worker process died without a Python error",
        severity="error", tier=CONSEQUENCE,
        patterns=(r"Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code",),
        needles=("worker unexpectedly exits",),
        meaning=("A Ray worker (a training or inference actor) exited without raising: a native crash (SIGSEGV in a GPU "
                 "library), a kill from outside, or the OOM killer. Ray's message names all three; nothing else in "
                 "the log said which."),
        causes=(
            C(text="the GPU stack crashed the worker (a gfx the torch/ROCm build does not support)", check="RD-GFX-002"),
            C(text="code built for another GPU running under HSA_OVERRIDE_GFX_VERSION", check="RD-ENV-001"),
            C(text="the host's OOM killer (dmesg: 'Out of memory: Killed process')"),
        ),
        fix="Read the dead worker's own log (Ray's session_latest/logs/worker-*.err) and dmesg for the crash or the OOM kill.",
        sources=("https://github.com/ray-project/ray/issues/54580",
                 "https://github.com/Unakar/Logic-RL/issues/18",
                 "https://github.com/verl-project/verl/issues/1485"),
        examples=("The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit detail: "
                  "Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. "
                  "(1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. "
                  "(3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors.",),
        # Ray's memory monitor killing a task is an OOM, said as one
        near_misses=("ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.",),
    ),
    S(
        id="process-segfault-at-end", family="runtime", title="The process crashed with a segmentation fault",
        severity="error", tier=CONSEQUENCE,
        # The shell's job line ("Segmentation fault (core dumped)", with bash's "line N: PID" before it) or
        # Python's faulthandler. Terminal: it is the cause only when the log ends there, and CONSEQUENCE: any
        # error printed before it (an out-of-memory, a kernel fault) outranks it. With nothing else printed, the
        # native crash on ROCm is the GPU stack's (a gfx the build does not support: a1111#13258).
        # (torch's fatal-signal handler prints its own banner, then the C++ frames: "!!!!!!! Segfault encountered")
        patterns=(r"\bSegmentation fault\b(?:\s{1,16}\(core dumped\))?", r"!{3,} ?Segfault encountered ?!{3,}"),
        needles=("segmentation fault", "segfault encountered"),
        meaning=("A native library crashed the process (SIGSEGV) and nothing before it said why; on ROCm, right after "
                 "a model or a GPU library loads, that is the GPU stack failing on this GPU."),
        causes=(
            C(text="the GPU's gfx is not supported by this ROCm or torch build (an old Polaris/Vega card)", check="RD-GFX-001"),
            C(text="the torch wheel has no code for this GPU, or was built for an older ROCm than the GPU needs", check="RD-GFX-002",
              fix="install the torch ROCm wheel that lists this gfx in torch.cuda.get_arch_list()"),
            C(text="code built for another GPU running under HSA_OVERRIDE_GFX_VERSION", check="RD-ENV-001"),
        ),
        fix=("Run `rocmdoctor scan --select RD-GFX,RD-ENV`; rerun with AMD_LOG_LEVEL=3 or under gdb (`bt`) to see "
             "which library crashed."),
        sources=("https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/13258",
                 "https://github.com/hiyouga/LlamaFactory/issues/5716",
                 "https://github.com/NVIDIA-NeMo/Megatron-Bridge/issues/2355"),
        examples=('./webui.sh: line 255: 17808 Segmentation fault      (core dumped) "${python_cmd}" -u "${LAUNCH_SCRIPT}" "$@"',
                  "Segmentation fault (core dumped)",
                  "Fatal Python error: Segmentation fault",
                  " 93: !!!!!!! Segfault encountered !!!!!!!"),
        near_misses=("Calculating sha256 for /home/cole/ai/stable-diffusion-webui/models/Stable-diffusion/v1-5-pruned-emaonly.safetensors",
                     "segmentation_fault_handler = True"),
        terminal=True,
    ),
    S(
        id="jax-rocm-no-devices", family="runtime", title="JAX's ROCm plugin found no GPU it can use",
        severity="fatal", tier=RUNTIME,
        patterns=(r"no supported devices found for platform ROCM",),
        needles=("no supported devices found for platform",),
        meaning=("jaxlib's ROCm PJRT plugin loaded but accepted none of the GPUs: their gfx is not among the "
                 "targets the plugin was built for, or no GPU is visible to the process."),
        causes=(
            C(text="the GPU's gfx is not a target of the installed jax ROCm build", check="RD-GFX-002"),
            C(text="HIP_VISIBLE_DEVICES/ROCR_VISIBLE_DEVICES hide every GPU", check="RD-ENV-003"),
            C(text="/dev/kfd is not accessible to this user", check="RD-PERM-001"),
        ),
        fix="Install a jax ROCm build (or the rocm/jax image) that lists this gfx, or build jaxlib for it.",
        sources=("https://github.com/ROCm/rocm-jax/issues/132",),
        examples=("jaxlib._jax.XlaRuntimeError: INTERNAL: no supported devices found for platform ROCM",),
        near_misses=("Platform 'rocm' is experimental and not all JAX functionality may be correctly supported!",),
    ),
    S(
        # hipModuleGetFunction looks a kernel up by name in a loaded code object: "named symbol not found" means the
        # code object has no such kernel for this GPU (built for other targets, or without that kernel): hashcat#4611
        id="hip-kernel-symbol-not-found", family="runtime", title="A kernel is missing from the loaded code object",
        severity="fatal", tier=RUNTIME,
        patterns=(r"hipModuleGetFunction\(?\)?[^\n]{0,80}?(?:named symbol not found|hipErrorNotFound)",
                  r"hipErrorNotFound[^\n]{0,40}named symbol not found"),
        needles=("hipmodulegetfunction", "named symbol not found"),
        meaning=("The runtime loaded a code object but found no kernel of that name in it: the binary was built for "
                 "other GPU targets, or a JIT/kernel cache holds code from another build."),
        causes=(
            C(text="the program's kernels were built for other gfx targets than this GPU's", check="RD-GFX-001",
              fix="rebuild for this GPU's gfx (or use the release that lists it)"),
            C(text="an HSA_OVERRIDE_GFX_VERSION makes the runtime pick another target's code", check="RD-ENV-001"),
            C(text="a stale kernel cache from another build or driver", fix="clear the program's kernel cache"),
        ),
        fix="Build (or install the build) for this GPU's gfx target; clear the program's kernel cache.",
        sources=("https://github.com/hashcat/hashcat/issues/4611",
                 "https://rocm.docs.amd.com/projects/HIP/en/latest/reference/error_codes.html"),
        examples=("hipModuleGetFunction(): named symbol not found",
                  "hipErrorNotFound: named symbol not found"),
        # CUDA's own "named symbol not found" (error 500: a driver/WSL mismatch) is not a HIP code object's
        near_misses=("UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Error 500: named symbol not found",),
    ),
    S(
        # A program loading a kernel code object from a file path that is not there: a library that ships prebuilt
        # kernels per GPU target (aiter's `hsa/<gfx>/*.co`) has none for this GPU, or its install misses them.
        id="hip-module-file-not-found", family="runtime", title="A kernel code object file the program loads is missing",
        severity="fatal", tier=RUNTIME,
        patterns=(r"hipModuleLoad\w{0,12}\([^\n]{0,200}(?:\(file not found\)|hipErrorFileNotFound)",),
        needles=("hipmoduleload",),
        meaning=("hipModuleLoad was asked for a code object file that does not exist: the library ships prebuilt "
                 "kernels for some GPU targets only (or its install left them out), and this GPU's is not among them."),
        causes=(
            C(text="the program's kernels were not built for this GPU", check="RD-GFX-002",
              fix="use a build of the library with this GPU's kernels (or build them for its gfx)"),
            C(text="the GPU is not on this ROCm's support list", check="RD-GFX-001"),
        ),
        fix="Install or build the library's kernels for this GPU's gfx target.",
        sources=("https://github.com/ROCm/aiter/issues/2021",),
        examples=("[AITER] /triton/aiter/csrc/include/aiter_hip_common.h:85 fail to call hipModuleLoad(&module, "
                  "hsa_path.c_str()) ---> [HIP error](file not found)",),
        near_misses=("hipModuleLoad(&module, path) succeeded in 3 ms",),
    ),
    S(
        # hipInit's own non-zero return printed by a program (hashcat: "hipInit(): 101"): the HIP runtime found no
        # device it can use (101 hipErrorInvalidDevice, 100 hipErrorNoDevice).
        id="hip-init-failed", family="runtime", title="The HIP runtime did not initialise",
        severity="fatal", tier=RUNTIME,
        patterns=(r"\bhipInit\(\)(?::| returned| failed with)\s{0,4}(?P<code>(?!0\b)\d{1,4})\b",),
        needles=("hipinit()",),
        meaning=("hipInit returned an error: the HIP runtime found no GPU it can use (an unsupported GPU for this "
                 "ROCm, no access to /dev/kfd, or no driver)."),
        causes=(
            C(text="the GPU is not on this ROCm's support list", check="RD-GFX-001"),
            C(text="this user cannot open /dev/kfd and the render nodes", check="RD-PERM-001"),
            C(text="the amdgpu driver is not loaded or /dev/kfd is missing", check="RD-DRV-001"),
        ),
        fix="Check that rocminfo lists the GPU for this user; an older GPU needs the ROCm release that supported it.",
        sources=("https://github.com/hashcat/hashcat/issues/3550",),
        examples=("hipInit(): 101",),
        near_misses=("hipInit(): 0",),
    ),
    # A rank that died of SIGSEGV, as the launchers report it (DeepSpeed's `exits with return code = -11`, torchrun's
    # `failed (exitcode: -11)` and its ChildFailedError summary): the rank printed nothing before it, so the native
    # crash is the cause, as the shell's "Segmentation fault" is (FAMILIES.md: runtime). CONSEQUENCE: an error the
    # rank printed before it outranks it.
    S(
        id="rank-segfault-exit", family="runtime", title="A rank crashed with a segmentation fault (exit code -11)",
        severity="error", tier=CONSEQUENCE,
        patterns=(r"exits with return code = -11\b",
                  r"failed \(exitcode: -11\) local_rank: (?P<local_rank>\d{1,6})",
                  r"^\s{0,8}exitcode\s{0,8}:\s{0,8}-11 \(pid:",
                  r"Signal 11 \(SIGSEGV\) received by PID"),
        needles=("return code = -11", "exitcode: -11", "-11 (pid:", "signal 11 (sigsegv)"),
        meaning=("The launcher saw a rank end on SIGSEGV: a native library (the GPU runtime, a kernel library, an "
                 "extension) crashed the process without a Python error. On ROCm that is most often the GPU stack on a "
                 "GPU or build it does not support."),
        causes=(
            C(text="the GPU's gfx is not supported by this ROCm or torch build", check="RD-GFX-001"),
            C(text="the torch wheel has no code for this GPU", check="RD-GFX-002"),
            C(text="code built for another GPU running under HSA_OVERRIDE_GFX_VERSION", check="RD-ENV-001"),
        ),
        fix=("Run `rocmdoctor scan --select RD-GFX,RD-ENV`; rerun one rank with AMD_LOG_LEVEL=3 or under gdb (`bt`) to "
             "see which library crashed."),
        sources=("https://github.com/deepspeedai/DeepSpeedExamples/issues/626",
                 "https://pytorch.org/docs/stable/elastic/errors.html"),
        examples=("[2023-07-10 04:26:35,999] [ERROR] [launch.py:324:sigkill_handler] ['/usr/bin/python3', '-u', "
                  "'train.py', '--local_rank=1'] exits with return code = -11",
                  "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -11) local_rank: 0 (pid: 2315) "
                  "of binary: /usr/bin/python3",
                  "  traceback : Signal 11 (SIGSEGV) received by PID 2315"),
        near_misses=("[ERROR] [launch.py:324:sigkill_handler] ['python', 'train.py'] exits with return code = -9",
                     "failed (exitcode: -6) local_rank: 0 (pid: 16) of binary: /opt/conda/bin/python"),
    ),
)
