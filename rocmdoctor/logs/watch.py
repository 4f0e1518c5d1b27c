"""Watching a running training job for `rocmdoctor run`: its output matched live against the
signature catalog, and stall detection with where each rank waits.

A *stall* is no output for ``stall_s`` seconds while every process of the job's tree is idle
(its CPU time grew by less than ``IDLE_FRACTION`` of the window). Collective hangs on GPUs
often spin a thread at 100 %: no output for three times the threshold is reported too, as a
stall of busy ranks. Stacks come from py-spy (`py-spy dump --pid`) when it is installed;
otherwise, and where it cannot attach, the kernel's wait channel is shown and what is missing
is said.
"""
from __future__ import annotations

import collections
import os
import shutil
import threading
import time

from ..knowledge.signatures import NOTE
from .logscan.matcher import Match, Scanner, looks_like_error
from .logscan.reader import TAIL_LINES, ScanResult
from ..base.records import dataclass, field

IDLE_FRACTION = 0.05  # of one core, per process, over the window
BUSY_STALL_FACTOR = 3.0
PYSPY_TIMEOUT = 15.0


class LiveScan:
    """Feed output bytes from several streams; complete lines are matched. Thread-safe."""

    def __init__(self, on_match=None):
        self.scanner = Scanner()
        self.result = ScanResult(engine="live")
        self.held: list[Match] = []  # terminal signatures: they count when nothing follows
        self.partial: dict[str, bytes] = {}
        self.lock = threading.Lock()
        self.on_match = on_match
        self.announced: set[str] = set()
        self.tail: collections.deque = collections.deque(maxlen=TAIL_LINES)

    def feed(self, stream: str, data: bytes) -> None:
        with self.lock:
            buf = self.partial.get(stream, b"") + data
            *lines, rest = buf.split(b"\n")
            if len(rest) > 65536:  # a huge line without newline (progress bars): match what we have
                lines.append(rest)
                rest = b""
            self.partial[stream] = rest
            for raw in lines:
                self._line(raw.decode("utf-8", errors="replace"))

    def _line(self, text: str) -> None:
        self.result.lines += 1
        n = self.result.lines
        ms = self.scanner.feed(text, n)
        if self.scanner.status == "none" and self.scanner.line is not None and looks_like_error(self.scanner.line.text):
            self.result.add_unexplained(self.scanner.line)
        self.tail.append(n)
        self._emit(ms)

    def _emit(self, ms) -> None:
        for m in ms:
            if m.signature.terminal:
                self.held.append(m)
                continue
            self.result.add(m)
            if self.on_match and m.id not in self.announced and m.signature.tier != NOTE:
                self.announced.add(m.id)
                self.on_match(m)

    def flush(self) -> None:
        with self.lock:
            for stream, rest in list(self.partial.items()):
                if rest:
                    self._line(rest.decode("utf-8", errors="replace"))
                self.partial[stream] = b""
            self._emit(self.scanner.flush())

    def snapshot(self, final: bool) -> ScanResult:
        """The matches so far; terminal ones count if they are among the last lines (always
        at a stall: nothing followed them)."""
        self.flush()
        with self.lock:
            r = ScanResult(occurrences={}, unexplained=list(self.result.unexplained),
                           unexplained_count=self.result.unexplained_count, lines=self.result.lines,
                           bytes=self.result.bytes, files=["<output>"], engine="live")
            for occ in self.result.occurrences.values():
                for m in occ.matches:
                    r.add(m)
                extra = occ.count - len(occ.matches)
                if extra:
                    r.occurrences[occ.signature.id].count += extra
            for m in self.held:
                if m.line.number > self.result.lines - TAIL_LINES:
                    r.add(m)
            return r


@dataclass
class Sample:
    t: float
    cpu: dict[int, float]  # pid -> user+system seconds


