"""Read and edit the kernel command line variables of /etc/default/grub.

The file is shell that grub-mkconfig sources, so this is a small, strict reader of
one statement form: ``[export ]KEY=VALUE [# comment]`` where VALUE is one double-quoted
string, one single-quoted string or one bare word. ``$KEY``/``${KEY}`` references to
the command line variables themselves are understood (``GRUB_CMDLINE_LINUX_DEFAULT=
"$GRUB_CMDLINE_LINUX_DEFAULT iommu=pt"`` in a grub.d snippet); command substitution,
other variables, continuation lines and mixed quoting are refused, not rewritten.
Everything that is not one of our assignments is kept byte for byte, line endings
(CRLF) included. Tokens are edited in the text as written, so odd spacing survives.
"""
from __future__ import annotations

import fnmatch
import re

from rocmdoctor.remedy.fixplan import Refused, split_lines
from rocmdoctor.machine.parsers.cmdline import parse_cmdline
from rocmdoctor.base.records import dataclass

LINUX = "GRUB_CMDLINE_LINUX"
DEFAULT = "GRUB_CMDLINE_LINUX_DEFAULT"
KEYS = (LINUX, DEFAULT)

_ASSIGN = re.compile(r"^(?P<lead>[ \t]*(?:export[ \t]+)?)(?P<key>[A-Za-z_][A-Za-z0-9_]*)=(?P<rest>.*)$", re.S)
_REF = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))")
_SAFE_TOKEN = re.compile(r"^[A-Za-z0-9_.,:=/+@-]+$")


@dataclass
class Assignment:
    path: str
    line: int  # index into the file's lines
    lead: str  # indentation and "export "
    key: str
    quote: str  # '"', "'" or "" (bare or empty)
    raw: str  # the value as written, without its quotes
    tail: str  # whitespace and a comment after the value
    ending: str  # "\n", "\r\n" or ""

    def render(self, raw: str) -> str:
        quote = self.quote
        if quote == "" and (raw == "" or self.raw == "" or re.search(r"\s", raw)):
            quote = '"'
        return f"{self.lead}{self.key}={quote}{raw}{quote}{self.tail}{self.ending}"


def _ending(line: str) -> tuple[str, str]:
    if line.endswith("\r\n"):
        return line[:-2], "\r\n"
    if line.endswith("\n"):
        return line[:-1], "\n"
    return line, ""


def _parse_value(rest: str, where: str) -> tuple[str, str, str]:
    """(quote, raw, tail) of a single-segment shell value, or Refused."""
    if rest[:1] == '"':
        i = 1
        while i < len(rest):
            if rest[i] == "\\":
                i += 2
                continue
            if rest[i] == '"':
                break
            i += 1
        else:
            raise Refused(f"{where}: a double-quoted value that does not end on its line")
        quote, raw, after = '"', rest[1:i], rest[i + 1:]
    elif rest[:1] == "'":
        j = rest.find("'", 1)
        if j < 0:
            raise Refused(f"{where}: a single-quoted value that does not end on its line")
        quote, raw, after = "'", rest[1:j], rest[j + 1:]
    else:
        m = re.match(r"[^\s\"'`;&|<>()\\]*", rest)
        assert m is not None  # "*": it matches every string, the empty word included
        quote, raw, after = "", m.group(0), rest[m.end():]
    if after and not after[0].isspace():
        raise Refused(f"{where}: the value is not one plain or quoted word (mixed quoting or shell syntax)")
    if after.strip() and not after.strip().startswith("#"):
        raise Refused(f"{where}: more shell after the value ({after.strip()[:40]!r})")
    return quote, raw, after


def find(path: str, text: str, keys=KEYS) -> list[Assignment]:
    out = []
    prev_continues = False
    for n, line in enumerate(split_lines(text)):
        body, ending = _ending(line)
        continues = body.endswith("\\") and not body.lstrip().startswith("#")
        if prev_continues:
            prev_continues = continues
            m = _ASSIGN.match(body.lstrip())
            if m and m.group("key") in keys:
                raise Refused(f"{path} line {n + 1}: {m.group('key')} follows a continued line")
            continue
        prev_continues = continues
        if body.lstrip().startswith("#"):
            continue
        m = _ASSIGN.match(body)
        if not m or m.group("key") not in keys:
            continue
        where = f"{path} line {n + 1}"
        if continues:
            raise Refused(f"{where}: {m.group('key')} continues on the next line")
        quote, raw, tail = _parse_value(m.group("rest"), where)
        out.append(Assignment(path, n, m.group("lead"), m.group("key"), quote, raw, tail, ending))
    return out


