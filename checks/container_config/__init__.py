"""Compose files, and the `docker run` (podman, nerdctl) commands in launch and Slurm scripts,
against the GPUs they will run on: device nodes, NVIDIA-only syntax, shared memory, groups
named that the image may lack, and visible-device indexes that `devices:` renumbers.
RD-CTR-001/002 judge a running container; these judge its definition (`scan --config
docker-compose.yml run.sh`) before it starts.
Groups (RD-CTR-006) are in groups.py, a host environment mounted in (RD-CTR-008) in mounts.py,
what the rules share in services.py.
"""
from __future__ import annotations

import re

from rocmdoctor.engine.check import Action as Action, FixPlan as FixPlan, check, ev, fail, ok, skip as skip, warn
from rocmdoctor.artifacts.settings import built_from
from rocmdoctor.knowledge import artifacts as ka
from rocmdoctor.base.untrusted import pick as pick
from .services import TRAINER_UI, TRAINING, all_reservations, base_ev, command_of, dockerfiles_of, torch_free, device_list, gpu_reservations, gpus_via_cdi, none_found, say_both, services_of, svc_ev, svc_plan, uses_cdi
from .services import AREA, DOCKER_HOWTO, DS_ENV_REPORT
from .nvidia import nvidia_evidence, nvidia_requests
from .claims import dra_classes
from .graphics import dri_only, graphics_only
from .values import image_command, tools_only
from ..machine_target import judged_here, no_amd_gpu
from .wsl import wsl_service


@check("RD-CTR-003", area=AREA, title="Compose services pass /dev/kfd and /dev/dri into the container",
       option="config", sources=[DOCKER_HOWTO, "https://github.com/ROCm/TheRock/issues/7705"])
