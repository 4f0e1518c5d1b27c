"""RD-CTR-006 (checks/container_config/groups.py): a container reaches /dev/kfd and /dev/dri
through the groups it runs with, judged against the host's owners of the device nodes."""
import os

import pytest

from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import corpus, flagged, scan, write

DATA = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "data")
SEEDS = os.path.join(DATA, "seeds")
CONFIGS = os.path.join(DATA, "configs")


COMPOSE_USER = """services:
  train:
    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0
    user: "1000:1000"
    devices: [/dev/kfd, /dev/dri]
    ipc: host
    group_add: [{groups}]
"""

GETENT_RUN = ("#!/bin/bash\ndocker run -it --device=/dev/kfd --device=/dev/dri \\\n"
              "  --group-add $(getent group render | cut -d':' -f 3) -u 1000 \\\n  rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n")


def test_group_add_render_by_name_passes_in_a_rocm_image_and_warns_in_a_plain_one(lint, tmp_path):
    # the seed's service runs rocm/pytorch:rocm7.1_...: AMD's ROCm images define render (GID 109, ROCm-docker#90),
    # as the fresh labels of vllm-openai-rocm, sglang -rocm720 and a CI's rocm-base images judge too
    assert lint.statuses(lint([os.path.join(SEEDS, "docker-compose.yml")], "RD-CTR-006")) == ["pass"]
    # Ollama's ROCm image is a plain Ubuntu with its ROCm libraries copied in: no render group (fresh moriarty)
    text = open(os.path.join(SEEDS, "docker-compose.yml")).read().replace(
        "rocm/pytorch:rocm7.1_ubuntu22.04_py3.10_pytorch_release_2.8.0", "ollama/ollama:rocm")
    p = tmp_path / "docker-compose.yml"
    p.write_text(text)
    fs = lint([str(p)], "RD-CTR-006")
    assert lint.statuses(fs) == ["warn"] and "render" in fs[0].title
    # the list item that names the group (line 13, "- render"), not the group_add key above it
    assert fs[0].evidence[0].source.endswith("docker-compose.yml:13") and fs[0].evidence[0].text == "- render"


def test_a_group_given_through_a_variable_is_the_deployments_to_set(lint, tmp_path):
    # fresh derberliner-selfhosted-ollama: "${RENDER_GID:-render}" is set by the .env its install script writes
    c = lint.write("compose.yaml", "services:\n  ollama:\n    image: ollama/ollama:rocm\n    devices: [/dev/kfd, /dev/dri]\n"
                   "    group_add:\n      - \"${VIDEO_GID:-44}\"\n      - \"${RENDER_GID:-render}\"\n")
    assert lint.statuses(lint([c], "RD-CTR-006", "rx7900xtx")) == ["pass"]
    c = lint.write("compose.yaml", "services:\n  ollama:\n    image: ollama/ollama:rocm\n    devices: [/dev/kfd, /dev/dri]\n"
                   "    group_add:\n      - render\n")
    assert lint.statuses(lint([c], "RD-CTR-006", "rx7900xtx")) == ["warn"]


def test_groups_do_not_matter_where_only_nvidia_gpus_are_asked_for(lint):
    # fresh iucario (docker run --gpus=all, USER user in a CUDA image), tylrdn (a pod asking nvidia.com/gpu)
    d = lint.write("Dockerfile", "FROM nvidia/cuda:12.1.1-devel-ubuntu22.04\nRUN useradd -m user\nUSER user\n")
    r = lint.write("run.sh", "docker run --rm -it --gpus=all --shm-size=16gb my/dev:latest python3 train.py\n")
    assert lint.statuses(lint([d, r], "RD-CTR-006", "rx7900xtx")) == ["pass"]
    r = lint.write("run.sh", "docker run --rm -it --device /dev/kfd --device /dev/dri my/dev:latest python3 train.py\n")
    assert lint.statuses(lint([d, r], "RD-CTR-006", "rx7900xtx")) == ["fail"]


def test_group_created_by_the_dockerfile_passes(tmp_path, lint):
    d = lint.write("Dockerfile", "FROM rocm/pytorch:rocm6.3_ubuntu22.04_py3.10_pytorch_release_2.4.0\n"
                   "RUN groupadd -g 110 render\n")
    c = lint.write("compose.yaml", "services:\n  t:\n    build: .\n    group_add: [video, render]\n")
    assert lint.statuses(lint([d, c], "RD-CTR-006")) == ["pass"]


