"""RD-HEALTH-*: each check passing on the 8x MI300X example (sysfs, amdsmi absent) and
failing on one change to it; the amdsmi path on probe JSON shaped like amdsmi's own
return values (key names from ROCm/amdsmi amdsmi_cli; see tests/data/SOURCES.md)."""
import json
import os
import re

import pytest

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.machine.sources import RecordingSource, SnapshotSource
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
BASE = rocmdoctor.api.examples()["mi300x8"]
PCI = "/sys/bus/pci/devices"
GPU0, GPU3 = "0000:1b:00.0", "0000:5f:00.0"
KFD = "/sys/class/kfd/kfd/topology/nodes"
NODE_PROPS = os.path.join(BASE, "fs", KFD.lstrip("/"), "2", "properties")


def snap(tmp_path, files=None, **kw):
    return build_snapshot(tmp_path / "s", files=files, base=BASE, **kw)


def findings(s, code, **kw):
    return rocmdoctor.scan(snapshot=s, select=[code], level="quick", **kw).by_code(code)


def worst(fs):
    return max((f.status for f in fs), key=lambda st: st.rank)


def about(fs, status):
    return [f for f in fs if f.status == status]


def test_mi300x8_example_is_healthy():
    report = rocmdoctor.scan(example="mi300x8", select=["RD-HEALTH"], level="quick")
    statuses = {f.code: f.status for f in report.findings}
    assert statuses["RD-HEALTH-001"] == Status.PASS
    assert all(s in (Status.PASS, Status.SKIP) for s in statuses.values()), report.findings
    ecc = report.by_code("RD-HEALTH-001")[0]
    assert ecc.data["gpus"] == list(range(8)) and ecc.evidence[0].source.endswith("/ras/*_err_count")
    assert "umc ue 0 ce 0" in ecc.evidence[0].text


# ----------------------------------------------------------------------------- ECC
def test_uncorrectable_ecc_fails_naming_block_and_file(tmp_path):
    s = snap(tmp_path, {f"{PCI}/{GPU3}/ras/umc_err_count": "ue: 2\nce: 7\n"})
    fs = findings(s, "RD-HEALTH-001")
    [bad] = about(fs, Status.FAIL)
    assert bad.subject.startswith("GPU 3") and "umc ue 2" in bad.title
    assert bad.evidence[0].source == f"{PCI}/{GPU3}/ras/umc_err_count"
    assert about(fs, Status.PASS)[0].data["gpus"] == [0, 1, 2, 4, 5, 6, 7]


def test_correctable_ecc_warns_with_threshold_and_source(tmp_path):
    s = snap(tmp_path, {f"{PCI}/{GPU0}/ras/gfx_err_count": "ue: 0\nce: 5\nde: 0\n"})
    [w] = about(findings(s, "RD-HEALTH-001"), Status.WARN)
    assert "gfx 5" in w.title and "more than 0" in w.detail and "gpu-operator" in w.detail


def test_ras_query_inaccessible_is_not_a_count(tmp_path):
    s = snap(tmp_path, {f"{PCI}/{GPU0}/ras/umc_err_count": "Query currently inaccessible\n"})
    assert worst(findings(s, "RD-HEALTH-001")) == Status.PASS  # the other blocks still count


def test_ras_files_unreadable_without_root_skip_saying_so(tmp_path):
    ras = [f"{PCI}/{GPU0}/ras/{b}_err_count" for b in ("gfx", "hdp", "mmhub", "pcie_bif", "sdma", "umc", "xgmi_wafl")]
    s = snap(tmp_path, {p: None for p in ras}, missing={p: "permission denied" for p in ras},
             globs={f"{PCI}/{GPU0}/ras/*_err_count": ras})
    fs = findings(s, "RD-HEALTH-001")
    [sk] = about(fs, Status.SKIP)
    assert "without root" in sk.title and "permission denied" in sk.detail and "sudo" in sk.detail
    assert not about(fs, Status.ERROR)


def test_consumer_gpu_without_ras_is_not_applicable():
    report = rocmdoctor.scan(example="rx7900xtx", select=["RD-HEALTH-001"], level="quick")
    [f] = report.findings
    assert f.status == Status.SKIP and "not applicable" in f.title


