"""Compose files written one per GPU vendor (readers/compose.py resolve_vendor_variants): on an AMD
machine the AMD variant is the one started, NVIDIA's is never applied, and a base image the AMD
variant swaps is not what runs."""

import os

# Mandrhax/Leksis (docker-compose.yml, docker-compose.amd.yml, docker-compose.gpu.yml at 8087714):
# https://github.com/Mandrhax/Leksis/blob/8087714bc7224f0d392df3d35f6d503a0ad79eb9/docker-compose.amd.yml
BASE = """services:
  ollama:
    image: ${OLLAMA_IMAGE:-ollama/ollama:latest}
    container_name: leksis-ollama
    restart: unless-stopped
    volumes:
      - ollama_data:/root/.ollama
volumes:
  ollama_data:
"""
AMD = """services:
  ollama:
    image: ollama/ollama:rocm
    devices:
      - /dev/kfd
      - /dev/dri
    group_add:
      - video
"""
GPU = """services:
  ollama:
    deploy:
      resources:
        reservations:
          devices:
            - driver: nvidia
              count: all
              capabilities: [gpu]
"""
# Wuodan/mindcraft-demo docker-compose.nvidia.yml (64688c6): NVIDIA's variant, named for it
NVIDIA = """services:
  ollama:
    gpus: all
    environment:
      OLLAMA_KV_CACHE_TYPE: q8_0
      NVIDIA_VISIBLE_DEVICES: all
"""


def _write(tmp_path, files: dict) -> list[str]:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return [str(tmp_path)]


def test_nvidia_override_beside_the_amd_one_is_not_applied(tmp_path, lint):
    paths = _write(tmp_path, {"docker-compose.yml": BASE, "docker-compose.amd.yml": AMD, "docker-compose.gpu.yml": GPU})
    assert not lint.flagged(lint(paths, "RD-CTR-004", "rx7900xtx"))
    assert not lint.flagged(lint(paths, "RD-CTR-003", "rx7900xtx"))
    # the base's ollama/ollama:latest (Ollama's CUDA/CPU image) is swapped by the AMD file: not what runs
    assert not [f for f in lint.flagged(lint(paths, "RD-IMG-001", "rx7900xtx")) if "ollama:latest" in f.title]


def test_a_file_named_for_nvidia_beside_the_amd_one_is_not_judged(tmp_path, lint):
    paths = _write(tmp_path, {"docker-compose.yml": BASE, "docker-compose.amd.yml": AMD,
                              "docker-compose.nvidia.yml": NVIDIA})
    assert not lint.flagged(lint(paths, "RD-CTR-004", "rx7900xtx"))


