"""`rocmdoctor fix`: show the fix plans of failing and warning findings; apply them
with --apply; undo the last applied run with --undo.

Nothing changes without --apply. --apply asks first unless --yes; unsafe plans also
need --unsafe; display-only plans are only shown. With --root DIR the files under DIR
are edited and no command is run: commands are listed as steps to run after.
Exit codes: 0 done or nothing to do, 1 apply/verification failed or declined,
2 usage (e.g. --apply on a snapshot), 3 unusable input.
"""
from __future__ import annotations

import json
import os
import sys

from ..cli import EXIT_FAIL, EXIT_OK, EXIT_USAGE, add_filter_args, add_source_args, csv

NAME = "fix"
HELP = "show fix plans for what the scan found; --apply to apply them, --undo to undo"
LIVE_STATE_DIR = "/var/lib/rocmdoctor"


def add_arguments(p) -> None:
    add_source_args(p)
    add_filter_args(p)
    p.add_argument("--iommu", action="store_true",
                   help="plan the kernel command line for IOMMU passthrough even if the scan does not fail")
    p.add_argument("--iommu-mode", choices=("pt", "off"), default="pt",
                   help="pt: iommu=pt (AMD guidance; intel_iommu=on too on Intel); "
                        "off: intel_iommu=off, a reported workaround (unsafe)")
    p.add_argument("--apply", action="store_true", help="apply the safe plans (asks first)")
    p.add_argument("-y", "--yes", action="store_true", help="do not ask for confirmation")
    p.add_argument("--unsafe", action="store_true", help="with --apply: apply unsafe plans too")
    p.add_argument("--undo", action="store_true", help="restore the files of the last applied run")
    p.add_argument("--state-dir", metavar="DIR",
                   help=f"where journals and backups live (default {LIVE_STATE_DIR}, under DIR with --root)")
    p.add_argument("--env-file", metavar="PATH",
                   help="file for RCCL/HIP environment settings (for the launcher, or /etc/profile.d/NAME.sh)")
    p.add_argument("--user", metavar="NAME", help="user for the render/video group plan")
    p.add_argument("--config", metavar="PATH", action="append",
                   help="your launch scripts, Dockerfiles, compose files and training configs (files or directories, "
                        "repeatable): their fixes are shown as unified diffs, never applied")
    p.add_argument("--model", metavar="PATH", help="with --config: the checkpoint whose memory use is estimated")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="text (default) or json: schema rocmdoctor.remedy.fixplan (docs/fix.md)")
    p.add_argument("--no-plugins", action="store_true", help="do not load third-party checks")


def _state_dir(a) -> str:
    if a.state_dir:
        return a.state_dir
    return os.path.join(a.root, LIVE_STATE_DIR.lstrip("/")) if a.root else LIVE_STATE_DIR


def _err(msg: str) -> None:
    from ..output.text import print_text

    print_text(f"rocmdoctor fix: {msg}", sys.stderr)


def _say(msg: str) -> None:
    from ..output.text import print_text

    print_text(msg)


def _confirm(question: str, yes: bool, retry: str) -> bool | None:
    """True/False: the user's answer; None: nobody could answer (stdin piped or closed)."""
    if yes:
        return True
    print(f"{question} [y/N] ", end="", file=sys.stderr, flush=True)
    try:
        answer = input()
    except EOFError:
        print("", file=sys.stderr)
        _err(f"no answer: standard input is not a terminal (or was closed), so nothing could be asked; "
             f"nothing changed. To go ahead without a question: {retry}")  # exit 2
        return None
    return answer.strip().lower() in ("y", "yes")


def _retry(a, *extra: str) -> str:
    """The command that repeats this one with --yes (for messages)."""
    import shlex

    parts = ["rocmdoctor", "fix", *extra]
    for flag in ("root", "state_dir"):
        if getattr(a, flag, None):
            parts += ["--" + flag.replace("_", "-"), shlex.quote(getattr(a, flag))]
    return " ".join(parts + ["--yes"])


