"""RD-LCH-002/004/012/017 (checks/launch_slurm.py): #SBATCH GPU requests against the node, DeepSpeed's multi-node
launcher under srun, #SBATCH lines."""

import pytest
from tests.lintacc_helpers import corpus, flagged, scan, write


@pytest.mark.parametrize("line, bad", [
    ("#SBATCH --gres=gpu:mi210:2", True), ("#SBATCH --gres=gpu:mi300x:8", False),
    ("#SBATCH --gpus=mi250:2", True), ("#SBATCH --gres=gpu:16", True), ("#SBATCH --gres=gpu:siteA:2", False),
    # types Slurm's autodetection writes (gres.conf AutoDetect=nvml/rsmi, https://slurm.schedmd.com/gres.conf.html):
    # the model is one part of the name (ramrow/LLaMA-Factory run_example.slurm.sh: nvidia_h100_80gb_hbm3)
    ("#SBATCH --gres=gpu:nvidia_h100_80gb_hbm3:4", True), ("#SBATCH --gpus=nvidia_a100-sxm4-80gb:2", True),
    ("#SBATCH --gres=gpu:tesla:2", True), ("#SBATCH --gres=gpu:amd_instinct_mi300x:8", False),
    # an NVIDIA MIG slice (spent fresh dw-pradyumnagrnitte `gpu:1g.18gb:1`, batch 104 `gpu:3g.40gb:1`): no AMD node's
    ("#SBATCH --gres=gpu:mig-3g.40gb:1", True), ("#SBATCH --gres=gpu:3g.40gb:1", True),
    ("#SBATCH --gres=gpu:big_mem:2", False),
    # a site's type that holds the model with a vendor prefix; a bare `gpu` (one GPU, no type)
    ("#SBATCH --gres=gpu:amd_mi300x:8", False), ("#SBATCH --gres=gpu", False),
])
def test_sbatch_gpu_requests_against_the_node(tmp_path, line, bad, lint):
    path = lint.write("job.sbatch", f"#!/bin/bash\n{line}\nsrun python train.py\n")
    fs = lint([path], "RD-LCH-002", "mi300x8")
    assert bool(lint.flagged(fs)) == bad and set(lint.statuses(fs)) <= {"pass", "fail"}


# A feature constraint naming only NVIDIA boards or architectures (spent fresh sets: `--constraint=a100_80gb`,
# `-C h100`, `--constraint=ampere`, NTNU's `(p100|...|h200)&(gpu40g|gpu80g)`); site features that name no vendor
# (`gpu80`, `vram16`, `nvme`, `-C gpu`), an AMD board on another AMD node, and an alternative any node may carry pass.
@pytest.mark.parametrize("lines, bad", [
    ("#SBATCH --constraint=a100_80gb", True), ("#SBATCH -C h100", True), ("#SBATCH --constraint=ampere", True),
    ('#SBATCH --constraint="(p100|v100|a100|h100|h200)&(gpu40g|gpu80g)"', True),
    ('#SBATCH --constraint="[a5000|a6000|a100|3090]"', True),
    ("#SBATCH --constraint=gpu80", False), ("#SBATCH --constraint=vram16", False), ("#SBATCH -C nvme", False),
    ("#SBATCH -C gpu", False), ("#SBATCH --constraint=MI250", False), ('#SBATCH --constraint="mi250|a100"', False),
    ("#SBATCH --constraint=k100", False),  # Hygon's K100 DCU
    # the last --constraint is the one sbatch keeps (spent fresh zy-kuleshov)
    ('#SBATCH --constraint="[a5000|a6000|a100|3090]"\n#SBATCH --constraint=gpu', False),
])
def test_sbatch_constraint_against_the_node(tmp_path, lines, bad, lint):
    path = lint.write("job.sbatch", f"#!/bin/bash\n{lines}\nsrun python train.py\n")
    fs = lint.flagged(lint([path], "RD-LCH-002", "mi300x8"))
    assert bool(fs) == bad, [f.title for f in fs]
    if bad:
        assert fs[0].subject.endswith("job.sbatch:2") and "NVIDIA nodes" in fs[0].title


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
    assert fs[0].subject == p + ":6" and fs[0].fix.params == {"files": [p]}


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
    # a script the set's only GPU job never names runs some other way (spent fresh dx-hchen605: run_multi_gpu.sh, six
    # ranks on GPUs 0-5 of the node, beside a --gres=gpu:4 batch job that runs its own torchrun): not judged by the job
    assert job_gpus(settings, launch) is None
    named = write(tmp_path, "single_gpu.sh", "#!/bin/bash\n#SBATCH --gres=gpu:1\nsrun bash launch.sh\n")
    assert job_gpus(read_all([named, launch]), launch)[0] == 1  # run by the set's only GPU job
    # through a chain of scripts (job -> run.sh -> launch.sh), but not by a longer name that contains it
    chain = write(tmp_path, "single_gpu.sh", "#!/bin/bash\n#SBATCH --gres=gpu:1\nsrun bash run.sh\n")
    mid = write(tmp_path, "run.sh", "#!/bin/bash\nbash launch.sh\n")
    assert job_gpus(read_all([chain, mid, launch]), launch)[0] == 1
    pre = write(tmp_path, "single_gpu.sh", "#!/bin/bash\n#SBATCH --gres=gpu:1\nsrun bash prelaunch.sh\n")
    assert job_gpus(read_all([pre, launch]), launch) is None


