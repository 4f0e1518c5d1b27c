"""DeepSpeed settings in the training files, judged before anything runs: ZeRO stage, offload and
the memory estimate against the GPUs (RD-DS-006), DS_BUILD_OPS=1 in a Dockerfile or launch
file that would try to build ops ROCm cannot build (RD-DS-008)."""
from __future__ import annotations

import os

from rocmdoctor.artifacts import configlint as cl
from rocmdoctor.base.records import replace
from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn

from . import ADVANCED_INSTALL, DEFAULT_BUILD_VARS, INFERENCE_ISSUES, INFERENCE_OPS, ROCM_UNBUILDABLE

MEMORY_DOC = "https://arxiv.org/abs/2205.05198"  # activation memory (memory_estimate.py)


@check("RD-DS-006", area="deepspeed", title="Training config: ZeRO stage and offload suit the GPUs and their memory",
       level="quick", option="config", sources=[cl.ZERO_DOCS, cl.ZERO_PAPER, MEMORY_DOC])
def config_zero(setups, settings, gpus=None, env=None, training_gpus=None, mem_total=None):
    """With the model's config.json (found among the files, next to model_name_or_path, or
    given with --model) the memory estimate of `train --estimate-only` judges the run: fits,
    tight or does not fit, and what to change. Without it, the parameter-free ZeRO rules."""
    # The job's GPUs (visible devices, Slurm) and their usable memory: an APU's is its GTT limit.
    amd = training_gpus if training_gpus is not None else [g for g in gpus or [] if not g.integrated]
    vram = min((g.memory_bytes for g in amd if g.memory_bytes), default=None)
    hw = cl.Hardware(gfx=tuple(g.gfx or "unknown" for g in amd), vram_bytes=vram)
    many = len(setups) > 1
    out = []
    for s in setups:
        subject = s.label if many else None  # a launch's file:line: two launches in one script are two runs
        found = []
        if s.deepspeed is not None:
            # without a config.json, a full fine-tune's size from its model name bounds the training states
            from rocmdoctor.artifacts.trainargs import params_from_name

            params = params_from_name(s) if settings.model_for(s) is None else None
            found = cl.zero_vs_hardware(s.deepspeed.data, hw, params, s.deepspeed.path)
            # the generic "suits" pass is replaced by the estimate when there is one
        fit = _memory_fit(s, settings, amd, vram, env, mem_total)
        if fit is not None:
            found = [f for f in found if f.status.value != "pass"] + [fit]
        elif s.deepspeed is None:
            found = [_weights_bound(s, amd, vram, env) or
                     skip(f"{s.path}: no DeepSpeed config and no model config.json to estimate memory from")]
        out.extend(replace(f, subject=f.subject or subject) if subject else f for f in found)
    return out


def _weights_bound(setup, amd, vram, env):
    """No config.json and no DeepSpeed JSON at hand: the weights alone, at the run's dtype (2 bytes; 4-/8-bit
    quantised 0.5/1), split over every rank (ZeRO-3's best without offload, when a DeepSpeed file is named)
    or whole on each (DDP, LoRA's frozen base), against one GPU. Reported above the estimate's fit line
    (80%): gradients, optimizer states and activations come on top."""
    from rocmdoctor.artifacts import memory_estimate as me
    from rocmdoctor.artifacts import trainargs as ta

    params = ta.size_from_name(setup)
    name = setup.arg("model_name_or_path")
    if not params or not vram or not amd or name is None:
        return None
    q = setup.arg("quantization_bit")
    bits = {"4": 0.5, "8": 1.0}.get(str(q.value).strip() if q is not None else "", 2.0)
    ranks = _visible_gpus(amd, env, setup) if setup.arg("deepspeed") is not None else 1
    per_gpu = params * bits / ranks
    if per_gpu <= me.FITS_BELOW * vram:  # the estimate's own line: above it the whole run is tight at best
        return None
    how = f"split over {ranks} ranks by ZeRO-3" if ranks > 1 else "whole on each rank"
    return warn(f"{setup.path}: the weights of {name.value} alone are {per_gpu / 2**30:.1f} GiB per GPU "
                f"({how}) of the {vram / 2**30:.1f} GiB each GPU has",
                f"{params / 1e9:g}B parameters at {bits:g} bytes each, before gradients, optimizer states and "
                "activations, which need the rest and more: expect an out-of-memory error. Use GPUs with more memory, more of them with ZeRO-3, "
                "parameter offload to the CPU, or a 4-bit (QLoRA) load.",
                evidence=[ev(name.origin.label, f"model_name_or_path: {name.value}")])


