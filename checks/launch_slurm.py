"""Slurm jobs against the machine: #SBATCH GPU requests, the GPUs a job is given, launchers under srun, and
#SBATCH lines (the per-task Slurm variables a job reads are in slurm_ranks.py)."""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.settings import artifact_at, launches, names_file
from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip

from rocmdoctor.knowledge.slurm import (PYXIS, SBATCH_LONG, SBATCH_MAN, SLURM_CONSTRAINT, SLURM_GRES, model_of,
                                        names_model, nvidia_only, option_problem, requests_of)

AREA = "launch"

# ------------------------------------------------------------------ Slurm GPU requests
def _constraint_findings(settings, real) -> list:
    """A finding for each batch script whose last `--constraint` (the one sbatch keeps) asks for NVIDIA nodes."""
    last: dict = {}
    for v in settings.values("launcher", "sbatch.constraint"):
        last[v.origin.path] = v
    out = []
    for v in last.values():
        wanted = nvidia_only(str(v.value))
        if wanted and not any(names_model(t, real) for t in wanted):
            out.append(fail(f"#SBATCH --constraint={v.value} asks for NVIDIA nodes ({', '.join(dict.fromkeys(wanted))}); "
                            f"this node's GPUs are {', '.join(sorted({g.name or g.gfx or '?' for g in real}))}",
                            "A node feature names what a node is: an AMD node does not carry an NVIDIA board's or "
                            "architecture's feature, so Slurm refuses the job ('Requested node configuration is not "
                            "available') or keeps it pending. Drop the constraint, or ask for this cluster's feature of "
                            "its AMD nodes (`sinfo -o '%N %f'` lists them).",
                            subject=v.origin.label, evidence=[v.evidence(), ev("KFD topology", f"{len(real)} AMD GPU(s)")],
                            sources=[SLURM_CONSTRAINT]))
    return out


@check("RD-LCH-002", area=AREA, title="Slurm GPU requests (#SBATCH or srun --gres, --gpus) match the node's GPUs",
       option="config", sources=[SLURM_GRES, "https://slurm.schedmd.com/sbatch.html#OPT_gpus", SLURM_CONSTRAINT])
def slurm_gpu_request(settings, gpus):
    # the batch script's directives, and an srun's own request (an interactive `srun --gres=gpu:a100:3 --pty bash`)
    vals = [v for tool in ("sbatch", "srun") for name in ("gres", "gpus", "gpus-per-node", "gpus-per-task")
            for v in settings.values("launcher", f"{tool}.{name}")]
    if not vals and not settings.values("launcher", "sbatch.constraint"):
        return ok("no #SBATCH GPU request in the files")
    if not gpus:
        return skip("no GPU on this machine to compare the Slurm request with", evidence=[v.evidence() for v in vals])
    real = [g for g in gpus if not g.integrated] or list(gpus)
    names = sorted({g.name or g.gfx or "?" for g in real})
    # --gpus-per-task counts per task: a node must hold it times the tasks placed there.
    job_tasks = [v for name in ("ntasks-per-node", "tasks-per-node") for v in settings.values("launcher", f"sbatch.{name}")]
    out = []
    for v in vals:
        tool, _, option = v.name.partition(".")
        said = "#SBATCH" if tool == "sbatch" else "srun"
        # an srun's own --ntasks-per-node counts for its own request (the job's is then only a maximum)
        own = [x for x in settings.values("launcher", "srun.ntasks-per-node")
               if tool == "srun" and (x.origin.path, x.origin.line) == (v.origin.path, v.origin.line)]
        per_node = own or job_tasks
        tasks = int(str(per_node[-1].value)) if per_node and str(per_node[-1].value).isdecimal() else 1
        for kind, count in requests_of(str(v.value), "gres" if option == "gres" else "gpus"):
            if kind and model_of(kind) and not names_model(kind, real):
                out.append(fail(f"{said} --{option}={v.value} asks for {kind} GPUs; this node has {', '.join(names)}",
                                "Slurm places the job only on nodes with that GRES type: it waits for other nodes, "
                                "or the script's settings (ranks, precision, images) were written for another GPU. "
                                f"Request this node's type (or no type: --{option}="
                                f"{'gpu:' if option == 'gres' else ''}{count or len(real)}).",
                                subject=v.origin.label, evidence=[v.evidence(), ev("KFD topology", ", ".join(names))]))
            elif count is not None and option in ("gres", "gpus-per-node") and count > len(real):
                out.append(fail(f"{said} --{option}={v.value} asks for {count} GPUs per node; this node has {len(real)}",
                                "The request cannot be met by a node like this one; Slurm keeps the job pending.",
                                subject=v.origin.label, evidence=[v.evidence(), ev("KFD topology", f"{len(real)} GPU(s)")]))
            elif count is not None and option == "gpus-per-task" and count * tasks > len(real):
                out.append(fail(f"{said} --gpus-per-task={v.value} with {tasks} task(s) per node asks for "
                                f"{count * tasks} GPUs per node; this node has {len(real)}",
                                "The request cannot be met by a node like this one; Slurm keeps the job pending.",
                                subject=v.origin.label, evidence=[v.evidence()] + [p.evidence() for p in per_node[-1:]]
                                + [ev("KFD topology", f"{len(real)} GPU(s)")]))
            else:
                out.append(ok(f"{said} --{option}={v.value} fits this node ({len(real)} x {', '.join(names)})",
                              subject=v.origin.label, evidence=[v.evidence()]))
    out += _constraint_findings(settings, real)
    return out or ok("no GPU type or count in the Slurm request", evidence=[v.evidence() for v in vals])


