"""checks/image_sources.py: what a build cannot get on anyone else's machine. RD-IMG-006 (an apt python3.X
the base image's distribution lacks), RD-IMG-007 (requirements pinned to `pkg @ file:///...` paths of a
pip freeze), RD-IMG-008 (a base image from a registry the public cannot pull). Real positives from the spent
fresh batch 4 (tests/corpus/fresh/artifacts; source URLs in each SOURCES, repeated below) and look-alike
negatives that must pass."""
import os

import pytest
from tests.lintacc_helpers import flagged, scan, write

FRESH = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")


def _lines(fs):
    return sorted(int(e.source.rsplit(":", 1)[1]) for f in fs for e in f.evidence if e.source and ":" in e.source
                  and e.source.rsplit(":", 1)[1].isdigit())


# https://github.com/ai4energy/ai4ellm/blob/2ee7bd96fa8faa64d61d8eb39908e08e9ae27c83/Dockerfile.rocm:
# ARG PYTHON_VERSION=3.12 before FROM rocm/dev-ubuntu-22.04, `ARG PYTHON_VERSION` in the stage, apt python${...}
def test_real_python312_on_ubuntu_2204_fails():
    fs = flagged(scan([os.path.join(FRESH, "ai4energy-ai4ellm-dcu-docker")], "RD-IMG-006", "dcu-slurm"))
    assert len(fs) == 1 and "python3.12" in fs[0].title and "ubuntu 22.04" in fs[0].title
    assert _lines(fs) == [21]  # the line naming the packages


@pytest.mark.parametrize("text,bad", [
    ("FROM ubuntu:22.04\nRUN apt-get update && apt-get install -y python3.12-venv\n", True),
    ("FROM rocm/dev-ubuntu-20.04:5.7\nRUN apt-get install -y python3.10 python3.10-dev\n", True),
    ("FROM python:3.11-slim-bookworm\nRUN apt-get install -y python3.12\n", True),
    # look-alikes that build
    ("FROM ubuntu:22.04\nRUN apt-get install -y python3.11 python3.10-venv python3-pip\n", False),
    ("FROM ubuntu:22.04\nRUN apt-get update && apt-get install -y software-properties-common && "
     "add-apt-repository -y ppa:deadsnakes/ppa && apt-get install -y python3.12\n", False),
    ("FROM rocm/pytorch:rocm6.4_ubuntu22.04_py3.12_pytorch_release_2.6.0\nRUN apt-get install -y python3.12-dev\n",
     False),  # the tag names the image's own Python
    ("FROM rocm/pytorch:latest\nRUN apt-get install -y python3.12\n", False),  # the name says no distribution
    ("FROM ubuntu:24.04\nRUN apt-get install -y python3.12-venv\n", False),
])
def test_apt_python_against_the_distribution(tmp_path, text, bad):
    fs = flagged(scan([write(tmp_path, "Dockerfile", text)], "RD-IMG-006", "mi300x8"))
    assert bool(fs) is bad


def test_stage_of_the_apt_line_decides(tmp_path):
    text = "FROM ubuntu:24.04 AS app\nRUN apt-get install -y python3.12\nFROM ubuntu:20.04\nRUN apt-get install -y python3.12\n"
    assert _lines(flagged(scan([write(tmp_path, "Dockerfile", text)], "RD-IMG-006", "mi300x8"))) == [4]


# https://github.com/Dev-next-gen/Bittensor-rocm/blob/c9fcfa64ba2cbad067b515ab767063ca1b9af630/requirements_rocm.txt
def test_real_pip_freeze_with_local_paths_fails_once_naming_the_first_and_the_torch_lines():
    fs = flagged(scan([os.path.join(FRESH, "devnextgen-bittensor-rocm-freeze")], "RD-IMG-007", "rx7900xtx"))
    assert len(fs) == 1
    assert _lines(fs) == [5, 116, 117, 118]  # pip stops at line 5; 116-118 are the ROCm torch wheels


@pytest.mark.parametrize("lines,bad", [
    ("numpy==1.26.4\ntqdm @ file:///croot/tqdm_1738943501192/work\n", True),
    ("torch @ file:///home/me/wheels/torch-2.4.0%2Brocm6.1-cp310-cp310-linux_x86_64.whl\n", True),
    # look-alikes: pins, a URL anyone can fetch, a relative path
    ("numpy==1.26.4\ntqdm==4.66.1\n", False),
    ("torch @ https://download.pytorch.org/whl/rocm6.2/torch-2.5.1%2Brocm6.2-cp310-cp310-linux_x86_64.whl\n", False),
    ("./vendor/mypkg\n", False),
])
def test_local_path_pins(tmp_path, lines, bad):
    fs = flagged(scan([write(tmp_path, "requirements.txt", lines)], "RD-IMG-007", "rx7900xtx"))
    assert bool(fs) is bad


