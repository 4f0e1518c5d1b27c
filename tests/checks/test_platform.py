"""Platforms: Hygon DCU, WSL2, ROCm from wheels, APUs, Slurm. Each rule once where it fires
and once where it must not; the mainline checks must not fail on these machines."""
import os

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
KFD = "/sys/class/kfd/kfd/topology/nodes"
PCI = "/sys/bus/pci/devices"


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def one(s, code, level="quick"):
    found = rocmdoctor.scan(snapshot=s, select=[code], level=level).by_code(code)
    assert len(found) == 1, found
    return found[0]


def statuses(s, codes, level="quick"):
    rep = rocmdoctor.scan(snapshot=s, select=codes, level=level)
    return {f.code + (f"[{f.subject}]" if f.subject else ""): f.status.value for f in rep.findings}


# A gfx906-generation DCU: real Radeon VII KFD properties with Hygon's vendor id and the
# ZIFANG device id 1d94:55b7 (DCU install guide, index id 20349918355).
def dcu_props(location=0x0700):
    text = data("kfd_properties_gfx906_RadeonVII_node1.txt")
    text = text.replace("vendor_id 4098", "vendor_id 7572").replace("device_id 26287", "device_id 21943")
    return text.replace("location_id 25344", f"location_id {location}")


def dcu_files(dtk="23.10", rocm_link=True):
    files = {f"{KFD}/0/properties": data("kfd_properties_cpu_node0_24cores_rocprofsdk.txt"),
             f"{KFD}/1/properties": dcu_props(),
             f"{PCI}/0000:07:00.0/class": "0x038000\n", f"{PCI}/0000:07:00.0/vendor": "0x1d94\n",
             f"{PCI}/0000:07:00.0/device": "0x55b7\n",
             # a Hygon CPU's own function (PSP/CCP): same vendor, not a DCU
             f"{PCI}/0000:04:00.2/class": "0x108000\n", f"{PCI}/0000:04:00.2/vendor": "0x1d94\n",
             f"{PCI}/0000:04:00.2/device": "0x14c6\n",
             "/sys/module/hydcu/version": "6.2.28\n", "/sys/module/hydcu/initstate": "live\n"}
    if dtk:
        files[f"/opt/dtk-{dtk}/.info/version"] = dtk + "\n"
    links = {f"{PCI}/0000:07:00.0/driver": "../../../bus/pci/drivers/hydcu"}
    if dtk and rocm_link:
        links["/opt/dtk"] = f"/opt/dtk-{dtk}"
        links["/opt/rocm"] = f"/opt/dtk-{dtk}"
    return files, links


def dcu_snap(tmp_path, dtk="23.10", probes=None, **kw):
    files, links = dcu_files(dtk)
    return build_snapshot(tmp_path, files=files, links=links, probes=probes,
                          exists={"/sys/module/hydcu": True, "/dev/kfd": True, "/sys/class/kfd/kfd/topology": True}, **kw)


def test_dcu_is_not_a_missing_amdgpu_nor_rocm_23(tmp_path):
    s = dcu_snap(tmp_path)
    got = statuses(s, ["RD-DRV-001", "RD-DRV-003", "RD-DCU-001", "RD-ROCM-001", "RD-GPU-001", "RD-GFX-001",
                       "RD-PLAT-001"])
    assert got["RD-DRV-001"] == "skip" and got["RD-DRV-003"] == "skip"
    assert got["RD-DCU-001"] == "pass" and got["RD-GPU-001"] == "pass" and got["RD-GFX-001"] == "pass"
    rocm = one(s, "RD-ROCM-001")
    assert "DTK 23.10" in rocm.title and "ROCm 23" not in rocm.title
    plat = one(s, "RD-PLAT-001")
    assert "Hygon DCU (DTK 23.10)" in plat.title
    dcu = one(s, "RD-DCU-001")
    assert "hydcu 6.2.28" in dcu.title
    # the CPU's PSP shares vendor 0x1d94 but is no DCU
    assert not any("04:00.2" in e.source for e in dcu.evidence)


