"""The gather's cost at scale: rank 0 makes the same few store calls whatever the number of
ranks (one barrier key per phase, one batched read at each deadline), partial results name
the missing ranks, and benchmarks/rendezvous.py keeps its output contract. Scale figures
themselves come from the benchmark (docs/cluster.md), not from timed tests."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from types import SimpleNamespace

import pytest

from rocmdoctor.cluster import gather
from rocmdoctor.cluster.rendezvous import Rendezvous
from rocmdoctor.cluster.store import FileStore, StoreError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def payload(rank):
    return {"node": f"n{rank:02d}", "rank": rank, "error": None,
            "report": {"findings": [{"code": "RD-GPU-001", "status": "pass", "area": "gpu", "title": "ok"}],
                       "results": {"node_summary": {"torch": "2.4.1" if rank != 3 else "2.5.1"}}}}


def run_ranks(tmp_path, world, started, join_timeout=20.0):
    """``started`` ranks of ``world`` gather through one directory, as threads."""
    out = {}
    a = SimpleNamespace(level="quick", strict=False, rendezvous_timeout=join_timeout, node_timeout=20.0)

    def rank(r):
        store = FileStore(str(tmp_path), "rocmdoctor/t/")
        rdzv = Rendezvous("env", r, world, 0, "127.0.0.1", 0, f"n{r:02d}", run_id="t")
        out[r] = (gather.run(store, rdzv, a, lambda: payload(r), None), store.calls)

    threads = [threading.Thread(target=rank, args=(r,)) for r in range(started)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return out


def test_rank0_store_calls_do_not_grow_with_the_ranks(tmp_path):
    small = run_ranks(tmp_path / "a", 4, 4)
    large = run_ranks(tmp_path / "b", 24, 24)
    assert small[0][0]["exit"] == 1 and large[0][0]["exit"] == 1  # n03 runs another torch
    assert {r: res["exit"] for r, (res, _) in large.items() if r} == {r: int(r == 3) for r in range(1, 24)}
    # polling each rank would cost rank 0 calls in proportion to the ranks (the old protocol: ~3 per rank per 0.2 s)
    assert large[0][1] <= small[0][1] + 8, (small[0][1], large[0][1])


def test_missing_ranks_are_named_at_the_deadline(tmp_path):
    got = run_ranks(tmp_path, 6, 4, join_timeout=2.0)
    res, _ = got[0]
    assert res["exit"] == 4 and res["verdict_s"] < 15
    cluster = res["cluster"]
    (never,) = [n for n in cluster["nodes"] if n["state"] == "never joined"]
    assert never["node"] == "ranks 4, 5" and never["ranks"] == [4, 5]
    assert [n["node"] for n in cluster["nodes"] if n["state"] == "reported"] == ["n00", "n01", "n02", "n03"]
    assert {r: got[r][0]["exit"] for r in (1, 2, 3)} == {1: 0, 2: 0, 3: 1}  # the others still get their verdict


def test_rendezvous_benchmark_contract():
    p = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "rendezvous.py"), "--ranks", "8",
                        "--store", "file", "--missing", "1", "--join-timeout", "3"],
                       capture_output=True, text=True, timeout=120, check=False)
    assert p.returncode == 0, p.stderr[-800:]
    first, last = p.stdout.strip().splitlines()[-2:]
    assert "named missing: ['rank 7']" in first and first.startswith("exit codes: rank 0 4")
    assert re.fullmatch(r"rendezvous: 8 ranks \(file\), verdict in \d+\.\d s, \d+ store calls \(\d+ per s\), "
                        r"rank 0 made \d+", last), last


def test_an_unreadable_report_from_another_rank_is_that_nodes_error(tmp_path):
    """What other ranks post is outside input: garbage in payload/1 marks node 1, never crashes rank 0."""
    from rocmdoctor.cluster.protocol import Peer

    a = SimpleNamespace(level="quick", strict=False, rendezvous_timeout=20.0, node_timeout=20.0)
    bad = Peer(FileStore(str(tmp_path), "rocmdoctor/t/"), Rendezvous("env", 1, 2, 0, "127.0.0.1", 0, "n01", run_id="t"),
               join_timeout=20, node_timeout=20)
    bad.store.set("join/1", "[1, 2")
    bad.arrive("join")
    bad.store.set("payload/1", "{not json")
    bad.arrive("ready")
    res = gather.run(FileStore(str(tmp_path), "rocmdoctor/t/"),
                     Rendezvous("env", 0, 2, 0, "127.0.0.1", 0, "n00", run_id="t"), a, lambda: payload(0), None)
    states = {n["node"]: (n["state"], n["detail"]) for n in res["cluster"]["nodes"]}
    assert states["n00"][0] == "reported"
    assert states["rank 1"] == ("error", "its report arrived unreadable (not JSON)")
    assert res["exit"] == 1


def test_a_rendezvous_directory_of_a_finished_run_is_refused(tmp_path):
    run_ranks(tmp_path, 2, 2)
    a = SimpleNamespace(rendezvous_dir=str(tmp_path), rendezvous_timeout=5.0)
    with pytest.raises(StoreError, match="fresh directory"):
        gather.open_store(Rendezvous("env", 0, 2, 0, "127.0.0.1", 0, "n00", run_id="t"), a)
