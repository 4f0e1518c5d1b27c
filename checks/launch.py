"""Launcher command lines against the machine: more ranks per node than visible GPUs (Slurm jobs:
checks/launch_slurm.py)."""
from __future__ import annotations

import os

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip
from rocmdoctor.artifacts.settings import EnvView, artifact_at, env_ev, launches, names_file
from rocmdoctor.checks.launch_slurm import job_gpus

AREA = "launch"
TORCHRUN = "https://docs.pytorch.org/docs/stable/elastic/run.html"
VISIBLE = ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES")


def _none_selected(v, vis_ev):
    """A selection that leaves no GPU at all (`HIP_VISIBLE_DEVICES=4,5` on a 2-GPU box, an empty value): that is the
    cause, RD-ENV-003's finding; the count of ranks or of vLLM's GPUs is judged once a GPU is selected."""
    return skip("no GPU is visible to this launch: RD-ENV-003 judges the *_VISIBLE_DEVICES selection",
                subject=v.origin.label, evidence=[v.evidence()] + vis_ev)


def _counted(v, n, run_env, gpus, job=None):
    """(skip finding or None, visible GPUs, evidence) for a launch of ``n`` ranks or GPUs: the visible GPUs, except
    where a *_VISIBLE_DEVICES selection leaves none (RD-ENV-003's finding): a CPU step, or a count the node's GPUs
    would hold, is not judged; a count above them is judged against them."""
    visible, vis_ev = _visible(run_env, gpus, job)
    selection = _selection_ev(run_env)
    if visible or not gpus or not selection:
        return None, visible, vis_ev
    whole, whole_ev = _visible(_unselected(run_env), gpus, job)
    if _cpu_step(run_env) or n <= whole:
        return _none_selected(v, vis_ev), visible, vis_ev
    return None, whole, whole_ev + selection


def _cpu_step(env) -> bool:
    """Every selection set is empty or -1: the GPUs hidden on purpose (a CPU step), not a wrong selection."""
    vals = [str(env.get(var)).strip().strip("'\"") for var in VISIBLE if (env.get(var) if env else None) is not None]
    return bool(vals) and all(x in ("", "-1") for x in vals)


def _selection_ev(env) -> list:
    return [env_ev(env, var) for var in VISIBLE if (env.get(var) if env else None) is not None]


def _unselected(env) -> EnvView:
    """The launch's environment without its *_VISIBLE_DEVICES selection: the GPUs the node or job holds."""
    return EnvView({k: val for k, val in env.items() if k not in VISIBLE},
                   {k: o for k, o in getattr(env, "origins", {}).items() if k not in VISIBLE})


def _visible(env, gpus, job=None) -> tuple[int, list]:
    """How many GPUs a rank sees, and the evidence: the last filter applied wins
    (ROCr filters first, then HIP/CUDA pick from what is left). ``job``: the (count, #SBATCH value)
    of the Slurm allocation the launch runs in, which ROCr filters to unless the files set it."""
    n = len([g for g in gpus if not g.integrated])
    evidence = []
    if job is not None and not (env.get("ROCR_VISIBLE_DEVICES") if env else None) and job[0] < n:
        n = job[0]
        evidence.append(job[1].evidence())
    # ROCr filters first; then HIP_VISIBLE_DEVICES, or CUDA_VISIBLE_DEVICES (HIP's other name for
    # it) when only that is set, picks from what is left: one selection, not two.
    picks = [var for var in VISIBLE[1:] if (env.get(var) if env else None) is not None][:1]
    for var in VISIBLE[:1] + tuple(picks):
        v = env.get(var) if env else None
        if v is None:
            continue
        evidence.append(env_ev(env, var))
        # An index selects a GPU only if that many are left after the filters before it
        # (CUDA_VISIBLE_DEVICES=4,5,6,7 on a 2-GPU job selects none); a UUID counts as one.
        picked = [x.strip() for x in v.split(",") if x.strip() and x.strip() != "-1"]
        if any(x.startswith("$") for x in picked):
            continue  # decided at launch
        n = min(n, len([x for x in picked if not x.isdigit() or int(x) < n]))
    return n, evidence


