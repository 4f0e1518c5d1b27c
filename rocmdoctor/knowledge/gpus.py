"""What rocmdoctor knows about each GPU, keyed by gfx target: the one read API.

The rows live in ``gpu_table.py`` (plain data, a source on every value); this module holds
their types and the few questions checks ask. The table is imported on the first question,
so code that never asks (a scan on a host without GPUs, `rocmdoctor list`, `--help`) never
loads it. Add a GPU by adding one ``Gpu(...)`` row there; nothing else changes (see
docs/architecture.md, "Knowledge").

Why a Python data module, not JSON or TOML: the package supports Python 3.9, which has no
``tomllib``; JSON has no comments and would repeat each long source URL on every row, where
Python names a source once and a typo in a name fails at import; and importing a module of
literals is as cheap as parsing a file. ``tests/test_gpu_knowledge.py`` keeps it honest.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Mapping

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

    def device_tflops(self, dtype: str) -> float | None:
        """Peak for one torch device in ``dtype`` (fp32 uses the matrix rate if any)."""
        v = self.tflops.get("fp32_matrix") if dtype == "fp32" else None
        v = v if v is not None else self.tflops.get(dtype)
        return None if v is None else v / self.per_package


@dataclass(frozen=True)
class Sku:
    """One product of a gfx target."""

    name: str  # marketing name, "AMD Instinct MI300X"
    source: str  # backs the name, PCI ids and VRAM
    pci_ids: tuple[int, ...] = ()  # PCI device ids; each id belongs to exactly one SKU
    pci_name: str | None = None  # the PCI-ID repository's name when one id covers several products
    vram_gib: float | None = None  # per package, as sold
    match: tuple[str, ...] = ()  # lower-case substrings of torch.cuda.get_device_name()
    exclude: tuple[str, ...] = ()  # substrings naming a variant with other figures
    peak: Peak | None = None
    # Peak of one logical device per compute-partition mode ("SPX", "CPX", ...), where known.
    partition_peaks: Mapping[str, Peak] = field(default_factory=dict)
    rocm_listed: bool = True  # False: same target as a listed board, but not itself on AMD's list
    vendor: str | None = None  # PCI vendor when it differs from the row's (a Hygon DCU of an AMD gfx target)

    @property
    def product(self) -> str:
        return self.name

    @property
    def display_name(self) -> str:
        return self.pci_name or self.name


@dataclass(frozen=True)
class Support:
    """A gfx target on AMD's ROCm GPU support lists."""

    status: str  # in the current (ROCm 7) list: supported | unsupported | unofficial
    source: str
    last_rocm: str | None = None  # last ROCm release that listed it, when dropped
    since: str | None = None  # first ROCm release listing it, where the notes are clear
    deprecated_major: int | None = None  # the major series in which it was listed as deprecated
    note: str = ""


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
class Gpu:
    """Everything known about one gfx target (or, for NVIDIA, one sm_XY compute capability)."""

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
    torch_wheels: str | None = None  # first official PyTorch ROCm wheel generation that carries it
    torch_wheels_source: str = ""
    community_override: str | None = None  # HSA_OVERRIDE_GFX_VERSION the community runs it as (not AMD)
    community_override_source: str = ""
    skus: tuple[Sku, ...] = ()


@dataclass(frozen=True)
class FamilyFallback:
    """Precision for targets of a family that have no row of their own (every RDNA1/RDNA2 part)."""

    label: str  # "gfx10xx"
    pattern: str  # regular expression over the base gfx name
    family: str
    precision: Precision


# ----------------------------------------------------------------- loading (lazy)
_INDEX: dict | None = None


def _index() -> dict:
    global _INDEX
    if _INDEX is None:
        from . import gpu_table as t  # the rows: imported on the first question only

        by_gfx = {g.gfx: g for g in t.GPUS}
        by_pci = {}
        for g in t.GPUS:
            for s in g.skus:
                vid = VENDOR_IDS[s.vendor or g.vendor]
                for pid in s.pci_ids:
                    by_pci[(vid, pid)] = (g, s)
        _INDEX = {"gpus": t.GPUS, "by_gfx": by_gfx, "by_pci": by_pci, "fallbacks": t.FAMILY_FALLBACKS,
                  "table": t}
    return _INDEX


def table():
    """The data module itself (for the docs generator and the validation test)."""
    return _index()["table"]


def all_gpus() -> tuple[Gpu, ...]:
    return tuple(_index()["gpus"])


def arch_base(name: str) -> str:
    """'gfx90a:sramecc+:xnack-' -> 'gfx90a'."""
    return name.strip().split(":", 1)[0]


def lookup(gfx: str | None) -> Gpu | None:
    """The entry for a gfx target ("gfx90a:sramecc+:xnack-" is accepted); None if unknown."""
    if not gfx:
        return None
    return _index()["by_gfx"].get(arch_base(gfx).lower())


def by_pci_id(device_id: int, vendor_id: int = AMD_VENDOR) -> tuple[Gpu, Sku] | None:
    """The (gfx entry, SKU) a PCI device id belongs to, or None."""
    return _index()["by_pci"].get((vendor_id, device_id))


def pci_name(device_id: int, vendor_id: int = AMD_VENDOR) -> str | None:
    hit = by_pci_id(device_id, vendor_id)
    return hit[1].display_name if hit else None


def is_integrated(gfx: str | None) -> bool:
    g = lookup(gfx)
    return bool(g and g.integrated)


def has_unified_memory(gfx: str | None) -> bool:
    """An APU's GPU: its memory is the host's, up to the GTT/TTM limit."""
    g = lookup(gfx)
    return bool(g and (g.integrated or g.unified_memory))


