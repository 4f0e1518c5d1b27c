"""`srun bash -c '...'` (issue 24 §3): the string is a script each task runs. Single-quoted, each task's
shell expands it, so `RANK=$SLURM_PROCID` there is per task; double-quoted, the batch step's shell has
already put its own values in (every task inherits task 0's), unless the `$` is escaped; a file sourced
inside the string runs in each task whatever the quotes. Short srun options carry attached values (-c7)."""
from __future__ import annotations

from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import corpus, flagged, scan, write

HEAD = "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8\n"
RANKS = "export RANK={d}SLURM_PROCID LOCAL_RANK={d}SLURM_LOCALID WORLD_SIZE={d}SLURM_NTASKS; python train.py"


def _lch3(tmp_path, name, text):
    return flagged(scan([write(tmp_path / name, "job.sbatch", text)], "RD-LCH-003", "mi300x8"))


def test_single_quoted_task_string_is_per_task(tmp_path):
    assert _lch3(tmp_path, "s", HEAD + "srun bash -c '" + RANKS.format(d="$") + "'\n") == []


def test_double_quoted_task_string_was_expanded_by_the_batch_step(tmp_path):
    fs = _lch3(tmp_path, "d", HEAD + 'srun bash -c "' + RANKS.format(d="$") + '"\n')
    assert sorted(f.title.split("=")[0] for f in fs) == ["LOCAL_RANK", "RANK"]
    assert _lch3(tmp_path, "e", HEAD + 'srun bash -c "' + RANKS.format(d="\\$") + '"\n') == []


def test_prefix_assignment_on_the_srun_line_is_the_batch_steps(tmp_path):
    assert _lch3(tmp_path, "p", HEAD + "RANK=$SLURM_PROCID srun python train.py\n")


def test_task_string_launch_is_read_behind_srun_and_attached_short_options(tmp_path):
    p = write(tmp_path, "job.sbatch", HEAD + "srun -N2 -c7 --gpu-bind=closest bash -c \"source vars.sh; "
              "python -u train.py --lr 0.1\" 2>&1 | tee log\n")
    a = read_one(p)
    assert [(c["launcher"], c["via"]) for c in a.data["commands"]] == [("python", ["srun"])]
    assert a.data["sourced"] == [{"line": 5, "path": "vars.sh", "per_task": True}]
    vals = {v.name: v.value for v in a.values}
    assert vals["srun.N"] == "2" and vals["srun.c"] == "7" and vals["lr"] == "0.1"


def test_real_frontier_jobs_sourcing_rank_variables():
    # jqyin-climatevit-srun-bashc sources export_DDP_vars.sh inside `srun bash -c "..."` (per task: clean);
    # alexk101-sc24-frontier sources it in the batch step before `srun python` (every task gets rank 0)
    assert flagged(scan([corpus("jqyin-climatevit-srun-bashc")], "RD-LCH-003", "mi300x8")) == []
    fs = flagged(scan([corpus("alexk101-sc24-frontier")], "RD-LCH-003", "mi300x8"))
    assert sorted(f.evidence[0].source.rsplit("/", 1)[-1] for f in fs) == ["export_DDP_vars.sh:1",
                                                                          "export_DDP_vars.sh:2"]
