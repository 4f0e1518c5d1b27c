"""The amdgpu kernel driver: loaded, not denylisted, and which build (DKMS or in-kernel)."""
from __future__ import annotations

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.knowledge.gpus import AMD_VENDOR
from rocmdoctor.machine.parsers.dkms import parse_dkms_status

FAQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/install-faq.html"
PREREQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/prerequisites.html"
MI300X_GRUB = "https://rocm.docs.amd.com/en/latest/how-to/system-optimization/mi300x.html"
OLLAMA_3425 = "https://github.com/ollama/ollama/issues/3425"


def _amd_pci(pci_display) -> list:
    return [d for d in (pci_display or []) if d.vendor_id == AMD_VENDOR]


def _no_amd_gpu(pci_display, gpus) -> bool:
    return not gpus and not _amd_pci(pci_display)


def elsewhere(platform, pci_display) -> str | None:
    """Why amdgpu does not apply: a Hygon DCU host (hydcu/hycu) or a WSL2 guest (the Windows
    driver behind /dev/dxg), unless AMD GPUs are on this machine's PCI bus too."""
    if platform is None or _amd_pci(pci_display):
        return None
    if platform.has("hygon-dcu"):
        return "Hygon DCU: the GPU driver is hydcu/hycu, not amdgpu (see RD-DCU-001)"
    if platform.has("wsl2"):
        return "WSL2: the GPU is driven by the Windows driver and reached through /dev/dxg (see RD-WSL-001)"
    return None


def _pci_evidence(devs) -> list:
    return [ev(f"/sys/bus/pci/devices/{d.address}",
               f"vendor 0x{d.vendor_id:04x} device 0x{d.device_id:04x} driver {d.driver or '(none)'}")
            for d in devs]


@check("RD-DRV-001", area="driver", title="amdgpu kernel driver is loaded and /dev/kfd exists",
       sources=[FAQ])
def amdgpu_loaded(amdgpu, pci_display=None, gpus=None, container=None, platform=None):
    why_not = elsewhere(platform, pci_display)
    if why_not and not amdgpu.module_loaded:
        return skip(why_not)
    amd = _amd_pci(pci_display)
    if not amdgpu.module_loaded:
        if not amd and not gpus:
            return skip("no AMD GPU: the amdgpu driver is not needed",
                        "No AMD display or accelerator device is on the PCI bus.")
        other = sorted({d.driver for d in amd if d.driver and d.driver != "amdgpu"})
        why = (f" The GPU is bound to {', '.join(other)} instead (for example vfio-pci for VM passthrough)."
               if other else "")
        if amdgpu.denials or amdgpu.cmdline_denials:
            why += " It is denylisted: see RD-DRV-002."
        return fail("AMD GPU present but the amdgpu driver is not loaded",
                    "ROCm needs the amdgpu kernel module; without it rocminfo and rocm-smi report "
                    "no GPU or 'Driver not initialized'." + why
                    + " Check `sudo dmesg | grep -i amdgpu` for why it did not load (missing firmware, "
                      "a DKMS build that failed for this kernel, Secure Boot rejecting an unsigned module).",
                    evidence=[ev("/sys/module/amdgpu", "missing"), *_pci_evidence(amd)],
                    fix=FixPlan("Load the amdgpu driver",
                                (Action("command", "load the module now and read the kernel log",
                                        argv=("sudo", "modprobe", "amdgpu")),
                                 Action("note", "if it fails, `sudo dmesg | grep -i amdgpu` names the cause")),
                                needs_root=True))
    evidence = [ev("/sys/module/amdgpu", "present")]
    if amdgpu.initstate:
        evidence.append(ev("/sys/module/amdgpu/initstate", amdgpu.initstate))
    if amdgpu.initstate and amdgpu.initstate != "live":
        return fail(f"amdgpu module is in state '{amdgpu.initstate}', not live",
                    "The module is still loading or being removed; the GPUs are not usable.",
                    evidence=evidence)
    if not amdgpu.kfd_present:
        evidence.append(ev("/dev/kfd", "missing"))
        if container is not None and container.in_container:
            return warn("amdgpu is loaded on the host but /dev/kfd is not in this container",
                        "The container was started without --device=/dev/kfd; see RD-CTR-001.",
                        evidence=evidence)
        return fail("amdgpu is loaded but /dev/kfd is missing",
                    "Without /dev/kfd (the compute interface, KFD) ROCm finds no GPU. The driver may have "
                    "skipped compute on every GPU: `sudo dmesg | grep kfd` shows why (for example "
                    "'PCI rejects atomics' on a chipset slot or riser).",
                    evidence=evidence)
    evidence.append(ev("/dev/kfd", "present"))
    kind = f"DKMS driver {amdgpu.module_version}" if amdgpu.module_version else "in-kernel driver"
    return ok(f"amdgpu loaded ({kind}), /dev/kfd present", evidence=evidence,
              data={"module_version": amdgpu.module_version})


