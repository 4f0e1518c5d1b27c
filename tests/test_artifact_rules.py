"""Rules on Dockerfiles, compose files and launch scripts (scan --config), each where it fires
and where it must not, on the seeds' files (tests/data/seeds) and real public files
(tests/data/configs, source on each file's first line)."""
import os
import shutil

import pytest

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), "data")
SEEDS = os.path.join(DATA, "seeds")
CONFIGS = os.path.join(DATA, "configs")


def need(example):
    if example not in rocmdoctor.examples():
        pytest.skip(f"example {example} not built")


def findings(paths, code, example="mi50x2-xeon", snapshot=None):
    if snapshot is None:
        need(example)
    r = rocmdoctor.scan(example=None if snapshot else example, snapshot=snapshot, select=[code],
                        options={"config": [str(p) for p in paths]})
    return r.by_code(code)


def statuses(fs):
    return sorted(f.status.value for f in fs)


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


# ------------------------------------------------------------------ RD-IMG-001 CUDA base image

def test_cuda_base_image_fails_on_an_amd_machine():
    fs = findings([os.path.join(CONFIGS, "llamafactory_docker-cuda.Dockerfile")], "RD-IMG-001")
    assert statuses(fs) == ["fail"] and "cu124" in fs[0].title
    assert fs[0].evidence[0].source.endswith("llamafactory_docker-cuda.Dockerfile:4")  # FROM ${BASE_IMAGE}


def test_rocm_base_images_pass():
    fs = findings([os.path.join(SEEDS, "Dockerfile"), os.path.join(CONFIGS, "llamafactory_docker-rocm.Dockerfile")],
                  "RD-IMG-001")
    assert statuses(fs) == ["pass"]


def test_cuda_image_not_judged_without_an_amd_gpu():
    fs = findings([os.path.join(CONFIGS, "llamafactory_docker-cuda.Dockerfile")], "RD-IMG-001", example="no-gpu")
    assert statuses(fs) == ["skip"]


# ------------------------------------------------------------------ RD-IMG-002 pip pulling CUDA builds

def test_pip_install_torch_from_pypi_fails(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.3\nRUN pip install torch torchvision \\\n"
                                      "    && pip install xformers\n")
    fs = findings([p], "RD-IMG-002")
    assert statuses(fs) == ["fail", "fail", "fail"]
    assert {f.evidence[0].source for f in fs} == {p + ":2", p + ":3"}


def test_pip_install_with_rocm_index_passes(tmp_path):
    p = write(tmp_path, "setup.sh", "#!/bin/bash\npip install torch torchvision --index-url "
                                    "https://download.pytorch.org/whl/rocm6.3\npip install -r requirements.txt\n")
    assert statuses(findings([p], "RD-IMG-002")) == ["pass"]


def test_pip_install_deepspeed_without_constraint_warns_and_with_no_deps_passes(tmp_path):
    warned = write(tmp_path, "a.sh", "#!/bin/bash\npip install deepspeed\n")
    guarded = write(tmp_path, "b.sh", "#!/bin/bash\npip install --no-deps deepspeed\n")
    assert statuses(findings([warned], "RD-IMG-002")) == ["warn"]
    assert statuses(findings([guarded], "RD-IMG-002")) == ["pass"]


def test_real_cuda_dockerfile_is_judged_by_its_base_image_not_each_pip_line():
    # One cause, one finding: the CUDA base image fails RD-IMG-001; its pip lines (flash-attn) are
    # not flagged again by RD-IMG-002, which would only repeat that the image is a CUDA build.
    path = os.path.join(CONFIGS, "llamafactory_docker-cuda.Dockerfile")
    assert statuses(findings([path], "RD-IMG-001")) == ["fail"]
    assert statuses(findings([path], "RD-IMG-002")) == ["pass"]


# ------------------------------------------------------------------ RD-IMG-003 tags and ROCm distance

