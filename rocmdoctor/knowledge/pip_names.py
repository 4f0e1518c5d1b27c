"""Package names a pip install of a training stack uses, to tell a name pip cannot find from one it
can (issue 24 §3: pip requirement names that do not exist). Only two shapes are judged, so a
package missing here is never flagged, only missed:

- a name one letter from a well-known one (``torchvison``, ``transfomers``): a typo pip
  stops at ("No matching distribution"), or worse a squatted look-alike;
- a name shaped like an operating-system package (``python3.10-venv``, ``python3-dev``, ``libgl1``):
  apt/dnf names, which PyPI does not carry;
- a ROCm flavour written into the name (``torch-rocm``, ``torch-audio-rocm``): ROCm builds of torch
  and its libraries are the same projects, chosen by the index (download.pytorch.org/whl/rocmX.Y)
  and marked in the version (``2.5.1+rocm6.2``), not separate names.

Sources: PyPI's simple index (project names), the PyTorch ROCm install matrix.
"""
from __future__ import annotations

import re

SOURCES = ("https://pypi.org/simple/", "https://pytorch.org/get-started/locally/",
           "https://packaging.python.org/en/latest/specifications/name-normalization/")

# Canonical (PEP 503) names of the packages training and inference stacks install most.
COMMON = frozenset("""
torch torchvision torchaudio torchtext torchdata triton pytorch-triton-rocm transformers accelerate datasets
tokenizers safetensors peft trl deepspeed bitsandbytes flash-attn xformers vllm sglang llamafactory
huggingface-hub sentencepiece tiktoken einops evaluate optimum diffusers timm lightning pytorch-lightning
numpy scipy pandas scikit-learn matplotlib seaborn tqdm requests pyyaml omegaconf hydra-core wandb
tensorboard protobuf packaging setuptools wheel ninja cmake pybind11 jupyter jupyterlab notebook ipython
gradio fastapi uvicorn pydantic openai-whisper librosa soundfile opencv-python pillow onnx onnxruntime
sentence-transformers accelerate unsloth liger-kernel flash-attention apex megatron-core nltk spacy
""".split())
# Real projects one or two letters from a common name: never a typo of it.
NEAR_REAL = frozenset({"dataset", "transformer", "torchtext", "torchdata", "scipy", "numpy", "tqdm", "wheel",
                       "pillow", "ipython", "jupyter", "timm", "peft", "trl", "onnx", "cmake", "ninja"})

_OS_PACKAGE = re.compile(r"^(?:python3(?:\.\d+)?-[a-z0-9.-]+|python-is-python3|lib[a-z0-9.+-]+-dev|"
                         r"build-essential|libgl1(?:-mesa-glx)?|ffmpeg-dev)$")
_TORCH_FAMILY = {"torch", "torchvision", "torchaudio", "torchtext", "pytorch", "torch-vision", "torch-audio"}


def _distance(a: str, b: str) -> int:
    """Damerau-Levenshtein (optimal string alignment), bounded use: names of a few dozen letters."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            d = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                d = min(d, prev2[j - 2] + 1)
            cur.append(d)
        prev2, prev = prev, cur
    return prev[-1]


_SHELL_COMMAND = re.compile(r"^\s*(?:sudo\s+)?(?:pip[\d.]*|python[\d.]*\s+-m\s+pip|uv\s+pip|conda|mamba)\s+install\s", re.I)
# A local version label (+rocm5.6, +cu118) in an ordering comparison: PEP 440 allows it with == and != only, and
# pip from 24.1 (packaging 22+, legacy specifiers gone) refuses the line.
_LOCAL_IN_RANGE = re.compile(r"(?:~=|>=|<=|(?<![=!<>~])[<>](?!=))\s*v?\d[\w.!*]*\+[A-Za-z0-9.]+")
REQUIREMENTS_FORMAT = "https://pip.pypa.io/en/stable/reference/requirements-file-format/"
PEP440_LOCAL = "https://peps.python.org/pep-0440/#local-version-identifiers"


def invalid_requirement(req: str, in_file: bool) -> tuple[str, str, str] | None:
    """(what, what to write instead, source) for a requirement pip cannot parse: a shell command on a requirements
    file's line, a local version label in a range (`torch>=2.0.0+rocm5.6`)."""
    if in_file and _SHELL_COMMAND.match(req):
        return ("a shell command, not a requirement", "Keep the packages (and the --index-url line) only",
                REQUIREMENTS_FORMAT)
    spec = re.split(r"\s#", req.split(";", 1)[0], maxsplit=1)[0]  # a trailing comment is not the specifier
    if "@" not in spec and _LOCAL_IN_RANGE.search(spec):
        return ("a local version label (+...) in a range",
                "A range takes public versions (torch>=2.0.0,<2.2); pin a local build with == (torch==2.1.2+rocm5.6) "
                "or let the index choose the build", PEP440_LOCAL)
    return None