def compose_devices(settings, amd_cdi=None, wsl=None, amd_host=None):
    services = list(services_of(settings, gpu_only=True))
    if not services:
        return none_found(settings)
    if not judged_here(settings, amd_host):
        return no_amd_gpu(f"{len(services)} GPU service(s) defined")
    out = []
    # /dev/kfd given to a sibling: the author knows ROCm's device nodes, so /dev/dri alone is for video or graphics
    kfd_elsewhere = any("/dev/kfd" in device_list(s) for _, _, s in services)
    for a, name, svc in services:
        devs = device_list(svc)
        subject = f"{a.path}: {name}"
        if svc.get("privileged") is True or uses_cdi(svc):
            out.append(ok(f"{name}: GPUs come in through {'privileged mode' if svc.get('privileged') else 'CDI'}",
                          subject=subject, evidence=[svc_ev(a, svc, 'privileged' if svc.get('privileged') else
                                                         'runtime')]))
            continue
        claimed = dra_classes(settings, svc)
        if claimed is not None and (not claimed or any("amd" in c.lower() for c in claimed)):
            # a DRA claim: the driver that serves its device class (AMD's gpu.amd.com) passes the device nodes; a
            # template not among the files is the deployment's (its class unknown here), not a missing request
            out.append(ok(f"{name}: GPUs come in through a DRA resource claim"
                          f"{' for ' + ', '.join(claimed) if claimed else ' (its device class is not in the files)'}",
                          subject=subject, evidence=[svc_ev(a, svc, "gpu_claims")]))
            continue
        amd_res = [k for k in svc.get("gpu_resources") or {} if k in ka.K8S_AMD_GPU_RESOURCES]
        if amd_res:
            out.append(ok(f"{name}: GPUs come in through the {amd_res[0]} device plugin", subject=subject,
                          evidence=[svc_ev(a, svc, "gpu_resources")]))
            continue
        if svc.get("kubernetes") and (nvidia := [k for k in svc.get("gpu_resources") or {}
                                                 if str(k).startswith("nvidia.com/")]):
            # in a pod the device plugin that serves the resource passes the device nodes: the one change is
            # the resource's name, which RD-CTR-004 reports; no second finding for the same line
            out.append(ok(f"{name}: asks NVIDIA's device plugin for {nvidia[0]} (RD-CTR-004); AMD's plugin passes "
                          "/dev/kfd and /dev/dri once it asks for amd.com/gpu", subject=subject,
                          evidence=[svc_ev(a, svc, "gpu_resources")]))
            continue
        orphan = _orphan_devices(settings, a)
        if orphan and not device_list(svc):
            out.append(ok(f"{name}: the device nodes for this deployment are written under service {orphan}, which no "
                          "compose file of the folder defines (RD-CTR-009 reports it)", subject=subject))
            continue
        if gpus_via_cdi(svc, amd_cdi):
            out.append(ok(f"{name}: GPUs come in through --gpus and AMD's CDI spec (Docker 29.3 or newer)",
                          subject=subject, evidence=[svc_ev(a, svc, "gpus" if svc.get("gpus") else "deploy"),
                                                     ev(amd_cdi[0], "declares amd.com/gpu devices")]))
            continue
        if "/dev/dxg" in devs and wsl is not None:  # ROCm under WSL2: the GPU is /dev/dxg, there is no /dev/kfd
            out.append(wsl_service(a, name, svc, devs, subject, amd_cdi))
            continue
        if any(d.startswith("/dev/accel") for d in devs) and not any(d.startswith(("/dev/dri", "/dev/kfd")) for d in devs):
            out.append(ok(f"{name}: given an NPU (/dev/accel: AMD's XDNA through the amdxdna driver), not a GPU",
                          subject=subject, evidence=[svc_ev(a, svc, "devices")]))
            continue
        graphics = graphics_only(svc, devs) or (kfd_elsewhere and dri_only(svc, devs))
        if graphics:
            out.append(ok(f"{name}: /dev/dri for {graphics}, which runs on the render node; nothing asks for ROCm compute "
                          "(HIP, HSA, a ROCm image), so /dev/kfd is not needed", subject=subject,
                          evidence=[svc_ev(a, svc, "devices")]))
            continue
        missing = [d for d, ok_ in (("/dev/kfd", "/dev/kfd" in devs),
                                    ("/dev/dri", any(d == "/dev/dri" or d.startswith("/dev/dri/") for d in devs)))
                   if not ok_]
        if not missing:
            out.append(ok(f"{name}: /dev/kfd and /dev/dri are passed in", subject=subject,
                          evidence=[svc_ev(a, svc, "devices")]))
            continue
        if svc.get("held_options"):  # `docker run "${docker_args[@]}" ...`: the devices may be among them
            out.append(ok(f"{name}: not judged: its options are held in {svc['held_options']}, which may pass the "
                          "device nodes", subject=subject, evidence=[svc_ev(a, svc, "image")]))
            continue
        if svc.get("kubernetes"):
            out.append(fail(f"{name}: the pod requests no amd.com/gpu, so no GPU device node reaches the container",
                            "In Kubernetes AMD's device plugin passes /dev/kfd and the render nodes into containers that "
                            "request amd.com/gpu in resources.limits; without the request HIP finds no GPU ('No HIP GPUs "
                            "are available').", subject=subject, evidence=[svc_ev(a, svc, "image")],
                            fix=svc_plan("Request AMD GPUs", a, [f"{name}: resources.limits: amd.com/gpu: 1"])))
            continue
        if wsl is not None:  # ROCm under WSL2 has no /dev/kfd: the GPU is /dev/dxg, with the host's WSL libraries
            out.append(wsl_service(a, name, svc, devs, subject, amd_cdi))
            continue
        out.append(fail(f"{name}: {' and '.join(missing)} not passed into the container",
                        "ROCm needs /dev/kfd (compute) and the /dev/dri render nodes inside the container; without "
                        "them HIP finds no GPU ('No HIP GPUs are available').", subject=subject,
                        # where it asks for a GPU NVIDIA's way instead (the reservation to replace), if it does
                        evidence=[svc_ev(a, svc, "devices")] + [e for _, e in nvidia_requests(a, svc, amd_cdi)][:1]
                        + base_ev(svc, "devices"),
                        fix=svc_plan("Pass the GPU device nodes", a, [say_both(name, svc, "devices: [/dev/kfd, /dev/dri]",
                                                                        "add --device /dev/kfd --device /dev/dri")],
                                  svc, name, [("append", "devices", d) for d in missing])))
    return out


def _orphan_devices(settings, a) -> str | None:
    """A service of a compose file in ``a``'s folder that passes /dev/kfd but has no image and no build
    context in any file there (an override naming a service its base does not define): the GPU options
    meant for a real service land nowhere, and RD-CTR-009 names it."""
    import os

    from rocmdoctor.base.untrusted import pick as pick_

    here = os.path.dirname(a.path)
    files = [b for b in settings.of_kind("compose") if os.path.dirname(b.path) == here and isinstance(b.data, dict)]
    runnable = {n for b in files for n, s in (pick_(b.data, "services", default={}) or {}).items()
                if isinstance(s, dict) and (s.get("image") or s.get("extends") or isinstance(s.get("build"), str)
                                            or (isinstance(s.get("build"), dict)
                                                and (s["build"].get("context") or s["build"].get("dockerfile"))))}
    for b in files:
        for n, s in (pick_(b.data, "services", default={}) or {}).items():
            if isinstance(s, dict) and n not in runnable and "/dev/kfd" in device_list(s):
                return str(n)
    return None


