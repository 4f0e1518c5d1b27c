"""Finding checks: the built-in modules in rocmdoctor.checks, then plugins.

Plugins declare an entry point in the group ``rocmdoctor.checks`` naming a module (all
its @check functions are taken) or a single function. ROCMDOCTOR_DISABLE_PLUGIN_AUTOLOAD=1
turns plugin loading off. A plugin that fails to import, or reuses a built-in code, is
reported as a load problem and left out; it never stops the scan.
"""
from __future__ import annotations

import importlib
import os
import pkgutil
from dataclasses import dataclass, field, replace
from types import ModuleType

from .check import CheckSpec

ENTRY_POINT_GROUP = "rocmdoctor.checks"
BUILTIN_PACKAGE = "rocmdoctor.checks"


@dataclass
class Registry:
    checks: list[CheckSpec] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # plugin load errors, duplicate codes

    def add(self, spec: CheckSpec) -> None:
        clash = next((c for c in self.checks if c.code == spec.code), None)
        if clash is not None:
            self.problems.append(f"{spec.name} ({spec.plugin}) reuses code {spec.code} of "
                                 f"{clash.name} ({clash.plugin}); left out")
            return
        self.checks.append(spec)

    def by_code(self, code: str) -> CheckSpec | None:
        return next((c for c in self.checks if c.code == code), None)


def specs_in(module: ModuleType, plugin: str = "rocmdoctor") -> list[CheckSpec]:
    out = []
    for obj in vars(module).values():
        spec = getattr(obj, "__rocmdoctor_check__", None)
        if isinstance(spec, CheckSpec) and obj.__module__ == module.__name__:
            out.append(replace(spec, plugin=plugin))
    return sorted(out, key=lambda s: s.code)


def _builtin(reg: Registry) -> None:
    pkg = importlib.import_module(BUILTIN_PACKAGE)
    for info in pkgutil.iter_modules(pkg.__path__, BUILTIN_PACKAGE + "."):
        mod = importlib.import_module(info.name)
        for spec in specs_in(mod):
            # Guard against the repo-root trap: a bare `checks.x` import is a second copy.
            if not spec.func.__module__.startswith("rocmdoctor."):
                raise ImportError(f"check {spec.name} loaded outside the rocmdoctor package")
            reg.add(spec)


def _plugins(reg: Registry) -> None:
    from importlib.metadata import entry_points

    try:
        eps = entry_points(group=ENTRY_POINT_GROUP)
    except Exception as exc:  # a broken distribution's metadata
        reg.problems.append(f"could not list plugins: {exc}")
        return
    for ep in sorted(eps, key=lambda e: e.name):
        dist = getattr(ep, "dist", None)
        plugin = dist.name if dist is not None else ep.value.split(":")[0]
        if plugin == "rocmdoctor":
            continue
        try:
            obj = ep.load()
        except Exception as exc:
            reg.problems.append(f"plugin {plugin} ({ep.value}) failed to load: {type(exc).__name__}: {exc}")
            continue
        if isinstance(obj, ModuleType):
            found = specs_in(obj, plugin)
        else:
            spec = getattr(obj, "__rocmdoctor_check__", None)
            found = [replace(spec, plugin=plugin)] if isinstance(spec, CheckSpec) else []
        if not found:
            reg.problems.append(f"plugin {plugin} ({ep.value}) defines no @check functions")
        for spec in found:
            reg.add(spec)


def load(plugins: bool | None = None) -> Registry:
    if plugins is None:
        plugins = os.environ.get("ROCMDOCTOR_DISABLE_PLUGIN_AUTOLOAD", "") not in ("1", "true", "yes")
    reg = Registry()
    _builtin(reg)
    if plugins:
        _plugins(reg)
    return reg


def matches(code: str, patterns: list[str] | tuple[str, ...]) -> bool:
    """Select/ignore by code or prefix: 'RD-IOMMU' matches RD-IOMMU-001; 'ALL' matches all."""
    for p in patterns:
        p = p.strip().upper()
        if p in ("ALL", "") or code == p or code.startswith(p.rstrip("-") + "-"):
            return True
    return False
