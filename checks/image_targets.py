"""Whether the image carries GPU code for this GPU: a build that deletes the ROCm math libraries'
kernels for every target but another GPU's (a "slim" image), or an AMD framework image built only for
Instinct GPUs run on another. Torch then starts, and the first GEMM or attention kernel fails
("Cannot read TensileLibrary...", "invalid device function").
"""
from __future__ import annotations

import os

from rocmdoctor.artifacts.settings import artifact_at
from rocmdoctor.engine.check import check, fail, ok, skip, warn
from rocmdoctor.facts.platform_overrides import override_gfx, parse_override
from rocmdoctor.knowledge.gpus import target_in, targets_named

AREA = "image"
ROCBLAS_TARGETS = "https://rocm.docs.amd.com/projects/rocBLAS/en/latest/reference/env-variables.html"
TENSILE_LAZY = "https://github.com/ROCm/Tensile/wiki/Lazy-Library-Loading"
SGLANG_AMD = "https://docs.sglang.ai/platforms/amd_gpu.html"
TRAINING_IMAGES = "https://rocm.docs.amd.com/en/latest/how-to/rocm-for-ai/training/index.html"

# The libraries whose kernel files are per target (a Tensile/MIOpen file per gfx), and the GPUs torch
# routes GEMMs through hipBLASLt on by default (so deleting it all is felt there).
_PER_TARGET = ("rocblas", "miopen", "rocfft", "hipsparselt")
_HIPBLASLT_DEFAULT = ("gfx90a", "gfx942", "gfx950")
# AMD's framework images built for Instinct GPUs only (MI200/MI300/MI350: gfx90a, gfx942, gfx950).
INSTINCT_ONLY_IMAGES = ("rocm/sgl-dev", "rocm/pytorch-training", "rocm/megatron-lm", "rocm/primus",
                        "rocm/jax-training")
_INSTINCT = ("gfx90a", "gfx942", "gfx950")


def _needed(gpus) -> list[str]:
    discrete = [g for g in gpus if not getattr(g, "integrated", False)]
    return sorted({str(g.gfx) for g in (discrete or gpus) if getattr(g, "gfx", None)})


def _instinct_only(image: str) -> bool:
    name = image.lower().split("@", 1)[0]
    name = name[len("docker.io/"):] if name.startswith("docker.io/") else name
    repo = name.rsplit(":", 1)[0] if ":" in name.rsplit("/", 1)[-1] else name
    return repo in INSTINCT_ONLY_IMAGES or (repo == "lmsysorg/sglang" and "rocm" in name)


def _posed_as(settings, v) -> set[str]:
    """The targets an HSA_OVERRIDE_GFX_VERSION makes the GPU pose as where image ``v`` runs (RD-ENV-001 judges the
    override): one written in the same file, in the same service where the file has services (another service's
    override is not this container's)."""
    art = artifact_at(settings, v.origin.path)
    services = (art.data.get("services") if art is not None and isinstance(art.data, dict) else None) or {}
    spans = [(s.get("line"), s.get("last")) for s in services.values() if isinstance(s, dict)
             and isinstance(s.get("line"), int) and isinstance(s.get("last"), int)]

    def service_of(line):
        return next((sp for sp in spans if line is not None and sp[0] <= line <= sp[1]), None)

    out = set()
    for o in settings.values("env", "HSA_OVERRIDE_GFX_VERSION") + settings.values("build", "env:HSA_OVERRIDE_GFX_VERSION"):
        where = service_of(o.origin.line)
        if o.origin.path != v.origin.path or (where is not None and where != service_of(v.origin.line)):
            continue
        gfx = override_gfx(parse_override(str(o.value)))
        if gfx:
            out.add(gfx)
    return out


def _arg_lines(settings, v) -> list:
    """The ARG line that wrote a FROM's image (`ARG BASE_IMAGE=...:gfx1201` / `FROM ${BASE_IMAGE}`): the line to change."""
    return [x.evidence() for x in settings.values("build") if x.name.startswith("arg:") and x.value == v.value
            and x.origin.path == v.origin.path and x.origin.line != v.origin.line][:1]


