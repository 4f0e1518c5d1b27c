"""Classes the logs7 cold sample missed on its first run (tests/corpus/logs/README-logs7.md), each fixed
as a class (issue 24, wave 6): real lines with their source URL, and for each a look-alike that must
stay as it was.

A. torchrun's ChildFailedError summary that names SIGKILL ("exitcode : -9", "Signal 9 (SIGKILL)
   received") is host memory: the summary block no longer hides the lines that say why the rank died.
B. NCCL's "Error while creating shared memory segment" is /dev/shm (memory) however the path is quoted.
C. The DataLoader bus-error message wrapped over several lines is still shared memory.
D. A table of bare numbers (step, loss) whose real-valued column ends in NaN/inf has diverged.
E. A GPU runtime failure that RCCL/NCCL prints about its own call ("NCCL WARN Cuda failure 'invalid device
   ordinal'") is the library's (distributed), not a rank asking torch for a GPU it does not have.
"""
from __future__ import annotations

from rocmdoctor.knowledge.signatures import by_id
from rocmdoctor.logs.structure import analyze
from tests.explain_helpers import corpus_lines, run, top


def _ids(lines: list[str]) -> list[str]:
    return [d.signature.id for d in run(lines).diagnoses if d.is_problem]


# ------------------------------------------------------------------ A. the ChildFailedError summary
# https://github.com/lzhxmu/CPPO/issues/6 (GRPO under accelerate + DeepSpeed, killed by SIGKILL)
SUMMARY = [
    "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
    "============================================================",
    "src/open_r1/grpo_gsm.py FAILED",
    "------------------------------------------------------------",
    "Failures:",
    "  <NO_OTHER_FAILURES>",
    "------------------------------------------------------------",
    "Root Cause (first observed failure):",
    "[0]:",
    "  time      : 2025-05-21_15:43:03",
    "  host      : mlxlab115rp2n7682d40d9-20250521025625-6dyyd3-8nir8b-worker",
    "  rank      : 0 (local_rank: 0)",
    "  exitcode  : -9 (pid: 14750)",
    "  error_file: <N/A>",
    "  traceback : Signal 9 (SIGKILL) received by PID 14750",
    "============================================================",
]


def test_a_childfailederror_summary_that_names_sigkill_is_host_memory():
    assert top(corpus_lines("l7-cppo-6-grpo-childfailed-sigkill"))[0] == "memory"
    ids = _ids(SUMMARY)
    assert ids[0] == "torchrun-rank-killed" and "torchrun-child-failed" in ids
    # the exit code alone says it too (older torch printed no traceback line for a signal)
    assert _ids(SUMMARY[:13])[0] == "torchrun-rank-killed"


