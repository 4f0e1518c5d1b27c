"""Snapshots replay what was recorded: scanning the snapshot gives the scan of the original."""
import json
import os
import shutil

import pytest

from rocmdoctor import cli
from rocmdoctor.api import examples
from rocmdoctor.machine.sources import SnapshotSource


def scan_json(capsys, *argv):
    rc = cli.main(["scan", "--format", "json", *argv])
    out = capsys.readouterr().out
    return rc, json.loads(out)


def findings(report):
    return report["findings"]  # per-finding fields hold no timing or version


def make_root_tree(base):
    """A --root tree from the mi50x2-xeon example's recorded files (real outputs), with
    the symlinks a live sysfs has, so the recorder has links to capture."""
    tree = os.path.join(base, "tree")
    shutil.copytree(os.path.join(examples()["mi50x2-xeon"], "fs"), tree)
    for bdf in ("0000:19:00.0", "0000:67:00.0"):
        dev = os.path.join(tree, "sys/bus/pci/devices", bdf)
        os.symlink("../../../../bus/pci/drivers/amdgpu", os.path.join(dev, "driver"))
    os.makedirs(os.path.join(tree, "sys/bus/pci/drivers/amdgpu"))
    os.makedirs(os.path.join(tree, "dev"))
    open(os.path.join(tree, "dev/kfd"), "w").close()
    os.makedirs(os.path.join(tree, "opt/rocm-6.3.0/.info"), exist_ok=True)
    return tree


@pytest.mark.parametrize("redact", [False, True])
def test_root_tree_round_trip(tmp_path, capsys, redact):
    tree = make_root_tree(tmp_path)
    snap = tmp_path / "snap"
    argv = ["snapshot", "-o", str(snap), "--root", tree] + ([] if redact else ["--no-redact"])
    assert cli.main(argv) == 0
    assert "snapshot written" in capsys.readouterr().out
    rc_root, direct = scan_json(capsys, "--root", tree)
    rc_snap, replay = scan_json(capsys, "--snapshot", str(snap))
    assert findings(replay) == findings(direct)
    assert rc_snap == rc_root
    # The recording kept what a --root scan cannot do as recorded refusals, not as gaps.
    man = json.loads((snap / "manifest.json").read_text())
    assert man["source"] == "root" and man["redacted"] is redact
    assert man["fs_index"]["links"]["/sys/bus/pci/devices/0000:19:00.0/driver"].endswith("/amdgpu")
    assert SnapshotSource(str(snap)).run(["lspci", "-vvv", "-nn", "-D"]).error == "not run: --root reads files only"


def test_example_round_trip(tmp_path, capsys):
    snap = tmp_path / "snap"
    assert cli.main(["snapshot", "--example", "mi50x2-xeon", "-o", str(snap)]) == 0
    capsys.readouterr()
    rc_ex, direct = scan_json(capsys, "--example", "mi50x2-xeon")
    rc_snap, replay = scan_json(capsys, "--snapshot", str(snap))
    assert findings(replay) == findings(direct)
    assert rc_snap == rc_ex == 1
    # A snapshot of a snapshot carries the same commands (argv exactly as recorded).
    assert SnapshotSource(str(snap)).run(["lspci", "-vvv", "-nn", "-D"]).stdout.startswith("0000:19:00.0 ")


def test_written_snapshot_layout(tmp_path, capsys):
    snap = tmp_path / "snap"
    assert cli.main(["snapshot", "--example", "mi300x8", "-o", str(snap)]) == 0
    man = json.loads((snap / "manifest.json").read_text())
    assert man["format"] == "rocmdoctor-snapshot" and man["format_version"] == 1
    assert set(man) >= {"tool_version", "created", "level", "redacted", "source", "fs_index"}
    assert set(man["fs_index"]) == {"missing", "links", "globs", "exists"}
    for d in (snap / "cmd").iterdir():
        assert {p.name for p in d.iterdir()} == {"argv.json", "stdout", "stderr", "status.json"}
        status = json.loads((d / "status.json").read_text())
        assert set(status) == {"returncode", "timed_out", "error", "duration_s"}
    for p in (snap / "probes").iterdir():
        assert set(json.loads(p.read_text())) == {"data", "error"}
    assert (snap / "fs/proc/cmdline").read_text().endswith("iommu=pt\n")


def test_snapshot_refuses_a_non_empty_directory(tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("precious")
    rc = cli.main(["snapshot", "--example", "no-gpu", "-o", str(out)])
    assert rc == 3
    assert "not an empty directory" in capsys.readouterr().err
    assert [p.name for p in out.iterdir()] == ["keep.txt"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".rocmdoctor-snapshot-")]


def test_snapshot_into_an_empty_directory_is_fine(tmp_path, capsys):
    out = tmp_path / "empty"
    out.mkdir()
    assert cli.main(["snapshot", "--example", "no-gpu", "-o", str(out)]) == 0
    assert (out / "manifest.json").is_file()


def test_snapshot_records_what_config_linting_reads_of_the_machine(tmp_path, capsys):
    """`scan --snapshot DIR --config FILES` judges files against the recorded machine: the
    snapshot holds the facts that only --config checks read (here the host's AMD CDI spec,
    which lets `docker run --gpus` reach AMD GPUs), though its own scan ran without --config."""
    tree = make_root_tree(tmp_path)
    os.makedirs(os.path.join(tree, "etc/cdi"))
    with open(os.path.join(tree, "etc/cdi/amd.json"), "w") as fh:
        fh.write('{"cdiVersion": "0.6.0", "kind": "amd.com/gpu", "devices": [{"name": "all"}]}')
    script = tmp_path / "serve.sh"
    script.write_text("#!/bin/bash\ndocker run -d --gpus all rocm/vllm:rocm6.4.1_vllm_0.9.0.1_20250605\n")
    snap = tmp_path / "snap"
    assert cli.main(["snapshot", "-o", str(snap), "--root", tree, "--no-redact", "--level", "quick"]) == 0
    capsys.readouterr()
    shutil.rmtree(tree)  # only the snapshot is left
    _, replay = scan_json(capsys, "--snapshot", str(snap), "--config", str(script), "--select", "RD-CTR-003",
                          "--level", "quick")
    (f,) = findings(replay)
    assert f["status"] == "pass" and "CDI" in f["title"], f
    assert any(e["source"] == "/etc/cdi/amd.json" for e in f["evidence"])
