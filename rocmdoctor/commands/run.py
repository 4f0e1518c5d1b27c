"""`rocmdoctor run [options] -- COMMAND ...`: launch a training command unchanged, pass its
output through untouched, explain known error signatures as they appear (on stderr, set apart),
and diagnose a stall while it happens: which processes, where they wait (py-spy), and the
machine's likely cause. Exits with the command's own exit code (128+N when a signal N ended it).

Signals sent to rocmdoctor (a scheduler's TERM, Slurm's --signal USR1, HUP, QUIT, USR2, WINCH,
CONT, TSTP, ALRM) are forwarded unchanged to the command's process group; after TERM the command
has --kill-after seconds (default 30, Slurm's KillWait) before it is killed. Ctrl-C interrupts
the command (SIGINT to all of it; a second Ctrl-C ends it at once). The command runs in its
own session and nothing it starts outlives `rocmdoctor run`. When stdout is a terminal the
command gets a pseudo-terminal (colours, progress bars; --no-pty keeps pipes). With --log the
whole output is kept in a file even when the terminal goes away. The GPU health counters (ECC,
bad pages, AER, resets, throttling) are read before and after the command; any that grew is
reported. docs/run.md.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from typing import TYPE_CHECKING, Callable, Sequence

from ..base import redact
from ..cli import EXIT_USAGE
from ..usage import positive_float

if TYPE_CHECKING:  # imported when the job starts (Runner.main), not when the CLI starts
    import argparse
    from types import FrameType, ModuleType

    from ..engine.machine import Machine
    from ..knowledge.signatures import Signature
    from ..logs.explain import Explanation
    from ..logs.logscan.matcher import Match
    from ..logs.logscan.reader import ScanResult
    from ..logs.watch import Matcher, StallMonitor
    from ..machine.proc import ProcessTree
    from ..machine.sources import Source

NAME = "run"
HELP = "run a training command, explain errors live and diagnose stalls (rocmdoctor run -- torchrun ...)"
RULE = "─" * 72
IDLE_WINDOW_S = 5.0  # the processes must have been idle this long (or --stall, if shorter)
INTERRUPT_GRACE_S = 10.0  # after Ctrl-C, how long the command has before it is ended
NOTICE_WAIT_S = 1.0  # a notice waits this long for the output to reach a line boundary
READ_SIZE = 1024 * 1024
# Signals passed on unchanged to the command's process group. INT is handled apart (Ctrl-C),
# WINCH too when the command has our pseudo-terminal (the new size is what it needs).
FORWARDED = ("SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGWINCH", "SIGCONT", "SIGTSTP",
             "SIGALRM")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--stall", type=positive_float, default=300.0, metavar="SECONDS",
                   help="no output and idle processes for this long is a stall (default 300)")
    p.add_argument("--on-stall", choices=("report", "stop"), default="report",
                   help="report: diagnose and let the job run on (default); stop: diagnose, then end the job")
    p.add_argument("--kill-after", type=positive_float, default=30.0, metavar="SECONDS",
                   help="after a TERM is forwarded, seconds the job has to exit before it is killed "
                        "(default 30, like Slurm's KillWait)")
    p.add_argument("--log", metavar="FILE", help="keep the full output here (appended to), whatever happens to the terminal")
    p.add_argument("--report", metavar="FILE", help="write the diagnosis as JSON here when the job ends (mode 0600)")
    p.add_argument("--no-pty", action="store_true",
                   help="give the job pipes even when stdout is a terminal (default: a pseudo-terminal then)")
    p.add_argument("--python", metavar="PATH", help="interpreter whose environment (torch, ROCm libraries) is "
                                                    "inspected to judge causes (default: the active one, as scan)")
    p.add_argument("--no-facts", action="store_true", help="do not judge causes by this machine's checks")
    p.add_argument("--quiet-live", action="store_true", help="no live notices; only the final diagnosis")
    p.add_argument("argv", nargs=argparse_remainder(), metavar="-- COMMAND ...",
                   help="the command to run, unchanged, after --")


def argparse_remainder() -> str:
    import argparse

    return argparse.REMAINDER


def run(a: argparse.Namespace) -> int:
    argv = list(a.argv)
    if argv and argv[0] == "--":
        argv = argv[1:]
    if not argv:
        print("rocmdoctor run: give the command after --, e.g. rocmdoctor run -- torchrun --nproc_per_node 2 train.py",
              file=sys.stderr)
        return EXIT_USAGE
    log_fd, why = open_log(a.log) if a.log else (None, None)
    why = why or (check_report_path(a.report) if a.report else None)
    if why:
        if log_fd is not None:
            os.close(log_fd)
        print(f"rocmdoctor run: {why}", file=sys.stderr)
        return EXIT_USAGE
    return Runner(a, argv, log_fd).main()


def open_log(path: str) -> tuple[int | None, str | None]:
    """The --log file opened for appending, or why it cannot be (a usage error: the job has not
    started)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o666)
    except OSError as exc:
        return None, f"--log {path}: {exc.strerror or exc}"
    if not _is_writable_kind(fd):
        os.close(fd)
        return None, f"--log {path}: not a regular file, a pipe or a terminal"
    return fd, None


