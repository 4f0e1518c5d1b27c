"""RD-NET-001 (checks/network.py): NCCL_SOCKET_IFNAME, from launch files or the environment,
names an interface the host has."""
import os

import rocmdoctor
from rocmdoctor.testing import build_snapshot
import pytest
from tests.lintacc_helpers import corpus, flagged, scan, write

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


# --- RD-NET-001 against the interfaces the machine has (issue 24 §3): LUMI/Frontier's Slingshot names


@pytest.mark.parametrize("spec,bad", [("hsn0,hsn1,hsn2,hsn3", True), ("hsn", True), ("ib0", True),
                                      ("^lo,docker", False), ("eno", False), ("=eno12399np0", False),
                                      ("^lo,eno", True)])
def test_nccl_socket_ifname_specs(tmp_path, spec, bad):
    p = write(tmp_path, "run.sh", f"#!/bin/bash\nexport NCCL_SOCKET_IFNAME={spec}\ntorchrun --nproc_per_node=8 t.py\n")
    assert bool(flagged(scan([p], "RD-NET-001", "mi300x8"))) is bad


def test_gloo_wants_exact_names(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport GLOO_SOCKET_IFNAME=eno\ntorchrun --nproc_per_node=8 t.py\n")
    assert flagged(scan([p], "RD-NET-001", "mi300x8"))


def test_real_lumi_script_on_a_node_without_slingshot():
    fs = flagged(scan([corpus("lumi-ai-example-ddp")], "RD-NET-001", "mi300x8"))
    assert fs and "hsn0" in fs[0].title and "eno12399np0" in fs[0].detail


def test_an_interface_named_inside_a_container_is_the_containers_not_the_hosts(tmp_path, lint):
    # electroiscoding/ReasonBorn: ENV NCCL_SOCKET_IFNAME=eth0 in the image; Docker's bridge gives it eth0
    snap = _host_with(lint, tmp_path, "lo", "eno1")
    d = tmp_path / "set"
    d.mkdir()
    (d / "Dockerfile").write_text("FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
                                  "ENV NCCL_SOCKET_IFNAME=eth0\n")
    fs = lint([d], "RD-NET-001", snapshot=snap)
    assert lint.statuses(fs) == ["pass"] and "inside the container" in fs[0].title
    # with the host's network the names are the host's again
    (d / "compose.yml").write_text("services:\n  train:\n    build: .\n    network_mode: host\n")
    assert lint.statuses(lint([d], "RD-NET-001", snapshot=snap)) == ["fail"]


# ------------------------------------------------------------------ RD-NET-002: NCCL_IB_HCA against the host's HCAs
# EzrealLee9527/VividVideoGeneration run.sh (3f26e66): a multi-node accelerate launch that pins mlx5_0
VIVID = """export NCCL_IB_HCA=$(echo $NCCL_IB_HCA | tr ' ' ',')
export NCCL_IB_GID_INDEX=3
NNODES=${RLAUNCH_REPLICA_TOTAL:-2} ##Node nums
NODE_RANK=${RLAUNCH_REPLICA:-1} ##Node rank of different machine
export NCCL_IB_HCA=mlx5_0

accelerate launch --config_file $ACC_CONFIG --gpu_ids all --use_deepspeed --num_processes $GPUS \\
--num_machines $NNODES --machine_rank $NODE_RANK --main_process_ip $MASTER_ADDR --main_process_port $PORT \\
--deepspeed_multinode_launcher standard $TRAINPY --config $CONFIG
"""


def test_an_hca_the_node_does_not_have_is_flagged_for_a_multi_node_launch(tmp_path):
    p = write(tmp_path, "run.sh", VIVID)
    [f] = flagged(scan([p], "RD-NET-002", "mi300x8"))  # the example records no RDMA device
    assert "mlx5_0" in f.title and f.evidence[0].source == p + ":5"
    assert f.status.value == "warn"  # RCCL falls back to sockets: slow, not stopped


def test_one_node_launches_exclusions_and_unrecorded_hosts_are_not_flagged(tmp_path):
    # hpccube-style DCU job on one node (torchrun's default one node): RCCL uses no IB inside a node
    p = write(tmp_path, "one.sh", "export NCCL_IB_HCA=mlx5_0\nexport NCCL_SOCKET_IFNAME=ib0\n"
              "torchrun --nproc_per_node=8 train.py\n")
    assert not flagged(scan([p], "RD-NET-002", "mi300x8"))
    q = write(tmp_path, "ex.sh", VIVID.replace("NCCL_IB_HCA=mlx5_0", "NCCL_IB_HCA=^mlx5_3"))
    assert not flagged(scan([q], "RD-NET-002", "mi300x8"))  # only excludes a device
    # a machine whose record says nothing of /sys/class/infiniband: unknown, never "none"
    assert not flagged(scan([write(tmp_path, "run.sh", VIVID)], "RD-NET-002", "rx7900xtx"))


def _hcas(tmp_path, *devices):
    # an MI300X node whose RDMA NICs are Broadcom's (bnxt_re*), as many MI300X clusters have
    base = os.path.join(os.path.dirname(rocmdoctor.__file__), "examples", "mi300x8")
    return build_snapshot(tmp_path / "snap", base=base,
                          files={f"/sys/class/infiniband/{d}/node_type": "1: CA\n" for d in devices})


@pytest.mark.parametrize("spec, status, title", [
    ("mlx5_0", "warn", "NCCL_IB_HCA=mlx5_0 names no RDMA device on this host"),
    ("bnxt_re", "pass", "NCCL_IB_HCA=bnxt_re selects bnxt_re0, bnxt_re1"),    # a prefix selects every device
    ("=bnxt_re", "warn", "NCCL_IB_HCA==bnxt_re names no RDMA device on this host"),  # `=`: exact names only
    ("=bnxt_re1:1", "pass", "NCCL_IB_HCA==bnxt_re1:1 selects bnxt_re1"),
])
def test_nccl_ib_hca_against_the_hosts_rdma_devices(tmp_path, lint, spec, status, title):
    snap = _hcas(tmp_path, "bnxt_re0", "bnxt_re1")
    p = lint.write("run.sh", VIVID.replace("NCCL_IB_HCA=mlx5_0", "NCCL_IB_HCA=" + spec))
    [f] = lint([p], "RD-NET-002", snapshot=snap)
    assert (f.status.value, f.title) == (status, title)
    assert [(e.source, e.text) for e in f.evidence] == [(p + ":5", "export NCCL_IB_HCA=" + spec),
                                                        ("/sys/class/infiniband", "bnxt_re0, bnxt_re1")]
    if status == "warn":
        assert "RDMA devices here: bnxt_re0, bnxt_re1." in f.detail


def test_a_host_without_rdma_devices_says_so_in_the_warning(tmp_path):
    p = write(tmp_path, "run.sh", VIVID)
    [f] = flagged(scan([p], "RD-NET-002", "mi300x8"))
    assert f.evidence[1].source == "/sys/class/infiniband" and f.evidence[1].text == "(absent: no RDMA device)"
    assert "RDMA devices here: none." in f.detail


@pytest.mark.parametrize("line, title", [
    ("export NCCL_IB_HCA=${HCAS}", "NCCL_IB_HCA=${HCAS} is decided at launch"),
    ("export NCCL_IB_HCA=^mlx5_3", "NCCL_IB_HCA=^mlx5_3 only excludes devices"),
])
def test_values_that_are_not_judged_pass_citing_their_line(tmp_path, line, title):
    p = write(tmp_path, "run.sh", VIVID.replace("export NCCL_IB_HCA=mlx5_0", line))
    [f] = scan([p], "RD-NET-002", "mi300x8")
    assert (f.status.value, f.title) == ("pass", title) and [e.source for e in f.evidence] == [p + ":5"]


def test_a_one_node_launch_passes_citing_the_value(tmp_path):
    p = write(tmp_path, "one.sh", "export NCCL_IB_HCA=mlx5_0\ntorchrun --nproc_per_node=8 train.py\n")
    [f] = scan([p], "RD-NET-002", "mi300x8")
    assert f.status.value == "pass" and "one-node launch" in f.title and f.evidence[0].source == p + ":1"


@pytest.mark.parametrize("text", [
    "export NCCL_IB_HCA=mlx5_0\ndeepspeed --hostfile hostfile train.py\n",        # a hostfile: several nodes
    "export NCCL_IB_HCA=mlx5_0\ntorchrun --nnodes=1:2 --nproc_per_node=8 train.py\n",  # elastic: one to two nodes
    "export NCCL_IB_HCA=mlx5_0\nexport NCCL_IB_GID_INDEX=3\n",  # an env file a job sources: its node count is elsewhere
])
def test_launches_that_may_span_nodes_are_judged(tmp_path, text):
    [f] = scan([write(tmp_path, "run.sh", text)], "RD-NET-002", "mi300x8")
    assert f.status.value == "warn" and f.title == "NCCL_IB_HCA=mlx5_0 names no RDMA device on this host"


def test_unset_container_and_unrecorded_hosts_name_their_reason(tmp_path):
    [f] = scan([write(tmp_path, "t.sh", "torchrun --nnodes=2 --nproc_per_node=8 t.py\n")], "RD-NET-002", "mi300x8")
    assert (f.status.value, f.title) == ("pass", "NCCL_IB_HCA not set: RCCL uses every RDMA device it finds")
    d = write(tmp_path, "img/Dockerfile", "FROM rocm/pytorch:latest\nENV NCCL_IB_HCA=mlx5_0\n")
    [g] = scan([d], "RD-NET-002", "mi300x8")
    assert g.status.value == "pass" and "container" in g.title and g.evidence[0].source == d + ":2"
    # rx7900xtx's record says nothing of /sys/class/infiniband: a skip that cites the value
    p = write(tmp_path, "run.sh", VIVID)
    [h] = scan([p], "RD-NET-002", "rx7900xtx")
    assert h.status.value == "skip" and [e.source for e in h.evidence] == [p + ":5"]


def test_a_command_substitution_in_backticks_is_decided_at_launch(tmp_path):
    p = write(tmp_path, "run.sh", VIVID.replace("export NCCL_IB_HCA=mlx5_0", "export NCCL_IB_HCA=`cat /etc/hcas`"))
    [f] = scan([p], "RD-NET-002", "mi300x8")
    assert f.status.value == "pass" and f.title.endswith("is decided at launch"), f.title


def test_an_interface_the_job_works_out_when_it_runs_is_not_compared(tmp_path):
    # junamd's ms-swift multi-node launcher (spent fresh batch 35): `IP_INTERFACE=$(ip -o -4 addr show | awk ...)` in
    # another script, then `export NCCL_SOCKET_IFNAME=${NCCL_SOCKET_IFNAME:-$IP_INTERFACE}`: no name to judge here
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport NCCL_SOCKET_IFNAME=${NCCL_SOCKET_IFNAME:-$IP_INTERFACE}\n"
              "export GLOO_SOCKET_IFNAME=$(ip -o -4 route show to default | awk '{print $5}')\ntorchrun train.py\n")
    fs = scan([p], "RD-NET-001", "mi300x8")
    assert fs and not flagged(fs) and "works out when it runs" in fs[0].title
    # a literal name beside it is still judged
    q = write(tmp_path / "q", "run.sh", "#!/bin/bash\nexport NCCL_SOCKET_IFNAME=ib9\n"
              "export GLOO_SOCKET_IFNAME=${GLOO_SOCKET_IFNAME:-$IP_INTERFACE}\ntorchrun train.py\n")
    assert [f.title.split("=")[0] for f in flagged(scan([q], "RD-NET-001", "mi300x8"))] == ["NCCL_SOCKET_IFNAME"]


def test_every_script_that_sets_the_missing_interface_is_cited(tmp_path):
    # AMD-AIG-AIMA/AMD-135M: pretrain_node_0.sh and finetune.sh each export NCCL_SOCKET_IFNAME={network interface name}
    from tests.lintacc_helpers import flagged, scan, write

    a = write(tmp_path, "pretrain.sh", "#!/bin/bash\nexport NCCL_SOCKET_IFNAME=hsn0\npython pretrain.py\n")
    b = write(tmp_path, "finetune.sh", "#!/bin/bash\n\nexport NCCL_SOCKET_IFNAME=hsn0\npython finetune.py\n")
    (f,) = flagged(scan([a, b], "RD-NET-001", "mi300x8"))
    assert sorted(e.source.rsplit("/", 1)[-1] for e in f.evidence if ":" in e.source) == ["finetune.sh:3", "pretrain.sh:2"]
