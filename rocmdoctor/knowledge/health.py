"""GPU health knowledge: the thresholds the RD-HEALTH checks apply, the firmware known to
be bad, and the host settings AMD asks for before training. Each entry names its source;
checks read them through the small functions at the bottom, never a table of their own.
"""
from __future__ import annotations

from ..base.records import dataclass

KERNEL_RAS = "https://docs.kernel.org/gpu/amdgpu/ras.html"
KERNEL_THERMAL = "https://docs.kernel.org/gpu/amdgpu/thermal.html"
KERNEL_AER = "https://www.kernel.org/doc/Documentation/ABI/testing/sysfs-bus-pci-devices-aer_stats"
KERNEL_MODPARAMS = "https://docs.kernel.org/gpu/amdgpu/module-parameters.html"
GPU_OPERATOR_ECC = "https://instinct.docs.amd.com/projects/gpu-operator/en/latest/test/ecc-error-injection.html"
NODE_SCRAPER = "https://github.com/amd/node-scraper"
PREREQ_TRAINING = ("https://rocm.docs.amd.com/en/latest/how-to/rocm-for-ai/system-setup/"
                   "prerequisite-system-validation.html")
MI300X_TUNING = "https://rocm.docs.amd.com/en/latest/how-to/system-optimization/mi300x.html"
PARTITIONING = "https://instinct.docs.amd.com/projects/amdgpu-docs/en/latest/gpu-partitioning/mi300x/overview.html"
OVERSUBSCRIPTION = "https://rocm.docs.amd.com/en/latest/conceptual/gpu-memory.html"
KFD_PROC_DOC = "https://github.com/torvalds/linux/blob/master/drivers/gpu/drm/amd/amdkfd/kfd_process.c"
DCGM_LIMITS = "https://github.com/NVIDIA/DCGM/blob/master/modules/health/GpuHardwareLimits.h"


@dataclass(frozen=True)
class Threshold:
    name: str
    value: float
    meaning: str
    sources: tuple[str, ...]


THRESHOLDS: dict[str, Threshold] = {t.name: t for t in (
    Threshold("ecc_uncorrectable", 0,
              "any uncorrectable (or deferred) ECC error since boot fails: results computed on that GPU are suspect "
              "and a reset is likely", (GPU_OPERATOR_ECC, NODE_SCRAPER, KERNEL_RAS)),
    Threshold("ecc_correctable", 0,
              "correctable errors above this count warn (AMD's Device Metrics Exporter marks a GPU unhealthy on any "
              "ECC error by default; node-scraper warns on any correctable error)", (GPU_OPERATOR_ECC, NODE_SCRAPER)),
    Threshold("bad_pages_fraction", 0.8,
              "retired pages at or above this fraction of the driver's bad_page_threshold warn: the GPU nears the "
              "count at which amdgpu stops using it (plan an RMA)", (KERNEL_RAS, KERNEL_MODPARAMS)),
    Threshold("vram_used_fraction", 0.10,
              "VRAM already allocated above this fraction of the total, with no process of ours, warns: another "
              "job (possibly in another container, whose processes KFD does not show here) holds the GPU",
              (KFD_PROC_DOC, OVERSUBSCRIPTION)),
    Threshold("sclk_ceiling_fraction", 0.9,
              "a highest shader-clock DPM level below this fraction of the clock KFD reports the GPU is built for "
              "(max_engine_clk_fcompute) warns: the clock range was capped (pp_od_clk_voltage, rocm-smi --setsrange)",
              (KERNEL_THERMAL,)),
    Threshold("pcie_replay", 0,
              "PCIe replays above this count warn (node-scraper: replay_count > 0 is a warning; DCGM fails a "
              "replay *rate* above 8/min)", (NODE_SCRAPER, DCGM_LIMITS)),
    Threshold("power_cap_fraction", 0.9,
              "a power cap below this fraction of the board default warns: someone lowered it and matmul "
              "throughput drops with it", (KERNEL_THERMAL,)),
    Threshold("temp_margin_c", 10,
              "a temperature within this many degrees C of its critical limit warns (throttling is next)",
              (KERNEL_THERMAL,)),
)}


def threshold(name: str) -> Threshold:
    return THRESHOLDS[name]


@dataclass(frozen=True)
class BadFirmware:
    """A firmware version known to misbehave. ``gfx`` is a gfx target (or "" for any),
    ``block`` the firmware name as sysfs/amdsmi call it (``mes``, ``vbios``...)."""

    gfx: str
    block: str
    version: str  # as the kernel prints it in fw_version/<block>_fw_version ("0x00000083") or vbios_version
    problem: str
    fixed_in: str
    sources: tuple[str, ...]


KNOWN_BAD_FIRMWARE: tuple[BadFirmware, ...] = (
    BadFirmware("gfx1150", "mes", "0x00000083", "MES firmware 0x83 hangs the GPU and causes memory access faults "
                "on Strix Point; 0x80 works", "a newer linux-firmware (MES 0x80 or later than 0x83)",
                ("https://github.com/ROCm/ROCm/issues/5724",)),
    BadFirmware("gfx1151", "mes", "0x00000083", "MES firmware 0x83 hangs the GPU and causes memory access faults "
                "on Strix Halo; 0x80 works", "a newer linux-firmware (MES 0x80 or later than 0x83)",
                ("https://github.com/ROCm/ROCm/issues/5724",)),
)


def _fw_key(v: str) -> str:
    v = v.strip().lower()
    try:
        return hex(int(v, 16)) if v.startswith("0x") else v
    except ValueError:
        return v


def bad_firmware(gfx: str | None, block: str, version: str) -> BadFirmware | None:
    for row in KNOWN_BAD_FIRMWARE:
        if row.block == block and (not row.gfx or row.gfx == gfx) and _fw_key(row.version) == _fw_key(version):
            return row
    return None


@dataclass(frozen=True)
class HostSetting:
    path: str
    want: str
    why: str
    fix: str
    sources: tuple[str, ...]


HOST_SETTINGS: tuple[HostSetting, ...] = (
    HostSetting("/proc/sys/kernel/numa_balancing", "0",
                "automatic NUMA balancing migrates pages under the GPU's DMA and costs training throughput",
                "sudo sysctl -w kernel.numa_balancing=0 (persist with kernel.numa_balancing=0 in /etc/sysctl.d/)",
                (PREREQ_TRAINING, MI300X_TUNING)),
)

# MI300-class partition modes: logical devices per physical GPU (aac.amd.com / instinct docs).
COMPUTE_PARTITION_SPLIT = {"SPX": 1, "DPX": 2, "TPX": 3, "QPX": 4, "CPX": 8}
MEMORY_PARTITION_SPLIT = {"NPS1": 1, "NPS2": 2, "NPS4": 4, "NPS8": 8}
