"""Edits to the user's own configuration files, as text: what `fix --config` shows as
unified diffs. Pure functions from (text, syntax, operations) to new text; the file is
never written (the config_edit fixer makes display-only plans).

Operations (dicts, so they travel in FixPlan.params and JSON):
  {"op": "set", "key": K, "value": V}        YAML ``K: V`` / CLI ``--K V`` / JSON key (a whole
                                             value for DeepSpeed sections), added when absent;
                                             CLI: ``"line": N`` keeps it to the command that holds
                                             line N (one launch of a script with several)
  {"op": "remove", "key": K}                 drop the key (YAML line, CLI option, JSON key)
  {"op": "replace_line", "line": N, "text": T}   T None deletes line N (1-based)
  {"op": "insert_after", "line": N, "text": T}
  {"op": "set_in_line", "line": N, "pattern": RX, "value": V}   RX's groups 1 and 2 kept, 3 becomes V
  {"op": "unix_line_ends", "line": 0}       every CRLF line end becomes LF (line numbers stay)
  ("expect": NAME on a line operation: refuse when line N no longer mentions NAME)

Syntaxes: "yaml", "json", "deepspeed" (JSON), "cli" (a shell command line with continuations),
"dockerfile" and "shell" (line operations only).
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable


class EditError(ValueError):
    """The operation cannot be applied to this text (a key that is not where it should be)."""


def apply(text: str, syntax: str, ops: list[dict]) -> str:
    if syntax in ("json", "deepspeed"):
        return _json(text, ops)
    if any(o["op"] == "unix_line_ends" for o in ops):
        text = re.sub(r"\r+\n", "\n", text)  # CR CR LF too: a file converted to CRLF twice
    lines = text.splitlines(keepends=True)
    # Line operations from the bottom up, so the line numbers of those above stay valid; on one
    # line, an in-line change comes before the line is replaced or something is added after it.
    # A CLI option scoped to one launch ("line") is a line operation too.
    rank = {"set": 0, "remove": 0, "set_in_line": 0, "insert_after": 1, "replace_line": 2}
    scoped = syntax != "yaml"
    line_ops = sorted((o for o in ops if o["op"] in rank and o.get("line") and (scoped or o["op"] not in
                                                                              ("set", "remove"))),
                      key=lambda o: (-int(o["line"]), rank[o["op"]]))
    for op in line_ops:
        if op["op"] in ("set", "remove"):
            lines = _cli(lines, op)
            continue
        n = int(op["line"])
        if not 1 <= n <= len(lines):
            raise EditError(f"line {n} is not in the file ({len(lines)} lines)")
        if op.get("expect") and op["expect"] not in lines[n - 1]:
            raise EditError(f"line {n} no longer mentions {op['expect']} (the file changed since the scan)")
        if op["op"] == "set_in_line":
            new, count = re.subn(op["pattern"], _keep_1_2(str(op["value"])), lines[n - 1], count=1)
            if not count:
                raise EditError(f"line {n} no longer has the option to change (the file changed since the scan)")
            lines[n - 1] = new
            continue
        eol = "\n" if lines[n - 1].endswith("\n") or op["op"] == "insert_after" else ""
        if op["op"] == "replace_line":
            if op.get("text") is None:
                del lines[n - 1]
            else:
                lines[n - 1] = op["text"] + ("\n" if lines[n - 1].endswith("\n") else "")
        else:
            if not lines[n - 1].endswith("\n"):
                lines[n - 1] += "\n"
            lines.insert(n, op["text"] + eol)
    for op in (o for o in ops if o["op"] in ("set", "remove") and o not in line_ops):
        lines = (_yaml if syntax == "yaml" else _cli)(lines, op)
    return "".join(lines)


def _keep_1_2(value: str) -> Callable[[re.Match[str]], str]:
    """set_in_line's replacement: groups 1 and 2 as they were, then ``value`` taken literally (no
    backslash escapes); a group that did not take part counts as empty, as in re.sub."""
    return lambda m: (m.group(1) or "") + (m.group(2) or "") + value


def _scalar(v: Any, syntax: str) -> str:
    if isinstance(v, bool):
        return ("True" if v else "False") if syntax == "cli" else ("true" if v else "false")
    return str(v)


def _yaml(lines: list[str], op: dict) -> list[str]:
    key = op["key"]
    rx = re.compile(r"^(%s\s*:\s*)([^#\n]*?)(\s*#.*)?(\n?)$" % re.escape(key))
    for i, ln in enumerate(lines):
        m = rx.match(ln)
        if m:
            if op["op"] == "remove":
                return lines[:i] + lines[i + 1:]
            lines[i] = f"{m.group(1)}{_scalar(op['value'], 'yaml')}{m.group(3) or ''}{m.group(4)}"
            return lines
    if op["op"] == "remove":
        return lines
    after = op.get("after")
    new = f"{key}: {_scalar(op['value'], 'yaml')}\n"
    if after:
        rx_after = re.compile(r"^%s\s*:" % re.escape(after))
        for i, ln in enumerate(lines):
            if rx_after.match(ln):
                return lines[:i + 1] + [new] + lines[i + 1:]
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines + [new]


def _command_span(lines: list[str], n: int) -> tuple[int, int]:
    """0-based [start, end) of the shell command (continued with backslashes) holding line n (1-based)."""
    if not 1 <= n <= len(lines):
        raise EditError(f"line {n} is not in the file ({len(lines)} lines)")
    start = n - 1
    while start > 0 and lines[start - 1].rstrip("\r\n").endswith("\\"):
        start -= 1
    end = n - 1
    while end < len(lines) - 1 and lines[end].rstrip("\r\n").endswith("\\"):
        end += 1
    return start, end + 1


def _cli(lines: list[str], op: dict) -> list[str]:
    if op.get("line"):
        a, b = _command_span(lines, int(op["line"]))
        inner = dict(op)
        del inner["line"]
        return lines[:a] + _cli(lines[a:b], inner) + lines[b:]
    key = op["key"]
    pat = r"--%s" % re.escape(key).replace("_", "[_-]")
    rx = re.compile(r"(?<![\w-])(%s)(?:(=)(\S*)|([ \t]+)(?!--)([^\s\\]+))?" % pat)
    for i, ln in enumerate(lines):
        m = rx.search(ln) if not ln.lstrip().startswith("#") else None
        if not m:
            continue
        if op["op"] == "remove":
            new = ln[:m.start()].rstrip(" \t") + ln[m.end():]
            lines[i] = new if new.strip() not in ("", "\\") else ""
            return [x for x in lines if x != ""]
        value = _scalar(op["value"], "cli")
        repl = f"{m.group(1)}={value}" if m.group(2) else f"{m.group(1)} {value}"
        lines[i] = ln[:m.start()] + repl + ln[m.end():]
        return lines
    if op["op"] == "remove":
        return lines
    after = op.get("after")
    if after:
        rx_after = re.compile(r"(?<![\w-])--%s(?:=\S*|[ \t]+(?!--)[^\s\\]+)?" % re.escape(after).replace("_", "[_-]"))
        for i, ln in enumerate(lines):
            m = rx_after.search(ln) if not ln.lstrip().startswith("#") else None
            if m:
                lines[i] = ln[:m.end()] + f" --{key} {_scalar(op['value'], 'cli')}" + ln[m.end():]
                return lines
    raise EditError(f"--{key} is not on the command line and there is no place given to add it")


def _json(text: str, ops: list[dict]) -> str:
    """Top-level keys of a JSON object edited in place: only the value that changes is
    rewritten, so the rest of the file (its numbers as written, 5e8; its layout) stays."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise EditError("the top level is not a JSON object")
    m = re.search(r"\n([ \t]+)\"", text)
    unit = m.group(1) if m else "  "
    for op in ops:
        if op["op"] not in ("set", "remove"):
            raise EditError(f"{op['op']} is not an operation on JSON")
        span = _top_level_span(text, op["key"])
        if op["op"] == "remove":
            if span is not None:
                k0, _, v1 = span
                # take the comma after it (or before it, for the last key) and the line break
                after = re.match(r"\s*,", text[v1:])
                if after:
                    v1 += after.end()
                else:
                    before = re.search(r",\s*$", text[:k0])
                    if before:
                        k0 = before.start()
                line_start = text.rfind("\n", 0, k0) + 1
                if not text[line_start:k0].strip():
                    k0 = line_start
                    if text[v1:v1 + 1] == "\n":
                        v1 += 1
                text = text[:k0] + text[v1:]
            continue
        if span is not None:
            k0, v0, v1 = span
            line_start = text.rfind("\n", 0, k0) + 1
            indent = text[line_start:k0] if not text[line_start:k0].strip() else ""
            text = text[:v0] + _dump(op["value"], unit, indent) + text[v1:]
        else:
            close = text.rstrip().rfind("}")
            body = text[:close].rstrip()
            sep = "," if not body.endswith("{") else ""
            text = body + sep + "\n" + unit + json.dumps(op["key"]) + ": " + _dump(op["value"], unit, unit) + \
                "\n" + text[close:]
    json.loads(text)  # the result must still be JSON
    return text


def _dump(value: Any, unit: str, indent: str) -> str:
    out = json.dumps(value, indent=unit if "\t" in unit else len(unit), ensure_ascii=False)
    return out.replace("\n", "\n" + indent)


def _top_level_span(text: str, key: str) -> tuple[int, int, int] | None:
    """(start of the key, start of its value, end of its value) for a key of the top-level object."""
    dec = json.JSONDecoder()
    depth, i, n = 0, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            s, end = dec.raw_decode(text, i)
            if depth == 1:
                m = re.match(r"\s*:\s*", text[end:])
                if m and s == key:
                    v0 = end + m.end()
                    _, v1 = dec.raw_decode(text, v0)
                    return i, v0, v1
                if m:  # another key: skip its value whole
                    _, i = dec.raw_decode(text, end + m.end())
                    continue
            i = end
            continue
        if ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
        i += 1
    return None
