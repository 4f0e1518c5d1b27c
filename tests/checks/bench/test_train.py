"""RD-TRAIN-001 (checks/bench/train.py): the reference fine-tune follows the reference loss curve,
stays finite and names the step and rank where it hung."""
from rocmdoctor.engine.model import Status


def _train_outcome(**result):
    from rocmdoctor.benchmarks.suite import load_reference
    from rocmdoctor.benchmarks.train import validate

    ref = load_reference()
    res = {"variant": "lora", "dtype": "fp32", "precision": "fp32", "steps": 100, "steps_done": 100,
           "seed": ref["seed"], "batch": ref["batch"], "lr": ref["lr"]["lora"], "config": ref["config"],
           "losses": list(ref["curves"]["lora"]), "grad_norms": [0.5] * 100, "world_size": 1, "inject": "none",
           "device": {"kind": "cpu", "name": "test CPU"}, "tokens_per_s": 1000.0, "step_time_s": 0.5,
           "peak_memory_bytes": 1 << 28, "memory_kind": "host RSS of this rank", "mfu_percent": None,
           "lora": {"base_trainable": [], "base_with_grad": [], "adapters_with_grad": 18}}
    res.update(result)
    return {"benchmark": "train", "outcome": "completed", "message": "", "ranks": [], "nproc": 1,
            "device_requested": "cpu", "result": res, "validation": validate(res, ref)}


def test_train_reference_curve_passes(bench):
    f = bench({"train_run": _train_outcome()}, ["RD-TRAIN-001"], level="train").findings[0]
    assert f.status == Status.PASS and "1000 tokens/s" in f.title and f.subject == "CPU run"


def test_train_nan_fails(bench):
    o = _train_outcome(inject="nan", losses=[4.2, 3.9, float("nan")], steps_done=3,
                       first_nonfinite={"step": 2, "what": "loss", "value": "nan"})
    f = bench({"train_run": o}, ["RD-TRAIN-001"], level="train").findings[0]
    assert f.status == Status.FAIL and "loss finite" in f.title and "injected" in f.title
    assert "step 2" in f.detail


def test_train_hang_names_step_and_rank(bench):
    o = {"benchmark": "train", "outcome": "timeout", "nproc": 2, "device_requested": "cuda", "result": None,
         "message": "no result within the 60 s timeout; killed ranks 0, 1. rank 1 stopped at 'step 50: forward'",
         "ranks": [{"rank": 0, "step": 50, "stage": "step 50: backward", "killed": True, "stderr_tail": ""},
                   {"rank": 1, "step": 50, "stage": "step 50: forward", "killed": True, "stderr_tail": ""}],
         "hung_ranks": [0, 1], "culprit_ranks": [1],
         "hang": {"step": 50, "ranks": [0, 1], "culprit_ranks": [1]}}
    f = bench({"train_run": o}, ["RD-TRAIN-001"], level="train").findings[0]
    assert f.status == Status.FAIL and f.title.startswith("reference fine-tune hung at step 50 on rank 1")
    assert f.fix is not None  # two ranks: the collective-hang remedies apply


def test_train_hang_before_the_first_step_says_so(bench):
    """Seen on an H100 host under load: a timeout during start-up said "hung at step None"."""
    o = {"benchmark": "train", "outcome": "timeout", "nproc": 1, "device_requested": "cpu", "result": None,
         "message": "no result within the 12 s timeout; killed rank 0. rank 0 stopped at 'import torch'",
         "ranks": [{"rank": 0, "step": None, "stage": "import torch", "killed": True, "stderr_tail": ""}],
         "hung_ranks": [0], "culprit_ranks": [], "hang": {"step": None, "ranks": [0], "culprit_ranks": []}}
    f = bench({"train_run": o}, ["RD-TRAIN-001"], level="train").findings[0]
    assert f.status == Status.FAIL and "None" not in f.title
    assert f.title.startswith("reference fine-tune hung before its first step")


def test_train_checks_need_train_level(bench):
    r = bench({"train_run": _train_outcome()}, ["RD-TRAIN-001"], level="bench")
    assert r.findings == []
