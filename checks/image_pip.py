"""RD-IMG-002: what `pip install` (a Dockerfile's RUN, a launch script, a requirements file, a uv project) really
does next to the torch already there: the CUDA torch and GPU packages it pulls, on a host with AMD GPUs."""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.readers.requirements import local_project
from rocmdoctor.engine.check import Action, FixPlan, check, fail, ok, warn
from rocmdoctor.knowledge import artifacts as ka
from rocmdoctor.knowledge import pip_names as pip_kb
from rocmdoctor.knowledge import torch_wheels

from .image_torch import (NEEDS_TORCH, ROCM_TORCH_UNKNOWN, assumes_installed_torch, companion_kept,
                          rocm_companions_before, host_torch_via_installer, image_ships_vision, install_line,
                          installed_by_uv, installers, keeps, lower_bound_at_most, no_torch_image, rocm_torch_after,
                          standalone_host_torch)
from .image_stages import before_every_install
from .image_variants import other_vendor_file
from .pip_places import cuda_library_pins, install_key as _install_key, routed_at, written_at
from .pip_untaken import (PIN_OFF_INDEX, alternative_branch, applies_on_linux, config_extra_index, constraints_file,
                          pin_off_index, pin_without_index, torch_lines_stripped, untaken_arg_branch)
from .images import (AREA, REINSTALL, amd_target, judged_here, no_amd_gpu, built_from, cuda_images, project_installed_elsewhere,
                     torch_there)



# `torch==2.2.1+rocm5.7`: a local version only PyTorch's ROCm index (or AMD's wheel pages) carries.
# flash-attention's repositories (Dao-AILab's and AMD's ROCm fork), installed from git or an archive.
_FA_REPO = re.compile(r"github\.com/(?:Dao-AILab|ROCm|ROCmSoftwarePlatform)/flash-attention\b", re.I)
_FA_ISOLATED = ka.PipRule("flash-attn", "warn", "flash-attention's setup.py imports torch to build its kernels, and pip "
                          "builds it in an isolated environment without the torch already installed here: the build "
                          "stops ('No module named torch') or pulls PyPI's CUDA torch to build against; install it "
                          "with --no-build-isolation so it builds against this ROCm torch",
                          ("https://github.com/ROCm/flash-attention#installation-and-features",))
# pip options that reinstall what a requirement depends on too, not only the package named.
_REINSTALL_ALL = ("force-reinstall", "I", "ignore-installed")
_REINSTALLS_TORCH = ka.PipRule("torch", "fail", "--force-reinstall (like --ignore-installed; --upgrade with "
                               "--upgrade-strategy eager upgrades them to the index's newest) reinstalls every package "
                               "the requirement depends on, not only the one named: torch among them, taken again "
                               "from PyPI, whose Linux wheel is the CUDA build, over the ROCm torch already there; add "
                               "--no-deps to reinstall only this package",
                               ("https://pip.pypa.io/en/stable/cli/pip_install/#cmdoption-force-reinstall",
                                "https://github.com/sudipsaud-i-stem/try-on-backend/blob/06e38f32d184243d985cf10d1a2ff40"
                                "bfac9c5d/deploy/kaggle/README.md"))
# Options that name where packages come from (pip's, and uv's --default-index/--index).
_CPU_PIN = re.compile(r"==\s*[\w.*]+\+cpu\b", re.I)  # PyTorch's CPU wheels, named so
_OPAQUE = re.compile(r"\$\{?\w+\}?|\$\{\w+:?[-=][^}]*\}|\$[@*]|\$\{\w+\[[@*]\]\}")
# a direct reference to a local file (`torch @ ./dist/torch-2.6.0-....whl`, `torch@$(ls dist/*.whl)`, `file://`)
_LOCAL_ARTIFACT = re.compile(r"^[\w.-]+\s*@\s*(?:\.{0,2}/|\$\(|`|file:)", re.I)
_NO_ROCM_INDEX = ka.PipRule("torch", "fail", "a +rocm version exists only on PyTorch's ROCm index (download.pytorch.org/"
                            "whl/rocmX.Y) and AMD's wheel pages; with no such index pip finds no match and stops ('No "
                            "matching distribution found'), installing nothing of the file; add --index-url for the "
                            "ROCm release the pin names", (ka.PYTORCH_ROCM_INSTALL,))


