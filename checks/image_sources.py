"""Where an image build gets what it installs, and whether anyone but the author can get it:
an apt `python3.X` the base image's distribution does not carry, requirements pinned to files on
the author's disk (`pkg @ file:///...` from a `pip freeze`), a base image from a registry the
public cannot pull. Each stops the build (or the install) on any machine, whatever its GPU.
"""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.settings import artifact_at, artifact_named, built_images
from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, warn
from rocmdoctor.base.untrusted import pick
from rocmdoctor.knowledge import artifacts as ka
from rocmdoctor.knowledge import pip_names as pip_kb

from .container_config.values import reference_error

AREA = "image"
PIP_FREEZE = "https://pip.pypa.io/en/stable/cli/pip_freeze/"
PEP_440_URLS = "https://peps.python.org/pep-0440/#direct-references"
DOCKER_PULL = "https://docs.docker.com/reference/cli/docker/image/pull/#pull-from-a-different-registry"

_APT_PYTHON = re.compile(r"^python(3\.\d+)(?:-[a-z]+)?(?:[:=].*)?$")
# Lines that bring another apt source into the stage (the deadsnakes PPA, a sources.list entry).
_OTHER_SOURCE = re.compile(r"add-apt-repository|deadsnakes|sources\.list|\.sources\b|apt-add-repository", re.I)


def _stage_image(art, line: int) -> tuple[str | None, int]:
    """The image (and FROM line) of the Dockerfile stage that holds ``line``."""
    image, at = None, 0
    for st in pick(art.data, "stages", default=None) or []:
        if isinstance(st, dict) and (st.get("line") or 0) <= line:
            image, at = str(st.get("image") or ""), st.get("line") or 0
    return image, at


@check("RD-IMG-006", area=AREA, title="apt installs a Python the base image's distribution carries",
       option="config", sources=list(ka.DISTRO_PYTHONS_SOURCES))
def apt_python_version(settings):
    docker = settings.of_kind("dockerfile")
    if not docker:
        return ok("no Dockerfile in the files")
    out, seen = [], 0
    for art in docker:
        lines = art.lines()
        for v in (x for x in art.values if x.kind == "build" and x.name == "apt" and isinstance(x.value, list)):
            wanted = sorted({m.group(1) for p in v.value if (m := _APT_PYTHON.match(str(p)))})
            if not wanted:
                continue
            seen += 1
            image, from_line = _stage_image(art, v.origin.line or 0)
            distro = ka.image_distro(image or "")
            if distro is None or distro not in ka.DISTRO_PYTHONS:
                continue
            nxt = min([st.get("line") or 0 for st in art.data.get("stages") or [] if (st.get("line") or 0) > from_line]
                      or [len(lines) + 1])
            if any(_OTHER_SOURCE.search(x) for x in lines[max(from_line - 1, 0):nxt - 1]):
                continue  # a PPA or another apt source added in this stage (the same RUN, often) may carry it
            # an image whose tag names its Python (..._py3.12_...) was built with it: its apt sources carry it
            tagged = set(re.findall(r"py(?:thon)?-?(3\.\d+)", (image or "").rsplit("/", 1)[-1]))
            missing = [w for w in wanted if w not in ka.DISTRO_PYTHONS[distro] and w not in tagged]
            if not missing:
                continue
            has = ", ".join(ka.DISTRO_PYTHONS[distro])
            out.append(fail(
                f"apt-get installs python{'/'.join(missing)}, which {distro} ({image}) does not carry",
                f"{distro.title()}'s archive has python {has} only: apt stops with 'Unable to locate package "
                f"python{missing[0]}' and the image never builds. Add the deadsnakes PPA first "
                "(add-apt-repository ppa:deadsnakes/ppa, Ubuntu only), use the distribution's Python, or start "
                "from a base image built on a release that carries it.",
                subject=v.origin.label, evidence=[v.evidence()], sources=list(ka.DISTRO_PYTHONS_SOURCES),
                fix=FixPlan("Install a Python the base image carries", (Action(
                    "note", f"in {v.origin.path} line {v.origin.line}: python{missing[0]} is not in {distro}; "
                    f"use python{ka.DISTRO_PYTHONS[distro][-1]} or add the deadsnakes PPA before it",
                    path=v.origin.path),), params={"files": [v.origin.path]})))
    return out or ok(f"{seen} apt install(s) of a python3.X, each one the base image's distribution carries"
                     if seen else "no apt install of a versioned Python")


