"""rocmdoctor/artifacts/readers/pyproject.py: a project's pyproject.toml that nothing in the files installs is the
install its README asks for (`pip install -e .`, `poetry install`), judged like a requirements file nothing installs
(RD-IMG-002 in a new environment); one a `pip install .` installs is judged at that command only. Shapes from fresh
batch 243/245 sets (kencoken qwen-grpo: PEP 621 `torch>=2.11` and `vllm>=0.24`; lorypack dsllama: Poetry `torch = "2"`)."""
import os

import pytest
from rocmdoctor.artifacts.readers import pyproject, read_all
from rocmdoctor.commands.scan import check_config_paths
from tests.lintacc_helpers import flagged, scan, write

PEP621 = ('[project]\nname = "qwen-grpo"\nversion = "0.1.0"\ndependencies = [\n    "accelerate>=1.14.0",\n'
          '    "torch>=2.11",\n    "trl>=1.7.1",\n    "vllm>=0.24",\n]\n')
POETRY = ('[tool.poetry]\nname = "dsllama"\n\n[tool.poetry.dependencies]\npython = "^3.10"\ntorch = "^2.4.0"\n'
          'transformers = "*"\n')


def _places(tmp_path, example="mi300x8"):
    return [(f.status.value, f.evidence[0].source.rsplit("/", 1)[1], f.subject.rsplit(" ", 1)[-1])
            for f in flagged(scan([str(tmp_path)], "RD-IMG-002", example))]


def test_a_pep621_project_nothing_installs_is_judged_at_its_dependency_lines(tmp_path):
    write(tmp_path, "pyproject.toml", PEP621)
    assert _places(tmp_path) == [("fail", "pyproject.toml:6", "torch"), ("warn", "pyproject.toml:8", "vllm")]
    assert _places(tmp_path, "no-gpu") == []  # PyPI's torch is the right one where no AMD GPU is


def test_poetry_dependencies_become_requirements_and_a_named_source_is_their_index(tmp_path):
    write(tmp_path, "pyproject.toml", POETRY)
    # `^2.4.0` is >=2.4.0, which the host's torch meets: PyPI's build in the new environment the project makes
    assert _places(tmp_path) == [("warn", "pyproject.toml:6", "torch")]
    write(tmp_path, "pyproject.toml", POETRY.replace('torch = "^2.4.0"', 'torch = {version = "^2.4.0", source = "rocm"}')
          + '\n[[tool.poetry.source]]\nname = "rocm"\nurl = "https://download.pytorch.org/whl/rocm6.2"\n')
    assert _places(tmp_path) == []


@pytest.mark.parametrize("spec,want", [("*", "torch"), ("^2.4.0", "torch>=2.4.0"), ("~2.4", "torch>=2.4"),
                                       ("2.5.1", "torch==2.5.1"), (">=2.1,<3", "torch>=2.1,<3")])
def test_poetry_constraints_read_as_pep508(tmp_path, spec, want):
    path = write(tmp_path, "pyproject.toml", POETRY.replace('"^2.4.0"', f'"{spec}"'))
    art = pyproject.read(path, open(path).read())
    assert art is not None and art.data["requirements"][0] == want


def test_a_project_a_dockerfile_installs_is_judged_at_that_command_only(tmp_path):
    write(tmp_path, "pyproject.toml", PEP621)
    write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2\nCOPY . .\nRUN pip install -e .\n")
    assert {p for _s, p, _n in _places(tmp_path)} == {"Dockerfile:3"}
    assert not any(a.path.endswith("pyproject.toml") for a in read_all([str(tmp_path)]).artifacts)


def test_a_pyproject_of_tool_settings_only_is_no_install_and_no_launch_file(tmp_path):
    path = write(tmp_path, "pyproject.toml", '[tool.ruff]\nline-length = 120\n')
    assert pyproject.read(path, open(path).read()) is None and not pyproject.declares_dependencies(path)
    assert "no launch script" in (check_config_paths([str(tmp_path)]) or "")
    write(tmp_path, "pyproject.toml", PEP621)  # a project's dependencies are enough to scan the folder
    assert check_config_paths([str(tmp_path)]) is None


