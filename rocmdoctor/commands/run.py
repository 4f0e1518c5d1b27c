"""`rocmdoctor run [options] -- COMMAND ...`: launch a training command unchanged, pass its
output through untouched, explain known error signatures as they appear (on stderr, set apart),
and diagnose a stall while it happens: which processes, where they wait (py-spy), and the
machine's likely cause. Exits with the command's own exit code (128+N when a signal N ended it).

The command runs in its own process session, so nothing it starts outlives `rocmdoctor run`; with --log the whole output is kept in a file even when the terminal
goes away (SIGHUP is ignored; writes to a closed terminal are dropped). Python children get
PYTHONUNBUFFERED=1 (unless set) so their output arrives as it is printed. docs/explain.md.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

from ..cli import EXIT_USAGE
from ..usage import positive_float

NAME = "run"
HELP = "run a training command, explain errors live and diagnose stalls (rocmdoctor run -- torchrun ...)"
RULE = "─" * 72
IDLE_WINDOW_S = 5.0  # the processes must have been idle this long (or --stall, if shorter)


def add_arguments(p) -> None:
    p.add_argument("--stall", type=positive_float, default=300.0, metavar="SECONDS",
                   help="no output and idle processes for this long is a stall (default 300)")
    p.add_argument("--on-stall", choices=("report", "stop"), default="report",
                   help="report: diagnose and let the job run on (default); stop: diagnose, then end the job")
    p.add_argument("--log", metavar="FILE", help="keep the full output here (appended to), whatever happens to the terminal")
    p.add_argument("--report", metavar="FILE", help="write the diagnosis as JSON here when the job ends")
    p.add_argument("--no-facts", action="store_true", help="do not judge causes by this machine's checks")
    p.add_argument("--quiet-live", action="store_true", help="no live notices; only the final diagnosis")
    p.add_argument("argv", nargs=argparse_remainder(), metavar="-- COMMAND ...",
                   help="the command to run, unchanged, after --")


def argparse_remainder():
    import argparse

    return argparse.REMAINDER


class _Out:
    """Our stdout/stderr: bytes passed through untouched; a closed terminal only stops the echo."""

    def __init__(self, stream):
        self.fh = getattr(stream, "buffer", stream)
        self.ok = True
        self.lock = threading.Lock()

    def write(self, data: bytes) -> None:
        if not self.ok:
            return
        with self.lock:
            try:
                self.fh.write(data)
                self.fh.flush()
            except (OSError, ValueError):
                self.ok = False


def run(a) -> int:
    argv = list(a.argv)
    if argv and argv[0] == "--":
        argv = argv[1:]
    if not argv:
        print("rocmdoctor run: give the command after --, e.g. rocmdoctor run -- torchrun --nproc_per_node 2 train.py",
              file=sys.stderr)
        return EXIT_USAGE
    return Runner(a, argv).main()


class Runner:
    def __init__(self, a, argv: list[str]):
        from ..logs.watch import LiveScan

        self.a = a
        self.argv = argv
        self.out = _Out(sys.stdout)
        self.err = _Out(sys.stderr)
        self.log = open(a.log, "ab", buffering=0) if a.log else None
        self.log_lock = threading.Lock()
        self.last_output = time.monotonic()
        self.live = LiveScan(on_match=None if a.quiet_live else self.announce)
        self.stalls: list[dict] = []
        self.notices: list[threading.Thread] = []
        self._machine = None
        self.machine_lock = threading.Lock()
        self.stopped = False
        self.outcome = "running"

    # -- output
    def notice(self, lines: list[str]) -> None:
        text = "\n".join([RULE] + [f"rocmdoctor │ {ln}" for ln in lines] + [RULE]) + "\n"
        self.err.write(text.encode())
        if self.log:
            with self.log_lock:
                self.log.write(text.encode())

    def announce(self, m) -> None:
        # Judging the causes runs checks (file reads, a fraction of a second): not on the thread
        # that pumps the job's output, which must never block.
        t = threading.Thread(target=self._announce, args=(m,), daemon=True)
        self.notices.append(t)
        t.start()

    def machine(self):
        from ..logs.explain import Machine

        if self._machine is None:
            if self.a.no_facts:
                self._machine = Machine(None)
            else:
                from ..machine.sources import LiveSource

                self._machine = Machine(LiveSource(), "quick")
        return self._machine

    def _announce(self, m) -> None:
        from ..logs.explain import CONFIRMED, LIKELY, RULED_OUT

        s = m.signature
        lines = [f"{s.title}  [{s.family} · {s.severity}] at output line {m.line.number}"
                 + (f", rank {m.rank}" if m.rank is not None else ""), s.meaning]
        try:
            with self.machine_lock:
                mach = self.machine()
                mach.run_checks(c.check for c in s.causes if c.check)
                verdicts = [mach.verdict(c) for c in s.causes]
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

    def pump(self, fh, name: str, sink: _Out) -> None:
        fd = fh.fileno()
        while True:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            self.last_output = time.monotonic()
            sink.write(data)
            if self.log:
                with self.log_lock:
                    try:
                        self.log.write(data)
                    except OSError:
                        pass
            self.live.feed(name, data)

    # -- the job
    def main(self) -> int:
        from ..machine import proc
        from ..logs.watch import StallMonitor

        env = dict(os.environ)
        env.setdefault("PYTHONUNBUFFERED", "1")
        old_hup = signal.signal(signal.SIGHUP, signal.SIG_IGN) if hasattr(signal, "SIGHUP") else None
        rc: int | None = None
        try:
            try:
                tree = proc.ProcessTree(self.argv, env=env, stdin=None, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
            except (FileNotFoundError, PermissionError) as exc:
                print(f"rocmdoctor run: {self.argv[0]}: {exc.strerror or exc}", file=sys.stderr)
                return 127 if isinstance(exc, FileNotFoundError) else 126
            with tree:
                pumps = [threading.Thread(target=self.pump, args=(tree.popen.stdout, "stdout", self.out), daemon=True),
                         threading.Thread(target=self.pump, args=(tree.popen.stderr, "stderr", self.err), daemon=True)]
                for t in pumps:
                    t.start()
                mon = StallMonitor(tree.pid, self.a.stall)
                try:
                    rc = self.watch(tree, mon)
                except KeyboardInterrupt:
                    self.outcome = "interrupted"
                    tree.interrupt()
                    try:
                        rc = tree.wait(timeout=10)
                    except subprocess.TimeoutExpired:
                        tree.terminate()
                        rc = tree.poll()
                    rc = 130 if rc is None else rc
                # What the command left running may hold its output open (a setsid escapee): give
                # it proc.LINGER_S to finish (none after Ctrl-C), then the tree is ended on leaving
                # this block, which closes the pipes, and the pumps read to their end.
                linger_until = time.monotonic() + (0.0 if self.outcome == "interrupted" else proc.LINGER_S)
                for t in pumps:
                    t.join(max(0.0, linger_until - time.monotonic()))
            for t in pumps:
                t.join(2.0)
            return self.finish(rc)
        finally:
            if old_hup is not None:
                signal.signal(signal.SIGHUP, old_hup)
            if self.log:
                self.log.close()

    def watch(self, tree, mon) -> int:
        from ..logs.watch import IDLE_FRACTION, rank_pids

        stall_s = self.a.stall
        reported_at = None  # last_output value when a stall was reported (one report per silence)
        while True:
            try:
                return tree.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
            tree.watch()
            mon.tick()
            silent = time.monotonic() - self.last_output
            if silent < stall_s or reported_at == self.last_output:
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
                    self.stopped = True
                    self.outcome = "stopped"
                    tree.terminate()
                    return tree.poll() if tree.poll() is not None else -signal.SIGTERM

    def stall(self, mon, busy, silent, idle) -> None:
        from ..logs.watch import IDLE_FRACTION, process_info, stacks  # noqa: F401

        infos = process_info([p.pid for p in mon.members()])
        for i in infos:
            i["cpu"] = round(busy.get(i["pid"], 0.0), 3)
        missing = stacks(infos)
        st = {"idle_s": round(silent, 1), "threshold_s": self.a.stall, "idle": idle,
              "at": time.strftime("%Y-%m-%dT%H:%M:%S"), "processes": infos, "missing": missing,
              "last_lines": self.live.result.lines}
        self.stalls.append(st)
        expl = self.explanation(stall=st)
        self.print_explanation(expl, header="STALL DIAGNOSIS (the job is " +
                               ("being stopped)" if self.a.on_stall == "stop" else "still running)"))

    # -- diagnosis
    def explanation(self, stall: dict | None = None):
        from ..logs.explain import explain
        from ..knowledge.signatures import STALL
        from ..logs.logscan.reader import Occurrence
        from ..logs.logscan.lines import LogLine
        from ..logs.logscan.matcher import Match

        for t in self.notices:
            t.join(10)
        result = self.live.snapshot(final=stall is None)
        if stall is not None and not any(o.signature.tier < 7 and o.signature.severity in ("fatal", "error")
                                         for o in result.occurrences.values()):
            line = LogLine(result.lines, f"(no output for {stall['idle_s']:.0f} s after this line; the processes "
                           f"were {'idle' if stall['idle'] else 'busy: a spinning wait or long silent work'})")
            occ = Occurrence(STALL)
            occ.add(Match(STALL, line))
            result.occurrences = {STALL.id: occ, **result.occurrences}
        with self.machine_lock:
            return explain(result, self.machine(), inputs=[" ".join(self.argv)], stall=stall)

    def print_explanation(self, expl, header: str) -> None:
        from ..logs.explain import text_lines

        lines = [header] + [t for t, _ in text_lines(expl)]
        self.notice(lines)

    def finish(self, rc: int | None) -> int:
        if rc is None:
            rc = 1
        code = 128 - rc if rc < 0 else rc  # killed by signal N: 128+N, as a shell reports it
        if self.outcome == "running":
            self.outcome = "exited" if rc == 0 else ("signal" if rc < 0 else "crashed")
        expl = None
        last_stall = self.stalls[-1] if self.stalls else None
        if self.outcome != "exited" or self.live.result.occurrences or last_stall:
            expl = self.explanation(stall=last_stall)
            if self.outcome != "exited" or expl.exit_code():
                self.print_explanation(expl, header=f"DIAGNOSIS: the command {self.describe_end(rc)}")
        if self.a.report:
            expl = expl or self.explanation(stall=last_stall)
            doc = expl.to_dict()
            doc.update({"schema": "rocmdoctor.run", "command": self.argv, "outcome": self.outcome,
                        "exit_code": code, "command_returncode": rc, "stalls": self.stalls, "log": self.a.log})
            try:
                with open(self.a.report, "w") as fh:
                    json.dump(doc, fh, indent=2)
                    fh.write("\n")
            except OSError as exc:
                print(f"rocmdoctor run: --report {self.a.report}: {exc.strerror or exc}", file=sys.stderr)
        return code

    def describe_end(self, rc: int) -> str:
        if self.outcome == "stopped":
            return "was stopped after a stall"
        if self.outcome == "interrupted":
            return "was interrupted"
        if rc < 0:
            try:
                return f"was killed by {signal.Signals(-rc).name}"
            except ValueError:
                return f"was killed by signal {-rc}"
        return f"exited with status {rc}"