@pytest.mark.parametrize("groups, example, bad", [
    ("video", "rx7900xtx", True),    # host's kfd is render (992); video is 44 in the image
    ('"992"', "rx7900xtx", False),   # the host's GID by number
    ("video", "dcu-slurm", True),    # this DCU host's video is GID 39; the image's video is 44
])
def test_non_root_user_needs_the_hosts_gid_of_dev_kfd(tmp_path, groups, example, bad, lint):
    path = lint.write("docker-compose.yml", COMPOSE_USER.format(groups=groups))
    fs = lint.flagged(lint([path], "RD-CTR-006", example))
    assert bool(fs) == bad
    if bad:
        assert ("992" in fs[0].title and "render" in fs[0].title) if example == "rx7900xtx" else "39" in fs[0].title


def test_root_container_with_group_add_by_variable_is_fine(tmp_path, lint):
    path = lint.write("docker-compose.yml", COMPOSE_USER.replace('    user: "1000:1000"\n', "").format(
        groups='"${VIDEO_GID:-44}", "${RENDER_GID:-109}"'))
    assert lint.flagged(lint([path], "RD-CTR-006", "rx7900xtx")) == []


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


def test_group_add_from_getent_is_the_hosts_gid_not_an_image_group_name(tmp_path):
    p = write(tmp_path, "run.sh", GETENT_RUN)
    assert flagged(scan([p], "RD-CTR-006", "rx7900xtx")) == []
    # the same user with a group the host does not give /dev/kfd to is still flagged
    q = write(tmp_path, "run2.sh", GETENT_RUN.replace("group render", "group audio"))
    assert flagged(scan([q], "RD-CTR-006", "rx7900xtx"))


def test_group_add_variable_set_at_start_is_not_judged_as_a_name(tmp_path):
    d = tmp_path / "p"
    write(d, "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2.4\nRUN useradd -m ai && usermod -aG render ai\nUSER ai\n")
    write(d, "docker-compose.yml", "services:\n  app:\n    build: .\n    devices: [/dev/kfd, /dev/dri]\n"
                                   "    group_add:\n      - $RENDER_ID\n")
    assert flagged(scan([str(d)], "RD-CTR-006", "rx7900xtx")) == []


def test_user_from_a_build_arg_is_the_user_the_image_runs_as(tmp_path):
    d = tmp_path / "p"
    write(d, "Dockerfile", "FROM ubuntu:24.04\nARG USERNAME=user\nRUN useradd -m $USERNAME\nUSER $USERNAME\n")
    write(d, "docker-compose.yml", "services:\n  rocm:\n    build: .\n    devices: [/dev/kfd, /dev/dri]\n"
                                   "    group_add: [video]\n")
    fs = flagged(scan([str(d)], "RD-CTR-006", "rx7900xtx"))
    assert fs and "user user" in fs[0].title
    assert read_one(str(d / "Dockerfile")).data["user"] == "user"


def test_real_template_compose_with_arg_user():
    fs = flagged(scan([corpus("sremes-rocm-docker-gfx1101")], "RD-CTR-006", "rx7900xtx"))
    assert fs and any(e.source.endswith("docker-compose.yml.template:25") for f in fs for e in f.evidence)


def test_privileged_does_not_give_a_non_root_user_the_device_group(tmp_path):
    # https://github.com/huseyincavusbi/CoTLab/blob/4d609ce3ec38cc9b88b8ce28b50bd3a88d9da3a2/docker-compose.rocm.yml:13: uid 1000,
    # privileged, group_add 44 and 993 while the host's render is 992: /dev/kfd stays closed to that user
    priv = COMPOSE_USER.replace("    ipc: host\n", "    ipc: host\n    privileged: true\n")
    p = write(tmp_path, "docker-compose.yml", priv.format(groups='"44", "993"'))
    assert flagged(scan([p], "RD-CTR-006", "rx7900xtx"))
    p = write(tmp_path, "docker-compose.yml", priv.replace('    user: "1000:1000"\n', "").format(groups='"44"'))
    assert flagged(scan([p], "RD-CTR-006", "rx7900xtx")) == []  # root opens the nodes anyway


