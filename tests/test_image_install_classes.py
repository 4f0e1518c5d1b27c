"""Classes of what images and environments install (track imgs6), each with real text (source URL at
the case) and a look-alike that must not be flagged (retired nightly channels: tests/checks/
test_image_nightly.py): several options on one requirements line, sed scripts with several commands, ENV values
in RUN, +rocm pins with no index, one cause per install, torch installed after a package that needs it
(RD-IMG-002), ROCm from AMD's apt repository and tags with no version (RD-IMG-003), conda environments
and PyPI's Triton 2.x (RD-IMG-009), a pasted command and a suffixed name (RD-IMG-004)."""
import pytest

from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import flagged, scan, write


def _codes(tmp_path, files, code, example="rx7900xtx"):
    paths = [write(tmp_path, name, text) for name, text in files]
    return flagged(scan(paths, code, example))


def test_several_options_on_one_requirements_line_are_all_read(tmp_path):
    # tests/corpus/fresh/artifacts/zhenyapav-stextras-rocm55-reqs (`--pre --extra-index-url URL` on one line)
    text = "flask\n--pre --extra-index-url https://download.pytorch.org/whl/nightly/rocm5.5\ntorch>=2.0.0+rocm5.5,<2.1.0+rocm5.5\n"
    art = read_one(write(tmp_path, "requirements-rocm.txt", text))
    opts = [v.value["options"] for v in art.values if v.name == "pip"][0]
    assert opts["pre"] == [True] and opts["extra-index-url"] == ["https://download.pytorch.org/whl/nightly/rocm5.5"]
    # the ROCm index is only an extra one (PyPI's newer CUDA torch wins), and a +rocm range pins nothing to it
    found = _codes(tmp_path, [("requirements-rocm.txt", text)], "RD-IMG-002")
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in found] == ["3"]
    pinned = text.replace("--extra-index-url", "--index-url")
    assert _codes(tmp_path, [("requirements-rocm.txt", pinned)], "RD-IMG-002") == []


def test_a_sed_script_of_several_commands_deletes_each_pattern(tmp_path):
    # tests/corpus/fresh/artifacts/boggedbrush-ttsstudio-rocm71-override: sed -i '/torch/d;/flash-attn/d'
    reqs = "fastapi>=0.109.0\ntorch>=2.0.0\ntorchaudio>=2.0.0\nflash-attn>=2.6.0\n"
    docker = ("FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\nCOPY requirements.txt .\n"
              "RUN sed -i '/torch/d;/flash-attn/d' requirements.txt && \\\n    pip install -r requirements.txt\n")
    assert _codes(tmp_path, [("requirements.txt", reqs), ("Dockerfile", docker)], "RD-IMG-002") == []
    one = docker.replace("/torch/d;/flash-attn/d", "/flash-attn/d")  # torchaudio stays: PyPI's, CUDA
    assert len(_codes(tmp_path, [("requirements.txt", reqs), ("Dockerfile", one)], "RD-IMG-002")) == 1


def test_an_env_value_is_expanded_in_run(tmp_path):
    # tests/corpus/fresh/artifacts/driverding-comfyui-fedora-override: ENV PYTORCH_INDEX_URL=.../rocm6.3, then
    # pip install torch --index-url ${PYTORCH_INDEX_URL}
    docker = ('FROM fedora:42\nENV PYTORCH_INDEX_URL="https://download.pytorch.org/whl/rocm6.3"\n'
              "RUN pip install torch torchvision --index-url ${PYTORCH_INDEX_URL}\n")
    assert _codes(tmp_path, [("Containerfile", docker)], "RD-IMG-002") == []
    cuda = docker.replace("rocm6.3", "cu121")
    assert len(_codes(tmp_path, [("Containerfile", cuda)], "RD-IMG-002")) == 2


def test_a_rocm_pin_with_no_index_that_carries_it(tmp_path):
    # https://github.com/FontaineRiant/wrAIter/blob/1b4f6bb41bf3820701b41d905a172bfd703be3f9/requirements_rocm.txt
    freeze = "accelerate==0.26.1\ndeepspeed==0.6.5\ntorch==2.2.1+rocm5.7\ntorchaudio==2.2.1+rocm5.7\n"
    found = _codes(tmp_path, [("requirements_rocm.txt", freeze)], "RD-IMG-002")
    assert sorted(f.evidence[0].source.rsplit(":", 1)[1] for f in found) == ["3", "4"]
    assert all("no index carries" in f.title for f in found)  # and deepspeed adds nothing: one install, one cause
    indexed = "--index-url https://download.pytorch.org/whl/rocm5.7\n" + freeze
    assert _codes(tmp_path, [("requirements_rocm.txt", indexed)], "RD-IMG-002") == []


