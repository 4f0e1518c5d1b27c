"""What makes a Dockerfile, compose file or launch script wrong for an AMD GPU: data, each
entry with its source (reference: /work/shared/reference/health-logs-artifacts.md §4).
Read by the image checks (checks/image*.py), checks/container_config/ and checks/envvars.py.
"""
from __future__ import annotations

import re

from ..base.records import dataclass
from ..base.versions import version_tuple
from . import torch_wheels

ROCM_DOCKER = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/docker.html"
PYTORCH_ROCM_INSTALL = ("https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/3rd-party/"
                        "pytorch-install.html")
DS_7570 = "https://github.com/deepspeedai/DeepSpeed/issues/7570"
LF_4970 = "https://github.com/hiyouga/LLaMA-Factory/pull/4970"
XFORMERS_ROCM = "https://github.com/facebookresearch/xformers#installing-xformers"
FLASH_ATTN_ROCM = "https://github.com/Dao-AILab/flash-attention#amd-rocm-support"
BNB_ROCM = "https://huggingface.co/docs/bitsandbytes/main/en/installation"
COMPOSE_GPU = "https://docs.docker.com/compose/how-tos/gpu-support/"
# AMD Container Toolkit: CDI specs (amd.com/gpu) and, from Docker 29.3, --gpus for AMD GPUs.
AMD_CDI = "https://instinct.docs.amd.com/projects/container-toolkit/en/latest/container-runtime/running-workloads.html"
GROUP_RENDER = ("https://github.com/ROCm/ROCm-docker/issues/90",
                "https://github.com/odysseus-dev/odysseus/pull/515")
DOCKER_TAGS = "https://docs.docker.com/reference/cli/docker/image/tag/"
ROCM_PYTORCH_TAGS = "https://hub.docker.com/r/rocm/pytorch/tags"


@dataclass(frozen=True)
class ImagePattern:
    pattern: str  # regex over "name:tag"
    why: str
    sources: tuple[str, ...]

    def matches(self, image: str) -> bool:
        return re.search(self.pattern, image, re.I) is not None


# A file that defines containers, by its name: what it sets is the container's, read by the image's programs.
CONTAINER_FILE = re.compile(r"(?i)^dockerfile|\.dockerfile$|^containerfile|^(docker-)?compose")