def test_a_path_the_dockerfile_copies_wheels_to_passes(tmp_path):
    write(tmp_path, "requirements.txt", "mypkg @ file:///wheels/mypkg-1.0-py3-none-any.whl\n")
    write(tmp_path, "Dockerfile", "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
          "COPY wheels/ /wheels\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n")
    assert flagged(scan([str(tmp_path)], "RD-IMG-007", "rx7900xtx")) == []


# https://github.com/RLFoundation/docker_rocm_test/blob/914dcd56b5dcd1d1d26c8bcb1c66148fa19f7fde/Dockerfile.rocm:
# FROM "compute-artifactory.amd.com:5000/rocm-plus-docker/framework/compute-rocm-rel-6.4:..." (quoted)
def test_real_internal_registry_base_image_warns():
    fs = flagged(scan([os.path.join(FRESH, "rlfoundation-vllm-sleep-mi300x-docker")], "RD-IMG-008", "mi300x8"))
    assert len(fs) == 1 and "compute-artifactory.amd.com:5000" in fs[0].title and _lines(fs) == [2]


@pytest.mark.parametrize("image,bad", [
    ("registry.corp.example.com:5000/ml/base:1.0", True),
    ("10.20.0.5/ml/rocm:6.2", True),
    ("harbor.internal/ml/rocm:6.2", True),
    # public registries
    ("ghcr.io/rocm/therock:6.4", False),
    ("rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0", False),
    ("nvcr.io/nvidia/pytorch:24.01-py3", False),
    ("registry.gitlab.com/group/project/rocm:6.2", False),
    # podman's and buildah's name for an image built on this machine (fresh batch 14, qb-doctorjei Containerfiles
    # chained FROM localhost/droste-torch-base-halo); a registry on a port of localhost is still one of its own
    ("localhost/droste-torch-base-halo", False), ("localhost:5000/base:1", True),
    # the SourceFind registries Hygon DCU guides pull from, on ports of their own (ys-miraclez3-gpustack-dcu,
    # eb-nightthink-k100ai-sglang-dsv4-docker); a look-alike name that is not theirs still warns
    ("image.sourcefind.cn:5000/dcu/admin/base/pytorch:2.4.1-ubuntu22.04-dtk25.04-py3.10-fixpy", False),
    ("harbor.sourcefind.cn:5443/dcu/admin/base/vllm:0.8.5-ubuntu22.04-dtk25.04.1-rc5-das1.6-py3.10", False),
    ("notsourcefind.example.com:5000/dcu/base:1", True), ("evilsourcefind.cn:5000/dcu/base:1", True),
])
def test_registry_of_the_base_image(tmp_path, image, bad):
    fs = flagged(scan([write(tmp_path, "Dockerfile", f"FROM {image}\nRUN echo hi\n")], "RD-IMG-008", "mi300x8"))
    assert bool(fs) is bad


def test_an_image_the_files_push_to_their_own_registry_passes(tmp_path):
    write(tmp_path, "Dockerfile", "FROM localhost:5000/base:1\nRUN echo hi\n")
    write(tmp_path, "build.sh", "#!/bin/bash\ndocker build -t localhost:5000/base:1 -f base.Dockerfile .\n"
          "docker push localhost:5000/base:1\n")
    assert flagged(scan([str(tmp_path)], "RD-IMG-008", "mi300x8")) == []


PRIVATE_BASE = "registry.corp.example.com:5000/ml/base:1.0"


@pytest.mark.parametrize("name,text,own", [
    # the script builds and pushes the base image itself
    ("build.sh", f"#!/bin/bash\ndocker build -t {PRIVATE_BASE} -f base.Dockerfile .\n", True),
    # another tag of the repository the script builds: the project's own repository
    ("build.sh", "#!/bin/bash\ndocker build -t registry.corp.example.com:5000/ml/base:dev .\n", True),
    # built under a short name, then tagged for the registry under the same name
    ("build.sh", f"#!/bin/bash\ndocker build -t base .\ndocker tag base {PRIVATE_BASE}\n", True),
    # a compose service that builds it, tagged with its `image:`
    ("compose.yml", f"services:\n  base:\n    build: ./base\n    image: {PRIVATE_BASE}\n", True),
    # the Dockerfile that makes it, named for it (the project's CI builds it: silogen's rocm-*-base.Dockerfile)
    ("base.Dockerfile", "FROM ubuntu:22.04\nRUN echo hi\n", True),
    # a compose file that only pulls it (another service builds something else): nothing here makes it
    ("compose.yml", f"services:\n  web:\n    build: .\n  base:\n    image: {PRIVATE_BASE}\n", False),
    # another image of the same private registry: the author's CI reaches it, the public still cannot pull this one
    ("build.sh", "#!/bin/bash\ndocker build -t registry.corp.example.com:5000/ml/app:1 .\n", False),
])
def test_a_private_base_image_the_files_build_themselves_passes(tmp_path, name, text, own):
    # asked of the settings model (settings.built_images): what a build tags, never a text search of the files
    write(tmp_path, "Dockerfile", f"FROM {PRIVATE_BASE}\nRUN echo hi\n")
    write(tmp_path, name, text)
    assert bool(flagged(scan([str(tmp_path)], "RD-IMG-008", "mi300x8"))) is not own


