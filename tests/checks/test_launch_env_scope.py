"""RD-LCH-001 judges each launch command with the environment it runs with (issue 24 §3: two launches
in one set judged separately): another script's `ROCR_VISIBLE_DEVICES=... torchrun` prefix does not
apply to it; an index past the GPUs left selects none (CUDA_VISIBLE_DEVICES=4,5,6,7 on a 4-GPU job);
HIP_VISIBLE_DEVICES and CUDA_VISIBLE_DEVICES are one selection. Real files: AMD-AGI/HummingbirdXT,
MapleZiyer/grpo2, FlexCode29/financial-grpo."""
from __future__ import annotations

from tests.lintacc_helpers import corpus, flagged, scan, write


def test_other_scripts_prefix_env_does_not_apply(tmp_path):
    write(tmp_path, "a.sh", "#!/bin/bash\nROCR_VISIBLE_DEVICES=0,1,4,5,6,7 torchrun --nproc_per_node=6 train.py\n")
    write(tmp_path, "b.sh", "#!/bin/bash\ntorchrun --nproc_per_node=8 train.py\n")
    assert flagged(scan([tmp_path], "RD-LCH-001", "mi300x8")) == []


def test_own_prefix_env_applies(tmp_path):
    p = write(tmp_path, "a.sh", "#!/bin/bash\nROCR_VISIBLE_DEVICES=0,1 torchrun --nproc_per_node=4 train.py\n")
    assert flagged(scan([p], "RD-LCH-001", "mi300x8"))


def test_indexes_past_the_gpus_select_none(tmp_path):
    p = write(tmp_path, "a.sh", "#!/bin/bash\nexport CUDA_VISIBLE_DEVICES=4,5,6,7\ntorchrun --nproc_per_node=4 train.py\n")
    fs = flagged(scan([p], "RD-LCH-001", "dcu-slurm"))
    assert fs and "0 GPU(s)" in fs[0].title


def test_hip_and_cuda_lists_are_one_selection(tmp_path):
    p = write(tmp_path, "a.sh", "#!/bin/bash\nHIP_VISIBLE_DEVICES=1,2,3,4,5,6,7 CUDA_VISIBLE_DEVICES=1,2,3,4,5,6,7 "
              "accelerate launch --multi_gpu --num-processes=7 train.py\n")
    assert flagged(scan([p], "RD-LCH-001", "mi300x8")) == []


def test_real_sets():
    assert flagged(scan([corpus("amdagi-hummingbird-launch")], "RD-LCH-001", "mi300x8")) == []
    assert flagged(scan([corpus("flexcode29-grpo-vllm")], "RD-LCH-001", "mi300x8")) == []
    assert flagged(scan([corpus("mapleziyer-grpo2-dcu")], "RD-LCH-001", "dcu-slurm"))