@check("RD-IMG-011", area=AREA, title="The image keeps GPU code for this GPU's architecture", option="config",
       sources=[ROCBLAS_TARGETS, TENSILE_LAZY, SGLANG_AMD, TRAINING_IMAGES])
def image_gpu_targets(settings, gpus=None):
    stripped = settings.values("build", "kernels_stripped")
    images = [v for v in settings.values("build", "from") + settings.values("container", "image")
              if isinstance(v.value, str) and (_instinct_only(v.value) or targets_named(v.value))]
    if not stripped and not images:
        return ok("no build that deletes GPU kernels, no Instinct-only image")
    needed = _needed(gpus or [])
    if not needed:
        return skip("no AMD GPU to compare the image's GPU code with",
                    evidence=[v.evidence() for v in stripped + images][:4])
    out = []
    for v in stripped:
        rec = v.value if isinstance(v.value, dict) else {}
        lib, keep = str(rec.get("lib") or ""), [str(k) for k in rec.get("keep") or []]
        if lib == "hipblaslt":
            missing = [g for g in needed if g in _HIPBLASLT_DEFAULT and not target_in(g, keep)]
        elif lib in _PER_TARGET:
            missing = [g for g in needed if not target_in(g, keep)]
        else:
            missing = []
        if not missing:
            continue
        kept = f"keeps {', '.join(keep)} only" if keep else "deletes them all"
        out.append(fail(f"{os.path.basename(v.origin.path)} strips {lib}'s kernels: it {kept}, "
                        f"none for {', '.join(missing)}",
                        f"{lib} loads a kernel library per GPU target; with the {', '.join(missing)} files deleted "
                        f"from the image, the first {lib} call on this GPU fails ('Cannot read TensileLibrary' / "
                        "'hipErrorNoBinaryForGpu'), unless an HSA_OVERRIDE_GFX_VERSION makes the GPU pose as a "
                        f"target that was kept (running another GPU's code). Keep the {', '.join(missing)} files "
                        "(or do not strip them).", subject=f"{v.origin.label} {lib}", evidence=[v.evidence()]))
    seen = set()
    for v in images:
        named = targets_named(v.value)
        missing = [g for g in needed if not target_in(g, named or list(_INSTINCT))]
        if not missing or (v.origin.path, v.value) in seen or any(target_in(p, named) for p in _posed_as(settings, v)):
            continue
        seen.add((v.origin.path, v.value))
        if named:
            out.append(warn(f"{v.value} is built for {', '.join(named)} (its name says so), not {', '.join(missing)}",
                            "An image tagged for one GPU target (AMD's -mi35x/-mi30x SGLang and training images, a "
                            "_navi21 or -gfx1201 build) carries torch, Triton and the framework's kernels compiled for "
                            "that target only; on this GPU they are absent ('invalid device function', 'no kernel "
                            f"image', aiter/CK kernels missing). Use the image built for {', '.join(missing)} (or "
                            "build the framework for it).", subject=v.origin.label,
                            evidence=[v.evidence()] + _arg_lines(settings, v), sources=[SGLANG_AMD, TRAINING_IMAGES]))
            continue
        out.append(warn(f"{v.value} is built for Instinct GPUs (gfx90a/gfx942/gfx950), not {', '.join(missing)}",
                        "AMD builds its SGLang and training images (torch, Triton, the framework's own kernels) "
                        "for MI200/MI300/MI350 only; on this GPU their kernels are absent ('invalid device "
                        "function', 'no kernel image'). Build the framework for this GPU's target from a "
                        "rocm/pytorch or rocm/dev image instead.",
                        subject=v.origin.label, evidence=[v.evidence()], sources=[SGLANG_AMD, TRAINING_IMAGES]))
    return out or ok(f"the image keeps GPU code for {', '.join(needed)}",
                     evidence=[v.evidence() for v in stripped + images][:4])
