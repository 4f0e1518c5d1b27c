"""`rocmdoctor scan`: run the checks and report."""
from __future__ import annotations

import json
import sys

from ..cli import EXIT_USAGE, add_filter_args, add_source_args, csv, exit_code
from ..cluster.run import add_cluster_args, run_cluster, wants_cluster

NAME = "scan"
HELP = "run the checks and report"


def add_arguments(p) -> None:
    add_source_args(p)
    add_filter_args(p)
    p.add_argument("--format", choices=("text", "json", "junit"), default="text")
    p.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    p.add_argument("-v", "--verbose", action="store_true", help="show evidence for every finding")
    p.add_argument("--no-plugins", action="store_true", help="do not load third-party checks")
    p.add_argument("--config", metavar="FILE",
                   help="a DeepSpeed JSON, LLaMA-Factory YAML or HF TrainingArguments JSON to check against this machine")
    add_cluster_args(p)


def run(a) -> int:
    if wants_cluster(a):
        return run_cluster(a)
    from ..api import scan
    from ..render import print_report

    if a.config:
        from ..configfiles import ConfigError, load

        try:
            load(a.config)  # fail early and clearly on an unreadable file
        except ConfigError as exc:
            print(f"rocmdoctor: --config: {exc}", file=sys.stderr)
            return EXIT_USAGE

    report = scan(level=a.level, select=csv(a.select), ignore=csv(a.ignore), root=a.root,
                  snapshot=a.snapshot, example=a.example, python=a.python,
                  plugins=False if a.no_plugins else None,
                  options={"config": a.config} if a.config else None)
    if a.format == "json":
        json.dump(report.to_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    elif a.format == "junit":
        from ..junit import report_xml

        sys.stdout.write(report_xml(report.to_dict()))
    else:
        print_report(report, verbose=a.verbose)
    return exit_code(report, a.strict)
