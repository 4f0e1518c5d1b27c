"""Precision and attention kernels: what each GPU can honour, wheels built for the wrong
platform, the recommended settings, and a training config checked against the hardware.

The per-GPU answers come from the gfx target (rocmdoctor.knowledge.gpus.precision), never from
torch.cuda.is_bf16_supported(), which is True on every ROCm device (pytorch PR #80410).
On NVIDIA/CUDA the static table does not apply and those checks skip.
"""
from __future__ import annotations

from rocmdoctor import trainargs as ta
from rocmdoctor.settings import env_ev
from rocmdoctor.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.knowledge import gpus as kb
from rocmdoctor.knowledge import precision as kp
from rocmdoctor.advice import devices, recommend

AREA = "precision"


def _with_runtime(torch, torch_runtime):
    """torch's build (static) with what it says at run time (devices, is_bf16_supported):
    the device list falls back to torch's devices when the KFD topology shows no AMD GPU."""
    return {**torch, **torch_runtime} if torch and torch_runtime else torch


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


def _lacking(devs, has) -> tuple[list, str]:
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
    torch = _with_runtime(torch, torch_runtime)
    amd, why = _amd(gpus, torch)
    if why:
        return why

    def judge(d, row):
        evidence = list(d.evidence)
        if torch and torch.get("bf16_supported_api"):
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
            )), data={"gfx": row.gfx, "bf16": row.bf16})
    return _per_gfx(amd, judge)


@check("RD-PREC-002", area=AREA, title="hipBLASLt covers every GPU (else torch falls back to hipBLAS)",
       level="default", sources=[kp.HIPBLASLT_FALLBACK, kp.HIPBLASLT_ARCHS, kp.HIPBLASLT_FORCE])
