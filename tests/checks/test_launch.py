"""RD-LCH-001 (checks/launch.py): ranks and GPU indexes in launch scripts against the GPUs the node
has (Slurm jobs: test_launch_slurm.py); on the seeds' scripts and real public ones (tests/data/configs)."""
import os

import pytest

import rocmdoctor
from tests.checks.test_envvars import GFX906, machine
from tests.lintacc_helpers import corpus, flagged, scan, write

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
SEEDS = os.path.join(DATA, "seeds")
CONFIGS = os.path.join(DATA, "configs")
FRESH = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")
RAPHAEL = "kfd_properties_gfx1036_Raphael_iGPU_PARTIAL.txt"  # a Ryzen 7000's integrated GPU


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
    # no GPU selected at all: that is RD-ENV-003's one finding; 4 ranks fit the node's 4 DCUs once one is
    assert [f.status.value for f in scan([p], "RD-LCH-001", "dcu-slurm")] == ["skip"]
    assert [f.status.value for f in scan([p], "RD-ENV-003", "dcu-slurm")] == ["fail"]


def test_hip_and_cuda_lists_are_one_selection(tmp_path):
    p = write(tmp_path, "a.sh", "#!/bin/bash\nHIP_VISIBLE_DEVICES=1,2,3,4,5,6,7 CUDA_VISIBLE_DEVICES=1,2,3,4,5,6,7 "
              "accelerate launch --multi_gpu --num-processes=7 train.py\n")
    assert flagged(scan([p], "RD-LCH-001", "mi300x8")) == []


def test_real_sets():
    assert flagged(scan([corpus("amdagi-hummingbird-launch")], "RD-LCH-001", "mi300x8")) == []
    assert flagged(scan([corpus("flexcode29-grpo-vllm")], "RD-LCH-001", "mi300x8")) == []
    # (its label also counts 4 ranks against a 2-DCU salloc job that the files do not show; by the files, the
    # selection of indexes 4-7 is the cause: RD-ENV-003)
    assert flagged(scan([corpus("mapleziyer-grpo2-dcu")], "RD-ENV-003", "dcu-slurm"))
    assert flagged(scan([corpus("mapleziyer-grpo2-dcu")], "RD-LCH-001", "dcu-slurm")) == []


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


def test_too_many_ranks_cite_the_option_and_the_gpus_and_plan_the_edit(lint):
    path = os.path.join(SEEDS, "run_distributed.sh")
    fs = lint([path], "RD-LCH-001")  # --nproc_per_node=4 at lines 13, 21 and 29, on 2x MI50
    assert [f.subject for f in fs] == [f"{path}:13", f"{path}:21", f"{path}:29"]
    f = fs[0]
    assert f.title == "4 ranks per node, but only 2 GPU(s) are visible"
    assert [(e.source, e.text) for e in f.evidence] == [(path + ":13", "torchrun --nproc_per_node=4 \\"),
                                                        ("KFD topology", "2 GPU(s)")]
    assert f.fix.title == "Launch 2 rank(s) per node" and f.fix.fixer == "config_edit"
    assert f.fix.actions[0].description == f"in {path} line 13: set it to 2"
    [edit] = f.fix.params["edits"]
    assert edit["path"] == path and [(o["op"], o["line"], o["value"]) for o in edit["ops"]] == [("set_in_line", 13, "2")]


# DeepSpeed's runner ignores CUDA_VISIBLE_DEVICES once --num_gpus is given (deepspeed/launcher/runner.py)
def test_deepspeed_num_gpus_with_another_cuda_visible_devices_list_fails(tmp_path):
    p = write(tmp_path, "a.sh", "export CUDA_VISIBLE_DEVICES=2,3\ndeepspeed --num_gpus=2 train.py\n")
    [f] = scan([p], "RD-LCH-001", "mi300x8")
    assert (f.status.value, f.subject) == ("fail", p + ":2")
    assert f.title == "deepspeed --num_gpus 2 ignores CUDA_VISIBLE_DEVICES=2,3: its ranks take GPUs 0..1"
    assert "sets it to 0..1 for its ranks: the job runs on GPUs 0..1, not on the 2 the script selected" in f.detail
    assert [e.source for e in f.evidence] == [p + ":2", p + ":1"]


