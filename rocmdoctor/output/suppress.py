"""Inline suppressions in the user's files, as shellcheck and hadolint take them:

    # rocmdoctor: ignore RD-ENV-001
    export HSA_OVERRIDE_GFX_VERSION=9.0.6

    FROM rocm/pytorch:latest  # rocmdoctor: ignore RD-IMG-001,RD-IMG-002

A comment on a finding's line, or on the comment lines right above it, that names its code
or a prefix of it (`RD-IMG`, as --ignore reads them) drops the finding from the report; the
report's notes say how many were dropped and where, so nothing disappears without a word.
A finding is dropped only when every file line it cites is covered: one file's comment never
hides the same problem in another file. Machine findings (no file line of the user's) cannot
be suppressed this way: use --ignore or `ignore` in [tool.rocmdoctor]. JSON has no comments.
"""
from __future__ import annotations

import re

from .sarif import file_line

DIRECTIVE = re.compile(r"#\s*rocmdoctor:\s*ignore[=\s]\s*(?P<codes>[A-Za-z0-9_,\s-]+)")
MAX_BYTES = 4 << 20  # a launch script or Dockerfile; never read a huge file for this


def _codes(line: str) -> list[str]:
    m = DIRECTIVE.search(line)
    return [c.strip().upper() for c in re.split(r"[,\s]+", m.group("codes")) if c.strip()] if m else []


class _Files:
    def __init__(self) -> None:
        self.lines: dict[str, list[str] | None] = {}

    def get(self, path: str) -> list[str] | None:
        if path not in self.lines:
            try:
                with open(path, "rb") as fh:
                    data = fh.read(MAX_BYTES)
                self.lines[path] = data.decode("utf-8", "replace").splitlines()
            except OSError:
                self.lines[path] = None
        return self.lines[path]


def covered(code: str, path: str, line: int, files: _Files) -> bool:
    from ..engine.registry import matches

    text = files.get(path)
    if not text or not 1 <= line <= len(text):
        return False
    names = list(_codes(text[line - 1]))
    i = line - 2
    while i >= 0 and text[i].lstrip().startswith("#"):  # the comment block right above
        names += _codes(text[i])
        i -= 1
    return bool(names) and matches(code, names)


def apply(findings: list) -> tuple[list, list[str]]:
    """(kept findings, one 'CODE at file:line' per dropped one)."""
    files, kept, dropped = _Files(), [], []
    for f in findings:
        spots = [hit for e in f.evidence for hit in [file_line(e.source)] if hit]
        if spots and f.status.value in ("fail", "warn", "error") and \
                all(covered(f.code, p, n, files) for p, n in spots):
            dropped.append(f"{f.code} at {spots[0][0]}:{spots[0][1]}")
            continue
        kept.append(f)
    return kept, dropped