_LOCAL_URL = re.compile(r"@\s*file:(?://)?(/\S+)", re.I)


@check("RD-IMG-007", area=AREA, title="Requirements files name packages, not files on the author's disk",
       option="config", sources=[PIP_FREEZE, PEP_440_URLS])
def requirements_local_paths(settings):
    files: dict[str, list] = {}
    for v in settings.values("build", "pip"):
        if not (isinstance(v.value, dict) and v.value.get("file")):
            continue
        for req in v.value.get("requirements") or []:
            m = _LOCAL_URL.search(str(req))
            if m:
                files.setdefault(v.origin.path, []).append((v, str(req), m.group(1)))
    if not files:
        return ok("no requirements line pinned to a local file path")
    mentioned = "\n".join(a.text or "" for a in settings.artifacts if a.kind in ("dockerfile", "shell", "compose"))
    out = []
    for path, hits in files.items():
        # a path some build or script of the set puts there (COPY wheels/ /wheels) is not the author's disk
        hits = [h for h in hits if os.path.dirname(h[2]) not in mentioned]
        if not hits:
            continue
        gpu = [h for h in hits[1:] if ka.requirement_name(h[1].split("@", 1)[0].strip()) in ka.PIP_BY_NAME]
        shown = [hits[0]] + gpu
        out.append(fail(
            f"{os.path.basename(path)} pins {len(hits)} package(s) to local paths (`{hits[0][1][:80]}`)",
            "`name @ file:///...` is what `pip freeze` writes for a package installed from a local build or a "
            "conda build directory: the path exists only on the machine the file was frozen on, so `pip install -r` "
            "stops at the first such line ('No such file or directory') and installs nothing after it. Pin versions "
            "(`pip list --format=freeze`), and install torch from the ROCm index.",
            subject=f"{path} local paths", evidence=[h[0].evidence() for h in shown], sources=[PIP_FREEZE],
            data={"lines": [h[0].origin.line for h in hits]},
            fix=FixPlan("Pin versions instead of local paths", (Action(
                "note", f"in {path}: replace `name @ file:///...` with `name==version` (pip list --format=freeze)",
                path=path),), params={"files": [path]})))
    return out or ok("local paths in requirements are put there by the set's own files")


@check("RD-IMG-008", area=AREA, title="Base images come from registries anyone can pull",
       option="config", sources=[DOCKER_PULL])
def private_base_image(settings):
    froms = [v for v in settings.values("build", "from") if isinstance(v.value, str) and v.value]
    if not froms:
        return ok("no Dockerfile FROM in the files")
    out, built = [], built_images(settings)  # the set's own builds (settings.built_images): not pulled
    for v in froms:
        # an ARG the build fills in (`FROM nvidia/cuda:${CUDA_VERSION}-devel` with no default reads as `cuda:-devel`)
        bad = reference_error(v.value) if "$" not in v.value and "$" not in (v.origin.text or "") else None
        # a reference Docker refuses (`CI_REGISTRY/git/rocm-base`: a CI variable written without its `$`)
        why = ka.private_registry(v.value) or (f"{bad}: a name only the author's CI fills in" if bad else None)
        if why is None or v.value in built:
            continue
        out.append(warn(f"{v.value} comes from a registry outside the public's reach",
                        f"{why}: docker build stops at this FROM ('pull access denied' / 'no such host') on any "
                        "machine outside that network. Start from a public image (rocm/pytorch, rocm/dev-ubuntu-*) "
                        "or build the base image in the same files.",
                        subject=v.origin.label, evidence=[v.evidence()], sources=[DOCKER_PULL],
                        fix=FixPlan("Use a public base image", (Action(
                            "note", f"in {v.origin.path} line {v.origin.line}: replace {v.value} with a public "
                            "image (e.g. rocm/pytorch:<tag>)", path=v.origin.path),), params={"files": [v.origin.path]})))
    return out or ok(f"{len(froms)} base image(s), each from a public registry or built by these files")