def test_deepspeed_num_gpus_with_its_own_gpus_passes_and_too_many_fail(tmp_path):
    p = write(tmp_path, "b.sh", "CUDA_VISIBLE_DEVICES=0,1 deepspeed --num_gpus=2 train.py\n")
    [f] = scan([p], "RD-LCH-001", "mi300x8")
    assert (f.status.value, f.title) == ("pass", "deepspeed --num_gpus 2: GPUs 0..1, 8 visible")
    assert [e.source for e in f.evidence] == [p + ":1", p + ":1"]  # the option and the variable
    q = write(tmp_path, "c.sh", "export CUDA_VISIBLE_DEVICES=0,1,2,3\ndeepspeed --num_gpus=4 train.py\n")
    [g] = scan([q], "RD-LCH-001", "mi50x2-xeon")
    assert (g.status.value, g.title) == ("fail", "4 ranks per node, but only 2 GPU(s) are visible")
    assert g.evidence[-1].text == "2 GPU(s)"


def test_a_rank_count_from_nvidia_smi_fails_citing_the_count_and_the_amd_gpus(tmp_path):
    p = write(tmp_path, "d.sh", "NUM_GPUS=$(nvidia-smi -L | wc -l)\ntorchrun --nproc_per_node=$NUM_GPUS train.py\n")
    [f] = scan([p], "RD-LCH-001", "mi300x8")
    assert f.status.value == "fail" and f.title.startswith("the ranks per node are counted with nvidia-smi")
    assert f.subject == p + ":1"
    assert [(e.source, e.text) for e in f.evidence] == [(p + ":1", "NUM_GPUS=$(nvidia-smi -L | wc -l)"),
                                                        ("KFD topology", "8 AMD GPU(s)")]
    # GPUs picked from nvidia-smi's list: one finding on the pick, not also one on a count
    q = write(tmp_path, "e.sh", "export CUDA_VISIBLE_DEVICES=$(nvidia-smi --query-gpu=index --format=csv,noheader | "
              "head -n 2 | paste -sd,)\ntorchrun --nproc_per_node=2 train.py\n")
    [g] = [f for f in scan([q], "RD-LCH-001", "mi300x8") if "nvidia-smi" in f.title]
    assert g.status.value == "fail" and g.title.startswith("the GPUs this launch sees are picked with nvidia-smi "
                                                           "(CUDA_VISIBLE_DEVICES (line 1))")


# Megatron's launch (spent fresh batch 178, bv-yfjmt train-bf16.sh): the count goes into an options array the launch
# expands; one finding, at the assignment that runs nvidia-smi, not a second at the launch
MEGATRON_ARRAY = ("N_GPUS=$(nvidia-smi --query-gpu=name --format=csv,noheader | wc -l)\n"
                  "DISTRIBUTED_ARGS=(\n    --nproc-per-node $N_GPUS\n    --nnodes 1\n)\n"
                  "torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py\n")


def test_a_count_from_nvidia_smi_in_an_options_array_is_one_finding_at_its_assignment(tmp_path):
    p = write(tmp_path, "train.sh", MEGATRON_ARRAY)
    fs = [f for f in scan([p], "RD-LCH-001", "mi300x8") if f.status.value == "fail"]
    assert [f.subject for f in fs] == [p + ":1"]


# torchrun's options held in a string and expanded unquoted (Megatron's DISTRIBUTED_ARGS="--nproc_per_node ..."): the
# shell splits them, so the launch's ranks and rendezvous are read from them
HELD = ('GPUS_PER_NODE=16\nDISTRIBUTED_ARGS="--nproc_per_node $GPUS_PER_NODE \\\n    --nnodes 1 \\\n'
        '    --master_addr localhost"\npython -m torch.distributed.launch $DISTRIBUTED_ARGS pretrain.py\n')


