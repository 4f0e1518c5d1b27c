"""Facts from the live probes: environment, identity, device nodes, file systems.

Probe data is conformed to the shape rocmdoctor/probes.py writes: a snapshot can hold
any JSON, and a wrong type must read as absent, not crash the checks.
"""
from __future__ import annotations

from . import Missing, conform, fact

IDENTITY = {"uid": int, "euid": int, "user": str, "groups": [{"gid": int, "name": str}],
            "known_groups": {"*": {"gid": int, "members": [str]}}}
DEVNODE = {"path": str, "error": str, "mode": str, "char_device": bool, "uid": int, "gid": int, "group": str,
           "readable": bool, "writable": bool}
FSSTATS = {"*": {"total_bytes": int, "free_bytes": int, "error": str}}


def _probe(ctx, name: str):
    r = ctx.source.probe(name)
    if not r.ok:
        raise Missing(f"{name} probe: {r.error}")
    return r.data


@fact("env")
def env(ctx) -> dict[str, str]:
    data = _probe(ctx, "env")
    if not isinstance(data, dict):
        raise Missing("env probe: not a mapping")
    return {str(k): str(v) for k, v in data.items()}


@fact("identity")
def identity(ctx) -> dict:
    data = conform(_probe(ctx, "identity"), IDENTITY)
    if data is None:
        raise Missing("identity probe: not a mapping")
    known = data.get("known_groups")
    if known is not None:  # a group without a numeric gid is no group the checks can use
        data["known_groups"] = {k: (dict(v, members=v.get("members") or [])
                                    if v is not None and isinstance(v.get("gid"), int) else None)
                                for k, v in known.items()}
    return data


@fact("devnodes")
def devnodes(ctx) -> list[dict]:
    data = conform(_probe(ctx, "devnodes"), [DEVNODE])
    if data is None:
        raise Missing("devnodes probe: not a list")
    return [e for e in data if e.get("path") is not None]


@fact("fsstats")
def fsstats(ctx) -> dict:
    data = conform(_probe(ctx, "fsstats"), FSSTATS)
    if data is None:
        raise Missing("fsstats probe: not a mapping")
    return {k: (v or {}) for k, v in data.items()}