def test_torch_installed_after_a_package_that_requires_it_is_too_late(tmp_path):
    # tests/corpus/fresh/artifacts/hayatoshimada-slither-amd-override: requirements (stable-baselines3) first on
    # ubuntu:22.04, the ROCm torch afterwards ("Requirement already satisfied": the CUDA torch stays)
    reqs = "numpy\nstable-baselines3>=2.0\n"
    late = ("FROM ubuntu:22.04\nCOPY requirements.txt .\nRUN pip3 install -r requirements.txt\n"
            "RUN pip3 install torch --index-url https://download.pytorch.org/whl/rocm6.2\n")
    found = _codes(tmp_path, [("requirements.txt", reqs), ("Dockerfile", late)], "RD-IMG-002")
    assert [f.evidence[0].source.rsplit("/", 1)[1] for f in found] == ["requirements.txt:2"]
    early = ("FROM ubuntu:22.04\nRUN pip3 install torch --index-url https://download.pytorch.org/whl/rocm6.2\n"
             "COPY requirements.txt .\nRUN pip3 install -r requirements.txt\n")
    assert _codes(tmp_path, [("requirements.txt", reqs), ("Dockerfile", early)], "RD-IMG-002") == []


def test_rocm_from_amds_apt_repository_is_judged_like_an_image_tag(tmp_path):
    # https://github.com/NeptuneHub/AudioMuse-AI/blob/a7d7d318fa51a16d7480ad5e71361a34123600d3/Dockerfile.rocm
    run = ("FROM ghcr.io/neptunehub/audiomuse-ai:latest\nRUN apt-get update \\\n"
           "    && printf 'deb [arch=amd64 signed-by=/etc/apt/keyrings/rocm.gpg] https://repo.radeon.com/rocm/apt/7.2.3 "
           "noble main\\n' > /etc/apt/sources.list.d/rocm.list \\\n"
           "    && apt-get update && apt-get install -y --no-install-recommends hip-runtime-amd migraphx\n")
    found = _codes(tmp_path, [("Dockerfile.rocm", run)], "RD-IMG-003")
    assert len(found) == 1 and "ROCm 7.2 installed from AMD's package repository" in found[0].title
    assert found[0].evidence[0].source.endswith(":3")
    # tests/corpus/fresh/artifacts/olmo-lumi-rocm602-image: ROCm 6.0.2 from apt on a 6.2 host, inside the window
    near = run.replace("apt/7.2.3", "apt/6.0.2")
    assert _codes(tmp_path, [("Dockerfile.rocm", near)], "RD-IMG-003") == []
    # a repository line with nothing installed from it is no user space
    only_repo = run.replace("apt-get install -y --no-install-recommends hip-runtime-amd migraphx", "true")
    assert _codes(tmp_path, [("Dockerfile.rocm", only_repo)], "RD-IMG-003") == []


def test_an_amd_image_tag_with_no_version_floats_and_each_place_is_cited(tmp_path):
    # tests/corpus/fresh/artifacts/1v1a3x-vllm-rocm-dockerfile: ARG BASE_IMAGE=rocm/vllm-dev:base; FROM ${BASE_IMAGE}
    docker = "ARG BASE_IMAGE=rocm/vllm-dev:base\nFROM ${BASE_IMAGE} AS base\nRUN true\n"
    found = _codes(tmp_path, [("Dockerfile.rocm", docker)], "RD-IMG-003", "mi300x8")
    assert len(found) == 1 and "floats" in found[0].title
    pinned = docker.replace(":base", ":rocm6.2_mi300_ubuntu22.04_py3.9_vllm_0.6.4")
    assert not any("floats" in f.title for f in _codes(tmp_path, [("Dockerfile.rocm", pinned)], "RD-IMG-003", "mi300x8"))
    # tests/corpus/fresh/artifacts/xarianne-voicebox-rdna4-override-compose: a builder and a runtime stage on one image
    two = ("FROM rocm/pytorch:rocm7.2.1_ubuntu24.04_py3.12_pytorch_release_2.9.1 AS builder\nRUN true\n"
           "FROM rocm/pytorch:rocm7.2.1_ubuntu24.04_py3.12_pytorch_release_2.9.1\nRUN true\n")
    found = _codes(tmp_path, [("Dockerfile.amd", two)], "RD-IMG-003")
    assert len(found) == 1 and [e.source.rsplit(":", 1)[1] for e in found[0].evidence[:2]] == ["1", "3"]


