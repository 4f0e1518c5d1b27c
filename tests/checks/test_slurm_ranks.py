"""RD-LCH-003 (checks/slurm_ranks.py): the per-task Slurm variables a job reads, in RANK/LOCAL_RANK/WORLD_SIZE, a
launcher's rank option and the GPU a task sees, read by each task or (wrongly) once by the batch step."""
import os

import pytest
from tests.lintacc_helpers import corpus, flagged, scan, write

FRESH = os.path.join(os.path.dirname(os.path.dirname(__file__)), "corpus", "fresh", "artifacts")


# --- RD-LCH-003: RANK, LOCAL_RANK and WORLD_SIZE taken from Slurm variables (issue 24 §3). WORLD_SIZE is


SBATCH = "#!/bin/bash\n#SBATCH --nodes={nodes}\n#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8\n"


def test_world_size_from_a_rank_variable(tmp_path):
    p = write(tmp_path, "env.sh", "export WORLD_SIZE=$SLURM_LOCALID\nexport RANK=$SLURM_PROCID\n")
    fs = flagged(scan([p], "RD-LCH-003", "mi300x8"))
    assert [f.title for f in fs] and all("WORLD_SIZE" in f.title for f in fs)


def test_local_rank_from_procid_only_wrong_across_nodes(tmp_path):
    one = write(tmp_path / "a", "job.sh", SBATCH.format(nodes=1) + "srun launch.sh\n")
    write(tmp_path / "a", "launch.sh", "#!/bin/bash\nexport LOCAL_RANK=${SLURM_PROCID}\npython train.py\n")
    assert flagged(scan([tmp_path / "a"], "RD-LCH-003", "mi300x8")) == []
    write(tmp_path / "b", "job.sh", SBATCH.format(nodes=4) + "srun launch.sh\n")
    write(tmp_path / "b", "launch.sh", "#!/bin/bash\nexport LOCAL_RANK=${SLURM_PROCID}\npython train.py\n")
    fs = flagged(scan([tmp_path / "b"], "RD-LCH-003", "mi300x8"))
    assert fs and "4-node" in fs[0].title
    assert one


def test_rank_exported_in_the_batch_step_before_srun_python(tmp_path):
    write(tmp_path, "ddp_vars.sh", "export RANK=$SLURM_PROCID\nexport WORLD_SIZE=$SLURM_NTASKS\n")
    write(tmp_path, "job.sh", SBATCH.format(nodes=2) + "source ddp_vars.sh\nsrun python train.py\n")
    fs = flagged(scan([tmp_path], "RD-LCH-003", "mi300x8"))
    assert len(fs) == 1 and "batch step" in fs[0].title and "ddp_vars.sh:1" in fs[0].evidence[0].source


def test_batch_step_rank_is_harmless_when_torchrun_sets_the_ranks(tmp_path):
    write(tmp_path, "job.sh", SBATCH.format(nodes=2) + "export RANK=$SLURM_PROCID\n"
          "srun torchrun --nnodes=2 --nproc_per_node=8 train.py\n")
    assert flagged(scan([tmp_path], "RD-LCH-003", "mi300x8")) == []


def test_real_sets_with_slurm_ranks():
    fs = flagged(scan([corpus("alexk101-sc24-frontier")], "RD-LCH-003", "mi300x8"))
    assert {f.evidence[0].source.rsplit("/", 1)[-1] for f in fs} == {"export_DDP_vars.sh:1", "export_DDP_vars.sh:2"}
    for name in ("vmjkom-nanotron-lumi", "vitiugin-gpt9b-lumi", "eleutherai-neox-lumi-fork"):
        assert flagged(scan([corpus(name)], "RD-LCH-003", "mi300x8")) == [], name