def _visible_gpus(amd, env, setup) -> int:
    for v in setup.launcher:
        if v.name == "nproc_per_node" and str(v.value).isdigit():
            return int(v.value)
    n = len(amd)
    for var in ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES"):
        if env and env.get(var) is not None:
            n = min(n, len([x for x in env[var].split(",") if x.strip()]))
    return max(n, 1)


def _attention_kind(setup, amd) -> str:
    from rocmdoctor.artifacts import trainargs as ta
    from rocmdoctor.knowledge import gpus as kb

    ask = ta.attention(setup)
    if ask is not None and ask.value == "eager":
        return "eager"
    rows = [kb.precision(g.gfx) for g in amd]
    if ask is not None and ask.value == "fa2" and all(r is not None and r.ck_flash for r in rows):
        return "flash"
    if any(r is None or (not r.ck_flash and r.aotriton == kb.NO) for r in rows):
        return "math"  # SDPA falls back to the math kernel here
    return "flash"


def _memory_fit(setup, settings, amd, vram, env, mem_total=None):
    from rocmdoctor.artifacts import memory_estimate as me
    from rocmdoctor.artifacts import trainargs as ta

    model = settings.model_for(setup)
    if model is None or not amd:
        return None
    path, cfg = model
    try:
        shape = me.shape_from_config(cfg)
    except me.ConfigError as exc:
        return skip(f"{path}: {exc}")
    st, why = ta.memory_settings(setup, _visible_gpus(amd, env, setup), _attention_kind(setup, amd))
    if isinstance(mem_total, int) and mem_total > 0:
        from rocmdoctor.base.records import replace as _replace

        st = _replace(st, host_ram=mem_total)  # offloaded state shares this host's RAM
    try:
        est = me.estimate(shape, st, vram)
    except (me.ConfigError, ValueError) as exc:
        return skip(f"{setup.path}: memory estimate not possible ({exc})")
    lines = me.render(est, os.path.basename(os.path.dirname(path)) or path)
    evidence = [ev(path, f"{shape.model_type or 'model'}: hidden {shape.hidden}, {shape.layers} layers, "
                         f"vocab {shape.vocab}")] + \
        [ev("run settings", "\n".join(why[k] for k in sorted(why)))] + [ev("estimate", "\n".join(lines))]
    data = {"estimate": est.to_dict(), "from": why}
    changes = [f"{sg['change']}: {me.gib(sg['total'])} ({sg['verdict']})" for sg in est.suggestions]
    fix = FixPlan("Make the run fit in GPU memory", tuple(Action("note", c) for c in changes[:5]),
                  params={"files": setup.files, "suggestions": est.suggestions}) if changes else None
    title = (f"{setup.path}: {me.gib(est.total)} per GPU of {me.gib(vram)}"
             + (f", {me.gib(est.host_total)} of host RAM" if est.host_bytes else "") + f": {est.verdict}")
    if est.verdict == "fits":
        return ok(title, "Estimated before anything is loaded (rocmdoctor/artifacts/memory_estimate.py); activations "
                         "included.", evidence=evidence, data=data)
    mk = warn if est.verdict == "tight" else fail
    return mk(title, ("Tight: allocator fragmentation and transient buffers usually take the last 10-20%; expect "
                      "an out-of-memory error. " if est.verdict == "tight" else "The run will stop with an out-of-"
                      "memory error. ") + ("What helps: " + "; ".join(changes[:4]) + "." if changes else ""),
              evidence=evidence, data=data, fix=fix)


