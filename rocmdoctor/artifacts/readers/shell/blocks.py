"""What spans lines while a script is read: if/case blocks and the case arm a line runs in (a
variable the branches set differently is dropped), function definitions (read where called),
bash arrays and the values a for loop gives its variable."""
from __future__ import annotations

import re
import shlex

from ..containers import ARRAY_WORD
from .expand import substitute
from .places import _DEFINED
from .words import RELEVANT


class _ReadState:
    """What spans lines while a script is read: an open array or function definition."""

    def __init__(self):
        self.array: tuple[str, list[tuple[str, int]]] | None = None  # a multi-line `name=(` ... `)`
        self.function: tuple[str, list[tuple[int, str]], int] | None = None  # name, body lines, depth
        self.loop_depth = 0  # inside for/while/until ... done: a later pass sees what is set after
        self.looped: set[int] = set()  # indexes of values set inside a loop
        self.launch_mark: int | None = None  # len(values) right after the last launch
        self.call_budget = 2000  # function-body lines read at call sites: bounded (calls can nest)
        # Open if/case blocks, innermost last: which branch (or case arm) a line runs in, and what
        # each branch assigned, so that a variable the branches set differently is known to vary.
        self.blocks: list[dict] = []

    def enter(self, line: str) -> tuple[str, list[str]]:
        """Open the blocks a line opens and strip a case arm's pattern from its front; returns the
        line left to read and the keywords to apply once its commands ran (elif/else/fi/;;/esac)."""
        top = self.blocks[-1] if self.blocks else None
        if top is not None and top["kind"] == "case" and not top["arm"]:
            m = _CASE_ARM.match(line.strip())
            if m and not line.lstrip().startswith(("esac", ";;")):
                top["arm"], top["branch"], line = m.group(1).strip(), top["branch"] + 1, m.group(2)
        later = []
        for kw in _BLOCK_KW.findall(line) if _BLOCK_HINT.search(line) else ():
            if kw in ("if", "case"):
                self.blocks.append({"kind": kw, "branch": 0, "arm": "", "seen": {}, "pre": {}})
            else:
                later.append(kw)
        if line.rstrip().endswith(";;") or line.strip() == ";;":
            later.append(";;")
        return line, later

    def leave(self, later: list[str], variables: dict) -> None:
        for kw in later:
            top = self.blocks[-1] if self.blocks else None
            if top is None:
                return
            if kw in ("elif", "else") and top["kind"] == "if":
                top["branch"] += 1
                _restore_arrays(top, variables)
            elif kw == ";;" and top["kind"] == "case":
                top["arm"] = ""
                _restore_arrays(top, variables)
            elif (kw == "fi" and top["kind"] == "if") or (kw == "esac" and top["kind"] == "case"):
                self.blocks.pop()
                _settle(top, variables)
                if self.blocks:  # an if inside a branch: what it leaves is that branch's doing
                    outer = self.blocks[-1]
                    for k in top["seen"]:
                        if k in variables:
                            outer["pre"].setdefault(k, top["pre"].get(k))
                            v = variables[k]
                            outer["seen"].setdefault(k, {})[outer["branch"]] = tuple(v) if isinstance(v, list) else v

    def arm(self) -> str:
        """The pattern of the innermost case arm the reader is in ("" outside any)."""
        return next((b["arm"] for b in reversed(self.blocks) if b["kind"] == "case" and b["arm"]), "")

    def record(self, before: dict, variables: dict) -> None:
        """Note, in the innermost block, the variables a line (re)assigned."""
        top = self.blocks[-1]
        for k, v in variables.items():
            if before.get(k, _MISSING) != v and (_NAME.match(k) or _ARRAY_KEY.match(k) or k.startswith(_DEFINED)):
                top["pre"].setdefault(k, before.get(k))
                top["seen"].setdefault(k, {})[top["branch"]] = tuple(v) if isinstance(v, list) else v

    def function_line(self, n: int, line: str, variables: dict) -> None:
        if self.function is None:
            m = _FUNC_OPEN.match(line)
            if m is None:  # the caller opens a function only on a line _FUNC_OPEN matched
                return
            self.function = (m.group(1) or m.group(2), [], 1 if line.rstrip().endswith("{") else 0)
            return
        name, body, depth = self.function
        stripped = line.strip()
        if depth == 0 and stripped.startswith("{"):  # `f()` on one line, `{` on the next
            depth, stripped = 1, stripped[1:].strip()
        depth += stripped.endswith("{") - stripped.startswith("}")  # `}`, `};`, `} > log 2>&1`
        if depth <= 0:
            variables["function " + name] = body
            self.function = None
            return
        body.append((n, line))
        self.function = (name, body, depth)


