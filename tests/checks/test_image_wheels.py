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
    ("pip install torch --index-url https://download.pytorch.org/whl/rocm5.7", True),  # older, the one problem
    ("pip install torch --index-url https://download.pytorch.org/whl/rocm6.0", False),  # older, inside the window
    ("pip install transformers --index-url https://download.pytorch.org/whl/rocm7.0", False),  # not a torch
    # a +rocm pin with no index that carries it installs nothing (RD-IMG-002 names that; fresh batch 15, sa-allc6)
    ("pip install torch==2.9.0+rocm7.0", False),
    ("pip install torch==2.9.0+rocm7.0 --find-links https://repo.radeon.com/rocm/manylinux/rocm-rel-7.0/", True),
])
def test_torch_wheel_rocm_against_the_host(tmp_path, line, bad):
    p = write(tmp_path, "setup.sh", f"#!/bin/bash\n{line}\n")
    assert bool(flagged(scan([p], "RD-IMG-003", "rx7900xtx"))) == bad


def test_an_amd_image_tagged_by_date_carries_the_rocm_of_its_time(tmp_path):
    from tests.lintacc_helpers import flagged, scan, write

    # https://github.com/DmitriiNikolaevAtAmd/tprimat/blob/b02e209daec1b3b7da968e44bed2a0186fb84bf7/amd.Dockerfile
    p = write(tmp_path, "amd.Dockerfile", "FROM rocm/primus:v25.11\n\nRUN apt-get update && apt-get install -y \\\n    git\n")
    found = flagged(scan([p], "RD-IMG-003", "mi300x8"))
    assert [f.data["image_rocm"] for f in found] == [">=7.0"] and found[0].evidence[0].source.endswith(":1")
    # look-alikes: an image of the host's time (silogen/ai-workloads' rocm/pytorch-training:v25.5: ROCm 6.3 or newer,
    # inside the window), and a tag that names its ROCm beside a date (judged by the ROCm it names: 6.4)
    for image in ("rocm/pytorch-training:v25.5", "rocm/vllm:rocm6.4.1_vllm_0.10.1_20250909"):
        q = write(tmp_path / image.replace("/", "_").replace(":", "_"), "Dockerfile", f"FROM {image}\n")
        assert flagged(scan([q], "RD-IMG-003", "mi300x8")) == [], image


# https://github.com/djtlb/ai-music-generation/blob/a1979b0f1eb3e4b7375d987d44ac9a150ab0c169/Dockerfile.rocm:1,18-19
DJTLB = ("FROM {base}\n\nWORKDIR /app\n\n# Install PyTorch with ROCm support\nRUN pip install --upgrade pip && \\\n"
         "    pip install torch==2.1.0 torchvision==0.16.0 torchaudio==2.1.0 {opt} https://download.pytorch.org/whl/{ch}\n")


@pytest.mark.parametrize("base,opt,ch,example,flag", [
    ("python:3.11-slim", "--index-url", "rocm5.6", "rx7900xtx", True),   # ROCm 5.6 user space on a 6.2 driver
    ("python:3.11-slim", "--index-url", "rocm6.1", "rx7900xtx", False),  # within the window
    ("python:3.11-slim", "--extra-index-url", "rocm5.6", "rx7900xtx", False),  # PyPI's CUDA torch wins: RD-IMG-002
    ("python:3.11-slim", "--index-url", "nightly/rocm5.6", "rx7900xtx", False),  # a retired channel: RD-IMG-010
    ("python:3.11-slim", "--index-url", "rocm5.6", "mi300x8", False),   # no gfx942 kernels: RD-ENV-002 names it
    ("rocm/dev-ubuntu-22.04:5.6-complete", "--index-url", "rocm5.6", "rx7900xtx", False),  # the image's finding
])
def test_an_older_torch_wheel_is_judged_where_its_rocm_is_the_one_problem(tmp_path, base, opt, ch, example, flag):
    p = write(tmp_path, "Dockerfile.rocm", DJTLB.format(base=base, opt=opt, ch=ch))
    fs = [f for f in flagged(scan([p], "RD-IMG-003", example)) if f.title.startswith("torch for ROCm")]
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == (["Dockerfile.rocm:7"] if flag else [])


