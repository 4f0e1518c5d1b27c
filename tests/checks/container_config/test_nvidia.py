"""checks/container_config/nvidia.py: the ways a container asks for NVIDIA's GPUs, and every line a fix of them
changes: a pod's limit and request, its NVIDIA node labels, a compose reservation's `deploy:` and its device, in the
file that writes them."""
from rocmdoctor.artifacts.settings import Artifact
from rocmdoctor.checks.container_config.nvidia import nvidia_requests, request_lines

from tests.checks.test_container_config import NVIDIA_POD
from tests.lintacc_helpers import flagged, scan, write


def test_a_reservation_asks_once_and_is_cited_at_deploy_and_at_its_device():
    text = ("services:\n  app:\n    image: x/y:1\n    deploy:\n      resources:\n        reservations:\n"
            "          devices:\n            - driver: nvidia\n")
    a = Artifact("/p/docker-compose.yml", "compose", text)
    svc = {"line": 2, "last": 8, "deploy": {"resources": {"reservations": {"devices": [{"driver": "nvidia"}]}}}}
    a.add("container", "deploy", svc["deploy"], 4)
    a.add("container", "gpu_request", {"driver": "nvidia"}, 8)
    assert [w for w, _ in nvidia_requests(a, svc, None)] == [
        "deploy.resources.reservations.devices: driver nvidia / capabilities [gpu]"]
    assert [e.source for e in request_lines(a, svc)] == ["/p/docker-compose.yml:4"]
    # a pod: each asking line it records (limits, requests, node labels); a service asking nothing cites nothing
    pod = {"line": 7, "last": 16, "gpu_resources": {"nvidia.com/gpu": 1}, "gpu_resource_lines": [14, 16],
           "node_lines": [5]}
    assert [e.source.rsplit(":", 1)[1] for e in request_lines(Artifact("/p/pod.yaml", "kubernetes", "x\n" * 20), pod)] \
        == ["14", "16", "5"]
    assert request_lines(a, {"line": 2, "last": 3}) == []


def test_every_line_a_fix_of_the_nvidia_request_changes_is_cited(tmp_path):
    # fresh batch 114 (aibrix, awslabs ray-vllm): labels name the limit and the request; a compose reservation is
    # labelled at `deploy:` or at `driver: nvidia`; a service that `extends:` another file's takes it from there
    pod = write(tmp_path, "pod.yaml", NVIDIA_POD)
    [f] = flagged(scan([pod], "RD-CTR-004", "mi300x8"))
    assert {e.source.rsplit(":", 1)[1] for e in f.evidence} >= {"14", "16"}
    base = write(tmp_path, "compose.base.yml", "services:\n  app-base:\n    build: .\n    deploy:\n      resources:\n"
                 "        reservations:\n          devices:\n            - driver: nvidia\n              count: all\n")
    top = write(tmp_path, "compose.yml", "services:\n  webui:\n    extends:\n      file: compose.base.yml\n"
                "      service: app-base\n    shm_size: 8g\n")
    [f] = flagged(scan([top, base], "RD-CTR-004", "mi300x8"))
    assert [e.source for e in f.evidence] == [f"{top}:2", f"{base}:4", f"{base}:8"]
    [f] = flagged(scan([base], "RD-CTR-004", "mi300x8"))  # the base alone: its own service, both lines
    assert sorted(e.source for e in f.evidence) == [f"{base}:4", f"{base}:8"]


def test_the_lines_cited_are_the_nvidia_ones_and_an_extends_chain_is_followed_to_its_file(tmp_path):
    # review of wave 27: a pod's amd.com/gpu lines are no line a fix of `runtimeClassName: nvidia` changes; that
    # line is; a chain of `extends:` across three files cites the file that writes the reservation
    pod = write(tmp_path, "pod.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  runtimeClassName: nvidia\n"
                "  containers:\n  - name: c\n    image: rocm/pytorch:latest\n    resources:\n"
                "      limits: {amd.com/gpu: 1}\n      requests: {amd.com/gpu: 1}\n")
    [f] = flagged(scan([pod], "RD-CTR-004", "mi300x8"))
    assert [e.source for e in f.evidence] == [f"{pod}:5"]
    c = write(tmp_path, "c.yml", "services:\n  gpu:\n    image: rocm/pytorch:latest\n    deploy:\n      resources:\n"
              "        reservations:\n          devices:\n            - driver: nvidia\n")
    b = write(tmp_path, "b.yml", "services:\n  mid:\n    extends: {file: c.yml, service: gpu}\n")
    top = write(tmp_path, "docker-compose.yml", "services:\n  app:\n    extends: {file: b.yml, service: mid}\n"
                "    shm_size: 8g\n")
    for order in ([b, c, top], [top, b, c]):  # in any order the files are given (the chain resolves in passes)
        [f] = flagged(scan(order, "RD-CTR-004", "mi300x8"))
        assert [e.source for e in f.evidence][-2:] == [f"{c}:4", f"{c}:8"]
    # a loop of extends (a -> b -> a) reads without end
    loop = write(tmp_path, "loop/docker-compose.yml", "services:\n  a:\n    extends: {service: b}\n    image: x/y:1\n"
                 "  b:\n    extends: {service: a}\n    gpus: all\n")
    assert flagged(scan([loop], "RD-CTR-004", "mi300x8"))

