"""Issue 24, wave 7 (track lch7): launch-file classes from the dev misses of a cold sample of 17 sets, each with a
real positive and a look-alike that must not be flagged. The scan runs the check's code only, against an embedded
example machine."""
from __future__ import annotations

from tests.lintacc_helpers import flagged, scan, write

# ------------------------------------------------------------------ RD-LCH-001: deepspeed --num_gpus ignores CVD
# GotYoo/Med3D-MoE-Seg scripts/train_ds.sh (cd118f8): four GPUs selected, eight ranks asked of DeepSpeed
MED3D = """export CUDA_VISIBLE_DEVICES=0,1,2,3
export MASTER_PORT=${MASTER_PORT:-29500}
NUM_GPUS=8
DS_CONFIG="./config/ds_config_zero2.json"
deepspeed --num_gpus=${NUM_GPUS} \\
    --master_port=${MASTER_PORT} \\
    train_net.py \\
    --deepspeed ${DS_CONFIG} \\
    --bf16 True
"""


def test_deepspeed_num_gpus_over_the_selected_gpus_names_deepspeeds_override(tmp_path):
    p = write(tmp_path, "train_ds.sh", MED3D)
    [f] = flagged(scan([p], "RD-LCH-001", "mi300x8"))
    assert "ignores CUDA_VISIBLE_DEVICES=0,1,2,3" in f.title and "0..7" in f.title
    assert [e.source for e in f.evidence[:2]] == [p + ":5", p + ":1"]


def test_deepspeed_num_gpus_equal_to_the_selection_is_not_flagged(tmp_path):
    # rinbarpen/NeuroTrain scripts/run_deepspeed.sh (1181eaf): CUDA_VISIBLE_DEVICES=0,1,2,3 and --num_gpus=4: the
    # launcher ignores the variable but its ranks take GPUs 0-3, the same four
    p = write(tmp_path, "run_deepspeed.sh", "export CUDA_VISIBLE_DEVICES=0,1,2,3  # adjust\n\n"
              "deepspeed --num_gpus=4 main_deepspeed.py \\\n    --config configs/your_config.yaml \\\n    --task train\n")
    assert not flagged(scan([p], "RD-LCH-001", "mi300x8"))
    # a selection that is not 0..N-1 is what DeepSpeed overrides even when the count fits
    q = write(tmp_path, "r2.sh", "export CUDA_VISIBLE_DEVICES=4,5,6,7\ndeepspeed --num_gpus=4 main_deepspeed.py\n")
    [f] = flagged(scan([q], "RD-LCH-001", "mi300x8"))
    assert "ignores CUDA_VISIBLE_DEVICES=4,5,6,7" in f.title


def test_torchrun_over_the_selected_gpus_keeps_the_plain_finding(tmp_path):
    # look-alike: torchrun honours CUDA_VISIBLE_DEVICES (HIP reads it), so 8 ranks on 4 visible GPUs is the old finding
    p = write(tmp_path, "t.sh", MED3D.replace("deepspeed --num_gpus=${NUM_GPUS}", "torchrun --nproc_per_node=${NUM_GPUS}"))
    [f] = flagged(scan([p], "RD-LCH-001", "mi300x8"))
    assert f.title == "8 ranks per node, but only 4 GPU(s) are visible"


# ------------------------------------------------------------------ RD-ENV-003 / RD-LCH-001 under a Slurm allocation
# Joe-Hall-Lee/STaR-Judge scripts/train_dpo.sh + accelerate/fsdp_config.yaml (ccafbc7): two GPUs asked of Slurm, the
# node's indexes 5 and 7 picked, and an accelerate config that starts four processes
STAR_DPO = """#!/bin/bash
#SBATCH --job-name=Llama-2-13b-chat_lr_2e-5  # 任务名字
#SBATCH --nodes=1  # 节点
#SBATCH --ntasks=4  # 需要多少个 cpu
#SBATCH --gres=gpu:2  # 使用 gpu 数量，如果 2 个 gpu 写成 gpu:2
#SBATCH --partition=gpus # 分区默认即可
source ~/.bashrc
WANDB_MODE=offline CUDA_VISIBLE_DEVICES="5,7" accelerate launch \\
    --config_file accelerate/fsdp_config.yaml \\
    --main_process_port=12540 \\
    train/LLaMA-Factory/src/train.py configs/train/llama3_full_dpo.yaml
"""
FSDP = ("compute_environment: LOCAL_MACHINE\ndistributed_type: FSDP\nmixed_precision: bf16\nnum_machines: 1\n"
        "num_processes: 4 # the number of GPUs in all nodes\nuse_cpu: false\n")


