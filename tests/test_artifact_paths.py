"""artifact_named / path_key (rocmdoctor/artifacts/settings.py): which artifact of a set a reference names (a
compose `build:` naming its Dockerfile, a script's `-f docker/compose.rocm.yml`, a pip install's pyproject),
worked out on the recorded paths as text. The files may come from a snapshot or a --root tree, so the local disk
is never asked: a file the set lacks is not named even where this machine has one at that path, and a file the
set holds is named even where this machine has none."""
import os

import pytest

from rocmdoctor.artifacts.settings import Artifact, Settings, artifact_named, path_key


def _set(*paths, kind="dockerfile"):
    return Settings(artifacts=[Artifact(p, kind) for p in paths])


def test_a_ref_is_taken_from_the_folder_of_the_file_that_names_it():
    s = Settings(artifacts=[Artifact("/snap/app/docker/compose.yml", "compose"), Artifact("/snap/app/Dockerfile", "dockerfile"),
                            Artifact("/snap/app/docker/Dockerfile", "dockerfile")])
    compose = s.artifacts[0]
    assert artifact_named(s, "../Dockerfile", compose.path) is s.artifacts[1]
    assert artifact_named(s, "Dockerfile", compose.path) is s.artifacts[2]
    assert artifact_named(s, "./sub/../Dockerfile", compose.path) is s.artifacts[2]  # `..` and `./` as text
    assert artifact_named(s, "/snap/app/Dockerfile", compose.path) is s.artifacts[1]  # an absolute ref as given
    assert artifact_named(s, "/snap/app/Dockerfile") is s.artifacts[1]  # no base: the ref is a path itself


def test_recorded_paths_with_dot_dot_and_relative_paths_are_normalised(tmp_path, monkeypatch):
    # the benchmark reads a set as `benchmarks/../tests/corpus/...`; `scan --config docker/` records relative paths
    monkeypatch.chdir(tmp_path)
    s = _set("benchmarks/../sets/a/Dockerfile", "sets/a//docker-compose.yml")
    assert artifact_named(s, str(tmp_path / "sets" / "a" / "Dockerfile")) is s.artifacts[0]
    assert artifact_named(s, "Dockerfile", "sets/a/docker-compose.yml") is s.artifacts[0]
    assert artifact_named(s, "./docker-compose.yml", "sets/a/Dockerfile") is s.artifacts[1]
    assert path_key("x/./y/../z", "/r/f.yml") == "/r/x/z"


def test_a_file_not_in_the_set_is_none_even_where_the_disk_has_it(tmp_path):
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "Dockerfile").write_text("FROM rocm/pytorch\n")
    compose = str(tmp_path / "docker-compose.yml")
    s = Settings(artifacts=[Artifact(compose, "compose"), Artifact(str(tmp_path / "Dockerfile"), "dockerfile")])
    assert artifact_named(s, "other/Dockerfile", compose) is None  # on this disk, not among the files
    assert artifact_named(s, "Dockerfile", compose) is s.artifacts[1]  # among the files, not on this disk
    assert artifact_named(s, "../Dockerfile", compose) is None
    for ref in (None, "", 3):
        assert artifact_named(s, ref, compose) is None


def test_nothing_touches_the_disk(monkeypatch):
    s = _set("/snapshot/proj/Dockerfile", "/snapshot/proj/requirements/rocm.txt")

    def refuse(*a, **k):
        raise AssertionError("the disk was asked")

    with monkeypatch.context() as m:
        for mod, name in ((os.path, "realpath"), (os.path, "exists"), (os.path, "isfile"), (os.path, "isdir"),
                          (os.path, "islink"), (os, "stat"), (os, "lstat"), (os, "readlink")):
            m.setattr(mod, name, refuse)
        m.setattr("builtins.open", refuse)
        got = [artifact_named(s, "../Dockerfile", "/snapshot/proj/requirements/rocm.txt"),
               artifact_named(s, "requirements/rocm.txt", "/snapshot/proj/Dockerfile"),
               artifact_named(s, "nope.txt", "/snapshot/proj/Dockerfile"), path_key("a/../b", "/x/y")]
    assert got == [s.artifacts[0], s.artifacts[1], None, "/x/b"]


