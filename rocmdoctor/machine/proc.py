"""Run external programs without a shell, with a hard timeout, and leave nothing behind.

Two entry points:

* ``run(argv, timeout)``: a command whose output we read (probes, fixes). Returns a
  CommandResult; never raises for the command's own failures.
* ``ProcessTree(argv, ...)``: start a child and own everything it starts, for callers that
  watch a long job themselves (bench ranks, train, the cluster gather child, ``run -- CMD``)::

      with proc.ProcessTree(argv, stdout=fh, stderr=subprocess.STDOUT) as tree:
          rc = tree.wait(timeout=600)   # subprocess.TimeoutExpired past it
      # leaving the block, by return, exception or Ctrl-C, ends the child and all its descendants

Containment (issue 19). Killing the child's process group is not enough: a grandchild that
calls setsid() (vendor tools, training launchers, ``setsid sleep &``) is in another group
and, once its parent exits, is re-parented to init. So a tree is, at the moment we end it:
  1. the child's process group (it starts its own session);
  2. every descendant psutil finds from the child, captured *before* anything is killed;
  3. every process we saw in the tree earlier (``watch()``), checked by psutil against PID reuse;
  4. orphans re-parented to rocmdoctor: on Linux we become a child subreaper
     (prctl PR_SET_CHILD_SUBREAPER) while a tree is alive, so escapees whose parent died
     become *our* children instead of init's, and each tree marks its processes with an
     environment token (as Jenkins' ProcessTreeKiller does with BUILD_ID), so an adopted
     orphan is matched to the tree that started it.
Ending a tree: SIGTERM to all of it, a grace period, then SIGSTOP (so nothing forks while we
look), a fresh look, SIGKILL, and reaping (adopted orphans are our children: we wait for
them, or they stay zombies). Nothing outside those four sets is ever signalled: rocmdoctor
never signals a process it did not start. Trees still alive when the interpreter exits are
ended by an atexit hook.
"""
from __future__ import annotations

import atexit
import os
import signal
import subprocess
import sys
import threading
import time
from typing import Any, Mapping, Sequence

from ..base.records import dataclass, field

MAX_OUTPUT = 8 * 1024 * 1024  # bytes kept per stream
LINGER_S = 1.0  # after a command exits, how long what it left running may keep its output open


@dataclass(frozen=True)
class CommandResult:
    argv: tuple[str, ...]
    returncode: int | None  # None when it never ran or was killed
    stdout: str = ""
    stderr: str = ""
    timed_out: bool = False
    error: str | None = None  # "not found", "permission denied", ...
    duration_s: float = 0.0
    extra: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out and self.error is None

    def describe(self) -> str:
        """One line saying how the command ended, for evidence and messages."""
        cmd = " ".join(self.argv)
        if self.error:
            return f"`{cmd}`: {self.error}"
        if self.timed_out:
            return f"`{cmd}`: no answer within its timeout, killed"
        return f"`{cmd}` exited {self.returncode}"


def kill_group(proc: subprocess.Popen, grace: float = 2.0) -> None:
    """SIGTERM then SIGKILL to ``proc``'s process group (kept for callers that hold a bare Popen;
    a ProcessTree also ends setsid escapees)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            return
        try:
            proc.wait(timeout=grace)
            # The leader is gone; make sure nothing else in its group survives.
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            return
        except subprocess.TimeoutExpired:
            continue


# ---------------------------------------------------------------- containment

TREE_ENV = "ROCMDOCTOR_TREE"  # marks every process of a tree (inherited through fork/exec)
PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h
_live: "set[ProcessTree]" = set()
_live_lock = threading.Lock()
_subreaper = False


def _set_subreaper(on: bool) -> bool:
    """prctl(PR_SET_CHILD_SUBREAPER): orphaned descendants re-parent to us, not to init."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1 if on else 0, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def wait_exit(popen: subprocess.Popen, timeout: float | None) -> int:
    """``popen.wait(timeout)``, told of the exit by a pidfd (Linux 5.3+) instead of Popen's
    polling, which sleeps up to 50 ms between looks: a 40 ms command took 65 ms to return."""
    if timeout is not None and popen.returncode is None and hasattr(os, "pidfd_open"):
        try:
            fd = os.pidfd_open(popen.pid)
        except OSError:  # an old kernel, or a seccomp filter that refuses it
            fd = None
        if fd is not None:
            import select

            try:
                ready, _, _ = select.select([fd], [], [], max(0.0, timeout))
            finally:
                os.close(fd)
            if not ready:
                raise subprocess.TimeoutExpired(popen.args, timeout)
            return popen.wait()  # it has exited: reaping does not block
    return popen.wait(timeout=timeout)


