"""`recommend --model DIR` judges the model its config.json describes, not
the folder's name (tests/data/hf_qwen2.5-0.5b/config.json is Qwen2.5-0.5B's, model_type qwen2)."""
import json

import pytest

from rocmdoctor.api import recommend_for
from rocmdoctor.facts.advice import Model, read_model
from rocmdoctor.cli import main

QWEN = "tests/data/hf_qwen2.5-0.5b"


def _copy(tmp_path, name, model_type=None):
    d = tmp_path / name
    d.mkdir()
    cfg = json.loads(open(f"{QWEN}/config.json").read())
    if model_type:
        cfg["model_type"] = model_type
        cfg["architectures"] = ["LlamaForCausalLM"]
    (d / "config.json").write_text(json.dumps(cfg))
    return str(d)


def test_a_qwen2_checkpoint_in_a_neutral_folder_gets_fp32_on_gfx906(tmp_path):
    # On the MI50s fp16 is the fast dtype, and Qwen2 overflows in it: the config decides.
    rec = recommend_for(example="mi50x2-xeon", model=_copy(tmp_path, "my-finetune"))
    assert rec.dtype == "fp32"
    why = next(r for r in rec.reasons if "qwen2" in r.text)
    assert "model_type qwen2" in why.text and why.evidence[0].source.endswith("config.json")


def test_a_folder_named_qwen_holding_another_model_is_not_treated_as_qwen(tmp_path):
    rec = recommend_for(example="mi50x2-xeon", model=_copy(tmp_path, "qwen2.5-7b-ft", model_type="llama"))
    assert rec.dtype == "fp16"


def test_a_hub_name_still_decides_by_its_name_and_the_cli_agrees(tmp_path, capsys):
    assert recommend_for(example="mi50x2-xeon", model="Qwen/Qwen2.5-7B").dtype == "fp32"
    assert main(["recommend", "--example", "mi50x2-xeon", "--model", _copy(tmp_path, "run1"), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["dtype"] == "fp32"


@pytest.mark.parametrize("text", ["not json", "[]", '{"model_type": 3}'])
def test_an_unreadable_config_falls_back_to_the_name(tmp_path, text):
    d = tmp_path / "Qwen2.5-1.5B"
    d.mkdir()
    (d / "config.json").write_text(text)
    assert read_model(str(d)) == Model(str(d))
    assert read_model(str(d)).family() == "qwen2"