# tests/corpus/fresh/artifacts/olafkfreund-sow-ollama-k8s-amd (Dockerfile.ollama.amd: ubuntu:24.04 with the
# ROCm 6.0.2 *jammy* apt repository)
OLLAMA_AMD = ("FROM ubuntu:24.04\nRUN apt-get update && \\\n"
              "    echo 'deb [arch=amd64] https://repo.radeon.com/rocm/apt/6.0.2 jammy main' | "
              "tee /etc/apt/sources.list.d/rocm.list && \\\n    apt-get update && apt-get install -y rocm-hip-runtime\n")


def test_rocm_apt_repository_for_another_ubuntu_release(tmp_path):
    fs = flagged(scan([write(tmp_path, "Dockerfile", OLLAMA_AMD)], "RD-IMG-012", "rx7900xtx"))
    assert len(fs) == 1 and "ubuntu 22.04" in fs[0].title and fs[0].evidence[0].source.endswith(":3")
    # the codename of the image's own release passes; a generic `ubuntu main` line names none
    for ok_text in (OLLAMA_AMD.replace(" jammy ", " noble "), OLLAMA_AMD.replace(" jammy ", " ubuntu ")):
        assert flagged(scan([write(tmp_path, "Dockerfile", ok_text)], "RD-IMG-012", "rx7900xtx")) == []


def test_image_python_older_than_the_project_requires(tmp_path):
    # tests/corpus/fresh/artifacts/freddsr-arandu-rocm-py310 (rocm/pytorch ..._py3.10_... and requires-python >=3.13)
    write(tmp_path, "pyproject.toml", '[project]\nname = "arandu"\nrequires-python = ">=3.13"\n'
          'dependencies = ["numpy"]\n\n[tool.uv]\npackage = true\n')
    docker = ("FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\nCOPY pyproject.toml .\n"
              "RUN pip install --no-cache-dir -e .\n")
    write(tmp_path, "Dockerfile.rocm", docker)
    fs = flagged(scan([str(tmp_path)], "RD-IMG-013", "rx7900xtx"))
    assert len(fs) == 1 and "3.10" in fs[0].title and _lines(fs) == [3, 3]
    write(tmp_path, "Dockerfile.rocm", docker.replace("py3.10", "py3.13"))
    assert flagged(scan([str(tmp_path)], "RD-IMG-013", "rx7900xtx")) == []


@pytest.mark.parametrize("image,bad", [
    # https://github.com/sebastianmuell/rocm-wyowhisper/blob/ac7b7b87088bd2dca0b5d293185848abf76b9b99/Dockerfile:7
    ("CI_REGISTRY/git/rocm-base:latest", True),   # a CI variable without its `$`: Docker refuses the name
    ("$CI_REGISTRY/git/rocm-base:latest", False),  # filled in by the build
    # fresh micmelesse-transformers-rocm40, huggingface_zero.Dockerfile:2: an upper-case TAG is valid
    ("rraminen/deepspeed:DeepSpeed_Megatron-LM-GPT2_bingBERT_rocm4.0", False),
])
def test_a_base_image_reference_docker_refuses_stops_the_build(tmp_path, image, bad):
    fs = flagged(scan([write(tmp_path, "Dockerfile", f"FROM {image}\nRUN echo hi\n")], "RD-IMG-008", "rx7900xtx"))
    assert bool(fs) is bad


# architagrawal/aiJockey (spent fresh batch 17), lines 1-4 of
# https://github.com/architagrawal/aiJockey/blob/ce605e337b702a0ef6c6366acc287eb8b84d8f49/requirements-rocm.txt and the
# first lines of requirements-base.txt: the including file's --index-url is what makes PyTorch's index the only one,
# so the finding cites it, not the base file's first line.
def test_the_index_of_an_including_file_is_cited(tmp_path):
    from tests.lintacc_helpers import flagged, scan, write

    write(tmp_path, "requirements-base.txt", "demucs==4.0.1\nlibrosa==0.10.2\nsoundfile==0.12.1\n")
    rocm = write(tmp_path, "requirements-rocm.txt", "-r requirements-base.txt\n--index-url "
                 "https://download.pytorch.org/whl/rocm6.0\ntorch==2.3.1\ntorchaudio==2.3.1\n")
    (f,) = flagged(scan([rocm], "RD-IMG-004", "mi300x8"))
    assert "requirements-rocm.txt" in f.title and "demucs" in f.title
    assert f.evidence[0].source.endswith("requirements-rocm.txt:2")


