"""A project's own settings: `[tool.rocmdoctor]` in pyproject.toml, or rocmdoctor.toml
(the same keys at its top level, or under [tool.rocmdoctor]), as ruff and mypy read theirs.

    [tool.rocmdoctor]
    select = ["RD-CFG", "RD-CTR", "RD-IMG", "RD-PREC"]
    ignore = ["RD-PREC-013"]
    strict = true
    config = ["train.sh", "docker/"]     # what `scan` and `fix` lint without --config

The nearest one wins, looking from the working directory up to the file system root
(rocmdoctor.toml before pyproject.toml in the same directory; a pyproject.toml without the
table is passed over). `config` paths are relative to the file that names them. An option
on the command line replaces the file's value for that key (`--select` replaces `select`);
`--no-project-config` ignores the file. A bad file (not TOML, an unknown key, a value of the
wrong type) is a usage error naming the file (exit 2); the report's notes name the file used.
"""
from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, Any

from .usage import UsageError
from .base.untrusted import pick

if TYPE_CHECKING:
    import argparse

KEYS: dict[str, type] = {"select": list, "ignore": list, "strict": bool, "config": list}
NAMES = ("rocmdoctor.toml", "pyproject.toml")
# Most pyproject.toml files have no rocmdoctor table: a look at the bytes passes them over
# without importing a TOML parser (a quick scan in a Python project pays nothing for this).
_TABLE = re.compile(rb"^[ \t]*\[[ \t]*tool[ \t]*\.[ \t]*[\"']?rocmdoctor[\"']?[ \t]*(?:[\].]|$)", re.M)


def _toml(path: str, data: bytes) -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - 3.9/3.10: the tomli backport (a dependency there)
        import tomli as tomllib
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not valid TOML: {exc}") from None


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read(1 << 20)
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror or exc}") from None


def find(start: str | None = None) -> tuple[str, dict] | None:
    """(path, table) of the nearest project config, or None."""
    d = os.path.abspath(start or os.getcwd())
    while True:
        for name in NAMES:
            p = os.path.join(d, name)
            if not os.path.isfile(p):
                continue
            raw = _read(p)
            if name == "pyproject.toml" and not _TABLE.search(raw):
                continue
            data = _toml(p, raw)
            table = pick(data, "tool", "rocmdoctor")
            if table is None and name == "rocmdoctor.toml":
                table = {k: v for k, v in data.items() if k != "tool"}
            if table is not None:
                return p, table
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def validate(path: str, table: object) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise UsageError(f"{path}: [tool.rocmdoctor] must be a table")
    out: dict[str, Any] = {}
    for k, v in table.items():
        want = KEYS.get(k)
        if want is None:
            raise UsageError(f"{path}: unknown key {k!r} in the rocmdoctor settings (known: {', '.join(KEYS)})")
        if want is list and isinstance(v, str):
            v = [v]
        ok = isinstance(v, list) and all(isinstance(x, str) for x in v) if want is list else isinstance(v, want)
        if not ok:
            raise UsageError(f"{path}: {k} must be {'a list of strings' if want is list else 'true or false'}")
        out[k] = v
    if "config" in out:
        base = os.path.dirname(path)
        out["config"] = [x if os.path.isabs(x) else os.path.normpath(os.path.join(base, x)) for x in out["config"]]
    return out


def apply(a: argparse.Namespace) -> str | None:
    """Fill the options the command line left unset from the project config; returns the
    file used (for the report's notes), or None."""
    if getattr(a, "no_project_config", False) or not any(hasattr(a, k) for k in KEYS):
        return None
    hit = find()
    if hit is None:
        return None
    path, table = hit
    cfg = validate(path, table)
    used: dict[str, str] = {}  # key -> the file it came from
    for key in ("select", "ignore", "config"):
        if key in cfg and hasattr(a, key) and not getattr(a, key):
            setattr(a, key, list(cfg[key]))
            used[key] = path
    if cfg.get("strict") and hasattr(a, "strict") and not a.strict:
        a.strict = True
        used["strict"] = path
    a.project_keys = used
    return path if used else None
