"""Precision settings in the user's training config (scan --config): the requested dtype,
attention implementation, fp16 loss scaling and tf32, judged against the GPUs' gfx targets.
The machine-level precision checks are in precision.py; these run only with --config, so a
scan without it never imports the training-argument readers."""
from __future__ import annotations

from rocmdoctor.artifacts import trainargs as ta
from rocmdoctor.facts.advice import devices, recommend
from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.knowledge import precision as kp
from rocmdoctor.checks.precision import AREA, lacking, with_runtime

# ---------------------------------------------------------------- the user's training config
# These judge each training setup of the files given with --config (rocmdoctor.artifacts.settings):
# the arguments of a YAML / JSON / command line plus the DeepSpeed JSON they name. A fix
# names every file that must change (rocmdoctor.artifacts.trainargs.dtype_changes), never only one.

def _config_devices(gpus, torch):
    devs = devices(gpus, torch)
    return devs, [d for d in devs if d.vendor == "amd"]


def _edits_plan(title: str, changes: dict[str, str], params: dict | None = None, edits=None) -> FixPlan:
    """A display-only plan with one action per file; ``edits`` (rocmdoctor/artifacts/config_edits.py
    operations) let `fix --config` show each file's change as a unified diff."""
    first = next(iter(changes.values()), "")
    return FixPlan(title, tuple(Action("note", f"in {p}: {c}", path=p) for p, c in changes.items()),
                   fixer="config_edit" if edits else None,
                   params=dict(params or {}, change=first, changes=dict(changes), files=list(changes),
                               **({"edits": edits} if edits else {})))


def merged(findings: list) -> list:
    """One finding per thing said: evidence lines repeated within a finding, and findings repeated
    word for word (two launches of one script sharing a config), appear once (issue 29)."""
    from rocmdoctor.base.records import replace

    out, seen = [], set()
    for f in findings:
        ev_seen, evs = set(), []
        for e in f.evidence:
            if (e.source, e.text) not in ev_seen:
                ev_seen.add((e.source, e.text))
                evs.append(e)
        key = (f.status, f.title, f.detail, f.subject, tuple(ev_seen))
        if key in seen:
            continue
        seen.add(key)
        out.append(replace(f, evidence=evs) if len(evs) != len(f.evidence) else f)
    return out


def _named(setups) -> list:
    """Each setup with the subject its findings carry: its path when there are several."""
    return [(s, s.label if len(setups) > 1 else None) for s in setups]


@check("RD-PREC-010", area=AREA, title="Training config: the requested dtype is one the GPUs run natively",
       sources=[kp.PRECISION_DOC, kp.BF16_API_ALWAYS_TRUE, kp.GFX906_BF16_EMULATED], option="config")
