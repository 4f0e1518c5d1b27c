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

import difflib
import json
import os
import re

from rocmdoctor.artifacts.config_edits import EditError, apply
from rocmdoctor.engine.model import Action, Applicability, FixPlan
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
            new = _drop_emptied(old, new)
        if new != old:
            c.edits.append(FileEdit(path, old, new, host=True))
    if not c.edits:
        c.nothing_to_do = "the files already say this"
    return c


def edit_text(text: str, syntax: str, ops: list[dict]) -> str:
    """The line editor, whose output keeps every byte it does not change; for YAML the
    result is then read back with a round-trip parser and must hold exactly the values
    asked for (a key that is not top level, a flow mapping: ruamel.yaml edits it)."""
    if syntax != "yaml":
        return apply(text, syntax, ops)
    nested = [op for op in ops if op.get("path")]
    if nested:  # nested keys: only the round-trip parser edits those, after the line edits
        flat = [op for op in ops if not op.get("path")]
        return _ruamel_edit(edit_text(text, syntax, flat) if flat else text, nested)
    try:
        new = apply(text, syntax, ops)
    except EditError:
        new = None
    if new is not None and _yaml_as_intended(text, new, ops):
        return new
    return _ruamel_edit(text, ops)


def _drop_emptied(old: str, new: str) -> str:
    """A list whose last item an edit removed leaves ``environment:`` with no value, which
    compose reads as null and rejects: take such a key out too (checked by reading back)."""
    try:
        a, b = _load(old), _load(new)
    except Exception:  # not YAML after all: leave it
        return new
    emptied = []

    def walk(x, y, path):
        if isinstance(x, dict) and isinstance(y, dict):
            for k, v in y.items():
                if v is None and isinstance(x.get(k), (list, dict)) and x.get(k):
                    emptied.append(path + [k])
                else:
                    walk(x.get(k), v, path + [k])

    walk(a, b, [])
    if not emptied:
        return new
    lines = new.splitlines(keepends=True)
    for keys in emptied:
        rx = re.compile(r"^(\s*)%s\s*:\s*(#.*)?$" % re.escape(str(keys[-1])))
        hits = [i for i, ln in enumerate(lines) if rx.match(ln.rstrip("\r\n"))
                and (i + 1 == len(lines) or len(lines[i + 1]) - len(lines[i + 1].lstrip()) <=
                     len(rx.match(ln.rstrip("\r\n")).group(1)) or not lines[i + 1].strip())]
        if len(hits) == 1:
            del lines[hits[0]]
    out = "".join(lines)
    want = _load(new)
    for keys in emptied:
        node = want
        for k in keys[:-1]:
            node = node[k]
        node.pop(keys[-1], None)
    try:
        return out if _load(out) == want else new
    except Exception:
        return new


def _load(text: str):
    try:
        from ruamel.yaml import YAML
    except ImportError:
        try:
            import yaml
        except ImportError:
            return None
        return yaml.safe_load(text)
    return YAML(typ="safe", pure=True).load(text)


def _yaml_as_intended(old: str, new: str, ops: list[dict]) -> bool:
    try:
        a, b = _load(old), _load(new)
    except Exception:  # any parser error means "not as intended"
        return False
    if a is None and b is None:
        return True  # no parser here: the line editor's output stands
    if not isinstance(a, dict) or not isinstance(b, dict):
        return False
    want = dict(a)
    for op in ops:
        if op["op"] == "set":
            want[op["key"]] = op["value"]
        elif op["op"] == "remove":
            want.pop(op["key"], None)
        else:
            return True  # line operations: checked by running the check again
    return want == b