def off_torch_index(settings, key, hits):
    """Packages an install can only look for on PyTorch's wheel index: one finding, at the line that
    makes that index the only one (a requirements file's `--index-url`, wherever it is written)."""
    v = hits[0][0]
    ev_ = v.evidence()
    where = os.path.basename(v.origin.path)
    art = artifact_at(settings, v.origin.path)
    if isinstance(key, str) and art is not None:
        # the file itself, else a file that includes it with -r (requirements-rocm.txt: `-r requirements-base.txt`
        # then `--index-url .../rocm6.0`: one install, whose index the including file names)
        parents = [artifact_at(settings, p) for p in pick(art.data, "included_by", default=None) or []]
        for f in [art] + [b for b in parents if b is not None]:
            line = next((i for i, t in enumerate(f.lines(), 1) if re.match(r"\s*(?:-i\b|--index-url\b)", t)), None)
            if line is not None:
                ev_ = ev(f"{f.path}:{line}", f.lines()[line - 1].strip())
                where = os.path.basename(f.path) if f is art else f"{os.path.basename(f.path)} (with {where})"
                break
    names = ", ".join(r for _, r in hits[:6]) + (f" and {len(hits) - 6} more" if len(hits) > 6 else "")
    return fail(f"{names}: not on PyTorch's wheel index, the only index {where} installs from",
                "--index-url replaces PyPI for the whole install (in a requirements file it applies to every line, "
                "wherever it is written), and PyTorch's index carries torch, its libraries and their dependencies "
                "only: pip stops with 'No matching distribution found'. Keep PyPI and give the PyTorch index as "
                "--extra-index-url (with a torch==X+rocmY pin), or install torch with its own command.",
                subject=f"{v.origin.label} torch index only", evidence=[ev_], sources=[pip_kb.TORCH_INDEX])



ROCM_APT_INSTALL = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/install-methods/package-manager/package-manager-ubuntu.html"


@check("RD-IMG-012", area=AREA, title="AMD's apt repository is the one for the base image's distribution",
       option="config", sources=[ROCM_APT_INSTALL])
def rocm_apt_distribution(settings, os_release=None):
    """`deb https://repo.radeon.com/rocm/apt/6.0.2 jammy main` on an ubuntu:24.04 (noble) stage, or written by a
    setup script into this Ubuntu 24.04 host's apt sources: the jammy packages depend on 22.04's library versions,
    so apt stops ('unmet dependencies')."""
    repos = [v for v in settings.values("build", "rocm_apt") if isinstance(v.value, dict) and v.value.get("dist")]
    if not repos:
        return ok("no ROCm apt repository for a named distribution in the files")
    osv = os_release.values if os_release is not None else {}
    # AMD's Ubuntu repositories are judged on an Ubuntu host (Mint and others name their Ubuntu base); Debian takes
    # the jammy/noble repositories by AMD's own instructions, so its releases are not compared
    ubuntu = "ubuntu" in f"{osv.get('ID', '')} {osv.get('ID_LIKE', '')}".lower()
    key = "UBUNTU_CODENAME" if osv.get("UBUNTU_CODENAME") else "VERSION_CODENAME"
    codename = str(osv.get(key) if key == "UBUNTU_CODENAME" or ubuntu else "").lower()
    # a script with a line for the host's own release picks by release (`case $VERSION_CODENAME in ...`)
    own = {v.origin.path for v in repos if v.value.get("host") and v.value["dist"] == codename}
    out = []
    for v in repos:
        if v.value.get("host"):  # a host setup script: the machine's own release (unless an image build runs it)
            base = re.escape(os.path.basename(v.origin.path))
            if v.origin.path in own or any(re.search(rf"(?:^|[\s/]){base}\b", d.text or "")
                                            for d in settings.of_kind("dockerfile")):
                continue
            image, have = None, ka.image_distro(f"ubuntu:{codename}") if codename else None
        else:
            art = artifact_at(settings, v.origin.path)
            image, _at = _stage_image(art, v.origin.line or 0) if art is not None else (None, 0)
            have = ka.image_distro(image or "")
        want = ka.image_distro(f"ubuntu:{v.value['dist']}")
        if not have or not want or have == want:
            continue
        where = f"in a {have} image ({image})" if image else f"written for this {have} host"
        driver = v.value.get("repo") == "amdgpu"  # the amdgpu driver repository (repo.radeon.com/amdgpu/X.Y/ubuntu)
        path = f"amdgpu/{v.value.get('release')}/ubuntu" if driver else f"rocm/apt/{v.value.get('release')}"
        out.append(fail(f"{'The amdgpu driver' if driver else 'ROCm'}'s apt repository for {want} ({v.value['dist']}) {where}",
                        f"AMD builds one repository per distribution release; its packages depend on that release's "
                        f"libraries, which {have} does not carry, so apt stops with 'unmet dependencies' (or installs "
                        f"a ROCm that fails to load). Name {have}'s codename in the repository line "
                        f"(repo.radeon.com/{path} <codename> main).",
                        subject=v.origin.label, evidence=[v.evidence()] + ([ev(os_release.path, f"{key}={codename}")]
                                                                           if not image and os_release is not None else []),
                        sources=[ROCM_APT_INSTALL]))
    return out or ok(f"{len(repos)} ROCm apt repository line(s), each for its image's distribution",
                     evidence=[v.evidence() for v in repos[:4]])


