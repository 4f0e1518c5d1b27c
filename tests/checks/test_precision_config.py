"""RD-PREC-010..014 (checks/precision_config.py): the precision a training config asks for
against the GPU that runs it, with fixes naming every file that must change."""
import pytest

from rocmdoctor.engine.model import Status


@pytest.mark.parametrize("example, args, bad", [
    ("mi50x2-xeon", "--quantization_bit 8", True),    # no gfx906 kernels in bitsandbytes' ROCm build
    ("mi300x8", "--quantization_bit 4", False),       # gfx942 is a target
    ("mi50x2-xeon", "--quantization_bit 4 --quantization_method gptq", False),  # not bitsandbytes
    ("mi50x2-xeon", "--lora_r 8", False),
])
def test_bitsandbytes_quantization_only_on_gpus_its_rocm_build_covers(tmp_path, example, args, bad, lint):
    path = lint.write("run.sh", f"python train.py --model_name_or_path m {args} --fp16\n")
    fs = lint.flagged(lint([path], "RD-PREC-014", example))
    assert bool(fs) == bad
    if bad:
        assert "gfx906" in fs[0].title and fs[0].evidence[0].source == f"{path}:1"


def test_bf16_fix_names_the_yaml_and_the_deepspeed_json(tmp_path, lint):
    yaml_path, ds_path = lint.seeds("qwen_lora_sft_ds2.yaml", "ds_z2_config.json")
    f = lint([yaml_path], "RD-PREC-010")[0]  # only the YAML named
    assert f.status == Status.FAIL
    assert set(f.fix.params["files"]) == {yaml_path, ds_path}
    # Qwen2.5 overflows in fp16, so the advisor picks fp32 on gfx906; both files must say it
    assert f.fix.params["dtype"] == "fp32"
    assert f.fix.params["changes"][yaml_path] == "bf16: false, fp16: false"
    assert f.fix.params["changes"][ds_path] == '"bf16": {"enabled": false}, "fp16": {"enabled": false}'
    assert {a.path for a in f.fix.actions} == {yaml_path, ds_path}


def test_auto_deepspeed_needs_no_edit(tmp_path, lint):
    sh, ds = lint.seeds("fine_tune_train.sh", "ds_config.json")  # --bf16 True, DS bf16 "auto"
    f = lint([sh], "RD-PREC-010")[0]
    assert f.status == Status.FAIL and f.fix.params["files"] == [sh]
    assert f.fix.params["change"] == "--bf16 False --fp16 True"
    assert f.evidence[0].source == sh + ":31"
