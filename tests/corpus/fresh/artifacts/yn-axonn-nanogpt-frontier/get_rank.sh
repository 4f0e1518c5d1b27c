#!/bin/bash
# select_gpu_device wrapper script
export RANK=${SLURM_PROCID}
export LOCAL_RANK=${SLURM_LOCALID}
exec $*