"""Facts for multi-GPU traffic: IOMMU state, virtualisation, PCIe paths and links,
`lspci -vvv`, the KFD io_links topology and the kernel log.

Everything here is read from sysfs except two commands, both run only when an AMD GPU
is present (so a quick scan of any other machine never pays for them): ``lspci -vvv
-nn -D`` (its argv is fixed; snapshots and examples record it under exactly that) and
``dmesg`` (often root-only: a refusal becomes a Missing fact, not an error).
"""
from __future__ import annotations

import posixpath
import re
from typing import TYPE_CHECKING

from ..knowledge.gpus import AMD_VENDOR
from ..machine.parsers.kfd import parse_properties
from ..machine.parsers.lspci import PciDevice, normalise_bdf, parse_lspci
from ..base.records import dataclass, field
from . import Missing, fact

if TYPE_CHECKING:
    from ..machine.parsers.cmdline import Cmdline
    from ..machine.parsers.cpuinfo import CpuInfo
    from .gpus import Gpu

LSPCI_ARGV = ("lspci", "-vvv", "-nn", "-D")
LSPCI_TIMEOUT = 15.0
DMESG_ARGV = ("dmesg",)
DMESG_TIMEOUT = 5.0
PCI_DEVICES = "/sys/bus/pci/devices"
KFD_NODES = "/sys/class/kfd/kfd/topology/nodes"
DMI = "/sys/devices/virtual/dmi/id"
MAX_GROUPS = 1024  # sysfs files read at most when every IOMMU group is scanned


# ------------------------------------------------------------------------ IOMMU
@dataclass(frozen=True)
class IommuState:
    """What the kernel did with the IOMMU, as far as sysfs tells."""

    class_dir: bool  # /sys/class/iommu exists
    units: tuple[str, ...]  # its entries: dmar0.. (Intel VT-d), ivhd0.. (AMD-Vi)
    group_types: dict[str, int]  # "DMA": 3, "identity": 1 (the groups read)
    group_source: str  # which groups were read: "GPU groups" or "all groups"
    group_evidence: tuple[tuple[str, str], ...] = ()  # (path, value), a few
    default_passthrough: bool | None = None  # CONFIG_IOMMU_DEFAULT_PASSTHROUGH
    config_path: str | None = None
    config_line: str | None = None

    @property
    def translating(self) -> bool | None:
        """True: DMA goes through IOMMU page tables; False: passthrough or no IOMMU;
        None: sysfs does not say."""
        if self.group_types:
            if any(t in self.group_types for t in ("DMA", "DMA-FQ")):
                return True
            if set(self.group_types) <= {"identity", "unmanaged", "blocked"}:
                return False
        if self.class_dir and not self.units:
            return False
        return None


def _gpu_pcis(ctx) -> list[str]:
    return [g.pci for g in ctx.optional("gpus", []) or [] if g.pci]


@fact("iommu")
def iommu(ctx) -> IommuState:
    src = ctx.source
    class_dir = src.exists("/sys/class/iommu")
    units = tuple(posixpath.basename(p) for p in src.glob("/sys/class/iommu/*"))
    types: dict[str, int] = {}
    evidence: list[tuple[str, str]] = []
    # The GPUs' own groups decide how their DMA is handled; other devices can differ
    # (a VFIO-bound NIC, say), so read those first and every group only as a fallback.
    paths = [f"{PCI_DEVICES}/{pci}/iommu_group/type" for pci in _gpu_pcis(ctx)]
    group_source = "GPU groups"
    if not any(src.read(p).ok for p in paths[:1]):
        paths = src.glob("/sys/kernel/iommu_groups/*/type")[:MAX_GROUPS]
        group_source = "all groups"
    for path in paths:
        r = src.read(path)
        if not r.ok or not r.text.strip():
            continue
        value = r.text.strip()
        types[value] = types.get(value, 0) + 1
        if len(evidence) < 8:
            evidence.append((path, value))
    if not class_dir and not units and not types and not src.exists("/sys/kernel/iommu_groups"):
        raise Missing("/sys/class/iommu and /sys/kernel/iommu_groups: missing (not recorded, or no IOMMU support)")
    state = IommuState(class_dir, units, types, group_source, tuple(evidence))
    if state.translating is False:
        return state
    # Distribution kernels built with CONFIG_IOMMU_DEFAULT_PASSTHROUGH=y do not translate
    # even without iommu=pt; RCCL's warning is then a false positive (rocm-systems#7916).
    release = ctx.optional("kernel_release")
    if release:
        path = f"/boot/config-{release}"
        r = src.read(path)
        if r.ok:
            line = next((ln for ln in r.text.splitlines() if ln.startswith("CONFIG_IOMMU_DEFAULT_PASSTHROUGH")
                         or ln.startswith("# CONFIG_IOMMU_DEFAULT_PASSTHROUGH ")), None)
            value = bool(line and line.strip() == "CONFIG_IOMMU_DEFAULT_PASSTHROUGH=y")
            return IommuState(class_dir, units, types, group_source, tuple(evidence), value, path, line)
    return state


