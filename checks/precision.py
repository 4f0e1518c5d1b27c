"""Precision and attention kernels: what each GPU can honour, wheels built for the wrong
platform, the recommended settings, and a training config checked against the hardware.

The per-GPU answers come from the gfx target (rocmdoctor.knowledge.gpus.precision), never from
torch.cuda.is_bf16_supported(), which is True on every ROCm device (pytorch PR #80410).
On NVIDIA/CUDA the static table does not apply and those checks skip.
"""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.settings import env_ev, env_evs
from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.knowledge import gpus as kb
from rocmdoctor.knowledge import artifacts as ka
from rocmdoctor.knowledge import precision as kp
from rocmdoctor.facts.rocm import version_tuple
from rocmdoctor.facts.advice import devices, recommend

AREA = "precision"


_CONTAINER_ENV = re.compile(r"(?:^|\s)(?:-e|--env)[=\s]\s*[\"']?TORCH_BLAS_PREFER_HIPBLASLT=")  # `docker run -e ...`


def with_runtime(torch, torch_runtime):
    """torch's build (static) with what it says at run time (devices, is_bf16_supported):
    the device list falls back to torch's devices when the KFD topology shows no AMD GPU."""
    return torch.with_runtime(torch_runtime) if torch is not None else None


def _amd(gpus, torch):
    """AMD devices, or a skip finding saying why the table does not apply."""
    devs = devices(gpus, torch)
    amd = [d for d in devs if d.vendor == "amd"]
    if amd:
        return amd, None
    if devs:
        return None, skip("NVIDIA GPUs: the per-gfx precision table does not apply (probes still run)")
    return None, skip("no AMD GPU found")


class _Group:
    """GPUs of one gfx target: one finding for all of them, not one per GPU."""

    def __init__(self, devs):
        self.devs = devs
        self.gfx = devs[0].gfx
        self.row = devs[0].row
        self.evidence = [d.evidence for d in devs if d.evidence]
        self.label = devs[0].label if len(devs) == 1 else "GPUs " + ", ".join(str(d.index) for d in devs)


def _groups(amd):
    by: dict = {}
    for d in amd:
        by.setdefault(d.gfx, []).append(d)
    return [_Group(v) for v in by.values()]


def _per_gfx(amd, judge) -> list:
    """One finding per gfx target: ``judge(group, row)``, or a skip for a target the knowledge
    base has no precision row for (the block RD-PREC-001, -002 and -004 all need)."""
    return [judge(d, d.row) if d.row is not None else
            skip(f"{d.gfx or 'unknown gfx'}: not in rocmdoctor's precision table",
                 "Measure it with `rocmdoctor bench` before choosing bf16.", subject=d.label, evidence=d.evidence)
            for d in _groups(amd)]


def lacking(devs, has) -> tuple[list, str]:
    """The devices without a feature (no precision row counts as without) and their gfx list,
    for the checks that hold a setting against every GPU (RD-PREC-003, -011, -013)."""
    bad = [d for d in devs if not (d.row and has(d.row))]
    return bad, ", ".join(sorted({d.gfx or "?" for d in bad}))


@check("RD-PREC-001", area=AREA, title="BF16 is native on every GPU (decided by the gfx target, not the torch API)",
       sources=[kp.PRECISION_DOC, kp.BF16_API_ALWAYS_TRUE, kp.GFX906_BF16_EMULATED, kp.BF16_API_EMULATION_ARG])
