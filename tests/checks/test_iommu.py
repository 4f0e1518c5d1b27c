"""RD-IOMMU-001/002 on fixtures built from real /proc/cmdline, /proc/cpuinfo, KFD
properties and IOMMU group type values (tests/data/SOURCES.md)."""
import os
import re

import pytest

import rocmdoctor
from rocmdoctor.engine.model import Applicability, Status
from rocmdoctor.testing import build_snapshot

KFD = "/sys/class/kfd/kfd/topology/nodes"
DEV = "/sys/bus/pci/devices"
MI50 = ("0000:19:00.0", "0000:67:00.0")  # the two MI50s of ROCm/ROCm#4793


def mi50_props(sample, bdf):
    """The Radeon VII KFD node made into an MI50 (device id 0x66a1) at ``bdf``."""
    bus = int(bdf.split(":")[1], 16)
    text = sample("kfd_properties_gfx906_RadeonVII_node1.txt")
    text = re.sub(r"^device_id \d+$", "device_id 26273", text, flags=re.M)
    return re.sub(r"^location_id \d+$", f"location_id {bus << 8}", text, flags=re.M)


def host(tmp_path, sample, *, cmdline, cpuinfo, group_type="iommu_group_type_DMA.txt", units=("dmar0",),
         gpus=MI50, files=None, name="snap"):
    files = dict(files or {})
    files.update({"/proc/cmdline": sample(cmdline), "/proc/cpuinfo": cpuinfo if "\n" in cpuinfo else sample(cpuinfo),
                  "/proc/sys/kernel/osrelease": "6.8.0-31-generic\n",
                  f"{KFD}/0/properties": sample("kfd_properties_cpu_node0_24cores_rocprofsdk.txt")})
    for i, bdf in enumerate(gpus, start=1):
        files[f"{KFD}/{i}/properties"] = mi50_props(sample, bdf)
        files[f"{DEV}/{bdf}/mem_info_vram_total"] = str(32 << 30)
        if group_type:
            files[f"{DEV}/{bdf}/iommu_group/type"] = sample(group_type)
    for u in units or ():
        files[f"/sys/class/iommu/{u}/.keep"] = ""
    exists = {"/sys/class/iommu": units is not None}
    return build_snapshot(tmp_path / name, files=files, exists=exists)


def scan(snap, code):
    return rocmdoctor.scan(snapshot=snap, select=[code]).by_code(code)


def test_two_gpus_intel_translating_fails_with_kernel_cmdline_plan(tmp_path, sample):
    snap = host(tmp_path, sample, cmdline="cmdline_ubuntu24.04_default_no_iommu.txt",
                cpuinfo="cpuinfo_XeonE5-2650v2_IvyBridgeEP_proc0_archspec.txt")
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.FAIL, f
    plan = f.fix
    assert plan.fixer == "kernel_cmdline"
    assert plan.applicability is Applicability.SAFE and plan.needs_root and plan.needs_reboot
    assert plan.params == {"add": ["intel_iommu=on", "iommu=pt"], "remove": []}
    assert plan.actions[0].kind == "note" and "rocmdoctor fix --iommu" in plan.actions[0].description
    sources = {e.source for e in f.evidence}
    assert {"/proc/cmdline", "/sys/kernel/iommu_groups/*/type", "/sys/class/iommu"} <= sources
    assert any("DMA: 2" in e.text for e in f.evidence)


def test_amd_host_plan_adds_only_iommu_pt_and_drops_conflicts(tmp_path, sample):
    snap = host(tmp_path, sample, cmdline="cmdline_ubuntu24.04_default_no_iommu.txt",
                cpuinfo="cpuinfo_EPYC9654_Genoa_proc0_archspec.txt", group_type="iommu_group_type_DMA-FQ.txt",
                units=("ivhd0",))
    base = sample("cmdline_ubuntu24.04_default_no_iommu.txt").strip()
    build_snapshot(snap, files={"/proc/cmdline": base + " iommu=soft\n"})
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.FAIL
    assert f.fix.params == {"add": ["iommu=pt"], "remove": ["iommu=soft"]}


