"""The training stack: DeepSpeed's op builders, declared requirements between installed
distributions, and LLaMA-Factory's runtime version checks.

``deepspeed_ops`` comes from the child probe ``childprobes/deepspeed_ops.py`` (DeepSpeed's
own op-builder API, nothing compiled), or from rocmdoctor.machine.envcache when nothing that
determines its answers changed since it last ran. ``pins`` evaluates every installed distribution's
``Requires-Dist`` with ``packaging``, for the scanned interpreter's Python version.
``llamafactory`` reads the checks from the installed LLaMA-Factory source, with the
table in ``knowledge/llamafactory.py`` as fallback.
"""
from __future__ import annotations

import posixpath
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..machine import envcache
from ..knowledge import llamafactory as lf
from ..base.records import dataclass, field
from ..base.versions import major_minor
from . import Missing, fact, probe_data

if TYPE_CHECKING:
    from .python_env import Distribution, PythonEnv


# ------------------------------------------------------------------ DeepSpeed ops
@dataclass(frozen=True)
class OpStatus:
    name: str
    build_var: str | None  # DS_BUILD_* variable of its builder
    kind: str  # "cuda" (CUDAOpBuilder: hipified on ROCm) or "cpu"
    installed: bool  # prebuilt into the wheel
    compatible: bool  # builder.is_compatible(): could be JIT-built
    reasons: tuple[str, ...] = ()  # what the builder printed when asked
    error: str | None = None  # is_compatible() raised
    flag_error: str | None = None  # computing its compiler flags raised (the CUDA check)


@dataclass(frozen=True)
class DeepSpeedOps:
    version: str | None
    accelerator: str | None
    torch_version: str | None
    torch_hip: str | None
    torch_cuda: str | None
    is_rocm_pytorch: bool | None  # DeepSpeed's own answer (needs torch.version.hip AND ROCM_HOME)
    rocm_home: str | None
    hipcc: str | None
    ninja: bool | None
    compiled_with: dict  # git_version_info.torch_info: what the prebuilt ops were built against
    validate: dict  # DeepSpeed's load-time version checks on prebuilt ops
    ops: tuple[OpStatus, ...]
    env: dict  # DS_* and related variables seen by the probe
    import_error: str | None = None
    flag_dry_run: bool = False
    raw: dict = field(default_factory=dict, compare=False, repr=False)

    def op(self, name: str) -> OpStatus | None:
        return next((o for o in self.ops if o.name == name), None)

    @property
    def rocm_torch(self) -> bool:
        return bool(self.torch_hip)


def _parse_ops(data: dict) -> DeepSpeedOps:
    ds = data.get("deepspeed") or {}
    t = data.get("torch") or {}
    ops = []
    for o in data.get("ops") or []:
        if not isinstance(o, dict) or not o.get("name"):
            continue
        ops.append(OpStatus(str(o["name"]), o.get("build_var"), str(o.get("kind") or "cpu"),
                            bool(o.get("installed")), bool(o.get("compatible")),
                            tuple(str(r) for r in o.get("reasons") or ()), o.get("error"), o.get("flag_error")))
    err = data.get("deepspeed_import_error")
    if data.get("torch") is None and not err:
        err = f"torch does not import: {data.get('torch_import_error') or 'unknown error'}"
    return DeepSpeedOps(
        version=ds.get("version"), accelerator=ds.get("accelerator"), torch_version=t.get("version"),
        torch_hip=t.get("hip"), torch_cuda=t.get("cuda"), is_rocm_pytorch=ds.get("is_rocm_pytorch"),
        rocm_home=t.get("rocm_home"), hipcc=t.get("hipcc"), ninja=t.get("ninja"),
        compiled_with=dict(ds.get("compiled_with") or {}), validate=dict(ds.get("validate") or {}),
        ops=tuple(ops), env=dict(data.get("env") or {}), import_error=err,
        flag_dry_run=bool(data.get("flag_dry_run")), raw=data)


