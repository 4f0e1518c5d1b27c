"""RD-LCH-010 (checks/launch_hosts.py): the hosts a launch names, a hostfile's machines and a rendezvous
address, against the job (issue 24, wave 6)."""
from __future__ import annotations

from tests.lintacc_helpers import flagged, scan, write

# ------------------------------------------------------------------ RD-LCH-010: hosts the launch names
# Gezy777/distributed_train run_31.sh + hostfile (f7c44b5): the only launch of train.py goes over two LAN hosts
RUN_31 = ("export NCCL_DEBUG=INFO\n\ndeepspeed --hostfile=hostfile \\\n          --master_addr=172.0.0.1 \\\n"
          "          --master_port=29500 \\\n          --num_gpus=1 \\\n          train.py \\\n"
          "          --deepspeed_config ds_config.json")
LAN_HOSTS = "192.168.186.31 slots=1\n192.168.186.32 slots=1"


def test_a_launch_that_only_runs_over_a_hostfiles_hosts(tmp_path):
    run, hf = write(tmp_path, "run_31.sh", RUN_31), write(tmp_path, "hostfile", LAN_HOSTS)
    fs = flagged(scan([run, hf], "RD-LCH-010", "mi300x8"))
    assert len(fs) == 2
    hosts = next(f for f in fs if "named host" in f.title)
    assert {e.source for e in hosts.evidence} >= {hf + ":1", hf + ":2"}
    addr = next(f for f in fs if "master-addr" in f.title)  # 172.0.0.1 is neither loopback nor a hostfile host
    assert addr.evidence[0].source == run + ":4"



def test_the_hostfile_is_the_one_beside_the_launching_script(tmp_path):
    # review of wave 6: two folders, each with a `hostfile`; a/run.sh names its own (localhost only), so the
    # other folder's LAN hosts are not this launch's (it was judged against b/hostfile and cited it)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    run = write(tmp_path / "a", "run.sh", "deepspeed --hostfile=hostfile train.py\n")
    own = write(tmp_path / "a", "hostfile", "localhost slots=8\n")
    other = write(tmp_path / "b", "hostfile", LAN_HOSTS)
    assert not [f for f in flagged(scan([run, own, other], "RD-LCH-010", "mi300x8")) if "named host" in f.title]
    # look-alike: the launch beside the LAN hostfile is judged against it, citing that file
    run_b = write(tmp_path / "b", "run.sh", "deepspeed --hostfile=hostfile train.py\n")
    [f] = [f for f in flagged(scan([run_b, own, other], "RD-LCH-010", "mi300x8")) if "named host" in f.title]
    assert {e.source for e in f.evidence} >= {other + ":1"}

def test_a_hostfile_next_to_a_local_launch_of_the_same_script_is_an_option(tmp_path):
    # brynelee/deepspeedtrial cmd_demos.sh: a local line and a `--hostfile` line for the same script
    run = write(tmp_path, "cmd_demos.sh", "deepspeed ds_train.py --epoch 1 --deepspeed --deepspeed_config ds_config.json\n"
                "deepspeed --hostfile hostfile ds_train.py --epoch 1 --deepspeed --deepspeed_config ds_config.json\n")
    hf = write(tmp_path, "hostfile", "xdserver slots=1\nxdmortar slots=1\n")
    assert not flagged(scan([run, hf], "RD-LCH-010", "mi300x8"))
    # CoinCheung/gdGPT run_train.sh: the hostfile is only named by a commented-out line
    one = write(tmp_path, "run_train.sh", "export CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7\ndeepspeed train_ds.py --config c.yml\n"
                "# deepspeed --hostfile ./hostfile train_ds.py --config c.yml\n")
    assert not flagged(scan([one, write(tmp_path, "h2/hostfile", "node1 slots=8\nnode2 slots=2\n")], "RD-LCH-010",
                            "mi300x8"))


# jruokola's Nebius sbatch: the torchrun command is held in a variable (`TORCHRUN_CMD="torchrun ... --rdzv-endpoint=
# "worker-0.soperator-worker-svc.soperator.svc.cluster.local:${MASTER_PORT}" ..."`) and run by `srun bash -c "$CMD"`
SITE_RDZV = ('#!/bin/bash\n#SBATCH --nodes=2\nTORCHRUN_CMD="\\\ntorchrun \\\n    --nnodes=${SLURM_NNODES} \\\n'
             '    --nproc-per-node=1 \\\n    --rdzv-backend=c10d \\\n'
             '    --rdzv-endpoint="worker-0.soperator-worker-svc.soperator.svc.cluster.local:${MASTER_PORT}" \\\n'
             '    train.py"\nsrun --export=ALL bash -c "${TORCHRUN_CMD}"\n')


