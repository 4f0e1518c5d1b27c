"""The launchers a fine-tune uses and how their command lines read: the options each launcher
takes a value for, the training script and its ``--key value`` arguments, wrappers, and vLLM's
(or SGLang's) parallel sizes."""
from __future__ import annotations

import os
import re

from ...settings import LAUNCHER, Artifact
from .places import _line_with
from .words import _opt


LAUNCHERS = ("torchrun", "deepspeed", "accelerate", "llamafactory-cli", "lmf", "python", "python3")
_WRAPPERS = {"nohup", "exec", "time", "stdbuf", "nice", "ionice", "setsid"}

# Launcher options that take a value (everything else before the script is a flag).
_TORCHRUN_OPTS = {"nproc_per_node", "nnodes", "node_rank", "master_addr", "master_port", "rdzv_endpoint",
                  "rdzv_backend", "rdzv_id", "rdzv_conf", "max_restarts", "monitor_interval", "log_dir",
                  "redirects", "tee", "local_addr", "start_method", "role", "logs_specs", "local_ranks_filter"}
_DEEPSPEED_OPTS = {"num_gpus", "num_nodes", "hostfile", "include", "exclude", "master_port", "master_addr",
                   "launcher", "launcher_args", "module", "node_rank", "ssh_port", "bind_core_list", "elastic_training",
                   "min_elastic_nodes", "max_elastic_nodes", "comment", "venv_script"}
_ACCELERATE_OPTS = {"config_file", "num_processes", "num_machines", "mixed_precision", "main_process_ip",
                    "main_process_port", "machine_rank", "gpu_ids", "dynamo_backend", "deepspeed_config_file",
                    "zero_stage", "gradient_accumulation_steps", "gradient_clipping", "offload_optimizer_device",
                    "offload_param_device", "rdzv_backend", "multi_gpu", "use_deepspeed"}
_ACCELERATE_FLAGS = {"multi_gpu", "use_deepspeed", "use_fsdp", "cpu", "debug", "module", "no_python"}
# What a launcher option means, whatever its spelling.
GPU_COUNT_OPTS = {"nproc_per_node": "nproc_per_node", "num_gpus": "nproc_per_node",
                  "num_processes": "nproc_per_node"}


def _vllm(rest: list[str], head: str, image: str) -> bool:
    """A vLLM (or SGLang) server start: `vllm serve`, `python -m vllm.entrypoints.*` /
    `sglang.launch_server`, or options given to a vLLM image's entrypoint (`docker run ... rocm/vllm --model m --tensor-parallel-size 2`)."""
    if head == "vllm" and rest[1:2] == ["serve"]:
        return True
    if head.startswith("python") and "-m" in rest[1:3]:
        mod = rest[rest.index("-m") + 1] if rest.index("-m") + 1 < len(rest) else ""
        return mod.startswith(("vllm.entrypoints", "sglang.launch_server"))
    return bool(image) and "vllm" in image.lower() and head.startswith("--")


# vLLM engine arguments that multiply into the GPUs one server needs (docs.vllm.ai engine_args).
_VLLM_PARALLEL = {"tensor_parallel_size": "tensor_parallel_size", "tp": "tensor_parallel_size",
                  "pipeline_parallel_size": "pipeline_parallel_size", "pp": "pipeline_parallel_size",
                  "tp_size": "tensor_parallel_size", "pp_size": "pipeline_parallel_size"}  # the last two: SGLang's


def _vllm_parallel(art: Artifact, words: list[str], first: int, last: int, physical: list[str]) -> None:
    """LAUNCHER vllm.gpus: the GPUs one vLLM server needs, tensor- times pipeline-parallel size, at the
    line of the option that asks for more than one (RD-LCH-001: with fewer it stops at start-up)."""
    sizes: dict[str, tuple[int, int]] = {}
    for k, w in enumerate(words):
        if not w.startswith("-"):
            continue
        name, value = _opt(w)
        key = _VLLM_PARALLEL.get(name)
        if key is None:
            continue
        if value is None and k + 1 < len(words):
            value = words[k + 1]
        if value is None or not value.isdigit():
            return  # $TP, "auto", a chart's template: decided at launch, so is the product of the sizes
        pat = r"(?:^|\s)-{1,2}" + re.escape(w.lstrip("-").split("=")[0]) + r"(?:[=\s]|$)"
        sizes[key] = (int(value), _line_with(physical, first, last, pat))
    if sizes:
        n = 1
        for size, _ in sizes.values():
            n *= size
        line = max(sizes.values())[1]  # the larger of the two asks
        art.add(LAUNCHER, "vllm.gpus", str(n), line)


def _looks_like_program(word: str) -> bool:
    return os.path.basename(word) in LAUNCHERS or word.endswith(".py") or os.path.basename(word) in _SHELLS


_SHELLS = {"bash", "sh", "zsh", "dash"}


def _launcher_opts(words, start, with_value, flags, launcher, out) -> int:
    j = start
    while j < len(words) and words[j].startswith("-") and words[j] != "--":
        name, value = _opt(words[j])
        if value is None and name not in flags and j + 1 < len(words) and (
                name in with_value or not words[j + 1].startswith("-")) and not words[j + 1].endswith(".py"):
            value, j = words[j + 1], j + 1
        out.append((launcher, name, value if value is not None else "true"))
        j += 1
    if j < len(words) and words[j] == "--":
        j += 1
    return j


def _script(cmd: dict, words: list[str], j: int) -> None:
    if j < len(words):
        if words[j] == "-m" and j + 1 < len(words):
            cmd["script"] = f"-m {words[j + 1]}"
            j += 1
        else:
            cmd["script"] = words[j]
        _script_args(cmd, words[j + 1:])


def _script_args(cmd: dict, args: list[str]) -> None:
    """HF-style ``--key value`` / ``--key=value`` / bare ``--flag`` (True)."""
    k = 0
    while k < len(args):
        w = args[k]
        if w.startswith("--") and len(w) > 2:
            name, value = _opt(w)
            if value is None:
                if k + 1 < len(args) and not args[k + 1].startswith("--"):
                    value, k = args[k + 1], k + 1
                else:
                    value = "True"
            cmd["args"][name] = value
        k += 1
