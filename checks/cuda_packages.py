"""Packages built only for NVIDIA's CUDA, installed for an AMD GPU: onnxruntime-gpu, PyPI's tensorflow,
cupy-cudaXX, faiss-gpu, TensorRT, the nvidia-*-cuXX libraries. They install, then run on the CPU or
fail to load their GPU provider, and the job is slow or stops far from the install line.
"""
from __future__ import annotations

import os
import re
from dataclasses import replace

from rocmdoctor.artifacts.settings import artifact_at
from rocmdoctor.base.untrusted import pick, pick_list
from rocmdoctor.engine.check import check, ev, ok, warn
from rocmdoctor.knowledge import artifacts as ka
from rocmdoctor.knowledge import pip_names as pip_kb

from .images import built_from
from .machine_target import judged_here, no_amd_gpu
from .pip_untaken import constraints_file, nvidia_branch, other_vendor_branch

# Two distributions of Triton in one ROCm environment: an AMD engineer's report.
TRITON_TWO_SOURCE = "https://github.com/state-spaces/mamba/issues/595"


@check("RD-IMG-009", area="image", title="pip installs no CUDA-only package for the AMD GPU",
       option="config", sources=sorted({s for _, _, s in pip_kb.CUDA_ONLY} | {TRITON_TWO_SOURCE}))
def cuda_only_packages(settings, amd_host=None):
    pips = settings.values("build", "pip")
    condas = list(conda_cuda_lines(settings))
    builds = settings.values("build", "cuda_backend")
    if not pips and not condas and not builds:
        return ok("no pip or conda install in the files")
    if not judged_here(settings, amd_host):
        return no_amd_gpu("CUDA-only package(s) or builds")
    in_cuda = cuda_based(settings)
    llama = _llama_cuda_builds(settings, builds, in_cuda)
    condas = [c for c in condas if c[0].path not in in_cuda]
    out = [warn(f"`{what}` ({os.path.basename(a.path)}:{n}) installs NVIDIA's CUDA stack: on this AMD GPU it runs "
                "on the CPU", "conda's pytorch-cuda/cudatoolkit/cuda-toolkit, and the CUDA builds the nvidia and "
                "conda-forge channels carry (cupy), have no ROCm kernels; conda channels carry no ROCm PyTorch at all. "
                "Install torch from the ROCm wheel index with pip (and cupy-rocm) instead.",
                subject=f"{a.path}:{n}", evidence=[ev(a.origin(k).label, a.origin(k).text) for k in [n] + more],
                sources=["https://pytorch.org/get-started/locally/"]) for a, n, line, what, more in condas] + llama
    seen: dict[tuple[str, str], int] = {}
    # (in an image built on NVIDIA's CUDA base too: a port of its FROM to ROCm, RD-IMG-001, still leaves each
    # CUDA-only package to replace, as RD-IMG-002 says of its torch)
    for v in pips:
        if constraints_file(settings, v):
            continue  # read with -c: it installs nothing (`jax-cuda12-plugin==0` there forbids the CUDA plugin)
        if other_vendor_branch(settings, v):
            continue  # `if [ "$BACKEND" = cuda ]; then pip install onnxruntime-gpu; elif ... rocm`: not this machine's
        rec = v.value if isinstance(v.value, dict) else {}
        for req in rec.get("requirements") or []:
            hit = pip_kb.cuda_only(str(req))
            if hit is None:
                if _second_triton(settings, v, str(req)):
                    out.append(warn(f"`{req}` ({os.path.basename(v.origin.path)}) puts PyPI's Triton over the ROCm "
                                    "torch's own", "A ROCm torch brings its Triton as pytorch-triton-rocm; PyPI's "
                                    "`triton` is a second distribution of the same `triton` module, so whichever is "
                                    "installed last owns the files and torch.compile/inductor imports a Triton its "
                                    "torch was not built with (and removing one deletes the other's files). Drop the "
                                    "line and keep the Triton the ROCm index pairs with torch.",
                                    subject=f"{v.origin.label} {req}", evidence=[_word_line(settings, v, str(req))],
                                    sources=[TRITON_TWO_SOURCE]))
                continue
            if ka.requirement_name(str(req)) == "triton" and _pins_pypi_torch(pips, v.origin.path):
                continue  # PyPI's triton 2.x beside PyPI's CUDA torch: one CUDA stack, RD-IMG-002 names its torch
            where = os.path.basename(v.origin.path) if rec.get("file") else "pip install"
            # one package listed twice in one file, or installed twice into one image (a requirements file, then
            # `pip install --upgrade` of it): one finding, every line (the last install is what the image keeps)
            home = built_from(settings, v) or v.origin.path
            key = (home, re.split(r"[\s<>=!~\[;@]", str(req), maxsplit=1)[0].lower())
            if key in seen and (rec.get("file") or getattr(artifact_at(settings, home), "kind", "") == "dockerfile"):
                out[seen[key]] = replace(out[seen[key]], evidence=out[seen[key]].evidence + (v.evidence(),))
                continue
            seen[key] = len(out)
            out.append(warn(f"`{req}` ({where}) is built for CUDA only: on this AMD GPU it runs on the CPU",
                            f"Its wheels carry NVIDIA's CUDA kernels (or, for TensorFlow, CUDA or the CPU); on ROCm it "
                            f"imports and falls back to the CPU, or fails to load its GPU provider. Use {hit[0]}.",
                            subject=f"{v.origin.label} {req}", evidence=[v.evidence()], sources=[hit[1]]))
    return out or ok(f"{len(pips)} pip install line(s); no CUDA-only package or CUDA build")


