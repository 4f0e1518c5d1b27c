"""What an image's name says about where it comes from and what it runs: a third-party image named for its
ROCm build, the repositories the set builds itself (not pulled), and an
Ollama container that is only a CLI client of another service. RD-IMG-001/003 (images.py) read them."""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.readers.compose import service_env
from rocmdoctor.base.untrusted import pick_map
from rocmdoctor.knowledge import artifacts as ka


def rocm_named(image: str) -> bool:
    """A third-party image whose repository is named for its ROCm build and no ROCm release
    (vllm/vllm-openai-rocm, docling-serve-rocm, CI_REGISTRY/git/rocm-base): its floating tag moves
    its ROCm like rocm/pytorch:latest does. `getterup/ollama-rocm7.1` names its release: not this; nor a
    name with no namespace (`comfyui-rocm`, `docker build -t rocm-rl`): a local build, never pulled."""
    name = image.lower().split("@", 1)[0]
    repo = name.rsplit("/", 1)[-1].partition(":")[0]
    return "/" in name and not ka.image_file(name) and bool(re.search(r"(?:^|[-_.])rocm(?![-_.]?\d)(?:$|[-_.])", repo))


def repo(image: str) -> str:
    name = image.lower().split("@", 1)[0]
    return name.rpartition(":")[0] if ":" in name.rsplit("/", 1)[-1] else name


_BUILD_TAG = re.compile(r"\b(?:docker|podman|buildah)\s+(?:image\s+)?build\b[^\n]*?\s(?:-t|--tag)[=\s]+[\"']?([^\s\"']+)")


def built_repos(settings) -> set[str]:
    """Repositories the set builds itself: a compose service's `image:` beside `build:`, a script's
    `docker build -t NAME` (flowpoint's dbuild.sh tags what drun.sh runs)."""
    out = {repo(str(x.value)) for x in settings.values("container", "built_image")}
    for a in settings.of_kind("shell", "slurm"):
        out |= {repo(m.group(1)) for m in _BUILD_TAG.finditer(a.text or "")}
    # a Dockerfile named for the image it makes (rocm-silogen-finetuning-base.Dockerfile -> .../rocm-silogen-
    # finetuning-base:main, which the other Dockerfile starts FROM): the last part of the name
    for d in settings.of_kind("dockerfile"):
        stem = re.sub(r"(?i)^dockerfile[.-]|[.-]dockerfile$", "", os.path.basename(d.path)).lower()
        if stem and stem != "dockerfile":
            out.add(stem)
    return out


def built_here(image: str, built: set[str]) -> bool:
    r = repo(image)
    return r in built or r.rsplit("/", 1)[-1] in built



def ollama_client(settings, v) -> bool:
    """A compose service of Ollama's image whose OLLAMA_HOST names another host (`http://ollama:11434`):
    it runs only the `ollama` CLI (pull, list) against that server, no model: which build it is does
    not matter. A server binds 0.0.0.0 (or leaves it unset)."""
    if "ollama" not in str(v.value).lower():
        return False
    for a in settings.of_kind("compose"):
        if a.path != v.origin.path:
            continue
        for svc in pick_map(a.data, "services").values():
            if not isinstance(svc, dict) or not (svc.get("line") or 0) <= (v.origin.line or 0) <= (svc.get("last") or 0):
                continue
            host = service_env(svc).get("OLLAMA_HOST") or ""
            host = re.sub(r"^\w+://", "", host).split(":")[0].strip()
            return bool(host) and host not in ("0.0.0.0", "localhost", "127.0.0.1", "::", "[::]")
    return False