ROCM_DOCKER = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/docker.html"


@check("RD-IMG-014", area=AREA, title="Image builds install ROCm's user space, not the amdgpu kernel module",
       option="config", sources=[ROCM_DOCKER, ROCM_APT_INSTALL])
def no_kernel_module_in_image(settings):
    """`amdgpu-install --usecase=rocm` without --no-dkms (or its `dkms` use case, or the amdgpu-dkms package) in a
    Dockerfile: it builds the amdgpu kernel module for the build host's kernel, whose headers the image lacks, so
    the build stops or spends minutes on a module no container can load; the container uses the host's driver."""
    found = settings.values("build", "amdgpu_dkms")
    if not found:
        return ok("no image build installs the amdgpu kernel module")
    return [warn(f"{os.path.basename(v.origin.path)} installs the amdgpu kernel module ({v.value})",
                 "A container runs on the host's amdgpu driver and cannot load a kernel module; DKMS would build one "
                 "against linux-headers for the kernel of the machine that builds the image, which the image does not "
                 "have (the step fails, or the build stops: 'Error! Your kernel headers for kernel ... cannot be "
                 "found'). AMD's Docker guide installs the user space only. Add --no-dkms to amdgpu-install (and drop "
                 "the dkms use case or the amdgpu-dkms package); install the driver on the host.",
                 subject=v.origin.label, evidence=[v.evidence()],
                 fix=FixPlan("Install ROCm's user space only in the image", (
                     Action("note", f"in {v.origin.path}: line {v.origin.line}: add --no-dkms to amdgpu-install "
                                    "(drop the dkms use case and the amdgpu-dkms package)", path=v.origin.path),)))
            for v in found]


REQUIRES_PYTHON = "https://packaging.python.org/en/latest/guides/writing-pyproject-toml/#python-requires"
# The Python an image carries, from its name or tag: rocm/pytorch:..._py3.10_..., python:3.11-slim.
_IMAGE_PY = re.compile(r"(?:[_-]py|^(?:docker\.io/)?(?:library/)?python:)(3)\.?(\d{1,2})(?!\d)", re.I)


@check("RD-IMG-013", area=AREA, title="The image's Python satisfies the project's requires-python",
       option="config", sources=[REQUIRES_PYTHON])
