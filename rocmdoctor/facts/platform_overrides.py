"""HSA_OVERRIDE_GFX_VERSION as libhsakmt applies it, per GPU.

libhsakmt (ROCR-Runtime libhsakmt/src/topology.c) reads, for each GPU node,
HSA_OVERRIDE_GFX_VERSION_<kfd node id> first and the global HSA_OVERRIDE_GFX_VERSION
second; a value that is not exactly "major.minor.stepping" (major <= 63, minor and
stepping <= 255) makes topology discovery fail, so the runtime sees no GPU at all.
"""
from __future__ import annotations

import re

from ..base.records import dataclass
from . import Context, fact

GLOBAL = "HSA_OVERRIDE_GFX_VERSION"
_PER_NODE = re.compile(r"HSA_OVERRIDE_GFX_VERSION_(\d+)$")
_VALUE = re.compile(r"(\d+)\.(\d+)\.(\d+)")


@dataclass(frozen=True)
class Override:
    gpu_index: int
    node: int
    var: str  # the variable that won for this GPU
    value: str
    version: tuple[int, int, int] | None  # None: malformed, libhsakmt rejects it

    @property
    def gfx(self) -> str | None:
        """The target the runtime reports instead: 10.3.0 -> gfx1030, 9.0.10 -> gfx90a."""
        return override_gfx(self.version)


def override_gfx(version: tuple[int, int, int] | None) -> str | None:
    """The target an override's version names: (10, 3, 0) -> gfx1030, (9, 0, 10) -> gfx90a."""
    if not version or version[1] > 15 or version[2] > 15:
        return None
    major, minor, step = version
    return f"gfx{major}{minor:x}{step:x}"


def parse_override(value: str) -> tuple[int, int, int] | None:
    # sscanf("%u.%u.%u%c") skips leading blanks but rejects anything after the stepping.
    m = _VALUE.fullmatch(value.lstrip()) if value is not None else None
    if not m:
        return None
    major, minor, step = (int(g) for g in m.groups())
    if major > 63 or minor > 255 or step > 255:
        return None
    return major, minor, step


@dataclass(frozen=True)
class Overrides:
    per_gpu: tuple[Override, ...]  # GPUs an override applies to
    global_value: str | None
    per_node_vars: dict[str, str]  # every HSA_OVERRIDE_GFX_VERSION_<n> set
    stray: tuple[str, ...]  # per-node variables naming no GPU node


@fact("hsa_overrides")
def hsa_overrides(ctx: Context) -> Overrides:
    env = ctx.get("env")
    gpus = ctx.optional("gpus") or []
    per_node = {k: v for k, v in env.items() if _PER_NODE.match(k)}
    glob = env.get(GLOBAL)
    out = []
    for g in gpus:
        var = f"{GLOBAL}_{g.node}"
        if var in env:
            out.append(Override(g.index, g.node, var, env[var], parse_override(env[var])))
        elif glob is not None:
            out.append(Override(g.index, g.node, GLOBAL, glob, parse_override(glob)))
    # The runtime reads exactly HSA_OVERRIDE_GFX_VERSION_%d per GPU node: any other spelling
    # (another node, a leading zero as in _01) is never read.
    read = {f"{GLOBAL}_{g.node}" for g in gpus}
    stray = tuple(sorted(k for k in per_node if k not in read))
    return Overrides(tuple(out), glob, per_node, stray)
