"""scan --format sarif | github | markdown, and -o FILE for every format.

SARIF is validated against the published 2.1.0 schema (tests/data/sarif-schema-2.1.0.json,
source in tests/data/SOURCES.md); GitHub annotations are read back with the runner's own
rules (actions/toolkit command.ts: `::name k=v,k=v::data`, %-escapes)."""
import json
import os
import re

import pytest

from rocmdoctor.cli import main

CONFIGS = "tests/data/configs"
SECRET = "hf_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7"


def _scan(capsys, *extra, fmt):
    code = main(["scan", "--example", "mi50x2-xeon", "--config", CONFIGS, "--format", fmt, *extra])
    return code, capsys.readouterr().out


# ------------------------------------------------------------------ SARIF
@pytest.fixture(scope="module")
def sarif_schema():
    jsonschema = pytest.importorskip("jsonschema")
    with open("tests/data/sarif-schema-2.1.0.json", encoding="utf-8") as fh:
        schema = json.load(fh)
    assert schema["id"].endswith("/sarif-schema-2.1.0.json")
    return jsonschema.Draft4Validator(schema)


@pytest.mark.parametrize("extra", [[], ["--python", "NO_TORCH"]])
def test_sarif_is_valid_against_the_published_schema(sarif_schema, capsys, tmp_path, extra):
    if extra:  # a live scan of an interpreter without torch: a scan warning becomes a notification
        import subprocess
        import sys

        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "v")], check=True)
        code = main(["scan", "--python", str(tmp_path / "v"), "--config", CONFIGS, "--format", "sarif"])
        log = json.loads(capsys.readouterr().out)
        assert not list(sarif_schema.iter_errors(log))
        notes = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        assert any(n["level"] == "warning" and "torch is not installed" in n["message"]["text"] for n in notes)
        return
    code, out = _scan(capsys, fmt="sarif")
    log = json.loads(out)
    errors = sorted(sarif_schema.iter_errors(log), key=str)
    assert not errors, [e.message for e in errors[:3]]
    assert code == 1 and log["version"] == "2.1.0" and len(log["runs"]) == 1
    # the validator is not a rubber stamp: a result without a message is refused
    broken = json.loads(out)
    del broken["runs"][0]["results"][0]["message"]
    assert list(sarif_schema.iter_errors(broken))


