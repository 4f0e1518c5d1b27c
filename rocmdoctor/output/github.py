"""`scan --format github`: GitHub Actions workflow commands, one annotation per problem.

    ::error file=train.sh,line=7,title=RD-PREC-010 ...::message

A failing or erroring finding is an `error`, a warning a `warning`; passes and skips print
nothing; the scan's warnings (an interpreter without torch) and notes (suppressed findings, the
project settings used) come as a `warning` and `notice` without a file. A finding whose evidence
names a file and line is placed on it (file relative to
the working directory, which in a workflow is the checkout); a finding about the machine is
an annotation without a file, shown on the run's summary. Escaping follows the runner's
parser (actions/toolkit `command.ts`): the message escapes %, CR and LF; property values
also escape ':' and ','. Stdout carries only these lines, so a step can run
`rocmdoctor scan --format github --config .` and let the exit code fail the job.
"""
from __future__ import annotations

import os

from .sarif import LEVEL, location

KIND = {"error": "error", "warning": "warning"}


def escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(s: str) -> str:
    return escape_data(s).replace(":", "%3A").replace(",", "%2C")


def annotation(f: dict, cwd: str) -> str:
    props = {}
    loc = location(f)
    if loc:
        path = os.path.abspath(loc[0])
        rel = os.path.relpath(path, cwd)
        props["file"] = rel if not rel.startswith("..") else path
        props["line"] = str(loc[1])
    subject = f" [{f['subject']}]" if f.get("subject") and f["subject"] not in f["title"] else ""
    props["title"] = f"{f['code']} {f['title']}{subject}"[:200]
    body = [f.get("detail") or f["title"]]
    for e in (f.get("evidence") or [])[:3]:
        body.append(f"evidence: {e['source']}: {e['text'][:300]}")
    if f.get("fix"):
        body.append(f"fix: {f['fix']['title']} (rocmdoctor fix shows the plan)")
    if f.get("sources"):
        body.append("see: " + f["sources"][0])
    head = ",".join(f"{k}={escape_property(v)}" for k, v in props.items())
    return f"::{KIND[LEVEL[f['status']]]} {head}::{escape_data(chr(10).join(body))}"


def to_github(report: dict, cwd: str | None = None) -> str:
    cwd = os.path.abspath(cwd or os.getcwd())
    out = [f"::warning title=rocmdoctor::{escape_data(w)}" for w in report.get("warnings") or []]
    out += [annotation(f, cwd) for f in report.get("findings", []) if f.get("status") in LEVEL]
    out += [f"::notice title=rocmdoctor::{escape_data(n)}" for n in report.get("notes") or []]
    return "".join(line + "\n" for line in out)
