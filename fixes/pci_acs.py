"""Runtime PCIe ACS disable through setpci, for P2P collectives that crawl or hang.

Not persistent (lost at reboot) and unsafe: it removes IOMMU-group isolation, which
breaks VFIO passthrough. The lasting fix is ACS off in the BIOS. Sources: NCCL User
Guide "Troubleshooting > PCI Access Control Services (ACS)"; NVIDIA/nccl#199, #667.
"""
from __future__ import annotations

import re

from rocmdoctor.engine.model import Action, Applicability, FixPlan

_BDF = re.compile(r"^(?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]$")


def acs_disable_plan(bridges: list[str]) -> FixPlan:
    """A plan a PCIe check attaches: one setpci per bridge that has ACS on."""
    bad = [b for b in bridges if not _BDF.match(b)]
    if bad:
        raise ValueError(f"not PCI addresses: {bad}")
    actions = tuple(Action("command", f"clear the ACS control register of bridge {b}",
                           argv=("setpci", "-s", b, "ECAP_ACS+0x6.w=0000")) for b in bridges)
    actions += (Action("note", "not persistent: do it again after each boot, or turn ACS off in the BIOS"),)
    return FixPlan("Turn PCIe ACS off on the bridges above the GPUs (until reboot)", actions,
                   Applicability.UNSAFE, needs_root=True, fixer="commands",
                   params={"timeout": 10, "why": "unsafe: drops IOMMU-group isolation (breaks VFIO) and lasts "
                                                 "only until reboot; NCCL User Guide, ACS section"})
