"""Messages that once read oddly, each reproduced as the user met it."""
import json
import subprocess
import sys

import pytest

from rocmdoctor.cli import main


@pytest.fixture(scope="module")
def no_torch_python(tmp_path_factory):
    d = tmp_path_factory.mktemp("env") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(d)], check=True, timeout=120)
    return str(d / "bin" / "python")


def test_no_torch_warning_only_when_a_selected_check_needed_torch(no_torch_python, capsys, monkeypatch):
    monkeypatch.setenv("NCCL_DEBUG", "INFO")
    main(["scan", "--python", no_torch_python, "--select", "RD-RCCL-001", "--format", "json"])
    assert json.loads(capsys.readouterr().out)["warnings"] == []  # was "...: 0 checks that need it did not run"
    main(["scan", "--python", no_torch_python, "--select", "RD-TORCH", "--format", "json"])
    [w] = json.loads(capsys.readouterr().out)["warnings"]
    assert "torch is not installed" in w and " 0 checks" not in w


def test_bench_compare_with_a_scan_report_says_it_is_not_a_bench_report(tmp_path, capsys):
    scan = tmp_path / "scan.json"
    assert main(["scan", "--example", "no-gpu", "--level", "quick", "-o", str(scan), "--format", "json"]) == 0
    assert main(["bench", "matmul", "--compare", str(scan)]) == 3
    err = capsys.readouterr().err
    assert "not a `rocmdoctor bench --format json` report" in err and "None" not in err


def test_figures_show_the_median_that_compare_judges(capsys):
    from rocmdoctor.commands.bench import compare, print_figures

    run = json.loads(open("tests/data/bench_cpu_matmul.json").read())
    results = {"bench_matmul": run}
    print_figures(results)
    out = capsys.readouterr().out
    row = next(ln for ln in out.splitlines() if "matmul fp32 TFLOPS" in ln).split()
    best, median = float(row[-2]), float(row[-1])
    now = next(r["now"] for r in compare(results, {"results": results})["rows"] if r["metric"] == "matmul fp32 TFLOPS")
    assert median == pytest.approx(now, rel=1e-3)  # the compare row's figure is on the FIGURES line
    assert best == pytest.approx(run["result"]["best_tflops"]["fp32"], rel=1e-3) and best >= median


def test_a_bad_json_config_message_ends_with_where_not_mid_sentence(tmp_path, capsys):
    bad = tmp_path / "ds.json"
    bad.write_text('{"train_micro_batch_size_per_gpu": "1\t"}')
    assert main(["scan", "--example", "no-gpu", "--level", "quick", "--config", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert not err.endswith(" at") and "Invalid control character at line 1 column" in err and "\\t" in err


def test_run_help_names_no_internal_module(capsys):
    with pytest.raises(SystemExit):
        from rocmdoctor.cli import build_parser

        build_parser(["run"])[0].parse_args(["run", "--help"])
    out = capsys.readouterr().out
    assert "rocmdoctor/" not in out and "ProcessTree" not in out
