"""How right `rocmdoctor scan --config` is on real launch files (tests/corpus/artifacts).

    python benchmarks/accuracy_artifacts.py [--split dev|holdout|all] [-v]

Each set in the corpus is a folder of real files with SOURCES (where they come from) and LABELS
(what a careful ROCm engineer flags, written before the tool was run; see the corpus README).
The set is scanned against the embedded example machine its LABELS name, and every warn/fail
finding whose evidence points into the set is a flag. A flag matches a label when the check code
is the same and the evidence names the labelled file at (or within two lines of) the labelled
lines. A set is right when every label is matched and nothing else is flagged.

evaluate(split) -> {"kinds": {kind: {"tp", "fp", "fn"}}, "right", "total", "false_flags",
"healthy_total", "sets": {name: {...}}}; false_flags counts the clean sets that got any flag.
"""
from __future__ import annotations

import hashlib
import os
import re
import sys

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "corpus", "artifacts")
KINDS = ("dockerfile", "compose", "sbatch", "shell", "requirements", "deepspeed", "llamafactory", "hf", "kubernetes")
_KIND_OF = {"slurm": "sbatch", "hf_training_args": "hf", "model_config": "hf"}
SLACK = 2  # lines: a finding may cite the instruction's first line where the label names its body
# Labels written as words name a problem no check covered when the label was written. When a check
# for that problem is added, its code goes here, once for all sets (tests/corpus/artifacts/README.md).
WORDS = {"words:RD-SLURM-gres-type": "RD-LCH-002", "words:NCCL_SOCKET_IFNAME-absent": "RD-NET-001",
         "words:nonexistent-pip-packages": "RD-IMG-004", "words:WORLD_SIZE-from-SLURM_LOCALID": "RD-LCH-003",
         "words:host-venv-in-container": "RD-CTR-008", "words:alloc-conf-unknown-option": "RD-ENV-004",
         "words:alloc-conf-unknown-variable": "RD-ENV-004", "words:alloc-conf-var-not-read": "RD-ENV-004",
         "words:SLURM-rank-vars": "RD-LCH-003",
         "words:bnb-no-gfx906": "RD-PREC-014", "words:pip-option-on-requirement-line": "RD-IMG-002",
         "words:multinode-launcher-per-node": "RD-LCH-004", "words:torch-wheel-lacks-gpu-arch": "RD-ENV-002",
         "words:requirements-not-copied-before-install": "RD-IMG-005",
         # existing checks the labels' authors did not know of (spent fresh batch 2; track artb)
         "words:module-rocm5.7-outside-host-window": "RD-IMG-003", "words:HSA_FORCE_FINE_GRAIN-typo": "RD-ENV-004",
         "words:sh-source-in-posix-sh": "RD-LCH-005",
         "words:cuda-module-on-amd": "RD-LCH-006", "words:cuda-module-load": "RD-LCH-006",
         "words:cuda-toolkit-module-on-amd-node": "RD-LCH-006",  # spent fresh batch 53
         # what BuildKit refuses to parse, and programs a plain base image lacks (wave 18)
         "words:dockerfile-unknown-instruction": "RD-IMG-016", "words:dockerfile-line-without-RUN": "RD-IMG-016",
         "words:dockerfile-instruction-split": "RD-IMG-016",
         "words:apt-key-without-gnupg": "RD-IMG-017", "words:curl-not-in-base-image": "RD-IMG-017",
         "words:curl-not-installed": "RD-IMG-017", "words:git-not-in-base-image": "RD-IMG-017",
         "words:git-not-installed": "RD-IMG-017", "words:pip-not-installed": "RD-IMG-017",
         "words:uv-not-on-path": "RD-IMG-017", "words:uv-installer-path-not-on-PATH": "RD-IMG-017",
         "words:compose-unknown-service-key": "RD-CTR-016", "words:compose-resources-not-under-deploy": "RD-CTR-016",
         "words:compose-ipc-not-string": "RD-CTR-016", "words:compose-invalid-service-name": "RD-CTR-016",
         "words:compose-volume-target-not-absolute": "RD-CTR-016",
         "words:several-packages-on-one-requirement-line": "RD-IMG-018",
         "words:literal-newline-escapes-in-requirements": "RD-IMG-018",
         "words:nonexistent-rocm-image-tag": "RD-IMG-003",  # a ROCm release that never came out (spent batch 57)
         # classes built in wave 17 from spent labels written in several words
         "words:nvidia-smi-under-set-e": "RD-LCH-016", "words:nvidia-smi-aborts-set-e": "RD-LCH-016",
         "words:slurm-constraint-nvidia-feature": "RD-LCH-002", "words:sbatch-constraint-nvidia-feature": "RD-LCH-002",
         "words:slurm-constraint-names-other-gpu": "RD-LCH-002", "words:nvidia-node-constraint": "RD-LCH-002",
         "words:slurm-constraint-gpu-model": "RD-LCH-002", "words:sbatch-constraint-nvidia": "RD-LCH-002",
         "words:slurm-constraint-nvidia-gpu": "RD-LCH-002", "words:hf-tf32-refused-on-rocm": "RD-PREC-013",
         "words:uv-installer-path-changed": "RD-IMG-017",
         "words:sbatch-unknown-option": "RD-LCH-017",
         # classes built in wave 20 (spent labels in several words)
         "words:dos-line-endings-batch-script": "RD-LCH-018", "words:alias-in-noninteractive-script": "RD-LCH-019",
         "words:alias-not-expanded-in-script": "RD-LCH-019", "words:sbatch-dirname-0-is-spool-dir": "RD-LCH-020",
         "words:sbatch-dirname-0-spool": "RD-LCH-020",
         "words:vllm-rocm-image-rocm7-on-rocm62-host": "RD-IMG-003",  # spent fresh batch 54
         "words:alloc-conf-variable-not-read": "RD-ENV-004",  # spent fresh batch 55
         "words:accelerate-yaml-deepspeed-keys-ignored": "RD-LCH-009",
         "words:hostfile-hosts-absent": "RD-LCH-010", "words:master-addr-not-a-job-host": "RD-LCH-010",
         "words:rdzv-endpoint-site-hostname": "RD-LCH-010", "words:ds-train-batch-not-product": "RD-DS-009",
         "words:ROCM_PATH-not-a-path": "RD-ENV-005",
         "words:accelerate-config-file-is-deepspeed-json": "RD-LCH-007",
         "words:gpu-count-from-nvidia-smi": "RD-LCH-001", "words:nvidia-smi-gpu-count": "RD-LCH-001", "words:offload-arch-not-this-gpu": "RD-ENV-002",
         # an image whose tag names the one GPU target it was built for (wave 23, RD-IMG-011)
         "words:image-built-for-other-gfx": "RD-IMG-011", "words:image-built-for-other-gpu": "RD-IMG-011",
         "words:image-built-for-other-gpu-arch": "RD-IMG-011", "words:base-image-built-for-other-gfx": "RD-IMG-011",
         "words:image-variant-for-other-gfx": "RD-IMG-011", "words:sgl-dev-mi35x-image-on-gfx942": "RD-IMG-011",
         "words:prebuilt-image-lacks-gpu-target": "RD-IMG-011", "words:image-built-for-other-gpu-target": "RD-IMG-011",
         # a launch that asks for more GPUs than the node shows, in the labellers' words (RD-LCH-001's own class)
         "words:vllm-tensor-parallel-exceeds-gpus": "RD-LCH-001", "words:tensor-parallel-exceeds-gpus": "RD-LCH-001",
         "words:tensor-parallel-above-gpu-count": "RD-LCH-001", "words:gpus-per-node-above-visible": "RD-LCH-001",
         "words:verl-gpus-per-node-exceeds-node": "RD-LCH-001", "words:mpirun-ranks-exceed-gpus": "RD-LCH-001",
         # existing classes the labels of spent batches 84-85 name in words (wave 23)
         "words:extra-index-url-pypi-cuda-torch-wins": "RD-IMG-002", "words:cuda-torch-in-uv-project": "RD-IMG-002",
         "words:torch-pin-missing-from-rocm-index": "RD-IMG-002", "words:slurm-constraint-nvidia-gpu-feature": "RD-LCH-002",
         # spent batch 89: a pod's nvidia.com/gpu request, RD-CTR-004's NVIDIA-only syntax in Kubernetes
         "words:nvidia-gpu-resource-request": "RD-CTR-004",
         # wave 29 (spent batches 178-181): a compose device reservation with a driver Docker does not have
         # (RD-CTR-004 names it), a CUDA toolkit module on an AMD node (RD-LCH-006)
         "words:unknown-gpu-device-driver": "RD-CTR-004", "words:cuda-toolkit-module-on-amd": "RD-LCH-006",
         "words:cuda-modules-on-amd": "RD-LCH-006", "words:cuda-toolkit-module": "RD-LCH-006",
         # llama.cpp built for its CUDA backend (RD-IMG-009 reads cmake/make/CMAKE_ARGS switches since wave 29)
         "words:llama-cpp-built-for-cuda": "RD-IMG-009", "words:llama-cpp-cublas-build-on-amd": "RD-IMG-009",
         "words:llamacpp-built-with-cuda-backend": "RD-IMG-009", "words:llama-cpp-cuda-build-flags": "RD-IMG-009",
         "words:ggml-cuda-build-on-amd-gpu": "RD-IMG-009",
         # wave 25: a Dockerfile RUN's bash syntax under dash (RD-LCH-005), sbatch's first line (RD-LCH-021)
         "words:source-in-sh-run": "RD-LCH-005", "words:bash-source-in-sh-run": "RD-LCH-005",
         "words:source-in-dockerfile-run": "RD-LCH-005", "words:sbatch-shebang-not-first-line": "RD-LCH-021",
         "words:craype-accel-target-gfx90a": "RD-ENV-002", "words:TF_ROCM_AMDGPU_TARGETS-not-this-gpu": "RD-ENV-002",
         "words:unquoted-pip-specifiers-become-redirects": "RD-LCH-008",
         # classes of the spent fresh batches 3-4 (track arta)
         "words:python3.12-not-in-ubuntu-22.04-apt": "RD-IMG-006", "words:requirements-pin-local-file-paths": "RD-IMG-007",
         "words:torch-wheel-rocm7.0-on-rocm6.2-host": "RD-IMG-003", "words:base-image-from-internal-amd-registry": "RD-IMG-008",
         "words:a1111-TORCH_COMMAND-extra-index-cuda-torch": "RD-IMG-002",
         # the same class as the rocm7.0 label, in later batches' words (RD-IMG-003 judges wheel indexes too)
         "words:torch-wheel-rocm7.1-on-rocm6.2-host": "RD-IMG-003", "words:torch-wheel-rocm7.2-on-rocm6.2-host": "RD-IMG-003",
         "words:cuda-only-package": "RD-IMG-009",  # new in this change
         "words:compose-override-service-name-mismatch": "RD-CTR-009",  # new in this change
         # batch 8's words for classes existing checks judge: NVIDIA's runtime class and resource in a pod
         # (RD-CTR-004 reads runtimeClassName since this change), jax's CUDA extra (RD-IMG-009), a
         # bitsandbytes release without ROCm kernels: a CUDA build (RD-IMG-002)
         "words:k8s-nvidia-runtimeclass": "RD-CTR-004", "words:k8s-nvidia-gpu-resource": "RD-CTR-004",
         "words:jax-cuda12-on-amd": "RD-IMG-009", "words:bitsandbytes-version-without-rocm": "RD-IMG-002",
         "words:wsl-dxg-device-on-native-linux": "RD-CTR-010",  # new in this change
         # the amdgpu kernel module built in a docker build, in batch 22's words (two sets; RD-IMG-014, wave 9)
         "words:amdgpu-dkms-in-docker-build": "RD-IMG-014",
         # conda installs of NVIDIA's CUDA stack, in three batches' words (RD-IMG-009 reads conda installs since)
         "words:conda-pytorch-cuda": "RD-IMG-009", "words:conda-cuda-torch": "RD-IMG-009",
         "words:conda-pytorch-no-rocm-build": "RD-IMG-009", "words:conda-cuda-pytorch": "RD-IMG-009",
         # compose files as compose reads them, and device nodes the host lacks (track ctr6)
         "words:compose-env-literal-quotes": "RD-CTR-012", "words:compose-invalid-indentation": "RD-CTR-011",
         "words:device-node-absent": "RD-CTR-010", "words:shifter-cuda-image": "RD-CTR-013",
         "words:placeholder-registry-image": "RD-CTR-014",
         # images/environments classes of the spent fresh batches (track imgs6): retired nightly channels and
         # dated nightly pins (RD-IMG-010, new), a PyTorch index replacing PyPI (RD-IMG-004), PyPI's Triton 2.x
         # (RD-IMG-009), ROCm from AMD's apt repository outside the host window (RD-IMG-003), a pasted command
         "words:nightly-index-of-retired-rocm": "RD-IMG-010", "words:stale-nightly-rocm-index": "RD-IMG-010",
         "words:torch-nightly-index-old-rocm": "RD-IMG-010", "words:pinned-torch-nightly-pruned": "RD-IMG-010",
         "words:index-url-replaces-pypi": "RD-IMG-004", "words:pypi-triton-over-rocm-torch": "RD-IMG-009",
         "words:two-triton-distributions": "RD-IMG-009",
         # wave 14: a torch pin its one ROCm index does not carry ("No matching distribution"; spent batches 24 and 40),
         # a ROCm index given only as --extra-index-url beside PyPI (spent batch 41): RD-IMG-002's classes
         "words:torch-pin-not-on-rocm-index": "RD-IMG-002", "words:extra-index-url-pypi-torch-wins": "RD-IMG-002",
         "words:rocm-wheel-newer-than-host-rocm": "RD-IMG-003",  # spent batch 42: the class of the rocm7.x labels above
         "words:rocm-userspace-outside-host-window": "RD-IMG-003",
         "words:torch-rocm-newer-than-host-rocm": "RD-IMG-003",  # spent batch 46: the same class in another slug
         "words:ollama-image-without-rocm": "RD-IMG-001",  # spent batch 46: ollama/ollama:latest on AMD (RD-IMG-001's)
         "words:shell-command-in-requirements": "RD-IMG-004", "words:flash-attn-build-isolation": "RD-IMG-002",
         "words:rocm-libraries-stripped-to-other-gfx": "RD-IMG-011", "words:base-image-built-without-gfx906": "RD-IMG-011",
         "words:rocm-jammy-repo-on-noble": "RD-IMG-012", "words:uv-project-torch-cuda-wheel": "RD-IMG-002",
         "words:image-python-older-than-project": "RD-IMG-013",
         # track lch7: HCAs the host lacks (RD-NET-002, new), "auto" handed to DeepSpeed itself (RD-DS-010, new),
         # deepspeed --num_gpus over the GPUs CUDA_VISIBLE_DEVICES selects (RD-LCH-001 names DeepSpeed's override)
         "words:NCCL_IB_HCA-absent": "RD-NET-002", "words:ds-auto-without-hf-trainer": "RD-DS-010",
         "words:deepspeed-num-gpus-over-visible-devices": "RD-LCH-001",
         "words:ds-config-invalid-json": "RD-CFG-004",  # a heredoc-written JSON (RD-CFG-004, new)
         # track imgs7: AMD images tagged by date carry at least the ROCm of two months before (RD-IMG-003)
         "words:image-rocm-not-in-tag": "RD-IMG-003",
         # a compose file layered from another folder by a script's -f list (track ctr7)
         "words:compose-overlay-path-relative-to-first-file": "RD-CTR-015", "words:bind-mount-hides-image-app": "RD-CTR-015",
         # a launch script's ROCm prefix the host does not have (track lch8)
         "words:rocm-path-not-installed": "RD-ENV-005", "words:vllm-serve-malformed-args": "RD-LCH-011",
         "words:model-exceeds-dcu-memory": "RD-DS-006",
         # track art13 (spent fresh batches 12-13): a compose mapping key written twice is what RD-CTR-011's
         # loader refuses; a target list of `native` inside a docker build (no GPU to detect) is RD-ENV-002's;
         # a DeepSpeed --master_addr that is none of the hostfile's hosts is RD-LCH-010's
         "words:compose-duplicate-mapping-key": "RD-CTR-011",
         "words:offload-arch-native-in-docker-build": "RD-ENV-002",
         "words:deepspeed-master-addr-not-in-hostfile": "RD-LCH-010",
         # the image a launch runs that RD-IMG-001 had not read (with ab-ds2qdu's Kubeflow TrainJob): pyxis's
         # `srun --container-image` (a registry reference or an enroot squashfs named for one)
         "words:pyxis-cuda-image": "RD-IMG-001",
         # track imgs9: a release of an AMD-built package that only AMD's wheel pages carry (RD-IMG-004 judges it by
         # version: PyPI carries onnxruntime-rocm itself up to 1.22.2.post3 since 2026-07, and tensorflow-rocm up to
         # 2.14.0.600, so only a release past those is flagged)
         "words:pip-package-only-on-amd-index": "RD-IMG-004",
         # track lint18 (spent fresh batch 18): packages asked of PyTorch's wheel index alone, in other words than
         # words:index-url-replaces-pypi (RD-IMG-004's class; it now cites the --index-url of an including file too)
         "words:pytorch-index-only-packages": "RD-IMG-004",
         # wave 10 (spent fresh batches 25-28): AMD's apt repository for another Ubuntu release written into the
         # host's apt sources by a setup script (RD-IMG-012 judges host scripts against the host's os-release since)
         "words:host-rocm-apt-repo-other-ubuntu-release": "RD-IMG-012",
         # wave 11 (spent fresh batch 30): a uv project's torch dependencies with no ROCm index, which `uv sync`
         # resolves from PyPI (RD-IMG-002 reads a [tool.uv] pyproject.toml as that install; docs/config-lint.md)
         "words:pyproject-torch-from-pypi": "RD-IMG-002",
         # wave 16: pip into a distribution's own Python marked externally managed (PEP 668; RD-IMG-015, new),
         # three slugs of five sets in spent batches
         "words:pip-externally-managed": "RD-IMG-015", "words:pip-externally-managed-ubuntu2404": "RD-IMG-015",
         "words:pip-externally-managed-system-python": "RD-IMG-015",
         # wave 16: PyPI's sklearn placeholder, which raises on install (RD-IMG-004 knows import names since)
         "words:sklearn-deprecated-package": "RD-IMG-004", "words:sklearn-deprecated-pypi-name": "RD-IMG-004",
         # wave 16: a local version label in a range, which pip 24.1+ refuses ('Invalid requirement'; RD-IMG-004)
         "words:local-version-in-range-specifier": "RD-IMG-004",
         # wave 16: shell variables in #SBATCH lines, which sbatch takes literally (RD-LCH-012, new), three slugs
         "words:sbatch-directive-variable-not-expanded": "RD-LCH-012", "words:sbatch-directive-variable": "RD-LCH-012",
         "words:sbatch-directive-shell-variable": "RD-LCH-012",
         # wave 16: torchrun started by each of a node's srun tasks (RD-LCH-004 judges torchrun since)
         "words:srun-ntasks-duplicates-torchrun": "RD-LCH-004",
         # wave 16: a path where -m takes a module name (RD-LCH-013, new; `uv run torchrun` read as a launch since)
         "words:python-m-given-a-path": "RD-LCH-013",
         # wave 16: a continued command cut by a comment line or a lost backslash (RD-LCH-014, new; spent batches
         # 45 and 48)
         "words:comment-inside-line-continuation": "RD-LCH-014",
         "words:comment-line-inside-backslash-continuation": "RD-LCH-014",
         "words:missing-line-continuation-script-arg-dropped": "RD-LCH-014",
         # wave 16: assignments expanded from a variable as a command's first word (RD-LCH-015, new; spent batch 49)
         "words:env-assignments-expanded-from-variable": "RD-LCH-015",
         # wave 26: spent labels that wrote in words what a code's definition says (codes.md): PyPI's xformers is a CUDA
         # build (RD-IMG-002), an NVIDIA image (RD-IMG-001), a uv project's PyPI torch (RD-IMG-002), a wheel of a ROCm
         # newer than the host's (RD-IMG-003), an NVIDIA node feature (RD-LCH-002)
         "words:xformers-built-for-cuda": "RD-IMG-002", "words:cuda-only-container-image": "RD-IMG-001",
         "words:uv-project-pulls-cuda-torch": "RD-IMG-002", "words:torch-wheel-rocm-newer-than-host": "RD-IMG-003",
         "words:slurm-constraint-nvidia-node-feature": "RD-LCH-002",
         # wave 26: Kubernetes manifests' and Helm values' nvidia.com/gpu requests and their node selectors or required
         # affinities on NVIDIA's GPU node labels (RD-CTR-004 reads both since this change; Helm values are read too)
         "words:nvidia-only-node-affinity": "RD-CTR-004", "words:nvidia-node-affinity-label": "RD-CTR-004", "words:nvidia-gpu-product-node-selector": "RD-CTR-004",
         "words:nvidia-gpu-node-affinity": "RD-CTR-004", "words:nvidia-only-node-selector": "RD-CTR-004",
         # wave 27 (batch 118): a pod's /dev/shm left at the runtime's 64 MiB (RD-CTR-005 reads pods since wave 8),
         # NVIDIA's RuntimeClass in a pod (RD-CTR-004 reads runtimeClassName)
         "words:pod-no-dev-shm-volume": "RD-CTR-005", "words:nvidia-runtime-class": "RD-CTR-004",
         # (batch 133) a framework's CUDA image (tensorflow/tensorflow:latest-gpu): RD-IMG-001's definition
         "words:cuda-only-framework-image": "RD-IMG-001",
         # (batch 138) the same class as words:nvidia-smi-gpu-count (wave 8's map), in another spelling
         "words:nvidia-smi-gpu-count-on-amd": "RD-LCH-001", "words:gpu-count-via-nvidia-smi": "RD-LCH-001"}


