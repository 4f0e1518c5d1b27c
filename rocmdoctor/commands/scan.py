"""`rocmdoctor scan`: run the checks and report."""
from __future__ import annotations

import json
import os
import sys

from ..cli import EXIT_USAGE, add_filter_args, add_source_args, csv, exit_code
from ..cluster.run import add_cluster_args, run_cluster, wants_cluster

NAME = "scan"
HELP = "run the checks and report"
EPILOG = """exit codes:
  0  nothing failed (with --strict: and nothing warned)
  1  a check failed or errored (with --strict: or warned)
  2  usage error: bad option, unknown --select/--ignore code, conflicting options,
     unreadable --config file
  3  the input could not be used: a snapshot, --root, --python
  4  --cluster incomplete: a node never joined, hung or died
"""


def add_arguments(p) -> None:
    add_source_args(p)
    add_filter_args(p)
    p.add_argument("--format", choices=("text", "json", "junit", "prometheus", "npd"), default="text",
                   help="text (default; colour on a terminal), json (docs/json-schema.md), junit (for CI), "
                        "prometheus: text exposition for node_exporter's textfile collector, or npd: one line and "
                        "exit 0 ok / 1 problem / 2 unknown for node-problem-detector and NHC (docs/cluster.md)")
    p.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    p.add_argument("-v", "--verbose", action="store_true", help="show evidence for every finding")
    p.add_argument("--no-plugins", action="store_true", help="do not load third-party checks")
    p.add_argument("--no-cache", action="store_true",
                   help="neither read nor write the cache of DeepSpeed's op-builder answers (docs/performance.md)")
    p.add_argument("--config", metavar="PATH", action="append",
                   help="a file or directory to lint against this machine: launch scripts, Slurm batch scripts, "
                        "Dockerfiles, compose files, DeepSpeed JSON, LLaMA-Factory YAML, HF TrainingArguments, a "
                        "model's config.json (repeatable; a directory is searched for them, e.g. --config .)")
    p.add_argument("--read-reset-counters", action="store_true",
                   help="also read GPU error counters the kernel clears on read (xgmi_error); see docs/health.md")
    p.add_argument("--model", metavar="PATH",
                   help="with --config: a checkpoint directory (or its config.json) for the memory estimate of each "
                        "run (otherwise model_name_or_path when it is a local checkpoint, or a config.json among the "
                        "files)")
    add_cluster_args(p)


def check_config_paths(paths: list[str]) -> str | None:
    """Fail early and clearly on a named file that cannot be read or is of no known kind,
    and on a directory holding none of the known files."""
    import os

    from ..artifacts.readers import expand, read_one

    for p in paths:
        if os.path.isdir(p):
            if not any(not read_one(f).error for f in expand([p])):
                return f"{p}: no launch script, Dockerfile, compose file or training config found in it"
            continue
        art = read_one(p)
        if art.error:
            return art.error
    return None


def run(a) -> int:
    if wants_cluster(a):
        return run_cluster(a)
    from ..api import scan
    from ..output.text import print_report

    if a.model and not a.config:
        print("rocmdoctor: --model goes with --config (the runs whose memory it estimates)", file=sys.stderr)
        return EXIT_USAGE
    if a.model and not os.path.exists(a.model):
        print(f"rocmdoctor: --model: {a.model}: not found", file=sys.stderr)
        return EXIT_USAGE
    if a.config:
        problem = check_config_paths(a.config)
        if problem:
            print(f"rocmdoctor: --config: {problem}", file=sys.stderr)
            return EXIT_USAGE

    def run_scan():
        return scan(level=a.level, select=csv(a.select), ignore=csv(a.ignore), root=a.root,
                    snapshot=a.snapshot, example=a.example, python=a.python,
                    plugins=False if a.no_plugins else None, no_cache=a.no_cache,
                    options={k: v for k, v in (("config", a.config), ("model", a.model),
                                               ("read_reset_counters", a.read_reset_counters)) if v} or None)

    if a.format == "npd":  # node-problem-detector's plugin protocol: its own exit codes
        from ..output import npd

        return npd.run(run_scan, a.strict)
    report = run_scan()
    if getattr(a, "node_summary", False) and report.context is not None:  # for `scan --from` (docs/cluster.md)
        report.results["node_summary"] = report.context.optional("node_summary") or {}
    if a.format == "json":
        json.dump(report.to_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    elif a.format == "junit":
        from ..output.junit import report_xml

        sys.stdout.write(report_xml(report.to_dict()))
    elif a.format == "prometheus":
        from ..output.prometheus import render

        ctx = report.context
        logs = [x for x in (ctx.optional("kernel_events"), ctx.optional("kernel_events_previous_boot")) if x] if ctx else []
        sys.stdout.write(render(report, ctx.optional("gpu_health") if ctx else None,
                                ctx.optional("kfd_processes") if ctx else None, logs,
                                summary=ctx.optional("node_summary") if ctx else None))
    else:
        print_report(report, verbose=a.verbose)
    return exit_code(report, a.strict)