def test_a_service_without_gpu_device_nodes_is_not_judged_for_its_users_groups(lint, tmp_path):
    # antony90/asurelia: a redis or web service running as 1000:1000 beside the GPU service opens no /dev/kfd
    p = lint.write("docker-compose.yml", "services:\n  redis:\n    image: redis:7\n    user: \"999:999\"\n"
                   "  train:\n    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
                   "    user: \"1000:1000\"\n    devices: [/dev/kfd, /dev/dri]\n    ipc: host\n")
    fs = lint([p], "RD-CTR-006", example="rx7900xtx")
    flagged = lint.flagged(fs)
    assert [f.title.split(":")[0] for f in flagged] == ["train"]


def test_a_pods_supplemental_groups_are_cited_where_they_are_written(lint):
    # olafkfreund/sow (k8s-pod-amd.yaml): pod-level runAsUser 1000 and supplementalGroups [44, 109], above the
    # container; on the Radeon host /dev/kfd belongs to render 992
    k = lint.write("pod.yaml", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: ollama\nspec:\n  securityContext:\n"
                   "    runAsUser: 1000\n    supplementalGroups: [44, 109]\n  containers:\n  - name: ollama\n"
                   "    image: ollama-amd:latest\n    resources:\n      limits:\n        amd.com/gpu: 1\n")
    fs = lint.flagged(lint([k], "RD-CTR-006", "rx7900xtx"))
    assert [f.status.value for f in fs] == ["fail"]
    assert {e.source.rsplit(":", 1)[-1] for e in fs[0].evidence if e.source.startswith(k)} == {"7", "8"}


def test_a_locally_tagged_image_is_judged_by_the_dockerfile_not_its_name(lint):
    # fresh gektorix-vocab-nlp: image vocabulary-python-runtime-rocm:local is built FROM python:3.12-slim (no render)
    d = lint.write("Dockerfile", "FROM python:3.12-slim\nRUN pip install torch\n")
    c = lint.write("compose.yaml", "services:\n  nlp:\n    image: vocabulary-python-runtime-rocm:local\n"
                   "    devices: [/dev/kfd, /dev/dri]\n    group_add: [video, render]\n")
    assert lint.statuses(lint([d, c], "RD-CTR-006", "rx7900xtx")) == ["warn"]
    # a service that builds FROM vllm/vllm-openai-rocm (fresh curtwortman): AMD's ROCm base defines render
    d = lint.write("Dockerfile", "FROM vllm/vllm-openai-rocm:v0.20.0\n")
    c = lint.write("compose.yaml", "services:\n  vllm:\n    build:\n      context: .\n      dockerfile: Dockerfile\n"
                   "    image: custom/vllm-omni-rocm:latest\n    devices: [/dev/kfd, /dev/dri]\n    group_add: [video, render]\n")
    assert lint.statuses(lint([d, c], "RD-CTR-006", "rx7900xtx")) == ["pass"]


# AvengerMoJo/MoJoAssistant docker/docker-compose.yml and docker/Dockerfile.rocm (dc79358), cut to the two GPU services:
# https://github.com/AvengerMoJo/MoJoAssistant/blob/dc79358ed264c801d53c94f793b357ae99fef857/docker/docker-compose.yml
MOJO_COMPOSE = """services:
  mojoassistant-rocm:
    build:
      context: ..
      dockerfile: docker/Dockerfile.rocm
    image: mojoassistant:rocm
    devices:
      - /dev/kfd:/dev/kfd
      - /dev/dri/renderD128:/dev/dri/renderD128
    group_add:
      - {group}
      - video
  vllm-rocm:
    image: vllm/vllm-openai-rocm:latest
    devices:
      - /dev/kfd:/dev/kfd
      - /dev/dri/renderD128:/dev/dri/renderD128
    group_add:
      - {group}
      - video
"""
MOJO_DOCKERFILE = """FROM python:3.12-slim
RUN useradd -m -u 1000 -s /bin/bash mojo
USER mojo
CMD ["python", "unified_mcp_server.py", "--mode", "http", "--port", "8000"]
"""


