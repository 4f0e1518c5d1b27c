"""PCIe between the GPUs: ACS on the bridges above them, link speed and width, large
BAR, and PCIe atomics. Facts come from sysfs and `lspci -vvv -nn -D` (root shows the
capabilities; without root lspci hides them and these checks say so)."""
from __future__ import annotations

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.facts.interconnect import LSPCI_ARGV
from rocmdoctor.remedy.plans import acs_disable_plan
from rocmdoctor.knowledge import platforms as kpl
from rocmdoctor.machine.parsers.lspci import acs_redirects

LSPCI = "cmd: " + " ".join(LSPCI_ARGV)
NCCL_ACS = ("https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"
            "#pci-access-control-services-acs")
ATOMICS_DOC = "https://rocm.docs.amd.com/en/latest/conceptual/pcie-atomics.html"
RADEON_LIMITS = "https://rocm.docs.amd.com/projects/radeon/en/docs-5.7.0/docs/limitations.html"
MI100_DOC = "https://rocm.docs.amd.com/en/latest/how-to/system-optimization/mi100.html"
SUDO = "run `sudo rocmdoctor scan` so lspci can read the PCIe capabilities"
GIB = 1 << 30


def _discrete(gpus):
    # APUs (unified memory) sit on the SoC: no slot link or BAR to judge.
    return [g for g in gpus if not g.integrated and not g.unified_memory]


def _size(n: int) -> str:
    if n < GIB:
        return f"{n >> 20} MiB"
    return f"{n / GIB:.1f}".rstrip("0").rstrip(".") + " GiB"


# --------------------------------------------------------------------------- ACS
@check("RD-PCIE-001", area="pcie", level="default",
       title="ACS does not redirect peer-to-peer traffic on the bridges above the GPUs",
       sources=[NCCL_ACS, "https://github.com/NVIDIA/nccl/issues/199", "https://github.com/NVIDIA/nccl/issues/667"])
def acs_on_gpu_bridges(gpus, pci_links, lspci):
    if len(_discrete(gpus)) < 2:
        return ok(f"{len(_discrete(gpus)) or 'no'} discrete GPU: ACS matters only for GPU-to-GPU traffic")
    bridges: dict[str, list[int]] = {}
    for path in pci_links:
        for port in path.bridges:
            bridges.setdefault(port.bdf, []).append(path.gpu_index)
    if not bridges:
        if any(path.sysfs_link is None for path in pci_links):
            # No sysfs link means the topology above the GPU is unknown, not bridge-free.
            unknown = ", ".join(p.bdf for p in pci_links if p.sysfs_link is None)
            return skip("the PCIe path above the GPUs is unknown",
                        f"/sys/bus/pci/devices/<bdf> could not be read as a link for {unknown}.")
        return ok("no PCIe bridges between the GPUs and the root complex")
    enabled, denied, seen = [], [], 0
    for bdf, users in bridges.items():
        dev = lspci.get(bdf)
        if dev is None:
            continue
        seen += 1
        if dev.denied:
            denied.append(bdf)
        elif acs_redirects(dev):
            enabled.append((bdf, dev, users))
    if not enabled and denied:
        return skip("lspci could not read the bridges' capabilities (not root)",
                    f"`lspci -vvv` printed 'Capabilities: <access denied>' for {', '.join(denied)}; {SUDO}.",
                    evidence=[ev(LSPCI, lspci.get(denied[0]).text())])
    if not seen:
        return skip("lspci lists none of the bridges above the GPUs", ", ".join(bridges))
    if not enabled:
        return ok(f"ACS redirection is off on the {seen} bridges above the GPUs")
    names = [b for b, _, _ in enabled]
    plan = acs_disable_plan(names)  # fixes/pci_acs.py: one setpci per bridge, UNSAFE, not persistent
    return warn(
        f"ACS redirects peer-to-peer traffic on {len(names)} bridge(s) above the GPUs",
        "With SrcValid/ReqRedir/CmpltRedir on, every GPU-to-GPU transfer detours through the root complex: "
        "RCCL collectives crawl or look hung. Lasting fix: disable ACS (and IO virtualisation, unless you pass "
        "devices to VMs) in the BIOS; AMD's Instinct BIOS guide enables ACS only for virtualisation. The kernel "
        "option pci=disable_acs_redir=<devices> is another route; the plan's setpci commands last until reboot. "
        "Cost of turning ACS off: devices behind these bridges lose IOMMU-group isolation, so VFIO passthrough "
        "of one of them to a VM is no longer safe.",
        evidence=[ev(LSPCI, f"{b}: {d.line_with('ACSCtl:')}") for b, d, _ in enabled],
        fix=plan, data={"bridges": names})


