"""Container commands in a script: ``docker run`` (or podman, nerdctl) recorded as a compose-like
service with its CONTAINER values, and ``docker build --target`` naming the stage built."""
from __future__ import annotations

import os
import re

from ...settings import BUILD, CONTAINER, ENV, Artifact
from .. import containers
from .places import _line_with
from .words import _opt


# registry/name[:tag] or name:tag, with no spaces: what an image reference looks like (not a path or a flag)
_IMAGE_REF = re.compile(r"^(?:[\w.-]+(?::\d+)?/)*[\w.-]+/[\w.-]+(?::[\w.-]+)?(?:@sha256:[0-9a-f]+)?$|^[\w.-]+:[\w.-]+$")


def _build_target(art: Artifact, words: list[str], first: int) -> None:
    """`docker build --target STAGE [-f FILE]`: the stage of that Dockerfile the image is built to
    (RD-IMG-001 judges only the stages a build needs), kept as "FILE:STAGE"."""
    target, file = None, "Dockerfile"
    for j, w in enumerate(words):
        name, val = _opt(w)
        if not w.startswith("-"):
            continue
        if name in ("target", "f", "file") and val is None and j + 1 < len(words):
            val = words[j + 1]
        if name == "target" and val:
            target = val
        elif name in ("f", "file") and val:
            file = val
    if target:
        art.add(BUILD, "target", f"{os.path.basename(file)}:{target}", first)
    record_image_build(art, words, first)


# `docker build` options that take no value; every other option takes the next word (or `=value`)
_BUILD_FLAGS = {"no_cache", "rm", "force_rm", "q", "quiet", "squash", "load", "push", "compress", "pull",
                "disable_content_trust", "layers", "no_hosts", "disable_compression", "stdin", "omit_history",
                "identity_label", "all_platforms", "help"}


def record_image_build(art: Artifact, words: list[str], first: int) -> None:
    """`docker build -t TAG [-f FILE] CONTEXT` (podman, buildah, nerdctl, `buildx build --tag`; a script's line or a
    Dockerfile's own usage comment, `# docker build -t NAME .`): the image a
    later `docker run TAG` or compose `image: TAG` starts is built from that Dockerfile, so the rules judge what
    the Dockerfile puts in it rather than its name. Kept as data["image_builds"]: {line, tags, file, context},
    paths as written (relative to the script's folder: settings.image_builds resolves them)."""
    start = next((j + 1 for j, w in enumerate(words) if w == "build"), len(words))
    tags: list[str] = []
    args: list[list[str]] = []  # --build-arg NAME=VALUE: replaces the Dockerfile's ARG default (a FROM ${NAME} too)
    file = context = None
    j = start
    while j < len(words):
        w = words[j]
        name, val = _opt(w)
        if w.startswith("-") and w != "-":
            if name in _BUILD_FLAGS:
                j += 1
                continue
            if val is None and len(w) > 2 and not w.startswith("--") and name[:1] in ("t", "f"):
                val = w[2:]  # -tNAME, -fFILE: short options glued to their value
                name = name[:1]
            elif val is None:
                val = words[j + 1] if j + 1 < len(words) else None
                j += 1
            if name in ("t", "tag") and val:
                tags.append(val)
            elif name == "build_arg" and val and "=" in val:
                k, _, v = val.partition("=")
                if k and "$" not in v and "`" not in v:
                    args.append([k, v.strip("\"'")])
            elif name in ("f", "file") and val:
                file = val
            j += 1
            continue
        if context is None:
            context = w
        j += 1
    # a tag worked out at run time (`-t app:$(tag)`, `-t app:${VERSION}`) still names the repository it builds
    tags = [t for t in tags if t and not re.search(r"[$`]", _repo_part(t))]
    # `-f "$SCRIPT_DIR/Dockerfile.arch"`, `-f "$(dirname "$0")/Dockerfile.arch"`: a folder worked out at run time (the
    # script's own, mostly); the name under it is kept, and settings.dockerfile_of_build finds the set's file of that name
    if file and "$" in file and "/" in file and "$" not in file.rsplit("/", 1)[1]:
        file = file.rsplit("/", 1)[1]
    if tags or args:
        art.data.setdefault("image_builds", []).append(
            {"line": first, "tags": tags, "file": file if file and "$" not in file else None,
             "context": context if context and "$" not in context else None, "args": args})


def _container(art: Artifact, svc: dict, first: int, last: int, physical: list[str], image_at: int = 0) -> None:
    """Record a ``docker run`` as a service ``"docker run (line N)"``: the compose rules read it."""
    out = {"line": first, "last": last, "runner": svc["runner"], "image": svc.get("image"),
           "volumes": svc.get("volumes") or [], "command": svc.get("command") or ""}
    if svc.get("ports"):
        out["ports"] = svc["ports"]
    if svc.get("held_options"):  # `"${docker_args[@]}"`: options the line does not show
        out["held_options"] = svc["held_options"]
    for flag, key in containers.KEY_OF_FLAG.items():
        if key not in svc:
            continue
        out[key] = svc[key]
        art.add(CONTAINER, key, svc[key], _line_with(physical, first, last, r"(?:^|\s)--" + re.escape(flag) + r"\b"))
    art.data.setdefault("services", {})[f"{svc['runner']} (line {first})"] = out
    image = svc.get("image")
    if isinstance(image, str) and image and not image.startswith("$"):  # the image it runs (RD-IMG-001/003)
        art.add(CONTAINER, "image", image, image_at or _line_with(physical, first, last, re.escape(image)))
        image_written(art, physical, first, last, image)
    for k, v in svc["environment"].items():
        if re.match(r"^[A-Za-z_]\w*$", k):
            art.add(ENV, k, v, _line_with(physical, first, last, r"(?:^|[\s='\"])" + re.escape(k) + "="))


def _repo_part(tag: str) -> str:
    """`registry:5000/app:${v}` -> `registry:5000/app`: the reference without its tag."""
    last = tag.rsplit("/", 1)[-1]
    return tag[:len(tag) - len(last)] + last.partition(":")[0]


def image_written(art: Artifact, physical: list[str], first: int, last: int, image: str, as_read: str = "") -> None:
    """`docker run ... "$VLLM_IMAGE"`, `srun --container-image="$IMAGE_NAME"`: the line that writes the name
    (`: "${VLLM_IMAGE:=vllm/...}"`, IMAGE=...) is where the image is chosen, and where a fix goes (``as_read``:
    the image as the reader records it, where that differs from the text: pyxis's `nvcr.io#nvidia/...`)."""
    if any(image in physical[n - 1] for n in range(first, min(last, len(physical)) + 1)):
        return
    found = [n for n in range(min(first, len(physical) + 1) - 1, 0, -1)  # the nearest line above, not a comment
             if image in physical[n - 1] and not physical[n - 1].lstrip().startswith("#")]
    at = next((n for n in found if re.search(r"\w=|:=", physical[n - 1])), found[0] if found else 0)
    if at:
        art.add(CONTAINER, "image_written", as_read or image, at)