def test_dcu_module_missing_fails(tmp_path):
    files, links = dcu_files()
    del files["/sys/module/hydcu/version"], files["/sys/module/hydcu/initstate"]
    s = build_snapshot(tmp_path, files=files, links=links, exists={"/sys/module/hydcu": False})
    f = one(s, "RD-DCU-001")
    assert f.status is Status.FAIL and "1d94:55b7" in f.title


def py(torch_version, hip="5.7.24311", dists=None):
    d = {"torch": {"name": "torch", "version": torch_version}}
    for name, v in (dists or {}).items():
        d[name] = {"name": name, "version": v}
    return {"python": {"python": {"executable": "/usr/bin/python3", "prefix": "/usr"}, "distributions": d,
                       "torch": {"version": torch_version.split("+")[0] if "das" in torch_version else torch_version,
                                 "hip": hip, "cuda": None, "device_count": 2}}}


def test_dcu_torch_matches_dtk(tmp_path):
    s = dcu_snap(tmp_path, probes=py("2.1.0a0+git793d2b5.abi0.dtk2310"))
    f = one(s, "RD-DCU-002", level="default")
    assert f.status is Status.PASS and "DTK 23.10" in f.title


def test_dcu_torch_for_other_dtk_fails(tmp_path):
    # torch.__version__ is bare on DAS builds; the distribution keeps the dtk tag
    s = dcu_snap(tmp_path, probes=py("2.1.0+das1.0+git00661e0.abi0.dtk2404"))
    f = one(s, "RD-DCU-002", level="default")
    assert f.status is Status.FAIL and "DTK 24.04" in f.title and "23.10" in f.title


def test_dcu_rocm_wheel_torch_fails(tmp_path):
    s = dcu_snap(tmp_path, probes=py("2.3.0+rocm6.0", hip="6.0.32830"))
    f = one(s, "RD-DCU-002", level="default")
    assert f.status is Status.FAIL and "not a DTK build" in f.title


def test_dcu_extensions(tmp_path):
    s = dcu_snap(tmp_path, probes=py("2.1.0+das1.0+git00661e0.abi0.dtk2404", dists={
        "deepspeed": "0.12.3+das1.0+gita724046.abi0.dtk2404.torch2.1.0",
        "xformers": "0.0.25+das.opt1.dtk24043",
        "bitsandbytes": "0.38.1"}))
    got = statuses(s, ["RD-DCU-003"], level="default")
    assert got == {"RD-DCU-003[deepspeed]": "pass", "RD-DCU-003[xformers]": "pass",
                   "RD-DCU-003[bitsandbytes]": "fail"}


def test_dcu_upstream_deepspeed_fails_naming_the_cuda_check(tmp_path):
    s = dcu_snap(tmp_path, probes=py("2.1.0a0+git793d2b5.abi0.dtk2310", dists={"deepspeed": "0.12.4"}))
    [f] = rocmdoctor.scan(snapshot=s, select=["RD-DCU-003"], level="default").findings
    assert f.status is Status.FAIL and "CUDA version" in f.detail and f.fix and "dtk2310" in f.fix.actions[0].description


def test_no_dcu_on_a_hygon_cpu_host(tmp_path):
    files = {f"{PCI}/0000:04:00.2/class": "0x108000\n", f"{PCI}/0000:04:00.2/vendor": "0x1d94\n",
             f"{PCI}/0000:04:00.2/device": "0x14c6\n"}
    s = build_snapshot(tmp_path, files=files)
    assert one(s, "RD-DCU-001").status is Status.SKIP
    assert "Hygon" not in one(s, "RD-PLAT-001").title


# ----------------------------------------------------------------------- WSL2
ROCMINFO_WSL = os.path.join(DATA, "rocminfo_wsl_RX7900GRE_rocm6.3.txt")


