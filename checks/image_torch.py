"""Where a pip line of a launch file runs, as far as the file says which torch is already there
(RD-IMG-002: pip keeps an installed torch that satisfies a requirement, so `pip install deepspeed`
after a ROCm torch is no replacement): a ROCm torch the same file installed on an earlier line,
or the host's, for a script that imports it before its pip lines and makes no fresh environment."""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.settings import artifact_at, once
from rocmdoctor.base.untrusted import pick
from rocmdoctor.knowledge import artifacts as ka

from .pip_untaken import in_other_branch

ROCM_TORCH_RECENT = "rocm>=2"  # a ROCm torch 2.x is installed, its exact version unknown
ROCM_TORCH_UNKNOWN = "rocm"  # a ROCm torch is installed, its version unknown (rocm/pytorch:latest)
IMAGE_TORCH = ka.IMAGE_TORCH
NEEDS_TORCH = ka.PipRule("torch", "fail", "it requires torch, and where no torch is installed pip resolves it from "
                          "PyPI, whose Linux wheels are CUDA builds; install torch from the ROCm index first",
                          (ka.PYTORCH_ROCM_INSTALL,))


# A script that imports torch (or a package that imports it: deepspeed, transformers ...) before its pip
# lines runs them where that torch is installed (`python -c "import deepspeed" || pip install deepspeed`).
_IMPORTS_TORCH = re.compile(r"(?m)^[^#\n]*\bpython[\d.]*\s+-c\s+[\"'][^\"']*\bimport\s+(?:torch|deepspeed|"
                            r"transformers|accelerate|peft|bitsandbytes|flash_attn|vllm|torchvision)\b")
# Commands that make a new Python environment: pip after them installs into it, not the host's.
_FRESH_ENV = re.compile(r"(?m)^[^#\n]*(?:\s-m\s+venv\b|\bvirtualenv\b|\bconda\s+create\b|\bmamba\s+create\b|"
                        r"\buv\s+venv\b|\bpython\d*(?:\.\d+)?\s+-m\s+virtualenv\b)")


def runs_with_host_torch(art, line: int) -> bool:
    before = "\n".join(art.lines()[:max(line - 1, 0)])
    return bool(_IMPORTS_TORCH.search(before)) and not _FRESH_ENV.search(before)


def host_torch_via_installer(settings, v, torch) -> str | None:
    """For a requirements file's line: the host's ROCm torch version when a host script that installs the file
    (`pip install -r requirements.txt`) imports torch before that command and makes no fresh environment (the rule
    runs_with_host_torch applies to the script's own pip lines, carried to the file it installs)."""
    art = artifact_at(settings, v.origin.path)
    if art is None or art.kind != "requirements" or torch is None or not getattr(torch, "hip", None) \
            or not getattr(torch, "version", None):
        return None
    for path, line in installers(settings, v):
        script = artifact_at(settings, path)
        if script is not None and script.kind == "shell" and runs_with_host_torch(script, line):
            return str(torch.version).split("+")[0]
    return None


def rocm_torches(settings, path: str, before: int | None = None) -> list[tuple[str, str | None]]:
    """The ROCm torches the pip lines of file ``path`` install (from the ROCm index, or a +rocm pin or
    wheel), above line ``before`` when given: (version, ROCm release), the version "rocm>=2" when
    unpinned (the ROCm index holds 2.x), the release None when neither the pin nor the index says it."""
    return [(version, rocm) for at, n, version, rocm in _all_rocm_torches(settings)
            if at == path and (before is None or n < before)]


def _all_rocm_torches(settings) -> list[tuple[str, int, str, str | None]]:
    """(file, line, version, ROCm release) of every ROCm torch a pip line installs, worked out once per settings (asked
    for each line of a requirements file, the scan over every pip value was quadratic: a 3,000-line file took 50 s)."""
    return once(settings, "_all_rocm_torches", lambda: _rocm_torch_lines(settings))


# A --prefix that is the interpreter's own (python images install to /usr/local; conda's to its prefix): pip sees it
_OWN_PREFIXES = ("/usr", "/usr/local", "/opt/conda", "$CONDA_PREFIX", "${CONDA_PREFIX}", "$VIRTUAL_ENV", "${VIRTUAL_ENV}")


