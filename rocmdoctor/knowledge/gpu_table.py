"""The GPU knowledge base: one ``GpuArch`` row per gfx target, its SKUs under it.

Plain data, read only through ``rocmdoctor.knowledge.gpus`` (which imports this module on the
first question). Every value names its source: ``source`` on a row backs gfx/family/products,
``Sku.source`` the name, PCI ids and VRAM, ``Peak.source`` the figures, ``Support.source`` the
support status, ``Precision.sources`` the precision and attention facts, and
``community_override_source`` the community override (which torch wheels carry a target is
knowledge/torch_wheels.py's table). tests/test_gpu_knowledge.py enforces it; scripts/gen_docs.py renders docs/gpus.md and the table in docs/precision.md from it.

To add a GPU: add (or extend) its ``GpuArch(...)`` row below, run ``python scripts/gen_docs.py``,
and commit both. See docs/architecture.md ("Knowledge").
"""
from __future__ import annotations

from .gpu_types import (EMULATED, EXPERIMENTAL, NATIVE, NO, NONE, SUPPORTED, UNOFFICIAL, UNSUPPORTED, YES,
                   FamilyFallback, GpuArch, Peak, Precision, Sku, Support)
from . import rocm_lists as rl
from .precision import (AOTRITON_GFX115X, AOTRITON_GFX908, AOTRITON_GFX1103, AOTRITON_NAVI3, BF16_API_ALWAYS_TRUE,
                        BF16_API_EMULATION_ARG, CK_ARCHS, GFX906_BF16_EMULATED, GPU_SPECS,
                        HIPBLASLT_ARCHS, HIPBLASLT_FALLBACK, HIPBLASLT_GFX908, PRECISION_DOC, TF32_ROCM, XLA_BF16)

# ----------------------------------------------------------------- sources, named once, pinned
# Each source is "<url> @ <the version read>" (a commit, a release, a page's date). Where a source
# has an offline excerpt in tests/data/sources/ (LLVM's processor table, pci.ids, libdrm's
# amdgpu.ids, ROCm's gpu-arch-specs, the flash-attention README), tests/test_gpu_sources.py checks
# that it holds every value a row cites it for. A value that rests on anything else carries
# secondary="..." (which source, and why it is not primary); docs/gpus.md marks it.
LLVM_TARGETS = ("https://llvm.org/docs/AMDGPUUsage.html#processors @ llvm/llvm-project "
                "f5c8b0a9139bcc301b75f3e77e307f65f7f870d8 (llvm/docs/AMDGPUUsage.rst, processor table)")
PCI_IDS = ("https://pci-ids.ucw.cz/read/PC/1002 @ pciutils/pciids c1c12547d626ebf05fd0223144ad87fab5e95d06 "
           "(2026-08-22)")
PCI_IDS_NVIDIA = "https://pci-ids.ucw.cz/read/PC/10de @ pciutils/pciids c1c12547d626ebf05fd0223144ad87fab5e95d06 (2026-08-22)"
PCI_IDS_HYGON = "https://pci-ids.ucw.cz/read/PC/1d94 @ pciutils/pciids c1c12547d626ebf05fd0223144ad87fab5e95d06 (2026-08-22)"
AMDGPU_IDS = ("https://gitlab.freedesktop.org/mesa/drm/-/blob/main/data/amdgpu.ids @ libdrm "
              "7d43d9b6fe5df4b234937fce9e51adb1b327ded1 (2025-07-30, file version 1.0.0)")
ARCH_SPECS = ("https://rocm.docs.amd.com/en/latest/reference/gpu-arch-specs.html @ ROCm/ROCm "
              "e396b4898f459db094bfd60b876f419f77eb9f09 (docs/reference/gpu-arch-specs.rst, 2025-03-21)")
FLASH_ATTN = ("https://github.com/Dao-AILab/flash-attention#amd-rocm-support @ 5301a359f59ef8fa10f211618d9f7a69716a8898 "
              "(2026-03-27, PR #2400: CK backend for RDNA 3/4; README and setup.py allowed_archs)")
# AMD's product pages could not be re-read offline: the peaks below are the figures collected in
# reference/anchor-tools.md (issue 32 compared the Instinct ones with AMD's pages and found them equal).
AMD_SRC = "https://www.amd.com/en/products/accelerators/instinct.html @ not re-read here (reference/anchor-tools.md)"
AMD_PEAK = "AMD's spec pages not re-read offline; figures from reference/anchor-tools.md"
# MI300X compute partitions: SPX = 8 XCDs as one device, DPX 4, QPX 2, CPX 1 (38 of 304 CUs); a
# partition's dense peak is its share of the XCDs (the same clocks and matrix units per XCD).
MI300X_PARTITIONS = ("https://instinct.docs.amd.com/projects/amdgpu-docs/en/latest/gpu-partitioning/mi300x/overview.html"
                     " @ not re-read here (XCDs per compute partition; peak = SPX peak x XCDs / 8)")
