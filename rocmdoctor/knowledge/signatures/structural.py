"""What `rocmdoctor explain` says when no signature knows a log's words but its shape tells
the component and the class of cause (rocmdoctor/logs/reasoning.py): a traceback through
DeepSpeed's op builders, an NCCL error class, an amdgpu error in one IP block, a collective
test that printed no rows. Same model as the catalog (model.py); not matched by text, so
they are not in ``catalog()`` (``structural()`` lists them). Each cause names the checks
that confirm it.
"""
from __future__ import annotations

from .model import CONSEQUENCE, DRIVER, MEMORY, NUMERICS, RUNTIME, SETUP, Cause as C, Signature as S

PT_DIST = "https://pytorch.org/docs/stable/distributed.html"
NCCL_ERRORS = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api/types.html#ncclresult-t"
RCCL_TIPS = "https://rocm.docs.amd.com/projects/rccl/en/latest/how-to/rccl-usage-tips.html"
DS_ROCM = "https://github.com/deepspeedai/DeepSpeed/issues/7570"

_P2P = (
    C(text="the IOMMU translates GPU peer-to-peer DMA on this multi-GPU host", check="RD-IOMMU-001",
      fix="add iommu=pt to the kernel command line (rocmdoctor fix --iommu)"),
    C(text="PCIe ACS redirects peer-to-peer traffic", check="RD-PCIE-001"),
    C(text="GPUs cannot reach each other peer-to-peer", check="RD-BENCH-004"),
    C(text="two ranks on one GPU, or visible devices that disagree", check="RD-ENV-003"),
    C(text="/dev/shm too small for the intra-node transport", check="RD-CTR-002"),
)

