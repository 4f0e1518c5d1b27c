"""Who am I in the job, and where is rank 0? Read from the launcher's standard variables.

torchrun sets RANK/WORLD_SIZE/LOCAL_RANK/MASTER_ADDR/MASTER_PORT (and hosts the store
in its agent: TORCHELASTIC_USE_AGENT_STORE=True). mpirun (Open MPI) sets OMPI_COMM_WORLD_*,
MPICH/Intel MPI set PMI_RANK/PMI_SIZE/MPI_LOCALRANKID, srun sets SLURM_PROCID/SLURM_NTASKS/
SLURM_LOCALID. MPI launchers do not set MASTER_ADDR; under Slurm we take the first host of
the step's node list, otherwise it must be exported (`mpirun -x MASTER_ADDR`).
"""
from __future__ import annotations

import os
import socket
from dataclasses import asdict
from typing import Mapping

from ..base.records import dataclass
from .hostlist import expand

DEFAULT_PORT = 29500


class RendezvousError(Exception):
    """The environment does not describe a launched job; str() says what is missing."""


@dataclass(frozen=True)
class Rendezvous:
    launcher: str  # torchrun, openmpi, mpich, slurm, env
    rank: int
    world_size: int
    local_rank: int
    master_addr: str
    master_port: int
    node_name: str
    agent_store: bool = False  # torchrun's agent already hosts the TCPStore
    run_id: str = "default"

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "Rendezvous":
        return cls(**d)


# (launcher, rank var, size var, local-rank vars) in the order they win: a launcher
# started inside another (torchrun under srun, mpirun in an sbatch script) sets its own
# variables on top of the outer ones.
_LAUNCHERS = (
    ("torchrun", "RANK", "WORLD_SIZE", ("LOCAL_RANK",)),
    ("openmpi", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", ("OMPI_COMM_WORLD_LOCAL_RANK",)),
    ("mpich", "PMI_RANK", "PMI_SIZE", ("MPI_LOCALRANKID", "PALS_LOCAL_RANKID")),
    ("slurm", "SLURM_PROCID", "SLURM_NTASKS", ("SLURM_LOCALID",)),
)


def from_env(env: Mapping[str, str] | None = None, hostname: str | None = None) -> Rendezvous:
    env = os.environ if env is None else env
    for launcher, rank_var, size_var, local_vars in _LAUNCHERS:  # noqa: B007  (the match is used after the loop)
        if rank_var in env and size_var in env:
            break
    else:
        raise RendezvousError(
            "--cluster needs a launcher: start it on every node with torchrun, srun or mpirun "
            "(no RANK/WORLD_SIZE, SLURM_PROCID/SLURM_NTASKS or OMPI_COMM_WORLD_* variables are set). "
            "To compare saved snapshots instead, use --from DIR ...")
    if launcher == "torchrun" and "TORCHELASTIC_RUN_ID" not in env:
        launcher = "env"  # RANK/WORLD_SIZE exported by hand or by another tool
    rank, size = _int(env, rank_var), _int(env, size_var)
    if not 0 <= rank < size:
        raise RendezvousError(f"{rank_var}={rank} is outside 0..{size_var}-1 ({size})")
    local = next((_int(env, v) for v in local_vars if v in env), None)
    if local is None:
        local = 0 if size == 1 else None
    if local is None:
        raise RendezvousError(f"{launcher}: no local rank ({' or '.join(local_vars)}) is set, so rocmdoctor "
                              "cannot tell which process scans each node")
    addr = env.get("MASTER_ADDR") or _first_slurm_host(env)
    if not addr:
        raise RendezvousError(f"{launcher}: MASTER_ADDR is not set; export rank 0's host name or address "
                              "(mpirun: -x MASTER_ADDR=<host>)")
    port = _int(env, "MASTER_PORT") if env.get("MASTER_PORT") else DEFAULT_PORT
    name = env.get("ROCMDOCTOR_NODE_NAME") or env.get("SLURMD_NODENAME") or hostname or socket.gethostname()
    agent = env.get("TORCHELASTIC_USE_AGENT_STORE") == "True"
    if launcher in ("torchrun", "env") and "TORCHELASTIC_RUN_ID" in env:
        run_id = f"{env['TORCHELASTIC_RUN_ID']}.{env.get('TORCHELASTIC_RESTART_COUNT', '0')}"
    elif "SLURM_JOB_ID" in env:
        run_id = f"{env['SLURM_JOB_ID']}.{env.get('SLURM_STEP_ID', '0')}"
        if env.get("SLURM_RESTART_COUNT", "0") != "0":  # a requeued job keeps its id: keys of the last try differ
            run_id += f".r{env['SLURM_RESTART_COUNT']}"
    else:
        run_id = "default"
    return Rendezvous(launcher, rank, size, local, addr, port, name, agent, run_id)


def _int(env: Mapping[str, str], var: str) -> int:
    try:
        return int(env[var])
    except ValueError:
        raise RendezvousError(f"{var}={env[var]!r} is not an integer") from None


def _first_slurm_host(env: Mapping[str, str]) -> str | None:
    for var in ("SLURM_STEP_NODELIST", "SLURM_JOB_NODELIST", "SLURM_NODELIST"):
        if env.get(var):
            hosts = expand_hostlist(env[var])
            if hosts:
                return hosts[0]
    return None


expand_hostlist = expand  # Slurm's compressed host list (hostlist.py)
