"""What a script builds, installs and loads: GPU arch flags of compilers, CMake and make (BUILD
arch values), what ``pip install`` / ``uv`` installs and its index options, and the environment
modules ``module load`` / ``ml`` loads (ROCm, Cray's accelerator target, CUDA toolkits and frameworks)."""
from __future__ import annotations

import os
import re

from ....knowledge.artifacts import ARCH_VAR_SUFFIX, ARCH_VARS, arch_var  # (knowledge; checks read them too)
from ...settings import BUILD, Artifact
from .words import _ASSIGN


# GPU target lists that builds read (CMake cache entries, build-script variables): the code they
# produce runs only on the targets they name. Judged by RD-ENV-002 against the real GPU.
_ARCH_FLAG = re.compile(r"(?:^|\s)-D(" + "|".join(ARCH_VARS) + "|" + ARCH_VAR_SUFFIX.pattern.strip("^$")
                        + r")(?::STRING)?=([\"']?)([^\s\"']+)\2")

# one target, or hipcc's comma list (`--amdgpu-target=gfx906,gfx908`, the option's older name)
_OFFLOAD_ARCH = re.compile(r"(?:^|\s)--?(?:offload-arch|amdgpu-target|cuda-gpu-arch)[= ]"
                           r"(gfx[0-9a-f]+(?::[\w+-]+)*(?:,gfx[0-9a-f]+(?::[\w+-]+)*){0,30})", re.I)
_COMPILERS = re.compile(r"^(?:amd)?clang(?:\+\+)?(?:-\d+)?$|^hipcc(?:\.pl)?$|^amdflang$|^flang(?:-new)?$")
# The ROCm math libraries' own build scripts (rocBLAS, hipBLASLt, rocSOLVER ...: `rmake.py -a gfx1013`, `./install.sh
# -idc -a "gfx90a;gfx942"`, `--architecture`) take the target list as an option of their own
_LIB_BUILDERS = ("rmake.py", "install.sh")
_ARCH_OPTION = re.compile(r"^(?:-a|--architecture)(?:=(.+))?$")


def record_arch_flags(art: Artifact, words: list[str], line_of) -> None:
    """``cmake -DBNB_ROCM_ARCH=gfx90a ...`` (also inside CMAKE_ARGS="..."), and ``make hip
    ROCM_TARGET=gfx1030``: a make command-line variable overrides the Makefile's own (GNU make's
    grammar): BUILD arch:<NAME> values. A compiler's ``--offload-arch=gfx1201`` (clang, hipcc; also
    inside a flags variable the command expands) is the list of targets its device code is built for."""
    cmd = next((i for i, w in enumerate(words) if not _ASSIGN.match(w)), len(words))
    if cmd < len(words) and _COMPILERS.match(os.path.basename(words[cmd])):
        found = [t.split(":", 1)[0] for w in words[cmd + 1:] for m in _OFFLOAD_ARCH.finditer(w)
                 for t in m.group(1).lower().split(",")]
        if found:
            art.add(BUILD, "arch:--offload-arch", ";".join(dict.fromkeys(found)), line_of(r"(?:offload-arch|amdgpu-target)"))
    # the script itself, or the interpreter that runs it (`python3 ./rmake.py`, `bash install.sh`); not `echo install.sh`
    at = cmd + 1 if cmd < len(words) and re.match(r"^(?:python[\d.]*|bash|sh)$", os.path.basename(words[cmd])) else cmd
    if at < len(words) and os.path.basename(words[at]) in _LIB_BUILDERS:
        for i, w in enumerate(words[at + 1:], at + 1):
            m = _ARCH_OPTION.match(w)
            value = (m.group(1) if m and m.group(1) else words[i + 1] if m and i + 1 < len(words) else "").strip("\"'")
            targets = [t.split(":", 1)[0] for t in re.split(r"[;,\s]+", value.lower()) if t]
            if targets and all(re.fullmatch(r"gfx[0-9a-f]{3,4}", t) for t in targets):
                art.add(BUILD, "arch:--architecture", ";".join(dict.fromkeys(targets)), line_of(r"(?:rmake\.py|install\.sh)"))
                break
    if cmd < len(words) and words[cmd].rsplit("/", 1)[-1] in ("make", "gmake"):
        for w in words[cmd + 1:]:
            m = _ASSIGN.match(w)
            if m and arch_var(m.group(1)):
                art.add(BUILD, f"arch:{m.group(1)}", m.group(2).strip("\"'"), line_of(re.escape(m.group(1)) + "="))
    for w in words:
        if "-D" not in w:
            continue
        for m in _ARCH_FLAG.finditer(w):
            art.add(BUILD, f"arch:{m.group(1)}", m.group(3), line_of(r"-D" + m.group(1) + "="))