# --------------------------------------------------------------- virtualisation
@dataclass(frozen=True)
class VirtInfo:
    guest: bool
    kind: str | None  # "KVM", "QEMU", "Hyper-V", "VMware", "hypervisor CPU flag"
    evidence: tuple[tuple[str, str], ...] = ()


_VM_VENDORS = (("QEMU", "QEMU"), ("KVM", "KVM"), ("Microsoft Corporation", "Hyper-V"),
               ("VMware", "VMware"), ("Xen", "Xen"), ("innotek", "VirtualBox"), ("Amazon EC2", "KVM"))


@fact("virt")
def virt(ctx) -> VirtInfo:
    """Are we a VM guest? DMI strings first (what RCCL reads), then the CPU flag."""
    src = ctx.source
    dmi = {k: (src.text(f"{DMI}/{k}") or "").strip() for k in ("sys_vendor", "product_name", "bios_version")}
    evidence = tuple((f"{DMI}/{k}", v) for k, v in dmi.items() if v)
    # RCCL skips its iommu=pt check on Hyper-V by this exact prefix (src/init.cc).
    if dmi["bios_version"].startswith("Hyper-V UEFI Release"):
        return VirtInfo(True, "Hyper-V", evidence)
    vendor, product = dmi["sys_vendor"], dmi["product_name"]
    for needle, kind in _VM_VENDORS:
        if needle in vendor or (needle == "KVM" and "KVM" in product):
            if kind == "Hyper-V" and "Virtual Machine" not in product:
                continue  # a Surface laptop is also made by Microsoft Corporation
            return VirtInfo(True, kind, evidence)
    cpu = ctx.optional("cpu")
    if cpu is not None and cpu.hypervisor:
        return VirtInfo(True, "hypervisor CPU flag", evidence + (("/proc/cpuinfo", "flags: ... hypervisor"),))
    if not evidence and cpu is None:
        raise Missing(f"{DMI} and /proc/cpuinfo: unreadable")
    return VirtInfo(False, None, evidence)


# ------------------------------------------------------------------ PCIe paths
@dataclass(frozen=True)
class PciPort:
    """One PCI function on a GPU's path, with its link as sysfs reports it. For an
    endpoint or upstream port the link is the one above it; for a root or downstream
    port it is the one below."""

    bdf: str
    vendor: int | None
    device: int | None
    pci_class: int | None
    cur_speed: float | None  # GT/s
    cur_width: int | None
    max_speed: float | None
    max_width: int | None

    @property
    def is_bridge(self) -> bool:
        return self.pci_class is not None and self.pci_class >> 8 == 0x0604


@dataclass(frozen=True)
class GpuPath:
    gpu_index: int
    bdf: str
    chain: tuple[PciPort, ...]  # the GPU first, then the bridges above it, nearest first
    numa_node: int | None
    sysfs_link: str | None  # readlink of /sys/bus/pci/devices/<bdf>, for evidence
    dpm_pcie: str | None = None  # amdgpu's pp_dpm_pcie (the '*' line is the current level)

    @property
    def bridges(self) -> tuple[PciPort, ...]:
        return self.chain[1:]

    def slot_port(self) -> PciPort:
        """The function whose link is the motherboard slot. Navi (and Vega 20) cards
        carry a PCIe switch of their own (vendor 1002 bridges right above the GPU); the
        GPU's own link then only reaches that switch, so the slot is the link above the
        card's topmost bridge."""
        slot = self.chain[0]
        for port in self.bridges:
            if port.vendor == AMD_VENDOR and port.is_bridge:
                slot = port
            else:
                break
        return slot

    def port_above(self, port: PciPort) -> PciPort | None:
        i = self.chain.index(port)
        return self.chain[i + 1] if i + 1 < len(self.chain) else None

    def slot_link(self) -> SlotLink:
        """THE link fact for a GPU's slot, read by RD-PCIE-002 and by the cluster summary
        (RD-CLU-013) alike: the slot's current speed and width, and its ceiling, the lower
        of both ends' capabilities."""
        slot = self.slot_port()
        above = self.port_above(slot)
        caps_s = [p.max_speed for p in (slot, above) if p and p.max_speed]
        caps_w = [p.max_width for p in (slot, above) if p and p.max_width]
        return SlotLink(slot, above, slot.cur_speed, slot.cur_width, min(caps_s) if caps_s else None,
                        min(caps_w) if caps_w else None,
                        "the GPU's own link" if slot is self.chain[0] else f"the card's switch at {slot.bdf}")


