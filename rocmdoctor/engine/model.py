"""The values a scan produces: findings, their evidence and fix plans, and the report.

Everything here is a frozen dataclass that converts to plain JSON (``to_dict``), so a
finding compares with ``==`` in tests and serialises the same way in every output.
"""
from __future__ import annotations

import enum
from typing import Any

from ..base.records import dataclass, field


class Status(str, enum.Enum):
    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"
    SKIP = "skip"
    ERROR = "error"

    @property
    def rank(self) -> int:
        """Severity order used for summaries and exit codes (worst is highest)."""
        return _RANK[self]


def _scrub(s):
    from ..base.redact import scrub_text

    return scrub_text(s) if isinstance(s, str) else s


_RANK = {Status.SKIP: 0, Status.PASS: 1, Status.WARN: 2, Status.ERROR: 3, Status.FAIL: 4}


class Applicability(str, enum.Enum):
    """ruff's fix model: safe fixes may be applied with --apply, unsafe ones need
    --unsafe as well, display-only ones are advice the tool never applies."""

    SAFE = "safe"
    UNSAFE = "unsafe"
    DISPLAY_ONLY = "display-only"


@dataclass(frozen=True)
class Evidence:
    """What the machine said: a file, command or probe, and the relevant text."""

    source: str  # "/proc/cmdline", "cmd: rocminfo", "probe: python"
    text: str

    def __post_init__(self):
        # Credentials are masked where evidence is made, before any output shortens it
        # (a password cut in half by "..." would no longer look like one).
        object.__setattr__(self, "text", _scrub(self.text))
        object.__setattr__(self, "source", _scrub(self.source))

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "text": self.text}


@dataclass(frozen=True)
class Action:
    """One step of a fix plan.

    kind: "edit" (path + new content, shown as a diff), "command" (argv), "env"
    (variable to set or unset), "note" (prose the user acts on).
    """

    kind: str
    description: str
    argv: tuple[str, ...] = ()
    path: str | None = None
    env: dict[str, str | None] | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "description": self.description}
        if self.argv:
            d["argv"] = list(self.argv)
        if self.path is not None:
            d["path"] = self.path
        if self.env is not None:
            d["env"] = dict(self.env)
        return d


@dataclass(frozen=True)
class FixPlan:
    title: str
    actions: tuple[Action, ...]
    applicability: Applicability = Applicability.DISPLAY_ONLY
    needs_root: bool = False
    needs_reboot: bool = False
    fixer: str | None = None  # name of a rocmdoctor.fixes module that can apply it
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "applicability": self.applicability.value,
            "needs_root": self.needs_root,
            "needs_reboot": self.needs_reboot,
            "fixer": self.fixer,
            "params": dict(self.params),
            "actions": [a.to_dict() for a in self.actions],
        }


@dataclass(frozen=True)
class Finding:
    code: str
    status: Status
    title: str
    detail: str = ""
    area: str = ""
    subject: str | None = None  # e.g. "GPU 0 (0000:03:00.0)" for per-device findings
    evidence: tuple[Evidence, ...] = ()
    sources: tuple[str, ...] = ()  # documentation / issue links
    fix: FixPlan | None = None
    missing: tuple[str, ...] = ()  # for skips: the facts that were not available
    check: str = ""  # qualified name of the check function
    data: dict[str, Any] = field(default_factory=dict)  # structured values for launchers

    def __post_init__(self):
        for name in ("title", "detail", "subject"):
            object.__setattr__(self, name, _scrub(getattr(self, name)))

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "status": self.status.value,
            "area": self.area,
            "title": self.title,
            "detail": self.detail,
            "subject": self.subject,
            "evidence": [e.to_dict() for e in self.evidence],
            "sources": list(self.sources),
            "fix": self.fix.to_dict() if self.fix else None,
            "missing": list(self.missing),
            "check": self.check,
            "data": jsonable(self.data),
        }


def jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    if hasattr(value, "__dataclass_fields__"):
        from dataclasses import asdict  # here: `import dataclasses` costs a quick scan 10 ms

        return jsonable(asdict(value))
    return value


@dataclass
class Report:
    """A finished scan. ``to_dict`` is the documented JSON schema (docs/json-schema.md)."""

    findings: list[Finding]
    source: dict[str, Any]  # {"kind": "live"|"root"|"snapshot"|"example", ...}
    level: str
    tool_version: str
    duration_s: float = 0.0
    results: dict[str, Any] = field(default_factory=dict)  # benchmark / training results
    notes: list[str] = field(default_factory=list)
    gpus_found: int | None = None  # AMD GPUs in the KFD topology; None when not looked at (text verdict)
    warnings: list[str] = field(default_factory=list)  # scan-wide, shown at the top (e.g. no torch)
    # The scan's fact context (not serialised): renderers that publish facts, such as
    # `--format prometheus`, read the health facts from it instead of re-reading the machine.
    context: Any = field(default=None, repr=False, compare=False)

    SCHEMA = "rocmdoctor.report"
    SCHEMA_VERSION = 1

    def counts(self) -> dict[str, int]:
        out = {s.value: 0 for s in Status}
        for f in self.findings:
            out[f.status.value] += 1
        return out

    def worst(self) -> Status:
        if not self.findings:
            return Status.SKIP
        return max((f.status for f in self.findings), key=lambda s: s.rank)

    def by_code(self, code: str) -> list[Finding]:
        return [f for f in self.findings if f.code == code]

    def to_dict(self) -> dict[str, Any]:
        from ..base.redact import scrub_value  # every serialised report is free of credentials

        return scrub_value({
            "schema": self.SCHEMA,
            "schema_version": self.SCHEMA_VERSION,
            "tool_version": self.tool_version,
            "level": self.level,
            "source": jsonable(self.source),
            "summary": self.counts(),
            "findings": [f.to_dict() for f in self.findings],
            "results": jsonable(self.results),
            "notes": list(self.notes),
            "warnings": list(self.warnings),
        })