@dataclass
class StallMonitor:
    """CPU-time samples of a process tree, one per ``tick`` call."""

    root_pid: int
    window: float
    samples: collections.deque = field(default_factory=lambda: collections.deque(maxlen=4096))

    def members(self) -> list:
        import psutil

        try:
            root = psutil.Process(self.root_pid)
            return [root] + root.children(recursive=True)
        except psutil.Error:
            return []

    def tick(self) -> None:
        import psutil

        cpu = {}
        for p in self.members():
            try:
                t = p.cpu_times()
                cpu[p.pid] = t.user + t.system
            except psutil.Error:
                pass
        now = time.monotonic()
        self.samples.append(Sample(now, cpu))
        while self.samples and now - self.samples[0].t > self.window * BUSY_STALL_FACTOR + 10:
            self.samples.popleft()

    def busy(self, since: float) -> dict[int, float]:
        """CPU fraction (of one core) of each process over [since, now]."""
        if not self.samples:
            return {}
        old = next((s for s in self.samples if s.t >= since), self.samples[0])
        new = self.samples[-1]
        span = max(new.t - old.t, 1e-6)
        return {pid: max(0.0, c - old.cpu.get(pid, c)) / span for pid, c in new.cpu.items()}


def rank_pids(procs) -> set[int]:
    """The processes whose idleness decides a stall: those with RANK or LOCAL_RANK in their
    environment (torchrun, deepspeed, accelerate, mpirun set them), else the leaves of the tree
    (a launcher's own polling loop must not hide idle ranks)."""
    import psutil

    ranked, leaves = set(), set()
    for p in procs:
        try:
            env = p.environ()
            if "RANK" in env or "LOCAL_RANK" in env or "OMPI_COMM_WORLD_RANK" in env or "PMI_RANK" in env:
                ranked.add(p.pid)
        except (psutil.Error, OSError):
            pass
        try:
            if not p.children():
                leaves.add(p.pid)
        except psutil.Error:
            pass
    return ranked or leaves or {p.pid for p in procs}


def process_info(pids) -> list[dict]:
    """Name, role and rank of each process (RANK/LOCAL_RANK from its environment when readable)."""
    import psutil

    out = []
    for pid in pids:
        try:
            p = psutil.Process(pid)
            cmd = p.cmdline()
            d = {"pid": pid, "name": p.name(), "cmdline": " ".join(cmd)[:300], "status": p.status()}
            try:
                env = p.environ()
                if "RANK" in env:
                    d["rank"] = int(env["RANK"]) if env["RANK"].isdigit() else env["RANK"]
                if "LOCAL_RANK" in env:
                    d["local_rank"] = env["LOCAL_RANK"]
            except (psutil.Error, OSError):
                pass
            d["role"] = f"rank {d['rank']}" if "rank" in d else ""
            d["wchan"] = _read(f"/proc/{pid}/wchan")
            out.append(d)
        except psutil.Error:
            continue
    return out


def _read(path: str) -> str:
    try:
        with open(path) as fh:
            return fh.read(200).strip()
    except OSError:
        return ""


def is_python(info: dict) -> bool:
    return "python" in info.get("name", "").lower() or "python" in info.get("cmdline", "").split(" ")[0].lower()


def py_spy() -> str | None:
    return shutil.which("py-spy") or _venv_tool("py-spy")


def _venv_tool(name: str) -> str | None:
    import sys

    cand = os.path.join(os.path.dirname(sys.executable), name)
    return cand if os.access(cand, os.X_OK) else None


def stacks(infos: list[dict], limit: int = 16) -> str | None:
    """Fill info["stack"] (py-spy dump) and info["where"] (the innermost frame, or the
    kernel wait channel). Returns a sentence saying what is missing, or None."""
    from ..machine import proc

    tool = py_spy()
    missing = None
    for info in infos:
        info["where"] = f"kernel wait: {info['wchan']}" if info.get("wchan") not in ("", "0") else ""
    pythons = [i for i in infos if is_python(i)][:limit]
    if not pythons:
        return None
    if tool is None:
        return ("py-spy is not installed: `pip install 'rocmdoctor[stacks]'` (or `pip install py-spy`) to see the "
                "Python stack of each rank")
    for info in pythons:
        r = proc.run([tool, "dump", "--pid", str(info["pid"])], timeout=PYSPY_TIMEOUT)
        text = (r.stdout or "").strip()
        if r.ok and text:
            info["stack"] = text[:8000]
            frames = [ln.strip() for ln in text.splitlines() if ln.startswith("    ")]
            if frames:
                info["where"] = frames[0]
        else:
            err = (r.stderr or r.error or "").strip().splitlines()
            reason = err[-1] if err else r.describe()
            if "ermission" in reason or "ptrace" in reason.lower():
                missing = ("py-spy could not attach (permission): run as root or allow ptrace "
                           "(sysctl kernel.yama.ptrace_scope=0)")
            else:
                missing = f"py-spy failed on pid {info['pid']}: {reason[:200]}"
    return missing
