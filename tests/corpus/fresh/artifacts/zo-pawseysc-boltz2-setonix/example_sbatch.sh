#!/bin/bash -l
#SBATCH --account=${PAWSEY_PROJECT}-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00
#SBATCH --job-name=boltz_prediction

# Load required modules
module load singularity/3.11.4-mpi

# Set container
containerImage=boltz2_v2.2.1_rocm6.4.sif
# Set input dir
INPUTDIR=$MYSCRATCH/boltz/inputs

# Set output directory
OUTDIR=$MYSCRATCH/boltz/${SLURM_JOB_ID}
mkdir -p ${OUTDIR}

# Set cache directory
CACHEDIR=/scratch/references/boltz

srun -N 1 -n 1 -c 8 --gres=gpu:1 \
    singularity exec \
    ${containerImage} boltz predict \
    ${INPUTDIR}/test.yaml \
    --cache ${CACHEDIR} \
    --out_dir ${OUTDIR} \
    --no_kernels