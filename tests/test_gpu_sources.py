"""The GPU knowledge base against offline excerpts of its primary sources (tests/data/sources/).

Each excerpt names the URL prefix it backs (`# cites:`) and the version it was read from
(`# version:`). A row that cites such a source must find its value in the excerpt (its gfx in
LLVM's processor table, its PCI id and revision in pci.ids or libdrm's amdgpu.ids, its VRAM in
ROCm's gpu-arch-specs, its flash-attn backend in the README's setup.py list, its ROCm release
lists in the compatibility matrix and system-requirements pages); every citation is pinned to
the version its excerpt holds; a value whose source has no excerpt is marked secondary.
"""
from __future__ import annotations

import os
import re

import pytest

from rocmdoctor.knowledge import gpus as kb
from rocmdoctor.knowledge import rocm_lists as rl

HERE = os.path.join(os.path.dirname(__file__), "data", "sources")
T = kb.table()
VENDOR_HEX = {"AMD": "1002", "NVIDIA": "10de", "Hygon": "1d94"}


def _load():
    out = []
    for name in sorted(os.listdir(HERE)):
        with open(os.path.join(HERE, name), encoding="utf-8") as fh:
            text = fh.read()
        head = [ln for ln in text.splitlines() if ln.startswith("# ")]
        cites = [ln.split(":", 1)[1].strip() for ln in head if ln.startswith("# cites:")]
        version = " ".join(ln for ln in head if ln.startswith("# version:"))
        body = [ln for ln in text.splitlines() if not ln.startswith("#") or ln.startswith("## ")]
        out.append({"name": name, "cites": cites, "version": version, "text": text, "body": body})
    return out


EXCERPTS = _load()


def excerpts_for(source: str) -> list[dict]:
    url = source.split(" ", 1)[0]
    return [e for e in EXCERPTS if any(url.startswith(c) for c in e["cites"])]


def body(name: str) -> list[str]:
    return next(e["body"] for e in EXCERPTS if e["name"] == name)


def _citations():
    """(what, source) for every value of the table that names a source."""
    for g in kb.all_gpus():
        yield f"{g.gfx} row", g.source
        if g.support:
            yield f"{g.gfx} support", g.support.source
        if g.precision and T.FLASH_ATTN in g.precision.sources:
            yield f"{g.gfx} flash-attn", T.FLASH_ATTN
        for s in g.skus:
            yield f"{s.name}", s.source
            if s.vram_source:
                yield f"{s.name} VRAM", s.vram_source
            for p in [s.peak, *s.partition_peaks.values()]:
                if p is not None:
                    yield f"{s.name} peak", p.source
    for r in rl.RELEASES:
        yield f"ROCm {r.release} list", r.source


# ----------------------------------------------------------------- pinning
def test_every_citation_names_the_version_it_was_read_from():
    for what, src in _citations():
        assert " @ " in src and src.split(" @ ", 1)[1].strip(), f"{what}: {src!r} is not pinned ('<url> @ <version>')"


@pytest.mark.parametrize("what,src", sorted(set(_citations())))
def test_a_pinned_citation_agrees_with_its_excerpt(what, src):
    hits = excerpts_for(src)
    if not hits:
        return  # no excerpt: the value must be marked secondary (test below)
    version = src.split(" @ ", 1)[1].split("; http", 1)[0]  # a second citation after "; " has its own check
    commits = re.findall(r"\b[0-9a-f]{7,40}\b", version)
    releases = re.findall(r"\b\d+\.\d+\.(?:\d+|x)\b", version)
    assert commits or releases, f"{what}: the version {version!r} names no commit or release"
    for token in commits or releases:
        assert any(token in e["text"] for e in hits), f"{what}: {token} is not the version the excerpt was read at"


def test_each_excerpt_says_what_it_is():
    for e in EXCERPTS:
        assert e["cites"] and e["version"], f"{e['name']}: needs '# cites:' and '# version:' lines"
        assert any(ln.strip() and not ln.startswith("## ") for ln in e["body"]), f"{e['name']}: empty"


