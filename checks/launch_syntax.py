"""Launch scripts read as the shell runs them: bash-only syntax under #!/bin/sh (dash on Debian and
Ubuntu), and pip version specifiers the shell takes for redirections."""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.readers.shell.words import HEREDOC, heredoc_lines
from rocmdoctor.base.untrusted import pick_list
from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, warn

AREA = "launch"


def script_edit(title: str, path: str, note: str, ops: list[dict], syntax: str = "shell") -> FixPlan:
    """A plan that edits one script of the set (config_edit: shown as a diff, applied, verified, undoable)."""
    return FixPlan(title, (Action("note", f"in {path} {note}", path=path),), fixer="config_edit",
                   params={"files": [path], "edits": [{"path": path, "syntax": syntax, "ops": ops}]})


# ------------------------------------------------------------------ bash-only syntax under #!/bin/sh
DASH = "https://wiki.ubuntu.com/DashAsBinSh"
DOCKER_SHELL = "https://docs.docker.com/reference/dockerfile/#shell"
POSIX_SH = "https://pubs.opengroup.org/onlinepubs/9699919799/utilities/V3_chap02.html"
_SH_SHEBANG = re.compile(r"#!\s*(?:/usr)?/bin/(?:env\s+)?(?:sh|dash)\s*$")
# What dash (Debian's and Ubuntu's /bin/sh) does not run, and what it does instead.
_BASHISMS = (
    (r"(?:^\s*|[;&|]\s*|\b(?:then|do|else)\s+)source\s+\S", "`source` (dash: 'source: not found'; use `. FILE`)"),
    (r"(?:^|[;&|]\s*|\b(?:if|while|until|then|do|elif)\s+)\[\[\s", "`[[ ... ]]` (dash: '[[: not found', so the test is false)"),
    (r"^\s*(?:declare\s+-a\s+|local\s+-a\s+)?[A-Za-z_]\w*=\(", "an array (dash stops: 'Syntax error: \"(\" unexpected')"),
    (r"^\s*function\s+[A-Za-z_][\w-]*", "the `function` keyword (dash: 'function: not found')"),
    # `${var:2}`, `${var: -1}`, `${var:(-1)}` are bash's substrings; `${var:-0}` is POSIX's default value
    (r"\$\{[A-Za-z_]\w*(?:/{1,2}[^}]*|:(?:\d+| +-\d+|\(-\d+\))(?::\d+)?)\}",
     "`${var//a/b}` / `${var:N}` (dash stops: 'Bad substitution')"),
    (r"<<<", "a here-string `<<<` (dash: syntax error)"),
)


@check("RD-LCH-005", area=AREA, title="What sh runs (a #!/bin/sh script, a Dockerfile RUN) uses only sh syntax",
       option="config", sources=[DASH, POSIX_SH, DOCKER_SHELL])
def sh_script_bashisms(settings, os_release=None):
    """`#!/bin/sh` runs dash on Debian and Ubuntu: `source venv/bin/activate` fails with 'not found'
    and the script goes on with the system Python; arrays and `${x//a/b}` stop it. Other systems
    (Fedora, RHEL, SLES, Arch) link /bin/sh to bash, which runs these in POSIX mode. A Dockerfile's
    shell-form RUN is `/bin/sh -c` in its image: dash in Debian and Ubuntu images."""
    family = " ".join(str((os_release.values if os_release is not None else {}).get(k, "")).lower()
                      for k in ("ID", "ID_LIKE"))
    dash = any(w in family.split() for w in ("debian", "ubuntu"))
    out = []
    for a in settings.of_kind("shell", "slurm"):
        lines = a.lines()
        if not lines or not _SH_SHEBANG.match(lines[0].strip()):
            continue
        hits = _bashisms_in(a.text)
        if not hits:
            continue
        evidence = [ev(f"{a.path}:1", lines[0].strip())] + [ev(f"{a.path}:{n}", t[:200]) for n, _, t in hits[:5]]
        kinds = "; ".join(dict.fromkeys(w for _, w, _ in hits))
        if not dash:
            out.append(ok(f"{a.path} uses bash syntax under #!/bin/sh; /bin/sh is bash on this OS", kinds,
                          subject=a.path, evidence=evidence))
            continue
        out.append(fail(f"{a.path} is run by sh (dash on {os_release.pretty_name or 'this OS'}) but uses bash syntax",
                        f"{kinds}. Make the first line #!/bin/bash (or write the lines in POSIX sh).",
                        subject=a.path, evidence=evidence,
                        fix=script_edit("Run the script with bash", a.path, "line 1: #!/bin/bash", [
                            {"op": "replace_line", "line": 1, "text": "#!/bin/bash", "expect": "#!"}], syntax="lines")))
    return out + _dockerfile_bashisms(settings) or ok("no #!/bin/sh script or Dockerfile RUN uses bash-only syntax")