def _denylist_fix(amdgpu) -> FixPlan:
    actions = []
    for path, line in amdgpu.denials:
        actions.append(Action("edit", f"delete or comment out `{line}`", path=path))
    if amdgpu.denials:
        actions.append(Action("command", "rebuild the initramfs so early boot forgets the denylist "
                                         "(Fedora/RHEL: sudo dracut -f)",
                              argv=("sudo", "update-initramfs", "-u")))
    for arg in amdgpu.cmdline_denials:
        actions.append(Action("note", f"remove `{arg}` from the kernel command line in the boot loader "
                                      "configuration (GRUB: GRUB_CMDLINE_LINUX_DEFAULT in /etc/default/grub, "
                                      "then sudo update-grub)"))
    actions.append(Action("note", "reboot"))
    return FixPlan("Stop denylisting amdgpu", tuple(actions), needs_root=True, needs_reboot=True)


@check("RD-DRV-002", area="driver", title="amdgpu is not denylisted (modprobe.d, kernel command line)",
       sources=[FAQ, MI300X_GRUB])
def amdgpu_not_denylisted(amdgpu, pci_display=None, gpus=None, platform=None):
    evidence = [ev(path, line) for path, line in amdgpu.denials]
    why_not = elsewhere(platform, pci_display)
    if why_not and evidence and not amdgpu.module_loaded:
        return skip(why_not + "; an amdgpu denylist does no harm here", evidence=evidence)
    evidence += [ev("/proc/cmdline", arg) for arg in amdgpu.cmdline_denials]
    if not evidence:
        return ok("amdgpu is not denylisted",
                  "No blacklist/install line for amdgpu in modprobe.d and none on the kernel command line.")
    if _no_amd_gpu(pci_display, gpus) and not amdgpu.module_loaded:
        return skip("no AMD GPU: the amdgpu denylist does no harm here", evidence=evidence)
    if amdgpu.module_loaded:
        # AMD's MI300X guide boots with modprobe.blacklist=amdgpu and loads the module
        # by hand afterwards; that works until someone forgets the manual step.
        return warn("amdgpu is denylisted but loaded (by hand or a boot script)",
                    "The module is up now, so the GPUs work, but after a reboot they stay absent unless "
                    "whatever ran `modprobe amdgpu` runs again. If this is the MI300X 'load after boot' "
                    "workaround, make sure a service does it.",
                    evidence=evidence, fix=_denylist_fix(amdgpu))
    return fail("amdgpu is denylisted, so the driver never loads",
                "A denylist entry stops the kernel from loading amdgpu at boot; ROCm then sees no GPU.",
                evidence=evidence, fix=_denylist_fix(amdgpu))


@check("RD-DRV-003", area="driver", title="amdgpu driver build: DKMS package matches the running kernel",
       sources=[PREREQ, OLLAMA_3425])
def amdgpu_dkms(amdgpu, kernel_release=None, platform=None, pci_display=None):
    why_not = elsewhere(platform, pci_display)
    if why_not and not amdgpu.module_loaded:
        return skip(why_not)
    entries = [e for e in parse_dkms_status("\n".join(amdgpu.dkms)) if e.module == "amdgpu"]
    evidence = [ev("cmd: dkms status", e.line) for e in entries]
    if amdgpu.module_version:
        evidence.insert(0, ev("/sys/module/amdgpu/version", amdgpu.module_version))
        return ok(f"amdgpu DKMS driver {amdgpu.module_version} is loaded", evidence=evidence,
                  data={"dkms_version": amdgpu.module_version})
    if not entries:
        if not amdgpu.module_loaded:
            return skip("amdgpu is not loaded and no amdgpu DKMS package is installed (see RD-DRV-001)")
        return ok("in-kernel amdgpu driver (no amdgpu-dkms package)",
                  "The distribution kernel's driver is in use. That is fine for Radeon cards and recent "
                  "kernels; AMD recommends amdgpu-dkms for Instinct GPUs.",
                  evidence=[ev("/sys/module/amdgpu/version", "missing (in-kernel driver)")])
    built = [e for e in entries if kernel_release and e.kernel == kernel_release and e.state.startswith("installed")]
    if kernel_release and not built:
        return warn(f"amdgpu-dkms is not installed for the running kernel {kernel_release}",
                    "DKMS built the driver for other kernels only, so this boot uses the in-kernel driver "
                    "(or none). Install the headers for this kernel and rebuild.",
                    evidence=[ev("/proc/sys/kernel/osrelease", kernel_release), *evidence],
                    fix=FixPlan("Build amdgpu-dkms for the running kernel",
                                (Action("command", "install headers and modules-extra for this kernel",
                                        argv=("sudo", "apt", "install", f"linux-headers-{kernel_release}",
                                              f"linux-modules-extra-{kernel_release}")),
                                 Action("command", "build the DKMS modules", argv=("sudo", "dkms", "autoinstall")),
                                 Action("note", "reboot")),
                                needs_root=True, needs_reboot=True))
    if amdgpu.module_loaded:
        return warn("amdgpu-dkms is installed, but the in-kernel amdgpu driver is loaded",
                    "/sys/module/amdgpu/version is missing, so the DKMS module was not the one loaded: "
                    "after installing it the initramfs may not have been rebuilt, or Secure Boot refused "
                    "the unsigned module (`mokutil --sb-state`).",
                    evidence=[ev("/sys/module/amdgpu/version", "missing"), *evidence])
    return skip("amdgpu-dkms is installed but no amdgpu module is loaded (see RD-DRV-001)", evidence=evidence)
