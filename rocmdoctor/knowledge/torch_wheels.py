"""The GPU targets PyTorch's own ROCm wheels carry (download.pytorch.org/whl/rocmX.Y): one table, read by
RD-ENV-002 (a wheel without kernels for the GPU) and RD-IMG-003 (an older wheel is only a support-window
problem where it does carry the GPU's kernels).

A wheel's targets are the PYTORCH_ROCM_ARCH its build used: pytorch/builder's manywheel/build_docker.sh
until the ROCm 6.x builds moved into pytorch's .ci/docker/manywheel/build.sh. A target joins in two ways:

- a ROCm release condition in the build script (gfx90a/gfx1030 from ROCm 4.3, gfx1100 from 5.5, gfx942
  from 6.0; gfx950/gfx1150/gfx1151 only for ROCm 7.0 builds until pytorch#167299 made them unconditional);
- a pull request that adds it for every ROCm build from then on, so from the torch release cut after it
  (gfx1101: pytorch#141667, merged 2024-12-04, torch 2.6; gfx1102: #147761, 2025-02-24, and gfx1200/
  gfx1201: #148562, 2025-03-05, torch 2.7; gfx1103: #179653, 2026-04).

One ROCm index holds several torch releases (rocm6.1: 2.4.x to 2.6.0; rocm6.2: 2.5.x only; rocm6.2.4: 2.6.0
and 2.7.x), so an index's list is the union over what it may hold: a target is judged missing only where no
torch on that index carries it. Where a date could fall either side of a release cut, the target counts as
present (a missed finding, never a false one). A pin (`torch==2.5.1+rocm6.1`) narrows it to that release.
Nightly indexes (whl/nightly/rocmX.Y) change daily and are judged only for ROCm 5 (its lists never changed).
From ROCm 7.14 the wheels build on TheRock's multi-arch SDK, whose list leaves out gfx900/gfx906.

AMD's own images (rocm/pytorch:rocm5.4_..._pytorch_1.12.1) are not judged from this table: they are built by
AMD with lists of their own (the rocm5.1.1 image lacked the gfx1030 its release's wheels had: ROCm/ROCm-docker#89;
the 2025 images lack gfx1102: ROCm/pytorch#2730), which no tag names.
"""
from __future__ import annotations

import re

SOURCES = ("https://github.com/pytorch/builder/blob/main/manywheel/build_docker.sh",
           "https://github.com/pytorch/builder/commit/3237101a0a709aec3111e7d00718e63114fd9f6c",
           "https://github.com/pytorch/pytorch/blob/main/.ci/docker/manywheel/build.sh",
           "https://github.com/pytorch/pytorch/pull/141667", "https://github.com/pytorch/pytorch/pull/147761",
           "https://github.com/pytorch/pytorch/pull/148562", "https://github.com/pytorch/pytorch/pull/167299",
           "https://github.com/pytorch/pytorch/pull/179653")

# (first ROCm index release, first torch release, targets it adds); torch (0, 0): a ROCm condition of the build
# script, for every torch built for that ROCm. Older rows first.
TARGETS: tuple[tuple[tuple[int, ...], tuple[int, int], tuple[str, ...]], ...] = (
    ((0, 0), (0, 0), ("gfx900", "gfx906", "gfx908")),
    ((4, 3), (0, 0), ("gfx90a", "gfx1030")),
    ((5, 5), (0, 0), ("gfx1100",)),                          # builder 3237101a, 2023-05-23
    ((6, 0), (0, 0), ("gfx942",)),                           # builder: `ROCM_VERSION_INT -ge 60000`
    ((6, 0), (2, 6), ("gfx1101",)),                          # pytorch#141667
    ((6, 0), (2, 7), ("gfx1102", "gfx1200", "gfx1201")),     # pytorch#147761, #148562
    ((6, 4), (2, 8), ("gfx950",)),                           # MI350; counted from rocm6.4 (see module doc)
    ((7, 0), (2, 9), ("gfx1150", "gfx1151")),                # the ROCm 7.0 condition, then pytorch#167299
    ((7, 0), (2, 11), ("gfx1103",)),                         # pytorch#179653
)
# The newest torch release a stable ROCm index carries (download.pytorch.org/whl/torch/), where it stops before a
# later row's torch: rocm6.2 has only torch 2.5.x (2.6.0 went to rocm6.1 and rocm6.2.4; 2.7 to rocm6.2.4 and 6.3).
NEWEST_TORCH: dict[tuple[int, ...], tuple[int, int]] = {(6, 0): (2, 4), (6, 1): (2, 6), (6, 2): (2, 5),
                                                        (6, 2, 4): (2, 7)}
# Indexes PyTorch no longer builds new releases for (torch 2.11 and later come for ROCm 7 only), with the newest torch
# users install from each (torch-2.9.0+rocm6.3, torch-2.10.0+rocm6.4): PyPI's newest release is past both.
STOPPED_AT: dict[tuple[int, ...], tuple[int, int]] = {(6, 3): (2, 9), (6, 4): (2, 10)}
# The torch releases each stable ROCm index carries, oldest and newest (None: still adding), from PyTorch's install
# commands per release (pytorch.org/get-started/previous-versions): 2.1 for rocm5.6, 2.2 for 5.6 and 5.7, 2.3 for
# 5.7 and 6.0, 2.4 for 6.0 and 6.1, 2.5 for 6.1 and 6.2, 2.6 for 6.1 and 6.2.4, 2.7 for 6.2.4 and 6.3, 2.8 for
# 6.3 and 6.4. A pin outside its index's range finds no match there.
TORCH_RANGE: dict[tuple[int, ...], tuple[tuple[int, int], tuple[int, int] | None]] = {
    (5, 6): ((2, 1), (2, 2)), (5, 7): ((2, 2), (2, 3)), (6, 0): ((2, 3), (2, 4)), (6, 1): ((2, 4), (2, 6)),
    (6, 2): ((2, 5), (2, 5)), (6, 2, 4): ((2, 6), (2, 7)), (6, 3): ((2, 7), None), (6, 4): ((2, 8), None)}