# ------------------------------------------------------------------------ links
def _gen(speed: float | None) -> str:
    gens = {2.5: 1, 5.0: 2, 8.0: 3, 16.0: 4, 32.0: 5, 64.0: 6}
    return f"Gen{gens[speed]}" if speed in gens else "?"


def _fmt(speed, width) -> str:
    return f"{speed:g} GT/s ({_gen(speed)}) x{width}" if speed and width else "unknown"


@check("RD-PCIE-002", area="pcie", title="GPU PCIe links run at the speed and width the slot allows",
       sources=[RADEON_LIMITS, "https://github.com/nokyan/resources/issues/512",
                "https://github.com/Umio-Yasuno/amdgpu_top/issues/33"])
def pcie_links(gpus, pci_links):
    index = {g.index: g for g in _discrete(gpus)}
    findings, widths = [], {}
    for path in pci_links:
        gpu = index.get(path.gpu_index)
        if gpu is None:
            continue
        link = path.slot_link()  # the same fact the cluster summary (RD-CLU-013) compares
        slot, above, top_s, top_w, where = link.port, link.above, link.top_speed, link.top_width, link.where
        evidence = [ev(f"/sys/bus/pci/devices/{p.bdf}/current_link_speed",
                       f"{p.bdf}: current {_fmt(p.cur_speed, p.cur_width)}, max {_fmt(p.max_speed, p.max_width)}")
                    for p in (slot, above) if p]
        if path.dpm_pcie:
            evidence.append(ev(f"/sys/bus/pci/devices/{path.bdf}/pp_dpm_pcie", path.dpm_pcie))
        if not slot.cur_speed or not slot.cur_width:
            findings.append(skip(f"{gpu.label}: link speed not readable", subject=gpu.label, evidence=evidence))
            continue
        widths[gpu.label] = slot.cur_width
        now = _fmt(slot.cur_speed, slot.cur_width)
        if top_w and slot.cur_width < top_w:
            findings.append(warn(
                f"{gpu.label}: slot link runs x{slot.cur_width} of x{top_w}",
                f"Read from {where}. Fewer lanes than both ends support usually means a riser, a badly seated "
                "card or a slot that shares lanes; reseat the card or move it to a full-width CPU slot.",
                subject=gpu.label, evidence=evidence))
        elif top_s and slot.cur_speed < top_s:
            findings.append(warn(
                f"{gpu.label}: slot link at {now}, below {_fmt(top_s, slot.cur_width)}",
                f"Read from {where}. An idle GPU drops its link speed to save power (ASPM and amdgpu's DPM), "
                "so this may be harmless: read it again while the GPU is busy, or look at the '*' line of "
                "pp_dpm_pcie. If it stays low under load, check the BIOS PCIe speed setting, risers and "
                "seating.", subject=gpu.label, evidence=evidence))
        else:
            findings.append(ok(f"{gpu.label}: slot link at {now}", f"Read from {where}.",
                               subject=gpu.label, evidence=evidence))
    if not findings:
        return skip("no discrete GPU with PCIe link information")
    if len(findings) > 1 and all(f.status.value == "pass" for f in findings):
        # One line for a healthy box instead of one per GPU.
        links = sorted({f.title.split("slot link at ", 1)[1] for f in findings})
        findings = [ok(f"{len(findings)} GPUs: slot links at {', '.join(links)}",
                       "; ".join(f"{f.subject}: {f.detail}" for f in findings),
                       evidence=[e for f in findings for e in f.evidence][:8])]
    if len(set(widths.values())) > 1:
        listing = ", ".join(f"{k} x{v}" for k, v in widths.items())
        findings.append(warn(
            "GPUs sit in slots of unequal width: " + listing,
            "Collectives move at the pace of the slowest link, and AMD's Radeon multi-GPU notes ask for "
            "identical lane widths. Chipset slots (x4) are also the ones that tend to lack PCIe atomics.",
            evidence=[ev("/sys/bus/pci/devices/*/current_link_width", listing)]))
    return findings


