"""explain on what healthy runs print (issue 24 §2): a line that declares itself a warning is not
error-like, an application's line that names amdgpu is not a kernel event, the container runtime
speaking names the container layer, a NaN step the run recovers from is not the failure, and the
verdict never contradicts the list under it. Constructed lines for each class, then the real
dev excerpts (tests/corpus/logs, source URL on each file's first line) that showed it."""
from __future__ import annotations

import os

import pytest

from rocmdoctor.logs.logscan.matcher import declares_low_level, looks_like_error
from rocmdoctor.logs.reasoning import line_rule
from rocmdoctor.logs.structure import analyze
from tests.explain_helpers import corpus_lines, run





# ------------------------------------------------------------------ a line's own level
WARNING_LINES = [
    "[W socket.cpp:464] [c10d] The server socket has failed to listen on [::]:29500 (errno: 98 - Address already in use).",
    "W0325 21:16:42.796000 578 site-packages/torch/distributed/run.py:792] failed to set OMP_NUM_THREADS",
    "[W508 11:47:03.157708266 ProcessGroupNCCL.cpp:1554] Warning: WARNING: destroy_process_group() was not called",
    "/opt/conda/lib/python3.11/site-packages/torch/_subclasses/functional_tensor.py:275: UserWarning: Failed to "
    "initialize NumPy: No module named 'numpy'",
    "WARNING 03-10 19:47:32 [utils.py:56] Failed to import from amdsmi with ModuleNotFoundError(\"No module named 'amdsmi'\")",
    "(APIServer pid=1) WARNING 03-23 22:46:06 [moe.py:59] Failed to load the fused MoE kernel",
    "WARNING:root:Failed to load the fused kernel, falling back to the PyTorch implementation",
    "[2024-12-15 12:05:30,940] [WARNING] [stage3.py:1850:step] 4 pytorch allocator cache flushes: failed to keep up",
    "2024-12-15 12:05:30,940 - accelerate - WARNING - Failed to detect the number of GPUs",
    'time=2025-05-13T10:00:00Z level=WARN source=amd_linux.go:61 msg="ollama recommends the amdgpu driver" '
    'error="amdgpu version file missing: /sys/module/amdgpu/version: no such file or directory"',
    "DeprecationWarning: pkg_resources is deprecated as an API; import failed silently",
    # NCCL's own info level: plugin probing on every init (NVIDIA/nccl#1267 shows it on a working rank)
    "instance-8g-96c-3:2744870:2744870 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v7 symbol.",
]


@pytest.mark.parametrize("text", WARNING_LINES)
def test_a_line_that_declares_a_warning_is_not_error_like(text):
    assert declares_low_level(text)
    assert not looks_like_error(text)


@pytest.mark.parametrize("text", [
    "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:911, unhandled system error",
    "z292:58192:58200 [2] NCCL WARN Cuda failure 'invalid argument'",  # NCCL reports its errors as WARN
    "[E socket.cpp:957] [c10d] The client socket has failed to connect to [host]:29500",
    'time=2024-09-10T21:53:24.695Z level=ERROR source=amd_linux.go:364 msg="permission problems block access"',
    "ERROR: Could not find a version that satisfies the requirement torch==2.9.9",
    "docker: Error response from daemon: error gathering device information",  # a program's own error
])
def test_error_levels_and_error_forms_stay_error_like(text):
    assert not declares_low_level(text)
    assert looks_like_error(text)


@pytest.mark.parametrize("text", [
    "  eval error: 0.0213  eval_loss: 0.41",  # a metric called error
    "max error=4e-07 at size 8",
    "Loading checkpoint from /data/runs/MeanSquaredError/checkpoint-500",  # a path named like an exception
])
def test_metrics_and_paths_named_error_are_not_error_like(text):
    assert not looks_like_error(text)


def test_a_healthy_log_of_warnings_exits_0_and_says_so():
    expl = run(["Epoch 1/3"] + WARNING_LINES + ["{'loss': 0.41, 'grad_norm': 1.2, 'epoch': 1.0}"])
    assert expl.exit_code() == 0
    assert not expl.problems and not expl.result.unexplained_count
    assert "no known failure" in expl.verdict()


def test_the_same_words_at_error_level_are_still_a_failure():
    # The mutant that drops the level test, or drops every "failed" line, both fail here.
    expl = run(["[E socket.cpp:957] [c10d] The client socket has failed to connect to [host]:29500"])
    assert expl.exit_code() == 1