def split_of(repo: str) -> str:
    """dev or holdout, by the source repository alone (so one repository never straddles the split)."""
    return "holdout" if int(hashlib.sha256(repo.lower().encode()).hexdigest(), 16) % 10 < 3 else "dev"


FRESH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "corpus", "fresh", "artifacts")


def sets(root: str = CORPUS) -> list[dict]:
    out = []
    for name in sorted(os.listdir(root)):
        d = os.path.join(root, name)
        if not os.path.isfile(os.path.join(d, "LABELS")):
            continue
        src = open(os.path.join(d, "SOURCES"), encoding="utf-8").read()
        repo = re.search(r"(?m)^repo:\s*(\S+)", src).group(1)
        machine, clean, labels = None, False, []
        for raw in open(os.path.join(d, "LABELS"), encoding="utf-8"):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("machine:"):
                machine = line.split(":", 1)[1].strip()
            elif line == "clean":
                clean = True
            else:
                code, where = line.split()
                path, _, lines = where.rpartition(":")
                lo, _, hi = lines.partition("-")
                labels.append({"code": code, "file": path, "lo": int(lo), "hi": int(hi or lo)})
        out.append({"name": name, "dir": d, "repo": repo, "split": "fresh" if root == FRESH else split_of(repo),
                    "machine": machine,
                    "clean": clean, "labels": labels})
    return out


