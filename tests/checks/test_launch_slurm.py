"""RD-LCH-002/003/004 (checks/launch_slurm.py): #SBATCH GPU requests against the node, RANK/LOCAL_RANK/
WORLD_SIZE from Slurm's variables, DeepSpeed's multi-node launcher under srun."""

import pytest
from tests.lintacc_helpers import corpus, flagged, scan, write


@pytest.mark.parametrize("line, bad", [
    ("#SBATCH --gres=gpu:mi210:2", True), ("#SBATCH --gres=gpu:mi300x:8", False),
    ("#SBATCH --gpus=mi250:2", True), ("#SBATCH --gres=gpu:16", True), ("#SBATCH --gres=gpu:siteA:2", False),
    # types Slurm's autodetection writes (gres.conf AutoDetect=nvml/rsmi, https://slurm.schedmd.com/gres.conf.html):
    # the model is one part of the name (ramrow/LLaMA-Factory run_example.slurm.sh: nvidia_h100_80gb_hbm3)
    ("#SBATCH --gres=gpu:nvidia_h100_80gb_hbm3:4", True), ("#SBATCH --gpus=nvidia_a100-sxm4-80gb:2", True),
    ("#SBATCH --gres=gpu:tesla:2", True), ("#SBATCH --gres=gpu:amd_instinct_mi300x:8", False),
    ("#SBATCH --gres=gpu:mig-3g.40gb:1", False), ("#SBATCH --gres=gpu:big_mem:2", False),
])
def test_sbatch_gpu_requests_against_the_node(tmp_path, line, bad, lint):
    path = lint.write("job.sbatch", f"#!/bin/bash\n{line}\nsrun python train.py\n")
    assert bool(lint.flagged(lint([path], "RD-LCH-002", "mi300x8"))) == bad


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


# --- RD-LCH-004: the multi-node DeepSpeed launcher under srun (fourth corpus batch, lintacc2)

SBATCH_DS = """#!/bin/bash
#SBATCH --nodes=4
#SBATCH --ntasks-per-node={per}
#SBATCH --gpus-per-node=8
scontrol show hostnames $SLURM_JOB_NODELIST | awk '{{print $1" slots=8"}}' > hostfile
{prefix}deepspeed --hostfile hostfile --num_nodes 4 --num_gpus 8 {extra}train.py
"""


def test_multinode_deepspeed_launcher_under_srun_is_flagged_once_per_task(tmp_path):
    p = write(tmp_path, "a/job.sh", SBATCH_DS.format(per=1, prefix="srun ", extra=""))
    fs = flagged(scan([p], "RD-LCH-004", "mi300x8"))
    assert len(fs) == 1 and "4 times" in fs[0].title and fs[0].evidence[0].source.endswith("job.sh:6")


@pytest.mark.parametrize("prefix,extra,per", [
    ("", "", 1),                                           # started once, by the batch step: right
    ("srun ", "--no_ssh --node_rank=$SLURM_NODEID ", 1),   # one launcher per node by design
    ("srun ", "--launcher slurm ", 1),                     # the launcher hands the start to another tool
])
def test_deepspeed_launcher_started_once_or_per_node_by_design_passes(tmp_path, prefix, extra, per):
    p = write(tmp_path, "b/job.sh", SBATCH_DS.format(per=per, prefix=prefix, extra=extra))
    assert flagged(scan([p], "RD-LCH-004", "mi300x8")) == []


def test_single_node_deepspeed_under_srun_with_one_task_passes(tmp_path):
    p = write(tmp_path, "job.sh", "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\nsrun deepspeed --num_gpus 8 "
              "train.py\n")
    assert flagged(scan([p], "RD-LCH-004", "mi300x8")) == []


def test_real_frontier_job():
    fs = flagged(scan([corpus("ekg-ds-go-frontier")], "RD-LCH-004", "mi300x8"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["run_ds.sh:34"]


def test_a_batch_script_of_its_own_never_takes_another_scripts_gpu_request(tmp_path):
    # fresh qa-gbouras13-esm-setonix-torchrun: a one-GPU job (--gres=gpu:1) beside an 8-rank job that takes the
    # node with --exclusive; the 8-rank job was judged against the other job's one GPU
    from checks.launch_slurm import job_gpus
    from rocmdoctor.artifacts.readers import read_all

    one = write(tmp_path, "single_gpu.sh", "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\nsrun python t.py\n")
    node = write(tmp_path, "single_node.sh", "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --exclusive\n"
                 "srun torchrun --nproc_per_node 8 t.py\n")
    launch = write(tmp_path, "launch.sh", "torchrun --nproc_per_node 8 t.py\n")  # not a batch script
    settings = read_all([one, node, launch])
    assert job_gpus(settings, one)[0] == 1
    assert job_gpus(settings, node) is None
    assert job_gpus(settings, launch)[0] == 1  # run by the set's only GPU job
