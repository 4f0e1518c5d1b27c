"""The reference fine-tune: a tiny decoder-only transformer (tinygpt.py) trained for a
fixed number of steps on a deterministic synthetic language, full or LoRA, in fp32,
fp16 (with loss scaling) or bf16 (autocast), on one process or several (DDP, gloo on
CPU, NCCL/RCCL on GPU).

Two halves:
* run as a script (by runner.py, in the interpreter being diagnosed): train and print
  one JSON line with the loss curve, grad norms, timings and memory. Standalone.
* imported by rocmdoctor (no torch import): :func:`validate` judges that result against
  the shipped reference curve (rocmdoctor/data/train_reference.json).

DDP keeps the global batch fixed: every rank draws the same global batch from the
same seed and trains on its slice, and DDP averages the gradients, so the curve is
the single-process curve whatever the number of ranks.
"""
from __future__ import annotations

import math
import statistics
import sys

try:
    from . import childlib
except ImportError:
    import childlib

DEFAULTS = {"steps": 100, "seed": 0, "batch": 16, "lr": {"full": 1e-2, "lora": 2e-2}, "clip": 1.0}
WINDOW = 10  # steps per window when comparing curves
TIMING_SKIP = 5  # first steps left out of throughput (allocator, kernel selection, autotuning)


# ------------------------------------------------------------------------ the run
def train(args, status):
    torch = childlib.import_torch(status)
    why = childlib.require_device(torch, args.device)
    if why:
        return {"error": why, "unavailable": True}
    try:
        from . import tinygpt
    except ImportError:
        import tinygpt

    gpu = args.device == "cuda"
    world, rank = args.world, args.rank
    if not gpu:
        # The model is tiny: extra threads only add contention (and noise on shared hosts).
        torch.set_num_threads(1)
    if args.batch % world:
        return {"error": f"--batch {args.batch} does not split evenly over {world} ranks"}
    dist = None
    if world > 1:
        status("joining the process group")
        dist, backend = childlib.init_dist(torch, args)
    elif gpu:
        torch.cuda.set_device(0)
    dev = torch.device("cuda", torch.cuda.current_device()) if gpu else torch.device("cpu")
    cfg = tinygpt.Config()
    task = tinygpt.MarkovTask(cfg.vocab, args.seed)
    status("building the model")
    model = tinygpt.build(cfg, args.seed, args.variant).to(dev)  # seeded on CPU: same weights everywhere
    params = [p for p in model.parameters() if p.requires_grad]
    lora = _lora_report(model) if args.variant == "lora" else None
    net = model
    if dist is not None:
        from torch.nn.parallel import DistributedDataParallel as DDP

        net = DDP(model, device_ids=[dev.index] if gpu else None)
    lr = args.lr if args.lr is not None else DEFAULTS["lr"][args.variant]
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=0.0)
    low = {"fp16": torch.float16, "bf16": torch.bfloat16}.get(args.dtype)
    scaler = torch.amp.GradScaler(args.device) if args.dtype == "fp16" else None
    gen = torch.Generator().manual_seed(args.seed + 2)
    per_rank = args.batch // world
    inject_step = args.inject_step if args.inject_step is not None else args.steps // 2
    if gpu:
        torch.cuda.reset_peak_memory_stats(dev)

    losses, norms, times, skipped = [], [], [], 0
    first_bad = None
    for step in range(args.steps):
        t0 = _now(torch, gpu)
        batch = task.batch(gen, args.batch, cfg.seq_len)[rank * per_rank:(rank + 1) * per_rank].to(dev)
        status(f"step {step}: forward", step=step)
        if step == inject_step:
            childlib.inject_here(args, "hang", status, f"step {step}: forward")
            childlib.inject_here(args, "crash", status, f"step {step}: forward")
        with torch.autocast(args.device, dtype=low, enabled=low is not None):
            loss = net(batch[:, :-1], batch[:, 1:])
        if args.inject == "nan" and step >= inject_step and rank == _inject_rank(args):
            loss = loss * float("nan")
        status(f"step {step}: backward", step=step)
        (scaler.scale(loss) if scaler else loss).backward()
        if step == 0 and lora is not None:
            lora.update(_lora_grads(model))
        status(f"step {step}: optimizer", step=step)
        if scaler:
            scaler.unscale_(opt)
        norm = float(torch.nn.utils.clip_grad_norm_(params, DEFAULTS["clip"]))
        if scaler:
            before = scaler.get_scale()
            scaler.step(opt)
            scaler.update()
            skipped += scaler.get_scale() < before  # the scaler skipped this step (inf/nan grads)
        else:
            opt.step()
        opt.zero_grad(set_to_none=True)
        value = loss.detach().float()
        if dist is not None:
            dist.all_reduce(value)
            value = value / world
        value = float(value.item())  # synchronises the device
        times.append(_now(torch, gpu) - t0)
        losses.append(value)
        norms.append(norm)
        if not math.isfinite(value):
            first_bad = {"step": step, "what": "loss", "value": str(value)}
            break  # no point training on NaN; the verdict names this step
    status("finished")
    timed = times[TIMING_SKIP:] or times
    tokens_per_step = args.batch * cfg.seq_len
    step_s = statistics.median(timed) if timed else None
    tps = tokens_per_step / step_s if step_s else None
    flops_tok = model.flops_per_token(args.variant)
    out = {
        "benchmark": "train",
        "device": childlib.device_info(torch, args.device, dev.index or 0),
        "variant": args.variant, "dtype": args.dtype,
        "precision": "fp32" if low is None else f"autocast {args.dtype}" + (" + GradScaler" if scaler else ""),
        "steps": args.steps, "steps_done": len(losses), "seed": args.seed, "batch": args.batch, "lr": lr,
        "world_size": world, "backend": (backend if dist is not None else None),
        "config": cfg.as_dict(), "inject": args.inject,
        "losses": losses, "grad_norms": [n if math.isfinite(n) else str(n) for n in norms],
        "skipped_steps": int(skipped), "first_nonfinite": first_bad,
        "step_time_s": step_s, "tokens_per_s": tps, "tokens_per_step": tokens_per_step,
        "flops_per_token": flops_tok, "achieved_tflops": (flops_tok * tps / 1e12) if tps else None,
        "params_total": sum(p.numel() for p in model.parameters()),
        "params_trainable": sum(p.numel() for p in params),
        "lora": lora,
    }
    out.update(_memory(torch, gpu, dev))
    if dist is not None:
        dist.destroy_process_group()
    return out


