"""What a training setup asks for and the edits that change it (rocmdoctor.artifacts.trainargs),
read from real-shaped files: the DeepSpeed JSON's micro-batch and offload reach the memory
estimate with the file named, a DeepSpeed-only run is edited in its JSON, and an edit plan never
crashes on a setup whose DeepSpeed JSON is missing."""
from __future__ import annotations

import json

from rocmdoctor.artifacts import trainargs as ta
from rocmdoctor.artifacts.readers import read_all
from rocmdoctor.artifacts.settings import Origin, Setup, Value

# The shape of HF's ZeRO-3 offload example (transformers docs, "DeepSpeed" > ZeRO-3 config),
# with explicit values where the example says "auto".
DS = {"bf16": {"enabled": True}, "fp16": {"enabled": False, "hysteresis": 4, "consecutive_hysteresis": True},
      "train_micro_batch_size_per_gpu": 4,
      "zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu"},
                            "offload_param": {"device": "cpu", "pin_memory": True}}}


def _setup(tmp_path, args: dict | None):
    ds = tmp_path / "ds_z3.json"
    ds.write_text(json.dumps(DS, indent=2))
    paths = [str(ds)]
    if args is not None:
        hf = tmp_path / "train_args.json"
        hf.write_text(json.dumps(dict(args, deepspeed=str(ds)), indent=2))
        paths.insert(0, str(hf))
    setups = [s for s in read_all(paths).setups if s.deepspeed is not None]
    assert len(setups) == 1
    return setups[0], str(ds)


def test_memory_settings_take_batch_and_offload_from_the_deepspeed_json_and_name_it(tmp_path):
    s, ds = _setup(tmp_path, {"bf16": True, "model_name_or_path": "Qwen/Qwen2.5-7B"})
    st, why = ta.memory_settings(s, 8, "flash")
    assert (st.batch, st.zero, st.offload, st.offload_param, st.dtype) == (4, 3, True, True, "bf16")
    assert why["per_device_train_batch_size"] == f"{ds}: train_micro_batch_size_per_gpu=4"
    assert why["offload_param"] == f"{ds}: offload_param cpu"


def test_the_legacy_boolean_zero_optimization_is_stage_1_in_the_memory_settings_too(tmp_path):
    ds = tmp_path / "ds.json"
    ds.write_text(json.dumps({"train_batch_size": 8, "fp16": {"enabled": True}, "zero_optimization": True}))
    [s] = [s for s in read_all([str(ds)]).setups if s.deepspeed is not None]
    assert ta.memory_settings(s, 4, "flash")[0].zero == 1


def test_argument_batch_wins_over_the_json_and_gradient_checkpointing_can_be_disabled(tmp_path):
    s, _ = _setup(tmp_path, {"bf16": True, "per_device_train_batch_size": 2, "stage": "sft",
                             "disable_gradient_checkpointing": True})
    st, why = ta.memory_settings(s, 1, "flash")
    assert st.batch == 2 and "train_micro_batch_size_per_gpu" not in why["per_device_train_batch_size"]
    assert st.grad_ckpt is False  # LLaMA-Factory checkpoints unless told not to


def test_a_deepspeed_only_run_is_changed_in_its_json_keeping_its_own_fp16_keys(tmp_path):
    s, ds = _setup(tmp_path, None)
    assert ta.dtype_changes(s, "fp16") == {ds: ta.dtype_edit("deepspeed", "fp16")}
    [edit] = ta.dtype_edits(s, "fp16")
    assert edit["path"] == ds and edit["syntax"] == "deepspeed"
    ops = {o["key"]: o["value"] for o in edit["ops"]}
    assert ops["bf16"] == {"enabled": False}
    # dynamic scaling replaces the scaler settings; a key it does not set stays as the file had it
    assert ops["fp16"] == dict(ta.DS_FP16_DYNAMIC, consecutive_hysteresis=True)


def test_dtype_edits_without_the_deepspeed_json_plan_plain_json_keys_instead_of_crashing():
    # A path the setup calls DeepSpeed-syntax with no DeepSpeed artifact loaded (the old code
    # read setup.deepspeed.data and raised AttributeError): the edit still names the keys to set.
    v = Value("train", "bf16", True, Origin("x.json", 2))
    s = Setup("x.json", [v], None, syntax={"x.json": "deepspeed"})
    [edit] = ta.dtype_edits(s, "fp32")
    assert edit["path"] == "x.json"
    assert {o["key"]: o["value"] for o in edit["ops"]} == {"bf16": {"enabled": False},
                                                           "fp16": {"enabled": False}}


def test_mismatches_name_the_setting_that_disagrees(tmp_path):
    s, ds = _setup(tmp_path, {"fp16": True, "per_device_train_batch_size": 2})
    got = {why for _, _, why in ta.mismatches(s)}
    assert got == {"ds bf16.enabled=True vs hf bf16=False (not set: False)",
                   "ds fp16.enabled=False vs hf fp16=True",
                   "ds train_micro_batch_size_per_gpu=4 vs hf per_device_train_batch_size=2"}
