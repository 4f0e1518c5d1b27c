"""RD-DS-006 (checks/deepspeed/config.py): a training run's DeepSpeed config judged against the GPUs
before anything runs; the ZeRO memory model and offload rules it rests on. RD-DS-008: DS_BUILD_OPS=1
in a build judged against the DeepSpeed install to come."""
import json
import os

import pytest

from rocmdoctor.artifacts.configlint import Hardware, zero_per_gpu_bytes, zero_vs_hardware
from rocmdoctor.engine.model import Status
from tests.lintacc_helpers import flagged, scan, write
FRESH = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "corpus", "fresh", "artifacts")

DATA = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "data")
SEEDS = os.path.join(DATA, "seeds")


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def zero(cfg, hw, **kw):
    """The worst ZeRO finding."""
    return max(zero_vs_hardware(cfg, hw, kw.get("model_params"), "ds.json"), key=lambda f: f.status.rank)


def test_llamafactory_z2_config_with_auto_values():
    cfg = json.loads(data("deepspeed_ds_z2_config_llamafactory.json"))
    assert zero(cfg, Hardware(gfx=("gfx942",) * 8, vram_bytes=192 * 2**30), model_params=8e9).status is Status.PASS


def test_zero_memory_model_and_offload_rules():
    # ZeRO paper: 7.5B params on 64 GPUs, stage 1 -> 4P + 12P/64 bytes.
    assert zero_per_gpu_bytes(7.5e9, 1, 64, False, False) == 4 * 7.5e9 + 12 * 7.5e9 / 64
    cfg = {"zero_optimization": {"stage": 2}}
    big = zero(cfg, Hardware(gfx=("gfx906",) * 4, vram_bytes=32 * 2**30), model_params=13e9)
    assert big.status is Status.FAIL and "do not fit" in big.title
    bad = zero({"zero_optimization": {"stage": 2, "offload_param": {"device": "cpu"}}}, Hardware(gfx=("gfx942",)))
    assert bad.status is Status.FAIL and "stage 3" in bad.title
    one_gpu = zero(cfg, Hardware(gfx=("gfx1100",), vram_bytes=24 * 2**30))
    # a note, not a fault (two independent labellers of the spent fresh batches: "saves nothing, not a fault")
    assert one_gpu.status is Status.PASS and "saves no memory" in one_gpu.title


def test_zero_check_runs_with_scan_config_on_the_mi50_example(tmp_path):
    import rocmdoctor

    path = tmp_path / "ds.json"
    path.write_text(json.dumps({"zero_optimization": {"stage": 3, "offload_param": {"device": "cpu"}}}))
    report = rocmdoctor.scan(example="mi50x2-xeon", select=["RD-DS-006"], options={"config": str(path)})
    [f] = report.findings
    assert f.status is Status.PASS and "2 GPU" in f.title
    assert rocmdoctor.scan(example="mi50x2-xeon", select=["RD-DS-006"]).findings == []


# ------------------------------------------------------------------ RD-DS-008 DS_BUILD_OPS=1

def test_ds_build_ops_in_the_seed_dockerfile_fails_without_deepspeed_installed(lint):
    fs = lint([os.path.join(SEEDS, "Dockerfile")], "RD-DS-008", example="rx7900xtx")
    assert lint.statuses(fs) == ["fail"]
    assert fs[0].evidence[0].source.endswith("Dockerfile:48")
    assert fs[0].fix.params["env"]["DS_BUILD_CUTLASS_OPS"] == "0"


def test_ds_build_ops_with_unbuildable_ops_off_passes(tmp_path, lint):
    from rocmdoctor.checks.deepspeed import DEFAULT_BUILD_VARS, INFERENCE_OPS, ROCM_UNBUILDABLE

    off = " ".join(f"{DEFAULT_BUILD_VARS[o]}=0" for o in (*ROCM_UNBUILDABLE, *INFERENCE_OPS))
    p = lint.write("build.sh", f"#!/bin/bash\nexport DS_BUILD_OPS=1 {off}\n")
    assert lint.statuses(lint([p], "RD-DS-008")) == ["pass"]


def test_seed_000_ds_build_ops_in_the_image_is_judged_against_the_install_to_come(lint):
    fs = lint.flagged(lint([os.path.join(SEEDS, "Dockerfile")], "RD-DS-008", "mi50x2-xeon"))
    assert len(fs) == 1 and "DS_BUILD_OPS=1" in fs[0].title
    assert fs[0].evidence[0].source == os.path.join(SEEDS, "Dockerfile") + ":48"


# ------------------------------------------------------------------ RD-DS-009 (issue 24, wave 6)

