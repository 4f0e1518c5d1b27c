"""Compose files, and the `docker run` (podman, nerdctl) commands in launch and Slurm scripts,
against the GPUs they will run on: device nodes, NVIDIA-only syntax, shared memory, groups
named that the image may lack, and visible-device indexes that `devices:` renumbers.
RD-CTR-001/002 judge a running container; these judge its definition (`scan --config
docker-compose.yml run.sh`) before it starts.
"""
from __future__ import annotations

import re

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.knowledge import artifacts as ka

AREA = "container"
DOCKER_HOWTO = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/docker.html"
DS_ENV_REPORT = "https://github.com/deepspeedai/DeepSpeed/blob/master/deepspeed/env_report.py"


def _services(settings, gpu_only: bool = False):
    """(artifact, service name, its options) for every compose service and every `docker run`
    (podman, nerdctl) in a launch or Slurm script (readers/containers.py reads it as a service).
    ``gpu_only``: leave out the services that do no GPU work beside ones that do (below)."""
    for a in settings.of_kind("compose", "shell", "slurm", "kubernetes"):
        svcs = {n: s for n, s in (a.data or {}).get("services", {}).items()
                if not s.get("template")}  # a base service reached only through `extends`: judged there
        gpu = {n for n, s in svcs.items() if _gpu_signs(s)}
        for name, svc in svcs.items():
            if gpu_only and gpu and name not in gpu:
                continue
            yield a, name, svc


# Environment a GPU workload reads; a web front end or database beside it sets none of them.
_GPU_ENV = re.compile(r"^(HIP|ROCR|HSA|CUDA|NVIDIA|GPU|PYTORCH|HCC|AMD|NCCL|RCCL|MIOPEN|ROCBLAS|HIPBLASLT|TORCH|"
                      r"ROCM)_")
_GPU_IMAGE = re.compile(r"rocm|cuda|torch|vllm|sglang|ollama|comfy|diffusion|llama|whisper|tensorflow|jax|gpu|"
                        r"nvidia|triton|tgi|text-generation|transformers|deepspeed|megatron|hip")


def _gpu_signs(svc) -> bool:
    """Whether a service does GPU work by what it says: GPU devices or runtime, a GPU request, GPU
    environment, an image built here or named for a GPU stack. A compose file often runs a web UI
    or a database beside the GPU service (ollama + open-webui); those need no /dev/kfd nor shm."""
    if _device_list(svc) or svc.get("privileged") is True or svc.get("gpus") or svc.get("runtime") \
            or _all_reservations(svc) or svc.get("build") or svc.get("gpu_resources"):
        return True
    env = svc.get("environment")
    keys = env.keys() if isinstance(env, dict) else [str(e).partition("=")[0] for e in env or [] if e]
    if any(_GPU_ENV.match(str(k)) for k in keys):
        return True
    return bool(_GPU_IMAGE.search(str(svc.get("image") or "").lower()))


def _none_found(settings):
    """No service to judge: a pass only when no compose file was left unread (issue 28: a compose
    file that could not be read must not turn into "no compose service")."""
    unread = [a for a in settings.of_kind("compose") if a.error]
    if unread:
        return skip(f"{len(unread)} compose file(s) could not be read, so their services are not judged",
                    "\n".join(a.error for a in unread))
    return ok("no compose service or docker run in the files")


def _line(a, svc, key):
    """The origin of a service option (for evidence), or the service's own line."""
    lo, hi = svc.get("line") or 1, svc.get("last")
    for v in a.values:
        if v.kind == "container" and v.name == key and v.origin.line and v.origin.line >= lo and (
                hi is None or v.origin.line <= hi):
            return v.origin
    return a.origin(lo)


def _say(name, svc, compose: str, flags: str) -> str:
    """A fix line in the file's own syntax: compose keys, or the runner's flags."""
    if svc.get("runner"):
        return f"{name}: {flags}"
    return f"under service {name}: {compose}"