def job_gpus(settings, path: str | None = None):
    """(GPUs per node, the #SBATCH value that asks for them) of the batch job a file runs in:
    under a GPU allocation Slurm gives the job only those GPUs (cgroup and ROCR_VISIBLE_DEVICES),
    which HIP numbers 0..N-1, so *_VISIBLE_DEVICES indexes and rank counts are judged against N,
    not the node's count. `path` is the file that sets or launches (its own #SBATCH lines, else the
    set's only batch script); None when no request gives a count."""
    if settings is None:
        return None
    vals = [v for name in ("gres", "gpus-per-node", "gpus", "gpus-per-task")
            for v in settings.values("launcher", f"sbatch.{name}")]
    files = {v.origin.path for v in vals}
    if path is not None and path in files:
        vals = [v for v in vals if v.origin.path == path]
    elif len(files) != 1 or _own_batch_job(settings, path) or not _runs_in(settings, next(iter(files)), path):
        return None  # a batch script of its own asks for no GPU count: another script's request is another job's
        # (and a script the batch script never names is run some other way: run_multi_gpu.sh beside run_multi.sh)
    nodes = job_nodes(settings) or 1
    per_task = [v for name in ("ntasks-per-node", "tasks-per-node") for v in settings.values("launcher", f"sbatch.{name}")]
    for v in vals:
        option = v.name.split(".", 1)[1]
        counts = [c for _, c in requests_of(str(v.value), "gres" if option == "gres" else "gpus") if c]
        if not counts:
            continue
        n = sum(counts)
        if option == "gpus":
            if n % nodes:
                continue
            n //= nodes
        elif option == "gpus-per-task":
            tasks = str(per_task[-1].value) if per_task else "1"
            if not tasks.isdecimal():
                continue
            n *= int(tasks)
        return n, v
    return None


def _runs_in(settings, batch: str, path: str | None) -> bool:
    """The batch script names the file, or names a file of the set that names it (`srun bash run.sh`, which runs
    `bash train.sh`; `source env.sh`; a config it passes), so what the file sets or launches runs inside that job; a
    file of the set it never reaches is run some other way and is not judged as part of it."""
    job = artifact_at(settings, batch)
    if path is None or path == batch or job is None:
        return True
    texts, seen = [job.text or ""], {batch}
    if artifact_at(settings, path) is None:  # a file the scan did not read: named by the batch script itself
        return names_file(texts[0], path)
    for _ in range(4):  # a chain of scripts, a few deep
        named = [a for a in settings.artifacts if a.path not in seen and any(names_file(t, a.path) for t in texts)]
        if any(a.path == path for a in named):
            return True
        if not named:
            return False
        seen.update(a.path for a in named)
        texts = [a.text or "" for a in named]
    return False


def _own_batch_job(settings, path: str | None) -> bool:
    art = artifact_at(settings, path) if path is not None else None
    return art is not None and art.kind == "slurm"


def job_nodes(settings) -> int | None:
    for name in ("sbatch.nodes", "srun.N", "srun.nodes"):
        for v in settings.values("launcher", name):
            head = str(v.value).split("-")[-1]
            if head.isdecimal():
                return int(head)
    return None



