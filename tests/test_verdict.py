"""A plain verdict first, plural forms right, and every skip says
why in `detail`."""
import json

import pytest

from rocmdoctor import scan
from rocmdoctor.cli import main
from rocmdoctor.output.text import lines, plural


def _text(example):
    return [t for t, _ in lines(scan(example=example))]


def test_gpu_less_host_gets_a_plain_verdict_not_green_counts():
    rep = scan(example="no-gpu")
    out = lines(rep)
    text, style = out[1]
    assert text == f"No AMD GPU found on this machine: {rep.counts()['skip']} checks could not run"
    assert "green" not in style and "green" not in out[-1][1]


@pytest.mark.parametrize("example, first", [("mi300x8", "No problems found: "),
                                            ("mi50x2-xeon", "Problems found: 2 failed, 6 warnings")])
def test_verdict_is_the_second_line(example, first):
    assert _text(example)[1].startswith(first)


def test_plural_forms():
    assert [plural(n, "warning") for n in (0, 1, 2)] == ["0 warnings", "1 warning", "2 warnings"]
    assert plural(1, "node") == "1 node" and plural(1, "difference") == "1 difference"


def test_summary_line_says_1_warning():
    from rocmdoctor.engine.model import Finding, Report, Status

    rep = Report(findings=[Finding("RD-X-001", Status.WARN, "w"), Finding("RD-X-002", Status.ERROR, "e")],
                 source={"kind": "live"}, level="quick", tool_version="0", gpus_found=1)
    text = [t for t, _ in lines(rep)]
    assert "0 failed, 1 warning, 1 error, 0 passed, 0 skipped" in text
    assert text[1] == "Problems found: 1 error, 1 warning"


@pytest.mark.parametrize("example", ["no-gpu", "mi300x8", "mi50x2-xeon", "rx7900xtx"])
def test_every_skip_has_its_reason_in_detail(example, capsys):
    main(["scan", "--example", example, "--format", "json"])
    skips = [f for f in json.loads(capsys.readouterr().out)["findings"] if f["status"] == "skip"]
    assert all(f["detail"].strip() for f in skips), [f["code"] for f in skips if not f["detail"].strip()]
    # Engine skips for unavailable facts name them in `missing`, and say why in `detail`.
    for f in skips:
        for name in f["missing"]:
            assert name in f["detail"]


def test_cluster_table_plurals(tmp_path, capsys):
    from rocmdoctor.api import examples

    main(["scan", "--from", examples()["mi300x8"], "--level", "quick"])
    out = capsys.readouterr().out
    assert "cluster of 1 node " in out and "1 rank)" in out
    assert "0 differences between nodes" in out and "of 1 node " in out


def test_a_not_run_skip_is_listed_with_its_reason():
    from rocmdoctor.engine.model import Finding, Report, Status

    f = Finding("RD-BENCH-004", Status.SKIP, "peer-to-peer benchmark: not run",
                "rank 0: peer-to-peer needs GPUs (--device cuda); nothing to measure on CPU")
    rep = Report(findings=[f], source={"kind": "live"}, level="bench", tool_version="0", gpus_found=0)
    text = [t for t, _ in lines(rep)]
    assert any(t.startswith(" - peer-to-peer benchmark: ") and "needs GPUs" in t and "RD-BENCH-004" in t
               for t in text), text