# --- what the findings say: RD-LCH-002's request, the node, and the request to write instead
def test_a_request_for_another_gpu_type_names_the_nodes_gpus_and_the_request_without_a_type(tmp_path):
    p = write(tmp_path, "job.sbatch", "#!/bin/bash\n#SBATCH --gres=gpu:mi210:2\nsrun python train.py\n")
    [f] = scan([p], "RD-LCH-002", "mi300x8")
    assert (f.status.value, f.subject) == ("fail", p + ":2")
    assert f.title.startswith("#SBATCH --gres=gpu:mi210:2 asks for mi210 GPUs; this node has ")
    assert f.evidence[0].source == p + ":2" and f.evidence[1].source == "KFD topology"
    assert "(or no type: --gres=gpu:2)." in f.detail
    q = write(tmp_path, "job2.sbatch", "#!/bin/bash\n#SBATCH --gpus=mi250:2\nsrun python train.py\n")
    [g] = scan([q], "RD-LCH-002", "mi300x8")
    assert "(or no type: --gpus=2)." in g.detail


def test_counts_per_node_and_per_task_against_the_node(tmp_path):
    p = write(tmp_path, "a.sbatch", "#!/bin/bash\n#SBATCH --gres=gpu:16\nsrun python train.py\n")
    [f] = scan([p], "RD-LCH-002", "mi300x8")
    assert f.title == "#SBATCH --gres=gpu:16 asks for 16 GPUs per node; this node has 8"
    assert [(e.source, e.text) for e in f.evidence][1] == ("KFD topology", "8 GPU(s)")
    q = write(tmp_path, "b.sbatch", "#!/bin/bash\n#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-task=2\n"
              "srun python train.py\n")
    [g] = scan([q], "RD-LCH-002", "mi300x8")
    assert g.title.startswith("#SBATCH --gpus-per-task=2 with 8 task(s) per node asks for 16 GPUs per node")
    assert [e.source for e in g.evidence] == [q + ":3", q + ":2", "KFD topology"]
    # --gpus counts the whole job (two nodes of 8), and a task count left to a variable counts one task
    for text in ("#SBATCH --nodes=2\n#SBATCH --gpus=16\n", "#SBATCH --ntasks-per-node=$TASKS\n#SBATCH --gpus-per-task=2\n"):
        r = write(tmp_path, "c.sbatch", "#!/bin/bash\n" + text + "srun python train.py\n")
        [h] = scan([r], "RD-LCH-002", "mi300x8")
        assert h.status.value == "pass" and "fits this node" in h.title, text


