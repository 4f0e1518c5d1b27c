"""/dev/dri without /dev/kfd: a service that uses the GPU for graphics or video (Vulkan, VA-API) needs only the render
node; ROCm compute (HIP, HSA) needs /dev/kfd too."""
from __future__ import annotations

import re

from .services import GPU_ENV, _env as service_env, command_of

# Graphics and video APIs that reach an AMD GPU through the render node alone (Mesa's RADV and radeonsi, VA-API):
# llama.cpp's Vulkan server, a VA-API encoder, a Vulkan dev container. ROCm compute (HIP, HSA) needs /dev/kfd too.
# RADV_PERFTEST, RADV_DEBUG: switches of Mesa's RADV Vulkan driver
_GRAPHICS = re.compile(r"vulkan|\bradv(?![a-z0-9])|vaapi|\blibva|va-api|mesa-(?:vulkan|va)|\bopengl\b|\begl\b", re.I)
# Video encoding and decoding on the render node beside _GRAPHICS's VA-API: FFmpeg (an FFMPEG_BINARY setting), media servers
_VIDEO = re.compile(r"ffmpeg|transcod|\bencod|\bhwaccel|jellyfin|\bplex\b|frigate|handbrake|obs-studio", re.I)
_COMPUTE = re.compile(r"\b(?:rocm|hip|hsa|rocr|pytorch|torch|ollama|vllm|sglang|comfy)", re.I)


def graphics_only(svc, devs: list[str]) -> str:
    """What the service says it uses /dev/dri for when that is graphics or video only (its image, environment,
    volumes, command or a dev container's features name Vulkan, RADV, VA-API) and nothing of it asks for ROCm
    compute; "" otherwise."""
    if "/dev/kfd" in devs or not any(d == "/dev/dri" or d.startswith("/dev/dri/") for d in devs):
        return ""
    env = service_env(svc)  # a list or a mapping, as compose writes it
    text = " ".join(str(x) for x in (svc.get("image"), command_of(svc), svc.get("volumes"), svc.get("features"),
                                     *env.keys(), *env.values()))
    if _COMPUTE.search(text) or any(GPU_ENV.match(str(k)) for k in env):
        return ""
    m = _GRAPHICS.search(text)
    return {"radv": "Vulkan", "libva": "VA-API", "vaapi": "VA-API", "va-api": "VA-API"}.get(
        m.group(0).lower().rstrip("-"), "Vulkan" if "vulkan" in m.group(0).lower() else m.group(0)) if m else ""


def dri_only(svc, devs: list[str]) -> str:
    """"video or graphics (a sibling is given /dev/kfd)" for a service given /dev/dri and not /dev/kfd, where nothing
    of it asks for ROCm compute (HIP/HSA variables, a ROCm image or command); "" otherwise."""
    if "/dev/kfd" in devs or not any(d == "/dev/dri" or d.startswith("/dev/dri/") for d in devs):
        return ""
    env = service_env(svc)
    text = " ".join(str(x) for x in (svc.get("image"), command_of(svc), *env.keys(), *env.values()))
    picks_device = re.search(r"\bxpu\b|--device[= ]", text)  # an Intel XPU or CUDA model server of another variant
    if not (_GRAPHICS.search(text) or _VIDEO.search(text)):
        return ""  # no sign of video or graphics: an app on the render node alone (SD WebUI) is ROCm's, missing /dev/kfd
    return "" if _COMPUTE.search(text) or picks_device or any(GPU_ENV.match(str(k)) for k in env) else \
        "video or graphics (a sibling is given /dev/kfd for compute)"
