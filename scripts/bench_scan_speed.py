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
command and its children, from getrusage) are both reported. rocmdoctor is installed from this
source tree as a user would (a wheel, not editable) into a throwaway venv that sees --python's
site-packages (a .pth file), and every command runs with that venv's python; "without DeepSpeed"
scans an interpreter that sees the same site-packages minus deepspeed.
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
import tempfile
import threading
import time

TARGETS = {"quick": 0.05, "default, warm cache": 0.10, "default, without DeepSpeed": 0.10,
           "default, cold cache": 0.60}


def _site_paths(py: str) -> list[str]:
    import json

    out = subprocess.run([py, "-c", "import sys, json; print(json.dumps([p for p in sys.path if p]))"],
                         capture_output=True, text=True, timeout=60).stdout
    return [p for p in json.loads(out) if os.path.isdir(p) and p.endswith("-packages")]


def mirror_env(py: str, tmp: str, name: str, skip: tuple[str, ...], install: str | None = None) -> str:
    """A venv whose site-packages mirrors ``py``'s (symlinks through a .pth file) minus the
    entries starting with ``skip``; with ``install`` (a source tree), that project is installed
    into it as a user would (a wheel, not an editable install). Returns the venv's python."""
    mirror = os.path.join(tmp, name + "-site")
    os.makedirs(mirror)
    if install:
        subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--target", mirror,
                        install], check=True, timeout=600, stdout=subprocess.DEVNULL)
    for p in _site_paths(py):
        for entry in os.listdir(p):
            low = entry.lower()
            if low.startswith(skip) or entry.endswith(".pth") or entry.startswith("__editable__"):
                continue
            dst = os.path.join(mirror, entry)
            if not os.path.exists(dst):
                os.symlink(os.path.join(p, entry), dst)
    venv = os.path.join(tmp, name)
    subprocess.run([py, "-m", "venv", "--without-pip", venv], check=True, timeout=120)
    site = subprocess.run([os.path.join(venv, "bin", "python"), "-c",
                           "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, timeout=60).stdout.strip()
    with open(os.path.join(site, "mirror.pth"), "w") as fh:
        fh.write(mirror + "\n")
    return os.path.join(venv, "bin", "python")


def verify(cases, env: dict, tmp: str) -> None:
    """Each scan did the work it is timed for: every default scan judged DeepSpeed (RD-DS-001
    ran, it was not skipped for want of an answer) or, without DeepSpeed, said it is absent."""
    import json

    for name, argv, cache in cases:
        if argv[1:3] != ["-m", "rocmdoctor"]:
            continue
        e = dict(env, XDG_CACHE_HOME=tempfile.mkdtemp(dir=tmp) if cache == "fresh" else cache)
        out = subprocess.run(argv + ["--format", "json"], capture_output=True, text=True, env=e, timeout=600, cwd=tmp)
        try:
            found = {f["code"]: f for f in json.loads(out.stdout)["findings"]}
        except (ValueError, KeyError, TypeError):
            raise SystemExit(f"bench_scan_speed: the scan '{name}' gave no JSON report:\n{out.stderr[-2000:]}") from None
        if "quick" in argv:
            if out.returncode > 1 or len(found) < 10:
                raise SystemExit(f"bench_scan_speed: the quick scan failed:\n{out.stderr[-2000:]}")
            continue
        ds = found.get("RD-DS-001", {})
        print(f"check: {name}: RD-DS-001 {ds.get('status')}: {ds.get('title') or ds.get('detail')}", file=sys.stderr)
        if out.returncode > 1 or not ds or ("without" not in name and ds.get("status") == "skip"):
            raise SystemExit(f"bench_scan_speed: the scan '{name}' did not judge DeepSpeed; the timing would be "
                             f"of less work than the target is about:\n{out.stderr[-2000:]}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--python", default=sys.executable, help="interpreter with torch and deepspeed")
    ap.add_argument("--editable", action="store_true",
                    help="run rocmdoctor as installed in --python (by default it is installed from this source "
                         "tree, as a wheel, into a venv that mirrors --python's site-packages: what users run)")
    ap.add_argument("--baseline", metavar="SRC",
                    help="also time the quick and default scans of another rocmdoctor source tree, in the same "
                         "interleaved rounds (before/after comparisons on a machine whose load varies)")
    a = ap.parse_args()
    env = dict(os.environ, NO_COLOR="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed wheel has bytecode: let every command use it
    env.pop("ROCMDOCTOR_NO_CACHE", None)
    # Every command runs in this directory: in a source checkout, `python -m rocmdoctor` would
    # import the checkout's rocmdoctor/ (the working directory comes first on sys.path).
    tmp = tempfile.mkdtemp(prefix="bench-scan-")
    warm_cache = os.path.join(tmp, "warm-cache")
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    py = a.python if a.editable else mirror_env(a.python, tmp, "user-env", ("rocmdoctor",), install=repo)
    no_ds = mirror_env(a.python, tmp, "no-deepspeed", ("deepspeed", "rocmdoctor"))
    rd = [py, "-m", "rocmdoctor", "scan"]
    cases = [
        ("collect_env", [py, "-m", "torch.utils.collect_env"], None),
        # what the ds_report console script runs
        ("ds_report", [py, "-c", "from deepspeed.env_report import cli_main; cli_main()"], None),
        ("quick", rd + ["--level", "quick", "--python", py], warm_cache),
        ("default, warm cache", rd + ["--python", py], warm_cache),
        ("default, without DeepSpeed", rd + ["--python", no_ds], warm_cache),
        ("default, cold cache", rd + ["--python", py], "fresh"),
        # The cold scan's floor: DeepSpeed's op builders cannot be asked without these imports
        # (exit without teardown, as the probe child does).
        ("floor: import torch+deepspeed", [py, "-c", "import os, torch, deepspeed; os._exit(0)"], None),
    ]
    if a.baseline:  # another source tree (e.g. a checkout of the previous release), timed in the same rounds
        base_py = mirror_env(a.python, tmp, "baseline-env", ("rocmdoctor",), install=os.path.abspath(a.baseline))
        base_rd = [base_py, "-m", "rocmdoctor", "scan"]
        base_cache = os.path.join(tmp, "baseline-cache")
        cases += [("quick, baseline", base_rd + ["--level", "quick", "--python", py], base_cache),
                  ("warm cache, baseline", base_rd + ["--python", py], base_cache),
                  ("without DeepSpeed, baseline", base_rd + ["--python", no_ds], base_cache)]
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
        # wait() without a timeout: Popen's timed wait polls with sleeps of up to 50 ms, which
        # would round every wall time here up to the next poll.
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=e, cwd=tmp)
        guard = threading.Timer(600, child.kill)
        guard.start()
        child.wait()
        guard.cancel()
        wall = time.perf_counter() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        # CPU seconds of the command and every descendant it waited for: what the command costs
        # the machine, much less sensitive than wall time to other processes' load.
        cpu[name].append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
        return wall

    for name, argv, cache in cases:  # warm-up: page cache, bytecode, the warm cache file
        once(name, argv, cache)
    verify(cases, env, tmp)
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
