"""Stream a log (file, directory of per-rank logs, ``-`` for standard input, gzip) through
the prefilter and the matcher in fixed-size chunks, so a log of several GB is read with
bounded memory: per signature only the first ``KEEP`` matches are kept (with the count,
the ranks and the last one), and the unexplained error-like lines are capped likewise.

Any input is survived (``open_input``): a file is judged by its content, not its name (gzip by
its magic bytes; NUL-filled or random bytes are skipped as binary); a stream (standard input,
a character device) stops at a byte and a time cap (``Limits``) with a note; a FIFO is read
only when asked (``-`` or ``follow``), since opening one waits for a writer; a file that cannot
be read, or breaks part way (a truncated .gz), is skipped or used up to where it breaks, and
``ScanResult.skipped`` says what and why. A directory is walked whole (up to ``MAX_FILES``,
saying so when more were left).
"""
from __future__ import annotations

import gzip
import io
import os
import stat
import sys
import time
import zlib
from typing import IO, Callable, Iterable, Protocol

from ...knowledge.signatures import Signature, catalog
from ...base.records import dataclass, field
from .lines import LogLine, rank_from_path
from .matcher import TAIL_LINES, Match, Scanner, looks_like_error
from .prefilter import Prefilter

CHUNK = 4 * 1024 * 1024
KEEP = 20  # matches kept per signature (the rest are counted)
KEEP_UNEXPLAINED = 20
MAX_FILES = 20000  # files read from one directory; more are counted and said, never cut silently
SNIFF = 8192  # bytes looked at to tell a log from a binary file
GZIP_MAGIC = b"\x1f\x8b"

Progress = Callable[[int, int], None]  # (bytes read, total bytes or 0)


class ByteStream(Protocol):
    """What scan_stream reads: a binary file, io.BytesIO, or open_input's guarded stream."""

    def read(self, n: int, /) -> bytes: ...


class _Source(ByteStream, Protocol):
    """What a _Guard wraps: a file, standard input, a GzipFile, another guard."""

    def close(self) -> None: ...


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
    skipped: list = field(default_factory=list)  # (name, why): inputs not read, or read only in part

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

    def merge(self, part: ScanResult) -> None:
        """Take in the result of another input (`explain a.log b.log` reads each on its own)."""
        for sig_id, occ in part.occurrences.items():
            mine = self.occurrences.get(sig_id)
            if mine is None:
                self.occurrences[sig_id] = occ
                continue
            for m in occ.matches:
                mine.add(m)
            mine.count += occ.count - len(occ.matches)  # the matches counted but not kept
        for ln in part.unexplained:
            self.add_unexplained(ln)
        self.unexplained_count += part.unexplained_count - len(part.unexplained)
        self.lines += part.lines
        self.bytes += part.bytes
        self.files += part.files
        self.engine = part.engine
        self.skipped += part.skipped


class FileScan:
    """State for one input stream: the scanner, terminal matches held until the end."""

    def __init__(self, result: ScanResult, name: str | None, rank: int | None,
                 signatures: Iterable[Signature] | None):
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


def prefilter_for(sigs: Iterable[Signature], engine: str | None = None) -> Prefilter:
    """The prefilter of a scan with these signatures: the catalog's anchors, and on a small input every
    signature's own needles (prefilter.py), whether the text comes from a file, a stream or memory."""
    return Prefilter(engine=engine, needles=[n for s in sigs for n in s.needles])


def scan_stream(stream: ByteStream, result: ScanResult, *, name: str | None = None, rank: int | None = None,
                signatures: Iterable[Signature] | None = None, prefilter: Prefilter | None = None,
                progress: Progress | None = None, total: int = 0) -> None:
    """Scan one binary stream into ``result``."""
    sigs = tuple(signatures) if signatures is not None else catalog()
    pf = prefilter or prefilter_for(sigs)
    result.engine = pf.engine
    fs = FileScan(result, name, rank, sigs)
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
        base = scan_chunk(data, end, base, fs, pf)
        result.bytes += end
        if progress:
            progress(done, total)
    result.lines += base
    fs.close(base)


def scan_chunk(chunk: bytes, end: int, base: int, fs: FileScan, pf: Prefilter) -> int:
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


@dataclass(frozen=True)
class Limits:
    """Caps for a stream (standard input, a character device, a FIFO): a regular file is read
    whole. ``follow``: a stream is read to its end, however long (and a FIFO is read at all)."""

    max_bytes: int = 2 * 1024 ** 3
    max_seconds: float = 600.0
    follow: bool = False


class InputSkipped(Exception):
    """An input that is not read, with why (binary, a FIFO not asked for, unreadable)."""


