"""What the container rules share: the services of compose files, `docker run` lines and
Kubernetes manifests, which of them do GPU work, and how a finding names a service's line."""
from __future__ import annotations

import re

from rocmdoctor.artifacts.settings import built_from
from rocmdoctor.engine.check import Action, FixPlan, ev, ok, skip
from rocmdoctor.base.untrusted import pick
from rocmdoctor.knowledge import artifacts as ka
from rocmdoctor.knowledge import env_names

from .cpu_builds import plain_build
from .variants import cpu_variant, other_vendor_run, untagged
from .memo import per_settings
from .overlays import AMD_PROFILE, depends_on, other_vendor_profiled, overlays, profiled, script_layers, started_services

AREA = "container"
DOCKER_HOWTO = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/docker.html"
DS_ENV_REPORT = "https://github.com/deepspeedai/DeepSpeed/blob/master/deepspeed/env_report.py"


@per_settings  # asked about 10 times a scan (svccache: the 120 of docs counted generator resumptions)
def services_of(settings, gpu_only: bool = False):
    """(artifact, service name, its options) for every compose service and every `docker run` (podman, nerdctl) in a
    launch or Slurm script (a service to readers/containers.py). ``gpu_only``: without those that do no GPU work."""
    # NVIDIA's variant of a compose file written per vendor is never started on this machine (readers/compose.py)
    composes = [a for a in settings.of_kind("compose") if not pick(a.data, "vendor_variant")]
    layers = overlays(composes, script_layers(settings, composes))
    files = []
    for a in settings.of_kind("compose", "shell", "slurm", "kubernetes", "devcontainer"):
        if pick(a.data, "vendor_variant"):
            continue
        svcs = {n: s for n, s in pick(a.data, "services", default={}).items()
                if not s.get("template")  # a base service reached only through `extends`: judged there
                and (id(a), n) not in layers  # a base service an override completes: judged merged there
                and not other_vendor_run(a, s)}  # `if [ "$device" == cuda ]; then docker run --gpus all ...`
        svcs.update({n: merged for (_, n), (top, merged) in layers.items() if top is a})
        files.append((a, svcs))
    # Profiles choose what starts (`--profile rocm`): with one profiled for AMD, NVIDIA/CUDA ones are never started.
    amd_profiled = any(profiled(s, AMD_PROFILE) for _, svcs in files for s in svcs.values())
    if amd_profiled:
        files = [(a, {n: s for n, s in svcs.items() if not other_vendor_profiled(s) or profiled(s, AMD_PROFILE)})
                 for a, svcs in files]
    files = opt_in_left_out(settings, files)
    # The files of one set are one deployment (`docker compose -f base.yml -f rocm.yml`, a script that
    # starts them): a service that says outright it uses the GPU, in any of them, makes the others' web
    # front ends, proxies and fetchers what they are, even in a file with no GPU service of its own.
    files = started_services(settings, files, gpu_signs)
    strong = {(id(a), n) for a, svcs in files for n, s in svcs.items() if gpu_signs(s, built=False, apps=False)}
    # Services that reach the GPU themselves (device nodes, a GPU request, privileged): a service that
    # only calls one of them over the network (ASR_ENDPOINT=transcription-rocm:8000, OLLAMA_HOST=
    # http://ollama:11434, `ollama pull` against it) is its client, whatever its image is called.
    access = {n for _, svcs in files for n, s in svcs.items() if gpu_access(s)}
    signs = {n for _, svcs in files for n, s in svcs.items() if gpu_signs(s)}
    # Where the deployment passes /dev/kfd to some of its containers, its author knows how a container gets the GPU:
    # one left without any GPU option whose only sign is a name (`onnxruntime-rocm-...-converter`, a build of the
    # ROCm Dockerfile for a build step, a CPU ollama beside a GPU ComfyUI) was left so on purpose.
    kfd_given = any("/dev/kfd" in device_list(s) for _, svcs in files for s in svcs.values())
    for a, svcs in files:
        # a build of its own (not a plain CPU one) or an application's name (whisper, llama.cpp: CPU images too) is a
        # sign only where no service says outright that it uses the GPU (api + worker pass /dev/kfd; the web front end
        # beside them does not); an image a sibling runs with the device nodes was left without them on purpose
        given = {untagged(s.get("image")) for s in svcs.values() if s.get("image") and device_list(s)}
        gpu = {n for n, s in svcs.items() if gpu_signs(s, apps=not strong, built=not strong and not (
            s.get("build") and plain_build(settings, dockerfiles_of(settings, a, n, s))))
               and (gpu_access(s) or (not _client_of(s, access - {n}, signs - {n}) and not cpu_variant(a, n, s)
                                      and untagged(s.get("image")) not in given
                                      and not (kfd_given and not gpu_signs(s, built=False, apps=False, names=False))))}
        if gpu_only and not gpu:
            continue  # nothing here says it does GPU work: a chat UI, a CPU app, a data-preparation container
        for name, svc in svcs.items():
            if gpu_only and name not in gpu:
                continue
            yield a, name, svc


