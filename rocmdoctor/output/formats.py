"""The formats `scan --format` writes, in one place: each renders a finished Report on a
stream. text (the terminal report), json (docs/json-schema.md), junit, prometheus, and the
conventions CI systems and issue trackers read: sarif, github, markdown (docs/cli.md).
"""
from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from ..engine.model import Report

FORMATS = ("text", "json", "junit", "prometheus", "sarif", "github", "markdown", "npd")
HELP = ("one of " + ", ".join(FORMATS) + ": text (default; colour on a terminal), json (docs/json-schema.md), junit (for CI), prometheus (text "
        "exposition for node_exporter's textfile collector, docs/cluster.md), sarif (SARIF 2.1.0 for code "
        "scanning), github (GitHub Actions annotations), markdown (to paste into an issue), npd (one line; exit 0 ok, "
        "1 problem, 2 unknown: node-problem-detector's plugin protocol, NHC, docs/cluster.md)")
ONE_MACHINE = ("sarif", "github", "markdown", "npd")  # not for a --cluster / --from report


def write(report: Report, fmt: str, *, stream: TextIO | None = None, verbose: bool = False, hint: str | None = None,
          exit_code: int = 0) -> None:
    out = stream or sys.stdout
    if fmt == "json":
        json.dump(report.to_dict(), out, indent=2)
        out.write("\n")
    elif fmt == "junit":
        from .junit import report_xml

        out.write(report_xml(report.to_dict()))
    elif fmt == "prometheus":
        from .prometheus import render

        ctx = report.context
        logs = [x for x in (ctx.optional("kernel_events"), ctx.optional("kernel_events_previous_boot")) if x] \
            if ctx else []
        out.write(render(report, ctx.optional("gpu_health") if ctx else None,
                         ctx.optional("kfd_processes") if ctx else None, logs,
                         summary=ns.to_dict() if ctx and (ns := ctx.optional("node_summary")) is not None else None))
    elif fmt == "sarif":
        from .sarif import to_sarif

        json.dump(to_sarif(report.to_dict()), out, indent=2)
        out.write("\n")
    elif fmt == "github":
        from .github import to_github

        out.write(to_github(report.to_dict()))
    elif fmt == "markdown":
        from .markdown import to_markdown
        from .text import verdict

        out.write(to_markdown(report.to_dict(), verdict(report)[0], exit_code, hint))
    else:
        from .text import print_report

        print_report(report, out, verbose=verbose, hint=hint)
