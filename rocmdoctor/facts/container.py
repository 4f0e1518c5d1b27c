"""Are we in a container, and how big is /dev/shm?"""
from __future__ import annotations

import re

from ..machine.parsers.mounts import parse_mounts, size_option
from ..base.records import dataclass
from . import Missing, fact

_CGROUP_HINTS = re.compile(r"docker|kubepods|containerd|libpod|lxc|crio")


@dataclass(frozen=True)
class ContainerInfo:
    in_container: bool
    runtime: str | None  # docker, podman, kubernetes, lxc, ...
    evidence: tuple[tuple[str, str], ...]  # (source, text)


@fact("container")
def container(ctx) -> ContainerInfo:
    src = ctx.source
    ev: list[tuple[str, str]] = []
    runtime = None
    if src.exists("/.dockerenv"):
        runtime = "docker"
        ev.append(("/.dockerenv", "exists"))
    if src.exists("/run/.containerenv"):
        runtime = runtime or "podman"
        ev.append(("/run/.containerenv", "exists"))
    cg = src.text("/proc/1/cgroup") or ""
    m = _CGROUP_HINTS.search(cg)
    if m:
        runtime = runtime or ("kubernetes" if m.group(0) == "kubepods" else m.group(0))
        line = next(ln for ln in cg.splitlines() if m.group(0) in ln)
        ev.append(("/proc/1/cgroup", line.strip()))
    env = ctx.optional("env") or {}
    if env.get("container"):
        runtime = runtime or env["container"]
        ev.append(("environment", f"container={env['container']}"))
    if not ev:
        res = src.run(["systemd-detect-virt", "--container"], timeout=5)
        out = res.stdout.strip()
        if res.returncode == 0 and out and out != "none":
            runtime = out
            ev.append(("cmd: systemd-detect-virt --container", out))
    return ContainerInfo(bool(ev), runtime, tuple(ev))


@dataclass(frozen=True)
class ShmInfo:
    size_bytes: int | None
    source: str
    text: str


@fact("shm")
def shm(ctx) -> ShmInfo:
    src = ctx.source
    text = src.text("/proc/mounts")
    if text:
        for m in parse_mounts(text):
            if m.mountpoint == "/dev/shm":
                line = f"{m.device} {m.mountpoint} {m.fstype} " + ",".join(
                    k if v is None else f"{k}={v}" for k, v in m.options.items())
                size = size_option(m.options.get("size"))
                if size is not None:
                    return ShmInfo(size, "/proc/mounts", line)
                break
    stats = ctx.optional("fsstats")
    entry = stats.get("/dev/shm") if stats is not None else None
    if entry is not None and entry.total_bytes is not None:
        return ShmInfo(entry.total_bytes, "probe: statvfs(/dev/shm)", f"{entry.total_bytes} bytes")
    raise Missing("/dev/shm: not in /proc/mounts and no statvfs probe")


# Where the CDI spec generators write (amd-ctk cdi generate: /etc/cdi/amd.json by default).
CDI_DIRS = ("/etc/cdi", "/var/run/cdi", "/run/cdi")


@fact("amd_cdi")
def amd_cdi(ctx) -> tuple[str, ...]:
    """The CDI spec files that declare AMD GPUs (kind amd.com/gpu): with one, `--device
    amd.com/gpu=all` works, and on Docker 29.3 or newer so does `--gpus`, without /dev nodes."""
    src = ctx.source
    found = []
    for d in CDI_DIRS:
        for path in sorted(src.glob(d + "/*")):
            if path.endswith((".json", ".yaml", ".yml")) and "amd.com/gpu" in (src.text(path) or "")[:65536]:
                found.append(path)
    return tuple(found)
