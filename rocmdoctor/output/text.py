"""Terminal report: ANSI colours on a TTY, the same text plain elsewhere or with NO_COLOR."""
from __future__ import annotations

import os
import sys
from typing import TextIO

from ..engine.model import Finding, Report, Status
from ..base.redact import scrub_text

AREA_ORDER = ["driver", "rocm", "gpu", "health", "gfx", "precision", "permissions", "container", "env", "os",
              "iommu", "pcie", "p2p", "rccl", "deepspeed", "pins", "bench", "train"]
ICON = {Status.PASS: "✓", Status.WARN: "!", Status.FAIL: "✗", Status.SKIP: "-", Status.ERROR: "E"}
STYLE = {Status.PASS: "green", Status.WARN: "yellow", Status.FAIL: "bold red", Status.SKIP: "dim",
         Status.ERROR: "magenta"}


def _area_key(area: str) -> tuple[int, str]:
    return (AREA_ORDER.index(area) if area in AREA_ORDER else len(AREA_ORDER), area)


def lines(report: Report, verbose: bool = False, hint: str | None = None) -> list[tuple[str, str]]:
    """The report as (text, style) lines. ``hint``: the fix command to suggest, with the
    options the scan was given (`rocmdoctor fix --example mi50x2-xeon`); cli.same_source."""
    out: list[tuple[str, str]] = []
    src = report.source
    where = src.get("snapshot") or src.get("root") or "this machine"
    out.append((f"rocmdoctor {report.tool_version} · {where} · level {report.level}", "bold"))
    out.append(verdict(report))
    if src.get("kind") == "live" and src.get("python") and report.level != "quick":
        why = f" ({src['python_why']})" if src.get("python_why") else ""
        out.append((f"interpreter: {src['python']}{why}", "dim"))
    for w in report.warnings:
        out.append((f"warning: {w}", STYLE[Status.WARN]))
    areas: dict[str, list[Finding]] = {}
    skipped: dict[str, list[Finding]] = {}
    for f in report.findings:
        if f.status == Status.SKIP and not verbose:
            # Grouped at the end by reason, so "what could not be checked, and why" reads at a glance.
            skipped.setdefault(_skip_reason(f), []).append(f)
            continue
        areas.setdefault(f.area or "other", []).append(f)
    for area in sorted(areas, key=_area_key):
        out.append(("", ""))
        out.append((area.upper(), "bold cyan"))
        for f in areas[area]:
            subject = f" [{f.subject}]" if f.subject else ""
            out.append((f" {ICON[f.status]} {f.status.value.upper():5} {f.code}  {f.title}{subject}", STYLE[f.status]))
            loud = f.status in (Status.FAIL, Status.WARN, Status.ERROR)
            if f.detail and f.detail != f.title and (loud or verbose or f.status == Status.SKIP):
                for para in f.detail.splitlines():
                    out.append(("     " + para, ""))
            if loud or verbose:
                for e in f.evidence:
                    text = e.text if len(e.text) < 160 else e.text[:157] + "..."
                    text = text.replace("\n", " ⏎ ")
                    out.append((f"     evidence: {e.source}: {text}", "dim"))
            if f.fix and (loud or verbose):
                flags = ", ".join(x for x in (f.fix.applicability.value,
                                              "needs root" if f.fix.needs_root else "",
                                              "reboot" if f.fix.needs_reboot else "") if x)
                out.append((f"     fix: {f.fix.title} ({flags})", "bold"))
                for a in f.fix.actions:
                    if a.argv:
                        out.append(("       $ " + " ".join(_q(x) for x in a.argv), ""))
                    elif a.env is not None:
                        for k, v in a.env.items():
                            out.append((f"       {'unset ' + k if v is None else f'export {k}={_q(v)}'}", ""))
                    else:
                        out.append(("       " + a.description, ""))
            if loud and f.sources and verbose:
                out.append(("     see: " + ", ".join(f.sources), "dim"))
    if skipped:
        out.append(("", ""))
        out.append((f"NOT CHECKED ({sum(map(len, skipped.values()))})", "bold cyan"))
        for reason, fs in sorted(skipped.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            codes = " ".join(f.code for f in fs)
            out.append((f" - {reason}: {codes}", "dim"))
    out.append(("", ""))
    c = report.counts()
    summary = (f"{c['fail']} failed, {plural(c['warn'], 'warning')}, {plural(c['error'], 'error')}, "
               f"{c['pass']} passed, {c['skip']} skipped")
    worst = report.worst()
    out.append((summary, STYLE.get(worst, "") if worst in (Status.FAIL, Status.ERROR, Status.WARN)
                else "yellow" if report.gpus_found == 0 else "green"))
    if any(f.fix for f in report.findings if f.status in (Status.FAIL, Status.WARN)):
        out.append((f"Run `{hint or 'rocmdoctor fix'}` to see the fix plans; nothing changes without --apply.",
                    "dim"))
    for n in report.notes:
        out.append(("note: " + n, "dim"))
    return out


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 warning', '2 warnings', '0 warnings'; many= for irregular plurals."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def verdict(report: Report) -> tuple[str, str]:
    """The one-line answer first, as flutter doctor gives it, before the details."""
    c = report.counts()
    problems = ", ".join(x for x in (f"{c['fail']} failed" if c["fail"] else "",
                                      plural(c["error"], "error") if c["error"] else "",
                                      plural(c["warn"], "warning") if c["warn"] else "") if x)
    if report.gpus_found == 0:
        text = ("No AMD GPU found on this machine"
                + (f": {plural(c['skip'], 'check')} could not run" if c["skip"] else "")
                + (f"; {problems}" if problems else ""))
        return text, "bold yellow"
    if c["fail"] or c["error"]:
        return f"Problems found: {problems}", "bold red"
    if c["warn"]:
        return f"No failures, {plural(c['warn'], 'warning')}", "bold yellow"
    if not c["pass"]:
        return "Nothing could be checked", "bold yellow"
    return f"No problems found: {plural(c['pass'], 'check')} passed", "bold green"


def _skip_reason(f: Finding) -> str:
    # Engine skips name the missing fact first ("rocm: no ROCm install found ..."); a
    # check's own skip says why in its title, whose leading clause groups alike reasons
    # ("no AMD GPU: the OS list does not apply" with "no AMD GPU found").
    if f.missing:
        return f.detail.split(";")[0]
    head, _, rest = f.title.partition(":")
    head = head.strip()
    if rest.strip() in ("not run", "not checked") and f.detail and f.detail != f.title:
        # "peer-to-peer benchmark: not run" says nothing of why; the detail does.
        return f"{head}: {f.detail.splitlines()[0]}"
    return head[:-len(" found")] if head.endswith(" found") else head


def _q(s: str) -> str:
    import shlex

    return shlex.quote(s)


def use_color(stream: TextIO) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return hasattr(stream, "isatty") and stream.isatty()


def print_report(report: Report, stream: TextIO | None = None, verbose: bool = False,
                 hint: str | None = None) -> None:
    print_lines(lines(report, verbose, hint), stream)


# SGR codes for the few styles the report uses: plain ANSI costs nothing to import,
# rich (30+ ms) was only ever used to colour whole lines.
_SGR = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "magenta": "35", "cyan": "36"}


