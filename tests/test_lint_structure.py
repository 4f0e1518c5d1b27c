"""Linting that reads what the files do (issue 24 §3, issue 28): Dockerfile heredocs through BuildKit's
grammar, compose lines from the YAML parser, the container user against the host's device group,
GPU target lists against the real gfx, Slurm GPU requests against the node, LLaMA-Factory pins only
for LLaMA-Factory runs, and the seed 002 memory estimate with ZeRO-3 parameter offload."""
from __future__ import annotations

import os
import sys

import pytest

import rocmdoctor
from rocmdoctor.artifacts.readers import dockerfile as df
from rocmdoctor.artifacts.readers import read_one

DATA = os.path.join(os.path.dirname(__file__), "data")
SEEDS = os.path.join(DATA, "seeds")
CORPUS = os.path.join(os.path.dirname(__file__), "corpus", "artifacts")


def scan(paths, code, example, **options):
    if example not in rocmdoctor.examples():
        pytest.skip(f"example {example} not built")
    r = rocmdoctor.scan(example=example, select=[code], options={"config": [str(p) for p in paths], **options})
    return r.by_code(code)


def flagged(fs):
    return [f for f in fs if f.status.value in ("warn", "fail")]


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


# ------------------------------------------------------------------ Dockerfile grammar

HEREDOC = """# syntax=docker/dockerfile:1
FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0 AS base
RUN <<EOF
set -e
pip install torch --index-url https://download.pytorch.org/whl/cu121
EOF
RUN python3 <<PY
import subprocess  # pip install xformers here is Python text, not a shell command
PY
RUN <<-EOT bash
\tpip install deepspeed
EOT
COPY <<EOF /etc/motd
FROM nvidia/cuda:12.1.0-base
EOF
FROM base AS final
RUN echo a \\
  && pip install b
"""


def _facts(art):
    return [(v.kind, v.name, str(v.value), v.origin.line) for v in art.values]


def test_heredoc_bodies_are_shell_scripts_and_copy_bodies_are_file_text():
    art = df.read("Dockerfile", HEREDOC)
    pips = [(v.value["requirements"], v.origin.line) for v in art.values if v.name == "pip"]
    # the cu121 torch inside RUN <<EOF is seen at its own line; the Python heredoc and the COPY body are not shell
    assert (["torch"], 5) in pips and (["deepspeed"], 11) in pips and (["b"], 18) in pips
    assert not any("xformers" in r for r, _ in pips)
    assert [v.value for v in art.values if v.name == "from"] == [
        "rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0"]  # FROM base is a stage, nvidia/cuda is text


def test_buildkit_parser_and_the_fallback_give_the_same_answers(monkeypatch):
    pytest.importorskip("dockerfile")
    texts = [HEREDOC] + [open(os.path.join(root, f), encoding="utf-8").read()
                         for root, _, files in os.walk(CORPUS) for f in files
                         if f.lower().endswith("dockerfile") or f.startswith("Dockerfile")]
    with_parser = [_facts(df.read("Dockerfile", t)) for t in texts]
    monkeypatch.setitem(sys.modules, "dockerfile", None)  # import dockerfile -> ImportError: the fallback runs
    assert [_facts(df.read("Dockerfile", t)) for t in texts] == with_parser
    assert len(texts) > 10


def test_unterminated_heredoc_is_a_clear_error_not_a_crash(monkeypatch):
    art = df.read("Dockerfile", "FROM ubuntu\nRUN <<EOF\necho never closed\n")
    assert art.error and "docker build would refuse" in art.error
    monkeypatch.setitem(sys.modules, "dockerfile", None)
    assert "unterminated heredoc" in df.read("Dockerfile", "FROM ubuntu\nRUN <<EOF\nx\n").error


def test_escape_directive_changes_the_continuation_character(monkeypatch):
    text = "# escape=`\nFROM ubuntu\nRUN pip install `\n    torch\n"
    want = [("build", "pip", "{'requirements': ['torch'], 'options': {}}", 3)]
    assert [f for f in _facts(df.read("Dockerfile", text)) if f[1] == "pip"] == want
    monkeypatch.setitem(sys.modules, "dockerfile", None)
    assert [f for f in _facts(df.read("Dockerfile", text)) if f[1] == "pip"] == want


