"""Facts from the live probes: environment, identity, device nodes, file systems."""
from __future__ import annotations

from . import Missing, fact


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
    return _probe(ctx, "identity")


@fact("devnodes")
def devnodes(ctx) -> list[dict]:
    data = _probe(ctx, "devnodes")
    if not isinstance(data, list):
        raise Missing("devnodes probe: not a list")
    return data


@fact("fsstats")
def fsstats(ctx) -> dict:
    return _probe(ctx, "fsstats")
