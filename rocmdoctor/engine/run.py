"""Run checks over facts and collect findings. The one place that calls a check, and
(`run_selection`) the one way every command runs a selection of checks on a machine."""
from __future__ import annotations

import time
import traceback
from typing import Iterable

from . import registry
from .check import NO_DEFAULT, CheckSpec, parameters
from ..facts import Context, Missing, level_rank
from .model import Evidence, Finding, Status
from ..base.records import dataclass, field, replace


def _inputs(spec: CheckSpec, ctx: Context) -> tuple[dict, list[str], list[str]]:
    kwargs: dict = {}
    missing: list[str] = []
    reasons: list[str] = []
    for name, default in parameters(spec.func):
        try:
            kwargs[name] = ctx.get(name)
        except Missing as exc:
            if default is not NO_DEFAULT:
                kwargs[name] = default
            else:
                missing.append(name)
                reasons.append(f"{name}: {exc}")
    return kwargs, missing, reasons


def _normalise(spec: CheckSpec, out) -> list[Finding]:
    if isinstance(out, Finding):
        items: Iterable = [out]
    elif out is None:
        raise TypeError("check returned None; return ok(), skip() or another finding")
    else:
        items = list(out)
    result = []
    for f in items:
        if not isinstance(f, Finding):
            raise TypeError(f"check returned {type(f).__name__}, not a Finding")
        result.append(replace(
            f, code=f.code or spec.code, area=f.area or spec.area, check=spec.name,
            sources=f.sources or spec.sources,
            # A skip always says why in `detail` (docs/json-schema.md); a check's own skip
            # often says it in the title alone.
            detail=f.detail or (f.title if f.status == Status.SKIP else ""),
        ))
    if not result:
        raise TypeError("check returned no findings")
    return result


def run_check(spec: CheckSpec, ctx: Context) -> list[Finding]:
    try:
        kwargs, missing, reasons = _inputs(spec, ctx)
    except Exception as exc:  # a fact function itself crashed
        return [_error(spec, exc, "while computing its facts")]
    if missing:
        return [Finding(code=spec.code, status=Status.SKIP, area=spec.area, check=spec.name,
                        title=f"{spec.title}: not checked", detail="; ".join(reasons),
                        missing=tuple(missing), sources=spec.sources)]
    try:
        return _normalise(spec, spec.func(**kwargs))
    except Exception as exc:
        return [_error(spec, exc, "")]


def _error(spec: CheckSpec, exc: BaseException, where: str) -> Finding:
    tb = traceback.extract_tb(exc.__traceback__)
    at = f"{tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else "?"
    msg = f"{type(exc).__name__}: {exc}"
    return Finding(code=spec.code, status=Status.ERROR, area=spec.area, check=spec.name,
                   title=f"{spec.title}: the check crashed{(' ' + where) if where else ''}",
                   detail=f"{msg} (at {at}). Please report it with `rocmdoctor snapshot`.",
                   evidence=(Evidence("rocmdoctor", msg),), sources=spec.sources)


def applicable(specs: list[CheckSpec], ctx: Context) -> list[CheckSpec]:
    """The checks this scan runs: at or below its level, with their option given."""
    return [s for s in specs if level_rank(s.level) <= level_rank(ctx.level)
            and not (s.option and not ctx.options.get(s.option))]


def needs_runtime(spec: CheckSpec) -> bool:
    from ..facts.python_env import RUNTIME_FACTS

    return any(name in RUNTIME_FACTS for name in spec.facts)


def run(specs: list[CheckSpec], ctx: Context) -> tuple[list[Finding], float]:
    """Run the checks. Those that may wait for the runtime Python probe run last, so
    everything else is done while that child imports torch; findings keep spec order."""
    t0 = time.monotonic()
    todo = applicable(specs, ctx)
    results: dict[int, list[Finding]] = {}
    for late in (False, True):
        for i, spec in enumerate(todo):
            if needs_runtime(spec) == late:
                results[i] = run_check(spec, ctx)
    findings = [f for i in range(len(todo)) for f in results[i]]
    return findings, time.monotonic() - t0


@dataclass
class Selection:
    """What `run_selection` did: the checks selected (before the level filter), their findings."""

    specs: list[CheckSpec]
    findings: list[Finding]
    seconds: float
    problems: list[str] = field(default_factory=list)  # plugins that could not be loaded or reuse a code


def run_selection(ctx: Context, select: Iterable[str] | None = None, ignore: Iterable[str] | None = None, *,
                  plugins: bool | None = None, every_level: bool = False, done: Iterable[str] = ()) -> Selection:
    """Run the checks ``select``/``ignore`` name (codes or prefixes; all when ``select`` is empty) on
    the machine ``ctx`` reads, skipping the codes in ``done``. Every command runs checks this way.

    Only the check modules this scan's level can run are imported, unless ``every_level`` (explain
    wants the level of a check it cannot run, to say which level would). When a selected check needs
    the torch child, it is started before the others run, so torch imports while they work."""
    reg = registry.load(plugins) if every_level else registry.load(plugins, ctx.level, ctx.options)
    skip = set(done)
    specs = [s for s in reg.select(select, ignore) if s.code not in skip]
    src = ctx.source
    if ctx.at_least("default") and hasattr(src, "start_runtime") \
            and any(needs_runtime(s) for s in applicable(specs, ctx)):
        src.start_runtime()
    findings, took = run(specs, ctx)
    return Selection(specs, findings, took, list(reg.problems))
