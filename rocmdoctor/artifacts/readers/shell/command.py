"""One simple command of a script: assignments and exports, aliases, ``source``, ``set -a``,
``module load``, builds and ``pip install``; then the launch: wrappers, sudo, env, srun/mpirun,
``docker run`` and other container runners, ``srun bash -c '...'``, and the launcher itself."""
from __future__ import annotations

import dataclasses
import os
import re
import shlex

from ...settings import BUILD, CONTAINER, ENV, LAUNCHER, TRAIN, Artifact
from .. import containers
from ..training import ranks_per_node
from .builds import (_BUILDS, _CRAY_ACCEL, _CRAY_PENDING, _CUDA_FRAMEWORK, _CUDA_TOOLKIT, _modules_loaded,
                     pip_program, pip_requirements, record_arch_flags, record_backend_flags,
                     record_implicit_flags)
from .docker import _IMAGE_REF, _build_target, _container, image_written
from .expand import ALLEXPORT, _assign_defaults, _split_held_commands, substitute
from .launchers import (_ACCELERATE_FLAGS, _ACCELERATE_OPTS, _DEEPSPEED_OPTS, _SHELLS, _TORCHRUN_OPTS, _WRAPPERS,
                        GPU_COUNT_OPTS, _launcher_opts, _looks_like_program, _script, _script_args, _vllm,
                        _vllm_parallel)
from .nvidia_smi import _FROM_NVSMI, _NVSMI, _devices_from_nvidia_smi, _gpu_count_from_nvidia_smi
from .blocks import expand_arrays
from .places import _DEFINED, Spanned, _line_before, _line_or_defined, _line_with, _written_at
from .words import _ASSIGN, _opt, commands



# Launchers run as modules of their package: the same launcher with the same options.
_LAUNCHER_MODULES = {"accelerate.commands.launch": ["accelerate", "launch"],
                     "deepspeed.launcher.runner": ["deepspeed"], "torch.distributed.run": ["torchrun"],
                     "torch.distributed.launch": ["torchrun"]}

