"""node-problem-detector (NPD): `scan --format npd` as a custom plugin, and the kernel-log
signatures of the catalog as NPD kernel-monitor rules.

The custom-plugin protocol (kubernetes/node-problem-detector, pkg/custompluginmonitor/
plugin/plugin.go): exit 0 is OK, 1 NonOK, anything else Unknown; stdout, trimmed and cut
at ``max_output_length`` bytes (80 by default), becomes the condition's message; stderr
is only logged. So the message is one short ASCII line that names the worst finding, and
every way the scan itself can fail (bad input, a crash) exits 2, never 1: a node must not
be marked unhealthy because rocmdoctor broke.

Kernel monitor (pkg/systemlogmonitor): each rule's pattern is a Go RE2 regexp compiled as
``pattern\\z`` against the last lines of /dev/kmsg joined by newlines, so a rule has to
reach the end of the line. The catalog's patterns are Python regexes searched
case-insensitively in one line; ``rule_pattern`` turns one into that form (``(?i)``, named
groups dropped, ``[^\\n]*`` to the end of the line) and refuses what RE2 lacks.
Regenerate contrib/k8s/rocmdoctor-kernel-monitor.json with
``python -m rocmdoctor.output.npd kernel-monitor`` (a test keeps the file equal to it).
"""
from __future__ import annotations

import json
import re
import sys
from typing import TYPE_CHECKING, Callable, Iterable

from ..engine.model import Finding, Report, Status

if TYPE_CHECKING:
    from ..knowledge.signatures.model import Signature

OK, NONOK, UNKNOWN = 0, 1, 2
MAX_OUTPUT = 80  # NPD's default max_output_length
PLUGIN_DOC = "https://github.com/kubernetes/node-problem-detector/blob/master/pkg/custompluginmonitor/README.md"

# Condition set by the kernel monitor; its rules for events after which the GPU stays
# unusable until someone acts (hardware retired, GPU gone from the bus, driver init failed).
KERNEL_CONDITION = "AMDGPUKernelProblem"
KERNEL_OK_REASON = "AMDGPUKernelLogClean"
PERMANENT = frozenset({"amdgpu-init-failed", "amdgpu-ip-discovery", "amdgpu-psp-reinit", "amdgpu-psp-firmware",
                       "kfd-pci-atomics", "amdgpu-bad-page-threshold", "pcie-link-down", "amdgpu-d3-inaccessible"})


# ------------------------------------------------------------------ plugin
def verdict(report: Report, strict: bool = False, limit: int = MAX_OUTPUT) -> tuple[int, str]:
    """(exit status, one-line message) for NPD's custom plugin protocol."""
    bad = {Status.FAIL, Status.ERROR} | ({Status.WARN} if strict else set())
    counts = report.counts()
    ran = sum(counts[s.value] for s in Status if s is not Status.SKIP)
    failing = sorted((f for f in report.findings if f.status in bad), key=lambda f: (-f.status.rank, f.code))
    if failing:
        worst = failing[0]
        others = sorted({f.code for f in failing[1:]} - {worst.code})
        text = f"{worst.code} {_what(worst)}"
        more = f" (+{len(failing) - 1} more: {', '.join(others)})" if len(failing) > 1 else ""
        return NONOK, fit(text, more, limit)
    if not ran:
        return UNKNOWN, fit("nothing could be checked on this node", "", limit)
    warns = counts["warn"]
    tail = f", {warns} warning{'s' if warns != 1 else ''}" if warns else ""
    passed = ran - warns
    return OK, fit(f"OK: {passed} check{'s' if passed != 1 else ''} passed{tail}", "", limit)


def unknown(why: str, limit: int = MAX_OUTPUT) -> tuple[int, str]:
    return UNKNOWN, fit(f"rocmdoctor could not scan: {why}", "", limit)


def _what(f: Finding) -> str:
    subject = f.subject or ""
    title = f.title or ""
    return f"{subject}: {title}" if subject and subject not in title else title


def fit(text: str, tail: str, limit: int) -> str:
    """One ASCII line of at most ``limit`` bytes (NPD cuts bytes, which could split a
    UTF-8 character); the tail (+N more) is kept when there is room for it."""
    text = " ".join(text.encode("ascii", "replace").decode().split())
    tail = " ".join(tail.encode("ascii", "replace").decode().split())
    tail = f" {tail}" if tail else ""
    if len(text) + len(tail) <= limit:
        return text + tail
    if len(tail) > limit // 2:
        tail = ""
    room = limit - len(tail)
    return (text[: room - 3].rstrip() + "...") + tail if room > 3 else text[:limit]


