"""Launch-file classes of wave 5 (track artb), each with real text (source on the comment) and a look-alike
that must not match: CUDA framework modules, GPU counts from nvidia-smi, accelerate given a DeepSpeed JSON,
compiler and Cray target lists, `uv add`, one-word-short variable names, containers started in $(...)."""
from __future__ import annotations

import pytest

from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import flagged, scan, write


def _build(path, name):
    return [(v.value, v.origin.line) for v in read_one(path).values if v.kind == "build" and v.name == name]


# He-Wenhao/ML-LinearSpace demo/train_multinodes/submit.sh (NERSC Perlmutter): `module load pytorch/2.1.0-cu12`
@pytest.mark.parametrize("module, bad", [
    ("pytorch/2.1.0-cu12", True), ("PyTorch/2.1.2-foss-2023a-CUDA-12.1.1", True),
    ("cuda/12.1", False),  # the toolkit alone changes nothing the job runs
    ("pytorch/2.2.2-rocm-5.6.1", False), ("cudatoolkit", False),
])
def test_a_cuda_build_of_the_framework_loaded_by_module(tmp_path, module, bad):
    p = write(tmp_path, "submit.sh", f"#!/bin/bash\n#SBATCH -N 1\nmodule load {module}\nsrun python train.py\n")
    fs = flagged(scan([p], "RD-LCH-006", "mi300x8"))
    assert bool(fs) == bad
    if bad:
        assert fs[0].evidence[0].source == p + ":3"


# Vpragadeesh/Tiny-GPT train_deepspeed.sh: NUM_GPUS=$(nvidia-smi --list-gpus 2>/dev/null | wc -l), then a fallback
# to 1 and `deepspeed --num_gpus $NUM_GPUS main_deepspeed.py`: on an AMD node one rank, the other GPUs idle
def test_ranks_counted_with_nvidia_smi_are_cited_where_they_are_counted(tmp_path):
    p = write(tmp_path, "train.sh", "#!/bin/bash\nNUM_GPUS=$(nvidia-smi --list-gpus 2>/dev/null | wc -l)\n"
              "if [ \"$NUM_GPUS\" -eq 0 ]; then\n    NUM_GPUS=1\nfi\ndeepspeed --num_gpus $NUM_GPUS main.py\n")
    fs = [f for f in flagged(scan([p], "RD-LCH-001", "mi300x8")) if "nvidia-smi" in f.title]
    assert len(fs) == 1 and fs[0].evidence[0].source == p + ":2"
    inline = write(tmp_path, "t2.sh", "#!/bin/bash\ntorchrun --nproc_per_node=$(nvidia-smi -L | wc -l) train.py\n")
    assert any("nvidia-smi" in f.title for f in flagged(scan([inline], "RD-LCH-001", "mi300x8")))
    # look-alikes: nvidia-smi only printed, and a count from torch
    ok = write(tmp_path, "t3.sh", "#!/bin/bash\nnvidia-smi\nN=$(python -c 'import torch; print(torch.cuda.device_count())')\n"
               "torchrun --nproc_per_node=$N train.py\n")
    assert not any("nvidia-smi" in f.title for f in flagged(scan([ok], "RD-LCH-001", "mi300x8")))


# yohankhan/att2 llm-ent/scripts/launch_sft.sh: `accelerate launch --config_file configs/deepspeed/ds_z3_offload.json`
def test_accelerate_given_a_deepspeed_json_as_its_config(tmp_path):
    ds = write(tmp_path, "configs/deepspeed/ds_z3_offload.json",
               '{"train_batch_size": "auto", "zero_optimization": {"stage": 3}, "bf16": {"enabled": true}}\n')
    p = write(tmp_path, "launch_sft.sh", "#!/usr/bin/env bash\nset -euo pipefail\naccelerate launch --config_file "
              "configs/deepspeed/ds_z3_offload.json \\\n  train/sft.py configs/training/sft.yaml\n")
    [f] = flagged(scan([p, ds], "RD-LCH-007", "mi300x8"))
    assert f.evidence[0].source == p + ":3"
    acc = write(tmp_path, "acc.yaml", "compute_environment: LOCAL_MACHINE\ndistributed_type: DEEPSPEED\nnum_processes: 8\n"
                "deepspeed_config:\n  deepspeed_config_file: configs/deepspeed/ds_z3_offload.json\n")
    q = write(tmp_path, "launch2.sh", "#!/bin/bash\naccelerate launch --config_file acc.yaml train.py\n")
    assert not flagged(scan([q, acc, ds], "RD-LCH-007", "mi300x8"))  # look-alike: an accelerate config


