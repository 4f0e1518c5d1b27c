"""The library entry points. The CLI is a thin layer over these."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Iterable

from .engine.run import run_selection
from .facts import Context
from .engine.model import Report
from .machine.sources import LiveSource, RootSource, SnapshotSource, Source, SourceError

if TYPE_CHECKING:
    from .facts.advice import Recommendation


def examples() -> dict[str, str]:
    """Embedded example snapshots: name -> directory."""
    from importlib import resources  # not at import: it pulls in tempfile, random and hashlib

    base = resources.files("rocmdoctor") / "examples"
    out = {}
    try:
        for entry in sorted(base.iterdir(), key=lambda p: p.name):
            if entry.is_dir() and (entry / "manifest.json").is_file():
                out[entry.name] = str(entry)
    except FileNotFoundError:
        pass
    return out


def make_source(*, root: str | None = None, snapshot: str | None = None, example: str | None = None,
                python: str | None = None, no_cache: bool = False) -> Source:
    given = [x for x in (root, snapshot, example) if x]
    if len(given) > 1:
        raise SourceError("choose one of --root, --snapshot and --example")
    if example:
        ex = examples()
        if example not in ex:
            raise SourceError(f"no example named {example!r}; examples: {', '.join(ex) or 'none'}")
        return SnapshotSource(ex[example], label=f"example:{example}")
    if snapshot:
        return SnapshotSource(snapshot)
    if root:
        return RootSource(root)
    if python and not (os.path.isfile(python) and os.access(python, os.X_OK)):
        raise SourceError(f"--python {python}: not an executable file")
    from .early import take

    started = take(python, no_cache)  # cli.main may have started its torch child already
    if started is not None:
        return started
    from .machine.interpreter import choose

    chosen = choose(python)
    return LiveSource(python=chosen.path, python_why=chosen.why, no_cache=no_cache)


def scan(*, level: str = "default", select: Iterable[str] | None = None, ignore: Iterable[str] | None = None,
         root: str | None = None, snapshot: str | None = None, example: str | None = None,
         python: str | None = None, source: Source | None = None, plugins: bool | None = None,
         options: dict | None = None, no_cache: bool = False) -> Report:
    """Scan a machine (live by default) and return the report. Raises SourceError for
    unusable input (a bad snapshot path, a newer snapshot format)."""
    from . import __version__

    src = source or make_source(root=root, snapshot=snapshot, example=example, python=python, no_cache=no_cache)
    from .machine import envcache

    envcache.set_off(bool(no_cache or getattr(src, "no_cache", False)))  # the requirement checks' cache too
    ctx = Context(src, level, options)
    sel = run_selection(ctx, select, ignore, plugins=plugins)
    findings = sel.findings
    notes = [f"plugin problem: {p}" for p in sel.problems]
    return Report(findings=findings, source=src.describe(), level=level, tool_version=__version__,
                  duration_s=round(sel.seconds, 3), notes=notes, results={k: v.raw for k, v in ctx.computed(("bench_", "train_")).items()},
                  gpus_found=_amd_gpus(ctx), context=ctx, warnings=_interpreter_warnings(src, ctx, findings))


def _amd_gpus(ctx) -> int:
    """AMD GPUs the scan found (KFD topology); 0 when the topology is absent or unreadable."""
    try:
        return len(ctx.optional("gpus") or [])
    except Exception:  # the verdict line must never break a scan
        return 0


def _interpreter_warnings(src: Source, ctx: Context, findings) -> list[str]:
    """A live scan whose interpreter has no torch inspected the wrong environment, or the
    user's has no torch: say so at the top, not only in the list of skips."""
    desc = src.describe()
    if desc.get("kind") != "live" or not ctx.at_least("default"):
        return []
    static = ctx.optional("python_static")
    if static is None or static.torch is not None:
        return []
    from .engine.model import Status

    needs = {"torch", "torch_runtime", "deepspeed_ops", "deepspeed_probe"}
    n = sum(1 for f in findings if f.status == Status.SKIP and needs & set(f.missing))
    if not n:  # the selected checks do not need torch (--select RD-RCCL-001): nothing to warn about
        return []
    exe = static.python.executable or desc.get("python")
    why = desc.get("python_why")
    return [f"torch is not installed in {exe}" + (f" ({why})" if why else "")
            + f": {n} check{'s' if n != 1 else ''} that need it did not run. Activate your training "
            "environment or pass --python /path/to/env/bin/python."]


def recommend_for(*, model: str | None = None, level: str = "default", options: dict | None = None,
                  **scan_kwargs) -> Recommendation:
    """Scan a machine like :func:`rocmdoctor.scan` (root=, snapshot=, example=, python=, source=)
    and recommend for it."""
    from .facts.advice import read_model, recommend

    src = scan_kwargs.pop("source", None) or make_source(**scan_kwargs)
    return recommend(Context(src, level, options), model=read_model(model))
