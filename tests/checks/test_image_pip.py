"""RD-IMG-002 (checks/image_pip.py): `pip install` lines, requirements files and uv projects that pull a CUDA
torch or GPU packages, judged with the torch already there (an image's ROCm torch keeps)."""

import os

import pytest
from tests.checks.test_images import _by_package, _reqs
from tests.lintacc_helpers import corpus, flagged, scan, write

FRESH = os.path.join(os.path.dirname(os.path.dirname(__file__)), "corpus", "fresh", "artifacts")


def test_pip_install_torch_from_pypi_fails(tmp_path, lint):
    p = lint.write("Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.3\nRUN pip install torch torchvision \\\n"
                   "    && pip install xformers\n")
    fs = lint([p], "RD-IMG-002")
    assert lint.statuses(fs) == ["fail", "fail", "fail"]
    assert {f.evidence[0].source for f in fs} == {p + ":2", p + ":3"}


def test_pip_install_with_rocm_index_passes(tmp_path, lint):
    p = lint.write("setup.sh", "#!/bin/bash\npip install torch torchvision --index-url "
                   "https://download.pytorch.org/whl/rocm6.3\npip install -r requirements.txt\n")
    assert lint.statuses(lint([p], "RD-IMG-002")) == ["pass"]


def test_pip_install_deepspeed_without_constraint_warns_and_with_no_deps_passes(tmp_path, lint):
    warned = lint.write("a.sh", "#!/bin/bash\npip install deepspeed\n")
    guarded = lint.write("b.sh", "#!/bin/bash\npip install --no-deps deepspeed\n")
    assert lint.statuses(lint([warned], "RD-IMG-002")) == ["warn"]
    assert lint.statuses(lint([guarded], "RD-IMG-002")) == ["pass"]


def test_torch_in_a_requirements_file_fails_and_names_its_line(tmp_path, lint):
    # a pin the machine's torch (2.3.0+rocm6.1) does not meet: pip replaces it wherever the file goes
    d = _reqs(tmp_path, torch_line="torch==2.1.2")
    got = _by_package(lint([str(d)], "RD-IMG-002"))  # a directory: requirements.txt found, extra.txt followed
    assert got["torch"] == ("fail", f"{d}/requirements.txt:3")
    # deepspeed in the same file adds nothing to the file's CUDA torch (one install, one cause); flash-attn in the file
    # it includes with -r is a CUDA build of its own (its sdist compiles CUDA kernels), with a fix of its own
    assert "deepspeed" not in got and got["flash-attn"] == ("warn", f"{d}/extra.txt:1")
    # look-alike: an includer that brings no CUDA torch leaves flash-attn's own warning standing
    (d / "requirements.txt").write_text("numpy\n-r extra.txt\n")
    got = _by_package(lint([str(d)], "RD-IMG-002"))
    assert got["flash-attn"] == ("warn", f"{d}/extra.txt:1")


def test_a_frozen_files_cuda_libraries_are_cited_with_its_cuda_torch(tmp_path, lint):
    # fresh batch 224 (a `pip freeze` of a CUDA environment: torch==2.5.1 with nvidia-cublas-cu12 ... pinned beside it):
    # one cause, one finding, whose places name the library lines a fix removes with torch
    p = write(tmp_path, "requirements.txt", "accelerate==1.2.1\nnvidia-cublas-cu12==12.4.5.8\n"
              "nvidia-cudnn-cu12==9.1.0.70\ntorch==2.5.1\n")
    fs = [f for f in flagged(scan([p], "RD-IMG-002", "mi300x8")) if "torch==2.5.1" in f.title]
    assert len(fs) == 1 and len(flagged(scan([p], "RD-IMG-002", "mi300x8"))) == 1
    assert [e.source.rsplit(":", 1)[-1] for e in fs[0].evidence] == ["4", "2", "3"]
    # look-alike: the libraries without a CUDA torch in the file are no finding of their own
    q = write(tmp_path, "b/requirements.txt", "nvidia-cublas-cu12==12.4.5.8\nnumpy\n")
    assert not flagged(scan([q], "RD-IMG-002", "mi300x8"))


def test_the_installing_command_s_rocm_index_and_guards_apply_to_the_file(tmp_path, lint):
    d = _reqs(tmp_path, setup_sh="#!/bin/bash\npip install --no-deps --index-url "
              "https://download.pytorch.org/whl/rocm6.2 -r requirements.txt\n")
    assert lint.statuses(lint([str(d / "setup.sh")], "RD-IMG-002")) == ["pass"]
    (tmp_path / "b").mkdir()
    d2 = _reqs(tmp_path / "b", setup_sh="#!/bin/bash\npip install -r requirements.txt\n")
    assert _by_package(lint([str(d2 / "setup.sh")], "RD-IMG-002"))["torch"][0] == "fail"


@pytest.mark.parametrize("torch_line,want", [("torch>=2.0.0", None), ("torch", None), ("torch==2.1.2", "fail")])
def test_a_rocm_image_keeps_its_torch_when_the_requirement_accepts_it(tmp_path, torch_line, want, lint):
    """In FROM rocm/pytorch:..._pytorch_release_2.3.0, `torch>=2.0` is already satisfied and pip
    keeps the ROCm build; a pin the image's torch does not meet replaces it with PyPI's CUDA one."""
    d = _reqs(tmp_path, torch_line=torch_line, Dockerfile=(
        "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
        "COPY requirements.txt extra.txt /app/\nRUN pip install -r /app/requirements.txt\n"))
    fs = lint([str(d / "Dockerfile")], "RD-IMG-002")
    torch = [f for f in fs if f.subject.endswith(" torch")]
    assert [f.status.value for f in torch] == ([want] if want else [])
    if want:
        assert "The torch already installed there is 2.3.0" in torch[0].detail
    # the nested file was followed from the Dockerfile too: flash-attn's PyPI build is judged whether or not the same
    # install replaces the image's torch (a CUDA build of its own)
    assert "flash-attn" in _by_package(fs)


def test_heredoc_cuda_torch_is_flagged_where_it_is_installed(tmp_path, lint):
    path = lint.write("Dockerfile", "FROM ubuntu:22.04\nRUN <<EOF\napt-get update\n"
                      "pip install torch --index-url https://download.pytorch.org/whl/cu121\nEOF\n")
    fs = lint.flagged(lint([path], "RD-IMG-002", "rx7900xtx"))
    assert [f.evidence[0].source for f in fs] == [f"{path}:4"]


@pytest.mark.parametrize("run, flagged_torch", [
    ("RUN pip install -r requirements.txt", True),
    ("RUN sed -i '/^torch/d' requirements.txt && pip install -r requirements.txt", False),
    ("RUN grep -vE '^(torch|torchvision)' requirements.txt > req_no_torch.txt && pip install -r req_no_torch.txt",
     False),
])
def test_requirements_edited_by_the_build_are_judged_as_pip_reads_them(tmp_path, run, flagged_torch, lint):
    (tmp_path / "requirements.txt").write_text("torch\ntransformers\n")
    (tmp_path / "Dockerfile").write_text(f"FROM ubuntu:22.04\nCOPY requirements.txt .\n{run}\n")
    fs = lint.flagged(lint([tmp_path / "Dockerfile"], "RD-IMG-002", "rx7900xtx"))
    assert any("torch" in f.title for f in fs) == flagged_torch


@pytest.mark.parametrize("base, bad", [
    ("rocm/pytorch:latest", False),  # AMD's PyTorch image: its torch is ROCm whatever the tag; deepspeed keeps it
    ("rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0", False),
    ("ubuntu:22.04", True),          # no torch yet: deepspeed's torch comes from PyPI (a CUDA build)
])
def test_pip_install_deepspeed_over_an_images_rocm_torch_is_no_warning(tmp_path, base, bad, lint):
    path = lint.write("Dockerfile", f"FROM {base}\nRUN pip install deepspeed\n")
    fs = [f for f in lint.flagged(lint([path], "RD-IMG-002", "rx7900xtx")) if "deepspeed" in f.title]
    assert bool(fs) == bad


