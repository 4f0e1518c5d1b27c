"""RD-ENV-003 (checks/visible_devices.py): *_VISIBLE_DEVICES against the GPUs present, applied in the
runtime's order (ROCr filters, HIP renumbers), from the environment and from launch files."""
import os

from rocmdoctor.engine.model import Status
from tests.checks.test_envvars import GFX906, GFX1100, findings, machine
from tests.lintacc_helpers import corpus, flagged, scan, write


def test_single_visible_variable_passes(tmp_path):
    s = machine(tmp_path, GFX906, GFX906, env={"HIP_VISIBLE_DEVICES": "1"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.PASS and f.data["visible_gpus"] == [1]


def test_rocr_then_hip_renumbering_leaves_nothing(tmp_path):
    s = machine(tmp_path, GFX906, GFX906, env={"ROCR_VISIBLE_DEVICES": "1", "CUDA_VISIBLE_DEVICES": "1"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.FAIL and "No HIP GPUs are available" in f.title
    assert f.data["visible_gpus"] == [] and "renumbers" in f.detail


def test_hiding_every_gpu_on_purpose_warns(tmp_path):
    s = machine(tmp_path, GFX906, GFX906, env={"CUDA_VISIBLE_DEVICES": "-1"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.WARN and "hide every GPU" in f.title and "renumbers" not in f.detail


def test_combined_variables_warn(tmp_path):
    s = machine(tmp_path, GFX906, GFX906, env={"ROCR_VISIBLE_DEVICES": "1", "HIP_VISIBLE_DEVICES": "0"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.WARN and f.data["visible_gpus"] == [1]


def test_index_beyond_gpus_fails(tmp_path):
    s = machine(tmp_path, GFX906, GFX906, env={"HIP_VISIBLE_DEVICES": "0,2"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.FAIL and "index 2" in f.detail


def test_uuid_selection_uses_kfd_unique_id(tmp_path):
    # Radeon VII node: unique_id 985321441578344217 = 0x0dac90a172da5f19.
    s = machine(tmp_path, GFX1100, GFX906, env={"ROCR_VISIBLE_DEVICES": "GPU-0DAC90A172DA5F19"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.PASS and f.data["visible_gpus"] == [1]


def test_garbage_visible_value_fails_cleanly(tmp_path):
    s = machine(tmp_path, GFX906, env={"CUDA_VISIBLE_DEVICES": "all"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.FAIL and "'all'" in f.detail


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
    # ROCR picks GPUs 2,3; HIP then renumbers them 0,1: right here, but HIP_VISIBLE_DEVICES=0,1 alone
    # would pick other GPUs, so the pair is easy to get wrong
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport ROCR_VISIBLE_DEVICES=2,3\nexport HIP_VISIBLE_DEVICES=0,1\n"
              "python train.py\n")
    assert flagged(scan([p], "RD-ENV-003", "mi300x8"))


def test_rocr_with_hip_that_each_select_the_same_gpus_pass(tmp_path):
    # ovi2020/Finetune-LLM-FD 00_rocm_setup.sh (spent fresh batch 3): HIP_VISIBLE_DEVICES=0,...,7 and
    # ROCR_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES} on an 8-GPU node; each alone and both together give all 8
    p = write(tmp_path, "rocm_env.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=0,1,2,3,4,5,6,7\n"
              "export ROCR_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES}\npython train.py\n")
    fs = scan([p], "RD-ENV-003", "mi300x8")
    assert not flagged(fs) and "each selects the same" in fs[0].title


def test_real_script_with_one_list_for_both():
    assert flagged(scan([corpus("flexcode29-grpo-vllm")], "RD-ENV-003", "mi300x8")) == []


def test_a_visible_devices_value_filled_in_when_the_stack_starts_is_not_judged(tmp_path):
    # Medhatt21/llm-quant-lab docker-compose.rocm.yml (spent fresh batch 4): `- HIP_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES}`
    # passes the user's own value through; unknown here, not an empty list hiding every GPU
    p = write(tmp_path, "docker-compose.yml", "services:\n  app:\n    image: rocm/pytorch:latest\n    devices:\n"
              "      - /dev/kfd\n      - /dev/dri\n    environment:\n      - HIP_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES}\n")
    assert not flagged(scan([p], "RD-ENV-003", "mi300x8"))
    # look-alike: an empty value written as such hides every GPU
    q = write(tmp_path, "run.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=\npython t.py\n")
    assert flagged(scan([q], "RD-ENV-003", "mi300x8"))


def test_visible_devices_cite_every_place_that_sets_the_value_each_is_read():
    # electroiscoding/ReasonBorn: HIP_VISIBLE_DEVICES=all in the image, the boot script and the launch script
    d = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts",
                     "electroiscoding-reasonborn-mi300x-docker")
    [f] = flagged(scan([d], "RD-ENV-003", "mi300x8"))
    cited = {os.path.basename(e.source) for e in f.evidence}
    assert {"Dockerfile:12", "boot_rocm.sh:78", "train_reasonborn.sh:10"} <= cited