# CuzImAram/offloading run_amd.sh: OMP_FLAGS="-O3 -fopenmp --offload-arch=gfx1201 ..." then `clang $OMP_FLAGS ...`
def test_a_compiler_offload_arch_is_a_target_list_cited_where_the_flags_are_written(tmp_path):
    p = write(tmp_path, "run_amd.sh", "#!/bin/bash\nset -e\nOMP_FLAGS=\"-O3 -fopenmp --offload-arch=gfx1201 \\\n"
              "-L/usr/lib64/amdgcn-amd-amdhsa\"\nclang $OMP_FLAGS main.c -o main -lm\n./main\n")
    assert _build(p, "arch:--offload-arch") == [("gfx1201", 3)]
    [f] = flagged(scan([p], "RD-ENV-002", "rx7900xtx"))
    assert "gfx1100" in f.title
    good = write(tmp_path, "ok.sh", "#!/bin/bash\nhipcc --offload-arch=gfx1100 k.hip -o k\n")
    assert not flagged(scan([good], "RD-ENV-002", "rx7900xtx"))
    # look-alike: the flag in an echo is not a build
    said = write(tmp_path, "say.sh", "#!/bin/bash\necho use --offload-arch=gfx1201 on RDNA4\n")
    assert _build(said, "arch:--offload-arch") == []


# hiperbio/epistasis-supercomputers mpi-epi4tensor/run_lumi_4N.sh: `module load craype-accel-amd-gfx90a`, then
# `make -f Makefile_mi250x`; alexk101/sc24-dl-tutorial loads the same module for a Python job that builds nothing
def test_cray_accelerator_target_counts_once_the_script_builds(tmp_path):
    p = write(tmp_path, "run_lumi.sh", "#!/bin/bash\n#SBATCH --nodes=4\nmodule load craype-accel-amd-gfx90a\n"
              "module load rocm/6.0.3\nmake -f Makefile_mi250x\nsrun ./bin/app data.txt\n")
    assert _build(p, "arch:craype-accel") == [("gfx90a", 3)]
    assert flagged(scan([p], "RD-ENV-002", "mi300x8"))
    py = write(tmp_path, "py.sh", "#!/bin/bash\nmodule load craype-accel-amd-gfx90a\nsrun python train.py\n")
    assert _build(py, "arch:craype-accel") == []


# Zhi0467/pretrain-zero-rl start.sh: `uv add torch==2.6.0 transformers==4.51.3 ...` installs into the project venv
def test_uv_add_is_an_install(tmp_path):
    p = write(tmp_path, "start.sh", "#!/bin/bash\nuv init\nuv add torch==2.6.0 \\\n    transformers==4.51.3\nuv sync\n")
    [(value, line)] = _build(p, "pip")
    assert value["requirements"] == ["torch==2.6.0", "transformers==4.51.3"] and line == 3
    assert _build(write(tmp_path, "s2.sh", "#!/bin/bash\nuv venv\nuv run train.py\n"), "pip") == []


