"""Stream a log (file, directory of per-rank logs, ``-`` for standard input, ``.gz``) through
the prefilter and the matcher in fixed-size chunks, so a log of several GB is read with
bounded memory: per signature only the first ``KEEP`` matches are kept (with the count,
the ranks and the last one), and the unexplained error-like lines are capped likewise.
"""
from __future__ import annotations

import gzip
import os
import sys
import time
from typing import BinaryIO, Callable, Iterable

from ...knowledge.signatures import Signature, catalog
from ...base.records import dataclass, field
from .lines import LogLine, rank_from_path
from .matcher import TAIL_LINES, Match, Scanner, looks_like_error
from .prefilter import Prefilter

CHUNK = 4 * 1024 * 1024
KEEP = 20  # matches kept per signature (the rest are counted)
KEEP_UNEXPLAINED = 20
MAX_FILES = 4096
LOG_SUFFIXES = (".log", ".txt", ".out", ".err", ".gz", ".stdout", ".stderr")

Progress = Callable[[int, int], None]  # (bytes read, total bytes or 0)


@dataclass
class Occurrence:
    """Every match of one signature in the input, compacted."""

    signature: Signature
    matches: list[Match] = field(default_factory=list)  # the first KEEP
    count: int = 0
    ranks: set = field(default_factory=set)
    files: set = field(default_factory=set)
    last: Match | None = None

    @property
    def first(self) -> Match:
        return self.matches[0]

    def add(self, m: Match) -> None:
        self.count += 1
        if len(self.matches) < KEEP:
            self.matches.append(m)
        if m.rank is not None:
            self.ranks.add(m.rank)
        if m.line.file:
            self.files.add(m.line.file)
        self.last = m


@dataclass
class ScanResult:
    occurrences: dict[str, Occurrence] = field(default_factory=dict)  # in order of first appearance
    unexplained: list[LogLine] = field(default_factory=list)
    unexplained_count: int = 0
    lines: int = 0
    bytes: int = 0
    files: list[str] = field(default_factory=list)
    seconds: float = 0.0
    engine: str = ""
    order: int = 0

    def add(self, m: Match) -> None:
        occ = self.occurrences.get(m.id)
        if occ is None:
            occ = self.occurrences[m.id] = Occurrence(m.signature)
        occ.add(m)

    def add_unexplained(self, line: LogLine) -> None:
        self.unexplained_count += 1
        if len(self.unexplained) < KEEP_UNEXPLAINED:
            self.unexplained.append(line)

    def matches(self) -> list[Match]:
        return sorted((m for o in self.occurrences.values() for m in o.matches),
                      key=lambda m: (m.line.file or "", m.line.number))


class _FileScan:
    """State for one input stream: the scanner, terminal matches held until the end."""

    def __init__(self, result: ScanResult, name: str | None, rank: int | None, signatures):
        self.result = result
        self.scanner = Scanner(signatures, file=name, rank=rank)
        self.held: list[Match] = []  # terminal matches, decided at the end
        self.last_line = 0

    def emit(self, matches: list[Match]) -> None:
        for m in matches:
            if m.signature.terminal:
                self.held.append(m)
            else:
                self.result.add(m)

    def feed(self, raw: str, number: int) -> None:
        sc = self.scanner
        self.emit(sc.feed(raw, number))
        if sc.status == "none" and sc.line is not None and looks_like_error(sc.line.text):
            self.result.add_unexplained(sc.line)

    def close(self, total_lines: int) -> None:
        self.emit(self.scanner.flush())
        for m in self.held:
            if m.line.number > total_lines - TAIL_LINES:
                self.result.add(m)


def _decode(b: bytes) -> str:
    return b.decode("utf-8", errors="replace")


