"""The fuzz targets' shortcut (incremental.py) must find what a full scan finds: for inputs of
each kind replaced on each example machine, the checks it re-runs give the full scan's
findings, and every check it leaves out gives the same findings as on the unchanged machine."""
from __future__ import annotations

import json
import os

import pytest

pytest.importorskip("hypothesis")

import targets  # noqa: E402
from harness import example_dirs  # noqa: E402

from rocmdoctor.engine import run as engine
from rocmdoctor.facts import Context  # noqa: E402
from rocmdoctor.machine.sources import SnapshotSource, _norm  # noqa: E402

GARBAGE = "\x00garbage 99999999999999999999 nan \u202e [[[[ : = \n" * 3


def _by_check(findings) -> dict:
    out: dict = {}
    for f in findings:
        out.setdefault(f.check, []).append(f.to_dict())
    return out


def _inputs(example):
    d = example_dirs()[example]
    probes = sorted(fn[:-5] for fn in os.listdir(os.path.join(d, "probes")) if fn.endswith(".json"))
    cmds = []
    for slug in sorted(os.listdir(os.path.join(d, "cmd"))):
        with open(os.path.join(d, "cmd", slug, "argv.json")) as fh:
            cmds.append(tuple(json.load(fh)))
    files = []
    for root, _, names in os.walk(os.path.join(d, "fs")):
        files += ["/" + os.path.relpath(os.path.join(root, n), os.path.join(d, "fs")) for n in names]
    step = max(1, len(files) // 12)  # a spread of the recorded files, not all (each is a full scan here)
    return ([dict(probe=(p, {"garbage": [1, None]})) for p in probes]
            + [dict(command=(c, GARBAGE)) for c in cmds]
            + [dict(file=(f, GARBAGE)) for f in sorted(files)[::step]])


@pytest.mark.parametrize("example", ["mi50x2-xeon", "mi300x8"])
def test_incremental_scan_finds_what_a_full_scan_finds(example):
    specs = targets._all_specs()
    inc = targets._incremental(example)
    base = _by_check(engine.run(specs, Context(SnapshotSource(example_dirs()[example]), "default", {}))[0])
    changed_somewhere = 0
    for kw in _inputs(example):
        src = targets._fuzz_source(example, **kw)
        full = _by_check(engine.run(specs, Context(src, "default", {}))[0])
        (kind, value), = kw.items()
        key = ("probe", value[0]) if kind == "probe" else ("run", tuple(value[0])) if kind == "command" \
            else ("read", _norm(value[0]))
        part = _by_check(inc.run(src, key))
        _, checks = inc.affected(key)
        rerun = {s.name for s in checks}
        for name, found in full.items():
            if name in rerun:
                assert part.get(name) == found, (kw, name)
            else:
                assert base.get(name) == found, (kw, name, "changed but not re-run")
        changed_somewhere += any(full.get(n) != base.get(n) for n in rerun)
    assert changed_somewhere >= 5  # the inputs did reach checks