# axonn-ai/vllm benchmarking_frontier.sh: `export NCCL_NET_GDR=3` (NCCL_NET_GDR_LEVEL meant); SalesforceAIResearch/CoDA
# run_sft.sh and davyuan/nanoGPT: `export NCCL_TIMEOUT=1800`, a timeout in seconds, not NCCL_IB_TIMEOUT's exponent
def test_one_word_short_and_out_of_range_suggestions():
    from checks.envvars import _meant

    assert _meant("NCCL_NET_GDR", "3") == "NCCL_NET_GDR_LEVEL"
    assert _meant("NCCL_TIMEOUT", "1800") is None
    assert _meant("NCCL_TIMEOUT", "22") == "NCCL_IB_TIMEOUT"
    assert _meant("NCCL_NET_GDR_LEVEL", "3") is None  # a known name
    assert _meant("HSA_OVERRIDE", "11.0.0") is None  # two words short: not judged


# XiongDaowen/Integrated-Design-Diffusion-Model start.sh and davyuan/nanoGPT: TORCH_DISTRIBUTED_DEBUG=DETAIL left on
def test_torch_distributed_debug_detail_is_a_debugging_switch_left_on(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport TORCH_DISTRIBUTED_DEBUG=DETAIL\ntorchrun --nproc_per_node 2 t.py\n")
    assert flagged(scan([p], "RD-RCCL-001", "mi300x8"))
    q = write(tmp_path, "q.sh", "#!/bin/bash\nexport TORCH_DISTRIBUTED_DEBUG=OFF\ntorchrun --nproc_per_node 2 t.py\n")
    assert not flagged(scan([q], "RD-RCCL-001", "mi300x8"))


# micmelesse/transformers docker_run_amd.sh (spent fresh batch 2): alias drun='sudo docker run ...', IMAGE_NAME=...rocm4.0...,
# CONTAINER_ID=$(drun -d $WORK_DIR $VOLUMES $IMAGE_NAME) with VOLUMES commented out
def test_a_container_started_inside_a_command_substitution_is_read(tmp_path):
    p = write(tmp_path, "docker_run.sh", "alias drun='sudo docker run -it --device=/dev/kfd --device=/dev/dri'\n"
              "WORK_DIR='-w /dockerx'\nIMAGE_NAME=rocm/pytorch:rocm4.0_ubuntu18.04_py3.6_pytorch\n"
              "CONTAINER_ID=$(drun -d $WORK_DIR $VOLUMES $IMAGE_NAME)\ndocker attach $CONTAINER_ID\n")
    images = [(v.value, v.origin.line) for v in read_one(p).values if v.kind == "container" and v.name == "image"]
    assert images == [("rocm/pytorch:rocm4.0_ubuntu18.04_py3.6_pytorch", 3)]
    # look-alike: a command substitution that only queries
    q = write(tmp_path, "q.sh", "#!/bin/bash\nCID=$(docker ps -q)\nN=$(hostname)\n")
    assert [v for v in read_one(q).values if v.kind == "container"] == []


# ovi2020/Finetune-LLM-FD 00_rocm_setup.sh (spent fresh batch 3): `pip install \ transformers>=4.47.0 \ ... deepspeed>=0.14.0`
@pytest.mark.parametrize("line, status", [
    ("pip install \\\n  transformers>=4.47.0 \\\n  deepspeed>=0.14.0 \\\n  pandas\n", "warn"),
    ("python3 -m pip install torch<2.5 numpy\n", "fail"),
    # look-alikes: quoted specifiers, an exact pin, a redirection of the output, a requirements file
    ("pip install 'transformers>=4.47.0' \"deepspeed>=0.14.0\"\n", None),
    ("pip install torch==2.4.1 numpy\n", None),
    ("pip install -r requirements.txt > pip.log 2>&1\n", None),
    ("echo pip install x>=1\n", None),
])
def test_unquoted_pip_specifiers_are_redirections(tmp_path, line, status):
    p = write(tmp_path, "setup.sh", "#!/bin/bash\n" + line)
    fs = flagged(scan([p], "RD-LCH-008", "mi300x8"))
    assert [f.status.value for f in fs] == ([status] if status else [])