NV_H100 = "https://www.nvidia.com/en-us/data-center/h100/ @ not re-read here (datasheet; dense = sparse / 2)"
NV_H200 = "https://www.nvidia.com/en-us/data-center/h200/ @ not re-read here (datasheet; dense = sparse / 2)"
NV_ARCH = "https://developer.nvidia.com/cuda-gpus @ not re-read here (compute capability 9.0 = Hopper)"
NV_PEAK = "NVIDIA's datasheets not re-read offline"
# Hygon DCUs: lspci ids per model and "Z100/Z100L为gfx906，K100为gfx926，K100_AI为gfx928" (a public DCU
# install guide); K500SM_AI reports gfx928 too (AlphaMine-Tech/alpha-miner#18). No public BF16 table.
DCU_GUIDE = "https://github.com/Lacacy/DCU/blob/main/docs/zh_cn/install_dcu_on_os/ubuntu.md @ main (a user's install guide)"
DCU_GFX928 = "https://github.com/AlphaMine-Tech/alpha-miner/issues/18 @ issue thread"
DCU_SECONDARY = "a user's DCU install guide (Hygon publishes no id table; pci.ids lists only 1d94:6211 K100_AI)"
# Strix Halo: 1002:1586 Radeon 8060S; usable memory = the GTT/TTM limit (ROCm/ROCm#5595, unsloth PR #7960).
STRIX_HALO_MEMORY = "https://github.com/unslothai/unsloth/pull/7960 @ PR thread"
# Community HSA_OVERRIDE_GFX_VERSION values (not supported by AMD): RDNA2 variants run gfx1030
# code, RDNA3 variants gfx1100 code. Also legacy-rocm-build#2720, #1698.
OVERRIDE = "https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/15434"
# Targets AMD's release lists never had (rocm_lists.RELEASES, 6.0 to 7.2.3): the newer "ROCm Core
# SDK" (TheRock) preview builds cover some, but that list was not re-read here.
KFD_GFX1037 = ("https://github.com/torvalds/linux/blob/master/drivers/gpu/drm/amd/amdkfd/kfd_device.c @ not re-read "
               "(IP_VERSION(10, 3, 7): gfx_target_version 100307, later 100306)")
NOT_ON_RELEASE_LISTS = "not on any ROCm release list read here (6.0.0 to 7.2.3)"
CORE_SDK = "AMD's ROCm Core SDK (TheRock) preview lists gfx110X/gfx1150/gfx1151 builds; that list was not re-read here"
FA_CK_RDNA = ("flash-attn's CK backend builds for it from commit 5301a359 (main, 2026-03-27); no 2.x release "
              "tag had it as of 2026-08-15, so it needs a source build")

# Which PyTorch ROCm wheels carry a target is not a field here: knowledge/torch_wheels.py holds the one table
# (RD-ENV-002 and RD-IMG-003 judge wheels by it); kb.wheel_generation(gfx) and docs/gpus.md read it there.

