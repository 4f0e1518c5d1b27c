"""The scan command's cluster and JUnit options (needs the few lines in commands/scan.py
that call rocmdoctor.cluster.run and rocmdoctor.output.junit)."""
import json
import xml.etree.ElementTree as ET

import pytest

import rocmdoctor
from rocmdoctor.cli import main

EX = rocmdoctor.examples()
needs_examples = pytest.mark.skipif(not {"mi300x8", "rx7900xtx"} <= set(EX), reason="examples not packaged")


@needs_examples
def test_scan_from_compares_snapshots(capsys):
    assert main(["scan", "--from", EX["mi300x8"], EX["rx7900xtx"], "--format", "json"]) == 1
    c = json.loads(capsys.readouterr().out)
    assert c["schema"] == "rocmdoctor.cluster_report" and [n["node"] for n in c["nodes"]] == ["mi300x8", "rx7900xtx"]
    assert any(f["data"].get("key") == "gpu_count" for f in c["findings"])
    assert main(["scan", "--from", EX["mi300x8"], EX["rx7900xtx"]]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[2].split()[:3] == ["NODE", "RANK", "RESULT"] and "BETWEEN NODES" in out


@needs_examples
def test_scan_format_junit(capsys):
    main(["scan", "--example", "rx7900xtx", "--format", "junit"])
    root = ET.fromstring(capsys.readouterr().out.split("\n", 1)[1])
    assert root.find("testsuite").get("name") == "example:rx7900xtx" and int(root.get("tests")) > 0


def test_cluster_without_a_launcher_is_a_usage_error(monkeypatch, capsys):
    for k in ("RANK", "WORLD_SIZE", "SLURM_PROCID", "SLURM_NTASKS", "OMPI_COMM_WORLD_RANK", "PMI_RANK"):
        monkeypatch.delenv(k, raising=False)
    assert main(["scan", "--cluster"]) == 2
    assert "torchrun, srun or mpirun" in capsys.readouterr().err


def test_from_takes_no_other_source(tmp_path, capsys):
    assert main(["scan", "--from", str(tmp_path), "--example", "rx7900xtx"]) == 2
    assert main(["scan", "--from", str(tmp_path / "nope")]) == 3