class _Guard:
    """A binary stream that stops instead of raising or running forever: a read error or a
    truncated/corrupt compressed stream ends it (``error`` says why, what came before is kept);
    a stream also ends at ``limits`` (``stopped`` says which cap)."""

    def __init__(self, raw: _Source, name: str, limits: Limits | None, fd: int | None = None):
        self.raw = raw
        self.name = name
        self.limits = limits  # None: a regular file (no caps)
        self.fd = fd  # polled before each read when capped by time
        self.t0 = time.monotonic()
        self.done = 0
        self.error: str | None = None
        self.stopped: str | None = None
        self.parts: tuple[_Guard, ...] = ()  # the guards beneath this one (input_problem asks them too)

    def read(self, n: int = CHUNK) -> bytes:
        if self.error or self.stopped:
            return b""
        lim = self.limits
        if lim is not None and not lim.follow:
            if self.done >= lim.max_bytes:
                self.stopped = f"stopped after {_size_text(self.done)} (the cap for a stream; --max-bytes)"
                return b""
            n = min(n, lim.max_bytes - self.done)
            left = lim.max_seconds - (time.monotonic() - self.t0)
            if left <= 0 or (self.fd is not None and not _readable(self.fd, left)):
                self.stopped = (f"stopped after {lim.max_seconds:g} s and {_size_text(self.done)} (the cap for a "
                                "stream; --max-seconds, or --follow to read it to its end)")
                return b""
        try:
            data = self.raw.read(n)
        except (EOFError, OSError, zlib.error) as exc:  # gzip.BadGzipFile is an OSError
            what = "truncated or corrupt" if isinstance(exc, (EOFError, zlib.error, gzip.BadGzipFile)) else "read error"
            self.error = f"{what} after {_size_text(self.done)}: {getattr(exc, 'strerror', None) or exc}; used up to there"
            return b""
        self.done += len(data or b"")
        return data or b""

    def close(self) -> None:
        try:
            self.raw.close()
        except (OSError, EOFError, zlib.error):
            pass


class _Prefixed:
    """``head`` (already read to sniff the content), then the rest of ``raw``."""

    def __init__(self, head: bytes, raw: _Guard):
        self.head = head
        self.raw = raw

    def read(self, n: int = CHUNK) -> bytes:
        if self.head:
            out, self.head = self.head[:n], self.head[n:]
            return out
        return self.raw.read(n)

    def close(self) -> None:
        self.raw.close()

    def seek(self, offset: int, whence: int = 0) -> int:
        # GzipFile's file protocol names seek, but it seeks only when its own reader is rewound,
        # which scan_stream never does: a stream is read once, forward.
        raise io.UnsupportedOperation("seek")


def _is_stdin(st: os.stat_result) -> bool:
    try:
        return os.path.samestat(st, os.fstat(sys.stdin.fileno()))
    except (OSError, ValueError, AttributeError):
        return False


def _readable(fd: int, timeout: float) -> bool:
    import select

    try:
        r, _, _ = select.select([fd], [], [], max(0.0, timeout))
    except (OSError, ValueError):
        return True  # cannot poll it (a regular file behind -): read
    return bool(r)


def _size_text(n: int) -> str:
    return f"{n / 1e6:,.1f} MB" if n >= 100_000 else f"{n:,} bytes"


def looks_binary(head: bytes) -> bool:
    """NUL bytes, or mostly bytes that are neither text nor UTF-8: /dev/zero, /dev/urandom, a
    checkpoint, an image. A log keeps a stray NUL or two (a crash mid-write); a tenth is not a log."""
    if not head:
        return False
    if head.count(b"\0") * 10 > len(head):
        return True
    text = head.decode("utf-8", errors="replace")
    bad = text.count("\ufffd") + sum(1 for c in text if c < " " and c not in "\t\n\r\x1b\x08\x0c")
    return bad * 10 > len(text)


def open_input(path: str, limits: Limits | None = None, name: str | None = None) -> _Guard:
    """Open one input for scan_stream: ``-``, a file, a FIFO or a character device; gzip by its
    content. Returns a _Guard (``.error``/``.stopped`` after reading say what cut it short).
    Raises InputSkipped (with why) for what is not read, OSError when it cannot be opened."""
    limits = limits or Limits()
    name = name or path
    raw: IO[bytes]
    fd: int | None
    if path == "-":
        capped = True
        try:
            fd = sys.stdin.fileno()
            raw = open(fd, "rb", buffering=0, closefd=False)  # reads return what has come
        except (OSError, ValueError, AttributeError):  # a stand-in stdin (tests, embedding)
            fd, raw = None, sys.stdin.buffer
    else:
        st = os.stat(path)
        mode = st.st_mode
        if stat.S_ISDIR(mode):
            raise InputSkipped("a directory")
        if stat.S_ISFIFO(mode) and _is_stdin(st):  # /dev/stdin, /proc/self/fd/0: standard input, already open
            return open_input("-", limits, name)
        if stat.S_ISFIFO(mode) and not limits.follow:
            raise InputSkipped("a FIFO (named pipe): reading one waits for a writer; give --follow to read it, "
                               "or - with the FIFO as standard input")
        if stat.S_ISBLK(mode):
            raise InputSkipped("a block device, not a log")
        if stat.S_ISSOCK(mode):
            raise InputSkipped("a socket")
        capped = not stat.S_ISREG(mode)
        raw = open(path, "rb", buffering=0)
        fd = raw.fileno()
    g = _Guard(raw, name, limits if capped else None, fd if capped else None)
    head = g.read(SNIFF)
    stream = _Prefixed(head, g)
    if head.startswith(GZIP_MAGIC):
        inner = _Guard(gzip.GzipFile(fileobj=stream, mode="rb"), name, None)
        first = inner.read(SNIFF)
        if looks_binary(first):
            inner.close()
            raise InputSkipped("binary content (compressed), not a log")
        out = _Guard(_Prefixed(first, inner), name, None)
        out.parts = (inner, g)
        return out
    if looks_binary(head):
        g.close()
        raise InputSkipped("binary content, not a log" + (" (a device that never ends)" if capped and path != "-"
                                                          else ""))
    out = _Guard(stream, name, None)
    out.parts = (g,)
    return out


