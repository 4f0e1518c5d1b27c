"""Active probes on CPU: runner (timeouts, no orphans, naming the hung rank), matmul,
all-reduce (gloo, 2 ranks), the reference fine-tune and its verdict, LoRA freezing,
and the bench/train CLIs. GPU-only tests are marked and skipped without a GPU."""
from __future__ import annotations

import json
import math
import os
import sys

import psutil
import pytest

from rocmdoctor.benchmarks import runner
from rocmdoctor.benchmarks import suite
from rocmdoctor.benchmarks.allreduce import busbw_factor
from rocmdoctor.benchmarks.train import validate

HANG_TIMEOUT = 12  # long enough for two ranks to import torch on a loaded 2-core machine


def _no_children_left(outcome):
    for r in outcome["ranks"]:
        assert not psutil.pid_exists(r["pid"]) or psutil.Process(r["pid"]).status() == psutil.STATUS_ZOMBIE
    ours = []
    for c in psutil.Process().children(recursive=True):
        try:
            if any("benchmarks" in part for part in c.cmdline()):
                ours.append(c)
        except psutil.Error:  # exited meanwhile
            pass
    assert ours == []


def test_matmul_cpu_small_sizes_gives_sane_tflops():
    o = suite.run_benchmark("matmul", device="cpu", timeout=120, extra=("--sizes", "128,256", "--iters", "2"))
    assert o["outcome"] == "completed", o["message"]
    res = o["result"]
    assert res["device"]["kind"] == "cpu" and res["peak"] is None  # never compared with a GPU peak
    rows = [r for r in res["results"] if "tflops" in r]
    assert {r["dtype"] for r in rows} == {"fp32", "bf16"} and {r["n"] for r in rows} == {128, 256}
    for r in rows:
        assert 0 < r["tflops"] < 100 and r["error_ok"] and r["finite"]
        assert math.isclose(r["tflops"], 2 * r["n"] ** 3 / r["best_s"] / 1e12)
    best = res["best_tflops"]
    assert math.isclose(res["ratios"]["bf16/fp32"], best["bf16"] / best["fp32"])


def test_allreduce_gloo_two_ranks_correct_and_busbw_formula():
    o = suite.run_benchmark("allreduce", device="cpu", nproc=2, timeout=120,
                            extra=("--sizes", f"{64 << 10},{1 << 20}", "--iters", "3"))
    assert o["outcome"] == "completed", o["message"]
    res = o["result"]
    assert res["backend"] == "gloo" and res["world_size"] == 2 and res["wrong_total"] == 0
    for r in res["sizes"]:
        assert r["wrong"] == 0 and r["time_us"] > 0
        assert math.isclose(r["algbw_gbps"], r["bytes"] / (r["time_us"] / 1e6) / 1e9, rel_tol=1e-3)
        assert math.isclose(r["busbw_gbps"], r["algbw_gbps"] * 2 * (2 - 1) / 2, rel_tol=1e-3)
    assert [r["bytes"] for r in res["sizes"]] == [64 << 10, 1 << 20]
    _no_children_left(o)


def test_busbw_factor_matches_nccl_tests():
    assert busbw_factor(1) == 0 and busbw_factor(2) == 1.0 and busbw_factor(8) == 1.75


def test_hung_rank_is_killed_named_and_leaves_no_process():
    o = runner.run("allreduce", ["--device", "cpu", "--inject", "hang", "--sizes", "4096"], nproc=2,
                   timeout=HANG_TIMEOUT)
    assert o["outcome"] == "timeout"
    assert o["hung_ranks"] == [0, 1] and o["culprit_ranks"] == [1]
    assert "rank 1 stopped at" in o["message"] and "injected hang" in o["message"]
    assert o["duration_s"] < HANG_TIMEOUT + 10
    _no_children_left(o)


def test_crashed_rank_is_named():
    o = runner.run("allreduce", ["--device", "cpu", "--inject", "crash", "--sizes", "4096"], nproc=2, timeout=60)
    assert o["outcome"] == "crashed" and o["crashed_ranks"] == [1]
    assert o["message"].startswith("rank 1 crashed (exit code 3)")
    _no_children_left(o)


def test_missing_interpreter_is_an_error_outcome():
    o = runner.run("matmul", [], python="/nonexistent/python", timeout=5)
    assert o["outcome"] == "error" and "not found" in o["message"]


def test_reference_train_run_passes_on_cpu():
    o = suite.run_train(device="cpu", variant="lora", dtype="fp32", steps=50, timeout=120)
    assert o["outcome"] == "completed", o["message"]
    v = o["validation"]
    assert v["passed"], v
    names = {c["name"]: c["passed"] for c in v["checks"]}
    assert names["matches reference curve"] is True and names["loss fell"] is True
    res = o["result"]
    assert res["tokens_per_s"] > 0 and res["step_time_s"] > 0 and res["peak_memory_bytes"] > 0
    assert res["mfu_percent"] is None  # CPU: no peak, no MFU
    assert res["lora"]["base_trainable"] == [] and res["lora"]["base_with_grad"] == []


def test_inject_nan_fails_validation_naming_the_step():
    o = suite.run_train(device="cpu", variant="full", steps=12, inject="nan", inject_step=5, timeout=120)
    assert o["outcome"] == "completed"
    v = o["validation"]
    assert not v["passed"]
    loss = next(c for c in v["checks"] if c["name"] == "loss finite")
    assert loss["passed"] is False and "step 5" in loss["detail"]
    assert o["result"]["steps_done"] == 6  # stopped at the first NaN