def test_an_integrated_gpu_is_not_a_slurm_gpu(tmp_path):
    # two Radeon VIIs beside a Ryzen's integrated GPU: a request for 3 GPUs cannot be met
    import rocmdoctor
    from tests.checks.test_envvars import GFX906, machine

    s = machine(tmp_path / "host", GFX906, GFX906, "kfd_properties_gfx1036_Raphael_iGPU_PARTIAL.txt")
    p = write(tmp_path, "job.sbatch", "#!/bin/bash\n#SBATCH --gres=gpu:3\nsrun python train.py\n")
    [f] = rocmdoctor.scan(snapshot=s, select=["RD-LCH-002"], options={"config": [p]}).by_code("RD-LCH-002")
    assert f.status.value == "fail" and f.title.endswith("asks for 3 GPUs per node; this node has 2")


def _settings(*paths):
    from rocmdoctor.artifacts.readers import read_all

    return read_all([str(p) for p in paths])


@pytest.mark.parametrize("lines, gpus", [
    ("#SBATCH --gres=gpu:2\n", 2),
    ("#SBATCH --nodes=2\n#SBATCH --gpus=8\n", 4),              # --gpus is the job's: 4 on each of 2 nodes
    ("#SBATCH --nodes=2\n#SBATCH --gpus=3\n", None),           # not split evenly: unknown per node
    ("#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-task=2\n", 8),
    ("#SBATCH --ntasks-per-node=$T\n#SBATCH --gpus-per-task=2\n", None),
    ("#SBATCH --nodes=1\n", None),                               # no GPU request
])
def test_the_gpus_a_batch_job_is_given_per_node(tmp_path, lines, gpus):
    from rocmdoctor.checks.launch_slurm import job_gpus

    p = write(tmp_path, "job.sbatch", "#!/bin/bash\n" + lines + "srun python train.py\n")
    job = job_gpus(_settings(p), p)
    assert (job[0] if job else None) == gpus
    if job:
        assert job[1].origin.path == p and job[1].origin.line == lines.count("\n") + 1


def test_a_files_own_batch_script_decides_its_gpus(tmp_path):
    from rocmdoctor.checks.launch_slurm import job_gpus

    a = write(tmp_path, "a.sbatch", "#!/bin/bash\n#SBATCH --gres=gpu:2\nsrun python a.py\n")
    b = write(tmp_path, "b.sbatch", "#!/bin/bash\n#SBATCH --gres=gpu:4\nsrun python b.py\n")
    s = _settings(a, b)
    assert job_gpus(s, a)[0] == 2 and job_gpus(s, b)[0] == 4
    assert job_gpus(s, None) is None and job_gpus(s, str(tmp_path / "run.sh")) is None  # two jobs: whose?
    assert job_gpus(_settings(a), None)[0] == 2  # the set's only batch script
    # a file with no #SBATCH line is judged by the set's only batch script when that script runs it (names it)
    assert job_gpus(_settings(a), str(tmp_path / "run.sh")) is None
    c = write(tmp_path, "c.sbatch", "#!/bin/bash\n#SBATCH --gres=gpu:2\nsrun bash run.sh\n")
    assert job_gpus(_settings(c), str(tmp_path / "run.sh"))[0] == 2


# --- RD-LCH-004: how many tasks srun starts decides
@pytest.mark.parametrize("head, cmd, flagged_", [
    ("#SBATCH --nodes=4\n#SBATCH --ntasks=4\n", "srun deepspeed --hostfile hostfile --num_gpus 8 train.py", True),
    ("#SBATCH --nodes=4\n#SBATCH --ntasks=1\n", "srun deepspeed --hostfile hostfile --num_gpus 8 train.py", False),
    ("#SBATCH --nodes=1\n#SBATCH --ntasks=4\n", "srun deepspeed --num_nodes 1 --num_gpus 8 train.py", False),
    ("#SBATCH --nodes=4\n#SBATCH --ntasks=4\n", "srun deepspeed --num_nodes $SLURM_NNODES --num_gpus 8 train.py", False),
    ("#SBATCH --nodes=2\n#SBATCH --ntasks=4\n", "srun deepspeed --num_nodes 2 --num_gpus 8 train.py", True),
    ("#SBATCH --nodes=4\n#SBATCH --ntasks=4\n", "srun -n $NT deepspeed --hostfile hostfile --num_gpus 8 train.py", True),
    ("#SBATCH --nodes=4\n#SBATCH --ntasks=4\n", "srun deepspeed train.py", False),
])
def test_the_deepspeed_launcher_under_srun_by_its_tasks_and_nodes(tmp_path, head, cmd, flagged_):
    p = write(tmp_path, "job.sh", "#!/bin/bash\n" + head + cmd + "\n")
    [f] = scan([p], "RD-LCH-004", "mi300x8")
    assert f.status.value == ("fail" if flagged_ else "pass")
    if flagged_:
        assert f.title == f"srun starts the multi-node deepspeed launcher 4 times ({p} line 4)"


