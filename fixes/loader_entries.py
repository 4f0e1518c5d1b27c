"""Boot Loader Specification entries (systemd-boot, and GRUB with BLS on RHEL/Fedora) and
one-line kernel command line files (/etc/kernel/cmdline): read their arguments and edit them
as written.

An entry is ``key value`` lines (space or TAB between them, ArchWiki's entries use TABs);
``options`` may repeat and the lines are joined. Edits touch only the ``options`` lines'
arguments and keep every other byte: separators, comments, CRLF, a missing final newline.
Sources: https://uapi-group.org/specifications/specs/boot_loader_specification/ (Type #1
entries), https://wiki.archlinux.org/title/Systemd-boot#Adding_loaders.
"""
from __future__ import annotations

import re

from rocmdoctor.machine.parsers.cmdline import parse_cmdline
from rocmdoctor.remedy.fixplan import Refused, split_lines

from . import grub_default as gd

_OPTIONS = re.compile(r"^(?P<lead>[ \t]*options)(?P<sep>[ \t]+|$)(?P<rest>.*?)(?P<end>\r?\n?)$", re.DOTALL)


def _key(line: str) -> str:
    return line.strip().split(None, 1)[0] if line.strip() else ""


def _options(line: str) -> re.Match[str] | None:
    """The parts of an ``options`` line; None for any other line (one whose separator is not a
    space or TAB, such as a form feed, is not one either)."""
    m = _OPTIONS.match(line)
    return m if m and _key(line) == "options" else None


def options_text(text: str, grubenv: dict | None = None) -> str:
    """The entry's kernel arguments, options lines joined; $kernelopts (RHEL 8) from grubenv."""
    parts = []
    for line in split_lines(text):
        m = _options(line)
        if m:
            parts.append(m.group("rest").strip())
    joined = " ".join(parts)
    if grubenv:
        joined = re.sub(r"\$(\w+)|\$\{(\w+)\}", lambda m: grubenv.get(m.group(1) or m.group(2), ""), joined)
    return joined


def args(text: str, grubenv: dict | None = None):
    return parse_cmdline(options_text(text, grubenv)).args


def has_options(text: str) -> bool:
    return any(_key(ln) == "options" for ln in split_lines(text))


def edit_entry(text: str, add: list[str], remove: list[str]) -> str:
    """``remove`` patterns go from every options line; what is missing of ``add`` goes at the end
    of the last options line (a new ``options`` line when the entry has none)."""
    lines = split_lines(text)
    # The lines options_text reads: "options" then a space or TAB ("options\fquiet" is not one).
    found = [(i, m) for i, ln in enumerate(lines) if (m := _options(ln))]
    for i, m in found:
        rest = gd.remove_tokens(m.group("rest"), remove)
        if rest != m.group("rest"):
            lines[i] = m.group("lead") + (m.group("sep") or " ") + rest + m.group("end")
    idx = [i for i, _ in found]
    need = gd.missing(parse_cmdline(options_text("".join(lines))).args, add)
    if need and idx:
        m = _options(lines[idx[-1]])
        assert m is not None  # the line is an options line's own lead, separator, arguments and end
        lines[idx[-1]] = m.group("lead") + (m.group("sep") or " ") + gd.append_tokens(m.group("rest"), need) + m.group("end")
    elif need:
        nl = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += nl
        lines.append(f"options {' '.join(need)}{nl}")
    return _checked("".join(lines), add, options_text)


def edit_plain(text: str, add: list[str], remove: list[str]) -> str:
    """A one-line file such as /etc/kernel/cmdline (kernel-install joins its lines): patterns
    removed everywhere, missing arguments appended to the last non-empty line."""
    lines = text.split("\n")
    lines = [gd.remove_tokens(ln, remove) if ln.strip() else ln for ln in lines]
    need = gd.missing(parse_cmdline(" ".join(lines)).args, add)
    if need:
        idx = max((i for i, ln in enumerate(lines) if ln.strip()), default=0)
        cr = lines[idx].endswith("\r")
        body = lines[idx][:-1] if cr else lines[idx]
        lines[idx] = gd.append_tokens(body, need) + ("\r" if cr else "")
    return _checked("\n".join(lines), add, lambda t: " ".join(t.split("\n")))  # split/join keeps every line end


def _checked(new: str, add: list[str], arguments) -> str:
    """Refuse an edit that does not read back with the arguments (an unbalanced quote would
    swallow them), rather than write it."""
    if gd.missing(parse_cmdline(arguments(new)).args, add):
        raise Refused("the edited kernel arguments would not read back (an unbalanced quote?); edit them by hand")
    return new


def grubenv(text: str | None) -> dict:
    """/boot/grub2/grubenv: ``key=value`` lines after a comment, padded with '#'."""
    out = {}
    for line in (text or "").splitlines():
        if line.startswith("#") or "=" not in line:
            continue
        k, v = line.split("=", 1)
        out[k.strip()] = v.strip()
    return out
