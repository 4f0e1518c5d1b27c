"""Which gfx targets each ROCm release lists, as AMD published it: one ``ReleaseList`` per release.

A "supported" verdict names the list it came from: the list of the ROCm release that is
installed (``gpus.gfx_verdict``). The lists are the "GPU / LLVM target" rows of ROCm's
compatibility matrix, completed with the release's system-requirements page where that page
was read (the matrix never lists deprecated targets such as gfx906). Each list cites the
version of the page it was read from; tests/test_gpu_sources.py checks every list against the
offline excerpts in tests/data/sources/.

Releases between two lists read here answer from the nearest older list and say so; releases
newer than the newest list answer from it and say so; releases before 6.0 are not covered
here (the GPU rows' ``since``/``last_rocm`` answer for them).
"""
from __future__ import annotations

from typing import Any

from ..base.records import dataclass
from ..base.versions import version_tuple

MATRIX = "https://rocm.docs.amd.com/en/latest/compatibility/compatibility-matrix.html"
SYSREQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/docs-{}/reference/system-requirements.html"
# The versions read: a tag or branch commit, or the page of a named release (stored copies).
MATRIX_60_63 = f"{MATRIX} @ ROCm/ROCm tag rocm-6.3.3 358092386ee71c355a74aeabcad63b40893eaf0e (compatibility-matrix-historical-6.0.csv)"
MATRIX_711 = f"{MATRIX} @ the page of ROCm 7.1.1 (columns 7.1.1, 7.1.0, 6.4.0)"
MATRIX_723 = f"{MATRIX} @ the page of ROCm 7.2.3 (columns 7.2.3, 7.2.2/7.2.1, 7.1.0)"
SYSREQ_BRANCHES = {  # ROCm/rocm-install-on-linux branch docs/<release>, commit read
    "6.0.0": "4ffc2acda73032962fd70057940e30a0f95aff7d", "6.0.2": "add6228e1b7ae0a17c8099b3c63e7fff4bf4b896",
    "6.1.0": "06bf78188ce75473bfd63e7617bac48d13f97bb3", "6.1.1": "ef4a396f53d36a672f57b4ab731bc979cf2bbe8b",
    "6.1.2": "70eabccab6993f9d64a20b1db350f1972b811152", "6.2.0": "86439fc9869b866748b8d64f515df267092b86f5",
    "6.2.1": "e605245eb5c2b4a5b8f46b25c7b1bd0d25250eea", "6.2.2": "bdb054c4864388c50e7cf0fbcad17888d8bd9fca",
    "6.2.4": "c3325cba8483d34623b394b2785eff8148644efe",
}
SYSREQ_64 = (f"{SYSREQ.format('6.4.1')} @ the ROCm 6.4.x page that lists RHEL 9.6 (6.4.1 and later); AMD: "
             "'ROCm now supports the 9070 and 9070XT with the latest 6.4.1 release' (ROCm/rocm-install-on-linux#447)")
SYSREQ_70 = f"{SYSREQ.format('7.0.0')} @ the ROCm 7.0.x page (MI355X, SLES 15 SP7)"

_CORE = frozenset({"gfx1100", "gfx1030", "gfx942", "gfx90a", "gfx908"})  # every matrix since 6.0
_RDNA4_64 = _CORE | {"gfx1201", "gfx1200", "gfx1101"}
_70 = _RDNA4_64 | {"gfx950"}

GFX906_600 = ("ROCm 6.0.0 lists the Radeon VII and Radeon Pro VII as supported and the Instinct MI50 as deprecated; "
              "from 6.0.2 all three are deprecated")
GFX906_63 = "the 6.3.x system-requirements pages were not re-read here: deprecated as in 6.2.4 (unconfirmed)"


@dataclass(frozen=True)
class ReleaseList:
    release: str  # "6.4.1"
    supported: frozenset
    source: str
    deprecated: frozenset = frozenset()
    notes: tuple = ()  # (gfx, text): a per-board exception or a gap in what was read

    @property
    def version(self) -> tuple[int, ...]:
        return version_tuple(self.release)

    def status(self, gfx: str) -> str | None:
        return "supported" if gfx in self.supported else "deprecated" if gfx in self.deprecated else None

    def note(self, gfx: str) -> str:
        return "; ".join(t for g, t in self.notes if g == gfx)

    @property
    def label(self) -> str:
        return f"the ROCm {self.release} list"