def test_a_dockerfile_user_is_the_user_of_the_service_that_builds_it_only(lint, tmp_path):
    (tmp_path / "docker").mkdir()
    (tmp_path / "docker" / "Dockerfile.rocm").write_text(MOJO_DOCKERFILE)
    (tmp_path / "docker" / "docker-compose.yml").write_text(MOJO_COMPOSE.format(group="\"992\""))
    fs = lint.flagged(lint([str(tmp_path / "docker")], "RD-CTR-006", "rx7900xtx"))
    # the host's render GID 992 by number: mojo holds it; vLLM's own image runs as root: nothing to flag
    assert fs == []
    # by name on a Debian slim image: only the service that builds it is told (vllm-rocm's ROCm image has render)
    (tmp_path / "docker" / "docker-compose.yml").write_text(MOJO_COMPOSE.format(group="render"))
    fs = lint.flagged(lint([str(tmp_path / "docker")], "RD-CTR-006", "rx7900xtx"))
    assert [f.subject.rsplit(": ", 1)[-1] for f in fs] == ["mojoassistant-rocm"]
    # look-alike: no group at all; the built service's user mojo cannot open /dev/kfd, the pulled one runs as root
    (tmp_path / "docker" / "docker-compose.yml").write_text(MOJO_COMPOSE.format(group="video"))
    fs = lint.flagged(lint([str(tmp_path / "docker")], "RD-CTR-006", "rx7900xtx"))
    assert [f.subject.rsplit(": ", 1)[-1] for f in fs] == ["mojoassistant-rocm"] and "user mojo" in fs[0].title


# ArnoJoosen/docker_AI_workspace (b8b62f2): the container starts supervisord as root; JupyterLab runs as the user
# https://github.com/ArnoJoosen/docker_AI_workspace/blob/b8b62f2ab6468c7fe47a61e18b89e7669caaf027/docker/supervisord.conf
SUPERVISOR_DOCKERFILE = """FROM rocm/dev-ubuntu-22.04
ARG USERNAME=user
RUN apt-get update && apt-get install -y supervisor
RUN useradd -m -u 1000 -g 1000 -s /bin/bash -G sudo ${USERNAME}
COPY docker/supervisord.conf /etc/supervisor/conf.d/supervisord.conf
ENV ENV_USERNAME=${USERNAME}
CMD ["/usr/bin/supervisord", "-c", "/etc/supervisor/conf.d/supervisord.conf"]
"""
SUPERVISOR_CONF = """[supervisord]
nodaemon=true
user=root

[program:jupyterlab]
command=/home/%(ENV_USERNAME)s/.venv/bin/jupyter lab --ip=0.0.0.0 --port=8888 --no-browser
user=%(ENV_USERNAME)s
"""
SUPERVISOR_COMPOSE = """services:
  dev-container:
    build:
      context: .
      dockerfile: ./docker/Dockerfile
    devices:
      - "/dev/kfd:/dev/kfd"
      - "/dev/dri:/dev/dri"
    environment:
      - USERNAME=${DOCKER_USERNAME:-user}
    group_add:
      - video
      - "992"
"""


def _supervisor_set(tmp_path, conf=SUPERVISOR_CONF, dockerfile=SUPERVISOR_DOCKERFILE):
    (tmp_path / "docker").mkdir(exist_ok=True)
    (tmp_path / "docker" / "Dockerfile").write_text(dockerfile)
    (tmp_path / "docker" / "supervisord.conf").write_text(conf)
    (tmp_path / "docker-compose.yml").write_text(SUPERVISOR_COMPOSE)
    return [str(tmp_path)]


def test_group_add_reaches_pid_1_only_when_supervisord_runs_the_program_as_another_user(lint, tmp_path):
    fs = lint.flagged(lint(_supervisor_set(tmp_path), "RD-CTR-006", "rx7900xtx"))
    assert len(fs) == 1 and "run as user" in fs[0].title
    assert fs[0].evidence[0].source.endswith("supervisord.conf:7")  # the program's user= line
    # gosu in the image's command drops privileges the same way
    gosu = SUPERVISOR_DOCKERFILE.replace('CMD ["/usr/bin/supervisord", "-c", "/etc/supervisor/conf.d/supervisord.conf"]',
                                         'CMD ["gosu", "user", "jupyter", "lab"]')
    fs = lint.flagged(lint(_supervisor_set(tmp_path, dockerfile=gosu), "RD-CTR-006", "rx7900xtx"))
    assert len(fs) == 1 and "run as user" in fs[0].title