FRESH = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")


@pytest.mark.parametrize("run, line", [
    # AnishSheikh/tf214 Dockerfile:20 (fresh batch 22): amdgpu-install with no --no-dkms
    ("RUN DEBIAN_FRONTEND=noninteractive amdgpu-install --usecase=graphics,rocm -y --accept-eula --no-32", 2),
    # sonicwanjie/fastllm whl_docker_rocm/Dockerfile:20 (fresh batch 22): the dkms use case, asked for
    ("RUN amdgpu-install --usecase=hiplibsdk,rocm,dkms -y", 2),
    ("RUN apt-get update && apt-get install -y amdgpu-dkms rocm-hip-runtime", 2),
    # ROCm/rccl-tests' old build images (fresh batch 119): rock-dkms, the module's name before ROCm 4.0
    ("RUN apt-get update && apt-get install -y --no-install-recommends \\\n    rock-dkms \\\n    sudo", 3),
    ("RUN apt-get install -y rock-dkms-firmware", None),
    ("RUN apt-get install -y rocm-dkms", 2),  # the meta package that pulled rock-dkms in
    ("RUN apt-get install -y rock-dkms-firmware && \\\n    apt-get install -y rock-dkms", 3),  # its own line
    ("RUN <<EOF\napt-get update\namdgpu-install -y --usecase=rocm\nEOF", 4),  # inside a heredoc RUN
    # rkarhila/milabench (fresh batch 23): the package downloaded on the RUN's first line, the command on its fourth
    ("RUN  wget https://repo.radeon.com/amdgpu-install/6.2.2/ubuntu/jammy/amdgpu-install_6.2.60202-1_all.deb \\\n"
     "   &&  apt-get install -y ./amdgpu-install_6.2.60202-1_all.deb \\\n   && rm amdgpu-install_6.2.60202-1_all.deb \\\n"
     "   && amdgpu-install -y --usecase=rocm \\\n   && apt-get clean", 5),
    # look-alikes: the user space only (neresco/koboldcpp, xxdoman/ollama-mi50, chirvo's heredoc), a download
    ("RUN amdgpu-install --usecase=hip,rocm --no-dkms -yq", None),
    ("RUN amdgpu-install -y --no-dkms --usecase=rocm,hip,mllib --no-32", None),
    ("RUN wget https://repo.radeon.com/amdgpu-install/6.2.2/ubuntu/jammy/amdgpu-install_6.2.60202-1_all.deb", None),
    ("RUN apt-get install -y ./amdgpu-install_6.2.60202-1_all.deb", None),
    # review of wave 9: --no-dkms after a quoted or variable use case; a removal; another package's name
    ('RUN amdgpu-install -y --usecase="rocm,hip" --no-dkms', None),
    ("RUN amdgpu-install -y --usecase=${USECASE} --no-dkms", None),
    ("RUN amdgpu-install -y --uninstall", None),
    ("RUN apt-get install -y amdgpu-dkms-firmware", None),
])
def test_an_image_build_that_installs_the_kernel_module_is_flagged(tmp_path, run, line):
    p = write(tmp_path, "Dockerfile", f"FROM ubuntu:22.04\n{run}\nRUN pip install numpy\n")
    fs = flagged(scan([p], "RD-IMG-014", "rx7900xtx"))
    assert [f.evidence[0].source for f in fs] == ([f"{p}:{line}"] if line else [])
    if line:
        assert fs[0].fix is not None and "--no-dkms" in fs[0].fix.actions[0].description


def test_real_image_builds_with_and_without_the_kernel_module():
    bad = os.path.join(FRESH, "ea-sonicwanjie-fastllm-rocm-fork")
    assert [f.evidence[0].source.rsplit("/", 2)[-2:] for f in flagged(scan([bad], "RD-IMG-014", "rx7900xtx"))] == [
        ["whl_docker_rocm", "Dockerfile:20"]]
    for ok_set in ("hb-neresco-koboldcpp-rocm-dockerfile", "greentortoises-antcolony-rocm57-image"):
        assert not flagged(scan([os.path.join(FRESH, ok_set)], "RD-IMG-014", "rx7900xtx"))


