"""Re-run only what one changed input can affect, so the "through every check" fuzz targets
cost milliseconds per input instead of a whole scan.

Once per example machine, every check runs with a tracing context over a tracing source: each
fact records the source keys it read (``("read", path)``, ``("run", argv)``, ``("probe", name)``,
globs, links, existence) and the facts it asked for; each check records the facts it named and
any source key it read itself. For a fuzzed input with key K, the facts that read K and every
fact that (transitively) used one of them are recomputed on the fuzzed source; every other fact
comes from the base scan's cache; only the checks that used a recomputed fact, or read K
themselves, run. ``tests/fuzz/test_incremental.py`` checks the shortcut against full scans.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rocmdoctor.engine import run as engine
from rocmdoctor.facts import Context
from rocmdoctor.machine.sources import Source, _norm


class _Tracer:
    """Who is reading: the fact on top of the stack, else the check being run."""

    def __init__(self):
        self.stack: list[str] = []
        self.check: str | None = None
        self.fact_reads: dict[str, set] = {}
        self.fact_deps: dict[str, set] = {}
        self.check_reads: dict[str, set] = {}
        self.check_facts: dict[str, set] = {}

    def read(self, key) -> None:
        if self.stack:
            self.fact_reads.setdefault(self.stack[-1], set()).add(key)
        elif self.check is not None:
            self.check_reads.setdefault(self.check, set()).add(key)


class _TracingSource(Source):
    def __init__(self, inner: Source, tracer: _Tracer):
        self.inner, self.tracer, self.kind = inner, tracer, inner.kind

    def read(self, path):
        self.tracer.read(("read", _norm(path)))
        return self.inner.read(path)

    def glob(self, pattern):
        self.tracer.read(("glob", pattern))
        return self.inner.glob(pattern)

    def readlink(self, path):
        self.tracer.read(("readlink", _norm(path)))
        return self.inner.readlink(path)

    def exists(self, path):
        self.tracer.read(("exists", _norm(path)))
        return self.inner.exists(path)

    def run(self, argv, timeout=10.0):
        self.tracer.read(("run", tuple(argv)))
        return self.inner.run(argv, timeout)

    def probe(self, name):
        self.tracer.read(("probe", name))
        return self.inner.probe(name)

    def describe(self):
        return self.inner.describe()


class _TracingContext(Context):
    def __init__(self, source, tracer: _Tracer, level: str, options: dict):
        super().__init__(source, level, options)
        self.tracer = tracer

    def get(self, name):
        t = self.tracer
        if t.stack:
            t.fact_deps.setdefault(t.stack[-1], set()).add(name)
        elif t.check is not None:
            t.check_facts.setdefault(t.check, set()).add(name)
        if name in self._cache or name in self._missing:
            return super().get(name)
        t.stack.append(name)
        try:
            return super().get(name)
        finally:
            t.stack.pop()


@dataclass
class Incremental:
    """The base scan of one source and what each input key can affect."""
    specs: list
    level: str = "default"
    options: dict = field(default_factory=dict)
    cache: dict = field(default_factory=dict)
    missing: dict = field(default_factory=dict)
    tracer: _Tracer = field(default_factory=_Tracer)
    _affected: dict = field(default_factory=dict)

    @classmethod
    def of(cls, source: Source, specs: list, level: str = "default", options: dict | None = None) -> "Incremental":
        inc = cls(specs, level, dict(options or {}))
        ctx = _TracingContext(_TracingSource(source, inc.tracer), inc.tracer, level, inc.options)
        for spec in engine.applicable(specs, ctx):
            inc.tracer.check = spec.name
            engine.run_check(spec, ctx)
        inc.tracer.check = None
        inc.cache, inc.missing = dict(ctx._cache), dict(ctx._missing)
        return inc

    def affected(self, key) -> tuple[frozenset, list]:
        """(facts to recompute, checks to run) when the input ``key`` changes."""
        hit = self._affected.get(key)
        if hit is None:
            t = self.tracer
            facts = {f for f, reads in t.fact_reads.items() if key in reads}
            users: dict[str, set] = {}
            for f, deps in t.fact_deps.items():
                for d in deps:
                    users.setdefault(d, set()).add(f)
            todo = list(facts)
            while todo:
                for u in users.get(todo.pop(), ()):
                    if u not in facts:
                        facts.add(u)
                        todo.append(u)
            checks = [s for s in self.specs if (t.check_facts.get(s.name, set()) & facts)
                      or key in t.check_reads.get(s.name, set())]
            hit = self._affected[key] = (frozenset(facts), checks)
        return hit

    def run(self, source: Source, key) -> list:
        """The findings of the checks ``key`` can affect, on ``source`` (the base with that input changed)."""
        facts, checks = self.affected(key)
        ctx = Context(source, self.level, self.options)
        ctx._cache.update((k, v) for k, v in self.cache.items() if k not in facts)
        ctx._missing.update((k, v) for k, v in self.missing.items() if k not in facts)
        return [f for spec in engine.applicable(checks, ctx) for f in engine.run_check(spec, ctx)]