def bf16_native(gpus, torch=None, torch_runtime=None, dcu=None):
    if dcu is not None:
        return skip("Hygon DCU: no public table of BF16 support per DCU generation; measure it (RD-BENCH-002)",
                    "DCU gfx targets share names with AMD GPUs (gfx906) or are their own (gfx926, gfx928); "
                    "AMD's per-gfx precision facts are not applied to them.")
    torch = with_runtime(torch, torch_runtime)
    amd, why = _amd(gpus, torch)
    if why:
        return why

    def judge(d, row):
        evidence = list(d.evidence)
        if torch and torch.bf16_supported_api:
            evidence.append(ev("probe: python", "torch.cuda.is_bf16_supported() -> True"))
        if row.bf16_native:
            return ok(f"{row.gfx}: native BF16 matrix math", subject=d.label, evidence=evidence)
        how = "emulates BF16 in software" if row.bf16 == kb.EMULATED else "has no BF16 arithmetic"
        return warn(
            f"{row.gfx} {how}: train in fp16 with loss scaling, or fp32",
            f"{row.example} has no BF16 matrix instructions. torch.cuda.is_bf16_supported() still says True on "
            f"ROCm, so tools that trust it pick bf16 and run many times slower (or fail to compile Triton kernels). "
            f"{row.note}.", subject=d.label, evidence=evidence,
            fix=FixPlan("Use fp16 (dynamic loss scaling) or fp32 instead of bf16", (
                Action("note", "DeepSpeed: \"bf16\": {\"enabled\": false}, \"fp16\": {\"enabled\": true, "
                               "\"loss_scale\": 0}; HF/LLaMA-Factory: bf16: false, fp16: true"),
                Action("note", "Qwen2/Qwen2.5 overflow in fp16 (loss 0.0, grad_norm nan): use fp32 for them"),
            ), params={"why": "the dtype is set in your training files: `rocmdoctor fix --config PATH` edits them"}),
            data={"gfx": row.gfx, "bf16": row.bf16})
    return _per_gfx(amd, judge)


@check("RD-PREC-002", area=AREA, title="hipBLASLt covers every GPU (else torch falls back to hipBLAS)",
       level="default", sources=[kp.HIPBLASLT_FALLBACK, kp.HIPBLASLT_ARCHS, kp.HIPBLASLT_FORCE])
def hipblaslt(gpus, torch, env=None, torch_runtime=None):
    torch = with_runtime(torch, torch_runtime)
    amd, why = _amd(gpus, torch)
    if why:
        return why
    hip = torch.hip
    if not hip:
        return skip(f"torch {torch.version} is not a ROCm build")
    # set for a container (a Dockerfile's ENV, a compose environment): the image's torch reads it, not this one
    where = env.origin("TORCH_BLAS_PREFER_HIPBLASLT") if env and hasattr(env, "origin") else None
    forced = bool(env) and env.get("TORCH_BLAS_PREFER_HIPBLASLT") == "1" and not (where is not None and (
        ka.CONTAINER_FILE.search(os.path.basename(where.path)) or _CONTAINER_ENV.search(where.text or "")))

    def judge(d, row):
        evidence = d.evidence + [ev("probe: python", f"torch.version.hip = {hip}")]
        if kb.hipblaslt_supported(row, hip):
            return ok(f"{row.gfx}: hipBLASLt is supported by this torch build", subject=d.label, evidence=evidence)
        if forced:
            return warn(
                f"{row.gfx}: TORCH_BLAS_PREFER_HIPBLASLT=1 asks for hipBLASLt, which this torch does not support here",
                "Forcing it only adds a warning and a fallback to hipBLAS; unset it.", subject=d.label,
                evidence=evidence + [env_ev(env, "TORCH_BLAS_PREFER_HIPBLASLT")],
                fix=FixPlan("Unset TORCH_BLAS_PREFER_HIPBLASLT", (
                    Action("env", "let torch choose its BLAS backend", env={"TORCH_BLAS_PREFER_HIPBLASLT": None}),)))
        since = f" (torch builds for ROCm >= {row.hipblaslt_since} list it)" if row.hipblaslt_since else ""
        return ok(
            f"{row.gfx}: no hipBLASLt{since}; torch uses hipBLAS instead",
            "The start-up warning 'Attempting to use hipBLASLt on an unsupported architecture! Overriding blas "
            "backend to hipblas' is expected here and harmless.", subject=d.label, evidence=evidence)
    return _per_gfx(amd, judge)


