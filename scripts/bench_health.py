"""Time the full health area on the 8x MI300X example (target: under 0.5 s).

    python scripts/bench_health.py [--repeat N]

Prints the findings once, then the best and median wall time of ``scan(select=RD-HEALTH)``
over N fresh scans (each builds its own fact cache, as a real scan does).
"""
from __future__ import annotations

import argparse
import statistics
import time

import rocmdoctor
from rocmdoctor.render import print_report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--example", default="mi300x8")
    a = ap.parse_args()
    rocmdoctor.scan(example=a.example, select=["RD-HEALTH"], level="quick")  # warm imports and check discovery
    times = []
    report = None
    for _ in range(a.repeat):
        t0 = time.perf_counter()
        report = rocmdoctor.scan(example=a.example, select=["RD-HEALTH"], level="quick")
        times.append(time.perf_counter() - t0)
    print_report(report)
    print(f"health level on {a.example}: {len(report.findings)} findings; best {min(times) * 1000:.0f} ms, "
          f"median {statistics.median(times) * 1000:.0f} ms over {a.repeat} scans (target < 500 ms)")
    return 0 if min(times) < 0.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
