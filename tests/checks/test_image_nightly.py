"""RD-IMG-010 (checks/image_nightly.py): a retired nightly ROCm channel or a dated nightly pin, with real
text (source URL at each case) and look-alikes that must not be flagged (a stable index with --pre, a
current nightly channel, a released pin)."""
from tests.lintacc_helpers import flagged, scan, write


def _codes(tmp_path, files, code, example="rx7900xtx"):
    paths = [write(tmp_path, name, text) for name, text in files]
    return flagged(scan(paths, code, example))


# https://github.com/TNTwise/Universal-Pytorch-Upscaler/blob/3070cb4137c406bfe799f652a0441d75865437f6/requirements-rocm.txt
NIGHTLY_61 = "numpy<2.0.0\npillow\n-i https://download.pytorch.org/whl/nightly/rocm6.1\ntorch \n"
# https://github.com/beecave-homelab/MeloTTS-rocm/blob/efed664648e9db947485bac15ce5c0245bb4c877/requirements-rocm.txt
STABLE_61_PRE = "--pre\n--index-url https://download.pytorch.org/whl/rocm6.1/\ntorch \ntorchaudio\n"


def test_a_retired_nightly_rocm_channel_is_flagged_a_stable_index_with_pre_is_not(tmp_path):
    found = _codes(tmp_path, [("requirements-rocm.txt", NIGHTLY_61)], "RD-IMG-010")
    assert len(found) == 1 and "ROCm 6.1" in found[0].title and [e.source.rsplit(":", 1)[1] for e in found[0].evidence] == ["4", "3"]
    assert _codes(tmp_path, [("requirements-rocm.txt", STABLE_61_PRE)], "RD-IMG-010") == []
    # a current nightly channel is no finding (the corpus judges nightly/rocm6.2 fine on a 6.2 host)
    cur = "-i https://download.pytorch.org/whl/nightly/rocm6.2\ntorch\n"
    assert _codes(tmp_path, [("requirements-rocm.txt", cur)], "RD-IMG-010") == []


def test_a_dated_nightly_pin_and_a_nightly_command_in_an_env_value(tmp_path):
    # https://github.com/PygmalionAI/aphrodite-engine (Dockerfile.rocm: torch==2.5.0.dev20240726; its channel here a
    # current one, so the dated pin is what fails)
    docker = ("FROM rocm/pytorch:rocm6.1.2_ubuntu20.04_py3.9_pytorch_staging\n"
              "RUN python3 -m pip install --no-cache-dir --pre \\\n    torch==2.5.0.dev20240726 \\\n"
              "    torchvision==0.20.0.dev20240726 \\\n    --index-url https://download.pytorch.org/whl/nightly/rocm7.0\n")
    found = _codes(tmp_path, [("Dockerfile", docker)], "RD-IMG-010", "mi300x8")
    assert len(found) == 1 and "2024-07-26" in found[0].title
    released = docker.replace(".dev20240726", "").replace("nightly/", "")
    assert _codes(tmp_path, [("Dockerfile", released)], "RD-IMG-010", "mi300x8") == []
    # tests/corpus/fresh/artifacts/mrbokri-gamelife-sdwebui-rocm: TORCH_COMMAND in ENV, run later by the web UI
    env = ('FROM rocm/dev-ubuntu-22.04:6.2\nENV TORCH_COMMAND="pip install --pre torch torchvision torchaudio '
           '--index-url https://download.pytorch.org/whl/nightly/rocm5.6"\n')
    assert len(_codes(tmp_path, [("Dockerfile", env)], "RD-IMG-010")) == 1
