"""checks/image_stages.py: RD-IMG-001 judges only the stages of a multi-stage Dockerfile that a build
for this machine makes (a `FROM ${ARG}` cuda/rocm/cpu switch, compose build.target, docker build
--target, the stages a target is built from); constructed files and a real fresh-batch-3 set
(tests/corpus/fresh/artifacts/arnojoosen-ai-workspace-compose)."""
import os

import pytest
from tests.lintacc_helpers import flagged, scan, write

FRESH3 = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")
SWITCH = """ARG BUILD_TARGET=cuda
FROM nvidia/cuda:12.6.3-cudnn-devel-ubuntu24.04 AS cuda
FROM ubuntu:24.04 AS cpu
FROM rocm/dev-ubuntu-22.04:6.2 AS rocm
FROM ${BUILD_TARGET}
RUN pip install numpy
"""
TWO = """FROM nvidia/cuda:12.4.1-devel-ubuntu22.04 AS cuda
RUN pip install torch
FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0 AS rocm
RUN pip install numpy
"""


def _img1(tmp_path, files):
    for name, text in files.items():
        write(tmp_path, name, text)
    return [f.evidence[0].source for f in flagged(scan([tmp_path], "RD-IMG-001", "rx7900xtx"))]


def test_a_build_arg_switch_with_a_rocm_stage_is_built_as_rocm(tmp_path):
    assert _img1(tmp_path, {"Dockerfile": SWITCH}) == []
    # without a ROCm choice the switch builds its default, the CUDA stage
    assert _img1(tmp_path, {"Dockerfile": SWITCH.replace("rocm/dev-ubuntu-22.04:6.2", "ubuntu:22.04")})


@pytest.mark.parametrize("files,flag", [
    ({"Dockerfile": TWO}, False),  # the last stage is built; the CUDA one above it is not needed
    ({"Dockerfile": TWO, "docker-compose.yml": "services:\n  t:\n    build: {context: ., target: rocm}\n"}, False),
    ({"Dockerfile": TWO, "docker-compose.yml": "services:\n  t:\n    build: {context: ., target: cuda}\n"}, True),
    ({"Dockerfile.gpu": TWO, "build.sh": "docker build --target cuda -f Dockerfile.gpu -t x .\n"}, True),
    ({"Dockerfile.gpu": TWO, "build.sh": "docker buildx build --target=rocm -f Dockerfile.gpu .\n"}, False),
    ({"Dockerfile": TWO + "COPY --from=cuda /usr/local/lib/x.so /opt/\n"}, True),  # the ROCm stage needs it
    ({"Dockerfile": TWO.replace("AS rocm", "AS rocm\nFROM cuda AS final")}, True),  # built from the CUDA stage
])
def test_only_the_stages_a_build_needs_are_judged(tmp_path, files, flag):
    assert bool(_img1(tmp_path, files)) is flag


def test_real_cuda_cpu_rocm_switch_dockerfile():
    d = os.path.join(FRESH3, "arnojoosen-ai-workspace-compose")
    assert flagged(scan([d], "RD-IMG-001", "rx7900xtx")) == []


@pytest.mark.parametrize("names, flag", [
    # spent fresh fz-kagurazaka (cu126/cu128/cu130.dockerfile beside rocm.dockerfile), qa-arrowmax and rj-slayerjs
    # (Dockerfile.nvidia beside Dockerfile.amd/.rocm): the project's per-vendor variants; this machine builds its own
    (("cu128.dockerfile", "rocm.dockerfile"), False), (("Dockerfile.nvidia", "Dockerfile.amd"), False),
    (("Dockerfile.cuda", "Dockerfile.rocm"), False),
    # no AMD-named file beside it, or a file that names no vendor: judged as before
    (("Dockerfile.cuda", "Dockerfile"), True), (("Dockerfile", "Dockerfile.rocm"), True),
    (("Dockerfile.cuda", "Dockerfile.amd64"), True),  # amd64 is an architecture, not the vendor
])
def test_another_vendors_dockerfile_beside_an_amd_one_is_its_variant(tmp_path, names, flag):
    cuda, other = names
    write(tmp_path, cuda, "FROM nvidia/cuda:12.4.0-runtime-ubuntu22.04\nRUN pip install torch\n")
    write(tmp_path, other, "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n")
    assert bool(flagged(scan([str(tmp_path)], "RD-IMG-001", "rx7900xtx"))) is flag


def test_another_vendors_dockerfile_a_service_builds_for_the_amd_gpu_is_judged(tmp_path):
    write(tmp_path, "Dockerfile.cuda", "FROM nvidia/cuda:12.4.0-runtime-ubuntu22.04\n")
    write(tmp_path, "Dockerfile.rocm", "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n")
    write(tmp_path, "docker-compose.yml", "services:\n  app:\n    build:\n      context: .\n"
          "      dockerfile: Dockerfile.cuda\n    devices: [/dev/kfd, /dev/dri]\n")
    assert flagged(scan([str(tmp_path)], "RD-IMG-001", "rx7900xtx"))