AMDSMI_GPU = {
    "bdf": GPU0, "asic": {"market_name": "AMD Instinct MI300X", "asic_serial": "0x7E8F7E20764E2714"},
    "health": {
        "ecc_blocks": {"UMC": {"correctable_count": 0, "uncorrectable_count": 1, "deferred_count": 0},
                       "GFX": {"correctable_count": 0, "uncorrectable_count": 0, "deferred_count": 0}},
        "pcie": {"pcie_metric": {"pcie_width": 16, "pcie_speed": 32000, "pcie_replay_count": 3,
                                 "pcie_l0_to_recovery_count": "N/A", "pcie_nak_sent_count": "N/A"}},
        "power_cap": {"power_cap": 750000000, "default_power_cap": 750000000},
        "metrics": {"throttle_status": 0, "xgmi_link_status": [1, 1, 1, 1, 1, 1, 0, 65535]},
        "compute_partition": "CPX", "memory_partition": "NPS4",
        "bad_pages": [{"page_address": 4096, "page_size": 4096, "status": "AmdSmiMemoryPageStatus.PENDING"}],
        "bad_page_threshold": 655,
    },
}


def amdsmi_snap(tmp_path, gpu=AMDSMI_GPU):
    return snap(tmp_path, probes={"amdsmi": {"available": True, "gpus": [gpu], "errors": []}})


def test_amdsmi_fields_are_used_and_named_as_evidence(tmp_path):
    s = amdsmi_snap(tmp_path)
    [bad] = about(findings(s, "RD-HEALTH-001"), Status.FAIL)
    assert bad.subject.startswith("GPU 0") and bad.evidence[0].source.startswith("probe: amdsmi amdsmi_get_gpu_ecc_count")
    [w] = about(findings(s, "RD-HEALTH-003"), Status.WARN)
    assert "pcie_replay_count 3" in w.title and "amdsmi_get_pcie_info" in w.evidence[0].source
    [links] = about(findings(s, "RD-HEALTH-004"), Status.FAIL)
    assert "links 6 down" in links.title  # 65535 means "not reported", not down
    [pend] = about(findings(s, "RD-HEALTH-002"), Status.WARN)
    assert "1 pages pending" in pend.title and pend.data["threshold"] == 655


# ----------------------------------------------------------------------------- bad pages
def test_bad_page_threshold_derived_from_vram_when_parameter_is_default(tmp_path):
    fs = findings(snap(tmp_path), "RD-HEALTH-002")
    [p] = fs
    assert p.status == Status.PASS and "0 retired pages of 1965 allowed" in p.detail
    assert "VRAM / 100 MiB" in p.evidence[1].text


def test_retired_pages_near_user_threshold_warn_and_at_it_fail(tmp_path):
    pages = "".join(f"0x{0x100 + i:08x} : 0x00001000 : R\n" for i in range(9))
    s = snap(tmp_path, {f"{PCI}/{GPU0}/ras/gpu_vram_bad_pages": pages,
                        "/sys/module/amdgpu/parameters/bad_page_threshold": "10\n"})
    [w] = about(findings(s, "RD-HEALTH-002"), Status.WARN)
    assert "9 retired pages, 90% of the driver threshold 10" in w.title
    s2 = build_snapshot(tmp_path / "s2", base=s,
                        files={f"{PCI}/{GPU0}/ras/gpu_vram_bad_pages": pages + "0x00000200 : 0x00001000 : R\n"})
    assert about(findings(s2, "RD-HEALTH-002"), Status.FAIL)[0].data["retired"] == 10


def test_page_that_failed_to_retire_fails(tmp_path):
    s = snap(tmp_path, {f"{PCI}/{GPU3}/ras/gpu_vram_bad_pages": "0x00000001 : 0x00001000 : F\n"})
    [f] = about(findings(s, "RD-HEALTH-002"), Status.FAIL)
    assert "could not be retired" in f.title and f.subject.startswith("GPU 3")