# ----------------------------------------------------------------- identity: gfx, ids, VRAM
def _llvm_rows() -> dict[str, str]:
    return {ln.split()[0]: ln for ln in body("llvm_amdgpu_processors.txt") if ln.startswith("gfx")}


def _specs_rows() -> list[tuple[str, str, float]]:
    out = []
    for ln in body("rocm_gpu_arch_specs.txt"):
        parts = [p.strip() for p in ln.split("|")]
        if len(parts) == 4:
            out.append((parts[0], parts[2], float(parts[3])))
    return out


def test_rows_citing_llvm_are_in_its_processor_table():
    llvm = _llvm_rows()
    cited = [g for g in kb.all_gpus() if g.source == T.LLVM_TARGETS]
    assert len(cited) >= 10
    for g in cited:
        assert g.gfx in llvm, f"{g.gfx} cites LLVM's processor table, which has no such row"
        assert ("APU" in llvm[g.gfx]) == (g.integrated or g.unified_memory), f"{g.gfx}: dGPU/APU differs from LLVM"
    assert "gfx1037" not in llvm  # why gfx1037 cites the kernel instead


def test_rows_citing_gpu_arch_specs_are_there():
    specs_gfx = {gfx for _, gfx, _ in _specs_rows()}
    for g in kb.all_gpus():
        if g.source == T.ARCH_SPECS:
            assert g.gfx in specs_gfx, f"{g.gfx} cites gpu-arch-specs, which does not list it"


def _pci_ids() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    vendor = None
    for ln in body("pci_ids.txt"):
        if re.match(r"^[0-9a-f]{4}\s", ln):
            vendor = ln[:4]
        elif re.match(r"^\t[0-9a-f]{4}\s", ln):
            out.setdefault(vendor, set()).add(ln.split()[0])
    return out


def _amdgpu_ids() -> dict[tuple[int, int], str]:
    out = {}
    for ln in body("amdgpu_ids.txt"):
        m = re.match(r"^([0-9A-F]{4}),\s*([0-9A-F]{2}),\s*(.+)$", ln)
        if m:
            out[(int(m.group(1), 16), int(m.group(2), 16))] = m.group(3).strip()
    return out


def test_pci_ids_are_in_the_source_each_sku_cites():
    pci, drm = _pci_ids(), _amdgpu_ids()
    checked = 0
    for g in kb.all_gpus():
        for s in g.skus:
            vendor = VENDOR_HEX[s.vendor or g.vendor]
            if s.source.startswith("https://pci-ids.ucw.cz/"):
                assert s.source.startswith(f"https://pci-ids.ucw.cz/read/PC/{vendor}"), f"{s.name}: wrong vendor page"
                for pid in s.pci_ids:
                    assert f"{pid:04x}" in pci.get(vendor, set()), f"{s.name}: {vendor}:{pid:04x} is not in pci.ids"
                    checked += 1
            elif s.source == T.AMDGPU_IDS:
                for pid in s.pci_ids:
                    revs = {r for (i, r) in drm if i == pid}
                    assert revs, f"{s.name}: 0x{pid:04X} is not in amdgpu.ids"
                    assert not s.revisions or set(s.revisions) <= revs, f"{s.name}: revision not in amdgpu.ids"
                    checked += 1
    assert checked >= 25


def test_mi60_is_0x66a1_rev_02_shared_with_the_mi50():
    drm = _amdgpu_ids()
    assert drm[(0x66A1, 0x02)] == "AMD Instinct MI60 / MI50" and drm[(0x66A1, 0x06)] == "AMD Radeon Pro VII"
    mi60 = next(s for g in kb.all_gpus() for s in g.skus if s.name == "AMD Instinct MI60")
    assert mi60.pci_ids == (0x66A1,) and mi60.revisions == (0x02,)
    assert "66a0" in _pci_ids()["1002"]  # exists, but names no product: no SKU claims it
    assert kb.pci_candidates(0x66A0) == []


