"""The GPUs a cloud task spec asks for against this machine's: SkyPilot's `accelerators: H100:8` (or a set of choices,
`{A100:8, H100:8}`) and dstack's `resources: gpu: A100:80GB:2` / `gpu: "RTX 4090"`. A request that names only other
GPU models is never placed on a node like this one: SkyPilot finds no such accelerator on the AMD cluster and dstack no
offer or fleet instance, and the job waits or fails to provision."""
from __future__ import annotations

import re

from rocmdoctor.engine.check import check, ev, fail, ok, skip
from rocmdoctor.knowledge.slurm import model_of, names_model

SKY = "https://docs.skypilot.co/en/latest/reference/yaml-spec.html"
DSTACK = "https://dstack.ai/docs/reference/dstack.yml/task/"


def requested_models(value: str) -> list[str]:
    """The GPU models a request names: each choice's name before its memory and count (`A100:80GB:2` -> A100,
    `{L4:1, A10G:1}` -> L4, A10G); a memory or count alone (`24GB..`, `2`) names none."""
    out = []
    for part in re.split(r"[,{}\[\]]", value):
        # dstack's `vendor:name:memory:count` may lead with the vendor (`amd:MI300X:8`): the first part naming a model
        named = [p.strip() for p in part.strip().strip("'\"").split(":") if model_of(p.strip().lower())]
        name = next((p for p in named if model_of(p.lower()) != "nvidia"), named[0] if named else "")  # a board first
        if name:
            out.append(name)
    return out


@check("RD-LCH-022", area="launch", title="A cloud task spec asks for GPUs this machine has (SkyPilot, dstack)",
       option="config", sources=[SKY, DSTACK])
def task_gpu_request(settings, gpus):
    vals = settings.values("launcher", "task.gpus")
    if not vals:
        return ok("no SkyPilot or dstack GPU request in the files")
    if not gpus:
        return skip("no GPU on this machine to compare the task's request with", evidence=[v.evidence() for v in vals])
    real = [g for g in gpus if not g.integrated] or list(gpus)
    names = ", ".join(sorted({g.name or g.gfx or "?" for g in real}))
    out = []
    for v in vals:
        models = requested_models(str(v.value))
        if models and not any(names_model(m.lower(), real) for m in models):
            out.append(fail(f"`{v.value}` asks for {', '.join(models)} GPUs; this node has {names}",
                            "The scheduler places the task only where the named GPU is: SkyPilot finds no such "
                            "accelerator among this cluster's AMD nodes and dstack no offer or fleet instance with it, so "
                            "the job waits or fails to provision (and its images and packages were picked for that GPU). "
                            "Ask for this machine's GPU (SkyPilot `accelerators: MI300X:8`; dstack `gpu: MI300X:8`, "
                            "or a memory size alone).", subject=v.origin.label,
                            evidence=[v.evidence(), ev("KFD topology", names)], sources=[SKY, DSTACK]))
        else:
            out.append(ok(f"`{v.value}` can be met here ({len(real)} x {names})" if models else
                          f"`{v.value}` names no GPU model", subject=v.origin.label,
                          evidence=[v.evidence()]))
    return out
