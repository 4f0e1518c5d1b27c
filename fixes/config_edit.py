"""Edits to the user's own files read with `--config`: launch and Slurm scripts, Dockerfiles,
compose files, requirements files, DeepSpeed JSON, LLaMA-Factory YAML, HF arguments.

FixPlan contract: ``fixer="config_edit"``, ``params={"edits": [{"path": P, "syntax": S,
"ops": [...]}]}`` (operations: rocmdoctor/artifacts/config_edits.py; for YAML also nested keys,
``{"op": "set"|"remove"|"append", "path": ["services", "train", "devices"], "value": V}``, edited
with ruamel.yaml's round trip, which keeps comments, key order and quoting).

One plan per file: :func:`regroup` merges every finding's operations on a file into one
plan, drops repeats, and where two findings want different values for one setting, keeps
one and says which and why (:func:`resolve`). The plan is **safe**: the user named the
file with --config, the edit changes only the lines the findings name (comments, key
order, quoting and line ends stay), and --undo restores the bytes. A check may mark its
plan unsafe. A path that is not among the files the scan read is refused. The files live
on this machine (``FileEdit.host``), so they are written even when the machine facts come
from --example or --snapshot. Verified by running the findings' checks again.
"""
from __future__ import annotations

import json
import os

from rocmdoctor.artifacts.yaml_edits import drop_emptied, edit_text
from rocmdoctor.engine.model import Action, Applicability, FixPlan
from rocmdoctor.machine.sources import LiveSource
from rocmdoctor.remedy.fixplan import Concrete, FileEdit, FixContext, Refused

NAME = "config_edit"

# Settings where turning a reduced-precision mode off is the choice that trains every model:
# fp16 overflows some (Qwen2 in fp16: loss 0.0, grad_norm nan), bf16 is emulated on gfx906.
_OFF_WINS = {"fp16", "bf16", "tf32", "pure_bf16", "half_precision_backend"}


def _op_key(op: dict) -> tuple:
    if op.get("path"):  # a nested YAML key (compose: services.NAME.devices)
        return ("path", tuple(op["path"]), op["op"], json.dumps(op.get("value")) if op["op"] == "append" else None)
    if op["op"] in ("set", "remove"):
        return ("key", op["key"], op.get("line"))  # "line": one launch of a script with several
    if op["op"] == "insert_after":  # several lines may follow one line
        return ("line", int(op["line"]), op["op"], op.get("text"))
    return ("line", int(op["line"]), "replace" if op["op"] == "replace_line" else op["op"])


def _value(op: dict):
    return ("remove",) if op["op"] == "remove" or op.get("text", "") is None else \
        json.dumps(op.get("value", op.get("text")), sort_keys=True)


def _is_off(v) -> bool:
    if isinstance(v, dict):
        v = v.get("enabled")
    return v is False or (isinstance(v, str) and v.lower() in ("false", "0", "no"))


def resolve(entries: list[tuple[str, dict]]) -> tuple[list[dict], list[str]]:
    """(origin, op) pairs for one file -> the operations to apply and a sentence per
    conflict. Equal operations from several findings are one. When two findings set one
    key (or line) differently, the winner is: turning a reduced-precision mode off (fp32
    trains every model), else the earlier finding (failing findings come first)."""
    chosen: dict[tuple, tuple[str, dict]] = {}
    order: list[tuple] = []
    conflicts: list[str] = []
    for origin, op in entries:
        k = _op_key(op)
        if k not in chosen:
            chosen[k] = (origin, op)
            order.append(k)
            continue
        w_origin, w_op = chosen[k]
        if _value(w_op) == _value(op):
            continue
        name = op.get("key") or f"line {op.get('line')}"
        if k[0] == "key" and k[1] in _OFF_WINS and _is_off(op.get("value")) and not _is_off(w_op.get("value")):
            chosen[k] = (origin, op)
            why = "off (fp32) trains every model, the other overflows or is emulated on some"
            conflicts.append(f"{name}: {_show(op)} ({origin}) wins over {_show(w_op)} ({w_origin}): {why}")
        else:
            why = ("off (fp32) trains every model" if k[0] == "key" and k[1] in _OFF_WINS and _is_off(w_op.get("value"))
                   else "it comes from the earlier finding (failing findings first)")
            conflicts.append(f"{name}: {_show(w_op)} ({w_origin}) wins over {_show(op)} ({origin}): {why}")
    return [chosen[k][1] for k in order], conflicts


