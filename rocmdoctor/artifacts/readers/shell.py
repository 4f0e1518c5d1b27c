"""Shell launch scripts and Slurm batch scripts as settings.

What is read: ``export A=B`` (and ``A=B cmd`` prefixes, ``declare -x``), variables the
script defines (substituted into later lines), ``#SBATCH`` options, and the command lines
of the launchers a fine-tune uses: ``torchrun``, ``python -m torch.distributed.run``,
``deepspeed``, ``accelerate launch``, ``llamafactory-cli train``, ``python script.py``,
possibly behind ``srun``, ``mpirun -x``, ``nohup``, ``exec``, ``env``. Their launcher
options become LAUNCHER values, the training script's ``--key value`` arguments TRAIN
values, each with the line it is written on (continuation lines are followed).

Commands are split into words by bashlex (a port of bash's own parser) when it is
installed and understands the line; otherwise by the standard library's shlex, which
handles quoting but not every operator. Anything neither understands is skipped: a
linter must not stop at the first construct it does not know.
"""
from __future__ import annotations

import dataclasses
import os
import re
import shlex

from ..settings import BUILD, CONTAINER, ENV, LAUNCHER, TRAIN, Artifact
from . import containers

SHELL, SLURM = "shell", "slurm"
LAUNCHERS = ("torchrun", "deepspeed", "accelerate", "llamafactory-cli", "lmf", "python", "python3")
_WRAPPERS = {"nohup", "exec", "time", "stdbuf", "nice", "ionice", "setsid"}
_ASSIGN = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", re.S)
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\1")
# Launcher options that take a value (everything else before the script is a flag).
_TORCHRUN_OPTS = {"nproc_per_node", "nnodes", "node_rank", "master_addr", "master_port", "rdzv_endpoint",
                  "rdzv_backend", "rdzv_id", "rdzv_conf", "max_restarts", "monitor_interval", "log_dir",
                  "redirects", "tee", "local_addr", "start_method", "role", "logs_specs", "local_ranks_filter"}
_DEEPSPEED_OPTS = {"num_gpus", "num_nodes", "hostfile", "include", "exclude", "master_port", "master_addr",
                   "launcher", "launcher_args", "module", "node_rank", "ssh_port", "bind_core_list", "elastic_training",
                   "min_elastic_nodes", "max_elastic_nodes", "comment", "venv_script"}
_ACCELERATE_OPTS = {"config_file", "num_processes", "num_machines", "mixed_precision", "main_process_ip",
                    "main_process_port", "machine_rank", "gpu_ids", "dynamo_backend", "deepspeed_config_file",
                    "zero_stage", "gradient_accumulation_steps", "gradient_clipping", "offload_optimizer_device",
                    "offload_param_device", "rdzv_backend", "multi_gpu", "use_deepspeed"}
_ACCELERATE_FLAGS = {"multi_gpu", "use_deepspeed", "use_fsdp", "cpu", "debug", "module", "no_python"}
# What a launcher option means, whatever its spelling.
GPU_COUNT_OPTS = {"nproc_per_node": "nproc_per_node", "num_gpus": "nproc_per_node",
                  "num_processes": "nproc_per_node"}


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


# ------------------------------------------------------------------ lines and words

# A heredoc written to a shell file (`cat > env.sh <<EOF`, `tee ~/.bashrc <<EOF`, `>> ~/.profile`).
_WRITES_SCRIPT = re.compile(r"(?:>>?|\btee\s+(?:-a\s+)?)\s*[\"']?[^\s;|&<>\"']*(?:\.(?:sh|bash|env)|bashrc|profile)"
                            r"[\"']?(?:\s|$)")


def logical_lines(text: str, depth: int = 0) -> list[tuple[int, int, str]]:
    """(first line, last line, text) of each logical line: continuations joined, heredoc
    bodies and comment-only lines dropped. ``#SBATCH`` lines are kept as they are."""
    out = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        start, buf = i, lines[i]
        while buf.endswith("\\") and i + 1 < len(lines):
            i += 1
            buf = buf[:-1] + " " + lines[i]
        i += 1
        m = _HEREDOC.search(buf)
        if m:  # skip the heredoc body up to its terminator
            body_at = i
            while i < len(lines) and lines[i].strip() != m.group(2):
                i += 1
            if depth < 2 and _WRITES_SCRIPT.search(buf):  # a script that writes a script, no deeper
                # `cat > rocm_env.sh << 'EOF'`: the body is a script the user sources before the
                # job (its exports are the job's environment), read as this script's lines
                out += [(a + body_at, b + body_at, t) for a, b, t in logical_lines("\n".join(lines[body_at:i]), depth + 1)]
            i += 1
        stripped = buf.strip()
        if not stripped or (stripped.startswith("#") and not stripped.startswith("#SBATCH")):
            continue
        out.append((start + 1, max(start + 1, i - (1 if not m else 0)) if not m else start + 1, buf))
    return out


# A line with none of these is simple commands joined by ; && || |: shlex (with those as
# punctuation) splits it as bash would, much faster than bashlex's full grammar, which a
# 50-file directory would otherwise spend seconds in. Subshells, command substitution and
# compound commands go to bashlex first.
_COMPOUND = re.compile(r"[()`]|\$\(|(?:^|[;&|]\s*)(?:for|case|esac|function)\b|\{\s*$")
# Keywords that open or close a block: dropped from the front of a command split by shlex
# (`if [ -x f ]; then pip install x; fi` -> `[ -x f ]`, `pip install x`).
_KEYWORDS = {"if", "then", "else", "elif", "fi", "while", "until", "do", "done", "!"}
# Lines that can set something this reader records; others (echo, cd, mkdir ...) are skipped.
RELEVANT = re.compile(r"=|\b(?:torchrun|deepspeed|accelerate|llamafactory-cli|lmf|vllm|colossalai|(?:amd)?clang|hipcc|g?make|cmake|"
                      r"ninja|cc|CC|ftn|python[\d.]*|pip[\d.]*|uv|srun|"
                      r"mpirun|mpiexec|export|declare|typeset|groupadd|addgroup|usermod|useradd|adduser|apt-get|apt|"
                      r"yum|dnf|microdnf|zypper|docker|podman|nerdctl|module|ml|singularity|apptainer|source|set)\b"
                      r"|^\s*\.\s+\S")


_BASHLEX_CALLS = [0]  # reset by read(): a bound on the slow parser per script
MAX_BASHLEX_LINES = 300


