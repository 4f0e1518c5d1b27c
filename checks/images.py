"""Container images and what gets installed into them: a CUDA base image, a floating tag, an image ROCm
far from the host's, pip names no index carries (a `pip install` that pulls a CUDA torch: image_pip.py).

They judge the Dockerfiles, compose files and launch scripts given with `scan --config`
(rocmdoctor.artifacts.settings) against the machine: on a host with AMD GPUs a CUDA build is wrong.
"""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.settings import args_read, artifact_at, artifact_named
from rocmdoctor.base.records import replace
from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, warn
from rocmdoctor.facts.rocm import version_tuple
from rocmdoctor.knowledge import artifacts as ka
from rocmdoctor.knowledge import pip_names as pip_kb
from rocmdoctor.knowledge.support import COMPAT_MATRIX, COMPAT_WINDOW, never_released, release_gap
from rocmdoctor.base.untrusted import pick

from .image_args import built_for_nvidia, from_line, resolved
from .image_names import (built_here, built_repos, ollama_without_rocm, other_vendors_branch, other_vendors_profile,
                          rocm_named, run_as_cuda)
from .image_stages import unbuilt_stages
from .image_torch import (IMAGE_TORCH, ROCM_TORCH_UNKNOWN, keeps, rocm_torch_before,
                          ROCM_TORCH_RECENT, runs_with_host_torch, site_torch_module)
from .image_sources import off_torch_index
from .machine_target import amd_target as amd_target, judged_here as judged_here, no_amd_gpu
from .image_wheels import apt_userspace, newer_wheels

AREA = "image"


def _images(settings, judged=None):
    """(image, Value) for every image a file names (FROM lines, compose `image:`, Singularity
    images, `module load rocm/X` user spaces), once per file at its first place that ``judged``
    (image, Value) keeps: a Dockerfile's last FROM is both a build and a container value, and
    stages built FROM one image share its verdict (20,000 identical FROM lines are one finding);
    a place a rule does not judge (an Ollama client, a stage no build needs) hides no later place
    of the same image. A `FROM ${ARG}` that a compose build gives the arg is the image that build
    really uses, at the compose line (image_args.py)."""
    seen, out = set(), []
    swap = resolved(settings)
    for v in settings.values("build", "from") + settings.values("container", "image") + \
            settings.values("build", "rocm_module"):
        at = (v.origin.path, v.origin.line)
        # `ARG ROCM_IMAGE` with no default, `FROM ${ROCM_IMAGE}`: empty here, the image a build's args give
        if not (isinstance(v.value, str) and (v.value or (v.name == "from" and at in swap))):
            continue
        for image, x in swap.get(at, [(v.value, v)]) if v.name in ("from", "image") else [(v.value, v)]:
            if (image, x.origin.path) in seen or (image, v.origin.path) in seen or \
                    (judged is not None and not judged(image, x)):
                continue
            seen.add((image, x.origin.path))
            out.append((image, x))
    return out


def _places(settings, image: str, v, judged=None) -> list:
    """Evidence for every place file ``v`` names ``image`` (a builder stage and the runtime stage;
    a launcher and its GPU workers), its first place first: the finding points at each. A compose
    build arg's image also cites the FROM it goes into; a compose service that builds and names its
    output after the base image itself (`image: rocm/tensorflow:latest`) pulls that public image
    whenever it is missing (Compose pulls first, builds only when the pull fails), so it is cited too."""
    same = [x for x in settings.values("build", "from") + settings.values("container", "image")
            if x.origin.path == v.origin.path and x.value == image and (judged is None or judged(image, x))]
    lines = sorted({x.origin.line or 0 for x in same} - {v.origin.line or 0})[:4]
    out = [v.evidence()] + [next(x for x in same if (x.origin.line or 0) == n).evidence() for n in lines]
    if v.name == "from":  # `ARG BASE_IMAGE=rocm/...` then `FROM ${BASE_IMAGE}`: the ARG's line wrote the name
        out += [a.evidence() for a in args_read(settings, v.origin.path, v.origin.line or 0, v.origin.text or "")]
    frm = from_line(settings, v)
    out += [frm.evidence()] if frm is not None else []
    if frm is not None:  # the Dockerfile's own `ARG NAME=default` names the same image the build arg gives: a fix changes both
        out += [a.evidence() for a in args_read(settings, frm.origin.path, frm.origin.line or 0, frm.origin.text or "")
                if str(a.value).strip("\"'") == image]
    art = artifact_at(settings, v.origin.path)  # its values: a compose file's include the .env line that names the image
    out += [x.evidence() for x in (art.values if art is not None else [])
            if x.kind == "container" and x.name == "image_written" and x.value == image][:1]
    out += [x.evidence() for x in settings.values("container", "built_image") if x.value == image][:2]
    return list({(e.source, e.text): e for e in out}.values())  # one place cited once




