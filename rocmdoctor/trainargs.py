"""What a training setup (rocmdoctor.settings.Setup) asks for, and the edits that change it
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
from dataclasses import dataclass, field
from typing import Any

from . import configfiles as cf
from .settings import Setup, Value, truthy

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
    """What the training arguments ask (the last file or command line to say it wins)."""
    speakers = tuple(v for k in ("pure_bf16", "bf16", "fp16") for v in setup.arg_values(k))
    for key, dtype in (("pure_bf16", "bf16"), ("bf16", "bf16"), ("fp16", "fp16")):
        v = setup.arg(key)
        if v is not None and truthy(v.value) is True:
            return Ask(dtype, v, speakers)
    if speakers:
        return Ask("fp32", speakers[-1], speakers)
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


def mismatches(setup: Setup) -> list[tuple[Value, Value | None, str]]:
    """(DeepSpeed setting, training argument, explanation) for every explicit DeepSpeed value
    transformers compares with the arguments and finds different."""
    if setup.deepspeed is None or not setup.args:
        return []
    d = setup.deepspeed.data if isinstance(setup.deepspeed.data, dict) else {}
    out = []
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
        if v.name in ("bf16", "fp16", "pure_bf16") and v.origin.path not in arg_files:
            arg_files.append(v.origin.path)
    if ds_explicit or (setup.deepspeed is not None and not setup.args):
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
    v = {"fa2": "fa2", "sdpa": "sdpa", "eager": "disabled"}[attention]
    return f"--flash_attn {v}" if syntax == "cli" else f"flash_attn: {v}"


def syntax_of(setup: Setup, path: str) -> str:
    return _syntax(path, setup)


@dataclass
class Edits:
    """path -> change, in the order the files should be opened."""

    changes: dict[str, str] = field(default_factory=dict)