def collect(a, src, facts) -> list:
    """(origin, FixPlan) pairs: the explicit --iommu plan, or those of the scan's
    failing and warning findings."""
    from ..api import scan
    from ..fixes.kernel_cmdline import iommu_plan
    from ..engine.model import Status

    if a.iommu:
        cpu = facts.optional("cpu")
        return [("--iommu", iommu_plan(cpu.vendor if cpu else None, a.iommu_mode))]
    report = scan(level=a.level, select=csv(a.select), ignore=csv(a.ignore), source=src,
                  plugins=False if a.no_plugins else None, options=config_options(a))
    if getattr(a, "config", None):  # a finding `# rocmdoctor: ignore` drops from scan gets no plan either
        from ..output import suppress

        report.findings, _ = suppress.apply(report.findings)
    return [(f.code + (f" [{f.subject}]" if f.subject else ""), f.fix) for f in report.findings
            if f.fix is not None and f.status in (Status.FAIL, Status.WARN)]


def config_options(a) -> dict | None:
    return {"config": a.config, "model": a.model} if getattr(a, "config", None) else None


def config_files(a) -> list[str]:
    """Every file `--config` reads (named, found in a directory, or named by another):
    the only files a config_edit plan may show a diff for."""
    if not getattr(a, "config", None):
        return []
    from ..artifacts.readers import read_all

    return [x.path for x in read_all(a.config, model=a.model).readable()]


def make_plans(a, src):
    from ..facts import Context
    from ..remedy.fixplan import FixContext, concretize

    facts = Context(src, a.level, config_options(a))
    fctx = FixContext(src, facts, {"env_file": a.env_file, "user": a.user, "iommu_mode": a.iommu_mode,
                                   "config_files": config_files(a)})
    return concretize(collect(a, src, facts), fctx)


def run(a) -> int:
    from ..api import make_source
    from ..remedy.fixplan import render_text, to_json

    if a.undo:
        if a.apply or a.unsafe or a.iommu:
            _err("--undo restores the last applied run; it takes no --apply, --unsafe or --iommu")
            return EXIT_USAGE
        return run_undo(a)
    if a.unsafe and not a.apply:
        _err("--unsafe only means something with --apply")
        return EXIT_USAGE
    if a.apply and (a.snapshot or a.example):  # before any plan is printed
        _err("a snapshot is read-only; run on the machine (or on a copy with --root DIR) to apply")
        return EXIT_USAGE
    if a.config:
        from .scan import check_config_paths

        problem = check_config_paths(a.config)
        if problem:
            _err(f"--config: {problem}")
            return EXIT_USAGE
    src = make_source(root=a.root, snapshot=a.snapshot, example=a.example, python=a.python)
    try:
        plans = make_plans(a, src)
    except ValueError as exc:  # --iommu-mode off on a non-Intel host
        _err(str(exc))
        return EXIT_USAGE
    live = src.kind == "live"
    result: dict = {}
    if a.format == "text":
        from ..output.text import print_plan_text

        print_plan_text(render_text(plans, live=live, kind=src.kind).rstrip("\n"))  # prose wraps, diffs stay whole
    code = EXIT_OK
    if a.apply:
        code, result = apply_plans(a, src, plans)
    if a.format == "json":
        out = to_json(plans, src.describe())
        if a.apply:
            out["result"] = result
        json.dump(out, sys.stdout, indent=2)
        sys.stdout.write("\n")
    return code