# A uv project's extras (wa-jasondoug-kokoro-rocm-nonroot, spent fresh batch 17:
# https://github.com/JasonDoug/kokoro-kaptions/blob/423fbdf1b79fc3d49c2c2e2ffa98fe3ac29c7d12/pyproject.toml): `uv sync --extra rocm`
# installs the rocm extra's torch==2.11.0+rocm7.2 from the index [tool.uv.sources] gives that extra (whl/rocm7.2),
# outside the window of a ROCm 6.2 host; the gpu extra's +cu129 is never installed. The same project with torch
# 2.8.0+rocm6.4 (qb-stefatorus-kokoro-rocm-group-gids) is two releases from the host: not flagged.
KOKORO = """[project]
name = "kokoro-fastapi"
dependencies = ["fastapi==0.115.6"]

[project.optional-dependencies]
gpu = ["torch==2.8.0+cu129"]
rocm = [
    "torch=={torch}",
    "pytorch-triton-rocm>=3.2.0",
]

[tool.uv]
conflicts = [[{{ extra = "gpu" }}, {{ extra = "rocm" }}]]

[tool.uv.sources]
torch = [
    {{ index = "pytorch-cuda", extra = "gpu" }},
    {{ index = "pytorch-rocm", extra = "rocm" }},
]

[[tool.uv.index]]
name = "pytorch-cuda"
url = "https://download.pytorch.org/whl/cu129"
explicit = true

[[tool.uv.index]]
name = "pytorch-rocm"
url = "https://download.pytorch.org/whl/{index}"
explicit = true
"""


@pytest.mark.parametrize("torch,index,sync,flag", [
    ("2.11.0+rocm7.2", "rocm7.2", "uv sync --extra rocm", True),
    ("2.8.0+rocm6.4", "rocm6.4", "uv sync --extra rocm", False),   # two releases from the host's 6.2
    ("2.11.0+rocm7.2", "rocm7.2", "uv sync --extra gpu", False),   # the rocm extra is not installed
    ("2.11.0+rocm7.2", "rocm7.2", "uv sync", False),               # no extra: the optional lines stay out
])
def test_the_extra_a_uv_project_installs_is_judged(tmp_path, torch, index, sync, flag):
    write(tmp_path, "pyproject.toml", KOKORO.format(torch=torch, index=index))
    write(tmp_path, "Dockerfile", f"FROM rocm/dev-ubuntu-24.04:6.4.4-complete\nCOPY pyproject.toml .\nRUN {sync}\n")
    fs = [f for f in flagged(scan([tmp_path], "RD-IMG-003", "rx7900xtx")) if "torch for ROCm" in f.title]
    assert bool(fs) is flag
    if flag:
        assert "pyproject.toml:8" in fs[0].subject  # the rocm extra's torch line


@pytest.mark.parametrize("run, release", [
    # kdmm2/koboldcpp-rocm (fresh batch 21): the installer package copied into the image, no repository URL
    ("COPY amdgpu-install_5.5.50500-1_all.deb /app/\nRUN dpkg -i /app/amdgpu-install_5.5.50500-1_all.deb", "5.5"),
    # the installer's folder named by the driver release (22.20.3): its package is ROCm 5.2.3
    ("RUN wget https://repo.radeon.com/amdgpu-install/22.20.3/ubuntu/focal/amdgpu-install_22.20.50203-1_all.deb && "
     "apt-get install -y ./amdgpu-install_22.20.50203-1_all.deb", "5.2"),
    ("RUN wget https://repo.radeon.com/amdgpu-install/6.2.2/ubuntu/jammy/amdgpu-install_6.2.60202-1_all.deb && "
     "apt-get install -y ./amdgpu-install_6.2.60202-1_all.deb", None),  # the host's release
    ("RUN ls amdgpu-install_5.5.50500-1_all.deb", None),  # named, not installed
])
def test_the_installer_package_names_the_images_rocm(tmp_path, run, release):
    p = write(tmp_path, "Dockerfile", f"FROM ubuntu:22.04\n{run}\n")
    fs = flagged(scan([p], "RD-IMG-003", "rx7900xtx"))
    assert [f.data["image_rocm"] for f in fs] == ([release] if release else [])
    if release:
        assert fs[0].evidence[0].source.endswith("Dockerfile:3" if "COPY" in run else "Dockerfile:2")


def test_a_real_copied_installer_package_is_judged():
    fs = flagged(scan([os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts",
                                    "jb-kdmm2-koboldcpp-rocm55-compose")], "RD-IMG-003", "rx7900xtx"))
    assert [(f.data["image_rocm"], f.evidence[0].source.rsplit("/", 1)[1]) for f in fs] == [("5.5", "Dockerfile:31")]


