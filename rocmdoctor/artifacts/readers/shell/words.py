"""Lines and words: a script's logical lines (continuations joined, heredoc bodies dropped or read
as the script they write) and the words of each simple command on a line (bashlex when it
understands the line, shlex otherwise); an option word's name and value."""
from __future__ import annotations

import re
import shlex


_ASSIGN = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", re.S)
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\1")
HEREDOC = _HEREDOC  # `<<EOF`, `<<-"EOF"`: group 2 names the terminator (the lint rules read heredocs with it too)


def heredoc_lines(lines: list[str]) -> set[int]:
    """Line numbers inside heredoc bodies (`cat >> ~/.bashrc <<EOF` ... `EOF`): text another program reads or a file
    gets, not commands of the script."""
    out: set[int] = set()
    end = None
    for n, t in enumerate(lines, 1):
        if end is not None:
            if t.strip() == end:
                end = None
            else:
                out.add(n)
            continue
        m = _HEREDOC.search(t) if "<<" in t and "<<<" not in t else None
        end = m.group(2) if m else None
    return out

# A heredoc written to a shell file (`cat > env.sh <<EOF`, `tee ~/.bashrc <<EOF`, `>> ~/.profile`, `>> "$SHELL_RC"`),
# an environment file sourced later (`~/.rocm_env`, `/etc/profile.d/x.sh`, `/etc/environment`, `cat > "$env_file"`).
_WRITES_SCRIPT = re.compile(r"(?:>>?|\btee\s+(?:-a\s+)?)\s*[\"']?(?:[^\s;|&<>\"']*(?:\.(?:sh|bash|env)|bashrc|zshrc|profile|[._]env|"
                            r"/etc/environment)|"
                            r"\$\{?(?:[A-Za-z]\w{0,30}_)?(?:RC|BASHRC|ZSHRC|RC_?FILE|PROFILE|rc_?file|profile|ENV_?FILE|env_?file)"
                            r"(?:_\w{1,30})?\}?)[\"']?(?:\s|$)")
# A heredoc that writes a systemd unit or drop-in (`cat <<EOF | sudo tee /etc/systemd/system/ollama.service.d/gpu.conf`):
# its `Environment="A=1" "B=2"` lines are the environment the service runs with, read as `export A=1 B=2`.
_WRITES_FILE = re.compile(r"\bcat\b[^|\n]*?(?<![\d&])>>?\s*(?![&\s])|\btee\b")  # `cat > F`, `bash -c "cat > F"`, tee
# A written file that starts as a shell script (`cat > /usr/local/bin/webui << 'EOF'` then `#!/bin/bash`): a launcher
# or an activate script whatever its name, run later with the exports it holds.
_SHEBANG = re.compile(r"^#!\s*/(?:usr/)?bin/(?:env\s+)?(?:ba|z|da)?sh\b")
_UNIT_ENV = re.compile(r"^\s*Environment\s*=\s*(.+?)\s*$")
# A heredoc that is a shell's script: `ssh root@host << 'EOF'`, `bash -s <<EOF`, `sudo sh <<EOF`, `docker exec -i c bash
# <<EOF`. Its lines run (there, or here) as commands: read as this script's lines.
# Matched against the text just before the `<<` (bounded, so a long line costs no more than a short one).
_FEEDS_SHELL = re.compile(r"(?:^|[\s;&|(])(?:ssh\b[^<|;&]{0,300}|(?:sudo\s+(?:-\S+\s+){0,6})?(?:ba|z|da)?sh(?:\s+-[a-zA-Z]+){0,4}\s*|"
                          r"(?:docker|podman|kubectl)\s+exec\b[^<|;&]{0,300}\b(?:ba)?sh(?:\s+-[a-zA-Z]+){0,4}\s*)$")


def _feeds_shell(buf: str, at: int) -> bool:
    """The heredoc starting at ``at`` is the script a shell runs (`ssh host << 'EOF'`, `bash -s <<EOF`)."""
    return _FEEDS_SHELL.search(buf[max(0, at - 400):at]) is not None


def _commands_only(body: list[str]) -> list[str]:
    """A heredoc another shell runs (on another host, or a child bash): its commands are read, its assignments and
    exports blanked (numbering kept), since they hold only inside that shell and never reach this script's lines."""
    return ["" if re.match(r"^\s*(?:export\s+|declare\s+-x\s+|local\s+)?[A-Za-z_]\w*=", x) else x for x in body]


