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
import os
import statistics
import sys

try:
    from . import childlib
except ImportError:
    import childlib

DEFAULTS = {"steps": 100, "seed": 0, "batch": 16, "lr": {"full": 1e-2, "lora": 2e-2}, "clip": 1.0}
ATTENTION = ("sdpa", "eager", "math", "flash", "efficient")
WINDOW = 10  # steps per window when comparing curves
TIMING_SKIP = 5  # first steps left out of throughput (allocator, kernel selection, autotuning)


# ------------------------------------------------------------------------ the run
def _sibling(name):
    import importlib

    try:
        return importlib.import_module(f"{__package__}.{name}") if __package__ else importlib.import_module(name)
    except ImportError:
        return importlib.import_module(name)


def train(args, status):
    torch = childlib.import_torch(status)
    why = childlib.require_device(torch, args.device)
    if why:
        return {"error": why, "unavailable": True}
    if args.model:
        missing = _sibling("hfmodel").missing_packages()
        if missing:
            return {"error": f"transformers/peft not importable in {sys.executable}: no module "
                             f"{' or '.join(map(repr, missing))}; install them there to train --model",
                    "unavailable": True}
    if args.engine == "deepspeed":
        import importlib.util

        if importlib.util.find_spec("deepspeed") is None:
            return {"error": f"deepspeed is not importable in {sys.executable}", "unavailable": True}
        if args.device == "cpu":
            # DeepSpeed picks its accelerator from what the host has: on a GPU host a CPU run's
            # ranks went to the GPU (rank 1 to a device that did not exist; seen on an H100).
            os.environ["DS_ACCELERATOR"] = "cpu"
    gpu = args.device == "cuda"
    world, rank = args.world, args.rank
    if not gpu and not args.model:
        # The model is tiny: extra threads only add contention (and noise on shared hosts).
        torch.set_num_threads(1)
    if args.batch % world:
        return {"error": f"--batch {args.batch} does not split evenly over {world} ranks"}
    low = {"fp16": torch.float16, "bf16": torch.bfloat16}.get(args.dtype)
    hd = _sibling("hfmodel").head_dim(_sibling("hfmodel").read_config(args.model)) if args.model else 16
    attn_ctx, why = attention_backend(torch, args.attention, args.device, low or torch.float32, hd)
    if why:
        return {"error": why, "unsupported": True, "attention": args.attention}
    dist = backend = None
    if world > 1 or args.engine == "deepspeed":  # DeepSpeed wants a process group even on one rank
        status("joining the process group")
        dist, backend = childlib.init_dist(torch, args)
    elif gpu:
        torch.cuda.set_device(0)
    dev = torch.device("cuda", torch.cuda.current_device()) if gpu else torch.device("cpu")
    status("building the model")
    if args.model:
        m = _sibling("hfmodel").Model(torch, args, dev)
        model, vocab, seq_len, config = m.module, m.vocab, m.seq_len, m.describe()
        task = None
        lossf = m.loss
    else:
        tinygpt = _sibling("tinygpt")
        cfg = tinygpt.Config()
        task = tinygpt.MarkovTask(cfg.vocab, args.seed)
        # seeded on CPU: the same weights on every rank
        model = tinygpt.build(cfg, args.seed, args.variant, "eager" if args.attention == "eager" else "sdpa").to(dev)
        vocab, seq_len, config = cfg.vocab, cfg.seq_len, cfg.as_dict()
        lossf = lambda net, b: net(b[:, :-1], b[:, 1:])  # noqa: E731
    params = [p for p in model.parameters() if p.requires_grad]
    counts = {"params_total": sum(p.numel() for p in model.parameters()),
              "params_trainable": sum(p.numel() for p in params)}  # before ZeRO-3 partitions them
    lora = _lora_report(model) if args.variant == "lora" else None
    lr = args.lr if args.lr is not None else DEFAULTS["lr"][args.variant]
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=0.0)
    per_rank = args.batch // world
    if args.engine == "deepspeed":
        status("deepspeed.initialize")
        net, step = _deepspeed(torch, args, model, opt, per_rank)
        autocast = False  # DeepSpeed casts the model itself (fp16/bf16 sections of its config)
    else:
        net = model
        if dist is not None:
            from torch.nn.parallel import DistributedDataParallel as DDP

            net = DDP(model, device_ids=[dev.index] if gpu else None)
        step = _plain_step(torch, args, params, opt)
        autocast = low is not None
    gen = torch.Generator().manual_seed(args.seed + 2)
    inject_step = args.inject_step if args.inject_step is not None else args.steps // 2
    if gpu:
        torch.cuda.reset_peak_memory_stats(dev)

    def after_backward(i):
        if i == 0 and lora is not None and args.engine != "deepspeed":
            lora.update(_lora_grads(model))  # ZeRO keeps gradients in its own partitions: not inspected
        status(f"step {i}: optimizer", step=i)

    losses, norms, times = [], [], []
    first_bad = oom = None
    for i in range(args.steps):
        t0 = _now(torch, gpu)
        if task is not None:
            batch = task.batch(gen, args.batch, seq_len)[rank * per_rank:(rank + 1) * per_rank].to(dev)
        else:  # synthetic tokens for a user model: the same global batch everywhere, sliced per rank
            batch = torch.randint(0, vocab, (args.batch, seq_len), generator=gen)[rank * per_rank:(rank + 1) * per_rank].to(dev)
        status(f"step {i}: forward", step=i)
        if i == inject_step:
            childlib.inject_here(args, "hang", status, f"step {i}: forward")
            childlib.inject_here(args, "crash", status, f"step {i}: forward")
        try:
            with attn_ctx(), torch.autocast(args.device, dtype=low, enabled=autocast):
                loss = lossf(net, batch)
            if args.inject == "nan" and i >= inject_step and rank == _inject_rank(args):
                loss = loss * float("nan")
            status(f"step {i}: backward", step=i)
            with attn_ctx():
                norm = step(net, loss, lambda: after_backward(i))  # noqa: B023  (called within this step)
        except Exception as exc:  # out of memory: report how far it got, not a traceback only
            if "out of memory" not in str(exc).lower():
                raise
            oom = {"step": i, "stage": f"step {i}", "message": str(exc).splitlines()[0][:300]}
            break
        value = loss.detach().float()
        if dist is not None:
            dist.all_reduce(value)
            value = value / world
        value = float(value.item())  # synchronises the device
        times.append(_now(torch, gpu) - t0)
        losses.append(value)
        norms.append(norm)
        if not math.isfinite(value):
            first_bad = {"step": i, "what": "loss", "value": str(value)}
            break  # no point training on NaN; the verdict names this step
    status("finished")
    skip = min(TIMING_SKIP, len(times) // 2)
    timed = times[skip:] or times
    tokens_per_step = args.batch * seq_len
    step_s = statistics.median(timed) if timed else None
    tps = tokens_per_step / step_s if step_s else None
    flops_tok = model.flops_per_token(args.variant) if hasattr(model, "flops_per_token") else None
    skipped = step.skipped()
    out = {
        "benchmark": "train",
        "device": childlib.device_info(torch, args.device, dev.index or 0),
        "variant": args.variant, "dtype": args.dtype, "attention": args.attention,
        "engine": args.engine, "zero": args.zero if args.engine == "deepspeed" else None,
        "offload": bool(args.offload) if args.engine == "deepspeed" else None,
        "model": args.model, "grad_ckpt": bool(args.grad_ckpt) if args.model else None,
        "precision": _precision(args, low),
        "steps": args.steps, "steps_done": len(losses), "seed": args.seed, "batch": args.batch, "lr": lr,
        "world_size": world, "backend": backend,
        "config": config, "inject": args.inject,
        "losses": losses, "grad_norms": [n if math.isfinite(n) else str(n) for n in norms],
        "skipped_steps": int(skipped), "first_nonfinite": first_bad, "oom": oom,
        "step_time_s": step_s, "tokens_per_s": tps, "tokens_per_step": tokens_per_step,
        "flops_per_token": flops_tok, "achieved_tflops": (flops_tok * tps / 1e12) if (tps and flops_tok) else None,
        **counts, "lora": lora,
    }
    if oom:
        out["error"] = f"out of memory at step {oom['step']}: {oom['message']}"
    out.update(_memory(torch, gpu, dev))
    if dist is not None and not oom:
        dist.destroy_process_group()
    return out


def _precision(args, low) -> str:
    if low is None:
        return "fp32"
    if args.engine == "deepspeed":
        return f"DeepSpeed {args.dtype}" + (" (dynamic loss scaling)" if args.dtype == "fp16" else "")
    return f"autocast {args.dtype}" + (" + GradScaler" if args.dtype == "fp16" else "")


class _plain_step:
    """backward, unscale, clip, optimizer step; the gradient norm back."""

    def __init__(self, torch, args, params, opt):
        self.torch, self.params, self.opt = torch, params, opt
        self.scaler = torch.amp.GradScaler(args.device) if args.dtype == "fp16" else None
        self.n_skipped = 0

    def __call__(self, net, loss, optimizer_stage) -> float:
        scaler = self.scaler
        (scaler.scale(loss) if scaler else loss).backward()
        optimizer_stage()
        if scaler:
            scaler.unscale_(self.opt)
        norm = float(self.torch.nn.utils.clip_grad_norm_(self.params, DEFAULTS["clip"]))
        if scaler:
            before = scaler.get_scale()
            scaler.step(self.opt)
            scaler.update()
            self.n_skipped += scaler.get_scale() < before  # the scaler skipped this step (inf/nan grads)
        else:
            self.opt.step()
        self.opt.zero_grad(set_to_none=True)
        return norm

    def skipped(self) -> int:
        return self.n_skipped


def _deepspeed(torch, args, model, opt, per_rank):
    import deepspeed

    if args.device == "cpu":
        # The CPU accelerator JIT-compiles a shared-memory all-reduce at init (about a minute and a
        # C++ compiler); gloo carries the collectives just as well for this.
        try:
            deepspeed.ops.__compatible_ops__["deepspeed_shm_comm"] = False
        except (AttributeError, TypeError):
            pass
    zero = {"stage": args.zero}
    if args.offload:
        zero["offload_optimizer"] = {"device": "cpu"}
    cfg = {"train_batch_size": args.batch, "train_micro_batch_size_per_gpu": per_rank,
           "gradient_accumulation_steps": 1, "gradient_clipping": DEFAULTS["clip"], "zero_optimization": zero,
           # torch's AdamW rather than DeepSpeed's compiled optimizers: nothing to build
           "zero_allow_untested_optimizer": True, "zero_force_ds_cpu_optimizer": False,
           "steps_per_print": 1 << 30, "wall_clock_breakdown": False}
    if args.dtype == "fp16":
        cfg["fp16"] = {"enabled": True, "loss_scale": 0}
    elif args.dtype == "bf16":
        cfg["bf16"] = {"enabled": True}
    engine, _, _, _ = deepspeed.initialize(model=model, optimizer=opt, config=cfg, dist_init_required=False)

    class Step:
        def __call__(self, net, loss, optimizer_stage):
            net.backward(loss)
            optimizer_stage()
            net.step()
            norm = net.get_global_grad_norm()
            return float(norm) if norm is not None else float("nan")

        def skipped(self):
            return int(getattr(engine, "skipped_steps", 0) or 0)

    return engine, Step()


def attention_backend(torch, name: str, device: str, dtype, head_dim: int = 16):
    """(context factory, None), or (None, why) when the asked-for SDPA kernel cannot run here.

    sdpa/eager need no pinning. math/flash/efficient pin torch.nn.attention.sdpa_kernel
    (torch >= 2.3; torch.backends.cuda.sdp_kernel before that) and are tried once on a
    small causal batch, forward and backward, so an unsupported kernel is reported
    before training rather than as a crash in step 0.
    """
    import contextlib
    import warnings

    if name in ("sdpa", "eager"):
        return contextlib.nullcontext, None
    try:
        from torch.nn.attention import SDPBackend, sdpa_kernel

        backend = {"math": SDPBackend.MATH, "flash": SDPBackend.FLASH_ATTENTION,
                   "efficient": SDPBackend.EFFICIENT_ATTENTION}[name]
        ctx = lambda: sdpa_kernel(backend)  # noqa: E731
    except ImportError:
        old = getattr(getattr(torch.backends, "cuda", None), "sdp_kernel", None)
        if old is None:
            return None, f"--attention {name}: torch {torch.__version__} cannot pin an SDPA kernel"
        flags = {"enable_math": name == "math", "enable_flash": name == "flash", "enable_mem_efficient": name == "efficient"}
        ctx = lambda: old(**flags)  # noqa: E731
    q = torch.randn(1, 2, 64, head_dim, device=device, dtype=dtype, requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            with ctx():
                torch.nn.functional.scaled_dot_product_attention(q, q, q, is_causal=True).sum().backward()
            return ctx, None
        except RuntimeError as exc:
            error = str(exc).splitlines()[0]
    said = [str(w.message).splitlines()[0] for w in caught if "kernel not used" in str(w.message)
            or "because" in str(w.message)]
    dtype_name = str(dtype).replace("torch.", "")
    where = device if device == "cpu" else torch.cuda.get_device_name(0)
    return None, (f"--attention {name}: the {name} SDPA kernel cannot run on {where} with torch "
                  f"{torch.__version__} in {dtype_name} ({'; '.join(said[:2]) or error})")


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

    if not result or (result.get("error") and not result.get("oom")):
        add("ran", False, result.get("error") if result else "no result")
        return {"passed": False, "checks": checks}
    if result.get("oom"):
        add("fits in memory", False, result["error"])
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
    ranks = result.get("per_rank") or []
    if len(ranks) > 1:
        same = len({(r.get("steps_done"), r.get("final_loss")) for r in ranks}) == 1
        add("ranks agree", same, f"all {len(ranks)} ranks did {done} steps and report the same loss" if same else
            "ranks differ: " + "; ".join(f"rank {r['rank']}: {r.get('steps_done')} steps, loss "
                                         f"{r.get('final_loss')}" for r in ranks))
    if result.get("variant") == "lora" and result.get("lora"):
        lo = result["lora"]
        inspected = "adapters_with_grad" in lo  # not under ZeRO, which keeps gradients in its partitions
        fine = not lo.get("base_trainable") and (not inspected or (not lo.get("base_with_grad")
                                                                   and lo.get("adapters_with_grad", 0) > 0))
        add("LoRA trains adapters only", fine, ("base frozen, gradients on adapters only" if inspected else
                                                "base frozen (gradients not inspected under ZeRO)") if fine else
            f"base params trainable: {lo.get('base_trainable')}; base params with grads: {lo.get('base_with_grad')}")
    if result.get("model"):
        # Random tokens on the user's model: no curve to follow, the loss need not fall.
        add("loss fell", None, "not judged: synthetic random tokens on a user model")
        add("matches reference curve", None, "no reference curve for a user model")
        return {"passed": all(c["passed"] is not False for c in checks), "checks": checks}
    ref = reference or {}
    # This module also runs as a script in the user's interpreter: no rocmdoctor helpers here.
    limits = ref.get("threshold") or {}
    threshold = limits.get("final_loss_below")
    min_steps = limits.get("min_steps", 50)
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
    curves, tolerance, lrs = ref.get("curves") or {}, ref.get("tolerance") or {}, ref.get("lr") or {}
    curve = curves.get(result.get("variant"))
    tol = tolerance.get(result.get("dtype"))
    if not curve or tol is None:
        return "matches reference curve", None, "no reference curve for this variant/dtype"
    same = all(result.get(k) == ref.get(k) for k in ("seed", "batch")) and \
        result.get("lr") == lrs.get(result.get("variant")) and result.get("config") == ref.get("config")
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
    p.add_argument("--attention", choices=ATTENTION, default="sdpa")
    p.add_argument("--engine", choices=("ddp", "deepspeed"), default="ddp")
    p.add_argument("--zero", type=int, choices=(1, 2, 3), default=2)
    p.add_argument("--offload", action="store_true", help="DeepSpeed: optimizer state on the CPU")
    p.add_argument("--model", default=None, help="a local Hugging Face checkpoint directory (needs transformers, peft)")
    p.add_argument("--seq-len", type=int, default=1024, help="--model: tokens per sequence")
    p.add_argument("--grad-ckpt", action="store_true", help="--model: gradient checkpointing")
    p.add_argument("--lora-rank", type=int, default=8)
    p.add_argument("--lora-target", default="q_proj,k_proj,v_proj,o_proj")
    p.add_argument("--dtype", choices=tuple(childlib.DTYPES), default="fp32")
    p.add_argument("--steps", type=int, default=DEFAULTS["steps"])
    p.add_argument("--seed", type=int, default=DEFAULTS["seed"])
    p.add_argument("--batch", type=int, default=DEFAULTS["batch"], help="global batch (sequences per step)")
    p.add_argument("--lr", type=float, default=None)
    p.add_argument("--inject-step", type=int, default=None, help="step at which --inject acts (default: half way)")
    return childlib.main_guard(train, p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
