"""RD-LCH-006 and RD-LCH-007 (checks/launch_stack.py): CUDA framework modules, and the config file
`accelerate launch` reads as its own."""
from __future__ import annotations

import pytest

from tests.lintacc_helpers import flagged, scan, write


# He-Wenhao/ML-LinearSpace demo/train_multinodes/submit.sh (NERSC Perlmutter): `module load pytorch/2.1.0-cu12`
# Zeldrizz/EmpathyLLM-Finetuning-RU-FEELIX .../script.sh: `module load CUDA/12.2` before torchrun (NVIDIA's toolkit
# module: a warning, the job was set up for an NVIDIA cluster); rocm and rccl modules are the look-alikes.
@pytest.mark.parametrize("module, status", [
    ("pytorch/2.1.0-cu12", "fail"), ("PyTorch/2.1.2-foss-2023a-CUDA-12.1.1", "fail"),
    ("CUDA/12.2", "warn"), ("cuda/12.1", "warn"), ("cudatoolkit/23.3_11.8", "warn"), ("nccl/2.18.3-cuda.12.1", "warn"),
    ("pytorch/2.2.2-rocm-5.6.1", None), ("rocm/6.2.0", None), ("rccl/2.18", None), ("craype-accel-amd-gfx90a", None),
    # IDRIS Jean Zay's framework modules (wave 22: four spent fresh sets labelled them): the `-gpu` build is CUDA's
    ("pytorch-gpu/py3/2.4.0", "fail"), ("tensorflow-gpu/py3/2.11.0", "fail"), ("pytorch/py3/2.4.0", None),
    ("gpu-burn/1.0", None),
])
def test_a_cuda_build_of_the_framework_loaded_by_module(tmp_path, module, status):
    p = write(tmp_path, "submit.sh", f"#!/bin/bash\n#SBATCH -N 1\nmodule load {module}\nsrun python train.py\n")
    fs = flagged(scan([p], "RD-LCH-006", "mi300x8"))
    assert [f.status.value for f in fs] == ([status] if status else [])
    if status:
        assert fs[0].evidence[0].source == p + ":3"


# xichenpan/soda a100.sh: one `module load` continued over three lines is one finding, on its first line
def test_cuda_toolkit_modules_of_one_command_are_one_finding(tmp_path):
    p = write(tmp_path, "a100.sh", "#!/bin/bash\nmodule load cuda/12.1 \\\n    nccl/2.18.3-cuda.12.1 \\\n"
              "    nccl_efa/1.24.1-nccl.2.18.3-cuda.12.1\nsrun python train.py\n")
    [f] = flagged(scan([p], "RD-LCH-006", "mi300x8"))
    assert f.evidence[0].source == p + ":2" and "nccl_efa" in f.title


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


# liv-daliberti/maxent-grpo recipes/accelerate_configs/zero3.yaml (01843f1): a DeepSpeed-JSON zero_optimization block
# nested under accelerate's deepspeed_config; SmallDoges/small-doge: pipeline/data/tensor_parallel_size there.
MAXENT = """compute_environment: LOCAL_MACHINE
distributed_type: DEEPSPEED
num_processes: 7
deepspeed_config:
  deepspeed_multinode_launcher: standard
  zero_optimization:
    stage: 3
    overlap_comm: true
    reduce_bucket_size: 2e7
  zero_stage: 3
  zero3_init_flag: true
"""
# huanyuqu/grpo accelerate_configs/deepspeed_zero3.yaml: only accelerate's own keys (the look-alike)
TRL_Z3 = """compute_environment: LOCAL_MACHINE
deepspeed_config:
  deepspeed_multinode_launcher: standard
  offload_optimizer_device: none
  offload_param_device: none
  zero3_init_flag: true
  zero3_save_16bit_model: true
  zero_stage: 3
distributed_type: DEEPSPEED
num_processes: 3
"""


def test_deepspeed_json_keys_in_accelerates_deepspeed_config(tmp_path):
    p = write(tmp_path, "zero3.yaml", MAXENT)
    [f] = flagged(scan([p], "RD-LCH-009", "mi300x8"))
    assert "zero_optimization" in f.title and f.evidence[0].source == p + ":6"
    small = write(tmp_path, "z3b.yaml", TRL_Z3.replace("  zero_stage: 3\n", "  zero_stage: 3\n  pipeline_parallel_size: 1\n"
                                                                        "  data_parallel_size: 8\n"))
    [g] = flagged(scan([small], "RD-LCH-009", "mi300x8"))
    assert {e.source for e in g.evidence} == {small + ":9", small + ":10"}
    assert not flagged(scan([write(tmp_path, "trl.yaml", TRL_Z3)], "RD-LCH-009", "mi300x8"))


