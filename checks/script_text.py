"""Launch scripts as bash reads them from the file, whatever they say: DOS line ends (sbatch refuses the script,
bash takes each line's carriage return into its last word) and aliases, which bash does not expand when it runs a
script."""
from __future__ import annotations

import fnmatch
import os
import re

from rocmdoctor.artifacts.readers.shell.words import heredoc_lines
from rocmdoctor.engine.check import check, ev, fail, ok, warn

from .launch_syntax import script_edit

AREA = "launch"

# ------------------------------------------------------------------ DOS line ends
SBATCH_SOURCE = "https://github.com/SchedMD/slurm/blob/master/src/sbatch/sbatch.c"  # "contains DOS line breaks"
SC1017 = "https://www.shellcheck.net/wiki/SC1017"
# A build or script step that strips the carriage returns before the script runs (`dos2unix run.sh`,
# `sed -i 's/\r$//' *.sh`, `tr -d '\r' < a > b`): the copy that runs has Unix line ends.
_COPY = re.compile(r"\s*(?:COPY|ADD)\s(?P<args>[^\n]{1,4000})$", re.I)
_CONVERTS = re.compile(r"\bdos2unix\b|\bsed\b[^\n]{0,200}\\r|\btr\s+-d\s+['\"]?\\r")


@check("RD-LCH-018", area=AREA, title="A launch or batch script has Unix line ends", option="config",
       sources=[SBATCH_SOURCE, SC1017])
def dos_line_ends(settings):
    """A script saved with Windows line ends (CRLF): sbatch refuses it ('Batch script contains DOS line breaks'),
    the kernel looks for the interpreter `/bin/bash\\r` ('bad interpreter'), and bash reads each carriage return
    into the line's last word (`cd "dir\\r"`, `python t.py --out "run\\r"`, `$'\\r': command not found` on blank
    lines, fatal under `set -e`). Comment lines are harmless to bash (not to sbatch). Not judged where a file of the
    set converts it (dos2unix, `sed 's/\\r$//'`, `tr -d '\\r'`; a batch script only by a script: sbatch reads it on
    the host, not in an image)."""
    out = []
    for a in settings.of_kind("shell", "slurm"):
        raw = (a.text or "").split("\n")
        sbatch = a.kind == "slurm"  # sbatch refuses any CRLF; bash is harmed by those of commands and the shebang
        hit = [n for n, line in enumerate(raw, 1) if line.endswith("\r")
               and (sbatch or n == 1 or not line.lstrip().startswith("#"))]
        if not hit or _converted(settings, a.path, sbatch):
            continue
        name = os.path.basename(a.path)
        out.append(fail(f"{name} has Windows (CRLF) line ends ({len(hit)} line(s))",
                        f"{_harm(raw, hit, sbatch)}. Convert it once (`dos2unix {name}` or `sed -i 's/\\r$//' {name}`) "
                        "and keep it so (`*.sh text eol=lf` in .gitattributes).",
                        subject=a.path, evidence=[ev(f"{a.path}:{n}", raw[n - 1].strip()[:200] + " (ends in \\r)")
                                                  for n in hit[:2]],
                        sources=[SBATCH_SOURCE if sbatch else SC1017],
                        fix=script_edit("Give the script Unix line ends", a.path, "every CRLF line end becomes LF",
                                        [{"op": "unix_line_ends", "line": 0}])))
    return out or ok("no launch or batch script has Windows line ends")