LLAMA_BUILD = "https://github.com/ggml-org/llama.cpp/blob/master/docs/build.md"
# a file that also builds llama.cpp for ROCm or Vulkan picks its backend per machine; so does a build inside a branch
# on the vendor (pip_untaken.nvidia_branch), and a file named for CUDA beside one named for ROCm (Dockerfile.cuda,
# build-rocm.sh)
_OTHER_BACKEND = re.compile(r"(?:GGML|LLAMA)_(?:HIP|HIPBLAS|VULKAN|CLBLAST)\b")
_NAMED_CUDA = re.compile(r"(?i)(?:^|[-_.])(?:cuda|nvidia|cu\d{2,3})(?:$|[-_.])")
_NAMED_ROCM = re.compile(r"(?i)(?:^|[-_.])(?:rocm|amd|hip)(?:$|[-_.])")


def _per_vendor_file(settings, path: str) -> bool:
    name = os.path.basename(path)
    return bool(_NAMED_CUDA.search(name)) and any(
        _NAMED_ROCM.search(os.path.basename(a.path)) and os.path.dirname(a.path) == os.path.dirname(path)
        for a in settings.artifacts)


def _llama_cuda_builds(settings, builds, in_cuda) -> list:
    """llama.cpp (or llama-cpp-python through CMAKE_ARGS) built for its CUDA backend: on an AMD GPU the build needs a
    CUDA toolkit it does not have, or the binary runs on the CPU. Not in a CUDA image (RD-IMG-001 names that cause),
    nor in a file that builds the ROCm or Vulkan backend too, nor in a branch for another vendor."""
    out, seen = [], set()
    for v in builds:
        art = artifact_at(settings, v.origin.path)
        if art is None or _OTHER_BACKEND.search(art.text or "") or _installed_in(settings, v, in_cuda) or \
                other_vendor_branch(settings, v) or _per_vendor_file(settings, v.origin.path) or \
                nvidia_branch(art.lines(), v.origin.line or 0) or \
                (v.origin.path, v.origin.line) in seen:
            continue  # (one variable's flags used by several builds: one finding, where it is written)
        seen.add((v.origin.path, v.origin.line))
        out.append(warn(f"`{v.value}` builds llama.cpp (ggml) for NVIDIA's CUDA ({os.path.basename(v.origin.path)}:"
                        f"{v.origin.line}): on this AMD GPU the build fails or runs on the CPU",
                        "The CUDA backend needs nvcc and CUDA's libraries, and its kernels run on NVIDIA GPUs only; "
                        "on AMD build the HIP backend (-DGGML_HIP=ON -DAMDGPU_TARGETS=<this gfx>; for "
                        "llama-cpp-python CMAKE_ARGS=\"-DGGML_HIP=on\") or Vulkan (-DGGML_VULKAN=ON).",
                        subject=v.origin.label, evidence=[v.evidence()], sources=[LLAMA_BUILD]))
    return out