def _bashisms_in(text: str) -> list[tuple[int, str, str]]:
    """(logical line's first line, what dash does with it, the line) for each line of ``text`` with bash-only syntax."""
    from rocmdoctor.artifacts.readers.shell import logical_lines

    hits = []
    data = heredoc_lines(text.splitlines())  # a heredoc's body is data (`cat > f.sh <<EOF`) or another program's input
    for first, _last, line in logical_lines(text):
        if first in data:
            continue
        quoted = re.sub(r"'[^']*'", "''", line)  # single-quoted text is data (sh -c '...' strings too)
        bare = re.sub(r'"(?:[^"\\]|\\.)*"', '""', quoted)  # and double-quoted text, but for its expansions
        for rx, what in _BASHISMS:
            if re.search(rx, quoted if rx.startswith(r"\$\{") else bare):
                hits.append((first, what, line.strip()))
                break
    return hits


def _dockerfile_bashisms(settings) -> list:
    """A shell-form RUN runs `/bin/sh -c`, which is dash in Debian and Ubuntu images: `RUN source venv/bin/activate`
    stops the build ('/bin/sh: 1: source: not found'), unless a SHELL instruction names bash (readers/dockerfile_shell)."""
    out = []
    for a in settings.of_kind("dockerfile"):
        hits = []
        for run in pick_list(a.data, "dash_runs"):
            if isinstance(run, dict) and isinstance(run.get("text"), str):
                hits += [(run["line"] + n - 1, what, t, run.get("image") or "") for n, what, t in _bashisms_in(run["text"])]
        if not hits:
            continue
        n, what, text, image = hits[0]
        out.append(fail(f"{os.path.basename(a.path)} line {n}: RUN uses bash syntax, but /bin/sh in {image} is dash",
                        f"{what}. A shell-form RUN is `/bin/sh -c`, and the step fails (exit 127 or 2), so the image is "
                        "never built. Add `SHELL [\"/bin/bash\", \"-c\"]` before the RUN (or write it in POSIX sh: "
                        "`. venv/bin/activate`).", subject=f"{a.path}:{n}",
                        evidence=[ev(f"{a.path}:{m}", t[:200]) for m, _, t, _ in hits[:5]], sources=[DASH, DOCKER_SHELL]))
    return out


# ------------------------------------------------------------------ pip specifiers the shell reads as redirections
BASH_REDIRECTION = "https://www.gnu.org/software/bash/manual/html_node/Redirections.html"
PIP_SPECIFIERS = "https://pip.pypa.io/en/stable/cli/pip_install/#requirement-specifiers"
# (words bounded: a 50 kB line of `(` and long words took 3.8 s with `\S*` at every start; fuzz, wave 18)
_PIP_LINE = re.compile(r"(?:^\s*|[;&|(]\s*|\b(?:then|do|else)\s+)(?:sudo\s+(?:-\S{1,80}\s+)*)?"
                       r"(?:[A-Za-z_]\w{0,80}=\S{0,300}\s+)*(?:\S{0,300}/)?(?:pip3?(?:\.\d+)?|uv\s+pip|"
                       r"python[\d.]*\s+-m\s+pip)\s+install\b")


# A requirement glued to < or > (`deepspeed>=0.14.0`, `torch<2.5`): the shell redirects there.
_GLUED = re.compile(r"(?:^|\s)([A-Za-z][\w.\-]*(?:\[[\w,.\-]+\])?)(>=|<=|>|<)(\S*)")


@check("RD-LCH-008", area=AREA, title="pip version specifiers in a script are quoted", option="config",
       sources=[BASH_REDIRECTION, PIP_SPECIFIERS])
