"""CPU topology the GPU checks need: which socket each NUMA node belongs to.

A NUMA node is not a socket: EPYC NPS2/NPS4 (and Xeon SNC) split one socket into several
NUMA nodes, so two GPUs on different NUMA nodes may share a socket and talk through its
local fabric, not the CPU-to-CPU link.
"""
from __future__ import annotations

import posixpath
import re

from . import Missing, fact

NODES = "/sys/devices/system/node"


def _first_cpu(cpulist: str) -> int | None:
    m = re.match(r"\s*(\d+)", cpulist or "")
    return int(m.group(1)) if m else None


@fact("numa_sockets")
def numa_sockets(ctx) -> dict[int, int]:
    """NUMA node -> physical package id, from each node's first CPU; on a one-socket
    machine (/proc/cpuinfo) every node is socket 0 without reading more."""
    src = ctx.source
    cpu = ctx.optional("cpu")
    out: dict[int, int] = {}
    for path in src.glob(NODES + "/node*/cpulist"):
        name = posixpath.basename(posixpath.dirname(path))
        if not name[4:].isdigit():
            continue
        node = int(name[4:])
        first = _first_cpu(src.text(path) or "")
        if cpu is not None and cpu.sockets == 1:
            out[node] = 0
            continue
        if first is None:
            continue  # a memory-only node
        pkg = (src.text(f"/sys/devices/system/cpu/cpu{first}/topology/physical_package_id") or "").strip()
        if pkg.lstrip("-").isdigit():
            out[node] = int(pkg)
    if not out:
        if cpu is not None and cpu.sockets == 1:
            return {}  # nothing to map, and nothing needed: one socket
        raise Missing(f"{NODES}/node*/cpulist and the CPUs' physical_package_id: not readable")
    return out
