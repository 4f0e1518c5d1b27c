"""`rocmdoctor bench --find-slow-node`: pairwise all-reduce in log2(N) rounds between the
nodes of a job, judged against the median pair. Live on CPU with gloo, four local processes
standing in for nodes and one of them throttled; and the judgement on pair tables."""
from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys

import pytest

from rocmdoctor.cluster import slownode

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _pairwise():
    from rocmdoctor.benchmarks import pairwise

    return pairwise


def table(n, busbw):
    """The pairs pairwise.py measures for n nodes; busbw(a, b) gives each pair's figure."""
    pw = _pairwise()
    pairs = [{"round": k + 1, "a": i, "b": pw.partner(i, k, n), "bytes": 1 << 20, "time_us": 1e3 / busbw(i, pw.partner(i, k, n)),
              "busbw_gbps": busbw(i, pw.partner(i, k, n))}
             for k in range(pw.rounds(n)) for i in range(n) if pw.partner(i, k, n) is not None and i < pw.partner(i, k, n)]
    return {"world_size": n, "rounds": pw.rounds(n), "nodes": {str(r): f"gpu{r:02d}" for r in range(n)}, "pairs": pairs}


def test_rounds_meet_a_new_partner_each_time():
    pw = _pairwise()
    assert [pw.rounds(n) for n in (2, 3, 4, 8, 9, 1000)] == [1, 2, 2, 3, 4, 10]
    for n in (4, 8, 6):
        seen = set()
        for k in range(pw.rounds(n)):
            ps = {frozenset((i, pw.partner(i, k, n))) for i in range(n) if pw.partner(i, k, n) is not None}
            assert not ps & seen  # no pair measured twice
            assert all(len(p) == 2 for p in ps)
            seen |= ps


def test_slow_node_is_named_by_all_of_its_pairs():
    findings, summary = slownode.judge(table(8, lambda a, b: 2.0 if 5 in (a, b) else 20.0))
    (f,) = findings
    assert f.code == slownode.NODE_CODE and f.status.value == "fail" and f.subject == "gpu05"
    assert f.data["outliers"] == ["gpu05"] and len(f.evidence) == 3  # log2(8) partners
    assert summary["slow_nodes"] == ["gpu05"] and summary["slow_links"] == []


def test_slow_link_between_two_fast_nodes():
    findings, summary = slownode.judge(table(8, lambda a, b: 3.0 if {a, b} == {2, 6} else 20.0))
    (f,) = findings
    assert f.code == slownode.LINK_CODE and f.subject == "gpu02 <-> gpu06" and summary["slow_nodes"] == []


def test_even_pairs_pass_and_two_nodes_cannot_be_told_apart():
    (f,) = slownode.judge(table(8, lambda a, b: 20.0 + a * 0.1))[0]
    assert f.status.value == "pass" and "no slow node: 12 pairs over 3 rounds" in f.title
    (f,) = slownode.judge(table(2, lambda a, b: 1.0))[0]
    assert f.status.value == "skip" and "three or more nodes" in f.detail


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="torch not installed")
def test_throttled_node_found_with_gloo_on_cpu():
    """Four ranks on loopback stand in for four nodes; node-c's rank waits 40 ms after each
    all-reduce (a simulated slow node)."""
    port, names = free_port(), ["node-a", "node-b", "node-c", "node-d"]
    procs = []
    for r, name in enumerate(names):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TORCHELASTIC_", "SLURM_", "OMPI_", "PMI_"))}
        env.update(RANK=str(r), WORLD_SIZE="4", LOCAL_RANK="0", MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port),
                   ROCMDOCTOR_NODE_NAME=name, GLOO_SOCKET_IFNAME="lo", OMP_NUM_THREADS="1")
        procs.append(subprocess.Popen([sys.executable, "-m", "rocmdoctor", "bench", "--find-slow-node", "--device",
                                       "cpu", "--timeout", "150", "--format", "json", "--throttle-rank", "2",
                                       "--throttle-ms", "40"], env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    outs = [p.communicate(timeout=240) for p in procs]
    codes = [p.returncode for p in procs]
    assert outs[0][0], outs[0][1][-1500:]
    report = json.loads(outs[0][0])
    summary = report["results"]["find_slow_node"]
    assert summary["rounds"] == 2 and len(summary["pairs"]) == 4
    assert summary["slow_nodes"] == ["node-c"], json.dumps(summary["pairs"])
    (f,) = [f for f in report["findings"] if f["status"] == "fail"]
    assert f["code"] == slownode.NODE_CODE and f["subject"] == "node-c"
    assert codes == [1, 0, 1, 0], [o[1][-400:] for o in outs]  # rank 0: the verdict; others: their own node
    assert [o[0] for o in outs[1:]] == ["", "", ""]