def apply_plans(a, src, plans) -> tuple[int, dict]:
    from ..remedy import atomic_edit
    from ..machine import proc
    from ..remedy.fixplan import Refused, shell_join
    from ..engine.model import Applicability

    from ..output.text import print_text

    say = (lambda m: print_text(m, sys.stderr)) if a.format == "json" else _say
    if src.kind == "snapshot":
        _err("a snapshot is read-only; run on the machine (or on a copy with --root DIR)")
        return EXIT_USAGE, {"status": "refused", "reason": "snapshot"}
    live = src.kind == "live"
    todo = []
    for c in plans:
        if not c.actionable:
            continue
        if c.applicability == Applicability.DISPLAY_ONLY:
            say(f"not applied (display-only): {c.title}")
        elif c.applicability == Applicability.UNSAFE and not a.unsafe:
            say(f"not applied (unsafe; add --unsafe to apply it): {c.title}")
        else:
            todo.append(c)
    refused = [c for c in plans if c.refused]
    if not todo:
        say("nothing to apply")
        if refused:
            _err(f"{len(refused)} plan(s) refused; nothing was changed")
            return EXIT_FAIL, {"status": "refused", "reason": [c.refused for c in refused]}
        return EXIT_OK, {"status": "nothing to apply"}
    if live and os.geteuid() != 0 and any(c.needs_root for c in todo):
        _err("these changes edit the real root and need root: run it again with sudo")
        return EXIT_FAIL, {"status": "refused", "reason": "needs root"}
    n_edits = sum(len(c.edits) for c in todo)
    n_cmds = sum(len(c.commands) for c in todo)
    where = "this machine" if live else a.root
    answer = _confirm(f"Apply {len(todo)} plan(s) to {where}: {n_edits} file edit(s), "
                      f"{n_cmds if live else 0} command(s)?", a.yes,
                      "run the same command with --yes added")
    if answer is None:
        return EXIT_USAGE, {"status": "not asked", "reason": "stdin is not a terminal; use --yes"}
    if not answer:
        say("not applied; nothing changed")
        return EXIT_FAIL, {"status": "declined"}
    prepared = []
    try:
        for c in todo:
            for e in c.edits:
                prepared.append(atomic_edit.Prepared(e.path, _real(src, e.path), None if e.old is None else e.old.encode(),
                                                     e.new.encode(), e.mode))
    except Refused as exc:
        _err(str(exc))
        return EXIT_USAGE, {"status": "refused", "reason": str(exc)}
    state = _state_dir(a)
    meta = {"root": None if live else os.path.realpath(a.root), "live": live,
            "plans": [c.to_dict() for c in todo],
            "undo_commands": [list(cmd.argv) for c in todo for cmd in c.undo_commands]}
    journal = None
    if prepared:
        try:
            journal = atomic_edit.apply(prepared, state, meta)
        except atomic_edit.ApplyError as exc:
            _err(f"apply failed: {exc}")
            return EXIT_FAIL, {"status": "failed", "error": str(exc)}
        for p in prepared:
            # Under --root, the file written is the tree's, not this machine's.
            say(f"wrote {p.path}" if live else f"wrote {p.real} ({p.path} in the tree)")
    problems = verify(a, todo)
    ran = []
    if not problems:
        for c in todo:
            for cmd in c.commands:
                if not live:
                    say(f"run after (not run on --root): {shell_join(cmd.argv)}")
                    continue
                say(f"running: {shell_join(cmd.argv)}")
                env = dict(os.environ, **cmd.env) if cmd.env else None
                r = proc.run(cmd.argv, timeout=cmd.timeout, env=env)
                ran.append({"argv": list(cmd.argv), "returncode": r.returncode, "error": r.error,
                            "timed_out": r.timed_out, "stderr": r.stderr[-2000:]})
                if not r.ok:
                    problems.append(f"{r.describe()}: {r.stderr.strip()[-500:]}")
                    break
            if problems:
                break
    if journal is not None:
        atomic_edit.record(journal, commands_run=ran, problems=problems)
    if problems:
        for p in problems:
            _err(p)
        if journal is not None:
            _err(f"files were written; `rocmdoctor fix --undo{' --root ' + a.root if a.root else ''}` restores them")
        return EXIT_FAIL, {"status": "failed", "problems": problems, "commands": ran}
    for c in todo:
        for n in c.notes:
            say(f"then: {n}")
    if refused:
        _err(f"{len(refused)} plan(s) refused and left undone: " + "; ".join(c.refused for c in refused))
    if journal is not None:
        say(f"journal: {journal['_dir']} (undo with `{_retry(a, '--undo')}`; without --yes it asks first)")
    return (EXIT_FAIL if refused else EXIT_OK), {"status": "applied", "journal": journal and journal["_dir"],
                                                  "commands": ran, "refused": [c.refused for c in refused]}


