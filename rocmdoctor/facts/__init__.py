"""Facts: what the machine is, parsed once per scan from the source.

A fact is a function decorated with :func:`fact`; checks name the facts they need as
parameters and the engine passes them in. A fact that cannot be established raises
:class:`Missing` with the reason; a check needing it is then skipped with that reason
(unless the parameter has a default, which it receives instead).
"""
from __future__ import annotations

import importlib
from typing import Any, Callable

from ..machine.sources import Source

LEVELS = ("quick", "default", "bench", "train")


class Missing(Exception):
    """A fact is not available; str(exc) says why, for the skip finding."""


def fact(name: str) -> Callable:
    def deco(fn: Callable) -> Callable:
        setattr(fn, "__rocmdoctor_fact__", name)  # noqa: B010  (a function attribute mypy does not know)
        return fn

    return deco


def conform(value: Any, schema: Any) -> Any:
    """Coerce untrusted probe JSON (a snapshot may hold anything) to the shape the probe
    writes, so checks can trust the types. ``schema`` is a type or tuple of types (a
    mismatch becomes None), ``[item]`` (a list; items of the wrong kind are dropped) or
    ``{key: schema}`` (a dict; ``"*"`` applies to every value). A container of the wrong
    kind becomes None; keys the schema does not name pass through unchanged."""
    if isinstance(schema, dict):
        if not isinstance(value, dict):
            return None
        out = {}
        for k, v in value.items():
            sub = schema.get(k, schema.get("*", _ANY))
            out[k] = v if sub is _ANY else conform(v, sub)
        return out
    if isinstance(schema, list):
        if not isinstance(value, list):
            return None
        return [conform(v, schema[0]) for v in value if _fits(v, schema[0])]
    return value if _fits(value, schema) else None


_ANY = object()


def _fits(value: Any, schema: Any) -> bool:
    if isinstance(schema, dict):
        return isinstance(value, dict)
    if isinstance(schema, list):
        return isinstance(value, list)
    types = schema if isinstance(schema, tuple) else (schema,)
    if isinstance(value, bool) and bool not in types:
        return False  # JSON true is no count or id
    return isinstance(value, types)


def probe_data(ctx, name: str, schema=None) -> Any:
    """A probe's data, conformed to ``schema`` (see :func:`conform`) when one is given.
    Raises Missing naming the probe when it failed or its data has the wrong shape."""
    r = ctx.source.probe(name)
    if not r.ok:
        raise Missing(f"{name} probe: {r.error}")
    if schema is None:
        return r.data
    data = conform(r.data, schema)
    if data is None:
        raise Missing(f"{name} probe: not {'a list' if isinstance(schema, list) else 'a mapping'}")
    return data


def level_rank(level: str) -> int:
    return LEVELS.index(level)


def _discover() -> dict[str, Callable]:
    out: dict[str, Callable] = {}
    from ..base.modules import iter_modules

    for mod in iter_modules(__path__, __name__ + "."):
        m = importlib.import_module(mod.name)
        for obj in vars(m).values():
            name = getattr(obj, "__rocmdoctor_fact__", None)
            if name and getattr(obj, "__module__", None) == m.__name__:
                if name in out:  # two providers would make results depend on import order
                    raise ImportError(f"fact {name!r} defined twice: {out[name].__module__} and {m.__name__}")
                out[name] = obj
    return out


_REGISTRY: dict[str, Callable] | None = None
_INDEX: dict[str, str] | None = None
_LOADED: dict[str, Callable] = {}


def registry() -> dict[str, Callable]:
    """Fact functions are pure code, so the table is built once per process."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = _discover()
    return _REGISTRY


def _index() -> dict[str, str]:
    """Fact name -> module, read from the sources' ``@fact("name")`` lines without
    importing them: a quick scan then never imports the Python-environment facts."""
    global _INDEX
    if _INDEX is None:
        import os
        import re

        pattern = re.compile(r"""^@fact\(\s*["']([^"']+)["']\s*\)""", re.M)
        index: dict[str, str] = {}
        from ..base.modules import iter_modules

        for mod in iter_modules(__path__, __name__ + "."):
            path = os.path.join(mod.path, mod.name.rsplit(".", 1)[1] + ".py")
            try:
                with open(path, encoding="utf-8") as fh:
                    names = pattern.findall(fh.read())
            except OSError:
                names = []
            for n in names:
                index.setdefault(n, mod.name)
        _INDEX = index
    return _INDEX


def lookup(name: str) -> Callable | None:
    """The function of one fact, importing only the module that defines it."""
    fn = _LOADED.get(name)
    if fn is not None:
        return fn
    if _REGISTRY is None:
        mod = _index().get(name)
        if mod is not None:
            m = importlib.import_module(mod)
            for obj in vars(m).values():
                n = getattr(obj, "__rocmdoctor_fact__", None)
                if n and getattr(obj, "__module__", None) == m.__name__:
                    _LOADED.setdefault(n, obj)
            if name in _LOADED:
                return _LOADED[name]
    fn = registry().get(name)  # not in the index (defined some other way): the full table decides
    if fn is not None:
        _LOADED[name] = fn
    return fn


class Context:
    """One scan's facts, computed on first use and cached (including misses)."""

    def __init__(self, source: Source, level: str = "default", options: dict[str, Any] | None = None):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.source = source
        self.level = level
        self.options = dict(options or {})
        self._cache: dict[str, Any] = {}
        self._missing: dict[str, str] = {}

    def at_least(self, level: str) -> bool:
        return level_rank(self.level) >= level_rank(level)

    def has(self, name: str) -> bool:
        return name in _index() or name in registry()

    def get(self, name: str) -> Any:
        if name in self._cache:
            return self._cache[name]
        if name in self._missing:
            raise Missing(self._missing[name])
        fn = lookup(name)
        if fn is None:
            raise KeyError(f"no fact named {name!r}")
        try:
            value = fn(self)
        except Missing as exc:
            self._missing[name] = str(exc)
            raise
        self._cache[name] = value
        return value

    def optional(self, name: str, default: Any = None) -> Any:
        try:
            return self.get(name)
        except Missing:
            return default

    def computed(self, prefixes: tuple[str, ...]) -> dict[str, Any]:
        """Facts already computed whose names start with one of ``prefixes`` (the active
        probes' measurements, which the report carries in its ``results``)."""
        return {k: v for k, v in self._cache.items() if k.startswith(prefixes)}

    def why_missing(self, name: str) -> str | None:
        try:
            self.get(name)
        except Missing as exc:
            return str(exc)
        return None
