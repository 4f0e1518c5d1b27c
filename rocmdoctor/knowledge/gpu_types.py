"""The types of the GPU knowledge base (rows in gpu_table.py, read through gpus.py).

Separate from gpus.py so that the table can build its rows without importing the API that
loads it: the API imports the table, the table imports these types, and nothing imports back.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ..base.records import dataclass, field

# PCI vendor ids (Linux include/linux/pci_ids.h).
AMD_VENDOR = 0x1002
NVIDIA_VENDOR = 0x10DE
HYGON_VENDOR = 0x1D94  # PCI_VENDOR_ID_HYGON; Hygon CPUs use it too, so match display/accelerator class only
VENDOR_IDS = MappingProxyType({"AMD": AMD_VENDOR, "NVIDIA": NVIDIA_VENDOR, "Hygon": HYGON_VENDOR})

# Where official PyTorch ROCm wheels come from, and what says which targets they carry
# (PYTORCH_ROCM_ARCH in pytorch .ci/docker/manywheel/build.sh over time). Here, not in the
# table, because check decorators cite them when the checks are imported.
WHEEL_INDEX = "https://download.pytorch.org/whl/"
WHEEL_SOURCES = (
    "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/3rd-party/pytorch-install.html",
    "https://github.com/pytorch/pytorch/issues/132570",
)

# Values of the precision fields.
NATIVE, EMULATED, NONE = "native", "emulated", "none"
YES, NO, EXPERIMENTAL = "yes", "no", "experimental"
# Values of Support.status ("unofficial": never listed, runs with community workarounds).
SUPPORTED, UNSUPPORTED, UNOFFICIAL = "supported", "unsupported", "unofficial"


@dataclass(frozen=True)
class Peak:
    """Dense peak TFLOP/s of one package (vendor figures, never measured).

    "fp32" is the vector rate, "fp32_matrix" the matrix-core rate where the part has one
    (rocBLAS SGEMM uses it, so %-of-peak uses it for fp32). None: no hardware path or no
    figure, so no percentage is shown. An MI250X package holds two GCDs that torch lists
    as two devices: ``per_package=2`` halves the figure per device.
    """

    tflops: Mapping[str, float | None]
    source: str
    per_package: int = 1
    note: str = ""
    secondary: str = ""  # set when the figures rest on a secondary source: which, and why

    def device_tflops(self, dtype: str) -> float | None:
        """Peak for one torch device in ``dtype`` (fp32 uses the matrix rate if any)."""
        v = self.tflops.get("fp32_matrix") if dtype == "fp32" else None
        v = v if v is not None else self.tflops.get(dtype)
        return None if v is None else v / self.per_package


@dataclass(frozen=True)
class Sku:
    """One product of a gfx target."""

    name: str  # marketing name, "AMD Instinct MI300X"
    source: str  # backs the name and PCI ids (and revisions)
    pci_ids: tuple[int, ...] = ()  # PCI device ids
    # PCI revision ids, where one device id covers several products (0x66A1: rev 02 MI60/MI50,
    # rev 06 Radeon Pro VII, libdrm amdgpu.ids). Empty: every revision.
    revisions: tuple[int, ...] = ()
    pci_name: str | None = None  # the name shown when the id (and revision) cannot tell the products apart
    vram_gib: float | None = None  # per package, as sold, in GiB
    vram_source: str = ""  # backs vram_gib
    match: tuple[str, ...] = ()  # lower-case substrings of torch.cuda.get_device_name()
    exclude: tuple[str, ...] = ()  # substrings naming a variant with other figures
    peak: Peak | None = None
    # Peak of one logical device per compute-partition mode ("SPX", "CPX", ...), where known.
    partition_peaks: Mapping[str, Peak] = field(default_factory=dict)
    rocm_listed: bool = True  # False: same target as a listed board, but not itself on AMD's list
    vendor: str | None = None  # PCI vendor when it differs from the row's (a Hygon DCU of an AMD gfx target)
    secondary: str = ""  # set when a value here rests on a secondary source: which value, and why

    @property
    def product(self) -> str:
        return self.name

    @property
    def display_name(self) -> str:
        return self.pci_name or self.name


@dataclass(frozen=True)
class Support:
    """A gfx target on AMD's ROCm GPU support lists."""

    status: str  # in the newest release list read (rocm_lists.NEWEST): supported | unsupported | unofficial
    source: str
    last_rocm: str | None = None  # last ROCm release that listed it, when dropped
    since: str | None = None  # first ROCm release listing it (rocm_lists.first_listed agrees for 6.0 and later)
    note: str = ""
    secondary: str = ""  # set when the status rests on a secondary source


@dataclass(frozen=True)
class Precision:
    """Training precision and attention kernels, from the architecture (never from the torch API:
    ``torch.cuda.is_bf16_supported()`` is True on every ROCm device)."""

    example: str  # a product, for messages
    bf16: str  # matrix/dot BF16 in hardware: native | emulated (software) | none
    fp16: str  # "matrix" (MFMA/WMMA) or "packed" (2x FP32 vector rate)
    tf32: bool  # XF32/TF32 matrix instructions (MI300 class only)
    hipblaslt_since: str | None  # first ROCm whose torch lists the arch for hipBLASLt ("5.0": all); None: never
    ck_flash: bool  # PyTorch's CK flash-attention backend (Context::ckSupported)
    aotriton: str  # torch SDPA flash/mem-efficient via AOTriton: yes | experimental | no
    flash_attn_pkg: tuple[str, ...]  # Dao-AILab flash-attn backends that build for it: "ck", "triton"
    sources: tuple[str, ...]
    note: str = ""
    # Filled by the API from the entry that answered (a gfx, or a family pattern such as gfx10xx).
    gfx: str = ""
    family: str = ""

    @property
    def bf16_native(self) -> bool:
        return self.bf16 == NATIVE


@dataclass(frozen=True)
class GpuArch:
    """Everything known about one gfx target (or, for NVIDIA, one sm_XY compute capability): a kind
    of GPU, not a GPU found on a machine (that is facts.gpus.Gpu, which this row describes)."""

    gfx: str
    family: str  # GCN5.1, CDNA3, RDNA3 ...
    source: str  # backs gfx, family, products and integrated
    vendor: str = "AMD"  # AMD | Hygon | NVIDIA
    products: str = ""  # short list for messages
    integrated: bool = False  # only ever an iGPU of a client APU (not MI300A or Strix Halo: main GPUs)
    # Its memory is the host's (an APU: integrated rows, and Strix Halo): usable GPU memory is the
    # GTT/TTM limit, not mem_info_vram_total (only the BIOS carve-out).
    unified_memory: bool = False
    support: Support | None = None  # None: on no ROCm support list
    precision: Precision | None = None
    community_override: str | None = None  # HSA_OVERRIDE_GFX_VERSION the community runs it as (not AMD)
    community_override_source: str = ""
    skus: tuple[Sku, ...] = ()
    secondary: str = ""  # set when gfx/family/products rest on a secondary source


@dataclass(frozen=True)
class FamilyFallback:
    """Precision for targets of a family that have no row of their own (every RDNA1/RDNA2 part)."""

    label: str  # "gfx10xx"
    pattern: str  # regular expression over the base gfx name
    family: str
    precision: Precision
