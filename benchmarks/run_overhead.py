"""What `rocmdoctor run` costs a job's output: ``python benchmarks/run_overhead.py [--mb N]``.

Writes N MB (default 400) of ordinary training-log lines to a file (in /dev/shm when there is
one), then times, side by side and best of --repeat runs:

* ``cat FILE | cat > /dev/null``: the job (cat) and a plain relay (cat), the pipe-speed floor;
* ``rocmdoctor run --no-facts -- cat FILE > /dev/null``: the same job with rocmdoctor as the relay
  (pipes, matching beside it), minus rocmdoctor's start-up (timed on an empty job).

Prints the two times, how much of the output the matcher took (the rest is skipped when matching
lags; the job is never held up), and last, exactly: ``run: X MB/s, Y× the time of cat|cat``.
docs/run.md has the numbers measured.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

LINES = (
    "[rank0]: step {i}/100000 | loss {l:.4f} | lr 1.00e-04 | grad_norm 0.873 | tokens/s 123456 | elapsed 01:23:45\n",
    "{{'loss': {l:.4f}, 'grad_norm': 1.2345, 'learning_rate': 9.87e-05, 'epoch': 0.42}}\n",
    " 42%|████▏     | {i}/10000 [01:23<02:34,  6.54it/s]\n",
    "[2024-05-01 12:00:{s:02d},123] [INFO] [logging.py:96:log_dist] [Rank 0] step={i}, skipped=0, lr=[0.0001]\n",
)


def write_log(path: str, mb: int) -> int:
    block = "".join(LINES[i % len(LINES)].format(i=i, l=2.0 + (i % 97) / 100, s=i % 60)
                    for i in range(4000)).encode()
    with open(path, "wb") as fh:
        n = 0
        while n < mb * 1_000_000:
            n += fh.write(block)
    return n


def timed(argv: list[str], shell: bool = False) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, shell=shell, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python benchmarks/run_overhead.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--mb", type=int, default=400, help="megabytes of log lines (default 400)")
    p.add_argument("--repeat", type=int, default=3, help="runs of each, the best kept (default 3)")
    a = p.parse_args(argv)
    rd = [sys.executable, "-m", "rocmdoctor", "run", "--no-facts", "--no-pty", "--quiet-live"]
    where = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=where) as tmp:
        log = os.path.join(tmp, "train.log")
        size = write_log(log, a.mb)
        report = os.path.join(tmp, "r.json")
        subprocess.run(["cat", log], stdout=subprocess.DEVNULL, check=True)  # into the page cache
        catcat = min(timed(f"cat {log} | cat", shell=True) for _ in range(a.repeat))
        start = min(timed(rd + ["--", "true"]) for _ in range(a.repeat))
        full = min(timed(rd + ["--report", report, "--", "cat", log]) for _ in range(a.repeat))
        with open(report) as fh:
            unmatched = json.load(fh).get("unmatched_bytes", 0)
    run_s = max(full - start, 1e-6)
    print(f"data: {size / 1e6:,.0f} MB of log lines ({os.path.basename(where or tempfile.gettempdir())})")
    print(f"cat | cat: {catcat:.3f} s ({size / catcat / 1e6:,.0f} MB/s)")
    print(f"rocmdoctor run: {full:.3f} s, of which start-up {start:.3f} s")
    print(f"matched: {100 * (1 - unmatched / size):.0f}% of the output (the rest was skipped while matching lagged)")
    print(f"run: {size / run_s / 1e6:,.0f} MB/s, {run_s / catcat:.2f}× the time of cat|cat")
    return 0


if __name__ == "__main__":
    sys.exit(main())
