"""RD-LCH-001/002 (checks/launch.py): ranks, GPU indexes and Slurm GPU requests in launch
scripts against the GPUs the node has; on the seeds' scripts and real public ones (tests/data/configs)."""
import os

import pytest

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
SEEDS = os.path.join(DATA, "seeds")
CONFIGS = os.path.join(DATA, "configs")


def test_more_ranks_than_visible_gpus_fails(lint):
    fs = lint([os.path.join(SEEDS, "run_distributed.sh")], "RD-LCH-001")  # --nproc_per_node=4 on 2x MI50
    assert lint.statuses(fs) == ["fail", "fail", "fail"]


def test_ranks_matching_the_gpus_pass_and_gpu_keyword_is_not_judged(lint):
    assert lint.statuses(lint([os.path.join(SEEDS, "train_qwen_ddp_fp32.sh")], "RD-LCH-001")) == ["pass"]
    fs = lint([os.path.join(CONFIGS, "lumi_run_multigpu_torchrun.sh")], "RD-LCH-001")
    assert lint.statuses(fs) == ["pass"] and "launch time" in fs[0].title


@pytest.mark.parametrize("line, bad", [
    ("#SBATCH --gres=gpu:mi210:2", True), ("#SBATCH --gres=gpu:mi300x:8", False),
    ("#SBATCH --gpus=mi250:2", True), ("#SBATCH --gres=gpu:16", True), ("#SBATCH --gres=gpu:siteA:2", False),
])
def test_sbatch_gpu_requests_against_the_node(tmp_path, line, bad, lint):
    path = lint.write("job.sbatch", f"#!/bin/bash\n{line}\nsrun python train.py\n")
    assert bool(lint.flagged(lint([path], "RD-LCH-002", "mi300x8"))) == bad


def test_deepspeed_include_names_gpus_the_node_lacks(tmp_path, lint):
    path = lint.write("run.sh", "deepspeed --include localhost:2,3 train.py --deepspeed ds.json\n")
    fs = lint.flagged(lint([path], "RD-LCH-001", "mi50x2-xeon"))
    assert len(fs) == 1 and "[2, 3]" in fs[0].title
