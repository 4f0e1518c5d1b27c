"""Memory bandwidth: device-to-device copy, and host<->device copies (pinned and
pageable). Run by runner.py; standalone (torch + stdlib).

Figures are in GB/s (1e9 bytes/s). For a copy, ``copy_gbps`` = bytes copied / time (what
rocm_bandwidth_test and nvbandwidth print for one direction) and, for on-device copies,
``rw_gbps`` = 2 x bytes / time (bytes read + written: the memory traffic, comparable
with HBM peak and with BabelStream's Copy). On CPU only a host copy runs; it measures
RAM bandwidth and is labelled as such.
"""
from __future__ import annotations

import statistics
import sys

try:
    from . import childlib
except ImportError:
    import childlib


def bench(args, status):
    torch, gpu, dev = childlib.open_device(args, status)
    size = args.size or ((1 << 30) if gpu else (64 << 20))
    warmup = args.warmup if args.warmup is not None else 2
    iters = args.iters if args.iters is not None else (10 if gpu else 5)
    rows = []

    def measure(name, dst, src, rw: bool):
        status(f"{name}: {size >> 20} MiB")
        times = childlib.timed(torch, args.device, lambda: dst.copy_(src, non_blocking=True), iters=iters,
                               repeats=3, warmup=warmup)
        best = min(times)
        row = {"test": name, "bytes": size, "iters": iters, "best_s": best, "median_s": statistics.median(times),
               "samples_s": times,
               "copy_gbps": size / best / 1e9}
        if rw:
            row["rw_gbps"] = 2 * size / best / 1e9
        rows.append(row)

    if gpu:
        a = torch.empty(size, dtype=torch.uint8, device=dev)
        b = torch.empty_like(a)
        a.fill_(1)
        measure("device_to_device", b, a, rw=True)
        del a, b
        hsize = min(size, 256 << 20)
        size = hsize
        d = torch.empty(hsize, dtype=torch.uint8, device=dev)
        for pinned in (True, False):
            h = torch.empty(hsize, dtype=torch.uint8, pin_memory=pinned)
            h.fill_(1)
            kind = "pinned" if pinned else "pageable"
            measure(f"host_to_device_{kind}", d, h, rw=False)
            measure(f"device_to_host_{kind}", h, d, rw=False)
            del h
    else:
        a = torch.ones(size, dtype=torch.uint8)
        b = torch.empty_like(a)
        measure("host_ram_copy", b, a, rw=True)
    status("finished")
    return {"benchmark": "membw", "device": childlib.device_info(torch, args.device),
            "timing": "cuda events" if gpu else "perf_counter", "results": rows,
            "by_test": {r["test"]: r for r in rows}}


def main(argv=None) -> int:
    p = childlib.parser(__doc__.splitlines()[0])
    p.add_argument("--size", type=int, default=None, help="bytes per buffer (default 1 GiB GPU, 64 MiB CPU)")
    return childlib.main_guard(bench, p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