def _kind(setdir: str, rel: str) -> str:
    from rocmdoctor.artifacts.readers import read_one

    kind = read_one(os.path.join(setdir, rel)).kind
    return _KIND_OF.get(kind, kind)


def flags(s: dict) -> list[dict]:
    """The set's findings that point into it: [{code, title, places: [(file, line|None)]}]."""
    from rocmdoctor import api

    report = api.scan(example=s["machine"], options={"config": [s["dir"]]})
    root = os.path.abspath(s["dir"]) + os.sep
    # a check that crashed judged nothing: counted apart, so a crash never passes for a quiet set
    s["errors"] = sorted({f.code for f in report.findings if getattr(f.status, "value", f.status) == "error"})
    out = []
    for f in report.findings:
        if getattr(f.status, "value", f.status) not in ("warn", "fail"):
            continue
        places = []
        for e in f.evidence:
            m = re.match(r"^(.*?)(?::(\d+))?$", e.source or "")
            path = os.path.abspath(m.group(1)) if m and m.group(1) else ""
            if path.startswith(root):
                places.append((path[len(root):], int(m.group(2)) if m.group(2) else None))
        if places:
            out.append({"code": f.code, "title": f.title, "places": places})
    return out


def _matches(label: dict, flag: dict) -> bool:
    if WORDS.get(label["code"], label["code"]) != flag["code"]:
        return False
    return any(p == label["file"] and (ln is None or label["lo"] - SLACK <= ln <= label["hi"] + SLACK)
               for p, ln in flag["places"])