@check("RD-CTR-004", area=AREA, title="Compose files and docker run use no NVIDIA-only GPU syntax on an AMD machine",
       option="config", sources=[ka.COMPOSE_GPU, DOCKER_HOWTO, ka.AMD_CDI])
def compose_nvidia_syntax(settings, gpus=None, amd_cdi=None, amd_host=None):
    services = list(services_of(settings))
    if not services:
        return none_found(settings)
    if not judged_here(settings, amd_host):  # on a CPU-only or NVIDIA machine NVIDIA's syntax is that machine's concern
        return no_amd_gpu(f"{len(services)} service(s)")
    out = []
    for a, name, svc in services:
        found = nvidia_requests(a, svc, amd_cdi)
        if not found:
            out.append(ok(f"{name}: no NVIDIA-only syntax", subject=f"{a.path}: {name}"))
            continue
        mk = fail if [g for g in gpus or [] if not g.integrated] else warn
        out.append(mk(f"{name}: NVIDIA-only GPU syntax ({'; '.join(f for f, _ in found)})",
                      "These reach GPUs only through the NVIDIA container runtime; on an AMD machine the container "
                      "starts without a GPU or fails ('could not select device driver \"nvidia\"'). Pass "
                      "/dev/kfd and /dev/dri as devices, or use AMD's container toolkit (with its CDI spec, "
                      "`amd-ctk cdi generate`, Docker 29.3 and newer also take --gpus).",
                      subject=f"{a.path}: {name}", evidence=nvidia_evidence(settings, a, svc, found),
                      fix=svc_plan("Use the ROCm device nodes", a,
                                [say_both(name, svc, f"remove {f}", f"remove {f}") for f, _ in found]
                                + [say_both(name, svc, "devices: [/dev/kfd, /dev/dri]",
                                        "add --device /dev/kfd --device /dev/dri")], svc, name,
                                [("remove", k, None) for k, hit in (
                                    ("runtime", str(svc.get("runtime") or "").lower() == "nvidia"),
                                    (("deploy", "resources", "reservations", "devices"), bool(gpu_reservations(svc))),
                                    ("gpus", bool(svc.get("gpus")))) if hit]
                                + [("append", "devices", d) for d in ("/dev/kfd", "/dev/dri")]
                                if len(found) == sum(1 for f, _ in found if "=" not in f) else ())))
    return out


# Inference servers whose images hold no PyTorch (Go/C++ runtimes over llama.cpp or whisper.cpp):
# /dev/shm carries DataLoader batches and RCCL's intra-node traffic, neither of which they have.
NO_TORCH_IMAGES = ("ollama/ollama", r"^llama[.-]?cpp", r"^whisper[.-]?cpp", "ghcr.io/ggml-org/",
                   r"^tensorflow")  # TensorFlow's input pipeline (tf.data) keeps batches in the process: no /dev/shm


# AMD's cluster images that run its own tools (RVS, the exporter, the device plugin), never PyTorch.
AMD_TOOL_IMAGES = ("rocm/test-runner", "rocm/device-metrics-exporter", "rocm/k8s-device-plugin", "rocm/k8s-node-labeller",
                   "rocm/gpu-operator")
@check("RD-CTR-005", area=AREA, title="Compose services get enough shared memory (ipc: host or shm_size)",
       option="config", sources=[DS_ENV_REPORT, DOCKER_HOWTO])
