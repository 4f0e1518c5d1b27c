"""ROCm support lists: operating systems and kernels, and the order of ROCm releases.

Which GPU architectures each release supports is per-GPU knowledge: it lives in the GPU
knowledge base (``rocmdoctor.knowledge.gpus.gfx_status``).

Sources: ROCm "System requirements (Linux)" pages for 6.x and 7.x,
https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/system-requirements.html
and reference/gpu-arch-specs; user/kernel compatibility matrix (±2 releases).
"""
from __future__ import annotations

from ..base.records import dataclass
from ..base.versions import major_minor

# (os id, VERSION_ID prefix) -> kernel series AMD lists for it.
SUPPORTED_OS: dict[tuple[str, str], tuple[str, ...]] = {
    ("ubuntu", "24.04"): ("6.8", "6.11", "6.14", "6.17"),
    ("ubuntu", "22.04"): ("5.15", "6.5", "6.8"),
    ("rhel", "10"): ("6.12",),
    ("rhel", "9"): ("5.14",),
    ("rhel", "8"): ("4.18",),
    ("ol", "9"): ("5.14", "5.15"),
    ("ol", "8"): ("4.18", "5.15"),
    ("sles", "15"): ("6.4", "5.14"),
    ("debian", "12"): ("6.1",),
}
DROPPED_OS = {("ubuntu", "20.04"): "ROCm 6.2", ("centos", "7"): "ROCm 5.7", ("rhel", "7"): "ROCm 5.7"}


@dataclass(frozen=True)
class OsVerdict:
    supported: bool
    note: str


def supported_os(os_id: str, version_id: str, kernel: str) -> OsVerdict:
    os_id = os_id.lower()
    for (oid, prefix), kernels in SUPPORTED_OS.items():
        if oid == os_id and (version_id == prefix or version_id.startswith(prefix + ".")):
            series = major_minor(kernel)
            if series in kernels:
                return OsVerdict(True, "")
            return OsVerdict(True, f"kernel {series} is not among those AMD lists for {os_id} {prefix} "
                                   f"({', '.join(kernels)}); the amdgpu DKMS module may not build for it")
    for (oid, prefix), last in DROPPED_OS.items():
        if oid == os_id and version_id.startswith(prefix):
            return OsVerdict(False, f"{os_id} {version_id} was last supported by {last}")
    return OsVerdict(False, f"{os_id or 'this OS'} {version_id} is not on the ROCm system-requirements list; "
                            "ROCm may still work, but AMD does not test it")


# ----------------------------------------------------------------- ROCm releases
# Minor releases in order. The user/kernel-space matrix promises compatibility for
# +/- 2 of these (install-on-linux reference/user-kernel-space-compat-matrix.rst):
# e.g. KFD 6.0.x was tested with user space 5.6.x-6.2.x, across the major boundary.
ROCM_RELEASES: tuple[tuple[int, int], ...] = (
    (5, 0), (5, 1), (5, 2), (5, 3), (5, 4), (5, 5), (5, 6), (5, 7),
    (6, 0), (6, 1), (6, 2), (6, 3), (6, 4),
    (7, 0), (7, 1), (7, 2),
)
COMPAT_WINDOW = 2
COMPAT_MATRIX = ("https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/"
                 "user-kernel-space-compat-matrix.html")


def _ordinal(v: tuple[int, ...]) -> int | None:
    key = tuple(v[:2])
    if len(key) < 2:
        return None
    if key in ROCM_RELEASES:
        return ROCM_RELEASES.index(key)
    last = ROCM_RELEASES[-1]
    if key[0] == last[0] and key[1] > last[1]:  # a newer release of the newest series
        return len(ROCM_RELEASES) - 1 + (key[1] - last[1])
    return None


def never_released(v: tuple[int, ...]) -> str | None:
    """Why a ROCm version in a closed series was never released (5.8: the 5.x series ended at 5.7, 6.0 came next);
    None for a release, or one of the newest series (a later minor may be out after this table)."""
    key = tuple(v[:2])
    last = {s[0]: s for s in ROCM_RELEASES}  # the last minor of each series
    if len(key) < 2 or key in ROCM_RELEASES or key[0] not in last or key[0] == ROCM_RELEASES[-1][0]:
        return None
    if key[1] > last[key[0]][1]:
        return (f"ROCm {key[0]}.{key[1]} was never released: the {key[0]}.x series ended at {key[0]}.{last[key[0]][1]}"
                + (" (TheRock's 6.5 pre-release builds are no rocm/* image)" if key == (6, 5) else ""))
    return None


def release_gap(a: tuple[int, ...], b: tuple[int, ...]) -> int | None:
    """How many minor releases apart two ROCm versions are; None when one is unknown
    (an older or future series not in the table)."""
    oa, ob = _ordinal(a), _ordinal(b)
    if oa is None or ob is None:
        return None
    return abs(oa - ob)


# OSes whose own distribution packages ROCm (not AMD's repositories): notes only.
DISTRO_PACKAGED = {"arch": "Arch Linux", "fedora": "Fedora", "opensuse-tumbleweed": "openSUSE Tumbleweed",
                   "gentoo": "Gentoo", "debian": "Debian"}
