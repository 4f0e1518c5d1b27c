"""What a job loads besides the files' own settings: a framework module built on CUDA, and the config
file `accelerate launch` reads as its own."""
from __future__ import annotations

from rocmdoctor.engine.check import check, ev, fail, ok, skip, warn

AREA = "launch"


# ------------------------------------------------------------------ CUDA builds loaded by module
@check("RD-LCH-006", area=AREA, title="The job loads no CUDA build of its framework on an AMD node", option="config",
       sources=["https://lmod.readthedocs.io/en/latest/010_user.html",
                "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/3rd-party/pytorch-install.html"])
def cuda_framework_module(settings, gpus):
    """`module load pytorch/2.1.0-cu12` (NERSC, EasyBuild's PyTorch/...-CUDA-12.1.1) puts a CUDA build of
    the framework first on the path: on AMD GPUs it finds no device (a fail). NVIDIA's toolkit modules
    (`cuda/12.1`, `nccl/2.18`) say the job was set up for an NVIDIA cluster: a warning."""
    mods = settings.values("build", "cuda_module")
    kits = settings.values("build", "cuda_toolkit_module")
    if not mods and not kits:
        return ok("no CUDA build of a framework is loaded by `module load`")
    if not gpus:
        return skip("a CUDA framework module is loaded, but this machine has no AMD GPU to compare",
                    evidence=[v.evidence() for v in mods + kits])
    by_line: dict[str, list] = {}
    last: tuple = ("", -9, "")
    for v in sorted(kits, key=lambda v: (v.origin.path, v.origin.line or 0)):
        # one finding per `module load` command, however many NVIDIA modules it names (continued lines too)
        at = (v.origin.path, v.origin.line or 0)
        label = last[2] if at[0] == last[0] and at[1] - last[1] <= 1 else v.origin.label
        by_line.setdefault(label, []).append(v)
        last = (*at, label)
    toolkit = [warn(f"`module load {' '.join(str(v.value) for v in vs)}`: NVIDIA's CUDA stack on a node with AMD GPUs",
                    "The job was set up for an NVIDIA cluster: on an AMD node the module is absent (`module load` "
                    "fails, and under `set -e` the job stops) or puts NVIDIA's libraries (libcudart, libnccl) first on "
                    "LD_LIBRARY_PATH and CUDA_HOME, where extension builds and the environment the job activates look. "
                    "Load the site's ROCm module (rocm/<version>) instead.", subject=label,
                    evidence=[vs[0].evidence(), ev("KFD topology", ", ".join(sorted({g.name or g.gfx or "?" for g in gpus})))])
               for label, vs in by_line.items()]
    return toolkit + [fail(f"`module load {v.value}` loads a CUDA build on a node with AMD GPUs",
                 "The module's framework (its name says CUDA) is built against CUDA: on this node "
                 "torch.cuda.is_available() is False and the job fails at its first GPU call, or runs on the CPU. "
                 "Load the site's ROCm build of the framework (a name with rocm), or install a ROCm wheel.",
                 subject=v.origin.label, evidence=[v.evidence(), ev("KFD topology", ", ".join(
                     sorted({g.name or g.gfx or "?" for g in gpus})))]) for v in mods]


# ------------------------------------------------------------------ accelerate's own config file
ACCELERATE_CONFIG = "https://huggingface.co/docs/accelerate/package_reference/cli#accelerate-launch"


@check("RD-LCH-007", area=AREA, title="accelerate launch --config_file names an accelerate config", option="config",
       sources=[ACCELERATE_CONFIG, "https://huggingface.co/docs/accelerate/usage_guides/deepspeed"])
