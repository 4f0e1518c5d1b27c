"""DeepSpeed / MPI hostfiles: one host per line (`worker-1 slots=8`, `node1:4`, a bare name).

The hosts a multi-node launch (`deepspeed --hostfile F`, `mpirun --hostfile F`) starts ranks on, each
kept with its line so that a check can say which line names a host the job does not have.
"""
from __future__ import annotations

import os
import re

from ..settings import Artifact

HOSTFILE = "hostfile"
HOST = "host"  # value kind: one host named by a hostfile
_LINE = re.compile(r"^\s*([A-Za-z0-9][\w.\-]*)(?:\s+slots\s*=\s*(\d+)|:(\d+))?(?:\s+max[_-]slots\s*=\s*\d+)?\s*(?:#.*)?$")
_SLOTS = re.compile(r"(?m)^\s*[A-Za-z0-9][\w.\-]*\s+slots\s*=\s*\d+\s*$")


def looks_like(name: str, text: str) -> bool:
    """A hostfile: every line a host (with slots), and either `slots=` lines or a hostfile's name."""
    if len(text) > 64 * 1024:
        return False
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines or len(lines) > 4096 or not all(_LINE.match(ln) for ln in lines):
        return False
    named = re.search(r"host[_-]?file|^hosts?(?:[._-]\w+)?$|machinefile|nodefile", os.path.basename(name).lower())
    return bool(named) or bool(_SLOTS.search(text))


def read(path: str, text: str) -> Artifact:
    art = Artifact(path, HOSTFILE, text, data={"hosts": []})
    for n, line in enumerate(text.splitlines(), 1):
        m = _LINE.match(line) if line.strip() and not line.lstrip().startswith("#") else None
        if m:
            slots = m.group(2) or m.group(3)
            art.data["hosts"].append({"host": m.group(1), "slots": int(slots) if slots else None, "line": n})
            art.add(HOST, m.group(1), int(slots) if slots else None, n)
    return art