def _command(art: Artifact, words: list[str], first: int, last: int, variables: dict, exported: set,
             physical: list[str]) -> None:
    words = list(words)
    if any("[@]}" in w or "[*]}" in w for w in words):
        words, lines = expand_arrays(words, variables)
        if lines:
            physical = Spanned(physical, lines)  # type: ignore[assignment]  # a view read as the lines are
    prefix_env: dict[str, str] = {}
    while words and (am := _ASSIGN.match(words[0])):
        k, v = am.groups()
        prefix_env[k] = substitute(v, variables)
        words.pop(0)
    if not words:  # plain assignments: shell variables, in the environment only if exported
        for k, v in prefix_env.items():
            variables[k] = v
            variables[_DEFINED + k] = _line_with(physical, first, last, r"(?:^|[\s;])" + re.escape(k) + "=")
            if _NVSMI.search(v):  # NUM_GPUS=$(nvidia-smi -L | wc -l): a count only NVIDIA's tool can give
                variables[_FROM_NVSMI + k] = variables[_DEFINED + k]
            elif "$(" in v or "`" in v:
                variables.pop(_FROM_NVSMI + k, None)
            if ALLEXPORT in variables:  # `set -a`: every variable assigned from here on is exported
                exported.add(k)
            if k in exported:
                art.add(ENV, k, v, first)
        return
    head = os.path.basename(words[0])
    if head == "unset":  # `unset CXXFLAGS`: gone from the environment of the commands after it
        for w in words[1:]:
            if not w.startswith("-"):
                variables.pop(w, None)
                exported.discard(w)
        return
    if head == "alias":  # alias drun='docker run -it --device=/dev/kfd ...': later `drun IMAGE` runs that
        for w in words[1:]:
            k, eq, v = w.partition("=")
            if eq and re.match(r"^[\w.-]+$", k):
                variables["alias " + k] = v  # a key no shell variable can have
        return
    alias = variables.get("alias " + words[0])
    if alias is not None:
        try:
            words = shlex.split(alias) + words[1:]
        except ValueError:
            words = alias.split() + words[1:]
        head = os.path.basename(words[0]) if words else ""
        if not words:
            return
    if head == "eval" and len(words) > 1 and int(variables.get(_EVAL_DEPTH, 0)) < 3:
        for k, v in prefix_env.items():  # `NCCL_DEBUG=INFO eval $cmd`: set for what eval runs
            art.add(ENV, k, v, _line_with(physical, first, last, re.escape(k) + "="), command=True)
        _eval(art, words, first, last, variables, exported, physical)
        return
    if head in ("echo", "printf") and nccl_conf_target(words):
        for k, v in nccl_conf_settings(words):
            art.add(ENV, k, substitute(v, variables), _line_with(physical, first, last, re.escape(k) + "="))
        return
    if head in ("source", ".") and len(words) > 1:
        # `source env.sh`: its assignments run in this shell, at this point (a Slurm script's
        # batch step, for RD-LCH-003)
        art.data.setdefault("sourced", []).append({"line": first, "path": substitute(words[1], variables)})
        return
    if head in ("local", "readonly", "declare", "typeset") and "-x" not in words[1:2]:
        # `local N=$(nvidia-smi ...)` inside a function: a shell variable, not exported
        for w in words[1:]:
            m = _ASSIGN.match(w)
            if m and not w.startswith("-"):
                k, v = m.group(1), substitute(m.group(2), variables)
                variables[k] = v
                if _NVSMI.search(v):
                    variables[_FROM_NVSMI + k] = _line_with(physical, first, last, re.escape(k) + "=")
        if head in ("local", "readonly"):
            return
    if head in ("export", "declare", "typeset") and (head == "export" or "-x" in words[1:2]):
        for w in words[1:]:
            if w.startswith("-"):
                continue
            m = _ASSIGN.match(w)
            if m:
                k, v = m.group(1), substitute(m.group(2), variables)
                variables[k] = v
                variables[_DEFINED + k] = _line_with(physical, first, last, re.escape(k) + "=")
                if _NVSMI.search(v):  # CUDA_VISIBLE_DEVICES=$(nvidia-smi ... ) (or from a variable that was)
                    variables[_FROM_NVSMI + k] = variables[_DEFINED + k]
                else:
                    variables.pop(_FROM_NVSMI + k, None)
                exported.add(k)
                art.add(ENV, k, v, _line_with(physical, first, last, re.escape(k) + "="))
            elif re.match(r"^[A-Za-z_]\w*$", w):
                exported.add(w)
                if w in variables:
                    art.add(ENV, w, variables[w], first)
        return
    for k, v in prefix_env.items():  # A=B cmd: set for that command (the launcher and its ranks)
        art.add(ENV, k, v, _line_with(physical, first, last, re.escape(k) + "="), command=True)
    if head in ("env", "export"):
        # `env "$cfg" python ...` in `for cfg in "${configs[@]}"`: each element that is VAR=value is
        # an environment the command runs under in turn (one per pass), written on the element's line
        for w in words[1:]:
            m = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?", w)
            for value, n in variables.get("loop " + m.group(1), []) if m else ():
                a = _ASSIGN.match(value)
                if a:
                    art.add(ENV, a.group(1), a.group(2), n or first, trial=True)
    if head == "set":  # set -a / set -o allexport ... set +a / set +o allexport
        for flag, on in ((w[1:], w[0] == "-") for w in words[1:] if w[:1] in "-+" and len(w) > 1):
            if "a" in flag or (flag == "o" and "allexport" in words):
                if on:
                    variables[ALLEXPORT] = "1"
                else:
                    variables.pop(ALLEXPORT, None)
        return
    _assign_defaults(art, words, first, variables, exported)
    raw = words
    words = [substitute(w, variables) for w in words]
    if any(w.startswith("$") for w in raw):
        raw, words = _split_held_commands(raw, words, " ".join(physical[first - 1:last]))
    if head in ("module", "ml") and len(words) > 1:
        # `module load rocm/5.7.0` (LUMI, Frontier): a ROCm user space on the host's driver (RD-IMG-003)
        for w in _modules_loaded(head, words[1:]):
            # rocm/5.7.0 itself, or a module built on a ROCm release that its name states: LUMI's
            # PyTorch/2.2.2-rocm-5.6.1-python-3.10-singularity-... (a container of that ROCm)
            # A module's name is a path whose last two parts are name/version (Lmod, Environment
            # Modules): compiler/rocm/3.9.1 on Sugon/Hygon clusters is rocm 3.9.1 too.
            # HPE Cray PE's `amd/5.4.3` and `amd-mixed/5.4.3` (Frontier, LUMI) load that ROCm release too
            if re.search(r"(?:^|/)rocm[/-]\d", w, re.I) or re.search(r"(?:^|[/_-])rocm[-_]?\d+\.\d+", w, re.I) \
                    or re.match(r"(?:amd|amd-mixed)/\d+\.\d+(?:\.\d+)?$", w, re.I):
                art.add(BUILD, "rocm_module", w, _line_with(physical, first, last, re.escape(w)))
            at = _line_with(physical, first, last, re.escape(w))
            m = _CRAY_ACCEL.search(w)
            if m:  # Cray's accelerator target module: the compiler wrappers build GPU code for this gfx only,
                # which matters once the script builds something (a Python job that compiles nothing is not judged)
                variables[_CRAY_PENDING] = (m.group(1), at)
            elif _CUDA_FRAMEWORK.search(w):  # pytorch/2.1.0-cu12, PyTorch/2.1.2-foss-2023a-CUDA-12.1.1
                art.add(BUILD, "cuda_module", w, at)
            elif _CUDA_TOOLKIT.search(w) and not re.search(r"rocm|hip", w, re.I):  # cuda/12.1, nccl/2.18.3-cuda12.1
                art.add(BUILD, "cuda_toolkit_module", w, at)
            elif re.match(r"(?i)(?:py)?torch(?:/|$)", w):  # CSC's `module load pytorch` on LUMI: the site's torch
                art.add(BUILD, "torch_module", w, at)
        return
    pending = variables.get(_CRAY_PENDING)
    if pending and "HCC_AMDGPU_TARGET" in exported and os.path.basename(words[0]) not in _CRAY_WRAPPERS:
        variables.pop(_CRAY_PENDING, None)  # hipcc takes its target from HCC_AMDGPU_TARGET, not from the Cray module
        pending = None
    if pending and (_BUILDS.match(os.path.basename(words[0])) or _runs_binary(words)):
        art.add(BUILD, "arch:craype-accel", pending[0], pending[1])
        variables.pop(_CRAY_PENDING, None)
    record_arch_flags(art, words, lambda pat: _line_or_defined(physical, first, last, pat, raw, variables))
    # a prefix `CMAKE_ARGS="$FLAGS" pip install ...` cites where FLAGS was written, as an option's variable is
    record_backend_flags(art, [f"{k}={v}" for k, v in prefix_env.items()] + words,
                         lambda pat: _line_or_defined(physical, first, last, pat,
                                                      physical[first - 1:last] + list(raw), variables))
    record_implicit_flags(art, words, variables, exported, lambda name: variables.get(_DEFINED + name) or first)
    reqs, opts = pip_requirements(words)
    if reqs or opts:
        # the command's own line (a plain list: not the lines of an array it expands, `"${PIP[@]}" jax[cuda12]`)
        line = _line_with(physical[:], first, last, r"\b(?:pip3?|uv)\b")
        art.add(BUILD, "pip", {"requirements": reqs, "options": opts, "via": pip_program(words)}, line)
        return
    n0 = len(art.values)
    _launch(art, words, first, last, physical, variables, raw)
    escaped = escaped_names(" ".join(physical[first - 1:last]), variables, physical) if "srun" in words else set()
    if escaped:  # `srun $LAUNCHER` where LAUNCHER holds `\$SLURM_PROCID`: not the batch step's value
        _per_task(art, n0, escaped)


