"""Makefiles that launch GPU work (`make run` wrapping `docker run ... --device /dev/kfd`, `hipcc
--offload-arch=$(ARCH)`): read as the shell script make would run, line for line, so every rule on launch
scripts applies and cites the Makefile's own lines. Make's grammar: https://www.gnu.org/software/make/manual/

What is kept: recipe lines (a tab first; make's `@`, `-`, `+` prefixes dropped; `$$` is a literal `$`)
and variable assignments (`VAR = x`, `:=`, `::=`, `?=`, `+=`, `export VAR = x`) as shell assignments; `$(VAR)`
and `${VAR}` read as the shell's `${VAR}`, `$(shell cmd)` as `$(cmd)`, other make functions as nothing the
shell can judge. Target lines, conditionals and includes become blank lines. Each recipe line runs in a
shell of its own, so one line's `cd` or `export` does not reach the next; that is not modelled.
"""
from __future__ import annotations

import os
import re

from ..settings import Artifact
from . import shell

MAKEFILE = "makefile"
_NAMES = ("makefile", "gnumakefile")
_ASSIGN = re.compile(r"^(?:export[ \t]+|override[ \t]+)?([A-Za-z_][A-Za-z0-9_]{0,127})[ \t]*(::=|:=|\?=|\+=|!=|=)[ \t]*(.*)$")
_PREFIX = re.compile(r"^[@+\-]{1,3}")
# $(shell cmd): make's command substitution; $(NAME) / ${NAME}: a variable; any other $(func args): not the shell's
_SHELL_FN = re.compile(r"\$\(shell[ \t]+([^()]{0,2000})\)")
_VAR = re.compile(r"\$[({]([A-Za-z_][A-Za-z0-9_]{0,127})[)}]")
_FUNC = re.compile(r"\$\([a-z-]{2,20}[ \t][^()]{0,2000}\)")
_AUTO = re.compile(r"\$[@<^?*|+]")  # automatic variables ($@, $<, ...): names only make knows


# A Makefile named for a variant (`makefile.rocm`, `Makefile.hip`: run with `make -f`); not automake's and autoconf's
# templates (Makefile.am, Makefile.in), which make never runs as they are.
_VARIANT = re.compile(r"^(?:gnu)?makefile\.(?!am$|in$)[\w-]{1,20}$")


def looks_like(path: str) -> bool:
    name = os.path.basename(path).lower()
    return name in _NAMES or name.endswith(".mk") or _VARIANT.match(name) is not None


def _shellish(text: str) -> str:
    """One make line's text as the shell would see it."""
    text = text.replace("$$", "\0")  # `$$` is make's escape for the shell's `$`
    text = _SHELL_FN.sub(lambda m: "$(" + m.group(1) + ")", text)
    text = _VAR.sub(lambda m: "${" + m.group(1) + "}", text)
    text = _FUNC.sub("", text)
    text = _AUTO.sub("", text)
    return text.replace("\0", "$")


def _command_name(body: str, names: dict[str, str]) -> str:
    """A recipe whose command is a make variable (`$(HIPCC) -o x`, `$(DOCKER) run ...`, the quiet idiom `$(Q)$(CC)`
    with `Q ?= @`): make puts the variable's value there before the shell runs the line, so the command is named as
    it runs (the shell's rules look for it); make's @/-/+ in front are dropped after each step."""
    body = _PREFIX.sub("", body.lstrip(" "))
    for _ in range(8):  # HIPCC := $(ROCM)/bin/hipcc: a value naming another variable, a few levels at most
        m = re.match(r"\$[({]([A-Za-z_][A-Za-z0-9_]{0,127})[)}]", body)
        if not m or m.group(1) not in names:
            break
        body = _PREFIX.sub("", (names[m.group(1)] + body[m.end():]).lstrip(" "))
    return body


def _logical(lines: list[str]) -> list[tuple[str, int]]:
    """(line, how many physical lines it took): an assignment or target line continued with `\\` is one line
    (its continuation may start with a tab: make joins it all the same); recipe lines stay as they are."""
    out: list[tuple[str, int]] = []
    k = 0
    while k < len(lines):
        line, n = lines[k], 1
        if not line.startswith("\t"):
            while line.rstrip().endswith("\\") and k + n < len(lines) and n < 500:
                line = line.rstrip()[:-1] + " " + lines[k + n].strip()
                n += 1
        out.append((line, n))
        k += n
    return out


def _assignment(line: str) -> tuple[str, str, str, bool] | None:
    """(name, operator, value, exported) of a variable assignment line, else None."""
    m = _ASSIGN.match(line.strip())
    if not m or line.lstrip().startswith("#"):
        return None
    return m.group(1), m.group(2), m.group(3).split(" #", 1)[0].strip(), line.lstrip().startswith("export")


def as_script(text: str) -> str:
    """The Makefile as a shell script of the same lines: recipes and assignments kept, the rest blank."""
    logical = _logical(text.splitlines())
    names: dict[str, str] = {}  # the command-name variables a recipe may start with, by their last plain value
    for line, _n in logical:
        a = _assignment(line)
        if a and a[1] in ("=", ":=", "::="):
            names[a[0]] = a[2]
        elif a and a[1] == "?=":
            names.setdefault(a[0], a[2])
    out: list[str] = []
    recipe_cont = False  # a recipe line ending in `\` continues on the next line, tab or not
    in_rule = False  # tab lines are recipes only after a target line (before it, a tab-led `VAR = x` is a variable)
    for line, n in logical:
        a = None if recipe_cont or (in_rule and line.startswith("\t")) else _assignment(line)
        if a is None and (recipe_cont or (in_rule and line.startswith("\t"))):
            body = line[1:] if line.startswith("\t") else line
            out.append(_shellish(body if recipe_cont else _command_name(body, names)))  # a continuation's `-t x`
            recipe_cont = line.rstrip().endswith("\\")                                  # is an option, kept
            continue
        if a is not None:
            name, op, value, exported = a[0], a[1], _shellish(a[2]), a[3]
            if op == "+=":  # appends with a space
                value = "${" + name + "} " + value
            elif op == "?=":  # only where the environment (or an earlier line) did not set it
                value = "${" + name + ":-" + value + "}"
            quoted = f"\"{value}\"" if '"' not in value else f"'{value}'"
            out.append(("export " if exported else "") + f"{name}={quoted}")  # make's export: every recipe's env
            in_rule = in_rule and line.startswith("\t")
        else:
            stripped = line.strip()
            if stripped and not stripped.startswith("#") and not line.startswith("\t") and re.match(
                    r"^[^=#]*[^:=]:(?!=)", line):
                in_rule = True  # `target: deps` (a recipe on the same line after `;` is not read)
            out.append("")
        out.extend([""] * (n - 1))
    return "\n".join(out) + "\n"


def read(path: str, text: str) -> Artifact:
    """The Makefile as a launch script (its text, and so the evidence lines, are the script make runs)."""
    return shell.read(path, as_script(text), shell.SHELL)
