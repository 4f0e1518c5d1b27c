"""RD-BENCH-007 (checks/bench/attention.py) on the recorded SDPA attention probe run
(tests/data/bench_cpu_attention.json; GPU branches reached by relabelling a copy). The probe
itself is tested in tests/test_numerics_attention.py."""
from rocmdoctor.engine.model import Status


def attention_row(o, dtype, backend):
    return next(r for r in o["result"]["results"] if r["dtype"] == dtype and r["backend"] == backend)


def test_attention_cpu_record_passes_labelled_cpu(bench, recorded):
    f = bench({"bench_attention": recorded("bench_cpu_attention.json")}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.PASS and f.subject == "CPU run" and "fp32: math, flash" in f.title


def test_attention_missing_efficient_on_mi300x_warns_with_error(bench, recorded, as_gpu):
    # The recorded run: efficient failed (no CPU kernel), flash ran. On gfx942 both should run.
    o = as_gpu(recorded("bench_cpu_attention.json"), "AMD Instinct MI300X", "gfx942:sramecc+:xnack-")
    f = bench({"bench_attention": o}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.WARN and "efficient SDPA kernel does not run" in f.title and "(flash does)" in f.title
    assert "No viable backend" in f.detail


def test_attention_math_only_on_gfx906_is_expected(bench, recorded, as_gpu):
    o = as_gpu(recorded("bench_cpu_attention.json"), "AMD Instinct MI50/MI60", "gfx906:sramecc+:xnack-")
    attention_row(o, "fp32", "flash").update(ok=False, error="No available kernel. Aborting execution.")
    f = bench({"bench_attention": o}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.PASS and "fp32: math" in f.title and "as expected" in f.title


def test_attention_experimental_aotriton_without_env_warns_with_env_fix(bench, recorded, as_gpu):
    o = as_gpu(recorded("bench_cpu_attention.json"), "AMD Radeon RX 7900 XTX", "gfx1100")
    attention_row(o, "fp32", "flash").update(ok=False, error="No available kernel. Aborting execution.")
    f = bench({"bench_attention": o}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.WARN and "experimental" in f.title
    assert f.fix.actions[0].env == {"TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1"}
    # With the variable set the kernels are expected, and their absence is the warning.
    o["result"]["env"] = {"TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1"}
    f = bench({"bench_attention": o}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.WARN and "falls back to the math kernel" in f.title


def test_attention_wrong_results_and_nothing_running_fail(bench, recorded, as_gpu):
    o = as_gpu(recorded("bench_cpu_attention.json"), "AMD Instinct MI300X", "gfx942")
    attention_row(o, "fp32", "flash").update(ok=False, error="ran, but its output is off by 0.8 (allowed 0.0001)")
    f = bench({"bench_attention": o}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.FAIL and "flash SDPA kernel gives wrong results" in f.title
    for r in o["result"]["results"]:
        r.update(ok=False, error="HIP error: invalid device function")
    f = bench({"bench_attention": o}, ["RD-BENCH-007"]).findings[0]
    assert f.status == Status.FAIL and "no SDPA kernel runs" in f.title
