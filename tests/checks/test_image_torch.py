"""checks/image_torch.py (through RD-IMG-002): a pip line after the same file installed a ROCm torch, or
in a host script that already imports the host's ROCm torch, keeps that torch unless it asks for
another; constructed files in several forms and a real fresh-batch-3 set
(tests/corpus/fresh/artifacts/ovi2020-granite-mi300x-setup)."""
import os

import pytest
from tests.lintacc_helpers import flagged, scan, write

FRESH3 = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")
ROCM_TORCH = "pip install torch==2.5.1 torchvision --index-url https://download.pytorch.org/whl/rocm6.2\n"


def _img2(tmp_path, name, text, example="mi300x8"):
    return [f.title for f in flagged(scan([write(tmp_path, name, text)], "RD-IMG-002", example))]


@pytest.mark.parametrize("name,first", [
    ("setup.sh", "#!/bin/bash\n" + ROCM_TORCH),
    ("Dockerfile", "FROM ubuntu:22.04\nRUN " + ROCM_TORCH),
    ("setup2.sh", "#!/bin/bash\npip install https://download.pytorch.org/whl/rocm6.2/torch-2.4.1%2Brocm6.2-cp310-"
                  "cp310-linux_x86_64.whl\n"),
])
def test_deepspeed_after_a_rocm_torch_installed_by_the_same_file_is_no_warning(tmp_path, name, first):
    run = "RUN " if name == "Dockerfile" else ""
    assert _img2(tmp_path, name, first + f"{run}pip install 'deepspeed>=0.14.0' flash-attn --no-build-isolation\n") == []
    bad = _img2(tmp_path, name, first + f"{run}pip install deepspeed 'torch==2.1.0'\n{run}pip install -U torch\n")
    assert len(bad) == 2  # a torch pin the ROCm build does not meet, and an upgrade from PyPI, still replace it


def test_a_rocm_torch_later_in_the_file_does_not_cover_an_earlier_pip(tmp_path):
    assert _img2(tmp_path, "setup.sh", "#!/bin/bash\npip install deepspeed\n" + ROCM_TORCH)


@pytest.mark.parametrize("between,flag", [
    ("", False),                                              # runs in the env whose torch it just imported
    ("python3 -m venv .venv && . .venv/bin/activate\n", True),  # a fresh venv has no torch
    ("conda create -y -n ft python=3.10\n", True),
])
def test_a_host_script_that_imports_the_hosts_rocm_torch_keeps_it(tmp_path, between, flag):
    text = f"#!/bin/bash\npython3 -c \"import torch; print(torch.__version__)\"\n{between}pip install deepspeed>=0.14\n"
    assert bool(_img2(tmp_path, "setup.sh", text)) is flag
    # without the import the environment is unknown: a warning as before
    assert _img2(tmp_path, "other.sh", "#!/bin/bash\npip install deepspeed>=0.14\n")


def test_real_setup_script_that_checks_its_rocm_torch_then_installs_deepspeed_and_flash_attn():
    d = os.path.join(FRESH3, "ovi2020-granite-mi300x-setup")
    fs = flagged(scan([os.path.join(d, "00_rocm_setup.sh")], "RD-IMG-002", "mi300x8"))
    assert fs == [], [f.title for f in fs]


# What pip really does next to a torch (fresh batch 4 classes): a package that asks for any torch keeps the
# ROCm one; where no torch is, it pulls PyPI's CUDA build.
# https://github.com/ai4energy/ai4ellm/blob/2ee7bd96fa8faa64d61d8eb39908e08e9ae27c83/Dockerfile.rocm
def test_real_torch_dependent_package_on_a_base_without_torch_fails():
    fs = flagged(scan([os.path.join(FRESH3, "ai4energy-ai4ellm-dcu-docker")], "RD-IMG-002", "dcu-slurm"))
    assert [f.evidence[0].source.rsplit("/", 1)[1] for f in fs] == ["Dockerfile.rocm:33"]
    assert "sentence-transformers" in fs[0].title


