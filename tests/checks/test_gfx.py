"""RD-GFX-*: gfx targets against the ROCm support list and the wheel's arch list."""
import json
import os

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
KFD = "/sys/class/kfd/kfd/topology/nodes"
EXAMPLES = rocmdoctor.api.examples()


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def arch_list(name):
    return json.loads(data(name).replace("'", '"'))


def python_probe(hip, archs, version="2.3.0+rocm6.0"):
    return {"python": {"executable": "/venv/bin/python"},
            "torch": {"version": version, "hip": hip, "arch_list": archs}}


def machine(tmp_path, gpu_file, rocm=None, torch=None, env=None, gpu_text=None):
    files = {f"{KFD}/0/properties": data("kfd_properties_cpu_node0_24cores_rocprofsdk.txt"),
             f"{KFD}/1/properties": gpu_text or data(gpu_file)}
    if rocm:
        files["/opt/rocm/.info/version"] = rocm + "\n"
    probes = {"env": env or {}}
    if torch:
        probes["python"] = torch
    return build_snapshot(tmp_path, files=files, probes=probes)


def findings(s, code, level="default"):
    return rocmdoctor.scan(snapshot=s, select=[code], level=level).by_code(code)


def test_supported_gpu_passes(tmp_path):
    s = machine(tmp_path, "kfd_properties_gfx942_MI300X_gpuq_node2.txt", rocm="6.2.0-66")
    [f] = findings(s, "RD-GFX-001")
    assert f.status is Status.PASS and f.subject == "GPU 0 (gfx942)"


def test_gfx906_deprecated_on_rocm6(tmp_path):
    s = machine(tmp_path, "kfd_properties_gfx906_RadeonVII_node1.txt", rocm="6.2.0-66")
    [f] = findings(s, "RD-GFX-001")
    assert f.status is Status.WARN and "deprecated" in f.title


def test_gfx906_unsupported_on_rocm7_uses_wheel_and_system(tmp_path):
    s = machine(tmp_path, "kfd_properties_gfx906_RadeonVII_node1.txt", rocm="7.14.0",
                torch=python_probe("6.1.40091-a8dbc0c19", ["gfx906"]))
    [f] = findings(s, "RD-GFX-001")
    assert f.status is Status.WARN and "not supported by system ROCm 7.14.0" in f.title
    assert f.data["verdicts"] == {"torch's ROCm 6.1": "deprecated", "system ROCm 7.14.0": "unsupported"}


def test_unofficial_consumer_gpu_gets_override_hint(tmp_path):
    s = machine(tmp_path, "kfd_properties_gfx1032_node3_rocprofsdk.txt", rocm="6.2.0-66")
    [f] = findings(s, "RD-GFX-001")
    assert f.status is Status.WARN and "HSA_OVERRIDE_GFX_VERSION=10.3.0" in f.detail


def test_wheel_with_arch_passes(tmp_path):
    s = machine(tmp_path, "kfd_properties_gfx1100_RX7900XTX_tinygrad.txt",
                torch=python_probe("6.0.32830-d62f6a171", arch_list("torch_get_arch_list_rocm_wheel_with_gfx942.txt")))
    [f] = findings(s, "RD-GFX-002")
    assert f.status is Status.PASS and f.title == "GPU 0 (gfx1100): the wheel has gfx1100 code"


def test_wheel_without_arch_fails(tmp_path):
    # gfx942 (MI300X) against an early ROCm 5 wheel's list, which stops at gfx1100.
    s = machine(tmp_path, "kfd_properties_gfx942_MI300X_gpuq_node2.txt",
                torch=python_probe("5.4.22803-474e8620", arch_list("torch_get_arch_list_rocm5.x_wheel_7900xtx.txt"),
                                   "1.13.1+rocm5.4.2"))
    [f] = findings(s, "RD-GFX-002")
    assert f.status is Status.FAIL
    assert "hipErrorNoBinaryForGpu" in f.detail and "invalid device function" in f.detail
    assert "official wheels carry gfx942 from the rocm6.0 wheels on" in f.detail  # knowledge/torch_wheels.py
    assert f.fix is not None


