"""Add a user to the groups that own /dev/kfd and /dev/dri/renderD* (render, video).

FixPlan contract: ``fixer="groups"``, ``params={"user": "alice", "groups": ["render", "video"]}``.
Planned from /etc/group and /etc/passwd on the scanned tree; applied with
``usermod -aG render,video USER`` (never on --root: listed as a step to run after).
Source: install/prerequisites.rst "Setting permissions for groups"; install-faq Issue #9.
"""
from __future__ import annotations

import os
import re

from rocmdoctor.remedy.fixplan import Command, Concrete, FixContext, Refused
from rocmdoctor.engine.model import Applicability, FixPlan

from rocmdoctor.remedy.plans import GROUPS_FIXER as NAME
from rocmdoctor.remedy.plans import groups_plan  # noqa: F401  (callers and tests import it here too)
_USER = re.compile(r"^[a-z_][a-z0-9_.-]*\$?$", re.I)


def parse_group(text: str) -> dict[str, tuple[int | None, list[str]]]:
    out = {}
    for line in text.splitlines():
        parts = line.strip().split(":")
        if len(parts) < 4 or line.startswith(("#", "+", "-")):
            continue
        gid = int(parts[2]) if parts[2].isdigit() else None
        out[parts[0]] = (gid, [m for m in parts[3].split(",") if m])
    return out


def primary_gid(passwd: str, user: str) -> int | None:
    for line in passwd.splitlines():
        parts = line.split(":")
        if len(parts) >= 4 and parts[0] == user and parts[3].isdigit():
            return int(parts[3])
    return None


def _default_user(fctx: FixContext) -> str | None:
    if fctx.live:
        return os.environ.get("SUDO_USER") or os.environ.get("LOGNAME") or os.environ.get("USER")
    return None


def plan(fix: FixPlan, fctx: FixContext) -> Concrete:
    user = fctx.options.get("user") or fix.params.get("user") or _default_user(fctx)
    wanted = list(fix.params.get("groups") or ["render", "video"])
    if not user:
        raise Refused("which user? pass --user NAME")
    if not _USER.match(user) or user == "root":
        raise Refused(f"{user!r} is not a user rocmdoctor will change groups for")
    text = fctx.read("/etc/group")
    if text is None:
        raise Refused("/etc/group is not readable")
    table = parse_group(text)
    pgid = primary_gid(fctx.read("/etc/passwd") or "", user)
    c = Concrete(title=f"Add {user} to the {', '.join(wanted)} groups", fixer=NAME,
                 applicability=fix.applicability if fix.applicability != Applicability.DISPLAY_ONLY
                 else Applicability.SAFE, needs_root=True, params={"user": user, "groups": wanted},
                 why="/dev/kfd and /dev/dri/renderD* are normally root:render 0660; without the group "
                     "HIP sees no GPU (install/prerequisites.rst; install-faq Issue #9)")
    absent = [g for g in wanted if g not in table]
    present = [g for g in wanted if g in table]
    if not present:
        raise Refused(f"none of the groups {', '.join(wanted)} exist in /etc/group")
    if absent:
        c.notes.append(f"group {', '.join(absent)} does not exist on this system; left out")
    lacking = [g for g in present if user not in table[g][1] and table[g][0] != pgid]
    if not lacking:
        c.nothing_to_do = f"{user} is already in {', '.join(present)}"
        return c
    c.commands = [Command(("usermod", "-aG", ",".join(lacking), user), f"add {user} to {', '.join(lacking)}")]
    c.undo_commands = [Command(("gpasswd", "-d", user, g)) for g in lacking]
    c.needs_relogin = True
    c.notes.append(f"{user} logs out and back in (or reboots) for the groups to reach new processes")
    return c
