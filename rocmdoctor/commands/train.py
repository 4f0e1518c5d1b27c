"""`rocmdoctor train`: the reference fine-tune. A tiny decoder-only transformer trains
for a fixed number of steps on a deterministic synthetic language (LoRA or full),
in child processes of the target interpreter with a hard timeout. The run passes when
the loss stays finite, falls below the documented threshold and follows the shipped
fp32 reference curve within the tolerance for its dtype (docs/benchmarks.md).
`--inject nan|hang` makes it fail on purpose, to see what a failure looks like.
"""
from __future__ import annotations

import json
import sys

from ..cli import EXIT_INPUT, EXIT_USAGE
from .bench import Progress, findings_for, resolve_device

NAME = "train"
HELP = "run the reference fine-tune and judge it (loss, curve, speed, hangs)"


def add_arguments(p) -> None:
    p.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto")
    p.add_argument("--variant", choices=("lora", "full"), default="lora")
    p.add_argument("--dtype", choices=("fp32", "fp16", "bf16"), default="fp32",
                   help="fp16 uses loss scaling; fp16/bf16 use autocast")
    p.add_argument("--steps", type=int, default=None, help="default 100 (what the reference curve has)")
    p.add_argument("--nproc", type=int, default=1, help="DDP ranks (gloo on CPU, NCCL/RCCL on GPUs)")
    p.add_argument("--inject", choices=("nan", "hang", "crash"), help="fail on purpose (half way through)")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds before the run is killed as hung")
    p.add_argument("--stall", type=float, default=None, help="seconds without progress that count as a hang")
    p.add_argument("--python", metavar="PATH", help="interpreter whose torch runs the fine-tune")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("-q", "--quiet", action="store_true")


def run(a) -> int:
    from ..benchmarks import suite
    from ..cli import exit_code

    if a.python:
        import os

        if not (os.path.isfile(a.python) and os.access(a.python, os.X_OK)):
            print(f"rocmdoctor: --python {a.python}: not an executable file", file=sys.stderr)
            return EXIT_INPUT
    if a.nproc < 1 or (a.steps is not None and a.steps < 1):
        print("rocmdoctor: --nproc and --steps must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    device = resolve_device(a.device, a.python)
    prog = Progress("train", a.quiet)
    if device == "cpu":
        prog("CPU run: timings describe the host CPU, not a GPU", force=True)
    out = suite.run_train(python=a.python, device=device, variant=a.variant, dtype=a.dtype, steps=a.steps,
                          nproc=a.nproc, inject=a.inject, timeout=a.timeout, stall=a.stall, progress=prog)
    prog(f"{out['outcome']} in {out['duration_s']:.1f} s", force=True)
    report = findings_for({"train_run": out}, "train", ["RD-TRAIN"], a.python)
    report.results = {"train_run": out}
    if a.format == "json":
        json.dump(report.to_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        from ..render import print_report

        print_report(report, verbose=True)
        res = out.get("result") or {}
        losses = res.get("losses") or []
        if losses:
            pts = ", ".join(f"{i}:{losses[i]:.3f}" for i in range(0, len(losses), max(1, len(losses) // 10)))
            print(f"\nloss by step: {pts}, last {losses[-1]:.3f}")
    return exit_code(report, False)
