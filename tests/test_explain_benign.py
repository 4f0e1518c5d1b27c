"""explain on runs that worked (issue 24, "false flags on healthy inputs"): a log that stops
mid-progress is "still running, or hung" (a warning) unless a line says it hung or was stopped;
a collective test without rows stays a hang; pip replacing an installed ROCm torch is a packages
failure. Constructed lines for each class, then the real dev excerpts (tests/corpus/logs, source
URL on each file's first line)."""
from __future__ import annotations


import pytest

from rocmdoctor.logs.structure import analyze
from tests.explain_helpers import corpus_lines, run





def ids(expl) -> list[str]:
    return [d.signature.id for d in expl.diagnoses]


# ------------------------------------------------------------------ progress that stops
START = ["***** Running training *****", "  Num examples = 24000",
         "{'loss': 2.31, 'grad_norm': 0.91, 'learning_rate': 1e-05, 'epoch': 0.01}"]
BAR = "  3%|▎         | 42/1500 [01:10<40:33,  1.67s/it]"


def test_progress_that_simply_stops_is_a_warning_not_a_failure():
    expl = run(START + [BAR])
    assert expl.exit_code() == 0
    assert "stop-progress-open" in ids(expl) and "stop-progress" not in ids(expl)
    d = next(d for d in expl.diagnoses if d.signature.id == "stop-progress-open")
    assert d.signature.severity == "warning" and not d.is_problem
    # The verdict names the finding and agrees with it: no failure, a warning that it may be hung.
    assert expl.verdict().startswith("no failure found") and "still running, or hung" in expl.verdict()


@pytest.mark.parametrize("signal", [
    "[rank0]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation "
    "timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600060 "
    "milliseconds before timing out.",
    "socket.timeout: timed out",
    "Fatal Python error: Timeout (0:30:00)!",
    "<- stuck here for two hours",
])
def test_a_hang_signal_before_the_stop_makes_it_a_hang(signal):
    expl = run(START + [signal, BAR])
    assert analyze(START + [signal, BAR]).stop.signal is not None
    assert "stop-progress" in ids(expl) and "stop-progress-open" not in ids(expl)
    assert expl.exit_code() == 1


@pytest.mark.parametrize("after", [
    ["^C"],
    ["slurmstepd: error: *** JOB 4242 ON node17 CANCELLED AT 2024-06-02T11:17:52 DUE TO TIME LIMIT ***"],
    ["W0602 11:17:52.185000 139 torch/distributed/elastic/agent/server/api.py:704] Sending process 4711 closing "
     "signal SIGTERM"],
    ["Traceback (most recent call last):", '  File "train.py", line 88, in <module>', "KeyboardInterrupt"],
])
def test_a_kill_or_cancel_after_the_last_progress_line_makes_it_a_hang(after):
    shape = analyze(START + [BAR] + after)
    assert shape.stop is not None and shape.stop.kind == "progress" and shape.stop.signal is not None
    assert shape.stop.line.text == BAR
    assert "stop-progress" in ids(run(START + [BAR] + after))


def test_ordinary_lines_after_the_bar_are_not_a_stop():
    # What follows is the run going on (an INFO line), not a kill: the last line is judged as before.
    lines = START + [BAR, "[2024-06-02 11:17:52,185] [INFO] [timer.py:197:stop] 0/43, SamplesPerSec=3.1"]
    assert analyze(lines).stop is None


def test_the_same_step_redrawn_for_minutes_is_a_stall():
    stalled = START + ["  3%|▎         | 42/1500 [01:10<40:33,  1.67s/it]",
                       "  3%|▎         | 42/1500 [31:10<40:33,  1.67s/it]"]
    assert analyze(stalled).stop.signal is not None
    assert run(stalled).exit_code() == 1
    # A redraw seconds later is tqdm refreshing, not a stall.
    moving = START + ["  3%|▎         | 42/1500 [01:10<40:33,  1.67s/it]",
                      "  3%|▎         | 42/1500 [01:12<40:33,  1.67s/it]"]
    assert analyze(moving).stop.signal is None
    assert run(moving).exit_code() == 0


def test_negated_words_are_not_the_user_saying_it_hangs():
    lines = START + ["[warm-up] Nothing is stuck; full speed arrives from epoch 3.", BAR]
    assert analyze(lines).stop.signal is None


def test_a_collective_test_with_a_header_and_no_rows_stays_a_hang():
    # Its first rows take microseconds: a header alone is the first collective never completing.
    header = "# nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20"
    expl = run([header, "#  Rank  0 Pid 1 on h device 0 [0x02] AMD Instinct MI250X"])
    assert expl.problems[0].signature.id == "stop-collective-test" and expl.exit_code() == 1


# ------------------------------------------------------------------ pip replacing the ROCm torch
HAS_ROCM_TORCH = ("Requirement already satisfied: torch in /opt/conda/lib/python3.10/site-packages "
                  "(2.4.0.dev20240520+rocm6.0)")


@pytest.mark.parametrize("then", [
    "  Downloading torch-2.4.0-cp310-cp310-manylinux1_x86_64.whl.metadata (26 kB)",
    "Collecting nvidia-cuda-nvrtc-cu12==12.1.105 (from torch)",
    "  Uninstalling torch-2.4.0.dev20240520+rocm6.0:",
])
def test_pip_replacing_an_installed_rocm_torch_is_a_packages_failure(then):
    expl = run([HAS_ROCM_TORCH, "Collecting torch", then])
    top = expl.problems[0]
    assert (top.signature.id, top.signature.family, expl.exit_code()) == ("pip-replaces-rocm-torch", "packages", 1)