@pytest.mark.parametrize("base", ["rocm/vllm:rocm6.3.1_vllm_0.8.5_20250513", "rocm/primus:v25.11",
                                  "docker.io/rocm/sgl-dev:20250701"])
def test_deepspeed_and_lower_bound_torch_keep_the_images_torch(tmp_path, base):
    write(tmp_path, "requirements.txt", "torch>=2.0.0\nlightning>=2.0.0\n")
    p = write(tmp_path, "Dockerfile", f"FROM {base}\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n"
              "RUN pip install deepspeed==0.16.4\n")
    assert flagged(scan([p], "RD-IMG-002", "mi300x8")) == []


def test_a_torch_1_pin_or_upgrade_still_replaces_it(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM rocm/vllm:rocm6.3.1_vllm_0.8.5_20250513\nRUN pip install torch==1.13.1\n"
              "RUN pip install -U torch\n")
    assert len(flagged(scan([p], "RD-IMG-002", "mi300x8"))) == 2


def test_unknown_rocm_pytorch_tag_keeps_only_unpinned_torch(tmp_path):
    # rocm/pytorch:latest once carried torch 1.x: a lower bound is not known to be met
    p = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nRUN pip install 'torch>=2.3'\n")
    assert flagged(scan([p], "RD-IMG-002", "mi300x8"))


@pytest.mark.parametrize("name", ["flexcode29-grpo-vllm", "dmitrii-tprimat-primus"])
def test_real_framework_image_builds(name):
    assert flagged(scan([corpus(name)], "RD-IMG-002", "mi300x8")) == []


def test_index_option_on_a_requirement_line_is_not_an_index(tmp_path):
    # pip's requirements grammar: --index-url is a file-wide option only on a line of its own
    p = write(tmp_path, "a/requirements.txt", "torch --index-url https://download.pytorch.org/whl/rocm6.2\n")
    fs = flagged(scan([p], "RD-IMG-002", "mi300x8"))
    assert fs and "line of their own" in fs[0].detail
    q = write(tmp_path, "b/requirements.txt", "--index-url https://download.pytorch.org/whl/rocm6.2\ntorch\n")
    assert flagged(scan([q], "RD-IMG-002", "mi300x8")) == []


def test_conda_environment_pip_section_is_a_requirements_file(tmp_path):
    from rocmdoctor.artifacts.readers import read_one

    env = ("name: x\nchannels:\n  - conda-forge\ndependencies:\n  - python=3.10\n  - pip\n  - pip:\n"
           "      - --extra-index-url https://download.pytorch.org/whl/rocm7.1\n      - torch\n      - peft\n")
    a = read_one(write(tmp_path, "environment.yml", env))
    assert a.kind == "requirements" and [(v.value["requirements"], v.origin.line) for v in a.values
                                         if v.name == "pip"] == [(["torch"], 9), (["peft"], 10)]
    # the conda packages are values too (RD-IMG-009 reads them), at their own lines
    assert [(v.value, v.origin.line) for v in a.values if v.name == "conda"] == [("python=3.10", 5), ("pip", 6)]
    assert flagged(scan([a.path], "RD-IMG-002", "mi300x8")) == []  # the ROCm index on its own line applies
    # (an extra index carries PyPI's newest torch only while it still adds releases: rocm7.1 here; one that stopped,
    # rocm6.4 at 2.9, loses to PyPI's CUDA build, tests/checks/test_image_torch.py::test_an_old_rocm_extra_index_loses_to_pypi)
    b = write(tmp_path, "b/environment.yml", env.replace("--extra-index-url https://download.pytorch.org/whl/rocm7.1",
                                                         "accelerate"))
    fs = flagged(scan([b], "RD-IMG-002", "mi300x8"))
    assert fs and fs[0].evidence[0].source.endswith("environment.yml:9")


