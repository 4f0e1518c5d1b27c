"""`rocmdoctor bench`: run the active benchmarks (matmul, memory bandwidth, peer-to-peer,
all-reduce, 16-bit numerics, SDPA attention kernels) in child processes of the target interpreter, with hard timeouts, and
report figures plus findings (RD-BENCH-*). A CPU run is labelled as one.

Methodology and how the figures compare with rccl-tests and rocm_bandwidth_test:
docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from ..cli import EXIT_FAIL, EXIT_INPUT, EXIT_USAGE
from ..usage import positive_float

if TYPE_CHECKING:  # the engine is imported when a benchmark runs, not when the CLI starts
    from ..engine.model import Finding, Report

NAME = "bench"
HELP = "run GPU benchmarks (matmul, membw, p2p, allreduce, numerics, attention) with hard timeouts"

REGRESSION = 0.10  # --compare: the smallest drop that counts as a regression
NOISY = 0.25  # a run whose repeated measurements of a figure spread more than this cannot judge it
CPU_BAND = 0.50  # CPU figures on a shared host moved 10x between runs (0.018 to 0.183 TFLOPS)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("which", nargs="?", default="all",
                   choices=("matmul", "membw", "p2p", "allreduce", "numerics", "attention", "all"),
                   help="which benchmark to run (default: all; p2p is left out of `all` on a CPU run)")
    p.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto",
                   help="cuda means any torch GPU, ROCm included (default: cuda when torch sees one, else cpu)")
    p.add_argument("--dtype", choices=("fp32", "fp16", "bf16"),
                   help="matmul, numerics, attention: only this dtype; allreduce: its dtype")
    p.add_argument("--nproc", type=int, help="all-reduce ranks (default: every GPU, or 2 on CPU)")
    p.add_argument("--timeout", type=positive_float, default=600.0, help="seconds per benchmark before it is killed")
    p.add_argument("--stall", type=positive_float, default=None, help="seconds without progress that count as a hang")
    p.add_argument("--python", metavar="PATH", help="interpreter whose torch runs the benchmarks")
    p.add_argument("--compare", metavar="FILE", help="a previous `bench --format json` output to compare with")
    p.add_argument("--format", choices=("text", "json", "html"), default="text",
                   help="text (default), json (the report schema with figures under results, docs/json-schema.md), "
                        "or html: one self-contained page with plots (use -o report.html)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
    p.add_argument("--find-slow-node", action="store_true",
                   help="under torchrun/srun/mpirun, one process per node: pairwise all-reduce between the nodes in "
                        "log2(N) rounds; names the slow node or link (docs/cluster.md)")
    p.add_argument("--throttle-rank", type=int, default=None, help=argparse.SUPPRESS)  # tests: a slow node
    p.add_argument("--throttle-ms", type=float, default=0.0, help=argparse.SUPPRESS)


def resolve_device(device: str, python: str | None) -> str:
    if device != "auto":
        return device
    from ..benchmarks.suite import count_gpus

    return "cuda" if (count_gpus(python) or 0) > 0 else "cpu"


def findings_for(results: dict, level: str, codes: list[str], python: str | None) -> Report:
    """Turn measured outcomes into findings with the same checks `scan` uses."""
    from ..api import scan
    from ..machine.sources import LiveSource

    return scan(level=level, select=codes, source=LiveSource(python=python), plugins=False,
                options={"active_results": results})


def run(a: argparse.Namespace) -> int:
    if a.find_slow_node:
        from ..cluster import slownode

        return slownode.run(a)
    from ..benchmarks import suite
    from ..output.progress import Progress
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
        if not samples(_obj(baseline).get("results", baseline)):
            kind = _obj(baseline).get("schema")
            print(f"rocmdoctor: --compare {a.compare}: not a `rocmdoctor bench --format json` report (no benchmark "
                  f"figures in it{'; it is a ' + kind + ' file, level ' + str(baseline.get('level')) if kind else ''})",
                  file=sys.stderr)
            return EXIT_INPUT
    require_torch(a.python or sys.executable)
    device = resolve_device(a.device, a.python)
    names = list(suite.BENCHMARKS) if a.which == "all" else [a.which]
    if device == "cpu" and a.which == "all":
        names.remove("p2p")  # needs GPUs; asking for it explicitly still reports why
    if not a.quiet and device == "cpu":
        print("[bench] CPU run: these figures describe the host CPU, not a GPU", file=sys.stderr)
    results: dict[str, Any] = {}
    busy: list[Finding] = []
    partition: str | None = None
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
    elif a.format == "html":
        from ..output.html import to_html
        from ..output.text import verdict

        sys.stdout.write(to_html(report.to_dict(), verdict(report)[0]))
    else:
        from ..output.text import print_report

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
    # A --compare baseline is any JSON the user passes: read it through _obj/_list so a value
    # of the wrong type reads as absent (issue 19's fuzz harness, target bench.compare).
    out: dict[str, Any] = {}  # read from outside JSON: only numbers are returned
    mm = _obj(_obj(_obj(results).get("bench_matmul")).get("result"))
    for d, t in _obj(mm.get("best_tflops")).items():
        out[f"matmul {d} TFLOPS"] = t
    mb = _obj(_obj(_obj(results).get("bench_membw")).get("result"))
    for k, v in _obj(mb.get("by_test")).items():
        out[f"membw {k} GB/s"] = _obj(v).get("copy_gbps")
    ar = _obj(_obj(_obj(results).get("bench_allreduce")).get("result"))
    for r in _list(ar.get("sizes")):
        if isinstance(_obj(r).get("bytes"), int):
            out[f"allreduce {r['bytes']} B busbw GB/s"] = r.get("busbw_gbps")
    pp = _obj(_obj(_obj(results).get("bench_p2p")).get("result"))
    vals = [v for row in _list(pp.get("unidirectional_gbps")) for v in _list(row) if _number(v)]
    if vals:
        out["p2p slowest unidirectional GB/s"] = min(vals)
    return {k: v for k, v in out.items() if _number(v)}


def _obj(v: object) -> dict:
    return v if isinstance(v, dict) else {}


def _list(v: object) -> list:
    return v if isinstance(v, list) else []


def _number(v: object) -> bool:
    import math

    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def samples(results: dict) -> dict[str, list[float]]:
    """Each headline metric's repeated measurements (higher is better): the timed loops
    of the matmul and bandwidth benchmarks; one value where a benchmark keeps one. A
    baseline written before samples were kept gives its best and median."""
    out: dict[str, list[float]] = {}
    pos = lambda v: _number(v) and v > 0  # noqa: E731 - a time or a size we may divide by
    mm = _obj(_obj(_obj(results).get("bench_matmul")).get("result"))
    for d, best in _obj(mm.get("best_tflops")).items():
        row = max((r for r in _list(mm.get("results")) if isinstance(r, dict) and r.get("dtype") == d
                   and _number(r.get("tflops"))), key=lambda r: r["tflops"], default=None)
        if row and _list(row.get("samples_s")) and pos(row.get("n")):
            out[f"matmul {d} TFLOPS"] = [2.0 * row["n"] ** 3 / t / 1e12 for t in row["samples_s"] if pos(t)]
        elif row and _number(row.get("tflops_median")):
            out[f"matmul {d} TFLOPS"] = [row["tflops"], row["tflops_median"]]
        elif _number(best):
            out[f"matmul {d} TFLOPS"] = [best]
    mb = _obj(_obj(_obj(results).get("bench_membw")).get("result"))
    for k, v in _obj(mb.get("by_test")).items():
        v = _obj(v)
        if _list(v.get("samples_s")) and pos(v.get("bytes")):
            out[f"membw {k} GB/s"] = [v["bytes"] / t / 1e9 for t in v["samples_s"] if pos(t)]
        elif _number(v.get("copy_gbps")):
            out[f"membw {k} GB/s"] = [v["copy_gbps"]]
    flat = metrics(results)
    for k, v in flat.items():
        out.setdefault(k, [v])
    return {k: [x for x in v if _number(x)] for k, v in out.items() if any(_number(x) for x in v)}


def _spread(values: list[float]) -> float:
    """(max - min) / median: how far repeated measurements of one figure disagree."""
    import statistics

    med = statistics.median(values)
    return (max(values) - min(values)) / med if len(values) > 1 and med else 0.0


def _device(results: dict) -> dict:
    return _obj(_obj(_obj(_obj(results).get("bench_matmul")).get("result")).get("device"))


def compare(results: dict, baseline: dict) -> dict:
    """Compare with a previous `bench --format json` (its "results") or a bare results dict.

    A metric regressed only when its median fell by more than the noise band AND every
    measurement now is below every baseline measurement. The band is REGRESSION, widened
    to twice the larger spread of the two runs' repeated measurements, and to CPU_BAND on
    a CPU. A side whose own measurements spread by more than NOISY is too noisy to judge:
    reported as such, never as a regression."""
    import statistics

    old_results = baseline.get("results", baseline) if isinstance(baseline, dict) else {}
    old_results = old_results if isinstance(old_results, dict) else {}
    new, old = samples(results), samples(old_results)
    cpu = "cpu" in (_device(results).get("kind"), _device(old_results).get("kind"))
    rows: list[dict[str, Any]] = []
    for k in sorted(new.keys() & old.keys()):
        before, now = statistics.median(old[k]), statistics.median(new[k])
        change = (now - before) / before if before else None
        noise_before, noise_now = _spread(old[k]), _spread(new[k])
        band = max(REGRESSION, 2 * max(noise_before, noise_now), CPU_BAND if cpu else 0.0)
        if noise_before > NOISY:
            verdict = "baseline too noisy to judge"
        elif noise_now > NOISY:
            verdict = "this run too noisy to judge"
        elif change is not None and change < -band and max(new[k]) < min(old[k]):
            verdict = "regressed"
        elif change is not None and change < -band:
            verdict = "within noise (the runs' measurements overlap)"
        else:
            verdict = "within noise" if change is not None and abs(change) <= band else "changed"
        rows.append({"metric": k, "before": before, "now": now, "change": change, "band": band,
                     "samples_before": old[k], "samples_now": new[k], "noise_before": noise_before,
                     "noise_now": noise_now, "verdict": verdict, "regressed": verdict == "regressed"})
    return {"rows": rows, "regressions": [r["metric"] for r in rows if r["regressed"]],
            "too_noisy": [r["metric"] for r in rows if "too noisy" in r["verdict"]],
            "device_before": _device(old_results).get("name"), "device_now": _device(results).get("name"),
            "threshold": REGRESSION, "noisy_above": NOISY, "cpu": cpu}


def print_figures(results: dict) -> None:
    from ..output.text import print_text

    m = metrics(results)
    if not m:
        return
    import statistics

    runs = samples(results)
    # best: the headline figure (the fastest loop); median: what --compare judges, so the two
    # lines of one run never seem to disagree
    print_text(f"\nFIGURES{'':38} {'best':>12} {'median':>12}")
    for k, v in m.items():
        med = statistics.median(runs[k]) if len(runs.get(k) or []) > 1 else None
        print_text(f"  {k:45} {v:12.4g} {'' if med is None else format(med, '12.4g'):>12}")


def print_comparison(c: dict) -> None:
    from ..output.text import plural, print_text

    print_text(f"\nCOMPARED WITH BASELINE (medians of repeated measurements, the FIGURES median column; a regression is a drop beyond "
               f"the noise band, at least {c['threshold']:.0%}{', 50% on a CPU' if c.get('cpu') else ''}, "
               f"with no overlap between the runs)")
    if c.get("device_before") and c.get("device_now") and c.get("device_before") != c.get("device_now"):
        print_text(f"  note: baseline ran on {c.get('device_before')}, this run on {c.get('device_now')}")
    for r in c["rows"]:
        ch = "" if r["change"] is None else f"{r['change']:+.1%}"
        print_text(f"  {r['metric']:32} {r['before']:10.4g} -> {r['now']:10.4g} {ch:>8}  ±{r['band']:.0%}  "
                   f"{r['verdict'].upper() if r['regressed'] else r['verdict']}")
    if c.get("too_noisy"):
        print_text(f"  {plural(len(c['too_noisy']), 'figure')} could not be judged: repeated measurements spread "
                   f"by more than {c['noisy_above']:.0%}; run both on an idle machine")