# -------------------------------------------------------------------- large BAR
@check("RD-PCIE-003", area="pcie", level="default", title="GPUs expose all their VRAM through a large BAR",
       sources=[MI100_DOC, "https://github.com/ROCm/rccl/issues/1129",
                "https://rocm.docs.amd.com/projects/rccl/en/latest/how-to/rccl-usage-tips.html"])
def large_bar(gpus, lspci, kfd_heaps=None, iommu=None):
    discrete = _discrete(gpus)
    findings = []
    high = _bars_out_of_reach(discrete, lspci, iommu)
    if high:
        findings.append(high)
    for gpu in discrete:
        dev = lspci.get(gpu.pci) if gpu.pci else None
        regions = [r for r in (dev.regions if dev else []) if r.kind == "Memory" and r.bits == 64 and r.prefetchable]
        bar = max((r.size for r in regions), default=None)
        heaps = kfd_heaps.get(gpu.node, set()) if kfd_heaps else set()
        evidence = []
        if dev is not None:
            line = next((ln.strip() for ln in dev.lines if ln.strip().startswith("Region 0:")), None)
            evidence.append(ev(LSPCI, f"{dev.bdf}: {line or 'no Region 0'}"))
        if heaps:
            evidence.append(ev(gpu.properties_path.rsplit("/", 1)[0] + "/mem_banks/*/properties",
                               "heap_type " + ", ".join(str(h) for h in sorted(heaps))))
        # KFD's own definition (kfd_dev_is_large_bar): no CPU-invisible VRAM, heap_type 1.
        small = 2 in heaps or (bar is not None and gpu.vram_bytes and bar < gpu.vram_bytes)
        if bar is None and not heaps:
            findings.append(skip(f"{gpu.label}: BAR size unknown", subject=gpu.label))
        elif not small:
            size = f"{_size(bar)} BAR" if bar else "KFD reports all VRAM CPU-visible"
            findings.append(ok(f"{gpu.label}: large BAR ({size})", subject=gpu.label, evidence=evidence))
        else:
            what = (f"a {_size(bar)} BAR" if bar else "a BAR") + (
                f" for {_size(gpu.vram_bytes)} of VRAM" if gpu.vram_bytes else "")
            title = f"{gpu.label}: " + ("no large BAR: " if bar and bar <= 256 << 20 else "partial BAR: ") + what
            advice = ("Enable 'Above 4G Decoding' and 'Resizable BAR' (some boards: 'GPU large BAR support') in "
                      "the BIOS; if they are already on, the card or board offers no larger BAR. RCCL's "
                      "peer-to-peer path between PCIe GPUs needs all of VRAM mapped "
                      "(HSA_FORCE_FINE_GRAIN_PCIE=1 requires it too); without it transfers fall back to host "
                      "memory or hang.")
            fix = FixPlan("Enable Above 4G Decoding and Resizable BAR in the BIOS",
                          (Action("note", "BIOS setup: Above 4G Decoding = Enabled, Re-Size BAR Support = "
                                          "Enabled/Auto; then reboot and check `lspci -vvv` Region 0."),),
                          params={"manual": "bios", "why": "only the firmware setup changes the BAR size"})
            if len(discrete) < 2:
                findings.append(ok(title + " (single GPU: no peer-to-peer traffic)", advice,
                                   subject=gpu.label, evidence=evidence))
            else:
                findings.append(warn(title, advice, subject=gpu.label, evidence=evidence, fix=fix))
    return findings or skip("no discrete GPU")