def _real(src, path: str) -> str:
    from ..remedy.fixplan import FixContext

    return FixContext(src).real_path(path)


def verify(a, todo) -> list[str]:
    """Read the tree again and plan again: every edited file must now plan no edit."""
    from ..api import make_source
    from ..facts import Context
    from ..remedy.fixplan import FixContext, _one, fixer_module

    problems = []
    src = make_source(root=a.root, python=a.python)
    fctx = FixContext(src, Context(src, "quick"), {"env_file": a.env_file, "user": a.user})
    for c in todo:
        if not c.edits or c.plan is None:
            continue
        again = _one(fixer_module(c.fixer), c.plan, c.origin, fctx)
        if again.edits or again.refused:
            problems.append(f"verification failed for {c.title}: reading the files again still plans "
                            f"{'edits' if again.edits else again.refused}")
    return problems


def run_undo(a) -> int:
    from ..remedy import atomic_edit
    from ..machine import proc
    from ..remedy.fixplan import shell_join

    if a.snapshot or a.example:
        _err("a snapshot is read-only; there is nothing to undo in it")
        return EXIT_USAGE
    state = _state_dir(a)
    try:
        j = atomic_edit.last_journal(state)
    except atomic_edit.ApplyError as exc:
        _err(str(exc))
        return EXIT_FAIL
    if j is None or j.get("status") == "undone":
        _say(f"nothing to undo (no applied run in {state})")
        return EXIT_OK
    live = bool(j.get("live"))
    if live and os.geteuid() != 0:
        _err("the last run edited the real root; undoing it needs root: run it again with sudo")
        return EXIT_FAIL
    _say(f"last run {j['id']} ({j.get('status')}):")
    for f in j.get("files", []):
        _say(f"  restore {f['path']}" + ("" if f["existed"] else " (remove: it did not exist)"))
    cmds = j.get("undo_commands") or []
    for argv in cmds:
        _say(f"  {'then run' if live else 'then run (not run on --root)'}: {shell_join(argv)}")
    answer = _confirm("Undo it?", a.yes, _retry(a, "--undo"))
    if answer is None:
        return EXIT_USAGE
    if not answer:
        _say("not undone; nothing changed")
        return EXIT_FAIL
    res = atomic_edit.undo(state)
    for p in res.restored:
        _say(f"restored {p}")
    for p in res.unchanged:
        _say(f"unchanged {p} (already the old version)")
    for p in res.conflicts:
        _err(p)
    if res.conflicts:
        return EXIT_FAIL
    if live:
        for argv in cmds:
            r = proc.run(argv, timeout=300)
            if not r.ok:
                _err(f"{r.describe()}: {r.stderr.strip()[-500:]}")
                return EXIT_FAIL
    if not any(p.get("needs_reboot") for p in j.get("plans", [])):
        _say("undone")
    elif live and cmds:  # the boot loader was regenerated from the restored files
        _say("undone; a reboot brings back the old kernel command line")
    elif cmds:
        from ..remedy.fixplan import shell_join

        _say("undone in the tree; no boot loader command ran there. On that system run "
             + "; ".join(f"`{shell_join(c)}`" for c in cmds) + ", then reboot, to bring back the old kernel "
             "command line")
    else:
        _say("undone; the restored files take effect when the boot loader reads them again (at the next "
             "reboot, or after regenerating its configuration)")
    return EXIT_OK