_PROFILE_ON = re.compile(r"(?:--profile[=\s]+[\"']?|COMPOSE_PROFILES=[\"']?)([\w.,${}*-]+)")


def opt_in_left_out(settings, files):
    """Services behind a profile that nothing in the set turns on (`--profile stt-gpu`, COMPOSE_PROFILES=stt-gpu) and
    that ask for NVIDIA GPUs: a plain `docker compose up` starts the services without profiles only, so beside
    unprofiled services that already pass AMD device nodes these are opt-in CUDA extras of the stack (a CUDA speech
    model, an NVIDIA benchmark), never started on this machine. A profiled service that passes AMD devices itself,
    or is profiled for AMD, is AMD work the user turns on (`docker compose run shell`, `--profile amd`): kept."""
    on: set = set()
    for s in settings.of_kind("shell", "slurm"):
        text = re.sub(r"(?m)^[ \t]*#.*$", "", getattr(s, "text", "") or "")
        for m in _PROFILE_ON.finditer(text):
            on.update(p for p in re.split(r"[,\s]+", m.group(1)) if p)
    if any("$" in p or "*" in p for p in on):
        return files  # a profile chosen at run time: any may start

    def amd(svc) -> bool:
        return any(d == "/dev/kfd" or d.startswith("/dev/dri") for d in device_list(svc))

    def off(svc) -> bool:
        profiles = svc.get("profiles") if isinstance(svc, dict) else None
        if not (isinstance(profiles, list) and profiles) or on & {str(p) for p in profiles}:
            return False
        nvidia = bool(gpu_reservations(svc)) or str(svc.get("runtime") or "").lower() == "nvidia" or bool(svc.get("gpus"))
        return nvidia and not amd(svc) and not profiled(svc, AMD_PROFILE)

    if not any(amd(s) for _, svcs in files for s in svcs.values() if not (isinstance(s.get("profiles"), list)
                                                                          and s.get("profiles"))):
        return files
    return [(a, {n: s for n, s in svcs.items() if not off(s)}) for a, svcs in files]


def gpu_access(svc) -> bool:
    """The service asks for GPUs itself: device nodes, privileged mode, --gpus, a runtime, a device
    reservation or a device-plugin resource."""
    return bool(device_list(svc) or svc.get("privileged") is True or svc.get("gpus") or svc.get("runtime")
                or all_reservations(svc) or svc.get("gpu_resources"))