def compose_shm(settings, gpus=None, amd_host=None):
    services = list(services_of(settings, gpu_only=True))
    if not services:
        return none_found(settings)
    # no GPUs here: the services' GPU count, and so what /dev/shm they need, is the server's
    if not judged_here(settings, amd_host):
        return no_amd_gpu(f"{len(services)} GPU service(s) defined")
    n = len(gpus or [])  # an APU's one integrated GPU is one GPU too: no collectives between GPUs
    need = ka.SHM_MULTI_GPU if n != 1 else ka.SHM_MULTI_GPU // 2
    out = []
    for a, name, svc in services:
        subject = f"{a.path}: {name}"
        if svc.get("kubernetes") == "HelmValues":  # a chart's values: its templates write the pods' volumes
            out.append(ok(f"{name}: a Helm chart's values; the chart's templates decide /dev/shm", subject=subject))
            continue
        if svc.get("kubernetes") == "TrainJob":  # its trainer runs in the runtime's pods: their volumes are the runtime's
            out.append(ok(f"{name}: a TrainJob; its /dev/shm is its training runtime's pods', judged there",
                          subject=subject))
            continue
        image = str(svc.get("image") or "").lower()
        tied = built_from(settings, a, name, svc)  # an image the files build is what its Dockerfile makes it
        if not tied and (any(re.search(p, image.rsplit("/", 1)[-1].split(":")[0]) or image.startswith(p)
                             for p in NO_TORCH_IMAGES) or image.removeprefix("docker.io/").startswith(AMD_TOOL_IMAGES)):
            out.append(ok(f"{name}: {svc.get('image')} runs no PyTorch (no DataLoader workers, no RCCL): the default "
                          "/dev/shm is enough", subject=subject))
            continue
        if tools_only(svc):
            out.append(ok(f"{name}: runs GPU tools only ({tools_only(svc)}), no PyTorch: the default /dev/shm is enough",
                          subject=subject))
            continue
        docks = dockerfiles_of(settings, a, name, svc)
        if not svc.get("entrypoint") and len(docks) == 1:
            # what the image runs: its Dockerfile's CMD when compose says nothing (`jupyter lab`: a notebook), and
            # a shell-form ENTRYPOINT whatever compose's command says (Docker then ignores CMD and command)
            entry, cmd = image_command(docks[0])
            if entry and not entry.get("exec"):
                svc = dict(svc, command=entry.get("run"), tty=None, stdin_open=None)
            elif not svc.get("command") and (entry or cmd):
                svc = dict(svc, command=" ".join(str(x.get("run")) for x in (entry, cmd) if x))
        if torch_free(settings, docks):
            out.append(ok(f"{name}: the image built from {', '.join(sorted({d.path for d in docks}))} holds no PyTorch "
                          "(a TensorFlow model or a compiled HIP program): no DataLoader workers pass batches through "
                          "/dev/shm", subject=subject))
            continue
        trainer_ui = TRAINER_UI.search(f"{name} {svc.get('image') or ''} {command_of(svc)}".lower())
        # one GPU on this machine, or the one a pod asks for (`amd.com/gpu: 1`): no collectives between GPUs
        asks = svc.get("gpu_resources") if isinstance(svc.get("gpu_resources"), dict) else {}
        one = "this machine's one GPU" if n == 1 else "the one GPU it asks for" if [
            str(x) for x in asks.values()] == ["1"] and not _parallel(svc) else ""
        if one and not trainer_ui and (_serves(svc) or not _trains(name, svc)):
            out.append(ok(f"{name}: {'a server kept running' if _serves(svc) else 'an application that does not train'}"
                          f" on {one}: no collectives between GPUs and no DataLoader workers, so the "
                          "default /dev/shm is enough", subject=subject))
            continue
        if n > 1 and not trainer_ui and _serves(svc) and not _trains(name, svc) and not _parallel(svc) \
                and not any(_MULTI_PROCESS.search(d.text or "") for d in docks):
            # a model server runs on one GPU unless told to split the model (vLLM's --tensor-parallel-size
            # defaults to 1): seeing the other GPUs makes no collectives, so no RCCL traffic through /dev/shm
            out.append(ok(f"{name}: a server that asks for no tensor/pipeline parallelism or several GPUs: it runs "
                          "on one GPU, no collectives and no DataLoader workers, so the default /dev/shm is enough",
                          subject=subject))
            continue
        if str(svc.get("ipc") or "").lower() == "host":
            out.append(ok(f"{name}: ipc: host shares the host's /dev/shm", subject=subject,
                          evidence=[svc_ev(a, svc, "ipc")]))
            continue
        if svc.get("shm_size") == "unlimited":  # a memory-backed emptyDir without sizeLimit at /dev/shm
            out.append(ok(f"{name}: /dev/shm is a memory-backed emptyDir", subject=subject,
                          evidence=[svc_ev(a, svc, "image")]))
            continue
        size = ka.docker_size(svc.get("shm_size")) if "shm_size" in svc else ka.DOCKER_DEFAULT_SHM
        shown = f"{size / 2**30:.2f} GiB" if size and size >= 2**30 else f"{(size or 0) // 2**20} MiB"
        if size is not None and size >= need:
            out.append(ok(f"{name}: shm_size {shown}", subject=subject, evidence=[svc_ev(a, svc, "shm_size")]))
            continue
        k8s = bool(svc.get("kubernetes"))
        default = " (the runtime's default: no memory-backed emptyDir at /dev/shm)" if k8s else " (Docker's default)"
        out.append(warn(f"{name}: /dev/shm will be {shown}" + ("" if "shm_size" in svc else default),
                        f"RCCL passes data between GPUs through /dev/shm and DataLoader workers pass batches through "
                        f"it; below {need // 2**20} MiB training fails with 'Bus error' or an ncclShmOpen error.",
                        subject=subject, evidence=[svc_ev(a, svc, "shm_size" if "shm_size" in svc else "ipc")]
                        + base_ev(svc, "shm_size" if "shm_size" in svc else "ipc"),
                        fix=svc_plan("Give the container shared memory", a,
                                  [f"{name}: mount an emptyDir with medium: Memory (sizeLimit 16Gi) at /dev/shm"
                                   if k8s else say_both(name, svc, "ipc: host (or shm_size: 16G)",
                                                    "add --ipc=host (or --shm-size 16g)")],
                                  svc, name, () if k8s else [("set", "ipc", "host")])))
    return out


