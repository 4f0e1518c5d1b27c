"""Cloud task specs that launch a job: SkyPilot task YAML (`sky launch task.yaml`: `setup:` and `run:` scripts,
`envs:`, `resources:` with `image_id` and `accelerators`) and dstack configurations (`.dstack.yml`, `type: task`,
`service` or `dev-environment`: `commands:`/`init:`, `env:`, `image:`, `resources: gpu:`).

Their scripts are read as the shell reader reads a launch script, each command at the YAML line it is written on (a
block scalar's lines, or a list item's), so what they install, export and launch is judged like any script's; the
environment they give the job, the container image it runs in and the GPUs it asks for are recorded at their lines.
https://docs.skypilot.co/en/latest/reference/yaml-spec.html, https://dstack.ai/docs/reference/dstack.yml/task/
"""
from __future__ import annotations

import os
import re

from ..settings import CONTAINER, ENV, LAUNCHER, Artifact

TASK = "task"
_TOP = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:[ \t]*(.*?)[ \t]*$")
_SKY_SCRIPT = re.compile(r"(?m)^(?:run|setup)[ \t]*:")
_SKY_KEY = re.compile(r"(?m)^(?:resources|num_nodes|envs|workdir|file_mounts)[ \t]*:")
_DSTACK_TYPE = re.compile(r"(?m)^type[ \t]*:[ \t]*['\"]?(?:task|service|dev-environment)\b")
_DSTACK_SCRIPT = re.compile(r"(?m)^(?:commands|init)[ \t]*:")
_NAMED_DSTACK = re.compile(r"(?:^|\.)dstack\.ya?ml$", re.I)


def flavour(name: str, text: str) -> str:
    """"skypilot", "dstack", or "" for any other YAML."""
    if (_DSTACK_TYPE.search(text) or _NAMED_DSTACK.search(name)) and _DSTACK_SCRIPT.search(text):
        return "dstack"
    if _SKY_SCRIPT.search(text) and _SKY_KEY.search(text) and not re.search(r"(?m)^(?:services|jobs|on|steps)[ \t]*:",
                                                                            text):
        return "skypilot"  # (not a compose file, a CI workflow or a pipeline whose steps have a `run:` of their own)
    return ""


def looks_like(name: str, text: str) -> bool:
    return bool(flavour(name, text))


def _unquote(s: str) -> str:
    """A YAML scalar as written on its line: a quoted one without its quotes, a plain one without a trailing comment."""
    s = s.strip()
    if s[:1] in ("'", '"'):
        end = s.find(s[0], 1)
        return s[1:end] if end > 0 else s
    return s.split(" #", 1)[0].strip()


def _ref(value: str) -> str:
    """An image reference: one word, as long as a registry allows (a longer one is no reference: not judged)."""
    words = _unquote(value).split()
    return words[0] if words and len(words[0]) <= 512 else ""


def _block(lines: list[str], i: int) -> range:
    """The lines under the top-level key on line ``i`` (0-based): indented, blank, comments, or list items at column 0."""
    j = i + 1
    while j < len(lines) and (not lines[j].strip() or lines[j][0] in " \t#" or lines[j].startswith("-")):
        j += 1
    return range(i + 1, j)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


_ITEM_KEY = re.compile(r"^(?:command|run|script)\s*:\s*(.*)$")