def _unit_exports(body: list[str]) -> list[str] | None:
    """A systemd unit's lines with each `Environment=` line as the `export` it amounts to (other lines blank, so
    the numbering stays); None when the text is no unit with a [Service] section."""
    if not any(x.strip() == "[Service]" for x in body):
        return None
    out = []
    for x in body:
        m = _UNIT_ENV.match(x)
        try:
            words = shlex.split(m.group(1)) if m else []
        except ValueError:
            words = []
        out.append("export " + " ".join(shlex.quote(w) for w in words if _ASSIGN.match(w)) if words else "")
    return [x if x != "export " else "" for x in out]
# Text echoed into such a file: `echo 'export X=1' >> ~/.bashrc`, `echo "$ENV_VARS" | sudo tee -a "$RC"`.
_ECHOED = re.compile(r"^\s*(?P<cmd>echo|printf)\s+(?P<opts>(?:-[a-zA-Z]+\s+)*)(['\"])(?P<said>.*?)(?<!\\)\3\s*"
                     r"(?:>>?|\|\s*(?:sudo\s+)?tee\b)", re.S)
# A quoted string over several lines kept in a variable (`ENV_VARS="\nexport A=1\n..."`), for an echo of it.
_STRING = re.compile(r"^\s*(?:export\s+|local\s+|readonly\s+)?([A-Za-z_]\w*)=([\"'])(.*)\2\s*$", re.S)
_EXPORTS = re.compile(r"^\s*(?:export\s+)?[A-Za-z_]\w*=", re.M)


_MAX_QUOTED_LINES = 200  # a quoted argument longer than this is a quote the line never closes


def _open_quote(line: str) -> bool:
    """Whether ``line`` ends inside a quoted string, as bash reads it: single quotes take everything to the
    next one, double quotes and bare words honour backslash escapes, a `#` starting a word outside quotes
    begins a comment (whose apostrophes are text)."""
    quote = ""
    k, n = 0, len(line)
    while k < n:
        c = line[k]
        if quote == "'":
            if c == "'":
                quote = ""
        elif c == "\\":
            k += 1
        elif quote == '"':
            if c == '"':
                quote = ""
        elif c in "'\"":
            quote = c
        elif c == "#" and (k == 0 or line[k - 1] in " \t\n;&|("):
            nl = line.find("\n", k)
            if nl < 0:
                return False
            k = nl
        k += 1
    return bool(quote)