def _is_writable_kind(fd: int) -> bool:
    import stat

    mode = os.fstat(fd).st_mode
    return stat.S_ISREG(mode) or stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)


def check_report_path(path: str) -> str | None:
    """Why --report cannot be written when the job ends, said before it starts; None if it can."""
    d = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        return f"--report {path}: is a directory"
    if not os.path.isdir(d):
        return f"--report {path}: no such directory {d}"
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return f"--report {path}: permission denied"
    if not os.path.exists(path) and not os.access(d, os.W_OK | os.X_OK):
        return f"--report {path}: permission denied (directory {d})"
    return None


def own_line(text: str) -> str:
    """A line rocmdoctor writes itself (notices, diagnosis, --log headers): the one redactor,
    then the one escaper (control characters of quoted log lines shown, never sent)."""
    from ..base.redact import scrub_text
    from ..output.text import clean

    return clean(scrub_text(text))


class Sink:
    """One of our output descriptors. Writes go out at once, unbuffered; ``at_bol``: the last
    byte written was a newline. A closed reader (EPIPE) makes ``closed`` true: the caller stops
    reading the job's stream, so the job meets the closed pipe as it would in a pipeline. A
    terminal that went away (EIO) only stops the echo."""

    def __init__(self, fd: int):
        self.fd = fd
        self.ok = True
        self.closed = False
        self.at_bol = True
        try:
            self.tty = os.isatty(fd)
        except OSError:
            self.tty = False

    def write(self, data: bytes) -> None:
        if not self.ok or not data:
            return
        mv = memoryview(data)
        while mv:
            try:
                mv = mv[os.write(self.fd, mv):]
            except BlockingIOError:  # a non-blocking descriptor we inherited: wait for room
                import select

                select.select([], [self.fd], [], 1.0)
            except BrokenPipeError:
                self.ok = False
                self.closed = True
                return
            except OSError:
                self.ok = False
                return
        self.at_bol = data.endswith(b"\n")


class Log:
    """--log: the job's bytes and our notices in the order written. A write error (disk full)
    is reported once; the log stops there and the job goes on."""

    def __init__(self, fd: int | None, path: str | None, report: Callable[[str], None]):
        self.fd = fd
        self.path = path
        self.report = report
        self.at_bol = True
        self.open_stream: bytes | None = None  # the job stream that left the last line open
        self.error: str | None = None

    def write(self, data: bytes, stream: bytes | None = None) -> None:
        """``stream`` names the job's stream the bytes came from. The log merges two pipes: where
        one stream's bytes arrive while the other left a line open (``print(..., end="")`` on
        stderr, then stdout), the log breaks the line there rather than glue two streams' lines
        into one, as journald does; each stream's own bytes stay as written."""
        if self.fd is None or not data:
            return
        if stream is not None and not self.at_bol and self.open_stream not in (None, stream):
            data = b"\n" + data
        mv = memoryview(data)
        try:
            while mv:
                n = os.write(self.fd, mv)
                mv = mv[n:]
        except OSError as exc:
            self.error = f"--log {self.path}: {exc.strerror or exc}; the log stops here, the job goes on"
            self.close()
            self.report(self.error)
            return
        self.at_bol = data.endswith(b"\n")
        self.open_stream = None if self.at_bol else stream

    def close(self) -> None:
        if self.fd is not None:
            try:
                os.close(self.fd)
            except OSError:
                pass
            self.fd = None