# ----------------------------------------------------------------------------- PCIe
def test_aer_fatal_on_the_bridge_above_the_gpu_fails(tmp_path):
    bridge = "0000:1a:00.0"
    aer = open(os.path.join(DATA, "aer_dev_correctable_amdgpu_zero.txt")).read()
    s = snap(tmp_path, {f"{PCI}/{bridge}/class": "0x060400\n", f"{PCI}/{bridge}/aer_dev_correctable": aer,
                        f"{PCI}/{bridge}/aer_dev_fatal": "DLP 0\nSDES 0\nTLP 0\nCmpltTO 1\nTOTAL_ERR_FATAL 1\n"},
             links={f"{PCI}/{GPU0}": f"../../../devices/pci0000:15/0000:15:01.0/{bridge}/{GPU0}"})
    [f] = about(findings(s, "RD-HEALTH-003"), Status.FAIL)
    assert f"bridge {bridge} aer_dev_fatal 1" in f.title and f.evidence[0].source == f"{PCI}/{bridge}/aer_dev_fatal"


def test_corrected_errors_on_the_gpu_warn(tmp_path):
    aer = open(os.path.join(DATA, "aer_dev_correctable_amdgpu_zero.txt")).read()
    aer = aer.replace("BadDLLP 0", "BadDLLP 12").replace("TOTAL_ERR_COR 0", "TOTAL_ERR_COR 12")
    s = snap(tmp_path, {f"{PCI}/{GPU0}/aer_dev_correctable": aer})
    [w] = about(findings(s, "RD-HEALTH-003"), Status.WARN)
    assert "GPU aer_dev_correctable 12" in w.title and "BadDLLP 12" in w.evidence[0].text


# ----------------------------------------------------------------------------- xGMI
def test_xgmi_error_is_not_read_unless_asked(tmp_path):
    s = snap(tmp_path, {f"{PCI}/{GPU0}/xgmi_error": "1\n"})
    rec = RecordingSource(SnapshotSource(s))
    report = rocmdoctor.scan(source=rec, select=["RD-HEALTH-004"], level="quick")
    assert f"{PCI}/{GPU0}/xgmi_error" not in rec.files
    assert report.findings[0].status == Status.PASS and "--read-reset-counters" in report.findings[0].detail
    asked = rocmdoctor.scan(snapshot=s, select=["RD-HEALTH-004"], level="quick",
                            options={"read_reset_counters": True}).findings
    [f] = about(asked, Status.FAIL)
    assert "xgmi_error reports 1" in f.title and f.subject.startswith("GPU 0")


def test_xgmi_wafl_uncorrectable_fails(tmp_path):
    s = snap(tmp_path, {f"{PCI}/{GPU3}/ras/xgmi_wafl_err_count": "ue: 4\nce: 0\n"})
    assert about(findings(s, "RD-HEALTH-004"), Status.FAIL)[0].subject.startswith("GPU 3")


def test_no_xgmi_links_is_not_applicable():
    [f] = rocmdoctor.scan(example="mi50x2-xeon", select=["RD-HEALTH-004"], level="quick").findings
    assert f.status == Status.SKIP


# ----------------------------------------------------------------------------- thermal, power, clocks
def test_hot_gpu_warns(tmp_path):
    s = snap(tmp_path, {f"{PCI}/{GPU0}/hwmon/hwmon2/temp2_input": "99000\n"})
    [w] = about(findings(s, "RD-HEALTH-005"), Status.WARN)
    assert "junction 99 C of 105 C" in w.title and w.evidence[0].source.endswith("hwmon2/temp2_input")


def test_throttling_now_warns_from_amdsmi(tmp_path):
    gpu = {**AMDSMI_GPU, "health": {"metrics": {"throttle_status": 4}}}
    [w] = about(findings(amdsmi_snap(tmp_path, gpu), "RD-HEALTH-005"), Status.WARN)
    assert "throttling now" in w.title and "throttle_status" in w.evidence[0].source


def test_lowered_power_cap_warns(tmp_path):
    s = snap(tmp_path, {f"{PCI}/{GPU0}/hwmon/hwmon2/power1_cap": "500000000\n"})
    [w] = about(findings(s, "RD-HEALTH-006"), Status.WARN)
    assert "67% of the board default (cap 500 W, default 750 W)" in w.title


