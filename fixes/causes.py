"""A finding that is a consequence of others (torch sees no GPU: the WSL runtime, device
permissions, a visibility variable): fixed by the plan of its cause.

FixPlan contract: ``fixer="causes"``, ``params={"codes": ["RD-WSL-002", ...]}`` in order of
likelihood. rocmdoctor.remedy.fixplan folds the finding into the plan of the first named
code that has one in the same run, so applying that plan verifies this finding too.
With none of them failing here, the plan is shown as what to look at.
"""
from __future__ import annotations

from rocmdoctor.engine.model import Applicability, FixPlan
from rocmdoctor.remedy.fixplan import Concrete, FixContext

NAME = "causes"


def plan(fix: FixPlan, fctx: FixContext) -> Concrete:
    codes = list(fix.params.get("codes") or [])
    return Concrete(title=fix.title, fixer=NAME, applicability=Applicability.DISPLAY_ONLY, params=dict(fix.params),
                    why="follows from another finding; none of its usual causes has a plan in this run",
                    notes=["look at " + ", ".join(codes)])
