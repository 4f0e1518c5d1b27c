#!/usr/bin/env python3
"""Time `rocmdoctor scan --level quick` and the default scan against
`python -m torch.utils.collect_env` on the same machine and print the ratios.

Targets (issue 2): quick <= 0.2x and default <= 1.0x of collect_env's wall time.
Each command runs --runs times (after one warm-up run so the page cache is warm for all);
the median wall time is reported. Usage: python scripts/bench_scan_speed.py [--runs 5]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def wall(argv: list[str], runs: int) -> tuple[float, list[float]]:
    env = dict(os.environ, NO_COLOR="1")
    # An installed wheel has bytecode; let every command write and reuse it alike.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, timeout=600)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, timeout=600)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--python", default=sys.executable, help="interpreter with torch and rocmdoctor")
    a = ap.parse_args()
    py = a.python
    cases = [
        ("collect_env (reference)", [py, "-m", "torch.utils.collect_env"]),
        ("rocmdoctor scan --level quick", [py, "-m", "rocmdoctor", "scan", "--level", "quick"]),
        ("rocmdoctor scan (default level)", [py, "-m", "rocmdoctor", "scan"]),
    ]
    results = {}
    for name, argv in cases:
        med, all_t = wall(argv, a.runs)
        results[name] = med
        print(f"{name:34} median {med:6.3f} s   runs: {', '.join(f'{t:.3f}' for t in all_t)}", flush=True)
    ref = results[cases[0][0]]
    quick = results[cases[1][0]] / ref
    default = results[cases[2][0]] / ref
    print()
    print(f"quick / collect_env   = {quick:.2f}x  (target <= 0.20x) {'OK' if quick <= 0.2 else 'MISSED'}")
    print(f"default / collect_env = {default:.2f}x  (target <= 1.00x) {'OK' if default <= 1.0 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
