"""accelerate config files (what `accelerate launch --config_file` reads) as settings: ranks per node,
the GPUs they get, the mixed precision and the DeepSpeed JSON they name (wave 5, track artb). Real files:
LennoxC/gemma3-supplements-small-finetune and PranavShashidhara/distributed-llm-stack accelerate_config.yaml."""
from __future__ import annotations

from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import flagged, scan, write

GEMMA = ("compute_environment: LOCAL_MACHINE\ndebug: true\ndeepspeed_config:\n  gradient_accumulation_steps: 4\n"
         "  offload_optimizer_device: cpu\n  zero_stage: 3\ndistributed_type: DEEPSPEED\ndowncast_bf16: 'no'\n"
         "machine_rank: 0\nmain_training_function: main\nmixed_precision: bf16\nnum_machines: 1\nnum_processes: 2\n"
         "rdzv_backend: static\nsame_network: true\nuse_cpu: false\n")


def _vals(path):
    a = read_one(path)
    return a.kind, [(v.kind, v.name, v.value, v.origin.line) for v in a.values]


def test_an_accelerate_config_is_read_as_ranks_gpus_and_precision(tmp_path):
    p = write(tmp_path, "accelerate_config.yaml", GEMMA.replace("num_machines: 1\nnum_processes: 2",
                                                                 "num_machines: 2\nnum_processes: 8\ngpu_ids: 0,1,2,3"))
    kind, vals = _vals(p)
    assert kind == "accelerate_config"
    assert ("launcher", "nproc_per_node", "4", 13) in vals  # num_processes is the total over the machines
    assert ("env", "CUDA_VISIBLE_DEVICES", "0,1,2,3", 14) in vals and ("train", "mixed_precision", "bf16", 11) in vals


def test_more_processes_than_gpus_and_bf16_on_mi50(tmp_path):
    p = write(tmp_path, "accelerate_config.yaml", GEMMA)
    [f] = flagged(scan([p], "RD-LCH-001", "rx7900xtx"))
    assert f.evidence[0].source == p + ":13"
    [g] = flagged(scan([p], "RD-PREC-010", "mi50x2-xeon"))
    assert g.evidence[0].source == p + ":11"
    assert g.fix.params["edits"][0]["ops"] == [{"op": "set", "key": "mixed_precision", "value": "fp16"}]
    # look-alike: fp16 with two processes on the two MI50s
    q = write(tmp_path / "b", "accelerate_config.yaml", GEMMA.replace("bf16", "fp16"))
    assert not flagged(scan([q], "RD-LCH-001", "mi50x2-xeon")) and not flagged(scan([q], "RD-PREC-010", "mi50x2-xeon"))


def test_a_launch_that_names_the_config_reads_its_deepspeed_json(tmp_path):
    ds = write(tmp_path, "zero3.json", '{"zero_optimization": {"stage": 3}, "bf16": {"enabled": true}}\n')
    acc = write(tmp_path, "acc.yaml", "compute_environment: LOCAL_MACHINE\ndistributed_type: DEEPSPEED\nnum_processes: 2\n"
                "deepspeed_config:\n  deepspeed_config_file: zero3.json\n")
    run = write(tmp_path, "run.sh", "#!/bin/bash\naccelerate launch --config_file acc.yaml train.py\n")
    [f] = flagged(scan([run, acc, ds], "RD-PREC-010", "mi50x2-xeon"))
    assert any(e.source.startswith(ds) for e in f.evidence)
    assert not flagged(scan([run, acc, ds], "RD-LCH-007", "mi50x2-xeon"))  # an accelerate config, as it should be


def test_look_alikes_are_not_accelerate_configs(tmp_path):
    lf = write(tmp_path, "lf.yaml", "stage: sft\nfinetuning_type: lora\ndistributed_type: x\nnum_processes: 2\n")
    assert read_one(lf).kind == "llamafactory"
    other = write(tmp_path, "env.yaml", "compute_environment: cloud\nregion: eu-west\n")
    assert read_one(other).kind == "unknown"
