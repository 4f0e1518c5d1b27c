"""Watching a running training job for `rocmdoctor run`: its output matched against the
signature catalog beside the job, stall detection with where each rank waits, and the GPU
health counters read before and after the job.

Matching runs in a child process (``python -m rocmdoctor.logs.watch``), fed copies of what
the job wrote: a thread that matches in the pumping process would hold the interpreter lock
for milliseconds at a time, and the pump, which must move the job's bytes at pipe speed,
would wait for it (84 MB/s instead of 740 MB/s, measured). The child uses explain's chunk
prefilter, so it keeps up with ordinary log lines; when it cannot, the copies it has not
taken are dropped (counted, never waited for): matching may lag or skip, the job never waits.

A *stall* is no output for ``stall_s`` seconds while every process of the job's tree is idle
(its CPU time grew by less than ``IDLE_FRACTION`` of the window). Collective hangs on GPUs
often spin a thread at 100 %: no output for three times the threshold is reported too, as a
stall of busy ranks. Stacks come from py-spy (`py-spy dump --pid`) when it is installed;
otherwise, and where it cannot attach, the kernel's wait channel is shown and what is missing
is said.
"""
from __future__ import annotations

import collections
import io
import os
import pickle
import shutil
import struct
import subprocess
import sys
import threading
import time
from typing import IO, TYPE_CHECKING, Any, Callable, Iterable, Sequence

from ..base.records import dataclass, field
from ..knowledge.signatures import NOTE, Signature, by_id, catalog
from .logscan.matcher import Match
from .logscan.reader import TAIL_LINES, ScanResult, FileScan, prefilter_for, scan_chunk

if TYPE_CHECKING:
    import psutil

    from ..facts import Context
    from ..machine.sources import Source

IDLE_FRACTION = 0.05  # of one core, per process, over the window
BUSY_STALL_FACTOR = 3.0
PYSPY_TIMEOUT = 15.0
MAX_PARTIAL = 256 * 1024  # a line without newline longer than this is matched as it is (progress bars)


class LiveScan:
    """Feed output bytes of several streams; complete lines are matched with explain's
    prefilter (only lines with an anchor word reach the matcher). Lines are numbered in the
    order they complete, across streams. ``on_match(m)`` is called for the first match of
    each signature that is neither a note nor terminal."""

    def __init__(self, on_match: Callable[[Match], object] | None = None):
        self.pf = prefilter_for(catalog())
        self.result = ScanResult(engine="live " + self.pf.engine, files=["<output>"])
        self.scans: dict[str, FileScan] = {}
        self.partial: dict[str, bytes] = {}
        self.on_match = on_match
        self.announced: set[str] = set()
        self.skipped = 0  # bytes not matched (the matcher fell behind)

    def _scan(self, stream: str) -> FileScan:
        fs = self.scans.get(stream)
        if fs is None:
            fs = self.scans[stream] = FileScan(self.result, None, None, None)
        return fs

    def feed(self, stream: str, data: bytes) -> None:
        carry = self.partial.get(stream)
        buf = carry + data if carry else data
        cut = buf.rfind(b"\n")
        if cut < 0:
            if len(buf) <= MAX_PARTIAL:
                self.partial[stream] = buf
                return
            buf, cut = buf + b"\n", len(buf)
        end = cut + 1
        self.partial[stream] = buf[end:]
        self.result.lines = scan_chunk(buf, end, self.result.lines, self._scan(stream), self.pf)
        self.result.bytes += end
        self._announce()

    def gap(self, nbytes: int) -> None:
        """``nbytes`` of output were not seen: partial lines are dropped (they no longer continue)."""
        self.skipped += nbytes
        self.partial.clear()

    def _announce(self) -> None:
        if self.on_match is None or len(self.announced) == len(self.result.occurrences):
            return
        for sig_id, occ in self.result.occurrences.items():
            if sig_id not in self.announced:
                self.announced.add(sig_id)
                if occ.signature.tier != NOTE:
                    self.on_match(occ.first)

    def snapshot(self, final: bool) -> ScanResult:
        """The matches so far, as a new ScanResult; terminal ones count if they are among the
        last lines (always at a stall: nothing followed them). Partial lines are matched as they
        are and open blocks closed."""
        for stream, rest in list(self.partial.items()):
            if rest:
                self.feed(stream, b"\n")
        for fs in self.scans.values():
            fs.emit(fs.scanner.flush())
        self._announce()
        r = self.result
        out = ScanResult(occurrences={}, unexplained=list(r.unexplained), unexplained_count=r.unexplained_count,
                         lines=r.lines, bytes=r.bytes, files=["<output>"], engine=r.engine)
        for occ in r.occurrences.values():
            for m in occ.matches:
                out.add(m)
            extra = occ.count - len(occ.matches)
            if extra:
                out.occurrences[occ.signature.id].count += extra
        for fs in self.scans.values():
            for m in fs.held:
                if m.line.number > r.lines - TAIL_LINES:
                    out.add(m)
        return out


