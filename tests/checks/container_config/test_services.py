"""checks/container_config/services.py: which services the container rules judge, and which of
them do GPU work (a web UI or database beside the GPU service is left out of the GPU rules)."""
import os
from types import SimpleNamespace as NS

import pytest

from rocmdoctor.checks.container_config.services import gpu_signs, services_of


def _settings(*artifacts):
    kinds = ("compose", "shell", "slurm", "kubernetes")
    return NS(of_kind=lambda *ks: [a for a in artifacts if a.kind in ks and a.kind in kinds])


def test_gpu_work_is_read_from_devices_requests_environment_builds_and_image_names():
    assert gpu_signs({"devices": ["/dev/kfd", "/dev/dri"]})
    assert gpu_signs({"environment": {"HIP_VISIBLE_DEVICES": "0"}})
    assert gpu_signs({"environment": ["HSA_OVERRIDE_GFX_VERSION=11.0.0"]})
    assert gpu_signs({"build": "."})
    assert gpu_signs({"image": "ollama/ollama:rocm"})
    assert gpu_signs({"image": "rocm/vllm:latest"})
    assert not gpu_signs({"image": "ghcr.io/open-webui/open-webui:main", "environment": {"OLLAMA_BASE_URL": "x"}})
    assert not gpu_signs({"image": "postgres:16"})


def test_gpu_only_leaves_out_the_services_beside_a_gpu_service_and_a_lone_one_with_no_gpu_sign():
    both = NS(kind="compose", data={"services": {"ollama": {"image": "ollama/ollama:rocm"},
                                                 "webui": {"image": "ghcr.io/open-webui/open-webui:main"}}})
    assert [n for _, n, _ in services_of(_settings(both), gpu_only=True)] == ["ollama"]
    assert [n for _, n, _ in services_of(_settings(both))] == ["ollama", "webui"]
    # fresh serge-cpu-llama-compose: a chat UI on llama.cpp's CPU build, nothing asks for a GPU
    lone = NS(kind="compose", data={"services": {"serge": {"image": "ghcr.io/serge-chat/serge:latest",
                                                           "ports": ["8008:8008"]}}})
    assert [n for _, n, _ in services_of(_settings(lone), gpu_only=True)] == []
    assert [n for _, n, _ in services_of(_settings(lone))] == ["serge"]
    built = NS(kind="compose", data={"services": {"app": {"build": "."}}})  # a build of its own: may be GPU work
    assert [n for _, n, _ in services_of(_settings(built), gpu_only=True)] == ["app"]


def test_application_settings_named_gpu_or_amd_are_not_runtime_variables():
    # fresh asurelia-jarvis: a stats page's GPU_POLLING_INTERVAL; the runtime's own GPU_MAX_HW_QUEUES is one
    assert not gpu_signs({"environment": ["GPU_POLLING_INTERVAL=1", "AMD_GPU_ENABLED=true"]})
    assert gpu_signs({"environment": ["GPU_MAX_HW_QUEUES=2"]})
    assert gpu_signs({"environment": {"AMD_LOG_LEVEL": "3"}})
    assert not gpu_signs({"image": "ghcr.io/open-webui/open-webui:cuda"})  # the chat UI's CUDA tag: no GPU work


def test_a_client_of_the_gpu_service_is_not_a_gpu_service():
    # fresh whishper-rocm-transcription (ASR_ENDPOINT) and moriarty-ollama (OLLAMA_HOST, `ollama pull`)
    svcs = {"asr": {"build": {"context": "x", "dockerfile": "Dockerfile.rocm"}, "devices": ["/dev/kfd", "/dev/dri"]},
            "front": {"image": "pluja/whishper:latest-gpu", "environment": {"ASR_ENDPOINT": "asr:8000"}},
            "pull": {"image": "ollama/ollama:latest", "environment": ["OLLAMA_HOST=http://asr:11434"]},
            "other": {"image": "rocm/pytorch:latest", "environment": {"NOTE": "asrx:1"}, "command": "python train.py"}}
    doc = NS(kind="compose", data={"services": svcs})
    assert [n for _, n, _ in services_of(_settings(doc), gpu_only=True)] == ["asr", "other"]


