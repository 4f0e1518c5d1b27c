#!/usr/bin/env python3
"""How right rocmdoctor is on real inputs it was not written from (issue 24): `explain` on the
log corpus (benchmarks/accuracy_logs.py) and `scan --config` on the artifact corpus
(benchmarks/accuracy_artifacts.py), per family, on the dev and held-out splits.

    python benchmarks/accuracy.py

The last line is exactly:
    accuracy: logs dev R/N holdout R/N; artifacts dev R/N holdout R/N; false flags F
(F: healthy logs and clean artifacts reported as failures, both corpora together, dev and holdout).
Before it, the fresh batches (tests/corpus/fresh: collected after the rules were written, scored,
never tuned on) are printed the same way, so the holdout figures can be checked against them.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accuracy_logs  # noqa: E402

try:  # the artifacts track's module, same contract: evaluate(split) -> dict
    import accuracy_artifacts  # type: ignore  # noqa: E402
except ImportError:
    accuracy_artifacts = None


def main() -> int:
    results = {}
    for name, mod in (("logs", accuracy_logs), ("artifacts", accuracy_artifacts)):
        if mod is None:
            continue
        results[name] = {split: mod.evaluate(split) for split in ("dev", "holdout", "fresh")}
        for split, r in results[name].items():
            print(f"{name} {split}: {r['right']}/{r['total']} right; false flags {r['false_flags']}/{r['healthy_total']}")
            groups = r.get("families") or r.get("kinds") or {}  # logs: families; artifacts: file kinds
            for fam in sorted(groups):
                c = groups[fam]
                p = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 0.0
                rc = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 0.0
                print(f"  {fam:14} precision {p:5.0%}  recall {rc:5.0%}  (tp {c['tp']}, fp {c['fp']}, fn {c['fn']})")

    def rn(name, split):
        r = results.get(name, {}).get(split)
        return f"{r['right']}/{r['total']}" if r else "0/0"

    flags = sum(r["false_flags"] for splits in results.values() for sp, r in splits.items() if sp != "fresh")
    print(f"fresh: logs {rn('logs', 'fresh')}, artifacts {rn('artifacts', 'fresh')}; false flags "
          f"{sum(results[n]['fresh']['false_flags'] for n in results)}")
    print(f"accuracy: logs dev {rn('logs', 'dev')} holdout {rn('logs', 'holdout')}; "
          f"artifacts dev {rn('artifacts', 'dev')} holdout {rn('artifacts', 'holdout')}; false flags {flags}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
