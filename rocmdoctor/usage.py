"""Option checks every command shares, run once after parsing (rocmdoctor.cli.main).

A bad option is a usage error (exit 2) and an unusable input is an input error (exit 3)
before any work starts, so a typo in a Slurm prolog never passes as "0 failed".
"""
from __future__ import annotations

import argparse
import functools
import os
import sys

from .machine.proc import run as run_command


class UsageError(Exception):
    """Conflicting or unknown options: exit 2."""


class InputError(Exception):
    """An input that cannot be used (an interpreter that is not Python): exit 3."""


def positive_float(text: str) -> float:
    """argparse type for timeouts: a number above zero (argparse then exits 2)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} must be a number of seconds above 0")
    return value


def csv(values: list[str] | None) -> list[str]:
    out: list[str] = []
    for v in values or []:
        out.extend(x.strip() for x in v.split(",") if x.strip())
    return out


def check_args(a) -> None:
    """Every check of one parsed command line; raises UsageError or InputError."""
    check_sources(a)
    select, ignore = getattr(a, "select", None), getattr(a, "ignore", None)
    if select or ignore:
        origin = getattr(a, "project_keys", {})  # codes read from [tool.rocmdoctor] are named by their file
        check_codes(csv(select), csv(ignore), plugins=False if getattr(a, "no_plugins", False) else None,
                    labels={k: f"{origin[k]}: {k}" for k in origin})
    out = getattr(a, "output", None)
    if out and getattr(a, "command", None) != "snapshot":  # snapshot's -o is the folder it writes
        from .output.sink import check_path

        problem = check_path(out)
        if problem:
            raise UsageError(problem)
    if getattr(a, "python", None):
        a.python = python_in(a.python)
        check_python(a.python)


def check_sources(a) -> None:
    chosen = [f"--{n}" for n in ("root", "snapshot", "example") if getattr(a, n, None)]
    if len(chosen) > 1:
        raise UsageError(f"{' and '.join(chosen)} conflict: choose one of --root, --snapshot and --example")
    if chosen and getattr(a, "python", None) and not getattr(a, "cluster", False):
        what = {"--example": "replays the example's recorded Python probe",
                "--snapshot": "replays the snapshot's recorded Python probe",
                "--root": "reads files only and runs no interpreter"}[chosen[0]]
        raise UsageError(f"{chosen[0]} {what}; --python would be ignored: drop one of them")


def python_in(path: str) -> str:
    """--python accepts a venv or conda env folder (the help invites one): its bin/python."""
    if not os.path.isdir(path):
        return path
    for name in ("bin/python", "bin/python3"):
        exe = os.path.join(path, name)
        if os.path.isfile(exe) and os.access(exe, os.X_OK):
            return exe
    raise InputError(f"--python {path}: a folder without bin/python; give a venv or conda env folder, or the "
                     f"interpreter itself (…/bin/python)")


def prefixes(codes) -> list[str]:
    """'RD-IOMMU-001' -> 'RD-IOMMU': the prefixes --select and --ignore accept."""
    return sorted({c.rsplit("-", 1)[0] for c in codes})


def check_codes(select: list[str], ignore: list[str], plugins: bool | None = None,
                labels: dict[str, str] | None = None) -> None:
    from .engine import registry

    codes = [c.code for c in registry.load(plugins).checks]
    labels = labels or {}
    for flag, patterns in ((labels.get("select", "--select"), select), (labels.get("ignore", "--ignore"), ignore)):
        unknown = [p for p in patterns if not any(registry.matches(c, [p]) for c in codes)]
        if unknown:
            raise UsageError(f"{flag} {', '.join(unknown)}: no check has "
                             f"{'this code or prefix' if len(unknown) == 1 else 'these codes or prefixes'} "
                             f"(a prefix is whole dash-separated parts); valid prefixes: "
                             f"{', '.join(prefixes(codes))} (`rocmdoctor list` shows every code)")
    if select and ignore and not any(registry.matches(c, select) and not registry.matches(c, ignore) for c in codes):
        both = [p for p in select if any(registry.matches(c, [p]) for c in codes if registry.matches(c, ignore))]
        raise UsageError(f"{labels.get('select', '--select')} {', '.join(both or select)} and "
                         f"{labels.get('ignore', '--ignore')} {', '.join(ignore)} conflict: every selected check is "
                         f"ignored, so nothing would be checked")


def require_torch(python: str) -> None:
    """bench and train need torch in the interpreter they run; say so plainly (exit 3)
    instead of reporting a benchmark that "did not run"."""
    code = "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('torch') else 7)"
    r = run_command([python, "-c", code], timeout=60)
    if r.returncode == 7:
        raise InputError(f"torch is not importable in {python}; use --python PATH to name the interpreter of "
                         "the environment that has torch (a venv's or conda env's bin/python)")


# What a Python interpreter prints for this, and nothing else does.
_PROBE = "import sys; print('rocmdoctor-python', sys.version_info[0], sys.version_info[1])"


@functools.lru_cache(maxsize=8)  # cli.main and early.start (the torch child's head start) both ask
def check_python(path: str) -> str:
    """Validate --python once: an executable that runs as Python 3. Returns 'X.Y'."""
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise InputError(f"--python {path}: not an executable file")
    if os.path.abspath(path) == os.path.abspath(sys.executable):
        return f"{sys.version_info[0]}.{sys.version_info[1]}"  # rocmdoctor's own interpreter
    # The answer only changes when the file (or what it links to) does: cached on that
    # (rocmdoctor.machine.envcache), it costs no process on the next scan.
    from .machine import envcache

    real = os.path.realpath(path)
    key = envcache.key("python_check", os.path.abspath(path), real, envcache.stat_signature(path), envcache.stat_signature(real))
    hit = envcache.get(None, key)
    if isinstance(hit, str) and hit.startswith("3."):
        return hit
    r = run_command([path, "-I", "-S", "-c", _PROBE], timeout=20)
    words = (r.stdout or "").split()
    if not r.ok or len(words) != 3 or words[0] != "rocmdoctor-python":
        said = (r.stderr or r.stdout or "").strip().splitlines()
        why = (r.error or ("no answer within 20 s" if r.timed_out else f"exited {r.returncode}")) if not r.ok \
            else ("it printed nothing" if not words else "it printed something else")
        raise InputError(f"--python {path}: not a Python interpreter ({why}"
                         f"{': ' + said[-1][:200] if said else ''}); give the path of a venv's or conda "
                         f"env's bin/python")
    if words[1] != "3":
        raise InputError(f"--python {path}: Python {words[1]}.{words[2]}; rocmdoctor probes Python 3")
    envcache.put(None, key, f"{words[1]}.{words[2]}")
    return f"{words[1]}.{words[2]}"