# A requirement's extras (`vllm[rocm]`): PyPI's vLLM, flash-attn, xformers ... have no `rocm` extra; pip warns
# "does not provide the extra" and installs the CUDA build.
_EXTRAS = re.compile(r"\[[^\]]{0,200}\]")


def _pip_problems(v, have: str | None = None, extra_index: str | None = None, cdna: bool = False,
                  env: frozenset = frozenset()):
    """(rule, requirement) for each package of one pip install that would bring a CUDA build;
    a torch requirement that the installed ROCm torch ``have`` satisfies is kept by pip (no
    ``--upgrade``/``--force-reinstall``), so it brings nothing. ``env`` says more of where it runs:
    "vision" (the image ships torchvision with its torch), "ends_rocm" (a later line pins a
    ROCm torch into the same environment), "has_torch" (a file written for an environment with torch),
    "no_torch:IMAGE" (a base image with no torch and nothing in the build installs one)."""
    rec = v.value if isinstance(v.value, dict) else {}
    opts = rec.get("options") or {}
    reinstall = any(k in opts for k in REINSTALL)
    indexes = [str(x) for k in ("index-url", "i", "extra-index-url", "f", "find-links") for x in opts.get(k, [])]
    rocm_index = any(ka.ROCM_INDEX.search(x) for x in indexes)
    # the CPU build on purpose (a CPU variant of the deployment): no CUDA torch, and nothing GPU to replace
    cpu_index = not have and any(ka.CPU_INDEX.search(x) for x in [*indexes, extra_index or ""])
    # A ROCm --index-url with a non-ROCm extra index still in effect (pip config, PIP_EXTRA_INDEX_URL):
    # pip takes the highest version from either, and PyPI's newer CUDA torch wins.
    mixed = bool(rocm_index and extra_index and not ka.ROCM_INDEX.search(extra_index)
                 and "extra-index-url" not in opts)
    guarded = any(k in opts for k in ka.SAFE_PIP_OPTIONS)
    # a word that is only a variable (`pip install torch ${TORCH_EXTRA_ARGS}`) may hold the index options: where the
    # command names no index itself, which torch build it takes is not written in the files
    # (so is an --index-url the files leave to a variable they never set: a script's argument, `EXTRA_URL="$1"`)
    opaque = not indexes and any(_OPAQUE.fullmatch(str(r).strip("'\"")) for r in rec.get("requirements") or []) or \
        any(str(x).strip("'\"").startswith("$") for k in ("index-url", "i") for x in opts.get(k, []))
    out = []
    for req in rec.get("requirements") or []:
        if not applies_on_linux(str(req)):
            continue  # `torch~=2.2.2; sys_platform == 'darwin'`: not installed on this Linux host
        if _LOCAL_ARTIFACT.search(str(req)):
            continue  # `torch@./dist/torch-*.whl`: a wheel built or kept locally, not PyPI's
        name = ka.requirement_name(str(req))
        if name is None and _FA_REPO.search(str(req)):
            name = "flash-attn"  # git+https://github.com/ROCm/flash-attention.git@main: the same package
        wheel = pip_kb.cuda_wheel(str(req)) if not name or str(req).rstrip().endswith(".whl") else None
        if wheel is not None and wheel in ka.PIP_BY_NAME:  # `vllm-0.7.2+cu118-...whl`: its package's CUDA build, as
            out.append((pip_kb.cuda_wheel_rule(wheel), str(req)))  # named: no installed torch or index makes it another
            continue
        if name == "flash-attn" and have and "no-build-isolation" not in opts and "no-deps" not in opts \
                and not str(req).endswith(".whl"):
            out.append((_FA_ISOLATED, str(req)))
            continue
        rule = ka.PIP_BY_NAME.get(name or "")
        if mixed and (rule is not None or name in (None, "") or str(req).startswith((".", "/"))):
            out.append((ka.PIP_BY_NAME["torch"], f"{req} (torch resolved from the ROCm index and the extra index "
                                                 f"{extra_index}: the newer CUDA build wins)"))
            continue
        no_torch = next((e.split(":", 1)[1] for e in env if e.startswith("no_torch:")), None)
        if rule is None and no_torch and name in ka.TORCH_DEPENDENTS and not rocm_index and "no-deps" not in opts:
            out.append((NEEDS_TORCH, f"{req} (it requires torch; {no_torch} has none, so pip installs PyPI's)"))
            continue
        stale = ka.stale_extra_rocm_index(opts, str(req))
        if stale and "torchless" in env and not have and "uv" not in env and "no-deps" not in opts and (
                name in ka.TORCH_DEPENDENTS or (name is None and re.match(r"^\s*git\+", str(req)))):
            out.append((NEEDS_TORCH, f"{req} (it brings torch; pip reads the ROCm {stale} index beside PyPI, "
                                     "whose newest torch is older than PyPI's: pip takes PyPI's CUDA build)"))
            continue
        if "companions" in env and not reinstall and companion_kept(name or "", str(req), have):
            continue  # torchvision/torchaudio installed beside the environment's ROCm torch accept it
        kept = not reinstall and ((name == "torch" and keeps(str(req), have)) or (name == "torchvision" and "vision" in env))
        if name in ("torch", "torchvision", "torchaudio") and stale and "==" not in str(req) \
                and not kept and "uv" not in env:  # a range with +rocm labels (>=2.0.0+rocm5.5) pins nothing to that index  # an installed torch that satisfies it stays: pip looks at no index for it
            out.append((ka.PIP_BY_NAME[name], f"{req} (pip reads the ROCm {stale} index beside PyPI, whose newest torch is "
                              "older than PyPI's: pip takes the newest of both, PyPI's CUDA build)"))
            continue
        if not rocm_index and not kept and pin_without_index(str(req), rec, extra_index):
            out.append((_NO_ROCM_INDEX, f"{req} (a +rocm build with no index that carries it)"))
            continue
        off = pin_off_index(str(req), opts, extra_index) if rocm_index and not kept else None
        if off:
            out.append((PIN_OFF_INDEX, f"{req} ({off})"))
            continue
        if rule is None or rocm_index or "rocm" in _EXTRAS.sub("", str(req)).lower():
            continue  # a ROCm build by its version, file or URL; an extra (`vllm[rocm]`) is no build: PyPI has none
        if (cpu_index or _CPU_PIN.search(str(req)) or opaque) and name in ("torch", "torchvision", "torchaudio"):
            continue  # the CPU build on purpose (an index or a `+cpu` pin), or an index the files do not show
        if name == "torchvision" and "vision" in env and not reinstall \
                and (lower_bound_at_most(str(req), (0, 0)) or str(req).strip().strip("'\"").lower() == name):
            continue  # unpinned: the image's own torchvision satisfies it, pip keeps it
        swap_only = name == "deepspeed" or (name == "bitsandbytes" and (lower_bound_at_most(str(req), (9, 9))
                                                                      or ka.bnb_ships_rocm(str(req))))
        if swap_only and not reinstall and (have or "ends_rocm" in env or "has_torch" in env):
            continue  # it asks for any torch: pip keeps the ROCm one (latest bitsandbytes ships ROCm kernels)
        if name == "flash-attn" and have and cdna and "no-build-isolation" in opts:
            continue  # built against the image's ROCm torch: flash-attn's CK backend for MI200/MI300
        if name == "torch" and not reinstall and keeps(str(req), have):
            continue
        if rule.level == "warn" and guarded and name in ("deepspeed", "vllm"):
            continue
        out.append((rule, str(req)))
    if _reinstalls_deps(opts) and "no-deps" not in opts and not rocm_index:
        # `pip install --force-reinstall accelerate==1.6.0`: every package accelerate needs is reinstalled too,
        # torch among them, from PyPI (a package with its own rule was judged above; a torch named on the same
        # command is judged as itself)
        asked = [ka.requirement_name(str(r)) for r in rec.get("requirements") or []]
        if "torch" not in asked:
            for req, name in zip(rec.get("requirements") or [], asked):
                if name in ka.TORCH_DEPENDENTS and name not in ka.PIP_BY_NAME and applies_on_linux(str(req)):
                    out.append((_REINSTALLS_TORCH, str(req)))
                    break  # one torch, one finding
    if _reinstalls_deps(opts) and "no-deps" not in opts:
        # `pip install --force-reinstall pkg-1.0-...whl` reinstalls the wheel's requirements too,
        # torch among them, from the index (PyPI: a CUDA build) unless --no-deps says otherwise. (`--upgrade` alone
        # upgrades a requirement only where the installed one does not satisfy it: the wheel's `torch` keeps the ROCm one)
        for req in rec.get("requirements") or []:
            base = os.path.basename(str(req))
            pkg = base.split("-", 1)[0].lower().replace("_", "-") if base.endswith(".whl") else None
            if pkg in ka.PIP_BY_NAME and pkg not in ("torch", "torchvision", "torchaudio") and not rocm_index:
                out.append((_REINSTALLS_TORCH, str(req)))
    return out