def test_launch_options_held_in_a_variable_are_the_launch_s(tmp_path):
    p = write(tmp_path, "run.sh", HELD)
    [f] = [f for f in scan([p], "RD-LCH-001", "mi300x8") if f.status.value == "fail"]
    assert f.title == "16 ranks per node, but only 8 GPU(s) are visible"
    # quoted, the variable is one word (the launcher gets one odd argument): nothing is read from it
    q = write(tmp_path, "q.sh", HELD.replace("launch $DISTRIBUTED_ARGS", 'launch "$DISTRIBUTED_ARGS"'))
    assert not [f for f in scan([q], "RD-LCH-001", "mi300x8") if f.status.value == "fail"]


# verl's GRPO launch (spent fresh batch 57, gy-ganler main_grpo.sh): the ranks per node go in as a Hydra override, and
# the other branch of `if [ -z "$CUDA_VISIBLE_DEVICES" ]` counts that variable's entries (unset on the node: 0 too)
VERL = ('if [ -z "$CUDA_VISIBLE_DEVICES" ]; then\n    GPUS_PER_NODE=$(nvidia-smi --query-gpu=name --format=csv,noheader '
        '| wc -l)\nelse\n    GPUS_PER_NODE=$(echo "$CUDA_VISIBLE_DEVICES" | awk -F\',\' \'{print NF}\')\nfi\n'
        'python3 -m verl.trainer.main_ppo \\\n    trainer.n_gpus_per_node=$GPUS_PER_NODE \\\n    trainer.nnodes=1\n')


HYDRA = ("GPUS_PER_NODE=$(nvidia-smi --query-gpu=name --format=csv,noheader | wc -l)\n"
         "python3 -m verl.trainer.main_ppo \\\n    trainer.n_gpus_per_node=$GPUS_PER_NODE \\\n    trainer.nnodes=1\n")


@pytest.mark.parametrize("text,bad", [
    (HYDRA, True),
    (HYDRA.replace("trainer.n_gpus_per_node", "+trainer.n_gpus_per_node"), True),  # Hydra's append prefix
    # the other branch counts CUDA_VISIBLE_DEVICES's entries, which Slurm's gres sets on AMD nodes too (the review):
    # not only nvidia-smi decides the count
    (VERL, False),
    ("GPUS=$(nvidia-smi -L | wc -l)\npython3 -m verl.trainer.main_ppo trainer.n_gpus_per_node=8\n", False),
    (HYDRA.replace("python3", "GPUS_PER_NODE=$(rocm-smi --showid | grep -c GPU)\npython3", 1), False),
])
def test_a_hydra_rank_count_from_nvidia_smi(tmp_path, text, bad):
    p = write(tmp_path, "main_grpo.sh", "#!/bin/bash\nset -x\n" + text)
    fs = [f for f in scan([p], "RD-LCH-001", "mi300x8") if "nvidia-smi" in f.title]
    assert bool(fs) is bad
    if bad:
        assert fs[0].subject == p + ":3"


COUNT = "NUM_GPUS=$(nvidia-smi --list-gpus | wc -l)\n"