def test_heredoc_cuda_torch_is_flagged_where_it_is_installed(tmp_path):
    path = write(tmp_path, "Dockerfile", "FROM ubuntu:22.04\nRUN <<EOF\napt-get update\n"
                 "pip install torch --index-url https://download.pytorch.org/whl/cu121\nEOF\n")
    fs = flagged(scan([path], "RD-IMG-002", "rx7900xtx"))
    assert [f.evidence[0].source for f in fs] == [f"{path}:4"]


# ------------------------------------------------------------------ compose lines and GPU requests

def test_compose_lines_come_from_node_marks_not_the_first_matching_text(tmp_path):
    path = write(tmp_path, "docker-compose.yml", """services:
  train:
    build:
      context: .
      args:
        shm_size: 1g
    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0
    devices: [/dev/kfd, /dev/dri]
    shm_size: 16g
    deploy:
      resources:
        reservations:
          devices:
            - capabilities: [gpu]
              driver: rocm
""")
    art = read_one(path)
    lines = {v.name: v.origin.line for v in art.values}
    assert lines["shm_size"] == 9 and lines["gpu_request"] == 15
    fs = flagged(scan([path], "RD-CTR-004", "rx7900xtx"))
    assert len(fs) == 1 and "driver rocm" in fs[0].title and fs[0].evidence[0].source == f"{path}:15"


# ------------------------------------------------------------------ container user and the device group

COMPOSE_USER = """services:
  train:
    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0
    user: "1000:1000"
    devices: [/dev/kfd, /dev/dri]
    ipc: host
    group_add: [{groups}]
"""


@pytest.mark.parametrize("groups, example, bad", [
    ("video", "rx7900xtx", True),    # host's kfd is render (992); video is 44 in the image
    ('"992"', "rx7900xtx", False),   # the host's GID by number
    ("video", "dcu-slurm", True),    # this DCU host's video is GID 39; the image's video is 44
])
def test_non_root_user_needs_the_hosts_gid_of_dev_kfd(tmp_path, groups, example, bad):
    path = write(tmp_path, "docker-compose.yml", COMPOSE_USER.format(groups=groups))
    fs = flagged(scan([path], "RD-CTR-006", example))
    assert bool(fs) == bad
    if bad:
        assert ("992" in fs[0].title and "render" in fs[0].title) if example == "rx7900xtx" else "39" in fs[0].title


def test_root_container_with_group_add_by_variable_is_fine(tmp_path):
    path = write(tmp_path, "docker-compose.yml", COMPOSE_USER.replace('    user: "1000:1000"\n', "").format(
        groups='"${VIDEO_GID:-44}", "${RENDER_GID:-109}"'))
    assert flagged(scan([path], "RD-CTR-006", "rx7900xtx")) == []


# ------------------------------------------------------------------ GPU target lists

@pytest.mark.parametrize("text, bad", [
    ("FROM ubuntu\nRUN ROCM_TARGET=gfx1101 make hip\n", True),
    ("FROM ubuntu\nRUN cmake -DCOMPUTE_BACKEND=hip -DBNB_ROCM_ARCH=\"gfx90a;gfx942\" -S .\n", True),
    ("FROM ubuntu\nARG AMDGPU_TARGETS=gfx1030,gfx1100\nRUN echo $AMDGPU_TARGETS\n", False),
    ("FROM ubuntu\nENV PYTORCH_ROCM_ARCH=gfx1100\n", False),
    ("FROM ubuntu\nENV HSA_OVERRIDE_GFX_VERSION=10.3.0\nENV PYTORCH_ROCM_ARCH=gfx1030\n", True),  # real gfx1100
])
def test_gpu_target_lists_are_judged_against_the_real_gfx(tmp_path, text, bad):
    path = write(tmp_path, "Dockerfile", text)
    fs = flagged(scan([path], "RD-ENV-002", "rx7900xtx"))
    assert bool(fs) == bad
    if bad:
        assert "gfx1100" in fs[0].title and fs[0].evidence[0].source.startswith(path + ":")


# ------------------------------------------------------------------ Slurm requests and launch indexes

@pytest.mark.parametrize("line, bad", [
    ("#SBATCH --gres=gpu:mi210:2", True), ("#SBATCH --gres=gpu:mi300x:8", False),
    ("#SBATCH --gpus=mi250:2", True), ("#SBATCH --gres=gpu:16", True), ("#SBATCH --gres=gpu:siteA:2", False),
])
def test_sbatch_gpu_requests_against_the_node(tmp_path, line, bad):
    path = write(tmp_path, "job.sbatch", f"#!/bin/bash\n{line}\nsrun python train.py\n")
    assert bool(flagged(scan([path], "RD-LCH-002", "mi300x8"))) == bad


