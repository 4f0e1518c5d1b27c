"""Kernel module options in /etc/modprobe.d, e.g. the TTM page limit an APU needs.

FixPlan contract: ``fixer="modprobe"``, ``params={"module": "ttm", "options": {"pages_limit": "27787264"}}``.
The options go to /etc/modprobe.d/rocmdoctor-MODULE.conf as one ``options MODULE k=v ...``
line (the file is rocmdoctor's own, so the rest of modprobe.d stays as it is; an option
another file there also sets is named in a note, since modprobe reads the files in name
order and merges them). The module reads its options when it loads, usually from the
initramfs: the initramfs is regenerated (update-initramfs or dracut, whichever the tree
has) and a reboot applies it. Safe, needs root and a reboot; the next scan verifies it
(/sys/module/MODULE/parameters). Undo restores the file and regenerates the initramfs.
Source: amd-debug-tools' amd-ttm writes the same setting; kernel modprobe.d(5).
"""
from __future__ import annotations

import re

from rocmdoctor.engine.model import Applicability, FixPlan
from rocmdoctor.remedy.fixplan import Command, Concrete, FileEdit, FixContext, Refused

NAME = "modprobe"
_WORD = re.compile(r"^[A-Za-z0-9_.,:+-]+$")


def initramfs_command(fctx: FixContext) -> Command | None:
    for path, argv in (("/usr/sbin/update-initramfs", ("update-initramfs", "-u")),
                       ("/sbin/update-initramfs", ("update-initramfs", "-u")),
                       ("/usr/bin/dracut", ("dracut", "-f")), ("/usr/sbin/dracut", ("dracut", "-f"))):
        if fctx.source.exists(path):
            return Command(argv, "the module loads from the initramfs: rebuild it with the new options")
    return None


def plan(fix: FixPlan, fctx: FixContext) -> Concrete:
    module = str(fix.params.get("module") or "")
    options = {str(k): str(v) for k, v in (fix.params.get("options") or {}).items()}
    if not re.match(r"^[a-z0-9_]+$", module) or not options:
        raise Refused(f"not a module option plan: {module!r} {options!r}")
    for k, v in options.items():
        if not _WORD.match(k) or not _WORD.match(v):
            raise Refused(f"{k}={v!r} is not a modprobe option value")
    path = f"/etc/modprobe.d/rocmdoctor-{module}.conf"
    c = Concrete(title=fix.title, fixer=NAME, applicability=Applicability.SAFE, needs_root=True, needs_reboot=True,
                 params=dict(fix.params),
                 why=f"module options in a file of rocmdoctor's own ({path}); the module reads them at its next load")
    line = f"options {module} " + " ".join(f"{k}={v}" for k, v in options.items())
    for other in sorted(fctx.source.glob("/etc/modprobe.d/*.conf")):
        if other == path:
            continue
        for ln in (fctx.read(other) or "").splitlines():
            words = ln.split()
            if len(words) > 2 and words[0] == "options" and words[1] == module:
                clash = [w for w in words[2:] if w.split("=")[0] in options]
                if clash:
                    c.notes.append(f"{other} also sets {' '.join(clash)}; modprobe reads both files, "
                                   "take it out there if it disagrees")
    old = fctx.read(path)
    new = f"# written by `rocmdoctor fix` ({', '.join(fix.title.split(chr(10))[:1])})\n{line}\n"
    if old is not None and any(ln.strip() == line for ln in old.splitlines()):
        c.nothing_to_do = f"{path} already has `{line}`"
        return c
    c.edits.append(FileEdit(path, old, new))
    cmd = initramfs_command(fctx)
    if cmd is not None:
        c.commands.append(cmd)
        c.undo_commands.append(cmd)
    c.notes.append(f"reboot; then /sys/module/{module}/parameters shows the new values and `rocmdoctor scan` "
                   "confirms it")
    return c
