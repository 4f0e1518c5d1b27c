"""Match cleaned log lines against the signature catalog, one line at a time.

``Scanner.feed(raw, number)`` is incremental (``rocmdoctor run`` feeds it live output);
a match whose signature has a ``block`` (page-fault block, AER header with its TLP, the
torchrun failure summary) stays open while the next ``block_lines`` lines are read, and
the lines that continue it are attached to it instead of being matched on their own.
"""
from __future__ import annotations

import functools
import re
from typing import Callable, Iterable, Literal

from ...knowledge.signatures import Signature, catalog
from ...knowledge.signatures.benign import is_benign
from ...base.records import dataclass, field
from .lines import LogLine, parse

# A terminal signature (barrier hang) counts only this close to the end. Here, not in reader.py,
# which imports this module: no cycle (tests/test_import_cycles.py).
TAIL_LINES = 40

# Lines that look like errors although no signature knows them (reported as unexplained).
# The word "error" alone is prose ("after error"); an error line has an exception class, a log
# level, or "error" followed by what went wrong ("error: ...", "error(...)", "error -2").
# An exception class's name, not a path component named like one ("/runs/MeanSquaredError/").
_ERRORISH = re.compile(r"(?<![/\\])\b[A-Z]\w{0,60}(?:Error|Exception)\b(?![/\\])|\b(?:ERROR|FATAL|CRITICAL)\b|\*ERROR\*|"
                       r"^[\w.-]{1,40}: (?:Error|error)\b|"  # a program's own error: "docker: Error response ..."
                       r"(?i:\berror(?:\(\d{1,6}\))?\s{0,2}[:=(\[]|\berror\s{0,2}-?\d|\bexception\s{0,2}:|"
                       r"\b(?:fatal|failed|failure|aborted|core dumped|traceback|segmentation fault|killed|panic|"
                       r"crashed)\b)|"
                       # C and C++ programs dying: an uncaught exception, a fatal signal, "Error ..." opening the line
                       r"^\s{0,8}Error\b(?!s\b)|\bterminate called after throwing\b|\bIllegal instruction\b|"
                       r"\breceived signal SIG[A-Z]{2,6}\b|^SIG(?:ABRT|SEGV|ILL|BUS|FPE)\b|"
                       # glog's ERROR and FATAL levels (c10, rocprofiler, Ray, gRPC: "E1122 10:01:02.3 ...",
                       # "[E socket.cpp:12]", "F agent.cpp:1093]"), a system call that failed as strace prints it
                       # ("ioctl(4, ...) = -1 EACCES (Permission denied)"), a program's "An error occurred/encountered",
                       # a kernel's trap line for a process ("general protection fault ... in amdvlk64.so"; its
                       # "segfault at ... error 4" lines were error-like already)
                       r"^(?:\(\w{1,40} pid=\d{1,9}\)\s{1,2})?(?:[EF]\d{4} \d\d:\d\d:\d\d|\[[EF](?:\d{3,4} [\d:.]{8,20})? "
                       r"\S{1,120}:\d{1,6}\]|F \S{1,120}\.\w{1,4}:\d{1,6}\] )|"
                       # (strace pads short calls to column 40; ENOENT, EAGAIN and the like are what probing prints)
                       r"\)\s{1,40}= -1 E(?:ACCES|PERM|NODEV|NXIO|IO|FAULT|BUSY|NOMEM|NOSPC|ROFS|NOEXEC) \(|"
                       r"(?i:(?:^|[:(]\s{0,2}|\bgot )permission denied\b|\berror (?:was )?(?:encountered|occurred|occured)\b|"
                       r"\bgeneral protection fault\b|"
                       # a JSON or YAML summary's non-zero count ('"errors": 3'), also beside a zero one
                       r"\b(?:failures|errors)[\"']?\s{0,4}:\s{0,4}[1-9]\d{0,8}\b)")
# Counts and metrics: "0 errors", "eval error: 0.0213", "max error=4e-07" (a float is a measurement).
_NOT_ERROR = re.compile(r"\b(?:0 errors?|no errors?|error_file|errors=0|without errors?)\b|^\s{0,8}retrying\b|, retrying\b|"
                        r"^\s{0,8}Error\s{1,40}(?:rate|bars?|handling|correction|codes?\b[^:]|[-+]?\d)|"  # a metric or a table row
                        r"\berror\s{0,2}[:=]\s{0,2}[-+]?\d{1,12}(?:\.\d{1,20}(?:e[-+]?\d{1,3})?|e[-+]?\d{1,3})\b", re.I)