def test_deepspeed_include_names_gpus_the_node_lacks(tmp_path):
    path = write(tmp_path, "run.sh", "deepspeed --include localhost:2,3 train.py --deepspeed ds.json\n")
    fs = flagged(scan([path], "RD-LCH-001", "mi50x2-xeon"))
    assert len(fs) == 1 and "[2, 3]" in fs[0].title


# ------------------------------------------------------------------ pins only for LLaMA-Factory runs

def test_llamafactory_deepspeed_pin_only_for_llamafactory_runs(tmp_path):
    ds = write(tmp_path, "ds.json", '{"zero_optimization": {"stage": 2}, "train_batch_size": "auto"}\n')
    plain = write(tmp_path, "plain.sh", f"deepspeed --num_gpus 2 train.py --deepspeed {ds}\n")
    assert flagged(scan([plain, ds], "RD-PIN-003", "mi50x2-xeon")) == []
    lf = write(tmp_path, "lf.sh", f"FORCE_TORCHRUN=1 llamafactory-cli train --deepspeed {ds} --stage sft\n")
    fs = flagged(scan([lf, ds], "RD-PIN-003", "mi50x2-xeon"))
    assert fs and fs[0].evidence[0].source == f"{lf}:1"  # the line that makes the run use DeepSpeed


# ------------------------------------------------------------------ seeds

def test_seed_000_ds_build_ops_in_the_image_is_judged_against_the_install_to_come():
    fs = flagged(scan([os.path.join(SEEDS, "Dockerfile")], "RD-DS-008", "mi50x2-xeon"))
    assert len(fs) == 1 and "DS_BUILD_OPS=1" in fs[0].title
    assert fs[0].evidence[0].source == os.path.join(SEEDS, "Dockerfile") + ":48"


def test_seed_002_zero3_full_offload_is_judged_on_gpu_and_host_ram():
    fs = scan([os.path.join(SEEDS, "fine_tune_train.sh"), os.path.join(SEEDS, "ds_config.json")], "RD-DS-006",
              "dcu-slurm", model=os.path.join(DATA, "hf_baichuan2-7b-chat"))
    est = [f for f in fs if "per GPU" in f.title]
    assert len(est) == 1 and "of host RAM" in est[0].title
    text = "\n".join(e.text for e in est[0].evidence)
    assert "offloaded weights, gradients and optimizer" in text and "not modelled" not in text
    weights = est[0].data["estimate"]["parts"]["weights"]
    assert weights == (10**9 + 5 * 10**7) * 2  # live parameters + prefetch bucket (bf16), not a 1/N shard


# ------------------------------------------------------------------ directory mode (issue 28)

def test_directory_mode_names_every_file_it_leaves_out_and_keeps_broken_known_kinds(tmp_path):
    (tmp_path / "package.json").write_text('{"name": "web", "version": "1.0.0"}\n')
    (tmp_path / "docker-compose.yml").write_text("services:\n  a: [unclosed\n")
    (tmp_path / "run.sh").write_text("#!/bin/bash\ntorchrun --nproc_per_node 1 train.py\n")
    fs = scan([tmp_path], "RD-CFG-001", "rx7900xtx")
    assert len(fs) == 1 and fs[0].status.value == "warn"  # the compose file that does not parse is not judged
    text = fs[0].detail + "\n".join(e.text for e in fs[0].evidence)
    assert "docker-compose.yml: invalid YAML" in text and "package.json: left out (" in text
    # and the compose checks do not pass as if there were no compose file
    ctr = scan([tmp_path], "RD-CTR-003", "rx7900xtx")
    assert [f.status.value for f in ctr] == ["skip"] and "could not be read" in ctr[0].title


# ------------------------------------------------------------------ two launches in one script (issue 29 item 3)

