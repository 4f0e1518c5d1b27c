"""Lines that look like errors and are not: printed by healthy runs on every machine of a kind.
`explain` does not count them as error-like (no exit code 1, not listed as unexplained), and
the kernel-line reasoning ignores them. Each entry: a linear regex, why it is harmless, source.
"""
from __future__ import annotations

import re
from functools import lru_cache

BENIGN: tuple[tuple[str, str, str], ...] = (
    (r"NCCL (?:INFO|WARN) (?:misc/ibvwrap\.cc:\d{1,5} )?(?:NCCL WARN )?Failed to open libibverbs\.so",
     "no InfiniBand verbs library: RCCL/NCCL uses sockets; harmless on every machine without InfiniBand",
     "https://github.com/pytorch/pytorch/issues/68893"),
    (r"ibvwrap\.cc:\d{1,5} NCCL WARN Failed to open libibverbs",
     "the same message in NCCL's older format", "https://github.com/NVIDIA/nccl/issues/257"),
    # rdma-core probes every provider library it knows at start; one not installed (a VMware, Amazon or other
    # vendor's) prints this and the next provider is tried: "libibverbs: Warning: couldn't load driver
    # 'libvmw_pvrdma-rdmav34.so': ... cannot open shared object file" (uccl#301, whose real error came after)
    (r"^libibverbs: Warning: couldn't load driver '[\w.+-]{1,80}'",
     "rdma-core probing an RDMA provider library this host does not have; the others are tried",
     "https://github.com/linux-rdma/rdma-core/blob/master/libibverbs/dynamic_driver.c"),
    (r"NET/Plugin ?: ?(?:No plugin found|Could not find|Plugin load (?:\(\S{1,64}\) )?returned|dlerror=)",
     "no external network plugin: the internal one is used", "https://github.com/ROCm/rccl/issues/1129"),
    (r"could not load binary firmware \S{1,200} either",
     "FreeBSD's firmware loader trying the next path; a later line says it loaded",
     "https://github.com/freebsd/drm-kmod/issues/323"),
    (r"async_io (?:requires the dev libaio|: please install the libaio)|If libaio is already installed",
     "ds_report: the optional async_io op needs libaio; training does not", "https://github.com/deepspeedai/DeepSpeed/issues/4768"),
    (r"using untested triton version|specify the CUTLASS repo directory",
     "ds_report notes about ops a ROCm training run does not use", "https://github.com/deepspeedai/DeepSpeed/issues/2772"),
    # torch 2.0 looks for NVIDIA's nvFuser library at import and warns where the build has none (every ROCm and CPU
    # build of that release): "[W interface.cpp:47] Warning: Loading nvfuser library failed with: Error in dlopen"
    (r"Warning: Loading nvfuser library failed with",
     "torch 2.0 warns at import that its optional nvFuser library is absent; nothing uses it on ROCm",
     "https://github.com/pytorch/pytorch/pull/95603"),
    # MIOpen loads its optional per-device composable-kernel library at start; where the build ships none for the gfx
    # it says so as a warning and uses its other solvers (TheRock#4681: a working gfx1103 ComfyUI run)
    (r"MIOpen(?:\(HIP\))?: Warning \[OpenRuntimeLibraryForDevice\] CK [\w ]{1,40} library not found for device",
     "MIOpen's optional composable-kernel library for this gfx is absent; its other solvers are used",
     "https://github.com/ROCm/TheRock/issues/4681"),
    (r"\[GIN-debug\] \[WARNING\]", "Ollama's web framework in debug mode", "https://github.com/ollama/ollama/issues/8963"),
    # rasdaemon's (and mcelog's) record of a machine-check error the hardware corrected: it says itself none is needed
    (r"\bCorrected error, no action required\b",
     "a machine-check error the hardware corrected (rasdaemon, mcelog): no action required",
     "https://github.com/mchehab/rasdaemon/issues/121"),
    (r"Unable to find python bindings at /usr/local/dcgm", "NVIDIA DCGM bindings absent: not used",
     "https://github.com/facebookresearch/xformers/issues/982"),
    (r"\bRAS: optional ras ta ucode is not available",
     "optional RAS trusted-application firmware", "https://github.com/yshui/picom/issues/1390"),
    # rocm-smi -a / --showallinfo on a GPU or driver that lacks a metric: one ERROR line per field it cannot read,
    # then a summary warning; the GPUs work (legacy-rocm-build#1453, pasted into many reports)
    (r"^ERROR: (?:\d{1,3} )?GPU\[\d{1,3}\]\s{0,16}:?\s{0,16}[^\n]{0,80}?(?:is unsupported|RSMI_STATUS_NOT_SUPPORTED|"
     r"has not been implemented in this system|not supported on this)",
     "rocm-smi cannot read one metric on this GPU or driver (unsupported field): the GPU works",
     "https://github.com/ROCm/legacy-rocm-build/issues/1453"),
    # AMD's RDC daemon (rdcd) asking ROCm SMI for a field or health check the GPU does not serve: one ERROR pair per
    # field on every poll, while the GPUs and the other fields work (rocm-systems#11467)
    (r"RdcMetricFetcherImpl\.cc\(\d{1,6}\): (?:Fetch status is not ok error: \d{1,12}|Fail to fetch \d{1,4}:\w{1,60} "
     r"with rsmi error code \d{1,4})",
     "rdcd could not fetch one metric (unsupported on this GPU or driver); the GPUs work",
     "https://github.com/ROCm/rocm-systems/issues/11467"),
    # hy-smi (Hygon's rocm-smi) and rocm-smi naming one field a card does not expose (the Z100L's unique id), then
    # printing every other field (gpustack#1508): the card works
    (r"^Error: Failed to show [\w ]{1,40}: File read or write error\.?\s*$",
     "hy-smi/rocm-smi could not read one field of this card; the other fields follow",
     "https://github.com/gpustack/gpustack/issues/1508"),
    # rocminfo's module check through libkmod, tripping over another module's holders folder (a vendor driver such as
    # Jungo's windrvr6): rocminfo then opens /dev/kfd and lists the agents (legacy-rocm-build#1227)
    (r"libkmod: ERROR \S{1,200} kmod_module_get_holders: could not open '/sys/module/\w{1,60}/holders'",
     "libkmod could not read another module's holders while rocminfo checked for amdgpu; the GPU works",
     "https://github.com/ROCm/legacy-rocm-build/issues/1227"),
    # A GPU monitor (btop) that cannot read one metric through ROCm SMI warns at every start; the GPU works (btop#852)
    (r"\bROCm SMI: Failed to get (?:maximum |minimum )?(?:GPU )?(?:temperature|power(?: usage)?|fan speed|clock|"
     r"voltage|utili[sz]ation|memory usage)",
     "a monitor could not read one metric through ROCm SMI (unsupported on this GPU or driver); the GPU works",
     "https://github.com/aristocratos/btop/issues/852"),
    # A program probing for an optional GPU library, at INFO/DEBUG level, and going on without that vendor's GPUs
    # ("INFO: Failed to load librocm_smi64.so, AMD GPUs will not be detected" on an NVIDIA host: btop-gpu#1)
    (r"\b(?:INFO|DEBUG)\b:?[^\n]{0,40}Failed to load \S{1,80}\.so[\w.]{0,20},[^\n]{0,60}(?:will not|won't) be "
     r"(?:detected|used|available|shown)",
     "an optional GPU library is absent and the program says it goes on without it (logged as information)",
     "https://github.com/maevii/btop-gpu/issues/1"),
    (r"^WARNING:\s{1,16}One or more commands failed\s*$",
     "rocm-smi's summary after fields it could not read", "https://github.com/ROCm/legacy-rocm-build/issues/1453"),
    # Benchmark and evaluation summaries: a row or header that names failures/errors with no failure in it.
    (r"^\|\s{0,40}(?:failed|failures?|errors?|error count|error rate)\b[\w ()/%.-]{0,40}\|\s{0,40}0(?:\.0{1,6})?\s{0,3}%?\s{0,40}\|",
     "a benchmark's summary table reporting zero failed requests or errors",
     "https://github.com/vllm-project/vllm/pull/27776"),
    (r"^\s{0,8}(?:test|train|training|validation|valid|val|eval|evaluation|dev) error:\s{0,4}$",
     "an evaluation section header (the PyTorch tutorials print the accuracy on the next line)",
     "https://github.com/pytorch/pytorch/issues/100795"),
    # c10's stack-trace header follows the line that said what happened (an error or a [W...] warning);
    # it is not a second error.
    (r"^Exception raised from \w{1,80} at \S{1,300}:\d{1,6} \(most recent call first\):",
     "the C++ stack header after a torch message; the message before it says whether it failed",
     "https://github.com/meta-pytorch/torchcomms/pull/2358"),
    # rocminfo looks the user up to check the video group and says so when it cannot (a container UID with no
    # passwd entry); it then goes on to list the agents. A real access failure is its "/dev/kfd" line.
    (r"^\s{0,4}Failed to get user name to check for video group membership\s{0,4}$",
     "rocminfo skipping its group check (no user name for this UID, as in containers); the /dev/kfd line says whether access failed",
     "https://github.com/ROCm/ROCm-docker/issues/50"),
    # GTK_MODULES set by the desktop (xapp, canberra) that the app's Gtk cannot find: printed at level
    # "Message" by every Gtk app started from such a desktop, even pasted with the terminal's colour markup.
    (r"Gtk-(?:<[^>]{1,40}>){0,4}Message(?:<[^>]{1,40}>){0,4}:[^\n]{0,120}Failed to load module (?:\"|&quot;)[\w-]{1,40}-module",
     "Gtk's note that a desktop's optional Gtk module is absent; the app runs without it",
     "https://github.com/lllyasviel/Fooocus/issues/627"),
    # rocBLAS tries hipBLASLt first for a GEMM and, when hipBLASLt has no solution for it, says so once and
    # runs the GEMM on its own Tensile kernels: the run goes on (StabilityMatrix#1390, as torch's "Overriding
    # blas backend to hipblas" in rocm-libraries#780). A hipBLASLt call that fails outright raises
    # HIPBLAS_STATUS_* instead, and a missing TensileLibrary file is rocblaslt's own "Cannot read".
    (r"^\s{0,4}rocBLAS (?:error|warning): (?:No hipBLASLt solution found|hipBlasLT failed, falling back to tensile)",
     "rocBLAS running a GEMM on its Tensile kernels where hipBLASLt has none; the run goes on",
     "https://github.com/LykosAI/StabilityMatrix/issues/1390"),
    (r"^\s{0,4}This message will be only be displayed once, unless the ROCBLAS_VERBOSE_(?:HIPBLASLT|TENSILE)_ERROR",
     "rocBLAS's note under its hipBLASLt fallback line", "https://github.com/LykosAI/StabilityMatrix/issues/1390"),
    # CTest's summary of a run where every test passed; skipped tests are listed after it as "did not run" and
    # are no failure (hip-tests, composable_kernel, oneMath print it so). Any other percentage stays error-like.
    (r"^\s{0,4}100% tests passed, 0 tests failed out of \d{1,9}\s{0,4}$",
     "CTest's summary when every test that ran passed (skipped ones are listed below it, not failed)",
     "https://github.com/ROCm/composable_kernel/pull/752"),
    (r"^frame #0: c10::Error::Error\(",
     "the first frame of every c10 stack trace (the error object's constructor), not an error of its own",
     "https://github.com/meta-pytorch/torchcomms/pull/2358"),
)


@lru_cache(maxsize=1)
def _rx() -> re.Pattern:
    return re.compile("|".join(f"(?:{p})" for p, _, _ in BENIGN), re.I)


def is_benign(text: str) -> bool:
    return _rx().search(text) is not None
