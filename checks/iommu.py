"""IOMMU mode for multi-GPU hosts.

RCCL's own test is a substring search for "iommu=pt" in /proc/cmdline. This check asks
the real question instead: does the IOMMU translate the GPUs' DMA? It stays quiet when
the kernel defaults to passthrough, inside a VM guest, or with a single GPU, and it
hands helper "kernel_cmdline" (fixes/) a plan {"add": [...], "remove": [...]}.
"""
from __future__ import annotations

from rocmdoctor.engine.check import Action, Applicability, FixPlan, check, ev, fail, ok, skip, warn

FAQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/install-faq.html"
IOMMU_DOC = "https://rocm.docs.amd.com/en/latest/conceptual/iommu.html"
MI300X = "https://rocm.docs.amd.com/en/latest/how-to/system-optimization/mi300x.html"
SOURCES = [FAQ, IOMMU_DOC, MI300X, "https://github.com/ROCm/rccl/issues/1129",
           "https://github.com/ROCm/vllm/issues/390"]

X2APIC_CPUS = 256  # with this many logical CPUs, disabling the IOMMU drops x2APIC (mi300x.rst)
# Flags that keep DMA translated or switch the IOMMU off; they fight iommu=pt.
_CONFLICTS = ("iommu=soft", "iommu=nopt", "iommu.passthrough=0", "iommu=off")
_OFF = {"iommu": "off", "intel_iommu": "off", "amd_iommu": "off"}


def passthrough(cmdline) -> bool:
    return cmdline.get("iommu") == "pt" or cmdline.get("iommu.passthrough") in ("1", "y", "on")


def off_flags(cmdline) -> list[str]:
    return [f"{k}={v}" for k, v in _OFF.items() if cmdline.get(k) == v]


def is_intel(cpu) -> bool:
    return bool(cpu and cpu.vendor == "GenuineIntel")


def pt_plan(cmdline, cpu) -> FixPlan:
    add = ["iommu=pt"]
    remove = [t for t in _CONFLICTS if cmdline.has(*t.split("=", 1))]
    if is_intel(cpu):
        # AMD's MI300X guide: on Intel hosts use intel_iommu=on together with iommu=pt.
        if cmdline.get("intel_iommu") != "on":
            add.insert(0, "intel_iommu=on")
        if cmdline.has("intel_iommu", "off"):
            remove.append("intel_iommu=off")
    words = " ".join(add)
    return FixPlan(
        title=f"Add {words} to the kernel command line",
        actions=(Action("note", (
            f"Add {words}" + (f" and remove {' '.join(remove)}" if remove else "") +
            " through the bootloader that boots this machine. `rocmdoctor fix --iommu` finds it (Proxmox's "
            "proxmox-boot-tool, kernelstub, systemd-boot entries or kernel-install, GRUB with update-grub, grubby "
            "or grub2-mkconfig), shows the edit and the distribution's regenerate command, and applies it with "
            "--apply. Reboot and check /proc/cmdline.")),),
        applicability=Applicability.SAFE, needs_root=True, needs_reboot=True,
        fixer="kernel_cmdline", params={"add": add, "remove": remove},
    )


def iommu_evidence(cmdline, iommu):
    out = [ev("/proc/cmdline", cmdline.text)]
    if iommu is not None:
        if iommu.group_types:
            counts = ", ".join(f"{k}: {n}" for k, n in sorted(iommu.group_types.items()))
            sample = "; ".join(f"{p} = {v}" for p, v in iommu.group_evidence[:4])
            out.append(ev("/sys/kernel/iommu_groups/*/type", f"{iommu.group_source}: {counts}. {sample}"))
        if iommu.class_dir or iommu.units:
            out.append(ev("/sys/class/iommu", " ".join(iommu.units) or "(empty: no IOMMU active)"))
        if iommu.config_line:
            out.append(ev(iommu.config_path, iommu.config_line))
    return out


@check("RD-IOMMU-001", area="iommu", title="Multi-GPU host runs the IOMMU in passthrough (iommu=pt)",
       sources=SOURCES)
