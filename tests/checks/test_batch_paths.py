"""RD-LCH-020 (checks/batch_paths.py): a batch script that looks for its files beside itself, where sbatch's copy of
it (slurmd's spool directory) has none."""
from __future__ import annotations

import os

import pytest

from tests.lintacc_helpers import flagged, scan, write

FRESH = os.path.join(os.path.dirname(os.path.dirname(__file__)), "corpus", "fresh", "artifacts")


def _set(name):
    return os.path.join(FRESH, name)


# --- real spent sets: two labelled by their collectors, and the look-alikes beside them
def test_a_sourced_file_beside_the_batch_script_is_not_there():
    # dy-memoozdincer train.sbatch:30 `source "$(dirname "$0")/cluster_env.sh"` under set -euo pipefail
    [f] = flagged(scan([_set("dy-memoozdincer-grpo-trillium-sbatch")], "RD-LCH-020", "mi300x8"))
    assert f.status.value == "fail" and f.evidence[0].source.endswith("train.sbatch:30")
    assert "spool directory" in f.title and "SLURM_SUBMIT_DIR" in f.detail


def test_a_cd_into_the_script_directory_then_a_relative_script():
    # cx-zebrax0r serve-glm52.sbatch: SCRIPT_DIR from BASH_SOURCE (37), `cd "$SCRIPT_DIR"` (38), `exec ./serve-glm52.sh`
    [f] = flagged(scan([_set("cx-zebrax0r-glm52-mi325x")], "RD-LCH-020", "mi300x8"))
    assert f.evidence[0].source.endswith("serve-glm52.sbatch:41") and "line 38's `cd`" in f.title


@pytest.mark.parametrize("name", [
    "rh-phamquandung-spatialstack-64gpu",  # SLURM_SUBMIT_DIR first, BASH_SOURCE only outside Slurm
    "ix-jvonrad-xscript-apptainer-slurm",  # says so in a comment and uses SLURM_SUBMIT_DIR
    "zr-safetyresearch-axolotl-qlora-slurm",  # train.sh is run by hand and writes the batch script it submits
    "oz-polygl0t-foundry-marvin-sft",  # copies "${BASH_SOURCE[0]}" itself, which is there
    "qy-malikdurmus-sfl-slurm-gen",  # a generator run as ./launch_frontier.sh; its #SBATCH lines are in a heredoc
])
def test_b_real_look_alikes_pass(name):
    assert not flagged(scan([_set(name)], "RD-LCH-020", "mi300x8"))


HEAD = "#!/bin/bash\n#SBATCH --gres=gpu:1\nset -e\n"