def test_two_launches_in_one_script_are_judged_separately_and_named_by_line(tmp_path):
    (tmp_path / "train.sh").write_text(
        "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=0,1\ncd /work\n\n\n\n"
        "torchrun --nproc_per_node 2 train.py --model_name_or_path Qwen/Qwen2.5-7B-Instruct --fp16 True "
        "--deepspeed ds.json --tf32 True\n"
        "llamafactory-cli train lf.yaml\n")
    (tmp_path / "lf.yaml").write_text("model_name_or_path: Qwen/Qwen2.5-7B-Instruct\nstage: sft\n"
                                      "finetuning_type: lora\nbf16: true\ndeepspeed: ds.json\n")
    (tmp_path / "ds.json").write_text('{"train_batch_size": "auto", "bf16": {"enabled": "auto"}, '
                                      '"fp16": {"enabled": "auto"}, "zero_optimization": {"stage": 2}}\n')
    script = str(tmp_path / "train.sh")
    by_code = {}
    for code in ("RD-PREC-010", "RD-PREC-012", "RD-PREC-013", "RD-CFG-003", "RD-PIN-003"):
        by_code[code] = scan([tmp_path], code, "mi50x2-xeon")
    # each launch is its own run, named by its line; no finding repeats word for word
    assert {f.subject for f in by_code["RD-PREC-010"]} == {f"{script}:7", f"{script}:8"}
    for fs in by_code.values():
        keys = [(f.status, f.title, f.subject) for f in fs]
        assert len(keys) == len(set(keys))
        for f in fs:
            srcs = [(e.source, e.text) for e in f.evidence]
            assert len(srcs) == len(set(srcs))  # no evidence line twice
    # the torchrun run (a custom script given --deepspeed) is not judged on TrainingArguments defaults,
    # and LLaMA-Factory's pin applies to the llamafactory-cli run only
    assert all(f.status.value == "pass" for f in by_code["RD-CFG-003"])
    pin = flagged(by_code["RD-PIN-003"])
    assert len(pin) == 1 and pin[0].evidence[0].source.endswith("lf.yaml:5")
    # no file gets two different fixes from RD-PREC-010
    fixed = {}
    for f in flagged(by_code["RD-PREC-010"]):
        for path in (f.fix.params or {}).get("files", []):
            fixed.setdefault(path, set()).add(f.fix.title)
    assert all(len(titles) == 1 for titles in fixed.values())


# ------------------------------------------------------------------ edits of a requirements file before pip reads it

@pytest.mark.parametrize("run, flagged_torch", [
    ("RUN pip install -r requirements.txt", True),
    ("RUN sed -i '/^torch/d' requirements.txt && pip install -r requirements.txt", False),
    ("RUN grep -vE '^(torch|torchvision)' requirements.txt > req_no_torch.txt && pip install -r req_no_torch.txt",
     False),
])
def test_requirements_edited_by_the_build_are_judged_as_pip_reads_them(tmp_path, run, flagged_torch):
    (tmp_path / "requirements.txt").write_text("torch\ntransformers\n")
    (tmp_path / "Dockerfile").write_text(f"FROM ubuntu:22.04\nCOPY requirements.txt .\n{run}\n")
    fs = flagged(scan([tmp_path / "Dockerfile"], "RD-IMG-002", "rx7900xtx"))
    assert any("torch" in f.title for f in fs) == flagged_torch


def test_a_requirements_file_the_build_removes_is_not_read():
    from rocmdoctor.artifacts.readers import _as_edited
    from rocmdoctor.artifacts.settings import BUILD, Artifact

    art = Artifact("Dockerfile", "dockerfile", "")
    rm = art.add(BUILD, "req_edit", {"file": "requirements.txt", "removed": True, "out": None}, 3)
    grep = art.add(BUILD, "req_edit", {"file": "requirements.txt", "delete": "^torch", "out": "r2.txt"}, 2)
    assert _as_edited("requirements.txt", [rm]) == (None, None)
    assert _as_edited("r2.txt", [grep]) == ("requirements.txt", "(?:^torch)")
    assert _as_edited("other.txt", [grep, rm]) == ("other.txt", None)


