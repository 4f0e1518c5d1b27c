"""RD-CTR-013 (checks/container_config/hpc.py): Shifter and Apptainer jobs that ask for NVIDIA's GPU libraries."""

# https://github.com/sparticlesteve/cosmoflow-benchmark (scripts/train_pm_shifter.sh; fresh cosmoflow-pm-shifter-ngc-tf)
SHIFTER = """#!/bin/bash
#SBATCH -J cosmo-pm-shifter
#SBATCH -C gpu
#SBATCH --gpus-per-task 1
#SBATCH --image=sfarrell/cosmoflow-gpu:latest

srun -l -u --mpi=pmi2 shifter --module=gpu \\
    bash -c "python train.py -d --rank-gpu $args"
"""

# the look-alike: LUMI's ddp example runs singularity without --nv (tests/corpus/artifacts/lumi-ai-example-ddp)
LUMI = """#!/bin/bash
#SBATCH --gpus-per-node=8
module load singularity-AI-bindings
# srun apptainer exec --nv old.sif python x.py
srun singularity exec $CONTAINER bash -c 'python -m torch.distributed.run --nproc_per_node=8 ddp.py'
srun apptainer exec --nv --rocm pytorch.sif python y.py
"""


def test_shifter_gpu_module_warns_at_the_run_and_the_image(lint):
    fs = lint.flagged(lint([lint.write("train_pm_shifter.sh", SHIFTER)], "RD-CTR-013", "mi300x8"))
    assert len(fs) == 1 and fs[0].status.value == "warn"
    assert sorted(int(e.source.rsplit(":", 1)[1]) for e in fs[0].evidence) == [5, 7]


def test_apptainer_nv_warns_and_rocm_or_no_gpu_flag_passes(lint):
    assert not lint.flagged(lint([lint.write("run.sbatch", LUMI)], "RD-CTR-013", "mi300x8"))
    nv = LUMI.replace("--nv --rocm", "--nv")
    fs = lint.flagged(lint([lint.write("run.sbatch", nv)], "RD-CTR-013", "mi300x8"))
    assert len(fs) == 1 and fs[0].evidence[0].source.endswith(":6")