def _env_for(settings, v, env, _memo: dict | None = None):
    """The environment one launch command runs with: the live (or example) environment, the
    files that set variables for every run (Dockerfile ENV, compose, sourced env files), and its
    own script's exports and `VAR=x cmd` prefixes up to that command; not the variables of other
    launch scripts in the files, which start runs of their own."""
    if not isinstance(env, EnvView) or settings is None:
        return env
    memo = _memo if _memo is not None else {}
    if "vals" not in memo:  # once per check: every launcher value reads the same lists
        memo["vals"] = settings.env_values()
        # scripts that start runs of their own (a compose file's or pod's environment still reaches the scripts
        # its containers run, whatever its own services launch)
        memo["launchers"] = {x.origin.path for x in settings.values("launcher")
                             if _service_span(settings, x.origin.path, x.origin.line) is None}
    path, line = _launch_at(settings, v)
    start = _command_start(settings, path, line, memo)  # where the launch command starts: its own `VAR=x` prefixes
    others = memo["launchers"] - {path}
    merged = {k: val for k, val in env.items() if k not in env.origins}
    origins = {}
    svc = _service_span(settings, path, line)
    for e in memo["vals"]:
        p = e.origin.path
        if p in others or (p == path and (not _in_service(e, svc, line) if svc
                                          else (e.origin.line or 0) > (line or 0))):
            continue
        other = _service_span(settings, p, e.origin.line) if p != path else None
        if other is not None and other["command_lines"][0] <= (e.origin.line or 0) <= other["command_lines"][1]:
            continue  # an export inside another file's container command is that container's own
        if e.command and not (p == path and (start or 0) <= (e.origin.line or 0)) and not (
                p != path and names_file(e.origin.text, path)):
            continue  # `CUDA_VISIBLE_DEVICES=3 llamafactory-cli train` is that command's, not a later launch's (but
            # `HIP_VISIBLE_DEVICES=0,1 bash train.sh` is the environment of the script it runs)
        merged[e.name] = str(e.value)
        origins[e.name] = e
    return EnvView(merged, origins)


def _service_span(settings, path: str, line: int | None) -> dict | None:
    """The compose service or pod container whose command launches at ``line`` (its recorded lines)."""
    from rocmdoctor.artifacts.settings import artifact_at

    a = artifact_at(settings, path)
    if a is None or a.kind not in ("compose", "kubernetes") or not line:
        return None
    return next((s for s in (a.data.get("services") or {}).values() if isinstance(s, dict) and s.get("command_lines")
                 and ((s.get("line") or 0) <= line <= (s.get("last") or 0)  # its own lines, or a command it takes
                      or s["command_lines"][0] <= line <= s["command_lines"][1])), None)  # from an anchor


def _in_service(e, svc: dict, line: int | None) -> bool:
    """A value of the launch's own file that its container runs with: the service's environment wherever it is
    written (below the command, or in an anchor it takes), and its own script's exports before the launch."""
    at = e.origin.line or 0
    cmd = svc.get("command_lines") or [0, 0]
    if cmd[0] <= at <= cmd[1]:
        return at <= (line or 0)  # an export below the launch is for what runs after it
    from rocmdoctor.artifacts.readers.compose import service_env

    named = service_env(svc).get(e.name)
    return (svc.get("line") or 0) <= at <= (svc.get("last") or 0) or (named is not None and named == str(e.value))


def _command_start(settings, path: str, line: int | None, memo: dict) -> int:
    """The first line of the logical command (continuations joined) that holds ``line`` of ``path``."""
    from rocmdoctor.artifacts.readers.shell import logical_lines
    from rocmdoctor.artifacts.settings import artifact_at

    if not line:
        return 0
    spans = memo.setdefault("spans", {})
    if path not in spans:
        a = artifact_at(settings, path)
        spans[path] = [(f, la) for f, la, _ in logical_lines(a.text)] if a is not None and a.text else []
    return next((f for f, la in spans[path] if f <= line <= la), line)


@check("RD-LCH-001", area=AREA, title="Ranks per node do not exceed the GPUs the job can see", option="config",
       sources=[TORCHRUN, "https://www.deepspeed.ai/getting-started/#resource-configuration-single-node"])
