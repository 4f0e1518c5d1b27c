"""One node's part: scan it, add the node summary, optionally save a snapshot.

The scan and the node summary read through one memoising recording source, so the
summary costs no second probe run and a saved snapshot holds what both read.
"""
from __future__ import annotations

import os
import re
from typing import Any

from ..machine.sources import RecordingSource, SourceError, _norm


class MemoSource(RecordingSource):
    """A RecordingSource that answers repeated questions from what it recorded."""

    def read(self, path):
        hit = self.files.get(_norm(path))
        return hit if hit is not None else super().read(path)

    def glob(self, pattern):
        return self.globs[pattern] if pattern in self.globs else super().glob(pattern)

    def readlink(self, path):
        p = _norm(path)
        return self.links[p] if p in self.links else super().readlink(path)

    def exists(self, path):
        p = _norm(path)
        return self.exist[p] if p in self.exist else super().exists(path)

    def run(self, argv, timeout=10.0):
        hit = self.commands.get(tuple(argv))
        return hit if hit is not None else super().run(argv, timeout)

    def probe(self, name):
        hit = self.probes.get(name)
        return hit if hit is not None else super().probe(name)


def scan_node(a, *, snapshot: str | None = None) -> tuple[Any, MemoSource]:
    """Scan this node (or the snapshot given) with the scan options in ``a``; the report
    carries results["node_summary"]. Raises SourceError for unusable input."""
    from ..api import make_source, scan
    from ..cli import csv
    from ..facts import Context

    src = make_source(root=getattr(a, "root", None), snapshot=snapshot or getattr(a, "snapshot", None),
                      example=getattr(a, "example", None), python=getattr(a, "python", None))
    rec = MemoSource(src)
    report = scan(level=a.level, select=csv(getattr(a, "select", None)), ignore=csv(getattr(a, "ignore", None)),
                  source=rec, plugins=False if getattr(a, "no_plugins", False) else None,
                  options={"config": a.config, "model": getattr(a, "model", None)}
                  if getattr(a, "config", None) else None)
    try:
        report.results["node_summary"] = Context(rec, a.level).get("node_summary").to_dict()
    except Exception as exc:  # the summary must never cost the node its report
        report.results["node_summary"] = {}
        report.notes.append(f"node summary failed: {type(exc).__name__}: {exc}")
    return report, rec


def save_snapshot(rec: MemoSource, directory: str, node: str, level: str) -> str:
    """Write DIR/<node>/ (redacted, like `rocmdoctor snapshot`); never overwrites."""
    from .. import __version__
    from ..machine import snapshot

    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", node).strip("._") or "node"
    path = os.path.join(directory, safe)
    if os.path.exists(path):
        raise SourceError(f"{path} exists; choose a new --snapshot-dir or remove it")
    return snapshot.write(rec, path, redact=True, level=level if level in ("quick", "default") else "default",
                          tool_version=__version__)


def payload(a, node: str, rank: int) -> dict:
    """What this node sends to rank 0: its report, or why there is none."""
    try:
        report, rec = scan_node(a)
    except SourceError as exc:
        return {"node": node, "rank": rank, "report": None, "error": str(exc)}
    except Exception as exc:  # a crash is this node's finding, not the cluster's end
        return {"node": node, "rank": rank, "report": None, "error": f"scan crashed: {type(exc).__name__}: {exc}"}
    if getattr(a, "snapshot_dir", None):
        try:
            report.notes.append(f"snapshot saved to {save_snapshot(rec, a.snapshot_dir, node, a.level)}")
        except (OSError, SourceError) as exc:
            report.notes.append(f"snapshot not saved: {exc}")
    return {"node": node, "rank": rank, "report": report.to_dict(), "error": None}
