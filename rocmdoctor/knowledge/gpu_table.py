"""The GPU knowledge base: one ``Gpu`` row per gfx target, its SKUs under it.

Plain data, read only through ``rocmdoctor.knowledge.gpus`` (which imports this module on the
first question). Every value names its source: ``source`` on a row backs gfx/family/products,
``Sku.source`` the name, PCI ids and VRAM, ``Peak.source`` the figures, ``Support.source`` the
support status, ``Precision.sources`` the precision and attention facts, and the ``*_source``
fields the wheel generation and the community override. tests/test_gpu_knowledge.py enforces
it; scripts/gen_docs.py renders docs/gpus.md and the table in docs/precision.md from it.

To add a GPU: add (or extend) its ``Gpu(...)`` row below, run ``python scripts/gen_docs.py``,
and commit both. See docs/architecture.md ("Knowledge").
"""
from __future__ import annotations

from .gpu_types import (EMULATED, EXPERIMENTAL, NATIVE, NO, NONE, SUPPORTED, UNOFFICIAL, UNSUPPORTED, WHEEL_SOURCES, YES,
                   FamilyFallback, Gpu, Peak, Precision, Sku, Support)
from .precision import (AOTRITON_GFX115X, AOTRITON_GFX908, AOTRITON_GFX1103, AOTRITON_NAVI3, BF16_API_ALWAYS_TRUE,
                        BF16_API_EMULATION_ARG, CK_ARCHS, FLASH_ATTN_README, GFX906_BF16_EMULATED, GPU_SPECS,
                        HIPBLASLT_ARCHS, HIPBLASLT_FALLBACK, HIPBLASLT_GFX908, PRECISION_DOC, TF32_ROCM, XLA_BF16)

# ----------------------------------------------------------------- sources, named once
SYSREQ = ("https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/system-requirements.html"
          " (and reference/gpu-arch-specs)")
LLVM_TARGETS = "https://llvm.org/docs/AMDGPUUsage.html#processors"
PCI_IDS = "https://pci-ids.ucw.cz/read/PC/1002 (PCI ID repository, vendor 1002)"
AMD_SRC = "https://www.amd.com/en/products/accelerators/instinct.html (via reference/anchor-tools.md)"
# MI300X compute partitions: SPX = 8 XCDs as one device, DPX 4, QPX 2, CPX 1 (38 of 304 CUs); a
# partition's dense peak is its share of the XCDs (the same clocks and matrix units per XCD).
MI300X_PARTITIONS = ("https://instinct.docs.amd.com/projects/amdgpu-docs/en/latest/gpu-partitioning/mi300x/overview.html"
                     " (XCDs per compute partition; peak = SPX peak x XCDs / 8)")
NV_H100 = "https://www.nvidia.com/en-us/data-center/h100/ (datasheet; dense = sparse / 2)"
NV_H200 = "https://www.nvidia.com/en-us/data-center/h200/ (datasheet; dense = sparse / 2)"
NV_ARCH = "https://developer.nvidia.com/cuda-gpus (compute capability 9.0 = Hopper)"
# Hygon DCUs: lspci ids per model and "Z100/Z100L为gfx906，K100为gfx926，K100_AI为gfx928" (a public DCU
# install guide); K500SM_AI reports gfx928 too (AlphaMine-Tech/alpha-miner#18). No public BF16 table.
DCU_GUIDE = "https://github.com/Lacacy/DCU/blob/main/docs/zh_cn/install_dcu_on_os/ubuntu.md"
DCU_GFX928 = "https://github.com/AlphaMine-Tech/alpha-miner/issues/18"
# Strix Halo: 1002:1586 Radeon 8060S; usable memory = the GTT/TTM limit (ROCm/ROCm#5595, unsloth PR #7960).
STRIX_HALO_MEMORY = "https://github.com/unslothai/unsloth/pull/7960"
# PYTORCH_ROCM_ARCH in pytorch .ci/docker/manywheel/build.sh over time (rocm-failure-modes.md ARCH-02).
WHEELS = WHEEL_SOURCES[1]
# Community HSA_OVERRIDE_GFX_VERSION values (not supported by AMD): RDNA2 variants run gfx1030
# code, RDNA3 variants gfx1100 code. Also legacy-rocm-build#2720, #1698.
OVERRIDE = "https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/15434"

