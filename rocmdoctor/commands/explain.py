"""`rocmdoctor explain [FILE|DIR|-]`: read a training log, a directory of per-rank logs,
dmesg/journalctl -k output or standard input, and name the causes of what went wrong,
ranked by the facts of the machine the log came from (this machine by default, or
--snapshot/--example/--root). `--list` prints the signature catalog. docs/explain.md.

Exit codes: 0 nothing wrong found; 1 a failure signature matched, or lines that look like
errors matched no signature; 2 usage error; 3 the log could not be read.
"""
from __future__ import annotations

import json
import sys
import time

from ..cli import EXIT_INPUT, EXIT_OK, EXIT_USAGE

NAME = "explain"
HELP = "explain a training log or kernel log: ranked causes with this machine's evidence"


def add_arguments(p) -> None:
    p.add_argument("log", nargs="*", metavar="FILE|DIR|-",
                   help="log file(s), a directory of per-rank logs, or - for standard input (gzip is read too)")
    g = p.add_argument_group("streams (standard input, a FIFO, a device)")
    g.add_argument("--follow", action="store_true",
                   help="read a FIFO, and read streams to their end with no cap")
    g.add_argument("--max-bytes", type=_byte_count, default=None, metavar="N",
                   help="stop reading a stream after N bytes (default 2G; K, M, G suffixes)")
    g.add_argument("--max-seconds", type=float, default=None, metavar="S",
                   help="stop reading a stream after S seconds (default 600)")
    p.add_argument("--list", action="store_true", help="print the signature catalog and exit")
    g = p.add_argument_group("the machine the log came from (default: this machine)")
    g.add_argument("--root", metavar="DIR", help="read files under DIR as if it were /")
    g.add_argument("--snapshot", metavar="DIR", help="a snapshot written by `rocmdoctor snapshot` on that machine")
    g.add_argument("--example", metavar="NAME", help="an embedded example machine (`rocmdoctor list --examples`)")
    g.add_argument("--python", metavar="PATH", help="interpreter whose torch/deepspeed to probe")
    g.add_argument("--no-facts", action="store_true", help="do not judge causes by any machine's facts")
    g.add_argument("--level", choices=("quick", "default"), default="default",
                   help="quick: files only (no Python probe); default: + the Python probe (torch arch list)")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="text (default) or json: schema rocmdoctor.logs.explain (docs/explain.md)")
    p.add_argument("-v", "--verbose", action="store_true", help="all causes' details, blocks, sources")
    f = p.add_argument_group("fix the top confirmed cause (as `rocmdoctor fix`; docs/fix.md)")
    f.add_argument("--fix", action="store_true", help="show the fix plan of the top-ranked confirmed cause")
    f.add_argument("--apply", action="store_true", help="with --fix: apply it (asks first)")
    f.add_argument("-y", "--yes", action="store_true", help="with --apply: do not ask")
    f.add_argument("--unsafe", action="store_true", help="with --apply: unsafe plans too")
    f.add_argument("--state-dir", metavar="DIR", help="with --apply: where the journal for --undo goes")


