"""The log signature catalog: one entry per error text a ROCm training run, its launcher or
the kernel prints, with what it means, its likely causes (each naming the rocmdoctor check
that confirms it), the fix and the public source. `rocmdoctor explain`, `rocmdoctor run`
and the kernel-log health checks all read this one table through ``catalog()`` /
``by_id()``; the matcher lives in rocmdoctor/logs/logscan/. The entries are data, one module
per family (kernel.py, runtime.py, ...); the model and how to write one: model.py.
"""
from __future__ import annotations

from . import containers, deepspeed, distributed, kernel, memory, numerics, packages, permissions, runtime
from .model import (CONSEQUENCE, DRIVER, FAMILIES, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME,  # noqa: F401
                    SETUP, SEVERITIES, TIER_NAMES, Cause, Signature)

SIGNATURES: tuple[Signature, ...] = (kernel.SIGNATURES + runtime.SIGNATURES + distributed.SIGNATURES +
                                     deepspeed.SIGNATURES + numerics.SIGNATURES + packages.SIGNATURES +
                                     memory.SIGNATURES + containers.SIGNATURES + permissions.SIGNATURES)

# Not matched in text: what `rocmdoctor run` reports when the job stops printing and its
# processes go idle (rocmdoctor/logs/watch.py). Its causes are judged like any signature's.
STALL = Signature(
    id="process-stall", family="distributed", title="The job stalled: no output and idle processes",
    severity="fatal", tier=CONSEQUENCE,
    patterns=(),
    needles=(),
    meaning=("Nothing was printed for the stall threshold while the job's processes used (almost) no CPU: they"
             " wait for something that does not come, usually a collective that a peer never joins."),
    causes=(
        Cause(text="the IOMMU translates GPU peer-to-peer DMA on this multi-GPU host", check="RD-IOMMU-001"),
        Cause(text="PCIe ACS redirects peer-to-peer traffic", check="RD-PCIE-001"),
        Cause(text="the GPUs expose only part of their VRAM through the BAR", check="RD-PCIE-003"),
        Cause(text="GPUs cannot reach each other peer-to-peer", check="RD-BENCH-004"),
        Cause(text="two ranks on one GPU, or visible devices that disagree", check="RD-ENV-003"),
        Cause(text="one rank crashed or is stuck elsewhere (its stack differs from the others')"),
        Cause(text="rank 0 is doing long work alone (dataset preprocessing, checkpoint save) while the others wait"),
    ),
    fix=("Compare the ranks' stacks: ranks in a collective wait for the one that is elsewhere. If all wait"
         " in the first collective, fix the transport the confirmed check names."),
    sources=(
        "https://github.com/ROCm/rccl/issues/1129",
        "https://github.com/pytorch/pytorch/issues/118369",
    ),
)

