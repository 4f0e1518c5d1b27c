"""Where a failing command ends a script: bash's errexit (`set -e`, `set -o errexit`, `#!/bin/bash -e`) exits at
the first pipeline that fails, unless it is tested (an `if`/`while`/`until` condition, any pipeline of a `&&`/`||`
list but the last, one negated with `!`) or runs in the background; a pipeline's status is its last command's,
or any command's under pipefail (bash(1), the `set -e` entry)."""
from __future__ import annotations

import re
import shlex

from .words import comment_cut, logical_lines

_SHELLS = ("sh", "bash", "ksh", "zsh", "dash")


def _shebang_errexit(first_line: str) -> bool:
    """`#!/bin/bash -e`, `#!/usr/bin/env -S bash -ex`: the interpreter's options turn errexit on."""
    if not first_line.startswith("#!"):
        return False
    words = first_line[2:].split()[:8]
    while words and (words[0].rsplit("/", 1)[-1] == "env" or words[0] == "-S"):
        words = words[1:]
    if not words or words[0].rsplit("/", 1)[-1] not in _SHELLS:
        return False
    for w in words[1:]:
        if not w.startswith("-") or w == "--":
            break
        if not w.startswith("--") and "e" in w[1:]:
            return True
    return False


# `2>&1`, `&>`, `>&2`: redirections, not the `&` that backgrounds; `$(...)`/backticks: a substitution's own
# commands decide nothing here (the command around them does)
_REDIRECTS = re.compile(r"(?<!\d)\d*>&\d*-?|&>>?|(?<!\d)\d*<&\d*-?")
_SUBSTITUTION = re.compile(r"[$<>]\([^()]*\)|`[^`]*`")  # $(...), and <(...) / >(...), whose failure bash ignores
_OPENS = {"if": "if", "while": "loop", "until": "loop", "for": "loop", "select": "loop", "case": "case"}
_PREFIX_WORDS = {"sudo", "time", "command", "exec", "nohup"}
_FUNCTION = re.compile(r"^\s*(?:function\s+[A-Za-z_][\w:.-]*\s*(?:\(\s*\))?|[A-Za-z_][\w:.-]*\s*\(\s*\))\s*(\{)?")
_SEPARATORS = {";", "&&", "||", "&", ";;", "(", ")", ";&", ";;&"}


def _set_words(words: list[str]) -> tuple[bool | None, bool | None]:
    """(errexit, pipefail) that a `set` command turns on (True) or off (False); None where it leaves it."""
    errexit = pipefail = None
    words = words[:words.index("--")] if "--" in words else words  # `set -- -e x` sets the arguments
    for i, w in enumerate(words):
        if re.match(r"^[-+][a-zA-Z]+$", w) and "e" in w[1:]:
            errexit = w[0] == "-"
        if re.match(r"^[-+][a-zA-Z]*o$", w) and i + 1 < len(words):
            if words[i + 1] == "errexit":
                errexit = w[0] == "-"
            elif words[i + 1] == "pipefail":
                pipefail = w[0] == "-"
    return errexit, pipefail


def _substituted(m: re.Match) -> str:
    """A substitution as one word naming its first program (`SUBST:nvidia-smi`): glued to an assignment before it
    (`ret=`nvidia-smi``), whose status it becomes; one of several commands is a plain `SUBST`."""
    inner = m.group(0)[1:-1] if m.group(0).startswith("`") else m.group(0)[2:-1]
    words = inner.split()
    if not words or re.search(r"[|;&]", inner):  # `$(nvidia-smi -L | wc -l)`: the last command's status (wc's)
        return "SUBST"
    return "SUBST:" + words[0].rsplit("/", 1)[-1]


def _assigned_from(words: list[str], program: str) -> bool:
    """`ret=$(nvidia-smi ...)` alone, no command after the assignments: bash gives the line the substitution's
    status, so its failure ends the script under errexit (`local x=$(...)` or `echo $(...)` take their command's)."""
    return bool(words) and all(re.match(r"^[A-Za-z_]\w*=", w) for w in words) and any(
        f"SUBST:{program}" in w.split("=", 1)[1].split() for w in words)  # also inside a string: MSG="gpus: $(...)"