# A line that states its own level as a warning or below is what a healthy run prints (glog
# "[W socket.cpp:464]" / "W0325 21:16:42", Python warnings "file.py:12: UserWarning:", logging
# "WARNING:" / "INFO 04-23", DeepSpeed "[2024-...] [WARNING]", logfmt "level=WARN"): not error-like
# however its words read ("failed to ...", "No module named"). A catalog signature still matches
# it. NCCL's "NCCL WARN" is how NCCL reports its errors, so it keeps its words' weight; its
# "NCCL INFO" lines (plugin probing: "Failed to find ncclNetPlugin_v7 symbol") are info.
_LOW_LEVEL = re.compile(
    r"^(?:\(\w{1,40} pid=\d{1,9}\)\s{1,2})?(?:"
    r"[WI]\d{4} \d\d:\d\d:\d\d"
    r"|\[[WI](?:\d{3,4} [\d:.]{8,20})? \S{1,120}:\d{1,6}\]"
    r"|(?i:warning|warn|info|debug|notice)(?:[:|\]]|\s|$)"
    r"|\[(?i:warning|warn|info|debug)\]"
    r"|\[[\w.]{1,80}\|(?i:warning|info|debug)\]"
    r"|\[?\d{4}-\d\d-\d\d[T ][\d:.,]{8,20}Z?\]?\s{1,2}(?:-\s{1,2})?(?:\S{1,60}\s-\s)?\[?(?i:warning|warn|info|debug)\b"
    r"|\d\d:\d\d:\d\d[-.,]\d{3,6}\s{1,4}(?i:warning|warn|info|debug)\b"  # SD.Next: "17:17:39-101689 WARNING"
    # TensorFlow's and absl's C++ logging: "2019-08-09 13:18:29.609039: W tensorflow/core/...cc:1016] ..."
    r"|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3,9}: [WI] \S{1,200}:\d{1,6}\]"
    r"|\S{0,300}?\.py:\d{1,6}: \w{0,40}Warning:"
    r"|\w{0,40}Warning: )"
    r"|\blevel=(?i:warn|warning|info|debug)\b"
    r"|^(?:[\w.-]{1,64}:\d{1,9}:\d{1,9} \[\d{1,4}\] )?[NR]CCL INFO\b")

# A count of zero is not an error: "Failed requests: 0", "errors: 0", "0 failed", "Failures: 0/100", JSON's '"failed": 0',
# "num_errors=0", a results table's "| Failed requests |    0 |". Removed from the line before it is
# judged, so the rest of the line (and a non-zero count) still counts.
_ZERO_COUNT = re.compile(
    r"\b(?:num_|n_|total_)?(?:failed|failures?|errors?|fails?)(?:[ _](?:requests?|count|tests?|jobs?|steps?|ranks?))?"
    r"[\"']?\s{0,40}[:=|]\s{0,40}0(?:\s{0,2}/\s{0,2}\d{1,12})?(?![\d.])|"
    r"(?<![\d.])0\s{1,4}(?:failed|failures?|errors?)\b", re.I)


def declares_low_level(text: str) -> bool:
    """The line says it is a warning, info or debug message (not NCCL's WARN)."""
    return "NCCL WARN" not in text and _LOW_LEVEL.search(text[:400]) is not None


@dataclass
class Match:
    signature: Signature
    line: LogLine
    fields: dict[str, str] = field(default_factory=dict)
    block: list[LogLine] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.signature.id

    @property
    def rank(self) -> int | None:
        return self.line.rank

    @property
    def node(self) -> int | None:
        """KFD node named by the line (``GPU node-N``), for mapping to a GPU."""
        v = self.fields.get("node")
        return int(v) if v and v.isdigit() else None

    @property
    def device(self) -> str | None:
        return self.line.device

    def to_dict(self) -> dict:
        return {"signature": self.id, "line": self.line.number, "file": self.line.file, "rank": self.line.rank,
                "host": self.line.host, "device": self.line.device, "text": self.line.text,
                "fields": dict(self.fields), "block": [{"line": b.number, "text": b.text} for b in self.block]}


# A traceback's last line as pip shows it, indented under "× python setup.py ... did not run successfully" (pip
# indents the build's output by six): an exception class and its message. A frame's source line at that depth is
# code (`raise X(...)`, `x = f()`), never `Name: message`.
_CAPTURED_EXCEPTION = re.compile(r"^\s{4,12}[A-Z][A-Za-z0-9_]{0,60}(?:Error|Exception): \S")


@functools.lru_cache(maxsize=4096)
def looks_like_error(text: str) -> bool:
    # Indented lines are a traceback's frames and source lines; its last, unindented line
    # ("XError: ...") is the one that says what happened.
    if text.startswith(("    ", "\t")) and not _CAPTURED_EXCEPTION.match(text):
        return False
    if _ERRORISH.search(text) is None:
        return False
    if ("0" in text) and _ZERO_COUNT.search(text):
        text = _ZERO_COUNT.sub(" ", text)
        if _ERRORISH.search(text) is None:
            return False
    return not _NOT_ERROR.search(text) and not declares_low_level(text) and not is_benign(text)