@pytest.mark.parametrize("other, gpu", [
    # spent mx-cloudhan Makefile: the converter image (named for ROCm) runs without devices beside runtime runs that
    # pass /dev/kfd; nx-sneakyhulk: a build service of the ROCm Dockerfile; a CPU ollama beside a GPU ComfyUI
    ({"image": "onnxruntime-rocm-stable-diffusion-converter"}, False),
    ({"build": {"context": ".", "dockerfile": "Dockerfile", "target": "image"}, "image": "onnx-rocm-tools"}, False),
    ({"image": "ollama/ollama:latest"}, False),
    ({"image": "onnxruntime-rocm-runtime:latest"}, False),  # the image the GPU service runs (`:latest` is implied)
    # what still says GPU work without a name: a training command, a ROCm variable
    ({"image": "rocm/pytorch:latest", "command": "torchrun --nproc_per_node 8 train.py"}, True),
    ({"image": "rocm/pytorch:latest", "environment": {"HIP_VISIBLE_DEVICES": "0"}}, True),
    ({"image": "rocm/sgl-dev:v0.5.2-rocm700-mi30x"}, True),  # a server that runs on no CPU
    ({"image": "rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0"}, True),  # AMD's GPU image
    ({"image": "vllm/vllm-openai-rocm:v0.9.0"}, True),
    ({"image": "ghcr.io/myorg/finetune-rocm:6.3"}, True),  # a training image by its name
])
def test_a_name_alone_is_no_gpu_sign_beside_a_service_given_kfd(other, gpu):
    svcs = {"gpu": {"image": "onnxruntime-rocm-runtime", "devices": ["/dev/kfd", "/dev/dri"]}, "other": other}
    got = [n for _, n, _ in services_of(_settings(NS(kind="compose", data={"services": svcs})), gpu_only=True)]
    assert got == (["gpu", "other"] if gpu else ["gpu"])
    # with no service given /dev/kfd, the name is a sign again
    alone = NS(kind="compose", data={"services": {"other": other}})
    assert [n for _, n, _ in services_of(_settings(alone), gpu_only=True)] == ["other"]


def test_a_template_reached_only_through_extends_and_unreadable_data_are_not_services():
    tpl = NS(kind="compose", data={"services": {"base": {"image": "rocm/pytorch", "template": True},
                                                "app": {"image": "rocm/pytorch"}}})
    assert [n for _, n, _ in services_of(_settings(tpl))] == ["app"]
    assert list(services_of(_settings(NS(kind="compose", data=None)))) == []
    assert list(services_of(_settings(NS(kind="dockerfile", data={"services": {"x": {}}})))) == []


def test_a_build_counts_as_a_gpu_sign_only_where_no_service_says_so_outright():
    assert gpu_signs({"build": "."}) and not gpu_signs({"build": "."}, built=False)
    assert gpu_signs({"build": {"context": ".", "dockerfile": "Dockerfile.rocm"}}, built=False)


def test_an_application_name_is_a_gpu_sign_only_where_no_service_says_it_outright():
    # https://github.com/derBerliner1983/self-hosted-llm-stack/blob/71f03994ac651d7e27eca9c8b7b755e56fbbc7e0/docker-compose.rocm.yml:
    # ollama gets /dev/kfd and /dev/dri; the whisper web service beside it is the CPU image (its GPU build is -gpu)
    whisper = {"image": "onerahmet/openai-whisper-asr-webservice:v1.8.2", "environment": ["ASR_ENGINE=faster_whisper"]}
    both = NS(kind="compose", data={"services": {"ollama": {"image": "ollama/ollama:rocm",
                                                            "devices": ["/dev/kfd", "/dev/dri"]},
                                                 "whisper": whisper}})
    assert [n for _, n, _ in services_of(_settings(both), gpu_only=True)] == ["ollama"]
    alone = NS(kind="compose", data={"services": {"whisper": whisper, "db": {"image": "postgres:16"}}})
    assert [n for _, n, _ in services_of(_settings(alone), gpu_only=True)] == ["whisper"]
    # a GPU stack's name stays a sign beside an explicit GPU service (vLLM without devices is a miss to flag)
    vllm = NS(kind="compose", data={"services": {"ollama": {"image": "ollama/ollama:rocm", "devices": ["/dev/kfd"]},
                                                 "vllm": {"image": "rocm/vllm:latest"}}})
    assert [n for _, n, _ in services_of(_settings(vllm), gpu_only=True)] == ["ollama", "vllm"]