def _second_triton(settings, v, req: str) -> bool:
    """PyPI's triton 3.x installed by the same pip command or requirements file that installs pytorch-triton-rocm
    (the ROCm torch's own Triton, a freeze of a ROCm environment): two distributions of the one `triton` module,
    so the last installed owns its files and inductor imports a Triton its torch was not built with
    (state-spaces/mamba#595). A triton beside a ROCm torch that names no pytorch-triton-rocm is not judged:
    PyPI's 3.x wheels carry an AMD backend, and whether the pair clash depends on versions the files do not show;
    nor is one that a ROCm index serves (collectors' labels split on it)."""
    rec = v.value if isinstance(v.value, dict) else {}
    if ka.requirement_name(req) != "triton" or "@" in req or any(
            pip_kb.AMD_INDEX.search(str(x)) or ka.ROCM_INDEX.search(str(x))
            for k in ("index-url", "i") for x in pick_list(rec, "options", k)):
        return False  # a wheel built here (`triton @ ./dist/...whl`), or every package from a ROCm index: its own
    key = rec.get("file") or v.origin.line
    return any(ka.requirement_name(str(r)) == "pytorch-triton-rocm"
               for p in settings.values("build", "pip") if p.origin.path == v.origin.path and isinstance(p.value, dict)
               and (p.value.get("file") or p.origin.line) == key for r in p.value.get("requirements") or [])


def _word_line(settings, v, word: str):
    """Evidence at the line of a multi-line pip command that names ``word`` (the command's first line otherwise)."""
    art = artifact_at(settings, v.origin.path)
    start = v.origin.line or 0
    if art is None or not start or (isinstance(v.value, dict) and v.value.get("file")):
        return v.evidence()
    lines = art.lines()
    pat = re.compile(r"(?:^|[\s'\"])" + re.escape(word) + r"(?:$|[\s'\"\\])")
    for n in range(start, min(len(lines), start + 200) + 1):
        if pat.search(lines[n - 1]):
            return ev(art.origin(n).label, art.origin(n).text)
        if not lines[n - 1].rstrip().endswith("\\"):
            break
    return v.evidence()


def _pins_pypi_torch(pips, path: str) -> bool:
    """The file (one pip command, or a requirements file) pins torch to a plain release (`torch==2.2.1`) from no
    ROCm index: PyPI's CUDA build, which the triton beside it belongs to."""
    for p in pips:
        rec = p.value if isinstance(p.value, dict) else {}
        if p.origin.path != path or any(ka.ROCM_INDEX.search(str(x)) for xs in (rec.get("options") or {}).values()
                                        for x in (xs if isinstance(xs, list) else [xs])):
            continue
        if any(ka.requirement_name(str(r)) == "torch" and re.search(r"==\s*\d[\w.]*\s*(?:;|$)", str(r))
               for r in rec.get("requirements") or []):
            return True
    return False


def cuda_based(settings) -> set[str]:
    """The Dockerfiles whose (first) base image is NVIDIA's CUDA: everything installed in them is CUDA's."""
    out = set()
    for f in settings.values("build", "from"):
        if any(p.matches(str(f.value)) for p in ka.CUDA_IMAGES):
            out.add(f.origin.path)
    return out


def _installed_in(settings, v, dockerfiles: set[str]) -> bool:
    """Whether a pip value runs in one of ``dockerfiles`` (its own line, or the RUN that installs its requirements file)."""
    if v.origin.path in dockerfiles:
        return True
    art = artifact_at(settings, v.origin.path)
    return art is not None and any(str(p) in dockerfiles for p, _ in pick(art.data, "installed_by", default=None) or [])


# `conda install` / `mamba install` / `micromamba install` of NVIDIA's CUDA stack (a shell script or a RUN line).
_CONDA_INSTALL = re.compile(r"\b(?:conda|mamba|micromamba)\s+install\b")
_CONDA_CUDA = re.compile(r"(?<![\w-])(pytorch-cuda(?:=[\d.]+)?|cudatoolkit(?:=[\d.]+)?|cuda-toolkit|cupy|"
                         r"-c\s+nvidia\S*|cuda-nvcc)(?![\w-])")


