"""Fuzz every reader of outside input: ``python benchmarks/fuzz.py --cases N``.

Runs the Hypothesis targets of tests/fuzz (one per reader: parsers, probe data, recorded files
and command output through every check, the snapshot loader, training configs through the
config checks, redaction, cluster payloads, ...), N generated inputs each. Prints one line per
target and a final ``fuzz: T targets, C cases, K crashes``; each crash's shrunk input goes to
--out (default fuzz-crashes/). Exit status 1 when anything crashed. Needs a source checkout
and the test extra (hypothesis). docs/reliability.md says what the properties are.
"""
from __future__ import annotations

import argparse
import os
import sys
import time


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python benchmarks/fuzz.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=10_000, help="generated inputs per target (default 10000)")
    p.add_argument("--target", action="append", metavar="NAME",
                   help="run only this target (repeatable; a prefix such as 'parsers.' selects a group)")
    p.add_argument("--seed", type=int, default=None, help="Hypothesis seed (default: random)")
    p.add_argument("--out", default="fuzz-crashes", metavar="DIR", help="where shrunk reproducers go")
    p.add_argument("--list", action="store_true", help="list the targets and exit")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                   help="targets fuzzed at once, one process each (default: one per CPU)")
    a = p.parse_args(argv)
    here = os.path.dirname(os.path.abspath(__file__))
    fuzz_dir = os.path.join(os.path.dirname(here), "tests", "fuzz")
    if not os.path.isfile(os.path.join(fuzz_dir, "harness.py")):
        print("benchmarks/fuzz.py: run it from a rocmdoctor source checkout (tests/fuzz is not installed)",
              file=sys.stderr)
        return 2
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        print("benchmarks/fuzz.py: needs hypothesis (pip install -e '.[test]')", file=sys.stderr)
        return 2
    _init(fuzz_dir)
    from harness import TARGETS

    names = sorted(TARGETS)
    if a.target:
        names = [n for n in names if any(n == t or (t.endswith(".") and n.startswith(t)) for t in a.target)]
        if not names:
            print(f"benchmarks/fuzz.py: no target matches {a.target}; --list shows them", file=sys.stderr)
            return 2
    if a.list:
        for n in names:
            print(f"{n:24} {TARGETS[n].doc.splitlines()[0] if TARGETS[n].doc else ''}")
        return 0
    total_cases = crashes = 0
    start = time.monotonic()
    jobs = [(n, a.cases, a.seed, a.out) for n in names]
    if a.jobs > 1 and len(jobs) > 1:
        import multiprocessing

        # Longest first (the targets that scan whole machines), so no slow one starts last.
        order = sorted(jobs, key=lambda j: not j[0].startswith(("machine.", "probes.", "config.", "artifacts.")))
        # A fresh process per target: one target's caches and heap never slow or charge another.
        pool = multiprocessing.get_context("spawn").Pool(min(a.jobs, len(jobs)), initializer=_init,
                                                         initargs=(fuzz_dir,), maxtasksperchild=1)
        results = pool.imap_unordered(_one, order)  # a line as each target finishes
    else:
        pool, results = None, (_one(j) for j in jobs)
    for n, cases, seconds, crash, path in results:
        total_cases += cases
        line = f"{n:24} {cases:7d} cases {seconds:8.1f} s"
        if crash:
            crashes += 1
            line += f"  CRASH {crash}  -> {path}"
        print(line, flush=True)
    if pool is not None:
        pool.close()
        pool.join()
    print(f"fuzz: {len(names)} targets, {total_cases} cases, {crashes} crashes "
          f"({time.monotonic() - start:.0f} s)", flush=True)
    return 1 if crashes else 0


def _init(fuzz_dir: str) -> None:
    if fuzz_dir not in sys.path:
        sys.path.insert(0, fuzz_dir)
    import targets  # noqa: F401,F811 - registers the targets

    del targets


def _one(job) -> tuple:
    """Fuzz one target (in a worker process with --jobs): (name, cases, seconds, crash, path)."""
    from harness import TARGETS, run_target

    name, cases, seed, out = job
    r = run_target(TARGETS[name], cases, seed=seed, crash_dir=out)
    return name, r.cases, r.seconds, r.crash, r.path


if __name__ == "__main__":
    sys.exit(main())
