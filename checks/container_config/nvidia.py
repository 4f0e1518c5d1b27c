"""The ways a container asks for GPUs through NVIDIA's runtime or device plugin (RD-CTR-004's findings, RD-CTR-003's
evidence), and every line a fix of them changes: a pod's limit and request, each NVIDIA node label it selects, a
compose reservation's `deploy:` and its device, in the file that writes them (a base file an override layers or a
service `extends:`)."""
from __future__ import annotations

from rocmdoctor.base.untrusted import pick
from rocmdoctor.engine.check import ev
from rocmdoctor.knowledge import artifacts as ka

from .services import device_list, gpu_reservations, gpus_via_cdi, item_ev, svc_ev, svc_line, unknown_drivers


def nvidia_requests(a, svc, amd_cdi) -> list[tuple[str, object]]:
    """(what, evidence) for each way the service asks for GPUs through NVIDIA's runtime or device plugin
    (runtime nvidia, an nvidia/capabilities-[gpu] reservation, --gpus without AMD's CDI spec, NVIDIA's CDI device
    `--device nvidia.com/gpu=all`, nvidia.com/gpu limits, a reservation driver Docker has no plugin for) and, beside one of those, each NVIDIA_* variable it sets
    ("NAME=value")."""
    found: list[tuple[str, object]] = []
    via_cdi = gpus_via_cdi(svc, amd_cdi)
    if str(svc.get("runtime") or "").lower() == "nvidia":
        found.append(("--runtime nvidia" if svc.get("runner") else "runtime: nvidia", svc_ev(a, svc, "runtime")))
    request = "gpu_request" if any(v.name == "gpu_request" for v in a.values) else "deploy"
    if gpu_reservations(svc) and not via_cdi:
        found.append(("deploy.resources.reservations.devices: driver nvidia / capabilities [gpu]",
                      svc_ev(a, svc, request)))
    for drv in unknown_drivers(svc):
        found.append((f"deploy.resources.reservations.devices: driver {drv} (Docker has no such device "
                      "driver; AMD GPUs come in as /dev/kfd and /dev/dri or through CDI)", svc_ev(a, svc, request)))
    if svc.get("gpus") and not via_cdi:  # `docker run --gpus all`, compose's service-level `gpus: all`
        found.append((f"--gpus {svc['gpus']}" if svc.get("runner") else f"gpus: {svc['gpus']}", svc_ev(a, svc, "gpus")))
    for d in device_list(svc):
        if d.lower().startswith("nvidia.com/"):  # NVIDIA's CDI device name (nvidia-ctk cdi generate); AMD's is amd.com/gpu
            found.append((f"--device {d}" if svc.get("runner") else f"devices: {d}", item_ev(a, svc, "devices", d)
                          if not svc.get("runner") else svc_ev(a, svc, "devices")))
    for k in svc.get("gpu_resources") or {}:
        if k in ka.K8S_NVIDIA_GPU_RESOURCES or str(k).startswith("nvidia.com/"):
            found.append((svc.get("asked_as") or f"resources.limits {k} (NVIDIA's device plugin)",
                          svc_ev(a, svc, "gpu_resources")))
    for label in svc.get("nvidia_nodes") or []:  # NVIDIA's GPU feature-discovery labels: no AMD node carries them
        found.append((f"a node selector on {label} (only NVIDIA GPU nodes carry it)", svc_ev(a, svc, "nvidia_nodes")))
    if not found:
        # NVIDIA_VISIBLE_DEVICES and friends alone are read only by NVIDIA's runtime hook: without a request
        # for that runtime they are inert on an AMD host (the corpus's tabbyapi label; seethroughlab/familiar#266)
        return found
    hi = svc.get("last")
    for v in a.values:
        if v.kind == "env" and v.name in ka.NVIDIA_ENV and v.origin.line and v.origin.line >= svc.get("line", 1) \
                and (hi is None or v.origin.line <= hi):
            found.append((f"{v.name}={v.value}", v.evidence()))
    return found


def request_lines(a, svc) -> list:
    """Evidence at each line a fix of the NVIDIA request changes beyond the one nvidia_requests cites: a pod's
    `nvidia.com/gpu` under limits and under requests, each NVIDIA node label it selects, a compose reservation's
    `deploy:` above its device."""

    lines = list(svc.get("gpu_resource_lines") or []) + list(svc.get("node_lines") or [])
    if gpu_reservations(svc) and not svc.get("runner"):
        lines.append(svc_line(a, svc, "deploy").line)
    return [ev(o.label, o.text) for o in (a.origin(n) for n in lines if n)]


def _base_reservation(svc) -> list:
    """Where the base file of a layered service writes the NVIDIA reservation the layer keeps (compose appends an
    override's `devices: []` to the base's list: only `!reset` removes it)."""
    base, own = svc.get("base_of") or (None, None)
    return [svc_ev(base, own, "deploy"), svc_ev(base, own, "gpu_request")] \
        if base is not None and gpu_reservations(own) else []


def _extended_reservation(settings, svc) -> list:
    """Where another file's base service, which this one `extends:` (through a chain of them), writes the NVIDIA
    reservation it takes."""
    for _ in range(8):  # a chain a -> b -> c, never a loop
        path, name = (pick(svc, "taken_from", "deploy") or [None, None])[:2]
        base = next((b for b in settings.of_kind("compose") if b.path == path), None)
        own = pick(base.data, "services", name) if base is not None else None
        if not isinstance(own, dict) or not gpu_reservations(own):
            return []
        if not pick(own, "taken_from", "deploy"):
            return request_lines(base, own) + [svc_ev(base, own, "gpu_request")]
        svc = own
    return []


def nvidia_evidence(settings, a, svc, found) -> list:
    """Each request's place, then every other line a fix changes, each place once (a reservation's driver line may
    be the line its request names too)."""
    places = [e for _, e in found] + request_lines(a, svc) + _base_reservation(svc) + _extended_reservation(settings, svc)
    return list({e.source: e for e in places}.values())
