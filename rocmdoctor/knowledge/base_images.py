"""What plain base images leave out: the programs a Dockerfile's RUN often calls that the official OS images (ubuntu,
debian, alpine) and the slim or alpine Python images do not carry, and the packages that bring each one. A RUN that
calls one before installing it stops the build ('/bin/sh: 1: curl: not found', exit 127)."""
from __future__ import annotations

import re

from .artifacts import image_distro, image_org_name, image_registry

SOURCES = ("https://hub.docker.com/_/ubuntu", "https://hub.docker.com/_/debian", "https://hub.docker.com/_/python",
           "https://github.com/docker-library/buildpack-deps")

_OS = frozenset({"curl", "wget", "git", "gpg", "sudo", "unzip", "uv", "python", "python3", "pip", "pip3"})
# python:3.12 (not slim) is built on buildpack-deps: curl, wget, gnupg, git and unzip are there
_PY_FULL = frozenset({"sudo", "uv"})
_PY_SLIM = frozenset({"curl", "wget", "git", "gpg", "sudo", "unzip", "uv"})
# alpine's busybox gives wget and unzip; bash is not there (its /bin/sh is ash)
_ALPINE = frozenset({"curl", "git", "gpg", "sudo", "uv", "bash", "python", "python3", "pip", "pip3"})
_PY_ALPINE = frozenset({"curl", "git", "gpg", "sudo", "uv", "bash"})
# nvidia/cuda (base, runtime, devel, cudnn): Ubuntu plus CUDA's libraries; its base layer installs curl to fetch the
# CUDA keyring and purges it again (gnupg stays); no Python, pip, git, wget or sudo
_NVIDIA_CUDA = _OS - {"gpg"}

# package (apt, apk, dnf) -> programs it puts on PATH
PROVIDES: dict[str, tuple[str, ...]] = {
    "curl": ("curl",), "wget": ("wget",), "git": ("git",), "git-core": ("git",), "git-lfs": ("git",),
    "gnupg": ("gpg",), "gnupg2": ("gpg",), "gnupg1": ("gpg",), "gpg": ("gpg",),
    # software-properties-common brings python3 and gpg with add-apt-repository
    "software-properties-common": ("gpg", "python3"),
    "python3-pip": ("pip", "pip3", "python3"), "pip": ("pip", "pip3", "python3"), "python-pip": ("pip",), "py3-pip": ("pip", "pip3", "python3"),
    "python3": ("python3",), "python3-dev": ("python3",), "python3-venv": ("python3",), "python3-full": ("python3",),
    "python3-minimal": ("python3",), "python-is-python3": ("python",), "python": ("python",),
    "python3-distutils": ("python3",), "pipx": ("python3",), "sudo": ("sudo",), "unzip": ("unzip",),
    "bash": ("bash",),
}
_PYTHON_X = re.compile(r"^python3\.\d+(?:-(?:dev|venv|full|minimal|distutils))?$")


def missing_programs(image: str) -> frozenset[str]:
    """The programs of :data:`_OS` that ``image`` lacks: empty for any image not known here (rocm/*, NGC's,
    a project's own), so only the official plain images and nvidia/cuda are judged."""
    ref = image.lower().split("@", 1)[0].strip()
    if not ref or "$" in ref or image_registry(ref) not in (None, "docker.io"):
        return frozenset()
    org, name = image_org_name(ref)
    repo, _, tag = name.partition(":")
    if org == "nvidia" and repo == "cuda" and not re.search(r"ubi\d|rockylinux|centos|oraclelinux|amzn", tag):
        return _NVIDIA_CUDA  # (the Ubuntu-based tags: RHEL's and Rocky's carry another base layer)
    if org not in ("", "library"):
        return frozenset()
    if repo in ("ubuntu", "debian"):
        return _OS
    if repo == "alpine":
        return _ALPINE
    if repo == "python":
        if "alpine" in tag:
            return _PY_ALPINE
        return _PY_SLIM if "slim" in tag else _PY_FULL
    return frozenset()


def provided_by(package: str) -> tuple[str, ...]:
    """The programs an apt/apk/dnf package name (a version pin `curl=7.81*` dropped) puts on PATH."""
    name = re.split(r"[=<>]", package.strip().lower(), maxsplit=1)[0]
    if _PYTHON_X.match(name):
        return ("python3",)
    return PROVIDES.get(name, ())


# Images whose /bin/sh is dash (Debian and Ubuntu, and what is built on them), the shell a Dockerfile's shell-form RUN
# uses unless a SHELL instruction names another: `source`, `[[ ]]` and arrays fail there. Alpine's ash runs `source`
# and `[[`; RHEL, CentOS, Rocky, Fedora and SUSE link /bin/sh to bash. https://wiki.ubuntu.com/DashAsBinSh
# Known Debian/Ubuntu-based images whose names say no distribution (their tags often do not either).
_DASH_REPOS = ("ubuntu", "debian", "buildpack-deps", "rocm/pytorch", "rocm/vllm", "rocm/vllm-dev", "rocm/sgl-dev",
               "rocm/rocm-terminal", "rocm/pytorch-training", "rocm/megatron-lm", "rocm/primus", "pytorch/pytorch",
               "nvcr.io/nvidia/pytorch", "continuumio/miniconda3", "continuumio/anaconda3", "condaforge/miniforge3",
               "vllm/vllm-openai", "lmsysorg/sglang", "huggingface/transformers-pytorch-gpu", "rocm/pytorch-nightly",
               "mambaorg/micromamba", "condaforge/mambaforge", "python", "node")
_OTHER_SH = re.compile(r"(?<![a-z])(?:alpine|ubi\d*|centos|rocky|rockylinux|almalinux|fedora|rhel\d*|redhat|"
                       r"oraclelinux|amazonlinux|opensuse|sles|suse|archlinux|busybox|distroless|manylinux\w*|"
                       r"musllinux\w*|openeuler|anolis|kylin|windowsservercore|nanoserver|photon)(?![a-z])", re.I)


def dash_sh(image: str) -> bool:
    """Whether ``image``'s /bin/sh is dash: a Debian or Ubuntu image by its name or tag (ubuntu:22.04, python:3.11,
    rocm/dev-ubuntu-22.04, nvidia/cuda:12.4.1-devel-ubuntu22.04) or one of the known images built on them; False
    for anything else or not known (a variable, another distribution, a project's own image)."""
    ref = image.lower().split("@", 1)[0].strip()
    if not ref or "$" in ref or _OTHER_SH.search(ref):
        return False
    if image_distro(ref):
        return True
    repo = ref.rsplit(":", 1)[0] if ":" in ref.rsplit("/", 1)[-1] else ref
    repo = repo.removeprefix("docker.io/").removeprefix("library/")
    return repo in _DASH_REPOS