def test_a_file_without_gpu_services_judges_no_database_proxy_or_chat_front_end():
    # https://github.com/Modulus/ai-tools (open-webui/docker-compose.yaml): Open WebUI and SearXNG, Ollama commented out
    web = NS(kind="compose", data={"services": {"open-webui": {"image": "ghcr.io/open-webui/open-webui:main"},
                                                "searxng": {"image": "searxng/searxng:latest"}}})
    assert list(services_of(_settings(web), gpu_only=True)) == []
    assert len(list(services_of(_settings(web)))) == 2  # the other rules still see them
    app = NS(kind="compose", data={"services": {"app": {"image": "me/myapp:1"}, "db": {"image": "postgres:16"}}})
    # an image whose name says nothing, and nothing else that does (fresh serge, coqui-tts prepare): not judged
    assert [n for _, n, _ in services_of(_settings(app), gpu_only=True)] == []
    trains = NS(kind="compose", data={"services": {"app": {"image": "me/myapp:1", "command": "python train.py"},
                                                   "db": {"image": "postgres:16"}}})
    assert [n for _, n, _ in services_of(_settings(trains), gpu_only=True)] == ["app"]


def test_a_gpu_service_in_one_file_of_a_deployment_makes_the_others_front_ends_not_gpu_services():
    # billstewrod/ai-stack: docker-compose.yml (web UI, proxy) + docker-compose.amd-linux.yml (ollama on the GPU),
    # started together by its script; the proxy in the base file is no GPU service
    base = NS(kind="compose", path="/p/docker-compose.yml",
              data={"services": {"nginx-proxy-manager": {"image": "jc21/nginx-proxy-manager:latest"}}})
    amd = NS(kind="compose", path="/p/docker-compose.amd-linux.yml",
             data={"services": {"ollama": {"image": "ollama/ollama:rocm", "devices": ["/dev/kfd", "/dev/dri"]}}})
    assert [n for _, n, _ in services_of(_settings(base, amd), gpu_only=True)] == ["ollama"]
    assert [n for _, n, _ in services_of(_settings(base), gpu_only=True)] == []  # a proxy alone is no GPU service


def test_variants_of_non_gpu_images_are_not_gpu_services():
    from rocmdoctor.checks.container_config.services import NON_GPU_IMAGE

    for image in ("nginx-proxy-manager:latest", "postgres-pgvector:16", "redis:7"):
        assert NON_GPU_IMAGE.search(image), image
    assert not NON_GPU_IMAGE.search("nginxgpu:1") and not NON_GPU_IMAGE.search("vllm-rocm:latest")


def test_a_deployment_named_for_the_cpu_is_no_gpu_work_unless_it_passes_a_device_node():
    # fresh aa-dreamcypher-chatterbox-cpu-variant: docker-compose-cpu.yml builds Dockerfile.cpu, asks for no GPU
    cpu = NS(kind="compose", path="/p/docker-compose-cpu.yml",
             data={"services": {"tts": {"build": {"context": ".", "dockerfile": "Dockerfile.cpu"}}}})
    assert [n for _, n, _ in services_of(_settings(cpu), gpu_only=True)] == []
    for path, svc in (("/p/docker-compose.yml", {"build": {"dockerfile": "Dockerfile.cpu"}}),
                      ("/p/docker-compose.yml", {"image": "ghcr.io/x/tts:latest-cpu"})):
        doc = NS(kind="compose", path=path, data={"services": {"tts": svc}})
        assert [n for _, n, _ in services_of(_settings(doc), gpu_only=True)] == []
    named = NS(kind="compose", path="/p/docker-compose.yml", data={"services": {"app-cpu": {"build": "."}}})
    assert [n for _, n, _ in services_of(_settings(named), gpu_only=True)] == []
    # the look-alikes: a GPU build, a name that only contains the letters, a CPU-named service given /dev/kfd
    for path, name, svc in (("/p/docker-compose.yml", "tts", {"build": {"dockerfile": "Dockerfile.rocm"}}),
                            ("/p/docker-compose.yml", "cpufreq-trainer", {"build": "."}),
                            ("/p/docker-compose-cpu.yml", "app", {"build": ".", "devices": ["/dev/kfd", "/dev/dri"]})):
        doc = NS(kind="compose", path=path, data={"services": {name: svc}})
        assert [n for _, n, _ in services_of(_settings(doc), gpu_only=True)] == [name]