def _newest_on(index: str | None) -> str:
    """The torch release an unpinned install takes from a stable ROCm index: the newest it carries where that is
    known (rocm6.2.4: 2.7), else the first it carried (rocm6.4: 2.8 or later), else a torch 2.x."""
    from rocmdoctor.knowledge.torch_wheels import TORCH_RANGE

    rel = ka.wheel_index(index) if index else None
    span = TORCH_RANGE.get(tuple(rel[:3])) or TORCH_RANGE.get(tuple(rel[:2])) if rel else None
    return ROCM_TORCH_RECENT if span is None else ".".join(map(str, span[1] or span[0]))


_INDEX_ARG = re.compile(r"--(?:extra-)?index-url[=\s]+[\"']?\$\{?(\w+)")


def _rocm_index_by_build_arg(settings, p) -> str | None:
    """A Dockerfile RUN's `--index-url ${TORCH_INDEX}` whose ARG defaults to another index (the CPU one) but that a
    build of this Dockerfile sets to a ROCm index (the AMD compose override's `build.args`): that index."""
    from rocmdoctor.artifacts.settings import builds_of

    art = artifact_at(settings, p.origin.path)
    if art is None or art.kind != "dockerfile" or not p.origin.line or "$" not in (art.text or ""):
        return None
    lines = art.lines()
    m = _INDEX_ARG.search(lines[p.origin.line - 1]) if p.origin.line <= len(lines) else None
    given = [dict(b.args).get(m.group(1)) for b in builds_of(settings, art)] if m else []
    return next((v for v in given if v and ka.ROCM_INDEX.search(v)), None)


def _rocm_torch_lines(settings) -> list[tuple[str, int, str, str | None]]:
    out: list[tuple[str, int, str, str | None]] = []
    for p in settings.values("build", "pip"):
        if not isinstance(p.value, dict):
            continue
        opts = p.value.get("options") or {}
        if any(k in opts for k in ("target", "t", "root")) or any(
                str(x).rstrip("/") not in _OWN_PREFIXES for x in opts.get("prefix", [])):
            continue  # into a folder pip does not look in for what is installed: a later pip installs torch again
        index = next((str(x) for k in ("index-url", "i", "extra-index-url", "f", "find-links") for x in opts.get(k, [])
                      if ka.ROCM_INDEX.search(str(x))), None) or _rocm_index_by_build_arg(settings, p)
        for req in p.value.get("requirements") or []:
            r = str(req)
            wheel = r.lower().endswith(".whl") and os.path.basename(r).lower().startswith("torch-")
            if not (ka.requirement_name(r) == "torch" and (index or "rocm" in r.lower())) and \
                    not (wheel and "rocm" in r.lower()):
                continue
            if "rocm" not in r.lower() and ka.stale_extra_rocm_index(opts, r):
                continue  # an old ROCm index read beside PyPI: pip takes PyPI's newer (CUDA) torch
            m = re.search(r"==\s*(\d+\.\d+(?:\.\d+)?)", r) or re.match(r"torch-(\d+\.\d+(?:\.\d+)?)", os.path.basename(r))
            rocm = re.search(r"rocm(\d+\.\d+)", r) or re.search(r"rocm(\d+\.\d+)", index or "")
            found = (m.group(1) if m else _newest_on(index), rocm.group(1) if rocm else None)
            out.append((p.origin.path, p.origin.line or 0) + found)
            # a requirements file's ROCm torch is installed where a command installs the file (`pip install -r
            # requirements-rocm.txt && pip install -r requirements-base.txt`): there too
            art = artifact_at(settings, p.origin.path)
            for by in (pick(art.data, "installed_by", default=None) or []) if art is not None else []:
                if isinstance(by, list) and len(by) == 2 and isinstance(by[0], str) and isinstance(by[1], int):
                    out.append((by[0], by[1]) + found)
    return out


def rocm_companions_before(settings, v) -> set[str]:
    """torchvision/torchaudio that an earlier pip line of the same file installed from a ROCm index beside its
    ROCm torch (`pip install torch torchvision torchaudio --index-url .../rocm6.4 && pip install -r
    requirements.txt`): a requirement they satisfy is kept (companion_kept)."""
    out: set[str] = set()
    for path, line in _install_places(settings, v):
        for at, n, companions in _rocm_torch_installs(settings):
            if at == path and n < line:
                out |= companions
    return out