def _logical(lines: list[str]):
    """(first line number, text) of each command line, backslash continuations joined
    (`conda install \\` on one line, `pytorch pytorch-cuda=12.1 \\` on the next)."""
    buf, first = "", 0
    for n, line in enumerate(lines, 1):
        code = line.split("#", 1)[0].rstrip()
        if not buf:
            first = n
        if code.endswith("\\") and n - first < 50:
            buf += code[:-1] + " "
            continue
        yield first, buf + code
        buf = ""
    if buf:
        yield first, buf


def conda_cuda_lines(settings):
    """(artifact, line number, line, what, other lines) for conda installs of CUDA packages in scripts and
    Dockerfiles, and CUDA packages a conda environment file lists: one finding a file, citing each line a port
    changes (every CUDA package and CUDA build, the nvidia channel)."""
    for a in settings.of_kind("shell", "slurm", "dockerfile"):
        lines = a.lines()
        for n, code in _logical(lines):
            if not _CONDA_INSTALL.search(code):
                continue
            m = _CONDA_CUDA.search(code[_CONDA_INSTALL.search(code).end():])
            if m:
                yield a, n, lines[n - 1], m.group(1), []
    for a in settings.of_kind("requirements", "conda_env"):
        hits = [(v.origin.line or 0, str(v.value)) for v in a.values if v.kind == "build" and v.name == "conda"
                and conda_cuda_spec(str(v.value))]
        if hits:  # one finding a file: its torch line when it has one (the CUDA build), else the first
            n, spec = next((h for h in hits if _conda_name(h[1]) == "pytorch"), hits[0])
            more = sorted({k for k, _ in hits if k != n} | set(_nvidia_channel_lines(a.lines())))[:20]
            yield a, n, a.lines()[n - 1] if 0 < n <= len(a.lines()) else spec, spec, more


_CHANNEL_ITEM = re.compile(r"^\s*-\s*[\"']?(?:https?://\S*/)?nvidia(?:/label/[^\s\"']+)?[\"']?\s*(?:#.*)?$")
_CHANNEL_FLOW = re.compile(r"^channels\s*:\s*\[[^\]]*(?<![\w-])nvidia(?![\w-])")


def _nvidia_channel_lines(lines: list[str]) -> list[int]:
    """The lines of an environment file's `channels:` list that name NVIDIA's channel (its CUDA packages): block
    items (indented or at column 0, comments between them) or a flow list on the key's own line."""
    out, inside = [], False
    for n, line in enumerate(lines, 1):
        if _CHANNEL_FLOW.match(line):
            out.append(n)
        elif re.match(r"^[^\s#-]", line):  # the next top-level key ends the list
            inside = line.split(":", 1)[0].strip() == "channels"
        elif inside and _CHANNEL_ITEM.match(line):
            out.append(n)
    return out


def _conda_name(spec: str) -> str:
    """The package of a conda spec: `pytorch::pytorch=2.1.0=py3.10_cuda12.1_0` -> pytorch."""
    name = re.split(r"[=<>!~\s\[]", spec.strip(), maxsplit=1)[0]
    return name.rsplit("::", 1)[-1].lower()


# conda packages that are NVIDIA's CUDA stack, and the build strings of a CUDA PyTorch.
_CONDA_CUDA_NAMES = frozenset({"pytorch-cuda", "cudatoolkit", "cuda-toolkit", "cuda-nvcc", "cuda-runtime",
                               "cuda-cudart", "cudnn", "pytorch-gpu", "cupy", "faiss-gpu"})


def conda_cuda_spec(spec: str) -> bool:
    """A conda environment entry that installs NVIDIA's CUDA stack: pytorch-cuda, cudatoolkit, ...,
    or a pytorch/pytorch-mutex whose build string names CUDA (`pytorch=1.10.1=py3.7_cuda11.3_cudnn8.2.0_0`)."""
    name = _conda_name(spec)
    if name in _CONDA_CUDA_NAMES:
        return True
    build = spec.split("=", 2)[2] if spec.count("=") >= 2 and "==" not in spec else ""
    # a CUDA build string: `py3.7_cuda11.3_cudnn8.2.0_0`, pyg's `py39_torch_2.0.0_cu118`, torchvision's `py39_cu118`
    return re.search(r"(?:^|_)cu(?:da)?\d", build.lower()) is not None if name not in (
        "pytorch", "pytorch-mutex", "torchvision", "torchaudio") else "cuda" in build.lower() or re.search(
        r"(?:^|_)cu\d{2,3}(?:_|$)", build.lower()) is not None
