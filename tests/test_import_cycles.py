"""No import cycles in the package: an AST walk over rocmdoctor/, checks/, fixes/ and benchmarks/.

What counts as an edge A -> B (B a module of the package):
- every import statement in A that names B: at module level, under ``if TYPE_CHECKING:``, and
  inside functions. Lazy (function-level) imports count: they make a module cheaper to import,
  not independent; two modules that need each other are one module split in two, whenever the
  second import runs.
- ``from pkg import name`` is an edge to ``pkg.name`` when that is a module, else to ``pkg``.

Not counted: an import of an ancestor package's ``__init__`` (``from . import __version__`` in
rocmdoctor/api.py). Python initialises a package before any of its submodules, so such an import
never starts loading a module; the top-level ``rocmdoctor/__init__`` is the library facade that
re-exports ``scan`` and ``recommend``.

Entry points (``__main__`` modules, rocmdoctor.cli) may import any layer; nothing imports them.
"""
from __future__ import annotations

import ast
import functools

from tests.source_tree import modules


def _resolve(target: str, mods: dict[str, str]) -> str | None:
    while target and target not in mods:
        target = target.rpartition(".")[0]
    return target or None


def imports(name: str, path: str, mods: dict[str, str]) -> set[str]:
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    is_pkg = path.endswith("__init__.py")
    out: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = name.split(".") if is_pkg else name.split(".")[:-1]
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
        for t in targets:
            r = _resolve(t, mods)
            if r and r != name and not name.startswith(r + "."):  # an ancestor package: not counted
                out.add(r)
    return out


@functools.lru_cache(maxsize=None)
def graph() -> dict[str, set[str]]:
    mods = modules()
    return {n: imports(n, p, mods) for n, p in mods.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def test_no_import_cycles():
    found = cycles(graph())
    assert not found, "import cycles (see this test's docstring for what counts):\n" + "\n".join(
        " <-> ".join(c) for c in found)


def test_the_walk_sees_the_package():
    g = graph()
    assert len(g) > 50 and "rocmdoctor.checks.iommu" in g and "rocmdoctor.benchmarks.suite" in g
    assert "rocmdoctor.knowledge.gpus" in g["rocmdoctor.checks.gfx"]  # `from rocmdoctor.knowledge import gpus`
    assert "rocmdoctor.machine.probes" in g["rocmdoctor.machine.sources"]  # a lazy import counts


def test_the_detector_finds_a_cycle_through_a_lazy_import():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_layers():
    g = graph()
    # Commands depend on the cluster package, never the reverse (its __main__ is an entry point).
    for name, deps in g.items():
        if name.startswith("rocmdoctor.cluster") and not name.endswith("__main__"):
            assert not any(d.startswith("rocmdoctor.commands") for d in deps), name
    # The probe registry does not need the source layer's live class.
    assert "rocmdoctor.machine.sources" not in g["rocmdoctor.machine.probes"]
    # The GPU knowledge table needs only its types, not the API that loads it.
    assert "rocmdoctor.knowledge.gpus" not in g["rocmdoctor.knowledge.gpu_table"]
