"""Training runs as the files describe them: one Setup per command line that launches training (with the YAML it
names, that YAML's DeepSpeed JSON and an accelerate config), per training-args file no script launches, and per
DeepSpeed JSON no run names."""
from __future__ import annotations

import re

from .. import configfiles as cf
from ..settings import TRAIN, Artifact, Setup, launches
from . import shell
from .references import lookup


def build_setups(arts: list[Artifact], seen: dict[str, Artifact], roots: tuple[str, ...] = ()) -> list[Setup]:
    """One Setup per training run: each command line that launches training (with the YAML
    it names and that YAML's DeepSpeed JSON), each training-args file not launched by a
    script, and each DeepSpeed JSON no run names."""
    setups: list[Setup] = []
    used: set[str] = set()
    for a in arts:
        for c in launches(a):
            yaml_art = lookup(seen, c["refs"].get("config"), a.path, roots)
            args = []
            acc = _accelerate_config_of(c, seen, a.path, roots)
            if acc is not None:  # `accelerate launch --config_file acc.yaml`: its precision and DeepSpeed JSON
                args += [v for v in acc.values if v.kind == TRAIN]
                used.add(acc.path)
                if acc.refs.get("deepspeed") and not c["refs"].get("deepspeed"):
                    c = dict(c, refs=dict(c["refs"], deepspeed=acc.refs["deepspeed"]), acc_path=acc.path)
            if yaml_art is not None and yaml_art.kind in (cf.LLAMAFACTORY, cf.HF):
                args += [v for v in yaml_art.values if v.kind == TRAIN]
                used.add(yaml_art.path)
            args += c.get("train_values", [])
            if not args and not c["refs"]:
                continue
            ds_ref = c["refs"].get("deepspeed") or (yaml_art.refs.get("deepspeed") if yaml_art else None)
            ds = lookup(seen, ds_ref, c.get("acc_path") or (a.path if c["refs"].get("deepspeed") else (
                yaml_art.path if yaml_art else a.path)), roots)
            if ds is not None and ds.kind == cf.DEEPSPEED:
                used.add(ds.path)
            else:
                ds = None
            lf_run = c.get("launcher") == "llamafactory-cli" or (yaml_art is not None and yaml_art.kind == cf.LLAMAFACTORY) \
                or bool(_LF_SCRIPT.search(str(c.get("script") or ""))) or _lf_arguments(args)
            setups.append(_setup(a.path, args, ds, c.get("launcher_values", []), [a, yaml_art],
                                 "llamafactory" if lf_run else None, c.get("line")))
    for a in arts:
        if a.kind in (cf.LLAMAFACTORY, cf.HF, cf.ACCELERATE) and a.path not in used:
            ds = lookup(seen, a.refs.get("deepspeed"), a.path, roots)
            if ds is not None and ds.kind == cf.DEEPSPEED:
                used.add(ds.path)
            else:
                ds = None
            setups.append(_setup(a.path, [v for v in a.values if v.kind == TRAIN], ds, [], [a],
                                 "llamafactory" if a.kind == cf.LLAMAFACTORY else None))
    for a in arts:
        if a.kind == cf.DEEPSPEED and a.path not in used:
            setups.append(_setup(a.path, [], a, [], []))
    return setups


def _accelerate_config_of(c: dict, seen: dict[str, Artifact], base: str, roots: tuple[str, ...] = ()) -> Artifact | None:
    """The accelerate config an `accelerate launch --config_file X` command reads, when it is among the files."""
    if c.get("launcher") != "accelerate":
        return None
    for v in c.get("launcher_values") or []:
        if getattr(v, "name", None) == "config_file":
            b = lookup(seen, str(v.value), base, roots)
            return b if b is not None and b.kind == cf.ACCELERATE else None
    return None


def syntax(art: Artifact) -> str:
    """How a file writes settings, for the edits a fix shows."""
    if art.kind == cf.DEEPSPEED:
        return "deepspeed"
    if art.kind == cf.ACCELERATE:
        return "accelerate"
    if art.kind in (shell.SHELL, shell.SLURM):
        return "cli"
    return "json" if art.text.lstrip().startswith("{") else "yaml"


# A script that is LLaMA-Factory's own entry point (src/train.py, train_bash.py, -m llamafactory ...).
_LF_SCRIPT = re.compile(r"(?i)llama[-_]?factory|(?:^|/)train_bash\.py$")


def _lf_arguments(args) -> bool:
    """LLaMA-Factory's own arguments on the command line (its repository's src/train.py run
    directly): a `--stage` of its trainers together with `--finetuning_type` or `--template`,
    which no other trainer's parser takes together."""
    names = {v.name: v.value for v in args}
    return str(names.get("stage") or "").lower() in ("pt", "sft", "rm", "ppo", "dpo", "kto") \
        and ("finetuning_type" in names or "template" in names)


def _setup(path, args, ds, launcher, arts, framework=None, line=None) -> Setup:
    s = Setup(path, args, ds, launcher, framework=framework, line=line)
    for a in [x for x in arts if x is not None] + ([ds] if ds is not None else []):
        s.kinds[a.path] = a.kind
        s.syntax[a.path] = syntax(a)
    return s
