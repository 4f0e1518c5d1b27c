"""`scan --cluster` end to end on loopback: local processes with gloo stand in for nodes,
each replaying its own snapshot. Covers drift, the table, per-node exit codes, saved
snapshots compared offline, a hung rank, a dead rank and a rank that never joins."""
from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import time

import pytest

import rocmdoctor
from rocmdoctor.cluster.__main__ import main as cluster_main
from rocmdoctor.cluster.rendezvous import Rendezvous
from rocmdoctor.cluster.table import lines as table_lines
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), "data")
# The TCP store runs in a training interpreter with torch; the directory store needs none.
needs_torch = pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="torch not installed")


# ------------------------------------------------------------------ fixtures
def _data(name: str) -> str:
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def base_snapshot(tmp) -> str:
    ex = rocmdoctor.examples()
    if "mi300x8" in ex:
        return ex["mi300x8"]
    # No packaged example: two MI300X KFD nodes and an iommu=pt command line, real captures.
    gpu = _data("kfd_properties_gfx942_MI300X_rocprofsdk_node4.txt")
    return build_snapshot(os.path.join(str(tmp), "base"), files={
        "/proc/cmdline": _data("cmdline_instinct_amd_docs_iommu_pt_elided.txt"),
        "/proc/sys/kernel/osrelease": "6.5.0-45-generic\n",
        "/sys/class/kfd/kfd/topology/nodes/0/properties": _data("kfd_properties_cpu_node0_24cores_rocprofsdk.txt"),
        "/sys/class/kfd/kfd/topology/nodes/1/properties": gpu,
        "/sys/class/kfd/kfd/topology/nodes/2/properties": gpu,
    }, probes={"python": {"python": {"version": "3.10.12"}, "distributions": {},
                          "torch": {"version": "2.4.1+rocm6.2", "hip": "6.2.41133-dd7f95766"}},
               "env": {}})


def node_snapshots(tmp, names) -> dict[str, str]:
    """node-b: no iommu=pt and DMA-translating IOMMU groups; node-c: another torch;
    any other name: the base machine unchanged."""
    base = base_snapshot(tmp)
    with open(os.path.join(base, "fs/proc/cmdline")) as fh:
        cmdline = fh.read()
    assert "iommu=pt" in cmdline
    out = {}
    for name in names:
        files, probes = {}, {}
        if name == "node-b":
            files["/proc/cmdline"] = cmdline.replace("iommu=pt", "")
            devs = os.path.join(base, "fs/sys/bus/pci/devices")
            for dev in sorted(os.listdir(devs)) if os.path.isdir(devs) else []:
                if os.path.exists(os.path.join(devs, dev, "iommu_group/type")):
                    files[f"/sys/bus/pci/devices/{dev}/iommu_group/type"] = _data("iommu_group_type_DMA-FQ.txt")
        if name == "node-c":
            with open(os.path.join(base, "probes", "python.json")) as fh:
                py = json.load(fh)["data"]
            py["torch"]["version"] = "2.5.1+rocm6.2"
            probes["python"] = py
        out[name] = build_snapshot(os.path.join(str(tmp), name), base=base, files=files, probes=probes)
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rank_env(rank: int, world: int, port: int, node: str) -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TORCHELASTIC_", "SLURM_", "OMPI_", "PMI_"))}
    env.update(RANK=str(rank), WORLD_SIZE=str(world), LOCAL_RANK="0", MASTER_ADDR="127.0.0.1",
               MASTER_PORT=str(port), ROCMDOCTOR_NODE_NAME=node, NO_COLOR="1", GLOO_SOCKET_IFNAME="lo",
               VIRTUAL_ENV=sys.prefix)  # the training environment, with torch: the store runs there
    return env


