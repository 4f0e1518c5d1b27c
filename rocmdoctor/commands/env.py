"""`rocmdoctor env`: the recommended environment as shell lines, for a launcher to eval:

    eval "$(rocmdoctor env)"

Stdout carries only `export NAME=value` lines (values shell-quoted) and `unset NAME`
lines, nothing else, so it is always safe to eval; an empty output means nothing needs
changing. `export` lines come from the precision advisor (`rocmdoctor recommend`);
`unset` lines from the fix plans of failing and warning checks whose fix is to remove
a variable (HSA_OVERRIDE_GFX_VERSION that is not needed, PYTORCH_HIP_ALLOC_CONF that
this torch ignores...). With --explain every line gets its reason as a `#` comment on
stderr.
"""
from __future__ import annotations

import sys

from ..cli import EXIT_OK, LEVELS, add_source_args

NAME = "env"
HELP = "print recommended environment settings as export/unset lines (eval-safe)"


def add_arguments(p) -> None:
    add_source_args(p)
    p.add_argument("--level", choices=LEVELS, default="default",
                   help="how deep to look before advising (default: default, which runs the Python probe)")
    p.add_argument("--model", metavar="NAME|DIR",
                   help="a checkpoint directory (its config.json's model_type decides) or a model name")
    p.add_argument("--explain", action="store_true", help="print the reason for every line, as comments on stderr")
    from ..cli import add_output_arg

    add_output_arg(p)  # an env file for a launcher: `rocmdoctor env -o rocm.env`


def env_lines(rec, findings) -> list[tuple[str, str]]:
    """(shell line, reason) pairs: the advisor's exports, then the unsets the checks ask for."""
    import shlex

    from ..facts.advice import valid_name
    from ..engine.model import Status

    out: list[tuple[str, str]] = []
    env_reasons = [r.text for r in rec.reasons if r.topic == "env"]
    for k, v in sorted(rec.env.items()):
        if valid_name(k):
            why = next((t for t in env_reasons if k in t), "; ".join(env_reasons) or "the precision advisor")
            out.append((f"export {k}={shlex.quote(v)}", why))
    seen = set(rec.env)
    for f in findings:
        if f.status not in (Status.FAIL, Status.WARN) or f.fix is None:
            continue
        for action in f.fix.actions:
            for k, v in (action.env or {}).items():
                if v is None and k not in seen and valid_name(k):
                    seen.add(k)
                    out.append((f"unset {k}", f"{f.code}: {f.title}"))
    return out


def run(a) -> int:
    from ..engine.run import run_selection
    from ..facts.advice import read_model, recommend
    from ..api import make_source
    from ..facts import Context

    ctx = Context(make_source(root=a.root, snapshot=a.snapshot, example=a.example, python=a.python), a.level)
    rec = recommend(ctx, model=read_model(a.model))
    # The same context: the checks reuse the facts (and the Python probe) the advisor read.
    findings = run_selection(ctx, plugins=False).findings
    lines = env_lines(rec, findings)
    if a.explain and not lines:
        print("# nothing in the environment needs changing", file=sys.stderr)
    for line, why in lines:
        if a.explain:
            print(f"# {why}", file=sys.stderr, flush=True)
        print(line, flush=True)
    return EXIT_OK