def image_python_for_project(settings):
    """A Dockerfile that pip-installs a project (`pip install -e .`) whose pyproject.toml requires a newer
    Python than the image carries: pip stops with "requires a different Python: 3.10.x not in '>=3.13'"."""
    def project(v):  # the pyproject.toml (with requires-python) of the set that a pip install builds
        named = artifact_named(settings, str(v.value["project"]))
        return named if named is not None and pick(named.data, "requires_python") else None

    installs = [v for v in settings.values("build", "pip") if isinstance(v.value, dict) and v.value.get("project")
                and project(v) is not None]
    if not installs:
        return ok("no image installs a project whose pyproject names requires-python")
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    out, seen = [], set()
    for v in installs:
        art = artifact_at(settings, v.origin.path)
        image, _at = _stage_image(art, v.origin.line or 0) if art is not None and art.kind == "dockerfile" else (None, 0)
        m = _IMAGE_PY.search(image or "")
        proj = project(v)
        spec, spec_line = proj.data["requires_python"]
        if not m or (v.origin.path, v.origin.line) in seen:
            continue
        seen.add((v.origin.path, v.origin.line))
        py = f"{m.group(1)}.{m.group(2)}"
        try:
            fits = SpecifierSet(spec).contains(f"{py}.0", prereleases=True) or SpecifierSet(spec).contains(
                f"{py}.99", prereleases=True)
        except InvalidSpecifier:
            continue
        if fits:
            continue
        evidence = [v.evidence()] + ([ev(proj.origin(spec_line).label, proj.origin(spec_line).text)] if spec_line else [])
        out.append(fail(f"{image} carries Python {py}; {os.path.basename(proj.path)} requires {spec}",
                        f"pip refuses the project ('requires a different Python: {py}.x not in {spec!r}') and the "
                        f"image build stops at this line. Use an image tag with a Python that satisfies {spec} "
                        "(rocm/pytorch tags name it: ..._py3.12_...) or relax requires-python.",
                        subject=v.origin.label, evidence=evidence, sources=[REQUIRES_PYTHON]))
    return out or ok(f"{len(installs)} project install(s); each image's Python satisfies requires-python")


# Anything in a stage (or script) that gives pip a Python of its own or lets it past the marker: a venv, conda, a
# Python built from source, --break-system-packages in any form, the marker removed.
# (an apt package such as python3-venv is not a venv: only what runs before the install counts)
_OWN_PYTHON = re.compile(r"(?<![-\w.])venv\b|(?<![-\w.])virtualenv\b|VIRTUAL_ENV|\b(?:micro)?mamba\b|\bconda\b|"
                         r"miniforge|miniconda|pyenv|\bpipx\b|\buv\s+(?:venv|sync|run)\b|\bpoetry\b|\bpdm\b|pixi\b|"
                         r"altinstall|python-build-standalone|python\.org/ftp/python|"
                         r"break[-_]system[-_]packages|EXTERNALLY-MANAGED", re.I)
# pip options under which pip does not look for the marker (it cannot tell where the files go)
_NO_MARKER_CHECK = ("target", "t", "prefix", "root", "dry-run", "break-system-packages")


def _system_pip(v, own: str | None = None) -> bool:
    """A pip install that goes into the Python on PATH: pip, sudo pip3, python3 -m pip, /usr/bin/pip3 (and pip3.N or
    python3.N when N is ``own``, the distribution's); not a venv's /opt/venv/bin/pip, another python3.11, uv, nor a
    command an app runs later (ENV TORCH_COMMAND)."""
    opts = v.value.get("options") or {}
    words = str(v.value.get("via") or "").split()
    if not words or v.value.get("deferred") or any(k in opts for k in _NO_MARKER_CHECK):
        return False
    prog = words[-3] if len(words) >= 3 and words[-2:] == ["-m", "pip"] else words[-1]
    folder, _, base = prog.rpartition("/")
    names = ("pip", "pip3", "python", "python3") + ((f"pip{own}", f"python{own}") if own else ())
    return base in names and folder in ("", "/usr/bin", "/bin", "/usr/local/bin")


def _before(art, v) -> str:
    """What runs before the pip command ``v``: the Dockerfile stages it is built FROM, its own stage up to the
    command (the same RUN's `python3 -m venv /v && . /v/bin/activate && pip ...` included), comment lines left out;
    for a script, the script up to the command."""
    lines, line = art.lines(), v.origin.line or 0
    stages = [s for s in pick(art.data, "stages", default=None) or [] if isinstance(s, dict)]
    starts = [s.get("line") or 0 for s in stages] + [len(lines) + 1]
    cur = max((i for i, s in enumerate(stages) if (s.get("line") or 0) <= line), default=None)
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    cut = here.find(f"{v.value.get('via')} install")
    out = ["\n".join(lines[(starts[cur] if cur is not None else 1) - 1:max(line - 1, 0)]), here[:max(cut, 0)]]
    seen: set[int] = set()
    while cur is not None and cur not in seen:  # the parent stages, whole
        seen.add(cur)
        dep = (stages[cur].get("deps") or [None])[0] if stages[cur].get("stage_ref") else None
        cur = next((i for i, s in enumerate(stages[:cur]) if dep and s.get("alias") == dep), None)
        if cur is not None:
            out.append("\n".join(lines[starts[cur] - 1:starts[cur + 1] - 1]))
    return "\n".join(x for t in out for x in t.splitlines() if not x.lstrip().startswith("#"))