# The shape childprobes/deepspeed_ops.py prints; a snapshot may hold anything else.
DEEPSPEED_PROBE = {
    "errors": [str], "python": str, "env": {"*": str}, "flag_dry_run": bool, "import_s": (int, float),
    "llamafactory": {"origin": str, "dirs": [str], "error": str},
    "torch": {"version": str, "hip": str, "cuda": str, "rocm_home": str, "cuda_home": str, "ninja": bool,
              "hipcc": str, "cpp_extension_error": str},
    "torch_import_error": str, "deepspeed_import_error": str, "deepspeed_import_trace": [str],
    "deepspeed": {"version": str, "file": str, "git_hash": str, "accelerator": str, "installed_accelerator": str,
                  "compiled_with": {}, "is_rocm_pytorch": bool, "is_rocm_pytorch_error": str,
                  "installed_rocm_version": [int], "installed_rocm_version_error": str, "validate": {}},
    "ops": [{"name": str, "builder": str, "build_var": str, "kind": str, "installed": bool, "compatible": bool,
             "reasons": [str], "error": str, "flag_error": str}],
}


@dataclass(frozen=True)
class DeepSpeedProbe:
    """The DeepSpeed/LLaMA-Factory child probe's answer (run once per scan). ``raw`` is its JSON
    conformed to DEEPSPEED_PROBE: many sections, typed by the deepspeed_ops fact (DeepSpeedOps)."""

    raw: Mapping
    llamafactory_dirs: tuple[str, ...] | None = None  # older snapshots: LLaMA-Factory's location came from here


@fact("deepspeed_probe")
def deepspeed_probe(ctx) -> DeepSpeedProbe:
    if not ctx.at_least("default"):
        raise Missing("the DeepSpeed probe runs at --level default and above")
    dists = ctx.get("distributions")
    if "deepspeed" not in dists and "llamafactory" not in dists:
        raise Missing("neither deepspeed nor llamafactory is installed")
    data = probe_data(ctx, "deepspeed", DEEPSPEED_PROBE)
    loc = data.get("llamafactory")
    dirs = tuple(str(p) for p in loc.get("dirs") or [] if isinstance(p, str)) if isinstance(loc, dict) else None
    return DeepSpeedProbe(raw=data, llamafactory_dirs=dirs)


@fact("deepspeed_ops")
def deepspeed_ops(ctx) -> DeepSpeedOps:
    if "deepspeed" not in ctx.get("distributions"):
        exe = ctx.get("python").executable or "the scanned interpreter"
        raise Missing(f"deepspeed is not installed in {exe}")
    return _parse_ops(ctx.get("deepspeed_probe").raw)


# ------------------------------------------------------------------ requirement pins
@dataclass(frozen=True)
class Violation:
    requirer: str  # distribution that declares the requirement
    requirer_version: str
    requirement: str  # as declared, e.g. "deepspeed<=0.16.9; extra == 'deepspeed'"
    package: str  # normalised name of the required distribution
    specifier: str  # e.g. "<=0.16.9,>=0.10.0"
    installed: str | None  # None: not installed
    extra: str | None = None  # the extra it belongs to, if any

    @property
    def missing(self) -> bool:
        return self.installed is None


def _marker_env(ver: str | None) -> dict:
    from packaging.markers import default_environment

    env = dict(default_environment())
    if isinstance(ver, str) and ver.count(".") >= 1:
        env["python_full_version"] = ver
        env["python_version"] = major_minor(ver)
    return env


def requirement_violations(dists: dict[str, Distribution], python: PythonEnv | None = None) -> list[Violation]:
    """Like ``pip check``: base requirements of every distribution, plus the extras of
    LLaMA-Factory on the training stack when that package is installed (its
    ``deepspeed`` extra holds the DeepSpeed pin). Cached on its inputs (envcache)."""
    ver = python.version if python is not None else None
    # The cache keys on the arguments' JSON (envcache.memoized).
    return _violations({k: d.to_json() for k, d in dists.items()}, ver if isinstance(ver, str) else None)


def _encode(vs: list[Violation]) -> list[dict]:
    from dataclasses import asdict

    return [asdict(v) for v in vs]


