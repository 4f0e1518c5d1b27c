"""RD-CTR-009 (checks/container_config/layers.py): every compose service gets an image or a build
context from one of the compose files of its folder."""
import os

FRESH = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "corpus", "fresh", "artifacts")


def test_an_override_naming_services_its_base_lacks_fails_at_each_name(lint):
    # asurelia/jarvis: docker-compose.amd.yml configures `ui` and `postgres`; the base has frontend and memory-db
    fs = lint.flagged(lint([os.path.join(FRESH, "asurelia-jarvis-amd-override")], "RD-CTR-009", "rx7900xtx"))
    assert sorted(f.evidence[0].source.rsplit("/", 1)[-1] for f in fs) == ["docker-compose.amd.yml:80",
                                                                            "docker-compose.amd.yml:96"]
    assert all(f.status.value == "fail" for f in fs) and "frontend" in fs[0].detail


def test_a_layer_completing_its_base_and_a_build_without_context_are_told_apart(tmp_path, lint):
    (tmp_path / "docker-compose.yml").write_text("services:\n  app:\n    build: .\n")
    (tmp_path / "docker-compose.rocm.yml").write_text("services:\n  app:\n    devices: [/dev/kfd, /dev/dri]\n")
    assert lint.statuses(lint([tmp_path], "RD-CTR-009", "rx7900xtx")) == ["pass"]
    # antony90: the override's service has only build args, and no file gives it a context
    (tmp_path / "docker-compose.rocm.yml").write_text("services:\n  playground:\n    build:\n      args:\n"
                                                      "        BASE_IMAGE: rocm/pytorch\n")
    fs = lint.flagged(lint([tmp_path], "RD-CTR-009", "rx7900xtx"))
    assert [f.subject.rsplit(": ", 1)[-1] for f in fs] == ["playground"]


