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
        v = (env or {}).get(var)
        if v is None:
            continue
        evidence.append(env_ev(env, var))
        n = min(n, len([x for x in v.split(",") if x.strip() and x.strip() != "-1"]))
    return n, evidence


@check("RD-LCH-001", area=AREA, title="Ranks per node do not exceed the GPUs the job can see", option="config",
       sources=[TORCHRUN, "https://www.deepspeed.ai/getting-started/#resource-configuration-single-node"])
def ranks_per_node(settings, gpus, env=None):
    vals = [v for v in settings.values("launcher", "nproc_per_node")]
    if not vals:
        return ok("no launcher sets the ranks per node (torchrun --nproc_per_node, deepspeed --num_gpus, "
                  "accelerate --num_processes)")
    if not gpus:
        return skip("no AMD GPU on this machine to count", evidence=[v.evidence() for v in vals])
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
    return out or ok("ranks per node are decided at launch time", evidence=[v.evidence() for v in vals])


def _set_ranks(v, n: int) -> dict:
    """Replace the option's value on its own line (--nproc_per_node=4, --num_gpus 4 ...)."""
    return {"path": v.origin.path, "syntax": "lines",
            "ops": [{"op": "set_in_line", "line": v.origin.line,
                     "pattern": r"(--(?:nproc[_-]per[_-]node|num[_-]gpus|num[_-]processes))([= ]+)(\S+)",
                     "value": str(n)}]}