SOURCES_RANGE = "https://pytorch.org/get-started/previous-versions/"
THEROCK_FROM = (7, 14)  # built on TheRock's multi-arch SDK: no gfx900/gfx906 (pytorch .ci/docker/manywheel/build.sh)

_TORCH_PIN = re.compile(r"^torch(?:==|-)(\d+)\.(\d+)", re.I)


def torch_release(requirement: str) -> tuple[int, int] | None:
    """The torch release (major, minor) a pin or wheel file names (`torch==2.5.1+rocm6.2`), else None."""
    m = _TORCH_PIN.match(requirement.strip().strip("'\"").rsplit("/", 1)[-1])
    return (int(m.group(1)), int(m.group(2))) if m else None


def wheel_targets(rocm: tuple[int, ...], torch: tuple[int, int] | None = None,
                  nightly: bool = False) -> tuple[str, ...] | None:
    """The gfx targets of PyTorch's torch wheels for ROCm ``rocm`` (an index or `+rocm` label), of torch release
    ``torch`` where known, else of any torch that index may carry; None where not known (a nightly index of ROCm 6
    or later)."""
    if nightly and rocm >= (6, 0):
        return None
    # rocm6.2.4 is an index of its own; rocm6.2's other patch releases are rocm6.2's torch
    newest = NEWEST_TORCH.get(tuple(rocm[:3])) or NEWEST_TORCH.get(tuple(rocm[:2]))
    caps = [x for x in (torch, newest) if x is not None]
    cap = min(caps) if caps else None
    out: list[str] = []
    for since, first_torch, targets in TARGETS:
        if rocm >= since and (cap is None or cap >= first_torch):
            out.extend(targets)
    if rocm >= THEROCK_FROM:
        out = [t for t in out if t not in ("gfx900", "gfx906")]
    return tuple(out)


def missing(rocm: tuple[int, ...], gfx: str, torch: tuple[int, int] | None = None) -> bool:
    """True when no torch wheel of ROCm ``rocm`` (of release ``torch`` where given) carries ``gfx``."""
    targets = wheel_targets(rocm, torch)
    return targets is not None and gfx not in targets


def first_carried(gfx: str) -> str | None:
    """Where PyTorch's wheels first carry ``gfx``, in words ("the rocm7.0 wheels from torch 2.9"), else None."""
    for since, first_torch, targets in TARGETS:
        if gfx in targets:
            rocm = "the rocm" + ".".join(map(str, since)) if since > (0, 0) else "every ROCm index's"
            return f"{rocm} wheels" + (f" from torch {first_torch[0]}.{first_torch[1]}" if first_torch > (0, 0) else "")
    return None


def _span(rocm: tuple[int, ...]) -> tuple[tuple[int, int], tuple[int, int] | None] | None:
    """TORCH_RANGE's entry for index ``rocm`` (rocm6.2.4 is an index of its own; another rocm6.2.x is none)."""
    return TORCH_RANGE.get(tuple(rocm[:3])) or (TORCH_RANGE.get(tuple(rocm[:2])) if len(rocm) < 3 or rocm[:2] != (6, 2)
                                                else None)


def newest_on_index(rocm: tuple[int, ...]) -> tuple[int, int] | None:
    """The newest torch release the stable ROCm index ``rocm`` carries, where it has stopped adding; None while it
    still adds releases or is not known."""
    span = _span(rocm)
    return (span[1] if span else None) or STOPPED_AT.get(tuple(rocm[:2]))


_CAP = re.compile(r"(~=|<=|<|==)\s*(\d+)\.(\d+)(?:\.(\d+|\*))?")


def requirement_cap(requirement: str) -> tuple[int, int] | None:
    """The newest torch release (major, minor) a requirement allows (`torch~=2.9.0`, `torch<2.10`, `torch==2.9.*`:
    2.9), None where it sets no upper bound (`torch>=2.4`, `torch~=2.9`, a bare name)."""
    caps: list[tuple[int, int]] = []
    for op, major, minor, patch in _CAP.findall(requirement):
        rel = (int(major), int(minor))
        if op == "<":
            caps.append(rel if patch and patch != "0" else (rel[0], rel[1] - 1) if rel[1] else (rel[0] - 1, 99))
        elif op in ("<=", "==") or (op == "~=" and patch):
            caps.append(rel)
    return min(caps) if caps else None


def index_misses(rocm: tuple[int, ...], torch: tuple[int, int]) -> str | None:
    """Why the stable ROCm index ``rocm`` has no torch release ``torch`` ("carries torch 2.3 to 2.4"), or None where
    it has it or the index's range is not known."""
    span = _span(rocm)
    if span is None:
        return None
    lo, hi = span
    if torch < lo or (hi is not None and torch > hi):
        return f"carries torch {lo[0]}.{lo[1]}" + (f" to {hi[0]}.{hi[1]}" if hi and hi != lo else "" if hi else " and later")
    return None