# Base images whose torch and libraries are CUDA builds.
CUDA_IMAGES: tuple[ImagePattern, ...] = (
    ImagePattern(r"^(docker\.io/)?nvidia/cuda[:@]", "NVIDIA's CUDA base image", (ROCM_DOCKER,)),
    ImagePattern(r"^(nvcr\.io/)?nvidia/|^nvcr\.io/nim/", "an NVIDIA NGC image (CUDA torch)", (ROCM_DOCKER,)),
    # Every pytorch/pytorch tag (latest, nightly, 2.x-cudaXX-...) is a CUDA build; there is no ROCm one.
    ImagePattern(r"^(docker\.io/)?pytorch/pytorch(?::(?!.*\bcpu\b)|@|$)", "PyTorch's CUDA image",
                 (PYTORCH_ROCM_INSTALL,)),
    # a Singularity/Apptainer or enroot image file named for a CUDA version or an NVIDIA GPU
    # (cuda11.7.99-cudnn8.5-devel-ubuntu22.04.2.sif, vllm0.12_cu131_py3.12.sif, vissl_A100.sqsh)
    ImagePattern(r"(?:^|/)(?![^/]*rocm)(?:[^/\s]*[-_.])?(?:cu(?:da)?[-_.]?1\d[\d.]*|a100|h100|h200|gh200|v100)(?:[-_.][^/\s]*)?"
                 r"\.(?:sif|simg|sqsh|squashfs)$",
                 "a container image file named for a CUDA version or an NVIDIA GPU (a CUDA build)",
                 (PYTORCH_ROCM_INSTALL,)),
    # (in the tag, or a part of the name: train_env_cuda118_ubuntu22, thesis_alcor_cuda11.8)
    ImagePattern(r"[:/_-]cu(da)?[-_]?1\d", "a tag naming a CUDA version (cu12x / cuda12 / cuda-12.1)",
                 (PYTORCH_ROCM_INSTALL,)),
    # a tag that names CUDA or NVIDIA as its backend without a version (llama.cpp's :server-cuda, :full-cuda, Open
    # WebUI's :cuda, koboldcpp's :cuda, :latest-nvidia): the project's CUDA build beside its :rocm / -vulkan ones
    ImagePattern(r":(?![^@]*(?:rocm|amd(?!64)|\bhip\b|vulkan))(?:[\w.]{1,60}[-_.])?(?<![:_.-]no[-_.])(?<!without[-_.])"
                 r"(?:cuda|nvidia)(?![-_.]?(?:disabled|off|free)\b)(?:$|[-_.]|@)",
                 "a tag naming CUDA/NVIDIA as its backend (the project's CUDA build)",
                 ("https://github.com/ggml-org/llama.cpp/blob/master/docs/docker.md",
                  "https://docs.openwebui.com/getting-started/quick-start/")),
    # TabbyML's image is its CUDA build; the ROCm build is a repository of its own (tabbyml/tabby-rocm)
    ImagePattern(r"^((?:index\.)?docker\.io/)?tabbyml/tabby(?::|@|$)", "TabbyML's CUDA image (the ROCm build is tabbyml/tabby-rocm)",
                 ("https://tabby.tabbyml.com/docs/quick-start/installation/docker/",)),
    # NERSC's Shifter images built on NVIDIA's NGC containers name it in the tag (nersc/pytorch:ngc-22.09-v0) or,
    # users' own builds, in the repository (bhimbam/ngc-23.04-v0:pyarrow_timm)
    ImagePattern(r":ngc[-_.]?\d|/ngc[-_.]\d{2}\.\d{2}\b", "a name naming an NVIDIA NGC base (CUDA torch)",
                 ("https://docs.nersc.gov/development/containers/shifter/how-to-use/",)),
    # Serving images whose ROCm build is a tag or name of its own: every other tag is the CUDA build.
    ImagePattern(r"^(docker\.io/)?ollama/ollama(?::(?![^@]*rocm)|@|$)",
                 "Ollama's default image (CUDA and CPU runners; the ROCm build is the :rocm / -rocm tag)",
                 ("https://github.com/ollama/ollama/blob/main/docs/docker.md",)),
    ImagePattern(r"^(docker\.io/)?vllm/vllm-openai(?::|@|$)",
                 "vLLM's CUDA image (the ROCm build is vllm/vllm-openai-rocm)",
                 ("https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html",)),
    # the same image re-hosted in another registry (a cloud's mirror: .../library/vllm-openai), or Neural Magic's
    # build of it (nm-vllm-openai): CUDA, unless its tag says ROCm
    ImagePattern(r"^[\w.:-]{1,200}(?:/[\w.-]{1,100}){0,6}/(?:nm-)?vllm-openai(?::(?![^@]*rocm)|@|$)",
                 "a mirror or vendor build of vLLM's CUDA image (vllm-openai; the ROCm build is vllm-openai-rocm)",
                 ("https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html",)),
    # llama.cpp's images are one tag per backend: full/light/server are the CPU builds, -cuda/-rocm/-vulkan the GPU ones
    ImagePattern(r"^ghcr\.io/(?:ggml-org|ggerganov)/llama\.cpp:(?:full|light|server)(?:-b\d+)?$",
                 "llama.cpp's CPU image (the ROCm build is the -rocm tag, e.g. :server-rocm)",
                 ("https://github.com/ggml-org/llama.cpp/blob/master/docs/docker.md",)),
    # axolotl's images (winglian/axolotl, axolotlai/axolotl, their -base/-cloud/-runpod) are built by its CI from
    # a CUDA matrix (TORCH_CUDA_ARCH_LIST, tags main-py3.11-cu124-2.5.1); a digest pin hides the tag, not the build
    ImagePattern(r"^(docker\.io/)?(?:winglian|axolotlai)/axolotl(?:-base|-cloud|-runpod)?(?::(?![^@]*rocm)|@|$)",
                 "axolotl's CUDA image (its CI builds a CUDA matrix only)",
                 ("https://docs.axolotl.ai/docs/docker.html",
                  "https://github.com/axolotl-ai-cloud/axolotl/blob/main/.github/workflows/main.yml")),
    ImagePattern(r"^ghcr\.io/huggingface/text-generation-inference(?::(?![^@]*rocm)|@|$)",
                 "TGI's CUDA image (the ROCm build is the -rocm tag, e.g. :3.0.1-rocm)",
                 ("https://huggingface.co/docs/text-generation-inference/installation_amd",)),
    # Hugging Face's CI images: transformers-pytorch-gpu, transformers-pytorch-deepspeed-latest-gpu ... are CUDA builds
    # (FROM nvidia/cuda, torch from the cu index); their ROCm builds say amd in the name (transformers-pytorch-amd-gpu)
    ImagePattern(r"^(docker\.io/)?huggingface/transformers-(?![^:@]*amd)[^:@]*gpu(?::|@|$)",
                 "Hugging Face's CUDA CI image (the ROCm builds are the -amd-gpu ones)",
                 ("https://github.com/huggingface/transformers/tree/main/docker",)),
    # Unsloth's image carries PyTorch with CUDA 12.8 on every tag (latest, core, the dated ones); no ROCm build
    ImagePattern(r"^(docker\.io/)?unsloth/unsloth(?::(?![^@]*rocm)|@|$)",
                 "Unsloth's CUDA image (PyTorch with CUDA 12.8 on every tag)",
                 ("https://github.com/unslothai/unsloth/blob/main/docker/DOCKERHUB.md",)),
    # TensorFlow's GPU tags (latest-gpu, 2.15.0-gpu, -gpu-jupyter) are CUDA builds; ROCm's is rocm/tensorflow
    ImagePattern(r"^(docker\.io/)?tensorflow/tensorflow:[^@]*\bgpu\b",
                 "TensorFlow's CUDA image (the ROCm build is rocm/tensorflow)",
                 ("https://www.tensorflow.org/install/docker",)),
    ImagePattern(r"^(docker\.io/)?lmsysorg/sglang(?::(?![^@]*rocm)|@|$)",
                 "SGLang's CUDA image (the ROCm builds are the -rocm* tags)",
                 ("https://docs.sglang.ai/platforms/amd_gpu.html",)),
    # verl's images on Docker Hub are CUDA builds (vLLM/SGLang with CUDA torch); its ROCm images are rocm/verl
    ImagePattern(r"^(docker\.io/)?verlai/verl(?::(?![^@]*rocm)|@|$)",
                 "verl's CUDA image (the ROCm builds are rocm/verl)",
                 ("https://verl.readthedocs.io/en/latest/start/install.html",
                  "https://verl.readthedocs.io/en/latest/amd_tutorial/amd_build_dockerfile_page.html")),
    # Ray's `-gpu` tags are its CUDA images (an alias of the default -cuXXX); Ray publishes no ROCm image
    ImagePattern(r"^(docker\.io/)?rayproject/ray(?:-ml)?:[^@]*-gpu\b",
                 "Ray's CUDA image (the -gpu tags; Ray publishes no ROCm image)",
                 ("https://docs.ray.io/en/latest/ray-overview/installation.html#docker-source-images",)),
    # NVIDIA's own images on GitHub's registry (JAX-Toolbox's ghcr.io/nvidia/jax, ghcr.io/nvidia/pax ...): CUDA builds
    ImagePattern(r"^ghcr\.io/nvidia/", "an NVIDIA image from GitHub's registry (JAX-Toolbox: CUDA builds)",
                 ("https://github.com/NVIDIA/JAX-Toolbox",)),
)


@dataclass(frozen=True)
class PipRule:
    package: str  # normalised distribution name
    level: str  # "fail" or "warn"
    why: str
    sources: tuple[str, ...]


# `pip install X` from the default index on an AMD target. A ROCm index URL (or a local
# wheel whose name says rocm) makes them fine.
PIP_RULES: tuple[PipRule, ...] = (
    PipRule("torch", "fail", "PyPI's torch wheels for Linux are CUDA builds; ROCm wheels come from "
            "https://download.pytorch.org/whl/rocmX.Y (or AMD's repo.radeon.com)", (PYTORCH_ROCM_INSTALL,)),
    PipRule("torchvision", "fail", "PyPI's torchvision is built against the CUDA torch and pulls it in",
            (PYTORCH_ROCM_INSTALL,)),
    PipRule("torchaudio", "fail", "PyPI's torchaudio is built against the CUDA torch and pulls it in",
            (PYTORCH_ROCM_INSTALL,)),
    PipRule("xformers", "fail", "PyPI's xformers wheels are CUDA builds that require one exact CUDA torch, so pip "
            "replaces the ROCm torch; ROCm builds come from the PyTorch ROCm index", (XFORMERS_ROCM,)),
    PipRule("flash-attn", "warn", "the PyPI source distribution builds the CUDA extension; on ROCm build "
            "ROCm/flash-attention (CK, MI200/MI300) or use the Triton backend", (FLASH_ATTN_ROCM,)),
    PipRule("bitsandbytes", "warn", "only recent bitsandbytes releases ship ROCm binaries, and they must match "
            "torch's HIP version", (BNB_ROCM,)),
    PipRule("deepspeed", "warn", "`pip install deepspeed` resolves torch from PyPI when the installed one does not "
            "satisfy it, replacing the ROCm torch with the CUDA build; install it with --no-build-isolation and a "
            "constraint pinning the installed torch", (DS_7570,)),
    PipRule("auto-gptq", "warn", "PyPI's auto-gptq wheels carry CUDA kernels only; ROCm builds come from the "
            "project's own ROCm index (+rocm wheels)", ("https://github.com/AutoGPTQ/AutoGPTQ#installation",)),
    PipRule("vllm", "warn", "PyPI's vllm wheels are CUDA builds pinned to one CUDA torch; ROCm needs the ROCm build",
            (LF_4970,)),
)
PIP_BY_NAME = {r.package: r for r in PIP_RULES}
# An index path that names a gfx target (TheRock's per-target indexes: .../v2/gfx1151/, .../gfx120X-all/, on any host)
# carries ROCm wheels: only AMD GPUs are named gfx. https://github.com/ROCm/TheRock/blob/main/RELEASES.md
ROCM_INDEX = re.compile(r"(download\.pytorch\.org/whl/(nightly/)?rocm|repo\.radeon\.com|rocm|/gfx\d{2,4}[0-9a-fx]?(?:-[a-z]+)?(?:/|$|[\s\"']))",
                        re.I)
