"""The classes behind fresh log batch 19's misses (docs/explain.md, "Classes fixed after fresh batch 19"),
each fixed as a class with its look-alikes; the spent batch-19 excerpt is a regression case, not a measurement.

A. A size-0 tensor meeting a full one is a ZeRO-3 partitioned parameter used outside its gather
   (Lightning#17605, open-r1#692); two non-zero sizes stay an ordinary shape bug.
B. The host's own memory-pressure lines are `memory` (ollama#16983, ComfyUI#10369); amdgpu's framebuffer pin
   failure alone is not, and a GPU memory fault printed with it keeps its family.
C. An accuracy eval whose answers do not parse, or that misses its gate, is `numerics` (a silently wrong
   result: sglang#12819, #28851); a healthy or merely lower score is not.
D. An app or installer saying the torch it got is a CPU/PyPI wheel on an AMD host is `packages`
   (unsloth#5180, #8731, #7301), not the GPU runtime.
E. A failing library path under /.singularity.d/libs is Apptainer's --rocm bind of the host's ROCm
   (apptainer#1621, PR #1622, PR #2606): `containers`; the same rocBLAS error on a host or Flatpak path stays runtime.
"""
from __future__ import annotations

import pytest

from tests.explain_helpers import corpus_lines, run, top

# ------------------------------------------------------------------ A. ZeRO-3 size-0 parameter
SIZE_ZERO = [
    # source: https://github.com/huggingface/open-r1/issues/692 (accelerate -> deepspeed engine backward)
    ["[rank0]:     self.engine.backward(loss, **kwargs)",
     "[rank0]: RuntimeError: The size of tensor a (0) must match the size of tensor b (5120) at non-singleton dimension 1"],
    # the same class with the operands the other way round
    ["RuntimeError: The size of tensor a (4096) must match the size of tensor b (0) at non-singleton dimension 0"],
]


@pytest.mark.parametrize("lines", SIZE_ZERO, ids=lambda ls: ls[-1][-40:])
def test_a_size_zero_mismatch_is_zero3(lines):
    assert top(lines) == ("deepspeed", "zero3-partitioned-param-size-zero")


@pytest.mark.parametrize("line", [
    # source: https://github.com/deepspeedai/DeepSpeedExamples/issues/643
    "RuntimeError: The size of tensor a (768) must match the size of tensor b (3072)",
    # source: https://github.com/datawhalechina/unlock-deepseek/issues/40 (a max_seq_length setting)
    "RuntimeError: The size of tensor a (1024) must match the size of tensor b (1025) at non-singleton dimension 1",
    "RuntimeError: The size of tensor a (10) must match the size of tensor b (100) at non-singleton dimension 0",
])
def test_a_nonzero_shape_bug_is_not_zero3(line):
    assert top([line])[1] != "zero3-partitioned-param-size-zero"


def test_a_fresh19_lightning_excerpt():
    assert top(corpus_lines("za-lightning-ds-stage3-offload-size0", "fresh/logs"))[0] == "deepspeed"


# ------------------------------------------------------------------ B. host memory pressure
def test_b_comfyui_command_submission_enomem_is_memory():
    # source: https://github.com/Comfy-Org/ComfyUI/issues/10369 (journalctl, RX 9070 XT)
    lines = [
        "nov 06 06:01:01 Odin kernel: amdgpu 0000:09:00.0: amdgpu: 000000005abb2ae3 pin failed",
        "nov 06 06:01:01 Odin kernel: [drm:amdgpu_dm_plane_helper_prepare_fb [amdgpu]] *ERROR* Failed to pin framebuffer with error -12",
        "nov 06 06:01:01 Odin gnome-shell[2562]: Page flip failed: drmModeAtomicCommit: Kan ikke tildele hukommelse",
        "nov 06 06:01:01 Odin kernel: [drm:amdgpu_cs_ioctl [amdgpu]] *ERROR* Not enough memory for command submission!",
        "nov 06 06:01:01 Odin kernel: [drm:amdgpu_cs_ioctl [amdgpu]] *ERROR* Not enough memory for command submission!",
    ]
    assert top(lines) == ("memory", "host-memory-pressure")


def test_b_journald_pressure_is_memory():
    lines = ["Jul 08 09:45:54 host systemd-journald[898]: Under memory pressure, flushing caches."]
    assert top(lines) == ("memory", "host-memory-pressure")


def test_b_pin_failure_alone_is_not_memory_pressure():
    lines = ["[20146.621557] [drm:amdgpu_dm_plane_helper_prepare_fb [amdgpu]] *ERROR* Failed to pin framebuffer with error -12"]
    assert top(lines)[1] != "host-memory-pressure"