def test_full_fine_tune_size_from_the_model_name_bounds_zero_without_a_config(tmp_path):
    ds = write(tmp_path, "ds_z3.json", '{"train_batch_size": "auto", "zero_optimization": {"stage": 3}}\n')
    lf = write(tmp_path, "full.yaml", f"model_name_or_path: meta-llama/Meta-Llama-3-8B-Instruct\nstage: sft\n"
                                     f"finetuning_type: full\nfp16: true\ndeepspeed: {ds}\n")
    fs = flagged(scan([lf], "RD-DS-006", "mi50x2-xeon"))  # 8B: 16 B/param over 2 x 32 GB does not fit
    assert fs and "do not fit" in fs[0].title and "8.0B params" in " ".join(e.text for e in fs[0].evidence)
    lora = write(tmp_path, "lora.yaml", f"model_name_or_path: meta-llama/Meta-Llama-3-8B-Instruct\nstage: sft\n"
                                       f"finetuning_type: lora\nfp16: true\ndeepspeed: {ds}\n")
    assert flagged(scan([lora], "RD-DS-006", "mi50x2-xeon")) == []
    from rocmdoctor.artifacts import trainargs as ta
    from rocmdoctor.artifacts.readers import read_all

    for name, want in (("Qwen/Qwen1.5-1.8B", 1.8e9), ("mistralai/Mixtral-8x7B-v0.1", None), ("gpt2", None)):
        p = write(tmp_path, "m.yaml", f"model_name_or_path: {name}\nstage: sft\nfinetuning_type: full\n")
        assert ta.params_from_name(read_all([p]).setups[0]) == want


@pytest.mark.parametrize("image, bad", [
    ("rocm/dev-ubuntu-22.04:5.6.1", True),          # AMD's base images tag by the release: 5.6 vs the host's 6.2
    ("rocm/dev-ubuntu-22.04:6.4-complete", False),  # two releases away: inside the window
    ("rocm/pytorch:rocm6.2.4_ubuntu22.04_py3.10_pytorch_release_2.3.0", False),
    ("lmsysorg/sglang:v0.5.5.post2-rocm700-mi30x", True),  # compact rocm700 = 7.0
])
def test_rocm_release_of_every_rocm_image_tag_against_the_host(tmp_path, image, bad):
    path = write(tmp_path, "Dockerfile", "ARG V=22.04\nFROM " + image.replace("22.04", "${V}", 1) + "\nRUN true\n")
    assert bool(flagged(scan([path], "RD-IMG-003", "rx7900xtx"))) == bad


@pytest.mark.parametrize("base, bad", [
    ("rocm/pytorch:latest", False),  # AMD's PyTorch image: its torch is ROCm whatever the tag; deepspeed keeps it
    ("rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0", False),
    ("ubuntu:22.04", True),          # no torch yet: deepspeed's torch comes from PyPI (a CUDA build)
])
def test_pip_install_deepspeed_over_an_images_rocm_torch_is_no_warning(tmp_path, base, bad):
    path = write(tmp_path, "Dockerfile", f"FROM {base}\nRUN pip install deepspeed\n")
    fs = [f for f in flagged(scan([path], "RD-IMG-002", "rx7900xtx")) if "deepspeed" in f.title]
    assert bool(fs) == bad


@pytest.mark.parametrize("example, args, bad", [
    ("mi50x2-xeon", "--quantization_bit 8", True),    # no gfx906 kernels in bitsandbytes' ROCm build
    ("mi300x8", "--quantization_bit 4", False),       # gfx942 is a target
    ("mi50x2-xeon", "--quantization_bit 4 --quantization_method gptq", False),  # not bitsandbytes
    ("mi50x2-xeon", "--lora_r 8", False),
])
def test_bitsandbytes_quantization_only_on_gpus_its_rocm_build_covers(tmp_path, example, args, bad):
    path = write(tmp_path, "run.sh", f"python train.py --model_name_or_path m {args} --fp16\n")
    fs = flagged(scan([path], "RD-PREC-014", example))
    assert bool(fs) == bad
    if bad:
        assert "gfx906" in fs[0].title and fs[0].evidence[0].source == f"{path}:1"


# ------------------------------------------------------------------ compose `extends`

BASE = "services:\n  app:\n    image: rocm/pytorch:rocm6.1_ubuntu22.04_py3.10_pytorch_2.1.2\n    ipc: host\n"
CHILD = ("services:\n  app:\n    extends:\n      service: app\n      file: base.yml\n"
         "    devices:\n      - /dev/kfd\n      - /dev/dri\n")


def test_a_service_takes_what_it_extends_and_the_base_is_not_judged_alone(tmp_path):
    write(tmp_path, "base.yml", BASE)
    write(tmp_path, "compose.yml", CHILD)
    shm = scan([tmp_path], "RD-CTR-005", "rx7900xtx")
    assert not flagged(shm) and all("compose.yml" in f.subject for f in shm)  # ipc: host from the base
    dev = scan([tmp_path], "RD-CTR-003", "rx7900xtx")
    assert not flagged(dev) and not any("base.yml" in (f.subject or "") for f in dev)  # the template is not a container