# ---------------------------------------------------------------- the matcher child
# Frames on its stdin: kind (1 byte) + length (4 bytes) + payload.
#   b"o"/b"e": output of the job's stdout/stderr; b"g": a gap (payload: the bytes skipped);
#   b"s": send a snapshot (payload b"final" or b"stall"); EOF: the end.
# Frames on its stdout: b"a": a match to announce (pickled); b"r": a snapshot (pickled ScanResult).
_HEAD = struct.Struct("!cI")


class _Pickler(pickle.Pickler):
    def persistent_id(self, obj: object) -> str | None:  # signatures by id: their compiled patterns stay in the catalog
        return obj.id if isinstance(obj, Signature) else None


class _Unpickler(pickle.Unpickler):
    def persistent_load(self, pid: str) -> Signature:
        return by_id(pid)

    def find_class(self, module: str, name: str) -> Any:  # only our own records and builtins travel here
        if not (module.startswith("rocmdoctor.") or module in ("builtins", "collections")):
            raise pickle.UnpicklingError(f"unexpected class {module}.{name}")
        return super().find_class(module, name)


def _dumps(obj: object) -> bytes:
    buf = io.BytesIO()
    _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    return buf.getvalue()


def _loads(data: bytes) -> Any:
    return _Unpickler(io.BytesIO(data)).load()


def _read_exact(fh: IO[bytes], n: int) -> bytes | None:
    data = fh.read(n)
    return data if data is not None and len(data) == n else None


def matcher_main() -> int:
    """The child: frames in, announcements and snapshots out, until EOF on stdin."""
    import signal

    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGTSTP"):
        if hasattr(signal, name):  # the parent decides when matching ends (it closes our stdin)
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    inp, out = sys.stdin.buffer, sys.stdout.buffer

    def send(kind: bytes, payload: bytes) -> None:
        out.write(_HEAD.pack(kind, len(payload)) + payload)
        out.flush()

    live = LiveScan(on_match=lambda m: send(b"a", _dumps(m)))
    names = {b"o": "stdout", b"e": "stderr"}
    try:
        while True:
            head = _read_exact(inp, _HEAD.size)
            if head is None:
                break
            kind, n = _HEAD.unpack(head)
            payload = _read_exact(inp, n) if n else b""
            if payload is None:
                break
            if kind in names:
                live.feed(names[kind], payload)
            elif kind == b"g":
                live.gap(int(payload or b"0"))
            elif kind == b"s":
                send(b"r", _dumps((live.snapshot(final=payload == b"final"), live.skipped)))
    except (BrokenPipeError, OSError):
        return 1
    return 0