def test_b_gpu_fault_with_pin_failure_keeps_its_family():
    # fresh rocm-5581: a memory access fault, then amdgpu's pin failure; the fault is the cause
    lines = corpus_lines("rocm-5581-comfy-gfx1201-memfault-pin", "fresh/logs")
    assert top(lines)[1] != "host-memory-pressure"


def test_b_fresh19_ollama_excerpt():
    assert top(corpus_lines("za-ollama-rocm-igpu-host-memory-pressure", "fresh/logs"))[0] == "memory"


# ------------------------------------------------------------------ C. eval accuracy collapse
def test_c_sglang_gsm8k_all_invalid_is_numerics():
    # source: https://github.com/sgl-project/sglang/issues/12819 (the spent fresh-19 excerpt)
    assert top(corpus_lines("za-sglang-grok25-gsm8k-zero-accuracy", "fresh/logs"))[0] == "numerics"


def test_c_eval_gate_fail_is_numerics():
    # source: https://github.com/sgl-project/sglang/issues/28851 (InferenceX eval gate, MI355X)
    lines = ["FAIL: gsm8k exact_match,strict-match = 0.0356 (< 0.91 from models.dsv4)",
             "FAIL: gsm8k exact_match,flexible-extract = 0.0281 (< 0.91 from models.dsv4)"]
    assert top(lines) == ("numerics", "eval-accuracy-collapse")


@pytest.mark.parametrize("lines", [
    # source: https://github.com/sgl-project/sglang/pull/13975 (a healthy RDNA4 run)
    ["Accuracy: 0.880", "Invalid: 0.000", "Latency: 31.492 s", "Output throughput: 1052.244 token/s"],
    # source: https://github.com/sgl-project/sglang/issues/7692 (lower with DP; the answers still parse)
    ["GSM8K benchmark (enable DP)", "Accuracy: 0.755", "Invalid: 0.008", "Latency: 130.073 s"],
    ["PASS: gsm8k exact_match,strict-match = 0.9591 (>= 0.91 from models.dsv4)"],
])
def test_c_healthy_or_parseable_eval_is_not_flagged(lines):
    assert top(lines)[1] != "eval-accuracy-collapse"
    assert run(lines).exit_code() == 0


# ------------------------------------------------------------------ D. CPU/PyPI torch on an AMD host
@pytest.mark.parametrize("lines", [
    # source: https://github.com/unslothai/unsloth/issues/8731 (installer on Bazzite, RX 9070 XT)
    ["[WARN] AMD GPU detected, but no ROCm/HIP install was found to select the matching",
     "       GPU PyTorch build -- falling back to CPU-only PyTorch."],
    # source: https://github.com/unslothai/unsloth/issues/7301 (Strix Halo)
    ["gpu none (CPU-only) No GPU detected -- installing CPU-only PyTorch. AMD ROCm users: see "
     "https://docs.unsloth.ai/get-started/install-and-update/amd"],
])
def test_d_installer_cpu_torch_is_packages(lines):
    assert top(lines) == ("packages", "torch-cpu-wheel-on-amd-host")


def test_d_fresh19_unsloth_excerpt():
    assert top(corpus_lines("za-unsloth-studio-no-usable-hip", "fresh/logs")) == ("packages", "torch-cpu-wheel-on-amd-host")


def test_d_rocm_torch_selected_is_not_flagged():
    lines = ["  gpu            AMD ROCm (gfx1201)", "                 ROCm: /opt/rocm"]
    assert top(lines)[1] != "torch-cpu-wheel-on-amd-host"


# ------------------------------------------------------------------ E. Apptainer --rocm host-library binds
@pytest.mark.parametrize("line", [
    # source: https://github.com/apptainer/apptainer/pull/1622 (tom-papatheodore's comment)
    "ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.29' not found "
    "(required by /.singularity.d/libs/libhsa-runtime64.so.1)",
    # source: https://github.com/apptainer/apptainer/pull/2606 (Rocky 9.4 host, Ubuntu 18.04 image)
    "/lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.33' not found (required by /.singularity.d/libs/libnuma.so.1)",
])
def test_e_singularity_bound_library_is_containers(line):
    assert top([line]) == ("containers", "apptainer-rocm-bound-host-library")


def test_e_fresh19_apptainer_excerpt():
    assert top(corpus_lines("zb-apptainer-rocm-bind-tensile-illegal-seek", "fresh/logs"))[0] == "containers"


@pytest.mark.parametrize("name,batch", [
    ("rocblas-1339-tensile-illegal-seek", "logs"),        # the same error on the host's /opt/rocm path
    ("dsnote-flatpak-tensile-dat", "fresh/logs"),         # a Flatpak sandbox path (a GPU rocBLAS lacks)
])
def test_e_same_error_outside_apptainer_stays_runtime(name, batch):
    assert top(corpus_lines(name, batch))[0] == "runtime"