# A GPU count from nvidia-smi that the script goes on to use in any way but printing: on an AMD node it is 0 (wave 22,
# from 12 spent fresh sets that counted this way: accelerate's --num_processes from a product, a test that picks the
# 2- or 4-GPU branch, a count handed to another script, a Hydra option, a default `${N:-$(nvidia-smi ...)}`)
@pytest.mark.parametrize("text,bad", [
    (COUNT + "WORLD_SIZE=$((NUM_GPUS * NNODES))\naccelerate launch --num_processes $WORLD_SIZE t.py\n", True),
    (COUNT + "if [ $NUM_GPUS -eq 2 ]; then\n  python t.py --gpus 2\nfi\n", True),
    (COUNT + "bash launcher.sh ${NUM_GPUS} $MASTER_ADDR\n", True),
    ("NUM_GPUS=${NUM_GPUS:-$(nvidia-smi --query-gpu=name --format=csv,noheader | wc -l)}\npython t.py $NUM_GPUS\n", True),
    ("export N=$(nvidia-smi -L | grep -c GPU)\nBS=$((N*4))\npython t.py --bs $BS\n", True),
    (COUNT + 'echo "found $NUM_GPUS GPUs"\nprintf "%s\\n" "$NUM_GPUS"\npython t.py\n', False),  # printed only
    # a printed hostfile line is a launcher's input: Horovod's host-discovery script, DeepSpeed's hostfile
    (COUNT + 'echo "localhost:$NUM_GPUS"\n', True), (COUNT + 'echo "localhost slots=${NUM_GPUS}" > hostfile\n', True),
    (COUNT + 'echo "GPUs:$NUM_GPUS"\n', False),
    ("if command -v nvidia-smi >/dev/null; then\n  " + COUNT + "fi\npython t.py $NUM_GPUS\n", False),
    ('if [ "$GPU" = "rocm" ]; then\n  NUM_GPUS=$(rocm-smi --showid | grep -c GPU)\nelse\n  ' + COUNT +
     "fi\npython t.py $NUM_GPUS\n", False),  # the other vendor's branch
    ('case "$VENDOR" in\n  nvidia) ' + COUNT.strip() + " ;;\nesac\npython t.py $NUM_GPUS\n", False),
    (COUNT + "NUM_GPUS=8\npython t.py $NUM_GPUS\n", False),  # overwritten before any use
    # an option that may set it (a `case` arm of the argument loop) leaves the count the default
    (COUNT + 'case "$1" in\n  --n) NUM_GPUS="$2" ;;\nesac\ntorchrun --nproc_per_node $NUM_GPUS t.py\n', True),
    # the other branch counts CUDA_VISIBLE_DEVICES's entries (Slurm's gres sets it on AMD nodes too), before or after
    ('if [ -n "$CUDA_VISIBLE_DEVICES" ]; then\n  NUM_GPUS=$(echo $CUDA_VISIBLE_DEVICES | awk -F, \'{print NF}\')\n'
     "else\n  " + COUNT + "fi\ntorchrun --nproc_per_node $NUM_GPUS t.py\n", False),
    (COUNT + "python t.py --gpus 8\n", False),  # never used
    ("cat > job.sh <<'EOF'\n" + COUNT + "python t.py $NUM_GPUS\nEOF\n", False),  # a file it writes, not its lines
    # the wave's review: a fallback that replaces a 0 count is no use of it, on its own line or in the `if` that tests
    (COUNT + 'if [ "$NUM_GPUS" -eq 0 ]; then\n  NUM_GPUS=$(rocm-smi --showid | grep -c GPU)\nfi\n'
     "torchrun --nproc_per_node=$NUM_GPUS t.py\n", False),
    (COUNT + "[ \"$NUM_GPUS\" -gt 0 ] || NUM_GPUS=$(rocm-smi --showid | grep -c 'GPU\\[')\n"
     "torchrun --nproc_per_node=$NUM_GPUS t.py\n", False),
    # a fallback to a number is one rank on an 8-GPU node: still the count's fault (the corpus's Tiny-GPT script)
    (COUNT + "[ \"$NUM_GPUS\" -gt 0 ] || NUM_GPUS=1\ntorchrun --nproc_per_node=$NUM_GPUS t.py\n", True),
    # a `case` on the script's argument is no vendor test; a later `if` that may set it leaves the count
    ('case "$1" in\n  train)\n    ' + COUNT.strip() + "\n    torchrun --nproc_per_node=$NUM_GPUS t.py ;;\nesac\n", "4"),
    ('if [ "$1" = train ]; then ' + COUNT.strip() + "; fi\nif [ -n \"$O\" ]; then NUM_GPUS=$O; fi\n"
     "torchrun --nproc_per_node=$NUM_GPUS t.py\n", True),
    # printed only, however the print is written; a piped `while` closes only its own loop
    (COUNT + '>&2 echo "found $NUM_GPUS"\n[ "$V" = 1 ] && echo "$NUM_GPUS"\ndate; echo $NUM_GPUS\npython t.py\n', False),
    ('if [ -n "$SLURM_JOB_ID" ]; then\n  ls /d | while read -r f; do echo "$f"; done\n  NUM_GPUS=$SLURM_GPUS_ON_NODE\n'
     "else\n  " + COUNT + "fi\npython launch.py --workers $NUM_GPUS\n", False),
    # loop bounds and a use on the counting line are uses
    (COUNT + "for ((i=0; i<NUM_GPUS; i++)); do\n  HIP_VISIBLE_DEVICES=$i python w.py &\ndone\n", True),
    (COUNT + "for i in $(seq 0 $((NUM_GPUS-1))); do python w.py --rank $i & done\n", True),
    (COUNT.strip() + "; python launch.py --workers $NUM_GPUS\n", True),
    # PyTorch's device string is "cuda" on ROCm too: a vendor test only where the script also names AMD's stack
    ('if [ "${DEVICE:-cuda}" = cuda ]; then\n  ' + COUNT + "fi\ntorchrun --nproc_per_node=$NUM_GPUS t.py\n", "3"),
    ('if [ "$GPU" = cuda ]; then\n  ' + COUNT + 'fi\nif [ "$GPU" = rocm ]; then N=1; fi\n'
     "torchrun --nproc_per_node=$NUM_GPUS t.py\n", False),
])
def test_a_gpu_count_from_nvidia_smi_that_the_script_uses(tmp_path, text, bad):
    p = write(tmp_path, "go.sh", "#!/bin/bash\n" + text)
    fs = [f for f in scan([p], "RD-LCH-001", "mi300x8") if "nvidia-smi" in f.title]
    assert [f.subject for f in fs] == ([f"{p}:{bad if isinstance(bad, str) else 2}"] if bad else [])
    assert not [f for f in scan([p], "RD-LCH-001", "no-gpu") if f.status.value == "fail"]  # no AMD GPU to count