def _gpus_via_cdi(svc, amd_cdi) -> bool:
    """`--gpus` (or a compose GPU reservation without a driver) reaches AMD GPUs through AMD's
    CDI spec on Docker 29.3 and newer; without that spec it is NVIDIA's container runtime."""
    reservations = _gpu_reservations(svc)
    return bool(amd_cdi) and bool(svc.get("gpus") or reservations) and not any(
        str(d.get("driver", "")).lower() == "nvidia" for d in reservations)


def _all_reservations(svc) -> list[dict]:
    dep = svc.get("deploy")
    res = ((dep or {}).get("resources") or {}) if isinstance(dep, dict) else {}
    rsv = res.get("reservations") if isinstance(res, dict) else None
    devs = (rsv.get("devices") or []) if isinstance(rsv, dict) else []
    return [d for d in devs if isinstance(d, dict)] if isinstance(devs, list) else []


def _gpu_reservations(svc) -> list[dict]:
    """GPU requests that only NVIDIA's runtime serves: driver nvidia, or no driver with capabilities [gpu]."""
    return [d for d in _all_reservations(svc) if str(d.get("driver", "")).lower() == "nvidia" or (
        "driver" not in d and "gpu" in [str(c) for c in d.get("capabilities") or []])]


def _unknown_drivers(svc) -> list[str]:
    """Device drivers Docker has no plugin for on an AMD host (`driver: rocm`, `driver: amd`): the
    container does not start ('could not select device driver'). `cdi` (AMD's CDI spec) is real."""
    return sorted({str(d["driver"]) for d in _all_reservations(svc)
                   if "driver" in d and str(d["driver"]).lower() not in ("nvidia", "cdi")})


def _ev(a, svc, key):
    o = _line(a, svc, key)
    return ev(o.label, o.text or f"{key}: (not set)")


def _plan(title, a, lines: list[str], svc=None, name=None, ops=()) -> FixPlan:
    """``ops``: (op, key, value) under this compose service, applied by `fix --config --apply`
    (fixes/config_edit.py: nested YAML keys); a `docker run` line keeps the prose."""
    edits = [{"path": a.path, "syntax": "yaml", "ops": [
        {"op": op, "path": ["services", name, *(key if isinstance(key, tuple) else (key,))], "value": v}
        for op, key, v in ops]}] \
        if ops and svc is not None and not svc.get("runner") and a.kind == "compose" else None
    return FixPlan(title, tuple(Action("note", f"in {a.path}: {t}", path=a.path) for t in lines),
                   fixer="config_edit" if edits else None,
                   params={"files": [a.path], **({"edits": edits} if edits else {})})


def _device_list(svc) -> list[str]:
    out = []
    for d in svc.get("devices") or []:
        if isinstance(d, dict):
            d = d.get("source") or ""
        out.append(str(d).split(":")[0])
    return out


def _cdi(svc) -> bool:
    """AMD's CDI or container-toolkit paths instead of device nodes (amd.com/gpu=all, runtime: amd)."""
    return str(svc.get("runtime") or "").lower() == "amd" or any("amd.com/gpu" in str(d) for d in
                                                                 svc.get("devices") or [])


@check("RD-CTR-003", area=AREA, title="Compose services pass /dev/kfd and /dev/dri into the container",
       option="config", sources=[DOCKER_HOWTO, "https://github.com/ROCm/TheRock/issues/7705"])