def test_real_conda_environment():
    fs = flagged(scan([corpus("fabr1ce-llama3-rocm-lora")], "RD-IMG-002", "mi300x8"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["environment.yml:10"]


def corpus_fresh(name):
    import os
    return os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts", name)


# https://github.com/k2-fsa/icefall/blob/36e0420c7e3e849a25b3d24dbf913c424f3d23c9/docker/torch2.4.0-cuda12.1.dockerfile
# (a base that carries its own CUDA torch: the cu121 torchaudio line is RD-IMG-001's cause again) against
# https://github.com/tloen/alpaca-lora/blob/8bb8579e403dc78e37fe81ffbb253c413007323f/Dockerfile (a torchless CUDA base
# whose pip line is where the CUDA torch comes from: a line a port must change, flagged)
@pytest.mark.parametrize("base,line,flags", [
    ("pytorch/pytorch:2.4.0-cuda12.1-cudnn9-devel",
     "pip install --no-cache-dir torchaudio==2.4.0+cu121 -f https://download.pytorch.org/whl/torchaudio/", 0),
    ("nvidia/cuda:11.8.0-devel-ubuntu22.04",
     "python3.10 -m pip install numpy --pre torch --force-reinstall --index-url https://download.pytorch.org/whl/nightly/cu118", 1),
])
def test_a_cuda_torch_line_in_a_cuda_image_is_flagged_only_where_the_base_has_no_torch(tmp_path, base, line, flags):
    p = write(tmp_path, "Dockerfile", f"FROM {base}\nRUN {line}\n")
    assert len(flagged(scan([p], "RD-IMG-002", "rx7900xtx"))) == flags


# https://github.com/fauxpilot/fauxpilot/blob/788edd44f29b3a3c33136f956c8c20d055604438/triton.Dockerfile lines 3-5
_FAUX = ("FROM {base}\nRUN python3 -m pip install --disable-pip-version-check -U torch --extra-index-url "
         "https://download.pytorch.org/whl/cu116\nRUN python3 -m pip install --disable-pip-version-check -U transformers "
         "bitsandbytes accelerate\n")


def test_a_later_command_s_may_replace_warning_adds_nothing_after_a_cuda_torch(tmp_path):
    p = write(tmp_path, "Dockerfile", _FAUX.format(base="ubuntu:22.04"))
    fs = flagged(scan([p], "RD-IMG-002", "rx7900xtx"))
    assert [(f.status.value, f.subject.rsplit(" ", 1)[-1]) for f in fs] == [("fail", "torch")]


def test_a_may_replace_warning_before_any_cuda_torch_stays(tmp_path):
    # look-alike: the bitsandbytes line alone (no earlier CUDA torch in the file) still warns
    p = write(tmp_path, "Dockerfile", "FROM ubuntu:22.04\nRUN python3 -m pip install -U transformers bitsandbytes\n"
                                      "RUN python3 -m pip install -U torch --extra-index-url https://download.pytorch.org/whl/cu116\n")
    fs = flagged(scan([p], "RD-IMG-002", "rx7900xtx"))
    assert sorted(f.subject.rsplit(" ", 1)[-1] for f in fs) == ["bitsandbytes", "torch"]


def test_torch_from_pytorchs_cpu_index_is_the_cpu_build_on_purpose_not_a_cuda_one(tmp_path, lint):
    # fresh aa-dreamcypher-chatterbox-cpu-variant: `+cpu` sorts above PyPI's 2.13.0, so pip takes the CPU wheel
    p = lint.write("requirements.txt", "--extra-index-url https://download.pytorch.org/whl/cpu\n"
                   "torch==2.13.0\ntorchvision==0.28.0\n")
    assert lint.statuses(lint([p], "RD-IMG-002")) == ["pass"]
    # look-alikes: the CUDA index (cu121), and a path that merely contains "cpu", still bring CUDA builds
    for index in ("https://download.pytorch.org/whl/cu121", "https://download.pytorch.org/whl/cpuinfo-mirror"):
        q = lint.write("requirements.txt", f"--extra-index-url {index}\ntorch==2.13.0\n")
        assert "fail" in lint.statuses(lint([q], "RD-IMG-002")), index


def test_a_requirements_file_installed_after_the_images_rocm_torch_keeps_it(tmp_path, lint):
    # fresh batch 14 (qb-phamhuynhanh16-rvc-rocm-compose): the Dockerfile installs the ROCm torch, then `pip install
    # -r requirements.txt`, whose `torch>=2.0` that torch satisfies: pip keeps it
    lint.write("Dockerfile", "FROM python:3.11-slim\nRUN pip install torch==2.5.1+rocm6.2 --index-url "
               "https://download.pytorch.org/whl/rocm6.2\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n")
    req = lint.write("requirements.txt", "numpy\ntorch>=2.0\n")
    assert lint.statuses(lint([str(tmp_path)], "RD-IMG-002")) == ["pass"]
    # the look-alike: a pin that torch does not meet is installed over it, from PyPI
    with open(req, "w") as f:
        f.write("numpy\ntorch==2.6.0\n")
    assert "fail" in lint.statuses(lint([str(tmp_path)], "RD-IMG-002"))


def test_a_sites_pytorch_module_loaded_before_pip_is_the_torch_pip_keeps(tmp_path, lint):
    # fresh batch 15 sa-emilnuutinen-lumi-clm: LUMI's `module load pytorch` (CSC's ROCm build), then
    # `pip3 install -r requirements.txt` with `torch >= 2.0.0`: already satisfied
    lint.write("train.sh", "#!/bin/bash\n#SBATCH --partition=small-g\nmodule use /appl/local/csc/modulefiles\n"
               "module load pytorch\npip3 install -r requirements.txt\nsrun python3 train.py\n")
    lint.write("requirements.txt", "torch >= 2.0.0\naccelerate\n")
    assert lint.statuses(lint([str(tmp_path)], "RD-IMG-002", "mi300x8")) == ["pass"]
    # a version the module names decides: a pin it does not meet is installed over it
    lint.write("train.sh", "#!/bin/bash\nmodule load PyTorch/2.2.2-rocm-5.6.1-python-3.10\n"
               "pip3 install -r requirements.txt\n")
    lint.write("requirements.txt", "torch==2.4.0\n")
    assert "fail" in lint.statuses(lint([str(tmp_path)], "RD-IMG-002", "mi300x8"))
    # look-alike: the module loaded after the pip line gives pip nothing to keep
    lint.write("train.sh", "#!/bin/bash\npip3 install -r requirements.txt\nmodule load pytorch\n")
    lint.write("requirements.txt", "torch >= 2.0.0\n")
    assert "fail" in lint.statuses(lint([str(tmp_path)], "RD-IMG-002", "mi300x8"))


# https://github.com/sdiehl/tiny-r1/blob/a4d1352eecaf196fb2d6eafc24b4fd798b02e15b/setup.sh lines 8 and 27 (install_accelerate):
# PyPI's vLLM wheel carries its own CUDA kernels (vllm._C), so it is a second CUDA build beside the cu121 torch, not
# that torch's cause again (as deepspeed or a bitsandbytes with ROCm kernels would be)
_TINY_R1 = ("#!/usr/bin/env bash\ninstall_accelerate() {\n"
            "    pip install \"torch==2.5.1\" --index-url https://download.pytorch.org/whl/cu121\n"
            "    pip install \"deepspeed==0.15.4\"\n    pip install \"vllm==0.7.0\"\n}\ninstall_accelerate\n")


def test_vllm_from_pypi_after_a_cuda_torch_is_its_own_cuda_build(tmp_path):
    fs = flagged(scan([write(tmp_path, "setup.sh", _TINY_R1)], "RD-IMG-002", "mi300x8"))
    assert sorted((f.subject.rsplit(" ", 1)[-1], f.evidence[0].source.rsplit(":", 1)[1]) for f in fs) == [
        ("torch", "3"), ("vllm", "5")]  # deepspeed (line 4) only asks for a torch: the cu121 one, the same cause


def test_a_rocm_build_of_vllm_after_a_cuda_torch_is_not_flagged_again(tmp_path):
    # look-alike: a vLLM wheel built for ROCm (its local version names it) is no CUDA build
    text = _TINY_R1.replace("\"vllm==0.7.0\"", "vllm==0.6.3+rocm624 -f https://example.org/rocm-wheels/")
    fs = flagged(scan([write(tmp_path, "setup.sh", text)], "RD-IMG-002", "mi300x8"))
    assert [f.subject.rsplit(" ", 1)[-1] for f in fs] == ["torch"]


# https://github.com/beholder91/vlm-finetune/blob/cbc86b0eab001c90cbb63987dcaf77207f74cd1d/environmental-setup.sh line 5, and
# https://github.com/sudipsaud-i-stem/try-on-backend/blob/06e38f32d184243d985cf10d1a2ff40bdfac9c5d/deploy/kaggle/README.md
# ("the peft pin step ran `pip install --force-reinstall accelerate peft ...` without --no-deps, which replaced
# Kaggle's torch 2.11+cu128 with a PyPI cpu torch"): --force-reinstall reinstalls the requirement's dependencies too
@pytest.mark.parametrize("line,want", [
    ("pip install --no-cache-dir --force-reinstall accelerate==1.6.0", ["fail"]),
    ("pip install --force-reinstall 'peft==0.11.1' 'transformers==4.40.2' 'accelerate==0.30.0'", ["fail"]),  # one torch
    ("pip install --no-deps --force-reinstall peft==0.11.1 accelerate==0.30.0", []),  # the README's fix: only these
    ("pip install --force-reinstall transformers==4.44.0", []),  # no torch among its dependencies
    ("pip install --force-reinstall 'Pillow==10.3.0'", []),
    ("pip install -U accelerate==1.6.0", []),  # --upgrade leaves a satisfied torch alone (only-if-needed)
    ("pip install -U --upgrade-strategy eager accelerate==1.6.0", ["fail"]),  # ... unless it upgrades every dependency
    # a wheel file or URL: its own requirements (spent fresh cx-aardbeiplantje: AMD's flash_attn wheel with --upgrade
    # keeps the ROCm torch; with --force-reinstall, pip reinstalls its torch from PyPI)
    ("pip install --upgrade https://rocm.frameworks.amd.com/whl/gfx1151/flash_attn-2.8.3-py3-none-any.whl", []),
    ("pip install --force-reinstall https://rocm.frameworks.amd.com/whl/gfx1151/flash_attn-2.8.3-py3-none-any.whl",
     ["fail"]),
    ("pip install -U --upgrade-strategy eager ./dist/flash_attn-2.8.3-py3-none-any.whl", ["fail"]),
])
def test_force_reinstall_of_a_torch_dependent_reinstalls_pypi_s_torch(tmp_path, line, want):
    p = write(tmp_path, "setup.sh", "#!/bin/bash\npython -c 'import torch'\n" + line + "\n")
    fs = flagged(scan([p], "RD-IMG-002", "mi300x8"))
    assert [f.status.value for f in fs] == want
    assert all("--no-deps" in f.fix.actions[0].description for f in fs)
    # the title names the option that reinstalls the dependencies
    opt = "--upgrade --upgrade-strategy eager" if "eager" in line else "--force-reinstall"
    assert all(f.title.startswith(f"`pip install {opt} ") for f in fs)


# https://github.com/A-Thousand-Doors/Shanwen-Model/blob/1e9e4526b2fcaead5f9b23b60e74805de8448690/Dockerfile.train_grpo
# line 25 (`pip install -e .[vllm]` of verl, cloned in the build) and LLaMA-Factory PR #4970 (INSTALL_VLLM on its ROCm
# image: `vllm>=0.4.3->llamafactory` pulled NVIDIA's packages): a project's `vllm` extra installs PyPI's vLLM
_VERL = ("FROM nvidia/cuda:12.4.0-devel-ubuntu22.04\nRUN pip install torch==2.6.0 --index-url "
         "https://download.pytorch.org/whl/cu124\nRUN git clone https://github.com/volcengine/verl.git\n"
         "WORKDIR /workspace/verl\nRUN pip install -e .[vllm]\n")


@pytest.mark.parametrize("line,want", [
    ("RUN pip install -e .[vllm]", [("torch", "2"), ("vllm", "5")]),
    ("RUN pip install -e \".[gpu,vllm]\"", [("torch", "2"), ("vllm", "5")]),
    ("RUN pip install -e .[dev]", [("torch", "2")]),  # look-alike: an extra named for no CUDA build
    ("RUN pip install --no-deps -e .[vllm]", [("torch", "2")]),  # --no-deps installs no extra
])
def test_a_projects_vllm_extra_installs_pypi_s_vllm(tmp_path, line, want):
    p = write(tmp_path, "Dockerfile", _VERL.replace("RUN pip install -e .[vllm]", line))
    fs = flagged(scan([p], "RD-IMG-002", "mi300x8"))
    assert sorted((f.subject.rsplit(" ", 1)[-1], f.evidence[0].source.rsplit(":", 1)[1]) for f in fs) == want


def test_a_vllm_extra_whose_pyproject_is_read_is_judged_by_its_dependencies(tmp_path):
    # look-alike: the project's pyproject.toml is there and its `vllm` extra names AMD's ROCm wheel: nothing added
    write(tmp_path, "pyproject.toml", '[project]\nname = "x"\ndependencies = ["numpy"]\n'
          '[project.optional-dependencies]\nvllm = ["vllm==0.6.3+rocm624 @ https://example.org/rocm/vllm.whl"]\n')
    write(tmp_path, "Dockerfile", "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
          "COPY pyproject.toml ./\nRUN pip install -e .[vllm]\n")
    assert flagged(scan([str(tmp_path)], "RD-IMG-002", "mi300x8")) == []


def test_an_index_path_naming_a_gfx_target_is_a_rocm_index(tmp_path, lint):
    # TheRock's per-target indexes on any host (.../v2/gfx1151/, .../gfx120X-all/) carry ROCm wheels only
    p = lint.write("Dockerfile", "FROM fedora:41\nARG ROCM_INDEX=https://d2awnip2yjpvqn.cloudfront.net/v2/gfx1151/\n"
                   "RUN python -m pip install --index-url ${ROCM_INDEX} torch torchvision\n"
                   "RUN pip install --index-url https://example.org/v2/gfx120X-all/ torchaudio\n")
    assert lint.statuses(lint([p], "RD-IMG-002", "strix-halo-apu")) == ["pass"]
    # look-alike: the same host without a target in the path is no ROCm index
    lint.write("Dockerfile", "FROM fedora:41\nRUN pip install --index-url https://d2awnip2yjpvqn.cloudfront.net/v2/ "
               "torch\n")
    assert lint.statuses(lint([p], "RD-IMG-002", "strix-halo-apu")) == ["fail"]


def test_local_wheels_cpu_pins_and_index_options_in_a_variable_are_not_pypis_cuda_torch(tmp_path, lint):
    p = lint.write("build.sh", "#!/bin/bash\npip install torch@$(echo -n ./dist/torch-*.whl)\n"
                   "pip install 'torchvision @ ./vision/dist/torchvision-0.22.0-cp312-linux_x86_64.whl'\n"
                   "python -m venv /opt/conv && /opt/conv/bin/pip install torch==2.12.0+cpu\n"
                   "pip install torch${TORCH_VERSION} ${TORCH_EXTRA_ARGS}\n")
    assert lint.statuses(lint([p], "RD-IMG-002")) == ["pass"]
    # look-alikes: a +cu pin is no CPU build; beside an index the command names, a variable hides none
    lint.write("build.sh", "#!/bin/bash\npip install torch==2.4.0+cu121\n"
               "pip install torch ${EXTRA} --index-url https://pypi.org/simple\n")
    assert lint.statuses(lint([p], "RD-IMG-002")) == ["fail", "fail"]


def test_companions_installed_with_the_rocm_torch_keep_a_later_file_s_lower_bounds(tmp_path, lint):
    # PyTorch's ROCm install command puts torchvision and torchaudio beside torch; a later requirements file's
    # `torchvision>=0.15.0` is then satisfied and pip keeps them (re-roysouvik, fresh batch 26)
    (tmp_path / "requirements.txt").write_text("numpy\ntorch>=2.0\ntorchvision>=0.15.0\ntorchaudio>=2.0\n")
    p = lint.write("setup.sh", "#!/bin/bash\npip install torch torchvision torchaudio --index-url "
                   "https://download.pytorch.org/whl/rocm6.4\npip install -r requirements.txt\n")
    assert lint.statuses(lint([p], "RD-IMG-002")) == ["pass"]
    # look-alike: with torch alone from the ROCm index, PyPI's torchvision (built against its CUDA torch) comes in
    lint.write("setup.sh", "#!/bin/bash\npip install torch --index-url https://download.pytorch.org/whl/rocm6.4\n"
               "pip install -r requirements.txt\n")
    assert sorted(f.subject.rsplit(" ", 1)[-1] for f in lint.flagged(lint([p], "RD-IMG-002"))) == \
        ["torchaudio", "torchvision"]


@pytest.mark.parametrize("words", ['"$@"', '"${PIP_ARGS[@]}"', "$*"])
def test_a_wrapper_s_passed_arguments_may_hold_the_index(tmp_path, lint, words):
    p = lint.write("pipi.sh", f"#!/bin/bash\npip install torch torchvision {words}\n")
    assert lint.statuses(lint([p], "RD-IMG-002")) == ["pass"]


@pytest.mark.parametrize("line,want", [
    # PyPI's vLLM has no `rocm` extra: pip warns "does not provide the extra 'rocm'" and installs its CUDA build
    # (rmr193/screensage's Dockerfile and setup_rocm.sh, spent fresh batch; erix12/medicast's Dockerfile.rocm)
    ("pip install --no-cache-dir \"vllm[rocm]\"", ["warn"]),
    ("pip install vllm[rocm]", ["warn"]),
    # a ROCm build named by its version or its file stays a ROCm build, extras or not
    ("pip install \"vllm[audio]==0.6.3+rocm624\" -f https://example.org/rocm-wheels/", ["pass"]),
    ("pip install ./vllm-0.6.3+rocm624-cp310-cp310-linux_x86_64.whl", ["pass"]),
])
def test_a_rocm_extra_is_no_rocm_build(tmp_path, lint, line, want):
    p = lint.write("setup.sh", f"#!/bin/bash\npython3 -m venv .venv\n{line}\n")
    assert lint.statuses(lint([p], "RD-IMG-002")) == want


_LF_DOCKERFILE = ("FROM rocm/pytorch:rocm6.3_ubuntu22.04_py3.10_pytorch_release_2.4.0\nARG INSTALL_FLASHATTN=false\n"
                  "ARG INSTALL_VLLM=false\n"
                  "RUN pip uninstall -y flash-attn && \\\n    if [ \"$INSTALL_FLASHATTN\" == \"true\" ]; then \\\n"
                  "        pip install --no-cache-dir flash-attn; \\\n    fi\n"
                  "RUN if [ \"$INSTALL_VLLM\" = \"true\" ]; then pip install vllm; else pip install xformers; fi\n")


@pytest.mark.parametrize("args, want", [
    # LLaMA-Factory's ROCm Dockerfile and its forks (dataelement's bisheng-ft copy, spent fresh batch 30): the ARG
    # defaults and the compose file's build args leave the flash-attn and vLLM branches untaken; the else branch runs
    ("", {"xformers"}),
    ("      args:\n        INSTALL_FLASHATTN: \"false\"\n", {"xformers"}),
    # the compose file turns a branch on: what it installs is judged again
    ("      args:\n        INSTALL_FLASHATTN: \"true\"\n        INSTALL_VLLM: \"true\"\n", {"flash-attn", "vllm"}),
    # a value the files do not give (the shell's) may take either branch
    ("      args:\n        - INSTALL_VLLM=${WITH_VLLM}\n", {"vllm", "xformers"}),
])
def test_a_branch_a_build_arg_decides_is_judged_where_the_build_takes_it(tmp_path, args, want):
    write(tmp_path, "Dockerfile", _LF_DOCKERFILE)
    c = write(tmp_path, "docker-compose.yml", "services:\n  lf:\n    build:\n      context: .\n" + args +
              "    devices: [/dev/kfd, /dev/dri]\n")
    fs = flagged(scan([c, str(tmp_path / "Dockerfile")], "RD-IMG-002", "mi300x8"))
    assert {f.subject.rsplit(" ", 1)[1] for f in fs} == want


def test_a_branch_holding_its_own_if_is_still_the_build_args_branch(lint):
    # spent fresh jz-tortoisep (LLaMA-Factory's ROCm Dockerfile of the time): the flash-attn branch holds an
    # `if [ -n "$HTTP_PROXY" ] ... else ... fi` of its own; INSTALL_FLASHATTN=false still leaves it untaken
    body = ("FROM rocm/pytorch:rocm6.3_ubuntu22.04_py3.10_pytorch_release_2.4.0\nARG INSTALL_FLASHATTN=false\n"
            "ARG HTTP_PROXY=\nRUN pip uninstall -y flash-attn && \\\n    if [ \"$INSTALL_FLASHATTN\" == \"true\" ]; then \\\n"
            "        pip uninstall -y ninja && \\\n        if [ -n \"$HTTP_PROXY\" ]; then \\\n"
            "            pip install --proxy=$HTTP_PROXY flash-attn; \\\n        else \\\n"
            "            pip install --no-cache-dir flash-attn; \\\n        fi; \\\n    else \\\n"
            "        pip install xformers; \\\n    fi\n")
    fs = lint.flagged(lint([lint.write("Dockerfile", body)], "RD-IMG-002", "mi300x8"))
    assert {f.subject.rsplit(" ", 1)[1] for f in fs} == {"xformers"}  # the outer else runs; the nested ifs do not


@pytest.mark.parametrize("dockerfile, compose_args, want", [
    # an `if` with an `elif` is read whole (each branch may run)
    ("FROM rocm/dev-ubuntu-22.04:6.2\nARG GPU=rocm\nRUN if [ \"$GPU\" = \"cuda\" ]; then pip install nvidia-ml-py; \\\n"
     "    elif [ \"$GPU\" = \"rocm\" ]; then pip install xformers; \\\n    else pip install deepspeed; fi\n", "", {"xformers", "deepspeed"}),
    # the ARG of the RUN's own stage decides, not a later stage's
    ("FROM rocm/dev-ubuntu-22.04:6.2 AS dev\nARG INSTALL_XF=true\nRUN if [ \"$INSTALL_XF\" = \"true\" ]; then "
     "pip install xformers; fi\nFROM rocm/dev-ubuntu-22.04:6.2 AS slim\nARG INSTALL_XF=false\n", "", {"xformers"}),
    # a build arg compose passes from the shell (no value in the files) may take the branch
    ("FROM rocm/dev-ubuntu-22.04:6.2\nARG INSTALL_XF=false\nRUN if [ \"$INSTALL_XF\" == \"true\" ]; then "
     "pip install xformers; fi\n", "      args:\n        - INSTALL_XF\n", {"xformers"}),
])
def test_build_arg_branches_as_docker_build_runs_them(tmp_path, dockerfile, compose_args, want):
    write(tmp_path, "Dockerfile", dockerfile)
    c = write(tmp_path, "docker-compose.yml", "services:\n  t:\n    build:\n      context: .\n" + compose_args +
              "    devices: [/dev/kfd, /dev/dri]\n")
    fs = flagged(scan([c, str(tmp_path / "Dockerfile")], "RD-IMG-002", "mi300x8"))
    assert {f.subject.rsplit(" ", 1)[1] for f in fs} == want


def test_a_project_installed_in_a_branch_not_taken_brings_none_of_its_dependencies(tmp_path):
    write(tmp_path, "pyproject.toml", "[project]\nname = \"x\"\ndependencies = []\n[project.optional-dependencies]\n"
          "xf = [\"xformers\"]\n")
    d = write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2\nARG INSTALL_XF=false\nCOPY . /app\nWORKDIR /app\n"
              "RUN if [ \"$INSTALL_XF\" == \"true\" ]; then pip install -e \".[xf]\"; fi\n")
    assert flagged(scan([d], "RD-IMG-002", "mi300x8")) == []
    write(tmp_path, "Dockerfile", open(d).read().replace("INSTALL_XF=false", "INSTALL_XF=true"))
    assert {f.subject.rsplit(" ", 1)[1] for f in flagged(scan([d], "RD-IMG-002", "mi300x8"))} == {"xformers"}


@pytest.mark.parametrize("line, fails", [
    ("pip install torch==2.1.2 torchvision==0.16.2 --index-url https://download.pytorch.org/whl/rocm6.0", True),
    ("pip install torch==2.5.1 --index-url https://download.pytorch.org/whl/rocm6.0", True),   # past its newest
    ("pip install torch==2.6.0 --index-url https://download.pytorch.org/whl/rocm6.2", True),   # rocm6.2: 2.5 only
    ("pip install torch==2.3.1 --index-url https://download.pytorch.org/whl/rocm6.0", False),
    ("pip install torch==2.6.0 --index-url https://download.pytorch.org/whl/rocm6.2.4", False),
    ("pip install torch==2.9.0 --index-url https://download.pytorch.org/whl/rocm6.4", False),  # newest not bounded
    ("pip install torch==2.1.2 --index-url https://download.pytorch.org/whl/nightly/rocm6.0", False),  # nightly: unknown
    ("pip install torch==2.1.2 --index-url https://download.pytorch.org/whl/rocm5.2", False),  # range not known
])
def test_a_torch_pin_its_one_rocm_index_does_not_carry_installs_nothing(lint, line, fails):
    # fresh yn-lucianhanga (torch==2.1.2 from the rocm6.0 index, which starts at 2.3) and xd-xmrtdao: "No matching
    # distribution"; the wheel's ROCm is then not judged against the host (nothing installs)
    d = lint.write("Dockerfile", f"FROM ubuntu:22.04\nRUN {line}\n")
    fs = lint.flagged(lint([d], "RD-IMG-002", "mi50x2-xeon"))
    assert bool([f for f in fs if "nothing installs" in f.title]) is fails, fs
    if fails:
        assert not [f for f in lint.flagged(lint([d], "RD-IMG-003", "mi50x2-xeon")) if "torch for ROCm" in f.title]


def test_a_pin_beside_another_index_is_not_judged_off_index(lint):
    # an extra index (PyPI's plain release) or find-links may carry the pin: pip installs from there
    d = lint.write("Dockerfile", "FROM ubuntu:22.04\nRUN pip install torch==2.1.2 --index-url "
                   "https://download.pytorch.org/whl/rocm6.0 --extra-index-url https://pypi.org/simple\n")
    assert not [f for f in lint.flagged(lint([d], "RD-IMG-002", "mi50x2-xeon")) if "nothing installs" in f.title]


# tests/corpus/fresh/artifacts/zn-andreaux-tts-serve-rocm-overlay, cut down: the base compose file builds
# docker/Dockerfile.omnivoice (the set holds it flat, beside the compose files), the ROCm overlay gives only build
# args (TORCH_INDEX .../rocm6.4 over the Dockerfile's cu126 default). The image is built with the overlay's index.
_OMNI_DOCKERFILE = ("FROM python:3.12-slim\nARG TORCH_INDEX=https://download.pytorch.org/whl/cu126\nARG TORCH=2.8.0\n"
                    "RUN pip install --index-url \"$TORCH_INDEX\" \\\n        \"torch==$TORCH\"\n")
_OMNI_BASE = ("services:\n  omnivoice:\n    build:\n      context: .\n      dockerfile: docker/Dockerfile.omnivoice\n")
_OMNI_ROCM = ("x-rocm-gpu: &rocm-gpu\n  devices:\n    - /dev/kfd\n    - /dev/dri\n  group_add:\n    - video\n"
              "    - render\nservices:\n  omnivoice:\n    <<: *rocm-gpu\n    image: tts-serve/omnivoice:rocm6.4\n"
              "    build:\n      args:\n        TORCH_INDEX: https://download.pytorch.org/whl/rocm6.4\n")


def test_a_flat_set_builds_the_dockerfile_its_compose_names_in_another_folder(tmp_path):
    paths = [write(tmp_path, "Dockerfile.omnivoice", _OMNI_DOCKERFILE), write(tmp_path, "docker-compose.yml", _OMNI_BASE),
             write(tmp_path, "docker-compose.rocm.yml", _OMNI_ROCM)]
    assert flagged(scan(paths, "RD-IMG-002", "rx7900xtx")) == []
    # without the overlay the same build installs the cu126 default: flagged
    assert flagged(scan(paths[:2], "RD-IMG-002", "rx7900xtx"))
    # two Dockerfiles of that name in the set: which one is meant is not known, nothing is read with the args
    os.makedirs(tmp_path / "other", exist_ok=True)
    twin = write(tmp_path, "other/Dockerfile.omnivoice", _OMNI_DOCKERFILE)
    assert flagged(scan(paths + [twin], "RD-IMG-002", "rx7900xtx"))


def test_the_overlay_service_runs_the_image_its_base_dockerfile_makes(tmp_path):
    # the same set: python:3.12-slim defines no `render` group, so `group_add: render` by name stops the container
    # ('unable to find group render'), whatever the overlay's rocm-named tag says
    paths = [write(tmp_path, "Dockerfile.omnivoice", _OMNI_DOCKERFILE), write(tmp_path, "docker-compose.yml", _OMNI_BASE),
             write(tmp_path, "docker-compose.rocm.yml", _OMNI_ROCM)]
    [f] = flagged(scan(paths, "RD-CTR-006", "rx7900xtx"))
    assert "render" in f.title and f.evidence[0].source.endswith("docker-compose.rocm.yml:7")
    # built on a ROCm image, whose /etc/group has render: nothing to say
    rocm = _OMNI_DOCKERFILE.replace("python:3.12-slim", "rocm/dev-ubuntu-22.04:6.2")
    paths[0] = write(tmp_path, "Dockerfile.omnivoice", rocm)
    assert flagged(scan(paths, "RD-CTR-006", "rx7900xtx")) == []


def test_requirements_filtered_by_grep_after_a_pip_upgrade_in_the_same_run(tmp_path):
    # tests/corpus/fresh/artifacts/zn-ar6420-tribe-scorer-mi300x: the RUN upgrades pip, then installs a copy of
    # requirements.txt without its torch lines (the base image's ROCm torch stays)
    docker = ("FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\nCOPY requirements.txt ./\n"
              "RUN pip install --upgrade pip wheel setuptools \\\n"
              "    && grep -vE '^(torch|torchaudio)\\b' requirements.txt > /tmp/req-no-torch.txt \\\n"
              "    && pip install -r /tmp/req-no-torch.txt\n")
    reqs = "fastapi>=0.111.0\ntorch>=2.5.1,<3.0\ntorchaudio>=2.5.0,<3.0\n"
    paths = [write(tmp_path, "Dockerfile.rocm", docker), write(tmp_path, "requirements.txt", reqs)]
    assert flagged(scan(paths, "RD-IMG-002", "mi300x8")) == []
    # the install of the unfiltered file keeps its torch lines (and is cited where `-r` names it)
    paths[0] = write(tmp_path, "Dockerfile.rocm", docker.replace("-r /tmp/req-no-torch.txt", "-r requirements.txt"))
    found = flagged(scan(paths, "RD-IMG-002", "mi300x8"))
    assert found and all(f.evidence[0].source.endswith(("requirements.txt:2", "requirements.txt:3")) for f in found)


def test_pypi_added_back_beside_a_stale_rocm_index_url_wins_an_unpinned_torch(tmp_path):
    # fresh batch 46 zu-jaypizimmermann-dcdecomp-reqs (requirements_amd.txt): --index-url .../rocm6.1, then
    # --extra-index-url https://pypi.org/simple: pip takes the newest torch of both, PyPI's CUDA build
    reqs = "--index-url https://download.pytorch.org/whl/rocm6.1\n--extra-index-url https://pypi.org/simple\ntorch\n"
    found = flagged(scan([write(tmp_path, "requirements_amd.txt", reqs)], "RD-IMG-002", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in found] == ["3"] and "beside PyPI" in found[0].title
    # a current ROCm index (its torch as new as PyPI's, and +rocm sorts higher), or a pinned torch: not this class
    assert not flagged(scan([write(tmp_path, "requirements_amd.txt", reqs.replace("rocm6.1", "rocm7.1"))],
                            "RD-IMG-002", "rx7900xtx"))
    # rocm6.4 takes no torch after 2.10: a bare torch takes PyPI's newer CUDA build (fresh batch 84, tw-orionzhen-
    # abliteration-rocm); a requirement capped at what the index carries (~=2.9.0, <2.10) keeps the ROCm build
    stale64 = reqs.replace("rocm6.1", "rocm6.4")
    found = flagged(scan([write(tmp_path, "requirements_amd.txt", stale64)], "RD-IMG-002", "rx7900xtx"))
    assert len(found) == 1 and "ROCm 6.4 index beside PyPI" in found[0].title
    for capped in ("torch~=2.9.0\n", "torch>=2.6,<2.11\n", "torch<=2.8.1\n"):
        assert not flagged(scan([write(tmp_path, "requirements_amd.txt", stale64.replace("torch\n", capped))],
                                "RD-IMG-002", "rx7900xtx")), capped
    # a torchvision beside a capped torch resolves with that torch: not judged on its own (review)
    capped_tv = stale64.replace("torch\n", "torch~=2.9.0\ntorchvision\n")
    assert not flagged(scan([write(tmp_path, "requirements_amd.txt", capped_tv)], "RD-IMG-002", "rx7900xtx"))
    # ~=2.9 (any 2.x from 2.9) and >=2.9 allow PyPI's newer release
    assert flagged(scan([write(tmp_path, "requirements_amd.txt", stale64.replace("torch\n", "torch~=2.9\n"))],
                        "RD-IMG-002", "rx7900xtx"))
    assert not [f for f in flagged(scan([write(tmp_path, "requirements_amd.txt", reqs.replace("torch\n", "torch==2.4.1\n"))],
                                        "RD-IMG-002", "rx7900xtx")) if "beside PyPI" in f.title]


def test_an_index_left_to_the_scripts_argument_is_not_judged(tmp_path):
    # michaelfeil/infinity requirements_install_from_poetry.sh: EXTRA_URL="$1" from its arguments, then
    # `pip install torch torchvision --index-url "$EXTRA_URL"` (the Dockerfile passes .../whl/rocm6.2)
    script = ('#!/bin/bash\nEXTRA_URL=""\nwhile [[ $# -gt 0 ]]; do\n  case $1 in\n    *) EXTRA_URL="$1"; shift;;\n'
              '  esac\ndone\npython -m pip install torch torchvision --index-url "$EXTRA_URL" --no-cache-dir\n')
    p = write(tmp_path, "install.sh", script)
    assert flagged(scan([p], "RD-IMG-002", "mi300x8")) == []
    # an extra index beside PyPI is not the index itself: PyPI's CUDA torch is still there to take
    extra = write(tmp_path, "extra.sh", script.replace('--index-url "$EXTRA_URL"', '--extra-index-url "$EXTRA_URL"'))
    assert len(flagged(scan([extra], "RD-IMG-002", "mi300x8"))) >= 1


def test_an_arg_branch_inside_another_arg_branch_keeps_its_own_condition(lint):
    # review case: `if [ "$TARGETARCH" = amd64 ]` holding `if [ "$USE_ROCM" = 1 ] ... else <cu121> fi`: with
    # USE_ROCM=1 the cu121 install is the untaken branch, as it was before branches could nest
    body = ("FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\nARG TARGETARCH=amd64\nARG USE_ROCM=1\n"
            "RUN if [ \"$TARGETARCH\" = \"amd64\" ]; then \\\n      if [ \"$USE_ROCM\" = \"1\" ]; then \\\n"
            "        pip install torch --index-url https://download.pytorch.org/whl/rocm6.2; \\\n      else \\\n"
            "        pip install torch --index-url https://download.pytorch.org/whl/cu121; \\\n      fi; \\\n    fi\n")
    assert lint.flagged(lint([lint.write("Dockerfile", body)], "RD-IMG-002", "mi300x8")) == []


# --- wave 21 (spent batches 69-71): what one install is, where its file comes from, what torch is already there
def test_a_requirements_files_torchvision_and_torchaudio_are_cited_in_its_torch_finding(lint):
    p = lint.write("requirements.txt", "torch>=2.1\ntorchvision>=0.16\ntorchaudio>=2.1\nnumpy\n")
    fs = lint.flagged(lint([p], "RD-IMG-002", "mi300x8"))
    # PyPI's builds of the companions come with that torch: one cause, one finding, each line cited
    assert [f.subject.rsplit(" ", 1)[1] for f in fs] == ["torch"]
    assert [e.source for e in fs[0].evidence] == [f"{p}:1", f"{p}:2", f"{p}:3"]


def test_a_requirements_file_copied_in_under_another_name_takes_the_install_lines_index(tmp_path, lint):
    # spent zi-nascheme: `ADD requirements/torch.txt /tmp/r` then `uv pip install -r /tmp/r --extra-index-url
    # .../rocm7.0`, then another file copied to the same /tmp/r for a plain install
    (tmp_path / "req").mkdir()
    (tmp_path / "req" / "torch.txt").write_text("torch==2.5.1\ntorchvision==0.20.1\n")
    (tmp_path / "req" / "common.txt").write_text("numpy\nrequests\n")
    lint.write("Dockerfile", "FROM python:3.11\nADD req/torch.txt /tmp/r\n"
               "RUN pip install -r /tmp/r --index-url https://download.pytorch.org/whl/rocm6.2\n"
               "ADD req/common.txt /tmp/r\nRUN pip install -r /tmp/r\n")
    assert not lint.flagged(lint([str(tmp_path)], "RD-IMG-002", "mi300x8"))
    # look-alike: the same file copied in after the install that had the index is judged by the plain one
    lint.write("Dockerfile", "FROM python:3.11\nADD req/common.txt /tmp/r\n"
               "RUN pip install -r /tmp/r --index-url https://download.pytorch.org/whl/rocm6.2\n"
               "ADD req/torch.txt /tmp/r\nRUN pip install -r /tmp/r\n")
    assert lint.flagged(lint([str(tmp_path)], "RD-IMG-002", "mi300x8"))


def test_torch_installed_earlier_from_a_rocm_index_a_compose_build_arg_gives_is_kept(tmp_path, lint):
    # spent xc-efficiencyx karaoke: `ARG TORCH_INDEX=.../cpu`, `uv pip install torch --index-url ${TORCH_INDEX}`, the AMD
    # compose file builds it with TORCH_INDEX=.../rocm6.2.4, then a requirements file with torch>=2.5,<2.14
    lint.write("Dockerfile", "FROM python:3.11-slim\nARG TORCH_INDEX=https://download.pytorch.org/whl/cpu\n"
               "RUN pip install torch torchaudio --index-url ${TORCH_INDEX}\nCOPY reqs.txt /app/requirements.txt\n"
               "RUN pip install -r /app/requirements.txt\n")
    lint.write("reqs.txt", "torch>=2.5,<2.14\ndemucs\n")
    compose = ("services:\n  karaoke:\n    build:\n      context: .\n      args:\n        TORCH_INDEX: "
               "https://download.pytorch.org/whl/{}\n    devices: [/dev/kfd, /dev/dri]\n")
    lint.write("docker-compose.yml", compose.format("rocm6.2.4"))
    assert not [f for f in lint.flagged(lint([str(tmp_path)], "RD-IMG-002", "mi300x8")) if "reqs.txt" in f.title]
    # the newest torch of that index (2.7) misses a pin above it: pip replaces it
    lint.write("reqs.txt", "torch>=2.8\ndemucs\n")
    assert [f for f in lint.flagged(lint([str(tmp_path)], "RD-IMG-002", "mi300x8")) if "reqs.txt" in f.title]


def test_what_an_earlier_install_does_not_leave_where_pip_looks(tmp_path, lint):
    # spent yb-kanjseok: the ROCm torch went into --prefix=/install, which a later pip does not see as installed
    lint.write("Dockerfile", "FROM python:3.11\nRUN pip install --prefix=/install torch --index-url "
               "https://download.pytorch.org/whl/rocm6.2\nCOPY requirements.txt .\n"
               "RUN pip install --prefix=/install -r requirements.txt\n")
    lint.write("requirements.txt", "torch>=2.2.0\nnumpy\n")
    assert [f.title for f in lint.flagged(lint([str(tmp_path)], "RD-IMG-002", "mi300x8"))
            if "requirements.txt" in f.title]


def test_a_file_a_host_script_installs_too_is_not_judged_by_the_images_torch():
    # spent ya-lockezhan: the rocm/pytorch image's torch keeps `torch>=2.1.0`, but run_and_push.sh installs the same
    # file on the host, where the old rocm6.1 index read beside PyPI gives PyPI's CUDA torch
    fs = flagged(scan([os.path.join(FRESH, "ya-lockezhan-pinn-ddp")], "RD-IMG-002", "mi300x8"))
    assert fs and all("requirements_linux_rocm.txt" in f.title for f in fs)


def test_a_cuda_companion_pin_without_a_torch_line_keeps_its_own_finding(lint):
    # no torch line in the file: torchvision==...+cu118 is its own CUDA build, not folded into accelerate's finding
    p = lint.write("requirements.txt", "accelerate==0.30.0\ntorchvision==0.16.0+cu118\n")
    fs = lint.flagged(lint([p], "RD-IMG-002", "mi300x8"))
    assert any(f.subject.endswith("torchvision") for f in fs), [f.title for f in fs]


@pytest.mark.parametrize("prefix, kept", [("/usr/local", True), ("/install", False)])
def test_an_install_into_the_interpreters_own_prefix_is_seen_by_the_next_pip(tmp_path, lint, prefix, kept):
    lint.write("Dockerfile", f"FROM python:3.11\nRUN pip install --prefix={prefix} torch --index-url "
               "https://download.pytorch.org/whl/rocm6.2\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n")
    lint.write("requirements.txt", "torch\nnumpy\n")
    got = [f for f in lint.flagged(lint([str(tmp_path)], "RD-IMG-002", "mi300x8")) if "requirements.txt" in f.title]
    assert (not got) is kept


def test_a_requirements_file_after_the_dockerfiles_own_cuda_torch_is_that_cause_again(tmp_path):
    # fresh batch 82 pw-yuamd-aim-finetuning-image: `pip3 install torch>=2.0.0 ...` (PyPI's CUDA torch) in one RUN,
    # then the fallback `pip3 install -r requirements.txt` whose torch>=2.0.0 and bitsandbytes>=0.41.0 pip finds
    # satisfied by that torch: the first RUN is the one cause
    docker = ("FROM rocm/rocm-terminal:latest\nRUN pip3 install --no-cache-dir torch transformers\n"
              "COPY requirements.txt /workspace/\nRUN pip3 install -r /workspace/requirements.txt\n")
    reqs = "torch>=2.0.0\ntransformers>=4.35.0\nbitsandbytes>=0.41.0\n"
    paths = [write(tmp_path, "Dockerfile", docker), write(tmp_path, "requirements.txt", reqs)]
    found = flagged(scan(paths, "RD-IMG-002", "mi300x8"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in found] == ["Dockerfile:2"]
    # a pin the first torch may not satisfy is still its own install; and with no torch before it, the file's is judged
    pinned = flagged(scan([paths[0], write(tmp_path, "requirements.txt", reqs.replace(">=2.0.0", "==2.1.0"))],
                          "RD-IMG-002", "mi300x8"))
    assert any(f.evidence[0].source.endswith("requirements.txt:1") for f in pinned)
    alone = flagged(scan([write(tmp_path, "Dockerfile", docker.replace("torch transformers", "transformers")),
                          write(tmp_path, "requirements.txt", reqs)], "RD-IMG-002", "mi300x8"))
    assert any(f.evidence[0].source.endswith("requirements.txt:1") for f in alone)


def test_a_requirements_file_is_the_install_where_any_of_its_installers_has_no_torch_before_it(tmp_path):
    # the review's cases: a second Dockerfile (or another stage) installs the file on a torch-less base, so its
    # torch line is that image's CUDA torch; a companion the first command never installed is judged as itself
    reqs = "torch>=2.0.0\ntransformers\nbitsandbytes>=0.41.0\ntorchvision>=0.19\n"
    train = "FROM rocm/dev-ubuntu-22.04:6.2\nRUN pip3 install torch transformers\nCOPY requirements.txt .\nRUN pip3 install -r requirements.txt\n"
    serve = "FROM rocm/dev-ubuntu-22.04:6.2\nCOPY requirements.txt .\nRUN pip3 install -r requirements.txt\n"
    r = write(tmp_path, "requirements.txt", reqs)
    one = flagged(scan([write(tmp_path, "Dockerfile", train), r], "RD-IMG-002", "mi300x8"))
    assert sorted(f.evidence[0].source.rsplit("/", 1)[-1] for f in one) == ["Dockerfile:2", "requirements.txt:4"]
    two = flagged(scan([write(tmp_path, "Dockerfile", train), write(tmp_path, "Dockerfile.serve", serve), r],
                       "RD-IMG-002", "mi300x8"))
    assert any(f.evidence[0].source.endswith("requirements.txt:1") for f in two)
    staged = train.replace("RUN pip3 install torch transformers\n",
                           "RUN pip3 install torch transformers\nFROM rocm/dev-ubuntu-22.04:6.2\n")
    assert any(f.evidence[0].source.endswith("requirements.txt:1")
               for f in flagged(scan([write(tmp_path, "Dockerfile", staged), r], "RD-IMG-002", "mi300x8")))


def test_a_wheel_file_built_for_cuda_is_judged_as_its_package(tmp_path):
    # Open-Thought's reasoning-gym set_env.sh (fresh batch 121): vLLM's release wheel whose +cu118 version is its CUDA
    # build; the same wheel's ROCm build, and a wheel of no package RD-IMG-002 names, are not this check's
    cuda = "https://github.com/vllm-project/vllm/releases/download/v0.7.2/vllm-0.7.2+cu118-cp38-abi3-manylinux1_x86_64.whl"
    p = write(tmp_path, "a/set_env.sh", f"#!/bin/bash\npip install {cuda}\n")
    assert [f.evidence[0].source for f in flagged(scan([p], "RD-IMG-002", "mi300x8"))] == [f"{p}:2"]
    for other in (cuda.replace("+cu118", "+rocm6.2"), cuda.replace("vllm-0.7.2", "flashinfer-0.1.6")):
        q = write(tmp_path, f"{abs(hash(other))}/set_env.sh", f"#!/bin/bash\npip install {other}\n")
        assert flagged(scan([q], "RD-IMG-002", "mi300x8")) == []
    # review of wave 27: a CUDA wheel of a package the image's ROCm torch would keep (DeepSpeed) is still its CUDA
    # build, and download.pytorch.org writes the + as %2B
    base = "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
    for wheel in ("https://x.org/deepspeed-0.15.3+cu121torch2.4-cp310-cp310-linux_x86_64.whl",
                  "https://download.pytorch.org/whl/cu118/torch-2.1.0%2Bcu118-cp310-cp310-linux_x86_64.whl"):
        d = write(tmp_path, f"{abs(hash(wheel))}/Dockerfile", base + f"RUN pip install {wheel}\n")
        assert [f.status.value for f in flagged(scan([d], "RD-IMG-002", "mi300x8"))] == ["fail"], wheel



def test_pip_torch_on_a_machine_without_an_amd_gpu_is_not_judged(tmp_path, lint):
    # PyPI's CUDA torch runs on a CPU and is the right build on NVIDIA: with no AMD GPU here the check says what
    # it could not judge (the same line fails against an AMD machine)
    p = lint.write("setup.sh", "pip install torch torchvision\n")
    fs = lint([p], "RD-IMG-002", example="no-gpu")
    assert lint.statuses(fs) == ["skip"] and "1 pip install" in fs[0].title and "no AMD GPU" in fs[0].title
    assert lint.statuses(lint([p], "RD-IMG-002", example="mi300x8")) == ["fail", "fail"]


def test_cuda_library_pins_of_an_including_file_are_not_cited_in_the_included_files_torch(tmp_path, lint):
    # requirements.txt pins torch; requirements-gpu-bench.txt includes it with -r and adds a CUDA library: the finding
    # about requirements.txt's torch cites only its own lines (pip install -r requirements.txt installs no benchmark pin)
    d = tmp_path / "r"
    write(tmp_path, "r/requirements.txt", "torch==2.5.1\n")
    write(tmp_path, "r/requirements-gpu-bench.txt", "-r requirements.txt\nnvidia_cublas_cu12==12.4.5.8\n")
    fs = [f for f in flagged(scan([str(d)], "RD-IMG-002", "mi300x8")) if "torch==2.5.1" in f.title]
    assert fs and not any("requirements-gpu-bench.txt" in e.source for f in fs for e in f.evidence)


def test_inside_a_cuda_image_only_packages_that_are_cuda_builds_of_their_own_are_named_again(tmp_path):
    # fresh batch 300 (foundationvision infinity: FROM pytorch/pytorch:2.5.1-cuda11.8 ... `pip install flash-attn
    # --no-build-isolation`; openrlhf: FROM nvcr.io/nvidia/pytorch ... `pip install vllm==0.7.2`): RD-IMG-001 names the
    # image, and a port of its FROM still leaves these two to replace with their ROCm builds
    p = write(tmp_path, "Dockerfile", "FROM pytorch/pytorch:2.5.1-cuda11.8-cudnn9-devel\nRUN pip install ninja "
              "transformers accelerate\nRUN MAX_JOBS=1 pip install flash-attn --no-build-isolation\n"
              "RUN pip install vllm==0.7.2\n")
    fs = flagged(scan([p], "RD-IMG-002", "mi300x8"))
    assert sorted(e.source.rsplit(":", 1)[1] for f in fs for e in f.evidence[:1]) == ["3", "4"]
    # look-alike: the same lines on a ROCm base are judged as before (flash-attn --no-build-isolation over the image's
    # ROCm torch builds its CK backend on MI300X: passes; PyPI's vLLM stays a CUDA build)
    q = write(tmp_path, "r/Dockerfile", open(p).read().replace(
        "pytorch/pytorch:2.5.1-cuda11.8-cudnn9-devel", "rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0"))
    assert [e.source.rsplit(":", 1)[1] for f in flagged(scan([q], "RD-IMG-002", "mi300x8")) for e in f.evidence[:1]] \
        == ["4"]