def scan_stream(stream: BinaryIO, result: ScanResult, *, name: str | None = None, rank: int | None = None,
                signatures: Iterable[Signature] | None = None, prefilter: Prefilter | None = None,
                progress: Progress | None = None, total: int = 0) -> None:
    """Scan one binary stream into ``result``."""
    pf = prefilter or Prefilter()
    result.engine = pf.engine
    fs = _FileScan(result, name, rank, signatures)
    base = 0  # lines before this chunk
    carry = b""
    done = 0
    while True:
        block = stream.read(CHUNK)
        if not block:
            data, carry = carry, b""
            if not data:
                break
            if not data.endswith(b"\n"):
                data += b"\n"
            end = len(data)
        else:
            done += len(block)
            data = carry + block if carry else block
            cut = data.rfind(b"\n")
            if cut < 0:
                if len(data) < CHUNK * 4:
                    carry = data
                    continue
                data += b"\n"  # one enormous line: cut it here rather than hold it all
                cut = len(data) - 1
            end = cut + 1
            carry = data[end:]
        # The chunk is data[:end]; scanned in place (no copy of the chunk).
        base = _scan_chunk(data, end, base, fs, pf)
        result.bytes += end
        if progress:
            progress(done, total)
    result.lines += base
    fs.close(base)


def _scan_chunk(chunk: bytes, end: int, base: int, fs: _FileScan, pf: Prefilter) -> int:
    """Scan chunk[:end] (which ends with a newline); returns the line count after it."""
    sc = fs.scanner
    pos = 0  # everything before pos has been fed
    lineno = base  # number of the line that ends just before pos
    # An open block from the previous chunk reads its continuation lines first.
    while sc.wants_more() and pos < end:
        nl = chunk.index(b"\n", pos)
        lineno += 1
        fs.feed(_decode(chunk[pos:nl]), lineno)
        pos = nl + 1
    for start in pf.line_starts(chunk, end):
        if start < pos:
            continue
        lineno += chunk.count(b"\n", pos, start)
        pos = start
        while True:
            nl = chunk.index(b"\n", pos)
            lineno += 1
            fs.feed(_decode(chunk[pos:nl]), lineno)
            pos = nl + 1
            if not sc.wants_more() or pos >= end:
                break
    lineno += chunk.count(b"\n", pos, end)
    return lineno


def _log_files(directory: str) -> list[str]:
    out = []
    for root, dirs, files in os.walk(directory):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(root, f)
            if (f.endswith(LOG_SUFFIXES) or "." not in f) and os.path.isfile(p):
                out.append(p)
                if len(out) >= MAX_FILES:
                    return out
    return out


def _open(path: str) -> BinaryIO:
    if path.endswith(".gz"):
        return gzip.open(path, "rb")  # type: ignore[return-value]
    return open(path, "rb")


def scan_path(path: str, *, signatures: Iterable[Signature] | None = None, progress: Progress | None = None,
              engine: str | None = None) -> ScanResult:
    """Scan a file, a directory of logs (one per rank, ranks taken from the names), or
    ``-`` (standard input). Raises OSError for unreadable input."""
    sigs = tuple(signatures) if signatures is not None else catalog()
    pf = Prefilter(engine=engine)
    result = ScanResult(engine=pf.engine)
    t0 = time.monotonic()
    if path == "-":
        result.files.append("<stdin>")
        scan_stream(sys.stdin.buffer, result, name="<stdin>", signatures=sigs, prefilter=pf, progress=progress)
    else:
        paths = _log_files(path) if os.path.isdir(path) else [path]
        total = sum(_size(p) for p in paths)
        done = 0
        for p in paths:
            name = os.path.relpath(p, path) if os.path.isdir(path) else p
            result.files.append(name)
            sz = _size(p)

            def prog(n, _t, _done=done):
                if progress:
                    progress(_done + n, total)

            with _open(p) as fh:
                scan_stream(fh, result, name=name, rank=rank_from_path(name) if len(paths) > 1 or
                            os.path.isdir(path) else None, signatures=sigs, prefilter=pf, progress=prog)
            done += sz
    result.seconds = round(time.monotonic() - t0, 3)
    return result


def scan_text(lines: Iterable[str], *, name: str | None = None) -> ScanResult:
    """Scan lines already in memory (tests, small inputs) with the same rules as files."""
    import io

    data = "".join(x if x.endswith("\n") else x + "\n" for x in lines).encode()
    result = ScanResult()
    scan_stream(io.BytesIO(data), result, name=name)
    return result


def _size(p: str) -> int:
    try:
        return os.path.getsize(p)
    except OSError:
        return 0
