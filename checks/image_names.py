"""What an image's name says about where it comes from and what it runs: a third-party image named for its
ROCm build, the images the set builds itself (not pulled: asked of the settings model, settings.built_images),
an Ollama container that needs no ROCm build (a CLI client of another service, or on the Vulkan backend), a pulled
image the files run with NVIDIA's runtime (a CUDA image whatever its name), and an image a script runs only in its
CUDA branch. RD-IMG-001/003 (images.py) read them."""
from __future__ import annotations

import re

from rocmdoctor.artifacts.readers.compose import service_env
from rocmdoctor.artifacts.settings import artifact_at, builds as settings_builds, built_images, image_key, path_key
from rocmdoctor.base.untrusted import pick, pick_list, pick_map
from rocmdoctor.knowledge import artifacts as ka


def rocm_named(image: str) -> bool:
    """A third-party image whose repository is named for its ROCm build and no ROCm release
    (vllm/vllm-openai-rocm, docling-serve-rocm, CI_REGISTRY/git/rocm-base): its floating tag moves
    its ROCm like rocm/pytorch:latest does. `getterup/ollama-rocm7.1` names its release: not this; nor a
    name with no namespace (`comfyui-rocm`, `docker build -t rocm-rl`): a local build, never pulled."""
    name = image.lower().split("@", 1)[0]
    repo = name.rsplit("/", 1)[-1].partition(":")[0]
    # TheRock is AMD's ROCm build: kyuz0/vllm-therock-gfx1151 is a ROCm build as much as ...-rocm is
    return "/" in name and not ka.image_file(name) and bool(re.search(r"(?:^|[-_.])(?:rocm|therock)(?![-_.]?\d)(?:$|[-_.])",
                                                                      repo))


def built_repos(settings):
    """The images the set builds itself (settings.built_images: a compose service's `image:` beside `build:`, a
    script's `docker build -t NAME` (flowpoint's dbuild.sh tags what drun.sh runs), a Dockerfile named for its
    image): never pulled, whatever their names say."""
    return built_images(settings)


def built_here(image: str, built) -> bool:
    """Whether ``image`` is one of ``built`` (:func:`built_repos`): the set's own build."""
    return image in built


def ollama_without_rocm(settings, v) -> bool:
    """A compose service of Ollama's image that needs no ROCm build: its OLLAMA_HOST names another host
    (`http://ollama:11434`: it runs only the `ollama` CLI, pull and list, against that server, no model; a server
    binds 0.0.0.0 or leaves it unset), or it runs models on Ollama's Vulkan backend (OLLAMA_VULKAN=1, set here or by
    a layer of its folder for the same service), which the standard image carries for AMD GPUs
    (https://docs.ollama.com/gpu, "Vulkan GPU Support")."""
    if "ollama" not in str(v.value).lower():
        return False
    for a in settings.of_kind("compose"):
        if a.path != v.origin.path:
            continue
        for name, svc in pick_map(a.data, "services").items():
            if not isinstance(svc, dict) or not (svc.get("line") or 0) <= (v.origin.line or 0) <= (svc.get("last") or 0):
                continue
            host = service_env(svc).get("OLLAMA_HOST") or ""
            host = re.sub(r"^\w+://", "", host).split(":")[0].strip()
            return bool(host) and host not in ("0.0.0.0", "localhost", "127.0.0.1", "::", "[::]") or \
                _on_vulkan(settings, name, v)
    return False


def _on_vulkan(settings, name: str, v) -> bool:
    """The compose files of ``v``'s folder (one project: a base and the layers `-f` adds) that set OLLAMA_VULKAN for
    service ``name`` all set it on; a layer that sets it off may win, so then the image is judged."""
    import os

    here = os.path.dirname(v.origin.path)
    said = [str(service_env(svc).get("OLLAMA_VULKAN")).strip().lower() for b in settings.of_kind("compose")
            if os.path.dirname(b.path) == here for svc in [pick_map(b.data, "services").get(name)]
            if isinstance(svc, dict) and service_env(svc).get("OLLAMA_VULKAN") is not None]
    return bool(said) and all(x in ("1", "true", "yes", "on") for x in said)


