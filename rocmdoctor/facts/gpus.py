"""GPU inventory, from the KFD topology first (the structured source), with names
from amdsmi, sysfs, a PCI-id table, and rocm-smi/rocminfo text only as fallbacks."""
from __future__ import annotations

import posixpath
from collections.abc import Mapping

from ..knowledge.gpus import (AMD_VENDOR, HYGON_VENDOR, NVIDIA_VENDOR, has_unified_memory, pci_candidates, is_integrated,
                               pci_name)
from ..knowledge.platforms import DCU_CLASS_PREFIXES, TTM_PAGE
from ..machine.parsers import rocm_smi
from ..machine.parsers import rocminfo
from ..machine.parsers.kfd import gfx_name, location_to_bdf, parse_properties
from ..base.records import dataclass
from ..base.untrusted import pick
from . import Missing, conform, fact, probe_data

KFD_NODES = "/sys/class/kfd/kfd/topology/nodes"


@dataclass(frozen=True)
class KfdNode:
    node: int
    path: str  # the properties file, for evidence
    props: dict

    @property
    def is_gpu(self) -> bool:
        return self.props.get("simd_count", 0) > 0 or self.props.get("gfx_target_version", 0) > 0


@dataclass(frozen=True)
class Gpu:
    index: int  # HIP/torch ordinal before any *_VISIBLE_DEVICES filtering
    node: int  # KFD node id (HSA_OVERRIDE_GFX_VERSION_<node>)
    gfx: str | None
    gfx_target_version: int
    device_id: int
    pci: str | None
    name: str | None
    name_source: str | None
    vram_bytes: int | None
    integrated: bool
    render_minor: int | None
    properties_path: str
    gtt_bytes: int | None = None  # mem_info_gtt_total: what an APU's GPU can map of host memory
    ttm_limit_bytes: int | None = None  # ttm.pages_limit, the ceiling on all GTT allocations
    unified_memory: bool = False  # an APU: its "VRAM" is a carve-out of host memory

    @property
    def memory_bytes(self) -> int | None:
        """Memory a training job can use on this GPU: VRAM on a discrete card; on an APU the
        GTT size capped by the TTM limit (the carve-out alone is what mem_info_vram_total says)."""
        if not self.unified_memory:
            return self.vram_bytes
        shared = min((b for b in (self.gtt_bytes, self.ttm_limit_bytes) if b), default=None)
        return max((b for b in (self.vram_bytes, shared) if b), default=None)

    @property
    def label(self) -> str:
        return f"GPU {self.index}" + (f" ({self.pci})" if self.pci else "")


@dataclass(frozen=True)
class PciDisplay:
    """A display-class PCI function (AMD, NVIDIA, other), whatever driver it has."""

    address: str
    vendor_id: int
    device_id: int
    driver: str | None

    @property
    def vendor(self) -> str:
        return {AMD_VENDOR: "AMD", NVIDIA_VENDOR: "NVIDIA", HYGON_VENDOR: "Hygon"}.get(
            self.vendor_id, f"0x{self.vendor_id:04x}")


@fact("kfd_nodes")
def kfd_nodes(ctx) -> list[KfdNode]:
    src = ctx.source
    nodes = []
    for path in src.glob(KFD_NODES + "/*/properties"):
        node_dir = posixpath.basename(posixpath.dirname(path))
        if not node_dir.isdigit():
            continue
        r = src.read(path)
        if not r.ok:
            continue
        nodes.append(KfdNode(int(node_dir), path, parse_properties(r.text)))
    if not nodes and not src.exists("/sys/class/kfd/kfd/topology"):
        raise Missing(f"{KFD_NODES}: missing (amdgpu/KFD not loaded, or not an AMD GPU host)")
    return sorted(nodes, key=lambda n: n.node)


