"""RD-CTR-003, 004, 005, 007 (checks/container_config/__init__.py): compose files and `docker run` lines give the
container the GPU devices, shared memory, the host's device group and the GPUs it names; on the
seeds' files (tests/data/seeds) and real public files (tests/data/configs)."""
import os

import pytest

import rocmdoctor
from rocmdoctor.artifacts.readers import read_one
from rocmdoctor.testing import build_snapshot
from tests.lintacc_helpers import corpus, flagged, scan, write

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
SEEDS = os.path.join(DATA, "seeds")
CONFIGS = os.path.join(DATA, "configs")


def test_real_rocm_compose_passes_devices_shm_and_nvidia_syntax(lint):
    p = [os.path.join(CONFIGS, "llamafactory_docker-rocm_docker-compose.yml")]
    for code in ("RD-CTR-003", "RD-CTR-004", "RD-CTR-005", "RD-CTR-006"):
        assert lint.statuses(lint(p, code)) == ["pass"], code


def test_real_cuda_compose_fails_on_amd(lint):
    p = [os.path.join(CONFIGS, "llamafactory_docker-cuda_docker-compose.yml")]
    assert lint.statuses(lint(p, "RD-CTR-003")) == ["fail"]
    fs = lint(p, "RD-CTR-004")
    assert lint.statuses(fs) == ["fail"] and "driver nvidia" in fs[0].title


def test_compose_without_ipc_and_small_shm_warns(tmp_path, lint):
    p = lint.write("compose.yaml", "services:\n  t:\n    image: rocm/pytorch:rocm6.3_ubuntu22.04_py3.10_"
                   "pytorch_release_2.4.0\n    devices: [/dev/kfd, /dev/dri]\n    shm_size: 256m\n")
    fs = lint([p], "RD-CTR-005")
    assert lint.statuses(fs) == ["warn"] and "256 MiB" in fs[0].title


def test_visible_devices_renumbered_by_devices_fails(tmp_path, lint):
    p = lint.write("compose.yaml", "services:\n  t:\n    image: x:1\n    devices:\n      - /dev/kfd\n"
                   "      - /dev/dri/renderD129\n    environment:\n      HIP_VISIBLE_DEVICES: '1'\n")
    fs = lint([p], "RD-CTR-007")
    assert lint.statuses(fs) == ["fail"] and fs[0].evidence[-1].source == p + ":8"
    ok_ = lint.write("ok.yaml", open(p).read().replace("'1'", "'0'"))
    assert lint.statuses(lint([ok_], "RD-CTR-007")) == ["pass"]


# The flags are those ROCm's Docker how-to and AMD's container-toolkit pages document
# (knowledge/artifacts.py DOCKER_HOWTO, AMD_CDI); the scripts around them are ours.
ROCM_RUN = """#!/bin/bash
IMAGE=rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0
docker run -it --rm --device=/dev/kfd --device=/dev/dri --group-add video \\
    --ipc=host --security-opt seccomp=unconfined \\
    -v "$PWD:/work" -w /work $IMAGE \\
    torchrun --nproc_per_node 2 train.py --bf16 True
"""


GPUS_RUN = """#!/bin/bash
sudo docker run -d --gpus=all --shm-size 2g -e HF_HOME=/data/hf -v ollama:/root/.ollama ollama/ollama:rocm
"""


def test_docker_run_with_rocm_devices_passes_the_compose_rules(tmp_path, lint):
    p = lint.write("run.sh", ROCM_RUN)
    for code in ("RD-CTR-003", "RD-CTR-004", "RD-CTR-005", "RD-CTR-006"):
        fs = lint([p], code)
        assert lint.statuses(fs) == ["pass"], (code, [f.title for f in fs])
        assert fs[0].subject == f"{p}: docker run (line 3)"


def test_docker_run_with_gpus_fails_without_amd_cdi_and_names_the_flags(tmp_path, lint):
    p = lint.write("serve.sh", GPUS_RUN)
    devices, nvidia = lint([p], "RD-CTR-003"), lint([p], "RD-CTR-004")
    assert lint.statuses(devices) == ["fail"] and lint.statuses(nvidia) == ["fail"]
    assert "--gpus=all" in nvidia[0].evidence[0].text and "(--gpus all)" in nvidia[0].title
    notes = [a.description for a in nvidia[0].fix.actions]
    assert any("remove --gpus all" in n for n in notes) and any("--device /dev/kfd --device /dev/dri" in n for n in notes)
    assert lint.statuses(lint([p], "RD-CTR-005")) == ["pass"]  # --shm-size 2g


def test_docker_run_with_gpus_passes_where_the_host_has_amd_cdi_specs(tmp_path, lint):
    """Docker 29.3 and newer take --gpus for AMD GPUs through AMD's CDI spec (amd-ctk cdi generate)."""
    lint.need("mi50x2-xeon")
    base = os.path.join(os.path.dirname(rocmdoctor.__file__), "examples", "mi50x2-xeon")
    spec = '{"cdiVersion": "0.6.0", "kind": "amd.com/gpu", "devices": [{"name": "all"}]}'
    snap = build_snapshot(tmp_path / "snap", base=base, files={"/etc/cdi/amd.json": spec},
                          globs={"/etc/cdi/*": ["/etc/cdi/amd.json"]})
    p = lint.write("serve.sh", GPUS_RUN)
    devices = lint([p], "RD-CTR-003", snapshot=snap)
    assert lint.statuses(devices) == ["pass"] and "CDI" in devices[0].title
    assert any(e.source == "/etc/cdi/amd.json" for e in devices[0].evidence)
    assert lint.statuses(lint([p], "RD-CTR-004", snapshot=snap)) == ["pass"]


def test_docker_run_options_with_values_do_not_hide_the_training_command(tmp_path, lint):
    """`--shm-size 16g` takes a value: the image is the next word, the command after it (the
    old skip took 16g for the image and the image for the command)."""
    p = lint.write("run.sh", "docker run -it --shm-size 16g -e HIP_VISIBLE_DEVICES=2 --device /dev/kfd "
                   "--device /dev/dri/renderD129 rocm/pytorch torchrun --nproc_per_node 4 train.py\n")
    renumbered = lint([p], "RD-CTR-007")
    assert lint.statuses(renumbered) == ["fail"] and "--device passes 1 render node" in renumbered[0].detail
    from rocmdoctor.artifacts.readers import shell

    art = shell.read(p, open(p).read())
    assert [(c["launcher"], c["script"]) for c in art.data["commands"]] == [("torchrun", "train.py")]
    assert art.data["services"]["docker run (line 1)"]["image"] == "rocm/pytorch"