def commands(line: str) -> list[list[str]]:
    """The simple commands on one logical line, each as its words (quotes removed)."""
    if not _COMPOUND.search(line):
        return _shlex_commands(line)
    try:
        import bashlex  # type: ignore
    except ImportError:
        bashlex = None
    # bashlex costs ~0.3 ms a line and seconds on a 100 kB line (fuzz harness, artifacts.shell):
    # bounded in line length and in lines per script (the rest gets shlex).
    if bashlex is not None and len(line) <= 4096 and _BASHLEX_CALLS[0] > 0:
        _BASHLEX_CALLS[0] -= 1
        try:
            return _bashlex_commands(bashlex, line)
        except Exception:  # bashlex raises its own errors (and NotImplementedError) on what it lacks
            pass
    return _shlex_commands(line)


def _bashlex_commands(bashlex, line: str) -> list[list[str]]:
    out: list[list[str]] = []

    def walk(node):
        kind = getattr(node, "kind", "")
        if kind == "command":
            words = [p.word for p in node.parts if getattr(p, "kind", "") in ("word", "assignment")]
            if words:
                out.append(words)
            return
        for attr in ("parts", "list"):
            for child in getattr(node, attr, None) or []:
                walk(child)
        for attr in ("command",):
            child = getattr(node, attr, None)
            if child is not None and hasattr(child, "kind"):
                walk(child)

    for tree in bashlex.parse(line):
        walk(tree)
    return out


def _shlex_commands(line: str) -> list[list[str]]:
    try:
        lex = shlex.shlex(line, posix=True, punctuation_chars=";&|")
        lex.whitespace_split = True
        lex.commenters = "#"
        words = list(lex)
    except ValueError:  # an unclosed quote: fall back to whitespace
        words = line.split()
    out: list[list[str]] = []
    cur: list[str] = []
    for w in words:
        if w and set(w) <= set(";&|"):
            if cur:
                out.append(cur)
            cur = []
        elif cur or w not in _KEYWORDS:
            cur.append(w)
    if cur:
        out.append(cur)
    return out


# GPU target lists that builds read (CMake cache entries, build-script variables): the code they
# produce runs only on the targets they name. Judged by RD-ENV-002 against the real GPU.
from ...knowledge.artifacts import ARCH_VARS  # noqa: E402  (the names are knowledge; checks read them too)
_ASSIGN = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", re.S)
_ARCH_FLAG = re.compile(r"(?:^|\s)-D(" + "|".join(ARCH_VARS) + r")=([\"']?)([^\s\"']+)\2")


_OFFLOAD_ARCH = re.compile(r"(?:^|\s)--?(?:offload-arch|amdgpu-target|cuda-gpu-arch)[= ](gfx[0-9a-f]+)(?::[\w+-]+)*", re.I)
_COMPILERS = re.compile(r"^(?:amd)?clang(?:\+\+)?(?:-\d+)?$|^hipcc(?:\.pl)?$|^amdflang$|^flang(?:-new)?$")


def record_arch_flags(art: Artifact, words: list[str], line_of) -> None:
    """``cmake -DBNB_ROCM_ARCH=gfx90a ...`` (also inside CMAKE_ARGS="..."), and ``make hip
    ROCM_TARGET=gfx1030``: a make command-line variable overrides the Makefile's own (GNU make's
    grammar): BUILD arch:<NAME> values. A compiler's ``--offload-arch=gfx1201`` (clang, hipcc; also
    inside a flags variable the command expands) is the list of targets its device code is built for."""
    cmd = next((i for i, w in enumerate(words) if not _ASSIGN.match(w)), len(words))
    if cmd < len(words) and _COMPILERS.match(os.path.basename(words[cmd])):
        found = [m.group(1).lower() for w in words[cmd + 1:] for m in _OFFLOAD_ARCH.finditer(w)]
        if found:
            art.add(BUILD, "arch:--offload-arch", ";".join(dict.fromkeys(found)), line_of(r"(?:offload-arch|amdgpu-target)"))
    if cmd < len(words) and words[cmd].rsplit("/", 1)[-1] in ("make", "gmake"):
        for w in words[cmd + 1:]:
            m = _ASSIGN.match(w)
            if m and m.group(1) in ARCH_VARS:
                art.add(BUILD, f"arch:{m.group(1)}", m.group(2).strip("\"'"), line_of(re.escape(m.group(1)) + "="))
    for w in words:
        if "-D" not in w:
            continue
        for m in _ARCH_FLAG.finditer(w):
            art.add(BUILD, f"arch:{m.group(1)}", m.group(3), line_of(r"-D" + m.group(1) + "="))


# ${NAME}, ${NAME-word}, ${NAME:-word}, ${NAME=word}, ${NAME:=word}, ${NAME+word}, ${NAME:+word}, $NAME:
# the parameter expansions a launch line uses to give a variable its default (bash and Compose alike).
_PARAM = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-=+])([^{}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))")


def _split_held_commands(raw: list[str], words: list[str], text: str) -> tuple[list[str], list[str]]:
    """`CMD="torchrun --nnodes 2 ... train.py"; srun $CMD`: an unquoted expansion is split into words by
    the shell, so a launch held in a variable runs as if written out; split where the value starts with
    a launcher (other expansions keep their one word)."""
    out_raw, out = [], []
    for r, w in zip(raw, words):
        parts = w.split()
        if re.fullmatch(r"\$\{?[A-Za-z_]\w*\}?", r) and len(parts) > 1 and os.path.basename(parts[0]) in LAUNCHERS \
                and f'"{r}"' not in text:  # "$CMD" in double quotes stays one word
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


_PIP = re.compile(r"(?:^|/)(pip3?|uv)$")


def pip_requirements(words: list[str]) -> tuple[list[str], dict]:
    """What one ``pip install ...`` command installs, and its index options."""
    i = 0
    while i < len(words) and not (_PIP.search(words[i]) or (words[i].startswith("python") and
                                                            words[i + 1:i + 3] == ["-m", "pip"])):
        i += 1
    if i >= len(words):
        return [], {}
    j = i + (3 if words[i].startswith("python") else 1)
    if words[i].endswith("uv") and words[j:j + 1] == ["pip"]:
        j += 1
    elif words[i].endswith("uv") and words[j:j + 1] == ["add"]:
        pass  # `uv add torch==2.6.0`: pins it in the project and installs it into the project's venv
    elif words[j:j + 1] != ["install"]:
        return [], {}
    reqs: list[str] = []
    opts: dict[str, list[str | bool]] = {}
    k = j + 1
    while k < len(words):
        w = words[k]
        if w in ("-r", "--requirement", "-c", "--constraint", "--index-url", "-i", "--extra-index-url", "-f",
                 "--find-links", "-e", "--editable", "--target", "-t", "--prefix", "--root"):
            if k + 1 < len(words):
                opts.setdefault(w.lstrip("-"), []).append(words[k + 1])
                if w in ("-e", "--editable"):
                    reqs.append(words[k + 1])
            k += 2
            continue
        if w.startswith("--") and "=" in w:
            name, _, v = w[2:].partition("=")
            opts.setdefault(name, []).append(v)
        elif not w.startswith("-"):
            reqs.append(w)
        else:
            opts.setdefault(w.lstrip("-"), []).append(True)
        k += 1
    return reqs, opts


