"""*_VISIBLE_DEVICES (ROCR, HIP, CUDA): the GPUs each list selects, applied in the order the runtime
applies them, checked against the GPUs actually present (and a Slurm job's own GPUs)."""
from __future__ import annotations

import re

from rocmdoctor.artifacts.settings import EnvView, env_ev, env_evs
from rocmdoctor.checks.envvars import unset_fix
from rocmdoctor.engine.check import check, fail, ok, skip, warn

HIP_ENV = "https://rocm.docs.amd.com/projects/HIP/en/latest/reference/env_variables.html"
ISOLATION = "https://rocm.docs.amd.com/en/latest/conceptual/gpu-isolation.html"
PARSL_3858 = "https://github.com/Parsl/parsl/issues/3858"

VISIBLE = ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES")


def _select(value: str, pool: list, uuids: dict) -> tuple[list, str | None]:
    """Apply one visible-devices list to ``pool`` (the devices visible so far).
    Returns (visible, problem). Entries are indexes into the pool or GPU-<uuid>."""
    if value.strip() in ("", "-1"):
        return [], "hides every GPU"
    picked: list = []
    for part in (p.strip() for p in value.split(",")):
        if part.isdigit():
            i = int(part)
            if i >= len(pool):
                return picked, f"names index {i}, but only {len(pool)} GPU(s) are visible at that point"
            picked.append(pool[i])
        elif part.upper().startswith("GPU-"):
            match = [g for g in pool if uuids.get(g.node, "").lower() == part.lower()]
            if uuids and not match:
                return picked, f"names {part}, which matches no visible GPU"
            picked.extend(match or [None])
        else:
            return picked, f"has an entry {part!r} that is neither an index nor a GPU-<uuid>"
    return picked, None


def _slurm_job(env, set_vars: dict, settings, node_gpus: int):
    """(count, #SBATCH value) when the variables are set by a batch script that asks Slurm for fewer
    GPUs than the node has and leaves ROCR_VISIBLE_DEVICES to Slurm: the job's GPUs are then the
    only ones HIP numbers (0..count-1), whatever the node holds."""
    if settings is None or "ROCR_VISIBLE_DEVICES" in set_vars or not isinstance(env, EnvView):
        return None
    from rocmdoctor.checks.launch_slurm import job_gpus

    paths = {env.origins[k].origin.path for k in set_vars if k in env.origins}
    if len(paths) != 1:
        return None
    job = job_gpus(settings, paths.pop())
    return job if job is not None and job[0] < node_gpus else None


def _filled_in_later(env, name: str) -> bool:
    """A file's value written as a reference (`HIP_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES}` in a compose
    file, filled from the user's shell or .env when the stack starts) that the reader could not fill:
    unknown here, not an empty list that hides every GPU."""
    v = env.origins.get(name) if isinstance(env, EnvView) else None
    return v is not None and ("$" in str(v.value) or (str(v.value).strip() == "" and "$" in v.origin.text))


@check("RD-ENV-003", area="env", title="*_VISIBLE_DEVICES select GPUs that exist",
       sources=[HIP_ENV, ISOLATION, PARSL_3858])
def visible_devices(env, gpus, kfd_nodes=None, settings=None):
    first = _effective(env, gpus, kfd_nodes, settings)
    return [first, *_other_files(env, gpus, kfd_nodes, settings)] if gpus and settings is not None else first


def _other_files(env, gpus, kfd_nodes, settings) -> list:
    """The lists other files give their own jobs (a Dockerfile's ENV, a compose service's environment, a second
    launch script), which the effective environment above does not hold: a container or a run started from
    that file sees this host's GPUs too, so each list is judged on its own, once per file."""
    # the files that give the effective environment its lists are judged above, as a whole (a later line of the same
    # file overriding an earlier one is that file's own business)
    judged = {v.origin.path for k in VISIBLE if isinstance(env, EnvView) and k in env.origins
              for v in [env.origins[k], *env.same.get(k, [])]}
    uuids = _uuids(kfd_nodes)
    files: dict[str, dict] = {}
    for v in settings.values("env"):
        text = str(v.value).strip()
        if v.name in VISIBLE and v.origin.path not in judged and not (v.trial or v.guard) \
                and text and "$" not in text and "$" not in (v.origin.text or "") and text not in ("-1", "all"):
            files.setdefault(v.origin.path, {})[v.name] = v
    out = []
    for path, vs in files.items():
        _pool, _results, problems = _apply({k: str(v.value) for k, v in vs.items()}, list(gpus), uuids)
        if problems:
            out.append(fail(f"{path.rsplit('/', 1)[-1]}: a visible-devices variable names GPUs that are not there",
                            "; ".join(problems) + f". This host has {len(gpus)} GPU(s) (indexes 0-{len(gpus) - 1}); "
                            "a container or a run started from this file sees those, so a list written for the "
                            "author's machine leaves the job without the GPUs it expects.",
                            subject=path, evidence=[v.evidence() for v in vs.values()]))
    return out