def compose_devices(settings, amd_cdi=None):
    services = list(_services(settings, gpu_only=True))
    if not services:
        return _none_found(settings)
    out = []
    for a, name, svc in services:
        devs = _device_list(svc)
        subject = f"{a.path}: {name}"
        if svc.get("privileged") is True or _cdi(svc):
            out.append(ok(f"{name}: GPUs come in through {'privileged mode' if svc.get('privileged') else 'CDI'}",
                          subject=subject, evidence=[_ev(a, svc, 'privileged' if svc.get('privileged') else
                                                         'runtime')]))
            continue
        amd_res = [k for k in svc.get("gpu_resources") or {} if k in ka.K8S_AMD_GPU_RESOURCES]
        if amd_res:
            out.append(ok(f"{name}: GPUs come in through the {amd_res[0]} device plugin", subject=subject,
                          evidence=[_ev(a, svc, "gpu_resources")]))
            continue
        if _gpus_via_cdi(svc, amd_cdi):
            out.append(ok(f"{name}: GPUs come in through --gpus and AMD's CDI spec (Docker 29.3 or newer)",
                          subject=subject, evidence=[_ev(a, svc, "gpus" if svc.get("gpus") else "deploy"),
                                                     ev(amd_cdi[0], "declares amd.com/gpu devices")]))
            continue
        missing = [d for d, ok_ in (("/dev/kfd", "/dev/kfd" in devs),
                                    ("/dev/dri", any(d == "/dev/dri" or d.startswith("/dev/dri/") for d in devs)))
                   if not ok_]
        if not missing:
            out.append(ok(f"{name}: /dev/kfd and /dev/dri are passed in", subject=subject,
                          evidence=[_ev(a, svc, "devices")]))
            continue
        out.append(fail(f"{name}: {' and '.join(missing)} not passed into the container",
                        "ROCm needs /dev/kfd (compute) and the /dev/dri render nodes inside the container; without "
                        "them HIP finds no GPU ('No HIP GPUs are available').", subject=subject,
                        evidence=[_ev(a, svc, "devices")],
                        fix=_plan("Pass the GPU device nodes", a, [_say(name, svc, "devices: [/dev/kfd, /dev/dri]",
                                                                        "add --device /dev/kfd --device /dev/dri")],
                                  svc, name, [("append", "devices", d) for d in missing])))
    return out


@check("RD-CTR-004", area=AREA, title="Compose files and docker run use no NVIDIA-only GPU syntax on an AMD machine",
       option="config", sources=[ka.COMPOSE_GPU, DOCKER_HOWTO, ka.AMD_CDI])
def compose_nvidia_syntax(settings, gpus=None, amd_cdi=None):
    services = list(_services(settings))
    if not services:
        return _none_found(settings)
    out = []
    for a, name, svc in services:
        found = []
        via_cdi = _gpus_via_cdi(svc, amd_cdi)
        if str(svc.get("runtime") or "").lower() == "nvidia":
            found.append(("--runtime nvidia" if svc.get("runner") else "runtime: nvidia", _ev(a, svc, "runtime")))
        request = "gpu_request" if any(v.name == "gpu_request" for v in a.values) else "deploy"
        if _gpu_reservations(svc) and not via_cdi:
            found.append(("deploy.resources.reservations.devices: driver nvidia / capabilities [gpu]",
                          _ev(a, svc, request)))
        for drv in _unknown_drivers(svc):
            found.append((f"deploy.resources.reservations.devices: driver {drv} (Docker has no such device "
                          "driver; AMD GPUs come in as /dev/kfd and /dev/dri or through CDI)", _ev(a, svc, request)))
        if svc.get("gpus") and not via_cdi:
            found.append((f"--gpus {svc['gpus']}", _ev(a, svc, "gpus")))
        for k in svc.get("gpu_resources") or {}:
            if k in ka.K8S_NVIDIA_GPU_RESOURCES:
                found.append((f"resources.limits {k} (NVIDIA's device plugin)", _ev(a, svc, "gpu_resources")))
        hi = svc.get("last")
        for v in a.values:
            if v.kind == "env" and v.name in ka.NVIDIA_ENV and v.origin.line and v.origin.line >= svc.get("line", 1) \
                    and (hi is None or v.origin.line <= hi):
                found.append((f"{v.name}={v.value}", v.evidence()))
        if not found:
            out.append(ok(f"{name}: no NVIDIA-only syntax", subject=f"{a.path}: {name}"))
            continue
        mk = fail if [g for g in gpus or [] if not g.integrated] else warn
        out.append(mk(f"{name}: NVIDIA-only GPU syntax ({'; '.join(f for f, _ in found)})",
                      "These reach GPUs only through the NVIDIA container runtime; on an AMD machine the container "
                      "starts without a GPU or fails ('could not select device driver \"nvidia\"'). Pass "
                      "/dev/kfd and /dev/dri as devices, or use AMD's container toolkit (with its CDI spec, "
                      "`amd-ctk cdi generate`, Docker 29.3 and newer also take --gpus).",
                      subject=f"{a.path}: {name}", evidence=[e for _, e in found],
                      fix=_plan("Use the ROCm device nodes", a,
                                [_say(name, svc, f"remove {f}", f"remove {f}") for f, _ in found]
                                + [_say(name, svc, "devices: [/dev/kfd, /dev/dri]",
                                        "add --device /dev/kfd --device /dev/dri")], svc, name,
                                [("remove", k, None) for k, hit in (
                                    ("runtime", str(svc.get("runtime") or "").lower() == "nvidia"),
                                    (("deploy", "resources", "reservations", "devices"), bool(_gpu_reservations(svc))),
                                    ("gpus", bool(svc.get("gpus")))) if hit]
                                + [("append", "devices", d) for d in ("/dev/kfd", "/dev/dri")]
                                if len(found) == sum(1 for f, _ in found if "=" not in f) else ())))
    return out