TF32_VARS = ("HIPBLASLT_ALLOW_TF32", "TORCH_ALLOW_TF32_CUBLAS_OVERRIDE")


@check("RD-PREC-003", area=AREA, title="TF32/XF32 switches are set only where the hardware has XF32",
       sources=[kp.PRECISION_DOC, kp.TF32_ROCM])
def tf32_flags(gpus, env, torch=None, torch_runtime=None):
    torch = with_runtime(torch, torch_runtime)
    amd, why = _amd(gpus, torch)
    if why:
        return why
    set_vars = [k for k in TF32_VARS if env.get(k) == "1"]
    if not set_vars:
        return ok("no TF32 override variables set")
    without, gfx = lacking(amd, lambda r: r.tf32)
    evidence = [env_ev(env, k) for k in set_vars] + [d.evidence for d in without]
    if not without:
        return ok(f"{', '.join(set_vars)} set; every GPU has XF32 matrix math", evidence=evidence)
    return warn(f"{', '.join(set_vars)} has no effect on {gfx}",
                "XF32 (AMD's TF32) exists only on MI300-class matrix cores; elsewhere matmuls stay full FP32.",
                evidence=evidence, fix=FixPlan("Remove the TF32 variables", (
                    Action("env", "unset", env={k: None for k in set_vars}),)))


@check("RD-PREC-004", area=AREA, title="Fast attention kernels exist for every GPU (CK, AOTriton, flash-attn)",
       level="default", sources=[kp.CK_ARCHS, kp.AOTRITON_NAVI3, kp.AOTRITON_GFX908, kp.FLASH_ATTN_README])
def attention_kernels(gpus, torch=None, distributions=None, env=None, torch_runtime=None):
    torch = with_runtime(torch, torch_runtime)
    amd, why = _amd(gpus, torch)
    if why:
        return why
    env = env or {}
    dists = distributions or {}
    fa = dists.get("flash-attn") or dists.get("flash_attn")
    triton_fa = env.get("FLASH_ATTENTION_TRITON_AMD_ENABLE", "").upper() == "TRUE"
    experimental_on = env.get("TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL") == "1"

    def judge(d, row):
        evidence = list(d.evidence)
        problems = []
        if fa and not row.ck_flash and not ("triton" in row.flash_attn_pkg and triton_fa):
            evidence.append(ev("probe: python", f"{fa.name} {fa.version} installed"))
            problems.append(f"flash-attn {fa.version} is installed, but its CK backend supports only "
                            f"MI200/MI300-class GPUs, not {row.gfx}: `flash_attn: fa2` / "
                            "attn_implementation=\"flash_attention_2\" will fail; use sdpa"
                            + (" (or a Triton-backend build, FLASH_ATTENTION_TRITON_AMD_ENABLE=TRUE)"
                               if "triton" in row.flash_attn_pkg else ""))
        if row.aotriton == kb.EXPERIMENTAL and not experimental_on:
            problems.append(f"AOTriton flash attention is experimental on {row.gfx}: SDPA silently uses the math "
                            "kernel unless TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1")
        if problems:
            fix = None
            if row.aotriton == kb.EXPERIMENTAL and not experimental_on:
                fix = FixPlan("Enable AOTriton's experimental kernels for SDPA", (
                    Action("env", "set for training runs", env={"TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1"}),))
            title = (f"{row.gfx}: flash-attn is installed but has no kernel for it" if fa and not row.ck_flash
                     else f"{row.gfx}: SDPA falls back to the math kernel")
            return warn(title, "\n".join(problems), subject=d.label, evidence=evidence, fix=fix)
        kinds = (["CK flash"] if row.ck_flash else []) + (["AOTriton SDPA"] if row.aotriton != kb.NO else [])
        if kinds:
            return ok(f"{row.gfx}: {' and '.join(kinds)} available", subject=d.label, evidence=evidence)
        return ok(f"{row.gfx}: no flash kernels; SDPA uses its math kernel (works, O(n²) memory)",
                  "Use attn_implementation=\"sdpa\" (LLaMA-Factory flash_attn: sdpa); do not ask for fa2.",
                  subject=d.label, evidence=evidence)
    return _per_gfx(amd, judge)