GPUS: tuple[GpuArch, ...] = (
    # ------------------------------------------------------------- GCN5 / Vega
    GpuArch(gfx="gfx900", family="GCN5", source=LLVM_TARGETS, products="Radeon Instinct MI25, Vega 56/64",
        support=Support(status=UNSUPPORTED, source=rl.SYSREQ.format("6.0.0") + " @ docs/6.0.0 (MI25 unsupported)",
                        last_rocm="4.5", secondary="the last release (4.5) is from ROCm 5.0's notes, not re-read"),
        precision=Precision(example="Radeon Instinct MI25 / Vega 64", bf16=NONE, fp16="packed", tf32=False,
                            hipblaslt_since=None, ck_flash=False, aotriton=NO, flash_attn_pkg=(),
                            sources=(PRECISION_DOC, GPU_SPECS), note="no matrix cores; dropped from ROCm after 4.5"),),
    GpuArch(gfx="gfx902", family="GCN5", source=LLVM_TARGETS, products="Raven Ridge APU graphics", integrated=True),
    GpuArch(gfx="gfx906", family="GCN5.1", source=ARCH_SPECS, products="Instinct MI50/MI60, Radeon VII, Radeon Pro VII",
        support=Support(status=UNSUPPORTED, source=rl.SYSREQ_64, last_rocm="6.3.3",
                        note="deprecated (maintenance only) in ROCm 6.0.2 to 6.3 (6.0.0: MI50 only); unsupported "
                             "from the ROCm 6.4 lists on",
                        secondary="6.3.x and 6.4.0 pages not re-read: the last release that listed it is inferred"),
        precision=Precision(example="Instinct MI50", bf16=EMULATED, fp16="packed", tf32=False, hipblaslt_since=None,
                            ck_flash=False, aotriton=NO, flash_attn_pkg=(),
                            sources=(PRECISION_DOC, GFX906_BF16_EMULATED, BF16_API_ALWAYS_TRUE, HIPBLASLT_ARCHS),
                            note="no matrix cores: BF16 runs in software (a Qwen2.5-7B LoRA step took 700+ s in bf16 "
                                 "vs 253 s in fp16); FP16 runs at twice the FP32 rate through packed math"),
        skus=(
            # libdrm: "66A1, 02, AMD Instinct MI60 / MI50" and "66A1, 06, AMD Radeon Pro VII"; the MI60
            # and both MI50s share id and revision: only the VRAM size (32 vs 16 GiB) narrows them.
            Sku(name="AMD Instinct MI60", source=AMDGPU_IDS, pci_ids=(0x66A1,), revisions=(0x02,),
                pci_name="AMD Instinct MI60 / MI50", vram_gib=32, vram_source=ARCH_SPECS, match=("mi60",),
                peak=Peak(tflops={"fp32": 14.7, "fp16": 29.5, "bf16": None}, source=AMD_SRC, secondary=AMD_PEAK,
                          note="no bf16 hardware: bf16 is emulated")),
            Sku(name="AMD Instinct MI50", source=AMDGPU_IDS, pci_ids=(0x66A1,), revisions=(0x02,),
                pci_name="AMD Instinct MI60 / MI50", vram_gib=16, vram_source=ARCH_SPECS, match=("mi50",),
                peak=Peak(tflops={"fp32": 13.3, "fp16": 26.5, "bf16": None}, source=AMD_SRC, secondary=AMD_PEAK,
                          note="fp16 is packed math, no matrix cores; no bf16 hardware: bf16 is emulated")),
            Sku(name="AMD Instinct MI50 32GB", source=AMDGPU_IDS, pci_ids=(0x66A1,), revisions=(0x02,),
                pci_name="AMD Instinct MI60 / MI50", vram_gib=32, vram_source=ARCH_SPECS),
            Sku(name="AMD Radeon Pro VII", source=AMDGPU_IDS, pci_ids=(0x66A1,), revisions=(0x06,),
                vram_gib=16, vram_source=ARCH_SPECS),
            Sku(name="AMD Radeon Pro Vega II", source=PCI_IDS, pci_ids=(0x66A3,),
                pci_name="Vega 20 [Radeon Pro Vega II/Radeon Pro Vega II Duo]"),
            Sku(name="AMD Radeon VII", source=AMDGPU_IDS, pci_ids=(0x66AF,), revisions=(0xC1,), vram_gib=16,
                vram_source=ARCH_SPECS),
            # Hygon's first DCUs are gfx906 parts (DTK, not ROCm, drives them).
            Sku(name="Hygon DCU Z100L", source=DCU_GUIDE, pci_ids=(0x55B7,), pci_name="Hygon Z100/Z100L (ZIFANG)",
                rocm_listed=False, vendor="Hygon", secondary=DCU_SECONDARY),
        )),
    GpuArch(gfx="gfx909", family="GCN5", source=LLVM_TARGETS, products="Raven2 APU graphics", integrated=True),
    GpuArch(gfx="gfx90c", family="GCN5", source=LLVM_TARGETS, products="Renoir/Cezanne APU graphics", integrated=True),
    # ------------------------------------------------------------- CDNA (Instinct)
    GpuArch(gfx="gfx908", family="CDNA1", source=ARCH_SPECS, products="Instinct MI100",
        support=Support(status=SUPPORTED, source=rl.MATRIX_60_63),
        precision=Precision(example="Instinct MI100", bf16=NATIVE, fp16="matrix", tf32=False, hipblaslt_since="6.3",
                            ck_flash=False, aotriton=NO, flash_attn_pkg=(),
                            sources=(PRECISION_DOC, HIPBLASLT_ARCHS, HIPBLASLT_GFX908, AOTRITON_GFX908, CK_ARCHS,
                                     FLASH_ATTN),
                            note="BF16 matrix rate is half the FP16 rate; AOTriton and CK flash attention do not "
                                 "cover gfx908"),
        skus=(
            Sku(name="AMD Instinct MI100", source=AMDGPU_IDS, pci_ids=(0x738C,), vram_gib=32, vram_source=ARCH_SPECS,
                match=("mi100",),
                peak=Peak(tflops={"fp32": 23.1, "fp32_matrix": 46.1, "fp16": 184.6, "bf16": 92.3}, source=AMD_SRC,
                          secondary=AMD_PEAK)),
        )),
    GpuArch(gfx="gfx90a", family="CDNA2", source=ARCH_SPECS, products="Instinct MI210/MI250/MI250X",
        support=Support(status=SUPPORTED, source=rl.MATRIX_60_63),
        precision=Precision(example="Instinct MI250X", bf16=NATIVE, fp16="matrix", tf32=False, hipblaslt_since="5.0",
                            ck_flash=True, aotriton=YES, flash_attn_pkg=("ck", "triton"),
                            sources=(PRECISION_DOC, HIPBLASLT_FALLBACK, CK_ARCHS, FLASH_ATTN)),
        skus=(
            # libdrm: "740C, 01, AMD Instinct MI250X / MI250" (one id and revision for both) and
            # "7408, 00, AMD Instinct MI250X".
            Sku(name="AMD Instinct MI250X", source=AMDGPU_IDS, pci_ids=(0x740C,),
                pci_name="AMD Instinct MI250X / MI250", vram_gib=128, vram_source=ARCH_SPECS, match=("mi250x",),
                peak=Peak(tflops={"fp32": 47.9, "fp32_matrix": 95.7, "fp16": 383.0, "bf16": 383.0}, source=AMD_SRC,
                          per_package=2, secondary=AMD_PEAK)),
            Sku(name="AMD Instinct MI250", source=AMDGPU_IDS, pci_ids=(0x740C,), pci_name="AMD Instinct MI250X / MI250",
                vram_gib=128, vram_source=ARCH_SPECS, match=("mi250",),
                peak=Peak(tflops={"fp32": 45.3, "fp32_matrix": 90.5, "fp16": 362.1, "bf16": 362.1}, source=AMD_SRC,
                          per_package=2, secondary=AMD_PEAK)),
            Sku(name="AMD Instinct MI250X", source=AMDGPU_IDS, pci_ids=(0x7408,), vram_gib=128, vram_source=ARCH_SPECS),
            Sku(name="AMD Instinct MI210", source=AMDGPU_IDS, pci_ids=(0x740F,), vram_gib=64, vram_source=ARCH_SPECS,
                match=("mi210",),
                peak=Peak(tflops={"fp32": 22.6, "fp32_matrix": 45.3, "fp16": 181.0, "bf16": 181.0}, source=AMD_SRC,
                          secondary=AMD_PEAK)),
        )),
    GpuArch(gfx="gfx942", family="CDNA3", source=ARCH_SPECS, products="Instinct MI300X/MI300A/MI325X",
        support=Support(status=SUPPORTED, source=rl.MATRIX_60_63, since="6.0"),
        precision=Precision(example="Instinct MI300X", bf16=NATIVE, fp16="matrix", tf32=True, hipblaslt_since="5.0",
                            ck_flash=True, aotriton=YES, flash_attn_pkg=("ck", "triton"),
                            sources=(PRECISION_DOC, HIPBLASLT_FALLBACK, TF32_ROCM, CK_ARCHS, FLASH_ATTN),
                            note="XF32 (TF32-like) matrix math needs HIPBLASLT_ALLOW_TF32=1 on older torch builds"),
        skus=(
            Sku(name="AMD Instinct MI300X", source=AMDGPU_IDS, pci_ids=(0x74A1,), vram_gib=192, vram_source=ARCH_SPECS,
                match=("mi300x",),
                peak=Peak(tflops={"fp32": 163.4, "fp32_matrix": 163.4, "fp16": 1307.4, "bf16": 1307.4, "fp8": 2614.9},
                          source=AMD_SRC, note="SPX mode; a CPX/partitioned device gets a fraction of this",
                          secondary=AMD_PEAK),
                partition_peaks={
                    "SPX": Peak(
                        tflops={"fp32": 163.4, "fp32_matrix": 163.4, "fp16": 1307.4, "bf16": 1307.4, "fp8": 2614.9},
                        source=MI300X_PARTITIONS, note="8 XCDs per device", secondary=AMD_PEAK),
                    "DPX": Peak(
                        tflops={"fp32": 81.7, "fp32_matrix": 81.7, "fp16": 653.7, "bf16": 653.7, "fp8": 1307.45},
                        source=MI300X_PARTITIONS, note="4 XCDs per device", secondary=AMD_PEAK),
                    "QPX": Peak(
                        tflops={"fp32": 40.85, "fp32_matrix": 40.85, "fp16": 326.85, "bf16": 326.85, "fp8": 653.725},
                        source=MI300X_PARTITIONS, note="2 XCDs per device", secondary=AMD_PEAK),
                    "CPX": Peak(tflops={"fp32": 20.425, "fp32_matrix": 20.425, "fp16": 163.425, "bf16": 163.425,
                                       "fp8": 326.8625}, source=MI300X_PARTITIONS, note="1 XCD per device",
                                secondary=AMD_PEAK),
                }),
            Sku(name="AMD Instinct MI300A", source=AMDGPU_IDS, pci_ids=(0x74A0,), vram_gib=128, vram_source=ARCH_SPECS),
            Sku(name="AMD Instinct MI325X", source=AMDGPU_IDS, pci_ids=(0x74A5,), vram_gib=256, vram_source=ARCH_SPECS),
        )),
    GpuArch(gfx="gfx950", family="CDNA4", source=LLVM_TARGETS, products="Instinct MI350X/MI355X",
        support=Support(status=SUPPORTED, source=rl.SYSREQ_70, since="7.0.0"),
        precision=Precision(example="Instinct MI355X", bf16=NATIVE, fp16="matrix", tf32=False, hipblaslt_since="7.0",
                            ck_flash=True, aotriton=YES, flash_attn_pkg=("ck", "triton"),
                            sources=(PRECISION_DOC, HIPBLASLT_ARCHS, CK_ARCHS, FLASH_ATTN),
                            note="XF32 is listed for MI300 only; treat TF32 flags as no-ops here"),
        skus=(
            Sku(name="AMD Instinct MI350X", source=PCI_IDS, pci_ids=(0x75A0,), vram_gib=288, vram_source=AMD_SRC,
                secondary="VRAM: AMD's MI350 pages not re-read (not in the gpu-arch-specs version read)"),
            Sku(name="AMD Instinct MI355X", source=PCI_IDS, pci_ids=(0x75A3,), vram_gib=288, vram_source=AMD_SRC,
                secondary="VRAM: AMD's MI350 pages not re-read (not in the gpu-arch-specs version read)"),
        )),
    # ------------------------------------------------------------- RDNA1 / RDNA2 (precision: gfx10xx below)
    GpuArch(gfx="gfx1013", family="RDNA1", source=LLVM_TARGETS, products="Cyan Skillfish APU graphics", integrated=True),
    GpuArch(gfx="gfx1030", family="RDNA2", source=ARCH_SPECS, products="Radeon PRO W6800/V620, RX 6800/6900",
        support=Support(status=SUPPORTED, source=rl.MATRIX_60_63,
                        note="only the PRO W6800 and V620 are listed; RX 6000 cards are not in the ROCm 7 list"),
        skus=(
            Sku(name="AMD Radeon RX 6800/6800 XT/6900 XT", source=PCI_IDS, pci_ids=(0x73BF,), vram_gib=16,
                vram_source=ARCH_SPECS, rocm_listed=False, pci_name="Navi 21 [Radeon RX 6800/6800 XT / 6900 XT]"),
            Sku(name="AMD Radeon PRO V620", source=AMDGPU_IDS, pci_ids=(0x73A1,), vram_gib=32, vram_source=ARCH_SPECS),
            Sku(name="AMD Radeon PRO W6800", source=AMDGPU_IDS, pci_ids=(0x73A3,), vram_gib=32, vram_source=ARCH_SPECS),
        )),
    GpuArch(gfx="gfx1031", family="RDNA2", source=ARCH_SPECS, products="RX 6700/6750 XT",
        support=Support(status=UNOFFICIAL, source=rl.MATRIX_60_63, note="never officially supported"),
        community_override="10.3.0", community_override_source=OVERRIDE),
    GpuArch(gfx="gfx1032", family="RDNA2", source=ARCH_SPECS, products="RX 6600/6650 XT, PRO W6600",
        support=Support(status=UNOFFICIAL, source=rl.MATRIX_60_63, note="never officially supported"),
        community_override="10.3.0", community_override_source=OVERRIDE),
    GpuArch(gfx="gfx1033", family="RDNA2", source=LLVM_TARGETS, products="Van Gogh APU graphics", integrated=True,
        community_override="10.3.0", community_override_source=OVERRIDE),
    GpuArch(gfx="gfx1034", family="RDNA2", source=LLVM_TARGETS, products="RX 6500 XT/6400",
        community_override="10.3.0", community_override_source=OVERRIDE),
    GpuArch(gfx="gfx1035", family="RDNA2", source=LLVM_TARGETS, products="Rembrandt APU graphics (680M)", integrated=True,
        community_override="10.3.0", community_override_source=OVERRIDE),
    GpuArch(gfx="gfx1036", family="RDNA2", source=LLVM_TARGETS, products="Raphael/Granite Ridge CPU graphics",
        integrated=True,
        community_override="10.3.0", community_override_source=OVERRIDE,
        skus=(Sku(name="AMD Radeon 610M (Raphael iGPU)", source=AMDGPU_IDS, pci_ids=(0x164E,), pci_name="Raphael"),)),
    # Not in LLVM's processor table: the amdgpu kernel driver first reported GC 10.3.7 (Mendocino) as
    # gfx_target_version 100307 ("gfx1037"), later as 100306 (gfx1036, which LLVM compiles for).
    # pci.ids names the part (1002:1506 "Mendocino [Radeon 610M]").
    GpuArch(gfx="gfx1037", family="RDNA2", source=KFD_GFX1037, products="Mendocino APU graphics (Radeon 610M)",
        integrated=True,
        secondary="the gfx name is the kernel's (kfd_device.c), seen in patches, not re-read at a pinned commit; "
                  "newer kernels report gfx1036 for the same part",
        skus=(Sku(name="AMD Radeon 610M (Mendocino iGPU)", source=PCI_IDS, pci_ids=(0x1506,),
                  pci_name="Mendocino [Radeon 610M]"),)),
    # ------------------------------------------------------------- RDNA3 / RDNA3.5
    GpuArch(gfx="gfx1100", family="RDNA3", source=ARCH_SPECS, products="RX 7900 XTX/XT/GRE, PRO W7900/W7800",
        support=Support(status=SUPPORTED, source=rl.MATRIX_60_63),
        precision=Precision(example="Radeon RX 7900 XTX", bf16=NATIVE, fp16="matrix", tf32=False,
                            hipblaslt_since="6.3", ck_flash=False, aotriton=EXPERIMENTAL,
                            flash_attn_pkg=("ck", "triton"),
                            sources=(PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, AOTRITON_NAVI3, FLASH_ATTN),
                            note="WMMA FP16/BF16; AOTriton SDPA needs TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1; "
                                 + FA_CK_RDNA),
        skus=(
            Sku(name="AMD Radeon RX 7900 XTX", source=AMDGPU_IDS, pci_ids=(0x744C,), revisions=(0xC8,),
                pci_name="Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]", vram_gib=24, vram_source=ARCH_SPECS,
                match=("7900 xtx",),
                peak=Peak(tflops={"fp32": 61.4, "fp16": 122.8, "bf16": None}, source=AMD_SRC, secondary=AMD_PEAK,
                          note="fp32 figure assumes dual issue; no bf16 figure in the reference")),
            Sku(name="AMD Radeon RX 7900 XT", source=AMDGPU_IDS, pci_ids=(0x744C,), revisions=(0xCC,),
                pci_name="Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]", vram_gib=20, vram_source=ARCH_SPECS),
            Sku(name="AMD Radeon RX 7900 GRE", source=AMDGPU_IDS, pci_ids=(0x744C,), revisions=(0xCE,),
                pci_name="Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]", vram_gib=16, vram_source=ARCH_SPECS),
            Sku(name="AMD Radeon PRO W7900", source=AMDGPU_IDS, pci_ids=(0x7448,), vram_gib=48, vram_source=ARCH_SPECS),
            Sku(name="AMD Radeon PRO W7800", source=AMDGPU_IDS, pci_ids=(0x745E,), vram_gib=32, vram_source=ARCH_SPECS),
        )),
    GpuArch(gfx="gfx1101", family="RDNA3", source=ARCH_SPECS, products="RX 7800/7700 XT, PRO W7700, V710",
        support=Support(status=SUPPORTED, source=rl.SYSREQ_64, since="6.4.1"),
        precision=Precision(example="Radeon RX 7800 XT", bf16=NATIVE, fp16="matrix", tf32=False,
                            hipblaslt_since="6.3", ck_flash=False, aotriton=EXPERIMENTAL,
                            flash_attn_pkg=("ck", "triton"),
                            sources=(PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, AOTRITON_NAVI3, FLASH_ATTN),
                            note=FA_CK_RDNA),
        community_override="11.0.0", community_override_source=OVERRIDE,
        skus=(
            Sku(name="AMD Radeon RX 7800 XT", source=AMDGPU_IDS, pci_ids=(0x747E,), revisions=(0xC8,),
                pci_name="Navi 32 [Radeon RX 7700 XT / 7800 XT]", vram_gib=16, vram_source=ARCH_SPECS),
            Sku(name="AMD Radeon RX 7700 XT", source=AMDGPU_IDS, pci_ids=(0x747E,), revisions=(0xFF,),
                pci_name="Navi 32 [Radeon RX 7700 XT / 7800 XT]", vram_gib=12, vram_source=ARCH_SPECS),
        )),
    GpuArch(gfx="gfx1102", family="RDNA3", source=ARCH_SPECS, products="RX 7600/7600 XT",
        support=Support(status=UNOFFICIAL, source=rl.MATRIX_723, note=NOT_ON_RELEASE_LISTS, secondary=CORE_SDK),
        precision=Precision(example="Radeon RX 7600", bf16=NATIVE, fp16="matrix", tf32=False, hipblaslt_since=None,
                            ck_flash=False, aotriton=NO, flash_attn_pkg=("ck", "triton"),
                            sources=(PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, FLASH_ATTN), note=FA_CK_RDNA),
        community_override="11.0.0", community_override_source=OVERRIDE,
        skus=(Sku(name="AMD Radeon RX 7600/7600 XT", source=PCI_IDS, pci_ids=(0x7480,),
                  pci_name="Navi 33 [Radeon RX 7600/7600 XT/7600M XT/7600S/7700S / PRO W7600]"),)),
    GpuArch(gfx="gfx1103", family="RDNA3", source=LLVM_TARGETS, products="Phoenix/Hawk Point APU graphics (780M)",
        integrated=True,
        support=Support(status=UNOFFICIAL, source=rl.MATRIX_723, note=NOT_ON_RELEASE_LISTS, secondary=CORE_SDK),
        precision=Precision(example="Radeon 780M (iGPU)", bf16=NATIVE, fp16="matrix", tf32=False,
                            hipblaslt_since="6.3", ck_flash=False, aotriton=EXPERIMENTAL, flash_attn_pkg=("triton",),
                            sources=(PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, AOTRITON_GFX1103, FLASH_ATTN),
                            note="AOTriton support from 0.11.1b (newer torch only); flash-attn's CK backend does not "
                                 "build for gfx1103"),
        community_override="11.0.0", community_override_source=OVERRIDE,
        skus=(Sku(name="AMD Radeon 780M (Phoenix iGPU)", source=PCI_IDS, pci_ids=(0x15BF,), pci_name="Phoenix1"),)),
    GpuArch(gfx="gfx1150", family="RDNA3.5", source=LLVM_TARGETS, products="Strix Point APU graphics (890M)",
        integrated=True,
        support=Support(status=UNOFFICIAL, source=rl.MATRIX_723, note=NOT_ON_RELEASE_LISTS, secondary=CORE_SDK),
        precision=Precision(example="Radeon 890M (iGPU)", bf16=NATIVE, fp16="matrix", tf32=False,
                            hipblaslt_since="7.0", ck_flash=False, aotriton=NO, flash_attn_pkg=("ck", "triton"),
                            sources=(PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, FLASH_ATTN), note=FA_CK_RDNA),),
    # An APU, but the machine's main GPU (so not "integrated" in rocmdoctor's sense).
    GpuArch(gfx="gfx1151", family="RDNA3.5", source=LLVM_TARGETS, products="Ryzen AI Max (Strix Halo)",
        unified_memory=True,
        skus=(Sku(name="AMD Radeon 8060S", source=AMDGPU_IDS, pci_ids=(0x1586,), revisions=(0xC1, 0xD1),
                  pci_name="Strix Halo [Radeon Graphics / Radeon 8050S Graphics / Radeon 8060S Graphics]",
                  match=("8060s",)),
              Sku(name="AMD Radeon 8050S", source=AMDGPU_IDS, pci_ids=(0x1586,), revisions=(0xC2, 0xC4, 0xD2, 0xD4),
                  pci_name="Strix Halo [Radeon Graphics / Radeon 8050S Graphics / Radeon 8060S Graphics]",
                  match=("8050s",)),
              Sku(name="AMD Radeon 8040S", source=AMDGPU_IDS, pci_ids=(0x1586,), revisions=(0xD5,),
                  pci_name="Strix Halo [Radeon Graphics / Radeon 8050S Graphics / Radeon 8060S Graphics]",
                  match=("8040s",))),
        support=Support(status=UNOFFICIAL, source=rl.MATRIX_723, note=NOT_ON_RELEASE_LISTS, secondary=CORE_SDK),
        precision=Precision(example="Ryzen AI Max (Strix Halo)", bf16=NATIVE, fp16="matrix", tf32=False,
                            hipblaslt_since="7.0", ck_flash=False, aotriton=EXPERIMENTAL,
                            flash_attn_pkg=("ck", "triton"),
                            sources=(PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, AOTRITON_GFX115X, FLASH_ATTN),
                            note="AOTriton support from 0.11.2b (newer torch only); " + FA_CK_RDNA),),
    GpuArch(gfx="gfx1152", family="RDNA3.5", source=LLVM_TARGETS, products="Krackan Point APU graphics", integrated=True,
        support=Support(status=UNOFFICIAL, source=rl.MATRIX_723, note=NOT_ON_RELEASE_LISTS)),
    GpuArch(gfx="gfx1153", family="RDNA3.5", source=LLVM_TARGETS, products="RDNA3.5 APU graphics", integrated=True,
        support=Support(status=UNOFFICIAL, source=rl.MATRIX_723, note=NOT_ON_RELEASE_LISTS)),
    # ------------------------------------------------------------- RDNA4
    GpuArch(gfx="gfx1200", family="RDNA4", source=LLVM_TARGETS, products="RX 9060 XT",
        support=Support(status=SUPPORTED, source=rl.SYSREQ_64, since="6.4.1"),
        precision=Precision(example="Radeon RX 9060 XT", bf16=NATIVE, fp16="matrix", tf32=False,
                            hipblaslt_since="6.3", ck_flash=False, aotriton=EXPERIMENTAL,
                            flash_attn_pkg=("ck", "triton"),
                            sources=(PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, FLASH_ATTN),
                            note="AOTriton marks RDNA4 experimental in the builds seen (unverified per release); "
                                 + FA_CK_RDNA),
        skus=(Sku(name="AMD Radeon RX 9060 XT", source=PCI_IDS, pci_ids=(0x7590,),
                  pci_name="Navi 44 [Radeon RX 9050 / 9060 XT]"),)),
    GpuArch(gfx="gfx1201", family="RDNA4", source=LLVM_TARGETS, products="RX 9070/9070 XT/GRE, Radeon AI PRO R9700",
        support=Support(status=SUPPORTED, source=rl.SYSREQ_64, since="6.4.1"),
        precision=Precision(example="Radeon RX 9070 XT", bf16=NATIVE, fp16="matrix", tf32=False,
                            hipblaslt_since="6.3", ck_flash=False, aotriton=EXPERIMENTAL,
                            flash_attn_pkg=("ck", "triton"),
                            sources=(PRECISION_DOC, XLA_BF16, HIPBLASLT_ARCHS, FLASH_ATTN),
                            note="AOTriton marks RDNA4 experimental in the builds seen (unverified per release); "
                                 + FA_CK_RDNA),
        skus=(
            # AMD's 97.3 (RX 9070 XT) and 95.7 (R9700) TFLOP/s FP16 are the vector rate; WMMA FP16/BF16
            # runs at about twice that. No matrix figure was re-read, so no fp16/bf16 peak is given
            # (a %-of-peak against the vector rate would read about 2x too high).
            Sku(name="AMD Radeon RX 9070 XT", source=AMDGPU_IDS, pci_ids=(0x7550,), revisions=(0xC0,),
                pci_name="Navi 48 [Radeon RX 9070/9070 XT/9070 GRE]", vram_gib=16, vram_source=AMD_SRC,
                match=("9070 xt",), secondary="VRAM: AMD's RX 9070 XT page not re-read",
                peak=Peak(tflops={"fp32": 48.7, "fp16": None, "bf16": None}, source=AMD_SRC, secondary=AMD_PEAK,
                          note="97.3 TFLOP/s FP16 is the vector rate; WMMA FP16/BF16 is about twice that and was "
                               "not re-read, so no fp16/bf16 percentage is shown")),
            Sku(name="AMD Radeon RX 9070", source=AMDGPU_IDS, pci_ids=(0x7550,), revisions=(0xC3,),
                pci_name="Navi 48 [Radeon RX 9070/9070 XT/9070 GRE]"),
            Sku(name="AMD Radeon RX 9070 GRE", source=AMDGPU_IDS, pci_ids=(0x7550,), revisions=(0xC2,),
                pci_name="Navi 48 [Radeon RX 9070/9070 XT/9070 GRE]"),
            Sku(name="AMD Radeon AI PRO R9700", source=AMDGPU_IDS, pci_ids=(0x7551,), vram_gib=32, vram_source=AMD_SRC,
                secondary="VRAM: AMD's R9700 page not re-read; AMD quotes 95.7 TFLOP/s FP16, the vector rate "
                          "(WMMA is about twice that), so no peak is given"),
        )),
    # ------------------------------------------------------------- Hygon DCU (DTK)
    GpuArch(gfx="gfx926", family="DCU (Hygon)", source=DCU_GUIDE, vendor="Hygon", products="Hygon K100",
        secondary="Hygon publishes no gfx table: the targets are from a user's DCU install guide",
        skus=(Sku(name="Hygon DCU K100", source=DCU_GUIDE, pci_ids=(0x62B7,), pci_name="Hygon K100 (KONGMING)",
                  secondary=DCU_SECONDARY),)),
    GpuArch(gfx="gfx928", family="DCU (Hygon)", source=DCU_GUIDE, vendor="Hygon", products="Hygon K100_AI, K500SM_AI",
        secondary="Hygon publishes no gfx table: the targets are from a user's DCU install guide and one report",
        skus=(Sku(name="Hygon DCU K100_AI", source=PCI_IDS_HYGON, pci_ids=(0x6211,), pci_name="K100_AI",
                  match=("k100_ai",), secondary="a DCU install guide gives 0x6210; pci.ids (primary) has 1d94:6211"),
              Sku(name="Hygon K500SM_AI", source=DCU_GFX928, match=("k500sm_ai",), secondary="one user's report"))),
    # ------------------------------------------------------------- NVIDIA (to label runs on the checking machines)
    GpuArch(gfx="sm_90", family="Hopper", source=NV_ARCH, vendor="NVIDIA", products="H100, H200",
        secondary="NVIDIA's compute-capability page was not re-read offline",
        skus=(
            Sku(name="NVIDIA H100 PCIe", source=PCI_IDS_NVIDIA, pci_ids=(0x2331,), vram_gib=80, vram_source=NV_H100,
                match=("h100 pcie",), secondary="VRAM: " + NV_PEAK,
                peak=Peak(tflops={"fp32": 51.0, "fp16": 756.5, "bf16": 756.5}, source=NV_H100, secondary=NV_PEAK)),
            # torch names the SXM part "NVIDIA H100 80GB HBM3".
            Sku(name="NVIDIA H100 SXM", source=PCI_IDS_NVIDIA, pci_ids=(0x2330,), vram_gib=80, vram_source=NV_H100,
                match=("h100 80gb hbm3", "h100 sxm"), secondary="VRAM: " + NV_PEAK,
                peak=Peak(tflops={"fp32": 66.9, "fp16": 989.4, "bf16": 989.4}, source=NV_H100, secondary=NV_PEAK)),
            # Sold as "141GB" (decimal GB; pci.ids "H200 SXM 141GB"): that is about 131 GiB, and NVIDIA
            # states no GiB figure, so vram_gib stays empty.
            Sku(name="NVIDIA H200", source=PCI_IDS_NVIDIA, pci_ids=(0x2335,), pci_name="GH100 [H200 SXM 141GB]",
                match=("h200",), exclude=("nvl",),
                secondary="VRAM: sold as 141 GB (decimal, about 131 GiB); no GiB figure from NVIDIA",
                peak=Peak(tflops={"fp32": 66.9, "fp16": 989.4, "bf16": 989.4}, source=NV_H200, note="SXM figures",
                          secondary=NV_PEAK)),
        )),
)

# Targets without a precision row of their own answer from their family's pattern.
FAMILY_FALLBACKS: tuple[FamilyFallback, ...] = (
    FamilyFallback(
        label="gfx10xx", pattern=r"^gfx10[0-9a-f]{2}$", family="RDNA1/RDNA2",
        precision=Precision(example="Radeon RX 6800 XT", bf16=NONE, fp16="packed", tf32=False, hipblaslt_since=None,
                            ck_flash=False, aotriton=NO, flash_attn_pkg=(),
                            sources=(PRECISION_DOC, BF16_API_EMULATION_ARG, HIPBLASLT_ARCHS),
                            note="no BF16 arithmetic: Triton kernels fail with 'Cannot select: intrinsic "
                                 "%llvm.amdgcn.fdot2.bf16.bf16'")),
)

# Measured figures the reference quotes, for context in docs (not peaks).
MEASURED = {
    "MI300X bf16 matmul (ml-engineering)": 668.0,
    "NVIDIA H100 bf16 8192^3 torch.matmul (this project's device, 2026-11-13)": 798.0,
}
