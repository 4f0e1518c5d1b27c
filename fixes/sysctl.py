"""Kernel settings (sysctl): now with ``sysctl -w``, and at every boot from /etc/sysctl.d.

FixPlan contract: ``fixer="sysctl"``, ``params={"settings": {"kernel.numa_balancing": "0"}}``.
The persistent form is /etc/sysctl.d/90-rocmdoctor.conf (rocmdoctor's own file: other
files stay as they are; one that sets the same key later in name order would win, and is
named). ``sysctl -w`` applies it to the running kernel on a live host, so the checks behind
it are verified right away; under --root the command is listed for that system. Safe,
needs root. Undo restores the file and writes the values read before the change back
with ``sysctl -w``. Source: sysctl.d(5).
"""
from __future__ import annotations

import re

from rocmdoctor.engine.model import Applicability, FixPlan
from rocmdoctor.remedy.fixplan import Command, Concrete, FileEdit, FixContext, Refused

NAME = "sysctl"
PATH = "/etc/sysctl.d/90-rocmdoctor.conf"
_KEY = re.compile(r"^[a-z0-9_]+(\.[A-Za-z0-9_-]+)+$")
_VALUE = re.compile(r"^[A-Za-z0-9_. :-]*$")


def merge(plans: list[FixPlan]) -> FixPlan:
    settings: dict[str, str] = {}
    for p in plans:
        settings.update(p.params.get("settings") or {})
    return FixPlan("Kernel settings for training: " + ", ".join(f"{k}={v}" for k, v in settings.items()), (),
                   Applicability.SAFE, needs_root=True, fixer=NAME, params={"settings": settings})


def _parse(text: str) -> dict[str, str]:
    out = {}
    for ln in text.splitlines():
        ln = ln.strip()
        if ln and not ln.startswith(("#", ";")) and "=" in ln:
            k, v = ln.lstrip("-").split("=", 1)
            out[k.strip().replace("/", ".")] = v.strip()
    return out


def plan(fix: FixPlan, fctx: FixContext) -> Concrete:
    settings = {str(k): str(v) for k, v in (fix.params.get("settings") or {}).items()}
    for k, v in settings.items():
        if not _KEY.match(k) or not _VALUE.match(v):
            raise Refused(f"{k}={v!r} is not a sysctl setting rocmdoctor writes")
    c = Concrete(title=fix.title, fixer=NAME, applicability=Applicability.SAFE, needs_root=True,
                 params=dict(fix.params), why=f"now with sysctl -w, and at every boot from {PATH}")
    old = fctx.read(PATH)
    have = _parse(old or "")
    lines = (old or "# kernel settings for ROCm training, written by `rocmdoctor fix`\n").splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    for k, v in settings.items():
        if have.get(k) == v:
            continue
        lines = [ln for ln in lines if _parse(ln).keys() != {k}]
        lines.append(f"{k} = {v}\n")
    new = "".join(lines)
    for other in sorted(fctx.source.glob("/etc/sysctl.d/*.conf")):
        if other > PATH:
            later = _parse(fctx.read(other) or "")
            for k, v in settings.items():
                if k in later and later[k] != v:
                    c.notes.append(f"{other} sets {k} = {later[k]} and is read after {PATH}: take it out there")
    running = {k: (fctx.read("/proc/sys/" + k.replace(".", "/")) or "").strip() for k in settings}
    stale = {k: v for k, v in settings.items() if running.get(k) != v}
    if new != (old or ""):
        c.edits.append(FileEdit(PATH, old, new))
    if stale:
        c.commands.append(Command(("sysctl", "-w", *[f"{k}={v}" for k, v in stale.items()]), "for this boot"))
        back = {k: running[k] for k in stale if running.get(k)}
        if back:
            c.undo_commands.append(Command(("sysctl", "-w", *[f"{k}={v}" for k, v in back.items()])))
    if not c.edits and not c.commands:
        c.nothing_to_do = "the kernel and " + PATH + " already have " + ", ".join(f"{k}={v}" for k, v in settings.items())
    return c