_MISSING = object()
_NAME = re.compile(r"[A-Za-z_]\w*$")
_ARRAY_KEY = re.compile(r"array [A-Za-z_]\w*$")


def _restore_arrays(block: dict, variables: dict) -> None:
    """A new branch or case arm starts from the arrays as they were before the block: what another branch
    appended (`OPTS+=(--gpus all)` for NVIDIA, `OPTS+=(--device /dev/kfd ...)` for AMD) is not in it."""
    for k, pre in block["pre"].items():
        if _ARRAY_KEY.match(k):
            if pre is None:
                variables.pop(k, None)
            else:
                variables[k] = pre
# `*"Navi 2"*)`, `(gfx1030|gfx1031)`, `mi300x) cmd ...`: a case arm's pattern and what follows it
# (matched on the stripped line, the pattern bounded and starting with a non-blank: no backtracking on long blank runs)
_CASE_ARM = re.compile(r"^\(?\s*([^()=;$`\s][^()=;$`]{0,200}?)\s*\)\s*(.*)$")
_BLOCK_HINT = re.compile(r"\b(?:if|elif|else|fi|case|esac)\b")
_BLOCK_KW = re.compile(r"(?:^|[;&|]\s*|\b(?:then|do|else)\s+)\s*(if|elif|else|fi|case|esac)\b")


_POSITIONAL = re.compile(r"""(["']?)\$(?:\d|\{\d\})\1""")


def _settle(block: dict, variables: dict) -> None:
    """After an if/case block: a variable its branches leave with different values, one of them
    decided at run time (`N=$(hy-smi -L | grep -c DCU)` in one branch, `N=8` in the other), has
    no value a reader can know; it is dropped, so that a check sees `$N` (decided at launch)
    rather than the last branch's literal. Run options that a vendor switch sets per branch (`--device
    /dev/kfd ...` for rocm, `--device /dev/nvidia0 ...` otherwise) keep the AMD branch's: an AMD host runs it."""
    branches = block["branch"] + 1
    for k, by_branch in block["seen"].items():
        values = set(by_branch.values())
        if _ARRAY_KEY.match(k):  # an array the branches build differently: the AMD branch's, else the last's
            amd = [v for v in values if isinstance(v, tuple) and any("/dev/kfd" in str(e) for e in v)]
            chosen = amd[0] if len(values) > 1 and len(amd) == 1 else by_branch[max(by_branch)]
            if isinstance(chosen, tuple):
                variables[k] = list(chosen)  # (each branch started from the array before the block)
            continue
        amd = [v for v in values if str(v).lstrip().startswith("-") and "/dev/kfd" in str(v)]
        if len(values) > 1 and len(amd) == 1:
            variables[k] = amd[0]
            continue
        pre = block["pre"].get(k)
        # (an `if` without `else`, or a case: the path that sets nothing keeps the default; an `else` may exit instead)
        if (block["kind"] == "case" or block["branch"] == 0) and pre and not any(c in str(pre) for c in "$`") \
                and all(_POSITIONAL.fullmatch(str(v)) for v in values):
            # `if [ $# -eq 2 ]; then IMAGE=$2; fi`: the default unless the user gives one (an empty one is no default:
            # `EXTRA_URL=""` then `*) EXTRA_URL="$1"` in an argument loop asks the caller for it)
            variables[k] = pre
            if isinstance(block["pre"].get(_DEFINED + k), int):
                variables[_DEFINED + k] = block["pre"][_DEFINED + k]  # and it is written where the default is
            continue
        if len(by_branch) < branches or block["kind"] == "case":
            values.add(pre if pre is not None else "")
        if len(values) > 1 and any("$" in str(v) or "`" in str(v) for v in values):
            variables.pop(k, None)