def test_compose_lines_come_from_node_marks_not_the_first_matching_text(tmp_path, lint):
    path = lint.write("docker-compose.yml", """services:
  train:
    build:
      context: .
      args:
        shm_size: 1g
    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0
    devices: [/dev/kfd, /dev/dri]
    shm_size: 16g
    deploy:
      resources:
        reservations:
          devices:
            - capabilities: [gpu]
              driver: rocm
""")
    art = read_one(path)
    lines = {v.name: v.origin.line for v in art.values}
    assert lines["shm_size"] == 9 and lines["gpu_request"] == 15
    fs = lint.flagged(lint([path], "RD-CTR-004", "rx7900xtx"))
    assert len(fs) == 1 and "driver rocm" in fs[0].title and fs[0].evidence[0].source == f"{path}:15"




BASE = "services:\n  app:\n    image: rocm/pytorch:rocm6.1_ubuntu22.04_py3.10_pytorch_2.1.2\n    ipc: host\n"


CHILD = ("services:\n  app:\n    extends:\n      service: app\n      file: base.yml\n"
         "    devices:\n      - /dev/kfd\n      - /dev/dri\n")


def test_a_service_takes_what_it_extends_and_the_base_is_not_judged_alone(tmp_path, lint):
    lint.write("base.yml", BASE)
    lint.write("compose.yml", CHILD)
    shm = lint([tmp_path], "RD-CTR-005", "rx7900xtx")
    assert not lint.flagged(shm) and all("compose.yml" in f.subject for f in shm)  # ipc: host from the base
    dev = lint([tmp_path], "RD-CTR-003", "rx7900xtx")
    assert not lint.flagged(dev) and not any("base.yml" in (f.subject or "") for f in dev)  # the template is not a container


def test_a_base_file_alone_is_still_a_service(tmp_path, lint):
    # without a service that extends it, the same file runs as it is: no devices is a finding
    base = lint.write("base.yml", BASE)
    assert lint.flagged(lint([base], "RD-CTR-003", "rx7900xtx"))


def test_the_short_form_extends_a_service_of_the_same_file(tmp_path, lint):
    f = lint.write("compose.yml", "services:\n  common:\n    ipc: host\n    image: rocm/pytorch:latest\n"
                   "  train:\n    extends: common\n    devices: [/dev/kfd, /dev/dri]\n")
    fs = {f.subject.split(": ")[-1]: f for f in lint([f], "RD-CTR-005", "rx7900xtx")}
    assert fs["train"].status.value == "pass"  # ipc: host taken from `common`


def test_docker_run_options_after_a_shell_expansion_are_still_read(tmp_path, lint):
    # `docker run $(volume_args) --device ...`: the expansion stands for options (the image comes
    # after every option), so the flags after it are the container's, not the command's.
    f = lint.write("run.sh", '#!/bin/bash\ndocker run \\\n  $(parse_volume_mounts "$V") \\\n'
                   '  --device=/dev/kfd --device=/dev/dri --ipc=host \\\n  "$IMAGE" tail -f /dev/null\n')
    assert not lint.flagged(lint([f], "RD-CTR-003", "mi300x8")) and not lint.flagged(lint([f], "RD-CTR-005", "mi300x8"))
    g = lint.write("bare.sh", '#!/bin/bash\ndocker run $(opts) "$IMAGE" python train.py\n')
    assert lint.flagged(lint([g], "RD-CTR-003", "mi300x8"))  # an expansion alone proves nothing


# --- RD-CTR-008: a host virtual environment mounted into a container and used there (activated, run,


IMAGE = "rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0"


# --- RD-CTR-005 and RD-CTR-006 classes (issue 24 §3): an inference server whose image holds no PyTorch


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


# --- fourth corpus batch (lintacc2): classes behind its dev misses

WEBUI_BESIDE_GPU = """services:
  ollama:
    image: ollama/ollama:rocm
    devices: [/dev/kfd, /dev/dri]
    group_add: [video]
  open-webui:
    image: ghcr.io/open-webui/open-webui:main
    environment:
      OLLAMA_BASE_URL: http://ollama:11434
  gpu-forgot-devices:
    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0
"""


def test_web_ui_beside_a_gpu_service_needs_no_gpu_devices_nor_shm(tmp_path):
    p = write(tmp_path, "docker-compose.yml", WEBUI_BESIDE_GPU)
    for code in ("RD-CTR-003", "RD-CTR-005"):
        titles = [f.title for f in flagged(scan([p], code, "rx7900xtx"))]
        assert not any("open-webui" in t for t in titles), (code, titles)
    # a GPU image beside them that forgot the devices is still flagged
    assert any("gpu-forgot-devices" in f.title for f in flagged(scan([p], "RD-CTR-003", "rx7900xtx")))


def test_lone_service_without_gpu_signs_is_not_judged_but_one_that_trains_is(tmp_path):
    # fresh serge-cpu-llama-compose, coqui-tts-bel-prepare-docker: nothing in the service asks for a GPU
    p = write(tmp_path, "docker-compose.yml", "services:\n  app:\n    image: myorg/app:1\n")
    fs = scan([p], "RD-CTR-003", "rx7900xtx")
    assert not flagged(fs) and "no compose service does GPU work" in fs[0].title
    p = write(tmp_path, "docker-compose.yml", "services:\n  app:\n    image: myorg/app:1\n    command: python train.py\n")
    assert flagged(scan([p], "RD-CTR-003", "rx7900xtx"))


def test_real_ollama_open_webui_compose():
    fs = flagged(scan([corpus("elgris-ollama-webui-compose")], "RD-CTR-003", "rx7900xtx"))
    assert fs == []


POD = """apiVersion: v1
kind: Pod
metadata:
  name: train
spec:
  containers:
    - name: trainer
      image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0
      command: ["torchrun", "--nproc_per_node", "2", "train.py"]
      resources:
        limits:
          {resource}: 2
      volumeMounts:{mounts}
  volumes:{volumes}
"""
SHM_MOUNT = "\n        - name: dshm\n          mountPath: /dev/shm"
SHM_VOLUME = "\n    - name: dshm\n      emptyDir:\n        medium: Memory"


def test_kubernetes_pod_is_read_as_a_container_service(tmp_path):
    a = read_one(write(tmp_path, "pod.yaml", POD.format(resource="amd.com/gpu", mounts=" []", volumes=" []")))
    assert a.kind == "kubernetes" and not a.error
    (svc,) = a.data["services"].values()
    assert svc["gpu_resources"] == {"amd.com/gpu": 2} and svc["line"] == 7


