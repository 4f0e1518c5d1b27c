"""The Python environment being diagnosed, probed in a child process."""
from __future__ import annotations

from . import Missing, fact


@fact("python")
def python(ctx) -> dict:
    if not ctx.at_least("default"):
        raise Missing("the Python-environment probe runs at --level default and above")
    r = ctx.source.probe("python")
    if not r.ok:
        raise Missing(f"python probe: {r.error}")
    if not isinstance(r.data, dict):
        raise Missing("python probe: unreadable result")
    return r.data


@fact("torch")
def torch(ctx) -> dict:
    py = ctx.get("python")
    t = py.get("torch")
    if not isinstance(t, dict):
        exe = (py.get("python") or {}).get("executable", "the scanned interpreter")
        why = py.get("torch_import_error") or "not installed"
        raise Missing(f"torch is not importable in {exe} ({why})")
    return t


@fact("distributions")
def distributions(ctx) -> dict:
    d = ctx.get("python").get("distributions")
    if not isinstance(d, dict):
        raise Missing("python probe: no distribution list")
    return d