def ranks_per_node(settings, gpus, env=None):
    vals = [v for v in settings.values("launcher", "nproc_per_node")]
    includes = [v for v in settings.values("launcher", "include")]
    counted = settings.values("launcher", "gpu_count_source")
    if not vals and not includes and not settings.values("launcher", "vllm.gpus") and not counted:
        return ok("no launcher sets the ranks per node (torchrun --nproc_per_node, deepspeed --num_gpus, "
                  "accelerate --num_processes)")
    if not gpus:
        return skip("no AMD GPU on this machine to count", evidence=[v.evidence() for v in vals + includes])
    out = []
    memo: dict = {}
    picked = {(v.origin.path, v.origin.line) for v in counted if str(v.value).startswith("nvidia-smi:")}
    if picked:  # one launch, one verdict: its GPUs are picked with nvidia-smi, so none are visible to count
        vals, includes = [[v for v in xs if _launch_line(settings, v) not in picked] for xs in (vals, includes)]
    # a launch that expands an options array (`torchrun ${ARGS[@]}`) names again the nvidia-smi count an assignment
    # above it wrote: one finding, at the assignment (a launch's own inline `$(nvidia-smi ...)` is its own count)
    starts = {(a.path, c.get("line")) for a, c in launch_commands(settings)}
    assigned: dict = {}
    for v in counted:
        if v.value == "nvidia-smi" and (v.origin.path, v.origin.line) not in starts:
            assigned[v.origin.path] = min(assigned.get(v.origin.path, v.origin.line), v.origin.line)
    counted = [v for v in counted if not (v.value == "nvidia-smi" and (v.origin.path, v.origin.line) in starts
                                          and assigned.get(v.origin.path, v.origin.line) < v.origin.line
                                          and _expands_array(settings, v))]
    for v in counted:  # NUM_GPUS=$(nvidia-smi -L | wc -l) on an AMD node: nvidia-smi is absent, the count 0
        if str(v.value).startswith("nvidia-smi:"):  # CUDA_VISIBLE_DEVICES picked from nvidia-smi's list
            var = str(v.value).split(":", 1)[1].strip()
            out.append(fail(f"the GPUs this launch sees are picked with nvidia-smi ({var}), which AMD GPUs do not have",
                            "On this node nvidia-smi is absent (or lists no AMD GPU), so the variable is set to an "
                            "empty list: HIP then sees no GPU and every rank fails at its first device call ('no "
                            "HIP GPUs are available'). Pick AMD GPUs with `amd-smi`/`rocm-smi` (or Slurm's "
                            "allocation), or leave the variable unset.", subject=v.origin.label,
                            evidence=[v.evidence(), ev("KFD topology", f"{len(gpus)} AMD GPU(s)")],
                            sources=[NVSMI_ROCM]))
            continue
        out.append(fail(f"the ranks per node are counted with nvidia-smi ({v.origin.label}), which AMD GPUs do not have",
                        "On this node nvidia-smi is not installed (or sees no NVIDIA GPU), so the count is 0: the "
                        "launch fails, or a fallback starts one rank and the other GPUs stay idle without an error. "
                        "Count AMD GPUs with `python -c 'import torch; print(torch.cuda.device_count())'` (a ROCm "
                        "torch answers there), `rocm-smi --showid --csv | grep -c card` or Slurm's SLURM_GPUS_ON_NODE.",
                        subject=v.origin.label, evidence=[v.evidence(), ev("KFD topology", f"{len(gpus)} AMD GPU(s)")],
                        sources=[NVSMI_ROCM]))
    overridden = _overridden_configs(settings)
    for v in vals:
        try:
            n = int(str(v.value))
        except ValueError:
            continue  # "gpu", "auto", $VAR: decided at launch
        if os.path.basename(v.origin.path) in overridden.get("nproc_per_node", ()) and not _on_command_line(settings, v):
            continue  # `accelerate launch --config_file c.yaml --num_processes 1`: the option wins over the file
        run_env = _env_for(settings, v, env, memo)
        if _deepspeed_num_gpus(settings, v) and (run_env.get("CUDA_VISIBLE_DEVICES") if run_env else None):
            out.append(_ds_ignores_cvd(v, n, run_env, gpus))
            continue
        skipped, visible, vis_ev = _counted(v, n, run_env, gpus, job_gpus(settings, _launch_path(settings, v)))
        if skipped:
            out.append(skipped)
            continue
        if n <= visible:
            out.append(ok(f"{n} rank(s) per node, {visible} GPU(s) visible", subject=v.origin.label,
                          evidence=[v.evidence()] + vis_ev))
            continue
        out.append(fail(f"{n} ranks per node, but only {visible} GPU(s) are visible",
                        "Ranks beyond the visible GPUs fail at torch.cuda.set_device(local_rank) ('invalid device "
                        "ordinal') or pile onto one GPU.", subject=v.origin.label,
                        evidence=[v.evidence()] + vis_ev + [ev("KFD topology", f"{len(gpus)} GPU(s)")],
                        # no GPU visible at all: the selection is what is wrong, not the rank count (never plan 0 ranks)
                        fix=FixPlan(f"Launch {visible} rank(s) per node", (Action(
                            "note", f"in {v.origin.path} line {v.origin.line}: set it to {visible}",
                            path=v.origin.path),), fixer="config_edit",
                            params={"files": [v.origin.path], "ranks": visible, "edits": [_set_ranks(v, visible)]})
                        if visible else None))
    for v in settings.values("launcher", "vllm.gpus"):  # one vLLM server: tensor x pipeline parallel GPUs
        n = int(str(v.value))
        skipped, visible, vis_ev = _counted(v, n, _env_for(settings, v, env, memo), gpus)
        if skipped:
            out.append(skipped)
            continue
        if n <= visible:
            out.append(ok(f"vLLM runs on {n} GPU(s), {visible} visible", subject=v.origin.label,
                          evidence=[v.evidence()] + vis_ev))
            continue
        out.append(fail(f"vLLM asks for {n} GPUs (tensor x pipeline parallel), but only {visible} are visible",
                        "vLLM starts one worker per GPU of the tensor/pipeline-parallel group and stops at start-up "
                        "when there are fewer GPUs than the group's size.", subject=v.origin.label,
                        evidence=[v.evidence()] + vis_ev + [ev("KFD topology", f"{len(gpus)} GPU(s)")],
                        fix=FixPlan(f"Use a parallel size of at most {visible}", (Action(
                            "note", f"in {v.origin.path} line {v.origin.line}: set --tensor-parallel-size "
                                    f"(times --pipeline-parallel-size) to at most {visible}", path=v.origin.path),))))
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


