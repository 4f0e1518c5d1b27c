"""Check the matmul benchmark against the plainest possible measurement: a bare
``c = a @ b`` loop timed with synchronize + perf_counter. The two should agree within
10%; if ours is lower, the benchmark (not the GPU) is at fault.

    python benchmarks/compare_torch.py --device cuda --dtype bf16 --n 8192
    python benchmarks/compare_torch.py --device cpu --dtype fp32 --n 512

Standalone: torch + this folder. Prints a small table and exits 1 when the gap is
over 10%.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import time

try:
    from . import childlib
    from . import matmul
except ImportError:
    import childlib
    import matmul


def plain(torch, device: str, dtype: str, n: int, iters: int, repeats: int) -> float:
    dt = getattr(torch, childlib.DTYPES[dtype])
    a = torch.randn(n, n, device=device, dtype=dt)
    b = torch.randn(n, n, device=device, dtype=dt)
    best = float("inf")
    for rep in range(repeats + 1):  # loop 0 is warm-up
        if device == "cuda":
            torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(iters):
            c = a @ b  # noqa: F841 - a fresh result each time, as user code does
        if device == "cuda":
            torch.cuda.synchronize()
        if rep:
            best = min(best, (time.perf_counter() - t0) / iters)
    return 2.0 * n ** 3 / best / 1e12


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    p.add_argument("--dtype", choices=tuple(childlib.DTYPES), default="fp32")
    p.add_argument("--n", type=int, default=None, help="default 8192 on GPU, 512 on CPU")
    p.add_argument("--iters", type=int, default=None)
    p.add_argument("--repeats", type=int, default=3)
    a = p.parse_args(argv)
    n = a.n or (8192 if a.device == "cuda" else 512)
    iters = a.iters or (20 if a.device == "cuda" else 3)
    import torch

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        matmul.main(["--device", a.device, "--dtypes", a.dtype, "--sizes", str(n), "--iters", str(iters),
                     "--repeats", str(a.repeats)])
    ours = json.loads(buf.getvalue().strip().splitlines()[-1])
    if ours.get("error"):
        print(f"matmul benchmark: {ours['error']}", file=sys.stderr)
        return 2
    ours_tflops = ours["best_tflops"][a.dtype]
    ref = plain(torch, a.device, a.dtype, n, iters, a.repeats)
    ratio = ours_tflops / ref
    label = "CPU" if a.device == "cpu" else torch.cuda.get_device_name(0)
    print(f"device: {label}; {a.dtype} {n}x{n}, {iters} iterations, best of {a.repeats}")
    print(f"  rocmdoctor matmul benchmark : {ours_tflops:10.3f} TFLOPS")
    print(f"  plain torch.matmul loop     : {ref:10.3f} TFLOPS")
    verdict = "not more than" if ratio >= 0.9 else "MORE than"
    print(f"  ratio                       : {ratio:10.3f}  ({verdict} 10% below plain)")
    return 0 if ratio >= 0.9 else 1


if __name__ == "__main__":
    sys.exit(main())
