"""RD-BENCH-003 (checks/bench/allreduce.py): all-reduce correctness and bus bandwidth on the
recorded gloo runs and the rccl-tests 8x MI350X table (tests/data/SOURCES.md)."""
import re

from rocmdoctor.engine.model import Status


def rccl_tests_outcome(text: str) -> dict:
    """rccl-tests all_reduce_perf table -> our outcome shape (in-place columns)."""
    rows = []
    for line in text.splitlines():
        f = line.split()
        if len(f) == 13 and f[0].isdigit():
            rows.append({"bytes": int(f[0]), "count": int(f[1]), "time_us": float(f[9]), "algbw_gbps": float(f[10]),
                         "busbw_gbps": float(f[11]), "wrong": int(f[12])})
    n = int(re.search(r"nGpus (\d+)", text).group(1))
    return {"benchmark": "allreduce", "outcome": "completed", "message": "", "nproc": n, "device_requested": "cuda",
            "result": {"device": {"kind": "cuda", "name": "AMD Instinct MI350X", "arch": "gfx950"},
                       "backend": "nccl", "world_size": n, "sizes": rows, "wrong_total": sum(r["wrong"] for r in rows),
                       "peak_busbw_gbps": max(r["busbw_gbps"] for r in rows)}}


def test_allreduce_cpu_gloo_passes(bench, recorded):
    f = bench({"bench_allreduce": recorded("bench_cpu_allreduce_2ranks_64MiB.json")}, ["RD-BENCH-003"]).findings[0]
    assert f.status == Status.PASS and "2 ranks" in f.title and f.subject == "CPU run"


def test_allreduce_rccl_tests_mi350x_passes(sample, bench):
    o = rccl_tests_outcome(sample("rccl-tests_all_reduce_perf_8xMI350X.txt"))
    assert o["result"]["peak_busbw_gbps"] == 367.51
    f = bench({"bench_allreduce": o}, ["RD-BENCH-003"]).findings[0]
    assert f.status == Status.PASS and "367.51" in f.title


def test_allreduce_wrong_values_fail(sample, bench):
    o = rccl_tests_outcome(sample("rccl-tests_all_reduce_perf_8xMI350X.txt"))
    o["result"]["sizes"][-1]["wrong"] = 3
    o["result"]["wrong_total"] = 3
    f = bench({"bench_allreduce": o}, ["RD-BENCH-003"]).findings[0]
    assert f.status == Status.FAIL and "wrong values" in f.title


def test_allreduce_crawling_on_gpus_warns_with_fix_order(monkeypatch, bench, recorded, as_gpu):
    from rocmdoctor.checks.bench import allreduce

    # Measured gloo figures (about 1 GB/s at 64 MiB) as if on GPUs, against a raised bar.
    monkeypatch.setattr(allreduce, "CRAWL_BUSBW_GBPS", 5.0)
    o = as_gpu(recorded("bench_cpu_allreduce_2ranks_64MiB.json"), "AMD Radeon RX 7900 XTX", "gfx1100")
    f = bench({"bench_allreduce": o}, ["RD-BENCH-003"]).findings[0]
    assert f.status == Status.WARN and "crawls" in f.title
    steps = [a.description for a in f.fix.actions]
    assert "iommu=pt" in steps[0] and "ACS" in steps[1] and "NCCL_P2P_DISABLE=1" in steps[2]


def test_allreduce_hang_names_rank_and_gives_fix(bench, recorded):
    o = dict(recorded("bench_cpu_allreduce_hang_rank1.json"), device_requested="cuda")  # GPU remedies: GPU runs only
    f = bench({"bench_allreduce": o}, ["RD-BENCH-003"]).findings[0]
    assert f.status == Status.FAIL and "hung" in f.title
    assert "rank 1 stopped at" in f.detail and f.data["culprit_ranks"] == [1]
    assert f.fix and "iommu=pt" in f.fix.actions[0].description
