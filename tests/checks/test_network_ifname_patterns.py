"""RD-NET-001 against the interfaces the machine has (issue 24 §3): LUMI/Frontier's Slingshot names
(hsn0..3, the prefix `hsn`) match nothing on a node without Slingshot; an exclusion list
(`^lo,docker`) selects what is left; gloo wants exact names. The mi300x8 example records its
interfaces (lo, eno12399np0, eno12409np1). Real file: Lumi-supercomputer/LUMI-AI-example."""
from __future__ import annotations

import pytest

from tests.lintacc_helpers import corpus, flagged, scan, write


@pytest.mark.parametrize("spec,bad", [("hsn0,hsn1,hsn2,hsn3", True), ("hsn", True), ("ib0", True),
                                      ("^lo,docker", False), ("eno", False), ("=eno12399np0", False),
                                      ("^lo,eno", True)])
def test_nccl_socket_ifname_specs(tmp_path, spec, bad):
    p = write(tmp_path, "run.sh", f"#!/bin/bash\nexport NCCL_SOCKET_IFNAME={spec}\ntorchrun --nproc_per_node=8 t.py\n")
    assert bool(flagged(scan([p], "RD-NET-001", "mi300x8"))) is bad


def test_gloo_wants_exact_names(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport GLOO_SOCKET_IFNAME=eno\ntorchrun --nproc_per_node=8 t.py\n")
    assert flagged(scan([p], "RD-NET-001", "mi300x8"))


def test_real_lumi_script_on_a_node_without_slingshot():
    fs = flagged(scan([corpus("lumi-ai-example-ddp")], "RD-NET-001", "mi300x8"))
    assert fs and "hsn0" in fs[0].title and "eno12399np0" in fs[0].detail