def test_a_vllm_server_that_fits_passes_citing_its_option(tmp_path):
    p = write(tmp_path, "f.sh", "vllm serve m --tensor-parallel-size=1\n")
    [f] = scan([p], "RD-LCH-001", "rx7900xtx")
    assert (f.status.value, f.title) == ("pass", "vLLM runs on 1 GPU(s), 1 visible")
    assert [e.source for e in f.evidence] == [p + ":1"]
    q = write(tmp_path, "g.sh", "export HIP_VISIBLE_DEVICES=0\nvllm serve m --tensor-parallel-size=1\n")
    [g] = scan([q], "RD-LCH-001", "mi300x8")
    assert (g.status.value, [e.source for e in g.evidence]) == ("pass", [q + ":2", q + ":1"])  # the option, the list


@pytest.mark.parametrize("text, ok_", [
    ("CUDA_VISIBLE_DEVICES=$GPUS torchrun --nproc_per_node=4 train.py\n", True),     # decided at launch
    ("CUDA_VISIBLE_DEVICES=0,1, torchrun --nproc_per_node=3 train.py\n", False),     # a trailing comma picks nothing
    # an export after the launch is for what runs next, not for this launch
    ("torchrun --nproc_per_node=4 train.py\nexport HIP_VISIBLE_DEVICES=0\npython eval.py\n", True),
])
def test_the_visible_list_a_launch_runs_with(tmp_path, text, ok_):
    p = write(tmp_path, "r.sh", "#!/bin/bash\n" + text)
    [f] = scan([p], "RD-LCH-001", "mi300x8")
    assert f.status.value == ("pass" if ok_ else "fail"), f.title
    assert [e.source for e in f.evidence[:2]] == [p + ":2"] * (1 + ("VISIBLE" in text.split("\n")[0]))


