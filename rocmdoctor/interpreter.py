"""Which Python interpreter a live scan inspects, and why.

Installed as the README says (its own venv, or pipx), rocmdoctor runs in an interpreter
that has no torch; the user means the environment they train in. So: an explicit
``--python``; else the active virtual environment (``VIRTUAL_ENV``) or conda environment
(``CONDA_PREFIX``); else the ``python3`` on PATH; else rocmdoctor's own interpreter.
The report names the one chosen and the reason at its top.

:func:`choose` is the one place that decides; commands that run the target interpreter
(scan, fix, snapshot, env, recommend, bench, train) call it.
"""
from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from typing import Callable, Mapping


@dataclass(frozen=True)
class Interpreter:
    path: str  # the executable to run
    why: str  # how it was chosen, for the report ("--python", "active virtual environment", ...)

    @property
    def own(self) -> bool:
        """True when this is the interpreter rocmdoctor itself runs in, so static facts
        can be read in-process instead of in a child."""
        return is_own(self.path)


def is_own(path: str) -> bool:
    """Same interpreter *and* same environment. A venv's python links to the base
    interpreter, so the real binary alone would call every venv the same: the directory
    it is run from (which holds pyvenv.cfg's venv) must match too."""
    try:
        here = os.path.abspath(sys.executable)
        there = os.path.abspath(path)
        if here == there:
            return True
        return (os.path.dirname(here) == os.path.dirname(there)
                and os.path.realpath(here) == os.path.realpath(there))
    except (OSError, ValueError):
        return False


def _env_python(prefix: str) -> str | None:
    for name in ("python", "python3"):
        cand = os.path.join(prefix, "bin", name)
        if os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return None


def choose(explicit: str | None = None, environ: Mapping[str, str] | None = None,
           which: Callable[[str], str | None] | None = None) -> Interpreter:
    """The interpreter to inspect. ``explicit`` (from --python) is taken as given; the
    caller validates that it runs Python."""
    env = os.environ if environ is None else environ
    if explicit:
        return Interpreter(explicit, "--python")
    for var, what in (("VIRTUAL_ENV", "the active virtual environment"), ("CONDA_PREFIX", "the active conda environment")):
        prefix = env.get(var)
        if prefix:
            exe = _env_python(prefix)
            if exe:
                return Interpreter(exe, f"{what} ({var}={prefix})")
    found = which("python3") if which else shutil.which("python3", path=env.get("PATH", os.defpath))
    if found:
        return Interpreter(os.path.abspath(found), "python3 on PATH")
    return Interpreter(sys.executable, "rocmdoctor's own interpreter (no python3 on PATH)")
