"""The per-task Slurm variables a job reads (SLURM_PROCID, SLURM_LOCALID, SLURM_NODEID): in RANK, LOCAL_RANK and
WORLD_SIZE, in a launcher's rank option, in the GPU a task sees; and whether each task or the batch step reads
them (in the batch step they are 0, and srun hands that 0 to every task)."""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.readers.shell.words import HEREDOC
from rocmdoctor.artifacts.settings import artifact_at, launches
from rocmdoctor.engine.check import check, ev, fail, ok

from .launch_slurm import AREA, TORCHRUN_SLURM, job_nodes, tasks_per_node

SLURM_ENV = "https://slurm.schedmd.com/sbatch.html#SECTION_OUTPUT-ENVIRONMENT-VARIABLES"
TORCH_ENV = "https://docs.pytorch.org/docs/stable/distributed.html#environment-variable-initialization"
_SLURM_REF = re.compile(r"^\$\{?(SLURM_[A-Z_]+)\}?$")
# What each Slurm variable counts, and which differ per task (srun gives each task its own).
_PER_TASK = {"SLURM_PROCID": "the task's global rank", "SLURM_LOCALID": "the task's rank on its node",
             "SLURM_NODEID": "the index of the task's node"}
_COUNTS = {"SLURM_NTASKS": "tasks in the job", "SLURM_NPROCS": "tasks in the job",
           "SLURM_NNODES": "nodes in the job", "SLURM_JOB_NUM_NODES": "nodes in the job",
           "SLURM_NTASKS_PER_NODE": "tasks per node", "SLURM_GPUS_ON_NODE": "GPUs on the node"}
_MEANS = {"RANK": "SLURM_PROCID", "LOCAL_RANK": "SLURM_LOCALID", "WORLD_SIZE": "SLURM_NTASKS"}
_PER_TASK_REF = re.compile(r"\$\{?(" + "|".join(_PER_TASK) + r")\b")
# Options that give a launcher or a training script its rank (torchrun, accelerate, deepspeed, jax, scripts).
_RANK_OPTIONS = {"node_rank", "machine_rank", "rank", "local_rank", "process_id", "node_id", "nodeid"}
# Rendezvous that assign node ranks themselves: torchrun ignores --node_rank with them.
_DYNAMIC_RDZV = re.compile(r"c10d|etcd", re.I)
_DEVICES = ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", "GPU_DEVICE_ORDINAL")
_STARTS_RANKS = ("torchrun", "accelerate", "deepspeed", "colossalai")


def _each_task(v, name: str | None = None, settings=None) -> bool:
    """Read by each task's shell: marked so by the reader (single-quoted `srun bash -c '...'`, a file sourced there),
    written escaped (`export ROCR_VISIBLE_DEVICES=\\$SLURM_LOCALID` in a wrapper a heredoc writes for srun to run), or
    inside a heredoc with a quoted delimiter (`cat << 'EOF' > select_gpu`: the body is written as it stands)."""
    names = name or "(?:" + "|".join(_PER_TASK) + ")"
    if v.per_task or re.search(r"\\\$\{?" + names + r"\b", v.origin.text or ""):
        return True
    art = artifact_at(settings, v.origin.path) if settings is not None else None
    return art is not None and (v.origin.line or 0) in _quoted_heredoc_lines(art)


def _quoted_heredoc_lines(art) -> set[int]:
    """Line numbers of the bodies of heredocs whose delimiter is quoted (`<< 'EOF'`, `<<"EOF"`)."""
    out: set[int] = set()
    lines = art.lines()
    i = 0
    while i < len(lines):
        m = HEREDOC.search(lines[i]) if "<<" in lines[i] else None
        i += 1
        while m and m.group(1) and i < len(lines) and lines[i].strip() != m.group(2):
            out.add(i + 1)
            i += 1
    return out


def _batch_step_files(settings) -> dict[str, tuple]:
    """Files whose lines run in a Slurm batch step (the #SBATCH script and the files it sources),
    each with (the batch script, the line it is sourced at, or 0 for the script itself)."""

    out: dict[str, tuple] = {}
    by_name = {os.path.basename(a.path): a for a in settings.artifacts}
    sourced = [(a, s) for a in settings.artifacts if a.kind == "slurm"
               for s in (a.data.get("sourced", []) if isinstance(a.data, dict) else []) if isinstance(s, dict)]
    # `srun bash -c "source vars.sh; python ..."`: sourced by each task, which sets its own values again
    each = {os.path.basename(str(s.get("path", ""))) for _a, s in sourced if s.get("per_task")}
    for a in settings.artifacts:
        if a.kind == "slurm":
            out[a.path] = (a, 0)
    for a, s in sourced:
        b = by_name.get(os.path.basename(str(s.get("path", ""))))
        if not s.get("per_task") and b is not None and b.path not in out and os.path.basename(b.path) not in each:
            out[b.path] = (a, s.get("line") or 0)
    return out


