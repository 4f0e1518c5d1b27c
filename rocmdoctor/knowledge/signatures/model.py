"""The model of a log signature: what a line means, its likely causes (each naming the
rocmdoctor check that confirms it), the fix and the public source. Entries live in the
family modules next to this one; ``rocmdoctor.knowledge.signatures`` is the one catalog API.

Writing an entry (docs/explain.md, "Adding a signature"), with keyword arguments:
- ``patterns`` are Python regexes searched case-insensitively in one log line (rank
  prefixes, ANSI colours and timestamps already removed). They must stay linear: no
  nested or adjacent unbounded quantifiers over the same characters; bound repeats
  (``{1,64}``); tests/test_signatures.py times every pattern on hostile lines.
  Named groups (``node``, ``gfx``, ``seq``, ...) become the match's fields.
- ``needles``: lowercase literal substrings, one of which every matching line contains;
  a line is tried against the regexes only when one is present (the fast path).
- ``examples``: real lines from the public sources (tests assert they match);
  ``near_misses``: look-alikes that must not match.
- ``tier`` orders causes: a hardware or driver event (tier 1-2) outranks the runtime
  error it causes (3) and the watchdog timeout that follows (7). ``terminal`` marks a line
  that only means something when nothing follows it (the barrier hang).
- ``supersedes``: ids of more general signatures the same event matches; they are dropped when this one is seen.
- ``block``: regexes for the lines that continue this event (a page-fault block, an AER
  header with its TLP); they are attached to the match instead of matched on their own.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ...base.records import dataclass

# Precedence tiers: lower = earlier in the causal chain, listed first.
HARDWARE, DRIVER, RUNTIME, SETUP, MEMORY, NUMERICS, CONSEQUENCE, NOTE = 1, 2, 3, 4, 5, 6, 7, 8
TIER_NAMES = {HARDWARE: "hardware", DRIVER: "driver", RUNTIME: "runtime", SETUP: "setup", MEMORY: "memory",
              NUMERICS: "numerics", CONSEQUENCE: "consequence", NOTE: "note"}

FAMILIES = {
    "kernel": "kernel driver (amdgpu, KFD, PCIe)",
    "runtime": "HIP / HSA runtime and ROCm libraries",
    "distributed": "RCCL and torch.distributed",
    "deepspeed": "DeepSpeed build and import",
    "numerics": "numerics (NaN, inf, overflow)",
    "packages": "packages built for another platform or version",
    "memory": "memory (GPU and host out of memory)",
    "containers": "containers (devices, runtimes, GPU requests)",
    "permissions": "device permissions and groups",
}
SEVERITIES = ("fatal", "error", "warning", "info")


@dataclass(frozen=True)
class Cause:
    """One likely cause; ``check`` is the rocmdoctor check code (or prefix) whose failure
    confirms it and whose pass makes it unlikely. ``None``: no check can tell (yet)."""

    text: str
    check: str | None = None
    fix: str = ""
    # A condition on the match's fields that makes this cause likely from the log alone,
    # e.g. ("seq", ">=", 100): a watchdog timeout long after the first collectives.
    when: tuple | None = None

    def holds(self, fields: dict) -> bool:
        if not self.when:
            return False
        name, op, value = self.when
        try:
            x = float(fields[name])
        except (KeyError, ValueError, TypeError):
            return False
        return {"<": x < value, "<=": x <= value, ">": x > value, ">=": x >= value}.get(op, False)


@dataclass(frozen=True)
class Signature:
    id: str
    family: str
    title: str
    patterns: tuple[str, ...]
    needles: tuple[str, ...]
    severity: str
    tier: int
    meaning: str
    causes: tuple[Cause, ...]
    fix: str
    sources: tuple[str, ...]
    examples: tuple[str, ...] = ()
    near_misses: tuple[str, ...] = ()
    block: tuple[str, ...] = ()
    block_lines: int = 0
    block_same_device: bool = True  # a block's lines come from the device of its first line
    terminal: bool = False
    # Ids of more general signatures that the same event also matches: when this one is seen, they are the
    # same failure in less specific words and are left out (a MIOpen compile failure whose compiler says
    # which header is missing is that, not an unknown ISA).
    supersedes: tuple[str, ...] = ()

    @property
    def regexes(self) -> tuple[re.Pattern, ...]:
        return _compiled(self.patterns)

    @property
    def block_regexes(self) -> tuple[re.Pattern, ...]:
        return _compiled(self.block)

    def checks(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.check for c in self.causes if c.check))

    def to_dict(self) -> dict:
        return {
            "id": self.id, "family": self.family, "title": self.title, "severity": self.severity,
            "tier": self.tier, "tier_name": TIER_NAMES[self.tier], "patterns": list(self.patterns),
            "meaning": self.meaning, "fix": self.fix, "sources": list(self.sources),
            "causes": [{"text": c.text, "check": c.check, "fix": c.fix} for c in self.causes],
            "terminal": self.terminal,
        }


@lru_cache(maxsize=None)
def _compiled(patterns: tuple[str, ...]) -> tuple[re.Pattern, ...]:
    return tuple(re.compile(p, re.I) for p in patterns)


