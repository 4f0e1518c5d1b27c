"""Compose files against the GPUs they will run on: device nodes, NVIDIA-only syntax,
shared memory, groups named that the image may lack, and visible-device indexes that
`devices:` renumbers. RD-CTR-001/002 judge a running container; these judge its definition
(`scan --config docker-compose.yml`) before it starts.
"""
from __future__ import annotations

import re

from rocmdoctor.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.knowledge import artifacts as ka

AREA = "container"
DOCKER_HOWTO = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/docker.html"
DS_ENV_REPORT = "https://github.com/deepspeedai/DeepSpeed/blob/master/deepspeed/env_report.py"


def _services(settings):
    """(compose path, service name, its options, artifact) for every service of every compose file."""
    for a in settings.of_kind("compose"):
        for name, svc in (a.data or {}).get("services", {}).items():
            yield a, name, svc


def _line(a, svc, key):
    """The origin of a service option (for evidence), or the service's own line."""
    lo = svc.get("line") or 1
    for v in a.values:
        if v.kind == "container" and v.name == key and v.origin.line and v.origin.line >= lo:
            return v.origin
    return a.origin(lo)


def _ev(a, svc, key):
    o = _line(a, svc, key)
    return ev(o.label, o.text or f"{key}: (not set)")


def _plan(title, a, lines: list[str]) -> FixPlan:
    return FixPlan(title, tuple(Action("note", f"in {a.path}: {t}", path=a.path) for t in lines),
                   params={"files": [a.path]})


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
def compose_devices(settings):
    services = list(_services(settings))
    if not services:
        return ok("no compose service in the files")
    out = []
    for a, name, svc in services:
        devs = _device_list(svc)
        subject = f"{a.path}: {name}"
        if svc.get("privileged") is True or _cdi(svc):
            out.append(ok(f"{name}: GPUs come in through {'privileged mode' if svc.get('privileged') else 'CDI'}",
                          subject=subject, evidence=[_ev(a, svc, 'privileged' if svc.get('privileged') else
                                                         'runtime')]))
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
                        fix=_plan("Pass the GPU device nodes", a, [f"under service {name}: devices: [/dev/kfd, "
                                                                   "/dev/dri]"])))
    return out


@check("RD-CTR-004", area=AREA, title="Compose files use no NVIDIA-only GPU syntax on an AMD machine",
       option="config", sources=[ka.COMPOSE_GPU, DOCKER_HOWTO])
def compose_nvidia_syntax(settings, gpus=None):
    services = list(_services(settings))
    if not services:
        return ok("no compose service in the files")
    out = []
    for a, name, svc in services:
        found = []
        if str(svc.get("runtime") or "").lower() == "nvidia":
            found.append(("runtime: nvidia", _ev(a, svc, "runtime")))
        res = ((svc.get("deploy") or {}).get("resources") or {}) if isinstance(svc.get("deploy"), dict) else {}
        for d in ((res.get("reservations") or {}).get("devices") or []) if isinstance(res, dict) else []:
            if isinstance(d, dict) and (str(d.get("driver", "")).lower() == "nvidia" or (
                    "driver" not in d and "gpu" in [str(c) for c in d.get("capabilities") or []])):
                found.append(("deploy.resources.reservations.devices: driver nvidia / capabilities [gpu]",
                              _ev(a, svc, "deploy")))
        for v in a.values:
            if v.kind == "env" and v.name in ka.NVIDIA_ENV and v.origin.line and v.origin.line >= svc.get("line", 1):
                found.append((f"{v.name}={v.value}", v.evidence()))
        if not found:
            out.append(ok(f"{name}: no NVIDIA-only syntax", subject=f"{a.path}: {name}"))
            continue
        mk = fail if [g for g in gpus or [] if not g.integrated] else warn
        out.append(mk(f"{name}: NVIDIA-only GPU syntax ({'; '.join(f for f, _ in found)})",
                      "These reach GPUs only through the NVIDIA container runtime; on an AMD machine the service "
                      "starts without a GPU or fails ('could not select device driver \"nvidia\"'). Pass "
                      "/dev/kfd and /dev/dri as devices (or use AMD's container toolkit).",
                      subject=f"{a.path}: {name}", evidence=[e for _, e in found],
                      fix=_plan("Use the ROCm device nodes", a, [f"under service {name}: remove {f}" for f, _ in found]
                                + [f"under service {name}: devices: [/dev/kfd, /dev/dri]"])))
    return out


@check("RD-CTR-005", area=AREA, title="Compose services get enough shared memory (ipc: host or shm_size)",
       option="config", sources=[DS_ENV_REPORT, DOCKER_HOWTO])