def _direct_srun(a, after: int) -> dict | None:
    """A command at or after line ``after`` of batch script ``a`` that srun starts as the training
    program itself (python ..., not torchrun/deepspeed/accelerate, which set the ranks themselves)."""
    for c in a.data.get("commands", []) if isinstance(a.data, dict) else []:
        if "srun" in (c.get("via") or []) and c.get("launcher") == "python" and (c.get("line") or 0) >= after:
            return c
    return None


@check("RD-LCH-003", area=AREA, title="RANK, LOCAL_RANK and WORLD_SIZE come from the Slurm variables that mean "
       "them, evaluated per task", option="config", sources=[SLURM_ENV, TORCH_ENV])
def slurm_rank_variables(settings):
    batch = _batch_step_files(settings)
    out = _rank_environment(settings, batch) + _rank_options(settings, batch) + _task_devices(settings, batch)
    return out or ok("no rank or GPU of a task taken from a Slurm variable the batch step reads for every task")


def _rank_environment(settings, batch: dict) -> list:
    vals = [v for name in _MEANS for v in settings.values("env", name)]
    from_slurm = [(v, m.group(1)) for v in vals for m in [_SLURM_REF.match(str(v.value).strip())] if m]
    nodes = job_nodes(settings)
    out = []
    for v, src in from_slurm:
        want = _MEANS[v.name]
        subject = f"{v.origin.label} {v.name}"
        what = _PER_TASK.get(src) or _COUNTS.get(src) or "another Slurm value"
        wrong = None
        if v.name == "WORLD_SIZE" and src in _PER_TASK:
            wrong = f"{v.name} is the number of ranks, but {src} is {what}"
        elif v.name in ("RANK", "LOCAL_RANK") and src in _COUNTS:
            wrong = f"{v.name} is a rank, but {src} is the number of {what}"
        elif v.name in ("RANK", "LOCAL_RANK") and src == "SLURM_NODEID":
            wrong = f"{v.name} is a per-task rank, but {src} is {what}: every task of a node gets the same one"
        elif src in _PER_TASK and src != want and nodes is not None and nodes > 1:
            wrong = f"{v.name} should be {want}, but {src} is {what}, which differs on a {nodes}-node job"
        if wrong:
            out.append(fail(f"{v.name}=${src}: {wrong}",
                            f"PyTorch's env:// rendezvous reads {v.name} as written; ranks then collide or "
                            f"the job waits for ranks that never come. Use {v.name}=${want}.",
                            subject=subject, evidence=[v.evidence()]))
            continue
        where = batch.get(v.origin.path)
        if src in _PER_TASK and where is not None and not _each_task(v, src, settings):
            script, at = where
            run = _direct_srun(script, max(at, (v.origin.line or 0) if script.path == v.origin.path else at))
            if run is not None:
                out.append(fail(f"{v.name}=${src} is set once, in the batch step: every task gets its value",
                                f"The line runs in the batch script's own shell (task 0 of the batch step), before "
                                f"srun starts the tasks (line {run.get('line')} of {script.path}); srun passes the "
                                f"environment on, so every task inherits {v.name}=0 and the ranks collide. Set it "
                                f"inside each task (a wrapper script srun runs, or srun bash -c '...'), or let "
                                f"torchrun set the ranks.", subject=subject,
                                evidence=[v.evidence(), ev(f"{script.path}:{run.get('line')}", "srun ... python")]))
                continue
        out.append(ok(f"{v.name}=${src}", subject=subject, evidence=[v.evidence()]))
    return out


def _rank_options(settings, batch: dict) -> list:
    """`srun torchrun --node_rank $SLURM_NODEID`, `srun bash -c "... --machine_rank $SLURM_PROCID"`, or the option
    baked into LAUNCHER="..." earlier: the batch step's shell expands the variable (0) before srun starts the tasks,
    so every node or task claims rank 0. Escaped (`\\$SLURM_PROCID`) or single-quoted, each task's shell reads it."""
    out, seen = [], set()
    for a in settings.of_kind("shell", "slurm"):
        if a.path not in batch:
            continue
        for c in launches(a):
            if "srun" not in (c.get("via") or []):
                continue
            vals = [v for v in (c.get("launcher_values") or []) + (c.get("train_values") or []) if hasattr(v, "name")]
            rdzv = next((str(v.value) for v in vals if v.name.replace("-", "_") == "rdzv_backend"), "")
            for v in vals:
                name = v.name.replace("-", "_")
                m = _PER_TASK_REF.search(str(v.value))
                if name not in _RANK_OPTIONS or not m or _each_task(v, m.group(1), settings) \
                        or not _many(settings, a, vals, m.group(1)):
                    continue
                if name in ("node_rank", "machine_rank") and _DYNAMIC_RDZV.search(rdzv):
                    continue  # the c10d rendezvous numbers the nodes itself and ignores --node_rank
                line = c.get("line") or 1
                if (a.path, line, name) in seen:
                    continue  # LAUNCHER="torchrun --node_rank $SLURM_PROCID" and the srun line's own --node_rank
                seen.add((a.path, line, name))
                out.append(fail(f"--{name} ${m.group(1)} is expanded by the batch step before srun: every task gets 0",
                                f"The srun line (line {line} of {a.path}) is read by the batch script's own shell, "
                                f"where {m.group(1)} is the batch step's, 0; srun then starts each task with the "
                                f"same --{name} 0, so the tasks all claim rank 0 and the rendezvous never forms (or "
                                f"every rank does rank 0's work). Let each task's shell expand it: "
                                f"srun bash -c '... --{name} ${m.group(1)} ...' (single quotes), or "
                                f"\\${m.group(1)} inside double quotes, or a wrapper script srun runs.",
                                subject=f"{a.path}:{line}", sources=[SLURM_ENV, TORCHRUN_SLURM],
                                evidence=[v.evidence(), ev(f"{a.path}:{line}", f"srun ... {c.get('launcher')}")]))
    return out


