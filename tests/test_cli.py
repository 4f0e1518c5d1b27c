"""CLI contract: version, exit codes, JSON shape, library parity, no torch at --level quick."""
import json
import os
import subprocess
import sys

import pytest

import rocmdoctor
from rocmdoctor.cli import main


def run_cli(*args, env=None):
    e = dict(os.environ, NO_COLOR="1", **(env or {}))
    return subprocess.run([sys.executable, "-m", "rocmdoctor", *args], capture_output=True, text=True, env=e,
                          timeout=120)


def test_version():
    r = run_cli("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"rocmdoctor {rocmdoctor.__version__}"


@pytest.mark.parametrize("args", [["scan", "--level", "nope"], ["scan", "--bogus"], [], ["nosuchcmd"]])
def test_usage_errors_exit_2(args, capsys):
    assert main(args) == 2


def test_quick_scan_never_imports_torch():
    code = ("import sys, rocmdoctor; r = rocmdoctor.scan(level='quick'); "
            "print('torch' in sys.modules, 'deepspeed' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False False", out.stderr


def test_json_output_matches_library(capsys):
    assert main(["scan", "--level", "quick", "--format", "json"]) in (0, 1)
    data = json.loads(capsys.readouterr().out)
    lib = rocmdoctor.scan(level="quick").to_dict()
    assert data["schema"] == "rocmdoctor.report" and data["schema_version"] == 1
    assert [f["code"] for f in data["findings"]] == [f["code"] for f in lib["findings"]]
    assert data["summary"] == lib["summary"]


def test_library_scan_prints_nothing(capsys):
    rocmdoctor.scan(level="quick")
    assert capsys.readouterr() == ("", "")


def test_select_and_ignore(capsys):
    main(["scan", "--level", "quick", "--format", "json", "--select", "RD-OS"])
    codes = {f["code"] for f in json.loads(capsys.readouterr().out)["findings"]}
    assert codes and all(c.startswith("RD-OS-") for c in codes)
    main(["scan", "--level", "quick", "--format", "json", "--ignore", "RD-OS,RD-GPU"])
    codes = {f["code"] for f in json.loads(capsys.readouterr().out)["findings"]}
    assert not any(c.startswith(("RD-OS-", "RD-GPU-")) for c in codes)


def test_plain_text_when_not_a_tty():
    r = run_cli("scan", "--level", "quick")
    assert "\x1b[" not in r.stdout and "passed" in r.stdout.splitlines()[-1] or "passed" in r.stdout


def test_missing_snapshot_dir_is_input_error(tmp_path, capsys):
    assert main(["scan", "--snapshot", str(tmp_path / "nope")]) == 3
    assert "not a directory" in capsys.readouterr().err