def test_override_makes_runtime_report_supported_arch(tmp_path):
    # gfx1032 is in no wheel; 10.3.0 makes the runtime load gfx1030 code, which the wheel has.
    archs = arch_list("torch_get_arch_list_rocm_wheel_with_gfx942.txt")
    s = machine(tmp_path, "kfd_properties_gfx1032_node3_rocprofsdk.txt",
                torch=python_probe("6.0.32830-d62f6a171", archs), env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"})
    [f] = findings(s, "RD-GFX-002")
    assert f.status is Status.PASS and "runs as gfx1030" in f.title
    s2 = machine(tmp_path / "b", "kfd_properties_gfx1032_node3_rocprofsdk.txt",
                 torch=python_probe("6.0.32830-d62f6a171", archs))
    [f2] = findings(s2, "RD-GFX-002")
    assert f2.status is Status.FAIL and "10.3.0" in f2.detail


def test_rdna4_with_wrong_override_fails_on_override_target(tmp_path):
    # An R9700 (gfx1201) node, derived from the real 7900 XTX file, told to be 11.0.0.
    text = data("kfd_properties_gfx1100_RX7900XTX_tinygrad.txt").replace(
        "gfx_target_version 110000", "gfx_target_version 120001")
    s = machine(tmp_path, None, gpu_text=text, env={"HSA_OVERRIDE_GFX_VERSION": "11.0.0"},
                torch=python_probe("6.0.32830-d62f6a171", ["gfx1201"]))
    [f] = findings(s, "RD-GFX-002")
    assert f.status is Status.FAIL and "gfx1100" in f.title and "gfx1201" in f.detail


def test_cpu_wheel_skips(tmp_path):
    s = machine(tmp_path, "kfd_properties_gfx1100_RX7900XTX_tinygrad.txt", torch=python_probe(None, [], "2.13.0+cpu"))
    [f] = findings(s, "RD-GFX-002")
    assert f.status is Status.SKIP


def test_empty_arch_list_skips_with_reason(tmp_path):
    probe = python_probe("6.0.32830-d62f6a171", [])
    probe["torch"]["arch_list_error"] = "RuntimeError: No HIP GPUs are available"
    s = machine(tmp_path, "kfd_properties_gfx1100_RX7900XTX_tinygrad.txt", torch=probe)
    [f] = findings(s, "RD-GFX-002")
    assert f.status is Status.SKIP and "No HIP GPUs" in f.title


def test_example_mi50_passes_wheel_check():
    [f] = findings(EXAMPLES["mi50x2-xeon"], "RD-GFX-002")
    assert f.status is Status.PASS and f.subject == "GPU 0, 1 (gfx906)"


def _gfx1030(device_id: int) -> str:
    # Real RDNA2 KFD node (gfx1032 capture) retargeted to gfx1030 with the board's PCI id.
    text = data("kfd_properties_gfx1032_node3_rocprofsdk.txt").replace("gfx_target_version 100302",
                                                                        "gfx_target_version 100300")
    return "\n".join(f"device_id {device_id}" if ln.startswith("device_id ") else ln for ln in text.splitlines())


def test_gfx1030_listed_board_passes_but_rx6800_is_unofficial(tmp_path):
    w6800 = machine(tmp_path / "w", None, rocm="7.14.0", gpu_text=_gfx1030(0x73A3))
    assert findings(w6800, "RD-GFX-001")[0].status is Status.PASS
    rx6800 = machine(tmp_path / "rx", None, rocm="7.14.0", gpu_text=_gfx1030(0x73BF))
    [f] = findings(rx6800, "RD-GFX-001")
    assert f.status is Status.WARN and "0x73bf" in f.detail and "RX 6000" in f.detail


def test_a_supported_verdict_names_the_release_list_it_used(tmp_path):
    s = machine(tmp_path, "kfd_properties_gfx1100_RX7900XTX_tinygrad.txt", rocm="6.4.1")
    [f] = findings(s, "RD-GFX-001")
    assert f.status == Status.PASS and "per the ROCm 6.4.1 list" in f.detail
    assert f.data["lists"] == {"system ROCm 6.4.1": "the ROCm 6.4.1 list"}
    # the evidence names the page and the version of it that was read
    assert any("system-requirements" in e.source and "read at" in e.text for e in f.evidence)


def test_gfx906_on_6_0_0_is_supported_for_the_radeon_vii_and_says_the_mi50_is_not(tmp_path):
    s = machine(tmp_path, "kfd_properties_gfx906_RadeonVII_node1.txt", rocm="6.0.0")
    [f] = findings(s, "RD-GFX-001")
    assert f.status == Status.PASS and "MI50" in f.detail and "per the ROCm 6.0.0 list" in f.detail


def _vega20(tmp_path, revision, vram_gib):
    # The Radeon VII's real KFD node, with the device id of the shared Vega 20 id 0x66A1 and the
    # PCI revision and VRAM size sysfs gives (0000:63:00.0 is location_id 25344).
    props = data("kfd_properties_gfx906_RadeonVII_node1.txt").replace("device_id 26287", f"device_id {0x66A1}")
    pci = "/sys/bus/pci/devices/0000:63:00.0"
    files = {f"{KFD}/0/properties": data("kfd_properties_cpu_node0_24cores_rocprofsdk.txt"),
             f"{KFD}/1/properties": props, f"{pci}/revision": f"0x{revision:02x}\n",
             f"{pci}/mem_info_vram_total": f"{vram_gib * 2**30 - 2**24}\n"}
    return build_snapshot(tmp_path, files=files, probes={"env": {}})


def test_the_shared_vega20_id_is_named_by_revision_and_vram(tmp_path):
    names = {}
    for rev, vram in ((0x02, 16), (0x02, 32), (0x06, 16)):
        [f] = findings(_vega20(tmp_path / f"{rev}-{vram}", rev, vram), "RD-GPU-001")
        names[(rev, vram)] = f.detail
    assert "AMD Instinct MI50," in names[(0x02, 16)]
    assert "AMD Instinct MI60 / MI50," in names[(0x02, 32)]  # MI60 or MI50 32GB: never a guess
    assert "AMD Radeon Pro VII," in names[(0x06, 16)]
