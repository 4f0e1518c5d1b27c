"""RD-CTR-005 and RD-CTR-006 classes (issue 24 §3): an inference server whose image holds no PyTorch
(Ollama, llama.cpp) needs no shared memory for DataLoader workers or RCCL; a PyTorch container does.
A lone Dockerfile's non-root USER is judged only when the Dockerfile gives it GPU groups itself
(usermod -aG video,render: it counts on the image's GIDs); otherwise the run command's --group-add,
which the files do not show, decides. Real files: chronicblondiee/docker-rocm-notes (ollama),
reloaded/whisper.cpp-hip (USER whisper), huggingface/optimum-benchmark (usermod to render)."""
from __future__ import annotations

from tests.lintacc_helpers import corpus, flagged, scan, write

COMPOSE = "services:\n  app:\n    image: {image}\n    devices: [/dev/kfd, /dev/dri]\n    group_add: [video]\n"


def test_no_torch_inference_images_need_no_shm(tmp_path):
    for image in ("ollama/ollama:rocm", "rocm/llama.cpp:llama.cpp-b5997_rocm6.4.0_ubuntu24.04_server",
                  "ghcr.io/ggml-org/llama.cpp:server-rocm"):
        p = write(tmp_path, "docker-compose.yml", COMPOSE.format(image=image))
        assert flagged(scan([p], "RD-CTR-005", "rx7900xtx")) == [], image


def test_pytorch_container_without_shm_is_flagged(tmp_path):
    p = write(tmp_path, "docker-compose.yml", COMPOSE.format(image="rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0"))
    assert flagged(scan([p], "RD-CTR-005", "rx7900xtx"))


def test_real_ollama_service():
    fs = scan([corpus("chronicblondiee-rocm-compose")], "RD-CTR-005", "rx7900xtx")
    assert flagged(fs) == [] and any("ollama" in f.title for f in fs)


def test_lone_dockerfile_user_without_groups_is_left_to_the_run_command(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2.4\nRUN useradd -m app\nUSER app\n")
    assert flagged(scan([p], "RD-CTR-006", "rx7900xtx")) == []


def test_lone_dockerfile_user_given_the_images_render_group_is_flagged(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2.4\nRUN useradd -m app && usermod -aG video,render app\n"
              "USER app\n")
    fs = flagged(scan([p], "RD-CTR-006", "rx7900xtx"))
    assert fs and "992" in fs[0].title


def test_real_dockerfiles():
    assert flagged(scan([corpus("reloaded-whisper-hip")], "RD-CTR-006", "rx7900xtx")) == []
    assert flagged(scan([corpus("optimum-benchmark-rocm")], "RD-CTR-006", "rx7900xtx"))