def test_forced_low_perf_level_and_capped_clock_warn(tmp_path):
    s = snap(tmp_path, {f"{PCI}/{GPU0}/power_dpm_force_performance_level": "low\n",
                        f"{PCI}/{GPU3}/pp_dpm_sclk": "0: 500Mhz *\n1: 1400Mhz\n"})
    warns = {f.subject.split()[1]: f for f in about(findings(s, "RD-HEALTH-007"), Status.WARN)}
    assert "'low'" in warns["0"].title and "1400 MHz, below the rated 2100 MHz" in warns["3"].title


# ----------------------------------------------------------------------------- firmware
def test_known_bad_mes_firmware_fails(tmp_path):
    props = open(NODE_PROPS).read()
    s = snap(tmp_path, {f"{KFD}/2/properties": re.sub(r"gfx_target_version \d+", "gfx_target_version 110501", props),
                        f"{PCI}/{GPU0}/fw_version/mes_fw_version": "0x00000083\n",
                        f"{PCI}/{GPU0}/fw_version/mec_fw_version": "0x000000b4\n"})
    fs = findings(s, "RD-HEALTH-008")
    [f] = about(fs, Status.FAIL)
    assert "mes firmware 0x00000083" in f.title and "ROCm/ROCm/issues/5724" in f.sources[0]


def test_firmware_not_on_the_list_passes(tmp_path):
    s = snap(tmp_path, {f"{PCI}/{GPU0}/fw_version/mes_fw_version": "0x00000080\n",
                        f"{PCI}/{GPU0}/vbios_version": "113-M3000100-103\n"})
    fs = findings(s, "RD-HEALTH-008")
    assert about(fs, Status.PASS)[0].data["gpus"] == [0]


# ----------------------------------------------------------------------------- partitions
def test_cpx_partition_warns_and_states_the_mode(tmp_path):
    files = {}
    for bdf in sorted(os.listdir(os.path.join(BASE, "fs/sys/bus/pci/devices"))):
        files[f"{PCI}/{bdf}/current_compute_partition"] = "CPX\n"
        files[f"{PCI}/{bdf}/current_memory_partition"] = "NPS4\n"
    [w] = findings(snap(tmp_path, files), "RD-HEALTH-009")
    assert w.status == Status.WARN and "CPX/NPS4" in w.title and w.data["compute_partition"] == ["CPX"]


def test_spx_passes_with_mode_and_device_count():
    [f] = rocmdoctor.scan(example="mi300x8", select=["RD-HEALTH-009"], level="quick").findings
    assert f.status == Status.PASS and f.title == "SPX/NPS1: 8 devices; 192 GiB VRAM per device"


# ----------------------------------------------------------------------------- GPU in use
def test_other_process_holding_vram_warns_and_own_pid_is_ignored(tmp_path):
    files = {"/sys/class/kfd/kfd/proc/31337/vram_52766": f"{40 << 30}\n", "/proc/31337/comm": "python3\n",
             "/proc/31337/status": "Name:\tpython3\nPPid:\t1\n",
             "/sys/class/kfd/kfd/proc/4243/vram_52766": "1024\n", "/proc/4243/status": "PPid:\t4242\n",
             f"{KFD}/2/gpu_id": "52766\n"}
    s = snap(tmp_path, files, globs={"/sys/class/kfd/kfd/proc/*": ["/sys/class/kfd/kfd/proc/31337",
                                                                    "/sys/class/kfd/kfd/proc/4243"]})
    fs = findings(s, "RD-HEALTH-010")
    [w] = about(fs, Status.WARN)
    assert w.subject.startswith("GPU 0") and "python3 (pid 31337)" in w.title and w.data["pids"] == [31337]


def test_vram_allocated_without_visible_process_warns(tmp_path):
    s = snap(tmp_path, {f"{PCI}/{GPU3}/mem_info_vram_used": f"{100 << 30}\n"})
    [w] = about(findings(s, "RD-HEALTH-010"), Status.WARN)
    assert "100.0 GiB of 192 GiB VRAM already allocated" in w.title


# ----------------------------------------------------------------------------- host
def test_numa_balancing_on_warns_with_source(tmp_path):
    [w] = findings(snap(tmp_path, {"/proc/sys/kernel/numa_balancing": "1\n"}), "RD-HEALTH-011")
    assert w.status == Status.WARN and "numa_balancing=0" in w.detail
    assert any("prerequisite-system-validation" in s for s in w.sources)