def test_look_alikes_supervisord_programs_as_root_and_a_user_in_the_host_s_group(lint, tmp_path):
    # the program keeps root (no user= in its section): group_add is what counts, and 992 is the host's render GID
    conf = SUPERVISOR_CONF.replace("user=%(ENV_USERNAME)s\n", "")
    assert not lint.flagged(lint(_supervisor_set(tmp_path, conf=conf), "RD-CTR-006", "rx7900xtx"))
    # the image gives the user the host's GID itself
    given = SUPERVISOR_DOCKERFILE.replace("-G sudo ${USERNAME}", "-G sudo ${USERNAME} && usermod -aG 992 ${USERNAME}")
    assert not lint.flagged(lint(_supervisor_set(tmp_path, dockerfile=given), "RD-CTR-006", "rx7900xtx"))


# The image starts as root and its entrypoint script drops to a user with gosu: the shape of
# https://github.com/Xpiatio/Hearthwave/blob/a5199216774a0fb3363207cfb9d4adee4e22aeb1/backend/docker-entrypoint.sh
# (and its Dockerfile and docker-compose.rocm.yml), labelled in three independent corpus sets.
ENTRY_DOCKERFILE = """FROM python:3.13-slim AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends gosu \\
    && useradd -u 1000 -G audio -d /app -s /sbin/nologin -M appuser
COPY backend/docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["uvicorn", "backend.server:app", "--host", "0.0.0.0", "--port", "8765"]
"""
ENTRY_SCRIPT = """#!/bin/sh
set -e
mkdir -p /data/plugins
chown -R appuser:appuser /data/plugins

exec gosu appuser "$@"
"""
ENTRY_COMPOSE = """services:
  backend:
    build:
      context: .
      dockerfile: Dockerfile
    devices:
      - /dev/kfd:/dev/kfd      # ROCm compute device
      - /dev/dri:/dev/dri      # GPU render nodes
    group_add:
      - "${RENDER_GID:-992}"   # host 'render' group GID (getent group render)
"""


def _entry_set(tmp_path, script=ENTRY_SCRIPT, dockerfile=ENTRY_DOCKERFILE):
    write(tmp_path, "Dockerfile", dockerfile)
    write(tmp_path, "backend/docker-entrypoint.sh", script)
    write(tmp_path, "docker-compose.rocm.yml", ENTRY_COMPOSE)
    return [str(tmp_path)]


def test_an_entrypoint_script_that_drops_to_a_user_with_gosu_loses_group_add(lint, tmp_path):
    fs = lint.flagged(lint(_entry_set(tmp_path), "RD-CTR-006", "rx7900xtx"))
    assert len(fs) == 1 and "run as appuser" in fs[0].title
    assert fs[0].evidence[0].source.endswith("docker-entrypoint.sh:6")  # the gosu line, in the script
    assert "stat -c %g /dev/kfd" in fs[0].detail  # the fix that works on any host: the device's own GID
    # su-exec (Alpine) and runuser drop the same way
    for verb in ("su-exec appuser", "runuser -u appuser --"):
        fs = lint.flagged(lint(_entry_set(tmp_path, ENTRY_SCRIPT.replace("gosu appuser", verb)), "RD-CTR-006",
                               "rx7900xtx"))
        assert len(fs) == 1, verb


def test_entrypoint_look_alikes_keep_group_add(lint, tmp_path):
    # the script gives appuser the device node's own group before it drops (the docker.sock idiom for the GPU)
    adds = ENTRY_SCRIPT.replace('exec gosu', 'gid=$(stat -c %g /dev/kfd)\ngroupadd -f -g "$gid" gpu\n'
                                'usermod -aG gpu appuser\nexec gosu')
    assert not lint.flagged(lint(_entry_set(tmp_path, adds), "RD-CTR-006", "rx7900xtx"))
    # it drops to root (nothing dropped), or the gosu is in a script the ENTRYPOINT does not start
    assert not lint.flagged(lint(_entry_set(tmp_path, ENTRY_SCRIPT.replace("gosu appuser", "gosu root")),
                                 "RD-CTR-006", "rx7900xtx"))
    other = ENTRY_DOCKERFILE.replace('ENTRYPOINT ["docker-entrypoint.sh"]', 'ENTRYPOINT ["tini", "--"]')
    assert not lint.flagged(lint(_entry_set(tmp_path, dockerfile=other), "RD-CTR-006", "rx7900xtx"))


