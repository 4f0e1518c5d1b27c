"""What a training setup (rocmdoctor.artifacts.settings.Setup) asks for, and the edits that change it
in every file that says so.

A run's precision is written in up to three places: the training arguments (a LLaMA-Factory
YAML, an HF arguments JSON, ``--bf16 True`` on a command line) and the DeepSpeed JSON they
name. DeepSpeed decides unless it says "auto"; transformers refuses to start when an explicit
DeepSpeed value disagrees with the arguments (HfTrainerDeepSpeedConfig.trainer_config_process:
"Please correct the following DeepSpeed config values that mismatch TrainingArguments
values"). So a change of dtype must name every file that sets one, never only the deciding one.
"""
from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from . import configfiles as cf
from ..base.records import dataclass, field
from .settings import Setup, Value, truthy
from ..base.untrusted import pick

if TYPE_CHECKING:  # for annotations only: memory_settings imports the module when it is called
    from .memory_estimate import TrainingShape

HF_DS_MATCH = "https://github.com/huggingface/transformers/blob/main/src/transformers/integrations/deepspeed.py"
# DeepSpeed key -> the HF argument transformers fills it from / compares it with.
DS_HF_PAIRS = (("train_micro_batch_size_per_gpu", "per_device_train_batch_size"),
               ("gradient_accumulation_steps", "gradient_accumulation_steps"),
               ("gradient_clipping", "max_grad_norm"))


@dataclass(frozen=True)
class Ask:
    """A requested value and the setting that decides it (for evidence and the edit)."""

    value: Any
    decided_by: Value | None
    all: tuple[Value, ...] = ()  # every setting in the run that speaks about this

    @property
    def path(self) -> str | None:
        return self.decided_by.origin.path if self.decided_by else None


def _enabled(v: Any) -> Any:
    if isinstance(v, dict):
        v = v.get("enabled", False)
    if isinstance(v, str) and v.strip().lower() == "auto":
        return "auto"
    return truthy(v)


def ds_dtype(setup: Setup) -> Ask | None:
    """What the DeepSpeed JSON asks: bf16 / fp16 / fp32 / "auto", or None if it is silent."""
    if setup.deepspeed is None:
        return None
    d = setup.deepspeed.data if isinstance(setup.deepspeed.data, dict) else {}
    speakers = tuple(v for k in ("bf16", "bfloat16", "fp16") for v in [setup.ds_value(k)] if v is not None)
    for key, dtype in (("bf16", "bf16"), ("bfloat16", "bf16"), ("fp16", "fp16")):
        if key in d:
            e = _enabled(d[key])
            if e == "auto":
                return Ask("auto", setup.ds_value(key), speakers)
            if e:
                return Ask(dtype, setup.ds_value(key), speakers)
    if speakers:
        return Ask("fp32", speakers[0], speakers)
    return None


def args_dtype(setup: Setup) -> Ask | None:
    """What the training arguments ask (the last file or command line to say it wins); an accelerate
    config's `mixed_precision: bf16|fp16|no` speaks for the run when no argument does."""
    speakers = tuple(v for k in ("pure_bf16", "bf16", "fp16") for v in setup.arg_values(k))
    for key, dtype in (("pure_bf16", "bf16"), ("bf16", "bf16"), ("fp16", "fp16")):
        v = setup.arg(key)
        if v is not None and truthy(v.value) is True:
            return Ask(dtype, v, speakers)
    if speakers:
        return Ask("fp32", speakers[-1], speakers)
    mp = setup.arg("mixed_precision")
    if mp is not None and str(mp.value).lower() in ("bf16", "fp16", "no"):
        return Ask({"no": "fp32"}.get(str(mp.value).lower(), str(mp.value).lower()), mp, (mp,))
    return None


def dtype(setup: Setup) -> Ask | None:
    """What training will use: the DeepSpeed JSON decides unless it says "auto"."""
    ds = ds_dtype(setup)
    args = args_dtype(setup)
    if ds is not None and ds.value != "auto":
        return Ask(ds.value, ds.decided_by, ds.all + (args.all if args else ()))
    if args is not None:
        return Ask(args.value, args.decided_by, args.all + (ds.all if ds else ()))
    return ds