def _show(op: dict) -> str:
    if op["op"] == "remove" or (op["op"] == "replace_line" and op.get("text") is None):
        return "remove it"
    return json.dumps(op.get("value", op.get("text")))


def regroup(items: list[tuple[str, FixPlan]]) -> list[tuple[list[str], FixPlan]]:
    """Every finding's edits, cut into one plan per file."""
    files: dict[str, dict] = {}
    prose: list[tuple[list[str], FixPlan]] = []
    for origin, fp in items:
        edits = fp.params.get("edits") or []
        if not edits:
            prose.append(([origin], fp))
            continue
        for e in edits:
            f = files.setdefault(e["path"], {"syntax": e["syntax"], "entries": [], "origins": [], "titles": [],
                                             "unsafe": False, "notes": []})
            if f["syntax"] in ("lines", "shell") and e["syntax"] not in ("lines", "shell"):
                f["syntax"] = e["syntax"]  # line operations work in any syntax; key operations need theirs
            f["entries"].extend((origin, op) for op in e["ops"])
            if origin not in f["origins"]:
                f["origins"].append(origin)
            if fp.title not in f["titles"]:
                f["titles"].append(fp.title)
            f["unsafe"] |= fp.applicability == Applicability.UNSAFE
    out = []
    for path, f in files.items():
        ops, conflicts = resolve(f["entries"])
        title = f"Edit {os.path.basename(path)}: " + "; ".join(f["titles"])
        out.append((f["origins"], FixPlan(title, (Action("edit", title, path=path),),
                                          Applicability.UNSAFE if f["unsafe"] else Applicability.SAFE,
                                          fixer=NAME, params={"edits": [{"path": path, "syntax": f["syntax"],
                                                                         "ops": ops}],
                                                              "conflicts": conflicts})))
    return out + prose


def _read(path: str) -> str:
    with open(path, encoding="utf-8", newline="") as fh:
        return fh.read()


def plan(fp: FixPlan, fctx: FixContext) -> Concrete:
    appl = Applicability.UNSAFE if fp.applicability == Applicability.UNSAFE else Applicability.SAFE
    c = Concrete(title=fp.title, fixer=NAME, applicability=appl,
                 why="your own file, named with --config: only the lines the findings name change; "
                     "--undo restores it byte for byte",
                 params=dict(fp.params), conflicts=list(fp.params.get("conflicts") or []))
    allowed = {os.path.realpath(p) for p in (fctx.options.get("config_files") or [])}
    edits = fp.params.get("edits") or []
    if not edits:  # prose only: a change the rule cannot spell as an edit
        c.applicability = Applicability.DISPLAY_ONLY
        c.why = "advice: the rule names the change but not the lines; edit the file yourself"
        c.notes = [a.description for a in fp.actions]
        return c
    for e in edits:
        path = e["path"]
        if allowed and os.path.realpath(path) not in allowed:
            raise Refused(f"{path}: not among the files given with --config")
        try:
            old = _read(path)
            new = edit_text(old, e["syntax"], e["ops"])
        except (OSError, UnicodeDecodeError) as exc:
            raise Refused(f"{path}: {exc}") from None
        except ValueError as exc:  # EditError, JSONDecodeError
            raise Refused(f"{path}: {exc}") from None
        if path.endswith((".yml", ".yaml")) and new != old:
            new = drop_emptied(old, new)
        if new != old:
            c.edits.append(FileEdit(path, old, new, host=True))
    if not c.edits:
        c.nothing_to_do = "the files already say this"
    return c


def diffs(fp: FixPlan, config_files: list[str]) -> list[FileEdit]:
    """The FileEdits of a plan, for code that renders them outside `fix` (tests, the API)."""
    out = []
    for _origins, sub in regroup([("", fp)]):
        try:
            # The files are this machine's own (the planner reads them itself, not through the source).
            out.extend(plan(sub, FixContext(LiveSource(), None, {"config_files": config_files})).edits)
        except Refused:
            continue
    return out
