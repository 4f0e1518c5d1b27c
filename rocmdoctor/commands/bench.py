"""`rocmdoctor bench`: run the active benchmarks (matmul, memory bandwidth, peer-to-peer,
all-reduce, 16-bit numerics, SDPA attention kernels) in child processes of the target interpreter, with hard timeouts, and
report figures plus findings (RD-BENCH-*). A CPU run is labelled as one.

Methodology and how the figures compare with rccl-tests and rocm_bandwidth_test:
docs/benchmarks.md.
"""
from __future__ import annotations

import json
import sys

from ..cli import EXIT_FAIL, EXIT_INPUT, EXIT_USAGE
from ..usage import positive_float

NAME = "bench"
HELP = "run GPU benchmarks (matmul, membw, p2p, allreduce, numerics, attention) with hard timeouts"

REGRESSION = 0.10  # --compare flags a metric that fell by more than this


def add_arguments(p) -> None:
    p.add_argument("which", nargs="?", default="all", choices=("matmul", "membw", "p2p", "allreduce", "numerics", "attention", "all"))
    p.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto",
                   help="cuda means any torch GPU, ROCm included (default: cuda when torch sees one, else cpu)")
    p.add_argument("--dtype", choices=("fp32", "fp16", "bf16"),
                   help="matmul, numerics, attention: only this dtype; allreduce: its dtype")
    p.add_argument("--nproc", type=int, help="all-reduce ranks (default: every GPU, or 2 on CPU)")
    p.add_argument("--timeout", type=positive_float, default=600.0, help="seconds per benchmark before it is killed")
    p.add_argument("--stall", type=positive_float, default=None, help="seconds without progress that count as a hang")
    p.add_argument("--python", metavar="PATH", help="interpreter whose torch runs the benchmarks")
    p.add_argument("--compare", metavar="FILE", help="a previous `bench --format json` output to compare with")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")


def resolve_device(device: str, python: str | None) -> str:
    if device != "auto":
        return device
    from ..benchmarks.suite import count_gpus

    return "cuda" if (count_gpus(python) or 0) > 0 else "cpu"


def findings_for(results: dict, level: str, codes: list[str], python: str | None):
    """Turn measured outcomes into findings with the same checks `scan` uses."""
    from ..api import scan
    from ..sources import LiveSource

    return scan(level=level, select=codes, source=LiveSource(python=python), plugins=False,
                options={"active_results": results})