# --- RD-LCH-012: shell variables in #SBATCH lines, which sbatch takes literally. Real lines of spent fresh sets:
# https://github.com/PawseySC (example_sbatch.sh:2 `#SBATCH --account=${PAWSEY_PROJECT}-gpu`) and
# https://github.com/calvinvette (train.sbatch:3-5 `#SBATCH -N ${NODES}` ...).
def test_real_account_from_a_variable_is_taken_literally():
    fs = flagged(scan([corpus("../fresh/artifacts/zo-pawseysc-boltz2-setonix")], "RD-LCH-012", "mi300x8"))
    assert len(fs) == 1 and "${PAWSEY_PROJECT}-gpu" in fs[0].title
    assert [e.source.rsplit("/", 1)[-1] for e in fs[0].evidence] == ["example_sbatch.sh:2"]


@pytest.mark.parametrize("directive, bad", [
    ("#SBATCH -N ${NODES}", True), ('#SBATCH --account="$ACCOUNT"', True), ("#SBATCH --output=$HOME/logs/%j.out", True),
    ("#SBATCH --job-name=run_$(date +%s)", True),
    ("#SBATCH --nodes=$1", True),  # a script argument: sbatch never sees one (fresh batch 128, uvpython's raycluster)
    ("#SBATCH --gres=gpu:$2", True),
    ("#SBATCH --output=logs/%x_%j.out", False), ("#SBATCH --account=project_462000123", False),
    ("#SBATCH --comment='costs $5'", False),  # a $ that names no variable
    ("# SBATCH --account=${A}", False),  # not a directive (a space after #)
])
def test_sbatch_values_against_shell_variables(tmp_path, directive, bad):
    p = write(tmp_path, "job.sbatch", f"#!/bin/bash\n{directive}\n#SBATCH --nodes=1\nsrun python train.py\n")
    fs = flagged(scan([p], "RD-LCH-012", "mi300x8"))
    assert bool(fs) == bad, [f.title for f in fs]


def test_variables_in_a_generated_job_or_a_template_are_filled_in(tmp_path):
    # an unquoted heredoc writes the job: the shell that writes it expands the variables
    gen = write(tmp_path, "submit.sh", '#!/bin/bash\nA=p1\ncat <<EOF > job.sh\n#!/bin/bash\n#SBATCH --account=$A\n'
                'srun python t.py\nEOF\nsbatch job.sh\n')
    tmpl = write(tmp_path, "job_template.sbatch", "#!/bin/bash\n#SBATCH --account=${ACCOUNT}\nsrun python t.py\n")
    assert flagged(scan([gen, tmpl], "RD-LCH-012", "mi300x8")) == []


# --- RD-LCH-004 for torchrun: srun starting torchrun in each of several tasks per node. Real scripts of spent fresh
# sets: https://github.com/avilez (srun_multinode_npl.sh: --ntasks-per-node=8, `srun torchrun
# --nproc_per_node=$SLURM_NTASKS_PER_NODE`; its other script's --ntasks-per-node=1 is not this job's) and
# https://github.com/tedyhabtegebrial (`srun --gpus 2 --ntasks 2 --nodes 1 ... torchrun --nproc_per_node=gpu`).
def test_real_torchrun_per_task_cites_the_tasks_and_the_launch():
    fs = flagged(scan([corpus("../fresh/artifacts/rf-avilez-llmasr-npl-multinode")], "RD-LCH-004", "mi300x8"))
    assert len(fs) == 1 and "8 times on each node" in fs[0].title
    assert [e.source.rsplit("/", 1)[-1] for e in fs[0].evidence] == ["srun_multinode_npl.sh:5", "srun_multinode_npl.sh:32"]


