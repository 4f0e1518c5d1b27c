"""Finding checks: the built-in modules in rocmdoctor.checks, then plugins.

Plugins declare an entry point in the group ``rocmdoctor.checks`` naming a module (all
its @check functions are taken) or a single function. ROCMDOCTOR_DISABLE_PLUGIN_AUTOLOAD=1
turns plugin loading off. A plugin that fails to import, or reuses a built-in code, is
reported as a load problem and left out; it never stops the scan.
"""
from __future__ import annotations

import importlib
import os
import re
import sys
from types import ModuleType
from typing import Iterable

from .check import CheckSpec
from ..base.modules import iter_modules
from ..base.records import dataclass, field, replace

ENTRY_POINT_GROUP = "rocmdoctor.checks"
BUILTIN_PACKAGE = "rocmdoctor.checks"


@dataclass
class Registry:
    checks: list[CheckSpec] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # plugin load errors, duplicate codes
    reserved: set[str] = field(default_factory=set)  # codes of built-in checks not loaded (out of level)

    def add(self, spec: CheckSpec) -> None:
        clash = next((c for c in self.checks if c.code == spec.code), None)
        if clash is None and spec.code in self.reserved:
            self.problems.append(f"{spec.name} ({spec.plugin}) reuses code {spec.code} of a built-in check; left out")
            return
        if clash is not None:
            self.problems.append(f"{spec.name} ({spec.plugin}) reuses code {spec.code} of "
                                 f"{clash.name} ({clash.plugin}); left out")
            return
        self.checks.append(spec)

    def by_code(self, code: str) -> CheckSpec | None:
        return next((c for c in self.checks if c.code == code), None)

    def select(self, select: Iterable[str] | None = None, ignore: Iterable[str] | None = None) -> list[CheckSpec]:
        """The checks ``select`` names (all when empty) less those ``ignore`` names, by code or prefix."""
        select, ignore = list(select or []), list(ignore or [])
        return [s for s in self.checks if (not select or matches(s.code, select)) and not matches(s.code, ignore)]


def specs_in(module: ModuleType, plugin: str = "rocmdoctor") -> list[CheckSpec]:
    out = []
    for obj in vars(module).values():
        spec = getattr(obj, "__rocmdoctor_check__", None)
        if isinstance(spec, CheckSpec) and obj.__module__ == module.__name__:
            out.append(replace(spec, plugin=plugin))
    return sorted(out, key=lambda s: s.code)


def _builtin(reg: Registry, wanted=None) -> None:
    """Import the built-in check modules. ``wanted(level, option)`` (from :func:`load`) lets a
    scan skip a module whose every check it would leave out, as read from the module's source
    by :func:`declared`: a quick scan then never imports the benchmark or config-lint checks."""
    pkg = importlib.import_module(BUILTIN_PACKAGE)
    for info in iter_modules(pkg.__path__, BUILTIN_PACKAGE + "."):
        if wanted is not None and _skippable(info, wanted, reg):
            continue
        mod = importlib.import_module(info.name)
        specs = specs_in(mod)
        if info.ispkg:  # an area split into modules (checks/bench/): its checks in code order, as a module's
            for sub in iter_modules(mod.__path__, info.name + "."):
                specs += specs_in(importlib.import_module(sub.name))
            specs.sort(key=lambda s: s.code)
        for spec in specs:
            # Guard against the repo-root trap: a bare `checks.x` import is a second copy.
            if not spec.func.__module__.startswith("rocmdoctor."):
                raise ImportError(f"check {spec.name} loaded outside the rocmdoctor package")
            reg.add(spec)


# One `@check(...)` decorator up to the `def` it decorates; its code, level and option. Read from the
# source, not run: `level=` and `option=` must be string literals (docs/writing-checks.md, "Start-up rules";
# tests/test_registry.py holds every built-in module to it).
_DECORATOR = re.compile(r"^@check\((.*?)\)\s*\n(?:@[^\n]*\n)*(?:async\s+)?def ", re.S | re.M)
_CODE = re.compile(r"""\A\s*["']([^"']+)["']""")


def declared(text: str) -> list[tuple[str, str, str | None]] | None:
    """(code, level, option) of each ``@check`` in a module's source, read without importing
    it; None when a decorator is not plain literals (or `check(` is used some other way), so
    the module must be imported to know."""
    out = []
    for m in _DECORATOR.finditer(text):
        args = m.group(1)
        code = _CODE.match(args)
        values = {}
        for key in ("level", "option"):
            km = re.search(rf"\b{key}\s*=\s*", args)
            if km is None:
                continue
            vm = re.match(r"""(["'])(\w+)\1\s*(?:,|\Z)""", args[km.end():].rstrip().rstrip(","))
            if vm is None and args[km.end():].startswith("None"):
                continue
            if vm is None:
                return None
            values[key] = vm.group(2)
        if code is None:
            return None
        out.append((code.group(1), values.get("level", "quick"), values.get("option")))
    if len(out) != _calls(text):
        return None
    return out