def _ansi(text: str, style: str) -> str:
    codes = [_SGR[w] for w in style.split() if w in _SGR]
    return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes and text else text


# Control characters from the machine (a snapshot's /proc/cmdline, a log line) must not
# reach the terminal raw: an escape sequence can clear the screen and print a fake verdict.
# C0 and C1 controls, DEL, and the Unicode bidi/format overrides that reorder text are shown
# as visible escapes; a tab becomes a space.
_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x00, 0x20), 0x7f, *range(0x80, 0xa0))}
_CONTROLS.update({c: f"\\u{c:04x}" for c in (0x200e, 0x200f, *range(0x202a, 0x202f), *range(0x2066, 0x206a))})
_CONTROLS[0x09] = " "


def clean(text: str) -> str:
    """Text made safe for a terminal: every control character escaped, nothing removed silently."""
    return text.translate(_CONTROLS)


def terminal_width(stream: TextIO) -> int | None:
    """Columns to wrap at: the terminal's, or $COLUMNS when set; None (no wrapping) when piped,
    and never for a file written with -o."""
    if getattr(stream, "is_capture", False):
        return None
    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        if hasattr(stream, "isatty") and stream.isatty():
            return os.get_terminal_size(stream.fileno()).columns or None
    except (OSError, ValueError, AttributeError):
        pass
    return None


_HANGING = ("✓ ", "! ", "✗ ", "- ", "E ", "* ", "PASS ", "WARN ", "FAIL ", "SKIP ", "ERROR ")


