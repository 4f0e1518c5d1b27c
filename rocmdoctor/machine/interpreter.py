"""Which Python interpreter a live scan inspects, and why.

Installed as the README says (its own venv, or pipx), rocmdoctor runs in an interpreter
that has no torch; the user means the environment they train in. So: an explicit
``--python``; else the active virtual environment (``VIRTUAL_ENV``) or conda environment
(``CONDA_PREFIX``); else the ``python3`` on PATH (through a pyenv shim to the interpreter it
runs, :func:`pyenv_target`); else rocmdoctor's own interpreter.
The report names the one chosen and the reason at its top.

:func:`choose` is the one place that decides; commands that run the target interpreter
(scan, fix, snapshot, env, recommend, bench, train) call it.
"""
from __future__ import annotations

import os
import shutil
import sys
from typing import Callable, Mapping

from ..base.records import dataclass


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


def pyenv_target(shim: str, env: Mapping[str, str], cwd: str | None = None) -> str | None:
    """The interpreter a pyenv shim runs, found as pyenv finds it (``PYENV_VERSION``, else the
    nearest ``.python-version`` from the working directory up, else ``$PYENV_ROOT/version``),
    so the scan runs it directly: the shim is a bash script that costs 200 ms a start, and a
    script cannot be cached. None (the shim is used as it is) for anything else: not a pyenv
    shim, the system Python, a version name pyenv would have to resolve, a missing binary."""
    shims = os.path.dirname(shim)
    root = os.path.dirname(shims)
    if os.path.basename(shims) != "shims" or not os.path.isdir(os.path.join(root, "versions")):
        return None
    try:
        with open(shim, "rb") as fh:
            head = fh.read(1024)
    except OSError:
        return None
    if not head.startswith(b"#!") or b"pyenv" not in head:
        return None
    names = [v for v in env.get("PYENV_VERSION", "").split(":") if v.strip()]
    if not names:
        d = env.get("PYENV_DIR") or cwd or os.getcwd()
        files = []
        while True:
            files.append(os.path.join(d, ".python-version"))
            parent = os.path.dirname(d)
            if parent == d:
                break
            d = parent
        for f in files + [os.path.join(root, "version")]:
            try:
                with open(f, encoding="utf-8", errors="replace") as fh:
                    names = [w for line in fh.read(4096).splitlines()
                             for w in line.split("#", 1)[0].split()]
            except OSError:
                continue
            if names:
                break
    for name in names:
        name = name.strip()
        if name == "system" or "/" in name or name in (".", ".."):
            return None
        cand = os.path.join(root, "versions", name, "bin", os.path.basename(shim))
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
        found = os.path.abspath(found)
        real = pyenv_target(found, env)
        if real:
            return Interpreter(real, f"python3 on PATH, through pyenv's shim {found}")
        return Interpreter(found, "python3 on PATH")
    return Interpreter(sys.executable, "rocmdoctor's own interpreter (no python3 on PATH)")
