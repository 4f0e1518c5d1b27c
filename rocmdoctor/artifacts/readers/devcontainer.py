"""A Dev Container (`.devcontainer/devcontainer.json`, VS Code and the devcontainer CLI) as the container it starts:
the image it runs or the Dockerfile it builds (`build.dockerfile`, relative to the file; `build.context`, `build.args`),
`runArgs` as the `docker run` options they are, `containerEnv`, `privileged`, and the user its tools run as
(`remoteUser`, else `containerUser`). One that names a compose file (`dockerComposeFile` + `service`) runs that
compose service, read from the compose file itself. The file is JSON with comments (JSONC), read as the CLI reads it.
https://containers.dev/implementors/json_reference/"""
from __future__ import annotations

import json
import os
import re

from ..settings import CONTAINER, ENV, Artifact
from . import containers

DEVCONTAINER = "devcontainer"
NAMES = ("devcontainer.json", ".devcontainer.json")
MAX_BYTES = 256 * 1024


def looks_like(path: str) -> bool:
    return os.path.basename(path).lower() in NAMES


# JSONC: `//` and `/* */` comments, then trailing commas (a comment may sit between a comma and its `]`), outside
# strings (a string is skipped whole, escapes included).
_STRING = r'"(?:[^"\\\n]|\\.){0,100000}"'
_COMMENTS = re.compile(_STRING + r'|//[^\n]{0,100000}|/\*.{0,100000}?\*/', re.S)
_TRAILING = re.compile(_STRING + r'|,(?=\s{0,10000}[\]}])')


def _json(text: str):
    def keep(m: re.Match) -> str:
        return m.group(0) if m.group(0).startswith('"') else ""

    return json.loads(_TRAILING.sub(keep, _COMMENTS.sub(keep, text)))


# Microsoft's dev container images (mcr.microsoft.com/devcontainers/python, .../cpp, the older vscode/devcontainers/*).
_MS_IMAGE = re.compile(r"^(?:mcr\.microsoft\.com/)(?:vscode/)?devcontainers/", re.I)


def base_of(path: str, text: str) -> str:
    """The first FROM of the Dockerfile the devcontainer ``text`` builds ("" when there is none to read): what
    readers.read_one passes to :func:`read`, and keys its cache with, since it lives in another file."""
    try:
        doc = _json(text) if len(text) <= MAX_BYTES else None
    except (ValueError, RecursionError):
        return ""
    build = doc.get("build") if isinstance(doc, dict) else None
    name = build.get("dockerfile") if isinstance(build, dict) else None
    if not isinstance(name, str):
        return ""
    from . import ReadError, read_text  # bounded, regular files only (a FIFO never blocks the read)

    dockerfile = os.path.join(os.path.dirname(path), name)
    try:
        head = read_text(dockerfile)[:64 * 1024] if os.path.isfile(dockerfile) else ""
    except ReadError:
        return ""
    m = re.search(r"(?im)^[ \t]*FROM[ \t]+(?:--platform=\S+[ \t]+)?(\S+)", head)
    return m.group(1) if m else ""


def read(path: str, text: str, base: str = "") -> Artifact:
    """``base``: the first FROM of the Dockerfile it builds (:func:`base_of`)."""
    art = Artifact(path, DEVCONTAINER, text, data={"services": {}})
    if len(text) > MAX_BYTES:
        art.error = f"{path}: {len(text) // 1024} KiB; larger than any devcontainer.json ({MAX_BYTES // 1024} KiB at most)"
        return art
    try:
        doc = _json(text)
    except (ValueError, RecursionError) as exc:
        art.error = f"{path}: not JSON with comments as a devcontainer.json is ({str(exc)[:120]})"
        return art
    if not isinstance(doc, dict):
        art.error = f"{path}: not a devcontainer.json (no object at the top)"
        return art
    if doc.get("dockerComposeFile"):  # the compose service it names is what runs, judged in the compose file
        art.data["compose_service"] = str(doc.get("service") or "")
        return art
    lines = text.splitlines()

    def line_of(pattern: str, default: int = 1) -> int:
        rx = re.compile(pattern)
        return next((n for n, x in enumerate(lines, 1) if rx.search(x)), default)

    args = [str(x) for x in doc.get("runArgs") or [] if isinstance(x, (str, int, float))] \
        if isinstance(doc.get("runArgs"), list) else []
    image = doc.get("image") if isinstance(doc.get("image"), str) else None
    svc, _ = containers.parse(["docker", "run", *args, image or "devcontainer"], 0)
    svc = svc or {"environment": {}}
    name = str(doc.get("name") or "devcontainer")
    # a finding about the container's options points where they are written (runArgs), else at its image
    lo = line_of(r'"runArgs"\s*:', line_of(r'"(?:image|build)"\s*:'))
    out: dict = {"line": lo, "last": len(lines), "runner": "devcontainer", "volumes": [], "command": "",
                 "environment": dict(svc.get("environment") or {})}
    if isinstance(doc.get("features"), dict):  # what the features install (mesa-vulkan-drivers: a graphics container)
        out["features"] = json.dumps(doc["features"])[:4000]
    for flag, key in containers.KEY_OF_FLAG.items():
        if key in svc and key not in ("tty", "stdin_open", "detach"):
            out[key] = svc[key]
            art.add(CONTAINER, key, svc[key], line_of(r'"--?' + re.escape(flag) + r'\b', lo))
    if doc.get("privileged") is True:
        out["privileged"] = True
        art.add(CONTAINER, "privileged", True, line_of(r'"privileged"\s*:', lo))
    build = doc.get("build") if isinstance(doc.get("build"), dict) else None
    user = doc.get("remoteUser") or doc.get("containerUser")
    if isinstance(user, str) and user:
        out["user"] = user
        art.add(CONTAINER, "user", user, line_of(r'"(?:remoteUser|containerUser)"\s*:', lo))
    elif _MS_IMAGE.match(image or base):
        # Microsoft's dev container images say remoteUser "vscode" in their devcontainer.metadata label: the tools run
        # as vscode, not root, though the file names no user (the label's value is cited at the image or build line)
        out["user"] = "vscode"
        art.add(CONTAINER, "user", "vscode", line_of(r'"(?:image|build)"\s*:', lo))
    if build is not None and isinstance(build.get("dockerfile"), str):
        # paths in build are relative to devcontainer.json; the image it makes is this Dockerfile's
        out["build"] = {"context": str(build.get("context") or "."),
                        **({"args": build["args"]} if isinstance(build.get("args"), dict) else {})}
        art.refs[f"build:{name}"] = os.path.normpath(build["dockerfile"])
    elif image:
        out["image"] = image
        art.add(CONTAINER, "image", image, line_of(r'"image"\s*:', lo))
    env = doc["containerEnv"] if isinstance(doc.get("containerEnv"), dict) else {}
    for k, v in env.items():
        if isinstance(k, str) and re.match(r"^[A-Za-z_]\w*$", k) and isinstance(v, (str, int, float, bool)):
            out["environment"][k] = str(v)
    for k, v in out["environment"].items():
        art.add(ENV, k, v, line_of(r'["\s=]' + re.escape(k) + r'["=]', lo))
    art.data["services"][name] = out
    return art