# Inference servers whose images hold no PyTorch (Go/C++ runtimes over llama.cpp or whisper.cpp):
# /dev/shm carries DataLoader batches and RCCL's intra-node traffic, neither of which they have.
NO_TORCH_IMAGES = ("ollama/ollama", r"^llama[.-]?cpp", r"^whisper[.-]?cpp", "ghcr.io/ggml-org/")


@check("RD-CTR-005", area=AREA, title="Compose services get enough shared memory (ipc: host or shm_size)",
       option="config", sources=[DS_ENV_REPORT, DOCKER_HOWTO])
def compose_shm(settings, gpus=None):
    services = list(_services(settings, gpu_only=True))
    if not services:
        return _none_found(settings)
    n = len(gpus or [])  # an APU's one integrated GPU is one GPU too: no collectives between GPUs
    need = ka.SHM_MULTI_GPU if n != 1 else ka.SHM_MULTI_GPU // 2
    out = []
    for a, name, svc in services:
        subject = f"{a.path}: {name}"
        image = str(svc.get("image") or "").lower()
        if any(re.search(p, image.rsplit("/", 1)[-1].split(":")[0]) or image.startswith(p) for p in NO_TORCH_IMAGES):
            out.append(ok(f"{name}: {svc.get('image')} runs no PyTorch (no DataLoader workers, no RCCL): the default "
                          "/dev/shm is enough", subject=subject))
            continue
        if n == 1 and _serves(svc):
            out.append(ok(f"{name}: a server kept running on this machine's one GPU: no collectives between GPUs "
                          "and no DataLoader workers, so the default /dev/shm is enough", subject=subject))
            continue
        if str(svc.get("ipc") or "").lower() == "host":
            out.append(ok(f"{name}: ipc: host shares the host's /dev/shm", subject=subject,
                          evidence=[_ev(a, svc, "ipc")]))
            continue
        if svc.get("shm_size") == "unlimited":  # a memory-backed emptyDir without sizeLimit at /dev/shm
            out.append(ok(f"{name}: /dev/shm is a memory-backed emptyDir", subject=subject,
                          evidence=[_ev(a, svc, "image")]))
            continue
        size = ka.docker_size(svc.get("shm_size")) if "shm_size" in svc else ka.DOCKER_DEFAULT_SHM
        shown = f"{size / 2**30:.2f} GiB" if size and size >= 2**30 else f"{(size or 0) // 2**20} MiB"
        if size is not None and size >= need:
            out.append(ok(f"{name}: shm_size {shown}", subject=subject, evidence=[_ev(a, svc, "shm_size")]))
            continue
        k8s = bool(svc.get("kubernetes"))
        default = " (the runtime's default: no memory-backed emptyDir at /dev/shm)" if k8s else " (Docker's default)"
        out.append(warn(f"{name}: /dev/shm will be {shown}" + ("" if "shm_size" in svc else default),
                        f"RCCL passes data between GPUs through /dev/shm and DataLoader workers pass batches through "
                        f"it; below {need // 2**20} MiB training fails with 'Bus error' or an ncclShmOpen error.",
                        subject=subject, evidence=[_ev(a, svc, "shm_size" if "shm_size" in svc else "ipc")],
                        fix=_plan("Give the container shared memory", a,
                                  [f"{name}: mount an emptyDir with medium: Memory (sizeLimit 16Gi) at /dev/shm"
                                   if k8s else _say(name, svc, "ipc: host (or shm_size: 16G)",
                                                    "add --ipc=host (or --shm-size 16g)")],
                                  svc, name, () if k8s else [("set", "ipc", "host")])))
    return out


