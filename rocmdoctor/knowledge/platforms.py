"""Platform facts that are data: Hygon DCU identification, unified-memory GPUs, ROCm on
WSL. Each entry carries its source; checks read them through the names below."""
from __future__ import annotations

# Hygon *CPUs* share the DCU's PCI vendor id 0x1d94 (host bridges, IOMMU, PSP/CCP
# encryption controllers), so a DCU is only a device of that vendor in a display (0x03),
# processing-accelerator (0x12) or co-processor (0x0b40) class: Z100L enumerates as
# `Display controller [0380] ... ZIFANG [1d94:55b7]`, K100 and K100_AI as `Co-processor [0b40]
# ... KONGMING [1d94:62b7]` / `[1d94:6210]` (DCU install guide, DCU_SOURCES). The DCU rows
# themselves (gfx906/gfx926/gfx928, PCI ids) are in the GPU knowledge base (gpu_table.py).
DCU_CLASS_PREFIXES = ("0x03", "0x12", "0x0b40")
DCU_SOURCES = ("https://github.com/torvalds/linux/blob/master/include/linux/pci_ids.h",
               "https://github.com/Lacacy/DCU/blob/main/docs/zh_cn/install_dcu_on_os/ubuntu.md")

# DAS, Hygon's channel for vendor builds of torch, DeepSpeed, flash-attn, xformers, vllm,
# with the DTK release in the local version tag (`2.1.0+das1.0+git00661e0.abi0.dtk2404`).
DAS_DOWNLOADS = "https://download.sourcefind.cn:65024/4/main/"
DEEPSPEED_3091 = "https://github.com/deepspeedai/DeepSpeed/issues/3091"

# APUs (knowledge/gpus.has_unified_memory): usable GPU memory is the GTT (TTM) limit, not
# mem_info_vram_total (only the BIOS carve-out): torch sees 62.47 GiB of 128 GB on Strix Halo
# until ttm.pages_limit is raised; amdgpu.gttsize is deprecated.
GTT_SOURCES = ("https://github.com/ROCm/ROCm/issues/5595", "https://github.com/unslothai/unsloth/issues/7878",
               "https://github.com/ROCm/ROCm/issues/5444",
               "https://www.kernel.org/doc/html/latest/gpu/amdgpu/module-parameters.html")
TTM_PAGE = 4096  # ttm.pages_limit counts 4 KiB pages: GiB x 262144

# ROCm on WSL2: Radeon (and Ryzen APU) only, through the Windows Adrenalin driver and
# /dev/dxg; no amdgpu, KFD topology, IOMMU or PCIe view inside the guest.
WSL_COMPAT = ("https://rocm.docs.amd.com/projects/radeon-ryzen/en/latest/docs/compatibility/"
              "compatibilityrad/wsl/wsl_compatibility.html")
WSL_HOWTO = ("https://rocm.docs.amd.com/projects/radeon-ryzen/en/latest/docs/install/installrad/wsl/"
             "howto_wsl.html")
WSL_PYTORCH = ("https://rocm.docs.amd.com/projects/radeon-ryzen/en/latest/docs/install/installrad/wsl/"
               "install-pytorch.html")
# librocdxg with a ROCm older than 7.13 needs HSA_ENABLE_DXG_DETECTION=1 (ROCm/librocdxg#34,
# maintainer: "is to pair with rocm prev 7.13"; ROCm/rocm-systems PR #7320 documents it).
DXG_DETECTION_UNTIL = (7, 13)
DXG_SOURCES = ("https://github.com/ROCm/librocdxg/issues/34", "https://github.com/ROCm/rocm-systems/pull/7320")
# ROCm reached WSL2 with 6.1.3 and the matching Adrenalin beta driver (invoke-ai/InvokeAI#6535;
# the Radeon docs' WSL compatibility pages start at docs-6.1.3).
WSL_ROCM_FIRST = (6, 1, 3)
WSL_FIRST_SOURCES = ("https://rocm.docs.amd.com/projects/radeon/en/docs-6.1.3/docs/compatibility/wsl/"
                     "wsl_compatibility.html", "https://github.com/invoke-ai/InvokeAI/issues/6535")
# Ubuntu 24.04's own libhsa-runtime64-1/libhsakmt1 (ROCm 5.7, no DXG support) sit in the default
# library path ahead of /opt/rocm and make every ROCm tool fail with "ROCk module is NOT loaded".
WSL_SHADOW_SOURCE = "https://github.com/andweng/wsl-rocm"
WSL_SHADOW_GLOBS = ("/usr/lib/x86_64-linux-gnu/libhsa-runtime64.so.1*", "/usr/lib/x86_64-linux-gnu/libhsakmt.so.1*")
# gfx targets the WSL compatibility matrix lists (RDNA2 workstation, RDNA3, RDNA4, Strix Halo).
WSL_GFX = frozenset({"gfx1030", "gfx1100", "gfx1101", "gfx1102", "gfx1151", "gfx1200", "gfx1201"})

# Slurm's GPU GRES on AMD sets ROCR_VISIBLE_DEVICES for the job; HIP_VISIBLE_DEVICES then
# indexes *within* that list (ROCR filters first, HIP renumbers what is left).
SLURM_SOURCES = ("https://slurm.schedmd.com/gres.html",
                 "https://rocm.docs.amd.com/en/latest/conceptual/gpu-isolation.html")

# Peer-to-peer DMA reaches another GPU's BAR only below the device's physical addressing
# limit; AMD GPUs before MI300 address 44 bits (16 TiB), while some server boards place the
# high MMIO aperture far above (0x380000000000 on Xeon boards: ROCm/ROCm#787, #140). Fix: move
# the BIOS "MMIO High Base" below the limit, or let a translating IOMMU remap (ROCm BAR guide).
BAR_GUIDE = "https://rocm.docs.amd.com/en/latest/how-to/Bar-Memory.html"
BAR_SOURCES = (BAR_GUIDE, "https://github.com/ROCm/ROCm/issues/787", "https://github.com/ROCm/ROCm/issues/140")
PHYS_ADDR_BITS = 44
WIDER_ADDRESSING_GFX = ("gfx94", "gfx95")  # MI300/MI350 class: not the 44-bit parts (limit not asserted)
