"""RD-ENV-002: every GPU target list a job or its builds use (PYTORCH_ROCM_ARCH and the other build
variables, cmake -D flags, --offload-arch, and the fixed lists of the torch wheels it installs), judged
against the GPUs' real gfx targets. Split from checks/envvars.py, which keeps the runtime variables."""
from __future__ import annotations

import re

from rocmdoctor.base.records import replace
from rocmdoctor.base.untrusted import pick
from rocmdoctor.artifacts.settings import args_read, artifact_at, env_ev, env_evs
from rocmdoctor.engine.check import check, ev, ok, skip, warn
from rocmdoctor.knowledge import torch_wheels
from rocmdoctor.knowledge.artifacts import requirement_name
from rocmdoctor.knowledge.gpus import arch_base

from rocmdoctor.checks.envvars import unset_fix

PYTORCH_ARCH = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/3rd-party/pytorch-install.html"


# --------------------------------------------------------------- PYTORCH_ROCM_ARCH and other target lists
def _arch_values(env, settings):
    """(name, value, evidence, origin label) of every GPU target list the job or its builds use: the
    environment (PYTORCH_ROCM_ARCH ...), Dockerfile ARG/ENV and `VAR=x cmd` build variables, and
    cmake -D flags (BNB_ROCM_ARCH, AMDGPU_TARGETS ...). One entry per place."""
    from rocmdoctor.knowledge.artifacts import ARCH_VARS, arch_var

    out, seen = [], set()
    for name in ARCH_VARS:
        if env is not None and name in env:
            e = env_ev(env, name)
            key = (name, e.source)
            if key not in seen:
                seen.add(key)
                out.append((name, str(env[name]), e, e.source))
    for v in (settings.values("build") if settings is not None else []):
        kind, _, name = v.name.partition(":")
        if kind not in ("env", "arg", "arch") or (not arch_var(name) and name not in _FLAG_TARGETS) \
                or v.value in (None, ""):
            continue
        key = (name, v.origin.label)
        if key not in seen:
            seen.add(key)
            out.append((name, str(v.value), v.evidence(), v.origin.label))
    out += _torch_wheel_lists(settings)
    return out


# Target lists that are not variables: a compiler's --offload-arch (clang/hipcc), and Cray's
# craype-accel-amd-gfxNNN module (the compiler wrappers' CRAY_ACCEL_TARGET).
_FLAG_TARGETS = ("--offload-arch", "craype-accel", "--architecture")


def _torch_wheel_lists(settings):
    """A torch wheel from PyTorch's ROCm index is a build with a fixed target list too (knowledge/torch_wheels.py),
    judged like PYTORCH_ROCM_ARCH. A `torch==X+rocmY` pin that no index of its install carries installs nothing
    (RD-IMG-002's one finding), so its wheel's list is not judged."""
    if settings is None:  # a scan without --config: no launch-file helper is loaded (tests/test_registry.py)
        return []
    from .image_nightly import NIGHTLY_ROCM_SINCE
    from .pip_untaken import rocm_pin_finds_no_index
    from .image_torch import installed_by_uv
    from rocmdoctor.knowledge.artifacts import stale_extra_rocm_index, targeted_wheel_gfx, torch_wheel_rocm

    out = []
    for v in settings.values("build", "pip"):
        rec = v.value if isinstance(v.value, dict) else {}
        opts = rec.get("options") or {}
        indexes = [str(x) for k in ("index-url", "i", "extra-index-url", "f", "find-links") for x in opts.get(k, [])]
        for req in rec.get("requirements") or []:  # a build for named targets (gfx1150's kernels only): track imgs7
            targets = targeted_wheel_gfx(str(req), indexes + [str(pick(rec, "downloaded", req) or "")])
            if targets:
                out.append(("torch wheel for one GPU target", ";".join(targets), _line_naming(settings, v, str(req)),
                            v.origin.label))
                break
            version = torch_wheel_rocm(str(req), indexes)
            if version and "==" not in str(req) and "+rocm" not in str(req) and stale_extra_rocm_index(opts, str(req)) \
                    and not installed_by_uv(settings, v):
                continue  # only an old --extra-index-url: pip takes PyPI's newer CUDA torch (RD-IMG-002), not this wheel
            if version and rocm_pin_finds_no_index(settings, v, str(req)):
                continue
            nightly = any("/nightly/" in i for i in indexes) and "+rocm" not in str(req).lower()
            if nightly and version and tuple(version[:2]) < NIGHTLY_ROCM_SINCE:
                continue  # a retired nightly channel serves nothing: RD-IMG-010's one finding, no wheel to judge
            archs = torch_wheels.wheel_targets(version, torch_wheels.torch_release(str(req)), nightly) if version else None
            if archs:
                out.append((f"torch {'.'.join(map(str, version))} wheel", ";".join(archs), v.evidence(), v.origin.label))
                break
    return out