def test_iommu_pt_on_cmdline_passes(tmp_path, sample):
    snap = host(tmp_path, sample, cmdline="cmdline_epyc7532_2x7900xtx_amd_iommu_on_iommu_pt.txt",
                cpuinfo="cpuinfo_EPYC9654_Genoa_proc0_archspec.txt", group_type="iommu_group_type_identity.txt")
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.PASS and "iommu=pt" in f.title
    # amd_iommu=on next to iommu=pt: a harmless no-op, said so without a warning.
    (g,) = scan(snap, "RD-IOMMU-002")
    assert g.status is Status.PASS and "no-op" in g.title


def test_amd_iommu_on_without_pt_warns_it_is_a_no_op(tmp_path, sample):
    snap = host(tmp_path, sample, cmdline="cmdline_ubuntu24.04_default_no_iommu.txt",
                cpuinfo="cpuinfo_EPYC9654_Genoa_proc0_archspec.txt")
    build_snapshot(snap, files={"/proc/cmdline": "BOOT_IMAGE=/boot/vmlinuz ro amd_iommu=on quiet\n"})
    (g,) = scan(snap, "RD-IOMMU-002")
    assert g.status is Status.WARN and "amd_iommu=on" in g.title
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.FAIL and "amd_iommu=on" not in f.fix.params["remove"]


PT_DEFAULT_CONFIG = {"/boot/config-6.8.0-31-generic":
                     "# CONFIG_IOMMU_DEFAULT_DMA_LAZY is not set\nCONFIG_IOMMU_DEFAULT_PASSTHROUGH=y\n"}


def test_kernel_built_with_default_passthrough_is_not_flagged(tmp_path, sample):
    # Group types unreadable (older kernel): the build default decides.
    snap = host(tmp_path, sample, cmdline="cmdline_ubuntu24.04_default_no_iommu.txt", group_type=None,
                cpuinfo="cpuinfo_XeonE5-2650v2_IvyBridgeEP_proc0_archspec.txt", files=PT_DEFAULT_CONFIG)
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.PASS and "CONFIG_IOMMU_DEFAULT_PASSTHROUGH" in f.title
    assert any(e.source == "/boot/config-6.8.0-31-generic" for e in f.evidence)


def test_passthrough_default_kernel_told_to_translate_still_fails(tmp_path, sample):
    # iommu.passthrough=0 overrides the build default; the DMA group types prove it.
    snap = host(tmp_path, sample, cmdline="cmdline_ubuntu24.04_default_no_iommu.txt",
                cpuinfo="cpuinfo_XeonE5-2650v2_IvyBridgeEP_proc0_archspec.txt", files=PT_DEFAULT_CONFIG)
    build_snapshot(snap, files={"/proc/cmdline": sample("cmdline_ubuntu24.04_default_no_iommu.txt").strip()
                                + " iommu.passthrough=0\n"})
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.FAIL


def test_identity_groups_mean_passthrough_even_without_the_flag(tmp_path, sample):
    snap = host(tmp_path, sample, cmdline="cmdline_ubuntu24.04_default_no_iommu.txt",
                cpuinfo="cpuinfo_XeonE5-2650v2_IvyBridgeEP_proc0_archspec.txt",
                group_type="iommu_group_type_identity.txt")
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.PASS and "identity" in f.title


def test_empty_class_iommu_means_no_translation(tmp_path, sample):
    snap = host(tmp_path, sample, cmdline="cmdline_ubuntu24.04_default_no_iommu.txt",
                cpuinfo="cpuinfo_EPYC9654_Genoa_proc0_archspec.txt", group_type=None, units=())
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.PASS and "does not translate" in f.title


@pytest.mark.parametrize("dmi", [
    {"bios_version": "Hyper-V UEFI Release v4.1\n", "sys_vendor": "Microsoft Corporation\n",
     "product_name": "Virtual Machine\n"},
    {"sys_vendor": "QEMU\n", "product_name": "Standard PC (Q35 + ICH9, 2009)\n"},
])
def test_vm_guest_is_not_flagged(tmp_path, sample, dmi):
    snap = host(tmp_path, sample, cmdline="cmdline_ubuntu24.04_default_no_iommu.txt",
                cpuinfo="cpuinfo_EPYC9654_Genoa_proc0_archspec.txt",
                files={f"/sys/devices/virtual/dmi/id/{k}": v for k, v in dmi.items()})
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.PASS and "VM guest" in f.title