@pytest.mark.parametrize("code", [f"RD-HEALTH-{i:03d}" for i in range(1, 12)])
def test_no_gpu_machine_never_errors(code):
    fs = rocmdoctor.scan(example="no-gpu", select=[code], level="quick").findings
    assert fs and all(f.status == Status.SKIP for f in fs)


def test_snapshot_records_every_health_read_and_redacts_serials(tmp_path, capsys):
    from rocmdoctor import cli

    s = amdsmi_snap(tmp_path)
    out = tmp_path / "rec"
    assert cli.main(["snapshot", "--snapshot", str(s), "-o", str(out)]) == 0
    capsys.readouterr()
    first = rocmdoctor.scan(snapshot=s, select=["RD-HEALTH"], level="quick")
    again = rocmdoctor.scan(snapshot=str(out), select=["RD-HEALTH"], level="quick")
    assert [f.to_dict() for f in again.findings] == [f.to_dict() for f in first.findings]
    smi = json.loads((out / "probes" / "amdsmi.json").read_text())
    assert "0x7E8F7E20764E2714" not in json.dumps(smi) and smi["data"]["gpus"][0]["asic"]["asic_serial"].startswith("REDACTED")
    assert (out / "fs" / PCI.lstrip("/") / GPU3 / "ras" / "umc_err_count").read_text() == "ue: 0\nce: 0\n"


def test_bench_and_train_precheck_marks_figures_untrustworthy_on_a_busy_gpu(tmp_path, capsys):
    from rocmdoctor.busy import precheck, warn_and_mark

    files = {"/sys/class/kfd/kfd/proc/31337/vram_52766": f"{40 << 30}\n", "/proc/31337/comm": "python3\n",
             f"{KFD}/2/gpu_id": "52766\n"}
    s = snap(tmp_path, files, globs={"/sys/class/kfd/kfd/proc/*": ["/sys/class/kfd/kfd/proc/31337"]})
    busy, partition = precheck(source=SnapshotSource(s))
    results = {}
    warn_and_mark(busy, results, "bench")
    assert [f.code for f in busy] == ["RD-HEALTH-010"] and partition == "SPX"
    assert results["untrustworthy"]["gpus"][0].startswith("GPU 0 (0000:1b:00.0): in use by 1 other process")
    assert "figures measured now are untrustworthy" in capsys.readouterr().err
    idle = {}
    busy, partition = precheck(source=SnapshotSource(BASE))
    warn_and_mark(busy, idle, "bench")
    assert idle == {} and partition == "SPX"


@pytest.mark.parametrize("mode,pct", [(None, 50.0), ("SPX", 50.0), ("DPX", 100.0), ("CPX", 400.0), ("QPX", 200.0)])
def test_matmul_percent_of_peak_follows_the_partition_mode(mode, pct):
    from rocmdoctor.benchmarks import suite

    res = {"device": {"kind": "cuda", "name": "AMD Instinct MI300X", "arch": "gfx942:sramecc+:xnack-"},
           "best_tflops": {"bf16": 653.7}}
    suite._matmul_peaks(res, mode)
    assert res["percent_of_peak"]["bf16"] == pct
    assert res["peak"]["partition"] == mode if mode else "partition" not in res["peak"]


def test_partitioned_gpu_without_known_partition_peaks_gets_no_percentage():
    from rocmdoctor.knowledge import gpus as kb

    mi210 = kb.sku_for_device("AMD Instinct MI210")
    assert kb.percent_of_peak(90.5, mi210, "bf16") == pytest.approx(50.0)
    assert kb.percent_of_peak(90.5, mi210, "bf16", "CPX") is None


def test_folded_gpu_lists_name_ranges_and_gaps():
    from types import SimpleNamespace as NS

    from rocmdoctor.checks.health.fold import gpu_list

    assert gpu_list([NS(index=i) for i in range(8)]) == "GPUs 0-7"
    assert gpu_list([NS(index=0), NS(index=1)]) == "GPUs 0, 1"  # two are listed, not a range
    assert gpu_list([NS(index=0), NS(index=2), NS(index=3)]) == "GPUs 0, 2, 3"
    assert gpu_list([NS(index=5)]) == "GPU 5"
