"""What a script runs, in the order bash and sbatch run it (issue 24 §3): `#SBATCH` lines after the first
command are comments to Slurm; a function's body runs where it is called (not where it is defined, and
never if it is not called); a variable exported after the script's last launch reaches no launch."""
from __future__ import annotations

from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import corpus, flagged, scan, write


def _env(path):
    return [(v.name, v.value, v.origin.line) for v in read_one(path).values if v.kind == "env"]


def _sbatch(path):
    return [(v.name, v.value) for v in read_one(path).values if v.name.startswith("sbatch.")]


def test_sbatch_directives_stop_at_the_first_command(tmp_path):
    p = write(tmp_path, "job.sbatch", "#!/bin/bash\n#SBATCH --nodes=1\n\n# a comment\n#SBATCH --gpus-per-node=8\n"
              "module load rocm\n#SBATCH --gres=gpu:16\nsrun python t.py\n")
    assert _sbatch(p) == [("sbatch.nodes", "1"), ("sbatch.gpus-per-node", "8")]
    assert flagged(scan([p], "RD-LCH-002", "mi300x8")) == []
    early = write(tmp_path / "e", "job.sbatch", "#!/bin/bash\n#SBATCH --gres=gpu:16\nsrun python t.py\n")
    assert flagged(scan([early], "RD-LCH-002", "mi300x8"))


FUNCS = """#!/bin/bash
old_setup() {
    export HSA_OVERRIDE_GFX_VERSION=10.3.0
}
function gpu_env
{
    if [ -n "$X" ]; then
        export HIP_VISIBLE_DEVICES=0
    fi
}
gpu_env
torchrun --nproc_per_node=1 t.py
"""


def test_function_bodies_run_where_called_and_never_otherwise(tmp_path):
    p = write(tmp_path, "run.sh", FUNCS)
    assert _env(p) == [("HIP_VISIBLE_DEVICES", "0", 8)]
    assert flagged(scan([p], "RD-ENV-001", "rx7900xtx")) == []
    called = write(tmp_path / "c", "run.sh", FUNCS.replace("gpu_env\ntorchrun", "old_setup\ntorchrun"))
    fs = flagged(scan([called], "RD-ENV-001", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["run.sh:3"]


def test_export_after_the_last_launch_reaches_no_launch(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport A=1\ntorchrun --nproc_per_node=8 t.py\n"
              "export HSA_OVERRIDE_GFX_VERSION=10.3.0\necho finished\n")
    assert _env(p) == [("A", "1", 2)]
    assert flagged(scan([p], "RD-ENV-001", "mi300x8")) == []
    # another program after the export may read it; a loop's next pass does; an env file launches nothing
    later = write(tmp_path / "l", "run.sh", "python prep.py\nexport HIP_VISIBLE_DEVICES=0\nvllm serve m\n")
    looped = write(tmp_path / "o", "run.sh", "for i in 1 2; do\n  torchrun t.py\n  export A=$i\ndone\n")
    envfile = write(tmp_path / "v", "env.sh", "python3 -m venv .v\nexport HSA_OVERRIDE_GFX_VERSION=11.0.0\n")
    assert _env(later) == [("HIP_VISIBLE_DEVICES", "0", 2)]
    assert _env(looped) == [("A", "$i", 3)]
    assert _env(envfile) == [("HSA_OVERRIDE_GFX_VERSION", "11.0.0", 2)]


def test_real_dev_scripts_with_functions_keep_their_findings():
    # alexk101-sc24-frontier defines shell functions; its labelled interface and SDMA findings stay
    fs = flagged(scan([corpus("alexk101-sc24-frontier")], "RD-NET-001", "mi300x8"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["export_frontier_vars.sh:27"]


def test_allexport_exports_plain_assignments_while_on(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nA=0\nset -a\nHSA_OVERRIDE_GFX_VERSION=10.3.0\nset +a\nB=1\n"
              "set -o allexport\nC=2\nset +o allexport\npython t.py\n")
    assert _env(p) == [("HSA_OVERRIDE_GFX_VERSION", "10.3.0", 4), ("C", "2", 8)]
    assert flagged(scan([p], "RD-ENV-001", "rx7900xtx"))


def test_function_ends_at_a_redirected_brace_and_an_unclosed_one_is_read_as_it_stands(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nlog() {\n  echo \"$@\"\n} > /dev/null 2>&1\n"
              "export HIP_VISIBLE_DEVICES=0\ntorchrun --nproc_per_node=1 t.py\n")
    assert _env(p) == [("HIP_VISIBLE_DEVICES", "0", 5)]
    broken = write(tmp_path / "b", "run.sh", "#!/bin/bash\nsetup() {\n  export HIP_VISIBLE_DEVICES=0\n"
                   "torchrun --nproc_per_node=1 t.py\n")
    assert _env(broken) == [("HIP_VISIBLE_DEVICES", "0", 3)]