def test_a_service_runs_as_the_user_of_the_dockerfile_a_script_builds_its_image_from(tmp_path):
    # the worker's image is built by build.sh from the Dockerfile (USER 1000); the api's by compose from
    # Dockerfile.api (USER api). Before the tie, the worker's registry-named image was "a pulled image": the
    # USER of the set's last Dockerfile, or root where a compose build owned that Dockerfile
    from rocmdoctor.artifacts.readers import read_all
    from rocmdoctor.checks.container_config.groups import _image_user, _rocm_service, _service_user

    (tmp_path / "Dockerfile").write_text("FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
                                                "USER 1000\n")
    (tmp_path / "Dockerfile.api").write_text("FROM python:3.11-slim\nRUN useradd api\nUSER api\n")
    (tmp_path / "build.sh").write_text("#!/bin/bash\ndocker build -t registry.acme.io/ml/worker:2024.06 .\n")
    (tmp_path / "docker-compose.yml").write_text(
        "services:\n  worker:\n    image: registry.acme.io/ml/worker:2024.06\n    devices: [/dev/kfd, /dev/dri]\n"
        "  api:\n    build:\n      context: .\n      dockerfile: Dockerfile.api\n    ports: ['8080:8080']\n")
    s = read_all([str(tmp_path)])
    comp = next(a for a in s.artifacts if a.kind == "compose")
    img_user, user_v = _image_user(s)
    for name, want in (("worker", "1000"), ("api", "api")):
        user, v = _service_user(s, comp, name, comp.data["services"][name], img_user, user_v)
        assert user == want and v.origin.path.endswith({"worker": "/Dockerfile", "api": "/Dockerfile.api"}[name])
    # its base is read from that Dockerfile's FROM, not from a registry name that says nothing of ROCm
    assert _rocm_service(s, comp, "worker", comp.data["services"]["worker"])
    assert not _rocm_service(s, comp, "api", comp.data["services"]["api"])


# amd/HPCTrainingExamples MLExamples/Pytorch/mnist/pytorch_mnist_podman.batch lines 10-15
# (https://github.com/amd/HPCTrainingExamples/blob/aaaa72d4dca9a9c3587be883deaf2d0f109fcbfb/MLExamples/Pytorch/mnist/pytorch_mnist_podman.batch):
# podman's `--group-add=keep-groups` keeps the invoking user's groups (the host's render GID), and `docker://` is
# podman's transport before the image reference. The word is podman's alone (Docker has no such group), so a file that
# writes it is run by podman whatever it calls the command (podman-docker's `docker`; spent ye-igneous, zw-chirvo).
PODMAN = ("#!/bin/bash\n#SBATCH -N 1\npodman run --rm \\\n  --device=/dev/dri --device=/dev/kfd --network=host --ipc=host \\\n"
          "  --userns=keep-id --group-add=keep-groups --cgroupns=host \\\n"
          "  docker://rocm/pytorch:rocm6.4.3_ubuntu22.04_py3.10_pytorch_release_2.6.0 \\\n  python3 main.py\n")


def test_podman_keep_groups_and_its_docker_transport(tmp_path):
    p = write(tmp_path, "mnist_podman.batch", PODMAN)
    assert flagged(scan([tmp_path], "RD-CTR-006", "mi300x8")) == []
    assert flagged(scan([tmp_path], "RD-CTR-014", "mi300x8")) == []
    (svc,) = read_one(str(p)).data["services"].values()
    assert svc["image"] == "rocm/pytorch:rocm6.4.3_ubuntu22.04_py3.10_pytorch_release_2.6.0"
    write(tmp_path / "d", "run.sh", PODMAN.replace("podman run", "docker run").replace("docker://", ""))
    assert flagged(scan([tmp_path / "d"], "RD-CTR-006", "mi300x8")) == []
    write(tmp_path / "e", "run.sh", PODMAN.replace("podman run", "docker run").replace("docker://", "")
          .replace("--group-add=keep-groups", "--group-add=render").replace("rocm/pytorch", "python"))
    assert flagged(scan([tmp_path / "e"], "RD-CTR-006", "mi300x8"))  # a group name the image may lack still is


