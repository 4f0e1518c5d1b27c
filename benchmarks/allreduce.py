"""All-reduce bandwidth across ranks: one rank per GPU with NCCL/RCCL, or N CPU ranks
with gloo. Run by runner.py, one process per rank; standalone (torch + stdlib). On one
machine the ranks meet through a file (--init-file); across machines through
--init tcp://HOST:PORT or env:// (the cluster scan runs one rank per node that way, and
torchrun can launch this script directly).

Per size, like nccl-tests/rccl-tests (doc/PERFORMANCE.md):
* correctness: rank r contributes (r+1)*p with p = (i mod 7) + 1, so the sum is
  p*n(n+1)/2, exact in every dtype used; wrong elements are counted ("#wrong");
* warm-up iterations, then ``iters`` timed iterations (CUDA/HIP events on GPU);
* time = mean per iteration, averaged over ranks (nccl-tests' default -a 1);
* algbw = bytes / time; busbw = algbw * 2(n-1)/n.
"""
from __future__ import annotations

import sys

try:
    from . import childlib
except ImportError:  # run as a script: the sibling module is on sys.path
    import childlib

GPU_SIZES = [1 << 20, 16 << 20, 128 << 20, 512 << 20]
CPU_SIZES = [64 << 10, 1 << 20, 4 << 20]


def busbw_factor(n: int) -> float:
    """nccl-tests' all-reduce bus-bandwidth factor."""
    return 2.0 * (n - 1) / n if n > 0 else 0.0


def bench(args, status):
    torch = childlib.import_torch(status)
    why = childlib.require_device(torch, args.device)
    if why:
        return {"error": why, "unavailable": True}
    local_only = (args.init_method or "").startswith("file://")
    if args.device == "cuda" and (args.world if local_only else args.local_rank + 1) > torch.cuda.device_count():
        want = f"{args.world} ranks asked for" if local_only else f"local rank {args.local_rank} asked for"
        return {"error": f"{want} but torch sees {torch.cuda.device_count()} GPU(s)", "unavailable": True}
    status("joining the process group")
    dist, backend = childlib.init_dist(torch, args, args.backend)
    n = args.world
    dev = torch.device("cuda", torch.cuda.current_device()) if args.device == "cuda" else torch.device("cpu")
    dtype = getattr(torch, childlib.DTYPES[args.dtype])
    gpu = args.device == "cuda"
    warmup = args.warmup if args.warmup is not None else (5 if gpu else 2)
    iters = args.iters if args.iters is not None else (20 if gpu else 5)
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else (GPU_SIZES if gpu else CPU_SIZES)
    elem = torch.tensor([], dtype=dtype).element_size()
    rows = []
    for i, size in enumerate(sizes):
        count = max(1, size // elem)
        nbytes = count * elem
        stage = f"all-reduce {_h(nbytes)}"
        status(f"{stage}: allocating", size=nbytes)
        buf = torch.empty(count, dtype=dtype, device=dev)
        pattern = (torch.arange(count, device=dev) % 7 + 1).to(dtype)
        buf.copy_(pattern * (args.rank + 1))
        if i == args.inject_at:
            childlib.inject_here(args, "hang", status, f"{stage}: before the collective")
            childlib.inject_here(args, "crash", status, f"{stage}: before the collective")
        status(f"{stage}: checking values")
        dist.all_reduce(buf)
        childlib.sync(torch, args.device)
        expected = pattern * (n * (n + 1) // 2)
        wrong = int((buf != expected).sum().item())
        buf.zero_()  # timed runs reduce zeros: values stay finite whatever the iteration count
        status(f"{stage}: warm-up")
        for _ in range(warmup):
            dist.all_reduce(buf)
        status(f"{stage}: timing {iters} iterations")
        with childlib.Timer(torch, args.device) as t:
            for _ in range(iters):
                dist.all_reduce(buf)
        local = t.seconds / iters
        tt = torch.tensor([local], dtype=torch.float64, device=dev)
        dist.all_reduce(tt)  # SUM, then divide: gloo has no AVG op
        avg = float(tt.item()) / n
        algbw = nbytes / avg / 1e9
        rows.append({"bytes": nbytes, "count": count, "time_us": _sig(avg * 1e6),
                     "algbw_gbps": _sig(algbw), "busbw_gbps": _sig(algbw * busbw_factor(n)),
                     "wrong": wrong, "local_time_us": _sig(local * 1e6)})
        del buf, pattern, expected
    status("finished")
    dist.destroy_process_group()
    peak = max(rows, key=lambda r: r["busbw_gbps"]) if rows else None
    return {
        "benchmark": "allreduce",
        "device": childlib.device_info(torch, args.device, torch.cuda.current_device() if gpu else 0),
        "backend": backend, "world_size": n, "dtype": args.dtype, "op": "sum",
        "warmup": warmup, "iters": iters, "timing": "cuda events" if gpu else "perf_counter",
        "busbw_factor": busbw_factor(n),
        "sizes": rows,
        "wrong_total": sum(r["wrong"] for r in rows),
        "peak_busbw_gbps": peak["busbw_gbps"] if peak else None,
        "largest": rows[-1] if rows else None,
    }


def _sig(x: float) -> float:
    return float(f"{x:.6g}")


def _h(n: int) -> str:
    for unit, k in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << k and n % (1 << k) == 0:
            return f"{n >> k} {unit}"
    return f"{n} B"


def main(argv=None) -> int:
    p = childlib.parser(__doc__.splitlines()[0])
    p.add_argument("--dtype", choices=tuple(childlib.DTYPES), default="fp32")
    p.add_argument("--sizes", default=None, help="comma-separated byte counts")
    p.add_argument("--backend", default=None, help="override: nccl (GPU) / gloo (CPU)")
    p.add_argument("--inject-at", type=int, default=0, help="size index at which --inject acts")
    return childlib.main_guard(bench, p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