@dataclass(frozen=True)
class SlotLink:
    port: PciPort  # the function whose link is the slot
    above: PciPort | None  # the port at the other end
    speed: float | None  # GT/s now
    width: int | None
    top_speed: float | None  # what both ends allow
    top_width: int | None
    where: str  # "the GPU's own link" or "the card's switch at <bdf>"

    @property
    def narrow(self) -> bool:
        return bool(self.top_width and self.width and self.width < self.top_width)

    @property
    def slow(self) -> bool:
        return bool(self.top_speed and self.speed and self.speed < self.top_speed)

    def label(self) -> str:
        """'8 GT/s x16', or '2.5 GT/s x4 (of 16 GT/s x16)' when below what both ends allow."""
        now = f"{self.speed:g} GT/s x{self.width}"
        if self.narrow or self.slow:
            return f"{now} (of {self.top_speed or self.speed:g} GT/s x{self.top_width or self.width})"
        return now


_BDF_IN_PATH = re.compile(r"^[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]$")


def parse_speed(text: str | None) -> float | None:
    """'16.0 GT/s PCIe' -> 16.0; 'Unknown' / '' -> None."""
    if not text:
        return None
    m = re.match(r"\s*(\d{1,4}(?:\.\d{1,4})?)\s*GT/s", text, re.A)  # not "3.32.0 GT/s" (float() raises)
    return float(m.group(1)) if m else None


def _int(text: str | None, base: int = 10) -> int | None:
    try:
        return int((text or "").strip(), base)
    except ValueError:
        return None


def _port(src, bdf: str) -> PciPort:
    d = f"{PCI_DEVICES}/{bdf}"
    width = _int(src.text(d + "/current_link_width"))
    return PciPort(
        bdf=bdf,
        vendor=_int(src.text(d + "/vendor"), 16),
        device=_int(src.text(d + "/device"), 16),
        pci_class=_int(src.text(d + "/class"), 16),
        cur_speed=parse_speed(src.text(d + "/current_link_speed")),
        cur_width=width or None,  # 0 means "no link information"
        max_speed=parse_speed(src.text(d + "/max_link_speed")),
        max_width=_int(src.text(d + "/max_link_width")) or None,
    )


def upstream_chain(link: str | None, bdf: str) -> list[str]:
    """'../../../devices/pci0000:00/0000:00:01.1/0000:01:00.0' -> ['0000:00:01.1', '0000:01:00.0']."""
    if not link:
        return [bdf]
    names = [p for p in link.split("/") if _BDF_IN_PATH.match(p)]
    return names if names and names[-1] == bdf else [bdf]


@fact("pci_links")
def pci_links(ctx) -> list[GpuPath]:
    src = ctx.source
    gpus = [g for g in ctx.optional("gpus", []) or [] if g.pci]
    if not gpus:
        raise Missing(WSL_NO_PCI if ctx.optional("wsl") is not None
                      else "no AMD GPU with a PCI address in the KFD topology")
    out = []
    for g in gpus:
        link = src.readlink(f"{PCI_DEVICES}/{g.pci}")
        names = upstream_chain(link, g.pci)
        chain = tuple(_port(src, b) for b in reversed(names))
        numa = _int(src.text(f"{PCI_DEVICES}/{g.pci}/numa_node"))
        dpm = src.text(f"{PCI_DEVICES}/{g.pci}/pp_dpm_pcie")
        out.append(GpuPath(g.index, g.pci, chain, numa if numa is not None and numa >= 0 else None,
                           link, dpm.strip() if dpm else None))
    return out


# ------------------------------------------------------------------------ lspci
@dataclass
class Lspci:
    argv: tuple[str, ...]
    devices: dict[str, PciDevice] = field(default_factory=dict)

    def get(self, bdf: str) -> PciDevice | None:
        return self.devices.get(normalise_bdf(bdf) or bdf)


# A WSL2 guest reaches the GPU through /dev/dxg: its PCI bus shows no GPU, so PCIe facts do not apply.
WSL_NO_PCI = "WSL2: the guest has no PCI view of the GPU (it is reached through /dev/dxg)"