def test_a_requirement_the_image_torch_satisfies_brings_no_newer_wheel(tmp_path):
    # tests/corpus/fresh/artifacts/xarianne-voicebox-rdna4-override-compose: torch>=2.2.0 in a rocm/pytorch 2.9.1 image
    reqs = "--extra-index-url https://download.pytorch.org/whl/rocm7.2\ntorch>=2.2.0\n"
    docker = ("FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\nCOPY requirements.txt .\n"
              "RUN pip install -r requirements.txt\n")
    assert _codes(tmp_path, [("requirements.txt", reqs), ("Dockerfile", docker)], "RD-IMG-003") == []
    # alone (a fresh environment) the wheel comes from the rocm7.2 index: the index line is cited too
    found = _codes(tmp_path, [("requirements.txt", reqs)], "RD-IMG-003")
    assert len(found) == 1 and [e.source.rsplit(":", 1)[1] for e in found[0].evidence[:2]] == ["2", "1"]


@pytest.mark.parametrize("env,flag_line", [
    # tests/corpus/fresh/artifacts/kasperxms-edgeshard-conda-rocm (pytorch-cuda next to pytorch)
    ("name: e\nchannels:\n  - pytorch\ndependencies:\n  - python=3.10\n  - pytorch=2.1.0\n  - pytorch-cuda=5.7\n", 7),
    # tests/corpus/fresh/artifacts/dschaub95-rltsp-conda-cu113 (a CUDA build string, no pip section)
    ("name: pomo\ndependencies:\n  - python=3.7.11=h12debd9_0\n  - pytorch=1.10.1=py3.7_cuda11.3_cudnn8.2.0_0\n"
     "  - pytorch-mutex=1.0=cuda\n", 4),
    # https://github.com/statisticalbiotechnology/bayesDREAM (environment_rocm.yml: no torch; ROCm wheel installed later)
    ("name: bayesdream_rocm\nchannels:\n  - conda-forge\ndependencies:\n  - python=3.12\n  - numpy>=1.24.0\n  - pip\n",
     None),
    # a CPU build string and the pip ROCm wheel: nothing CUDA
    ("name: e\ndependencies:\n  - pytorch=2.1.0=py3.10_cpu_0\n  - pip\n  - pip:\n"
     "    - --index-url https://download.pytorch.org/whl/rocm6.2\n    - torch\n", None),
])
def test_conda_environment_files_with_the_cuda_stack(tmp_path, env, flag_line):
    found = _codes(tmp_path, [("environment.yml", env)], "RD-IMG-009", "mi300x8")
    assert [int(f.evidence[0].source.rsplit(":", 1)[1]) for f in found] == ([flag_line] if flag_line else [])


def test_a_continued_conda_install_line_is_read_whole(tmp_path):
    # tests/corpus/fresh/artifacts/xichenpan-soda-a100-slurm/setup.sh
    sh = "conda install \\\n  pytorch=2.3 pytorch-cuda=12.1 \\\n  torchvision torchaudio \\\n  -c pytorch -c nvidia\n"
    found = _codes(tmp_path, [("setup.sh", "#!/bin/bash\n" + sh)], "RD-IMG-009", "mi300x8")
    assert len(found) == 1 and found[0].evidence[0].source.endswith(":2")
    cpu = "#!/bin/bash\nconda install \\\n  numpy scipy \\\n  -c conda-forge\n"
    assert _codes(tmp_path, [("setup.sh", cpu)], "RD-IMG-009", "mi300x8") == []


def test_pypi_triton_2_is_cuda_only_triton_3_and_the_rocm_build_are_not(tmp_path):
    # tests/corpus/fresh/artifacts/mistral-finetune-reqs-torch22 (triton==2.2); wrAIter's freeze (triton==2.1.0)
    assert len(_codes(tmp_path, [("requirements.txt", "numpy\ntriton==2.2\n")], "RD-IMG-009", "mi300x8")) == 1
    for ok_req in ("triton>=3.0\n", "pytorch-triton-rocm==2.2.0\n", "triton\n"):
        assert _codes(tmp_path, [("requirements.txt", ok_req)], "RD-IMG-009", "mi300x8") == []


def test_a_pasted_pip_command_in_a_requirements_file_and_a_suffixed_name(tmp_path):
    # https://github.com/Ntropic/oflux/blob/01797a63c0b5cbe19f581ec8ef1f8bf9851e3d59/requirements_rocm.txt
    cmd = ("pip install torch==2.3.0+rocm6.0 torchvision==0.18.0+rocm6.0 --index-url "
           "https://download.pytorch.org/whl/rocm6.0\n\n")
    found = _codes(tmp_path, [("requirements_rocm.txt", cmd)], "RD-IMG-004")
    assert len(found) == 1 and "shell command" in found[0].title
    # https://github.com/yafehlis/NasUnet (requirements_rocm.txt): tensorboardX is a project of its own, not a typo
    assert _codes(tmp_path, [("requirements_rocm.txt", "tensorboardX\nopencv-python\npipdeptree\n")], "RD-IMG-004") == []
    assert len(_codes(tmp_path, [("requirements.txt", "torchvison\n")], "RD-IMG-004")) == 1


