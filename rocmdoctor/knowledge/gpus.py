"""What rocmdoctor knows about each GPU, keyed by gfx target: the one read API.

The rows live in ``gpu_table.py`` (plain data, a source on every value), their types in
``gpu_types.py``; this module re-exports the types and answers the few questions checks ask.
The table is imported on the first question, so code that never asks (a scan on a host
without GPUs, `rocmdoctor list`, `--help`) never loads it. Add a GPU by adding one ``GpuArch(...)``
row there; nothing else changes (see docs/architecture.md, "Knowledge").

Why a Python data module, not JSON or TOML: the package supports Python 3.9, which has no
``tomllib``; JSON has no comments and would repeat each long source URL on every row, where
Python names a source once and a typo in a name fails at import; and importing a module of
literals is as cheap as parsing a file. ``tests/test_gpu_knowledge.py`` keeps it honest.
"""
from __future__ import annotations

import re

from ..base.records import dataclass, replace
from ..base.versions import version_tuple
from .gpu_types import (
    AMD_VENDOR, NVIDIA_VENDOR, HYGON_VENDOR, VENDOR_IDS, WHEEL_INDEX, WHEEL_SOURCES, NATIVE, EMULATED, NONE,
    YES, NO, EXPERIMENTAL, SUPPORTED, UNSUPPORTED, UNOFFICIAL, Peak, Sku, Support, Precision, GpuArch, FamilyFallback,
)

__all__ = [  # the types and constants are part of this API
    "AMD_VENDOR", "NVIDIA_VENDOR", "HYGON_VENDOR", "VENDOR_IDS", "WHEEL_INDEX", "WHEEL_SOURCES", "NATIVE",
    "EMULATED", "NONE", "YES", "NO", "EXPERIMENTAL", "SUPPORTED", "UNSUPPORTED", "UNOFFICIAL", "Peak", "Sku",
    "Support", "Precision", "GpuArch", "FamilyFallback", "table", "all_gpus", "arch_base", "lookup", "by_pci_id",
    "pci_name", "pci_candidates", "Verdict", "gfx_verdict", "is_integrated", "has_unified_memory", "precision", "hipblaslt_supported", "gfx_status",
    "officially_supported", "listed_pci_ids", "community_override", "wheel_generation", "sku_for_device",
    "device_peak", "percent_of_peak",
]

# ----------------------------------------------------------------- loading (lazy)
_INDEX: dict | None = None


def _index() -> dict:
    global _INDEX
    if _INDEX is None:
        from . import gpu_table as t  # the rows: imported on the first question only

        by_gfx = {g.gfx: g for g in t.GPUS}
        by_pci: dict = {}  # (vendor, device) -> [(gpu, sku)]: one id may cover several products
        for g in t.GPUS:
            for s in g.skus:
                vid = VENDOR_IDS[s.vendor or g.vendor]
                for pid in s.pci_ids:
                    by_pci.setdefault((vid, pid), []).append((g, s))
        _INDEX = {"gpus": t.GPUS, "by_gfx": by_gfx, "by_pci": by_pci, "fallbacks": t.FAMILY_FALLBACKS,
                  "table": t}
    return _INDEX


def table():
    """The data module itself (for the docs generator and the validation test)."""
    return _index()["table"]


def all_gpus() -> tuple[GpuArch, ...]:
    return tuple(_index()["gpus"])


def arch_base(name: str) -> str:
    """'gfx90a:sramecc+:xnack-' -> 'gfx90a'."""
    return name.strip().split(":", 1)[0]


def lookup(gfx: str | None) -> GpuArch | None:
    """The entry for a gfx target ("gfx90a:sramecc+:xnack-" is accepted); None if unknown."""
    if not gfx:
        return None
    return _index()["by_gfx"].get(arch_base(gfx).lower())


def pci_candidates(device_id: int, vendor_id: int = AMD_VENDOR, revision: int | None = None,
                   vram_gib: float | None = None) -> list[tuple[GpuArch, Sku]]:
    """The products a PCI device can be, narrowed by its revision id and VRAM size when known
    (0x66A1 rev 02 with 16 GiB is an MI50; with 32 GiB an MI60 or an MI50 32GB). A revision
    that no product of the id lists gives no candidate."""
    hits = list(_index()["by_pci"].get((vendor_id, device_id), ()))
    if revision is not None:
        hits = [h for h in hits if not h[1].revisions or revision in h[1].revisions]
    if vram_gib:  # the driver reports a little less than the size sold: keep sizes within 15%
        near = [h for h in hits if h[1].vram_gib and abs(h[1].vram_gib - vram_gib) <= 0.15 * h[1].vram_gib]
        hits = near or hits
    return hits