def wsl_snap(tmp_path, env=None, rocm_version="6.3.0-39"):
    files = {"/proc/sys/kernel/osrelease": "5.15.167.4-microsoft-standard-WSL2\n",
             "/proc/cmdline": "initrd=\\initrd.img WSL_ROOT_INIT=1 panic=-1 nr_cpus=20 hv_utils.timesync_implicit=1\n",
             "/opt/rocm-6.3.0/.info/version": rocm_version + "\n"}
    with open(ROCMINFO_WSL, encoding="utf-8") as fh:
        rocminfo = "".join(fh.readlines()[1:])  # first line: source URL
    return build_snapshot(tmp_path, files=files, exists={"/dev/dxg": True, "/dev/kfd": False},
                          commands={("rocminfo",): rocminfo}, probes={"env": env or {}})


def test_wsl_inventory_from_rocminfo_and_no_linux_failures(tmp_path):
    s = wsl_snap(tmp_path)
    got = statuses(s, ["RD-DRV-001", "RD-DRV-003", "RD-GPU-001", "RD-IOMMU-001", "RD-IOMMU-002", "RD-OS-001",
                       "RD-WSL-001"])
    assert "fail" not in got.values(), got
    inv = one(s, "RD-GPU-001")
    assert inv.status is Status.PASS and "AMD Radeon RX 7900 GRE" in inv.title
    assert inv.data["gpus"][0]["gfx"] == "gfx1100"
    assert got["RD-IOMMU-001"] == "skip" and got["RD-DRV-001"] == "skip"


def test_wsl_rocm7_without_dxg_detection_warns(tmp_path):
    s = wsl_snap(tmp_path, rocm_version="7.2.1-81")
    got = statuses(s, ["RD-WSL-001"])
    assert "warn" in got.values()
    s2 = wsl_snap(tmp_path / "b", env={"HSA_ENABLE_DXG_DETECTION": "1"}, rocm_version="7.2.1-81")
    assert "warn" not in statuses(s2, ["RD-WSL-001"]).values()


def test_wsl_without_dxg_fails(tmp_path):
    s = build_snapshot(tmp_path, files={"/proc/sys/kernel/osrelease": "6.6.87.2-microsoft-standard-WSL2\n"},
                       exists={"/dev/dxg": False})
    f = one(s, "RD-WSL-001")
    assert f.status is Status.FAIL and "Adrenalin" in f.detail


# ------------------------------------------------------------------ wheels ROCm
def test_rocm_from_wheels_is_not_no_rocm(tmp_path):
    probes = {"python": {"python": {"executable": "/home/u/venv/bin/python", "prefix": "/home/u/venv"},
                         "distributions": {"rocm": {"name": "rocm", "version": "7.10.0a20251015"},
                                           "rocm-sdk-core": {"name": "rocm-sdk-core", "version": "7.10.0a20251015"}},
                         "torch": {"version": "2.10.0a0+rocm7.10.0a20251015", "hip": "7.1.25413", "cuda": None}}}
    s = build_snapshot(tmp_path, files={f"{KFD}/1/properties": data("kfd_properties_gfx1100_RX7900XTX_tinygrad.txt")},
                       probes=probes)
    f = one(s, "RD-ROCM-001", level="default")
    assert f.status is Status.PASS and "from Python wheels" in f.title and "7.10.0a20251015" in f.title


# ----------------------------------------------------------------------- Slurm
def test_slurm_hip_visible_on_top_of_rocr_fails(tmp_path):
    env = {"SLURM_JOB_ID": "4242", "SLURM_JOB_GPUS": "2,3", "ROCR_VISIBLE_DEVICES": "2,3",
           "HIP_VISIBLE_DEVICES": "2"}
    s = build_snapshot(tmp_path, probes={"env": env})
    f = one(s, "RD-SLURM-001")
    assert f.status is Status.FAIL and "renumbered" in f.detail


def test_slurm_job_assignment_passes(tmp_path):
    env = {"SLURM_JOB_ID": "4242", "SLURM_JOB_GPUS": "2,3", "ROCR_VISIBLE_DEVICES": "2,3"}
    f = one(build_snapshot(tmp_path, probes={"env": env}), "RD-SLURM-001")
    assert f.status is Status.PASS and f.data["given"] == 2