def test_an_images_env_applies_to_the_launch_whatever_its_line(tmp_path):
    # a Dockerfile's ENV (line 3) holds for every run in the image, also a launch written at line 1 of its script
    run = write(tmp_path, "run.sh", "torchrun --nproc_per_node=4 train.py\n")
    df = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nRUN pip install x\nENV ROCR_VISIBLE_DEVICES=0\n")
    [f] = scan([run, df], "RD-LCH-001", "mi300x8")
    assert f.title == "4 ranks per node, but only 1 GPU(s) are visible" and f.evidence[1].source == df + ":3"


def test_a_command_line_option_wins_over_its_accelerate_config(tmp_path):
    run = write(tmp_path, "run.sh", "accelerate launch --config_file acc.yaml --num_processes 8 train.py\n")
    acc = write(tmp_path, "acc.yaml", "compute_environment: LOCAL_MACHINE\ndistributed_type: MULTI_GPU\nnum_processes: 16\n")
    [f] = scan([run, acc], "RD-LCH-001", "mi300x8")
    assert (f.status.value, f.title) == ("pass", "8 rank(s) per node, 8 GPU(s) visible")


def test_cuda_visible_devices_minus_one_leaves_no_gpu(tmp_path):
    # a selection that hides every GPU is RD-ENV-003's cause (or a CPU step on purpose): the rank count is not judged
    # against 0 GPUs (fresh batch 86 aq-arvedo-vllm-mi50: HIP_VISIBLE_DEVICES=4,5 on a 2-GPU box, vLLM TP 2)
    p = write(tmp_path, "i.sh", "CUDA_VISIBLE_DEVICES=-1 torchrun --nproc_per_node=1 train.py\n")
    [f] = scan([p], "RD-LCH-001", "mi300x8")
    assert f.status.value == "skip" and "RD-ENV-003" in f.title
    vllm = write(tmp_path, "v.sh", "HIP_VISIBLE_DEVICES=4,5 vllm serve m --tensor-parallel-size 2\n")
    assert [f.status.value for f in scan([vllm], "RD-LCH-001", "mi50x2-xeon")] == ["skip"]
    # a CPU step on purpose (-1, empty) is never counted against GPUs, however many ranks
    cpu = write(tmp_path, "c.sh", "CUDA_VISIBLE_DEVICES=-1 torchrun --nproc_per_node=4 train.py\n")
    assert [f.status.value for f in scan([cpu], "RD-LCH-001", "mi50x2-xeon")] == ["skip"]
    # more ranks than the node holds, whatever is selected: still this finding, counted without the selection
    many = write(tmp_path, "m.sh", "HIP_VISIBLE_DEVICES=4,5 torchrun --nproc_per_node=4 train.py\n")
    [f] = scan([many], "RD-LCH-001", "mi50x2-xeon")
    assert (f.status.value, f.title) == ("fail", "4 ranks per node, but only 2 GPU(s) are visible")
    assert any("HIP_VISIBLE_DEVICES" in e.source or "HIP_VISIBLE_DEVICES" in e.text for e in f.evidence)
    tp4 = write(tmp_path, "t.sh", "HIP_VISIBLE_DEVICES=4,5 vllm serve m --tensor-parallel-size 4\n")
    [f] = scan([tp4], "RD-LCH-001", "mi50x2-xeon")
    assert f.status.value == "fail" and "only 2 are visible" in f.title and f.fix is not None


def test_include_indexes_count_the_discrete_gpus_only(tmp_path):
    # two Radeon VIIs beside a Ryzen's integrated GPU: deepspeed --include numbers the two, 0 and 1
    s = machine(tmp_path / "host", GFX906, GFX906, RAPHAEL)
    for include, status in (("localhost:1", "pass"), ("localhost:2", "fail")):
        p = write(tmp_path, "run.sh", f"deepspeed --include {include} train.py --deepspeed ds.json\n")
        [f] = rocmdoctor.scan(snapshot=s, select=["RD-LCH-001"], options={"config": [p]}).by_code("RD-LCH-001")
        assert f.status.value == status, include
        if status == "pass":
            assert f.title == "--include localhost:1: GPU(s) [1] exist"
        if status == "fail":
            assert f.title == "--include localhost:2 names GPU(s) [2], but this node has 2 (0..1)"
            assert [e.text for e in f.evidence] == ["deepspeed --include localhost:2 train.py --deepspeed ds.json", "2 GPU(s)"]