def iommu_passthrough(cmdline, gpus, iommu=None, cpu=None, virt=None, wsl=None):
    discrete = [g for g in gpus if not g.integrated]
    evidence = iommu_evidence(cmdline, iommu)
    if wsl is not None:
        return skip("WSL2: the IOMMU belongs to the Windows host; nothing in the guest's command line applies")
    if not discrete:
        return skip("no discrete AMD GPU: iommu=pt matters only for GPU-to-GPU traffic")
    if len(discrete) < 2:
        return ok("1 discrete GPU: iommu=pt matters only for GPU-to-GPU traffic", evidence=evidence[:1])
    if passthrough(cmdline):
        return ok("iommu=pt is on the kernel command line", evidence=evidence)
    if virt is not None and virt.guest:
        return ok(f"VM guest ({virt.kind}): the host's IOMMU setting is what matters",
                  "RCCL skips its iommu=pt check in KVM and Hyper-V guests; set iommu=pt on the host.",
                  evidence=evidence + [ev(p, v) for p, v in virt.evidence])
    # The live group types outrank the kernel's build default: iommu=nopt or
    # iommu.passthrough=0 on a passthrough-default kernel still translates.
    if iommu is not None and iommu.default_passthrough and iommu.translating is not True:
        return ok("the kernel defaults to IOMMU passthrough (CONFIG_IOMMU_DEFAULT_PASSTHROUGH=y)",
                  "RCCL still prints 'Missing \"iommu=pt\"' because it only reads /proc/cmdline: on this kernel "
                  "that warning is a false positive (ROCm/rocm-systems PR #7916). Adding iommu=pt would only "
                  "silence it.", evidence=evidence)
    translating = iommu.translating if iommu is not None else None
    if translating is False:
        why = ("every GPU IOMMU group is identity (passthrough)" if iommu.group_types
               else "no IOMMU is active (/sys/class/iommu is empty)")
        return ok(f"the IOMMU does not translate GPU DMA: {why}",
                  "RCCL may still warn about a missing iommu=pt; here that is harmless.", evidence=evidence)
    plan = pt_plan(cmdline, cpu)
    many_cpus = cpu is not None and cpu.logical_cpus >= X2APIC_CPUS
    tail = (" Keep the IOMMU enabled in the BIOS: this host has "
            f"{cpu.logical_cpus} logical CPUs and without the IOMMU Linux loses x2APIC and uses at most 255 "
            "of them; iommu=pt keeps it on." if many_cpus else "")
    detail = (f"{len(discrete)} GPUs and the IOMMU translates their DMA. Multi-GPU RCCL jobs (DDP, DeepSpeed, "
              "torchrun) can hang at the first all-reduce with the GPUs at 100% and RCCL printing "
              "'Missing \"iommu=pt\" from kernel command line'. AMD's fix is "
              f"{' '.join(plan.params['add'])} on the kernel command line.{tail}")
    if translating is None:
        return warn("no iommu=pt, and whether the IOMMU translates GPU DMA could not be read",
                    detail + " (Neither the GPUs' IOMMU groups nor /sys/class/iommu were readable.)",
                    evidence=evidence, fix=plan)
    return fail(f"{len(discrete)} GPUs behind a translating IOMMU and no iommu=pt", detail,
                evidence=evidence, fix=plan, data={"add": plan.params["add"], "remove": plan.params["remove"]})


@check("RD-IOMMU-002", area="iommu", title="IOMMU kernel flags are valid and do not cost CPUs",
       sources=[IOMMU_DOC, MI300X, "https://github.com/ROCm/ROCm/pull/3919",
                "https://github.com/ROCm/rccl-tests/issues/50"])
def iommu_flags(cmdline, cpu=None, gpus=None, wsl=None):
    evidence = [ev("/proc/cmdline", cmdline.text)]
    if wsl is not None:
        return skip("WSL2: the guest kernel's IOMMU flags do not reach the hardware")
    off = off_flags(cmdline)
    if off:
        many = cpu is not None and cpu.logical_cpus >= X2APIC_CPUS - 1
        plan = pt_plan(cmdline, cpu)
        plan = FixPlan(plan.title.replace("Add", "Use") + " instead of " + " ".join(off), plan.actions,
                       plan.applicability, plan.needs_root, plan.needs_reboot, plan.fixer,
                       {"add": plan.params["add"], "remove": sorted(set(plan.params["remove"]) | set(off))})
        detail = ("AMD lists iommu=off as not recommended; iommu=pt gives GPUs the same direct DMA while "
                  "the IOMMU stays on.")
        if many:
            detail += (f" This host shows {cpu.logical_cpus} logical CPUs: with the IOMMU off the kernel cannot "
                       "use x2APIC interrupt remapping and brings up at most 255 CPUs.")
        return warn(f"{' '.join(off)} switches the IOMMU off", detail, evidence=evidence, fix=plan)
    if cmdline.has("amd_iommu", "on"):
        detail = ("amd_iommu=on is not a value the kernel knows: the AMD IOMMU is on by default, so the flag does "
                  "nothing. Old RCCL builds asked for it ('Missing \"amd_iommu=on\"'); that message is stale.")
        if passthrough(cmdline):
            return ok("amd_iommu=on is a harmless no-op (iommu=pt is set too)", detail, evidence=evidence)
        return warn("amd_iommu=on does nothing; iommu=pt is what RCCL needs", detail, evidence=evidence)
    return ok("no IOMMU flag that is invalid or switches the IOMMU off", evidence=evidence)
