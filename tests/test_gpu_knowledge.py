"""The GPU knowledge base (rocmdoctor/knowledge/gpu_table.py): rows are well-formed, every value
has a source, the generated docs match, the quick paths never load it, and the read API answers
the questions checks ask."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import pytest

from rocmdoctor.knowledge import gpus as kb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
T = kb.table()


def _gen_docs():
    spec = importlib.util.spec_from_file_location("gen_docs", os.path.join(ROOT, "scripts", "gen_docs.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ----------------------------------------------------------------- validation
def test_every_target_has_family_vendor_and_source():
    seen = set()
    for g in kb.all_gpus():
        assert g.gfx not in seen, f"two rows for {g.gfx}"
        seen.add(g.gfx)
        assert g.gfx == g.gfx.strip().lower() and ":" not in g.gfx, g.gfx
        assert g.family, f"{g.gfx} has no family"
        assert g.source.startswith("https://"), f"{g.gfx}: no source for its family/products"
        assert g.vendor in kb.VENDOR_IDS, f"{g.gfx}: unknown vendor {g.vendor}"
        assert g.gfx.startswith("gfx") or g.vendor == "NVIDIA", f"{g.gfx}: AMD and Hygon rows are gfx targets"


def test_one_pci_id_and_revision_belongs_to_one_gfx_target():
    # Several SKUs may share an id (MI60 and MI50 on 0x66A1); a gfx target may not change with it.
    owner: dict = {}
    for g in kb.all_gpus():
        for s in g.skus:
            for pid in s.pci_ids:
                key = (s.vendor or g.vendor, pid)  # a Hygon SKU of an AMD gfx target: Hygon's vendor id
                assert owner.setdefault(key, g.gfx) == g.gfx, f"PCI {key[0]} 0x{pid:04x} is on {owner[key]} and {g.gfx}"


def _numbers(peak: kb.Peak):
    return [v for v in peak.tflops.values() if v is not None]


def test_no_number_without_a_source():
    for g in kb.all_gpus():
        for s in g.skus:
            assert s.source.startswith("https://"), f"{s.name}: no source"
            assert s.vendor is None or s.vendor in kb.VENDOR_IDS, f"{s.name}: unknown vendor {s.vendor}"
            if s.vram_gib is not None:
                assert s.vram_gib > 0
            for what, peak in [("peak", s.peak)] + [(f"{m} peak", p) for m, p in s.partition_peaks.items()]:
                if peak is None:
                    continue
                assert peak.source.startswith("https://"), f"{s.name} {what}: no source"
                assert _numbers(peak) and all(v > 0 for v in _numbers(peak)), f"{s.name} {what}: no figures"
                assert set(peak.tflops) <= {"fp32", "fp32_matrix", "fp16", "bf16", "fp8", "int8"}, s.name
                assert peak.per_package >= 1
            if s.peak:
                assert s.match, f"{s.name}: a peak needs torch device-name keys to be found"
                assert all(k == k.lower() for k in s.match + s.exclude), s.name


def test_every_fact_group_names_its_source():
    for g in kb.all_gpus():
        if g.support:
            assert g.support.source.startswith("https://"), g.gfx
            assert g.support.status in (kb.SUPPORTED, kb.UNSUPPORTED, kb.UNOFFICIAL), g.gfx
        if g.precision:
            p = g.precision
            assert p.sources and all(u.startswith("https://") for u in p.sources), g.gfx
            assert p.bf16 in (kb.NATIVE, kb.EMULATED, kb.NONE) and p.fp16 in ("matrix", "packed"), g.gfx
            assert p.aotriton in (kb.YES, kb.NO, kb.EXPERIMENTAL), g.gfx
        if g.community_override:
            assert g.community_override_source.startswith("https://"), g.gfx
    for fb in T.FAMILY_FALLBACKS:
        assert fb.family and fb.precision.sources


# ----------------------------------------------------------------- docs
def test_generated_docs_match_the_table():
    gen = _gen_docs()
    for path, text in gen.outputs().items():
        with open(path, encoding="utf-8") as fh:
            assert fh.read() == text, f"{os.path.relpath(path, ROOT)} is stale: run python scripts/gen_docs.py"


def test_gpus_doc_lists_every_target_and_sku():
    text = _gen_docs().render_gpus_md()
    for g in kb.all_gpus():
        assert f"| {g.gfx} | {g.vendor} | {g.family} |" in text
        for s in g.skus:
            assert s.name in text


# ----------------------------------------------------------------- lazy loading
def test_quick_paths_do_not_load_the_table():
    code = ("import sys, rocmdoctor\n"
            "from rocmdoctor.engine import registry\n"
            "registry.load(plugins=False)\n"
            "import rocmdoctor.checks.gfx, rocmdoctor.checks.precision, rocmdoctor.facts.gpus, rocmdoctor.facts.advice\n"
            "r = rocmdoctor.scan(example='no-gpu', level='quick')\n"
            "print('rocmdoctor.knowledge.gpu_table' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "False"


# ----------------------------------------------------------------- the read API
def test_lookup_accepts_target_features_and_knows_unknowns():
    assert kb.lookup("gfx90a:sramecc+:xnack-").family == "CDNA2"
    assert kb.lookup("gfx9999") is None and kb.lookup(None) is None and kb.lookup("") is None


def test_by_pci_id_and_name():
    g, s = kb.by_pci_id(0x740F)
    assert g.gfx == "gfx90a" and s.name == "AMD Instinct MI210"
    assert kb.by_pci_id(0x740C) is None  # MI250X and MI250: one id, one revision
    assert kb.pci_name(0x740C) == "AMD Instinct MI250X / MI250" and kb.pci_name(0x7408) == "AMD Instinct MI250X"
    assert kb.pci_name(0x74A1) == "AMD Instinct MI300X"
    assert kb.by_pci_id(0x740C, kb.NVIDIA_VENDOR) is None and kb.pci_name(0x0001) is None


@pytest.mark.parametrize("revision,vram,name", [
    (0x02, 32, "AMD Instinct MI60 / MI50"),  # MI60 or MI50 32GB: libdrm's shared name
    (0x02, 15.98, "AMD Instinct MI50"),  # 16 GiB (the driver reports a little less): only the MI50
    (0x06, None, "AMD Radeon Pro VII"),
    (0x02, None, "AMD Instinct MI60 / MI50"),
])
def test_a_shared_pci_id_is_told_apart_by_revision_and_vram(revision, vram, name):
    assert kb.pci_name(0x66A1, revision=revision, vram_gib=vram) == name


def test_a_shared_id_without_revision_names_every_candidate_and_identifies_none():
    assert kb.by_pci_id(0x66A1) is None
    assert set(kb.pci_name(0x66A1).split(" / ")) >= {"AMD Instinct MI60", "AMD Radeon Pro VII"}
    assert kb.by_pci_id(0x66A1, revision=0x02, vram_gib=16)[1].name == "AMD Instinct MI50"
    # A revision no product lists (7900M on 0x744C) falls back to the id's shared name, never a guess.
    assert kb.pci_name(0x744C, revision=0xCF) == "Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]"
    assert kb.pci_name(0x744C, revision=0xCC) == "AMD Radeon RX 7900 XT"


@pytest.mark.parametrize("gfx,integrated", [("gfx1036", True), ("gfx1103", True), ("gfx1151", False),
                                            ("gfx942", False), ("gfx9999", False), (None, False)])
def test_integrated(gfx, integrated):
    assert kb.is_integrated(gfx) is integrated


def test_precision_falls_back_to_family_pattern():
    assert kb.precision("gfx906").bf16 == kb.EMULATED and kb.precision("gfx906").gfx == "gfx906"
    rdna2 = kb.precision("gfx1030")
    assert rdna2.gfx == "gfx10xx" and rdna2.family == "RDNA1/RDNA2" and rdna2.bf16 == kb.NONE
    assert kb.precision("gfx1100").family == "RDNA3" and kb.precision("gfx9999") is None


@pytest.mark.parametrize("rocm,status", [((5, 7), "supported"), ((6, 0, 0), "supported"), ((6, 0, 2), "deprecated"),
                                         ((6, 2), "deprecated"), ((6, 4, 1), "unsupported"), ((7, 0), "unsupported"),
                                         (None, "unsupported")])
def test_gfx906_status_per_release(rocm, status):
    assert kb.gfx_status("gfx906", rocm)[0] == status


def test_6_0_0_names_the_deprecated_board():
    v = kb.gfx_verdict("gfx906", (6, 0, 0))
    assert v.status == "supported" and "MI50" in v.note and v.used == "the ROCm 6.0.0 list"


@pytest.mark.parametrize("gfx", ["gfx1200", "gfx1201", "gfx1101"])
def test_rdna4_and_gfx1101_arrive_in_6_4_1(gfx):
    assert kb.gfx_status(gfx, (6, 4, 0))[0] == "unsupported"
    assert "6.4.1" in kb.gfx_status(gfx, (6, 4, 0))[1]
    assert kb.gfx_status(gfx, (6, 4, 1))[0] == "supported"
    assert kb.gfx_status(gfx, (6, 3, 3))[0] == "unsupported"
    # torch.version.hip "6.4.43482" names the series, not the patch release: say so
    v = kb.gfx_verdict(gfx, (6, 4, 43482))
    assert v.status == "supported" and "listed from ROCm 6.4.1" in v.note and "6.4.0" in v.note


def test_a_verdict_names_the_list_it_used():
    v = kb.gfx_verdict("gfx942", (7, 1, 1))
    assert v.used == "the ROCm 7.1.1 list" and "compatibility-matrix" in v.source and " @ " in v.source
    later = kb.gfx_verdict("gfx942", (7, 9, 0))
    assert later.status == "supported" and "newer than the newest list" in later.note
    gap = kb.gfx_verdict("gfx942", (7, 2, 0))
    assert "no list was read for ROCm 7.2.0" in gap.note and gap.used == "the ROCm 7.1.1 list"


def test_support_status_other_shapes():
    assert kb.gfx_status("gfx950", (6, 4))[0] == "unsupported"  # arrived in 7.0
    assert kb.gfx_status("gfx950", (7, 0))[0] == "supported"
    assert kb.gfx_status("gfx1031", (7, 0))[0] == "unofficial"
    # on no release list: one treatment for every RDNA3/3.5 target AMD's release lists never had
    for gfx in ("gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1153"):
        assert kb.gfx_status(gfx, (7, 2, 3))[0] == "unofficial", gfx
    assert kb.gfx_status("gfx1034", (7, 0))[0] == "unknown"  # a row, but no support entry
    assert kb.gfx_status("gfx900", (4, 5))[0] == "supported" and kb.gfx_status("gfx900", (5, 0))[0] == "unsupported"
    assert kb.listed_pci_ids("gfx1030") == {0x73A1, 0x73A3} and kb.listed_pci_ids("gfx942") is None
    assert kb.officially_supported("gfx942") and not kb.officially_supported("gfx1032")


def test_wheels_and_overrides():
    assert kb.wheel_generation("gfx942") == "the rocm6.0 wheels" and kb.wheel_generation("gfx1032") is None
    assert kb.wheel_generation("gfx1151") == "the rocm7.0 wheels from torch 2.9"
    assert kb.community_override("gfx1032") == "10.3.0" and kb.community_override("gfx942") is None


@pytest.mark.parametrize("name,arch,product", [
    ("AMD Instinct MI250X/MI250", "gfx90a", "AMD Instinct MI250X"),  # the more specific key wins
    ("AMD Radeon RX 9070 XT", "gfx1201", "AMD Radeon RX 9070 XT"),
    ("AMD Instinct MI250", "gfx90a", "AMD Instinct MI250"),
    ("AMD Instinct MI300X", "gfx90a", None),  # the arch contradicts the name
    ("AMD Instinct MI300X", "gfx942:sramecc+:xnack-", "AMD Instinct MI300X"),
    ("NVIDIA H100 80GB HBM3", "sm_90", "NVIDIA H100 SXM"),
    ("NVIDIA H200 NVL", "sm_90", None),  # excluded variant
    ("AMD Radeon Graphics", "gfx1036", None),
    (None, None, None),
])
def test_sku_for_device(name, arch, product):
    sku = kb.sku_for_device(name, arch)
    assert (sku.name if sku else None) == product


def test_per_device_peak_and_percent():
    mi250x = kb.sku_for_device("AMD Instinct MI250X")
    assert mi250x.peak.device_tflops("bf16") == pytest.approx(191.5)  # two GCDs per package
    assert mi250x.peak.device_tflops("fp32") == pytest.approx(47.85)  # the matrix rate, halved
    mi50 = kb.sku_for_device("AMD Instinct MI50")
    assert mi50.peak.device_tflops("bf16") is None and kb.percent_of_peak(10.0, mi50, "bf16") is None
    assert kb.percent_of_peak(13.3, mi50, "fp32") == pytest.approx(100.0)
    # RDNA4: AMD's fp16 figure is the vector rate (half of WMMA), so no fp16/bf16 percentage at all
    rx9070xt = kb.sku_for_device("AMD Radeon RX 9070 XT", "gfx1201")
    assert kb.percent_of_peak(90.0, rx9070xt, "fp16") is None and kb.percent_of_peak(90.0, rx9070xt, "bf16") is None
    assert kb.percent_of_peak(24.35, rx9070xt, "fp32") == pytest.approx(50.0)