class Matcher:
    """The parent's side of the matcher child. ``offer`` never blocks: copies the child has not
    taken wait in memory up to ``budget`` bytes, beyond which they are dropped and counted.
    Writes happen in ``flush`` (the pump calls it; ``want_write`` says whether it should poll
    the pipe for writing). Without the child (it could not start or died), nothing is matched
    and ``error`` says why."""

    BUDGET = 32 * 1024 * 1024

    def __init__(self, on_match: Callable[[Match], object] | None = None, budget: int = BUDGET):
        self.on_match = on_match
        self.budget = budget
        self.pending: collections.deque = collections.deque()
        self.pending_bytes = 0
        self.head_sent = 0  # bytes of pending[0] already written
        self.dropped = 0
        self.gap = 0
        self.lock = threading.Lock()
        self.error: str | None = None
        self.snapshots: collections.deque = collections.deque()
        self.got = threading.Condition()
        self.proc: subprocess.Popen[bytes] | None = None
        try:
            proc = subprocess.Popen([sys.executable, "-m", "rocmdoctor.logs.watch"], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0,
                                    preexec_fn=_ignore_signals)
        except OSError as exc:
            self.error = f"the matcher could not start: {exc.strerror or exc}"
            return
        assert proc.stdin is not None and proc.stdout is not None  # both PIPE above
        self.proc = proc
        self.stdin: IO[bytes] = proc.stdin
        self.fd = proc.stdin.fileno()
        os.set_blocking(self.fd, False)
        try:  # a bigger pipe: fewer wake-ups, more slack before copies are dropped
            import fcntl

            fcntl.fcntl(self.fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), 1024 * 1024)
        except (OSError, ImportError):
            pass
        self.reader = threading.Thread(target=self._read_events, args=(proc.stdout,), daemon=True)
        self.reader.start()

    @property
    def ok(self) -> bool:
        return self.proc is not None and self.error is None

    def offer(self, kind: bytes, data: bytes) -> None:
        if not self.ok:
            return
        with self.lock:
            need = len(data) + _HEAD.size
            if self.pending_bytes + need > self.budget and not self._drop_oldest(self.pending_bytes + need - self.budget):
                self.dropped += len(data)
                self.gap += len(data)
                return
            if self.gap:
                self._queue(b"g", str(self.gap).encode())
                self.gap = 0
            self._queue(kind, data)

    def _drop_oldest(self, excess: int) -> bool:
        """Make room by dropping the oldest copies not yet started (a gap frame in their place):
        what the job printed last, where a crash says what happened, is what matching keeps.
        False when not enough could go (a snapshot request is in the way)."""
        frames = list(self.pending)
        first = 1 if self.head_sent else 0  # the frame being written stays whole
        gap = lost = 0
        j = first
        while j < len(frames) and excess > 0 and frames[j][:1] in (b"o", b"e", b"g"):
            f = frames[j]
            n = int(f[_HEAD.size:] or b"0") if f[:1] == b"g" else len(f) - _HEAD.size
            gap += n
            lost += 0 if f[:1] == b"g" else n
            excess -= len(f)
            self.pending_bytes -= len(f)
            j += 1
        if j == first:
            return excess <= 0
        keep = frames[:first]
        if gap:
            g = _HEAD.pack(b"g", len(str(gap))) + str(gap).encode()
            keep.append(g)
            self.pending_bytes += len(g)
        self.pending = collections.deque(keep + frames[j:])
        self.dropped += lost
        return excess <= 0

    def _queue(self, kind: bytes, payload: bytes) -> None:
        frame = _HEAD.pack(kind, len(payload)) + payload
        self.pending.append(frame)
        self.pending_bytes += len(frame)

    def want_write(self) -> bool:
        return self.ok and bool(self.pending)

    def flush(self, block: bool = False, until: float | None = None) -> None:
        """Write what the pipe takes now; ``block``: everything, until the deadline (the lock is
        let go between tries, so the pump is never held up by a waiting snapshot)."""
        import select

        while self.ok:
            with self.lock:
                if not self._write_some():
                    return
            if not block or (until is not None and time.monotonic() > until):
                return
            select.select([], [self.fd], [], 0.05)

    def _write_some(self) -> bool:
        """Under the lock: write until the pipe is full. True when something is left."""
        while self.pending:
            head = self.pending[0]
            try:
                n = os.write(self.fd, memoryview(head)[self.head_sent:])
            except BlockingIOError:
                return True
            except OSError as exc:
                self._failed(exc)
                return False
            self.head_sent += n
            if self.head_sent == len(head):
                self.pending.popleft()
                self.pending_bytes -= len(head)
                self.head_sent = 0
        return False

    def _failed(self, exc: BaseException) -> None:
        self.error = f"the matcher stopped ({exc.strerror if isinstance(exc, OSError) else exc})"
        self.pending.clear()
        self.pending_bytes = 0

    def snapshot(self, final: bool, timeout: float = 30.0) -> tuple[ScanResult, int] | None:
        """(the child's ScanResult, bytes it skipped), or None without the child or past ``timeout``."""
        if not self.ok:
            return None
        with self.lock:
            self._queue(b"s", b"final" if final else b"stall")
        until = time.monotonic() + timeout
        self.flush(block=True, until=until)
        with self.got:
            while not self.snapshots and self.reader.is_alive() and time.monotonic() < until:
                self.got.wait(0.1)
            return self.snapshots.popleft() if self.snapshots else None

    def _read_events(self, fh: IO[bytes]) -> None:
        while True:
            head = _read_exact(fh, _HEAD.size)
            if head is None:
                break
            kind, n = _HEAD.unpack(head)
            payload = _read_exact(fh, n)
            if payload is None:
                break
            try:
                obj = _loads(payload)
            except Exception:  # noqa: BLE001 - a garbled frame costs that frame only
                continue
            if kind == b"a" and self.on_match is not None:
                try:
                    self.on_match(obj)
                except Exception:  # noqa: BLE001 - a notice must not stop the reader
                    pass
            elif kind == b"r":
                with self.got:
                    self.snapshots.append(obj)
                    self.got.notify_all()
        with self.got:
            self.got.notify_all()

    def close(self) -> None:
        if self.proc is None:
            return
        try:
            self.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _ignore_signals() -> None:
    """In the matcher child before exec: a terminal's Ctrl-C and a scheduler's TERM to every
    process of the job step must not end matching before the parent has its snapshot. And a
    lower priority: on a busy machine the job and the pump get the CPU first, matching lags."""
    import signal

    try:
        os.nice(10)
    except OSError:
        pass

    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGTSTP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)


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