def test_a_cuda_torch_index_inside_a_cuda_image_is_a_second_line_to_change(tmp_path):
    # tests/corpus/fresh/artifacts/tloen-alpaca-lora-cuda-compose: FROM nvidia/cuda, torch from the nightly/cu118 index
    docker = ("FROM nvidia/cuda:11.8.0-devel-ubuntu22.04\nRUN python3 -m pip install numpy --pre torch --force-reinstall "
              "--index-url https://download.pytorch.org/whl/nightly/cu118\n")
    found = _codes(tmp_path, [("Dockerfile", docker)], "RD-IMG-002")
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in found] == ["2"]
    # a plain `pip install torch` in a CUDA image is the base image's one cause (RD-IMG-001), not a second finding
    plain = "FROM nvidia/cuda:11.8.0-devel-ubuntu22.04\nRUN pip install torch transformers\n"
    assert _codes(tmp_path, [("Dockerfile", plain)], "RD-IMG-002") == []


def test_per_vendor_branches_of_one_run_are_alternatives(tmp_path):
    # tests/corpus/fresh/artifacts/hayatoshimada-slither-amd-override (GPU_TYPE picks the torch index)
    docker = ("FROM ubuntu:22.04\nARG GPU_TYPE=amd\n"
              'RUN if [ "$GPU_TYPE" = "nvidia" ]; then \\\n'
              "        pip3 install --no-cache-dir torch --index-url https://download.pytorch.org/whl/cu121; \\\n"
              '    elif [ "$GPU_TYPE" = "amd" ]; then \\\n'
              "        pip3 install --no-cache-dir torch --index-url https://download.pytorch.org/whl/rocm6.2; \\\n"
              "    else \\\n"
              "        pip3 install --no-cache-dir torch --index-url https://download.pytorch.org/whl/cpu; \\\n"
              "    fi\n")
    assert _codes(tmp_path, [("Dockerfile", docker)], "RD-IMG-002") == []
    # the same installs one after the other (no branch): the CUDA torch comes first and pip keeps it
    seq = ("FROM ubuntu:22.04\nRUN pip3 install torch --index-url https://download.pytorch.org/whl/cu121 && \\\n"
           "    pip3 install torch --index-url https://download.pytorch.org/whl/rocm6.2\n")
    assert len(_codes(tmp_path, [("Dockerfile", seq)], "RD-IMG-002")) == 1


def test_flash_attention_built_in_pip_s_isolated_environment(tmp_path):
    # tests/corpus/fresh/artifacts/electroiscoding-reasonborn-mi300x-docker: the ROCm fork from git, no
    # --no-build-isolation, over rocm/pytorch (setup.py imports torch, absent from the isolated build env)
    docker = ("FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
              "RUN pip3 install --no-cache-dir \\\n    git+https://github.com/ROCm/flash-attention.git@main\n")
    found = _codes(tmp_path, [("Dockerfile", docker)], "RD-IMG-002", "mi300x8")
    assert len(found) == 1 and "no-build-isolation" in found[0].title
    fixed = docker.replace("--no-cache-dir", "--no-cache-dir --no-build-isolation")
    assert _codes(tmp_path, [("Dockerfile", fixed)], "RD-IMG-002", "mi300x8") == []


def test_torch_pulled_in_by_a_dependency_with_an_old_extra_rocm_index(tmp_path):
    # tests/corpus/fresh/artifacts/carlgao4-demucsgui-rocm56-reqs: no torch line; demucs (from git) brings torch, and
    # the rocm5.6 index is only an extra one, so PyPI's newer CUDA torch wins. One finding for the install.
    reqs = ("--extra-index-url https://download.pytorch.org/whl/rocm5.6\n\n"
            "git+https://github.com/adefossez/demucs.git\nnumpy<2\ngit+https://github.com/CarlGao4/Apollo-setup-py.git\n")
    found = _codes(tmp_path, [("requirements_rocm.txt", reqs)], "RD-IMG-002")
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in found] == ["3"]
    # with torch named in the same file the torch line is the finding; with a current ROCm index, none
    named = reqs + "torch\n"
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in _codes(tmp_path, [("requirements_rocm.txt", named)],
                                                                   "RD-IMG-002")] == ["6"]
    current = reqs.replace("rocm5.6", "rocm6.4")
    assert _codes(tmp_path, [("requirements_rocm.txt", current)], "RD-IMG-002") == []