def _reinstalls_deps(opts: dict) -> str:
    """The pip option that reinstalls a package's requirements too ("" if none): --force-reinstall/--ignore-installed,
    or --upgrade with --upgrade-strategy eager (the default, only-if-needed, keeps a requirement the installed one
    satisfies)."""
    eager = any(str(x).lower() == "eager" for x in opts.get("upgrade-strategy") or []) and ("U" in opts or "upgrade" in opts)
    return next(("-" * (len(k) > 1) + f"-{k}" for k in _REINSTALL_ALL if k in opts), "--upgrade --upgrade-strategy eager" * eager)


_CUDA_TORCH_BASE = re.compile(r"(?:^|/)pytorch:|(?:^|/)nvidia/pytorch\b|pytorch[_-]\d", re.I)
_CUDA_WHEELS = re.compile(r"download\.pytorch\.org/whl/(?:nightly/)?cu\d{2,3}|\+cu\d{2,3}\b", re.I)


def _names_cuda_torch(v) -> bool:
    """A pip of torch/torchvision/torchaudio whose index, find-links or pin names a CUDA build."""
    rec = v.value if isinstance(v.value, dict) else {}
    opts = rec.get("options") or {}
    reqs = [str(r) for r in rec.get("requirements") or []]
    urls = [str(x) for k in ("index-url", "i", "extra-index-url", "f", "find-links") for x in opts.get(k, [])]
    return any(ka.requirement_name(r) in ("torch", "torchvision", "torchaudio") for r in reqs) and \
        any(_CUDA_WHEELS.search(x) for x in urls + reqs)