# --- RD-LCH-003's passes and the batch step's evidence
def test_rank_variables_that_mean_the_same_pass_naming_each(tmp_path):
    p = write(tmp_path, "launch.sh", "#!/bin/bash\nexport RANK=$SLURM_PROCID\nexport LOCAL_RANK=$SLURM_LOCALID\n"
              "python train.py\n")
    fs = scan([p], "RD-LCH-003", "mi300x8")
    assert [(f.status.value, f.title, f.subject) for f in fs] == [
        ("pass", "RANK=$SLURM_PROCID", p + ":2 RANK"), ("pass", "LOCAL_RANK=$SLURM_LOCALID", p + ":3 LOCAL_RANK")]


def test_local_rank_from_procid_on_two_nodes_fails(tmp_path):
    write(tmp_path, "job.sh", SBATCH.format(nodes=2) + "srun launch.sh\n")
    write(tmp_path, "launch.sh", "#!/bin/bash\nexport LOCAL_RANK=${SLURM_PROCID}\npython train.py\n")
    [f] = flagged(scan([tmp_path], "RD-LCH-003", "mi300x8"))
    assert "2-node job" in f.title and f.status.value == "fail"


def test_a_batch_step_rank_cites_the_srun_that_starts_the_tasks(tmp_path):
    write(tmp_path, "ddp_vars.sh", "export RANK=$SLURM_PROCID\n")
    job = write(tmp_path, "job.sh", SBATCH.format(nodes=2) + "source ddp_vars.sh\nsrun python train.py\n")
    [f] = flagged(scan([tmp_path], "RD-LCH-003", "mi300x8"))
    assert [(e.source, e.text) for e in f.evidence][1] == (job + ":6", "srun ... python")



@pytest.mark.parametrize("job", [
    # the ranks are set after srun has started the tasks: for what runs later, not for them
    "srun python train.py\nsource ddp_vars.sh\n",
    "srun python train.py\nexport RANK=$SLURM_PROCID\nsrun torchrun --nnodes=2 --nproc_per_node=8 eval.py\n",
])
def test_a_rank_set_after_the_srun_line_is_not_the_tasks(tmp_path, job):
    write(tmp_path, "ddp_vars.sh", "export RANK=$SLURM_PROCID\n")
    write(tmp_path, "job.sh", SBATCH.format(nodes=2) + job)
    assert not flagged(scan([tmp_path], "RD-LCH-003", "mi300x8"))


# --- a launcher's rank option under srun, expanded by the batch step (fresh gy-hf-smollm3, zk-vesterlund)

@pytest.mark.parametrize("srun, bad", [
    ("srun torchrun --nnodes 2 --nproc_per_node 8 --node_rank $SLURM_NODEID --master_addr h t.py", True),
    ("srun bash -c \"torchrun --nnodes 2 --nproc_per_node 8 --node_rank $SLURM_NODEID t.py\"", True),
    ("srun python t.py --rank $SLURM_PROCID", True),
    ("srun accelerate launch --num_machines 2 --machine_rank=$SLURM_NODEID t.py", True),
    # each task's shell expands it: single quotes, an escaped dollar
    ("srun bash -c 'torchrun --nnodes 2 --nproc_per_node 8 --node_rank $SLURM_NODEID t.py'", False),
    ("srun bash -c \"torchrun --nnodes 2 --nproc_per_node 8 --node_rank \\$SLURM_NODEID t.py\"", False),
    # the c10d rendezvous numbers the nodes itself: --node_rank is ignored
    ("srun torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --node_rank $SLURM_NODEID t.py", False),
    # started once, by the batch step, not by srun
    ("torchrun --nnodes 1 --nproc_per_node 8 --node_rank $SLURM_NODEID t.py", False),
])
def test_rank_option_expanded_by_the_batch_step(tmp_path, srun, bad):
    p = write(tmp_path, "job.sh", "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n" + srun + "\n")
    fs = flagged(scan([p], "RD-LCH-003", "mi300x8"))
    assert bool(fs) == bad, [f.title for f in fs]
    if bad:
        assert len(fs) == 1 and "every task gets 0" in fs[0].title and fs[0].subject.endswith("job.sh:4")


