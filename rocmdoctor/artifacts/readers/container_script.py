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
MAX_LINES = 4000  # a container's command is a launch, not a program: the first lines of a longer one are read


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
    command, as YAML makes it: its lines joined by continuations); any other scalar its value, at its first line (a
    quoted script's `\\n`-separated lines there as one list of commands)."""
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
    return [(node.start_mark.line, _one_line(str(node.value)))]


# a line that goes on to the next one: a continuation, an operator, a block's opening word
_GOES_ON = re.compile(r"(?:\\|&&|\|\||\||\bthen|\bdo|\belse|\{|\()\s*$")


def _one_line(script: str) -> str:
    """A script's lines as one line the shell reads alike: commands joined by `;`, continued lines by a blank."""
    out = ""
    for t in (x.strip() for x in script.splitlines()):
        if not t or t.startswith("#"):
            continue
        if not out:
            out = t
        elif _GOES_ON.search(out):
            out = out[:-1].rstrip() + " " + t if out.endswith("\\") else out + " " + t
        else:
            out += " ; " + t
    return out


def _words(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError:
        return text.split()


def _quoted(word: str) -> str:
    return word if word and _PLAIN.match(word) else '"' + re.sub(r'(["\\`])', r"\\\1", word) + '"'


def script(argv_nodes: list, lines: list[str], image: str = "") -> list[tuple[int, str]]:
    """(0-based file line, text) of what the container runs, as a script: the shell's script where the argv is
    `sh -c SCRIPT`; else the argv as one command continued over the lines it is written on (in the argv's order:
    written out of it, `command:` above `entrypoint:`, it is one line), with `vllm serve` before it where the image's
    entrypoint is a model server and the argv starts with an option. [] when nothing runs."""
    items = [x for n in argv_nodes if n is not None for x in _items(n)]
    words = [(w, it) for it, element in items for w in ([it.value] if element else _words(it.value))]
    names = [w for w, _ in words]
    if not names:
        return []
    if os.path.basename(names[0]) in _SHELLS:
        k = next((i for i, w in enumerate(names[1:3], 1) if _DASH_C.match(w)), None)
        if k is None or k + 1 >= len(words):
            return []  # `bash script.sh`: the script is another file
        body, it = words[k + 1]
        if it is not words[k][1]:  # the script is an item of its own: its own lines
            return _scalar_lines(it, lines)[:MAX_LINES]
        # `bash -c "pip install x && ..."` in one string: on its line (a block scalar's: from its first content line)
        at = _scalar_lines(it, lines)[0][0]
        return [(at, _one_line(body[:MAX_LINES * 200]))]
    placed: list[tuple[int, str]] = []
    for it, element in items:
        placed += [(it.start_mark.line, _quoted(it.value))] if element else _scalar_lines(it, lines)
    if any(b[0] < a[0] for a, b in zip(placed, placed[1:])):  # written out of the argv's order: one line
        placed = [(placed[0][0], " ".join(t.rstrip("\\ ") for _, t in placed))]
    joined: dict[int, list[str]] = {}
    for n, t in placed:
        joined.setdefault(n, []).append(t)
    out = sorted((n, " ".join(ts)) for n, ts in joined.items())[:MAX_LINES]
    out = [(n, t + " \\" if k + 1 < len(out) and not t.endswith("\\") else t) for k, (n, t) in enumerate(out)]
    if out and image and _SERVER_IMAGE.search(image) and not _PROGRAM.match(names[0]):
        out[0] = (out[0][0], "vllm serve " + out[0][1])
    return out


def values(path: str, argv_nodes: list, lines: list[str], image: str = "", offset: int = 0) -> list[Value]:
    """The settings what the container runs makes (shell.read's values), at the file's lines; ``offset``: the line
    the YAML document starts at in the file (a Kubernetes file's later documents). Only the command's own lines are
    read (a file of many containers reads each command once, not the whole file per command)."""
    from . import shell

    placed = script(argv_nodes, lines, image)
    if not placed:
        return []
    first = placed[0][0]
    text = [""] * (placed[-1][0] - first + 1)
    for n, t in placed:
        text[n - first] = t
    read = shell.read(path, "\n".join(text))
    # cited with the file's own line (the script's is rebuilt: `vllm serve` put before it, continuations added). A
    # pip install is left out: it runs in the service's image, whose torch the pip rules do not know here
    out = []
    for v in read.values:
        if (v.kind, v.name) == ("build", "pip") or not v.origin.line:
            continue
        n = v.origin.line + first  # 0-based in the document, then 1-based in the file
        at = lines[n - 1].strip()[:240] if 0 < n <= len(lines) else ""
        out.append(dataclasses.replace(v, origin=Origin(path, n + offset, scrub(at))))
    return out
