"""`rocmdoctor scan`: run the checks and report."""
from __future__ import annotations

import os
import sys

from ..cli import EXIT_OK, EXIT_USAGE, add_filter_args, add_source_args, csv, exit_code, same_source
from ..cluster.run import add_cluster_args, run_cluster, wants_cluster

NAME = "scan"
HELP = "run the checks and report"
EPILOG = """exit codes:
  0  nothing failed (with --strict: and nothing warned)
  1  a check failed or errored (with --strict: or warned)
  2  usage error: bad option, unknown --select/--ignore code, conflicting
     options, unreadable --config file or project config
  3  the input could not be used: a snapshot, --root, --python
  4  --cluster incomplete: a node never joined, hung or died
"""


def add_arguments(p) -> None:
    add_source_args(p)
    add_filter_args(p)
    from ..output import formats

    p.add_argument("--format", choices=formats.FORMATS, default="text", metavar="FORMAT", help=formats.HELP)
    p.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    p.add_argument("-v", "--verbose", action="store_true", help="show evidence for every finding")
    p.add_argument("--no-plugins", action="store_true", help="do not load third-party checks")
    p.add_argument("--no-cache", action="store_true",
                   help="neither read nor write the cache of DeepSpeed's op-builder answers (docs/performance.md)")
    p.add_argument("--config", metavar="PATH", action="append",
                   help="a file or directory to lint against this machine: launch scripts, Slurm batch scripts, "
                        "Dockerfiles, compose files, DeepSpeed JSON, LLaMA-Factory YAML, HF TrainingArguments, a "
                        "model's config.json (repeatable; a directory is searched for them, e.g. --config .)")
    p.add_argument("paths", nargs="*", metavar="FILE",
                   help="files or directories to lint, as with --config, except that a file of no kind the linter "
                        "knows is skipped with a note (pre-commit passes every changed file)")
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

    from ..artifacts.readers import expand, pyproject, read_one

    for p in paths:
        if os.path.isdir(p):
            # a file of a known kind that does not parse counts: RD-CFG-001 names it and where it stopped; so does a
            # project's pyproject.toml with dependencies (the install its README asks for)
            files = expand([p])
            if not any(read_one(f).kind != "unknown" for f in files) and not any(map(pyproject.declares_dependencies, files)):
                return f"{p}: no launch script, Dockerfile, compose file or training config found in it"
            continue
        art = read_one(p)
        if art.error and not pyproject.declares_dependencies(p):
            return art.error
    return None


def _lintable(paths: list[str]) -> list[str]:
    """The named paths the linter can read; each one it cannot is named on stderr, with why."""
    from ..artifacts.readers import read_one

    keep = []
    for p in paths:
        why = None if os.path.isdir(p) else read_one(p).error
        if why:
            print(f"rocmdoctor: skipped {why}", file=sys.stderr)
        else:
            keep.append(p)
    return keep


def run(a) -> int:
    from ..output import formats

    if wants_cluster(a):
        if a.format in formats.ONE_MACHINE:
            print(f"rocmdoctor: --format {a.format} writes one machine's scan; a cluster report is text, json or "
                  "junit", file=sys.stderr)
            return EXIT_USAGE
        return run_cluster(a)
    from ..api import scan

    if a.paths:
        missing = [p for p in a.paths if not os.path.exists(p)]
        if missing:  # a typo (`scan quick`) must not pass as "nothing to lint"
            print(f"rocmdoctor: {', '.join(missing)}: no such file or directory", file=sys.stderr)
            return EXIT_USAGE
        lintable = _lintable(a.paths)
        if not lintable and not a.config:
            print("rocmdoctor: none of the files named is one the linter knows: nothing to lint", file=sys.stderr)
            return EXIT_OK
        a.config = (a.config or []) + lintable
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
        report = scan(level=a.level, select=csv(a.select), ignore=csv(a.ignore), root=a.root,
                      snapshot=a.snapshot, example=a.example, python=a.python,
                      plugins=False if a.no_plugins else None, no_cache=a.no_cache,
                      options={k: v for k, v in (("config", a.config), ("model", a.model),
                                                 ("read_reset_counters", a.read_reset_counters)) if v} or None)
        if a.config:
            from ..output import suppress

            report.findings, dropped = suppress.apply(report.findings)
            if dropped:
                report.notes.append(f"{len(dropped)} finding{'s' if len(dropped) != 1 else ''} suppressed by "
                                    f"`# rocmdoctor: ignore` comments: {', '.join(dropped)}")
        if getattr(a, "project_config", None):
            report.notes.append(f"settings from {a.project_config} ([tool.rocmdoctor]: "
                                f"{', '.join(sorted(a.project_keys))})")
        return report

    if a.format == "npd":  # node-problem-detector's plugin protocol: its own exit codes (docs/cluster.md)
        from ..output import npd

        return npd.run(run_scan, a.strict)
    report = run_scan()
    if getattr(a, "node_summary", False) and report.context is not None:  # for `scan --from` (docs/cluster.md)
        summary = report.context.optional("node_summary")
        report.results["node_summary"] = summary.to_dict() if summary is not None else {}
    code = exit_code(report, a.strict)
    formats.write(report, a.format, verbose=a.verbose, hint=same_source(a, "fix"), exit_code=code)
    return code