def config_dtype(setups, gpus=None, torch=None, torch_runtime=None):
    torch = with_runtime(torch, torch_runtime)
    devs, amd = _config_devices(gpus, torch)
    out = []
    for s, subject in _named(setups):
        ask = ta.dtype(s)
        if not devs:
            out.append(skip(f"{s.label}: no GPU found to check it against", subject=subject))
            continue
        model = ta.model_name(s)
        if ask is None or ask.decided_by is None:
            if s.args and any(v.origin.path for v in s.args) and any(d.row and not d.row.bf16_native for d in amd) \
                    and any(v.name in ("stage", "finetuning_type", "template") for v in s.args):
                rec = recommend({"gpus": gpus, "torch": torch}, model=model)
                out.append(warn(f"{s.label}: no bf16/fp16 setting; bf16 checkpoints may load in bf16",
                                "LLaMA-Factory picks bf16 for bf16 checkpoints when torch claims bf16 support, which "
                                "ROCm always does. Set the precision explicitly.", subject=subject,
                                evidence=[ev(s.path, "(no bf16 / fp16 / pure_bf16 key)")] + [d.evidence for d in amd],
                                fix=_dtype_fix(s, rec)))
            else:
                out.append(ok(f"{s.label}: no mixed-precision setting (fp32)", subject=subject))
            continue
        ev_cfg = ask.decided_by.evidence()
        if ask.value in ("fp32", "auto"):
            out.append(ok(f"{s.label}: {ask.value} requested" + (" (HF TrainingArguments decide)" if ask.value == "auto"
                                                                  else ""), evidence=[ev_cfg], subject=subject))
            continue
        if ask.value == "bf16":
            bad = [d for d in amd if d.row and not d.row.bf16_native]
            if not bad:
                out.append(ok(f"{s.label}: bf16 requested; every GPU runs it natively", evidence=[ev_cfg],
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
        out.append(ok(f"{s.label}: fp16 requested", evidence=[ev_cfg], subject=subject))
    return merged(out)


def _kind_name(setup, path) -> str:
    from rocmdoctor.artifacts.readers import KIND_NAMES

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
    torch = with_runtime(torch, torch_runtime)
    devs, amd = _config_devices(gpus, torch)
    out = []
    for s, subject in _named(setups):
        ask = ta.attention(s)
        if ask is None:
            out.append(ok(f"{s.label}: attention left to the default", subject=subject))
            continue
        ev_cfg = ask.decided_by.evidence()
        if ask.value != "fa2":
            out.append(ok(f"{s.label}: attention {ask.value}", evidence=[ev_cfg], subject=subject))
            continue
        if not amd:
            out.append(ok(f"{s.label}: fa2 requested (not an AMD GPU; not checked against the gfx table)",
                          evidence=[ev_cfg], subject=subject))
            continue
        bad, gfx = lacking(amd, lambda r: r.ck_flash)
        if not bad:
            out.append(ok(f"{s.label}: fa2 requested; every GPU has CK flash attention", evidence=[ev_cfg],
                          subject=subject))
            continue
        path = ask.path
        change = ta.attention_edit(ask.decided_by, "sdpa", ta.syntax_of(s, path))
        value = change.split()[-1].strip('"')
        out.append(fail(f"{_kind_name(s, path)} asks for FlashAttention-2, which has no kernel for {gfx}",
                        "The flash-attn package's CK backend supports MI200/MI300-class GPUs only (gfx90a, gfx942, "
                        "gfx950); elsewhere model loading fails or falls back. Use PyTorch SDPA.",
                        evidence=[ev_cfg] + [d.evidence for d in bad], subject=subject,
                        fix=_edits_plan("Use SDPA attention", {path: change}, edits=[{
                            "path": path, "syntax": ta.syntax_of(s, path),
                            "ops": [{"op": "set", "key": ask.decided_by.name,
                                     "value": value == "true" if value in ("true", "false") else value}]}])))
    return merged(out)


@check("RD-PREC-012", area=AREA, title="Training config: fp16 has loss scaling and suits the model",
       sources=[kp.QWEN_FP16_NAN, kp.LLAMAFACTORY_FP16_NAN], option="config")
def config_fp16(setups):
    out = []
    for s, subject in _named(setups):
        ask = ta.dtype(s)
        if ask is None or ask.value != "fp16":
            out.append(ok(f"{s.label}: fp16 not requested", subject=subject))
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
            why = {"t5": "T5 checkpoints were pretrained with bfloat16 activations, whose range fp16 does not have: "
                         "the feed-forward and attention outputs overflow to inf and the loss turns nan "
                         "(transformers#10956). Use bf16, and fp32 where the GPU has no bf16."}.get(
                family, "Qwen's maintainers: use bf16, and fp32 where the GPU has no bf16.")
            found.append(warn(f"{model} is known to overflow in fp16 (loss 0.0, grad_norm nan)",
                              why + " Loss scaling does not prevent activation overflow.", subject=subject,
                              sources=list(kp.FP16_OVERFLOW_FAMILIES.get(family, ())),
                              evidence=[s.arg("model_name_or_path").evidence(), ev_cfg],
                              fix=_edits_plan("Train this model in bf16 (native-BF16 GPUs) or fp32",
                                              ta.dtype_changes(s, "fp32"), {"dtype": "fp32"}, ta.dtype_edits(s, "fp32"))))
        out.extend(found or [ok(f"{s.label}: fp16 with dynamic loss scaling", evidence=[ev_cfg], subject=subject)])
    return merged(out)


@check("RD-PREC-013", area=AREA, title="Training config: tf32 only where the GPUs have XF32",
       sources=[kp.PRECISION_DOC, kp.TF32_ROCM], option="config")
def config_tf32(setups, gpus=None, torch=None, torch_runtime=None):
    torch = with_runtime(torch, torch_runtime)
    devs, amd = _config_devices(gpus, torch)
    out = []
    for s, subject in _named(setups):
        v = ta.tf32(s)
        if v is None:
            out.append(ok(f"{s.label}: tf32 not requested", subject=subject))
            continue
        syntax = ta.syntax_of(s, v.origin.path)
        change = {"cli": "--tf32 False", "json": '"tf32": false'}.get(syntax, "tf32: false")
        plan = _edits_plan("Remove tf32", {v.origin.path: change}, edits=[{
            "path": v.origin.path, "syntax": syntax, "ops": [{"op": "set", "key": "tf32", "value": False}]}])
        if torch is not None and getattr(torch, "hip", None) and str(v.value).strip().lower() in ("true", "1", "yes"):
            # transformers' is_torch_tf32_available() is False wherever torch.version.cuda is None, and
            # TrainingArguments raises on tf32=True then: every ROCm torch, whatever the GPU.
            known = s.framework == "llamafactory" or any(k in ("llamafactory", "hf_training_args")
                                                         for k in s.kinds.values())
            make = fail if known else warn
            out.append(make(f"{s.label}: tf32=True stops transformers on a ROCm torch",
                            "TrainingArguments raises 'ValueError: --tf32 requires Ampere or a newer GPU arch, "
                            "cuda>=11 and torch>=1.7' wherever torch.version.cuda is None, as on every ROCm build "
                            f"(torch {torch.version}, HIP {torch.hip}), before training starts"
                            + ("." if known else ", if the script hands the flag to TrainingArguments.")
                            + " Remove it; on MI300 enable TF32 in code where the torch supports it.",
                            evidence=[v.evidence(), ev("probe: python", f"torch {torch.version}, hip {torch.hip}")],
                            subject=subject, sources=(TF32_GATE, TF32_ERROR), fix=plan))
            continue
        bad, gfx = lacking(amd, lambda r: r.tf32)
        if not bad:
            out.append(ok(f"{s.label}: tf32 requested", evidence=[v.evidence()], subject=subject))
            continue
        out.append(warn(f"tf32: true has no effect on {gfx}",
                        "XF32 exists only on MI300-class GPUs; transformers may also reject --tf32 on ROCm. Remove it.",
                        evidence=[v.evidence()] + [d.evidence for d in bad], subject=subject, fix=plan))
    return merged(out)


TF32_GATE = "https://github.com/huggingface/transformers/blob/main/src/transformers/utils/import_utils.py"
TF32_ERROR = "https://github.com/gensyn-ai/rl-swarm/issues/199"


# bitsandbytes' ROCm wheels are built for these targets (its CI build script; gfx950 from ROCm 7,
# RDNA3.5/RDNA4 from ROCm 6.4): quantized training elsewhere finds no kernels.
BNB_ROCM_BUILD = "https://github.com/bitsandbytes-foundation/bitsandbytes/blob/main/.github/scripts/build-rocm.sh"
BNB_ROCM_TARGETS = ("gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1101", "gfx1150", "gfx1151", "gfx1200", "gfx1201")
_BNB_ARGS = ("quantization_bit", "load_in_8bit", "load_in_4bit")


@check("RD-PREC-014", area=AREA, title="Training config: bitsandbytes quantization only on GPUs its ROCm build covers",
       option="config", sources=[BNB_ROCM_BUILD, "https://huggingface.co/docs/bitsandbytes/main/en/installation"])
def config_bnb_quantization(setups, gpus=None):
    """LLaMA-Factory's quantization_bit (bitsandbytes unless quantization_method says otherwise) and
    HF's load_in_8bit / load_in_4bit load the model through bitsandbytes, whose ROCm binaries carry
    kernels for BNB_ROCM_TARGETS only."""
    amd = [g for g in gpus or [] if not g.integrated] or list(gpus or [])
    out = []
    for s, subject in _named(setups):
        asked = next((s.arg(n) for n in _BNB_ARGS if s.arg(n) is not None
                      and str(s.arg(n).value).lower() not in ("", "none", "null", "false", "0")), None)
        method = s.arg("quantization_method")
        if asked is None or (method is not None and str(method.value).lower() not in ("bitsandbytes", "bnb")):
            out.append(ok(f"{s.label}: no bitsandbytes quantization", subject=subject))
            continue
        missing = sorted({g.gfx for g in amd if g.gfx and g.gfx not in BNB_ROCM_TARGETS})
        if not amd or not missing:
            out.append(ok(f"{s.label}: {asked.name}={asked.value} on GPUs bitsandbytes' ROCm build covers",
                          evidence=[asked.evidence()], subject=subject))
            continue
        out.append(warn(f"{asked.name}={asked.value} loads the model through bitsandbytes, which has no "
                        f"{', '.join(missing)} kernels",
                        f"bitsandbytes' ROCm binaries are built for {', '.join(BNB_ROCM_TARGETS)}; on "
                        f"{', '.join(missing)} 8-bit/4-bit layers fail ('no kernel image' or a fallback to the "
                        "CPU library). Train in 16-bit with LoRA, or build bitsandbytes from source with "
                        f"-DBNB_ROCM_ARCH={';'.join(missing)} where its kernels support that target.",
                        evidence=[asked.evidence()], subject=subject))
    return merged(out) or ok("no training run in the files")