def mismatches(setup: Setup) -> list[tuple[Value | None, Value | None, str]]:
    """(DeepSpeed setting, training argument, explanation) for every explicit DeepSpeed value
    transformers compares with the arguments and finds different. The DeepSpeed setting is None
    where its reader recorded no value of that name (the check then names the key alone)."""
    if setup.deepspeed is None or not setup.args:
        return []
    d = setup.deepspeed.data if isinstance(setup.deepspeed.data, dict) else {}
    out: list[tuple[Value | None, Value | None, str]] = []
    for key in ("bf16", "fp16"):
        sec = d.get(key)
        if not isinstance(sec, dict) or "enabled" not in sec:
            continue
        e = _enabled(sec)
        if e == "auto":
            continue
        a = setup.arg(key)
        hf = truthy(a.value) is True if a is not None else False
        if bool(e) != hf:
            out.append((setup.ds_value(key), a,
                        f"ds {key}.enabled={bool(e)} vs hf {key}={hf}" + ("" if a else " (not set: False)")))
    for ds_key, hf_key in DS_HF_PAIRS:
        dv = d.get(ds_key)
        a = setup.arg(hf_key)
        if dv is None or (isinstance(dv, str) and dv.strip().lower() == "auto") or a is None:
            continue
        try:
            same = float(dv) == float(a.value)
        except (TypeError, ValueError):
            continue
        if not same:
            out.append((setup.ds_value(ds_key), a, f"ds {ds_key}={dv} vs hf {hf_key}={a.value}"))
    return out


def attention(setup: Setup) -> Ask | None:
    """The attention implementation, normalised to fa2 / sdpa / eager / auto."""
    v = setup.arg("attn_implementation")
    if v is not None and v.value:
        s = str(v.value).lower()
        norm = {"flash_attention_2": "fa2", "flash_attention_3": "fa2", "sdpa": "sdpa", "eager": "eager"}.get(s, s)
        return Ask(norm, v, (v,))
    v = setup.arg("flash_attn")
    if v is not None:
        if isinstance(v.value, bool):  # older LLaMA-Factory: flash_attn: true meant FlashAttention-2
            return Ask("fa2" if v.value else "auto", v, (v,))
        s = str(v.value).lower()
        if s in ("true", "false"):
            return Ask("fa2" if s == "true" else "auto", v, (v,))
        return Ask({"disabled": "eager"}.get(s, s), v, (v,))
    v = setup.arg("flash_attention")  # axolotl's config: flash_attention: true is FlashAttention-2
    if v is not None and truthy(v.value) is True:
        return Ask("fa2", v, (v,))
    return None


def tf32(setup: Setup) -> Value | None:
    v = setup.arg("tf32")
    return v if v is not None and truthy(v.value) is True else None


def loss_scale(setup: Setup) -> Ask | None:
    """DeepSpeed fp16.loss_scale: 0 is dynamic scaling (the default); a positive value is static."""
    sec = setup.ds("fp16")
    if not isinstance(sec, dict):
        return None
    return Ask(sec.get("loss_scale", 0), setup.ds_value("fp16"))


def model_name(setup: Setup) -> str | None:
    v = setup.arg("model_name_or_path")
    return str(v.value) if v is not None and v.value else None


# ------------------------------------------------------------------ edits, per file and syntax

DS_FP16_DYNAMIC = cf.DS_FP16_DYNAMIC


def _syntax(path: str, setup: Setup) -> str:
    """How settings are written in ``path``: "deepspeed", "yaml", "json" or "cli"."""
    return setup.syntax.get(path, "yaml")


def dtype_edit(syntax: str, dt: str, has_pure_bf16: bool = False) -> str:
    """The settings that make one file ask for ``dt`` (fp16 always with dynamic loss scaling)."""
    if syntax == "deepspeed":
        if dt == "fp16":
            return '"bf16": {"enabled": false}, "fp16": ' + json.dumps(DS_FP16_DYNAMIC)
        if dt == "fp32":
            return '"bf16": {"enabled": false}, "fp16": {"enabled": false}'
        return '"bf16": {"enabled": true}, "fp16": {"enabled": false}'
    bf16, fp16 = {"fp16": ("false", "true"), "fp32": ("false", "false"), "bf16": ("true", "false")}[dt]
    if syntax == "json":
        return f'"bf16": {bf16}, "fp16": {fp16}'
    if syntax == "cli":
        return f"--bf16 {bf16.capitalize()} --fp16 {fp16.capitalize()}"
    if syntax == "accelerate":
        return f"mixed_precision: {'no' if dt == 'fp32' else dt}"
    return f"bf16: {bf16}, fp16: {fp16}" + ("; remove pure_bf16" if has_pure_bf16 and dt != "bf16" else "")