def test_kubernetes_pod_shm_device_plugin_and_nvidia_resource(tmp_path):
    bare = write(tmp_path, "a/pod.yaml", POD.format(resource="amd.com/gpu", mounts=" []", volumes=" []"))
    fs = flagged(scan([bare], "RD-CTR-005", "mi300x8"))
    assert fs and fs[0].evidence[0].source.endswith("pod.yaml:7")
    assert flagged(scan([bare], "RD-CTR-003", "mi300x8")) == []  # the device plugin mounts the nodes
    shm = write(tmp_path, "b/pod.yaml", POD.format(resource="amd.com/gpu", mounts=SHM_MOUNT, volumes=SHM_VOLUME))
    assert flagged(scan([shm], "RD-CTR-005", "mi300x8")) == []
    nv = write(tmp_path, "c/pod.yaml", POD.format(resource="nvidia.com/gpu", mounts=SHM_MOUNT, volumes=SHM_VOLUME))
    assert flagged(scan([nv], "RD-CTR-004", "mi300x8"))


def test_kubernetes_job_template_and_multi_document(tmp_path):
    job = ("apiVersion: v1\nkind: Service\nmetadata:\n  name: svc\n---\napiVersion: batch/v1\nkind: Job\n"
           "metadata:\n  name: j\nspec:\n  template:\n    spec:\n      containers:\n      - name: c\n"
           "        image: rocm/pytorch:latest\n        resources:\n          limits:\n            amd.com/gpu: 8\n")
    a = read_one(write(tmp_path, "job.yaml", job))
    (svc,) = a.data["services"].values()
    assert svc["line"] == 14 and svc["gpu_resources"] == {"amd.com/gpu": 8}


def test_real_dcu_pod():
    fs = flagged(scan([corpus("pandaoknight-dcu-k8s-pod")], "RD-CTR-005", "dcu-slurm"))
    assert fs and fs[0].evidence[0].source.endswith("pod.yaml:10")


SERVER = """services:
  whisper:
    image: rocm-wyoming-whisper
    restart: {restart}
    command: {command}
    ports: ["10300:10300"]
    devices: [/dev/kfd, /dev/dri]
"""


@pytest.mark.parametrize("restart,command,example,flag", [
    ("unless-stopped", "[--model, medium]", "rx7900xtx", False),        # a server on one GPU
    ("unless-stopped", "[--model, medium]", "mi300x8", False),          # several GPUs, the server uses one
    ("unless-stopped", "[--model, m, --tensor-parallel-size, '4']", "mi300x8", True),  # split over 4: RCCL /dev/shm
    ("unless-stopped", "[--model, m, --tensor-parallel-size, '1']", "mi300x8", False),
    ("unless-stopped", "--model m --tp ${TP}", "mi300x8", True),       # a split the files do not show
    ("unless-stopped", "torchrun --nproc_per_node 8 serve.py", "mi300x8", True),  # one process per GPU
    ("\"no\"", "[--model, medium]", "rx7900xtx", False),                # a one-off job that does not train
    ("\"no\"", "[python, train.py]", "rx7900xtx", True),                # a one-off training job: DataLoader workers
    ("always", "jupyter-lab --ip=0.0.0.0", "rx7900xtx", True),          # notebooks train with DataLoader workers
])
def test_a_server_on_one_gpu_needs_no_shm(tmp_path, restart, command, example, flag):
    p = write(tmp_path, "docker-compose.yml", SERVER.format(restart=restart, command=command))
    assert bool(flagged(scan([p], "RD-CTR-005", example))) is flag


def test_docker_run_ports_and_restart_are_read(tmp_path):
    a = read_one(write(tmp_path, "run.sh", "docker run -d --restart unless-stopped -p 8188:8188 --device /dev/kfd "
                                            "--device /dev/dri rocm/pytorch:latest python main.py\n"))
    (svc,) = a.data["services"].values()
    assert svc["ports"] == ["8188:8188"] and svc["restart"] == "unless-stopped"


def test_real_servers_on_several_gpus():
    """A model server on an 8-GPU node uses one GPU unless told to split the model (wb-drmysore: Modular MAX,
    labelled clean); an image built with Megatron and a Slurm stack behind its server (ua-tensorwave-scalarlm) runs
    training jobs whose ranks exchange tensors through /dev/shm."""
    assert flagged(scan([os.path.join(FRESH3, "wb-drmysore-max-amd-compose")], "RD-CTR-005", "mi300x8")) == []
    for name, service in (("ua-tensorwave-scalarlm-compose", "cray-amd"),):
        titles = [f.title for f in flagged(scan([os.path.join(FRESH3, name)], "RD-CTR-005", "mi300x8"))]
        assert any(service in t for t in titles), (name, titles)


def test_real_whisper_server():
    assert flagged(scan([corpus("scottgarren-wyoming-whisper")], "RD-CTR-005", "rx7900xtx")) == []


# --- fresh batch 3 (artfix): layered compose files judged merged, a service that says it uses the GPU
# beside one that only builds, a task-queue worker as a server

FRESH3 = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")
LAYER_BASE = "services:\n  app:\n    build: .\n    ports: ['8888:8888']\n    command: python train.py\n"


@pytest.mark.parametrize("name,override", [
    ("docker-compose.rocm.yml", "services:\n  app:\n    devices: [/dev/kfd, /dev/dri]\n    ipc: host\n"),
    ("compose.override.yml", "services:\n  app:\n    devices:\n      - /dev/kfd:/dev/kfd\n      - /dev/dri\n"
                             "    shm_size: 16g\n"),
])
def test_an_override_file_completes_its_base_service(tmp_path, name, override):
    write(tmp_path, "docker-compose.yml", LAYER_BASE)
    write(tmp_path, name, override)
    for code in ("RD-CTR-003", "RD-CTR-005"):
        fs = scan([tmp_path], code, "mi300x8")
        assert flagged(fs) == [] and fs, code
        assert all(name in (f.subject or "") for f in fs), code  # judged once, merged, at the override
    # the base alone still lacks the devices and shared memory
    for code in ("RD-CTR-003", "RD-CTR-005"):
        assert flagged(scan([tmp_path / "docker-compose.yml"], code, "mi300x8")), code


def test_an_override_that_leaves_out_what_the_gpu_needs_is_still_flagged(tmp_path):
    write(tmp_path, "docker-compose.yml", LAYER_BASE)
    write(tmp_path, "docker-compose.rocm.yml", "services:\n  app:\n    group_add: [video]\n")
    assert flagged(scan([tmp_path], "RD-CTR-003", "mi300x8"))


def test_a_file_with_its_own_image_or_an_unknown_service_is_not_an_override(tmp_path):
    write(tmp_path, "docker-compose.yml", LAYER_BASE)
    write(tmp_path, "other.yml", "services:\n  app:\n    image: rocm/pytorch:latest\n    devices: [/dev/kfd, /dev/dri]\n")
    assert any("docker-compose.yml" in (f.subject or "") for f in flagged(scan([tmp_path], "RD-CTR-003", "mi300x8")))
    write(tmp_path, "other.yml", "services:\n  app:\n    devices: [/dev/kfd, /dev/dri]\n  extra:\n    ipc: host\n")
    assert any("docker-compose.yml" in (f.subject or "") for f in flagged(scan([tmp_path], "RD-CTR-003", "mi300x8")))