def test_single_gpu_is_not_flagged(tmp_path, sample):
    snap = host(tmp_path, sample, cmdline="cmdline_ubuntu24.04_default_no_iommu.txt",
                cpuinfo="cpuinfo_XeonE5-2650v2_IvyBridgeEP_proc0_archspec.txt", gpus=MI50[:1])
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.PASS and f.fix is None


def test_unknown_iommu_state_warns_instead_of_failing(tmp_path, sample):
    snap = host(tmp_path, sample, cmdline="cmdline_ubuntu24.04_default_no_iommu.txt",
                cpuinfo="cpuinfo_EPYC9654_Genoa_proc0_archspec.txt", group_type=None, units=None,
                files={"/sys/kernel/iommu_groups/.keep": ""})
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.WARN and f.fix.fixer == "kernel_cmdline"


def _many_cpus(sample, n):
    block = sample("cpuinfo_EPYC9654_Genoa_proc0_archspec.txt").strip()
    return "\n\n".join(block.replace("processor\t: 0", f"processor\t: {i}", 1) for i in range(n)) + "\n"


def test_iommu_off_on_a_256_cpu_host_warns_about_x2apic_and_never_suggests_off(tmp_path, sample):
    snap = host(tmp_path, sample, cmdline="cmdline_ubuntu24.04_default_no_iommu.txt",
                cpuinfo=_many_cpus(sample, 256), group_type=None, units=())
    build_snapshot(snap, files={"/proc/cmdline": "BOOT_IMAGE=/boot/vmlinuz ro iommu=off quiet\n"})
    (g,) = scan(snap, "RD-IOMMU-002")
    assert g.status is Status.WARN and "x2APIC" in g.detail and "256" in g.detail
    assert g.fix.params["add"] == ["iommu=pt"] and g.fix.params["remove"] == ["iommu=off"]
    report = rocmdoctor.scan(snapshot=snap, select=["RD-IOMMU"])
    for f in report.findings:
        assert not (f.fix and "iommu=off" in f.fix.params.get("add", []))


def test_clean_cmdline_passes_flag_check(tmp_path, sample):
    snap = host(tmp_path, sample, cmdline="cmdline_intel_pve_intel_iommu_on_iommu_pt.txt",
                cpuinfo="cpuinfo_XeonE5-2650v2_IvyBridgeEP_proc0_archspec.txt")
    (g,) = scan(snap, "RD-IOMMU-002")
    assert g.status is Status.PASS
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.PASS


def test_missing_cmdline_skips_cleanly(tmp_path, sample):
    snap = host(tmp_path, sample, cmdline="cmdline_ubuntu24.04_default_no_iommu.txt",
                cpuinfo="cpuinfo_EPYC9654_Genoa_proc0_archspec.txt", files={})
    build_snapshot(snap, files={"/proc/cmdline": None})
    (f,) = scan(snap, "RD-IOMMU-001")
    assert f.status is Status.SKIP and "cmdline" in f.missing


EXAMPLES = os.path.join(os.path.dirname(rocmdoctor.__file__), "examples")


def test_example_mi50x2_xeon_fails_with_plan():
    (f,) = rocmdoctor.scan(example="mi50x2-xeon", select=["RD-IOMMU-001"]).by_code("RD-IOMMU-001")
    assert f.status is Status.FAIL
    assert f.fix.fixer == "kernel_cmdline" and "iommu=pt" in f.fix.params["add"]
    assert "intel_iommu=on" in f.fix.params["add"]


def test_example_mi300x8_passes():
    (f,) = rocmdoctor.scan(example="mi300x8", select=["RD-IOMMU-001"]).by_code("RD-IOMMU-001")
    assert f.status is Status.PASS
