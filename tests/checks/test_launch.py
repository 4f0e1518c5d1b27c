"""RD-LCH-001 (checks/launch.py): ranks and GPU indexes in launch scripts against the GPUs the node
has (Slurm jobs: test_launch_slurm.py); on the seeds' scripts and real public ones (tests/data/configs)."""
import os

import pytest
from tests.lintacc_helpers import corpus, flagged, scan, write

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


def test_deepspeed_include_names_gpus_the_node_lacks(tmp_path, lint):
    path = lint.write("run.sh", "deepspeed --include localhost:2,3 train.py --deepspeed ds.json\n")
    fs = lint.flagged(lint([path], "RD-LCH-001", "mi50x2-xeon"))
    assert len(fs) == 1 and "[2, 3]" in fs[0].title


# --- RD-LCH-001 judges each launch command with the environment it runs with (issue 24 §3: two launches


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


# --- a vLLM server needs tensor x pipeline parallel GPUs (SolidRusT/srt-inference-backends launch-amd.sh,
# spent fresh batch 3: `docker run ... embeddedllminfo/vllm-rocm:... --tensor-parallel-size 2` on a one-GPU Radeon)
@pytest.mark.parametrize("text, bad", [
    ("vllm serve meta-llama/Llama-3.1-8B -tp 2\n", True),
    ("python -m vllm.entrypoints.openai.api_server --model m --tensor-parallel-size=1\n", False),
    ("docker run --device /dev/kfd --device /dev/dri \\\n  rocm/vllm:latest \\\n  --model m \\\n"
     "  --tensor-parallel-size 2\n", True),
    ("python3 -m sglang.launch_server --model-path m --tp 2\n", True),
    ("vllm serve m --tensor-parallel-size $TP\n", False),  # decided at launch
    # look-alike: a training script's own --tensor-parallel-size (Megatron) is its ranks' business, not vLLM's
    ("python pretrain_gpt.py --tensor-parallel-size 2\n", False),
])
def test_vllm_parallel_size_against_the_gpus(tmp_path, lint, text, bad):
    path = lint.write("serve.sh", "#!/bin/bash\n" + text)
    all_ = lint([path], "RD-LCH-001", "rx7900xtx")
    fs = lint.flagged(all_)
    assert bool(fs) == bad, [(f.status, f.title) for f in all_]
    if bad:
        assert fs[0].evidence[0].source.endswith(":" + str(text.count("\n") + 1))  # the line asking for 2
