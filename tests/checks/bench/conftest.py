"""Fixtures for the benchmark checks (tests/checks/bench/test_<module>.py mirrors
checks/bench/<module>.py): they judge recorded outcomes (tests/data/bench_*.json, recorded on a
CPU-only machine; provenance in tests/data/SOURCES.md), fed through scan's active_results option.
No benchmark runs here."""
from __future__ import annotations

import copy
import itertools
import json
import os

import pytest

DATA = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "data")


@pytest.fixture
def recorded():
    """recorded(name): a recorded benchmark outcome from tests/data, a fresh copy each call."""
    def load(name):
        with open(os.path.join(DATA, name), encoding="utf-8") as fh:
            return json.load(fh)
    return load


@pytest.fixture
def bench(tmp_path):
    """bench(results, codes, level="bench", base=None): the scan report of ``codes`` judging
    ``results`` (benchmark name -> outcome) on an empty snapshot, or on a copy of ``base``."""
    import rocmdoctor
    from rocmdoctor.testing import build_snapshot

    n = itertools.count()

    def run(results, codes, level="bench", base=None):
        snap = build_snapshot(tmp_path / f"snap{next(n)}", base=base)
        return rocmdoctor.scan(snapshot=snap, level=level, select=codes, options={"active_results": results})
    return run


@pytest.fixture
def as_gpu():
    """as_gpu(outcome, name, arch, world=None): a recorded CPU outcome relabelled as a ROCm GPU
    run, to reach the GPU-only branches (tests/data/SOURCES.md). The figures stay the measured ones."""
    def relabel(outcome, name, arch, world=None):
        o = copy.deepcopy(outcome)
        o["device_requested"] = "cuda"
        o["result"]["device"] = {"kind": "cuda", "name": name, "arch": arch, "hip": "6.2.41133", "backend": "rocm"}
        if world:
            o["result"]["world_size"] = world
        return o
    return relabel
