"""RD-GPU-*: inventory from the KFD topology; integrated GPUs beside discrete ones."""
import os

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
KFD = "/sys/class/kfd/kfd/topology/nodes"
PCI = "/sys/bus/pci/devices"
EXAMPLES = rocmdoctor.api.examples()


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def kfd(*gpu_files, cpu="kfd_properties_cpu_node0_24cores_rocprofsdk.txt"):
    files = {f"{KFD}/0/properties": data(cpu)}
    for i, text in enumerate(gpu_files, start=1):
        files[f"{KFD}/{i}/properties"] = text if "\n" in text else data(text)
    return files


def one(s, code, level="quick"):
    found = rocmdoctor.scan(snapshot=s, select=[code], level=level).by_code(code)
    assert len(found) == 1, found
    return found[0]


def test_inventory_lists_each_gpu(tmp_path):
    s = build_snapshot(tmp_path, files=kfd("kfd_properties_gfx906_RadeonVII_node1.txt",
                                           "kfd_properties_gfx942_MI300X_gpuq_node2.txt"))
    f = one(s, "RD-GPU-001")
    assert f.status is Status.PASS
    gpus = f.data["gpus"]
    assert [(g["index"], g["node"], g["gfx"]) for g in gpus] == [(0, 1, "gfx906"), (1, 2, "gfx942")]
    assert gpus[0]["name"] == "AMD Radeon VII" and gpus[0]["pci"] == "0000:63:00.0"
    assert gpus[1]["device_id"] == "0x74a1"
    assert "GPU 1: gfx942 AMD Instinct MI300X" in f.detail


def test_example_mi300x_inventory(tmp_path):
    f = one(EXAMPLES["mi300x8"], "RD-GPU-001")
    assert len(f.data["gpus"]) == 8 and {g["gfx"] for g in f.data["gpus"]} == {"gfx942"}


def test_amd_on_pci_but_kfd_empty_fails(tmp_path):
    s = build_snapshot(tmp_path, files={f"{PCI}/0000:03:00.0/class": "0x030000\n",
                                        f"{PCI}/0000:03:00.0/vendor": "0x1002\n",
                                        f"{PCI}/0000:03:00.0/device": "0x744c\n",
                                        "/sys/module/amdgpu/initstate": "live\n"},
                       links={f"{PCI}/0000:03:00.0/driver": "../../../bus/pci/drivers/amdgpu"})
    f = one(s, "RD-GPU-001")
    assert f.status is Status.FAIL and "atomics" in f.detail


def test_nvidia_only_says_so(tmp_path):
    s = build_snapshot(tmp_path, files={f"{PCI}/0000:01:00.0/class": "0x030200\n",
                                        f"{PCI}/0000:01:00.0/vendor": "0x10de\n",
                                        f"{PCI}/0000:01:00.0/device": "0x2330\n"})
    f = one(s, "RD-GPU-001")
    assert f.status is Status.SKIP and "NVIDIA" in f.title and "0000:01:00.0" in f.title


def test_cpu_only_says_no_gpu(tmp_path):
    f = one(EXAMPLES["no-gpu"], "RD-GPU-001")
    assert f.status is Status.SKIP and f.title.startswith("No GPU found")


def test_garbage_kfd_properties_give_no_gpu_not_a_crash(tmp_path):
    s = build_snapshot(tmp_path, files={f"{KFD}/1/properties": "\x00\x01garbage\nsimd_count lots\n"})
    f = one(s, "RD-GPU-001")
    assert f.status is Status.SKIP


def test_igpu_beside_dgpu_warns(tmp_path):
    # The Raphael iGPU capture is partial (4 lines); that is all the inventory needs.
    s = build_snapshot(tmp_path, files=kfd("kfd_properties_gfx1036_Raphael_iGPU_PARTIAL.txt",
                                           "kfd_properties_gfx1100_RX7900XTX_tinygrad.txt"),
                       probes={"env": {}})
    f = one(s, "RD-GPU-002")
    assert f.status is Status.WARN and "gfx1036" in f.title
    assert f.fix.actions[1].env == {"ROCR_VISIBLE_DEVICES": "1"}
    inv = one(s, "RD-GPU-001").data["gpus"]
    assert [g["integrated"] for g in inv] == [True, False]


def test_igpu_hidden_by_rocr_passes(tmp_path):
    s = build_snapshot(tmp_path, files=kfd("kfd_properties_gfx1036_Raphael_iGPU_PARTIAL.txt",
                                           "kfd_properties_gfx1100_RX7900XTX_tinygrad.txt"),
                       probes={"env": {"ROCR_VISIBLE_DEVICES": "1"}})
    assert one(s, "RD-GPU-002").status is Status.PASS


def test_discrete_only_passes():
    assert one(EXAMPLES["rx7900xtx"], "RD-GPU-002").status is Status.PASS


def test_ryzen_igpu_beside_nvidia_card_is_not_judged_as_a_training_gpu(tmp_path):
    # Every Ryzen 7000/9000 desktop has a gfx1036 iGPU; with an RTX card and a CUDA torch
    # the AMD stack is irrelevant and must not produce ROCm/BF16/dtype advice.
    files = kfd("kfd_properties_gfx1036_Raphael_iGPU_PARTIAL.txt")
    files.update({f"{PCI}/0000:01:00.0/class": "0x030000\n", f"{PCI}/0000:01:00.0/vendor": "0x10de\n",
                  f"{PCI}/0000:01:00.0/device": "0x2684\n"})
    cuda_torch = {"version": "2.5.1+cu124", "hip": None, "cuda": "12.4", "arch_list": ["sm_89"],
                  "cuda_available": True, "device_count": 1,
                  "devices": [{"index": 0, "name": "NVIDIA GeForce RTX 4090", "total_memory": 25393692672}]}
    s = build_snapshot(tmp_path, files=files, probes={"env": {}, "python": {
        "python": {"executable": "/usr/bin/python3"}, "torch": cuda_torch, "distributions": {}}})
    report = rocmdoctor.scan(snapshot=s, select=["RD-GPU", "RD-GFX", "RD-PREC", "RD-ROCM-001"])
    inv = report.by_code("RD-GPU-001")[0]
    assert inv.status is Status.SKIP and "NVIDIA" in inv.title
    assert not [f for f in report.findings if f.status in (Status.WARN, Status.FAIL)], \
        [(f.code, f.title) for f in report.findings if f.status in (Status.WARN, Status.FAIL)]
    # ...while the same iGPU alone (a laptop with no other GPU) is still listed.
    alone = build_snapshot(tmp_path / "laptop", files=kfd("kfd_properties_gfx1036_Raphael_iGPU_PARTIAL.txt"))
    assert one(alone, "RD-GPU-001").data["gpus"][0]["gfx"] == "gfx1036"


def test_gpu_identity_agrees_on_a_real_machine_and_flags_a_mismatch(tmp_path, example_lspci):
    base = rocmdoctor.api.examples()["mi50x2-xeon"]
    assert one(base, "RD-GPU-003", level="default").status is Status.PASS
    s = build_snapshot(tmp_path, base=base, commands=example_lspci(base, **{"[1002:66a1]": "[1002:66af]"}))
    f = one(s, "RD-GPU-003", level="default")
    assert f.status is Status.WARN and "lspci [1002:66af]" in f.title