def _childless() -> bool:
    """True when no thread of this process has a child (Linux's /proc/self/task/*/children),
    which settles in a few reads what psutil's process-table sweep (every /proc/*/stat, tens of
    milliseconds on a busy node) would. False when it cannot tell."""
    try:
        for tid in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{tid}/children", "rb") as fh:
                if fh.read().strip():
                    return False
        return True
    except OSError:  # not Linux, or a kernel without CONFIG_PROC_CHILDREN
        return False


def _psutil():
    try:
        import psutil

        return psutil
    except ImportError:  # a runtime dependency; without it only the process group is ended
        return None


class ProcessTree:
    """A child process and every process it starts; see the module docstring.

    Arguments are those of subprocess.Popen (no shell). ``new_session=False`` keeps the child in
    our process group so a terminal's Ctrl-C reaches it directly (interactive commands); the tree
    is still found through psutil and the environment token. ``popen`` is the subprocess.Popen.
    """

    def __init__(self, argv: Sequence[str], *, env: Mapping[str, str] | None = None, cwd: str | None = None,
                 stdin=subprocess.DEVNULL, stdout=None, stderr=None, text: bool = False,
                 new_session: bool = True):
        global _subreaper
        self.argv = tuple(str(a) for a in argv)
        self.token = os.urandom(8).hex()  # not `secrets`: its hashlib import costs every scan
        self.new_session = new_session
        self._seen: dict[int, object] = {}  # pid -> psutil.Process (create time kept: no PID reuse)
        self._watched = 0.0
        child_env = dict(os.environ if env is None else env)
        child_env[TREE_ENV] = self.token
        with _live_lock:
            if not _live and not _subreaper:
                _subreaper = _set_subreaper(True)
            self.popen = subprocess.Popen(self.argv, stdin=stdin, stdout=stdout, stderr=stderr, env=child_env,
                                          cwd=cwd, start_new_session=new_session, shell=False, text=text)
            _live.add(self)
        self.pid = self.popen.pid
        self.ended = False

    # -- watching
    def watch(self, every: float = 0.5) -> None:
        """Remember the tree's current members, so those that later leave it are still ended.
        Long-running callers call this in their polling loop (the bench runner does); a call
        within ``every`` seconds of the last one does nothing (one look costs a process-table scan)."""
        now = time.monotonic()
        if now - self._watched < every:
            return
        self._watched = now
        for p in self._members():
            self._seen.setdefault(p.pid, p)

    def wait(self, timeout: float | None = None) -> int:
        """The child's exit status; subprocess.TimeoutExpired after ``timeout`` seconds."""
        return wait_exit(self.popen, timeout)

    def poll(self) -> int | None:
        return self.popen.poll()

    def interrupt(self) -> None:
        """SIGINT to the tree, as a terminal's Ctrl-C would (for a child in its own session)."""
        self._signal(self._members(), signal.SIGINT)

    def kill(self) -> list[int]:
        """End the tree at once: SIGSTOP, SIGKILL, reap, no SIGTERM first (the caller's grace
        period, `rocmdoctor run --kill-after`, has passed)."""
        return self.terminate(grace=0.0, term=False)

    # -- ending
    def terminate(self, grace: float = 2.0, term: bool = True) -> list[int]:
        """End the child and all its descendants: SIGTERM, ``grace`` seconds, SIGSTOP, SIGKILL, reap.
        Returns the PIDs that were still running and got a signal (the leader included)."""
        touched: set[int] = set()
        members = self._members()
        if term and (self.popen.poll() is None or members):
            self._signal(members, signal.SIGTERM, touched)
            self._wait_gone(members, grace)
        for _ in range(5):  # a forking tree: freeze, look again, kill, until nothing is left
            members = self._members()
            if not members:
                break
            self._signal(members, signal.SIGSTOP, touched)
            members = self._members() or members
            self._signal(members, signal.SIGKILL, touched)
            self._signal(members, signal.SIGCONT)  # a stopped process takes SIGKILL anyway; be explicit
            self._wait_gone(members, 2.0)
        try:
            self.popen.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            pass
        self._close()
        return sorted(touched)

    def _close(self) -> None:
        global _subreaper
        self.ended = True
        with _live_lock:
            _live.discard(self)
            if not _live and _subreaper:
                _set_subreaper(False)
                _subreaper = False

    def __enter__(self) -> "ProcessTree":
        return self

    def __exit__(self, *exc) -> None:
        self.terminate(grace=0.5 if exc and exc[0] is not None else 2.0)

    def _members(self) -> list:
        """Every live process of the tree (psutil.Process objects), the leader included.

        One look at the process table: our own descendants (psutil's recursive children of
        this process; with the subreaper on, orphans of our trees are among them). Of those,
        the tree is: the leader and everything below it, what carries the tree's token, what
        is in the leader's process group, and what was seen earlier (``watch``) and below it."""
        if self.popen.returncode is not None and not self._seen and _childless():
            return []  # reaped, nothing adopted, nothing watched: no process table, no psutil import
        ps = _psutil()
        if ps is None:
            return []
        me = os.getpid()
        try:
            ours = ps.Process(me).children(recursive=True)
        except ps.Error:
            ours = []
        parent: dict[int, int] = {}
        procs: dict[int, Any] = {}
        for p in ours:
            try:
                parent[p.pid] = p.ppid()
                procs[p.pid] = p
            except ps.Error:
                pass
        for pid, p in self._seen.items():  # may have left our descendants (a double fork without subreaper)
            procs.setdefault(pid, p)
        roots = set(self._seen)
        if self.popen.returncode is None:  # not yet reaped: the pid is still ours
            roots.add(self.pid)
        for pid, p in procs.items():
            if pid in roots:
                continue
            try:
                if self.new_session and os.getpgid(pid) == self.pid:
                    roots.add(pid)
                elif p.environ().get(TREE_ENV) == self.token:
                    roots.add(pid)
            except (OSError, ps.Error):
                pass
        found: dict[int, Any] = {}
        for pid, p in procs.items():
            q, hops = pid, 0
            while q not in roots and q in parent and hops < 1000:  # below a member?
                q, hops = parent[q], hops + 1
            if q not in roots:
                continue
            try:
                if p.is_running() and p.status() != ps.STATUS_ZOMBIE:
                    found[pid] = p
            except ps.Error:
                pass
        return list(found.values())

    def _signal(self, members: list, sig: int, touched: set | None = None) -> None:
        ps = _psutil()
        if self.new_session and self.popen.returncode is None:
            try:
                os.killpg(self.pid, sig)
                if touched is not None:
                    touched.add(self.pid)
            except (ProcessLookupError, PermissionError):
                pass
        elif ps is None and self.popen.returncode is None:
            try:
                self.popen.send_signal(sig)
            except (ProcessLookupError, OSError):
                pass
        for p in members:
            try:
                p.send_signal(sig)  # psutil checks the pid still names the same process
                if touched is not None:
                    touched.add(p.pid)
            except Exception:  # NoSuchProcess, AccessDenied: gone or not ours
                pass

    def _wait_gone(self, members: list, timeout: float) -> None:
        """Wait for members to exit, reaping our own children (the leader through Popen)."""
        ps = _psutil()
        others = [p for p in members if p.pid != self.pid]
        deadline = time.monotonic() + timeout
        try:
            self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass
        if ps is not None and others:
            try:
                ps.wait_procs(others, timeout=max(0.05, deadline - time.monotonic()))
            except Exception:
                pass