def judge(s: dict, found: list[dict]) -> dict:
    used = set()
    tp, fn = [], []
    for lab in s["labels"]:
        hit = next((i for i, f in enumerate(found) if _matches(lab, f)), None)
        (tp if hit is not None else fn).append(lab)
        if hit is not None:
            used.update(i for i, f in enumerate(found) if _matches(lab, f))
    fp = [f for i, f in enumerate(found) if i not in used]
    return {"tp": tp, "fn": fn, "fp": fp, "right": not fn and not fp}


def evaluate(split: str = "all") -> dict:
    kinds = {k: {"tp": 0, "fp": 0, "fn": 0} for k in KINDS}
    result = {"kinds": kinds, "right": 0, "total": 0, "false_flags": 0, "healthy_total": 0, "sets": {}}
    for s in sets(FRESH if split == "fresh" else CORPUS):
        if split != "all" and s["split"] != split:
            continue
        v = judge(s, flags(s))
        result["sets"][s["name"]] = dict(v, split=s["split"], machine=s["machine"], clean=s["clean"],
                                         errors=s.get("errors") or [])
        result["total"] += 1
        result["right"] += v["right"]
        if s["clean"]:
            result["healthy_total"] += 1
            result["false_flags"] += bool(v["fp"])
        for key, items in (("tp", v["tp"]), ("fn", v["fn"])):
            for lab in items:
                kinds.setdefault(_kind(s["dir"], lab["file"]), {"tp": 0, "fp": 0, "fn": 0})[key] += 1
        for f in v["fp"]:
            kinds.setdefault(_kind(s["dir"], f["places"][0][0]), {"tp": 0, "fp": 0, "fn": 0})["fp"] += 1
    return result


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    splits = [a.split("=", 1)[1] for a in argv if a.startswith("--split=")] or ["dev", "holdout"]
    for split in splits:
        r = evaluate(split)
        print(f"== artifacts {split}: {r['right']}/{r['total']} sets right; false flags on clean sets "
              f"{r['false_flags']}/{r['healthy_total']}")
        print(f"   {'kind':<13} {'tp':>3} {'fp':>3} {'fn':>3}  precision recall")
        for k, c in r["kinds"].items():
            p = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 1.0
            rc = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 1.0
            print(f"   {k:<13} {c['tp']:>3} {c['fp']:>3} {c['fn']:>3}  {p:9.2f} {rc:6.2f}")
        if verbose:
            for name, v in r["sets"].items():
                if v["right"]:
                    continue
                print(f"-- {name} ({v['machine']})")
                for lab in v["fn"]:
                    print(f"   missed  {lab['code']} {lab['file']}:{lab['lo']}")
                for f in v["fp"]:
                    print(f"   extra   {f['code']} {f['places'][:2]} {f['title'][:90]}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    sys.exit(main(sys.argv[1:]))
