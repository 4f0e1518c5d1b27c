"""Drift between nodes, the node summary it compares, and the cluster report's verdicts."""
import os

import pytest

from rocmdoctor.cluster import drift
from rocmdoctor.cluster import report
from rocmdoctor.cluster import table
from rocmdoctor.facts import Context
from rocmdoctor.facts.node_summary import select_interfaces
from rocmdoctor.engine.model import Status
from rocmdoctor.machine.sources import SnapshotSource
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), "data")


def _data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def summary(**kw):
    base = {"kernel": "6.8.0-45-generic", "torch": "2.4.1+rocm6.2", "gpu_count": 8, "gfx": ["8x gfx942"],
            "cmdline": ["iommu=pt"], "env": {"NCCL_SOCKET_IFNAME": "ens"}}
    base.update(kw)
    return base


def nodes(*summaries):
    return [(f"n{i}", {"findings": []}, s) for i, s in enumerate(summaries)]


def keys(findings):
    return sorted(f.data.get("key") or f.data.get("check") or f.data.get("var") for f in findings)


def test_identical_nodes_have_no_drift():
    assert drift.drift(nodes(summary(), summary(), summary())) == []


def test_one_odd_node_is_the_outlier_and_severity_follows_the_key():
    fs = drift.drift(nodes(summary(), summary(torch="2.5.1+rocm6.2", kernel="6.8.0-49-generic"), summary()))
    by = {f.data["key"]: f for f in fs}
    assert set(by) == {"torch", "kernel"}
    assert by["torch"].status == Status.FAIL and by["kernel"].status == Status.WARN
    assert by["torch"].data["outliers"] == ["n1"]
    assert by["torch"].data["values"] == [{"value": "2.4.1+rocm6.2", "nodes": ["n0", "n2"]},
                                          {"value": "2.5.1+rocm6.2", "nodes": ["n1"]}]


def test_without_a_majority_every_node_is_suspect():
    (f,) = drift.drift(nodes(summary(gpu_count=8), summary(gpu_count=7)))
    assert f.code == "RD-CLU-012" and f.data["outliers"] == ["n0", "n1"]


def test_unknown_values_never_count_as_drift_but_unset_env_does():
    no_torch = summary()
    del no_torch["torch"]  # --level quick: torch not probed
    fs = drift.drift(nodes(summary(), no_torch, summary(env={})))
    assert keys(fs) == ["env:NCCL_SOCKET_IFNAME"]
    assert "(unset): n2" in fs[0].detail


def test_cmdline_drift_says_what_the_odd_node_lacks():
    (f,) = drift.drift(nodes(summary(), summary(cmdline=["amd_iommu=on"]), summary()))
    assert f.code == "RD-CLU-011" and "n1: lacks iommu=pt; adds amd_iommu=on" in f.detail


def net(spec_matched, kind="infiniband"):
    return {"interfaces": {"ib0": {"kind": kind, "state": "up"}, "lo": {"kind": "loopback", "state": "unknown"}},
            "NCCL_SOCKET_IFNAME": {"spec": "ib", "matched": spec_matched}}


def test_socket_ifname_missing_on_a_node_fails_naming_it():
    fs = drift.network(nodes(summary(net=net(["ib0"])), summary(net=net([]))))
    (f,) = fs
    assert f.status == Status.FAIL and f.subject == "n1" and "matches no network interface" in f.title
    assert "ib0, lo" in f.detail


def test_socket_ifname_of_another_kind_warns():
    (f,) = drift.network(nodes(summary(net=net(["ib0"])), summary(net=net(["ib0"], kind="ethernet"))))
    assert f.status == Status.WARN and f.code == "RD-CLU-016"


@pytest.mark.parametrize("spec,exact,want", [
    ("ib", False, ["ib0", "ib1"]),
    ("^docker,lo", False, ["eth0", "ib0", "ib1"]),
    ("=ib0", False, ["ib0"]),
    ("^=ib0", False, ["docker0", "eth0", "ib1", "lo"]),
    ("eth0,ib1", True, ["eth0", "ib1"]),  # gloo: exact names
    ("eth", True, []),
])
def test_select_interfaces_follows_nccl_syntax(spec, exact, want):
    assert select_interfaces(spec, ["docker0", "eth0", "ib0", "ib1", "lo"], exact=exact) == want


def test_checks_that_differ_between_nodes_are_listed():
    a = {"findings": [{"code": "RD-IOMMU-001", "status": "pass"}, {"code": "RD-OS-001", "status": "pass"}]}
    b = {"findings": [{"code": "RD-IOMMU-001", "status": "fail"}, {"code": "RD-OS-001", "status": "pass"}]}
    (f,) = drift.differing_checks([("a", a, {}), ("b", b, {})])
    assert f.subject == "RD-IOMMU-001" and f.title.endswith("pass on a; fail on b")