def test_a_base_file_alone_is_still_a_service(tmp_path):
    # without a service that extends it, the same file runs as it is: no devices is a finding
    base = write(tmp_path, "base.yml", BASE)
    assert flagged(scan([base], "RD-CTR-003", "rx7900xtx"))


def test_the_short_form_extends_a_service_of_the_same_file(tmp_path):
    f = write(tmp_path, "compose.yml", "services:\n  common:\n    ipc: host\n    image: rocm/pytorch:latest\n"
                                       "  train:\n    extends: common\n    devices: [/dev/kfd, /dev/dri]\n")
    fs = {f.subject.split(": ")[-1]: f for f in scan([f], "RD-CTR-005", "rx7900xtx")}
    assert fs["train"].status.value == "pass"  # ipc: host taken from `common`


def test_docker_run_options_after_a_shell_expansion_are_still_read(tmp_path):
    # `docker run $(volume_args) --device ...`: the expansion stands for options (the image comes
    # after every option), so the flags after it are the container's, not the command's.
    f = write(tmp_path, "run.sh", '#!/bin/bash\ndocker run \\\n  $(parse_volume_mounts "$V") \\\n'
                                  '  --device=/dev/kfd --device=/dev/dri --ipc=host \\\n  "$IMAGE" tail -f /dev/null\n')
    assert not flagged(scan([f], "RD-CTR-003", "mi300x8")) and not flagged(scan([f], "RD-CTR-005", "mi300x8"))
    g = write(tmp_path, "bare.sh", '#!/bin/bash\ndocker run $(opts) "$IMAGE" python train.py\n')
    assert flagged(scan([g], "RD-CTR-003", "mi300x8"))  # an expansion alone proves nothing


# ------------------------------------------------------------------ Singularity / Apptainer images

def test_a_singularity_image_file_names_the_rocm_it_holds(tmp_path):
    f = write(tmp_path, "job.sh", "#!/bin/bash\n#SBATCH --gpus-per-node=8\n"
              "srun singularity exec /appl/sif/lumi-pytorch-rocm-5.6.1-python-3.10.sif torchrun train.py\n"
              "apptainer run docker://rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0 python y.py\n"
              "singularity exec my_env.sif python z.py\nsingularity exec $IMG python w.py\n")
    fs = scan([f], "RD-IMG-003", "mi300x8")  # the host has ROCm 6.2
    bad = flagged(fs)
    assert len(bad) == 1 and "lumi-pytorch-rocm-5.6.1" in bad[0].title and "ROCm 5.6" in bad[0].title
    assert bad[0].evidence[0].source.endswith("job.sh:3")
    titles = " ".join(x.title for x in fs)
    assert "rocm6.2_ubuntu22.04" in titles and "my_env.sif: pinned" in titles  # a file is its own pin
    assert "$IMG" not in titles


def test_image_files_are_never_floating_tags():
    from rocmdoctor.knowledge import artifacts as ka

    assert not ka.floating_tag("/scratch/x/pytorch-rocm-6.1.sif") and ka.floating_tag("rocm/pytorch")
    assert ka.rocm_image("/scratch/x/pytorch-rocm-6.1.sif") and not ka.rocm_image("/scratch/env.sif")
    assert ka.image_rocm("/scratch/x/pytorch-rocm5.7.simg") == (5, 7)


def test_a_rocm_module_is_judged_against_the_host_like_an_image(tmp_path):
    f = write(tmp_path, "job.sh", "#!/bin/bash\n#SBATCH -N 1\nmodule load PrgEnv-gnu\nmodule load rocm/5.7.0\n"
                                  "ml rocm/6.2.0\nsrun python train.py\n")
    fs = scan([f], "RD-IMG-003", "mi300x8")  # the host has ROCm 6.2
    bad = flagged(fs)
    assert [b.title.split(":")[0] for b in bad] == ["rocm/5.7.0"] and "loaded by `module load`" in bad[0].title
    assert bad[0].evidence[0].source.endswith("job.sh:4")
    assert any(x.title.startswith("rocm/6.2.0: ROCm 6.2 loaded") and x.status.value == "pass" for x in fs)
    assert not any("PrgEnv" in x.title for x in fs)