@pytest.mark.parametrize("lines", [
    [HAS_ROCM_TORCH],  # torch is there and stays
    [HAS_ROCM_TORCH, "  Downloading https://download.pytorch.org/whl/rocm6.0/torch-2.4.0%2Brocm6.0-cp310-cp310-"
                     "linux_x86_64.whl (2100.3 MB)"],  # the ROCm index: the same kind of build
    ["Requirement already satisfied: torch in ./venv/lib/python3.10/site-packages (2.4.0)",
     "  Downloading torch-2.4.1-cp310-cp310-manylinux1_x86_64.whl"],  # no ROCm torch to replace
])
def test_pip_keeping_or_installing_rocm_torch_is_not_that_failure(lines):
    assert "pip-replaces-rocm-torch" not in ids(run(lines))


# ------------------------------------------------------------------ an ASIC reset at driver load
INIT = ["[    2.018757] amdgpu 0000:05:00.0: enabling device (0006 -> 0007)",
        "[    2.020627] amdgpu 0000:05:00.0: amdgpu: Fetched VBIOS from VFCT",
        "[    2.021282] amdgpu 0000:05:00.0: amdgpu: MODE2 reset",
        "[    2.021362] amdgpu 0000:05:00.0: amdgpu: VRAM: 512M 0x000000F400000000 - 0x000000F41FFFFFFF (512M used)"]


def test_an_asic_reset_alone_is_a_warning():
    # APUs reset the chip at every driver load: the line alone is no hang.
    expl = run(INIT)
    assert expl.exit_code() == 0
    assert [d.signature.id for d in expl.diagnoses if d.signature.family == "kernel"] == ["amdgpu-asic-reset"]


def test_a_recovery_reset_after_a_hang_is_still_the_failure():
    hang = ["[ 5120.1] [drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled seq=1, emitted seq=3",
            "[ 5120.2] amdgpu 0000:05:00.0: amdgpu: GPU reset begin!",
            "[ 5120.3] amdgpu 0000:05:00.0: amdgpu: MODE2 reset",
            "[ 5121.0] amdgpu 0000:05:00.0: amdgpu: GPU reset(2) succeeded!"]
    expl = run(hang)
    assert expl.exit_code() == 1
    assert "amdgpu-gpu-reset" in ids(expl) and expl.problems[0].signature.family == "kernel"
    assert "amdgpu-asic-reset" not in ids(expl)  # its line is a step of that recovery, not a second finding


# ------------------------------------------------------------------ the real dev excerpts
def test_real_log_pasted_while_training_ran_is_a_warning():
    # huggingface/accelerate#2377: the first lines of a run the user pasted to ask about loss scaling.
    expl = run(corpus_lines("accelerate-2377-zero3-unknown-inputs-warning-healthy"))
    assert expl.exit_code() == 0 and "stop-progress-open" in ids(expl)


@pytest.mark.parametrize("name,rule", [
    ("mmdet-7976-hang-reducer", "stop-progress"),  # a rank's last words before a collective
    ("nccl-257-allreduce-hang", "stop-collective-test"),
    ("rccl-1129-mi100-rccltests-hang", "stop-collective-test"),
])
def test_real_hangs_stay_hangs(name, rule):
    expl = run(corpus_lines(name))
    assert expl.problems[0].signature.id == rule and expl.exit_code() == 1


def test_real_pip_replacing_rocm_torch():
    expl = run(corpus_lines("pip-12902-rocm-torch-replaced-by-cuda"))
    assert expl.problems[0].signature.id == "pip-replaces-rocm-torch"


@pytest.mark.parametrize("name", [
    "accelerate-910-zero3-timer-overflow-healthy", "amdgpu-66-fiji-boot-sata-healthy",
    "cogvideo-233-ds-init-warnings-healthy", "comfyui-7922-rocm-startup-healthy",
    "cornernet-1-epoch-batch-loss-healthy", "legacyrocm-1541-srat-not-found-healthy",
    "legacyrocm-88-virtual-crat-healthy", "llamacpp-5280-ollama-rocm-load-healthy",
    "llamafactory-3529-pretrain-loss-healthy", "lumi-3-torchrun-omp-banner-healthy",
    "mshf-7-trainer-step-throughput-healthy", "ncclt-29-init-complete-healthy",
    "pip-9947-download-retry-warnings-healthy", "rccltests-146-rocminfo-mi300x-healthy",
    "rocmsmilib-77-rocmsmi-a-head-healthy", "sglang-11830-server-ready-healthy",
    "strixvllm-66-launch-banner-healthy", "transformers-6998-tf-trainer-loss-healthy",
    "vits-197-epoch-info-healthy", "wandb-5449-rocmsmi-concise-mi250-healthy",
    "a1111-17025-rocm-install-healthy",
    # the seventh batch: optional TA ucode notes, an APU's MODE2 reset at load, ds_report's sparse_attn [NO]
    "nixoshw-755-renoir-dmesg-ras-ta-healthy", "proxmoxgpu-131-ta-ucode-kfd-healthy",
    "ds-3152-dsreport-sparse-attn-torch2-healthy", "dalle-70-dsreport-sparse-attn-cuda-healthy",
])
def test_real_healthy_runs_exit_0(name):
    assert run(corpus_lines(name)).exit_code() == 0