def run(scan: Callable[[], Report], strict: bool = False) -> int:
    """Run ``scan()`` (returns a Report) and answer as an NPD plugin. Unusable input and
    crashes answer Unknown (2) with the reason: never NonOK, which would mark the node."""
    from ..machine.sources import SourceError

    try:
        code, message = verdict(scan(), strict)
    except SourceError as exc:
        code, message = unknown(str(exc))
    except Exception as exc:  # noqa: BLE001 - a bug in rocmdoctor is not a problem of the node
        code, message = unknown(f"{type(exc).__name__}: {exc}")
    sys.stdout.write(message + "\n")
    sys.stdout.flush()
    return code


# ------------------------------------------------------------ kernel monitor
_NAMED = re.compile(r"\(\?P<\w+>")


def rule_pattern(pattern: str) -> str:
    """A catalog pattern (Python, searched case-insensitively in one line) as an NPD
    kernel-monitor pattern (RE2, matched to the end of the buffered lines)."""
    _require_re2_subset(pattern)
    body = _NAMED.sub("(?:", pattern)
    return f"(?i)(?:{body})[^\\n]*"


def _require_re2_subset(pattern: str) -> None:
    """Raise ValueError for what RE2 does not have: look-around, back-references,
    possessive or atomic groups, conditionals."""
    try:  # the stdlib's own parser, to read the pattern's structure (sre_parse before Python 3.11)
        import re._parser as sre  # noqa: PLC2701
    except ImportError:
        import sre_parse as sre  # type: ignore[no-redef]

    banned = {sre.ASSERT: "look-around", sre.ASSERT_NOT: "look-around", sre.GROUPREF: "back-reference",
              sre.GROUPREF_EXISTS: "conditional"}
    for name in ("ATOMIC_GROUP", "POSSESSIVE_REPEAT"):
        if hasattr(sre, name):
            banned[getattr(sre, name)] = name.lower().replace("_", " ")

    def walk(items: Iterable[tuple[object, object]]) -> None:
        for op, av in items:
            if op in banned:
                raise ValueError(f"{banned[op]} has no RE2 equivalent: {pattern!r}")
            if op is sre.AT and av is not sre.AT_BOUNDARY and av is not sre.AT_NON_BOUNDARY:
                raise ValueError(f"anchors mean the whole buffer in NPD: {pattern!r}")
            for x in av if isinstance(av, (list, tuple)) else ():
                if isinstance(x, sre.SubPattern):
                    walk(x)
                elif isinstance(x, (list, tuple)):
                    for y in x:
                        if isinstance(y, sre.SubPattern):
                            walk(y)

    walk(sre.parse(pattern))


def reason(sig_id: str) -> str:
    """'amdgpu-gpu-reset' -> 'AmdgpuGpuReset' (a Kubernetes condition reason is CamelCase)."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", sig_id) if part)


def kernel_signatures() -> list[Signature]:
    from ..knowledge.signatures import catalog

    # "info" entries are benign lines (present in working logs): no event for them
    return [s for s in catalog() if s.family == "kernel" and s.severity != "info"]


def kernel_monitor() -> dict:
    """NPD's kmsg monitor config with one rule per pattern of each kernel signature."""
    rules = []
    for sig in kernel_signatures():
        for pat in sig.patterns:
            rule = {"type": "permanent" if sig.id in PERMANENT else "temporary", "reason": reason(sig.id),
                    "pattern": rule_pattern(pat)}
            if sig.id in PERMANENT:
                rule = {"type": "permanent", "condition": KERNEL_CONDITION, **{k: rule[k] for k in ("reason", "pattern")}}
            rules.append(rule)
    return {
        "plugin": "kmsg", "logPath": "/dev/kmsg", "lookback": "5m", "bufferSize": 10,
        "source": "rocmdoctor-kernel-monitor", "metricsReporting": True,
        "conditions": [{"type": KERNEL_CONDITION, "reason": KERNEL_OK_REASON,
                        "message": "no fatal amdgpu/KFD/PCIe event in the kernel log"}],
        "rules": rules,
    }


def kernel_monitor_text() -> str:
    return json.dumps(kernel_monitor(), indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv != ["kernel-monitor"]:
        print("usage: python -m rocmdoctor.output.npd kernel-monitor  (prints the NPD kernel-monitor config)",
              file=sys.stderr)
        return 2
    sys.stdout.write(kernel_monitor_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
