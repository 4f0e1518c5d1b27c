"""RD-ROCM-*: system ROCm version, side-by-side installs, torch's ROCm against it."""
import os

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
# torch.version.hip strings as printed in real reports (collect_env 8xMI300X, ds_report).
HIP_62 = "6.2.41133-dd7f95766"
HIP_60 = "6.0.32830-d62f6a171"


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def torch_probe(hip, version="2.6.0.dev20240918+rocm6.2"):
    return {"python": {"executable": "/venv/bin/python"},
            "torch": {"version": version, "hip": hip, "arch_list": [] if hip is None else ["gfx942"]}}


def snap(tmp_path, files=None, torch=None, **kw):
    probes = {"python": torch} if torch else {}
    return build_snapshot(tmp_path, files=files or {}, probes=probes, **kw)


def one(s, code, level="default"):
    found = rocmdoctor.scan(snapshot=s, select=[code], level=level).by_code(code)
    assert len(found) == 1, found
    return found[0]


def test_version_from_info_file(tmp_path):
    s = snap(tmp_path, {"/opt/rocm/.info/version": data("rocm_info_version_6.2.0-66.txt")})
    f = one(s, "RD-ROCM-001")
    assert f.status is Status.PASS and f.data["version"] == "6.2.0-66"
    assert one(s, "RD-ROCM-002").status is Status.PASS


def test_therock_core_version_fallback(tmp_path):
    s = snap(tmp_path, {"/opt/rocm/core/.info/version": data("rocm_info_version_therock_7.14.0.txt")})
    f = one(s, "RD-ROCM-001")
    assert f.data["version"] == "7.14.0"
    assert f.evidence[0].source == "/opt/rocm/core/.info/version"


def test_distribution_rocm_under_usr(tmp_path):
    header = "#define ROCM_VERSION_MAJOR 6\n#define ROCM_VERSION_MINOR 3\n#define ROCM_VERSION_PATCH 1\n"
    s = snap(tmp_path, {"/usr/include/rocm-core/rocm_version.h": header})
    assert one(s, "RD-ROCM-001").data == {"version": "6.3.1", "path": "/usr",
                                          "installs": [{"path": "/usr", "version": "6.3.1"}]}


def test_two_installs_warn_and_name_the_default(tmp_path):
    s = snap(tmp_path, {"/opt/rocm-6.2.0/.info/version": data("rocm_info_version_6.2.0-66.txt"),
                        "/opt/rocm-6.1.3/.info/version": data("rocm_info_version_6.1.3-122.txt")})
    os.symlink("rocm-6.2.0", os.path.join(s, "fs", "opt", "rocm"))
    f = one(s, "RD-ROCM-002")
    assert f.status is Status.WARN
    assert "2 ROCm versions" in f.title
    assert "/opt/rocm (or ROCM_PATH) is 6.2.0-66" in f.detail and "6.1.3-122" in f.detail
    assert "/opt/rocm-6.2.0" in f.detail


def test_no_rocm_with_rocm_wheel_is_fine(tmp_path):
    s = snap(tmp_path, torch=torch_probe(HIP_62))
    f = one(s, "RD-ROCM-001")
    assert f.status is Status.PASS and "bundles" in f.detail
    assert one(s, "RD-ROCM-003").status is Status.PASS


def test_an_amd_gpu_without_any_rocm_warns_and_no_gpu_skips(tmp_path):
    kfd = "/sys/class/kfd/kfd/topology/nodes"
    gpu = {f"{kfd}/0/properties": data("kfd_properties_cpu_node0_24cores_rocprofsdk.txt"),
           f"{kfd}/1/properties": data("kfd_properties_gfx1100_RX7900XTX_tinygrad.txt")}
    f = one(snap(tmp_path / "gpu", gpu), "RD-ROCM-001")
    assert f.status is Status.WARN and f.title == "no system ROCm install found"
    assert one(snap(tmp_path / "none"), "RD-ROCM-001").status is Status.SKIP


def test_torch_within_window_passes(tmp_path):
    s = snap(tmp_path, {"/opt/rocm/.info/version": data("rocm_info_version_6.1.3-122.txt")}, torch=torch_probe(HIP_62))
    f = one(s, "RD-ROCM-003")
    assert f.status is Status.PASS and f.data["release_gap"] == 1


def test_torch_beyond_window_same_major_warns(tmp_path):
    s = snap(tmp_path, {"/opt/rocm/.info/version": "6.4.1-112\n"}, torch=torch_probe(HIP_60, "2.3.1+rocm6.0"))
    f = one(s, "RD-ROCM-003")
    assert f.status is Status.WARN and f.data["release_gap"] == 4
    assert "whl/rocm6.4" in f.detail


def test_torch_major_gap_fails(tmp_path):
    s = snap(tmp_path, {"/opt/rocm/.info/version": data("rocm_info_version_therock_7.14.0.txt")},
             torch=torch_probe(HIP_60, "2.3.1+rocm6.0"))
    f = one(s, "RD-ROCM-003")
    assert f.status is Status.FAIL and "major" in f.title


def test_major_boundary_within_window_passes(tmp_path):
    # 6.4 -> 7.0 is one release: the compatibility matrix spans major boundaries.
    s = snap(tmp_path, {"/opt/rocm/.info/version": "7.0.0\n"}, torch=torch_probe("6.4.43482-0f2d60242"))
    assert one(s, "RD-ROCM-003").status is Status.PASS


def test_cpu_torch_skips(tmp_path):
    s = snap(tmp_path, {"/opt/rocm/.info/version": "6.2.0-66\n"}, torch=torch_probe(None, "2.13.0+cpu"))
    f = one(s, "RD-ROCM-003")
    assert f.status is Status.SKIP and "not a ROCm build" in f.title


def test_empty_version_file_is_not_an_install(tmp_path):
    s = snap(tmp_path, {"/opt/rocm/.info/version": "\n"})
    f = one(s, "RD-ROCM-002")
    assert f.status is Status.SKIP and "no ROCm install" in f.detail


def test_only_quick_level_skips_torch_comparison(tmp_path):
    s = snap(tmp_path, {"/opt/rocm/.info/version": "6.2.0-66\n"}, torch=torch_probe(HIP_62))
    assert rocmdoctor.scan(snapshot=s, select=["RD-ROCM-003"], level="quick").by_code("RD-ROCM-003") == []
