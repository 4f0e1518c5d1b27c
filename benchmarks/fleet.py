"""`rocmdoctor scan --from DIR` over a fleet of node reports: time and peak memory.

    python benchmarks/fleet.py --nodes 1000

Generates N node reports (`scan --format json --node-summary` of the embedded mi300x8
example, one file per node as a shared folder would hold them), with the kinds of drift a
fleet has: every 97th node another torch, every 250th a GPU with uncorrectable ECC errors,
every 333rd another kernel. Then runs `rocmdoctor scan --from DIR` as a user would (text
report to /dev/null) and measures that process alone: wall time and its peak resident
memory (ru_maxrss of the child). The target (issue 30): 1,000 nodes in under 60 s, memory
bounded (each node kept slim past 32 nodes). Generation is not timed.

The last line is exactly: fleet: N nodes in S s, peak M MB
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import resource
import subprocess
import sys
import tempfile
import time


def base_report() -> dict:
    from types import SimpleNamespace

    import rocmdoctor
    from rocmdoctor.cluster.node import scan_node

    a = SimpleNamespace(level="default", select=None, ignore=None, config=None, example=None, root=None,
                        snapshot=rocmdoctor.examples()["mi300x8"], python=None, no_plugins=True)
    report, _ = scan_node(a)
    return report.to_dict()


def node_report(base: dict, i: int) -> dict:
    r = copy.deepcopy(base)
    s = r["results"]["node_summary"]
    if i % 97 == 0:
        s["torch"] = "2.5.1+rocm6.2"
    if i % 333 == 0:
        s["kernel"] = "6.8.0-49-generic"
    if i % 250 == 0:
        for f in r["findings"]:
            if f["code"] == "RD-HEALTH-001":
                f.update(status="fail", subject="GPU 3 (0000:5f:00.0)",
                         title="3 uncorrectable ECC errors in umc since boot")
    return r


def generate(directory: str, n: int) -> None:
    base = base_report()
    for i in range(1, n + 1):
        with open(os.path.join(directory, f"node{i:04d}.json"), "w", encoding="utf-8") as fh:
            json.dump(node_report(base, i), fh)


def measure(directory: str, fmt: str) -> tuple[float, float, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    with open(os.devnull, "w") as null:
        p = subprocess.run([sys.executable, "-m", "rocmdoctor", "scan", "--from", directory, "--format", fmt],
                           stdout=null, stderr=subprocess.PIPE, text=True, check=False)
    took = time.perf_counter() - t0
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if peak_kb < before:  # ru_maxrss of children is the largest child so far; ours is the only one
        peak_kb = before
    if p.returncode not in (0, 1):
        raise SystemExit(f"scan --from failed (exit {p.returncode}): {p.stderr[-500:]}")
    return took, peak_kb / 1024, p.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=1000)
    ap.add_argument("--format", default="text", choices=("text", "json"), help="the report scan --from prints")
    ap.add_argument("--dir", help="keep the generated reports here (default: a temporary folder)")
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        directory = a.dir or tmp
        os.makedirs(directory, exist_ok=True)
        t0 = time.perf_counter()
        generate(directory, a.nodes)
        print(f"generated {a.nodes} node reports in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
        took, peak, code = measure(directory, a.format)
    print(f"scan --from exit code {code} (1: the generated fleet has failing nodes and drift)")
    print(f"fleet: {a.nodes} nodes in {took:.1f} s, peak {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
