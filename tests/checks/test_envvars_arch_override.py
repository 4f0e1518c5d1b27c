"""RD-ENV-002 judges PYTORCH_ROCM_ARCH against the GPU's real gfx target, never the one an
HSA_OVERRIDE_GFX_VERSION pretends (RD-ENV-001 judges the override itself): the fix for a wrong
override is to remove it, and the build must then have code for the real GPU."""
import os

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
KFD = "/sys/class/kfd/kfd/topology/nodes"


def _data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def _scan(tmp_path, env):
    files = {f"{KFD}/0/properties": _data("kfd_properties_cpu_node0_24cores_rocprofsdk.txt"),
             f"{KFD}/1/properties": _data("kfd_properties_gfx906_RadeonVII_node1.txt")}
    s = build_snapshot(tmp_path, files=files, probes={"env": env})
    return {f.code: f for f in rocmdoctor.scan(snapshot=s, select=["RD-ENV-001", "RD-ENV-002"]).findings}


def test_arch_matching_only_a_cross_generation_override_warns(tmp_path):
    # A gfx906 told to pretend to be gfx1030 (10.3.0), with PYTORCH_ROCM_ARCH set for the pretence.
    f = _scan(tmp_path, {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "PYTORCH_ROCM_ARCH": "gfx1030"})
    assert f["RD-ENV-001"].status is Status.FAIL and "crosses GPU generations" in f["RD-ENV-001"].title
    arch = f["RD-ENV-002"]
    assert arch.status is Status.WARN and "gfx906" in arch.title
    assert "PYTORCH_ROCM_ARCH=gfx906" in arch.detail  # the fix names the real target


def test_arch_listing_both_passes(tmp_path):
    f = _scan(tmp_path, {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "PYTORCH_ROCM_ARCH": "gfx906;gfx1030"})
    assert f["RD-ENV-002"].status is Status.PASS


def test_a_same_generation_override_is_judged_by_the_real_target_too(tmp_path):
    # 9.0.8 on a gfx906 runs gfx908 code on a different ISA (RD-ENV-001 fails it); a list built only
    # for the pretended gfx908 leaves the real GPU without kernels once the override goes.
    f = _scan(tmp_path, {"HSA_OVERRIDE_GFX_VERSION": "9.0.8", "PYTORCH_ROCM_ARCH": "gfx908"})
    assert f["RD-ENV-001"].status is Status.FAIL
    assert f["RD-ENV-002"].status is Status.WARN and "leaves out gfx906" in f["RD-ENV-002"].title
