"""Issue 24, wave 6 (track lch6): launch-file classes from the spent fresh batches, each with a real positive and
a look-alike that must not be flagged. The scan runs the check's code only, against an embedded example machine."""
from __future__ import annotations

from tests.lintacc_helpers import flagged, scan, write

# ------------------------------------------------------------------ RD-ENV-001: overrides chosen per GPU, and empty
# lshqqytiger/stable-diffusion-webui-amdgpu webui.sh: the override is set in `case` arms keyed on lspci's GPU name
WEBUI_CASE = """gpu_info=$(lspci 2>/dev/null | grep -E "VGA|Display")
case "$gpu_info" in
    *"Navi 1"*)
        export HSA_OVERRIDE_GFX_VERSION=10.3.0
    ;;
    *"Navi 2"*) export HSA_OVERRIDE_GFX_VERSION=10.3.0
    ;;
    *"Navi 3"*) [[ -z "${TORCH_COMMAND}" ]] && export TORCH_COMMAND="pip install torch"
    ;;
    *"Renoir"*) export HSA_OVERRIDE_GFX_VERSION=9.0.0
    ;;
    *)
    ;;
esac
python launch.py
"""


def test_an_override_set_only_in_case_arms_for_other_gpus(tmp_path):
    p = write(tmp_path, "webui.sh", WEBUI_CASE)
    assert not flagged(scan([p], "RD-ENV-001", "rx7900xtx"))  # Navi 31: no arm of its own sets one
    # the arm that names this GPU is judged: Navi 3 set to a gfx10 target crosses generations
    q = write(tmp_path, "w2.sh", WEBUI_CASE.replace('[[ -z "${TORCH_COMMAND}" ]] && export TORCH_COMMAND="pip install '
                                                    'torch"', "export HSA_OVERRIDE_GFX_VERSION=10.3.0"))
    [f] = flagged(scan([q], "RD-ENV-001", "rx7900xtx"))
    assert "10.3.0" in f.title and f.evidence[0].source == q + ":8"
    # an override outside any case arm is judged as before
    r = write(tmp_path, "w3.sh", "export HSA_OVERRIDE_GFX_VERSION=10.3.0\npython launch.py\n")
    assert flagged(scan([r], "RD-ENV-001", "rx7900xtx"))


def test_an_empty_override_is_set_and_fails_discovery(tmp_path):
    # caltechnet's Dockerfile.rocm `ENV HSA_OVERRIDE_GFX_VERSION=""`: libhsakmt's sscanf rejects "" like any bad value
    p = write(tmp_path, "Dockerfile", 'FROM rocm/dev-ubuntu-22.04:6.2\nENV HSA_OVERRIDE_GFX_VERSION=""\nCMD ["python"]\n')
    [f] = flagged(scan([p], "RD-ENV-001", "rx7900xtx"))
    assert "set but empty" in f.title


# ------------------------------------------------------------------ RD-LCH-001: what decides the ranks
def test_a_rank_count_that_branches_on_a_runtime_count_is_decided_at_launch(tmp_path):
    # flyaibox train_power_domain.sh: WORLD_SIZE=$DCU_COUNT (from hy-smi) in one branch, 8 in the other
    p = write(tmp_path, "train.sh", 'DCU_COUNT=$(hy-smi -L | grep -c "DCU")\nif [ "$DCU_COUNT" -lt 8 ]; then\n'
              "    read -r response\n    WORLD_SIZE=$DCU_COUNT\nelse\n    WORLD_SIZE=8\nfi\n"
              "torchrun --nnodes=1 --nproc_per_node=$WORLD_SIZE train.py\n")
    assert not flagged(scan([p], "RD-LCH-001", "dcu-slurm"))
    # look-alike: both branches literal, the last one is what the reader keeps (8 > the node's DCUs)
    q = write(tmp_path, "t2.sh", 'if [ "$X" = a ]; then\n  N=8\nelse\n  N=8\nfi\ntorchrun --nproc_per_node=$N t.py\n')
    assert flagged(scan([q], "RD-LCH-001", "dcu-slurm"))


