"""Concrete fix plans: what `rocmdoctor fix` shows and applies.

A check's :class:`~rocmdoctor.engine.model.FixPlan` says *what* should change ("the kernel
command line should carry iommu=pt"). A fixer module in ``rocmdoctor.fixes`` turns it
into a :class:`Concrete` plan against the tree the scan read: the exact file edits
(old and new text, shown as a unified diff) and the exact argv of each command.
Planning reads only through the Source, so it works the same on the live host,
``--root DIR`` and snapshots; writing happens in :mod:`rocmdoctor.remedy.atomic_edit`.

A fixer module has ``plan(fix: FixPlan, fctx: FixContext) -> Concrete`` and may have
``merge(plans: list[FixPlan]) -> FixPlan`` when several findings' plans must become
one (kernel_cmdline: at most one plan per bootloader per run).
"""
from __future__ import annotations

import difflib
import importlib
import os
import re
from typing import Any

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
    new: str
    note: str = ""  # e.g. "a symlink to /etc/grub.real; the target is edited"
    mode: int = 0o644  # for a new file

    def diff(self) -> str:
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
    env: dict[str, str] = field(default_factory=dict)  # added to the environment of this command


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

    @property
    def actionable(self) -> bool:
        return not self.nothing_to_do and not self.refused and bool(self.edits or self.commands)

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
            "edits": [{"path": e.path, "new_file": e.old is None, "note": e.note, "diff": e.diff()}
                      for e in self.edits],
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


def fixer_module(name: str):
    if not _FIXER_NAME.match(name or ""):
        return None
    try:
        return importlib.import_module(f"rocmdoctor.fixes.{name}")
    except ImportError:
        return None


def concretize(items: list[tuple[str, FixPlan]], fctx: FixContext) -> list[Concrete]:
    """Turn (origin, FixPlan) pairs into concrete plans, merging plans of the same
    fixer where the fixer asks for it (kernel_cmdline: one per bootloader)."""
    grouped: dict[str, list[tuple[str, FixPlan]]] = {}
    order: list[str] = []
    out: list[Concrete] = []
    for origin, fp in items:
        mod = fixer_module(fp.fixer) if fp.fixer else None
        if mod is not None and hasattr(mod, "merge"):
            key = fp.fixer
        else:  # the same advice from several findings (one per GPU) is shown once
            key = next((k for k in order if k.startswith("#") and grouped[k][0][1] == fp), f"#{len(order)}")
        if key not in grouped:
            grouped[key] = []
            order.append(key)
        grouped[key].append((origin, fp))
    for key in order:
        group = grouped[key]
        origins = [o for o, _ in group]
        fp = group[0][1]
        mod = fixer_module(fp.fixer) if fp.fixer else None
        if mod is not None and len(group) > 1 and hasattr(mod, "merge"):
            fp = mod.merge([p for _, p in group])
        out.append(_one(mod, fp, origins, fctx))
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
    c = Concrete(title=fp.title, fixer=fp.fixer, applicability=Applicability.DISPLAY_ONLY,
                 why="advice: rocmdoctor does not apply this itself",
                 needs_root=fp.needs_root, needs_reboot=fp.needs_reboot, params=dict(fp.params))
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
        out.append(f"[{i}] {c.title}  ({', '.join(flags)})")
        if c.origin:
            out.append(f"    from: {', '.join(c.origin)}")
        if c.why:
            out.append(f"    why: {c.why}")
        if c.refused:
            out.append(f"    refused: {c.refused}")
        if c.nothing_to_do:
            out.append(f"    nothing to do: {c.nothing_to_do}")
        for e in c.edits:
            out.append(f"    edit {e.path}" + (" (new file)" if e.old is None else "")
                       + (f"  [{e.note}]" if e.note else "") + ":")
            out.extend("      " + ln for ln in e.diff().rstrip("\n").split("\n"))
        run_word = ("run" if live or c.applicability == Applicability.DISPLAY_ONLY
                    else "run on the machine" if kind == "snapshot" else "run after (not run on --root)")
        for cmd in c.commands:
            env = "".join(f"{k}={shell_join([v])} " for k, v in cmd.env.items())
            out.append(f"    {run_word}: {env}{shell_join(cmd.argv)}" + (f"   # {cmd.why}" if cmd.why else ""))
        for n in c.notes:
            out.append(f"    then: {n}")
        out.append("")
    from ..base.redact import scrub_text

    return scrub_text("\n".join(out))


def to_json(plans: list[Concrete], source: dict) -> dict:
    from ..base.redact import scrub_value

    return scrub_value({"schema": SCHEMA, "schema_version": SCHEMA_VERSION, "source": source,
                        "plans": [c.to_dict() for c in plans]})