def test_a_rendezvous_at_a_site_dns_name_in_a_held_command(tmp_path):
    p = write(tmp_path, "submit.sbatch", SITE_RDZV)
    [f] = flagged(scan([p], "RD-LCH-010", "mi300x8"))
    assert "svc.cluster.local" in f.title and f.evidence[0].source == p + ":8"  # where the option is written


def test_rendezvous_addresses_from_the_job_or_loopback_pass(tmp_path):
    # He-Wenhao/ML-LinearSpace torchrun_script.sh and greenlet/mllm: $MASTER_ADDR from scontrol, localhost
    p = write(tmp_path, "t.sh", "export MASTER_ADDR=$(scontrol show hostname ${SLURM_NODELIST} | head -n 1)\n"
              "torchrun --nnodes=5 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29400 t.py\n"
              "torchrun --nnodes=1 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=localhost:29400 e.py\n"
              "torchrun --nnodes=2 --nproc_per_node=2 --rdzv_endpoint=10.10.0.21:29999 f.py\n")
    assert not flagged(scan([p], "RD-LCH-010", "mi300x8"))  # a bare IP without a hostfile is not judged


# klhhhhh/ckpt-fault-tolerance-test scripts/multinode.sh + hostfile (Perlmutter): `deepspeed --hostfile=...
# --master_addr="nid200348"` while the hostfile lists nid200476/77/80/81: rank 0 runs on nid200476, every rank
# dials nid200348 (spent fresh batch 13's words:deepspeed-master-addr-not-in-hostfile)
NID_RUN = ('deepspeed --num_nodes=4 --num_gpus=4 \\\n    --master_addr="nid200348" \\\n    --master_port=29501 \\\n'
           '    --hostfile="/global/homes/k/klhhhhh/scripts/hostfile" \\\n    train_fp16.py\n')
NID_HOSTS = "nid200476 slots=4\nnid200477 slots=4\nnid200480 slots=4\nnid200481 slots=4\n"


def test_a_master_node_name_that_is_none_of_the_hostfiles_hosts(tmp_path):
    run, hf = write(tmp_path, "multinode.sh", NID_RUN), write(tmp_path, "hostfile", NID_HOSTS)
    addr = [f for f in flagged(scan([run, hf], "RD-LCH-010", "mi300x8")) if "master-addr" in f.title]
    assert [f.evidence[0].source for f in addr] == [run + ":2"] and "nid200348" in addr[0].title
    # look-alike: the hostfile's own first host, written short or fully qualified, is the job's rendezvous
    for name in ("nid200476", "nid200476.chn.perlmutter.nersc.gov"):
        ok_run = write(tmp_path, "ok.sh", NID_RUN.replace("nid200348", name))
        assert not [f for f in flagged(scan([ok_run, hf], "RD-LCH-010", "mi300x8")) if "master-addr" in f.title]
    # a hostfile of bare IPs cannot say which IP a node name resolves to: not judged
    ips = write(tmp_path, "ips/hostfile", "10.1.0.5 slots=4\n10.1.0.6 slots=4\n")
    assert not [f for f in flagged(scan([run, ips], "RD-LCH-010", "mi300x8")) if "master-addr" in f.title]


def test_the_hostfile_warning_names_its_hosts_and_cites_each_line(tmp_path):
    run, hf = write(tmp_path, "multinode.sh", NID_RUN), write(tmp_path, "hostfile", NID_HOSTS)
    [f] = [f for f in flagged(scan([run, hf], "RD-LCH-010", "mi300x8")) if "named host" in f.title]
    assert f.status.value == "warn" and f.subject == hf
    # four hosts are named whole; the --hostfile option comes first, then one line per host
    assert f.title.endswith("(nid200476, nid200477, nid200480, nid200481)")
    assert [e.source for e in f.evidence] == [run + ":4", hf + ":1", hf + ":2", hf + ":3", hf + ":4"]
    assert f.evidence[1].text == "nid200476 slots=4"
    # a fifth host: the first four are named, then " ..."; the evidence stays at four host lines
    hf5 = write(tmp_path, "hostfile", NID_HOSTS + "nid200482 slots=4\n")
    [g] = [f for f in flagged(scan([run, hf5], "RD-LCH-010", "mi300x8")) if "named host" in f.title]
    assert "5 named host(s)" in g.title and g.title.endswith("nid200481 ...)") and len(g.evidence) == 5


