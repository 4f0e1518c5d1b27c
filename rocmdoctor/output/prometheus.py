"""`scan --format prometheus`: the report as Prometheus text exposition (format 0.0.4) for
node_exporter's textfile collector, so a cluster alerts on the same facts a user sees.

Families of series, every name under ``rocmdoctor_`` so none clashes with AMD's
device-metrics-exporter (whose names are ``gpu_*`` and ``pcie_*``):

* ``rocmdoctor_node_info{rocm, driver, torch, hip, kernel, os, gfx, gpus, ...}`` = 1: the
  node's versions (the node summary ``scan --cluster`` compares), so drift across a fleet is
  one PromQL ``count by (rocm) (rocmdoctor_node_info)``.
* ``rocmdoctor_gpu_healthy{gpu, pci}``: 1, or 0 while a check fails or errors on that GPU.
* ``rocmdoctor_check_status{code, area, status, gpu, pci}`` = 1 for every finding (a folded
  finding that covers several GPUs gives one series per GPU), plus
  ``rocmdoctor_checks{status}`` counts and ``rocmdoctor_scan_ok`` (0 when anything failed or errored).
* The numeric health facts behind RD-HEALTH-*: ECC counts per block, bad pages, PCIe AER and
  replay counters, temperatures, power cap, VRAM used, processes on the GPU, with labels
  ``gpu`` (ordinal), ``pci`` (BDF) and ``block`` / ``sensor`` / ``severity`` / ``device``.

Label values come from the machine (a block name, a BDF, a finding's subject): each is
escaped as the format requires (backslash, double quote, newline), and the whole text
passes through the one redaction place before it is written. No timestamps: the textfile
collector reports the file's mtime itself.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterable, Sequence

from ..engine.model import Finding, Report, Status

if TYPE_CHECKING:  # the facts the exposition reads; not imported at run time
    from ..facts.health import GpuHealth, KfdProcess
    from ..facts.kernel_log import KernelLogEvents

_GPU_SUBJECT = re.compile(r"^GPUs? (\d+(?:(?:, ?| and |-)\d+)*)(?: \(([^)]*)\))?")
_BDF = re.compile(r"^(?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]$")
_NAME_OK = re.compile(r"[^a-zA-Z0-9_]")


def escape(value: object) -> str:
    """A label value as the text format wants it: \\ -> \\\\, " -> \\", newline -> \\n."""
    s = str(value)
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


class _Families:
    def __init__(self) -> None:
        self._fams: dict[str, tuple[str, str, list[str]]] = {}

    def add(self, name: str, help_: str, labels: dict, value: float, kind: str = "gauge") -> None:
        name = _NAME_OK.sub("_", name)
        fam = self._fams.setdefault(name, (help_, kind, []))
        lab = ",".join(f'{_NAME_OK.sub("_", k)}="{escape(v)}"' for k, v in labels.items() if v is not None)
        fam[2].append(f"{name}{{{lab}}} {_num(value)}" if lab else f"{name} {_num(value)}")

    def text(self) -> str:
        out = []
        for name, (help_, kind, samples) in self._fams.items():
            out.append(f"# HELP {name} {help_}")
            out.append(f"# TYPE {name} {kind}")
            out.extend(dict.fromkeys(samples))  # a repeated identical series would be rejected
        return "\n".join(out) + "\n"


def _num(v: float) -> str:
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int) or float(v).is_integer():
        return str(int(v))
    return repr(float(v))


def _gpu_labels(report_gpus: dict[int, str | None], f: Finding) -> list[dict]:
    """One label set per GPU the finding is about. A folded finding names its GPUs in
    data["gpus"] and in a subject such as "GPU 0, 1 (gfx906)": every one gets a series."""
    gpus = f.data.get("gpus") if isinstance(f.data, dict) else None
    if isinstance(gpus, list) and gpus and all(isinstance(i, int) and not isinstance(i, bool) for i in gpus):
        return [{"gpu": str(i), "pci": report_gpus.get(i)} for i in gpus]
    if f.subject:
        m = _GPU_SUBJECT.match(f.subject)
        if not m:
            return [{"subject": f.subject}]
        ids = _ids(m.group(1))
        pci = m.group(2) if m.group(2) and _BDF.match(m.group(2)) else None
        return [{"gpu": str(i), "pci": pci if len(ids) == 1 and pci else report_gpus.get(i)} for i in ids]
    return [{}]


def _ids(text: str) -> list[int]:
    """'0, 1' / '0 and 1' / '0-3' -> [0, 1] / [0, 1] / [0, 1, 2, 3]."""
    out: list[int] = []
    for part in re.split(r", ?| and ", text):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi) + 1) if hi and int(hi) - int(lo) < 256 else [int(lo)])
    return list(dict.fromkeys(out))


# node summary key -> node_info label (the summary is what `scan --cluster` compares)
INFO_LABELS = {"rocm": "rocm", "amdgpu": "driver", "torch": "torch", "hip": "hip", "kernel": "kernel", "os": "os",
               "gfx": "gfx", "gpu_count": "gpus", "rccl": "rccl", "python": "python"}


def _node_info(fam: "_Families", summary: dict | None, tool_version: str) -> None:
    labels = {"rocmdoctor": tool_version}
    for key, label in INFO_LABELS.items():
        v = summary.get(key) if summary else None
        if isinstance(v, list):
            v = ",".join(map(str, v))
        if v is not None and v != "":
            labels[label] = v
    fam.add("rocmdoctor_node_info", "The node's software and GPUs (value always 1); compare nodes with "
            "count by (label).", labels, 1)


def _gpu_healthy(fam: "_Families", report: Report, pcis: dict[int, str | None]) -> None:
    bad: set[str] = set()
    seen: dict[str, str | None] = {str(i): pci for i, pci in pcis.items()}
    for f in report.findings:
        for lab in _gpu_labels(pcis, f):
            if "gpu" in lab:
                seen.setdefault(lab["gpu"], lab.get("pci"))
                if f.status in (Status.FAIL, Status.ERROR):
                    bad.add(lab["gpu"])
    for gpu in sorted(seen, key=int):
        fam.add("rocmdoctor_gpu_healthy", "1 when no check fails or errors on this GPU, else 0.",
                {"gpu": gpu, "pci": seen[gpu]}, int(gpu not in bad))


def render(report: Report, health: Sequence[GpuHealth] | None = None, processes: Sequence[KfdProcess] | None = None,
           kernel_logs: Iterable[KernelLogEvents] = (), summary: dict | None = None) -> str:
    """``health``: the scan's ``gpu_health`` fact (a list of GpuHealth); ``processes``: its
    ``kfd_processes`` fact; either None when the machine could not say. ``kernel_logs``: the
    ``kernel_events`` facts that were read (this boot, previous boot). ``summary``: the
    ``node_summary`` fact, for rocmdoctor_node_info."""
    fam = _Families()
    pcis = {h.index: h.pci for h in health or []}
    _node_info(fam, summary, report.tool_version)
    _gpu_healthy(fam, report, pcis)
    for f in report.findings:
        for lab in _gpu_labels(pcis, f):
            fam.add("rocmdoctor_check_status", "One series per finding: its code, status and GPU.",
                    {"code": f.code, "area": f.area, "status": f.status.value, **lab}, 1)
    counts = report.counts()
    for status in Status:
        fam.add("rocmdoctor_checks", "Findings of the last scan by status.", {"status": status.value},
                counts[status.value])
    bad = counts["fail"] + counts["error"]
    fam.add("rocmdoctor_scan_ok", "1 when no check failed or errored in the last scan.", {}, int(bad == 0))
    fam.add("rocmdoctor_scan_duration_seconds", "Wall time of the checks.", {}, report.duration_s)
    for h in health or []:
        _health(fam, h)
        if processes is not None:
            fam.add("rocmdoctor_gpu_other_processes", "Other processes holding VRAM on the GPU (KFD process list).",
                    {"gpu": str(h.index), "pci": h.pci}, sum(1 for p in processes if p.vram.get(h.node, 0) > 0))
    for log in kernel_logs:
        events: dict[tuple[str | None, str | None, str], int] = {}
        for e in log.events:
            key = (str(e.gpu) if e.gpu is not None else None, e.pci, e.signature)
            events[key] = events.get(key, 0) + 1
        for (gpu, pci, sig), n in sorted(events.items(), key=str):
            fam.add("rocmdoctor_kernel_gpu_events", "GPU events in the kernel log by catalog signature.",
                    {"gpu": gpu, "pci": pci, "boot": log.boot, "signature": sig}, n)
    from ..base.redact import scrub_text

    return scrub_text(fam.text())


def _health(fam: _Families, h: GpuHealth) -> None:
    g = {"gpu": str(h.index), "pci": h.pci}
    for c in h.ras:
        for kind, n in c.values.items():
            fam.add("rocmdoctor_gpu_ecc_errors", "ECC error count since boot per RAS block (ue, ce, de).",
                    {**g, "block": c.name, "type": kind}, n)
    if h.bad_pages is not None:
        for state, flag in (("retired", "R"), ("pending", "P"), ("failed", "F")):
            fam.add("rocmdoctor_gpu_bad_pages", "VRAM pages in the bad-page table by state.",
                    {**g, "state": state}, sum(1 for p in h.bad_pages if p[2] == flag))
    if h.bad_page_threshold is not None:
        fam.add("rocmdoctor_gpu_bad_page_threshold", "The driver's retired-page threshold.", g, h.bad_page_threshold)
    from ..machine.parsers.health import aer_total

    for c in h.pcie:
        if c.name.startswith("aer_dev_"):
            fam.add("rocmdoctor_pcie_aer_errors", "PCIe AER error total on the GPU or a bridge above it.",
                    {**g, "device": c.bdf, "severity": c.name[len("aer_dev_"):]}, aer_total(c.values) or 0)
        else:
            for k, v in c.values.items():
                fam.add("rocmdoctor_gpu_pcie_link_errors", "PCIe replay / recovery / NAK counters of the GPU.",
                        {**g, "counter": k}, v)
    for t in h.temps:
        fam.add("rocmdoctor_gpu_temperature_celsius", "GPU temperature per sensor.", {**g, "sensor": t.label}, t.value_c)
    if h.throttle_status is not None:
        fam.add("rocmdoctor_gpu_throttle_status", "gpu_metrics throttle_status (0 = not throttled).", g, h.throttle_status)
    if h.power_cap:
        fam.add("rocmdoctor_gpu_power_cap_watts", "Current power cap.", g, h.power_cap / 1e6)
    if h.power_cap_default:
        fam.add("rocmdoctor_gpu_power_cap_default_watts", "Board default power cap.", g, h.power_cap_default / 1e6)
    if h.vram_used is not None:
        fam.add("rocmdoctor_gpu_vram_used_bytes", "VRAM allocated now.", g, h.vram_used)
    if h.vram_bytes:
        fam.add("rocmdoctor_gpu_vram_total_bytes", "VRAM of the (logical) device.", g, h.vram_bytes)
    if h.compute_partition:
        fam.add("rocmdoctor_gpu_partition_info", "Partition modes (value always 1).",
                {**g, "compute": h.compute_partition, "memory": h.memory_partition}, 1)