def terminate_all(grace: float = 0.5) -> None:
    """End every tree still alive (atexit; also for a SIGTERM handler)."""
    with _live_lock:
        trees = list(_live)
    for t in trees:
        try:
            t.terminate(grace=grace)
        except Exception:  # at exit, best effort for each tree
            pass


atexit.register(terminate_all)


def _on_path(name: str, env: Mapping[str, str] | None) -> bool:
    """Whether ``name`` exists in a directory of the PATH the child would search (Popen's rule:
    the PATH of ``env`` when given). Existence only: whether it runs is Popen's to say."""
    return any(os.path.exists(os.path.join(d, name)) for d in os.get_exec_path(env))


def run(
    argv: Sequence[str],
    timeout: float,
    env: Mapping[str, str] | None = None,
    input_text: str | None = None,
    cwd: str | None = None,
) -> CommandResult:
    argv = tuple(str(a) for a in argv)
    start = time.monotonic()
    if argv and "/" not in argv[0] and not _on_path(argv[0], env):
        # What Popen would say, without a fork (and, for a scan's first command, without the
        # subreaper set-up): a tool the machine lacks is the common case on a host without ROCm.
        return CommandResult(argv, None, error="not found")
    try:
        tree = ProcessTree(argv, stdin=subprocess.PIPE if input_text is not None else subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd)
    except FileNotFoundError:
        return CommandResult(argv, None, error="not found")
    except PermissionError:
        return CommandResult(argv, None, error="permission denied")
    except OSError as exc:
        return CommandResult(argv, None, error=f"could not start: {exc.strerror or exc}")
    proc = tree.popen
    try:
        # Our own readers instead of communicate(), which buffers everything: a tool that
        # floods its output (`yes`) filled gigabytes of memory before its timeout came.
        streams = [_Drain(proc.stdout), _Drain(proc.stderr)]
        if proc.stdin is not None:
            threading.Thread(target=_feed, args=(proc.stdin, (input_text or "").encode()), daemon=True).start()
        deadline = start + timeout
        timed_out = False
        try:
            wait_exit(proc, timeout)
            # EOF comes once every holder of the pipes is gone. A descendant that outlives the
            # command (a daemonised helper, a setsid escapee) may hold them for ever: give the
            # output a moment to drain, then the tree is ended below and its end is EOF.
            for s in streams:
                s.thread.join(max(0.0, min(LINGER_S, deadline - time.monotonic())))
        except subprocess.TimeoutExpired:
            timed_out = True
        returncode = proc.returncode
    finally:
        # Timed out, finished or interrupted: nothing it started outlives it (setsid escapees included).
        tree.terminate()
    for s in streams:
        s.thread.join(2)  # a grandchild held a pipe: it is gone now; keep what came
    out, err = (s.data() for s in streams)
    return CommandResult(
        argv,
        None if timed_out else returncode,
        _decode(out),
        _decode(err),
        timed_out=timed_out,
        duration_s=round(time.monotonic() - start, 3),
    )


class _Drain:
    """Read a pipe to EOF in a thread, keeping the first MAX_OUTPUT bytes and discarding
    the rest, so the child never blocks on a full pipe and memory stays bounded."""

    def __init__(self, stream):
        self.stream = stream
        self.chunks: list[bytes] = []
        self.kept = 0
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        fd = self.stream.fileno()
        try:
            while True:
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                if self.kept < MAX_OUTPUT:
                    self.chunks.append(chunk[:MAX_OUTPUT - self.kept])
                    self.kept += len(self.chunks[-1])
        except (OSError, ValueError):
            pass
        finally:
            try:
                self.stream.close()
            except OSError:
                pass

    def data(self) -> bytes:
        return b"".join(list(self.chunks))


def _feed(stdin, data: bytes) -> None:
    try:
        if data:
            stdin.write(data)
        stdin.close()
    except (OSError, ValueError):  # the child exited without reading it all
        pass


def _decode(data: bytes | None) -> str:
    if not data:
        return ""
    return data[:MAX_OUTPUT].decode("utf-8", errors="replace")