# Import names that are not the project's name on PyPI: `cv2` and `PIL` have no files there ("from versions:
# none"); `sklearn` is a placeholder whose releases after 0.0 raise on install since the brownout ended in
# December 2023 (https://github.com/scikit-learn/sklearn-pypi-package).
IMPORT_NAMES = {"sklearn": "scikit-learn", "pil": "pillow", "cv2": "opencv-python"}


def not_on_pypi(raw: str, requirement: str = "") -> tuple[str, str] | None:
    """(why, what to install instead) when the project name ``raw`` (as written) is a shape PyPI
    does not carry; ``requirement`` is the whole line (`sklearn==0.0`, the one release that installs)."""
    name = re.sub(r"[-_.]+", "-", raw).lower()
    if name in IMPORT_NAMES and not (name == "sklearn" and re.search(r"==\s*0\.0(?:\.0)?\s*(?:[;#]|$)", requirement)):
        return (f"the module's import name, not its PyPI project ({IMPORT_NAMES[name]})",
                f"pip install {IMPORT_NAMES[name]}")
    if name in ("python", "python3"):  # conda's way to pick the interpreter, copied into a pip list
        return ("the Python interpreter, which PyPI does not carry ('No matching distribution found for python')",
                "drop the line; pick the interpreter with conda (`python=3.10` in environment.yml) or the image")
    if not name or name in COMMON or name in NEAR_REAL or len(name) > 60:
        return None
    if _OS_PACKAGE.match(raw.lower()) or _OS_PACKAGE.match(name):
        return ("an operating-system package name (apt/dnf), not a PyPI project",
                "install it with the system package manager (apt-get install -y " + raw + ")")
    parts = [p for p in re.split(r"[-_.]", name) if p]
    if "rocm" in parts and "-".join(p for p in parts if p != "rocm") in _TORCH_FAMILY | {"torchaudio", "torchvision"}:
        base = {"torch-vision": "torchvision", "torch-audio": "torchaudio", "pytorch": "torch"}.get(
            "-".join(p for p in parts if p != "rocm"), "-".join(p for p in parts if p != "rocm"))
        return (f"the ROCm build of {base} is {base} itself, taken from the ROCm index",
                f"pip install {base} --index-url https://download.pytorch.org/whl/rocm<X.Y>")
    if len(name) >= 7:
        # One edit (a dropped, added, changed or swapped letter) from a common name of the same
        # start: two edits turn one real project into another too often (gitpython / ipython).
        best = min(((_distance(name, k), k) for k in COMMON if abs(len(k) - len(name)) <= 1 and k[0] == name[0]),
                   default=(9, ""))
        if best[0] == 1 and not name.startswith(best[1]):  # tensorboardx, torchx: a suffix names another project
            return (f"one letter from {best[1]}, a typo pip cannot resolve", f"pip install {best[1]}")
    return None


# What PyTorch's wheel indexes (download.pytorch.org/whl/<variant>) carry: torch and its libraries
# and the dependencies pip needs to install them (https://download.pytorch.org/whl/rocm6.2/ lists
# them). A requirements file whose only index is one of these (`--index-url` is global in a
# requirements file) resolves every other line from there and stops: "No matching distribution".
TORCH_INDEX = "https://download.pytorch.org/whl/"
ON_TORCH_INDEX = frozenset("""
torch torchvision torchaudio torchtext torchdata torchrec torchao fbgemm-gpu triton pytorch-triton pytorch-triton-rocm
xformers numpy pillow filelock typing-extensions sympy mpmath networkx jinja2 markupsafe fsspec setuptools
requests urllib3 idna certifi charset-normalizer packaging tqdm pyyaml six dill psutil
""".split())


