"""Launcher command lines against the machine: more ranks per node than visible GPUs."""
from __future__ import annotations

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip
from rocmdoctor.artifacts.settings import env_ev

AREA = "launch"
TORCHRUN = "https://docs.pytorch.org/docs/stable/elastic/run.html"
VISIBLE = ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES")


def _visible(env, gpus) -> tuple[int, list]:
    """How many GPUs a rank sees, and the evidence: the last filter applied wins
    (ROCr filters first, then HIP/CUDA pick from what is left)."""
    n = len([g for g in gpus if not g.integrated])
    evidence = []
    for var in VISIBLE:
        v = env.get(var) if env else None
        if v is None:
            continue
        evidence.append(env_ev(env, var))
        n = min(n, len([x for x in v.split(",") if x.strip() and x.strip() != "-1"]))
    return n, evidence


@check("RD-LCH-001", area=AREA, title="Ranks per node do not exceed the GPUs the job can see", option="config",
       sources=[TORCHRUN, "https://www.deepspeed.ai/getting-started/#resource-configuration-single-node"])
def ranks_per_node(settings, gpus, env=None):
    vals = [v for v in settings.values("launcher", "nproc_per_node")]
    includes = [v for v in settings.values("launcher", "include")]
    if not vals and not includes:
        return ok("no launcher sets the ranks per node (torchrun --nproc_per_node, deepspeed --num_gpus, "
                  "accelerate --num_processes)")
    if not gpus:
        return skip("no AMD GPU on this machine to count", evidence=[v.evidence() for v in vals + includes])
    visible, vis_ev = _visible(env, gpus)
    out = []
    for v in vals:
        try:
            n = int(str(v.value))
        except ValueError:
            continue  # "gpu", "auto", $VAR: decided at launch
        if n <= visible:
            out.append(ok(f"{n} rank(s) per node, {visible} GPU(s) visible", subject=v.origin.label,
                          evidence=[v.evidence()] + vis_ev))
            continue
        out.append(fail(f"{n} ranks per node, but only {visible} GPU(s) are visible",
                        "Ranks beyond the visible GPUs fail at torch.cuda.set_device(local_rank) ('invalid device "
                        "ordinal') or pile onto one GPU.", subject=v.origin.label,
                        evidence=[v.evidence()] + vis_ev + [ev("KFD topology", f"{len(gpus)} GPU(s)")],
                        fix=FixPlan(f"Launch {visible} rank(s) per node", (Action(
                            "note", f"in {v.origin.path} line {v.origin.line}: set it to {visible}",
                            path=v.origin.path),), fixer="config_edit",
                            params={"files": [v.origin.path], "ranks": visible, "edits": [_set_ranks(v, visible)]})))
    total = len([g for g in gpus if not g.integrated]) or len(gpus)
    for v in includes:  # deepspeed --include localhost:2,3 names GPU indexes on each host
        idx = sorted({int(i) for part in str(v.value).split("@") for i in part.rpartition(":")[2].split(",")
                      if i.strip().isdigit()})
        over = [i for i in idx if i >= total]
        if not over:
            out.append(ok(f"--include {v.value}: GPU(s) {idx} exist", subject=v.origin.label, evidence=[v.evidence()]))
            continue
        out.append(fail(f"--include {v.value} names GPU(s) {over}, but this node has {total} (0..{total - 1})",
                        "The DeepSpeed launcher sets CUDA_VISIBLE_DEVICES from --include; an index the node does not "
                        "have leaves ranks without a device ('invalid device ordinal').", subject=v.origin.label,
                        evidence=[v.evidence(), ev("KFD topology", f"{total} GPU(s)")]))
    return out or ok("ranks per node are decided at launch time", evidence=[v.evidence() for v in vals])


def _set_ranks(v, n: int) -> dict:
    """Replace the option's value on its own line (--nproc_per_node=4, --num_gpus 4 ...)."""
    return {"path": v.origin.path, "syntax": "lines",
            "ops": [{"op": "set_in_line", "line": v.origin.line,
                     "pattern": r"(--(?:nproc[_-]per[_-]node|num[_-]gpus|num[_-]processes))([= ]+)(\S+)",
                     "value": str(n)}]}


