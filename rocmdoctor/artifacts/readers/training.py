"""Training configuration files as settings: DeepSpeed JSON, LLaMA-Factory YAML, HF
TrainingArguments JSON/YAML, and a model's config.json.

Parsing, size limits and kind detection are configfiles' (one loader for every config);
this module adds what the settings model needs: one TRAIN value per top-level key with the
line it sits on, and the files a config names (its DeepSpeed JSON).
"""
from __future__ import annotations

import re

from .. import configfiles as cf
from ..settings import ENV, LAUNCHER, TRAIN, Artifact

MODEL_CONFIG = "model_config"
# A checkpoint's config.json: architecture sizes, no training keys.
_MODEL_KEYS = {"hidden_size", "num_hidden_layers", "num_attention_heads", "vocab_size"}


def detect(data: dict) -> str | None:
    kind = cf.detect(data)
    if kind is None and _MODEL_KEYS <= set(data) and ("model_type" in data or "architectures" in data):
        return MODEL_CONFIG
    if kind == cf.HF and _MODEL_KEYS <= set(data):  # "torch_dtype"/"use_cache" configs carry no trainer keys
        return MODEL_CONFIG
    return kind


def key_line(text: str, key: str, json_like: bool) -> int | None:
    """The 1-based line where a top-level key is written."""
    rx = re.compile(r'^\s*"%s"\s*:' % re.escape(key)) if json_like else re.compile(
        r"^%s\s*:" % re.escape(key))
    for i, line in enumerate(text.splitlines(), 1):
        if rx.search(line):
            return i
    if not json_like:
        return None
    rx = re.compile(r'"%s"\s*:' % re.escape(key))  # minified JSON: everything on one line
    for i, line in enumerate(text.splitlines(), 1):
        if rx.search(line):
            return i
    return None


def read(path: str, text: str) -> Artifact:
    """A training config as an Artifact; ``error`` set (and no values) when it is not one."""
    try:
        data = cf.parse(text, path)
    except cf.ConfigError as exc:
        return Artifact(path, "unknown", text, error=str(exc))
    kind = detect(data)
    if kind is None:
        return Artifact(path, "unknown", text, data=data, error=cf.unrecognised(path, data))
    art = Artifact(path, kind, text, data=data)
    json_like = text.lstrip().startswith("{")
    if kind == cf.ACCELERATE:
        _accelerate(art, data, json_like)
        return art
    if kind != MODEL_CONFIG:
        for key, value in data.items():
            # The evidence text is the key with its whole value ('"bf16": {"enabled": true}'), on one line.
            art.add(TRAIN, key, value, key_line(text, key, json_like), cf.snippet(text, key) or None)
    ref = data.get("deepspeed")
    if kind != cf.DEEPSPEED and isinstance(ref, str) and ref.strip():
        art.refs["deepspeed"] = ref.strip()
    return art


def ranks_per_node(total: str, machines: str) -> str:
    """accelerate's ranks on each node: num_processes counts every machine's, so it is over num_machines; not a number
    (so not judged) where either is worked out at launch or they do not divide."""
    if total.isdigit() and machines.isdigit() and int(machines) and int(total) % int(machines) == 0:
        return str(int(total) // int(machines))
    return f"{total}/{machines}"


def _accelerate(art: Artifact, data: dict, json_like: bool) -> None:
    """An accelerate config (what `accelerate launch --config_file` reads, or ~/.cache's default):
    the ranks per node (num_processes is the total over num_machines), the GPUs it gives the ranks
    (gpu_ids become CUDA_VISIBLE_DEVICES), the mixed precision, and the DeepSpeed JSON it names."""
    text = art.text

    def line(key: str) -> int | None:
        return key_line(text, key, json_like)

    procs, machines = data.get("num_processes"), data.get("num_machines") or 1
    if isinstance(procs, int) and not isinstance(procs, bool) and isinstance(machines, int) and machines > 0:
        art.add(LAUNCHER, "nproc_per_node", ranks_per_node(str(procs), str(machines)), line("num_processes"))
    ids = data.get("gpu_ids")
    if ids is not None and str(ids).strip().lower() not in ("all", "", "none", "null"):
        art.add(ENV, "CUDA_VISIBLE_DEVICES", str(ids).replace(" ", ""), line("gpu_ids"))
    mp = data.get("mixed_precision")
    if isinstance(mp, str) and mp.strip():
        art.add(TRAIN, "mixed_precision", mp.strip().lower(), line("mixed_precision"))
    ds = data.get("deepspeed_config")
    ref = ds.get("deepspeed_config_file") if isinstance(ds, dict) else None
    if isinstance(ref, str) and ref.strip():
        art.refs["deepspeed"] = ref.strip()


def as_training_config(art: Artifact, deepspeed: Artifact | None = None) -> cf.TrainingConfig:
    """The configfiles view of an artifact (for code that still takes a TrainingConfig)."""
    ds = as_training_config(deepspeed) if deepspeed is not None else None
    return cf.TrainingConfig(art.path, art.kind, art.data if isinstance(art.data, dict) else {}, art.text, ds)
