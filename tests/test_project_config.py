"""[tool.rocmdoctor] / rocmdoctor.toml and inline `# rocmdoctor: ignore` comments."""
import json
import os
import shutil

import pytest

from rocmdoctor.cli import main

LAUNCH = "tests/data/configs/lumi_run_multigpu_torchrun.sh"


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _json(capsys):
    return json.loads(capsys.readouterr().out)


def test_pyproject_table_sets_select_ignore_strict_and_config(project, capsys):
    src = os.path.join(os.path.dirname(__file__), "..", LAUNCH)
    os.makedirs(project / "scripts")
    shutil.copy(src, project / "scripts" / "train.sh")
    (project / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.rocmdoctor]\nselect = ["RD-LCH", '
                                            '"RD-ENV"]\nignore = ["RD-ENV-002"]\nstrict = true\n'
                                            'config = ["scripts/train.sh"]\n')
    os.makedirs(project / "sub")
    os.chdir(project / "sub")  # found from a subdirectory, paths relative to the file
    code = main(["scan", "--example", "mi50x2-xeon", "--level", "quick", "--format", "json"])
    rep = _json(capsys)
    codes = {f["code"] for f in rep["findings"]}
    assert codes and all(c.startswith(("RD-LCH", "RD-ENV")) for c in codes) and "RD-ENV-002" not in codes
    assert any(str(project / "scripts" / "train.sh") in e["source"] for f in rep["findings"] for e in f["evidence"])
    assert any("settings from" in n and "pyproject.toml" in n for n in rep["notes"])
    assert code == 1  # strict: warnings fail


def test_command_line_replaces_the_file_and_no_project_config_ignores_it(project, capsys):
    (project / "rocmdoctor.toml").write_text('select = ["RD-IOMMU"]\n')
    main(["scan", "--example", "mi50x2-xeon", "--level", "quick", "--format", "json"])
    assert {f["code"].rsplit("-", 1)[0] for f in _json(capsys)["findings"]} == {"RD-IOMMU"}
    main(["scan", "--example", "mi50x2-xeon", "--level", "quick", "--format", "json", "--select", "RD-GFX"])
    assert all(f["code"].startswith("RD-GFX") for f in _json(capsys)["findings"])
    main(["scan", "--example", "mi50x2-xeon", "--level", "quick", "--format", "json", "--no-project-config"])
    assert len({f["code"].rsplit("-", 1)[0] for f in _json(capsys)["findings"]}) > 5


@pytest.mark.parametrize("text, why", [
    ("[tool.rocmdoctor]\nselct = ['RD-X']\n", "unknown key 'selct'"),
    ("[tool.rocmdoctor]\nstrict = 'yes'\n", "strict must be true or false"),
    ("[tool.rocmdoctor]\nselect = [1]\n", "select must be a list of strings"),
    ("[tool.rocmdoctor\n", "not valid TOML"),
    ("[tool.rocmdoctor]\nselect = ['RD-NOPE']\n", "pyproject.toml: select RD-NOPE: no check has"),
])
def test_a_bad_project_config_is_a_usage_error_naming_the_file(project, capsys, text, why):
    (project / "pyproject.toml").write_text(text)
    assert main(["scan", "--example", "no-gpu", "--level", "quick"]) == 2
    err = capsys.readouterr().err
    assert why in err and str(project / "pyproject.toml") in err


def test_a_pyproject_without_the_table_is_passed_over(project, capsys):
    (project / "pyproject.toml").write_text("[project\nthis is not even TOML")  # never parsed
    assert main(["scan", "--example", "no-gpu", "--level", "quick"]) == 0


# ------------------------------------------------------------------ inline suppressions
SCRIPT = """#!/bin/bash
export HSA_OVERRIDE_GFX_VERSION=10.3.0
torchrun --nproc_per_node 2 train.py
"""


def _codes_at(capsys, path):
    main(["scan", "--example", "mi50x2-xeon", "--level", "quick", "--config", str(path), "--format", "json"])
    rep = _json(capsys)
    hits = {f["code"] for f in rep["findings"] if f["status"] in ("fail", "warn")
            and any(e["source"].startswith(str(path) + ":") for e in f["evidence"])}
    return hits, rep["notes"]


def test_an_ignore_comment_above_or_on_the_line_drops_that_finding_and_says_so(tmp_path, capsys):
    plain = tmp_path / "a.sh"
    plain.write_text(SCRIPT)
    before, _ = _codes_at(capsys, plain)
    assert before, "the script should draw a finding on its own line"
    code = sorted(before)[0]
    above = tmp_path / "b.sh"
    lines = SCRIPT.split("\n")
    line_no = next(i for i, ln in enumerate(lines) if "HSA_OVERRIDE" in ln or "torchrun" in ln)
    above.write_text("\n".join(lines[:line_no] + [f"# rocmdoctor: ignore {code}"] + lines[line_no:]))
    after, notes = _codes_at(capsys, above)
    # dropped only where the comment is, and named in the notes
    assert code not in after, (code, after)
    assert after == before - {code}
    assert any("suppressed by `# rocmdoctor: ignore`" in n and code in n for n in notes)


def test_a_comment_naming_another_code_suppresses_nothing(tmp_path, capsys):
    p = tmp_path / "c.sh"
    p.write_text("# rocmdoctor: ignore RD-NOPE-999\n" + SCRIPT.split("\n", 1)[1])
    plain = tmp_path / "d.sh"
    plain.write_text(SCRIPT.split("\n", 1)[1])
    assert _codes_at(capsys, p)[0] == _codes_at(capsys, plain)[0]


def test_suppression_unit_covers_prefixes_and_comment_blocks(tmp_path):
    from rocmdoctor.output.suppress import _Files, covered

    f = tmp_path / "Dockerfile"
    f.write_text("FROM x\n# rocmdoctor: ignore RD-IMG\n# another comment\nRUN pip install torch\n"
                 "ENV A=1  # rocmdoctor: ignore=RD-ENV-001, RD-CFG-002\nENV B=2\n")
    files = _Files()
    assert covered("RD-IMG-002", str(f), 4, files)          # a prefix, through a comment block
    assert covered("RD-ENV-001", str(f), 5, files) and covered("RD-CFG-002", str(f), 5, files)
    assert not covered("RD-ENV-001", str(f), 6, files)      # the line after is not covered
    assert not covered("RD-IMGX-001", str(f), 4, files)     # a prefix is whole parts
    assert not covered("RD-IMG-002", str(f), 1, files)


def test_fix_makes_no_plan_for_a_suppressed_finding(tmp_path, capsys):
    plain = tmp_path / "a.sh"
    plain.write_text(SCRIPT)
    main(["fix", "--example", "mi50x2-xeon", "--level", "quick", "--config", str(plain), "--format", "json"])
    before = [p for p in json.loads(capsys.readouterr().out)["plans"] if str(plain) in json.dumps(p)]
    assert before, "the script's own line should draw a plan"
    lines = SCRIPT.split("\n")
    marked = tmp_path / "b.sh"
    marked.write_text("\n".join(lines[:1] + ["# rocmdoctor: ignore ALL"] + lines[1:]))
    main(["fix", "--example", "mi50x2-xeon", "--level", "quick", "--config", str(marked), "--format", "json"])
    after = [p for p in json.loads(capsys.readouterr().out)["plans"] if str(marked) in json.dumps(p)]
    assert len(after) < len(before)