def _serves(svc) -> bool:
    """A long-running server: it publishes ports and has a restart policy, and runs no notebook (a
    Jupyter container is where training with DataLoader workers happens)."""
    restart = str(svc.get("restart") or "").lower()
    what = f"{svc.get('command') or ''} {svc.get('entrypoint') or ''} {svc.get('image') or ''}".lower()
    return bool(svc.get("ports")) and restart not in ("", "no", "false") and not re.search(
        r"jupyter|notebook|lab\b", what)


_VAR = re.compile(r"^\$\{[A-Za-z_]\w*(?::?-([^}]*))?\}$")
# GIDs that images define for these names: Debian/Ubuntu base-passwd (video 44) and AMD's
# rocm/* images (render 109; ROCm/ROCm-docker#90). Elsewhere a name's GID is the image's business.
_IMAGE_GIDS = {"video": 44}
_ROCM_IMAGE_GIDS = {"video": 44, "render": 109}


def _group_word(g) -> tuple[str, bool]:
    """A group_add entry as compose resolves it: ``${RENDER_GID:-109}`` is its default (or unknown)."""
    g = str(g).strip()
    m = _VAR.match(g)
    if m:
        return (m.group(1) or "").strip(), True
    if "$" in g or "`" in g:  # $RENDER_ID, $(getent group render | cut -d: -f3): a number the shell fills in
        return "", True
    return g, False


def _host_gid_of(g) -> str | None:
    """The host group whose GID a group_add expression looks up (`$(getent group render | cut -d: -f3)`)."""
    m = re.search(r"getent\s+group\s+([A-Za-z_][\w-]*)", str(g))
    return m.group(1) if m else None


def _non_root(user) -> bool:
    u = str(user or "").strip().split(":")[0]
    return bool(u) and u not in ("root", "0") and not u.startswith("$")


def _image_user(settings):
    """(user, Value) set by the last USER of a Dockerfile in the files, or (None, None)."""
    users = settings.values("build", "user")
    return (str(users[-1].value), users[-1]) if users else (None, None)


def _usermod_groups(settings) -> set[str]:
    out = set()
    for v in settings.values("build", "user_groups"):
        words = str(v.value).split()
        for i, w in enumerate(words):
            if w in ("-G", "-aG", "--groups", "-g", "--gid") and i + 1 < len(words):
                out.update(x for x in words[i + 1].split(",") if x)
    return out


def _device_owner(devnodes) -> dict | None:
    """The group that owns /dev/kfd on the host (name and gid), from the devnodes probe."""
    for d in devnodes or []:
        if d.get("path") == "/dev/kfd" and isinstance(d.get("gid"), int):
            return {"gid": d["gid"], "group": d.get("group")}
    return None


@check("RD-CTR-006", area=AREA, title="Containers reach /dev/kfd: group_add names groups the image has, and a "
       "non-root user holds the host's GID of the GPU device nodes", option="config", sources=list(ka.GROUP_RENDER))
