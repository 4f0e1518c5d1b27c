"""RD-CTR-009: every compose service has something to run, an image or a build context, in one of
the compose files of its folder (`docker compose -f docker-compose.yml -f docker-compose.rocm.yml`
merges services by name). A ROCm override that names a service its base does not define (`ui` for
the base's `frontend`) makes a service with neither: compose refuses the project ("has neither an
image nor a build context specified"), and the GPU settings meant for the real service land nowhere."""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.settings import artifact_named
from rocmdoctor.engine.check import check, ev, fail, ok
from rocmdoctor.base.untrusted import pick
from .overlays import script_layers
from .services import AREA, device_list, item_ev, services_of

COMPOSE_SPEC = "https://docs.docker.com/reference/compose-file/services/#build"
COMPOSE_MERGE = "https://docs.docker.com/compose/how-tos/multiple-compose-files/merge/"
COMPOSE_MODEL = "https://docs.docker.com/compose/intro/compose-application-model/"


# An override or variant of a project's compose file, named after it (compose.amd.yaml, docker-compose.rocm.yml,
# docker-compose.override.yml): layered with -f on a base file that gives the services their images
_OVERRIDE_NAME = re.compile(r"compose[.-][\w.-]{1,60}\.ya?ml$|\.override\.ya?ml$", re.I)


def _runnable(svc) -> bool:
    build = svc.get("build")
    return bool(svc.get("image") or svc.get("extends") or svc.get("template")
                or (isinstance(build, str) and build.strip())
                or (isinstance(build, dict) and (build.get("context") or build.get("dockerfile"))))


@check("RD-CTR-009", area=AREA, title="Every compose service has an image or a build context in its files",
       option="config", sources=[COMPOSE_SPEC, COMPOSE_MERGE])
def compose_service_runnable(settings):
    composes = [a for a in settings.of_kind("compose") if isinstance(pick(a.data, "services", default={}), dict)]
    if not composes:
        return ok("no compose file in the files")
    folders: dict[str, list] = {}
    for a in composes:
        folders.setdefault(os.path.dirname(a.path), []).append(a)
    out = []
    for here, files in folders.items():
        runnable = {n for a in files for n, s in pick(a.data, "services", default={}).items()
                    if isinstance(s, dict) and _runnable(s)}
        if not runnable and all(_OVERRIDE_NAME.search(os.path.basename(a.path)) for a in files):
            # only overrides (compose.amd.yaml, docker-compose.rocm.yml) and none gives a service an image: their base
            # file, which does, is not among the files; what it defines is unknown here
            out.append(ok(f"{here or '.'}: override file(s) without their base compose file: not judged",
                          subject=here or "."))
            continue
        names = sorted({n for a in files for n in pick(a.data, "services", default={})})
        for a in files:
            for name, svc in pick(a.data, "services", default={}).items():
                if not isinstance(svc, dict) or name in runnable:
                    continue
                others = sorted(n for n in names if n != name and n in runnable)
                line = a.origin(svc.get("line"))
                out.append(fail(f"{name}: no image and no build context in any compose file of its folder",
                                "Compose merges services by name across the files of one project; this one gets "
                                "nothing to run from any of them, so `docker compose up` refuses the project ('has "
                                "neither an image nor a build context specified'), and what it sets (devices, "
                                "environment) reaches no container. An override usually means another service: "
                                f"{', '.join(others[:6]) or '(none defined)'}.",
                                subject=f"{a.path}: {name}", evidence=[ev(line.label, line.text or f"{name}:")]))
    return out or ok("every compose service has an image or a build context")


@check("RD-CTR-010", area=AREA, title="Device nodes a container maps exist on this host (/dev/dxg only under WSL2; the DRM nodes it has)",
       option="config", sources=["https://rocm.docs.amd.com/projects/radeon/en/latest/docs/install/wsl/install-pytorch.html",
                                 "https://docs.docker.com/reference/cli/docker/container/run/#device"])
