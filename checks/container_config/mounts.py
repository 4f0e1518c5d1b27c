"""RD-CTR-008: a host Python environment mounted into a container runs with the container's Python."""
from __future__ import annotations

import re

from rocmdoctor.artifacts.readers.compose import service_env
from rocmdoctor.artifacts.settings import built_from
from rocmdoctor.engine.check import check, ev, fail, ok
from .services import none_found, services_of
from .services import AREA, DOCKER_HOWTO


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
        src, dst = (str(x).strip("'\"") if x else x for x in (src, dst))  # -v "$(pwd)":/app
        if src and dst and ("/" in src or src.startswith(("$", "~", "."))):
            out.append((str(src), str(dst)))
    return out


_ACTIVATE = re.compile(r"(?:\bsource|(?:^|[;&|(]\s*)\.)\s+['\"]?([^\s'\";&|]{1,300}?)/bin/activate\b"
                       r"|(?:^|[\s;&|(])['\"]?([^\s'\";&|=]{1,300}?)/bin/python[\d.]*\b")  # bounded: no O(n^2) on a long word
_CD = re.compile(r"\bcd\s+['\"]?([^\s'\";&|]+)")


def _whole_command(a, svc, command: str) -> str:
    """The command as written: a `bash -c "..."` whose quoted script spans lines reaches the script reader
    cut at the first line; the file's own lines, to where the quotes close, hold all of it."""
    if not svc.get("runner") or (command.count('"') % 2 == 0 and command.count("'") % 2 == 0):
        return command
    lines = a.lines()
    start = (svc.get("last") or svc.get("line") or 1) - 1
    q = '"' if command.count('"') % 2 else "'"
    out = [command]
    for text in lines[start + 1:start + 80]:
        out.append(text)
        if text.count(q) % 2:
            break
    return "\n".join(out)


def _activated(a, svc, command: str) -> list:
    """(environment path, mount target, evidence) for each Python environment the container's command activates
    or runs (`source ./venv312/bin/activate`, `/app/.venv/bin/python`) that lies inside a bind-mounted host folder."""
    out = []
    mounts = _mounts(svc)
    cwd = str(svc.get("working_dir") or svc.get("workdir") or "")
    for m in _ACTIVATE.finditer(command):
        path = m.group(1) or m.group(2)
        cds = [c for c in _CD.findall(command[:m.start()]) if c.startswith("/")]
        base = cds[-1] if cds else cwd
        full = path if path.startswith("/") else (base.rstrip("/") + "/" + path.lstrip("./") if base else "")
        hit = next(((s, d) for s, d in mounts if full == d.rstrip("/") or full.startswith(d.rstrip("/") + "/")), None)
        if not full or hit is None or not _ENV_DIR.search(path.rstrip("/") + "/"):
            continue
        lo = svc.get("line") or 1
        line = a.line_of(re.escape(path.lstrip("./")) + r"/bin/(?:activate|python)", start=max(lo - 1, 0)) or lo
        o = a.origin(line)
        out.append((path, hit[1], ev(o.label, o.text)))
    return out


def _py_version(text: str, rx) -> tuple[int, int] | None:
    m = rx.search(text or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def _built_base(settings, a, name, svc) -> str | None:
    """The image the last stage of the Dockerfile a service's image is built from starts FROM (settings.built_from:
    its compose build, or the script line that builds its tag); None when the files do not build it."""
    docks = built_from(settings, a, name, svc)
    if not docks:
        return None
    froms = [v for v in docks[-1].values if v.kind == "build" and v.name == "from" and isinstance(v.value, str)]
    return froms[-1].value if froms else None


@check("RD-CTR-008", area=AREA, title="A host Python environment mounted into a container matches the "
       "container's Python", option="config", sources=[PYTHON_VENV, DOCKER_HOWTO])
def host_env_in_container(settings):
    services = list(services_of(settings))
    if not services:
        return none_found(settings)
    out = []
    for a, name, svc in services:
        image = str(svc.get("image") or "")
        base = _built_base(settings, a, name, svc)
        if base is not None:  # an image the files build holds its Dockerfile's base's Python, whatever its tag says
            image = f"{image or name} (FROM {base})"
        inside = _py_version((base if base is not None else image).rsplit("/", 1)[-1], _PY_IN_TAG)
        command = " ".join(str(x) for x in ([svc.get("command")] if isinstance(svc.get("command"), str)
                                            else svc.get("command") or []))
        env_text = " ".join(k if v is None else f"{k}={v}" for k, v in service_env(svc).items())
        found = [(src, dst, at, _py_version(src, _PY_IN_NAME))
                 for src, dst, at in _activated(a, svc, _whole_command(a, svc, command))]  # activated inside
        for src, dst in _mounts(svc):
            if _ENV_DIR.search(src) and (dst in command or dst in env_text):  # run or put on PYTHONPATH inside
                found.append((src, dst, ev(f"{a.path}:{svc.get('line')}", f"{src}:{dst} with {image}"),
                              _py_version(src, _PY_IN_NAME) or _py_version(command + " " + env_text, _PY_IN_NAME)))
        for src, dst, at, host in found:
            if host is None or inside is None or host == inside:
                continue
            hv, iv = ".".join(map(str, host)), ".".join(map(str, inside))
            out.append(fail(f"{name}: the host environment {src} (Python {hv}) runs inside {image} (Python {iv})",
                            f"{src} lies in the host folder mounted at {dst}: a virtual environment made on the host, "
                            f"whose bin/python points at the host's Python {hv} and whose packages (torch's compiled "
                            f"extensions among them) are built for cp{hv.replace('.', '')}. Inside an image with "
                            f"Python {iv} that interpreter is missing or the extensions do not import, and the image's "
                            "own ROCm torch is not in it. Create the environment inside the container (or in a "
                            f"Dockerfile FROM this image), or use an image with Python {hv}.",
                            subject=f"{a.path}: {name}", evidence=[at]))
    return out or ok("no host Python environment mounted into a container with another Python")
