"""`python -m rocmdoctor.cluster [scan options] --cluster|--from DIR...`: the same as
`rocmdoctor scan --cluster`, usable before the scan command is wired or under launchers
that want a module (torchrun -m rocmdoctor.cluster).

An entry point, like rocmdoctor.cli: it sits above the command layer and may import it. The
rest of the cluster package never imports rocmdoctor.commands (commands depend on cluster,
never the reverse; tests/test_import_cycles.py).
"""
from __future__ import annotations

import argparse
import sys

from ..commands import scan
from ..base.redact import add_share_arg, for_args, scrubbed_output
from ..machine.sources import SourceError
from ..usage import InputError, UsageError, check_args
from .run import EXIT_INPUT, EXIT_USAGE, add_cluster_args, run_cluster, wants_cluster


def main(argv: list[str] | None = None) -> int:
    """`python -m rocmdoctor.cluster`: the scan command's options plus the cluster ones."""
    p = argparse.ArgumentParser(prog="python -m rocmdoctor.cluster")
    scan.add_arguments(p)
    if not any("--cluster" in act.option_strings for act in p._actions):
        add_cluster_args(p)
    add_share_arg(p)
    for act in p._actions:  # until the scan command lists it
        if "--format" in act.option_strings and act.choices and "junit" not in act.choices:
            act.choices = tuple(act.choices) + ("junit",)
    try:
        a = p.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if not wants_cluster(a):
        print("rocmdoctor: give --cluster (under a launcher) or --from DIR ...", file=sys.stderr)
        return EXIT_USAGE
    try:
        check_args(a)
    except (UsageError, InputError) as exc:
        print(f"rocmdoctor: {exc}", file=sys.stderr)
        return EXIT_USAGE if isinstance(exc, UsageError) else EXIT_INPUT
    try:
        with scrubbed_output(for_args(a)):  # the cluster report: no secret printed (--share: no identity)
            return run_cluster(a)
    except SourceError as exc:
        print(f"rocmdoctor: {exc}", file=sys.stderr)
        return EXIT_INPUT


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
