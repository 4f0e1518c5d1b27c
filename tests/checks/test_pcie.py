"""RD-PCIE-001..004 on machines assembled from real `lspci -vvv` blocks, KFD properties
and kernel log lines (tests/data/SOURCES.md). sysfs link files are written per test:
they are one-line values in the kernel's own format ("16.0 GT/s PCIe")."""
import re

import rocmdoctor
from rocmdoctor.facts.interconnect import DMESG_ARGV, LSPCI_ARGV, upstream_chain
from rocmdoctor.engine.model import Applicability, Status
from rocmdoctor.testing import build_snapshot

KFD = "/sys/class/kfd/kfd/topology/nodes"
DEV = "/sys/bus/pci/devices"
GIB = 1 << 30

# Dual RX 7900 XTX desktop (Raphael, x8/x8 bifurcation): root port -> the card's own
# Navi switch (1002:1478 upstream, 1002:1479 downstream) -> GPU 1002:744c.
XTX_A = ["0000:00:01.1", "0000:01:00.0", "0000:02:00.0", "0000:03:00.0"]
XTX_B = ["0000:00:01.2", "0000:81:00.0", "0000:82:00.0", "0000:83:00.0"]
IDS = {0: (0x1022, 0x14DB), 1: (0x1002, 0x1478), 2: (0x1002, 0x1479), 3: (0x1002, 0x744C)}


def speed(gts):
    return f"{gts:.1f} GT/s PCIe\n" if gts else "Unknown\n"


def chain_files(chain, links):
    """links: per hop (cur_speed, cur_width, max_speed, max_width), root port first."""
    files = {}
    for i, (bdf, (cs, cw, ms, mw)) in enumerate(zip(chain, links)):
        vendor, device = IDS[i] if len(chain) == 4 else IDS[3 if i == len(chain) - 1 else 0]
        cls = "0x030000" if i == len(chain) - 1 else "0x060400"
        files.update({f"{DEV}/{bdf}/vendor": f"0x{vendor:04x}\n", f"{DEV}/{bdf}/device": f"0x{device:04x}\n",
                      f"{DEV}/{bdf}/class": cls + "\n",
                      f"{DEV}/{bdf}/current_link_speed": speed(cs), f"{DEV}/{bdf}/current_link_width": f"{cw}\n",
                      f"{DEV}/{bdf}/max_link_speed": speed(ms), f"{DEV}/{bdf}/max_link_width": f"{mw}\n"})
    return files


def kfd_gpu(text, bdf):
    bus = int(bdf.split(":")[1], 16)
    return re.sub(r"^location_id \d+$", f"location_id {bus << 8}", text, flags=re.M)


GOOD_X8 = [(16.0, 8, 32.0, 8), (16.0, 8, 16.0, 16), (16.0, 16, 16.0, 16), (16.0, 16, 16.0, 16)]


def desktop(tmp_path, sample, *, lspci, links_a=GOOD_X8, links_b=GOOD_X8,
            props="kfd_properties_gfx1100_RX7900XTX_tinygrad.txt", chains=(XTX_A, XTX_B), vram=24 * GIB,
            commands=None, files=None, name="snap"):
    fs = {f"{KFD}/0/properties": sample("kfd_properties_cpu_node0_24cores_rocprofsdk.txt")}
    links = {}
    for n, (chain, hops) in enumerate(zip(chains, (links_a, links_b)), start=1):
        gpu = chain[-1]
        fs[f"{KFD}/{n}/properties"] = kfd_gpu(sample(props), gpu)
        fs[f"{DEV}/{gpu}/mem_info_vram_total"] = f"{vram}\n"
        fs[f"{DEV}/{gpu}/numa_node"] = "-1\n"
        fs.update(chain_files(chain, hops))
        links[f"{DEV}/{gpu}"] = "../../../devices/pci0000:00/" + "/".join(chain)
    fs.update(files or {})
    cmds = {LSPCI_ARGV: lspci} if lspci is not None else {}
    cmds.update(commands or {})
    return build_snapshot(tmp_path / name, files=fs, links=links, commands=cmds)


def xtx_lspci(sample, bridges="lspci_vvv_raphael_gpp_root_ports_acs_enabled_PARTIAL.txt"):
    return sample(bridges) + "\n" + sample("lspci_vv_nonroot_2xRX7900XTX_epyc.txt")


def scan(snap, code):
    return rocmdoctor.scan(snapshot=snap, select=[code]).by_code(code)