@check("RD-DS-008", area="deepspeed", title="DS_BUILD_OPS=1 in the files leaves out the ops ROCm cannot build",
       level="quick", option="config", sources=(ADVANCED_INSTALL, *INFERENCE_ISSUES,
                                                "https://github.com/deepspeedai/DeepSpeed/issues/3091"))
def build_ops_in_files(settings, gpus=None):
    """Judged from the files alone: a Dockerfile that sets DS_BUILD_OPS=1 installs DeepSpeed
    later, so whether DeepSpeed is installed here says nothing about that build."""
    set_vars = {}
    for v in settings.values():
        name = v.name.split(":", 1)[1] if v.kind == "build" and v.name.startswith(("env:", "arg:")) else v.name
        if (v.kind == "env" or v.kind == "build") and name.startswith("DS_BUILD_") and v.value is not None:
            set_vars[name] = v  # the last one wins
    if not set_vars:
        return ok("no DS_BUILD_* variable in the files")
    build_all = set_vars.get("DS_BUILD_OPS")
    if build_all is None or str(build_all.value) != "1":
        return ok(f"{len(set_vars)} DS_BUILD_* variable(s); DS_BUILD_OPS=1 is not among them",
                  evidence=[v.evidence() for v in set_vars.values()])
    unbuildable = {**{op: why for op, why in ROCM_UNBUILDABLE.items()},
                   **{op: "inference kernel with CUDA-only headers (mma.h)" for op in INFERENCE_OPS}}
    on = [op for op in unbuildable if str(getattr(set_vars.get(DEFAULT_BUILD_VARS[op]), "value", "")) != "0"]
    where = set_vars["DS_BUILD_OPS"]
    if not on:
        return ok("DS_BUILD_OPS=1 with every ROCm-unbuildable op switched off", evidence=[where.evidence()])
    amd = [g for g in gpus or [] if not g.integrated]
    off = {DEFAULT_BUILD_VARS[op]: "0" for op in on}
    lines = "\n".join(f"{op}: {unbuildable[op]}" for op in on)
    return (fail if amd or not gpus else warn)(
        f"DS_BUILD_OPS=1 asks DeepSpeed to build {len(on)} op(s) that cannot build on ROCm",
        "DeepSpeed's setup.py builds every op with DS_BUILD_OPS=1 unless its own DS_BUILD_<OP>=0 says otherwise; "
        f"on ROCm these stop the install (e.g. ModuleNotFoundError: No module named 'dskernels'):\n{lines}",
        evidence=[where.evidence()], subject=where.origin.label,
        fix=FixPlan("Switch off the ops ROCm cannot build", (
            Action("note", f"in {where.origin.path}, next to line {where.origin.line} ({where.origin.text}): also set "
                           + " ".join(f"{k}=0" for k in off), path=where.origin.path),),
            fixer="config_edit",
            params={"files": [where.origin.path], "env": off, "edits": [_after_line(where, off)]}))


def _after_line(where, off: dict) -> dict:
    """The line that switches the ops off, in the syntax of the line that set DS_BUILD_OPS=1."""
    text = where.origin.text.lstrip()
    pairs = " ".join(f"{k}={v}" for k, v in off.items())
    if text.upper().startswith("ENV"):
        line = f"ENV {pairs}"
    elif text.upper().startswith("ARG"):
        line = "\n".join(f"ARG {k}={v}" for k, v in off.items())
    elif text.startswith("-"):
        indent = where.origin.text[:len(where.origin.text) - len(text)]
        line = "\n".join(f"{indent}- {k}={v}" for k, v in off.items())
    else:
        line = f"export {pairs}"
    return {"path": where.origin.path, "syntax": "lines",
            "ops": [{"op": "insert_after", "line": where.origin.line, "text": line, "expect": "DS_BUILD_OPS"}]}


DS_BATCH = "https://www.deepspeed.ai/docs/config-json/#batch-size-related-parameters"


def _int(v):
    return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else None