def test_floating_tag_warns_and_pinned_tag_passes(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\n")
    fs = findings([p], "RD-IMG-003")
    assert statuses(fs) == ["warn"] and "floats" in fs[0].title
    assert statuses(findings([os.path.join(SEEDS, "Dockerfile")], "RD-IMG-003")) == ["pass"]  # rocm6.1 vs host 6.3


def test_image_rocm_far_from_the_host_fails():
    # the seed compose file's rocm7.1 image on the MI50 example (system ROCm 6.3): 3 releases, another major
    fs = findings([os.path.join(SEEDS, "docker-compose.yml")], "RD-IMG-003")
    assert statuses(fs) == ["fail"] and fs[0].data["release_gap"] == 3


# ------------------------------------------------------------------ RD-DS-008 DS_BUILD_OPS=1

def test_ds_build_ops_in_the_seed_dockerfile_fails_without_deepspeed_installed():
    fs = findings([os.path.join(SEEDS, "Dockerfile")], "RD-DS-008", example="rx7900xtx")
    assert statuses(fs) == ["fail"]
    assert fs[0].evidence[0].source.endswith("Dockerfile:48")
    assert fs[0].fix.params["env"]["DS_BUILD_CUTLASS_OPS"] == "0"


def test_ds_build_ops_with_unbuildable_ops_off_passes(tmp_path):
    from rocmdoctor.checks.deepspeed import DEFAULT_BUILD_VARS, INFERENCE_OPS, ROCM_UNBUILDABLE

    off = " ".join(f"{DEFAULT_BUILD_VARS[o]}=0" for o in (*ROCM_UNBUILDABLE, *INFERENCE_OPS))
    p = write(tmp_path, "build.sh", f"#!/bin/bash\nexport DS_BUILD_OPS=1 {off}\n")
    assert statuses(findings([p], "RD-DS-008")) == ["pass"]


# ------------------------------------------------------------------ RD-PIN-003 LLaMA-Factory DeepSpeed pin

def test_llamafactory_mandatory_deepspeed_pin_fails_for_a_deepspeed_run(tmp_path):
    # MI50 example: LLaMA-Factory 0.9.3 (mandatory deepspeed<=0.16.9), deepspeed 0.18.3 installed
    for n in ("qwen_lora_sft_ds2.yaml", "ds_z2_config.json", "train_qwen_ddp_fp32.sh"):
        shutil.copy(os.path.join(SEEDS, n), tmp_path / n)
    fs = findings([tmp_path / "qwen_lora_sft_ds2.yaml", tmp_path / "train_qwen_ddp_fp32.sh"], "RD-PIN-003")
    assert statuses(fs) == ["fail"] and "mandatory" in fs[0].title
    assert any(e.source.endswith("train_qwen_ddp_fp32.sh:9") for e in fs[0].evidence)  # DISABLE_VERSION_CHECK=1


def test_llamafactory_pin_not_involved_without_deepspeed():
    assert statuses(findings([os.path.join(SEEDS, "train_qwen_ddp_fp32.sh")], "RD-PIN-003")) == ["pass"]


# ------------------------------------------------------------------ compose rules

def test_real_rocm_compose_passes_devices_shm_and_nvidia_syntax():
    p = [os.path.join(CONFIGS, "llamafactory_docker-rocm_docker-compose.yml")]
    for code in ("RD-CTR-003", "RD-CTR-004", "RD-CTR-005", "RD-CTR-006"):
        assert statuses(findings(p, code)) == ["pass"], code


def test_real_cuda_compose_fails_on_amd():
    p = [os.path.join(CONFIGS, "llamafactory_docker-cuda_docker-compose.yml")]
    assert statuses(findings(p, "RD-CTR-003")) == ["fail"]
    fs = findings(p, "RD-CTR-004")
    assert statuses(fs) == ["fail"] and "driver nvidia" in fs[0].title


def test_compose_without_ipc_and_small_shm_warns(tmp_path):
    p = write(tmp_path, "compose.yaml", "services:\n  t:\n    image: rocm/pytorch:rocm6.3_ubuntu22.04_py3.10_"
                                        "pytorch_release_2.4.0\n    devices: [/dev/kfd, /dev/dri]\n    shm_size: 256m\n")
    fs = findings([p], "RD-CTR-005")
    assert statuses(fs) == ["warn"] and "256 MiB" in fs[0].title


def test_group_add_render_by_name_warns_with_the_host_gid():
    fs = findings([os.path.join(SEEDS, "docker-compose.yml")], "RD-CTR-006")
    assert statuses(fs) == ["warn"] and "render" in fs[0].title
    assert fs[0].evidence[0].source.endswith("docker-compose.yml:11")


def test_group_created_by_the_dockerfile_passes(tmp_path):
    d = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:rocm6.3_ubuntu22.04_py3.10_pytorch_release_2.4.0\n"
                                      "RUN groupadd -g 110 render\n")
    c = write(tmp_path, "compose.yaml", "services:\n  t:\n    build: .\n    group_add: [video, render]\n")
    assert statuses(findings([d, c], "RD-CTR-006")) == ["pass"]