def _rocm_torch_installs(settings) -> list[tuple[str, int, set[str]]]:
    """(file, line, the torchvision/torchaudio beside it) of every pip value that installs a ROCm torch, worked out
    once per settings: asked for each line of a requirements file, the scan over every pip value was quadratic (a
    fuzzed file of thousands of lines ran for minutes)."""
    def make():
        return [(p.origin.path, p.origin.line or 0,
                 {n for r in p.value.get("requirements") or []
                  if (n := ka.requirement_name(str(r))) in ("torchvision", "torchaudio")})
                for p in settings.values("build", "pip") if _installs_rocm_torch(p, False)]
    return once(settings, "_rocm_torch_installs", make)


def rocm_torch_before(settings, v) -> str | None:
    """A ROCm torch that an earlier pip line of the same file installed (for a requirements file's line: an
    earlier pip line of the file that installs it, `pip install torch --index-url .../rocm7.2 && pip install -r
    requirements.txt`): its pinned version, or "rocm>=2"."""
    for path, line in _install_places(settings, v):
        found = [version for at, n, version, _rocm in _all_rocm_torches(settings)
                 if at == path and n < line and not in_other_branch(settings, path, n, line)]
        if found:
            return found[0]
    return None


def site_torch_module(settings, v) -> str | None:
    """The torch an HPC site's module put in the environment before this pip line of a launch or batch script
    (`module load pytorch`, `module load PyTorch/2.2.2-rocm-5.6.1-...`): on an AMD cluster its ROCm build, of
    the version the name states, else a torch 2.x (every site module built in the last years)."""
    where = _install_places(settings, v)
    mods = [m for m in settings.values("build", "torch_module")
            if any(m.origin.path == p and (m.origin.line or 0) < n for p, n in where)]
    if not mods:
        return None
    m = re.search(r"/(\d+\.\d+(?:\.\d+)?)", str(mods[-1].value))
    return m.group(1) if m else ROCM_TORCH_RECENT


def _install_places(settings, v) -> list[tuple[str, int]]:
    """The value's own (file, line), then each command that installs its requirements file."""
    own = (v.origin.path, v.origin.line or 0)
    return [own] + [x for x in installers(settings, v) if x != own]


def _installs_rocm_torch(p, pinned_only: bool) -> bool:
    """A pip value that installs a ROCm torch; ``pinned_only``: one pip replaces an installed torch
    with (a `==X+rocmY` pin, a +rocm wheel, or --force-reinstall from a ROCm index)."""
    if not isinstance(p.value, dict):
        return False
    opts = p.value.get("options") or {}
    idx = any(ka.ROCM_INDEX.search(str(x)) for k in ("index-url", "i", "extra-index-url", "f", "find-links")
              for x in opts.get(k, []))
    for req in p.value.get("requirements") or []:
        r = str(req)
        base = os.path.basename(r).lower()
        wheel = base.endswith(".whl") and base.startswith("torch-") and "rocm" in base
        if ka.requirement_name(r) == "torch" or wheel:
            if wheel or re.search(r"==\s*[\w.]+\+rocm", r, re.I):
                return True
            if idx and (not pinned_only or "force-reinstall" in opts):
                return True
    return False


def installers(settings, v) -> list[tuple[str, int]]:
    """Where a pip value runs: its own (file, line), or, for a requirements file's line, each
    command that installs the file."""
    art = artifact_at(settings, v.origin.path)
    if art is not None and art.kind == "requirements":
        return [(str(p), int(n)) for p, n in pick(art.data, "installed_by", default=None) or []]
    return [(v.origin.path, v.origin.line or 0)]


def rocm_torch_after(settings, v) -> bool:
    """A later pip of the same installing file puts a pinned ROCm torch in the same environment
    (pip replaces the CUDA torch an earlier line pulled in only for a pin it does not satisfy):
    the environment ends with the ROCm build, so a package that only asks for some torch is fine."""
    pips = settings.values("build", "pip")
    for path, line in installers(settings, v):
        for p in pips:
            where = installers(settings, p)
            if any(fp == path and fl > line for fp, fl in where) and _installs_rocm_torch(p, True):
                return True
    return False


def assumes_installed_torch(settings, v) -> bool:
    """A requirements file that nothing in the files installs and that names no torch: written for an
    environment that already has one (the ROCm torch installed first, as such projects say), where
    pip keeps it for a package that asks for any torch. (Whether or not the set names ROCm: engmhabib and tblob18
    label it so, signcl against; a file that names torch is judged by standalone_host_torch.)"""
    art = artifact_at(settings, v.origin.path)
    if art is None or art.kind != "requirements" or pick(art.data, "installed_by") \
            or pick(art.data, "image_build"):
        return False
    return not any(ka.requirement_name(str(r)) in ("torch", "torchvision", "torchaudio")
                   for r in pick(art.data, "requirements", default=None) or [])


