"""Training configuration files: load one, tell which kind it is, and read what it asks for.

Three kinds are understood:
  deepspeed         a DeepSpeed JSON config ({"bf16": {"enabled": true}, "zero_optimization": ...})
  llamafactory      a LLaMA-Factory YAML (or JSON) training file (stage, finetuning_type, flash_attn ...)
  hf_training_args  Hugging Face TrainingArguments as JSON (or YAML): output_dir, bf16: true ...

The file is the user's input, not machine state, so it is read from the local file system
directly. YAML is read by PyYAML (a dependency): a hand-written subset reader read `1e-5` as a
string where PyYAML reads a float, and refused valid nested files, so there is none.
"""
from __future__ import annotations

import datetime
import json
import math
import os
import re
from typing import Any

from ..base.records import dataclass, field
from .merge_tags import MergeTag, OverrideDict, OverrideList, ResetDict, ResetList

DEEPSPEED, LLAMAFACTORY, HF = "deepspeed", "llamafactory", "hf_training_args"
ACCELERATE = "accelerate_config"
KIND_NAMES = {DEEPSPEED: "DeepSpeed config", LLAMAFACTORY: "LLaMA-Factory config",
              HF: "HF TrainingArguments", ACCELERATE: "accelerate config"}
# `accelerate config` writes these (accelerate/commands/config/config_args.py): the launch's own settings.
_ACCELERATE_KEYS = {"compute_environment", "distributed_type"}
_ACCELERATE_MORE = {"num_processes", "mixed_precision", "num_machines", "machine_rank", "gpu_ids", "deepspeed_config",
                    "fsdp_config", "main_training_function", "downcast_bf16", "use_cpu", "rdzv_backend"}

_DS_KEYS = {"zero_optimization", "train_micro_batch_size_per_gpu", "train_batch_size", "gradient_clipping",
            "zero_allow_untested_optimizer", "steps_per_print", "wall_clock_breakdown", "amp", "bfloat16"}
_LF_KEYS = {"stage", "finetuning_type", "template", "lora_target", "cutoff_len", "flash_attn", "dataset_dir",
            "preprocessing_num_workers", "overwrite_cache", "quantization_bit"}
_HF_KEYS = {"output_dir", "per_device_train_batch_size", "learning_rate", "num_train_epochs", "logging_steps",
            "save_steps", "gradient_accumulation_steps", "lr_scheduler_type", "warmup_ratio"}
MAX_BYTES = 4 * 1024 * 1024
# YAML is parsed in pure Python (PyYAML without libyaml, or the small reader here): about
# 5 us a byte, so 360 kB took 2 s (fuzz harness). No training YAML comes near this.
MAX_YAML_BYTES = 128 * 1024
# Bounds on what a parsed config may hold. A real training config has a few hundred values,
# nesting of 3-4 levels and numbers far below 2**63; anything beyond is refused at load with
# a message naming the setting, so no check ever meets a value it cannot print or compare.
MAX_VALUES = 100_000  # after YAML alias expansion ("billion laughs")
MAX_DEPTH = 64
MAX_INT_DIGITS = 30


class ConfigError(ValueError):
    """A config file (a training config, a checkpoint's config.json) cannot be read or understood,
    or lacks what is asked of it; str() says why, naming the file. The one config error: the
    memory estimate raises it too."""


@dataclass(frozen=True)
class TrainingConfig:
    path: str
    kind: str
    data: dict[str, Any]
    text: str = field(repr=False)
    deepspeed: "TrainingConfig | None" = None  # the DeepSpeed file a LLaMA-Factory/HF config names

    @property
    def kind_name(self) -> str:
        return KIND_NAMES.get(self.kind, self.kind)

    # Typed getters: checks read settings through these, so a value of an unexpected type
    # (``zero_optimization: /``) reads as absent-or-wrong instead of crashing the check.
    def mapping(self, key: str) -> dict[str, Any]:
        """The mapping under ``key``; {} when it is absent, null or not a mapping."""
        v = self.data.get(key)
        return v if isinstance(v, dict) else {}

    def snippet(self, key: str) -> str:
        """The text of ``key`` as written in the file, for evidence ('"bf16": {"enabled": true}')."""
        return snippet(self.text, key) or f"{key}: {json.dumps(self.data.get(key))}"


@dataclass(frozen=True)
class Setting:
    """One thing the config asks for, and where it says so."""

    value: Any
    key: str  # top-level key that carries it
    config: TrainingConfig

    @property
    def evidence_text(self) -> str:
        return self.config.snippet(self.key)


# ---------------------------------------------------------------- loading