def test_a_host_script_writing_another_ubuntu_release_s_rocm_repository_fails_against_the_host(lint):
    # rx7900xtx is Ubuntu 24.04 (noble): a setup script's jammy repository line leaves apt with unmet dependencies
    p = lint.write("setup_rocm.sh", '#!/bin/bash\nset -e\necho "deb [arch=amd64 signed-by=/etc/apt/keyrings/rocm.gpg] '
                   'https://repo.radeon.com/rocm/apt/6.1 jammy main" | \\\n  sudo tee /etc/apt/sources.list.d/rocm.list\n'
                   "sudo apt update && sudo apt install -y rocm\n")
    fs = lint.flagged(lint([p], "RD-IMG-012", "rx7900xtx"))
    assert [f.evidence[0].source for f in fs] == [p + ":3"] and "this ubuntu 24.04 host" in fs[0].title
    assert any("CODENAME=noble" in (e.text or "") for e in fs[0].evidence)  # os-release says which
    # look-alikes: the same line on a jammy host; the host's own codename from lsb_release; a commented line;
    # the script run inside an image build (its image's release is what counts there, not the host's)
    assert not lint.flagged(lint([p], "RD-IMG-012", "mi300x8"))
    # the installer package of one release and distribution, read with the same pattern as a Dockerfile's
    lint.write("setup_rocm.sh", "#!/bin/bash\nwget https://repo.radeon.com/amdgpu-install/6.1/ubuntu/jammy/"
               "amdgpu-install_6.1.60100-1_all.deb\nsudo apt install -y ./amdgpu-install_6.1.60100-1_all.deb\n")
    assert [f.evidence[0].source for f in lint.flagged(lint([p], "RD-IMG-012", "rx7900xtx"))] == [p + ":2"]
    for text in ('echo "deb https://repo.radeon.com/rocm/apt/6.1 $(lsb_release -cs) main" | sudo tee x.list\n',
                 '# echo "deb https://repo.radeon.com/rocm/apt/6.1 jammy main"\n'):
        lint.write("setup_rocm.sh", "#!/bin/bash\n" + text)
        assert not lint.flagged(lint([p], "RD-IMG-012", "rx7900xtx"))
    lint.write("setup_rocm.sh", '#!/bin/bash\necho "deb https://repo.radeon.com/rocm/apt/6.1 jammy main" > r.list\n')
    d = lint.write("Dockerfile", "FROM ubuntu:22.04\nCOPY setup_rocm.sh /tmp/\nRUN bash /tmp/setup_rocm.sh\n")
    assert not lint.flagged(lint([p, d], "RD-IMG-012", "rx7900xtx"))


def test_a_host_script_s_rocm_repository_is_no_image_s_rocm(lint):
    # RD-IMG-003 judges the ROCm an image build installs from AMD's repository; a host script's line installs the
    # host's own ROCm (an install, not a container beside the driver)
    p = lint.write("setup.sh", "#!/bin/bash\necho 'deb [arch=amd64] http://repo.radeon.com/rocm/apt/4.5/ ubuntu main' "
                   "| sudo tee /etc/apt/sources.list.d/rocm.list\nsudo apt install -y rocm-dev\n")
    assert not lint.flagged(lint([p], "RD-IMG-003", "rx7900xtx"))
    d = lint.write("Dockerfile", "FROM ubuntu:20.04\nRUN echo 'deb [arch=amd64] http://repo.radeon.com/rocm/apt/4.5/ "
                   "ubuntu main' > /etc/apt/sources.list.d/rocm.list && apt-get update && apt-get install -y rocm-dev\n")
    assert [f.code for f in lint.flagged(lint([d], "RD-IMG-003", "rx7900xtx"))] == ["RD-IMG-003"]


def test_apt_lines_a_host_script_does_not_write_for_itself_are_not_the_host_s(lint):
    # a heredoc that writes a Dockerfile, a command run in a container, a case on the host's own codename, and the
    # retired rocm/apt/debian path (written `xenial` for every Ubuntu release): none is judged against the host
    heredoc = ('#!/bin/bash\ncat > Dockerfile.gen <<\'DOCKER\'\nFROM ubuntu:22.04\nRUN echo "deb https://repo.radeon.com/'
               'rocm/apt/6.1 jammy main" > /etc/apt/sources.list.d/rocm.list\nDOCKER\n')
    inside = ("#!/bin/bash\ndocker run ubuntu:22.04 bash -c 'echo \"deb https://repo.radeon.com/rocm/apt/6.1 jammy main\" "
              "> /etc/apt/sources.list.d/rocm.list'\n")
    case = ('#!/bin/bash\n. /etc/os-release\ncase "$VERSION_CODENAME" in\n  jammy) echo "deb https://repo.radeon.com/rocm/'
            'apt/6.1 jammy main" | sudo tee r.list ;;\n  noble) echo "deb https://repo.radeon.com/rocm/apt/6.1 noble main" '
            '| sudo tee r.list ;;\nesac\n')
    legacy = "#!/bin/bash\necho 'deb [arch=amd64] https://repo.radeon.com/rocm/apt/debian/ xenial main' | sudo tee r.list\n"
    for text in (heredoc, inside, case, legacy):
        p = lint.write("setup.sh", text)
        assert not lint.flagged(lint([p], "RD-IMG-012", "rx7900xtx")), text


