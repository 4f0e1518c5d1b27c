#!/bin/bash
# Slurm Epilog: drain the node when its GPUs came out of the job unhealthy (uncorrectable
# ECC errors, retired pages, a GPU reset or page fault in the kernel log, a GPU gone).
#
#   slurm.conf:  Epilog=/etc/slurm/epilog.d/rocmdoctor.sh
#
# Exit codes only: an epilog that exits non-zero makes Slurm drain the node; it must not
# call scontrol or squeue (slurm.conf(5)). Same variables as prolog.sh.
exec timeout -k 2 "${ROCMDOCTOR_TIMEOUT:-20}" "${ROCMDOCTOR:-rocmdoctor}" scan --level quick \
    --select "${ROCMDOCTOR_SELECT:-RD-HEALTH,RD-KERN,RD-GPU}" >/dev/null 2>&1
