"""Facts from the live probes: environment, identity, device nodes, file systems.

Probe data is conformed to the shape rocmdoctor/machine/probes.py writes: a snapshot can hold
any JSON, and a wrong type must read as absent, not crash the checks.
"""
from __future__ import annotations

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


@fact("identity")
def identity(ctx) -> dict:
    data = probe_data(ctx, "identity", IDENTITY)
    known = data.get("known_groups")
    if known is not None:  # a group without a numeric gid is no group the checks can use
        data["known_groups"] = {k: (dict(v, members=v.get("members") or [])
                                    if v is not None and isinstance(v.get("gid"), int) else None)
                                for k, v in known.items()}
    return data


@fact("devnodes")
def devnodes(ctx) -> list[dict]:
    data = probe_data(ctx, "devnodes", [DEVNODE])
    return [e for e in data if e.get("path") is not None]


@fact("fsstats")
def fsstats(ctx) -> dict:
    data = probe_data(ctx, "fsstats", FSSTATS)
    return {k: (v or {}) for k, v in data.items()}


@fact("net_interfaces")
def net_interfaces(ctx) -> list[str]:
    """Network interface names (/sys/class/net), for *_SOCKET_IFNAME; unknown when unreadable."""
    import posixpath

    paths = ctx.source.glob("/sys/class/net/*")
    if not paths:
        raise Missing("/sys/class/net lists no interfaces (not readable here or not recorded)")
    return sorted(posixpath.basename(p) for p in paths)
