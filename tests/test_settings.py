"""The one settings model: readers fill it with file:line provenance, the machine checks judge
it as they judge the live environment, and fixes name every file that must change.
Test data: the seeds' own files (tests/data/seeds, reconstructed from /work/shared/seeds)."""
import json
import os
import subprocess
import sys

import pytest

import rocmdoctor
from rocmdoctor.artifacts.readers import dockerfile
from rocmdoctor.artifacts.readers import read_all, read_one
from rocmdoctor.artifacts.readers import shell
from rocmdoctor.artifacts.settings import ENV, LAUNCHER, TRAIN

DATA = os.path.join(os.path.dirname(__file__), "data")
SEEDS = os.path.join(DATA, "seeds")


def seed(name):
    return os.path.join(SEEDS, name)


# ------------------------------------------------------------------ readers

def test_shell_reader_on_the_seed_launch_script():
    art = read_one(seed("train_qwen_ddp_fp32.sh"))
    assert art.kind == shell.SHELL
    env = {v.name: (v.value, v.origin.line) for v in art.values if v.kind == ENV}
    assert env["HSA_OVERRIDE_GFX_VERSION"] == ("9.0.6", 6)
    assert env["PYTORCH_HIP_ALLOC_CONF"] == ("expandable_segments:True", 18)
    launch = {v.name: v.value for v in art.values if v.kind == LAUNCHER}
    assert launch["nproc_per_node"] == "2" and launch["master_port"] == "29508"
    train = {v.name: v for v in art.values if v.kind == TRAIN}
    # variables the script defines are substituted; continuation lines keep their own numbers
    assert train["model_name_or_path"].value.endswith("Qwen2___5-7B-Instruct")
    assert train["bf16"].value == "False" and train["bf16"].origin.line == 52
    assert train["flash_attn"].value == "disabled" and train["do_train"].value == "True"


def test_shell_reader_without_bashlex_gives_the_same_words(monkeypatch):
    text = open(seed("train_qwen_ddp_fp32.sh"), encoding="utf-8").read()
    with_bashlex = [(v.kind, v.name, v.value, v.origin.line) for v in shell.read("t.sh", text).values]
    monkeypatch.setitem(sys.modules, "bashlex", None)  # import bashlex -> ImportError
    without = [(v.kind, v.name, v.value, v.origin.line) for v in shell.read("t.sh", text).values]
    assert with_bashlex == without


def test_shell_reader_tolerates_junk():
    text = "#!/bin/sh\nif [[ $x == 1 ]]; then\n  echo 'unclosed\nfi\nexport A=1 B\ncat <<EOF\ntorchrun --nproc_per_node 9 x.py\nEOF\n"
    art = shell.read("j.sh", text)
    assert [(v.name, v.value) for v in art.values] == [("A", "1")]  # heredoc body is not a command


def test_dockerfile_fallback_matches_buildkits_parser(monkeypatch):
    text = open(seed("Dockerfile"), encoding="utf-8").read()
    real = [(v.kind, v.name, json.dumps(v.value), v.origin.line) for v in dockerfile.read("D", text).values]
    monkeypatch.setitem(sys.modules, "dockerfile", None)  # the reader of the same grammar runs
    small = [(v.kind, v.name, json.dumps(v.value), v.origin.line) for v in dockerfile.read("D", text).values]
    assert real == small
    assert ("env", "DS_BUILD_OPS", '"1"', 48) in real


def test_compose_reader_on_the_seed_compose_file():
    art = read_one(seed("docker-compose.yml"))
    assert art.kind == "compose" and not art.error
    env = {v.name: (v.value, v.origin.line) for v in art.values if v.kind == ENV}
    assert env == {"HSA_OVERRIDE_GFX_VERSION": ("11.0.0", 26), "PYTORCH_ROCM_ARCH": ("gfx1100", 27)}
    svc = art.data["services"]["gpt-train"]
    assert svc["devices"] == ["/dev/kfd", "/dev/dri"] and svc["ipc"] == "host"