DS_RUNNER = "https://github.com/deepspeedai/DeepSpeed/blob/master/deepspeed/launcher/runner.py"


def _launch_at(settings, v) -> tuple[str, int | None]:
    """(script, line) of the launch that runs with value v: an accelerate config's num_processes
    counts for the script whose `accelerate launch --config_file` names it, with that script's
    environment at its launch line."""
    for cmd in _commands(settings):
        lvals = cmd.get("launcher_values") or []
        if any(v is x for x in lvals):
            return v.origin.path, v.origin.line
        names = {os.path.basename(str(x.value)) for x in lvals if x.name == "config_file"}
        if lvals and os.path.basename(v.origin.path) in names:
            return lvals[0].origin.path, cmd.get("line") or lvals[0].origin.line
    return v.origin.path, v.origin.line


def _expands_array(settings, v) -> bool:
    art = artifact_at(settings, v.origin.path)
    line = art.lines()[v.origin.line - 1] if art is not None and v.origin.line and v.origin.line <= len(art.lines()) else ""
    return "[@]}" in line or "[*]}" in line


def _launch_line(settings, v) -> tuple[str, int | None]:
    """(script, first line) of the launch command that value v belongs to (an option on a continuation
    line, or an accelerate config's num_processes that the command names), where the reader puts what
    it found about the launch as a whole."""
    for a, cmd in launch_commands(settings):
        lvals = cmd.get("launcher_values") or []
        names = {os.path.basename(str(x.value)) for x in lvals if x.name == "config_file"}
        if any(v is x for x in lvals) or (lvals and os.path.basename(v.origin.path) in names):
            return a.path, cmd.get("line")
    return v.origin.path, v.origin.line


def _launch_path(settings, v) -> str:
    return _launch_at(settings, v)[0]