def test_a_childfailederror_summary_for_a_rank_that_raised_stays_distributed():
    # https://github.com/Facico/Chinese-Vicuna/issues/113 (exitcode 1: the rank raised; the reason is above it)
    lines = SUMMARY[:12] + ["  exitcode  : 1 (pid: 1622990)", "  error_file: <N/A>",
                            "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                            SUMMARY[-1]]
    assert top(lines) == ("distributed", "torchrun-child-failed")
    for near in by_id("torchrun-rank-killed").near_misses:
        assert not any(rx.search(near) for rx in by_id("torchrun-rank-killed").regexes), near


def test_a_summary_that_names_sigbus_is_shared_memory():
    # a rank killed by SIGBUS (-7) writing to a full /dev/shm (https://github.com/pytorch/pytorch/issues/5040's class)
    lines = [ln.replace("-9", "-7").replace("Signal 9 (SIGKILL)", "Signal 7 (SIGBUS)") for ln in SUMMARY]
    assert _ids(lines)[0] == "dataloader-shm-bus-error"


# ------------------------------------------------------------------ B. NCCL's shared-memory segment
def test_a_shm_segment_path_pasted_as_a_link_is_still_dev_shm():
    # https://github.com/vllm-project/vllm/issues/14537
    assert top(corpus_lines("l7-vllm-14537-ncclsystemerror-dev-shm-segment")) == ("memory", "nccl-shm-full")
    # the plain form (https://github.com/WangRongsheng/XrayGLM/issues/83)
    assert top(["Error while creating shared memory segment /dev/shm/nccl-CsYXMW (size 9637888)"])[1] == "nccl-shm-full"


def test_attaching_to_a_missing_segment_is_not_a_full_dev_shm():
    # https://github.com/NVIDIA/nccl/issues/1589 (a segment another process made, not found: a version bug)
    line = ("g148:14937:69361 [0] misc/shmutils.cc:129 NCCL WARN Error while attaching to shared memory segment "
            "/dev/shm/nccl-glnlGK (size 14156128), error: No such file or directory (2)")
    assert "nccl-shm-full" not in _ids([line])
    sig = by_id("nccl-shm-full")
    for near in sig.near_misses:
        assert not any(rx.search(near) for rx in sig.regexes), near


# ------------------------------------------------------------------ C. the bus-error message, wrapped
def test_a_wrapped_dataloader_bus_error_is_shared_memory():
    # https://github.com/fastai/docker-containers/issues/21 (a forum post that wrapped the message)
    assert top(corpus_lines("l7-fastai-dockercontainers-21-bus-error-wrapped")) == ("memory", "dataloader-shm-bus-error")
    assert top(["RuntimeError: DataLoader worker (pid 47) is killed by signal: Bus"])[1] == "dataloader-shm-bus-error"


def test_a_dataloader_worker_killed_by_sigkill_is_not_shared_memory():
    # https://github.com/pytorch/pytorch/issues/8976: "killed by signal: Killed" is host RAM
    ids = _ids(["RuntimeError: DataLoader worker (pid 4161) is killed by signal: Killed."])
    assert "dataloader-shm-bus-error" not in ids
    sig = by_id("dataloader-shm-bus-error")
    for near in sig.near_misses:
        assert not any(rx.search(near) for rx in sig.regexes), near


# ------------------------------------------------------------------ D. a table of bare numbers
def test_a_column_of_losses_that_ends_in_nan_is_numerics():
    # https://github.com/prajdabre/yanmtt/issues/7 (step and loss, no names)
    lines = corpus_lines("l7-yanmtt-7-step-loss-columns-nan")
    assert top(lines)[0] == "numerics"
    what = analyze(lines).numerics
    assert what is not None and what[0].text == "77010 nan" and "5 rows" in what[1]


def test_a_column_that_comes_back_from_nan_or_was_never_finite_is_not_divergence():
    lines = corpus_lines("l7-yanmtt-7-step-loss-columns-nan")
    assert lines[6] == "76980 nan"
    # the same rows with the loss finite again after the NaN (a skipped step): settled
    assert analyze(lines[:8] + ["77000 2.5918827"]).numerics is None
    # fewer finite rows than the rule needs before the NaN
    assert analyze(["76960 2.735384", "76970 2.6265104", "76980 nan"]).numerics is None
    # integer columns (counts) next to a NaN are not a loss that was finite (NCCL-test-like rows)
    assert analyze(["8 2 19 0", "16 4 20 0", "32 8 19 0", "64 16 nan 0"]).numerics is None
    # the healthy collective-test table of this batch (https://github.com/NVIDIA/nccl-tests/issues/150)
    assert run(corpus_lines("l7-nccltests-150-two-node-rows-healthy")).exit_code() == 0


# ------------------------------------------------------------------ E. the component that prints the line
def test_a_runtime_failure_that_nccl_reports_for_its_own_call_is_distributed():
    # https://github.com/NVIDIA/nccl/issues/1948 (the p2p transport's CUDACHECK)
    assert top(corpus_lines("nccl-1948-p2p-invalid-device-ordinal")) == ("distributed", "nccl-device-call-failed")
    # RCCL's hipified path, another call (https://github.com/ROCm/rccl/issues/1454)
    line = ("UVOSLinux:19402:19419 [0] /usr/src/debug/rccl/build/hipify/src/transport/p2p.cc:237 NCCL WARN "
            "Cuda failure 'invalid argument'")
    assert top([line]) == ("distributed", "nccl-device-call-failed")


def test_invalid_device_ordinal_from_torch_stays_runtime():
    # https://github.com/vllm-project/vllm/issues/4131: the rank's own call, no library in between
    assert top(["RuntimeError: HIP error: invalid device ordinal"]) == ("runtime", "invalid-device-ordinal")
    # RCCL out of memory is memory, not a failed call (https://github.com/NVIDIA/nccl/issues/1235)
    assert top(["ng30903:3063028:3066152 [3] include/alloc.h:178 NCCL WARN Cuda failure 'out of memory'"])[0] == "memory"