def test_kinds_are_recognised_by_content(tmp_path):
    (tmp_path / "run.txt").write_text("CUDA_VISIBLE_DEVICES=0 torchrun --nproc_per_node 1 train.py --bf16 True\n")
    (tmp_path / "zero.conf").write_text(open(seed("ds_z2_config.json")).read())
    (tmp_path / "build.txt").write_text(open(seed("Dockerfile")).read())
    kinds = {os.path.basename(p): read_one(str(tmp_path / p)).kind for p in ("run.txt", "zero.conf", "build.txt")}
    assert kinds == {"run.txt": "shell", "zero.conf": "deepspeed", "build.txt": "dockerfile"}


def test_directory_finds_the_known_files_and_links_the_runs():
    s = read_all([SEEDS])
    kinds = sorted(a.kind for a in s.artifacts)
    assert kinds == ["compose", "deepspeed", "deepspeed", "dockerfile", "llamafactory", "shell", "shell", "shell"]
    runs = {os.path.basename(x.path): x.deepspeed and os.path.basename(x.deepspeed.path) for x in s.setups}
    assert runs == {"fine_tune_train.sh": "ds_config.json", "qwen_lora_sft_ds2.yaml": "ds_z2_config.json",
                    "train_qwen_ddp_fp32.sh": None}


def test_a_token_in_a_launch_script_never_reaches_evidence(tmp_path):
    p = tmp_path / "t.sh"
    p.write_text("#!/bin/bash\nexport HF_TOKEN=hf_abcdefghijklmnopqrstuvwxyz123456\nexport NCCL_P2P_DISABLE=1\n")
    s = read_all([str(p)])
    shown = " ".join(v.evidence().text for v in s.values())
    assert "hf_abcdefghijklmnopqrstuvwxyz123456" not in shown and "NCCL_P2P_DISABLE=1" in shown


# ------------------------------------------------------------------ a script's settings reach the checks

def test_disable_version_check_from_a_script_reaches_the_pin_check(tmp_path, lint):
    paths = lint.seeds("train_qwen_ddp_fp32.sh")
    s = read_all(paths)
    assert s.env()["DISABLE_VERSION_CHECK"] == "1"
    assert s.env().origin("DISABLE_VERSION_CHECK").label == paths[0] + ":9"


# ------------------------------------------------------------------ the command line

def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "rocmdoctor", *args], capture_output=True, text=True, timeout=120)


def test_cli_config_is_repeatable_and_takes_a_directory(tmp_path):
    if "mi50x2-xeon" not in rocmdoctor.examples():
        pytest.skip("example not built")
    r = run_cli("scan", "--example", "mi50x2-xeon", "--config", SEEDS, "--config", seed("Dockerfile"),
                "--select", "RD-CFG-001", "--format", "json")
    f = [x for x in json.loads(r.stdout)["findings"] if x["code"] == "RD-CFG-001"][0]
    assert f["status"] == "pass" and len(f["data"]["files"]) == 8


def test_cli_unknown_file_is_a_usage_error(tmp_path):
    p = tmp_path / "notes.txt"
    p.write_text("just some notes\n")
    r = run_cli("scan", "--example", "mi50x2-xeon", "--config", str(p))
    assert r.returncode == 2 and "notes.txt" in r.stderr


def test_docs_list_every_config_rule():
    from rocmdoctor.engine import registry

    with open(os.path.join(os.path.dirname(DATA), "..", "docs", "config-lint.md"), encoding="utf-8") as fh:
        doc = fh.read()
    codes = {c.code for c in registry.load(plugins=False).checks if c.option == "config"} | {"RD-NET-001"}
    missing = sorted(c for c in codes if c not in doc)
    assert not missing, f"docs/config-lint.md does not list {missing}"