def _cuda_judged(settings, unbuilt=None, cited=False):
    """(image, Value) -> whether RD-IMG-001 judges the image at that place: not in a stage no
    build needs, not an Ollama client service (it runs no model), not a Dockerfile's last stage
    built FROM an earlier stage (its image is that stage's, judged at that stage's FROM: a
    `FROM ${TARGET}` switch names its default stage, which an AMD build may not make). ``cited``:
    whether a finding cites the place, which that last stage (the image the container runs) is."""
    unbuilt = unbuilt_stages(settings) if unbuilt is None else unbuilt
    froms = {(x.origin.path, x.origin.line) for x in settings.values("build", "from")}

    def judged(_image, v) -> bool:
        at = (v.origin.path, v.origin.line)
        if not cited and v.name == "image" and at not in froms and \
                getattr(artifact_at(settings, v.origin.path), "kind", "") == "dockerfile":
            return False
        frm = from_line(settings, v) or v
        return (frm.origin.path, frm.origin.line) not in unbuilt and not ollama_without_rocm(settings, v) \
            and not other_vendors_branch(settings, v) and not other_vendors_profile(settings, v)
    return judged



def cuda_images(settings):
    unbuilt = unbuilt_stages(settings)
    judged, out = _cuda_judged(settings, unbuilt), []
    for i, v in _images(settings, judged):
        ref = ka.imported_from(i)  # an enroot squashfs (pyxis) is judged by the image it was imported from
        p = next((p for p in ka.CUDA_IMAGES if p.matches(i) or ref and p.matches(ref)), None)  # its first reason
        if p is not None:
            out.append((i, v, p))
    seen = {v.value for _i, v, _p in out}
    built = [(str(v.value), v, _NVIDIA_BUILD) for v in built_for_nvidia(settings, unbuilt) if v.value not in seen
             and not ka.rocm_image(str(v.value)) and not rocm_named(str(v.value))]
    # (images only other vendors' compose profiles run are no image of this machine, on every path)
    return out + [x for x in run_as_cuda(settings) + built if not other_vendors_profile(settings, x[1])]


_NVIDIA_BUILD = ka.ImagePattern("", "built by these files for services run with NVIDIA's container runtime "
                                 "(a driver: nvidia reservation, runtime nvidia), so built for CUDA",
                                 ("https://docs.docker.com/compose/how-tos/gpu-support/",))


def built_from(settings, v) -> str | None:
    """The Dockerfile a pip install runs in: its own file, or the one that installs its requirements file."""
    art = artifact_at(settings, v.origin.path)
    if art is None:
        return None
    if art.kind == "dockerfile":
        return art.path
    return pick(art.data, "image_build")


@check("RD-IMG-001", area=AREA, title="Container images are ROCm builds, not CUDA builds", option="config",
       sources=sorted({s for p in ka.CUDA_IMAGES for s in p.sources}))
