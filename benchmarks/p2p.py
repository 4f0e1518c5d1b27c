"""GPU peer-to-peer: the torch.cuda.can_device_access_peer matrix, then copy bandwidth
for every ordered pair (unidirectional) and every unordered pair (bidirectional, both
copies in flight at once on their own streams). Run by runner.py; standalone.

GB/s = 1e9 bytes/s. Unidirectional = bytes / time; bidirectional = 2 x bytes / time
(the sum of both directions), as rocm_bandwidth_test prints its -b matrix. A pair
without peer access is still measured: the runtime stages that copy through host
memory, and the figure shows what a collective falls back to.
"""
from __future__ import annotations

import sys
import time

try:
    from . import childlib
except ImportError:
    import childlib


def bench(args, status):
    torch = childlib.import_torch(status)
    why = childlib.require_device(torch, "cuda") if args.device == "cuda" else \
        "peer-to-peer needs GPUs (--device cuda); nothing to measure on CPU"
    if why:
        return {"error": why, "unavailable": True}
    n = torch.cuda.device_count()
    status("peer access matrix")
    access = [[i == j or bool(torch.cuda.can_device_access_peer(i, j)) for j in range(n)] for i in range(n)]
    out = {"benchmark": "p2p", "device": childlib.device_info(torch, "cuda"), "devices": n,
           "names": [torch.cuda.get_device_name(i) for i in range(n)], "access": access,
           "unidirectional_gbps": [[None] * n for _ in range(n)],
           "bidirectional_gbps": [[None] * n for _ in range(n)], "bytes": args.size, "wrong_pairs": [], "timing": "wall clock, "
           "all devices synchronised"}
    if n < 2:
        out["note"] = f"torch sees {n} GPU(s): no pairs to measure"
        return out
    iters = args.iters if args.iters is not None else 10
    warmup = args.warmup if args.warmup is not None else 2
    bufs = [torch.empty(args.size, dtype=torch.uint8, device=f"cuda:{i}").fill_(i) for i in range(n)]
    recv = [torch.empty(args.size, dtype=torch.uint8, device=f"cuda:{i}") for i in range(n)]
    streams = [torch.cuda.Stream(device=i) for i in range(n)]

    def sync_all():
        for i in range(n):
            torch.cuda.synchronize(i)

    def timed(copies) -> float:
        """copies: (dst, src, stream) run ``iters`` times each, concurrently across streams."""
        for _ in range(warmup):
            for dst, src, s in copies:
                with torch.cuda.stream(s):
                    dst.copy_(src, non_blocking=True)
        sync_all()
        t0 = time.perf_counter()
        for _ in range(iters):
            for dst, src, s in copies:
                with torch.cuda.stream(s):
                    dst.copy_(src, non_blocking=True)
        sync_all()
        return (time.perf_counter() - t0) / iters

    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            status(f"copy GPU {i} -> GPU {j}")
            t = timed([(recv[j], bufs[i], streams[i])])
            out["unidirectional_gbps"][i][j] = round(args.size / t / 1e9, 3)
            # A copy that silently delivers wrong bytes is worse than a slow one.
            if not bool((recv[j] == i).all().item()):
                out["wrong_pairs"].append([i, j])
    for i in range(n):
        for j in range(i + 1, n):
            status(f"copy GPU {i} <-> GPU {j}")
            t = timed([(recv[j], bufs[i], streams[i]), (recv[i], bufs[j], streams[j])])
            out["bidirectional_gbps"][i][j] = out["bidirectional_gbps"][j][i] = round(2 * args.size / t / 1e9, 3)
    status("finished")
    return out


def main(argv=None) -> int:
    p = childlib.parser(__doc__.splitlines()[0])
    p.add_argument("--size", type=int, default=256 << 20, help="bytes per copy (default 256 MiB)")
    return childlib.main_guard(bench, p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