def test_not_in_slurm_skips(tmp_path):
    assert one(build_snapshot(tmp_path, probes={"env": {}}), "RD-SLURM-001").status is Status.SKIP


def test_wsl_torch_bundled_runtime_fails_only_when_torch_sees_nothing(tmp_path):
    site = "/home/u/venv/lib/python3.12/site-packages"
    def snap(d, count, link=None):
        probes = {"python": {"python": {"executable": "/home/u/venv/bin/python", "prefix": "/home/u/venv"},
                             "distributions": {},
                             "torch": {"version": "2.4.0+rocm6.3.4", "hip": "6.3.42134", "cuda": None,
                                       "file": f"{site}/torch/__init__.py", "device_count": count}}}
        files = {"/proc/sys/kernel/osrelease": "5.15.167.4-microsoft-standard-WSL2\n"}
        links = {}
        if link:
            links[f"{site}/torch/lib/libhsa-runtime64.so"] = link
        else:
            files[f"{site}/torch/lib/libhsa-runtime64.so"] = "x"
        return build_snapshot(d, files=files, links=links, probes=probes, exists={"/dev/dxg": True})
    f = one(snap(tmp_path / "a", 0), "RD-WSL-002", level="default")
    assert f.status is Status.FAIL and "rm " in f.fix.actions[0].description
    assert one(snap(tmp_path / "b", 1), "RD-WSL-002", level="default").status is Status.PASS
    assert one(snap(tmp_path / "c", 0, link="/opt/rocm/lib/libhsa-runtime64.so.1.14.0"), "RD-WSL-002",
               level="default").status is Status.PASS


# ------------------------------------------------------------------------ APU
def apu_snap(tmp_path, cmdline, pages, gtt=137438953472, mem_kb=130988769):
    gfx = data("kfd_properties_gfx1100_RX7900XTX_tinygrad.txt").replace("gfx_target_version 110000",
                                                                         "gfx_target_version 110501")
    gfx = gfx.replace("location_id 34304", "location_id 50432")
    files = {f"{KFD}/1/properties": gfx, "/proc/cmdline": cmdline, "/proc/meminfo": f"MemTotal: {mem_kb} kB\n",
             f"{PCI}/0000:c5:00.0/mem_info_vram_total": "536870912\n",
             f"{PCI}/0000:c5:00.0/mem_info_gtt_total": f"{gtt}\n",
             "/sys/module/ttm/parameters/pages_limit": f"{pages}\n"}
    return build_snapshot(tmp_path, files=files)


def test_apu_at_the_default_ttm_limit_says_how_to_raise_it(tmp_path):
    s = apu_snap(tmp_path, "BOOT_IMAGE=/vmlinuz ro quiet amdgpu.gttsize=131072\n", 16373596)
    f = one(s, "RD-APU-001")
    assert f.status is Status.WARN and "62.5 GiB usable" in f.title
    assert "ttm.pages_limit=" in f.detail and "amdgpu.gttsize=131072" in f.detail
    inv = one(s, "RD-GPU-001")
    assert inv.data["gpus"][0]["usable_bytes"] == 16373596 * 4096  # not the 0.5 GiB carve-out


def test_apu_with_raised_limit_passes(tmp_path):
    s = apu_snap(tmp_path, "BOOT_IMAGE=/vmlinuz ro ttm.pages_limit=27787264 ttm.page_pool_size=27787264\n",
                 27787264, gtt=27787264 * 4096)
    f = one(s, "RD-APU-001")
    assert f.status is Status.PASS and "106.0 GiB usable" in f.title


def test_apu_gttsize_with_pages_limit_warns(tmp_path):
    # real Strix Halo command line with both flags (tests/data/cmdline_strixhalo_debian13_iommu_pt_rocm6143.txt)
    s = apu_snap(tmp_path, data("cmdline_strixhalo_debian13_iommu_pt_rocm6143.txt"), 25000000, gtt=98304 << 20)
    f = one(s, "RD-APU-001")
    assert f.status is Status.WARN and "both set" in f.title


