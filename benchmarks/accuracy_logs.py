#!/usr/bin/env python3
"""How often `rocmdoctor explain` names the right family of cause on real logs it was not
written from: the corpus in tests/corpus/logs/ (real excerpts from public issues, each
labelled from its thread before the tool was run on it; README there).

    python benchmarks/accuracy_logs.py            # dev and holdout tables
    python benchmarks/accuracy_logs.py --misses dev   # what dev gets wrong (never tune on holdout)

``evaluate(split)`` returns {"families": {family: {"tp", "fp", "fn"}}, "right", "total",
"false_flags", "healthy_total"}: a failure log is right when explain reports a failure
whose first cause is of the labelled family; a healthy log is right when explain reports
no failure (exit code 0), and a false flag when it does. Explain runs without machine
facts (--no-facts) so the figures do not depend on the machine that runs them.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPUS = os.path.join(ROOT, "tests", "corpus", "logs")
# Batches collected after the rules were written, scored once and never tuned on (README there).
FRESH = os.path.join(ROOT, "tests", "corpus", "fresh", "logs")
HOLDOUT_PERCENT = 30
# The catalog calls the amdgpu/KFD kernel family "kernel"; the corpus labels say "driver".
FAMILY_ALIASES = {"kernel": "driver"}

if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def split_of(source: str) -> str:
    """holdout for about 30 % of source threads, by a hash of the thread URL: every excerpt
    of one thread lands in the same split."""
    h = int(hashlib.sha256(source.encode("utf-8")).hexdigest(), 16)
    return "holdout" if h % 100 < HOLDOUT_PERCENT else "dev"


def read_label(path: str) -> tuple[str, str, str, list[str]]:
    """(source URL, family, cause, checks) from the file's first two lines."""
    with open(path, encoding="utf-8", errors="replace") as f:
        src = f.readline().partition(":")[2].strip()
        label = f.readline().partition(":")[2].strip()
    parts = label.split()
    fam, _, cause = parts[0].partition(":") if parts else ("", "", "")
    return src, fam, cause, parts[1:]


def corpus(split: str | None = None) -> list[dict]:
    """The cases of a split: dev, holdout, all (both), or fresh (tests/corpus/fresh/logs)."""
    root = FRESH if split == "fresh" else CORPUS
    out = []
    for fn in sorted(os.listdir(root)):
        if not fn.endswith(".log"):
            continue
        p = os.path.join(root, fn)
        src, fam, cause, checks = read_label(p)
        sp = "fresh" if split == "fresh" else split_of(src)
        if split in (None, "all") or sp == split:
            out.append({"name": fn[:-4], "path": p, "source": src, "family": fam, "cause": cause,
                        "checks": checks, "split": sp})
    return out


def excerpt(path: str) -> list[str]:
    """The log lines of a corpus file (after its '# source:' and '# label:' lines)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read().splitlines()[2:]


def diagnose(path: str) -> dict:
    """What explain says about one file: predicted family (None: no failure), exit code,
    verdict, the first cause's id."""
    from rocmdoctor.engine.machine import Machine
    from rocmdoctor.logs.explain import explain
    from rocmdoctor.logs.logscan import scan_text

    from rocmdoctor.logs.knowncases import KnownCases

    # Only the excerpt: the source and label lines must not reach the tool; nor may the case's own
    # thread among the known cases explain resembles (a dev or spent fresh case is in that index).
    lines = excerpt(path)
    result = scan_text(lines, name=path)
    result.files = [path]
    known = KnownCases.load().excluding(read_label(path)[0])
    expl = explain(result, Machine(None), inputs=[path], shape_lines=[(path, lines)], known=known)
    probs = [d for d in expl.diagnoses if d.is_problem]
    top = probs[0] if probs else None
    fam = FAMILY_ALIASES.get(top.signature.family, top.signature.family) if top else None
    return {"family": fam, "exit": expl.exit_code(), "verdict": expl.verdict(),
            "top": top.signature.id if top else None}


def evaluate(split: str) -> dict:
    fams: dict[str, dict[str, int]] = {}
    right = total = false_flags = healthy_total = 0

    def bump(f, k):
        fams.setdefault(f, {"tp": 0, "fp": 0, "fn": 0})[k] += 1

    for case in corpus(split):
        got = diagnose(case["path"])
        total += 1
        want = case["family"]
        if want == "healthy":
            healthy_total += 1
            if got["exit"] == 0:
                right += 1
            else:
                false_flags += 1
                if got["family"]:
                    bump(got["family"], "fp")
            continue
        fams.setdefault(want, {"tp": 0, "fp": 0, "fn": 0})
        if got["family"] == want:
            right += 1
            bump(want, "tp")
        else:
            bump(want, "fn")
            if got["family"]:
                bump(got["family"], "fp")
    return {"families": fams, "right": right, "total": total, "false_flags": false_flags,
            "healthy_total": healthy_total}


def write_manifest() -> None:
    with open(os.path.join(CORPUS, "MANIFEST.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["name", "family", "cause", "checks", "split", "source"])
        for c in corpus("all"):
            w.writerow([c["name"], c["family"], c["cause"], " ".join(c["checks"]), c["split"], c["source"]])


def misses(split: str) -> list[tuple[str, str, str | None, str]]:
    out = []
    for case in corpus(split):
        got = diagnose(case["path"])
        ok = (got["exit"] == 0) if case["family"] == "healthy" else got["family"] == case["family"]
        if not ok:
            out.append((case["name"], case["family"], got["family"] or ("flagged" if got["exit"] else None),
                        got["verdict"][:160]))
    return out


def table(split: str, r: dict) -> list[str]:
    lines = [f"{split}: {r['right']}/{r['total']} right; false flags {r['false_flags']}/{r['healthy_total']} healthy"]
    for fam in sorted(r["families"]):
        c = r["families"][fam]
        p = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 0.0
        rc = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 0.0
        lines.append(f"  {fam:12} precision {p:5.0%}  recall {rc:5.0%}  (tp {c['tp']}, fp {c['fp']}, fn {c['fn']})")
    return lines


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--misses", choices=("dev", "holdout"), help="list the cases this split gets wrong")
    ap.add_argument("--manifest", action="store_true", help="rewrite tests/corpus/logs/MANIFEST.csv")
    a = ap.parse_args(argv)
    if a.manifest:
        write_manifest()
        return 0
    if a.misses:
        for name, want, got, verdict in misses(a.misses):
            print(f"{name:45} want {want:12} got {got!s:12} {verdict}")
        return 0
    for split in ("dev", "holdout"):
        print("\n".join(table(split, evaluate(split))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