def pip_specifiers_quoted(settings):
    """`pip install transformers>=4.47.0 deepspeed>=0.14.0` unquoted: the shell takes each `>=x` as
    an output redirection (to a file named `=x`), so pip installs the bare names, latest releases,
    and every minimum is dropped; `torch<2.5` reads a file named `2.5` and the line fails."""
    from rocmdoctor.artifacts.readers.shell import logical_lines

    out = []
    unbuilt = None
    for a in settings.of_kind("shell", "slurm", "dockerfile"):
        lines = a.lines()
        starts = sorted(s["line"] for s in pick_list(a.data, "stages") if isinstance(s, dict) and s.get("line"))
        # a Dockerfile's shell-form RUNs as the reader parsed them (/bin/sh -c: the same redirections; exec form
        # quotes each word); a script's logical lines
        runs = [r for r in pick_list(a.data, "shell_runs") if isinstance(r, list) and len(r) == 3] \
            if a.kind == "dockerfile" else logical_lines(a.text)
        for first, last, line in runs:
            if a.kind == "dockerfile":
                if unbuilt is None:
                    from .image_stages import unbuilt_stages

                    unbuilt = unbuilt_stages(settings)
                if (a.path, max((n for n in starts if n <= first), default=0)) in unbuilt:
                    continue  # a stage no build for this machine makes (another target, another vendor's)
            if "install" not in line or not _PIP_LINE.search(line):
                continue
            bare = re.sub(r"'[^']*'|\"(?:[^\"\\\\]|\\\\.)*\"", "''", line)  # quoted text is one word, no redirection
            bare = bare.split(" #", 1)[0]
            hits = [m for m in _GLUED.finditer(bare) if not m.group(1).isdigit()]
            if not hits:
                continue
            reads = [m for m in hits if m.group(2) == "<"]
            where = next((n for n in range(first, max(first, last) + 1) if n <= len(lines)
                          and re.search(re.escape(hits[0].group(0).strip()), lines[n - 1])), first)
            shown = ", ".join(m.group(0).strip() for m in hits[:6])
            make = fail if reads else warn
            out.append(make(f"{a.path} line {where}: pip version specifiers are not quoted ({shown})",
                            "The shell reads `>`/`<` before pip sees them: `name>=1.2` installs `name` (any version, "
                            "usually the latest) with pip's output written to a file named `=1.2`, and `name<2` reads "
                            "a file named `2` (the line fails). Quote each requirement (`'deepspeed>=0.14.0'`) or "
                            "put them in a requirements file.", subject=f"{a.path}:{where}",
                            evidence=_glued_lines(a.path, lines, where, last, hits)))
    return out or ok("no unquoted pip version specifier in the scripts")


def _glued_lines(path: str, lines: list[str], where: int, last: int, hits) -> list:
    """Each line of one continued install that holds an unquoted specifier (`datasets>=2.14.0 \\` then
    `peft>=0.7.0 \\` ...): one finding, every line its fix changes."""
    glued = {m.group(0).strip() for m in hits}
    at: list[int] = []
    for n in range(where, min(max(where, last), len(lines)) + 1):
        text = lines[n - 1].split(" #", 1)[0]
        if text.lstrip().startswith("#"):
            continue  # a comment line inside the continuation: Docker drops it
        if any(m.group(0).strip() in glued for m in _GLUED.finditer(text)):
            at.append(n)
            if len(at) == 20:
                break
    return [ev(f"{path}:{n}", lines[n - 1].strip()[:200]) for n in at or [where]]


# ------------------------------------------------------------------ a continued command cut in two
BASH_COMMENTS = "https://www.gnu.org/software/bash/manual/html_node/Comments.html"
BASH_ESCAPE = "https://www.gnu.org/software/bash/manual/html_node/Escape-Character.html"
# A word that only makes sense as an argument: an option, or a relative path to a script or config file.
_ARGUMENT = re.compile(r"^(?:--?[A-Za-z]|[\w.-]+/[\w./-]*\.(?:py|ya?ml|json|sh)\b|[\w-]+\.(?:py|ya?ml|json)\b)")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _heredoc_bodies(lines: list[str]) -> set[int]:
    """The 0-based lines that are a heredoc's body (text a command reads, or a script another one writes: the shell
    writing it has already expanded its variables), terminators included."""
    body, heredoc = set(), None
    for n, line in enumerate(lines):
        if heredoc is not None:
            body.add(n)
            heredoc = None if line.strip() == heredoc else heredoc
            continue
        code = re.sub(r"(?:^|\s)#.*$", "", line)
        m = HEREDOC.search(code)
        if m and "<<<" not in code and not re.search(r"\(\([^)]*<<", code):  # `(( m = 1 << SHIFT ))` is arithmetic
            heredoc = m.group(2)
    return body