class Runner:
    def __init__(self, a: argparse.Namespace, argv: list[str], log_fd: int | None = None):
        self.a = a
        self.argv = argv
        self.shown_argv = own_line(" ".join(argv))
        self.out = Sink(1)
        self.err = Sink(2)
        self.log = Log(log_fd, a.log, self._log_failed)
        self.last_output = time.monotonic()
        self.matcher: Matcher | None = None
        self.stalls: list[dict] = []
        self.printed_stall: dict | None = None
        self.notices: list[threading.Thread] = []
        self.queued: list[bytes] = []  # notices waiting for a line boundary
        self.queued_at = 0.0
        self.queue_lock = threading.Lock()
        self._machine: Machine | None = None
        self.machine_lock = threading.Lock()
        self.outcome = "running"
        self.signals: list[int] = []  # signals received and forwarded, in order
        self.early: list[int] = []  # signals that came before the job started
        self.kill_at: float | None = None  # when the job is killed (after TERM or Ctrl-C)
        self.killed = False
        self.tree: ProcessTree | None = None
        self.pty_fd: int | None = None
        self.health_before: dict | None = None
        self.health_grown: list[dict] = []
        self.health_note = ""
        self.job_fds: dict[int, Sink] = {}
        self.stopped_at: float | None = None  # the job was stopped (TSTP): no stall meanwhile

    # -- what rocmdoctor writes
    def notice(self, lines: list[str]) -> None:
        """A block of our lines: to stderr and the log, at the next line boundary of the output."""
        body = [own_line(ln) for ln in lines]
        text = ("\n".join([RULE] + [f"rocmdoctor │ {ln}" for ln in body] + [RULE]) + "\n").encode()
        with self.queue_lock:
            if not self.queued:
                self.queued_at = time.monotonic()
            self.queued.append(text)
        if self.pumping is None or not self.pumping.is_alive():
            self.deliver(force=True)

    pumping: threading.Thread | None = None

    def deliver(self, force: bool = False) -> None:
        """Write queued notices if the output is at a line boundary (or after NOTICE_WAIT_S, or
        ``force``: then a newline is written first where a line is open)."""
        with self.queue_lock:
            if not self.queued:
                return
            screens = [self.err] + ([self.out] if self.out.tty else [])
            at_bol = all(s.at_bol for s in screens) and self.log.at_bol
            if not (at_bol or force or time.monotonic() - self.queued_at > NOTICE_WAIT_S):
                return
            text = b"".join(self.queued)
            self.queued = []
        open_line = not all(s.at_bol for s in screens)
        self.err.write((b"\n" if open_line else b"") + text)
        if self.out.tty:
            self.out.at_bol = True
        self.log.write((b"\n" if not self.log.at_bol else b"") + text)

    def _log_failed(self, msg: str) -> None:
        self.err.write(("rocmdoctor run: " + own_line(msg) + "\n").encode())

    # -- live notices
    def announce(self, m: Match) -> None:
        # Judging the causes runs checks (file reads, a fraction of a second): not on the thread
        # that reads the matcher's events.
        if self.a.quiet_live:
            return
        t = threading.Thread(target=self._announce, args=(m,), daemon=True)
        self.notices.append(t)
        t.start()

    def source(self) -> Source:
        from ..api import make_source

        return make_source(python=self.a.python)

    def machine(self) -> Machine:
        from ..engine.machine import Machine

        if self._machine is None:
            if self.a.no_facts:
                self._machine = Machine(None)
            else:
                try:
                    self._machine = Machine(self.source(), "quick")
                except Exception as exc:  # noqa: BLE001 - the diagnosis goes on without facts
                    self._machine = Machine(None)
                    self._machine.error = str(exc)
        return self._machine

    def _announce(self, m: Match) -> None:
        from ..logs.explain import CONFIRMED, LIKELY, RULED_OUT, cause_verdict

        s = m.signature
        lines = [f"{s.title}  [{s.family} · {s.severity}] at output line {m.line.number}"
                 + (f", rank {m.rank}" if m.rank is not None else ""), s.meaning]
        try:
            with self.machine_lock:
                mach = self.machine()
                mach.run_checks(c.check for c in s.causes if c.check)
                verdicts = [cause_verdict(mach, c) for c in s.causes]
        except Exception:  # the notice matters more than its ranking
            verdicts = []
        order = {CONFIRMED: 0, LIKELY: 1, RULED_OUT: 3}
        ranked = sorted(verdicts, key=lambda v: order.get(v.status, 2))
        top = [v for v in ranked if v.status in (CONFIRMED, LIKELY)]
        if top:
            for v in top[:2]:
                f = v.findings[0] if v.findings else None
                lines.append(f"{v.status} on this machine: {v.cause.text}" +
                             (f" ({f.code}: {f.title})" if f else ""))
        rest = [v for v in ranked if v not in top and v.status != RULED_OUT][:3] if verdicts else []
        if rest or not verdicts:
            causes = [v.cause for v in rest] if verdicts else list(s.causes[:3])
            lines.append("possible causes: " + "; ".join(c.text + (f" ({c.check})" if c.check else "")
                                                          for c in causes))
        lines.append("fix: " + s.fix)
        self.notice(lines)

    # -- the job's output
    def pump(self, fds: dict[int, tuple[bytes, Sink]]) -> None:
        """Move the job's bytes to our descriptors and the log as they come, one thread for all
        streams (their order kept as read); copies go to the matcher, which never holds us up."""
        import select

        poller = select.poll()
        for fd in fds:
            poller.register(fd, select.POLLIN)
        live = dict(fds)
        mfd = None
        while live:
            m = self.matcher
            want = m is not None and m.want_write()
            if m is not None and want and mfd is None:
                mfd = m.fd
                poller.register(mfd, select.POLLOUT)
            elif not want and mfd is not None:
                poller.unregister(mfd)
                mfd = None
            try:
                events = poller.poll(200 if self.queued or want else 1000)
            except InterruptedError:
                continue
            for fd, _ev in events:
                if fd == mfd:
                    if m is not None:  # always: mfd is polled only while there is a matcher
                        m.flush()
                    continue
                if fd not in live:
                    continue
                kind, sink = live[fd]
                try:
                    data = os.read(fd, READ_SIZE)
                except BlockingIOError:
                    continue
                except OSError:  # EIO: the pseudo-terminal's last writer is gone
                    data = b""
                if not data:
                    poller.unregister(fd)
                    del live[fd]
                    continue
                self.last_output = time.monotonic()
                sink.write(data)
                if sink.closed:  # our reader went away: so does the job's, as in a pipeline
                    poller.unregister(fd)
                    del live[fd]
                    self._close_job_fd(fd)
                self.log.write(data, kind)
                if m is not None:
                    m.offer(kind, data)
                    m.flush()
            if self.queued:
                self.deliver()
        self.deliver(force=True)

    def _close_job_fd(self, fd: int) -> None:
        try:
            os.close(fd)
        except OSError:
            pass
        self.job_fds.pop(fd, None)

    # -- signals
    def on_signal(self, signum: int, frame: FrameType | None) -> None:
        """Forward a signal to the job, unchanged (see the module docstring). Runs in the main
        thread between two waits; it only signals and notes."""
        tree = self.tree
        if tree is None:  # before the job started: passed on as soon as it has
            self.early.append(signum)
            return
        self.signals.append(signum)
        if tree.popen.returncode is not None:
            return
        if signum == signal.SIGWINCH and self.pty_fd is not None:
            _copy_winsize(self.out.fd, self.pty_fd)  # the new size first, then the WINCH that says so
        if signum == signal.SIGINT:
            if self.outcome == "interrupted":  # a second Ctrl-C: end it now
                self.kill_at = time.monotonic()
                return
            self.outcome = "interrupted"
            tree.interrupt()
            self.kill_at = time.monotonic() + INTERRUPT_GRACE_S
            return
        if signum == signal.SIGTSTP and not _handles(tree.pid, signum):
            # The job's group is orphaned (its own session), where the kernel drops a TSTP left at its
            # default action: what that default does, stop, is done with STOP.
            signum = signal.SIGSTOP
        self._forward(tree.pid, signum)
        if signum == signal.SIGSTOP:
            signum = signal.SIGTSTP
        if signum == signal.SIGTERM:
            self.outcome = "terminated"
            if self.kill_at is None:
                self.kill_at = time.monotonic() + self.a.kill_after
        elif signum == signal.SIGTSTP:
            self.stopped_at = time.monotonic()
            os.kill(os.getpid(), signal.SIGSTOP)  # stopped with the job, as a shell's job would be
        elif signum == signal.SIGCONT:
            self.stopped_at = None
            self.last_output = time.monotonic()

    def _forward(self, pgid: int, signum: int) -> None:
        try:
            os.killpg(pgid, signum)
        except (ProcessLookupError, PermissionError):
            pass

    def install_signals(self) -> dict:
        old = {}
        for name in FORWARDED:
            sig = getattr(signal, name, None)
            if sig is None:
                continue
            try:
                old[sig] = signal.signal(sig, self.on_signal)
            except (OSError, ValueError):  # not the main thread (library use): signals stay as they are
                pass
        return old

    # -- the job
    def main(self) -> int:
        from ..logs.watch import Matcher, StallMonitor
        from ..machine import proc

        if self.log.fd is not None:
            self.log.write(own_line(f"──── rocmdoctor run: {' '.join(self.argv)} · started "
                                    f"{time.strftime('%Y-%m-%dT%H:%M:%S%z')} ────").encode() + b"\n")
        self.read_health_before()
        env = dict(os.environ)
        env.setdefault("PYTHONUNBUFFERED", "1")
        use_pty = self.out.tty and not self.a.no_pty
        rc: int | None = None
        old = self.install_signals()
        try:
            try:
                tree, fds = self.start(proc, env, use_pty)
            except (FileNotFoundError, PermissionError) as exc:
                print(f"rocmdoctor run: {own_line(self.argv[0])}: {exc.strerror or exc}", file=sys.stderr)
                return 127 if isinstance(exc, FileNotFoundError) else 126
            self.tree = tree
            for sig in self.early:
                self.on_signal(sig, None)
            self.matcher = Matcher(on_match=self.announce)
            with tree:
                self.pumping = threading.Thread(target=self.pump, args=(fds,), daemon=True)
                self.pumping.start()
                mon = StallMonitor(tree.pid, self.a.stall)
                try:
                    rc = self.watch(tree, mon)
                except KeyboardInterrupt:  # Ctrl-C where no handler of ours runs
                    self.outcome = "interrupted"
                    tree.interrupt()
                    rc = self._wait(tree, INTERRUPT_GRACE_S)
                # What the command left running may hold its output open (a setsid escapee): give
                # it proc.LINGER_S to finish (none after Ctrl-C), then the tree is ended on leaving
                # this block, which closes the pipes, and the pump reads to their end.
                linger = 0.0 if self.outcome == "interrupted" else proc.LINGER_S
                self.pumping.join(linger)
            self.pumping.join(2.0)
            for fd in list(self.job_fds):
                self._close_job_fd(fd)
            return self.finish(rc)
        finally:
            for sig, h in old.items():
                try:
                    signal.signal(sig, h)
                except (OSError, ValueError, TypeError):
                    pass
            if self.matcher is not None:
                self.matcher.close()
            self.log.close()

    def start(self, proc: ModuleType, env: dict[str, str],
              use_pty: bool) -> tuple[ProcessTree, dict[int, tuple[bytes, Sink]]]:
        """Start the job: on a pseudo-terminal (stdout, and stderr when it is a terminal too) or
        on pipes. Returns the tree and {our read fd: (matcher stream kind, sink)}."""
        if use_pty:
            import pty

            master, slave = pty.openpty()
            _copy_winsize(self.out.fd, master)
            _raw_output(slave)
            err_pipe = None if self.err.tty else os.pipe()
            try:
                tree = proc.ProcessTree(self.argv, env=env, stdin=None, stdout=slave,
                                        stderr=slave if err_pipe is None else err_pipe[1])
            finally:
                os.close(slave)
                if err_pipe:
                    os.close(err_pipe[1])
            self.pty_fd = master
            fds = {master: (b"o", self.out)}
            if err_pipe:
                fds[err_pipe[0]] = (b"e", self.err)
        else:
            # Our stdout and stderr the same file (`> out 2>&1`, `2>&1 | tee`): one pipe for both,
            # so their order is the job's exactly (two pipes cannot say which line came first).
            merged = _same_file(self.out.fd, self.err.fd)
            tree = proc.ProcessTree(self.argv, env=env, stdin=None, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT if merged else subprocess.PIPE)
            fds = {}
            streams = ((b"o", tree.popen.stdout, self.out),) + (() if merged else ((b"e", tree.popen.stderr, self.err),))
            for kind, fh, sink in streams:
                fd = os.dup(fh.fileno())  # ours alone: closed when our reader goes (EPIPE)
                fh.close()
                _grow_pipe(fd)
                fds[fd] = (kind, sink)
        self.job_fds = {fd: sink for fd, (_, sink) in fds.items()}
        return tree, fds

    def _wait(self, tree: ProcessTree, grace: float) -> int | None:
        try:
            return tree.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            tree.terminate()
            return tree.poll()

    def watch(self, tree: ProcessTree, mon: StallMonitor) -> int | None:
        from ..logs.watch import IDLE_FRACTION, rank_pids

        stall_s = self.a.stall
        reported_at = None  # last_output value when a stall was reported (one report per silence)
        while True:
            try:
                return tree.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                pass
            if self.kill_at is not None and time.monotonic() >= self.kill_at and not self.killed:
                self.killed = True
                if self.outcome == "interrupted":
                    tree.terminate()  # as before: TERM, a grace, then KILL
                else:
                    tree.kill()  # the grace was --kill-after
                return tree.poll()
            tree.watch()
            mon.tick()
            silent = time.monotonic() - self.last_output
            if self.stopped_at is not None or silent < stall_s or reported_at == self.last_output or self.outcome != "running":
                continue
            # Idle over the recent window, not since the last line: a rank computes for a while
            # after its last print before it blocks in the collective.
            busy = mon.busy(time.monotonic() - min(stall_s, IDLE_WINDOW_S))
            ranks = rank_pids(mon.members())
            idle = all(v < IDLE_FRACTION for pid, v in busy.items() if pid in ranks)
            if idle or silent >= stall_s * 3:
                reported_at = self.last_output
                self.stall(mon, busy, silent, idle)
                if self.a.on_stall == "stop":
                    self.outcome = "stopped"
                    tree.terminate(grace=self.a.kill_after)  # TERM, then KILL only after --kill-after
                    return tree.poll() if tree.poll() is not None else -signal.SIGTERM

    def stall(self, mon: StallMonitor, busy: dict[int, float], silent: float, idle: bool) -> None:
        from ..logs.watch import gpu_holders, process_info, stacks

        members = [p.pid for p in mon.members()]
        live = self.source()  # the job runs on this host
        infos = process_info(members, live)
        for i in infos:
            i["cpu"] = round(busy.get(i["pid"], 0.0), 3)
        missing = stacks(infos)
        holders = gpu_holders(members, live)
        st = {"idle_s": round(silent, 1), "threshold_s": self.a.stall, "idle": idle,
              "at": time.strftime("%Y-%m-%dT%H:%M:%S"), "processes": infos, "missing": missing,
              "gpu_processes": sorted(holders), "ranks": sum(1 for i in infos if "rank" in i)}
        snap = self.matcher.snapshot(final=False) if self.matcher is not None else None
        st["last_lines"] = snap[0].lines if snap else 0
        self.stalls.append(st)
        expl = self.explanation(stall=st, result=snap[0] if snap else None)
        self.print_explanation(expl, header="STALL DIAGNOSIS (the job is " +
                               ("being stopped)" if self.a.on_stall == "stop" else "still running)"))
        self.printed_stall = st

    # -- health
    def read_health_before(self) -> None:
        if self.a.no_facts:
            return
        from ..logs.watch import read_health

        try:
            self.health_before = read_health(self.source())
        except Exception as exc:  # noqa: BLE001 - health is a bonus; the job starts regardless
            self.health_note = f"GPU health counters not read: {exc}"

    def read_health_after(self) -> None:
        if self.health_before is None:
            return
        from ..logs.watch import health_growth, read_health

        try:
            self.health_grown = health_growth(self.health_before, read_health(self.source()))
        except Exception as exc:  # noqa: BLE001
            self.health_note = f"GPU health counters not read after the job: {exc}"

    def health_lines(self) -> list[str]:
        out = []
        for g in self.health_grown:
            out.append(f"GPU health: {g['gpu'] + ' ' if g['gpu'] else ''}{g['what']} grew during the job: "
                       f"{g['before']} -> {g['after']} ({g['source']})")
        if out:
            out.append("a counter that grows while a job runs points at the hardware: `rocmdoctor scan "
                       "--select RD-HEALTH` for the GPU's full health")
        return out

    # -- diagnosis
    def stall_signature(self, stall: dict) -> Signature:
        """The stall signature with only the causes this machine and this job make possible: GPU
        transport causes need a job that holds a GPU and a machine with two of them; rank causes
        need two ranks."""
        from ..knowledge.signatures import STALL

        gpus = len(self.machine().gpus()) if not self.a.no_facts else None
        holders = len(stall.get("gpu_processes", []))
        ranks = stall.get("ranks", 0)
        multi_gpu = holders > 0 and (gpus is None or gpus >= 2)
        multi_rank = ranks >= 2 or holders >= 2
        keep = []
        for c in STALL.causes:
            transport = c.check in ("RD-IOMMU-001", "RD-PCIE-001", "RD-PCIE-003", "RD-BENCH-004")
            if transport and not multi_gpu:
                continue
            if c.check == "RD-ENV-003" and not (holders > 0 and multi_rank):
                continue
            if "rank" in c.text and not c.check and not multi_rank:
                continue
            keep.append(c)
        if not keep:
            from ..knowledge.signatures import Cause

            keep = [Cause(text="the process waits for something outside it (input, a lock, a network peer, a "
                               "child): its stack and wait channel above say which")]
        from ..base.records import replace

        return replace(STALL, causes=tuple(keep))

    def explanation(self, stall: dict | None = None, result: ScanResult | None = None) -> Explanation:
        from ..logs.explain import explain
        from ..logs.logscan.lines import LogLine
        from ..logs.logscan.matcher import Match
        from ..base.records import replace
        from ..logs.logscan.reader import Occurrence, ScanResult

        for t in self.notices:
            t.join(10)
        if result is None:
            result = ScanResult(files=["<output>"], engine="live")
        result = replace(result, occurrences=dict(result.occurrences))  # the stall is added to this one only
        if stall is not None and not any(o.signature.tier < 7 and o.signature.severity in ("fatal", "error")
                                         for o in result.occurrences.values()):
            sig = self.stall_signature(stall)
            line = LogLine(result.lines, f"(no output for {stall['idle_s']:.0f} s after this line; the processes "
                           f"were {'idle' if stall['idle'] else 'busy: a spinning wait or long silent work'})")
            occ = Occurrence(sig)
            occ.add(Match(sig, line))
            result.occurrences = {sig.id: occ, **result.occurrences}
        with self.machine_lock:
            return explain(result, self.machine(), inputs=[self.shown_argv], stall=stall)

    def print_explanation(self, expl: Explanation, header: str, extra: Sequence[str] = ()) -> None:
        from ..logs.explain import text_lines

        self.notice([header] + list(extra) + [t for t, _ in text_lines(expl)])

    def finish(self, rc: int | None) -> int:
        from ..logs.logscan.reader import ScanResult

        if rc is None:
            rc = 1
        code = 128 - rc if rc < 0 else rc  # killed by signal N: 128+N, as a shell reports it
        if self.outcome == "running":
            self.outcome = "exited" if rc == 0 else ("signal" if rc < 0 else "crashed")
        self.read_health_after()
        snap = self.matcher.snapshot(final=True) if self.matcher is not None else None
        result = snap[0] if snap else ScanResult(files=["<output>"], engine="live")
        last_stall = self.stalls[-1] if self.stalls else None
        expl = self.explanation(stall=last_stall, result=result)  # the report's: the stall included
        already = last_stall is not None and last_stall is self.printed_stall
        shown = self.explanation(stall=None, result=result) if already else expl  # each stall printed once
        extra = self.health_lines()
        m = self.matcher
        if m is not None and (m.dropped or m.error):
            bits = [m.error] if m.error else []
            if m.dropped:
                bits.append(f"{m.dropped / 1e6:,.1f} MB of output were not matched (it came faster than matching; "
                            "the job was never held up)")
            extra.append("note: " + "; ".join(bits))
        if self.health_note:
            extra.append("note: " + self.health_note)
        if self.log.error:
            extra.append("note: " + self.log.error)
        header = f"DIAGNOSIS: the command {self.describe_end(rc)}"
        if self.outcome != "exited" or shown.exit_code() or self.health_grown or (last_stall and not already):
            if already and not shown.diagnoses and not shown.result.unexplained_count:
                self.notice([header + " (the stall diagnosis is above)"] + extra)
            else:
                self.print_explanation(shown, header=header, extra=extra)
        self.deliver(force=True)
        if self.log.fd is not None:
            self.log.write(own_line(f"──── rocmdoctor run: the command {self.describe_end(rc)} · exit code "
                                    f"{code} ────").encode() + b"\n")
        if self.a.report:
            self.write_report(expl, rc, code)
        return code

    def write_report(self, expl: Explanation, rc: int, code: int) -> None:
        doc = expl.to_dict()
        doc.update({"schema": "rocmdoctor.run", "command": _scrubbed_argv(self.argv), "outcome": self.outcome,
                    "exit_code": code, "command_returncode": rc, "stalls": self.stalls, "log": self.a.log,
                    "signals": [_signame(s) for s in self.signals],
                    "health": {"read": self.health_before is not None, "grown": self.health_grown,
                               "note": self.health_note or None},
                    "unmatched_bytes": self.matcher.dropped if self.matcher is not None else 0,
                    "fix": _fix_of(expl)})
        try:
            fd = os.open(self.a.report, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
            os.fchmod(fd, 0o600)  # an existing report keeps no wider mode
            with os.fdopen(fd, "w") as fh:
                json.dump(redact.for_file().value(doc), fh, indent=2)  # a file to pass on: shareable
                fh.write("\n")
        except OSError as exc:
            print(f"rocmdoctor run: --report {own_line(self.a.report)}: {exc.strerror or exc}", file=sys.stderr)

    def describe_end(self, rc: int) -> str:
        after = ""
        if self.signals:
            names = []
            for s in self.signals:
                n = _signame(s)
                if n not in names and s not in (signal.SIGWINCH, signal.SIGCONT):
                    names.append(n)
            if names:
                after = f" after {', '.join(names)} (forwarded)"
        if self.outcome == "stopped":
            return "was stopped after a stall"
        if self.outcome == "interrupted":
            return "was interrupted" + (f" and {_ended(rc)}" if rc else "")
        if self.killed:
            return f"was killed {self.a.kill_after:g} s after SIGTERM (--kill-after)"
        return _ended(rc) + after


def _scrubbed_argv(argv: list[str]) -> list[str]:
    """The command line through the redactor as one line, so an option names the secret after
    it (`--password hunter2`: two words, masked together), then split again."""
    import shlex

    from ..base.redact import scrub_text

    line = shlex.join(argv)
    masked = scrub_text(line)
    if masked == line:
        return list(argv)
    try:
        return shlex.split(masked)
    except ValueError:  # a mask inside quotes that no longer pair: the line as one word
        return [masked]


def _ended(rc: int) -> str:
    if rc < 0:
        return f"was killed by {_signame(-rc)}"
    return f"exited with status {rc}"


def _signame(sig: int) -> str:
    try:
        return signal.Signals(sig).name
    except ValueError:
        return f"signal {sig}"


def _grow_pipe(fd: int) -> None:
    """A 1 MiB pipe instead of 64 KiB: a sixteenth of the wake-ups and system calls per byte."""
    try:
        import fcntl

        fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), 1024 * 1024)
    except (OSError, ImportError):
        pass