def _client_of(svc, gpu_services: set, servers: frozenset | set = frozenset()) -> bool:
    """Its environment or command names another service that has the GPU, as a host (`name:port`,
    `http://name`): it sends that service requests. Or it waits for a GPU server (``servers``: services with
    signs of GPU work) and is configured with an address."""
    env = _env(svc)
    vals = [v for v in env.values() if v is not None]
    text = " ".join(vals + [command_of(svc), str(svc.get("entrypoint") or "")])
    if gpu_services and any(re.search(r"(?:^|[\s=/@'\"])" + re.escape(n) + r"(?::\d+|/|[\s'\"]|$)", text)
                            for n in gpu_services):
        return True
    # `OLLAMA_HOST=${OLLAMA_HOST}` from an .env the files lack, beside `depends_on: [ollama]`: configured with the
    # address of the GPU service it waits for
    return bool(set(depends_on(svc)) & (gpu_services | servers)) and any(_ADDRESS_VAR.search(k) for k in env)


_ADDRESS_VAR = re.compile(r"(?:_HOST|_URL|_ENDPOINT|_ADDR|_ADDRESS|_BASE_URL|_API_BASE)$", re.I)


# Environment a GPU workload reads; a web front end or database beside it sets none of them.
GPU_ENV = re.compile(r"^(HIP|ROCR|HSA|CUDA|NVIDIA|PYTORCH|HCC|NCCL|RCCL|MIOPEN|ROCBLAS|HIPBLASLT|TORCH|"
                      r"ROCM)_")
# GPU_* and AMD_* names are also an application's own settings (GPU_POLLING_INTERVAL of a stats page,
# AMD_GPU_ENABLED): only the runtime's own names say the service runs GPU code.
RUNTIME_GPU_ENV = env_names.KNOWN | frozenset(
    "GPU_MAX_HW_QUEUES GPU_DEVICE_ORDINAL GPU_MAX_ALLOC_PERCENT GPU_SINGLE_ALLOC_PERCENT GPU_MAX_HEAP_SIZE "
    "GPU_FORCE_64BIT_PTR GPU_ENABLE_WGP_MODE GPU_NUM_COMPUTE_RINGS GPU_DUMP_CODE_OBJECT GPU_MAX_WORKGROUP_SIZE".split())
GPU_IMAGE = re.compile(r"rocm|cuda|torch|vllm|sglang|ollama|comfy|tensorflow|jax|gpu|"
                        r"nvidia|triton|tgi|text-generation|deepspeed|megatron|hip")
GPU_ONLY_SERVER = re.compile(r"vllm|sglang|sgl-dev|text-generation-inference")
# Services that never do GPU work themselves: databases, caches, proxies, search, chat front ends (image's last part).
NON_GPU_IMAGE = re.compile(r"^(?:open-webui|searxng|postgres|redis|valkey|nginx|traefik|caddy|mongo|mysql|mariadb|"
                           r"minio|grafana|prometheus|n8n|qdrant|chroma|milvus|elasticsearch|opensearch|rabbitmq|"
                           r"memcached|adminer|pgadmin4|portainer|watchtower|litellm|flowise|anythingllm)"
                           r"(?:[-_][\w-]{1,40})?(?::|@|$)")  # and their variants (nginx-proxy-manager, postgres-pgvector)
# Applications published as CPU images too (the GPU build is a tag of its own: -gpu, -cuda, -rocm).
APP_IMAGE = re.compile(r"diffusion|(?<!o)llama|whisper|transformers")


# What a training job (or the session it runs in) says of itself, in its name, command, image or build.
TRAINING = re.compile(r"train|finetun|fine-tun|\bsft\b|\bdpo\b|torchrun|accelerate|deepspeed|llama-?factory|"
                      r"axolotl|lightning|\btrl\b|megatron|torchtune|unsloth|jupyter|notebook|\blab\b|"
                      r"kohya|sd-scripts|fluxgym|ai-?toolkit|simpletuner|diffusion-pipe|musubi-tuner")
# LoRA trainers with a web UI (kohya's sd-scripts under FluxGym, Ostris' AI Toolkit ...): servers with a
# port, whose jobs run DataLoader workers all the same.
TRAINER_UI = re.compile(r"kohya|sd-scripts|fluxgym|ai-?toolkit|simpletuner|diffusion-pipe|musubi-tuner|onetrainer")