def _harm(raw: list[str], hit: list[int], sbatch: bool) -> str:
    """What the carriage returns do to this script, in the words its users will see."""
    if sbatch:
        return ("sbatch refuses it ('Batch script contains DOS line breaks (\\r\\n) instead of expected UNIX line "
                "breaks') and the job is never queued")
    said = []
    first = raw[0].rstrip("\r")
    if hit[0] == 1 and first.startswith("#!"):
        env = re.match(r"#!\s*\S*/env\s+(?:-S\s+)?(\S+)\s*$", first)
        said.append("run as a program, " + (f"env looks for `{env.group(1)}\\r` ('/usr/bin/env: \u2018{env.group(1)}\\r\u2019: "
                                            "No such file or directory')" if env else
                                            f"the kernel looks for the interpreter `{first[2:].strip()}\\r` ('bad "
                                            "interpreter: No such file or directory')"))
    rest = [n for n in hit if n > 1]
    if rest:
        lines = "every line" if len(rest) + 1 >= len([x for x in raw if x.strip()]) else \
            f"line{'s' if len(rest) > 1 else ''} {', '.join(map(str, rest[:3]))}{' ...' if len(rest) > 3 else ''}"
        said.append(f"run with bash, {lines} end{'s' if lines.startswith('line ') else ''} in a carriage return that "
                    "becomes part of the last word (a path or value that does not exist; `$'\\r': command not found` "
                    "on a blank line; a `\\` before it escapes the CR, not the newline)")
    return "; ".join(said)


def _converted(settings, path: str, sbatch: bool) -> bool:
    """Another file of the set converts this one's line ends: by its name, by the name a Dockerfile COPY gives it, or
    a glob that matches it (`dos2unix *.sh`). sbatch reads a batch script on the host: only a script converts it."""
    names = {os.path.basename(path)}
    for b in settings.of_kind("dockerfile"):
        for line in b.lines():
            m = _COPY.match(line)
            words = [w for w in (m.group("args").split() if m else []) if not w.startswith("--")]
            if len(words) >= 2 and not words[-1].endswith("/") and any(
                    os.path.basename(w) in names for w in words[:-1]):
                names.add(os.path.basename(words[-1]))  # `COPY docker/entry.sh /entrypoint.sh`
    for b in settings.artifacts:
        if b.path == path or not b.text or not _CONVERTS.search(b.text) or sbatch and b.kind == "dockerfile":
            continue
        for line in b.lines():
            if _CONVERTS.search(line) and any(fnmatch.fnmatchcase(n, os.path.basename(w.strip("'\""))) for n in names
                                              for w in line.split()):
                return True
    return False


# ------------------------------------------------------------------ aliases in a script
BASH_ALIASES = "https://www.gnu.org/software/bash/manual/html_node/Aliases.html"
_BASH_SHEBANG = re.compile(r"#!\s*(?:/usr)?/bin/(?:env\s+(?:-S\s+)?)?bash\b(?P<opts>[^\n]*)")
# Where a command word starts: the line's start (indented too), after ; & | ( or a keyword that runs a command.
_COMMAND_AT = r"(?:^[ \t]*|[;&|(][ \t]*|\b(?:then|do|else|time|exec)[ \t]+)"
_ALIAS = re.compile(_COMMAND_AT + r"alias[ \t]+(?P<name>[A-Za-z_][\w.-]{0,60})="
                    r"(?P<value>'[^']*'|\"(?:[^\"\\]|\\.)*\"|[^\s;&|]*)")
MAX_ALIASES = 64
# From here on bash expands aliases: expand_aliases on, or POSIX mode (`set -o posix`, `bash --posix`)
_EXPANDS = re.compile(r"\bshopt\s+-s\s+(?:\w+\s+)*expand_aliases\b|\bset\s+-o\s+posix\b")


@check("RD-LCH-019", area=AREA, title="A bash script does not call an alias it defines", option="config",
       sources=[BASH_ALIASES])
