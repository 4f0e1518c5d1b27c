"""RD-RCCL-001 (environment) and RD-RCCL-002 (topology) on fixtures built from real KFD
properties and io_links files (tests/data/SOURCES.md)."""
import re

import pytest

import rocmdoctor
from rocmdoctor.knowledge.rccl_env import BY_NAME, RCCL_ENV
from rocmdoctor.engine.model import Applicability, Status
from rocmdoctor.testing import build_snapshot

KFD = "/sys/class/kfd/kfd/topology/nodes"
DEV = "/sys/bus/pci/devices"


def scan(snap, code):
    return rocmdoctor.scan(snapshot=snap, select=[code]).by_code(code)


# ----------------------------------------------------------------- environment
def env_snap(tmp_path, env):
    return build_snapshot(tmp_path / "snap", probes={"env": env})


def test_p2p_disable_left_on_warns_with_display_only_unset(tmp_path):
    (f,) = scan(env_snap(tmp_path, {"NCCL_P2P_DISABLE": "1", "NCCL_SOCKET_IFNAME": "eno1", "PATH": "/usr/bin"}),
                "RD-RCCL-001")
    assert f.status is Status.WARN and "NCCL_P2P_DISABLE=1" in f.title
    assert "slower" in f.detail and "NCCL_SOCKET_IFNAME=eno1" in f.detail  # the note rides along
    assert f.fix.applicability is Applicability.DISPLAY_ONLY
    assert [a.env for a in f.fix.actions] == [{"NCCL_P2P_DISABLE": None}]
    assert "https://github.com/ROCm/rccl/issues/1129" in f.sources
    assert {e.text for e in f.evidence} == {"NCCL_P2P_DISABLE=1", "NCCL_SOCKET_IFNAME=eno1"}


@pytest.mark.parametrize("env,status", [
    ({}, Status.PASS),
    ({"NCCL_P2P_DISABLE": "0"}, Status.PASS),
    ({"NCCL_DEBUG": "WARN"}, Status.PASS),
    ({"NCCL_DEBUG": "INFO"}, Status.WARN),
    ({"NCCL_SHM_DISABLE": "1"}, Status.WARN),
    ({"NCCL_MAX_P2P_NCHANNELS": "2"}, Status.WARN),
    ({"HSA_FORCE_FINE_GRAIN_PCIE": "1", "RCCL_MSCCL_ENABLE": "0", "NCCL_IB_DISABLE": "1"}, Status.PASS),
    # RCCL's kernel collective trace, left on in LUMI training scripts under "# debugging (noisy)"
    # (LumiOpen's Viking launch.sh, luukkonenr's accelerate FSDP launch.sh in the corpus)
    ({"RCCL_KERNEL_COLL_TRACE_ENABLE": "1"}, Status.WARN), ({"RCCL_KERNEL_COLL_TRACE_ENABLE": "0"}, Status.PASS),
])
def test_env_levels(tmp_path, env, status):
    (f,) = scan(env_snap(tmp_path, env), "RD-RCCL-001")
    assert f.status is status, f


def test_deliberate_settings_are_noted_not_warned(tmp_path):
    (f,) = scan(env_snap(tmp_path, {"HSA_FORCE_FINE_GRAIN_PCIE": "1"}), "RD-RCCL-001")
    assert f.status is Status.PASS and "1 deliberate" in f.title and "large BAR" in f.detail


def test_env_probe_failure_skips(tmp_path):
    snap = build_snapshot(tmp_path / "snap", probes={"env": {"error": "probe crashed"}})
    (f,) = scan(snap, "RD-RCCL-001")
    assert f.status is Status.SKIP and f.missing == ("env",)


def test_table_covers_the_brief_and_cites_sources():
    for name in ("NCCL_P2P_DISABLE", "NCCL_SHM_DISABLE", "NCCL_IB_DISABLE", "NCCL_SOCKET_IFNAME",
                 "HSA_FORCE_FINE_GRAIN_PCIE", "RCCL_MSCCL_ENABLE", "NCCL_DEBUG", "NCCL_MAX_P2P_NCHANNELS"):
        assert name in BY_NAME
    assert all(v.sources and v.cost and v.level in ("warn", "note") for v in RCCL_ENV)


# -------------------------------------------------------------------- topology
def link(text, src, dst):
    text = re.sub(r"^node_from \d+$", f"node_from {src}", text, flags=re.M)
    return re.sub(r"^node_to \d+$", f"node_to {dst}", text, flags=re.M)


def gpu_node(text, bus):
    return re.sub(r"^location_id \d+$", f"location_id {bus << 8}", text, flags=re.M)


def test_mi300x_all_xgmi_passes(tmp_path, sample):
    props = sample("kfd_properties_gfx942_MI300X_rocprofsdk_node4.txt")
    xgmi = sample("kfd_io_link_xgmi_type11_MI300X_link1.txt")
    nodes = [2, 3, 4, 5]
    files = {f"{KFD}/0/properties": sample("kfd_properties_cpu_node0_24cores_rocprofsdk.txt")}
    for i, n in enumerate(nodes):
        files[f"{KFD}/{n}/properties"] = gpu_node(props, 0x1B + i)
        others = [m for m in nodes if m != n]
        for j, m in enumerate(others, start=1):
            files[f"{KFD}/{n}/io_links/{j}/properties"] = link(xgmi, n, m)
    snap = build_snapshot(tmp_path / "snap", files=files)
    (f,) = scan(snap, "RD-RCCL-002")
    assert f.status is Status.PASS and "all 4 GPUs are linked by XGMI" in f.title
    assert set(f.data["links"].values()) == {"XGMI"}


