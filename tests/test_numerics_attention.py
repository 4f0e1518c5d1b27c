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

from rocmdoctor.benchmarks import suite

DATA = os.path.join(os.path.dirname(__file__), "data")


def load(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return json.load(fh)


def as_gpu(outcome, name, arch):
    """A recorded CPU outcome relabelled as a ROCm GPU run (figures unchanged)."""
    o = copy.deepcopy(outcome)
    o["device_requested"] = "cuda"
    o["result"]["device"] = {"kind": "cuda", "name": name, "arch": arch, "hip": "6.2.41133", "backend": "rocm"}
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


# --------------------------------------------------------------------- advisor
def test_advisor_notes_measured_attention():
    from rocmdoctor.facts.advice import recommend

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