def test_a_service_that_waits_for_the_gpu_server_and_takes_its_address_from_env_is_its_client(tmp_path):
    # fresh qb-shanali-ollama-amd-overlay-nodev: model-manager runs ${OLLAMA_IMAGE} with OLLAMA_HOST=${OLLAMA_HOST}
    # (an .env the files lack) and depends_on ollama; the ROCm ollama itself is the GPU service
    from rocmdoctor.artifacts.readers import compose

    doc = compose.read(str(tmp_path / "compose.yml"), (
        "services:\n  ollama:\n    image: ollama/ollama:rocm\n"
        "  model-manager:\n    image: ${OLLAMA_IMAGE}\n    depends_on:\n      - ollama\n"
        "    environment:\n      - OLLAMA_HOST=${OLLAMA_HOST}\n    entrypoint: [/bin/bash]\n"))
    assert doc.data["services"]["model-manager"]["depends_on"] == ["ollama"]  # the reader keeps what it waits for
    assert [n for _, n, _ in services_of(_settings(doc), gpu_only=True)] == ["ollama"]
    # look-alikes: the same image without the address, or the address without waiting for the server, stay GPU work
    for extra in ("    depends_on:\n      - ollama\n", "    environment:\n      - OLLAMA_HOST=${OLLAMA_HOST}\n"):
        other = compose.read(str(tmp_path / "compose.yml"), (
            "services:\n  ollama:\n    image: ollama/ollama:rocm\n  model-manager:\n    image: ${OLLAMA_IMAGE}\n"
            + extra))
        assert [n for _, n, _ in services_of(_settings(other), gpu_only=True)] == ["ollama", "model-manager"], extra


# ------------------------------------------------ an image the files build: tied to its Dockerfile (settings.built_from)

_LLAMA_CPP_ROCM = ("FROM rocm/dev-ubuntu-22.04:6.2-complete\n"
                   "RUN apt-get update && apt-get install -y cmake git\n"
                   "RUN git clone https://github.com/ggml-org/llama.cpp /llama.cpp && cd /llama.cpp && \\\n"
                   "    cmake -B build -DGGML_HIP=ON -DAMDGPU_TARGETS=gfx942 && cmake --build build -j\n"
                   'CMD ["/llama.cpp/build/bin/llama-server", "--host", "0.0.0.0"]\n')
_TORCH_TRAINER = ("FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
                  "COPY train.py /app/train.py\nCMD [\"torchrun\", \"--nproc_per_node=8\", \"/app/train.py\"]\n")


def _write(root, files: dict) -> None:
    for name, text in files.items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)


