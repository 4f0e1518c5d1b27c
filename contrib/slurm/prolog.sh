#!/bin/bash
# Slurm Prolog: refuse to start a job on a node whose GPUs fail rocmdoctor's quick checks.
#
#   slurm.conf:  Prolog=/etc/slurm/prolog.d/rocmdoctor.sh
#
# Exit codes only. A prolog that exits non-zero makes Slurm drain the node and requeue the
# job, so the scan's own exit code is the answer: 0 healthy, 1 a check failed, 2/3 the scan
# could not run, 124 it overran its time budget. Prologs must not call scontrol or squeue
# (slurm.conf(5), Prolog and Epilog Scripts), and nothing here does.
#   ROCMDOCTOR          the program (default: rocmdoctor on PATH)
#   ROCMDOCTOR_TIMEOUT  seconds (default 20; slurmd's PrologEpilogTimeout is the outer bound)
#   ROCMDOCTOR_SELECT   the checks that may drain a node (default: GPU health, driver, GPUs)
exec timeout -k 2 "${ROCMDOCTOR_TIMEOUT:-20}" "${ROCMDOCTOR:-rocmdoctor}" scan --level quick \
    --select "${ROCMDOCTOR_SELECT:-RD-HEALTH,RD-DRV,RD-GPU}" >/dev/null 2>&1
