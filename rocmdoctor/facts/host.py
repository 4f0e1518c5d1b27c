"""Facts from the live probes: environment, identity, device nodes, file systems.

Probe data is conformed to the shape rocmdoctor/machine/probes.py writes: a snapshot can hold
any JSON, and a wrong type must read as absent, not crash the checks.
"""
from __future__ import annotations

from ..base.records import dataclass
from . import Missing, fact, probe_data

IDENTITY = {"uid": int, "euid": int, "user": str, "groups": [{"gid": int, "name": str}],
            "known_groups": {"*": {"gid": int, "members": [str]}}}
DEVNODE = {"path": str, "error": str, "mode": str, "char_device": bool, "uid": int, "gid": int, "group": str,
           "readable": bool, "writable": bool}
FSSTATS = {"*": {"total_bytes": int, "free_bytes": int, "error": str}}


@fact("env")
def env(ctx) -> dict[str, str]:
    """The environment a training job gets: the live one (the ``env`` probe), overlaid by the
    variables the files given with --config set (a script's export, a Dockerfile's ENV, a
    compose ``environment:``). An EnvView: a dict that also knows each value's file and line."""
    from ..artifacts.settings import EnvView

    settings = ctx.optional("settings")
    try:
        data = probe_data(ctx, "env")
        if not isinstance(data, dict):
            raise Missing("env probe: not a mapping")
    except Missing:
        if settings is None:
            raise
        data = {}
    live = {str(k): str(v) for k, v in data.items()}
    if settings is None:
        return EnvView.live(live)
    settings.live_env = live
    return settings.env()


@dataclass(frozen=True)
class GroupEntry:
    """A group as NSS or /etc/group has it; ``line`` is the /etc/group line (evidence)."""

    gid: int
    members: tuple[str, ...] = ()
    line: str | None = None


@dataclass(frozen=True)
class SessionGroup:
    """A group this process holds (os.getgroups), with its name where NSS knows it."""

    gid: int | None = None
    name: str | None = None


@dataclass(frozen=True)
class Identity:
    """Who the doctor runs as, and the GPU groups NSS knows (``None``: the probe did not ask)."""

    uid: int | None = None
    euid: int | None = None
    user: str | None = None
    groups: tuple[SessionGroup, ...] = ()
    known_groups: dict[str, GroupEntry | None] | None = None

    @property
    def root(self) -> bool:
        return self.uid == 0 or self.euid == 0


@fact("identity")
def identity(ctx) -> Identity:
    data = probe_data(ctx, "identity", IDENTITY)
    known = data.get("known_groups")
    if known is not None:  # a group without a numeric gid is no group the checks can use
        known = {k: (GroupEntry(gid=v["gid"], members=tuple(v.get("members") or ()))
                     if v is not None and isinstance(v.get("gid"), int) else None)
                 for k, v in known.items()}
    return Identity(uid=data.get("uid"), euid=data.get("euid"), user=data.get("user"),
                    groups=tuple(SessionGroup(gid=g.get("gid"), name=g.get("name")) for g in data.get("groups") or ()),
                    known_groups=known)


@dataclass(frozen=True)
class DevNode:
    """A GPU device node (/dev/kfd, /dev/dri/renderD*, /dev/dxg) as this process sees it."""

    path: str
    error: str | None = None  # set when it could not be stat'ed (absent, no permission)
    mode: str | None = None
    char_device: bool | None = None
    uid: int | None = None
    gid: int | None = None
    group: str | None = None
    readable: bool | None = None
    writable: bool | None = None


@fact("devnodes")
def devnodes(ctx) -> list[DevNode]:
    data = probe_data(ctx, "devnodes", [DEVNODE])
    return [DevNode(path=e["path"], error=e.get("error"), mode=e.get("mode"), char_device=e.get("char_device"),
                    uid=e.get("uid"), gid=e.get("gid"), group=e.get("group"), readable=e.get("readable"),
                    writable=e.get("writable"))
            for e in data if e.get("path") is not None]


@dataclass(frozen=True)
class FsStat:
    """statvfs of one path: its size and free space, or why it could not be read."""

    total_bytes: int | None = None
    free_bytes: int | None = None
    error: str | None = None


@fact("fsstats")
def fsstats(ctx) -> dict[str, FsStat]:
    data = probe_data(ctx, "fsstats", FSSTATS)
    return {k: FsStat(total_bytes=v.get("total_bytes"), free_bytes=v.get("free_bytes"), error=v.get("error"))
            if v is not None else FsStat() for k, v in data.items()}


@fact("net_interfaces")
def net_interfaces(ctx) -> list[str]:
    """Network interface names (/sys/class/net), for *_SOCKET_IFNAME; unknown when unreadable."""
    import posixpath

    paths = ctx.source.glob("/sys/class/net/*")
    if not paths:
        raise Missing("/sys/class/net lists no interfaces (not readable here or not recorded)")
    return sorted(posixpath.basename(p) for p in paths)