def logical_lines(text: str, depth: int = 0) -> list[tuple[int, int, str]]:
    """(first line, last line, text) of each logical line: continuations joined, heredoc
    bodies and comment-only lines dropped. ``#SBATCH`` lines are kept as they are."""
    out = []
    lines = text.splitlines()
    strings: dict[str, tuple[int, str]] = {}  # NAME -> (line its text starts on, the text)
    i = 0
    while i < len(lines):
        start, buf = i, lines[i]
        # a comment line's backslash is the comment's own character, not a continuation: `#  --time=4-00:00 \`
        # above `srun ... \` leaves the srun command whole (bash reads the comment to its end, then the next line)
        commented = buf.lstrip().startswith("#")
        while i + 1 < len(lines) and not commented:
            if buf.endswith("\\"):
                i += 1
                buf = buf[:-1] + " " + lines[i]
            elif i - start < _MAX_QUOTED_LINES and _open_quote(buf) and not _HEREDOC.search(buf):
                # `python3 -c "` with the program on the next lines: the string runs on to its closing quote
                i += 1
                buf = buf + "\n" + lines[i]
            else:
                break
        if _open_quote(buf) and i > start and not buf.endswith("\\"):
            # no closing quote within reach: back to the first line and its continuations, as before
            i, buf = start, lines[start]
            while buf.endswith("\\") and i + 1 < len(lines):
                i += 1
                buf = buf[:-1] + " " + lines[i]
        i += 1
        m = _HEREDOC.search(buf)
        if m:  # skip the heredoc body up to its terminator
            body_at = i
            # a heredoc inside a quoted string (`sudo bash -c 'cat > f <<EOF` ... `EOF'`) ends where its
            # terminator is followed by the string's closing quote
            quoted = _open_quote(buf[:m.start()])
            while i < len(lines) and lines[i].strip() != m.group(2) and not (
                    quoted and lines[i].strip()[:len(m.group(2)) + 1] in (m.group(2) + "'", m.group(2) + '"')):
                i += 1
            unit = _unit_exports(lines[body_at:i]) if depth < 2 and _WRITES_FILE.search(buf) else None
            if unit is not None:  # a systemd unit or drop-in: its Environment= lines, where they are written
                out += [(a + body_at, b + body_at, t) for a, b, t in logical_lines("\n".join(unit), depth + 1)]
            elif depth < 2 and (_WRITES_SCRIPT.search(buf) or _feeds_shell(buf, m.start())
                                or _WRITES_FILE.search(buf) and body_at < len(lines)
                                and _SHEBANG.match(lines[body_at])):  # a script that writes a script, no deeper
                # `cat > rocm_env.sh << 'EOF'`: the body is a script the user sources before the
                # job (its exports are the job's environment), read as this script's lines
                body = lines[body_at:i]
                if _feeds_shell(buf, m.start()) and not _WRITES_SCRIPT.search(buf):
                    body = _commands_only(body)
                if "/etc/environment" in buf:  # pam_env's NAME=value lines: every login's environment
                    body = [("export " + x) if _ASSIGN.match(x.strip()) else x for x in body]
                out += [(a + body_at, b + body_at, t) for a, b, t in logical_lines("\n".join(body), depth + 1)]
            i += 1
            if quoted and 0 < i <= len(lines) and lines[i - 1].strip() == m.group(2):
                # `FLAVOR="$(python - <<'EOF'` ... `EOF`, then `)"`: the substitution and its string close on the
                # lines after the terminator; they belong to this command, not to the next one
                rest, j = buf[:m.start()], i
                while j < len(lines) and j - i < _MAX_QUOTED_LINES and _open_quote(rest):
                    rest, j = rest + "\n" + lines[j], j + 1
                if not _open_quote(rest):
                    i = j
        stripped = buf.strip()
        if not stripped or (stripped.startswith("#") and not stripped.startswith("#SBATCH")):
            continue
        out.append((start + 1, max(start + 1, i) if not m else start + 1, buf))  # i: the 1-based last line
        if m or depth >= 2:
            continue
        sm = _STRING.match(buf) if "\n" in buf else None
        if sm:
            strings[sm.group(1)] = (start, sm.group(3))
        em = _ECHOED.match(buf) if _WRITES_SCRIPT.search(buf) else None
        if em:  # settings a script writes into a shell startup file: every later shell's environment
            said = em.group("said")
            if em.group("cmd") == "printf" or "e" in em.group("opts"):
                said = said.replace("\\n", "\n")  # printf 'export A=0\n' writes a newline, not "\n"
            ref = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?", said.strip())
            if ref and ref.group(1) in strings:
                at, said = strings[ref.group(1)]
                out += [(a + at, b + at, t) for a, b, t in logical_lines(said, depth + 1) if _EXPORTS.match(t)]
            elif "\n" in said.strip():
                out += [(start + 1, start + 1, t) for _a, _b, t in logical_lines(said, depth + 1) if _EXPORTS.match(t)]
            elif _EXPORTS.match(said) and "\n" not in said.strip():
                out.append((start + 1, start + 1, said.strip()))
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
                      r"mpirun|mpiexec|export|unset|declare|typeset|groupadd|addgroup|usermod|useradd|adduser|apt-get|apt|"
                      r"yum|dnf|microdnf|zypper|docker|podman|nerdctl|module|ml|singularity|apptainer|source|set|"
                      r"rmake\.py|install\.sh|eval)\b"
                      r"|^\s*\.\s+\S")


_BASHLEX_CALLS = [0]  # reset by each reader's read() (new_file): a bound on the slow parser per file
MAX_BASHLEX_LINES = 300


def new_file() -> None:
    """Start a file's budget of bashlex lines. Every reader that splits commands calls it first, so that how a
    file is read never depends on what the process read before it (a Dockerfile read after a script once got
    the script's leftover budget, and another parser's words)."""
    _BASHLEX_CALLS[0] = MAX_BASHLEX_LINES