def _many(settings, a, vals, var: str) -> bool:
    """Whether the srun step gives ``var`` more than one value: SLURM_NODEID over more than one node, SLURM_LOCALID
    over more than one task on a node, SLURM_PROCID over more than one task. The step's own counts come first."""
    by = {v.name: v for v in vals}
    own = [str(v.value) for v in vals if v.name in _STEP_TASKS]
    job = [str(v.value) for v in settings.values("launcher") if v.origin.path == a.path and v.name in _JOB_TASKS]
    nodes = next((int(x) for x in (str(by[n].value).split("-")[-1] for n in ("srun.N", "srun.nodes") if n in by)
                  if x.isdecimal()), None)
    nodes = job_nodes(settings) if nodes is None else nodes
    per, _ = tasks_per_node(settings, a.path, by)
    several = lambda x: bool(x) and (x.isdecimal() and int(x) > 1 or x.startswith("$"))  # noqa: E731
    count = next((str(v.value) for v in vals if v.name in ("nnodes", "num_machines", "num_nodes")), "")
    multi_node = (nodes or 0) > 1 or nodes is None and count not in ("", "1")
    if var == "SLURM_NODEID":
        return multi_node
    per_node = several(per or "") if per is not None else any(several(t) for t in own or job)
    return per_node or (var == "SLURM_PROCID" and multi_node)


_STEP_TASKS = ("srun.ntasks", "srun.n", "srun.ntasks-per-node")
_JOB_TASKS = ("sbatch.ntasks", "sbatch.ntasks-per-node")


def _task_devices(settings, batch: dict) -> list:
    """`export ROCR_VISIBLE_DEVICES=$SLURM_LOCALID` in the batch step: 0 there, and every task srun starts inherits
    it, so all of a node's tasks (or a launcher's ranks) share GPU 0 while the others idle."""
    out = []
    for v in (v for name in _DEVICES for v in settings.values("env", name)):
        m = _SLURM_REF.match(str(v.value).strip())
        where = batch.get(v.origin.path)
        if not m or m.group(1) not in _PER_TASK or where is None or _each_task(v, m.group(1), settings):
            continue
        script, at = where
        after = max(at, v.origin.line or 0) if script.path == v.origin.path else at
        # `srun --export=NONE` (or a list without ALL and the variable) hands the batch step's environment to no task
        closed = {o.origin.line for o in settings.values("launcher", "srun.export") if o.origin.path == script.path
                  and "ALL" not in str(o.value).upper().split(",") and v.name not in str(o.value)}
        steps = sorted(n for n in (script.data.get("steps") or []) if isinstance(n, int))
        step = next((n for i, n in enumerate(steps) if n >= after and not any(
            n <= c < min(steps[i + 1] if i + 1 < len(steps) else n + 50, n + 50) for c in closed)), None)
        if step is None or any(_each_task(o, m.group(1), settings) or o.origin.path not in batch
                               for o in settings.values("env", v.name)):
            continue  # no job step after it, or each task sets its own (a wrapper script srun runs)
        per, _ = tasks_per_node(settings, script.path, {})
        ranks = any(c.get("launcher") in _STARTS_RANKS and "srun" in (c.get("via") or []) for c in launches(script))
        if not ((per or "").isdecimal() and int(per) > 1 or ranks):
            continue  # one task per node running one process: GPU 0 is its GPU
        out.append(fail(f"{v.name}=${m.group(1)} is set once, in the batch step: every task sees GPU 0",
                        f"The line runs in the batch script's own shell, where {m.group(1)} is 0; srun (line {step} of "
                        f"{script.path}) passes that environment to every task, so all of a node's tasks (and the "
                        f"ranks a launcher starts) see only GPU 0 and the node's other GPUs idle or the ranks fail to "
                        f"find their device. Set it inside each task (a wrapper script srun runs, or srun bash -c "
                        f"'export {v.name}=${m.group(1)}; ...'), or use srun's --gpus-per-task / --gpu-bind.",
                        subject=f"{v.origin.label} {v.name}", sources=[SLURM_ENV],
                        evidence=[v.evidence(), ev(f"{script.path}:{step}", "srun ...")]))
    return out
