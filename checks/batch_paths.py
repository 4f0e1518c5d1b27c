"""Where a batch script finds its own files. sbatch sends the script to the controller and slurmd runs a copy of it
from its spool directory (`/var/spool/slurmd/job123/slurm_script`), so a directory taken from the script's own path
(`$0`, `${BASH_SOURCE[0]}`) is that spool directory, not the repository the script came from."""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.readers.shell.words import heredoc_lines
from rocmdoctor.engine.check import check, ev, fail, ok

from rocmdoctor.knowledge.slurm import SBATCH_MAN

AREA = "launch"
SPOOL_REPORT = "https://github.com/dask/dask-drmaa/issues/87"  # "/var/spool/slurm/d/job1177731/slurm_script: line 2"

# The script's own path: $0, ${0}, $BASH_SOURCE, ${BASH_SOURCE[0]} (`$01` is $0 and a 1: one digit is a name).
_SELF = r"\$(?:0|\{0\}|BASH_SOURCE(?!\w)|\{BASH_SOURCE(?:\[0\])?\})"
# A directory made from it: `dirname "$0"`, `$(dirname $(realpath $0))`, `${0%/*}`.
_SELF_DIR = re.compile(r"\bdirname\b[^\n;|&]{0,80}?" + _SELF + r"|\$\{(?:0|BASH_SOURCE(?:\[0\])?)%/\*?\}")
_ASSIGN = re.compile(r"^(?:(?:export|local|declare(?:\s+-\w+)*|readonly)\s+)?([A-Za-z_]\w*)=")
# Slurm's own answers to "where was I submitted from": a script that reads them chooses its directory knowingly.
_AWARE = re.compile(r"SLURM_SUBMIT_DIR|scontrol\s+show\s+job(?:id)?\b[^\n]{0,200}Command")
# Commands that only print or test a path: no file has to be there for them.
_HARMLESS = re.compile(r"^(?:echo|printf|:|true|\[\[?|test|local|declare|readonly|export)(?:\s|$)")
# After `cd DIR`, a relative path (`./serve.sh`, `bash run.sh`, `source env.sh`, `python train.py`) resolves there.
_RELATIVE = re.compile(r"(?:^|\s)(?:\./[\w./-]+|(?:source|\.|bash|sh|python3?|exec|srun(?:\s+-\S+)*)\s+(?!-)[\w.-]+"
                       r"\.(?:sh|py|bash|R|yaml|yml|json))")


@check("RD-LCH-020", area=AREA, title="A batch script does not look for its files beside itself", option="config",
       sources=[SBATCH_MAN, SPOOL_REPORT])
def files_beside_batch_script(settings):
    """`source "$(dirname "$0")/env.sh"`, `SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)` then
    `bash "$SCRIPT_DIR/train.sh"`, or `cd "$(dirname "$0")"` then `./serve.sh` in a batch script: sbatch runs a copy
    of the script from slurmd's spool directory, so the path names a file that is not there ('No such file or
    directory'; the job stops under `set -e`). Judged for a script sbatch runs (an #SBATCH header, or another file
    submits it) and that no other file runs with bash or srun; not for a script that reads SLURM_SUBMIT_DIR or
    scontrol's Command= (it chooses knowingly), nor for a use that only prints or tests the path."""
    out = []
    for a in settings.of_kind("shell", "slurm"):
        if not a.text or not re.search(r"\$\{?(?:0|BASH_SOURCE)", a.text) or _AWARE.search(a.text) \
                or not _submitted(settings, a):
            continue
        use = _first_use(a.text)
        if use is None:
            continue
        at, line, how, read = use
        name = os.path.basename(a.path)
        # the line that takes the directory from $0 (`SCRIPT_DIR=$(dirname "$0")`) is where a fix goes: cited too
        also = [ev(f"{a.path}:{read[0]}", read[1][:200])] if read and read[0] != at else []
        out.append(fail(f"{name} line {at} {how}; under sbatch that is slurmd's spool directory, not yours",
                        "sbatch runs a copy of the batch script (`/var/spool/slurmd/jobNNN/slurm_script`), so `$0` and "
                        "`${BASH_SOURCE[0]}` name that copy and a directory taken from them holds no file of yours: "
                        "the line fails with 'No such file or directory' (the job stops there under `set -e`), or "
                        "writes where the job's end deletes it. Use the directory you submit from, "
                        "`${SLURM_SUBMIT_DIR}` (run sbatch from the script's folder, or `sbatch --chdir`), or an "
                        "absolute path.",
                        subject=f"{a.path}:{at}", evidence=[ev(f"{a.path}:{at}", line.strip()[:200])] + also,
                        sources=[SBATCH_MAN, SPOOL_REPORT]))
    return out or ok("no batch script looks for its files beside itself")


