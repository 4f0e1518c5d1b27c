"""RD-IMG-003 beyond image tags: a PyTorch ROCm wheel, or ROCm installed from AMD's apt repository
in a Dockerfile, carries its own ROCm user space, which runs on the host's kernel driver as an image's
does, so its ROCm release is judged against the host's like an image tag."""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.settings import artifact_at
from rocmdoctor.base.untrusted import pick, pick_list
from rocmdoctor.base.versions import version_tuple
from rocmdoctor.engine.check import ev, fail, warn
from rocmdoctor.knowledge import artifacts as ka
from rocmdoctor.knowledge import torch_wheels
from rocmdoctor.knowledge.support import COMPAT_WINDOW, release_gap

from .image_stages import in_unbuilt_stage, unbuilt_stages
from .pip_untaken import applies_on_linux, rocm_pin_finds_no_index


def _index_places(settings, v, indexes: list[str]) -> list:
    """Evidence for the lines that write ``indexes`` (the ROCm release is written there): a requirements file's index
    lines; else the first line of the file holding the URL itself (a script's `TORCH_INDEX_URL="${TORCH_INDEX_URL:-
    https://download.pytorch.org/whl/nightly/rocm7.2}"` that `pip install --index-url "$TORCH_INDEX_URL"` reads)."""
    art = artifact_at(settings, v.origin.path)
    if art is None:
        return []
    at = pick(art.data, "index_lines", default=None)
    at = at if isinstance(at, dict) else {}
    lines = art.lines() if not at else []
    out = []
    for url in indexes:
        n = at.get(url) if at else next((i for i, ln in enumerate(lines, 1) if url and url in ln), None)
        if isinstance(n, int) and n != v.origin.line:
            out.append(ev(art.origin(n).label, art.origin(n).text))
    return out[:2]


# `uv sync --extra rocm`, `uv sync --locked --extra=rocm`, `uv pip install -e ".[rocm]"` (the extras a project installs)
_UV_EXTRA = re.compile(r"\buv\s+(?:sync|run|pip\s+install)\b[^\n;&|]*?(?:--extra[=\s]+[\"']?([\w.-]+)|\.\[([\w.,-]+)\])")


def chosen_extras(settings) -> list:
    """The `pip_extra` values (a uv project's [project.optional-dependencies]) of the extras a Dockerfile or
    script of the set installs: `uv sync --extra rocm` installs the rocm extra's lines, from the index
    [tool.uv.sources] gives that extra; the other extras (gpu, cpu) are never installed here."""
    names: set[str] = set()
    for a in settings.artifacts:
        if a.kind in ("dockerfile", "shell", "slurm"):
            for m in _UV_EXTRA.finditer(getattr(a, "text", "") or ""):
                names.update(x for x in (m.group(1) or m.group(2) or "").split(",") if x)
    if not names:
        return []
    return [v for v in settings.values("build", "pip_extra") if isinstance(v.value, dict)
            and v.value.get("extra") in names]


def _older_is_the_cause(settings, v, wheel, req, opts, gpus) -> bool:
    """An older wheel's ROCm is the install's one problem only where nothing else names it: the wheel comes
    from the stable ROCm index alone (an --extra-index-url lets PyPI's CUDA torch win: RD-IMG-002), carries
    kernels for every GPU here (else RD-ENV-002 on wheels), and the image it goes into does not already bring
    a ROCm as far from the host's (that image's own finding)."""
    urls = [str(x) for k in ("index-url", "i") for x in opts.get(k, [])]
    if opts.get("extra-index-url") or any("/nightly/" in u for u in urls) or not urls:
        return False
    archs = torch_wheels.wheel_targets(wheel, torch_wheels.torch_release(req))
    gfx = [str(getattr(g, "gfx", "") or "") for g in gpus or [] if not getattr(g, "integrated", False)]
    if archs is None or not gfx or any(g not in archs for g in gfx):
        return False
    art = artifact_at(settings, v.origin.path)
    froms = [x for x in settings.values("build", "from") if art is not None and art.kind == "dockerfile"
             and x.origin.path == art.path]
    return not any(ka.rocm_image(str(x.value)) for x in froms)


