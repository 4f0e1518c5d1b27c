"""Plan builders the checks attach to their findings: data only (a FixPlan naming the fixer that
applies it), so the checks wing never imports a fixer. The fixers in fixes/ read the same
constants from here.

- ``acs_disable_plan``: PCIe ACS off on the bridges above the GPUs (fixes/pci_acs.py; unsafe).
- ``groups_plan``: the user into render/video (fixes/groups.py; safe, needs root and a re-login).
- ``das_wheel_plan``: a Hygon DAS wheel for the installed DTK (display-only: a vendor download).
"""
from __future__ import annotations

import re

from ..engine.model import Action, Applicability, FixPlan
from ..knowledge.platforms import DAS_DOWNLOADS

# PCIe ACS (NCCL User Guide, "Troubleshooting > PCI Access Control Services (ACS)")
ACS_FIXER = "pci_acs"
ACS_REG = "ECAP_ACS+0x6.w"
BDF = re.compile(r"^(?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]$")
ACS_WHY = "unsafe: drops IOMMU-group isolation (breaks VFIO); NCCL User Guide, ACS section"

GROUPS_FIXER = "groups"


def acs_disable_plan(bridges: list[str]) -> FixPlan:
    """A plan a PCIe check attaches: ACS control cleared on each bridge that has it on."""
    bad = [b for b in bridges if not BDF.match(b)]
    if bad:
        raise ValueError(f"not PCI addresses: {bad}")
    actions = tuple(Action("command", f"clear the ACS control register of bridge {b}",
                           argv=("setpci", "-s", b, f"{ACS_REG}=0000")) for b in bridges)
    actions += (Action("note", "or turn ACS off in the BIOS, which lasts without a unit"),)
    return FixPlan("Turn PCIe ACS off on the bridges above the GPUs", actions, Applicability.UNSAFE,
                   needs_root=True, fixer=ACS_FIXER, params={"bridges": list(bridges), "timeout": 10, "why": ACS_WHY})


def groups_plan(user: str, groups=("render", "video")) -> FixPlan:
    return FixPlan(f"Add {user} to the {', '.join(groups)} groups",
                   (Action("command", "add the user to the device groups",
                           argv=("usermod", "-aG", ",".join(groups), user)),),
                   Applicability.SAFE, needs_root=True, fixer=GROUPS_FIXER,
                   params={"user": user, "groups": list(groups)})


def das_wheel_plan(what: str, dtk: str | None) -> FixPlan:
    tag = f"dtk{dtk.replace('.', '')}" if dtk else "dtkNNNN"
    return FixPlan(f"Install the DAS {what} built for this DTK", (
        Action("note", f"Download the {what} wheel whose version ends in `{tag}` (and, for extensions, names "
                       f"the installed torch) from Hygon's DAS repository ({DAS_DOWNLOADS}) and install it "
                       "with `pip install --no-deps <wheel>`; PyPI builds target CUDA or AMD's ROCm, not DTK."),),
        params={"manual": "vendor download", "why": "DAS wheels are downloaded from Hygon's site after a login"})