def _serves(svc) -> bool:
    """A server: it publishes ports (or shares the host's network, detached), or runs a task-queue
    worker (celery, rq, dramatiq: a request at a time, no DataLoader); and it is neither a notebook
    (a Jupyter container is where training with DataLoader workers happens) nor a shell session (a
    shell as its command, or a terminal attached to an image whose own command is a shell: a
    PyTorch or ROCm dev image started with -it is where the user trains). A restart policy is not
    needed (a web UI started by `docker compose up` serves all the same), but `restart: "no"` written
    out says the author expects it to end: a job."""
    what = f"{svc.get('command') or ''} {svc.get('entrypoint') or ''} {svc.get('image') or ''}".lower()
    worker = re.search(r"\b(celery|rq|dramatiq|arq|huey)\b.*\bworker\b|\b(rq|dramatiq|arq)\b", what)
    host_net = str(svc.get("network_mode") or "").lower() == "host" and svc.get("detach")
    if not (svc.get("ports") or worker or host_net) or re.search(r"jupyter|notebook|lab\b", what) \
            or str(svc.get("restart")).lower() in ("no", "false"):  # told outright not to keep running: a job
        return False
    command = command_of(svc)
    if _shell(command):
        return False  # a shell: whatever the user types next, often training
    terminal = svc.get("tty") is True or svc.get("stdin_open") is True
    return not (terminal and not command.strip() and _SHELL_IMAGE.search(str(svc.get("image") or "").lower()))


# What splits one model server over several GPUs (vLLM/SGLang/TGI/LMDeploy flags and the environment some images
# read them from), or launches one process per GPU: only then do ranks exchange tensors through /dev/shm.
_PARALLEL_FLAG = re.compile(r"(?:tensor|pipeline|data)[-_]parallel(?:[-_]size)?|(?<![\w-])-{1,2}(?:tp|pp|dp)(?:[-_]size)?|"
                            r"num[-_]shard|(?<![\w-])--(?:num[-_]gpus|nproc[-_]per[-_]node)", re.I)
# An image built to run distributed jobs behind its server (a Slurm or MPI stack, Megatron, DeepSpeed).
_MULTI_PROCESS = re.compile(r"\b(?:slurm-wlm|openmpi|mpirun|megatron|deepspeed|torchrun)\b", re.I)
_LAUNCHER = re.compile(r"\b(?:torchrun|torch\.distributed\.(?:run|launch)|deepspeed|accelerate\s+launch|mpirun|srun)\b")


def _parallel(svc) -> bool:
    """The service splits its work over several GPUs: a parallelism flag or variable above 1 (a value it does not
    show, ${TP}, counts), a launcher of one process per GPU, several GPUs requested by count or made visible."""
    from rocmdoctor.artifacts.readers.compose import service_env  # the readers are for --config only

    env = service_env(svc)
    text = f"{command_of(svc)} {svc.get('entrypoint') or ''} " + " ".join(f"{k}={v}" for k, v in env.items())
    if _LAUNCHER.search(text.lower()):
        return True
    for m in _PARALLEL_FLAG.finditer(text):
        value = re.match(r"[\s=:\"']*([^\s,\"'\]]+)", text[m.end():])
        if value and not (value.group(1).isdigit() and int(value.group(1)) <= 1) and not value.group(1).startswith("-"):
            return True
    counts = [r.get("count") for r in all_reservations(svc)] + list((svc.get("gpu_resources") or {}).values())
    if any(str(c).isdigit() and int(str(c)) > 1 for c in counts):
        return True
    return any(len([x for x in re.split(r"[,\s]+", str(v or "")) if x]) > 1 for k, v in env.items()
               if k in ka.VISIBLE_VARS)