# HardAndHeavy's transformers-rocm Dockerfile (fresh batch 38): one RUN writes AMD's apt source for
# `rocm/apt/${ROCM_VERSION}` (ARG ROCM_VERSION=7.2), the next installs rocm-dev from it: ROCm 7.2 in the image
def test_an_apt_source_written_by_one_run_and_installed_by_the_next(lint):
    d = lint.write("Dockerfile", "FROM ubuntu:24.04\nARG ROCM_VERSION=7.2\n"
                   "RUN curl -sL https://repo.radeon.com/rocm/rocm.gpg.key | apt-key add - && \\\n"
                   "    printf \"deb [arch=amd64] https://repo.radeon.com/rocm/apt/${ROCM_VERSION}/ noble main\" "
                   "| tee /etc/apt/sources.list.d/rocm.list\n"
                   "RUN apt-get update && apt-get install -y rocm-dev rocm-libs\n")
    fs = [f for f in lint.flagged(lint([d], "RD-IMG-003", "rx7900xtx")) if "package repository" in f.title]
    assert [(f.status.value, f.evidence[0].source) for f in fs] == [("fail", f"{d}:4")]
    # a source written and never installed from (another stage installs nothing): no ROCm in the image
    e = lint.write("Dockerfile", "FROM ubuntu:24.04\nRUN echo 'deb https://repo.radeon.com/rocm/apt/7.2/ noble main' "
                   "> /etc/apt/sources.list.d/rocm.list\nFROM ubuntu:24.04\nRUN apt-get install -y curl\n")
    assert not [f for f in lint.flagged(lint([e], "RD-IMG-003", "rx7900xtx")) if "package repository" in f.title]


# Spent fresh iz-xxdoman: the installer package is copied in under another name and installed by a later RUN; spent
# fresh iz-bluefalcon13: TheRock's ROCm unpacked from a nightly tarball whose version a build arg holds.
def test_a_copied_renamed_installer_and_a_therock_tarball_put_their_rocm_in_the_image(lint):
    d = lint.write("Dockerfile", "FROM ubuntu:24.04\nCOPY amdgpu-install_7.1.70100-1_all.deb /tmp/amdgpu-install.deb\n"
                   "RUN apt-get update && apt-get install -y /tmp/amdgpu-install.deb && \\\n"
                   "    amdgpu-install --usecase=rocm,hip --no-dkms -y\n")
    [f] = [f for f in lint.flagged(lint([d], "RD-IMG-003", "mi50x2-xeon")) if "package repository" in f.title]
    assert f.data["image_rocm"] == "7.1" and f.evidence[0].source.endswith("Dockerfile:2")
    t = lint.write("Dockerfile.rock", "ARG ROCM_VERSION=7.12.0a20260205\nFROM ubuntu:24.04\nARG ROCM_VERSION\n"
                   "RUN wget https://rocm.nightlies.amd.com/tarball/therock-dist-linux-gfx120X-all-$ROCM_VERSION.tar.gz && \\\n"
                   "    tar xzf therock-dist-linux-gfx120X-all-$ROCM_VERSION.tar.gz -C /opt/rocm\n")
    [g] = [f for f in lint.flagged(lint([t], "RD-IMG-003", "rx7900xtx")) if "package repository" in f.title]
    assert g.data["image_rocm"] == "7.12" and [e.source.rsplit(":", 1)[1] for e in g.evidence[:2]] == ["4", "1"]
    # a tarball named but not fetched nor unpacked, and a copied installer never installed: nothing in the image
    n = lint.write("Dockerfile.none", "FROM ubuntu:24.04\nCOPY amdgpu-install_7.1.70100-1_all.deb /tmp/\n"
                   "RUN echo therock-dist-linux-gfx120X-all-7.12.0.tar.gz > /notes\n")
    assert not [f for f in lint.flagged(lint([n], "RD-IMG-003", "rx7900xtx")) if "package repository" in f.title]


def test_a_wheel_for_another_platform_is_not_judged_against_the_host(tmp_path):
    # fresh yv-yevhenua: the Windows wheels under `; platform_system == "Windows"` are not installed on this Linux host;
    # the Linux wheel of the same ROCm release is one finding
    p = write(tmp_path, "requirements-rocm.txt",
              "torch @ https://repo.radeon.com/rocm/manylinux/rocm-rel-7.2.1/torch-2.9.1%2Brocm7.2.1.lw.gitff65f5bc-cp312-"
              "cp312-linux_x86_64.whl ; platform_system == \"Linux\"\n"
              "torch @ https://repo.radeon.com/rocm/windows/rocm-rel-7.2.1/torch-2.9.1%2Brocm7.2.1-cp312-cp312-win_amd64.whl"
              " ; platform_system == \"Windows\"\n")
    fs = [f for f in flagged(scan([p], "RD-IMG-003", "rx7900xtx")) if "torch for ROCm" in f.title]
    assert [f.evidence[0].source.rsplit(":", 1)[-1] for f in fs] == ["1"]


