"""RD-PREC-*: per-GPU precision/kernel findings, wrong-platform wheels, and the training-config
rules, on snapshots built from real KFD properties (tests/data) and real version strings."""
import json
import os
import re

import pytest

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

KFD = "/sys/class/kfd/kfd/topology/nodes"
DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data")
GFX = {"gfx906": "kfd_properties_gfx906_RadeonVII_node1.txt",
       "gfx942": "kfd_properties_gfx942_MI300X_gpuq_node2.txt",
       "gfx1100": "kfd_properties_gfx1100_RX7900XTX_tinygrad.txt"}


def _read(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def rocm62_torch():
    """torch and HIP versions from a real collect_env (8x MI300X, ROCm 6.2)."""
    text = _read("torch_collect_env_8xMI300X_rocm6.2_vllm.txt")
    return {"version": re.search(r"\[pip3\] torch==(\S+)", text).group(1),
            "hip": re.search(r"ROCM used to build PyTorch: (\S+)", text).group(1), "cuda": None}


def machine(tmp_path, gfx=("gfx906", "gfx906"), torch="rocm", dists=None, env=None, name="snap"):
    files = {f"{KFD}/0/properties": _read("kfd_properties_cpu_node0_24cores_rocprofsdk.txt")}
    for i, g in enumerate(gfx, 1):
        files[f"{KFD}/{i}/properties"] = _read(GFX[g])
    if torch == "rocm":
        torch = dict(rocm62_torch(), bf16_supported_api=True,
                     devices=[{"index": i, "name": "AMD Radeon Graphics", "gcn_arch_name": g}
                              for i, g in enumerate(gfx)])
    probes = {"python": {"python": {"executable": "/usr/bin/python3"}, "distributions": dists or {},
                         "torch": torch},
              "env": env or {}}
    return build_snapshot(tmp_path / name, files=files if gfx else {}, probes=probes)


def scan(snap, code, config=None):
    r = rocmdoctor.scan(snapshot=snap, select=[code], options={"config": config} if config else None)
    return r.by_code(code)


def statuses(findings):
    return [f.status for f in findings]


# ---------------------------------------------------------------- RD-PREC-001 bf16

def test_bf16_emulated_on_gfx906_warns_despite_api(tmp_path):
    fs = scan(machine(tmp_path), "RD-PREC-001")
    assert statuses(fs) == [Status.WARN]  # two MI50s, one finding for the gfx
    f = fs[0]
    assert "gfx906" in f.title and "fp16" in f.title
    assert f.subject == "GPUs 0, 1"
    texts = [e.text for e in f.evidence]
    assert "gfx_target_version 90006" in texts
    assert "torch.cuda.is_bf16_supported() -> True" in texts


def test_bf16_native_on_gfx942(tmp_path):
    fs = scan(machine(tmp_path, gfx=("gfx942",)), "RD-PREC-001")
    assert statuses(fs) == [Status.PASS] and "gfx942" in fs[0].title


def test_bf16_table_not_applicable_on_nvidia(tmp_path):
    torch = {"version": "2.3.0+cu121", "cuda": "12.1", "hip": None,
             "devices": [{"index": 0, "name": "NVIDIA H100", "major": 9, "minor": 0}]}
    fs = scan(machine(tmp_path, gfx=(), torch=torch), "RD-PREC-001")
    assert statuses(fs) == [Status.SKIP] and "NVIDIA" in fs[0].title


def test_bf16_no_gpu_skips(tmp_path):
    fs = scan(machine(tmp_path, gfx=(), torch=None), "RD-PREC-001")
    assert statuses(fs) == [Status.SKIP]


# ---------------------------------------------------------------- RD-PREC-002 hipBLASLt

def test_hipblaslt_supported_on_gfx942(tmp_path):
    fs = scan(machine(tmp_path, gfx=("gfx942",)), "RD-PREC-002")
    assert statuses(fs) == [Status.PASS] and "supported" in fs[0].title


def test_hipblaslt_fallback_on_gfx906_is_expected(tmp_path):
    fs = scan(machine(tmp_path), "RD-PREC-002")
    assert statuses(fs) == [Status.PASS] and "hipBLAS instead" in fs[0].title


def test_hipblaslt_forced_on_gfx906_warns(tmp_path):
    fs = scan(machine(tmp_path, env={"TORCH_BLAS_PREFER_HIPBLASLT": "1"}), "RD-PREC-002")
    assert statuses(fs) == [Status.WARN]
    assert fs[0].fix.actions[0].env == {"TORCH_BLAS_PREFER_HIPBLASLT": None}


# ---------------------------------------------------------------- RD-PREC-003 TF32

def test_tf32_flag_is_noop_on_gfx906(tmp_path):
    fs = scan(machine(tmp_path, env={"HIPBLASLT_ALLOW_TF32": "1"}), "RD-PREC-003")
    assert statuses(fs) == [Status.WARN] and "no effect on gfx906" in fs[0].title


def test_tf32_flag_ok_on_mi300(tmp_path):
    fs = scan(machine(tmp_path, gfx=("gfx942",), env={"HIPBLASLT_ALLOW_TF32": "1"}), "RD-PREC-003")
    assert statuses(fs) == [Status.PASS]


# ---------------------------------------------------------------- RD-PREC-004 attention kernels

def test_aotriton_experimental_on_gfx1100_warns_without_env(tmp_path):
    fs = scan(machine(tmp_path, gfx=("gfx1100",)), "RD-PREC-004")
    assert statuses(fs) == [Status.WARN] and "math kernel" in fs[0].title
    assert fs[0].fix.actions[0].env == {"TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1"}


def test_aotriton_experimental_enabled_passes(tmp_path):
    snap = machine(tmp_path, gfx=("gfx1100",), env={"TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1"})
    assert statuses(scan(snap, "RD-PREC-004")) == [Status.PASS]


def test_flash_attn_installed_on_gfx906_warns(tmp_path):
    dists = {"flash-attn": {"name": "flash_attn", "version": "2.6.3", "requires": ["torch", "einops"]}}
    fs = scan(machine(tmp_path, dists=dists), "RD-PREC-004")
    assert statuses(fs) == [Status.WARN] and "flash-attn" in fs[0].title


def test_ck_flash_on_gfx942_passes(tmp_path):
    fs = scan(machine(tmp_path, gfx=("gfx942",)), "RD-PREC-004")
    assert statuses(fs) == [Status.PASS] and "CK flash" in fs[0].title


# ---------------------------------------------------------------- RD-PREC-005 wrong-platform wheels

# xformers 0.0.26.post1 from PyPI pins torch==2.3.0 and is a CUDA build (invoke-ai/InvokeAI#6590 pip list);
# flash-attn GitHub release wheels carry local tags such as +cu123torch2.4cxx11abiFALSE.
XF_PYPI = {"name": "xformers", "version": "0.0.26.post1", "requires": ["numpy", "torch==2.3.0"]}
FA_CUDA = {"name": "flash_attn", "version": "2.6.3+cu123torch2.4cxx11abiFALSE", "requires": ["torch", "einops"]}


def test_cuda_wheels_on_rocm_torch_fail(tmp_path):
    fs = scan(machine(tmp_path, dists={"xformers": XF_PYPI, "flash-attn": FA_CUDA}), "RD-PREC-005")
    assert statuses(fs) == [Status.FAIL, Status.FAIL]
    by = {f.subject: f for f in fs}
    assert "requires torch==2.3.0" in by["xformers"].detail
    assert "download.pytorch.org/whl/rocm6.2" in by["xformers"].fix.actions[0].description
    # xformers pins torch==X: without --no-deps the reinstall would replace the user's torch.
    assert all("--no-deps" in a.description for f in fs for a in f.fix.actions if "pip install" in a.description)
    assert "CUDA 12.3" in by["flash_attn"].detail


def test_rocm_version_mismatch_fails(tmp_path):
    xf = {"name": "xformers", "version": "0.0.28+rocm6.1", "requires": ["torch==2.6.0"]}
    fs = scan(machine(tmp_path, dists={"xformers": xf}), "RD-PREC-005")
    assert statuses(fs) == [Status.FAIL] and "ROCm 6.1" in fs[0].detail and "6.2" in fs[0].detail


def test_old_bitsandbytes_on_rocm_warns(tmp_path):
    bnb = {"name": "bitsandbytes", "version": "0.43.1", "requires": ["torch"]}
    fs = scan(machine(tmp_path, dists={"bitsandbytes": bnb}), "RD-PREC-005")
    assert statuses(fs) == [Status.WARN]


def test_matching_rocm_wheels_pass(tmp_path):
    xf = {"name": "xformers", "version": "0.0.28+rocm6.2", "requires": ["torch==2.6.0"]}
    bnb = {"name": "bitsandbytes", "version": "0.49.0", "requires": ["torch"]}
    fs = scan(machine(tmp_path, dists={"xformers": xf, "bitsandbytes": bnb}), "RD-PREC-005")
    assert statuses(fs) == [Status.PASS]


def test_rocm_wheel_on_cuda_torch_fails(tmp_path):
    torch = {"version": "2.6.0+cu124", "cuda": "12.4", "hip": None, "devices": []}
    xf = {"name": "xformers", "version": "0.0.28+rocm6.1", "requires": []}
    fs = scan(machine(tmp_path, gfx=(), torch=torch, dists={"xformers": xf}), "RD-PREC-005")
    assert statuses(fs) == [Status.FAIL]


# ---------------------------------------------------------------- RD-PREC-006 expandable segments

def test_expandable_segments_ignored_by_old_rocm_torch(tmp_path):
    env = {"PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"}
    fs = scan(machine(tmp_path, env=env), "RD-PREC-006")
    assert statuses(fs) == [Status.WARN]
    assert fs[0].fix.actions[0].env == {"PYTORCH_HIP_ALLOC_CONF": None}


def test_expandable_segments_fix_keeps_other_allocator_options(tmp_path):
    env = {"PYTORCH_HIP_ALLOC_CONF": "garbage_collection_threshold:0.8, expandable_segments:True"}
    [f] = scan(machine(tmp_path, env=env), "RD-PREC-006")
    assert f.fix.actions[0].env == {"PYTORCH_HIP_ALLOC_CONF": "garbage_collection_threshold:0.8"}


def test_expandable_segments_supported_on_new_torch(tmp_path):
    torch = {"version": "2.12.0+rocm7.0", "hip": "7.0.51831", "cuda": None, "devices": []}
    fs = scan(machine(tmp_path, torch=torch, env={"PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"}),
              "RD-PREC-006")
    assert statuses(fs) == [Status.PASS]


# ---------------------------------------------------------------- RD-PREC-007 recommendation section

def test_recommendation_section_carries_the_recommendation(tmp_path):
    f = scan(machine(tmp_path), "RD-PREC-007")[0]
    assert f.status == Status.PASS
    assert f.data["dtype"] == "fp16" and f.data["loss_scaling"] == "dynamic"
    assert f.data["hf_attn_implementation"] == "sdpa"
    f = scan(machine(tmp_path, gfx=("gfx942",), name="b"), "RD-PREC-007")[0]
    assert f.data["dtype"] == "bf16"


# ---------------------------------------------------------------- the training config rules

DS_BF16 = '{\n  "train_micro_batch_size_per_gpu": "auto",\n  "bf16": {\n    "enabled": true\n  }\n}\n'


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def llamafactory(tmp_path, **changes):
    """The real LLaMA-Factory example with some keys changed (None removes the line)."""
    text = _read("llamafactory_llama3_lora_sft_ds3.yaml").replace(
        "deepspeed: examples/deepspeed/ds_z3_config.json", "deepspeed: ds_missing.json")
    for key, value in changes.items():
        if re.search(rf"(?m)^{key}:", text):
            text = re.sub(rf"(?m)^{key}:.*\n", "" if value is None else f"{key}: {value}\n", text)
        elif value is not None:
            text += f"{key}: {value}\n"
    return write(tmp_path, "train.yaml", text)


def test_deepspeed_bf16_fails_on_gfx906_with_evidence_and_change(tmp_path):
    cfg = write(tmp_path, "ds.json", DS_BF16)
    f = scan(machine(tmp_path), "RD-PREC-010", cfg)[0]
    assert f.status == Status.FAIL
    assert "DeepSpeed config asks for bf16" in f.title and "gfx906" in f.title
    assert f.evidence[0].source == cfg + ":3" and '"enabled": true' in f.evidence[0].text  # file:line
    assert any("90006" in e.text for e in f.evidence)
    assert f.fix.params["dtype"] == "fp16"
    assert '"fp16": {"enabled": true, "loss_scale": 0' in f.fix.params["change"]


def test_deepspeed_bf16_fails_on_mi50_example(tmp_path):
    if "mi50x2-xeon" not in rocmdoctor.examples():
        pytest.skip("example mi50x2-xeon not built")
    cfg = write(tmp_path, "ds.json", DS_BF16)
    r = rocmdoctor.scan(example="mi50x2-xeon", select=["RD-PREC-010"], options={"config": cfg})
    f = r.by_code("RD-PREC-010")[0]
    assert f.status == Status.FAIL and f.fix.params["dtype"] == "fp16"
    assert any(e.source.startswith(KFD) for e in f.evidence)


def test_deepspeed_bf16_passes_on_gfx942(tmp_path):
    cfg = write(tmp_path, "ds.json", DS_BF16)
    assert statuses(scan(machine(tmp_path, gfx=("gfx942",)), "RD-PREC-010", cfg)) == [Status.PASS]


def test_auto_deepspeed_defers_to_llamafactory_bf16(tmp_path):
    # The real LLaMA-Factory pair: DS says "auto", the YAML says bf16: true -> bf16 it is.
    write(tmp_path, "ds_z2.json", _read("deepspeed_ds_z2_config_llamafactory.json"))
    cfg = llamafactory(tmp_path, deepspeed="ds_z2.json")
    f = scan(machine(tmp_path), "RD-PREC-010", cfg)[0]
    assert f.status == Status.FAIL and f.fix.params["change"] == "bf16: false, fp16: true"


def test_llamafactory_without_dtype_warns_on_gfx906(tmp_path):
    cfg = llamafactory(tmp_path, bf16=None)
    assert statuses(scan(machine(tmp_path), "RD-PREC-010", cfg)) == [Status.WARN]


def test_fa2_on_gfx1100_fails_and_suggests_sdpa(tmp_path):
    cfg = llamafactory(tmp_path, flash_attn="fa2")
    f = scan(machine(tmp_path, gfx=("gfx1100",)), "RD-PREC-011", cfg)[0]
    assert f.status == Status.FAIL and "gfx1100" in f.title
    assert f.fix.params["change"] == "flash_attn: sdpa"


def test_hf_flash_attention_2_on_gfx906_fails(tmp_path):
    cfg = write(tmp_path, "args.json", json.dumps({"output_dir": "out", "fp16": True,
                                                   "attn_implementation": "flash_attention_2"}))
    f = scan(machine(tmp_path), "RD-PREC-011", cfg)[0]
    assert f.status == Status.FAIL and '"attn_implementation": "sdpa"' in f.fix.params["change"]


def test_fa2_on_gfx942_passes(tmp_path):
    cfg = llamafactory(tmp_path, flash_attn="fa2")
    assert statuses(scan(machine(tmp_path, gfx=("gfx942",)), "RD-PREC-011", cfg)) == [Status.PASS]


def test_fp16_qwen_warns(tmp_path):
    cfg = llamafactory(tmp_path, bf16="false", fp16="true", model_name_or_path="Qwen/Qwen2.5-7B-Instruct")
    fs = scan(machine(tmp_path), "RD-PREC-012", cfg)
    assert statuses(fs) == [Status.WARN] and "Qwen2.5" in fs[0].title
    assert "fp16: false" in fs[0].fix.actions[0].description


def test_fp16_without_loss_scaling_fails(tmp_path):
    cfg = write(tmp_path, "ds.json", '{"train_batch_size": 8, "fp16": {"enabled": true, "loss_scale": 1}}')
    fs = scan(machine(tmp_path), "RD-PREC-012", cfg)
    assert statuses(fs) == [Status.FAIL] and "no scaling" in fs[0].title


def test_fp16_dynamic_llama_passes(tmp_path):
    cfg = write(tmp_path, "ds.json", '{"train_batch_size": 8, "fp16": {"enabled": true, "loss_scale": 0}}')
    assert statuses(scan(machine(tmp_path), "RD-PREC-012", cfg)) == [Status.PASS]


def test_tf32_in_config_noop_on_gfx906(tmp_path):
    cfg = llamafactory(tmp_path, tf32="true")
    assert statuses(scan(machine(tmp_path), "RD-PREC-013", cfg)) == [Status.WARN]
    assert statuses(scan(machine(tmp_path, gfx=("gfx942",), name="b"), "RD-PREC-013", cfg)) == [Status.PASS]


def test_config_checks_do_not_run_without_config(tmp_path):
    # They lint a user input: without --config they are left out, not listed as skips.
    snap = machine(tmp_path)
    for code in ("RD-PREC-010", "RD-PREC-011", "RD-PREC-012", "RD-PREC-013"):
        assert scan(snap, code) == []
    assert scan(snap, "RD-PREC-010", write(tmp_path, "ds.json", '{"bf16": {"enabled": true}}'))


@pytest.mark.parametrize("text,why", [("{not json", "invalid JSON"), ("[1, 2]", "not a mapping"),
                                      ('{"foo": 1}', "not recognised")])
def test_bad_config_skips_with_reason(tmp_path, text, why):
    cfg = write(tmp_path, "bad.json", text)
    f = scan(machine(tmp_path), "RD-PREC-010", cfg)[0]
    assert f.status == Status.SKIP and why in f.detail


def test_missing_config_file_skips(tmp_path):
    f = scan(machine(tmp_path), "RD-PREC-011", str(tmp_path / "nope.json"))[0]
    assert f.status == Status.SKIP and "cannot read" in f.detail