def test_rank_option_on_one_task_is_rank_zero_anyway(tmp_path):
    p = write(tmp_path, "job.sh", "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n"
              "srun torchrun --nnodes 1 --nproc_per_node 8 --node_rank $SLURM_NODEID t.py\n")
    assert flagged(scan([p], "RD-LCH-003", "mi300x8")) == []


def test_rank_option_baked_into_a_launcher_variable(tmp_path):
    body = ("#!/bin/bash\n#SBATCH --nodes=4\n#SBATCH --ntasks-per-node=1\n"
            "export LAUNCHER=\"torchrun --nproc_per_node 8 --nnodes 4 --node_rank {ref}\"\n"
            "srun $SRUN_ARGS -u bash -c \"$LAUNCHER --role $SLURMD_NODENAME: train.py\"\n")
    p = write(tmp_path / "a", "job.sh", body.format(ref="$SLURM_PROCID"))
    [f] = flagged(scan([p], "RD-LCH-003", "mi300x8"))
    assert f.subject.endswith("job.sh:5") and [e.source.rsplit(":", 1)[-1] for e in f.evidence] == ["4", "5"]
    # escaped where LAUNCHER is set, the string bash -c gets still holds $SLURM_PROCID for each task
    q = write(tmp_path / "b", "job.sh", body.format(ref="\\$SLURM_PROCID"))
    assert flagged(scan([q], "RD-LCH-003", "mi300x8")) == []


# --- the GPU a task sees, from a per-task variable exported in the batch step (fresh ye-alejandrogallo, jy-okrochak)

@pytest.mark.parametrize("per, after, bad", [
    (8, "srun ./bench\n", True),                                              # 8 tasks share GPU 0
    (1, "srun torchrun --nproc_per_node 8 t.py\n", True),                     # one launcher's 8 ranks see one GPU
    (1, "srun python t.py\n", False),                                         # one process per node: GPU 0 is its own
    (8, "srun ./select_gpu.sh ./bench\n", False),                             # each task sets its own (below)
    (8, "./bench\n", False),                                                  # no job step after it
])
def test_device_variable_exported_in_the_batch_step(tmp_path, per, after, bad):
    p = write(tmp_path, "job.sh", f"#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node={per}\n"
              f"export ROCR_VISIBLE_DEVICES=$SLURM_LOCALID\n{after}")
    write(tmp_path, "select_gpu.sh", "#!/bin/bash\nexport ROCR_VISIBLE_DEVICES=$SLURM_LOCALID\nexec \"$@\"\n")
    fs = flagged(scan([p, str(tmp_path / "select_gpu.sh")] if "select" in after else [p], "RD-LCH-003", "mi300x8"))
    assert bool(fs) == bad, [f.title for f in fs]
    if bad:
        assert "every task sees GPU 0" in fs[0].title and fs[0].evidence[0].source.endswith("job.sh:4")


def test_device_variable_set_inside_each_task_passes(tmp_path):
    p = write(tmp_path, "job.sh", "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=8\n"
              "srun bash -c 'export ROCR_VISIBLE_DEVICES=$SLURM_LOCALID; ./bench'\n")
    assert flagged(scan([p], "RD-LCH-003", "mi300x8")) == []


@pytest.mark.parametrize("folder, lines", [
    ("gy-hf-smollm3-pretrain-slurm", ["launch.slurm:57"]),        # bash -c "$LAUNCHER --node_rank $SLURM_PROCID"
    ("zk-vesterlund-dreamsrns-lumi", ["sbatch_level1_lumi.sh:48"]),  # srun python ... --rank "${SLURM_PROCID}"
    ("ye-alejandrogallo-lumi-dgemm-sbatch", ["job.sh:17 ROCR_VISIBLE_DEVICES"]),
    ("ri-kawine-openr1-humanline-slurm", []),                    # accelerate with --rdzv_backend=c10d
    ("rj-hypnosxc-handtraj-slurm-accelerate", []),               # single-quoted: each task's value
    ("zw-cscfi-einfracz-pytorch-lumi", []),                      # "RANK=\$SLURM_PROCID ...": escaped
])
def test_real_sets_reading_per_task_variables(folder, lines):
    fs = flagged(scan([os.path.join(FRESH, folder)], "RD-LCH-003", "mi300x8"))
    assert sorted(f.subject.rsplit("/", 1)[-1] for f in fs) == lines


