"""GPU inventory (from the KFD topology) and integrated GPUs beside discrete ones."""
from __future__ import annotations

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.knowledge.gpus import AMD_VENDOR, NVIDIA_VENDOR

PREREQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/prerequisites.html"
ATOMICS = "https://rocm.docs.amd.com/en/latest/conceptual/pcie-atomics.html"
ISOLATION = "https://rocm.docs.amd.com/en/latest/conceptual/gpu-isolation.html"


def _gib(n: int | None) -> str:
    return f"{n / 2**30:.0f} GiB" if n else "? GiB"


def _memory(g) -> str:
    if g.unified_memory and g.memory_bytes != g.vram_bytes:
        return f"{_gib(g.memory_bytes)} usable (shared: {_gib(g.vram_bytes)} carve-out + GTT)"
    return _gib(g.vram_bytes)


def gpu_record(g) -> dict:
    rec = {"index": g.index, "node": g.node, "gfx": g.gfx, "name": g.name, "vram_bytes": g.vram_bytes,
           "pci": g.pci, "integrated": g.integrated, "device_id": f"0x{g.device_id:04x}"}
    if g.unified_memory:
        rec.update(unified_memory=True, usable_bytes=g.memory_bytes, gtt_bytes=g.gtt_bytes)
    return rec


@check("RD-GPU-001", area="gpu", title="AMD GPUs visible to ROCm (KFD topology inventory)",
       sources=[ATOMICS])
def gpu_inventory(gpus, pci_display=None, amdgpu=None, platform=None):
    amd_pci = [d for d in pci_display or [] if d.vendor_id == AMD_VENDOR]
    if not gpus and platform is not None and platform.has("wsl2"):
        return skip("WSL2: the ROCm runtime (rocminfo) lists no GPU; see RD-WSL-001",
                    "There is no KFD topology or PCI view inside WSL2; rocminfo is the inventory.")
    if not gpus and platform is not None and platform.has("hygon-dcu"):
        dcus = [d for d in pci_display or [] if d.vendor == "Hygon"]
        if dcus:
            return fail(f"{len(dcus)} Hygon DCU(s) on PCI, but the KFD topology lists none",
                        "The DCU driver (hydcu/hycu) did not bring up its compute side: see RD-DCU-001 and "
                        "`dmesg | grep -i hydcu`.",
                        evidence=[ev(f"/sys/bus/pci/devices/{d.address}", f"Hygon 0x{d.device_id:04x}, driver "
                                                                          f"{d.driver or '(none)'}") for d in dcus])
    if not gpus:
        nvidia = [d for d in pci_display or [] if d.vendor_id == NVIDIA_VENDOR]
        if amd_pci:
            loaded = amdgpu is not None and amdgpu.module_loaded
            why = ("amdgpu is loaded, so the kernel's compute side (KFD) skipped them: `sudo dmesg | grep kfd`; "
                   "'PCI rejects atomics' means a chipset slot, riser or platform without PCIe atomics."
                   if loaded else "the amdgpu driver is not loaded (see RD-DRV-001).")
            return fail(f"{len(amd_pci)} AMD GPU(s) on PCI, but ROCm's KFD lists none",
                        "ROCm enumerates GPUs from /sys/class/kfd; here it has no GPU node: " + why,
                        evidence=[ev(f"/sys/bus/pci/devices/{d.address}",
                                     f"AMD 0x{d.device_id:04x}, driver {d.driver or '(none)'}") for d in amd_pci])
        if nvidia:
            names = ", ".join(f"{d.address} (10de:{d.device_id:04x})" for d in nvidia)
            return skip(f"NVIDIA GPU(s) only, no AMD GPU: {names}",
                        "rocmdoctor diagnoses AMD ROCm machines; the NVIDIA devices are not examined.",
                        evidence=[ev(f"/sys/bus/pci/devices/{d.address}", f"NVIDIA 0x{d.device_id:04x}")
                                  for d in nvidia])
        return skip("No GPU found: this looks like a CPU-only machine",
                    "There are no GPU nodes in /sys/class/kfd/kfd/topology and no AMD or NVIDIA display "
                    "or accelerator device on the PCI bus.")
    lines = [f"GPU {g.index}: {g.gfx or 'gfx?'} {g.name or 'unknown model'}, {_memory(g)}, "
             f"PCI {g.pci or '?'}" + (" (integrated)" if g.integrated else "") for g in gpus]
    counts: dict[str, int] = {}
    for g in gpus:
        key = f"{g.name or g.gfx or 'GPU'}"
        counts[key] = counts.get(key, 0) + 1
    summary = ", ".join(f"{n}× {k}" for k, n in counts.items())
    kind = "Hygon DCU(s)" if platform is not None and platform.has("hygon-dcu") else "AMD GPU(s)"
    return ok(f"{len(gpus)} {kind}: {summary}", "\n".join(lines),
              evidence=[ev(g.properties_path, f"gfx_target_version {g.gfx_target_version}") for g in gpus],
              data={"gpus": [gpu_record(g) for g in gpus]})


@check("RD-GPU-002", area="gpu", title="No integrated GPU enumerated beside discrete GPUs",
       sources=[PREREQ, ISOLATION])
