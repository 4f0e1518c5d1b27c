"""The system ROCm install(s) under /opt."""
from __future__ import annotations

import posixpath
import re

from ..base.records import dataclass
from . import Missing, fact
from ..base.versions import version_tuple

_VERSION_H = re.compile(r"#define\s+ROCM_VERSION_(MAJOR|MINOR|PATCH)\s+(\d+)")


@dataclass(frozen=True)
class RocmInstall:
    path: str
    version: str | None
    evidence: str  # the file that gave the version

    @property
    def version_tuple(self) -> tuple[int, ...]:
        return version_tuple(self.version)




def _install(src, path: str) -> RocmInstall | None:
    # TheRock-built packages keep the file under core/ or core-<ver>/ (ROCm/TheRock#5475).
    candidates = [path + "/.info/version", path + "/core/.info/version"]
    candidates += src.glob(path + "/core-*/.info/version")
    for vfile in candidates:
        r = src.read(vfile)
        if r.ok and r.text.strip():
            return RocmInstall(path, r.text.strip().splitlines()[0], vfile)
    for h in (path + "/include/rocm-core/rocm_version.h", path + "/include/rocm_version.h"):
        text = src.text(h)
        if text:
            parts = dict(_VERSION_H.findall(text))
            if "MAJOR" in parts:
                v = ".".join(parts.get(k, "0") for k in ("MAJOR", "MINOR", "PATCH"))
                return RocmInstall(path, v, h)
    return None


def _resolve_link(src, path: str) -> str | None:
    """Follow /opt/rocm through update-alternatives (/etc/alternatives/rocm) to the end."""
    target = None
    for _ in range(8):
        nxt = src.readlink(path)
        if not nxt:
            break
        if not nxt.startswith("/"):
            nxt = posixpath.normpath(posixpath.join(posixpath.dirname(path), nxt))
        target = path = nxt
    return target


@dataclass(frozen=True)
class RocmInstalls:
    default: RocmInstall | None  # what /opt/rocm (or ROCM_PATH) points at
    all: tuple[RocmInstall, ...]
    link_target: str | None


def _is_dtk(src, path: str, inst: RocmInstall | None) -> bool:
    """Hygon's DTK is ROCm-derived and may sit where ROCm would (/opt/rocm -> /opt/dtk,
    ROCM_PATH=/opt/dtk after `source env.sh`); its '23.10'/'24.04' is a DTK release, not ROCm."""
    real = _resolve_link(src, path) or path
    if "dtk" in real.lower() or "dtk" in path.lower():
        return True
    return bool(inst and inst.version_tuple and inst.version_tuple[0] >= 20)  # ROCm is 1.x-7.x


@fact("rocm")
def rocm(ctx) -> RocmInstalls:
    src = ctx.source
    seen: dict[str, RocmInstall] = {}
    for d in src.glob("/opt/rocm-*"):
        inst = _install(src, d)
        if inst and not _is_dtk(src, d, inst):
            seen[d] = inst
    env = ctx.optional("env") or {}
    default_path = env.get("ROCM_PATH") or env.get("ROCM_HOME") or "/opt/rocm"
    default = _install(src, default_path)
    if default is not None and _is_dtk(src, default_path, default):
        default = None  # the dtk fact (facts/platform.py) reports it as DTK
    if default_path != "/opt/rocm":
        opt = _install(src, "/opt/rocm")  # a real directory on Arch and TheRock installs
        if opt and not _is_dtk(src, "/opt/rocm", opt):
            seen["/opt/rocm"] = opt
    target = _resolve_link(src, "/opt/rocm")
    if target and "dtk" in target.lower():
        target = None
    if default is None and not seen:
        # Distribution packages (Fedora, Debian, openSUSE) install ROCm under /usr.
        default = _install(src, "/usr")
        if default is None or not default.evidence.startswith("/usr/include"):
            raise Missing("no ROCm install found (/opt/rocm/.info/version, /opt/rocm-*/, "
                          "/usr/include/rocm-core/rocm_version.h)")
    if default is not None:
        # /opt/rocm is usually a link to one of the versioned dirs: count it once.
        seen = {k: v for k, v in seen.items() if v.version != default.version}
        installs = (default, *seen.values())
    else:
        installs = tuple(seen.values())
    return RocmInstalls(default, installs, target)


# TheRock's Python packaging: `pip install rocm[libraries,devel]` puts ROCm in site-packages
# as the rocm-sdk-* distributions (the `rocm` selector provides the `rocm-sdk` tool and
# `import rocm_sdk`); no /opt/rocm need exist (TheRock docs/packaging/python_packaging.md).
WHEEL_CORE = ("rocm-sdk-core", "rocm_sdk_core")
THEROCK_PACKAGING = "https://github.com/ROCm/TheRock/blob/main/docs/packaging/python_packaging.md"


@dataclass(frozen=True)
class RocmWheels:
    version: str | None
    packages: tuple[tuple[str, str], ...]  # (distribution, version)
    library_dir: str | None  # _rocm_sdk_core/lib, where libamdhip64 lives
    evidence: str


def _norm_name(name: str) -> str:
    from ..base.names import canonical_name

    return canonical_name(name)


@fact("rocm_wheels")
def rocm_wheels(ctx) -> RocmWheels:
    dists = ctx.get("distributions")
    found = {}
    for key, d in dists.items():
        name = _norm_name(d.name or key)
        if name == "rocm" or name.startswith("rocm-sdk"):
            found[name] = d.version or ""
    if not found:
        raise Missing("no ROCm SDK wheels (rocm, rocm-sdk-*) in the scanned interpreter")
    version = found.get("rocm-sdk-core") or found.get("rocm") or next(iter(found.values()))
    py = ctx.optional("python")
    prefix = py.prefix if py is not None else None
    lib = None
    if prefix:
        hits = ctx.source.glob(prefix.rstrip("/") + "/lib/python3*/site-packages/_rocm_sdk_core/lib")
        lib = hits[0] if hits else None
    return RocmWheels(version or None, tuple(sorted(found.items())), lib, "probe: python (installed distributions)")
