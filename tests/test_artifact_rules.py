"""DeepSpeed rules on the user's files (scan --config: DS_BUILD_OPS in a build, the memory fit of
a run) and the container command-line reader, on the seeds' files (tests/data/seeds) and real
public files (tests/data/configs, source on each file's first line). The tests of each config-lint
check module are in tests/checks/test_<module>.py."""
import os
import shutil

import pytest

import rocmdoctor
from rocmdoctor.engine.model import Status

DATA = os.path.join(os.path.dirname(__file__), "data")
SEEDS = os.path.join(DATA, "seeds")
CONFIGS = os.path.join(DATA, "configs")


# ------------------------------------------------------------------ RD-DS-006 memory fit from the configs

QWEN7B = os.path.join(DATA, "hf_qwen2.5-7b-instruct")


def test_full_finetune_of_a_7b_does_not_fit_and_says_what_to_change(tmp_path, lint):
    # seed 002: a 7B full fine-tune, --per_device_train_batch_size 16, ZeRO-3 + CPU offload (ds_config.json)
    for n in ("fine_tune_train.sh", "ds_config.json"):
        shutil.copy(os.path.join(SEEDS, n), tmp_path / n)
    lint.need("rx7900xtx")
    r = rocmdoctor.scan(example="rx7900xtx", select=["RD-DS-006"],
                        options={"config": [str(tmp_path / "fine_tune_train.sh")], "model": QWEN7B})
    fs = r.by_code("RD-DS-006")
    assert lint.statuses(fs) == ["fail"] and "does not fit" in fs[0].title
    est = fs[0].data["estimate"]
    assert est["settings"]["lora"] is False and est["settings"]["batch"] == 16 and est["settings"]["seq_len"] == 512
    assert fs[0].fix.params["suggestions"] and "micro-batch 1" in fs[0].fix.params["suggestions"][0]["change"]
    settings_ev = [e for e in fs[0].evidence if e.source == "run settings"][0].text
    assert "fine_tune_train.sh:17: per_device_train_batch_size=16" in settings_ev
    assert "ds_config.json: stage 3, offload_optimizer cpu" in settings_ev


def test_lora_run_fits_on_mi50(lint):
    fs = lint([os.path.join(SEEDS, "qwen_lora_sft_ds2.yaml")], "RD-DS-006")
    assert lint.statuses(fs) == ["pass"]  # no model config.json: the ZeRO rules alone
    lint.need("mi50x2-xeon")
    r = rocmdoctor.scan(example="mi50x2-xeon", select=["RD-DS-006"],
                        options={"config": [os.path.join(SEEDS, "qwen_lora_sft_ds2.yaml")], "model": QWEN7B})
    f = r.by_code("RD-DS-006")[0]
    assert f.status == Status.PASS and "fits" in f.title
    st = f.data["estimate"]["settings"]
    assert st["lora"] and st["lora_rank"] == 64 and st["zero"] == 2 and st["gpus"] == 2
    assert st["attention"] == "math"  # fa2 asked, but gfx906 has no flash kernel


def test_model_found_next_to_model_name_or_path(tmp_path, lint):
    shutil.copytree(os.path.join(DATA, "hf_qwen2.5-0.5b"), tmp_path / "qwen0.5b")
    p = lint.write("t.yaml", "model_name_or_path: qwen0.5b\nstage: sft\nfinetuning_type: full\n"
                   "per_device_train_batch_size: 4\ncutoff_len: 1024\nbf16: true\n")
    f = lint([p], "RD-DS-006")[0]
    assert f.status == Status.PASS and f.data["estimate"]["params"] < 1e9
    assert f.evidence[0].source.endswith("qwen0.5b/config.json")


def test_model_option_needs_config():
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "rocmdoctor", "scan", "--example", "mi50x2-xeon", "--model", QWEN7B],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "--model goes with --config" in r.stderr


# ------------------------------------------------------------------ docker/podman/nerdctl command lines (the reader)


@pytest.mark.parametrize("argv,want", [
    ("docker run -itd --rm img", {"image": "img"}),
    ("podman create --device=/dev/kfd -eA=1 --env B=2 --env=C=3 img cmd", {"image": "img", "devices": ["/dev/kfd"],
                                                                           "environment": {"A": "1", "B": "2", "C": "3"}}),
    ("docker --context remote run --privileged -- img", {"image": "img", "privileged": True}),
    ("nerdctl run --runtime=amd --group-add 44 --group-add render img", {"runtime": "amd", "group_add": ["44", "render"]}),
    ("docker run --name x --gpus '\"device=0,1\"' img", {"gpus": '"device=0,1"', "image": "img"}),
])
def test_container_runner_flags(argv, want):
    import shlex

    from rocmdoctor.artifacts.readers import containers

    words = shlex.split(argv)
    svc, j = containers.parse(words, 0)
    for k, v in want.items():
        assert svc[k] == v, (k, svc)
    assert words[j:] == (["cmd"] if argv.endswith("cmd") else [])


def test_docker_exec_and_pull_are_not_services():
    from rocmdoctor.artifacts.readers import containers

    assert containers.parse(["docker", "exec", "-it", "c", "bash"], 0) == (None, 1)
    assert containers.parse(["docker", "pull", "rocm/pytorch"], 0) == (None, 1)
