"""Reading a script: ``looks_like`` (shell or Slurm), ``read`` line by line: ``#SBATCH``
directives, heredocs that write a JSON file, function definitions, what each line sets inside
loops and blocks, and which exports reach a launch."""
from __future__ import annotations

import dataclasses
import os
import re
import shlex

from ....knowledge.artifacts import AMDGPU_APT_REPO, ROCM_APT_REPO
from ...settings import CONTAINER, ENV, LAUNCHER, Artifact
from .. import containers
from .blocks import _ARRAY_OPEN, _FOR_IN, _FUNC_OPEN, _ReadState, _array_line, _loop_values
from .command import _command, restamp
from .expand import substitute
from .gpu_counts import counts_used
from .places import _last_line
from .words import _ASSIGN, _HEREDOC, RELEVANT, _shlex_commands, commands, logical_lines, new_file


SHELL, SLURM = "shell", "slurm"


def looks_like(text: str, path: str) -> str | None:
    """SHELL, SLURM or None, from the text first and the name second."""
    head = text[:4096]
    if re.search(r"(?m)^#SBATCH\s", head):
        return SLURM
    if head.startswith("#!") and re.match(r"#!\s*\S*(?:ba|z|da|k)?sh\b|#!\s*/usr/bin/env\s+(?:ba|z)?sh\b", head):
        return SHELL
    if path.endswith((".sh", ".bash", ".slurm", ".sbatch")):
        return SLURM if path.endswith((".slurm", ".sbatch")) else SHELL
    # Linear: [ \t] after ^ (not \s, which crossed blank lines), and `NAME=value ` prefixes whose
    # name has no "=" (`\S+=\S+` split "a=b=c" several ways: exponential backtracking).
    if re.search(r"(?m)^[ \t]*(?:export[ \t]+[A-Za-z_]\w*=|(?:[^\s=]+=\S*[ \t]+)*(?:torchrun|deepspeed|"
                 r"accelerate[ \t]+launch|llamafactory-cli[ \t]+train)[ \t]+[^:\s])", head):
        return SHELL
    return None


# Names that are never a launch script, whatever their first line (a Python or Perl program, docs, data).
_NOT_SCRIPT = re.compile(r"(?i)\.(?:py|pyx|pl|rb|lua|js|ts|md|rst|txt|csv|tsv|toml|cfg|ini|conf|c|cc|cpp|cu|h|hpp|f90|"
                         r"ipynb|html|xml|lock|patch|diff|log|out|err)$")


def unnamed_script(path: str) -> bool:
    """A file in a scanned folder whose name does not say it is a script (Frontier's `launch_gpt_srun.frontier`,
    `job.pbs`, `pytorch_ddp_job.sl`, `train.batch`) but whose text does: a shell's #! line or #SBATCH directives
    in its first 4 KiB (what sbatch and the kernel go by)."""
    if _NOT_SCRIPT.search(os.path.basename(path)):
        return False
    head = text_head(path)
    return head is not None and looks_like(head, "") is not None and (
        head.startswith("#!") or re.search(r"(?m)^#SBATCH\s", head) is not None)