# ------------------------------------------------------------------ kernel lines by their form
def test_an_application_line_naming_amdgpu_is_not_a_kernel_event():
    app = ('time=2024-09-10T21:53:24.695Z level=ERROR source=amd_linux.go:364 msg="amdgpu devices detected but '
           'permission problems block access" error="open /dev/kfd: permission denied"')
    assert analyze([app]).kernel == []
    assert line_rule(app) == "line-permissions"


@pytest.mark.parametrize("raw", [
    "[  312.522692] amdgpu 0000:28:00.0: ring gfx_0.0.0 timeout, signaled seq=57638, emitted seq=57641",
    "Apr 27 16:58:22 host kernel: [drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx timeout",
    "drmn0: amdgpu_device_ip_init failed",
    "amdgpu 0000:c5:00.0: amdgpu: MES failed to respond to msg=REMOVE_QUEUE",
])
def test_kernel_lines_are_kernel_events(raw):
    shape = analyze([raw])
    assert len(shape.kernel) == 1
    from rocmdoctor.logs.logscan.lines import parse

    assert line_rule(parse(raw, 1).text) == "kernel-ip-error"


def test_the_container_runtime_speaking_names_the_container_layer():
    docker = 'docker: Error response from daemon: error gathering device information while adding custom device ' \
             '"/dev/kfd": no such file or directory.'
    assert line_rule(docker) == "line-containers"
    assert line_rule("Unable to open /dev/kfd read-write: Permission denied") == "line-permissions"
    assert analyze([docker]).kernel == []


# ------------------------------------------------------------------ a NaN step the run recovers from
def test_a_non_finite_grad_norm_that_comes_back_finite_is_a_skipped_step():
    expl = run(["{'loss': 1.9091, 'grad_norm': nan, 'learning_rate': 1e-05, 'epoch': 0.01}",
                "{'loss': 0.9186, 'grad_norm': 3.9772, 'learning_rate': 1e-05, 'epoch': 0.02}"])
    assert expl.exit_code() == 0
    d = next(d for d in expl.diagnoses if d.signature.family == "numerics")
    assert not d.is_problem and "line 2" in d.recovered
    assert d.recovered in d.facts


def test_a_non_finite_grad_norm_at_the_end_stays_the_failure():
    expl = run(["{'loss': 0.9186, 'grad_norm': 3.9772, 'learning_rate': 1e-05, 'epoch': 0.02}",
                "{'loss': 1.9091, 'grad_norm': nan, 'learning_rate': 1e-05, 'epoch': 0.03}"])
    assert expl.exit_code() == 1
    assert expl.problems[0].signature.family == "numerics"


def test_a_finite_loss_alone_does_not_count_as_recovery_of_the_grad_norm():
    expl = run(["{'loss': 0.0, 'grad_norm': nan, 'epoch': 0.53}", "{'loss': 0.0, 'epoch': 0.54}"])
    assert expl.exit_code() == 1


# ------------------------------------------------------------------ the real dev excerpts
@pytest.mark.parametrize("name,family", [
    ("ollama-7723-kfd-permission-native", "permissions"),
    ("rocm-1893-docker-windows-no-kfd", "containers"),
    ("modernbert-233-loss-zero-grad-nan", "numerics"),
])
def test_real_failures(name, family):
    expl = run(corpus_lines(name))
    assert expl.exit_code() == 1
    assert expl.problems[0].signature.family == family


def test_real_docker_excerpt_is_the_device_node_signature():
    expl = run(corpus_lines("rocm-1893-docker-windows-no-kfd"))
    assert expl.problems[0].signature.id == "docker-device-node-missing"
    assert not expl.problems[0].structural


@pytest.mark.parametrize("name", ["tablemaster-32-amp-first-nan-healthy", "rccltests-163-mi50-init-info-healthy",
                                  "unsloth-5301-bnb-rocm-version-warning-healthy", "k8sdp-157-amdsmi-version-healthy"])
def test_real_healthy_excerpts_exit_0(name):
    assert run(corpus_lines(name)).exit_code() == 0


def test_the_verdict_never_contradicts_the_list_on_dev_excerpts():
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "benchmarks"))
    from accuracy_logs import corpus

    for case in corpus("dev"):
        expl = run(corpus_lines(case["name"]), name=case["name"])
        probs = [d for d in expl.diagnoses if d.is_problem]
        if probs:
            assert expl.exit_code() == 1
            assert expl.verdict().startswith(probs[0].signature.title), case["name"]
        else:
            assert not expl.verdict().startswith(tuple(d.signature.title for d in expl.diagnoses)) or \
                expl.verdict().startswith("no "), case["name"]
            assert (expl.exit_code() == 1) == bool(expl.result.unexplained_count), case["name"]