@pytest.mark.parametrize("text,bad", [
    ("FROM ubuntu:22.04\nRUN pip install peft accelerate\n", 1),  # one install, one cause: PyPI's torch comes in
    ("FROM rocm/dev-ubuntu-22.04:6.2\nRUN pip install sentence-transformers\n", 1),
    # look-alikes: a torch in the image, or installed by the build, or a package that needs none
    ("FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\nRUN pip install peft accelerate\n", 0),
    ("FROM ubuntu:22.04\nRUN pip install torch --index-url https://download.pytorch.org/whl/rocm6.2\n"
     "RUN pip install peft\n", 0),
    ("FROM ubuntu:22.04\nRUN git clone https://github.com/pytorch/pytorch && cd pytorch && python setup.py install\n"
     "RUN pip install peft\n", 0),
    ("FROM ubuntu:22.04\nRUN pip install transformers datasets\n", 0),
    ("FROM ubuntu:22.04\nRUN pip install --no-deps peft\n", 0),
])
def test_torch_dependents_where_the_image_has_no_torch(tmp_path, text, bad):
    assert len(_img2(tmp_path, "Dockerfile", text)) == bad


# https://github.com/Pranavpaharia/ROCm-Pilot/blob/a66f6e93f47f50f501c4d321c7e6f5d2289294fb/requirements-rocm.txt
# (setup-deps.sh: requirements.txt with bitsandbytes, then requirements-rocm.txt pins torch==2.5.1+rocm6.2)
def test_real_later_rocm_torch_pin_in_the_same_environment_keeps_bitsandbytes_quiet():
    assert flagged(scan([os.path.join(FRESH3, "pranavpaharia-rocmpilot-uv-reqs")], "RD-IMG-002", "rx7900xtx")) == []


def test_a_later_rocm_torch_pin_passes_but_an_unpinned_rocm_index_does_not_replace(tmp_path):
    write(tmp_path, "requirements.txt", "bitsandbytes>=0.45\n")
    pinned = write(tmp_path, "setup.sh", "#!/bin/bash\npip install -r requirements.txt\n"
                   "pip install torch==2.5.1+rocm6.2 --index-url https://download.pytorch.org/whl/rocm6.2\n")
    assert flagged(scan([pinned, str(tmp_path / "requirements.txt")], "RD-IMG-002", "rx7900xtx")) == []
    unpinned = write(tmp_path, "setup.sh", "#!/bin/bash\npip install -r requirements.txt\n"
                     "pip install torch --index-url https://download.pytorch.org/whl/rocm6.2\n")
    # pip keeps the CUDA torch the first line pulled in: "Requirement already satisfied"
    assert len(flagged(scan([unpinned, str(tmp_path / "requirements.txt")], "RD-IMG-002", "rx7900xtx"))) == 1


def test_a_requirements_file_nobody_installs_without_torch_is_for_an_env_with_one(tmp_path):
    p = write(tmp_path, "requirements.txt", "transformers>=4.47\ndeepspeed>=0.14.0\nbitsandbytes>=0.45\n")
    assert flagged(scan([p], "RD-IMG-002", "mi300x8")) == []
    p = write(tmp_path, "requirements.txt", "torch==2.1.0\ndeepspeed>=0.14.0\nbitsandbytes==0.41.1\n")
    found = flagged(scan([p], "RD-IMG-002", "mi300x8"))  # a pin the machine's 2.4.1 misses: PyPI's torch replaces it
    # one install, one cause: torch, and bitsandbytes 0.41 (a CUDA build of its own); deepspeed adds nothing
    assert sorted(f.subject.rsplit(" ", 1)[-1] for f in found) == ["bitsandbytes", "torch"]


# https://github.com/BoppleOpple/COS-482-YT-Performance-Estimation (dockerfile, requirements-dev.txt `-rrequirements.txt`)
def test_real_rocm_pytorch_image_keeps_its_torch_and_torchvision_through_a_nested_file():
    assert flagged(scan([os.path.join(FRESH3, "boppleopple-yt-docker")], "RD-IMG-002", "rx7900xtx")) == []


