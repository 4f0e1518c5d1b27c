"""Edits of the user's files that need the file's grammar: the line editor
(config_edits.py) for what it can keep byte for byte, checked by reading the result back;
ruamel.yaml's round trip for nested YAML keys (compose services), with only the changed
lines carried over to the file as it is (:func:`_splice`) when the round trip would lay
other lines out differently. Pure functions from (text, syntax, operations) to new text;
EditError when the edit cannot be made without touching what was not asked.

Nested operations: ``{"op": "set"|"remove"|"append", "path": ["services", "t", "devices"], "value": V}``.
"""
from __future__ import annotations

import difflib
import re
from typing import Any

from .config_edits import EditError, apply


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


def drop_emptied(old: str, new: str) -> str:
    """A list whose last item an edit removed leaves ``environment:`` with no value, which
    compose reads as null and rejects: take such a key out too (checked by reading back)."""
    try:
        a, b = _load(old), _load(new)
    except Exception:  # not YAML after all: leave it
        return new
    emptied: list[list[Any]] = []  # key paths

    def walk(x: Any, y: Any, path: list[Any]) -> None:
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
        # the key's line, with nothing more indented under it (the end, a blank or a shallower line)
        hits = [i for i, ln in enumerate(lines) if (m := rx.match(ln.rstrip("\r\n")))
                and (i + 1 == len(lines) or len(lines[i + 1]) - len(lines[i + 1].lstrip()) <=
                     len(m.group(1)) or not lines[i + 1].strip())]
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


def _load(text: str) -> Any:
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
        raise EditError("this YAML edit needs ruamel.yaml (pip install ruamel.yaml) to keep the file's "
                      "comments and layout") from None
    import io

    from ruamel.yaml.util import load_yaml_guess_indent

    def dump(d: Any) -> str:
        buf = io.StringIO()
        y.dump(d, buf)
        return buf.getvalue()

    try:
        _, indent, seq_indent = load_yaml_guess_indent(text)
        best: tuple[int, YAML, Any, str] | None = None  # (lines the round trip alone changes, yaml, data, base text)
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
        assert best is not None  # the loop above runs at least once
        _, y, data, base = best
    except Exception as exc:  # ruamel's YAMLError and its relatives: not a file to edit
        raise EditError(f"cannot read it as YAML: {str(exc).splitlines()[0][:200]}") from None
    if not isinstance(data, dict):
        raise EditError("the top level of the YAML file is not a mapping")
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
                raise EditError(f"{'.'.join(map(str, keys))}: {k} is not a mapping in the file")
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
                    raise EditError(f"{'.'.join(map(str, keys))} is not a list in the file")
                elif op["value"] not in cur:
                    cur.append(op["value"])
            else:
                raise EditError(f"{op['op']} cannot be combined with a structural YAML edit")
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
    raise EditError("this YAML file's layout cannot be kept around the change (its indentation or flow style "
                  "differs from what a YAML writer produces there); edit it by hand")


def _prune(data: Any, keys: list) -> None:
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
            idx = [where[k] for k in range(i1, i2) if k in where]
            if len(idx) == i2 - i1 and idx == list(range(idx[0], idx[0] + len(idx))):
                a, z = idx[0], idx[-1] + 1
            else:  # lines the round trip rewrote: take what lies between the unchanged neighbours
                lo = where[i1 - 1] + 1 if i1 - 1 in where else 0 if i1 == 0 else None
                hi = where[i2] if i2 in where else len(o) if i2 == len(b) else None
                if lo is None or hi is None or lo > hi:
                    return None
                a, z = lo, hi
        elif i1 - 1 in where:
            a = z = where[i1 - 1] + 1
        elif i1 in where:
            a = z = where[i1]
        else:
            return None
        out[a:z] = n[j1:j2]
    return "".join(out)
