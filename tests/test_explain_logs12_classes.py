"""Classes fixed by track logs12 (issue 24), each from at least two independent threads: a GPU kernel
library's capability refusal in the forms the sentence classes missed (an extension's arch check, xformers'
"not supported because:" with the reason on the next line), and the KFD interface version the user-space
thunk refuses (the kernel driver older than ROCm). Each: real text with its source URL, and a look-alike
that must not answer the same way."""
from __future__ import annotations

from rocmdoctor.engine.machine import Machine
from rocmdoctor.logs.explain import explain
from rocmdoctor.logs.logscan import scan_text
from rocmdoctor.logs.structure import sentence_class


def _top(lines: list[str]):
    result = scan_text(lines, name="x.log")
    result.files = ["x.log"]
    expl = explain(result, Machine(None), inputs=["x.log"], shape_lines=[("x.log", lines)])
    probs = [d for d in expl.diagnoses if d.is_problem]
    return (probs[0].signature.id, probs[0].signature.family) if probs else (None, None)


# ---------------------------------------------------------------- capability refusals of a kernel library

# https://github.com/Dao-AILab/flash-attention/issues/190 (flash-attn's TORCH_CHECK on the GPU's arch)
IS_SM80 = "RuntimeError: Expected is_sm80 || is_sm90 to be true, but got false."
# https://github.com/facebookresearch/xformers/issues/891 (the reason is on the line after the refusal)
XFORMERS = [
    "ValueError: Operator `memory_efficient_attention` does not support inputs:",
    "     query       : shape=(1, 4101, 32, 128) (torch.float16)",
    "     attn_bias   : <class 'xformers.ops.fmha.common.LowerTriangularMask'>",
    "     p           : 0.0",
    "`flshattF` is not supported because:",
    "    requires a GPU with compute capability > 7.5",
]


def test_arch_predicate_check_is_a_kernel_library_refusal():
    assert sentence_class(IS_SM80) == ("refusal-capability-library",
                                       "a GPU kernel library refuses this GPU's capability")
    assert _top(["Traceback (most recent call last):", IS_SM80]) == ("refusal-capability-library", "packages")


def test_arch_predicate_that_held_is_not_a_refusal():
    # the same check that passed, and a torch check on something else, are no capability refusal
    assert sentence_class("RuntimeError: Expected all tensors to be on the same device, but found at least two "
                          "devices, cuda:0 and cpu!") is None
    assert sentence_class("is_sm80 = True, is_sm90 = False") is None


def test_refusal_continued_on_next_line_reads_both_and_the_library_above():
    assert _top(XFORMERS) == ("refusal-capability-library", "packages")


def test_compute_capability_comparison_is_not_a_version_requirement():
    got = sentence_class("`flshattF` is not supported because: requires a GPU with compute capability > 7.5",
                         alone=True)
    assert got is not None and got[0] == "refusal-capability"
    # a package version in the same grammar stays a version requirement
    assert sentence_class("ImportError: requires torch >= 2.1")[0] == "refusal-version"


def test_reason_after_a_non_refusal_header_is_not_joined():
    # a "because:" line that is not a refusal header leaves the next line to be judged alone (no error form)
    lines = ["Skipping step because:", "    requires a GPU with compute capability > 7.5", "step 10 loss 1.2"]
    assert _top(lines)[0] != "refusal-capability-library"


# ---------------------------------------------------------------- KFD interface version (driver older than ROCm)

# https://github.com/ROCm/legacy-rocm-build/issues/1423 and /1583 (ROCr), https://github.com/PaddlePaddle/Paddle/issues/73087
ROCR_INCOMPATIBLE = "HSA Error:  Incompatible kernel and userspace, Vega 20 [Radeon VII] disabled. Upgrade amdgpu."
THUNK_MISMATCH = "[ROCT-Thunk-Interface/src/hymgr.c:344, WARNING]: Version mismatch"


def test_kfd_interface_mismatch_is_the_driver():
    for line in (ROCR_INCOMPATIBLE, THUNK_MISMATCH):
        assert _top(["ROCk module is loaded", line]) == ("kfd-userspace-version-mismatch", "kernel")


def test_a_package_version_mismatch_is_not_the_driver():
    # constructed look-alikes (no thread): a package pin or torch-vs-system ROCm is a package question
    for line in ("WARNING: ROCm version mismatch between PyTorch (6.2) and system (6.1)",
                 "ERROR: torch version mismatch: expected 2.3.0, found 2.4.1"):
        assert _top([line])[0] != "kfd-userspace-version-mismatch"


# ---------------------------------------------------------------- the k8s device plugin that registers no GPU

# https://github.com/ROCm/k8s-device-plugin/issues/40 (EKS node without KFD: the plugin starts, registers nothing)
PLUGIN_NO_GPU = [
    "I0724 03:19:09.793051       1 main.go:305] AMD GPU device plugin for Kubernetes",
    "I0724 03:19:09.793086       1 main.go:305] ./k8s-device-plugin version v1.18.1-21-g2e5bbc7",
    "I0724 03:19:09.793105       1 manager.go:42] Starting device plugin manager",
    "I0724 03:19:09.793108       1 manager.go:46] Registering for system signal notifications",
    "I0724 03:19:09.793400       1 manager.go:60] Starting Discovery on new plugins",
    "I0724 03:19:09.793416       1 manager.go:66] Handling incoming signals",
]
# https://github.com/ROCm/k8s-device-plugin/issues/42 (a maintainer's comment: what a node with KFD logs next)
PLUGIN_SERVES = ['1 manager.go:71] Received new list of plugins: [gpu]', '1 manager.go:110] Adding a new plugin "gpu"']


def test_device_plugin_that_registers_no_gpu_is_the_driver():
    assert _top(PLUGIN_NO_GPU) == ("driver-refuses-gpu", "kernel")


def test_device_plugin_that_registers_its_gpu_plugin_is_not_flagged():
    assert _top(PLUGIN_NO_GPU + PLUGIN_SERVES)[0] is None


# ---------------------------------------------------------------- a ring timeout the driver soft-recovered

# https://github.com/yuzu-emu/yuzu/issues/2559 (the same event as "timeout, signaled seq=..., emitted seq=...")
SOFT_RECOVERED = "[drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx timeout, but soft recovered"
# https://github.com/ROCm/amdgpu/issues/202 (the driver announcing its own ring reset: the consequence, not the hang)
RING_RESET_NOTE = "[   87.854618] amdgpu 0000:45:00.0: amdgpu: Starting gfx_0.0.0 ring reset"


def test_soft_recovered_ring_timeout_is_a_ring_timeout():
    assert _top([SOFT_RECOVERED]) == ("amdgpu-ring-timeout", "kernel")


def test_ring_reset_announcement_is_not_a_ring_timeout():
    assert _top([RING_RESET_NOTE])[0] != "amdgpu-ring-timeout"
