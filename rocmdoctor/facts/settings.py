"""The user's files (`rocmdoctor scan --config PATH ...`) as the one settings model.

Unlike every other fact this one is not machine state: the files are the user's own,
read from the local file system even when the machine comes from --root or a snapshot,
so a launch script or a Dockerfile can be checked against a recorded machine.
The live environment (the ``env`` probe) is merged in by the ``env`` fact, not here.
"""
from __future__ import annotations

from ..artifacts.settings import Settings, Setup
from . import Missing, fact


def config_paths(options: dict) -> list[str]:
    """``--config`` as given: one path (older callers) or a list."""
    v = options.get("config")
    if not v:
        return []
    return [str(v)] if isinstance(v, (str, bytes)) or hasattr(v, "__fspath__") else [str(p) for p in v]


@fact("settings")
def settings(ctx) -> Settings:
    paths = config_paths(ctx.options)
    if not paths:
        raise Missing("no configuration files given (use `rocmdoctor scan --config PATH`)")
    from ..artifacts.readers import read_all

    s = read_all(paths, model=ctx.options.get("model"))
    # a file of a known kind that does not parse (a compose file indented wrong) is still judged: RD-CFG-001 names it
    if not s.readable() and all(a.kind == "unknown" for a in s.artifacts):
        raise Missing("; ".join(a.error for a in s.artifacts if a.error) or
                      f"no launch script, Dockerfile, compose file or training config found in {', '.join(paths)}")
    return s


@fact("setups")
def setups(ctx) -> list[Setup]:
    s = ctx.get("settings")
    if not s.setups:
        raise Missing(f"no training arguments or DeepSpeed config in {', '.join(a.path for a in s.readable())}")
    return s.setups
