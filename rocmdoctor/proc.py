"""Run an external program without a shell, with a hard timeout and no orphans.

Each child starts its own session (process group). On timeout the whole group gets
SIGTERM, then SIGKILL, so a hung HIP runtime or a forked helper cannot outlive the
doctor. Output is capped so a runaway tool cannot exhaust memory.
"""
from __future__ import annotations

import os
import signal
import subprocess
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


def _kill_group(proc: subprocess.Popen, grace: float = 2.0) -> None:
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
    try:
        out, err = proc.communicate(input=input_text.encode() if input_text else None, timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        try:
            out, err = proc.communicate(timeout=2)
        except (subprocess.TimeoutExpired, ValueError):
            out, err = b"", b""
        timed_out = True
    else:
        # The leader exited; reap anything it left running in its group.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    return CommandResult(
        argv,
        None if timed_out else proc.returncode,
        _decode(out),
        _decode(err),
        timed_out=timed_out,
        duration_s=round(time.monotonic() - start, 3),
    )


def _decode(data: bytes | None) -> str:
    if not data:
        return ""
    return data[:MAX_OUTPUT].decode("utf-8", errors="replace")
