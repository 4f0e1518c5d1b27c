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

    python benchmarks/accuracy.py --fresh DIR [--frozen DIR.sha256] [--json OUT]

scores a new batch once, before it joins tests/corpus/fresh: DIR/logs and DIR/artifacts in the
corpus formats. With --frozen (the `sha256sum` list the collector wrote when the batch was
frozen), every file is checked first and a changed, missing or added label or input refuses the
run: a batch is scored as it was labelled, never after.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accuracy_logs  # noqa: E402

try:  # the artifacts track's module, same contract: evaluate(split) -> dict
    import accuracy_artifacts  # type: ignore  # noqa: E402
except ImportError:
    accuracy_artifacts = None


def changed_since_frozen(root: str, frozen: str) -> list[str]:
    """The files under ``root`` whose content differs from the sha256 list ``frozen`` (paths in it
    relative to ``root``, as `cd root && sha256sum` writes them), with those missing or added."""
    want = {}
    with open(frozen, encoding="utf-8") as f:
        for line in f:
            digest, _, path = line.rstrip("\n").partition("  ")
            if path:
                want[os.path.normpath(path)] = digest
    have = {}
    for d, _dirs, files in os.walk(root):
        for fn in files:
            path = os.path.normpath(os.path.relpath(os.path.join(d, fn), root))
            with open(os.path.join(d, fn), "rb") as fh:
                have[path] = hashlib.sha256(fh.read()).hexdigest()
    tops = {p.split(os.sep)[0] for p in want}  # a list may freeze only logs/ or only artifacts/
    changed = [f"changed {p}" for p in sorted(want) if p in have and have[p] != want[p]]
    changed += [f"missing {p}" for p in sorted(want) if p not in have]
    changed += [f"added {p}" for p in sorted(have) if p not in want and p.split(os.sep)[0] in tops]
    return changed


def score_batch(root: str) -> dict:
    """Score one frozen batch (root/logs, root/artifacts) as the fresh split."""
    out = {}
    for name, mod in (("logs", accuracy_logs), ("artifacts", accuracy_artifacts)):
        sub = os.path.join(root, name)
        if mod is None or not os.path.isdir(sub):
            continue
        saved, mod.FRESH = mod.FRESH, os.path.abspath(sub)
        try:
            out[name] = mod.evaluate("fresh")
        finally:
            mod.FRESH = saved
    return out


def label_counts(r: dict) -> tuple[int, int, int] | None:
    """(labelled problems found, labelled problems, flags no label asked for) over a split's sets:
    the per-label view of launch files, where a set is right only when all of it is."""
    sets = r.get("sets")
    if not isinstance(sets, dict):
        return None
    found = sum(len(v["tp"]) for v in sets.values())
    return found, found + sum(len(v["fn"]) for v in sets.values()), sum(len(v["fp"]) for v in sets.values())


def print_rows(name: str, split: str, r: dict) -> None:
    print(f"{name} {split}: {r['right']}/{r['total']} right; false flags {r['false_flags']}/{r['healthy_total']}")
    labels = label_counts(r)
    if labels:
        print(f"  labels found {labels[0]}/{labels[1]}; flags no label asked for {labels[2]}")
    crashed = sorted({c for v in (r.get("sets") or {}).values() for c in v.get("errors") or []})
    if crashed:  # a crashed check judged nothing in those sets
        n = sum(bool(v.get("errors")) for v in r["sets"].values())
        print(f"  checks that crashed: {', '.join(crashed)} (in {n} set(s))")
    groups = r.get("families") or r.get("kinds") or {}  # logs: families; artifacts: file kinds
    for fam in sorted(groups):
        c = groups[fam]
        p = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 0.0
        rc = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 0.0
        print(f"  {fam:14} precision {p:5.0%}  recall {rc:5.0%}  (tp {c['tp']}, fp {c['fp']}, fn {c['fn']})")


def fresh_main(a: argparse.Namespace) -> int:
    for frozen in a.frozen or []:
        changed = changed_since_frozen(a.fresh, frozen)
        if changed:
            print(f"accuracy: {a.fresh} is not the batch frozen in {frozen}: " + "; ".join(changed[:5]),
                  file=sys.stderr)
            return 2
    results = score_batch(a.fresh)
    for name, r in results.items():
        print_rows(name, "fresh", r)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1, default=str)
    parts = [f"{n} {r['right']}/{r['total']}" for n, r in results.items()]
    print(f"fresh {a.fresh}: {', '.join(parts)}; false flags {sum(r['false_flags'] for r in results.values())}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fresh", metavar="DIR", help="score a new batch (DIR/logs, DIR/artifacts) once")
    ap.add_argument("--frozen", metavar="FILE", action="append",
                    help="the batch's sha256 list, paths relative to DIR (repeatable); refuse if anything changed")
    ap.add_argument("--json", metavar="OUT", help="with --fresh: write the full results as JSON")
    a = ap.parse_args(argv)
    if a.fresh:
        return fresh_main(a)
    results = {}
    for name, mod in (("logs", accuracy_logs), ("artifacts", accuracy_artifacts)):
        if mod is None:
            continue
        results[name] = {split: mod.evaluate(split) for split in ("dev", "holdout", "fresh")}
        for split, r in results[name].items():
            print_rows(name, split, r)

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