def test_visible_devices_renumbered_by_devices_fails(tmp_path):
    p = write(tmp_path, "compose.yaml", "services:\n  t:\n    image: x:1\n    devices:\n      - /dev/kfd\n"
                                        "      - /dev/dri/renderD129\n    environment:\n      HIP_VISIBLE_DEVICES: '1'\n")
    fs = findings([p], "RD-CTR-007")
    assert statuses(fs) == ["fail"] and fs[0].evidence[-1].source == p + ":8"
    ok_ = write(tmp_path, "ok.yaml", open(p).read().replace("'1'", "'0'"))
    assert statuses(findings([ok_], "RD-CTR-007")) == ["pass"]


# ------------------------------------------------------------------ launcher and network

def test_more_ranks_than_visible_gpus_fails():
    fs = findings([os.path.join(SEEDS, "run_distributed.sh")], "RD-LCH-001")  # --nproc_per_node=4 on 2x MI50
    assert statuses(fs) == ["fail", "fail", "fail"]


def test_ranks_matching_the_gpus_pass_and_gpu_keyword_is_not_judged():
    assert statuses(findings([os.path.join(SEEDS, "train_qwen_ddp_fp32.sh")], "RD-LCH-001")) == ["pass"]
    fs = findings([os.path.join(CONFIGS, "lumi_run_multigpu_torchrun.sh")], "RD-LCH-001")
    assert statuses(fs) == ["pass"] and "launch time" in fs[0].title


def _host_with(tmp_path, *ifaces):
    need("mi50x2-xeon")
    base = os.path.join(os.path.dirname(rocmdoctor.__file__), "examples", "mi50x2-xeon")
    return build_snapshot(tmp_path / "snap", base=base,
                          files={f"/sys/class/net/{i}/type": "1\n" for i in ifaces})


def test_socket_ifname_naming_a_missing_interface_fails(tmp_path):
    snap = _host_with(tmp_path, "lo", "eno1", "enp65s0f0")
    fs = findings([os.path.join(SEEDS, "run_distributed.sh")], "RD-NET-001", snapshot=snap)  # eth0
    assert statuses(fs) == ["fail", "fail"] and fs[0].evidence[0].source.endswith("run_distributed.sh:5")


def test_socket_ifname_matching_passes_also_without_config(tmp_path):
    snap = _host_with(tmp_path, "lo", "eth0")
    assert statuses(findings([os.path.join(SEEDS, "run_distributed.sh")], "RD-NET-001", snapshot=snap)) == \
        ["pass", "pass"]
    # single-node scan, no --config: the live environment is judged the same way
    snap2 = build_snapshot(tmp_path / "s2", base=snap, probes={"env": {"NCCL_SOCKET_IFNAME": "ib0"}})
    r = rocmdoctor.scan(snapshot=snap2, select=["RD-NET-001"])
    assert statuses(r.by_code("RD-NET-001")) == ["fail"] and r.by_code("RD-NET-001")[0].evidence[0].source == \
        "environment"


# ------------------------------------------------------------------ left-over debug workarounds

def test_hip_debug_variables_in_a_script_warn(tmp_path):
    p = write(tmp_path, "t.sh", "#!/bin/bash\nexport HSA_ENABLE_SDMA=0\nHIP_LAUNCH_BLOCKING=1 torchrun "
                                "--nproc_per_node 2 train.py\n")
    fs = findings([p], "RD-RCCL-001")
    assert statuses(fs) == ["warn"] and "HSA_ENABLE_SDMA=0" in fs[0].title and "HIP_LAUNCH_BLOCKING=1" in fs[0].title
    clean = write(tmp_path, "c.sh", "#!/bin/bash\nexport HSA_ENABLE_SDMA=1\ntorchrun --nproc_per_node 2 train.py\n")
    assert statuses(findings([clean], "RD-RCCL-001")) == ["pass"]


# ------------------------------------------------------------------ RD-DS-006 memory fit from the configs

QWEN7B = os.path.join(DATA, "hf_qwen2.5-7b-instruct")