# ------------------------------------------------------------------ a log taken inside a container
@pytest.mark.parametrize("prompt", ["[root@04ff0f3d3aa3 /]# ls /dev/kfd", "rocm-user@409e97fd5bce:/opt/rocm$ ./vector_copy"])
def test_a_prompt_on_a_container_id_host_makes_device_access_a_container_problem(prompt):
    expl = run([prompt, "Unable to open /dev/kfd read-write: Permission denied"])
    top = expl.problems[0]
    assert top.signature.id == "in-container-device-access" and top.signature.family == "containers"
    assert any("container ID" in f for f in top.facts)
    assert expl.verdict().startswith(top.signature.title)


@pytest.mark.parametrize("prompt", ["user@workstation:~$ ls /dev/kfd", "[root@gpu-node-01 /]# ls /dev/kfd",
                                    "root@deadbeefcafe:/# ls"])  # a host name, or 12 hex letters with no digit
def test_a_prompt_on_a_named_host_leaves_device_access_a_permission_problem(prompt):
    expl = run([prompt, "Unable to open /dev/kfd read-write: Permission denied"])
    assert expl.problems[0].signature.family == "permissions"


def test_a_container_prompt_does_not_relabel_other_failures():
    expl = run(["root@409e97fd5bce:/workspace# python train.py",
                "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB"])
    assert expl.problems[0].signature.family == "memory"


@pytest.mark.parametrize("name", ["legacyrocm-1549-rootless", "rocmdocker-34-hsa-init"])
def test_real_in_container_excerpts(name):
    assert run(corpus_lines(name)).problems[0].signature.family == "containers"


# ------------------------------------------------------------------ training that runs but does not learn
def test_deepspeed_skipping_most_steps_is_a_numerics_failure():
    expl = run(["[2021-11-26 03:07:16,494] [INFO] [logging.py:69:log_dist] [Rank 0] step=2000, skipped=1995, lr=[0.001]"])
    assert expl.problems[0].signature.family == "numerics"
    assert any("1995 of 2000" in f for f in expl.problems[0].facts)


def test_a_few_skipped_steps_are_the_loss_scaler_warming_up():
    expl = run(["[2022-03-11 02:06:58,985] [INFO] [logging.py:69:log_dist] [Rank 0] step=40, skipped=2, lr=[5e-05]"])
    assert expl.exit_code() == 0


def test_a_loss_that_collapses_to_zero_and_stays_is_a_numerics_failure():
    lines = ["{'loss': 6.2645, 'learning_rate': 0.001, 'epoch': 0.02}"] + \
            [f"{{'loss': 0.0, 'learning_rate': 0.001, 'epoch': 0.0{i}}}" for i in range(4, 7)]
    assert run(lines).problems[0].signature.family == "numerics"
    # Two zeros, or zeros with no earlier non-zero loss (nothing collapsed), are not enough.
    assert run(lines[:3]).exit_code() == 0
    assert run(lines[1:]).exit_code() == 0


def test_real_fp16_overflow_every_step_excerpt():
    expl = run(corpus_lines("transformers-14531-t5-fp16-loss-zero-skipped"))
    assert expl.problems[0].signature.family == "numerics"


# ------------------------------------------------------------------ an application that falls back to the CPU
def test_no_compatible_gpu_follows_what_excluded_the_gpu():
    expl = run(['time=2024-09-10T21:53:24.695Z level=ERROR source=amd_linux.go:364 msg="amdgpu devices detected but '
                'permission problems block access" error="open /dev/kfd: permission denied"',
                'time=2024-09-10T21:53:24.695Z level=INFO source=gpu.go:347 msg="no compatible GPUs were discovered"'])
    assert expl.problems[0].signature.family == "permissions"
    fallback = next(d for d in expl.diagnoses if d.signature.id == "app-no-compatible-gpu")
    assert fallback.follows == expl.problems[0].signature.id


def test_real_ollama_cpu_fallbacks():
    arch = run(corpus_lines("ollamaforamd-14-gfx1031-not-supported"))
    assert arch.problems[0].signature.id == "app-gpu-arch-unsupported"
    assert arch.problems[0].occurrence.first.fields["gfx"] == "gfx1031"
    only = run(corpus_lines("ollama-7016-rx570-no-compatible-gpu"))
    assert only.problems[0].signature.id == "app-no-compatible-gpu" and only.exit_code() == 1
