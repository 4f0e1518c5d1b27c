"""RD-CTR-011/012 (checks/container_config/values.py) and RD-CTR-010's DRM nodes: compose files as compose
reads them, and device nodes the host lacks."""

# https://github.com/Mrbokri/gamelife/blob/35e6976797eb3d08ac8824d19f063ba4fb77a737/docker-compose.yml (excerpt)
COLUMN_ZERO = """version: '3'

services:
stablediff-rocm:
    build:
      context: .
    environment:
      HSA_OVERRIDE_GFX_VERSION: "10.3.0"
    devices:
      - "/dev/kfd:/dev/kfd"
      - "/dev/dri:/dev/dri"
    ipc: host
"""


def test_a_service_at_column_zero_fails_and_is_still_read(lint):
    p = lint.write("docker-compose.yml", COLUMN_ZERO)
    fs = lint.flagged(lint([p], "RD-CTR-011", "rx7900xtx"))
    assert [f.status.value for f in fs] == ["fail"] and fs[0].evidence[0].source.endswith(":4")
    # what it sets is judged as the author meant it (the override crosses generations on gfx1100)
    assert lint.flagged(lint([p], "RD-ENV-001", "rx7900xtx"))
    # look-alikes: the same file indented, and x-* extension blocks and top-level networks/volumes
    ok_ = COLUMN_ZERO.replace("stablediff-rocm:\n", "  stablediff-rocm:\n").replace("\n    ", "\n      ")
    ok_ += "x-common: &c\n  image: rocm/pytorch\n  restart: always\nvolumes:\n  data:\n"
    assert not lint.flagged(lint([lint.write("docker-compose.yml", ok_)], "RD-CTR-011", "rx7900xtx"))


# https://github.com/billyoutlast (docker-compose.yaml of a ROCm 7.1 stack; fresh billyoutlast-rocm71-compose-stack)
QUOTED = """services:
  comfyui:
    image: getterup/comfyui-rocm7.1:latest
    devices: [/dev/kfd, /dev/dri]
    environment:
      - TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS="CK,TRITON,ROCBLAS"
      - FLASH_ATTENTION_TRITON_AMD_ENABLE="TRUE"
      - OLLAMA_ORIGINS="*"
      - "HIP_VISIBLE_DEVICES=0"
  ollama:
    image: ollama/ollama:rocm
    devices: [/dev/kfd, /dev/dri]
    environment:
      OLLAMA_LIBRARY_PATH: "'/usr/lib/ollama/rocm_v7'"
      HSA_OVERRIDE_GFX_VERSION: "11.0.0"
"""


def test_quotes_that_reach_the_container_are_flagged_per_item(lint):
    fs = lint.flagged(lint([lint.write("compose.yaml", QUOTED)], "RD-CTR-012", "rx7900xtx"))
    lines = sorted(int(e.source.rsplit(":", 1)[1]) for f in fs for e in f.evidence)
    # list items 6 and 7 and the map value 14; not OLLAMA_ORIGINS (Ollama trims quotes), not the wholly
    # quoted item 9 (YAML removes those quotes), not the map value 15 (YAML's own quotes)
    assert lines == [6, 7, 14] and all(f.status.value == "warn" for f in fs)


def test_a_drm_node_the_host_lacks_fails_at_its_item(lint):
    # fresh sebastianmuell-wyowhisper: /dev/dri/card10 on a one-GPU desktop whose nodes are card1 and renderD128
    c = lint.write("compose.yaml", "services:\n  asr:\n    image: rocm/pytorch:latest\n    devices:\n      - /dev/kfd\n"
                   "      - /dev/dri/card10\n      - /dev/dri/renderD128\n")
    fs = lint.flagged(lint([c], "RD-CTR-010", "rx7900xtx"))
    assert len(fs) == 1 and fs[0].evidence[0].source.endswith(":6") and "card10" in fs[0].title
    c = lint.write("compose.yaml", "services:\n  asr:\n    image: rocm/pytorch:latest\n    devices:\n      - /dev/kfd\n"
                   "      - /dev/dri/card1\n      - /dev/dri/renderD128\n")
    assert not lint.flagged(lint([c], "RD-CTR-010", "rx7900xtx"))


