"""What a container runs, read as a script (rocmdoctor/artifacts/readers/container_script.py): a compose service's
entrypoint + command and a pod container's command + args, cited at the file's own lines; RD-LCH-001 judges a vLLM
server or torchrun started there with that service's own environment."""
import pytest

from rocmdoctor.artifacts.readers import compose, kubernetes
from tests.lintacc_helpers import flagged, scan, write


def _vals(art, kind=None):
    return [(v.kind, v.name, v.value, v.origin.line) for v in art.values
            if v.kind != "container" and (kind is None or v.kind == kind)]


def test_a_shell_script_given_to_bash_c_is_read_at_its_own_lines():
    text = ("services:\n  vllm:\n    image: rocm/vllm:latest\n    entrypoint: [\"/bin/bash\", \"-c\"]\n"
            "    command:\n      - |\n        pip install flash-attn\n        export NCCL_P2P_DISABLE=1\n"
            "        exec vllm serve \\\n          --model x \\\n          -tp 2 \\\n          --port 8000\n")
    a = compose.read("docker-compose.yml", text)
    # (its pip install runs in the service's image, whose torch the pip rules cannot see here: not read)
    assert _vals(a) == [("env", "NCCL_P2P_DISABLE", "1", 8), ("launcher", "vllm.gpus", "2", 11)]
    assert [v.origin.text for v in a.values if v.kind == "launcher"] == ["-tp 2 \\"]  # the file's line, as written


def test_a_folded_command_of_options_is_the_vllm_images_entrypoint_argv():
    text = ("services:\n  vllm:\n    image: vllm/vllm-openai:latest\n    command: >\n      --model foo\n"
            "      --tensor-parallel-size ${TP:-4}\n    ports: [\"8000:8000\"]\n")
    assert _vals(compose.read("c.yml", text)) == [("launcher", "vllm.gpus", "4", 6)]
    # look-alike: the same options to an image whose entrypoint is no model server are not vLLM's
    assert _vals(compose.read("c.yml", text.replace("vllm/vllm-openai", "myorg/api"))) == []


def test_exec_form_and_string_form_commands():
    text = ("services:\n  t:\n    image: rocm/pytorch:latest\n"
            "    command: [\"torchrun\", \"--nproc_per_node\", \"8\", \"train.py\", \"--bf16\", \"True\"]\n"
            "  u:\n    image: rocm/pytorch:latest\n"
            "    command: bash -c \"pip install -r requirements.txt && torchrun --nproc_per_node=4 train.py\"\n"
            "  w:\n    image: rocm/pytorch:latest\n    command: bash run.sh\n")
    got = _vals(compose.read("c.yml", text))
    assert ("launcher", "nproc_per_node", "8", 4) in got and ("train", "bf16", "True", 4) in got
    assert ("launcher", "nproc_per_node", "4", 7) in got and not [g for g in got if g[1] == "pip"]
    assert not [g for g in got if g[3] == 10]  # `bash run.sh`: the script is another file


def test_a_block_list_argv_cites_each_option_at_its_line():
    text = ("services:\n  s:\n    image: lmsysorg/sglang:latest\n    command:\n      - python3\n      - -m\n"
            "      - sglang.launch_server\n      - --model-path\n      - m\n      - --tp\n      - \"2\"\n")
    assert _vals(compose.read("c.yml", text)) == [("launcher", "vllm.gpus", "2", 10)]


def test_a_pods_command_and_args_in_a_later_document():
    text = ("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n---\napiVersion: apps/v1\nkind: Deployment\n"
            "metadata:\n  name: vllm\nspec:\n  template:\n    spec:\n      containers:\n        - name: vllm\n"
            "          image: vllm/vllm-openai:latest\n          command: [\"/bin/sh\", \"-c\"]\n          args:\n"
            "            - |\n              pip install flash-attn\n"
            "              vllm serve m --tensor-parallel-size 8\n"
            "        - name: side\n          image: vllm/vllm-openai:v0.6.0\n"
            "          args: [\"--model\", \"m\", \"--tensor-parallel-size\", \"4\"]\n")
    got = _vals(kubernetes.read("k.yaml", text))
    assert [g for g in got if g[1] == "vllm.gpus"] == [("launcher", "vllm.gpus", "8", 20),
                                                        ("launcher", "vllm.gpus", "4", 23)]


