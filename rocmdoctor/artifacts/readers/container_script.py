"""What a container runs, read as a script: a compose service's `entrypoint:` + `command:`, a pod container's
`command:` + `args:`. Docker and Kubernetes start them without a shell (an exec-form argv), unless the argv is a shell
given a script (`bash -c SCRIPT`, `sh -ec SCRIPT`); either way what they start is a command line the shell reader
knows: a vLLM server's parallel size, torchrun's ranks and training arguments, an export before the launch. The script
is laid out at the file's own lines, so each value is cited where the file writes it."""
from __future__ import annotations

import dataclasses
import os
import re
import shlex
from typing import Any

from ..settings import Origin, Value, scrub

_SHELLS = {"sh", "bash", "dash", "zsh", "ash"}
_DASH_C = re.compile(r"^-[a-z]*c[a-z]*$")  # -c, -lc, -ec, -xec: the word after it is the script
_PLAIN = re.compile(r"^[\w@%+=:,./${}:?*\[\]~-]+$")  # a word the shell reads as written (`${TP:-2}` expands)
# images whose entrypoint is a model server taking engine options (`vllm serve`): a command of options is its argv
_SERVER_IMAGE = re.compile(r"(?:^|[/_-])(?:vllm|sglang)(?:[/_:.-]|$)", re.I)
_PROGRAM = re.compile(r"^(?:[\w.-]*/)*(?:python[\d.]*|vllm|torchrun|deepspeed|accelerate|sglang|bash|sh|uv|pip3?)$")
MAX_LINES = 4000  # a container's command is a launch, not a program: past this it is not read


def node_at(node, path: tuple):
    """The YAML node under ``node`` at ``path`` (mapping keys, list indexes), or None."""
    for key in path:
        value = getattr(node, "value", None)
        if isinstance(key, int):
            node = value[key] if isinstance(value, list) and key < len(value) else None
        elif isinstance(value, list):  # the last of a key wins (a `<<: *anchor` merge puts the anchor's pairs first)
            node = next((p[1] for p in reversed(value) if isinstance(p, tuple) and len(p) == 2
                         and getattr(p[0], "value", None) == key), None)
        else:
            node = None
        if node is None:
            return None
    return node


def _items(node) -> list[tuple[Any, bool]]:
    """The argv's parts: (node, True) for each element of a sequence (one word each), (node, False) for the one
    scalar of a string form (compose splits it into words as the shell would)."""
    value = getattr(node, "value", None)
    if isinstance(value, list):
        return [(v, True) for v in value if isinstance(getattr(v, "value", None), str)]
    return [(node, False)] if isinstance(value, str) else []


def _scalar_lines(node, lines: list[str]) -> list[tuple[int, str]]:
    """(0-based file line, text) of a scalar as the shell reads it: a block scalar's own lines (a folded `>` is one
    command, as YAML makes it: its lines joined by continuations); any other scalar its value, at its first line."""
    style = getattr(node, "style", None)
    if style in ("|", ">"):
        first = node.start_mark.line + 1
        last = min(node.end_mark.line - (1 if node.end_mark.column == 0 else 0), len(lines) - 1)
        body = lines[first:last + 1]
        while body and not body[-1].strip():
            body.pop()
        indent = min((len(t) - len(t.lstrip()) for t in body if t.strip()), default=0)
        body = [t[indent:] for t in body]
        if style == ">":
            body = [t + " \\" if t.strip() and k + 1 < len(body) and body[k + 1].strip() else t
                    for k, t in enumerate(body)]
        return [(first + k, t) for k, t in enumerate(body)]
    return [(node.start_mark.line, str(node.value).replace("\n", " "))]


def _words(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError:
        return text.split()


def _quoted(word: str) -> str:
    return word if word and _PLAIN.match(word) else '"' + re.sub(r'(["\\`])', r"\\\1", word) + '"'


def script(argv_nodes: list, lines: list[str], image: str = "") -> list[str] | None:
    """The file's lines with only what the container runs left in place (the rest blank), as a script: the shell's
    script where the argv is `sh -c SCRIPT`; else the argv as one command continued over the lines it is written on
    (with `vllm serve` before it where the image's entrypoint is a model server and the argv starts with an option).
    None when nothing runs."""
    items = [x for n in argv_nodes if n is not None for x in _items(n)]
    if not items:
        return None
    out = [""] * len(lines)
    words = [(w, it) for it, element in items for w in ([it.value] if element else _words(it.value))]
    names = [w for w, _ in words]
    if names and os.path.basename(names[0]) in _SHELLS:
        k = next((i for i, w in enumerate(names[1:3], 1) if _DASH_C.match(w)), None)
        if k is None or k + 1 >= len(words):
            return None  # `bash script.sh`: the script is another file
        body, it = words[k + 1]
        if it is not words[k][1]:  # the script is an item of its own: its own lines
            placed = _scalar_lines(it, lines)
        else:  # `bash -c "pip install x && ..."` in one string: from its first line
            first = _scalar_lines(it, lines)[0][0]
            placed = [(first + j, t) for j, t in enumerate(body.splitlines())]
    else:
        joined: dict[int, list[str]] = {}
        for it, element in items:
            for n, t in ([(it.start_mark.line, _quoted(it.value))] if element else _scalar_lines(it, lines)):
                joined.setdefault(n, []).append(t)
        placed = sorted((n, " ".join(ts)) for n, ts in joined.items())
        placed = [(n, t + " \\" if k + 1 < len(placed) and not t.endswith("\\") else t)
                  for k, (n, t) in enumerate(placed)]
        if image and _SERVER_IMAGE.search(image) and not _PROGRAM.match(names[0]):
            placed[0] = (placed[0][0], "vllm serve " + placed[0][1])
    for n, t in placed:
        if 0 <= n < len(out) and n < MAX_LINES:
            out[n] = t
    return out if any(out) else None


def values(path: str, argv_nodes: list, lines: list[str], image: str = "", offset: int = 0) -> list[Value]:
    """The settings what the container runs makes (shell.read's values), at the file's lines; ``offset``: the line
    the YAML document starts at in the file (a Kubernetes file's later documents)."""
    from . import shell

    text = script(argv_nodes, lines, image)
    if text is None:
        return []
    read = shell.read(path, "\n".join([""] * offset + text))
    # cited with the file's own line (the script's is rebuilt: `vllm serve` put before it, continuations added)
    # cited with the file's own line (the script's is rebuilt: `vllm serve` put before it, continuations added). A
    # pip install is left out: it runs in the service's image, whose torch the pip rules do not know here
    return [dataclasses.replace(v, origin=Origin(path, n, scrub(lines[n - 1 - offset].strip()[:240])))
            if (n := v.origin.line) and 0 <= n - 1 - offset < len(lines) else v for v in read.values
            if (v.kind, v.name) != ("build", "pip")]
