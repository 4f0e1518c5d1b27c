"""The signature catalog: data invariants, every real example matches its signature, no
look-alike does, every cause names a check that exists, and no pattern backtracks badly."""
from __future__ import annotations

import time

import pytest

from rocmdoctor.engine import registry
from rocmdoctor.knowledge import signatures as sigs
from rocmdoctor.logs.logscan import Scanner, parse

CATALOG = sigs.catalog()


def test_catalog_has_at_least_50_signatures_in_every_family():
    assert len(CATALOG) >= 50
    assert len({s.id for s in CATALOG}) == len(CATALOG)
    assert {s.family for s in CATALOG} == set(sigs.FAMILIES)
    for fam in sigs.FAMILIES:
        assert len(sigs.family(fam)) >= 3, fam


@pytest.mark.parametrize("sig", CATALOG, ids=lambda s: s.id)
def test_entry_is_complete(sig):
    assert sig.severity in sigs.SEVERITIES
    assert sig.tier in sigs.TIER_NAMES
    assert sig.meaning and sig.fix and sig.causes and sig.examples
    assert sig.sources and all(u.startswith("https://") for u in sig.sources)
    assert all(n == n.lower() for n in sig.needles)
    if sig.block:
        assert sig.block_lines > 0


def _codes():
    return [s.code for s in registry.load(False).checks]


@pytest.mark.parametrize("sig", CATALOG, ids=lambda s: s.id)
def test_every_named_check_exists(sig):
    codes = _codes()
    for c in sig.causes:
        if c.check:
            assert any(code == c.check or code.startswith(c.check) for code in codes), (sig.id, c.check)


@pytest.mark.parametrize("sig", CATALOG, ids=lambda s: s.id)
def test_examples_match_and_near_misses_do_not(sig):
    sc = Scanner()
    for i, ex in enumerate(sig.examples, 1):
        got = [m.id for m in sc.match(parse(ex, i))]
        assert sig.id in got, ex
        # The chunk prefilter would see the line: it holds an anchor.
        assert any(a in ex.lower() for a in sigs.ANCHORS), ex
    for ex in sig.near_misses:
        assert sig.id not in [m.id for m in sc.match(parse(ex, 1))], ex


def test_hardware_and_driver_events_outrank_the_watchdog():
    assert sigs.by_id("amdgpu-gpu-reset").tier < sigs.by_id("nccl-watchdog-timeout").tier
    assert sigs.by_id("amdgpu-page-fault").tier < sigs.by_id("hsa-memory-access-fault").tier
    assert sigs.by_id("pcie-aer").tier < sigs.by_id("amdgpu-gpu-reset").tier
    assert sigs.by_id("nccl-barrier-hang").terminal


HOSTILE = [
    "a" * 20000, " " * 20000, "0x" + "f" * 20000, "[" * 5000 + "]" * 5000,
    "GPU node-" + "1" * 10000, "grad_norm" + ":" * 5000 + " " * 5000,
    "Memory access fault by GPU node-1 (Agent handle: 0x" + "1" * 5000,
    "rocBLAS error: Cannot read " + "/x" * 5000, "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=" + "9" * 8000,
    "deepspeed" + "=" * 4000 + " is required" * 200, "\x1b[" + "0;" * 5000 + "m",
]


@pytest.mark.parametrize("sig", CATALOG, ids=lambda s: s.id)
def test_patterns_stay_linear_on_hostile_lines(sig):
    for text in HOSTILE:
        t = time.perf_counter()
        for rx in sig.regexes + sig.block_regexes:
            rx.search(text)
        # Linear patterns take milliseconds here; a quadratic one takes seconds at 20,000
        # characters. The bound is loose because CI machines are shared.
        assert time.perf_counter() - t < 0.5, (sig.id, text[:40])