def test_indexes_and_ranks_are_judged_against_the_gpus_slurm_gives_the_job(tmp_path):
    sh = write(tmp_path, "train_dpo.sh", STAR_DPO)
    cfg = write(tmp_path, "accelerate/fsdp_config.yaml", FSDP)
    [f] = flagged(scan([sh, cfg], "RD-ENV-003", "mi300x8"))  # 5 and 7 exist on the node, not in the 2-GPU job
    assert "names index 5, but only 2" in f.detail and f.evidence[-1].source == sh + ":5"
    [g] = flagged(scan([sh, cfg], "RD-LCH-001", "mi300x8"))  # the script's selection counts for the config's ranks
    assert g.title.startswith("4 ranks per node") and g.evidence[0].source == cfg + ":5"


def test_a_selection_inside_the_allocation_is_not_flagged(tmp_path):
    # Imageomics/bioclip slurm/train.sh (4ea3247): --gpus-per-node=4, CUDA_VISIBLE_DEVICES=0,1,2,3, torchrun 4 ranks
    sh = write(tmp_path, "train.sh", "#!/usr/bin/env bash\n#SBATCH --nodes=1\n#SBATCH --account=PAS1576\n"
               "#SBATCH --gpus-per-node=4\n#SBATCH --ntasks-per-node=4\n#SBATCH --partition=gpu\n\n"
               "export CUDA_VISIBLE_DEVICES=0,1,2,3\n\n.venv/bin/torchrun --nproc_per_node 4 -m src.training.main\n")
    assert not flagged(scan([sh], "RD-ENV-003", "mi300x8"))
    assert not flagged(scan([sh], "RD-LCH-001", "mi300x8"))
    # look-alike: the same indexes without a batch request are judged against the node's eight GPUs
    free = write(tmp_path, "t2.sh", STAR_DPO.replace("#SBATCH --gres=gpu:2", "# gres=gpu:2"))
    assert not flagged(scan([free], "RD-ENV-003", "mi300x8"))


# ------------------------------------------------------------------ RD-PREC-012: fp16 for a T5 checkpoint
# gachet/SpainAI_Hackaton_2020_NLP launch_scripts/launch_deepspeed.sh (42bab95): t5-3b with --fp16
T5_FP16 = """deepspeed --num_gpus=8 transformers/examples/seq2seq/run_seq2seq.py \\
      --model_name_or_path   t5-3b \\
      --do_eval --do_train \\
      --per_device_train_batch_size=8 \\
      --learning_rate 5e-5 --adafactor --save_total_limit 2 --fp16 --fp16_backend amp --deepspeed ds_config.json
"""


def test_a_t5_checkpoint_in_fp16_is_flagged(tmp_path):
    [f] = flagged(scan([write(tmp_path, "launch_deepspeed.sh", T5_FP16)], "RD-PREC-012", "mi300x8"))
    assert "t5-3b" in f.title and "bfloat16" in f.detail
    # Flan-T5 and mT5 are the same family (transformers#23918, #11735)
    g = write(tmp_path, "g.sh", T5_FP16.replace("t5-3b", "google/flan-t5-xl"))
    assert flagged(scan([g], "RD-PREC-012", "mi300x8"))


def test_t5_in_bf16_and_the_small_original_checkpoints_are_not_flagged(tmp_path):
    bf = write(tmp_path, "b.sh", T5_FP16.replace("--fp16 --fp16_backend amp", "--bf16"))
    assert not flagged(scan([bf], "RD-PREC-012", "mi300x8"))
    # t5-base trains in fp16 since transformers clamps its feed-forward output; codet5 is another family's name
    for name in ("t5-base", "Salesforce/codet5-base"):
        q = write(tmp_path, "q.sh", T5_FP16.replace("t5-3b", name))
        assert not flagged(scan([q], "RD-PREC-012", "mi300x8")), name
