"""Kernel-log GPU events for the RD-KERN checks: this boot (``dmesg``, else ``journalctl -k -b 0``)
and the previous one (``journalctl -k -b -1``, where the journal keeps it), matched against the
one signature catalog (rocmdoctor/knowledge/signatures.py) by the shared matcher
(rocmdoctor.logs.logscan). Only the catalog's kernel-family entries of severity fatal or error count
as GPU health events; each event names the GPU its line's PCI address (or KFD node, or the
bridge above a GPU) belongs to.
"""
from __future__ import annotations

from ..base.records import dataclass
from . import Missing, fact

JOURNAL_THIS = ("journalctl", "-k", "-b", "0", "--no-pager", "-q")
JOURNAL_PREV = ("journalctl", "-k", "-b", "-1", "--no-pager", "-q")
JOURNAL_TIMEOUT = 15.0
MAX_LINES = 200_000  # a kernel log is small; a flood of one message is cut, not read forever


@dataclass(frozen=True)
class KernelEvent:
    signature: str  # catalog id
    title: str
    severity: str  # the catalog's: fatal | error
    hardware: bool  # the catalog's hardware tier, or a line that says uncorrectable / fatal
    number: int  # line number in the log
    text: str  # the cleaned line
    pci: str | None  # PCI address the line names (GPU or bridge)
    gpu: int | None  # the GPU it belongs to (index), when known
    gpu_label: str | None
    fields: dict


@dataclass(frozen=True)
class KernelLogEvents:
    boot: str  # "this boot" | "previous boot"
    source: str  # "cmd: dmesg", "cmd: journalctl -k -b -1 --no-pager -q"
    lines: int
    events: tuple[KernelEvent, ...]


def _gpu_map(ctx):
    gpus = [g for g in ctx.optional("gpus", []) or []]
    by_pci = {g.pci: g for g in gpus if g.pci}
    by_node = {g.node: g for g in gpus}
    for path in ctx.optional("pci_links", []) or []:
        g = next((x for x in gpus if x.index == path.gpu_index), None)
        if g is not None:
            for b in path.bridges:
                by_pci.setdefault(b.bdf, g)  # an AER line on the port above a GPU is that GPU's link
    return by_pci, by_node


def events_of(ctx, lines, boot: str, source: str) -> KernelLogEvents:
    from ..knowledge.signatures import HARDWARE
    from ..logs.logscan import match_lines

    by_pci, by_node = _gpu_map(ctx)
    out = []
    lines = list(lines)[-MAX_LINES:]
    for m in match_lines(lines):
        sig = m.signature
        if sig.family != "kernel" or sig.severity not in ("fatal", "error"):
            continue
        g = by_pci.get(m.device or "") or (by_node.get(m.node) if m.node is not None else None)
        said = " ".join(str(v) for v in m.fields.values()).lower()
        hardware = sig.tier == HARDWARE and (sig.severity == "fatal" or "uncorrect" in said or "fatal" in said)
        out.append(KernelEvent(sig.id, sig.title, sig.severity, hardware, m.line.number, m.line.text,
                               m.device, g.index if g else None, g.label if g else None, dict(m.fields)))
    return KernelLogEvents(boot, source, len(lines), tuple(out))


@fact("kernel_events")
def kernel_events(ctx) -> KernelLogEvents:
    """This boot's kernel log: the ``dmesg`` fact, else the journal (dmesg_restrict=1 hosts
    often let the adm/systemd-journal group read the journal)."""
    if not ctx.optional("gpus"):
        raise Missing("not read: no AMD GPU")
    try:
        log = ctx.get("dmesg")
        return events_of(ctx, log.lines, "this boot", log.source)
    except Missing as exc:
        why = str(exc)
    res = ctx.source.run(list(JOURNAL_THIS), timeout=JOURNAL_TIMEOUT)
    if not res.ok or not res.stdout.strip():
        raise Missing(f"{why}; journalctl -k -b 0: {res.describe() if not res.ok else 'empty'}")
    return events_of(ctx, res.stdout.splitlines(), "this boot", "cmd: " + " ".join(JOURNAL_THIS))


@fact("kernel_events_previous_boot")
def kernel_events_previous_boot(ctx) -> KernelLogEvents:
    if not ctx.optional("gpus"):
        raise Missing("not read: no AMD GPU")
    res = ctx.source.run(list(JOURNAL_PREV), timeout=JOURNAL_TIMEOUT)
    if not res.ok:
        tail = (res.stderr.strip().splitlines() or [res.describe()])[-1]
        raise Missing(f"journalctl -k -b -1: {tail} (the journal keeps no previous boot unless it is persistent: "
                      "Storage=persistent in journald.conf or /var/log/journal existing)")
    return events_of(ctx, res.stdout.splitlines(), "previous boot", "cmd: " + " ".join(JOURNAL_PREV))


@dataclass(frozen=True)
class Coredump:
    gpu: int
    gpu_label: str
    path: str


@fact("gpu_coredumps")
def gpu_coredumps(ctx) -> list[Coredump]:
    """Device coredumps amdgpu wrote after a hang and the kernel still holds (it drops them after
    about five minutes, or when read and cleared): /sys/bus/pci/devices/<BDF>/devcoredump/data."""
    out = []
    for g in ctx.optional("gpus", []) or []:
        if g.pci:
            path = f"/sys/bus/pci/devices/{g.pci}/devcoredump/data"
            if ctx.source.exists(path):
                out.append(Coredump(g.index, g.label, path))
    return out