def test_real_partial_xgmi_links_read_as_xgmi(tmp_path, sample):
    # The three real link files as captured: node 3 -> 2, 4 and 9.
    props = sample("kfd_properties_gfx942_MI300X_rocprofsdk_node4.txt")
    files = {f"{KFD}/{n}/properties": gpu_node(props, 0x10 + n) for n in (2, 3, 4, 9)}
    for k in (1, 2, 7):
        files[f"{KFD}/3/io_links/{k}/properties"] = sample(f"kfd_io_link_xgmi_type11_MI300X_link{k}.txt")
    (f,) = scan(build_snapshot(tmp_path / "snap", files=files), "RD-RCCL-002")
    assert f.data["links"]["2-3"] == "XGMI" and f.data["links"]["3-9"] == "XGMI"
    assert f.data["links"]["2-4"] == "PCIe (via host)"


def pcie_pair(tmp_path, sample, numa):
    props = sample("kfd_properties_gfx906_RadeonVII_node1.txt")
    pcie = sample("kfd_io_link_pcie_type2_gfx906_node1_to_cpu.txt")
    cpu = sample("kfd_properties_cpu_node0_24cores_rocprofsdk.txt")
    files = {f"{KFD}/0/properties": cpu, f"{KFD}/1/properties": cpu}
    for node, bus, cpu_node in ((2, 0x19, numa[0]), (3, 0x67, numa[1])):
        files[f"{KFD}/{node}/properties"] = gpu_node(props, bus)
        files[f"{KFD}/{node}/io_links/0/properties"] = link(pcie, node, cpu_node)
    return build_snapshot(tmp_path / "snap", files=files)


def test_pcie_gpus_on_two_sockets_warn(tmp_path, sample):
    (f,) = scan(pcie_pair(tmp_path, sample, (0, 1)), "RD-RCCL-002")
    assert f.status is Status.WARN and "different sockets" in f.title
    assert "NUMA 0" in f.title and "NUMA 1" in f.title


def test_pcie_gpus_on_one_socket_pass(tmp_path, sample):
    (f,) = scan(pcie_pair(tmp_path, sample, (0, 0)), "RD-RCCL-002")
    assert f.status is Status.PASS and "PCIe" in f.title and "one NUMA node" in f.title


def test_sysfs_numa_node_wins_over_io_link_guess(tmp_path, sample):
    snap = pcie_pair(tmp_path, sample, (0, 1))
    build_snapshot(snap, files={f"{DEV}/0000:19:00.0/numa_node": "0\n", f"{DEV}/0000:67:00.0/numa_node": "0\n"})
    (f,) = scan(snap, "RD-RCCL-002")
    assert f.status is Status.PASS


def test_hip_debug_variables_in_a_script_warn(tmp_path, lint):
    p = lint.write("t.sh", "#!/bin/bash\nexport HSA_ENABLE_SDMA=0\nHIP_LAUNCH_BLOCKING=1 torchrun "
                   "--nproc_per_node 2 train.py\n")
    fs = lint([p], "RD-RCCL-001")
    assert lint.statuses(fs) == ["warn"] and "HSA_ENABLE_SDMA=0" in fs[0].title and "HIP_LAUNCH_BLOCKING=1" in fs[0].title
    clean = lint.write("c.sh", "#!/bin/bash\nexport HSA_ENABLE_SDMA=1\ntorchrun --nproc_per_node 2 train.py\n")
    assert lint.statuses(lint([clean], "RD-RCCL-001")) == ["pass"]


def test_rccl_workarounds_in_a_script_are_found(tmp_path, lint):
    paths = lint.seeds("run_distributed.sh")
    f = lint(paths, "RD-RCCL-001")[0]
    assert f.status == Status.WARN and "NCCL_DEBUG=INFO" in f.title
    assert any(e.source == paths[0] + ":4" for e in f.evidence)


def test_debug_switch_set_for_one_trial_pass_is_not_left_on():
    # a script's `for c in "${configs[@]}"; do env "$c" cmd` tries each element once: a probe
    from checks.rccl import rccl_env
    from rocmdoctor.artifacts.settings import Artifact, EnvView

    art = Artifact("/w/try.sh", "shell")
    probe = art.add("env", "AMD_SERIALIZE_KERNEL", "3", 5, trial=True)
    kept = art.add("env", "NCCL_P2P_DISABLE", "1", 6)
    r = rccl_env(EnvView({"AMD_SERIALIZE_KERNEL": "3", "NCCL_P2P_DISABLE": "1"},
                         {"AMD_SERIALIZE_KERNEL": probe, "NCCL_P2P_DISABLE": kept}))
    assert r.status == Status.WARN and "NCCL_P2P_DISABLE" in r.title and "AMD_SERIALIZE" not in r.title
    r = rccl_env(EnvView({"AMD_SERIALIZE_KERNEL": "3"}, {"AMD_SERIALIZE_KERNEL": probe}))
    assert r.status == Status.PASS