def test_a_script_that_imports_deepspeed_runs_its_pip_where_the_host_torch_is(tmp_path):
    # tests/corpus/artifacts/vpragadeesh-tinygpt-ds-nvsmi: `python -c "import deepspeed" || pip install deepspeed`
    sh = ('#!/bin/bash\npython -c "import deepspeed" 2>/dev/null && echo ok || {\n    pip install deepspeed -q\n}\n'
          "deepspeed train.py\n")
    assert _codes(tmp_path, [("train.sh", sh)], "RD-IMG-002", "mi300x8") == []
    # a script that makes a fresh venv first installs into it: no torch there, so deepspeed pulls PyPI's
    fresh = sh.replace("#!/bin/bash\n", "#!/bin/bash\npython3 -m venv .venv && . .venv/bin/activate\n")
    assert len(_codes(tmp_path, [("train.sh", fresh)], "RD-IMG-002", "mi300x8")) == 1


# tests/corpus/fresh/artifacts/bigohofone-cs336-uv-deepspeed (pyproject.toml of a uv project, `uv run deepspeed`)
UV_PROJECT = ('[project]\nname = "cs336_basics"\nrequires-python = ">=3.11"\ndependencies = [\n    "numpy",\n'
              "    \"torch~=2.6.0; sys_platform != 'darwin' or platform_machine != 'x86_64'\",\n"
              "    \"torch~=2.2.2; sys_platform == 'darwin' and platform_machine == 'x86_64'\", # Intel Macs\n"
              '    "deepspeed>=0.18.6",\n]\n\n[tool.uv]\npackage = true\n')


def test_a_uv_project_resolves_torch_from_pypi_unless_its_sources_name_a_rocm_index(tmp_path):
    found = _codes(tmp_path, [("pyproject.toml", UV_PROJECT)], "RD-IMG-002", "mi300x8")
    # the Linux torch line only (the macOS marker line does not apply), and no deepspeed warning beside it
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in found] == ["6"]
    rocm = UV_PROJECT + ('\n[[tool.uv.index]]\nname = "pytorch-rocm"\nurl = "https://download.pytorch.org/whl/rocm6.2"\n'
                         'explicit = true\n\n[tool.uv.sources]\ntorch = [{ index = "pytorch-rocm" }]\n')
    assert _codes(tmp_path, [("pyproject.toml", rocm)], "RD-IMG-002", "mi300x8") == []
    # a pyproject that uv does not manage is no install of its own (pip install . is judged where it runs)
    plain = UV_PROJECT.replace("[tool.uv]\npackage = true\n", "")
    assert read_one(write(tmp_path, "p2/pyproject.toml", plain)).kind == "unknown"


# https://github.com/WildesBenny/voicebox/blob/f4c53e3fa65b94c2ab621b8406ceed29a53154d8/Dockerfile.rocm (lines 58-91)
VOICEBOX = """FROM ubuntu:24.04 AS backend-builder
RUN pip install --no-cache-dir \\
    --index-url https://repo.amd.com/rocm/whl/gfx1151/ \\
    --extra-index-url https://pypi.org/simple \\
    "torch==2.11.0+rocm7.13.0" "torchaudio==2.11.0+rocm7.13.0"
RUN python3 - <<'PY'
import torch
assert torch.version.hip is not None
PY

COPY backend/requirements.txt .
RUN python3 - <<'PY'
from pathlib import Path
req_path = Path('requirements.txt')
lines = []
for line in req_path.read_text().splitlines():
    stripped = line.strip()
    if not stripped or stripped.startswith('#'):
        lines.append(line)
        continue
    if stripped.startswith(('torch', 'torchaudio', 'numpy')):
        continue
    lines.append(line)
Path('/tmp/requirements-no-torch.txt').write_text('\\n'.join(lines) + '\\n')
PY

RUN pip install --no-cache-dir -r /tmp/requirements-no-torch.txt
"""
VOICEBOX_REQS = "fastapi>=0.109.0\n# ML models\ntorch>=2.2.0\ntransformers>=4.36.0,<=4.57.6\ntorchaudio\nkokoro>=0.9.4\n"