def _env(svc) -> dict[str, str | None]:
    # imported here: the quick scan imports this module, and the readers are for --config only
    from rocmdoctor.artifacts.readers.compose import service_env

    return service_env(svc)


def command_of(svc) -> str:
    """The command line a service runs: compose's command; a pod's command followed by its args."""
    parts = []
    for key in ("command", "args"):
        v = svc.get(key)
        parts.append(" ".join(map(str, v)) if isinstance(v, list) else str(v or ""))
    return " ".join(p for p in parts if p)


# Device nodes that are a GPU's (a sound card, a camera, a USB bus or /dev/fuse passed in is no GPU work).
_GPU_NODE = re.compile(r"^(?:/dev/(?:kfd|dri|nvidia|accel|dxg)|(?:amd|nvidia)\.com/gpu)")


def gpu_signs(svc, built: bool = True, apps: bool = True, names: bool = True) -> bool:
    """Whether a service does GPU work by what it says: GPU devices or runtime, a GPU request, GPU
    environment, an image built here or named for a GPU stack. A compose file often runs a web UI
    or a database beside the GPU service (ollama + open-webui); those need no /dev/kfd nor shm."""
    if any(_GPU_NODE.match(d) for d in device_list(svc)) or svc.get("privileged") is True or svc.get("gpus") or svc.get("runtime") \
            or all_reservations(svc) or (built and svc.get("build")) or svc.get("gpu_resources"):
        return True
    image = str(svc.get("image") or "").lower()
    said = f"{command_of(svc)} {svc.get('entrypoint') or ''}".lower()
    if ka.only_asks_image(said):
        return False  # `docker run --rm IMG dpkg -s rocm-dev`, a version printed: asks the image, not the GPU
    if ka.CPU_NOTEBOOK.search(image.rsplit("/", 1)[-1]) and not TRAINING.search(ka.NOTEBOOK_WORDS.sub("", said)):
        return False  # Jupyter's CPU stacks (minimal-notebook, scipy-notebook) with only a notebook started: no GPU
    if TRAINING.search(said):
        return True  # `python train.py`, torchrun, accelerate: a training job is GPU work
    build = svc.get("build")
    if isinstance(build, dict) and (GPU_IMAGE.search(f"{build.get('dockerfile') or ''} {build.get('target') or ''}"
                                                     .lower())):
        return True  # Dockerfile.rocm, target: rocm
    if not names:  # only an image built for the GPU alone (AMD's rocm/* images, a vLLM or SGLang server) still says
        org, name = ka.image_org_name(str(svc.get("image") or "").lower())  # GPU by its name
        return any(GPU_ENV.match(k) or k in RUNTIME_GPU_ENV for k in _env(svc)) or org == "rocm" or bool(
            GPU_ONLY_SERVER.search(org) or GPU_ONLY_SERVER.search(name) or TRAINING.search(name.split(":")[0]))
    if any(GPU_ENV.match(k) or k in RUNTIME_GPU_ENV for k in _env(svc)):
        return True
    if NON_GPU_IMAGE.search(image.rsplit("/", 1)[-1]):
        return False  # open-webui:cuda, a database: whatever the tag says, no GPU work of its own
    # its own name or organisation (rocm/pytorch, vllm-rocm), not a project folder of a registry path (ghcr.io/
    # do-solutions/gpu-droplet-validation/tap-reporter: the reporter beside the project's GPU jobs)
    return bool(any(GPU_IMAGE.search(x) for x in ka.image_org_name(image)) or (apps and APP_IMAGE.search(image)))


def none_found(settings):
    """No service to judge: a pass only when no compose file was left unread (a compose file
    that could not be read must not turn into "no compose service")."""
    unread = [a for a in settings.of_kind("compose") if a.error]
    if unread:
        return skip(f"{len(unread)} compose file(s) could not be read, so their services are not judged",
                    "\n".join(a.error for a in unread))
    if any(True for _ in services_of(settings)):
        return ok("no compose service does GPU work (no device node, GPU request, GPU image or training command)")
    return ok("no compose service or docker run in the files")


