"""checks/container_config/variants.py: a deployment's CPU variant by its own names, a docker run in the other
vendor's branch, and image names as pulled."""
from __future__ import annotations

from types import SimpleNamespace as NS

import pytest

from checks.container_config.variants import cpu_variant, untagged


@pytest.mark.parametrize("path, name, svc, cpu", [
    ("/p/docker-compose-cpu.yml", "app", {"image": "me/app:1"}, True),
    ("/p/docker-compose.yml", "app-cpu", {"image": "me/app:1"}, True),
    ("/p/docker-compose.yml", "app", {"build": {"dockerfile": "Dockerfile.cpu"}}, True),
    ("/p/docker-compose.yml", "app", {"image": "me/app:2.1-cpu"}, True),
    # look-alikes: a word that only contains the letters, a GPU variant
    ("/p/docker-compose.yml", "cpupower", {"image": "me/app:1"}, False),
    ("/p/docker-compose.rocm.yml", "app", {"image": "me/app:rocm"}, False),
])
def test_a_cpu_variant_is_named_so(path, name, svc, cpu):
    assert cpu_variant(NS(path=path), name, svc) is cpu


def test_a_bare_name_is_its_latest_tag():
    assert untagged("me/app:latest") == untagged("me/app") == "me/app"
    assert untagged("me/app:1.0") == "me/app:1.0" and untagged(None) == ""


def test_a_docker_run_in_the_other_vendors_branch_of_a_script_is_not_judged(tmp_path):
    # Microsoft's LTP SGLang run_container.sh (fresh batch 128): `if [ "$device" == "cuda" ]; then docker run --gpus all
    # ...; elif [ "$device" == "rocm" ]; then docker run --device=/dev/kfd ...`: the cuda branch never runs here
    from tests.lintacc_helpers import flagged, scan, write

    run = ("#!/bin/bash\ndevice=$1\nif [ \"$device\" == \"cuda\" ]; then\n    docker run -it --gpus all --ipc=host img:cu\n"
           "elif [ \"$device\" == \"rocm\" ]; then\n    docker run -it --ipc=host --device=/dev/kfd --device=/dev/dri img:rocm\n"
           "fi\n")
    p = write(tmp_path, "run_container.sh", run.replace("img:cu", "nvcr.io/nvidia/pytorch:24.01-py3"))
    assert flagged(scan([p], "RD-CTR-004", "mi300x8")) == []
    assert flagged(scan([p], "RD-IMG-001", "mi300x8")) == []  # nor is the image that branch runs (review)
    # look-alike: with no ROCm branch beside it, the same run is this machine's
    q = write(tmp_path, "q/run_container.sh", run.replace('elif [ "$device" == "rocm" ]', 'elif [ "$device" == "cpu" ]'))
    assert flagged(scan([q], "RD-CTR-004", "mi300x8"))