_NVIDIA_RUN = ka.ImagePattern("", "started with NVIDIA's container runtime by these files, so built for CUDA",
                              ("https://github.com/NVIDIA/nvidia-container-toolkit",))


def run_as_cuda(settings):
    """A pulled image (no `build:`, no build of the set tags it) that a compose service or `docker run` starts with
    NVIDIA's runtime (runtime nvidia, NVIDIA_VISIBLE_DEVICES, a driver: nvidia reservation): the files run it as a
    CUDA image, whatever its name. `--gpus` alone is no sign (AMD's CDI spec serves it too)."""
    out, made = [], _cuda_built(settings)  # built here from a CUDA FROM: that FROM line is the finding
    for a in settings.of_kind("compose", "shell", "slurm"):
        for svc in pick_map(a.data, "services").values():
            image = str(svc.get("image") or "")
            if not image or "$" in image or svc.get("build") or ka.rocm_image(image) \
                    or any(p.matches(image) for p in ka.CUDA_IMAGES) or image_key(image) in made:
                continue
            lo, hi = svc.get("line") or 0, svc.get("last") or 10**9
            keys = {x.name for x in a.values if x.kind == "env" and lo <= (x.origin.line or 0) <= hi}
            res = [d for d in pick_list(svc, "deploy", "resources", "reservations", "devices") if isinstance(d, dict)]
            if str(svc.get("runtime") or "").lower() == "nvidia" or "NVIDIA_VISIBLE_DEVICES" in keys \
                    or any(str(d.get("driver", "")).lower() == "nvidia" for d in res):
                same = [x for x in a.values if x.kind == "container" and x.name == "image" and x.value == image]
                # the service's own image line, else the anchor it merges (`<<: *base` names it elsewhere)
                v = next((x for x in same if lo <= (x.origin.line or 0) <= hi), same[0] if same else None)
                if v is not None:
                    out.append((image, v, _NVIDIA_RUN))
    return out


def _cuda_built(settings) -> set[str]:
    """Tags the set's own builds give images whose Dockerfile has a stage FROM a CUDA image (RD-IMG-001 cites it)."""
    cuda = {path_key(a.path) for a in settings.of_kind("dockerfile") if any(p.matches(str(s.get("image") or ""))
                                                                            for s in pick_list(a.data, "stages")
                                                                            for p in ka.CUDA_IMAGES)}
    return {t for b in settings_builds(settings) if b.dockerfile and path_key(b.dockerfile) in cuda for t in b.tags}


def other_vendors_branch(settings, v) -> bool:
    """An image a script runs or pulls in the CUDA/NVIDIA branch of an `if`/`elif` chain with a ROCm branch beside it
    (`if [ "$device" == cuda ]; then docker run ... nvcr.io/...; elif ... rocm`): never this machine's."""
    from .pip_untaken import in_other_vendor_branch

    return in_other_vendor_branch(artifact_at(settings, v.origin.path), v.origin.line)


def other_vendors_profile(settings, v) -> bool:
    """An image that only compose services profiled for another vendor or the CPU run (`profiles: [gpu-nvidia]`,
    `[cpu]`), in a file that profiles an AMD variant beside them (`profiles: [gpu-amd]` with ollama/ollama:rocm):
    `--profile gpu-amd` never starts them (an anchor's `image:` shared by both is judged by the services using it)."""
    from .container_config.overlays import AMD_PROFILE, other_vendor_profiled, profiled

    art = artifact_at(settings, v.origin.path)
    services = pick(art.data, "services", default=None) if art is not None and art.kind == "compose" else None
    if not isinstance(services, dict) or not any(profiled(s, AMD_PROFILE) for s in services.values()):
        return False
    line = v.origin.line
    if line is None:
        return False
    users = [s for s in services.values() if isinstance(s, dict) and (
        pick(s, "lines", "image") == line
        or isinstance(s.get("line"), int) and isinstance(s.get("last"), int) and s["line"] <= line <= s["last"])]
    return bool(users) and all(other_vendor_profiled(s) and not profiled(s, AMD_PROFILE) for s in users)