# ------------------------------------------------------------------ reading

MAX_SCRIPT_BYTES = 64 * 1024  # launch and batch scripts are a few kB; reading is ~5 us a byte


def read(path: str, text: str, kind: str = SHELL) -> Artifact:
    _BASHLEX_CALLS[0] = MAX_BASHLEX_LINES
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
            # (Slurm's sbatch(1)): a directive after a command is a comment to Slurm
            if not commands_started:
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
    if state.launch_mark is not None:
        # A variable exported after the script's last launch, outside any loop, reaches no launch of
        # this script (bash runs top to bottom): dropped, so that no check judges it as the job's.
        art.values = [v for i, v in enumerate(art.values)
                      if not (i >= state.launch_mark and v.kind == ENV and i not in state.looped)]
    return art


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
            elif kw == ";;" and top["kind"] == "case":
                top["arm"] = ""
            elif (kw == "fi" and top["kind"] == "if") or (kw == "esac" and top["kind"] == "case"):
                self.blocks.pop()
                _settle(top, variables)

    def arm(self) -> str:
        """The pattern of the innermost case arm the reader is in ("" outside any)."""
        return next((b["arm"] for b in reversed(self.blocks) if b["kind"] == "case" and b["arm"]), "")

    def record(self, before: dict, variables: dict) -> None:
        """Note, in the innermost block, the variables a line (re)assigned."""
        top = self.blocks[-1]
        for k, v in variables.items():
            if before.get(k, _MISSING) != v and _NAME.match(k):
                top["pre"].setdefault(k, before.get(k))
                top["seen"].setdefault(k, {})[top["branch"]] = v

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
# `*"Navi 2"*)`, `(gfx1030|gfx1031)`, `mi300x) cmd ...`: a case arm's pattern and what follows it
# (matched on the stripped line, the pattern bounded and starting with a non-blank: no backtracking on long blank runs)
_CASE_ARM = re.compile(r"^\(?\s*([^()=;$`\s][^()=;$`]{0,200}?)\s*\)\s*(.*)$")
_BLOCK_HINT = re.compile(r"\b(?:if|elif|else|fi|case|esac)\b")
_BLOCK_KW = re.compile(r"(?:^|[;&|]\s*|\b(?:then|do|else)\s+)\s*(if|elif|else|fi|case|esac)\b")


def _settle(block: dict, variables: dict) -> None:
    """After an if/case block: a variable its branches leave with different values, one of them
    decided at run time (`N=$(hy-smi -L | grep -c DCU)` in one branch, `N=8` in the other), has
    no value a reader can know; it is dropped, so that a check sees `$N` (decided at launch)
    rather than the last branch's literal."""
    branches = block["branch"] + 1
    for k, by_branch in block["seen"].items():
        values = set(by_branch.values())
        if len(by_branch) < branches or block["kind"] == "case":
            pre = block["pre"].get(k)
            values.add(pre if pre is not None else "")
        if len(values) > 1 and any("$" in str(v) or "`" in str(v) for v in values):
            variables.pop(k, None)


# `name() {`, `function name {`, `function name() {` with the body on the lines after it (a
# definition on one line, `f() { ...; }`, runs through the normal reading).
_FUNC_OPEN = re.compile(r"^\s*(?:function\s+([A-Za-z_][\w:-]*)\s*(?:\(\s*\))?|([A-Za-z_][\w:-]*)\s*\(\s*\))"
                        r"\s*\{?\s*$")


def _line(art: Artifact, first: int, line: str, variables: dict, exported: set, physical: list[str],
          state: _ReadState, depth: int) -> None:
    if state.array is not None or ("=(" in line and _ARRAY_OPEN.match(line)):
        # bash arrays: their elements are words, not commands (a "VAR=value" element sets nothing
        # until something uses it); kept with the line each element is written on
        state.array, line = _array_line(line, first, state.array, variables)
        if state.array is not None or not line.strip():
            return  # what follows a closing `)` on its line (`a=(x y); python t.py`) is read below
    line, later = state.enter(line)
    before = dict(variables) if state.blocks else None
    n_vals = len(art.values)
    _line_body(art, first, line, variables, exported, physical, state, depth)
    if state.blocks:
        arm = state.arm()
        if arm:  # what a case arm sets, the script sets only where the arm's pattern matches
            art.values[n_vals:] = [dataclasses.replace(v, guard=arm) for v in art.values[n_vals:]]
        if before is not None:
            state.record(before, variables)
    state.leave(later, variables)


def _line_body(art: Artifact, first: int, line: str, variables: dict, exported: set, physical: list[str],
               state: _ReadState, depth: int) -> None:
    m = _FOR_IN.match(line) if "for" in line else None
    if m:  # for x in "${arr[@]}" / for x in a b c: the values the loop body sees in $x
        variables["loop " + m.group(1)] = _loop_values(m.group(2), variables)
    head = (line.split() or [""])[0]
    body = variables.get("function " + head) if depth < 4 else None
    if body is not None:  # a call: the function's body runs here, each line at its own place
        state.call_budget -= len(body)
        for n, text in body if state.call_budget >= 0 else ():
            _line(art, n, text, variables, exported, physical, state, depth + 1)
        return
    if state.launch_mark is not None and head not in _INERT and not _ASSIGN.match(head):
        state.launch_mark = None  # another program runs after: what was exported before it may reach it
    opens = len(_LOOP_OPEN.findall(line)) if ("for" in line or "while" in line or "until" in line) else 0
    closes = len(_LOOP_CLOSE.findall(line)) if "done" in line else 0
    state.loop_depth += opens
    if RELEVANT.search(line) or ("alias " + head) in variables:
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


_SUBST = re.compile(r"\$\(([^()]*)\)")
_LOOP_OPEN = re.compile(r"(?:^|[;&|]\s*)\s*(?:for|while|until)\b")
_LOOP_CLOSE = re.compile(r"(?:^|[;&|]\s*)\s*done\b")
_JOB_LAUNCHERS = {"torchrun", "deepspeed", "accelerate", "llamafactory-cli"}
# Builtins and file utilities that start no GPU program: an export before them reaches nothing new.
_INERT = {"export", "declare", "typeset", "local", "unset", "readonly", "echo", "printf", "cd", "pushd", "popd",
          "set", "shopt", "wait", "exit", "return", "true", "false", ":", "sleep", "rm", "mkdir", "cp", "mv", "ln",
          "cat", "tee", "date", "touch", "chmod", "done", "fi", "esac", "then", "else", "elif", "}", "{", "do"}

_ARRAY_OPEN = re.compile(r"^\s*(?:(?:declare|local|typeset)\s+-a\s+)?([A-Za-z_]\w*)=\(")
_FOR_IN = re.compile(r"^\s*for\s+([A-Za-z_]\w*)\s+in\s+(.*?)\s*(?:;\s*do\b.*)?$")


