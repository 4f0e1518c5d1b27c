"""Edits to the user's own files: the edit engine on real text, and `fix --config`
showing them, applying them with --apply and undoing them byte for byte."""
import json
import os
import shutil
import subprocess
import sys

import pytest

import rocmdoctor
from rocmdoctor.artifacts.config_edits import EditError, apply

DATA = os.path.join(os.path.dirname(__file__), "data")
SEEDS = os.path.join(DATA, "seeds")


def read(name):
    with open(os.path.join(SEEDS, name), encoding="utf-8") as fh:
        return fh.read()


def changed(old, new):
    """(removed, added) lines."""
    a, b = old.splitlines(), new.splitlines()
    return [x for x in a if x not in b], [x for x in b if x not in a]


def test_yaml_set_keeps_comments_and_adds_after_a_key():
    text = read("qwen_lora_sft_ds2.yaml").replace("bf16: true", "bf16: true  # fast on MI300")
    new = apply(text, "yaml", [{"op": "set", "key": "bf16", "value": False},
                               {"op": "set", "key": "fp16", "value": True, "after": "bf16"}])
    assert changed(text, new) == (["bf16: true  # fast on MI300"], ["bf16: false  # fast on MI300", "fp16: true"])
    assert new.index("bf16: false") < new.index("fp16: true") < new.index("gradient_checkpointing")


def test_cli_set_replaces_the_value_and_inserts_after_a_token():
    text = read("fine_tune_train.sh")
    new = apply(text, "cli", [{"op": "set", "key": "bf16", "value": False},
                              {"op": "set", "key": "fp16", "value": True, "after": "bf16"}])
    assert changed(text, new) == (["    --bf16 True \\"], ["    --bf16 False --fp16 True \\"])
    new2 = apply(text, "cli", [{"op": "remove", "key": "tf32"}])
    assert "--tf32 False" not in new2 and new2.count("\n") == text.count("\n") - 1


def test_json_edit_rewrites_only_the_changed_values():
    text = read("ds_z2_config.json")
    new = apply(text, "deepspeed", [{"op": "set", "key": "bf16", "value": {"enabled": False}},
                                    {"op": "set", "key": "fp16", "value": {"enabled": True, "loss_scale": 0}}])
    assert json.loads(new)["fp16"] == {"enabled": True, "loss_scale": 0}
    assert '"allgather_bucket_size": 5e8' in new  # numbers stay as written
    removed, added = changed(text, new)
    assert removed == ['    "enabled": true'] and '    "enabled": false' in added


def test_json_remove_and_minified_json():
    text = '{"output_dir": "o", "bf16": true, "tf32": true}'
    new = apply(text, "json", [{"op": "remove", "key": "tf32"}, {"op": "set", "key": "bf16", "value": False}])
    assert json.loads(new) == {"output_dir": "o", "bf16": False}


def test_line_operations_refuse_a_file_that_changed():
    text = read("train_qwen_ddp_fp32.sh")
    op = {"op": "replace_line", "line": 6, "text": None, "expect": "HSA_OVERRIDE_GFX_VERSION"}
    assert "HSA_OVERRIDE" not in apply(text, "lines", [op]).splitlines()[5]
    with pytest.raises(EditError, match="no longer mentions"):
        apply(text, "lines", [dict(op, line=7)])


def run_fix(*args):
    return subprocess.run([sys.executable, "-m", "rocmdoctor", "fix", "--example", "mi50x2-xeon", *args],
                          capture_output=True, text=True, timeout=180)


def test_fix_config_plans_one_edit_per_file_applies_them_and_undoes_byte_for_byte(tmp_path):
    if "mi50x2-xeon" not in rocmdoctor.examples():
        pytest.skip("example not built")
    names = ("qwen_lora_sft_ds2.yaml", "ds_z2_config.json")
    for n in names:
        shutil.copy(os.path.join(SEEDS, n), tmp_path / n)
    before = {n: (tmp_path / n).read_bytes() for n in names}
    cfg = str(tmp_path / "qwen_lora_sft_ds2.yaml")
    r = run_fix("--config", cfg, "--select", "RD-PREC-010", "--format", "json")
    plans = json.loads(r.stdout)["plans"]
    # one plan per file, both files from the one finding
    assert len(plans) == 2 and {p["applicability"] for p in plans} == {"safe"}
    diffs = {os.path.basename(e["path"]): e["diff"] for p in plans for e in p["edits"]}
    assert set(diffs) == set(names)
    assert "-bf16: true\n+bf16: false\n+fp16: false" in diffs["qwen_lora_sft_ds2.yaml"]
    assert '-    "enabled": true\n+    "enabled": false' in diffs["ds_z2_config.json"]
    assert {n: (tmp_path / n).read_bytes() for n in names} == before  # showing writes nothing
    state = tmp_path / "state"
    r = run_fix("--config", cfg, "--select", "RD-PREC-010", "--apply", "--yes", "--state-dir", str(state))
    assert r.returncode == 0, r.stderr
    assert "verified RD-PREC-010: fail -> pass" in r.stdout
    assert b"bf16: false" in (tmp_path / names[0]).read_bytes()
    assert json.loads((tmp_path / names[1]).read_text())["bf16"] == {"enabled": False}
    r = subprocess.run([sys.executable, "-m", "rocmdoctor", "fix", "--undo", "--yes", "--state-dir", str(state)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert {n: (tmp_path / n).read_bytes() for n in names} == before


def test_config_edit_fixer_refuses_files_not_read():
    from rocmdoctor.fixes import config_edit
    from rocmdoctor.engine.model import FixPlan

    fp = FixPlan("x", (), fixer="config_edit", params={"edits": [
        {"path": "/etc/passwd", "syntax": "lines", "ops": [{"op": "replace_line", "line": 1, "text": None}]}]})
    assert config_edit.diffs(fp, [os.path.join(SEEDS, "Dockerfile")]) == []


def test_set_in_line_takes_a_group_that_did_not_match_as_empty_and_the_value_literally():
    # An optional group 1 that took no part used to raise TypeError (None + str), and a number
    # as the value too; the value is text, never a backslash template.
    text = "deepspeed --num_gpus 4 train.py\n"
    op = {"op": "set_in_line", "line": 1, "pattern": r"(\s--master_port \d+)?(--num_gpus )(\S+)"}
    assert apply(text, "lines", [dict(op, value=8)]) == "deepspeed --num_gpus 8 train.py\n"
    assert apply(text, "lines", [dict(op, value=r"\1")]) == "deepspeed --num_gpus \\1 train.py\n"
