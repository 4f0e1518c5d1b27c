"""recommend(): dtype, attention and env per machine, from the arch and (when present) a measurement."""
import json
import os

import pytest

import rocmdoctor
from rocmdoctor.cli import main
from rocmdoctor.facts import Context
from rocmdoctor.api import recommend_for
from rocmdoctor.facts.advice import measured_rates, recommend
from rocmdoctor.machine.sources import SnapshotSource
from rocmdoctor.testing import build_snapshot

KFD = "/sys/class/kfd/kfd/topology/nodes"
DATA = os.path.join(os.path.dirname(__file__), "data")
GFX = {"gfx906": "kfd_properties_gfx906_RadeonVII_node1.txt",
       "gfx942": "kfd_properties_gfx942_MI300X_gpuq_node2.txt",
       "gfx1100": "kfd_properties_gfx1100_RX7900XTX_tinygrad.txt"}
ROCM62 = {"version": "2.6.0.dev20240918+rocm6.2", "hip": "6.2.41133-dd7f95766", "cuda": None}


def _read(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def facts(tmp_path, gfx=("gfx906",), torch=ROCM62, dists=None, env=None):
    """Facts of a snapshot built from real KFD properties, as recommend() receives them."""
    files = {f"{KFD}/0/properties": _read("kfd_properties_cpu_node0_24cores_rocprofsdk.txt")}
    for i, g in enumerate(gfx, 1):
        files[f"{KFD}/{i}/properties"] = _read(GFX[g])
    snap = build_snapshot(tmp_path / "snap", files=files, probes={
        "python": {"python": {}, "distributions": dists or {}, "torch": torch}, "env": env or {}})
    return Context(SnapshotSource(snap))


def test_gfx906_gets_fp16_with_loss_scaling_and_sdpa(tmp_path):
    rec = recommend(facts(tmp_path))
    assert (rec.platform, rec.dtype, rec.loss_scaling) == ("rocm", "fp16", "dynamic")
    assert rec.llamafactory_flash_attn == "sdpa" and rec.hf_attn_implementation == "sdpa"
    assert rec.devices[0].bf16 == "emulated"
    dtype_reason = next(r for r in rec.reasons if r.topic == "dtype")
    assert dtype_reason.evidence[0].text == "gfx_target_version 90006"
    assert "PYTORCH_HIP_ALLOC_CONF" not in rec.env  # torch 2.6 ignores it on ROCm


def test_qwen_on_gfx906_gets_fp32(tmp_path):
    assert recommend(facts(tmp_path), model="Qwen/Qwen2.5-7B-Instruct").dtype == "fp32"
    assert recommend(facts(tmp_path), model="meta-llama/Meta-Llama-3-8B").dtype == "fp16"


def test_mi300_with_flash_attn_gets_bf16_and_fa2(tmp_path):
    dists = {"flash-attn": {"name": "flash_attn", "version": "2.7.4", "requires": ["torch"]}}
    rec = recommend(facts(tmp_path, gfx=("gfx942",), dists=dists))
    assert (rec.dtype, rec.llamafactory_flash_attn, rec.hf_attn_implementation) == ("bf16", "fa2", "flash_attention_2")


def test_cuda_built_flash_attn_is_not_recommended(tmp_path):
    dists = {"flash-attn": {"name": "flash_attn", "version": "2.6.3+cu123torch2.4cxx11abiFALSE", "requires": []}}
    assert recommend(facts(tmp_path, gfx=("gfx942",), dists=dists)).attention == "sdpa"


def test_mixed_gpus_take_the_weakest(tmp_path):
    rec = recommend(facts(tmp_path, gfx=("gfx942", "gfx906")))
    assert rec.dtype == "fp16" and rec.attention == "sdpa"


def test_gfx1100_enables_experimental_aotriton(tmp_path):
    rec = recommend(facts(tmp_path, gfx=("gfx1100",)))
    assert rec.dtype == "bf16" and rec.env == {"TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1"}
    assert recommend(facts(tmp_path, gfx=("gfx1100",), env={"TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1"})).env == {}


def test_expandable_segments_where_supported(tmp_path):
    torch = {"version": "2.12.0+rocm7.0", "hip": "7.0.51831", "cuda": None}
    rec = recommend(facts(tmp_path, gfx=("gfx942",), torch=torch, env={"PYTORCH_HIP_ALLOC_CONF": "garbage_collection_threshold:0.8"}))
    assert rec.env["PYTORCH_HIP_ALLOC_CONF"] == "garbage_collection_threshold:0.8,expandable_segments:True"


def test_measurement_overrides_table_when_bf16_is_slow(tmp_path):
    f = facts(tmp_path, gfx=("gfx942",))
    mapping = {n: f.optional(n) for n in ("gpus", "torch", "distributions", "env")}
    mapping["bench_matmul"] = {"devices": [{"index": 0, "tflops": {"bf16": 20.0, "fp16": 600.0, "fp32": 150.0}}]}
    rec = recommend(mapping)
    assert rec.dtype == "fp16" and rec.measured and rec.devices[0].measured_tflops["bf16"] == 20.0


def test_simulated_measurements_are_ignored():
    assert measured_rates({"simulated": True, "bf16": {"tflops": 1.0}}) == {}
    assert measured_rates([{"device": 1, "dtype": "bfloat16", "tflops": 90.5}]) == {1: {"bf16": 90.5}}


def test_nvidia_and_cpu():
    h100 = {"version": "2.5.1+cu124", "cuda": "12.4", "hip": None,
            "devices": [{"index": 0, "name": "NVIDIA H100", "major": 9, "minor": 0}]}
    rec = recommend({"torch": h100, "gpus": []})
    assert (rec.platform, rec.dtype) == ("cuda", "bf16") and rec.env == {"PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True"}
    v100 = dict(h100, devices=[{"index": 0, "name": "V100", "major": 7, "minor": 0}])
    assert recommend({"torch": v100}).dtype == "fp16"
    cpu = recommend({"torch": {"version": "2.13.0+cpu", "hip": None, "cuda": None, "devices": []}})
    assert (cpu.platform, cpu.dtype, cpu.env) == ("cpu", "fp32", {})


def test_export_lines_are_quoted_and_safe():
    rec = recommend({"torch": {"version": "2.12.0", "hip": "7.0.1", "cuda": None}, "gpus": []})
    assert rec.export_lines() == []
    from dataclasses import replace
    rec = replace(rec, env={"A_B": "x y; rm -rf /", "bad name": "1"})
    assert rec.export_lines() == ["export A_B='x y; rm -rf /'"]


def test_recommend_for_example_and_cli(capsys):
    if "mi50x2-xeon" not in rocmdoctor.examples():
        pytest.skip("example mi50x2-xeon not built")
    assert recommend_for(example="mi50x2-xeon").dtype == "fp16"
    assert main(["recommend", "--example", "mi50x2-xeon", "--format", "json", "--model", "Qwen/Qwen2.5-7B"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["dtype"] == "fp32" and data["llamafactory_flash_attn"] == "sdpa"
    assert main(["env", "--example", "rx7900xtx"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == ["export TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1"]