# Anchor words for the chunk prefilter (rocmdoctor/logs/logscan/prefilter.py): every example of
# every signature contains one (tests/test_signatures.py), so a chunk without any is skipped
# whole. Lower case; matched against the lower-cased text. Kept few: each costs one pass.
ANCHORS: tuple[str, ...] = (
    "error", "fail", "warn", "gpu", "nccl", "nan", ": inf", "=inf", "memory", "exception", "kill",
    "overflow", "unable", "pci", "bitsandbytes", "core dumped", "not found", "denied", "does not exist", "amd-vi",
    "wedged", "reg_wait", "已杀死",  # zh_CN shells print it for SIGKILL
    "fault", "no operator found",  # amdgpu's fault block pasted without its prefix; xformers' dispatcher
    "supported", "drm access group",  # a gfx refused in an app's words ("gfx906 is not supported"); rocminfo's group note
    "kv cache", "profiled value -",  # serving engines' KV cache checks (memory.py kv-cache-too-small)
    "'loss': 0.0,", '"loss": 0.0,',  # a trainer's step record with a zero loss (numerics.py loss-and-grad-norm-zero)
    "ssh: connect to host",  # ssh's own failure, printed by multi-node launchers (distributed.py)
    "torch_extension_name=",  # ninja's echo of a failing JIT op compile (deepspeed.py deepspeed-op-compile-failed)
    "crw-",  # `ls -l` of a device node (permissions.py gpu-node-mode-root-only)
    "bad_alloc", "output has", "<none>",  # C++ allocation failure; MIGraphX's trace; kubectl's empty GPU capacity
    "reducing dynamic loss scale",  # DeepSpeed's fused fp16 optimizer at its minimum scale (numerics.py fp16-loss-scale-min)
    "provider names", "module not initialized", "cpu virtual memory",  # ORT's providers; HIP modules; DeepSpeed's RAM report
    "nvcc", "sigbus", "exitcode: -7", "amdgpu not found",  # CUDA builds on ROCm; SIGBUS ranks; a driver not loaded
    "saving rejects",  # GNU patch's summary of hunks it could not apply (packages.py patch-does-not-apply)
    "-9 (pid:",  # torchrun's ChildFailedError summary of a rank killed by SIGKILL (memory.py torchrun-rank-killed)
    "guarantee(",  # ROCclr's check macro, printed without an error word (runtime.py hip-runtime-assert)
    "reducing batch",  # a trainer's own OOM retry ("OOM Detected, reducing batch/grad size to 0/2"; memory.py)
    "undefined symbol", "timeout, signaled", "configuration file for package",  # a loader's symbol error; a scrubbed ring timeout; CMake's rejected version
    "fence fallback",  # amdgpu's "[drm] Fence fallback timer expired on ring" (kernel.py amdgpu-fence-fallback-timer)
    "tensilelibrary", "com/gpu",  # rocBLAS's list of the Tensile files it has; a Kubernetes node's GPU resource
    "can't exec", "avc:",  # Perl's exec failure in hipcc (packages.py hipcc-compiler-missing); SELinux AVC records
    "invalid: ",  # sglang GSM8K bench's share of unparseable answers (numerics.py eval-accuracy-collapse)
    "member of no",  # older rocminfo's "<user> is member of nobody group" (containers.py userns-device-group-unmapped)
    "terminate called", "illegal instruction", "received signal", "sigabrt", "sigsegv",  # a C++ or native crash
    "trap invalid opcode",  # the kernel's record of a process's SIGILL (packages.py native-illegal-instruction)
    "boost::filesystem",  # the exception MIOpen throws when its database or cache directory fails (runtime.py)
    "co in the bundle", "matching platform tag",  # hip_fatbin's missing code object; uv finding no wheel (packages.py)
    "no hfi units", "no active ports", "avr_loss=0",  # a fabric with no port up (distributed.py); a zero running loss
    "unmet dependencies", "unsatisfied dependencies", "broken packages", "not installable", "to be installed",  # apt's resolver
    "package versions",  # pip's advice under a resolution conflict (packages.py dependency-resolution-failed)
    "elem=",  # Tensile's and rocBLAS's validation listing of differing elements (numerics.py result-differs-from-reference)
    # a process's abort, error-like (matcher.py _ERRORISH) without any anchor above: Open MPI's "Signal: Aborted (6)"
    # was skipped and never listed as unexplained (not "fatal"/"critical": git's and a config dump's healthy lines)
    "abort",
    "are you root",  # a GPU tool refused the device node (permissions.py gpu-tool-needs-root)
    "loss_scale 0", "loss_scale=0,",  # fairseq's progress lines with a zero loss scale (numerics.py loss-scale-collapse)
    "unknown parameter",  # a driver option the kernel ignored (kernel.py)
    "library=cpu", "\"total vram\"=\"0 b\"", "gggggggggggggggg",  # Ollama's CPU-only inference compute; a model answering in one repeated token
    "not close!", "and torch differ", "extension not installed", "kernels for auto_gptq",  # numerics and packages
    "no solution found when resolving", "could not solve for environment", "solverproblemerror", "resolutionimpossible",  # resolvers
    ": added",  # `dkms status` of a module registered and never built (kernel.py amdgpu-dkms-not-built)
    # a HIP API the runtime lacks; a profiler's capability; hipInit's code; OpenCL's and JAX's NOT_FOUND; no runtime
    "is missing from", "sys_perfmon", "hipinit()", "not_found", "no opencl-compatible",
    "unknown symbol", "about version of symbol",  # modprobe refusing a module built for another kernel (kernel.py)
    "couldn't open", "mem policy",  # TensorFlow's library loader (packages.py); libhsakmt's NUMA policy (kernel.py)
    "device: cpu", "device_type cpu",  # an application that reports it runs on the CPU (packages.py app-runs-on-cpu)
    "oops: ", "radeon 0000:",  # a kernel oops; a device the legacy radeon driver set up (kernel.py)
    "return code = -11", "exitcode: -11", "-11 (pid:",  # a rank's SIGSEGV as its launcher reports it (runtime.py)
    "did not run successfully", "no platform detected",  # pip's build step; vLLM finding no platform (packages.py)
    "nvrm: ",  # NVIDIA's kernel driver (kernel.py nvidia-kernel-driver-error)
    "healthy devices", "docker default runtime",  # a Kubernetes device plugin's GPUs (containers.py)
    "distributed_c10d.py",  # a live stack dump inside a collective (distributed.py stack-dump-in-collective)
    'total_vram="0 b"',  # Ollama's summary of the VRAM it found (runtime.py app-no-compatible-gpu)
    "recognized processor",  # an LLVM (Triton's) that does not know the GPU's target (packages.py triton-compile-failed)
    "broken count: ", "dependency problems", " depends on ",  # apt's resolver in debug words; dpkg's unconfigured package (packages.py)
)


def catalog() -> tuple[Signature, ...]:
    return SIGNATURES


_BY_ID = {s.id: s for s in SIGNATURES}


def by_id(sig_id: str) -> Signature:
    return _BY_ID[sig_id]


def family(name: str) -> tuple[Signature, ...]:
    return tuple(s for s in SIGNATURES if s.family == name)
