"""RD-IMG-005 (checks/image_build.py): `RUN pip install -r FILE` before anything of the build context
is in the image fails docker build; constructed Dockerfiles in several forms and a real fresh-batch-3
set (tests/corpus/fresh/artifacts/ibnpd-vllm-bench-docker, Dockerfile.rocm:29)."""
import os

import pytest
from tests.lintacc_helpers import flagged, scan, write

FRESH3 = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")
BASE = "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\nWORKDIR /app\n"


@pytest.mark.parametrize("body,bad", [
    ("RUN pip install --upgrade pip \\\n    && pip install -r requirements.txt\nCOPY . .\n", True),
    ("RUN [\"pip\", \"install\", \"-r\", \"reqs/base.txt\"]\n", True),
    ("COPY requirements.txt .\nRUN pip install -r requirements.txt\n", False),
    ("ADD . /app\nRUN pip install -r requirements.txt\n", False),
    ("RUN git clone https://github.com/x/y && cd y && pip install -r requirements.txt\n", False),
    ("RUN --mount=type=bind,source=requirements.txt,target=requirements.txt pip install -r requirements.txt\n", False),
    ("RUN wget -q https://example.org/r.txt -O requirements.txt\nRUN pip install -r requirements.txt\n", False),
    ("RUN pip install -r /opt/requirements.txt\n", False),  # a path the base image may hold
    ("RUN apt-get update && apt-get install -y git wget curl\nRUN pip install -r requirements.txt\n", True),  # packages
])
def test_pip_r_before_the_file_is_copied_fails(tmp_path, body, bad):
    p = write(tmp_path, "Dockerfile", BASE + body)
    fs = flagged(scan([p], "RD-IMG-005", "mi300x8"))
    assert bool(fs) is bad
    if bad:
        line = 3 + next(i for i, x in enumerate(body.splitlines()) if "-r" in x)  # the line naming the file
        assert fs[0].evidence[0].source.endswith(f":{line}") and fs[0].fix is not None


def test_a_stage_built_from_one_that_copied_has_the_files(tmp_path):
    p = write(tmp_path, "Dockerfile", BASE.replace("\n", " AS deps\n", 1) + "COPY . .\nFROM deps AS app\n"
              "RUN pip install -r requirements.txt\nFROM ubuntu:22.04\nRUN pip install -r requirements.txt\n")
    fs = flagged(scan([p], "RD-IMG-005", "mi300x8"))
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in fs] == ["7"]  # only the fresh stage


def test_real_vllm_bench_dockerfile():
    fs = flagged(scan([os.path.join(FRESH3, "ibnpd-vllm-bench-docker")], "RD-IMG-005", "mi300x8"))
    assert [f.evidence[0].source.rsplit("/", 1)[1] for f in fs] == ["Dockerfile.rocm:29"]