def dtype_changes(setup: Setup, dt: str) -> dict[str, str]:
    """path -> edit, for every file of the run that must change so that it trains in ``dt``
    and transformers finds the DeepSpeed JSON and the arguments in agreement. A DeepSpeed
    JSON that says "auto" follows the arguments and needs no edit; one that is explicit
    does, and then the arguments must say the same (fp16 true with an explicit fp16 section)."""
    out: dict[str, str] = {}
    ds = ds_dtype(setup)
    ds_explicit = ds is not None and ds.value != "auto"
    arg_files = []
    for v in setup.args:
        if v.name in ("bf16", "fp16", "pure_bf16", "mixed_precision") and v.origin.path not in arg_files:
            arg_files.append(v.origin.path)
    if setup.deepspeed is not None and (ds_explicit or not setup.args):  # ds_explicit: there is a JSON
        out[setup.deepspeed.path] = dtype_edit("deepspeed", dt)
    if ds_explicit and setup.args and not arg_files and dt != "fp32":
        arg_files.append(setup.args[0].origin.path)  # the args must now say it too (transformers compares)
    for p in arg_files:
        pure = any(v.name == "pure_bf16" and v.origin.path == p for v in setup.args)
        out[p] = dtype_edit(_syntax(p, setup), dt, pure)
    if not out and setup.args:
        out[setup.args[0].origin.path] = dtype_edit(_syntax(setup.args[0].origin.path, setup), dt)
    return out


def attention_edit(setting: Value, attention: str, syntax: str) -> str:
    """attention: fa2 | sdpa | eager, written the way this file spells it."""
    if setting.name == "attn_implementation":
        v = {"fa2": "flash_attention_2", "sdpa": "sdpa", "eager": "eager"}[attention]
        return {"json": f'"attn_implementation": "{v}"', "cli": f"--attn_implementation {v}"}.get(
            syntax, f"attn_implementation: {v}")
    if setting.name == "flash_attention":  # axolotl: off, and its default attention (SDPA) is used
        return "--flash_attention false" if syntax == "cli" else "flash_attention: false"
    v = {"fa2": "fa2", "sdpa": "sdpa", "eager": "disabled"}[attention]
    return f"--flash_attn {v}" if syntax == "cli" else f"flash_attn: {v}"


def syntax_of(setup: Setup, path: str) -> str:
    return _syntax(path, setup)


@dataclass
class Edits:
    """path -> change, in the order the files should be opened."""

    changes: dict[str, str] = field(default_factory=dict)


# ------------------------------------------------------------------ memory fit (memory_estimate)

LLAMAFACTORY_DEFAULTS = {"cutoff_len": 2048, "lora_rank": 8, "finetuning_type": "lora"}
ALL_LINEARS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")


def _int(v: Any, default: int | None = None) -> int | None:
    try:
        return int(float(str(v)))
    except (TypeError, ValueError):
        return default