def _vllm_extra(settings, v) -> str | None:
    """`pip install -e .[vllm]` of a project whose pyproject.toml is not among the files: its `vllm` extra (verl's,
    LLaMA-Factory's) installs vLLM from PyPI, a CUDA build (LLaMA-Factory PR #4970: INSTALL_VLLM on the ROCm image
    pulled `vllm>=0.4.3->llamafactory` and NVIDIA's packages). Where the pyproject was read its dependencies are judged
    as their own pip value, so nothing is added here."""
    rec = v.value if isinstance(v.value, dict) else {}
    if rec.get("file") or rec.get("project") or "no-deps" in (rec.get("options") or {}):
        return None
    if any(isinstance(p.value, dict) and p.value.get("project") and p.origin.path == v.origin.path
           and p.origin.line == v.origin.line for p in settings.values("build", "pip")):
        return None
    for req in rec.get("requirements") or []:
        found = local_project(str(req))
        if found and any(re.sub(r"[-_.]+", "-", e).lower() == "vllm" for e in found[1]):
            return str(req)
    return None


def _own_cuda_build(rule, req: str) -> bool:
    """A package whose PyPI wheel is compiled for CUDA itself (vLLM's `_C` kernels; flash-attn's sdist, which nvcc
    builds against the environment's CUDA torch), not only a dependent that may swap torch: it is a second CUDA build
    beside a CUDA torch the same environment got, with a fix of its own (ROCm's build of it), so "one environment,
    one cause" does not fold it in (a wheel from vLLM's own wheel index, wheels.vllm.ai, is a CUDA build too)."""
    return rule.package in ("vllm", "flash-attn") and "rocm" not in req.lower()


@check("RD-IMG-002", area=AREA, title="pip installs do not pull CUDA builds of torch and its GPU packages",
       option="config", sources=sorted({s for r in (*ka.PIP_RULES, _REINSTALLS_TORCH) for s in r.sources}))