def test_every_launch_of_the_script_over_the_hostfile_is_no_local_alternative(tmp_path):
    # the two-line look-alike of brynelee/deepspeedtrial cmd_demos.sh with both lines multi-node: no local run
    run = write(tmp_path, "cmd_demos.sh", "deepspeed --hostfile hostfile ds_train.py --epoch 1 --deepspeed_config a.json\n"
                "deepspeed --hostfile hostfile ds_train.py --epoch 2 --deepspeed_config a.json\n")
    hf = write(tmp_path, "hostfile", "xdserver slots=1\nxdmortar slots=1\n")
    fs = flagged(scan([run, hf], "RD-LCH-010", "mi300x8"))
    assert len(fs) == 2 and all("2 named host(s) (xdserver, xdmortar)" in f.title for f in fs)


def test_the_rendezvous_warning_cites_the_option_and_says_why(tmp_path):
    run, hf = write(tmp_path, "multinode.sh", NID_RUN), write(tmp_path, "hostfile", NID_HOSTS)
    [f] = [f for f in flagged(scan([run, hf], "RD-LCH-010", "mi300x8")) if "master-addr" in f.title]
    assert f.status.value == "warn" and f.subject == run + ":2"
    assert "not one of the hostfile's hosts (nid200476, nid200477, nid200480, nid200481)" in f.detail
    [g] = flagged(scan([write(tmp_path, "submit.sbatch", SITE_RDZV)], "RD-LCH-010", "mi300x8"))
    assert "a site's DNS name" in g.detail and "hostfile" not in g.detail


def test_rendezvous_addresses_a_hostfile_launch_cannot_judge_or_that_are_this_host(tmp_path):
    hf = write(tmp_path, "hostfile", NID_HOSTS)
    # $MASTER_ADDR is filled in at launch; 127.0.1.1 is Debian's /etc/hosts name for the machine itself
    for addr in ("$MASTER_ADDR", "127.0.1.1"):
        run = write(tmp_path, "multinode.sh", NID_RUN.replace('"nid200348"', addr))
        assert not [f for f in flagged(scan([run, hf], "RD-LCH-010", "mi300x8")) if "master-addr" in f.title], addr
    # an IPv6 address in brackets is read as that address: none of the hostfile's hosts
    run = write(tmp_path, "multinode.sh", NID_RUN.replace('"nid200348"', "[fd00::5]"))
    [f] = [f for f in flagged(scan([run, hf], "RD-LCH-010", "mi300x8")) if "master-addr" in f.title]
    assert "--master-addr fd00::5:" in f.title


def test_a_launch_with_no_host_passes_with_its_finding(tmp_path):
    p = write(tmp_path, "t.sh", "torchrun --nproc_per_node=8 train.py\n")
    [f] = scan([p], "RD-LCH-010", "mi300x8")
    assert f.status.value == "pass" and f.title == "no launch names a host outside the job"


def test_a_plain_python_run_of_the_same_script_is_the_local_alternative(tmp_path):
    # a script that runs train.py on one GPU with plain python, and over the hostfile's machines with deepspeed
    run = write(tmp_path, "run.sh", "python train.py --epochs 1\ndeepspeed --hostfile hostfile train.py --epochs 1\n")
    hf = write(tmp_path, "hostfile", "xdserver slots=1\nxdmortar slots=1\n")
    [f] = scan([run, hf], "RD-LCH-010", "mi300x8")
    assert f.status.value == "pass"


def test_a_site_master_addr_among_options_held_in_a_variable(tmp_path):
    # spent fresh batch 179 (ca-minfanzhao pretrain_llama.sh): Megatron's DISTRIBUTED_ARGS string, expanded unquoted
    p = write(tmp_path, "pretrain.sh", 'MASTER_ADDR=hades0.acsalab.com\nDISTRIBUTED_ARGS="--nproc_per_node 4 \\\n'
              '    --nnodes 1 \\\n    --master_addr $MASTER_ADDR \\\n    --master_port 25935 "\n'
              "python -m torch.distributed.launch $DISTRIBUTED_ARGS pretrain_llama.py\n")
    [f] = flagged(scan([p], "RD-LCH-010", "mi300x8"))
    assert f.title.startswith("--master-addr hades0.acsalab.com: an address of another site")