def memory_settings(setup: Setup, gpus: int, attention_kind: str,
                    dtype_default: str = "bf16") -> tuple[TrainingShape, dict[str, str]]:
    """memory_estimate.TrainingShape for one run, from every file of it (what each value came from
    is in ``why``): ZeRO stage and offload from the DeepSpeed JSON; micro-batch, sequence
    length, LoRA and checkpointing from the arguments, with LLaMA-Factory's defaults where a
    LLaMA-Factory run leaves them out (it checkpoints unless disable_gradient_checkpointing)."""
    from . import memory_estimate as me

    lf = any(k == "llamafactory" for k in setup.kinds.values()) or setup.arg("stage") is not None \
        or setup.arg("finetuning_type") is not None
    why: dict[str, str] = {}

    def arg(name: str, default: Any = None) -> Any:
        v = setup.arg(name)
        if v is not None:
            why[name] = f"{v.origin.label}: {name}={v.value}"
            return v.value
        if lf and name in LLAMAFACTORY_DEFAULTS:
            why[name] = f"LLaMA-Factory default: {name}={LLAMAFACTORY_DEFAULTS[name]}"
            return LLAMAFACTORY_DEFAULTS[name]
        return default

    ask = dtype(setup)
    dt = ask.value if ask is not None and ask.value in me.DTYPE_BYTES else (
        dtype_default if ask is not None and ask.value == "auto" else "fp32")
    ft = str(arg("finetuning_type", "full")).lower()
    use_lora = truthy(arg("use_lora", None)) if setup.arg("use_lora") is not None else None
    lora = (ft == "lora") if use_lora is None else bool(use_lora)
    targets = str(arg("lora_target", "all") or "all")
    lora_targets = ALL_LINEARS if targets in ("all", "all-linear") else tuple(
        t.strip() for t in targets.split(",") if t.strip() in ALL_LINEARS) or me.DEFAULT_LORA_TARGETS
    batch = _int(arg("per_device_train_batch_size"), None)
    micro = setup.ds("train_micro_batch_size_per_gpu")
    if batch is None and setup.deepspeed is not None and _int(micro) is not None:
        batch = _int(micro)
        why["per_device_train_batch_size"] = f"{setup.deepspeed.path}: train_micro_batch_size_per_gpu={micro}"
    seq = None
    for k in ("cutoff_len", "model_max_length", "max_seq_length", "max_length", "seq_length"):
        seq = _int(arg(k), None)
        if seq:
            break
    no_ckpt = setup.arg("disable_gradient_checkpointing")
    if lf and no_ckpt is not None:
        ckpt = truthy(no_ckpt.value) is not True
    elif setup.arg("gradient_checkpointing") is not None:
        ckpt = truthy(arg("gradient_checkpointing")) is True
    else:
        ckpt = lf  # LLaMA-Factory turns it on unless told not to; HF Trainer leaves it off
    zero_sec = cf.ds_zero(setup.ds("zero_optimization"))
    zero_sec = zero_sec if isinstance(zero_sec, dict) else {}
    stage = zero_sec.get("stage", 0)
    stage = stage if isinstance(stage, int) and not isinstance(stage, bool) and 0 <= stage <= 3 else 0
    if setup.deepspeed is not None:
        why["zero_optimization"] = (f"{setup.deepspeed.path}: stage {stage}, offload_optimizer "
                                    f"{pick(zero_sec, 'offload_optimizer', 'device', default='none') if isinstance(zero_sec.get('offload_optimizer'), dict) else 'none'}")
    if ask is not None and ask.decided_by is not None:
        why["dtype"] = f"{ask.decided_by.origin.label}: {dt}"
    off = zero_sec.get("offload_optimizer")
    offload = isinstance(off, dict) and str(off.get("device", "none")).lower() in ("cpu", "nvme")
    offp = zero_sec.get("offload_param")
    offload_param = isinstance(offp, dict) and str(offp.get("device", "none")).lower() in ("cpu", "nvme")
    if offload_param and setup.deepspeed is not None and isinstance(offp, dict):  # both hold when it does
        why["offload_param"] = (f"{setup.deepspeed.path}: offload_param {offp.get('device')}"
                                + ("" if stage == 3 else " (ignored: DeepSpeed offloads parameters at stage 3 only)"))

    def count(key: str, default: int) -> int:  # a number of elements; "auto" (HF fills it in) keeps DeepSpeed's default
        v = zero_sec.get(key)
        return int(v) if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 else default

    st = me.TrainingShape(dtype=dt, lora=lora, lora_rank=_int(arg("lora_rank", 8), 8) or 8, lora_targets=lora_targets,
                     batch=max(1, batch or 1), seq_len=seq or 2048, grad_ckpt=ckpt, zero=stage, gpus=max(1, gpus),
                     offload=offload, attention=attention_kind, offload_param=offload_param,
                     live_params=count("stage3_max_live_parameters", 1_000_000_000),
                     prefetch_params=count("stage3_prefetch_bucket_size", 50_000_000),
                     reduce_bucket=count("reduce_bucket_size", 500_000_000), ranks_per_host=max(1, gpus))
    if not seq:
        why["seq_len"] = "not set: 2048 assumed"
    if not setup.arg("gradient_checkpointing") and not setup.arg("disable_gradient_checkpointing"):
        why["gradient_checkpointing"] = "LLaMA-Factory default: on" if lf else "not set: off (HF Trainer default)"
    return st, why


