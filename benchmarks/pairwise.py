"""Pairwise all-reduce between the nodes of a job, to find the slow node or link
(`rocmdoctor bench --find-slow-node`). One rank per node, launched across machines with
--init env:// (or torchrun); standalone (torch + stdlib).

Rounds: ceil(log2 N). In round k each rank r pairs with r XOR 2^k (a hypercube, so every
node meets a different partner each round and N/2 pairs run at once); a partner past N
sits the round out. Each pair runs a two-rank all-reduce on its own process group and
times it like nccl-tests (warm-up, then the mean over ``iters``; algbw = bytes/time;
busbw = algbw x 2(n-1)/n = algbw for n = 2). Every rank's pairs are then gathered, and
rank 0 prints them all; rocmdoctor/cluster/slownode.py judges them.

--throttle-rank R --throttle-ms T makes rank R wait T ms after each timed all-reduce, a
simulated slow node for tests on CPU.
"""
from __future__ import annotations

import math
import sys
import time

try:
    from . import childlib
except ImportError:  # run as a script: the sibling module is on sys.path
    import childlib

DEFAULT_BYTES = {"cuda": 64 << 20, "cpu": 1 << 20}


def rounds(n: int) -> int:
    return max(1, math.ceil(math.log2(n))) if n > 1 else 0


def partner(rank: int, k: int, n: int) -> int | None:
    j = rank ^ (1 << k)
    return j if j < n else None


def bench(args, status):
    torch = childlib.import_torch(status)
    why = childlib.require_device(torch, args.device)
    if why:
        return {"error": why, "unavailable": True}
    status("joining the process group")
    dist, backend = childlib.init_dist(torch, args, args.backend, timeout_s=args.pair_timeout)
    n, me = args.world, args.rank
    dev = torch.device("cuda", torch.cuda.current_device()) if args.device == "cuda" else torch.device("cpu")
    nbytes = args.bytes or DEFAULT_BYTES[args.device]
    count = max(1, nbytes // 4)
    warmup = args.warmup if args.warmup is not None else 2
    iters = args.iters if args.iters is not None else (20 if args.device == "cuda" else 5)
    # new_group is collective: every rank creates every pair's group, in the same order.
    groups = {}
    for k in range(rounds(n)):
        for i in range(n):
            j = partner(i, k, n)
            if j is not None and i < j:
                groups[(k, i)] = dist.new_group([i, j])
    mine = []
    for k in range(rounds(n)):
        j = partner(me, k, n)
        status(f"round {k + 1}: with rank {j}" if j is not None else f"round {k + 1}: no partner")
        dist.barrier()  # rounds do not overlap: each pair has its link to itself
        if j is None:
            continue
        g = groups[(k, min(me, j))]
        buf = torch.ones(count, dtype=torch.float32, device=dev)
        for _ in range(warmup):
            dist.all_reduce(buf, group=g)
        childlib.sync(torch, args.device)
        t0 = time.perf_counter()
        for _ in range(iters):
            dist.all_reduce(buf, group=g)
            if me == args.throttle_rank and args.throttle_ms:
                childlib.sync(torch, args.device)
                time.sleep(args.throttle_ms / 1000.0)
        childlib.sync(torch, args.device)
        local = (time.perf_counter() - t0) / iters
        algbw = count * 4 / local / 1e9
        mine.append({"round": k + 1, "rank": me, "peer": j, "node": args.node, "bytes": count * 4,
                     "time_us": round(local * 1e6, 3), "busbw_gbps": float(f"{algbw:.6g}")})
    status("gathering the pairs")
    everyone = [None] * n
    dist.all_gather_object(everyone, {"rank": me, "node": args.node, "pairs": mine})
    dist.destroy_process_group()
    status("finished")
    return {"benchmark": "pairwise", "backend": backend, "device": args.device, "world_size": n,
            "rounds": rounds(n), "bytes": count * 4, "iters": iters,
            "nodes": {str(x["rank"]): x["node"] for x in everyone}, "pairs": _pairs(everyone)}


def _pairs(everyone: list[dict]) -> list[dict]:
    """One row per pair and round, from both ends: the slower end's time (a collective
    finishes when both have)."""
    rows: dict[tuple[int, int, int], dict] = {}
    for x in everyone:
        for p in x["pairs"]:
            key = (p["round"], min(p["rank"], p["peer"]), max(p["rank"], p["peer"]))
            old = rows.get(key)
            if old is None or p["time_us"] > old["time_us"]:
                rows[key] = {"round": key[0], "a": key[1], "b": key[2], "bytes": p["bytes"],
                             "time_us": p["time_us"], "busbw_gbps": p["busbw_gbps"]}
    return [rows[k] for k in sorted(rows)]


def main(argv=None) -> int:
    p = childlib.parser(__doc__.splitlines()[0])
    p.add_argument("--bytes", type=int, default=None, help="message size per all-reduce")
    p.add_argument("--backend", default=None, help="override: nccl (GPU) / gloo (CPU)")
    p.add_argument("--node", default="", help="this rank's node name, for the report")
    p.add_argument("--pair-timeout", type=float, default=600.0, help="collective timeout in seconds")
    p.add_argument("--throttle-rank", type=int, default=None, help="tests: this rank is slowed down")
    p.add_argument("--throttle-ms", type=float, default=0.0, help="tests: its wait after each all-reduce")
    return childlib.main_guard(bench, p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