def _first_carried(missing) -> str:
    said = [f"{g} is in {torch_wheels.first_carried(g)}" for g in missing if torch_wheels.first_carried(g)]
    return "; ".join(said) or "none of PyTorch's wheels carry it yet: build torch with PYTORCH_ROCM_ARCH"


def _line_naming(settings, v, req: str):
    """Evidence at the line of a multi-line install that names ``req`` (`uv pip install \\` then the wheel)."""
    art = artifact_at(settings, v.origin.path)
    first = v.origin.line or 0
    if art is None or not first:
        return v.evidence()
    lines = art.lines()
    for n in range(first, min(len(lines), first + 40) + 1):
        if req.strip("'\"") in lines[n - 1]:
            return ev(art.origin(n).label, art.origin(n).text)
    # the requirement as written, its extra or version still a build arg (`"torch[${DEVICE_VERSION}]"`)
    name = requirement_name(req)
    named = re.compile(r"(?<![\w.-])" + re.escape(name or "") + r"(?:\[|[=<>~!]=|[\s\"']|$)")
    for n in range(first, min(len(lines), first + 40) + 1) if name else ():
        if named.search(lines[n - 1]) and "$" in lines[n - 1] and not lines[n - 1].lstrip().startswith("#"):
            return ev(art.origin(n).label, art.origin(n).text)
    # `WHEEL_URL=https://.../torch-...whl` above, `pip install "$WHEEL_URL"` here: the line that writes it
    for n in range(min(first, len(lines) + 1) - 1, 0, -1):
        if req.strip("'\"") in lines[n - 1] and not lines[n - 1].lstrip().startswith("#"):
            return ev(art.origin(n).label, art.origin(n).text)
    return v.evidence()


@check("RD-ENV-002", area="env", title="PYTORCH_ROCM_ARCH and build target lists cover the GPUs' architectures",
       sources=[PYTORCH_ARCH, "https://github.com/bitsandbytes-foundation/bitsandbytes/blob/main/CMakeLists.txt"])
def pytorch_rocm_arch(env, gpus, settings=None):
    lists = _arch_values(env, settings)
    if not lists:
        return ok("PYTORCH_ROCM_ARCH is not set", "Extension builds target torch's own arch list.")
    if not gpus:
        return skip("GPU target lists are set, but there is no AMD GPU to compare them with",
                    evidence=[e for _n, _v, e, _l in lists])
    # The GPU's real target, never an HSA_OVERRIDE_GFX_VERSION's: an override is a workaround that
    # RD-ENV-001 judges, and code built only for the overridden target breaks once it goes.
    discrete = [g for g in gpus if not g.integrated]
    needed = sorted({g.gfx for g in (discrete or gpus) if g.gfx})
    out = []
    for name, value, evidence, where in lists:
        if "$" in value or "`" in value:
            continue  # still a variable or a command's output (`rocminfo | grep gfx`): its value comes at run time
        listed = {arch_base(a) for a in re.split(r"[;,\s]+", value.strip("\"'")) if a.strip()}
        if not listed or not any(a.startswith("gfx") or a == "native" for a in listed):
            continue  # no AMD target in it: a CUDA build's list (VLLM_GPU_ARCHES="8.0;9.0") is not judged here
        if "native" in listed:
            _native(out, name, value, evidence, where, settings, needed)
            continue
        missing = [g for g in needed if g not in listed]
        if not missing:
            out.append(ok(f"{name}={value} covers the GPUs ({', '.join(needed)})", subject=where,
                          evidence=[evidence]))
            continue
        if name == "torch wheel for one GPU target":
            out.append(warn(f"torch built for {value.replace(';', ', ')} only: no kernels for {', '.join(missing)}",
                            "The wheel's source names the GPU targets it was built for (a per-target index, a "
                            "device-gfx extra, a per-target release); on another target torch sees the GPU and fails "
                            "with 'invalid device function' or 'no kernel image'. Install the build for "
                            f"{', '.join(missing)} (its own index or extra).", subject=where,
                            evidence=[evidence] + _arg_lines(settings, evidence),
                            sources=["https://github.com/ROCm/TheRock/blob/main/RELEASES.md"]))
            continue
        if name.startswith("torch "):
            rocm = name.split()[1]
            out.append(warn(f"torch from PyTorch's rocm{rocm} wheels has no kernels for {', '.join(missing)}",
                            f"PyTorch built its rocm{rocm} wheels for {value.replace(';', ', ')} only; on "
                            f"{', '.join(missing)} torch fails with 'invalid device function' or 'no kernel image' "
                            "(an HSA_OVERRIDE_GFX_VERSION that hides this runs another GPU's code). Install the wheels "
                            "of a ROCm release that covers the GPU (" + _first_carried(missing) + ").",
                            subject=where, evidence=[evidence] + _arg_lines(settings, evidence),
                            sources=list(torch_wheels.SOURCES)))
            continue
        in_file = _file_of(where) != where  # a file's line, not the live environment
        same = next((f for f in out if in_file and f.data.get("target_list") == (_file_of(where), value)), None)
        if same is not None:  # one list written into several variables of one file (`ARG GPU_ARCH` used by
            # PYTORCH_ROCM_ARCH, GPU_TARGETS, CMAKE_HIP_ARCHITECTURES ...): one finding, every line
            names = same.data["names"] + [name] if name not in same.data["names"] else same.data["names"]
            places = {(e.source, e.text): e for e in (*same.evidence, *_places(env, name, evidence))}
            live = [n for n in names if env is not None and n in env]
            out[out.index(same)] = replace(same, title=f"{', '.join(names)}={value} leave{'s' if len(names) == 1 else ''} "
                                                       f"out {', '.join(missing)}",
                                           evidence=tuple(places.values()), data=dict(same.data, names=names),
                                           fix=unset_fix(*live, env=env) if live else same.fix)
            continue
        out.append(warn(f"{name}={value} leaves out {', '.join(missing)}",
                        "HIP code built for this list (DeepSpeed ops, flash-attn, bitsandbytes, a torch source "
                        f"build, any CMake HIP project) has no kernels for {', '.join(missing)} and fails at run "
                        "time with 'invalid device function' or 'no kernel image'. Set it to the GPUs' targets "
                        f"({name}={';'.join(needed)}) or leave it unset.", subject=where,
                        evidence=_places(env, name, evidence) + _arg_lines(settings, evidence),
                        fix=unset_fix(name, env=env) if env is not None and name in env else None,
                        data={"target_list": (_file_of(where), value), "names": [name]}))
    return out or ok("no fixed AMD target list here (variables, values computed at run time, or lists with no gfx)")