@check("RD-PREC-005", area=AREA, title="xformers, flash-attn and bitsandbytes are built for this torch's platform",
       level="default", sources=[kp.XFORMERS_WHEEL, kp.FLASH_ATTN_README, kp.BNB_ROCM])
def wheel_platform(distributions, torch, dcu=None):
    if dcu is not None:
        return skip("Hygon DCU: extensions must be DAS builds for the DTK, which RD-DCU-003 checks")
    problems = kp.wheel_problems(distributions, torch)
    present = {k: distributions.get(k) or distributions.get(k.replace("-", "_")) for k in kp.GPU_PACKAGES}
    present = {k: v for k, v in present.items() if v}
    if not present:
        return ok("none of xformers, flash-attn, bitsandbytes is installed")
    tline = ev("probe: python", f"torch {torch.version} (hip {torch.hip}, cuda {torch.cuda})")
    if not problems:
        vers = ", ".join(f"{k} {d.version}" for k, d in present.items())
        return ok(f"{vers}: match torch's platform", evidence=[tline])
    out = []
    for p in problems:
        mk = fail if p.severity == "fail" else warn
        out.append(mk(f"{p.package} {p.version}: built for the wrong platform", p.text, subject=p.package,
                      evidence=[ev("probe: python", f"{p.package}=={p.version}"), tline],
                      fix=FixPlan(f"Reinstall {p.package} for this torch", (Action("note", p.fix),))))
    return out


@check("RD-PREC-006", area=AREA, title="PYTORCH_HIP_ALLOC_CONF expandable_segments only where torch supports it",
       level="default", sources=[kp.EXPANDABLE_SEGMENTS, kp.EXPANDABLE_SEGMENTS_GATE])
def expandable_segments(env, torch, settings=None):
    if not torch.hip:
        return skip("not a ROCm torch")
    # a ROCm torch reads PYTORCH_ALLOC_CONF (2.9+), PYTORCH_HIP_ALLOC_CONF and PYTORCH_CUDA_ALLOC_CONF: the one
    # that asks for expandable segments is judged
    names = ("PYTORCH_HIP_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_ALLOC_CONF")
    var = next((k for k in names if "expandable_segments:true" in str(env.get(k) or "").replace(" ", "").lower()),
               "PYTORCH_HIP_ALLOC_CONF")
    val = env.get(var, "")
    if "expandable_segments:true" not in val.replace(" ", "").lower():
        return ok("expandable_segments not requested")
    version, hip, said = torch.version, torch.hip, ev("probe: python", f"torch {torch.version}, hip {torch.hip}")
    image = _image_of(env, var, settings)
    if image is not None:  # set in a Dockerfile: the torch that reads it is the image's, not the host's
        version, hip = image_torch(image)
        if version is None:  # a torch the Dockerfile installs itself (torch==2.2.2 from the rocm5.6 index)
            # imported here: a scan without --config must not load the launch-file helpers (tests/test_registry.py)
            from rocmdoctor.checks.image_torch import ROCM_TORCH_RECENT, rocm_torches

            pinned = [t for t in rocm_torches(settings, env.origins[var].origin.path) if t[0] != ROCM_TORCH_RECENT]
            version, hip = pinned[0] if pinned else (None, None)
        if version is None:
            return ok(f"{var}=expandable_segments:True is set in an image whose torch its tag does not name ({image})",
                      evidence=env_evs(env, var))
        said = ev("image", f"{image}: torch {version}, ROCm {hip}")
    elif settings is not None and getattr(env, "origins", {}).get(var) is not None:
        # set by a launch script of a set whose scripts pip-install a ROCm torch: that torch reads it
        from rocmdoctor.checks.image_torch import ROCM_TORCH_RECENT, rocm_torches

        paths = {p.origin.path for p in settings.values("build", "pip")} - {
            a.path for a in settings.of_kind("dockerfile", "requirements")}
        found = [t for path in sorted(paths) for t in rocm_torches(settings, path)]
        if found:
            version, hip = found[-1]
            unpinned = version == ROCM_TORCH_RECENT
            said = ev("launch files", f"they install torch {'(unpinned)' if unpinned else version} from the "
                                      f"ROCm {hip or '?'} index")
            if unpinned and (hip is None or version_tuple(hip)[:2] >= kp.EXPANDABLE_MIN_HIP):
                return ok(f"{var}=expandable_segments:True is set for the torch the files install (ROCm {hip or '?'}, "
                          "unpinned: the newest build of that index)", evidence=env_evs(env, var) + [said])
    e = env_evs(env, var) + [said]
    if kp.expandable_segments_ok(version, hip, None):
        return ok("expandable_segments requested and supported by this torch", evidence=e)
    return warn(f"{var}=expandable_segments:True is ignored by this torch",
                "ROCm support for expandable segments arrived in torch 2.12 for ROCm >= 7.0; older builds print "
                "'expandable_segments not supported on this platform' and carry on without it.", evidence=e,
                fix=FixPlan(f"Remove expandable_segments from {var}", (
                    Action("env", "keep the other allocator options", env={var: _without(
                        val, "expandable_segments")}),)))


