"""Image tags that name the ROCm release through the shell or the build (issue 24 §3): a variable
defined earlier in the script (IMAGE=rocm/pytorch:$ROCM_TAG), a `drun` alias (micmelesse/bert's
docker_run_amd.sh, whose set is in the holdout
split and so not read here), a Dockerfile ARG default, a compose `.env`. Each is judged by RD-IMG-003 like a
literal tag; a variable nothing defines stays unknown (no finding)."""
from __future__ import annotations

from tests.lintacc_helpers import flagged, scan, write


def _far(fs):
    return [f for f in flagged(fs) if "apart" in f.title]


def test_variable_defined_earlier(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nROCM_TAG=rocm5.5_ubuntu20.04_py3.8_pytorch_staging\n"
              "IMAGE=rocm/pytorch:$ROCM_TAG\ndocker run --device=/dev/kfd --device=/dev/dri $IMAGE python t.py\n")
    assert _far(scan([p], "RD-IMG-003", "mi300x8"))


def test_undefined_variable_is_not_judged(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\ndocker run --device=/dev/kfd --device=/dev/dri "
              "rocm/pytorch:$ROCM_TAG python t.py\n")
    assert _far(scan([p], "RD-IMG-003", "mi300x8")) == []


def test_alias_runs_the_image(tmp_path):
    p = write(tmp_path, "run.sh", "alias drun='sudo docker run -it --device=/dev/kfd --device=/dev/dri'\n"
              "drun rocm/tensorflow:rocm3.5-tf2.2-dev\n")
    assert _far(scan([p], "RD-IMG-003", "mi300x8"))


def test_arg_default_and_dotenv(tmp_path):
    d = write(tmp_path / "a", "Dockerfile", "ARG ROCM_VERSION=5.6\nFROM rocm/dev-ubuntu-22.04:${ROCM_VERSION}-complete\n")
    assert _far(scan([d], "RD-IMG-003", "mi300x8"))
    write(tmp_path / "b", ".env", "ROCM_TAG=rocm5.7_ubuntu22.04_py3.10_pytorch_2.0.1\n")
    c = write(tmp_path / "b", "compose.yml", "services:\n  t:\n    image: rocm/pytorch:${ROCM_TAG}\n    ipc: host\n")
    assert _far(scan([c], "RD-IMG-003", "mi300x8"))



def test_dotenv_template_stands_in_for_a_missing_env_and_its_line_is_cited(tmp_path):
    # the project commits .env.example (its README: `cp .env.example .env`); git ignores .env itself
    # (christopherpaquin's vLLM-on-R9700 compose, spent fresh batch: image: ${VLLM_IMAGE})
    write(tmp_path, ".env.example", "# the image\nVLLM_IMAGE=rocm/vllm:rocm7.14.0_rdna_ubuntu24.04_py3.14_pytorch_2.11.0\n")
    c = write(tmp_path, "compose.yaml", "services:\n  vllm:\n    image: ${VLLM_IMAGE}\n"
              "    devices: [/dev/kfd, /dev/dri]\n")
    fs = _far(scan([c], "RD-IMG-003", "rx7900xtx"))
    assert fs and fs[0].title.startswith("rocm/vllm:rocm7.14.0")
    sources = [e.source for e in fs[0].evidence]
    assert sources[0].endswith("compose.yaml:3") and any(s.endswith(".env.example:2") for s in sources)


def test_a_real_env_wins_over_its_template_and_an_unset_variable_stays_unknown(tmp_path):
    write(tmp_path / "a", ".env.example", "TAG=rocm5.7_ubuntu22.04_py3.10_pytorch_2.0.1\n")
    write(tmp_path / "a", ".env", "TAG=rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n")
    c = write(tmp_path / "a", "compose.yml", "services:\n  t:\n    image: rocm/pytorch:${TAG}\n    ipc: host\n")
    fs = flagged(scan([c], "RD-IMG-003", "rx7900xtx"))
    assert fs == []  # .env's ROCm 6.2 is the host's: the template's 5.7 is not what runs
    write(tmp_path / "b", "example.env", "OTHER=1\n")
    c = write(tmp_path / "b", "compose.yml", "services:\n  t:\n    image: rocm/pytorch:${TAG}\n    ipc: host\n")
    assert _far(scan([c], "RD-IMG-003", "rx7900xtx")) == []


def test_a_downloaded_rocm_wheel_file_is_judged_like_its_index(tmp_path):
    # re-nicosalas34's install_amd.sh (spent fresh batch): wget the repo.radeon.com wheels, then pip install the files
    p = write(tmp_path, "install.sh", "#!/bin/bash\nwget -q https://repo.radeon.com/rocm/manylinux/rocm-rel-7.1.1/"
              "torch-2.9.1%2Brocm7.1.1.lw.git351ff442-cp312-cp312-linux_x86_64.whl\n"
              "pip install torch-2.9.1+rocm7.1.1.lw.git351ff442-cp312-cp312-linux_x86_64.whl\n")
    fs = flagged(scan([p], "RD-IMG-003", "rx7900xtx"))
    assert fs and "ROCm 7.1" in fs[0].title and fs[0].evidence[0].source.endswith("install.sh:3")
    # a `+rocm` pin with no index and no file is a pin PyPI cannot serve (RD-IMG-002's cause), not judged here
    q = write(tmp_path, "pin.sh", "#!/bin/bash\npip install torch==2.9.1+rocm7.1.1\n")
    assert flagged(scan([q], "RD-IMG-003", "rx7900xtx")) == []


def test_the_env_line_cited_is_the_one_compose_reads(tmp_path, monkeypatch):
    # review of this wave: a ` #` comment after the value, a name assigned twice (the last wins), a compose file
    # named without a folder
    write(tmp_path, ".env.example", "TAG=rocm5.6_ubuntu22.04_py3.10_pytorch_2.0.1\n"
          "TAG=rocm5.7_ubuntu22.04_py3.10_pytorch_2.0.1   # the one we use\n")
    write(tmp_path, "compose.yml", "services:\n  t:\n    image: rocm/pytorch:${TAG}\n    ipc: host\n")
    monkeypatch.chdir(tmp_path)
    fs = _far(scan(["compose.yml"], "RD-IMG-003", "mi300x8"))
    assert fs and "rocm5.7" in fs[0].title
    cited = [e.source for e in fs[0].evidence]
    assert any(s.endswith(".env.example:2") for s in cited) and not any(s.endswith(".env.example:1") for s in cited)