# Tools that run a command inside a project's or a named environment, and their options that take a value.
_ENV_RUNNERS = {"uv", "poetry", "pixi", "pipenv", "hatch", "rye", "pdm", "conda", "mamba", "micromamba"}
_ENV_RUNNER_VALUES = {"-n", "--name", "-p", "--prefix", "--with", "--with-requirements", "--python", "-e", "--env",
                      "--environment", "--project", "--directory", "--extra", "--group", "--package", "--env-file",
                      "--index", "--index-url", "--extra-index-url", "--manifest-path"}


def _launch(art: Artifact, words: list[str], first: int, last: int, physical: list[str],
            variables: dict | None = None, raw: list[str] | None = None) -> None:
    """Recognise a launcher (behind wrappers) and read its options and the script's arguments."""
    launcher_vals: list[tuple[str, str, str]] = []  # (launcher, option, value)
    env_vals: list[tuple[str, str]] = []
    via: list[str] = []  # srun / mpirun in front of the program: one copy per task
    image = ""  # the image a `docker run` in front starts: its entrypoint runs arguments given after it
    i = 0
    while i < len(words):
        head = os.path.basename(words[i])
        if head in _WRAPPERS:
            i += 1
            while i < len(words) and words[i].startswith("-"):
                i += 1
            continue
        if head in _ENV_RUNNERS and words[i + 1:i + 2] == ["run"]:
            # `uv run torchrun ...`, `conda run -n env python t.py`: the command runs in that environment
            i += 2
            while i < len(words) and words[i].startswith("-"):
                i += 1 if "=" in words[i] or words[i] not in _ENV_RUNNER_VALUES else 2
            continue
        if head == "sudo":  # sudo [-E] [-u USER] ... COMMAND
            i += 1
            while i < len(words) and words[i].startswith("-"):
                i += 2 if words[i] in ("-u", "-g", "-C", "-h", "-p", "-r", "-t", "-U", "-D", "-T") else 1
            continue
        if head == "env":
            i += 1
            while i < len(words) and (_ASSIGN.match(words[i]) or words[i].startswith("-")):
                m = _ASSIGN.match(words[i])
                if m:
                    env_vals.append((m.group(1), m.group(2)))
                i += 1
            continue
        if head in ("docker", "podman", "buildah", "nerdctl") and (
                words[i + 1:i + 2] == ["build"] or words[i + 1:i + 3] == ["buildx", "build"]):
            _build_target(art, words[i:], first)
            made = (art.data.get("image_builds") or [{}])[-1]
            for _name, value in made.get("args", []) if made.get("line") == first else []:
                if _IMAGE_REF.match(value):  # `--build-arg BASE="${BASE_IMAGE}"`: where the script writes the image
                    image_written(art, physical, first, last, value)
            return
        if head in containers.RUNNERS and i + 1 < len(words) and words[i + 1] != "exec":
            # docker/podman/nerdctl run: its options as a compose service, then the command inside
            svc, i = containers.parse(words, i)
            if svc is not None and str(svc.get("image") or "").startswith("$") and i < len(words) \
                    and _IMAGE_REF.match(words[i]):
                # `docker run ... $VOLUMES rocm/pytorch:tag`: an expansion the files do not define, before a word
                # that is an image reference, stood for more options (empty, or split by the shell)
                svc["image"], i = words[i], i + 1
                svc["command"] = " ".join(words[i:])[:4000]
            if svc is not None:
                held = containers.ARRAY_WORD.fullmatch(str(svc.get("held_options") or ""))
                if held and ("filled array " + held.group(1)) not in (variables or {}):
                    svc.pop("held_options")  # an array the script never fills expands to nothing: no options held
                image = str(svc.get("image") or "")
                at = _written_at(image, raw, words, variables, 0) if image else 0
                _container(art, svc, first, last, physical, at)
            continue
        if head == "shifter":  # NERSC's `shifter --image=docker:nersc/pytorch:ngc-22.09-v0 python t.py`
            ref, j = None, i + 1
            while j < len(words) and words[j].startswith("-"):  # shifter's own options, up to the program it runs
                if words[j].split("=", 1)[0] == "--image":
                    ref = words[j].split("=", 1)[1] if "=" in words[j] else (words[j + 1] if j + 1 < len(words) else None)
                j += 2 if words[j] in ("--image", "--volume", "-V", "--module", "-m", "--workdir", "-w") else 1
            if ref and not ref.startswith("$"):
                ref = re.sub(r"^(?:docker|custom):", "", ref)
                art.add(CONTAINER, "image", ref, _written_at(ref, raw, words, variables, first))
        if head in ("singularity", "apptainer") and words[i + 1:i + 2] in (["pull"], ["build"]):
            # `apptainer pull x.sif docker://rocm/pytorch:...`: the image a later exec runs (RD-IMG-003)
            ref = next((w for w in words[i + 2:] if w.startswith("docker://")), None)
            if ref is not None:
                art.add(CONTAINER, "image", ref.removeprefix("docker://"), _written_at(ref, raw, words, variables, first))
            return
        if head in ("singularity", "apptainer", "podman", "docker") and i + 1 < len(words) and \
                words[i + 1] in ("exec", "run"):
            # container runners: skip their options and the image / container name
            i += 2
            takes = _APPTAINER_VALUES if head in ("singularity", "apptainer") else _DOCKER_VALUES
            while i < len(words) and words[i].startswith("-"):
                i += 2 if "=" not in words[i] and words[i] in takes else 1
            if head in ("singularity", "apptainer") and i < len(words) and not words[i].startswith("$"):
                # the image the job runs in (a .sif file or docker://ref): its ROCm user space (RD-IMG-003)
                art.add(CONTAINER, "image", words[i].removeprefix("docker://"),
                        _written_at(words[i], raw, words, variables, _line_with(
                            physical, first, last, r"(?:^|[\s=:\"'])" + re.escape(words[i]) + r"(?:$|[\s\"'\\])")))
            i += 1
            continue
        if via and head in _SHELLS and i + 2 < len(words) and re.fullmatch(r"-[a-z]*c[a-z]*", words[i + 1]):
            # srun bash -c 'export RANK=$SLURM_PROCID; python t.py': the string is a script of its own,
            # read here with the srun in front of its commands. Single-quoted, each task's shell expands
            # it (per-task values); double-quoted, the batch step's shell already did.
            raw_text = " ".join(physical[first - 1:last])
            quote = re.search(r"\s-[a-z]*c[a-z]*\s+(['\"])", raw_text)
            per_task = quote is not None and quote.group(1) == "'"
            escaped = escaped_names(raw_text, variables or {}, physical)  # "\$SLURM_PROCID": left to the task
            inner_vars = dict(variables or {})
            for inner in commands(words[i + 2]):
                n0, s0 = len(art.values), len(art.data.get("sourced", []))
                _command(art, words[:i] + inner if inner and not _ASSIGN.match(inner[0]) and inner[0] not in
                         ("export", "source", ".", "cd", "set", "module", "ml") else inner, first, last,
                         inner_vars, set(), physical)
                _per_task(art, n0, escaped, every=per_task)
                for src in art.data.get("sourced", [])[s0:]:
                    src["per_task"] = True  # a file sourced inside the task string runs in each task
            return
        if head in ("srun", "mpirun", "mpiexec"):
            via.append(head)
            if head == "srun":  # a job step: what the batch step exported before it reaches every task
                art.data.setdefault("steps", []).append(first)
            i += 1
            while i < len(words) and (words[i].startswith("-") or _OPTIONS_HELD.fullmatch(words[i])):
                if not words[i].startswith("-"):  # `srun $SRUN_ARGS python ...`: options from outside the files
                    i += 1
                    continue
                name, value = _opt(words[i])
                if head == "srun" and not words[i].startswith("--") and len(words[i]) > 2:  # -c7, -N2: attached
                    name, value = words[i][1], words[i][2:]
                # (Open MPI's options are single-dash words: -np 4, -x NAME=V, -bind-to none, -mca KEY VALUE)
                if head != "srun" and name in ("mca", "gmca") and i + 2 < len(words):
                    i += 3  # -mca pml ob1: a key and its value
                    continue
                if value is None and i + 1 < len(words) and not words[i + 1].startswith("-") \
                        and not _looks_like_program(words[i + 1]):
                    value, i = words[i + 1], i + 1
                if head == "srun" and name == "container_image" and value and "$" not in value:
                    # pyxis: the job steps run in this image (REGISTRY#IMAGE:TAG, or an enroot squashfs file)
                    art.add(CONTAINER, "image", value.replace("#", "/", 1),
                            _line_with(physical, first, last, re.escape(value)))
                    image_written(art, physical, first, last, value, value.replace("#", "/", 1))
                if head == "srun" and name == "export" and value:
                    # `srun --export=ALL,NCCL_SOCKET_IFNAME=bond`: the step's tasks get these (as #SBATCH --export)
                    env_vals += [(k, v) for k, eq, v in (p.partition("=") for p in value.split(","))
                                 if eq and re.match(r"^[A-Za-z_]\w*$", k)]
                if head != "srun" and name == "x" and value and "=" in value:
                    ek, _, ev_ = value.partition("=")
                    env_vals.append((ek, ev_))
                else:
                    launcher_vals.append((head, name, value if value is not None else "true"))
                i += 1
            continue
        break
    rest = words[i:]
    if not rest:
        return
    head = os.path.basename(rest[0])
    if _vllm(rest, head, image):
        _vllm_parallel(art, rest, first, last, physical)
        return
    if head in ("torchrun", "deepspeed", "accelerate", "colossalai") or head.startswith("python"):
        _gpu_count_from_nvidia_smi(art, raw, variables, first)
        _devices_from_nvidia_smi(art, variables, first)
    if head.startswith("python") and rest[1:2] == ["-m"] and len(rest) > 2 and rest[2] in _LAUNCHER_MODULES:
        # `python3 -m accelerate.commands.launch ...` is `accelerate launch ...` (the module its entry point runs)
        rest = _LAUNCHER_MODULES[rest[2]] + rest[3:]
        head = rest[0]
    cmd: dict = {"line": first, "launcher": None, "script": None, "args": {}, "refs": {}, "via": via}
    if head == "torchrun":
        cmd["launcher"] = "torchrun"
        j = _launcher_opts(rest, 1, _TORCHRUN_OPTS, set(), "torchrun", launcher_vals)
        _script(cmd, rest, j)
    elif head == "colossalai" and rest[1:2] == ["run"]:
        # ColossalAI's launcher wraps torchrun (one node) and its own ssh runner (--hostfile), with their options
        cmd["launcher"] = "colossalai"
        j = _launcher_opts(rest, 2, _TORCHRUN_OPTS | _DEEPSPEED_OPTS, set(), "colossalai", launcher_vals)
        _script(cmd, rest, j)
    elif head == "deepspeed":
        cmd["launcher"] = "deepspeed"
        j = _launcher_opts(rest, 1, _DEEPSPEED_OPTS, {"no_python", "no_local_rank", "force_multi", "autotuning",
                                                     "save_pid", "enable_each_rank_log", "no_ssh_check", "no_ssh"},
                           "deepspeed", launcher_vals)
        _script(cmd, rest, j)
    elif head == "accelerate" and rest[1:2] == ["launch"]:
        cmd["launcher"] = "accelerate"
        j = _launcher_opts(rest, 2, _ACCELERATE_OPTS - _ACCELERATE_FLAGS, _ACCELERATE_FLAGS, "accelerate",
                           launcher_vals)
        _script(cmd, rest, j)
    elif head in ("llamafactory-cli", "lmf") and len(rest) > 1 and rest[1] in ("train", "eval", "export", "chat"):
        cmd["launcher"] = "llamafactory-cli"
        cmd["script"] = f"llamafactory-cli {rest[1]}"
        args = rest[2:]
        if args and args[0].endswith((".yaml", ".yml", ".json")) and not args[0].startswith("-"):
            cmd["refs"]["config"] = args[0]
            args = args[1:]
        # llamafactory-cli train x.yaml key=value: OmegaConf-style overrides
        for a in args:
            k, eq, v = a.lstrip("-").partition("=")
            if eq:
                cmd["args"][k.replace("-", "_")] = v
        if not any(a.startswith("--") for a in args):
            args = []
        _script_args(cmd, args)
    elif head.startswith("python") and len(rest) > 1:
        j = 1
        while j < len(rest) and rest[j].startswith("-") and rest[j] != "-m":
            j += 1
        if j < len(rest) and rest[j] == "-m" and j + 1 < len(rest):
            cmd["launcher"], cmd["script"] = "python", f"-m {rest[j + 1]}"
            _script_args(cmd, rest[j + 2:])
        elif j < len(rest) and rest[j].endswith(".py"):
            cmd["launcher"] = "python"
            _script(cmd, rest, j)
    if cmd["launcher"] is None and not launcher_vals:
        return
    for k, v in env_vals:
        art.add(ENV, k, v, _line_with(physical, first, last, re.escape(k) + "="))
    machines = {v for launcher, n, v in launcher_vals if launcher == "accelerate" and n == "num_machines"}
    for launcher, name, value in launcher_vals:
        # srun's options under the names Slurm writes (`srun.ntasks-per-node`), as #SBATCH directives are recorded
        norm = GPU_COUNT_OPTS.get(name, name) if launcher != "srun" else f"srun.{name.replace('_', '-')}"
        if launcher == "accelerate" and name == "num_processes" and machines - {"1"}:
            value = ranks_per_node(value, machines.pop())  # accelerate's --num_processes counts every machine's ranks
        pat = r"(?:^|\s)-{1,2}" + re.escape(name).replace("_", "[_-]") + r"\b"
        lv = art.add(LAUNCHER, norm, value, _line_before(physical, first, last, pat))
        cmd.setdefault("launcher_values", []).append(lv)
    if cmd["launcher"] is None:
        return
    train_vals = []
    for name, value in cmd["args"].items():
        pat = r"(?:^|\s)--" + re.escape(name).replace("_", "[_-]") + r"(?:[=\s]|$)"
        train_vals.append(art.add(TRAIN, name, value, _line_with(physical, first, last, pat)))
        # --deepspeed x.json (HF Trainer), --deepspeed_config x.json (deepspeed.add_config_arguments scripts)
        if name in ("deepspeed", "deepspeed_config") and isinstance(value, str) and value.endswith(".json"):
            cmd["refs"]["deepspeed"] = value
    cmd["train_values"] = train_vals
    cmd["last"] = last
    art.data["commands"].append(cmd)


