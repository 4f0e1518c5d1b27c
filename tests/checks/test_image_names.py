"""checks/image_names.py (read by RD-IMG-001/003): third-party images named for their ROCm build float by their
tag, the set's own builds are not pulled, an Ollama CLI client is not judged by its image. Real text from the
corpus (source URL on each case) and look-alikes that must not be flagged."""
from tests.lintacc_helpers import flagged, scan, write
import pytest


@pytest.mark.parametrize("image,floats", [
    # https://github.com/AvengerMoJo/MoJoAssistant/blob/dc79358ed264c801d53c94f793b357ae99fef857/docker/docker-compose.yml:106
    ("vllm/vllm-openai-rocm:latest", True),
    # https://github.com/SelbstlauferGmbH/docling-serve-rocm/blob/358095839ed3a4816608da7c28ba0e2092bb4aa2/docs/deploy-examples/compose-amd.yaml:5
    ("ghcr.io/docling-project/docling-serve-rocm:main", True),
    # https://github.com/sebastianmuell/rocm-wyowhisper/blob/ac7b7b87088bd2dca0b5d293185848abf76b9b99/Dockerfile:7
    ("ci.example.org/git/rocm-base:latest", True),
    ("rocm-wyoming-whisper", False),            # no namespace: a local build (docker build -t), never pulled
    # https://github.com/BillyOutlast/rocm-automated/blob/a8ce0da20c7e692dc9c2841d7aff0a6c0ecb84af/docker-compose.yaml:32
    ("getterup/ollama-rocm7.1:latest", False),  # the name carries its ROCm release
    ("vllm/vllm-openai-rocm:v0.14.1", False),   # pinned
    ("someone/myrocmapp:latest", False),        # "rocm" not a word of the name
    ("someone/app-rocm-6.2.4:latest", False),   # the name carries its ROCm release
    # fresh yr-kurtapple: TheRock is AMD's ROCm build; the repository is named for it as others for "rocm"
    ("docker.io/kyuz0/vllm-therock-gfx1151:latest", True),
    ("someone/therocket:latest", False),        # "therock" not a word of the name
])
def test_a_third_party_image_named_for_rocm_floats_by_its_tag(tmp_path, image, floats):
    p = write(tmp_path, "docker-compose.yml", f"services:\n  s:\n    image: {image}\n    devices: [/dev/kfd, /dev/dri]\n")
    fs = [f for f in flagged(scan([p], "RD-IMG-003", "rx7900xtx")) if "floats" in f.title]
    assert bool(fs) is floats


