#!/usr/bin/env python3
"""Time rocmdoctor's scans against `python -m torch.utils.collect_env` and `ds_report`,
side by side in one run, and print the ratios.

Targets (issue 15), as ratios to collect_env's median wall time:
  quick <= 0.05x; default <= 0.10x with a warm cache, and without DeepSpeed installed;
  default <= 0.60x on a cold cache with DeepSpeed installed.

The runs are interleaved (round r runs every command once, in a rotated order) so load
from other processes on a shared machine hits all commands alike; each command runs once
to warm the page cache, then --runs times; the median is reported. "cold" gives every run
a fresh, empty XDG_CACHE_HOME; "warm" reuses one. Wall time and CPU time (user+sys of the
command and its children, from getrusage) are both reported. "without DeepSpeed" scans an interpreter
that sees the same site-packages minus deepspeed (a throwaway venv with a .pth file).
Usage: python scripts/bench_scan_speed.py [--runs 7] [--python PY]
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time

TARGETS = {"quick": 0.05, "default, warm cache": 0.10, "default, without DeepSpeed": 0.10,
           "default, cold cache": 0.60}


def env_without_deepspeed(py: str, tmp: str) -> str | None:
    """A venv whose site-packages mirrors ``py``'s, minus deepspeed: returns its python."""
    out = subprocess.run([py, "-c", "import sys, json; print(json.dumps([p for p in sys.path if p]))"],
                         capture_output=True, text=True, timeout=60).stdout
    import json

    paths = [p for p in json.loads(out) if os.path.isdir(p) and p.endswith("-packages")]
    mirror = os.path.join(tmp, "mirror")
    os.makedirs(mirror)
    for p in paths:
        for name in os.listdir(p):
            if name.lower().startswith("deepspeed") or name.endswith(".pth") or name.startswith("__editable__"):
                continue
            dst = os.path.join(mirror, name)
            if not os.path.exists(dst):
                os.symlink(os.path.join(p, name), dst)
    venv = os.path.join(tmp, "venv")
    subprocess.run([py, "-m", "venv", "--without-pip", venv], check=True, timeout=120)
    site = subprocess.run([os.path.join(venv, "bin", "python"), "-c",
                           "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, timeout=60).stdout.strip()
    with open(os.path.join(site, "mirror.pth"), "w") as fh:
        fh.write(mirror + "\n")
    return os.path.join(venv, "bin", "python")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--python", default=sys.executable, help="interpreter with torch, deepspeed and rocmdoctor")
    a = ap.parse_args()
    py = a.python
    env = dict(os.environ, NO_COLOR="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed wheel has bytecode: let every command use it
    env.pop("ROCMDOCTOR_NO_CACHE", None)
    tmp = tempfile.mkdtemp(prefix="bench-scan-")
    warm_cache = os.path.join(tmp, "warm-cache")
    no_ds = env_without_deepspeed(py, tmp)
    scripts = sysconfig.get_path("scripts")
    ds_report = shutil.which("ds_report", path=os.path.dirname(py) + os.pathsep + scripts + os.pathsep
                             + env.get("PATH", ""))
    rd = [py, "-m", "rocmdoctor", "scan"]
    cases = [
        ("collect_env", [py, "-m", "torch.utils.collect_env"], None),
        ("ds_report", [ds_report] if ds_report else [py, "-m", "deepspeed.env_report"], None),
        ("quick", rd + ["--level", "quick", "--python", py], warm_cache),
        ("default, warm cache", rd + ["--python", py], warm_cache),
        ("default, without DeepSpeed", rd + ["--python", no_ds], warm_cache),
        ("default, cold cache", rd + ["--python", py], "fresh"),
    ]
    times: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    cpu: dict[str, list[float]] = {name: [] for name, _, _ in cases}

    def once(name, argv, cache) -> float:
        e = dict(env)
        if cache == "fresh":
            cache = tempfile.mkdtemp(dir=tmp)
        if cache:
            e["XDG_CACHE_HOME"] = cache
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=e, timeout=600)
        wall = time.perf_counter() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        # CPU seconds of the command and every descendant it waited for: what the command costs
        # the machine, much less sensitive than wall time to other processes' load.
        cpu[name].append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
        return wall

    for name, argv, cache in cases:  # warm-up: page cache, bytecode, the warm cache file
        once(name, argv, cache)
    cpu = {name: [] for name in cpu}
    for r in range(a.runs):
        k = r % len(cases)
        for name, argv, cache in cases[k:] + cases[:k]:
            times[name].append(once(name, argv, cache))
        print(f"round {r + 1}/{a.runs} done", file=sys.stderr, flush=True)
    shutil.rmtree(tmp, ignore_errors=True)

    for title, data in (("wall time", times), ("CPU time (user+sys, the command and its children)", cpu)):
        med = {n: statistics.median(t) for n, t in data.items()}
        ref, ds = med["collect_env"], med["ds_report"]
        print(f"\n{title}, median of {a.runs}")
        print(f"{'command':30} {'median':>8} {'/collect_env':>13} {'/ds_report':>11}  target           runs (s)")
        for name, _, _ in cases:
            target = TARGETS.get(name)
            verdict = "" if target is None else f"<= {target:.2f}x {'OK' if med[name] / ref <= target else 'MISSED'}"
            print(f"{name:30} {med[name]:7.3f}s {med[name] / ref:12.3f}x {med[name] / ds:10.3f}x  {verdict:16} "
                  f"{', '.join(f'{t:.2f}' for t in data[name])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