def test_full_finetune_of_a_7b_does_not_fit_and_says_what_to_change(tmp_path):
    # seed 002: a 7B full fine-tune, --per_device_train_batch_size 16, ZeRO-3 + CPU offload (ds_config.json)
    for n in ("fine_tune_train.sh", "ds_config.json"):
        shutil.copy(os.path.join(SEEDS, n), tmp_path / n)
    need("rx7900xtx")
    r = rocmdoctor.scan(example="rx7900xtx", select=["RD-DS-006"],
                        options={"config": [str(tmp_path / "fine_tune_train.sh")], "model": QWEN7B})
    fs = r.by_code("RD-DS-006")
    assert statuses(fs) == ["fail"] and "does not fit" in fs[0].title
    est = fs[0].data["estimate"]
    assert est["settings"]["lora"] is False and est["settings"]["batch"] == 16 and est["settings"]["seq_len"] == 512
    assert fs[0].fix.params["suggestions"] and "micro-batch 1" in fs[0].fix.params["suggestions"][0]["change"]
    settings_ev = [e for e in fs[0].evidence if e.source == "run settings"][0].text
    assert "fine_tune_train.sh:17: per_device_train_batch_size=16" in settings_ev
    assert "ds_config.json: stage 3, offload_optimizer cpu" in settings_ev


def test_lora_run_fits_on_mi50():
    fs = findings([os.path.join(SEEDS, "qwen_lora_sft_ds2.yaml")], "RD-DS-006")
    assert statuses(fs) == ["pass"]  # no model config.json: the ZeRO rules alone
    need("mi50x2-xeon")
    r = rocmdoctor.scan(example="mi50x2-xeon", select=["RD-DS-006"],
                        options={"config": [os.path.join(SEEDS, "qwen_lora_sft_ds2.yaml")], "model": QWEN7B})
    f = r.by_code("RD-DS-006")[0]
    assert f.status == Status.PASS and "fits" in f.title
    st = f.data["estimate"]["settings"]
    assert st["lora"] and st["lora_rank"] == 64 and st["zero"] == 2 and st["gpus"] == 2
    assert st["attention"] == "math"  # fa2 asked, but gfx906 has no flash kernel


def test_model_found_next_to_model_name_or_path(tmp_path):
    shutil.copytree(os.path.join(DATA, "hf_qwen2.5-0.5b"), tmp_path / "qwen0.5b")
    p = write(tmp_path, "t.yaml", "model_name_or_path: qwen0.5b\nstage: sft\nfinetuning_type: full\n"
                                  "per_device_train_batch_size: 4\ncutoff_len: 1024\nbf16: true\n")
    f = findings([p], "RD-DS-006")[0]
    assert f.status == Status.PASS and f.data["estimate"]["params"] < 1e9
    assert f.evidence[0].source.endswith("qwen0.5b/config.json")


def test_model_option_needs_config():
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "rocmdoctor", "scan", "--example", "mi50x2-xeon", "--model", QWEN7B],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "--model goes with --config" in r.stderr


def test_llamafactory_deepspeed_check_fails_when_deepspeed_is_not_installed():
    # The check function on its inputs: LLaMA-Factory 0.9.4's checks read from its real source
    # (tests/data), a DeepSpeed run from the seeds, and an environment without DeepSpeed.
    from rocmdoctor.checks.pins import llamafactory_deepspeed_pin
    from rocmdoctor.facts.python_env import Distribution
    from rocmdoctor.facts.training_stack import LlamaFactory
    from rocmdoctor.knowledge import llamafactory as lf
    from rocmdoctor.artifacts.readers import read_all

    checks = []
    for name, where in (("llamafactory_v0.9.4_extras_misc.py.txt", "extras/misc.py"),
                        ("llamafactory_v0.9.4_hparams_parser.py.txt", "hparams/parser.py")):
        with open(os.path.join(DATA, name), encoding="utf-8") as fh:
            checks += lf.parse_runtime_checks(fh.read(), where)
    lfv = LlamaFactory("0.9.4", tuple(checks), "tests/data", False)
    setups = read_all([os.path.join(SEEDS, "qwen_lora_sft_ds2.yaml")]).setups
    out = llamafactory_deepspeed_pin(setups, lfv, {"transformers": Distribution(name="transformers", version="4.51.0")},
                                     env={"DISABLE_VERSION_CHECK": "1"})
    assert out.status == Status.FAIL and "not installed" in out.title and "mandatory" in out.title
    ok_ = llamafactory_deepspeed_pin(setups, lfv, {"deepspeed": Distribution(name="deepspeed", version="0.16.9")})
    assert ok_.status == Status.PASS


