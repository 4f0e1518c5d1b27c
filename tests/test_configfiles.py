"""configfiles: loading, kind detection, the YAML subset reader, and what a config asks for."""
import json
import os

import pytest

from rocmdoctor.artifacts import configfiles as cf

DATA = os.path.join(os.path.dirname(__file__), "data")


def _read(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def test_yaml_is_read_by_pyyaml_with_its_answers(tmp_path):
    # The hand-written YAML reader answered differently from PyYAML (numbers such as 1e-5)
    # and refused nested LLaMA-Factory files. PyYAML is now the one reader.
    p = tmp_path / "t.yaml"
    p.write_text("stage: sft\nlearning_rate: 1.0e-5\nextra:\n  nested:\n    deep: [1, {a: 2}]\n")
    cfg = cf.load(str(p))
    assert cfg.data["learning_rate"] == 1.0e-5 and cfg.data["extra"] == {"nested": {"deep": [1, {"a": 2}]}}
    assert not hasattr(cf, "_mini_yaml")


def test_pyyaml_is_a_declared_dependency():
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        import tomli as tomllib
    with open(os.path.join(os.path.dirname(__file__), "..", "pyproject.toml"), "rb") as fh:
        deps = " ".join(tomllib.load(fh)["project"]["dependencies"]).lower()
    assert "pyyaml" in deps and "dockerfile" in deps and "ruamel.yaml" in deps


@pytest.mark.parametrize("data,kind", [
    (json.loads(_read("deepspeed_ds_z2_config_llamafactory.json")), cf.DEEPSPEED),
    ({"bf16": {"enabled": True}}, cf.DEEPSPEED),
    ({"output_dir": "o", "bf16": True}, cf.HF),
    ({"stage": "sft", "bf16": True}, cf.LLAMAFACTORY),
    ({"foo": 1}, None),
])
def test_detect(data, kind):
    assert cf.detect(data) == kind


def test_llamafactory_follows_its_deepspeed_file(tmp_path):
    (tmp_path / "ds.json").write_text(_read("deepspeed_ds_z2_config_llamafactory.json"))
    text = _read("llamafactory_llama3_lora_sft_ds3.yaml").replace("examples/deepspeed/ds_z3_config.json", "ds.json")
    (tmp_path / "t.yaml").write_text(text)
    cfg = cf.load(str(tmp_path / "t.yaml"))
    assert cfg.deepspeed is not None and cfg.deepspeed.kind == cf.DEEPSPEED
    assert cf.requested_dtype(cfg.deepspeed).value == "auto"
    s = cf.effective_dtype(cfg)
    assert (s.value, s.key, s.config is cfg) == ("bf16", "bf16", True)
    assert s.evidence_text == "bf16: true"
    assert cf.fp16_loss_scale(cfg).value == 0


def test_deepspeed_dtype_and_snippet(tmp_path):
    p = tmp_path / "ds.json"
    p.write_text('{\n  "bf16": {\n    "enabled": false\n  },\n  "fp16": {"enabled": true, "loss_scale": 128}\n}')
    cfg = cf.load(str(p))
    assert cf.requested_dtype(cfg).value == "fp16"
    assert cf.fp16_loss_scale(cfg).value == 128
    assert cfg.snippet("bf16") == '"bf16": { "enabled": false }'
    assert cf.requested_dtype(cf.TrainingConfig("x", cf.DEEPSPEED, {"bf16": {"enabled": False}}, "")).value == "fp32"


def test_attention_settings():
    lf = cf.TrainingConfig("x", cf.LLAMAFACTORY, {"flash_attn": "disabled"}, "")
    assert cf.requested_attention(lf).value == "eager"
    old = cf.TrainingConfig("x", cf.LLAMAFACTORY, {"flash_attn": True}, "")
    assert cf.requested_attention(old).value == "fa2"
    hf = cf.TrainingConfig("x", cf.HF, {"attn_implementation": "flash_attention_2"}, "")
    s = cf.requested_attention(hf)
    assert s.value == "fa2" and cf.attention_change(hf, s, "sdpa") == '"attn_implementation": "sdpa"'


def test_dtype_change_per_kind():
    ds = cf.TrainingConfig("x", cf.DEEPSPEED, {}, "")
    assert json.loads("{" + cf.dtype_change(ds, "fp16") + "}")["fp16"]["loss_scale"] == 0
    assert cf.dtype_change(cf.TrainingConfig("x", cf.HF, {}, ""), "fp32") == '"bf16": false, "fp16": false'
    lf = cf.TrainingConfig("x", cf.LLAMAFACTORY, {"pure_bf16": True}, "")
    assert cf.dtype_change(lf, "fp16") == "bf16: false, fp16: true; remove pure_bf16"


def test_load_errors(tmp_path):
    with pytest.raises(cf.ConfigError, match="cannot read"):
        cf.load(str(tmp_path / "missing.json"))
    (tmp_path / "bad.yaml").write_text("stage: [unclosed\n")
    with pytest.raises(cf.ConfigError):
        cf.load(str(tmp_path / "bad.yaml"))


@pytest.mark.parametrize("text,ok", [
    ("stage: [unclosed\n", False),
    ("stage: 'sft\n", False),
    ("stage: sft\nlora_target: [q_proj, v_proj]\nflash_attn: fa2\n", True),
])
def test_yaml_reader_rejects_what_yaml_rejects(tmp_path, text, ok):
    (tmp_path / "c.yaml").write_text(text)
    if ok:
        assert cf.load(str(tmp_path / "c.yaml")).data["lora_target"] == ["q_proj", "v_proj"]
    else:
        with pytest.raises(cf.ConfigError, match="invalid YAML"):
            cf.load(str(tmp_path / "c.yaml"))


# ---------------------------------------------------------------- values of unexpected type, size or shape
# These once crashed a check ("the check crashed: AttributeError") or the CLI (a traceback).

def test_regression_yaml_zero_optimization_slash_is_a_finding_naming_the_setting(tmp_path):
    import rocmdoctor
    from rocmdoctor.engine.model import Status

    path = tmp_path / "ds.yaml"
    path.write_text("train_batch_size: 8\nzero_optimization: /\n")
    [f] = rocmdoctor.scan(example="mi50x2-xeon", select=["RD-DS-006"], options={"config": str(path)}).findings
    assert f.status is Status.FAIL and "zero_optimization is '/' (str)" in f.title
    assert "crashed" not in f.title + f.detail


def test_regression_5000_digit_train_batch_size_is_a_one_line_config_error(tmp_path):
    path = tmp_path / "ds.json"
    path.write_text('{"train_batch_size": ' + "9" * 5000 + "}")
    with pytest.raises(cf.ConfigError, match=r"train_batch_size is a 5000-digit number"):
        cf.load(str(path))


def test_regression_5000_digit_number_exits_2_from_the_cli(tmp_path, capsys):
    from rocmdoctor.cli import main

    path = tmp_path / "ds.json"
    path.write_text('{"zero_optimization": {"stage": 2, "reduce_bucket_size": -' + "1" * 5000 + "}}")
    assert main(["scan", "--example", "no-gpu", "--config", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "zero_optimization.reduce_bucket_size is a 5000-digit number" in err


@pytest.mark.parametrize("text,match", [
    ("a: &a ['x', 'x']\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
     "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
     "f: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\ntrain_batch_size: 1\n", "YAML aliases expand too far"),
    ("train_batch_size: &x [1, *x]\n", "contains itself"),
    ("train_batch_size: 0x" + "f" * 25 + "\n", "train_batch_size is a 100-bit number"),
    ("train_batch_size: 0x" + "f" * 5000 + "\n", "train_batch_size is a 5002-digit number"),
    ("train_batch_size: " + "9" * 5000 + "\n", "train_batch_size is a 5000-digit number"),
])
def test_regression_yaml_bombs_and_huge_numbers_are_refused(text, match):
    pytest.importorskip("yaml")
    with pytest.raises(cf.ConfigError, match=match):
        cf.parse(text, "ds.yaml")


def test_odd_yaml_types_become_plain_json_values():
    pytest.importorskip("yaml")
    data = cf.parse("1: a\nnull: b\nwhen: 2024-01-02\nblob: !!binary aGk=\ns: !!set {x, y}\nf: .nan\n", "t.yaml")
    assert data["1"] == "a" and data["None"] == "b" and data["when"] == "2024-01-02" and data["blob"] == "hi"
    assert data["s"] == ["x", "y"] and data["f"] != data["f"]
    json.dumps(data)  # every value printable as evidence


@pytest.mark.parametrize("zero,title", [
    ({"stage": "two"}, "zero_optimization.stage is 'two' (str)"),
    ({"stage": True}, "zero_optimization.stage is True (bool)"),
    ({"stage": 7}, "zero_optimization.stage is 7 (int)"),
    ({"stage": 3, "offload_param": "cpu"}, "zero_optimization.offload_param is 'cpu' (str)"),
    ([2], "zero_optimization is [2] (list)"),
])
def test_zero_settings_of_the_wrong_type_fail_naming_the_setting(zero, title):
    from rocmdoctor.artifacts.configlint import Hardware, zero_vs_hardware
    from rocmdoctor.engine.model import Status

    [f] = zero_vs_hardware({"zero_optimization": zero}, Hardware(gfx=("gfx942",)), None, "ds.json")
    assert f.status is Status.FAIL and title in f.title


@pytest.mark.parametrize("zero,stage", [(True, 1), (False, 0)])
def test_the_legacy_boolean_zero_optimization_is_read_as_deepspeed_reads_it(zero, stage):
    # deepspeed/runtime/zero/config.py read_zero_config_deprecated: true is stage 1, false stage 0 (a warning, no error)
    from rocmdoctor.artifacts.configlint import Hardware, zero_vs_hardware
    from rocmdoctor.engine.model import Status

    fs = zero_vs_hardware({"zero_optimization": zero}, Hardware(gfx=("gfx942",) * 8), None, "ds.json")
    assert fs and all(f.status is not Status.FAIL for f in fs), [f.title for f in fs]
    assert any(f"zero_optimization.stage={stage} " in e.text for f in fs for e in f.evidence), \
        [(f.title, [e.text for e in f.evidence]) for f in fs]


def test_snippet_on_a_megabyte_of_blank_lines_is_fast():
    import time
    t = time.monotonic()
    assert cf.snippet("\n \n" * 300_000, "bf16") is None
    assert time.monotonic() - t < 1