def run(a) -> int:
    from ..benchmarks import suite
    from ..progress import Progress
    from ..usage import require_torch

    if a.nproc is not None and a.nproc < 1:
        print("rocmdoctor: --nproc must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    baseline = None
    if a.compare:
        try:
            with open(a.compare, encoding="utf-8") as fh:
                baseline = json.load(fh)
        except (OSError, ValueError) as exc:
            print(f"rocmdoctor: --compare {a.compare}: {exc}", file=sys.stderr)
            return EXIT_INPUT
    require_torch(a.python or sys.executable)
    device = resolve_device(a.device, a.python)
    names = list(suite.BENCHMARKS) if a.which == "all" else [a.which]
    if device == "cpu" and a.which == "all":
        names.remove("p2p")  # needs GPUs; asking for it explicitly still reports why
    if not a.quiet and device == "cpu":
        print("[bench] CPU run: these figures describe the host CPU, not a GPU", file=sys.stderr)
    results = {}
    busy, partition = [], None
    if device == "cuda":  # another job on the GPU makes every figure below meaningless: say so first
        from ..busy import precheck, warn_and_mark

        busy, partition = precheck(a.python)
        warn_and_mark(busy, results, "bench", a.quiet)
    for name in names:
        prog = Progress(f"bench {name}", a.quiet)
        prog("starting")
        try:
            results[f"bench_{name}"] = suite.run_benchmark(name, python=a.python, device=device, dtype=a.dtype,
                                                           nproc=a.nproc, timeout=a.timeout, stall=a.stall,
                                                           progress=prog, partition=partition)
        finally:
            prog.close()
        prog.close(f"{results[f'bench_{name}']['outcome']} in {results[f'bench_{name}']['duration_s']:.1f} s")
    codes = [c for n in names for c in CODES[n]]
    report = findings_for({k: v for k, v in results.items() if k.startswith("bench_")}, "bench", codes, a.python)
    report.findings = busy + report.findings
    report.results = results
    comparison = compare(results, baseline) if baseline is not None else None
    if comparison is not None:
        report.results["comparison"] = comparison
    if a.format == "json":
        json.dump(report.to_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        from ..render import print_report

        print_report(report)
        print_figures(results)
        if results.get("untrustworthy"):
            print("UNTRUSTWORTHY: " + "; ".join(results["untrustworthy"]["gpus"]) + " (another process held the GPU)")
        if comparison:
            print_comparison(comparison)
    from ..cli import exit_code

    if comparison and comparison["regressions"]:
        return EXIT_FAIL
    return exit_code(report, False)


CODES = {"matmul": ["RD-BENCH-001", "RD-BENCH-002"], "allreduce": ["RD-BENCH-003"], "p2p": ["RD-BENCH-004"],
         "membw": ["RD-BENCH-005"], "numerics": ["RD-BENCH-006"], "attention": ["RD-BENCH-007"]}


# ------------------------------------------------------------------ figures
def metrics(results: dict) -> dict[str, float]:
    """The headline numbers of a run, flat, for printing and --compare (higher is better)."""
    out: dict[str, float] = {}
    mm = (results.get("bench_matmul") or {}).get("result") or {}
    for d, t in (mm.get("best_tflops") or {}).items():
        out[f"matmul {d} TFLOPS"] = t
    mb = (results.get("bench_membw") or {}).get("result") or {}
    for k, v in (mb.get("by_test") or {}).items():
        out[f"membw {k} GB/s"] = v.get("copy_gbps")
    ar = (results.get("bench_allreduce") or {}).get("result") or {}
    for r in ar.get("sizes") or []:
        out[f"allreduce {r['bytes']} B busbw GB/s"] = r.get("busbw_gbps")
    pp = (results.get("bench_p2p") or {}).get("result") or {}
    vals = [v for row in pp.get("unidirectional_gbps") or [] for v in row if v is not None]
    if vals:
        out["p2p slowest unidirectional GB/s"] = min(vals)
    return {k: v for k, v in out.items() if isinstance(v, (int, float))}


def compare(results: dict, baseline: dict) -> dict:
    """Compare with a previous `bench --format json` (its "results") or a bare results dict."""
    old_results = baseline.get("results", baseline) if isinstance(baseline, dict) else {}
    new, old = metrics(results), metrics(old_results if isinstance(old_results, dict) else {})
    rows = []
    for k in sorted(new.keys() & old.keys()):
        change = (new[k] - old[k]) / old[k] if old[k] else None
        rows.append({"metric": k, "before": old[k], "now": new[k], "change": change,
                     "regressed": change is not None and change < -REGRESSION})
    dev = lambda r: ((r.get("bench_matmul") or {}).get("result") or {}).get("device", {}).get("name")  # noqa: E731
    return {"rows": rows, "regressions": [r["metric"] for r in rows if r["regressed"]],
            "device_before": dev(old_results) if isinstance(old_results, dict) else None,
            "device_now": dev(results), "threshold": REGRESSION}


def print_figures(results: dict) -> None:
    from ..render import print_text

    m = metrics(results)
    if not m:
        return
    print_text("\nFIGURES")
    for k, v in m.items():
        print_text(f"  {k:45} {v:12.4g}")


def print_comparison(c: dict) -> None:
    print(f"\nCOMPARED WITH BASELINE (regression: a drop over {c['threshold']:.0%})")
    if c.get("device_before") != c.get("device_now"):
        print(f"  note: baseline ran on {c.get('device_before')}, this run on {c.get('device_now')}")
    for r in c["rows"]:
        ch = "" if r["change"] is None else f"{r['change']:+.1%}"
        print(f"  {r['metric']:45} {r['before']:10.4g} -> {r['now']:10.4g} {ch:>8}{'  REGRESSED' if r['regressed'] else ''}")