def test_real_layered_rocm_override():
    d = os.path.join(FRESH3, "arnojoosen-ai-workspace-compose")
    for code in ("RD-CTR-003", "RD-CTR-005"):
        assert flagged(scan([d], code, "rx7900xtx")) == [], code


def test_a_build_is_no_gpu_sign_beside_services_that_pass_the_gpu(tmp_path):
    p = write(tmp_path, "docker-compose.yml", "services:\n  api:\n    build: {context: ., dockerfile: Dockerfile.rocm}\n"
              "    devices: [/dev/kfd, /dev/dri]\n    ipc: host\n  web:\n    build: ./web\n"
              "  worker:\n    build: {context: ., dockerfile: Dockerfile.rocm}\n")
    titles = [f.title for f in flagged(scan([p], "RD-CTR-003", "rx7900xtx"))]
    assert not any(t.startswith("web:") for t in titles) and any(t.startswith("worker:") for t in titles)


@pytest.mark.parametrize("command,flag", [
    ("celery -A app worker -l info -P prefork", False),
    ("rq worker high", False),
    ("python train.py", True),
])
def test_a_task_queue_worker_kept_running_on_one_gpu_needs_no_shm(tmp_path, command, flag):
    p = write(tmp_path, "docker-compose.yml", f"services:\n  w:\n    build: .\n    restart: unless-stopped\n"
              f"    command: {command}\n    devices: [/dev/kfd, /dev/dri]\n")
    assert bool(flagged(scan([p], "RD-CTR-005", "rx7900xtx"))) is flag


def test_real_hackathon_rocm_compose_is_clean():
    d = os.path.join(FRESH3, "suppartwang-hackathon-rocm-compose")
    for code in ("RD-CTR-003", "RD-CTR-005"):
        assert flagged(scan([d], code, "rx7900xtx")) == [], code


def test_an_interpolated_visible_devices_value_is_the_hosts_not_an_empty_list(tmp_path, lint):
    # https://github.com/medhatt21/llm-quant-lab (docker-compose.rocm.yml:25, fresh batch 4):
    # `HIP_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES}` passes the value of the shell or .env, like `- HIP_VISIBLE_DEVICES`
    svc = "services:\n  app:\n    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n" \
          "    devices: [/dev/kfd, /dev/dri]\n    environment:\n      - HIP_VISIBLE_DEVICES={}\n"
    p = lint.write("docker-compose.yml", svc.format("${HIP_VISIBLE_DEVICES}"))
    assert lint.flagged(lint([p], "RD-ENV-003", "mi300x8")) == []
    p = lint.write("docker-compose.yml", svc.format("8,9"))  # the node has GPUs 0-7
    assert lint.flagged(lint([p], "RD-ENV-003", "mi300x8"))


@pytest.mark.parametrize("extra,flag", [
    ("", False),                        # a web UI started by `docker compose up`: no restart policy, still a server
    ("    command: bash\n", True),      # a shell: the user trains in it
    ("    tty: true\n    stdin_open: true\n    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n",
     True),                             # a terminal on an image whose own command is a shell
])
def test_a_served_ui_without_restart_policy_needs_no_shm_but_a_shell_session_does(tmp_path, extra, flag):
    # https://github.com/Modulus/ai-tools (automatic1111-docker/docker-compose.yaml): ports, devices, no restart
    text = ("services:\n  sd:\n    build: .\n    ports: [\"7860\"]\n    devices: [/dev/kfd, /dev/dri]\n" + extra)
    p = write(tmp_path, "docker-compose.yml", text)
    assert bool(flagged(scan([p], "RD-CTR-005", "rx7900xtx"))) is flag


def test_docker_run_detached_on_the_host_network_is_a_server(tmp_path):
    run = ("#!/bin/bash\ndocker run --rm -d --device /dev/kfd --device /dev/dri --network host ollama-webui\n")
    assert flagged(scan([write(tmp_path, "run.sh", run)], "RD-CTR-005", "rx7900xtx")) == []
    run = run.replace(" -d ", " -it ")
    assert flagged(scan([write(tmp_path, "run.sh", run)], "RD-CTR-005", "rx7900xtx"))


def test_on_one_gpu_an_app_that_does_not_train_keeps_dockers_shm_and_a_session_or_trainer_does_not(tmp_path, lint):
    # whishper, an OCR demo, a TTS service: inference on the one Radeon, no DataLoader workers, no collectives
    app = lint.write("compose.yml", "services:\n  tts-service:\n    build: ./tts\n    devices: [/dev/kfd, /dev/dri]\n")
    assert not lint.flagged(lint([app], "RD-CTR-005", "rx7900xtx"))
    trainer = lint.write("train.yml", "services:\n  finetune:\n    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_"
                         "pytorch_release_2.3.0\n    command: torchrun --nproc_per_node 1 train.py\n"
                         "    devices: [/dev/kfd, /dev/dri]\n")
    assert lint.statuses(lint([trainer], "RD-CTR-005", "rx7900xtx")) == ["warn"]
    session = lint.write("run.sh", "#!/bin/bash\ndocker run -it --device=/dev/kfd --device=/dev/dri my/rocm43pytorch\n")
    assert lint.statuses(lint([session], "RD-CTR-005", "rx7900xtx")) == ["warn"]  # an interactive session: training
    # on eight GPUs the same app needs shared memory (RCCL between GPUs)
    assert lint.statuses(lint([app], "RD-CTR-005", "mi300x8")) == ["warn"]


NVIDIA_POD = """apiVersion: batch/v1
kind: Job
metadata:
  name: qwen-sft
spec:
  template:
    spec:
      containers:
        - name: trainer
          image: ${IMAGE}
          command: ["bash", "/workspace/src/entrypoint.sh"]
          resources:
            requests:
              nvidia.com/a100: 1
            limits:
              nvidia.com/a100: 1
"""


def test_a_pod_asking_nvidias_plugin_gets_one_finding_at_the_resource(tmp_path):
    # fresh lucassjy-nrp-qwen-sft-k8s: NRP's per-model resource nvidia.com/a100 is NVIDIA's device plugin too;
    # the one change is the resource's name (RD-CTR-004), not a second "devices not passed" (RD-CTR-003)
    p = write(tmp_path, "job.yaml", NVIDIA_POD)
    fs = flagged(scan([p], "RD-CTR-004", "mi300x8"))
    assert len(fs) == 1 and "nvidia.com/a100" in fs[0].title and fs[0].evidence[0].source.endswith(":16")
    assert not flagged(scan([p], "RD-CTR-003", "mi300x8"))
    # a pod that asks for no GPU at all while it trains: the request is what is missing
    p = write(tmp_path, "job.yaml", NVIDIA_POD.replace("nvidia.com/a100", "cpu").replace("entrypoint.sh", "train.py"))
    fs = flagged(scan([p], "RD-CTR-003", "mi300x8"))
    assert len(fs) == 1 and "amd.com/gpu" in fs[0].title


