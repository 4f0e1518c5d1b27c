"""RD-DS-006 (checks/deepspeed/config.py): a training run's DeepSpeed config judged against the GPUs
before anything runs; the ZeRO memory model and offload rules it rests on. RD-DS-008: DS_BUILD_OPS=1
in a build judged against the DeepSpeed install to come."""
import json
import os

from rocmdoctor.artifacts.configlint import Hardware, zero_per_gpu_bytes, zero_vs_hardware
from rocmdoctor.engine.model import Status

DATA = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "data")
SEEDS = os.path.join(DATA, "seeds")


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def zero(cfg, hw, **kw):
    """The worst ZeRO finding."""
    return max(zero_vs_hardware(cfg, hw, kw.get("model_params"), "ds.json"), key=lambda f: f.status.rank)


def test_llamafactory_z2_config_with_auto_values():
    cfg = json.loads(data("deepspeed_ds_z2_config_llamafactory.json"))
    assert zero(cfg, Hardware(gfx=("gfx942",) * 8, vram_bytes=192 * 2**30), model_params=8e9).status is Status.PASS


def test_zero_memory_model_and_offload_rules():
    # ZeRO paper: 7.5B params on 64 GPUs, stage 1 -> 4P + 12P/64 bytes.
    assert zero_per_gpu_bytes(7.5e9, 1, 64, False, False) == 4 * 7.5e9 + 12 * 7.5e9 / 64
    cfg = {"zero_optimization": {"stage": 2}}
    big = zero(cfg, Hardware(gfx=("gfx906",) * 4, vram_bytes=32 * 2**30), model_params=13e9)
    assert big.status is Status.FAIL and "do not fit" in big.title
    bad = zero({"zero_optimization": {"stage": 2, "offload_param": {"device": "cpu"}}}, Hardware(gfx=("gfx942",)))
    assert bad.status is Status.FAIL and "stage 3" in bad.title
    one_gpu = zero(cfg, Hardware(gfx=("gfx1100",), vram_bytes=24 * 2**30))
    assert one_gpu.status is Status.WARN


def test_zero_check_runs_with_scan_config_on_the_mi50_example(tmp_path):
    import rocmdoctor

    path = tmp_path / "ds.json"
    path.write_text(json.dumps({"zero_optimization": {"stage": 3, "offload_param": {"device": "cpu"}}}))
    report = rocmdoctor.scan(example="mi50x2-xeon", select=["RD-DS-006"], options={"config": str(path)})
    [f] = report.findings
    assert f.status is Status.PASS and "2 GPU" in f.title
    assert rocmdoctor.scan(example="mi50x2-xeon", select=["RD-DS-006"]).findings == []


# ------------------------------------------------------------------ RD-DS-008 DS_BUILD_OPS=1

def test_ds_build_ops_in_the_seed_dockerfile_fails_without_deepspeed_installed(lint):
    fs = lint([os.path.join(SEEDS, "Dockerfile")], "RD-DS-008", example="rx7900xtx")
    assert lint.statuses(fs) == ["fail"]
    assert fs[0].evidence[0].source.endswith("Dockerfile:48")
    assert fs[0].fix.params["env"]["DS_BUILD_CUTLASS_OPS"] == "0"


def test_ds_build_ops_with_unbuildable_ops_off_passes(tmp_path, lint):
    from rocmdoctor.checks.deepspeed import DEFAULT_BUILD_VARS, INFERENCE_OPS, ROCM_UNBUILDABLE

    off = " ".join(f"{DEFAULT_BUILD_VARS[o]}=0" for o in (*ROCM_UNBUILDABLE, *INFERENCE_OPS))
    p = lint.write("build.sh", f"#!/bin/bash\nexport DS_BUILD_OPS=1 {off}\n")
    assert lint.statuses(lint([p], "RD-DS-008")) == ["pass"]


def test_seed_000_ds_build_ops_in_the_image_is_judged_against_the_install_to_come(lint):
    fs = lint.flagged(lint([os.path.join(SEEDS, "Dockerfile")], "RD-DS-008", "mi50x2-xeon"))
    assert len(fs) == 1 and "DS_BUILD_OPS=1" in fs[0].title
    assert fs[0].evidence[0].source == os.path.join(SEEDS, "Dockerfile") + ":48"