def wrap(text: str, width: int | None, hang: int | None = None) -> list[str]:
    """One logical line as terminal lines no wider than width, the indentation kept:
    continuation lines start under the text, a little deeper after a marker or a label
    ("evidence:", "fix:"), or at column ``hang`` (a table row: under its last column).
    Shell commands ("$ ...") are not wrapped, so they copy whole."""
    if not width or len(text) <= width // 2 or (len(text) if text.isascii() else cells(text)) <= width:
        return [text]
    import textwrap

    body = text.lstrip(" ")
    lead = " " * (len(text) - len(body))
    if body.startswith("$ "):
        return [text]
    first = body.split(" ", 1)[0]
    extra = "  " if body.startswith(_HANGING) or first.endswith(":") else ""
    indent = " " * hang if hang is not None else lead + extra
    if len(indent) > (width - 20 if hang is not None else width // 2):
        indent = lead[: width // 4]
    width = max(width, len(indent) + 20)
    if not text.isascii():  # CJK paths and log lines: a character can take two columns
        return _wrap_cells(text, width, indent)
    return textwrap.wrap(text, width=width, initial_indent="", subsequent_indent=indent,
                         break_long_words=True, break_on_hyphens=False, drop_whitespace=True) or [text]


def cells(text: str) -> int:
    """Terminal columns ``text`` takes: East Asian wide and fullwidth characters take two,
    combining marks none (what rich's cell_len counts, without importing rich)."""
    import unicodedata

    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _wrap_cells(text: str, width: int, indent: str) -> list[str]:
    """textwrap's greedy wrap, counting columns instead of characters; a word wider than the
    line (CJK text has no spaces) is cut between characters."""
    body = text.lstrip(" ")
    cur, used, out = text[: len(text) - len(body)], len(text) - len(body), []
    at_start = True
    for word in body.split():
        w = cells(word)
        if not at_start and used + 1 + w <= width:
            cur, used = cur + " " + word, used + 1 + w
            continue
        if not at_start:
            if w > width - len(indent) and used + 3 <= width:  # fits no line: fill this one first, as textwrap
                cur, used = cur + " ", used + 1
            else:
                out.append(cur)
                cur, used = indent, len(indent)
        while used + w > width:
            piece, pw = "", 0
            for ch in word:
                cw = cells(ch)
                if used + pw + cw > width:
                    break
                piece, pw = piece + ch, pw + cw
            if not piece:  # not even one wide character fits after what is there: a new line
                out.append(cur)
                cur, used = indent, len(indent)
                continue
            out.append(cur + piece)
            word, w = word[len(piece):], w - pw
            cur, used = indent, len(indent)
        cur, used, at_start = cur + word, used + w, False
    out.append(cur)
    return [ln for ln in out if ln.strip()] or [text]


def print_text(text: str = "", stream: TextIO | None = None, wrap_lines: bool = True, hang: int | None = None) -> None:
    """print() for any text that may hold machine-supplied strings: cleaned and wrapped.
    wrap_lines=False for diffs and commands, which must stay byte-for-byte; ``hang``: the
    column continuation lines start at (a table row)."""
    print_lines([(line, "") for line in text.split("\n")], stream, wrap_lines=wrap_lines, hang=hang)


def print_lines(items: list[tuple[str, str]], stream: TextIO | None = None, wrap_lines: bool = True,
                hang: int | None = None) -> None:
    """Styled lines: ANSI colours on a colour terminal, plain text everywhere else.
    Every line is cleaned of control characters and wrapped to the terminal's width, except
    lines styled "pre" (a diff, a command), which stay whole."""
    stream = stream or sys.stdout
    color = use_color(stream)
    width = terminal_width(stream) if wrap_lines else None
    for text, style in items:
        # no credential in any printed line (docs/reliability.md), masked before wrapping cuts it
        for part in wrap(clean(scrub_text(text)), None if style == "pre" else width, hang):
            stream.write((_ansi(part, style) if color else part) + "\n")


# `rocmdoctor fix`'s plan text (remedy/fixplan.render_text): these labels start prose, which
# wraps; every other line (a diff, `edit PATH:`, `run: COMMAND`) is kept whole so it copies.
_PLAN_PROSE = ("[", "from: ", "why: ", "refused: ", "nothing to do: ", "then: ", "nothing to fix")


def print_plan_text(text: str, stream: TextIO | None = None) -> None:
    items = [(ln, "" if ln.lstrip(" ").startswith(_PLAN_PROSE) else "pre") for ln in text.split("\n")]
    print_lines(items, stream)


def print_table(rows: list[tuple[str, ...]], stream: TextIO | None = None, headers: tuple[str, ...] | None = None,
                gap: int = 2) -> None:
    """Rows of columns, the last one free text. On a terminal, a rich table that fits its
    width (the last column wraps inside itself); piped or to a file, plain aligned columns
    (grep-able, one row a line unless COLUMNS asks for wrapping, which hangs under the last
    column). rich is imported only here and only for a terminal: its 50 ms import would be
    most of a quick scan (docs/performance.md)."""
    stream = stream or sys.stdout
    width = terminal_width(stream)
    if width and hasattr(stream, "isatty") and stream.isatty() and os.environ.get("TERM") != "dumb":
        from rich.console import Console
        from rich.table import Table

        t = Table(box=None, show_header=bool(headers), pad_edge=False, padding=(0, gap, 0, 0), expand=False)
        n = len(rows[0]) if rows else len(headers or ())
        for i in range(n):
            t.add_column((headers or ("",) * n)[i], no_wrap=i < n - 1, overflow="fold", style=None)
        for r in rows:
            t.add_row(*(clean(scrub_text(str(c))) for c in r))
        console = Console(width=width, highlight=False, markup=False, emoji=False, color_system=None)
        with console.capture() as cap:
            console.print(t)
        stream.write("".join(ln.rstrip() + "\n" for ln in cap.get().splitlines()))  # no padding to copy
        return
    n = max((len(r) for r in rows), default=0)
    all_rows = ([headers] if headers else []) + rows
    widths = [max(len(str(r[i])) for r in all_rows if i < len(r)) for i in range(n - 1)]
    hang = sum(w + gap for w in widths)
    for r in all_rows:
        cells = [str(c).ljust(widths[i] + gap) for i, c in enumerate(r[:-1])]
        print_text("".join(cells) + str(r[-1]), stream, hang=hang if hang <= (width or 0) - 24 else None)