# ------------------------------------------------------------------ structured edits (config_edits)

def dtype_edits(setup: Setup, dt: str) -> list[dict]:
    """The same files as :func:`dtype_changes`, as operations `fix --config` turns into diffs."""
    out = []
    ops: list[dict[str, Any]]
    for path in dtype_changes(setup, dt):
        syntax = _syntax(path, setup)
        if syntax == "deepspeed":
            ds = setup.deepspeed.data if setup.deepspeed is not None and setup.deepspeed.path == path else None
            d: dict = ds if isinstance(ds, dict) else {}
            cur_bf = d.get("bf16")
            cur_bf = cur_bf if isinstance(cur_bf, dict) else {}
            cur_fp = d.get("fp16")
            cur_fp = cur_fp if isinstance(cur_fp, dict) else {}
            ops = [{"op": "set", "key": "bf16", "value": dict(cur_bf, enabled=dt == "bf16")}]
            fp = dict(DS_FP16_DYNAMIC, **{k: v for k, v in cur_fp.items() if k not in DS_FP16_DYNAMIC}) \
                if dt == "fp16" else dict(cur_fp, enabled=False)
            if dt == "fp16" or "fp16" in d or dt == "fp32":
                ops.append({"op": "set", "key": "fp16", "value": fp})
            if "bfloat16" in d:
                ops.append({"op": "remove", "key": "bfloat16"})
            if str(d.get("communication_data_type", "")).lower() in ("bf16", "bfloat16") and dt != "bf16":
                ops.append({"op": "set", "key": "communication_data_type", "value": "fp16" if dt == "fp16" else "fp32"})
            out.append({"path": path, "syntax": "deepspeed", "ops": ops})
            continue
        if syntax == "accelerate":  # accelerate's own key, in its own YAML
            out.append({"path": path, "syntax": "yaml", "ops": [
                {"op": "set", "key": "mixed_precision", "value": "no" if dt == "fp32" else dt}]})
            continue
        pure = any(v.name == "pure_bf16" and v.origin.path == path for v in setup.args)
        ops = [{"op": "set", "key": "bf16", "value": dt == "bf16", "after": "fp16"},
               {"op": "set", "key": "fp16", "value": dt == "fp16", "after": "bf16"}]
        has = {v.name for v in setup.args if v.origin.path == path}
        if "bf16" not in has and "fp16" not in has:
            ops = [{"op": "set", "key": "fp16" if dt == "fp16" else "bf16", "value": dt != "fp32",
                    "after": "learning_rate"}] if syntax != "json" else ops
        if pure and dt != "bf16":
            ops.append({"op": "remove", "key": "pure_bf16"})
        # scoped to this launch (a script may hold several): config_edits' "line"
        first = min((v.origin.line for v in setup.args if v.origin.path == path and v.origin.line), default=None)
        out.append({"path": path, "syntax": syntax, "ops": [dict(o, line=first) for o in ops] if syntax == "cli" and first else ops})
    return out


_SIZE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)[bB](?![A-Za-z0-9])")


def params_from_name(setup: Setup) -> float | None:
    """Parameters of a full fine-tune's model from the size in its name (Meta-Llama-3-8B-Instruct:
    8e9), for the ZeRO bound when no config.json is at hand. None for LoRA runs, for names without
    one size, and for mixture-of-experts names (8x7B is not 56B)."""
    ft = setup.arg("finetuning_type")
    lora = setup.arg("use_lora")
    full = (ft is not None and str(ft.value).lower() == "full") or (lora is not None and truthy(lora.value) is False)
    return size_from_name(setup) if full else None


def size_from_name(setup: Setup) -> float | None:
    """Parameters of the model from the one size in its name (Qwen2.5-32B-Instruct: 32e9), whatever the
    fine-tuning type; None without one size and for mixture-of-experts names."""
    name = setup.arg("model_name_or_path")
    if name is None:
        return None
    base = str(name.value).rstrip("/").rsplit("/", 1)[-1]
    if re.search(r"\d+x\d", base, re.I):
        return None
    sizes = {float(m.group(1)) for m in _SIZE.finditer(base.replace("_", "-"))}
    return sizes.pop() * 1e9 if len(sizes) == 1 else None
