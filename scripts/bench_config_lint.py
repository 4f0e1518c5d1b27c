"""How long `scan --config DIR` takes on a directory of 50 files (issue 13: under 1 s).

    python scripts/bench_config_lint.py [--files 50] [--repeat 5]

The directory is built from the test data (the seeds' Dockerfile, compose file, launch
scripts, DeepSpeed JSON and LLaMA-Factory YAML, and the real public files under
tests/data/configs), copied with small changes until it holds --files files. Three numbers:
reading the files into the settings model (rocmdoctor.artifacts.readers.read_all), the config rules
(every check that judges --config input) against the mi50x2-xeon example machine, and the
whole `rocmdoctor scan --example mi50x2-xeon --config DIR` command in a child process.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data")
CONFIG_CODES = ["RD-CFG", "RD-IMG", "RD-CTR-003", "RD-CTR-004", "RD-CTR-005", "RD-CTR-006", "RD-CTR-007",
                "RD-LCH", "RD-NET", "RD-PREC-010", "RD-PREC-011", "RD-PREC-012", "RD-PREC-013", "RD-DS-006",
                "RD-DS-008", "RD-PIN-003", "RD-ENV", "RD-RCCL-001"]


def build(directory: str, n: int) -> list[str]:
    sources = [os.path.join(DATA, "seeds", f) for f in sorted(os.listdir(os.path.join(DATA, "seeds")))]
    sources += [os.path.join(DATA, "configs", f) for f in sorted(os.listdir(os.path.join(DATA, "configs")))]
    out = []
    i = 0
    while len(out) < n:
        src = sources[i % len(sources)]
        sub = os.path.join(directory, f"job{i // len(sources)}")
        os.makedirs(sub, exist_ok=True)
        dest = os.path.join(sub, os.path.basename(src))
        shutil.copy(src, dest)
        if i >= len(sources) and dest.endswith(".sh"):  # vary the copies a little
            with open(dest, "a", encoding="utf-8") as fh:
                fh.write(f"export NCCL_DEBUG=WARN\nexport MASTER_PORT={29500 + i}\n")
        out.append(dest)
        i += 1
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=50)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    import rocmdoctor
    from rocmdoctor.artifacts.readers import read_all

    with tempfile.TemporaryDirectory() as d:
        files = build(d, a.files)
        from rocmdoctor.artifacts.readers import _CACHE

        read_all([os.path.join(DATA, "seeds")])  # import the parser libraries once
        read_t, lint_t, cli_t, cpu_t = [], [], [], []
        for _ in range(a.repeat):
            _CACHE.clear()
            t0 = time.perf_counter()
            s = read_all([d])
            read_t.append(time.perf_counter() - t0)
            _CACHE.clear()
            t0, c0 = time.perf_counter(), time.process_time()
            r = rocmdoctor.scan(example="mi50x2-xeon", select=CONFIG_CODES, options={"config": [d]})
            lint_t.append(time.perf_counter() - t0)
            cpu_t.append(time.process_time() - c0)
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "rocmdoctor", "scan", "--example", "mi50x2-xeon", "--config", d,
                            "--format", "json"], capture_output=True, timeout=120)
            cli_t.append(time.perf_counter() - t0)
        kinds = {}
        for art in s.artifacts:
            kinds[art.kind] = kinds.get(art.kind, 0) + 1
        print(f"{len(files)} files ({', '.join(f'{v} {k}' for k, v in sorted(kinds.items()))}), "
              f"{len(s.values())} settings, {len(s.setups)} training runs, {len(r.findings)} config findings")
        for name, ts in (("read into the settings model", read_t),
                         ("read + every config rule against the example machine (scan API)", lint_t),
                         ("  the same, CPU time of this process", cpu_t),
                         ("whole `rocmdoctor scan --example mi50x2-xeon --config DIR` (child process)", cli_t)):
            print(f"  {name}: median {statistics.median(ts):.3f} s, min {min(ts):.3f} s over {len(ts)} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
