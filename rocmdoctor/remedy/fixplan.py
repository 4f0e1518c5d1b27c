"""Concrete fix plans: what `rocmdoctor fix` shows and applies.

A check's :class:`~rocmdoctor.engine.model.FixPlan` says *what* should change ("the kernel
command line should carry iommu=pt"). A fixer module in ``rocmdoctor.fixes`` turns it
into a :class:`Concrete` plan against the tree the scan read: the exact file edits
(old and new text, shown as a unified diff) and the exact argv of each command.
Planning reads only through the Source, so it works the same on the live host,
``--root DIR`` and snapshots; writing happens in :mod:`rocmdoctor.remedy.atomic_edit`.

A fixer module has ``plan(fix: FixPlan, fctx: FixContext) -> Concrete`` and may have
``merge(plans: list[FixPlan]) -> FixPlan`` when several findings' plans must become
one (kernel_cmdline: at most one plan per bootloader per run), or
``regroup(items: list[(origin, FixPlan)]) -> list[(origins, FixPlan)]`` when they must be
cut differently (config_edit: one plan per file, every change to it merged).

A plan without a fixer is routed by what it holds (:func:`route`): environment
actions go to env_file, a command list to commands; what is left is display-only, and
then ``manual`` says which person must act (BIOS, hardware, a vendor download).
"""
from __future__ import annotations

import difflib
import importlib
import os
import re
from typing import Any, Mapping

from ..engine.model import Applicability, FixPlan
from ..base.records import dataclass, field
from ..machine.sources import Source

SCHEMA = "rocmdoctor.fixplan"
SCHEMA_VERSION = 1


class Refused(Exception):
    """A fixer cannot plan safely (a file it cannot parse, an unknown layout)."""


@dataclass(frozen=True)
class FileEdit:
    path: str  # as seen on the scanned machine ("/etc/default/grub")
    old: str | None  # None: the file does not exist yet
    new: str | None  # None: the file is removed (its bytes kept in the journal's backup)
    note: str = ""  # e.g. "a symlink to /etc/grub.real; the target is edited"
    mode: int = 0o644  # for a new file
    # A file of the user's on this machine (--config, --env-file with --example/--snapshot),
    # written even when the machine facts came from a read-only snapshot.
    host: bool = False
    binary: bytes | None = None  # old bytes of a removed file that is not text (a library)

    def diff(self) -> str:
        if self.new is None:
            return f"--- a/{self.path.lstrip('/')}\n+++ /dev/null\n(removed)\n"
        a = [] if self.old is None else split_lines(self.old)
        b = split_lines(self.new)
        rel = self.path.lstrip("/")
        lines = difflib.unified_diff(a, b, "/dev/null" if self.old is None else f"a/{rel}", f"b/{rel}")
        out = []
        for ln in lines:
            # Keep CRLF visible and end every diff line with exactly one newline.
            body = ln[:-1] if ln.endswith("\n") else ln
            out.append(body.replace("\r", "\\r") + "\n")
            if not ln.endswith("\n"):
                out.append("\\ No newline at end of file\n")
        return "".join(out)


@dataclass(frozen=True)
class Command:
    argv: tuple[str, ...]
    why: str = ""
    timeout: float = 300.0
    # Added to the environment of this command; None unsets the variable (as in Action.env).
    env: Mapping[str, str | None] = field(default_factory=dict)


