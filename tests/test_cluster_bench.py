"""`scan --cluster --level bench`: the all-reduce across nodes (benchmarks/allreduce.py,
one rank per node, gloo on CPU) on loopback, with local processes standing in for nodes;
a node whose rank hangs is named. Plus the launch resolution of benchmarks/childlib.py
and the findings on recorded outcomes."""
from __future__ import annotations

import copy
import json
import os
import time
from types import SimpleNamespace

import pytest

from rocmdoctor.benchmarks import childlib
from rocmdoctor.cluster import bench
from rocmdoctor.cluster.table import lines as table_lines

DATA = os.path.join(os.path.dirname(__file__), "data")


def _live_helpers():
    """The loopback node helpers of test_cluster_live.py (pytest imports tests in importlib mode)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_cluster_live", os.path.join(os.path.dirname(__file__),
                                                                                 "test_cluster_live.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.free_port, mod.launch, mod.node_snapshots


free_port, launch, node_snapshots = _live_helpers()


def load(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return json.load(fh)


def cluster_findings(cluster, code):
    return [f for f in cluster["findings"] if f["code"] == code]


def run_nodes(tmp_path, names, *extra, per_node=None, timeout="20"):
    snaps = node_snapshots(tmp_path, names)
    port = free_port()
    procs = [launch(r, len(names), port, n, snaps[n], "--level", "bench", "--bench-device", "cpu",
                    "--bench-timeout", timeout, "--bench-sizes", "65536,1048576", *extra,
                    *((per_node or {}).get(n, ())))
             for r, n in enumerate(names)]
    outs = [p.communicate(timeout=90) for p in procs]
    assert outs[0][0], outs[0][1][-1500:]
    return json.loads(outs[0][0]), [p.returncode for p in procs], outs


# ------------------------------------------------------------------- live
def test_allreduce_across_two_nodes_reports_busbw_and_correctness(tmp_path):
    cluster, codes, outs = run_nodes(tmp_path, ["node-a", "node-d"])
    ar = cluster["results"]["allreduce"]
    assert ar["outcome"] == "completed" and ar["world_size"] == 2 and ar["backend"] == "gloo"
    assert [r["bytes"] for r in ar["sizes"]] == [65536, 1048576]
    for row in ar["sizes"]:  # nccl-tests: busbw = algbw * 2(n-1)/n, which is 1 for two ranks
        assert row["wrong"] == 0 and row["busbw_gbps"] == pytest.approx(row["algbw_gbps"]) and row["busbw_gbps"] > 0
    assert [n["node"] for n in ar["nodes"]] == ["node-a", "node-d"]
    assert all(n["state"] == "completed" and n["peak_busbw_gbps"] > 0 for n in ar["nodes"])
    (f,) = cluster_findings(cluster, bench.RESULT_CODE)
    assert f["status"] == "pass" and "correct" in f["title"] and "CPU run (gloo)" in f["detail"]
    assert not cluster_findings(cluster, bench.CULPRIT_CODE)
    assert codes == [0, 0], [o[1][-800:] for o in outs]  # two identical healthy nodes
    text = "\n".join(t for t, _ in table_lines(cluster))
    assert "ALL-REDUCE ACROSS NODES" in text and "node-d: busbw" in text


def test_hung_rank_names_its_node(tmp_path):
    names = ["node-a", "node-d", "node-e"]
    t0 = time.monotonic()
    cluster, codes, outs = run_nodes(tmp_path, names, timeout="12", per_node={"node-e": ("--bench-inject", "hang")})
    assert time.monotonic() - t0 < 50
    nodes = cluster["results"]["allreduce"]["nodes"]
    (culprit,) = cluster_findings(cluster, bench.CULPRIT_CODE)
    assert culprit["status"] == "fail" and culprit["subject"] == "node-e", json.dumps(nodes)[:1500]
    assert "hung" in culprit["title"] and "injected hang" in culprit["title"]
    assert "node-a was at" in culprit["detail"]  # the others waited in the collective
    (summary,) = cluster_findings(cluster, bench.RESULT_CODE)
    assert summary["status"] == "fail" and "(node-e)" in summary["title"]
    states = {n["node"]: n["state"] for n in nodes}
    assert states == {"node-a": "hung", "node-d": "hung", "node-e": "hung"}  # all killed by the timeout
    assert codes[2] == 1 and codes[1] == 0  # the hung node drains; the healthy one does not
    assert cluster["exit_code"] == 1


def test_a_node_started_below_level_bench_takes_its_part_in_the_leaders_all_reduce(tmp_path):
    # The plan is the leader's. A follower started at --level default has no bench settings of
    # its own, and running its rank raised AttributeError on None: its outcome never arrived.
    cluster, codes, outs = run_nodes(tmp_path, ["node-a", "node-d"], per_node={"node-d": ("--level", "default")})
    ar = cluster["results"]["allreduce"]
    assert ar["outcome"] == "completed", json.dumps(ar)[:1500]
    assert [n["state"] for n in ar["nodes"]] == ["completed", "completed"]
    assert codes[1] == 0, outs[1][1][-800:]


# ----------------------------------------------------------- recorded outcomes
def outcome_pair():
    """Two nodes' outcomes from one recorded 2-rank CPU run (tests/data, CPU-only machine)."""
    o = load("bench_cpu_allreduce_2ranks_64MiB.json")
    p = bench.plan([(0, "node-a"), (1, "node-b")], "10.0.0.1", "cpu", {}, port=29600)
    return p, {0: bench.trim(o), 1: bench.trim(copy.deepcopy(o))}


