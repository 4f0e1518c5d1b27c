"""The image a Dockerfile's `FROM ${ARG}` really pulls when a compose file or a script builds it: compose's
`build.args` and `docker build --build-arg` replace the Dockerfile's ARG defaults
(https://docs.docker.com/reference/compose-file/build/#args),
so `BASE_IMAGE: rocm/pytorch:rocm7.0_...` in the compose file is the image the build uses, and the line
that causes a finding about it. The Dockerfile's own default is judged only where something builds it
without that arg (a service with no args, or no compose build at all)."""
from __future__ import annotations

import re


from rocmdoctor.artifacts.readers.compose import service_env
from rocmdoctor.artifacts.readers.shell import substitute
from rocmdoctor.artifacts.settings import BUILD, Value, artifact_at, build_arg_line, builds_of
from rocmdoctor.base.untrusted import pick, pick_list, pick_map
from rocmdoctor.knowledge import artifacts as ka


def _builders(settings, dockerfile: str) -> list[tuple]:
    """(artifact, compose service or the script build's line, build args) of every build of ``dockerfile``
    (settings.builds_of: by the path its build names, or by name where that path is not among the files, a set
    copied flat): compose services, and scripts' `docker build --build-arg`. NVIDIA's variant of an AMD compose
    file is never started here, and a template is built through the services that extend it: neither counts."""
    out: list[tuple] = []
    for b in builds_of(settings, dockerfile):
        a = artifact_at(settings, b.by)
        if a is None or pick(a.data, "vendor_variant"):
            continue
        if b.service is None:
            if a.kind in ("shell", "slurm"):
                out.append((a, b.line, b.arg_map))
            continue
        svc = pick_map(a.data, "services").get(b.service)
        if isinstance(svc, dict) and not svc.get("template"):
            out.append((a, svc, b.arg_map))
    return out


def resolved(settings) -> dict[tuple, list[tuple[str, Value]]]:
    """(Dockerfile, FROM line) -> [(image, Value)] for each `FROM ${ARG}` that a compose build gives
    args for: the images the builds really use, each Value at its compose arg line, plus the FROM
    itself where some build (or none) uses the default. Worked out once per settings (several image
    rules ask; each asking resolved every compose build path again)."""
    size = sum(len(a.values) for a in settings.artifacts)
    memo = getattr(settings, "__dict__", {}).get("_from_args")
    if memo is not None and memo[0] == size:
        return memo[1]
    out: dict[tuple, list[tuple[str, Value]]] = {}
    for d in settings.of_kind("dockerfile"):
        builds = None
        for st in pick_list(d.data, "stages"):
            if not isinstance(st, dict) or not st.get("raw"):
                continue
            builds = _builders(settings, d.path) if builds is None else builds
            frm = next((v for v in d.values if v.kind == BUILD and v.name == "from" and v.origin.line == st["line"]), None)
            defaults = st.get("arg_defaults") or {}
            given = [(a, svc, args) for a, svc, args in builds if set(args) & set(defaults)]
            if frm is None or not given:
                continue
            found: list[tuple[str, Value]] = []
            if len(given) < len(builds):
                found.append((str(frm.value), frm))
            for a, svc, args in given:
                image = substitute(str(st["raw"]), {**defaults, **{k: v for k, v in args.items() if k in defaults}})
                image = image.strip("\"'")
                name = next(k for k in defaults if k in args)
                line = build_arg_line(a, svc, name)
                if image and "$" not in image and line and image not in [i for i, _ in found]:
                    o = a.origin(line)
                    found.append((image, Value(BUILD, "from", image, o)))
            out[(d.path, st["line"])] = found
    if hasattr(settings, "__dict__"):
        settings.__dict__["_from_args"] = (size, out)
    return out


def from_line(settings, v) -> Value | None:
    """The Dockerfile FROM that a compose build arg's image goes into (None for a FROM itself)."""
    if v.name != "from" or any(a.path == v.origin.path and a.kind == "dockerfile" for a in settings.artifacts):
        return None
    for (path, line), found in resolved(settings).items():
        if any(x is v or (x.origin == v.origin and x.value == v.value) for _i, x in found):
            d = next(a for a in settings.artifacts if a.path == path)
            return next((x for x in d.values if x.kind == BUILD and x.name == "from" and x.origin.line == line), None)
    return None


def _nvidia_run(svc: dict) -> bool:
    """The service runs its container with NVIDIA's runtime (runtime nvidia, a driver-nvidia device
    reservation, NVIDIA_VISIBLE_DEVICES) and passes no AMD device node."""
    devices = [str(d.get("source") if isinstance(d, dict) else d).split(":")[0] for d in svc.get("devices") or []]
    if "/dev/kfd" in devices:
        return False
    res = [d for d in pick_list(svc, "deploy", "resources", "reservations", "devices") if isinstance(d, dict)]
    return str(svc.get("runtime") or "").lower() == "nvidia" or "NVIDIA_VISIBLE_DEVICES" in service_env(svc) \
        or any(str(d.get("driver", "")).lower() == "nvidia" for d in res)


def built_for_nvidia(settings, unbuilt: set) -> list[Value]:
    """The base image (its built FROM) of each Dockerfile that compose builds only for services run with
    NVIDIA's runtime (fauxpilot's `FROM moyix/triton_with_ft`, `deploy...driver: nvidia`): the files run the
    build as a CUDA image whatever its name says. Not where another service builds it with /dev/kfd."""
    out = []
    for d in settings.of_kind("dockerfile"):
        svcs = [svc for _a, svc, _args in _builders(settings, d.path)]
        if not svcs or not all(isinstance(s, dict) and _nvidia_run(s) for s in svcs):
            continue
        froms = [v for v in d.values if v.kind == BUILD and v.name == "from" and isinstance(v.value, str)
                 and (v.origin.path, v.origin.line) not in unbuilt]
        if froms and "$" not in froms[-1].value and not _PLAIN_BASE.match(froms[-1].value) \
                and not ka.NO_TORCH_IMAGE.match(froms[-1].value):
            out.append(froms[-1])  # (a plain OS, Python or toolchain base holds no CUDA: what the build installs does)
    return out


# Toolchain bases beside ka.NO_TORCH_IMAGE's OS and Python ones: no CUDA in them, whatever service runs the build
_PLAIN_BASE = re.compile(r"^(?:docker\.io/)?(?:library/)?(?:node|golang|alpine|rust|eclipse-temurin|openjdk)(?::|@|$)|"
                         r"^ghcr\.io/astral-sh/uv(?::|@|$)|^mcr\.microsoft\.com/dotnet/", re.I)
