"""Before `bench` and `train` measure on GPUs: is another process already using them?

A matmul measured while another job holds the GPU reports that job's leftovers, not this
machine. RD-HEALTH-010 (checks/health/) answers the question from the KFD process list
and VRAM in use; this runs it before anything starts, warns on stderr, and the caller
marks its figures untrustworthy (``results["untrustworthy"]``) and keeps the findings.
"""
from __future__ import annotations

import sys

from .engine.model import Finding, Status


def precheck(python: str | None = None, source=None) -> tuple[list[Finding], str | None]:
    """(RD-HEALTH-010's warnings, the GPUs' compute-partition mode) for this machine (or
    ``source``). No warnings when every GPU is idle or the machine cannot say; the mode is
    None unless every GPU reports the same one (MI300 class), so %-of-peak and MFU compare
    a CPX device with a CPX peak, never with the whole GPU's."""
    from .api import scan
    from .machine.sources import LiveSource

    report = scan(level="quick", select=["RD-HEALTH-010"], source=source or LiveSource(python=python), plugins=False)
    health = report.context.optional("gpu_health") if report.context is not None else None
    modes = {h.compute_partition for h in health or []}
    partition = next(iter(modes)) if len(modes) == 1 else None
    return [f for f in report.findings if f.status == Status.WARN], partition


def warn_and_mark(busy: list[Finding], results: dict, what: str, quiet: bool = False) -> None:
    if not busy:
        return
    why = [f"{f.subject}: {f.title}" if f.subject else f.title for f in busy]
    results["untrustworthy"] = {"reason": "GPU already in use when the measurement started", "gpus": why}
    if not quiet:
        for line in why:
            print(f"[{what}] warning: {line}; figures measured now are untrustworthy", file=sys.stderr, flush=True)