def svc_line(a, svc, key):
    """The origin of a service option (for evidence), or the service's own line."""
    at = pick(svc, "lines", key)  # a pod's securityContext, above its containers
    if at:
        return a.origin(at)
    lo, hi = svc.get("line") or 1, svc.get("last")
    for v in a.values:
        if v.kind == "container" and v.name == key and v.origin.line and v.origin.line >= lo and (
                hi is None or v.origin.line <= hi):
            return v.origin
    return a.origin(lo)


def say_both(name, svc, compose: str, flags: str) -> str:
    """A fix line in the file's own syntax: compose keys, or the runner's flags."""
    if svc.get("runner"):
        return f"{name}: {flags}"
    return f"under service {name}: {compose}"


def gpus_via_cdi(svc, amd_cdi) -> bool:
    """`--gpus` (or a compose GPU reservation without a driver) reaches AMD GPUs through AMD's
    CDI spec on Docker 29.3 and newer; without that spec it is NVIDIA's container runtime."""
    reservations = gpu_reservations(svc)
    return bool(amd_cdi) and bool(svc.get("gpus") or reservations) and not any(
        str(d.get("driver", "")).lower() == "nvidia" for d in reservations)


def all_reservations(svc) -> list[dict]:
    dep = svc.get("deploy")
    res = (pick(dep, "resources") or {}) if isinstance(dep, dict) else {}
    rsv = res.get("reservations") if isinstance(res, dict) else None
    devs = (rsv.get("devices") or []) if isinstance(rsv, dict) else []
    return [d for d in devs if isinstance(d, dict)] if isinstance(devs, list) else []


def gpu_reservations(svc) -> list[dict]:
    """GPU requests that only NVIDIA's runtime serves: driver nvidia, or no driver with capabilities [gpu]."""
    return [d for d in all_reservations(svc) if str(d.get("driver", "")).lower() == "nvidia" or (
        "driver" not in d and "gpu" in [str(c) for c in d.get("capabilities") or []])]


def unknown_drivers(svc) -> list[str]:
    """Device drivers Docker has no plugin for on an AMD host (`driver: rocm`, `driver: amd`): the
    container does not start ('could not select device driver'). `cdi` (AMD's CDI spec) is real."""
    return sorted({str(d["driver"]) for d in all_reservations(svc)
                   if "driver" in d and str(d["driver"]).lower() not in ("nvidia", "cdi")})


def svc_ev(a, svc, key):
    o = svc_line(a, svc, key)
    return ev(o.label, o.text or f"{key}: (not set)")


def base_ev(svc, key) -> list:
    """For a service an override completes (`compose -f base.yml -f gpu.yml`), the base file's line too: the
    option may be added in either file, and the base is where the service is defined."""
    base = svc.get("base_of")
    if not (isinstance(base, tuple) and len(base) == 2 and isinstance(base[1], dict)):
        return []
    return [svc_ev(base[0], base[1], key)]


def svc_plan(title, a, lines: list[str], svc=None, name=None, ops=()) -> FixPlan:
    """``ops``: (op, key, value) under this compose service, applied by `fix --config --apply`
    (fixes/config_edit.py: nested YAML keys); a `docker run` line keeps the prose."""
    edits = [{"path": a.path, "syntax": "yaml", "ops": [
        {"op": op, "path": ["services", name, *(key if isinstance(key, tuple) else (key,))], "value": v}
        for op, key, v in ops]}] \
        if ops and svc is not None and not svc.get("runner") and a.kind == "compose" else None
    return FixPlan(title, tuple(Action("note", f"in {a.path}: {t}", path=a.path) for t in lines),
                   fixer="config_edit" if edits else None,
                   params={"files": [a.path], **({"edits": edits} if edits else {})})