def _calls(text: str) -> int:
    """How many times ``check(`` is called (not ``_check(`` or ``x.check(``): str.find, because
    a regex with a look-behind costs more than the rest of the index."""
    n, i = 0, text.find("check(")
    while i != -1:
        if i == 0 or not (text[i - 1].isalnum() or text[i - 1] in "_."):
            n += 1
        i = text.find("check(", i + 6)
    return n


def _sources(info) -> list[str] | None:
    """Paths of a check module's source files (a package: its modules); None if unknown."""
    base = info.path
    if not base:
        return None
    leaf = info.name.rsplit(".", 1)[1]
    if not info.ispkg:
        return [os.path.join(base, leaf + ".py")]
    d = os.path.join(base, leaf)
    try:
        return [os.path.join(d, n) for n in sorted(os.listdir(d)) if n.endswith(".py")]
    except OSError:
        return None


def _skippable(info, wanted, reg: Registry) -> bool:
    """True when every check the module declares is one the scan would leave out; their codes
    are kept (reg.reserved) so a plugin reusing one is still refused."""
    paths = _sources(info)
    if not paths:
        return False
    found = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as fh:
                decl = declared(fh.read())
        except (OSError, UnicodeDecodeError):
            return False
        if decl is None:
            return False
        found += decl
    if not found:
        # No `check(` anywhere in it: a helper module (checks/image_torch.py), imported by the
        # check modules that use it; a scan has nothing to register from it.
        return True
    if any(wanted(level, option) for _, level, option in found):
        return False
    reg.reserved.update(code for code, _, _ in found)
    return True


@dataclass(frozen=True)
class EntryPoint:
    """One ``[rocmdoctor.checks]`` line of a distribution's entry_points.txt."""
    name: str
    value: str  # "module" or "module:attr"
    dist: str  # the distribution's Name

    def load(self):
        module, _, attr = self.value.partition("[")[0].strip().partition(":")
        obj = importlib.import_module(module.strip())
        for part in attr.strip().split(".") if attr.strip() else ():
            obj = getattr(obj, part)
        return obj


def entry_points(group: str = ENTRY_POINT_GROUP, path: list[str] | None = None) -> list[EntryPoint]:
    """The group's entry points, read from each distribution's entry_points.txt.

    importlib.metadata.entry_points() parses every installed distribution's metadata to
    answer (tens of ms with a full ML stack); only the few files that name the group matter
    here. As there, the first distribution of a name on sys.path wins."""
    out: list[EntryPoint] = []
    seen: set[str] = set()
    for entry in sys.path if path is None else path:
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:
            continue
        for d in names:
            if not d.endswith((".dist-info", ".egg-info")):
                continue
            key = d.partition("-")[0] if "-" in d else d.rsplit(".", 1)[0]
            key = key.lower().replace("_", "-").replace(".", "-")
            if key in seen:
                continue
            seen.add(key)
            try:
                with open(os.path.join(entry or ".", d, "entry_points.txt"), encoding="utf-8") as fh:
                    text = fh.read()
            except OSError:
                continue
            lines = _section(text, group)
            if not lines:
                continue
            dist = _dist_name(os.path.join(entry or ".", d)) or key
            out.extend(EntryPoint(n, v, dist) for n, v in lines)
    return out


def _section(text: str, group: str) -> list[tuple[str, str]]:
    out, inside = [], False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
            continue
        if inside and "=" in line:
            name, _, value = line.partition("=")
            out.append((name.strip(), value.strip()))
    return out


def _dist_name(dist_dir: str) -> str | None:
    for meta in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(dist_dir, meta), encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    if not line.strip():
                        break
                    if line.lower().startswith("name:"):
                        return line.split(":", 1)[1].strip()
        except OSError:
            continue
    return None


def _plugins(reg: Registry) -> None:
    try:
        eps = entry_points(ENTRY_POINT_GROUP)
    except Exception as exc:  # a broken distribution's metadata
        reg.problems.append(f"could not list plugins: {exc}")
        return
    for ep in sorted(eps, key=lambda e: e.name):
        plugin = ep.dist
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


def load(plugins: bool | None = None, level: str | None = None, options: dict | None = None) -> Registry:
    """The checks: built-in, then plugins. With ``level`` (a scan's), built-in modules none of
    whose checks that scan would run (above its level, or needing an option it was not given)
    are not imported; the registry then holds only what the scan can run."""
    if plugins is None:
        plugins = os.environ.get("ROCMDOCTOR_DISABLE_PLUGIN_AUTOLOAD", "") not in ("1", "true", "yes")
    reg = Registry()
    wanted = None
    if level is not None:
        from ..facts import LEVELS, level_rank

        rank, given = level_rank(level), {k for k, v in (options or {}).items() if v}
        wanted = lambda lv, opt: (lv not in LEVELS or level_rank(lv) <= rank) and (not opt or opt in given)  # noqa: E731
    _builtin(reg, wanted)
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
