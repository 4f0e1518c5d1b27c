#!/usr/bin/env python3
"""Time the redaction of a large log, now and before issue 27 (the redactor of commit daec8e5,
read from git), for both audiences: the TERMINAL masking that every output gets, and the SHARE
masking of snapshots and --share.

    python scripts/bench_redact.py               # 8 MB of real tool output and training log
    python scripts/bench_redact.py --size-mb 32

The text is the real outputs under tests/data (dmesg, lspci, rocminfo, ds_report, collect_env,
training and kernel logs) repeated to the size, with one line in 200 carrying a secret form from
tests/data/redaction/secrets.json. Prints MB/s per entry point; takes CPU time (thread_time)."""
from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import time
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEFORE = "daec8e5"


def corpus(size: int) -> str:
    data = os.path.join(ROOT, "tests", "data")
    parts = []
    for path in sorted(glob.glob(os.path.join(data, "*.txt")) + glob.glob(os.path.join(data, "logs", "*.txt"))):
        with open(path, encoding="utf-8", errors="replace") as fh:
            parts.append(fh.read())
    with open(os.path.join(data, "redaction", "secrets.json")) as fh:
        secrets = [c["text"] for c in json.load(fh) if "\n" not in c["text"]]
    lines = "".join(parts).splitlines()
    out, n, i = [], 0, 0
    while n < size:
        line = lines[i % len(lines)] if i % 200 else secrets[(i // 200) % len(secrets)]
        out.append(line)
        n += len(line) + 1
        i += 1
    return "\n".join(out) + "\n"


def old_module():
    try:
        src = subprocess.run(["git", "-C", ROOT, "show", f"{BEFORE}:rocmdoctor/redact.py"], capture_output=True,
                             text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    mod = types.ModuleType("rocmdoctor.base._redact_before")
    mod.__package__ = "rocmdoctor.base"
    exec(compile(src, "redact@" + BEFORE, "exec"), mod.__dict__)
    return mod


def timed(fn, text: str) -> float:
    t = time.thread_time()
    fn(text)
    return time.thread_time() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size-mb", type=float, default=8.0)
    a = ap.parse_args()
    sys.path.insert(0, ROOT)
    from rocmdoctor.base import redact

    text = corpus(int(a.size_mb * 1024 * 1024))
    mb = len(text) / 1024 / 1024
    names = {"hostnames": ["gpu-node-17", "node1"], "users": ["jdoe42", "ubuntu"]}
    rows = [("now", "terminal (scrub_text)", lambda s: redact.scrub_text(s)),
            ("now", "share (Redactor.text)", lambda s: redact.Redactor(redact.SHARE, **names).text(s)),
            ("now", "terminal, line by line", lambda s: [redact.scrub_text(x) for x in s.splitlines()])]
    old = old_module()
    if old is not None:
        rows += [(BEFORE, "terminal (scrub_text)", lambda s: old.scrub_text(s)),
                 (BEFORE, "share (Redactor.text)", lambda s: old.Redactor(**names).text(s)),
                 (BEFORE, "terminal, line by line", lambda s: [old.scrub_text(x) for x in s.splitlines()])]
    print(f"{mb:.1f} MB, {text.count(chr(10))} lines, Python {sys.version.split()[0]}")
    for version, what, fn in rows:
        best = min(timed(fn, text) for _ in range(3))
        print(f"{version:8} {what:26} {best:7.2f} s  {mb / best:7.1f} MB/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
