"""What sbatch accepts in `#SBATCH` lines: its own long options (sbatch(1), Slurm 23-25), which getopt_long also takes
abbreviated to any unique prefix (`--err` for `--error`), and the options the common SPANK plugins add (pyxis's
`--container-*`, NERSC Shifter's `--image`/`--module`/`--volume`). Anything else stops sbatch ('unrecognized option')."""
from __future__ import annotations

SBATCH_MAN = "https://slurm.schedmd.com/sbatch.html"
PYXIS = "https://github.com/NVIDIA/pyxis"

SBATCH_LONG = frozenset("""
account acctg-freq array batch bb bbf begin chdir cluster-constraint clusters comment constraint container
container-id contiguous core-spec cores-per-socket cpu-freq cpus-per-gpu cpus-per-task deadline delay-boot dependency
distribution error exclude exclusive export export-file extra extra-node-info get-user-env gid gpu-bind gpu-freq gpus
gpus-per-node gpus-per-socket gpus-per-task gres gres-flags help hint hold ignore-pbs input job-name kill-on-invalid-dep
licenses mail-type mail-user mcs-label mem mem-bind mem-per-cpu mem-per-gpu mincpus network nice no-kill no-requeue
nodefile nodelist nodes ntasks ntasks-per-core ntasks-per-gpu ntasks-per-node ntasks-per-socket oom-kill-step open-mode
output overcommit oversubscribe parsable partition power prefer priority profile propagate qos quiet reboot requeue
reservation resv-ports segment signal sockets-per-node spread-job switches test-only thread-spec threads-per-core time
time-min tmp tres-bind tres-per-task uid usage use-min-nodes verbose version wait wait-all-nodes wckey wrap x11
tasks-per-node workdir checkpoint checkpoint-dir mem_bind cluster stepmgr context external resources spread-segments
consolidate-segments mem-update""".split())
SBATCH_SHORT = frozenset("AaBbCcDdeFGHhiJkLMmNnOopQqSstuVvWwx")
SPANK_LONG = ("container-", "no-container-", "image", "module", "volume", "ccm")


def option_problem(name: str) -> str | None:
    """Why sbatch refuses `#SBATCH --NAME` ("unrecognized": no option starts with it; "ambiguous": it abbreviates
    several, as getopt_long reads it), or None. The reader's long names for short options are sbatch's own."""
    if len(name) == 1:
        return None if name in SBATCH_SHORT else "unrecognized"
    if name in SBATCH_LONG or name.startswith(SPANK_LONG):
        return None
    found = [o for o in SBATCH_LONG if o.startswith(name)]
    return "unrecognized" if not found else "ambiguous" if len(found) > 1 else None
