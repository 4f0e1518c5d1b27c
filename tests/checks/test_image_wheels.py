"""checks/image_wheels.py (RD-IMG-003 for pip): a torch wheel whose ROCm is newer than the host's beyond the
support window, from its index, a +rocm pin or the wheel's file name; a real fresh-batch-4 set and look-alikes."""
import os

import pytest
from tests.lintacc_helpers import flagged, scan, write


# https://github.com/nirmalpratheep/llama3.1_Train_benchmark/blob/082d03cf5946d1f25a33ea5dc7e83d60748518f3/install_pytorch_rocm.sh
# line 40: pip3 install --pre torch torchvision torchaudio --index-url https://download.pytorch.org/whl/nightly/rocm7.0
def test_real_torch_wheel_index_newer_than_the_host_fails():
    fs = flagged(scan([os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts",
                                    "nirmalpratheep-llama31-mi300x-scripts")], "RD-IMG-003", "mi300x8"))
    assert [(f.status.value, f.evidence[0].source.rsplit("/", 1)[1]) for f in fs] == [
        ("fail", "install_pytorch_rocm.sh:40")]


@pytest.mark.parametrize("line, bad", [
    ("pip install torch --index-url https://download.pytorch.org/whl/rocm6.4", False),  # two releases: inside
    ("pip install torch==2.9.0+rocm7.0 --extra-index-url https://download.pytorch.org/whl/rocm7.0", True),
    ("pip install https://repo.radeon.com/rocm/manylinux/rocm-rel-7.1/torch-2.8.0%2Brocm7.1.0-cp312-cp312-"
     "linux_x86_64.whl", True),
    ("pip install torch --index-url https://download.pytorch.org/whl/rocm5.7", False),  # older: RD-ENV-002's
    ("pip install transformers --index-url https://download.pytorch.org/whl/rocm7.0", False),  # not a torch
])
def test_torch_wheel_rocm_against_the_host(tmp_path, line, bad):
    p = write(tmp_path, "setup.sh", f"#!/bin/bash\n{line}\n")
    assert bool(flagged(scan([p], "RD-IMG-003", "rx7900xtx"))) == bad