def test_accelerates_command_line_beats_its_config_file(tmp_path):
    # sihunc-flwls/hallo train.sh: `accelerate launch -m --config_file accelerate_config.yaml ... --num_processes 1`
    cfg = write(tmp_path, "accelerate_config.yaml", "compute_environment: LOCAL_MACHINE\ndistributed_type: DEEPSPEED\n"
                "deepspeed_config:\n  zero_stage: 2\nnum_machines: 1\nnum_processes: 8\n")
    run = write(tmp_path, "train.sh", "accelerate launch -m \\\n  --config_file accelerate_config.yaml \\\n"
                "  --num_machines 1 \\\n  --num_processes 1 \\\n  scripts.train_stage1 --config c.yaml")
    assert not flagged(scan([run, cfg], "RD-LCH-001", "rx7900xtx"))
    alone = write(tmp_path, "t2.sh", "accelerate launch --config_file accelerate_config.yaml train.py\n")
    assert flagged(scan([alone, cfg], "RD-LCH-001", "rx7900xtx"))  # the file's 8 processes on one GPU


# ------------------------------------------------------------------ RD-RCCL-001 on one APU
def test_sdma_off_on_a_single_apu_is_a_platform_setting(tmp_path):
    # lucasmcoleman/scriberr docker-compose.rocm.yml: "gfx1151 / unified-memory stability (recommended on Strix Halo)"
    p = write(tmp_path, "docker-compose.rocm.yml", "services:\n  app:\n    image: x/app:rocm\n    environment:\n"
              '      HSA_USE_SVM: "0"\n      HSA_ENABLE_SDMA: "0"\n    devices:\n      - /dev/kfd\n      - /dev/dri\n')
    assert not flagged(scan([p], "RD-RCCL-001", "strix-halo-apu"))
    assert flagged(scan([p], "RD-RCCL-001", "mi300x8"))  # eight discrete GPUs: the debugging switch left on


# ------------------------------------------------------------------ RD-PREC-006 against the torch the files install
def test_expandable_segments_for_the_torch_a_script_installs(tmp_path):
    # nirmalpratheep/llama31: the ROCm 7.0 nightly installed by install_pytorch_rocm.sh reads the allocator option
    inst = write(tmp_path, "install.sh", "python3 -m venv venv\nsource venv/bin/activate\n"
                 "pip3 install --pre torch torchvision --index-url https://download.pytorch.org/whl/nightly/rocm7.0\n")
    run = write(tmp_path, "run.sh", "export PYTORCH_HIP_ALLOC_CONF=expandable_segments:True\npython train.py\n")
    assert not flagged(scan([inst, run], "RD-PREC-006", "mi300x8"))
    old = write(tmp_path, "old/install.sh", "pip install torch --index-url https://download.pytorch.org/whl/rocm6.1\n")
    assert flagged(scan([old, run], "RD-PREC-006", "mi300x8"))  # every ROCm 6.x build ignores it


# ------------------------------------------------------------------ RD-LCH-001: GPUs picked with nvidia-smi
# hpcaitech ColossalAI applications/Colossal-LLaMA train.example.sh: a function picks the least-used GPUs with nvidia-smi
# into CUDA_VISIBLE_DEVICES, then `colossalai run --nproc_per_node 8`
NVSMI_PICK = """#!/bin/bash
set_n_least_used_CUDA_VISIBLE_DEVICES() {
    local n=${1:-"9999"}
    local FIRST_N_GPU_IDS=$(nvidia-smi --query-gpu=memory.used --format=csv |
        tail -n +2 |
        head -n $n)
    export CUDA_VISIBLE_DEVICES=$(echo $FIRST_N_GPU_IDS | sed 's/ /,/g')
}

set_n_least_used_CUDA_VISIBLE_DEVICES 8

colossalai run --nproc_per_node 8 --master_port 30013 train.py \\
    --plugin "zero2"
"""


def test_visible_gpus_picked_with_nvidia_smi_leave_the_launch_none(tmp_path):
    p = write(tmp_path, "train.example.sh", NVSMI_PICK)
    fs = flagged(scan([p], "RD-LCH-001", "mi300x8"))
    assert [f.evidence[0].source for f in fs] == [p + ":12"] and "nvidia-smi" in fs[0].title
    # look-alike: the list comes from rocm-smi / the allocation
    q = write(tmp_path, "t2.sh", NVSMI_PICK.replace("nvidia-smi --query-gpu=memory.used --format=csv", "rocm-smi --csv"))
    assert not flagged(scan([q], "RD-LCH-001", "mi300x8"))
