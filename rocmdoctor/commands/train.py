"""`rocmdoctor train`: the reference fine-tune. A tiny decoder-only transformer trains
for a fixed number of steps on a deterministic synthetic language (LoRA or full),
in child processes of the target interpreter with a hard timeout. The run passes when
the loss stays finite, falls below the documented threshold and follows the shipped
fp32 reference curve within the tolerance for its dtype (docs/benchmarks.md).
`--inject nan|hang|crash` makes it fail on purpose, to see what a failure looks like.

`--attention` picks the attention kernel, `--engine deepspeed --zero 2|3 [--offload]`
trains through DeepSpeed ZeRO instead of DDP, and `--model PATH` trains the user's own
Hugging Face checkpoint (LoRA through peft) on synthetic tokens, after a memory
estimate made from its config.json (`--estimate-only` stops there; no torch needed).
Without `--dtype`, the precision advisor (rocmdoctor.facts.advice) picks it for this machine.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING

from ..cli import EXIT_FAIL, EXIT_INPUT, EXIT_OK, EXIT_USAGE
from ..usage import positive_float
from ..output.progress import Progress
from .bench import findings_for, resolve_device

if TYPE_CHECKING:
    from ..engine.machine import Machine
    from ..engine.model import Finding

NAME = "train"
HELP = "run the reference fine-tune (or your model's) and judge it (loss, curve, speed, memory, hangs)"
ATTENTION = ("sdpa", "eager", "math", "flash", "efficient")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto",
                   help="cuda means any torch GPU, ROCm included (default: cuda when torch sees one, else cpu)")
    p.add_argument("--variant", choices=("lora", "full"), default="lora",
                   help="lora (default): train low-rank adapters only; full: every weight")
    p.add_argument("--dtype", choices=("fp32", "fp16", "bf16"), default=None,
                   help="default: what `rocmdoctor recommend` picks for this machine (fp32 on CPU); "
                        "fp16 uses loss scaling; fp16/bf16 use autocast (DDP) or DeepSpeed's fp16/bf16")
    p.add_argument("--attention", choices=ATTENTION, default="sdpa",
                   help="sdpa: PyTorch's choice; eager: explicit softmax(QK^T)V; math/flash/efficient: pin that "
                        "SDPA kernel (reported, not crashed, when it cannot run here)")
    p.add_argument("--engine", choices=("ddp", "deepspeed"), default="ddp",
                   help="ddp (default): torch DistributedDataParallel; deepspeed: DeepSpeed ZeRO (--zero, --offload)")
    p.add_argument("--zero", type=int, choices=(1, 2, 3), default=2,
                   help="with --engine deepspeed: ZeRO stage 1, 2 or 3 (default 2)")
    p.add_argument("--offload", action="store_true", help="DeepSpeed: optimizer state in host memory")
    p.add_argument("--steps", type=int, default=None, help="default 100 (what the reference curve has); 10 with --model")
    p.add_argument("--nproc", type=int, default=1, help="ranks (gloo on CPU, NCCL/RCCL on GPUs)")
    g = p.add_argument_group("your own model (--model)")
    g.add_argument("--model", metavar="PATH", help="local Hugging Face checkpoint directory to fine-tune "
                                                  "(LoRA through peft) on synthetic tokens")
    g.add_argument("--estimate-only", action="store_true", help="print the memory estimate and stop")
    g.add_argument("--seq-len", type=int, default=1024, help="tokens per sequence, like cutoff_len (default 1024)")
    g.add_argument("--micro-batch", type=int, default=1, help="sequences per GPU per step (default 1)")
    g.add_argument("--grad-ckpt", action="store_true", help="gradient checkpointing")
    g.add_argument("--lora-rank", type=int, default=8, help="LoRA rank r (default 8)")
    g.add_argument("--lora-target", default="q_proj,k_proj,v_proj,o_proj", help="comma-separated module names")
    g.add_argument("--gpu-mem", type=positive_float, metavar="GIB", help="GPU memory to judge the estimate against "
                                                                "(default: from the GPUs found)")
    p.add_argument("--inject", choices=("nan", "hang", "crash"), help="fail on purpose (half way through)")
    p.add_argument("--timeout", type=positive_float, default=600.0, help="seconds before the run is killed as hung")
    p.add_argument("--stall", type=positive_float, default=None, help="seconds without progress that count as a hang")
    p.add_argument("--python", metavar="PATH", help="interpreter whose torch runs the fine-tune")
    p.add_argument("--format", choices=("text", "json", "html"), default="text",
                   help="text (default), json (the report schema with the run under results.train_run), or html: "
                        "a page with the loss curve against the golden curve (use -o report.html)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")


def run(a: argparse.Namespace) -> int:
    from ..benchmarks import suite
    from ..cli import exit_code

    if a.nproc < 1 or (a.steps is not None and a.steps < 1) or a.seq_len < 1 or a.micro_batch < 1:
        print("rocmdoctor: --nproc, --steps, --seq-len and --micro-batch must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    if a.estimate_only and not a.model:
        print("rocmdoctor: --estimate-only needs --model PATH", file=sys.stderr)
        return EXIT_USAGE
    machine = this_machine(a.python)
    if a.estimate_only:
        from ..artifacts import memory_estimate as me

        try:
            est = model_estimate(a, machine, a.dtype)
        except me.ConfigError as exc:
            print(f"rocmdoctor: --model: {exc}", file=sys.stderr)
            return EXIT_INPUT
        if a.format == "json":
            json.dump(est["estimate"], sys.stdout, indent=2)
            sys.stdout.write("\n")
        else:
            from ..output.text import print_text

            print_text("\n".join(est["lines"]))
        return EXIT_FAIL if est["estimate"]["verdict"] == "does not fit" else EXIT_OK
    from ..usage import require_torch

    require_torch(a.python or sys.executable)
    device = resolve_device(a.device, a.python)
    prog = Progress("train", a.quiet)
    if device == "cpu":
        prog("CPU run: timings describe the host CPU, not a GPU", force=True)
    choice = choose_dtype(a.dtype, device, machine, a.model)
    prog(f"dtype {choice['dtype']} ({choice['why']})", force=True)
    estimate: dict | None = None
    if a.model:  # before anything is loaded
        from ..artifacts import memory_estimate as me

        try:
            estimate = model_estimate(a, machine, choice["dtype"], torch_probe=device == "cuda")
        except me.ConfigError as exc:
            print(f"rocmdoctor: --model: {exc}", file=sys.stderr)
            return EXIT_INPUT
        if a.format == "text" and not a.quiet:
            print("\n".join(estimate["lines"]), file=sys.stderr)
    busy: list[Finding] = []
    partition: str | None = None
    pre: dict = {}
    if device == "cuda":  # a GPU another job holds gives timings (and memory) that describe that job
        from ..busy import precheck, warn_and_mark

        busy, partition = precheck(a.python)
        warn_and_mark(busy, pre, "train", a.quiet)
    prog("starting")
    try:
        out = suite.run_train(python=a.python, device=device, variant=a.variant, dtype=choice["dtype"], steps=a.steps
                              if a.steps is not None else (10 if a.model else None),
                              nproc=a.nproc, inject=a.inject, timeout=a.timeout, stall=a.stall, attention=a.attention,
                              engine=a.engine, zero=a.zero, offload=a.offload, model=a.model,
                              batch=a.micro_batch * a.nproc if a.model else None,
                              seq_len=a.seq_len if a.model else None, grad_ckpt=a.grad_ckpt,
                              lora_rank=a.lora_rank if a.model else None,
                              lora_target=a.lora_target if a.model else None, progress=prog, partition=partition)
    finally:
        prog.close()
    out["dtype_choice"] = choice
    out.update(pre)
    if estimate:
        out["memory_estimate"] = estimate["estimate"]
    prog.close(f"{out['outcome']} in {out['duration_s']:.1f} s")
    report = findings_for({"train_run": out}, "train", ["RD-TRAIN"], a.python)
    report.findings = busy + report.findings
    report.results = {"train_run": out}
    if a.format == "json":
        json.dump(report.to_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    elif a.format == "html":
        from ..output.html import to_html
        from ..output.text import verdict

        sys.stdout.write(to_html(report.to_dict(), verdict(report)[0]))
    else:
        from ..output.text import print_report, print_text

        print_report(report, verbose=True)
        res = out.get("result") or {}
        losses = res.get("losses") or []
        if losses:
            pts = ", ".join(f"{i}:{losses[i]:.3f}" for i in range(0, len(losses), max(1, len(losses) // 10)))
            print_text(f"\nloss by step: {pts}, last {losses[-1]:.3f}")
        print_text(f"dtype {choice['dtype']}: {choice['why']}")
        if out.get("untrustworthy"):
            print_text("UNTRUSTWORTHY: " + "; ".join(out["untrustworthy"]["gpus"]) + " (another process held the GPU)")
    return exit_code(report, False)


def this_machine(python: str | None) -> Machine:
    """The live machine, its source opened on the first fact asked for (none with --gpu-mem)."""
    from ..api import make_source
    from ..engine.machine import Machine

    return Machine(opener=lambda: make_source(python=python))


def choose_dtype(asked: str | None, device: str, machine: Machine, model: str | None) -> dict:
    """--dtype when given, else the precision advisor's choice for this machine, with its reason."""
    if asked:
        return {"dtype": asked, "source": "--dtype", "why": "chosen with --dtype"}
    if device == "cpu":
        return {"dtype": "fp32", "source": "advisor", "why": "no GPU: the precision advisor trains in fp32 on the CPU"}
    from ..facts.advice import recommend

    rec = recommend(machine.context("default"), model=model)
    why = "; ".join(r.text for r in rec.reasons if r.topic == "dtype") or "the precision advisor's default"
    return {"dtype": rec.dtype, "source": "advisor", "why": f"precision advisor: {why}"}


