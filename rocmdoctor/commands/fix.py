"""`rocmdoctor fix`: show the fix plans of failing and warning findings; apply them
with --apply; undo the last applied run with --undo.

Nothing changes without --apply. --apply asks first unless --yes; unsafe plans also
need --unsafe; display-only plans are only shown. With --root DIR the files under DIR
are edited and no command is run: commands are listed as steps to run after.
With --example/--snapshot and --config, only the user's own files are edited.
After applying, the checks behind each applied plan run again (before -> after).
Exit codes: 0 done or nothing to do, 1 apply/verification failed, a finding still fails,
or the confirmation was declined or could not be asked (no terminal: add --yes),
2 usage (e.g. --apply on a snapshot without --config), 3 unusable input.
"""
from __future__ import annotations

import json
import os
import sys

from ..cli import EXIT_FAIL, EXIT_OK, EXIT_USAGE, add_filter_args, add_source_args

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
                        "repeatable): their fixes are unified diffs, applied with --apply (backed up, --undo)")
    p.add_argument("--model", metavar="PATH", help="with --config: the checkpoint whose memory use is estimated")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="text (default) or json: schema rocmdoctor.fixplan (docs/fix.md)")
    p.add_argument("--no-plugins", action="store_true", help="do not load third-party checks")


def _state_dir(a) -> str:
    from ..remedy.session import state_dir

    return state_dir(a)


def config_options(a) -> dict | None:
    from ..remedy.session import config_options

    return config_options(a)


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
             f"nothing changed. To go ahead without a question: {retry}")  # exit 1, as a "no"
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
    failing and warning findings (failing first)."""
    return _collect(a, src, facts)[0]


def _collect(a, src, facts):
    from ..fixes.kernel_cmdline import iommu_plan
    from ..remedy.session import items_of, scan_report

    if a.iommu:
        cpu = facts.optional("cpu")
        return [("--iommu", iommu_plan(cpu.vendor if cpu else None, a.iommu_mode))], None
    report = scan_report(a, src)
    return items_of(report), report


def make_plans(a, src):
    return _make(a, src)[0]


def _make(a, src):
    from ..facts import Context
    from ..remedy.fixplan import concretize
    from ..remedy.session import config_options, fix_context

    facts = Context(src, a.level, config_options(a))
    items, report = _collect(a, src, facts)
    return concretize(items, fix_context(a, src, facts)), report


def run(a) -> int:
    from ..api import make_source
    from ..remedy.fixplan import closing_line, render_text, to_json

    if a.undo:
        if a.apply or a.unsafe or a.iommu:
            _err("--undo restores the last applied run; it takes no --apply, --unsafe or --iommu")
            return EXIT_USAGE
        return run_undo(a)
    if a.unsafe and not a.apply:
        _err("--unsafe only means something with --apply")
        return EXIT_USAGE
    if a.apply and (a.snapshot or a.example) and not (a.config or a.env_file):  # before any plan is printed
        _err("a snapshot is read-only; run on the machine (or on a copy with --root DIR) to apply; "
             "with --config, your own files are edited")
        return EXIT_USAGE
    if a.config:
        from .scan import check_config_paths

        problem = check_config_paths(a.config)
        if problem:
            _err(f"--config: {problem}")
            return EXIT_USAGE
    src = make_source(root=a.root, snapshot=a.snapshot, example=a.example, python=a.python)
    try:
        plans, report = _make(a, src)
    except ValueError as exc:  # --iommu-mode off on a non-Intel host
        _err(str(exc))
        return EXIT_USAGE
    live = src.kind == "live"
    result: dict = {}
    if a.format == "text":
        from ..output.text import print_plan_text

        print_plan_text(render_text(plans, live=live, kind=src.kind).rstrip("\n"))  # prose wraps, diffs stay whole
        if plans and not a.apply:
            _say(closing_line(plans, src.kind, unsafe=a.unsafe))
    code = EXIT_OK
    if a.apply:
        code, result = apply_plans(a, src, plans, report)
    if a.format == "json":
        out = to_json(plans, src.describe())
        out["closing"] = closing_line(plans, src.kind, unsafe=a.unsafe) if plans else None
        if a.apply:
            out["result"] = result
        json.dump(out, sys.stdout, indent=2)
        sys.stdout.write("\n")
    return code


def apply_plans(a, src, plans, report=None) -> tuple[int, dict]:
    """Apply the chosen plans, verify, report (rocmdoctor/remedy/session.py)."""
    from ..output.text import print_text
    from ..remedy import session

    say = (lambda m: print_text(m, sys.stderr)) if a.format == "json" else _say
    return session.apply_plans(a, src, plans, report, terminal_ui(a, say))


def terminal_ui(a, say=None):
    """How `fix` (and `explain --fix`) talk: messages, errors on stderr, y/N questions on the
    terminal, and the command that repeats this one with --yes."""
    from ..remedy import session

    return session.UI(say=say or _say, err=_err, confirm=_confirm, retry=lambda *x: _retry(a, *x))


def run_undo(a) -> int:
    from ..remedy import atomic_edit
    from ..machine import proc
    from ..remedy.fixplan import shell_join

    state = _state_dir(a)
    try:
        j = atomic_edit.last_journal(state)
    except atomic_edit.ApplyError as exc:
        _err(str(exc))
        return EXIT_FAIL
    if j is None or j.get("status") == "undone":
        _say(f"nothing to undo (no applied run in {state})")
        return EXIT_OK
    if (a.snapshot or a.example) and (j.get("live") or j.get("root")):
        # With a snapshot only the user's own files were edited: never undo a machine's run from here.
        _err(f"the last run in {state} changed {'this machine' if j.get('live') else j.get('root')}, not only "
             "your files; undo it without --snapshot/--example")
        return EXIT_USAGE
    live = bool(j.get("live"))
    if live and os.geteuid() != 0 and any(p.get("needs_root") for p in j.get("plans", [])):
        _err("the last run edited the real root; undoing it needs root: run it again with sudo")
        return EXIT_FAIL
    _say(f"last run {j['id']} ({j.get('status')}):")
    for f in j.get("files", []):
        _say(f"  restore {f['path']}" + ("" if f["existed"] else " (remove: it did not exist)")
             + (" (put back: the run removed it)" if f.get("removed") else ""))
    cmds = j.get("undo_commands") or []
    for argv in cmds:
        _say(f"  {'then run' if live else 'then run (not run on --root)'}: {shell_join(argv)}")
    answer = _confirm("Undo it?", a.yes, _retry(a, "--undo"))
    if answer is None:
        return EXIT_FAIL
    if not answer:
        _say("not undone; nothing changed")
        return EXIT_FAIL
    try:
        res = atomic_edit.undo(state)
    except atomic_edit.ApplyError as exc:  # another run holds the state directory
        _err(str(exc))
        return EXIT_FAIL
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