def _sysreq(release: str, **kw: Any) -> ReleaseList:
    src = f"{SYSREQ.format(release)} @ ROCm/rocm-install-on-linux docs/{release} {SYSREQ_BRANCHES[release]}; {MATRIX_60_63}"
    return ReleaseList(release=release, supported=_CORE, source=src, deprecated=frozenset({"gfx906"}), **kw)


RELEASES: tuple[ReleaseList, ...] = (
    ReleaseList(release="6.0.0", supported=_CORE | {"gfx906"}, notes=(("gfx906", GFX906_600),),
                source=_sysreq("6.0.0").source),
    *(_sysreq(r) for r in ("6.0.2", "6.1.0", "6.1.1", "6.1.2", "6.2.0", "6.2.1", "6.2.2", "6.2.4")),
    *(ReleaseList(release=r, supported=_CORE, source=MATRIX_60_63, deprecated=frozenset({"gfx906"}),
                  notes=(("gfx906", GFX906_63),)) for r in ("6.3.0", "6.3.1", "6.3.2", "6.3.3")),
    ReleaseList(release="6.4.0", supported=_CORE, source=MATRIX_711,
                notes=(("gfx906", "the 6.4.0 page was not re-read; the 6.4.x page read here marks it unsupported"),)),
    *(ReleaseList(release=r, supported=_RDNA4_64, source=SYSREQ_64) for r in ("6.4.1", "6.4.2", "6.4.3")),
    *(ReleaseList(release=r, supported=_70, source=SYSREQ_70) for r in ("7.0.0", "7.0.1", "7.0.2")),
    *(ReleaseList(release=r, supported=_70, source=MATRIX_711) for r in ("7.1.0", "7.1.1")),
    *(ReleaseList(release=r, supported=_70, source=MATRIX_723) for r in ("7.2.1", "7.2.2", "7.2.3")),
)
FIRST, NEWEST = RELEASES[0], RELEASES[-1]


def _key(rocm: tuple[int, ...]) -> tuple[int, ...]:
    """(major, minor, patch), or (major, minor) when the third number is a HIP build (6.4.43482)."""
    patch = rocm[2] if len(rocm) > 2 and rocm[2] < 100 else None
    return tuple(rocm[:2]) + ((patch,) if patch is not None else ())


def is_newer(rocm: tuple[int, ...] | None) -> bool:
    """Whether a ROCm release is newer than the newest list read here."""
    if not rocm:
        return False
    key = _key(rocm)
    return key > NEWEST.version if len(key) == 3 else key > NEWEST.version[:2]


def lists_for(rocm: tuple[int, ...] | None) -> tuple[list[ReleaseList], str]:
    """The release lists that apply to an installed ROCm, and a note when the match is not exact.

    (6, 4, 1): that release's list. (6, 4) or a HIP version such as 6.4.43482 (its third
    number is a build, not a patch release): every list of the 6.4 series read here. A release
    with no list read: the nearest older one. None: the newest list. Before 6.0: no list.
    """
    if not rocm:
        return [NEWEST], f"the newest list read here (ROCm {NEWEST.release})"
    if tuple(rocm[:2]) < FIRST.version[:2]:
        return [], ""
    patch = rocm[2] if len(rocm) > 2 and rocm[2] < 100 else None
    if patch is None:
        series = [r for r in RELEASES if r.version[:2] == tuple(rocm[:2])]
        if series:
            return series, ""
        key = tuple(rocm[:2]) + (0,)
    else:
        key = tuple(rocm[:3])
    exact = [r for r in RELEASES if r.version == key]
    if exact:
        return exact, ""
    older = [r for r in RELEASES if r.version < key]
    if key > NEWEST.version:
        return [NEWEST], f"ROCm {'.'.join(map(str, key))} is newer than the newest list read here ({NEWEST.release})"
    return [older[-1]], f"no list was read for ROCm {'.'.join(map(str, key))}: the ROCm {older[-1].release} list answers"


def first_listed(gfx: str) -> ReleaseList | None:
    return next((r for r in RELEASES if r.status(gfx)), None)
