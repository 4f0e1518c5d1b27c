"""Each GPU's gfx target against the ROCm support list and the torch wheel's code objects."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.facts.rocm import version_tuple
from rocmdoctor.knowledge import gpus as kb

if TYPE_CHECKING:
    from rocmdoctor.facts.python_env import Torch

SYSREQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/system-requirements.html"
ARCH_SPECS = "https://rocm.docs.amd.com/en/latest/reference/gpu-arch-specs.html"


def _by_gfx(gpus) -> dict[str, list]:
    out: dict[str, list] = {}
    for g in gpus:
        out.setdefault(g.gfx or f"gfx? (target {g.gfx_target_version})", []).append(g)
    return out


def _which(gs) -> str:
    return ", ".join(str(g.index) for g in gs)


@check("RD-GFX-001", area="gfx", title="GPU architectures are on the ROCm support list", sources=[SYSREQ, ARCH_SPECS])
def gfx_supported(gpus, rocm=None, torch=None, dcu=None):
    if not gpus:
        return skip("no AMD GPU")
    if dcu is not None:
        targets = ", ".join(sorted({g.gfx or "gfx?" for g in gpus}))
        return ok(f"Hygon DCU targets {targets}: supported by DTK, not by AMD's ROCm list",
                  "DCU generations use their own gfx targets (Z100/Z100L gfx906, K100 gfx926, K100_AI and "
                  "K500SM_AI gfx928); DTK and DAS wheels are built for them, and AMD's list does not apply.",
                  evidence=[ev(g.properties_path, f"gfx_target_version {g.gfx_target_version} = {g.gfx}")
                            for g in gpus[:4]])
    versions = []  # the ROCm user spaces in play: the wheel's first, it is what training runs
    if torch and torch.hip:
        hip = version_tuple(torch.hip)
        versions.append((f"torch's ROCm {'.'.join(map(str, hip[:2]))}", hip))
    if rocm is not None and (rocm.default or rocm.all):
        inst = rocm.default or rocm.all[0]
        versions.append((f"system ROCm {inst.version}", version_tuple(inst.version)))
    has_discrete = any(not g.integrated for g in gpus)
    out = []
    for gfx, gs in _by_gfx(gpus).items():
        subject = f"GPU {_which(gs)} ({gfx})"
        evidence = [ev(gs[0].properties_path, f"gfx_target_version {gs[0].gfx_target_version} = {gfx}")]
        if gs[0].integrated and has_discrete:
            out.append(skip(f"{subject}: integrated GPU, see RD-GPU-002", subject=subject, evidence=evidence))
            continue
        # Each verdict names the list that answered: the release list of that ROCm (AMD's
        # compatibility matrix / system requirements for the release), never a later one.
        full = [(label, kb.gfx_verdict(gfx, v)) for label, v in versions] or [("current ROCm", kb.gfx_verdict(gfx, None))]
        verdicts = [(label, v.status, v.note) for label, v in full]
        worst = max(verdicts, key=lambda x: ["supported", "deprecated", "unofficial", "unknown",
                                             "unsupported"].index(x[1]))
        info = kb.lookup(gfx)
        info = info if info and info.support else None  # only targets on a support list have a summary here
        model = f"{info.products}, {info.family}" if info else (gs[0].name or "unknown model")
        said = "; ".join(f"{label}: {v.status}" + (f" per {v.used}" if v.used else "") + (f" ({v.note})" if v.note else "")
                         for label, v in full)
        data = {"gfx": gfx, "gpus": [g.index for g in gs], "verdicts": {lbl: v.status for lbl, v in full},
                "lists": {lbl: v.used for lbl, v in full if v.used}}
        evidence += [ev(v.source.split(" @ ")[0], f"{v.used}: {gfx} {v.status} "
                                                   f"(read at {v.source.split(' @ ', 1)[1].split('; http')[0]})")
                     for _, v in full if v.source and " @ " in v.source]
        label, status, _ = worst
        listed = kb.listed_pci_ids(gfx)
        unlisted = sorted({f"0x{g.device_id:04x}" for g in gs if listed and g.device_id not in listed})
        if status == "supported" and unlisted:
            # Same gfx target as a listed board (RX 6800 vs PRO W6800), but not listed itself.
            status = "unofficial"
            said += f"; board {', '.join(unlisted)} is not among the listed ones ({info.support.note})"
        if status == "supported":
            out.append(ok(f"{subject}: supported by {label}", f"{model}. {said}.", subject=subject,
                          evidence=evidence, data=data))
        elif status == "deprecated":
            out.append(warn(f"{subject}: deprecated in {label}",
                            f"{model}. {said}. It still works, but gets no new fixes and is gone from ROCm 7; "
                            "stay on ROCm 6.x wheels for this GPU.", subject=subject, evidence=evidence, data=data,
                            fix=FixPlan("Keep this GPU on ROCm 6.x wheels; newer ROCm needs newer hardware", (
                                Action("note", "nothing to change now: the warning ends with a supported GPU"),),
                                params={"manual": "hardware", "why": "the GPU generation leaves ROCm's list"})))
        else:
            hint = ""
            if kb.community_override(gfx):
                hint = (f" The community runs it as a close relative with HSA_OVERRIDE_GFX_VERSION="
                        f"{kb.community_override(gfx)} (not supported by AMD; see RD-ENV-001).")
            if status == "unknown":
                # No list for that release has been read (it is newer than the newest one here):
                # nothing on the machine is wrong, the knowledge base cannot judge it.
                out.append(skip(f"{gfx} support not judged for {label} (no release list for it here)",
                                f"{model}. {said}. Check AMD's list for that release." + hint,
                                subject=subject, evidence=evidence, data=data))
                continue
            out.append(warn(f"{subject}: not supported by {label}",
                            f"{model}. {said}. ROCm libraries may lack kernels for it and AMD does not test "
                            "it; expect missing-kernel errors or crashes." + hint,
                            subject=subject, evidence=evidence, data=data))
    return out


def _override_for(g, overrides):
    for o in (overrides.per_gpu if overrides else ()):
        if o.gpu_index == g.index:
            return o
    return None


@check("RD-GFX-002", area="gfx", title="The torch wheel has code for every GPU (torch.cuda.get_arch_list())",
       level="default", sources=list(kb.WHEEL_SOURCES))
def gfx_in_wheel(gpus, torch, hsa_overrides=None):
    if not gpus:
        return skip("no AMD GPU")
    if not torch.hip:
        return skip(f"torch {torch.version} is not a ROCm build")
    arch_list = [kb.arch_base(a) for a in torch.arch_list or []]
    if not arch_list:
        why = torch.arch_list_error or "empty list"
        return skip(f"torch.cuda.get_arch_list() gave no architectures ({why})")
    archs = set(arch_list)
    ev_list = ev("probe: python", f"torch {torch.version} arch list: {', '.join(arch_list)}")
    out = []
    for gfx, gs in _by_gfx(gpus).items():
        # The runtime reports the override's target instead of the native one, and that
        # is what torch looks up code objects for.
        eff = {}
        for g in gs:
            o = _override_for(g, hsa_overrides)
            key = (o.gfx, f"{o.var}={o.value}") if o and o.gfx else (gfx, None)  # malformed: RD-ENV-001
            eff.setdefault(key, []).append(g)
        for (target, via), members in eff.items():
            subject = f"GPU {_which(members)} ({gfx})"
            evidence = [ev(members[0].properties_path, f"gfx_target_version {members[0].gfx_target_version}"), ev_list]
            if via:
                evidence.append(ev("environment", via))
            if target in archs:
                note = f" (runs as {target} through {via})" if via and target != gfx else ""
                out.append(ok(f"{subject}: the wheel has {target} code{note}", subject=subject, evidence=evidence))
                continue
            out.append(fail(f"{subject}: torch has no code for {target}",
                            _missing_detail(gfx, target, via, torch), subject=subject, evidence=evidence,
                            fix=_wheel_fix(gfx, torch)))
    return out


def _missing_detail(gfx: str, target: str, via: str | None, torch: Torch) -> str:
    text = (f"The installed torch ({torch.version}) was built without {target} kernels, so the first GPU "
            "operation fails with 'hipErrorNoBinaryForGpu: Unable to find code object for all current devices' "
            "or 'HIP error: invalid device function'.")
    if via:
        text += f" {via} makes the runtime report {target} instead of the GPU's own {gfx}."
    gen = kb.wheel_generation(gfx)
    if gen:
        text += f" PyTorch's official wheels carry {gfx} from {gen} on: install one of those."
    elif kb.community_override(gfx):
        text += (f" No official wheel targets {gfx}. Community practice (unsupported by AMD) is "
                 f"HSA_OVERRIDE_GFX_VERSION={kb.community_override(gfx)}; the alternative is a source build "
                 f"with PYTORCH_ROCM_ARCH={gfx}.")
    else:
        text += f" No official wheel targets {gfx}; build torch from source with PYTORCH_ROCM_ARCH={gfx}."
    return text


def _wheel_fix(gfx: str, torch: Torch) -> FixPlan:
    return FixPlan(f"Install a torch wheel that includes {gfx}", (
        Action("note", f"pip install --upgrade torch --index-url {kb.WHEEL_INDEX}rocmX.Y, choosing a ROCm "
                       f"index whose wheels list {gfx} (newer indexes carry more targets; verify with "
                       "python -c 'import torch; print(torch.cuda.get_arch_list())')"),
        Action("note", f"or build torch from source with PYTORCH_ROCM_ARCH={gfx}"),
    ))