def _script_lines(lines: list[str], i: int, value: str, body: list[str]) -> None:
    """Put the script under the key on line ``i`` into ``body`` at its own lines: a block scalar (`run: |`), an inline
    command (`run: python train.py`), or a list of commands (dstack's `commands:`, items that may be blocks too)."""
    block = _block(lines, i)
    if value.startswith(("|", ">")):
        kept = [k for k in block if lines[k].strip()]
        cut = min((_indent(lines[k]) for k in kept), default=0)
        for k in block:
            body[k] = lines[k][cut:] if lines[k].strip() else ""
        return
    if value and not value.startswith(("[", "{")):
        body[i] = _unquote(value)
        return
    item_indent, in_item_block, block_cut, floor, keyed_item = -1, False, 0, 0, False
    for k in block:
        line = lines[k]
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("- ") or stripped == "-":
            item_indent = _indent(line)
            rest = stripped[1:].strip()
            keyed = _ITEM_KEY.match(rest)  # VESSL's `- command: |` items: the script is the key's value
            rest = keyed.group(1) if keyed else rest
            in_item_block = rest.startswith(("|", ">"))
            floor = item_indent + (len(stripped) - len(stripped[1:].lstrip()) if keyed else 0)  # the key's column
            keyed_item = bool(keyed) or ":" in rest.split(" ", 1)[0]  # an item of keys: its other keys are no command
            block_cut = 0
            if not in_item_block and (keyed or not keyed_item):  # (`- name: x` is no command)
                body[k] = _unquote(rest)
            continue
        if in_item_block and _indent(line) > floor:
            block_cut = block_cut or _indent(line)
            body[k] = line[block_cut:]
        elif in_item_block:
            in_item_block = False  # the item's next key (`workdir:`): not the script
        elif _indent(line) > item_indent >= 0 and not keyed_item:
            # a plain scalar folded over lines: one command, continued from the last line that holds one
            prev = next((x for x in range(k - 1, block.start - 1, -1) if body[x]), None)
            if prev is not None:
                body[prev] += " \\"
            body[k] = stripped


_LISTED = re.compile(r"^-\s*(['\"]?)([A-Za-z_]\w*)=(.*)$")  # `- KEY=value`, `- "KEY=value"` (a bare `- KEY` is passed in)
_MAPPED = re.compile(r"^([A-Za-z_]\w*)\s*:\s*(.*)$")


def _pairs(lines: list[str], i: int, value: str):
    """(name, value, 0-based line) of an env mapping or list (`KEY: value`, `- KEY=value`) under line ``i``."""
    if value.startswith("{"):
        for f in re.finditer(r"([A-Za-z_]\w*)\s*:\s*([^,}]*)", value):
            yield f.group(1), _unquote(f.group(2)), i
        return
    for k in _block(lines, i):
        s = lines[k].strip()
        if not s or s.startswith("#"):
            continue
        listed = _LISTED.match(s)
        if listed:
            quote, val = listed.group(1), listed.group(3).strip()
            yield listed.group(2), (val[:-1] if quote and val.endswith(quote) else _unquote(val)), k
            continue
        m = _MAPPED.match(s)
        if m:
            yield m.group(1), _unquote(m.group(2)), k


def read(path: str, text: str) -> Artifact:
    from . import shell

    kind = flavour(os.path.basename(path), text)
    if len(text) > shell.MAX_SCRIPT_BYTES:  # as large as the launch scripts the shell reader refuses: none
        art = Artifact(path, TASK, "", data={"task_spec": kind})
        art.error = f"{path}: {len(text) // 1024} KiB; larger than any task spec ({shell.MAX_SCRIPT_BYTES // 1024} KiB at most)"
        return art
    lines = text.splitlines()
    body = [""] * len(lines)
    scripts = ("commands", "init") if kind == "dstack" else ("setup", "run")
    found: list[tuple[str, str, int]] = []
    for i, line in enumerate(lines):
        m = _TOP.match(line)
        if m:
            found.append((m.group(1), m.group(2), i))
            if m.group(1) in scripts:
                _script_lines(lines, i, m.group(2), body)
                if kind == "skypilot" and not body[i]:
                    body[i] = "set +euo pipefail"  # `setup` and `run` are two scripts: one's errexit ends with it
    art = shell.read(path, "\n".join(body) + "\n")  # every line of the YAML a line of the script, blank ones too
    art.data = dict(art.data or {}, task_spec=kind)
    if getattr(art, "error", None):
        return art  # larger than any launch script: read as nothing, with the reason
    for key, value, i in found:
        if key in (("env",) if kind == "dstack" else ("envs",)):
            last = {name: (val, k) for name, val, k in _pairs(lines, i, value)}  # a key written twice: YAML keeps the last
            for name, (val, k) in last.items():
                art.add(ENV, name, val, k + 1, text=lines[k])
        elif key == "image" and _ref(value):  # dstack's (and VESSL's run spec's) container image
            art.add(CONTAINER, "image", _ref(value), i + 1, text=lines[i])
        elif key == "resources":
            _resources(art, lines, i, kind)
    return art