def test_upstream_chain_from_sysfs_link():
    link = "../../../devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0"
    assert upstream_chain(link, "0000:03:00.0") == XTX_A
    assert upstream_chain(None, "0000:03:00.0") == ["0000:03:00.0"]


# ------------------------------------------------------------------------- ACS
def test_acs_enabled_on_dual_7900xtx_bridges_warns_with_setpci_plan(tmp_path, sample):
    snap = desktop(tmp_path, sample, lspci=xtx_lspci(sample))
    (f,) = scan(snap, "RD-PCIE-001")
    assert f.status is Status.WARN, f
    assert f.data["bridges"] == ["0000:00:01.1", "0000:00:01.2"]
    cmds = [a.argv for a in f.fix.actions if a.kind == "command"]
    assert cmds == [("setpci", "-s", "0000:00:01.1", "ECAP_ACS+0x6.w=0000"),
                    ("setpci", "-s", "0000:00:01.2", "ECAP_ACS+0x6.w=0000")]
    assert f.fix.applicability is Applicability.UNSAFE and f.fix.needs_root and not f.fix.needs_reboot
    assert "BIOS" in f.detail and "VFIO" in f.detail
    assert all("SrcValid+" in e.text for e in f.evidence)


def test_acs_cleared_on_the_same_bridges_passes(tmp_path, sample):
    # What the same root ports read after `setpci ... ECAP_ACS+0x6.w=0000`.
    text = re.sub(r"ACSCtl:\t.*", "ACSCtl:\tSrcValid- TransBlk- ReqRedir- CmpltRedir- UpstreamFwd- EgressCtrl- "
                  "DirectTrans-", xtx_lspci(sample))
    (f,) = scan(desktop(tmp_path, sample, lspci=text), "RD-PCIE-001")
    assert f.status is Status.PASS and "2 bridges" in f.title


def test_acs_without_root_skips_and_suggests_sudo(tmp_path, sample):
    bridge = sample("lspci_vvv_matisse_chipset_gpp_bridge_nonroot_03_05.0.txt")
    text = bridge.replace("03:05.0", "00:01.1") + "\n" + bridge.replace("03:05.0", "00:01.2") + "\n" + \
        sample("lspci_vv_nonroot_2xRX7900XTX_epyc.txt")
    (f,) = scan(desktop(tmp_path, sample, lspci=text), "RD-PCIE-001")
    assert f.status is Status.SKIP and "sudo" in f.detail and "access denied" in f.detail


def test_acs_single_gpu_is_not_judged(tmp_path, sample):
    snap = desktop(tmp_path, sample, lspci=xtx_lspci(sample), chains=(XTX_A,))
    (f,) = scan(snap, "RD-PCIE-001")
    assert f.status is Status.PASS and f.fix is None


def test_lspci_missing_skips_the_lspci_checks(tmp_path, sample):
    snap = desktop(tmp_path, sample, lspci=None,
                   commands={LSPCI_ARGV: {"returncode": None, "error": "not found"}})
    for code in ("RD-PCIE-001", "RD-PCIE-003"):
        (f,) = scan(snap, code)
        assert f.status is Status.SKIP and "lspci" in f.missing and "pciutils" in f.detail


# ----------------------------------------------------------------------- links
def test_slot_link_is_read_above_the_navi_switch(tmp_path, sample):
    (f,) = scan(desktop(tmp_path, sample, lspci=None), "RD-PCIE-002")
    # The GPU endpoints say x16, but the slots (each card switch's upstream link) are x8.
    assert f.status is Status.PASS and f.title == "2 GPUs: slot links at 16 GT/s (Gen4) x8"
    assert "0000:01:00.0" in f.detail and "0000:81:00.0" in f.detail


def test_narrow_slot_link_warns(tmp_path, sample):
    x4 = [(16.0, 4, 16.0, 16), (16.0, 4, 16.0, 16), (16.0, 16, 16.0, 16), (16.0, 16, 16.0, 16)]
    findings = scan(desktop(tmp_path, sample, lspci=None, links_a=x4, links_b=x4), "RD-PCIE-002")
    assert findings[0].status is Status.WARN and "x4 of x16" in findings[0].title