def test_discrete_gpu_is_no_apu_and_pcie_checks_skip_apus(tmp_path):
    s = build_snapshot(tmp_path, files={f"{KFD}/1/properties": data("kfd_properties_gfx1100_RX7900XTX_tinygrad.txt")})
    assert one(s, "RD-APU-001").status is Status.SKIP
    a = apu_snap(tmp_path / "apu", "BOOT_IMAGE=/vmlinuz ro\n", 16373596)
    assert one(a, "RD-PCIE-002").status is Status.SKIP


def test_dcu_skips_mainline_precision_and_os_rules(tmp_path):
    s = dcu_snap(tmp_path, probes=py("2.1.0+das1.0+git00661e0.abi0.dtk2404", dists={"xformers": "0.0.22.post7"}))
    got = statuses(s, ["RD-PREC-001", "RD-PREC-005", "RD-TORCH-003"], level="default")
    assert got["RD-PREC-005"] == "skip"  # RD-DCU-003 judges the extensions against DAS
    assert got["RD-TORCH-003"] == "pass"
    assert "RD-PREC-001" in got and got["RD-PREC-001"] == "skip"


# ------------------------------------------------------------------ topology
def test_training_gpus_follow_slurm_rocr_then_hip(tmp_path):
    from rocmdoctor.facts import Context
    from rocmdoctor.machine.sources import SnapshotSource
    files = {f"{KFD}/{i}/properties": data("kfd_properties_gfx1100_RX7900XTX_tinygrad.txt").replace(
        "location_id 34304", f"location_id {i << 8}") for i in range(1, 5)}
    s = build_snapshot(tmp_path, files=files, probes={"env": {"SLURM_JOB_ID": "7", "ROCR_VISIBLE_DEVICES": "2,3",
                                                              "HIP_VISIBLE_DEVICES": "1"}})
    ctx = Context(SnapshotSource(s), "quick")
    assert [g.index for g in ctx.get("training_gpus")] == [3]  # HIP's 1 is the second of ROCr's 2,3


def test_numa_nodes_of_one_socket_are_not_different_sockets(tmp_path):
    base = rocmdoctor.api.examples()["mi50x2-xeon"]
    # the MI50 pair on NUMA 0 and 1; one socket split in two (NPS2) is no cross-socket path
    numa = {f"{PCI}/0000:19:00.0/numa_node": "0\n", f"{PCI}/0000:67:00.0/numa_node": "1\n"}
    s = build_snapshot(tmp_path, base=base, files={
        **numa, "/sys/devices/system/node/node0/cpulist": "0-11\n", "/sys/devices/system/node/node1/cpulist": "12-23\n",
        "/sys/devices/system/cpu/cpu0/topology/physical_package_id": "0\n",
        "/sys/devices/system/cpu/cpu12/topology/physical_package_id": "0\n"})
    f = one(s, "RD-RCCL-002")
    assert f.status is Status.PASS and "share one socket" in f.title
    s2 = build_snapshot(tmp_path / "two", base=base, files={
        **numa, "/sys/devices/system/node/node0/cpulist": "0-11\n", "/sys/devices/system/node/node1/cpulist": "12-23\n",
        "/sys/devices/system/cpu/cpu0/topology/physical_package_id": "0\n",
        "/sys/devices/system/cpu/cpu12/topology/physical_package_id": "1\n"})
    f2 = one(s2, "RD-RCCL-002")
    assert f2.status is Status.WARN and "sockets 0/1" in f2.title