def torch_index_only(indexes: list[str], extra: list[str]) -> bool:
    """Every index pip reads is a PyTorch wheel index (no PyPI, no other extra index)."""
    return bool(indexes) and all(TORCH_INDEX in i for i in indexes) and all(TORCH_INDEX in e for e in extra)


# Packages whose wheels carry only NVIDIA's CUDA kernels: on an AMD GPU they import and run on the CPU, or
# fail to load their GPU provider. (pattern on the PEP 503 name, with extras kept; what runs on ROCm
# instead; a source.) Not the nvidia-*-cuXX libraries: a CUDA torch pulls them, and RD-IMG-002 names it.
CUDA_ONLY: tuple[tuple[str, str, str], ...] = (
    (r"onnxruntime-gpu", "onnxruntime-rocm (AMD's wheels, ROCm/MIGraphX execution providers)",
     "https://onnxruntime.ai/docs/execution-providers/ROCm-ExecutionProvider.html"),
    # PyPI's plain tensorflow is CPU+CUDA, often only a dependency (TensorBoard, a metric): named for its GPU build only
    (r"tensorflow-gpu|tensorflow\[and-cuda\]", "tensorflow-rocm, or the rocm/tensorflow image",
     "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/3rd-party/tensorflow-install.html"),
    (r"cupy-cuda\d{2,3}x?", "cupy-rocm-*, or a source build with CUPY_INSTALL_USE_HIP=1",
     "https://docs.cupy.dev/en/stable/install.html#using-cupy-on-amd-gpu-experimental"),
    (r"faiss-gpu(?:-cu\d{2,3})?", "faiss-cpu, or faiss built from source with ROCm",
     "https://github.com/facebookresearch/faiss/blob/main/INSTALL.md"),
    (r"pycuda", "hip-python (AMD's HIP bindings)", "https://rocm.docs.amd.com/projects/hip-python/en/latest/"),
    (r"tensorrt(?:-cu\d{2,3})?(?:-\w+)?", "MIGraphX (torch_migraphx, onnxruntime's MIGraphX provider)",
     "https://rocm.docs.amd.com/projects/AMDMIGraphX/en/latest/"),
    (r"jax\[cuda\d{2,3}[\w-]*\]|jax-cuda\d{2,3}-(?:plugin|pjrt)", "jax with the ROCm plugin (jax[rocm]) or the rocm/jax image",
     "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/3rd-party/jax-install.html"),
    (r"(?:cudf|cuml|cugraph(?:-[a-z]+)?|cuspatial|cupy-cuda|rmm|pylibraft|raft-dask|pylibcugraph|nx-cugraph|cuvs|"
     r"dask-cudf|cucim|pynvjitlink)-cu\d{2,3}", "no ROCm build (RAPIDS is CUDA only)", "https://docs.rapids.ai/install/"),
    # NVIDIA's own CUDA libraries and kernels, built for CUDA alone (their names say so; none has a ROCm wheel)
    (r"(?:cuda-python|cuda-bindings)(?:\[[\w,-]{1,80}\])?", "hip-python (AMD's HIP bindings)", "https://nvidia.github.io/cuda-python/"),
    (r"nvidia-cutlass-dsl", "no ROCm build (CUTLASS targets NVIDIA GPUs; AMD's kernels come from composable_kernel)",
     "https://docs.nvidia.com/cutlass/media/docs/pythonDSL/overview.html"),
    (r"deepspeed-kernels", "DeepSpeed's ROCm build without its CUTLASS kernels (DS_BUILD_CUTLASS_OPS=0)",
     "https://github.com/deepspeedai/DeepSpeed-Kernels"),
    (r"flash-attn-3", "flash-attn's ROCm build (FlashAttention-3 is written for NVIDIA's Hopper GPUs)",
     "https://github.com/Dao-AILab/flash-attention#flashattention-3-beta-release"),
    (r"paddlepaddle-gpu", "PaddlePaddle's ROCm (DCU) build", "https://www.paddlepaddle.org.cn/en/install/quick"),
    (r"spconv-cu\d{2,3}", "spconv built from source for ROCm, or the CPU `spconv` wheel",
     "https://github.com/traveller59/spconv#install"),
    (r"nvidia-dali-cuda\d{3}", "no ROCm build (decode with torchvision/torchcodec instead)",
     "https://docs.nvidia.com/deeplearning/dali/user-guide/docs/installation.html"),
    # PyPI's CTranslate2 wheels carry CUDA kernels (faster-whisper's engine); its HIP builds are separate wheels
    # (release assets, forks) or a source build with -DWITH_HIP=ON. Named only when the file names it: as
    # faster-whisper's dependency it is often run on the CPU on purpose.
    (r"ctranslate2", "a CTranslate2 wheel built with HIP (its ROCm release wheels, or -DWITH_HIP=ON from source)",
     "https://opennmt.net/CTranslate2/installation.html"),
    # FlashInfer's PyPI packages JIT-compile (or ship, -cubin) CUDA kernels; vLLM and SGLang pick other attention
    # backends on ROCm (AITER, Triton) in their ROCm builds
    (r"flashinfer(?:-python|-cubin|-jit-cache)?", "the serving engine's ROCm attention backends (AITER, Triton) in "
     "its ROCm build; FlashInfer's PyPI packages are CUDA-only", "https://docs.flashinfer.ai/installation.html"),
)