# Gezy777/distributed_train run_31.sh + hostfile + ds_config.json (f7c44b5): two LAN hosts, one slot each
RUN_31 = ("export NCCL_DEBUG=INFO\n\ndeepspeed --hostfile=hostfile \\\n          --master_addr=172.0.0.1 \\\n"
          "          --master_port=29500 \\\n          --num_gpus=1 \\\n          train.py \\\n"
          "          --deepspeed_config ds_config.json")
LAN_HOSTS = "192.168.186.31 slots=1\n192.168.186.32 slots=1"
DS_1024 = ('{\n  "train_batch_size": 1024,\n  "train_micro_batch_size_per_gpu": 128,\n  "gradient_accumulation_steps": 8,\n'
           '  "zero_optimization": {"stage": 0}\n}')


def test_train_batch_size_against_the_ranks_the_launch_starts(tmp_path):
    run, hf = write(tmp_path, "run_31.sh", RUN_31), write(tmp_path, "hostfile", LAN_HOSTS)
    ds = write(tmp_path, "ds_config.json", DS_1024)
    [f] = flagged(scan([run, hf, ds], "RD-DS-009", "mi300x8"))  # 128 x 8 x 2 ranks = 2048
    assert "2 ranks" in f.title and f.evidence[0].source == ds + ":2"
    assert f.status.value == "fail" and f.subject == ds + ":2"  # DeepSpeed stops at initialise
    assert f.evidence[0].text == "train_batch_size 1024, micro batch 128, accumulation 8"
    assert [e.source for e in f.evidence[1:]] == [run + ":3", run + ":6"]  # the options that count the ranks
    one = write(tmp_path, "one/run.sh", "deepspeed --num_gpus=1 train.py --deepspeed_config ds_config.json\n")
    ds1 = write(tmp_path, "one/ds_config.json", DS_1024)
    [g] = scan([one, ds1], "RD-DS-009", "mi300x8")  # one rank: 128 x 8 x 1 = 1024
    assert (g.status.value, g.title, g.subject) == ("pass", "ds_config.json: batch sizes agree with 1 rank(s)", ds1 + ":2")
    auto = write(tmp_path, "auto/ds.json", DS_1024.replace("1024", '"auto"'))
    run2 = write(tmp_path, "auto/run.sh", "deepspeed --num_gpus=4 train.py --deepspeed ds.json\n")
    [h] = scan([run2, auto], "RD-DS-009", "mi300x8")  # "auto": the HF integration fills it in
    assert h.status.value == "pass" and h.title.startswith("no DeepSpeed config gives all three batch sizes")


def test_a_train_batch_size_no_rank_count_can_reach_fails_at_the_config(tmp_path):
    one = write(tmp_path, "run.sh", "deepspeed --num_gpus=1 train.py --deepspeed_config ds_config.json\n")
    ds = write(tmp_path, "ds_config.json", DS_1024.replace("1024", "1000"))  # 1000 is no multiple of 128 x 8
    [f] = scan([one, ds], "RD-DS-009", "mi300x8")
    assert (f.status.value, f.subject) == ("fail", ds + ":2")
    assert f.title == "ds_config.json: train_batch_size 1000 is not a multiple of micro batch 128 x accumulation 8"


@pytest.mark.parametrize("files", [
    # a training launch with no DeepSpeed config at all
    {"run.sh": "torchrun --nproc_per_node=8 train.py --learning_rate 1e-5 --per_device_train_batch_size 4\n"},
    # a hostfile of host names without slots (pdsh/MPI style): the ranks per host are not written
    {"run.sh": "deepspeed --hostfile hostfile train.py --deepspeed_config ds_config.json\n",
     "hostfile": "worker-1\nworker-2\n", "ds_config.json": DS_1024},
])
def test_launches_whose_rank_count_or_config_is_not_in_the_files_pass(tmp_path, files):
    paths = [write(tmp_path, name, text) for name, text in files.items()]
    [f] = scan(paths, "RD-DS-009", "mi300x8")
    assert f.status.value == "pass" and f.title.startswith("no DeepSpeed config gives all three batch sizes")


def test_a_hostfile_outside_the_files_leaves_the_rank_count_open(tmp_path):
    # DeepSpeed starts --num_gpus ranks on every host of /job/hostfile: how many hosts, the files do not say
    run = write(tmp_path, "run.sh", "deepspeed --hostfile /job/hostfile --num_gpus=1 train.py --deepspeed_config "
                "ds_config.json\n")
    [f] = scan([run, write(tmp_path, "ds_config.json", DS_1024)], "RD-DS-009", "mi300x8")
    assert f.status.value == "pass" and f.title.startswith("no DeepSpeed config gives all three batch sizes")
    # with the node count written beside it, the ranks are known again
    run = write(tmp_path, "run.sh", "deepspeed --hostfile /job/hostfile --num_nodes=2 --num_gpus=1 train.py "
                "--deepspeed_config ds_config.json\n")
    [g] = scan([run, write(tmp_path, "ds_config.json", DS_1024)], "RD-DS-009", "mi300x8")
    assert g.status.value == "fail" and "128 x 8 x 2 ranks" in g.title