def test_a_wsl_device_mapped_on_native_linux_fails_at_its_item(lint):
    # harmony-speech-engine: docker-compose.amd.yml maps /dev/dxg; the Radeon host runs native Linux
    fs = lint.flagged(lint([os.path.join(FRESH, "harmony-speech-amd-compose-dxg")], "RD-CTR-010", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["docker-compose.amd.yml:29"]


def test_a_wsl_device_on_a_wsl_host_passes(tmp_path, lint):
    from rocmdoctor.testing import build_snapshot

    lint.need("rx7900xtx")
    import rocmdoctor

    base = os.path.join(os.path.dirname(rocmdoctor.__file__), "examples", "rx7900xtx")
    snap = build_snapshot(tmp_path / "snap", base=base, files={"/proc/version": "Linux version 6.6.87.2-microsoft-standard-WSL2\n",
                                                                "/dev/dxg": ""})
    p = lint.write("compose.yml", "services:\n  app:\n    image: rocm/pytorch:latest\n    devices: [/dev/dxg]\n")
    assert lint.statuses(lint([p], "RD-CTR-010", snapshot=snap)) == ["pass"]


# lm-webui/lm-webui (6973b6e): install.sh layers docker/docker-compose.rocm.yml on the root docker-compose.yml
# https://github.com/lm-webui/lm-webui/blob/6973b6eb8e3b8c0feee04410bbd0733c7e9c521f/install.sh
LMWEBUI_BASE = """services:
  lm-webui:
    build:
      context: .
      dockerfile: ${DOCKERFILE_PATH:-docker/Dockerfile.cuda}
    image: lm-webui:production
    ports:
      - "7070:8000"
    shm_size: "8gb"
"""
LMWEBUI_ROCM = """# ROCm variant - AMD RX 7000+ GPUs
services:
  lm-webui:
    build:
      context: ..
      dockerfile: docker/Dockerfile.rocm
    image: ghcr.io/lm-webui/lm-webui:rocm-latest
    devices:
      - "/dev/kfd:/dev/kfd"
      - "/dev/dri:/dev/dri"
"""
LMWEBUI_INSTALL = """#!/bin/bash
COMPOSE_FILES="-f docker-compose.yml"
if [ "$GPU_VARIANT" == "cuda" ]; then
    COMPOSE_FILES="$COMPOSE_FILES -f docker/docker-compose.cuda.yml"
elif [ "$GPU_VARIANT" == "rocm" ]; then
    COMPOSE_FILES="$COMPOSE_FILES -f docker/docker-compose.rocm.yml"
fi
docker compose $COMPOSE_FILES build
docker compose $COMPOSE_FILES up -d
"""


def test_a_layer_from_another_folder_is_merged_and_its_relative_context_is_the_first_files(tmp_path, lint):
    (tmp_path / "docker").mkdir()
    (tmp_path / "docker-compose.yml").write_text(LMWEBUI_BASE)
    (tmp_path / "docker" / "docker-compose.rocm.yml").write_text(LMWEBUI_ROCM)
    (tmp_path / "install.sh").write_text(LMWEBUI_INSTALL)
    # merged: the base's service gets the layer's device nodes
    assert not lint.flagged(lint([str(tmp_path)], "RD-CTR-003", "rx7900xtx"))
    fs = lint.flagged(lint([str(tmp_path)], "RD-CTR-015", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 2)[-2:] for f in fs] == [["docker", "docker-compose.rocm.yml:5"]]
    assert "`.`" in fs[0].detail  # what the author meant, from the first file's folder


def test_look_alikes_the_same_folder_or_no_script_layering_them(tmp_path, lint):
    # lm-webui's own docker/docker-compose.variants.yml header: `-f docker-compose.variants.yml -f docker-compose.rocm.yml`
    (tmp_path / "docker").mkdir()
    (tmp_path / "docker" / "docker-compose.variants.yml").write_text(LMWEBUI_BASE.replace("context: .", "context: .."))
    (tmp_path / "docker" / "docker-compose.rocm.yml").write_text(LMWEBUI_ROCM)
    (tmp_path / "up.sh").write_text("#!/bin/sh\ncd docker\ndocker compose -f docker/docker-compose.variants.yml "
                                    "-f docker/docker-compose.rocm.yml up -d\n")
    assert lint.statuses(lint([str(tmp_path)], "RD-CTR-015", "rx7900xtx")) == ["pass"]
    (tmp_path / "docker-compose.yml").write_text(LMWEBUI_BASE)  # beside, but no script layers the two
    (tmp_path / "up.sh").unlink()
    assert lint.statuses(lint([str(tmp_path)], "RD-CTR-015", "rx7900xtx")) == ["pass"]


# lucasmcoleman/meetingnotes (b63145a) docker/docker-compose.rocm.yml and docker/Dockerfile.rocm, cut:
# https://github.com/lucasmcoleman/meetingnotes/blob/b63145ad1052e36c5c6c710ce8df75204669d450/docker/docker-compose.rocm.yml
MEETING_COMPOSE = """services:
  meetingnotes-rocm:
    build:
      context: ..
      dockerfile: docker/Dockerfile.rocm
    container_name: meetingnotes-rocm
    ports:
      - "7860:7860"
    volumes:
      - .:/app
    devices:
      - "/dev/kfd:/dev/kfd"
      - "/dev/dri:/dev/dri"
"""
MEETING_DOCKERFILE = """FROM rocm/pytorch:latest
WORKDIR /app
COPY requirements.txt .
COPY . .
EXPOSE 7860
CMD ["python", "main.py"]
"""


def test_a_mount_of_another_folder_over_the_copied_application_is_flagged_at_the_mount(tmp_path, lint):
    (tmp_path / "docker").mkdir()
    (tmp_path / "docker" / "Dockerfile.rocm").write_text(MEETING_DOCKERFILE)
    (tmp_path / "docker" / "docker-compose.rocm.yml").write_text(MEETING_COMPOSE)
    fs = lint.flagged(lint([str(tmp_path / "docker")], "RD-CTR-015", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["docker-compose.rocm.yml:10"]
    assert "`..:/app`" in fs[0].detail


def test_look_alike_a_live_code_mount_of_the_build_context_itself(tmp_path, lint):
    # the same service written beside its context (context: ., `.:/app`): the mount shows the code the image copied
    (tmp_path / "docker").mkdir()
    (tmp_path / "docker" / "Dockerfile.rocm").write_text(MEETING_DOCKERFILE)
    (tmp_path / "docker-compose.yml").write_text(MEETING_COMPOSE.replace("context: ..", "context: ."))
    assert lint.statuses(lint([str(tmp_path)], "RD-CTR-015", "rx7900xtx")) == ["pass"]
    # a mount elsewhere than the WORKDIR the context is copied into
    (tmp_path / "docker" / "docker-compose.rocm.yml").write_text(MEETING_COMPOSE.replace(".:/app", "./models:/models"))
    (tmp_path / "docker-compose.yml").unlink()
    assert lint.statuses(lint([str(tmp_path / "docker")], "RD-CTR-015", "rx7900xtx")) == ["pass"]


def test_on_a_wsl_host_mapping_kfd_or_dri_it_lacks_fails(lint):
    # satouchida/ndlocr (spent fresh batch 35): `docker run --device /dev/dxg --device /dev/dri ...` on the WSL2 example,
    # whose devnodes probe has /dev/dxg and no /dev/dri: Docker refuses to start it
    p = lint.write("run_docker.sh", "#!/bin/bash\nsudo docker run --device /dev/dxg --device /dev/dri -d --rm "
                                    "--shm-size=8g rocm/pytorch:rocm6.3_ubuntu22.04_py3.10_pytorch_release_2.4.0\n")
    fs = lint.flagged(lint([p], "RD-CTR-010", "wsl2-radeon"))
    assert [f.title for f in fs] == ["docker run (line 2): maps /dev/dri, which this WSL2 host does not have"]
    # /dev/dxg is how ROCm runs under WSL2: no CTR-010, and no "/dev/kfd not passed" (RD-CTR-003 asks only for the WSL
    # driver library beside it since wave 30: checks/container_config/wsl.py)
    q = lint.write("ok.sh", "#!/bin/bash\nsudo docker run --device /dev/dxg -d --rm --shm-size=8g "
                            "rocm/pytorch:rocm6.3_ubuntu22.04_py3.10_pytorch_release_2.4.0\n")
    assert not lint.flagged(lint([q], "RD-CTR-010", "wsl2-radeon"))
    assert [("/dev/kfd" in f.title, "libdxcore" in f.title) for f in lint.flagged(lint([q], "RD-CTR-003", "wsl2-radeon"))] \
        == [(False, True)]
    # on a native host /dev/dri is the host's own: only the WSL device is wrong there
    assert [f.title for f in lint.flagged(lint([p], "RD-CTR-010", "rx7900xtx"))] == [
        "docker run (line 2): maps /dev/dxg, the GPU device of WSL2, on a native Linux host"]


def test_an_override_without_its_base_file_is_not_judged(tmp_path, lint):
    # fresh batch 217 (compose.amd.yaml / docker-compose.rocm.yml scanned without the base file that gives the images)
    (tmp_path / "compose.amd.yaml").write_text("services:\n  stt:\n    devices: [/dev/kfd, /dev/dri]\n")
    fs = lint([tmp_path], "RD-CTR-009", "rx7900xtx")
    assert lint.statuses(fs) == ["pass"] and "not judged" in fs[0].title
    # with its base beside it the names are compared again
    (tmp_path / "compose.yaml").write_text("services:\n  speech:\n    image: x:1\n")
    assert [f.subject.rsplit(": ", 1)[-1] for f in lint.flagged(lint([tmp_path], "RD-CTR-009", "rx7900xtx"))] == ["stt"]


def test_a_standalone_compose_file_missing_an_image_is_still_judged(tmp_path, lint):
    # only files named as overrides, none giving an image, are left to their base; a stack of its own is judged
    (tmp_path / "stack.yml").write_text("services:\n  ollama:\n    devices: [/dev/kfd, /dev/dri]\n")
    assert [f.subject.rsplit(": ", 1)[-1] for f in lint.flagged(lint([tmp_path], "RD-CTR-009", "rx7900xtx"))] == ["ollama"]
