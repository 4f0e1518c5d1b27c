"""checks/container_config/variants.py: a deployment's CPU variant by its own names, and image names as pulled."""
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
