"""RD-IMG-004: pip names PyPI does not carry (issue 24 §3): an operating-system package name
(`python3.10-venv`, from xknex/stable-diffusion-webui-rocm-pytorch-docker's bootstrap.sh), a ROCm
flavour written into a torch package's name (`torch-audio-rocm`), a one-letter typo of a common
package (`torchvison`). Real projects near a common name (gitpython, dataset) and installs from a
private index or local wheels are left alone."""
from __future__ import annotations

import pytest

from rocmdoctor.knowledge.pip_names import not_on_pypi
from tests.lintacc_helpers import corpus, flagged, scan, write


@pytest.mark.parametrize("name", ["python3.10-venv", "python3-dev", "libgl1", "torch-audio-rocm", "torch-rocm",
                                  "torchvison", "transfomers", "bitsandbyte"])
def test_names_pypi_does_not_carry(name):
    assert not_on_pypi(name)


@pytest.mark.parametrize("name", ["torch", "torchvision", "gitpython", "dataset", "transformer", "hydra-colorlog",
                                  "opencv-python-headless", "sentence-transformers", "vllm", "torchmetrics", ""])
def test_real_names_pass(name):
    assert not_on_pypi(name) is None


def test_script_and_requirements_file(tmp_path):
    write(tmp_path, "requirements.txt", "transformers\ntorchvison==0.19.0\n")
    p = write(tmp_path, "setup.sh", "#!/bin/bash\npip install -r requirements.txt\npip install python3-venv numpy\n")
    fs = flagged(scan([p], "RD-IMG-004", "rx7900xtx"))
    assert sorted(f.subject.rsplit(" ", 1)[-1] for f in fs) == ["python3-venv", "torchvison"]


def test_private_index_or_local_wheels_are_not_judged(tmp_path):
    p = write(tmp_path, "setup.sh", "#!/bin/bash\npip install --index-url https://pypi.internal.example/simple "
              "torch-rocm\npip install --no-index --find-links ./wheels torchvison\n")
    assert flagged(scan([p], "RD-IMG-004", "rx7900xtx")) == []


def test_real_bootstrap_script():
    fs = flagged(scan([corpus("xknex-sdwebui-rocm71")], "RD-IMG-004", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["bootstrap.sh:35"]