_EVAL_DEPTH = "\0eval depth"  # a key no shell variable can have: eval inside eval, at most three deep


def _eval(art: Artifact, words: list[str], first: int, last: int, variables: dict, exported: set,
          physical: list[str]) -> None:
    """`run_cmd="${OPTIONS_NCCL} deepspeed train.py ..."; eval ${run_cmd}` (Megatron, THUDM, many HPC scripts): the
    shell reads the expanded text as a command line again, so assignments at its head are that command's
    environment, each cited where its text is written (the assignment of the variable eval expands). Assignments
    alone (`eval "X=1"`) set shell variables, as written out they would."""
    text = " ".join(substitute(w, variables) for w in words[1:])
    try:
        inner = shlex.split(text)
    except ValueError:
        inner = text.split()
    assigned = []
    while inner and (am := _ASSIGN.match(inner[0])):
        assigned.append((am.group(1), substitute(am.group(2), variables)))
        inner.pop(0)
    for k, v in assigned:
        if inner:
            art.add(ENV, k, v, _written_in(k, words[1:], variables, physical) or
                    _line_with(physical, first, last, re.escape(k) + "="), command=True)
        else:
            variables[k] = v
            if k in exported or ALLEXPORT in variables:
                art.add(ENV, k, v, first)
    if inner and inner != words:
        variables[_EVAL_DEPTH] = int(variables.get(_EVAL_DEPTH, 0)) + 1
        try:
            _command(art, inner, first, last, variables, exported, physical)
        finally:
            variables[_EVAL_DEPTH] = int(variables[_EVAL_DEPTH]) - 1


