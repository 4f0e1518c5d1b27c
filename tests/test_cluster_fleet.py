"""`scan --from DIR` over many node reports (`scan --format json --node-summary` files): no
re-scan, slim per-node records past 32 nodes, a table grouped by result instead of one row
per node, node lists compressed like Slurm host lists; and benchmarks/fleet.py's contract.
The speed target (1,000 nodes in under 60 s) is measured by the benchmark, not asserted here."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

import rocmdoctor
from rocmdoctor.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EX = rocmdoctor.examples()
pytestmark = pytest.mark.skipif("mi300x8" not in EX, reason="examples not packaged")


def _fleet():
    import importlib.util

    spec = importlib.util.spec_from_file_location("_fleet", os.path.join(ROOT, "benchmarks", "fleet.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def fleet_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("fleet")
    _fleet().generate(str(d), 500)  # node0097/0194/0291/0388/0485: torch; 0250/0500: ECC; 0333: kernel
    return str(d)


def test_node_report_carries_its_summary_only_when_asked(capsys):
    assert main(["scan", "--example", "mi300x8", "--level", "quick", "--format", "json"]) == 0
    assert "node_summary" not in json.loads(capsys.readouterr().out)["results"]
    main(["scan", "--example", "mi300x8", "--level", "quick", "--format", "json", "--node-summary"])
    s = json.loads(capsys.readouterr().out)["results"]["node_summary"]
    assert s["gpu_count"] == 8 and s["gfx"] == ["8x gfx942"]


def test_five_hundred_reports_group_into_a_few_rows_naming_the_odd_nodes(fleet_dir, capsys):
    assert main(["scan", "--from", fleet_dir]) == 1
    out = capsys.readouterr().out
    table = out.split("\n\n")[1].splitlines()
    assert table[0].split()[:3] == ["NODE", "NODES", "RESULT"]
    counts = sorted(int(ln.split()[1]) for ln in table[1:])
    assert sum(counts) == 500 and len(counts) <= 5  # one row per distinct result, not 500
    assert "2.5.1+rocm6.2 on node[0097,0194,0291,0388,0485]" in out
    assert "NODES node[0250,0500] (2)" in out and "3 uncorrectable ECC errors" in out
    assert max(len(ln) for ln in table) < 400
    assert "problems found: 7 of 500 nodes need attention" in out


def test_json_of_a_large_fleet_keeps_every_node_but_lists_only_its_problems(fleet_dir, capsys):
    assert main(["scan", "--from", fleet_dir, "--format", "json"]) == 1
    c = json.loads(capsys.readouterr().out)
    assert len(c["nodes"]) == 500 and len(c["table"]["rows"]) == 500
    odd = next(n for n in c["nodes"] if n["node"] == "node0250")
    assert [f["code"] for f in odd["report"]["findings"] if f["status"] == "fail"] == ["RD-HEALTH-001"]
    assert all(f["status"] in ("fail", "error", "warn") for n in c["nodes"] for f in n["report"]["findings"])
    assert odd["report"]["counts"]["pass"] > 20
    torch = next(f for f in c["findings"] if f["data"].get("key") == "torch")
    assert torch["data"]["outliers"] == ["node0097", "node0194", "node0291", "node0388", "node0485"]


def test_reports_without_summary_and_files_that_are_not_reports(tmp_path, capsys):
    for name in ("a", "b"):
        assert main(["scan", "--example", "mi300x8", "--level", "quick", "--format", "json"]) == 0
        (tmp_path / f"{name}.json").write_text(capsys.readouterr().out)
    (tmp_path / "junk.json").write_text('{"hello": 1}')
    assert main(["scan", "--from", str(tmp_path), "--format", "json"]) == 1
    c = json.loads(capsys.readouterr().out)
    states = {n["node"]: n["state"] for n in c["nodes"]}
    assert states == {"a": "reported", "b": "reported", "junk": "error"}
    junk = next(f for f in c["findings"] if f["code"] == "RD-CLU-003")
    assert "not a rocmdoctor report" in junk["detail"]
    (skip,) = [f for f in c["findings"] if f["code"] == "RD-CLU-021"]
    assert skip["status"] == "skip" and "--node-summary" in skip["detail"] and skip["data"]["nodes"] == ["a", "b"]


def test_fleet_benchmark_prints_its_contract_line(tmp_path):
    p = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "fleet.py"), "--nodes", "40",
                        "--dir", str(tmp_path)], capture_output=True, text=True, timeout=300, check=False)
    assert p.returncode == 0, p.stderr[-800:]
    last = p.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"fleet: 40 nodes in \d+\.\d s, peak \d+ MB", last), last
    assert len([f for f in os.listdir(tmp_path) if f.endswith(".json")]) == 40


@pytest.mark.parametrize("mutate", [
    lambda r: r.update(findings={"a": 1}),
    lambda r: r.update(findings=[1, "x", None, {"code": 5, "status": "fail"}, {"code": "RD-X-1", "status": "odd"}]),
    lambda r: r.update(results={"node_summary": ["not", "a", "dict"]}),
    lambda r: r.update(results=None, duration_s="soon"),
    lambda r: r["findings"][0].update(title={"nested": True}, subject=7),
])
def test_odd_node_reports_never_crash_the_fleet_report(tmp_path, capsys, mutate):
    """A node report is outside input (any file in the folder): wrong shapes read as absent."""
    main(["scan", "--example", "mi300x8", "--level", "quick", "--format", "json", "--node-summary"])
    good = json.loads(capsys.readouterr().out)
    odd = json.loads(json.dumps(good))
    mutate(odd)
    for i in range(34):  # past FULL_REPORTS_UP_TO: the slim path
        (tmp_path / f"n{i:02d}.json").write_text(json.dumps(odd if i == 7 else good))
    for fmt in ("text", "json", "junit"):
        assert main(["scan", "--from", str(tmp_path), "--format", fmt]) in (0, 1)
        assert capsys.readouterr().out
