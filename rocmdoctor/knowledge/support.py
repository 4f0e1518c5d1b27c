"""ROCm support lists: operating systems and kernels, and GPU architectures.

Sources: ROCm "System requirements (Linux)" pages for 6.x and 7.x,
https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/system-requirements.html
and reference/gpu-arch-specs; user/kernel compatibility matrix (±2 releases).
"""
from __future__ import annotations

from dataclasses import dataclass

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
            series = ".".join(kernel.split(".")[:2])
            if series in kernels:
                return OsVerdict(True, "")
            return OsVerdict(True, f"kernel {series} is not among those AMD lists for {os_id} {prefix} "
                                   f"({', '.join(kernels)}); the amdgpu DKMS module may not build for it")
    for (oid, prefix), last in DROPPED_OS.items():
        if oid == os_id and version_id.startswith(prefix):
            return OsVerdict(False, f"{os_id} {version_id} was last supported by {last}")
    return OsVerdict(False, f"{os_id or 'this OS'} {version_id} is not on the ROCm system-requirements list; "
                            "ROCm may still work, but AMD does not test it")


@dataclass(frozen=True)
class GfxSupport:
    gfx: str
    family: str  # CDNA1, RDNA3, GCN5 ...
    products: str
    rocm7: str  # "supported", "unsupported", "unofficial"
    last_rocm: str | None  # last ROCm release that listed it, when dropped
    note: str = ""
    # When AMD lists only some boards of a gfx target: their PCI device ids. Other boards
    # of the same target run the same code but are not on the support list.
    listed_devices: frozenset[int] | None = None


GFX_SUPPORT: dict[str, GfxSupport] = {g.gfx: g for g in [
    GfxSupport("gfx900", "GCN5", "Radeon Instinct MI25, Vega 56/64", "unsupported", "4.5"),
    GfxSupport("gfx906", "GCN5.1", "Instinct MI50/MI60, Radeon VII, Radeon Pro VII", "unsupported", "6.4",
               "deprecated (maintenance only) through ROCm 6.x; not in the ROCm 7 list"),
    GfxSupport("gfx908", "CDNA1", "Instinct MI100", "supported", None),
    GfxSupport("gfx90a", "CDNA2", "Instinct MI210/MI250/MI250X", "supported", None),
    GfxSupport("gfx942", "CDNA3", "Instinct MI300X/MI300A/MI325X", "supported", None),
    GfxSupport("gfx950", "CDNA4", "Instinct MI350X/MI355X", "supported", None),
    GfxSupport("gfx1030", "RDNA2", "Radeon PRO W6800/V620, RX 6800/6900", "supported", None,
               "only the PRO W6800 and V620 are listed; RX 6000 cards are not in the ROCm 7 list",
               listed_devices=frozenset({0x73A3, 0x73A1})),  # PRO W6800, PRO V620
    GfxSupport("gfx1031", "RDNA2", "RX 6700/6750 XT", "unofficial", None, "never officially supported"),
    GfxSupport("gfx1032", "RDNA2", "RX 6600/6650 XT, PRO W6600", "unofficial", None, "never officially supported"),
    GfxSupport("gfx1100", "RDNA3", "RX 7900 XTX/XT/GRE, PRO W7900/W7800", "supported", None),
    GfxSupport("gfx1101", "RDNA3", "RX 7800/7700 XT, PRO W7700, V710", "supported", None),
    GfxSupport("gfx1102", "RDNA3", "RX 7600/7600 XT", "unofficial", None, "not in the Linux ROCm 7 list"),
    GfxSupport("gfx1151", "RDNA3.5", "Ryzen AI Max (Strix Halo)", "supported", None),
    GfxSupport("gfx1200", "RDNA4", "RX 9060/9060 XT", "supported", None),
    GfxSupport("gfx1201", "RDNA4", "RX 9070/9070 XT/GRE, Radeon AI PRO R9700", "supported", None),
]}


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


def release_gap(a: tuple[int, ...], b: tuple[int, ...]) -> int | None:
    """How many minor releases apart two ROCm versions are; None when one is unknown
    (an older or future series not in the table)."""
    oa, ob = _ordinal(a), _ordinal(b)
    if oa is None or ob is None:
        return None
    return abs(oa - ob)


# ------------------------------------------------------------ gfx per ROCm version
def gfx_status(gfx: str, rocm: tuple[int, ...] | None) -> tuple[str, str]:
    """(status, note) of a gfx target for a ROCm version (None: the current list).

    status: supported, deprecated, unsupported, unofficial, unknown.
    """
    info = GFX_SUPPORT.get(gfx)
    if info is None:
        return "unknown", f"{gfx} is not on any ROCm GPU support list"
    if info.rocm7 == "unofficial":
        return "unofficial", info.note or "never officially supported"
    if gfx == "gfx906" and rocm:
        if rocm[0] <= 5:
            return "supported", ""
        if rocm[0] == 6:
            return "deprecated", "deprecated in ROCm 6.x (maintenance only); dropped from the ROCm 7 list"
        return "unsupported", "not supported by ROCm 7.x (last listed, as deprecated, in ROCm 6.4)"
    if info.last_rocm and rocm and rocm[:2] <= version_tuple_2(info.last_rocm):
        return "supported", ""
    if info.rocm7 == "unsupported":
        return "unsupported", info.note or f"last supported by ROCm {info.last_rocm}"
    since = GFX_SINCE.get(gfx)
    if since and rocm and rocm[:2] < since:
        return "unsupported", f"support arrived in ROCm {since[0]}.{since[1]}"
    return "supported", info.note


def version_tuple_2(text: str) -> tuple[int, int]:
    parts = [int(p) for p in text.split(".")[:2]]
    return (parts[0], parts[1] if len(parts) > 1 else 0)


# First ROCm release listing a target, where the release notes are clear about it.
GFX_SINCE: dict[str, tuple[int, int]] = {
    "gfx942": (6, 0),
    "gfx950": (7, 0),
    "gfx1200": (6, 4),
    "gfx1201": (6, 4),
}


def officially_supported(gfx: str, rocm: tuple[int, ...] | None = None) -> bool:
    return gfx_status(gfx, rocm)[0] in ("supported", "deprecated")


# Community HSA_OVERRIDE_GFX_VERSION values for cards no wheel targets (not supported
# by AMD): RDNA2 variants run gfx1030 code, RDNA3 variants gfx1100 code.
# legacy-rocm-build#2720, #1698; AUTOMATIC1111/stable-diffusion-webui#15434.
COMMUNITY_OVERRIDE: dict[str, str] = {
    "gfx1031": "10.3.0", "gfx1032": "10.3.0", "gfx1033": "10.3.0", "gfx1034": "10.3.0",
    "gfx1035": "10.3.0", "gfx1036": "10.3.0",
    "gfx1101": "11.0.0", "gfx1102": "11.0.0", "gfx1103": "11.0.0",
}

# OSes whose own distribution packages ROCm (not AMD's repositories): notes only.
DISTRO_PACKAGED = {"arch": "Arch Linux", "fedora": "Fedora", "opensuse-tumbleweed": "openSUSE Tumbleweed",
                   "gentoo": "Gentoo", "debian": "Debian"}
