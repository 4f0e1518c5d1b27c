"""RD-IMG-002 on AMD's framework images (issue 24 §3: `pip install deepspeed` on an image whose torch is
already the ROCm build is not a warning): rocm/vllm, rocm/primus, rocm/sgl-dev ... carry a ROCm torch
2.x, so deepspeed and a lower-bound-only torch requirement keep it; a pin that torch 2.x cannot meet
or --upgrade still replaces it. Real files: FlexCode29/financial-grpo (rocm/vllm + deepspeed) and
DmitriiNikolaevAtAmd/tprimat (rocm/primus + torch>=2.0.0 requirements)."""
from __future__ import annotations

import pytest

from tests.lintacc_helpers import corpus, flagged, scan, write


@pytest.mark.parametrize("base", ["rocm/vllm:rocm6.3.1_vllm_0.8.5_20250513", "rocm/primus:v25.11",
                                  "docker.io/rocm/sgl-dev:20250701"])
def test_deepspeed_and_lower_bound_torch_keep_the_images_torch(tmp_path, base):
    write(tmp_path, "requirements.txt", "torch>=2.0.0\nlightning>=2.0.0\n")
    p = write(tmp_path, "Dockerfile", f"FROM {base}\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n"
              "RUN pip install deepspeed==0.16.4\n")
    assert flagged(scan([p], "RD-IMG-002", "mi300x8")) == []


def test_a_torch_1_pin_or_upgrade_still_replaces_it(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM rocm/vllm:rocm6.3.1_vllm_0.8.5_20250513\nRUN pip install torch==1.13.1\n"
              "RUN pip install -U torch\n")
    assert len(flagged(scan([p], "RD-IMG-002", "mi300x8"))) == 2


def test_unknown_rocm_pytorch_tag_keeps_only_unpinned_torch(tmp_path):
    # rocm/pytorch:latest once carried torch 1.x: a lower bound is not known to be met
    p = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nRUN pip install 'torch>=2.3'\n")
    assert flagged(scan([p], "RD-IMG-002", "mi300x8"))


@pytest.mark.parametrize("name", ["flexcode29-grpo-vllm", "dmitrii-tprimat-primus"])
def test_real_framework_image_builds(name):
    assert flagged(scan([corpus(name)], "RD-IMG-002", "mi300x8")) == []