def _decode(data) -> list[Violation] | None:
    """A cached answer back into Violations; None (recompute) unless every field has its type."""
    from dataclasses import fields

    if not isinstance(data, list):
        return None
    out = []
    for d in data:
        if not isinstance(d, dict) or set(d) != {f.name for f in fields(Violation)}:
            return None
        if not all(isinstance(d[k], str) for k in ("requirer", "requirer_version", "requirement", "package",
                                                   "specifier")) \
                or not all(d[k] is None or isinstance(d[k], str) for k in ("installed", "extra")):
            return None
        out.append(Violation(**d))
    return out


@envcache.memoized("requirement_violations", _encode, _decode)
def _violations(dists: dict, python_version: str | None) -> list[Violation]:
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.version import InvalidVersion, Version

    env = _marker_env(python_version)
    out = []
    for key, d in sorted(dists.items()):
        if not isinstance(d, dict):
            continue
        for text in d.get("requires") or []:
            try:
                req = Requirement(text)
            except InvalidRequirement:
                continue
            pkg = lf.normalise(req.name)
            extra = None
            if req.marker is not None:
                if req.marker.evaluate(dict(env, extra="")):
                    pass
                elif key == "llamafactory" and pkg in lf.STACK and pkg in dists:
                    extra = _matching_extra(req, env, text)
                    if extra is None:
                        continue
                else:
                    continue
            inst = dists.get(pkg)
            if inst is None:
                if extra is None:
                    out.append(Violation(d.get("name", key), str(d.get("version")), text, pkg,
                                         str(req.specifier), None))
                continue
            try:
                ok = req.specifier.contains(Version(str(inst.get("version"))), prereleases=True)
            except InvalidVersion:
                continue
            if not ok:
                out.append(Violation(d.get("name", key), str(d.get("version")), text, pkg,
                                     str(req.specifier), str(inst.get("version")), extra))
    return out


def _matching_extra(req, env: dict, text: str) -> str | None:
    import re

    for name in re.findall(r"extra\s*==\s*['\"]([^'\"]+)['\"]", text):
        if req.marker.evaluate(dict(env, extra=name)):
            return name
    return None


@fact("pins")
def pins(ctx) -> list[Violation]:
    return requirement_violations(ctx.get("distributions"), ctx.optional("python"))


# ------------------------------------------------------------------ LLaMA-Factory
@dataclass(frozen=True)
class LlamaFactory:
    version: str
    checks: tuple[lf.RuntimeCheck, ...]
    origin: str  # where the checks came from: file paths, or "table v0.9.3"
    approximate: bool  # True when taken from the fallback table


@fact("llamafactory")
def llamafactory(ctx) -> LlamaFactory:
    dists = ctx.get("distributions")
    d = dists.get("llamafactory")
    if not d:
        raise Missing("LLaMA-Factory is not installed")
    version = str(d.version)
    checks: list[lf.RuntimeCheck] = []
    read_from = []
    for pkg_dir in _package_dirs(ctx):
        for rel in lf.CHECK_FILES:
            path = posixpath.join(pkg_dir, rel)
            r = ctx.source.read(path)
            if r.ok:
                read_from.append(path)
                checks += lf.parse_runtime_checks(r.text, rel)
        if read_from:
            break
    if read_from and checks:
        return LlamaFactory(version, tuple(checks), ", ".join(read_from), False)
    known = lf.known_checks(version)
    if known is None:
        raise Missing(f"LLaMA-Factory {version}: its source was not readable and no table entry covers it")
    return LlamaFactory(version, tuple(known[1]), f"table v{known[0]}", True)


def _package_dirs(ctx) -> list[str]:
    static = ctx.optional("python_static")
    if static is not None and static.llamafactory_probed:  # found without importing (find_spec), no child needed
        loc = static.llamafactory
        return [str(p) for p in loc.get("dirs") or [] if isinstance(p, str)] if isinstance(loc, dict) else []
    probe = ctx.optional("deepspeed_probe")  # snapshots from before the static facts
    return list(probe.llamafactory_dirs or ()) if probe is not None else []