def run(a) -> int:
    if a.list:
        return list_catalog(a.format)
    if not a.log:
        print("rocmdoctor explain: give a log FILE, a DIR of logs, or - for standard input "
              "(or --list for the catalog)", file=sys.stderr)
        return EXIT_USAGE
    if (a.apply or a.unsafe or a.yes) and not a.fix or (a.fix and a.no_facts):
        print("rocmdoctor explain: --apply/--yes/--unsafe go with --fix, which needs the machine's facts",
              file=sys.stderr)
        return EXIT_USAGE
    if a.no_facts and (a.root or a.snapshot or a.example):
        print("rocmdoctor explain: --no-facts conflicts with --root/--snapshot/--example", file=sys.stderr)
        return EXIT_USAGE
    if a.log.count("-") > 1 or ("-" in a.log and len(a.log) > 1):
        print("rocmdoctor explain: standard input (-) cannot be combined with files", file=sys.stderr)
        return EXIT_USAGE
    from ..api import make_source
    from ..engine.machine import Machine
    from ..logs.explain import explain, text_lines
    from ..logs.logscan import reader
    from ..output.text import clean, print_lines

    limits = reader.Limits(follow=a.follow, **{k: v for k, v in (("max_bytes", a.max_bytes),
                                                                  ("max_seconds", a.max_seconds)) if v is not None})
    progress = _Progress() if sys.stderr.isatty() and a.log != ["-"] else None
    result = reader.ScanResult()
    t0 = time.monotonic()
    failed = []  # inputs named on the command line that gave nothing
    for path in a.log:
        try:
            part = reader.scan_path(path, progress=progress, limits=limits)
        except reader.InputSkipped as exc:
            failed.append((path, str(exc)))
            continue
        except OSError as exc:
            failed.append((path, exc.strerror or str(exc)))
            continue
        result.merge(part)
    if progress:
        progress.done()
    skipped = [(n, w + ("" if _partly(w) else " (skipped)")) for n, w in failed + result.skipped]
    for name, why in skipped[:SKIPS_SHOWN]:  # said at once, on stderr; the explanation keeps them as notes
        print(f"rocmdoctor explain: {clean(name)}: {clean(why)}", file=sys.stderr)
    if len(skipped) > SKIPS_SHOWN:
        print(f"rocmdoctor explain: ... and {len(skipped) - SKIPS_SHOWN:,} more not read "
              "(all listed in --format json, notes)", file=sys.stderr)
    if not result.files:
        return EXIT_INPUT
    result.seconds = round(time.monotonic() - t0, 3)
    source = None if a.no_facts else make_source(root=a.root, snapshot=a.snapshot, example=a.example,
                                                 python=a.python)
    machine = Machine(source, a.level)
    expl = explain(result, machine, inputs=list(a.log))
    shown = skipped if a.format == "json" else skipped[:SKIPS_SHOWN]
    expl.notes += [f"not read{' in full' if _partly(why) else ''}: {name}: {why}" for name, why in shown]
    if len(shown) < len(skipped):
        expl.notes.append(f"... and {len(skipped) - len(shown):,} more inputs not read (--format json lists them)")
    if a.format == "json":
        json.dump(expl.to_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print_lines(text_lines(expl, a.verbose))
    if a.fix:  # the plan of the top confirmed cause: rocmdoctor/remedy/from_log.py
        from ..remedy import from_log
        from . import fix as fixcmd

        say = print if a.format == "text" else (lambda m: print(m, file=sys.stderr))
        code = from_log.run(a, expl, source, fixcmd.terminal_ui(a, say))
        if code is not None:
            return code
    return expl.exit_code()


SKIPS_SHOWN = 20  # inputs not read, listed on stderr (all of them in the JSON notes)


def _partly(why: str) -> bool:
    """An input read up to a point (a cap, a break), not skipped."""
    return "used up to there" in why or why.startswith("stopped")


def _byte_count(text: str) -> int:
    """'2G', '500M', '64K' or a number of bytes."""
    import argparse

    t = text.strip().upper().rstrip("B")
    mult = {"K": 1024, "M": 1024 ** 2, "G": 1024 ** 3}.get(t[-1:], 1)
    try:
        n = int(float(t[:-1] if mult > 1 else t) * mult)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a byte count: {text!r} (e.g. 500M, 2G)") from None
    if n <= 0:
        raise argparse.ArgumentTypeError("must be positive")
    return n


class _Progress:
    """A status line on stderr (TTY only) while a big log is read."""

    def __init__(self):
        self.t0 = time.monotonic()
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.last < 0.5 or now - self.t0 < 1.0:
            return
        self.last = now
        rate = done / max(now - self.t0, 1e-6) / 1e6
        pct = f"{100 * done / total:3.0f}% " if total else ""
        sys.stderr.write(f"\rreading log: {pct}{done / 1e6:,.0f} MB at {rate:,.0f} MB/s ")
        sys.stderr.flush()
        self.shown = True

    def done(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def list_catalog(fmt: str) -> int:
    from ..knowledge.signatures import FAMILIES, TIER_NAMES, catalog
    from ..knowledge.signatures.structural import structural

    sigs = catalog()
    shapes = structural()
    if fmt == "json":
        json.dump({"schema": "rocmdoctor.signatures", "families": FAMILIES,
                   "signatures": [s.to_dict() for s in sigs],
                   "structural": [s.to_dict() for s in shapes]}, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return EXIT_OK
    from ..output.text import print_table, print_text

    for fam, label in FAMILIES.items():
        rows = [s for s in sigs if s.family == fam]
        print_text(f"{label} ({len(rows)})")
        print_table([("", s.id, TIER_NAMES[s.tier], s.severity, f"{s.title}  [{','.join(s.checks()) or '-'}]")
                     for s in rows], gap=1)
        print_text()
    print_text(f"read from the log's shape when no signature matches ({len(shapes)})")
    print_table([("", s.id, s.family, f"{s.title}  [{','.join(s.checks()) or '-'}]") for s in shapes], gap=1)
    print_text()
    print_text(f"{len(sigs)} signatures and {len(shapes)} structural causes. "
               "`rocmdoctor explain --list --format json` gives patterns, causes, fixes, sources.")
    return EXIT_OK
