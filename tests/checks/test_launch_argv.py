"""RD-LCH-011 (checks/launch_argv.py): options in a container's exec-form command are one word each."""
from tests.lintacc_helpers import flagged, scan, write

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


def test_look_alikes_options_as_one_word_an_end_of_options_marker_and_a_shell_string(tmp_path):
    good = _POD.replace('"-- host=0.0.0.0"', '"--host=0.0.0.0"').replace('"-- port=8000"', '"--port"\n          - "8000"')
    good = good.replace('"-- max-model-len=2048"', '"--"\n          - "--max-model-len=2048"')
    assert not flagged(scan([write(tmp_path, "deployment.yaml", good)], "RD-LCH-011", "rx7900xtx"))
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
