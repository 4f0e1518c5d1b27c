"""Regular expressions compiled on first use.

A module-level ``re.compile`` runs on every import, whether or not the scan ever reads the
text it is for: the lspci, GPU-health and snapshot-redaction patterns cost a quick scan on a
machine without an AMD GPU about 5 ms it never uses (case-insensitive character classes are the
slow ones to compile). ``lazyre.compile`` has the same signature and answers the same methods;
after the first use they are the compiled pattern's own bound methods, so a hot loop pays
nothing more.
"""
from __future__ import annotations

import re

_METHODS = ("search", "match", "fullmatch", "sub", "subn", "finditer", "findall", "split", "scanner")


class LazyPattern:
    def __init__(self, pattern: str, flags: int = 0):
        self.pattern, self.flags = pattern, flags

    def __getattr__(self, name: str):
        # Only reached for what is not set yet: the first use compiles and binds the methods.
        rx = re.compile(self.pattern, self.flags)
        for method in _METHODS:
            setattr(self, method, getattr(rx, method))
        self.groups, self.groupindex = rx.groups, rx.groupindex
        return getattr(rx, name)

    def __repr__(self) -> str:
        return f"lazyre.compile({self.pattern!r}, {self.flags!r})"


def compile(pattern: str, flags: int = 0) -> LazyPattern:  # noqa: A001 (re.compile's name, on purpose)
    return LazyPattern(pattern, flags)
