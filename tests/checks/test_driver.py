"""RD-DRV-*: amdgpu loaded, denylists, DKMS build."""
import os

import rocmdoctor
from rocmdoctor.engine.model import Applicability, Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
KFD = "/sys/class/kfd/kfd/topology/nodes"
PCI = "/sys/bus/pci/devices"


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def pci_dev(addr, vendor, device, cls="0x030000", driver="amdgpu"):
    files = {f"{PCI}/{addr}/class": cls + "\n", f"{PCI}/{addr}/vendor": vendor + "\n",
             f"{PCI}/{addr}/device": device + "\n"}
    links = {f"{PCI}/{addr}/driver": f"../../../bus/pci/drivers/{driver}"} if driver else {}
    return files, links


def host(tmp_path, *, loaded=True, kfd=True, version=None, modprobe=None, cmdline=None, dkms=None,
         kernel="6.5.0-14-generic", pci=(("0000:63:00.0", "0x1002", "0x66af"),), initstate="live"):
    files, links = {"/proc/sys/kernel/osrelease": kernel + "\n"}, {}
    for addr, vendor, device, *rest in pci:
        f, lk = pci_dev(addr, vendor, device, *rest)
        files.update(f)
        links.update(lk)
    if loaded:
        files["/sys/module/amdgpu/initstate"] = initstate + "\n"
        files[f"{KFD}/0/properties"] = data("kfd_properties_cpu_node0_24cores_rocprofsdk.txt")
        files[f"{KFD}/1/properties"] = data("kfd_properties_gfx906_RadeonVII_node1.txt")
    if version:
        files["/sys/module/amdgpu/version"] = version + "\n"
    for path, text in (modprobe or {}).items():
        files[path] = text
    if cmdline:
        files["/proc/cmdline"] = cmdline
    commands = {}
    if dkms is not None:
        commands[("dkms", "status")] = dkms
        files["/var/lib/dkms/amdgpu/6.3.6-1697589.22.04/source"] = ""
    return build_snapshot(tmp_path, files=files, links=links, commands=commands,
                          exists={"/dev/kfd": kfd, "/sys/module/amdgpu": loaded})


def one(snap, code, level="quick"):
    found = rocmdoctor.scan(snapshot=snap, select=[code], level=level).by_code(code)
    assert len(found) == 1, found
    return found[0]


def test_loaded_in_kernel_driver_passes(tmp_path):
    f = one(host(tmp_path), "RD-DRV-001")
    assert f.status is Status.PASS
    assert "in-kernel" in f.title


def test_not_loaded_with_amd_gpu_on_pci_fails(tmp_path):
    f = one(host(tmp_path, loaded=False, kfd=False), "RD-DRV-001")
    assert f.status is Status.FAIL
    assert any("0000:63:00.0" in e.source for e in f.evidence)
    assert f.fix and f.fix.actions[0].argv == ("sudo", "modprobe", "amdgpu")


def test_vfio_bound_gpu_is_named(tmp_path):
    snap = host(tmp_path, loaded=False, kfd=False, pci=(("0000:63:00.0", "0x1002", "0x66a1", "0x038000", "vfio-pci"),))
    f = one(snap, "RD-DRV-001")
    assert f.status is Status.FAIL and "vfio-pci" in f.detail


def test_mi300x_processing_accelerator_class_counts_as_amd_gpu(tmp_path):
    # MI300X enumerates as PCI class 0x1200 (processing accelerator), not as a display.
    snap = host(tmp_path, loaded=False, kfd=False, pci=(("0000:1b:00.0", "0x1002", "0x74a1", "0x120000", None),))
    assert one(snap, "RD-DRV-001").status is Status.FAIL


def test_no_amd_gpu_skips(tmp_path):
    snap = host(tmp_path, loaded=False, kfd=False, pci=(("0000:01:00.0", "0x10de", "0x2330", "0x030200", "nvidia"),))
    f = one(snap, "RD-DRV-001")
    assert f.status is Status.SKIP and "no AMD GPU" in f.title


def test_loaded_without_dev_kfd_fails(tmp_path):
    f = one(host(tmp_path, kfd=False), "RD-DRV-001")
    assert f.status is Status.FAIL and "/dev/kfd" in f.title


def test_module_not_live_fails(tmp_path):
    f = one(host(tmp_path, initstate="coming"), "RD-DRV-001")
    assert f.status is Status.FAIL and "coming" in f.title


def test_modprobe_denylist_fails_with_file_and_line(tmp_path):
    conf = "# keep the GPU for the VM\nblacklist amdgpu\noptions snd_hda_intel power_save=1\n"
    snap = host(tmp_path, loaded=False, kfd=False, modprobe={"/etc/modprobe.d/vfio.conf": conf})
    f = one(snap, "RD-DRV-002")
    assert f.status is Status.FAIL
    assert [(e.source, e.text) for e in f.evidence] == [("/etc/modprobe.d/vfio.conf", "blacklist amdgpu")]
    assert f.fix.applicability is Applicability.DISPLAY_ONLY and f.fix.needs_reboot
    assert f.fix.actions[0].path == "/etc/modprobe.d/vfio.conf"


def test_cmdline_denylist_with_module_loaded_warns(tmp_path):
    # AMD's Instinct docs boot with modprobe.blacklist=amdgpu and load the module later.
    snap = host(tmp_path, cmdline=data("cmdline_instinct_amd_docs_iommu_pt_elided.txt"))
    f = one(snap, "RD-DRV-002")
    assert f.status is Status.WARN
    assert f.evidence[0].text == "modprobe.blacklist=amdgpu"


def test_no_denylist_passes(tmp_path):
    snap = host(tmp_path, cmdline=data("cmdline_epyc7532_2x7900xtx_amd_iommu_on_iommu_pt.txt"),
                modprobe={"/etc/modprobe.d/blacklist.conf": "blacklist nouveau\nblacklist radeon\n"})
    assert one(snap, "RD-DRV-002").status is Status.PASS


def test_dkms_driver_loaded_passes_with_version(tmp_path):
    snap = host(tmp_path, version="6.3.6", dkms=data("dkms_status_amdgpu_6.3.6_single_kernel.txt"))
    f = one(snap, "RD-DRV-003")
    assert f.status is Status.PASS and f.data["dkms_version"] == "6.3.6"
    assert "DKMS driver 6.3.6" in one(snap, "RD-DRV-001").title


def test_dkms_not_built_for_running_kernel_warns(tmp_path):
    snap = host(tmp_path, kernel="6.8.0-40-generic", dkms=data("dkms_status_amdgpu_6.3.6_two_kernels.txt"))
    f = one(snap, "RD-DRV-003")
    assert f.status is Status.WARN and "6.8.0-40-generic" in f.title
    assert ("sudo", "dkms", "autoinstall") in [a.argv for a in f.fix.actions]


def test_dkms_built_but_inbox_module_loaded_warns(tmp_path):
    snap = host(tmp_path, kernel="6.5.0-14-generic", dkms=data("dkms_status_amdgpu_6.3.6_two_kernels.txt"))
    f = one(snap, "RD-DRV-003")
    assert f.status is Status.WARN and "in-kernel" in f.title


def test_dkms_garbage_output_is_not_fatal(tmp_path):
    snap = host(tmp_path, dkms="amdgpu something went wrong\n\x00\x01")
    f = one(snap, "RD-DRV-003")
    assert f.status is Status.PASS and "no amdgpu-dkms" in f.title
