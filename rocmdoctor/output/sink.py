"""`-o FILE`: a command's standard output written to FILE instead, atomically.

The command prints as it always does; its stdout is captured (a stream that is not a
terminal, so text is plain: no colours, no wrapping) and, once the command has finished
with an answer (exit 0, 1 or 4), written to FILE through the one atomic writer
(remedy/atomic_edit.py: a temporary file in FILE's directory, fsync'd, renamed over FILE). A
CI step or a dashboard reading FILE sees the old report or the new one, never half of one;
a run refused for bad input (exit 2 or 3) leaves FILE as it was. Stderr (progress, warnings)
still goes to the terminal.
"""
from __future__ import annotations

import io
import os
import sys
from contextlib import contextmanager
from typing import Iterator


class Capture(io.StringIO):
    """What the command printed; never a terminal."""

    keep = False
    is_capture = True

    def isatty(self) -> bool:
        return False


def check_path(path: str) -> str | None:
    """Why FILE cannot be written, checked before any work; None when it can."""
    if os.path.isdir(path):
        return f"-o {path}: is a directory; name a file"
    d = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(d):
        return f"-o {path}: the directory {d} does not exist"
    if not os.access(d, os.W_OK):
        return f"-o {path}: cannot write in {d}"
    return None


@contextmanager
def output_to(path: str | None) -> Iterator[Capture]:
    if not path:
        yield Capture()  # nothing captured: the flag is simply not set
        return
    saved, cap = sys.stdout, Capture()
    sys.stdout = cap
    try:
        yield cap
    finally:
        sys.stdout = saved
    if cap.keep:
        write(path, cap.getvalue())


def write(path: str, text: str) -> None:
    from ..remedy.atomic_edit import atomic_write

    real = os.path.realpath(path)  # a link is followed: the file it names is replaced, the link kept
    atomic_write(real, text.encode("utf-8"), mode=0o666 & ~_umask(), tag=f"o{os.getpid()}")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