def _now(torch, gpu: bool) -> float:
    import time

    if gpu:
        torch.cuda.synchronize()
    return time.perf_counter()


def _inject_rank(args) -> int:
    return args.world - 1 if args.inject_rank is None else args.inject_rank


def _lora_report(model) -> dict:
    base = [n for n, p in model.named_parameters() if "lora_" not in n]
    return {"base_params": len(base),
            "base_trainable": [n for n, p in model.named_parameters() if "lora_" not in n and p.requires_grad],
            "adapters": sum(1 for n, _ in model.named_parameters() if "lora_" in n)}


def _lora_grads(model) -> dict:
    """After the first backward: grads must exist on adapters only."""
    return {"base_with_grad": [n for n, p in model.named_parameters() if "lora_" not in n and p.grad is not None],
            "adapters_with_grad": sum(1 for n, p in model.named_parameters() if "lora_" in n and p.grad is not None)}


def _memory(torch, gpu: bool, dev) -> dict:
    if gpu:
        return {"peak_memory_bytes": int(torch.cuda.max_memory_allocated(dev)), "memory_kind": "device (torch allocator)"}
    import resource

    return {"peak_memory_bytes": int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024,
            "memory_kind": "host RSS of this rank"}


# ------------------------------------------------------------------ the verdict
def validate(result: dict | None, reference: dict | None) -> dict:
    """Judge a run: {"passed": bool, "checks": [{"name", "passed", "detail"}]}.

    A check that cannot apply (no reference for these settings, too few steps) has
    passed None and does not fail the run. Pure Python, no torch.
    """
    checks = []

    def add(name, passed, detail):
        checks.append({"name": name, "passed": passed, "detail": detail})

    if not result or result.get("error"):
        add("ran", False, (result or {}).get("error") or "no result")
        return {"passed": False, "checks": checks}
    steps, done = result.get("steps", 0), result.get("steps_done", 0)
    losses = [float(x) for x in result.get("losses") or []]
    bad = result.get("first_nonfinite")
    if bad is None:
        bad_i = next((i for i, v in enumerate(losses) if not math.isfinite(v)), None)
        bad = {"step": bad_i, "what": "loss"} if bad_i is not None else None
    add("loss finite", bad is None,
        "every step's loss is finite" if bad is None else f"loss became {bad.get('value', 'non-finite')} at step {bad['step']}")
    norms = [_f(x) for x in result.get("grad_norms") or []]
    bad_norms = [i for i, v in enumerate(norms) if not math.isfinite(v)]
    skipped = int(result.get("skipped_steps") or 0)
    if result.get("dtype") == "fp16":
        # Loss scaling overflows and skips a few steps by design; many skips is not fine.
        ok = len(bad_norms) <= max(3, steps // 10)
        add("grad norms finite", ok, f"{len(bad_norms)} step(s) with inf/nan gradients, {skipped} skipped by the "
            "loss scaler" + ("" if ok else " (more than loss scaling explains)"))
    else:
        add("grad norms finite", not bad_norms, "all finite" if not bad_norms else
            f"non-finite gradient norm at step {bad_norms[0]} ({len(bad_norms)} step(s))")
    add("completed", done == steps, f"{done}/{steps} steps")
    if result.get("variant") == "lora" and result.get("lora"):
        lo = result["lora"]
        fine = not lo.get("base_trainable") and not lo.get("base_with_grad") and lo.get("adapters_with_grad", 0) > 0
        add("LoRA trains adapters only", fine, "base frozen, gradients on adapters only" if fine else
            f"base params trainable: {lo.get('base_trainable')}; base params with grads: {lo.get('base_with_grad')}")
    ref = reference or {}
    threshold = (ref.get("threshold") or {}).get("final_loss_below")
    min_steps = (ref.get("threshold") or {}).get("min_steps", 50)
    tail = losses[-WINDOW:]
    if threshold is None or done < min_steps or bad is not None:
        add("loss fell", None, f"not judged: needs {min_steps}+ finite steps and a reference threshold")
    else:
        final = sum(tail) / len(tail)
        add("loss fell", final < threshold, f"mean loss over the last {len(tail)} steps {final:.3f} "
            f"({'below' if final < threshold else 'not below'} {threshold}; start {losses[0]:.3f})")
    add(*_curve(result, ref, losses, bad is None))
    passed = all(c["passed"] is not False for c in checks)
    return {"passed": passed, "checks": checks}


def _curve(result, ref, losses, finite) -> tuple:
    curve = (ref.get("curves") or {}).get(result.get("variant"))
    tol = (ref.get("tolerance") or {}).get(result.get("dtype"))
    if not curve or tol is None:
        return "matches reference curve", None, "no reference curve for this variant/dtype"
    same = all(result.get(k) == ref.get(k) for k in ("seed", "batch")) and \
        result.get("lr") == (ref.get("lr") or {}).get(result.get("variant")) and result.get("config") == ref.get("config")
    if not same:
        return "matches reference curve", None, "settings differ from the reference run (seed, batch, lr or model)"
    if not finite:
        return "matches reference curve", False, "the loss went non-finite"
    n = min(len(losses), len(curve))
    worst, at = 0.0, 0
    for s in range(0, n - WINDOW + 1, WINDOW):
        a = sum(losses[s:s + WINDOW]) / WINDOW
        b = sum(curve[s:s + WINDOW]) / WINDOW
        if abs(a - b) > worst:
            worst, at = abs(a - b), s
    if n < WINDOW:
        return "matches reference curve", None, f"fewer than {WINDOW} steps to compare"
    ok = worst <= tol
    return ("matches reference curve", ok,
            f"largest gap between {WINDOW}-step mean losses {worst:.3f} at steps {at}-{at + WINDOW - 1} "
            f"(tolerance {tol} for {result.get('dtype')})")


def _f(x) -> float:
    try:
        return float(x)
    except (TypeError, ValueError):
        return float("nan")


def main(argv=None) -> int:
    p = childlib.parser(__doc__.splitlines()[0])
    p.add_argument("--variant", choices=("lora", "full"), default="lora")
    p.add_argument("--dtype", choices=tuple(childlib.DTYPES), default="fp32")
    p.add_argument("--steps", type=int, default=DEFAULTS["steps"])
    p.add_argument("--seed", type=int, default=DEFAULTS["seed"])
    p.add_argument("--batch", type=int, default=DEFAULTS["batch"], help="global batch (sequences per step)")
    p.add_argument("--lr", type=float, default=None)
    p.add_argument("--inject-step", type=int, default=None, help="step at which --inject acts (default: half way)")
    return childlib.main_guard(train, p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
