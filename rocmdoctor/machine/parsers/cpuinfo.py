"""/proc/cpuinfo: vendor, model, logical CPUs and sockets."""
from __future__ import annotations

from ...base.records import dataclass


@dataclass(frozen=True)
class CpuInfo:
    vendor: str | None  # "GenuineIntel", "AuthenticAMD", None on non-x86
    model_name: str | None
    logical_cpus: int
    sockets: int
    hypervisor: bool  # the 'hypervisor' CPU flag: we run in a VM guest


def parse_cpuinfo(text: str) -> CpuInfo:
    vendor = model = None
    logical = 0
    sockets: set[str] = set()
    hypervisor = False
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if not sep:
            continue
        key, value = key.strip(), value.strip()
        if key == "processor":
            logical += 1
        elif key == "vendor_id" and vendor is None:
            vendor = value
        elif key == "model name" and model is None:
            model = value
        elif key == "physical id":
            sockets.add(value)
        elif key == "flags" and " hypervisor" in f" {value} ":
            hypervisor = True
    return CpuInfo(vendor, model, logical, max(len(sockets), 1 if logical else 0), hypervisor)