def newer_wheels(settings, host, kept=None, gpus=None):
    """A torch wheel whose ROCm (its index, ``+rocmX.Y``) is outside the support window of the host's: the
    wheel carries its own ROCm user space, which runs on the host's kernel driver as an image's does. An
    older one only where that is its one problem (_older_is_the_cause). ``kept(v, req)``:
    pip keeps the torch already there for this requirement (no wheel comes from the index)."""
    if host is None:
        return []
    out, seen, cited = [], set(), []
    for v in settings.values("build", "pip") + chosen_extras(settings):
        rec = v.value if isinstance(v.value, dict) else {}
        opts = rec.get("options") or {}
        indexes = [str(x) for k in ("index-url", "i", "extra-index-url", "f", "find-links") for x in opts.get(k, [])]
        for req in rec.get("requirements") or []:
            if not applies_on_linux(str(req)):
                continue  # `torch @ .../windows/...whl ; platform_system == "Windows"`: not installed here
            sdk = ka.rocm_sdk_release(str(req))  # TheRock's ROCm itself from pip: `rocm[libraries,devel]==7.11.0`
            wheel = sdk or ka.torch_wheel_rocm(str(req).split("@", 1)[-1].strip() if "@" in str(req) else str(req),
                                               indexes)
            if wheel is None or wheel[:2] == host[0][:2] or (v.origin.path, v.origin.line) in seen \
                    or (not sdk and kept is not None and kept(v, str(req))):
                continue
            if not indexes and "no-index" not in opts and "://" not in str(req) and "+rocm" in str(req).lower() \
                    and not str(req).lower().endswith(".whl"):
                continue  # `torch==2.9.0+rocm7.0` from PyPI alone: no such wheel, nothing installs (RD-IMG-002's cause);
                # a wheel file (`pip install torch-2.9.1+rocm7.1.1...whl`, fetched with wget first) is installed
            if rocm_pin_finds_no_index(settings, v, str(req)):
                continue  # `torch==2.1.2 --index-url .../rocm6.0`: that index has no such torch (RD-IMG-002's cause)
            if wheel[:2] < host[0][:2] and (sdk or not _older_is_the_cause(settings, v, wheel, str(req), opts, gpus)):
                continue
            gap = release_gap(wheel, host[0])
            if gap is not None and gap <= COMPAT_WINDOW:
                continue
            seen.add((v.origin.path, v.origin.line))
            short, hshort = ".".join(map(str, wheel[:2])), ".".join(map(str, host[0][:2]))
            apart = f"{gap} releases apart" if gap is not None else "too far apart to place in the support table"
            mk = fail if wheel[:1] != host[0][:1] else warn
            what = f"`{req}` installs ROCm {short}" if sdk else f"torch for ROCm {short}"
            out.append(mk(f"{what} ({os.path.basename(v.origin.path)}), {hshort} on the host ({apart})",
                          ("ROCm's own wheels (TheRock: rocm-sdk-core, rocm-sdk-libraries) are a ROCm user space" if sdk
                           else "A PyTorch ROCm wheel brings its own ROCm user space") + " (HIP runtime, rocBLAS, MIOpen) and "
                          f"runs it on the host's kernel driver; AMD supports the pair only within ±{COMPAT_WINDOW} "
                          f"releases; outside it the runtime fails ('hipErrorNoBinaryForGpu', "
                          f"'HIP error: invalid device function') or finds no GPU. Install from the index for ROCm "
                          f"{hshort} (https://download.pytorch.org/whl/rocm{hshort}) or upgrade the host driver.",
                          subject=f"{v.origin.label} torch",
                          evidence=[v.evidence()] + _index_places(settings, v, indexes) + [host[1]],
                          data={"image_rocm": short, "host_rocm": hshort, "release_gap": gap}))
            cited.append(v.origin.path)
    # one install, one finding: a file the cited file includes with `-r` is read in the same pip install
    parents = {a.path: {x for x in pick_list(a.data, "included_by") if isinstance(x, str)} for a in settings.artifacts}
    return [f for f, p in zip(out, cited) if not parents.get(p, set()) & (set(cited) - {p})]


def apt_userspace(settings, host):
    """ROCm installed in an image from AMD's apt repository (or amdgpu-install) of one release,
    outside the support window of the host's driver, as an image tag of that release would be."""
    if host is None:
        return []
    out, unbuilt = [], unbuilt_stages(settings)
    for v in settings.values("build", "rocm_apt"):
        if isinstance(v.value, dict) and v.value.get("host"):
            continue  # a host script's apt source installs the host's own ROCm, no image's (RD-IMG-012 judges it)
        if in_unbuilt_stage(settings, v, unbuilt):
            continue  # `FROM base-${ROCM}` picks another stage by default: this one is built only when asked for
        rel = str(v.value.get("release") or "") if isinstance(v.value, dict) else ""
        parts = version_tuple(rel)
        if len(parts) < 2:
            continue
        gap = release_gap(parts, host[0])
        if gap is not None and gap <= COMPAT_WINDOW:
            continue
        short, hshort = ".".join(map(str, parts[:2])), ".".join(map(str, host[0][:2]))
        apart = f"{gap} releases apart" if gap is not None else "too far apart to place in the support table"
        mk = fail if parts[:1] != host[0][:1] else warn
        var = v.value.get("release_var") if isinstance(v.value, dict) else None
        # the ARG that writes the release (`ARG ROCM_VER=5.7.1` ... `rocm/rhel9/${ROCM_VER}/main`): where to change it
        args = [a.evidence() for a in settings.values("build", f"arg:{var}") if var and a.origin.path == v.origin.path
                and str(a.value) == rel][:1]
        out.append(mk(f"ROCm {short} installed from AMD's package repository ({os.path.basename(v.origin.path)}), "
                      f"{hshort} on the host ({apart})",
                      "The image's ROCm user space (HIP runtime, rocBLAS, MIOpen) comes from this repository and "
                      f"runs on the host's kernel driver; AMD supports the pair only within ±{COMPAT_WINDOW} releases. "
                      f"Install the ROCm {hshort} packages (repo.radeon.com/rocm/apt/{hshort}) or upgrade the host driver.",
                      subject=v.origin.label, evidence=[v.evidence(), *args, host[1]],
                      data={"image_rocm": short, "host_rocm": hshort, "release_gap": gap}))
    return out
