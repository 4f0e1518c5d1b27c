"""Time the full health area on the 8x MI300X example (target: under 0.5 s).

    python scripts/bench_health.py [--repeat N]

Prints the findings once, then the best and median wall time of ``scan(select=RD-HEALTH,RD-KERN)``
(the sysfs health checks and the kernel-log checks) over N fresh scans (each builds its own fact
cache, as a real scan does). ``--dmesg FILE`` replays that kernel log as the example's dmesg.
"""
from __future__ import annotations

import argparse
import statistics
import time

import rocmdoctor
from rocmdoctor.output.text import print_report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--example", default="mi300x8")
    ap.add_argument("--dmesg", metavar="FILE", help="a kernel log to replay as the example's `dmesg` output")
    a = ap.parse_args()
    codes = ["RD-HEALTH", "RD-KERN"]
    kw = {"example": a.example}
    tmp = None
    if a.dmesg:
        import tempfile

        from rocmdoctor.testing import build_snapshot

        with open(a.dmesg, encoding="utf-8", errors="replace") as fh:
            log = fh.read()
        tmp = tempfile.TemporaryDirectory()
        kw = {"snapshot": build_snapshot(tmp.name + "/s", base=rocmdoctor.api.examples()[a.example],
                                         commands={("dmesg",): log})}
    rocmdoctor.scan(select=codes, level="quick", **kw)  # warm imports and check discovery
    times = []
    report = None
    for _ in range(a.repeat):
        t0 = time.perf_counter()
        report = rocmdoctor.scan(select=codes, level="quick", **kw)
        times.append(time.perf_counter() - t0)
    print_report(report)
    print(f"health level on {a.example}: {len(report.findings)} findings; best {min(times) * 1000:.0f} ms, "
          f"median {statistics.median(times) * 1000:.0f} ms over {a.repeat} scans (target < 500 ms)")
    return 0 if min(times) < 0.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
