"""One fix run, end to end: collect the plans of a scan's findings, apply the chosen ones
(journal first, then atomic edits, then commands), verify by running the checks behind
them again, and report each finding before -> after. `rocmdoctor fix` and
`rocmdoctor explain LOG --fix` both go through here.

``a`` is an argparse namespace (or anything with the same attributes): root, snapshot,
example, python, level, select, ignore, no_plugins, config, model, env_file, user,
iommu, iommu_mode, yes, unsafe, state_dir, format.
"""
from __future__ import annotations

import os
from typing import Mapping

from ..engine.model import Applicability, Status
from .fixplan import Concrete, applies_here

LIVE_STATE_DIR = "/var/lib/rocmdoctor"
BAD = (Status.FAIL, Status.WARN)
# The CLI's exit codes (rocmdoctor/cli.py; not imported: remedy/ sits below the commands).
EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class UI:
    """How a run talks: say (progress, to stdout or stderr), err, confirm(question, yes, retry)
    -> True/False/None (None: nobody could answer), retry(*extra) -> the command to repeat."""

    def __init__(self, say, err, confirm, retry):
        self.say, self.err, self.confirm, self.retry = say, err, confirm, retry


def _csv(values) -> list[str] | None:
    out = [c.strip() for v in (values or []) for c in str(v).split(",") if c.strip()]
    return out or None


def state_dir(a) -> str:
    """Where journals live: --state-dir; under the tree with --root; /var/lib/rocmdoctor
    as root; else the user's state directory (a run that edits only the user's files)."""
    if getattr(a, "state_dir", None):
        return a.state_dir
    if getattr(a, "root", None):
        return os.path.join(a.root, LIVE_STATE_DIR.lstrip("/"))
    if os.geteuid() == 0:
        return LIVE_STATE_DIR
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "rocmdoctor")


def config_options(a) -> dict | None:
    return {"config": a.config, "model": getattr(a, "model", None)} if getattr(a, "config", None) else None


def config_files(a) -> list[str]:
    """Every file `--config` reads (named, found in a directory, or named by another):
    the only files a config_edit plan may change."""
    if not getattr(a, "config", None):
        return []
    from ..artifacts.readers import read_all

    return [x.path for x in read_all(a.config, model=getattr(a, "model", None)).readable()]


def origin_of(f) -> str:
    return f.code + (f" [{f.subject}]" if f.subject else "")


def scan_report(a, src, select=None):
    from ..api import scan

    report = scan(level=getattr(a, "level", "default"), select=select or _csv(getattr(a, "select", None)),
                  ignore=None if select else _csv(getattr(a, "ignore", None)), source=src,
                  plugins=False if getattr(a, "no_plugins", False) else None, options=config_options(a))
    if getattr(a, "config", None):  # a finding `# rocmdoctor: ignore` drops from scan gets no plan either
        from ..output import suppress

        report.findings, _ = suppress.apply(report.findings)
    return report


def items_of(report, codes: list[str] | None = None) -> list:
    """(origin, FixPlan) pairs of the failing and warning findings, failing ones first
    (where two plans contradict, the failing finding's wins)."""
    fs = [f for f in report.findings if f.fix is not None and f.status in BAD
          and (codes is None or f.code in codes)]
    fs.sort(key=lambda f: 0 if f.status == Status.FAIL else 1)
    return [(origin_of(f), f.fix) for f in fs]


def fix_context(a, src, facts=None):
    from .fixplan import FixContext

    return FixContext(src, facts, {"env_file": getattr(a, "env_file", None), "user": getattr(a, "user", None),
                                   "iommu_mode": getattr(a, "iommu_mode", "pt"), "config_files": config_files(a),
                                   "python": getattr(a, "python", None)})


def plans_for(a, src, items) -> list[Concrete]:
    from ..facts import Context
    from .fixplan import concretize

    return concretize(items, fix_context(a, src, Context(src, getattr(a, "level", "default"), config_options(a))))


# --------------------------------------------------------------------- applying
class Outcome:
    def __init__(self, code: int, result: dict):
        self.code, self.result = code, result


def choose(a, kind: str, plans: list[Concrete], say) -> list[Concrete]:
    todo = []
    for c in plans:
        if not c.actionable:
            continue
        if c.applicability == Applicability.DISPLAY_ONLY:
            say(f"not applied (display-only{': ' + c.manual if c.manual else ''}): {c.title}")
        elif c.applicability == Applicability.UNSAFE and not getattr(a, "unsafe", False):
            say(f"not applied (unsafe; add --unsafe to apply it): {c.title}")
        elif not applies_here(c, kind):
            say(f"not applied (the {kind} is read-only; run on the machine): {c.title}")
        else:
            todo.append(c)
    return todo