def rank_pids(procs: Sequence[psutil.Process]) -> set[int]:
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


def process_info(pids: Iterable[int], source: Source) -> list[dict]:
    """Name, role and rank of each process (RANK/LOCAL_RANK from its environment when readable).
    The command line is scrubbed here (a --hub_token in argv goes no further than this)."""
    import psutil

    from ..base.redact import scrub_text

    out = []
    for pid in pids:
        try:
            p = psutil.Process(pid)
            cmd = p.cmdline()
            d = {"pid": pid, "name": p.name(), "cmdline": scrub_text(" ".join(cmd))[:300], "status": p.status()}
            try:
                env = p.environ()
                if "RANK" in env:
                    d["rank"] = int(env["RANK"]) if env["RANK"].isdigit() else env["RANK"]
                if "LOCAL_RANK" in env:
                    d["local_rank"] = env["LOCAL_RANK"]
            except (psutil.Error, OSError):
                pass
            d["role"] = f"rank {d['rank']}" if "rank" in d else ""
            d["wchan"] = (source.text(f"/proc/{pid}/wchan") or "")[:200].strip()
            out.append(d)
        except psutil.Error:
            continue
    return out


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


# ---------------------------------------------------------------- what the job holds
GPU_DEVICES = ("/dev/kfd", "/dev/dri/renderD", "/dev/dri/card", "/dev/nvidia")