_INDEX_KEYS = ("index-url", "i", "extra-index-url", "f", "find-links")


# A launch file or image of the set that names AMD's stack: the set was written for a ROCm environment.
_AMD_WORDS = re.compile(r"(?<![a-z])(?:rocm|hip_\w+|hsa_\w+|amdgpu|gfx\d{3,4})", re.I)  # requirements_rocm.txt too


def written_for_amd(settings) -> bool:
    """Some file of the set (the requirements file's own name and comments too) names AMD's stack (ROCm, HIP_*/HSA_*
    variables, a gfx target, amdgpu): the project has a ROCm environment in view, and a requirements file of it
    goes there."""
    return once(settings, "_written_for_amd", lambda: any(
        _AMD_WORDS.search(a.text or "") or _AMD_WORDS.search(os.path.basename(a.path)) for a in settings.artifacts))


def standalone_host_torch(settings, v, torch, amd_set: bool = True) -> str | None:
    """The machine's ROCm torch version, for a line of a requirements file that nothing in the files installs,
    includes or builds into an image and that names no index of its own: such a file leaves torch to the
    environment it goes into, and the corpus convention (tests/corpus/artifacts/README.md, track imgs8b) judges it
    installed where this machine's ROCm torch (with the torchvision/torchaudio PyTorch's install puts beside it)
    already is, so pip keeps a torch line that accepts it, when the set has that ROCm environment in view (``amd_set``:
    some file of it names ROCm; a project written with no AMD GPU in mind is installed as its README says, into a new
    environment, where pip takes PyPI's CUDA torch: track pip9, five spent fresh sets to one). None for a uv project or a conda environment file
    (each makes its own new environment), a file that carries an index (it is where torch comes from), or a host
    whose torch is no ROCm build."""
    art = artifact_at(settings, v.origin.path)
    if art is None or art.kind != "requirements" or not isinstance(art.data, dict) or any(
            pick(art.data, k) for k in ("installed_by", "included_by", "image_build", "uv_project", "conda_env")):
        return None
    opts = pick(art.data, "file_options", default=None) or {}
    named = once(settings, f"_ignored_options:{art.path}", lambda: any(  # `torch -i URL`; once per file, not per line
        isinstance(x.value, dict) and x.value.get("ignored_options") for x in art.values))
    if named or any(opts.get(k) for k in _INDEX_KEYS) or torch is None or not getattr(torch, "hip", None) \
            or not getattr(torch, "version", None) or (amd_set and not written_for_amd(settings)):
        return None
    return str(torch.version).split("+")[0]


def companion_kept(name: str, req: str, have: str | None) -> bool:
    """torchvision/torchaudio installed with ROCm torch ``have`` (PyTorch's install command puts the three in
    together: torchvision 0.(N+15) and torchaudio 2.N beside torch 2.N) satisfy ``req``, so pip keeps them."""
    m = re.match(r"2\.(\d+)", have or "")
    if (not m and have != ROCM_TORCH_RECENT) or name not in ("torchvision", "torchaudio"):
        return False
    minor = int(m.group(1)) if m else 0  # unpinned from the ROCm index: some torch 2.x, so at least 2.0's pair
    paired = (0, minor + 15) if name == "torchvision" else (2, minor)
    return req.strip().strip("'\"").lower() == name or lower_bound_at_most(req, paired)


def install_line(settings, v, dockerfile: str) -> int | None:
    """The line of ``dockerfile`` where pip value ``v`` is installed: its own RUN, or the first RUN
    that installs its requirements file; None when the Dockerfile does not run it."""
    lines = [ln for path, ln in installers(settings, v) if path == dockerfile]
    return min(lines) if lines else None