def input_problem(stream: _Guard) -> str | None:
    """Why an input opened by open_input was cut short, or None: it was read to its end."""
    for part in (stream, *stream.parts):
        if part.error or part.stopped:
            return part.error or part.stopped
    return None


def log_files(directory: str, skipped: list) -> list[str]:
    """Every file under ``directory`` (sorted, links to directories not followed); what is not a
    regular file goes to ``skipped`` with why, and files past MAX_FILES are counted there."""
    out: list[str] = []
    extra = 0

    def walk_error(exc: OSError) -> None:
        skipped.append((os.path.relpath(exc.filename or directory, directory) if exc.filename else directory,
                        f"not listed: {exc.strerror or exc}"))

    for root, dirs, files in os.walk(directory, onerror=walk_error):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(root, f)
            rel = os.path.relpath(p, directory)
            try:
                st = os.stat(p)
            except OSError as exc:
                skipped.append((rel, exc.strerror or str(exc)))
                continue
            if not stat.S_ISREG(st.st_mode):
                skipped.append((rel, "not a regular file (FIFO, device or socket)"))
                continue
            if len(out) >= MAX_FILES:
                extra += 1
                continue
            out.append(p)
    if extra:
        skipped.append((directory, f"{extra:,} more files not read (the limit is {MAX_FILES:,} per directory; "
                                   "name the files or a sub-directory)"))
    return out


def scan_path(path: str, *, signatures: Iterable[Signature] | None = None, progress: Progress | None = None,
              engine: str | None = None, limits: Limits | None = None) -> ScanResult:
    """Scan a file, a directory of logs (one per rank, ranks taken from the names), or
    ``-`` (standard input). What is skipped, or read only in part, is in ``result.skipped``.
    Raises OSError when a file named on its own cannot be opened, InputSkipped when it is not
    a log (binary, a FIFO not asked for)."""
    sigs = tuple(signatures) if signatures is not None else catalog()
    pf = prefilter_for(sigs, engine)
    result = ScanResult(engine=pf.engine)
    t0 = time.monotonic()
    if path == "-":
        _scan_one("-", "<stdin>", None, result, sigs, pf, progress, 0, 0, limits)
    elif os.path.isdir(path):
        paths = log_files(path, result.skipped)
        total = sum(_size(p) for p in paths)
        done = 0
        for p in paths:
            name = os.path.relpath(p, path)
            try:
                _scan_one(p, name, rank_from_path(name), result, sigs, pf, progress, done, total, limits)
            except InputSkipped as exc:
                result.skipped.append((name, str(exc)))
            except OSError as exc:
                result.skipped.append((name, exc.strerror or str(exc)))
            done += _size(p)
    else:
        _scan_one(path, path, None, result, sigs, pf, progress, 0, _size(path), limits)
    result.seconds = round(time.monotonic() - t0, 3)
    return result


def _scan_one(path: str, name: str, rank: int | None, result: ScanResult, sigs: Iterable[Signature] | None,
              pf: Prefilter, progress: Progress | None, done: int, total: int, limits: Limits | None) -> None:
    def prog(n: int, _t: int) -> None:
        if progress:
            progress(done + n, total)

    fh = open_input(path, limits, name)
    try:
        result.files.append(name)
        scan_stream(fh, result, name=name, rank=rank, signatures=sigs, prefilter=pf, progress=prog)
    finally:
        fh.close()
    why = input_problem(fh)
    if why:
        result.skipped.append((name, why))


def scan_text(lines: Iterable[str], *, name: str | None = None) -> ScanResult:
    """Scan lines already in memory (tests, small inputs) with the same rules as files."""
    data = "".join(x if x.endswith("\n") else x + "\n" for x in lines).encode()
    result = ScanResult()
    scan_stream(io.BytesIO(data), result, name=name)
    return result


def _size(p: str) -> int:
    try:
        return os.path.getsize(p)
    except OSError:
        return 0
