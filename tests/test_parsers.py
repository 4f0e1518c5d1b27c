"""Parsers on real captured output (tests/data, provenance in tests/data/SOURCES.md)."""
import pytest

from rocmdoctor.facts.platform_overrides import parse_override
from rocmdoctor.machine.parsers import rocm_smi
from rocmdoctor.machine.parsers import rocminfo
from rocmdoctor.machine.parsers.cmdline import parse_cmdline
from rocmdoctor.machine.parsers.cpuinfo import parse_cpuinfo
from rocmdoctor.machine.parsers.dkms import parse_dkms_status
from rocmdoctor.machine.parsers.keyvalue import parse_os_release
from rocmdoctor.machine.parsers.kfd import gfx_name, gfx_version_tuple, location_to_bdf, parse_properties
from rocmdoctor.machine.parsers.modprobe import amdgpu_denials
from rocmdoctor.machine.parsers.mounts import parse_mounts, size_option


# ---------------------------------------------------------------------------- KFD
@pytest.mark.parametrize("name, gtv, gfx, bdf", [
    ("kfd_properties_gfx906_RadeonVII_node1.txt", 90006, "gfx906", "0000:63:00.0"),
    ("kfd_properties_gfx908_MI100_rocmi.txt", 90008, "gfx908", "0000:23:00.0"),
    ("kfd_properties_gfx942_MI300X_gpuq_node2.txt", 90402, "gfx942", "0000:47:00.0"),
    ("kfd_properties_gfx1100_RX7900XTX_tinygrad.txt", 110000, "gfx1100", "0000:86:00.0"),
    ("kfd_properties_gfx1032_node3_rocprofsdk.txt", 100302, "gfx1032", None),
    ("kfd_properties_gfx1102_node2_rocprofsdk.txt", 110002, "gfx1102", None),
    ("kfd_properties_gfx1036_Raphael_iGPU_PARTIAL.txt", 100306, "gfx1036", None),
])
def test_kfd_gpu_properties(sample, name, gtv, gfx, bdf):
    props = parse_properties(sample(name))
    assert props["gfx_target_version"] == gtv
    assert gfx_name(props["gfx_target_version"]) == gfx
    assert props["simd_count"] > 0
    if bdf:
        assert location_to_bdf(props["domain"], props["location_id"]) == bdf


def test_kfd_cpu_node_has_no_gfx(sample):
    props = parse_properties(sample("kfd_properties_cpu_node0_24cores_rocprofsdk.txt"))
    assert props["cpu_cores_count"] == 24 and props["simd_count"] == 0
    assert gfx_name(props["gfx_target_version"]) is None


def test_kfd_large_values_stay_exact(sample):
    props = parse_properties(sample("kfd_properties_gfx906_RadeonVII_node1.txt"))
    assert props["unique_id"] == 985321441578344217 and props["simd_id_base"] == 2147487744


@pytest.mark.parametrize("gtv, gfx", [
    (90006, "gfx906"), (90010, "gfx90a"), (110000, "gfx1100"), (90402, "gfx942"), (120001, "gfx1201"),
    (100300, "gfx1030"), (110501, "gfx1151"), (90500, "gfx950"),
])
def test_gfx_name_hex_minor_and_stepping(gtv, gfx):
    # Not 'gfx9010' for 90010: minor and stepping are single hex digits (rocm_smi_lib#159).
    assert gfx_name(gtv) == gfx


@pytest.mark.parametrize("gtv", [0, 9, 91600, 90016])
def test_gfx_name_rejects_impossible_values(gtv):
    assert gfx_name(gtv) is None


def test_gfx_version_tuple():
    assert gfx_version_tuple(120001) == (12, 0, 1)


def test_kfd_garbage_is_skipped_line_by_line():
    props = parse_properties("simd_count 64\n\x00garbage line here\nlocation_id zz\ngfx_target_version 0x1\n")
    assert props == {"simd_count": 64, "gfx_target_version": 1}


# ------------------------------------------------------------------- rocm-smi, rocminfo
def test_rocm_smi_productname_json(sample):
    cards = rocm_smi.parse_productname_json(sample("rocm-smi_showproductname_json_MI250X.json"))
    assert list(cards) == ["card0"]
    assert cards["card0"]["Card Series"] == "AMD INSTINCT MI200 (MCM) OAM LC MBA HPE C2"
    assert cards["card0"]["GFX Version"] == "gfx9010"  # the tool's own bug: gfx90a in decimal


@pytest.mark.parametrize("text", ["", "ERROR: GPU[0] : not found", "[1, 2]", "{broken"])
def test_rocm_smi_garbage_gives_nothing(text):
    assert rocm_smi.parse_productname_json(text) == {}


def test_rocminfo_7900xtx(sample):
    agents = rocminfo.parse_agents(sample("rocminfo_RX7900XTX_gfx1100_full.txt"))
    gpus = rocminfo.gpu_agents(sample("rocminfo_RX7900XTX_gfx1100_full.txt"))
    assert agents[0]["Device Type"] == "CPU" and agents[0]["Name"] == "AMD Ryzen 5 5500"
    assert [(g["Name"], g["Marketing Name"]) for g in gpus] == [("gfx1100", "Radeon RX 7900 XTX")]