def _array_line(line: str, n: int, array, variables: dict):
    """One line of an array assignment: returns the array still open (or None once `)` closed it:
    then its elements are in variables["array NAME"] as (value, line) pairs), and the rest of the
    line after the `)`."""
    if array is None:
        m = _ARRAY_OPEN.match(line)
        if m is None:  # the caller starts an array only on a line _ARRAY_OPEN matched
            return None, line
        array, line = (m.group(1), []), line[m.end():]
    body, closed = _until_close(line)
    rest = line[len(body) + 1:].lstrip(" \t;") if closed else ""
    try:
        words = shlex.split(body, comments=True)
    except ValueError:
        words = body.split()
    array[1].extend((substitute(w, variables), n) for w in words if w)
    if closed:
        variables["array " + array[0]] = array[1]
        return None, rest
    return array, ""


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


def _last_line(physical: list[str], first: int) -> int:
    i = first
    while i <= len(physical) and physical[i - 1].endswith("\\"):
        i += 1
    return min(i, len(physical))


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
                    "t": "time", "J": "job-name", "w": "nodelist"}.get(name, name)
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


def _command(art: Artifact, words: list[str], first: int, last: int, variables: dict, exported: set,
             physical: list[str]) -> None:
    words = list(words)
    prefix_env: dict[str, str] = {}
    while words and (am := _ASSIGN.match(words[0])):
        k, v = am.groups()
        prefix_env[k] = substitute(v, variables)
        words.pop(0)
    if not words:  # plain assignments: shell variables, in the environment only if exported
        for k, v in prefix_env.items():
            variables[k] = v
            variables[_DEFINED + k] = _line_with(physical, first, last, r"(?:^|[\s;])" + re.escape(k) + "=")
            if _NVSMI.search(v):  # NUM_GPUS=$(nvidia-smi -L | wc -l): a count only NVIDIA's tool can give
                variables[_FROM_NVSMI + k] = variables[_DEFINED + k]
            elif "$(" in v or "`" in v:
                variables.pop(_FROM_NVSMI + k, None)
            if ALLEXPORT in variables:  # `set -a`: every variable assigned from here on is exported
                exported.add(k)
            if k in exported:
                art.add(ENV, k, v, first)
        return
    head = os.path.basename(words[0])
    if head == "alias":  # alias drun='docker run -it --device=/dev/kfd ...': later `drun IMAGE` runs that
        for w in words[1:]:
            k, eq, v = w.partition("=")
            if eq and re.match(r"^[\w.-]+$", k):
                variables["alias " + k] = v  # a key no shell variable can have
        return
    alias = variables.get("alias " + words[0])
    if alias is not None:
        try:
            words = shlex.split(alias) + words[1:]
        except ValueError:
            words = alias.split() + words[1:]
        head = os.path.basename(words[0]) if words else ""
        if not words:
            return
    if head in ("source", ".") and len(words) > 1:
        # `source env.sh`: its assignments run in this shell, at this point (a Slurm script's
        # batch step, for RD-LCH-003)
        art.data.setdefault("sourced", []).append({"line": first, "path": substitute(words[1], variables)})
        return
    if head in ("local", "readonly", "declare", "typeset") and "-x" not in words[1:2]:
        # `local N=$(nvidia-smi ...)` inside a function: a shell variable, not exported
        for w in words[1:]:
            m = _ASSIGN.match(w)
            if m and not w.startswith("-"):
                k, v = m.group(1), substitute(m.group(2), variables)
                variables[k] = v
                if _NVSMI.search(v):
                    variables[_FROM_NVSMI + k] = _line_with(physical, first, last, re.escape(k) + "=")
        if head in ("local", "readonly"):
            return
    if head in ("export", "declare", "typeset") and (head == "export" or "-x" in words[1:2]):
        for w in words[1:]:
            if w.startswith("-"):
                continue
            m = _ASSIGN.match(w)
            if m:
                k, v = m.group(1), substitute(m.group(2), variables)
                variables[k] = v
                variables[_DEFINED + k] = _line_with(physical, first, last, re.escape(k) + "=")
                if _NVSMI.search(v):  # CUDA_VISIBLE_DEVICES=$(nvidia-smi ... ) (or from a variable that was)
                    variables[_FROM_NVSMI + k] = variables[_DEFINED + k]
                else:
                    variables.pop(_FROM_NVSMI + k, None)
                exported.add(k)
                art.add(ENV, k, v, _line_with(physical, first, last, re.escape(k) + "="))
            elif re.match(r"^[A-Za-z_]\w*$", w):
                exported.add(w)
                if w in variables:
                    art.add(ENV, w, variables[w], first)
        return
    for k, v in prefix_env.items():  # A=B cmd: set for that command (the launcher and its ranks)
        art.add(ENV, k, v, _line_with(physical, first, last, re.escape(k) + "="))
    if head in ("env", "export"):
        # `env "$cfg" python ...` in `for cfg in "${configs[@]}"`: each element that is VAR=value is
        # an environment the command runs under in turn (one per pass), written on the element's line
        for w in words[1:]:
            m = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?", w)
            for value, n in variables.get("loop " + m.group(1), []) if m else ():
                a = _ASSIGN.match(value)
                if a:
                    art.add(ENV, a.group(1), a.group(2), n or first, trial=True)
    if head == "set":  # set -a / set -o allexport ... set +a / set +o allexport
        for flag, on in ((w[1:], w[0] == "-") for w in words[1:] if w[:1] in "-+" and len(w) > 1):
            if "a" in flag or (flag == "o" and "allexport" in words):
                if on:
                    variables[ALLEXPORT] = "1"
                else:
                    variables.pop(ALLEXPORT, None)
        return
    _assign_defaults(art, words, first, variables, exported)
    raw = words
    words = [substitute(w, variables) for w in words]
    if any(w.startswith("$") for w in raw):
        raw, words = _split_held_commands(raw, words, " ".join(physical[first - 1:last]))
    if head in ("module", "ml") and len(words) > 1:
        # `module load rocm/5.7.0` (LUMI, Frontier): a ROCm user space on the host's driver (RD-IMG-003)
        for w in _modules_loaded(head, words[1:]):
            # rocm/5.7.0 itself, or a module built on a ROCm release that its name states: LUMI's
            # PyTorch/2.2.2-rocm-5.6.1-python-3.10-singularity-... (a container of that ROCm)
            # A module's name is a path whose last two parts are name/version (Lmod, Environment
            # Modules): compiler/rocm/3.9.1 on Sugon/Hygon clusters is rocm 3.9.1 too.
            if re.search(r"(?:^|/)rocm[/-]\d", w, re.I) or re.search(r"(?:^|[/_-])rocm[-_]?\d+\.\d+", w, re.I):
                art.add(BUILD, "rocm_module", w, _line_with(physical, first, last, re.escape(w)))
            at = _line_with(physical, first, last, re.escape(w))
            m = _CRAY_ACCEL.search(w)
            if m:  # Cray's accelerator target module: the compiler wrappers build GPU code for this gfx only,
                # which matters once the script builds something (a Python job that compiles nothing is not judged)
                variables[_CRAY_PENDING] = (m.group(1), at)
            elif _CUDA_FRAMEWORK.search(w):  # pytorch/2.1.0-cu12, PyTorch/2.1.2-foss-2023a-CUDA-12.1.1
                art.add(BUILD, "cuda_module", w, at)
            elif _CUDA_TOOLKIT.search(w) and not re.search(r"rocm|hip", w, re.I):  # cuda/12.1, nccl/2.18.3-cuda12.1
                art.add(BUILD, "cuda_toolkit_module", w, at)
        return
    pending = variables.get(_CRAY_PENDING)
    if pending and _BUILDS.match(os.path.basename(words[0])):
        art.add(BUILD, "arch:craype-accel", pending[0], pending[1])
        variables.pop(_CRAY_PENDING, None)
    record_arch_flags(art, words, lambda pat: _line_or_defined(physical, first, last, pat, raw, variables))
    reqs, opts = pip_requirements(words)
    if reqs or opts:
        line = _line_with(physical, first, last, r"\b(?:pip3?|uv)\b")
        art.add(BUILD, "pip", {"requirements": reqs, "options": opts}, line)
        return
    _launch(art, words, first, last, physical, variables, raw)


