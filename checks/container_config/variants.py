"""Which services of a deployment run without the GPU on purpose: its CPU variant by name, a `docker run` in the
other vendor's branch of a script, and images a GPU service runs (a bare name pulls `:latest`)."""
from __future__ import annotations

import os
import re


def untagged(image) -> str:
    """An image reference without its `:latest` (what Docker pulls for a bare name)."""
    return str(image or "").removesuffix(":latest")


_CPU_NAMED = re.compile(r"(?:^|[-_.])cpu(?:$|[-_.])", re.I)


def cpu_variant(a, name: str, svc) -> bool:
    """The CPU build of a deployment, by its own names: `docker-compose-cpu.yml`, a service `app-cpu`, a build of
    `Dockerfile.cpu`, an image tagged `-cpu`. With no device node of its own, it runs on the CPU on purpose."""
    build = svc.get("build")
    dockerfile = str(build.get("dockerfile") or "") if isinstance(build, dict) else ""
    image = str(svc.get("image") or "").rsplit("/", 1)[-1]
    names = (os.path.basename(getattr(a, "path", "") or "").rsplit(".", 1)[0], name, os.path.basename(dockerfile),
             image.partition(":")[2])
    return any(_CPU_NAMED.search(x) for x in names if x)


def other_vendor_run(a, svc) -> bool:
    """A `docker run` in the branch of a script's `if`/`elif` chain whose test names CUDA/NVIDIA (or its `else`), where
    another branch names ROCm/AMD (`if [ "$device" == "cuda" ]; then docker run --gpus all ...; elif ... rocm`): the
    chain picks per vendor, and that branch never runs on this machine."""
    from ..pip_untaken import in_other_vendor_branch

    return isinstance(svc, dict) and bool(svc.get("runner")) and in_other_vendor_branch(a, svc.get("line"))