_VAR_REF = re.compile(r"\$\{?([A-Za-z_]\w{0,60})")


def _written_in(name: str, raw: list[str], variables: dict, physical: list[str]) -> int | None:
    """The line that writes `name=` inside the variables ``raw`` expands, followed through the variables their own
    assignments name (run_cmd -> OPTIONS_NCCL), nearest first."""
    queue = [m.group(1) for w in raw for m in _VAR_REF.finditer(w)]
    seen: set[str] = set()
    while queue and len(seen) < 20:
        var = queue.pop(0)
        n = variables.get(_DEFINED + var)
        if var in seen or not isinstance(n, int) or not 0 < n <= len(physical):
            continue
        seen.add(var)
        if re.search(r"(?:^|[\s\"'])" + re.escape(name) + "=", physical[n - 1].split("=", 1)[-1]):
            return n
        queue += [m.group(1) for m in _VAR_REF.finditer(physical[n - 1])]
    return None


def nccl_conf_settings(words: list[str]) -> list[tuple[str, str]]:
    """`echo NCCL_DEBUG=INFO >> /etc/nccl.conf` (AWS and NGC images, scripts and Dockerfile RUNs alike): NCCL and RCCL
    read the file's VAR=value lines as settings of every process, as if exported."""
    return [(m.group(1), m.group(2)) for w in words[1:] if (m := _ASSIGN.match(w.strip("'\"")))]


