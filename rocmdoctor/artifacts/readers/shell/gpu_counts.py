"""GPU counts a script takes from nvidia-smi and then uses (RD-LCH-001): `N=$(nvidia-smi -L | wc -l)` is 0 on an AMD
node, where the tool is absent. Read from the script's text, block by block: which counts are used for more than
printing, which are behind a test of the vendor, handled by a fallback, or set otherwise (then not judged)."""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from .nvidia_smi import _NVSMI
from .words import logical_lines

# `--list-gpus`, `-L`, `--query-gpu=name ... | wc -l`, `grep -c`, `--query-gpu=count`
_COUNTS = re.compile(r"\|\s*wc\s+-l\b|\|\s*grep\s+(?:-\w+\s+)*-\w*c\w*\b|--query-gpu=count\b")
_ASSIGNED = re.compile(r"^\s*(?:(?:export|local|readonly|declare|typeset)\s+(?:-\w+\s+)*)?([A-Za-z_]\w*)=(.*)$")
# a test of the vendor or its tool: `command -v nvidia-smi`, `which rocm-smi`, `[ "$GPU" = amd ]`; "cuda" alone only
# where the script also names AMD's stack (PyTorch's device string is "cuda" on ROCm too: `[ "$DEVICE" = cuda ]`)
_AMD = re.compile(r"(?i)\brocm|\bamd\b|\bhip\b")
_VENDOR = re.compile(r"(?i)nvidia|\brocm|\bamd\b|\bhip\b")
_CUDA = re.compile(r"(?i)\bcuda\b")  # not inside CUDA_VISIBLE_DEVICES
_PRINTS = {"echo", "printf", "logger", ":", "print", "log", "info", "log_info", "say"}
_TESTS = {"[", "[[", "test", "(("}
# a printed hostfile line is read by a launcher (DeepSpeed's/MPI's `localhost slots=$N`, Horovod's host-discovery
# script printing `localhost:$N`), not by a person
_HOSTFILE_LINE = re.compile(r"\bslots\s{0,2}=\s{0,2}[\"']?\$|(?:localhost|\$\(hostname\)|`hostname`|"
                            r"\$\{?\w{0,40}HOST\w{0,40}\}?):\$")
# a command's leading keyword: what opens or closes a block, or a loop's header (its block opens at `do`)
_KEYWORD = re.compile(r"^\s*(if|elif|else|then|fi|case|esac|do|done|while|until|for|\{|\}|!)(?:\s+|$)(.*)", re.S)
_KEYWORDS = re.compile(r"^\s*(?:(?:then|else|do|elif|if|!)\s+)+")
_ARM = re.compile(r"^\s*\(?\s*([^\s()=$`]+(?:\s*\|\s*[^\s()=$`]+)*)\s*\)\s*(.*)$", re.S)  # `nvidia|cuda) cmd`
_REDIRECT = re.compile(r"^(?:\d*>>?&?\d*|&>>?|<)\S*$")
_serial = itertools.count()


@dataclass
class _Block:
    kind: str  # if, case, loop
    guarded: bool = False  # behind a test of the vendor or its tool
    serial: int = field(default_factory=lambda: next(_serial))
    sets: set = field(default_factory=set)  # names the current branch sets
    earlier: set = field(default_factory=set)  # names an earlier branch of this `if` set
    tested: set = field(default_factory=set)  # tracked names a condition of this `if` tests


@dataclass
class Counts:
    used: list = field(default_factory=list)  # (line of the count, name it reaches the use by)
    dropped: set = field(default_factory=set)  # lines of counts not judged
    aliases: dict = field(default_factory=dict)  # line of a derived value -> line of its count


def _commands(part: str) -> list[str]:
    """A part's simple commands: split at `;`, `&&`, `||` and `|` outside quotes and `$( )`/backticks."""
    out, start, depth, quote, k = [], 0, 0, "", 0
    while k < len(part):
        c = part[k]
        if c == "\\" and quote != "'":
            k += 2
            continue
        if quote:
            quote = "" if c == quote else quote
        elif c in "'\"`":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        elif c == "&" and (part[k - 1:k] in ("<", ">") and k > 0 or part[k + 1:k + 2] == ">"):
            pass  # `2>&1`, `&>log`: a redirection, not a list
        elif depth == 0 and c in ";&|":
            out.append(part[start:k])
            k += 2 if part[k:k + 2] in ("&&", "||", ";;") else 1
            start = k
            continue
        k += 1
    out.append(part[start:])
    return [c.strip() for c in out if c.strip()]


def _refs(line: str, names: dict) -> list[str]:
    """The tracked names a command reads: `$N`, `${N}`, `${N:-1}`, or a bare N inside `$(( ))`/`(( ))` (the line's
    words looked up in ``names``, not each name searched for: a script of many derived counts stays linear)."""
    out = [n for n in dict.fromkeys(re.findall(r"\$\{?([A-Za-z_]\w*)", line)) if n in names] if "$" in line else []
    for arith in re.findall(r"\(\(([^()]{0,400})\)\)", line) if "((" in line else ():
        out += [n for n in dict.fromkeys(re.findall(r"(?<![\w$])[A-Za-z_]\w*", arith)) if n in names and n not in out]
    return out


