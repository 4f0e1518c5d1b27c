"""Parameter expansion as the shell does it: ``$NAME``, ``${NAME:-word}`` and the other default
forms, ``${NAME:=word}`` assigning its default, ``set -a`` (allexport), and a launch held in a
variable split into words where it is expanded unquoted."""
from __future__ import annotations

import os
import re
import shlex

from ...settings import ENV, Artifact
from ..containers import RUNNERS
from .launchers import LAUNCHERS


# ${NAME}, ${NAME-word}, ${NAME:-word}, ${NAME=word}, ${NAME:=word}, ${NAME+word}, ${NAME:+word}, $NAME:
# the parameter expansions a launch line uses to give a variable its default (bash and Compose alike).
# (a positional parameter: a function call's argument where the reader follows a call, else its default, `${2:-16}`
# when the script is run without arguments, else kept as written)
_PARAM = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*|[1-9])(?:(:?)([-=+])([^{}]*))?\}|([A-Za-z_][A-Za-z0-9_]*|[1-9]))")


def _split_held_commands(raw: list[str], words: list[str], text: str) -> tuple[list[str], list[str]]:
    """`CMD="torchrun --nnodes 2 ... train.py"; srun $CMD`: an unquoted expansion is split into words by
    the shell, so a launch held in a variable runs as if written out; split where the value starts with
    a launcher, or with an option in a container run, job step or launcher (`devices="--device /dev/kfd";
    podman run $devices ...`, `srun $SRUN_ARGS ...`, `torchrun $DISTRIBUTED_ARGS train.py`);
    other expansions keep their one word (a compiler's `$FLAGS` is judged where the flags are set)."""
    out_raw, out = [], []
    # a container run, a job step or a launcher: options held in a variable are its own (`torchrun
    # $DISTRIBUTED_ARGS pretrain_gpt.py`, Megatron's scripts' way of writing the rendezvous and the ranks)
    runner = any(os.path.basename(w) in RUNNERS or os.path.basename(w) in ("srun", *LAUNCHERS) for w in words[:3])
    for r, w in zip(raw, words):
        parts = w.split()
        if re.fullmatch(r"\$\{?[A-Za-z_]\w*\}?", r) and len(parts) > 1 and f'"{r}"' not in text \
                and (os.path.basename(parts[0]) in LAUNCHERS or (runner and parts[0].startswith("-"))):
            try:
                parts = shlex.split(w)
            except ValueError:
                pass
            out_raw += parts
            out += parts
        else:
            out_raw.append(r)
            out.append(w)
    return out_raw, out


def substitute(word: str, variables: dict[str, str]) -> str:
    """``word`` with the variables the files define put in, as the shell expands it: a name the
    files do not define keeps its ``$NAME`` form (its value comes from outside), unless the
    expansion gives a default (``${GPU_ID:-0}`` is 0 when GPU_ID is unset) or is ``${NAME:+x}``
    (empty when unset)."""
    def one(m: re.Match) -> str:
        name = m.group(1) or m.group(5)
        op, alt = m.group(3), m.group(4)
        val = variables.get(name)
        if op is None:
            return m.group(0) if val is None else val
        empty = val is None or (m.group(2) == ":" and val == "")
        if op == "+":
            return "" if empty else substitute(alt, variables)
        return substitute(alt, variables) if empty or val is None else val

    for _ in range(4):  # nested defaults (${A:-${B:-7}}) resolve from the inside out
        out = _PARAM.sub(one, word)
        if out == word or "${" not in out:
            return out
        word = out
    return word


ALLEXPORT = "set -a"  # a key no shell variable can have: allexport is on


def _assign_defaults(art: Artifact, words: list[str], first: int, variables: dict, exported: set) -> None:
    """``${NAME:=word}`` / ``${NAME=word}`` assign word to NAME when it is unset (or empty, with the
    colon) wherever the expansion happens: ``: ${NPROC:=8}`` is how scripts give a default."""
    for w in words:
        if "${" not in w or "=" not in w:
            continue
        for m in _PARAM.finditer(w):
            name, colon, op = m.group(1), m.group(2), m.group(3)
            if op != "=" or name.isdigit():  # `${1:=8}` is an error in bash: positional parameters are not assigned
                continue
            val = variables.get(name)
            if val is None or (colon == ":" and val == ""):
                variables[name] = substitute(m.group(4), variables)
                if name in exported or ALLEXPORT in variables:
                    art.add(ENV, name, variables[name], first)