def test_rocminfo_mi50_single_agent(sample):
    [gpu] = rocminfo.gpu_agents(sample("rocminfo_MI50_32GB_gfx906_agent_rocm6.3.3.txt"))
    assert gpu["Name"] == "gfx906" and gpu["Uuid"] == "GPU-12b008e17337ecd9"


# ------------------------------------------------------------------- cmdline, modprobe
def test_cmdline_iommu_and_quoted_values(sample):
    c = parse_cmdline(sample("cmdline_epyc7532_2x7900xtx_amd_iommu_on_iommu_pt.txt"))
    assert c.get("iommu") == "pt" and c.get("amd_iommu") == "on" and c.has("quiet")
    assert parse_cmdline('a="x y" b').args == (("a", "x y"), ("b", None))


def test_cmdline_repeated_key_last_wins(sample):
    c = parse_cmdline(sample("cmdline_instinct_amd_docs_iommu_pt_elided.txt"))
    assert c.values("pci") == ["realloc=off", "bfsort"] and c.get("pci") == "bfsort"
    assert c.get("modprobe.blacklist") == "amdgpu"


def test_cmdline_default_ubuntu_has_no_iommu(sample):
    c = parse_cmdline(sample("cmdline_ubuntu24.04_default_no_iommu.txt"))
    assert c.get("iommu") is None and c.get("BOOT_IMAGE") == "/boot/vmlinuz-6.8.0-31-generic"


def test_modprobe_denials():
    text = "blacklist amdgpu # vm\n# blacklist amdgpu\ninstall amdgpu /bin/false\nblacklist radeon\noptions amdgpu x=1\n"
    assert amdgpu_denials(text) == ["blacklist amdgpu", "install amdgpu /bin/false"]


# ------------------------------------------------------------------------- cpuinfo
def test_cpuinfo_xeon(sample):
    info = parse_cpuinfo(sample("cpuinfo_XeonE5-2650v2_IvyBridgeEP_proc0_archspec.txt"))
    assert info.vendor == "GenuineIntel" and "E5-2650 v2" in info.model_name and info.logical_cpus == 1


def test_cpuinfo_two_sockets(sample):
    info = parse_cpuinfo(sample("cpuinfo_dual_XeonE5-2697v2_IvyBridgeEP_proc0_and_proc12.txt"))
    assert info.sockets == 2 and info.logical_cpus == 2


def test_cpuinfo_space_separated_keys(sample):
    info = parse_cpuinfo(sample("cpuinfo_Ryzen9_9950X_proc0_archspec_spaces.txt"))
    assert info.vendor == "AuthenticAMD" and info.model_name == "AMD Ryzen 9 9950X 16-Core Processor"


# -------------------------------------------------------------------------- mounts
def test_docker_default_shm_is_64_mib(sample):
    mounts = parse_mounts(sample("proc_mounts_docker_container_default_shm_64M.txt"))
    [shm] = [m for m in mounts if m.mountpoint == "/dev/shm"]
    assert shm.fstype == "tmpfs" and shm.options["size"] == "65536k"
    assert size_option(shm.options["size"]) == 64 * 1024 ** 2


def test_older_kernel_shm_line(sample):
    [m] = parse_mounts(sample("proc_mounts_line_docker_shm_65536k_older_kernel.txt"))
    assert size_option(m.options["size"]) == 67108864 and "inode64" not in m.options


@pytest.mark.parametrize("value, expected", [("8g", 8 * 1024 ** 3), ("1073741824", 1073741824), ("50%", None),
                                             ("", None), ("lots", None)])
def test_size_option(value, expected):
    assert size_option(value) == expected


# ----------------------------------------------------------------- dkms, os-release
def test_dkms_two_kernels(sample):
    entries = parse_dkms_status(sample("dkms_status_amdgpu_6.3.6_two_kernels.txt"))
    assert [(e.module, e.version, e.kernel, e.state) for e in entries] == [
        ("amdgpu", "6.3.6-1697589.22.04", "5.19.0-42-generic", "installed"),
        ("amdgpu", "6.3.6-1697589.22.04", "6.5.0-14-generic", "installed")]


def test_dkms_old_comma_format_and_garbage():
    text = "amdgpu, 5.18.13-1538762.22.04, 5.15.0-76-generic, x86_64: installed\nnonsense\n: \n"
    [e] = parse_dkms_status(text)
    assert (e.version, e.kernel, e.arch) == ("5.18.13-1538762.22.04", "5.15.0-76-generic", "x86_64")


def test_os_release(sample):
    d = parse_os_release(sample("os-release_ubuntu_24.04.1.txt"))
    assert (d["ID"], d["VERSION_ID"], d["PRETTY_NAME"]) == ("ubuntu", "24.04", "Ubuntu 24.04.1 LTS")


# ----------------------------------------------------------- HSA_OVERRIDE_GFX_VERSION
@pytest.mark.parametrize("value, expected", [("10.3.0", (10, 3, 0)), ("9.0.6", (9, 0, 6)), ("11.0.0", (11, 0, 0)),
                                             ("gfx1030", None), ("10.3", None), ("10.3.0 ", None), ("10.3.0\n", None), (" 10.3.0", (10, 3, 0)),
                                             ("64.0.0", None), ("10.3.0.1", None), ("", None)])
def test_parse_override_like_libhsakmt(value, expected):
    assert parse_override(value) == expected