def test_products_sharing_an_id_and_revision_share_the_name_shown():
    groups: dict = {}
    for g in kb.all_gpus():
        for s in g.skus:
            for pid in s.pci_ids:
                for rev in s.revisions or (None,):
                    groups.setdefault((s.vendor or g.vendor, pid, rev), []).append(s)
    for key, skus in groups.items():
        if len(skus) > 1:
            names = {s.pci_name for s in skus}
            assert len(names) == 1 and None not in names, f"{key}: {[s.name for s in skus]} need one shared pci_name"
            vram = [s.vram_gib for s in skus]
            assert len(set(vram)) < len(vram) or all(vram), f"{key}: give each a VRAM size to tell them apart"


def _spec_key(name: str) -> str:
    name = name.split("/")[0]
    return re.sub(r"[^a-z0-9]", "", name.lower().replace("amd ", "").replace("instinct ", ""))


def test_vram_is_what_gpu_arch_specs_says():
    rows = [(_spec_key(m), v) for m, _, v in _specs_rows()]
    checked = 0
    for g in kb.all_gpus():
        for s in g.skus:
            if s.vram_source != T.ARCH_SPECS:
                continue
            key = _spec_key(s.name)
            exact = [v for k, v in rows if k == key]
            near = exact or [v for k, v in rows if k.startswith(key)]
            assert s.vram_gib in near, f"{s.name}: {s.vram_gib} GiB, gpu-arch-specs says {near or 'nothing'}"
            checked += 1
    assert checked >= 15


# ----------------------------------------------------------------- flash-attn
def test_flash_attn_ck_rows_are_the_archs_its_setup_py_builds():
    line = next(ln for ln in body("flash_attention_readme.txt") if ln.startswith("allowed_archs"))
    archs = set(re.findall(r"gfx[0-9a-f]+", line))
    assert {"gfx1100", "gfx1201", "gfx942"} <= archs
    for g in kb.all_gpus():
        p = g.precision
        if p is None:
            continue
        if "ck" in p.flash_attn_pkg:
            assert g.gfx in archs, f"{g.gfx} claims flash-attn's CK backend, which does not build for it"
            assert T.FLASH_ATTN in p.sources, f"{g.gfx}: cite the README version the claim was read from"
        else:
            assert g.gfx not in archs, f"{g.gfx}: flash-attn's CK backend builds for it; the row says it does not"
    assert any("RDNA 3/4" in ln for ln in body("flash_attention_readme.txt"))


# ----------------------------------------------------------------- ROCm release lists
def _matrix_columns() -> dict[str, set[str]]:
    """release -> gfx targets, from both compatibility-matrix excerpts."""
    cols: dict[str, set[str]] = {}
    header: list[str] = []
    for name in ("rocm_compat_matrix_6.0-6.3.txt", "rocm_compat_matrix_6.4-7.2.txt"):
        for ln in body(name):
            cells = [c.strip().strip('"') for c in ln.split(",")]
            if cells[0].startswith("ROCm Version") or cells[0] == "ROCm Version":
                header = cells[1:]
                for h in header:
                    for rel in h.split("/"):
                        cols.setdefault(rel if rel.count(".") == 2 else rel + ".0", set())
            elif "gfx" in ln and header:
                for h, c in zip(header, cells[1:]):
                    for rel in h.split("/"):
                        if c.startswith("gfx"):
                            cols[rel if rel.count(".") == 2 else rel + ".0"].add(c.split()[0])
    return cols


def _sysreq_blocks() -> dict[str, dict[str, set[str]]]:
    """release (or '6.4.x', '7.0.x') -> {"supported": gfx, "deprecated": gfx, "unsupported": gfx}."""
    out: dict[str, dict[str, set[str]]] = {}
    cur = None
    for name in ("rocm_system_requirements_6.0-6.2.txt", "rocm_system_requirements_6.4-7.0.txt"):
        for ln in body(name):
            if ln.startswith("== "):
                cur = out.setdefault(ln.split()[1], {"supported": set(), "deprecated": set(), "unsupported": set()})
            elif cur is not None and ln.startswith('"AMD'):
                gfx = re.search(r'"(gfx[0-9a-f]+)"', ln).group(1)
                kind = "supported" if "✅" in ln else "deprecated" if "⚠" in ln else "unsupported"
                cur[kind].add(gfx)
    return out