# ------------------------------------------------------------------ RD-DS-010: "auto" handed to DeepSpeed itself
# jingfengou/BlockMovingSFT configs/ds_zero3_offload.json (75b65b1), passed with --deepspeed_config to a script that
# calls deepspeed.initialize() itself
AUTO_JSON = """{
    "train_batch_size": 1,
    "train_micro_batch_size_per_gpu": 1,
    "zero_optimization": {
        "stage": 3,
        "reduce_bucket_size": "auto",
        "stage3_prefetch_bucket_size": "auto",
        "stage3_max_live_parameters": 1e9
    },
    "bf16": {
        "enabled": true
    }
}
"""


def test_auto_values_given_with_deepspeed_config_are_flagged(tmp_path):
    cfg = write(tmp_path, "ds_zero3_offload.json", AUTO_JSON)
    run = write(tmp_path, "run_deepspeed.sh", "export DS_BUILD_OPS=0\ndeepspeed --num_gpus=1 train_deepspeed.py \\\n"
                "    --deepspeed_config /home/ubuntu/proj/BlockMovingSFT/configs/ds_zero3_offload.json \\\n"
                "    --total_steps 1530\n")
    [f] = flagged(scan([run, cfg], "RD-DS-010", "mi300x8"))
    assert "reduce_bucket_size" in f.title and f.evidence[0].source == cfg + ":6"
    assert f.status.value == "fail" and f.subject == cfg + ":6"
    assert f.title.startswith('ds_zero3_offload.json has "auto" values (zero_optimization.reduce_bucket_size, '
                              'zero_optimization.stage3_prefetch_bucket_size) but')  # two: no " ..."
    assert [(e.source, e.text) for e in f.evidence] == [
        (cfg + ":6", 'zero_optimization.reduce_bucket_size: "auto"'),
        (run + ":3", "--deepspeed_config /home/ubuntu/proj/BlockMovingSFT/configs/ds_zero3_offload.json \\")]
    # a key with "auto" in its name above the first "auto" value is not that value's line
    cfg2 = write(tmp_path, "ds_zero3_offload.json", AUTO_JSON.replace("{\n", '{\n    "autotuning": {"enabled": false},\n', 1))
    [g] = flagged(scan([run, cfg2], "RD-DS-010", "mi300x8"))
    assert g.evidence[0].source == cfg2 + ":7"


def test_auto_values_for_the_hf_trainer_or_numbers_for_deepspeed_are_not_flagged(tmp_path):
    cfg = write(tmp_path, "ds_config_zero2.json", AUTO_JSON)
    # ivattyue/SC-Tune scripts/finetune_ds.sh: HF TrainingArguments' --deepspeed, whose integration fills "auto" in
    hf = write(tmp_path, "finetune_ds.sh", "torchrun --nproc_per_node 8 finetune.py \\\n    --bf16 True \\\n"
               "    --deepspeed ds_config_zero2.json \\\n    --output_dir outputs/\n")
    assert not flagged(scan([hf, cfg], "RD-DS-010", "mi300x8"))
    # FrankLeeeee/DeepSpeed-FairScale-Benchmark: --deepspeed_config with a JSON of numbers only
    nums = write(tmp_path, "stage1.json", '{\n    "train_micro_batch_size_per_gpu": 128,\n'
                 '    "zero_optimization": {\n        "stage": 1\n    }\n}')
    ds = write(tmp_path, "run.sh", "deepspeed run_benchmark.py --type ds --deepspeed --deepspeed_config stage1.json\n")
    assert not flagged(scan([ds, nums], "RD-DS-010", "mi300x8"))
    # look-alike: other string values ("cpu", "AdamW") are no "auto"; the config passes, named
    strs = write(tmp_path, "stage2.json", '{\n    "train_micro_batch_size_per_gpu": 128,\n    "optimizer": {"type": "AdamW"},\n'
                 '    "zero_optimization": {"stage": 2, "offload_optimizer": {"device": "cpu"}}\n}')
    run = write(tmp_path, "run2.sh", "deepspeed train.py --deepspeed_config stage2.json\n")
    [f] = scan([run, strs], "RD-DS-010", "mi300x8")
    assert (f.status.value, f.title, f.subject) == ("pass", 'stage2.json: no "auto" value for DeepSpeed to read', strs)
    # --deepspeed_config naming a file that is not among the files: nothing to read, no error
    [g] = scan([write(tmp_path, "run3.sh", "deepspeed --num_gpus=1 train.py --deepspeed_config missing.json\n")],
               "RD-DS-010", "mi300x8")
    assert (g.status.value, g.title) == ("pass", 'no DeepSpeed JSON with "auto" values reaches DeepSpeed directly')