def accelerate_config_file(settings):
    """`accelerate launch --config_file ds_z3.json` reads the file as accelerate's own config and stops
    on its keys ('The config file ... had unknown keys'); a DeepSpeed JSON goes under
    `deepspeed_config.deepspeed_config_file` of that config, or `--deepspeed_config_file`."""
    import os

    vals = settings.values("launcher", "config_file")
    if not vals:
        return ok("no accelerate launch names a config file")
    by_path = {os.path.normpath(a.path): a for a in settings.artifacts}
    by_name: dict = {}
    for a in settings.artifacts:
        by_name.setdefault(os.path.basename(a.path), []).append(a)
    out = []
    for v in vals:
        name = str(v.value)
        here = os.path.normpath(os.path.join(os.path.dirname(v.origin.path), name))
        target = by_path.get(here) or next(iter(by_name.get(os.path.basename(name), [])[:1]), None)
        if target is None:
            continue  # not among the files: nothing to judge
        if target.kind != "deepspeed":
            out.append(ok(f"--config_file {name} is not a DeepSpeed JSON", subject=v.origin.label,
                          evidence=[v.evidence()]))
            continue
        out.append(fail(f"accelerate launch --config_file {name} is a DeepSpeed JSON, not an accelerate config",
                        "accelerate reads --config_file as its own config (compute_environment, distributed_type, "
                        "num_processes ...) and stops: 'The config file at ... had unknown keys'. Write an "
                        "accelerate config with distributed_type: DEEPSPEED and deepspeed_config: "
                        f"{{deepspeed_config_file: {name}}}, or pass --use_deepspeed --deepspeed_config_file {name}.",
                        subject=v.origin.label, evidence=[v.evidence(), ev(target.path, "DeepSpeed JSON (top-level "
                                                                          "keys: " + ", ".join(list(target.data)[:5])
                                                                          + ")" if isinstance(target.data, dict)
                                                                          else "DeepSpeed JSON")]))
    return out or ok("the accelerate config files named are not among the files read")


# ------------------------------------------------------------------ accelerate's deepspeed_config block
ACCELERATE_DS = "https://huggingface.co/docs/accelerate/usage_guides/deepspeed#accelerate-deepspeed-plugin"
# What `accelerate launch` takes from a config's deepspeed_config (its DeepSpeed launch options,
# accelerate/commands/launch.py): anything else is set on the parsed arguments and never read.
ACCELERATE_DS_KEYS = frozenset({
    "zero_stage", "offload_optimizer_device", "offload_param_device", "offload_optimizer_nvme_path",
    "offload_param_nvme_path", "gradient_accumulation_steps", "gradient_clipping", "zero3_init_flag",
    "zero3_save_16bit_model", "deepspeed_config_file", "deepspeed_hostfile", "deepspeed_exclusion_filter",
    "deepspeed_inclusion_filter", "deepspeed_multinode_launcher", "deepspeed_moe_layer_cls_names",
})


@check("RD-LCH-009", area=AREA, title="An accelerate config's deepspeed_config holds only keys accelerate reads",
       option="config", sources=[ACCELERATE_DS, ACCELERATE_CONFIG])
def accelerate_deepspeed_keys(settings):
    """`deepspeed_config:` in an accelerate YAML is accelerate's DeepSpeed plugin, not a DeepSpeed JSON:
    JSON keys written there (overlap_comm, reduce_bucket_size, stage3_*, a nested zero_optimization,
    pipeline_parallel_size ...) are ignored without a word, so the tuning they stand for never happens.
    They belong in a DeepSpeed JSON named by deepspeed_config_file."""
    import os
    import re

    from rocmdoctor.artifacts.configfiles import ACCELERATE

    out = []
    for art in settings.of_kind(ACCELERATE):
        ds = art.data.get("deepspeed_config") if isinstance(art.data, dict) else None
        if not isinstance(ds, dict):
            continue
        unknown = [str(k) for k in ds if str(k) not in ACCELERATE_DS_KEYS]
        if not unknown:
            out.append(ok(f"{os.path.basename(art.path)}: deepspeed_config uses accelerate's own keys", subject=art.path))
            continue
        start = art.line_of(r"^deepspeed_config\s*:") or 0
        evidence = []
        for k in unknown[:8]:
            n = art.line_of(r"^\s+" + re.escape(k) + r"\s*:", start) or start or None
            evidence.append(ev(f"{art.path}:{n}" if n else art.path, f"deepspeed_config.{k}"))
        name = os.path.basename(art.path)
        files = [k for k in unknown if k.lower().endswith((".json", ".yaml", ".yml"))]
        hint = (f" {files[0]} is written as a key (`deepspeed_config: {{{files[0]}}}`), so the JSON is never read: "
                f"write `deepspeed_config_file: {files[0]}` under deepspeed_config. " if files else "")
        out.append(warn(f"{name}: deepspeed_config keys accelerate does not read: {', '.join(unknown[:6])}"
                        + (" ..." if len(unknown) > 6 else ""),
                        hint + "accelerate's deepspeed_config takes its plugin's keys only (zero_stage, offload_*_device, "
                        "zero3_init_flag, gradient_accumulation_steps, deepspeed_config_file ...); DeepSpeed JSON keys "
                        "written there are dropped silently, so DeepSpeed runs with its defaults for them. Put them in a "
                        "DeepSpeed JSON and name it with deepspeed_config_file.", subject=art.path, evidence=evidence))
    return out or ok("no accelerate config with a deepspeed_config block")