def compose_shm(settings, gpus=None):
    services = list(_services(settings))
    if not services:
        return ok("no compose service in the files")
    n = len([g for g in gpus or [] if not g.integrated])
    need = ka.SHM_MULTI_GPU if n != 1 else ka.SHM_MULTI_GPU // 2
    out = []
    for a, name, svc in services:
        subject = f"{a.path}: {name}"
        if str(svc.get("ipc") or "").lower() == "host":
            out.append(ok(f"{name}: ipc: host shares the host's /dev/shm", subject=subject,
                          evidence=[_ev(a, svc, "ipc")]))
            continue
        size = ka.docker_size(svc.get("shm_size")) if "shm_size" in svc else ka.DOCKER_DEFAULT_SHM
        shown = f"{size / 2**30:.2f} GiB" if size and size >= 2**30 else f"{(size or 0) // 2**20} MiB"
        if size is not None and size >= need:
            out.append(ok(f"{name}: shm_size {shown}", subject=subject, evidence=[_ev(a, svc, "shm_size")]))
            continue
        out.append(warn(f"{name}: /dev/shm will be {shown}" + ("" if "shm_size" in svc else " (Docker's default)"),
                        f"RCCL passes data between GPUs through /dev/shm and DataLoader workers pass batches through "
                        f"it; below {need // 2**20} MiB training fails with 'Bus error' or an ncclShmOpen error.",
                        subject=subject, evidence=[_ev(a, svc, "shm_size" if "shm_size" in svc else "ipc")],
                        fix=_plan("Give the container shared memory", a,
                                  [f"under service {name}: ipc: host (or shm_size: 16G)"])))
    return out


@check("RD-CTR-006", area=AREA, title="group_add names groups the image has (else use the host's GID)",
       option="config", sources=list(ka.GROUP_RENDER))
def compose_group_add(settings, identity=None):
    services = list(_services(settings))
    if not services:
        return ok("no compose service in the files")
    made = {str(v.value) for v in settings.values("build", "group")}
    host_groups = (identity or {}).get("known_groups") or {}
    out = []
    for a, name, svc in services:
        groups = [str(g) for g in svc.get("group_add") or []]
        risky = [g for g in groups if not g.isdigit() and g not in ka.BASE_IMAGE_GROUPS and g not in made]
        subject = f"{a.path}: {name}"
        if not risky:
            out.append(ok(f"{name}: group_add {', '.join(groups) or '(none)'}", subject=subject))
            continue
        gids = {g: host_groups.get(g, {}).get("gid") for g in risky}
        use = ", ".join(f"{g} -> {gid}" if gid is not None else f"{g} -> $(getent group {g} | cut -d: -f3)"
                        for g, gid in gids.items())
        out.append(warn(f"{name}: group_add names {', '.join(risky)}, which the image may not define",
                        "Docker resolves group_add names inside the image; an image without the group stops with "
                        "'Unable to find group render: no matching entries in group file', and the host's render "
                        f"GID differs from host to host. Use the host's numeric GID ({use}).",
                        subject=subject, evidence=[_ev(a, svc, "group_add")],
                        data={"host_gids": gids},
                        fix=_plan("Add the groups by number", a, [f"under service {name}: group_add: {use}"])))
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
               and (v.origin.line or 0) >= svc.get("line", 1)]
        bad = [v for v in env if any(i >= len(renders) for i in _indexes(str(v.value)))]
        subject = f"{a.path}: {name}"
        if not bad:
            out.append(ok(f"{name}: {len(renders)} render node(s) passed; visible-device indexes fit",
                          subject=subject, evidence=[_ev(a, svc, "devices")] + [v.evidence() for v in env]))
            continue
        out.append(fail(f"{name}: {', '.join(f'{v.name}={v.value}' for v in bad)} names GPUs the container "
                        f"does not have",
                        f"devices: passes {len(renders)} render node(s) ({', '.join(renders)}); inside the container "
                        f"they are GPUs 0..{len(renders) - 1}, whatever their host numbers. Index them from 0, or "
                        "drop the variable and choose GPUs with devices: alone.", subject=subject,
                        evidence=[_ev(a, svc, "devices")] + [v.evidence() for v in bad],
                        fix=_plan("Number the GPUs as the container sees them", a,
                                  [f"line {v.origin.line}: {v.name}={','.join(str(i) for i in range(len(renders)))}"
                                   for v in bad])))
    return out or ok("no service restricts GPUs with single render nodes")
