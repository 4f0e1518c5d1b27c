"""The bounded window the shape is read from: the tail of each file (a small .gz whole), and the
log files of a directory."""
from __future__ import annotations

import gzip
import os
import stat
import zlib


TAIL_BYTES = 256 * 1024  # of each file: where the traceback and the last progress line are
MAX_FILES = 16
MAX_GZ = 8 * 1024 * 1024  # a .gz is read whole (it cannot be read from the end) up to this size


def tail_lines(path: str, max_bytes: int = TAIL_BYTES) -> list[str]:
    """The last ``max_bytes`` of a file (whole lines only), or of a small .gz. Only a regular file:
    a FIFO or a device is read once, by the scanner; a .gz that breaks part way gives nothing."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return []
        if path.endswith(".gz"):
            if os.path.getsize(path) > MAX_GZ:
                return []
            with gzip.open(path, "rb") as fh:
                data = fh.read()[-max_bytes:]
        else:
            with open(path, "rb") as fh:
                fh.seek(0, os.SEEK_END)
                size = fh.tell()
                fh.seek(max(0, size - max_bytes))
                data = fh.read(max_bytes)
                if size > max_bytes:
                    data = data[data.find(b"\n") + 1:]
    except (OSError, EOFError, zlib.error):
        return []
    return data.decode("utf-8", errors="replace").splitlines()


def windows(inputs: list[str]) -> list[tuple[str, list[str]]]:
    """(name, tail lines) of each input file (a directory: its log files, up to MAX_FILES)."""
    from ..logscan.reader import log_files

    out = []
    for path in inputs:
        if path == "-" or not os.path.exists(path):
            continue
        files = log_files(path, []) if os.path.isdir(path) else [path]
        for p in files[:MAX_FILES]:
            name = os.path.relpath(p, path) if os.path.isdir(path) else p
            out.append((name, tail_lines(p)))
    return out