@fact("pci_display")
def pci_display(ctx) -> list[PciDisplay]:
    """Display-class PCI functions from sysfs (through the source, so snapshots record it).
    Snapshots from before 0.1 hold udev's view as the pci_display probe: used when present.
    pyudev is not asked on a live host: it reads these same sysfs files, after an import
    and a full device enumeration that cost more than the answer."""
    r = ctx.source.probe("pci_display") if ctx.source.kind != "live" else None
    data = conform(r.data, [{"address": str, "vendor_id": int, "device_id": int, "driver": str}]) \
        if r is not None and r.ok else None
    if data is not None:
        return [PciDisplay(d["address"], d["vendor_id"], d["device_id"], d.get("driver")) for d in data
                if all(d.get(k) is not None for k in ("address", "vendor_id", "device_id"))]
    src = ctx.source
    out = []
    for dev in src.glob("/sys/bus/pci/devices/*"):
        # Display controllers (0x03xxxx), plus AMD GPUs that enumerate as processing
        # accelerators (0x12xxxx): MI300X/MI300A do.
        cls = (src.text(dev + "/class") or "").strip().lower()
        if not cls.startswith(("0x03", "0x12", "0x0b40")):
            continue
        try:
            vendor = int((src.text(dev + "/vendor") or "0").strip(), 16)
            device = int((src.text(dev + "/device") or "0").strip(), 16)
        except ValueError:
            continue
        if not cls.startswith("0x03") and not _accelerator(vendor, cls):
            continue
        link = src.readlink(dev + "/driver")
        out.append(PciDisplay(posixpath.basename(dev), vendor, device, posixpath.basename(link) if link else None))
    return out


def _accelerator(vendor: int, cls: str) -> bool:
    """Non-display classes that are GPUs: AMD accelerators (0x12, MI300X/MI300A) and Hygon
    DCUs (0x12 or co-processor 0x0b40); Hygon CPUs' own functions use other classes."""
    if vendor == AMD_VENDOR:
        return cls.startswith("0x12")
    return vendor == HYGON_VENDOR and cls.startswith(DCU_CLASS_PREFIXES)


@fact("gpus")
def gpus(ctx) -> list[Gpu]:
    """AMD GPUs the ROCm runtime will enumerate ([] when KFD lists none, or only an
    integrated GPU next to an NVIDIA card)."""
    nodes = [n for n in ctx.optional("kfd_nodes", []) if n.is_gpu]
    if not nodes:
        # WSL2 has no KFD topology: the runtime reaches the GPU through /dev/dxg, and
        # rocminfo is the one thing that lists it.
        return _rocminfo_gpus(ctx) if ctx.optional("wsl") is not None else []
    names = _names(ctx)
    ttm = _ttm_limit(ctx.source)
    out = []
    for i, n in enumerate(nodes):
        p = n.props
        gtv = p.get("gfx_target_version", 0)
        gfx = gfx_name(gtv)
        pci = location_to_bdf(p.get("domain", 0), p["location_id"]) if "location_id" in p else None
        name, name_src = names(pci, p.get("device_id", 0), i, p.get("vendor_id") or AMD_VENDOR)
        out.append(Gpu(
            index=i,
            node=n.node,
            gfx=gfx,
            gfx_target_version=gtv,
            device_id=p.get("device_id", 0),
            pci=pci,
            name=name,
            name_source=name_src,
            vram_bytes=_vram(ctx, n, pci),
            integrated=is_integrated(gfx),
            render_minor=p.get("drm_render_minor"),
            properties_path=n.path,
            gtt_bytes=_sysfs_int(ctx.source, f"/sys/bus/pci/devices/{pci}/mem_info_gtt_total") if pci else None,
            ttm_limit_bytes=ttm,
            unified_memory=has_unified_memory(gfx),
        ))
    if all(g.integrated for g in out) and any(
            d.vendor_id == NVIDIA_VENDOR for d in ctx.optional("pci_display", [])):
        # A Ryzen desktop's iGPU beside an NVIDIA card: the iGPU is no training device,
        # and judging it (ROCm support, BF16, dtype advice) would mislead a CUDA user.
        return []
    return out


def _sysfs_int(src, path: str) -> int | None:
    t = (src.text(path) or "").strip()
    return int(t) if t.isdigit() else None


def _sysfs_hex(src, path: str) -> int | None:
    """A sysfs hex attribute ("0x02\\n", the PCI revision); None when absent or malformed."""
    t = (src.text(path) or "").strip().lower()
    try:
        return int(t, 16) if t.startswith("0x") else None
    except ValueError:
        return None


def _ttm_limit(src) -> int | None:
    pages = _sysfs_int(src, "/sys/module/ttm/parameters/pages_limit")
    return pages * TTM_PAGE if pages else None


def _rocminfo_gpus(ctx) -> list[Gpu]:
    res = ctx.source.run(["rocminfo"], timeout=20)
    if not res.ok:
        return []
    out = []
    for i, a in enumerate(rocminfo.gpu_agents(res.stdout)):
        gfx = (a.get("Name") or "").strip() or None
        chip = (a.get("Chip ID") or "").split("(")[0].strip()
        size = (a.get("Size") or "").split("(")[0].strip()  # the first pool: device memory, in KB
        node = (a.get("Node") or "").strip()
        out.append(Gpu(
            index=i, node=int(node) if node.isdigit() else i + 1, gfx=gfx, gfx_target_version=0,
            device_id=int(chip) if chip.isdigit() else 0, pci=None, name=a.get("Marketing Name") or None,
            name_source="cmd: rocminfo" if a.get("Marketing Name") else None,
            vram_bytes=int(size) * 1024 if size.isdigit() else None, integrated=is_integrated(gfx),
            render_minor=None, properties_path="cmd: rocminfo", unified_memory=has_unified_memory(gfx),
        ))
    return out


