"""PCIe ACS off on the bridges above the GPUs, for P2P collectives that crawl or hang:
with setpci for this boot, and a systemd unit that does it again at every boot.

FixPlan contract: ``fixer="pci_acs"``, ``params={"bridges": ["0000:00:01.1", ...]}``.
Unsafe: it removes IOMMU-group isolation, which breaks VFIO passthrough; the lasting fix is
ACS off in the BIOS. The persistent form is /etc/systemd/system/rocmdoctor-pci-acs.service
(a oneshot unit, enabled with systemctl). On a live host the registers' current values are
read first, so --undo writes them back for this boot and removes the unit; under --root
the unit is written in the tree and the commands are listed for that system.
Sources: NCCL User Guide "Troubleshooting > PCI Access Control Services (ACS)";
NVIDIA/nccl#199, #667.
"""
from __future__ import annotations

import re

from rocmdoctor.engine.model import Applicability, FixPlan
from rocmdoctor.remedy.fixplan import Command, Concrete, FileEdit, FixContext, Refused

from rocmdoctor.remedy.plans import ACS_FIXER as NAME  # one definition, with the plan builder
from rocmdoctor.remedy.plans import ACS_REG as REG
from rocmdoctor.remedy.plans import ACS_WHY as WHY
from rocmdoctor.remedy.plans import BDF as _BDF
from rocmdoctor.remedy.plans import acs_disable_plan  # noqa: F401  (tests and callers import it here too)

UNIT = "/etc/systemd/system/rocmdoctor-pci-acs.service"


def unit_text(bridges: list[str]) -> str:
    lines = ["# written by `rocmdoctor fix`: PCIe ACS off for GPU peer-to-peer traffic (unsafe: no VFIO isolation)",
             "[Unit]", "Description=Turn PCIe ACS off on the bridges above the GPUs", "After=sysinit.target", "",
             "[Service]", "Type=oneshot"]
    lines += [f"ExecStart=/usr/bin/setpci -s {b} {REG}=0000" for b in bridges]
    lines += ["", "[Install]", "WantedBy=multi-user.target", ""]
    return "\n".join(lines)


def _current(b: str) -> str | None:
    from rocmdoctor.machine import proc

    r = proc.run(("setpci", "-s", b, REG), timeout=10)
    v = r.stdout.strip() if r.ok else ""
    return v if re.match(r"^[0-9a-fA-F]{4}$", v) else None


def plan(fix: FixPlan, fctx: FixContext) -> Concrete:
    bridges = [str(b) for b in fix.params.get("bridges") or []]
    if not bridges or any(not _BDF.match(b) for b in bridges):
        raise Refused(f"not PCI addresses: {bridges!r}")
    c = Concrete(title=fix.title, fixer=NAME, applicability=Applicability.UNSAFE, needs_root=True,
                 params=dict(fix.params), why=WHY + "; now with setpci, at every boot from " + UNIT)
    c.commands = [Command(("setpci", "-s", b, f"{REG}=0000"), f"bridge {b}, this boot", timeout=10) for b in bridges]
    old = fctx.read(UNIT)
    new = unit_text(bridges)
    if old != new:
        c.edits.append(FileEdit(UNIT, old, new))
        c.commands.append(Command(("systemctl", "enable", "rocmdoctor-pci-acs.service"), "run it at every boot"))
        c.undo_commands.append(Command(("systemctl", "disable", "rocmdoctor-pci-acs.service")))
    if fctx.live:
        before = {b: _current(b) for b in bridges}
        c.undo_commands += [Command(("setpci", "-s", b, f"{REG}={v}"), timeout=10) for b, v in before.items() if v]
    else:
        c.notes.append("undo on that system: the unit is removed; a reboot brings ACS back")
    return c
