"""Before `bench` and `train` measure on GPUs: is another process already using them?

A matmul measured while another job holds the GPU reports that job's leftovers, not this
machine. RD-HEALTH-010 (checks/health.py) answers the question from the KFD process list
and VRAM in use; this runs it before anything starts, warns on stderr, and the caller
marks its figures untrustworthy (``results["untrustworthy"]``) and keeps the findings.
"""
from __future__ import annotations

import sys

from .model import Finding, Status


def busy_gpus(python: str | None = None, source=None) -> list[Finding]:
    """RD-HEALTH-010's warnings for this machine (or ``source``); [] when every GPU is idle
    or the machine cannot say (no KFD process view)."""
    from .api import scan
    from .sources import LiveSource

    report = scan(level="quick", select=["RD-HEALTH-010"], source=source or LiveSource(python=python), plugins=False)
    return [f for f in report.findings if f.status == Status.WARN]


def warn_and_mark(busy: list[Finding], results: dict, what: str, quiet: bool = False) -> None:
    if not busy:
        return
    why = [f"{f.subject}: {f.title}" if f.subject else f.title for f in busy]
    results["untrustworthy"] = {"reason": "GPU already in use when the measurement started", "gpus": why}
    if not quiet:
        for line in why:
            print(f"[{what}] warning: {line}; figures measured now are untrustworthy", file=sys.stderr, flush=True)