def real_path(src, e) -> str:
    from .fixplan import FixContext

    if e.host:
        return os.path.realpath(e.path)
    return FixContext(src).real_path(e.path)


def write(a, src, todo: list[Concrete]) -> tuple[dict | None, list]:
    """Journal and write every edit of ``todo`` (all or none). Raises ApplyError/Refused."""
    from . import atomic_edit

    live = src.kind == "live"
    prepared = []
    for c in todo:
        for e in c.edits:
            old = e.binary if e.binary is not None else (None if e.old is None else e.old.encode())
            prepared.append(atomic_edit.Prepared(e.path, real_path(src, e), old,
                                                 None if e.new is None else e.new.encode(), e.mode))
    if not prepared and not (live and any(c.undo_commands for c in todo)):
        return None, prepared  # nothing to restore: no journal (an apply that changes nothing writes none)
    meta = {"root": os.path.realpath(a.root) if getattr(a, "root", None) else None, "live": live,
            "plans": [c.to_dict() for c in todo],
            "undo_commands": [list(cmd.argv) for c in todo for cmd in c.undo_commands]}
    return atomic_edit.apply(prepared, state_dir(a), meta), prepared


def command_env(changes: Mapping[str, str | None], base: Mapping[str, str]) -> dict[str, str]:
    """``base`` with a command's variables set, and those it maps to None unset."""
    env = dict(base)
    for k, v in changes.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return env


def run_commands(todo: list[Concrete], live: bool, say) -> tuple[list[dict], list[str]]:
    from ..machine import proc
    from .fixplan import shell_join

    ran, problems = [], []
    for c in todo:
        for cmd in c.commands:
            if not live:
                say(f"run after (not run on --root): {shell_join(cmd.argv)}")
                continue
            say(f"running: {shell_join(cmd.argv)}")
            env = command_env(cmd.env, os.environ) if cmd.env else None
            r = proc.run(cmd.argv, timeout=cmd.timeout, env=env)
            ran.append({"argv": list(cmd.argv), "returncode": r.returncode, "error": r.error,
                        "timed_out": r.timed_out, "stderr": r.stderr[-2000:]})
            if not r.ok:
                problems.append(f"{r.describe()}: {r.stderr.strip()[-500:]}")
                return ran, problems
    return ran, problems


def replan_problems(a, src, todo: list[Concrete]) -> list[str]:
    """Read the tree again and plan again: every file a machine fixer edited must now
    plan no edit (the user's own files are verified by their checks instead)."""
    from ..api import make_source
    from ..facts import Context
    from .fixplan import _one, fixer_module

    problems: list[str] = []
    sys_plans = [(c, c.plan) for c in todo if c.edits and c.plan is not None and not all(e.host for e in c.edits)
                 and c.fixer not in ("pip",)]
    if not sys_plans:
        return problems
    again_src = make_source(root=getattr(a, "root", None), python=getattr(a, "python", None))
    fctx = fix_context(a, again_src, Context(again_src, "quick"))
    for c, plan in sys_plans:
        again = _one(fixer_module(c.fixer), plan, c.origin, fctx)
        if again.edits or again.refused:
            problems.append(f"verification failed for {c.title}: reading the files again still plans "
                            f"{'edits' if again.edits else again.refused}")
    return problems


def verify_findings(a, src, todo: list[Concrete], before, plans=()) -> tuple[list[dict], list[str]]:
    """Run the checks behind each applied plan again and compare each finding before and
    after. A plan that takes effect only after a reboot or a new login, or whose commands
    are left to run on the --root system, is verified by the next scan."""
    from ..api import make_source

    origins: dict[str, Concrete] = {}
    for c in todo:
        for o in c.origin:
            if o.startswith("RD-"):
                origins.setdefault(o, c)
    if not origins:
        return [], []
    codes = sorted({o.split(" ")[0] for o in origins})
    again_src = make_source(root=getattr(a, "root", None), snapshot=getattr(a, "snapshot", None),
                            example=getattr(a, "example", None), python=getattr(a, "python", None))
    after = scan_report(a, again_src, select=codes)
    left = {o: c for c in plans if c.actionable and c not in todo for o in c.origin}
    was = {origin_of(f): f.status for f in before.findings}
    now = {origin_of(f): f for f in after.findings}
    rows, problems = [], []
    for o, c in origins.items():
        b = was.get(o)
        f = now.get(o)
        pending = c.deferred or ("after its commands run on that system" if c.commands and src.kind != "live"
                                 else None)
        st = f.status.value if f is not None else "pass"
        row = {"finding": o, "before": b.value if b else None, "after": st, "pending": pending}
        if pending and f is not None and f.status in BAD:
            row["after"] = f"pending (still {st} until then; the next scan {pending} confirms it)"
        elif o in left and f is not None and f.status in BAD:
            row["after"] = f"{st} (its other plan, {left[o].title!r}, was not applied)"
        elif f is not None and f.status in BAD:
            problems.append(f"{o} still {st} after applying {c.title!r}: {f.title}")
        rows.append(row)
    return rows, problems