# tests/corpus/fresh/artifacts/zn-kielhofner-slurm-docker-rocm (Dockerfile.rocm): ROCm from AMD's RPM repository of
# the release `ARG ROCM_VER=5.7.1` gives (the global ARG, taken into the stage by `ARG ROCM_VER`)
_RPM = ("ARG ROCM_VER=5.7.1\nARG ROCKY_VER=9\nFROM rockylinux:${ROCKY_VER}\nARG ROCM_VER\nARG ROCKY_VER\n"
        "RUN echo \"[ROCm-${ROCM_VER}]\" > /etc/yum.repos.d/rocm.repo\n"
        "RUN echo \"baseurl=https://repo.radeon.com/rocm/rhel${ROCKY_VER}/${ROCM_VER}/main\" >> /etc/yum.repos.d/rocm.repo\n"
        "RUN echo \"gpgkey=https://repo.radeon.com/rocm/rocm.gpg.key\" >> /etc/yum.repos.d/rocm.repo\n"
        "RUN dnf -y install rocm-utils hipcc\n")


def test_rocm_from_amds_rpm_repository_cites_the_arg_that_picks_the_release(lint):
    d = lint.write("Dockerfile.rocm", _RPM)
    [f] = [f for f in lint.flagged(lint([d], "RD-IMG-003", "rx7900xtx")) if "package repository" in f.title]
    assert "ROCm 5.7" in f.title and [e.source for e in f.evidence[:2]] == [f"{d}:7", f"{d}:1"]
    # the host's own release is inside the window; a repository written and never installed from is no ROCm
    assert not lint.flagged(lint([lint.write("Dockerfile.rocm", _RPM.replace("5.7.1", "6.2"))], "RD-IMG-003", "rx7900xtx"))
    assert not lint.flagged(lint([lint.write("Dockerfile.rocm", _RPM.replace("dnf -y install", "echo"))], "RD-IMG-003",
                                 "rx7900xtx"))


# Fresh ry-rxr2-llamacpp-mi50-build: `FROM base-${ROCM}` with ARG ROCM=stable picks the rocm/dev stage; the stage that
# installs ROCm from AMD's apt source is built only with --build-arg ROCM=modern; named by the last stage, it is built
@pytest.mark.parametrize("last, judged", [("base-${ROCM}", False), ("base-modern", True)])
def test_rocm_installed_in_a_stage_the_default_build_skips(lint, last, judged):
    d = lint.write("Dockerfile", "ARG ROCM=stable\nFROM rocm/dev-ubuntu-22.04:6.3-complete AS base-stable\n"
                   "FROM ubuntu:24.04 AS base-modern\n"
                   "RUN echo 'deb https://repo.radeon.com/rocm/apt/7.2/ noble main' > /etc/apt/sources.list.d/rocm.list"
                   f" && apt-get update && apt-get install -y rocm-dev\nFROM {last} AS build\nRUN make\n")
    fs = [f for f in lint.flagged(lint([d], "RD-IMG-003", "mi50x2-xeon")) if "package repository" in f.title]
    assert bool(fs) is judged


# --- ROCm itself from pip (TheRock's wheels): spent sx-genesis-quadrants-therock and tx-amdecosystem-monai-rocm
@pytest.mark.parametrize("req, flagged_", [
    ('"rocm[libraries,devel]"==7.11.0 torch==2.9.1', True),
    ('"rocm[libraries,devel,device-gfx942]==10.0.*"', True),
    ("rocm-sdk-core==7.10.0", True),
    ("rocm-sdk-core==6.2.0", False),  # the host's own release
    ("rocm-smi-lib==6.0", False),  # not ROCm's SDK wheels
])
def test_rocm_installed_from_pip_is_judged_like_an_image(tmp_path, req, flagged_):
    from tests.lintacc_helpers import flagged as flagged_of, scan as lint_scan, write

    p = write(tmp_path, "Dockerfile", f"FROM ubuntu:24.04\nRUN pip install --index-url "
              f"https://repo.amd.com/rocm/whl/gfx94X-dcgpu/ {req}\n")
    fs = [f for f in flagged_of(lint_scan([p], "RD-IMG-003", "mi300x8")) if "installs ROCm" in f.title]
    assert bool(fs) is flagged_, [f.title for f in fs]
