"""The stages of a multi-stage Dockerfile that a build for this machine makes (RD-IMG-001 judges
only those): a cuda/rocm/cpu Dockerfile, or one whose compose file or build script picks the
ROCm stage, is no CUDA image on an AMD machine. Stages come from the Dockerfile reader (their AS
names, the stages each is built from, a `FROM ${ARG}` switch), targets from compose `build.target`
and `docker build --target`."""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.settings import AMD_NAMED, OTHER_VENDOR, artifact_at, builds_of
from rocmdoctor.knowledge import artifacts as ka
from rocmdoctor.base.untrusted import pick_list, pick_map


def targets_of(settings, dockerfile: str) -> set[str]:
    """The stages of this Dockerfile that the files build to: compose `build.target` of a service
    whose `dockerfile` is this file, and `docker build --target` in a script."""
    name = os.path.basename(dockerfile).lower()
    out = set()
    for a in settings.of_kind("compose"):
        for svc in pick_map(a.data, "services").values():
            b = svc.get("build") if isinstance(svc, dict) else None
            if isinstance(b, dict) and b.get("target") and \
                    os.path.basename(str(b.get("dockerfile") or "Dockerfile")).lower() == name:
                out.add(str(b["target"]).lower())
    for v in settings.values("build", "target"):
        file, _, stage = str(v.value).rpartition(":")
        if file.lower() == name:
            out.add(stage.lower())
    return out


def unbuilt_stages(settings) -> set[tuple[str, int]]:
    """(Dockerfile, FROM line) of the stages no build for this machine needs. A build makes its
    target stage and the stages it is built from (FROM stage, COPY --from), nothing else. The
    target is the one the files name (compose build.target, docker build --target); else, where
    the last stage is `FROM ${ARG}` choosing among earlier stages and one of them starts from a
    ROCm image, that one (the cuda/rocm/cpu switch: an AMD machine builds the rocm choice); else
    the last stage."""
    out = set()
    for a in settings.of_kind("dockerfile"):
        stages = [s for s in pick_list(a.data, "stages") if isinstance(s, dict)]
        if len(stages) < 2:
            continue
        by_alias = {s["alias"]: i for i, s in enumerate(stages) if s.get("alias")}
        deps = [list(s.get("deps") or []) for s in stages]
        targets = [by_alias[t] for t in targets_of(settings, a.path) if t in by_alias]
        if not targets and stages[-1].get("switch"):
            rocm = [s["alias"] for s in stages[:-1] if s.get("alias") and not s.get("stage_ref")
                    and ka.rocm_image(str(s.get("image") or ""))]
            deps[-1] = rocm[:1] or deps[-1]
        todo, built = targets or [len(stages) - 1], set()
        while todo:
            i = todo.pop()
            if i not in built:
                built.add(i)
                todo += [by_alias[d] for d in deps[i] if d in by_alias]
        out |= {(a.path, s["line"]) for i, s in enumerate(stages) if i not in built}
    return out | _other_vendors_files(settings)


def stage_at(settings, path: str, line: int) -> int | None:
    """The line of the FROM that starts the Dockerfile stage holding ``line``; None outside a Dockerfile's stages."""
    art = artifact_at(settings, path)
    if art is None or art.kind != "dockerfile" or not line:
        return None
    froms = [s.get("line") for s in pick_list(art.data, "stages") if isinstance(s, dict)]
    return max((n for n in froms if isinstance(n, int) and n <= line), default=None)


def in_unbuilt_stage(settings, v, unbuilt: set | None = None) -> bool:
    """Whether a Dockerfile value sits in a stage no build for this machine makes (the stage whose FROM is the last
    one at or above its line)."""
    at = stage_at(settings, v.origin.path, v.origin.line)
    return at is not None and (v.origin.path, at) in (unbuilt_stages(settings) if unbuilt is None else unbuilt)


def before_every_install(settings, where: list[tuple[str, int]], earlier: dict) -> list:
    """What each installing command in ``where`` ((file, line): the commands that install one requirements file) finds
    done before it: ``earlier[file]``'s (line, item) entries above it, in its own build stage of a Dockerfile; [] where
    one command has none (another Dockerfile, another stage: there the file's own lines are the install)."""
    out: list = []
    for path, line in where:
        stage = stage_at(settings, path, line) or 0
        found = [item for n, item in earlier.get(path, []) if stage <= n < line]
        if not found:
            return []
        out += found
    return out


def _other_vendors_files(settings) -> set[tuple[str, int]]:
    """Every stage of a Dockerfile named for another vendor (`Dockerfile.nvidia`, `cu128.dockerfile`) where the set
    has one named for AMD (`Dockerfile.rocm`): the project's variants per vendor, of which an AMD machine builds its
    own (labellers never asked for the other; compose files' variants are read so too)."""
    named = {a.path: re.sub(r"(?i)dockerfile|containerfile", "", os.path.basename(a.path))
             for a in settings.of_kind("dockerfile")}
    if not any(AMD_NAMED.search(n) for n in named.values()):
        return set()
    return {(a.path, s["line"]) for a in settings.of_kind("dockerfile")
            if OTHER_VENDOR.search(named[a.path]) and not AMD_NAMED.search(named[a.path])
            and not _built_for_amd_gpus(settings, a)
            for s in pick_list(a.data, "stages") if isinstance(s, dict) and s.get("line")}


def _built_for_amd_gpus(settings, dockerfile) -> bool:
    """A compose service of the set builds it and passes /dev/kfd: whatever its name, it runs on the AMD GPU here."""
    for b in builds_of(settings, dockerfile):
        a = artifact_at(settings, b.by)
        svc = pick_map(a.data, "services").get(b.service) if a is not None and b.service else None
        if isinstance(svc, dict) and any("/dev/kfd" in str(d) for d in svc.get("devices") or []):
            return True
    return False
