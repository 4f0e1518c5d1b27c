"""The fp16 numerics probe and the SDPA attention probe (benchmarks/numerics.py,
benchmarks/attention.py), their checks RD-BENCH-006/007 on recorded CPU outcomes
(tests/data/bench_cpu_numerics.json, bench_cpu_attention.json; GPU branches reached by
relabelling a copy in memory, see tests/data/SOURCES.md), the advisor's measured
attention note, and `rocmdoctor bench numerics|attention --format json`."""
from __future__ import annotations

import copy
import json
import os
import sys

import pytest

import rocmdoctor
from rocmdoctor.api import examples
from rocmdoctor.benchmarks import suite
from rocmdoctor.benchmarks.numerics import _summary
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), "data")


def load(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return json.load(fh)


def scan(tmp_path, results, codes, base=None):
    snap = build_snapshot(tmp_path / "snap", base=base)
    return rocmdoctor.scan(snapshot=snap, level="bench", select=codes, options={"active_results": results})


def as_gpu(outcome, name, arch):
    """A recorded CPU outcome relabelled as a ROCm GPU run (figures unchanged)."""
    o = copy.deepcopy(outcome)
    o["device_requested"] = "cuda"
    o["result"]["device"] = {"kind": "cuda", "name": name, "arch": arch, "hip": "6.2.41133", "backend": "rocm"}
    return o


def resummarise(o):
    for r in o["result"]["dtypes"].values():
        r["summary"] = _summary(r["tests"], r["grad"])
    return o


def attention_row(o, dtype, backend):
    return next(r for r in o["result"]["results"] if r["dtype"] == dtype and r["backend"] == backend)


# --------------------------------------------------------------------- probes (CPU)
def test_numerics_probe_cpu_shows_fp16_underflow_and_scaling_rescue():
    o = suite.run_benchmark("numerics", device="cpu", timeout=120)
    assert o["outcome"] == "completed", o["message"]
    res = o["result"]
    assert res["device"]["kind"] == "cpu" and set(res["dtypes"]) == {"fp16", "bf16"}
    fp16, bf16 = res["dtypes"]["fp16"], res["dtypes"]["bf16"]
    assert {t["name"] for t in fp16["tests"]} == {"softmax", "layer_norm", "rms_norm_in_dtype",
                                                  "attention_scores_in_dtype"}
    # Library kernels stay finite and accurate in both dtypes.
    for r in (fp16, bf16):
        for t in r["tests"]:
            if t["kind"] == "kernel":
                assert t["ok"] and t["inf"] == t["nan"] == 0 and t["rel_error"] <= t["tolerance"], t
    # 1e-8 upstream gradients: fp16 flushes almost all to zero unscaled, none with 2^16 scaling.
    tiny = fp16["grad"]["tiny"]
    assert tiny["unscaled"]["zero_fraction"] > 0.9 and not tiny["unscaled"]["ok"]
    assert tiny["scaled"]["zero_fraction"] == 0 and tiny["scaled"]["ok"] and tiny["scaled"]["scale"] == 2.0 ** 16
    # Large gradients: the dynamic scale backs off until they are finite.
    large = fp16["grad"]["large"]["scaled"]
    assert large["ok"] and large["skipped_steps"] > 0 and large["scale"] < 2.0 ** 16
    assert bf16["grad"]["tiny"]["unscaled"]["zero_fraction"] == 0  # bf16 has fp32's range
    s16, sbf = fp16["summary"], bf16["summary"]
    assert s16["underflow_unscaled"] and not s16["underflow_scaled"] and not s16["overflow_scaled"]
    assert set(s16["range_overflows"]) == {"rms_norm_in_dtype", "attention_scores_in_dtype"}
    assert sbf["range_overflows"] == [] and not sbf["underflow_unscaled"]


def test_attention_probe_cpu_runs_math():
    o = suite.run_benchmark("attention", device="cpu", timeout=120)
    assert o["outcome"] == "completed", o["message"]
    res = o["result"]
    assert res["device"]["kind"] == "cpu" and list(res["ran"]) == ["fp32"]
    assert "math" in res["ran"]["fp32"]
    math_row = attention_row(o, "fp32", "math")
    assert math_row["ok"] and math_row["max_abs_error"] < 1e-4 and math_row["ms_per_fwd_bwd"] > 0
    eff = attention_row(o, "fp32", "efficient")  # a GPU kernel: its error is recorded, no crash
    assert not eff["ok"] and eff["error"]


# ----------------------------------------------------------------- RD-BENCH-006
def test_numerics_cpu_record_passes_labelled_cpu(tmp_path):
    f = scan(tmp_path, {"bench_numerics": load("bench_cpu_numerics.json")}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.PASS and f.subject == "CPU run"
    assert "96% of small gradients" in f.title and "overflowed" in f.detail
    assert "advised_dtype" in f.data and f.data["advised_dtype"] is None  # no advice from a CPU run


def test_numerics_fp16_advised_gpu_says_loss_scaling_required(tmp_path):
    o = as_gpu(load("bench_cpu_numerics.json"), "AMD Instinct MI50/MI60", "gfx906:sramecc+:xnack-")
    f = scan(tmp_path, {"bench_numerics": o}, ["RD-BENCH-006"], base=examples()["mi50x2-xeon"]).findings[0]
    assert f.status == Status.PASS and f.data["advised_dtype"] == "fp16" and f.data["loss_scaling_required"]
    assert "needs loss scaling" in f.title and '"loss_scale": 0' in f.detail


def test_numerics_bf16_gpu_has_no_loss_scaling_demand(tmp_path):
    o = as_gpu(load("bench_cpu_numerics.json"), "AMD Instinct MI300X", "gfx942:sramecc+:xnack-")
    f = scan(tmp_path, {"bench_numerics": o}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.PASS and f.data["advised_dtype"] == "bf16" and "loss_scaling_required" not in f.data


def test_numerics_nan_in_fp16_softmax_fails(tmp_path):
    o = as_gpu(load("bench_cpu_numerics.json"), "AMD Radeon RX 7900 XTX", "gfx1100")
    t = next(t for t in o["result"]["dtypes"]["fp16"]["tests"] if t["name"] == "softmax")
    t.update(nan=65536, ok=False)
    f = scan(tmp_path, {"bench_numerics": resummarise(o)}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.FAIL and "fp16 softmax" in f.title


def test_numerics_underflow_only_without_scaling_is_not_a_failure_but_with_scaling_is(tmp_path):
    o = as_gpu(load("bench_cpu_numerics.json"), "AMD Instinct MI100", "gfx908")
    assert scan(tmp_path / "a", {"bench_numerics": o}, ["RD-BENCH-006"]).findings[0].status == Status.PASS
    sc = o["result"]["dtypes"]["fp16"]["grad"]["tiny"]["scaled"]
    sc.update(zero_fraction=0.97, rel_error=0.99, ok=False)
    f = scan(tmp_path / "b", {"bench_numerics": resummarise(o)}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.FAIL and "even with a loss scale" in f.title


def test_numerics_unrecovered_overflow_with_scaling_fails(tmp_path):
    o = as_gpu(load("bench_cpu_numerics.json"), "AMD Instinct MI100", "gfx908")
    o["result"]["dtypes"]["fp16"]["grad"]["large"]["scaled"].update(finite=False, ok=False, rel_error=None,
                                                                     skipped_steps=24)
    f = scan(tmp_path, {"bench_numerics": resummarise(o)}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.FAIL and "24 loss-scale back-offs" in f.title


def test_numerics_not_implemented_op_warns_on_gpu_not_on_cpu(tmp_path):
    err = {"name": "layer_norm", "kind": "kernel", "error": '"LayerNormKernelImpl" not implemented for \'Half\'',
           "not_implemented": True}
    cpu = load("bench_cpu_numerics.json")
    tests = cpu["result"]["dtypes"]["fp16"]["tests"]
    tests[[t["name"] for t in tests].index("layer_norm")] = err
    f = scan(tmp_path / "a", {"bench_numerics": resummarise(cpu)}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.PASS and "Not implemented in this build: fp16 layer_norm" in f.detail
    gpu = as_gpu(cpu, "AMD Radeon RX 6800 XT", "gfx1030")
    f = scan(tmp_path / "b", {"bench_numerics": gpu}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.WARN and "fp16 layer_norm cannot run" in f.title and "not implemented" in f.detail


def test_numerics_timeout_fails_and_snapshot_record_is_judged(tmp_path):
    o = {"benchmark": "numerics", "outcome": "timeout", "message": "no result within the 5 s timeout; killed rank 0.",
         "ranks": [{"rank": 0, "stage": "fp16: gradient step", "killed": True, "stderr_tail": ""}],
         "hung_ranks": [0], "culprit_ranks": [], "nproc": 1, "result": None, "device_requested": "cuda"}
    f = scan(tmp_path / "a", {"bench_numerics": o}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.FAIL and "hung at 'fp16: gradient step'" in f.title
    snap = build_snapshot(tmp_path / "s", probes={"bench_numerics": load("bench_cpu_numerics.json")})
    f = rocmdoctor.scan(snapshot=snap, level="bench", select=["RD-BENCH-006"]).findings[0]
    assert f.status == Status.PASS


# ----------------------------------------------------------------- RD-BENCH-007
def test_attention_cpu_record_passes_labelled_cpu(tmp_path):
    f = scan(tmp_path, {"bench_attention": load("bench_cpu_attention.json")}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.PASS and f.subject == "CPU run" and "fp32: math, flash" in f.title


def test_attention_missing_efficient_on_mi300x_warns_with_error(tmp_path):
    # The recorded run: efficient failed (no CPU kernel), flash ran. On gfx942 both should run.
    o = as_gpu(load("bench_cpu_attention.json"), "AMD Instinct MI300X", "gfx942:sramecc+:xnack-")
    f = scan(tmp_path, {"bench_attention": o}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.WARN and "efficient SDPA kernel does not run" in f.title and "(flash does)" in f.title
    assert "No viable backend" in f.detail


def test_attention_math_only_on_gfx906_is_expected(tmp_path):
    o = as_gpu(load("bench_cpu_attention.json"), "AMD Instinct MI50/MI60", "gfx906:sramecc+:xnack-")
    attention_row(o, "fp32", "flash").update(ok=False, error="No available kernel. Aborting execution.")
    f = scan(tmp_path, {"bench_attention": o}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.PASS and "fp32: math" in f.title and "as expected" in f.title


def test_attention_experimental_aotriton_without_env_warns_with_env_fix(tmp_path):
    o = as_gpu(load("bench_cpu_attention.json"), "AMD Radeon RX 7900 XTX", "gfx1100")
    attention_row(o, "fp32", "flash").update(ok=False, error="No available kernel. Aborting execution.")
    f = scan(tmp_path / "a", {"bench_attention": o}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.WARN and "experimental" in f.title
    assert f.fix.actions[0].env == {"TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1"}
    # With the variable set the kernels are expected, and their absence is the warning.
    o["result"]["env"] = {"TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1"}
    f = scan(tmp_path / "b", {"bench_attention": o}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.WARN and "falls back to the math kernel" in f.title


def test_attention_wrong_results_and_nothing_running_fail(tmp_path):
    o = as_gpu(load("bench_cpu_attention.json"), "AMD Instinct MI300X", "gfx942")
    attention_row(o, "fp32", "flash").update(ok=False, error="ran, but its output is off by 0.8 (allowed 0.0001)")
    f = scan(tmp_path / "a", {"bench_attention": o}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.FAIL and "flash SDPA kernel gives wrong results" in f.title
    for r in o["result"]["results"]:
        r.update(ok=False, error="HIP error: invalid device function")
    f = scan(tmp_path / "b", {"bench_attention": o}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.FAIL and "no SDPA kernel runs" in f.title


# --------------------------------------------------------------------- advisor
def test_advisor_notes_measured_attention():
    from rocmdoctor.advice import recommend

    facts = {"torch": {"version": "2.5.1+rocm6.2", "hip": "6.2.41133", "cuda_available": True, "device_count": 1,
                       "devices": [{"index": 0, "name": "AMD Instinct MI50/MI60", "gcn_arch_name": "gfx906"}]}}
    o = as_gpu(load("bench_cpu_attention.json"), "AMD Instinct MI50/MI60", "gfx906")
    rec = recommend(dict(facts, bench_attention=o))
    assert rec.attention == "sdpa"
    assert any(r.text.startswith("measured: SDPA's flash kernel(s) ran") for r in rec.reasons)
    attention_row(o, "fp32", "flash").update(ok=False, error="No available kernel. Aborting execution.")
    rec = recommend(dict(facts, bench_attention=o))
    note = next(r for r in rec.reasons if r.text.startswith("measured:"))
    assert "only SDPA's math kernel" in note.text and note.evidence[0].source == "probe: bench_attention"
    cpu = recommend(dict(facts, bench_attention=load("bench_cpu_attention.json")))
    assert not any(r.text.startswith("measured:") for r in cpu.reasons)  # a CPU run says nothing about the GPU


# ------------------------------------------------------------------------- CLI
@pytest.mark.parametrize("which,code", [("numerics", "RD-BENCH-006"), ("attention", "RD-BENCH-007")])
def test_bench_cli_json(which, code, capsys):
    from rocmdoctor.cli import main

    rc = main(["bench", which, "--device", "cpu", "--format", "json", "-q", "--timeout", "120"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert [f["code"] for f in out["findings"]] == [code]
    assert out["findings"][0]["status"] == "pass" and out["findings"][0]["subject"] == "CPU run"
    run = out["results"][f"bench_{which}"]
    assert run["outcome"] == "completed" and run["device_requested"] == "cpu"
    assert run["result"]["benchmark"] == which


def test_bench_all_includes_numerics_and_attention():
    from rocmdoctor.commands.bench import CODES

    assert {"numerics", "attention"} <= set(suite.BENCHMARKS)
    assert CODES["numerics"] == ["RD-BENCH-006"] and CODES["attention"] == ["RD-BENCH-007"]


# ------------------------------------------------------------------------- GPU
@pytest.mark.gpu
def test_gpu_numerics_and_attention():
    o = suite.run_benchmark("numerics", device="cuda", timeout=300)
    assert o["outcome"] == "completed", o["message"]
    s = o["result"]["dtypes"]["fp16"]["summary"]
    assert s["kernel_failures"] == [] and s["underflow_unscaled"] and not s["underflow_scaled"]
    a = suite.run_benchmark("attention", device="cuda", timeout=300)
    assert a["outcome"] == "completed", a["message"]
    assert "math" in a["result"]["ran"]["fp16"]


if sys.platform != "linux":  # pragma: no cover
    pytestmark = pytest.mark.skip("process groups and /proc are Linux-only")