def text_head(path: str, size: int = 4096) -> str | None:
    """The first ``size`` bytes of a file as text; None when it cannot be read or is binary (a NUL byte)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(size)
    except OSError:
        return None
    return None if b"\0" in head else head.decode("utf-8", "replace")


# Launch and batch scripts are mostly a few kB, but site serving scripts run to 100 kB (zebrax0r's Bunya
# serve-kimik3.sh, 104 KiB, fresh batch 22); reading is ~3 us a byte, 0.5 s at this bound.
MAX_SCRIPT_BYTES = 160 * 1024


_HEREDOC_START = re.compile(r"<<-?\s*['\"]?(\w+)['\"]?")
_ELSEWHERE = re.compile(r"\b(?:docker|podman|nerdctl)\s+(?:run|exec)\b|\b(?:ba)?sh\s+-c\b|\bchroot\b|\bRUN\b")


def _apt_sources(art: Artifact, physical: list[str]) -> None:
    """AMD's ROCm repository of one release for one distribution that a host script writes for itself (`echo "deb
    https://repo.radeon.com/rocm/apt/6.1 jammy main" | sudo tee ...`): not a heredoc's body (a Dockerfile or a script it
    generates), nor a command run in a container or another root (`docker run ... bash -c 'echo "deb ..."'`). The
    retired `rocm/apt/debian/ xenial` path names no release (AMD wrote it so for every Ubuntu release): not read."""
    until = None
    for n, text in enumerate(physical[:20_000], 1):
        if until is not None:
            until = None if text.strip() == until else until
            continue
        h = _HEREDOC_START.search(text) if "<<" in text else None
        live = "repo.radeon.com" in text and not text.lstrip().startswith("#")
        for rx, repo in ((ROCM_APT_REPO, "rocm"), (AMDGPU_APT_REPO, "amdgpu")) if live else ():
            m = rx.search(text[:2000])
            if m and m.group(2) and not _ELSEWHERE.search(text[:m.start()]):
                art.add("build", "rocm_apt", {"release": m.group(1), "dist": m.group(2).lower(), "host": True,
                                              "repo": repo}, n)
        until = h.group(1) if h else None


def read(path: str, text: str, kind: str = SHELL) -> Artifact:
    new_file()
    if len(text) > MAX_SCRIPT_BYTES:
        art = Artifact(path, kind, "", data={"commands": []})
        art.error = f"{path}: {len(text) // 1024} KiB; larger than any launch script ({MAX_SCRIPT_BYTES // 1024} KiB at most)"
        return art
    art = Artifact(path, kind, text, data={"commands": []})
    variables: dict[str, str] = {}
    exported: set[str] = set()
    physical = text.splitlines()
    state = _ReadState()
    commands_started = False
    for first, _last, line in logical_lines(text):
        if line.lstrip().startswith("#SBATCH"):
            # sbatch stops reading #SBATCH directives at the first line that is not a comment or blank
            # (Slurm's sbatch(1)): a directive after a command is a comment to Slurm; and it reads them at the
            # start of a line only (an indented `  #SBATCH` is a comment: `xstrncmp(line, "#SBATCH", 7)`)
            if not commands_started and line.startswith("#SBATCH"):
                _sbatch(art, first, line)
            continue
        commands_started = True
        if state.function is not None or ("(" in line or "function" in line) and _FUNC_OPEN.match(line):
            # a function's body runs where the function is called (and not at all if it never is)
            state.function_line(first, line, variables)
            continue
        if "<<" in line:
            _heredoc_json(art, first, line, physical, variables)
        _line(art, first, line, variables, exported, physical, state, 0)
    if state.function is not None:  # a definition never closed: its lines are read as they stand
        for n, text in state.function[1]:
            _line(art, n, text, variables, exported, physical, state, 0)
    _apt_sources(art, physical)
    if "nvidia-smi" in text:  # GPU counts taken from nvidia-smi (RD-LCH-001): one rule for every use of one
        _one_rule_for_counts(art, counts_used(text))
    if state.launch_mark is not None:
        # A variable exported after the script's last launch, outside any loop, reaches no launch of
        # this script (bash runs top to bottom): dropped, so that no check judges it as the job's.
        art.values = [v for i, v in enumerate(art.values)
                      if not (i >= state.launch_mark and v.kind == ENV and i not in state.looped)]
    return art


def _one_rule_for_counts(art: Artifact, counts) -> None:
    """The counts a launch option reads (command.py) judged as counts_used judges every use: one not judged there is
    not judged here; one cited at a value derived from it is cited at its count; then the counts used otherwise."""
    kept, counted = [], set()
    for v in art.values:
        if v.name == "gpu_count_source" and v.value == "nvidia-smi":
            line = counts.aliases.get(v.origin.line, v.origin.line)
            if line in counts.dropped or line in counted:
                continue
            counted.add(line)
            v = dataclasses.replace(v, origin=art.origin(line)) if line != v.origin.line else v
        kept.append(v)
    art.values = kept
    for n, _name in counts.used:
        if n not in counted:  # a count the script uses otherwise than in a launch option
            art.add(LAUNCHER, "gpu_count_source", "nvidia-smi", n)


def _line(art: Artifact, first: int, line: str, variables: dict, exported: set, physical: list[str],
          state: _ReadState, depth: int) -> None:
    later: list[str] = []
    if state.array is None:
        # the blocks a line opens, a case arm's pattern stripped (`amd) OPTS+=(--device /dev/kfd) ;;`)
        line, later = state.enter(line)
    opened = _ARRAY_OPEN.match(_LEAD.sub("", line)) if state.array is None and "=(" in line else None
    if state.array is not None or opened:
        # bash arrays: their elements are words, not commands (a "VAR=value" element sets nothing
        # until something uses it); kept with the line each element is written on
        before = dict(variables) if state.blocks else None
        state.array, line = _array_line(_LEAD.sub("", line), first, state.array, variables)
        if state.array is None and before is not None:
            state.record(before, variables)  # an array a branch builds (`OPTS+=( ... )` in an if/case)
        if state.array is not None:
            return
        if not line.strip() or line.strip() in (";;", "fi", "done", "esac"):
            state.leave(later, variables)
            return  # what follows a closing `)` on its line (`a=(x y); python t.py`) is read below
        line, more = state.enter(line)
        later += more
    before = dict(variables) if state.blocks else None
    n_vals = len(art.values)
    _line_body(art, first, line, variables, exported, physical, state, depth)
    if state.blocks:
        arm = state.arm()
        if arm:  # what a case arm sets, the script sets only where the arm's pattern matches
            restamp(art, n_vals, lambda v: dataclasses.replace(v, guard=arm))
        if before is not None:
            state.record(before, variables)
    state.leave(later, variables)


_NAMEREF = re.compile(r"\b(?:local|declare|typeset)\s+-\w*n")


def _line_body(art: Artifact, first: int, line: str, variables: dict, exported: set, physical: list[str],
               state: _ReadState, depth: int) -> None:
    m = _FOR_IN.match(line) if "for" in line else None
    if m:  # for x in "${arr[@]}" / for x in a b c: the values the loop body sees in $x
        variables["loop " + m.group(1)] = _loop_values(m.group(2), variables)
    head = (line.split() or [""])[0]
    body = variables.get("function " + head) if depth < 4 else None
    if body is not None:  # a call: the function's body runs here, each line at its own place
        if any(_NAMEREF.search(t) for _, t in body):  # `local -n _out=$1`: it may fill the array it is named
            for w in (x.strip("'\"") for x in line.split()[1:]):  # `populate_gpu_args docker_args`
                if variables.pop("array " + w, None) is not None:  # what it holds after the call is not in the text
                    variables["filled array " + w] = True
        state.call_budget -= len(body)
        # its positional parameters are the call's arguments (`run 8` for `${1:-2}` in run's body), for the call only
        try:
            args = shlex.split(line)[1:10]
        except ValueError:
            args = line.split()[1:10]
        saved = {str(i): variables.get(str(i)) for i in range(1, 10)}
        for i in range(1, 10):
            variables.pop(str(i), None)
        variables.update({str(i): substitute(a, variables) for i, a in enumerate(args, 1)})
        try:
            for n, text in body if state.call_budget >= 0 else ():
                _line(art, n, text, variables, exported, physical, state, depth + 1)
        finally:
            for k, old in saved.items():
                if old is None:
                    variables.pop(k, None)
                else:
                    variables[k] = old
        return
    if state.launch_mark is not None and head not in _INERT and not _ASSIGN.match(head):
        state.launch_mark = None  # another program runs after: what was exported before it may reach it
    opens = len(_LOOP_OPEN.findall(line)) if ("for" in line or "while" in line or "until" in line) else 0
    closes = len(_LOOP_CLOSE.findall(line)) if "done" in line else 0
    state.loop_depth += opens
    if RELEVANT.search(line) or ("alias " + head) in variables or ("[@]}" in line and _array_relevant(line, variables)):
        n0, launches = len(art.values), len(art.data["commands"])
        last = _last_line(physical, first)
        for words in commands(line):
            _command(art, words, first, last, variables, exported, physical)
        if "$(" in line:  # CID=$(docker run -d ...): the container a command substitution starts runs too
            for inner in _SUBST.findall(line):
                for words in _shlex_commands(inner):
                    head = words[0] if words else ""
                    alias = str(variables.get("alias " + head, ""))
                    if head in containers.RUNNERS or head == "sudo" or re.search(r"\b(?:docker|podman|nerdctl)\s+run\b",
                                                                                   alias):
                        _command(art, words, first, last, variables, exported, physical)
        if any(c["launcher"] in _JOB_LAUNCHERS or (c["launcher"] == "python" and not c["script"].startswith("-m "))
               for c in art.data["commands"][launches:]):
            state.launch_mark = len(art.values)
        if state.loop_depth > 0:
            state.looped.update(range(n0, len(art.values)))
    state.loop_depth = max(0, state.loop_depth - closes)


# `then OPTS=(...)`, `else OPTS=(...)`, `if [ -e /dev/kfd ]; then OPTS=(...); fi`: the array after the keywords
_LEAD = re.compile(r"^\s*(?:if\s[^;\n]{0,500};\s*then\s+|(?:then|else|do)\s+)+")


def _array_relevant(line: str, variables: dict) -> bool:
    """The line expands an array whose elements hold a launch or its options (`cmd=(torchrun ...)`, `"${cmd[@]}"`)."""
    return any(variables.get("array? " + name) for name in re.findall(r"\$\{([A-Za-z_]\w*)\[[@*]\]\}", line))


_SUBST = re.compile(r"\$\(([^()]*)\)")
_LOOP_OPEN = re.compile(r"(?:^|[;&|]\s*)\s*(?:for|while|until)\b")
_LOOP_CLOSE = re.compile(r"(?:^|[;&|]\s*)\s*done\b")
_JOB_LAUNCHERS = {"torchrun", "deepspeed", "accelerate", "llamafactory-cli"}
# Builtins and file utilities that start no GPU program: an export before them reaches nothing new.
_INERT = {"export", "declare", "typeset", "local", "unset", "readonly", "echo", "printf", "cd", "pushd", "popd",
          "set", "shopt", "wait", "exit", "return", "true", "false", ":", "sleep", "rm", "mkdir", "cp", "mv", "ln",
          "cat", "tee", "date", "touch", "chmod", "done", "fi", "esac", "then", "else", "elif", "}", "{", "do"}

_REDIRECT = re.compile(r"(?:>>?|\btee\s+(?:-a\s+)?)\s*([\"']?)([^\s;|&<>\"']+)\1")


def _heredoc_json(art: Artifact, first: int, line: str, physical: list[str], variables: dict) -> None:
    """`cat <<EOT > $DS_CONFIG` ... `EOT`: a JSON file the script writes before it launches, kept in
    data["written"] as {target, line (the body's first), text (as written), expanded (the variables
    the script defines put in, unless the delimiter is quoted: then bash expands nothing)}."""
    m = _HEREDOC.search(line)
    if m is None:
        return
    t = _REDIRECT.search(line[:m.start()] + " " + line[m.end():])
    target = substitute(t.group(2), variables) if t else ""
    if not target.endswith(".json"):
        return
    body = []
    for raw in physical[first:]:
        if raw.strip() == m.group(2):
            break
        body.append(raw)
    text = "\n".join(body)
    art.data.setdefault("written", []).append({"target": target, "line": first + 1, "text": text,
                                               "expanded": text if m.group(1) else substitute(text, variables)})


def _sbatch(art: Artifact, n: int, line: str) -> None:
    body = line.strip()[len("#SBATCH"):].split("#")[0]
    try:
        words = shlex.split(body)
    except ValueError:
        words = body.split()
    i = 0
    while i < len(words):
        w = words[i]
        if w.startswith("--"):
            name, eq, value = w[2:].partition("=")
            if not eq and i + 1 < len(words) and not words[i + 1].startswith("-"):
                value, i = words[i + 1], i + 1
        elif w.startswith("-") and len(w) >= 2:
            name, value = w[1], w[2:]
            if not value and i + 1 < len(words) and not words[i + 1].startswith("-"):
                value, i = words[i + 1], i + 1
            name = {"N": "nodes", "n": "ntasks", "G": "gpus", "c": "cpus-per-task", "p": "partition",
                    "t": "time", "J": "job-name", "w": "nodelist", "C": "constraint"}.get(name, name)
        else:
            i += 1
            continue
        i += 1
        if name == "export":
            for part in value.split(","):
                k, eq2, v = part.partition("=")
                if eq2 and re.match(r"^[A-Za-z_]\w*$", k):
                    art.add(ENV, k, v, n)
            continue
        art.add(LAUNCHER, f"sbatch.{name}", value, n)
        if name == "image" and value:  # Shifter's `#SBATCH --image=docker:nersc/pytorch:...`: the job's container
            art.add(CONTAINER, "image", re.sub(r"^(?:docker|custom):", "", value), n)