def test_compose_service_level_gpus_is_nvidia_syntax(tmp_path):
    # fresh tabbyapi-compose-gpus-all: `gpus: all` under the service (the Compose spec's shorthand reservation)
    p = write(tmp_path, "docker-compose.yml", "services:\n  tabbyapi:\n    image: ghcr.io/theroyallab/tabbyapi:latest\n"
              "    gpus: all\n    shm_size: 8g\n")
    fs = flagged(scan([p], "RD-CTR-004", "rx7900xtx"))
    assert len(fs) == 1 and "gpus: all" in fs[0].title and fs[0].evidence[0].source.endswith(":4")


def test_an_override_naming_a_service_its_base_lacks_is_one_finding_not_two(tmp_path):
    # fresh antony90-deep-polygon: docker-compose.rocm.yml gives `playground` the devices; the base's trainer is
    # rl_backend. RD-CTR-009 names the orphan; the trainer is not also told to add devices.
    write(tmp_path, "docker-compose.yml", "services:\n  rl_backend:\n    build:\n      context: .\n"
          "    command: [\"train\", \"-n\", \"7\"]\n")
    write(tmp_path, "docker-compose.rocm.yml", "services:\n  playground:\n    build:\n      args:\n"
          "        BASE_IMAGE: rocm/pytorch\n    devices: [/dev/kfd, /dev/dri]\n")
    assert not flagged(scan([tmp_path], "RD-CTR-003", "rx7900xtx"))
    assert flagged(scan([tmp_path], "RD-CTR-009", "rx7900xtx"))
    (tmp_path / "docker-compose.rocm.yml").unlink()
    assert flagged(scan([tmp_path], "RD-CTR-003", "rx7900xtx"))


def test_an_image_that_holds_no_pytorch_needs_no_larger_shm(tmp_path):
    # fresh greentortoises-antcolony: the script builds a HIP SDK image (ubuntu + amdgpu-install) and runs it -it
    write(tmp_path, "Dockerfile.rocm", "FROM ubuntu:20.04\nRUN apt-get update && apt-get install -y cmake\n"
          "RUN amdgpu-install -y --usecase=hiplibsdk --no-dkms\n")
    write(tmp_path, "run_rocm.sh", "#!/bin/bash\ndocker buildx build . -f ./Dockerfile.rocm -t ant_colony_rocm && "
          "docker run -it --device=/dev/kfd --device=/dev/dri --group-add video ant_colony_rocm\n")
    assert not flagged(scan([tmp_path], "RD-CTR-005", "rx7900xtx"))
    # the same image with torch installed from a requirements file it copies: a PyTorch session, 64 MiB warns
    write(tmp_path, "Dockerfile.rocm", "FROM ubuntu:20.04\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n")
    write(tmp_path, "requirements.txt", "numpy\ntorch==2.5.1\n")
    assert flagged(scan([tmp_path], "RD-CTR-005", "rx7900xtx"))


def test_a_tensorflow_compose_service_needs_no_larger_shm(tmp_path):
    # fresh pagrossi91-rocm31-tf-compose: the service builds FROM rocm/tensorflow (2 MI50s)
    write(tmp_path, "dockerfile", "FROM rocm/tensorflow:rocm3.1-tf2.0-python3\nRUN pip3 install -r requirements.txt\n")
    write(tmp_path, "requirements.txt", "tensorflow-rocm\nnumpy\n")
    write(tmp_path, "docker-compose.yml", "services:\n  rocmtest:\n    image: rocmtest:grossi\n    build:\n"
          "      context: .\n      dockerfile: dockerfile\n    devices: [/dev/kfd, /dev/dri]\n")
    assert not flagged(scan([tmp_path], "RD-CTR-005", "mi50x2-xeon"))


def test_a_notebook_the_dockerfile_starts_is_a_training_session(tmp_path):
    # fresh fryinggorilla-cfgraph: compose gives app-rocm no command; Dockerfile.rocm's CMD is `jupyter lab`
    write(tmp_path, "Dockerfile.rocm", "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
          'CMD ["jupyter", "lab", "--ip=0.0.0.0", "--port=8888"]\n')
    c = ("services:\n  app-rocm:\n    build:\n      context: .\n      dockerfile: Dockerfile.rocm\n    ports:\n"
         "      - \"8888:8888\"\n    devices: [/dev/kfd, /dev/dri]\n")
    write(tmp_path, "docker-compose.yaml", c)
    assert flagged(scan([tmp_path], "RD-CTR-005", "rx7900xtx"))
    # the same service whose image serves an app (uvicorn) is a server on the one GPU: not flagged
    write(tmp_path, "Dockerfile.rocm", "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
          'CMD ["uvicorn", "app:app", "--host", "0.0.0.0"]\n')
    assert not flagged(scan([tmp_path], "RD-CTR-005", "rx7900xtx"))


def test_a_lora_trainer_web_ui_on_one_gpu_still_needs_shm(tmp_path):
    # fresh aitoolkit-compose-nvidia-reserve (ostris/aitoolkit) and fluxgym-cuda122-compose: a port and a restart
    # policy, but the jobs they start train with DataLoader workers
    c = ("services:\n  ai-toolkit:\n    image: ostris/aitoolkit:latest\n    restart: unless-stopped\n    ports:\n"
         "      - \"8675:8675\"\n    devices: [/dev/kfd, /dev/dri]\n")
    assert flagged(scan([write(tmp_path, "docker-compose.yml", c)], "RD-CTR-005", "rx7900xtx"))
    # the look-alike: an inference web UI with a port on the one GPU
    c = c.replace("ai-toolkit:", "webui:").replace("ostris/aitoolkit:latest", "rocm/pytorch:latest")
    c = c.replace("    devices", "    command: python app.py --listen\n    devices")
    assert not flagged(scan([write(tmp_path, "docker-compose.yml", c)], "RD-CTR-005", "rx7900xtx"))


