"""Packages built only for NVIDIA's CUDA, installed for an AMD GPU: onnxruntime-gpu, PyPI's tensorflow,
cupy-cudaXX, faiss-gpu, TensorRT, the nvidia-*-cuXX libraries. They install, then run on the CPU or
fail to load their GPU provider, and the job is slow or stops far from the install line.
"""
from __future__ import annotations

import os

from rocmdoctor.engine.check import check, ok, skip, warn
from rocmdoctor.knowledge import pip_names as pip_kb


@check("RD-IMG-009", area="image", title="pip installs no CUDA-only package for the AMD GPU",
       option="config", sources=sorted({s for _, _, s in pip_kb.CUDA_ONLY}))
def cuda_only_packages(settings, gpus=None):
    pips = settings.values("build", "pip")
    if not pips:
        return ok("no pip install in the files")
    if gpus is not None and not gpus:
        return skip("no AMD GPU on this machine to judge the packages against")
    out = []
    for v in pips:
        rec = v.value if isinstance(v.value, dict) else {}
        for req in rec.get("requirements") or []:
            hit = pip_kb.cuda_only(str(req))
            if hit is None:
                continue
            where = os.path.basename(v.origin.path) if rec.get("file") else "pip install"
            out.append(warn(f"`{req}` ({where}) is built for CUDA only: on this AMD GPU it runs on the CPU",
                            f"Its wheels carry NVIDIA's CUDA kernels (or, for TensorFlow, CUDA or the CPU); on ROCm it "
                            f"imports and falls back to the CPU, or fails to load its GPU provider. Use {hit[0]}.",
                            subject=f"{v.origin.label} {req}", evidence=[v.evidence()], sources=[hit[1]]))
    return out or ok(f"{len(pips)} pip install line(s); no CUDA-only package")
