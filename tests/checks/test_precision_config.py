"""RD-PREC-010..014 (checks/precision_config.py): the precision a training config asks for
against the GPU that runs it, with fixes naming every file that must change."""
import json
import os
import re

import pytest

from rocmdoctor.engine.model import Status

KFD = "/sys/class/kfd/kfd/topology/nodes"
DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")


def _read(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


@pytest.mark.parametrize("example, args, bad", [
    ("mi50x2-xeon", "--quantization_bit 8", True),    # no gfx906 kernels in bitsandbytes' ROCm build
    ("mi300x8", "--quantization_bit 4", False),       # gfx942 is a target
    ("mi50x2-xeon", "--quantization_bit 4 --quantization_method gptq", False),  # not bitsandbytes
    ("mi50x2-xeon", "--lora_r 8", False),
])
def test_bitsandbytes_quantization_only_on_gpus_its_rocm_build_covers(example, args, bad, lint):
    path = lint.write("run.sh", f"python train.py --model_name_or_path m {args} --fp16\n")
    fs = lint.flagged(lint([path], "RD-PREC-014", example))
    assert bool(fs) == bad
    if bad:
        assert "gfx906" in fs[0].title and fs[0].evidence[0].source == f"{path}:1"


def test_bf16_fix_names_the_yaml_and_the_deepspeed_json(lint):
    yaml_path, ds_path = lint.seeds("qwen_lora_sft_ds2.yaml", "ds_z2_config.json")
    f = lint([yaml_path], "RD-PREC-010")[0]  # only the YAML named
    assert f.status == Status.FAIL
    assert set(f.fix.params["files"]) == {yaml_path, ds_path}
    # Qwen2.5 overflows in fp16, so the advisor picks fp32 on gfx906; both files must say it
    assert f.fix.params["dtype"] == "fp32"
    assert f.fix.params["changes"][yaml_path] == "bf16: false, fp16: false"
    assert f.fix.params["changes"][ds_path] == '"bf16": {"enabled": false}, "fp16": {"enabled": false}'
    assert {a.path for a in f.fix.actions} == {yaml_path, ds_path}


def test_auto_deepspeed_needs_no_edit(lint):
    sh, ds = lint.seeds("fine_tune_train.sh", "ds_config.json")  # --bf16 True, DS bf16 "auto"
    f = lint([sh], "RD-PREC-010")[0]
    assert f.status == Status.FAIL and f.fix.params["files"] == [sh]
    assert f.fix.params["change"] == "--bf16 False --fp16 True"
    assert f.evidence[0].source == sh + ":31"


DS_BF16 = '{\n  "train_micro_batch_size_per_gpu": "auto",\n  "bf16": {\n    "enabled": true\n  }\n}\n'


def llamafactory(lint, **changes):
    """The real LLaMA-Factory example with some keys changed (None removes the line)."""
    text = _read("llamafactory_llama3_lora_sft_ds3.yaml").replace(
        "deepspeed: examples/deepspeed/ds_z3_config.json", "deepspeed: ds_missing.json")
    for key, value in changes.items():
        if re.search(rf"(?m)^{key}:", text):
            text = re.sub(rf"(?m)^{key}:.*\n", "" if value is None else f"{key}: {value}\n", text)
        elif value is not None:
            text += f"{key}: {value}\n"
    return lint.write("train.yaml", text)


def test_deepspeed_bf16_fails_on_gfx906_with_evidence_and_change(lint, gpu_host):
    cfg = lint.write("ds.json", DS_BF16)
    f = lint([cfg], "RD-PREC-010", snapshot=gpu_host())[0]
    assert f.status == Status.FAIL
    assert "DeepSpeed config asks for bf16" in f.title and "gfx906" in f.title
    assert f.evidence[0].source == cfg + ":3" and '"enabled": true' in f.evidence[0].text  # file:line
    assert any("90006" in e.text for e in f.evidence)
    assert f.fix.params["dtype"] == "fp16"
    assert '"fp16": {"enabled": true, "loss_scale": 0' in f.fix.params["change"]


def test_deepspeed_bf16_fails_on_mi50_example(lint):
    cfg = lint.write("ds.json", DS_BF16)
    f = lint([cfg], "RD-PREC-010", "mi50x2-xeon")[0]
    assert f.status == Status.FAIL and f.fix.params["dtype"] == "fp16"
    assert any(e.source.startswith(KFD) for e in f.evidence)


def test_deepspeed_bf16_passes_on_gfx942(lint, gpu_host):
    cfg = lint.write("ds.json", DS_BF16)
    assert lint.statuses(lint([cfg], "RD-PREC-010", snapshot=gpu_host(gfx=("gfx942",)))) == ["pass"]


def test_auto_deepspeed_defers_to_llamafactory_bf16(lint, gpu_host):
    # The real LLaMA-Factory pair: DS says "auto", the YAML says bf16: true -> bf16 it is.
    lint.write("ds_z2.json", _read("deepspeed_ds_z2_config_llamafactory.json"))
    cfg = llamafactory(lint, deepspeed="ds_z2.json")
    f = lint([cfg], "RD-PREC-010", snapshot=gpu_host())[0]
    assert f.status == Status.FAIL and f.fix.params["change"] == "bf16: false, fp16: true"


def test_llamafactory_without_dtype_warns_on_gfx906(lint, gpu_host):
    cfg = llamafactory(lint, bf16=None)
    assert lint.statuses(lint([cfg], "RD-PREC-010", snapshot=gpu_host())) == ["warn"]


def test_fa2_on_gfx1100_fails_and_suggests_sdpa(lint, gpu_host):
    cfg = llamafactory(lint, flash_attn="fa2")
    f = lint([cfg], "RD-PREC-011", snapshot=gpu_host(gfx=("gfx1100",)))[0]
    assert f.status == Status.FAIL and "gfx1100" in f.title
    assert f.fix.params["change"] == "flash_attn: sdpa"


def test_hf_flash_attention_2_on_gfx906_fails(lint, gpu_host):
    cfg = lint.write("args.json", json.dumps({"output_dir": "out", "fp16": True,
                                              "attn_implementation": "flash_attention_2"}))
    f = lint([cfg], "RD-PREC-011", snapshot=gpu_host())[0]
    assert f.status == Status.FAIL and '"attn_implementation": "sdpa"' in f.fix.params["change"]


# axolotl's `flash_attention: true` is FlashAttention-2 too (spent fresh ty-omid511-qwen3-axolotl-qlora, on an MI50)
@pytest.mark.parametrize("value, gfx, status", [("true", "gfx906", "fail"), ("false", "gfx906", "pass"),
                                                ("true", "gfx942", "pass")])
def test_axolotl_flash_attention(lint, gpu_host, value, gfx, status):
    cfg = lint.write("qlora.yml", f"base_model: Qwen/Qwen3-1.7B\nadapter: qlora\nload_in_4bit: true\n"
                     f"sequence_len: 2048\nflash_attention: {value}\nfp16: true\n")
    [f] = lint([cfg], "RD-PREC-011", snapshot=gpu_host(gfx=(gfx,)))
    assert f.status.value == status
    if status == "fail":
        assert f.fix.params["change"] == "flash_attention: false"
        assert f.fix.params["edits"][0]["ops"] == [{"op": "set", "key": "flash_attention", "value": False}]


def test_fa2_on_gfx942_passes(lint, gpu_host):
    cfg = llamafactory(lint, flash_attn="fa2")
    assert lint.statuses(lint([cfg], "RD-PREC-011", snapshot=gpu_host(gfx=("gfx942",)))) == ["pass"]


def test_fp16_qwen_warns(lint, gpu_host):
    cfg = llamafactory(lint, bf16="false", fp16="true", model_name_or_path="Qwen/Qwen2.5-7B-Instruct")
    fs = lint([cfg], "RD-PREC-012", snapshot=gpu_host())
    assert lint.statuses(fs) == ["warn"] and "Qwen2.5" in fs[0].title
    assert "fp16: false" in fs[0].fix.actions[0].description


def test_fp16_without_loss_scaling_fails(lint, gpu_host):
    cfg = lint.write("ds.json", '{"train_batch_size": 8, "fp16": {"enabled": true, "loss_scale": 1}}')
    fs = lint([cfg], "RD-PREC-012", snapshot=gpu_host())
    assert lint.statuses(fs) == ["fail"] and "no scaling" in fs[0].title


def test_fp16_dynamic_llama_passes(lint, gpu_host):
    cfg = lint.write("ds.json", '{"train_batch_size": 8, "fp16": {"enabled": true, "loss_scale": 0}}')
    assert lint.statuses(lint([cfg], "RD-PREC-012", snapshot=gpu_host())) == ["pass"]


def test_tf32_in_config_noop_on_gfx906(lint, gpu_host):
    cfg = llamafactory(lint, tf32="true")
    # no torch probed: judged on the GPUs alone (XF32 on MI300 only)
    assert lint.statuses(lint([cfg], "RD-PREC-013", snapshot=gpu_host(torch=None))) == ["warn"]
    assert lint.statuses(lint([cfg], "RD-PREC-013", snapshot=gpu_host(gfx=("gfx942",), torch=None, name="b"))) == ["pass"]


def test_tf32_true_stops_transformers_on_a_rocm_torch_even_on_mi300(lint, gpu_host):
    # transformers' is_torch_tf32_available() returns False where torch.version.cuda is None and
    # TrainingArguments raises "--tf32 requires Ampere or a newer GPU arch, cuda>=11 and torch>=1.7"
    # (https://github.com/gensyn-ai/rl-swarm/issues/199 shows the message); ZihanWangKi/llm finetune_lora.sh
    # passes `--tf32 True` to a FastChat trainer
    cfg = llamafactory(lint, tf32="true")
    fs = lint([cfg], "RD-PREC-013", snapshot=gpu_host(gfx=("gfx942",), name="c"))
    assert lint.statuses(fs) == ["fail"] and "ROCm torch" in fs[0].title
    off = llamafactory(lint, tf32="false")  # look-alike: tf32 written but off
    assert lint.statuses(lint([off], "RD-PREC-013", snapshot=gpu_host(gfx=("gfx942",), name="d"))) == ["pass"]


def test_config_checks_do_not_run_without_config(lint, gpu_host):
    # They lint a user input: without --config they are left out, not listed as skips.
    snap = gpu_host()
    for code in ("RD-PREC-010", "RD-PREC-011", "RD-PREC-012", "RD-PREC-013"):
        assert lint([], code, snapshot=snap) == []
    assert lint([lint.write("ds.json", '{"bf16": {"enabled": true}}')], "RD-PREC-010", snapshot=snap)


@pytest.mark.parametrize("text,why", [("{not json", "invalid JSON"), ("[1, 2]", "not a mapping"),
                                      ('{"foo": 1}', "not recognised")])
def test_bad_config_skips_with_reason(text, why, lint, gpu_host):
    cfg = lint.write("bad.json", text)
    f = lint([cfg], "RD-PREC-010", snapshot=gpu_host())[0]
    assert f.status == Status.SKIP and why in f.detail


def test_missing_config_file_skips(tmp_path, lint, gpu_host):
    f = lint([str(tmp_path / "nope.json")], "RD-PREC-011", snapshot=gpu_host())[0]
    assert f.status == Status.SKIP and "cannot read" in f.detail