def test_a_debian_host_is_not_judged_by_ubuntu_codenames_and_mint_by_its_ubuntu_base(tmp_path):
    from checks.image_sources import rocm_apt_distribution
    from rocmdoctor.artifacts.readers import read_all
    from rocmdoctor.facts.kernel import OsRelease

    p = tmp_path / "setup.sh"
    p.write_text('#!/bin/bash\necho "deb https://repo.radeon.com/rocm/apt/6.2 jammy main" | sudo tee r.list\n')
    settings = read_all([str(p)])

    def statuses(values):
        out = rocm_apt_distribution(settings, OsRelease("/etc/os-release", values))
        return [f.status.value for f in (out if isinstance(out, list) else [out])]

    assert statuses({"ID": "debian", "VERSION_CODENAME": "bookworm"}) == ["pass"]
    assert statuses({"ID": "linuxmint", "ID_LIKE": "ubuntu debian", "VERSION_CODENAME": "wilma",
                     "UBUNTU_CODENAME": "noble"}) == ["fail"]
    assert statuses({"ID": "ubuntu", "VERSION_CODENAME": "jammy"}) == ["pass"]


def test_a_host_script_writing_another_ubuntu_release_s_amdgpu_driver_repository_fails_too(lint):
    # ppetroskevicius's install_rocm.sh (spent fresh batch 30): AMD's guide adds the amdgpu driver repository of the
    # release beside the ROCm one, each for one distribution: jammy's on this Ubuntu 24.04 host
    p = lint.write("install_rocm.sh", '#!/bin/bash\necho "deb [arch=amd64 signed-by=/etc/apt/keyrings/rocm.gpg] '
                   'https://repo.radeon.com/amdgpu/6.0/ubuntu jammy main" \\\n    | sudo tee /etc/apt/sources.list.d/amdgpu.list\n'
                   "sudo apt update\n")
    fs = lint.flagged(lint([p], "RD-IMG-012", "rx7900xtx"))
    assert [f.evidence[0].source for f in fs] == [p + ":2"]
    assert fs[0].title.startswith("The amdgpu driver's apt repository for ubuntu 22.04")
    assert "repo.radeon.com/amdgpu/6.0/ubuntu <codename>" in fs[0].detail
    assert not lint.flagged(lint([p], "RD-IMG-012", "mi300x8"))  # a jammy host: its own repository
    lint.write("install_rocm.sh", '#!/bin/bash\necho "deb https://repo.radeon.com/amdgpu/6.0/ubuntu noble main" '
               "| sudo tee /etc/apt/sources.list.d/amdgpu.list\n")
    assert not lint.flagged(lint([p], "RD-IMG-012", "rx7900xtx"))


def test_a_from_an_arg_without_default_fills_in_is_no_malformed_reference(tmp_path):
    # fresh yy-wildman-lichtfeld: `ARG CUDA_VERSION` (no default), `FROM nvidia/cuda:${CUDA_VERSION}-devel-ubuntu24.04`:
    # read with the empty default it looks like `nvidia/cuda:-devel...`, which Docker would refuse; the build fills it in
    d = write(tmp_path, "Dockerfile", "ARG CUDA_VERSION\nFROM nvidia/cuda:${CUDA_VERSION}-devel-ubuntu24.04\nRUN echo hi\n")
    assert not flagged(scan([d], "RD-IMG-008", "rx7900xtx"))
    assert flagged(scan([d], "RD-IMG-001", "rx7900xtx"))  # still NVIDIA's CUDA image
    # the CI variable written without its `$` is still a name no one can pull
    e = write(tmp_path, "Dockerfile", "FROM CI_REGISTRY/git/rocm-base:latest\nRUN echo hi\n")
    assert flagged(scan([e], "RD-IMG-008", "rx7900xtx"))


# RD-IMG-015: pip into a Python its distribution marks externally managed (PEP 668). Real positives from spent fresh
# sets (sources in each SOURCES): https://github.com/giodueck/torchgeo (Dockerfile-rocm, FROM
# rocm/dev-ubuntu-24.04:6.4.4-complete, `RUN pip install --no-cache-dir -r requirements.txt`) and
# https://github.com/nealhardesty (install-wsl2-pytorch-rocm.sh, `sudo pip3 install torch-...whl` on Ubuntu 24.04).
def test_real_pip_into_rocm_dev_ubuntu_2404_fails():
    fs = flagged(scan([os.path.join(FRESH, "xc-giodueck-torchgeo-rocm-dockerfile")], "RD-IMG-015", "rx7900xtx"))
    assert len(fs) == 1 and "rocm/dev-ubuntu-24.04" in fs[0].title and _lines(fs) == [11]
    assert "externally-managed-environment" in fs[0].detail