def compose_group_add(settings, identity=None, devnodes=None):
    services = list(_services(settings))
    img_user, user_v = _image_user(settings)
    made = {str(v.value) for v in settings.values("build", "group")}
    host_groups = (identity or {}).get("known_groups") or {}
    owner = _device_owner(devnodes)
    rocm_image = any(ka.rocm_image(str(v.value)) for v in settings.values("build", "from"))
    out = []
    for a, name, svc in services:
        subject = f"{a.path}: {name}"
        words = [_group_word(g) for g in svc.get("group_add") or []]
        numeric = {int(w) for w, _ in words if w.isdigit()}
        named = [w for w, var in words if w and not w.isdigit() and not var]
        image_gids = _ROCM_IMAGE_GIDS if rocm_image or "render" in made else _IMAGE_GIDS
        risky = [g for g in named if g not in ka.BASE_IMAGE_GROUPS and g not in made and g not in image_gids]
        if risky:
            gids = {g: (host_groups.get(g) or {}).get("gid") for g in risky}
            use = ", ".join(f"{g} -> {gid}" if gid is not None else f"{g} -> $(getent group {g} | cut -d: -f3)"
                            for g, gid in gids.items())
            out.append(warn(f"{name}: group_add names {', '.join(risky)}, which the image may not define",
                            "Docker resolves group_add names inside the image; an image without the group stops with "
                            "'Unable to find group render: no matching entries in group file', and the host's render "
                            f"GID differs from host to host. Use the host's numeric GID ({use}).",
                            subject=subject, evidence=[_ev(a, svc, "group_add")], data={"host_gids": gids},
                            fix=_plan("Add the groups by number", a,
                                      [_say(name, svc, f"group_add: {use}", "use --group-add " + " --group-add ".join(
                                          str(gid) if gid is not None else f"$(getent group {g} | cut -d: -f3)"
                                          for g, gid in gids.items()))],
                                      svc, name, [("set", "group_add", [gids.get(str(g), g) if gids.get(str(g)) is not None
                                                                        else g for g in svc.get("group_add") or []])]
                                      if all(gid is not None for gid in gids.values()) else ())))
            continue
        user = svc.get("user") or img_user
        if not _non_root(user) or owner is None or svc.get("privileged") is True:
            out.append(ok(f"{name}: group_add {', '.join(w for w, _ in words) or '(none)'}"
                          + ("" if _non_root(user) else "; runs as root, which opens the device nodes anyway"),
                          subject=subject))
            continue
        held = numeric | {image_gids[g] for g in named + sorted(_usermod_groups(settings)) if g in image_gids}
        if owner["group"] in {_host_gid_of(g) for g in svc.get("group_add") or []}:
            held.add(owner["gid"])  # the host's own GID of that group, looked up when the container starts
        unknown = [str(g) for g, (w, var) in zip(svc.get("group_add") or [], words)
                   if var and not w and _host_gid_of(g) is None]
        if owner["gid"] not in held and unknown:
            out.append(ok(f"{name}: user {user} gets group_add {', '.join(unknown)}, a value set when the container "
                          f"starts (the host's GID {owner['gid']} of {owner['group']} is what it needs)",
                          subject=subject))
            continue
        if owner["gid"] in held:
            out.append(ok(f"{name}: user {user} holds GID {owner['gid']} ({owner['group']}), which owns /dev/kfd",
                          subject=subject))
            continue
        ev_user = _ev(a, svc, "user") if svc.get("user") else user_v.evidence()
        out.append(fail(f"{name}: user {user} cannot open /dev/kfd: the host gives it to GID {owner['gid']} "
                        f"({owner['group']}), which the container user does not hold",
                        "Device nodes keep the host's owner inside the container; a non-root user needs the host's "
                        f"GID of /dev/kfd and /dev/dri/renderD* ({owner['gid']}, '{owner['group']}' here). Group "
                        "names resolve inside the image (its video is 44, its render, where it has one, another "
                        f"number), so add the number: group_add: [\"{owner['gid']}\"] (docker run --group-add "
                        f"{owner['gid']}), or run as root.", subject=subject,
                        evidence=[ev_user] + ([_ev(a, svc, "group_add")] if svc.get("group_add") else [])
                        + [ev("/dev/kfd", f"group {owner['group']} (gid {owner['gid']})")],
                        fix=_plan("Give the container user the device nodes' GID", a,
                                  [_say(name, svc, f"group_add: [\"{owner['gid']}\"]", f"add --group-add {owner['gid']}")],
                                  svc, name, [("set", "group_add", [*(svc.get("group_add") or []), owner["gid"]])])))
    cuda_image = any(p.matches(str(v.value)) for v in settings.values("build", "from") for p in ka.CUDA_IMAGES)
    if not services and _non_root(img_user) and owner is not None and not cuda_image:
        # An image whose USER is not root, with no compose file or docker run in the files: judge the
        # groups the Dockerfile gives that user against the host's owner of /dev/kfd.
        # Only when the Dockerfile gives that user GPU groups itself (usermod -aG video,render): it then
        # counts on the image's GIDs. A USER with no such groups gets them from the run command's
        # --group-add, which these files do not show: nothing to judge.
        image_gids = _ROCM_IMAGE_GIDS if rocm_image or "render" in made else _IMAGE_GIDS
        given = _usermod_groups(settings)
        held = {image_gids[g] for g in given if g in image_gids}
        if given & set(image_gids) and owner["gid"] not in held:
            out.append(warn(f"USER {img_user}: the image's user holds no GID {owner['gid']} ({owner['group']}), "
                            "which owns /dev/kfd on this host",
                            "Device nodes keep the host's owner inside the container. Groups the Dockerfile adds "
                            "the user to have the image's GIDs (video 44, render 109 in rocm/* images), not this "
                            f"host's {owner['gid']}. Start the container with --group-add {owner['gid']} (compose: "
                            f"group_add: [\"{owner['gid']}\"]), or run as root.",
                            subject=user_v.origin.label, evidence=[user_v.evidence(),
                                                                   ev("/dev/kfd", f"group {owner['group']} (gid {owner['gid']})")]))
    if not out:
        return _none_found(settings)
    return out


