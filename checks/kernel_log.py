"""GPU resets, hangs, faults and hardware errors in the kernel log, per GPU.

A GPU that was reset an hour ago looks healthy to every counter in sysfs; the kernel log
remembers. These checks read this boot's log and, where the journal keeps it, the previous
boot's (a hard hang often ends in a reboot, which is the only trace), match it against the one
signature catalog that `rocmdoctor explain` uses (rocmdoctor/knowledge/signatures.py), and
name the GPU each event happened on. Hardware events (an uncorrectable error, poison, the
bad-page threshold, a link down) fail; driver-level hangs, resets and faults warn: the GPU
works again, but the job on it died and the cause is worth finding (`rocmdoctor explain`).
"""
from __future__ import annotations

from collections import Counter

from rocmdoctor.engine.check import check, ev, fail, ok, skip, warn

SOURCES = ["https://github.com/amd/node-scraper", "https://docs.kernel.org/gpu/amdgpu/ras.html",
           "https://github.com/ROCm/ROCm/issues/6127"]
SHOWN = 6  # evidence lines per GPU


def _per_gpu(log, boot_words: str):
    groups: dict = {}
    for e in log.events:
        key = e.gpu_label or (f"PCI {e.pci}" if e.pci else "no GPU named")
        groups.setdefault(key, []).append(e)
    out = []
    for subject, events in groups.items():
        counts = Counter(e.title for e in events)
        what = ", ".join(f"{t} ({n}x)" if n > 1 else t for t, n in counts.most_common())
        evidence = [ev(f"{log.source} line {e.number}", e.text) for e in _first_of_each(events)][:SHOWN]
        data = {"boot": log.boot, "signatures": dict(Counter(e.signature for e in events)),
                "gpu": events[0].gpu, "pci": events[0].pci}
        detail = (f"Each line is explained by `rocmdoctor explain` (same catalog): "
                  f"{', '.join(sorted({e.signature for e in events}))}.")
        hard = [e for e in events if e.hardware]
        title = f"{boot_words}: {what}"
        if hard:
            out.append(fail(title, "Hardware errors: drain the GPU, keep the log for the vendor, test it "
                            "(RVS/AGFHC) and RMA it if they repeat. " + detail, evidence=evidence, subject=subject,
                            data=data))
        else:
            out.append(warn(title, "The GPU recovered, but the work on it was lost; find the trigger before "
                            "the next long run. " + detail, evidence=evidence, subject=subject, data=data))
    return out


def _first_of_each(events):
    seen, out = set(), []
    for e in events:
        if e.signature not in seen:
            seen.add(e.signature)
            out.append(e)
    return out


@check("RD-KERN-001", area="health", title="No GPU resets, hangs, faults or hardware errors in this boot's kernel log",
       sources=SOURCES)
def kernel_log_this_boot(kernel_events, gpus):
    return _judge(kernel_events, gpus, "no GPU resets, hangs, faults or hardware errors in {} kernel log lines",
                  "this boot")


@check("RD-KERN-002", area="health", title="No GPU resets, hangs, faults or hardware errors in the previous boot",
       sources=SOURCES + ["https://www.freedesktop.org/software/systemd/man/latest/journalctl.html"])
def kernel_log_previous_boot(kernel_events_previous_boot, gpus):
    return _judge(kernel_events_previous_boot, gpus, "no GPU events in the previous boot's {} kernel log lines",
                  "previous boot (a hang there may be why the node rebooted)")


def _judge(log, gpus, clean: str, when: str):
    """``clean`` (its {} is the number of lines read) when the log holds no GPU event."""
    if not gpus:
        return skip("no AMD GPU: no GPU events to look for")
    if not log.events:
        return ok(clean.format(log.lines), evidence=[ev(log.source, f"{log.lines} lines, no GPU event")])
    return _per_gpu(log, when)


@check("RD-KERN-003", area="health", title="No GPU device coredump waiting after a hang",
       sources=["https://docs.kernel.org/gpu/amdgpu/debugging.html", "https://github.com/ROCm/ROCm/issues/6127"])
def gpu_coredump(gpu_coredumps, gpus):
    if not gpus:
        return skip("no AMD GPU")
    if not gpu_coredumps:
        return ok(f"no devcoredump on {len(gpus)} GPU{'s' if len(gpus) != 1 else ''}")
    return [warn("amdgpu wrote a device coredump after a hang",
                 f"Copy it now (`sudo cp {c.path} gpu{c.gpu}-coredump.txt`): the kernel drops it after about five "
                 "minutes. It holds the ring and IP state a driver developer needs.",
                 evidence=[ev(c.path, "present")], subject=c.gpu_label) for c in gpu_coredumps]
