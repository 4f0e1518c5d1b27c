"""The system ROCm install(s) under /opt."""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

from . import Missing, fact

_VERSION_H = re.compile(r"#define\s+ROCM_VERSION_(MAJOR|MINOR|PATCH)\s+(\d+)")


@dataclass(frozen=True)
class RocmInstall:
    path: str
    version: str | None
    evidence: str  # the file that gave the version

    @property
    def version_tuple(self) -> tuple[int, ...]:
        return version_tuple(self.version)


def version_tuple(text: str | None) -> tuple[int, ...]:
    """'6.1.2-119' -> (6, 1, 2); '6.1.40091-a8dbc0c19' -> (6, 1, 40091)."""
    if not text:
        return ()
    m = re.match(r"(\d+(?:\.\d+)*)", text.strip())
    return tuple(int(x) for x in m.group(1).split(".")) if m else ()


def _install(src, path: str) -> RocmInstall | None:
    r = src.read(path + "/.info/version")
    if r.ok and r.text.strip():
        return RocmInstall(path, r.text.strip().splitlines()[0], path + "/.info/version")
    for h in (path + "/include/rocm-core/rocm_version.h", path + "/include/rocm_version.h"):
        text = src.text(h)
        if text:
            parts = dict(_VERSION_H.findall(text))
            if "MAJOR" in parts:
                v = ".".join(parts.get(k, "0") for k in ("MAJOR", "MINOR", "PATCH"))
                return RocmInstall(path, v, h)
    return None


@dataclass(frozen=True)
class RocmInstalls:
    default: RocmInstall | None  # what /opt/rocm (or ROCM_PATH) points at
    all: tuple[RocmInstall, ...]
    link_target: str | None


@fact("rocm")
def rocm(ctx) -> RocmInstalls:
    src = ctx.source
    seen: dict[str, RocmInstall] = {}
    for d in src.glob("/opt/rocm-*"):
        inst = _install(src, d)
        if inst:
            seen[d] = inst
    env = ctx.optional("env") or {}
    default_path = env.get("ROCM_PATH") or env.get("ROCM_HOME") or "/opt/rocm"
    default = _install(src, default_path)
    target = src.readlink("/opt/rocm")
    if target and not target.startswith("/"):
        target = posixpath.normpath(posixpath.join("/opt", target))
    if default is None and not seen:
        raise Missing("no ROCm install found (/opt/rocm/.info/version, /opt/rocm-*/)")
    if default is not None:
        # /opt/rocm is usually a link to one of the versioned dirs: count it once.
        seen = {k: v for k, v in seen.items() if v.version != default.version}
        installs = (default, *seen.values())
    else:
        installs = tuple(seen.values())
    return RocmInstalls(default, installs, target)