def nccl_conf_target(words: list[str]) -> bool:
    """The command's output goes to NCCL's configuration file (/etc/nccl.conf, ~/.nccl.conf)."""
    for i, w in enumerate(words):
        target = w.lstrip(">") if w.startswith(">") else ""
        if w in (">", ">>") and i + 1 < len(words):
            target = words[i + 1]
        if target and os.path.basename(target.strip("'\"")) in ("nccl.conf", ".nccl.conf"):
            return True
    return False


def restamp(art: Artifact, n0: int, change) -> None:
    """Replace the values recorded from index ``n0`` on with ``change(value)``, in the artifact and in the
    commands that hold them (a launch's launcher_values and train_values are the same records)."""
    new = {id(v): change(v) for v in art.values[n0:]}
    art.values[n0:] = [new[id(v)] for v in art.values[n0:]]
    for c in art.data.get("commands") or [] if isinstance(art.data, dict) else []:
        for key in ("launcher_values", "train_values"):
            if isinstance(c, dict) and c.get(key):
                c[key] = [new.get(id(v), v) for v in c[key]]


def _per_task(art: Artifact, n0: int, names: set[str], every: bool = False) -> None:
    """Mark the values recorded from ``n0`` on as read by each task: all of them, or those that expand ``names``."""
    restamp(art, n0, lambda v: dataclasses.replace(v, per_task=True) if every or any(
        re.search(r"\$\{?" + name + r"\b", str(v.value)) for name in names) else v)


