"""RD-ENV-003: one GPU list written under both HIP_VISIBLE_DEVICES and CUDA_VISIBLE_DEVICES (scripts
meant for either vendor, FlexCode29/financial-grpo's run.sh) is one selection, not a conflict; two
different lists still are."""
from __future__ import annotations

from tests.lintacc_helpers import corpus, flagged, scan, write


def test_same_list_under_both_names_is_fine(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=0,1\nexport CUDA_VISIBLE_DEVICES=0,1\n"
              "torchrun --nproc_per_node=2 train.py\n")
    assert flagged(scan([p], "RD-ENV-003", "mi300x8")) == []


def test_different_lists_under_both_names_still_warn(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=0,1\nexport CUDA_VISIBLE_DEVICES=2,3\n"
              "torchrun --nproc_per_node=2 train.py\n")
    fs = flagged(scan([p], "RD-ENV-003", "mi300x8"))
    assert fs and "different GPUs" in fs[0].detail


def test_rocr_with_hip_still_warns(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport ROCR_VISIBLE_DEVICES=0,1\nexport HIP_VISIBLE_DEVICES=0,1\n"
              "python train.py\n")
    assert flagged(scan([p], "RD-ENV-003", "mi300x8"))


def test_real_script_with_one_list_for_both():
    assert flagged(scan([corpus("flexcode29-grpo-vllm")], "RD-ENV-003", "mi300x8")) == []