def _line_or_defined(physical: list[str], first: int, last: int, pattern: str, raw: list[str],
                     variables: dict) -> int:
    """The command's line that holds ``pattern``, else the line that assigned a variable the command
    expands whose text holds it (`OMP_FLAGS="... --offload-arch=gfx1201"` then `clang $OMP_FLAGS`)."""
    rx = re.compile(pattern)
    for n in range(first, max(first, last) + 1):
        if n <= len(physical) and rx.search(physical[n - 1]):
            return n
    for w in raw:
        for name in re.findall(r"\$\{?([A-Za-z_]\w*)", w):
            at = variables.get(_DEFINED + name)
            if at and rx.search(physical[int(at) - 1] if int(at) <= len(physical) else ""):
                return int(at)
    return first


# A GPU count taken from nvidia-smi: on an AMD node the tool is absent and the count is 0.
_NVSMI = re.compile(r"(?:\$\(|`)\s*(?:\S*/)?nvidia-smi\b")
_FROM_NVSMI = "counted by nvidia-smi at "
_GPU_COUNT_FLAGS = re.compile(r"^--(?:nproc[_-]per[_-]node|num[_-]gpus|num[_-]processes|gpus|devices|ngpus)(?:=(.*))?$")


def _gpu_count_from_nvidia_smi(art: Artifact, raw: list[str] | None, variables: dict | None, first: int) -> None:
    """`deepspeed --num_gpus $NUM_GPUS` where NUM_GPUS came from nvidia-smi (or `--nproc_per_node=$(nvidia-smi
    -L | wc -l)`): LAUNCHER gpu_count_source "nvidia-smi", at the line that counts (RD-LCH-001)."""
    raw = raw or []
    for k, w in enumerate(raw):
        m = _GPU_COUNT_FLAGS.match(w)
        if not m:
            continue
        value = m.group(1) if m.group(1) is not None else (raw[k + 1] if k + 1 < len(raw) else "")
        if _NVSMI.search(value):
            art.add(LAUNCHER, "gpu_count_source", "nvidia-smi", first)
            return
        for name in re.findall(r"\$\{?([A-Za-z_]\w*)", value):
            at = variables.get(_FROM_NVSMI + name) if variables else None
            if at:
                art.add(LAUNCHER, "gpu_count_source", "nvidia-smi", int(at))
                return


def _devices_from_nvidia_smi(art: Artifact, variables: dict | None, first: int) -> None:
    """`export CUDA_VISIBLE_DEVICES=$(nvidia-smi --query-gpu=... | sort | head -n 8 ...)` (or through a variable
    filled that way) before a launch: on an AMD node nvidia-smi prints nothing, the list is empty and the launch
    sees no GPU. LAUNCHER gpu_count_source at the launch, naming the variable and the line that set it."""
    for name in ("CUDA_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES"):
        at = variables.get(_FROM_NVSMI + name) if variables else None
        if at:
            art.add(LAUNCHER, "gpu_count_source", f"nvidia-smi: {name} (line {at})", first)
            return


# Where a variable was last assigned: a key no shell variable can have. A value a command line takes
# from `$IMG` is cited at the line that wrote it (`IMG=pytorch-rocm5.7.sif`), where a fix would go.
_DEFINED = "defined at "


def _written_at(value: str, raw: list[str] | None, words: list[str], variables: dict | None, fallback: int) -> int:
    """The line that wrote ``value``: the assignment of the variable the command line names it by
    (``$IMG`` / ``"${CONTAINER}"``), else ``fallback`` (the command's own line)."""
    if not raw or not variables or len(raw) != len(words):
        return fallback
    for r, w in zip(raw, words):
        m = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?", r)
        if w == value and m and (_DEFINED + m.group(1)) in variables:
            return int(variables[_DEFINED + m.group(1)])
    return fallback


# `module load craype-accel-amd-gfx90a` (HPE Cray PE): CRAY_ACCEL_TARGET for cc/CC/ftn and hipcc wrappers.
_CRAY_ACCEL = re.compile(r"(?:^|/)craype-accel-amd-(gfx[0-9a-f]+)$", re.I)
_CRAY_PENDING = "craype-accel loaded at"  # a key no shell variable can have
# Commands that compile GPU code with the Cray wrappers' target (make/cmake drive cc/CC/hipcc).
_BUILDS = re.compile(r"^(?:g?make|cmake|ninja|cc|CC|ftn|hipcc|(?:amd)?clang(?:\+\+)?)$")
# A framework module built on CUDA (its name says so): the job's torch is then a CUDA build.
# NVIDIA's toolkit and libraries as site modules: CUDA/12.2, cudatoolkit/23.3_11.8, cuDNN/8.4.1.50-CUDA-11.7.0,
# nccl/2.18.3-cuda.12.1, nvhpc-24.11_hpcx-2.20_cuda-12.6, cpe-cuda/23.03 (Cray's CUDA programming environment)
_CUDA_TOOLKIT = re.compile(r"(?:^|/)(?:cuda(?:toolkit)?|cuda-toolkit|cudnn|nccl|nvhpc|cpe-cuda)(?:[/_.+-]|\d|$)", re.I)
_CUDA_FRAMEWORK = re.compile(r"(?:^|/)(?:py)?(?:torch|tensorflow|jax|deepspeed)[^/]*/?.*?(?:cu(?:da)?[-_]?\d|cudnn)"
                             r"|(?:^|/)(?:py)?(?:torch|tensorflow|jax|deepspeed)/[^/]*cu(?:da)?[-_]?\d"
                             # a site's Python with its CUDA ML stack: python/3.8-cuda-ml, anaconda3/2023-cuda-dl
                             r"|(?:^|/)(?:python|anaconda\d?|miniconda\d?|conda)[^/]*/[^/]*cuda[-_]?(?:ml|dl|ai)\b", re.I)