@pytest.mark.parametrize("head, launch, bad", [
    ("#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=8\n", "srun torchrun --nproc_per_node=8 train.py", True),
    ("#SBATCH --nodes=1\n", "srun --ntasks 2 --nodes 1 torchrun --nproc_per_node=gpu train.py", True),
    ("#SBATCH --ntasks-per-node=${G}\n", "srun torchrun --nproc_per_node=${G} train.py", True),
    ("#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n", "srun torchrun --nproc_per_node=8 train.py", False),
    ("#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=8\n", "srun python train.py", False),  # srun's tasks are the ranks
    ("#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=8\n", "srun torchrun --nproc_per_node=1 train.py", False),
    ("#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=8\n", "torchrun --nproc_per_node=8 train.py", False),  # no srun
    ("#SBATCH --nodes=2\n#SBATCH --ntasks=2\n", "srun torchrun --nproc_per_node=8 train.py", False),  # one per node
    ("#SBATCH --ntasks-per-node=${T}\n", "srun torchrun --nproc_per_node=${G} train.py", False),  # unknown counts
])
def test_torchrun_under_srun_tasks(tmp_path, head, launch, bad):
    p = write(tmp_path, "job.sbatch", f"#!/bin/bash\n{head}{launch}\n")
    fs = flagged(scan([p], "RD-LCH-004", "mi300x8"))
    assert bool(fs) == bad, [f.title for f in fs]


def test_an_sruns_own_gpu_request_is_judged_like_a_directive(tmp_path):
    # yihangzhu's Leicester ALICE interactive.slurm: `srun ... --gres=gpu:ampere_a100:3 ... --pty bash -i`
    p = write(tmp_path, "interactive.slurm", "#!/bin/bash\nsrun --nodes=1 --ntasks-per-node=1 "
              "--gres=gpu:ampere_a100:3 --partition=gpu --time=40:00:00 --pty bash -i\n")
    fs = flagged(scan([p], "RD-LCH-002", "mi300x8"))
    assert len(fs) == 1 and fs[0].title.startswith("srun --gres=gpu:ampere_a100:3 asks for ampere_a100 GPUs")
    many = write(tmp_path, "many.sh", "#!/bin/bash\nsrun --gpus-per-node=16 python t.py\n")
    assert "asks for 16 GPUs per node" in flagged(scan([many], "RD-LCH-002", "mi300x8"))[0].title
    fits = write(tmp_path, "fits.sh", "#!/bin/bash\nsrun --gres=gpu:4 python t.py\n")
    assert flagged(scan([fits], "RD-LCH-002", "mi300x8")) == []


def test_review_cases_of_srun_task_counts(tmp_path):
    # srun's own -n wins over the job's --ntasks-per-node (then only a maximum): one torchrun per node
    job = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=8\n"
    for launch in ("srun -N 2 -n 2 torchrun --nproc_per_node=8 t.py",
                   "srun -n $SLURM_NNODES -N $SLURM_NNODES torchrun --nproc_per_node=8 t.py"):
        assert flagged(scan([write(tmp_path, "a.sbatch", job + launch + "\n")], "RD-LCH-004", "mi300x8")) == [], launch
    # an srun's own --ntasks-per-node counts for its own --gpus-per-task (not the job's)
    one = job + "srun --ntasks-per-node=1 --gpus-per-task=8 python eval.py\n"
    assert flagged(scan([write(tmp_path, "b.sbatch", one)], "RD-LCH-002", "mi300x8")) == []
    over = "#!/bin/bash\nsrun --ntasks-per-node=8 --gpus-per-task=2 python t.py\n"
    assert "16 GPUs per node" in flagged(scan([write(tmp_path, "c.sh", over)], "RD-LCH-002", "mi300x8"))[0].title
    # a digit that is no decimal number is no count, and nothing crashes
    odd = "#!/bin/bash\n#SBATCH --ntasks-per-node=\u00b2\nsrun --gpus-per-node=\u00b2 torchrun --nproc_per_node=8 t.py\n"
    p = write(tmp_path, "d.sbatch", odd)
    for code in ("RD-LCH-002", "RD-LCH-004"):
        assert all(f.status.value != "error" for f in scan([p], code, "mi300x8"))


