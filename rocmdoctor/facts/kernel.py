"""Kernel, OS and CPU facts."""
from __future__ import annotations

from ..machine.parsers.cmdline import Cmdline, parse_cmdline
from ..machine.parsers.cpuinfo import CpuInfo, parse_cpuinfo
from ..machine.parsers.keyvalue import parse_os_release
from ..base.records import dataclass
from . import Missing, fact


def _need(ctx, path: str) -> str:
    r = ctx.source.read(path)
    if not r.ok:
        raise Missing(f"{path}: {r.error}")
    return r.text


@fact("cmdline")
def cmdline(ctx) -> Cmdline:
    return parse_cmdline(_need(ctx, "/proc/cmdline"))


@fact("kernel_release")
def kernel_release(ctx) -> str:
    text = _need(ctx, "/proc/sys/kernel/osrelease").strip()
    if not text:
        raise Missing("/proc/sys/kernel/osrelease: empty")
    return text


@dataclass(frozen=True)
class OsRelease:
    """os-release: the file read and its KEY=value pairs (an open set: distributions add their own)."""

    path: str
    values: dict[str, str]

    @property
    def id(self) -> str:
        return self.values.get("ID", "")

    @property
    def version_id(self) -> str:
        return self.values.get("VERSION_ID", "")

    @property
    def pretty_name(self) -> str:
        return self.values.get("PRETTY_NAME") or self.values.get("NAME", "unknown")


@fact("os_release")
def os_release(ctx) -> OsRelease:
    for path in ("/etc/os-release", "/usr/lib/os-release"):
        r = ctx.source.read(path)
        if r.ok:
            return OsRelease(path=path, values=parse_os_release(r.text))
    raise Missing("/etc/os-release and /usr/lib/os-release: missing")


@fact("cpu")
def cpu(ctx) -> CpuInfo:
    info = parse_cpuinfo(_need(ctx, "/proc/cpuinfo"))
    if not info.logical_cpus:
        raise Missing("/proc/cpuinfo: no processor entries")
    return info


@fact("mem_total")
def mem_total(ctx) -> int:
    """Host RAM in bytes (/proc/meminfo MemTotal): an APU's GPU memory comes out of it."""
    for line in _need(ctx, "/proc/meminfo").splitlines():
        if line.startswith("MemTotal:"):
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                return int(parts[1]) * 1024
    raise Missing("/proc/meminfo: no MemTotal line")
