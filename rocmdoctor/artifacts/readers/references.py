"""Where a file a launch file names is, as the tool that reads it looks for it: relative to the naming file's folder
(and the folders above it, up to the one the user named), a Dockerfile's RUN in its build context; never the
doctor's own working directory, nor /dev, /proc or /sys."""
from __future__ import annotations

import os

from ..settings import Artifact, iter_unique
from . import requirements
from ...base.untrusted import pick

COMPOSE = "compose"


def readable(cand: str) -> bool:
    # `grep -v x requirements.txt | pip install -r /dev/stdin` names the pipe, not a file: read here,
    # /dev/stdin is the doctor's own stdin (a file when redirected), so the findings followed it
    if "\0" in cand:  # `-r` then a NUL byte (fuzzer): no file can have that name, and realpath raises on it
        return False
    if any(p in ("/dev", "/proc", "/sys") or p.startswith(("/dev/", "/proc/", "/sys/"))
           for p in (os.path.abspath(cand), os.path.realpath(cand))):
        return False
    return os.path.isfile(cand)


def folders(base: str, roots: tuple[str, ...] = ()) -> list[str]:
    """The folders a reference written in file ``base`` may be relative to: the file's own folder, then
    each folder above it up to the folder the user named (``roots``: a run is often started from the
    repository root, `deepspeed: examples/deepspeed/ds_z3.json` in examples/train/x.yaml). Never the
    doctor's working directory: the same files give the same findings wherever the scan runs."""
    here = os.path.normpath(os.path.dirname(base) or ".")
    out = [here]
    keys = [os.path.abspath(r) for r in roots]
    while True:
        up = os.path.dirname(here) if here not in (".", "") else ".."
        up = os.path.normpath(up)
        if up == here or not any(os.path.abspath(up) == k or os.path.abspath(up).startswith(k.rstrip(os.sep) + os.sep)
                                 for k in keys):
            return out
        out.append(up)
        here = up


def climb(a: Artifact, roots: tuple[str, ...]) -> tuple[str, ...]:
    """How far up a reference written in ``a`` may be looked for: a compose file's `build:` and a requirements
    file's `-r` are relative to that file's folder alone (Compose's project directory, pip's rule for nested
    files); a script's arguments and a training config's paths to the folder the run starts in."""
    return () if a.kind in (COMPOSE, requirements.REQUIREMENTS) else roots


def resolve(ref: str, base: str, roots: tuple[str, ...] = ()) -> str | None:
    """The file ``ref`` names, written in file ``base`` (see :func:`folders`); an absolute path as written."""
    if not ref:
        return None
    if ref.startswith("~"):
        return None  # the home of whoever runs the doctor is not the job's
    if os.path.isabs(ref):
        return ref if readable(ref) else None
    for folder in folders(base, roots):
        cand = os.path.normpath(os.path.join(folder, ref))
        if readable(cand):
            return cand
    return None


def in_context(ref: str, dockerfile: Artifact, contexts: list[str], line: int | None = None) -> str | None:
    """The file a Dockerfile's RUN names (a path inside the image: `pip install -r requirements.txt`,
    `/app/requirements.txt`) as the build context holds it: the COPY source of that name, else the name
    itself, in each context the files build it with (a compose `build.context`, a `docker build` line's
    CONTEXT), then its own folder and the one above (the repository root above a docker/ folder). An
    absolute path is the image's, never this machine's."""
    name = os.path.basename(ref.rstrip("/"))
    if not name:
        return None
    srcs = [src for srcs in pick(dockerfile.data, "copied", default=None) or [] for src in
            (srcs if isinstance(srcs, list) else []) if isinstance(src, str) and "$" not in src
            and os.path.basename(src.rstrip("/")) == name and not os.path.isabs(src)]
    # copied in under the name pip reads, by the last COPY of that name before the RUN (`ADD req/torch.txt /tmp/r`)
    renamed = [src for at, dest, src in pick(dockerfile.data, "copied_as", default=None) or []
               if dest == name and (line is None or at < line)][-1:]
    if renamed and "$" not in renamed[0] and not os.path.isabs(renamed[0]):
        srcs[:0] = [renamed[0], os.path.basename(renamed[0])]
    here = os.path.dirname(dockerfile.path) or "."
    for ctx in iter_unique(contexts + [here, os.path.normpath(os.path.join(here, os.pardir))]):
        for rel in srcs + ([ref] if not os.path.isabs(ref) else []) + [name]:
            cand = os.path.normpath(os.path.join(ctx, rel))
            if readable(cand):
                return cand
    return None


def lookup(seen: dict[str, Artifact], ref: str | None, base: str, roots: tuple[str, ...] = ()) -> Artifact | None:
    if not ref:
        return None
    target = resolve(ref, base, roots)
    if target:
        return seen.get(os.path.realpath(target))
    # An absolute path of the author's machine (/home/u/proj/configs/ds.json) is never this machine's:
    # the one file read with that name, when only one has it.
    name = os.path.basename(ref.rstrip("/"))
    same = [a for p, a in seen.items() if os.path.basename(p) == name] \
        if ref.startswith(("/", "~")) and "$" not in ref and name else []
    return same[0] if len(same) == 1 else None