def _file_of(where: str) -> str:
    return where.rpartition(":")[0] if where.rpartition(":")[2].isdigit() else where


def _arg_lines(settings, evidence) -> list:
    """The `ARG NAME=value` line a Dockerfile's list took its value from (`ARG GPU_ARCH=gfx1201`, then
    `ENV PYTORCH_ROCM_ARCH=${GPU_ARCH}`): where the value is written, to change once."""
    path, _, line = (evidence.source or "").rpartition(":")
    if settings is None or not line.isdigit():
        return []
    out: list = []
    for a in args_read(settings, path, int(line), evidence.text or ""):
        out.append(a.evidence())
        art = artifact_at(settings, a.origin.path)
        given = pick(art.data, "args_given", a.name[4:], default=None) if art is not None else None
        if not (isinstance(given, list) and len(given) == 2 and isinstance(given[1], int) and given[1] > 0):
            continue
        by = artifact_at(settings, str(given[0]))
        if by is not None:  # the build that gives this ARG its value
            out.append(ev(by.origin(given[1]).label, by.origin(given[1]).text))
    return list({e.source: e for e in reversed(out)}.values())[::-1]  # each place once, in order


def _places(env, name: str, evidence) -> list:
    """Every place that sets the variable to the value judged, the effective one last (a setup script's line in
    ~/.bashrc and its export for the session): one finding, each line that needs changing."""
    if env is not None and name in env and evidence.source == env_ev(env, name).source:
        return env_evs(env, name)
    return [evidence]


def _native(out, name, value, evidence, where, settings, needed) -> None:
    """`native`: the compiler asks amdgpu-arch for the GPUs it sees: this machine's on the host, none in
    `docker build` (no /dev/kfd). One finding per Dockerfile (its ARG and the cmake line it fills)."""
    path = _file_of(where)
    kinds = {a.kind for a in (settings.artifacts if settings is not None else ()) if a.path == path}
    if "dockerfile" not in kinds:
        out.append(ok(f"{name}={value} detects the GPUs where it builds ({', '.join(needed)} here)",
                      subject=where, evidence=[evidence]))
        return
    i = next((i for i, f in enumerate(out) if "docker build" in f.title and f.subject.startswith(path + ":")), None)
    if i is not None:
        out[i] = replace(out[i], evidence=out[i].evidence + (evidence,))
        return
    out.append(warn(f"{name}={value} in a docker build: no GPU to detect there",
                    "`native` makes the compiler ask amdgpu-arch for the GPUs it can see; `docker build` runs "
                    "without /dev/kfd, so it finds none and the HIP build stops ('cannot determine amdgcn "
                    f"architecture') or builds no GPU code. Name the targets: {name}={';'.join(needed)}.",
                    subject=where, evidence=[evidence],
                    sources=["https://github.com/ggml-org/llama.cpp/blob/master/docs/build.md"]))
