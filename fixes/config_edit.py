"""Display-only edits to the user's own configuration files (`scan --config`, `fix --config`).

FixPlan contract: ``fixer="config_edit"``, ``params={"edits": [{"path": P, "syntax": S,
"ops": [...]}]}`` (operations: rocmdoctor/artifacts/config_edits.py). The plan shows one unified diff
per file (the changed lines with their neighbours) and is always display-only: rocmdoctor
never writes a user's training config, launch script or Dockerfile, and a path that is not
among the files the scan read (``fctx.options["config_files"]``) is refused.
"""
from __future__ import annotations

import os

from rocmdoctor.artifacts.config_edits import EditError, apply
from rocmdoctor.remedy.fixplan import Concrete, FileEdit, FixContext
from rocmdoctor.engine.model import Applicability, FixPlan

NAME = "config_edit"


def plan(fp: FixPlan, fctx: FixContext) -> Concrete:
    c = Concrete(title=fp.title, fixer=NAME, applicability=Applicability.DISPLAY_ONLY,
                 why="an edit to your own file: shown as a diff, never applied by rocmdoctor",
                 params=dict(fp.params))
    allowed = {os.path.realpath(p) for p in (fctx.options.get("config_files") or [])}
    problems = []
    merged: dict[str, dict] = {}
    for e in fp.params.get("edits") or []:
        m = merged.setdefault(e["path"], {"path": e["path"], "syntax": e["syntax"], "ops": []})
        m["ops"].extend(e["ops"])
    for e in merged.values():
        path = e["path"]
        if allowed and os.path.realpath(path) not in allowed:
            problems.append(f"{path}: not among the files given with --config; not shown")
            continue
        try:
            with open(path, encoding="utf-8") as fh:
                old = fh.read()
            new = apply(old, e["syntax"], e["ops"])
        except (OSError, UnicodeDecodeError, ValueError) as exc:  # EditError, JSONDecodeError
            problems.append(f"{path}: {exc}")
            continue
        if new != old:
            c.edits.append(FileEdit(path, old, new, note="display-only: edit it yourself"))
    shown = {e.path for e in c.edits}
    for a in fp.actions:
        if a.env:
            c.notes.extend(f"unset {k}" if v is None else f"export {k}={v}" for k, v in a.env.items())
        elif not a.path or a.path not in shown:  # prose the diffs do not carry
            c.notes.append(a.description)
    if problems:
        c.notes.extend(f"not shown as a diff: {p}" for p in problems)
    if not c.edits and not c.notes:
        c.nothing_to_do = "the files already say this"
    return c


def diffs(fp: FixPlan, config_files: list[str]) -> list[FileEdit]:
    """The FileEdits of a plan, for code that renders them outside `fix` (tests, the API)."""
    return plan(fp, FixContext(None, None, {"config_files": config_files})).edits