def _head(command: str) -> str:
    words = [w for w in command.split() if not _REDIRECT.match(w)]  # `>&2 echo ...`
    return words[0].rsplit("/", 1)[-1] if words else ""


def counts_used(text: str) -> Counts:
    """Each GPU count taken from nvidia-smi into a variable the script then uses for more than printing (a launch
    option, a count derived from it, a test that picks a branch, a loop bound, a script's argument, a printed hostfile
    line): ``used``. Not judged (``dropped``): a count behind a test of the vendor or its tool (an `if`/`elif`/`while`
    whose condition, or an earlier branch of the same `if`, names one; a `case` arm whose pattern does), one a fallback
    counts otherwise when it is 0 (`if [ "$N" -eq 0 ]; then N=$(rocm-smi ...)`, `[ "$N" -gt 0 ] || N=...`; a fallback
    to a number is a use: one rank, the other GPUs idle), one set otherwise
    where it was counted, in an enclosing block or in its `if`'s other branch (before or after: `else N=$(echo
    "$CUDA_VISIBLE_DEVICES" | awk ...)`, which Slurm's gres sets on AMD nodes too); a setting inside a later
    `if`/`case` (an option's value) may not run and leaves the count judged."""
    cuda_is_vendor = bool(_AMD.search(text))
    tracked: dict[str, tuple[int, tuple]] = {}  # name -> (line of its count, the blocks open there)
    res, blocks, emitted = Counts(), list[_Block](), set[int]()

    def path() -> tuple:
        return tuple(b.serial for b in blocks)

    def vendor(s: str) -> bool:
        return bool(_VENDOR.search(s) or cuda_is_vendor and _CUDA.search(s))

    def use(name: str) -> None:
        at = tracked.pop(name)[0]
        if at not in emitted:
            emitted.add(at)
            res.used.append((at, name))

    def drop(name: str) -> None:
        res.dropped.add(tracked.pop(name)[0])

    condition: _Block | None = None  # the `if`/`elif` whose condition is being read (up to `then`)
    for first, _last, line in logical_lines(text, 2):
        commands = _commands(line)
        assigned = {a.group(1) for c in commands if (a := _ASSIGNED.match(_KEYWORDS.sub("", c)))}
        line_tested: set[str] = set()  # `[ "$N" -gt 0 ] || N=...`: tested before a setting on this line
        for command in commands:
            while (m := _KEYWORD.match(command)) is not None:
                kind, command = m.groups()
                if kind in ("fi", "done", "esac", "}"):
                    if blocks and kind != "}":
                        for name in blocks[-1].tested & set(tracked) if kind == "fi" else ():
                            use(name)  # tested, never replaced: the test picked a branch
                        blocks.pop()
                elif kind == "then":
                    condition = None
                elif kind == "do":
                    blocks.append(_Block("loop"))
                elif kind in ("elif", "else") and blocks:
                    blocks[-1].earlier |= blocks[-1].sets
                    blocks[-1].sets = set()
                    condition = blocks[-1] if kind == "elif" else None
                elif kind == "if":
                    blocks.append(_Block("if"))
                    condition = blocks[-1]
                elif kind == "case":
                    blocks.append(_Block("case"))
                    command = ""  # `case "$1" in`: the arms decide
            if condition is not None:
                condition.guarded = condition.guarded or vendor(command)
            elif blocks and blocks[-1].kind == "case" and (arm := _ARM.match(command)) and "=" not in arm.group(1):
                blocks[-1].guarded = vendor(arm.group(1))  # `nvidia) N=$(nvidia-smi ...)`
                command = arm.group(2)
            if not command:
                continue
            used = _refs(command, tracked)
            a = _ASSIGNED.match(command)
            if a:
                name, value = a.groups()
                if blocks:
                    blocks[-1].sets.add(name)
                if _NVSMI.search(value) and _COUNTS.search(value):
                    if any(b.guarded or name in b.earlier for b in blocks):
                        res.dropped.add(first)
                    else:
                        tracked[name] = (first, path())
                elif used:  # WORLD=$((N * NODES)), LOCAL=$N, N=${SLURM_GPUS_ON_NODE:-$N}: derived from it
                    res.aliases[first] = tracked[used[0]][0]
                    tracked.setdefault(name, (tracked[used[0]][0], path()))
                elif name in tracked:
                    fallback = name in line_tested or any(name in b.tested for b in blocks)
                    if fallback and re.fullmatch(r"[\"']?\d{1,4}[\"']?", value.strip()):
                        use(name)  # `if [ $N -eq 0 ]; then N=1`: one rank, the other GPUs idle without an error
                    elif fallback:
                        drop(name)  # a fallback that counts them otherwise: `N=$(rocm-smi ...)`
                    elif tracked[name][1][:len(blocks)] == path():
                        drop(name)  # set again where it was counted, around it, or in its `if`'s other branch
                continue
            if not used:
                continue
            head = _head(command)
            if head in _PRINTS and not _HOSTFILE_LINE.search(command):
                continue
            if head in _TESTS and set(used) & assigned:
                line_tested.update(set(used) & assigned)  # `[ "$N" -gt 0 ] || N=...`: the setting after it decides
                continue
            if condition is not None:
                condition.tested.update(used)  # judged at `fi`: a use unless a branch replaces it
                continue
            for name in used:
                use(name)
    return res