# Upstream Triton on PyPI gained its AMD backend with 3.0; a 2.x pin (==2.2, <3) is the CUDA-only wheel.
_TRITON_2 = re.compile(r"(?:===?|~=|<=)\s*[12]\.|<\s*3(?:\.0)*(?![.\d])")
TRITON_AMD_SOURCE = "https://github.com/triton-lang/triton/releases/tag/v3.0.0"


# A direct reference (`name @ URL`) to a ROCm/HIP build of the package.
_ROCM_DIRECT = re.compile(r"@\s*\S*(?:rocm|hip)", re.I)


# A wheel file (a URL, a path, `name @ URL`) whose version's local part names a CUDA release: `vllm-0.7.2+cu118-...
# .whl`, `flash_attn-2.6.3+cu123torch2.4cxx11abiFALSE-...whl`, `deepspeed-0.15.3+cu121torch2.4-...whl` (PEP 427 names
# a wheel NAME-VERSION-...; the +cuXXX local version is how these projects publish their CUDA builds).
_CUDA_WHEEL = re.compile(r"(?:^|[/@\s])([A-Za-z0-9][A-Za-z0-9_.]*)-\d[\w.!]*\+cu\d{2,3}[\w.]*-[\w.-]+\.whl\b")
CUDA_WHEEL_SOURCE = "https://packaging.python.org/en/latest/specifications/binary-distribution-format/"


def cuda_wheel(req: str) -> str | None:
    """The package a wheel file built for CUDA holds (its name, normalised), from the wheel's file name."""
    m = _CUDA_WHEEL.search(req.strip().strip("'\"").replace("%2B", "+").replace("%2b", "+"))  # a URL's escaped +
    return re.sub(r"[-_.]+", "-", m.group(1)).lower() if m else None


def cuda_wheel_rule(package: str):
    """RD-IMG-002's rule for a CUDA wheel (:func:`cuda_wheel`) of a package it names: no installed torch or index makes
    such a wheel another build."""
    from .artifacts import PipRule

    return PipRule(package, "fail", f"this {package} wheel's +cuXXX version says it is the CUDA build: its kernels run "
                   "on NVIDIA GPUs only; take the ROCm build of the same release (or build it from source against the "
                   "ROCm torch)", (CUDA_WHEEL_SOURCE,))


def cuda_only(req: str) -> tuple[str, str] | None:
    """(what runs on ROCm instead, source) when the requirement ``req`` names a CUDA-only package, or is a wheel
    built for CUDA of a package no other rule names (`flashinfer-0.1.6+cu121torch2.4-...whl`)."""
    wheel = cuda_wheel(req)
    if wheel is not None:
        from .artifacts import PIP_BY_NAME

        return None if wheel in PIP_BY_NAME else (f"a ROCm build of {wheel} (this wheel's +cu version is its CUDA "
                                                  "build), or build it from source against the ROCm torch",
                                                  CUDA_WHEEL_SOURCE)
    m = re.match(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*(?:\[[^\]]{1,80}\])?)", req.strip().strip("'\""))
    if not m or _ROCM_DIRECT.search(req):
        return None  # `ctranslate2 @ https://.../ctranslate2-4.6.0+rocm...whl`: not PyPI's build
    name = re.sub(r"[-_.]+", "-", m.group(1)).lower()
    if name == "triton" and _TRITON_2.search(req):
        return ("pytorch-triton-rocm, the Triton the ROCm torch index pairs with its torch (PyPI's triton 2.x "
                "is CUDA-only, and it overwrites the same `triton` module)", TRITON_AMD_SOURCE)
    for pattern, instead, source in CUDA_ONLY:
        if re.fullmatch(pattern, name):
            return instead, source
    return None


