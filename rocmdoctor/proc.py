"""Run an external program without a shell, with a hard timeout and no orphans.

Each child starts its own session (process group). On timeout the whole group gets
SIGTERM, then SIGKILL, so a hung HIP runtime or a forked helper cannot outlive the
doctor. Output is capped so a runaway tool cannot exhaust memory.
"""
from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from typing import Mapping, Sequence

MAX_OUTPUT = 8 * 1024 * 1024  # bytes kept per stream


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


def run(
    argv: Sequence[str],
    timeout: float,
    env: Mapping[str, str] | None = None,
    input_text: str | None = None,
    cwd: str | None = None,
) -> CommandResult:
    argv = tuple(str(a) for a in argv)
    start = time.monotonic()
    try:
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE if input_text is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=dict(env) if env is not None else None,
            cwd=cwd,
            start_new_session=True,
            shell=False,
        )
    except FileNotFoundError:
        return CommandResult(argv, None, error="not found")
    except PermissionError:
        return CommandResult(argv, None, error="permission denied")
    except OSError as exc:
        return CommandResult(argv, None, error=f"could not start: {exc.strerror or exc}")
    # Our own readers instead of communicate(), which buffers everything: a tool that
    # floods its output (`yes`) filled gigabytes of memory before its timeout came.
    streams = [_Drain(proc.stdout), _Drain(proc.stderr)]
    if proc.stdin is not None:
        threading.Thread(target=_feed, args=(proc.stdin, (input_text or "").encode()), daemon=True).start()
    deadline = start + timeout
    timed_out = False
    try:
        proc.wait(timeout=timeout)
        for s in streams:  # EOF comes once every holder of the pipes is gone
            s.thread.join(max(0.0, deadline - time.monotonic()))
        timed_out = any(s.thread.is_alive() for s in streams)
    except subprocess.TimeoutExpired:
        timed_out = True
    if timed_out:
        kill_group(proc)
        for s in streams:
            s.thread.join(2)  # a setsid grandchild may hold a pipe forever: keep what came
    else:
        # The leader exited; reap anything it left running in its group.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    out, err = (s.data() for s in streams)
    return CommandResult(
        argv,
        None if timed_out else proc.returncode,
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
