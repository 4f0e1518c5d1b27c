"""Bad options are usage errors (2), unusable inputs input errors (3),
checked once before any work starts."""
import pytest

from rocmdoctor.cli import main


@pytest.mark.parametrize("args", [
    ["scan", "--select", "RD-NOSUCH-999"],
    ["scan", "--select", "RD-IOM"],
    ["scan", "--ignore", "RD-OS,RD-NOPE"],
    ["fix", "--select", "RD-IOM"],
])
def test_unknown_codes_or_prefixes_are_usage_errors(args, capsys):
    assert main([*args, "--example", "no-gpu", "--level", "quick"]) == 2
    err = capsys.readouterr().err
    assert "no check has" in err and "RD-IOMMU" in err and "RD-PCIE" in err  # the valid prefixes are named


def test_known_prefix_and_all_still_run(capsys):
    assert main(["scan", "--example", "no-gpu", "--level", "quick", "--select", "RD-IOMMU,RD-OS-001"]) in (0, 1)
    assert main(["scan", "--example", "no-gpu", "--level", "quick", "--ignore", "ALL"]) == 0


@pytest.mark.parametrize("args", [
    ["scan", "--example", "no-gpu", "--snapshot", "/nonexistent"],
    ["scan", "--example", "no-gpu", "--root", "/"],
    ["scan", "--example", "no-gpu", "--python", "/usr/bin/env"],
    ["fix", "--undo", "--apply"],
    ["scan", "--cluster", "--node-timeout", "-1"],
    ["scan", "--cluster", "--rendezvous-timeout", "0"],
    ["bench", "--timeout", "-5"],
    ["train", "--stall", "nan"],
])
def test_conflicting_or_bad_options_exit_2(args, capsys):
    assert main(args) == 2
    assert capsys.readouterr().err.strip()


@pytest.mark.parametrize("cmd", [["scan", "--level", "quick"], ["bench", "matmul"], ["train"], ["env"],
                                 ["fix"], ["snapshot", "-o", "/nonexistent/x"]])
@pytest.mark.parametrize("interp", ["/bin/true", "/bin/false"])
def test_python_that_is_not_python_is_an_input_error(cmd, interp, capsys):
    assert main([*cmd, "--python", interp]) == 3
    err = capsys.readouterr().err
    assert f"--python {interp}: not a Python interpreter" in err


def test_python_validation_accepts_a_real_interpreter():
    import sys

    from rocmdoctor.usage import check_python

    assert check_python(sys.executable) == f"{sys.version_info[0]}.{sys.version_info[1]}"


# ---------------------------------------------------------------- selections that cancel out, sources that cannot serve
@pytest.mark.parametrize("args", [
    ["scan", "--select", "RD-IOMMU", "--ignore", "RD-IOMMU"],
    ["scan", "--select", "RD-IOMMU-001,RD-GFX-001", "--ignore", "RD-IOMMU,RD-GFX"],
    ["fix", "--select", "RD-IOMMU", "--ignore", "ALL"],
])
def test_a_selection_that_ignores_every_selected_check_is_a_conflict(args, capsys):
    # Before: "Nothing could be checked" and exit 0, which a prolog reads as healthy.
    assert main([*args, "--example", "no-gpu", "--level", "quick"]) == 2
    assert "conflict: every selected check is ignored" in capsys.readouterr().err


def test_a_selection_that_keeps_one_check_still_runs(capsys):
    assert main(["scan", "--example", "mi50x2-xeon", "--level", "quick", "--select", "RD-IOMMU",
                 "--ignore", "RD-IOMMU-001"]) == 0


@pytest.mark.parametrize("flag, value", [("--snapshot", "EXAMPLE"), ("--root", "/")])
def test_python_with_a_recorded_or_file_only_source_is_a_conflict(flag, value, capsys):
    import sys

    from rocmdoctor.api import examples

    value = examples()["no-gpu"] if value == "EXAMPLE" else value
    assert main(["scan", flag, value, "--python", sys.executable, "--level", "quick"]) == 2
    err = capsys.readouterr().err
    assert f"{flag} " in err and "--python would be ignored" in err


def test_python_accepts_a_venv_folder(tmp_path, capsys):
    import json
    import os
    import sys

    venv = tmp_path / "env"
    (venv / "bin").mkdir(parents=True)
    os.symlink(sys.executable, venv / "bin" / "python")
    assert main(["scan", "--python", str(venv), "--select", "RD-TORCH", "--format", "json"]) in (0, 1)
    src = json.loads(capsys.readouterr().out)["source"]
    assert src["python"] == str(venv / "bin" / "python")  # the folder's interpreter was the one probed


def test_python_folder_without_an_interpreter_says_what_it_wants(tmp_path, capsys):
    assert main(["scan", "--python", str(tmp_path), "--level", "quick"]) == 3
    err = capsys.readouterr().err
    assert "a folder without bin/python" in err and "venv or conda env folder" in err