@pytest.mark.parametrize("body, line", [
    (HEAD + 'source "$(dirname "$0")/env.sh"\n', 4),
    (HEAD + ". ${0%/*}/env.sh\n", 4),
    # a variable made from it, a second made from the first, then used as a command's argument
    (HEAD + 'D=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)\nROOT="$D/.."\necho "$ROOT"\npython "$ROOT/t.py"\n', 7),
    # four dirnames deep, then a command-scoped variable before the command that uses it
    (HEAD + "P=$(dirname $(dirname $(realpath $0)))\nX=1 Y=\"$P\" bash $P/run.sh\n", 5),
    (HEAD + 'cd "$(dirname "$0")"\nmodule load rocm\nbash train.sh\n', 6),
    (HEAD + 'cd "$(dirname "$0")/src"\npython /work/t.py\n', 4),  # a folder under it is not there either
    (HEAD + 'cd "$(dirname "$0")" && ./serve.sh\n', 4),  # the relative path on the cd's own line
    # the script's path in a variable first (readlink -f), then its folder; a test before the source sources it
    (HEAD + 'SCRIPT=$(readlink -f "$0")\nHERE=$(dirname "$SCRIPT")\nsource "$HERE/env.sh"\n', 6),
    (HEAD + 'D=$(dirname "$0")\n[ -f "$D/env.sh" ] && source "$D/env.sh"\n', 5),
    # look-alike: a heredoc writes another script, whose $0 is its own real path
    (HEAD + "cat > /work/step.sh <<'EOS'\nHERE=$(dirname \"$0\")\nsource \"$HERE/env.sh\"\nEOS\nsrun bash /work/step.sh\n",
     None),
    (HEAD + "S=$(scontrol show jobid $SLURM_JOB_ID | awk -F= '/Command=/{print $2}')\nsource $(dirname $0)/x\n", None),
    (HEAD + 'cd "$(dirname "$0")/.."\npython /work/t.py\nbash run.sh\n', 6),  # above it: only relative paths fail
    (HEAD + 'source "$(dirname $0x)/env.sh"\n', 4),  # `$0x` is $0 then an x
    # look-alikes: printed or tested only; reassigned before use; a cd elsewhere before the relative path;
    # $0 itself (the copy exists); $01 is no $0
    (HEAD + 'D=$(dirname "$0")\necho "running from $D"\n[ -f "$D/x" ] && echo yes\n', None),
    (HEAD + 'D=$(dirname "$0")\nD=/work/repo\nbash "$D/run.sh"\n', None),
    (HEAD + 'cd "$(dirname "$0")"\ncd /work/repo\nbash train.sh\n', None),
    (HEAD + 'cp "$0" "$OUT/job.sh"\n', None),
    (HEAD + 'source "$(dirname "$10")/x"\n', None),  # ${1}0
    # the script chooses with Slurm's own answer: where sbatch ran, or scontrol's Command= for the real path
    (HEAD + 'D=${SLURM_SUBMIT_DIR:-$(dirname "$0")}\nbash "$D/run.sh"\n', None),
    (HEAD + "S=$(scontrol show job $SLURM_JOB_ID | awk -F= '/Command=/{print $2}')\nsource $(dirname $0)/x\n", None),
])
def test_c_paths_from_the_script_own_location(tmp_path, body, line):
    p = write(tmp_path, "job.sbatch", body)
    fs = flagged(scan([p], "RD-LCH-020", "mi300x8"))
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in fs] == ([str(line)] if line else [])


def test_d_only_a_script_sbatch_runs(tmp_path):
    body = '#!/bin/bash\nsource "$(dirname "$0")/env.sh"\ntorchrun t.py\n'
    # no #SBATCH header and nothing submits it: run by hand, $0 is where it lies
    write(tmp_path / "a", "run.sh", body)
    assert not flagged(scan([str(tmp_path / "a")], "RD-LCH-020", "mi300x8"))
    # another file submits it
    write(tmp_path / "b", "run.sh", body)
    write(tmp_path / "b", "submit.sh", "#!/bin/bash\nsbatch -N 2 --gres=gpu:8 scripts/run.sh\n")
    assert flagged(scan([str(tmp_path / "b")], "RD-LCH-020", "mi300x8"))
    # a header, but the job runs it as a step (srun bash) or a wrapper with bash: $0 is its real path there
    for i, runner in enumerate(("#!/bin/bash\n#SBATCH -N1\nsrun bash run.sh\n", "#!/bin/bash\nbash ./run.sh\n")):
        d = tmp_path / f"c{i}"
        write(d, "run.sh", "#!/bin/bash\n#SBATCH -N1\n" + body)
        write(d, "wrap.sh", runner)
        assert not flagged(scan([str(d)], "RD-LCH-020", "mi300x8")), runner
    # #SBATCH after the first command is no header (sbatch stops reading there)
    write(tmp_path / "e", "run.sh", '#!/bin/bash\nset -e\n#SBATCH -N1\nsource "$(dirname "$0")/env.sh"\n')
    assert not flagged(scan([str(tmp_path / "e")], "RD-LCH-020", "mi300x8"))


def test_e_the_line_that_takes_the_directory_from_0_is_cited_too(tmp_path):
    # fresh batch 253 (OneBit llama2_7b.sh): SCRIPT_DIR=$(dirname "$0") on line 12, used on line 20
    body = HEAD + 'SCRIPT_DIR=$(dirname "$0")\nMODEL=llama2_7b\npython $SCRIPT_DIR/build_start_ckpt.py $MODEL\n'
    [f] = flagged(scan([write(tmp_path, "job.sbatch", body)], "RD-LCH-020", "mi300x8"))
    assert [e.source.rsplit(":", 1)[1] for e in f.evidence] == ["6", "4"]
    [g] = flagged(scan([write(tmp_path, "b.sbatch", HEAD + 'source "$(dirname "$0")/env.sh"\n')], "RD-LCH-020", "mi300x8"))
    assert len(g.evidence) == 1  # read and used on one line: one place