def test_a_broken_pyproject_is_skipped_not_fatal(tmp_path):
    path = write(tmp_path, "pyproject.toml", '[project\ndependencies = ["torch"]\n')
    assert pyproject.read(path, open(path).read()) is None
    assert not pyproject.declares_dependencies(os.path.join(str(tmp_path), "missing", "pyproject.toml"))


def test_poetry_git_path_and_alternative_dependencies_are_not_pypi_installs(tmp_path):
    path = write(tmp_path, "pyproject.toml", POETRY + 'flash-attn = {git = "https://github.com/ROCm/flash-attention.git"}\n'
                 'mylib = {path = "../mylib"}\nnumpy = "1.26 || 2.0"\n')
    art = pyproject.read(path, open(path).read())
    assert art is not None and art.data["requirements"] == ["torch>=2.4.0", "transformers"]


def test_a_primary_poetry_source_serves_every_dependency_without_its_own(tmp_path):
    # an index by its gfx path (AMD's per-target wheels), in a file that names ROCm nowhere else: the index decides
    gfx = ('\n[[tool.poetry.source]]\nname = "amd"\nurl = "https://example.org/v2/gfx942/"\npriority = "primary"\n')
    write(tmp_path, "pyproject.toml", POETRY.replace('"^2.4.0"', '"2.5.*"') + gfx)
    assert _places(tmp_path) == []
    write(tmp_path, "pyproject.toml", POETRY.replace('"^2.4.0"', '"2.5.*"') + gfx.replace("primary", "explicit"))
    assert _places(tmp_path) == [("fail", "pyproject.toml:6", "torch")]  # an explicit source serves only its own


def test_one_install_is_judged_once(tmp_path):
    # a requirements file beside the project is the install its README names: the pyproject is not judged again
    write(tmp_path, "pyproject.toml", PEP621)
    write(tmp_path, "requirements.txt", "torch>=2.11\n")
    assert [p for _s, p, _n in _places(tmp_path)] == ["requirements.txt:1"]
    # a Poetry project a Dockerfile installs from its build context (`COPY . /app`, `pip install -e /app`)
    d = tmp_path / "poetry"
    write(d, "pyproject.toml", POETRY)
    write(d, "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2\nCOPY . /app\nRUN pip install -e /app\n")
    assert not any(p.startswith("pyproject.toml") for _s, p, _n in _places(d))


def test_a_pyproject_named_by_itself_is_read(tmp_path):
    path = write(tmp_path, "pyproject.toml", PEP621)
    assert check_config_paths([path]) is None
    assert [p for _s, p, _n in flagged_places(path)] == ["pyproject.toml:6", "pyproject.toml:8"]


def flagged_places(path):
    return [(f.status.value, f.evidence[0].source.rsplit("/", 1)[1], f.subject)
            for f in flagged(scan([path], "RD-IMG-002", "mi300x8"))]


def test_a_poetry_project_a_script_installs_is_judged_at_the_install(tmp_path):
    # `pip install -e .` reads Poetry's dependencies as it reads PEP 621's (one reader, readers/pyproject.py)
    write(tmp_path, "pyproject.toml", POETRY.replace('"^2.4.0"', '"2.1.2"'))
    write(tmp_path, "setup.sh", "#!/bin/bash\npip install -e .\n")
    assert [(s, p) for s, p, _n in _places(tmp_path)] == [("fail", "setup.sh:2")]


def test_a_named_pyproject_that_is_not_text_is_named_not_a_crash(tmp_path):
    # found by the fuzz target artifacts.pyproject: bytes that are not UTF-8 in a pyproject named by itself
    p = tmp_path / "pyproject.toml"
    p.write_bytes(b'[project]\ndependencies = ["torch\xff"]\n')
    fs = scan([str(p)], "RD-IMG-002", "mi300x8") + scan([str(p)], "RD-CFG-001", "mi300x8")
    assert [f.status.value for f in fs] == ["skip", "skip"]  # nothing to judge, no check crashed
    assert "not UTF-8 text" in (check_config_paths([str(p)]) or "")  # the CLI says why before scanning