# A variable named for options (SRUN_ARGS, MPI_OPTS, EXTRA_FLAGS, ${SRUN_ARGS[@]}, ${SRUN_ARGS:-}) that the files do
# not define, or a word such an expansion left empty.
_OPTIONS_HELD = re.compile(r"\$\{?[A-Za-z_]*(?:ARGS|OPTS|OPTIONS|FLAGS)(?:\[[@*]\])?(?::?[-=+][^}]*)?\}?|", re.I)


def escaped_names(raw_text: str, variables: dict, physical: list[str]) -> set[str]:
    """Names a command leaves for a later shell to expand: written `\\$NAME` in the command, or in the
    definition of a variable it expands (`LAUNCHER="accelerate launch --machine_rank \\$SLURM_PROCID"`)."""
    text, kept = raw_text, set()
    for name in set(re.findall(r"\$\{?([A-Za-z_]\w*)", raw_text)):
        at = variables.get(_DEFINED + name)
        if not isinstance(at, int) or not 0 < at <= len(physical):
            continue
        n, quotes, defined = at, 0, ""
        while n <= min(len(physical), at + 60):  # the assignment's lines: continued, or inside its quotes
            line = physical[n - 1]
            defined += "\n" + line
            quotes += len(re.findall(r'(?<!\\)"', line))
            if not line.rstrip().endswith("\\") and quotes % 2 == 0:
                break
            n += 1
        text += defined
        kept |= _single_quoted_names(defined)  # CMD='torchrun --node_rank $SLURM_NODEID ...': kept as written
    return kept | set(re.findall(r"\\\$\{?([A-Za-z_]\w*)", text))