def test_validate_flags_a_curve_off_the_reference():
    ref = suite.load_reference()
    assert ref and set(ref["curves"]) == {"full", "lora"} and len(ref["curves"]["lora"]) == ref["steps"]
    result = {"variant": "lora", "dtype": "fp32", "steps": 100, "steps_done": 100, "seed": ref["seed"],
              "batch": ref["batch"], "lr": ref["lr"]["lora"], "config": ref["config"],
              "losses": [x + 0.5 for x in ref["curves"]["lora"]], "grad_norms": [1.0] * 100}
    v = validate(result, ref)
    curve = next(c for c in v["checks"] if c["name"] == "matches reference curve")
    assert not v["passed"] and curve["passed"] is False and "0.500" in curve["detail"]
    result["losses"] = list(ref["curves"]["lora"])
    assert validate(result, ref)["passed"]
    result["seed"] = 7  # another seed: the curve is not comparable, not a failure
    curve = next(c for c in validate(result, ref)["checks"] if c["name"] == "matches reference curve")
    assert curve["passed"] is None


def test_lora_freezes_base_and_grads_only_adapters():
    torch = pytest.importorskip("torch")
    from rocmdoctor.benchmarks import tinygpt

    cfg = tinygpt.Config()
    model = tinygpt.build(cfg, 0, "lora")
    base = [(n, p) for n, p in model.named_parameters() if "lora_" not in n]
    adapters = [(n, p) for n, p in model.named_parameters() if "lora_" in n]
    assert base and adapters
    assert all(not p.requires_grad for _, p in base) and all(p.requires_grad for _, p in adapters)
    batch = tinygpt.MarkovTask(cfg.vocab, 0).batch(torch.Generator().manual_seed(0), 2, cfg.seq_len)
    model(batch[:, :-1], batch[:, 1:]).backward()
    assert all(p.grad is None for _, p in base)
    assert all(p.grad is not None for _, p in adapters)
    # LoRA starts as the base model exactly (B = 0).
    full = tinygpt.build(cfg, 0, "full")
    with torch.no_grad():
        assert torch.allclose(model(batch[:, :-1]), full(batch[:, :-1]))


def test_bench_cli_json_schema(capsys):
    from rocmdoctor.cli import main

    rc = main(["bench", "matmul", "--device", "cpu", "--format", "json", "-q", "--timeout", "120"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert out["schema"] == "rocmdoctor.report" and out["level"] == "bench"
    assert {f["code"] for f in out["findings"]} == {"RD-BENCH-001", "RD-BENCH-002"}
    mm = out["results"]["bench_matmul"]
    assert mm["outcome"] == "completed" and mm["device_requested"] == "cpu"
    assert set(mm["result"]["best_tflops"]) == {"fp32", "bf16"}
    assert all(f["subject"] == "CPU run" for f in out["findings"])


def test_bench_cli_compare_flags_regression(tmp_path, capsys):
    from rocmdoctor.commands.bench import compare

    with open(os.path.join(os.path.dirname(__file__), "data", "bench_cpu_matmul.json")) as fh:
        before = {"bench_matmul": json.load(fh)}
    now = json.loads(json.dumps(before))
    for r in now["bench_matmul"]["result"]["results"]:  # every measurement 4x slower
        if r["dtype"] == "fp32":
            r["tflops"], r["tflops_median"] = r["tflops"] / 4, r["tflops_median"] / 4
    now["bench_matmul"]["result"]["best_tflops"]["fp32"] /= 4
    c = compare(now, {"results": before})
    assert c["regressions"] == ["matmul fp32 TFLOPS"]
    row = next(r for r in c["rows"] if r["metric"] == "matmul fp32 TFLOPS")
    assert math.isclose(row["change"], -0.75)


def test_train_cli_inject_hang_times_out_naming_the_step(capsys):
    from rocmdoctor.cli import main

    rc = main(["train", "--device", "cpu", "--steps", "4", "--inject", "hang", "--timeout", str(HANG_TIMEOUT),
               "--format", "json", "-q"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 1
    f = out["findings"][0]
    assert f["code"] == "RD-TRAIN-001" and f["status"] == "fail" and "hung at step 2" in f["title"]
    run = out["results"]["train_run"]
    assert run["outcome"] == "timeout" and not run["validation"]["passed"]
    assert run["hang"]["step"] == 2 and run["hang"]["ranks"] == [0]
    assert "injected hang" in run["message"]
    _no_children_left(run)


# ----------------------------------------------------------------------------- GPU
@pytest.mark.gpu
def test_gpu_matmul_and_train():
    o = suite.run_benchmark("matmul", device="cuda", timeout=300)
    assert o["outcome"] == "completed", o["message"]
    assert all(r.get("error_ok") for r in o["result"]["results"] if "tflops" in r)
    t = suite.run_train(device="cuda", dtype="bf16", timeout=300)
    assert t["validation"]["passed"], t["validation"]


@pytest.mark.gpu
def test_gpu_allreduce_all_devices():
    import torch

    n = torch.cuda.device_count()
    o = suite.run_benchmark("allreduce", device="cuda", nproc=n, timeout=300)
    assert o["outcome"] == "completed", o["message"]
    assert o["result"]["wrong_total"] == 0 and o["result"]["backend"] == "nccl"


if sys.platform != "linux":  # pragma: no cover
    pytestmark = pytest.mark.skip("process groups and /proc are Linux-only")
