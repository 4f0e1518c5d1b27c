"""`scan --format prometheus`, read back by prometheus_client's own text parser (the one
Prometheus client libraries use): every line parses, label values from the machine are
escaped, and the health numbers behind RD-HEALTH-* are there with gpu/pci/block labels."""
import os

import pytest
from prometheus_client.parser import text_string_to_metric_families

import rocmdoctor
from rocmdoctor import cli
from rocmdoctor.output.prometheus import escape, render
from rocmdoctor.testing import build_snapshot

BASE = rocmdoctor.api.examples()["mi300x8"]
PCI = "/sys/bus/pci/devices"


def prom(capsys, *argv):
    rc = cli.main(["scan", "--format", "prometheus", *argv])
    return rc, capsys.readouterr().out


def samples(text):
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for fam in text_string_to_metric_families(text) for s in fam.samples}


def test_healthy_8_gpu_node_parses_with_per_gpu_series(capsys):
    rc, text = prom(capsys, "--example", "mi300x8", "--level", "quick")
    got = samples(text)
    key = ("rocmdoctor_gpu_ecc_errors", (("block", "umc"), ("gpu", "3"), ("pci", "0000:5f:00.0"), ("type", "ue")))
    assert got[key] == 0
    assert got[("rocmdoctor_gpu_power_cap_watts", (("gpu", "7"), ("pci", "0000:dd:00.0")))] == 750
    status = [k for k in got if k[0] == "rocmdoctor_check_status" and ("code", "RD-HEALTH-001") in k[1]]
    assert len(status) == 8 and all(("status", "pass") in k[1] for k in status)
    assert got[("rocmdoctor_gpu_partition_info", (("compute", "SPX"), ("gpu", "0"), ("memory", "NPS1"),
                                                  ("pci", "0000:1b:00.0")))] == 1
    assert "# TYPE rocmdoctor_checks gauge" in text


def test_failing_gpu_is_one_series_and_scan_not_ok(tmp_path, capsys):
    s = build_snapshot(tmp_path / "s", base=BASE, files={f"{PCI}/0000:5f:00.0/ras/umc_err_count": "ue: 3\nce: 0\n"})
    rc, text = prom(capsys, "--snapshot", s, "--select", "RD-HEALTH")
    got = samples(text)
    assert rc == 1 and got[("rocmdoctor_scan_ok", ())] == 0
    assert got[("rocmdoctor_check_status", (("area", "health"), ("code", "RD-HEALTH-001"), ("gpu", "3"),
                                            ("pci", "0000:5f:00.0"), ("status", "fail")))] == 1
    assert got[("rocmdoctor_gpu_ecc_errors", (("block", "umc"), ("gpu", "3"), ("pci", "0000:5f:00.0"),
                                              ("type", "ue")))] == 3


@pytest.mark.parametrize("value", ['a"b', "back\\slash", "two\nlines", "{brace}=,", "ünïcode"])
def test_machine_supplied_label_values_are_escaped(value):
    report = rocmdoctor.scan(example="mi300x8", select=["RD-HEALTH-001"], level="quick")
    health = report.context.optional("gpu_health")
    from dataclasses import replace

    odd = [replace(health[0], ras=(replace(health[0].ras[0], name=value),))]
    got = samples(render(report, odd))
    assert got[("rocmdoctor_gpu_ecc_errors", (("block", value), ("gpu", "0"), ("pci", "0000:1b:00.0"),
                                              ("type", "ue")))] == 0


def test_escape_is_the_format_rule():
    assert escape('x"y\\z\nw') == 'x\\"y\\\\z\\nw'


def test_machine_without_gpus_still_writes_valid_text(capsys):
    rc, text = prom(capsys, "--example", "no-gpu")
    got = samples(text)
    assert ("rocmdoctor_scan_ok", ()) in got and not any(k[0].startswith("rocmdoctor_gpu_") for k in got)


def test_kernel_log_events_are_counted_per_gpu_and_signature(tmp_path, capsys):
    with open(os.path.join(os.path.dirname(__file__), "data", "dmesg_ring_timeout_page_fault_coredump_rocm5999.txt")) as fh:
        log = fh.read().replace("0000:04:00.0", "0000:5f:00.0")
    s = build_snapshot(tmp_path / "s", base=BASE, commands={("dmesg",): log})
    rc, text = prom(capsys, "--snapshot", s, "--select", "RD-KERN")
    got = samples(text)
    assert got[("rocmdoctor_kernel_gpu_events", (("boot", "this boot"), ("gpu", "3"), ("pci", "0000:5f:00.0"),
                                                 ("signature", "amdgpu-ring-timeout")))] == 1
