"""`rocmdoctor train` options on CPU: attention kernels, DeepSpeed ZeRO (2 gloo ranks),
--model without transformers/peft, the advisor's default dtype, and the memory estimate
checked on real Qwen2.5 config.json files and the MI50 out-of-memory case."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from rocmdoctor.artifacts import memory_estimate as me
from rocmdoctor.benchmarks import suite
from rocmdoctor.benchmarks.train import validate

DATA = os.path.join(os.path.dirname(__file__), "data")
QWEN7 = os.path.join(DATA, "hf_qwen2.5-7b-instruct")
QWEN05 = os.path.join(DATA, "hf_qwen2.5-0.5b")
MI50 = 32 * me.GIB  # "32 GB" MI50: KFD reports 34342961152 bytes


def _shape(path):
    return me.shape_from_config(me.load_config(path))


# ------------------------------------------------------------------ estimate
def test_parameter_counts_match_published_sizes():
    p7, p05 = me.count_params(_shape(QWEN7)), me.count_params(_shape(QWEN05))
    assert abs(p7 - 7.62e9) / 7.62e9 < 0.02  # Qwen2.5-7B: 7.61B
    assert abs(p05 - 0.494e9) / 0.494e9 < 0.02  # Qwen2.5-0.5B: 0.49B, tied embeddings
    untied = me.shape_from_config({**me.load_config(QWEN05), "tie_word_embeddings": False})
    assert me.count_params(untied) - p05 == 151936 * 896  # lm_head counted once more
    # LoRA r=8 on q,k,v,o: r * (in + out) per projection and layer
    assert me.lora_params(_shape(QWEN7), 8) == 28 * 8 * ((3584 + 3584) * 2 + (3584 + 512) * 2)


def test_mi50_qwen7b_lora_matches_what_the_user_saw():
    """One 32 GB MI50, Qwen2.5-7B LoRA, batch 1: OOM at cutoff_len 4096 with or without
    gradient checkpointing, ran at 2048 with it. gfx906 has no flash kernels: SDPA's math
    kernel materialises the scores."""
    s = _shape(QWEN7)
    base = me.TrainingShape(dtype="fp16", seq_len=4096, attention="math")
    no_ckpt = me.estimate(s, base, MI50)
    ckpt = me.estimate(s, me.TrainingShape(**{**vars(base), "grad_ckpt": True}), MI50)
    short = me.estimate(s, me.TrainingShape(**{**vars(base), "grad_ckpt": True, "seq_len": 2048}), MI50)
    assert no_ckpt.verdict == "does not fit"
    assert ckpt.verdict == "tight"  # over 80%: the estimate warns of OOM
    assert short.verdict == "fits"
    assert ckpt.parts["activations"] < no_ckpt.parts["activations"] / 5
    changes = [x["change"] for x in ckpt.suggestions]
    assert any("2048" in c for c in changes)  # what the user ended up doing
    assert any("checkpointing" in x["change"] for x in no_ckpt.suggestions)


def test_zero_stages_shard_and_offload_moves_the_optimizer():
    s = _shape(QWEN7)
    full = dict(dtype="bf16", lora=False, seq_len=1024, grad_ckpt=True, gpus=8)
    z0, z2, z3 = (me.estimate(s, me.TrainingShape(**full, zero=z)) for z in (0, 2, 3))
    P = me.count_params(s)
    assert z0.parts["optimizer"] == 12 * P and z0.parts["gradients"] == 2 * P  # ZeRO paper: K = 12
    assert z2.parts["optimizer"] == 12 * P // 8 and z2.parts["gradients"] == 2 * P // 8
    assert z2.parts["weights"] == 2 * P and z3.parts["weights"] < 2 * P / 4
    off = me.estimate(s, me.TrainingShape(**full, zero=2, offload=True))
    # ZeRO-Offload: the optimizer state and each rank's gradient partition (fp32, for CPU Adam) live in
    # host RAM; the GPU keeps the reduce bucket the gradients pass through
    assert off.parts["optimizer"] == 0 and off.host_bytes == 12 * P // 8 + 4 * P // 8
    assert off.parts["gradients"] == min(2 * P // 8, 2 * 500_000_000)
    one = me.estimate(s, me.TrainingShape(**{**full, "gpus": 1}, zero=3))
    assert one.parts["weights"] == 2 * P  # nothing to shard over with one GPU


def test_estimate_only_cli_needs_no_torch_and_sets_exit_code(tmp_path):
    code = ("import sys, json; from rocmdoctor.cli import main; "
            "rc = main(sys.argv[1:]); assert 'torch' not in sys.modules, 'torch imported'; sys.exit(rc)")
    argv = [sys.executable, "-c", code, "train", "--model", QWEN7, "--estimate-only", "--gpu-mem", "32",
            "--dtype", "fp16", "--attention", "math", "--seq-len", "4096", "--format", "json"]
    r = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert r.returncode == 1, r.stderr  # does not fit
    est = json.loads(r.stdout)
    assert est["verdict"] == "does not fit" and est["vram_from"] == "--gpu-mem"
    r = subprocess.run(argv[:-2] + ["--grad-ckpt", "--seq-len", "2048"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "FITS" in r.stdout and "gradient checkpointing on" in r.stdout, r.stderr
    (tmp_path / "config.json").write_text("{not json")
    from rocmdoctor.cli import main

    assert main(["train", "--model", str(tmp_path), "--estimate-only"]) == 3  # bad input, no traceback


def test_sdpa_on_mi50_is_estimated_as_the_math_kernel():
    from rocmdoctor.api import make_source
    from rocmdoctor.commands.train import _attention_kind, choose_dtype
    from rocmdoctor.engine.machine import Machine

    mi50 = Machine(make_source(example="mi50x2-xeon"))
    assert _attention_kind("sdpa", mi50) == "math"
    assert _attention_kind("sdpa", Machine(make_source(example="mi300x8"))) == "flash"
    c = choose_dtype(None, "cuda", mi50, None)
    assert c["dtype"] == "fp16" and c["source"] == "advisor" and "gfx906" in c["why"]
    assert choose_dtype(None, "cuda", mi50, "/models/Qwen2.5-7B-Instruct")["dtype"] == "fp32"  # fp16 overflow
    assert choose_dtype("bf16", "cuda", mi50, None)["source"] == "--dtype"


# ------------------------------------------------------------------ verdict
def test_validate_flags_disagreeing_ranks_and_oom():
    res = {"variant": "full", "dtype": "fp32", "steps": 3, "steps_done": 3, "losses": [4.0, 3.9, 3.8],
           "grad_norms": [1, 1, 1], "per_rank": [{"rank": 0, "steps_done": 3, "final_loss": 3.8},
                                                 {"rank": 1, "steps_done": 3, "final_loss": 3.7}]}
    v = validate(res, None)
    agree = next(c for c in v["checks"] if c["name"] == "ranks agree")
    assert not v["passed"] and agree["passed"] is False and "rank 1" in agree["detail"]
    oom = {**res, "per_rank": [], "model": "/m", "steps_done": 1, "losses": [11.9], "grad_norms": [1],
           "oom": {"step": 1}, "error": "out of memory at step 1: HIP out of memory"}
    v = validate(oom, None)
    fits = next(c for c in v["checks"] if c["name"] == "fits in memory")
    assert fits["passed"] is False and "step 1" in fits["detail"]
    assert next(c for c in v["checks"] if c["name"] == "matches reference curve")["passed"] is None


# ------------------------------------------------------------------ runs (CPU)
def test_eager_attention_follows_the_reference_curve():
    o = suite.run_train(device="cpu", steps=20, attention="eager", timeout=120)
    assert o["outcome"] == "completed", o["message"]
    curve = next(c for c in o["validation"]["checks"] if c["name"] == "matches reference curve")
    assert o["validation"]["passed"] and curve["passed"] is True and o["result"]["attention"] == "eager"


def test_unavailable_attention_kernel_is_a_clear_warning(capsys):
    from rocmdoctor.cli import main

    rc = main(["train", "--device", "cpu", "--attention", "efficient", "--steps", "2", "--timeout", "60",
               "--format", "json", "-q"])
    out = json.loads(capsys.readouterr().out)
    f = out["findings"][0]
    assert rc == 0 and f["status"] == "warn" and f["title"] == "efficient attention cannot run here"
    assert "efficient SDPA kernel cannot run on cpu" in f["detail"]
    run = out["results"]["train_run"]
    assert run["dtype_choice"] == {"dtype": "fp32", "source": "advisor",
                                   "why": "no GPU: the precision advisor trains in fp32 on the CPU"}


def test_model_without_transformers_is_skipped_naming_the_interpreter(capsys):
    pytest.importorskip("torch")
    try:
        import transformers  # noqa: F401
        pytest.skip("transformers is installed here")
    except ImportError:
        pass
    from rocmdoctor.cli import main

    rc = main(["train", "--device", "cpu", "--model", QWEN05, "--steps", "2", "--timeout", "60",
               "--format", "json", "-q"])
    out = json.loads(capsys.readouterr().out)
    f = out["findings"][0]
    assert rc == 0 and f["status"] == "skip" and "hf_qwen2.5-0.5b" in f["title"]
    assert f"transformers/peft not importable in {sys.executable}" in f["detail"]
    assert out["results"]["train_run"]["memory_estimate"]["params"] == me.count_params(_shape(QWEN05))


deepspeed = pytest.mark.skipif(
    subprocess.run([sys.executable, "-c", "import importlib.util as u; "
                    "raise SystemExit(u.find_spec('deepspeed') is None)"]).returncode != 0,
    reason="deepspeed not installed")


@deepspeed
def test_deepspeed_zero2_two_cpu_ranks_train_like_ddp():
    o = suite.run_train(device="cpu", steps=20, nproc=2, engine="deepspeed", zero=2, timeout=120)
    assert o["outcome"] == "completed", o["message"]
    res, v = o["result"], o["validation"]
    names = {c["name"]: c["passed"] for c in v["checks"]}
    assert v["passed"] and names["ranks agree"] and names["matches reference curve"] is True
    assert res["engine"] == "deepspeed" and res["zero"] == 2 and res["world_size"] == 2
    assert [r["rank"] for r in res["per_rank"]] == [0, 1] and all(r["peak_memory_bytes"] for r in res["per_rank"])


@deepspeed
def test_deepspeed_zero3_offload_crashed_rank_is_named():
    o = suite.run_train(device="cpu", steps=4, nproc=2, engine="deepspeed", zero=3, offload=True,
                        inject="crash", inject_step=1, timeout=120)
    assert o["outcome"] == "crashed" and o["crashed_ranks"] == [1]
    assert o["message"].startswith("rank 1 crashed (exit code 3) at 'step 1: forward")


def test_zero3_parameter_offload_keeps_only_live_parameters_on_the_gpu_and_host_ram_decides():
    # Seed 002 (user note /work/shared/seeds/002_8ae6f2572f65e08a.txt): Baichuan2-7B (7.5B) full
    # fine-tune, ZeRO-3 with offload_param and offload_optimizer to CPU, on 16 GB DCUs. The GPU holds
    # the gathered parameters (stage3_max_live_parameters + prefetch bucket), not a 1/N shard of 7.5B.
    s = me.shape_from_config({"hidden_size": 4096, "intermediate_size": 11008, "num_attention_heads": 32,
                              "num_hidden_layers": 32, "vocab_size": 125696, "tie_word_embeddings": False})
    P = me.count_params(s)
    base = dict(dtype="fp32", lora=False, batch=1, seq_len=512, grad_ckpt=True, zero=3, gpus=2,
                offload=True, ranks_per_host=2)
    on = me.estimate(s, me.TrainingShape(**base, offload_param=True), 16 * me.GIB)
    off = me.estimate(s, me.TrainingShape(**base, offload_param=False), 16 * me.GIB)
    assert on.parts["weights"] == (10**9 + 5 * 10**7) * 4  # live + prefetch, fp32
    assert off.parts["weights"] > P * 4 // 2  # without it: half the model per GPU, plus gathered layers
    assert on.verdict == "fits" and off.verdict == "does not fit"
    # host RAM now holds weights, gradients and Adam state of every rank: 16 bytes a parameter in fp32
    assert on.host_total == 2 * (P * 4 // 2 + P * 8 // 2 + P * 4 // 2)
    small = me.estimate(s, me.TrainingShape(**base, offload_param=True, host_ram=64 * me.GIB), 16 * me.GIB)
    big = me.estimate(s, me.TrainingShape(**base, offload_param=True, host_ram=256 * me.GIB), 16 * me.GIB)
    assert small.host_verdict == "does not fit" and small.verdict == "does not fit"  # host RAM is the limit
    assert big.host_verdict == "fits" and big.verdict == "fits"
    assert any("host RAM" in line and "256.0 GiB" in line for line in me.render(big))


def test_offload_param_below_stage_3_is_not_modelled_as_offloaded():
    s = _shape(QWEN7)
    st = me.TrainingShape(dtype="bf16", lora=False, seq_len=1024, grad_ckpt=True, gpus=8, zero=2, offload_param=True)
    assert me.estimate(s, st).parts["weights"] == 2 * me.count_params(s)  # DeepSpeed ignores it at stage 2