# PyTorch's CPU wheels: `+cpu` local versions sort above PyPI's, so pip takes them for a pin or a range alike.
CPU_INDEX = re.compile(r"download\.pytorch\.org/whl/(?:nightly/|test/)?cpu(?:[/\s\"']|$)", re.I)
# Options that stop pip from touching torch while installing something else.
SAFE_PIP_OPTIONS = {"no-deps", "c", "constraint"}


def requirement_name(req: str) -> str | None:
    """'torch==2.3.0+rocm6.0' -> 'torch'; 'flash_attn' -> 'flash-attn'; None for paths/URLs/extras-only."""
    req = req.strip().strip("'\"")
    if not req or req.startswith((".", "/", "-")) or "://" in req or req.endswith((".whl", ".tar.gz", ".zip")):
        return None
    m = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)", req)
    from ..base.names import canonical_name

    return canonical_name(m.group(1)) if m else None


# Compose syntax that only NVIDIA's runtime understands.
NVIDIA_ENV = ("NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES", "NVIDIA_REQUIRE_CUDA")
VISIBLE_VARS = ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES")
# Groups Debian/Ubuntu base images define (base-passwd's group.master: video 44, nogroup 65534); render is not one
BASE_IMAGE_GROUPS = {"video", "audio", "users", "root", "adm", "sudo", "plugdev", "nogroup", "staff", "dialout",
                     "cdrom", "floppy", "tape", "disk", "tty", "kmem", "daemon", "bin", "sys", "utmp", "shadow"}
SHM_MULTI_GPU = 1 << 30  # below this with several GPUs, RCCL's SHM transport fails (RD-CTR-002)
DOCKER_DEFAULT_SHM = 64 << 20

_ROCM_TAG = re.compile(r"rocm[-_]?v?(\d{1,4})\.(\d{1,4})(?:\.(\d{1,4}))?", re.I)  # rocm6.2, rocm-v7.1.1


_VERSION_TAG = re.compile(r"^(\d{1,4})\.(\d{1,4})(?:\.(\d{1,4}))?(?:[-_.]|$)")
_ROCM_MODULE = re.compile(r"^rocm[/-](\d{1,4})\.(\d{1,4})(?:\.(\d{1,4}))?", re.I)
_COMPACT_ROCM = re.compile(r"rocm(\d)(\d)(\d)(?!\d)", re.I)  # rocm700 -> 7.0.0 (sglang, vllm tags)


# LUMI AI Factory's containers (/appl/local/laifs/containers/): lumi-multitorch-<variant>-u24r70f21m50t210-<date>.sif
# names Ubuntu 24.04 (u24), ROCm 7.0 (r70) and torch 2.10 (t210); lumi-multitorch-latest.sif links the newest build.
# https://lumi-supercomputer.github.io/LUMI-AI-Guide/
_LUMI_AIF = re.compile(r"lumi-multitorch-(?:[a-z]+-)?u\d\dr(\d)(\d)(?=[a-z])", re.I)


# A community build of ROCm itself, named for it (mixa3607/rocm-gfx906:7.2.4-complete, the MI50 owners' ROCm 7 for
# gfx906; ghcr.io/x/rocm-dev:6.4): its tag is the ROCm release, as on AMD's rocm/* base images. An application
# named with rocm (comfyui-rocm:1.2, rocm_autotrain:0.0.1) tags its own version, not ROCm's.
_ROCM_REPO_NAME = re.compile(r"^rocm(?:[-_](?:gfx[0-9a-z]{3,5}|dev|devel|base|runtime|sdk|complete|terminal|build|"
                             r"ubuntu[\d.]*|jammy|noble|focal))+$|^rocm$")


def _rocm_named_repo(name: str) -> bool:
    repo = name.split("@", 1)[0].rsplit(":", 1)[0] if ":" in name.rsplit("/", 1)[-1] else name.split("@", 1)[0]
    return "/" in repo and _ROCM_REPO_NAME.match(repo.rsplit("/", 1)[-1].lower()) is not None


def image_rocm(image: str) -> tuple[int, ...] | None:
    """The ROCm release an image tag names: rocm/pytorch:rocm6.1_ubuntu22.04_... -> (6, 1);
    AMD's base images tag by the release itself: rocm/dev-ubuntu-22.04:5.6.1 -> (5, 6, 1),
    rocm/dev-ubuntu-22.04:6.4-complete -> (6, 4); a compact rocm700 -> (7, 0, 0); LUMI AI Factory's
    lumi-multitorch-full-u24r70f21m50t210-....sif -> (7, 0)."""
    m = _ROCM_MODULE.match(image)  # `module load rocm/5.7.0`
    if m:
        return tuple(int(x) for x in m.groups() if x is not None)
    m = _LUMI_AIF.match(image.rsplit("/", 1)[-1])
    if m:
        return int(m.group(1)), int(m.group(2))
    image = image.split("@", 1)[0]  # rocm/dev-ubuntu-22.04:7.2.4@sha256:...: the digest pins the tag it follows
    tail = image.split("/", 1)[-1]
    m = _ROCM_TAG.search(tail)
    if m:
        return tuple(int(x) for x in m.groups() if x is not None)
    name = image.lower()
    if name.startswith("docker.io/"):
        name = name[len("docker.io/"):]
    if (name.startswith("rocm/") or _rocm_named_repo(name)) and ":" in name.rsplit("/", 1)[-1]:
        m = _VERSION_TAG.match(name.rsplit(":", 1)[1])
        if m and not name.startswith("rocm/") and not (1 <= int(m.group(1)) <= 9 and int(m.group(2)) < 40):
            m = None  # a community repo's date or own version (rocm-dev:2024.05, rocm-build:0.3): no ROCm release
        if m:
            return tuple(int(x) for x in m.groups() if x is not None)
    m = _COMPACT_ROCM.search(tail)
    return tuple(int(x) for x in m.groups()) if m else None


# The torch release an image tag names: rocm/pytorch:..._pytorch_release_2.3.0, ..._pytorch_release-2.7.0_...
IMAGE_TORCH = re.compile(r"pytorch[_-](?:release[_-])?(\d+\.\d+(?:\.\d+)?)")


