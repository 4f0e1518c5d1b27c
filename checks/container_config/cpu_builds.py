"""A service's own build that makes a CPU program: a plain language or distribution base, and nothing in the
Dockerfiles or the set's requirements that brings a GPU stack. Such a build is no sign of GPU work (a FastAPI
backend built from python:3.11-slim beside a web front end), so the service is not asked for device nodes."""
from __future__ import annotations

import re

from rocmdoctor.knowledge import artifacts as ka

_PLAIN_BASE = re.compile(r"^(?:docker\.io/)?(?:library/)?(?:python|node|golang|ubuntu|debian|alpine|nginx|busybox|"
                         r"eclipse-temurin|openjdk|ruby|php|rust|rockylinux|almalinux|fedora)(?::|@|$)", re.I)
# a GPU stack named by a package, an image or a toolkit (URLs are dropped first: a tool fetched from a ROCm
# repository, HIPIFY's perl script, is no GPU program)
_GPU_STACK = re.compile(r"torch|tensorflow|jax|onnxruntime|vllm|sglang|llama|ollama|whisper|diffus|transformers|"
                        r"sentence.transformers|bitsandbytes|xformers|triton|cupy|rocm|cuda|\bhip\b|nvidia|amdgpu", re.I)


def _gpu_requirement(req: str) -> bool:
    """A requirement that brings a GPU stack: torch and the packages that require it (ultralytics, timm, peft ...),
    a package with a GPU build rule (RD-IMG-002/009's table), or a GPU word in its name."""
    name = ka.requirement_name(req) or ""
    return name in ka.TORCH_DEPENDENTS or name in ka.PIP_BY_NAME or bool(_GPU_STACK.search(req))


def plain_build(settings, dockerfiles) -> bool:
    """Every Dockerfile the service is built from is in the set, starts from a plain base and installs no GPU
    stack, and no requirements file of the set names one."""
    if not dockerfiles or any(d.error for d in dockerfiles):
        return False
    for d in dockerfiles:
        froms = [str(v.value) for v in d.values if v.kind == "build" and v.name == "from"]
        stages = set(re.findall(r"(?im)^\s*FROM\s+\S+\s+AS\s+(\S+)", d.text or ""))
        if not froms or not all(_PLAIN_BASE.match(f) or f in stages for f in froms):
            return False
        body = re.sub(r"https?://\S+", "", "\n".join(ln for ln in (d.text or "").splitlines()
                                                     if not ln.lstrip().startswith("#")))
        if _GPU_STACK.search(body):
            return False
    paths = {d.path for d in dockerfiles}
    if any(_gpu_requirement(str(r)) for v in settings.values("build", "pip") if v.origin.path in paths
           for r in (v.value.get("requirements") or [] if isinstance(v.value, dict) else [])):
        return False
    return not any(_gpu_requirement(line.split("#", 1)[0].strip()) for r in settings.of_kind("requirements")
                   for line in r.lines() if line.split("#", 1)[0].strip())