def _submitted(settings, a) -> bool:
    """sbatch runs this file: it has #SBATCH directives before its first command, or another file submits it; and no
    file runs it with bash, sh or srun instead (a step script then has its real path)."""
    base = re.escape(os.path.basename(a.path))
    runs = re.compile(r"(?:^|[\s;&|(])(?P<tool>sbatch|bash|sh|srun)\b[^\n;|&]{0,300}?(?<![\w.-])(?:\S*/)?" + base +
                      r"(?![\w.-])")
    tools = {m.group("tool") for b in settings.artifacts if b.path != a.path and b.text and
             os.path.basename(a.path) in b.text for m in runs.finditer(b.text)}
    if tools & {"bash", "sh", "srun"}:
        return False
    return "sbatch" in tools or _header(a.lines())


def _header(lines: list[str]) -> bool:
    for line in lines:
        if line.startswith("#SBATCH"):
            return True
        if line.strip() and not line.lstrip().startswith("#"):
            return False  # sbatch reads directives only before the first command
    return False


def _first_use(text: str) -> tuple[int, str, str, tuple[int, str] | None] | None:
    """The first command that reaches a file through the script's own directory: (line, its text, what it does, the
    line and text of the assignment that first took a directory from the script's path, if one did)."""
    from rocmdoctor.artifacts.readers.shell import logical_lines

    raw = text.split("\n")
    body_lines = heredoc_lines(raw)  # another file's text (`cat > step.sh <<EOF`): its $0 is that file's
    text = "\n".join("" if n in body_lines else t for n, t in enumerate(raw, 1))
    dirs: set[str] = set()  # variables holding the spool directory, or a path under it
    selves: set[str] = set()  # variables holding the script's own path (`SCRIPT=$(readlink -f "$0")`)
    moved = None  # the line of a `cd` into it
    read: tuple[int, str] | None = None  # the first assignment that takes a directory from $0
    for first, _last, line in logical_lines(text):
        body = line.strip()  # (comment lines are dropped by logical_lines)
        ref = _SELF_DIR.search(body) or _uses(body, dirs) or _dir_of(body, selves)
        m = _ASSIGN.match(body)
        if m and _assigns_only(body):
            selves.discard(m.group(1))
            dirs.discard(m.group(1))  # given another value
            if ref:
                dirs.add(m.group(1))  # SCRIPT_DIR=..., ROOT="$SCRIPT_DIR/.."
                read = read or (first, body)
            elif re.search(_SELF, body[m.end():]) or _uses(body[m.end():], selves):
                selves.add(m.group(1))
            continue
        if moved is not None and _RELATIVE.search(body):
            return first, body, f"runs a relative path after line {moved}'s `cd` into the script's own directory", read
        if ref is None and re.match(r"(?:cd|pushd|popd)(?:\s|$)", body):
            moved = None  # somewhere else now
        if ref is None or all(_HARMLESS.match(part.strip()) or not (_SELF_DIR.search(part) or _uses(part, dirs))
                              for part in re.split(r"&&|\|\||;|\bthen\b", body) if part.strip()):
            continue  # only printed or tested (`[ -f "$D/env.sh" ] && source "$D/env.sh"` sources it)
        if re.match(r"(?:cd|pushd)\s", body) and not re.search(r"[\w}\"')]/(?!\.\.(?:/|[\"'\s]|$))[\w.]", body):
            # into it, or a folder above it (`/..`: /var/spool/slurmd exists too); a folder under it is not there
            moved = first
            rest = re.split(r"&&|;", body, maxsplit=1)[1:]  # `cd "$(dirname "$0")" && ./run.sh`
            if rest and _RELATIVE.search(rest[0]):
                return first, body, f"runs a relative path after line {moved}'s `cd` into the script's own directory", \
                    read
            continue
        return first, body, "reaches a file through the script's own path ($0 or BASH_SOURCE)", read
    return None


def _dir_of(body: str, selves: set[str]) -> re.Match | None:
    """`dirname "$SCRIPT"` of a variable that holds the script's own path."""
    if not selves:
        return None
    names = "|".join(re.escape(d) for d in sorted(selves))
    return re.search(r"\bdirname\b[^\n;|&]{0,80}?\$\{?(?:" + names + r")\b", body)


def _uses(body: str, dirs: set[str]) -> re.Match | None:
    if not dirs:
        return None
    names = "|".join(re.escape(d) for d in sorted(dirs))
    return re.search(r"\$(?:\{(?:" + names + r")\}|(?:" + names + r")\b)", body)


def _assigns_only(body: str) -> bool:
    """The line only sets variables (`X=$(cd "$(dirname "$0")" && pwd)`, `export A=1 B=2`), as the shell reader splits
    it into words; not the command environment of `X="$D" python t.py`."""
    from rocmdoctor.artifacts.readers.shell.words import commands

    cmds = commands(body)
    words = cmds[0] if len(cmds) == 1 else []
    while words and (words[0] in ("export", "local", "declare", "readonly") or words[0].startswith("-")):
        words = words[1:]
    return bool(words) and all(_ASSIGN.match(w) for w in words)