def _identified(hits, every, revision) -> Sku | None:
    """The one SKU left, when the id names it alone (no shared pci_name) or its revision settles it."""
    if len(hits) != 1:
        return None
    s = hits[0][1]
    if revision is not None and revision in s.revisions:
        return s
    return s if len(every) == 1 and not s.pci_name else None


def by_pci_id(device_id: int, vendor_id: int = AMD_VENDOR, revision: int | None = None,
              vram_gib: float | None = None) -> tuple[GpuArch, Sku] | None:
    """The (gfx entry, SKU) a PCI device is; None when unknown or when the id, with the revision
    and VRAM given, still fits several products."""
    hits = pci_candidates(device_id, vendor_id, revision, vram_gib)
    sku = _identified(hits, _index()["by_pci"].get((vendor_id, device_id), []), revision)
    return hits[0] if sku is not None else None


def pci_name(device_id: int, vendor_id: int = AMD_VENDOR, revision: int | None = None,
             vram_gib: float | None = None) -> str | None:
    """The product name of a PCI device; the name the id shares ("AMD Instinct MI60 / MI50")
    when the id, revision and VRAM cannot tell the products apart."""
    every = _index()["by_pci"].get((vendor_id, device_id), [])
    hits = pci_candidates(device_id, vendor_id, revision, vram_gib) or every
    sku = _identified(hits, every, revision)
    if sku is not None:
        return sku.name
    shared = {s.pci_name for _, s in hits}
    if len(shared) == 1 and None not in shared:
        return shared.pop()
    return " / ".join(dict.fromkeys(s.name for _, s in hits)) or None


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
    return version_tuple(hip)[:2] >= version_tuple(row.hipblaslt_since)[:2]


# ----------------------------------------------------------------- ROCm support
@dataclass(frozen=True)
class Verdict:
    """A gfx target against a ROCm release's list, naming the list that answered."""

    status: str  # supported, deprecated, unsupported, unofficial, unknown
    note: str
    used: str  # "the ROCm 6.4.1 list" (and, after a semicolon, its source) or "" when no list answered
    source: str = ""


def gfx_verdict(gfx: str, rocm: tuple[int, ...] | None) -> Verdict:
    """The status of a gfx target in the list of the ROCm release installed (None: the newest
    list read). The lists are AMD's per-release lists (knowledge/rocm_lists.py)."""
    from . import rocm_lists as rl

    g = lookup(gfx)
    s = g.support if g else None
    lists, caveat = rl.lists_for(rocm)
    newer = rl.is_newer(rocm)
    if s is not None and s.status == UNOFFICIAL:
        if newer:  # no list read for that release: do not call it off-list
            return Verdict("unknown", "; ".join(x for x in (caveat, f"{gfx} is not on it", s.secondary) if x),
                           lists[0].label, lists[0].source)
        return Verdict("unofficial", s.note or "never officially supported", "")
    if not lists:  # before ROCm 6.0: the row's own history
        if s is None:
            return Verdict("unknown", f"{gfx} is not on any ROCm GPU support list", "")
        if s.since and rocm and rocm[:2] < version_tuple(s.since, 2):
            return Verdict("unsupported", f"support arrived in ROCm {s.since}", "")
        if s.last_rocm and rocm and rocm[:2] > version_tuple(s.last_rocm, 2):
            return Verdict("unsupported", f"last supported by ROCm {s.last_rocm}", "")
        return Verdict("supported", "ROCm before 6.0: from the GPU row's history, not a release list", "")
    used = lists[0].label if len(lists) == 1 else f"the ROCm {lists[0].release} to {lists[-1].release} lists"
    source = lists[-1].source
    statuses = [r.status(gfx) for r in lists]
    notes = [n for n in dict.fromkeys(r.note(gfx) for r in lists) if n] + ([caveat] if caveat else [])
    listed = [r for r, st in zip(lists, statuses) if st]
    if not listed:
        if s is None:
            return Verdict("unknown", f"{gfx} is not on any ROCm GPU support list", used, source)
        first = rl.first_listed(gfx)
        if first is not None and first.version > lists[-1].version:
            why = f"support arrived in ROCm {first.release}"
        elif s.last_rocm:
            why = f"last listed in ROCm {s.last_rocm}"
        else:
            why = f"not on {used}"
        return Verdict("unsupported", "; ".join([why] + notes), used, source)
    status = "supported" if "supported" in statuses else "deprecated"
    if len(listed) < len(lists):
        notes.insert(0, f"listed from ROCm {listed[0].release}; ROCm "
                        f"{', '.join(r.release for r, st in zip(lists, statuses) if not st)} did not list it")
    return Verdict(status, "; ".join(notes), used, source)