def test_an_accelerate_configs_processes_run_with_the_launching_scripts_environment(tmp_path):
    run = write(tmp_path, "run.sh", "export HIP_VISIBLE_DEVICES=0,1\naccelerate launch --config_file acc.yaml train.py\n")
    acc = write(tmp_path, "acc.yaml", "compute_environment: LOCAL_MACHINE\ndistributed_type: MULTI_GPU\nnum_processes: 4\n")
    [f] = scan([run, acc], "RD-LCH-001", "mi300x8")
    assert (f.status.value, f.subject) == ("fail", acc + ":3") and "only 2 GPU(s)" in f.title
    assert [e.source for e in f.evidence[:2]] == [acc + ":3", run + ":1"]


def test_a_launch_whose_gpus_nvidia_smi_picks_gets_one_verdict(tmp_path):
    # https://github.com/hpcaitech/ColossalAI/blob/4f9953be335ef371b3848719ddafe596c01ecd37/applications/Colossal-LLaMA/
    # train.example.sh (corpus fresh/colossal-llama-nvsmi-devices): CUDA_VISIBLE_DEVICES from nvidia-smi's least-used
    # GPUs, then `colossalai run --nproc_per_node 8`. The pick fails; no "8 rank(s) per node, 8 GPU(s) visible" beside it
    real = os.path.join(FRESH, "colossal-llama-nvsmi-devices", "train.example.sh")
    [f] = scan([real], "RD-LCH-001", "mi300x8")
    assert (f.status.value, f.subject) == ("fail", real + ":35") and "picked with nvidia-smi" in f.title
    # the same script picking with rocm-smi: the launch keeps its own count verdict
    with open(real) as fh:
        text = fh.read().replace("nvidia-smi --query-gpu=memory.used --format=csv", "rocm-smi --showmeminfo vram --csv")
    q = write(tmp_path, "train.example.sh", text)
    [g] = scan([q], "RD-LCH-001", "mi300x8")
    assert (g.status.value, g.title) == ("pass", "8 rank(s) per node, 8 GPU(s) visible")


# AMD's ReasonLite SFT (fresh batch 37): `accelerate launch --num_processes 32 --num_machines 4`: accelerate's
# --num_processes counts every machine's ranks, 8 on each of the node's 8 GPUs
@pytest.mark.parametrize("opts, status, title", [
    ("--num_processes 32 --num_machines 4", "pass", "8 rank(s) per node, 8 GPU(s) visible"),
    ("--num_machines=2 --num_processes=32", "fail", "16 ranks per node, but only 8 GPU(s) are visible"),
    ("--num_processes 16", "fail", "16 ranks per node, but only 8 GPU(s) are visible"),
])
def test_accelerate_num_processes_counts_every_machine(tmp_path, opts, status, title):
    run = write(tmp_path, "run.sh", f"accelerate launch {opts} --machine_rank $1 train.py\n")
    [f] = scan([run], "RD-LCH-001", "mi300x8")
    assert (f.status.value, f.title) == (status, title)


def test_accelerate_ranks_per_node_worked_out_at_launch_are_not_judged(tmp_path):
    run = write(tmp_path, "run.sh", "accelerate launch --num_processes 32 --num_machines $NNODES train.py\n")
    assert not [f for f in scan([run], "RD-LCH-001", "mi300x8") if f.status.value in ("warn", "fail")]