@pytest.mark.parametrize("tp, bad", [("2", True), ("1", False)])
def test_rd_lch_001_judges_a_compose_servers_parallel_size(tmp_path, tp, bad):
    p = write(tmp_path, "docker-compose.yml", (
        "services:\n  vllm:\n    image: rocm/vllm:latest\n    devices: [/dev/kfd, /dev/dri]\n    command:\n"
        f"      - vllm\n      - serve\n      - m\n      - -tp\n      - \"{tp}\"\n"))
    fs = scan([p], "RD-LCH-001", "rx7900xtx")
    assert bool(flagged(fs)) == bad, [(f.status, f.title) for f in fs]
    if bad:
        assert fs[0].evidence[0].source == p + ":9"


def test_a_services_command_runs_with_its_own_environment_only(tmp_path):
    # service a hides all but one GPU; b, written below it, sets its own list after its command: b sees two
    p = write(tmp_path, "docker-compose.yml", (
        "services:\n  a:\n    image: rocm/pytorch:latest\n    environment:\n      - HIP_VISIBLE_DEVICES=0\n"
        "    command: [\"torchrun\", \"--nproc_per_node\", \"1\", \"t.py\"]\n"
        "  b:\n    image: rocm/pytorch:latest\n    command: [\"torchrun\", \"--nproc_per_node\", \"2\", \"t.py\"]\n"
        "    environment:\n      - HIP_VISIBLE_DEVICES=0,1\n"))
    fs = scan([p], "RD-LCH-001", "mi300x8")
    assert [f.status.value for f in fs] == ["pass", "pass"], [(f.status, f.title) for f in fs]
    q = write(tmp_path, "c/docker-compose.yml", (
        "services:\n  b:\n    image: rocm/pytorch:latest\n    command: [\"torchrun\", \"--nproc_per_node\", \"2\", "
        "\"t.py\"]\n    environment:\n      - HIP_VISIBLE_DEVICES=0\n"))
    assert [f.status.value for f in flagged(scan([q], "RD-LCH-001", "mi300x8"))] == ["fail"]


# ---- from the review of the change (each a defect it found, kept fixed) ----

@pytest.mark.parametrize("text", [
    "services:\n  vllm:\n    image: vllm/vllm-openai:latest\n    entrypoint: \"\"\n",
    "services:\n  vllm:\n    image: vllm/vllm-openai:latest\n    command: \"\"\n",
    "services:\n  a:\n    image: rocm/vllm\n    command: null\n  b:\n    image: rocm/vllm\n    command: 8\n"
    "  c:\n    image: rocm/vllm\n    command: [{x: 1}, [2]]\n",
])
def test_an_empty_or_odd_command_reads_to_nothing(text):
    assert _vals(compose.read("c.yml", text)) == []


def test_a_command_written_out_of_the_argvs_order_is_still_one_command():
    text = ("services:\n  a:\n    command: [\"--model\", \"m\", \"--tensor-parallel-size\", \"8\"]\n"
            "    entrypoint: [\"vllm\", \"serve\"]\n    image: rocm/vllm:latest\n")
    assert [g[:3] for g in _vals(compose.read("c.yml", text))] == [("launcher", "vllm.gpus", "8")]


def test_a_quoted_script_with_escaped_newlines_is_its_commands_on_its_line():
    k = ("apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n"
         "    command: [\"bash\", \"-c\", \"export HIP_VISIBLE_DEVICES=0,1\\nvllm serve m --tensor-parallel-size 8\\n\"]\n")
    assert _vals(kubernetes.read("k.yaml", k)) == [("env", "HIP_VISIBLE_DEVICES", "0,1", 8),
                                                    ("launcher", "vllm.gpus", "8", 8)]