def test_look_alikes_nvidia_syntax_with_no_amd_variant_or_in_the_base_is_still_judged(tmp_path, lint):
    # without an AMD variant, the NVIDIA file is the deployment
    (tmp_path / "docker-compose.yml").write_text(BASE)
    (tmp_path / "docker-compose.nvidia.yml").write_text(NVIDIA)
    fs = lint.flagged(lint([str(tmp_path)], "RD-CTR-004", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["docker-compose.nvidia.yml:3"]
    # a reservation written in the base stays under the AMD file's merge (Compose merges mappings)
    (tmp_path / "docker-compose.nvidia.yml").unlink()
    (tmp_path / "docker-compose.yml").write_text(BASE.replace("    restart:", GPU.split("ollama:\n", 1)[1] + "    restart:"))
    (tmp_path / "docker-compose.amd.yml").write_text(AMD)
    fs = lint.flagged(lint([str(tmp_path)], "RD-CTR-004", "rx7900xtx"))
    assert len(fs) == 1 and "driver nvidia" in fs[0].title


def test_an_override_that_also_passes_the_amd_nodes_is_not_nvidia_s_variant(tmp_path):
    from rocmdoctor.artifacts.readers import read_all

    (tmp_path / "docker-compose.yml").write_text(BASE)
    (tmp_path / "docker-compose.amd.yml").write_text(AMD)
    (tmp_path / "docker-compose.gpu.yml").write_text(GPU.replace("    deploy:", "    devices: [/dev/kfd]\n    deploy:"))
    s = read_all([str(tmp_path)])
    gpu = next(a for a in s.artifacts if a.path.endswith("gpu.yml"))
    assert not gpu.data.get("vendor_variant") and gpu.values


# lucasmcoleman/meetingnotes docker/docker-compose.rocm.yml (b63145a), the GPU lines:
# https://github.com/lucasmcoleman/meetingnotes/blob/b63145ad1052e36c5c6c710ce8df75204669d450/docker/docker-compose.rocm.yml
MEETINGNOTES = """services:
  meetingnotes-rocm:
    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0
    ports:
      - "7860:7860"
    devices:
      - "/dev/kfd:/dev/kfd"
      - "/dev/dri:/dev/dri"
    group_add:
      - video
    environment:
      - PYTHONPATH=/app
      - NVIDIA_VISIBLE_DEVICES=all
"""


def test_nvidia_variables_alone_are_inert_and_are_named_beside_a_request_for_nvidia_s_runtime(lint):
    assert not lint.flagged(lint([lint.write("docker-compose.rocm.yml", MEETINGNOTES)], "RD-CTR-004", "rx7900xtx"))
    # look-alike, theroyallab/tabbyAPI docker/docker-compose.yml (e632af4): `gpus: all` with the same variable
    fs = lint.flagged(lint([lint.write("docker-compose.yml", MEETINGNOTES.replace("    devices:\n", "    gpus: all\n    devices:\n")
                                       .replace('      - "/dev/kfd:/dev/kfd"\n', ""))], "RD-CTR-004", "rx7900xtx"))
    assert len(fs) == 1 and "gpus: all" in fs[0].title and "NVIDIA_VISIBLE_DEVICES=all" in fs[0].title


# The Red Hat AI Inference Server line of the model card of RedHatAI/DeepSeek-R1-0528-quantized.w4a16
# (https://huggingface.co/RedHatAI/DeepSeek-R1-0528-quantized.w4a16): NVIDIA's CDI device, podman's --gpus
RH_PODMAN = """#!/bin/bash
podman run --rm -it --device nvidia.com/gpu=all -p 8000:8000 \\
 --ipc=host \\
--name=vllm \\
registry.access.redhat.com/rhaiis/rh-vllm-cuda \\
vllm serve --tensor-parallel-size 8
"""


def test_nvidia_s_cdi_device_is_nvidia_only_syntax_and_amd_s_is_not(lint):
    fs = lint.flagged(lint([lint.write("serve.sh", RH_PODMAN)], "RD-CTR-004", "rx7900xtx"))
    assert len(fs) == 1 and "--device nvidia.com/gpu=all" in fs[0].title
    # look-alike: AMD's CDI device (amd-ctk cdi generate) and the device nodes
    amd = RH_PODMAN.replace("nvidia.com/gpu=all", "amd.com/gpu=all")
    assert not lint.flagged(lint([lint.write("serve_amd.sh", amd)], "RD-CTR-004", "rx7900xtx"))
    nodes = RH_PODMAN.replace("--device nvidia.com/gpu=all", "--device /dev/kfd --device /dev/dri")
    assert not lint.flagged(lint([lint.write("serve_nodes.sh", nodes)], "RD-CTR-004", "rx7900xtx"))


def test_two_complete_vendor_stacks_are_alternatives_only_where_a_script_picks_one(tmp_path, lint):
    # LLaMA-Factory's docker-cuda and docker-rocm compose files (tests/data/configs, sources in tests/data/SOURCES.md)
    import shutil

    src = os.path.join(os.path.dirname(__file__), "data", "configs")
    for n in ("llamafactory_docker-cuda_docker-compose.yml", "llamafactory_docker-rocm_docker-compose.yml"):
        shutil.copy(os.path.join(src, n), tmp_path / n)
    fs = lint.flagged(lint([str(tmp_path)], "RD-CTR-003", "mi50x2-xeon"))
    assert [f.subject.split(": ")[0].rsplit("/", 1)[-1] for f in fs] == ["llamafactory_docker-cuda_docker-compose.yml"]
    # KingAkeem/personal-rag scripts/start.sh (d1f3141) picks one file per vendor, by name
    (tmp_path / "start.sh").write_text('#!/bin/bash\nif [ "$1" == "amd" ]; then\n'
                                       '    COMPOSE_FILE="llamafactory_docker-rocm_docker-compose.yml"\nelse\n'
                                       '    COMPOSE_FILE="llamafactory_docker-cuda_docker-compose.yml"\nfi\n'
                                       'docker compose -f "$COMPOSE_FILE" up -d\n')
    assert not lint.flagged(lint([str(tmp_path)], "RD-CTR-003", "mi50x2-xeon"))


TWINS = """services:
  drl-cuda:
    image: drl-cuda:latest
    ports: ["8265:8265"]
    deploy:
      resources:
        reservations:
          devices:
            - driver: nvidia
              count: all
              capabilities: [gpu]
  drl-rocm:
    image: drl-rocm:latest
    ports: ["8265:8265"]
    devices: [/dev/kfd, /dev/dri]
"""


def test_the_other_vendors_twin_that_cannot_run_beside_the_amd_one_is_not_judged(tmp_path, lint):
    # one service per vendor for one role, publishing one host port: only the AMD one is ever up on this host
    p = lint.write("docker-compose.yml", TWINS)
    assert not lint.flagged(lint([p], "RD-CTR-004", "rx7900xtx"))
    # look-alike: twins on different ports start together under a plain `docker compose up`
    lint.write("docker-compose.yml", TWINS.replace('"8265:8265"]\n    devices', '"8266:8265"]\n    devices'))
    assert [f.subject.rsplit(": ", 1)[-1] for f in lint.flagged(lint([p], "RD-CTR-004", "rx7900xtx"))] == ["drl-cuda"]
    # ... unless a script starts the AMD one by itself
    s = lint.write("run.sh", "#!/bin/bash\ncase $1 in\n  rocm) docker compose up --build drl-rocm ;;\n"
                   "  cuda) docker compose up --build drl-cuda ;;\nesac\n")
    assert not lint.flagged(lint([p, s], "RD-CTR-004", "rx7900xtx"))


def test_an_unprofiled_twin_starts_beside_a_profiled_amd_one(tmp_path, lint):
    # `docker compose --profile rocm up` starts every unprofiled service too: the CUDA one fails on this host
    p = lint.write("docker-compose.yml", TWINS.replace("  drl-rocm:\n", "  drl-rocm:\n    profiles: [rocm]\n"))
    assert [f.subject.rsplit(": ", 1)[-1] for f in lint.flagged(lint([p], "RD-CTR-004", "rx7900xtx"))] == ["drl-cuda"]


def test_services_profiled_for_another_vendor_or_the_cpu_are_not_started_with_the_amd_profile(tmp_path, lint):
    text = ("services:\n  inference-amd:\n    image: app:amd\n    profiles: [amd]\n    devices: [/dev/kfd, /dev/dri]\n"
            "  inference-intel:\n    image: app:intel\n    profiles: [intel]\n    devices: [/dev/dri]\n"
            "    command: python serve.py --device xpu\n")
    p = lint.write("docker-compose.yml", text)
    assert not lint.flagged(lint([p], "RD-CTR-003", "mi300x8"))
    # look-alike: without an AMD profile nothing says which variant this host starts
    lint.write("docker-compose.yml", text.replace("profiles: [amd]", "profiles: [gpu]"))
    assert [f.subject.rsplit(": ", 1)[-1] for f in lint.flagged(lint([p], "RD-CTR-003", "mi300x8"))] == \
        ["inference-intel"]


def test_twin_edge_cases_from_review(tmp_path, lint):
    # long-syntax ports without a published host port publish none: no clash, both start, the CUDA twin is judged
    text = ("services:\n  llm-rocm:\n    image: rocm/vllm:rocm6.2_x\n    devices: [/dev/kfd, /dev/dri]\n"
            "    ports: [{target: 8000}]\n  llm-cuda:\n    image: vllm/vllm-openai:v0.6.0\n    runtime: nvidia\n"
            "    ports: [{target: 8001}]\n")
    p = lint.write("docker-compose.yml", text)
    assert [f.subject.rsplit(": ", 1)[-1] for f in lint.flagged(lint([p], "RD-CTR-004", "rx7900xtx"))] == ["llm-cuda"]
    # `docker compose run --rm SERVICE COMMAND...` starts that one service by itself
    s = lint.write("train.sh", "#!/bin/bash\ndocker compose run --rm llm-rocm python train.py --epochs 3\n")
    assert not lint.flagged(lint([p, s], "RD-CTR-004", "rx7900xtx"))


def test_a_service_profiled_for_the_cpu_and_amd_is_still_started_with_the_amd_profile(tmp_path, lint):
    text = ("services:\n  ollama-amd:\n    image: ollama/ollama:0.5.7-rocm\n    profiles: [gpu-amd]\n"
            "    devices: [/dev/kfd, /dev/dri]\n  trainer:\n    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
            "    profiles: [cpu, gpu-amd]\n    command: torchrun --nproc_per_node 1 train.py\n")
    p = lint.write("docker-compose.yml", text)
    assert [f.subject.rsplit(": ", 1)[-1] for f in lint.flagged(lint([p], "RD-CTR-003", "rx7900xtx"))] == ["trainer"]
    # a profile that only mentions the CPU (cpu-offload) is no CPU variant
    lint.write("docker-compose.yml", text.replace("[cpu, gpu-amd]", "[cpu-offload]").replace("[gpu-amd]", "[amd]"))
    assert [f.subject.rsplit(": ", 1)[-1] for f in lint.flagged(lint([p], "RD-CTR-003", "rx7900xtx"))] == ["trainer"]