def _vram(ctx, node: KfdNode, pci: str | None) -> int | None:
    src = ctx.source
    if pci:
        t = src.text(f"/sys/bus/pci/devices/{pci}/mem_info_vram_total")
        if t and t.strip().isdigit():
            return int(t.strip())
    if node.props.get("local_mem_size"):
        return node.props["local_mem_size"]
    total = 0
    for bank in src.glob(posixpath.dirname(node.path) + "/mem_banks/*/properties"):
        bp = parse_properties(src.text(bank) or "")
        if bp.get("heap_type") in (1, 2):  # frame buffer, public or private
            total += bp.get("size_in_bytes", 0)
    return total or None


def _names(ctx):
    """Return a lookup (pci, device_id, index) -> (name, source), cheapest source first."""
    src = ctx.source
    by_pci: dict[str, tuple[str, str]] = {}
    smi = ctx.optional("amdsmi")
    for g in smi.gpus if smi is not None else ():
        if g.bdf and g.market_name:
            by_pci[g.bdf.lower()] = (g.market_name, "amdsmi")
    fallback: dict[int, tuple[str, str]] = {}

    def lookup(pci, device_id, index, vendor_id=AMD_VENDOR):
        if pci and pci in by_pci:
            return by_pci[pci]
        if pci:
            t = src.text(f"/sys/bus/pci/devices/{pci}/product_name")
            if t and t.strip():
                return t.strip(), f"/sys/bus/pci/devices/{pci}/product_name"
        # KFD's vendor_id: a Hygon DCU's is 0x1d94. One id may cover several products (0x66A1:
        # MI60, MI50, Radeon Pro VII): the revision and the VRAM size tell them apart.
        rev = _sysfs_hex(src, f"/sys/bus/pci/devices/{pci}/revision") if pci else None
        vram = _sysfs_int(src, f"/sys/bus/pci/devices/{pci}/mem_info_vram_total") if pci else None
        known = pci_name(device_id, vendor_id or AMD_VENDOR, revision=rev, vram_gib=vram / 2**30 if vram else None)
        if known:
            return known, "PCI device id table"
        if not fallback:
            dcu = ctx.optional("dcu")  # a Hygon DCU: hy-smi answers in rocm-smi's JSON shape
            fallback.update(_text_names(src, dcu.hy_smi if dcu is not None else None))
        return fallback.get(index, (None, None))

    return lookup


def _text_names(src, hy_smi: str | None = None) -> dict[int, tuple[str, str]]:
    for tool in ([hy_smi] if hy_smi else []) + ["rocm-smi"]:
        res = src.run([tool, "--showproductname", "--json"], timeout=15)
        if not res.ok:
            continue
        cards = rocm_smi.parse_productname_json(res.stdout)  # skips hy-smi's text before the JSON
        out: dict[int, tuple[str, str]] = {}
        for i, (_card, fields) in enumerate(sorted(cards.items(), key=lambda kv: int(kv[0][4:] or 0))):
            name = fields.get("Card Series") or fields.get("Card series") or fields.get("Card Model")
            if name:
                out[i] = (name, f"cmd: {tool} --showproductname --json")
        if out:
            return out
    res = src.run(["rocminfo"], timeout=20)
    if res.ok:
        return {i: (str(a.get("Marketing Name")), "cmd: rocminfo")
                for i, a in enumerate(rocminfo.gpu_agents(res.stdout)) if a.get("Marketing Name")}
    return {}


@dataclass(frozen=True)
class SmiGpu:
    """One GPU as amdsmi answers: its PCI address, product name, and the health calls' answers
    (amdsmi's own JSON, read by facts/health.py through base/untrusted.py)."""

    bdf: str | None = None
    market_name: str | None = None
    health: Mapping | None = None


@dataclass(frozen=True)
class AmdSmi:
    """amdsmi, AMD's structured management library, as the probe found it."""

    gpus: tuple[SmiGpu, ...] = ()

    @classmethod
    def from_probe(cls, data: Mapping) -> AmdSmi:
        return cls(gpus=tuple(SmiGpu(bdf=g.get("bdf"), market_name=pick(g, "asic", "market_name"),
                                     health=g.get("health") if isinstance(g.get("health"), Mapping) else None)
                              for g in data.get("gpus") or () if isinstance(g, Mapping)))