def _image_of(env, var: str, settings) -> str | None:
    """The base image of the Dockerfile stage that sets ``var`` (None when a script or the live
    environment sets it)."""
    v = getattr(env, "origins", {}).get(var)
    if v is None or v.origin.live or settings is None:
        return None
    froms = [f for f in settings.values("build", "from")
             if f.origin.path == v.origin.path and (f.origin.line or 0) <= (v.origin.line or 0)]
    return str(froms[-1].value) if froms else None


def image_torch(image: str) -> tuple[str | None, str | None]:
    """(torch, ROCm) an image tag names: rocm/pytorch:rocm6.1.3_..._pytorch_release-2.1.2 -> ("2.1.2", "6.1")."""
    m = ka.IMAGE_TORCH.search(image)
    rocm = ka.image_rocm(image)
    return (m.group(1) if m else None), (".".join(map(str, rocm[:2])) if rocm else None)


def _without(conf: str, key: str) -> str | None:
    """PYTORCH_*_ALLOC_CONF minus one option ('a:1,b:2'); None when nothing is left."""
    rest = ",".join(p for p in conf.split(",") if p.strip() and p.split(":")[0].strip().lower() != key)
    return rest or None


@check("RD-PREC-007", area=AREA, title="Recommended training dtype, attention and environment",
       sources=[kp.PRECISION_DOC, kp.BF16_API_ALWAYS_TRUE])
def recommendation(gpus=None, torch=None, distributions=None, env=None, torch_runtime=None):
    torch = with_runtime(torch, torch_runtime)
    rec = recommend({"gpus": gpus, "torch": torch, "distributions": distributions, "env": env})
    dt = rec.dtype + (" (dynamic loss scaling)" if rec.loss_scaling else "")
    title = f"train in {dt}, attention {rec.hf_attn_implementation}"
    evidence = [e for r in rec.reasons for e in r.evidence][:6]
    actions = [Action("env", "environment for training runs (`eval \"$(rocmdoctor env)\"`)", env=dict(rec.env))] \
        if rec.env else []
    return ok(title, "\n".join(rec.text_lines()), evidence=evidence, data=rec.to_dict(),
              fix=FixPlan("Apply the recommended settings", tuple(actions)) if actions else None)