def test_real_sudo_pip_in_a_setup_script_on_a_noble_host_fails():
    path = os.path.join(FRESH, "sd-nealhardesty-wsl2-torch-rocm")
    fs = flagged(scan([path], "RD-IMG-015", "wsl2-radeon"))  # Ubuntu 24.04
    assert len(fs) == 1 and _lines(fs) == [18] and "host's system Python" in fs[0].title
    assert flagged(scan([path], "RD-IMG-015", "mi300x8")) == []  # Ubuntu 22.04: pip may install there


@pytest.mark.parametrize("text,bad", [
    ("FROM ubuntu:24.04\nRUN apt-get update && apt-get install -y python3-pip\nRUN pip3 install numpy\n", True),
    ("FROM ubuntu\nRUN pip install lmdb\n", True),  # no tag: latest, Ubuntu 24.04
    ("FROM debian:bookworm-slim\nRUN python3 -m pip install --upgrade pip\n", True),
    ("FROM nvidia/cuda:12.6.0-devel-ubuntu24.04\nRUN pip install --user torch\n", True),  # --user is refused too
    ("FROM rocm/dev-ubuntu-24.04 AS base\nFROM base\nRUN /usr/bin/pip3 install x\n", True),  # a stage FROM a stage
    # look-alikes pip may install into
    ("FROM ubuntu:22.04\nRUN pip3 install numpy\n", False),
    ("FROM rocm/dev-ubuntu-22.04:6.2\nRUN pip3 install numpy\n", False),
    ("FROM python:3.12-bookworm\nRUN pip install numpy\n", False),  # the image's own Python in /usr/local
    ("FROM rocm/pytorch:rocm6.4_ubuntu24.04_py3.12_pytorch_release_2.6.0\nRUN pip install numpy\n", False),
    ("FROM ubuntu:24.04\nRUN python3 -m venv /opt/venv\nENV PATH=/opt/venv/bin:$PATH\nRUN pip install numpy\n", False),
    ("FROM ubuntu:24.04 AS base\nRUN python3 -m venv /opt/venv\nFROM base\nRUN pip install numpy\n", False),
    ("FROM ubuntu:24.04\nRUN pip install --break-system-packages numpy\n", False),
    ("FROM ubuntu:24.04\nENV PIP_BREAK_SYSTEM_PACKAGES=1\nRUN pip install numpy\n", False),
    ("FROM ubuntu:24.04\nRUN rm /usr/lib/python3.12/EXTERNALLY-MANAGED && pip install numpy\n", False),
    ("FROM ubuntu:24.04\nRUN pip install --target /app/deps numpy\n", False),
    ("FROM ubuntu:24.04\nRUN /opt/venv/bin/pip install numpy\n", False),  # a venv's pip (made elsewhere)
    ("FROM ubuntu:24.04\nRUN python3.11 -m pip install numpy\n", False),  # a Python of its own
    ("FROM continuumio/miniconda3\nRUN pip install numpy\n", False),
    ("FROM ubuntu:24.04\nENV TORCH_COMMAND='pip install torch'\n", False),  # the app runs it in its own venv
])
def test_pip_against_an_externally_managed_python(tmp_path, text, bad):
    fs = flagged(scan([write(tmp_path, "Dockerfile", text)], "RD-IMG-015", "rx7900xtx"))
    assert (len(fs) == 1) == bad, [f.title for f in fs]
    if bad:
        assert _lines(fs) == [text.count("\n")]  # the pip line (the last)


def test_every_refused_install_of_a_stage_is_one_finding(tmp_path):
    text = "FROM ubuntu:24.04\nRUN pip install a\nRUN pip install b\nFROM ubuntu:24.04\nRUN pip install c\n"
    fs = flagged(scan([write(tmp_path, "Dockerfile", text)], "RD-IMG-015", "rx7900xtx"))
    assert [_lines([f]) for f in fs] == [[2, 3], [5]] and "1 more" in fs[0].title


@pytest.mark.parametrize("script,bad", [
    ("#!/bin/bash\nsudo apt install -y python3-pip\nsudo pip3 install numpy\n", True),
    ("#!/bin/bash\nsudo -H python3 -m pip install numpy\n", True),
    ("#!/bin/bash\npip3 install numpy\n", False),  # the user's pip3: an active venv's, maybe
    ("#!/bin/bash\npython3 -m venv ~/env\nsudo ~/env/bin/pip install numpy\n", False),
    ("#!/bin/bash\nsudo pip3 install --break-system-packages numpy\n", False),
])
def test_setup_scripts_on_a_noble_host(tmp_path, script, bad):
    fs = flagged(scan([write(tmp_path, "setup.sh", script)], "RD-IMG-015", "rx7900xtx"))
    assert (len(fs) == 1) == bad, [f.title for f in fs]