def compose_wsl_device(settings, wsl=None, devnodes=None):
    services = list(services_of(settings))
    if not services:
        return ok("no compose service or docker run in the files")
    out = []
    # the host's DRM nodes, where the probe listed them: a render or card node the host lacks stops the container
    host = {d.path for d in devnodes or [] if not getattr(d, "error", None)}
    drm = any(p.startswith("/dev/dri/") for p in host)
    for a, name, svc in services:
        subject = f"{a.path}: {name}"
        absent = [d for d in device_list(svc) if drm and re.fullmatch(r"/dev/dri/(?:renderD|card)\d+", d)
                  and d not in host]
        if wsl is not None and devnodes and not drm:
            # a WSL2 host reaches the GPU through /dev/dxg: /dev/kfd and /dev/dri exist only if WSLg or a kernel adds them
            absent = [d for d in device_list(svc) if (d == "/dev/kfd" and d not in host) or d == "/dev/dri"
                      or d.startswith("/dev/dri/")]
            if absent:
                out.append(fail(f"{name}: maps {', '.join(absent)}, which this WSL2 host does not have",
                                "Docker creates each mapped device from the host's node and refuses to start the "
                                "container when it is missing ('error gathering device information ... no such file or "
                                "directory'). ROCm under WSL2 reaches the GPU through /dev/dxg alone (with the host's "
                                "WSL libraries mounted in).", subject=subject,
                                evidence=[item_ev(a, svc, "devices", d) for d in absent]
                                + [ev("probe: devnodes", ", ".join(sorted(host)) or "(none)")]))
            absent = []
        if absent and wsl is None:
            nodes = sorted(p for p in host if p.startswith("/dev/dri/"))
            out.append(fail(f"{name}: maps {', '.join(absent)}, which this host does not have",
                            "Docker creates each mapped device from the host's node and refuses to start the container "
                            "when it is missing ('error gathering device information while adding custom device ... "
                            "no such file or directory'). DRM numbering is the author's machine's (card and render "
                            f"numbers change with the GPUs and their order); this host has {', '.join(nodes)}. Map "
                            "/dev/dri whole, or the nodes this host has.", subject=subject,
                            evidence=[item_ev(a, svc, "devices", d) for d in absent]
                            + [ev("probe: devnodes", ", ".join(nodes))]))
        dxg = [d for d in device_list(svc) if d == "/dev/dxg"]
        if not dxg:
            continue
        if wsl is not None:
            out.append(ok(f"{name}: maps /dev/dxg on this WSL2 host", subject=subject))
            continue
        out.append(fail(f"{name}: maps /dev/dxg, the GPU device of WSL2, on a native Linux host",
                        "/dev/dxg exists only inside WSL2 (the Windows driver's paravirtual GPU); on native Linux "
                        "Docker refuses to start the container ('no such file or directory'), and ROCm needs "
                        "/dev/kfd and /dev/dri here instead. Keep this file for WSL2 hosts and map /dev/kfd and "
                        "/dev/dri on Linux.", subject=subject, evidence=[item_ev(a, svc, "devices", "/dev/dxg")]))
    return out or ok("no service maps a device node this host cannot have")



def _relative_paths(a, name, svc) -> list[tuple[str, int | None]]:
    """(path as written, line) of the build context and bind-mount sources a service writes relative to its
    file's folder (`context: ..`, `- ./data:/data`)."""
    out: list[tuple[str, int | None]] = []
    lo, hi = svc.get("line") or 1, svc.get("last") or (1 << 30)
    build = svc.get("build")
    context = build if isinstance(build, str) else build.get("context") if isinstance(build, dict) else None
    if isinstance(context, str) and context and "$" not in context and "://" not in context \
            and not os.path.isabs(context):
        line = a.line_of(r"^\s*(?:context|build)\s*:\s*['\"]?" + re.escape(context) + r"['\"]?\s*(?:#.*)?$", start=lo)
        out.append((context, line if line is not None and line <= hi else lo))
    for vol in svc.get("volumes") or []:
        src = vol.get("source") if isinstance(vol, dict) else str(vol).split(":", 1)[0]
        if isinstance(src, str) and src.startswith(".") and "$" not in src:
            line = a.line_of(r"^\s*(?:-\s*|source\s*:\s*)['\"]?" + re.escape(src) + r"(?::|['\"]?\s*$)", start=lo)
            out.append((src, line if line is not None and line <= hi else lo))
    return out


@check("RD-CTR-015", area=AREA, title="Relative paths in compose files point where their authors meant (layers from "
       "another folder, mounts over the image's application)", option="config", sources=[COMPOSE_MODEL, COMPOSE_MERGE])