def _world_size(setup, settings) -> tuple[int | None, str]:
    """Ranks the launch starts: ranks per node x nodes, from its own options and the hostfile it
    names; (None, "") when the files leave either open."""
    vals = {v.name: str(v.value) for v in setup.launcher}
    per_node = int(vals["nproc_per_node"]) if vals.get("nproc_per_node", "").isdigit() else None
    hosts = None
    if "hostfile" in vals:
        hf = next((a for a in settings.of_kind("hostfile")
                   if os.path.basename(a.path) == os.path.basename(vals["hostfile"])), None)
        hosts = (hf.data.get("hosts") or None) if hf is not None and isinstance(hf.data, dict) else None
    if any(k in vals and not vals[k].isdigit() for k in ("num_nodes", "nnodes", "num_machines")):
        return None, ""  # $SLURM_NNODES, 1:4 (elastic): decided at launch
    nodes = next((int(vals[k]) for k in ("num_nodes", "nnodes") if vals.get(k, "").isdigit()), None)
    if "hostfile" in vals and not hosts and nodes is None:
        return None, ""  # a hostfile outside the files: its hosts (the node count) are unknown here
    if hosts:
        nodes = min(nodes or len(hosts), len(hosts))
        if per_node is None and all(h["slots"] for h in hosts):
            total = sum(h["slots"] for h in hosts[:nodes])
            return total, f"{nodes} host(s) of the hostfile, {total} slot(s)"
    if per_node is None:
        return None, ""
    nodes = nodes or 1
    return per_node * nodes, f"{per_node} rank(s) per node x {nodes} node(s)"


# the launch options _world_size counts ranks from: the evidence of a world-size mismatch
_RANK_OPTS = ("nproc_per_node", "hostfile", "num_nodes", "nnodes", "num_machines")


@check("RD-DS-009", area="deepspeed", title="train_batch_size = micro batch x accumulation x ranks", level="quick",
       option="config", sources=[DS_BATCH])
def batch_product(setups, settings):
    """DeepSpeed asserts train_batch_size == train_micro_batch_size_per_gpu x gradient_accumulation_steps x
    world size at initialise when all three are given: a config written for another number of GPUs stops
    there ('Check batch related parameters')."""
    out = []
    for s in setups:
        data = s.deepspeed.data if s.deepspeed is not None and isinstance(s.deepspeed.data, dict) else None
        if data is None:
            continue
        train, micro, ga = (_int(data.get(k)) for k in ("train_batch_size", "train_micro_batch_size_per_gpu",
                                                         "gradient_accumulation_steps"))
        if not (train and micro and ga):
            continue  # "auto" or one left out: DeepSpeed (or the HF integration) derives it
        path = s.deepspeed.path
        line = next((i for i, t in enumerate(s.deepspeed.lines(), 1) if '"train_batch_size"' in t), None)
        where = f"{path}:{line}" if line else path
        said = ev(where, f"train_batch_size {train}, micro batch {micro}, accumulation {ga}")
        world, how = _world_size(s, settings)
        if train % (micro * ga):
            out.append(fail(f"{os.path.basename(path)}: train_batch_size {train} is not a multiple of micro batch "
                            f"{micro} x accumulation {ga}", "No number of ranks satisfies DeepSpeed's batch assertion; "
                            "it stops at initialise.", subject=where, evidence=[said]))
        elif world is not None and micro * ga * world != train:
            out.append(fail(f"{os.path.basename(path)}: train_batch_size {train} != {micro} x {ga} x {world} ranks",
                            f"The launch starts {world} rank(s) ({how}); DeepSpeed asserts train_batch_size == "
                            "micro batch x accumulation x world size and stops at initialise. Set train_batch_size to "
                            f"{micro * ga * world}, or leave one of the three out (DeepSpeed derives it).",
                            subject=where, evidence=[said] + [v.evidence() for v in s.launcher if v.name in _RANK_OPTS][:3]))
        elif world is not None:
            out.append(ok(f"{os.path.basename(path)}: batch sizes agree with {world} rank(s)", subject=where,
                          evidence=[said]))
    return out or ok("no DeepSpeed config gives all three batch sizes for a launch with a known rank count")