def test_a_python_heredoc_that_writes_a_filtered_copy_of_the_requirements(tmp_path):
    files = [("Dockerfile.rocm", VOICEBOX), ("backend/requirements.txt", VOICEBOX_REQS)]
    assert _codes(tmp_path, files, "RD-IMG-002", "strix-halo-apu") == []
    art = read_one(write(tmp_path / "one", "Dockerfile", VOICEBOX))
    edits = [v.value for v in art.values if v.name == "req_edit"]
    assert edits == [{"file": "requirements.txt", "delete": r"^\s*(?:torch|torchaudio|numpy)",
                      "out": "/tmp/requirements-no-torch.txt"}]
    # look-alikes: a Python heredoc that only checks torch writes nothing; one that keeps torch deletes nothing
    keeps = VOICEBOX.replace("('torch', 'torchaudio', 'numpy')", "('numpy',)")
    reqs = VOICEBOX_REQS.replace("torchaudio\n", "torchaudio==2.10.0\n")
    found = _codes(tmp_path / "keeps", [("Dockerfile.rocm", keeps), ("backend/requirements.txt", reqs)],
                   "RD-IMG-002", "strix-halo-apu")
    # the lines reach pip: torch>=2.2.0 is kept by the ROCm torch the first RUN installed (pip: already satisfied),
    # as an unpinned torchaudio would be by the ROCm torchaudio installed beside it; a pin that one misses is judged
    assert sorted(f.evidence[0].source.rsplit(":", 1)[1] for f in found) == ["5"]


def test_a_uv_finding_cites_the_source_line_that_routes_torch(tmp_path):
    # https://github.com/RyukoMatoiFan/krea-2/blob/5cd0121ac2ea5e9e8e7a1d30bc61ed496698b7e9/pyproject.toml
    text = ('[project]\nname = "krea-2-oss"\nversion = "0.1.0"\nrequires-python = ">=3.12"\ndependencies = [\n'
            '    "torch>=2.9.0",\n    "safetensors>=0.4.0",\n]\n\n[[tool.uv.index]]\nname = "pytorch-cu128"\n'
            'url = "https://download.pytorch.org/whl/cu128"\nexplicit = true\n\n[tool.uv.sources]\n'
            "torch = [{ index = \"pytorch-cu128\", marker = \"sys_platform == 'linux' or sys_platform == 'win32'\" }]\n")
    found = _codes(tmp_path, [("pyproject.toml", text)], "RD-IMG-002")
    assert [[e.source.rsplit(":", 1)[1] for e in f.evidence] for f in found] == [["6", "16", "12"]]  # and its url
    # look-alike: torch from PyPI (no source line) cites its dependency line only
    pypi = text.split("[[tool.uv.index]]")[0] + "[tool.uv]\npackage = false\n"
    found = _codes(tmp_path / "pypi", [("pyproject.toml", pypi)], "RD-IMG-002")
    assert [[e.source.rsplit(":", 1)[1] for e in f.evidence] for f in found] == [["6"]]


# https://github.com/aladac/tensors (tests/corpus/fresh/artifacts/aladac-tensors-comfy-gfx1030-slim, Dockerfile.rocm 92-116)
ALADAC = """FROM saiden/sd-rocm
RUN cat > /workspace/start.sh << 'EOF'
#!/bin/bash
export HSA_OVERRIDE_GFX_VERSION=10.3.0

# Start ComfyUI in background (internal only)
python3 /workspace/ComfyUI/main.py --listen 127.0.0.1 --port 8188 &
EOF
RUN chmod +x /workspace/start.sh
ENTRYPOINT []
CMD ["/bin/bash", "/workspace/start.sh"]
"""


def test_a_heredoc_with_a_blank_after_the_marker_is_read_as_buildkit_reads_it(tmp_path):
    from rocmdoctor.artifacts.readers import dockerfile

    ins = dockerfile.instructions(ALADAC)
    assert [i["instruction"] for i in ins] == ["FROM", "RUN", "RUN", "ENTRYPOINT", "CMD"]
    assert "export HSA_OVERRIDE_GFX_VERSION=10.3.0" in ins[1]["heredocs"][0][1]
    # look-alikes: a here-string (<<<) and a `<<` with no terminator line after it stay one-line RUNs
    here_string = "FROM ubuntu:22.04\nRUN cat <<< 'EOF'\nRUN echo done\n"
    assert [i["heredocs"] for i in dockerfile.instructions(here_string)] == [[], [], []]
    shift = "FROM ubuntu:22.04\nRUN echo $(( 1 << 2 )) && cat << END_OF_NOTHING\nRUN echo done\n"
    assert [i["instruction"] for i in dockerfile.instructions(shift)] == ["FROM", "RUN", "RUN"]