def _apply(set_vars: dict[str, str], pool: list, uuids: dict) -> tuple[list, dict, list[str]]:
    """The lists applied as the runtime applies them: ROCR_VISIBLE_DEVICES filters first; HIP then numbers what
    is left from 0, and HIP_VISIBLE_DEVICES or CUDA_VISIBLE_DEVICES pick from that renumbered list.
    (the pool after ROCr, {HIP/CUDA name: selected}, the problems)."""
    problems, results = [], {}
    if "ROCR_VISIBLE_DEVICES" in set_vars:
        pool, problem = _select(set_vars["ROCR_VISIBLE_DEVICES"], pool, uuids)
        if problem:
            problems.append(f"ROCR_VISIBLE_DEVICES={set_vars['ROCR_VISIBLE_DEVICES']} {problem}")
    for name in ("HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES"):
        if name in set_vars:
            results[name], problem = _select(set_vars[name], pool, uuids)
            if problem:
                problems.append(f"{name}={set_vars[name]} {problem}")
    return pool, results, problems


def _one_command(env, name: str) -> bool:
    """Set as one command's prefix (`NAME="" cmd ...`) at every place that sets it, never exported: it holds for
    those commands alone."""
    places = list(getattr(env, "same", {}).get(name, [])) + [getattr(env, "origins", {}).get(name)]
    pattern = re.compile(rf"^\s*(?:[A-Za-z_]\w*=\S*\s+)*{re.escape(name)}=\S*\s+(?:[A-Za-z_]\w*=\S*\s+)*[^\s=]+(?:\s|$)")
    return all(v is not None and pattern.match(str(getattr(v.origin, "text", "") or "")) for v in places)


def _uuids(kfd_nodes) -> dict:
    return {n.node: f"GPU-{n.props['unique_id']:016x}" for n in kfd_nodes or [] if n.props.get("unique_id")}


# One variable reference, the rank's own index (`$LOCAL_RANK`, `${SLURM_LOCALID}`)
_ONE_VAR = re.compile(r"^\$\{?([A-Za-z_]\w*)\}?$")


def _rank_twice(env, gpus):
    """ROCR_VISIBLE_DEVICES and HIP/CUDA_VISIBLE_DEVICES both set to the rank's index (`=$LOCAL_RANK`): ROCr keeps
    that one GPU and renumbers it 0, then HIP asks for index N of a list of one; every rank but local rank 0 is left
    with no GPU. Frontier's docs set ROCR_VISIBLE_DEVICES alone (or HIP alone)."""
    rocr = str(env.get("ROCR_VISIBLE_DEVICES", "")).strip() if env else ""
    m = _ONE_VAR.match(rocr)
    if m is None or len(gpus or []) < 2:
        return None
    other = next((k for k in ("HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES")
                  if _ONE_VAR.match(str(env.get(k, "")).strip()) and str(env.get(k)).strip().strip("{}$") ==
                  rocr.strip("{}$")), None)
    if other is None:
        return None
    return fail(f"ROCR_VISIBLE_DEVICES and {other} are both ${m.group(1)}: every rank but local rank 0 sees no GPU",
                f"ROCr applies ROCR_VISIBLE_DEVICES first and renumbers what is left from 0, so rank N keeps one GPU, "
                f"numbered 0; {other}={rocr} then asks for GPU N of that list of one, which is not there ('No HIP GPUs "
                "are available', or a hang in init_process_group) for every rank above local rank 0. Set one of them "
                f"(ROCR_VISIBLE_DEVICES={rocr} alone), or set {other}=0 after it.",
                evidence=[*env_evs(env, "ROCR_VISIBLE_DEVICES"), *env_evs(env, other)],
                fix=unset_fix(other, env=env), sources=[HIP_ENV, ISOLATION])


