"""GPU counts and device lists a script takes from nvidia-smi: on an AMD node the tool is absent, the
count is 0 and the device list empty (RD-LCH-001)."""
from __future__ import annotations

import re

from ...settings import LAUNCHER, Artifact


# A GPU count taken from nvidia-smi: on an AMD node the tool is absent and the count is 0.
# a path of bounded parts before the name (`$(/usr/bin/nvidia-smi ...)`): `\S*/` rescanned the rest of the line at each
# `$(` of a long one (a 100 kB line of them took 8 s)
_NVSMI = re.compile(r"(?:\$\(|`)\s{0,16}(?:[\w.+~${}-]{0,100}/){0,16}nvidia-smi\b")
_FROM_NVSMI = "counted by nvidia-smi at "
_GPU_COUNT_FLAGS = re.compile(r"^(?:--(?:nproc[_-]per[_-]node|num[_-]gpus|num[_-]processes|gpus|devices|ngpus)"
                              # a Hydra override of the ranks per node (verl, OpenRLHF: trainer.n_gpus_per_node=8)
                              r"|\+{0,2}(?:[\w.]+\.)?n_gpus_per_node(?==))(?:=(.*))?$")


def _gpu_count_from_nvidia_smi(art: Artifact, raw: list[str] | None, variables: dict | None, first: int) -> None:
    """`deepspeed --num_gpus $NUM_GPUS` where NUM_GPUS came from nvidia-smi (or `--nproc_per_node=$(nvidia-smi
    -L | wc -l)`): LAUNCHER gpu_count_source "nvidia-smi", at the line that counts (RD-LCH-001)."""
    raw = raw or []
    for k, w in enumerate(raw):
        m = _GPU_COUNT_FLAGS.match(w)
        if not m:
            continue
        value = m.group(1) if m.group(1) is not None else (raw[k + 1] if k + 1 < len(raw) else "")
        if _NVSMI.search(value):
            art.add(LAUNCHER, "gpu_count_source", "nvidia-smi", first)
            return
        for name in re.findall(r"\$\{?([A-Za-z_]\w*)", value):
            at = variables.get(_FROM_NVSMI + name) if variables else None
            if at:
                art.add(LAUNCHER, "gpu_count_source", "nvidia-smi", int(at))
                return


def _devices_from_nvidia_smi(art: Artifact, variables: dict | None, first: int) -> None:
    """`export CUDA_VISIBLE_DEVICES=$(nvidia-smi --query-gpu=... | sort | head -n 8 ...)` (or through a variable
    filled that way) before a launch: on an AMD node nvidia-smi prints nothing, the list is empty and the launch
    sees no GPU. LAUNCHER gpu_count_source at the launch, naming the variable and the line that set it."""
    for name in ("CUDA_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES"):
        at = variables.get(_FROM_NVSMI + name) if variables else None
        if at:
            art.add(LAUNCHER, "gpu_count_source", f"nvidia-smi: {name} (line {at})", first)
            return
