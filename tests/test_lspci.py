"""rocmdoctor.machine.parsers.lspci on real `lspci -vv`/`-vvv` output (tests/data/SOURCES.md)."""
from rocmdoctor.machine.parsers.lspci import acs_redirects, normalise_bdf, parse_lspci

G = 1 << 30


def test_mi50_block_with_ids_and_root_capabilities(sample):
    (dev,) = parse_lspci(sample("lspci_vvv_nn_MI50_32GB_19_00.0.txt")).values()
    assert dev.bdf == "0000:19:00.0"  # no -D in the capture: domain 0000 assumed
    assert (dev.class_name, dev.class_code, dev.vendor_id, dev.device_id) == ("Display controller", 0x0380,
                                                                              0x1002, 0x66A1)
    assert not dev.denied and dev.driver == "amdgpu" and dev.numa_node == 0
    assert dev.express_type == "Legacy Endpoint"
    assert [(r.index, r.bits, r.prefetchable, r.size) for r in dev.regions] == [
        (0, 64, True, 16 * G), (2, 64, True, 2 << 20), (5, 32, False, 512 << 10)]
    assert (dev.lnk_cap.speed_gts, dev.lnk_cap.width) == (16.0, 16)
    assert (dev.lnk_sta.speed_gts, dev.lnk_sta.width, dev.lnk_sta.speed_note) == (16.0, 16, "ok")
    assert dev.atomic_cap == {"32bit": True, "64bit": True, "128bitCAS": False}
    assert dev.atomic_ctl == {"ReqEn": True}
    assert acs_redirects(dev) == [] and dev.acs_ctl["SrcValid"] is False


def test_old_lspci_without_ids_and_tabs(sample):
    (dev,) = parse_lspci(sample("lspci_vv_WX8100_acs_disabled_gen3.txt")).values()
    assert dev.bdf == "0000:07:00.0" and dev.vendor_id is None and dev.class_name == "VGA compatible controller"
    assert dev.regions[0].size == 8 * G and dev.lnk_sta.speed_gts == 8.0 and dev.lnk_sta.speed_note is None
    assert dev.atomic_cap is None and not dev.is_bridge


def test_nonroot_output_marks_denied_and_skips_stray_lines(sample):
    devs = parse_lspci(sample("lspci_vv_nonroot_2xRX7900XTX_epyc.txt"))
    assert list(devs) == ["0000:03:00.0", "0000:83:00.0"]
    for d in devs.values():
        assert d.denied and d.lnk_sta is None and d.acs_ctl is None
        assert d.regions[0].size == 32 * G
        assert not any("libkmod" in ln for ln in d.lines)


def test_bridge_with_acs_on_and_no_atomic_routing(sample):
    (dev,) = parse_lspci(sample("lspci_vvv_matisse_chipset_gpp_bridge_acs_enabled_03_02.0.txt")).values()
    assert dev.is_bridge and dev.express_type == "Downstream Port"
    assert acs_redirects(dev) == ["SrcValid", "ReqRedir", "CmpltRedir"]
    assert dev.atomic_cap == {"Routing": False} and dev.atomic_ctl == {"EgressBlck": False}
    assert (dev.lnk_sta.speed_gts, dev.lnk_sta.speed_note, dev.lnk_sta.width) == (8.0, "downgraded", 4)
    assert dev.line_with("ACSCtl:").startswith("ACSCtl:\tSrcValid+")


def test_partial_root_port_blocks(sample):
    devs = parse_lspci(sample("lspci_vvv_raphael_gpp_root_ports_acs_enabled_PARTIAL.txt"))
    assert [d.express_type for d in devs.values()] == [None, "Root Port", "Root Port"]
    assert not devs["0000:00:01.0"].is_bridge  # host bridge
    assert devs["0000:00:01.2"].acs_cap["DirectTrans"] is True


def test_domain_form_and_garbage():
    text = "0001:c1:00.0 Display controller [0380]: Advanced Micro Devices, Inc. [AMD/ATI] Aqua Vanjaram " \
           "[Instinct MI300X] [1002:74a1]\n\tNUMA node: 1\n\tRegion 0: Memory at <unassigned> " \
           "(64-bit, prefetchable) [size=256G]\n"
    (dev,) = parse_lspci(text).values()
    assert dev.bdf == "0001:c1:00.0" and dev.device_id == 0x74A1 and dev.regions[0].size == 256 * G
    assert parse_lspci("") == {} and parse_lspci("garbage\n\tmore garbage\n") == {}
    assert normalise_bdf("03:00.0") == "0000:03:00.0" and normalise_bdf("nonsense") is None