# Lmod / Environment Modules subcommands that load what they name; `swap A B` and `switch A B`
# load only B; unload/rm/del/purge/use/avail/list/show/spider load nothing.
_MODULE_LOADS = {"load", "add", "try-load", "try-add", "load-any"}
_MODULE_SWAPS = {"swap", "switch", "sw"}


def _modules_loaded(head: str, args: list[str]) -> list[str]:
    """The modules a `module ...` / `ml ...` command loads (Lmod's `ml NAME` loads NAME, `ml -NAME`
    unloads it)."""
    args = [a for a in args if a != "--"]
    if not args:
        return []
    sub, rest = args[0], args[1:]
    if sub in _MODULE_LOADS:
        return [a for a in rest if not a.startswith("-")]
    if sub in _MODULE_SWAPS:
        return [a for a in rest if not a.startswith("-")][-1:]
    if head == "ml" and not sub.startswith("-") and sub not in _ML_SUBCOMMANDS:
        return [a for a in args if not a.startswith("-")]
    return []


_ML_SUBCOMMANDS = {"unload", "rm", "del", "purge", "use", "unuse", "avail", "av", "list", "show", "spider",
                   "whatis", "help", "save", "restore", "reset", "refresh", "update", "describe", "keyword"}


ALLEXPORT = "set -a"  # a key no shell variable can have: allexport is on


def _assign_defaults(art: Artifact, words: list[str], first: int, variables: dict, exported: set) -> None:
    """``${NAME:=word}`` / ``${NAME=word}`` assign word to NAME when it is unset (or empty, with the
    colon) wherever the expansion happens: ``: ${NPROC:=8}`` is how scripts give a default."""
    for w in words:
        if "${" not in w or "=" not in w:
            continue
        for m in _PARAM.finditer(w):
            name, colon, op = m.group(1), m.group(2), m.group(3)
            if op != "=":
                continue
            val = variables.get(name)
            if val is None or (colon == ":" and val == ""):
                variables[name] = substitute(m.group(4), variables)
                if name in exported or ALLEXPORT in variables:
                    art.add(ENV, name, variables[name], first)


def _line_before(physical: list[str], first: int, last: int, pattern: str) -> int:
    """The line of the command that writes ``pattern``, else the nearest line above that does (an
    option written into a variable the command expands: `CMD="torchrun --rdzv-endpoint=..."`)."""
    n = _line_with(physical, first, last, pattern)
    if n != first or re.search(pattern, physical[first - 1] if first <= len(physical) else ""):
        return n
    rx = re.compile(pattern)
    return next((k for k in range(first - 1, 0, -1) if rx.search(physical[k - 1])
                 and not physical[k - 1].lstrip().startswith("#")), first)


def _line_with(physical: list[str], first: int, last: int, pattern: str) -> int:
    rx = re.compile(pattern)
    for n in range(first, max(first, last) + 1):
        if n <= len(physical) and rx.search(physical[n - 1]):
            return n
    return first


def _opt(word: str) -> tuple[str, str | None]:
    name, eq, value = word.lstrip("-").partition("=")
    return name.replace("-", "_"), (value if eq else None)