def _has_amd_gpu(ctx) -> bool:
    if ctx.optional("gpus"):
        return True
    return any(d.vendor_id == AMD_VENDOR for d in ctx.optional("pci_display", []) or [])


@fact("lspci")
def lspci(ctx) -> Lspci:
    if ctx.optional("wsl") is not None:
        raise Missing(WSL_NO_PCI)
    if not _has_amd_gpu(ctx):
        raise Missing("not run: no AMD GPU on the PCI bus")
    res = ctx.source.run(list(LSPCI_ARGV), timeout=LSPCI_TIMEOUT)
    if res.timed_out or res.error or not res.stdout.strip():
        hint = " (install pciutils)" if res.error == "not found" else ""
        raise Missing(res.describe() + hint)
    devices = parse_lspci(res.stdout)
    if not devices:
        raise Missing(f"`{' '.join(LSPCI_ARGV)}`: no device blocks in its output")
    return Lspci(LSPCI_ARGV, devices)


# ----------------------------------------------------------------- kernel log
@dataclass(frozen=True)
class KernelLog:
    source: str  # "cmd: dmesg"
    lines: tuple[str, ...]

    def grep(self, needle: str) -> list[str]:
        return [ln for ln in self.lines if needle in ln]


@fact("dmesg")
def dmesg(ctx) -> KernelLog:
    if not _has_amd_gpu(ctx):
        raise Missing("not read: no AMD GPU on the PCI bus")
    res = ctx.source.run(list(DMESG_ARGV), timeout=DMESG_TIMEOUT)
    if not res.ok:
        why = res.stderr.strip().splitlines()[-1] if res.stderr.strip() else res.describe()
        if "not permitted" in why.lower() or "permission" in why.lower():
            why += " (kernel.dmesg_restrict=1: run rocmdoctor with sudo to read the kernel log)"
        raise Missing(f"dmesg: {why}")
    return KernelLog("cmd: dmesg", tuple(res.stdout.splitlines()))


# --------------------------------------------------------------- KFD topology
@dataclass(frozen=True)
class IoLink:
    node_from: int
    node_to: int
    type: int  # 2 = PCIe, 11 = XGMI (KFD CRAT io link types)
    weight: int
    path: str
    p2p: bool = False  # from p2p_links/ (newer kernels list PCIe peer links there)

    @property
    def kind(self) -> str:
        return {2: "PCIe", 11: "XGMI"}.get(self.type, f"type {self.type}")


@fact("io_links")
def io_links(ctx) -> list[IoLink]:
    src = ctx.source
    ctx.get("kfd_nodes")  # Missing when there is no KFD topology at all
    out = []
    for sub, p2p in (("io_links", False), ("p2p_links", True)):
        for path in src.glob(f"{KFD_NODES}/*/{sub}/*/properties"):
            r = src.read(path)
            if not r.ok:
                continue
            p = parse_properties(r.text)
            if "node_from" in p and "node_to" in p:
                out.append(IoLink(p["node_from"], p["node_to"], p.get("type", 0), p.get("weight", 0), path, p2p))
    return out


@fact("kfd_heaps")
def kfd_heaps(ctx) -> dict[int, set[int]]:
    """KFD node -> heap types of its memory banks. 1 = frame buffer public (all VRAM is
    CPU-visible: KFD's "large BAR"), 2 = frame buffer private (kfd_crat.c)."""
    src = ctx.source
    out: dict[int, set[int]] = {}
    for node in ctx.get("kfd_nodes"):
        for bank in src.glob(f"{posixpath.dirname(node.path)}/mem_banks/*/properties"):
            heap = parse_properties(src.text(bank) or "").get("heap_type")
            if heap is not None:
                out.setdefault(node.node, set()).add(heap)
    return out


HANG_CONTEXT = ("cmdline", "iommu", "gpus", "cpu", "virt", "pci_links", "lspci", "env")


@dataclass(frozen=True)
class HangContext:
    """The static facts a multi-GPU hang's remedies depend on, each None when unknown
    (checks/bench/common.py tailors iommu=pt / ACS / NCCL_P2P_DISABLE advice from them)."""

    cmdline: Cmdline | None = None
    iommu: IommuState | None = None
    gpus: list[Gpu] | None = None
    cpu: CpuInfo | None = None
    virt: VirtInfo | None = None
    pci_links: list[GpuPath] | None = None
    lspci: Lspci | None = None
    env: dict[str, str] | None = None


@fact("hang_context")
def hang_context(ctx) -> HangContext:
    return HangContext(**{name: ctx.optional(name) for name in HANG_CONTEXT})