def test_a_tag_a_script_builds_is_that_dockerfiles_image_in_every_spelling(tmp_path):
    from rocmdoctor.artifacts.readers import read_all
    from rocmdoctor.artifacts.settings import built_from

    _write(tmp_path, {
        "docker/Dockerfile.rocm": _LLAMA_CPP_ROCM, "docker/Dockerfile.cuda": "FROM nvidia/cuda:12.4.1-devel-ubuntu22.04\n",
        "Dockerfile": _TORCH_TRAINER,
        "build.sh": "#!/bin/bash\nset -e\n"
                    "docker build -t ghcr.io/acme/llm-server:rocm -f docker/Dockerfile.rocm .\n"
                    "docker buildx build --platform linux/amd64 --tag ghcr.io/acme/llm-server:cuda "
                    "-f docker/Dockerfile.cuda --load .\n"
                    "podman build -t trainer .\n",
        "compose.yml": "services:\n"
                       "  llm:\n    image: ghcr.io/acme/llm-server:rocm\n    devices: [/dev/kfd, /dev/dri]\n"
                       "  train:\n    image: localhost/trainer:latest\n    devices: [/dev/kfd, /dev/dri]\n"
                       "  pulled:\n    image: ghcr.io/acme/llm-server:nightly\n"
                       "  db:\n    image: postgres:16\n"})
    s = read_all([str(tmp_path)])
    comp = next(a for a in s.artifacts if a.kind == "compose")
    svcs = comp.data["services"]

    def tied(name):
        got = built_from(s, comp, name, svcs[name])
        return None if got is None else [os.path.relpath(d.path, tmp_path) for d in got]

    assert tied("llm") == ["docker/Dockerfile.rocm"]  # -f relative to the script's folder, not the CWD
    assert tied("train") == ["Dockerfile"]  # podman's localhost/ and the implied :latest are the same image
    assert tied("pulled") is None  # another tag of the repository: what the registry serves, not this build
    assert tied("db") is None
    svc = {"image": "docker.io/library/trainer"}  # Docker Hub's spelling of the same local name
    assert [os.path.relpath(d.path, tmp_path) for d in built_from(s, comp, "x", svc)] == ["Dockerfile"]


def test_a_service_whose_image_a_script_builds_is_judged_by_that_dockerfile_for_shared_memory(lint):
    # the image is a llama.cpp server on rocm/dev-ubuntu (no PyTorch: no DataLoader workers, no RCCL) under a
    # registry name; judged by its name alone it was a torch image short of /dev/shm on an 8-GPU node
    root = lint.tmp_path
    _write(root, {"docker/Dockerfile.rocm": _LLAMA_CPP_ROCM,
                  "build.sh": "#!/bin/bash\ndocker build -t ghcr.io/acme/llm-server:rocm -f docker/Dockerfile.rocm .\n",
                  "compose.yml": "services:\n  llm:\n    image: ghcr.io/acme/llm-server:rocm\n"
                                 "    devices: [/dev/kfd, /dev/dri]\n    group_add: [video, render]\n"})
    fs = lint([root], "RD-CTR-005", example="mi300x8")
    assert lint.statuses(fs) == ["pass"] and "holds no PyTorch" in fs[0].title
    # the look-alike: a name that says llama.cpp, built from a PyTorch trainer's Dockerfile: its name is not
    # what it runs
    _write(root, {"docker/Dockerfile.rocm": _TORCH_TRAINER,
                  "compose.yml": "services:\n  llm:\n    image: acme/llama.cpp:rocm\n"
                                 "    devices: [/dev/kfd, /dev/dri]\n    group_add: [video, render]\n",
                  "build.sh": "#!/bin/bash\ndocker build -t acme/llama.cpp:rocm -f docker/Dockerfile.rocm .\n"})
    assert lint.statuses(lint([root], "RD-CTR-005", example="mi300x8")) == ["warn"]


# bjoernellens1/GSO-SLAM compose.rocm.yml (spent fresh batch ub,
# https://github.com/bjoernellens1/GSO-SLAM/blob/44d951a585473e2a4dc0db94f822a3b69e63db53/compose.rocm.yml): one image for
# every service, the GPU anchor merged into replica-rendering only; the evaluation services beside it run CPU-side
# scripts. A service whose image a sibling runs with the device nodes was left without them on purpose. A service
# with another image and no devices (the look-alike) is still judged.
GSO = """x-gso-rocm-gpu: &gso-rocm-gpu
  devices:
    - /dev/kfd:/dev/kfd
    - /dev/dri:/dev/dri
  group_add:
    - video

services:
  smoke:
    image: ${GSO_ROCM_IMAGE:-ghcr.io/bjoernellens1/gso-slam-rocm:rocm-latest}
    command: ["bash", "/workspace/GSO-SLAM/docker/compose/image_smoke.sh"]

  replica-rendering:
    <<: *gso-rocm-gpu
    image: ${GSO_ROCM_IMAGE:-ghcr.io/bjoernellens1/gso-slam-rocm:rocm-latest}
    command: ["bash", "/workspace/GSO-SLAM/docker/compose/eval_replica_rendering.sh"]
"""