def cuda_base_image(settings, amd_host=None):
    images = _images(settings)
    if not images:
        return ok("no container image named in the files")
    bad = cuda_images(settings)
    if not bad:
        return ok(f"{len(images)} image(s), none a CUDA build", evidence=[v.evidence() for _, v in images])
    # judged on an AMD host (an APU's, one whose driver is not up), on the live machine a linter runs on, and for
    # files that name ROCm; not on a recorded CPU-only or NVIDIA machine
    if not judged_here(settings, amd_host):
        return no_amd_gpu("CUDA image(s) named", evidence=[v.evidence() for _, v, _ in bad])
    out, cited = [], _cuda_judged(settings, cited=True)
    for image, v, p in bad:
        out.append(fail(f"{image} is {p.why}: its torch and libraries cannot use AMD GPUs",
                        "On an AMD GPU a CUDA torch finds no device ('torch.cuda.is_available() is False') and "
                        "CUDA-only packages fail to load. Start from a ROCm image, e.g. rocm/pytorch:<rocm>_<os>_"
                        "<python>_pytorch_<version> (tags: https://hub.docker.com/r/rocm/pytorch/tags).",
                        subject=v.origin.label, evidence=_places(settings, image, v, cited),
                        sources=p.sources,
                        fix=FixPlan("Use a ROCm base image", (Action("note", f"in {v.origin.path}: line "
                                    f"{v.origin.line} names {image}; use a rocm/pytorch tag", path=v.origin.path),),
                                    params={"files": [v.origin.path]})))
    return out


# pip options that replace an installed torch even when it satisfies the requirement.
REINSTALL = ("U", "upgrade", "force-reinstall", "I", "ignore-installed")


def torch_there(settings, v, torch=None) -> str | None:
    """The torch already installed where this pip install runs, when that is known: the base
    image's, for a Dockerfile's RUN or a requirements file it installs (read from a rocm/pytorch
    tag); a ROCm torch the same file installed on an earlier line; for a host script that imports
    torch before it (`python -c "import torch ..."`) and makes no fresh environment, the host's
    torch when it is a ROCm build (the ``torch`` fact). Otherwise a script's pip may run in any
    environment (often a fresh venv): None."""
    earlier = rocm_torch_before(settings, v)
    if earlier:
        return earlier
    art = artifact_at(settings, v.origin.path)
    site = site_torch_module(settings, v)
    if site:
        return site
    if art is not None and art.kind == "shell" and torch is not None and getattr(torch, "hip", None) \
            and getattr(torch, "version", None) and runs_with_host_torch(art, v.origin.line or 0):
        return str(torch.version).split("+")[0]
    dockerfile = art.path if art is not None and art.kind == "dockerfile" else (
        pick(art.data, "image_build") if art is not None else None)
    if dockerfile and art is not None and art.kind != "dockerfile" and _installed_outside_images(settings, art):
        dockerfile = None  # also installed by a script on the host (its own environment): the image's torch is not there
    if dockerfile:
        froms = [x for x in settings.values("build", "from") if x.origin.path == dockerfile]
        m = IMAGE_TORCH.search(str(froms[-1].value)) if froms else None
        if m and "rocm" in str(froms[-1].value).lower():
            return m.group(1)
        base = str(froms[-1].value).lower().split("@")[0] if froms else ""
        base = base[len("docker.io/"):] if base.startswith("docker.io/") else base
        if base.startswith(ROCM_FRAMEWORK_IMAGES):
            return ROCM_TORCH_RECENT  # AMD's vLLM/SGLang/training images: built on a ROCm torch 2.x
        if base.startswith("rocm/pytorch"):
            return ROCM_TORCH_UNKNOWN  # AMD's PyTorch image: a ROCm torch, version not in the tag
    return None


def _installed_outside_images(settings, art) -> bool:
    """A requirements file that a script of the set installs too (`pip install -r requirements.txt` in a setup
    script beside the Dockerfile's RUN), not only image builds."""
    for by in pick(art.data, "installed_by", default=None) or []:
        where = artifact_at(settings, by[0]) if isinstance(by, list) and by and isinstance(by[0], str) else None
        if where is not None and where.kind in ("shell", "slurm"):
            return True
    return False


# AMD's framework images (vLLM, SGLang, Primus/Megatron training): each built on its release's ROCm torch, all from
# the torch 2 era (https://hub.docker.com/u/rocm), unlike rocm/pytorch, whose old tags carry torch 1.x.
ROCM_FRAMEWORK_IMAGES = ("rocm/vllm", "rocm/sgl-dev", "rocm/primus", "rocm/megatron-lm", "rocm/pytorch-training",
                         "rocm/jax-training", "rocm/pytorch-private")


