"""checks/image_torch.py (through RD-IMG-002): a pip line after the same file installed a ROCm torch, or
in a host script that already imports the host's ROCm torch, keeps that torch unless it asks for
another; constructed files in several forms and a real fresh-batch-3 set
(tests/corpus/fresh/artifacts/ovi2020-granite-mi300x-setup)."""
import os

import pytest
from tests.lintacc_helpers import flagged, scan, write

FRESH3 = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")
ROCM_TORCH = "pip install torch==2.4.1 torchvision --index-url https://download.pytorch.org/whl/rocm6.2\n"


def _img2(tmp_path, name, text, example="mi300x8"):
    return [f.title for f in flagged(scan([write(tmp_path, name, text)], "RD-IMG-002", example))]


@pytest.mark.parametrize("name,first", [
    ("setup.sh", "#!/bin/bash\n" + ROCM_TORCH),
    ("Dockerfile", "FROM ubuntu:22.04\nRUN " + ROCM_TORCH),
    ("setup2.sh", "#!/bin/bash\npip install https://download.pytorch.org/whl/rocm6.2/torch-2.4.1%2Brocm6.2-cp310-"
                  "cp310-linux_x86_64.whl\n"),
])
def test_deepspeed_after_a_rocm_torch_installed_by_the_same_file_is_no_warning(tmp_path, name, first):
    run = "RUN " if name == "Dockerfile" else ""
    assert _img2(tmp_path, name, first + f"{run}pip install 'deepspeed>=0.14.0' flash-attn --no-build-isolation\n") == []
    bad = _img2(tmp_path, name, first + f"{run}pip install deepspeed 'torch==2.1.0'\n{run}pip install -U torch\n")
    assert len(bad) == 2  # a torch pin the ROCm build does not meet, and an upgrade from PyPI, still replace it


def test_a_rocm_torch_later_in_the_file_does_not_cover_an_earlier_pip(tmp_path):
    assert _img2(tmp_path, "setup.sh", "#!/bin/bash\npip install deepspeed\n" + ROCM_TORCH)


@pytest.mark.parametrize("between,flag", [
    ("", False),                                              # runs in the env whose torch it just imported
    ("python3 -m venv .venv && . .venv/bin/activate\n", True),  # a fresh venv has no torch
    ("conda create -y -n ft python=3.10\n", True),
])
def test_a_host_script_that_imports_the_hosts_rocm_torch_keeps_it(tmp_path, between, flag):
    text = f"#!/bin/bash\npython3 -c \"import torch; print(torch.__version__)\"\n{between}pip install deepspeed>=0.14\n"
    assert bool(_img2(tmp_path, "setup.sh", text)) is flag
    # without the import the environment is unknown: a warning as before
    assert _img2(tmp_path, "other.sh", "#!/bin/bash\npip install deepspeed>=0.14\n")


def test_real_setup_script_that_checks_its_rocm_torch_then_installs_deepspeed_and_flash_attn():
    d = os.path.join(FRESH3, "ovi2020-granite-mi300x-setup")
    fs = flagged(scan([os.path.join(d, "00_rocm_setup.sh")], "RD-IMG-002", "mi300x8"))
    assert fs == [], [f.title for f in fs]
