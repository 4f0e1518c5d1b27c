"""RD-TORCH-*: which torch build is installed, against the AMD GPUs the machine has.

GPUs come from a real KFD properties file (RX 7900 XTX, gfx1100); torch version strings
are real ones: 2.6.0.dev20240918+rocm6.2 / HIP 6.2.41133-dd7f95766 (vLLM collect_env on
8x MI300X), 1.10.0a0+git539d476 / HIP 5.1.20531-cacfa990 (ROCm source build in
deepspeedai/DeepSpeed#1906), 2.13.0+cpu (this CI's torch).
"""
import os

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
KFD = "/sys/class/kfd/kfd/topology/nodes"
ROCM = {"version": "2.6.0.dev20240918+rocm6.2", "hip": "6.2.41133-dd7f95766", "cuda": None,
        "cuda_available": True, "device_count": 1}
VENDOR = {"version": "1.10.0a0+git539d476", "hip": "5.1.20531-cacfa990", "cuda": None,
          "cuda_available": True, "device_count": 1}
CUDA = {"version": "2.5.1+cu124", "hip": None, "cuda": "12.4", "cuda_available": False, "device_count": 0}
CPU = {"version": "2.13.0+cpu", "hip": None, "cuda": None, "cuda_available": False, "device_count": 0}


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def scan(tmp_path, torch, codes, gpu=True, env=None, dists=None):
    files = {f"{KFD}/1/properties": data("kfd_properties_gfx1100_RX7900XTX_tinygrad.txt"),
             f"{KFD}/0/properties": data("kfd_properties_cpu_node0_24cores_rocprofsdk.txt")} if gpu else {}
    py = {"python": {"executable": "/venv/bin/python", "version": "3.11.9"}, "torch": torch,
          "distributions": dists or {}}
    s = build_snapshot(tmp_path, files=files, probes={"python": py, "env": env or {}},
                       exists={"/sys/class/kfd/kfd/topology": gpu})
    return {f.code: f for f in rocmdoctor.scan(snapshot=s, select=codes, level="default").findings}


def test_rocm_wheel_on_amd_passes_everything(tmp_path):
    f = scan(tmp_path, ROCM, ["RD-TORCH"])
    for code in ("RD-TORCH-001", "RD-TORCH-002", "RD-TORCH-003", "RD-TORCH-004"):
        assert f[code].status is Status.PASS, (code, f[code])
    assert f["RD-TORCH-003"].data["kind"] == "rocm"
    assert "RD-TORCH-005" not in f  # retired: wrong-platform wheels are RD-PREC-005's


def test_cuda_torch_on_amd_fails_without_installing_torch(tmp_path):
    f = scan(tmp_path, CUDA, ["RD-TORCH-001", "RD-TORCH-002"])
    one = f["RD-TORCH-001"]
    assert one.status is Status.FAIL and "CUDA build" in one.title and "gfx1100" in one.detail
    assert all(a.kind == "note" and not a.argv for a in one.fix.actions)  # advice only, never a pip command
    assert f["RD-TORCH-002"].status is Status.PASS


def test_cpu_torch_on_amd_fails(tmp_path):
    f = scan(tmp_path, CPU, ["RD-TORCH-002"])
    assert f["RD-TORCH-002"].status is Status.FAIL and "CPU-only" in f["RD-TORCH-002"].title


def test_no_amd_gpu_skips(tmp_path):
    f = scan(tmp_path, CPU, ["RD-TORCH-001", "RD-TORCH-002"], gpu=False)
    assert f["RD-TORCH-001"].status is Status.SKIP and f["RD-TORCH-002"].status is Status.SKIP


def test_vendor_build_is_named(tmp_path):
    f = scan(tmp_path, VENDOR, ["RD-TORCH-003"])["RD-TORCH-003"]
    assert f.status is Status.PASS and f.data["kind"] == "rocm-vendor" and "vendor" in f.title
    both = scan(tmp_path / "b", dict(VENDOR, cuda="11.8"), ["RD-TORCH-003"])["RD-TORCH-003"]
    assert both.status is Status.WARN


def test_rocm_torch_sees_no_gpu(tmp_path):
    t = dict(ROCM, cuda_available=False, device_count=0)
    env = {"ROCR_VISIBLE_DEVICES": "1", "CUDA_VISIBLE_DEVICES": "1"}
    f = scan(tmp_path, t, ["RD-TORCH-004"], env=env)["RD-TORCH-004"]
    assert f.status is Status.FAIL and "sees no GPU" in f.title
    assert "ROCR_VISIBLE_DEVICES=1" in f.evidence[-1].text


