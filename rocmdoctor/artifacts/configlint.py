"""Lint a DeepSpeed config's ZeRO stage and offload against the hardware.

    findings = zero_vs_hardware(json.load(open("ds_z2.json")),
                                Hardware(gfx=("gfx906", "gfx906"), vram_bytes=32 * 2**30),
                                model_params=7e9, path="ds_z2.json")

Memory model from the ZeRO paper: mixed-precision Adam keeps 2+2+12 bytes per parameter.
Precision rules (bf16 on gfx906, fp16 loss scaling) live with the precision advisor
(checks/precision_config.py, RD-PREC-010..013), so they are not repeated here. HF/LLaMA-Factory
"auto" values are treated as unknown and never judged. Used by RD-DS-006 (`scan --config`).
"""
from __future__ import annotations

from ..engine.check import Action, FixPlan, ev, fail, ok, skip, warn
from ..engine.model import Finding
from ..base.records import dataclass
from ..base.untrusted import pick
from .configfiles import ds_zero

ZERO_DOCS = "https://www.deepspeed.ai/docs/config-json/#zero-optimizations-for-fp16-training"
ZERO_PAPER = "https://arxiv.org/abs/1910.02054"


@dataclass(frozen=True)
class Hardware:
    gfx: tuple[str, ...] = ()  # one entry per GPU used for training
    vram_bytes: int | None = None  # smallest GPU's memory
    host_ram_bytes: int | None = None

    @property
    def gpu_count(self) -> int:
        return len(self.gfx)


def zero_per_gpu_bytes(params: float, stage: int, gpus: int, offload_optimizer: bool, offload_param: bool) -> float:
    """GPU bytes for weights+grads+Adam states (fp16/bf16 mixed precision, ZeRO paper §3):
    2P weights, 2P grads, 12P optimizer; stage 1 shards optimizer, 2 also grads, 3 also weights.
    Activations are extra and not counted."""
    n = max(gpus, 1)
    weights, grads, optim = 2 * params, 2 * params, 12 * params
    if stage >= 1:
        optim /= n
    if stage >= 2:
        grads /= n
    if stage >= 3:
        weights /= n
    if offload_optimizer:
        optim = 0
    if offload_param and stage >= 3:
        weights = 0
    return weights + grads + optim


def zero_vs_hardware(config: dict, hw: Hardware, model_params: float | None, path: str) -> list[Finding]:
    zero = ds_zero(config.get("zero_optimization"))
    if not isinstance(zero, dict):
        return [_not_a(path, "zero_optimization", zero, "a mapping such as {\"stage\": 2}")]
    stage = zero.get("stage", 0)
    if isinstance(stage, str) and stage.strip().lower() == "auto":
        return [skip(f"{path}: ZeRO stage is {stage!r}; decided at launch time")]
    if isinstance(stage, bool) or not isinstance(stage, int) or stage not in (0, 1, 2, 3):
        return [_not_a(path, "zero_optimization.stage", stage, "0, 1, 2 or 3")]
    offload = {}
    for key in ("offload_optimizer", "offload_param"):
        v = zero.get(key)
        if v is not None and not isinstance(v, dict):
            return [_not_a(path, f"zero_optimization.{key}", v, "a mapping such as {\"device\": \"cpu\"}")]
        offload[key] = str(pick(v, "device", default="none")).lower()[:40]
    off_opt, off_par = offload["offload_optimizer"], offload["offload_param"]
    text = f"zero_optimization.stage={stage} offload_optimizer={off_opt} offload_param={off_par}"
    evidence = [ev(path, text)]
    out = []
    if off_par not in ("none", "auto") and stage != 3:
        out.append(fail(f"offload_param needs ZeRO stage 3 (stage is {stage})",
                        "DeepSpeed offloads parameters only when it partitions them (stage 3).", evidence=evidence,
                        fix=FixPlan("Use ZeRO-3 for parameter offload", (Action("note", "set zero_optimization.stage "
                                    "to 3, or drop offload_param"),))))
    if stage in (1, 2) and hw.gpu_count == 1 and off_opt in ("none", "auto"):
        # a note, not a fault: the run works as it would without ZeRO (whether it fits is the estimate below)
        out.append(ok(f"ZeRO stage {stage} on one GPU without offload saves no memory",
                      "ZeRO shards states across GPUs; with one GPU only offload_optimizer (cpu) reduces "
                      "GPU memory.", evidence=evidence))
    if model_params and hw.vram_bytes and hw.gpu_count:
        need = zero_per_gpu_bytes(model_params, stage, hw.gpu_count, off_opt in ("cpu", "nvme"),
                                  off_par in ("cpu", "nvme"))
        usable = 0.9 * hw.vram_bytes
        gib = 2 ** 30
        line = (f"{model_params / 1e9:.1f}B params, stage {stage}, {hw.gpu_count} GPU(s): about {need / gib:.1f} GiB "
                f"per GPU for weights, grads and Adam states; {hw.vram_bytes / gib:.0f} GiB per GPU")
        if need > usable:
            out.append(fail("the model's training states do not fit in GPU memory with this ZeRO setup",
                            line + ". Raise the ZeRO stage or offload the optimizer (and parameters, stage 3) "
                            "to CPU; activations need room on top.", evidence=evidence + [ev(path, line)]))
        elif (off_opt != "none" or off_par != "none") and zero_per_gpu_bytes(
                model_params, stage, hw.gpu_count, False, False) < 0.5 * usable:
            out.append(warn("offload is on although the states fit comfortably in GPU memory",
                            line + ". CPU offload costs PCIe traffic every step; try without it.",
                            evidence=evidence + [ev(path, line)]))
    if not out:
        out.append(ok(f"ZeRO stage {stage} and offload settings suit {hw.gpu_count or 'an unknown number of'} GPU(s)",
                      evidence=evidence))
    return out


def _not_a(path: str, key: str, value, wanted: str) -> Finding:
    """A setting of a type or value DeepSpeed rejects: say which, instead of judging around it."""
    shown = repr(value)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return fail(f"{path}: {key} is {shown} ({type(value).__name__}); DeepSpeed expects {wanted}",
                "DeepSpeed validates its config at initialisation and refuses this value, so training stops "
                "before the first step.", evidence=[ev(path, f"{key}: {shown}")])