# Packages AMD builds per ROCm release and publishes on its own wheel pages (repo.radeon.com/rocm/manylinux/
# rocm-rel-X.Y/), where PyPI stops at an older release: (PEP 503 name, the newest release on PyPI, source). A
# version past PyPI's newest exists only there, so an install that names no AMD index or find-links stops with 'No
# matching distribution found'. The name alone is not judged: PyPI carries both names (tensorflow-rocm up to its
# ROCm 6.0 build 2.14.0.600, January 2024; onnxruntime-rocm up to 1.22.2.post3, July 2026: PyPI's name list).
AMD_WHEEL_PAGES = "https://repo.radeon.com/rocm/manylinux/rocm-rel-{rocm}/"
AMD_INDEX_ONLY: dict[str, tuple[str, str]] = {
    # "As of ROCm 6.1, tensorflow-rocm packages are found at https://repo.radeon.com/rocm/manylinux. Prior to ROCm
    # 6.1, packages were found at https://pypi.org/project/tensorflow-rocm."
    "tensorflow-rocm": ("2.14.0.600", "https://rocm.docs.amd.com/projects/install-on-linux/en/docs-6.2.2/install/"
                                      "3rd-party/tensorflow-install.html"),
    # AMD's ONNX Runtime with the ROCm and MIGraphX execution providers, per ROCm release (pip3 install ... -f
    # repo.radeon.com/rocm/manylinux/rocm-rel-X.Y/)
    "onnxruntime-rocm": ("1.22.2.post3", "https://rocm.docs.amd.com/projects/radeon/en/latest/docs/install/"
                                         "native_linux/install-onnx.html"),
}
# An index of AMD's own: its wheel pages, its pip indexes (repo.amd.com/rocm/whl/..., rocm.nightlies.amd.com, ...).
AMD_INDEX = re.compile(r"(?:repo\.radeon\.com|(?:^|[/@.])amd\.com)/", re.I)
_LOWER = re.compile(r"(===?|>=|~=|>)\s*([\w.*]+)")


def amd_index_only(req: str, urls: list[str], rocm: str | None = None) -> tuple[str, str] | None:
    """(why, what to install instead) when ``req`` asks for a release of an AMD-built package that only AMD's wheel
    pages carry (its lower bound is past PyPI's newest) and none of the install's ``urls`` is AMD's; ``rocm`` is the
    ROCm release (X.Y) the install runs on, where known, for the exact -f URL."""
    m = re.match(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*)$", req.strip().strip("'\""))
    if m is None or any(AMD_INDEX.search(u) for u in urls):
        return None
    name = re.sub(r"[-_.]+", "-", m.group(1)).lower()
    bound = _LOWER.search(m.group(2).split(";", 1)[0])
    if name not in AMD_INDEX_ONLY or bound is None:
        return None
    newest = AMD_INDEX_ONLY[name][0]
    from packaging.version import InvalidVersion, Version  # PEP 440 order (1.22.2.post1 < 1.22.2.post3 < 1.23.0)

    try:
        asked = Version(bound.group(2).removesuffix(".*"))
    except InvalidVersion:
        return None
    # a release number of AMD's (2.16.1, 1.23.0); PyPI's own builds carry a ROCm suffix (2.14.0.600) no pin asks past
    if max(asked.release) >= 100 or asked <= Version(newest):
        return None
    page = AMD_WHEEL_PAGES.format(rocm=rocm or "<X.Y of your ROCm>")
    return (f"{name}{bound.group(1)}{bound.group(2)} is only on AMD's wheel pages (PyPI stops at {newest})",
            f"add `-f {page}` to this install (AMD's page for the ROCm release it runs on; each page lists the "
            "releases built for that ROCm)")