def test_unreadable_file_named_in_the_api_is_listed_not_judged(tmp_path):
    p = write(tmp_path, "notes.txt", "just notes\n")
    fs = findings([p, os.path.join(SEEDS, "Dockerfile")], "RD-CFG-001")
    assert statuses(fs) == ["warn"] and "notes.txt" in fs[0].detail


# ------------------------------------------------------------------ docker run in scripts (RD-CTR-003..007)
# The flags are those ROCm's Docker how-to and AMD's container-toolkit pages document
# (knowledge/artifacts.py DOCKER_HOWTO, AMD_CDI); the scripts around them are ours.
ROCM_RUN = """#!/bin/bash
IMAGE=rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0
docker run -it --rm --device=/dev/kfd --device=/dev/dri --group-add video \\
    --ipc=host --security-opt seccomp=unconfined \\
    -v "$PWD:/work" -w /work $IMAGE \\
    torchrun --nproc_per_node 2 train.py --bf16 True
"""
GPUS_RUN = """#!/bin/bash
sudo docker run -d --gpus=all --shm-size 2g -e HF_HOME=/data/hf -v ollama:/root/.ollama ollama/ollama:rocm
"""


def test_docker_run_with_rocm_devices_passes_the_compose_rules(tmp_path):
    p = write(tmp_path, "run.sh", ROCM_RUN)
    for code in ("RD-CTR-003", "RD-CTR-004", "RD-CTR-005", "RD-CTR-006"):
        fs = findings([p], code)
        assert statuses(fs) == ["pass"], (code, [f.title for f in fs])
        assert fs[0].subject == f"{p}: docker run (line 3)"


def test_docker_run_with_gpus_fails_without_amd_cdi_and_names_the_flags(tmp_path):
    p = write(tmp_path, "serve.sh", GPUS_RUN)
    devices, nvidia = findings([p], "RD-CTR-003"), findings([p], "RD-CTR-004")
    assert statuses(devices) == ["fail"] and statuses(nvidia) == ["fail"]
    assert "--gpus=all" in nvidia[0].evidence[0].text and "(--gpus all)" in nvidia[0].title
    notes = [a.description for a in nvidia[0].fix.actions]
    assert any("remove --gpus all" in n for n in notes) and any("--device /dev/kfd --device /dev/dri" in n for n in notes)
    assert statuses(findings([p], "RD-CTR-005")) == ["pass"]  # --shm-size 2g


def test_docker_run_with_gpus_passes_where_the_host_has_amd_cdi_specs(tmp_path):
    """Docker 29.3 and newer take --gpus for AMD GPUs through AMD's CDI spec (amd-ctk cdi generate)."""
    need("mi50x2-xeon")
    base = os.path.join(os.path.dirname(rocmdoctor.__file__), "examples", "mi50x2-xeon")
    spec = '{"cdiVersion": "0.6.0", "kind": "amd.com/gpu", "devices": [{"name": "all"}]}'
    snap = build_snapshot(tmp_path / "snap", base=base, files={"/etc/cdi/amd.json": spec},
                          globs={"/etc/cdi/*": ["/etc/cdi/amd.json"]})
    p = write(tmp_path, "serve.sh", GPUS_RUN)
    devices = findings([p], "RD-CTR-003", snapshot=snap)
    assert statuses(devices) == ["pass"] and "CDI" in devices[0].title
    assert any(e.source == "/etc/cdi/amd.json" for e in devices[0].evidence)
    assert statuses(findings([p], "RD-CTR-004", snapshot=snap)) == ["pass"]


def test_docker_run_options_with_values_do_not_hide_the_training_command(tmp_path):
    """`--shm-size 16g` takes a value: the image is the next word, the command after it (the
    old skip took 16g for the image and the image for the command)."""
    p = write(tmp_path, "run.sh", "docker run -it --shm-size 16g -e HIP_VISIBLE_DEVICES=2 --device /dev/kfd "
                                  "--device /dev/dri/renderD129 rocm/pytorch torchrun --nproc_per_node 4 train.py\n")
    renumbered = findings([p], "RD-CTR-007")
    assert statuses(renumbered) == ["fail"] and "--device passes 1 render node" in renumbered[0].detail
    from rocmdoctor.artifacts.readers import shell

    art = shell.read(p, open(p).read())
    assert [(c["launcher"], c["script"]) for c in art.data["commands"]] == [("torchrun", "train.py")]
    assert art.data["services"]["docker run (line 1)"]["image"] == "rocm/pytorch"


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