def test_two_spellings_of_one_file_name_the_first_and_the_index_follows_new_artifacts():
    s = _set("/p/x/Dockerfile", "/p/x/./Dockerfile")
    assert artifact_named(s, "/p/x/Dockerfile") is s.artifacts[0]
    assert artifact_named(s, "/p/y/Dockerfile") is None
    s.artifacts.append(Artifact("/p/y/Dockerfile", "dockerfile"))
    assert artifact_named(s, "../y/Dockerfile", "/p/x/Dockerfile") is s.artifacts[2]


@pytest.mark.parametrize("ref,base,want", [
    ("Dockerfile", "/a/b/compose.yml", "/a/b/Dockerfile"),
    ("../../Dockerfile", "/a/b/compose.yml", "/Dockerfile"),
    ("../../../Dockerfile", "/a/b/compose.yml", "/Dockerfile"),  # no folder above the root, as the kernel has it
    ("/abs/Dockerfile", "/a/b/compose.yml", "/abs/Dockerfile"),
    ("a//b/./c", None, "{cwd}/a/b/c"),  # a relative path without a base: from the working directory
])
def test_path_key_is_text_only(ref, base, want, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert path_key(ref, base) == want.format(cwd=os.getcwd())


def test_pip_install_from_stdin_reads_no_file_of_this_host(tmp_path, monkeypatch):
    # fresh aa-akitaonrails-yomik-worker-gfx1151: `pip install -r /dev/stdin` in a Dockerfile; the loader read
    # whatever this machine's /dev/stdin held (in a sandbox where it is a regular file: leftover output)
    from rocmdoctor.artifacts.readers import read_all

    df = tmp_path / "Dockerfile"
    df.write_text("FROM python:3.11-slim\nRUN printf 'torch\\n' | pip install -r /dev/stdin\n")
    opened = []
    import rocmdoctor.artifacts.readers as readers

    real = readers.read_text
    monkeypatch.setattr(readers, "read_text", lambda p: opened.append(p) or real(p))
    settings = read_all([str(df)])
    assert not [p for p in opened if p.startswith("/dev/")]
    assert [a.path for a in settings.artifacts] == [str(df)]


# ---------------------------------------------------------------- references the loader follows: never the CWD

_CORPUS = os.path.join(os.path.dirname(__file__), "corpus", "artifacts")


def _findings(cfg: list[str], cwd, monkeypatch, example: str) -> list[tuple]:
    import rocmdoctor

    monkeypatch.chdir(cwd)
    r = rocmdoctor.scan(example=example, options={"config": cfg})
    return sorted((f.code, f.status.value, f.title, f.detail, tuple((e.source, e.text) for e in f.evidence))
                  for f in r.findings)


_CUDA_REQS = "--extra-index-url https://download.pytorch.org/whl/cu121\ntorch==2.3.1+cu121\n"
_ZERO3_FP16 = ('{"zero_optimization": {"stage": 3}, "fp16": {"enabled": true}, "train_batch_size": 7,'
               ' "train_micro_batch_size_per_gpu": 3, "gradient_accumulation_steps": 5}\n')


@pytest.mark.parametrize("name, example, decoy, text", [
    # istvan-fodor-ros2-video (clean): install_python_rec.sh runs `pip install -r requirements.txt` beside its own
    ("istvan-fodor-ros2-video", "rx7900xtx", "requirements.txt", _CUDA_REQS),
    # l7-gachet-t5-3b-ds-fp16: `--deepspeed ds_config.json`, a file the repository does not hold (its LABELS)
    ("l7-gachet-t5-3b-ds-fp16", "mi300x8", "ds_config.json", _ZERO3_FP16),
])
def test_the_same_set_gives_the_same_findings_from_any_working_directory(name, example, decoy, text, tmp_path,
                                                                        monkeypatch):
    # The loader tried the doctor's working directory before the naming file's folder: scanning from a folder
    # that holds a file of the same name (a CUDA torch pin, another DeepSpeed config) judged that file instead
    # (on the whole corpus from such a folder: dev 193 -> 188 sets right, 2 -> 4 clean sets flagged).
    src = os.path.join(_CORPUS, name)
    if not os.path.isdir(src):
        pytest.skip("corpus set not present")
    there, plain = tmp_path / "decoy", tmp_path / "plain"
    there.mkdir()
    plain.mkdir()
    (there / decoy).write_text(text)
    cfg = [os.path.abspath(src)]
    a, b = _findings(cfg, there, monkeypatch, example), _findings(cfg, plain, monkeypatch, example)
    assert a == b
    assert not [f for f in a if str(there) in repr(f) or decoy + " disagrees" in repr(f)]


def test_a_yaml_deepspeed_reference_and_a_model_folder_are_read_beside_the_file_not_in_the_cwd(tmp_path, monkeypatch):
    from rocmdoctor.artifacts.readers import read_all

    run = tmp_path / "run"
    (run / "model").mkdir(parents=True)
    (run / "train.yaml").write_text("stage: sft\nfinetuning_type: full\ndeepspeed: ds.json\nbf16: true\n"
                                    "model_name_or_path: model\n")
    (run / "ds.json").write_text('{"zero_optimization": {"stage": 2}, "bf16": {"enabled": true}}\n')
    (run / "model" / "config.json").write_text('{"model_type": "llama", "hidden_size": 2048, "num_hidden_layers": 16, '
                                               '"num_attention_heads": 32, "vocab_size": 128256}\n')
    cwd = tmp_path / "elsewhere"
    (cwd / "model").mkdir(parents=True)
    (cwd / "ds.json").write_text('{"zero_optimization": {"stage": 3}, "fp16": {"enabled": true}}\n')
    (cwd / "model" / "config.json").write_text('{"model_type": "llama", "hidden_size": 8192, "num_hidden_layers": 80, '
                                               '"num_attention_heads": 64, "vocab_size": 128256}\n')
    monkeypatch.chdir(cwd)
    s = read_all([str(run)])
    assert sorted(a.path for a in s.artifacts) == sorted(str(run / n) for n in ("ds.json", "model/config.json",
                                                                                 "train.yaml"))
    assert s.setups[0].deepspeed is not None and s.setups[0].deepspeed.path == str(run / "ds.json")


def test_a_reference_climbs_to_the_folder_named_and_no_higher(tmp_path, monkeypatch):
    # LLaMA-Factory is run from its repository root: `deepspeed: examples/deepspeed/ds_z3.json` in
    # examples/train_full/x.yaml names a file two folders up, inside the folder the user scans
    from rocmdoctor.artifacts.readers import read_all

    repo = tmp_path / "repo"
    (repo / "examples" / "train_full").mkdir(parents=True)
    (repo / "examples" / "deepspeed").mkdir()
    (repo / "examples" / "train_full" / "x.yaml").write_text(
        "stage: sft\nfinetuning_type: full\ndeepspeed: examples/deepspeed/ds_z3.json\n")
    (repo / "examples" / "deepspeed" / "ds_z3.json").write_text('{"zero_optimization": {"stage": 3}}\n')
    monkeypatch.chdir(tmp_path)
    setups = read_all([str(repo)]).setups
    assert [s.deepspeed.path for s in setups if s.path.endswith("x.yaml")] == \
        [os.path.normpath(str(repo / "examples" / "deepspeed" / "ds_z3.json"))]
    # scanning only the train_full folder: the file above it is outside what the user named
    s = read_all([str(repo / "examples" / "train_full")])
    assert [a.path for a in s.artifacts] == [str(repo / "examples" / "train_full" / "x.yaml")]


def test_a_dockerfile_reads_requirements_from_its_compose_build_context(tmp_path, monkeypatch):
    # compose in docker/ builds `context: ..`: `COPY requirements.txt .` copies the repository root's file;
    # docker/requirements.txt (another image's) and the CWD's are not the ones the build installs
    from rocmdoctor.artifacts.readers import read_all

    repo = tmp_path / "repo"
    (repo / "docker").mkdir(parents=True)
    (repo / "requirements.txt").write_text("transformers==4.44.0\n")
    (repo / "docker" / "requirements.txt").write_text("torch==2.3.1+cu121\n")
    (repo / "docker" / "Dockerfile").write_text("FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
                                                "WORKDIR /app\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n")
    (repo / "docker" / "compose.yml").write_text("services:\n  app:\n    build:\n      context: ..\n"
                                                 "      dockerfile: docker/Dockerfile\n")
    monkeypatch.chdir(tmp_path)
    s = read_all([str(repo / "docker")])
    reqs = [a.path for a in s.of_kind("requirements")]
    assert reqs == [str(repo / "docker" / "requirements.txt"), str(repo / "requirements.txt")]
    installed = [a for a in s.of_kind("requirements") if (a.data or {}).get("image_build")]
    assert [a.path for a in installed] == [str(repo / "requirements.txt")]


def test_an_absolute_path_inside_the_image_is_never_this_machines_file(tmp_path, monkeypatch):
    from rocmdoctor.artifacts.readers import read_all

    (tmp_path / "Dockerfile").write_text("FROM python:3.11\nCOPY reqs/base.txt /opt/app/base.txt\n"
                                         "RUN pip install -r /opt/app/base.txt\n")
    (tmp_path / "reqs").mkdir()
    (tmp_path / "reqs" / "base.txt").write_text("numpy\n")
    s = read_all([str(tmp_path / "Dockerfile")])
    assert [a.path for a in s.of_kind("requirements")] == [str(tmp_path / "reqs" / "base.txt")]


def test_pip_install_dot_in_a_dockerfile_reads_the_pyproject_of_its_build_context(tmp_path, monkeypatch):
    # deploy/docker/Dockerfile built by a script at the repository root (`docker build -f deploy/docker/Dockerfile .`):
    # `pip install .[rocm]` installs the root's pyproject; deploy/ (the folder above the Dockerfile) has another
    from rocmdoctor.artifacts.readers import read_all

    repo = tmp_path / "repo"
    (repo / "deploy" / "docker").mkdir(parents=True)
    (repo / "pyproject.toml").write_text('[project]\nname = "app"\ndependencies = ["flash-attn"]\n')
    (repo / "deploy" / "pyproject.toml").write_text('[project]\nname = "tools"\ndependencies = ["rich"]\n')
    (repo / "deploy" / "docker" / "Dockerfile").write_text("FROM python:3.11\nCOPY . /src\nWORKDIR /src\n"
                                                           "RUN pip install .[rocm]\n")
    (repo / "build.sh").write_text("#!/bin/bash\ndocker build -t app -f deploy/docker/Dockerfile .\n")
    monkeypatch.chdir(tmp_path)
    s = read_all([str(repo)])
    dock = next(a for a in s.artifacts if a.kind == "dockerfile")
    projects = [v.value for v in dock.values if v.name == "pip" and v.value.get("project")]
    assert [(os.path.relpath(p["project"], repo), p["requirements"]) for p in projects] == [("pyproject.toml", ["flash-attn"])]


def test_a_nested_requirements_file_is_relative_to_its_includer_alone(tmp_path, monkeypatch):
    # pip reads `-r common.txt` inside requirements/gpu.txt as requirements/common.txt: the root's common.txt (a
    # CUDA pin here) is not what that install reads, even inside the folder the user named; a script's own
    # `pip install -r requirements/gpu.txt` run from the root is found from its subfolder (scripts/)
    from rocmdoctor.artifacts.readers import read_all

    (tmp_path / "requirements").mkdir()
    (tmp_path / "scripts").mkdir()
    (tmp_path / "requirements" / "gpu.txt").write_text("-r common.txt\naccelerate\n")
    (tmp_path / "common.txt").write_text("torch==2.3.1+cu121\n")
    (tmp_path / "scripts" / "setup.sh").write_text("#!/bin/bash\npip install -r requirements/gpu.txt\n")
    monkeypatch.chdir(tmp_path / "scripts")
    s = read_all([str(tmp_path)])
    assert sorted(os.path.relpath(a.path, tmp_path) for a in s.artifacts) == ["requirements/gpu.txt", "scripts/setup.sh"]
    gpu = next(a for a in s.artifacts if a.path.endswith("gpu.txt"))
    assert gpu.data.get("installed_by")  # the script's pip line installs it