# llama.cpp's (and llama-cpp-python's) switch for its CUDA backend, in each generation of its name: a cmake define, a
# make variable, or inside CMAKE_ARGS for pip's build (`-DGGML_CUDA=ON`, `LLAMA_CUBLAS=1 make`, `-DLLAMA_CUDA=on`)
_CUDA_BACKEND = re.compile(r"(?:^|[\s\"'=])(?:-D)?(GGML_CUDA|GGML_CUBLAS|LLAMA_CUBLAS|LLAMA_CUDA)=(?:ON|On|on|1|TRUE|true|YES|yes)\b")


# The programs that build (or install by building): not `echo`/`printf` of the flag, not a `docker run` whose
# container builds (its image is the cause there, RD-IMG-001)
_BACKEND_BUILDERS = {"cmake", "make", "gmake", "pip", "pip3", "uv", "python", "python3", "poetry", "pipx", "cargo"}


def record_backend_flags(art: Artifact, words: list[str], line_of) -> None:
    """A build of llama.cpp for its CUDA backend: BUILD cuda_backend "<NAME>=<value>" at the line that says so (RD-IMG-009)."""
    cmd = next((w for w in words if not _ASSIGN.match(w)), "")
    if os.path.basename(cmd) not in _BACKEND_BUILDERS:
        return
    for w in words:
        if "CU" not in w:
            continue
        m = _CUDA_BACKEND.search(w)
        if m:
            flag = m.group(0).lstrip(" \"'=").removeprefix("-D")
            art.add(BUILD, "cuda_backend", flag, line_of(re.escape(m.group(1)) + r"=(?:ON|On|on|1|TRUE|true|YES|yes)\b"))
            return


# Flag variables a build reads from the environment without the command naming them: make's implicit rules and most
# Makefiles (`$(CXX) $(CXXFLAGS)`), autotools' configure, CMake's first configure (CMAKE_<LANG>_FLAGS from CXXFLAGS,
# CFLAGS, HIPFLAGS); hipcc itself reads only HIPCC_COMPILE_FLAGS_APPEND, on every compile (a Python extension's too).
_READS_FLAGS = {"make": ("CXXFLAGS", "CFLAGS", "HIPCC_COMPILE_FLAGS_APPEND"),
                "gmake": ("CXXFLAGS", "CFLAGS", "HIPCC_COMPILE_FLAGS_APPEND"),
                "configure": ("CXXFLAGS", "CFLAGS", "HIPCC_COMPILE_FLAGS_APPEND"),
                "cmake": ("CXXFLAGS", "CFLAGS", "HIPFLAGS", "HIPCC_COMPILE_FLAGS_APPEND"),
                "hipcc": ("HIPCC_COMPILE_FLAGS_APPEND",), "pip install": ("HIPCC_COMPILE_FLAGS_APPEND",)}
_CMAKE_FLAGS = {"CXXFLAGS": "CMAKE_CXX_FLAGS", "CFLAGS": "CMAKE_C_FLAGS", "HIPFLAGS": "CMAKE_HIP_FLAGS"}
_GFX_IN_FLAG = re.compile(r"(?:^|\s)--?(?:offload-arch|amdgpu-target)[= ](\S+)", re.I)  # not --no-offload-arch


