"""Command line entry point. Subcommands live in rocmdoctor/commands/, one module each.

Exit codes (docs/cli.md):
0  nothing failed (with --strict: and nothing warned)
1  a check failed or errored (with --strict: or warned)
2  usage error (bad flags or arguments)
3  the input could not be used (unreadable or newer-format snapshot, bad --root)
4  incomplete (scan --cluster): a node never joined, hung or died
"""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from . import __version__
from .model import Report, Status
from .sources import SourceError

EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_INPUT = 0, 1, 2, 3
LEVELS = ("quick", "default", "bench", "train")
ORDER = ["scan", "fix", "snapshot", "bench", "train", "recommend", "env", "list"]


def csv(values: list[str] | None) -> list[str]:
    out: list[str] = []
    for v in values or []:
        out.extend(x.strip() for x in v.split(",") if x.strip())
    return out


def add_source_args(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("what to scan (default: this machine)")
    g.add_argument("--root", metavar="DIR", help="read files under DIR as if it were /")
    g.add_argument("--snapshot", metavar="DIR", help="replay a snapshot written by `rocmdoctor snapshot`")
    g.add_argument("--example", metavar="NAME", help="scan an embedded example (see `rocmdoctor list --examples`)")
    g.add_argument("--python", metavar="PATH", help="interpreter whose torch/deepspeed to probe (a venv or conda env)")


def add_filter_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--select", action="append", metavar="CODES", help="only these codes or prefixes (comma-separated)")
    p.add_argument("--ignore", action="append", metavar="CODES", help="skip these codes or prefixes")
    p.add_argument("--level", choices=LEVELS, default="default",
                   help="quick: files and commands only; default: + Python probe; bench, train: + active probes")


def exit_code(report: Report, strict: bool) -> int:
    bad = {Status.FAIL, Status.ERROR} | ({Status.WARN} if strict else set())
    return EXIT_FAIL if any(f.status in bad for f in report.findings) else EXIT_OK


def _commands() -> dict:
    from . import commands

    mods = {}
    for info in pkgutil.iter_modules(commands.__path__, commands.__name__ + "."):
        m = importlib.import_module(info.name)
        mods[m.NAME] = m
    return dict(sorted(mods.items(), key=lambda kv: ORDER.index(kv[0]) if kv[0] in ORDER else len(ORDER)))


def build_parser() -> tuple[argparse.ArgumentParser, dict]:
    p = argparse.ArgumentParser(prog="rocmdoctor", description="Diagnose AMD ROCm machines that train LLMs.")
    p.add_argument("--version", action="version", version=f"rocmdoctor {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    mods = _commands()
    for name, m in mods.items():
        m.add_arguments(sub.add_parser(name, help=m.HELP, description=(m.__doc__ or m.HELP).strip()))
    return p, mods


def _exit_on_sigterm() -> None:
    """SIGTERM (kill, a job scheduler's timeout) unwinds like Ctrl-C, so every child process tree
    is ended (proc.ProcessTree) instead of being left running when the doctor dies."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread() and \
            signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        def on_term(signum, frame):
            raise KeyboardInterrupt
        signal.signal(signal.SIGTERM, on_term)


def main(argv: list[str] | None = None) -> int:
    parser, mods = build_parser()
    try:
        a = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 for --help/--version
        return int(exc.code or 0)
    if not a.command:
        parser.print_help()
        return EXIT_USAGE
    _exit_on_sigterm()
    from .usage import InputError, UsageError, check_args

    try:
        check_args(a)
    except UsageError as exc:
        print(f"rocmdoctor {a.command}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except InputError as exc:
        print(f"rocmdoctor {a.command}: {exc}", file=sys.stderr)
        return EXIT_INPUT
    try:
        return mods[a.command].run(a)
    except SourceError as exc:
        print(f"rocmdoctor: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("rocmdoctor: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