# `name() {`, `function name {`, `function name() {` with the body on the lines after it (a
# definition on one line, `f() { ...; }`, runs through the normal reading).
_FUNC_OPEN = re.compile(r"^\s*(?:function\s+([A-Za-z_][\w:-]*)\s*(?:\(\s*\))?|([A-Za-z_][\w:-]*)\s*\(\s*\))"
                        r"\s*\{?\s*$")

# `name=(`, `name+=(` (append), `local name=(`, `declare -a name=(`, `local -a name=(`
_ARRAY_OPEN = re.compile(r"^\s*(?:(?:declare|local|typeset|readonly)(?:\s+-[a-zA-Z]{1,4})*\s+)?([A-Za-z_]\w*)(\+?)=\(")
_FOR_IN = re.compile(r"^\s*for\s+([A-Za-z_]\w*)\s+in\s+(.*?)\s*(?:;\s*do\b.*)?$")


def _array_line(line: str, n: int, array, variables: dict):
    """One line of an array assignment: returns the array still open (or None once `)` closed it:
    then its elements are in variables["array NAME"] as (value, line) pairs), and the rest of the
    line after the `)`."""
    if array is None:
        m = _ARRAY_OPEN.match(line)
        if m is None:  # the caller starts an array only on a line _ARRAY_OPEN matched
            return None, line
        kept = list(variables.get("array " + m.group(1), [])) if m.group(2) else []  # `+=(`: appended
        array, line = (m.group(1), kept), line[m.end():]
    body, closed = _until_close(line)
    rest = line[len(body) + 1:].lstrip(" \t;") if closed else ""
    try:
        words = shlex.split(body, comments=True)
    except ValueError:
        words = body.split()
    room = MAX_ARRAY - len(array[1])  # an array of thousands of words is no launch's options: the first ones
    array[1].extend((substitute(w, variables), n) for w in words[:max(0, room)] if w)
    if closed:
        variables["array " + array[0]] = array[1]
        # whether its elements hold a launch or its options: worked out once, here, not at every line that expands it
        variables["array? " + array[0]] = any(RELEVANT.search(str(v)) for v, _n in array[1])
        return None, rest
    return array, ""


MAX_ARRAY = 256  # elements kept of one array
MAX_EXPANDED = 20_000  # array elements put into commands in one script, all told


def expand_arrays(words: list[str], variables: dict) -> tuple[list[str], list[int]]:
    """A command's words with each `"${name[@]}"` of an array the script assigned replaced by its elements, as
    bash expands it (`podman run "${opts[@]}" IMAGE` runs with the options written in `opts=( ... )`), and the
    lines those elements are written on (where a finding about one of them points)."""
    out: list[str] = []
    lines: list[int] = []
    for w in words:
        m = ARRAY_WORD.fullmatch(w) if "[" in w else None
        elems = variables.get("array " + m.group(1)) if m else None
        spent = variables.get("expanded words", 0)
        if elems is None or spent + len(elems) > MAX_EXPANDED:
            out.append(w)
            continue
        variables["expanded words"] = spent + len(elems)
        out += [value for value, _n in elems]
        lines += [n for _v, n in elems if n]
    return out, sorted(set(lines))


def _until_close(line: str) -> tuple[str, bool]:
    """The text before the first `)` outside quotes, and whether there was one."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i], False
        elif c == ")":
            return line[:i], True
    return line, False


def _loop_values(items: str, variables: dict) -> list[tuple[str, int]]:
    """The values of `for x in ITEMS`: an array's elements (with their lines), or the words."""
    m = re.fullmatch(r'"?\$\{([A-Za-z_]\w*)\[[@*]\]\}"?', items.strip())
    if m:
        return list(variables.get("array " + m.group(1), []))
    try:
        return [(substitute(w, variables), 0) for w in shlex.split(items)]
    except ValueError:
        return []