def device_list(svc) -> list[str]:
    out = []
    for d in svc.get("devices") or []:
        if isinstance(d, dict):
            d = d.get("source") or ""
        out.append(str(d).split(":")[0])
    return out


def uses_cdi(svc) -> bool:
    """AMD's CDI or container-toolkit paths instead of device nodes (amd.com/gpu=all, runtime: amd)."""
    return str(svc.get("runtime") or "").lower() == "amd" or any("amd.com/gpu" in str(d) for d in
                                                                 svc.get("devices") or [])


def item_ev(a, svc, key: str, value: str):
    """Evidence at the item of the list ``key`` that names ``value`` (`- render` under group_add, `- /dev/dxg`
    under devices, with or without a `:target`): the line to change; else the key's own line."""
    from rocmdoctor.engine.check import ev

    at = svc_line(a, svc, key)
    if not svc.get("runner") and at.line:
        line = a.line_of(r"^\s*-\s*['\"]?" + re.escape(value) + r"(?::[^'\"\s]*)?['\"]?\s*(?:#.*)?$", start=at.line)
        if line is not None and (svc.get("last") is None or line <= svc["last"]):
            o = a.origin(line)
            return ev(o.label, o.text)
    return ev(at.label, at.text or f"{key}: {value}")


def dockerfiles_of(settings, a, name, svc) -> list:
    """The Dockerfiles (artifacts in the set) a service's image is built from: what the settings model ties
    to it (its compose `build:`, or a tag the files build: a script's `docker build -t TAG`, another
    service's `build:` with `image: TAG`; settings.built_from); else, for an image with no registry
    namespace (`ant_colony_rocm`, `myimage:dev`: a local name no registry serves), every Dockerfile of
    the set; else none."""
    tied = built_from(settings, a, name, svc)
    if tied is not None:
        return tied
    image = str(svc.get("image") or "")
    if image and "/" not in image.split(":", 1)[0] and not image.startswith("$"):
        return [d for d in settings.of_kind("dockerfile") if not d.error]
    return []


# Images whose base already holds PyTorch (or a stack built on it).
_TORCH_BASE = re.compile(r"torch|vllm|sglang|comfy|diffusion|deepspeed|megatron|llama-?factory|axolotl|unsloth|"
                         r"transformers|huggingface|text-generation|tgi|xinference|lmdeploy|fastchat|aphrodite", re.I)
# packages that run on PyTorch: a Dockerfile that installs one holds torch whatever its base
_TORCH_PACKAGES = re.compile(r"torch|flash[-_]attn|xformers|vllm|deepspeed|bitsandbytes|transformers|accelerate", re.I)
_INSTALLS_PROJECT = re.compile(r"(?:^|\s)-r\s|requirements|environment\.ya?ml|pyproject|setup\.py|"
                               r"pip3?\s+install\s+(?:-e\s+)?\.(?:\s|$|\[)|conda\s+env", re.I)


def torch_free(settings, dockerfiles) -> bool:
    """Every Dockerfile the image is built from holds no PyTorch: no torch in its instructions, a base that
    carries none (ubuntu, rocm/tensorflow, a HIP SDK), and no requirements file of the set that names torch
    when it installs one. A C++/HIP program or a TensorFlow model: no DataLoader workers, no torch RCCL."""
    if not dockerfiles:
        return False
    reqs = " ".join(r.text for r in settings.of_kind("requirements"))
    for d in dockerfiles:
        body = "\n".join(line for line in d.text.splitlines() if not line.lstrip().startswith("#"))
        froms = [str(v.value) for v in d.values if v.kind == "build" and v.name == "from"]
        if _TORCH_PACKAGES.search(body) or any(_TORCH_BASE.search(f) for f in froms) or not froms:
            return False
        if _INSTALLS_PROJECT.search(body) and re.search(r"(?im)^\s*(?:torch|pytorch)\b", reqs):
            return False
    return True
