"""checks/pip_untaken.py: pip lines RD-IMG-002 leaves out because this machine never runs them or they never bring
what they name (a vendor branch, an ARG branch whose default skips it, torch lines use_existing_torch.py strips,
a marker that leaves out Linux)."""
import os

import pytest

from checks.pip_untaken import applies_on_linux
from tests.lintacc_helpers import flagged, scan, write


def corpus_fresh(name):
    return os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts", name)


@pytest.mark.parametrize("req,linux", [
    ("torch==2.4.0", True),
    ("pywin32>=306; sys_platform == 'win32'", False),
    ("'triton>=3.0; platform_system == \"Linux\"'", True),  # a quoted shell word keeps its marker
    ("mlx>=0.20; platform_machine == 'arm64'", False),
    ("torch; python_full_version ~= 'bad'", True),  # a marker packaging cannot read: kept
    ("torch; extra == 'cuda'", False),  # pip evaluates a requirement line's extra as "": never installed
    # the installing Python is not known: a version marker holds if some Python 3 meets it (spent mx-igreene, poetry)
    ('torch==2.5.1 ; python_full_version >= "3.7.1" and python_version < "3.10"', True),
    ('torch==2.5.1 ; python_version >= "3.13"', True),
    ('torch==2.5.1 ; python_version < "3.0"', False),
    ("pywin32; sys_platform == 'win32' and python_version < '3.10'", False),
])
def test_environment_markers_are_judged_for_a_linux_x86_64_host(req, linux):
    assert applies_on_linux(req) is linux


# https://github.com/zhangnju/rocm-recsys-examples/blob/e59a876e3d697cbe73adb47b4f70afedf1c14a68/docker/Dockerfile lines 10-25
# (a RUN branch on a build ARG; the base image here is a torchless ROCm one, so only the branch decides)
_ARG_BRANCH = """FROM rocm/dev-ubuntu-22.04:6.2 AS base_fbgemm
ARG TRITONSERVER_BUILD{default}
RUN if [ "${{TRITONSERVER_BUILD}}" = "1" ]; then \\
      apt-get update -y --fix-missing && \\
      pip3 install --no-cache-dir pandas rich cloudpickle psutil cython tabulate ninja && \\
      pip3 install --no-cache-dir torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu130 && \\
      apt-get autoremove -y; \\
    fi
"""


@pytest.mark.parametrize("default,flags", [("", 0), ("=0", 0), ("=1", 3)])
def test_a_branch_on_a_build_arg_whose_default_skips_it_is_not_installed(tmp_path, default, flags):
    p = write(tmp_path, "Dockerfile", _ARG_BRANCH.format(default=default))
    assert len(flagged(scan([p], "RD-IMG-002", "mi300x8"))) == flags


def test_a_build_arg_branch_the_set_may_turn_on_stays_judged(tmp_path):
    # look-alike: a compose file beside it passes the ARG (build: args: TRITONSERVER_BUILD: 1)
    write(tmp_path, "Dockerfile", _ARG_BRANCH.format(default=""))
    write(tmp_path, "docker-compose.yml", "services:\n  app:\n    build:\n      context: .\n      args:\n"
                                          "        TRITONSERVER_BUILD: 1\n")
    assert len(flagged(scan([str(tmp_path)], "RD-IMG-002", "mi300x8"))) == 3


def test_the_real_recsys_image_s_tritonserver_branch_is_not_flagged():
    fs = flagged(scan([corpus_fresh("zhangnju-recsys-ngc-image")], "RD-IMG-002", "mi300x8"))
    assert not [f for f in fs if f.evidence[0].source.endswith("Dockerfile:23")]


# https://github.com/jdrbc/podly_pure_podcasts/blob/dd2e58e9781184e8755f56667b5a497a50da9f8d/Dockerfile lines 122-135: the
# NVIDIA branch's plain `pip install ... torch` (PyPI: the CUDA build) beside the AMD branch's ROCm-index torch, in one
# RUN: alternatives per GPU vendor, and this machine takes the ROCm one
_PODLY = ("FROM rocm/dev-ubuntu-22.04:6.2-complete\nRUN if [ \"${USE_GPU_NVIDIA}\" = \"true\" ]; then \\\n"
          "    pip install --no-cache-dir nvidia-cudnn-cu12 torch; \\\n"
          "    elif [ \"${USE_GPU_AMD}\" = \"true\" ]; then \\\n"
          "    pip install --no-cache-dir torch --index-url https://download.pytorch.org/whl/rocm${ROCM_VERSION}; \\\n"
          "    fi\n")


def test_a_pypi_torch_in_the_other_vendor_s_branch_is_not_this_machine_s_install(tmp_path):
    assert flagged(scan([write(tmp_path, "Dockerfile", _PODLY)], "RD-IMG-002", "rx7900xtx")) == []


def test_a_pypi_torch_in_a_branch_with_no_rocm_alternative_stays_flagged(tmp_path):
    # look-alike: the other branch installs the CPU build, not ROCm's: nothing here is this machine's torch
    text = _PODLY.replace("rocm${ROCM_VERSION}", "cpu")
    fs = flagged(scan([write(tmp_path, "Dockerfile", text)], "RD-IMG-002", "rx7900xtx"))
    assert [(f.status.value, f.subject.rsplit(" ", 1)[-1]) for f in fs] == [("fail", "torch")]


