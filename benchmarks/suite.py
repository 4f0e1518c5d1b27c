"""The doctor's side of the active probes: choose arguments, run a benchmark through
runner.py, and add what needs rocmdoctor's knowledge (peak TFLOPS, %-of-peak, MFU,
the reference-run verdict). Shared by `rocmdoctor bench`, `rocmdoctor train` and the
bench/train facts of `rocmdoctor scan`. Never imports torch.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Callable

from rocmdoctor.machine import proc
from rocmdoctor.knowledge import gpus as kb

from . import runner
from .train import validate
from rocmdoctor.base.untrusted import pick

BENCHMARKS = ("matmul", "membw", "p2p", "allreduce", "numerics", "attention")
REFERENCE_FILE = "train_reference.json"


def count_gpus(python: str | None, timeout: float = 120.0) -> int | None:
    """GPUs torch sees in the target interpreter, or None if that cannot be told."""
    import sys

    code = "import torch; print(torch.cuda.device_count() if torch.cuda.is_available() else 0)"
    res = proc.run([python or sys.executable, "-c", code], timeout=timeout)
    last = (res.stdout.strip().splitlines() or [""])[-1]
    return int(last) if res.ok and last.isdigit() else None


def run_benchmark(name: str, *, python: str | None = None, device: str = "cpu", dtype: str | None = None,
                  nproc: int | None = None, timeout: float = 600.0, stall: float | None = None,
                  progress: Callable[[str], None] | None = None, extra: tuple[str, ...] = (),
                  partition: str | None = None) -> dict:
    """``partition``: the GPUs' compute-partition mode (MI300 class: "CPX", ...), so %-of-peak
    compares a partition with a partition's peak."""
    if name not in BENCHMARKS:
        raise ValueError(f"unknown benchmark {name!r}")
    args = ["--device", device, *extra]
    n = 1
    if name in ("matmul", "numerics", "attention") and dtype:
        args += ["--dtypes", dtype]
    if name == "allreduce":
        if dtype:
            args += ["--dtype", dtype]
        n = nproc or (2 if device == "cpu" else (count_gpus(python) or 1))
    out = runner.run(name, args, python=python, nproc=n, timeout=timeout, stall=stall, progress=progress)
    out["device_requested"] = device
    if name == "matmul" and out.get("result"):
        _matmul_peaks(out["result"], partition)
    return out


def _matmul_peaks(res: dict, partition: str | None = None) -> None:
    dev = res.get("device") or {}
    if dev.get("kind") != "cuda":
        res["peak"] = None  # a CPU run: no GPU peak applies
        return
    p = kb.sku_for_device(dev.get("name"), dev.get("arch"))
    res["peak"] = _peak_info(p, partition)
    res["percent_of_peak"] = {d: _round(kb.percent_of_peak(t, p, d, partition))
                              for d, t in (res.get("best_tflops") or {}).items()}


def _peak_info(p: kb.Sku | None, partition: str | None = None) -> dict | None:
    peak = kb.device_peak(p, partition)
    if peak is None:
        return None
    info = {"product": p.product, "per_device_tflops": {d: peak.device_tflops(d) for d in ("fp32", "fp16", "bf16")},
            "note": peak.note, "source": peak.source}
    if partition:
        info["partition"] = partition
    return info


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 1)


def per_rank(out: dict) -> list[dict]:
    """Each rank's own figures, gathered from its result line (ZeRO shards memory unevenly)."""
    rows = []
    for r in out.get("ranks") or []:
        res = r.get("result") or {}
        losses = res.get("losses") or []
        rows.append({"rank": r["rank"], "steps_done": res.get("steps_done"), "final_loss": losses[-1] if losses else None,
                     "step_time_s": res.get("step_time_s"), "peak_memory_bytes": res.get("peak_memory_bytes"),
                     "error": res.get("error")})
    return rows


def load_reference() -> dict | None:
    try:
        text = (resources.files("rocmdoctor") / "data" / REFERENCE_FILE).read_text(encoding="utf-8")
        return json.loads(text)
    except (OSError, ValueError):
        return None


def run_train(*, python: str | None = None, device: str = "cpu", variant: str = "lora", dtype: str = "fp32",
              steps: int | None = None, nproc: int = 1, inject: str | None = None, inject_step: int | None = None,
              timeout: float = 600.0, stall: float | None = None, attention: str = "sdpa", engine: str = "ddp",
              zero: int = 2, offload: bool = False, model: str | None = None, batch: int | None = None,
              seq_len: int | None = None, grad_ckpt: bool = False, lora_rank: int | None = None,
              lora_target: str | None = None, progress: Callable[[str], None] | None = None,
              partition: str | None = None) -> dict:
    args = ["--device", device, "--variant", variant, "--dtype", dtype, "--attention", attention, "--engine", engine]
    if engine == "deepspeed":
        args += ["--zero", str(zero)] + (["--offload"] if offload else [])
    if model:
        args += ["--model", model] + (["--grad-ckpt"] if grad_ckpt else [])
    for flag, value in (("--steps", steps), ("--batch", batch), ("--seq-len", seq_len), ("--lora-rank", lora_rank),
                        ("--lora-target", lora_target), ("--inject-step", inject_step)):
        if value is not None:
            args += [flag, str(value)]
    if inject and inject != "none":
        args += ["--inject", inject]
    out = runner.run("train", args, python=python, nproc=max(1, nproc), timeout=timeout, stall=stall,
                     progress=progress)
    if out.get("result"):
        out["result"]["per_rank"] = per_rank(out)
    out["device_requested"] = device
    out["model"] = model
    res = out.get("result")
    if out["outcome"] in ("completed", "failed"):
        out["validation"] = validate(res, load_reference())
    else:
        out["validation"] = {"passed": False, "checks": [{"name": "ran", "passed": False, "detail": out["message"]}]}
    if out["outcome"] == "timeout":
        steps_seen = [r.get("step") for r in out["ranks"] if r.get("step") is not None]
        out["hang"] = {"step": min(steps_seen) if steps_seen else None, "ranks": out.get("hung_ranks"),
                       "culprit_ranks": out.get("culprit_ranks"),
                       "stages": {str(r["rank"]): r.get("stage") for r in out["ranks"]}}
    if res and res.get("achieved_tflops") and pick(res, "device", "kind") == "cuda":
        p = kb.sku_for_device(res["device"].get("name"), res["device"].get("arch"))
        peak = kb.device_peak(p, partition)
        per = peak.device_tflops(dtype) if peak else None
        world = res.get("world_size") or 1
        res["peak"] = _peak_info(p, partition)
        res["mfu_percent"] = _round(100.0 * res["achieved_tflops"] / (per * world)) if per else None
    elif res:
        res["mfu_percent"] = None  # CPU run, or unknown GPU: no peak to divide by
    return out
