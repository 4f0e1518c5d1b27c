"""What every benchmark judge shares: the sources they cite, the labels that keep a CPU run
from passing for a GPU figure, the finding for a run that did not finish, and the remedies for a
multi-GPU hang or crawl.

A multi-GPU hang or crawl gets its remedies from the static facts when they are there
(``hang_remedies``): iommu=pt first when the IOMMU translates (RD-IOMMU-001's plan), ACS off
second when bridges above the GPUs redirect P2P (RD-PCIE-001's setpci plan), NCCL_P2P_DISABLE=1
last, labelled slow; a remedy the static checks rule out is left out with a sentence saying why.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import cast

from rocmdoctor.engine.check import Action, Applicability, FixPlan, ev, fail, skip, warn
from rocmdoctor.checks.iommu import iommu_evidence, passthrough, pt_plan
from rocmdoctor.facts.interconnect import LSPCI_ARGV, HangContext
from rocmdoctor.facts.probes_active import ActiveOutcome
from rocmdoctor.remedy.plans import acs_disable_plan
from rocmdoctor.machine.parsers.lspci import acs_redirects
from rocmdoctor.base.records import replace
from rocmdoctor.base.untrusted import pick_map

NCCL_TESTS_PERF = "https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md"
INSTALL_FAQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/install-faq.html"
RCCL_1129 = "https://github.com/ROCm/rccl/issues/1129"
VLLM_390 = "https://github.com/ROCm/vllm/issues/390"
NCCL_ACS = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#pci-access-control-services-acs"
NCCL_199 = "https://github.com/NVIDIA/nccl/issues/199"
PRECISION = "https://rocm.docs.amd.com/en/latest/reference/precision-support.html"
BF16_API = "https://github.com/pytorch/pytorch/pull/80410"
QWEN_NAN = "https://github.com/QwenLM/Qwen3/issues/670"
SDPA_KERNEL = "https://pytorch.org/docs/stable/generated/torch.nn.attention.sdpa_kernel.html"
HANG_SOURCES = [INSTALL_FAQ, RCCL_1129, VLLM_390, NCCL_ACS, NCCL_199]

STEP_IOMMU = ("1. Add iommu=pt to the kernel command line (on Intel hosts: intel_iommu=on iommu=pt), "
              "regenerate the boot config (update-grub / grubby) and reboot; RCCL warns when it is missing.")
STEP_ACS = ("2. Disable PCIe ACS on the bridges above the GPUs: in the BIOS, or per bridge with "
            "`setpci -s <BDF> ECAP_ACS+0x6.w=0000` (lost at reboot; breaks VFIO isolation).")
STEP_P2P = ("3. Last resort, slow: set NCCL_P2P_DISABLE=1 (RCCL reads the NCCL_ name) so GPU-to-GPU traffic "
            "goes through host memory. It avoids the P2P hang but is much slower.")


def _number(text: str, n: int) -> str:
    return f"{n}. {text.split('. ', 1)[1]}"


def hang_remedies(static: HangContext | None = None):
    """Remedies for a multi-GPU hang or crawl, in AMD's order, tailored by the static facts.
    Returns (FixPlan or None, evidence, sentences for the detail, data["remedies"])."""
    h = static if static is not None else HangContext()
    cmdline, iommu, gpus, cpu, virt, pci_links, lspci, env = (h.cmdline, h.iommu, h.gpus, h.cpu, h.virt,
                                                               h.pci_links, h.lspci, h.env)
    steps: list[tuple[str, tuple[Action, ...], dict]] = []  # (key, actions, data)
    said, evidence = [], []

    # 1. IOMMU: the same judgement as RD-IOMMU-001, with its evidence and its plan.
    if virt is not None and virt.guest:
        said.append(f"This is a VM guest ({virt.kind}): the host's IOMMU and ACS settings decide P2P; iommu=pt and "
                    "ACS off belong on the host.")
        steps.append(("iommu_pt", (Action("note", STEP_IOMMU.replace("to the kernel command line",
                                                                     "to the host's kernel command line")),),
                      {"status": "host"}))
    elif cmdline is None:
        steps.append(("iommu_pt", (Action("note", STEP_IOMMU),), {"status": "unknown"}))
    elif passthrough(cmdline) or (iommu is not None and (iommu.translating is False or (
            iommu.default_passthrough and iommu.translating is not True))):
        why = ("iommu=pt is on the kernel command line" if passthrough(cmdline) else
               "the kernel defaults to passthrough" if iommu is not None and iommu.default_passthrough else
               "no GPU IOMMU group translates DMA")
        said.append(f"The static checks found the IOMMU in passthrough ({why}), so iommu=pt is not the remedy here.")
        evidence += iommu_evidence(cmdline, iommu)[:1]
        steps.append(("iommu_pt", (), {"status": "not needed", "why": why}))
    else:
        plan = pt_plan(cmdline, cpu)
        translating = iommu.translating if iommu is not None else None
        n = f"{len([g for g in gpus if not g.integrated])} " if gpus else ""
        said.append("RD-IOMMU-001: " + (f"the IOMMU translates the {n}GPUs' DMA and iommu=pt is missing, the usual "
                                        "cause of RCCL hangs" if translating else
                                        "iommu=pt is missing (whether the IOMMU translates could not be read)") + ".")
        evidence += iommu_evidence(cmdline, iommu)
        steps.append(("iommu_pt", tuple(Action("note", f"{STEP_IOMMU.split('. ', 1)[0]}. {a.description}")
                                        for a in plan.actions), {"status": "needed", "plan": plan.to_dict()}))

    # 2. ACS on the bridges above the GPUs, as RD-PCIE-001 reads it.
    bridges = sorted({b.bdf for p in pci_links or [] for b in p.bridges})
    devs = {b: lspci.get(b) for b in bridges} if lspci is not None else {}
    readable = {b: d for b, d in devs.items() if d is not None and not d.denied}
    redirecting = [b for b, d in readable.items() if acs_redirects(d)]
    if virt is not None and virt.guest:
        steps.append(("acs", (Action("note", STEP_ACS.replace("above the GPUs", "above the GPUs, on the host")),),
                      {"status": "host"}))
    elif redirecting:
        plan = acs_disable_plan(redirecting)
        said.append(f"RD-PCIE-001: ACS redirects peer-to-peer traffic on {len(redirecting)} bridge(s) above the GPUs "
                    f"({', '.join(redirecting)}).")
        evidence += [ev("cmd: " + " ".join(LSPCI_ARGV), f"{b}: {readable[b].line_with('ACSCtl:')}")
                     for b in redirecting]
        steps.append(("acs", (Action("note", "2. Turn ACS off on those bridges: for good in the BIOS, or until "
                                             "reboot with the commands below (devices behind them lose IOMMU-group "
                                             "isolation, so no VFIO passthrough of them)."),)
                      + tuple(a for a in plan.actions if a.kind == "command"), {"status": "needed",
                                                                                "plan": plan.to_dict()}))
    elif readable and len(readable) == len(bridges):
        said.append(f"The static checks found ACS redirection off on the {len(bridges)} bridge(s) above the GPUs, "
                    "so ACS is not the remedy here.")
        steps.append(("acs", (), {"status": "not needed"}))
    elif pci_links and all(p.sysfs_link for p in pci_links) and not bridges:
        said.append("No PCIe bridge sits between the GPUs and the root complex, so ACS is not the remedy here.")
        steps.append(("acs", (), {"status": "not needed"}))
    else:
        steps.append(("acs", (Action("note", STEP_ACS),), {"status": "unknown"}))

    # 3. NCCL_P2P_DISABLE=1: slow, last.
    already = env.get("NCCL_P2P_DISABLE") if env else None
    if already not in (None, "", "0"):
        said.append(f"NCCL_P2P_DISABLE={already} is already set, so GPU-to-GPU traffic already avoids P2P: this "
                    "problem is not on the P2P path (look at the network interfaces, /dev/shm and RCCL's log, "
                    "NCCL_DEBUG=INFO).")
        evidence.append(ev("environment", f"NCCL_P2P_DISABLE={already}"))
        steps.append(("p2p_disable", (), {"status": "already set", "value": already}))
    else:
        steps.append(("p2p_disable", (Action("note", STEP_P2P),
                                      Action("env", "NCCL_P2P_DISABLE=1 in the training job's environment (slow)",
                                             env={"NCCL_P2P_DISABLE": "1"})), {"status": "last resort"}))

    data = [dict(step=k, **d) for k, _, d in steps]
    active = [(k, acts) for k, acts, _ in steps if acts]
    if not active:
        return None, evidence, said, data
    actions: list[Action] = []
    for step, (_, acts) in enumerate(active, start=1):  # renumber what is left: 1, 2, 3
        actions += [replace(a, description=_number(a.description, step)) if a.kind == "note" and a.description[:2]
                    in ("1.", "2.", "3.") else a for a in acts]
    needed = {k for k, _, d in steps if d["status"] in ("needed", "unknown", "host")}
    plan = FixPlan(
        title="Make multi-GPU collectives reliable (in this order)", actions=tuple(actions),
        applicability=Applicability.DISPLAY_ONLY, needs_root=bool(needed & {"iommu_pt", "acs"}),
        needs_reboot="iommu_pt" in needed,
        params={"remedies": data})
    return plan, evidence, said, data


def bench_label(res: Mapping | None) -> str:
    dev = pick_map(res, "device")
    if dev.get("kind") == "cpu":
        return f"CPU run ({dev.get('name') or 'host CPU'}), not a GPU figure"
    return f"{dev.get('name') or 'GPU'}" + (f" ({dev['arch']})" if dev.get("arch") else "")


def _subject(outcome: ActiveOutcome) -> str | None:
    """Every finding says what ran it: a CPU run must never pass for a GPU figure."""
    dev = outcome.device
    kind = dev.get("kind") or outcome.raw.get("device_requested")
    if kind == "cpu":
        return "CPU run"
    return dev.get("name") or ("GPU" if kind == "cuda" else None)


def labelled(fn):
    @functools.wraps(fn)
    def wrapper(**kw):
        out = fn(**kw)
        subject = _subject(next(iter(kw.values())) or ActiveOutcome())
        return replace(out, subject=out.subject or subject) if subject else out
    return wrapper


def gpu_run(outcome: ActiveOutcome) -> bool:
    return (outcome.device.get("kind") or outcome.raw.get("device_requested")) == "cuda"


def _hung_step(outcome: Mapping) -> tuple[str | None, list[int]]:
    """The stage where the run stopped: the lagging (culprit) rank's, else a hung rank's."""
    ranks = {r.get("rank"): r for r in outcome.get("ranks") or []}
    who = outcome.get("culprit_ranks") or outcome.get("hung_ranks") or []
    stage = next((ranks[r].get("stage") for r in who if r in ranks and ranks[r].get("stage")), None)
    return stage, list(outcome.get("culprit_ranks") or [])


def not_completed(run: ActiveOutcome, what: str, hang_fix: bool = False, static: HangContext | None = None):
    """A finding for a run that did not finish, or None when it did. ``static``: the
    facts hang_remedies tailors the remedies with (any may be None)."""
    outcome = run.raw  # the runner's JSON: ranks, stages, culprits
    kind = outcome.get("outcome")
    evidence = [ev(f"probe: {outcome.get('benchmark', what)}", outcome.get("message") or kind)]
    for r in outcome.get("ranks") or []:
        if r.get("stderr_tail") and (r.get("killed") or r.get("returncode")):
            evidence.append(ev(f"probe: {what} rank {r['rank']} stderr", r["stderr_tail"]))
    if kind == "completed":
        return None
    if kind == "failed" and run.result.get("unavailable"):
        return skip(f"{what}: not run", outcome.get("message", ""), evidence=evidence)
    if kind == "timeout":
        multi = (outcome.get("nproc") or 1) > 1
        stage, culprits = _hung_step(outcome)
        where = (f" at '{stage}'" if stage else "") + (f" on rank {', '.join(map(str, culprits))}" if culprits else "")
        detail, fix, data = outcome.get("message", ""), None, {"hung_ranks": outcome.get("hung_ranks"),
                                                                "culprit_ranks": outcome.get("culprit_ranks"),
                                                                "stage": stage}
        if hang_fix and multi and gpu_run(run):
            fix, more, said, data["remedies"] = hang_remedies(static)
            evidence += more
            detail += ("\n" + " ".join(said) if said else "")
        elif hang_fix and multi:
            detail += ("\nThis was a CPU run (gloo): the GPU peer-to-peer remedies (iommu=pt, ACS, "
                       "NCCL_P2P_DISABLE) do not apply to it.")
        return fail(f"{what} hung{where} and was killed", detail, evidence=evidence, fix=fix, data=data)
    if kind == "crashed":
        return fail(f"{what} crashed", outcome.get("message", ""), evidence=evidence,
                    data={"crashed_ranks": outcome.get("crashed_ranks")})
    return fail(f"{what} did not run", cast(str, outcome.get("message") or kind), evidence=evidence)


def warn_with_remedies(title: str, detail: str, *, evidence: list, data: dict, static: HangContext | None):
    """A warning about multi-GPU traffic (a crawl, missing or slow P2P) carrying the hang remedies,
    tailored by the static facts, as its fix; their sentences extend the detail."""
    fix, more, said, data["remedies"] = hang_remedies(static)
    return warn(title, detail + ("\n" + " ".join(said) if said else ""), evidence=evidence + more, data=data, fix=fix)


def device_precision(res: dict):
    """The knowledge base's precision row for the device a benchmark ran on (AMD GPUs only)."""
    from rocmdoctor.knowledge import gpus as kb

    dev = res.get("device") or {}
    return kb.precision(dev.get("arch")) if dev.get("hip") or str(dev.get("arch", "")).startswith("gfx") else None
