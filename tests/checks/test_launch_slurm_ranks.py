"""RD-LCH-003: RANK, LOCAL_RANK and WORLD_SIZE taken from Slurm variables (issue 24 §3). WORLD_SIZE is
a count, not SLURM_LOCALID; LOCAL_RANK=$SLURM_PROCID is wrong once the job has more than one node; and
a per-task variable exported in the batch script itself (or a file it sources) before `srun python`
is evaluated once, in the batch step, so every task inherits 0. The same lines in a script that srun
runs per task are right. Real files: alexk101/sc24-dl-tutorial (sourced before srun) and the LUMI
launch scripts of Vmjkom/nanotron and vitiugin/train-gpt-9b (per task)."""
from __future__ import annotations

from tests.lintacc_helpers import corpus, flagged, scan, write

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


def test_real_sets():
    fs = flagged(scan([corpus("alexk101-sc24-frontier")], "RD-LCH-003", "mi300x8"))
    assert {f.evidence[0].source.rsplit("/", 1)[-1] for f in fs} == {"export_DDP_vars.sh:1", "export_DDP_vars.sh:2"}
    for name in ("vmjkom-nanotron-lumi", "vitiugin-gpt9b-lumi", "eleutherai-neox-lumi-fork"):
        assert flagged(scan([corpus(name)], "RD-LCH-003", "mi300x8")) == [], name