def test_torchaudio_is_not_assumed_in_the_image(tmp_path):
    base = "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
    assert _img2(tmp_path, "Dockerfile", base + "RUN pip install torchvision\n") == []
    assert len(_img2(tmp_path, "Dockerfile", base + "RUN pip install torchaudio\n")) == 1
    assert len(_img2(tmp_path, "Dockerfile", base + "RUN pip install torchvision==0.15.2\n")) == 1


@pytest.mark.parametrize("pin,bad", [("bitsandbytes==0.50.0", False), ("bitsandbytes>=0.45", False),
                                     ("bitsandbytes==0.43.1", True)])  # PyPI wheels carry ROCm kernels from 0.50
def test_bitsandbytes_over_an_images_rocm_torch(tmp_path, pin, bad):
    text = f"FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\nRUN pip install {pin}\n"
    assert bool(_img2(tmp_path, "Dockerfile", text)) is bad


def test_a_bitsandbytes_range_that_admits_a_rocm_release_is_torchs_cause_alone(tmp_path):
    # pypi-ahmad's lora-studio pyproject (fresh batch 121): `bitsandbytes>=0.49,<1` beside PyPI's CUDA torch; pip takes
    # the newest release the range allows, whose wheel carries ROCm kernels: one finding, at torch
    from rocmdoctor.knowledge import artifacts as ka

    assert [ka.bnb_ships_rocm(r) for r in ('"bitsandbytes>=0.49,<1"', "bitsandbytes>=0.51,<0.52", "bitsandbytes<0.45",
                                           "bitsandbytes~=0.41.0", "bitsandbytes", "bitsandbytes>=0.4x")] == [
        True, True, False, False, True, False]
    for pin, findings in (("bitsandbytes>=0.49,<1", 1), ("bitsandbytes<0.45", 2)):
        text = f"torch>=2.4\n{pin}\n"
        assert len(_img2(tmp_path, f"{findings}/requirements.txt", text)) == findings, pin


def test_a_sed_in_its_own_run_and_a_context_above_the_docker_folder(tmp_path):
    # https://github.com/silogen/llm-finetuning (docker/rocm-silogen-finetuning-worker.Dockerfile): the build context is
    # the repository root, the Dockerfile is in docker/, and a RUN of its own deletes the torch lines before pip -r
    write(tmp_path, "requirements.txt", "accelerate==1.9.0\ntorch==2.6.0\n")
    write(tmp_path, "docker/worker.Dockerfile", "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
          "COPY . /finetuning\nRUN sed -i '/torch.*/d' /finetuning/requirements.txt\n"
          "RUN pip install -r /finetuning/requirements.txt\n")
    assert flagged(scan([str(tmp_path)], "RD-IMG-002", "mi300x8")) == []
    write(tmp_path, "docker/worker.Dockerfile", "FROM ubuntu:22.04\nCOPY . /finetuning\n"
          "RUN pip install -r /finetuning/requirements.txt\n")
    fs = flagged(scan([str(tmp_path)], "RD-IMG-002", "mi300x8"))
    assert [f.evidence[0].source.rsplit("/", 1)[1] for f in fs] == ["requirements.txt:2"]


@pytest.mark.parametrize("line,bad", [
    # https://github.com/Modulus/ai-tools (automatic1111-docker/Dockerfile:11): webui.sh runs $TORCH_COMMAND in its venv
    ("ENV TORCH_COMMAND='pip install torch torchvision --extra-index-url https://download.pytorch.org/whl/rocm5.1.1'",
     True),   # PyPI's newer CUDA torch wins over the old ROCm extra index
    ("ENV TORCH_COMMAND='pip install torch torchvision --index-url https://download.pytorch.org/whl/rocm6.2'", False),
    ("ENV TORCH_COMMAND='pip install torch==2.5.1 --extra-index-url https://download.pytorch.org/whl/rocm6.2'",
     False),  # pinned: 2.5.1+rocm6.2 sorts above PyPI's 2.5.1
    ("RUN pip install torch --extra-index-url https://download.pytorch.org/whl/rocm5.7", True),
    ("RUN pip install torch --extra-index-url https://download.pytorch.org/whl/rocm6.4", True),  # no torch 2.11+
    ("RUN pip install 'torch~=2.9.0' --extra-index-url https://download.pytorch.org/whl/rocm6.4", False),
    ("RUN pip install torch --extra-index-url https://download.pytorch.org/whl/rocm7.1", False),  # still adding
])
def test_an_old_rocm_extra_index_loses_to_pypi(tmp_path, line, bad):
    # the image's own torch does not count for a command the app runs in a venv of its own
    text = f"FROM ubuntu:22.04\n{line}\n"
    assert bool(_img2(tmp_path, "Dockerfile", text, "rx7900xtx")) is bad


