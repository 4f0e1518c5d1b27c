"""Facts are typed records, read by attribute: a check that writes ``torch.hip`` is checked by
mypy and cannot misspell a key, where ``((python or {}).get("python") or {}).get("executable")``
answers None for any typo. These tests keep the two conventions from coming back."""
import ast
import os
import re

from tests.source_tree import ROOT, py_files

TREES = ("rocmdoctor", "checks", "fixes", "benchmarks")
CHAIN = re.compile(r"or \{\}\)\.get\(")
# A return annotation that says nothing about what a check reads.
UNTYPED = re.compile(r"^(dict|list|tuple|Any|Mapping|object)$|^(list|tuple)\[(dict|Any|Mapping)\b"
                     r"|^dict\[[^,\]]+, *(dict|Any|Mapping)\]$")


_files = py_files


def test_no_or_empty_dict_get_chains():
    hits = []
    for path in _files(*TREES):
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if CHAIN.search(line):
                    hits.append(f"{os.path.relpath(path, ROOT)}:{n}: {line.strip()}")
    assert not hits, ("read facts by attribute, untrusted JSON with rocmdoctor.base.untrusted.pick:\n"
                      + "\n".join(hits))


def fact_returns(source: str) -> list[tuple[str, str | None]]:
    """(fact name, return annotation or None) of each @fact function in a module's source."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for d in node.decorator_list:
                if isinstance(d, ast.Call) and getattr(d.func, "id", getattr(d.func, "attr", None)) == "fact" \
                        and d.args and isinstance(d.args[0], ast.Constant):
                    out.append((d.args[0].value, ast.unparse(node.returns) if node.returns else None))
    return out


def untyped(annotation: str | None) -> bool:
    return annotation is None or bool(UNTYPED.search(annotation.replace(" ", "")))


def test_the_annotation_rule_tells_records_from_bare_containers():
    assert untyped(None) and untyped("dict") and untyped("list[dict]") and untyped("dict[str, dict]")
    assert untyped("Any") and untyped("list") and untyped("tuple[dict, ...]")
    assert not untyped("Torch") and not untyped("dict[str, str]") and not untyped("list[DevNode]")
    assert not untyped("dict[str, Distribution]") and not untyped("tuple[str, ...]")


def test_every_fact_returns_a_typed_value():
    found, bad = {}, []
    for path in _files(os.path.join("rocmdoctor", "facts")):
        with open(path, encoding="utf-8") as fh:
            for name, ann in fact_returns(fh.read()):
                found[name] = ann
                if untyped(ann):
                    bad.append(f"{os.path.relpath(path, ROOT)}: @fact({name!r}) -> {ann}")
    # The walk found the facts (a rename of the decorator would make this test pass vacuously).
    assert {"torch", "python", "distributions", "identity", "bench_matmul", "node_summary"} <= set(found)
    assert not bad, "give these facts a record (rocmdoctor.base.records.dataclass):\n" + "\n".join(bad)


def test_fact_records_read_as_attributes_from_a_snapshot():
    # The mutant this kills: a fact that goes back to returning the probe's dict.
    import rocmdoctor
    from rocmdoctor.facts import Context

    ctx = Context(rocmdoctor.api.make_source(example="mi50x2-xeon"), "default")
    assert ctx.get("torch").hip and ctx.get("python").executable
    assert all(isinstance(d.version, (str, type(None))) for d in ctx.get("distributions").values())
    assert ctx.get("os_release").id and all(n.path.startswith("/dev/") for n in ctx.get("devnodes"))
