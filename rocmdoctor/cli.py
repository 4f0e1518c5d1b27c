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
import sys

from . import __version__
from .engine.model import Report, Status
from .base.redact import add_share_arg, for_args, scrubbed_output
from .machine.sources import SourceError
from .usage import csv  # noqa: F401  (commands import it from here)

EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_INPUT = 0, 1, 2, 3
LEVELS = ("quick", "default", "bench", "train")
ORDER = ["scan", "fix", "explain", "run", "snapshot", "bench", "train", "recommend", "env", "list"]


def add_source_args(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("what to scan (default: this machine)")
    g.add_argument("--root", metavar="DIR", help="read files under DIR as if it were /")
    g.add_argument("--snapshot", metavar="DIR", help="replay a snapshot written by `rocmdoctor snapshot`")
    g.add_argument("--example", metavar="NAME", help="scan an embedded example (see `rocmdoctor list --examples`)")
    g.add_argument("--python", metavar="PATH",
                   help="interpreter whose torch/deepspeed to probe: its path, or a venv or conda env folder "
                        "(its bin/python)")


def add_filter_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--select", action="append", metavar="CODES", help="only these codes or prefixes (comma-separated)")
    p.add_argument("--ignore", action="append", metavar="CODES", help="skip these codes or prefixes")
    p.add_argument("--level", choices=LEVELS, default="default",
                   help="quick: files and commands only; default: + Python probe; bench, train: + active probes")
    p.add_argument("--no-project-config", action="store_true",
                   help="ignore [tool.rocmdoctor] in pyproject.toml and rocmdoctor.toml (docs/cli.md)")


def add_output_arg(p: argparse.ArgumentParser) -> None:
    """-o FILE: what the command prints on stdout goes to FILE instead, written atomically
    (every command with --format has it; see rocmdoctor.output.sink)."""
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write the output to FILE (atomically: a reader never sees half a file) instead of stdout")


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Descriptions and epilogs wrapped to the terminal's width: a paragraph of prose is
    re-filled, a block whose lines are indented (exit-code lists, examples) is kept as laid out."""

    def _fill_text(self, text, width, indent):
        import re
        import textwrap

        out = []
        for para in re.split(r"\n[ \t]*\n", text):
            lines = para.split("\n")
            if any(ln[:1] in (" ", "\t") for ln in lines[1:]) or para.lstrip() != para:
                out.append("\n".join(indent + ln for ln in lines))
            else:
                out.append(textwrap.fill(" ".join(ln.strip() for ln in lines), width, initial_indent=indent,
                                         subsequent_indent=indent, break_on_hyphens=False))
        return "\n\n".join(out)


def same_source(a, command: str) -> str:
    """The next command to suggest, with the options that decide what it sees: after
    `scan --example mi50x2-xeon`, `rocmdoctor fix --example mi50x2-xeon` (a bare `rocmdoctor
    fix` would look at this machine and find nothing). Values read from the project config
    are left out: the next command reads the same file."""
    import shlex

    from_file = getattr(a, "project_keys", {}) or {}
    words = ["rocmdoctor", command]
    for name in ("example", "snapshot", "root", "python"):
        if getattr(a, name, None):
            words += [f"--{name}", getattr(a, name)]
    for name in ("config", "select", "ignore"):
        if name not in from_file:
            for v in getattr(a, name, None) or []:
                words += [f"--{name}", v]
    if getattr(a, "model", None) and (command != "fix" or getattr(a, "config", None)):
        words += ["--model", a.model]
    if command == "fix" and getattr(a, "level", "default") not in ("default", None):
        words += ["--level", a.level]
    return " ".join(shlex.quote(w) for w in words)


def exit_code(report: Report, strict: bool) -> int:
    bad = {Status.FAIL, Status.ERROR} | ({Status.WARN} if strict else set())
    return EXIT_FAIL if any(f.status in bad for f in report.findings) else EXIT_OK


def _command_names() -> list[str]:
    """Command modules in rocmdoctor/commands/, found without importing them."""
    from . import commands
    from .base.modules import iter_modules

    names = [info.name for info in iter_modules(commands.__path__) if not info.name.startswith("_")]
    return sorted(names, key=lambda n: (ORDER.index(n) if n in ORDER else len(ORDER), n))


def _help_of(name: str) -> str:
    """A command's one-line HELP read from its source, so listing the commands imports
    none of them (the command being run is the only module imported)."""
    import re

    from . import commands

    for base in commands.__path__:
        try:
            with open(f"{base}/{name}.py", encoding="utf-8") as fh:
                m = re.search(r'^HELP = "((?:[^"\\]|\\.)*)"$', fh.read(), re.M)
        except OSError:
            continue
        if m:
            return m.group(1)
    return getattr(importlib.import_module(f"{commands.__name__}.{name}"), "HELP", "")


def _chosen(argv: list[str]) -> str | None:
    """The command named on the line: the first word that is not an option (the top
    level has only --help and --version, which take no value)."""
    return next((x for x in argv if not x.startswith("-")), None)


def _commands(only: str | None = None) -> dict:
    """Command modules by name; with ``only``, just that one is imported."""
    mods = {}
    for name in _command_names():
        if only is None or name == only:
            m = importlib.import_module(f"{__package__}.commands.{name}")
            mods[m.NAME] = m
    return mods


def build_parser(argv: list[str] | None = None) -> tuple[argparse.ArgumentParser, dict]:
    """The parser. Given ``argv``, only the command it names is imported and given its
    options; the others appear in the help by name and one-line description."""
    p = argparse.ArgumentParser(prog="rocmdoctor", description="Diagnose AMD ROCm machines that train LLMs.")
    p.add_argument("--version", action="version", version=f"rocmdoctor {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    names = _command_names()
    only = _chosen(argv) if argv is not None else None
    mods = _commands(only if only in names else None) if argv is None or only in names else {}
    for name in names:
        m = mods.get(name)
        if m is not None:
            sp = sub.add_parser(name, help=m.HELP, description=(m.__doc__ or m.HELP).strip(),
                                epilog=getattr(m, "EPILOG", None), formatter_class=HelpFormatter)
            m.add_arguments(sp)
            if "--format" in sp._option_string_actions and "-o" not in sp._option_string_actions:
                add_output_arg(sp)
        else:
            sub.add_parser(name, help=_help_of(name))
    for sp in sub.choices.values():  # every command can write output to pass on (docs/cli.md)
        add_share_arg(sp)
    return p, mods


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: unwinds like Ctrl-C, exits 143 (128+15) as a scheduler expects, not 130."""


def _exit_on_sigterm() -> None:
    """SIGTERM (kill, a job scheduler's timeout) unwinds like Ctrl-C, so every child process tree
    is ended (proc.ProcessTree) instead of being left running when the doctor dies."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread() and \
            signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        def on_term(signum, frame):
            raise Terminated
        signal.signal(signal.SIGTERM, on_term)


# Commands that only read and print: after them the console script skips the interpreter's
# teardown (see entry()), so what they must do at exit is an atexit hook, never a __del__
# (tests/test_scan_speed.py).
FAST_EXIT = frozenset({"scan", "list", "env", "recommend"})


def entry() -> None:
    """The ``rocmdoctor`` console script and ``python -m rocmdoctor``: :func:`main`, then for
    the read-only commands an exit without tearing the interpreter down (freeing some 250
    modules: 5 ms of a 90 ms quick scan, which a Slurm prolog pays on every job), once the
    output is flushed and the atexit hooks (which end any child left) have run. Any doubt
    (a thread still running, output that will not flush) takes the normal exit."""
    code = main()
    if _chosen(sys.argv[1:]) in FAST_EXIT:
        _exit_now(code)
    raise SystemExit(code)


def _exit_now(code: int) -> None:
    import os

    threading = sys.modules.get("threading")
    if threading is not None and any(t is not threading.main_thread() and not t.daemon and t.is_alive()
                                     for t in threading.enumerate()):
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    import atexit

    run_hooks = getattr(atexit, "_run_exitfuncs", None)  # CPython's; elsewhere the normal exit
    if run_hooks is None:
        return
    run_hooks()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(code)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from . import early

    early.start(argv)  # the torch child, if this scan will need it: before anything else is imported
    parser, mods = build_parser(argv)
    try:
        a = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 for --help/--version
        return int(exc.code or 0)
    if not a.command:
        parser.print_help()
        return EXIT_USAGE
    _exit_on_sigterm()
    if getattr(a, "no_cache", False):
        from .machine import envcache

        envcache.set_off()  # before check_args: its --python check is cached too
    from .usage import InputError, UsageError, check_args

    try:
        from . import projectconfig

        project = projectconfig.apply(a)  # before the checks: its codes and paths are checked too
        check_args(a)
        if project:
            a.project_config = project
        from .output.sink import output_to

        with output_to(getattr(a, "output", None) if a.command != "snapshot" else None) as sink:
            with scrubbed_output(for_args(a)):  # the output boundary: no secret in anything printed (--share: no identity)
                code = mods[a.command].run(a)
            sink.keep = code not in (EXIT_USAGE, EXIT_INPUT)  # a refused run leaves no file
        return code
    except (UsageError, InputError) as exc:  # from the checks of the arguments or from the command
        print(f"rocmdoctor {a.command}: {exc}", file=sys.stderr)
        return EXIT_USAGE if isinstance(exc, UsageError) else EXIT_INPUT
    except SourceError as exc:
        from .output.text import clean

        print(f"rocmdoctor: {clean(str(exc))}", file=sys.stderr)  # it may quote the snapshot's text
        return EXIT_INPUT
    except KeyboardInterrupt as exc:
        if isinstance(exc, Terminated):
            print("rocmdoctor: terminated (SIGTERM)", file=sys.stderr)
            return 143
        print("rocmdoctor: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