def test_a_shell_form_entrypoint_sets_its_apps_environment(tmp_path):
    # https://github.com/Wyfi0/Stable-diffusion-docker-amd (Dockerfile:22-24)
    from rocmdoctor.artifacts.readers import read_one
    p = write(tmp_path, "Dockerfile", "FROM rocm/rocm-terminal:6.2\nENTRYPOINT cd ComfyUI \\\n"
              "    && HSA_OVERRIDE_GFX_VERSION=10.3.0 python3 main.py --listen\n")
    assert [(v.name, v.value, v.origin.line) for v in read_one(p).values if v.kind == "env"] == [
        ("HSA_OVERRIDE_GFX_VERSION", "10.3.0", 3)]
    p = write(tmp_path, "Dockerfile", 'FROM rocm/rocm-terminal:6.2\nENTRYPOINT ["python3", "main.py"]\n')
    assert [v for v in read_one(p).values if v.kind == "env"] == []  # exec form: no shell, no assignments


def test_an_old_rocm_extra_index_does_not_matter_where_the_torch_is_already_there(tmp_path):
    base = "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
    line = "RUN pip install torch torchvision --extra-index-url https://download.pytorch.org/whl/rocm5.7\n"
    assert _img2(tmp_path, "Dockerfile", base + line, "rx7900xtx") == []  # "Requirement already satisfied"
    assert len(_img2(tmp_path, "Dockerfile", base + line.replace("install ", "install -U "), "rx7900xtx")) == 2


def test_uv_takes_an_extra_rocm_index_before_pypi(tmp_path):
    uv = "#!/bin/bash\nuv pip install torch --extra-index-url https://download.pytorch.org/whl/rocm6.1\n"
    assert _img2(tmp_path, "setup.sh", uv, "rx7900xtx") == []  # uv: first index that has it, extra ones first
    assert len(_img2(tmp_path, "setup.sh", uv.replace("uv pip", "pip"), "rx7900xtx")) == 1