DS_MULTINODE = "https://www.deepspeed.ai/getting-started/#resource-configuration-multi-node"
SLURM_SRUN = "https://slurm.schedmd.com/srun.html"


def _count(settings, *names: str) -> int | None:
    for name in names:
        for v in settings.values("launcher", name):
            head = str(v.value).split("(")[0].split("-")[-1]
            if head.isdecimal():
                return int(head)
    return None


def _srun_tasks(settings, vals: dict) -> int | None:
    """How many tasks an `srun` step starts: its own -n, else the job's ntasks, else nodes x tasks per node."""
    for name in ("srun.ntasks", "srun.n"):
        if name in vals and str(vals[name].value).isdecimal():
            return int(vals[name].value)
    n = _count(settings, "sbatch.ntasks")
    if n is not None:
        return n
    nodes = _count(settings, "srun.nodes", "srun.N") or _count(settings, "sbatch.nodes")
    per = _count(settings, "sbatch.ntasks-per-node")
    return nodes * (per or 1) if nodes is not None else None


TORCHRUN_SLURM = "https://pytorch.org/docs/stable/elastic/run.html"


def tasks_per_node(settings, path: str, vals: dict):
    """(tasks an srun step starts on each node, the value that says so): its own --ntasks-per-node, else its own -n
    over its nodes (Slurm takes -n over the job's --ntasks-per-node, which is then only a maximum), else the job's
    (the #SBATCH lines of its own file); a variable stays as written (`${GPUS_PER_NODE}`)."""
    job = {v.name: v for v in reversed(settings.values("launcher")) if v.origin.path == path and
           v.name.startswith("sbatch.")}
    said = vals.get("srun.ntasks-per-node")
    tasks = next((vals[n] for n in ("srun.ntasks", "srun.n") if n in vals), None)
    if said is None and tasks is not None:
        nodes = next((str(v.value) for v in (vals.get("srun.nodes"), vals.get("srun.N"), job.get("sbatch.nodes"),
                                             job.get("sbatch.N")) if v is not None), "1")
        n = str(tasks.value)
        if n == nodes:  # `-n $SLURM_NNODES -N $SLURM_NNODES`: one per node, whatever the number
            return "1", tasks
        return (str(int(n) // int(nodes)), tasks) if n.isdecimal() and nodes.isdecimal() and int(nodes) else (None, None)
    said = said or job.get("sbatch.ntasks-per-node")
    return (str(said.value).split("(")[0], said) if said is not None else (None, None)


def _torchrun_per_task(a, c, settings, vals: dict):
    """srun starting torchrun more than once per node, each starting --nproc_per_node ranks itself: N x N ranks on
    one node's GPUs (torchrun --nproc_per_node=8 under --ntasks-per-node=8: 64 processes for 8 GPUs)."""
    per, said = tasks_per_node(settings, a.path, vals)
    nproc = str(getattr(vals.get("nproc_per_node"), "value", "") or "")
    many = lambda x: x.isdecimal() and int(x) > 1 or x in ("gpu", "auto") or "$" in x  # noqa: E731
    if not per or not said or not many(nproc) or not (per.isdecimal() and int(per) > 1 or "$" in per and per == nproc):
        return None
    if "$" in nproc and not per.isdecimal() and per != nproc:
        return None
    line = c.get("line") or 1
    return fail(f"srun starts torchrun {per} times on each node, each with --nproc_per_node={nproc} ({a.path} line {line})",
                "torchrun starts --nproc_per_node ranks itself; run once in each of the srun tasks of a node, it starts "
                f"that many ranks {per} times over, on the same GPUs and rendezvous port: the copies collide, or the "
                "job runs with many times its world size. Give srun one task per node (--ntasks-per-node=1) for "
                "torchrun, or drop torchrun and let srun's tasks be the ranks (RANK=$SLURM_PROCID).",
                subject=f"{a.path}:{line}", evidence=[said.evidence(), ev(f"{a.path}:{line}", f"srun ... torchrun "
                                                                         f"--nproc_per_node={nproc}")],
                sources=[TORCHRUN_SLURM, SLURM_SRUN])


@check("RD-LCH-004", area=AREA, title="A launcher that starts its own ranks runs once per node (DeepSpeed's multi-node "
       "one once per job), not once per srun task", option="config", sources=[DS_MULTINODE, TORCHRUN_SLURM, SLURM_SRUN])
def launcher_per_srun_task(settings):
    out = []
    for a in settings.of_kind("shell", "slurm"):
        for c in launches(a):
            vals = {v.name: v for v in c.get("launcher_values") or [] if hasattr(v, "name")}
            if c.get("launcher") == "torchrun" and "srun" in (c.get("via") or []):
                out += [f for f in [_torchrun_per_task(a, c, settings, vals)] if f is not None]
                continue
            if c.get("launcher") != "deepspeed" or "srun" not in (c.get("via") or []):
                continue
            nodes = str(getattr(vals.get("num_nodes"), "value", "") or "")
            multi = "hostfile" in vals or (nodes.isdecimal() and int(nodes) > 1)
            # --no_ssh: each task runs its own node's ranks (with --node_rank); --launcher other than
            # pdsh (slurm, openmpi ...) hands the start to that tool: both are one launcher per node by design
            if not multi or "no_ssh" in vals or "launcher" in vals:
                continue
            tasks = _srun_tasks(settings, vals)
            if tasks is None or tasks < 2:
                continue
            line = c.get("line") or 1
            out.append(fail(f"srun starts the multi-node deepspeed launcher {tasks} times ({a.path} line {line})",
                            "deepspeed with --hostfile/--num_nodes starts every rank on every node itself (over pdsh); "
                            f"run once in each of the {tasks} srun tasks it starts the whole job {tasks} times on the "
                            "same GPUs and port, and the copies collide. Run it once (no srun), or give each task "
                            "its own node with --no_ssh --node_rank=$SLURM_NODEID (or use torchrun per node).",
                            subject=f"{a.path}:{line}", evidence=[ev(f"{a.path}:{line}", "srun ... deepspeed "
                                                                 + " ".join(f"--{k}" for k in vals if "." not in k))],
                            fix=FixPlan("Start the DeepSpeed launcher once", (Action(
                                "note", f"in {a.path} line {line}: drop srun before deepspeed, or add --no_ssh "
                                "--node_rank=$SLURM_NODEID so each task runs its own node", path=a.path),),
                                params={"files": [a.path]})))
    return out or ok("no torchrun or multi-node DeepSpeed launcher started once per srun task")


# ------------------------------------------------------------------ shell variables in #SBATCH lines
SBATCH_DIRECTIVES = "https://slurm.schedmd.com/sbatch.html#lbAG"
_SHELL_VALUE = re.compile(r"\$(?:\{?[A-Za-z_]\w*|\()")
# a script argument: the value itself (`--nodes=$1`, "$@") or a field of it (`--gres=gpu:$2`); not prose ("costs $5")
_ARGUMENT = re.compile(r"""(?:^|[=:,])["']?\$(?:\{\d{1,2}\}|\d|[@*])""")
_TEMPLATE = re.compile(r"templ|tmpl|\.j2$|\.jinja", re.I)


@check("RD-LCH-012", area=AREA, title="#SBATCH lines hold values, not shell variables", option="config",
       sources=[SBATCH_DIRECTIVES])
def sbatch_directive_variables(settings):
    """`#SBATCH --account=${PROJECT}-gpu`, `#SBATCH -N ${NODES}`: sbatch reads its directives before any shell
    runs, so the value is the literal text; the job is refused ('invalid account', 'invalid node count') or
    writes to a folder named `$work_dir`. Only %j, %x and the other filename patterns are filled in."""
    found = [v for v in settings.values("launcher") if v.name.startswith("sbatch.")
             and (_SHELL_VALUE.search(str(v.value)) or _ARGUMENT.search(str(v.value)))
             and not _TEMPLATE.search(os.path.basename(v.origin.path))]  # a template's values are filled in first
    if not found:
        return ok("no #SBATCH value names a shell variable")
    by_file: dict[str, list] = {}
    for v in found:
        by_file.setdefault(v.origin.path, []).append(v)
    return [fail(f"{os.path.basename(path)}: #SBATCH {', '.join(f'--{v.name[7:]}={v.value}' for v in vs[:3])} "
                 f"{'is' if len(vs) == 1 else 'are'} taken literally",
                 "sbatch does not expand shell variables in #SBATCH lines (they are comments to the shell that runs "
                 "the job later), so Slurm gets the text as written and refuses the job or uses a wrong value. Give "
                 "the value on the command line instead (sbatch --account=\"$PROJECT\" job.sh) or through its "
                 "SBATCH_* input variable (SBATCH_ACCOUNT), or write the value itself.",
                 subject=vs[0].origin.label, evidence=[v.evidence() for v in vs[:4]], sources=[SBATCH_DIRECTIVES])
            for path, vs in by_file.items()]


@check("RD-LCH-017", area=AREA, title="#SBATCH lines use options sbatch knows", option="config",
       sources=[SBATCH_MAN, PYXIS])
def sbatch_unknown_options(settings):
    """`#SBATCH --name="PyTorch GPU"` (the option is --job-name), `#SBATCH --gpu=1` (it abbreviates --gpu-bind,
    --gpu-freq and --gpus alike): sbatch stops at the directive ('unrecognized option', 'is ambiguous') and the job is
    never queued. Unique abbreviations (`--err`) and the pyxis/Shifter plugin options pass."""
    found = [(v, option_problem(v.name[7:])) for v in settings.values("launcher") if v.name.startswith("sbatch.")]
    found = [(v, why) for v, why in found if why]
    if not found:
        return ok("every #SBATCH option is one sbatch knows")
    out = []
    for v, why in found:
        opt = v.name[7:]
        near = sorted(o for o in SBATCH_LONG if o.startswith(opt))[:4] if why == "ambiguous" else \
            sorted(o for o in SBATCH_LONG if opt in o or o in opt)[:3]
        out.append(fail(f"{os.path.basename(v.origin.path)}: #SBATCH {'-' if len(opt) == 1 else '--'}{opt} is "
                        f"{'no sbatch option' if why == 'unrecognized' else 'ambiguous to sbatch'}",
                        f"sbatch reads #SBATCH lines as its own options and stops at this one ("
                        f"{'unrecognized option' if why == 'unrecognized' else 'it abbreviates ' + ', '.join(near)}), so "
                        "the job is never queued." + (f" Did you mean {' or '.join('--' + o for o in near)}?" if near
                                                      else ""),
                        subject=v.origin.label, evidence=[v.evidence()], sources=[SBATCH_MAN]))
    return out


# ------------------------------------------------------------------ the first line sbatch checks
SBATCH_NOT_SCRIPT = "https://github.com/SchedMD/slurm/blob/master/src/sbatch/sbatch.c"  # _check_script: "#!" first


@check("RD-LCH-021", area=AREA, title="A batch script starts with #! on its first line", option="config",
       sources=[SBATCH_MAN, SBATCH_NOT_SCRIPT])
def sbatch_first_line(settings):
    """A file with #SBATCH lines whose first line is not `#!...` (a licence comment above the shebang, a blank line):
    sbatch refuses it ('This does not look like a batch script. The first line must start with #! followed by the
    path to an interpreter.') and the job is never queued."""
    out = []
    for a in settings.of_kind("slurm"):
        lines = a.lines()
        if not lines or lines[0].startswith("#!") or not _sbatch_header(lines):
            continue
        bang = next((i for i, t in enumerate(lines, 1) if t.startswith("#!")), None)
        out.append(fail(f"{os.path.basename(a.path)}: sbatch refuses it, its first line is not #!"
                        + (f" (the #! is on line {bang})" if bang else ""),
                        "sbatch checks the first line of the script before anything else: 'This does not look like a "
                        "batch script. The first line must start with #! followed by the path to an interpreter.' "
                        + (f"Move line {bang} to the top (comments go below it)." if bang else
                           "Add `#!/bin/bash` as line 1."), subject=f"{a.path}:1",
                        evidence=[ev(f"{a.path}:1", lines[0].strip()[:200] or "(blank line)")]
                        + ([ev(f"{a.path}:{bang}", lines[bang - 1].strip()[:200])] if bang else []),
                        sources=[SBATCH_MAN]))
    return out or ok("every batch script starts with #!")


def _sbatch_header(lines: list[str]) -> bool:
    """#SBATCH lines above the script's first command: a file sbatch is meant to read, not a script that writes
    a batch script with a heredoc and submits it."""
    for t in lines:
        if t.startswith("#SBATCH"):
            return True
        if t.strip() and not t.lstrip().startswith("#"):
            return False
    return False