# https://github.com/o-be-one/comfyui-amd-container/blob/fc1fd7f1dfe72c3e18ee2b0af3db14dea349a330/docker-compose.yaml
# (lines 2-5, 29-35: a ComfyUI service on rocm/pytorch, an Ubuntu image)
OBEONE_COMPOSE = """services:
  comfyui:
    image: ghcr.io/o-be-one/comfyui-amd-container:latest
    devices:
      - /dev/kfd
      - /dev/dri
    network_mode: "host"
    group_add:
      - video
      - {group}
"""


def test_group_add_of_a_debian_base_group_is_one_the_image_has(lint):
    # fresh obeone: nogroup is base-passwd's GID 65534, in every Debian/Ubuntu image; render is not
    c = lint.write("docker-compose.yaml", OBEONE_COMPOSE.format(group="nogroup"))
    assert lint.statuses(lint([c], "RD-CTR-006", "rx7900xtx")) == ["pass"]
    c = lint.write("docker-compose.yaml", OBEONE_COMPOSE.format(group="render"))
    fs = lint([c], "RD-CTR-006", "rx7900xtx")
    assert lint.statuses(fs) == ["warn"] and "render" in fs[0].title and "nogroup" not in fs[0].title


def test_a_user_the_launching_shell_fills_in_is_the_host_user_not_root(lint):
    # fresh na-seancole-doomneuron: `--user ${USER_ID}:${GROUP_ID}` with USER_ID=$(id -u), only --group-add video,
    # on a host whose /dev/kfd is render's (992): the host user cannot open it (it was read as root before)
    run = ("#!/bin/bash\nUSER_ID=$(id -u)\nGROUP_ID=$(id -g)\nsudo docker run -it --device=/dev/kfd --device=/dev/dri \\\n"
           "  --group-add video --ipc=host --user ${USER_ID}:${GROUP_ID} \\\n  rocm/pytorch:latest python3 train.py\n")
    fs = lint([lint.write("run.sh", run)], "RD-CTR-006", "rx7900xtx")
    assert lint.statuses(fs) == ["fail"] and "992" in fs[0].title
    compose = "services:\n  t:\n    image: rocm/pytorch:latest\n    user: \"{user}\"\n" \
              "    devices: [/dev/kfd, /dev/dri]\n    group_add: [video]\n    command: python3 train.py\n"
    for user in ("${UID}:${GID}", "$(id -u):$(id -g)", "${HOST_UID:-1000}"):
        c = lint.write("docker-compose.yml", compose.replace("{user}", user))
        assert lint.statuses(lint([c], "RD-CTR-006", "rx7900xtx")) == ["fail"], user
    for user in ("${RUN_AS:-0}", "${RUN_AS:-root}", "$(stat -c %u /data)"):  # root by default; a value not the user's
        c = lint.write("docker-compose.yml", compose.replace("{user}", user))
        assert lint.statuses(lint([c], "RD-CTR-006", "rx7900xtx")) == ["pass"], user