def _handles(pid: int, sig: int) -> bool:
    """Whether process ``pid`` catches or ignores ``sig`` (/proc/PID/status SigCgt, SigIgn); True
    when it cannot be read (the signal is then passed on as it is)."""
    try:
        with open(f"/proc/{pid}/status") as fh:
            masks = {k: int(v, 16) for k, _, v in (ln.partition(":") for ln in fh) if k in ("SigCgt", "SigIgn")}
    except (OSError, ValueError):
        return True
    bit = 1 << (sig - 1)
    return len(masks) < 2 or bool((masks["SigCgt"] | masks["SigIgn"]) & bit)


def _same_file(a: int, b: int) -> bool:
    try:
        sa, sb = os.fstat(a), os.fstat(b)
    except OSError:
        return False
    return (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)


def _raw_output(fd: int) -> None:
    """No output processing on the pseudo-terminal (a newline stays a newline, not CR LF): the
    job's bytes reach our terminal, which does its own, and --log exactly as written."""
    try:
        import termios

        attrs = termios.tcgetattr(fd)
        attrs[1] &= ~termios.OPOST
        termios.tcsetattr(fd, termios.TCSANOW, attrs)
    except (OSError, ImportError):
        pass


def _copy_winsize(src_fd: int, dst_fd: int) -> None:
    """The terminal's size onto the pseudo-terminal (so the job's progress bars fit)."""
    try:
        import fcntl
        import termios

        size = fcntl.ioctl(src_fd, termios.TIOCGWINSZ, b"\0" * 8)
        fcntl.ioctl(dst_fd, termios.TIOCSWINSZ, size)
    except (OSError, ImportError):
        pass


def _fix_of(expl: Explanation) -> dict | None:
    """The fix plans of the top-ranked confirmed cause (as `rocmdoctor explain LOG --fix` shows
    them), for the report; apply them with `rocmdoctor fix` or `explain --fix --apply`."""
    from ..engine.model import Status
    from ..remedy.from_log import top_confirmed

    d, cv = top_confirmed(expl)
    if d is None:
        return None
    return {"diagnosis": d.signature.id, "cause": cv.cause.text,
            "plans": [{"origin": f.code + (f" [{f.subject}]" if f.subject else ""), **f.fix.to_dict()}
                      for f in cv.findings if f.status in (Status.FAIL, Status.WARN) and f.fix]}