def test_node_summary_ignores_per_host_kernel_args_and_reads_net(tmp_path):
    cmd = _data("cmdline_epyc7532_2x7900xtx_amd_iommu_on_iommu_pt.txt")
    snaps = []
    for i, uuid in enumerate(("1111", "2222")):
        snaps.append(build_snapshot(tmp_path / f"s{i}", files={
            "/proc/cmdline": cmd.replace("root=", f"root=UUID={uuid} x=") if "root=" in cmd else
            f"BOOT_IMAGE=/vmlinuz root=UUID={uuid} " + cmd,
            "/sys/class/net/ib0/type": "32\n", "/sys/class/net/ib0/operstate": "up\n",
            "/sys/class/net/docker0/type": "1\n"},
            links={"/sys/class/net/ib0/device": "../../../0000:41:00.0"},
            probes={"env": {"NCCL_SOCKET_IFNAME": "ib", "PATH": "/usr/bin", "HSA_NO_SCRATCH_RECLAIM": "1"}}))
    sums = [Context(SnapshotSource(s), "quick").get("node_summary").to_dict() for s in snaps]
    assert sums[0]["cmdline"] == sums[1]["cmdline"] and "iommu=pt" in sums[0]["cmdline"]
    assert not any(t.startswith(("root=", "BOOT_IMAGE")) for t in sums[0]["cmdline"])
    assert sums[0]["env"] == {"HSA_NO_SCRATCH_RECLAIM": "1", "NCCL_SOCKET_IFNAME": "ib"}
    n = sums[0]["net"]
    assert n["interfaces"]["ib0"]["kind"] == "infiniband" and n["interfaces"]["docker0"]["kind"] == "ethernet (virtual)"
    assert n["NCCL_SOCKET_IFNAME"]["matched"] == ["ib0"]
    assert drift.drift(nodes(*sums)) == []


def _payload(name, rank, statuses, s=None):
    return {"node": name, "rank": rank, "error": None,
            "report": {"findings": [{"code": f"RD-X-{i}", "status": st, "area": area}
                                    for i, (area, st) in enumerate(statuses)],
                       "results": {"node_summary": s or summary()}}}


def test_report_exit_codes_strict_and_incomplete():
    ok = _payload("a", 0, [("gpu", "pass"), ("iommu", "pass")])
    warn = _payload("b", 1, [("gpu", "pass"), ("iommu", "warn")])
    c = report.build([ok, warn], level="quick")
    assert c["exit_code"] == 0 and [n["exit_code"] for n in c["nodes"]] == [0, 0]
    c = report.build([ok, warn], level="quick", strict=True)
    assert c["exit_code"] == 1 and [n["exit_code"] for n in c["nodes"]] == [0, 1]
    odd = _payload("c", 2, [("gpu", "pass")], summary(torch="2.5.1+rocm6.2"))
    c = report.build([ok, warn, odd], [{"node": None, "ranks": [3], "state": "never joined", "detail": ""}],
                     level="quick")
    assert c["exit_code"] == 4
    assert {n["node"]: n["exit_code"] for n in c["nodes"]} == {"a": 0, "b": 0, "c": 1, "rank 3": 4}
    assert c["table"]["areas"] == ["gpu", "iommu", "drift"]
    assert c["table"]["rows"][2]["cells"] == {"gpu": "pass", "iommu": None, "drift": "fail"}


def test_node_without_report_is_an_error_row():
    bad = {"node": "z", "rank": 1, "report": None, "error": "snapshot z: not a directory"}
    c = report.build([_payload("a", 0, [("gpu", "pass")]), bad], level="quick")
    assert c["exit_code"] == 1
    f = next(f for f in c["findings"] if f["code"] == "RD-CLU-003")
    assert f["status"] == "error" and "not a directory" in f["detail"]
    text = "\n".join(t for t, _ in table.lines(c))
    assert "NO REPORT" in text


def test_nodes_sharing_a_host_name_stay_apart():
    c = report.build([_payload("localhost", 0, [("gpu", "pass")]),
                      _payload("localhost", 1, [("gpu", "pass")], summary(torch="2.5"))], level="quick")
    assert [n["node"] for n in c["nodes"]] == ["localhost#0", "localhost#1"]
    assert any(f["data"].get("key") == "torch" for f in c["findings"])


def test_verdict_line_never_calls_a_warning_node_healthy():
    """`scan --from snap1 snap2` closed with "all nodes healthy and alike
    ... 2 differences between nodes" while snap2 was WARN in the table."""
    ok = _payload("snap1", 0, [("gpu", "pass"), ("iommu", "pass")])
    warn = _payload("snap2", 1, [("gpu", "pass"), ("iommu", "warn")])
    c = report.build([ok, warn], level="quick")
    assert c["exit_code"] == 0 and c["summary"]["differences"] == 1  # RD-CLU-020: the iommu check
    line, style = table.verdict_line(c)
    assert "healthy" not in line and line.startswith("no failures, with warnings: 1 of 2 nodes warn (snap2)")
    assert "1 difference between nodes" in line and style != "green"
    # a kernel that differs between two nodes: no majority, both are suspects
    odd = _payload("snap2", 1, [("gpu", "pass"), ("iommu", "pass")], summary(kernel="6.8.0-49-generic"))
    line, _ = table.verdict_line(report.build([ok, odd], level="quick"))
    assert line.startswith("no failures, with warnings: 2 of 2 nodes warn (snap[1-2])")
    # alike and passing: only then the all-clear
    c = report.build([ok, _payload("snap3", 1, [("gpu", "pass"), ("iommu", "pass")])], level="quick")
    assert table.verdict_line(c) == ("all nodes healthy and alike: 0 of 2 nodes need attention; 0 differences between "
                                     "nodes", "green")
    # failing: the failing nodes, compressed like Slurm host lists
    bad = [_payload(f"gpu{i:02d}", i, [("gpu", "fail")]) for i in range(1, 4)]
    line, _ = table.verdict_line(report.build([ok] + bad, level="quick"))
    assert line.startswith("problems found: 3 of 4 nodes need attention (gpu[01-03])")


def test_hostlist_compresses_and_expands_like_slurm():
    from rocmdoctor.cluster.hostlist import compress, expand

    names = ["node001", "node002", "node003", "node007", "login1", "odd#2"]
    assert compress(names) == "login1, node[001-003,007], odd#2"
    assert expand("node[001-003,007],login1") == ["node001", "node002", "node003", "node007", "login1"]
    assert compress(["a9", "a10"]) == "a9, a10"  # widths differ: no range across them
