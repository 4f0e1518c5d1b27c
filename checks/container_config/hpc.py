"""RD-CTR-013: HPC container runtimes (Shifter, Apptainer/Singularity) in launch and batch scripts
asked for NVIDIA's GPU libraries on an AMD node: `shifter --module=gpu` (NERSC's module that injects
NVIDIA's driver and CUDA-aware MPI), `apptainer exec --nv` without `--rocm`. The container then gets
no ROCm libraries from the host, and the image such a job runs is usually a CUDA build."""
from __future__ import annotations

import re

from rocmdoctor.engine.check import check, ev, ok, warn
from .services import AREA

SHIFTER_MODULES = "https://docs.nersc.gov/development/containers/shifter/how-to-use/#shifter-modules"
APPTAINER_GPU = "https://apptainer.org/docs/user/latest/gpu.html"

_SHIFTER = re.compile(r"(?:^|[\s;&|(])shifter\b(?P<args>[^\n]*)")
_MODULE = r"(?P<mod>[\w,.-]{0,80}\b(?:gpu|cuda\w{0,20}|nvidia\w{0,20})\b[\w,.-]{0,80})"  # bounded: linear on a long word
_SHIFTER_NV = re.compile(r"--module[= ]['\"]?" + _MODULE)
_SBATCH_MODULE = re.compile(r"^#SBATCH\s+--module[= ]" + _MODULE)
_IMAGE_LINE = re.compile(r"^#SBATCH\s+--image[= ]\S+|shifter\b[^\n]*--image[= ]\S+|shifterimg\s+pull\s+\S+")
_APPTAINER = re.compile(r"(?:^|[\s;&|(])(?:apptainer|singularity)\s+(?:exec|run|shell|instance\s+start)\b(?P<args>[^\n]*)")


def _lines(a) -> list[tuple[int, str]]:
    """(line, text) of each command (continued lines joined: `apptainer exec \\` then `--nv ...`) and #SBATCH line,
    cited at the physical line that holds the GPU flag where the command spans several."""
    from rocmdoctor.artifacts.readers.shell import logical_lines

    phys = a.lines()
    out = []
    for first, last, text in logical_lines(a.text or ""):
        t = text.strip()
        if not t or (t.startswith("#") and not t.startswith("#SBATCH")):
            continue
        at = next((i for i in range(first, last + 1) if i <= len(phys) and re.search(r"--(?:nv|nvccli|module)\b",
                                                                                    phys[i - 1])), first)
        out.append((at, t))
    return out


@check("RD-CTR-013", area=AREA, title="Shifter and Apptainer jobs bring in ROCm, not NVIDIA's GPU libraries",
       option="config", sources=[SHIFTER_MODULES, APPTAINER_GPU])
def hpc_container_gpu(settings, gpus=None):
    if gpus is not None and not gpus:
        return ok("no AMD GPU on this machine: NVIDIA's container libraries are not judged here")
    out = []
    for a in settings.of_kind("shell", "slurm"):
        lines = _lines(a)
        images = [(i, t) for i, t in lines if _IMAGE_LINE.search(t)]
        asks = []
        for i, t in lines:
            m = _SHIFTER.search(t)
            nv = _SHIFTER_NV.search(m.group("args")) if m else _SBATCH_MODULE.search(t)
            if nv:
                asks.append((i, t, f"Shifter's --module={nv.group('mod')}"))
                continue
            m = _APPTAINER.search(t)
            if m and re.search(r"(?:^|\s)--(?:nv|nvccli)\b", m.group("args")) and "--rocm" not in m.group("args"):
                asks.append((i, t, "Apptainer's --nv"))
        if not asks:
            continue
        what = sorted({w for _, _, w in asks})
        evidence = [ev(f"{a.path}:{i}", t[:240]) for i, t, _ in asks] + [ev(f"{a.path}:{i}", t[:240]) for i, t in images]
        out.append(warn(f"{a.path}: {' and '.join(what)} {'bring' if len(what) > 1 else 'brings'} NVIDIA's GPU "
                        "libraries into the container on an AMD node",
                        "Shifter's gpu/cuda modules (NERSC) and Apptainer's --nv bind the host's NVIDIA driver and CUDA "
                        "libraries into the container; this node has AMD GPUs, so nothing is injected and a CUDA image "
                        "trains on the CPU. Run an image with ROCm inside (rocm/*, a site's ROCm container) and give "
                        "Apptainer --rocm (it binds the host's ROCm and /dev/kfd); Shifter has no ROCm module, so the "
                        "image must carry ROCm itself.", subject=a.path, evidence=evidence))
    return out or ok("no Shifter or Apptainer run asks for NVIDIA's GPU libraries")