def test_wsl_old_rocm_and_shadowing_distro_runtime(tmp_path):
    s = wsl_snap(tmp_path, rocm_version="6.0.2-115")
    f = [x for x in rocmdoctor.scan(snapshot=s, select=["RD-WSL-001"]).findings if x.status is Status.FAIL]
    assert f and "predates ROCm on WSL" in f[0].title
    s2 = build_snapshot(tmp_path / "shadow", base=wsl_snap(tmp_path / "b"),
                        files={"/usr/lib/x86_64-linux-gnu/libhsa-runtime64.so.1": "x"})
    titles = [x.title for x in rocmdoctor.scan(snapshot=s2, select=["RD-WSL-001"]).findings]
    assert any("shadow ROCm's WSL runtime" in t for t in titles)
    assert not any("shadow" in x.title for x in rocmdoctor.scan(snapshot=wsl_snap(tmp_path / "c"),
                                                                select=["RD-WSL-001"]).findings)


def test_torch_and_rocm_sdk_wheels_of_different_releases_warn(tmp_path):
    def snap(d, sdk):
        probes = {"python": {"python": {"executable": "/v/bin/python", "prefix": "/v"},
                             "distributions": {"rocm-sdk-core": {"name": "rocm-sdk-core", "version": sdk}},
                             "torch": {"version": "2.10.0a0+rocm7.10.0a20251015", "hip": "7.1.25413", "cuda": None}}}
        return build_snapshot(d, probes=probes)
    assert one(snap(tmp_path / "a", "7.10.0a20251015"), "RD-ROCM-003", level="default").status is Status.PASS
    f = one(snap(tmp_path / "b", "7.9.0rc1"), "RD-ROCM-003", level="default")
    assert f.status is Status.WARN and "7.9.0rc1" in f.title


def test_slurm_job_says_whether_devices_are_fenced(tmp_path):
    files = {f"{KFD}/{i}/properties": data("kfd_properties_gfx1100_RX7900XTX_tinygrad.txt").replace(
        "location_id 34304", f"location_id {i << 8}") for i in range(1, 5)}
    env = {"SLURM_JOB_ID": "7", "SLURM_JOB_GPUS": "2,3", "ROCR_VISIBLE_DEVICES": "2,3"}
    f = one(build_snapshot(tmp_path, files=files, probes={"env": env}), "RD-SLURM-001")
    assert f.status is Status.PASS and "not fenced" in f.detail


def test_dcu_names_from_hy_smi_when_the_id_is_unknown(tmp_path):
    # a DCU id the knowledge base does not hold: hy-smi's product name (SwanHubX/SwanLab hardware/dcu/hygon.py
    # reads `Card Series` from `hy-smi --showproductname --json`; K500SM_AI per reference §5)
    files, links = dcu_files()
    files[f"{KFD}/1/properties"] = dcu_props().replace("device_id 21943", "device_id 4660")  # 0x1234: unknown
    files[f"{PCI}/0000:07:00.0/device"] = "0x1234\n"
    out = 'WARNING: text before the JSON\n{"card0": {"Card Series": "K500SM_AI", "Card Vendor": "C-3000"}}\n'
    s = build_snapshot(tmp_path, files=files, links=links,
                       exists={"/sys/module/hydcu": True, "/opt/hyhal/bin/hy-smi": True},
                       commands={("/opt/hyhal/bin/hy-smi", "--showproductname", "--json"): out})
    f = one(s, "RD-GPU-001")
    assert "K500SM_AI" in f.title


def test_train_memory_estimate_judges_an_apu_by_its_gtt_limit():
    import argparse

    from rocmdoctor.api import make_source
    from rocmdoctor.commands.train import model_estimate
    from rocmdoctor.engine.machine import Machine
    qwen = os.path.join(DATA, "hf_qwen2.5-7b-instruct")
    apu = Machine(make_source(example="strix-halo-apu"))
    [g] = apu.training_gpus()
    assert g.vram_bytes == 536870912 and g.memory_bytes == 16373596 * 4096  # not the 0.5 GiB carve-out
    a = argparse.Namespace(model=qwen, gpu_mem=None, variant="lora", lora_rank=8, lora_target="q_proj,v_proj",
                           micro_batch=1, seq_len=1024, grad_ckpt=False, zero=2, engine="ddp", nproc=1,
                           offload=False, attention="sdpa")
    est = model_estimate(a, apu, "bf16")
    assert "judged against 62.5 GiB per GPU" in est["lines"][1]
