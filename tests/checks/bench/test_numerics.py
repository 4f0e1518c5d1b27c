"""RD-BENCH-006 (checks/bench/numerics.py) on the recorded fp16 numerics probe run
(tests/data/bench_cpu_numerics.json; GPU branches reached by relabelling a copy, see
tests/data/SOURCES.md). The probe itself is tested in tests/test_numerics_attention.py."""
import rocmdoctor
from rocmdoctor.api import examples
from rocmdoctor.benchmarks.numerics import _summary
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot


def resummarise(o):
    for r in o["result"]["dtypes"].values():
        r["summary"] = _summary(r["tests"], r["grad"])
    return o


def test_numerics_cpu_record_passes_labelled_cpu(bench, recorded):
    f = bench({"bench_numerics": recorded("bench_cpu_numerics.json")}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.PASS and f.subject == "CPU run"
    assert "96% of small gradients" in f.title and "overflowed" in f.detail
    assert "advised_dtype" in f.data and f.data["advised_dtype"] is None  # no advice from a CPU run


def test_numerics_fp16_advised_gpu_says_loss_scaling_required(bench, recorded, as_gpu):
    o = as_gpu(recorded("bench_cpu_numerics.json"), "AMD Instinct MI50/MI60", "gfx906:sramecc+:xnack-")
    f = bench({"bench_numerics": o}, ["RD-BENCH-006"], base=examples()["mi50x2-xeon"]).findings[0]
    assert f.status == Status.PASS and f.data["advised_dtype"] == "fp16" and f.data["loss_scaling_required"]
    assert "needs loss scaling" in f.title and '"loss_scale": 0' in f.detail


def test_numerics_bf16_gpu_has_no_loss_scaling_demand(bench, recorded, as_gpu):
    o = as_gpu(recorded("bench_cpu_numerics.json"), "AMD Instinct MI300X", "gfx942:sramecc+:xnack-")
    f = bench({"bench_numerics": o}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.PASS and f.data["advised_dtype"] == "bf16" and "loss_scaling_required" not in f.data


def test_numerics_nan_in_fp16_softmax_fails(bench, recorded, as_gpu):
    o = as_gpu(recorded("bench_cpu_numerics.json"), "AMD Radeon RX 7900 XTX", "gfx1100")
    t = next(t for t in o["result"]["dtypes"]["fp16"]["tests"] if t["name"] == "softmax")
    t.update(nan=65536, ok=False)
    f = bench({"bench_numerics": resummarise(o)}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.FAIL and "fp16 softmax" in f.title


def test_numerics_underflow_only_without_scaling_is_not_a_failure_but_with_scaling_is(bench, recorded, as_gpu):
    o = as_gpu(recorded("bench_cpu_numerics.json"), "AMD Instinct MI100", "gfx908")
    assert bench({"bench_numerics": o}, ["RD-BENCH-006"]).findings[0].status == Status.PASS
    sc = o["result"]["dtypes"]["fp16"]["grad"]["tiny"]["scaled"]
    sc.update(zero_fraction=0.97, rel_error=0.99, ok=False)
    f = bench({"bench_numerics": resummarise(o)}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.FAIL and "even with a loss scale" in f.title


def test_numerics_unrecovered_overflow_with_scaling_fails(bench, recorded, as_gpu):
    o = as_gpu(recorded("bench_cpu_numerics.json"), "AMD Instinct MI100", "gfx908")
    o["result"]["dtypes"]["fp16"]["grad"]["large"]["scaled"].update(finite=False, ok=False, rel_error=None,
                                                                     skipped_steps=24)
    f = bench({"bench_numerics": resummarise(o)}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.FAIL and "24 loss-scale back-offs" in f.title


def test_numerics_not_implemented_op_warns_on_gpu_not_on_cpu(bench, recorded, as_gpu):
    err = {"name": "layer_norm", "kind": "kernel", "error": '"LayerNormKernelImpl" not implemented for \'Half\'',
           "not_implemented": True}
    cpu = recorded("bench_cpu_numerics.json")
    tests = cpu["result"]["dtypes"]["fp16"]["tests"]
    tests[[t["name"] for t in tests].index("layer_norm")] = err
    f = bench({"bench_numerics": resummarise(cpu)}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.PASS and "Not implemented in this build: fp16 layer_norm" in f.detail
    gpu = as_gpu(cpu, "AMD Radeon RX 6800 XT", "gfx1030")
    f = bench({"bench_numerics": gpu}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.WARN and "fp16 layer_norm cannot run" in f.title and "not implemented" in f.detail


def test_numerics_timeout_fails_and_snapshot_record_is_judged(tmp_path, bench, recorded):
    o = {"benchmark": "numerics", "outcome": "timeout", "message": "no result within the 5 s timeout; killed rank 0.",
         "ranks": [{"rank": 0, "stage": "fp16: gradient step", "killed": True, "stderr_tail": ""}],
         "hung_ranks": [0], "culprit_ranks": [], "nproc": 1, "result": None, "device_requested": "cuda"}
    f = bench({"bench_numerics": o}, ["RD-BENCH-006"]).findings[0]
    assert f.status == Status.FAIL and "hung at 'fp16: gradient step'" in f.title
    snap = build_snapshot(tmp_path / "s", probes={"bench_numerics": recorded("bench_cpu_numerics.json")})
    f = rocmdoctor.scan(snapshot=snap, level="bench", select=["RD-BENCH-006"]).findings[0]
    assert f.status == Status.PASS