def _drop_backquoted_comments(line: str) -> str:
    """`` `# a note` ``: a command substitution holding only a comment expands to nothing (the idiom for a comment
    between the continued lines of one command); inside single quotes it is text."""
    out, k, quote = [], 0, ""
    while k < len(line):
        c = line[k]
        if c == "\\" and quote != "'":
            out.append(line[k:k + 2])
            k += 2
            continue
        if c in "'\"" and quote in ("", c):
            quote = "" if quote else c
        elif c == "`" and quote != "'" and line.startswith("`#", k):
            end = line.find("`", k + 1)
            if end > 0:
                k = end + 1
                continue
        out.append(c)
        k += 1
    return "".join(out)


def commands(line: str) -> list[list[str]]:
    """The simple commands on one logical line, each as its words (quotes removed); bash's `time` keyword
    before a command is dropped (`time CUDA_VISIBLE_DEVICES=1 python train.py` sets the variable for python);
    a backquoted comment between its options (`` `# why` ``) is no word."""
    if "`#" in line:
        line = _drop_backquoted_comments(line)
    return [_untimed(c) for c in _commands(line)]


def _untimed(words: list[str]) -> list[str]:
    if len(words) > 1 and words[0] == "time":
        words = words[1:]
        while len(words) > 1 and words[0] in ("-p", "--"):
            words = words[1:]
    return words


def _commands(line: str) -> list[list[str]]:
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
            # a redirect to a file stays two words (`>`, `out.txt`), as the shlex split writes it: readers see the
            # same words whichever parser split the line (`grep -v torch r.txt > s.txt` names the file it makes)
            words = [w for p in node.parts for w in (
                [p.word] if getattr(p, "kind", "") in ("word", "assignment") else
                [f"{p.input if isinstance(getattr(p, 'input', None), int) else ''}{p.type}", p.output.word]
                if getattr(p, "kind", "") == "redirect"
                and isinstance(getattr(getattr(p, "output", None), "word", None), str) else [])]
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


def _substitutions(line: str) -> tuple[str, list[str]]:
    """``line`` with each top-level ``$(...)`` (quote-aware, nested) replaced by a placeholder word, and the
    texts replaced: the shlex split keeps a substitution whole (`$([ -n "$D" ] && echo "-v $D:/m")` is one
    argument to docker run, not `]` and `&&`), where bashlex gives up on what it lacks."""
    if "$(" not in line:
        return line, []
    out: list[str] = []
    subs: list[str] = []
    i, n = 0, len(line)
    while i < n:
        if line.startswith("$(", i):  # `$((N/2))` and `$(((SLURM_NODEID)) && echo 0 || echo 1)` too: one word
            depth, j, quote = 1, i + 2, None
            while j < n and depth:
                c = line[j]
                if quote:
                    if c == quote:
                        quote = None
                    elif c == "\\" and quote == '"':
                        j += 1
                elif c in "'\"":
                    quote = c
                elif c == "(":
                    depth += 1
                elif c == ")":
                    depth -= 1
                j += 1
            if depth:
                break  # unbalanced: the rest is split as it is
            out.append(f"__rdsub{len(subs)}__")
            subs.append(line[i:j])
            i = j
            continue
        out.append(line[i])
        i += 1
    return "".join(out) + line[i:], subs


def comment_cut(line: str) -> str:
    """The line before its comment, as bash reads it: `#` starts one only at the start of a word, outside quotes
    (`${ARCH##gfx}`, `a#b` and `"#"` are no comment; shlex's commenters would cut every one of them)."""
    if "#" not in line:
        return line
    quote, braces, i = None, 0, 0
    while i < len(line):
        c = line[i]
        if quote:
            if c == quote:
                quote = None
            elif c == "\\" and quote == '"':
                i += 1
        elif c == "\\":
            i += 1
        elif c in "'\"":
            quote = c
        elif line.startswith("${", i):
            braces += 1
            i += 1
        elif c == "}" and braces:
            braces -= 1
        elif c == "#" and not braces and (i == 0 or line[i - 1] in " \t;&|()"):
            return line[:i]
        i += 1
    return line


def _shlex_commands(line: str) -> list[list[str]]:
    line, subs = _substitutions(comment_cut(line))
    try:
        lex = shlex.shlex(line, posix=True, punctuation_chars=";&|")
        lex.whitespace_split = True
        lex.commenters = ""
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
    if subs:
        out = [[re.sub(r"__rdsub(\d+)__", lambda m: subs[int(m.group(1))], w) for w in cmd] for cmd in out]
    return out


def _opt(word: str) -> tuple[str, str | None]:
    name, eq, value = word.lstrip("-").partition("=")
    return name.replace("-", "_"), (value if eq else None)
