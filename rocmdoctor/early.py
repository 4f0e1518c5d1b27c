"""Start the torch child first thing, before the command modules and checks are imported.

The default scan's slowest part is one child of the target interpreter importing torch
(and deepspeed). Started here, from the bare command line, it works while rocmdoctor
imports its modules, loads the checks and runs every check that does not need it.

Only a plain live scan starts it this early: the command line is read conservatively
(any option not listed in SAFE, --select/--ignore among them, leaves the decision to
rocmdoctor.api.scan, which makes it once the selected checks are known). Whether the
child is needed at all is decided from the static facts (probes.runtime_plan): a CPU-only
torch whose DeepSpeed answers are cached needs none.
"""
from __future__ import annotations

from typing import Any

# Options of `scan` that cannot change whether the runtime child is needed; value-taking ones map to True.
SAFE = {"--python": True, "--format": True, "--config": True, "--level": True, "--strict": False,
        "-v": False, "--verbose": False, "--no-plugins": False, "--no-cache": False}
_STARTED: dict[tuple[str | None, bool], Any] = {}


def _options(argv: list[str]) -> dict[str, Any] | None:
    """scan's options as {flag: value}, or None when the line holds anything else."""
    if not argv or argv[0] != "scan":
        return None
    out: dict[str, Any] = {}
    i = 1
    while i < len(argv):
        flag, eq, value = argv[i].partition("=")
        if flag not in SAFE:
            return None
        if SAFE[flag]:
            if not eq:
                i += 1
                if i >= len(argv):
                    return None
                value = argv[i]
            out[flag] = value
        elif eq:
            return None
        else:
            out[flag] = True
        i += 1
    return out


def start(argv: list[str]) -> None:
    """Start the runtime child for this command line if it is a live scan that will need it."""
    opts = _options(argv)
    if opts is None or opts.get("--level", "default") not in ("default", "bench", "train"):
        return
    python = opts.get("--python")
    if opts.get("--no-cache"):
        from .machine import envcache

        envcache.set_off()
    try:
        if python:
            from .usage import check_python

            check_python(python)  # not Python: cli.main reports it (the answer is memoised)
        from .machine.interpreter import choose
        from .machine.sources import LiveSource

        chosen = choose(python)
        src = LiveSource(python=chosen.path, python_why=chosen.why, no_cache=bool(opts.get("--no-cache")))
        src.start_runtime()
    except Exception:  # never let the head start stop the scan (nor a bad --python): it decides again later
        return
    _STARTED[(python, bool(opts.get("--no-cache")))] = src


def take(python: str | None, no_cache: bool) -> Any:
    """The LiveSource started for these options (its child already running), once."""
    return _STARTED.pop((python, no_cache), None)
