"""RD-KERN-*: GPU events in the kernel log, matched with the one signature catalog
(rocmdoctor/knowledge/signatures.py), on the 8x MI300X example with real kernel log excerpts
(tests/data/SOURCES.md). Test code moves an excerpt's PCI address onto one of the example's
GPUs, so the finding must name that GPU."""
import os

import rocmdoctor
from rocmdoctor.facts.kernel_log import JOURNAL_PREV, JOURNAL_THIS
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
BASE = rocmdoctor.api.examples()["mi300x8"]
GPU0, GPU3 = "0000:1b:00.0", "0000:5f:00.0"


def data(name, old=None, new=None):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        text = fh.read()
    text = "".join(ln for ln in text.splitlines(True) if not ln.startswith("# source:"))
    return text.replace(old, new) if old else text


CLEAN = data("dmesg_iommu_pt_intel_dualsocket_pve.txt")


def snap(tmp_path, commands=None, **kw):
    return build_snapshot(tmp_path / "s", base=BASE, commands=commands, **kw)


def findings(s, code):
    return rocmdoctor.scan(snapshot=s, select=[code], level="quick").by_code(code)


def test_clean_kernel_log_passes(tmp_path):
    [f] = findings(snap(tmp_path, {("dmesg",): CLEAN}), "RD-KERN-001")
    assert f.status == Status.PASS and "no GPU resets" in f.title


def test_ring_timeout_and_page_fault_warn_naming_the_gpu(tmp_path):
    log = data("dmesg_ring_timeout_page_fault_coredump_rocm5999.txt", "0000:04:00.0", GPU3)
    [w] = findings(snap(tmp_path, {("dmesg",): CLEAN + log}), "RD-KERN-001")
    assert w.status == Status.WARN and w.subject == f"GPU 3 ({GPU3})"
    assert "A GPU ring timed out" in w.title and "GPU page fault" in w.title
    assert {"amdgpu-ring-timeout", "amdgpu-page-fault", "amdgpu-devcoredump"} <= set(w.data["signatures"])
    assert any(e.source.startswith("cmd: dmesg line ") and "comp_1.1.0 timeout" in e.text for e in w.evidence)


def test_fatal_aer_on_the_port_above_a_gpu_fails_and_names_that_gpu(tmp_path):
    bridge = "0000:1a:00.0"
    log = data("logs/kernel_aer_fatal_amdgpu_dmesg.txt", "0000:00:1c.4", bridge).replace("0000:06:00.0", GPU0)
    s = snap(tmp_path, {("dmesg",): log}, files={f"/sys/bus/pci/devices/{bridge}/class": "0x060400\n"},
             links={f"/sys/bus/pci/devices/{GPU0}": f"../../../devices/pci0000:00/{bridge}/{GPU0}"})
    [f] = findings(s, "RD-KERN-001")
    assert f.status == Status.FAIL and f.subject == f"GPU 0 ({GPU0})" and "PCIe AER error" in f.title


def test_unknown_device_is_named_by_its_pci_address(tmp_path):
    log = data("dmesg_firmware_load_failed_vega20_rocm912.txt")
    [w] = findings(snap(tmp_path, {("dmesg",): log}), "RD-KERN-001")
    assert w.status == Status.WARN and w.subject == "PCI 0000:19:00.0" and "firmware" in w.title


def test_restricted_dmesg_falls_back_to_this_boots_journal(tmp_path):
    log = data("journal_prev_boot_ring_timeout_rocm5997.txt", "0000:03:00.0", GPU0)
    [w] = findings(snap(tmp_path, {JOURNAL_THIS: log}), "RD-KERN-001")  # the example's dmesg is refused
    assert w.status == Status.WARN and w.evidence[0].source.startswith("cmd: journalctl -k -b 0")


def test_previous_boot_events_warn(tmp_path):
    log = data("journal_prev_boot_ring_timeout_rocm5997.txt", "0000:03:00.0", GPU0)
    [w] = findings(snap(tmp_path, {JOURNAL_PREV: log}), "RD-KERN-002")
    assert w.status == Status.WARN and w.subject.startswith("GPU 0") and w.title.startswith("previous boot")
    assert w.data["boot"] == "previous boot"


def test_previous_boot_without_gpu_events_passes(tmp_path):
    [f] = findings(snap(tmp_path, {JOURNAL_PREV: CLEAN}), "RD-KERN-002")
    assert f.status == Status.PASS and f.title.startswith("no GPU events in the previous boot's")
    assert f.evidence[0].text.endswith("lines, no GPU event")


def test_journal_without_previous_boot_is_a_skip_that_says_why(tmp_path):
    no = {"stdout": "", "stderr": "Data from the specified boot (-1) is not available: No such boot ID in journal\n",
          "returncode": 1}
    [f] = findings(snap(tmp_path, {JOURNAL_PREV: no}), "RD-KERN-002")
    assert f.status == Status.SKIP and "persistent" in f.detail


def test_waiting_device_coredump_warns(tmp_path):
    s = snap(tmp_path, files={f"/sys/bus/pci/devices/{GPU3}/devcoredump/data": "**** AMDGPU Device Coredump ****\n"})
    fs = findings(s, "RD-KERN-003")
    [w] = fs
    assert w.status == Status.WARN and w.subject.startswith("GPU 3") and "five minutes" in w.detail
    [p] = findings(snap(tmp_path / "b"), "RD-KERN-003")
    assert p.status == Status.PASS and "8 GPUs" in p.title


def test_no_gpu_machine_skips():
    for code in ("RD-KERN-001", "RD-KERN-002", "RD-KERN-003"):
        [f] = rocmdoctor.scan(example="no-gpu", select=[code], level="quick").findings
        assert f.status == Status.SKIP