STRUCTURAL: tuple[S, ...] = (
    # ---------------------------------------------------------------- tracebacks, by the packages of their frames
    S(
        id="tb-deepspeed-op-build", family="deepspeed", title="DeepSpeed op build failed",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("DeepSpeed's op build failed: a compiler or linker error while DeepSpeed builds an op (even one that "
                 "names a HIP header), or a traceback through its op builders (op_builder, ds_report, the import that "
                 "checks op compatibility): an op could not be compiled or DeepSpeed ran a CUDA-only check on this torch."),
        causes=(
            C(text="DeepSpeed runs CUDA-only checks (CUDA_HOME, torch.version.cuda) on the ROCm torch", check="RD-DS-004"),
            C(text="a DS_BUILD_* variable switches on an op that cannot build on ROCm", check="RD-DS-005"),
            C(text="the training ops cannot be prebuilt or JIT-built here (ninja, hipcc, headers)", check="RD-DS-002"),
            C(text="torch is not the ROCm build DeepSpeed expects (a CUDA or CPU wheel)", check="RD-TORCH-003"),
        ),
        fix="Run the checks named above; build DeepSpeed against the ROCm torch with only the ops ROCm supports.",
        sources=(DS_ROCM, "https://github.com/deepspeedai/DeepSpeed/issues/3091"),
    ),
    S(
        id="tb-deepspeed-overflow", family="numerics", title="DeepSpeed stopped in its fp16 overflow handling",
        severity="fatal", tier=NUMERICS, patterns=(), needles=(),
        meaning="The traceback ends in DeepSpeed's loss scaler or overflow check: fp16 gradients kept overflowing.",
        causes=(
            C(text="fp16 on a model or GPU that needs bf16 (or fp32) for stable training", check="RD-PREC-012"),
            C(text="the requested dtype is not native on these GPUs", check="RD-PREC-010"),
            C(text="learning rate too high or bad samples produce inf/NaN"),
        ),
        fix="Prefer bf16 where the GPUs run it natively; otherwise lower the learning rate and raise min_loss_scale.",
        sources=("https://github.com/deepspeedai/DeepSpeedExamples/issues/418",),
    ),
    # A traceback raised inside DeepSpeed's engine, ZeRO or launcher, that no rule above explains: the
    # component is DeepSpeed even when the message is only Python's ("max() arg is an empty sequence",
    # an assert); the class is a version or configuration mismatch far more often than a bug.
    S(
        id="tb-deepspeed-runtime", family="deepspeed", title="DeepSpeed raised an error in its runtime",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("The exception was raised in DeepSpeed's own code (deepspeed/runtime, zero, engine): DeepSpeed "
                 "refused or could not handle this configuration with these package versions."),
        causes=(
            C(text="DeepSpeed's version does not match what the trainer (transformers, accelerate, LLaMA-Factory) "
                   "expects", check="RD-PIN-001"),
            C(text="the DeepSpeed config does not fit the run (ZeRO stage, offload, batch sizes, no trainable "
                   "parameters in a group)", check="RD-DS-006"),
            C(text="DeepSpeed itself is broken on this install", check="RD-DS-001"),
        ),
        fix=("Read the exception with the DeepSpeed frames above it; pin DeepSpeed to the version the trainer "
             "documents and check the ZeRO section of the config."),
        sources=("https://github.com/hiyouga/LlamaFactory/issues/2546", "https://github.com/kongds/E5-V/issues/23"),
    ),
    S(
        id="tb-version-pin", family="packages", title="A version check refused the installed packages",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("The traceback runs through a version check (LLaMA-Factory's check_dependencies/check_version, "
                 "transformers' require_version): an installed package is outside the pinned range."),
        causes=(
            C(text="LLaMA-Factory's pins are not met by the installed transformers/accelerate/peft/trl",
              check="RD-PIN-001"),
            C(text="installed packages do not satisfy each other's requirements", check="RD-PIN-002"),
        ),
        fix="Install the versions the pin names (DISABLE_VERSION_CHECK=1 only hides the mismatch).",
        sources=("https://github.com/hiyouga/LlamaFactory/issues/7920", "https://github.com/hiyouga/LlamaFactory/issues/6661"),
    ),
    S(
        id="tb-extension-import", family="packages", title="A GPU extension package failed to load",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("The traceback runs through a package with its own GPU code (flash-attn, bitsandbytes, xformers, "
                 "apex) while it loads: its binary was built for another platform, torch or GPU."),
        causes=(
            C(text="xformers, flash-attn or bitsandbytes is not built for this torch's platform", check="RD-PREC-005"),
            C(text="torch is a CUDA build on this AMD machine", check="RD-TORCH-001"),
            C(text="the wheel has no code for this GPU's architecture", check="RD-GFX-002"),
        ),
        fix="Install the ROCm build of the package for this torch (or build it with the GPU's gfx target).",
        sources=("https://github.com/ROCm/flash-attention/issues/32",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/47"),
    ),
    S(
        id="tb-torch-no-gpu", family="runtime", title="torch found no usable GPU",
        severity="fatal", tier=RUNTIME, patterns=(), needles=(),
        meaning=("The traceback ends in torch.cuda's lazy initialisation (device count, properties): the ROCm "
                 "runtime in this process sees no GPU it can use."),
        causes=(
            C(text="the ROCm torch does not see the machine's GPUs", check="RD-TORCH-004"),
            C(text="this user cannot open /dev/kfd and the render nodes", check="RD-PERM-001"),
            C(text="the amdgpu driver is not loaded or /dev/kfd is missing", check="RD-DRV-001"),
            C(text="*_VISIBLE_DEVICES hide the GPUs", check="RD-ENV-003"),
            C(text="a consumer GPU outside the support list without the right HSA_OVERRIDE_GFX_VERSION",
              check="RD-ENV-001"),
        ),
        fix="Run the checks above; `rocminfo` must list the GPU for this user before torch can.",
        sources=("https://github.com/ROCm/hip/issues/3799",),
    ),
    S(
        id="container-run-without-gpu", family="containers", title="The container was started without the GPU",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("The log shows the `docker run` (podman, nerdctl) that started the container, with no --device "
                 "/dev/kfd and /dev/dri (nor --gpus, --privileged), and torch inside then seeing no GPU: the "
                 "container has no GPU device to open, whatever torch or ROCm its image holds."),
        causes=(
            C(text="the run passes neither /dev/kfd nor /dev/dri into the container", check="RD-CTR-003",
              fix="add --device=/dev/kfd --device=/dev/dri --group-add video --group-add render (on NVIDIA: --gpus all)"),
            C(text="the user in the container is not in the groups that own the device nodes", check="RD-CTR-006"),
        ),
        fix="Start the container with --device=/dev/kfd --device=/dev/dri and the video/render groups.",
        sources=("https://github.com/floydhub/dockerfiles/issues/3",
                 "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/docker.html"),
    ),
    S(
        id="visible-devices-select-none", family="runtime",
        title="ROCR_VISIBLE_DEVICES and HIP/CUDA_VISIBLE_DEVICES together select no GPU",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("The log sets ROCR_VISIBLE_DEVICES and HIP_VISIBLE_DEVICES (or CUDA_VISIBLE_DEVICES), and torch "
                 "then sees no GPU. ROCr applies its list first and numbers the GPUs it keeps from 0; HIP then picks "
                 "from those, so an index past what ROCr kept (ROCR_VISIBLE_DEVICES=1 with HIP_VISIBLE_DEVICES=1) "
                 "selects nothing."),
        causes=(
            C(text="HIP's list names GPUs by their index on the node, not within ROCR's list", check="RD-ENV-003",
              fix="select the GPUs with one of the two lists, or number HIP's from 0 within ROCR's"),
        ),
        fix="Select the GPU with one variable, or number HIP's list from 0 within ROCR's.",
        sources=("https://github.com/Parsl/parsl/issues/3858", "https://github.com/mcmonkeyprojects/SwarmUI/issues/566",
                 "https://rocm.docs.amd.com/en/latest/conceptual/gpu-isolation.html"),
    ),
    S(
        id="tb-torch-cpu-build", family="packages", title="torch is a build without GPU support",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning="torch was asked for a GPU but this build has none compiled in (a CPU-only or foreign wheel).",
        causes=(
            C(text="torch is a CPU-only build on an AMD GPU machine", check="RD-TORCH-002"),
            C(text="torch is a CUDA build on an AMD GPU machine", check="RD-TORCH-001"),
        ),
        fix="Reinstall torch from the ROCm wheel index for the system's ROCm.",
        sources=("https://github.com/patientx-cfz/comfyui-rocm/issues/131",),
    ),
    S(
        id="torch-cuda-build-no-gpu", family="packages", title="torch is a CUDA build, and it sees no GPU",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("The log prints the torch build (a +cuNNN version, or collect_env's CUDA version) and then that it "
                 "sees no GPU: a CUDA build finds no NVIDIA driver on an AMD machine, so it runs on the CPU or fails."),
        causes=(
            C(text="pip installed PyPI's (CUDA) torch instead of the ROCm build", check="RD-TORCH-001",
              fix="install torch from the ROCm index (https://download.pytorch.org/whl/rocmX.Y) for the installed ROCm"),
            C(text="a package's requirements replaced the ROCm torch of the image or venv", check="RD-IMG-002"),
        ),
        fix="Reinstall torch from the ROCm wheel index for the system's ROCm; keep it with --no-deps or a constraint.",
        sources=("https://github.com/invoke-ai/InvokeAI/issues/7977",),
    ),
    S(
        id="pip-replaces-rocm-torch", family="packages", title="pip is replacing the ROCm build of torch",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("pip found a ROCm build of torch installed and is uninstalling it, or fetching a torch wheel from "
                 "PyPI (a CUDA build) or NVIDIA's CUDA libraries: a package asked for a torch version or extra the "
                 "ROCm index does not satisfy. After it, torch sees no AMD GPU."),
        causes=(
            C(text="a package pins a torch version the ROCm wheel index does not have", check="RD-TORCH-001"),
            C(text="pip was run without the ROCm wheel index, so it resolved torch from PyPI"),
        ),
        fix=("Keep the installed torch: install the package with a constraint on the torch already there "
             "(`pip install PKG \"torch==$(python -c 'import torch;print(torch.__version__)')\"` or `-c constraints.txt`) "
             "or with `--no-deps`, and reinstall torch from the ROCm index if it was already replaced."),
        sources=("https://github.com/pypa/pip/issues/12902",),
    ),
    S(
        id="launcher-rank-died-silently", family="memory",
        title="A rank died without an error, and the DeepSpeed launcher stopped the others",
        severity="fatal", tier=MEMORY, patterns=(), needles=(),
        meaning=("DeepSpeed's launcher prints 'Killing subprocess' for the other ranks when one rank exits; a rank that "
                 "raised prints its traceback first. Here no rank printed an error before it: the rank was killed "
                 "from outside, on a training host almost always by the kernel's OOM killer (SIGKILL) while the "
                 "model, its checkpoint or the optimizer states were read into host RAM."),
        causes=(
            C(text="host RAM ran out (every rank loads the model or the checkpoint at once; CPU offload)",
              check="RD-DS-006", fix="load on fewer ranks or with low_cpu_mem_usage; add swap or RAM"),
            C(text="a memory limit on the job (cgroup, Slurm --mem, container)", check="RD-KERN-001"),
        ),
        fix="Check `dmesg | grep -i 'killed process'` on the node; lower the host memory each rank needs.",
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/1956", "https://github.com/OptimalScale/LMFlow/issues/265"),
    ),
    S(
        id="tb-dataloader-worker", family="memory", title="A DataLoader worker died",
        severity="fatal", tier=MEMORY, patterns=(), needles=(),
        meaning="The traceback runs through torch's DataLoader worker handling: a worker process was killed.",
        causes=(
            C(text="/dev/shm is too small for the workers' shared-memory tensors (Docker's default is 64 MB)",
              check="RD-CTR-002", fix="docker run --ipc=host or --shm-size=16g; or fewer num_workers"),
            C(text="the host ran out of RAM and the OOM killer took a worker"),
        ),
        fix="Give the container more shared memory (--ipc=host) or lower num_workers.",
        sources=("https://github.com/pytorch/pytorch/issues/5040",),
    ),
    S(
        id="tb-distributed", family="distributed", title="torch.distributed failed",
        severity="fatal", tier=RUNTIME, patterns=(), needles=(),
        meaning=("The traceback runs through torch.distributed, vLLM's or DeepSpeed's communicator set-up: a "
                 "collective or the process group could not be created."),
        causes=_P2P + (
            C(text="the ranks cannot reach each other (interface, MASTER_ADDR, firewall)", check="RD-NET-001"),
        ),
        fix="Read the NCCL/RCCL lines above the traceback (NCCL_DEBUG=INFO); run the checks named here.",
        sources=(PT_DIST,),
    ),
    S(
        id="tb-shared-library", family="packages", title="A shared library a package needs is missing",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning="Loading a compiled module failed: a shared library it was linked against is not on this system.",
        causes=(
            C(text="the package was built against another ROCm (or CUDA) version than the system's",
              check="RD-ROCM-003"),
            C(text="torch is a CUDA build on this AMD machine", check="RD-TORCH-001"),
            C(text="more than one ROCm is installed and the wrong one is on the library path", check="RD-ROCM-002"),
        ),
        fix="Install the package build that matches the system ROCm, or put its ROCm libraries on LD_LIBRARY_PATH.",
        sources=("https://github.com/ROCm/TheRock/issues/1119",),
    ),
    S(
        id="tb-rocm-sdk", family="packages", title="ROCm's Python wheels (rocm-sdk) failed their own check",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("The error is raised in the rocm_sdk package (ROCm installed from Python wheels: TheRock's rocm, "
                 "rocm-sdk-core, rocm-sdk-libraries-<gfx family>): its own tests or loader found the installed wheels "
                 "incomplete or not for this GPU."),
        causes=(
            C(text="the wheels come from another GPU family's index than this GPU's (gfx110X, gfx120X, gfx94X ...)",
              check="RD-GFX-002"),
            C(text="a nightly of the wheels with broken console scripts or libraries; a release or an older nightly "
                   "works"),
        ),
        fix=("Reinstall rocm[libraries,devel] from the index for this GPU's family (`rocm-sdk test` names what fails), "
             "or pin the last nightly that passes."),
        sources=("https://github.com/ROCm/TheRock/blob/main/RELEASES.md",),
    ),
    # ---------------------------------------------------------------- builds, by the compiler's or linker's own error line
    S(
        id="build-failed", family="packages", title="A GPU extension failed to compile or link",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("A compiler or linker error line (file:line: error:, c++/hipcc/ld: error:, ld: cannot find, "
                 "FAILED: x.o) stopped a package's native build: the package, its build flags or its toolchain do "
                 "not fit this ROCm."),
        causes=(
            C(text="the build used the host compiler (c++, gcc) where it needs hipcc or ROCm's clang"),
            C(text="headers or libraries of another ROCm are on the build's paths", check="RD-ROCM-002"),
            C(text="the package targets a gfx list or a ROCm version other than this machine's", check="RD-ENV-002"),
            C(text="torch is not the ROCm build the package compiles against (a CUDA or CPU wheel)", check="RD-TORCH-001"),
        ),
        fix=("Read the first error line (quoted): build with the ROCm compiler (CXX=hipcc or ROCm's clang) against "
             "one ROCm, for the GPU's gfx; or install a prebuilt ROCm wheel of the package."),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/695",
                 "https://rocm.docs.amd.com/en/latest/reference/rocmcc.html"),
    ),
    S(
        id="build-missing-file", family="packages", title="A native build stopped on a file that is not there",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("The build's first error is a header, compiler or tool that does not exist where the build looks "
                 "(\"fatal error: 'x.h' file not found\", \"hip/hip_runtime_api.h: No such file or directory\", "
                 "\"make: /usr/bin/hipcc: No such file or directory\"): a ROCm or system dev package is not "
                 "installed, or the build's paths (ROCM_PATH, ROCM_HOME, the include list) point elsewhere."),
        causes=(
            C(text="a ROCm dev package (hip-dev, rocblas-dev, rocrand-dev ...) or the C++ standard headers "
                   "(libstdc++-dev) are not installed"),
            C(text="the build looks in another ROCm prefix than the installed one (ROCM_PATH/ROCM_HOME unset or wrong)",
              check="RD-ROCM-002", fix="export ROCM_PATH=/opt/rocm (and ROCM_HOME) before building"),
        ),
        fix=("Install the package that provides the missing file (the quoted line names it), or point the build at "
             "the installed ROCm (ROCM_PATH/ROCM_HOME=/opt/rocm)."),
        sources=("https://github.com/agrocylo/bitsandbytes-rocm/issues/1", "https://github.com/ROCm/MIOpen/issues/2049"),
    ),
    # ---------------------------------------------------------------- an arch name next to a refusal
    S(
        id="gfx-refused", family="runtime", title="The GPU's architecture is not in this build",
        severity="fatal", tier=RUNTIME, patterns=(), needles=(),
        meaning=("A line names the GPU's gfx next to a refusal (not supported, unsupported, invalid, no kernels): "
                 "the runtime, ROCm libraries or the application were built without code for this architecture."),
        causes=(
            C(text="the GPU is not on this ROCm's support list (an override or a build for it is needed)",
              check="RD-GFX-001"),
            C(text="HSA_OVERRIDE_GFX_VERSION is missing or wrong for this GPU", check="RD-ENV-001"),
            C(text="the torch wheel has no code for this GPU", check="RD-GFX-002"),
        ),
        fix="Use a ROCm/application build that lists this gfx, or the documented HSA_OVERRIDE_GFX_VERSION for its family.",
        sources=("https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/system-requirements.html",),
    ),
    S(
        id="gfx-refused-library", family="packages", title="A kernel library refuses this GPU's architecture",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("A GPU kernel library (flash-attention, xformers, bitsandbytes, AOTriton ...) names the GPU's gfx "
                 "next to a refusal: the installed build of that library has no kernels for this architecture."),
        causes=(
            C(text="fast attention kernels (CK, AOTriton, flash-attn) do not cover this gfx", check="RD-PREC-004"),
            C(text="xformers, flash-attn or bitsandbytes is not built for this torch's platform", check="RD-PREC-005"),
            C(text="bitsandbytes' ROCm build does not cover this GPU", check="RD-PREC-014"),
        ),
        fix="Use the library's build for this gfx (or build it with the gfx target), or an attention path the GPU has.",
        sources=("https://github.com/ROCm/flash-attention/issues/93",),
    ),
    # ---------------------------------------------------------------- refusal classes, by a sentence's grammar
    # (structure.sentence_class): what the sentence refuses, in any library's wording; its subject picks the family.
    S(
        id="refusal-version", family="packages", title="A version requirement is not met",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("An error line states a version requirement the installed packages do not meet (\"requires X >= N\", "
                 "\"you must install torch greater or equal to\", \"... but found X==M\", \"is not compatible with\"): "
                 "a package is older or newer than what the code that refused needs."),
        causes=(
            C(text="installed packages do not satisfy each other's requirements", check="RD-PIN-002"),
            C(text="the trainer's pins (LLaMA-Factory, transformers, accelerate) are not met", check="RD-PIN-001"),
            C(text="torch is older than the feature needs (a ROCm wheel index pinned to an old release)",
              check="RD-TORCH-003"),
        ),
        fix=("Install the version the line names, keeping the ROCm torch that is installed (pip's -c constraints or "
             "--no-deps), or pin the refusing package to a release that accepts the installed one."),
        sources=("https://packaging.python.org/en/latest/specifications/version-specifiers/",
                 "https://github.com/Megvii-BaseDetection/BEVDepth/issues/14"),
    ),
    S(
        id="refusal-option", family="packages", title="A value the installed package does not accept",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("An error line refuses a value and lists the ones allowed (\"Precision '16-mixed' is invalid. Allowed "
                 "precision values\", \"must be one of\", \"invalid choice\"): the value comes from a newer or older "
                 "release of the package than the one installed, or from a typo in the launch."),
        causes=(
            C(text="the launch or config was written for another release of the package (a precision string, an "
                   "option renamed)", check="RD-PIN-002"),
            C(text="the trainer's pins are not met by the installed packages", check="RD-PIN-001"),
        ),
        fix="Use one of the values the line lists, or install the release of the package the launch was written for.",
        sources=("https://github.com/bytedance/MVDream-threestudio/issues/5", "https://github.com/Lightning-AI/litgpt/issues/241"),
    ),
    S(
        id="refusal-capability-library", family="packages", title="A GPU kernel library refuses this GPU",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("A GPU kernel library (flash-attention, xformers, bitsandbytes, Triton, CK) says the GPU lacks a "
                 "capability its kernels need (an architecture, a compute capability, matrix cores): the installed build "
                 "of the library has no kernels for this GPU."),
        causes=(
            C(text="fast attention kernels (CK, AOTriton, flash-attn) do not cover this GPU", check="RD-PREC-004"),
            C(text="xformers, flash-attn or bitsandbytes is not built for this torch's platform", check="RD-PREC-005"),
        ),
        fix="Use an attention or kernel path the GPU has (SDPA/eager), or the library's build for this GPU.",
        sources=("https://github.com/Dao-AILab/flash-attention/issues/1506",),
    ),
    S(
        id="refusal-capability", family="runtime", title="The GPU lacks a capability this build needs",
        severity="fatal", tier=RUNTIME, patterns=(), needles=(),
        meaning=("An error line says the GPU (its architecture, compute capability or a hardware feature) is not "
                 "supported by the build or application that printed it."),
        causes=(
            C(text="the GPU is not on this ROCm's support list (an override or a build for it is needed)",
              check="RD-GFX-001"),
            C(text="the torch wheel has no code for this GPU", check="RD-GFX-002"),
            C(text="HSA_OVERRIDE_GFX_VERSION is missing or wrong for this GPU", check="RD-ENV-001"),
        ),
        fix="Use a build that lists this GPU's architecture, or switch off the feature the line names.",
        sources=("https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/system-requirements.html",),
    ),
    S(
        id="refusal-capability-bf16", family="numerics", title="bf16 refused on this GPU",
        severity="fatal", tier=NUMERICS, patterns=(), needles=(),
        meaning="An error line says this GPU (or its build) does not support bf16: the run asked for a precision it cannot use.",
        causes=(C(text="bf16 on a GPU that does not run it natively", check="RD-PREC-001"),),
        fix="Train in fp16 (with loss scaling) or fp32 on this GPU; bf16 needs MI200/MI300 or RDNA3 and later.",
        sources=("https://pytorch.org/docs/stable/amp.html",),
    ),
    # ---------------------------------------------------------------- the driver under a user-space failure
    S(
        id="driver-refuses-gpu", family="kernel", title="The kernel driver does not serve this GPU",
        severity="fatal", tier=DRIVER, patterns=(), needles=(),
        meaning=("rocminfo says the ROCk (amdgpu KFD) module is not loaded, or the kernel's KFD refuses the device "
                 "(\"not supported in kfd\", \"skipped device\"): the user-space errors after it (cannot open "
                 "/dev/kfd, HSA_STATUS_ERROR_*) follow from the driver, not from permissions or libraries."),
        causes=(
            C(text="the amdgpu driver is not loaded or /dev/kfd is missing", check="RD-DRV-001"),
            C(text="amdgpu is denylisted or the GPU is too old for KFD (ROCm compute)", check="RD-DRV-002"),
            C(text="the GPU is not on this ROCm's support list", check="RD-GFX-001"),
        ),
        fix="Load amdgpu on a GPU that ROCm supports (dmesg | grep -i kfd says why it was skipped).",
        sources=("https://github.com/ROCm/ROCm/issues/2232",
                 "https://github.com/aws-deepracer-community/deepracer-core/issues/82"),
    ),
    # ---------------------------------------------------------------- by exception class alone
    S(
        id="exc-import", family="packages", title="A Python package is missing or does not match",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning="An import failed (ImportError/ModuleNotFoundError): a package is missing, or its version or build "
                "does not match the others.",
        causes=(
            C(text="installed packages do not satisfy each other's requirements", check="RD-PIN-002"),
            C(text="xformers, flash-attn or bitsandbytes is not built for this torch's platform", check="RD-PREC-005"),
        ),
        fix="Install the missing package, or the version the importing package requires.",
        sources=("https://docs.python.org/3/library/exceptions.html#ImportError",),
    ),
    # ZLUDA runs CUDA programs on AMD GPUs (Windows, mostly) by translating CUDA calls to HIP: a CUDA error there is
    # its layer not matching the HIP SDK, the program's CUDA libraries or the torch it patched (FAMILIES.md: packages;
    # 17 of the corpus's 22 ZLUDA failures were labelled so from their threads)
    S(
        id="zluda-layer", family="packages", title="A CUDA program run through ZLUDA failed in the translation layer",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning="The log runs a CUDA build through ZLUDA; its GPU error is ZLUDA's DLLs, the HIP SDK they were built "
                "for, or a CUDA library call ZLUDA does not implement, more often than the GPU itself.",
        causes=(
            C(text="ZLUDA was built for another HIP SDK version than the one installed (hiprtc/amdhip64 DLL names)"),
            C(text="the CUDA DLLs in torch's lib folder were not replaced by ZLUDA's (cublas, cusparse, nvrtc)"),
            C(text="the program calls a CUDA library function ZLUDA does not implement (cuBLASLt, cuDNN, MMQ kernels)"),
        ),
        fix="Match ZLUDA to the installed HIP SDK, re-run its patch of torch's lib folder, and turn off the CUDA "
            "features it lacks (cuDNN, cuBLASLt); or use a ROCm build of the program where one exists.",
        sources=("https://github.com/lshqqytiger/ZLUDA", "https://github.com/vosen/ZLUDA"),
    ),
    S(
        id="exc-gpu-runtime", family="runtime", title="The GPU runtime raised an error",
        severity="fatal", tier=RUNTIME, patterns=(), needles=(),
        meaning="A HIP/CUDA runtime error surfaced in Python (torch's AcceleratorError/RuntimeError).",
        causes=(
            C(text="the torch wheel has no code for this GPU", check="RD-GFX-002"),
            C(text="HSA_OVERRIDE_GFX_VERSION is wrong for this GPU", check="RD-ENV-001"),
            C(text="torch's ROCm does not match the system ROCm", check="RD-ROCM-003"),
        ),
        fix="Rerun with AMD_SERIALIZE_KERNEL=3 to see which kernel failed; run the checks named here.",
        sources=("https://rocm.docs.amd.com/projects/HIP/en/latest/reference/error_codes.html",),
    ),
    S(
        id="exc-memory", family="memory", title="The process ran out of memory",
        severity="fatal", tier=MEMORY, patterns=(), needles=(),
        meaning="The exception is an out-of-memory error (GPU or host).",
        causes=(
            C(text="the model, batch or sequence length does not fit the GPU; use ZeRO/offload or a smaller batch",
              check="RD-DS-006"),
            C(text="on an APU the usable memory is the GTT limit, not the VRAM carve-out", check="RD-APU-001"),
        ),
        fix="Lower the batch or sequence length, enable gradient checkpointing, or shard with ZeRO.",
        sources=("https://pytorch.org/docs/stable/notes/cuda.html#memory-management",),
    ),
    # ---------------------------------------------------------------- NCCL/RCCL error classes
    S(
        id="nccl-class-system", family="distributed", title="RCCL/NCCL: a system call or socket failed",
        severity="fatal", tier=RUNTIME, patterns=(), needles=(),
        meaning=("ncclSystemError: a system call (socket, connect, shared memory, malloc) failed inside RCCL; the "
                 "'Last error:' line names it."),
        causes=(
            C(text="NCCL_SOCKET_IFNAME/GLOO_SOCKET_IFNAME name interfaces this host does not have, or none routable",
              check="RD-NET-001"),
            C(text="a debugging workaround left in the environment changes the transport", check="RD-RCCL-001"),
            C(text="/dev/shm too small for the intra-node transport", check="RD-CTR-002"),
        ),
        fix="Set NCCL_SOCKET_IFNAME to the interface the nodes share; open the port range between nodes.",
        sources=(NCCL_ERRORS, "https://github.com/ROCm/rccl/issues/328"),
    ),
    S(
        id="nccl-class-internal", family="distributed", title="RCCL/NCCL: internal check failed",
        severity="fatal", tier=RUNTIME, patterns=(), needles=(),
        meaning=("ncclInternalError: RCCL hit a state it does not expect: topology or NIC detection, mismatched "
                 "versions between ranks, or memory corruption; the 'Last error:' line says which."),
        causes=(
            C(text="the GPU/NIC topology RCCL detects is unusual (XGMI/PCIe/NUMA)", check="RD-RCCL-002"),
            C(text="a debugging workaround left in the environment (NCCL_*/RCCL_* variables)", check="RD-RCCL-001"),
            C(text="ranks run different RCCL/torch versions (one image per node)"),
        ),
        fix="Rerun with NCCL_DEBUG=INFO and read the line before the error; use one image on every node.",
        sources=(NCCL_ERRORS, "https://github.com/NVIDIA/nccl/issues/1247"),
    ),
    S(
        id="nccl-class-remote", family="distributed", title="RCCL/NCCL: a peer exited or the network failed",
        severity="fatal", tier=CONSEQUENCE, patterns=(), needles=(),
        meaning=("ncclRemoteError: a call failed because another rank exited early or the network between them "
                 "dropped; the first failure is in the other rank's log."),
        causes=(
            C(text="another rank crashed first (read every rank's log for the first error)"),
            C(text="the network between the nodes dropped or uses the wrong interface", check="RD-NET-001"),
        ),
        fix="Find the rank that failed first; its error is the cause, this one follows from it.",
        sources=(NCCL_ERRORS, "https://github.com/NVIDIA/nccl/issues/2076"),
    ),
    S(
        id="nccl-class-cuda", family="distributed", title="RCCL/NCCL: a GPU runtime call failed",
        severity="fatal", tier=RUNTIME, patterns=(), needles=(),
        meaning=("ncclUnhandledCudaError: a HIP/CUDA call inside RCCL failed (peer-to-peer IPC, memory, a kernel "
                 "without code for this GPU); the 'Last error:' line names the call."),
        causes=(
            C(text="peer-to-peer IPC between the GPUs fails (IOMMU, ACS, missing amdgpu-dkms)", check="RD-IOMMU-001"),
            C(text="the torch/RCCL build has no code for this GPU", check="RD-GFX-002"),
            C(text="the amdgpu driver build does not match the kernel", check="RD-DRV-003"),
        ) + _P2P[1:],
        fix="Rerun with NCCL_DEBUG=INFO; if hipIpc* calls fail, fix peer-to-peer (iommu=pt, ACS) first.",
        sources=(NCCL_ERRORS, "https://github.com/ROCm/rccl-tests/issues/120"),
    ),
    S(
        id="nccl-class-usage", family="distributed", title="RCCL/NCCL: invalid usage or argument",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning="ncclInvalidUsage/ncclInvalidArgument: the communicator was used wrongly, usually two ranks on one GPU.",
        causes=(
            C(text="two ranks on one GPU, or visible devices that disagree", check="RD-ENV-003"),
            C(text="more ranks per node than GPUs the job can see", check="RD-LCH-001"),
        ),
        fix="Give every rank its own GPU (LOCAL_RANK -> device); check the visible-device variables.",
        sources=(NCCL_ERRORS,),
    ),
    # ---------------------------------------------------------------- kernel lines by IP block
    S(
        id="kernel-ip-error", family="kernel", title="amdgpu reported an error",
        severity="error", tier=DRIVER, patterns=(), needles=(),
        meaning=("An amdgpu/KFD kernel line no signature knows reports an error; the IP block it names (GFX, SDMA, "
                 "PSP, SMU, MES, GMC, display, PCIe) tells which part of the GPU or driver."),
        causes=(
            C(text="GPU resets, hangs, faults or hardware errors in this boot's kernel log", check="RD-KERN-001"),
            C(text="the amdgpu driver build does not match the running kernel", check="RD-DRV-003"),
            C(text="a firmware or VBIOS version known to be bad", check="RD-HEALTH-008"),
            C(text="PCIe errors on the GPU or the bridges above it", check="RD-HEALTH-003"),
        ),
        fix="Read the kernel lines around it (dmesg); update the amdgpu driver and firmware together.",
        sources=("https://docs.kernel.org/gpu/amdgpu/amdgpu-glossary.html",),
    ),
    # ---------------------------------------------------------------- output that stops
    S(
        id="stop-collective-test", family="distributed", title="The collective test hung before its first result",
        severity="fatal", tier=CONSEQUENCE, patterns=(), needles=(),
        meaning=("rccl-tests/nccl-tests printed its header and the devices, then no result row: the first "
                 "collective never completed. Almost always the transport between the GPUs."),
        causes=_P2P,
        fix="Retry with NCCL_P2P_DISABLE=1 to confirm the peer-to-peer path; fix the check that fails.",
        sources=("https://github.com/ROCm/rccl/issues/1129", RCCL_TIPS),
    ),
    S(
        id="stop-progress", family="distributed", title="Training stopped making progress",
        severity="fatal", tier=CONSEQUENCE, patterns=(), needles=(),
        meaning=("The log's last lines are collective set-up, or training progress followed only by a timeout, a "
                 "scheduler cancel or a kill: the job hung there, usually in a collective one rank never joined."),
        causes=_P2P + (
            C(text="one rank crashed or is stuck elsewhere (compare the ranks' last lines)"),
            C(text="rank 0 does long work alone (evaluation, checkpoint save, data preprocessing)"),
        ),
        fix="Run it under `rocmdoctor run` to capture the ranks' stacks when it stalls; fix the transport first.",
        sources=("https://github.com/open-mmlab/mmdetection/issues/7976", PT_DIST),
    ),
    S(
        id="stop-progress-open", family="distributed", title="Progress stops mid-run: still running, or hung there",
        severity="warning", tier=CONSEQUENCE, patterns=(), needles=(),
        meaning=("The log's last line is training progress short of its total and nothing follows, and no line says "
                 "the job hung or was stopped (no watchdog or timeout, no scheduler cancel, no kill). A log copied "
                 "while the job still ran looks exactly like this; so does a job hung at that step."),
        causes=(
            C(text="the job was still running when the log was copied (nothing wrong)"),
            C(text="rank 0 does long work alone (evaluation, checkpoint save, data preprocessing)"),
        ) + _P2P,
        fix=("If the job is still running, nothing is wrong. If its output stopped there, rerun it under "
             "`rocmdoctor run -- CMD` (it captures the ranks' stacks when progress stalls) and look in every rank's "
             "log for a watchdog or timeout line (NCCL watchdog, Slurm TIME LIMIT)."),
        sources=("https://github.com/open-mmlab/mmdetection/issues/7976", PT_DIST),
    ),
    # ---------------------------------------------------------------- a line's words, when nothing else knows it
    S(
        id="line-numerics", family="numerics", title="Training diverged: NaN, inf or exploding values",
        severity="error", tier=NUMERICS, patterns=(), needles=(),
        meaning=("A line no signature knows reports NaN/inf values, fp16 overflow at any loss scale, or a loss or "
                 "gradient norm that blew up in training."),
        causes=(
            C(text="fp16 where the model or GPU needs bf16 or fp32", check="RD-PREC-012"),
            C(text="the requested dtype is not native on these GPUs", check="RD-PREC-010"),
            C(text="learning rate too high, or bad samples"),
        ),
        fix="Train in bf16 where the GPUs run it natively; lower the learning rate; check the data.",
        sources=("https://pytorch.org/docs/stable/amp.html",),
    ),
    S(
        id="line-permissions", family="permissions", title="The GPU device nodes are not accessible",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning="A line no signature knows reports that /dev/kfd or /dev/dri cannot be opened, or a group is missing.",
        causes=(
            C(text="this user cannot open /dev/kfd and the render nodes", check="RD-PERM-001"),
            C(text="the user is not in the render and video groups (in this session)", check="RD-PERM-002"),
            C(text="in a container, /dev/kfd and /dev/dri are not passed in", check="RD-CTR-001"),
        ),
        fix="Add the user to the render and video groups (log in again); pass the devices into containers.",
        sources=("https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/prerequisites.html",),
    ),
    # A GPU fault (a memory access fault, a HIP error) raised while the process ran a collective: the collective's
    # kernels or its peer-to-peer buffers faulted, so the transport between the GPUs is where to look first
    # (rccl#59, tensorflow-upstream#369, legacy-rocm-build#6505); the same fault from clinfo (rccl#415) stays runtime.
    S(
        id="gpu-fault-in-collective", family="distributed", title="The GPU faulted inside an RCCL collective",
        severity="fatal", tier=RUNTIME, patterns=(), needles=(),
        meaning=("The GPU fault came while the process ran an RCCL collective (a collective test case, NCCL_DEBUG's "
                 "launch record or an RCCL call just before it): the collective's kernels touched a peer's memory that "
                 "was not mapped for them. Peer-to-peer access through the IOMMU or PCIe is the usual cause."),
        causes=(
            C(text="the IOMMU translates GPU peer-to-peer DMA (no iommu=pt)", check="RD-IOMMU-001"),
            C(text="PCIe ACS or the platform blocks peer-to-peer between the GPUs", check="RD-PCIE-001"),
            C(text="a debugging workaround left in the environment changes RCCL's transport", check="RD-RCCL-001"),
            C(text="code built for another GPU running under HSA_OVERRIDE_GFX_VERSION", check="RD-ENV-001"),
        ),
        fix="Run `rocmdoctor scan --select RD-IOMMU,RD-PCIE,RD-RCCL`; retry with NCCL_P2P_DISABLE=1 to confirm the transport.",
        sources=("https://github.com/ROCm/rccl/issues/59",
                 "https://github.com/ROCm/tensorflow-upstream/issues/369",
                 "https://github.com/ROCm/legacy-rocm-build/issues/6505"),
    ),
    S(
        id="in-container-device-access", family="containers",
        title="Inside a container, the GPU device nodes cannot be used",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("The log was taken in a container (its shell prompt's host is a container ID) and says /dev/kfd or "
                 "the render nodes cannot be opened, or the HSA runtime cannot start: inside a container that is "
                 "how devices that were not passed in, or passed without the host's render/video group, look."),
        causes=(
            C(text="in a container, /dev/kfd and /dev/dri are not passed in", check="RD-CTR-001"),
            C(text="the container user lacks the host's render/video GIDs (group_add)", check="RD-CTR-006"),
            C(text="the amdgpu driver is not loaded on the host, so /dev/kfd does not exist", check="RD-DRV-001"),
        ),
        fix="Pass --device=/dev/kfd --device=/dev/dri and --group-add with the host's render and video GIDs.",
        sources=("https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/docker.html",
                 "https://github.com/ROCm/ROCm-docker/issues/34"),
    ),
    S(
        id="root-only-device-access", family="permissions",
        title="The GPU works as root but not as this user",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning=("The log shows the runtime failing to start (HSA out of resources, no device, /dev/kfd not opened) "
                 "and then the same kind of command under sudo listing the GPU: the device nodes are there and work, "
                 "this user may not open them."),
        causes=(
            C(text="the user is not in the group that owns /dev/kfd and the render nodes (render since ROCm 3.3 on "
                   "Ubuntu 20.04 and later; video before)", check="RD-PERM-001",
              fix="sudo usermod -aG render,video $USER, then log in again"),
            C(text="the user was added to the groups but this session predates it (log out and in, or newgrp)",
              check="RD-PERM-002"),
        ),
        fix="Add the user to the group that owns /dev/kfd (`ls -l /dev/kfd`), usually render and video; log in again.",
        sources=("https://github.com/ROCm/legacy-rocm-build/issues/1064",
                 "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/prerequisites.html"),
    ),
    S(
        id="line-containers", family="containers", title="The container could not get the GPU",
        severity="fatal", tier=SETUP, patterns=(), needles=(),
        meaning="A line no signature knows reports a container runtime error about devices or GPUs.",
        causes=(
            C(text="in a container, /dev/kfd and /dev/dri are not passed in", check="RD-CTR-001"),
            C(text="NVIDIA-only GPU syntax (--gpus, runtime: nvidia) on an AMD machine", check="RD-CTR-004"),
            C(text="the amdgpu driver is not loaded on the host, so /dev/kfd does not exist", check="RD-DRV-001"),
        ),
        fix="Pass --device=/dev/kfd --device=/dev/dri and --group-add for the host's render/video GIDs.",
        sources=("https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/docker.html",),
    ),
)


def structural() -> tuple[S, ...]:
    return STRUCTURAL


_BY_ID = {s.id: s for s in STRUCTURAL}


def by_id(sig_id: str) -> S:
    return _BY_ID[sig_id]