class Scanner:
    """Incremental matcher. ``status`` after each feed: "match", "block" (the line continued
    an open block) or "none"."""

    def __init__(self, signatures: Iterable[Signature] | None = None, file: str | None = None,
                 rank: int | None = None):
        self.signatures = tuple(signatures) if signatures is not None else catalog()
        self.file = file
        self.rank = rank
        # Open blocks, one per device (dmesg interleaves the blocks of several GPUs):
        # device -> [match, lines still allowed].
        self.pending: dict[str | None, list] = {}
        self.status = "none"
        self.line: LogLine | None = None
        # One pass over a line says whether any signature's needle is in it at all; most lines
        # the chunk prefilter lets through (warnings, INFO lines) hold none.
        needles = sorted({n for s in self.signatures for n in s.needles}, key=len, reverse=True)
        self._any_needle = re.compile("|".join(re.escape(n) for n in needles)) if needles else None
        self._cache: dict[str, tuple] = {}

    def wants_more(self) -> bool:
        return bool(self.pending)

    def flush(self) -> list[Match]:
        done = [m for m, _ in self.pending.values()]
        self.pending = {}
        return sorted(done, key=lambda m: m.line.number)

    def _close(self, key: str | None) -> list[Match]:
        m, _ = self.pending.pop(key)
        return [m]

    def feed(self, raw: str, number: int) -> list[Match]:
        line = self.line = parse(raw, number, self.file, self.rank)
        out: list[Match] = []
        self.status = "none"
        if self.pending:
            key = self._continues(line)
            for k in list(self.pending):
                self.pending[k][1] -= 1
            if key is not False:
                self.pending[key][0].block.append(line)
                self.status = "block"
            for k in [k for k, (_, left) in self.pending.items() if left <= 0]:
                out += self._close(k)
            if key is not False:
                return out
        for m in self.match(line):
            self.status = "match"
            if m.signature.block:
                key = line.device
                if key in self.pending:
                    out += self._close(key)  # a new block on this device closes the open one
                self.pending[key] = [m, m.signature.block_lines]
            else:
                out.append(m)
        return out

    def _continues(self, line: LogLine) -> str | None | Literal[False]:
        """The key of the open block this line continues, or False."""
        if line.device in self.pending:
            keys = [line.device]
        elif line.device:  # another device: only blocks that span devices (AER: port and endpoint)
            keys = [k for k, (m, _) in self.pending.items() if not m.signature.block_same_device]
        else:
            keys = list(self.pending)
        for k in reversed(keys):
            if any(rx.search(line.text) for rx in self.pending[k][0].signature.block_regexes):
                return k
        return False

    def match(self, line: LogLine) -> list[Match]:
        return [Match(sig, line, dict(fields)) for sig, fields in self._match_text(line.text)]

    def _match_text(self, text: str) -> tuple:
        # Logs repeat lines (every rank prints the same warning every step): remember the
        # answers for recent texts.
        hit = self._cache.get(text)
        if hit is not None:
            return hit
        low = text.lower()
        out = []
        if self._any_needle is not None and self._any_needle.search(low) and not is_benign(text):
            for sig in self.signatures:
                if not any(n in low for n in sig.needles):
                    continue
                for rx in sig.regexes:
                    m = rx.search(text)
                    if m:
                        out.append((sig, tuple(_fields(m).items())))
                        break
        if len(self._cache) >= 4096:
            self._cache.clear()
        self._cache[text] = hit = tuple(out)
        return hit


def _fields(m: re.Match) -> dict[str, str]:
    # Alternative patterns of one signature name the same field node, node2, ...: one name.
    out: dict[str, str] = {}
    for k, v in m.groupdict().items():
        if v is not None:
            out.setdefault(k.rstrip("0123456789"), v.strip())
    return out


_ANCHORED: Callable[[str], re.Match[str] | None] | None = None


def _anchored() -> Callable[[str], re.Match[str] | None]:
    """search() of one case-insensitive pattern of the catalog's anchors (every signature's
    lines contain one: tests/test_logscan.py)."""
    global _ANCHORED
    if _ANCHORED is None:
        from ...knowledge.signatures import ANCHORS

        search = re.compile("|".join(re.escape(a.lower()) for a in ANCHORS)).search
        _ANCHORED = lambda raw: search(raw.lower())  # noqa: E731 - lower() then a plain search: 7x re.IGNORECASE
    return _ANCHORED


def match_lines(lines: Iterable[str], *, file: str | None = None, start: int = 1,
                signatures: Iterable[Signature] | None = None) -> list[Match]:
    """Every signature match in ``lines`` (raw text, with or without newlines), in order,
    with line numbers counted from ``start``. For kernel logs and small inputs; files of
    any size go through ``rocmdoctor.logs.logscan.scan_path``. Terminal signatures are kept
    only when they sit among the last lines (see ``TAIL_LINES``)."""
    sc = Scanner(signatures, file=file)
    anchored = _anchored() if signatures is None else None
    out: list[Match] = []
    n = start - 1
    for n, raw in enumerate(lines, start):
        # As the chunk prefilter does for files: a line with no anchor matches no signature,
        # so only an open block's continuation lines need the scanner.
        if anchored is not None and not sc.pending and anchored(raw) is None:
            continue
        out += sc.feed(raw, n)
    out += sc.flush()
    last = n
    return [m for m in out if not m.signature.terminal or m.line.number > last - TAIL_LINES]