def _lch(tmp_path, files):
    paths = [write(tmp_path, name, text) for name, text in files.items()]
    return [(f.status.value, f.title) for f in scan(paths, "RD-LCH-001", "mi300x8")]


def test_the_environment_a_containers_launch_runs_with(tmp_path):
    # another service's list does not reach a block-scalar command below it
    small = ("services:\n  small:\n    image: rocm/vllm:latest\n    environment:\n      HIP_VISIBLE_DEVICES: \"0\"\n"
             "  big:\n    image: rocm/vllm:latest\n    command: |\n      vllm serve m \\\n        --tensor-parallel-size 8\n")
    assert _lch(tmp_path / "a", {"docker-compose.yml": small})[0][0] == "pass"
    # an export below the launch is for what runs after it
    later = ("services:\n  s:\n    image: rocm/vllm:latest\n    entrypoint: [\"/bin/bash\", \"-c\"]\n    command:\n"
             "      - |\n        vllm serve m --tensor-parallel-size 8 &\n        export HIP_VISIBLE_DEVICES=0\n"
             "        python bench.py\n")
    assert _lch(tmp_path / "b", {"docker-compose.yml": later})[0][0] == "pass"
    # the service's environment taken from an anchor counts; so does the anchored command, judged once
    anchored = ("x-env: &env\n  environment:\n    HIP_VISIBLE_DEVICES: \"0,1\"\nservices:\n  big:\n    <<: *env\n"
                "    image: rocm/vllm:latest\n    command: [\"vllm\", \"serve\", \"m\", \"--tensor-parallel-size\", \"8\"]\n")
    assert _lch(tmp_path / "c", {"docker-compose.yml": anchored})[0][0] == "fail"
    shared = ("x-vllm: &vllm\n  image: rocm/vllm:latest\n  command: [\"vllm\", \"serve\", \"m\", \"-tp\", \"8\"]\n"
              "services:\n  one:\n    <<: *vllm\n    environment: {HIP_VISIBLE_DEVICES: \"0,1\"}\n  two:\n    <<: *vllm\n")
    assert [s for s, _ in _lch(tmp_path / "d", {"docker-compose.yml": shared})] == ["fail"]
    # a compose file that launches something still gives its environment to the script its container runs
    both = {"docker-compose.yml": "services:\n  trainer:\n    image: rocm/pytorch:latest\n    environment:\n"
                                  "      HIP_VISIBLE_DEVICES: \"0,1\"\n    command: bash /workspace/train.sh\n"
                                  "  server:\n    image: rocm/vllm:latest\n    command: vllm serve m -tp 2\n",
            "train.sh": "#!/bin/bash\ntorchrun --nproc_per_node 8 train.py\n"}
    assert ("fail", "8 ranks per node, but only 2 GPU(s) are visible") in _lch(tmp_path / "e", both)


def test_a_parallel_size_a_template_fills_in_makes_the_product_unknown(tmp_path):
    from rocmdoctor.artifacts.readers import shell

    a = shell.read("serve.sh", "vllm serve m --tensor-parallel-size $TP --pipeline-parallel-size 2\n")
    assert [v for v in a.values if v.name == "vllm.gpus"] == []
    b = shell.read("serve.sh", "vllm serve m --tensor-parallel-size 4 --pipeline-parallel-size 2\n")
    assert [v.value for v in b.values if v.name == "vllm.gpus"] == ["8"]


def test_a_command_far_down_a_long_file_is_read():
    # the line cap bounds a command's own length, not where in the file it is written
    pad = "".join(f"  s{i}:\n    image: busybox\n" for i in range(2100))
    text = "services:\n" + pad + "  vllm:\n    image: rocm/vllm:latest\n    command: vllm serve m -tp 2\n"
    got = [g for g in _vals(compose.read("c.yml", text)) if g[1] == "vllm.gpus"]
    assert got == [("launcher", "vllm.gpus", "2", 4204)]