def hipblaslt(gpus, torch, env=None, torch_runtime=None):
    torch = _with_runtime(torch, torch_runtime)
    amd, why = _amd(gpus, torch)
    if why:
        return why
    hip = torch.get("hip")
    if not hip:
        return skip(f"torch {torch.get('version')} is not a ROCm build")
    forced = (env or {}).get("TORCH_BLAS_PREFER_HIPBLASLT") == "1"

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
    torch = _with_runtime(torch, torch_runtime)
    amd, why = _amd(gpus, torch)
    if why:
        return why
    set_vars = [k for k in TF32_VARS if env.get(k) == "1"]
    if not set_vars:
        return ok("no TF32 override variables set")
    without, gfx = _lacking(amd, lambda r: r.tf32)
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
    torch = _with_runtime(torch, torch_runtime)
    amd, why = _amd(gpus, torch)
    if why:
        return why
    env = env or {}
    fa = (distributions or {}).get("flash-attn") or (distributions or {}).get("flash_attn")
    triton_fa = env.get("FLASH_ATTENTION_TRITON_AMD_ENABLE", "").upper() == "TRUE"
    experimental_on = env.get("TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL") == "1"

    def judge(d, row):
        evidence = list(d.evidence)
        problems = []
        if fa and not row.ck_flash and not ("triton" in row.flash_attn_pkg and triton_fa):
            evidence.append(ev("probe: python", f"{fa.get('name')} {fa.get('version')} installed"))
            problems.append(f"flash-attn {fa.get('version')} is installed, but its CK backend supports only "
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
    tline = ev("probe: python", f"torch {torch.get('version')} (hip {torch.get('hip')}, cuda {torch.get('cuda')})")
    if not problems:
        vers = ", ".join(f"{k} {d.get('version')}" for k, d in present.items())
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
def expandable_segments(env, torch):
    if not torch.get("hip"):
        return skip("not a ROCm torch")
    val = env.get("PYTORCH_HIP_ALLOC_CONF", "")
    if "expandable_segments:true" not in val.replace(" ", "").lower():
        return ok("expandable_segments not requested")
    e = [env_ev(env, "PYTORCH_HIP_ALLOC_CONF"),
         ev("probe: python", f"torch {torch.get('version')}, hip {torch.get('hip')}")]
    if kp.expandable_segments_ok(torch.get("version"), torch.get("hip"), None):
        return ok("expandable_segments requested and supported by this torch", evidence=e)
    return warn("PYTORCH_HIP_ALLOC_CONF=expandable_segments:True is ignored by this torch",
                "ROCm support for expandable segments arrived in torch 2.12 for ROCm >= 7.0; older builds print "
                "'expandable_segments not supported on this platform' and carry on without it.", evidence=e,
                fix=FixPlan("Remove expandable_segments from PYTORCH_HIP_ALLOC_CONF", (
                    Action("env", "keep the other allocator options", env={"PYTORCH_HIP_ALLOC_CONF": _without(
                        val, "expandable_segments")}),)))


def _without(conf: str, key: str) -> str | None:
    """PYTORCH_*_ALLOC_CONF minus one option ('a:1,b:2'); None when nothing is left."""
    rest = ",".join(p for p in conf.split(",") if p.strip() and p.split(":")[0].strip().lower() != key)
    return rest or None


@check("RD-PREC-007", area=AREA, title="Recommended training dtype, attention and environment",
       sources=[kp.PRECISION_DOC, kp.BF16_API_ALWAYS_TRUE])
def recommendation(gpus=None, torch=None, distributions=None, env=None, torch_runtime=None):
    torch = _with_runtime(torch, torch_runtime)
    rec = recommend({"gpus": gpus, "torch": torch, "distributions": distributions, "env": env})
    dt = rec.dtype + (" (dynamic loss scaling)" if rec.loss_scaling else "")
    title = f"train in {dt}, attention {rec.hf_attn_implementation}"
    evidence = [e for r in rec.reasons for e in r.evidence][:6]
    actions = [Action("env", "environment for training runs (`eval \"$(rocmdoctor env)\"`)", env=dict(rec.env))] \
        if rec.env else []
    return ok(title, "\n".join(rec.text_lines()), evidence=evidence, data=rec.to_dict(),
              fix=FixPlan("Apply the recommended settings", tuple(actions)) if actions else None)


# ---------------------------------------------------------------- the user's training config
# These judge each training setup of the files given with --config (rocmdoctor.settings):
# the arguments of a YAML / JSON / command line plus the DeepSpeed JSON they name. A fix
# names every file that must change (rocmdoctor.trainargs.dtype_changes), never only one.

def _config_devices(gpus, torch):
    devs = devices(gpus, torch)
    return devs, [d for d in devs if d.vendor == "amd"]


def _edits_plan(title: str, changes: dict[str, str], params: dict | None = None, edits=None) -> FixPlan:
    """A display-only plan with one action per file; ``edits`` (rocmdoctor/config_edits.py
    operations) let `fix --config` show each file's change as a unified diff."""
    first = next(iter(changes.values()), "")
    return FixPlan(title, tuple(Action("note", f"in {p}: {c}", path=p) for p, c in changes.items()),
                   fixer="config_edit" if edits else None,
                   params=dict(params or {}, change=first, changes=dict(changes), files=list(changes),
                               **({"edits": edits} if edits else {})))


def _sub(setup, many: bool) -> str | None:
    return setup.path if many else None


@check("RD-PREC-010", area=AREA, title="Training config: the requested dtype is one the GPUs run natively",
       sources=[kp.PRECISION_DOC, kp.BF16_API_ALWAYS_TRUE, kp.GFX906_BF16_EMULATED], option="config")
def config_dtype(setups, gpus=None, torch=None, torch_runtime=None):
    torch = _with_runtime(torch, torch_runtime)
    devs, amd = _config_devices(gpus, torch)
    many = len(setups) > 1
    out = []
    for s in setups:
        subject = _sub(s, many)
        ask = ta.dtype(s)
        if not devs:
            out.append(skip(f"{s.path}: no GPU found to check it against", subject=subject))
            continue
        model = ta.model_name(s)
        if ask is None or ask.decided_by is None:
            if s.args and any(v.origin.path for v in s.args) and any(d.row and not d.row.bf16_native for d in amd) \
                    and any(v.name in ("stage", "finetuning_type", "template") for v in s.args):
                rec = recommend({"gpus": gpus, "torch": torch}, model=model)
                out.append(warn(f"{s.path}: no bf16/fp16 setting; bf16 checkpoints may load in bf16",
                                "LLaMA-Factory picks bf16 for bf16 checkpoints when torch claims bf16 support, which "
                                "ROCm always does. Set the precision explicitly.", subject=subject,
                                evidence=[ev(s.path, "(no bf16 / fp16 / pure_bf16 key)")] + [d.evidence for d in amd],
                                fix=_dtype_fix(s, rec)))
            else:
                out.append(ok(f"{s.path}: no mixed-precision setting (fp32)", subject=subject))
            continue
        ev_cfg = ask.decided_by.evidence()
        if ask.value in ("fp32", "auto"):
            out.append(ok(f"{s.path}: {ask.value} requested" + (" (HF TrainingArguments decide)" if ask.value == "auto"
                                                                  else ""), evidence=[ev_cfg], subject=subject))
            continue
        if ask.value == "bf16":
            bad = [d for d in amd if d.row and not d.row.bf16_native]
            if not bad:
                out.append(ok(f"{s.path}: bf16 requested; every GPU runs it natively", evidence=[ev_cfg],
                              subject=subject))
                continue
            rec = recommend({"gpus": gpus, "torch": torch}, model=model)
            gfx = ", ".join(sorted({d.gfx for d in bad}))
            kind = _kind_name(s, ask.path)
            others = [v.evidence() for v in ask.all if v is not ask.decided_by]
            out.append(fail(f"{kind} asks for bf16, which {gfx} cannot run natively",
                            f"{bad[0].row.example} ({bad[0].gfx}) has no BF16 matrix math: bf16 runs emulated, several "
                            f"times slower than fp16 (a Qwen2.5-7B LoRA step: 700+ s in bf16, 253 s in fp16). "
                            f"Recommended: {rec.dtype}" + (" with dynamic loss scaling." if rec.loss_scaling else "."),
                            evidence=[ev_cfg] + others + [d.evidence for d in bad], fix=_dtype_fix(s, rec),
                            subject=subject,
                            data={"requested": "bf16", "recommended": rec.dtype, "key": ask.decided_by.name}))
            continue
        out.append(ok(f"{s.path}: fp16 requested", evidence=[ev_cfg], subject=subject))
    return out


def _kind_name(setup, path) -> str:
    from rocmdoctor.readers import KIND_NAMES

    return KIND_NAMES.get(setup.kinds.get(path, ""), "the training config")


def _dtype_fix(setup, rec):
    changes = ta.dtype_changes(setup, rec.dtype)
    return _edits_plan(f"Train in {rec.dtype}" + (" with dynamic loss scaling" if rec.loss_scaling else "")
                       + (f" (edit all {len(changes)} files: transformers refuses a DeepSpeed config that "
                          "disagrees with the arguments)" if len(changes) > 1 else ""),
                       changes, {"dtype": rec.dtype}, ta.dtype_edits(setup, rec.dtype))


@check("RD-PREC-011", area=AREA, title="Training config: the attention implementation exists for the GPUs",
       sources=[kp.CK_ARCHS, kp.FLASH_ATTN_README], option="config")
def config_attention(setups, gpus=None, torch=None, distributions=None, torch_runtime=None):
    torch = _with_runtime(torch, torch_runtime)
    devs, amd = _config_devices(gpus, torch)
    many = len(setups) > 1
    out = []
    for s in setups:
        subject = _sub(s, many)
        ask = ta.attention(s)
        if ask is None:
            out.append(ok(f"{s.path}: attention left to the default", subject=subject))
            continue
        ev_cfg = ask.decided_by.evidence()
        if ask.value != "fa2":
            out.append(ok(f"{s.path}: attention {ask.value}", evidence=[ev_cfg], subject=subject))
            continue
        if not amd:
            out.append(ok(f"{s.path}: fa2 requested (not an AMD GPU; not checked against the gfx table)",
                          evidence=[ev_cfg], subject=subject))
            continue
        bad, gfx = _lacking(amd, lambda r: r.ck_flash)
        if not bad:
            out.append(ok(f"{s.path}: fa2 requested; every GPU has CK flash attention", evidence=[ev_cfg],
                          subject=subject))
            continue
        path = ask.path
        change = ta.attention_edit(ask.decided_by, "sdpa", ta.syntax_of(s, path))
        out.append(fail(f"{_kind_name(s, path)} asks for FlashAttention-2, which has no kernel for {gfx}",
                        "The flash-attn package's CK backend supports MI200/MI300-class GPUs only (gfx90a, gfx942, "
                        "gfx950); elsewhere model loading fails or falls back. Use PyTorch SDPA.",
                        evidence=[ev_cfg] + [d.evidence for d in bad], subject=subject,
                        fix=_edits_plan("Use SDPA attention", {path: change}, edits=[{
                            "path": path, "syntax": ta.syntax_of(s, path),
                            "ops": [{"op": "set", "key": ask.decided_by.name, "value": change.split()[-1].strip('"')}]}])))
    return out


@check("RD-PREC-012", area=AREA, title="Training config: fp16 has loss scaling and suits the model",
       sources=[kp.QWEN_FP16_NAN, kp.LLAMAFACTORY_FP16_NAN], option="config")
def config_fp16(setups):
    many = len(setups) > 1
    out = []
    for s in setups:
        subject = _sub(s, many)
        ask = ta.dtype(s)
        if ask is None or ask.value != "fp16":
            out.append(ok(f"{s.path}: fp16 not requested", subject=subject))
            continue
        found = []
        ev_cfg = ask.decided_by.evidence()
        scale = ta.loss_scale(s)
        if scale is not None and isinstance(scale.value, (int, float)) and not isinstance(scale.value, bool) \
                and scale.value > 0:
            static = float(scale.value)
            ds_path = s.deepspeed.path
            found.append((fail if static <= 1 else warn)(
                f"fp16 with a static loss scale of {static:g}" + (" (no scaling at all)" if static <= 1 else ""),
                "Small gradients underflow and large ones overflow with a fixed scale; loss_scale 0 turns on "
                "DeepSpeed's dynamic scaling.", evidence=[scale.decided_by.evidence()], subject=subject,
                fix=_edits_plan("Use dynamic loss scaling", {ds_path: '"fp16": {"enabled": true, "loss_scale": 0}'})))
        model = ta.model_name(s)
        family = kp.fp16_overflow_family(model)
        if family:
            found.append(warn(f"{model} is known to overflow in fp16 (loss 0.0, grad_norm nan)",
                              "Qwen's maintainers: use bf16, and fp32 where the GPU has no bf16. Loss scaling does "
                              "not prevent activation overflow.", subject=subject,
                              evidence=[s.arg("model_name_or_path").evidence(), ev_cfg],
                              fix=_edits_plan("Train this model in bf16 (native-BF16 GPUs) or fp32",
                                              ta.dtype_changes(s, "fp32"), {"dtype": "fp32"}, ta.dtype_edits(s, "fp32"))))
        out.extend(found or [ok(f"{s.path}: fp16 with dynamic loss scaling", evidence=[ev_cfg], subject=subject)])
    return out


@check("RD-PREC-013", area=AREA, title="Training config: tf32 only where the GPUs have XF32",
       sources=[kp.PRECISION_DOC, kp.TF32_ROCM], option="config")
def config_tf32(setups, gpus=None, torch=None, torch_runtime=None):
    torch = _with_runtime(torch, torch_runtime)
    devs, amd = _config_devices(gpus, torch)
    many = len(setups) > 1
    out = []
    for s in setups:
        subject = _sub(s, many)
        v = ta.tf32(s)
        if v is None:
            out.append(ok(f"{s.path}: tf32 not requested", subject=subject))
            continue
        bad, gfx = _lacking(amd, lambda r: r.tf32)
        if not bad:
            out.append(ok(f"{s.path}: tf32 requested", evidence=[v.evidence()], subject=subject))
            continue
        syntax = ta.syntax_of(s, v.origin.path)
        change = {"cli": "--tf32 False", "json": '"tf32": false'}.get(syntax, "tf32: false")
        out.append(warn(f"tf32: true has no effect on {gfx}",
                        "XF32 exists only on MI300-class GPUs; transformers may also reject --tf32 on ROCm. Remove it.",
                        evidence=[v.evidence()] + [d.evidence for d in bad], subject=subject,
                        fix=_edits_plan("Remove tf32", {v.origin.path: change}, edits=[{
                            "path": v.origin.path, "syntax": syntax, "ops": [{"op": "set", "key": "tf32", "value": False}]}])))
    return out