def _effective(env, gpus, kfd_nodes=None, settings=None):
    twice = _rank_twice(env, gpus)
    if twice is not None:
        return twice
    set_vars = {k: env[k] for k in VISIBLE if k in env and not _filled_in_later(env, k)}
    later = [k for k in VISIBLE if k in env and _filled_in_later(env, k)]
    if not set_vars and later:
        return ok(f"{', '.join(later)} filled in when the job starts (a reference to the user's value): not judged",
                  evidence=[env_ev(env, k) for k in later])
    if not set_vars:
        return ok("no *_VISIBLE_DEVICES variable set" + (": every GPU is visible" if gpus else ""))
    evidence = [e for k in set_vars for e in env_evs(env, k)]  # every place that sets it: each is read
    if not gpus:
        return skip("visible-devices variables set, but there is no AMD GPU", evidence=evidence)
    uuids = _uuids(kfd_nodes)
    pool = list(gpus)
    job = _slurm_job(env, set_vars, settings, len(pool))
    if job is not None:  # the batch job's GPUs, numbered 0..N-1 (ROCR_VISIBLE_DEVICES, set by Slurm)
        pool = pool[:job[0]]
        evidence.append(job[1].evidence())
        asked = re.sub(r"\s+#(?!SBATCH).*$", "", job[1].origin.text.strip())[:60]
        problems_note = (f" The batch job asks Slurm for {job[0]} GPU(s) ({asked}): Slurm sets "
                         f"ROCR_VISIBLE_DEVICES to them, and HIP numbers the job's GPUs 0..{job[0] - 1}, whatever the "
                         "node's indexes are.")
    else:
        problems_note = ""
    pool, results, problems = _apply(set_vars, pool, uuids)
    final = next(iter(results.values())) if results else pool
    visible = [g.index for g in final if g is not None]
    data = {"visible_gpus": visible, "variables": set_vars}
    fix = unset_fix(*set_vars, env=env)
    if not final and all(v.strip() in ("-1", "") for v in set_vars.values()) and all(
            _one_command(env, k) for k in set_vars):
        # `CUDA_VISIBLE_DEVICES="" python -m axolotl.cli.preprocess`: written on that one command, a step the user
        # runs on the CPU on purpose (tokenizing, preprocessing); the rest of the script keeps the GPUs
        return ok(f"{', '.join(set_vars)} hides every GPU for one command only: a CPU step on purpose",
                  evidence=evidence, data=data)
    # Ollama's switch (a boolean), llama.cpp's Vulkan device list (any list but -1 picks a device)
    vulkan = [k for k, off in (("OLLAMA_VULKAN", ("", "0", "false", "no")), ("GGML_VK_VISIBLE_DEVICES", ("", "-1")))
              if str(env.get(k) or "").strip().lower() not in off]
    if not final and all(v.strip() in ("-1", "") for v in set_vars.values()) and vulkan:
        # Ollama's (or llama.cpp's) Vulkan backend chosen beside it: HIP hidden so the app does not take ROCm
        # (a Strix Halo setup's override.conf: OLLAMA_VULKAN=1 with HIP_VISIBLE_DEVICES=-1)
        return ok(f"{', '.join(set_vars)} hides the GPUs from HIP on purpose: {vulkan[0]} runs the app on Vulkan",
                  evidence=evidence + [env_ev(env, vulkan[0])], data=data)
    if not final and all(v.strip() in ("-1", "") for v in set_vars.values()):
        # The usual deliberate way to hide every GPU (CPU-only jobs, tests).
        return warn("the visible-devices variables hide every GPU", "; ".join(problems) +
                    ". If this job should train on the GPUs, unset it; for a CPU-only job this is intended.",
                    evidence=evidence, fix=fix, data=data)
    if not final:
        renumber = (" HIP renumbers from 0 after ROCR_VISIBLE_DEVICES filters, so ROCR_VISIBLE_DEVICES=1 with "
                    "HIP_VISIBLE_DEVICES=1 selects nothing." if "ROCR_VISIBLE_DEVICES" in set_vars and results
                    else "")
        return fail("the visible-devices variables leave no GPU: 'No HIP GPUs are available'",
                    "; ".join(problems) + "." + renumber + problems_note, evidence=evidence, fix=fix, data=data)
    if problems:
        return fail("a visible-devices variable names GPUs that are not there",
                    "; ".join(problems) + f". At best the job sees GPU(s) {visible}; PyTorch may refuse to start."
                    + problems_note,
                    evidence=evidence, fix=fix, data=data)
    same = {k: re.sub(r"\s", "", v) for k, v in set_vars.items()}
    if set(set_vars) == {"HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES"} and \
            same["HIP_VISIBLE_DEVICES"] == same["CUDA_VISIBLE_DEVICES"]:
        # One list written under both names (scripts meant for either vendor): HIP reads either
        # name and they agree, so nothing composes and nothing conflicts.
        return ok(f"HIP_VISIBLE_DEVICES and CUDA_VISIBLE_DEVICES name the same GPU(s) {visible}", evidence=evidence,
                  data=data)
    alone = {k: [g.index for g in _select(v, list(gpus), uuids)[0] if g is not None] for k, v in set_vars.items()}
    if len(set_vars) > 1 and all(sel == visible for sel in alone.values()):
        # Each variable alone would select the same GPUs the composition does (ROCR=0..7 with
        # HIP=0..7 on 8 GPUs, a script written for either runtime): nothing to get wrong.
        return ok(f"{' and '.join(set_vars)} are set together and each selects the same GPU(s) {visible}",
                  evidence=evidence, data=data)
    if len(set_vars) > 1:
        disagree = ""
        if len(results) == 2 and [g.index for g in results["HIP_VISIBLE_DEVICES"] if g] != \
                [g.index for g in results["CUDA_VISIBLE_DEVICES"] if g]:
            disagree = (" HIP_VISIBLE_DEVICES and CUDA_VISIBLE_DEVICES select different GPUs here; which one "
                        "wins depends on the HIP and PyTorch versions (PyTorch PR #139866 rejects the pair).")
        return warn(f"{' and '.join(set_vars)} are set together",
                    "They compose (ROCr filters, then HIP renumbers from 0), which is easy to get wrong; "
                    f"the job sees GPU(s) {visible}.{disagree} Use one variable; AMD recommends "
                    "ROCR_VISIBLE_DEVICES on Linux.",
                    evidence=evidence, fix=fix, data=data)
    return ok(f"{next(iter(set_vars))} selects GPU(s) {visible}", evidence=evidence, data=data)