def gpu_holders(pids: Iterable[int], source: Source) -> set[int]:
    """The processes among ``pids`` that have a GPU device open (/dev/kfd, a DRM render node,
    /dev/nvidia*): a job none of whose processes holds one cannot be stalled by GPU transport.
    Read through ``source`` (the live host: the job runs here). A process whose descriptor
    table is there but lists nothing could not be read (every process has some open) and
    counts as a holder: we cannot rule it out."""
    out = set()
    for pid in pids:
        fds = source.glob(f"/proc/{pid}/fd/*")
        if not fds:
            if source.exists(f"/proc/{pid}/fd"):
                out.add(pid)
            continue
        for fd in fds:
            target = source.readlink(fd)
            if target is not None and target.startswith(GPU_DEVICES):
                out.add(pid)
                break
    return out


# ---------------------------------------------------------------- health around the job
def health_counters(ctx: Context) -> dict[str, dict]:
    """The RD-HEALTH counters that only grow, read through the health facts (machine/sources):
    ECC per RAS block, bad pages, PCIe AER and replays per GPU, GPU resets in this boot's kernel
    log, and throttling now. ``{key: {"value": n, "gpu": label, "what": ..., "source": ...}}``;
    a fact that cannot be read adds nothing (and no growth is claimed for it)."""
    out: dict[str, dict] = {}
    try:
        health = ctx.get("gpu_health")
    except Exception:  # noqa: BLE001 - no GPU, no sysfs, a broken probe: nothing to compare
        health = []
    for g in health or []:
        label = f"GPU {g.index}"
        for c in g.ras:
            for k, v in c.values.items():
                if isinstance(v, int):
                    out[f"{label} ecc {c.name} {k}"] = {"value": v, "gpu": label, "what": f"ECC {c.name} {k}",
                                                       "source": c.source}
        if g.bad_pages is not None:
            out[f"{label} bad pages"] = {"value": len(g.bad_pages), "gpu": label, "what": "retired/pending bad pages",
                                         "source": g.bad_pages_source}
        for c in g.pcie:
            for k, v in c.values.items():
                if isinstance(v, int) and (k.startswith("TOTAL_") or c.name == "pcie_replay_count"):
                    where = f" on {c.bdf}" if c.bdf and c.bdf != g.pci else ""
                    out[f"{label} {c.name} {k} {c.bdf}"] = {"value": v, "gpu": label, "what": f"PCIe {k}{where}",
                                                           "source": c.source}
        if g.throttle_status is not None:
            out[f"{label} throttling"] = {"value": 1 if g.throttle_status else 0, "gpu": label,
                                          "what": f"throttling (throttle_status {g.throttle_status:#x})",
                                          "source": g.throttle_source}
    try:
        events = ctx.get("kernel_events")
    except Exception:  # noqa: BLE001
        events = None
    if events is not None:
        resets: dict[str, int] = {}
        for e in events.events:
            if e.signature == "amdgpu-gpu-reset":
                who = f"GPU {e.gpu}" if e.gpu is not None else (e.pci or "a GPU")
                resets[who] = resets.get(who, 0) + 1
        for who, n in resets.items():
            out[f"{who} resets"] = {"value": n, "gpu": who, "what": "GPU resets in the kernel log",
                                    "source": events.source}
        if not resets:
            out["resets"] = {"value": 0, "gpu": "", "what": "GPU resets in the kernel log", "source": events.source}
    return out


def health_growth(before: dict[str, dict], after: dict[str, dict]) -> list[dict]:
    """The counters that grew during the job (a counter new after it counts from 0; a
    throttling flag that is set after the job counts when it was clear before)."""
    grown = []
    for key, a in after.items():
        b = before.get(key, {"value": 0})
        if a["value"] > b["value"]:
            grown.append(dict(a, before=b["value"], after=a["value"], key=key))
    return grown


def read_health(source: Source) -> dict[str, dict]:
    """health_counters on a fresh quick-level context (no amdsmi child, nothing cached from an
    earlier reading)."""
    from ..facts import Context

    return health_counters(Context(source, "quick"))


if __name__ == "__main__":  # the matcher child (Matcher starts it)
    sys.exit(matcher_main())