def gfx_status(gfx: str, rocm: tuple[int, ...] | None) -> tuple[str, str]:
    """(status, note) of a gfx target for a ROCm version (None: the newest list read).

    status: supported, deprecated, unsupported, unofficial, unknown.
    """
    v = gfx_verdict(gfx, rocm)
    return v.status, v.note


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


# ----------------------------------------------------------------- targets a name states
# Words an image tag or build name uses for the GPU it was built for (AMD's `-mi35x`/`-mi30x` SGLang and
# training images, `_navi21` rocm/pytorch builds, a user's `-gfx1201`/`-rdna4` image): the gfx, or a family
# prefix ending in "*".
_NAMED_TARGETS = {
    **dict.fromkeys(("mi35x", "mi350", "mi350x", "mi355", "mi355x"), "gfx950"),
    **dict.fromkeys(("mi30x", "mi300", "mi300x", "mi300a", "mi308x", "mi325", "mi325x"), "gfx942"),
    **dict.fromkeys(("mi200", "mi210", "mi250", "mi250x"), "gfx90a"),
    "mi100": "gfx908", "mi50": "gfx906", "mi60": "gfx906", "mi25": "gfx900",
    "navi10": "gfx1010", "navi21": "gfx1030", "navi22": "gfx1031", "navi23": "gfx1032", "navi31": "gfx1100",
    "navi32": "gfx1101", "navi33": "gfx1102", "navi44": "gfx1200", "navi48": "gfx1201",
    "rdna2": "gfx103*", "rdna3": "gfx110*", "rdna35": "gfx115*", "rdna4": "gfx120*",
}
# a target (gfx803, gfx90a, gfx942, gfx1100, gfx1151) or a family (gfx94x, gfx110x, gfx115x): not gfx120 or gfx12
_GFX_WORD = re.compile(r"gfx(?:[89]\d[0-9a-f]|1\d\d[0-9a-f]|[89]\dx|1\d\dx)")


def targets_named(name: str) -> list[str]:
    """The GPU targets an image reference's tag or last path part names (`lmsysorg/sglang:v0.5.6-rocm700-mi35x`
    -> gfx950; `vllm-gfx1151:rocm71_gfx115x` -> gfx1151 and gfx115*); [] when it names none."""
    ref = name.lower().split("@", 1)[0]
    last = ref.rsplit("/", 1)[-1].replace("rdna3.5", "rdna35")  # RDNA 3.5 (Strix: gfx1150/1151) is not RDNA 3
    out: list[str] = []
    for word in re.split(r"[-_.:+]", last):
        t = _NAMED_TARGETS.get(word)
        if t is None and _GFX_WORD.fullmatch(word):
            t = word[:-1] + "*" if word.endswith("x") else word
        if t and t not in out:
            out.append(t)
    return out


def target_in(gfx: str, targets: list[str]) -> bool:
    """Whether gfx is one of the targets (a family prefix `gfx110*` holds gfx1100, gfx1101 ...)."""
    return any(gfx == t or (t.endswith("*") and gfx.startswith(t[:-1])) for t in targets)


# ----------------------------------------------------------------- torch wheels
def wheel_generation(gfx: str) -> str | None:
    """Where PyTorch's official ROCm wheels first carry gfx ("the rocm5.5 wheels"), or None when none does
    (knowledge/torch_wheels.py holds the table)."""
    from . import torch_wheels

    return torch_wheels.first_carried(gfx)


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