def record_implicit_flags(art: Artifact, words: list[str], env: dict, exported, defined) -> None:
    """`export CXXFLAGS="-O3 --offload-arch=gfx90a"` then `make` (or cmake, ./configure; hipcc, `pip install` and
    setup.py for HIPCC_COMPILE_FLAGS_APPEND): the build's device code is for those targets, unless the command sets
    the variable itself (`make CXXFLAGS=...`, `cmake -DCMAKE_CXX_FLAGS=...`). BUILD arch:--offload-arch at the line
    that set it (RD-ENV-002 judges each place once); ``exported`` None: every variable of ``env`` is in the
    environment, as a Dockerfile's ENV is."""
    cmd = next((i for i, w in enumerate(words) if not _ASSIGN.match(w)), len(words))
    head, args = (os.path.basename(words[cmd]), words[cmd + 1:]) if cmd < len(words) else ("", [])
    at = _pip_at(words)  # pip, uv pip, python -m pip: an install builds extensions; so does `python setup.py`
    if at < len(words) and "install" in words[at + 1:at + 4] or head.startswith("python") and args[:1] == ["setup.py"]:
        head = "pip install"
    for name in _READS_FLAGS.get(head, ()):
        value = env.get(name)
        if exported is not None and name not in exported or not value or any(
                a.startswith((name + "=", "-D" + _CMAKE_FLAGS.get(name, "-"))) for a in args):
            continue
        found = [g.lower() for m in _GFX_IN_FLAG.finditer(value) for g in re.findall(r"(?i)gfx[0-9a-f]+", m.group(1))]
        if found:  # hipcc's `--amdgpu-target=gfx90a;gfx942` (a list in one word) counts each target
            art.add(BUILD, "arch:--offload-arch", ";".join(dict.fromkeys(found)), defined(name))


_PIP = re.compile(r"(?:^|/)(pip(?:3(?:\.\d{1,2})?)?|uv)$")


# Options of `pip install` (https://pip.pypa.io/en/stable/cli/pip_install/, its general options) and of `uv pip
# install` (https://docs.astral.sh/uv/reference/cli/#uv-pip-install) that take the next word as their value.
_VALUE_OPTIONS = frozenset(
    "--retries --timeout --proxy --cert --client-cert --cache-dir --log --log-file --exists-action --trusted-host "
    "--progress-bar --root-user-action --upgrade-strategy --src --platform --python-version --implementation --abi "
    "--no-binary --only-binary --config-settings -C --global-option --build-option --report --use-feature "
    "--use-deprecated --keyring-provider --python -p --torch-backend --index-strategy --index --default-index "
    "--resolution --prerelease --python-platform --link-mode --exclude-newer".split())


# A redirection word: an operator with its target attached (`2>/dev/null`, `&>log`, `2>&1`: group 1) or alone (`>`).
_REDIRECTION = re.compile(r"^(?:\d*|&)(?:>>?|<|>&|<&|>\|)(.*)$")


def _pip_at(words: list[str]) -> int:
    """Where pip (or uv, or `python -m pip`) starts in a command's words; len(words) when it does not."""
    i = 0
    while i < len(words) and not (_PIP.search(words[i]) or (words[i].startswith("python") and
                                                            words[i + 1:i + 3] == ["-m", "pip"])):
        i += 1
    return i


def pip_program(words: list[str]) -> str:
    """The words that run pip, with what comes before them: 'sudo pip3', 'python3 -m pip', '/opt/venv/bin/pip'
    (whose Python an install goes into)."""
    i = _pip_at(words)
    return " ".join(words[:i + (3 if i < len(words) and words[i].startswith("python") else 1)])


def pip_requirements(words: list[str]) -> tuple[list[str], dict]:
    """What one ``pip install ...`` command installs, and its index options."""
    i = _pip_at(words)
    if i >= len(words):
        return [], {}
    j = i + (3 if words[i].startswith("python") else 1)
    if words[i].endswith("uv") and words[j:j + 1] == ["pip"]:
        j += 1
    elif words[i].endswith("uv") and words[j:j + 1] == ["add"]:
        pass  # `uv add torch==2.6.0`: pins it in the project and installs it into the project's venv
    elif words[j:j + 1] != ["install"]:
        return [], {}
    reqs: list[str] = []
    opts: dict[str, list[str | bool]] = {}
    k = j + 1
    while k < len(words):
        w = words[k]
        if redir := _REDIRECTION.match(w):  # `-q 2>/dev/null`, `> log 2>&1`: the shell's, not pip's
            k += 1 if redir.group(1) else 2
            continue
        if w in ("-r", "--requirement", "-c", "--constraint", "--index-url", "-i", "--extra-index-url", "-f",
                 "--find-links", "-e", "--editable", "--target", "-t", "--prefix", "--root"):
            if k + 1 < len(words):
                opts.setdefault(w.lstrip("-"), []).append(words[k + 1])
                if w in ("-e", "--editable"):
                    reqs.append(words[k + 1])
            k += 2
            continue
        if w in _VALUE_OPTIONS:  # `--retries 10 --timeout 300`, `uv pip install --python .venv/bin/python`: not packages
            if k + 1 < len(words):
                opts.setdefault(w.lstrip("-"), []).append(words[k + 1])
            k += 2
            continue
        if w.startswith("--") and "=" in w:
            name, _, v = w[2:].partition("=")
            opts.setdefault(name, []).append(v)
        elif not w.startswith("-"):
            reqs.append(w)
        else:
            opts.setdefault(w.lstrip("-"), []).append(True)
        k += 1
    return reqs, opts