def alias_in_script(settings):
    """`alias drun='docker run --device=/dev/kfd ...'` then `drun $IMAGE` in a bash script: bash expands aliases only
    in an interactive shell, in POSIX mode, or after `shopt -s expand_aliases`, so it prints 'drun: command not found'
    and goes on without the command (the script stops there under `set -e`), or, where the alias wraps a command of
    the same name (`alias ollama="env LD_PRELOAD=... ollama"`), runs it without what the alias adds. Judged for bash
    scripts only (dash and zsh expand aliases in scripts); not for a name also defined as a function, an alias written
    into another file (a heredoc to ~/.bashrc), nor a file the set sources (its aliases reach the shell that sources it)."""
    out = []
    for a in settings.of_kind("shell", "slurm"):
        lines = a.lines()
        shebang = _BASH_SHEBANG.match(lines[0].strip()) if lines else None
        if shebang is None or re.search(r"(?:^|\s)(?:-\w*i|--posix)\b", shebang.group("opts")) or "alias" not in a.text:
            continue
        use = _alias_use(lines)
        if use is None or _sourced(settings, a.path):
            continue
        name, at, value, first, line = use
        wraps = name in value.split()[:1] + value.split()[-1:]
        # shopt must be read before the line that uses the alias is: after the shebang and #SBATCH header (sbatch stops
        # reading directives at the first command), and only for an alias defined at the top level (bash reads a
        # whole if/for/function before running any of it)
        cmd = next((n for n, t in enumerate(lines, 1) if t.strip() and not t.lstrip().startswith("#")), 1)
        header = max((n for n in range(1, cmd) if lines[n - 1].lstrip().startswith("#")), default=0)
        top = lines[at - 1][:1] not in (" ", "\t") and header >= 1
        out.append((warn if wraps else fail)(
            f"{os.path.basename(a.path)} line {first}: `{name}` is an alias, which bash does not expand in a script",
            f"The alias is defined at line {at}, but bash reads aliases only in an interactive shell: " + (
                f"`{name}` runs without what the alias adds" if wraps else
                f"bash prints '{name}: command not found' and goes on without it (under `set -e` the script stops)") +
            f". Make it a function (`{name}() {{ {value[:60]} \"$@\"; }}`)" + (
                ", or turn on `shopt -s expand_aliases` before the alias." if top else "."),
            subject=f"{a.path}:{first}", evidence=[ev(f"{a.path}:{at}", lines[at - 1].strip()[:200]),
                                                   ev(f"{a.path}:{first}", line.strip()[:200])],
            sources=[BASH_ALIASES],
            fix=script_edit("Let bash expand the script's aliases", a.path, f"after line {header}: shopt -s expand_aliases",
                            [{"op": "insert_after", "line": header, "text": "shopt -s expand_aliases", "expect": "#"}])
            if top else None))
    return out or ok("no bash script calls an alias it defines")


def _alias_use(lines: list[str]) -> tuple[str, int, str, int, str] | None:
    """The first command line that calls an alias the script defined before it, unexpanded: (name, line of the
    alias, its value, line of the call, the call's text). Heredoc bodies are another file's text."""
    from rocmdoctor.artifacts.readers.shell import logical_lines

    body = heredoc_lines(lines)
    text = "\n".join("" if n in body else t for n, t in enumerate(lines, 1))
    aliases: dict[str, tuple[int, str]] = {}  # name -> (line, value)
    functions = set(re.findall(r"(?m)^[ \t]*(?:function[ \t]+)?([A-Za-z_][\w.-]{0,60})[ \t]*\(\)", text))
    for first, _last, line in logical_lines(text):
        if _EXPANDS.search(line):
            return None  # expanded from here on
        for m in _ALIAS.finditer(line):
            if len(aliases) < MAX_ALIASES and m.group("name") not in functions:  # a function of the name runs instead
                aliases[m.group("name")] = (first, m.group("value").strip("'\"").strip())
        bare = _unquoted(_ALIAS.sub(" ", line))
        for name, (at, value) in aliases.items():
            if re.search(_COMMAND_AT + re.escape(name) + r"(?=\s|$|;)", bare, re.M):
                return name, at, value, first, line
    return None


def _unquoted(line: str) -> str:
    """The line with quoted text blanked (an alias name inside `echo "drun ..."` is no command)."""
    return re.sub(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"", "''", line)


def _sourced(settings, path: str) -> bool:
    name = re.escape(os.path.basename(path))
    rx = re.compile(r"(?:^|[;&|]\s*|\s)(?:source|\.)\s+\S*?(?<![\w.-])" + name + r"\b", re.M)
    return any(b.path != path and b.text and os.path.basename(path) in b.text and rx.search(b.text)
               for b in settings.artifacts)
