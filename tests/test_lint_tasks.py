"""rocmdoctor/artifacts/readers/tasks.py: SkyPilot task YAML and dstack configurations. Their scripts (`setup:`/`run:`
block scalars, dstack's `commands:` list) are read as a launch script at the YAML's own lines; `envs:`/`env:` are the
job's environment, `image_id: docker:...`/`image:` its container image. Shapes from fresh batch 294 (a SkyPilot task on
an NGC image asking for H100:8; a dstack service installing torch from the cu126 index; a SkyPilot task for MI300X)."""
import pytest

from rocmdoctor.artifacts.readers import detect, read_one, tasks
from tests.lintacc_helpers import flagged, scan, write

SKY = """name: hrm

resources:
  cloud: kubernetes
  accelerators: H100:8
  image_id: docker:nvcr.io/nvidia/pytorch:26.02-py3

num_nodes: 1

envs:
  NCCL_DEBUG: INFO
  OMP_NUM_THREADS: 8

setup: |
  set -ex
  pip install -r requirements.txt

run: |
  set -ex
  nvidia-smi --query-gpu=name --format=csv
  torchrun --nproc-per-node 8 \\
    pretrain.py
"""

DSTACK = """type: service
name: ltx

resources:
  gpu: "RTX 4090"

env:
  - HIP_VISIBLE_DEVICES=0
  - HF_TOKEN

commands:
  - apt-get update
  - pip install torch==2.6.0 torchvision --index-url https://download.pytorch.org/whl/cu126
  - |
    cd /app
    python serve.py
port: 8000
"""


def test_a_skypilot_task_is_read_as_its_scripts_env_image_and_gpus(tmp_path):
    p = write(tmp_path, "sky.yaml", SKY)
    assert detect(p, SKY) == tasks.TASK
    a = read_one(p)
    got = {(v.kind, v.name): (str(v.value), v.origin.line) for v in a.values}
    assert got[("env", "NCCL_DEBUG")] == ("INFO", 11) and got[("env", "OMP_NUM_THREADS")] == ("8", 12)
    assert got[("container", "image")] == ("nvcr.io/nvidia/pytorch:26.02-py3", 6)
    assert got[("launcher", "task.gpus")] == ("H100:8", 5)
    assert a.lines()[15] == "pip install -r requirements.txt" and a.lines()[20] == "torchrun --nproc-per-node 8 \\"
    assert [v.origin.line for v in a.values if v.kind == "launcher" and v.name == "nproc_per_node"] == [21]
    # what the checks say of it, each at the YAML's line
    assert [e.source.rsplit(":", 1)[1] for f in flagged(scan([p], "RD-IMG-001", "mi300x8")) for e in f.evidence][:1] \
        == ["6"]
    [f] = flagged(scan([p], "RD-LCH-016", "mi300x8"))
    assert [e.source.rsplit(":", 1)[1] for e in f.evidence] == ["19", "20"]  # the run script's own `set -ex`
    assert [e.source.rsplit(":", 1)[1] for f in flagged(scan([p], "RD-RCCL-001", "mi300x8")) for e in f.evidence] \
        == ["11"]


def test_a_dstack_configuration_is_read_as_its_commands_env_and_gpu(tmp_path):
    p = write(tmp_path, ".dstack.yml", DSTACK)
    a = read_one(p)
    assert a.data["task_spec"] == "dstack"
    got = {(v.kind, v.name): (str(v.value), v.origin.line) for v in a.values}
    assert got[("env", "HIP_VISIBLE_DEVICES")] == ("0", 8) and ("env", "HF_TOKEN") not in got
    assert got[("launcher", "task.gpus")] == ("RTX 4090", 5)
    assert a.lines()[14] == "cd /app" and a.lines()[15] == "python serve.py" and "port" not in a.text
    fs = flagged(scan([str(tmp_path)], "RD-IMG-002", "rx7900xtx"))  # found in its folder, hidden name and all
    assert {e.source.rsplit("/", 1)[1] for f in fs for e in f.evidence} == {".dstack.yml:13"}


def test_skypilots_setup_and_run_are_two_scripts_so_setups_errexit_ends_with_it(tmp_path):
    p = write(tmp_path, "sky.yaml", "resources:\n  accelerators: MI300X:8\nsetup: |\n  set -e\n  pip install x\n"
              "run: |\n  nvidia-smi\n  python train.py\n")
    assert not flagged(scan([p], "RD-LCH-016", "mi300x8"))  # `run` has no `set -e` of its own
    q = write(tmp_path, "q/sky.yaml", "resources:\n  accelerators: MI300X:8\nrun: |\n  set -e\n  nvidia-smi\n"
              "  python train.py\n")
    assert flagged(scan([q], "RD-LCH-016", "mi300x8"))


def test_other_yaml_with_a_run_key_is_no_task_spec(tmp_path):
    workflow = "on: push\njobs:\n  t:\n    steps:\n      - run: pip install torch\nresources: x\n"
    compose = "services:\n  app:\n    image: x\nrun: echo\nenvs: {}\n"
    config = "model: llama\nresources:\n  gpus: 8\n"
    for name, text in (("ci.yml", workflow), ("compose.yml", compose), ("train.yaml", config)):
        assert not tasks.looks_like(name, text), name
    # a dstack fleet or gateway has no commands: not a job
    assert not tasks.looks_like(".dstack.yml", "type: fleet\nnodes: 2\n")