@dataclass
class Concrete:
    title: str
    fixer: str | None
    applicability: Applicability
    why: str = ""  # why this applicability, why this plan
    needs_root: bool = False
    needs_reboot: bool = False
    edits: list[FileEdit] = field(default_factory=list)
    commands: list[Command] = field(default_factory=list)  # run after the edits, in order
    undo_commands: list[Command] = field(default_factory=list)  # run after restoring files
    notes: list[str] = field(default_factory=list)  # prose steps the user does (reboot, log in again)
    origin: list[str] = field(default_factory=list)  # finding codes (or "--iommu")
    nothing_to_do: str | None = None  # reason, when the machine already has it
    refused: str | None = None  # reason, when the fixer would not plan
    params: dict[str, Any] = field(default_factory=dict)
    key: str = ""  # plans with the same key are one plan (one per bootloader)
    plan: FixPlan | None = None  # what it was made from; planned again to verify after writing
    needs_relogin: bool = False  # takes effect in new login sessions (groups, profile.d)
    manual: str | None = None  # display-only because a person must act: "bios", "hardware", "vendor download"
    conflicts: list[str] = field(default_factory=list)  # which of two contradicting changes won, and why
    changes: list[str] = field(default_factory=list)  # a summary shown above the commands (pip's dry run)
    takes_effect: str | None = None  # when it takes effect if not at once ("after the launcher sources F")

    @property
    def actionable(self) -> bool:
        return not self.nothing_to_do and not self.refused and bool(self.edits or self.commands)

    @property
    def deferred(self) -> str | None:
        """Why this plan cannot be verified right after applying it (the next scan does)."""
        if self.needs_reboot:
            return "after the reboot"
        if self.needs_relogin:
            return "after logging in again"
        return self.takes_effect

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "fixer": self.fixer,
            "origin": list(self.origin),
            "applicability": self.applicability.value,
            "why": self.why,
            "needs_root": self.needs_root,
            "needs_reboot": self.needs_reboot,
            "nothing_to_do": self.nothing_to_do,
            "refused": self.refused,
            "needs_relogin": self.needs_relogin,
            "manual": self.manual,
            "conflicts": list(self.conflicts),
            "changes": list(self.changes),
            "edits": [{"path": e.path, "new_file": e.old is None, "removed": e.new is None, "note": e.note,
                       "host": e.host, "diff": e.diff()} for e in self.edits],
            "commands": [{"argv": list(c.argv), "env": dict(c.env), "why": c.why} for c in self.commands],
            "undo_commands": [list(c.argv) for c in self.undo_commands],
            "notes": list(self.notes),
            "params": dict(self.params),
        }


class FixContext:
    """What a fixer may use: the Source for reading, the scan's facts, the options the
    user gave (--env-file, --iommu-mode...), and where the tree lives for writing."""

    def __init__(self, source: Source, facts=None, options: dict | None = None):
        self.source = source
        self.facts = facts
        self.options = dict(options or {})

    @property
    def kind(self) -> str:
        return self.source.kind

    @property
    def live(self) -> bool:
        return self.source.kind == "live"

    def read(self, path: str) -> str | None:
        return self.source.read(path).text

    def fact(self, name: str, default=None):
        return self.facts.optional(name, default) if self.facts is not None else default

    def real_path(self, path: str) -> str:
        """The host path to write for ``path`` on the scanned tree, symlinks followed
        (inside the tree for --root). Snapshots have none: they are read-only."""
        if self.source.kind == "live":
            return os.path.realpath(path)
        tree = getattr(self.source, "_tree", None)
        if self.source.kind == "root" and tree is not None:
            return tree.host_path(path)
        raise Refused("a snapshot is read-only; run on the machine")

    def link_note(self, path: str) -> str:
        target = self.source.readlink(path)
        return f"a symlink to {target}; the target is edited and the link kept" if target else ""


def split_lines(text: str) -> list[str]:
    """Lines with their endings, split on "\n" only (str.splitlines also splits on
    form feeds and other characters a config file may hold)."""
    return re.findall(r"[^\n]*\n|[^\n]+$", text)


_FIXER_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def fixer_module(name: str | None):
    if not _FIXER_NAME.match(name or ""):
        return None
    try:
        return importlib.import_module(f"rocmdoctor.fixes.{name}")
    except ImportError:
        return None


def route(fp: FixPlan) -> list[FixPlan]:
    """A plan a check made without naming a fixer, given one by what it holds, so the
    same advice everywhere becomes an applicable plan: environment settings go to
    env_file (a file the user chooses), pip requirements for the scanned interpreter to
    pip (dry run first, torch never replaced). A config edit that also unsets a variable
    of the machine's environment is two plans: the file edit and the unset."""
    from ..base.records import replace

    has_env = any(a.kind == "env" and a.env for a in fp.actions)
    if fp.fixer == "config_edit" and has_env and fp.params.get("edits"):
        env = tuple(a for a in fp.actions if a.kind == "env" and a.env)
        return [fp, FixPlan(fp.title + " in the environment", env, Applicability.SAFE, fixer="env_file")]
    if fp.fixer:
        return [fp]
    kinds = {a.kind for a in fp.actions}
    if has_env and kinds <= {"env", "note"}:
        return [replace(fp, fixer="env_file", applicability=Applicability.SAFE)]
    if fp.params.get("python") and fp.params.get("requirements"):
        return [replace(fp, fixer="pip", applicability=Applicability.UNSAFE)]
    return [fp]