def test_a_sibling_of_the_same_image_without_devices_is_cpu_work(tmp_path):
    from tests.lintacc_helpers import flagged, scan, write

    p = write(tmp_path, "compose.rocm.yml", GSO)
    assert flagged(scan([p], "RD-CTR-003", "rx7900xtx")) == []
    q = write(tmp_path / "b", "compose.rocm.yml", GSO.replace(
        "image: ${GSO_ROCM_IMAGE:-ghcr.io/bjoernellens1/gso-slam-rocm:rocm-latest}\n    command: [\"bash\", "
        "\"/workspace/GSO-SLAM/docker/compose/image_smoke.sh\"]", "image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_"
        "pytorch_release_2.3.0\n    command: [python, train.py]"))
    assert [f.title.split(":")[0] for f in flagged(scan([q], "RD-CTR-003", "rx7900xtx"))] == ["smoke"]


def test_a_device_that_is_no_gpu_s_is_no_gpu_sign():
    # tuckerwarlock's Open WebUI (spent fresh batch): a sound card passed in for its voice mode is no GPU work
    assert not gpu_signs({"image": "ghcr.io/open-webui/open-webui:main", "devices": ["/dev/snd:/dev/snd"]})
    assert not gpu_signs({"image": "redis:7", "devices": ["/dev/fuse", "/dev/bus/usb"]})
    for node in ("/dev/kfd", "/dev/dri/renderD128", "/dev/nvidia0", "/dev/dxg", "amd.com/gpu=all", "nvidia.com/gpu=all"):
        assert gpu_signs({"image": "redis:7", "devices": [node]}), node


def test_a_registry_path_folder_naming_gpus_does_not_make_a_service_gpu_work():
    # fresh batch 45 zq-dosolutions-dv-rccl-amd: the results reporter beside the project's RCCL jobs
    from rocmdoctor.checks.container_config.services import gpu_signs as signs
    assert not signs({"image": "ghcr.io/do-solutions/gpu-droplet-validation/tap-reporter:latest"}, built=False)
    # the image's own name, or its organisation, still says so
    assert signs({"image": "ghcr.io/do-solutions/gpu-droplet-validation/rccl-tests-rocm:1.0"}, built=False)
    assert signs({"image": "nvcr.io/nvidia/pytorch:24.01-py3"}, built=False)
    assert signs({"image": "rocm/dev-ubuntu-22.04:6.2"}, built=False)


# A `docker run` that only asks its image something (spent fresh batch 56, cy-kkhuang build_container_rocm.sh: the
# built image's rocm-dev version and transformers commit) does no GPU work: neither /dev/kfd nor shm is asked for.
@pytest.mark.parametrize("command,gpu", [
    ("dpkg -s rocm-dev", False), ("git -C /workspace/transformers rev-parse HEAD", False),
    ("python3 -c \"import torch; print(torch.__version__)\"", False), ("pip3 show torch", False),
    ("vllm --version", False),
    ("python3 -c \"import torch; print(torch.cuda.is_available())\"", True),  # asks for the device
    ("python3 train.py", True), ("rocm-smi", True),
])
def test_a_run_that_only_asks_the_image(lint, command, gpu):
    p = lint.write("build.sh", f"#!/bin/bash\nimage=rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
                               f"docker run --rm $image {command}\n")
    assert bool(lint.flagged(lint([p], "RD-CTR-003", "mi300x8"))) is gpu


@pytest.mark.parametrize("command,gpu", [
    ("dpkg -s rocm-dev", False),
    ("echo starting && torchrun --nproc_per_node 8 train.py", True),  # more than the one question
    ("ls /data; python3 train.py", True),
    ("python3 -c 'import torch; print(torch.__version__)' && torchrun train.py", True),
    ("python3 -c 'import torch; print(torch.__version__)'", False),
])
def test_a_compose_command_that_only_asks_the_image(lint, command, gpu):
    p = lint.write("docker-compose.yml", "services:\n  train:\n    image: rocm/pytorch:latest\n"
                                         f"    entrypoint: [\"/bin/bash\", \"-c\"]\n    command: \"{command}\"\n")
    assert bool(lint.flagged(lint([p], "RD-CTR-003", "mi300x8"))) is gpu