def no_torch_image(settings, dockerfile: str | None, at: int | None = None) -> str | None:
    """The base image of a Dockerfile that carries no torch (ubuntu, python, rocm/dev-*) when no
    pip of its build (its RUN lines, the requirements files they install) installs a torch before
    line ``at`` (when given): a package that requires torch then gets PyPI's, the CUDA build, and a
    ROCm torch installed after it finds torch there ("Requirement already satisfied"). None otherwise."""
    if not dockerfile:
        return None
    froms = [x for x in settings.values("build", "from") if x.origin.path == dockerfile]
    if not froms or not ka.NO_TORCH_IMAGE.match(str(froms[-1].value)):
        return None
    art = artifact_at(settings, dockerfile)
    if art is None or _TORCH_OTHERWISE.search(art.text or ""):
        return None
    pips = settings.values("build", "pip")
    # `pip install .[extras]` whose pyproject was read: its dependencies are known (the extra pip value)
    projects = {(p.origin.path, p.origin.line) for p in pips if isinstance(p.value, dict) and p.value.get("project")}
    for p in pips:
        art = artifact_at(settings, p.origin.path)
        built = p.origin.path == dockerfile or (art is not None and pick(art.data, "image_build") == dockerfile)
        if built and at is not None and (install_line(settings, p, dockerfile) or 0) > at:
            continue  # installed after the line judged: pip has already put PyPI's torch there
        # a torch, or something pip installs whose name it does not know (a path, a wheel, a URL): maybe a torch
        if built and isinstance(p.value, dict) and any(
                ka.requirement_name(str(r)) in (None, "torch") and not (
                    str(r).startswith(".") and (p.origin.path, p.origin.line) in projects)
                for r in p.value.get("requirements") or []):
            return None
    return str(froms[-1].value)


# A torch that comes into an image some way other than pip: conda, a source build of PyTorch.
_TORCH_OTHERWISE = re.compile(r"(?:conda|mamba|micromamba)\s+install[^\n]*\b(?:py)?torch\b|pytorch/pytorch(?:\.git)?\b|"
                              r"/pytorch\b[^\n]*setup\.py", re.I)


def image_ships_vision(settings, dockerfile: str | None) -> bool:
    """AMD's PyTorch images (rocm/pytorch, a tag naming its pytorch release) ship torchvision built
    for their torch (torchaudio is not in every tag: it stays judged)."""
    froms = [x for x in settings.values("build", "from") if x.origin.path == dockerfile] if dockerfile else []
    base = str(froms[-1].value).lower() if froms else ""
    base = base[len("docker.io/"):] if base.startswith("docker.io/") else base
    return base.startswith("rocm/pytorch") or bool(IMAGE_TORCH.search(base) and "rocm" in base)


def keeps(req: str, have: str | None) -> bool:
    """Whether pip leaves the installed ROCm torch ``have`` in place for ``req`` (it satisfies
    the specifier: "Requirement already satisfied")."""
    if not have:
        return False
    if have == ROCM_TORCH_UNKNOWN:
        req_s = req.strip().strip("'\"")
        return req_s.lower() in ("torch",)  # only an unpinned torch is certainly kept
    if have == ROCM_TORCH_RECENT:
        return lower_bound_at_most(req, (2, 0))
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.version import InvalidVersion, Version

    try:
        r = Requirement(req.strip().strip("'\""))
        return r.url is None and r.specifier.contains(Version(have), prereleases=True)
    except (InvalidRequirement, InvalidVersion, ValueError):  # a 5,000-digit version: int() refuses it
        return False


def lower_bound_at_most(req: str, version: tuple[int, ...]) -> bool:
    """The requirement asks only for a torch at least some version no newer than ``version``
    (``torch``, ``torch>=1.13``, ``torch>2.0``): any torch from ``version`` on satisfies it."""
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.version import InvalidVersion, Version

    try:
        r = Requirement(req.strip().strip("'\""))
        specs = list(r.specifier)
        return r.url is None and all(sp.operator in (">=", ">") and Version(sp.version).release[:len(version)]
                                     <= version for sp in specs)
    except (InvalidRequirement, InvalidVersion):
        return False


_UV = re.compile(r"\buv\s+pip\s+(?:install|sync)\b")


def installed_by_uv(settings, v) -> bool:
    """The install runs through `uv pip`: uv takes a package from the first index that has it, and
    its extra indexes come before PyPI (https://docs.astral.sh/uv/concepts/indexes/#searching-across-multiple-indexes),
    so an extra ROCm index wins over PyPI's newer CUDA torch, unlike pip."""
    if isinstance(v.value, dict) and v.value.get("uv"):
        return True  # a uv project's dependency (uv sync / uv run)
    for path, line in installers(settings, v):
        art = artifact_at(settings, path)
        lines = art.lines() if art is not None else []
        if 0 < line <= len(lines) and _UV.search(lines[line - 1]):
            return True
    return False