def _indexes(value: str) -> list[int]:
    return [int(x) for x in re.split(r"[,\s]+", value.strip()) if x.isdigit()]


@check("RD-CTR-007", area=AREA, title="Visible-device indexes exist after `devices:` picks render nodes",
       option="config", sources=[DOCKER_HOWTO, "https://rocm.docs.amd.com/en/latest/conceptual/gpu-isolation.html"])
def compose_renumbered(settings):
    services = list(_services(settings))
    out = []
    for a, name, svc in services:
        renders = [d for d in _device_list(svc) if re.match(r"^/dev/dri/renderD\d+$", d)]
        if not renders or "/dev/dri" in _device_list(svc):
            continue
        env = [v for v in a.values if v.kind == "env" and v.name in ka.VISIBLE_VARS
               and (v.origin.line or 0) >= svc.get("line", 1) and (v.origin.line or 0) <= svc.get("last", 1 << 30)]
        bad = [v for v in env if any(i >= len(renders) for i in _indexes(str(v.value)))]
        picks = "--device" if svc.get("runner") else "devices:"
        subject = f"{a.path}: {name}"
        if not bad:
            out.append(ok(f"{name}: {len(renders)} render node(s) passed; visible-device indexes fit",
                          subject=subject, evidence=[_ev(a, svc, "devices")] + [v.evidence() for v in env]))
            continue
        out.append(fail(f"{name}: {', '.join(f'{v.name}={v.value}' for v in bad)} names GPUs the container "
                        f"does not have",
                        f"{picks} passes {len(renders)} render node(s) ({', '.join(renders)}); inside the container "
                        f"they are GPUs 0..{len(renders) - 1}, whatever their host numbers. Index them from 0, or "
                        f"drop the variable and choose GPUs with {picks} alone.", subject=subject,
                        evidence=[_ev(a, svc, "devices")] + [v.evidence() for v in bad],
                        fix=_plan("Number the GPUs as the container sees them", a,
                                  [f"line {v.origin.line}: {v.name}={','.join(str(i) for i in range(len(renders)))}"
                                   for v in bad])))
    return out or ok("no service restricts GPUs with single render nodes")