def test_an_image_that_runs_as_its_own_non_root_user_is_judged_for_that_user(lint):
    # rocm/rocm-terminal ends with USER rocm-user (groups sudo, video): fresh vr-gbrothers1 builds FROM it with no USER
    # of its own, and a pulled rocm-terminal (corpus wyfi0) runs as rocm-user too; video is not render's 992
    compose = ("services:\n  t:\n    {how}\n    devices: [/dev/kfd, /dev/dri]\n    group_add: [video]\n"
               "    command: python3 train.py\n")
    c = lint.write("docker-compose.yml", compose.replace("{how}", "image: rocm/rocm-terminal:6.2"))
    fs = lint([c], "RD-CTR-006", "rx7900xtx")
    assert lint.statuses(fs) == ["fail"] and "rocm-user" in fs[0].title
    assert fs[0].evidence[0].text == "image: rocm/rocm-terminal:6.2"
    c = lint.write("docker-compose.yml", compose.replace("{how}", "build: ."))
    for dockerfile, status in (("FROM rocm/rocm-terminal:6.1.2\nRUN echo hi\n", "fail"),
                               ("FROM rocm/rocm-terminal:6.1.2 AS base\nRUN echo hi\nFROM base\nRUN echo 2\n", "fail"),
                               ("FROM rocm/rocm-terminal:6.1.2\nUSER root\nRUN apt-get update\n", "pass"),
                               ("FROM rocm/rocm-terminal:6.1.2 AS build\nRUN make\nFROM ubuntu:22.04\nCOPY --from=build /a /a\n",
                                "pass"),
                               ("FROM rocm/pytorch:latest\nRUN echo hi\n", "pass")):
        d = lint.write("Dockerfile", dockerfile)
        fs = lint([c, d], "RD-CTR-006", "rx7900xtx")
        assert lint.statuses(fs) == [status], dockerfile
    from rocmdoctor.artifacts.readers import dockerfile
    art = dockerfile.read("Dockerfile", "FROM rocm/rocm-terminal:6.1.2\nRUN echo hi\n")
    assert art.data["user"] == "rocm-user" and [v.value for v in art.values if v.name == "user_groups"] == [
        "-G sudo,video rocm-user"]
    # back to the image's own user after root's steps: the same user, the same groups (review)
    art = dockerfile.read("Dockerfile", "FROM rocm/rocm-terminal:6.1.2\nUSER root\nRUN apt-get update\nUSER rocm-user\n")
    assert [(v.name, v.value, v.origin.line) for v in art.values if v.name in ("user", "user_groups")][-2:] == [
        ("user", "rocm-user", 4), ("user_groups", "-G sudo,video rocm-user", 4)]


def test_a_service_passing_only_a_wsl_gpu_node_is_not_judged_for_kfd_groups(lint):
    # fresh na-gentleman101gr: only /dev/dxg mapped (kfd commented out): RD-CTR-003 names the missing node, not this
    c = lint.write("docker-compose.yml", "services:\n  t:\n    image: rocm/rocm-terminal:6.2\n    devices: [/dev/dxg]\n"
                   "    command: python3 serve.py\n")
    assert lint.statuses(lint([c], "RD-CTR-006", "rx7900xtx")) == ["pass"]


def test_a_non_root_image_user_without_group_add_is_cited_at_the_devices_the_service_passes(tmp_path):
    # fresh batch 45 zq-lexxai-ragapi-rocm: the final stage's USER appuser, and the ROCm compose service passes
    # /dev/kfd and /dev/dri with no group_add: the finding names the USER line and the devices (where group_add goes)
    docker = write(tmp_path, "Dockerfile", "FROM python:3.12-slim\nRUN useradd -m appuser\nUSER appuser\n"
                   "CMD [\"python\", \"serve.py\"]\n")
    compose = write(tmp_path, "docker-compose.rocm.yaml", "services:\n  api:\n    build: .\n    devices:\n"
                    "      - /dev/kfd\n      - /dev/dri\n")
    [f] = flagged(scan([docker, compose], "RD-CTR-006", "rx7900xtx"))
    assert [e.source.rsplit("/", 1)[1] for e in f.evidence[:2]] == ["Dockerfile:3", "docker-compose.rocm.yaml:4"]


# Spent fresh cx-mateuszdera: `group_add: [keep-groups]` in podman-compose.yml, which podman-compose runs; the same
# line in a docker-compose.yml is podman's too (podman-compose reads that name; Docker has no such group)
def test_keep_groups_in_a_podman_compose_file(tmp_path):
    body = ("services:\n  rocm:\n    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
            "    devices: [/dev/kfd, /dev/dri]\n    group_add:\n      - keep-groups\n")
    write(tmp_path / "p", "podman-compose.yml", body)
    assert flagged(scan([tmp_path / "p"], "RD-CTR-006", "rx7900xtx")) == []
    write(tmp_path / "d", "docker-compose.yml", body)
    assert flagged(scan([tmp_path / "d"], "RD-CTR-006", "rx7900xtx")) == []