def _launch(art: Artifact, words: list[str], first: int, last: int, physical: list[str],
            variables: dict | None = None, raw: list[str] | None = None) -> None:
    """Recognise a launcher (behind wrappers) and read its options and the script's arguments."""
    launcher_vals: list[tuple[str, str, str]] = []  # (launcher, option, value)
    env_vals: list[tuple[str, str]] = []
    via: list[str] = []  # srun / mpirun in front of the program: one copy per task
    image = ""  # the image a `docker run` in front starts: its entrypoint runs arguments given after it
    i = 0
    while i < len(words):
        head = os.path.basename(words[i])
        if head in _WRAPPERS:
            i += 1
            while i < len(words) and words[i].startswith("-"):
                i += 1
            continue
        if head == "sudo":  # sudo [-E] [-u USER] ... COMMAND
            i += 1
            while i < len(words) and words[i].startswith("-"):
                i += 2 if words[i] in ("-u", "-g", "-C", "-h", "-p", "-r", "-t", "-U", "-D", "-T") else 1
            continue
        if head == "env":
            i += 1
            while i < len(words) and (_ASSIGN.match(words[i]) or words[i].startswith("-")):
                m = _ASSIGN.match(words[i])
                if m:
                    env_vals.append((m.group(1), m.group(2)))
                i += 1
            continue
        if head in ("docker", "podman", "buildah", "nerdctl") and (
                words[i + 1:i + 2] == ["build"] or words[i + 1:i + 3] == ["buildx", "build"]):
            _build_target(art, words[i:], first)
            return
        if head in containers.RUNNERS and i + 1 < len(words) and words[i + 1] != "exec":
            # docker/podman/nerdctl run: its options as a compose service, then the command inside
            svc, i = containers.parse(words, i)
            if svc is not None and str(svc.get("image") or "").startswith("$") and i < len(words) \
                    and _IMAGE_REF.match(words[i]):
                # `docker run ... $VOLUMES rocm/pytorch:tag`: an expansion the files do not define, before a word
                # that is an image reference, stood for more options (empty, or split by the shell)
                svc["image"], i = words[i], i + 1
                svc["command"] = " ".join(words[i:])[:4000]
            if svc is not None:
                image = str(svc.get("image") or "")
                at = _written_at(image, raw, words, variables, 0) if image else 0
                _container(art, svc, first, last, physical, at)
            continue
        if head in ("singularity", "apptainer", "podman", "docker") and i + 1 < len(words) and \
                words[i + 1] in ("exec", "run"):
            # container runners: skip their options and the image / container name
            i += 2
            while i < len(words) and words[i].startswith("-"):
                i += 2 if "=" not in words[i] and words[i] in ("-B", "--bind", "-e", "--env", "-w", "--workdir",
                                                                 "-v", "--volume", "--device", "--name") else 1
            if head in ("singularity", "apptainer") and i < len(words) and not words[i].startswith("$"):
                # the image the job runs in (a .sif file or docker://ref): its ROCm user space (RD-IMG-003)
                art.add(CONTAINER, "image", words[i].removeprefix("docker://"),
                        _written_at(words[i], raw, words, variables, first))
            i += 1
            continue
        if via and head in _SHELLS and i + 2 < len(words) and re.fullmatch(r"-[a-z]*c[a-z]*", words[i + 1]):
            # srun bash -c 'export RANK=$SLURM_PROCID; python t.py': the string is a script of its own,
            # read here with the srun in front of its commands. Single-quoted, each task's shell expands
            # it (per-task values); double-quoted, the batch step's shell already did.
            raw_text = " ".join(physical[first - 1:last])
            quote = re.search(r"\s-[a-z]*c[a-z]*\s+(['\"])", raw_text)
            per_task = quote is not None and quote.group(1) == "'"
            escaped = set(re.findall(r"\\\$\{?([A-Za-z_]\w*)", raw_text))  # "\$SLURM_PROCID": left to the task
            inner_vars = dict(variables or {})
            for inner in commands(words[i + 2]):
                n0, s0 = len(art.values), len(art.data.get("sourced", []))
                _command(art, words[:i] + inner if inner and not _ASSIGN.match(inner[0]) and inner[0] not in
                         ("export", "source", ".", "cd", "set", "module", "ml") else inner, first, last,
                         inner_vars, set(), physical)
                art.values[n0:] = [dataclasses.replace(v, per_task=True) if per_task or any(
                    re.search(r"\$\{?" + name + r"\b", str(v.value)) for name in escaped) else v
                    for v in art.values[n0:]]
                for src in art.data.get("sourced", [])[s0:]:
                    src["per_task"] = True  # a file sourced inside the task string runs in each task
            return
        if head in ("srun", "mpirun", "mpiexec"):
            via.append(head)
            i += 1
            while i < len(words) and words[i].startswith("-"):
                name, value = _opt(words[i])
                if not words[i].startswith("--") and len(words[i]) > 2:  # -c7, -N2: the value is attached
                    name, value = words[i][1], words[i][2:]
                if value is None and i + 1 < len(words) and not words[i + 1].startswith("-") \
                        and not _looks_like_program(words[i + 1]):
                    value, i = words[i + 1], i + 1
                if head == "srun" and name == "container_image" and value and "$" not in value:
                    # pyxis: the job steps run in this image (REGISTRY#IMAGE:TAG, or an enroot squashfs file)
                    art.add(CONTAINER, "image", value.replace("#", "/", 1),
                            _line_with(physical, first, last, re.escape(value)))
                if head != "srun" and name == "x" and value and "=" in value:
                    ek, _, ev_ = value.partition("=")
                    env_vals.append((ek, ev_))
                else:
                    launcher_vals.append((head, name, value if value is not None else "true"))
                i += 1
            continue
        break
    rest = words[i:]
    if not rest:
        return
    head = os.path.basename(rest[0])
    if _vllm(rest, head, image):
        _vllm_parallel(art, rest, first, last, physical)
        return
    if head in ("torchrun", "deepspeed", "accelerate", "colossalai") or head.startswith("python"):
        _gpu_count_from_nvidia_smi(art, raw, variables, first)
        _devices_from_nvidia_smi(art, variables, first)
    cmd: dict = {"line": first, "launcher": None, "script": None, "args": {}, "refs": {}, "via": via}
    if head == "torchrun" or (head.startswith("python") and rest[1:3] in (["-m", "torch.distributed.run"],
                                                                         ["-m", "torch.distributed.launch"])):
        start = 1 if head == "torchrun" else 3
        cmd["launcher"] = "torchrun"
        j = _launcher_opts(rest, start, _TORCHRUN_OPTS, set(), "torchrun", launcher_vals)
        _script(cmd, rest, j)
    elif head == "colossalai" and rest[1:2] == ["run"]:
        # ColossalAI's launcher wraps torchrun (one node) and its own ssh runner (--hostfile), with their options
        cmd["launcher"] = "colossalai"
        j = _launcher_opts(rest, 2, _TORCHRUN_OPTS | _DEEPSPEED_OPTS, set(), "colossalai", launcher_vals)
        _script(cmd, rest, j)
    elif head == "deepspeed":
        cmd["launcher"] = "deepspeed"
        j = _launcher_opts(rest, 1, _DEEPSPEED_OPTS, {"no_python", "no_local_rank", "force_multi", "autotuning",
                                                     "save_pid", "enable_each_rank_log", "no_ssh_check", "no_ssh"},
                           "deepspeed", launcher_vals)
        _script(cmd, rest, j)
    elif head == "accelerate" and rest[1:2] == ["launch"]:
        cmd["launcher"] = "accelerate"
        j = _launcher_opts(rest, 2, _ACCELERATE_OPTS - _ACCELERATE_FLAGS, _ACCELERATE_FLAGS, "accelerate",
                           launcher_vals)
        _script(cmd, rest, j)
    elif head in ("llamafactory-cli", "lmf") and len(rest) > 1 and rest[1] in ("train", "eval", "export", "chat"):
        cmd["launcher"] = "llamafactory-cli"
        cmd["script"] = f"llamafactory-cli {rest[1]}"
        args = rest[2:]
        if args and args[0].endswith((".yaml", ".yml", ".json")) and not args[0].startswith("-"):
            cmd["refs"]["config"] = args[0]
            args = args[1:]
        # llamafactory-cli train x.yaml key=value: OmegaConf-style overrides
        for a in args:
            k, eq, v = a.lstrip("-").partition("=")
            if eq:
                cmd["args"][k.replace("-", "_")] = v
        if not any(a.startswith("--") for a in args):
            args = []
        _script_args(cmd, args)
    elif head.startswith("python") and len(rest) > 1:
        j = 1
        while j < len(rest) and rest[j].startswith("-") and rest[j] != "-m":
            j += 1
        if j < len(rest) and rest[j] == "-m" and j + 1 < len(rest):
            cmd["launcher"], cmd["script"] = "python", f"-m {rest[j + 1]}"
            _script_args(cmd, rest[j + 2:])
        elif j < len(rest) and rest[j].endswith(".py"):
            cmd["launcher"] = "python"
            _script(cmd, rest, j)
    if cmd["launcher"] is None and not launcher_vals:
        return
    for k, v in env_vals:
        art.add(ENV, k, v, _line_with(physical, first, last, re.escape(k) + "="))
    for launcher, name, value in launcher_vals:
        norm = GPU_COUNT_OPTS.get(name, name) if launcher != "srun" else f"srun.{name}"
        pat = r"(?:^|\s)-{1,2}" + re.escape(name).replace("_", "[_-]") + r"\b"
        lv = art.add(LAUNCHER, norm, value, _line_before(physical, first, last, pat))
        cmd.setdefault("launcher_values", []).append(lv)
    if cmd["launcher"] is None:
        return
    train_vals = []
    for name, value in cmd["args"].items():
        pat = r"(?:^|\s)--" + re.escape(name).replace("_", "[_-]") + r"(?:[=\s]|$)"
        train_vals.append(art.add(TRAIN, name, value, _line_with(physical, first, last, pat)))
        # --deepspeed x.json (HF Trainer), --deepspeed_config x.json (deepspeed.add_config_arguments scripts)
        if name in ("deepspeed", "deepspeed_config") and isinstance(value, str) and value.endswith(".json"):
            cmd["refs"]["deepspeed"] = value
    cmd["train_values"] = train_vals
    cmd["last"] = last
    art.data["commands"].append(cmd)