def apply_plans(a, src, plans: list[Concrete], report, ui: UI) -> tuple[int, dict]:
    """Choose, confirm, journal and write, run the commands, verify; (exit code, result)."""
    from . import atomic_edit
    from .fixplan import Refused

    say, _err = ui.say, ui.err
    live = src.kind == "live"
    todo = choose(a, src.kind, plans, say)
    refused = [c.refused for c in plans if c.refused]  # the reasons
    if not todo:
        say("nothing to apply")
        if refused:
            _err(f"{len(refused)} plan(s) refused; nothing was changed")
            return EXIT_FAIL, {"status": "refused", "reason": refused}
        return EXIT_OK, {"status": "nothing to apply"}
    if live and os.geteuid() != 0 and any(c.needs_root for c in todo):
        for c in todo:
            if c.needs_root:
                say(f"not applied (needs root: run it again with sudo): {c.title}")
        todo = [c for c in todo if not c.needs_root]  # your own files and environment need no root
        if not todo:
            _err("these changes edit the real root and need root: run it again with sudo")
            return EXIT_FAIL, {"status": "refused", "reason": "needs root"}
    n_edits = sum(len(c.edits) for c in todo)
    n_cmds = sum(len(c.commands) for c in todo)
    where = "this machine" if live else a.root if a.root else "your files"
    answer = ui.confirm(f"Apply {len(todo)} plan(s) to {where}: {n_edits} file edit(s), "
                      f"{n_cmds if live else 0} command(s)?", a.yes,
                      "run the same command with --yes added")
    if answer is None:  # nobody to ask: the same as a "no" (exit 1), documented in docs/fix.md
        return EXIT_FAIL, {"status": "not asked", "reason": "stdin is not a terminal; use --yes"}
    if not answer:
        say("not applied; nothing changed")
        return EXIT_FAIL, {"status": "declined"}
    try:
        journal, prepared = write(a, src, todo)
    except Refused as exc:
        _err(str(exc))
        return EXIT_USAGE, {"status": "refused", "reason": str(exc)}
    except atomic_edit.ApplyError as exc:
        _err(f"apply failed: {exc}")
        return EXIT_FAIL, {"status": "failed", "error": str(exc)}
    for p in prepared:
        # Under --root, the file written is the tree's, not this machine's.
        verb = "removed" if p.new is None else "wrote"
        say(f"{verb} {p.path}" if live or p.real == os.path.realpath(p.path) else
            f"{verb} {p.real} ({p.path} in the tree)")
    problems = replan_problems(a, src, todo)
    ran: list[dict] = []
    if not problems:
        ran, problems = run_commands(todo, live, say)
    rows: list[dict] = []
    if not problems and report is not None:
        rows, problems = verify_findings(a, src, todo, report, plans)
        for r in rows:
            say(f"verified {r['finding']}: {r['before'] or '?'} -> {r['after']}")
    if journal is not None:
        atomic_edit.record(journal, commands_run=ran, problems=problems, verified=rows)
    undo_hint = ui.retry("--undo")
    if problems:
        for p in problems:
            _err(p)
        if journal is not None:
            _err(f"the changes are kept; `{undo_hint}` restores them")
        return EXIT_FAIL, {"status": "failed", "problems": problems, "commands": ran, "verified": rows,
                           "journal": journal and journal["_dir"]}
    for c in todo:
        for n in c.notes:
            say(f"then: {n}")
    if refused:
        _err(f"{len(refused)} plan(s) refused and left undone: " + "; ".join(refused))
    if journal is not None:
        say(f"journal: {journal['_dir']} (undo with `{undo_hint}`; without --yes it asks first)")
    return (EXIT_FAIL if refused else EXIT_OK), {"status": "applied", "journal": journal and journal["_dir"],
                                                  "commands": ran, "verified": rows,
                                                  "refused": refused}
