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
