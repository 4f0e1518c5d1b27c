"""RD-ENV-004 also knows a setting written with one of its words left out (Vmjkom/nanotron's
`NCCL_IFNAME=hsn`, meant as NCCL_SOCKET_IFNAME): same family, same last word, one word fewer than
exactly one known name. Generic names that match several settings, or many words away, are not judged."""
from __future__ import annotations

from checks.envvars import _shortened
from tests.lintacc_helpers import corpus, flagged, scan


def test_one_word_left_out():
    assert _shortened("NCCL_IFNAME") == "NCCL_SOCKET_IFNAME"
    assert _shortened("HIP_DEVICES") == "HIP_VISIBLE_DEVICES"


def test_not_judged():
    for name in ("HSA_OVERRIDE", "RCCL_DEBUG", "NCCL_SOCKET_IFNAME", "MY_IFNAME", "NCCL_DEBUG"):
        assert _shortened(name) is None, name


def test_real_script():
    fs = flagged(scan([corpus("vmjkom-nanotron-lumi")], "RD-ENV-004", "mi300x8"))
    assert fs and "NCCL_SOCKET_IFNAME" in fs[0].title and fs[0].evidence[0].source.endswith("train.sh:35")