def expand(a: Assignment, env: dict[str, str]) -> str:
    """The value's text as the shell would see it, or Refused for expansions we cannot evaluate."""
    if a.quote == "'":
        return a.raw
    where = f"{a.path} line {a.line + 1}"
    out, i, raw = [], 0, a.raw
    while i < len(raw):
        c = raw[i]
        if c == "\\" and a.quote == '"':
            nxt = raw[i + 1:i + 2]
            out.append(nxt if nxt in '"\\$`' else c + nxt)
            i += 2
            continue
        if c == "`":
            raise Refused(f"{where}: command substitution in {a.key}; edit it by hand")
        if c == "$":
            m = _REF.match(raw, i)
            name = (m.group(1) or m.group(2)) if m else None
            if m is None or not name or name not in KEYS:
                raise Refused(f"{where}: {a.key} uses {raw[i:i + 20]!r}, which rocmdoctor cannot evaluate; edit it by hand")
            out.append(env.get(name, ""))
            i = m.end()
            continue
        out.append(c)
        i += 1
    return "".join(out)


def effective(files: list[tuple[str, str]]) -> dict[str, str]:
    """Each variable's value after sourcing the files in order (last assignment wins)."""
    env: dict[str, str] = {}
    for path, text in files:
        for a in find(path, text):
            env[a.key] = expand(a, env)
    return env


def tokens_of(env: dict[str, str]) -> list[tuple[str, str | None]]:
    """The arguments grub puts on a normal boot entry: LINUX, then LINUX_DEFAULT."""
    return list(parse_cmdline(f"{env.get(LINUX, '')} {env.get(DEFAULT, '')}").args)


def satisfied(args, add: list[str], remove: list[str]) -> bool:
    return not missing(args, add) and not present(args, remove)


def missing(args, add: list[str]) -> list[str]:
    out = []
    for tok in add:
        k, eq, v = tok.partition("=")
        vals = [val for key, val in args if key == k]
        if eq and (not vals or vals[-1] != v) or not eq and not vals:
            out.append(tok)
    return out


def present(args, patterns: list[str]) -> list[str]:
    return [f"{k}={v}" if v is not None else k for k, v in args
            if any(_match(f"{k}={v}" if v is not None else k, p) for p in patterns)]


def _match(token: str, pattern: str) -> bool:
    return fnmatch.fnmatchcase(token, pattern)


def check_tokens(tokens: list[str]) -> None:
    for t in tokens:
        if not _SAFE_TOKEN.match(t.replace("*", "")):
            raise Refused(f"kernel argument {t!r} has characters rocmdoctor will not write into shell")


def remove_tokens(raw: str, patterns: list[str]) -> str:
    if not patterns:
        return raw
    kept = []
    for m in re.finditer(r"(\s*)(\S+)", raw):
        ws, tok = m.groups()
        if any(_match(tok, p) for p in patterns):
            continue
        kept.append(ws + tok)
    out = "".join(kept)
    if not raw[:1].isspace():
        out = out.lstrip()
    if not out.strip():
        return ""
    return out + raw[len(raw.rstrip()):]  # the trailing whitespace, kept


def append_tokens(raw: str, add: list[str]) -> str:
    if not add:
        return raw
    if not raw.strip():
        return " ".join(add)
    end = len(raw.rstrip())
    return raw[:end] + " " + " ".join(add) + raw[end:]


def edit(files: list[tuple[str, str]], target: str, add: list[str], remove: list[str]) -> dict[str, str]:
    """New text for each file that changes: ``remove`` patterns go from every
    assignment of both variables; what is still missing of ``add`` goes at the end of
    the last assignment of ``target`` (a new line at the end of the first file if none)."""
    check_tokens(add)
    lines = {p: split_lines(t) for p, t in files}
    found = {p: find(p, t) for p, t in files}
    effective(files)  # refuse before changing anything if a value cannot be evaluated
    for p, assigns in found.items():
        for a in assigns:
            new_raw = remove_tokens(a.raw, remove)
            if new_raw != a.raw:
                a.raw = new_raw
                lines[p][a.line] = a.render(new_raw)
    after = [(p, "".join(lines[p])) for p, _ in files]
    need = missing(tokens_of(effective(after)), add)
    if need:
        targets = [a for p, _ in files for a in found[p] if a.key == target]
        if targets:
            a = targets[-1]
            lines[a.path][a.line] = a.render(append_tokens(a.raw, need))
        else:
            first = files[0][0]
            ls = lines[first]
            nl = "\r\n" if ls and ls[0].endswith("\r\n") else "\n"
            if ls and not ls[-1].endswith("\n"):
                ls[-1] += nl
            ls.append(f'{target}="{" ".join(need)}"{nl}')
    return {p: "".join(lines[p]) for p, t in files if "".join(lines[p]) != t}
