"""RD-NET-001 (checks/network.py): NCCL_SOCKET_IFNAME, from launch files or the environment,
names an interface the host has."""
import os

import rocmdoctor
from rocmdoctor.testing import build_snapshot

SEEDS = os.path.join(os.path.dirname(__file__), os.pardir, "data", "seeds")


def _host_with(lint, tmp_path, *ifaces):
    lint.need("mi50x2-xeon")
    base = os.path.join(os.path.dirname(rocmdoctor.__file__), "examples", "mi50x2-xeon")
    return build_snapshot(tmp_path / "snap", base=base,
                          files={f"/sys/class/net/{i}/type": "1\n" for i in ifaces})


def test_socket_ifname_naming_a_missing_interface_fails(tmp_path, lint):
    snap = _host_with(lint, tmp_path, "lo", "eno1", "enp65s0f0")
    fs = lint([os.path.join(SEEDS, "run_distributed.sh")], "RD-NET-001", snapshot=snap)  # eth0
    assert lint.statuses(fs) == ["fail", "fail"] and fs[0].evidence[0].source.endswith("run_distributed.sh:5")


def test_socket_ifname_matching_passes_also_without_config(tmp_path, lint):
    snap = _host_with(lint, tmp_path, "lo", "eth0")
    assert lint.statuses(lint([os.path.join(SEEDS, "run_distributed.sh")], "RD-NET-001", snapshot=snap)) == \
        ["pass", "pass"]
    # single-node scan, no --config: the live environment is judged the same way
    snap2 = build_snapshot(tmp_path / "s2", base=snap, probes={"env": {"NCCL_SOCKET_IFNAME": "ib0"}})
    r = rocmdoctor.scan(snapshot=snap2, select=["RD-NET-001"])
    assert lint.statuses(r.by_code("RD-NET-001")) == ["fail"] and r.by_code("RD-NET-001")[0].evidence[0].source == \
        "environment"