# ------------------------------------------------------------------ requirements files (RD-IMG-002)
REQS = """# training deps
transformers>=4.41.2,<=4.46.1
torch>=2.0.0   # the model code needs 2.x
-r extra.txt
deepspeed>=0.10.0,<=0.14.4 ; sys_platform == "linux"
peft==0.12.0 \\
    --hash=sha256:0123abcd
"""


def _reqs(tmp_path, torch_line="torch>=2.0.0   # the model code needs 2.x", **files):
    (tmp_path / "requirements.txt").write_text(REQS.replace("torch>=2.0.0   # the model code needs 2.x", torch_line))
    (tmp_path / "extra.txt").write_text("flash-attn==2.6.3\n")
    for name, text in files.items():
        (tmp_path / name.replace("_", ".")).write_text(text)
    return tmp_path


def _by_package(fs):
    return {f.subject.rsplit(" ", 1)[1]: (f.status.value, f.evidence[0].source) for f in fs}


def test_requirements_reader_reads_lines_options_and_references(tmp_path):
    from rocmdoctor.artifacts.readers import read_one
    from rocmdoctor.artifacts.readers import requirements

    p = _reqs(tmp_path) / "requirements.txt"
    art = read_one(str(p))
    assert art.kind == requirements.REQUIREMENTS and art.error is None
    assert art.data["requirements"] == ["transformers>=4.41.2,<=4.46.1", "torch>=2.0.0",
                                        'deepspeed>=0.10.0,<=0.14.4 ; sys_platform == "linux"', "peft==0.12.0"]
    assert [v.origin.line for v in art.values] == [2, 3, 5, 6] and art.refs == {"r:4": "extra.txt"}
    # by name only when the text is requirement lines: a script named requirements.txt is not one
    assert not requirements.looks_like("requirements.txt", "pip install torch\ntorchrun train.py\n")
    assert requirements.looks_like("requirements/base.txt", "-i https://x/simple\nnumpy\n")
    assert not requirements.looks_like("notes.txt", "numpy\n")


def test_torch_in_a_requirements_file_fails_and_names_its_line(tmp_path):
    d = _reqs(tmp_path)
    got = _by_package(findings([str(d)], "RD-IMG-002"))  # a directory: requirements.txt found, extra.txt followed
    assert got["torch"] == ("fail", f"{d}/requirements.txt:3")
    assert got["deepspeed"][0] == "warn" and got["flash-attn"] == ("warn", f"{d}/extra.txt:1")


def test_the_installing_command_s_rocm_index_and_guards_apply_to_the_file(tmp_path):
    d = _reqs(tmp_path, setup_sh="#!/bin/bash\npip install --no-deps --index-url "
                                 "https://download.pytorch.org/whl/rocm6.2 -r requirements.txt\n")
    assert statuses(findings([str(d / "setup.sh")], "RD-IMG-002")) == ["pass"]
    (tmp_path / "b").mkdir()
    d2 = _reqs(tmp_path / "b", setup_sh="#!/bin/bash\npip install -r requirements.txt\n")
    assert _by_package(findings([str(d2 / "setup.sh")], "RD-IMG-002"))["torch"][0] == "fail"


@pytest.mark.parametrize("torch_line,want", [("torch>=2.0.0", None), ("torch", None), ("torch==2.1.2", "fail")])
def test_a_rocm_image_keeps_its_torch_when_the_requirement_accepts_it(tmp_path, torch_line, want):
    """In FROM rocm/pytorch:..._pytorch_release_2.3.0, `torch>=2.0` is already satisfied and pip
    keeps the ROCm build; a pin the image's torch does not meet replaces it with PyPI's CUDA one."""
    d = _reqs(tmp_path, torch_line=torch_line, Dockerfile=(
        "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
        "COPY requirements.txt extra.txt /app/\nRUN pip install -r /app/requirements.txt\n"))
    fs = findings([str(d / "Dockerfile")], "RD-IMG-002")
    torch = [f for f in fs if f.subject.endswith(" torch")]
    assert [f.status.value for f in torch] == ([want] if want else [])
    if want:
        assert "The image's torch is 2.3.0" in torch[0].detail
    assert "flash-attn" in _by_package(fs)  # the nested file was followed from the Dockerfile too