@fact("amd_host")
def amd_host(ctx) -> bool:
    """Whether the machine the files are judged against has an AMD (or Hygon) GPU at all: one ROCm enumerates, the
    amdgpu module loaded, or one on the PCI bus. A recorded machine (a snapshot, a --root tree, an example) is the
    target the user named: where it has none (a CPU-only box, an NVIDIA host) a GPU rule says what it could not judge.
    The live machine the linter merely runs on (a laptop, a CI runner, the pre-commit hook) is no such target: files
    are judged for the AMD GPU they will run on (Missing here: unknown). Missing too where a recorded machine cannot
    show it: WSL2 reaches its GPU through /dev/dxg only, and a tree with no /sys shows no bus at all."""
    if ctx.optional("gpus"):
        return True
    if ctx.optional("wsl") is not None:
        raise Missing("WSL2: the GPU is reachable only through rocminfo, which listed none")
    src = ctx.source
    if not src.exists("/sys/class") and not src.exists("/sys/bus"):
        raise Missing("no /sys in this tree: the machine's GPUs are unknown")
    pci = ctx.optional("pci_display", [])
    amd = [d for d in pci if d.vendor_id in (AMD_VENDOR, HYGON_VENDOR)]
    if any(d.vendor_id == NVIDIA_VENDOR for d in pci):
        # beside an NVIDIA card a Ryzen iGPU is no training device (gpus() drops it too); a discrete AMD card is one
        if any(_discrete(d.device_id, d.vendor_id) for d in amd):
            return True
        if src.kind == "live":
            raise Missing("the live machine without an AMD GPU is where the linter runs, not the files' target")
        return False
    amdgpu = ctx.optional("amdgpu")
    found = bool(amd) or bool(amdgpu is not None and amdgpu.module_loaded)
    if not found and src.kind == "live":
        raise Missing("the live machine without an AMD GPU is where the linter runs, not the files' target")
    return found


def _discrete(device_id: int, vendor_id: int) -> bool:
    known = pci_candidates(device_id, vendor_id)
    return not known or any(not g.integrated for g, _sku in known)  # an id the table does not know: not an iGPU


@fact("amdsmi")
def amdsmi(ctx) -> AmdSmi:
    """amdsmi, AMD's structured management library, when the interpreter has it."""
    data = probe_data(ctx, "amdsmi", {"available": bool, "gpus": [{"bdf": str, "asic": {"market_name": str}}]})
    if not data.get("available"):
        raise Missing("amdsmi Python library is not importable")
    return AmdSmi.from_probe(data)


@fact("pci_sysfs_ids")
def pci_sysfs_ids(ctx) -> dict[str, tuple[int, int]]:
    """(vendor, device) of each GPU's PCI function as sysfs has it, for the identity cross-check."""
    out = {}
    for g in ctx.optional("gpus") or []:
        if not g.pci:
            continue
        try:
            vendor = int((ctx.source.text(f"/sys/bus/pci/devices/{g.pci}/vendor") or "").strip(), 16)
            device = int((ctx.source.text(f"/sys/bus/pci/devices/{g.pci}/device") or "").strip(), 16)
        except ValueError:
            continue
        out[g.pci] = (vendor, device)
    return out


@fact("training_gpus")
def training_gpus(ctx) -> list[Gpu]:
    """The GPUs a training job here will use: the discrete ones (an APU, or an iGPU alone,
    when there is none), narrowed by ROCR_VISIBLE_DEVICES (what Slurm's GRES sets) and then
    HIP/CUDA_VISIBLE_DEVICES, which index *within* what ROCr left. Indices only; a UUID or a
    malformed list leaves the set unnarrowed (RD-ENV-003 judges those)."""
    gpus = ctx.get("gpus")
    pool = [g for g in gpus if not g.integrated] or list(gpus)
    env = ctx.optional("env") or {}
    for var in ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES"):
        value = env.get(var) if var != "HIP_VISIBLE_DEVICES" else (env.get(var) or env.get("CUDA_VISIBLE_DEVICES"))
        if value is None:
            continue
        parts = [p.strip() for p in value.split(",") if p.strip()]
        if not parts or not all(p.isdigit() for p in parts):
            continue
        ordered = gpus if var == "ROCR_VISIBLE_DEVICES" else pool
        pool = [ordered[int(p)] for p in parts if int(p) < len(ordered)]
    return pool