_SKY_IMAGE = re.compile(r"^\s+image_id\s*:\s*(\S+)")
# (`- accelerators:` too: SkyPilot's any_of/ordered choices; values stripped in Python: no backtracking on spaces)
_SKY_GPUS = re.compile(r"^\s+(?:-\s+)?accelerators\s*:([^#\n]*)")
_DSTACK_GPU = re.compile(r"^\s+gpu\s*:([^#\n]*)")
_UNDER = re.compile(r"^\s*(?:-\s+)?(?:(name)\s*:)?([^#\n]*)")  # a block list item, or dstack's `name:` under `gpu:`


def _below(lines: list[str], k: int, kind: str) -> list[str]:
    """The GPU choices written under an empty `accelerators:` (SkyPilot: `- A100:8` items, or `A100: 8` pairs) or
    `gpu:` (dstack: its `name:` value, a scalar or a flow list; the memory and count keys name no model)."""
    out, top = [], _indent(lines[k]) + (len(lines[k].lstrip()) - len(lines[k].lstrip().lstrip("- ")))
    for t in lines[k + 1:k + 40]:
        if not t.strip() or t.lstrip().startswith("#"):
            continue
        if _indent(t) <= _indent(lines[k]) or (_indent(t) <= top and not t.lstrip().startswith("-")):
            break
        m = _UNDER.match(t)
        item = (m.group(2) if m else "").strip()
        if kind == "dstack":
            if m and m.group(1):
                out.append(item.strip("[]"))
        elif t.lstrip().startswith("-"):
            out.append(_unquote(item))
        elif ":" in item:  # `A100: 8`
            name, _, n = item.partition(":")
            out.append(f"{name.strip()}:{n.strip()}")
    return [x for x in out if x]


def _resources(art: Artifact, lines: list[str], i: int, kind: str) -> None:
    """The container image a SkyPilot task runs in (`image_id: docker:<ref>`, or a registry reference on Kubernetes; a
    VM image id is no container) and the GPUs either spec asks for (`accelerators: H100:8`, dstack's `gpu: A100:2`)."""
    choices: list[tuple[str, int]] | None = [] if kind == "skypilot" else None
    for k in _block(lines, i):
        m = _SKY_IMAGE.match(lines[k]) if kind == "skypilot" else None
        if m:
            ref = _ref(m.group(1))
            ref = ref[len("docker:"):] if ref.startswith("docker:") else ref
            if ("/" in ref or ":" in ref) and not ref.startswith(("ami-", "projects/", "skypilot:")):
                art.add(CONTAINER, "image", ref, k + 1, text=lines[k])
        g = (_SKY_GPUS if kind == "skypilot" else _DSTACK_GPU).match(lines[k])
        value = _unquote(g.group(1)) if g else ""
        if g and not value:  # written on the lines below: a block list of choices, or dstack's `name:` (a list too)
            value = ", ".join(_below(lines, k, kind))
        if value and choices is not None and lines[k].lstrip().startswith("-"):
            choices.append((value, k))  # any_of/ordered: one request among choices, judged together
        elif value:
            art.add(LAUNCHER, "task.gpus", value, k + 1, text=lines[k])
    if choices:
        art.add(LAUNCHER, "task.gpus", ", ".join(v for v, _ in choices), choices[0][1] + 1, text=lines[choices[0][1]])