def project_installed_elsewhere(settings, v) -> bool:
    """A uv project's dependency line whose project a Dockerfile or script also pip-installs (`pip install .`):
    that install carries the same dependencies at its own line (one finding, where the install runs)."""
    art = artifact_at(settings, v.origin.path)
    if art is None or not pick(art.data, "uv_project"):
        return False
    here = artifact_named(settings, v.origin.path)
    return here is not None and any(isinstance(p.value, dict) and p.value.get("project")
                                    and artifact_named(settings, str(p.value["project"])) is here
                                    for p in settings.values("build", "pip"))


@check("RD-IMG-003", area=AREA, title="Image tags are pinned, and the image's ROCm is close to the host's",
       option="config", sources=[ka.DOCKER_TAGS, COMPAT_MATRIX, ka.ROCM_PYTORCH_TAGS])
def image_tags(settings, rocm=None, amdgpu=None, gpus=None):
    images = _images(settings)
    host = None
    if rocm is not None and (rocm.default or rocm.all):
        inst = rocm.default or rocm.all[0]
        host = (version_tuple(inst.version), ev(inst.evidence, inst.version))
    out = newer_wheels(settings, host, lambda v, req: _keeps_installed(settings, v, req), gpus) + \
        apt_userspace(settings, host)
    if not images:
        return out or ok("no container image named in the files")
    built = built_repos(settings)  # the set's own builds: not pulled
    for image, v in images:
        named = v.name != "rocm_module" and rocm_named(image) and not built_here(image, built)
        # a name with no namespace or registry (`astraflow:rocm`) is no Docker Hub library image with a ROCm build:
        # the user's own `docker build -t`, never pulled
        local = "/" not in image.split("@", 1)[0] and not ka.image_file(image)
        if ka.floating_tag(image) and not local and (ka.rocm_image(image) or named):
            linked = ka.image_file(image)  # a site's `...-latest.sif`: a link it moves to each new build
            out.append(warn(f"{image} floats: {'the next job' if linked else 'a rebuild'} may bring another ROCm and torch",
                            ("The site moves this file name to each new build, so a job can start on a different "
                             "ROCm, torch and Python than the last one. Name the dated image file it points to."
                             if linked else "Without a tag (or with :latest) every build can pull a different ROCm, "
                             "torch and Python; a working image cannot be rebuilt. Pin a full tag (or a digest)."),
                            subject=v.origin.label, evidence=_places(settings, image, v),
                            fix=FixPlan("Pin the image tag", (Action("note", f"in {v.origin.path} line "
                                        f"{v.origin.line}: name a full tag, e.g. rocm/pytorch:rocm6.4_ubuntu22.04_"
                                        "py3.10_pytorch_release_2.6.0", path=v.origin.path),),
                                        params={"files": [v.origin.path]})))
            continue
        img_rocm = ka.image_rocm(image) if ka.rocm_image(image) else None
        if v.name == "rocm_module" and img_rocm is None:  # PyTorch/2.2.2-rocm-5.6.1-...: the release it names
            m = re.search(r"(?:rocm|^amd|^amd-mixed)[-_/]?(\d+)\.(\d+)(?:\.(\d+))?", image, re.I)
            img_rocm = tuple(int(x) for x in m.groups() if x is not None) if m else None
        floor = ka.dated_rocm_floor(image) if img_rocm is None and host is not None else None
        release = ka.release_rocm_floor(image) if img_rocm is None and host is not None and not floor else None
        bound = floor or release
        if bound is not None and bound[0] > tuple(host[0][:2]) and (release_gap(bound[0], host[0]) or 0) > COMPAT_WINDOW:
            # a floor is a lower bound: an image above a newer host's window is possible, not known
            fshort, hshort = ".".join(map(str, bound[0])), ".".join(map(str, host[0][:2]))
            said, why = ((f"dated {bound[1]}, so ROCm {fshort} or newer in the image", "The tag names no ROCm release, "
                          f"but AMD built it on the ROCm of its date (at least {fshort}, out two months before).")
                         if floor else (f"release {bound[1]} ships ROCm {fshort} or newer", "The tag names the "
                                        f"product's release, not ROCm's; that release line is built on ROCm {fshort} "
                                        "or newer."))
            out.append(warn(f"{image}: {said}; {hshort} on the host",
                            f"{why} A container brings its own ROCm user space and uses the host's kernel driver; AMD "
                            f"supports the pair only within ±{COMPAT_WINDOW} releases. Pick an image of ROCm {hshort}'s "
                            f"time (a tag that names rocm{hshort}) or upgrade the host driver.",
                            subject=v.origin.label, evidence=_places(settings, image, v) + [host[1]],
                            sources=[ka.ROCM_RELEASES_SOURCE if floor else ka.RELEASE_IMAGE_SOURCES[0], COMPAT_MATRIX],
                            data={"image_rocm": f">={fshort}", "host_rocm": hshort}))
            continue
        if img_rocm is None or host is None:
            out.append(ok(f"{image}: pinned" + ("" if img_rocm else " (its ROCm is not in the tag)")
                          + ("" if host else "; no host ROCm to compare with"), subject=v.origin.label,
                          evidence=[v.evidence()]))
            continue
        gap = release_gap(img_rocm, host[0])
        short = ".".join(map(str, img_rocm[:2]))
        hshort = ".".join(map(str, host[0][:2]))
        module = v.name == "rocm_module"  # `module load rocm/X`: a user space on the host, no image
        where = "loaded by `module load`" if module else "in the image"
        if gap is not None and gap <= COMPAT_WINDOW:
            out.append(ok(f"{image}: ROCm {short} {where}, {hshort} on the host (within ±{COMPAT_WINDOW})",
                          subject=v.origin.label, evidence=[v.evidence(), host[1]]))
            continue
        apart = f"{gap} releases apart" if gap is not None else never_released(img_rocm) or "too far apart to place " \
            "in the support table"
        mk = fail if img_rocm[:1] != host[0][:1] or never_released(img_rocm) else warn
        out.append(mk(f"{image}: ROCm {short} {where}, {hshort} on the host ({apart})",  # cites each place
                      (f"A module's ROCm user space runs on the host's kernel driver; AMD supports the pair only "
                       f"within ±{COMPAT_WINDOW} releases. Load a rocm module near {hshort}." if module else
                       f"A container brings its own ROCm user space but uses the host's kernel driver; AMD supports "
                       f"the pair only within ±{COMPAT_WINDOW} releases. Pick an image tag for ROCm {hshort} (or "
                       "upgrade the host driver)."), subject=v.origin.label, evidence=_places(settings, image, v) + [host[1]],
                      data={"image_rocm": short, "host_rocm": hshort, "release_gap": gap}))
    return _one_user_space(settings, out)


