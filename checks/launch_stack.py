"""What a job loads besides the files' own settings: a framework module built on CUDA, and the config
file `accelerate launch` reads as its own."""
from __future__ import annotations

from rocmdoctor.engine.check import check, ev, fail, ok, skip

AREA = "launch"


# ------------------------------------------------------------------ CUDA builds loaded by module
@check("RD-LCH-006", area=AREA, title="The job loads no CUDA build of its framework on an AMD node", option="config",
       sources=["https://lmod.readthedocs.io/en/latest/010_user.html",
                "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/3rd-party/pytorch-install.html"])
def cuda_framework_module(settings, gpus):
    """`module load pytorch/2.1.0-cu12` (NERSC, EasyBuild's PyTorch/...-CUDA-12.1.1) puts a CUDA build of
    the framework first on the path: on AMD GPUs it finds no device. A CUDA toolkit module alone
    (`cuda/12.1`) changes nothing the job runs and is not judged."""
    mods = settings.values("build", "cuda_module")
    if not mods:
        return ok("no CUDA build of a framework is loaded by `module load`")
    if not gpus:
        return skip("a CUDA framework module is loaded, but this machine has no AMD GPU to compare",
                    evidence=[v.evidence() for v in mods])
    return [fail(f"`module load {v.value}` loads a CUDA build on a node with AMD GPUs",
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