# ------------------------------------------------------------------ a host Python env mounted in
PYTHON_VENV = "https://docs.python.org/3/library/venv.html#how-venvs-work"
_ENV_DIR = re.compile(r"(?:^|/)(?:\.?venv[\w.-]*|\.?env[\w.-]*|[\w.-]*-venv|envs/[\w.-]+|site-packages|"
                      r"(?:mini|ana)conda3?|miniforge3?|mambaforge)(?:/|$)", re.I)
_PY_IN_NAME = re.compile(r"(?:python|py|venv|env|cp)[-_]?(3)[._]?(\d{1,2})(?!\d)", re.I)
_PY_IN_TAG = re.compile(r"(?:^|[_:-])py(?:thon)?-?(3)\.(\d{1,2})(?!\d)", re.I)


def _mounts(svc) -> list[tuple[str, str]]:
    """(host path, container path) of each bind mount, from `-v`/`--mount` or compose `volumes:`."""
    out = []
    for vol in svc.get("volumes") or []:
        if isinstance(vol, dict):
            src, dst = vol.get("source"), vol.get("target")
        elif "=" in str(vol):  # --mount type=bind,source=..,target=..
            kv = dict(p.partition("=")[::2] for p in str(vol).split(","))
            src, dst = kv.get("source") or kv.get("src"), kv.get("target") or kv.get("dst") or kv.get("destination")
        else:
            parts = str(vol).split(":")
            src, dst = (parts[0], parts[1]) if len(parts) >= 2 else (None, None)
        if src and dst and ("/" in src or src.startswith(("$", "~", "."))):
            out.append((str(src), str(dst)))
    return out


def _py_version(text: str, rx) -> tuple[int, int] | None:
    m = rx.search(text or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


@check("RD-CTR-008", area=AREA, title="A host Python environment mounted into a container matches the "
       "container's Python", option="config", sources=[PYTHON_VENV, DOCKER_HOWTO])
def host_env_in_container(settings):
    services = list(_services(settings))
    if not services:
        return _none_found(settings)
    out = []
    for a, name, svc in services:
        image = str(svc.get("image") or "")
        inside = _py_version(image.rsplit("/", 1)[-1], _PY_IN_TAG)
        command = " ".join(str(x) for x in ([svc.get("command")] if isinstance(svc.get("command"), str)
                                            else svc.get("command") or []))
        env_text = " ".join(f"{k}={v}" for k, v in (svc.get("environment") or {}).items()) \
            if isinstance(svc.get("environment"), dict) else " ".join(map(str, svc.get("environment") or []))
        for src, dst in _mounts(svc):
            if not _ENV_DIR.search(src):
                continue
            used = dst in command or dst in env_text  # activated, run or put on PYTHONPATH inside
            host = _py_version(src, _PY_IN_NAME) or _py_version(command + " " + env_text, _PY_IN_NAME)
            if not used or host is None or inside is None or host == inside:
                continue
            hv, iv = ".".join(map(str, host)), ".".join(map(str, inside))
            out.append(fail(f"{name}: the host environment {src} (Python {hv}) runs inside {image} (Python {iv})",
                            f"A virtual environment belongs to the interpreter that made it: its bin/python points "
                            f"at the host's Python {hv}, and its packages (torch's compiled extensions among them) "
                            f"are built for cp{hv.replace('.', '')}. Inside an image with Python {iv} that "
                            "interpreter is missing or the extensions do not import. Create the environment inside "
                            "the container (or in a Dockerfile FROM this image), or use an image with Python "
                            f"{hv}.", subject=f"{a.path}: {name}",
                            evidence=[ev(f"{a.path}:{svc.get('line')}", f"{src}:{dst} with {image}")]))
    return out or ok("no host Python environment mounted into a container with another Python")
