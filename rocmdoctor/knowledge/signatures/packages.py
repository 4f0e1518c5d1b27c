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
    # torch and onnxruntime built for ROCm print hipBLAS's names (HIPBLAS_STATUS_NOT_SUPPORTED: hipblas-not-supported,
    # runtime.py), and llama.cpp's HIP build prints cuBLAS's after its own "ROCm error:" (that one too); cuBLAS's name
    # otherwise, on an AMD machine, is a CUDA build whose cuBLAS calls reach a translation layer (ZLUDA's cuBLAS over
    # rocBLAS) that has no such call or the wrong DLLs
    S(
        id="cublas-not-supported-cuda-build", family="packages",
        title="A CUDA build's cuBLAS call is not supported (a CUDA build, not the ROCm one)",
        severity="fatal", tier=RUNTIME,
        patterns=(r"(?<!ROCm error: )\bCUBLAS_STATUS_NOT_SUPPORTED\b",),
        needles=("cublas_status_not_supported",),
        meaning=("The package is a CUDA build: its GEMM went to cuBLAS. On an AMD GPU that cuBLAS is ZLUDA's (over "
                 "rocBLAS/hipBLASLt), which lacks the call or the type, or is the wrong DLL for this build."),
        causes=(
            C(text="a CUDA build of torch or of the app runs through ZLUDA instead of the ROCm build", check="RD-TORCH-001",
              fix="install the ROCm build of the package (or the ZLUDA release and cuBLAS DLLs the app's AMD guide names)"),
        ),
        fix="Use the ROCm build of the package (torch from a ROCm index, llama.cpp's HIP build), or ZLUDA's matching DLLs.",
        sources=("https://github.com/lshqqytiger/ZLUDA/issues/37", "https://github.com/githubcto/FramePack-ZLUDA/issues/1"),
        examples=("RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasSgemm( handle, opa, opb, m, n, "
                  "k, &alpha, a, lda, b, ldb, &beta, c, ldc)`",),
        near_misses=("RuntimeError: CUDA error: HIPBLAS_STATUS_NOT_SUPPORTED when calling `hipblasLtMatmul`",
                     "ROCm error: CUBLAS_STATUS_NOT_SUPPORTED",),
    ),
    # Ollama lists the gfx targets of the rocBLAS kernels it finds beside it ("supported types:[gfx1103]");
    # an empty list means it found no ROCm libraries at all: whatever the GPU, the install lacks them
    # (the corpus files missing ROCm libraries under packages). A non-empty list without the GPU's gfx
    # is app-gpu-arch-unsupported (runtime.py).
    S(
        id="app-rocm-libs-missing", family="packages", title="The application found no ROCm libraries beside it",
        severity="error", tier=SETUP,
        patterns=(r'amdgpu is not supported[^\n]{0,400}?supported[ _]types[:=]\s{0,2}\[\]',
                  # older releases say it in words, and fall back to the CPU
                  r"amdgpu detected, but no compatible rocm library found",
                  r"unable to verify rocm library[:,] (?:will use cpu|no suitable rocm found)",
                  # Ollama's list of the runners its build carries, CPU ones only (no rocm_v*, no cuda_v*)
                  r'Dynamic LLM libraries \[cpu(?:_avx\d{0,3})?(?:[ ,]{1,2}cpu(?:_avx\d{0,3})?){0,5}\]'),
        needles=("amdgpu is not supported", "no compatible rocm library", "unable to verify rocm library",
                 "dynamic llm libraries"),
        meaning=("Ollama (and builds like it) read the gfx targets of the ROCm libraries in its library folder and found "
                 "none: the bundled rocBLAS/Tensile files are missing or in another folder, so it runs on the CPU."),
        causes=(
            C(text="the application's ROCm libraries (rocblas/library) are missing or not where it looks",
              fix="reinstall the ROCm runtime package of the application (or the ROCm libraries for this gfx) into its lib folder"),
            C(text="the system ROCm install is incomplete", check="RD-ROCM-001"),
        ),
        fix="Install the application's ROCm libraries for this GPU (for Ollama for AMD: the rocblas and library folder for the gfx).",
        sources=("https://github.com/ByronLeeeee/Ollama-For-AMD-Installer/issues/12",
                 "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md",
                 "https://github.com/ollama/ollama/issues/3446"),
        examples=('time=2025-07-29T13:31:47.016+02:00 level=WARN source=amd_windows.go:138 msg="amdgpu is not supported '
                  '(supported types:[])" gpu_type=gfx1100 gpu=0 library=C:\\Ollama\\lib\\ollama\\rocm',
                  # ollama#3446: a build whose runners are CPU ones only: no GPU library to load at all
                  'time=2024-04-01T22:37:03.358-06:00 level=INFO source=payload_common.go:140 msg="Dynamic LLM libraries '
                  '[cpu_avx2 cpu cpu_avx]"',
                  'level=WARN source=amd_linux.go:443 msg="amdgpu detected, but no compatible rocm library found.  Either install '
                  'rocm v6, or follow manual install instructions at https://github.com/ollama/ollama/blob/main/docs/linux.md#manual-install"',
                  'level=WARN source=amd_linux.go:348 msg="unable to verify rocm library: no suitable rocm found, falling back to CPU"'),
        near_misses=('time=2024-08-09T00:25:59.172+08:00 level=WARN source=amd_windows.go:97 msg="amdgpu is not supported" '
                     'gpu=0 gpu_type=gfx1031 library=C:\\Ollama\\rocm supported_types=[gfx1103]',
                     'msg="Dynamic LLM libraries [cpu_avx cpu_avx2 rocm_v5 cpu cuda_v11 rocm_v6]"'),
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
    # Kernels written with NVIDIA's inline PTX (`asm("rcp.approx.f32 ...")`, Triton's inline_asm_elementwise, code
    # torch's inductor generated for CUDA) compiled for an AMD GPU: LLVM's AMDGPU backend knows no PTX register
    # constraint ('f', 'l', 'r') and stops. pytorch#98510 (inductor on MI250), an SGLang kernel audit on gfx942.
    S(
        id="ptx-constraint-on-amdgpu", family="packages", title="A kernel written in NVIDIA's inline PTX, compiled for AMD",
        severity="fatal", tier=SETUP,
        patterns=(r"couldn't allocate (?:output|input) reg(?:ister)? for constraint '(?P<constraint>\w{1,4})'",),
        needles=("for constraint '",),
        meaning=("The compiler was given inline assembly written for NVIDIA GPUs (PTX, with its register constraints) "
                 "while building for an AMD GPU; the AMDGPU backend has no such registers, so the kernel cannot build. "
                 "The package (or the code a compiler generated) has a CUDA-only path here."),
        causes=(
            C(text="a package's Triton or HIP kernels use CUDA inline PTX on this path (a CUDA-only kernel)",
              check="RD-IMG-002", fix="use the package's ROCm build or its ROCm code path (often a flag or env var "
                                      "that disables the custom kernel)"),
        ),
        fix="Take the ROCm build of the package, or switch that kernel off; report the CUDA-only path upstream.",
        sources=("https://github.com/pytorch/pytorch/issues/98510",),
        examples=("error: couldn't allocate output register for constraint 'f'",
                  "**error: couldn't allocate input reg for constraint 'l'"),
        near_misses=("error: couldn't allocate output register",),
    ),
    S(
        id="xformers-wrong-build", family="packages", title="xFormers built for another platform",
        severity="error", tier=SETUP,
        patterns=(r"xFormers can't load C\+\+/CUDA extensions\. xFormers was built for:",),
        needles=("xformers can't load",),
        meaning="The installed xformers wheel does not match this torch (often a CUDA wheel on ROCm).",
        causes=(C(text="xformers built for CUDA or another torch", check="RD-PREC-005", fix="install the ROCm xformers wheel or uninstall it"),),
        fix="Install xformers for this torch's ROCm, or remove it.",
        sources=("https://github.com/facebookresearch/xformers/issues/1026",),
        examples=("WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:",),
    ),
    S(
        # bitsandbytes' CUDA setup (bitsandbytes/cuda_setup/main.py, releases before its ROCm support) speaking on an
        # AMD machine: it looked for libcudart, found none, and gave up (its CPU library loaded: bitsandbytes-cpu-build).
        # On NVIDIA the same
        # module prints "CUDA SETUP: CUDA runtime path found" and "Loading binary ...cuda118.so": near misses below.
        id="bitsandbytes-cuda-setup-failed", family="packages",
        title="bitsandbytes' CUDA setup found no CUDA runtime: a build without ROCm support",
        severity="error", tier=SETUP,
        patterns=(
            r"CUDA[_ ]SETUP: (?:WARNING! (?:libcudart\.so not found|CUDA runtime files not found)|Problem: |Setup Failed!|"
            r"Required library version not found|Something unexpected happened)",
            r"WARNING: CUDA versions lower than 11 are currently not supported for LLM\.int8\(\)",
        ),
        needles=("cuda setup", "cuda_setup", "lower than 11"),
        meaning=("bitsandbytes ran its CUDA setup: the installed release is a CUDA build (or predates ROCm support) and "
                 "found no CUDA runtime, so it loaded its CPU library or failed; on a ROCm torch it may also read the "
                 "HIP version as a CUDA version ('CUDA_VERSION=61')."),
        causes=(C(text="bitsandbytes without ROCm kernels on an AMD GPU", check="RD-PREC-005",
                  fix="install bitsandbytes >= 0.49 (its PyPI wheels carry ROCm kernels) or AMD's ROCm build for this ROCm"),),
        fix="Replace bitsandbytes with a release that ships ROCm kernels for this ROCm, then check `python -m bitsandbytes`.",
        sources=(
            "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/966",
            "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1245",
            "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/47",
        ),
        examples=(
            "CUDA_SETUP: WARNING! libcudart.so not found in any environmental path. Searching in backup paths...",
            "CUDA SETUP: Setup Failed!",
            "WARNING: CUDA versions lower than 11 are currently not supported for LLM.int8().",
        ),
        near_misses=(
            "CUDA SETUP: CUDA runtime path found: /usr/local/cuda/lib64/libcudart.so",
            "CUDA SETUP: Loading binary /opt/conda/lib/python3.10/site-packages/bitsandbytes/libbitsandbytes_cuda118.so...",
            "CUDA SETUP: Highest compute capability among GPUs detected: 8.6",
        ),
    ),
    S(
        id="bitsandbytes-wrong-build", family="packages", title="bitsandbytes native library mismatch",
        severity="fatal", tier=SETUP,
        patterns=(
            r"Could not load bitsandbytes native library: \S{0,120}libbitsandbytes_\w{1,24}\.so",
            "undefined symbol: _Z36__device_stub__kOptimizer32bit1State",
            "(?:ROCm|CUDA) Setup failed despite (?:ROCm|CUDA|GPU) being available",
            r"Configured ROCm binary not found at \S{0,120}libbitsandbytes_rocm\d{1,4}\.so",
            r"libbitsandbytes_\w{1,24}\.so: (?:cannot open shared object file|undefined symbol)",
            # a bitsandbytes release that knows only CUDA reads torch.version.cuda, None on a ROCm torch
            # (InvokeAI PR #7531): its loader's own line, and the frame it fails in
            r"Could not load bitsandbytes native library: 'NoneType' object has no attribute",
            r"bitsandbytes/cuda_specs\.py\S{0,3}, line \d{1,6}, in get_cuda_version",
        ),
        needles=(
            "bitsandbytes",
            "kopti",
            "setup failed despite",
            "configured rocm binary",
        ),
        # the same event as DeepSpeed's torch.version.cuda crash in its words ('NoneType' ... 'split'), when
        # bitsandbytes is the one that read it
        supersedes=("deepspeed-torch-cuda-none",),
        meaning="bitsandbytes was built for another ROCm (or CPU only) than torch.version.hip.",
        causes=(C(text="bitsandbytes built for another platform", check="RD-PREC-005", fix="install the bitsandbytes wheel for this ROCm or set BNB_ROCM_VERSION"),),
        fix="Install the matching bitsandbytes wheel.",
        sources=(
            "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1508",
            "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1550",
        ),
        examples=("Could not load bitsandbytes native library: /usr/lib/python3/site-packages/bitsandbytes/libbitsandbytes_rocm62.so: cannot open shared object file: No such file or directory",
                  "Could not load bitsandbytes native library: 'NoneType' object has no attribute 'split'",
                  '  File "/opt/venv/lib/python3.11/site-packages/bitsandbytes/cuda_specs.py", line 24, in get_cuda_version_tuple'),
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
    # ---------------------------------------------------------------- grown from the real-world corpus (issue 24)
    S(
        id="shared-library-missing", family="packages", title="A shared library a package was built against is missing",
        severity="fatal", tier=SETUP,
        patterns=(r"(?P<lib>lib(?!amdhip64\.so|cudart\.so|bitsandbytes|[rn]ccl-(?:net|profiler|tuner))[\w+-]{1,64}\.so(?:\.\d{1,6}){0,3}): cannot open shared object file",
                  # TensorFlow's loader (hiptensorflow, tensorflow-rocm): "Couldn't open CUDA library libMIOpen.so"
                  r"Couldn't open (?:CUDA|ROCm|HIP) library (?P<lib2>lib[\w+-]{1,64}\.so(?:\.\d{1,6}){0,3})"),
        needles=("cannot open shared object file", "couldn't open cuda library", "couldn't open rocm library",
                 "couldn't open hip library"),
        meaning=("Importing a compiled module failed: it links a library (HIP/HSA/MIOpen/CUDA/torch) this system "
                 "does not have at that version."),
        causes=(
            C(text="the package was built against another ROCm version than the system's", check="RD-ROCM-003"),
            C(text="torch is a CUDA build on this AMD machine (libtorch_cuda, libcudart)", check="RD-TORCH-001"),
            C(text="more than one ROCm is installed and the wrong one is on the library path", check="RD-ROCM-002"),
        ),
        fix="Install the build that matches the system ROCm, or put its ROCm libraries on LD_LIBRARY_PATH.",
        sources=("https://github.com/ROCm/ROCm/issues/1753", "https://github.com/pytorch/pytorch/issues/139410",
                 "https://github.com/ROCm/pytorch/issues/550"),
        examples=("OSError: libhsa-runtime64.so.1: cannot open shared object file: No such file or directory",
                  "ImportError: libhc_am.so.3: cannot open shared object file: No such file or directory",
                  "OSError: libtorch_cuda.so: cannot open shared object file: No such file or directory",
                  "I tensorflow/stream_executor/dso_loader.cc:130] Couldn't open CUDA library libMIOpen.so. LD_LIBRARY_PATH: /opt/rocm/lib"),
        near_misses=("ImportError: libamdhip64.so.7: cannot open shared object file: No such file or directory",
                     "NCCL INFO NET/Plugin : Plugin load (librccl-net.so) returned 2 : librccl-net.so: cannot open shared object file: No such file or directory"),
    ),
    S(
        id="torch-not-compiled-gpu", family="packages", title="torch was built without GPU support",
        severity="fatal", tier=SETUP,
        patterns=(r"Torch not compiled with CUDA enabled",),
        needles=("not compiled with cuda",),
        meaning="The program asked for a GPU but this torch has none compiled in: a CPU-only wheel.",
        causes=(
            C(text="torch is a CPU-only build on an AMD GPU machine", check="RD-TORCH-002"),
            C(text="pip pulled a CPU or CUDA torch over the ROCm one", check="RD-TORCH-001"),
        ),
        fix="Reinstall torch from the ROCm index (pip install torch --index-url https://download.pytorch.org/whl/rocmX.Y).",
        sources=("https://github.com/patientx-cfz/comfyui-rocm/issues/131",),
        examples=("AssertionError: Torch not compiled with CUDA enabled",),
    ),
    S(
        # InvokeAI says which device torch gave it; on an AMD machine "cpu" is torch without ROCm (its launcher or a
        # requirements file pulled a CUDA/CPU wheel) or a GPU it may not open (spent fresh ka-, ob-, kz- InvokeAI logs)
        id="app-runs-on-cpu", family="packages", title="The application runs on the CPU: torch offers it no GPU",
        severity="error", tier=SETUP,
        patterns=(r"(?i)\bUsing (?:torch )?device(?:_type)?\s*[:=]?\s*cpu\b",),
        needles=("using device", "using torch device"),
        meaning="The program asked torch for a GPU and got the CPU: the torch installed has no ROCm build, or it "
                "cannot see or open the GPU.",
        causes=(
            C(text="pip pulled a CPU or CUDA torch over the ROCm one", check="RD-TORCH-001"),
            C(text="torch is a CPU-only build on an AMD GPU machine", check="RD-TORCH-002"),
            C(text="in a container, /dev/kfd and /dev/dri are not passed in", check="RD-CTR-001"),
        ),
        fix="Install torch from the ROCm index into the application's environment (pip install torch --index-url "
            "https://download.pytorch.org/whl/rocmX.Y) and check that it sees the GPU (torch.cuda.is_available()).",
        sources=("https://github.com/invoke-ai/InvokeAI/issues/3527", "https://github.com/invoke-ai/launcher/issues/11"),
        examples=("[2024-12-19 13:27:10,911]::[InvokeAI]::INFO --> Using torch device: CPU",
                  ">> Using device_type cpu"),
        near_misses=("[INFO] VAE load device: cuda:0, offload device: cpu, dtype: torch.bfloat16",
                     "[InvokeAI]::INFO --> Using torch device: AMD Radeon RX 7900 XTX",
                     ">> Using device_type cuda"),
    ),
    S(
        id="distribution-not-found", family="packages", title="A required package version is not installed",
        severity="fatal", tier=SETUP,
        patterns=(r"The '(?P<requirement>[^']{1,200})' distribution was not found and is required by (?P<by>[\w.-]{1,80})",),
        needles=("distribution was not found",),
        meaning="pkg_resources could not find an installed version inside the range a package declares.",
        causes=(
            C(text="installed packages do not satisfy each other's requirements", check="RD-PIN-002"),
            C(text="LLaMA-Factory's pins are not met", check="RD-PIN-001"),
        ),
        fix="Install a version inside the named range.",
        sources=("https://github.com/hiyouga/LlamaFactory/issues/6884",),
        examples=("The 'transformers!=4.46.*,!=4.47.*,!=4.48.0,<=4.48.3,>=4.41.2' distribution was not found and is required by llamafactory",),
    ),
    S(
        id="version-required-wrapped", family="packages", title="A pinned version check refused to run",
        severity="fatal", tier=SETUP,
        patterns=(r"(?P<requirement>[\w.-]{1,64}[<>=!~][^\s,]{1,80}(?:,[<>=!~][^\s,]{1,40}){0,6}) is required for a normal functioning of this module,?\s{0,4}$",),
        needles=("is required for a normal functioning",),
        meaning="A package's version check (transformers' require_version, LLaMA-Factory's check_version) failed; 'but found' is on the next line.",
        causes=(
            C(text="LLaMA-Factory's pins are not met by the installed packages", check="RD-PIN-001"),
            C(text="installed packages do not satisfy each other's requirements", check="RD-PIN-002"),
        ),
        fix="Install the versions the message names (DISABLE_VERSION_CHECK=1 only hides it).",
        sources=("https://github.com/hiyouga/LlamaFactory/pull/10392",),
        examples=("ImportError: transformers>=4.55.0,<=5.2.0 is required for a normal functioning of this module,",),
    ),
    S(
        id="transformers-unknown-model", family="packages", title="transformers is too old for this model",
        severity="fatal", tier=SETUP,
        # (a config of a newer format the release rejects: Llama 3.1's rope_scaling before transformers 4.43)
        patterns=(r"model type `(?P<model>[\w-]{1,64})` but Transformers does not recognize this architecture",
                  r"`rope_scaling` must be a dictionary with (?:with )?two fields, `type` and `factor`"),
        needles=("does not recognize this architecture", "`rope_scaling` must be a dictionary"),
        meaning="The checkpoint's model type is newer than the installed transformers.",
        causes=(
            C(text="installed packages do not satisfy the model's requirements", check="RD-PIN-002"),
            C(text="a training framework pins an older transformers", check="RD-PIN-001"),
        ),
        fix="Upgrade transformers to a release that knows the model (within the framework's pins).",
        sources=("https://github.com/InternLM/lmdeploy/pull/1220", "https://github.com/hiyouga/LlamaFactory/issues/4984"),
        examples=("2024-02-29 18:32:01,224 - lmdeploy - ERROR - ValueError: The checkpoint you are trying to load has model type `gemma` but Transformers does not recognize this architecture. This could be because of an issue with the checkpoint, or because your version of Transformers is out of date.",
                  "[rank1]: ValueError: `rope_scaling` must be a dictionary with two fields, `type` and `factor`, got "
                  "{'factor': 8.0, 'low_freq_factor': 1.0, 'high_freq_factor': 4.0, 'original_max_position_embeddings': "
                  "8192, 'rope_type': 'llama3'}"),
    ),
    S(
        id="flash-attn-unsupported-gpu", family="packages", title="flash-attn does not support this GPU",
        severity="fatal", tier=SETUP,
        patterns=(r"Flash-?Attention\S{0,2}\s{1,3}(?:currently\s{1,3})?only supports\s{1,3}(?P<which>[\w ,+-]{2,60})",
                  # setup.py's check prints the list it rejects: "One of GPU archs of ['gfx908'] is invalid ..."
                  r"(?P<gfx>gfx\w{2,8})['\"\]]{0,3}\s{1,4}is invalid or not supported by Flash-?Attention"),
        needles=("flashattention only supports", "flashattention currently only supports", "flash-attention only supports",
                 "not supported by flash-attention", "not supported by flashattention"),
        meaning="The installed flash-attn build has no kernels for this GPU (an NVIDIA build, or a ROCm build without this gfx).",
        causes=(
            C(text="flash-attn is not built for this torch's platform", check="RD-PREC-005"),
            C(text="fast attention kernels do not exist for this GPU (use SDPA)", check="RD-PREC-004"),
        ),
        fix="Use attn_implementation='sdpa', or the ROCm flash-attention build for a supported gfx.",
        sources=("https://github.com/Dao-AILab/flash-attention/issues/1506", "https://github.com/ROCm/flash-attention/issues/93"),
        examples=("RuntimeError: FlashAttention only supports Ampere GPUs or newer.",
                  "AssertionError: One of GPU archs of ['gfx908'] is invalid or not supported by Flash-Attention",
                  "Flash Attention failed, using default SDPA: FlashAttention currently only supports MI100 and RX7000 and above"),
        near_misses=("INFO 10-15 08:52:52 selector.py:215] flash_attn is not supported on NAVI GPUs.",),
    ),
    # A GPU kernel library (flash-attention, composable_kernel/ck_tile, xformers, bitsandbytes, DeepSpeed
    # ops, apex, vLLM's csrc) built or run for a gfx it has no kernels for. Keyed on the compiler's and
    # the libraries' own vocabulary, not one project's sentence: clang's per-target summary, an MFMA/WMMA
    # builtin that needs a target feature the gfx lacks, a static assertion inside the library's headers,
    # CK's instance that "does not support this problem", xformers' operator dispatch finding none.
    S(
        id="gpu-lib-arch-unsupported", family="packages", title="A GPU kernel library does not support this GPU's arch",
        severity="fatal", tier=SETUP,
        patterns=(
            r"'?__builtin_amdgcn_(?P<builtin>\w{1,80})'? needs target feature (?P<feature>[\w-]{2,40})",
            r"\b\d{1,5} errors? generated when compiling for (?P<gfx>gfx\w{2,8})",
            r"(?P<lib>flash[-_]attention|flash_attn|composable_kernel\w{0,24}|ck_tile|xformers|bitsandbytes|deepspeed/ops|"
            r"apex/|vllm/csrc)\S{0,300}?:\d{1,7}:\d{1,5}: error: (?:static assertion failed|.{0,300}?(?:__builtin_amdgcn|"
            r"target feature|\bmfma|\bwmma|not supported|unsupported|\bgfx\d))",
            r"\bDevice\w{2,120}(?:<.{0,600}?>)? does not support this problem",
            # a library's table of archs has no entry for this one (aiter's chip_info, setup scripts)
            r"\bKeyError: ['\"](?P<gfx2>gfx[0-9a-f]{3,5})['\"]",
            r"Unknown GPU architecture:?\s{0,2}['\"]?(?P<gfx3>gfx[0-9a-f]{3,5})",
            # Tensile (rocBLAS/hipBLASLt) at build time; the same setup check as flash-attention's (aiter, vLLM)
            r"Tensile::FATAL: Architecture (?P<gfx4>gfx[0-9a-f]{3,5}) not supported",
            r"One of GPU archs of \[[^\]]{0,200}\] is invalid or not supported",
            # the backend has no instruction for a matrix-core intrinsic on this gfx (Triton, hipcc)
            r"Cannot select: intrinsic %llvm\.amdgcn\.(?P<intrinsic>(?:mfma|smfmac|wmma|swmmac)\.[\w.]{1,60})",
        ),
        needles=("needs target feature", "generated when compiling for", "does not support this problem", "flash-attention",
                 "keyerror: 'gfx", 'keyerror: "gfx', "unknown gpu architecture", "tensile::fatal", "one of gpu archs",
                 "cannot select: intrinsic %llvm.amdgcn.",
                 "flash_attn", "composable_kernel", "ck_tile", "xformers", "bitsandbytes", "deepspeed/ops", "apex/", "vllm/csrc"),
        meaning=("A GPU kernel library was compiled for, or ran on, a gfx its kernels do not support: matrix-core "
                 "(MFMA/WMMA) instructions or tile sizes that this GPU family lacks, or no kernel instance for it."),
        causes=(
            C(text="the library has no kernels for this GPU's gfx (flash-attn CK/Triton, composable_kernel, xformers)",
              check="RD-PREC-004", fix="use attn_implementation='sdpa' or the library's build for a supported gfx"),
            C(text="the library's build targets the wrong gfx (PYTORCH_ROCM_ARCH / GPU_ARCHS) or another platform",
              check="RD-PREC-005"),
            C(text="HSA_OVERRIDE_GFX_VERSION makes the GPU report another gfx", check="RD-ENV-001"),
        ),
        fix=("Build or install the library only for a gfx it supports (set GPU_ARCHS/PYTORCH_ROCM_ARCH to the GPU's real "
             "gfx), or do without it (SDPA attention, the ROCm build of the package)."),
        sources=("https://github.com/Dao-AILab/flash-attention/issues/1215", "https://github.com/facebookresearch/xformers/pull/978",
                 "https://github.com/ROCm/composable_kernel/issues/1140", "https://github.com/ROCm/aiter/issues/1552",
                 "https://github.com/vllm-project/vllm/pull/30952", "https://github.com/ROCm/TheRock/issues/154"),
        examples=(
            "/home/hina/xformers/third_party/composable_kernel_tiled/include/ck/tile_program/warp_tile/warp_gemm_attribute_mfma_impl_hip.hpp:116:17: error: '__builtin_amdgcn_mfma_f32_32x32x8bf16_1k' needs target feature mai-insts",
            "    1 error generated when compiling for gfx1030.",
            "/home/n/flash-attention/csrc/composable_kernel/include/ck_tile/core/arch/generic_memory_space_atomic_hip.hpp:66:19: error: static assertion failed due to requirement '(std::is_same<_Float16, int>::value && (4 == 1))'",
            "RuntimeError: DeviceGroupedMultiheadAttentionForward_Xdl_CShuffle_V2<256, 128, 128, 32, 8, 8, 128, 128, 32, 2, Default, ASpecDefault, B0SpecDefault, B1SpecDefault, CSpecDefault, MaskUpperTriangleFromTopLeft> does not support this problem",
            "KeyError: 'gfx1151'",
            'ERROR test_basic_correctness.py - RuntimeError: Get GPU arch from rocminfo failed "Unknown GPU architecture: gfx1201. Supported architec...',
            "2025-03-05T21:10:24.2119956Z [hipBLASLt] Tensile::FATAL: Architecture gfx1151 not supported",
        ),
        near_misses=(
            "src/main.cpp:12:5: error: use of undeclared identifier 'foo'",
            "/tmp/build/flash-attention/csrc/flash_api.cpp:40:1: error: expected ';' after class",
            "Building for gfx90a: 0 errors generated",
        ),
    ),
    S(
        id="xformers-no-operator", family="packages", title="xformers has no attention kernel for this GPU or build",
        severity="fatal", tier=SETUP,
        patterns=(r"No operator found for .{0,2}(?P<op>memory_efficient_attention\w{0,40})",),
        needles=("no operator found for",),
        meaning=("xformers' dispatcher found no kernel able to run this attention call: its ops were not built for "
                 "this torch/platform, or none supports this GPU's gfx, dtype or shape."),
        causes=(
            C(text="xformers is not built for this torch's platform (a CUDA wheel on ROCm)", check="RD-PREC-005",
              fix="install the ROCm xformers wheel, or uninstall xformers (most apps fall back to SDPA)"),
            C(text="xformers' CK kernels do not exist for this gfx", check="RD-PREC-004"),
        ),
        fix="Install xformers built for this torch's ROCm, or remove it and use PyTorch SDPA attention.",
        sources=("https://github.com/utensils/comfyui-nix/issues/57", "https://github.com/facebookresearch/xformers/issues/1026"),
        examples=("!!! Exception during processing !!! No operator found for `memory_efficient_attention_forward` with input",
                  "NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:"),
    ),
    S(
        id="bitsandbytes-cpu-build", family="packages", title="bitsandbytes has no GPU support in this build",
        severity="fatal", tier=SETUP,
        patterns=(r"The installed version of bitsandbytes was compiled without GPU support",
                  r"(?:^bin |Loading binary )\S{0,200}libbitsandbytes_cpu\.(?:so|dll)", r"function 'cadam32bit_grad_fp32' not found",
                  r"undefined symbol: cadam32bit_grad_fp32", r"'NoneType' object has no attribute 'c(?:adam|quantize|dequantize)\w{0,40}'"),
        needles=("compiled without gpu support", "libbitsandbytes_cpu", "cadam32bit_grad_fp32", "object has no attribute 'c"),
        meaning="bitsandbytes loaded its CPU library: 8-bit optimizers and GPU quantization are unavailable.",
        causes=(
            C(text="bitsandbytes is not built for this torch's platform (ROCm needs the ROCm build)", check="RD-PREC-005"),
            C(text="torch is a CPU-only build", check="RD-TORCH-002"),
        ),
        fix="Install the ROCm bitsandbytes build (or build it with -DCOMPUTE_BACKEND=hip -DBNB_ROCM_ARCH=<gfx>).",
        sources=("https://github.com/bitsandbytes-foundation/bitsandbytes/issues/680", "https://github.com/hyperonym/basaran/issues/3"),
        examples=("/opt/conda/lib/python3.10/site-packages/bitsandbytes/cextension.py:31: UserWarning: The installed version of bitsandbytes was compiled without GPU support. 8-bit optimizers and GPU quantization are unavailable.",
                  "function 'cadam32bit_grad_fp32' not found"),
        near_misses=("Could not load bitsandbytes native library: /home/USER/ROCm/Almalinux/bitsandbytes/bitsandbytes/libbitsandbytes_cpu.so: cannot open shared object file: No such file or directory",),
    ),
    S(
        id="cpp-extension-cuda-home", family="packages", title="A torch extension was built for CUDA on a machine without it",
        severity="fatal", tier=SETUP,
        patterns=(r"CUDA_HOME environment variable is not set\. Please set it to your CUDA install root",),
        needles=("cuda_home environment variable is not set",),
        meaning="torch's extension builder was asked for CUDA sources; on a ROCm torch the package should build its HIP variant.",
        causes=(
            C(text="torch is a CUDA build, or the package's build does not detect the ROCm torch", check="RD-TORCH-003"),
            C(text="ROCm is not where the build looks (ROCM_HOME unset)", check="RD-ROCM-001"),
        ),
        fix="Build the package's ROCm variant with the ROCm torch installed (ROCM_HOME=/opt/rocm).",
        sources=("https://github.com/ROCm/DeepEP/issues/1",),
        examples=("`OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.`",),
    ),
    S(
        id="module-moved", family="packages", title="A module moved in a newer release",
        severity="fatal", tier=SETUP,
        patterns=(r"No module named '(?P<module>transformers\.deepspeed|transformers\.\w{1,40})'",),
        needles=("no module named 'transformers.",),
        meaning="The code imports a transformers module that newer releases moved (transformers.deepspeed -> transformers.integrations).",
        causes=(C(text="installed transformers is newer than the code expects", check="RD-PIN-002"),),
        fix="Install the transformers version the project pins, or update the import.",
        sources=("https://github.com/huggingface/transformers/issues/34582",),
        examples=("ModuleNotFoundError: No module named 'transformers.deepspeed'",),
    ),
    S(
        id="torchvision-ops-mismatch", family="packages", title="torchvision does not match torch",
        severity="fatal", tier=SETUP,
        patterns=(r"operator torchvision::nms does not exist", r"No such operator torchvision::(?P<op>\w{1,40})",
                  r"Couldn't load custom C\+\+ ops\. This can happen if your PyTorch and torchvision versions are incompatible"),
        needles=("torchvision::", "couldn't load custom c++ ops"),
        meaning="torchvision's compiled ops were built for another torch (version, or CUDA vs ROCm vs CPU).",
        causes=(
            C(text="pip pulled a torchvision for another platform or torch version", check="RD-PIN-002"),
            C(text="torch is a CUDA or CPU build on this AMD machine", check="RD-TORCH-001"),
        ),
        fix="Install torchvision from the same index and release as torch (e.g. both from whl/rocmX.Y).",
        sources=("https://github.com/pytorch/vision/issues/8985", "https://github.com/pytorch/vision/issues/6725"),
        examples=("RuntimeError: operator torchvision::nms does not exist",
                  "RuntimeError: No such operator torchvision::nms`"),
    ),
    # torch's SDPA found no fused kernel and, asked for one (a forced backend, a test), aborted: the AOTriton /
    # CK attention kernels in this torch do not cover the gfx. The warnings before it (sdpa-no-fused-kernel,
    # runtime.py) are what every run on such a GPU prints; this line is the job failing on it.
    S(
        id="sdpa-no-kernel-abort", family="packages", title="No attention kernel for this GPU: the job aborted",
        severity="fatal", tier=SETUP,
        patterns=(r"No available kernel\. {0,2}Aborting execution",),
        needles=("no available kernel",),
        meaning=("scaled_dot_product_attention was asked for a fused kernel (flash / memory-efficient) that this torch "
                 "build has no code for on this GPU (AOTriton or CK built without its gfx), and aborted."),
        causes=(
            C(text="the torch wheel's AOTriton/CK attention does not cover this gfx", check="RD-PREC-004",
              fix="use the math/eager attention path, or a torch build whose AOTriton lists this gfx"),
            C(text="the training config forces an attention implementation the GPU lacks", check="RD-PREC-011"),
        ),
        fix="Do not force flash/efficient SDPA on this GPU (attn_implementation='eager' or sdpa with the math backend), or use a torch built with AOTriton for it.",
        sources=("https://github.com/ROCm/TheRock/issues/1364", "https://github.com/pytorch/pytorch/issues/112997"),
        examples=("RuntimeError: No available kernel. Aborting execution.",
                  "\u2717 Flash Attention still failed with override: No available kernel. Aborting execution."),
        near_misses=("UserWarning: Memory efficient kernel not used because: (Triggered internally at ../aten/src/ATen/native/transformers/hip/sdp_utils.cpp:719.)",),
    ),
    # The HIP runtime on Windows is a DLL of the driver / HIP SDK (amdhip64[_N].dll, amd_comgr[_N].dll): an app
    # built for another HIP major version, a missing or broken VC++ runtime, or an Adrenalin driver older than
    # the SDK leave it unloadable or with no device. Linux's "no device" (hip-no-gpus) has other causes.
    S(
        id="windows-hip-runtime", family="packages", title="The Windows HIP runtime is missing or finds no GPU",
        severity="fatal", tier=SETUP,
        patterns=(
            r"(?P<dll>amd(?:hip64|_comgr)(?:_\d{1,2})?\.dll)\W{0,3}\s{0,2}(?:was not found|not found|is missing|missing|could not be found)",
            r'no ROCm-capable device is detected"?\s{1,3}from file <[A-Za-z]:\\',
            r"[A-Za-z]:\\\S{1,300}[^\n]{0,200}?hipErrorNoDevice",
        ),
        needles=(".dll", "rocm-capable device", "hiperrornodevice"),
        meaning=("On Windows the HIP runtime comes with the AMD driver and the HIP SDK; the application could not load "
                 "the HIP DLL it was built for, or loaded it and found no GPU."),
        causes=(
            C(text="the application needs another HIP major version than the installed HIP SDK / driver provides (amdhip64_6 vs amdhip64_7)",
              fix="install the HIP SDK release the application was built for, or the application's build for the installed one"),
            C(text="the Microsoft Visual C++ redistributable is missing or broken",
              fix="repair or install the VC++ 2015-2022 x64 redistributable"),
            C(text="the Adrenalin driver is older than the HIP SDK, or the GPU is not supported by the HIP SDK on Windows",
              check="RD-GFX-001"),
        ),
        fix="Match the HIP SDK and driver to what the application was built for, repair the VC++ redistributable, and rerun hipInfo.",
        sources=("https://github.com/ROCm/hip/issues/3910", "https://github.com/vosen/ZLUDA/issues/545"),
        examples=(
            "The code execution cannot proceed because amdhip64_6.dll was not found. This problem may be solved by reinstalling the program.",
            'checkHipErrors() HIP API error = 0100 "no ROCm-capable device is detected" from file <C:\\home\\runner\\_work\\rockrel\\rockrel\\rocm-systems\\projects\\hip-tests\\samples\\1_Utils\\hipInfo\\hipInfo.cpp>, line 181.',
        ),
        near_misses=("RuntimeError: No HIP GPUs are available",
                     "ggml_cuda_init: failed to initialize ROCm: no ROCm-capable device is detected"),
    ),
    # The ROCm install the build looks for is not there (or not where it looks): a compiler, CMake or a
    # setup script names the missing piece. Runtime "no device" lines are hip-no-gpus (runtime.py).
    S(
        id="rocm-install-not-found", family="packages", title="The build cannot find the ROCm installation",
        severity="fatal", tier=SETUP,
        patterns=(
            r"cannot find (?:ROCm (?:device library|installation)|device library for (?P<gfx>gfx[0-9a-f]{3,5}))",
            r"Failed to find ROCm root directory",
            r'Could not find a package configuration file provided by "(?P<package>hip\w{0,12}|roc\w{1,12}|miopen|rccl|amd_comgr|hsa-runtime64)"',
            r"(?P<tool>/opt/rocm\S{0,40}/bin/(?:hipcc|amdclang\+\+|hipconfig))\S{0,3}\s{0,2}(?:not found|No such file or directory)",
        ),
        needles=("rocm device library", "rocm installation", "device library for gfx", "rocm root directory", "package configuration file provided by", "/bin/hipcc",
                 "/bin/amdclang", "/bin/hipconfig"),
        meaning=("A build (a torch extension, llama.cpp, bitsandbytes) looked for ROCm's compiler, device libraries or "
                 "CMake packages and did not find them: ROCm's development packages are not installed, or ROCM_PATH "
                 "points elsewhere."),
        causes=(
            C(text="ROCm (or its -dev packages: hip-dev, rocm-device-libs, rocblas-dev) is not installed", check="RD-ROCM-001",
              fix="install the ROCm development packages of the version torch uses"),
            C(text="several ROCm versions, and the build looks in the one without the pieces", check="RD-ROCM-002",
              fix="export ROCM_PATH=/opt/rocm-X.Y (and CMAKE_PREFIX_PATH) to the complete install"),
        ),
        fix="Install the ROCm development packages and point ROCM_PATH / CMAKE_PREFIX_PATH at them.",
        sources=("https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1468", "https://github.com/ROCm/rocBLAS/issues/1280",
                 "https://github.com/ROCm/hip/issues/2086", "https://github.com/ROCm/ROCR-Runtime/issues/110"),
        examples=("  Failed to find ROCm root directory.",
                  "clang-15: error: cannot find ROCm device library; provide its path via '--rocm-path' or '--rocm-device-lib-path', or pass '-nogpulib' to build without ROCm device library",
                  "clang-11: error: cannot find ROCm installation.  Provide its path via --rocm-path, or pass -nogpulib.",
                  "clang-11: error: cannot find device library for gfx1031. Provide path to different ROCm installation via --rocm-path, or pass -nogpulib to build without linking default libraries."),
        near_misses=("-- Found HIP: /opt/rocm (found version \"6.2.41133\")",),
    ),
    # TensorFlow's/XLA's Bazel configure step (third_party/gpus/rocm_configure.bzl) looks for each ROCm library and
    # header by the names of the release it was written for; a ROCm that renamed one (hip_hcc became amdhip64 in
    # ROCm 3.5) or lacks it stops the build before it compiles (rocm-arch/tensorflow-rocm#5).
    S(
        id="rocm-configure-lib-missing", family="packages",
        title="TensorFlow's/XLA's ROCm configure step cannot find a ROCm library",
        severity="fatal", tier=SETUP,
        patterns=(r"ROCm Configuration Error: (?P<what>[^\n]{1,200})",
                  r"An error occurred during the fetch of repository 'local_config_rocm'"),
        needles=("rocm configuration error", "local_config_rocm"),
        meaning=("Bazel's rocm_configure rule searched the ROCm install for a library or header by the name the "
                 "source expects and did not find it, so the build stops before compiling anything."),
        causes=(
            C(text="the source was written for another ROCm release (a library renamed or dropped since: hip_hcc is "
                   "amdhip64 from ROCm 3.5)", check="RD-ROCM-003",
              fix="build the TensorFlow/XLA release that supports the installed ROCm"),
            C(text="ROCM_PATH points at an incomplete or other install", check="RD-ROCM-002"),
        ),
        fix="Build a TensorFlow/XLA release made for this ROCm (or install the ROCm it names), with ROCM_PATH set to it.",
        sources=("https://github.com/rocm-arch/tensorflow-rocm/issues/5",),
        examples=("ROCm Configuration Error: Cannot find rocm library hip_hcc",
                  "ERROR: An error occurred during the fetch of repository 'local_config_rocm':"),
        near_misses=("INFO: Repository local_config_rocm instantiated at:",),
    ),
    # CMake found the ROCm package's config file but rejected its version: the build asks for a version its
    # find_package rule cannot match with the installed one (a source tree written for another ROCm major, or
    # a distribution's packaging of ROCm). The config file that was "considered but not accepted" says which.
    S(
        id="rocm-cmake-version-rejected", family="packages",
        title="The build rejects the installed ROCm package's version",
        severity="fatal", tier=SETUP,
        patterns=(
            r'Could not find a configuration file for package "(?P<package>hip\w{0,12}|roc\w{1,12}|miopen|rccl|'
            r'amd_comgr|hsa-runtime64|composable_kernel)" that is compatible',
        ),
        needles=("configuration file for package",),
        meaning=("CMake found the ROCm package's configuration file but not at a version the build accepts, so the "
                 "build goes on without it or stops: the source and the installed ROCm are of different versions."),
        causes=(
            C(text="the source tree was written for another ROCm version than the installed one", check="RD-ROCM-003",
              fix="build the release of the project that supports the installed ROCm, or install the ROCm it asks for"),
            C(text="a distribution's ROCm packages (Fedora, Arch) at a version the project's CMake does not accept",
              check="RD-ROCM-002", fix="use AMD's ROCm packages of the supported version, or the project's patch for the distribution"),
        ),
        fix="Match the project's release to the installed ROCm (the rejected config file names its version).",
        sources=("https://github.com/pytorch/pytorch/issues/128313",),
        examples=('  Could not find a configuration file for package "HIP" that is compatible',),
        near_misses=('-- Found HIP: /opt/rocm (found version "6.2.41133")',),
    ),
    # pip found no build of the pinned version for this platform: a ROCm wheel asked from the default index,
    # a local version (+rocm6.0) that index never had, or a Python version the wheels skip.
    S(
        id="pip-no-matching-version", family="packages", title="pip found no build of the requested version",
        severity="fatal", tier=SETUP,
        patterns=(r"Could not find a version that satisfies the requirement (?P<requirement>\S{1,120})",
                  r"No matching distribution found for (?P<requirement2>\S{1,120})",
                  # uv's resolver: no build for this platform (a Windows-only nightly); not its generic
                  # "requirements are unsatisfiable", which ends any version conflict too
                  r"has no wheels with a matching platform tag"),
        needles=("could not find a version that satisfies", "no matching distribution found",
                 "no wheels with a matching platform tag"),
        meaning=("The package index pip used has no build of that version for this Python and platform; ROCm wheels of "
                 "torch and friends live on their own index (download.pytorch.org/whl/rocmX.Y, repo.radeon.com)."),
        causes=(
            C(text="the ROCm wheel is requested without its index (--index-url https://download.pytorch.org/whl/rocmX.Y)",
              check="RD-TORCH-001"),
            C(text="a pin for a version/ROCm pair that was never published, or a Python version without wheels", check="RD-PIN-002"),
        ),
        fix="Install from the ROCm index that carries the version (and a Python it builds for), or relax the pin.",
        sources=("https://github.com/pytorch/pytorch/issues/118233", "https://github.com/ROCm/rocm-install-on-linux/issues/430",
                 "https://github.com/ROCm/TheRock/issues/5358"),
        examples=("ERROR: Could not find a version that satisfies the requirement torch (from versions: none)",
                  "ERROR: No matching distribution found for pytorch-triton-rocm==2.2.0 (from torch==2.2.0+rocm5.7)",
                  "      And because torch>=2.13.0a0+rocm7.13.0a20260514 has no wheels with a matching platform tag (e.g., "
                  "`manylinux_2_39_x86_64`) and you require torch, we can conclude that your requirements are unsatisfiable."),
        near_misses=("Looking in indexes: https://download.pytorch.org/whl/rocm6.2",
                     "Because transformers==4.40.0 depends on tokenizers>=0.19,<0.20 and you require tokenizers==0.15.0, "
                     "we can conclude that your requirements are unsatisfiable."),
    ),
    # A package's compiled extension whose symbols do not match the torch (or ROCm) it runs with: vLLM's
    # "Failed to import from vllm._C with ImportError('...: undefined symbol: ...')", any `_C`/`_ext` module.
    # Logged as a warning by the app, but the kernels it names are then missing: the job fails later.
    S(
        id="extension-undefined-symbol", family="packages", title="A compiled extension does not match the torch it runs with",
        severity="error", tier=SETUP,
        patterns=(r"(?P<module>[\w.]{1,80}\._C\w{0,20})(?:\.abi3|\.cpython-\d{2,3}[\w-]{0,40})?\.so: undefined symbol: (?P<symbol>\S{1,200})",
                  r"Failed to import from (?P<module2>[\w.]{1,80}) with ImportError\([^\n]{0,400}?undefined symbol"),
        needles=("undefined symbol",),
        meaning=("A package's compiled extension (its `_C` module) was built against another torch, ROCm or CUDA "
                 "than the one installed, so the kernels it carries cannot be loaded."),
        causes=(
            C(text="the package's wheel was built for another torch or ROCm release than the installed ones",
              check="RD-ROCM-003", fix="reinstall the package built for this torch/ROCm, or build it from source here"),
            C(text="pip replaced the torch the package was built against", check="RD-TORCH-001"),
        ),
        fix="Install the build of the package that matches this torch and ROCm (or rebuild it against them).",
        sources=("https://github.com/vllm-project/vllm/issues/17388",),
        examples=("WARNING 04-29 12:58:14 [rocm.py:29] Failed to import from vllm._C with ImportError('/usr/local/lib/"
                  "python3.12/dist-packages/vllm/_C.abi3.so: undefined symbol: _Z18cutlass_mla_decodeRKN2at6TensorES2_S2_S2_S2_S2_d')",),
        near_misses=("WARNING 04-29 12:58:14 [__init__.py:239] Failed to import from vllm._C: running without custom ops",),
    ),
    # A runtime asked for a GPU backend its build does not carry: ONNX Runtime's execution providers
    # ("Specified provider 'ROCMExecutionProvider' is not in available provider names"): a CUDA or CPU wheel.
    S(
        id="gpu-provider-not-in-build", family="packages", title="The installed build has no ROCm backend",
        severity="error", tier=SETUP,
        patterns=(r"Specified provider '(?P<provider>(?:ROCM|MIGraphX)ExecutionProvider)' is not in available provider names",),
        needles=("is not in available provider names",),
        meaning=("The application asked for the ROCm (or MIGraphX) backend, and the installed package was built "
                 "without it (a CUDA or CPU wheel): it runs on the CPU."),
        causes=(C(text="the CUDA/CPU wheel (onnxruntime-gpu, onnxruntime) instead of AMD's ROCm build",
                  check="RD-IMG-009", fix="pip install onnxruntime-rocm (AMD's wheels) in place of onnxruntime-gpu"),),
        fix="Install the package's ROCm build (onnxruntime-rocm from AMD's repository).",
        sources=("https://github.com/microsoft/onnxruntime/issues/22171",),
        examples=("onnxruntime/capi/onnxruntime_inference_collection.py:70: UserWarning: Specified provider "
                  "'ROCMExecutionProvider' is not in available provider names.Available providers: "
                  "'TensorrtExecutionProvider, CUDAExecutionProvider, CPUExecutionProvider'",),
        near_misses=("Specified provider 'CUDAExecutionProvider' is not in available provider names.",),
    ),
    # clang refusing a flag the build passes with -Werror: the compiler is older than the code expects
    # (MIGraphX's JIT compiling with the system hipcc; an extension built with another ROCm's clang).
    S(
        id="compiler-too-old-for-flags", family="packages", title="The compiler does not know a flag the build passes",
        severity="error", tier=SETUP,
        patterns=(r"error: unknown warning option '(?P<flag>-W[\w-]{1,60})'[^\n]{0,80}\[-Werror",
                  r"clang(?:\+\+)?: error: unknown argument: '(?P<arg>-[\w=-]{1,60})'"),
        needles=("unknown warning option", "unknown argument"),
        meaning=("The compiler rejects an option that the code being built (or JIT-compiled) passes: it is older, or "
                 "another ROCm's, than the one the code was written for."),
        causes=(C(text="more than one ROCm installed and the wrong clang/hipcc on the path", check="RD-ROCM-002"),
                C(text="the package was built for another ROCm release than the system's", check="RD-ROCM-003")),
        fix="Use the ROCm (and its clang) the package was built for, or a build of the package for this ROCm.",
        sources=("https://github.com/ROCm/AMDMIGraphX/issues/4313",),
        examples=("    error: unknown warning option '-Wnrvo' [-Werror,-Wunknown-warning-option]",),
        near_misses=("warning: unknown warning option '-Wnrvo' [-Wunknown-warning-option]",),
    ),
    # HIP's runtime cannot load the code object of a module (an extension's kernels): built for another
    # arch or ROCm ("hip_global.cpp:158 : ... Module not initialized").
    S(
        id="hip-module-not-initialized", family="packages", title="HIP could not load a module's kernels",
        severity="error", tier=SETUP,
        patterns=(r"hip_global\.cpp:\d{1,6}\s{0,4}:[^\n]{0,80}Module not initialized",),
        needles=("module not initialized",),
        meaning=("A compiled extension's GPU code object could not be loaded: it was built for other GPUs or another "
                 "ROCm than this machine's."),
        causes=(C(text="the extension (xformers, flash-attn, a custom op) was built for another gfx", check="RD-GFX-002"),
                C(text="the extension was built against another ROCm or torch", check="RD-ROCM-003")),
        fix="Install (or build) the extension for this GPU's gfx and this ROCm/torch.",
        sources=("https://github.com/ROCm/xformers/issues/71",),
        examples=(":0:/longer_pathname_so_that_rpms_can_support_packaging_the_debug_info_for_all_os_profiles/src/clr/"
                  "hipamd/src/hip_global.cpp:158 : 147403042111 us:  Module not initialized",),
    ),
    # A package's build that looks for NVIDIA's compiler on a ROCm machine: it is building its CUDA flavour
    # ("flash_attn was requested, but nvcc was not found"; "nvcc: command not found" in a setup.py).
    S(
        id="build-wants-nvcc", family="packages", title="A package build looks for NVIDIA's nvcc",
        severity="error", tier=SETUP,
        patterns=(r"\b(?P<pkg>[\w.-]{2,40}) was requested, but nvcc was not found",
                  r"(?:^|[\s:/])nvcc: (?:command )?not found\b"),
        needles=("nvcc was not found", "nvcc: not found", "nvcc: command not found"),
        meaning=("The package's build took its CUDA path and needs nvcc: on a ROCm machine it has to be built for "
                 "ROCm (its ROCm fork, a ROCm build switch, or a prebuilt ROCm wheel)."),
        causes=(C(text="the package's CUDA sdist/branch instead of its ROCm build", check="RD-PREC-005",
                  fix="install the ROCm build (flash-attention: ROCm/flash-attention, or FLASH_ATTENTION_TRITON_AMD_ENABLE=TRUE)"),
                C(text="torch is a CUDA build, so the extension builds for CUDA", check="RD-TORCH-001")),
        fix="Install the package's ROCm build instead of building its CUDA flavour.",
        sources=("https://github.com/Dao-AILab/flash-attention/issues/1107",),
        examples=("      RuntimeError: flash_attn was requested, but nvcc was not found.  Are you sure your environment has "
                  "nvcc available?",),
        near_misses=("-- Found nvcc: /usr/local/cuda/bin/nvcc",),
    ),
    # hipcc (and hipconfig) are Perl scripts that pick the compiler from HIP_PLATFORM, HIP_CLANG_PATH and ROCM_PATH;
    # Perl's `Can't exec "<path>": <errno> at <script> line N` names the compiler it chose and could not run. nvcc
    # means it took the NVIDIA platform on this machine (no AMD GPU seen at configure time, or a HIP package without
    # its AMD backend: NixOS hipcc without clr); clang/hcc/rocm_agent_enumerator means the ROCm compiler is not where
    # it looks. Either way a package or path is missing, not the GPU (FAMILIES.md: a build missing hipcc's parts).
    S(
        id="hipcc-compiler-missing", family="packages", title="hipcc cannot run the compiler it chose",
        severity="error", tier=SETUP,
        patterns=(r"Can't exec \"(?P<path>[^\"\n]{0,200}?(?P<tool>nvcc|clang\+{0,2}|hcc|hcc-config|rocm_agent_enumerator))\""
                  r"[^\n]{0,80}? at (?P<script>\S{0,200}?\bhip(?:cc|config)(?:\.pl)?) line \d{1,6}",),
        needles=("can't exec",),
        meaning=("hipcc picked a compiler that is not installed: nvcc means it took the NVIDIA platform (HIP_PLATFORM "
                 "unset and no AMD GPU or ROCm clang found, or a HIP package built without its AMD backend); clang or "
                 "hcc means ROCm's compiler is not at the path hipcc derives from ROCM_PATH/HIP_CLANG_PATH."),
        causes=(
            C(text="the HIP package lacks its AMD backend (e.g. NixOS rocmPackages.hipcc without clr), so hipcc falls "
                   "back to the NVIDIA platform", fix="use the HIP package that bundles clr (NixOS: rocmPackages.clr)"),
            C(text="HIP_PLATFORM is unset or nvidia, or ROCM_PATH/HIP_CLANG_PATH point where no ROCm compiler is",
              check="RD-ROCM-002", fix="export HIP_PLATFORM=amd ROCM_PATH=/opt/rocm"),
            C(text="the ROCm compiler packages (rocm-llvm, hip-devel) are not installed", check="RD-ROCM-001"),
        ),
        fix="Install the HIP package with its AMD backend and ROCm's clang, and set HIP_PLATFORM=amd and ROCM_PATH.",
        sources=("https://github.com/NixOS/nixpkgs/issues/265095",
                 "https://github.com/ROCm/legacy-rocm-build/issues/296",
                 "https://github.com/rocm-arch/rocm-arch/issues/266",
                 "https://github.com/ROCm/legacy-rocm-build/issues/1137"),
        examples=('Can\'t exec "/usr/local/cuda/bin/nvcc": No such file or directory at '
                  '/nix/store/xs85f29kps1d5p69fhrcgl47a466zscs-hipcc-5.7.0/bin//hipcc.pl line 634.',
                  'Can\'t exec "nvcc": 没有那个文件或目录 at /opt/rocm/hip/bin/hipconfig line 144.',
                  'Can\'t exec "/opt/rocm/hcc/bin/hcc": No such file or directory at ../../../bin/hipcc line 245.'),
        # a CUDA extension's own build (setuptools), not hipcc: build-wants-nvcc's class
        # (https://github.com/MVIG-SJTU/AlphaPose/issues/765)
        near_misses=('unable to execute "\'/usr/local/cuda\'/bin/nvcc": No such file or directory',),
    ),
    # Cray MPICH started with MPICH_GPU_SUPPORT_ENABLED=1 in a binary that does not link the GPU Transport Layer
    # (libmpi_gtl_hsa on AMD, libmpi_gtl_cuda on NVIDIA): MPI aborts at init. The fix is the build (link the GTL:
    # the craype-accel-* module or the Cray compiler wrappers) or the environment, not the network: packages, as a
    # communication library missing from the build is (FAMILIES.md logs9).
    S(
        id="cray-mpich-gtl-not-linked", family="packages",
        title="Cray MPICH GPU support requested, but the GTL library is not linked",
        severity="fatal", tier=SETUP,
        patterns=(r"GPU_SUPPORT_ENABLED is requested, but GTL library is not linked",),
        needles=("gtl library is not linked",),
        meaning=("MPICH_GPU_SUPPORT_ENABLED=1 asks Cray MPICH for GPU-aware MPI, but the program was linked without "
                 "the GPU Transport Layer (libmpi_gtl_hsa for ROCm), so MPI_Init aborts every rank."),
        causes=(
            C(text="the program was built without the GTL: the craype-accel-amd-gfx90a (or -gfx942) module not loaded "
                   "when compiling, or not built with the Cray wrappers (cc/CC)",
              fix="load craype-accel-amd-gfxNNN and rebuild with cc/CC, or link -lmpi_gtl_hsa"),
            C(text="MPICH_GPU_SUPPORT_ENABLED=1 is exported to programs that do not need GPU-aware MPI",
              fix="set MPICH_GPU_SUPPORT_ENABLED=1 only for the GPU-aware binaries"),
        ),
        fix="Link the GTL (craype-accel module with the Cray wrappers, or -lmpi_gtl_hsa), or unset MPICH_GPU_SUPPORT_ENABLED.",
        sources=("https://github.com/eth-cscs/cscs-docs/pull/40",
                 "https://github.com/sstsimulator/sst-core/issues/895",
                 "https://github.com/BLAST-WarpX/warpx/pull/2736",
                 "https://github.com/APPFL/APPFL/issues/258"),
        examples=("MPICH ERROR [Rank 0] [job id ] [Thu Dec 29 08:08:13 2022] [login31] - Abort(-1) (rank 0 in comm 0): "
                  "MPIDI_CRAY_init: GPU_SUPPORT_ENABLED is requested, but GTL library is not linked",
                  "MPIDI_CRAY_init: GPU_SUPPORT_ENABLED is requested, but GTL library is not linked"),
    ),
    # pip's last words when a package's build failed and it gave up the install. A consequence: the compiler or
    # linker error above it (build-failed, a DeepSpeed op build) is the cause when the log shows it; without it,
    # the package did not build here. Not "Failed building wheel for X" alone: pip then often falls back to
    # "setup.py install", which can succeed.
    S(
        id="pip-wheel-build-failed", family="packages", title="pip could not build a package and gave up",
        severity="fatal", tier=CONSEQUENCE,
        patterns=(r"Could not build wheels for (?P<pkg>(?!deepspeed\b)[\w.-]{1,80}), which is required",
                  r"Failed to build installable wheels for some pyproject\.toml based projects(?! \(deepspeed\))",
                  r"error: failed-wheel-build-for-install",
                  # the build backend's own step failed before any compiler ran (vLLM's setup.py finding no CUDA or
                  # ROCm torch in pip's isolated build environment: vllm#2493)
                  r"Getting requirements to build (?:wheel|editable) did not run successfully",
                  # scikit-build's summary when CMake's build of the package failed (llama-cpp-python < 0.2)
                  r"An error occurred while building with CMake\."),
        needles=("could not build wheels for", "failed to build installable wheels", "failed-wheel-build-for-install",
                 "getting requirements to build", "error occurred while building with cmake"),
        meaning=("A package with native code (flash-attn, bitsandbytes, xformers ...) was built from source during "
                 "the install and the build failed; the error that stopped it is further up in pip's output."),
        causes=(
            C(text="the package's build does not support this GPU's gfx or this ROCm (its ROCm fork or a prebuilt "
                   "ROCm wheel is needed)", check="RD-PREC-005"),
            C(text="a compiler, header or ROCm dev package the build needs is missing", check="RD-ROCM-002"),
            C(text="torch is not the ROCm build the package compiles against", check="RD-TORCH-001"),
        ),
        fix=("Read the first compiler error above pip's summary; install the package's ROCm build or a prebuilt ROCm "
             "wheel instead of building its default (CUDA) source."),
        sources=("https://github.com/QwenLM/Qwen/issues/10", "https://github.com/Dao-AILab/flash-attention/issues/2452",
                 "https://github.com/ltngonnguyen/vicuna-matata/issues/5"),
        examples=("ERROR: Could not build wheels for flash-attn, which is required to install pyproject.toml-based projects",
                  "      An error occurred while building with CMake.",
                  "error: failed-wheel-build-for-install",
                  "  × Getting requirements to build editable did not run successfully."),
        near_misses=("  ERROR: Failed building wheel for flash-attn",
                     "ERROR: Could not build wheels for deepspeed, which is required to install pyproject.toml-based projects"),
    ),
    # GNU patch and git am refusing a patch (a build recipe patching its sources, or a package's hipify patch
    # applied to torch): the patched file is another version than the patch was written for.
    S(
        id="patch-does-not-apply", family="packages", title="A source patch does not apply",
        severity="fatal", tier=SETUP,
        patterns=(r"\b\d{1,5} out of \d{1,5} hunks? (?:FAILED|ignored) -- saving rejects to file (?P<file>\S{1,300})",
                  r"^error: (?P<file2>\S{1,300}): patch does not apply",
                  r"^Patch failed at \d{4} "),
        needles=("saving rejects to file", "patch does not apply", "patch failed at"),
        meaning=("A build step patches source files (a package's patch of torch's hipify, a distribution's patches "
                 "of ROCm sources) and the patch did not apply: the file is not the version the patch was made for, "
                 "or the patch is already in it."),
        causes=(
            C(text="the patched file comes from another version (torch, the ROCm release, the upstream source) than "
                   "the patch expects", check="RD-TORCH-001",
              fix="use the torch/ROCm version the package's instructions name, or the package's newer release"),
            C(text="the patch was already applied (a rebuild in the same tree, or upstream merged it)"),
        ),
        fix="Rebuild from a clean tree, with the versions the patch was written for (or drop a patch upstream merged).",
        sources=("https://github.com/NixOS/nixpkgs/issues/565696", "https://github.com/ROCm/TheRock/issues/167",
                 "https://github.com/rocm-arch/rocm-arch/issues/839"),
        examples=("2 out of 3 hunks FAILED -- saving rejects to file lib/TargetParser/Triple.cpp.rej",
                  "1 out of 1 hunk ignored -- saving rejects to file CMakeLists.txt.rej",
                  "error: CHANGELOG.md: patch does not apply",
                  "Patch failed at 0001 Update CHANGELOG.md for ROCm 6.4.0"),
        near_misses=("Hunk #1 succeeded at 1643 (offset -72 lines).", "Hunk #1 FAILED at 191."),
    ),
    # MIOpen compiles its kernels at run time through comgr/hiprtc with the system's headers: a header that is
    # not there is a missing dev package (libstdc++ headers, rocrand), or a compiler that looks in the wrong
    # prefix, not a GPU the compiler rejects.
    S(
        id="miopen-kernel-header-missing", family="packages",
        title="MIOpen's run-time kernel compile is missing a header",
        severity="fatal", tier=RUNTIME, supersedes=("miopen-compile-failed", "miopen-status-error"),
        patterns=(r"MIOpen\(HIP\): Warning \[BuildHip\] [^\n]{0,400}fatal error: '(?P<header>[^']{1,200})' file not found",
                  r"/comgr-\w{1,16}/(?:include|input)/\S{1,200}:\d{1,6}:\d{1,4}: fatal error: '(?P<header2>[^']{1,200})' "
                  r"file not found"),
        needles=("file not found",),
        meaning=("MIOpen builds a convolution/dropout kernel at run time with comgr (hiprtc), and the compiler could "
                 "not find a header the kernel includes: the package that provides it is not installed, or the "
                 "compiler's include paths point at another toolchain."),
        causes=(
            C(text="a dev package is missing: the C++ standard library headers (libstdc++-<N>-dev for the gcc the "
                   "ROCm compiler picks) or a ROCm library's headers (rocrand-dev, hiprand-dev)",
              fix="install libstdc++-12-dev (or the version of the newest gcc installed) and the ROCm -dev packages"),
            C(text="the ROCm compiler finds another LLVM or gcc installation first (LLVM_PATH, a newer gcc without "
                   "its libstdc++ headers)", check="RD-ROCM-002"),
        ),
        fix=("Install the package that provides the quoted header (libstdc++-dev for <limits>/<cmath>, rocrand-dev "
             "for rocrand headers), or MIOpen's prebuilt kernel package (miopen-hip-gfx*kdb) so it compiles less."),
        sources=("https://github.com/ROCm/MIOpen/issues/2049", "https://github.com/ROCm/MIOpen/issues/1105"),
        examples=("MIOpen(HIP): Warning [BuildHip] /tmp/comgr-e64065/input/naive_conv.cpp:39:10: fatal error: 'limits' "
                  "file not found",
                  "[2021-08-20T23:17:41.443Z] MIOpen(HIP): Warning [BuildHip] <built-in>:1:10: fatal error: "
                  "'__clang_hip_runtime_wrapper.h' file not found"),
        near_misses=("MIOpen(HIP): Error [Compile] 'hiprtcCompileProgram(prog.get(), c_options.size(), c_options.data())' "
                     "naive_conv.cpp: HIPRTC_ERROR_COMPILATION (6)",
                     "/tmp/miopen181/MIOpen/src/convolution.cpp:26:10: fatal error: 'miopen/config.h' file not found"),
    ),
    # Windows' loader names the native module it could not load (WinError 126/127, or an app's own
    # "The specified module could not be found"): a GPU package's DLL or .node/.pyd whose dependencies
    # (a CUDA runtime torch expects, a HIP SDK of another major, a vendor runtime) are not on this machine.
    S(
        id="windows-native-module-load-failed", family="packages",
        title="Windows could not load a GPU package's native module",
        severity="fatal", tier=SETUP,
        patterns=(
            r"\[WinError 12[67]\] The specified (?:module|procedure) could not be found\. Error loading "
            r"\"(?P<dll>[^\"\n]{1,300}\.dll)\"",
            r"(?P<module>[A-Za-z]:\\[^\n]{1,300}?\.(?:node|dll|pyd))\. The specified (?:module|procedure) could not be found",
        ),
        needles=("could not be found",),
        meaning=("Windows found the package's native library but not a DLL it depends on, so the package cannot "
                 "load: the build does not match the GPU runtime installed (a CUDA torch on an AMD/ZLUDA machine, "
                 "a HIP SDK or vendor ROCm runtime of another version)."),
        causes=(
            C(text="torch is a CUDA build (torch\\lib\\caffe2_nvrtc.dll, cudnn) on a machine with an AMD GPU, or ZLUDA's DLLs were not put in its place",
              check="RD-TORCH-001", fix="install the ROCm/ZLUDA torch the app's AMD guide names"),
            C(text="the app's ROCm backend was built for another HIP SDK version than the one installed",
              fix="install the HIP SDK (or the app's ROCm runtime) the backend was built for"),
            C(text="the Microsoft Visual C++ redistributable is missing", fix="install the VC++ 2015-2022 x64 redistributable"),
        ),
        fix="Install the build of the package that matches the machine's GPU runtime (ROCm/ZLUDA torch, HIP SDK version).",
        sources=("https://github.com/CS1o/Stable-Diffusion-Info/issues/13",
                 "https://github.com/likelovewant/ROCmLibs-for-gfx1103-AMD780M-APU/issues/11",
                 "https://github.com/Comfy-Org/ComfyUI/issues/1373"),
        examples=(
            'OSError: [WinError 126] The specified module could not be found. Error loading "C:\\Ai\\Fooocus_win64_2-5-0\\'
            'Fooocus_win64_2-5-0\\python_embeded\\lib\\site-packages\\torch\\lib\\caffe2_nvrtc.dll" or one of its dependencies.',
            "Failed to load LLM engine from path: C:\\Users\\Username\\.cache\\lm-studio\\extensions\\backends\\"
            "win-llama-rocm-0.2.31\\llm_engine_rocm.node. The specified module could not be found. \\\\?\\C:\\Users",
        ),
        # a missing data file is not a module that failed to load (CTranslate2's ROCm wheel, OpenNMT/CTranslate2#2005)
        near_misses=("FileNotFoundError: [WinError 3] The system cannot find the path specified: "
                     "'C:\\\\Users\\\\anhtu\\\\miniconda3\\\\envs\\\\stt\\\\Lib\\\\site-packages\\\\ctranslate2/../_rocm_sdk_core/bin'",),
    ),
    # The ROCm runtime libraries export versioned symbols (ROCR_1, hip_6.x): a binary built against a newer
    # ROCm than the one on the library path asks for a symbol the older library does not have.
    S(
        id="rocm-library-symbol-missing", family="packages",
        title="A ROCm library is older than the binary that loads it",
        severity="fatal", tier=SETUP,
        patterns=(
            r"(?P<lib>lib(?:amdhip64|hsa-runtime64|rocblas|hipblas(?:lt)?|MIOpen|rccl|rocm_smi64|amd_comgr|hiprtc|"
            r"rocsolver|hipsparse|rocfft|hipfft|roctracer64)\.so(?:\.\d{1,6}){0,3}): undefined symbol: "
            r"(?P<symbol>[\w@.]{1,200})(?:, version (?P<version>[\w.]{1,40}))?",
        ),
        needles=("undefined symbol",),
        meaning=("A program or wheel was built against a newer ROCm than the ROCm libraries it loaded: the library "
                 "on the path lacks a function the build calls."),
        causes=(
            C(text="the wheel (CTranslate2, torch, llama.cpp) was built for a newer ROCm than the system's", check="RD-ROCM-003",
              fix="install the ROCm release the wheel was built for, or the wheel built for the installed ROCm"),
            C(text="two ROCm installs and the older one's libraries come first on LD_LIBRARY_PATH", check="RD-ROCM-002"),
        ),
        fix="Match the wheel to the installed ROCm (or the ROCm to the wheel); check LD_LIBRARY_PATH for an older ROCm.",
        sources=("https://github.com/SYSTRAN/faster-whisper/issues/1370",),
        examples=("libamdhip64.so.7: undefined symbol: hsa_amd_enable_logging, version ROCR_1",),
        # a package's own extension built against another torch is that package's rule (packages.py flash-attn)
        near_misses=("ImportError: /usr/lib/python3/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: "
                     "undefined symbol: _ZN3c104cuda9SetDeviceEi",),
    ),
    # An app that ships its own ROCm runtime (LM Studio's llama.cpp ROCm backend and its "ROCm vendor" libraries)
    # surveys the GPUs with it before loading a model; when that survey fails while the system's HIP works, the
    # app's bundled runtime does not fit this GPU or driver.
    S(
        id="app-rocm-backend-survey-failed", family="packages",
        title="The app's bundled ROCm backend cannot see the GPU",
        severity="fatal", tier=SETUP,
        patterns=(
            r"Backend '(?P<backend>[\w.-]{0,80}rocm[\w.-]{0,80})' requires gpu acceleration,\s?but GPU survey"
            r"[^\n]{0,40}? was unsuccessful(?: with message:?)?\s?'?(?P<message>[^\n]{0,200})",
        ),
        needles=("gpu survey",),
        meaning=("The application's own ROCm runtime (a backend it downloads and updates itself) could not list or "
                 "query the GPU, so the backend refuses to run; the system's ROCm/HIP is not what it uses."),
        causes=(
            C(text="the app's ROCm backend version does not support this GPU or driver (a backend update dropped or broke it)",
              fix="select an earlier or later version of the app's ROCm backend, or its Vulkan backend"),
            C(text="the Adrenalin/amdgpu driver is older or newer than the app's bundled ROCm expects",
              fix="install the driver version the app's ROCm backend lists"),
        ),
        fix="Switch the app's ROCm backend version (or use its Vulkan backend) and match the GPU driver to it.",
        sources=("https://github.com/lmstudio-ai/lms/issues/625",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/2358"),
        examples=("Backend 'llama.cpp-win-x86_64-amd-rocm-avx2' requires gpu acceleration,but GPU survey on hardware was "
                  "unsuccessful with message 'Error trying to query ROCm gpus: No hip devices found!'!",
                  "Backend 'llama.cpp-win-x86_64-amd-rocm-avx2' requires GPU acceleration, but GPU survey software was "
                  "unsuccessful with message:"),
        # LM Studio's generic load failure names no backend survey (lmstudio-bug-tracker#1395)
        near_misses=("(Exit code: 18446744072635812000). Unknown error. Try a different model and/or config.",),
    ),
    # A framework that selects its GPU backend by plugin or pip extra runs on the CPU when that part is not
    # installed: JAX lists only the cpu backend, pip says the extra does not exist for that version.
    S(
        id="framework-gpu-backend-not-installed", family="packages",
        title="The framework's ROCm backend is not installed",
        severity="fatal", tier=SETUP,
        patterns=(
            r"Unknown backend (?P<backend>rocm|gpu|cuda)\. Available backends are \['cpu'\]",
            r"WARNING: (?P<package>[\w.-]{1,60}) (?P<version>[\w.+-]{1,40}) does not provide the extra "
            r"'(?P<extra>rocm\w{0,12}|cuda\w{0,12}|gpu)'",
        ),
        needles=("available backends are", "does not provide the extra"),
        meaning=("The framework has no ROCm backend in this environment (its GPU plugin is missing or does not load), "
                 "so it runs on the CPU or refuses the GPU device."),
        causes=(
            C(text="the framework's ROCm plugin wheels (jax-rocm*-plugin/pjrt) are not installed, or not for this jaxlib/ROCm version",
              fix="install the plugin and pjrt wheels for the installed jax and ROCm (repo.radeon.com or the ROCm docs' index)"),
            C(text="the pip extra ([rocm]) does not exist for the version pip picked", fix="pin the version whose extra exists"),
        ),
        fix="Install the framework's ROCm plugin that matches its version and the installed ROCm, then list the devices again.",
        sources=("https://github.com/ROCm/TheRock/issues/4578", "https://github.com/jax-ml/jax/issues/25856"),
        examples=("RuntimeError: Unknown backend rocm. Available backends are ['cpu']",
                  "WARNING: jax 0.4.31 does not provide the extra 'rocm'"),
        # pip skipping an uninstall of a plugin that was not there is not a missing backend (ROCm/rocm-install-on-linux#685)
        near_misses=("WARNING: Skipping jax-rocm7-pjrt as it is not installed.",),
    ),
    S(
        # An app or installer that itself reports the torch it got is a CPU/PyPI wheel on an AMD GPU host
        # (Unsloth's import check and installers). The structural fallback read the first as a GPU runtime
        # error; the sentence names the wheel, which is the fix.
        id="torch-cpu-wheel-on-amd-host", family="packages",
        title="torch is a CPU-only or PyPI wheel on an AMD GPU machine",
        severity="error", tier=SETUP,
        patterns=(
            r"PyTorch build has no usable HIP accelerator",
            r"installed from default PyPI wheels instead of ROCm wheels",
            r"(?:falling back to|installing) CPU-only PyTorch",
        ),
        needles=("no usable hip accelerator", "instead of rocm wheels", "cpu-only pytorch"),
        meaning=("The program found an AMD GPU but the installed torch has no HIP in it: pip or an installer "
                 "took the CPU (or default PyPI) wheel instead of the ROCm one."),
        causes=(
            C(text="torch is a CPU-only build on an AMD GPU machine", check="RD-TORCH-002"),
            C(text="the installer could not read the ROCm version and chose the CPU index", check="RD-TORCH-001",
              fix="install torch from https://download.pytorch.org/whl/rocmX.Y (or the installer's index override)"),
            C(text="the app's own GPU check regressed (the same torch works from a script)", fix="pin the app's previous release"),
        ),
        fix="Reinstall torch from the ROCm index matching the installed ROCm, then rerun the app.",
        sources=(
            "https://github.com/unslothai/unsloth/issues/5180",
            "https://github.com/unslothai/unsloth/issues/8731",
            "https://github.com/unslothai/unsloth/issues/7301",
        ),
        examples=(
            '"Error loading model: Subprocess error: Failed to import ML libraries: Unsloth detected signs of an AMD ROCm GPU, but your current PyTorch build has no usable HIP accelerator.',
            "       GPU PyTorch build -- falling back to CPU-only PyTorch.",
            "gpu none (CPU-only) No GPU detected -- installing CPU-only PyTorch. AMD ROCm users: see https://docs.unsloth.ai/get-started/install-and-update/amd",
        ),
        near_misses=(
            "re-run with --no-torch for a faster, lighter install",
            "  gpu            AMD ROCm (gfx1201)",
        ),
    ),
    # The CPU refused an instruction of native code (SIGILL): a library or binary built for a newer CPU than this
    # one (AVX2/AVX-512 in a wheel's host code, a llama.cpp/Ollama build with -march=native moved to another machine).
    # The GPU's own illegal instruction is another error (HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION, "an illegal instruction
    # was encountered": a kernel for the wrong ISA, runtime.py), and so is an assembler's "Illegal instruction detected".
    S(
        id="native-illegal-instruction", family="packages",
        title="Native code used a CPU instruction this CPU lacks (SIGILL)",
        severity="fatal", tier=SETUP,
        patterns=(r"(?<![\w-])Illegal instruction(?! (?:was )?(?:encountered|detected))(?:\s{1,2}\(core dumped\))?",
                  r"\b(?:received|got) signal SIGILL\b", r"^SIGILL\b", r"Fatal Python error: Illegal instruction",
                  # the kernel's record of it: `traps: python[1082589] trap invalid opcode ip:... in librocblas.so[...]`
                  r"traps: \S{1,80}\[\d{1,10}\] trap invalid opcode\b(?:[^\n]{0,200}? in (?P<lib>[^\s\[]{1,120}))?"),
        needles=("illegal instruction", "sigill", "trap invalid opcode"),
        meaning=("The process died on an instruction the CPU does not implement: native code (a wheel's library, a "
                 "compiled binary) was built for a newer CPU family than this one."),
        causes=(
            C(text="a package or binary built for newer CPU instructions (AVX2, AVX-512) than this CPU has",
              fix="install a build for this CPU (a generic x86-64 build), or build it here"),
            C(text="a locally built binary (-march=native) copied to a machine with an older CPU",
              fix="rebuild without -march=native on, or for, the machine that runs it"),
        ),
        fix="Find the library in the backtrace (gdb's `bt`, the faulting .so); install or build it for this CPU.",
        sources=("https://github.com/pytorch/pytorch/issues/125310", "https://github.com/mudler/LocalAI/issues/6508"),
        examples=("Program received signal SIGILL, Illegal instruction.", "Illegal instruction (core dumped)",
                  "SIGILL: illegal instruction",
                  "[36387.731300] traps: python[1082589] trap invalid opcode ip:7f0fef81fc28 sp:7ffc133f9d50 error:0 in "
                  "librocblas.so[31329c28,7f0fef7c8000+de4000]"),
        near_misses=("error: Illegal instruction detected: Invalid dpp_ctrl value: broadcasts are not supported on GFX10+",
                     "RuntimeError: CUDA error: an illegal instruction was encountered",
                     "[  123.456789] invalid opcode: 0000 [#1] PREEMPT SMP NOPTI",  # the kernel's own oops: a driver bug
                     ":0:rocdevice.cpp :2614: HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION: The agent attempted to execute an "
                     "illegal shader instruction."),
    ),
    S(
        # hashcat's (and other HIP programs') check of the HIP runtime it loaded: an API the program calls is not in
        # that libamdhip64 (removed in a newer ROCm, or an older runtime than the program was built for).
        id="hip-api-missing-from-runtime", family="packages", title="The HIP runtime lacks an API the program calls",
        severity="error", tier=SETUP,
        patterns=(r"\b(?P<api>hip[A-Z]\w{2,60}) is missing from (?:the )?HIP shared library",),
        needles=("is missing from hip shared library", "is missing from the hip shared library"),
        meaning=("The program looked up a HIP API in the libamdhip64 it loaded and did not find it: it was built for "
                 "another HIP version than the installed runtime (ROCm 6 removed some deprecated APIs)."),
        causes=(
            C(text="the program was built against another ROCm version than the system's", check="RD-ROCM-003",
              fix="use a build of the program for the installed ROCm, or the ROCm release it was built for"),
            C(text="more than one ROCm is installed and the wrong one is on the library path", check="RD-ROCM-002"),
        ),
        fix="Install the program's build for this ROCm (or the ROCm it was built for); check LD_LIBRARY_PATH.",
        sources=("https://github.com/hashcat/hashcat/issues/2891",),
        examples=("hipFuncSetSharedMemConfig is missing from HIP shared library.",),
        near_misses=("hipErrorNoBinaryForGpu: Unable to find code object for all current devices!",),
    ),
    S(
        # hashcat's (and other OpenCL/HIP programs') report that no compute runtime is installed: no OpenCL ICD, no
        # HIP runtime library it can load.
        id="no-compute-runtime-installed", family="packages", title="No OpenCL, HIP or CUDA runtime is installed",
        severity="fatal", tier=SETUP,
        patterns=(r"No OpenCL-compatible, HIP-compatible or CUDA-compatible platform found",
                  r"clGetPlatformIDs\(\): CL_PLATFORM_NOT_FOUND_KHR"),
        needles=("no opencl-compatible", "cl_platform_not_found_khr"),
        meaning=("The program found no compute platform: no OpenCL ICD (ROCm's rocm-opencl) and no HIP runtime "
                 "library (libamdhip64) it can load, so it sees no GPU."),
        causes=(
            C(text="the ROCm runtime (HIP, rocm-opencl) is not installed or not on the library path", check="RD-ROCM-001",
              fix="install ROCm's HIP runtime and OpenCL (amdgpu-install --usecase=hip,opencl, or the distribution's "
                  "rocm-hip-runtime and rocm-opencl packages)"),
            C(text="the amdgpu driver is not loaded or /dev/kfd is missing", check="RD-DRV-001"),
        ),
        fix="Install ROCm's HIP and OpenCL runtime for this GPU.",
        sources=("https://github.com/hashcat/hashcat/issues/2972",),
        examples=("ATTENTION! No OpenCL-compatible, HIP-compatible or CUDA-compatible platform found.",
                  "clGetPlatformIDs(): CL_PLATFORM_NOT_FOUND_KHR"),
        near_misses=("OpenCL Platform ID #1",),
    ),
    S(
        # JAX's ROCm PJRT plugin loaded without its extension module (a plugin package of another ROCm/JAX version
        # than the jaxlib): the kernels jaxlib registers as FFI handlers are then missing at the first call.
        id="jax-rocm-plugin-mismatch", family="packages", title="JAX's ROCm plugin does not match jaxlib",
        severity="fatal", tier=SETUP,
        patterns=(r"rocm_plugin_extension is not found", r"No FFI handler registered for \w{1,80} on a platform ROCM"),
        needles=("rocm_plugin_extension", "no ffi handler registered"),
        meaning=("JAX's ROCm plugin (jax-rocmN-plugin / pjrt) loaded without its extension, or registered no "
                 "handler for a jaxlib kernel: the plugin and jaxlib are of different releases or ROCm majors."),
        causes=(C(text="jax, jaxlib and the jax-rocm plugins are of different releases",
                  fix="install jax, jaxlib, jax-rocmN-plugin and jax-rocmN-pjrt of one release for the installed ROCm "
                      "major (or use the rocm/jax image)"),),
        fix="Install matching jax, jaxlib and ROCm plugin packages (one release, the ROCm major installed).",
        sources=("https://github.com/ROCm/jax/pull/825",),
        examples=("WARNING jax_plugins.xla_rocm10:__init__.py rocm_plugin_extension is not found.",
                  "NOT_FOUND: No FFI handler registered for hipsolver_getrf_ffi on a platform ROCM"),
        near_misses=("INFO jax_plugins.xla_rocm7: rocm_plugin_extension loaded",),
    ),
    # vLLM picks its platform by importing each one's library: with the ROCm build's `amdsmi` (or CUDA's NVML
    # bindings) missing it detects none and runs on UnspecifiedPlatform, then fails at its first device call
    # (vllm#24576: ROCm 6.4.2 without amdsmi's Python package). Other platforms' misses (libtpu, IPEX) are normal.
    S(
        id="vllm-no-platform", family="packages", title="vLLM detected no GPU platform (UnspecifiedPlatform)",
        severity="error", tier=SETUP,
        # (its probe of each platform is not it: a healthy CUDA server also prints "ROCm platform is not available
        # because: No module named 'amdsmi'" before "Automatically detected platform cuda.")
        patterns=(r"No platform detected, vLLM is running on UnspecifiedPlatform",),
        needles=("no platform detected",),
        meaning=("vLLM could not import the library it detects its platform with (amdsmi for ROCm, NVML for CUDA), so "
                 "it treats the machine as having no GPU platform: the installed vLLM or its Python dependencies do "
                 "not match the GPU stack."),
        causes=(
            C(text="amdsmi's Python package (from the ROCm release, /opt/rocm/share/amd_smi) is not installed in this "
                   "environment", check="RD-ROCM-001"),
            C(text="the installed vLLM is a build for another platform (PyPI's CUDA wheel on a ROCm host)",
              check="RD-TORCH-001"),
        ),
        fix=("Install amdsmi into the environment (`pip install /opt/rocm/share/amd_smi`) or use AMD's vLLM image "
             "(rocm/vllm); check `python -c 'import amdsmi'` works."),
        sources=("https://github.com/vllm-project/vllm/issues/24576",
                 "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"),
        examples=("INFO 09-10 18:43:10 [__init__.py:220] No platform detected, vLLM is running on UnspecifiedPlatform",),
        near_misses=("DEBUG 09-10 18:43:10 [__init__.py:52] TPU platform is not available because: No module named 'libtpu'",
                     "DEBUG 09-10 18:43:10 [__init__.py:120] ROCm platform is not available because: No module named "
                     "'amdsmi'",
                     "INFO 09-10 18:43:10 [__init__.py:44] Automatically detected platform rocm."),
    ),
    # AutoGPTQ imported without its compiled kernels (a CPU or CUDA wheel on a ROCm torch, BUILD_CUDA_EXT=0, a
    # Windows wheel): it says so at import and falls back to slow paths or fails at the first quantized layer.
    S(
        id="autogptq-kernels-missing", family="packages",
        title="AutoGPTQ's compiled GPU kernels are not installed",
        severity="error", tier=SETUP,
        patterns=(r"CUDA kernels for auto_gptq are not installed",
                  # bare, or behind any logger's prefix (`WARNING:auto_gptq.nn_modules...:`, `... - WARNING - `)
                  r"(?:^|[\s:-])CUDA extension not installed\.?\s*$",
                  r"Exllama kernel is not installed, reset disable_exllama to True"),
        needles=("kernels for auto_gptq", "extension not installed", "exllama kernel is not installed"),
        meaning=("AutoGPTQ was installed without its compiled extensions for this torch (a wheel built for another "
                 "torch, for CUDA, or with BUILD_CUDA_EXT=0): quantized layers run on slow fallbacks or fail."),
        causes=(
            C(text="an AutoGPTQ wheel built for CUDA or for another torch than the installed ROCm build",
              check="RD-TORCH", fix="build AutoGPTQ from source against the installed ROCm torch (ROCM_VERSION set), "
                                     "or use a ROCm wheel; GPTQModel replaces AutoGPTQ"),
        ),
        fix=("Reinstall AutoGPTQ against the installed torch (pip install --no-build-isolation from source with "
             "ROCM_VERSION set), or move to GPTQModel; check with `python -c \"import autogptq_cuda_64\"`."),
        sources=("https://github.com/AutoGPTQ/AutoGPTQ/issues/249", "https://github.com/AutoGPTQ/AutoGPTQ#installation"),
        examples=("CUDA kernels for auto_gptq are not installed, this will result in very slow inference speed. This "
                  "may because:", "CUDA extension not installed.",
                  "WARNING:auto_gptq.nn_modules.qlinear.qlinear_cuda:CUDA extension not installed.",
                  "2023-08-22 10:00:00,000 - auto_gptq.nn_modules.qlinear_cuda - WARNING - CUDA extension not installed."),
        near_misses=("INFO - The layer lm_head is not quantized.",),
    ),
    # llama.cpp's virtual-memory pool on HIP (hipMemCreate/hipMemMap): ROCm's VMM failed on many GPUs and releases,
    # so llama.cpp builds it only where asked (GGML_HIP_NO_VMM=ON by default since llama.cpp #11420) and newer
    # releases fall back at run time; a build or fork with it on aborts at the first allocation
    S(
        id="llama-cpp-hip-vmm-failure", family="packages",
        title="llama.cpp's HIP virtual-memory pool failed (a build with VMM on)",
        severity="fatal", tier=RUNTIME,
        patterns=(r"\bHipVMM Failure: (?P<reason>%s|[\w ,'-]{1,80})",),  # (gdb's ggml_abort frame: its fmt)
        needles=("hipvmm failure",),
        meaning="The llama.cpp in the program was built with HIP's virtual memory management (VMM) pool, and ROCm's "
                "VMM calls failed at the first allocation (on many Radeon GPUs and ROCm releases they do), so ggml "
                "aborted before any inference ran.",
        causes=(C(text="llama.cpp (or koboldcpp, Ollama, a wheel on it) built with the HIP VMM pool on",
                  fix="rebuild with -DGGML_HIP_NO_VMM=ON (llama.cpp's default since #11420), or update to a release "
                      "that falls back to the legacy pool"),),
        fix="Rebuild llama.cpp with -DGGML_HIP_NO_VMM=ON (older trees: -DGGML_CUDA_NO_VMM=ON), or update it.",
        sources=("https://github.com/ggml-org/llama.cpp/pull/11420",
                 "https://github.com/YellowRoseCx/koboldcpp-rocm/issues/105",
                 "https://github.com/ggml-org/llama.cpp/pull/26054"),
        examples=("ggml/src/ggml-cuda/ggml-cuda.cu:444: HipVMM Failure: out of memory",
                  "ggml_cuda.cu:648: HipVMM Failure: invalid argument"),
        near_misses=("  Device 0: AMD Radeon RX 6700 XT, compute capability 10.3, VMM: yes",),
    ),
    # llama.cpp (and Ollama, LM Studio, llama-cpp-python, koboldcpp on it) older than the model file: a GGUF of an
    # architecture it does not know, a quantisation type it cannot read, the pre-GGUF GGML format
    S(
        id="llama-cpp-model-format-unsupported", family="packages",
        title="The llama.cpp build is older than the model file's architecture or format",
        severity="fatal", tier=SETUP,
        patterns=(r"\bunknown model architecture: '[\w.-]{1,60}'",
                  r"\berror loading model: unrecognized tensor type \d{1,4}",
                  r"\bunknown \(magic, version\) combination: [0-9a-f]{8}",
                  r"\btensor '[^'\n]{1,200}' has invalid ggml type \d{1,4}"),
        needles=("unknown model architecture", "unrecognized tensor type", "(magic, version) combination",
                 "invalid ggml type"),
        meaning="The model file uses an architecture or a tensor type newer than the llama.cpp inside the program, "
                "or an old GGML file that current llama.cpp no longer reads: the program must be newer (or the file "
                "converted), whatever the GPU.",
        causes=(C(text="the app bundles an older llama.cpp than the model needs (Ollama, LM Studio, a prebuilt image "
                       "or wheel)", fix="update the app or rebuild llama.cpp / llama-cpp-python from a newer release"),),
        fix="Update the program (or the llama.cpp it bundles) to a release that knows the architecture, or use a GGUF "
            "file converted for the version you have.",
        sources=("https://github.com/ollama/ollama/issues/12984", "https://github.com/evshiron/rocm_lab/issues/13",
                 "https://github.com/mozilla-ai/llamafile/issues/711"),
        examples=("ollama  | llama_model_load: error loading model: error loading model architecture: unknown model "
                  "architecture: 'pangu-embedded'",
                  "error loading model: unrecognized tensor type 14"),
        near_misses=("llama_model_loader: - kv   0:                       general.architecture str              = gemma3",),
    ),
    # apt's resolver refusing the install: ROCm's packages built for another release of the distribution, a distro's own
    # ROCm packages (hipcc, rocm-cmake) shadowing AMD's repository, -dev packages a point release behind their libraries
    S(
        id="apt-unmet-dependencies", family="packages", title="apt cannot install the packages: unmet dependencies",
        severity="fatal", tier=SETUP,
        # (also behind BuildKit's "#8 5.124 " and compose's "api-1  | " prefixes)
        patterns=(r"\bThe following packages have unmet dependencies[.:]?\s*$",
                  r"(?:^|\s)Unsatisfied dependencies:\s*$",  # apt 3.0's wording (Debian 13, Ubuntu 25.04)
                  r"\bE: Unable to correct problems, you have held broken packages",
                  r"(?:^|\s)[\w.+-]{1,80} : (?:Pre)?Depends: \S{1,120}(?: \([^)]{1,80}\))? but (?:it is not (?:installable|"
                  r"going to be installed)|\S{1,80} is to be installed)",
                  # apt's resolver in its debug words, and dpkg leaving a package unconfigured for a missing dependency
                  r"Starting (?:\d )?pkgProblemResolver with broken count: [1-9]",
                  r"^Broken [\w.+-]{1,80}:[\w-]{1,20} (?:Pre)?Depends on ",
                  r"dpkg: dependency problems prevent configuration of [\w.+-]{1,80}"),
        needles=("unmet dependencies", "unsatisfied dependencies", "held broken packages", "depends: ",
                 "with broken count", "depends on ", "dependency problems prevent"),
        meaning="apt found no set of package versions that satisfies what was asked: a package depends on versions its "
                "repositories do not carry or on packages that conflict with installed ones.",
        causes=(
            C(text="the ROCm/amdgpu repository is for another release of the distribution than the one installed",
              fix="use the repository line (or amdgpu-install) made for this release"),
            C(text="the distribution's own ROCm packages (hipcc, rocm-cmake ...) are installed or pinned above AMD's",
              fix="remove them, or pin AMD's repository above the distribution's (Pin-Priority 600)"),
            C(text="-dev packages a point release behind their libraries (a partial upgrade)",
              fix="`sudo apt update && sudo apt full-upgrade`, then install again"),
        ),
        fix="Read the Depends lines: install the repository made for this release, remove or pin the conflicting "
            "packages, and upgrade the system before installing ROCm.",
        sources=("https://github.com/ROCm/legacy-rocm-build/issues/1730", "https://github.com/ROCm/legacy-rocm-build/issues/4323",
                 "https://github.com/ROCm/legacy-rocm-build/issues/6367", "https://github.com/ROCm/legacy-rocm-build/issues/4565",
                 "https://github.com/ROCm/legacy-rocm-build/issues/4619"),
        examples=("The following packages have unmet dependencies:", "Unsatisfied dependencies:",
                  "E: Unable to correct problems, you have held broken packages.",
                  " rocm-llvm : Depends: python but it is not installable",
                  " rocm-hip-runtime-dev : Depends: rocm-hip-runtime (= 7.2.4.70204-93~24.04) but it is not going to be "
                  "installed",
                  " python3-dev : Depends: python3 (= 3.12.3-0ubuntu1) but 3.12.3-0ubuntu2 is to be installed",
                  # https://github.com/ROCm/legacy-rocm-build/issues/4619 (dpkg -i of amdgpu-dkms alone)
                  "dpkg: dependency problems prevent configuration of amdgpu-dkms:",
                  "Starting pkgProblemResolver with broken count: 1",
                  "Broken rocm:amd64 Depends on rocminfo:amd64 < 5.7.1-3build1 @ii mK > (= 1.0.0.70001-42~24.04)"),
        near_misses=("Depends: libc6 (>= 2.34)", "The following NEW packages will be installed:",
                     "Starting pkgProblemResolver with broken count: 0"),
    ),
    # A package manager's resolver proving the requested set cannot be installed together: pip's ResolutionImpossible,
    # uv's "No solution found", conda's UnsatisfiableError, libmamba's "Could not solve", poetry's SolverProblemError.
    # Nothing was installed; the pins (a torch of one build beside a package built for another) are the cause.
    S(
        id="dependency-resolution-failed", family="packages",
        title="The package manager found no set of versions that satisfies every requirement",
        severity="fatal", tier=SETUP,
        patterns=(r"\bResolutionImpossible\b",
                  r"because these package versions have conflicting dependencies",
                  r"\bNo solution found when resolving (?:\w{1,20} )?dependencies",
                  r"UnsatisfiableError: The following specifications were found\s{0,4}to be incompatible",
                  r"\bCould not solve for environment specs\b",
                  r"\bSolverProblemError\b",
                  # pip's advice under the conflict, also where a terminal or a rich box wrapped the lines above it
                  r"\b(?:loosen the range of package versions you've|remove package versions to allow pip to attempt)\b"),
        needles=("resolutionimpossible", "conflicting dependencies", "no solution found when resolving",
                 "unsatisfiableerror", "could not solve for environment specs", "solverproblemerror",
                 "loosen the range of package versions", "remove package versions to allow pip"),
        meaning=("pip, uv, conda/mamba or poetry proved that the requested packages cannot be installed together (each "
                 "candidate of one needs a version of another that a pin or a third package excludes); nothing was "
                 "installed. With GPU stacks it is most often torch: a build for one CUDA/ROCm version (+cu126, "
                 "+rocm6.2, a conda `cuda*` build) beside a package built or pinned for another."),
        causes=(
            C(text="a torch pin whose build (CUDA/ROCm version) the other GPU packages' pins or indexes do not offer",
              check="RD-IMG-002", fix="take torch, torchvision, triton and the GPU extensions from one index (the "
                                       "ROCm index on AMD) at versions built together, or loosen the pin that conflicts"),
            C(text="two requirements pin incompatible versions of a shared dependency"),
        ),
        fix=("Read the resolver's explanation for the two requirements that conflict; pin torch and its companions "
             "(torchvision, torchaudio, triton/pytorch-triton-rocm) to one release from one index, then relax the other pin."),
        sources=("https://github.com/vladmandic/sdnext/issues/4404", "https://pip.pypa.io/en/stable/topics/dependency-resolution/#dealing-with-dependency-conflicts",
                 "https://docs.astral.sh/uv/reference/troubleshooting/build-failures/",
                 "https://github.com/pytorch/pytorch/issues/110039"),
        examples=("                         1. loosen the range of package versions you've        ",
                  "                         2. remove package versions to allow pip to attempt to ",
                  "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/",
                  "ERROR: Cannot install torch==2.1.0 and vllm==0.4.0 because these package versions have conflicting "
                  "dependencies.",
                  "  × No solution found when resolving dependencies:",
                  "conda.exceptions.UnsatisfiableError: The following specifications were found to be incompatible "
                  "with each other:",
                  "error    libmamba Could not solve for environment specs"),
        near_misses=("Resolved 42 packages in 1.2s", "Solving environment: done",
                     "INFO: pip is looking at multiple versions of torch to determine which version is compatible"),
    ),
    # Triton's compiler (the ROCm torch's pytorch-triton-rocm, PyPI's triton) failing to lower a kernel: MLIR's
    # legalization or the TritonGPU -> LLVM IR step, then LLVM's abort. The kernel needs what this Triton cannot
    # emit for the GPU (an older Triton than the code, a gfx it does not cover, a second Triton over torch's own).
    S(
        id="triton-compile-failed", family="packages", title="Triton could not compile a kernel for this GPU",
        severity="fatal", tier=SETUP,
        patterns=(r"Failed to translate TritonGPU to LLVM IR", r"LLVM Translation failed for operation: \S{1,120}",
                  r"failed to legalize operation '(?:tt|ttg|triton_gpu|amdgpu|tt\.experimental)\.[\w.]{1,60}'",
                  # its LLVM older than the GPU: the target is unknown to it (then it fails to select instructions)
                  r"'(?P<target>sm_\d{2,3}a?|gfx[0-9a-f]{3,4}[a-z]?)' is not a recognized processor for this target"),
        needles=("failed to translate tritongpu", "llvm translation failed", "failed to legalize operation",
                 "is not a recognized processor"),
        meaning=("Triton's compiler could not lower a kernel (torch.compile's, vLLM's or a library's Triton kernel) to "
                 "code for this GPU and aborted: the Triton installed cannot emit what the kernel uses on this "
                 "architecture."),
        causes=(
            C(text="the Triton installed is not the one the torch build pairs with (PyPI's triton over a ROCm torch's "
                   "pytorch-triton-rocm)", check="RD-PIN-002"),
            C(text="the GPU's gfx is outside what this Triton release supports", check="RD-GFX-001"),
        ),
        fix=("Use the Triton the torch build ships (pytorch-triton-rocm from the same ROCm index as torch) or the "
             "project's tested Triton release; otherwise turn the Triton path off for this kernel."),
        sources=("https://github.com/vllm-project/vllm/issues/3878", "https://github.com/pytorch/pytorch/issues/101137",
                 "https://github.com/lum3on/comfyui_HiDream-Sampler/issues/102"),
        examples=("Translate to LLVM IR failedLLVM ERROR: Failed to translate TritonGPU to LLVM IR.",
                  "error: LLVM Translation failed for operation: builtin.unrealized_conversion_cast",
                  "error: failed to legalize operation 'tt.load' that was explicitly marked illegal",
                  # https://github.com/lum3on/comfyui_HiDream-Sampler/issues/102 (an RTX 5090 under an older Triton)
                  "'sm_120' is not a recognized processor for this target (ignoring processor)"),
    ),
    # "no kernel image" / "invalid device function" raised from a library that ships its own GPU kernels (its frames,
    # its kernel's source file, Triton's prefix: rocmdoctor/logs/kernel_owner.py): that library's build lacks this GPU
    S(
        id="library-no-kernel-image", family="packages",
        title="A GPU kernel library has no code for this GPU (no kernel image)",
        severity="fatal", tier=RUNTIME,
        supersedes=("hip-no-kernel-image", "hip-invalid-device-function"),
        patterns=(r"Triton Error \[(?:CUDA|HIP)\]:\s{1,4}(?:Code: \d{1,4}, Mess?s?age: )?(?:no kernel image is available|"
                  r"device kernel image is invalid|invalid device function)",
                  r"no kernel image is available for execution on the device at line \d{1,7} in file \S{0,300}?[/\\]"
                  r"(?:bitsandbytes|flash_attn|xformers|torch_scatter|mmcv|apex)[/\\]"),
        needles=("triton error [", "no kernel image is available for execution on the device at line"),
        meaning=("The error comes from a library that ships its own GPU kernels (bitsandbytes, PyG's torch_scatter, "
                 "Triton, flash-attn, xformers, mmcv ...), not from torch: the build of it installed here has no code "
                 "for this GPU's architecture (a wheel for other GPUs, a Triton older than the GPU, a build for CUDA)."),
        causes=(
            C(text="xformers, flash-attn or bitsandbytes is not built for this torch's platform", check="RD-PREC-005"),
            C(text="bitsandbytes' ROCm build does not cover this GPU", check="RD-PREC-014"),
            C(text="the library was built before PYTORCH_ROCM_ARCH named this GPU", check="RD-ENV-002"),
        ),
        fix=("Install the library's build for this GPU (its ROCm wheel, or one built with this gfx in its target list; "
             "for Triton, the one the torch build ships), or build it from source here."),
        sources=("https://github.com/triton-lang/triton/issues/2971", "https://github.com/pytorch/pytorch/issues/162259",
                 "https://github.com/rusty1s/pytorch_scatter/issues/247",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/310"),
        examples=("RuntimeError: Triton Error [CUDA]: no kernel image is available for execution on the device",
                  "RuntimeError: Triton Error [CUDA]: device kernel image is invalid.",
                  "Error no kernel image is available for execution on the device at line 167 in file "
                  "D:\\ai\\tool\\bitsandbytes\\csrc\\ops.cu"),
    ),
)

# Not matched in text: what `explain` reports when the ROCm runtime under WSL finds no GPU at all (rocminfo's
# "WSL environment detected." then HSA_STATUS_ERROR_OUT_OF_RESOURCES) and does not say the GPU is unsupported
# ("ROCR: unsupported GPU" is the gfx, runtime.py). Under WSL the runtime reaches the GPU only through the Windows
# driver's DXG interface, which only some ROCm releases, distributions and Adrenalin drivers support as a set: the
# maintainers' answer in each thread is "this ROCm release/distribution has no WSL support" (FAMILIES.md: version
# pins and releases are packages). rocmdoctor/logs/explain.py puts it before the HSA error it explains.
WSL_RELEASE = S(
    id="wsl-rocm-release-unsupported", family="packages",
    title="ROCm under WSL finds no GPU: this ROCm release, distribution or Windows driver is not a WSL-supported set",
    severity="fatal", tier=RUNTIME, patterns=(), needles=(),
    meaning=("rocminfo ran ROCm's WSL runtime (it printed \"WSL environment detected.\") and HSA could not open any "
             "GPU, without calling the GPU unsupported: the runtime cannot reach the Windows driver through DXG, which "
             "happens when the ROCm release, the Linux distribution or the Adrenalin driver is not one of the "
             "combinations AMD supports on WSL."),
    causes=(
        C(text="the ROCm release has no WSL support, or the distribution is not one it supports on WSL",
          check="RD-WSL-001", fix="install the ROCm release and Ubuntu version that AMD's WSL guide lists"),
        C(text="the Windows Adrenalin driver is not one that pairs with this ROCm on WSL", check="RD-WSL-001"),
        C(text="torch loads the libhsa-runtime64 bundled in its wheel instead of ROCm's WSL runtime", check="RD-WSL-002"),
    ),
    fix="Use the ROCm release, Ubuntu version and Adrenalin driver that AMD's WSL compatibility table lists together.",
    sources=(
        "https://github.com/ROCm/ROCm/issues/5106",
        "https://github.com/ROCm/ROCm/issues/3677",
        "https://rocm.docs.amd.com/projects/radeon/en/latest/docs/compatibility/wsl/wsl_compatibility.html",
    ),
)