def test_idle_gen1_link_warns_with_aspm_caveat_not_fail(tmp_path, sample):
    idle = [(2.5, 8, 32.0, 8), (2.5, 8, 16.0, 16), (16.0, 16, 16.0, 16), (16.0, 16, 16.0, 16)]
    findings = scan(desktop(tmp_path, sample, lspci=None, links_a=idle), "RD-PCIE-002")
    first = findings[0]
    assert first.status is Status.WARN and "Gen1" in first.title
    assert "idle" in first.detail and "pp_dpm_pcie" in first.detail
    assert Status.FAIL not in {f.status for f in findings}


def test_unequal_slot_widths_warn(tmp_path, sample):
    # GPU B in a chipset x4 slot: the root port behind the chipset switch tops out at x4.
    chipset = [(16.0, 4, 16.0, 4), (16.0, 4, 16.0, 16), (16.0, 16, 16.0, 16), (16.0, 16, 16.0, 16)]
    findings = scan(desktop(tmp_path, sample, lspci=None, links_b=chipset), "RD-PCIE-002")
    assert findings[0].status is Status.PASS and findings[0].title.startswith("2 GPUs")
    assert findings[-1].status is Status.WARN and "unequal width" in findings[-1].title
    assert "x8" in findings[-1].title and "x4" in findings[-1].title


# ------------------------------------------------------------------- large BAR
def test_32g_bar_on_24g_cards_passes(tmp_path, sample):
    findings = scan(desktop(tmp_path, sample, lspci=xtx_lspci(sample)), "RD-PCIE-003")
    assert [f.status for f in findings] == [Status.PASS, Status.PASS]
    assert "32 GiB BAR" in findings[0].title


def test_256m_bar_warns_on_two_gpus(tmp_path, sample):
    text = xtx_lspci(sample).replace("(64-bit, prefetchable) [size=32G]", "(64-bit, prefetchable) [size=256M]")
    findings = scan(desktop(tmp_path, sample, lspci=text), "RD-PCIE-003")
    assert {f.status for f in findings} == {Status.WARN}
    assert "no large BAR" in findings[0].title and "Above 4G" in findings[0].detail
    assert findings[0].fix.applicability is Applicability.DISPLAY_ONLY


def test_mi50_32gb_with_16g_bar_is_a_partial_bar(tmp_path, sample):
    chains = (["0000:16:00.0", "0000:17:00.0", "0000:18:00.0", "0000:19:00.0"],
              ["0000:64:00.0", "0000:65:00.0", "0000:66:00.0", "0000:67:00.0"])
    text = sample("lspci_vvv_nn_MI50_32GB_19_00.0.txt") + "\n" + sample("lspci_vvv_nn_MI50_32GB_67_00.0.txt")
    snap = desktop(tmp_path, sample, lspci=text, chains=chains, vram=32 * GIB,
                   props="kfd_properties_gfx906_RadeonVII_node1.txt")
    findings = scan(snap, "RD-PCIE-003")
    assert findings[0].status is Status.WARN and "partial BAR" in findings[0].title
    assert "16 GiB BAR for 32 GiB" in findings[0].title


def test_kfd_private_frame_buffer_means_small_bar(tmp_path, sample):
    heap = {f"{KFD}/{n}/mem_banks/0/properties": "heap_type 2\nsize_in_bytes 25769803776\n" for n in (1, 2)}
    findings = scan(desktop(tmp_path, sample, lspci=xtx_lspci(sample), files=heap), "RD-PCIE-003")
    assert findings[0].status is Status.WARN
    assert any("heap_type 2" in e.text for e in findings[0].evidence)


# --------------------------------------------------------------------- atomics
def test_pci_rejects_atomics_in_dmesg_fails(tmp_path, sample):
    snap = desktop(tmp_path, sample, lspci=xtx_lspci(sample),
                   commands={DMESG_ARGV: sample("dmesg_kfd_pci_rejects_atomics_730.txt")})
    (f,) = scan(snap, "RD-PCIE-004")
    assert f.status is Status.FAIL and "1002:67e3" in f.evidence[0].text and "chipset" in f.detail