def _cuts(lines: list[str]):
    """(command's first line, line that cuts it, first orphaned line, how) for each command continued with `\\`
    whose arguments go on after a comment line or after a line that lost its backslash (1-based lines)."""
    start, body = None, _heredoc_bodies(lines)
    for n, line in enumerate(lines):
        if n in body:
            start = None
            continue
        cont = line.rstrip().endswith("\\") and not line.rstrip().endswith("\\\\") and not line.lstrip().startswith("#")
        if start is None:
            start = n if cont else None
        elif line.lstrip().startswith("#") and not line.lstrip().startswith("#SBATCH"):
            nxt = next((j for j in range(n + 1, len(lines)) if not lines[j].lstrip().startswith("#")), None)
            if nxt is not None and lines[nxt].strip() and _indent(lines[nxt]) > _indent(lines[start]) \
                    and _open(lines[start:n]):
                yield start + 1, n + 1, nxt + 1, "comment"
            start = None
        elif not cont:
            after = lines[n + 1] if n + 1 < len(lines) else ""
            if after.strip() and _indent(after) == _indent(line) > _indent(lines[start]) and \
                    _ARGUMENT.match(after.strip()) and _open(lines[start:n + 1]):
                yield start + 1, n + 1, n + 2, "backslash"
            start = None


def _open(chunk: list[str]) -> bool:
    """The continued text is a plain command: no bracket or quote left open (an array, a $( ), a string spans it)."""
    text = re.sub(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"", "", " ".join(chunk))
    return text.count("(") == text.count(")") and text.count("[") == text.count("]") and \
        text.count("'") % 2 == 0 and text.count('"') % 2 == 0


@check("RD-LCH-014", area=AREA, title="A command continued over lines is not cut by a comment or a lost backslash",
       option="config", sources=[BASH_COMMENTS, BASH_ESCAPE])
def continued_command_cut(settings):
    """`deepspeed train.py \\` then `# the model path` then `--model_name_or_path ...`: the comment line ends the
    command (a `\\` inside a comment continues nothing), so deepspeed starts without its arguments and the next
    lines run as commands of their own ('--model_name_or_path: command not found'). A line that lost its `\\`
    cuts the command the same way (the script's path on the next line never reaches the launcher)."""
    out = []
    for a in settings.of_kind("shell", "slurm"):
        lines = a.lines()
        for first, cut, orphan, how in _cuts(lines):
            what = "a comment line" if how == "comment" else "a line without a trailing backslash"
            out.append(fail(
                f"{os.path.basename(a.path)} line {cut}: {what} ends the command begun on line {first}",
                f"The shell ends the command at line {cut}, so it runs without the arguments after it, and line "
                f"{orphan} (`{lines[orphan - 1].strip()[:60]}`) runs as a command of its own. "
                + ("Move the comment above the command or after its last line (a `#` inside a continued command "
                   "ends it, whatever it ends with)." if how == "comment" else f"End line {cut} with ` \\`."),
                subject=f"{a.path}:{first}", evidence=[ev(f"{a.path}:{cut}", lines[cut - 1].strip()[:200]),
                                                      ev(f"{a.path}:{orphan}", lines[orphan - 1].strip()[:200])],
                sources=[BASH_COMMENTS, BASH_ESCAPE]))
    return out or ok("every command continued over lines runs as one")


# ------------------------------------------------------------------ assignments that come out of an expansion
BASH_SIMPLE_COMMANDS = "https://www.gnu.org/software/bash/manual/html_node/Simple-Command-Expansion.html"
_HOLDS_ASSIGNMENTS = re.compile(r"""^\s*(?:export\s+)?([A-Za-z_]\w*)=(["']?)\s*[A-Za-z_]\w*=""")
_ASSIGNS = re.compile(r"^\s*(?:export\s+)?([A-Za-z_]\w*)=")
_LEADING_VAR = re.compile(r"""^\s*["']?\$\{?([A-Za-z_]\w*)\}?["']?(?:\s|$)""")


@check("RD-LCH-015", area=AREA, title="Environment settings are written before a command, not expanded from a variable",
       option="config", sources=[BASH_SIMPLE_COMMANDS])
