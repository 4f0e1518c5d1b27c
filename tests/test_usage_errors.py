"""Issue 16 items 1, 7, 8: bad options are usage errors (2), unusable inputs input errors (3),
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
