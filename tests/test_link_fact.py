"""The cluster comparison (RD-CLU-013) and RD-PCIE-002 read the same link:
the slot's, not the GPU's own link to the switch on a Vega 20 / Navi card."""
import json
import shutil

import pytest

from rocmdoctor import scan
from rocmdoctor.api import examples
from rocmdoctor.cli import main


def _summary(snapshot):
    from rocmdoctor.api import make_source
    from rocmdoctor.facts import Context

    return Context(make_source(snapshot=snapshot), "quick").get("node_summary").to_dict()


def test_mi50_on_gen3_is_reported_at_the_slot_speed_not_16_gt():
    ex = examples()["mi50x2-xeon"]
    assert _summary(ex)["pcie"] == ["2x 8 GT/s x16"]  # the GPUs' own links say 16 GT/s
    titles = [f.title for f in scan(snapshot=ex, level="quick", select=["RD-PCIE-002"]).findings]
    assert any("8 GT/s (Gen3) x16" in t for t in titles), titles


@pytest.fixture
def two_nodes(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(examples()["mi50x2-xeon"], a)
    shutil.copytree(examples()["mi50x2-xeon"], b)
    slot = b / "fs/sys/bus/pci/devices/0000:17:00.0"  # GPU 0's slot: the switch port on the card
    (slot / "current_link_speed").write_text("2.5 GT/s PCIe\n")
    (slot / "current_link_width").write_text("4\n")
    return str(a), str(b)


def test_a_degraded_slot_shows_in_the_cluster_comparison(two_nodes, capsys):
    a, b = two_nodes
    assert _summary(b)["pcie"] == ["1x 2.5 GT/s x4 (of 8 GT/s x16)", "1x 8 GT/s x16"]
    main(["scan", "--from", a, b, "--level", "quick", "--format", "json"])
    cluster = json.loads(capsys.readouterr().out)
    clu = [f for f in cluster["findings"] if f["code"] == "RD-CLU-013"]
    assert clu and clu[0]["status"] == "warn" and "2.5 GT/s x4" in clu[0]["title"]
    node_b = next(n for n in cluster["nodes"] if n["node"] == "b")
    pcie = [f for f in node_b["report"]["findings"] if f["code"] == "RD-PCIE-002" and f["status"] == "warn"]
    assert pcie and "x4 of x16" in pcie[0]["title"]