# registry/name[:tag] or name:tag, with no spaces: what an image reference looks like (not a path or a flag)
_IMAGE_REF = re.compile(r"^(?:[\w.-]+(?::\d+)?/)*[\w.-]+/[\w.-]+(?::[\w.-]+)?(?:@sha256:[0-9a-f]+)?$|^[\w.-]+:[\w.-]+$")


def _vllm(rest: list[str], head: str, image: str) -> bool:
    """A vLLM (or SGLang) server start: `vllm serve`, `python -m vllm.entrypoints.*` /
    `sglang.launch_server`, or options given to a vLLM image's entrypoint (`docker run ... rocm/vllm --model m --tensor-parallel-size 2`)."""
    if head == "vllm" and rest[1:2] == ["serve"]:
        return True
    if head.startswith("python") and "-m" in rest[1:3]:
        mod = rest[rest.index("-m") + 1] if rest.index("-m") + 1 < len(rest) else ""
        return mod.startswith(("vllm.entrypoints", "sglang.launch_server"))
    return bool(image) and "vllm" in image.lower() and head.startswith("--")


# vLLM engine arguments that multiply into the GPUs one server needs (docs.vllm.ai engine_args).
_VLLM_PARALLEL = {"tensor_parallel_size": "tensor_parallel_size", "tp": "tensor_parallel_size",
                  "pipeline_parallel_size": "pipeline_parallel_size", "pp": "pipeline_parallel_size",
                  "tp_size": "tensor_parallel_size", "pp_size": "pipeline_parallel_size"}  # the last two: SGLang's


def _vllm_parallel(art: Artifact, words: list[str], first: int, last: int, physical: list[str]) -> None:
    """LAUNCHER vllm.gpus: the GPUs one vLLM server needs, tensor- times pipeline-parallel size, at the
    line of the option that asks for more than one (RD-LCH-001: with fewer it stops at start-up)."""
    sizes: dict[str, tuple[int, int]] = {}
    for k, w in enumerate(words):
        if not w.startswith("-"):
            continue
        name, value = _opt(w)
        key = _VLLM_PARALLEL.get(name)
        if key is None:
            continue
        if value is None and k + 1 < len(words):
            value = words[k + 1]
        if value is None or not value.isdigit():
            continue  # $TP, "auto": decided at launch
        pat = r"(?:^|\s)-{1,2}" + re.escape(w.lstrip("-").split("=")[0]) + r"(?:[=\s]|$)"
        sizes[key] = (int(value), _line_with(physical, first, last, pat))
    if sizes:
        n = 1
        for size, _ in sizes.values():
            n *= size
        line = max(sizes.values())[1]  # the larger of the two asks
        art.add(LAUNCHER, "vllm.gpus", str(n), line)


def _build_target(art: Artifact, words: list[str], first: int) -> None:
    """`docker build --target STAGE [-f FILE]`: the stage of that Dockerfile the image is built to
    (RD-IMG-001 judges only the stages a build needs), kept as "FILE:STAGE"."""
    target, file = None, "Dockerfile"
    for j, w in enumerate(words):
        name, val = _opt(w)
        if not w.startswith("-"):
            continue
        if name in ("target", "f", "file") and val is None and j + 1 < len(words):
            val = words[j + 1]
        if name == "target" and val:
            target = val
        elif name in ("f", "file") and val:
            file = val
    if target:
        art.add(BUILD, "target", f"{os.path.basename(file)}:{target}", first)


def _container(art: Artifact, svc: dict, first: int, last: int, physical: list[str], image_at: int = 0) -> None:
    """Record a ``docker run`` as a service ``"docker run (line N)"``: the compose rules read it."""
    out = {"line": first, "last": last, "runner": svc["runner"], "image": svc.get("image"),
           "volumes": svc.get("volumes") or [], "command": svc.get("command") or ""}
    if svc.get("ports"):
        out["ports"] = svc["ports"]
    for flag, key in containers.KEY_OF_FLAG.items():
        if key not in svc:
            continue
        out[key] = svc[key]
        art.add(CONTAINER, key, svc[key], _line_with(physical, first, last, r"(?:^|\s)--" + re.escape(flag) + r"\b"))
    art.data.setdefault("services", {})[f"{svc['runner']} (line {first})"] = out
    image = svc.get("image")
    if isinstance(image, str) and image and not image.startswith("$"):  # the image it runs (RD-IMG-001/003)
        art.add(CONTAINER, "image", image, image_at or _line_with(physical, first, last, re.escape(image)))
    for k, v in svc["environment"].items():
        if re.match(r"^[A-Za-z_]\w*$", k):
            art.add(ENV, k, v, _line_with(physical, first, last, r"(?:^|[\s=])" + re.escape(k) + "="))


def _looks_like_program(word: str) -> bool:
    return os.path.basename(word) in LAUNCHERS or word.endswith(".py") or os.path.basename(word) in _SHELLS


_SHELLS = {"bash", "sh", "zsh", "dash"}


def _launcher_opts(words, start, with_value, flags, launcher, out) -> int:
    j = start
    while j < len(words) and words[j].startswith("-") and words[j] != "--":
        name, value = _opt(words[j])
        if value is None and name not in flags and j + 1 < len(words) and (
                name in with_value or not words[j + 1].startswith("-")) and not words[j + 1].endswith(".py"):
            value, j = words[j + 1], j + 1
        out.append((launcher, name, value if value is not None else "true"))
        j += 1
    if j < len(words) and words[j] == "--":
        j += 1
    return j


def _script(cmd: dict, words: list[str], j: int) -> None:
    if j < len(words):
        if words[j] == "-m" and j + 1 < len(words):
            cmd["script"] = f"-m {words[j + 1]}"
            j += 1
        else:
            cmd["script"] = words[j]
        _script_args(cmd, words[j + 1:])


def _script_args(cmd: dict, args: list[str]) -> None:
    """HF-style ``--key value`` / ``--key=value`` / bare ``--flag`` (True)."""
    k = 0
    while k < len(args):
        w = args[k]
        if w.startswith("--") and len(w) > 2:
            name, value = _opt(w)
            if value is None:
                if k + 1 < len(args) and not args[k + 1].startswith("--"):
                    value, k = args[k + 1], k + 1
                else:
                    value = "True"
            cmd["args"][name] = value
        k += 1
