"""checks/container_config/cpu_builds.py: a service's own build that makes a CPU program (a plain language or distribution
base, no GPU stack in its Dockerfiles or the set's requirements) is no sign of GPU work (RD-CTR-003)."""
import pytest

from rocmdoctor.artifacts.readers import read_all
from rocmdoctor.checks.container_config.cpu_builds import plain_build
from tests.lintacc_helpers import flagged, scan, write


# A service's own build from a plain base that installs no GPU stack is a CPU program (spent fresh sets: a FastAPI
# backend FROM python:3.11-slim that fetches HIPIFY's perl script, a notebook client FROM python:3.10-slim); the
# same build that installs torch, or one whose base is a GPU image or absent from the files, is still GPU work.
@pytest.mark.parametrize("dockerfile, reqs, flag", [
    ("FROM python:3.11-slim\nRUN wget -qO /usr/local/bin/hipify-perl https://raw.githubusercontent.com/ROCm/HIPIFY/"
     "amd-stg-open/bin/hipify-perl\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n", "fastapi\nuvicorn\n",
     False),
    ("FROM node:20-alpine AS deps\nFROM deps\nRUN npm ci\n", None, False),
    ("FROM python:3.11-slim\nRUN pip install torch\n", None, True),
    ("FROM python:3.11-slim\nRUN pip install ultralytics fastapi uvicorn\n", None, True),  # ultralytics needs torch
    ("FROM python:3.11-slim\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n", "peft\n", True),
    ("FROM python:3.11-slim\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n", "torch==2.3.0\n", True),
    ("FROM rocm/dev-ubuntu-22.04:6.2\nRUN make\n", None, True),
    (None, None, True),  # the Dockerfile is not among the files: its build may do anything
])
def test_a_plain_cpu_build_is_no_gpu_work(tmp_path, dockerfile, reqs, flag):
    write(tmp_path, "docker-compose.yml", "services:\n  backend:\n    build: .\n    ports: ['8000:8000']\n")
    if dockerfile is not None:
        write(tmp_path, "Dockerfile", dockerfile)
    if reqs is not None:
        write(tmp_path, "requirements.txt", reqs)
    assert bool(flagged(scan([str(tmp_path)], "RD-CTR-003", "rx7900xtx"))) is flag


def test_plain_build_reads_every_dockerfile_and_the_requirements(tmp_path):
    write(tmp_path, "Dockerfile", "FROM python:3.12-slim\nRUN pip install fastapi\n")
    write(tmp_path, "Dockerfile.worker", "FROM python:3.12-slim\nRUN pip install onnxruntime-gpu\n")
    s = read_all([str(tmp_path)])
    [web, worker] = sorted(s.of_kind("dockerfile"), key=lambda d: d.path)
    assert plain_build(s, [web]) and not plain_build(s, [web, worker]) and not plain_build(s, [])
    write(tmp_path, "requirements.txt", "# torch comes from the image\nrequests\n")
    assert plain_build(read_all([str(tmp_path / "Dockerfile"), str(tmp_path / "requirements.txt")]), [web])