HF_AUTO = "https://huggingface.co/docs/transformers/main/en/deepspeed#deepspeed-and-trainer-parameter-summary"
DS_CONFIG_JSON = "https://www.deepspeed.ai/docs/config-json/"


def _autos(data, path: str = "") -> list[str]:
    """Dotted keys whose value is the string "auto", depth first."""
    out: list[str] = []
    if isinstance(data, dict):
        for k, v in data.items():
            key = f"{path}.{k}" if path else str(k)
            if isinstance(v, str) and v.strip().lower() == "auto":
                out.append(key)
            else:
                out += _autos(v, key)
    return out


def hf_deepspeed(setup):
    """The HF Trainer's `--deepspeed PATH` (TrainingArguments.deepspeed: a JSON path or dict), or None.
    A bare `--deepspeed` (the reader's "True") is DeepSpeed's own argparse flag that
    deepspeed.add_config_arguments adds (store_true), whose file comes with `--deepspeed_config PATH`:
    the HF Trainer refuses a bare `--deepspeed`, so such a script does not run under it."""
    a = setup.arg("deepspeed")
    return a if a is not None and str(a.value).strip() not in ("True", "true", "") else None


@check("RD-DS-010", area="deepspeed", title="A DeepSpeed JSON with \"auto\" values goes to a trainer that fills them in",
       level="quick", option="config", sources=[HF_AUTO, DS_CONFIG_JSON])
def auto_outside_hf(setups):
    """"auto" is not a DeepSpeed value: the HF Trainer (and accelerate, LLaMA-Factory on top of it)
    replaces it before DeepSpeed sees the config. A script that parses its own `--deepspeed_config`
    (deepspeed.add_config_arguments, then deepspeed.initialize) hands the string to DeepSpeed, whose
    config model refuses it for integer fields (bucket sizes, batch sizes) or reads it as a truthy
    switch ("enabled": "auto")."""
    out, given = [], {}  # one finding per JSON, citing each launch that hands it to DeepSpeed
    for s in setups:
        ds = s.deepspeed
        data = ds.data if ds is not None and isinstance(ds.data, dict) else None
        via = s.arg("deepspeed_config")
        if data is None or via is None or hf_deepspeed(s) is not None or s.framework == "llamafactory":
            continue  # HF's --deepspeed x.json, accelerate's and LLaMA-Factory's configs fill "auto" in
        if os.path.basename(str(via.value)) == os.path.basename(ds.path):
            given.setdefault(ds.path, (ds, data, []))[2].append(via)
    for ds, data, vias in given.values():
        autos = _autos(data)
        if not autos:
            out.append(ok(f"{os.path.basename(ds.path)}: no \"auto\" value for DeepSpeed to read", subject=ds.path))
            continue
        leaf = autos[0].rsplit(".", 1)[-1]
        line = next((i for i, t in enumerate(ds.lines(), 1) if f'"{leaf}"' in t and "auto" in t.lower()), None)
        where = f"{ds.path}:{line}" if line else ds.path
        out.append(fail(f"{os.path.basename(ds.path)} has \"auto\" values ({', '.join(autos[:4])}"
                        f"{' ...' if len(autos) > 4 else ''}) but is given to DeepSpeed with --deepspeed_config",
                        "Only the HF Trainer (and accelerate or LLaMA-Factory through it) replaces \"auto\" before "
                        "DeepSpeed reads the file; a script that takes --deepspeed_config and calls "
                        "deepspeed.initialize() passes the string on, and DeepSpeed's config refuses it for an "
                        "integer field (a validation error at initialise) or reads \"enabled\": \"auto\" as true. "
                        "Write numbers (and true/false) in the file, or launch through the HF Trainer (--deepspeed).",
                        subject=where, evidence=[ev(where, f"{autos[0]}: \"auto\"")] + [v.evidence() for v in vias[:3]]))
    return out or ok("no DeepSpeed JSON with \"auto\" values reaches DeepSpeed directly")