def _shell(command: str) -> bool:
    return bool(re.fullmatch(r"\s*(?:/(?:usr/)?bin/)?(?:ba|z|da)?sh(?:\s+-[il]+)*\s*", command))


def _trains(name: str, svc) -> bool:
    """Whether a service on a one-GPU machine may run PyTorch DataLoader workers: it says it trains
    (its name, command, image or Dockerfile), or it is a session where the user does (a notebook, a
    shell, a terminal on a PyTorch/ROCm dev image). An inference server, a speech or OCR app, a web
    UI built from the repository needs no more than Docker's /dev/shm on one GPU."""
    build = svc.get("build")
    build = " ".join(str(v) for v in build.values()) if isinstance(build, dict) else str(build or "")
    command = command_of(svc)
    what = f"{name} {command} {svc.get('entrypoint') or ''} {svc.get('image') or ''} {build}".lower()
    if TRAINING.search(what):
        return True
    if _shell(command):
        return True  # a shell: whatever the user types next
    terminal = svc.get("tty") is True or svc.get("stdin_open") is True
    # a dev image's own shell (`docker compose run` gives it a terminal), or any image started with a terminal
    # and no command: a session
    return not command.strip() and (bool(_SHELL_IMAGE.search(str(svc.get("image") or "").lower())) or terminal)


# Images whose own command is a shell: started with a terminal, they are a session, not a server.
_SHELL_IMAGE = re.compile(r"^(?:docker\.io/)?(?:rocm/(?:pytorch|dev-|rocm-terminal|tensorflow|jax)|ubuntu|debian|python|"
                          r"pytorch/pytorch|nvidia/cuda|nvcr\.io/)")


def _indexes(value: str) -> list[int]:
    # (a hostile 5,000-digit "index" would pass Python's int-conversion limit: no device has such a number)
    return [int(x) for x in re.split(r"[,\s]+", value.strip()) if x.isdigit() and len(x) <= 6]


@check("RD-CTR-007", area=AREA, title="Visible-device indexes exist after `devices:` picks render nodes",
       option="config", sources=[DOCKER_HOWTO, "https://rocm.docs.amd.com/en/latest/conceptual/gpu-isolation.html"])
def compose_renumbered(settings):
    services = list(services_of(settings))
    out = []
    for a, name, svc in services:
        renders = [d for d in device_list(svc) if re.match(r"^/dev/dri/renderD\d+$", d)]
        if not renders or "/dev/dri" in device_list(svc):
            continue
        env = [v for v in a.values if v.kind == "env" and v.name in ka.VISIBLE_VARS
               and (v.origin.line or 0) >= svc.get("line", 1) and (v.origin.line or 0) <= svc.get("last", 1 << 30)]
        bad = [v for v in env if any(i >= len(renders) for i in _indexes(str(v.value)))]
        picks = "--device" if svc.get("runner") else "devices:"
        subject = f"{a.path}: {name}"
        if not bad:
            out.append(ok(f"{name}: {len(renders)} render node(s) passed; visible-device indexes fit",
                          subject=subject, evidence=[svc_ev(a, svc, "devices")] + [v.evidence() for v in env]))
            continue
        out.append(fail(f"{name}: {', '.join(f'{v.name}={v.value}' for v in bad)} names GPUs the container "
                        f"does not have",
                        f"{picks} passes {len(renders)} render node(s) ({', '.join(renders)}); inside the container "
                        f"they are GPUs 0..{len(renders) - 1}, whatever their host numbers. Index them from 0, or "
                        f"drop the variable and choose GPUs with {picks} alone.", subject=subject,
                        evidence=[svc_ev(a, svc, "devices")] + [v.evidence() for v in bad],
                        fix=svc_plan("Number the GPUs as the container sees them", a,
                                  [f"line {v.origin.line}: {v.name}={','.join(str(i) for i in range(len(renders)))}"
                                   for v in bad])))
    return out or ok("no service restricts GPUs with single render nodes")
