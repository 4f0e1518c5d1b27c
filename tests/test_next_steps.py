"""The next step a report suggests repeats the options that decide what it
sees, so running it verbatim shows the plans the report promised (a bare `rocmdoctor fix`
after `scan --example mi50x2-xeon` scanned this machine and said "nothing to fix")."""
import re
import shlex

from rocmdoctor.cli import main


def _suggested(out: str, pattern: str) -> list[str]:
    m = re.search(pattern, out)
    assert m, out[-500:]
    return shlex.split(m.group(1))


def test_scan_example_suggests_fix_with_the_example_and_that_command_has_plans(capsys):
    assert main(["scan", "--example", "mi50x2-xeon"]) == 1
    argv = _suggested(capsys.readouterr().out, r"Run `(rocmdoctor fix[^`]*)`")
    assert argv == ["rocmdoctor", "fix", "--example", "mi50x2-xeon"]
    assert main(argv[1:]) == 0
    plans = capsys.readouterr().out
    assert "nothing to fix" not in plans and "iommu=pt" in plans


def test_scan_config_suggests_fix_with_the_same_files_level_and_selection(capsys):
    cfg = "tests/data/configs/lumi_run_multigpu_torchrun.sh"
    assert main(["scan", "--example", "mi50x2-xeon", "--config", cfg, "--level", "quick",
                 "--select", "RD-IOMMU,RD-LCH"]) == 1
    argv = _suggested(capsys.readouterr().out, r"Run `(rocmdoctor fix[^`]*)`")
    assert argv[2:] == ["--example", "mi50x2-xeon", "--config", cfg, "--select", "RD-IOMMU,RD-LCH",
                        "--level", "quick"]
    assert main(argv[1:]) == 0
    assert "nothing to fix" not in capsys.readouterr().out


def test_recommend_on_an_example_names_env_for_that_example_and_it_prints_lines(capsys):
    assert main(["recommend", "--example", "rx7900xtx"]) == 0
    out = capsys.readouterr().out
    assert 'eval "$(rocmdoctor env)"' not in out  # that would print this machine's (empty) settings
    argv = _suggested(out, r"launcher:\s+(rocmdoctor env[^\n]*)")
    assert argv == ["rocmdoctor", "env", "--example", "rx7900xtx"]
    assert main(argv[1:]) == 0
    assert capsys.readouterr().out.startswith("export ")


def test_live_recommend_suggests_eval_with_the_interpreter_and_model(monkeypatch, capsys):
    from rocmdoctor.cli import same_source
    import argparse

    a = argparse.Namespace(root=None, snapshot=None, example=None, python="/opt/my env/bin/python",
                           model="Qwen/Qwen2.5-7B", level="default")
    assert same_source(a, "env") == "rocmdoctor env --python '/opt/my env/bin/python' --model Qwen/Qwen2.5-7B"