def test_deeply_nested_compose_file_is_an_error_not_a_crash(tmp_path):
    # libyaml's C loader overflows the C stack on this (SIGSEGV); the reader must not use it
    p = tmp_path / "docker-compose.yml"
    p.write_text("services:\n  t:\n    x: " + "[" * 50000 + "\n")
    code = ("import sys; from rocmdoctor.artifacts.readers import read_one; a = read_one(sys.argv[1]); "
            "print('error' if a.error else 'read')")
    r = subprocess.run([sys.executable, "-c", code, str(p)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "error"


def test_a_rewritten_file_is_read_again(tmp_path):
    p = tmp_path / "t.sh"
    p.write_text("#!/bin/bash\nexport NCCL_DEBUG=INFO\n")
    assert read_one(str(p)).values[0].value == "INFO"
    p.write_text("#!/bin/bash\nexport NCCL_DEBUG=WARN\n")  # same size, likely the same mtime tick
    assert read_one(str(p)).values[0].value == "WARN"


def test_a_pip_reading_its_stdin_pipe_never_reads_the_doctors_own_stdin(tmp_path):
    # fresh aa-akitaonrails-yomik-worker-gfx1151 (akitaonrails/FrankYomik Dockerfile.worker-rocm):
    # `grep -v simple-lama requirements.txt | grep -vi '^torch' | pip install -r /dev/stdin`. Followed on the
    # host, /dev/stdin was whatever the doctor's stdin held (a file when redirected): its lines became the
    # image's pip installs, so the set's findings changed from one run to the next.
    fresh = os.path.join(os.path.dirname(__file__), "corpus", "fresh", "artifacts", "aa-akitaonrails-yomik-worker-gfx1151")
    fed = tmp_path / "stdin.txt"
    fed.write_text("torch==2.3.0+cu121\n")
    saved = os.dup(0)
    try:
        with open(fed, "rb") as fh:
            os.dup2(fh.fileno(), 0)
        s = read_all([fresh])
    finally:
        os.dup2(saved, 0)
        os.close(saved)
    assert sorted(os.path.basename(p) for p in s.paths) == ["Dockerfile.worker-rocm", "docker-compose.prod.yml",
                                                            "worker-entrypoint.sh"]
    pips = s.values("build", "pip")
    assert len(pips) == 4 and not any("cu121" in str(v.value) for v in pips)


def test_image_builds_of_scripts_and_compose_files_resolve_against_the_file_that_builds(tmp_path, monkeypatch):
    # real shapes: bankh-rocm43-gfx803-torch's `sudo docker build --build-arg USERNAME=$USER -t rocm43pytorch .`,
    # coqui-tts-bel-prepare-docker's `docker build -t tts-learn -f docker-prepare/Dockerfile docker-prepare/`,
    # m4th1eu-prebuilts-rocm62's `docker build . -t 'prebuilts-rocm:6.2' -f Dockerfile`
    from rocmdoctor.artifacts.readers import read_all
    from rocmdoctor.artifacts.settings import image_builds, image_key

    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "build.sh").write_text(
        "#!/bin/bash\nsudo docker build --build-arg USERNAME=$USER -t rocm43pytorch .\n"
        "docker build -t tts-learn -f docker-prepare/Dockerfile docker-prepare/\n"
        "docker build . -t 'prebuilts-rocm:6.2' -f Dockerfile\n"
        "docker buildx build --platform=linux/amd64 --tag=Acme/App --no-cache ctx\n"
        "docker build -t \"$IMAGE\" .\n"  # a tag the files never set: no build to tie
        "# docker build -t commented-out .\n")
    (tmp_path / "compose.yml").write_text("services:\n  app:\n    build:\n      context: ./svc\n"
                                          "      dockerfile: Dockerfile.rocm\n    image: acme/app:rocm\n")
    monkeypatch.chdir(tmp_path / "scripts")  # where the scan runs changes nothing
    s = read_all([str(tmp_path)])
    got = [(b.tags, os.path.relpath(b.dockerfile, tmp_path), os.path.relpath(b.context, tmp_path))
           for b in image_builds(s.artifacts)]
    assert sorted(got) == sorted([
        (("acme/app:rocm",), "svc/Dockerfile.rocm", "svc"),
        (("rocm43pytorch:latest",), "scripts/Dockerfile", "scripts"),
        (("tts-learn:latest",), "scripts/docker-prepare/Dockerfile", "scripts/docker-prepare"),
        (("prebuilts-rocm:6.2",), "scripts/Dockerfile", "scripts"),
        (("acme/app:latest",), "scripts/ctx/Dockerfile", "scripts/ctx")])
    assert image_key("docker.io/library/Ubuntu") == image_key("ubuntu:latest") == "ubuntu:latest"
    assert image_key("localhost:5000/app") == "localhost:5000/app:latest"  # a registry on a port is no tag


def test_built_images_answers_which_images_the_files_make(tmp_path):
    # one answer for every rule: a build's tags (compose `image:` beside `build:`, a script's `-t`), other tags of
    # those repositories, a bare-named build under any namespace, a Dockerfile named for its image (not the one it
    # starts FROM); a compose build from a git URL builds its `image:` though no file of the set is its Dockerfile
    from rocmdoctor.artifacts.settings import builds, built_images

    (tmp_path / "build.sh").write_text("#!/bin/bash\ndocker build -t ghcr.io/acme/trainer:1.0 .\n"
                                       "podman build -t tool -f tool.Dockerfile .\n")
    (tmp_path / "compose.yml").write_text(
        "services:\n  web:\n    build: https://github.com/acme/web.git#main\n    image: acme/web:rocm\n"
        "  db:\n    image: postgres:16\n")
    (tmp_path / "rocm-base.Dockerfile").write_text("FROM ubuntu:22.04\n")
    (tmp_path / "ollama.Dockerfile").write_text("FROM ollama/ollama:rocm\n")
    s = read_all([str(tmp_path)])
    built = built_images(s)
    assert [(b.tags, b.dockerfile) for b in builds(s) if b.service == "web"] == [(("acme/web:rocm",), "")]
    for image in ("ghcr.io/acme/trainer:1.0", "ghcr.io/acme/trainer", "acme/web:rocm", "docker.io/acme/web:rocm",
                  "tool:latest", "registry.example.com/me/tool:2", "ghcr.io/acme/rocm-base:main"):
        assert image in built, image
    for image in ("acme/trainer:1.0", "postgres:16", "ollama/ollama:rocm", "", None):
        assert image not in built, image
    assert built_images(s) is built  # once per settings


# A Dockerfile's own usage comment names the image it builds: akitaonrails/FrankYomik's Dockerfile.worker-rocm line 4
# (https://github.com/akitaonrails/FrankYomik) and sebastianmuell's `# docker build -t wyowhisper-rocm .`
@pytest.mark.parametrize("comment,built", [
    ("# Build:  docker build -f Dockerfile.worker-rocm -t frank-yomik-worker-rocm .", True),
    ("# docker build -t frank-yomik-worker-rocm .", True),
    ("# sudo podman build -t frank-yomik-worker-rocm .", True),
    # look-alikes: the comment builds another Dockerfile of the project; prose that names no build command
    ("# Build:  docker build -f Dockerfile.api -t frank-yomik-worker-rocm .", False),
    ("# the frank-yomik-worker-rocm image is built by CI", False),
])
def test_a_dockerfiles_usage_comment_is_its_build(tmp_path, comment, built):
    from rocmdoctor.artifacts.settings import built_images

    (tmp_path / "Dockerfile.worker-rocm").write_text(
        f"# syntax=docker/dockerfile:1\n{comment}\nFROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n")
    (tmp_path / "docker-compose.yml").write_text(
        "services:\n  worker:\n    image: localhost:3007/akitaonrails/frank-yomik-worker-rocm:latest\n")
    s = read_all([str(tmp_path)])
    assert ("localhost:3007/akitaonrails/frank-yomik-worker-rocm:latest" in built_images(s)) is built


# tests/corpus/fresh/artifacts/zn-ar6420-tribe-scorer-mi300x: read after a shell script, this RUN once lost its
# `> /tmp/req-no-torch.txt` (the script left the Dockerfile its bashlex budget, and bashlex dropped redirects)
_FILTERED_RUN = ("FROM rocm/pytorch:latest\nRUN pip install --upgrade pip \\\n"
                 "    && grep -vE '^(torch|torchaudio)\\b' requirements.txt > /tmp/req.txt \\\n"
                 "    && pip install -r /tmp/req.txt\n")


def _edits(text):
    return [(v.name, v.value, v.origin.line) for v in dockerfile.read("D", text).values if v.name in ("req_edit", "pip")]


def test_a_dockerfile_reads_the_same_whatever_was_read_before_it(monkeypatch):
    first = _edits(_FILTERED_RUN)
    shell.read("s.sh", "#!/bin/bash\nif [ -n \"$X\" ]; then\n  echo a | sed 's/,/ /g'\nfi\n")  # a script read first
    assert _edits(_FILTERED_RUN) == first
    assert ("req_edit", {"file": "requirements.txt", "delete": "^(torch|torchaudio)\\b", "out": "/tmp/req.txt"}, 3) in first
    monkeypatch.setitem(sys.modules, "bashlex", None)  # the shlex split gives the same words, redirect and all
    assert _edits(_FILTERED_RUN) == first


def test_a_dockerfile_has_its_own_bashlex_budget():
    # a subshell the shlex split reads as words (`torch==2.3.0)`); bashlex reads it as the shell does. A file read
    # when no script has set a budget (the first of a process) gets bashlex too
    from rocmdoctor.artifacts.readers.shell import words
    words._BASHLEX_CALLS[0] = 0
    text = "FROM python:3.11\nRUN (cd /app && pip install torch==2.3.0) 2>&1\n"
    assert [v.value["requirements"] for v in dockerfile.read("D", text).values if v.name == "pip"] == [["torch==2.3.0"]]


def test_a_flat_sets_dockerfile_is_the_build_that_names_it_in_another_folder_only_when_one_does(tmp_path):
    # tests/corpus/fresh/artifacts/yo-ifumiya-sdscripts-lora-compose: `build: ./services/AUTOMATIC1111`,
    # `./services/invoke`, ... each a Dockerfile of its own folder; the one Dockerfile copied is the trainer's
    from rocmdoctor.artifacts.settings import ImageBuild, built_file, path_key
    root = str(tmp_path / "Dockerfile")
    arts = [dockerfile.read(root, "FROM python:3.11\nCMD [\"bash\"]\n")]
    one = [ImageBuild(str(tmp_path / "docker" / "Dockerfile"), str(tmp_path), (), "c.yml")]
    assert built_file(arts, one)(one[0].dockerfile) == path_key(root)
    two = one + [ImageBuild(str(tmp_path / "services" / "b" / "Dockerfile"), str(tmp_path), (), "c.yml")]
    assert [built_file(arts, two)(b.dockerfile) for b in two] == ["", ""]
    assert built_file(arts, two)(root) == path_key(root)  # the file at its own path is always itself


def test_a_command_substitution_closing_after_its_heredoc_is_one_command():
    # fresh batch 46 zt-carouselaether-exl3-rocm-install (install_rocm.sh): `FLAVOR="$(python - <<'EOF'` ... `EOF`,
    # then `)"`; the `die "..."` text below it, a pip line inside, is a string, not a command
    from rocmdoctor.artifacts.readers.shell.words import logical_lines
    text = ("FLAVOR=\"$(python - <<'EOF'\nimport torch\nprint('rocm')\nEOF\n)\"\nok \"torch\"\n"
            "if [[ \"$FLAVOR\" != rocm ]]; then\n    die \"not ROCm.\n       pip install flash-attn\n       and more\"\nfi\n")
    got = [(a, x.split()[0]) for a, _b, x in logical_lines(text)]
    assert got == [(1, "FLAVOR=\"$(python"), (6, "ok"), (7, "if"), (8, "die"), (11, "fi")]
    art = shell.read("install.sh", text)
    assert not [v for v in art.values if v.name == "pip"]