def concretize(items: list[tuple[str, FixPlan]], fctx: FixContext) -> list[Concrete]:
    """Turn (origin, FixPlan) pairs into concrete plans, merging plans of the same
    fixer where the fixer asks for it (kernel_cmdline: one per bootloader; config_edit:
    one per file), and the same advice from several findings into one."""
    grouped: dict[str, list[tuple[str, FixPlan]]] = {}
    order: list[str] = []
    out: list[Concrete] = []
    for origin, fp in [(o, r) for o, p in items for r in route(p)]:
        fixer = fp.fixer
        mod = fixer_module(fixer) if fixer else None
        if fixer and mod is not None and (hasattr(mod, "merge") or hasattr(mod, "regroup")):
            key = fixer
        else:  # the same advice from several findings (one per GPU) is shown once
            key = next((k for k in order if k.startswith("#") and _same(grouped[k][0][1], fp)), f"#{len(order)}")
        if key not in grouped:
            grouped[key] = []
            order.append(key)
        grouped[key].append((origin, fp))
    for key in order:
        group = grouped[key]
        origins = [o for o, _ in group]
        fp = group[0][1]
        mod = fixer_module(fp.fixer) if fp.fixer else None
        if mod is not None and hasattr(mod, "regroup"):
            for sub_origins, sub in mod.regroup(group):
                out.append(_one(mod, sub, sub_origins, fctx))
            continue
        if mod is not None and len(group) > 1 and hasattr(mod, "merge"):
            fp = mod.merge([p for _, p in group])
        out.append(_one(mod, fp, origins, fctx))
    return _fold_causes(_one_plan_per_file(out))


def _same(a: FixPlan, b: FixPlan) -> bool:
    """The same steps under two titles (two pin checks printing one pip command) are one plan."""
    return a == b or (a.fixer == b.fixer and a.actions == b.actions and bool(a.actions)
                      and a.applicability == b.applicability)


def _one_plan_per_file(plans: list[Concrete]) -> list[Concrete]:
    """Two fixers must not write one file in one run: the second would be planned from
    bytes the first replaces. The later plan is refused and says which plan has the file."""
    owner: dict[str, int] = {}
    for i, c in enumerate(plans):
        if not c.actionable:
            continue
        clash = next((e.path for e in c.edits if e.path in owner), None)
        if clash is not None:
            c.refused = (f"{clash} is edited by plan [{owner[clash] + 1}] too; apply that one, "
                         "then run fix again for this one")
            continue
        for e in c.edits:
            owner[e.path] = i
    return plans


def _fold_causes(plans: list[Concrete]) -> list[Concrete]:
    """A finding that is a consequence of another (torch sees no GPU because of the WSL
    runtime) carries a ``causes`` plan naming the codes; its origin joins the plan of the
    first named code that has one, so applying it also re-checks the consequence."""
    out = []
    for c in plans:
        if c.fixer != "causes":
            out.append(c)
            continue
        codes = list((c.plan.params if c.plan else {}).get("codes") or [])
        target = next((p for code in codes for p in plans
                       if p.fixer != "causes" and p.actionable and any(o.split(" ")[0] == code for o in p.origin)), None)
        if target is None:
            c.notes = c.notes or ["no plan in this run fixes any of its usual causes: " + ", ".join(codes)]
            out.append(c)
            continue
        target.origin.extend(o for o in c.origin if o not in target.origin)
    return out


def _one(mod, fp: FixPlan, origins: list[str], fctx: FixContext) -> Concrete:
    if mod is None:
        c = display_only(fp)
        if fp.fixer:
            c.why = f"no fixer named {fp.fixer!r} in this rocmdoctor; shown as advice"
    else:
        try:
            c = mod.plan(fp, fctx)
        except Refused as exc:
            c = display_only(fp)
            c.refused = str(exc)
            c.fixer = fp.fixer
        except Exception as exc:  # a fixer bug must not stop the others
            c = display_only(fp)
            c.refused = f"the fixer crashed: {type(exc).__name__}: {exc}"
            c.fixer = fp.fixer
    c.origin = list(origins)
    c.plan = fp
    return c


def display_only(fp: FixPlan) -> Concrete:
    """A plan the tool only shows: its actions become commands and notes to read."""
    manual = fp.params.get("manual")
    c = Concrete(title=fp.title, fixer=fp.fixer, applicability=Applicability.DISPLAY_ONLY,
                 why=(f"a person must act ({manual}): " + str(fp.params.get("why") or "rocmdoctor cannot do this")
                      if manual else "advice: " + str(fp.params.get("why") or "no fixer in rocmdoctor applies this")),
                 needs_root=fp.needs_root, needs_reboot=fp.needs_reboot, params=dict(fp.params), manual=manual)
    for a in fp.actions:
        if a.argv:
            c.commands.append(Command(tuple(a.argv), a.description, env=dict(a.env or {})))
        elif a.env is not None:
            for k, v in a.env.items():
                c.notes.append(f"unset {k}" if v is None else f"export {k}={v}")
        else:
            c.notes.append(a.description)
    return c


