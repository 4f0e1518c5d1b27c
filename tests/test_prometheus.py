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


# ---------------------------------------------------------------- node info and per-GPU series
def test_node_info_carries_the_versions_a_fleet_compares(capsys):
    """One series per node with its versions as labels: `count by (rocm)` shows drift."""
    infos = []
    for ex in ("mi300x8", "mi50x2-xeon"):
        _, text = prom(capsys, "--example", ex)
        fam = {f.name: f for f in text_string_to_metric_families(text)}
        (s,) = fam["rocmdoctor_node_info"].samples
        assert s.value == 1
        infos.append(s.labels)
    a, b = infos
    assert (a["gfx"], a["gpus"], a["rocm"]) == ("8x gfx942", "8", "6.2.0-66")
    assert (b["gfx"], b["gpus"], b["torch"]) == ("2x gfx906", "2", "2.3.0+rocm6.1")
    assert b["driver"] == "in-kernel driver" and b["kernel"] and b["rocmdoctor"] == rocmdoctor.__version__


def test_gpu_health_gauge_is_zero_only_on_the_failing_gpu(tmp_path, capsys):
    s = build_snapshot(tmp_path / "s", base=BASE, files={f"{PCI}/0000:5f:00.0/ras/umc_err_count": "ue: 3\nce: 0\n"})
    _, text = prom(capsys, "--snapshot", s, "--select", "RD-HEALTH")
    healthy = {k[1]: v for k, v in samples(text).items() if k[0] == "rocmdoctor_gpu_healthy"}
    assert len(healthy) == 8
    assert healthy[(("gpu", "3"), ("pci", "0000:5f:00.0"))] == 0
    assert sum(healthy.values()) == 7


def test_folded_finding_labels_every_gpu_it_covers(capsys):
    """A finding covering GPUs 0 and 1 (RD-GFX-001's "GPU 0, 1 (gfx906)") is one series per GPU,
    and "(gfx906)" is not taken for a PCI address."""
    _, text = prom(capsys, "--example", "mi50x2-xeon", "--select", "RD-GFX-001")
    got = [dict(k[1]) for k in samples(text) if k[0] == "rocmdoctor_check_status"]
    assert sorted((g["gpu"], g["pci"]) for g in got) == [("0", "0000:19:00.0"), ("1", "0000:67:00.0")]


@pytest.mark.parametrize("subject,gpus", [("GPU 0, 1 (gfx906)", ["0", "1"]), ("GPUs 0-3", ["0", "1", "2", "3"]),
                                          ("GPU 2 and 5", ["2", "5"]), ("GPU 7 (0000:dd:00.0)", ["7"])])
def test_gpu_subjects_name_every_gpu(subject, gpus):
    from types import SimpleNamespace

    from rocmdoctor.output.prometheus import _gpu_labels

    labels = _gpu_labels({}, SimpleNamespace(subject=subject, data={}))
    assert [x["gpu"] for x in labels] == gpus
    assert [x["pci"] for x in labels] == (["0000:dd:00.0"] if "0000" in subject else [None] * len(gpus))


def test_every_series_is_under_the_rocmdoctor_prefix(capsys):
    """AMD's device-metrics-exporter exports gpu_* and pcie_* (its docs/configuration/
    metricslist.md): nothing here may take one of those names."""
    _, text = prom(capsys, "--example", "mi300x8")
    names = {f.name for f in text_string_to_metric_families(text)}
    assert names and all(n.startswith("rocmdoctor_") for n in names)