def test_every_release_list_is_what_its_page_says():
    cols, pages = _matrix_columns(), _sysreq_blocks()
    for r in rl.RELEASES:
        series = r.release.rsplit(".", 1)[0] + ".x"
        if r.release in pages or series in pages and r.source in (rl.SYSREQ_64, rl.SYSREQ_70):
            page = pages[r.release] if r.release in pages else pages[series]
            assert r.supported == page["supported"], f"ROCm {r.release}: {sorted(r.supported ^ page['supported'])}"
            assert r.deprecated == page["deprecated"] - page["supported"], f"ROCm {r.release}: deprecated differs"
            for gfx in page["deprecated"] & page["supported"]:  # some boards of a target deprecated, some not
                assert r.note(gfx), f"ROCm {r.release}: say which {gfx} boards the page deprecates"
            if r.release in cols:
                assert cols[r.release] <= r.supported, f"ROCm {r.release}: the matrix lists more"
        else:
            assert r.release in cols, f"ROCm {r.release}: no excerpt holds its list"
            assert r.supported == cols[r.release], f"ROCm {r.release}: {sorted(r.supported ^ cols[r.release])}"
            assert not r.deprecated or r.note("gfx906"), f"ROCm {r.release}: a deprecated target without a page says why"


def test_the_64_and_72_gaps_are_as_the_issue_found():
    cols = _matrix_columns()
    assert not {"gfx1200", "gfx1201", "gfx1101"} & cols["6.4.0"]
    assert {"gfx1200", "gfx1201", "gfx1101"} <= cols["7.1.0"]
    assert "gfx1151" not in set().union(*cols.values())  # on no release matrix read


def test_row_support_agrees_with_the_release_lists():
    for g in kb.all_gpus():
        s = g.support
        first = rl.first_listed(g.gfx)
        if s is None or s.status == kb.UNOFFICIAL:
            assert first is None, f"{g.gfx}: on the ROCm {first.release if first else ''} list but marked off-list"
            continue
        in_newest = rl.NEWEST.status(g.gfx) == "supported"
        assert (s.status == kb.SUPPORTED) == in_newest, f"{g.gfx}: status {s.status} vs the newest list"
        if s.since and tuple(int(x) for x in s.since.split(".")) >= (6, 0):
            assert first is not None and first.release.startswith(s.since), f"{g.gfx}: since {s.since}, lists say {first}"


# ----------------------------------------------------------------- what rests on a secondary source
def test_values_without_an_excerpt_are_marked_secondary():
    for g in kb.all_gpus():
        if not excerpts_for(g.source):
            assert g.secondary, f"{g.gfx}: its source has no excerpt; mark it secondary"
        if g.support and not excerpts_for(g.support.source):
            assert g.support.secondary, f"{g.gfx}: support from {g.support.source.split()[0]} needs secondary="
        for s in g.skus:
            if not excerpts_for(s.source) or (s.vram_source and not excerpts_for(s.vram_source)):
                assert s.secondary, f"{s.name}: cites {s.source.split()[0]} with no excerpt; mark it secondary"
            for p in [s.peak, *s.partition_peaks.values()]:
                if p is not None and not excerpts_for(p.source):
                    assert p.secondary, f"{s.name}: peak from {p.source.split()[0]} needs secondary="


def test_secondary_values_show_in_the_generated_docs():
    import importlib.util

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    spec = importlib.util.spec_from_file_location("gen_docs", os.path.join(root, "scripts", "gen_docs.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    text = mod.render_gpus_md()
    for g in kb.all_gpus():
        for s in g.skus:
            if s.secondary:
                assert f"**{s.name}**: {s.secondary}" in text
    assert "*(secondary)*" in text and "## Versions read" in text