def _ruamel_edit(text: str, ops: list[dict]) -> str:
    try:
        from ruamel.yaml import YAML
    except ImportError:
        raise Refused("this YAML edit needs ruamel.yaml (pip install ruamel.yaml) to keep the file's "
                      "comments and layout") from None
    import io

    from ruamel.yaml.util import load_yaml_guess_indent

    def dump(d) -> str:
        buf = io.StringIO()
        y.dump(d, buf)
        return buf.getvalue()

    try:
        _, indent, seq_indent = load_yaml_guess_indent(text)
        best = None  # (lines the round trip alone changes, yaml, data, base text)
        # the layout closest to this file's (mapping indent, sequence indent/offset)
        for m, sq, off in [(2, indent or 2, seq_indent or 0), (indent or 2, indent or 2, seq_indent or 0),
                           (2, 2, 0), (2, 4, 2), (4, 4, 2), (4, 4, 0), (4, 6, 4)]:
            y = YAML()
            y.preserve_quotes = True
            y.width = 1 << 16
            y.indent(mapping=m, sequence=sq, offset=off)
            base = dump(y.load(text))
            cost = 0 if base == text else sum(1 for ln in difflib.ndiff(text.splitlines(), base.splitlines())
                                               if ln[:1] in "+-")
            if best is None or cost < best[0]:
                best = (cost, y, y.load(text), base)
            if cost == 0:
                break
        _, y, data, base = best
    except Exception as exc:  # ruamel's YAMLError and its relatives: not a file to edit
        raise Refused(f"cannot read it as YAML: {str(exc).splitlines()[0][:200]}") from None
    if not isinstance(data, dict):
        raise Refused("the top level of the YAML file is not a mapping")
    for op in ops:
        keys = list(op.get("path") or [op.get("key")])
        node = data
        for k in keys[:-1]:
            if node.get(k) is None:
                if op["op"] == "remove":
                    break
                node[k] = {}
            node = node[k]
            if not isinstance(node, dict):
                raise Refused(f"{'.'.join(map(str, keys))}: {k} is not a mapping in the file")
        else:
            last = keys[-1]
            if op["op"] == "set":
                node[last] = op["value"]
            elif op["op"] == "remove":
                node.pop(last, None)
                _prune(data, keys[:-1])
            elif op["op"] == "append":  # add an item to a list unless it is there
                cur = node.get(last)
                if cur is None:
                    node[last] = [op["value"]]
                elif not isinstance(cur, list):
                    raise Refused(f"{'.'.join(map(str, keys))} is not a list in the file")
                elif op["value"] not in cur:
                    cur.append(op["value"])
            else:
                raise Refused(f"{op['op']} cannot be combined with a structural YAML edit")
    new = dump(data)
    if base == text:
        return new
    # The round trip would reformat lines nobody asked to change: carry only the edit over
    # to the file as it is, and keep it only if it reads back as exactly the edited data.
    out = _splice(text, base, new)
    try:
        if out is not None and YAML(typ="safe", pure=True).load(out) == YAML(typ="safe", pure=True).load(new):
            return out
    except Exception:  # the splice does not parse: refused below
        pass
    raise Refused("this YAML file's layout cannot be kept around the change (its indentation or flow style "
                  "differs from what a YAML writer produces there); edit it by hand")


def _prune(data, keys: list) -> None:
    """Drop the mappings a removal left empty (deploy.resources.reservations), up to but not
    including the second level (a compose service itself stays)."""
    while len(keys) > 2:
        node = data
        for k in keys[:-1]:
            node = node[k]
        if node.get(keys[-1]) != {}:
            return
        del node[keys[-1]]
        keys = keys[:-1]


def _splice(orig: str, base: str, new: str) -> str | None:
    """Carry the change base -> new over to orig, where base is orig as the round trip writes
    it. Every line the change replaces must be a line the round trip left as it was."""
    o, b, n = orig.splitlines(True), base.splitlines(True), new.splitlines(True)
    where: dict[int, int] = {}  # base line -> the same line in orig
    for tag, i1, i2, j1, _ in difflib.SequenceMatcher(None, b, o, autojunk=False).get_opcodes():
        if tag == "equal":
            where.update({i1 + k: j1 + k for k in range(i2 - i1)})
    out = list(o)
    changes = [c for c in difflib.SequenceMatcher(None, b, n, autojunk=False).get_opcodes() if c[0] != "equal"]
    for _, i1, i2, j1, j2 in reversed(changes):
        if i1 < i2:
            idx = [where.get(k) for k in range(i1, i2)]
            if None not in idx and idx == list(range(idx[0], idx[0] + len(idx))):
                a, z = idx[0], idx[-1] + 1
            else:  # lines the round trip rewrote: take what lies between the unchanged neighbours
                a = where[i1 - 1] + 1 if i1 - 1 in where else 0 if i1 == 0 else None
                z = where[i2] if i2 in where else len(o) if i2 == len(b) else None
                if a is None or z is None or a > z:
                    return None
        elif i1 - 1 in where:
            a = z = where[i1 - 1] + 1
        elif i1 in where:
            a = z = where[i1]
        else:
            return None
        out[a:z] = n[j1:j2]
    return "".join(out)


def diffs(fp: FixPlan, config_files: list[str]) -> list[FileEdit]:
    """The FileEdits of a plan, for code that renders them outside `fix` (tests, the API)."""
    out = []
    for origins, sub in regroup([("", fp)]):
        try:
            out.extend(plan(sub, FixContext(None, None, {"config_files": config_files})).edits)
        except Refused:
            continue
    return out