# --- a review of round 1-4's class: what each task's shell, not the batch step's, expands

J2 = "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
J18 = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=8\n"


@pytest.mark.parametrize("job, bad", [
    # a wrapper a heredoc writes: quoted delimiter or escaped, each task expands it; unquoted, the batch step did
    (J18 + "cat << 'EOF' > select_gpu\n#!/bin/bash\nexport ROCR_VISIBLE_DEVICES=$SLURM_LOCALID\nexec \"$@\"\nEOF\n"
     "srun ./select_gpu python train.py\n", False),
    (J18 + "cat << EOF > select_gpu\n#!/bin/bash\nexport ROCR_VISIBLE_DEVICES=$SLURM_LOCALID\nexec \"$@\"\nEOF\n"
     "srun ./select_gpu python train.py\n", True),
    # a command held single-quoted and run by `bash -c "$CMD"`: the task's shell expands what the quotes kept
    (J2 + "CMD='torchrun --nnodes 2 --nproc_per_node 8 --node_rank $SLURM_NODEID --master_addr x t.py'\n"
     "srun bash -c \"$CMD\"\n", False),
    (J2 + "CMD=\"torchrun --nnodes 2 --nproc_per_node 8 --node_rank $SLURM_NODEID --master_addr x t.py\"\n"
     "srun bash -c \"$CMD\"\n", True),
    # the step's own one task per node; a variable whose dimension is one (every task on node 0; one task per node)
    (J18 + "srun --ntasks-per-node=1 torchrun --nnodes 1 --nproc_per_node 8 --node_rank $SLURM_NODEID t.py\n", False),
    (J18 + "srun python train.py --node_rank $SLURM_NODEID\n", False),
    (J2 + "srun python train.py --local_rank $SLURM_LOCALID\n", False),
    (J2 + "srun python train.py --rank $SLURM_PROCID\n", True),
    # another variable escaped on the line hides nothing
    (J2 + "srun bash -c \"torchrun --nnodes 2 --nproc_per_node 8 --node_rank $SLURM_NODEID t.py --run \\$SLURM_JOB_ID\"\n",
     True),
    # srun hands the batch step's environment to no task
    (J18 + "export ROCR_VISIBLE_DEVICES=$SLURM_LOCALID\nsrun --export=NONE ./bench\n", False),
    (J18 + "export ROCR_VISIBLE_DEVICES=$SLURM_LOCALID\nsrun --export=ALL,X=1 ./bench\n", True),
    # options held in an array or a defaulted expansion
    (J2 + "srun ${SRUN_ARGS[@]} torchrun --nnodes 2 --nproc_per_node 8 --node_rank $SLURM_NODEID t.py\n", True),
    (J2 + "srun ${SRUN_ARGS:-} torchrun --nnodes 2 --nproc_per_node 8 --node_rank $SLURM_NODEID t.py\n", True),
])
def test_review_cases_of_what_each_task_expands(tmp_path, job, bad):
    p = write(tmp_path, "job.sh", job)
    fs = flagged(scan([p], "RD-LCH-003", "mi300x8"))
    assert bool(fs) == bad, [f.title for f in fs]


def test_an_env_file_sourced_by_the_batch_step_and_again_by_each_task(tmp_path):
    write(tmp_path, "env.sh", "#!/bin/bash\nexport ROCR_VISIBLE_DEVICES=$SLURM_LOCALID\n")
    write(tmp_path, "job.sh", J18 + "source ./env.sh\nsrun bash -c \"source ./env.sh; python train.py\"\n")
    assert flagged(scan([tmp_path], "RD-LCH-003", "mi300x8")) == []
    write(tmp_path, "job.sh", J18 + "source ./env.sh\nsrun ./bench\n")
    assert len(flagged(scan([tmp_path], "RD-LCH-003", "mi300x8"))) == 1