# https://github.com/FlyAIBox/dcu-in-action/blob/c036a4317d4cfd2f0a99037332b37d49a7eccdbc/examples/llm-fine-tuning/
# llamafactory/configs/qwen3_32b_power_domain_8dcu.yaml (the lines that decide memory; its DeepSpeed JSON is not in the
# repository, and no config.json is at hand): LoRA of a 32B model, bf16, on the dcu-slurm example's 16 GB DCUs
_LF_32B = ("model_name_or_path: Qwen/Qwen2.5-32B-Instruct\nstage: sft\ndo_train: true\nfinetuning_type: lora\n"
           "lora_rank: 384\nper_device_train_batch_size: 1\nbf16: true\ndeepspeed: configs/deepspeed_qwen3_32b_8dcu.json\n")


def test_weights_alone_above_the_gpu_when_neither_config_is_at_hand_warn_at_the_model_line(tmp_path):
    p = write(tmp_path, "qwen3_32b_power_domain_8dcu.yaml", _LF_32B)
    [f] = flagged(scan([p], "RD-DS-006", "dcu-slurm"))
    assert f.evidence[0].source == p + ":1" and "Qwen2.5-32B-Instruct alone" in f.title and "ZeRO-3" in f.title


def test_look_alikes_a_7b_model_a_4bit_load_or_a_gpu_with_room(tmp_path):
    p = write(tmp_path, "a.yaml", _LF_32B.replace("Qwen2.5-32B", "Qwen2.5-7B"))
    assert not flagged(scan([p], "RD-DS-006", "dcu-slurm"))
    q = write(tmp_path, "b.yaml", _LF_32B + "quantization_bit: 4\n")
    assert not flagged(scan([q], "RD-DS-006", "dcu-slurm"))
    assert not flagged(scan([write(tmp_path, "c.yaml", _LF_32B)], "RD-DS-006", "mi300x8"))


def test_auto_values_given_with_deepspeeds_own_flag_pair_are_flagged(tmp_path):
    # FrankLeeeee/DeepSpeed-FairScale-Benchmark run.sh: `--deepspeed` is the boolean deepspeed.add_config_arguments
    # adds, and the file comes with --deepspeed_config; that script hands the JSON to DeepSpeed, "auto" and all
    cfg = write(tmp_path, "stage1.json", AUTO_JSON)
    ds = write(tmp_path, "run.sh", "deepspeed run_benchmark.py --type ds --deepspeed --deepspeed_config stage1.json\n")
    [f] = flagged(scan([ds, cfg], "RD-DS-010", "mi300x8"))
    assert f.subject == cfg + ":6" and [e.source for e in f.evidence] == [cfg + ":6", ds + ":1"]
    # the flag after the file, or `--deepspeed_config=` form: the same pair
    ds2 = write(tmp_path, "run2.sh", "deepspeed run_benchmark.py --deepspeed_config=stage1.json --deepspeed\n")
    assert flagged(scan([ds2, cfg], "RD-DS-010", "mi300x8"))
    # look-alike: the HF Trainer's `--deepspeed PATH` fills "auto" in (not flagged)
    hf = write(tmp_path, "hf.sh", "deepspeed run_benchmark.py --deepspeed stage1.json\n")
    assert not flagged(scan([hf, cfg], "RD-DS-010", "mi300x8"))


def test_one_json_handed_to_deepspeed_by_several_launches_is_one_finding(tmp_path):
    # https://github.com/brynelee/deepspeedtrial/blob/39cae1a366f85e23910dfe781571de9bc95b80de/deepspeed_train_demo/
    # cmd_demos.sh (corpus fresh/brynelee-ds-fashionmnist-hostfile): four launches, each `--deepspeed --deepspeed_config
    # ds_config.json`; the JSON here with "auto" values: one finding on the file, citing the launches (three at most)
    real = os.path.join(FRESH, "brynelee-ds-fashionmnist-hostfile", "cmd_demos.sh")
    with open(real, encoding="utf-8") as fh:
        run = write(tmp_path, "cmd_demos.sh", fh.read())
    cfg = write(tmp_path, "ds_config.json", AUTO_JSON)
    [f] = flagged(scan([run, cfg], "RD-DS-010", "mi300x8"))
    assert [e.source for e in f.evidence] == [cfg + ":6", run + ":2", run + ":5", run + ":8"]
    # its own JSON (numbers only): one pass for the file, not one per launch
    [g] = scan([os.path.dirname(real)], "RD-DS-010", "mi300x8")
    assert (g.status.value, g.title) == ("pass", 'ds_config.json: no "auto" value for DeepSpeed to read')