# ----------------------------------------------------------------- precision
def precision(gfx: str | None) -> Precision | None:
    """Precision facts for a gfx target, or for its family pattern (gfx10xx) when it has no row."""
    if not gfx:
        return None
    base = arch_base(gfx).lower()
    g = _index()["by_gfx"].get(base)
    if g is not None and g.precision is not None:
        return replace(g.precision, gfx=g.gfx, family=g.family)
    for fb in _index()["fallbacks"]:
        if re.match(fb.pattern, base):
            return replace(fb.precision, gfx=fb.label, family=fb.family)
    return None


def hipblaslt_supported(row: Precision, hip: str | None) -> bool | None:
    """Whether torch built for ROCm ``hip`` uses hipBLASLt on this arch (None: hip unknown)."""
    if row.hipblaslt_since is None:
        return False
    if not hip:
        return None
    return _version(hip)[:2] >= _version(row.hipblaslt_since)[:2]


def _version(text: str | None) -> tuple[int, ...]:
    m = re.match(r"\s*(\d+(?:\.\d+)*)", text or "")
    return tuple(int(x) for x in m.group(1).split(".")) if m else ()


# ----------------------------------------------------------------- ROCm support
def gfx_status(gfx: str, rocm: tuple[int, ...] | None) -> tuple[str, str]:
    """(status, note) of a gfx target for a ROCm version (None: the current list).

    status: supported, deprecated, unsupported, unofficial, unknown.
    """
    g = lookup(gfx)
    s = g.support if g else None
    if s is None:
        return "unknown", f"{gfx} is not on any ROCm GPU support list"
    if s.status == UNOFFICIAL:
        return "unofficial", s.note or "never officially supported"
    if s.deprecated_major is not None and rocm:
        major = s.deprecated_major
        if rocm[0] < major:
            return "supported", ""
        if rocm[0] == major:
            return "deprecated", (f"deprecated in ROCm {major}.x (maintenance only); dropped from the "
                                  f"ROCm {major + 1} list")
        return "unsupported", f"not supported by ROCm {major + 1}.x (last listed, as deprecated, in ROCm {s.last_rocm})"
    if s.last_rocm and rocm and rocm[:2] <= _version2(s.last_rocm):
        return "supported", ""
    if s.status == UNSUPPORTED:
        return "unsupported", s.note or f"last supported by ROCm {s.last_rocm}"
    since = _version2(s.since) if s.since else None
    if since and rocm and rocm[:2] < since:
        return "unsupported", f"support arrived in ROCm {since[0]}.{since[1]}"
    return "supported", s.note


def _version2(text: str) -> tuple[int, int]:
    parts = [int(p) for p in text.split(".")[:2]]
    return (parts[0], parts[1] if len(parts) > 1 else 0)


def officially_supported(gfx: str, rocm: tuple[int, ...] | None = None) -> bool:
    return gfx_status(gfx, rocm)[0] in ("supported", "deprecated")


def listed_pci_ids(gfx: str) -> frozenset[int] | None:
    """When AMD lists only some boards of a target: their PCI ids (None: the whole target is listed)."""
    g = lookup(gfx)
    if g is None or not any(not s.rocm_listed for s in g.skus):
        return None
    return frozenset(pid for s in g.skus if s.rocm_listed for pid in s.pci_ids)


def community_override(gfx: str | None) -> str | None:
    g = lookup(gfx)
    return g.community_override if g else None


# ----------------------------------------------------------------- torch wheels
def wheel_generation(gfx: str) -> str | None:
    """Which wheel generation first carried gfx, or None when no official wheel does."""
    g = lookup(gfx)
    return g.torch_wheels if g else None


# ----------------------------------------------------------------- peaks
def sku_for_device(name: str | None, arch: str | None = None) -> Sku | None:
    """The SKU with a peak for a torch device name; None when unknown or ambiguous.

    Matching is by name only: an architecture (gfx90a) covers parts with different peaks
    (MI210, MI250, MI250X), so it is a cross-check, never the key. When one product's key is
    part of another's ("mi250" in "mi250x") the more specific wins, so "AMD Instinct
    MI250X/MI250" reads as MI250X (5% above MI250); any other name matching two products gives
    None rather than a guess.
    """
    if not name:
        return None
    low = name.lower()
    cands = [(g, s) for g in _index()["gpus"] for s in g.skus if s.peak and s.match]
    hits = [(g, s) for g, s in cands if any(k in low for k in s.match) and not any(x in low for x in s.exclude)]
    # "mi250" also matches "mi250x": keep the longer, more specific product.
    hits = [(g, s) for g, s in hits
            if not any(t is not s and any(k in tk and k != tk for k in s.match for tk in t.match) for _, t in hits)]
    if arch:
        base = arch_base(arch)
        # Only a gfx target cross-checks: NVIDIA rows are keyed by compute capability.
        hits = [(g, s) for g, s in hits if not g.gfx.startswith("gfx") or g.gfx == base]
    if len(hits) == 1:
        return hits[0][1]
    return None


def device_peak(sku: Sku | None, partition: str | None = None) -> Peak | None:
    """The peak of one logical device: the partition's when the GPU is partitioned (MI300
    class, compute mode "CPX", "DPX", ...), else the package's. A partitioned device of a SKU
    whose partition peaks are unknown has no peak (a percentage of the whole GPU would lie)."""
    if sku is None:
        return None
    mode = (partition or "").strip().upper()
    if mode and mode != "SPX":
        return sku.partition_peaks.get(mode)
    return sku.partition_peaks.get("SPX") or sku.peak if mode else sku.peak


def percent_of_peak(tflops: float | None, sku: Sku | None, dtype: str, partition: str | None = None) -> float | None:
    peak = device_peak(sku, partition)
    if tflops is None or peak is None:
        return None
    ref = peak.device_tflops(dtype)
    return None if not ref else 100.0 * tflops / ref
