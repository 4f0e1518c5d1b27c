"""RD-LCH-011 (checks/launch_argv.py): options in a container's exec-form command are one word each; RD-LCH-013:
-m names a module, not a path."""
import pytest

from tests.lintacc_helpers import corpus, flagged, scan, write

# https://github.com/Ciwooooo/vllm-homelab/blob/1ac6eb77c4e734f10becf426a1782e23aad61196/k8s/vllm/deployment.yaml
# (the container, with amd.com/gpu in place of nvidia.com/gpu)
_POD = ("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: vllm\nspec:\n  template:\n    spec:\n"
        "      containers:\n      - name: vllm\n        image: rocm/vllm:latest\n        command: [\"vllm\", \"serve\"]\n"
        "        args:\n          - \"Qwen/Qwen3-1.7B\"\n          - \"-- host=0.0.0.0\"\n          - \"-- port=8000\"\n"
        "          - \"-- max-model-len=2048\"\n        resources:\n          limits:\n            amd.com/gpu: 1\n")


def test_a_pods_args_with_a_blank_after_the_dashes_fail_at_each_item(tmp_path):
    p = write(tmp_path, "deployment.yaml", _POD)
    [f] = flagged(scan([p], "RD-LCH-011", "rx7900xtx"))
    assert [e.source for e in f.evidence] == [f"{p}:14", f"{p}:15", f"{p}:16"]
    assert "--host=0.0.0.0" in f.detail and f.status.value == "fail"
    assert f.subject == f"{p}: vllm/vllm" and "3 option(s)" in f.title


def test_look_alikes_options_as_one_word_an_end_of_options_marker_and_a_shell_string(tmp_path):
    good = _POD.replace('"-- host=0.0.0.0"', '"--host=0.0.0.0"').replace('"-- port=8000"', '"--port"\n          - "8000"')
    good = good.replace('"-- max-model-len=2048"', '"--"\n          - "--max-model-len=2048"')
    [passed] = scan([write(tmp_path, "deployment.yaml", good)], "RD-LCH-011", "rx7900xtx")
    assert passed.status.value == "pass" and passed.title == "every option in the containers' command lists is one word"
    # compose: the same class in an exec-form list fails; a string command is split into words by Compose
    # itself (`--` and `port=8000`), which is not this rule's class
    listed = write(tmp_path, "docker-compose.yml", "services:\n  vllm:\n    image: rocm/vllm:latest\n"
                                                   "    command: [\"vllm\", \"serve\", \"m\", \"-- port=8000\"]\n"
                                                   "    devices: [/dev/kfd, /dev/dri]\n")
    [f] = flagged(scan([listed], "RD-LCH-011", "rx7900xtx"))
    assert f.evidence[0].source == f"{listed}:4"
    string = write(tmp_path, "compose.yaml", "services:\n  vllm:\n    image: rocm/vllm:latest\n"
                                             "    command: vllm serve m -- port=8000\n    devices: [/dev/kfd, /dev/dri]\n")
    assert not flagged(scan([string], "RD-LCH-011", "rx7900xtx"))


def test_each_service_cites_its_own_line_and_the_fix_names_each_option(tmp_path):
    # two services with the same split option: each finding cites the line in its own service (the second written
    # in flow style, its command on the service's own line); an option without a value is fixed without one
    p = write(tmp_path, "docker-compose.yml", "services:\n  a:\n    image: rocm/vllm:latest\n"
              "    command: [\"vllm\", \"serve\", \"m\", \"-- port=8000\", \"-- trust-remote-code\"]\n"
              "  b: {image: rocm/vllm:latest, command: [\"vllm\", \"serve\", \"m\", \"-- port=8000\"]}\n")
    a, b = sorted(flagged(scan([p], "RD-LCH-011", "rx7900xtx")), key=lambda f: f.subject)
    assert (a.subject, b.subject) == (f"{p}: a", f"{p}: b")
    assert [e.source for e in a.evidence] == [f"{p}:4", f"{p}:4"] and b.evidence[0].source == f"{p}:5"
    assert a.evidence[0].text.startswith("command: [") and "Write the dashes next to the name: --port=8000, " \
        "--trust-remote-code." in a.detail


def test_an_item_written_with_a_yaml_escape_cites_the_file_and_the_item(tmp_path):
    # "--\tport=8000": the item holds a tab the file writes as `\t`, so no line matches it; the evidence still says what
    p = write(tmp_path, "docker-compose.yml", 'services:\n  a:\n    image: rocm/vllm:latest\n'
              '    command: ["vllm", "serve", "--\\tport=8000"]\n')
    [f] = flagged(scan([p], "RD-LCH-011", "rx7900xtx"))
    assert [(e.source, e.text) for e in f.evidence] == [(p, "--\tport=8000")]


# --- RD-LCH-013: -m given a path. Real lines of a spent fresh set (https://github.com/axeld5, setup_and_train.sh:45-55:
# `uv run torchrun --nproc_per_node $N_GPUS --standalone -m arc_dslearn/model_tuning/finetuning_script`).
def test_real_module_paths_behind_uv_run():
    fs = flagged(scan([corpus("../fresh/artifacts/vz-axeld5-arc-uv-torchrun")], "RD-LCH-013", "mi300x8"))
    assert sorted(int(f.evidence[0].source.rsplit(":", 1)[1]) for f in fs) == [45, 50, 55]
    assert "-m arc_dslearn.model_tuning.finetuning_script" in fs[0].detail


@pytest.mark.parametrize("line, bad", [
    ("python -m src/train.py --lr 1e-4", True), ("python3 -m train.py", True),
    ("torchrun --nproc_per_node 8 -m pkg/train", True), ("conda run -n env python -m tools/eval.py", True),
    ("poetry run python -m a/b", True),
    ("python -m pkg.train", False), ("torchrun --nproc_per_node 8 -m pkg.train", False),
    ("python src/train.py", False), ("torchrun --nproc_per_node 8 src/train.py", False),
    ("python -m $MODULE", False),  # a variable: not judged
    ("uv run python -m torch.distributed.run --nproc_per_node 2 t.py", False),
])
def test_module_names_against_paths(tmp_path, line, bad):
    p = write(tmp_path, "run.sh", f"#!/bin/bash\n{line}\n")
    fs = flagged(scan([p], "RD-LCH-013", "mi300x8"))
    assert bool(fs) == bad, [f.title for f in fs]


def test_torchruns_module_flag_names_the_module_too(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\ntorchrun --nproc_per_node 8 --module scripts/finetune.py\n")
    assert len(flagged(scan([p], "RD-LCH-013", "mi300x8"))) == 1
    ok = write(tmp_path, "ok.sh", "#!/bin/bash\ntorchrun --nproc_per_node 8 --module scripts.finetune\n")
    assert flagged(scan([ok], "RD-LCH-013", "mi300x8")) == []
