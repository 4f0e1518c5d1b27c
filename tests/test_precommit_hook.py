"""The pre-commit hook (.pre-commit-hooks.yaml) run as pre-commit runs it: its entry with the
changed file names appended."""
import os
import re
import shlex
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIGS = os.path.join(ROOT, "tests", "data", "configs")


@pytest.fixture(scope="module")
def hook():
    yaml = pytest.importorskip("yaml")
    with open(os.path.join(ROOT, ".pre-commit-hooks.yaml"), encoding="utf-8") as fh:
        [h] = yaml.safe_load(fh)
    assert h["id"] == "rocmdoctor-config" and h["language"] == "python" and h["pass_filenames"] is True
    return h


def _run(hook, files, cwd):
    argv = shlex.split(hook["entry"]) + list(hook.get("args") or []) + files
    assert argv[0] == "rocmdoctor"
    return subprocess.run([sys.executable, "-m", "rocmdoctor", *argv[1:]], capture_output=True, text=True,
                          cwd=cwd, timeout=120, env=dict(os.environ, NO_COLOR="1"))


def test_the_hook_selects_launch_and_container_files(hook):
    rx = re.compile(hook["files"])
    for name in ("train.sh", "docker/Dockerfile", "Dockerfile.rocm", "ds_z3.json", "compose.yaml", "job.sbatch",
                 "requirements.txt", "llama3_lora_sft.yaml", "x.Dockerfile"):
        assert rx.search(name), name
    for name in ("README.md", "setup.py", "src/model.py"):
        assert not rx.search(name), name


def test_the_hook_fails_on_a_broken_file_and_names_its_line(hook, tmp_path):
    r = _run(hook, [os.path.join(CONFIGS, "llamafactory_docker-cuda_docker-compose.yml")], tmp_path)
    assert r.returncode == 1, r.stderr
    assert "RD-CTR-003" in r.stdout and "docker-compose.yml:3" in r.stdout


def test_the_hook_passes_unrelated_files_with_a_note(hook, tmp_path):
    (tmp_path / "notes.txt").write_text("just notes\n")
    (tmp_path / "data.json").write_text('{"rows": [1, 2]}\n')
    r = _run(hook, ["notes.txt"], tmp_path)
    assert r.returncode == 0 and "skipped notes.txt" in r.stderr


def test_a_file_argument_that_does_not_exist_is_a_usage_error(capsys):
    from rocmdoctor.cli import main

    assert main(["scan", "quick"]) == 2  # meant --level quick: never a silent "nothing to lint"
    assert "quick: no such file or directory" in capsys.readouterr().err
