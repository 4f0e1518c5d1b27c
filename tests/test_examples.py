"""End-to-end: the CLI on each embedded example, compared with a golden file.

`pytest --update-golden tests/test_examples.py` rewrites tests/golden/ from the current
output; review the diff like code (a changed finding is a changed diagnosis).
"""
import json
import os
import re

import pytest

from rocmdoctor import __version__
from rocmdoctor import cli
from rocmdoctor.api import examples

GOLDEN = os.path.join(os.path.dirname(__file__), "golden")
EXAMPLES = ["mi50x2-xeon", "rx7900xtx", "mi300x8", "no-gpu", "dcu-slurm", "wsl2-radeon", "strix-halo-apu"]


def run_cli(capsys, *argv):
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def normalise(report: dict) -> dict:
    report = dict(report)
    report["tool_version"] = "<version>"  # the example's own tool_version lives in source and stays
    return report


def compare(name: str, actual: str, update: bool) -> None:
    path = os.path.join(GOLDEN, name)
    if update:
        os.makedirs(GOLDEN, exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(actual)
        return
    if not os.path.exists(path):
        pytest.fail(f"{path} missing: run pytest --update-golden")
    with open(path, encoding="utf-8") as fh:
        expected = fh.read()
    assert actual == expected, f"{name} differs from the golden file (pytest --update-golden rewrites it)"


def test_every_example_is_listed_with_a_description(capsys):
    assert sorted(examples()) == sorted(EXAMPLES)
    rc, out, _ = run_cli(capsys, "list", "--examples")
    assert rc == 0
    for name in EXAMPLES:
        line = next(ln for ln in out.splitlines() if ln.startswith(name + " "))
        assert len(line.split(None, 1)[1]) > 20  # the manifest's description


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_json_matches_golden(name, capsys, update_golden):
    rc, out, _ = run_cli(capsys, "scan", "--example", name, "--format", "json")
    report = json.loads(out)
    assert report["schema"] == "rocmdoctor.report" and report["schema_version"] == 1
    assert report["tool_version"] == __version__
    assert rc == (1 if report["summary"]["fail"] or report["summary"]["error"] else 0)
    assert report["summary"]["error"] == 0, [f for f in report["findings"] if f["status"] == "error"]
    compare(f"{name}.json", json.dumps(normalise(report), indent=2, sort_keys=True) + "\n", update_golden)


def test_example_text_matches_golden(capsys, monkeypatch, update_golden):
    monkeypatch.setenv("NO_COLOR", "1")
    rc, out, _ = run_cli(capsys, "scan", "--example", "mi50x2-xeon", "-v")
    assert rc == 1
    assert "\x1b[" not in out
    compare("mi50x2-xeon.txt", out.replace(f"rocmdoctor {__version__} ", "rocmdoctor <version> ", 1), update_golden)


def test_each_example_tells_its_story(capsys):
    """The diagnosis each example exists to show, independent of the golden files."""
    def findings(name):
        _, out, _ = run_cli(capsys, "scan", "--example", name, "--format", "json")
        return json.loads(out)["findings"]

    mi50 = {f["code"]: f["status"] for f in findings("mi50x2-xeon")}
    assert mi50["RD-IOMMU-001"] == "fail"  # 2 GPUs, VT-d translating, no iommu=pt
    assert mi50["RD-OS-001"] == "pass"
    mi300 = findings("mi300x8")
    assert not [f for f in mi300 if f["status"] in ("fail", "error")]
    assert next(f for f in mi300 if f["code"] == "RD-IOMMU-001")["status"] == "pass"
    gpu = next(f for f in mi300 if f["code"] == "RD-GPU-001")
    assert gpu["status"] == "pass" and "8" in gpu["title"]
    assert not [f for f in findings("rx7900xtx") if f["status"] in ("fail", "error")]
    nogpu = findings("no-gpu")
    assert not [f for f in nogpu if f["status"] in ("fail", "error", "warn")]
    assert next(f for f in nogpu if f["code"] == "RD-GPU-001")["status"] == "skip"


# Checks that would fail a platform by the mainline rules; on these examples they must not.
MAINLINE = ("RD-DRV-", "RD-ROCM-", "RD-GPU-", "RD-GFX-001", "RD-IOMMU-", "RD-PCIE-", "RD-PERM-", "RD-OS-")


def test_platform_examples_name_their_problems_without_false_failures(capsys):
    def findings(name):
        _, out, _ = run_cli(capsys, "scan", "--example", name, "--format", "json")
        return json.loads(out)["findings"]

    for name in ("dcu-slurm", "wsl2-radeon", "strix-halo-apu"):
        false = [(f["code"], f["title"]) for f in findings(name)
                 if f["code"].startswith(MAINLINE) and f["status"] == "fail"]
        assert not false, (name, false)

    dcu = findings("dcu-slurm")
    by = {(f["code"], f.get("subject")): f for f in dcu}
    assert "Hygon DCU (DTK 24.04.1)" in by[("RD-PLAT-001", None)]["title"]
    assert by[("RD-ROCM-001", None)]["status"] == "pass" and "DTK 24.04.1" in by[("RD-ROCM-001", None)]["title"]
    assert by[("RD-DRV-001", None)]["status"] == "skip"
    assert by[("RD-DCU-002", None)]["status"] == "pass"  # the dtk2404 torch on DTK 24.04.1
    for pkg in ("deepspeed", "bitsandbytes", "xformers"):  # PyPI builds on a DCU (seed 002)
        assert by[("RD-DCU-003", pkg)]["status"] == "fail"
    ds4 = by[("RD-DS-004", None)]
    assert ds4["status"] == "fail" and "DAS" in ds4["fix"]["title"]  # the vendor wheel, not `pip install -U`

    wsl = {f["code"]: f for f in findings("wsl2-radeon")}
    assert wsl["RD-GPU-001"]["status"] == "pass" and "RX 7900 GRE" in wsl["RD-GPU-001"]["title"]
    assert wsl["RD-IOMMU-001"]["status"] == "skip" and wsl["RD-DRV-001"]["status"] == "skip"
    assert wsl["RD-WSL-002"]["status"] == "fail"  # the wheel's own libhsa-runtime64

    apu = {f["code"]: f for f in findings("strix-halo-apu")}
    assert apu["RD-ROCM-001"]["status"] == "pass" and "from Python wheels" in apu["RD-ROCM-001"]["title"]
    assert apu["RD-APU-001"]["status"] == "warn" and "ttm.pages_limit=" in apu["RD-APU-001"]["detail"]
    assert apu["RD-GPU-001"]["data"]["gpus"][0]["usable_bytes"] == 16373596 * 4096


def test_exit_codes(capsys, tmp_path):
    assert run_cli(capsys, "scan", "--example", "mi50x2-xeon")[0] == 1
    assert run_cli(capsys, "scan", "--example", "rx7900xtx")[0] == 0
    assert run_cli(capsys, "scan", "--no-such-flag")[0] == 2
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "manifest.json").write_text("{not json")
    rc, _, err = run_cli(capsys, "scan", "--snapshot", str(bad))
    assert rc == 3 and "not valid JSON" in err
    rc, _, err = run_cli(capsys, "scan", "--example", "no-such-machine")
    assert rc == 3 and "mi50x2-xeon" in err  # the message lists the examples


def test_examples_keep_the_redaction_placeholders():
    """Examples ship in the repository: nothing in them may look like a real identity."""
    uuid = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)
    for name, path in examples().items():
        for root, _, files in os.walk(path):
            for fn in files:
                text = open(os.path.join(root, fn), encoding="utf-8").read()
                for u in uuid.findall(text):
                    assert u.startswith("00000000-0000-4000-8000-"), (name, fn, u)
                for m in re.finditer(r"unique_id (\d+)", text):
                    assert int(m.group(1)) in range(0, 1100), (name, fn, m.group(0))