# https://github.com/ServerlessLLM/ServerlessLLM/blob/9f50241baa5386e06a9321c51f19a9ef5f964c2b/sllm_store/Dockerfile.rocm lines 56-60: `RUN python3
# using_existing_torch.py`, a copy of vLLM's use_existing_torch.py, rewrites requirements*.txt without every line that
# contains "torch" before `pip install -r requirements-build.txt`: the torch==2.9.1 pin never reaches pip
_SLLM = ("FROM rocm/vllm-dev:base_v0.11.2\nWORKDIR /app\nCOPY requirements.txt .\nCOPY requirements-build.txt .\n"
         "COPY using_existing_torch.py .\nRUN python3 using_existing_torch.py\n"
         "RUN python3 -m pip install -r requirements-build.txt\n")


@pytest.mark.parametrize("order,want", [
    ("before", []),
    ("after", ["torch"]),  # look-alike: the script runs after pip has installed the file: the pin is installed
])
def test_use_existing_torch_removes_the_torch_lines_pip_would_read(tmp_path, order, want):
    text = _SLLM if order == "before" else _SLLM.replace(
        "RUN python3 using_existing_torch.py\nRUN python3 -m pip install -r requirements-build.txt\n",
        "RUN python3 -m pip install -r requirements-build.txt\nRUN python3 using_existing_torch.py\n")
    write(tmp_path, "Dockerfile.rocm", text)
    write(tmp_path, "requirements-build.txt", "cmake>=3.20,<4.0.0\nninja\ntorch==2.9.1\nwheel\n")
    fs = flagged(scan([str(tmp_path)], "RD-IMG-002", "mi300x8"))
    assert [f.subject.rsplit(" ", 1)[-1] for f in fs] == want


@pytest.mark.parametrize("name, use, flag", [
    # k-majick/rocm-pytorch-container (fresh batch 22): startup.sh installs `-r requirements.txt -c constraints.txt`,
    # constraints.txt holds torch==0 ... (pip may never install them: the ROCm torch stays)
    ("constraints.txt", 'pip install -r requirements.txt -c "$DIR/constraints.txt"\n', False),
    ("pins.txt", "pip install -r requirements.txt --constraint=pins.txt\n", False),
    ("pins.txt", "export PIP_CONSTRAINT=/opt/pins.txt\npip install -r requirements.txt\n", False),
    ("pins.txt", "pip install -r requirements.txt -r pins.txt\n", True),  # installed: judged
    ("pins.txt", "pip install -r requirements.txt -c pins.txt\npip install -r pins.txt\n", True),  # both: installed
])
def test_a_constraints_file_installs_nothing(tmp_path, name, use, flag):
    write(tmp_path, name, "torch==0\ntorchvision==0\n")
    write(tmp_path, "requirements.txt", "numpy\n")
    write(tmp_path, "start.sh", "#!/bin/bash\npython -m venv /opt/venv\n" + use)
    fs = flagged(scan([str(tmp_path)], "RD-IMG-002", "rx7900xtx"))
    assert bool([f for f in fs if name in f.title]) is flag


def test_the_real_constraints_file_that_forbids_torch_is_not_flagged():
    d = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts", "ea-kmajick-rocm-jupyter-compose")
    assert not flagged(scan([d], "RD-IMG-002", "rx7900xtx"))


@pytest.mark.parametrize("branch, flag", [
    # spent fresh fz-slackerchris (install_comfyui.sh): a script's own if/elif/else on the GPU vendor, one line per
    # branch: the cu121 and CPU installs are the other branches of the ROCm one
    ("nvidia", False), ("cpu", False),
])
def test_a_scripts_vendor_chain_over_lines_leaves_the_other_branches_out(tmp_path, branch, flag):
    body = ('#!/bin/bash\nif [ "$GPU_TYPE" = "nvidia" ]; then\n'
            '    pip install torch torchvision --index-url https://download.pytorch.org/whl/cu121\n'
            'elif [ "$GPU_TYPE" = "amd" ]; then\n'
            '    pip install torch torchvision --index-url https://download.pytorch.org/whl/rocm6.0\n'
            'else\n    pip install torch torchvision\nfi\npip install -r requirements.txt\n')
    fs = flagged(scan([write(tmp_path, "install.sh", body)], "RD-IMG-002", "rx7900xtx"))
    assert bool([f for f in fs if (branch == "nvidia") == f.subject.split(":")[-1].startswith("3")]) is flag


def test_a_scripts_chain_with_no_rocm_branch_is_still_judged(tmp_path):
    body = ('#!/bin/bash\nif [ "$GPU_TYPE" = "nvidia" ]; then\n'
            '    pip install torch --index-url https://download.pytorch.org/whl/cu121\nelse\n    pip install torch\nfi\n')
    assert len(flagged(scan([write(tmp_path, "install.sh", body)], "RD-IMG-002", "rx7900xtx"))) == 2


def test_nvidia_branch_is_an_enclosing_nvidia_test_or_arm_not_an_abort_above():
    from checks.pip_untaken import nvidia_branch

    arm = ['case "$1" in', "  nvidia)", "    cmake -DGGML_CUDA=ON", "    ;;", "esac"]
    assert nvidia_branch(arm, 3) is True
    branch = ['if [ "$GPU" = cuda ]; then', "  make LLAMA_CUBLAS=1", "fi", "make"]
    assert nvidia_branch(branch, 2) is True and nvidia_branch(branch, 4) is False
    abort = ["if ! command -v nvidia-smi; then", "  exit 1", "fi", "cmake -DGGML_CUDA=ON"]
    assert nvidia_branch(abort, 4) is False and nvidia_branch(abort, 0) is False