# ---------------------------------------------------------------------- rendering
def shell_join(argv) -> str:
    import shlex

    return " ".join(shlex.quote(a) for a in argv)


def render_text(plans: list[Concrete], *, live: bool, kind: str | None = None) -> str:
    """kind: the source's ("live", "root", "snapshot"); commands are "run" on a live host,
    "run after" under --root (where nothing runs), "run on the machine" for a snapshot."""
    out: list[str] = []
    if not plans:
        return "nothing to fix: no failing or warning finding has a fix plan\n"
    for i, c in enumerate(plans, 1):
        flags = [c.applicability.value]
        if c.needs_root:
            flags.append("needs root")
        if c.needs_reboot:
            flags.append("needs reboot")
        if c.needs_relogin:
            flags.append("needs re-login")
        out.append(f"[{i}] {c.title}  ({', '.join(flags)})")
        if c.origin:
            out.append(f"    from: {', '.join(c.origin)}")
        if c.why:
            out.append(f"    why: {c.why}")
        for w in c.conflicts:
            out.append(f"    conflict: {w}")
        for ch in c.changes:
            out.append(f"    {ch}")
        if c.refused:
            out.append(f"    refused: {c.refused}")
        if c.nothing_to_do:
            out.append(f"    nothing to do: {c.nothing_to_do}")
        for e in c.edits:
            out.append(f"    {'remove' if e.new is None else 'edit'} {e.path}" + (" (new file)" if e.old is None else "")
                       + (f"  [{e.note}]" if e.note else "") + ":")
            out.extend("      " + ln for ln in e.diff().rstrip("\n").split("\n"))
        run_word = ("run" if live or c.applicability == Applicability.DISPLAY_ONLY
                    else "run on the machine" if kind in ("snapshot", "example") else "run after (not run on --root)")
        for cmd in c.commands:
            env = "".join(f"{k}={shell_join([v])} " for k, v in cmd.env.items() if v is not None)
            unset = [k for k, v in cmd.env.items() if v is None]
            env += f"env {' '.join('-u ' + k for k in unset)} " if unset else ""
            out.append(f"    {run_word}: {env}{shell_join(cmd.argv)}" + (f"   # {cmd.why}" if cmd.why else ""))
        for n in c.notes:
            out.append(f"    then: {n}")
        out.append("")
    from ..base.redact import scrub_text

    return scrub_text("\n".join(out))


def applies_here(c: Concrete, kind: str) -> bool:
    """Whether --apply can carry this plan out from here: anything on a live host or a
    --root tree; from a snapshot or example only edits to the user's own files."""
    if kind in ("live", "root"):
        return True
    return bool(c.edits) and all(e.host for e in c.edits) and not c.commands


def closing_line(plans: list[Concrete], kind: str, *, unsafe: bool = False) -> str:
    """One sentence that says what `--apply` would do with these plans, by number."""
    def nums(xs):
        return ", ".join(f"[{plans.index(c) + 1}]" for c in xs)

    act = [c for c in plans if c.actionable and c.applicability != Applicability.DISPLAY_ONLY]
    here = [c for c in act if applies_here(c, kind)]
    safe = [c for c in here if c.applicability == Applicability.SAFE]
    uns = [c for c in here if c.applicability == Applicability.UNSAFE]
    elsewhere = [c for c in act if c not in here]
    shown = [c for c in plans if c.actionable and c.applicability == Applicability.DISPLAY_ONLY]
    parts = []
    if safe or (uns and unsafe):
        parts.append(f"--apply would apply {nums(safe + (uns if unsafe else []))}")
    else:
        parts.append("--apply would apply nothing")
    if uns and not unsafe:
        parts.append(f"{nums(uns)} only with --unsafe too")
    if elsewhere:
        parts.append(f"{nums(elsewhere)} only on the machine itself ({kind} is read-only)")
    if shown:
        parts.append(f"{nums(shown)} are for a person to do")
    return "; ".join(parts) + "."


def to_json(plans: list[Concrete], source: dict) -> dict:
    from ..base.redact import scrub_value

    return scrub_value({"schema": SCHEMA, "schema_version": SCHEMA_VERSION, "source": source,
                        "plans": [c.to_dict() for c in plans]})