def test_a_shell_form_entrypoint_runs_whatever_compose_command_says(tmp_path):
    # https://github.com/wyfi0 (tests/corpus/artifacts/wyfi0-sd-rocm-terminal-compose): `command: bash` and a tty, but
    # the Dockerfile's shell-form ENTRYPOINT starts ComfyUI's server, and Docker then ignores the command
    write(tmp_path, "Dockerfile", "FROM rocm/rocm-terminal:latest\nRUN pip3 install torch --index-url "
          "https://download.pytorch.org/whl/rocm6.0\nENTRYPOINT cd ComfyUI \\\n"
          "    && python3 main.py --listen\n")
    c = ("services:\n  custom-stable:\n    build:\n      dockerfile: Dockerfile\n    devices: [/dev/kfd, /dev/dri]\n"
         "    ports:\n      - 8188:8188\n    command: bash\n    tty: true\n")
    write(tmp_path, "docker-compose.yml", c)
    assert not flagged(scan([tmp_path], "RD-CTR-005", "rx7900xtx"))
    # the exec form takes the command as its arguments: `bash` with a tty stays a shell session
    write(tmp_path, "Dockerfile", "FROM rocm/rocm-terminal:latest\nRUN pip3 install torch --index-url "
          "https://download.pytorch.org/whl/rocm6.0\nENTRYPOINT [\"/usr/bin/env\"]\n")
    assert flagged(scan([tmp_path], "RD-CTR-005", "rx7900xtx"))


# ds2qdu/kai-scheduler-examples 03-training.yaml: a TrainJob's trainer runs in its TrainingRuntime's pods, whose
# volumes (a memory-backed emptyDir at /dev/shm there) the override does not repeat: RD-CTR-005 judges the runtime
def test_a_trainjob_override_is_not_judged_for_shared_memory(tmp_path):
    from tests.test_lint_kubernetes import TRAINER

    fs = flagged(scan([write(tmp_path, "t.yaml", TRAINER)], "RD-CTR-005", "mi300x8"))
    assert [f.subject.rsplit(": ", 1)[-1] for f in fs] == ["mnist-runtime/trainer"]  # the runtime's pod, no shm


_DRA = ("apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata:\n  name: gpu-claim\nspec:\n  spec:\n"
        "    devices:\n      requests:\n        - name: gpu\n          exactly:\n            deviceClassName: {cls}\n"
        "---\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: check\nspec:\n  template:\n    spec:\n"
        "      resourceClaims:\n        - name: gpu\n          resourceClaimTemplateName: gpu-claim\n"
        "      containers:\n        - name: c\n          image: docker.io/rocm/rocm-terminal:6.4\n"
        "          command: [\"sh\", \"-c\"]\n          args:\n            - |\n              rocm-smi || exit 1\n"
        "              rocm-smi --showid\n          resources:\n            claims:\n              - name: gpu\n")


def test_a_dra_claim_for_amd_gpus_passes_the_device_nodes_and_a_tool_only_pod_needs_no_shm(lint):
    # leo8a's OpenShift validation jobs for AMD's GPU operator (spent fresh batch 30, labelled clean): the GPU comes
    # through a DRA claim on the gpu.amd.com device class, and the pod runs rocm-smi, never PyTorch
    p = lint.write("job.yaml", _DRA.format(cls="gpu.amd.com"))
    got = lint([p], "RD-CTR-003", "mi300x8")
    assert lint.statuses(got) == ["pass"] and "DRA resource claim for gpu.amd.com" in got[0].title
    shm = lint([p], "RD-CTR-005", "mi300x8")
    assert lint.statuses(shm) == ["pass"] and "GPU tools only (rocm-smi)" in shm[0].title


def test_a_pod_without_a_claim_or_running_pytorch_is_still_judged(lint):
    # look-alikes: the claim removed (nothing asks for a GPU), and the same pod training with torchrun
    plain = _DRA.format(cls="gpu.amd.com").replace("          resources:\n            claims:\n              - name: gpu\n", "")
    p = lint.write("job.yaml", plain.replace("rocm-terminal:6.4", "rocm/pytorch:latest").replace(
        "rocm-smi || exit 1", "torchrun --nproc_per_node 8 train.py"))
    assert lint.statuses(lint([p], "RD-CTR-003", "mi300x8")) == ["fail"]
    q = lint.write("job2.yaml", _DRA.format(cls="gpu.amd.com").replace("rocm-smi || exit 1",
                                                                       "torchrun --nproc_per_node 8 train.py"))
    assert lint.statuses(lint([q], "RD-CTR-005", "mi300x8")) == ["warn"]
    # NVIDIA's device class is not AMD's driver: the claim does not pass AMD's nodes
    r = lint.write("job3.yaml", _DRA.format(cls="gpu.nvidia.com"))
    assert "DRA" not in " ".join(f.title for f in lint([r], "RD-CTR-003", "mi300x8"))


def test_a_claim_on_another_device_class_is_no_gpu_and_env_is_no_gpu_tool(lint):
    # review of this wave: a DRA claim for a NIC, and `env VAR=x torchrun ...` (env runs the program after it)
    p = lint.write("job.yaml", _DRA.format(cls="sriov.network.example.com").replace(
        "rocm-smi || exit 1", "torchrun --nproc_per_node 8 train.py"))
    assert lint.statuses(lint([p], "RD-CTR-003", "mi300x8")) == ["fail"]
    q = lint.write("docker-compose.yml", "services:\n  t:\n    image: rocm/pytorch:latest\n    devices: [/dev/kfd, /dev/dri]\n"
                   "    command: env HSA_OVERRIDE_GFX_VERSION=11.0.0 torchrun --nproc_per_node 8 train.py\n")
    assert lint.statuses(lint([q], "RD-CTR-005", "mi300x8")) == ["warn"]


@pytest.mark.parametrize("service, flagged_", [
    # llama.cpp's Vulkan server and a VA-API/Vulkan video encoder (lucasmind's and dorftv's AMD overlays, spent fresh
    # batches): Mesa's RADV and radeonsi run on the render node alone
    ("    image: ghcr.io/ggml-org/llama.cpp:server-vulkan\n    devices: [/dev/dri]\n", False),
    ("    image: dove:latest\n    devices: [/dev/dri:/dev/dri]\n    environment:\n      - AMD_VULKAN_ICD=RADV\n"
     "      - LIBVA_DRIVER_NAME=radeonsi\n", False),
    # look-alikes: ROCm compute asked beside the Vulkan words, a ROCm image, no graphics word at all
    ("    image: ghcr.io/ggml-org/llama.cpp:server-vulkan\n    devices: [/dev/dri]\n    environment:\n"
     "      - HSA_OVERRIDE_GFX_VERSION=11.0.0\n", True),
    ("    image: ollama/ollama:rocm\n    devices: [/dev/dri]\n    environment: [MESA_VK_DEVICE_SELECT=1]\n", True),
    ("    image: myapp:latest\n    devices: [/dev/dri]\n    command: python infer.py\n", True),
    # spent fresh iz-dinesh-se: a digest-pinned llama-swap Vulkan build known by its RADV switch alone
    ("    image: ghcr.io/mostlygeek/llama-swap@sha256:4954\n    devices: [/dev/dri:/dev/dri]\n    environment:\n"
     "      - RADV_PERFTEST=nogttspill\n", False),
    ("    image: myapp:latest\n    devices: [/dev/dri]\n    environment: [RADVANCE_MODE=1]\n", True),
])
def test_dev_dri_alone_is_enough_for_vulkan_and_va_api_not_for_rocm(lint, service, flagged_):
    p = lint.write("docker-compose.yml", "services:\n  app:\n" + service)
    assert lint.statuses(lint([p], "RD-CTR-003", "rx7900xtx")) == (["fail"] if flagged_ else ["pass"])