# ------------------------------------------------------------------ Slurm GPU requests
SLURM_GRES = "https://slurm.schedmd.com/gres.html"
# GPU model tokens Slurm sites use as GRES types: a type that names a model (mi210, a100, k100 ...)
# can be compared with the node's GPUs; any other type is a site alias and is left alone.
_MODEL = __import__("re").compile(r"^(?:mi\d{2,3}[a-z]?|a\d{2,3}|h\d{3}|v100|l40s?|l4|t4|p100|k[0-9]{2,3}(?:ai)?|"
                                  r"z100l?|bw\d{2,4}|rtx\w*|w\d{4}x?|rx\d{4}\w*)$")


def _requests(value: str, option: str) -> list[tuple[str | None, int | None]]:
    """(type, count) of each GPU request: --gres=gpu:mi210:2,dcu:4 / --gpus=mi210:2 / --gpus-per-node=4."""
    out = []
    for part in str(value).split(","):
        bits = [b for b in part.strip().split(":") if b]
        if option == "gres":
            if not bits or bits[0] not in ("gpu", "dcu"):
                continue
            bits = bits[1:]
        count = int(bits[-1]) if bits and bits[-1].isdigit() else (None if bits else 1)
        kind = bits[0].lower() if len(bits) >= 2 or (bits and not bits[0].isdigit()) else None
        out.append((kind, count))
    return out


def _names_model(kind: str, gpus) -> bool:
    import re

    norm = lambda s: re.sub(r"[^a-z0-9]", "", str(s or "").lower())  # noqa: E731
    return any(norm(kind) in norm(g.name) or norm(kind) == norm(g.gfx) for g in gpus)


@check("RD-LCH-002", area=AREA, title="#SBATCH GPU requests (--gres, --gpus) match the node's GPUs", option="config",
       sources=[SLURM_GRES, "https://slurm.schedmd.com/sbatch.html#OPT_gpus"])
def slurm_gpu_request(settings, gpus):
    vals = [v for name in ("gres", "gpus", "gpus-per-node", "gpus-per-task")
            for v in settings.values("launcher", f"sbatch.{name}")]
    if not vals:
        return ok("no #SBATCH GPU request in the files")
    if not gpus:
        return skip("no GPU on this machine to compare the Slurm request with", evidence=[v.evidence() for v in vals])
    real = [g for g in gpus if not g.integrated] or list(gpus)
    names = sorted({g.name or g.gfx or "?" for g in real})
    # --gpus-per-task counts per task: a node must hold it times the tasks placed there.
    per_node = [v for name in ("ntasks-per-node", "tasks-per-node") for v in settings.values("launcher", f"sbatch.{name}")]
    tasks = int(str(per_node[-1].value)) if per_node and str(per_node[-1].value).isdigit() else 1
    out = []
    for v in vals:
        option = v.name.split(".", 1)[1]
        for kind, count in _requests(str(v.value), "gres" if option == "gres" else "gpus"):
            if kind and _MODEL.match(kind) and not _names_model(kind, real):
                out.append(fail(f"#SBATCH --{option}={v.value} asks for {kind} GPUs; this node has {', '.join(names)}",
                                "Slurm places the job only on nodes with that GRES type: it waits for other nodes, "
                                "or the script's settings (ranks, precision, images) were written for another GPU. "
                                f"Request this node's type (or no type: --{option}="
                                f"{'gpu:' if option == 'gres' else ''}{count or len(real)}).",
                                subject=v.origin.label, evidence=[v.evidence(), ev("KFD topology", ", ".join(names))]))
            elif count is not None and option in ("gres", "gpus-per-node") and count > len(real):
                out.append(fail(f"#SBATCH --{option}={v.value} asks for {count} GPUs per node; this node has {len(real)}",
                                "The request cannot be met by a node like this one; Slurm keeps the job pending.",
                                subject=v.origin.label, evidence=[v.evidence(), ev("KFD topology", f"{len(real)} GPU(s)")]))
            elif count is not None and option == "gpus-per-task" and count * tasks > len(real):
                out.append(fail(f"#SBATCH --gpus-per-task={v.value} with {tasks} task(s) per node asks for "
                                f"{count * tasks} GPUs per node; this node has {len(real)}",
                                "The request cannot be met by a node like this one; Slurm keeps the job pending.",
                                subject=v.origin.label, evidence=[v.evidence()] + [p.evidence() for p in per_node[-1:]]
                                + [ev("KFD topology", f"{len(real)} GPU(s)")]))
            else:
                out.append(ok(f"#SBATCH --{option}={v.value} fits this node ({len(real)} x {', '.join(names)})",
                              subject=v.origin.label, evidence=[v.evidence()]))
    return out or ok("no GPU type or count in the Slurm request", evidence=[v.evidence() for v in vals])