def test_sarif_results_point_at_the_users_file_and_line(capsys):
    _, out = _scan(capsys, fmt="sarif")
    run = json.loads(out)["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    by_rule = {r["ruleId"]: r for r in run["results"]}
    ctr = by_rule["RD-CTR-003"]
    loc = ctr["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": f"{CONFIGS}/llamafactory_docker-cuda_docker-compose.yml",
                                       "uriBaseId": "%SRCROOT%"}
    assert loc["region"]["startLine"] == 3 and ctr["level"] == "error"
    assert rules[ctr["ruleIndex"]]["id"] == "RD-CTR-003" and rules[ctr["ruleIndex"]]["helpUri"].startswith("https://")
    assert by_rule["RD-GFX-001"]["level"] == "warning" and "locations" not in by_rule["RD-GFX-001"]  # machine
    assert run["invocations"][0]["executionSuccessful"] is True
    statuses = {r["level"] for r in run["results"]}
    assert statuses <= {"error", "warning"}  # passes and skips are not results


# ------------------------------------------------------------------ GitHub annotations
_CMD = re.compile(r"^::(?P<name>[a-z]+)(?: (?P<props>[^:]*))?::(?P<data>.*)$")


def _unescape_data(s):
    return s.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def _unescape_prop(s):
    return s.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")


def parse_annotation(line):
    """As the runner reads a workflow command (ActionCommand.TryParseV2)."""
    m = _CMD.match(line)
    assert m, line
    props = {}
    for kv in (m.group("props") or "").split(","):
        if kv:
            k, _, v = kv.partition("=")
            props[k] = _unescape_prop(v)
    return m.group("name"), props, _unescape_data(m.group("data"))


def test_github_annotations_follow_the_workflow_command_syntax(capsys):
    code, out = _scan(capsys, fmt="github")
    lines = out.splitlines()
    assert code == 1 and lines and all(ln.startswith(("::error ", "::warning ", "::notice ")) for ln in lines)
    parsed = [parse_annotation(ln) for ln in lines]
    ctr = next(p for p in parsed if p[1]["title"].startswith("RD-CTR-003"))
    assert ctr[0] == "error" and ctr[1]["file"] == f"{CONFIGS}/llamafactory_docker-cuda_docker-compose.yml"
    assert ctr[1]["line"] == "3" and "/dev/kfd" in ctr[2] and "\nevidence: " in ctr[2]
    env = next(p for p in parsed if p[1]["title"].startswith("RD-GFX-001"))
    assert env[0] == "warning" and "file" not in env[1] and "GPU 0, 1 (gfx906):" in env[1]["title"]  # , and : kept


def test_github_carries_the_scans_notes_as_notices(tmp_path, capsys):
    f = tmp_path / "train.sh"
    f.write_text("#!/bin/bash\n# rocmdoctor: ignore RD-ENV\nexport HSA_OVERRIDE_GFX_VERSION=10.3.0\ntorchrun t.py\n")
    main(["scan", "--example", "mi50x2-xeon", "--level", "quick", "--config", str(f), "--format", "github"])
    notices = [parse_annotation(ln) for ln in capsys.readouterr().out.splitlines() if ln.startswith("::notice")]
    assert notices and "suppressed" in notices[0][2] and notices[0][1] == {"title": "rocmdoctor"}


def test_github_escapes_round_trip_hostile_text():
    from rocmdoctor.output.github import annotation

    f = {"code": "RD-X-001", "status": "fail", "title": "a,b: 100% \r\nfake::error", "detail": "50%\nnext::x",
         "evidence": [{"source": "weird,dir:1/x.sh:12", "text": "%0A literal"}]}
    line = annotation(f, os.getcwd())
    assert "\n" not in line and "\r" not in line
    name, props, data = parse_annotation(line)
    assert name == "error" and props["title"] == "RD-X-001 a,b: 100% \r\nfake::error"
    assert props["file"] == "weird,dir:1/x.sh" and props["line"] == "12"
    assert data.startswith("50%\nnext::x\nevidence: weird,dir:1/x.sh:12: %0A literal")


# ------------------------------------------------------------------ Markdown
def test_markdown_has_the_verdict_a_table_and_folded_details(capsys):
    main(["scan", "--example", "mi50x2-xeon", "--format", "markdown"])
    out = capsys.readouterr().out
    assert out.startswith("### rocmdoctor: Problems found: 2 failed, 6 warnings\n")
    assert "| ❌ fail | RD-IOMMU-001 |" in out and "<details><summary>Evidence and fixes</summary>" in out
    assert out.count("<details>") == out.count("</details>") == 2
    assert "rocmdoctor fix --example mi50x2-xeon" in out
    assert len(out) < 20_000  # pasteable


def test_markdown_is_redacted_escaped_and_bounded(monkeypatch):
    from rocmdoctor.output.markdown import LIMIT, to_markdown

    findings = [{"code": f"RD-X-{i:03d}", "status": "warn", "title": f"t|{i} <script>", "detail": "d" * 2000,
                 "evidence": [{"source": "/etc/env", "text": f"HF_TOKEN={SECRET} `tick`"}]} for i in range(200)]
    out = to_markdown({"tool_version": "0", "level": "quick", "source": {}, "findings": findings}, "v", 0)
    assert SECRET not in out and "<script>" not in out and "t\\|0" in out
    assert len(out) <= LIMIT + 2000 and "more findings left out" in out
    assert out.count("| ⚠️ warn |") == 200  # the table keeps every problem; only details are cut


# ------------------------------------------------------------------ -o FILE
@pytest.mark.parametrize("fmt", ["text", "json", "junit", "prometheus", "sarif", "github", "markdown"])
def test_output_file_holds_exactly_what_stdout_would(tmp_path, capsys, fmt):
    code, printed = _scan(capsys, fmt=fmt)
    dst = tmp_path / f"report.{fmt}"
    assert main(["scan", "--example", "mi50x2-xeon", "--config", CONFIGS, "--format", fmt, "-o", str(dst)]) == code
    assert capsys.readouterr().out == ""
    timing = re.compile(r"(duration\S*[ =:\"]+)[0-9.]+")  # the scan's own run time differs between runs
    assert timing.sub(r"\1T", dst.read_text()) == timing.sub(r"\1T", printed)
    assert [p.name for p in tmp_path.iterdir()] == [dst.name]  # no temporary file left


def test_output_file_is_replaced_atomically_and_not_touched_on_a_usage_error(tmp_path, capsys):
    dst = tmp_path / "r.json"
    dst.write_text("old")
    ino = os.stat(dst).st_ino
    assert main(["scan", "--example", "no-gpu", "--level", "quick", "--format", "json", "-o", str(dst)]) == 0
    assert json.loads(dst.read_text())["schema"] == "rocmdoctor.report" and os.stat(dst).st_ino != ino  # renamed in
    assert main(["scan", "--example", "no-gpu", "--select", "RD-NOPE", "--format", "json", "-o", str(dst)]) == 2
    assert json.loads(dst.read_text())["schema"] == "rocmdoctor.report"  # the last good report stays


@pytest.mark.parametrize("args", [["list"], ["list", "--format", "json"], ["recommend", "--example", "rx7900xtx"],
                                  ["env", "--example", "rx7900xtx"], ["explain", "--list"]])
def test_every_command_with_output_takes_o(tmp_path, capsys, args):
    dst = tmp_path / "out"
    assert main([*args, "-o", str(dst)]) == 0
    assert capsys.readouterr().out == "" and dst.read_text().strip()


@pytest.mark.parametrize("target, why", [("DIR", "is a directory"), ("DIR/missing/x.json", "does not exist")])
def test_output_to_an_unusable_path_is_a_usage_error_before_any_work(tmp_path, capsys, target, why):
    assert main(["scan", "--example", "no-gpu", "-o", target.replace("DIR", str(tmp_path))]) == 2
    assert why in capsys.readouterr().err


def test_cluster_reports_refuse_one_machine_formats(capsys):
    from rocmdoctor.api import examples

    ex = examples()
    assert main(["scan", "--from", ex["mi50x2-xeon"], ex["mi300x8"], "--format", "sarif"]) == 2
    assert "one machine's scan" in capsys.readouterr().err