# Spent fresh gx-shiyawei: `CUDA_VISIBLE_DEVICES=3 llamafactory-cli train` in train_qlora.sh is that command's own
# environment; the vLLM server deploy_with_vllm.sh starts with its own prefix `CUDA_VISIBLE_DEVICES=0,1,2,3`.
def test_a_command_prefix_belongs_to_its_command_only(tmp_path):
    train = write(tmp_path, "train.sh", "#!/bin/bash\nCUDA_VISIBLE_DEVICES=3 llamafactory-cli train sft.yaml\n")
    serve = write(tmp_path, "serve.sh", "#!/bin/bash\nCUDA_VISIBLE_DEVICES=0,1,2,3 python -m vllm.entrypoints.openai"
                                        ".api_server \\\n  --model m \\\n  --tensor-parallel-size 4\n")
    [f] = scan([train, serve], "RD-LCH-001", "mi300x8")
    assert f.status.value == "pass" and "4 visible" in f.title
    # an earlier command's prefix in the same script does not reach a later launch; an export does
    prep = write(tmp_path, "run.sh", "#!/bin/bash\nCUDA_VISIBLE_DEVICES=0 python prep.py\n"
                                     "torchrun --nproc_per_node 8 train.py\n")
    assert not flagged(scan([prep], "RD-LCH-001", "mi300x8"))
    exported = write(tmp_path, "run.sh", "#!/bin/bash\nexport CUDA_VISIBLE_DEVICES=0\ntorchrun --nproc_per_node 8 train.py\n")
    assert flagged(scan([exported], "RD-LCH-001", "mi300x8"))
    # the launch's own prefix, on the line the command starts, still counts
    own = write(tmp_path, "run.sh", "#!/bin/bash\nCUDA_VISIBLE_DEVICES=0 torchrun \\\n  --nproc_per_node 8 train.py\n")
    assert flagged(scan([own], "RD-LCH-001", "mi300x8"))


def test_a_command_prefix_reaches_the_script_that_command_runs(tmp_path):
    # (the wave-20 review) `HIP_VISIBLE_DEVICES=0,1 bash train.sh` exports the variable into train.sh's launch
    run = write(tmp_path, "run.sh", "#!/bin/bash\nHIP_VISIBLE_DEVICES=0,1 bash train.sh\n")
    train = write(tmp_path, "train.sh", "#!/bin/bash\ntorchrun --nproc_per_node 8 t.py\n")
    [f] = flagged(scan([run, train], "RD-LCH-001", "mi300x8"))
    assert "only 2" in f.title
    # a prefix naming another script (pretrain.sh is not train.sh) does not
    other = write(tmp_path, "run.sh", "#!/bin/bash\nHIP_VISIBLE_DEVICES=0,1 bash pretrain.sh\n")
    assert not flagged(scan([other, train], "RD-LCH-001", "mi300x8"))


def test_a_count_a_launch_reads_through_a_derived_value_is_one_finding_at_the_count(tmp_path):
    # the review: `N=${SLURM_GPUS_ON_NODE:-$N}` after the count gave two findings (the launch option's path cited the
    # derived line, the count pass the count's)
    p = write(tmp_path, "go.sh", "#!/bin/bash\n" + COUNT + "NUM_GPUS=${SLURM_GPUS_ON_NODE:-$NUM_GPUS}\n"
              "torchrun --nproc_per_node=$NUM_GPUS t.py\n")
    assert [f.subject for f in scan([p], "RD-LCH-001", "mi300x8") if "nvidia-smi" in f.title] == [p + ":2"]


def test_two_counts_from_nvidia_smi_for_two_launches_are_two_findings(tmp_path):
    p = write(tmp_path, "two.sh", "N=$(nvidia-smi -L | wc -l)\ntorchrun --nproc_per_node $N a.py\n"
              "M=$(nvidia-smi --list-gpus | wc -l)\ndeepspeed --num_gpus $M b.py\n")
    fs = [f for f in scan([p], "RD-LCH-001", "mi300x8") if f.status.value == "fail"]
    assert sorted(f.subject for f in fs) == [p + ":1", p + ":3"]
    q = write(tmp_path, "inline.sh", "torchrun --nproc_per_node $(nvidia-smi -L | wc -l) a.py\n"
              "torchrun --nproc_per_node $(nvidia-smi -L | wc -l) b.py\n")
    assert len([f for f in scan([q], "RD-LCH-001", "mi300x8") if f.status.value == "fail"]) == 2
