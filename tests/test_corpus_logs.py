"""The real-world log corpus (tests/corpus/logs) and the accuracy benchmark's
contract: every file carries its source and a label, the split is by thread, and
benchmarks/accuracy_logs.evaluate() returns the figures benchmarks/accuracy.py combines."""
from __future__ import annotations

import csv
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
import accuracy_logs  # noqa: E402

FAMILIES = {"driver", "runtime", "distributed", "deepspeed", "numerics", "packages", "memory", "containers",
            "permissions", "healthy"}


def test_every_excerpt_has_a_source_and_a_label_of_a_known_family():
    cases = accuracy_logs.corpus("all")
    assert len(cases) >= 200
    assert sum(c["family"] == "healthy" for c in cases) >= 20
    for c in cases:
        assert c["source"].startswith("https://github.com/"), c["name"]
        assert c["family"] in FAMILIES, c["name"]
        assert c["family"] == "healthy" or c["cause"], c["name"]


def test_split_is_by_thread_and_about_a_third_is_held_out():
    cases = accuracy_logs.corpus("all")
    by_source: dict[str, set] = {}
    for c in cases:
        by_source.setdefault(c["source"], set()).add(c["split"])
    assert all(len(s) == 1 for s in by_source.values())
    held = sum(c["split"] == "holdout" for c in cases) / len(cases)
    assert 0.2 <= held <= 0.45
    assert accuracy_logs.split_of("https://github.com/x/y/issues/1") == accuracy_logs.split_of("https://github.com/x/y/issues/1")


def test_manifest_lists_every_file_with_its_split():
    with open(os.path.join(accuracy_logs.CORPUS, "MANIFEST.csv"), encoding="utf-8") as f:
        rows = {r["name"]: r for r in csv.DictReader(f)}
    cases = accuracy_logs.corpus("all")
    assert set(rows) == {c["name"] for c in cases}
    for c in cases:
        assert rows[c["name"]]["split"] == c["split"] and rows[c["name"]]["family"] == c["family"]


@pytest.mark.parametrize("split", ["dev", "holdout"])
def test_evaluate_contract(split):
    r = accuracy_logs.evaluate(split)
    assert set(r) == {"families", "right", "total", "false_flags", "healthy_total"}
    assert r["total"] == len(accuracy_logs.corpus(split)) and 0 <= r["right"] <= r["total"]
    assert 0 <= r["false_flags"] <= r["healthy_total"]
    for counts in r["families"].values():
        assert set(counts) == {"tp", "fp", "fn"} and all(isinstance(v, int) for v in counts.values())
    # Every failure log is counted once, as a true positive or a false negative of its family.
    failures = r["total"] - r["healthy_total"]
    assert sum(c["tp"] + c["fn"] for c in r["families"].values()) == failures


def _batch(tmp_path):
    """A two-item batch copied from the fresh corpus: one labelled OOM log and one clean set."""
    import shutil

    src = os.path.join(ROOT, "tests", "corpus", "fresh")
    logs = tmp_path / "b" / "logs"
    logs.mkdir(parents=True)
    oom = next(fn for fn in sorted(os.listdir(os.path.join(src, "logs"))) if fn.endswith(".log") and
               "# label: memory:" in open(os.path.join(src, "logs", fn), encoding="utf-8").read(400))
    shutil.copy(os.path.join(src, "logs", oom), logs / oom)
    shutil.copytree(os.path.join(src, "artifacts", "2maz-naic-bench-rocm"), tmp_path / "b" / "artifacts" / "one")
    return tmp_path / "b", oom


def _freeze(root):
    import hashlib

    lines = []
    for d, _, files in os.walk(root):
        for fn in files:
            p = os.path.join(d, fn)
            lines.append(f"{hashlib.sha256(open(p, 'rb').read()).hexdigest()}  ./{os.path.relpath(p, root)}")
    return "\n".join(sorted(lines)) + "\n"


def test_a_new_batch_is_scored_once_as_frozen_and_refused_once_a_label_changed(tmp_path, capsys):
    import accuracy  # benchmarks/accuracy.py

    root, oom = _batch(tmp_path)
    frozen = tmp_path / "b.sha256"
    frozen.write_text(_freeze(root))
    out_json = tmp_path / "r.json"
    assert accuracy.main(["--fresh", str(root), "--frozen", str(frozen), "--json", str(out_json)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith(f"fresh {root}: logs ") and ", artifacts " in last and "/1" in last
    import json

    doc = json.loads(out_json.read_text())
    assert doc["logs"]["total"] == 1 and doc["artifacts"]["total"] == 1 and doc["artifacts"]["healthy_total"] == 1
    # A label edited after the freeze: the batch is no longer the one labelled, and is not scored.
    p = root / "logs" / oom
    p.write_text(p.read_text().replace("# label: memory:", "# label: runtime:", 1))
    assert accuracy.main(["--fresh", str(root), "--frozen", str(frozen)]) == 2
    assert f"changed {os.path.join('logs', oom)}" in capsys.readouterr().err
    (root / "logs" / oom).unlink()
    (root / "logs" / "new.log").write_text("# source: x\n# label: healthy\nok\n")
    assert accuracy.main(["--fresh", str(root), "--frozen", str(frozen)]) == 2
    err = capsys.readouterr().err
    assert f"missing {os.path.join('logs', oom)}" in err and f"added {os.path.join('logs', 'new.log')}" in err


def test_launch_file_sets_are_also_counted_per_label():
    import accuracy  # benchmarks/accuracy.py

    r = {"sets": {"a": {"tp": [1, 2], "fn": [3], "fp": []}, "b": {"tp": [], "fn": [], "fp": [9, 9]}}}
    assert accuracy.label_counts(r) == (2, 3, 2)
    assert accuracy.label_counts({"families": {}}) is None  # logs are judged per excerpt


def test_a_crashed_check_is_reported_apart_from_a_quiet_set(capsys):
    import accuracy  # benchmarks/accuracy.py

    r = {"right": 1, "total": 2, "false_flags": 0, "healthy_total": 0, "kinds": {},
         "sets": {"a": {"tp": [], "fn": [1], "fp": [], "errors": ["RD-IMG-001", "RD-IMG-002"]},
                  "b": {"tp": [1], "fn": [], "fp": [], "errors": []}}}
    accuracy.print_rows("artifacts", "fresh", r)
    assert "checks that crashed: RD-IMG-001, RD-IMG-002 (in 1 set(s))" in capsys.readouterr().out
    accuracy.print_rows("artifacts", "fresh", dict(r, sets={"b": r["sets"]["b"]}))
    assert "crashed" not in capsys.readouterr().out
