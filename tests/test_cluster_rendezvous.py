"""Reading the launcher's variables: torchrun, srun, mpirun, and what is missing."""
import pytest

from rocmdoctor.cluster.rendezvous import DEFAULT_PORT, RendezvousError, expand_hostlist, from_env


def test_torchrun_uses_its_agent_store_and_run_id():
    env = {"RANK": "5", "WORLD_SIZE": "16", "LOCAL_RANK": "1", "MASTER_ADDR": "gpu01", "MASTER_PORT": "29400",
           "TORCHELASTIC_RUN_ID": "job7", "TORCHELASTIC_RESTART_COUNT": "2", "TORCHELASTIC_USE_AGENT_STORE": "True",
           # torchrun inside an sbatch script: its own variables win over Slurm's
           "SLURM_PROCID": "0", "SLURM_NTASKS": "2", "SLURM_LOCALID": "0", "SLURMD_NODENAME": "gpu02"}
    r = from_env(env, hostname="ignored")
    assert (r.launcher, r.rank, r.world_size, r.local_rank) == ("torchrun", 5, 16, 1)
    assert (r.master_addr, r.master_port, r.agent_store, r.run_id) == ("gpu01", 29400, True, "job7.2")
    assert r.node_name == "gpu02"


def test_srun_takes_rank0_host_from_the_node_list():
    env = {"SLURM_PROCID": "3", "SLURM_NTASKS": "4", "SLURM_LOCALID": "1", "SLURM_JOB_ID": "812",
           "SLURM_STEP_ID": "0", "SLURM_STEP_NODELIST": "mi300-[07-08,11]", "SLURMD_NODENAME": "mi300-08"}
    r = from_env(env)
    assert (r.launcher, r.rank, r.local_rank, r.master_addr) == ("slurm", 3, 1, "mi300-07")
    assert (r.master_port, r.agent_store, r.run_id, r.node_name) == (DEFAULT_PORT, False, "812.0", "mi300-08")


def test_openmpi_needs_master_addr():
    env = {"OMPI_COMM_WORLD_RANK": "0", "OMPI_COMM_WORLD_SIZE": "2", "OMPI_COMM_WORLD_LOCAL_RANK": "0"}
    with pytest.raises(RendezvousError, match="MASTER_ADDR"):
        from_env(env)
    r = from_env(dict(env, MASTER_ADDR="10.0.0.1"), hostname="n1")
    assert (r.launcher, r.master_addr, r.node_name) == ("openmpi", "10.0.0.1", "n1")


@pytest.mark.parametrize("env,match", [
    ({}, "needs a launcher"),
    ({"PMI_RANK": "1", "PMI_SIZE": "4", "MASTER_ADDR": "h"}, "no local rank"),
    ({"RANK": "4", "WORLD_SIZE": "4", "LOCAL_RANK": "0", "MASTER_ADDR": "h"}, "outside"),
    ({"RANK": "x", "WORLD_SIZE": "4"}, "not an integer"),
])
def test_unusable_environments_say_why(env, match):
    with pytest.raises(RendezvousError, match=match):
        from_env(env)


def test_rank_exported_by_hand_is_not_torchrun():
    r = from_env({"RANK": "0", "WORLD_SIZE": "1", "MASTER_ADDR": "127.0.0.1", "ROCMDOCTOR_NODE_NAME": "a"})
    assert (r.launcher, r.local_rank, r.node_name, r.agent_store) == ("env", 0, "a", False)


@pytest.mark.parametrize("text,hosts", [
    ("gpu[01-03,7],login1", ["gpu01", "gpu02", "gpu03", "gpu7", "login1"]),
    ("node5", ["node5"]),
    ("a[1-2]-ib,b", ["a1-ib", "a2-ib", "b"]),
    ("", []),
])
def test_expand_hostlist(text, hosts):
    assert expand_hostlist(text) == hosts


def test_a_requeued_slurm_job_gets_fresh_rendezvous_keys():
    """--rendezvous-dir keeps files: a requeued job (same job id, steps from 0) must not meet the last try's keys."""
    env = {"SLURM_PROCID": "0", "SLURM_NTASKS": "2", "SLURM_LOCALID": "0", "SLURM_JOB_ID": "812",
           "SLURM_STEP_ID": "0", "SLURM_NODELIST": "n[1-2]"}
    assert from_env(env).run_id == "812.0"
    assert from_env(dict(env, SLURM_RESTART_COUNT="1")).run_id == "812.0.r1"