def assignments_from_expansion(settings):
    """`ENV_ARGS="NCCL_DEBUG=INFO CUDA_VISIBLE_DEVICES=1"` then `$ENV_ARGS torchrun ...`: bash recognises assignments
    before it expands anything, so the expansion's first word is the command ('NCCL_DEBUG=INFO: command not found')
    and the launch never starts. `env $ENV_ARGS torchrun ...` or `export $ENV_ARGS` first does what was meant."""
    from rocmdoctor.artifacts.readers.shell import logical_lines

    out = []
    for a in settings.of_kind("shell", "slurm"):
        lines = a.lines()
        holders = {m.group(1) for line in lines if (m := _HOLDS_ASSIGNMENTS.match(line))}
        if not holders:
            continue
        # every assignment of those names, in order: what a use expands is the last one before it
        sets = [(n, m.group(1), bool(_HOLDS_ASSIGNMENTS.match(line))) for n, line in enumerate(lines, 1)
                if (m := _ASSIGNS.match(line)) and m.group(1) in holders]
        body = _heredoc_bodies(lines)
        for first, _last, text in logical_lines(a.text or ""):
            m = _LEADING_VAR.match(text)
            last = [(n, held) for n, name, held in sets if m and name == m.group(1) and n < first][-1:]
            if last and last[0][1] and first - 1 not in body and not re.match(r"^\s*[A-Za-z_]\w*=", text):
                name, at = m.group(1), last[0][0]
                out.append(fail(
                    f"{os.path.basename(a.path)} line {first}: ${name} holds assignments; as a command's first word "
                    "it is run as the command",
                    f"Line {at} sets {name} to `{lines[at - 1].split('=', 1)[1].strip()[:80]}`. Bash takes `NAME=value` "
                    "words as assignments only where they are written, before any expansion, so line "
                    f"{first} runs the first of them as a program ('command not found') and nothing launches. Write "
                    f"`env ${name} ...` (env takes the assignments as arguments) or `export ${name}` on the line before.",
                    subject=f"{a.path}:{first}", evidence=[ev(f"{a.path}:{at}", lines[at - 1].strip()[:200]),
                                                          ev(f"{a.path}:{first}", lines[first - 1].strip()[:200])],
                    sources=[BASH_SIMPLE_COMMANDS]))
    return out or ok("no command starts with a variable that holds environment assignments")


# ------------------------------------------------------------------ nvidia-smi that ends a script under `set -e`
BASH_SET_E = "https://www.gnu.org/software/bash/manual/html_node/The-Set-Builtin.html"
_NVIDIA_TEST = re.compile(r"(?i)nvidia|cuda")  # `if command -v nvidia-smi`, `[ "$VENDOR" = nvidia ] &&`


@check("RD-LCH-016", area=AREA, title="A script under `set -e` does not run nvidia-smi on an AMD node",
       option="config", sources=[BASH_SET_E, "https://rocm.docs.amd.com/projects/amdsmi/en/latest/"])
def nvidia_smi_under_errexit(settings, gpus=None, pci_display=None):
    """`set -e` (or `set -euo pipefail`) then a bare `nvidia-smi` to print the GPUs: on a node with AMD GPUs only
    the command is not installed, bash exits with 127 and the job ends before its launch. A run that is tested
    (`nvidia-smi || true`, `if command -v nvidia-smi`), backgrounded, or without errexit is not judged."""
    from rocmdoctor.artifacts.readers.shell.errexit import fatal_runs
    from rocmdoctor.knowledge.gpus import NVIDIA_VENDOR

    if not gpus or any(d.vendor_id == NVIDIA_VENDOR for d in pci_display or []):
        return ok("not judged: this machine has no AMD GPU, or has an NVIDIA GPU (nvidia-smi may be there)")
    out = []
    for a in settings.of_kind("shell", "slurm"):
        lines = a.lines()
        for n, at in fatal_runs(a.text or "", "nvidia-smi", _NVIDIA_TEST) if "nvidia-smi" in (a.text or "") else ():
            line = lines[n - 1]
            # the fix appends `|| true` only where nvidia-smi is the line's whole command (`nvidia-smi; python t.py`
            # would get it on python's)
            plain = re.fullmatch(r"\s*(?:sudo\s+)?nvidia-smi(?:\s+[^;&|#<>`$()\\]*)?", line) is not None
            out.append(fail(
                f"{os.path.basename(a.path)} line {n}: nvidia-smi under `set -e` ends the script on this AMD node",
                f"Errexit is on from line {at}, and this node's {len(gpus)} GPU(s) are AMD's: nvidia-smi is not "
                "installed, bash exits with 127 ('nvidia-smi: command not found') and nothing after it runs. Use "
                "`amd-smi` (or `rocm-smi`) here, or keep the line for NVIDIA nodes as `nvidia-smi || true`.",
                subject=f"{a.path}:{n}", evidence=[ev(f"{a.path}:{at}", lines[at - 1].strip()[:200]),
                                                  ev(f"{a.path}:{n}", line.strip()[:200])],
                sources=[BASH_SET_E],
                fix=script_edit("Let the script go on where nvidia-smi is absent", a.path,
                                f"line {n}: {line.strip()} || true", [
                                    {"op": "replace_line", "line": n, "text": line.rstrip() + " || true",
                                     "expect": line.strip()}]) if plain else None))
    return out or ok("no script under `set -e` runs nvidia-smi untested")