def _host_manages_python(os_release) -> str | None:
    """'ubuntu 24.04' when this host's own Python is externally managed (as the image names: Ubuntu 23.04+, Debian 12+)."""
    osv = os_release.values if os_release is not None else {}
    os_id, ver = str(osv.get("ID", "")).lower(), str(osv.get("VERSION_ID", "")).strip('"')
    m = re.fullmatch(r"(\d{1,2})(\.\d\d)?", ver)
    return ka.externally_managed(f"{os_id}:{m.group(1)}{m.group(2) or ''}") if m and os_id in ("ubuntu", "debian") else None


@check("RD-IMG-015", area=AREA, title="pip installs into a Python it may install into (PEP 668)",
       option="config", sources=list(ka.EXTERNALLY_MANAGED_SOURCES))
def pip_into_managed_python(settings, os_release=None):
    """`pip install` in a stage FROM ubuntu:24.04 (Debian 12, rocm/dev-ubuntu-24.04, nvidia/cuda:*-ubuntu24.04) with
    no virtual environment, or `sudo pip3 install` in a setup script on this Ubuntu 24.04 host: the distribution
    marks its Python externally managed, so pip stops with 'error: externally-managed-environment' and the build or
    the setup installs nothing."""
    hits: dict[tuple, list] = {}
    judged = 0
    built = "\n".join(d.text or "" for d in settings.of_kind("dockerfile"))
    host = _host_manages_python(os_release)
    for v in settings.values("build", "pip"):
        art = artifact_at(settings, v.origin.path)
        if not isinstance(v.value, dict) or art is None or art.kind not in ("dockerfile", "shell"):
            continue
        if art.kind == "dockerfile":
            image, at = _stage_image(art, v.origin.line or 0)
            where = ka.externally_managed(image or "")
        else:
            # a host setup script: only `sudo pip` is surely the system's (a user's own pip3 may be an active
            # venv's), and a script an image build runs is judged with that image
            base = re.escape(os.path.basename(art.path))
            image, at = None, 0
            where = host if str(v.value.get("via")).startswith("sudo ") and \
                not re.search(rf"(?:^|[\s/]){base}\b", built) else None
        if not _system_pip(v, next(iter(ka.DISTRO_PYTHONS.get(where or "", ())), None)):
            continue
        judged += 1
        if where and not _OWN_PYTHON.search(_before(art, v)):
            hits.setdefault((art.path, at), []).append((v, image, where))
    out = []
    for (path, _at), found in hits.items():
        v, image, where = found[0]
        where = where.title()
        what = f"a stage FROM {image} ({where})" if image else f"this {where} host's system Python"
        more = f" (and {len(found) - 1} more pip install(s) after it)" if len(found) > 1 else ""
        out.append(fail(
            f"{os.path.basename(path)} line {v.origin.line}: pip installs into {what}{more}",
            f"{where} marks its own Python externally managed (PEP 668): `{v.value.get('via')} install` stops with "
            "'error: externally-managed-environment' and nothing after it installs. Create a virtual environment "
            "first (python3 -m venv /opt/venv, then put /opt/venv/bin first on PATH), or, in a throwaway image only, "
            "add --break-system-packages (PIP_BREAK_SYSTEM_PACKAGES=1).",
            subject=v.origin.label, evidence=[x.evidence() for x, _i, _w in found[:4]],
            sources=list(ka.EXTERNALLY_MANAGED_SOURCES)))
    return out or ok(f"{judged} pip install(s) into a system Python, none refused by PEP 668" if judged
                     else "no pip install into a system Python")