def _attention_kind(attention: str, machine: Machine) -> str:
    """How the estimate should treat attention scores: 'sdpa' becomes the math kernel on GPUs
    with neither CK nor AOTriton flash kernels (e.g. gfx906 MI50), as torch falls back to it there."""
    if attention in ("eager", "math"):
        return attention
    if attention in ("flash", "efficient"):
        return "flash"
    from ..knowledge import gpus as kb

    rows = [kb.precision(g.gfx) for g in machine.training_gpus()]
    if any(r is None or (not r.ck_flash and r.aotriton == kb.NO) for r in rows):
        return "math"
    return "flash"


def model_estimate(a: argparse.Namespace, machine: Machine, dtype: str | None, torch_probe: bool = False) -> dict:
    from ..artifacts import memory_estimate as me

    cfg = me.load_config(a.model)
    shape = me.shape_from_config(cfg)
    vram: int | None = None
    where: str | None = None  # set with vram
    if a.gpu_mem:
        vram, where = int(a.gpu_mem * me.GIB), "--gpu-mem"
    else:
        sizes = [g.memory_bytes for g in machine.training_gpus() if g.memory_bytes]  # an APU's: its GTT limit
        if not sizes and torch_probe:  # e.g. NVIDIA GPUs, which KFD does not list
            sizes = [d.total_memory for d in machine.torch_devices() if d.total_memory]
        if sizes:
            vram, where = min(sizes), "the smallest GPU found"
    dtype_note = None
    if not dtype:  # the advisor, from the GPUs alone (no torch import)
        from ..facts.advice import recommend

        if machine.training_gpus():
            dtype = recommend(machine.context("quick"), model=a.model).dtype
            dtype_note = f"  dtype {dtype}: the precision advisor's choice for these GPUs (--dtype to change)"
        else:
            dtype = "bf16"
            dtype_note = "  dtype bf16 assumed: no GPU found to ask the precision advisor about (--dtype to change)"
    st = me.TrainingShape(dtype=dtype, lora=a.variant == "lora", lora_rank=a.lora_rank,
                     lora_targets=tuple(t for t in a.lora_target.split(",") if t), batch=a.micro_batch,
                     seq_len=a.seq_len, grad_ckpt=a.grad_ckpt, zero=a.zero if a.engine == "deepspeed" else 0,
                     gpus=a.nproc, offload=a.offload and a.engine == "deepspeed",
                     attention=_attention_kind(a.attention, machine))
    est = me.estimate(shape, st, vram)
    lines = me.render(est, os.path.basename(os.path.normpath(a.model)))
    if where and vram is not None:
        lines.insert(1, f"  judged against {me.gib(vram)} per GPU ({where})")
    if dtype_note:
        lines.insert(1, dtype_note)
    d = est.to_dict()
    d["vram_from"] = where
    return {"estimate": d, "lines": lines}