def test_env_values_lose_their_quotes_and_trailing_comments(tmp_path):
    p = write(tmp_path, "sky.yaml", 'resources:\n  accelerators: MI300X:8\nenvs:\n  LOW_VRAM: "true"  # for small cards\n'
              "  NCCL_DEBUG: INFO # debug\n  NAME: 'a b'\nrun: python x.py\n")
    got = {v.name: v.value for v in read_one(p).values if v.kind == "env"}
    assert got == {"LOW_VRAM": "true", "NCCL_DEBUG": "INFO", "NAME": "a b"}


def test_a_vessl_run_spec_reads_its_command_items_and_image(tmp_path):
    # spent fresh hl-vessl-finetune-llms: `run:` is a list of `- command: |-` items; the image is a top-level key
    text = ("name: ft\nresources:\n  preset: gpu-l4-small\nimage: quay.io/vessl-ai/torch:2.3.1-cuda12.1-r5\nrun:\n"
            "  - command: |-\n      pip install -r requirements.txt\n      pip install flash-attn==2.6.3 --no-build-isolation\n"
            "      python main.py \\\n      --bf16 True\n    workdir: /root/code\n")
    p = write(tmp_path, "run_lora.yaml", text)
    a = read_one(p)
    assert a.lines()[6:10] == ["pip install -r requirements.txt", "pip install flash-attn==2.6.3 --no-build-isolation",
                               "python main.py \\", "--bf16 True"]
    assert a.lines()[10] == ""  # the item's other keys are no script
    assert [(v.value, v.origin.line) for v in a.values if v.kind == "container"] == [
        ("quay.io/vessl-ai/torch:2.3.1-cuda12.1-r5", 4)]
    assert {e.source.rsplit("/", 1)[1] for f in flagged(scan([p], "RD-IMG-002", "mi300x8")) for e in f.evidence} == \
        {"run_lora.yaml:8"}


def test_column_0_comments_stay_in_their_block_and_a_key_written_twice_keeps_the_last(tmp_path):
    # review: a comment at column 0 ended `resources:` (the GPU request was lost) and `envs:` (B was lost)
    p = write(tmp_path, "sky.yaml", "resources:\n# gpus\n  accelerators: H100:8\n  image_id: ami-0123456789\n"
              "envs:\n  A: 1\n# c\n  B: 2\n  A: 3\nrun: |\n  echo hi\n")
    got = {(v.kind, v.name): (str(v.value), v.origin.line) for v in read_one(p).values}
    assert got[("launcher", "task.gpus")] == ("H100:8", 3)
    assert got[("env", "B")] == ("2", 8) and got[("env", "A")] == ("3", 9)  # YAML keeps the last
    assert ("container", "image") not in got  # a VM image id is no container


def test_a_dstack_env_lists_quoted_values_lose_their_quotes(tmp_path):
    p = write(tmp_path, ".dstack.yml", "type: task\nenv:\n  - A=\"a b\"\n  - B='x'\n  - \"C=c d\"\ncommands:\n  - x\n")
    assert {v.name: v.value for v in read_one(p).values if v.kind == "env"} == {"A": "a b", "B": "x", "C": "c d"}


def test_a_long_run_of_spaces_after_a_gpu_request_reads_in_linear_time(tmp_path):
    import time
    text = "resources:\n  accelerators: x" + " " * 60000 + "y\n  gpu: a" + " " * 60000 + "b\nrun: |\n  echo\n"
    p = write(tmp_path, "sky.yaml", text)
    t = time.process_time()
    read_one(p)
    assert time.process_time() - t < 2.0  # the quadratic form took minutes on this line


@pytest.mark.parametrize("resources,value,line", [
    # SkyPilot's choices (any_of / ordered items), a block list, a mapping written below the key
    ("  any_of:\n    - accelerators: A100:8\n    - accelerators: MI300X:8\n", "A100:8, MI300X:8", 3),
    ("  accelerators:\n    - L4:1\n    - A10G:1\n  cloud: aws\n", "L4:1, A10G:1", 2),
    ("  accelerators:\n    A100: 8\n    H100: 8\n", "A100:8, H100:8", 2),
])
def test_skypilot_gpu_choices_written_below_are_one_request(tmp_path, resources, value, line):
    p = write(tmp_path, "sky.yaml", "resources:\n" + resources + "run: python x.py\n")
    assert [(v.value, v.origin.line) for v in read_one(p).values if v.name == "task.gpus"] == [(value, line)]


def test_dstacks_gpu_name_under_the_key_is_the_request(tmp_path):
    p = write(tmp_path, ".dstack.yml", "type: task\nresources:\n  gpu:\n    name: [A100, H100]\n    memory: 80GB\n"
              "    count: 2\n  disk: 100GB\ncommands:\n  - python x.py\n")
    assert [(v.value, v.origin.line) for v in read_one(p).values if v.name == "task.gpus"] == [("A100, H100", 3)]
    assert flagged(scan([p], "RD-LCH-022", "mi300x8"))


def test_a_long_folded_command_reads_in_linear_time(tmp_path):
    import time
    p = write(tmp_path, ".dstack.yml", "type: task\ncommands:\n  - python a.py\n" + "    --x 1\n" * 14000)
    t = time.process_time()
    a = read_one(p)
    assert time.process_time() - t < 3.0  # the quadratic look-back took ten seconds here
    assert a.lines()[2] == "python a.py \\" and a.lines()[3] == "--x 1 \\"