def test_wrong_values_on_one_node_fail_and_name_it():
    p, outs = outcome_pair()
    outs[1]["result"]["wrong_total"] = 12
    results, findings = bench.combine(p, outs)
    (f,) = findings
    assert f.code == bench.RESULT_CODE and f.status.value == "fail" and f.data["outliers"] == ["node-b"]


def test_node_without_outcome_died_and_crash_beats_hang():
    p, outs = outcome_pair()
    results, findings = bench.combine(p, {0: dict(outs[0], outcome="timeout"), 1: None})
    culprit = [f for f in findings if f.code == bench.CULPRIT_CODE]
    assert [f.subject for f in culprit] == ["node-b"] and "died" in culprit[0].title
    assert results["nodes"][1]["state"] == "died"


def test_lagging_node_is_the_culprit_when_all_hung():
    p, outs = outcome_pair()
    for r, seq in ((0, 6), (1, 5)):
        outs[r] = dict(outs[r], outcome="timeout", result=None, message="no result within the 8 s timeout; killed rank 0")
        outs[r]["ranks"] = [dict(outs[r]["ranks"][0], seq=seq, stage=f"stage {seq}")]
    _, findings = bench.combine(p, outs)
    (culprit,) = [f for f in findings if f.code == bench.CULPRIT_CODE]
    assert culprit.subject == "node-b" and "'stage 5'" in culprit.title
    assert "killed its rank" in culprit.detail  # the node-local "rank 0" is reworded


def test_everyone_failing_to_connect_fails_without_a_culprit():
    p, outs = outcome_pair()
    for r in outs:
        outs[r] = dict(outs[r], outcome="failed", message="rank 0: RuntimeError: Connection refused")
        outs[r]["result"] = {"error": "RuntimeError: Connection refused"}
    _, findings = bench.combine(p, outs)
    assert [f.code for f in findings] == [bench.RESULT_CODE]
    assert findings[0].status.value == "fail" and "GLOO_SOCKET_IFNAME" in findings[0].detail


# ------------------------------------------------------------ launch (childlib)
def args(**kw):
    base = dict(init=None, init_file=None, rank=0, world=1)
    return SimpleNamespace(**{**base, **kw})


def test_resolve_launch_file_tcp_env():
    a = args(init_file="/tmp/x", rank=1, world=2)
    childlib.resolve_launch(a, env={"RANK": "5", "WORLD_SIZE": "9"})
    assert (a.init_method, a.rank, a.world, a.local_rank) == ("file:///tmp/x", 1, 2, 1)  # local: argv wins
    a = args(init="tcp://head:29600", init_file="/tmp/x")
    childlib.resolve_launch(a, env={"RANK": "2", "WORLD_SIZE": "3", "LOCAL_RANK": "0"})
    assert (a.init_method, a.rank, a.world, a.local_rank) == ("tcp://head:29600", 2, 3, 0)
    a = args(init="env://")
    with pytest.raises(ValueError, match="MASTER_ADDR"):
        childlib.resolve_launch(a, env={"RANK": "1", "WORLD_SIZE": "2"})
    with pytest.raises(ValueError, match="expected"):
        childlib.resolve_launch(args(init="nccl://x"), env={})