def test_the_script_the_container_starts_sets_its_environment(tmp_path):
    found = _codes(tmp_path, [("Dockerfile.rocm", ALADAC)], "RD-ENV-001")
    assert [e.source.rsplit(":", 1)[1] for f in found for e in f.evidence if "Dockerfile" in e.source] == ["4"]
    # look-alikes: the same script when CMD runs another program; an export inside an `if` of the script
    other = ALADAC.replace('CMD ["/bin/bash", "/workspace/start.sh"]', 'CMD ["python3", "main.py"]')
    assert _codes(tmp_path / "other", [("Dockerfile.rocm", other)], "RD-ENV-001") == []
    guarded = ALADAC.replace("export HSA_OVERRIDE_GFX_VERSION=10.3.0",
                             'if [ -n "$RDNA2" ]; then\n  export HSA_OVERRIDE_GFX_VERSION=10.3.0\nfi')
    assert _codes(tmp_path / "guarded", [("Dockerfile.rocm", guarded)], "RD-ENV-001") == []


def test_a_dockerfile_with_a_name_that_says_nothing_is_found_in_a_folder(tmp_path):
    from rocmdoctor.artifacts.readers import expand

    # https://github.com/evshiron/rocm_lab (tests/corpus/fresh/artifacts/evshiron-textgen-rocm55-image), built with -f
    text = ("FROM ghcr.io/evshiron/rocm_lab:rocm5.5-ub22.04-torch2.0.1\n\nSHELL [\"/bin/bash\", \"-c\"]\nWORKDIR /root\n\n"
            "ADD scripts/build_text-gen-webui.sh build_text-gen-webui.sh\n")
    write(tmp_path, "rocm5.5-text-gen-webui", text)
    found = flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx"))  # the folder, as `scan --config DIR`
    assert [f.evidence[0].source.rsplit("/", 1)[1] for f in found] == ["rocm5.5-text-gen-webui:1"]
    # look-alikes: a shell script with no extension, prose that starts with "From", a file with a real extension
    write(tmp_path / "b", "build-image", "#!/bin/sh\nFROM=ubuntu\ndocker build -f x .\n")
    write(tmp_path / "b", "NOTES", "From the ROCm docs:\nRUN the installer first.\n")
    write(tmp_path / "b", "base.conf", "FROM ubuntu:22.04\nRUN true\n")
    # an ENV written over continuation lines after the FROM is one instruction (spent fresh batch 186, finetune-tool)
    write(tmp_path / "c", "finetune-tool", "FROM nvcr.io/nvidia/pytorch:24.02-py3\n\nENV MAX_JOBS=4 \\\n"
          "    NCCL_P2P_DISABLE=1 \\\n    WS=/app\n\nARG PIP_INDEX=https://pypi.org/simple\nRUN apt -yq update\n")
    assert [p.rsplit("/", 1)[-1] for p in expand([str(tmp_path / "c")])] == ["finetune-tool"]
    # the script is found by its #! line, as a shell script, never as a Dockerfile (track lint18)
    from rocmdoctor.artifacts.readers import read_one
    assert [(p.rsplit("/", 1)[-1], read_one(p).kind) for p in expand([str(tmp_path / "b")])] == [("build-image", "shell")]


# https://github.com/divaltor/starlight (tests/corpus/fresh/artifacts/divaltor-starlight-gfx1150-wheel-compose, Dockerfile 31-35)
DIVALTOR = """FROM ubuntu:24.04
RUN uv pip install \\
    --python /code/.venv/bin/python \\
    --default-index https://repo.amd.com/rocm/whl-multi-arch/ \\
    'torch[device-gfx1150]==2.11.0+rocm7.14.0' \\
    'torchvision[device-gfx1150]==0.26.0+rocm7.14.0'
"""
# https://github.com/bankh/GPU_Compute/blob/d63b6de20d4c65c1ada8c7064c86f11706d259bb/Docker_images/AMD/container-4.3-torch/Dockerfile
BANKH = """FROM rocm/dev-ubuntu-20.04:4.3-complete
RUN wget https://github.com/xuhuisheng/rocm-gfx803/releases/download/rocm43/torch-1.9.0a0+gitd69c22d-cp38-cp38-linux_x86_64.whl
RUN python3 -m pip install torch-1.9.0a0+gitd69c22d-cp38-cp38-linux_x86_64.whl
"""


