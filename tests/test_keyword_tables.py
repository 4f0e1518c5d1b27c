"""Knowledge tables are built with keyword arguments: a signature, a cause or a GPU row read
positionally (``S("id", "kernel", ..., False, None, False)``) lets a reviewer not tell which
``False`` is which, and a field inserted in the record shifts every value after it silently."""
import ast
import os

import pytest

from tests.source_tree import ROOT, py_files

# The records of the knowledge tables, by the module that defines them.
RECORDS = {
    "rocmdoctor.knowledge.signatures.model": {"Signature", "Cause"},
    "rocmdoctor.knowledge.gpu_types": {"GpuArch", "Sku", "Peak", "Support", "Precision", "FamilyFallback"},
}
ALL = set().union(*RECORDS.values())
TREES = ("rocmdoctor", "checks", "fixes", "benchmarks", "scripts")


def _sources():
    return py_files(*TREES)


def positional_constructions(source: str) -> list[tuple[int, str]]:
    """(line, name) of each call of a table record with a positional argument, following
    ``from ... import Cause as C`` aliases and ``model.Cause(...)`` attribute calls."""
    tree = ast.parse(source)
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for a in node.names:
                if a.name in ALL:
                    names[a.asname or a.name] = a.name
        elif isinstance(node, ast.ClassDef) and node.name in ALL:
            names[node.name] = node.name
        elif (isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id in names
              and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            names[node.targets[0].id] = names[node.value.id]  # S = Signature
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        f = node.func
        name = names.get(f.id) if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
        if name in ALL:
            out.append((node.lineno, name))
    return out


def test_the_detector_sees_positional_rows_through_aliases():
    src = ("from rocmdoctor.knowledge.signatures.model import Signature as S, Cause\n"
           "from rocmdoctor.knowledge import gpu_types as g\n"
           "X = S(id='a')\nY = Cause('why')\nZ = g.Precision('gfx', None)\nW = Cause(text='ok')\n")
    assert positional_constructions(src) == [(4, "Cause"), (5, "Precision")]


def test_table_records_are_built_with_keywords_everywhere():
    bad = []
    for path in _sources():
        with open(path, encoding="utf-8") as fh:
            for line, name in positional_constructions(fh.read()):
                bad.append(f"{os.path.relpath(path, ROOT)}:{line}: {name}(...) with positional arguments")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("module", sorted(RECORDS))
def test_the_guarded_records_exist(module):
    # A renamed record would make the test above guard nothing.
    import importlib

    m = importlib.import_module(module)
    for name in RECORDS[module]:
        assert isinstance(getattr(m, name), type), (module, name)