# `module load craype-accel-amd-gfx90a` (HPE Cray PE): CRAY_ACCEL_TARGET for cc/CC/ftn and hipcc wrappers.
_CRAY_ACCEL = re.compile(r"(?:^|/)craype-accel-amd-(gfx[0-9a-f]+)$", re.I)
_CRAY_PENDING = "craype-accel loaded at"  # a key no shell variable can have
# Commands that compile GPU code with the Cray wrappers' target (make/cmake drive cc/CC/hipcc).
_BUILDS = re.compile(r"^(?:g?make|cmake|ninja|cc|CC|ftn|hipcc|(?:amd)?clang(?:\+\+)?)$")
# A framework module built on CUDA (its name says so): the job's torch is then a CUDA build.
# NVIDIA's toolkit and libraries as site modules: CUDA/12.2, cudatoolkit/23.3_11.8, cuDNN/8.4.1.50-CUDA-11.7.0,
# nccl/2.18.3-cuda.12.1, nvhpc-24.11_hpcx-2.20_cuda-12.6, cpe-cuda/23.03 (Cray's CUDA programming environment)
_CUDA_TOOLKIT = re.compile(r"(?:^|/)(?:cuda(?:toolkit)?|cuda-toolkit|cudnn|nccl|nvhpc|cpe-cuda)(?:[/_.+-]|\d|$)", re.I)
_CUDA_FRAMEWORK = re.compile(r"(?:^|/)(?:py)?(?:torch|tensorflow|jax|deepspeed)[^/]*/?.*?(?:cu(?:da)?[-_]?\d|cudnn)"
                             r"|(?:^|/)(?:py)?(?:torch|tensorflow|jax|deepspeed)/[^/]*cu(?:da)?[-_]?\d"
                             # a site's Python with its CUDA ML stack: python/3.8-cuda-ml, anaconda3/2023-cuda-dl
                             r"|(?:^|/)(?:python|anaconda\d?|miniconda\d?|conda)[^/]*/[^/]*cuda[-_]?(?:ml|dl|ai)\b"
                             # IDRIS Jean Zay's framework modules (`pytorch-gpu/py3/2.4.0`), built on CUDA
                             r"|(?:^|/)(?:py)?(?:torch|tensorflow|jax)-gpu(?:/|$)", re.I)


# Lmod / Environment Modules subcommands that load what they name; `swap A B` and `switch A B`
# load only B; unload/rm/del/purge/use/avail/list/show/spider load nothing.
_MODULE_LOADS = {"load", "add", "try-load", "try-add", "load-any"}
_MODULE_SWAPS = {"swap", "switch", "sw"}


def _modules_loaded(head: str, args: list[str]) -> list[str]:
    """The modules a `module ...` / `ml ...` command loads (Lmod's `ml NAME` loads NAME, `ml -NAME`
    unloads it)."""
    args = [a for a in args if a != "--"]
    if not args:
        return []
    sub, rest = args[0], args[1:]
    if sub in _MODULE_LOADS:
        return [a for a in rest if not a.startswith("-")]
    if sub in _MODULE_SWAPS:
        return [a for a in rest if not a.startswith("-")][-1:]
    if head == "ml" and not sub.startswith("-") and sub not in _ML_SUBCOMMANDS:
        return [a for a in args if not a.startswith("-")]
    return []


_ML_SUBCOMMANDS = {"unload", "rm", "del", "purge", "use", "unuse", "avail", "av", "list", "show", "spider",
                   "whatis", "help", "save", "restore", "reset", "refresh", "update", "describe", "keyword"}