def test_a_torch_built_for_another_named_target(tmp_path):
    found = _codes(tmp_path, [("Dockerfile", DIVALTOR)], "RD-ENV-002", "strix-halo-apu")  # gfx1151
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in found] == ["5"] and "gfx1150 only" in found[0].title
    found = _codes(tmp_path / "b", [("Dockerfile", BANKH)], "RD-ENV-002")  # a wget'd gfx803 wheel on gfx1100
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in found] == ["3"] and "gfx803 only" in found[0].title
    # look-alikes: the same index for this GPU's own target (voicebox's gfx1151 wheels on gfx1151), a family
    # index that holds this GPU (TheRock's gfx110X-dgpu on gfx1100), PyTorch's generic rocm6.2 index
    own = DIVALTOR.replace("gfx1150", "gfx1151")
    assert _codes(tmp_path / "own", [("Dockerfile", own)], "RD-ENV-002", "strix-halo-apu") == []
    family = "FROM ubuntu:24.04\nRUN pip install torch --index-url https://rocm.nightlies.amd.com/v2/gfx110X-dgpu/\n"
    assert _codes(tmp_path / "family", [("Dockerfile", family)], "RD-ENV-002") == []
    generic = "FROM ubuntu:24.04\nRUN pip install torch --index-url https://download.pytorch.org/whl/rocm6.2\n"
    assert _codes(tmp_path / "generic", [("Dockerfile", generic)], "RD-ENV-002") == []


def test_an_old_extra_rocm_index_brings_no_wheel_to_judge_for_targets(tmp_path):
    # tests/corpus/artifacts/modulus-a1111-rocm-compose (Dockerfile 11): A1111's TORCH_COMMAND with rocm5.1.1 only as an
    # extra index: pip takes PyPI's newer CUDA torch (RD-IMG-002), so rocm5.1.1's target list (no gfx1100) is moot
    docker = ("FROM rocm/pytorch:rocm6.2.3_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
              "ENV TORCH_COMMAND=\"pip install torch torchvision --extra-index-url https://download.pytorch.org/whl/rocm5.1.1\"\n")
    assert _codes(tmp_path, [("Dockerfile", docker)], "RD-ENV-002") == []
    assert len(_codes(tmp_path, [("Dockerfile", docker)], "RD-IMG-002")) >= 1
    # look-alike: the same index as --index-url does install rocm5.1.1's wheel, which has no gfx1100 kernels
    only = docker.replace("--extra-index-url", "--index-url")
    found = _codes(tmp_path / "only", [("Dockerfile", only)], "RD-ENV-002")
    assert len(found) == 1 and "gfx1100" in found[0].title


def test_a_spaced_marker_is_tightened_only_where_its_terminator_follows():
    from rocmdoctor.artifacts.readers import dockerfile

    hostile = "FROM ubuntu:22.04\n" + "RUN cat << EOF\n" * 20000  # no terminator anywhere: none is tightened
    assert dockerfile._tight_heredocs(hostile) == hostile
    before = "FROM ubuntu:22.04\nEOF\nRUN cat << EOF\nRUN echo done\n"  # the only EOF line comes before the marker
    assert dockerfile._tight_heredocs(before) == before
    tabs = "FROM ubuntu:22.04\nRUN cat <<- EOF > /x\n\thello\n\tEOF\n"  # <<- takes a tab-indented terminator
    assert "<<-EOF" in dockerfile._tight_heredocs(tabs)


def test_a_pyproject_a_script_beside_it_runs_with_uv_is_a_uv_project(tmp_path):
    # axeld5's ARC fine-tune (spent fresh batch 35): no [tool.uv] table, but setup_and_train.sh runs `uv sync` and
    # `uv run torchrun ...` in its folder: uv installs the dependencies, torch from PyPI (a CUDA build)
    plain = UV_PROJECT.replace("[tool.uv]\npackage = true\n", "")
    write(tmp_path, "pyproject.toml", plain)
    write(tmp_path, "setup_and_train.sh", "#!/bin/bash\nuv sync\nuv run torchrun --nproc_per_node 8 -m train\n")
    fs = flagged(scan([str(tmp_path)], "RD-IMG-002", "mi300x8"))
    assert [f.evidence[0].source.rsplit("/", 1)[1] for f in fs] == ["pyproject.toml:6"]
    # the same pyproject beside a script that runs no uv is still the project's install (`uv sync` or `pip install -e .`
    # by hand, as its README says: readers/pyproject.py), judged at the same line; one that declares no dependencies is not
    other = tmp_path / "plain"
    write(other, "pyproject.toml", plain)
    write(other, "train.sh", "#!/bin/bash\n# uv sync (done once by hand)\npython train.py\n")
    fs = flagged(scan([str(other)], "RD-IMG-002", "mi300x8"))
    assert [f.evidence[0].source.rsplit("/", 1)[1] for f in fs] == ["pyproject.toml:6"]
    write(other, "pyproject.toml", "[project]\nname = 'x'\nversion = '0.1'\n[tool.ruff]\nline-length = 100\n")
    assert not flagged(scan([str(other)], "RD-IMG-002", "mi300x8"))