def test_pip_install_of_the_project_reads_its_pyproject_dependencies(tmp_path):
    # https://github.com/TTong519/RLProj/blob/056ac7cf6dc1a70ab471770b9dacf7fea53b9bf0/Dockerfile.rocm: `pip install -e ".[dev,tracking]"` on
    # rocm/dev-ubuntu-22.04, and pyproject.toml's dependencies name stable-baselines3, which requires torch
    write(tmp_path, "pyproject.toml", '[project]\nname = "x"\ndependencies = [\n    "numpy",\n'
          '    "stable-baselines3>=2.0.0",\n]\n[project.optional-dependencies]\ngpu = ["torch>=2.0.0"]\n'
          'dev = ["pytest"]\n')
    docker = "FROM rocm/dev-ubuntu-22.04:6.2\nCOPY pyproject.toml ./\nRUN pip install -e \".[dev]\"\n"
    write(tmp_path, "Dockerfile", docker)
    fs = flagged(scan([str(tmp_path)], "RD-IMG-002", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[1] for f in fs] == ["Dockerfile:3"] and "stable-baselines3" in fs[0].title
    write(tmp_path, "Dockerfile", docker.replace("[dev]", "[dev,gpu]"))  # the extra brings PyPI's torch itself
    assert ["torch" in f.title for f in flagged(scan([str(tmp_path)], "RD-IMG-002", "rx7900xtx"))] == [True]
    write(tmp_path, "Dockerfile", docker.replace("rocm/dev-ubuntu-22.04:6.2",
                                                 "rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0"))
    assert flagged(scan([str(tmp_path)], "RD-IMG-002", "rx7900xtx")) == []  # the image's ROCm torch is kept


# A requirements file nothing installs and that names no index is judged where this machine's ROCm torch is when the
# set has a ROCm environment in view (some file names ROCm/HIP/HSA/gfx); a project that names none is installed as its
# README says, into a new environment, where pip takes PyPI's CUDA torch (track pip9: nb-fchin39, jiaweizzhao, bottins
# label it; linhandev, whose README alone says PyTorch goes first, is the one set against).
# https://github.com/FChin39/CycleGAN-VC2/blob/598768bc6117945b9a74d9b092b6e83bf8da4642/requirements.txt line 1: `torch`
def test_a_standalone_file_of_a_project_that_names_no_rocm_gets_pypi_s_torch_in_a_new_environment():
    fs = flagged(scan([os.path.join(FRESH3, "nb-fchin39-cyclegan-sbatch-reqs")], "RD-IMG-002", "mi300x8"))
    assert [(f.status.value, f.evidence[0].source.rsplit("/", 1)[1]) for f in fs] == [("warn", "requirements.txt:1")]
    assert "new environment" in fs[0].title and "keeps that one" in fs[0].detail


# https://github.com/linhandev/ResNet_Cifar10 (requirements.txt: torch, torchvision, torchaudio unpinned): one cause,
# the torch line; torchvision/torchaudio from PyPI beside it are that torch's builds
def test_a_standalone_file_s_torch_family_is_one_finding():
    fs = flagged(scan([os.path.join(FRESH3, "linhandev-cifar-reqs-mi50")], "RD-IMG-002", "mi50x2-xeon"))
    assert [f.subject.rsplit(" ", 1)[-1] for f in fs] == ["torch"]


# https://github.com/a2237380337/steel-rlvr-project (requirements-rocm.txt line 16: torchvision>=0.24): the bound asks
# for the torchvision of torch 2.9; beside this machine's torch 2.5.1 (torchvision 0.20) pip fetches PyPI's
def test_a_standalone_file_s_bound_above_the_machine_s_torch_still_replaces_it():
    fs = flagged(scan([os.path.join(FRESH3, "steel-rlvr-reqs")], "RD-IMG-002", "rx7900xtx"))
    assert [(f.status.value, f.evidence[0].source.rsplit(":", 1)[1]) for f in fs] == [("fail", "16")]


# https://github.com/ajesbenshade/PokerAI: run_train_rocm.sh beside the requirements names the ROCm venv it activates
_ROCM_SCRIPT = "#!/bin/bash\nsource ROCm/bin/activate\nexport HIP_VISIBLE_DEVICES=0\nexec python train.py\n"


@pytest.mark.parametrize("text,want", [
    ("torch>=2.1\nnumpy\n", []),  # ajesbenshade/PokerAI requirements.txt line 2: 2.4.1 satisfies it
    ("torch==2.1.2\n", ["torch"]),  # a pin the machine's torch misses
    ("torchaudio>=2.5\n", ["torchaudio"]),  # torchaudio 2.5 goes with torch 2.5, not the machine's 2.4
    ("--extra-index-url https://download.pytorch.org/whl/rocm6.2\ntorch>=2.1\n", ["torch"]),  # the file installs
    # torch itself (its own index, an extra one PyPI outranks): judged as a fresh install
])
def test_a_standalone_file_is_judged_against_the_machine_s_torch(tmp_path, text, want):
    write(tmp_path, "requirements.txt", text)
    write(tmp_path, "run_train_rocm.sh", _ROCM_SCRIPT)
    assert sorted(f.subject.rsplit(" ", 1)[-1] for f in flagged(scan([str(tmp_path)], "RD-IMG-002", "mi300x8"))) == want


@pytest.mark.parametrize("beside,want", [
    (None, [("warn", "torch")]),  # nothing names ROCm: a new environment, PyPI's torch
    ("run.sh", []),  # a script that names HIP_VISIBLE_DEVICES and a ROCm venv: the machine's ROCm environment
    ("torch_line", [("fail", "torch")]),  # a pin the machine's torch misses replaces it anywhere: a failure as before
])
def test_a_standalone_file_without_rocm_in_view_is_a_new_environment(tmp_path, beside, want):
    write(tmp_path, "requirements.txt", "torch==2.1.2\n" if beside == "torch_line" else "torch>=2.1\nnumpy\n")
    if beside == "run.sh":
        write(tmp_path, "run.sh", _ROCM_SCRIPT)
    got = [(f.status.value, f.subject.rsplit(" ", 1)[-1]) for f in flagged(scan([str(tmp_path)], "RD-IMG-002", "mi300x8"))]
    assert got == want


def test_a_conda_environment_file_makes_its_own_environment(tmp_path):
    # conda env create: a new environment with no torch but the one it lists, whatever the machine has
    p = write(tmp_path, "environment.yml", "name: x\ndependencies:\n  - python=3.10\n  - pip:\n    - torch>=2.0\n")
    assert [f.subject.rsplit(" ", 1)[-1] for f in flagged(scan([p], "RD-IMG-002", "mi300x8"))] == ["torch"]


# https://github.com/hazaikk/torcheeg-bci-amd-training/blob/7a739e82fbbe21b1276d982382a5308ae3fd0162/run_training.sh: the
# script imports torch (detect_env, line 37) before `pip install -r requirements.txt` (line 92), whose line 9 is
# `torch>=2.0.0`: the file goes into the environment whose ROCm torch the script just imported, as its own pip lines do
@pytest.mark.parametrize("between,flag", [
    ("", False),
    ("python3 -m venv .venv && . .venv/bin/activate\n", True),  # look-alike: a fresh venv has no torch
])
def test_a_requirements_file_a_host_script_installs_after_importing_torch_keeps_it(tmp_path, between, flag):
    write(tmp_path, "requirements.txt", "numpy>=1.24.0\ntorch>=2.0.0\n")
    write(tmp_path, "run_training.sh", "#!/bin/bash\npython -c \"\nimport torch, torcheeg\nprint(torch.__version__)\n\"\n"
          f"{between}pip install -r requirements.txt -q\n")
    assert bool(flagged(scan([str(tmp_path)], "RD-IMG-002", "rx7900xtx"))) is flag


def test_a_version_too_long_for_int_is_no_crash(tmp_path):
    # fuzz (wave 19): `torch>=` and 5,000 digits; packaging's int() refuses it inside the specifier's comparison
    p = write(tmp_path, "requirements.txt", "# deps\ntorch>=" + "9" * 5000 + "\n")
    assert all(f.status.value != "error" for f in scan([p], "RD-IMG-002", "mi300x8"))


@pytest.mark.parametrize("index, want", [
    ("https://download.pytorch.org/whl/rocm6.2.4", "2.7"),  # the newest torch that index carries
    ("https://download.pytorch.org/whl/rocm6.2", "2.5"),
    ("https://download.pytorch.org/whl/rocm6.4", "2.8"),  # its end not proven: at least its first
    ("https://download.pytorch.org/whl/rocm9.9", "rocm>=2"),  # not in the table: a torch 2.x
    ("https://download.pytorch.org/whl/nightly/rocm6.4", "rocm>=2"),
    (None, "rocm>=2"),
])
def test_an_unpinned_torch_from_a_rocm_index_is_its_newest_release(index, want):
    from checks.image_torch import _newest_on

    assert _newest_on(index) == want


def test_an_old_rocm_index_read_beside_pypi_installs_no_rocm_torch(tmp_path):
    # spent ya-lockezhan: `--extra-index-url .../rocm6.1` as the file's first line: pip takes PyPI's newer CUDA torch,
    # so the later `torch>=2.1.0` of the same file finds no ROCm torch to keep
    from checks.image_torch import _rocm_torch_lines
    from rocmdoctor.artifacts.readers import read_all

    write(tmp_path, "requirements.txt", "--extra-index-url https://download.pytorch.org/whl/rocm6.1\ntorch>=2.1\n")
    assert _rocm_torch_lines(read_all([str(tmp_path)])) == []
    write(tmp_path, "requirements.txt", "--index-url https://download.pytorch.org/whl/rocm6.1\ntorch>=2.1\n")
    assert [x[2:] for x in _rocm_torch_lines(read_all([str(tmp_path)]))] == [("2.6", "6.1")]
