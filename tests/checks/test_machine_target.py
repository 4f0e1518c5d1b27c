"""checks/machine_target.py and the amd_host fact it reads (rocmdoctor/facts/gpus.py): whether this machine is the
AMD GPU a launch file is judged against, and what a rule says where it is not."""
from __future__ import annotations

import pytest

from rocmdoctor.facts import Context, Missing
from rocmdoctor.machine.sources import SnapshotSource
from rocmdoctor.testing import build_snapshot

PCI = "/sys/bus/pci/devices"
CUDA_COMPOSE = ("services:\n  train:\n    image: pytorch/pytorch:2.4.0-cuda12.1-cudnn9-runtime\n"
                "    command: torchrun --nproc_per_node 8 train.py\n")


def _pci(addr: str, vendor: str, device: str, cls: str = "0x030000") -> dict:
    return {f"{PCI}/{addr}/class": cls + "\n", f"{PCI}/{addr}/vendor": vendor + "\n", f"{PCI}/{addr}/device": device + "\n"}


def _amd_host(path):
    try:
        return Context(SnapshotSource(path)).get("amd_host")
    except Missing:
        return "Missing"


def test_cpu_only_nvidia_only_and_an_igpu_beside_nvidia_are_no_amd_host(tmp_path):
    assert _amd_host(build_snapshot(tmp_path / "cpu", files={"/sys/class/dmi/id/product_name": "x\n"})) is False
    nv = _pci("0000:01:00.0", "0x10de", "0x2330", "0x030200")
    assert _amd_host(build_snapshot(tmp_path / "nv", files=nv)) is False
    # a Raphael iGPU (0x164e) beside an RTX card: no training device (gpus() drops it too)
    igpu = dict(nv, **_pci("0000:7c:00.0", "0x1002", "0x164e"))
    assert _amd_host(build_snapshot(tmp_path / "igpu", files=igpu)) is False


def test_an_amd_card_the_driver_has_not_brought_up_is_an_amd_host_even_beside_nvidia(tmp_path):
    amd = _pci("0000:03:00.0", "0x1002", "0x744c")
    assert _amd_host(build_snapshot(tmp_path / "amd", files=amd)) is True
    both = dict(amd, **_pci("0000:01:00.0", "0x10de", "0x2330", "0x030200"))
    assert _amd_host(build_snapshot(tmp_path / "both", files=both)) is True


def test_a_tree_without_sys_and_wsl2_leave_it_unknown(tmp_path):
    assert _amd_host(build_snapshot(tmp_path / "bare", files={"/etc/os-release": "ID=ubuntu\n"})) == "Missing"
    wsl = build_snapshot(tmp_path / "wsl", files={"/proc/sys/kernel/osrelease": "5.15.167.4-microsoft-standard-WSL2\n",
                                                  "/sys/class/misc/dxg/dev": "10:124\n"})
    assert _amd_host(wsl) == "Missing"


def test_files_that_name_an_amd_target_are_judged_on_a_machine_without_one(lint):
    # a compose file for a ROCm image, linted on a CPU-only CI runner: judged for the AMD machine it names
    rocm = lint.write("compose.yaml", "services:\n  t:\n    image: rocm/pytorch:latest\n"
                      "    command: torchrun --nproc_per_node 8 train.py\n")
    assert lint.statuses(lint([rocm], "RD-CTR-003", example="no-gpu")) == ["fail"]
    cuda = lint.write("compose2.yaml", CUDA_COMPOSE)
    [f] = lint([cuda], "RD-CTR-003", example="no-gpu")
    assert f.status.value == "skip" and "no AMD GPU" in f.title


@pytest.mark.parametrize("text,amd", [("FROM rocm/pytorch:latest\n", True), ("image: x\ndevices: [/dev/kfd]\n", True),
                                      ("pip install torch --index-url https://download.pytorch.org/whl/rocm6.2\n", True),
                                      ("FROM pytorch/pytorch:2.4.0-cuda12.1\n", False)])
def test_what_counts_as_files_for_an_amd_machine(text, amd):
    from types import SimpleNamespace

    from checks.machine_target import for_amd_elsewhere

    assert for_amd_elsewhere(SimpleNamespace(artifacts=[SimpleNamespace(text=text), SimpleNamespace(text=None)])) is amd


def test_the_live_machine_without_an_amd_gpu_is_where_the_linter_runs_not_the_target():
    # a laptop, a CI runner, the pre-commit hook: files are judged for the AMD GPU they will run on (never "False")
    from rocmdoctor.machine.sources import LiveSource

    try:
        got = Context(LiveSource()).get("amd_host")
    except Missing as exc:
        got = "Missing"
        assert "where the linter runs" in str(exc)
    assert got in (True, "Missing")


def test_the_rules_agree_on_an_apu_only_machine_and_the_tools_own_name_is_no_rocm(tmp_path, lint):
    from rocmdoctor.testing import build_snapshot as snap
    from tests.checks.test_gpu import kfd

    apu = snap(tmp_path / "apu", files=kfd("kfd_properties_gfx1036_Raphael_iGPU_PARTIAL.txt"))
    d = lint.write("Dockerfile", "FROM nvidia/cuda:12.4.1-devel-ubuntu22.04\n")
    assert lint.statuses(lint([d], "RD-IMG-001", snapshot=apu)) == ["fail"]
    # `# rocmdoctor: ignore ...` names the tool, not ROCm: a CUDA compose file on a CPU-only box stays unjudged
    c = lint.write("compose.yaml", "# rocmdoctor: ignore RD-LCH-001\n" + CUDA_COMPOSE)
    assert lint.statuses(lint([c], "RD-CTR-003", example="no-gpu")) == ["skip"]


def test_a_live_host_whose_amd_card_the_driver_has_not_brought_up_is_an_amd_host(tmp_path):
    # only a negative answer is unknown on the live machine: an AMD card on the bus stays the files' target
    from rocmdoctor.machine.sources import RootSource

    class Live(RootSource):
        kind = "live"

    for rel, text in _pci("0000:03:00.0", "0x1002", "0x744c").items():
        f = tmp_path / rel.lstrip("/")
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(text)
    assert Context(Live(str(tmp_path))).get("amd_host") is True
    (tmp_path / "sys/bus/pci/devices/0000:03:00.0/vendor").write_text("0x10de\n")  # an NVIDIA card alone: unknown
    with pytest.raises(Missing):
        Context(Live(str(tmp_path))).get("amd_host")
