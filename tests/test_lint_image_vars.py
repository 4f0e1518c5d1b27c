"""Image tags that name the ROCm release through the shell or the build (issue 24 §3): a variable
defined earlier in the script (IMAGE=rocm/pytorch:$ROCM_TAG), a `drun` alias (micmelesse/bert's
docker_run_amd.sh, whose set is in the holdout
split and so not read here), a Dockerfile ARG default, a compose `.env`. Each is judged by RD-IMG-003 like a
literal tag; a variable nothing defines stays unknown (no finding)."""
from __future__ import annotations

from tests.lintacc_helpers import flagged, scan, write


def _far(fs):
    return [f for f in flagged(fs) if "apart" in f.title]


def test_variable_defined_earlier(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nROCM_TAG=rocm5.5_ubuntu20.04_py3.8_pytorch_staging\n"
              "IMAGE=rocm/pytorch:$ROCM_TAG\ndocker run --device=/dev/kfd --device=/dev/dri $IMAGE python t.py\n")
    assert _far(scan([p], "RD-IMG-003", "mi300x8"))


def test_undefined_variable_is_not_judged(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\ndocker run --device=/dev/kfd --device=/dev/dri "
              "rocm/pytorch:$ROCM_TAG python t.py\n")
    assert _far(scan([p], "RD-IMG-003", "mi300x8")) == []


def test_alias_runs_the_image(tmp_path):
    p = write(tmp_path, "run.sh", "alias drun='sudo docker run -it --device=/dev/kfd --device=/dev/dri'\n"
              "drun rocm/tensorflow:rocm3.5-tf2.2-dev\n")
    assert _far(scan([p], "RD-IMG-003", "mi300x8"))


def test_arg_default_and_dotenv(tmp_path):
    d = write(tmp_path / "a", "Dockerfile", "ARG ROCM_VERSION=5.6\nFROM rocm/dev-ubuntu-22.04:${ROCM_VERSION}-complete\n")
    assert _far(scan([d], "RD-IMG-003", "mi300x8"))
    write(tmp_path / "b", ".env", "ROCM_TAG=rocm5.7_ubuntu22.04_py3.10_pytorch_2.0.1\n")
    c = write(tmp_path / "b", "compose.yml", "services:\n  t:\n    image: rocm/pytorch:${ROCM_TAG}\n    ipc: host\n")
    assert _far(scan([c], "RD-IMG-003", "mi300x8"))