def test_a_service_given_an_npu_is_no_gpu_service(lint):
    # fresh batch 299 (fractalical photo-metadata): the "amd" profile runs onnxruntime on a Ryzen AI NPU (/dev/accel,
    # the amdxdna driver) with group_add video/render; it asks for no GPU, so no /dev/kfd is missing
    npu = "    image: python:3.12-slim\n    devices: [/dev/accel:/dev/accel]\n    group_add: [video, render]\n"
    p = lint.write("docker-compose.yml", "services:\n  app:\n" + npu)
    fs = lint([p], "RD-CTR-003", "strix-halo-apu")
    assert lint.statuses(fs) == ["pass"] and "NPU" in fs[0].title
    both = npu.replace("[/dev/accel:/dev/accel]", "[/dev/accel:/dev/accel, /dev/dri]")  # the GPU too: judged
    q = lint.write("compose.yml", "services:\n  app:\n" + both + "    command: python infer.py\n")
    assert lint.statuses(lint([q], "RD-CTR-003", "strix-halo-apu")) == ["fail"]


def test_a_vulkan_dev_container_needs_no_kfd():
    # nayetdet's OBS/RVC dev container (spent fresh batch 32): Mesa's Vulkan drivers from a feature, /dev/dri passed
    import os
    p = os.path.join(os.path.dirname(__file__), "..", "corpus", "fresh", "artifacts",
                     "vr-nayetdet-obsrvc-vulkan-devcontainer", "devcontainer.json")
    fs = scan([p], "RD-CTR-003", "rx7900xtx")
    assert [f.status.value for f in fs] == ["pass"] and "Vulkan" in fs[0].title


ANCHORED = """x-base: &base
  ports: ["7860:7860"]
  deploy:
    resources:
      reservations:
        devices:
          - driver: nvidia
            capabilities: [gpu]
  ipc: private

services:
  auto:
    <<: *base
    image: sd-auto:51
    command: python launch.py --train
  comfy:
    <<: *base
    image: comfy:1
    ipc: host
    command: python main.py --train
"""


def test_keys_a_service_takes_from_a_yaml_anchor_are_cited_where_the_anchor_writes_them(lint):
    # fresh yo-ifumiya-sdscripts: `<<: *base_service` brings NVIDIA's reservation into each service; the line to
    # change is the anchor's `- driver: nvidia` (7), not each service's name line
    c = lint.write("docker-compose.yml", ANCHORED)
    fs = lint.flagged(lint([c], "RD-CTR-004", "rx7900xtx"))
    assert len(fs) == 2 and {f.evidence[0].source.rsplit(":", 1)[-1] for f in fs} == {"7"}
    fs = lint.flagged(lint([c], "RD-CTR-003", "rx7900xtx"))
    assert len(fs) == 2 and all([e.source.rsplit(":", 1)[-1] for e in f.evidence] in (["12", "7"], ["16", "7"])
                                for f in fs)
    from rocmdoctor.artifacts.readers import read_one
    a = read_one(c)
    svcs = a.data["services"]
    # the service's own key wins over the anchor's (comfy's ipc at line 19), the anchor's where it has none
    assert svcs["auto"]["lines"] == {"deploy": 3, "ipc": 9, "gpu_request": 7}
    assert "ipc" not in svcs["comfy"]["lines"] and svcs["comfy"]["ipc"] == "host"
    assert (svcs["auto"]["line"], svcs["auto"]["last"]) == (12, 15) and svcs["comfy"]["last"] == 20


def test_a_merge_key_over_many_anchors_stays_bounded():
    from rocmdoctor.artifacts.readers import compose
    anchors = "".join(f"x-a{i}: &a{i}\n  k{i}: [{', '.join(['1'] * 50)}]\n" for i in range(40))
    merges = ", ".join(f"*a{i}" for i in range(40))
    text = anchors + "services:\n" + "".join(f"  s{j}:\n    <<: [{merges}]\n    image: x\n" for j in range(200))
    a = compose.read("docker-compose.yml", text)
    assert a.error or len(a.data["services"]) == 200


def test_a_key_written_twice_is_cited_where_the_kept_value_is():
    # fresh aa-lhqezio: two `environment:` keys in one service; PyYAML keeps the second, so its items are cited at
    # their own lines (the override at 9), not at the first block's
    from rocmdoctor.artifacts.readers import compose
    text = ("services:\n  s:\n    image: x\n    environment:\n      - MODEL=/m\n      - PORT=1\n    devices: [/dev/kfd]\n"
            "    environment:\n      - HSA_OVERRIDE_GFX_VERSION=11.0.0\n")
    a = compose.read("docker-compose.yml", text)
    assert [(v.name, v.origin.line) for v in a.values if v.kind == "env"] == [("HSA_OVERRIDE_GFX_VERSION", 9)]
    assert a.data["duplicate_keys"] == [("services.s.environment", 8, 4)]


def test_jupyters_cpu_stack_beside_the_gpu_service_is_not_gpu_work(lint):
    # fresh yv-sachi854: ComfyUI with the device nodes, and jupyter/minimal-notebook (no torch) for notes beside it
    c = lint.write("compose.yml", "services:\n  web:\n    image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
                   "    devices: [/dev/kfd, /dev/dri]\n    ipc: host\n  jupyter:\n    image: jupyter/minimal-notebook:latest\n"
                   "    ports: ['8888:8888']\n    command: [start-notebook.sh]\n")
    for code in ("RD-CTR-003", "RD-CTR-005"):
        assert not lint.flagged(lint([c], code, "rx7900xtx")), code
    # a notebook started on a GPU stack (pytorch-notebook), or one that runs a training script, is judged
    g = lint.write("compose.yml", "services:\n  jupyter:\n    image: quay.io/jupyter/pytorch-notebook:cuda12-latest\n"
                   "    command: [start-notebook.sh]\n")
    assert lint.flagged(lint([g], "RD-CTR-003", "rx7900xtx"))
    t = lint.write("compose.yml", "services:\n  jupyter:\n    image: jupyter/minimal-notebook:latest\n"
                   "    command: python train.py\n")
    assert lint.flagged(lint([t], "RD-CTR-003", "rx7900xtx"))