def pip_cuda_packages(settings, gpus=None, torch=None, amd_host=None):
    pips = settings.values("build", "pip")
    if not pips:
        return ok("no pip install in the files")
    # PyPI's CUDA torch is the right build on NVIDIA, and runs on a CPU (files for an AMD machine are judged for it)
    if not judged_here(settings, amd_host):
        return no_amd_gpu(f"{len(pips)} pip install(s)")
    out: list = []
    found: list = []
    fresh_env: dict = {}  # standalone requirements files judged as installed into a new environment: machine's torch
    cuda_built = {v.origin.path for _i, v, _p in cuda_images(settings)}
    # CUDA images that carry their own CUDA torch (pytorch/pytorch:2.4.0-cuda12.1, nvcr.io/nvidia/pytorch): a CUDA
    # torch/torchaudio line in them is the base image's cause again (corpus convention, track imgs8b)
    torch_built = {v.origin.path for i, v, _p in cuda_images(settings) if _CUDA_TORCH_BASE.search(str(i))}
    # installs that name torch themselves (a requirements file's torch line, a pip command's torch)
    torch_named = {_install_key(v, settings) for v in pips if isinstance(v.value, dict) and any(
        ka.requirement_name(str(r)) in ("torch", "torchvision", "torchaudio") for r in v.value.get("requirements") or [])}
    for v in pips:
        extra = _vllm_extra(settings, v)
        in_cuda = built_from(settings, v) in cuda_built and (
            not _names_cuda_torch(v) or built_from(settings, v) in torch_built)
        # the image is a CUDA build already: RD-IMG-001 names the cause (a torch from a CUDA index or a +cuXXX pin is
        # a line a port must change too: it stays judged; so is PyPI's vLLM on a CUDA base without torch, like that
        # torch line); a package that is a CUDA build of its own (vLLM, flash-attn) stays judged too: a port of the
        # FROM leaves it to replace with its ROCm build
        only_own = bool(in_cuda and not (extra and built_from(settings, v) not in torch_built))
        if project_installed_elsewhere(settings, v) or constraints_file(settings, v):
            continue  # installed by the project's own build; or a constraints file, which installs nothing
        if alternative_branch(settings, v, pips):
            continue  # `if [ "$GPU" = nvidia ]; then pip ... cu121; elif amd ... rocm6.2`: not this GPU's branch
        if untaken_arg_branch(settings, v):
            continue  # `if [ "${TRITONSERVER_BUILD}" = "1" ]` with the ARG's default empty: not built by default
        if isinstance(v.value, dict) and any(torch_lines_stripped(settings, v, str(r))
                                             for r in v.value.get("requirements") or []):
            continue  # `RUN python3 use_existing_torch.py` deleted this line before pip read the file
        if other_vendor_file(settings, v):
            continue  # requirements.txt beside requirements-rocm.txt, installed by nothing here: the CUDA path
        if extra:
            found.append((v, ka.PIP_BY_NAME["vllm"], extra, False, None))  # the extra: PyPI's vLLM
            if in_cuda:
                continue
        in_file = isinstance(v.value, dict) and bool(v.value.get("file"))  # a requirements file's line
        # a pip command an app runs later (ENV TORCH_COMMAND) runs in the app's own new venv: no torch there
        have = None if isinstance(v.value, dict) and v.value.get("deferred") else (
            torch_there(settings, v, torch) or host_torch_via_installer(settings, v, torch))
        host = None if have else standalone_host_torch(settings, v, torch)  # a file left to the machine's env
        loose = None if have or host else standalone_host_torch(settings, v, torch, amd_set=False)
        if loose:
            fresh_env[v.origin.path] = loose  # a project written without AMD in view: its README's new environment
        have = have or host
        cdna = bool(gpus) and all(str(getattr(g, "gfx", "")).startswith(("gfx90a", "gfx94", "gfx95")) for g in gpus)
        built = built_from(settings, v)
        env = {"vision"} if image_ships_vision(settings, built) else set()
        env |= {"ends_rocm"} if rocm_torch_after(settings, v) else set()
        env |= {"has_torch"} if assumes_installed_torch(settings, v) else set()
        env |= {"uv"} if installed_by_uv(settings, v) else set()
        env |= {"companions"} if host or (have and rocm_companions_before(settings, v)) else set()
        env |= {"torchless"} if _install_key(v, settings) not in torch_named else set()
        bare = None if have else no_torch_image(settings, built, install_line(settings, v, built) if built else None)
        env |= {f"no_torch:{bare}"} if bare else set()
        found.extend((v, rule, req, in_file, have) for rule, req in
                     _pip_problems(v, have, config_extra_index(settings, v), cdna, frozenset(env))
                     if not only_own or _own_cuda_build(rule, str(req)))
    # One install, one cause: where the same install (a requirements file, one pip command) already
    # brings a CUDA torch, its other packages' "may replace the ROCm torch" adds nothing.
    torch_installs = {_install_key(v, settings) for v, rule, _r, _f, _h in found if rule.level == "fail"}
    # file -> the first line of its commands that installs PyPI's (CUDA) torch (a pin no index carries installs none)
    first_cuda: dict[str, int] = {}
    cuda_torch: dict[str, list] = {}  # file -> (line, requirement) of each command installing PyPI's torch
    for w, r, _q, in_f, _h in found:
        if r.level == "fail" and r.package == "torch" and not in_f and r not in (PIN_OFF_INDEX, _NO_ROCM_INDEX):
            first_cuda[w.origin.path] = min(first_cuda.get(w.origin.path, 10**9), w.origin.line or 0)
            cuda_torch.setdefault(w.origin.path, []).append((w.origin.line or 0, str(_q)))
    pulled: set = set()  # installs already cited for a package that pulls PyPI's torch in: the first one says it
    named: set = set()  # (install, package): a second line for the same package in one install is the same cause
    def kept_again(before, req) -> bool:  # `torch>=2.0.0` again after a command installed PyPI's torch: pip keeps that
        return bool(before) and all(lower_bound_at_most(str(req), torch_wheels.torch_release(q) or (99, 0)) for q in before)

    companions: dict = {k: [] for k in {_install_key(v, settings) for v, r, q, in_f, _h in found  # a file's own torch line
                                        if in_f and r is ka.PIP_BY_NAME["torch"] and ka.requirement_name(str(q)) == "torch"
                                        and not kept_again(before_every_install(settings, installers(settings, v),
                                                                                cuda_torch), q)}}
    for w, r, _q, in_f, _h in found:  # torchvision/torchaudio lines of a requirements file whose torch is CUDA's
        if in_f and r.package in ("torchvision", "torchaudio") and _install_key(w, settings) in companions:
            companions[_install_key(w, settings)].append(w.evidence())
    torch_file = {_install_key(v, settings): v.origin.path for v, r, _q, in_f, _h in found if in_f and r.package == "torch"}
    for w in cuda_library_pins(pips):  # and its CUDA libraries pinned beside it in that file (nvidia-*-cu12)
        if _install_key(w, settings) in companions and torch_file.get(_install_key(w, settings)) == w.origin.path:
            companions[_install_key(w, settings)].append(w.evidence())
    for v, rule, req, in_file, have in found:
        if in_file and rule.package in ("torch", "torchvision", "torchaudio") \
                and ka.requirement_name(str(req)) == rule.package:
            if (_install_key(v, settings), rule.package) in named:
                continue  # `torchvision==0.17.0` ... `torchvision>=0.15.2`: pip merges both into one requirement
            named.add((_install_key(v, settings), rule.package))
        if rule is NEEDS_TORCH:
            if _install_key(v, settings) in pulled:
                continue
            pulled.add(_install_key(v, settings))
        own = _own_cuda_build(rule, str(req))
        # an earlier command of the installing file (the file itself, or the Dockerfile whose RUN installs this
        # requirements file) put PyPI's CUDA torch there: that command is the cause
        before = before_every_install(settings, installers(settings, v), cuda_torch) if in_file else []
        after_cuda = first_cuda.get(v.origin.path, 10**9) < (v.origin.line or 0) or bool(before)
        if rule.level == "warn" and after_cuda and not own and (
                rule.package != "bitsandbytes" or lower_bound_at_most(str(req), (9, 9))):
            continue  # no ROCm torch there to replace
        if before and rule.package == "torch" and ka.requirement_name(str(req)) == "torch" and kept_again(before, req):
            continue  # that command's torch is the cause ("Requirement already satisfied" here)
        if rule.level == "warn" and _install_key(v, settings) in torch_installs and not own and not (
                rule.package == "bitsandbytes" and not ka.bnb_ships_rocm(str(req))
                and not (v.origin.path in fresh_env and lower_bound_at_most(str(req), (9, 9)))):
            continue  # (a bitsandbytes release without ROCm kernels is a CUDA build of its own: kept; an unpinned
            # one in a new environment beside PyPI's torch is that torch's cause again)
        # a line the machine's ROCm torch would satisfy, judged in the new environment: a warning, it hangs on where
        # the user installs it (a pin that torch misses replaces it anywhere: judged as before)
        fresh = in_file and v.origin.path in fresh_env and rule.package == ka.requirement_name(str(req)) and (
            (rule.package == "torch" and keeps(str(req), fresh_env[v.origin.path])) or companion_kept(rule.package, str(req), fresh_env[v.origin.path]))
        if in_file and rule.package in ("torchvision", "torchaudio") and _install_key(v, settings) in companions:
            continue  # PyPI's builds for that file's CUDA torch: one cause, their lines cited in its finding
        mk = fail if rule.level == "fail" and amd_target(gpus) and not fresh else warn
        what = f"`{req}` in {os.path.basename(v.origin.path)}" if in_file else f"`pip install {req}`"
        torch_like = rule.package in ("torch", "torchvision", "torchaudio", "xformers")
        if in_file:
            todo = ("install it first from the ROCm index (pip install {p} --index-url https://download.pytorch"
                    ".org/whl/rocm<X.Y>) and drop it here, or install this file with that --index-url"
                    if torch_like else "install this file with --no-build-isolation and -c <constraints> "
                    "pinning the installed torch (pip freeze | grep ^torch= > constraints.txt)").format(
                p=rule.package)
        else:
            todo = ("add --index-url https://download.pytorch.org/whl/rocm<X.Y> (the image's ROCm)" if torch_like
                    else "add --no-build-isolation and -c <constraints> pinning the installed torch "
                         "(pip freeze | grep ^torch= > constraints.txt)")
        if rule is _REINSTALLS_TORCH:
            todo = "add --no-deps (reinstall only the package named), or drop --force-reinstall"
        elif rule is PIN_OFF_INDEX:
            todo = "pin a torch release that index carries, or change --index-url to the ROCm index of the pinned release"
        why = rule.why + "." + (f" The torch already installed there is {have} (ROCm); this requirement does not accept it, "
                                "so pip replaces it." if have and have != ROCM_TORCH_UNKNOWN
                                and rule.package == "torch" and rule is not _REINSTALLS_TORCH else "")
        if fresh:
            why += (" Nothing in these files installs it, and none of them names ROCm: installed as written into a new "
                    "environment, pip takes PyPI's CUDA torch (into an environment that already has this machine's "
                    "ROCm torch, pip keeps that one).")
        ignored = (v.value.get("ignored_options") or []) if isinstance(v.value, dict) else []
        if ignored:
            why += (f" The {'/'.join(ignored)} written on the same line does not apply: pip takes index options "
                    "in a requirements file only on a line of their own.")
        again = _reinstalls_deps((v.value.get("options") or {}) if isinstance(v.value, dict) else {})
        title = (f"{what}: no index carries this +rocm build" if rule is _NO_ROCM_INDEX else
                 f"{what}: its index has no such torch, so nothing installs" if rule is PIN_OFF_INDEX else
                 f"`pip install {again} {req}` reinstalls its torch from PyPI (a CUDA build; no --no-deps)"
                 if rule is _REINSTALLS_TORCH else
                 f"{what} builds without the installed ROCm torch (no --no-build-isolation)" if rule is _FA_ISOLATED else
                 f"{what} installs PyPI's CUDA build in a new environment" if fresh and rule.level == "fail" else
                 f"{what} installs a CUDA build on an AMD target" if rule.level == "fail"
                 else f"{what} may replace the ROCm torch or build for CUDA")
        out.append(mk(title,
                      why, subject=f"{v.origin.label} {rule.package}", evidence=[v.evidence()] + routed_at(settings, v, req) + written_at(settings, v, req)
                      + (companions.get(_install_key(v, settings), []) if in_file and rule.package == "torch" else []),
                      sources=rule.sources,
                      fix=FixPlan(f"Install {rule.package} for ROCm", (Action(
                          "note", f"in {v.origin.path} line {v.origin.line}: {todo}", path=v.origin.path),),
                          params={"files": [v.origin.path]})))
    return out or ok(f"{len(pips)} pip install line(s), none pulling a CUDA build",
                     evidence=[v.evidence() for v in pips[:6]])
