"""Run the commands a check spelled out (setpci, pip, ...) exactly as given.

FixPlan contract: ``fixer="commands"``; each Action(kind="command", argv=..., env=...)
is one command, run in order without a shell, on the live host only, after the
user confirms. ``params={"timeout": seconds}`` bounds each one (default 600).
"""
from __future__ import annotations

from rocmdoctor.remedy.fixplan import Command, Concrete, FixContext, Refused
from rocmdoctor.engine.model import FixPlan

NAME = "commands"


def plan(fix: FixPlan, fctx: FixContext) -> Concrete:
    timeout = float(fix.params.get("timeout", 600))
    cmds = [Command(tuple(a.argv), a.description, timeout, env=dict(a.env or {}))
            for a in fix.actions if a.kind == "command" and a.argv]
    if not cmds:
        raise Refused("the plan has no commands")
    c = Concrete(title=fix.title, fixer=NAME, applicability=fix.applicability,
                 needs_root=fix.needs_root, needs_reboot=fix.needs_reboot, commands=cmds,
                 why=str(fix.params.get("why", "")), params=dict(fix.params))
    c.notes = [a.description for a in fix.actions if a.kind == "note"]
    return c
