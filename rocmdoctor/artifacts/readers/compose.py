"""docker-compose / compose.yaml files as settings: per service, the image, devices,
group_add, shm_size, ipc, environment, runtime, privileged, network_mode and the
deploy.resources.reservations.devices entries (the NVIDIA-only GPU syntax).

Read with PyYAML (a real YAML parser: anchors, flow lists, both ``environment:`` forms).
Without PyYAML installed the file is listed as not read, with the reason; the training-
config fallback reader cannot hold compose's nesting.
"""
from __future__ import annotations

import re

from ..settings import CONTAINER, ENV, Artifact

COMPOSE = "compose"
KEYS = ("image", "devices", "group_add", "shm_size", "ipc", "runtime", "privileged", "network_mode", "deploy",
        "ulimits", "cap_add", "security_opt", "user", "build")


def _service_lines(lines: list[str], services: list[str]) -> dict[str, tuple[int, int]]:
    """1-based (first, last) line of each service's block under ``services:``."""
    start = next((i for i, l in enumerate(lines) if re.match(r"^services\s*:", l)), None)
    if start is None:
        return {}
    marks = []
    indent = None
    for i in range(start + 1, len(lines)):
        l = lines[i]
        if not l.strip() or l.lstrip().startswith("#"):
            continue
        ind = len(l) - len(l.lstrip())
        if ind == 0:
            break
        if indent is None:
            indent = ind
        if ind == indent:
            m = re.match(r"^\s*['\"]?([^'\":]+)['\"]?\s*:", l)
            if m:
                marks.append((m.group(1).strip(), i + 1))
    end_all = len(lines)
    out = {}
    for k, (name, line) in enumerate(marks):
        out[name] = (line, marks[k + 1][1] - 1 if k + 1 < len(marks) else end_all)
    return out


def _line(lines: list[str], lo: int, hi: int, pattern: str) -> int | None:
    rx = re.compile(pattern)
    for i in range(lo, min(hi, len(lines)) + 1):
        if rx.search(lines[i - 1]):
            return i
    return None


# Compose files are a few kB; 100 kB took 1 s to parse and place (found by the fuzzer). Larger
# ones are refused, as Dockerfiles and scripts are.
MAX_COMPOSE_BYTES = 64 * 1024


def read(path: str, text: str) -> Artifact:
    if len(text) > MAX_COMPOSE_BYTES:
        art = Artifact(path, COMPOSE, "", data={"services": {}})
        art.error = f"{path}: {len(text) // 1024} KiB; larger than any compose file ({MAX_COMPOSE_BYTES // 1024} KiB at most)"
        return art
    art = Artifact(path, COMPOSE, text, data={"services": {}})
    try:
        import yaml  # type: ignore  # noqa: F401 - only to say PyYAML is needed
    except ImportError:
        art.error = f"{path}: a compose file; reading it needs PyYAML (pip install 'rocmdoctor[lint]')"
        return art
    from .. import configfiles as cf

    try:
        # configfiles' YAML reading: libyaml when present, size and nesting bounded, aliases
        # expanded at most MAX_VALUES times (a 320 kB compose file took 2 s in safe_load; fuzz).
        doc = cf.parse(text, path)
    except cf.ConfigError as exc:
        art.error = str(exc)
        return art
    services = doc.get("services") if isinstance(doc, dict) else None
    if not isinstance(services, dict):
        art.error = f"{path}: no services: mapping; not a compose file"
        return art
    lines = text.splitlines()
    spans = _service_lines(lines, list(services))
    for name, svc in services.items():
        if not isinstance(svc, dict):
            continue
        name = str(name)
        lo, hi = spans.get(name, (1, len(lines)))
        art.data["services"][name] = {"line": lo, **{k: svc.get(k) for k in KEYS if k in svc}}
        for key in KEYS:
            if key in svc:
                ln = _line(lines, lo, hi, rf"^\s*{re.escape(key)}\s*:")
                art.add(CONTAINER, key, svc[key], ln)
        env = svc.get("environment")
        items: list[tuple[str, object]] = []
        if isinstance(env, dict):
            items = [(str(k), v) for k, v in env.items()]
        elif isinstance(env, list):
            for e in env:
                k, eq, v = str(e).partition("=")
                items.append((k, v if eq else None))
        for k, v in items:
            if v is None or not re.match(r"^[A-Za-z_]\w*$", k):
                continue  # `- NAME` passes the host's value through: nothing to judge here
            ln = _line(lines, lo, hi, rf"(?:^|[\s\"'-]){re.escape(k)}\s*[=:]")
            art.add(ENV, k, "" if v is None else (str(v).lower() if isinstance(v, bool) else str(v)), ln)
    return art