def image_file(image: str) -> bool:
    """A container image kept as a file (Singularity/Apptainer .sif, .simg; enroot's squashfs for
    Slurm's pyxis, .sqsh): its name is its pin."""
    return image.lower().endswith((".sif", ".simg", ".sqsh", ".squashfs"))


# `singularity pull docker://REPO/NAME:TAG` writes NAME_TAG.sif (the namespace dropped): the names whose image is
# known without it, NVIDIA's NGC releases by their YY.MM tags (pytorch_23.08-py3.sif).
_SIF_PULLED = ((re.compile(r"^vllm-openai_(.+)$", re.I), "vllm/vllm-openai:{}"),
               (re.compile(r"^cuda_(\d+\.\d+(?:\.\d+)?(?:-.+)?)$", re.I), "nvidia/cuda:{}"),
               (re.compile(r"^(?:pytorch|tensorflow|nemo|tritonserver)_(\d\d\.\d\d(?:-.+)?)$", re.I), "nvcr.io/nvidia/x:{}"))


def imported_from(image: str) -> str:
    """The registry reference an enroot squashfs file is named for: `enroot import docker://nvcr.io#nvidia/
    pytorch:23.08-py3` writes nvidia+pytorch+23.08-py3.sqsh (users also write nvcr.io_nvidia_pytorch_...):
    its separators read as the reference's; a Singularity image `singularity pull` named (vllm-openai_latest.sif) where
    its name says which image it was. "" for anything else."""
    base = image.rsplit("/", 1)[-1]
    sif = re.sub(r"\.(sif|simg)$", "", base, flags=re.I)
    if sif != base and "rocm" not in sif.lower():
        return next((ref.format(m.group(1)) for pat, ref in _SIF_PULLED for m in [pat.match(sif)] if m), "")
    if sif != base:
        return ""
    stem = re.sub(r"\.(sqsh|squashfs)$", "", base, flags=re.I)
    return "" if stem == base else re.sub(r"[+_]", "/", stem)


def floating_tag(image: str) -> bool:
    """No tag, 'latest' (latest-base, latest-release ...; not one naming its ROCm release), a build channel the publisher moves
    on every build (rocm/vllm-dev:nightly, :main, :dev, :master, :edge), or a variant tag with no
    version in it (ollama/ollama:rocm, :rocm-latest), or an AMD rocm/* tag that names no version at all
    (rocm/vllm-dev:base): re-pushed with every release of the product, each bundling the ROCm user
    space of its day. A digest pins it."""
    if image_file(image):  # a file is its pin, unless a site keeps it as a link to its newest build
        return re.search(r"-latest\.\w+$", image) is not None  # (`singularity pull`'s NAME_latest.sif is a copy)
    if "@sha256:" in image or image.startswith("$") or re.match(r"^rocm[/-]\d", image, re.I):
        return False
    name = image.rsplit("/", 1)[-1]
    tag = name.rsplit(":", 1)[1] if ":" in name else ""
    repo = image.lower().split("@", 1)[0]
    repo = repo[len("docker.io/"):] if repo.startswith("docker.io/") else repo
    # (a `latest-…-rocm643-gfx942` tag names the ROCm release it is built on: its ROCm does not drift)
    latest = tag.startswith("latest") and not re.search(r"rocm[-_.]?\d", tag.lower())
    return tag == "" or latest or re.sub(r"[-_.]?(base|release)$", "", tag.lower()) in (
        "nightly", "main", "dev", "master", "edge") or ("rocm" in tag.lower() and not re.search(r"\d", tag)) \
        or (repo.startswith("rocm/") and "$" not in tag and not re.search(r"\d", tag))  # rocm/vllm-dev:base


def rocm_image(image: str) -> bool:
    """An image whose ROCm user space follows its tag: AMD's rocm/* images, or a tag naming ROCm.
    A floating tag on these drifts across ROCm releases, away from the host's driver."""
    name = image.lower().split("@", 1)[0]
    if name.startswith("docker.io/"):
        name = name[len("docker.io/"):]
    if image_file(name):  # lumi-pytorch-rocm-5.6.1-....sif: the file names the ROCm it holds
        return "rocm" in name.rsplit("/", 1)[-1] or name.rsplit("/", 1)[-1].startswith("lumi-multitorch-")
    if re.match(r"^rocm[/-]\d", name):  # a `module load rocm/5.7.0` user space: pinned by its version
        return True
    return name.startswith("rocm/") or "rocm" in name.rsplit("/", 1)[-1].partition(":")[2] or _rocm_named_repo(name)


