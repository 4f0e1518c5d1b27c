"""From a symptom to its fix: the plan of the top-ranked confirmed cause of a log
(`rocmdoctor explain LOG --fix`), shown and applied like `rocmdoctor fix` does.

The diagnoses are already ranked; the first one with a cause that the machine's own check
confirmed names the findings (failing or warning, with a plan) whose plans are shown. With
--apply they go through the same journal, verification and --undo as `fix`.
"""
from __future__ import annotations

import sys
import types

from ..engine.model import Status


def top_confirmed(expl):
    """(diagnosis, cause verdict) of the first ranked diagnosis with a confirmed cause
    whose check found something to fix, or (None, None)."""
    from ..logs.explain import CONFIRMED

    for d in expl.diagnoses:
        for cv in d.causes:
            if cv.status == CONFIRMED and any(f.status in (Status.FAIL, Status.WARN) and f.fix for f in cv.findings):
                return d, cv
    return None, None


def run(a, expl, source, ui=None) -> int | None:
    """Print the plan (and apply it with --apply). Returns an exit code, or None when the
    plan was only shown (explain's own exit code stands). ``ui``: how to talk and ask
    (session.UI; `explain` passes fix's)."""
    from . import session
    from .fixplan import closing_line, render_text

    d, cv = top_confirmed(expl)
    say = ui.say if ui is not None else (lambda m: print(m, file=sys.stderr)) if a.format == "json" else print
    if d is None or source is None:
        say("fix: no confirmed cause with a fix plan (a cause is confirmed when this machine's check finds it)")
        return 1 if getattr(a, "apply", False) else None
    items = [(session.origin_of(f), f.fix) for f in cv.findings if f.status in (Status.FAIL, Status.WARN) and f.fix]
    ns = types.SimpleNamespace(root=a.root, snapshot=a.snapshot, example=a.example, python=a.python, level=a.level,
                               select=[",".join(sorted({f.code for f in cv.findings}))], ignore=None,
                               no_plugins=False, config=None, model=None, env_file=getattr(a, "env_file", None),
                               user=None, iommu=False, iommu_mode="pt", yes=getattr(a, "yes", False),
                               unsafe=getattr(a, "unsafe", False), state_dir=getattr(a, "state_dir", None),
                               format="text" if a.format == "text" else "json", apply=getattr(a, "apply", False))
    plans = session.plans_for(ns, source, items)
    say(f"fix plan for the top confirmed cause of {d.signature.id} ({cv.cause.text}):")
    say(render_text(plans, live=source.kind == "live", kind=source.kind).rstrip("\n"))
    if not ns.apply or ui is None:
        say(closing_line(plans, source.kind, unsafe=ns.unsafe))
        return None
    if source.kind == "snapshot":
        say("rocmdoctor explain: a snapshot is read-only; run on the machine (or --root DIR) to apply")
        return 2
    report = session.scan_report(ns, source)
    code, _ = session.apply_plans(ns, source, plans, report, ui)
    return code