def unrecognised(path: str, data: dict) -> str:
    """The one-line message for a file that is no known config: its first top-level keys, with
    control characters escaped (a key may be "\n") and each cut at 40 characters."""
    keys = [repr(str(k))[1:-1][:40] for k in sorted(data, key=str)[:8]]
    return (f"{path}: not recognised as a DeepSpeed, LLaMA-Factory, HF TrainingArguments or accelerate config "
            f"(top-level keys: {', '.join(keys) or 'none'})")


def load(path: str, follow_deepspeed: bool = True) -> TrainingConfig:
    from ..machine.sources import read_capped  # refuses fifos and devices (/dev/zero, a pipe): no hang

    try:
        raw = read_capped(path, MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise ConfigError(f"{path}: larger than {MAX_BYTES // 1024 // 1024} MiB; not a training config")
        text = raw.decode("utf-8")
    except ConfigError:
        raise
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None
    data = parse(text, path)
    kind = detect(data)
    if kind is None:
        raise ConfigError(unrecognised(path, data))
    ds = None
    ref = data.get("deepspeed")
    if follow_deepspeed and kind != DEEPSPEED and isinstance(ref, str) and ref.strip():
        ds = _load_referenced(ref.strip(), path)
    return TrainingConfig(path, kind, data, text, ds)


def _load_referenced(ref: str, base: str) -> TrainingConfig | None:
    # LLaMA-Factory and HF resolve the path against the run's working directory, which is not the doctor's:
    # relative to the config file (what users often mean), never the folder the doctor happens to run in.
    for cand in ((ref,) if os.path.isabs(ref) else (os.path.join(os.path.dirname(os.path.abspath(base)), ref),)):
        if os.path.isfile(cand):
            try:
                cfg = load(cand, follow_deepspeed=False)
            except ConfigError:
                return None
            return cfg if cfg.kind == DEEPSPEED else None
    return None


def parse(text: str, path: str = "config") -> dict[str, Any]:
    stripped = text.lstrip()
    if path.endswith(".json") or stripped.startswith("{"):
        from ..base import jsonlimits

        try:
            data = jsonlimits.loads(text, parse_int=_json_int)
        except json.JSONDecodeError as exc:
            # json's own messages end in "at" ("Invalid control character at"), its position
            # being appended by str(exc): say the position after the message, in words
            what = exc.msg[:-3] if exc.msg.endswith(" at") else exc.msg
            hint = " (a raw tab or line break inside a string: write it as \\t or \\n)" \
                if what.startswith("Invalid control character") else ""
            raise ConfigError(f"{path}: invalid JSON: {what} at line {exc.lineno} column {exc.colno}{hint}") from None
        except ValueError:
            raise ConfigError(f"{path}: JSON nested too deeply; not a training config") from None
    else:
        data = parse_yaml(text, path)
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the top level is a {type(data).__name__}, not a mapping of settings")
    return _checked(data, path)


class _HugeInt(str):
    """A JSON integer literal too long to be a setting; kept as text until _checked names its key."""


def _json_int(s: str) -> Any:
    # json's own int() refuses more than 4300 digits with a bare ValueError (a traceback
    # in the CLI); catch every over-long literal here and let _checked say which setting.
    return _HugeInt(s) if len(s.lstrip("-")) > MAX_INT_DIGITS else int(s)


def _checked(data: dict, path: str) -> dict[str, Any]:
    """A plain JSON-shaped copy of ``data`` (str keys; dict, list, str, int, float, bool, None),
    or ConfigError naming the first setting no training framework could accept: a number of
    more than MAX_INT_DIGITS digits, nesting deeper than MAX_DEPTH, a YAML alias that refers
    to itself, or more than MAX_VALUES values once YAML aliases are expanded."""
    budget = [MAX_VALUES]

    def walk(v: Any, where: str, depth: int, active: frozenset) -> Any:
        budget[0] -= 1
        if budget[0] < 0:
            raise ConfigError(f"{path}: more than {MAX_VALUES} values (YAML aliases expand too far, at {where}); "
                              "not a training config")
        if depth > MAX_DEPTH:
            raise ConfigError(f"{path}: {where} is nested more than {MAX_DEPTH} levels deep; not a training config")
        if isinstance(v, (dict, list, set, tuple)):
            if id(v) in active:
                raise ConfigError(f"{path}: {where} contains itself (a recursive YAML alias)")
            active = active | {id(v)}
        if isinstance(v, _HugeInt) or (isinstance(v, int) and not isinstance(v, bool)
                                       and abs(v) >= 10 ** MAX_INT_DIGITS):
            size = (f"{len(v.lstrip('-'))}-digit" if isinstance(v, _HugeInt)
                    else f"{v.bit_length()}-bit")  # str() of a YAML 0x... int may exceed the digits limit
            raise ConfigError(f"{path}: {where or 'the top level'} is a {size} number; "
                              "no setting takes a value that large")
        if isinstance(v, dict):
            out = {_key(k): walk(x, f"{where}.{_key(k)}" if where else _key(k), depth + 1, active)
                   for k, x in v.items()}
            return type(v)(out) if isinstance(v, MergeTag) else out
        if isinstance(v, (list, tuple, set, frozenset)):
            items = sorted(v, key=repr) if isinstance(v, (set, frozenset)) else v
            seq = [walk(x, f"{where}[{i}]", depth + 1, active) for i, x in enumerate(items)]
            return type(v)(seq) if isinstance(v, MergeTag) else seq
        if v is None or isinstance(v, (str, bool, int, float)):
            return v
        if isinstance(v, (bytes, bytearray)):  # YAML !!binary
            return v.decode("utf-8", errors="replace")
        if isinstance(v, (datetime.date, datetime.datetime)):  # YAML timestamps
            return v.isoformat()
        return str(v)

    try:
        return walk(data, "", 0, frozenset())
    except RecursionError:
        raise ConfigError(f"{path}: nested too deeply; not a training config") from None


def _key(k: Any) -> str:
    # YAML allows 1:, null:, true: and 2024-01-01: as keys; DeepSpeed/HF read JSON keys (strings).
    if isinstance(k, str):
        return k
    if isinstance(k, float) and not math.isfinite(k):
        return str(k)
    if isinstance(k, int) and not isinstance(k, bool) and k.bit_length() > 100:
        return f"<{k.bit_length()}-bit number>"
    return str(k) if not isinstance(k, tuple) else json.dumps(_plain_key(k))


def _plain_key(k: Any) -> Any:
    return [_plain_key(x) for x in k] if isinstance(k, tuple) else _key(k)


def detect(data: dict[str, Any]) -> str | None:
    keys = set(data)
    if keys & _ACCELERATE_KEYS and keys & _ACCELERATE_MORE and not keys & (_LF_KEYS | _HF_KEYS):
        return ACCELERATE
    if keys & _DS_KEYS or any(isinstance(data.get(k), dict) for k in ("bf16", "fp16", "optimizer", "scheduler")):
        return DEEPSPEED
    if keys & _LF_KEYS:
        return LLAMAFACTORY
    if keys & _HF_KEYS or isinstance(data.get("bf16"), bool) or isinstance(data.get("fp16"), bool):
        return HF
    return None


# ---------------------------------------------------------------- YAML subset

_DEEP_FLOW = re.compile(r"(?:[\[{][ \t\r\n]*){%d}" % (MAX_DEPTH + 1))


def parse_yaml_node(text: str, path: str = "config"):
    """(data, root node) of a YAML document in one pass: the node keeps each key's line
    (``node.start_mark``), which compose evidence cites. Same bounds and errors as parse_yaml."""
    if _DEEP_FLOW.search(text):
        raise ConfigError(f"{path}: YAML nested too deeply; not a training config")
    if len(text) > MAX_YAML_BYTES:
        raise ConfigError(f"{path}: {len(text) // 1024} KiB of YAML; larger than any training config "
                          f"({MAX_YAML_BYTES // 1024} KiB at most)")
    import yaml  # type: ignore

    loader = None
    try:
        loader = _yaml_loader(yaml)(text)  # the reader refuses control characters already here
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else {}
    except yaml.YAMLError as exc:
        raise ConfigError(_yaml_error(path, exc)) from None
    except ValueError as exc:
        raise ConfigError(f"{path}: invalid YAML value: {str(exc).split(':')[0]}") from None
    except RecursionError:
        raise ConfigError(f"{path}: YAML nested too deeply; not a training config") from None
    finally:
        if loader is not None:
            loader.dispose()
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the top level is a {type(data).__name__}, not a mapping of settings")
    return _checked(data, path), node


def _yaml_error(path: str, exc: Exception) -> str:
    """PyYAML's first line, and the line where it gave up (compose's own message names it too):
    RD-CFG-001 cites the file at that line."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = getattr(mark, "line", None)
    at = f" at line {line + 1}" if isinstance(line, int) else ""
    return f"{path}: invalid YAML{at}: {(str(exc).splitlines() or [type(exc).__name__])[0]}"


def parse_yaml(text: str, path: str = "config") -> Any:
    # PyYAML's pure-Python parser takes seconds to reach its RecursionError on 50 kB of "[[[["
    # (found by the fuzz harness): refuse flow nesting deeper than any config has, first.
    if _DEEP_FLOW.search(text):
        raise ConfigError(f"{path}: YAML nested too deeply; not a training config")
    if len(text) > MAX_YAML_BYTES:
        raise ConfigError(f"{path}: {len(text) // 1024} KiB of YAML; larger than any training config "
                          f"({MAX_YAML_BYTES // 1024} KiB at most)")
    import yaml  # type: ignore

    try:
        return yaml.load(text, Loader=_yaml_loader(yaml)) or {}
    except yaml.YAMLError as exc:
        raise ConfigError(_yaml_error(path, exc)) from None
    except ValueError as exc:  # int("9" * 5000): Python's integer-digits limit, raised inside PyYAML
        raise ConfigError(f"{path}: invalid YAML value: {str(exc).split(':')[0]}") from None
    except RecursionError:
        raise ConfigError(f"{path}: YAML nested too deeply; not a training config") from None


def _yaml_loader(yaml):
    """PyYAML's SafeLoader, except that an over-long integer is kept as text for _checked to name,
    and Compose's `!reset` / `!override` tags are read (a layer using them is otherwise unreadable)."""
    # PyYAML's pure-Python loader, not libyaml's CSafeLoader: libyaml recurses in C and a deeply
    # nested file crashes the interpreter (SIGSEGV) where the Python loader raises RecursionError.
    class Loader(yaml.SafeLoader):
        pass

    def construct_int(loader, node):
        value = loader.construct_scalar(node)
        if len(value.replace("_", "").lstrip("+-")) > MAX_INT_DIGITS:
            return _HugeInt(value.replace("_", "").lstrip("+"))
        return yaml.SafeLoader.construct_yaml_int(loader, node)

    def tagged(reset: bool):
        def construct(loader, node):
            if isinstance(node, yaml.MappingNode):
                return ResetDict() if reset else OverrideDict(loader.construct_mapping(node, deep=True))
            if isinstance(node, yaml.SequenceNode):
                return ResetList() if reset else OverrideList(loader.construct_sequence(node, deep=True))
            return None if reset else loader.construct_scalar(node)
        return construct

    Loader.add_constructor("tag:yaml.org,2002:int", construct_int)
    Loader.add_constructor("!reset", tagged(True))
    Loader.add_constructor("!override", tagged(False))
    return Loader


# ---------------------------------------------------------------- evidence snippets

def snippet(text: str, key: str, limit: int = 240) -> str | None:
    """The key and its value as written: a balanced {...} for JSON objects, else the line."""
    m = re.search(r'"%s"\s*:\s*' % re.escape(key), text) or re.search(r"(?m)^[ \t]*%s[ \t]*:[ \t]*" % re.escape(key), text)
    if not m:
        return None
    start, i = m.start(), m.end()
    if i < len(text) and text[i] == "{":
        depth = 0
        for j in range(i, min(len(text), i + 2000)):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                return re.sub(r"\s+", " ", text[start:j + 1]).strip()[:limit]
    end = text.find("\n", i)
    return text[start:end if end != -1 else len(text)].strip().rstrip(",")[:limit]


# ---------------------------------------------------------------- what the config asks for

def _enabled(v: Any) -> Any:
    """DeepSpeed's {"enabled": X}; "auto" is kept (HF fills it in at launch)."""
    if isinstance(v, dict):
        v = v.get("enabled", False)
    if isinstance(v, str) and v.lower() == "auto":
        return "auto"
    if isinstance(v, str):
        return v.lower() in ("true", "1", "yes")
    return bool(v)


def requested_dtype(cfg: TrainingConfig) -> Setting | None:
    """bf16 / fp16 / fp32 / "auto" as the config asks, or None when it says nothing."""
    d = cfg.data
    if cfg.kind == DEEPSPEED:
        for key, dtype in (("bf16", "bf16"), ("bfloat16", "bf16"), ("fp16", "fp16")):
            if key in d:
                e = _enabled(d[key])
                if e == "auto":
                    return Setting("auto", key, cfg)
                if e:
                    return Setting(dtype, key, cfg)
        if any(k in d for k in ("bf16", "bfloat16", "fp16")):
            return Setting("fp32", "bf16" if "bf16" in d else ("fp16" if "fp16" in d else "bfloat16"), cfg)
        return None
    for key in ("pure_bf16", "bf16"):
        if _enabled(d.get(key)) is True:
            return Setting("bf16", key, cfg)
    if _enabled(d.get("fp16")) is True:
        return Setting("fp16", "fp16", cfg)
    if "bf16" in d or "fp16" in d:
        return Setting("fp32", "bf16" if "bf16" in d else "fp16", cfg)
    return None


def effective_dtype(cfg: TrainingConfig) -> Setting | None:
    """What training will use: the DeepSpeed file decides unless it says "auto"."""
    if cfg.deepspeed is not None:
        ds = requested_dtype(cfg.deepspeed)
        if ds is not None and ds.value != "auto":
            return ds
    return requested_dtype(cfg)


def fp16_loss_scale(cfg: TrainingConfig) -> Setting | None:
    """DeepSpeed fp16.loss_scale: 0 is dynamic scaling (the default); a positive value is static."""
    ds = cfg if cfg.kind == DEEPSPEED else cfg.deepspeed
    if ds is None or not ds.mapping("fp16"):
        return None
    v = ds.mapping("fp16").get("loss_scale", 0)
    return Setting(v, "fp16", ds)


def requested_attention(cfg: TrainingConfig) -> Setting | None:
    """The attention implementation, normalised to fa2 / sdpa / eager / auto."""
    d = cfg.data
    if "attn_implementation" in d and d["attn_implementation"]:
        v = str(d["attn_implementation"]).lower()
        norm = {"flash_attention_2": "fa2", "flash_attention_3": "fa2", "sdpa": "sdpa", "eager": "eager"}.get(v, v)
        return Setting(norm, "attn_implementation", cfg)
    if "flash_attn" in d:
        v = d["flash_attn"]
        if isinstance(v, bool):  # older LLaMA-Factory: flash_attn: true meant FlashAttention-2
            return Setting("fa2" if v else "auto", "flash_attn", cfg)
        v = str(v).lower()
        return Setting({"disabled": "eager"}.get(v, v), "flash_attn", cfg)
    return None


def model_name(cfg: TrainingConfig) -> str | None:
    v = cfg.data.get("model_name_or_path")
    return str(v) if v else None


def tf32_requested(cfg: TrainingConfig) -> Setting | None:
    return Setting(True, "tf32", cfg) if _enabled(cfg.data.get("tf32")) is True else None


# ---------------------------------------------------------------- suggested edits

DS_FP16_DYNAMIC = {"enabled": True, "loss_scale": 0, "loss_scale_window": 1000, "initial_scale_power": 16,
                   "hysteresis": 2, "min_loss_scale": 1}


def dtype_change(cfg: TrainingConfig, dtype: str) -> str:
    """The edit that makes ``cfg`` train in ``dtype`` (fp16 always with dynamic loss scaling)."""
    if cfg.kind == DEEPSPEED:
        if dtype == "fp16":
            return '"bf16": {"enabled": false}, "fp16": ' + json.dumps(DS_FP16_DYNAMIC)
        if dtype == "fp32":
            return '"bf16": {"enabled": false}, "fp16": {"enabled": false}'
        return '"bf16": {"enabled": true}, "fp16": {"enabled": false}'
    if cfg.kind == HF:
        return {"fp16": '"bf16": false, "fp16": true', "fp32": '"bf16": false, "fp16": false',
                "bf16": '"bf16": true, "fp16": false'}[dtype]
    bf16, fp16 = {"fp16": ("false", "true"), "fp32": ("false", "false"), "bf16": ("true", "false")}[dtype]
    extra = "; remove pure_bf16" if "pure_bf16" in cfg.data and dtype != "bf16" else ""
    return f"bf16: {bf16}, fp16: {fp16}{extra}"


def attention_change(cfg: TrainingConfig, setting: Setting, attention: str) -> str:
    """attention: fa2 | sdpa | eager, written the way this config spells it."""
    if setting.key == "attn_implementation":
        v = {"fa2": "flash_attention_2", "sdpa": "sdpa", "eager": "eager"}[attention]
        return f'attn_implementation: {v}' if cfg.kind == LLAMAFACTORY else f'"attn_implementation": "{v}"'
    v = {"fa2": "fa2", "sdpa": "sdpa", "eager": "disabled"}[attention]
    return f"flash_attn: {v}"


def ds_zero(value: Any) -> Any:
    """A DeepSpeed config's `zero_optimization` as DeepSpeed reads it: absent is {}, and the legacy boolean form is
    stage 1 (true) or 0 (deepspeed/runtime/zero/config.py read_zero_config_deprecated: a warning, no error); any
    other value is returned for the caller to judge."""
    if value is None:
        return {}
    return {"stage": int(value)} if isinstance(value, bool) else value