def igpu_beside_dgpu(gpus, env=None):
    if not gpus:
        return skip("no AMD GPU")
    igpus = [g for g in gpus if g.integrated]
    dgpus = [g for g in gpus if not g.integrated]
    if not igpus:
        return ok("no integrated AMD GPU enumerated")
    if not dgpus:
        return ok("only an integrated GPU", "There is no discrete GPU for it to interfere with.")
    evidence = [ev(g.properties_path, f"{g.gfx} (integrated), KFD node {g.node}") for g in igpus]
    rocr = env.get("ROCR_VISIBLE_DEVICES") if env else None
    keep = ",".join(str(g.index) for g in dgpus)
    if rocr is not None:
        shown = {p.strip() for p in rocr.split(",")}
        if not any(str(g.index) in shown for g in igpus) and all(p.isdigit() for p in shown if p):
            return ok("integrated GPU hidden with ROCR_VISIBLE_DEVICES",
                      f"ROCR_VISIBLE_DEVICES={rocr} leaves out the iGPU. Disabling it in the BIOS is still "
                      "the more robust fix.", evidence=[*evidence, ev("environment", f"ROCR_VISIBLE_DEVICES={rocr}")])
    names = ", ".join(f"GPU {g.index} ({g.gfx})" for g in igpus)
    return warn(f"integrated GPU enumerated beside discrete GPUs: {names}",
                "ROCm counts the APU's graphics as a GPU. It is not a supported target, shifts device "
                "numbering, and can make ROCm crash even when HIP_VISIBLE_DEVICES leaves it out. "
                "Disable the iGPU in the BIOS (preferred), or hide it below HIP with "
                f"ROCR_VISIBLE_DEVICES={keep}.",
                evidence=evidence,
                fix=FixPlan("Hide the integrated GPU from ROCm",
                            (Action("note", "disable the integrated graphics in the BIOS/UEFI setup "
                                            "(often 'iGPU' or 'Integrated Graphics: Disabled')"),
                             Action("env", "or expose only the discrete GPUs to the ROCm runtime",
                                    env={"ROCR_VISIBLE_DEVICES": keep}))))


def _hexid(text: str | None) -> int | None:
    try:
        return int((text or "").strip(), 16)
    except ValueError:
        return None


@check("RD-GPU-003", area="gpu", title="KFD, sysfs, lspci and torch agree on each GPU's PCI address, id and gfx target",
       sources=["https://rocm.docs.amd.com/en/latest/conceptual/gpu-isolation.html",
                "https://github.com/ROCm/ROCm/issues/2216"])
def gpu_identity(gpus, pci_sysfs_ids, lspci=None, torch_runtime=None):
    """Each source names a GPU its own way; when they disagree (a stale KFD node, a GPU renumbered by
    hot-plug or a partition mode, a second device at the same address), checks that join them mix up
    GPUs, so the disagreement itself is the finding."""
    rows = [g for g in gpus if g.pci]
    if not rows:
        return skip("no GPU with a PCI address in the KFD topology")
    problems, evidence = [], []
    for g in rows:
        sysfs = pci_sysfs_ids.get(g.pci)
        if sysfs is None:
            problems.append(f"{g.label}: KFD names PCI {g.pci}, which sysfs does not list")
            continue
        vendor, device = sysfs
        evidence.append(ev(f"/sys/bus/pci/devices/{g.pci}/device", f"0x{device:04x} (KFD device_id 0x{g.device_id:04x})"))
        if g.device_id and device != g.device_id:
            problems.append(f"{g.label}: KFD device_id 0x{g.device_id:04x}, sysfs 0x{device:04x}")
        dev = lspci.get(g.pci) if lspci is not None else None
        if lspci is not None and dev is None:
            problems.append(f"{g.label}: lspci lists nothing at {g.pci}")
        elif dev is not None and dev.device_id is not None and dev.device_id != device:
            problems.append(f"{g.label}: lspci [{dev.vendor_id:04x}:{dev.device_id:04x}], sysfs 0x{device:04x}")
    devices = [d for d in (torch_runtime.devices if torch_runtime is not None else ()) if d.gcn_arch_name]
    if devices and len(devices) == len(gpus):
        for g, d in zip(gpus, devices):
            arch = d.gcn_arch_name.split(":")[0]
            if g.gfx and arch != g.gfx:
                problems.append(f"{g.label}: KFD says {g.gfx}, torch device {d.index} says {arch}")
        evidence.append(ev("probe: python", ", ".join(f"{d.index}: {d.gcn_arch_name}" for d in devices)))
    if problems:
        return warn("GPU identity differs between sources: " + "; ".join(problems[:3]),
                    "The KFD topology, sysfs, lspci and the runtime should describe the same GPUs in the same "
                    "order. A mismatch means a stale topology (reload the driver or reboot), an override "
                    "(HSA_OVERRIDE_GFX_VERSION changes the gfx the runtime reports, RD-ENV-001) or devices "
                    "renumbered under the job; per-GPU findings may name the wrong card.",
                    evidence=evidence[:8], data={"problems": problems})
    return ok(f"{len(rows)} GPU(s): KFD, sysfs" + (", lspci" if lspci is not None else "")
              + (" and torch" if devices else "") + " agree", evidence=evidence[:4])