def test_a_trainjob_alone_is_one_pass_not_an_error():
    # spent fresh set zr-raumberg-myllm-trainjob-ds: a TrainJob and no runtime in the files; the check returned no
    # finding at all, which the engine reports as a crash
    one = scan([os.path.join(FRESH3, "zr-raumberg-myllm-trainjob-ds")], "RD-CTR-005", "mi300x8")
    assert [f.status.value for f in one] == ["pass"] and "TrainJob" in one[0].title


# Spent fresh ex-rocm-hipep (AMD's hipDNN EP run.sh): `local -a docker_args=()`, `populate_gpu_args docker_args`
# (a function that appends --device=/dev/kfd and the render nodes through `local -n`), then
# `docker run "${docker_args[@]}" "$IMAGE" ...`: the options are held in the array, not absent
def test_docker_run_with_options_held_in_an_array_a_function_fills_is_not_judged(tmp_path):
    from tests.lintacc_helpers import flagged, scan, write

    body = ("#!/bin/bash\nIMAGE=hip-build:1\npopulate_gpu_args() {\n    local -n _out=$1\n"
            "    _out+=(--device=/dev/kfd --device=/dev/dri)\n}\nshell() {\n    local -a docker_args=()\n"
            "    populate_gpu_args docker_args\n    docker run -it \"${docker_args[@]}\" \"$IMAGE\" bash\n}\nshell\n")
    [f] = scan([write(tmp_path, "run.sh", body)], "RD-CTR-003", "mi300x8")
    assert f.status.value == "pass" and "held in ${docker_args[@]}" in f.title
    # an array the script fills itself is read: without the devices it is judged
    own = ("#!/bin/bash\nargs=(--rm -it)\ndocker run \"${args[@]}\" rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_"
           "release_2.3.0 bash\n")
    assert flagged(scan([write(tmp_path, "run2.sh", own)], "RD-CTR-003", "mi300x8"))
    # the image after an array expansion is the next word, not the array
    from rocmdoctor.artifacts.readers.containers import parse
    svc, _ = parse(["docker", "run", "-t", "${opts[@]}", "$IMAGE", "python3", "b.py"], 0)
    assert svc["image"] == "$IMAGE" and svc["held_options"] == "${opts[@]}" and svc["command"] == "python3 b.py"



CUDA_COMPOSE = ("services:\n  train:\n    image: pytorch/pytorch:2.4.0-cuda12.1-cudnn9-runtime\n"
                "    command: torchrun --nproc_per_node 8 train.py\n")


@pytest.mark.parametrize("code", ["RD-CTR-003", "RD-CTR-005"])
def test_gpu_services_on_a_machine_without_an_amd_gpu_are_not_judged(lint, code):
    # on a CPU-only host there is no /dev/kfd to pass and no GPU count to size /dev/shm for: the check says
    # so and how to judge the files against the GPU server; the same file on an AMD host is flagged
    p = lint.write("compose.yaml", CUDA_COMPOSE)
    fs = lint([p], code, example="no-gpu")
    assert lint.statuses(fs) == ["skip"] and "no AMD GPU" in fs[0].title and "--snapshot" in fs[0].title
    assert lint.flagged(lint([p], code, example="mi300x8"))


def test_an_nvidia_host_is_no_amd_host_and_an_amd_pci_gpu_without_kfd_is(tmp_path, lint):
    pci = "/sys/bus/pci/devices/0000:01:00.0"
    nvidia = build_snapshot(tmp_path / "nv", files={f"{pci}/class": "0x030200\n", f"{pci}/vendor": "0x10de\n",
                                                    f"{pci}/device": "0x2330\n"})
    p = lint.write("compose.yaml", CUDA_COMPOSE)
    assert lint.statuses(lint([p], "RD-CTR-003", snapshot=nvidia)) == ["skip"]
    # an AMD GPU the driver has not brought up (no KFD node) is still an AMD host: its files are judged
    amd = build_snapshot(tmp_path / "amd", files={f"{pci}/class": "0x030000\n", f"{pci}/vendor": "0x1002\n",
                                                  f"{pci}/device": "0x744c\n"})
    assert lint.statuses(lint([p], "RD-CTR-003", snapshot=amd)) == ["fail"]


def test_wsl2_gpu_service_without_dxg_asks_for_dxg_not_kfd(tmp_path):
    # fresh batch 209 (a TGI compose run on a WSL2 Radeon desktop): WSL2 has no /dev/kfd, its GPU is /dev/dxg
    text = ("services:\n  tgi:\n    image: ghcr.io/huggingface/text-generation-inference:3.0.1-rocm\n"
            "    shm_size: 1g\n")
    p = write(tmp_path, "compose.yaml", text)
    fs = flagged(scan([p], "RD-CTR-003", "wsl2-radeon"))
    assert len(fs) == 1 and "/dev/dxg" in fs[0].title and "/dev/kfd" not in fs[0].title
    plan = " ".join(str(a.description) for a in fs[0].fix.actions)
    assert "/dev/dxg" in plan and "/dev/kfd" not in plan
    # mapping /dev/dxg passes there; on a native host the same service is told to pass /dev/kfd and /dev/dri
    ok_ = write(tmp_path, "ok/compose.yaml", text + "    devices: [/dev/dxg]\n    volumes:\n"
                "      - /usr/lib/wsl/lib/libdxcore.so:/usr/lib/libdxcore.so\n")
    assert not flagged(scan([ok_], "RD-CTR-003", "wsl2-radeon"))
    native = flagged(scan([p], "RD-CTR-003", "rx7900xtx"))
    assert len(native) == 1 and "/dev/kfd" in native[0].title


def test_nvidia_syntax_is_not_judged_on_a_machine_without_an_amd_gpu(tmp_path):
    # fresh batch 267 (whisper images with a docker-compose.cuda.yaml variant, judged on a CPU-only box): NVIDIA's
    # reservation is no AMD concern there; on an AMD machine, or in files that name ROCm, it still is
    compose = ("services:\n  whisper:\n    image: onerahmet/openai-whisper-asr-webservice:latest-gpu\n    deploy:\n"
               "      resources:\n        reservations:\n          devices:\n            - driver: nvidia\n"
               "              count: 1\n              capabilities: [gpu]\n")
    p = write(tmp_path, "docker-compose.cuda.yaml", compose)
    assert flagged(scan([p], "RD-CTR-004", "no-gpu")) == []
    assert len(flagged(scan([p], "RD-CTR-004", "rx7900xtx"))) == 1
    q = write(tmp_path, "b/docker-compose.yaml", compose.replace("latest-gpu", "latest-gpu\n    devices:\n"
                                                                 "      - /dev/kfd"))
    assert len(flagged(scan([q], "RD-CTR-004", "no-gpu"))) == 1  # written for an AMD GPU: judged for it
