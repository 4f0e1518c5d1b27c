"""`rocmdoctor env`: the recommended environment as `export` lines, for a launcher to eval:

    eval "$(rocmdoctor env)"

Stdout carries only `export NAME=value` lines (values shell-quoted), nothing else, so it
is always safe to eval; an empty output means nothing needs setting. Reasons go to
stderr with --explain.
"""
from __future__ import annotations

import sys

from ..cli import EXIT_OK, LEVELS, add_source_args

NAME = "env"
HELP = "print recommended environment settings as export lines (eval-safe)"


def add_arguments(p) -> None:
    add_source_args(p)
    p.add_argument("--level", choices=LEVELS, default="default")
    p.add_argument("--model", metavar="NAME", help="model name or path, for model-specific advice")
    p.add_argument("--explain", action="store_true", help="print why, as comments on stderr")


def run(a) -> int:
    from ..advice import recommend_for

    rec = recommend_for(model=a.model, level=a.level, root=a.root, snapshot=a.snapshot, example=a.example,
                        python=a.python)
    for line in rec.export_lines():
        print(line)
    if a.explain:
        for r in rec.reasons:
            if r.topic == "env":
                print(f"# {r.text}", file=sys.stderr)
    return EXIT_OK
