"""`pip install` and `uv pip install` options that take the next word as their value (--retries 10, --timeout 300,
--python .venv/bin/python) are options, never packages (rocmdoctor/artifacts/readers/shell/builds.py); pip's grammar:
https://pip.pypa.io/en/stable/cli/pip_install/ , uv's: https://docs.astral.sh/uv/reference/cli/#uv-pip-install"""
from __future__ import annotations

import pytest

from rocmdoctor.artifacts.readers.shell import pip_requirements
from tests.lintacc_helpers import flagged, scan, write


def test_value_options_are_not_requirements():
    # https://github.com/adam2893/vellichor-web/blob/faca0b5cb4bc8d703e17bab8d825d30e81464c50/Dockerfile line 31
    reqs, opts = pip_requirements("pip install --retries 10 --timeout 300 torch==2.6.0 torchaudio==2.6.0 "
                                  "--index-url https://download.pytorch.org/whl/cu124".split())
    assert reqs == ["torch==2.6.0", "torchaudio==2.6.0"] and opts["retries"] == ["10"] and opts["timeout"] == ["300"]
    # https://github.com/lucasmcoleman/Scriberr/blob/0da21c766d6ba2d700ba0d900153bc7d5817c96a/Dockerfile.rocm line 113
    reqs, _ = pip_requirements(["uv", "pip", "install", "--python", ".venv/bin/python", "transformers>=4.46",
                                "accelerate>=0.34", "soundfile"])
    assert reqs == ["transformers>=4.46", "accelerate>=0.34", "soundfile"]
    # flags without a value still leave the next word a package
    assert pip_requirements("pip install --no-cache-dir --upgrade torch".split())[0] == ["torch"]


def test_retries_and_timeout_are_not_packages_missing_from_the_index(tmp_path):
    # the CPU stage of vellichor-web's Dockerfile (line 104): the only index is PyTorch's, and every name is on it
    p = write(tmp_path, "Dockerfile", "FROM python:3.11-slim\nRUN pip install --retries 10 --timeout 300 torch==2.6.0 "
              "torchaudio==2.6.0 \\\n    --index-url https://download.pytorch.org/whl/cpu\n")
    assert not [f for f in flagged(scan([p], "RD-IMG-004", "rx7900xtx")) if "10" in f.title]


# 1ordo's Strix Halo setup.sh (fresh batch 37): `pip install torchvision --index-url ... --no-deps -q 2>/dev/null
# || true` read `2>/dev/null` as a package (RD-IMG-004: "not on PyTorch's wheel index")
@pytest.mark.parametrize("line, reqs", [
    ("pip install torchvision --no-deps -q 2>/dev/null", ["torchvision"]),
    ("pip install a b > log.txt 2>&1", ["a", "b"]),
    ("pip install a &>/dev/null", ["a"]),
    ("pip install a >> pip.log", ["a"]),
    ("pip install 'torch>=2.0' numpy", ["'torch>=2.0'", "numpy"]),  # quoting is the reader's before this
])
def test_redirections_are_not_packages(line, reqs):
    assert pip_requirements(line.split())[0] == reqs
