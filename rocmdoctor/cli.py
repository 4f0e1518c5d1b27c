"""Command line: `rocmdoctor scan|snapshot|list ...`. Exit codes (docs/cli.md):

0  nothing failed (with --strict: and nothing warned)
1  a check failed or errored (with --strict: or warned)
2  usage error (bad flags or arguments)
3  the input could not be used (unreadable or newer-format snapshot, bad --root)
"""
from __future__ import annotations

import argparse
import json
import sys

from . import __version__
from .model import Report, Status
from .sources import SourceError

EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_INPUT = 0, 1, 2, 3
LEVELS = ("quick", "default", "bench", "train")


def _csv(values: list[str] | None) -> list[str]:
    out: list[str] = []
    for v in values or []:
        out.extend(x.strip() for x in v.split(",") if x.strip())
    return out


def _add_source_args(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("what to scan (default: this machine)")
    g.add_argument("--root", metavar="DIR", help="read files under DIR as if it were /")
    g.add_argument("--snapshot", metavar="DIR", help="replay a snapshot written by `rocmdoctor snapshot`")
    g.add_argument("--example", metavar="NAME", help="scan an embedded example (see `rocmdoctor list --examples`)")
    g.add_argument("--python", metavar="PATH", help="interpreter whose torch/deepspeed to probe (a venv or conda env)")


def _add_filter_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--select", action="append", metavar="CODES", help="only these codes or prefixes (comma-separated)")
    p.add_argument("--ignore", action="append", metavar="CODES", help="skip these codes or prefixes")
    p.add_argument("--level", choices=LEVELS, default="default",
                   help="quick: files and commands only; default: + Python probe; bench, train: + active probes")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="rocmdoctor", description="Diagnose AMD ROCm machines that train LLMs.")
    p.add_argument("--version", action="version", version=f"rocmdoctor {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    s = sub.add_parser("scan", help="run the checks and report")
    _add_source_args(s)
    _add_filter_args(s)
    s.add_argument("--format", choices=("text", "json"), default="text")
    s.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    s.add_argument("-v", "--verbose", action="store_true", help="show evidence for every finding")
    s.add_argument("--no-plugins", action="store_true", help="do not load third-party checks")

    n = sub.add_parser("snapshot", help="record what the checks read into DIR (redacted)")
    n.add_argument("-o", "--output", required=True, metavar="DIR")
    _add_source_args(n)
    n.add_argument("--level", choices=("quick", "default"), default="default")
    n.add_argument("--no-redact", action="store_true", help="keep host names, addresses and secrets")

    ls = sub.add_parser("list", help="list the checks (or the embedded examples)")
    ls.add_argument("--examples", action="store_true")
    ls.add_argument("--format", choices=("text", "json"), default="text")
    ls.add_argument("--no-plugins", action="store_true")
    return p


def exit_code(report: Report, strict: bool) -> int:
    bad = {Status.FAIL, Status.ERROR} | ({Status.WARN} if strict else set())
    return EXIT_FAIL if any(f.status in bad for f in report.findings) else EXIT_OK


def cmd_scan(a) -> int:
    from .api import scan
    from .render import print_report

    report = scan(level=a.level, select=_csv(a.select), ignore=_csv(a.ignore), root=a.root,
                  snapshot=a.snapshot, example=a.example, python=a.python,
                  plugins=False if a.no_plugins else None)
    if a.format == "json":
        json.dump(report.to_dict(), sys.stdout, indent=2, sort_keys=False)
        sys.stdout.write("\n")
    else:
        print_report(report, verbose=a.verbose)
    return exit_code(report, a.strict)


def cmd_snapshot(a) -> int:
    from . import snapshot
    from .api import make_source, scan
    from .sources import RecordingSource

    rec = RecordingSource(make_source(root=a.root, snapshot=a.snapshot, example=a.example, python=a.python))
    report = scan(level=a.level, source=rec, plugins=False)
    out = snapshot.write(rec, a.output, redact=not a.no_redact, level=a.level, tool_version=__version__)
    c = report.counts()
    print(f"snapshot written to {out} ({'redacted' if not a.no_redact else 'NOT redacted'}; "
          f"{len(rec.files)} files, {len(rec.commands)} commands, {len(rec.probes)} probes; "
          f"scan: {c['fail']} failed, {c['warn']} warnings)")
    print(f"replay it anywhere with: rocmdoctor scan --snapshot {out}")
    return EXIT_OK


def cmd_list(a) -> int:
    from . import registry
    from .api import examples

    if a.examples:
        ex = examples()
        if a.format == "json":
            print(json.dumps(sorted(ex), indent=2))
        else:
            from .sources import SnapshotSource

            for name, path in ex.items():
                desc = SnapshotSource(path).manifest.get("description", "")
                print(f"{name:14} {desc}")
        return EXIT_OK
    reg = registry.load(False if a.no_plugins else None)
    rows = [{"code": c.code, "area": c.area, "level": c.level, "title": c.title, "plugin": c.plugin}
            for c in sorted(reg.checks, key=lambda c: c.code)]
    if a.format == "json":
        print(json.dumps({"checks": rows, "problems": reg.problems}, indent=2))
    else:
        for r in rows:
            print(f"{r['code']:14} {r['level']:8} {r['title']}  ({r['plugin']})")
        for prob in reg.problems:
            print(f"note: {prob}", file=sys.stderr)
    return EXIT_OK


COMMANDS = {"scan": cmd_scan, "snapshot": cmd_snapshot, "list": cmd_list}


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        a = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 for --help/--version
        return int(exc.code or 0)
    if not a.command:
        parser.print_help()
        return EXIT_USAGE
    try:
        return COMMANDS[a.command](a)
    except SourceError as exc:
        print(f"rocmdoctor: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("rocmdoctor: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