def launch(rank, world, port, node, snap, *extra, timeouts=("20", "20"), env=None):
    argv = [sys.executable, "-m", "rocmdoctor.cluster", "--cluster", "--snapshot", snap, "--format", "json",
            "--rendezvous-timeout", timeouts[0], "--node-timeout", timeouts[1], *extra]
    return subprocess.Popen(argv, env=dict(rank_env(rank, world, port, node), **(env or {})),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def by_key(cluster, key):
    return [f for f in cluster["findings"] if f["data"].get("key") == key]


# --------------------------------------------------------------------- tests
@needs_torch
def test_four_nodes_drift_table_exit_codes_and_snapshots(tmp_path, capsys):
    names = ["node-a", "node-b", "node-c", "node-d"]
    snaps = node_snapshots(tmp_path, names)
    port, saved = free_port(), str(tmp_path / "saved")
    procs = [launch(r, 4, port, n, snaps[n], "--snapshot-dir", saved) for r, n in enumerate(names)]
    outs = [p.communicate(timeout=90) for p in procs]
    codes = [p.returncode for p in procs]
    cluster = json.loads(outs[0][0])
    assert [o[0] for o in outs[1:]] == ["", "", ""]  # only rank 0 prints

    # Exit codes: rank 0 the cluster verdict; each other node its own, so node-d (healthy) is 0.
    assert codes == [1, 1, 1, 0], [o[1][-500:] for o in outs]
    assert cluster["exit_code"] == 1 and cluster["world_size"] == 4
    assert {n["node"]: n["exit_code"] for n in cluster["nodes"]} == \
        {"node-a": 0, "node-b": 1, "node-c": 1, "node-d": 0}

    # Drift: exactly what we changed, naming the odd node.
    drift = {f["data"]["key"] for f in cluster["findings"] if f["code"].startswith("RD-CLU-01")}
    assert drift == {"torch", "cmdline"}
    (torch,) = by_key(cluster, "torch")
    assert torch["status"] == "fail" and torch["data"]["outliers"] == ["node-c"]
    assert "2.5.1+rocm6.2 on node-c" in torch["title"]
    (cmd,) = by_key(cluster, "cmdline")
    assert cmd["data"]["outliers"] == ["node-b"] and "node-b: lacks iommu=pt" in cmd["detail"]
    differing = [f for f in cluster["findings"] if f["code"] == "RD-CLU-020"]
    assert any(f["subject"] == "RD-IOMMU-001" and "fail on node-b" in f["title"] for f in differing)

    # Table: worst status per node and area.
    rows = {r["node"]: r for r in cluster["table"]["rows"]}
    assert rows["node-b"]["cells"]["iommu"] == "fail" and rows["node-a"]["cells"]["iommu"] == "pass"
    assert [rows[n]["cells"]["drift"] for n in names] == ["pass", "warn", "fail", "pass"]
    text = "\n".join(t for t, _ in table_lines(cluster))
    assert any(ln.startswith("node-b") and "FAIL" in ln for ln in text.splitlines())

    # Each node saved its snapshot; comparing them offline finds the same differences.
    assert sorted(os.listdir(saved)) == names
    assert cluster_main(["--from", saved, "--format", "json"]) == 1
    offline = json.loads(capsys.readouterr().out)
    assert {f["data"]["key"] for f in offline["findings"] if f["code"].startswith("RD-CLU-01")} == drift
    assert [n["node"] for n in offline["nodes"]] == names


NODE_THAT_HANGS = """
import json, sys, time
from rocmdoctor.cluster.protocol import Peer
from rocmdoctor.cluster.rendezvous import Rendezvous
from rocmdoctor.cluster.store import FileStore
cfg = json.loads(sys.argv[1])
r = Rendezvous.from_dict(cfg["rendezvous"])
peer = Peer(FileStore(cfg["dir"], f"rocmdoctor/{r.run_id}/"), r, join_timeout=20, node_timeout=20, heartbeat=0.5)
peer.join()
print("joined", flush=True)
time.sleep(600)  # its scan never returns
"""


def _child(rank: int, world: int, directory: str, node: str):
    """A node that joins and beats, then hangs in its scan (killed: it died)."""
    cfg = {"rendezvous": Rendezvous("env", rank, world, 0, "127.0.0.1", 0, node).to_dict(), "dir": directory}
    return subprocess.Popen([sys.executable, "-c", NODE_THAT_HANGS, json.dumps(cfg)], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=rank_env(rank, world, 0, node))


# rocmdoctor's own interpreter without torch, as in its own venv or a pipx install
NO_TORCH = ("import sys; sys.modules['torch'] = None; import runpy; "
            "runpy.run_module('rocmdoctor.cluster', run_name='__main__')")


def launch_torch_free(rank, world, port, node, snap, *extra, env=None):
    argv = [sys.executable, "-c", NO_TORCH, "--cluster", "--snapshot", snap, "--format", "json", *extra]
    return subprocess.Popen(argv, env=dict(rank_env(rank, world, port, node), **(env or {})),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_hung_dead_and_missing_ranks_are_named(tmp_path):
    """Partial results at the deadline: every missing rank is named with what happened to it."""
    snaps = node_snapshots(tmp_path, ["node-a"])
    rdir = str(tmp_path / "rdzv")
    t0 = time.monotonic()
    rank0 = launch_torch_free(0, 4, 0, "node-a", snaps["node-a"], "--rendezvous-dir", rdir,
                              "--rendezvous-timeout", "4", "--node-timeout", "6")
    hung = _child(1, 4, rdir, "node-hung")
    dead = _child(2, 4, rdir, "node-dead")
    # rank 3 never starts.
    try:
        assert dead.stdout.readline().strip() == "joined"  # it reached the store; now it dies
        dead.kill()
        out, err = rank0.communicate(timeout=90)
    finally:
        hung.kill()  # the hanging "node": only the test can stop it
        hung.wait()
        dead.wait()
    assert time.monotonic() - t0 < 45
    assert rank0.returncode == 4, err[-800:]
    cluster = json.loads(out)
    states = {n["node"]: n["state"] for n in cluster["nodes"]}
    assert states == {"node-a": "reported", "node-hung": "hung", "node-dead": "died", "rank 3": "never joined"}
    codes = {f["subject"]: f["code"] for f in cluster["findings"] if f["code"] in ("RD-CLU-001", "RD-CLU-002")}
    assert codes == {"rank 3": "RD-CLU-001", "node-hung": "RD-CLU-002", "node-dead": "RD-CLU-002"}
    dead_f = next(f for f in cluster["findings"] if f["subject"] == "node-dead")
    assert "heartbeat stopped" in dead_f["detail"]
    assert next(n for n in cluster["nodes"] if n["node"] == "node-a")["report"]["findings"]  # the partial result
    text = "\n".join(t for t, _ in table_lines(cluster))
    for word in ("HUNG", "DIED", "NEVER JOINED"):
        assert word in text


@needs_torch
def test_torch_free_rocmdoctor_with_the_store_in_the_training_interpreter(tmp_path):
    """rocmdoctor's interpreter cannot import torch; the TCP store runs in VIRTUAL_ENV's (rank_env)."""
    snaps = node_snapshots(tmp_path, ["node-a", "node-c"])
    port = free_port()
    procs = [launch_torch_free(r, 2, port, n, snaps[n], "--rendezvous-timeout", "30", "--node-timeout", "30")
             for r, n in enumerate(["node-a", "node-c"])]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [1, 1], [o[1][-600:] for o in outs]
    cluster = json.loads(outs[0][0])
    assert [n["state"] for n in cluster["nodes"]] == ["reported", "reported"]
    assert "2.5.1+rocm6.2 on node-c" in by_key(cluster, "torch")[0]["title"]
    gather = cluster["results"]["gather"]
    assert gather["store_calls"] < 40 and gather["verdict_s"] > 0  # barrier keys: no polling per rank


def test_torch_free_without_a_torch_interpreter_says_what_to_do(tmp_path):
    base = os.path.join(sys.base_prefix, "bin", "python3")  # the interpreter under the test venv
    probe = subprocess.run([base, "-c", "import torch"], capture_output=True, check=False)
    if probe.returncode == 0:
        pytest.skip(f"{base} has torch")
    snaps = node_snapshots(tmp_path, ["node-a"])
    os.symlink(base, tmp_path / "python3")  # the python3 on PATH: no torch there
    p = launch_torch_free(1, 2, free_port(), "node-x", snaps["node-a"], "--rendezvous-timeout", "3",
                          env={"VIRTUAL_ENV": "", "PATH": str(tmp_path)})
    out, err = p.communicate(timeout=60)
    assert p.returncode == 4 and out == ""
    assert "No module named 'torch'" in err and "--rendezvous-dir" in err and "--python" in err


def test_file_rendezvous_needs_no_torch_at_all(tmp_path):
    snaps = node_snapshots(tmp_path, ["node-a", "node-b", "node-d"])
    rdir, names = str(tmp_path / "shared"), ["node-a", "node-b", "node-d"]
    procs = [launch_torch_free(r, 3, 0, n, snaps[n], "--rendezvous-dir", rdir, "--rendezvous-timeout", "30",
                               "--node-timeout", "30", env={"VIRTUAL_ENV": "", "PATH": str(tmp_path)})
             for r, n in enumerate(names)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [1, 1, 0], [o[1][-600:] for o in outs]
    cluster = json.loads(outs[0][0])
    (cmd,) = by_key(cluster, "cmdline")
    assert cmd["data"]["outliers"] == ["node-b"]
    assert not [f for f in cluster["findings"] if f["code"] == "RD-CLU-005"]  # no gloo check without torch


@needs_torch
def test_rank_without_rank0_gives_up_after_the_rendezvous_timeout(tmp_path):
    snaps = node_snapshots(tmp_path, ["node-a"])
    t0 = time.monotonic()
    p = launch(1, 2, free_port(), "node-x", snaps["node-a"], timeouts=("3", "3"))
    out, err = p.communicate(timeout=60)
    assert p.returncode == 4 and out == ""
    assert "could not reach rank 0's store" in err and "node-x" in err
    assert time.monotonic() - t0 < 30


@needs_torch
def test_broken_gloo_is_a_finding_and_reports_still_arrive(tmp_path):
    """Every rank reaches the store but gloo cannot connect (a wrong GLOO_SOCKET_IFNAME):
    the reports come through the store and the broken gloo is reported."""
    snaps = node_snapshots(tmp_path, ["node-a", "node-c"])
    port, bad = free_port(), {"GLOO_SOCKET_IFNAME": "nonexistent0"}
    procs = [launch(r, 2, port, n, snaps[n], env=bad) for r, n in enumerate(["node-a", "node-c"])]
    outs = [p.communicate(timeout=90) for p in procs]
    cluster = json.loads(outs[0][0])
    (gloo,) = [f for f in cluster["findings"] if f["code"] == "RD-CLU-005"]
    assert gloo["status"] == "fail" and "nonexistent0" in gloo["detail"]
    assert [n["state"] for n in cluster["nodes"]] == ["reported", "reported"]
    assert "2.5.1+rocm6.2 on node-c" in by_key(cluster, "torch")[0]["title"]
    assert [p.returncode for p in procs] == [1, 1]