def test_a_visible_devices_value_in_quotes_is_left_to_the_visible_devices_rule(lint):
    # fresh lapy-llamacppstudio: `- CUDA_VISIBLE_DEVICES=""` hides the GPU; RD-ENV-003 reports that line
    c = lint.write("compose.yaml", "services:\n  app:\n    image: rocm/pytorch:latest\n    devices: [/dev/kfd]\n"
                   "    environment:\n      - CUDA_VISIBLE_DEVICES=\"\"\n")
    assert not lint.flagged(lint([c], "RD-CTR-012", "rx7900xtx"))


def test_image_references_follow_dockers_grammar():
    from rocmdoctor.checks.container_config.values import reference_error

    # fresh sebastianmuell-wyowhisper: a GitLab CI variable written without its $
    assert "CI_REGISTRY" in reference_error("CI_REGISTRY/git/wyowhisper-rocm:latest")
    assert reference_error("MyOrg/app:1") and reference_error("rocm/pytorch:bad tag")
    for fine in ("rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0", "ollama/ollama", "python:3.12-slim",
                 "ghcr.io/ggml-org/llama.cpp:server-rocm", "Registry.Example.com:5000/team/app:v1", "localhost/app",
                 "lmsysorg/sglang:v0.5.15.post1-rocm720-mi30x", "my_app__x:dev",
                 "rocm/vllm@sha256:" + "a" * 64):
        assert reference_error(fine) is None, fine


