"""RD-BENCH-* and RD-TRAIN-* on recorded outcomes (tests/data/bench_*.json, recorded on
a CPU-only machine, and the rccl-tests 8x MI350X table), fed through scan's
active_results option or a snapshot's probes. No benchmark runs here."""
from __future__ import annotations

import copy
import json
import os
import re


import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), "data")


def load(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return json.load(fh)


def scan(tmp_path, results, codes, level="bench"):
    snap = build_snapshot(tmp_path / "snap")
    return rocmdoctor.scan(snapshot=snap, level=level, select=codes, options={"active_results": results})


def as_gpu(outcome, name, arch, world=None):
    """A recorded CPU outcome relabelled as a GPU run, to reach the GPU-only branches
    (documented in tests/data/SOURCES.md). The figures stay the measured ones."""
    o = copy.deepcopy(outcome)
    o["device_requested"] = "cuda"
    o["result"]["device"] = {"kind": "cuda", "name": name, "arch": arch}
    if world:
        o["result"]["world_size"] = world
    return o


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


# ----------------------------------------------------------------------- matmul
def test_matmul_cpu_run_passes_labelled_cpu(tmp_path):
    r = scan(tmp_path, {"bench_matmul": load("bench_cpu_matmul.json")}, ["RD-BENCH-001", "RD-BENCH-002"])
    m, b = r.by_code("RD-BENCH-001")[0], r.by_code("RD-BENCH-002")[0]
    assert m.status == Status.PASS and m.subject == "CPU run" and "CPU run" in m.detail
    assert b.status == Status.SKIP  # bf16 emulation is a GPU question


def test_matmul_wrong_results_fail(tmp_path):
    o = load("bench_cpu_matmul.json")
    o["result"]["results"][0].update(error_ok=False, rel_error=0.7)
    f = scan(tmp_path, {"bench_matmul": o}, ["RD-BENCH-001"]).findings[0]
    assert f.status == Status.FAIL and "wrong results in fp32" in f.title


def test_bf16_slower_than_fp32_on_gpu_warns_emulated(tmp_path):
    # The recorded CPU run has bf16 at a quarter of fp32: the emulated-bf16 shape.
    o = as_gpu(load("bench_cpu_matmul.json"), "AMD Instinct MI50/MI60", "gfx906:sramecc+:xnack-")
    f = scan(tmp_path, {"bench_matmul": o}, ["RD-BENCH-002"]).findings[0]
    assert f.status == Status.WARN and "emulated" in f.title and "fp16 with loss" in f.detail
    assert f.subject == "AMD Instinct MI50/MI60"


def test_bf16_faster_than_fp32_passes(tmp_path):
    o = as_gpu(load("bench_cpu_matmul.json"), "AMD Instinct MI300X", "gfx942")
    best = o["result"]["best_tflops"]
    best["bf16"], best["fp32"] = best["fp32"], best["bf16"]
    assert scan(tmp_path, {"bench_matmul": o}, ["RD-BENCH-002"]).findings[0].status == Status.PASS


def test_matmul_far_below_peak_warns(tmp_path):
    from rocmdoctor.benchmarks.suite import _matmul_peaks

    o = as_gpu(load("bench_cpu_matmul.json"), "AMD Instinct MI300X", "gfx942")
    _matmul_peaks(o["result"])  # CPU-sized figures against an MI300X peak: far below 10%
    assert o["result"]["peak"]["product"] == "AMD Instinct MI300X"
    f = scan(tmp_path, {"bench_matmul": o}, ["RD-BENCH-001"]).findings[0]
    assert f.status == Status.WARN and "% of" in f.title


# -------------------------------------------------------------------- allreduce
def test_allreduce_cpu_gloo_passes(tmp_path):
    f = scan(tmp_path, {"bench_allreduce": load("bench_cpu_allreduce_2ranks_64MiB.json")}, ["RD-BENCH-003"]).findings[0]
    assert f.status == Status.PASS and "2 ranks" in f.title and f.subject == "CPU run"


def test_allreduce_rccl_tests_mi350x_passes(tmp_path, sample):
    o = rccl_tests_outcome(sample("rccl-tests_all_reduce_perf_8xMI350X.txt"))
    assert o["result"]["peak_busbw_gbps"] == 367.51
    f = scan(tmp_path, {"bench_allreduce": o}, ["RD-BENCH-003"]).findings[0]
    assert f.status == Status.PASS and "367.51" in f.title


def test_allreduce_wrong_values_fail(tmp_path, sample):
    o = rccl_tests_outcome(sample("rccl-tests_all_reduce_perf_8xMI350X.txt"))
    o["result"]["sizes"][-1]["wrong"] = 3
    o["result"]["wrong_total"] = 3
    f = scan(tmp_path, {"bench_allreduce": o}, ["RD-BENCH-003"]).findings[0]
    assert f.status == Status.FAIL and "wrong values" in f.title


def test_allreduce_crawling_on_gpus_warns_with_fix_order(tmp_path, monkeypatch):
    from rocmdoctor.checks.bench import allreduce as bench

    # Measured gloo figures (about 1 GB/s at 64 MiB) as if on GPUs, against a raised bar.
    monkeypatch.setattr(bench, "CRAWL_BUSBW_GBPS", 5.0)
    o = as_gpu(load("bench_cpu_allreduce_2ranks_64MiB.json"), "AMD Radeon RX 7900 XTX", "gfx1100")
    f = scan(tmp_path, {"bench_allreduce": o}, ["RD-BENCH-003"]).findings[0]
    assert f.status == Status.WARN and "crawls" in f.title
    steps = [a.description for a in f.fix.actions]
    assert "iommu=pt" in steps[0] and "ACS" in steps[1] and "NCCL_P2P_DISABLE=1" in steps[2]


def test_allreduce_hang_names_rank_and_gives_fix(tmp_path):
    o = dict(load("bench_cpu_allreduce_hang_rank1.json"), device_requested="cuda")  # GPU remedies: GPU runs only
    f = scan(tmp_path, {"bench_allreduce": o}, ["RD-BENCH-003"]).findings[0]
    assert f.status == Status.FAIL and "hung" in f.title
    assert "rank 1 stopped at" in f.detail and f.data["culprit_ranks"] == [1]
    assert f.fix and "iommu=pt" in f.fix.actions[0].description


# ------------------------------------------------------------- membw, p2p, misc
def test_membw_cpu_passes(tmp_path):
    f = scan(tmp_path, {"bench_membw": load("bench_cpu_membw.json")}, ["RD-BENCH-005"]).findings[0]
    assert f.status == Status.PASS and "host_ram_copy" in f.title


def test_membw_slow_host_link_warns(tmp_path):
    o = as_gpu(load("bench_cpu_membw.json"), "AMD Instinct MI100", "gfx908")
    row = dict(o["result"]["by_test"]["host_ram_copy"], test="host_to_device_pinned", copy_gbps=1.2)
    o["result"]["by_test"] = {"host_to_device_pinned": row}
    f = scan(tmp_path, {"bench_membw": o}, ["RD-BENCH-005"]).findings[0]
    assert f.status == Status.WARN and "1.2 GB/s" in f.title


def test_p2p_unavailable_on_cpu_is_skip(tmp_path):
    o = {"benchmark": "p2p", "outcome": "failed", "message": "rank 0: peer-to-peer needs GPUs", "ranks": [],
         "result": {"error": "peer-to-peer needs GPUs", "unavailable": True}, "device_requested": "cpu"}
    assert scan(tmp_path, {"bench_p2p": o}, ["RD-BENCH-004"]).findings[0].status == Status.SKIP


def test_not_run_benchmark_skips_with_reason(tmp_path):
    f = scan(tmp_path, {}, ["RD-BENCH-001"]).findings[0]
    assert f.status == Status.SKIP and "not run in this invocation" in f.detail


def test_snapshot_without_records_skips_and_with_record_is_judged(tmp_path):
    snap = build_snapshot(tmp_path / "a")
    f = rocmdoctor.scan(snapshot=snap, level="bench", select=["RD-BENCH-003"]).findings[0]
    assert f.status == Status.SKIP and "live machine" in f.detail
    snap = build_snapshot(tmp_path / "b", probes={"bench_allreduce": load("bench_cpu_allreduce_hang_rank1.json")})
    f = rocmdoctor.scan(snapshot=snap, level="bench", select=["RD-BENCH-003"]).findings[0]
    assert f.status == Status.FAIL


def test_bench_checks_do_not_run_below_bench_level(tmp_path):
    snap = build_snapshot(tmp_path / "c")
    assert rocmdoctor.scan(snapshot=snap, level="default", select=["RD-BENCH", "RD-TRAIN"]).findings == []


# ------------------------------------------------------------------------ train
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


def test_train_reference_curve_passes(tmp_path):
    f = scan(tmp_path, {"train_run": _train_outcome()}, ["RD-TRAIN-001"], level="train").findings[0]
    assert f.status == Status.PASS and "1000 tokens/s" in f.title and f.subject == "CPU run"


def test_train_nan_fails(tmp_path):
    o = _train_outcome(inject="nan", losses=[4.2, 3.9, float("nan")], steps_done=3,
                       first_nonfinite={"step": 2, "what": "loss", "value": "nan"})
    f = scan(tmp_path, {"train_run": o}, ["RD-TRAIN-001"], level="train").findings[0]
    assert f.status == Status.FAIL and "loss finite" in f.title and "injected" in f.title
    assert "step 2" in f.detail


def test_train_hang_names_step_and_rank(tmp_path):
    o = {"benchmark": "train", "outcome": "timeout", "nproc": 2, "device_requested": "cuda", "result": None,
         "message": "no result within the 60 s timeout; killed ranks 0, 1. rank 1 stopped at 'step 50: forward'",
         "ranks": [{"rank": 0, "step": 50, "stage": "step 50: backward", "killed": True, "stderr_tail": ""},
                   {"rank": 1, "step": 50, "stage": "step 50: forward", "killed": True, "stderr_tail": ""}],
         "hung_ranks": [0, 1], "culprit_ranks": [1],
         "hang": {"step": 50, "ranks": [0, 1], "culprit_ranks": [1]}}
    f = scan(tmp_path, {"train_run": o}, ["RD-TRAIN-001"], level="train").findings[0]
    assert f.status == Status.FAIL and f.title.startswith("reference fine-tune hung at step 50 on rank 1")
    assert f.fix is not None  # two ranks: the collective-hang remedies apply


def test_train_hang_before_the_first_step_says_so(tmp_path):
    """Seen on an H100 host under load: a timeout during start-up said "hung at step None"."""
    o = {"benchmark": "train", "outcome": "timeout", "nproc": 1, "device_requested": "cpu", "result": None,
         "message": "no result within the 12 s timeout; killed rank 0. rank 0 stopped at 'import torch'",
         "ranks": [{"rank": 0, "step": None, "stage": "import torch", "killed": True, "stderr_tail": ""}],
         "hung_ranks": [0], "culprit_ranks": [], "hang": {"step": None, "ranks": [0], "culprit_ranks": []}}
    f = scan(tmp_path, {"train_run": o}, ["RD-TRAIN-001"], level="train").findings[0]
    assert f.status == Status.FAIL and "None" not in f.title
    assert f.title.startswith("reference fine-tune hung before its first step")


def test_train_checks_need_train_level(tmp_path):
    r = scan(tmp_path, {"train_run": _train_outcome()}, ["RD-TRAIN-001"], level="bench")
    assert r.findings == []