# --- RD-LCH-017: #SBATCH options sbatch does not know (spent fresh gz-patalt: `#SBATCH --name="PyTorch GPU"`); the
# corpus's other 1,900 directives, Shifter's --image/--module and pyxis's --container-* among them, pass.
@pytest.mark.parametrize("line, bad", [
    ('#SBATCH --name="PyTorch GPU"', True), ("#SBATCH --memory=8G", True), ("#SBATCH --gpu=1", True),
    ("#SBATCH --cpus=4", True), ("#SBATCH -T 10", True),
    ("#SBATCH --job-name=x", False), ("#SBATCH --err=e.log", False), ("#SBATCH --mem=8G", False),
    ("#SBATCH -J x", False), ("#SBATCH --image=docker:nersc/pytorch:24.06", False), ("#SBATCH --module=gpu", False),
    ("#SBATCH --container-image=nvcr.io#nvidia/pytorch:24.01-py3", False), ("#SBATCH --tasks-per-node=8", False),
    ("#SBATCH --cluster=lumi", False), ("#SBATCH --stepmgr", False),  # an exact name wins; Slurm 24.05's own
    ("  #SBATCH --name=x", False),  # indented: a comment to sbatch, which reads `#SBATCH` at column 0 only
])
def test_sbatch_options_sbatch_does_not_know(tmp_path, line, bad):
    p = write(tmp_path, "job.sbatch", f"#!/bin/bash\n{line}\nsrun python t.py\n# SBATCH --name is a comment\n")
    fs = flagged(scan([p], "RD-LCH-017", "mi300x8"))
    assert bool(fs) == bad, [f.title for f in fs]
    if bad:
        assert fs[0].subject.endswith("job.sbatch:2")


def test_a_directive_after_the_first_command_is_no_option(tmp_path):
    # sbatch stops reading #SBATCH lines at the first command: a misspelt one after it is a comment
    p = write(tmp_path, "job.sh", "#!/bin/bash\n#SBATCH -N 1\nsrun hostname\n#SBATCH --name=x\n")
    assert flagged(scan([p], "RD-LCH-017", "mi300x8")) == []


# RD-LCH-021: sbatch refuses a script whose first line is not #! (fresh hw-metallama-recipes-multinode and
# ty-krishnateja-langvision-multinode: llama-recipes' multi_node.slurm, a copyright comment above `#!/bin/bash`)
@pytest.mark.parametrize("text, bad", [
    ("# Copyright (c) Meta Platforms, Inc.\n\n#!/bin/bash\n#SBATCH --nodes=2\nsrun torchrun t.py\n", "line 3"),
    ("\n#!/bin/bash\n#SBATCH --nodes=2\nsrun python t.py\n", "line 2"),
    ("#SBATCH --nodes=2\n#SBATCH --gpus-per-node=8\nsrun python t.py\n", "Add `#!/bin/bash`"),
    ("#!/bin/bash\n# Copyright\n#SBATCH --nodes=2\nsrun python t.py\n", None),
    ("#!/usr/bin/env bash\r\n#SBATCH --nodes=2\r\nsrun python t.py\r\n", None),
    # a script that writes a batch script and submits it (the wave-25 review): its own first line is no sbatch's
    ("set -e\ncat > job.sbatch <<EOF\n#!/bin/bash\n#SBATCH -N 1\nsrun t\nEOF\nsbatch job.sbatch\n", None),
])
def test_a_batch_script_starts_with_its_shebang(tmp_path, lint, text, bad):
    path = lint.write("multi_node.slurm", text)
    found = lint.flagged(lint([path], "RD-LCH-021", "mi300x8"))
    assert len(found) == (1 if bad else 0)
    if bad:
        assert bad in found[0].title + found[0].detail and found[0].evidence[0].source.endswith("multi_node.slurm:1")