def _bars_out_of_reach(discrete, lspci, iommu):
    """A GPU BAR placed above 44 bits, which its peers cannot address for P2P DMA unless a
    translating IOMMU remaps it: the address is the evidence, not the BAR's size."""
    if len(discrete) < 2:
        return None
    limit = 1 << kpl.PHYS_ADDR_BITS
    high = []
    for gpu in discrete:
        dev = lspci.get(gpu.pci) if gpu.pci else None
        for r in (dev.regions if dev else []):
            if r.kind == "Memory" and r.address is not None and r.address + r.size > limit:
                line = next((ln.strip() for ln in dev.lines if ln.strip().startswith(f"Region {r.index}:")), "")
                high.append((gpu, line))
    if not high:
        return None
    peers = [g for g in discrete if not (g.gfx or "").startswith(kpl.WIDER_ADDRESSING_GFX)]
    if not peers:
        return None
    evidence = [ev(LSPCI, f"{g.pci}: {line}") for g, line in high]
    if iommu is not None and iommu.translating is True:
        return ok(f"{len(high)} GPU BAR(s) above the 44-bit range, remapped by the translating IOMMU",
                  "Peers reach them through IOMMU addresses, which stay within their limit.", evidence=evidence)
    return warn(f"GPU BAR(s) above the {kpl.PHYS_ADDR_BITS}-bit range the GPUs can address: "
                + ", ".join(g.label for g, _ in high),
                f"The board placed these BARs above 16 TiB (0x{limit:x}); GPUs that address {kpl.PHYS_ADDR_BITS} bits "
                "cannot reach them, so peer-to-peer DMA between the GPUs fails or is disabled (rocm-bandwidth-test "
                "shows no peer access) and RCCL falls back to host memory. In the BIOS, set 'MMIO High Base' (and "
                "size) so the aperture ends below 16 TiB with Above 4G Decoding on, or enable the IOMMU in "
                "translated mode so it remaps peer addresses.", evidence=evidence, sources=list(kpl.BAR_SOURCES),
                fix=FixPlan("Bring the GPU BARs within reach of their peers", (
                    Action("note", "BIOS: MMIO High Base / MMIO High Size below 16 TiB (for example 0x8000000000); "
                                   "or boot with the IOMMU translating (no iommu=pt) if P2P matters more than "
                                   "IOMMU overhead"),)))


# ---------------------------------------------------------------------- atomics
def _atomics_blockers(path, lspci) -> list[str]:
    """Ports on the GPU's path whose lspci capabilities stop PCIe atomics."""
    out = []
    gpu = lspci.get(path.bdf)
    if gpu is not None and gpu.atomic_ctl is not None and not gpu.atomic_ctl.get("ReqEn", False):
        out.append(f"{gpu.bdf} (GPU): AtomicOpsCtl ReqEn- (the driver could not enable atomics to the root)")
    for port in path.bridges:
        dev = lspci.get(port.bdf)
        if dev is None or dev.atomic_cap is None:
            continue
        # Switch ports must route atomics (kernel pci_enable_atomic_ops_to_root).
        if dev.express_type in ("Upstream Port", "Downstream Port") and not dev.atomic_cap.get("Routing", False):
            out.append(f"{dev.bdf} ({dev.express_type}): AtomicOpsCap Routing-")
    return out


@check("RD-PCIE-004", area="pcie", level="default", title="PCIe atomics reach the GPUs",
       sources=[ATOMICS_DOC, RADEON_LIMITS, "https://github.com/ROCm/ROCm/issues/1214",
                "https://github.com/ROCm/ROCm/issues/910"])
def pcie_atomics(dmesg=None, lspci=None, pci_links=None, pci_display=None):
    if pci_display is not None and not any(d.vendor == "AMD" for d in pci_display):
        return skip("no AMD GPU on the PCI bus")
    advice = ("Move the card to a CPU-attached PCIe 3.0 or newer slot (not a chipset slot, riser or x1 link), "
              "or use a platform whose root ports complete atomics.")
    if dmesg is not None:
        lines = dmesg.grep("PCI rejects atomics")
        if lines:
            return fail(f"the kernel skipped {len(lines)} GPU(s): PCI rejects atomics",
                        "KFD refused the device because PCIe atomics do not reach it, so ROCm cannot use it "
                        "(rocminfo lists no agent for it). " + advice,
                        evidence=[ev(dmesg.source, "\n".join(lines[:4]))],
                        fix=FixPlan("Use a slot with PCIe atomics", (Action("note", advice),)))
    if lspci is None or pci_links is None:
        if dmesg is not None:
            return ok("no 'PCI rejects atomics' in the kernel log", evidence=[ev(dmesg.source, "no match")])
        return skip("neither the kernel log nor lspci capabilities were readable", SUDO)
    blockers, hidden = [], False
    for path in pci_links:
        dev = lspci.get(path.bdf)
        hidden = hidden or (dev is not None and dev.denied)
        blockers += _atomics_blockers(path, lspci)
    if blockers:
        return warn("PCIe atomics look blocked on the GPU path",
                    "Recent datacenter GPUs run without atomics, but older ones and parts of ROCm need them. "
                    + advice, evidence=[ev(LSPCI, "\n".join(blockers))])
    if dmesg is None and hidden:
        return skip("lspci hid the capabilities and the kernel log was unreadable", SUDO)
    return ok("PCIe atomics are enabled on the GPUs" + ("" if dmesg is None else " and the kernel log is clean"))