def _single_quoted_names(text: str) -> set[str]:
    """Names expanded inside single quotes (outside double quotes), which the shell keeps as written."""
    out, quote, i = set(), "", 0
    while i < len(text):
        c = text[i]
        if quote == "'":
            if c == "'":
                quote = ""
            elif c == "$":
                m = re.match(r"\$\{?([A-Za-z_]\w*)", text[i:])
                if m:
                    out.add(m.group(1))
        elif c == "\\":
            i += 1
        elif quote == '"':
            quote = "" if c == '"' else quote
        elif c in "'\"":
            quote = c
        i += 1
    return out


_LAUNCHERS = {"srun", "mpirun", "mpiexec", "aprun", "flux", "jsrun"}


# The Cray compiler wrappers take their GPU target from the craype-accel module; hipcc takes HCC_AMDGPU_TARGET when
# the environment has it (the OLCF/AMD HIP examples export it from rocminfo after loading the module, then `make`).
_CRAY_WRAPPERS = ("cc", "CC", "ftn")
# Options of `docker|podman exec/run` and of `singularity|apptainer exec/run` that take the next word (`apptainer exec
# --help`: for Apptainer `-e` is --cleanenv, a switch, and an --overlay's file is no image)
_DOCKER_VALUES = frozenset({"-e", "--env", "-w", "--workdir", "-v", "--volume", "--device", "--name", "-u", "--user"})
_APPTAINER_VALUES = frozenset({"-B", "--bind", "--env", "--env-file", "-W", "--workdir", "-o", "--overlay", "-H",
                               "--home", "--pwd", "--cwd", "-S", "--scratch", "--app", "--mount", "--fusemount",
                               "--network", "--network-args", "--security", "--hostname", "--dns", "--add-caps",
                               "--drop-caps", "--memory", "--cpus", "--pem-path", "-M", "--no-mount"})


def _runs_binary(words: list[str]) -> bool:
    """`srun -n4 ./build/cpu_gpu_dgemm`: a job step that runs a program built here (with the Cray wrappers' target),
    not an interpreter (python, torchrun) or a script."""
    if os.path.basename(words[0]) in _LAUNCHERS:
        words = [w for w in words[1:] if not w.startswith("-") and "=" not in w and not w.isdigit()]
    prog = words[0] if words else ""
    return prog.startswith(("./", "../", "/")) and not prog.endswith((".py", ".sh", ".bash")) and \
        not re.match(r"(?:python|torchrun|bash|sh|singularity|apptainer|podman|docker)", os.path.basename(prog))
