"""RD-ENV-005: ROCM_PATH, ROCM_HOME and HIP_PATH name a ROCm install this host has. A prefix set to a
version or a word, or a script's hard-coded `/opt/rocm-7.2.2` on a host that has another release,
sends hipcc, CMake, torch's cpp_extension and hiprtc (MIOpen's kernel JIT) to a directory that is
not there."""
from __future__ import annotations

import re

from rocmdoctor.artifacts.settings import env_ev, env_evs
from rocmdoctor.engine.check import check, ev, ok, warn
from rocmdoctor.checks.envvars import unset_fix

HIP_PATH_DOC = "https://rocm.docs.amd.com/projects/HIP/en/latest/reference/env_variables.html"
# Variables that name where ROCm is installed: hipcc, CMake's find_package(hip), torch's cpp_extension
# (ROCM_HOME/ROCM_PATH), DeepSpeed's op builders and TensorFlow look for headers and device libraries
# under them.
PREFIX_VARS = ("ROCM_PATH", "ROCM_HOME", "HIP_PATH", "ROCM_ROOT", "HIP_PLATFORM_PATH")
# Only AMD's own install layout is judged against the host: /usr, a conda prefix or /opt/dtk may hold
# ROCm that the rocm fact does not list.
_OPT_ROCM = re.compile(r"^/opt/rocm(?:-[0-9][0-9.]*[0-9])?/?$")


@check("RD-ENV-005", area="env", title="ROCM_PATH, ROCM_HOME and HIP_PATH name an install directory",
       level="quick", sources=[HIP_PATH_DOC, "https://docs.pytorch.org/docs/stable/cpp_extension.html"])
def install_prefix(env, rocm=None, settings=None):
    """A prefix variable set to a version (`ROCM_PATH=3.1.0`), a relative path or a word sends every
    tool that reads it to a directory that does not exist: device libraries, hipcc and headers are
    not found (extension builds fail; TensorFlow/torch extensions load no GPU code)."""
    out = []
    for name in PREFIX_VARS:
        value = str(env.get(name, "")) if env else ""
        v = value.strip().strip("\"'")
        if v and _OPT_ROCM.match(v) and _on_host(env, name, settings):
            have = _installs(rocm)
            if have and v.rstrip("/") not in have:
                out.append(warn(f"{name}={v} is not installed on this host (ROCm here: {', '.join(sorted(have))})",
                                f"Tools that read {name} look for bin/, include/ and the device libraries under {v}: "
                                "hipcc and CMake's find_package(hip) fail, torch and DeepSpeed extension builds stop, "
                                "and hiprtc (MIOpen's kernel JIT) cannot find hip/hip_runtime.h, so the first "
                                "convolution or pooling kernel fails. Point it at an install this host has (or unset "
                                "it: the default is /opt/rocm).", subject=name,
                                evidence=[*env_evs(env, name), *_written(env, name, v, settings),
                                          ev("/opt/rocm*", ", ".join(sorted(have)))],
                                fix=unset_fix(name, env=env)))
            continue
        if not v or v.startswith(("/", "$", "~", "`")) or re.match(r"^[A-Za-z]:[\\/]", v):
            continue  # a path, or filled in at run time
        out.append(warn(f"{name}={v!r} is not a path",
                        f"{name} names the directory ROCm is installed in (for example /opt/rocm or "
                        "/opt/rocm-6.2.0); tools that read it look for bin/, include/ and the device libraries "
                        f"under {v!r} relative to their working directory, where there are none. Set it to the "
                        "install prefix, or unset it (the default is /opt/rocm).",
                        subject=name, evidence=[env_ev(env, name)], fix=unset_fix(name, env=env)))
    return out or ok("the ROCm install-prefix variables are unset or paths")


def _installs(rocm) -> set[str]:
    """The ROCm prefixes this host has (/opt/rocm and the versioned folders; /opt/rocm's link target)."""
    if rocm is None or not getattr(rocm, "all", None):
        return set()
    have = {str(i.path).rstrip("/") for i in rocm.all if i is not None and i.path}
    if getattr(rocm, "link_target", None):
        # /opt/rocm -> /etc/alternatives/rocm -> /opt/rocm-6.3.0 (update-alternatives, as AMD's packages set it):
        # the link is a prefix as good as its target
        have.update(("/opt/rocm", str(rocm.link_target).rstrip("/")))
    return have


def _on_host(env, name: str, settings) -> bool:
    """Set by a launch script on the host (or the live environment), not by a Dockerfile, a compose file
    or a pod: an image carries its own ROCm wherever its files say."""
    v = getattr(env, "origins", {}).get(name)
    if v is None or v.origin.live:
        return True
    kinds = {a.path: a.kind for a in settings.artifacts} if settings is not None else {}
    return kinds.get(v.origin.path) in ("shell", "slurm")


def _written(env, name: str, path: str, settings) -> list:
    """The line that writes the path itself when the variable takes it from another one
    (`ROCM="${ROCM_PATH:-/opt/rocm-7.2.2}"` ... `export HIP_PATH="$ROCM"`): that default is what to change."""
    v = getattr(env, "origins", {}).get(name)
    art = next((a for a in (settings.artifacts if settings is not None else ()) if v is not None
                and a.path == v.origin.path and isinstance(a.text, str)), None)
    if art is None:
        return []
    for i, line in enumerate(art.text.splitlines()[:5000], 1):
        if path.rstrip("/") in line and not line.lstrip().startswith("#"):
            return [] if f"{art.path}:{i}" == env_ev(env, name).source else [ev(f"{art.path}:{i}", line.strip()[:200])]
    return []