def _one_user_space(settings, out: list) -> list:
    """A Dockerfile's torch wheel (its RUN's, or a requirements file's that only the image build installs) for the same
    ROCm release as the image it starts from (`FROM rocm/dev-ubuntu-24.04:7.2.4` and the rocm7.2 wheel index, a build
    arg's image and its TORCH_VERSION=...+rocm7.14): one user space, one finding, citing each line that must change
    with it (the image's and the wheel's)."""
    wheels = [f for f in out if str(f.subject or "").endswith(" torch") and f.data.get("image_rocm")]
    for w in wheels:
        path = str(w.subject).rsplit(" torch", 1)[0].rsplit(":", 1)[0]
        art = artifact_at(settings, path)
        if art is not None and art.kind == "requirements" and not _installed_outside_images(settings, art):
            path = str(pick(art.data, "image_build") or path)  # a requirements file only image builds install
        if getattr(artifact_at(settings, path), "kind", None) != "dockerfile":
            continue  # a host venv's wheel is not the image's: its own finding
        same = next((f for f in out if f is not w and f not in wheels and f.data.get("image_rocm") == w.data["image_rocm"]
                     and any(str(e.source).rsplit(":", 1)[0] == path for e in f.evidence)), None)
        if same is not None:
            places = {(e.source, e.text): e for e in (*same.evidence, *w.evidence)}
            out[out.index(same)] = replace(same, evidence=tuple(places.values()))
            out.remove(w)
    return out


def _keeps_installed(settings, v, req: str) -> bool:
    """pip leaves the torch already where this pip runs (the image's ROCm torch) for ``req``: no new wheel comes."""
    opts = (v.value.get("options") or {}) if isinstance(v.value, dict) else {}
    return not any(k in opts for k in REINSTALL) and keeps(req, torch_there(settings, v))


