"""PCI ids: enough to name common AMD GPUs without running any tool.

Source: the PCI ID repository (pci-ids.ucw.cz, vendor 1002) and AMD's product pages.
"""
from __future__ import annotations

AMD_VENDOR = 0x1002
NVIDIA_VENDOR = 0x10DE

_AMD_NAMES = {
    0x66A0: "AMD Instinct MI60 / MI50 16GB",
    0x66A1: "AMD Instinct MI50 / Radeon Pro VII",
    0x66A3: "AMD Radeon Pro Vega II",
    0x66AF: "AMD Radeon VII",
    0x738C: "AMD Instinct MI100",
    0x740C: "AMD Instinct MI250X/MI250",
    0x740F: "AMD Instinct MI210",
    0x74A0: "AMD Instinct MI300A",
    0x74A1: "AMD Instinct MI300X",
    0x74A5: "AMD Instinct MI325X",
    0x75A0: "AMD Instinct MI350X",
    0x75A3: "AMD Instinct MI355X",
    0x73BF: "AMD Radeon RX 6800/6800 XT/6900 XT",
    0x73A1: "AMD Radeon PRO V620",
    0x73A3: "AMD Radeon PRO W6800",
    0x744C: "AMD Radeon RX 7900 XTX/7900 XT/7900 GRE",
    0x7448: "AMD Radeon PRO W7900",
    0x745E: "AMD Radeon PRO W7800",
    0x747E: "AMD Radeon RX 7800 XT/7700 XT",
    0x7480: "AMD Radeon RX 7600/7600 XT",
    0x7550: "AMD Radeon RX 9070/9070 XT",
    0x7551: "AMD Radeon AI PRO R9700",
    0x7590: "AMD Radeon RX 9060 XT",
    0x164E: "AMD Radeon Graphics (Raphael iGPU)",
    0x15BF: "AMD Radeon 780M (Phoenix iGPU)",
}

# Targets that only ever ship as integrated GPUs in client APUs. gfx1151 (Strix Halo)
# and gfx942 (MI300A) are APUs too but are the machine's main GPU, so not listed.
INTEGRATED_GFX = frozenset({
    "gfx902", "gfx909", "gfx90c", "gfx1013", "gfx1033", "gfx1035", "gfx1036",
    "gfx1037", "gfx1103", "gfx1150", "gfx1152", "gfx1153",
})


def pci_name(device_id: int) -> str | None:
    return _AMD_NAMES.get(device_id)
