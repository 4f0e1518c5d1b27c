"""RD-BENCH-001/002 (checks/bench/matmul.py): matmul throughput against the vendor peak, and
bf16 against fp32 (a bf16 slower than fp32 is emulated), on the recorded CPU run."""

from rocmdoctor.engine.model import Status


def test_matmul_cpu_run_passes_labelled_cpu(bench, recorded):
    r = bench({"bench_matmul": recorded("bench_cpu_matmul.json")}, ["RD-BENCH-001", "RD-BENCH-002"])
    m, b = r.by_code("RD-BENCH-001")[0], r.by_code("RD-BENCH-002")[0]
    assert m.status == Status.PASS and m.subject == "CPU run" and "CPU run" in m.detail
    assert b.status == Status.SKIP  # bf16 emulation is a GPU question


def test_matmul_wrong_results_fail(bench, recorded):
    o = recorded("bench_cpu_matmul.json")
    o["result"]["results"][0].update(error_ok=False, rel_error=0.7)
    f = bench({"bench_matmul": o}, ["RD-BENCH-001"]).findings[0]
    assert f.status == Status.FAIL and "wrong results in fp32" in f.title


def test_bf16_slower_than_fp32_on_gpu_warns_emulated(bench, recorded, as_gpu):
    # The recorded CPU run has bf16 at a quarter of fp32: the emulated-bf16 shape.
    o = as_gpu(recorded("bench_cpu_matmul.json"), "AMD Instinct MI50/MI60", "gfx906:sramecc+:xnack-")
    f = bench({"bench_matmul": o}, ["RD-BENCH-002"]).findings[0]
    assert f.status == Status.WARN and "emulated" in f.title and "fp16 with loss" in f.detail
    assert f.subject == "AMD Instinct MI50/MI60"


def test_bf16_faster_than_fp32_passes(bench, recorded, as_gpu):
    o = as_gpu(recorded("bench_cpu_matmul.json"), "AMD Instinct MI300X", "gfx942")
    best = o["result"]["best_tflops"]
    best["bf16"], best["fp32"] = best["fp32"], best["bf16"]
    assert bench({"bench_matmul": o}, ["RD-BENCH-002"]).findings[0].status == Status.PASS


def test_matmul_far_below_peak_warns(bench, recorded, as_gpu):
    from rocmdoctor.benchmarks.suite import _matmul_peaks

    o = as_gpu(recorded("bench_cpu_matmul.json"), "AMD Instinct MI300X", "gfx942")
    _matmul_peaks(o["result"])  # CPU-sized figures against an MI300X peak: far below 10%
    assert o["result"]["peak"]["product"] == "AMD Instinct MI300X"
    f = bench({"bench_matmul": o}, ["RD-BENCH-001"]).findings[0]
    assert f.status == Status.WARN and "% of" in f.title