def docker_size(value) -> int | None:
    """Compose/docker sizes: 8G, 8gb, 1024m, 67108864."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return int(value)
    m = re.match(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?\s*$", str(value or ""), re.I)
    if not m:
        return None
    return int(float(m.group(1)) * {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}[m.group(2).lower()])


# A torch requirement's ROCm release (its PyTorch index or `+rocmX.Y` label); the GPU targets of those wheels:
# knowledge/torch_wheels.py.
_WHEEL_INDEX = re.compile(r"download\.pytorch\.org/whl/(?:nightly/)?rocm(\d{1,4})\.(\d{1,4})(?:\.(\d{1,4}))?", re.I)
_LOCAL_ROCM = re.compile(r"^torch(?:==|-)[\w.]+(?:\+|%2B)rocm(\d{1,4})\.(\d{1,4})(?:\.(\d{1,4}))?", re.I)


def torch_wheel_rocm(requirement: str, indexes: list[str]) -> tuple[int, ...] | None:
    """The ROCm release of the PyTorch wheel a torch requirement installs: a ``+rocmX.Y`` local
    version or wheel URL, else the ROCm index it is installed from; None when it is not one."""
    base = requirement.rsplit("/", 1)[-1]
    m = _LOCAL_ROCM.match(base)
    if m is None and requirement_name(requirement) == "torch":
        m = next((x for x in (_WHEEL_INDEX.search(i) for i in indexes) if x), None)
    return tuple(int(x) for x in m.groups() if x is not None) if m else None


# ROCm itself as Python wheels (TheRock: `pip install "rocm[libraries,devel]==7.11.0" --index-url
# https://repo.amd.com/rocm/whl/gfx94X-dcgpu/`): the meta package and its rocm-sdk-* parts carry the ROCm release as
# their version. https://github.com/ROCm/TheRock/blob/main/RELEASES.md
_ROCM_SDK_PIN = re.compile(r"^(?:rocm|rocm-sdk(?:-core|-devel|-libraries(?:-[\w-]{1,40})?)?)\s*(?:\[[^\]]{0,200}\])?\s*"
                           r"(?:==|~=|===)\s*(\d{1,2})\.(\d{1,3})(?:\.(\d{1,3}))?", re.I)


def rocm_sdk_release(requirement: str) -> tuple[int, ...] | None:
    """The ROCm release a pinned requirement of ROCm's own wheels installs (`rocm[libraries]==7.11.0`,
    `rocm-sdk-core==7.10.*`), else None."""
    m = _ROCM_SDK_PIN.match(requirement.strip().strip("'\""))
    return tuple(int(x) for x in m.groups() if x is not None) if m else None


# When each ROCm release came out (year, month of GA; AMD's release notes): an AMD image tagged by date and no
# release (rocm/vllm-dev:nightly_main_20251214, the training images' vYY.MM scheme: rocm/primus:v25.11) carries
# at least the release out two months before that date. https://rocm.docs.amd.com/en/latest/release/versions.html
ROCM_RELEASE_DATES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((5, 7), (2023, 9)), ((6, 0), (2023, 12)), ((6, 1), (2024, 4)), ((6, 2), (2024, 8)), ((6, 3), (2024, 12)),
    ((6, 4), (2025, 4)), ((7, 0), (2025, 9)), ((7, 1), (2025, 10)), ((7, 2), (2026, 1)))
ROCM_RELEASES_SOURCE = "https://rocm.docs.amd.com/en/latest/release/versions.html"
_DATED_TAG = re.compile(r"(?:^|[_.-])(?:v(2\d)\.(1[0-2]|0?[1-9])(?![\d.])|(20[2-3]\d)(0[1-9]|1[0-2])[0-3]\d(?!\d))")


def dated_rocm_floor(image: str) -> tuple[tuple[int, int], str] | None:
    """For an AMD rocm/* image whose tag names no ROCm release but a date (YYYYMMDD, or vYY.MM): the oldest ROCm
    release it can carry (the newest one out two months before that date), and the date as written."""
    name = image.lower().split("@", 1)[0]
    name = name[len("docker.io/"):] if name.startswith("docker.io/") else name
    if not name.startswith("rocm/") or ":" not in name or image_rocm(image) is not None:
        return None
    m = _DATED_TAG.search(name.rsplit(":", 1)[1])
    if m is None:
        return None
    year, month = (2000 + int(m.group(1)), int(m.group(2))) if m.group(1) else (int(m.group(3)), int(m.group(4)))
    month -= 2
    if month < 1:
        year, month = year - 1, month + 12
    out = [rel for rel, when in ROCM_RELEASE_DATES if when <= (year, month)]
    return (out[-1], m.group(0).strip("_.-")) if out else None


# AMD's repository of one ROCm release (an apt source line, an amdgpu-install package's path): the release and, where
# written, the distribution it is built for. The Dockerfile and launch-script readers both read it.
# (the RPM repositories too: `baseurl=https://repo.radeon.com/rocm/rhel9/5.7.1/main`, `rocm/zyp/6.0/main`)
ROCM_APT_REPO = re.compile(r"repo\.radeon\.com/(?:rocm/apt|amdgpu-install|rocm/(?:rhel|el|centos|zyp|sles?)[\d.]*)/"
                           r"(\d+\.\d+(?:\.\d+)?)"
                           r"(?:/ubuntu/|/rhel/|/sle/|/?\s+)?(focal|jammy|noble|bionic|ubuntu)?", re.I)
# AMD's amdgpu driver repository of the same release, one per distribution too (`deb https://repo.radeon.com/amdgpu/6.0/ubuntu
# jammy main`), which the installation guide adds beside the ROCm one.
AMDGPU_APT_REPO = re.compile(r"repo\.radeon\.com/amdgpu/(\d+\.\d+(?:\.\d+)?)/ubuntu/?\s+(focal|jammy|noble|bionic)\b", re.I)


# Release images that bundle a ROCm user space without naming it in the tag: from which product release on each
# ships at least which ROCm (its own build recipe's base). vLLM's ROCm image is built on docker/Dockerfile.rocm_base:
# rocm/dev-ubuntu-22.04:7.0-complete from the release after 2025-09 (v0.11), 7.2.1 in v0.19.0.
# vLLM-Omni's ROCm image is built on vLLM's, and its version names the vLLM release it is based on (its ROCm
# installation guide). https://github.com/vllm-project/vllm/issues/31333 https://github.com/ROCm/vllm/issues/685
_VLLM_ROCM_FLOORS = (((0, 11), (7, 0)), ((0, 19), (7, 2)))
RELEASE_IMAGE_ROCM = {"vllm/vllm-openai-rocm": _VLLM_ROCM_FLOORS, "vllm/vllm-omni-rocm": _VLLM_ROCM_FLOORS}
RELEASE_IMAGE_SOURCES = ("https://github.com/vllm-project/vllm/issues/31333", "https://github.com/ROCm/vllm/issues/685",
                         "https://github.com/vllm-project/vllm-omni/blob/main/docs/getting_started/installation/gpu/"
                         "rocm.inc.md")


def release_rocm_floor(image: str) -> tuple[tuple[int, int], str] | None:
    """For a product's release image whose tag names its own version, not ROCm's (vllm/vllm-openai-rocm:v0.17.1):
    the oldest ROCm that release line ships, and the release as written. None for other images and older tags."""
    name = image.lower().split("@", 1)[0]
    name = name[len("docker.io/"):] if name.startswith("docker.io/") else name
    repo, _, tag = name.rpartition(":") if ":" in name.rsplit("/", 1)[-1] else (name, "", "")
    m = re.match(r"^v?(\d{1,6})\.(\d{1,6})", tag)
    if repo not in RELEASE_IMAGE_ROCM or m is None:
        return None
    version = (int(m.group(1)), int(m.group(2)))
    found = [rocm for since, rocm in RELEASE_IMAGE_ROCM[repo] if version >= since]
    return (found[-1], tag) if found else None


# A torch build made for named GPU targets only: AMD's per-target wheel indexes (repo.amd.com/rocm/whl/gfx1151/,
# TheRock's rocm.nightlies.amd.com/v2/gfx110X-dgpu/), the multi-arch index's `torch[device-gfx1150]` extra (the kernel
# package of that target alone), and community wheels released per target (github.com/xuhuisheng/rocm-gfx803).
# A family written with X (gfx110X) is its members. https://github.com/ROCm/TheRock/blob/main/RELEASES.md
TARGETED_WHEEL_SOURCES = ("https://github.com/ROCm/TheRock/blob/main/RELEASES.md",
                          "https://github.com/xuhuisheng/rocm-gfx803")
_DEVICE_EXTRA = re.compile(r"device-(gfx[0-9a-f]{3,4}x?)", re.I)
_TARGET_IN_PATH = re.compile(r"(?:^|[/_-])(gfx[0-9a-f]{2,3}[0-9a-fx])(?=[/_-]|$)", re.I)
_FAMILIES = {"gfx90x": ("gfx900", "gfx906", "gfx908", "gfx90a"), "gfx94x": ("gfx940", "gfx941", "gfx942"),
             "gfx95x": ("gfx950",), "gfx101x": ("gfx1010", "gfx1011", "gfx1012"),
             "gfx103x": ("gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035", "gfx1036"),
             "gfx110x": ("gfx1100", "gfx1101", "gfx1102", "gfx1103"),
             "gfx115x": ("gfx1150", "gfx1151", "gfx1152", "gfx1153"), "gfx120x": ("gfx1200", "gfx1201")}


def targeted_wheel_gfx(requirement: str, urls: list[str]) -> tuple[str, ...] | None:
    """The GPU targets a torch/torchvision/torchaudio wheel carries kernels for when its source names them
    (a `device-gfxNNNN` extra, a per-target index or release path); None when it names none (a generic build)."""
    name = requirement_name(requirement) or ""
    base = requirement.strip().strip("'\"").rsplit("/", 1)[-1].lower()
    if name not in ("torch", "torchvision", "torchaudio") and not base.startswith(("torch-", "torchvision-", "torchaudio-")):
        return None
    found = [m.group(1).lower() for m in _DEVICE_EXTRA.finditer(requirement.split("@", 1)[0])]
    for text in [requirement] + [u for u in urls if u]:
        if not found and ("://" in text or "/" in text):
            found = [m.group(1).lower() for m in _TARGET_IN_PATH.finditer(text.split("://", 1)[-1])]
    out: list[str] = []
    for t in found:
        out.extend(_FAMILIES.get(t, ()) if t.endswith("x") else (t,))
    return tuple(dict.fromkeys(out)) or None


# Kubernetes device-plugin resources that hand a container GPUs (the plugin mounts /dev/kfd and /dev/dri).
K8S_AMD_GPU_RESOURCES = ("amd.com/gpu", "hygon.com/dcu")
K8S_NVIDIA_GPU_RESOURCES = ("nvidia.com/gpu",)


# Variables and cmake -D names that carry a list of GPU targets a build compiles for (PyTorch
# extensions, bitsandbytes, CMake HIP projects); RD-ENV-002 judges each against the real gfx.
ARCH_VARS = ("PYTORCH_ROCM_ARCH", "GPU_ARCHS", "BNB_ROCM_ARCH", "AMDGPU_TARGETS", "GPU_TARGETS",
             "CMAKE_HIP_ARCHITECTURES", "HCC_AMDGPU_TARGET", "ROCM_TARGET", "HIP_ARCHITECTURES")
# A project's own CMake cache variable for the same list, prefixed with its name (CMake's CMAKE_HIP_ARCHITECTURES
# convention: DFLASH27B_HIP_ARCHITECTURES, MYLIB_AMDGPU_TARGETS, X_GPU_TARGETS), set with -D on the cmake line.
# vLLM's CMake takes VLLM_GPU_ARCHES (-DVLLM_GPU_ARCHES=gfx90a) for its HIP kernels the same way.
ARCH_VAR_SUFFIX = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:HIP_ARCHITECTURES|AMDGPU_TARGETS|GPU_TARGETS|ROCM_ARCH|"
                             r"GPU_ARCHES)$")


def arch_var(name: str) -> bool:
    """A variable that holds a list of GPU targets to build for."""
    return name in ARCH_VARS or ARCH_VAR_SUFFIX.match(name) is not None


# The python3.X packages each distribution's own archive carries (main/universe, with -updates):
# `apt-get install python3.12` on Ubuntu 22.04 finds nothing without the deadsnakes PPA.
# Ubuntu: https://packages.ubuntu.com/search?keywords=python3.1 (bionic 3.6-3.8, focal 3.8-3.9,
# jammy 3.10-3.11, noble 3.12); Debian: https://packages.debian.org/search?keywords=python3.1
DISTRO_PYTHONS_SOURCES = ("https://packages.ubuntu.com/search?keywords=python3",
                          "https://packages.debian.org/search?keywords=python3",
                          "https://launchpad.net/~deadsnakes/+archive/ubuntu/ppa")
DISTRO_PYTHONS: dict[str, tuple[str, ...]] = {
    "ubuntu 18.04": ("3.6", "3.7", "3.8"), "ubuntu 20.04": ("3.8", "3.9"), "ubuntu 22.04": ("3.10", "3.11"),
    "ubuntu 24.04": ("3.12",), "debian 10": ("3.7",), "debian 11": ("3.9",), "debian 12": ("3.11",),
    "debian 13": ("3.13",), "ubuntu 24.10": ("3.12",), "ubuntu 25.04": ("3.13",), "ubuntu 25.10": ("3.13",),
}
_CODENAMES = {"bionic": "ubuntu 18.04", "focal": "ubuntu 20.04", "jammy": "ubuntu 22.04", "noble": "ubuntu 24.04",
              "oracular": "ubuntu 24.10", "plucky": "ubuntu 25.04", "questing": "ubuntu 25.10", "resolute": "ubuntu 26.04",
              "buster": "debian 10", "bullseye": "debian 11", "bookworm": "debian 12", "trixie": "debian 13"}
_UBUNTU = re.compile(r"ubuntu[-_:]?(1[4-9]|2\d)\.?(04|10)(?!\d)", re.I)  # ubuntu:26.04, rocm/dev-ubuntu-22.04
_DEBIAN = re.compile(r"(?:^|/)debian:(10|11|12|13)(?!\d)", re.I)


def image_distro(image: str) -> str | None:
    """The distribution an image is built on, from its name or tag: rocm/dev-ubuntu-22.04:6.0 and
    rocm/pytorch:rocm6.2_ubuntu22.04_... -> 'ubuntu 22.04'; ubuntu:jammy, python:3.11-bookworm,
    debian:12 ... ; None when the name does not say."""
    name = image.lower().split("@", 1)[0]
    m = _UBUNTU.search(name)
    if m:
        return f"ubuntu {m.group(1)}.{m.group(2)}"
    m = _DEBIAN.search(name)
    if m:
        return f"debian {m.group(1)}"
    return next((d for c, d in _CODENAMES.items() if re.search(rf"(?<![a-z]){c}(?![a-z])", name)), None)


# Distributions whose own Python is "externally managed" (PEP 668: an EXTERNALLY-MANAGED file beside its standard
# library): pip refuses to install into it ('error: externally-managed-environment') outside a virtual environment
# unless told --break-system-packages. Ubuntu from 23.04, Debian from 12 (bookworm), Arch; their official images keep
# the file, and so do images that only add to them (rocm/dev-ubuntu-24.04, nvidia/cuda:*-ubuntu24.04). Images that
# bring their own Python (python:3.12-bookworm, rocm/pytorch's venv, conda) are not these.
EXTERNALLY_MANAGED_SOURCES = ("https://peps.python.org/pep-0668/",
                              "https://packaging.python.org/en/latest/specifications/externally-managed-environments/")
# What an official image's moving tags are today (ubuntu:latest is 24.04 since 2024-05, debian:latest 13 since 2025-08),
# and the codenames of the releases image_distro does not name (both distributions' later and rolling releases).
_MOVING = {"ubuntu": {"latest": "ubuntu 24.04", "rolling": "ubuntu 25.10", "devel": "ubuntu 26.04"},
           "debian": {"latest": "debian 13", "stable": "debian 13", "testing": "debian 14", "sid": "debian 14",
                      "unstable": "debian 14", "forky": "debian 14"}}
_LATER_UBUNTU = {"lunar": "23.04", "mantic": "23.10", "oracular": "24.10", "plucky": "25.04", "questing": "25.10"}
_MANAGED_SINCE = {"ubuntu": (23, 4), "debian": (12,)}


def externally_managed(image: str) -> str | None:
    """The distribution release ('ubuntu 24.04', 'debian 12', 'arch linux': DISTRO_PYTHONS's keys) of a plain OS image
    whose system Python pip may not install into: ubuntu:24.04, ubuntu (latest), rocm/dev-ubuntu-24.04:6.4,
    nvidia/cuda:12.6.0-devel-ubuntu24.04, debian:bookworm-slim ...; None for anything else (jammy, python:3.12,
    rocm/pytorch ...)."""
    ref = image.lower().split("@", 1)[0]
    if image_registry(ref) not in (None, "docker.io", "nvcr.io"):
        return None
    org, name = image_org_name(ref)
    repo, _, tag = name.partition(":")
    tag = tag or "latest"
    official = org in ("", "library") and repo in ("ubuntu", "debian", "archlinux")
    if not (official or org == "rocm" and repo.startswith("dev-ubuntu-") or org == "nvidia" and repo == "cuda"):
        return None
    if repo == "archlinux":
        return "arch linux"
    release = _MOVING.get(repo, {}).get(re.split(r"[-_.]", tag)[0]) if official else None
    release = release or image_distro(ref)
    m = re.search(r"(?<!\d)(2[3-9])\.?(04|10)(?!\d)", name) if release is None and "ubuntu" in name else None
    code = next((v for c, v in _LATER_UBUNTU.items() if re.search(rf"(?<![a-z]){c}(?![a-z])", name)), None)
    release = release or (f"ubuntu {m.group(1)}.{m.group(2)}" if m else f"ubuntu {code}" if code else None)
    if release is None:
        return None
    family, _, version = release.partition(" ")
    return release if version_tuple(version) >= _MANAGED_SINCE.get(family, (999,)) else None


# Registry hosts nobody outside one network can pull from: a private address, a name under an
# internal domain, or a company's artifact store (compute-artifactory.amd.com:5000).
_PRIVATE_HOST = re.compile(r"^(?:localhost|127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)|"
                           r"\.(?:local|lan|internal|intranet|corp|home|localdomain)(?::\d+)?$|"
                           r"(?:^|[.-])(?:artifactory|internal|intranet)(?:[.-]|$)", re.I)


def image_org_name(image: str) -> tuple[str, str]:
    """(organisation, own name with its tag) of an image reference, the registry host left out: ("rocm",
    "pytorch:latest"), ("nvidia", "pytorch:24.01-py3") of nvcr.io/nvidia/pytorch, ("", "ubuntu:22.04"); the folders
    between them (a project's path in its registry) are neither."""
    parts = image.split("/")[1 if image_registry(image) else 0:]
    return (parts[0] if len(parts) > 1 else "", parts[-1])


def image_registry(image: str) -> str | None:
    """The registry host of an image reference ('ghcr.io', 'host:5000'); None for Docker Hub."""
    first, sep, _ = image.partition("/")
    return first.lower() if sep and ("." in first or ":" in first or first == "localhost") else None


def private_registry(image: str) -> str | None:
    """Why the public cannot pull ``image``: its registry is a private address, an internal name, or
    a host with a port of its own (a self-run registry); None for public registries."""
    host = image_registry(image)
    if not host or "$" in host or host.lower() == "localhost":
        return None  # `localhost/NAME`: podman's and buildah's name for an image built on this machine, never pulled
    if _PRIVATE_HOST.search(host):
        return f"{host} is a private or internal registry"
    port = host.rpartition(":")[2] if ":" in host else ""
    name = host.rpartition(":")[0]
    if port and port != "443" and not any(name == d or name.endswith("." + d) for d in PUBLIC_PORT_REGISTRIES):
        return f"{host} is a self-run registry (port {port})"
    return None


# Public registries served on a port of their own: the 光合 (SourceFind) developer community's images for Hygon DCUs
# (`image.sourcefind.cn:5000/dcu/admin/base/pytorch:2.4.1-ubuntu22.04-dtk25.04-py3.10`, `harbor.sourcefind.cn:5443/dcu/
# ...`), the base images DCU guides and ModelZoo start from.
PUBLIC_PORT_REGISTRIES = ("sourcefind.cn",)


# Packages whose PyPI metadata requires torch (any version): installed where no torch is, pip
# resolves torch from PyPI, the CUDA build; installed next to a torch, pip keeps that one.
TORCH_DEPENDENTS = ("sentence-transformers", "accelerate", "peft", "trl", "timm", "torchmetrics", "lightning",
                    "pytorch-lightning", "open-clip-torch", "kornia", "ultralytics", "torchtext", "openai-whisper",
                    "llamafactory", "torchdiffeq", "torch-geometric", "einops-exts", "deepspeed", "bitsandbytes",
                    "stable-baselines3", "monai", "torchrl", "skorch", "pytorch-metric-learning", "detectron2", "mmcv",
                    "mmdet", "easyocr", "speechbrain", "pyannote-audio")
# Images whose own Dockerfile ends in a non-root USER: a container of them (or of an image built FROM them
# without a USER of its own) runs as that user, with the groups the image gives it. ROCm-docker's rocm-terminal
# (`useradd --create-home -G sudo,video rocm-user`, `USER rocm-user`); Jupyter's docker-stacks (NB_USER jovyan,
# UID 1000, group users).
IMAGE_USERS = (
    (re.compile(r"^(?:docker\.io/)?rocm/rocm-terminal(?::|@|$)", re.I), "rocm-user", ("sudo", "video"),
     "https://github.com/ROCm/ROCm-docker/blob/master/rocm-terminal/Dockerfile"),
    (re.compile(r"^(?:docker\.io/|quay\.io/)?jupyter/[\w.-]+(?::|@|$)", re.I), "jovyan", ("users",),
     "https://jupyter-docker-stacks.readthedocs.io/en/latest/using/common.html#user-related-configurations"),
)


def image_user(image: str) -> tuple[str, tuple[str, ...], str] | None:
    """(user, groups, source) an image runs as by its own USER, for the images known to leave a non-root one."""
    name = str(image or "").strip()
    for pattern, user, groups, source in IMAGE_USERS:
        if pattern.match(name):
            return user, groups, source
    return None


# Jupyter docker-stacks images that hold no GPU stack (pytorch-notebook and tensorflow-notebook do, by tag), and the
# words that only say a notebook session is started.
CPU_NOTEBOOK = re.compile(r"^(?:minimal|base|scipy|datascience|r|julia|all-spark|pyspark|docker-stacks-foundation)"
                          r"-notebook(?::|@|$)")
NOTEBOOK_WORDS = re.compile(r"jupyter|notebook|\blab\b")
# Base images that carry no torch: a distribution, a Python image, AMD's ROCm development images.
NO_TORCH_IMAGE = re.compile(r"^(?:docker\.io/)?(?:library/)?(?:ubuntu|debian|python|centos|rockylinux|almalinux|"
                            r"fedora|opensuse/leap|rocm/dev-[\w.-]+|rocm/rocm-terminal)(?::|@|$)", re.I)


# bitsandbytes' PyPI wheels carry ROCm kernels from 0.50 ("official support for AMD GPUs", installed
# from PyPI: https://huggingface.co/docs/bitsandbytes/v0.50.0/installation); earlier ones are CUDA
# builds (0.48/0.49 called ROCm experimental).
BNB_ROCM_WHEELS = (0, 50)


def bnb_ships_rocm(requirement: str) -> bool:
    """A bitsandbytes requirement pinned (==) to a release whose PyPI wheel has ROCm kernels, or a range that admits
    one (`>=0.49,<1`; an unpinned name: pip takes the newest release it allows)."""
    m = re.search(r"==\s*(\d{1,6})\.(\d{1,6})", requirement)
    if m is not None:
        return (int(m.group(1)), int(m.group(2))) >= BNB_ROCM_WHEELS
    spec = re.sub(r"^\s*[\w.-]+\s*(?:\[[^\]]{0,200}\])?", "", requirement.strip().strip("'\"").split(";", 1)[0]).strip()
    if not spec and re.match(r"^\s*bitsandbytes\s*(?:\[[^\]]{0,200}\])?\s*$", requirement.strip().strip("'\""), re.I):
        return True  # the newest release (51 of 59 unpinned corpus lines were left unlabelled by their labellers)
    if not re.search(r"[<>~]=?", spec):
        return False
    try:
        from packaging.specifiers import InvalidSpecifier, SpecifierSet

        allowed = SpecifierSet(spec.replace(" ", ""))
    except (InvalidSpecifier, ValueError):
        return False
    return any(allowed.contains(v) for v in _BNB_LATER)


_BNB_LATER = tuple(f"0.{m}" for m in range(BNB_ROCM_WHEELS[1], 100)) + tuple(f"{a}.{b}" for a in range(1, 10) for b in range(30))


# A ROCm index given only as --extra-index-url keeps PyPI in play, and pip installs the newest
# version either offers: the ROCm build wins only while its index carries PyPI's newest torch (its
# +rocm local version then sorts above). The indexes before ROCm 6.3 stop at torch releases PyPI has
# long passed (rocm6.2: 2.5.1; rocm5.7: 2.2.x), so an unpinned torch from them is PyPI's CUDA build;
# rocm6.3 and rocm6.4 take no new releases (torch_wheels.STOPPED_AT), so the same holds for a
# requirement that allows a later torch, not for one capped at what the index carries (`~=2.9.0`).
# https://download.pytorch.org/whl/torch/ lists each index's builds; pip's rule:
# https://pip.pypa.io/en/stable/cli/pip_install/#finding-packages
STALE_EXTRA_INDEX_BEFORE = (6, 3)


def wheel_index(url: str) -> tuple[int, ...] | None:
    """The ROCm release of a stable PyTorch ROCm wheel index (download.pytorch.org/whl/rocm6.2.4 -> (6, 2, 4));
    None for a nightly index or any other URL."""
    m = _WHEEL_INDEX.search(str(url))
    if m is None or "/nightly/" in str(url).lower():
        return None
    return tuple(int(x) for x in m.groups() if x is not None)


_PYPI = re.compile(r"^https?://(?:pypi\.org|pypi\.python\.org)/simple/?$", re.I)


def stale_extra_rocm_index(options: dict, requirement: str = "") -> str | None:
    """The ROCm release of a PyTorch ROCm index that pip reads beside PyPI and whose newest torch PyPI has passed: one
    older than STALE_EXTRA_INDEX_BEFORE, or one that stopped adding releases below what ``requirement`` allows (rocm6.4
    for a bare `torch`, not for `torch~=2.9.0`); given as --extra-index-url when no --index-url (or -i) names a ROCm
    index, or as --index-url with PyPI added back as an --extra-index-url (`--index-url .../rocm6.1` then
    `--extra-index-url https://pypi.org/simple`). pip takes the newest of both, so an unpinned torch then comes from
    PyPI."""
    main = [str(x) for k in ("index-url", "i") for x in options.get(k, [])]
    beside = [str(x) for x in options.get("extra-index-url", [])]
    if any(ROCM_INDEX.search(x) for x in main):
        candidates = main if any(_PYPI.match(x.strip()) for x in beside) else []
    else:
        candidates = beside
    for x in candidates:
        m = _WHEEL_INDEX.search(x)
        if m and (int(m.group(1)), int(m.group(2))) < STALE_EXTRA_INDEX_BEFORE:
            return f"{m.group(1)}.{m.group(2)}"
        # (torch itself only: a torchvision or a package that brings torch resolves with the torch pip picks)
        index = wheel_index(x) if m and requirement_name(requirement) == "torch" else None
        newest = torch_wheels.newest_on_index(index) if index else None
        if newest and (torch_wheels.requirement_cap(requirement) or (99, 0)) > newest:
            return ".".join(map(str, index or ()))
    return None


# The template a project commits in place of its .env (which git ignores): the README's first step copies it to .env,
# so where no .env is there, its values are the deployment's (Compose reads .env for ${VAR}).
DOTENV_TEMPLATES = (".env.example", ".env.sample", ".env.template", ".env.dist", "example.env", "env.example", "sample.env")


# A container command that only asks its image something (a package's version, a commit, a file): no GPU work.
_QUERY = re.compile(r"^(?:(?:dpkg|dpkg-query|rpm|git|cat|ls|echo|uname|printenv|which|whoami|id|date)\s|"
                    r"pip3?\s+(?:list|show|freeze)\b|python[\d.]*\s+-c\s+\S.*__version__|\S+\s+--version\s*$)")


def only_asks_image(command: str) -> bool:
    """`dpkg -s rocm-dev`, `git -C /src rev-parse HEAD`, `python3 -c "import torch; print(torch.__version__)"`:
    a command that reads the image, not the GPU (one that names a device, CUDA/HIP or an smi tool does)."""
    c = command.strip().lower()
    # (a `python -c` whose quotes the reader took off, as argv: its `;` are the code's)
    argv_code = bool(re.match(r"python[\d.]*\s+-c\s", c)) and not re.search(r"[\"']", c)
    if not argv_code and re.search(r"&&|\|\||[;|\n`]|\$\(", re.sub(r"\"[^\"]*\"|'[^']*'", "", c)):
        return False  # `echo starting && torchrun ...`: more than the one question
    return bool(_QUERY.match(c)) and not re.search(r"cuda|device|hip|rocm-smi|amd-smi|nvidia-smi", c)