def _deepspeed_num_gpus(settings, v) -> bool:
    """v is `deepspeed --num_gpus N` on a command line (not torchrun's or accelerate's count)."""
    return any(cmd.get("launcher") == "deepspeed" and any(v is x for x in cmd.get("launcher_values") or ())
               for cmd in _commands(settings))


def _ds_ignores_cvd(v, n: int, env, gpus):
    """DeepSpeed's runner ignores CUDA_VISIBLE_DEVICES once --num_gpus (or --include) is given
    ('Detected CUDA_VISIBLE_DEVICES=... but ignoring it') and hands its ranks GPUs 0..N-1 of what
    ROCr/HIP leave visible: a selection that is not 0..N-1 is not the GPUs the job runs on."""
    cvd = str(env.get("CUDA_VISIBLE_DEVICES"))
    picked = [x.strip() for x in cvd.split(",") if x.strip()]
    rest = EnvView({k: val for k, val in env.items() if k != "CUDA_VISIBLE_DEVICES"},
                   {k: o for k, o in getattr(env, "origins", {}).items() if k != "CUDA_VISIBLE_DEVICES"})
    visible, vis_ev = _visible(rest, gpus)
    evidence = [v.evidence(), env_ev(env, "CUDA_VISIBLE_DEVICES")] + vis_ev
    if any(x.startswith("$") for x in picked) or picked == [str(i) for i in range(n)]:
        if n <= visible:
            return ok(f"deepspeed --num_gpus {n}: GPUs 0..{n - 1}, {visible} visible", subject=v.origin.label,
                      evidence=evidence)
    elif n <= visible:
        return fail(f"deepspeed --num_gpus {n} ignores CUDA_VISIBLE_DEVICES={cvd}: its ranks take GPUs 0..{n - 1}",
                    f"DeepSpeed's launcher ignores CUDA_VISIBLE_DEVICES when --num_gpus, --include or --num_nodes is "
                    f"given and sets it to 0..{n - 1} for its ranks: the job runs on GPUs 0..{n - 1}, not on the "
                    f"{len(picked)} the script selected (on a node with only those GPUs, ranks beyond them have no "
                    "device). Select GPUs with --include localhost:<ids>, or drop --num_gpus so that the launcher "
                    "takes CUDA_VISIBLE_DEVICES as its selection.",
                    subject=v.origin.label, evidence=evidence, sources=[DS_RUNNER])
    return fail(f"{n} ranks per node, but only {visible} GPU(s) are visible",
                "Ranks beyond the visible GPUs fail at torch.cuda.set_device(local_rank) ('invalid device "
                "ordinal') or pile onto one GPU.", subject=v.origin.label,
                evidence=evidence + [ev("KFD topology", f"{len(gpus)} GPU(s)")])


NVSMI_ROCM = "https://rocm.docs.amd.com/projects/amdsmi/en/latest/how-to/using-AMD-SMI-CLI-tool.html"


def launch_commands(settings):
    """(artifact, command) for every launcher command the shell reader found in the files."""
    for a in settings.artifacts:
        yield from ((a, c) for c in launches(a))


def _commands(settings):
    return (c for _, c in launch_commands(settings))


def _overridden_configs(settings) -> dict[str, set[str]]:
    """{launcher option: base names of the config files a launch names and overrides it for}: a
    command-line option beats the same key of the file given with --config_file (accelerate's
    launch merges the file under the options)."""
    out: dict[str, set[str]] = {}
    for cmd in _commands(settings):
        lvals = cmd.get("launcher_values") or []
        files = {os.path.basename(str(x.value)) for x in lvals if x.name in ("config_file", "deepspeed_config_file")}
        for x in lvals if files else ():
            out.setdefault(x.name, set()).update(files)
    return out


def _on_command_line(settings, v) -> bool:
    return any(v is x for cmd in _commands(settings) for x in cmd.get("launcher_values") or ())


def _set_ranks(v, n: int) -> dict:
    """Replace the option's value on its own line (--nproc_per_node=4, --num_gpus 4 ...)."""
    return {"path": v.origin.path, "syntax": "lines",
            "ops": [{"op": "set_in_line", "line": v.origin.line,
                     "pattern": r"(--(?:nproc[_-]per[_-]node|num[_-]gpus|num[_-]processes))([= ]+)(\S+)",
                     "value": str(n)}]}