def test_a_script_an_image_build_runs_is_judged_with_the_image(tmp_path):
    script = write(tmp_path, "setup.sh", "#!/bin/bash\nsudo pip3 install numpy\n")
    docker = write(tmp_path, "Dockerfile", "FROM ubuntu:22.04\nCOPY setup.sh /\nRUN bash /setup.sh\n")
    assert flagged(scan([script, docker], "RD-IMG-015", "rx7900xtx")) == []


@pytest.mark.parametrize("text,bad", [
    # what comes after the install, or an apt package named venv, gives the install no venv (review of wave 16)
    ("FROM ubuntu:24.04\nRUN pip3 install uv && uv venv /opt/venv\n", True),
    ("FROM ubuntu:24.04\nRUN pip3 install poetry && poetry install\n", True),
    ("FROM ubuntu:24.04\nRUN pip3 install --upgrade pip\nRUN python3 -m venv /v\n", True),
    ("FROM ubuntu:24.04\nRUN apt-get install -y python3-pip python3-venv\nRUN pip3 install numpy\n", True),
    ("FROM ubuntu:24.04\n# we do not use conda\nRUN pip3 install numpy\n", True),
    ("FROM ubuntu:24.04\nRUN python3.12 -m pip install numpy\n", True),  # noble's own python3.12
    ("FROM ubuntu:24.04\nRUN pip3.12 install numpy\n", True),
    # a venv made before, in the same RUN, or a Python built from python.org's sources
    ("FROM ubuntu:24.04\nRUN python3 -m venv /v && . /v/bin/activate && pip install numpy\n", False),
    ("FROM ubuntu:24.04\nRUN wget https://www.python.org/ftp/python/3.11.9/Python-3.11.9.tgz && tar xf Python-3.11.9.tgz "
     "&& cd Python-3.11.9 && ./configure && make install\nRUN pip3 install numpy\n", False),
])
def test_pip_and_what_runs_before_it(tmp_path, text, bad):
    fs = flagged(scan([write(tmp_path, "Dockerfile", text)], "RD-IMG-015", "rx7900xtx"))
    assert (len(fs) == 1) == bad, [f.title for f in fs]


@pytest.mark.parametrize("image, release", [
    ("ubuntu", "ubuntu 24.04"), ("ubuntu:noble-20240101", "ubuntu 24.04"), ("ubuntu:plucky", "ubuntu 25.04"),
    ("rocm/dev-ubuntu-24.04:6.4.4-complete", "ubuntu 24.04"), ("nvidia/cuda:12.6.0-devel-ubuntu24.04", "ubuntu 24.04"),
    ("debian:bookworm-slim", "debian 12"), ("debian:stable-slim", "debian 13"), ("archlinux:latest", "arch linux"),
    ("ubuntu:22.04", None), ("debian:bullseye", None), ("python:3.12-bookworm", None), ("ghcr.io/x/ubuntu:24.04", None),
    ("rocm/pytorch:rocm6.2_ubuntu24.04_py3.12_pytorch_release_2.3.0", None), ("nvidia/cuda:12.4.1-runtime-rockylinux9", None),
])
def test_which_images_keep_an_externally_managed_python(image, release):
    from rocmdoctor.knowledge.artifacts import DISTRO_PYTHONS, externally_managed

    assert externally_managed(image) == release
    # the release names DISTRO_PYTHONS's keys, whose Python is the one `python3.N -m pip` may name
    assert release is None or release == "arch linux" or release in DISTRO_PYTHONS


# Spent fresh cx-mateuszdera: AMD's noble (24.04) repository added in a `FROM ubuntu:26.04` stage; image_distro read
# only the LTS releases 18.04-24.04
def test_an_ubuntu_release_after_24_04_is_read_from_its_tag(tmp_path):
    from rocmdoctor.knowledge.artifacts import image_distro

    assert [image_distro(i) for i in ("ubuntu:26.04", "ubuntu:25.10", "ubuntu:resolute", "rocm/dev-ubuntu-22.04:6.2",
                                      "ubuntu:2404")] == ["ubuntu 26.04", "ubuntu 25.10", "ubuntu 26.04", "ubuntu 22.04",
                                                          "ubuntu 24.04"]
    p = write(tmp_path, "Dockerfile", "FROM ubuntu:26.04\nRUN echo \"deb [arch=amd64] https://repo.radeon.com/rocm/apt/"
                                      "7.2.2 noble main\" > /etc/apt/sources.list.d/rocm.list\n"
                                      "RUN apt-get update && apt-get install -y rocm-hip-runtime\n")
    [f] = flagged(scan([p], "RD-IMG-012", "rx7900xtx"))
    assert "ubuntu 26.04" in f.title