def test_chipset_switch_without_atomic_routing_warns(tmp_path, sample):
    # GPU B behind the real Matisse chipset downstream port 03:02.0 (AtomicOpsCap Routing-).
    chain_b = ["0000:00:01.2", "0000:02:00.0", "0000:03:02.0", "0000:83:00.0"]
    text = xtx_lspci(sample) + "\n" + sample("lspci_vvv_matisse_chipset_gpp_bridge_acs_enabled_03_02.0.txt")
    denied = {"returncode": 1, "stderr": "dmesg: read kernel buffer failed: Operation not permitted\n"}
    snap = desktop(tmp_path, sample, lspci=text, chains=(XTX_A, chain_b), commands={DMESG_ARGV: denied})
    (f,) = scan(snap, "RD-PCIE-004")
    assert f.status is Status.WARN and "0000:03:02.0 (Downstream Port): AtomicOpsCap Routing-" in f.evidence[0].text
    # The same machine's ACS check names that bridge as well.
    (acs,) = scan(snap, "RD-PCIE-001")
    assert "0000:03:02.0" in acs.data["bridges"]


def test_atomics_enabled_on_mi50s_passes_with_clean_log(tmp_path, sample):
    chains = (["0000:16:00.0", "0000:19:00.0"], ["0000:64:00.0", "0000:67:00.0"])
    text = sample("lspci_vvv_nn_MI50_32GB_19_00.0.txt") + "\n" + sample("lspci_vvv_nn_MI50_32GB_67_00.0.txt")
    log = sample("dmesg_iommu_default_domain_translated_lazy.txt")
    snap = desktop(tmp_path, sample, lspci=text, chains=chains, links_a=GOOD_X8[2:], links_b=GOOD_X8[2:],
                   props="kfd_properties_gfx906_RadeonVII_node1.txt", commands={DMESG_ARGV: log})
    (f,) = scan(snap, "RD-PCIE-004")
    assert f.status is Status.PASS and "kernel log is clean" in f.title


def test_atomics_skip_when_nothing_readable(tmp_path, sample):
    denied = {"returncode": 1, "stderr": "dmesg: read kernel buffer failed: Operation not permitted\n"}
    snap = desktop(tmp_path, sample, lspci=sample("lspci_vv_nonroot_2xRX7900XTX_epyc.txt"),
                   commands={DMESG_ARGV: denied})
    (f,) = scan(snap, "RD-PCIE-004")
    assert f.status is Status.SKIP and "sudo" in f.detail


def test_unknown_path_above_the_gpus_is_a_skip_not_a_pass(tmp_path):
    import json

    snap = build_snapshot(tmp_path / "s", base=rocmdoctor.examples()["mi50x2-xeon"])
    man = json.loads((tmp_path / "s" / "manifest.json").read_text())
    links = man["fs_index"]["links"]
    for bdf in ("0000:19:00.0", "0000:67:00.0"):
        links.pop(f"/sys/bus/pci/devices/{bdf}", None)
    (tmp_path / "s" / "manifest.json").write_text(json.dumps(man))
    [f] = rocmdoctor.scan(snapshot=snap, select=["RD-PCIE-001"]).findings
    assert f.status.value == "skip" and "unknown" in f.title


def test_bar_above_44_bits_is_a_pcie_finding_with_the_address(tmp_path, example_lspci):
    base = rocmdoctor.api.examples()["mi50x2-xeon"]
    # 0x380400000000: where a Xeon board put a Vega BAR in ROCm/ROCm#787 (the GPUs were no P2P peers)
    cmds = example_lspci(base, **{"Memory at 6f800000000": "Memory at 380400000000"})
    s = build_snapshot(tmp_path, base=base, commands=cmds)
    found = rocmdoctor.scan(snapshot=s, select=["RD-PCIE-003"]).by_code("RD-PCIE-003")
    [high] = [f for f in found if "44-bit" in f.title]
    # this machine's Intel IOMMU translates, which remaps peer addresses below the limit
    assert high.status is Status.PASS and "remapped" in high.title
    passthrough = {f"{DEV}/{b}/iommu_group/type": "identity\n" for b in ("0000:19:00.0", "0000:67:00.0")}
    s2 = build_snapshot(tmp_path / "pt", base=base, commands=cmds, files=passthrough)
    [high] = [f for f in rocmdoctor.scan(snapshot=s2, select=["RD-PCIE-003"]).by_code("RD-PCIE-003")
              if "44-bit" in f.title]
    assert high.status is Status.WARN and "380400000000" in high.evidence[0].text
    assert "MMIO High Base" in high.detail


def test_bar_below_44_bits_says_nothing_about_reach(tmp_path):
    base = rocmdoctor.api.examples()["mi50x2-xeon"]
    found = rocmdoctor.scan(snapshot=base, select=["RD-PCIE-003"]).by_code("RD-PCIE-003")
    assert not [f for f in found if "44-bit" in f.title]
