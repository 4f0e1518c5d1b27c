"""Dense square matmul throughput per dtype (TFLOPS = 2 n^3 / t). Run by runner.py;
standalone (torch + stdlib).

Per dtype and size: one correctness check against float64 on a small product, then
warm-up, then ``repeats`` timed loops of ``iters`` back-to-back ``torch.matmul(a, b,
out=c)`` calls (CUDA/HIP events on GPU). The best loop is the figure reported (what
the hardware can do); the median is kept too. Plain torch.matmul is what training
calls, so this is the throughput a fine-tune can get, not a hand-tuned kernel's.
"""
from __future__ import annotations

import statistics
import sys

try:
    from . import childlib
except ImportError:
    import childlib

GPU_SIZES = [4096, 8192]
CPU_SIZES = [256, 512]
# Relative Frobenius error allowed against float64 (inputs in [-1, 1), n = 256).
# fp32 allows TF32-class error, which some builds enable by default.
TOLERANCE = {"fp32": 5e-3, "fp16": 1e-2, "bf16": 5e-2}


def bench(args, status):
    torch, gpu, dev = childlib.open_device(args, status)
    warmup = args.warmup if args.warmup is not None else (3 if gpu else 1)
    iters = args.iters if args.iters is not None else (20 if gpu else 3)
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else (GPU_SIZES if gpu else CPU_SIZES)
    rows, errors = [], []
    gen = torch.Generator(device="cpu").manual_seed(0)
    dtypes = args.dtypes or ("fp32,fp16,bf16" if gpu else "fp32,bf16")  # CPU fp16 is emulated and slow
    for name in dtypes.split(","):
        dtype = getattr(torch, childlib.DTYPES[name])
        status(f"{name}: correctness check")
        try:
            err = _check(torch, dev, dtype, gen)
        except RuntimeError as exc:  # e.g. a dtype the device has no kernel for
            errors.append(f"{name}: {exc}".splitlines()[0])
            rows.append({"dtype": name, "error": str(exc).splitlines()[0]})
            continue
        for n in sizes:
            status(f"{name}: {n}x{n}", dtype=name, n=n)
            a = (torch.rand(n, n, generator=gen) * 2 - 1).to(dev, dtype)
            b = (torch.rand(n, n, generator=gen) * 2 - 1).to(dev, dtype)
            c = torch.empty(n, n, device=dev, dtype=dtype)
            times = childlib.timed(torch, args.device, lambda a=a, b=b, c=c: torch.matmul(a, b, out=c),
                                   iters=iters, repeats=args.repeats, warmup=warmup)
            flops = 2.0 * n ** 3
            rows.append({"dtype": name, "n": n, "iters": iters, "repeats": args.repeats,
                         "best_s": min(times), "median_s": statistics.median(times), "samples_s": times,
                         "tflops": flops / min(times) / 1e12, "tflops_median": flops / statistics.median(times) / 1e12,
                         "rel_error": err, "error_ok": err <= TOLERANCE[name],
                         "finite": bool(torch.isfinite(c).all().item())})
            del a, b, c
    status("finished")
    best = {}
    for r in rows:
        if "tflops" in r and r["tflops"] > best.get(r["dtype"], 0):
            best[r["dtype"]] = r["tflops"]
    ratios = {f"{d}/fp32": best[d] / best["fp32"] for d in best if d != "fp32" and best.get("fp32")}
    return {
        "benchmark": "matmul",
        "device": childlib.device_info(torch, args.device),
        "timing": "cuda events" if gpu else "perf_counter",
        "warmup": warmup, "results": rows, "best_tflops": best, "ratios": ratios,
        "tf32_allowed": bool(torch.backends.cuda.matmul.allow_tf32) if gpu else None,
        "errors": errors,
    }


def _check(torch, dev, dtype, gen) -> float:
    n = 256
    a = torch.rand(n, n, generator=gen, dtype=torch.float64) * 2 - 1
    b = torch.rand(n, n, generator=gen, dtype=torch.float64) * 2 - 1
    # Round the inputs to the dtype first, so only the product's own error is measured.
    a_lo, b_lo = a.to(dtype), b.to(dtype)
    got = (a_lo.to(dev) @ b_lo.to(dev)).to("cpu", torch.float64)
    ref = a_lo.double() @ b_lo.double()
    return float(torch.linalg.norm(got - ref) / torch.linalg.norm(ref))


def main(argv=None) -> int:
    p = childlib.parser(__doc__.splitlines()[0])
    p.add_argument("--dtypes", default=None, help="default: fp32,fp16,bf16 on GPU, fp32,bf16 on CPU")
    p.add_argument("--sizes", default=None, help="comma-separated n (square n x n matrices)")
    p.add_argument("--repeats", type=int, default=3)
    return childlib.main_guard(bench, p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