def test_a_rocm_named_image_the_set_builds_itself_is_not_pulled(tmp_path):
    write(tmp_path, "Dockerfile", "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n")
    write(tmp_path, "docker-compose.yml", "services:\n  app:\n    build: .\n    image: comfyui-rocm:latest\n"
          "  worker:\n    image: comfyui-rocm:latest\n    devices: [/dev/kfd, /dev/dri]\n")
    assert not [f for f in flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx")) if "floats" in f.title]


def test_a_rocm_named_image_a_script_of_the_set_builds_is_not_pulled(tmp_path):
    # fresh flowpoint-secora-docker: dbuild.sh `docker build --tag flowpoint/rocm_autotrain:0.0.1`, drun.sh runs it
    run = write(tmp_path, "drun.sh", "#!/bin/bash\nsudo docker run -it --device=/dev/kfd --device=/dev/dri \\\n"
                "    flowpoint/rocm_autotrain /bin/bash\n")
    assert [f for f in flagged(scan([run], "RD-IMG-003", "rx7900xtx")) if "floats" in f.title]  # pulled: floats
    write(tmp_path, "dbuild.sh", "sudo docker build --label rocm_autotrain --rm  --tag flowpoint/rocm_autotrain:0.0.1 "
          "-f environments/docker/Dockerfile .\n")
    assert not [f for f in flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx")) if "floats" in f.title]


def test_an_ollama_without_rocm_service_is_not_judged_by_its_image(tmp_path):
    # https://github.com/FunCyRanger/AI4All/blob/3faedbb7f7c5c58966a53882c3ccfcf20a590be0/docker-compose.yml:77-88
    client = ("services:\n  model-init:\n    image: ollama/ollama:latest\n    entrypoint: >\n      sh -c \"\n"
              "        ollama pull llama3\n      \"\n    environment:\n      - OLLAMA_HOST={host}\n")
    p = write(tmp_path, "docker-compose.yml", client.format(host="http://ollama:11434"))
    assert flagged(scan([p], "RD-IMG-001", "rx7900xtx")) == []
    # a server binds every address: it runs the models, on the CUDA/CPU build
    p = write(tmp_path, "docker-compose.yml", client.format(host="0.0.0.0"))
    assert flagged(scan([p], "RD-IMG-001", "rx7900xtx"))


def test_a_rocm_named_image_a_dockerfile_of_the_set_is_named_for_is_its_own_build(tmp_path):
    # https://github.com/silogen/llm-finetuning/blob/5669289ff98a707638f40fa43cee6c607510d55a/docker/
    # rocm-silogen-finetuning-worker.Dockerfile:1 starts FROM the image
    # docker/rocm-silogen-finetuning-base.Dockerfile makes, which the repository builds and pushes itself)
    worker = write(tmp_path, "docker/rocm-silogen-finetuning-worker.Dockerfile",
                   "FROM ghcr.io/silogen/rocm-silogen-finetuning-base:main\nRUN echo hi\n")
    assert [f for f in flagged(scan([worker], "RD-IMG-003", "mi300x8")) if "floats" in f.title]
    write(tmp_path, "docker/rocm-silogen-finetuning-base.Dockerfile",
          "FROM rocm/vllm:rocm6.3.1_vllm_0.8.5_20250513\nRUN echo hi\n")
    assert not [f for f in flagged(scan([str(tmp_path)], "RD-IMG-003", "mi300x8")) if "floats" in f.title]


def test_an_ollama_server_is_judged_by_its_own_environment_not_its_neighbours(tmp_path):
    # apps that reach Ollama at http://ollama:11434 above and below the server, whose image line ends its service;
    # the server (no OLLAMA_HOST, an empty environment key) runs the models and is judged
    app = "  {name}:\n    image: ghcr.io/example/{name}:1.0\n    environment:\n      - OLLAMA_HOST=http://ollama:11434\n"
    text = ("services:\n" + app.format(name="chat") + "  ollama:\n    environment:\n    image: ollama/ollama:latest\n"
            + app.format(name="rag"))
    p = write(tmp_path, "docker-compose.yml", text)
    [f] = flagged(scan([p], "RD-IMG-001", "rx7900xtx"))
    assert f.evidence[0].source == p + ":8"


def test_a_client_in_one_compose_file_is_not_judged_by_a_server_in_another(tmp_path):
    server = write(tmp_path, "a/docker-compose.yml", "services:\n  llm:\n    image: ollama/ollama:latest\n"
                   "    environment:\n      - OLLAMA_HOST=0.0.0.0\n")
    client = write(tmp_path, "b/docker-compose.yml", "services:\n  init:\n    image: ollama/ollama:latest\n"
                   "    environment:\n      - OLLAMA_HOST=http://ollama:11434\n")
    assert [f.evidence[0].source for f in flagged(scan([server, client], "RD-IMG-001", "rx7900xtx"))] == [server + ":3"]


RUN_ROCM_APP = "#!/bin/bash\ndocker run -it --device=/dev/kfd --device=/dev/dri {image} /bin/bash\n"


@pytest.mark.parametrize("build,own", [
    # fresh greentortoises-antcolony-rocm57-image run_rocm.sh: `docker buildx build . -f ./Dockerfile.rocm -t "..."`
    ('docker buildx build . -f ./Dockerfile.rocm -t "acme/app-rocm"\n', True),
    # fresh electroiscoding-reasonborn-mi300x-docker boot_rocm.sh: the tag set once in a variable
    ('IMAGE_NAME="acme/app-rocm"\ndocker build -t "$IMAGE_NAME" .\n', True),
    ("docker build -t docker.io/acme/app-rocm:dev .\n", True),  # Docker Hub spelled out: the same repository
    ("# docker build -t acme/app-rocm .\n", False),  # a comment builds nothing
    ('echo "usage: docker build -t acme/app-rocm ."\n', False),  # nor a usage message
])
def test_an_image_is_the_sets_own_when_a_command_of_a_script_builds_it(tmp_path, build, own):
    # the settings model's answer (settings.built_images, from the shell reader's commands), not a text search
    write(tmp_path, "build.sh", "#!/bin/bash\n" + build)
    write(tmp_path, "run.sh", RUN_ROCM_APP.format(image="acme/app-rocm"))
    floats = [f for f in flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx")) if "floats" in f.title]
    assert bool(floats) is not own


def test_a_dockerfile_named_for_the_image_it_starts_from_does_not_make_that_image(tmp_path):
    # vllm-openai-rocm.Dockerfile adds to vllm/vllm-openai-rocm:latest, which is pulled (and floats)
    write(tmp_path, "vllm-openai-rocm.Dockerfile", "FROM vllm/vllm-openai-rocm:latest\nRUN pip install x\n")
    assert [f for f in flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx")) if "floats" in f.title]


# fresh batch 254 (coleam00/local-ai-packaged docker-compose.yml): the Ollama image of an `x-ollama` anchor that only the
# cpu- and gpu-nvidia-profiled services use, beside ollama-gpu-amd (profile gpu-amd, ollama/ollama:rocm, /dev/kfd)
_PROFILED = """x-ollama: &service-ollama
  image: ollama/ollama:latest
  container_name: ollama
services:
  ollama-cpu:
    profiles: ["cpu"]
    <<: *service-ollama
  ollama-gpu:
    profiles: ["gpu-nvidia"]
    <<: *service-ollama
    deploy:
      resources:
        reservations:
          devices:
            - driver: nvidia
              count: all
              capabilities: [gpu]
  ollama-gpu-amd:
    profiles: ["gpu-amd"]
    <<: *service-ollama
    image: ollama/ollama:rocm
    devices:
      - "/dev/kfd"
      - "/dev/dri"
"""


def test_an_image_only_other_vendors_profiles_run_is_not_judged_beside_an_amd_profile(tmp_path):
    p = write(tmp_path, "docker-compose.yml", _PROFILED)
    assert flagged(scan([p], "RD-IMG-001", "rx7900xtx")) == []
    # without the AMD variant the CUDA/CPU image is what runs on this machine; an unprofiled service using it is judged
    alone = _PROFILED.split("  ollama-gpu-amd:")[0]
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in flagged(scan([write(tmp_path, "a/docker-compose.yml", alone)],
                                                                          "RD-IMG-001", "rx7900xtx"))] == ["2"]
    both = _PROFILED.replace('  ollama-cpu:\n    profiles: ["cpu"]\n', "  ollama-cpu:\n")
    assert len(flagged(scan([write(tmp_path, "b/docker-compose.yml", both)], "RD-IMG-001", "rx7900xtx"))) == 1


def test_a_service_profiled_for_amd_as_well_is_judged(tmp_path):
    # `profiles: [gpu-amd, gpu-nvidia]`: `--profile gpu-amd` starts it, so its image is this machine's
    both = _PROFILED.replace('    profiles: ["gpu-nvidia"]\n    <<: *service-ollama\n    deploy:',
                             '    profiles: ["gpu-amd", "gpu-nvidia"]\n    <<: *service-ollama\n    deploy:')
    p = write(tmp_path, "docker-compose.yml", both)
    assert len(flagged(scan([p], "RD-IMG-001", "rx7900xtx"))) == 1