def test_a_compose_image_docker_refuses_fails_and_a_variable_is_left_alone(lint):
    # (and a placeholder the reader fills in, as a RayJob sample writes it: fresh batch 156, crusoecloud)
    c = lint.write("compose.yaml", "services:\n  asr:\n    image: CI_REGISTRY/git/wyowhisper-rocm:latest\n"
                   "  job:\n    image: ${IMAGE}\n  ray:\n    image: <tag of the image that you built and pushed>\n")
    fs = lint.flagged(lint([c], "RD-CTR-014", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in fs] == ["3"]


def test_a_key_written_twice_in_a_mapping_makes_compose_refuse_the_file(lint):
    # fedora-copr/logdetective-website#26: "line 19: mapping key "environment" already defined at line 9"
    # (Compose's YAML parser; PyYAML keeps the last one silently)
    text = ("services:\n  app:\n    image: rocm/pytorch:latest\n    devices: [/dev/kfd, /dev/dri]\n"
            "    environment:\n      - HIP_VISIBLE_DEVICES=0\n    ports:\n      - \"8080:8080\"\n"
            "    environment:\n      - HSA_ENABLE_SDMA=1\n")
    fs = lint.flagged(lint([lint.write("docker-compose.yml", text)], "RD-CTR-011", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit(":", 1)[-1] for f in fs] == ["9"] and "lines 5 and 9" in fs[0].title


def test_look_alike_a_merge_key_overridden_is_not_a_repeat(lint):
    # fresh fryinggorilla-cfgraph (FryingGorilla/cf-graph-ml docker-compose.yaml at c0f4070): `<<: *base`, then its own build:
    text = ("services:\n  app-cpu: &base\n    build:\n      context: .\n      dockerfile: Dockerfile\n"
            "    environment:\n      - HF_TOKEN=${HF_TOKEN:-}\n\n  app-rocm:\n    <<: *base\n    build:\n"
            "      context: .\n      dockerfile: Dockerfile.rocm\n    devices:\n      - /dev/kfd\n      - /dev/dri\n")
    assert not lint.flagged(lint([lint.write("docker-compose.yaml", text)], "RD-CTR-011", "rx7900xtx"))
    # the same key under two services, and shm_size under build.args beside the service's own
    text = ("services:\n  a:\n    image: x\n    shm_size: 8g\n    build:\n      args:\n        shm_size: 1\n"
            "  b:\n    image: y\n    shm_size: 8g\n")
    assert not lint.flagged(lint([lint.write("compose.yaml", text)], "RD-CTR-011", "rx7900xtx"))


def test_the_command_an_image_runs_is_its_last_cmd_not_a_healthchecks():
    # fresh batch 46 zu-hkevin01-rocmpatch-rdna1-compose (Dockerfile): HEALTHCHECK's `CMD rocminfo` on a line of its
    # own, then `CMD ["/bin/bash"]`: the image runs a shell (a session, judged for /dev/shm as one)
    from rocmdoctor.artifacts.readers import dockerfile
    from rocmdoctor.checks.container_config.values import image_command

    def ran(text):
        entry, cmd = image_command(dockerfile.read("Dockerfile", text))
        return entry.get("run", ""), cmd.get("run", ""), entry.get("exec")
    text = ('FROM rocm/pytorch:latest\nHEALTHCHECK --interval=30s --timeout=10s \\\n    CMD rocminfo || exit 1\n'
            'CMD ["/bin/bash"]\n')
    assert ran(text) == ("", "/bin/bash", None)
    assert ran('FROM x\nENTRYPOINT ["python"]\nCMD ["a.py"]\nCMD ["serve.py"]\n') == ("python", "serve.py", True)
    assert ran("FROM x\nENTRYPOINT python serve.py\n") == ("python serve.py", "", False)  # the shell form
    assert ran("FROM x\nRUN echo CMD\n") == ("", "", None)
    # a final stage that writes none keeps what an earlier stage wrote (as the file's last CMD)
    assert ran('FROM x AS a\nCMD ["serve"]\nFROM a\nRUN echo\n') == ("", "serve", None)


# ------------------------------------------------------------------ RD-CTR-016: the Compose specification's schema
SPEC_OK = """services:
  app:
    image: rocm/pytorch:latest
    <<: &x {}
    x-note: anything
    build:
      context: .
      args: [A=1]
      x-cache: on
    ipc: host
    gpus: all
    shm_size: 8g
    devices: [/dev/kfd, /dev/dri]
    environment: {A: "1"}
    command: python train.py
    deploy:
      resources:
        limits: {memory: 32g}
    volumes:
      - ./data:/data
      - models:/models:ro
      - /cache
      - C:\\\\data:/win
      - C:\\\\data:C:\\\\data
      - ${HOME}:${HOME}
    depends_on: [db]
    restart: unless-stopped
  db.v2_x-1:
    image: postgres
    environment:
"""


def test_what_the_specification_allows_passes(lint):
    p = lint.write("docker-compose.yml", SPEC_OK)
    assert not lint.flagged(lint([p], "RD-CTR-016", "mi300x8"))


def _refused(lint, text):
    p = lint.write("docker-compose.yml", text)
    return [(f.evidence[0].source.rsplit(":", 1)[1], f.title) for f in lint.flagged(lint([p], "RD-CTR-016", "mi300x8"))]


def test_keys_the_specification_lacks(lint):
    got = _refused(lint, "services:\n  app:\n    image: x\n    resources:\n      limits: {memory: 8g}\n"
                         "    net: host\n    enviroment: {A: 1}\n    name: app\n    build:\n      contxt: .\n")
    assert [ln for ln, _ in got] == ["4", "6", "7", "8", "10"]
    titles = " | ".join(t for _, t in got)
    assert "under `deploy:`" in titles and "network_mode" in titles and "`environment`?" in titles
    assert "`build.contxt` is no build key" in titles


def test_value_shapes_names_and_volume_paths(lint):
    got = _refused(lint, "services:\n  my app:\n    image: x\n    ipc:\n      - host\n    ports: \"80:80\"\n"
                         "    deploy: yes\n    volumes:\n      - ./out:outputs/\n      - data:/data\n      - rel\n")
    assert [ln for ln, _ in got] == ["2", "4", "6", "7", "9", "11"]
    assert "`ipc` must be a string or number, not a list" in got[1][1] and "`ports` must be a list" in got[2][1]


def test_real_sets_compose_spec():
    import os

    from tests.lintacc_helpers import flagged, scan

    fresh = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "corpus", "fresh", "artifacts")
    for folder, machine, lines in (("zk-beecave-whisper-rocm", "rx7900xtx", ["32", "33", "34"]),
                                   ("ys-mothmanmk-comfyui-rocm55", "rx7900xtx", ["41"]),
                                   ("vm-nzgnzg73-tts-compose-rocm", "rx7900xtx", ["4"]),
                                   # a `services:` nested in a service: RD-CTR-009's, not a second finding
                                   ("sb-artubric-iopaint-rdna2-compose", "rx7900xtx", [])):
        fs = flagged(scan([os.path.join(fresh, folder)], "RD-CTR-016", machine))
        assert [f.evidence[0].source.rsplit(":", 1)[1] for f in fs] == lines, folder