def _pipelines(line: str) -> list[tuple[list[list[str]], str]] | None:
    """The line's pipelines, each as (its commands' words, the operator after it); None for an unclosed quote."""
    lex = shlex.shlex(_SUBSTITUTION.sub(_substituted, _REDIRECTS.sub(" ", comment_cut(line))), posix=True,
                      punctuation_chars=";&|()")
    lex.whitespace_split = True
    lex.commenters = ""
    try:
        words = list(lex)
    except ValueError:
        return None
    out: list[tuple[list[list[str]], str]] = []
    stages: list[list[str]] = [[]]
    for w in words:
        if w in ("|", "|&"):
            stages.append([])
        elif w in _SEPARATORS:
            out.append((stages, w))
            stages = [[]]
        else:
            stages[-1].append(w)
    out.append((stages, ";"))
    return out


def _program(words: list[str]) -> str:
    k = 0
    while k < len(words) and (words[k] in _PREFIX_WORDS or re.match(r"^[A-Za-z_]\w*=", words[k])
                              or words[k].startswith("-") and k and words[k - 1] in _PREFIX_WORDS):
        k += 1
    return words[k].rsplit("/", 1)[-1] if k < len(words) else ""


def fatal_runs(text: str, program: str, guard: re.Pattern) -> list[tuple[int, int]]:
    """(line, line that switched errexit on) of each run of ``program`` whose failure ends the script. Only
    straight-line code is judged: a run inside a function (called or not), a `{ }` group or a `case` arm is
    not, nor one inside an `if` or loop whose condition matches ``guard`` (a test for the program or its
    vendor: `if command -v nvidia-smi`), nor one after `&&`/`||` behind such a test; a run inside another `if`
    is (its branch is the script's path)."""
    out: list[tuple[int, int]] = []
    lines = text.splitlines()
    errexit = 1 if lines and _shebang_errexit(lines[0]) else 0
    pipefail = False
    stack: list[tuple[str, bool]] = []  # open blocks: (kind, guarded)
    brace_due = False  # `name()` alone on its line: the `{` on a later line opens the function, not a group
    condition = False  # between `if`/`while` and `then`/`do`, over lines too (`if a ||` / `b; then`)
    # depth 2: a script a heredoc writes is not this script's lines (its `set -e` is its own)
    for first, _last, line in logical_lines(text, 2):
        m = _FUNCTION.match(line)
        if m and not re.match(r"^\s*(?:if|while|until|for|case)\b", line):
            if m.group(1) and "}" in line[m.end():]:
                continue  # a one-line function
            stack.append(("func", False))
            brace_due = not m.group(1)
            continue
        listed = ""  # the `&&`/`||` list so far: what decides whether the next pipeline runs
        closing = False
        for stages, op in _pipelines(line) or ():
            if closing and stack and stack[-1][0] == "subshell":
                stack.pop()
            negated, cmd = False, stages[0]
            while cmd and cmd[0] in ("then", "do", "else", "!", "{"):
                if cmd[0] in ("then", "do"):
                    condition = False
                elif cmd[0] == "!":
                    negated = True
                elif cmd[0] == "{" and brace_due:
                    brace_due = False
                elif cmd[0] == "{":
                    stack.append(("group", False))
                cmd = cmd[1:]
            stages = [cmd] + stages[1:]
            text_of = " ".join(" ".join(s) for s in stages)
            before, listed = listed, (listed + " " + text_of if op in ("&&", "||") else "")
            if op == "(":
                stack.append(("subshell", False))  # `( set -e; make )`: its own shell, its errexit its own
            closing = op == ")"  # the subshell ends after this pipeline (which runs inside it)
            if not cmd:
                continue
            head = cmd[0]
            if head in ("fi", "done", "esac", "}"):
                if stack:
                    stack.pop()
            elif head == "elif":
                condition = True
                if stack and stack[-1][0] == "if" and guard.search(text_of):
                    stack[-1] = ("if", True)
            elif head in _OPENS:
                kind = _OPENS[head]
                stack.append((kind, kind != "case" and bool(guard.search(text_of))))
                condition = head in ("if", "while", "until")
            elif condition:
                continue  # a command between `if` and `then` is tested: its failure is an answer
            elif head == "set":
                on, pf = _set_words(cmd[1:])
                if not stack:  # `set` inside a function or a branch may never run: not followed
                    errexit = (first if on else 0) if on is not None else errexit
                    pipefail = pf if pf is not None else pipefail
            elif errexit and not negated and op not in ("&&", "||", "&") and not guard.search(before) \
                    and all(k in ("if", "loop") and not g for k, g in stack):
                for i, stage in enumerate(stages):
                    if (i == len(stages) - 1 or pipefail) and (_program(stage) == program
                                                               or _assigned_from(stage, program)):
                        out.append((first, errexit))
        if closing and stack and stack[-1][0] == "subshell":
            stack.pop()
    return out