# Official PyTorch ROCm wheels gained targets in three steps (labels, oldest first).
EARLY, LATER, LATEST = "early ROCm 5 wheels", "later wheels", "latest wheels"
WHEEL_GENERATIONS = (EARLY, LATER, LATEST)

GPUS: tuple[Gpu, ...] = (
    # ------------------------------------------------------------- GCN5 / Vega
    Gpu("gfx900", "GCN5", GPU_SPECS, products="Radeon Instinct MI25, Vega 56/64",
        support=Support(UNSUPPORTED, SYSREQ, last_rocm="4.5"),
        precision=Precision("Radeon Instinct MI25 / Vega 64", NONE, "packed", False, None, False, NO, (),
                            (PRECISION_DOC, GPU_SPECS), "no matrix cores; dropped from ROCm after 4.5"),
        torch_wheels=EARLY, torch_wheels_source=WHEELS),
    Gpu("gfx902", "GCN5", LLVM_TARGETS, products="Raven Ridge APU graphics", integrated=True),
    Gpu("gfx906", "GCN5.1", GPU_SPECS, products="Instinct MI50/MI60, Radeon VII, Radeon Pro VII",
        support=Support(UNSUPPORTED, SYSREQ, last_rocm="6.4", deprecated_major=6,
                        note="deprecated (maintenance only) through ROCm 6.x; not in the ROCm 7 list"),
        precision=Precision(
            "Instinct MI50", EMULATED, "packed", False, None, False, NO, (),
            (PRECISION_DOC, GFX906_BF16_EMULATED, BF16_API_ALWAYS_TRUE, HIPBLASLT_ARCHS),
            "no matrix cores: BF16 runs in software (a Qwen2.5-7B LoRA step took 700+ s in bf16 vs 253 s in "
            "fp16); FP16 runs at twice the FP32 rate through packed math"),
        torch_wheels=EARLY, torch_wheels_source=WHEELS,
        skus=(
            Sku("AMD Instinct MI60", PCI_IDS, pci_ids=(0x66A0,), pci_name="AMD Instinct MI60 / MI50 16GB",
                vram_gib=32, match=("mi60",),
                peak=Peak({"fp32": 14.7, "fp16": 29.5, "bf16": None}, AMD_SRC,
                          note="no bf16 hardware: bf16 is emulated")),
            Sku("AMD Instinct MI50", PCI_IDS, pci_ids=(0x66A1,), pci_name="AMD Instinct MI50 / Radeon Pro VII",
                match=("mi50",),
                peak=Peak({"fp32": 13.3, "fp16": 26.5, "bf16": None}, AMD_SRC,
                          note="fp16 is packed math, no matrix cores; no bf16 hardware: bf16 is emulated")),
            Sku("AMD Radeon Pro Vega II", PCI_IDS, pci_ids=(0x66A3,)),
            Sku("AMD Radeon VII", PCI_IDS, pci_ids=(0x66AF,), vram_gib=16),
            # Hygon's first DCUs are gfx906 parts (DTK, not ROCm, drives them).
            Sku("Hygon DCU Z100L", DCU_GUIDE, pci_ids=(0x55B7,), pci_name="Hygon Z100/Z100L (ZIFANG)",
                rocm_listed=False, vendor="Hygon"),
        )),
    Gpu("gfx909", "GCN5", LLVM_TARGETS, products="Raven2 APU graphics", integrated=True),
    Gpu("gfx90c", "GCN5", LLVM_TARGETS, products="Renoir/Cezanne APU graphics", integrated=True),
    # ------------------------------------------------------------- CDNA (Instinct)
    Gpu("gfx908", "CDNA1", GPU_SPECS, products="Instinct MI100",
        support=Support(SUPPORTED, SYSREQ),
        precision=Precision(
            "Instinct MI100", NATIVE, "matrix", False, "6.3", False, NO, (),
            (PRECISION_DOC, HIPBLASLT_ARCHS, HIPBLASLT_GFX908, AOTRITON_GFX908, CK_ARCHS),
            "BF16 matrix rate is half the FP16 rate; AOTriton and CK flash attention do not cover gfx908"),
        torch_wheels=EARLY, torch_wheels_source=WHEELS,
        skus=(
            Sku("AMD Instinct MI100", PCI_IDS, pci_ids=(0x738C,), vram_gib=32, match=("mi100",),
                peak=Peak({"fp32": 23.1, "fp32_matrix": 46.1, "fp16": 184.6, "bf16": 92.3}, AMD_SRC)),
        )),
    Gpu("gfx90a", "CDNA2", GPU_SPECS, products="Instinct MI210/MI250/MI250X",
        support=Support(SUPPORTED, SYSREQ),
        precision=Precision("Instinct MI250X", NATIVE, "matrix", False, "5.0", True, YES, ("ck", "triton"),
                            (PRECISION_DOC, HIPBLASLT_FALLBACK, CK_ARCHS, FLASH_ATTN_README)),
        torch_wheels=EARLY, torch_wheels_source=WHEELS,
        skus=(
            Sku("AMD Instinct MI250X", PCI_IDS, pci_ids=(0x740C,), pci_name="AMD Instinct MI250X/MI250",
                vram_gib=128, match=("mi250x",),
                peak=Peak({"fp32": 47.9, "fp32_matrix": 95.7, "fp16": 383.0, "bf16": 383.0}, AMD_SRC,
                          per_package=2)),
            # Shares PCI id 0x740C with the MI250X: the id cannot tell them apart.
            Sku("AMD Instinct MI250", AMD_SRC, vram_gib=128, match=("mi250",),
                peak=Peak({"fp32": 45.3, "fp32_matrix": 90.5, "fp16": 362.1, "bf16": 362.1}, AMD_SRC,
                          per_package=2)),
            Sku("AMD Instinct MI210", PCI_IDS, pci_ids=(0x740F,), vram_gib=64, match=("mi210",),
                peak=Peak({"fp32": 22.6, "fp32_matrix": 45.3, "fp16": 181.0, "bf16": 181.0}, AMD_SRC)),
        )),
    Gpu("gfx942", "CDNA3", GPU_SPECS, products="Instinct MI300X/MI300A/MI325X",
        support=Support(SUPPORTED, SYSREQ, since="6.0"),
        precision=Precision("Instinct MI300X", NATIVE, "matrix", True, "5.0", True, YES, ("ck", "triton"),
                            (PRECISION_DOC, HIPBLASLT_FALLBACK, TF32_ROCM, CK_ARCHS, FLASH_ATTN_README),
                            "XF32 (TF32-like) matrix math needs HIPBLASLT_ALLOW_TF32=1 on older torch builds"),
        torch_wheels=LATER, torch_wheels_source=WHEELS,
        skus=(
            Sku("AMD Instinct MI300X", PCI_IDS, pci_ids=(0x74A1,), vram_gib=192, match=("mi300x",),
                peak=Peak({"fp32": 163.4, "fp32_matrix": 163.4, "fp16": 1307.4, "bf16": 1307.4, "fp8": 2614.9},
                          AMD_SRC, note="SPX mode; a CPX/partitioned device gets a fraction of this"),
                partition_peaks={
                    "SPX": Peak({"fp32": 163.4, "fp32_matrix": 163.4, "fp16": 1307.4, "bf16": 1307.4, "fp8": 2614.9},
                                MI300X_PARTITIONS, note="8 XCDs per device"),
                    "DPX": Peak({"fp32": 81.7, "fp32_matrix": 81.7, "fp16": 653.7, "bf16": 653.7, "fp8": 1307.45},
                                MI300X_PARTITIONS, note="4 XCDs per device"),
                    "QPX": Peak({"fp32": 40.85, "fp32_matrix": 40.85, "fp16": 326.85, "bf16": 326.85, "fp8": 653.725},
                                MI300X_PARTITIONS, note="2 XCDs per device"),
                    "CPX": Peak({"fp32": 20.425, "fp32_matrix": 20.425, "fp16": 163.425, "bf16": 163.425,
                                 "fp8": 326.8625}, MI300X_PARTITIONS, note="1 XCD per device"),
                }),
            Sku("AMD Instinct MI300A", PCI_IDS, pci_ids=(0x74A0,), vram_gib=128),
            Sku("AMD Instinct MI325X", PCI_IDS, pci_ids=(0x74A5,), vram_gib=256),
        )),
    Gpu("gfx950", "CDNA4", GPU_SPECS, products="Instinct MI350X/MI355X",
        support=Support(SUPPORTED, SYSREQ, since="7.0"),
        precision=Precision("Instinct MI355X", NATIVE, "matrix", False, "7.0", True, YES, ("ck", "triton"),
                            (PRECISION_DOC, HIPBLASLT_ARCHS, CK_ARCHS, FLASH_ATTN_README),
                            "XF32 is listed for MI300 only; treat TF32 flags as no-ops here"),
        torch_wheels=LATEST, torch_wheels_source=WHEELS,
        skus=(
            Sku("AMD Instinct MI350X", PCI_IDS, pci_ids=(0x75A0,), vram_gib=288),
            Sku("AMD Instinct MI355X", PCI_IDS, pci_ids=(0x75A3,), vram_gib=288),
        )),
    # ------------------------------------------------------------- RDNA1 / RDNA2 (precision: gfx10xx below)
    Gpu("gfx1013", "RDNA1", LLVM_TARGETS, products="Cyan Skillfish APU graphics", integrated=True),
    Gpu("gfx1030", "RDNA2", GPU_SPECS, products="Radeon PRO W6800/V620, RX 6800/6900",
        support=Support(SUPPORTED, SYSREQ,
                        note="only the PRO W6800 and V620 are listed; RX 6000 cards are not in the ROCm 7 list"),
        torch_wheels=EARLY, torch_wheels_source=WHEELS,
        skus=(
            Sku("AMD Radeon RX 6800/6800 XT/6900 XT", PCI_IDS, pci_ids=(0x73BF,), vram_gib=16, rocm_listed=False),
            Sku("AMD Radeon PRO V620", PCI_IDS, pci_ids=(0x73A1,), vram_gib=32),
            Sku("AMD Radeon PRO W6800", PCI_IDS, pci_ids=(0x73A3,), vram_gib=32),
        )),
    Gpu("gfx1031", "RDNA2", GPU_SPECS, products="RX 6700/6750 XT",
        support=Support(UNOFFICIAL, SYSREQ, note="never officially supported"),
        community_override="10.3.0", community_override_source=OVERRIDE),
    Gpu("gfx1032", "RDNA2", GPU_SPECS, products="RX 6600/6650 XT, PRO W6600",
        support=Support(UNOFFICIAL, SYSREQ, note="never officially supported"),
        community_override="10.3.0", community_override_source=OVERRIDE),
    Gpu("gfx1033", "RDNA2", LLVM_TARGETS, products="Van Gogh APU graphics", integrated=True,
        community_override="10.3.0", community_override_source=OVERRIDE),
    Gpu("gfx1034", "RDNA2", LLVM_TARGETS, products="RX 6500 XT/6400",
        community_override="10.3.0", community_override_source=OVERRIDE),
    Gpu("gfx1035", "RDNA2", LLVM_TARGETS, products="Rembrandt APU graphics (680M)", integrated=True,
        community_override="10.3.0", community_override_source=OVERRIDE),
    Gpu("gfx1036", "RDNA2", LLVM_TARGETS, products="Raphael/Granite Ridge CPU graphics", integrated=True,
        community_override="10.3.0", community_override_source=OVERRIDE,
        skus=(Sku("AMD Radeon Graphics (Raphael iGPU)", PCI_IDS, pci_ids=(0x164E,)),)),
    Gpu("gfx1037", "RDNA2", LLVM_TARGETS, products="Mendocino APU graphics", integrated=True),
    # ------------------------------------------------------------- RDNA3 / RDNA3.5
    Gpu("gfx1100", "RDNA3", GPU_SPECS, products="RX 7900 XTX/XT/GRE, PRO W7900/W7800",
        support=Support(SUPPORTED, SYSREQ),
        precision=Precision("Radeon RX 7900 XTX", NATIVE, "matrix", False, "6.3", False, EXPERIMENTAL, ("triton",),
                            (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, AOTRITON_NAVI3, FLASH_ATTN_README),
                            "WMMA FP16/BF16; AOTriton SDPA needs TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1"),
        torch_wheels=EARLY, torch_wheels_source=WHEELS,
        skus=(
            Sku("AMD Radeon RX 7900 XTX", PCI_IDS, pci_ids=(0x744C,),
                pci_name="AMD Radeon RX 7900 XTX/7900 XT/7900 GRE", vram_gib=24, match=("7900 xtx",),
                peak=Peak({"fp32": 61.4, "fp16": 122.8, "bf16": None}, AMD_SRC,
                          note="fp32 figure assumes dual issue; no bf16 figure in the reference")),
            Sku("AMD Radeon PRO W7900", PCI_IDS, pci_ids=(0x7448,), vram_gib=48),
            Sku("AMD Radeon PRO W7800", PCI_IDS, pci_ids=(0x745E,), vram_gib=32),
        )),
    Gpu("gfx1101", "RDNA3", GPU_SPECS, products="RX 7800/7700 XT, PRO W7700, V710",
        support=Support(SUPPORTED, SYSREQ),
        precision=Precision("Radeon RX 7800 XT", NATIVE, "matrix", False, "6.3", False, EXPERIMENTAL, ("triton",),
                            (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, AOTRITON_NAVI3, FLASH_ATTN_README)),
        torch_wheels=LATER, torch_wheels_source=WHEELS,
        community_override="11.0.0", community_override_source=OVERRIDE,
        skus=(Sku("AMD Radeon RX 7800 XT/7700 XT", PCI_IDS, pci_ids=(0x747E,)),)),
    Gpu("gfx1102", "RDNA3", GPU_SPECS, products="RX 7600/7600 XT",
        support=Support(UNOFFICIAL, SYSREQ, note="not in the Linux ROCm 7 list"),
        precision=Precision("Radeon RX 7600", NATIVE, "matrix", False, None, False, NO, ("triton",),
                            (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS)),
        torch_wheels=LATER, torch_wheels_source=WHEELS,
        community_override="11.0.0", community_override_source=OVERRIDE,
        skus=(Sku("AMD Radeon RX 7600/7600 XT", PCI_IDS, pci_ids=(0x7480,)),)),
    Gpu("gfx1103", "RDNA3", LLVM_TARGETS, products="Phoenix/Hawk Point APU graphics (780M)", integrated=True,
        precision=Precision("Radeon 780M (iGPU)", NATIVE, "matrix", False, "6.3", False, EXPERIMENTAL, ("triton",),
                            (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, AOTRITON_GFX1103),
                            "AOTriton support from 0.11.1b (newer torch only)"),
        torch_wheels=LATEST, torch_wheels_source=WHEELS,
        community_override="11.0.0", community_override_source=OVERRIDE,
        skus=(Sku("AMD Radeon 780M (Phoenix iGPU)", PCI_IDS, pci_ids=(0x15BF,)),)),
    Gpu("gfx1150", "RDNA3.5", LLVM_TARGETS, products="Strix Point APU graphics (890M)", integrated=True,
        precision=Precision("Radeon 890M (iGPU)", NATIVE, "matrix", False, "7.0", False, NO, ("triton",),
                            (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS)),
        torch_wheels=LATEST, torch_wheels_source=WHEELS),
    # An APU, but the machine's main GPU (so not "integrated" in rocmdoctor's sense).
    Gpu("gfx1151", "RDNA3.5", GPU_SPECS, products="Ryzen AI Max (Strix Halo)", unified_memory=True,
        skus=(Sku("AMD Radeon 8060S", STRIX_HALO_MEMORY, pci_ids=(0x1586,),
                  pci_name="AMD Radeon 8060S (Strix Halo)", match=("8060s",)),),
        support=Support(SUPPORTED, SYSREQ),
        precision=Precision("Ryzen AI Max (Strix Halo)", NATIVE, "matrix", False, "7.0", False, EXPERIMENTAL,
                            ("triton",), (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, AOTRITON_GFX115X),
                            "AOTriton support from 0.11.2b (newer torch only)"),
        torch_wheels=LATEST, torch_wheels_source=WHEELS),
    Gpu("gfx1152", "RDNA3.5", LLVM_TARGETS, products="Krackan Point APU graphics", integrated=True),
    Gpu("gfx1153", "RDNA3.5", LLVM_TARGETS, products="RDNA3.5 APU graphics", integrated=True),
    # ------------------------------------------------------------- RDNA4
    Gpu("gfx1200", "RDNA4", GPU_SPECS, products="RX 9060/9060 XT",
        support=Support(SUPPORTED, SYSREQ, since="6.4"),
        precision=Precision("Radeon RX 9060 XT", NATIVE, "matrix", False, "6.3", False, EXPERIMENTAL, ("triton",),
                            (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS),
                            "AOTriton marks RDNA4 experimental in the builds seen (unverified per release)"),
        torch_wheels=LATER, torch_wheels_source=WHEELS,
        skus=(Sku("AMD Radeon RX 9060 XT", PCI_IDS, pci_ids=(0x7590,)),)),
    Gpu("gfx1201", "RDNA4", GPU_SPECS, products="RX 9070/9070 XT/GRE, Radeon AI PRO R9700",
        support=Support(SUPPORTED, SYSREQ, since="6.4"),
        precision=Precision("Radeon RX 9070 XT", NATIVE, "matrix", False, "6.3", False, EXPERIMENTAL, ("triton",),
                            (PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS),
                            "AOTriton marks RDNA4 experimental in the builds seen (unverified per release)"),
        torch_wheels=LATER, torch_wheels_source=WHEELS,
        skus=(
            Sku("AMD Radeon RX 9070 XT", PCI_IDS, pci_ids=(0x7550,), pci_name="AMD Radeon RX 9070/9070 XT",
                vram_gib=16, match=("9070 xt",),
                peak=Peak({"fp32": 48.7, "fp16": 97.3, "bf16": None}, AMD_SRC)),
            Sku("AMD Radeon AI PRO R9700", PCI_IDS, pci_ids=(0x7551,), vram_gib=32, match=("r9700",),
                peak=Peak({"fp16": 95.7}, AMD_SRC, note="vector fp16 figure only")),
        )),
    # ------------------------------------------------------------- Hygon DCU (DTK)
    Gpu("gfx926", "DCU (Hygon)", DCU_GUIDE, vendor="Hygon", products="Hygon K100",
        skus=(Sku("Hygon DCU K100", DCU_GUIDE, pci_ids=(0x62B7,), pci_name="Hygon K100 (KONGMING)"),)),
    Gpu("gfx928", "DCU (Hygon)", DCU_GUIDE, vendor="Hygon", products="Hygon K100_AI, K500SM_AI",
        skus=(Sku("Hygon DCU K100_AI", DCU_GUIDE, pci_ids=(0x6210,), pci_name="Hygon K100_AI (KONGMING)",
                  match=("k100_ai",)),
              Sku("Hygon K500SM_AI", DCU_GFX928, match=("k500sm_ai",)))),
    # ------------------------------------------------------------- NVIDIA (to label runs on the checking machines)
    Gpu("sm_90", "Hopper", NV_ARCH, vendor="NVIDIA", products="H100, H200",
        skus=(
            Sku("NVIDIA H100 PCIe", NV_H100, vram_gib=80, match=("h100 pcie",),
                peak=Peak({"fp32": 51.0, "fp16": 756.5, "bf16": 756.5}, NV_H100)),
            # torch names the SXM part "NVIDIA H100 80GB HBM3".
            Sku("NVIDIA H100 SXM", NV_H100, vram_gib=80, match=("h100 80gb hbm3", "h100 sxm"),
                peak=Peak({"fp32": 66.9, "fp16": 989.4, "bf16": 989.4}, NV_H100)),
            Sku("NVIDIA H200", NV_H200, vram_gib=141, match=("h200",), exclude=("nvl",),
                peak=Peak({"fp32": 66.9, "fp16": 989.4, "bf16": 989.4}, NV_H200, note="SXM figures")),
        )),
)

# Targets without a precision row of their own answer from their family's pattern.
FAMILY_FALLBACKS: tuple[FamilyFallback, ...] = (
    FamilyFallback("gfx10xx", r"^gfx10[0-9a-f]{2}$", "RDNA1/RDNA2", Precision(
        "Radeon RX 6800 XT", NONE, "packed", False, None, False, NO, (),
        (PRECISION_DOC, BF16_API_EMULATION_ARG, HIPBLASLT_ARCHS),
        "no BF16 arithmetic: Triton kernels fail with 'Cannot select: intrinsic %llvm.amdgcn.fdot2.bf16.bf16'")),
)

# Measured figures the reference quotes, for context in docs (not peaks).
MEASURED = {
    "MI300X bf16 matmul (ml-engineering)": 668.0,
    "NVIDIA H100 bf16 8192^3 torch.matmul (this project's device, 2026-11-13)": 798.0,
}