def test_a_deepspeed_json_written_as_a_key_is_named(tmp_path):
    # lixinyu-qwen3: `deepspeed_config: {configs/deepspeed/zero3_bf16.json}` is a mapping whose key is the path
    p = write(tmp_path, "z.yaml", "distributed_type: DEEPSPEED\nnum_processes: 3\n"
              "deepspeed_config: {configs/deepspeed/zero3_bf16.json}\n")
    [f] = flagged(scan([p], "RD-LCH-009", "mi300x8"))
    assert "deepspeed_config_file: configs/deepspeed/zero3_bf16.json" in f.detail


def test_the_deepspeed_keys_warning_names_the_file_each_key_and_its_line(tmp_path):
    p = write(tmp_path, "zero3.yaml", MAXENT)
    [f] = scan([p], "RD-LCH-009", "mi300x8")
    assert f.status.value == "warn" and f.subject == p  # ignored keys: DeepSpeed runs, with its defaults
    assert f.title == "zero3.yaml: deepspeed_config keys accelerate does not read: zero_optimization"
    assert [(e.source, e.text) for e in f.evidence] == [(p + ":6", "deepspeed_config.zero_optimization")]
    # a config of accelerate's keys only passes, naming its file
    [g] = scan([write(tmp_path, "trl.yaml", TRL_Z3)], "RD-LCH-009", "mi300x8")
    assert (g.status.value, g.subject) == ("pass", str(tmp_path / "trl.yaml")) and g.title.startswith("trl.yaml:")


def test_six_ignored_keys_are_named_whole_a_seventh_is_cut_to_an_ellipsis(tmp_path):
    keys = ["overlap_comm", "contiguous_gradients", "reduce_bucket_size", "allgather_bucket_size",
            "stage3_prefetch_bucket_size", "stage3_param_persistence_threshold", "sub_group_size"]
    for n, ellipsis in ((6, False), (7, True)):
        block = "".join(f"  {k}: 1\n" for k in keys[:n])
        p = write(tmp_path, f"z{n}.yaml", TRL_Z3.replace("  zero_stage: 3\n", "  zero_stage: 3\n" + block))
        [f] = flagged(scan([p], "RD-LCH-009", "mi300x8"))
        assert f.title.endswith(" ...") is ellipsis and "stage3_param_persistence_threshold" in f.title
        assert "sub_group_size" not in f.title and len(f.evidence) == n


def test_a_key_is_cited_inside_the_deepspeed_block_not_in_a_block_above(tmp_path):
    # a hand-edited config moved from FSDP to DeepSpeed: `offload_params` under fsdp_config above, and again under
    # deepspeed_config, where accelerate does not read it
    p = write(tmp_path, "ds.yaml", "distributed_type: DEEPSPEED\nfsdp_config:\n  offload_params: false\n"
              "deepspeed_config:\n  offload_params: true\n  zero_stage: 3\nnum_processes: 8\n")
    [f] = flagged(scan([p], "RD-LCH-009", "mi300x8"))
    assert [e.source for e in f.evidence] == [p + ":5"]


def test_accelerate_configs_without_a_deepspeed_block_pass(tmp_path):
    # an FSDP config of `accelerate config` (the keys it writes)
    p = write(tmp_path, "fsdp.yaml", "compute_environment: LOCAL_MACHINE\ndistributed_type: FSDP\n"
              "fsdp_config:\n  fsdp_sharding_strategy: FULL_SHARD\nmixed_precision: bf16\nnum_processes: 8\n")
    [f] = scan([p], "RD-LCH-009", "mi300x8")
    assert f.status.value == "pass" and f.title == "no accelerate config with a deepspeed_config block"


def test_a_config_with_quoted_keys_is_judged_citing_the_file(tmp_path):
    # YAML is a superset of JSON: a config written with quoted keys reads the same; no line starts with the bare key
    p = write(tmp_path, "ds.yaml", '"distributed_type": "DEEPSPEED"\n"num_processes": 8\n'
              '"deepspeed_config":\n  "zero_stage": 3\n  "overlap_comm": true\n')
    [f] = flagged(scan([p], "RD-LCH-009", "mi300x8"))
    assert [(e.source, e.text) for e in f.evidence] == [(p, "deepspeed_config.overlap_comm")]