def compose_layer_paths(settings):
    composes = [a for a in settings.of_kind("compose") if isinstance(pick(a.data, "services", default={}), dict)]
    pairs = script_layers(settings, composes)
    out = []
    for base, layer in pairs:
        first = os.path.dirname(base.path) or "."
        here = os.path.dirname(layer.path) or "."
        for name, svc in pick(layer.data, "services", default={}).items():
            if not isinstance(svc, dict):
                continue
            for path, line in _relative_paths(layer, name, svc):
                meant = os.path.normpath(os.path.join(here, path))
                got = os.path.normpath(os.path.join(first, path))
                if meant == got:
                    continue
                o = layer.origin(line)
                out.append(fail(f"{name}: `{path}` in {os.path.basename(layer.path)} resolves against "
                                f"{base.path}'s folder, not its own",
                                "With several -f files Compose resolves every relative path against the first file's "
                                f"folder (the project directory): from there `{path}` is {os.path.relpath(got, first)}, "
                                f"where this file's author meant {os.path.relpath(meant, first)}, so the build finds no "
                                "Dockerfile (or the mount shows another folder). Write it relative to the first file's "
                                f"folder (`{os.path.relpath(meant, first)}`), or pass --project-directory.",
                                subject=f"{layer.path}: {name}", evidence=[ev(o.label, o.text or path)]))
    out.extend(_mounts_over_copied_context(settings, composes))
    return out or ok("the compose files' relative paths resolve where they point")


def _workdir_copy(text: str) -> str | None:
    """The WORKDIR of a Dockerfile's last stage when that stage copies its whole build context into it
    (`COPY . .`, `COPY . /app`)."""
    stage = re.split(r"(?im)^\s*FROM\s", text)[-1]
    workdir = None
    copied = None
    for m in re.finditer(r"(?im)^[ \t]*(WORKDIR|COPY|ADD)[ \t]+(.{1,300})$", stage):
        words = [w for w in m.group(2).split() if not w.startswith("--")]
        if m.group(1).upper() == "WORKDIR" and words:
            workdir = words[0].rstrip("/") or "/"
        elif len(words) == 2 and words[0] in (".", "./") and workdir:
            dest = words[1].rstrip("/") or "/"
            copied = workdir if dest == "." else dest
    return copied if copied and copied == workdir else None


def _mounts_over_copied_context(settings, composes) -> list:
    """A bind mount of a folder other than the build context over the WORKDIR the Dockerfile copies that
    context into (a compose file in docker/ building `context: ..` and mounting `.:/app`): the container
    sees the compose file's folder in place of the application the image holds."""
    out = []
    for a in composes:
        for name, svc in pick(a.data, "services", default={}).items():
            build = svc.get("build") if isinstance(svc, dict) else None
            dock = artifact_named(settings, pick(getattr(a, "refs", None), f"build:{name}"), a.path) if build else None
            if not build or dock is None or dock.kind != "dockerfile" or not isinstance(dock.text, str):
                continue
            context = build if isinstance(build, str) else build.get("context") or "."
            if not isinstance(context, str) or "$" in context or "://" in context:
                continue
            here = os.path.dirname(a.path) or "."
            ctx = os.path.normpath(os.path.join(here, context))
            workdir = _workdir_copy(dock.text)
            if not workdir:
                continue
            for src, line in _relative_paths(a, name, dict(svc, build=None)):
                target = next((str(v).split(":")[1] for v in svc.get("volumes") or []
                               if isinstance(v, str) and v.split(":")[0] == src and ":" in v), None)
                if target is None or target.rstrip("/") != workdir:
                    continue
                mounted = os.path.normpath(os.path.join(here, src))
                if mounted == ctx:
                    continue
                o = a.origin(line)
                out.append(fail(f"{name}: `{src}:{target}` hides the application the image copies into {workdir}",
                                f"The image copies its build context ({os.path.relpath(ctx, here)} from this file) into "
                                f"{workdir}; the bind mount puts {os.path.relpath(mounted, here)} (this file's folder) "
                                "over it, so the container sees that folder instead and the command finds no "
                                f"application. Mount the build context (`{os.path.relpath(ctx, here)}:{target}`) or "
                                "drop the mount.", subject=f"{a.path}: {name}", evidence=[ev(o.label, o.text or src)]))
    return out
