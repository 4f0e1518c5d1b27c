"""One log line, cleaned: ANSI colours, kernel timestamps and launcher prefixes removed,
with the rank, host and PCI device the prefixes named kept as fields.

Prefixes recognised (all optional, in this order):
- ANSI escape sequences anywhere (colour codes of rich/loguru/tqdm); a Markdown quote's "> " (a pasted log);
- kernel timestamps: ``[ 4778.915423]`` (dmesg), ``[Tue Sep 19 15:03:01 2023]`` (dmesg -T),
  ``Jul 24 12:26:16 host kernel:`` and ``2024-07-24T12:26:16+0000 host kernel:`` (journalctl -k);
- rank prefixes: ``[rank3]:`` (torch >= 2.2), ``[default0]:`` (torchrun --tee / --log-dir role
  prefix), ``[1,0]<stdout>:`` (mpirun --tag-output), ``host:pid:tid [dev]`` (NCCL/RCCL debug
  lines), and ``[Rank 3]`` / ``Rank 3`` inside torch.distributed messages when no prefix said it;
- a kernel device prefix ``amdgpu 0000:03:00.0:`` gives the PCI address.
Every pattern here is anchored or bounded, so a hostile line costs linear time.
"""
from __future__ import annotations

import re

from ...base.records import dataclass

MAX_LINE = 16384  # characters of one line that are matched; the rest is ignored

_ANSI = re.compile(r"\x1b(?:\[[0-?]{0,32}[ -/]{0,8}[@-~]|\][^\x07\x1b]{0,512}(?:\x07|\x1b\\)|[@-Z\\-_])")
_KTIME = re.compile(
    r"^(?:\[\s{0,12}\d{1,10}\.\d{1,9}\]\s?"                                  # [ 4778.915423]
    r"|\[[A-Z][a-z]{2} [A-Z][a-z]{2} {1,2}\d{1,2} \d\d:\d\d:\d\d \d{4}\]\s?"   # [Tue Sep 19 15:03:01 2023]
    r"|[A-Z][a-z]{2} {1,2}\d{1,2} \d\d:\d\d:\d\d(?:\.\d{1,9})? \S{1,64} kernel: ?(?:\[\s{0,12}\d{1,10}\.\d{1,9}\]\s?)?"
    r"|\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d[\d.,:+-]{0,16}Z? \S{1,64} kernel: ?(?:\[\s{0,12}\d{1,10}\.\d{1,9}\]\s?)?)")
_RANK = re.compile(r"^\s{0,4}(?:\[\d{1,12}\] )?\[(?:rank|default)(\d{1,6})\]:\s?")
_MPI = re.compile(r"^\[\d{1,6},(\d{1,6})\]<(?:stdout|stderr)>:\s?")
_NCCL = re.compile(r"^([\w.-]{1,64}):(\d{1,9}):\d{1,9} \[(\d{1,4})\] ")
_RANK_INLINE = re.compile(r"\[(?:PG [^\]]{0,64})?Rank (\d{1,6})\]|\bRank (\d{1,6}) (?:using|\[)")
_DEVICE = re.compile(r"\b(?:amdgpu|pcieport|kfd|nvme|xhci_hcd) (\d{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7])\b", re.I)


@dataclass(frozen=True)
class LogLine:
    number: int  # 1-based line number in its file
    text: str  # cleaned text that signatures are matched against
    rank: int | None = None
    host: str | None = None
    device: str | None = None  # PCI address from a kernel prefix ("0000:03:00.0")
    file: str | None = None

    def where(self) -> str:
        bits = [f"{self.file}:{self.number}" if self.file else f"line {self.number}"]
        if self.rank is not None:
            bits.append(f"rank {self.rank}")
        return ", ".join(bits)


_GLUED_TO_BAR = re.compile(r"\d(?:it/s|s/it)\]\s{0,2}"
                           r"(?=(?:[A-Za-z][\w .:-]{0,40}?)?(?:Error|ERROR|Exception|error:|Traceback))")


def strip_ansi(s: str) -> str:
    return _ANSI.sub("", s) if "\x1b" in s else s


def parse(raw: str, number: int, file: str | None = None, rank: int | None = None) -> LogLine:
    """Clean one raw line (no newline) into a LogLine; ``rank`` is the file's own rank
    (per-rank log files), which a prefix in the line overrides."""
    s = strip_ansi(raw[:MAX_LINE]).rstrip("\r\n")
    if "\r" in s:  # tqdm redraws with \r: what a terminal shows is the last segment
        s = s.rsplit("\r", 1)[-1] or s.replace("\r", " ")
    if s[:1] == ">" and s[1:2] in (" ", "") and not s.startswith("> >"):
        s = s[2:]  # a Markdown quote of the log (`> [ 12.3] amdgpu ...`, `> 2019-08-09 ...: W tensorflow/...`)
    if "`" in s:
        s = _code_span_edge(s)
    host = None
    m = _KTIME.match(s)
    if m:
        s = s[m.end():]
    m = _RANK.match(s) or _MPI.match(s)
    if m:
        rank = int(m.group(1))
        s = s[m.end():]
    else:
        m = _NCCL.match(s)
        if m:
            host = m.group(1)
    if "]" in s and ("it/s]" in s or "s/it]" in s):
        # a library's error printed onto a progress bar's line (no newline between): the message is the line
        # (`119/157 [00:16<00:06,  6.32it/s]MIOpen Error: ...`, ROCm/MIOpen#3077); after the rank prefix is read
        m = _GLUED_TO_BAR.search(s)
        if m:
            s = s[m.end():]
    if rank is None and ("Rank" in s):
        m = _RANK_INLINE.search(s)
        if m:
            rank = int(m.group(1) or m.group(2))
    device = None
    if "0000:" in s or ":00." in s:
        m = _DEVICE.search(s)
        if m:
            device = m.group(1).lower()
    return LogLine(number, s, rank, host, device, file)


def _code_span_edge(s: str) -> str:
    """A line pasted inside Markdown inline code keeps the backtick that opened or closed the span
    (`` `Load model `` ... ``Killed` ``): without it, a line-anchored signature sees the line as written.
    A backtick is dropped only at the line's edge and only where it is unpaired (a shell command's
    `$(...)`-style pair, or a fence, stays)."""
    t = s.strip()
    if t.count("`") % 2 == 0 or t.startswith("```") or t.endswith("```"):
        return s
    if t.endswith("`"):
        return s.rstrip()[:-1]
    if t.startswith("`"):
        return s.replace("`", "", 1)
    return s


_FILE_RANK = re.compile(r"(?:^|[/_.-])(?:rank|worker|proc)[_-]?(\d{1,6})(?:[/_.-]|$)|/(\d{1,6})/std(?:out|err)\.log$", re.I)


def rank_from_path(path: str) -> int | None:
    """Rank named by a per-rank log file: rank3.log, rank_3.txt, logs/worker-3.out, or
    torchrun's --log-dir layout .../attempt_0/3/stderr.log."""
    m = _FILE_RANK.search(path.replace("\\", "/"))
    if not m:
        return None
    return int(m.group(1) or m.group(2))