def _image_rocm_release(settings, v) -> str | None:
    """X.Y of the ROCm image a Dockerfile's pip line runs in (its last FROM before the line), else None."""
    froms = [x for x in settings.values("build", "from") if x.origin.path == v.origin.path
             and (x.origin.line or 0) < (v.origin.line or 0)]
    rocm = ka.image_rocm(str(froms[-1].value)) if froms else None
    return ".".join(map(str, rocm[:2])) if rocm else None


# A requirements-file line that is a command someone pasted (`pip install torch==...`, `python -m pip install`).
_PUBLIC_INDEXES = ("pypi.org", "pypi.python.org", "download.pytorch.org", "repo.radeon.com", "mirrors.", "pypi.tuna",
                   "aliyun.com/pypi")


@check("RD-IMG-004", area=AREA, title="pip installs name packages that exist on the index they use",
       option="config", sources=list(pip_kb.SOURCES))
def pip_package_names(settings):
    pips = settings.values("build", "pip")
    if not pips:
        return ok("no pip install in the files")
    out: list = []
    off_index: dict = {}  # one finding per install (a requirements file is one install)
    for v in pips:
        if project_installed_elsewhere(settings, v):
            continue  # judged where the Dockerfile or script installs the project
        rec = v.value if isinstance(v.value, dict) else {}
        opts = rec.get("options") or {}
        indexes = [str(x) for k in ("index-url", "i", "extra-index-url") for x in opts.get(k, [])]
        if "no-index" in opts or opts.get("f") or opts.get("find-links") or \
                any(not any(p in x for p in _PUBLIC_INDEXES) for x in indexes):
            continue  # a private index or local wheels may hold any name
        only_torch = pip_kb.torch_index_only([str(x) for k in ("index-url", "i") for x in opts.get(k, [])],
                                             [str(x) for x in opts.get("extra-index-url", [])])
        for req in rec.get("requirements") or []:
            bad = pip_kb.invalid_requirement(str(req), bool(rec.get("file")))
            if bad:
                out.append(fail(f"`{str(req)[:60]}` ({os.path.basename(v.origin.path)}): {bad[0]}",
                                f"pip stops `pip install{' -r' if rec.get('file') else ''}` there with 'Invalid "
                                f"requirement', and nothing of the {'file' if rec.get('file') else 'command'} is "
                                f"installed. {bad[1]}.", subject=f"{v.origin.label} invalid",
                                evidence=[v.evidence()], sources=[bad[2]]))
                continue
            # `pip install -e python` (Triton's layout): an editable target is a folder, never a PyPI name
            name = ka.requirement_name(str(req)) if str(req) not in map(str, opts.get("e", []) + opts.get("editable", [])) else None
            m = re.match(r"^[A-Za-z0-9][A-Za-z0-9._-]*", str(req).strip().strip("'\""))
            why = pip_kb.not_on_pypi(m.group(0), str(req)) if name and m else None
            why = why or pip_kb.amd_index_only(str(req), indexes, _image_rocm_release(settings, v))
            if why is None and only_torch and name and name not in pip_kb.ON_TORCH_INDEX:
                off_index.setdefault(v.origin.path if rec.get("file") else (v.origin.path, v.origin.line),
                                     []).append((v, str(req)))
                continue
            if why is None:
                continue
            where = f"{os.path.basename(v.origin.path)}" if rec.get("file") else "pip install"
            out.append(fail(f"`{req}` ({where}): {why[0]}",
                            "pip stops with 'No matching distribution found' (and installs nothing of that line), "
                            f"or installs whatever squats the name. {why[1][0].upper() + why[1][1:]}.",
                            subject=f"{v.origin.label} {name}", evidence=[v.evidence()], sources=pip_kb.SOURCES))
    out += [off_torch_index(settings, key, hits) for key, hits in off_index.items()]
    return out or ok(f"{len(pips)} pip install line(s); no package name of a shape PyPI does not carry "
                     "(an OS package, a ROCm flavour in a torch name, a one-letter typo)",
                     evidence=[v.evidence() for v in pips[:6]])
