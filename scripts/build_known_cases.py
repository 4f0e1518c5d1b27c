#!/usr/bin/env python3
"""Build rocmdoctor/data/known_cases.json, the index `rocmdoctor explain` votes a family with
when no signature matches (rocmdoctor/logs/knowncases.py), from the labelled log corpus:

    python scripts/build_known_cases.py           # write the index
    python scripts/build_known_cases.py --check   # exit 1 if the shipped index is not the corpus's

Only failure logs of the dev split (tests/corpus/logs) and of tests/corpus/fresh/logs (a fresh batch lands there
only once it has been scored: every batch there is spent) go in; the holdout split never does. A word is kept when the logs of at
least two threads use it and the redactor leaves it alone, so no one user's name, host or secret
is shipped.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "benchmarks"), ROOT]

import accuracy_logs  # noqa: E402

from rocmdoctor.base.redact import scrub_text  # noqa: E402
from rocmdoctor.logs import knowncases  # noqa: E402

FAMILIES = ("driver", "runtime", "distributed", "deepspeed", "numerics", "packages", "memory", "containers",
            "permissions")


def build() -> dict:
    cases = [c for split in ("dev", "fresh") for c in accuracy_logs.corpus(split) if c["family"] in FAMILIES]
    cases.sort(key=lambda c: (c["source"], c["name"]))
    ws = [knowncases.words("\n".join(accuracy_logs.excerpt(c["path"]))) for c in cases]
    threads: dict[str, set[str]] = {}
    for c, w in zip(cases, ws):
        threads.setdefault(c["source"], set()).update(w)
    df: dict[str, int] = {}
    for w in threads.values():
        for x in w:
            df[x] = df.get(x, 0) + 1
    vocab = sorted(x for x, n in df.items() if n >= 2 and scrub_text(x) == x)
    at = {x: i for i, x in enumerate(vocab)}
    return {
        "schema": knowncases.SCHEMA, "version": knowncases.VERSION,
        "built_from": "tests/corpus/logs (dev split) and tests/corpus/fresh/logs; never the holdout split",
        "documents": len(threads), "vocabulary": vocab, "df": [df[x] for x in vocab],
        "cases": [{"source": c["source"], "family": c["family"], "cause": c["cause"],
                   "words": sorted(at[x] for x in w if x in at)} for c, w in zip(cases, ws)],
    }


def dumps(index: dict) -> str:
    return json.dumps(index, separators=(",", ":"), ensure_ascii=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the shipped index instead of writing it")
    a = ap.parse_args(argv)
    text = dumps(build())
    if a.check:
        with open(knowncases.INDEX, encoding="utf-8") as f:
            same = f.read() == text
        print("known_cases.json is " + ("up to date" if same else "stale: run scripts/build_known_cases.py"))
        return 0 if same else 1
    with open(knowncases.INDEX, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {knowncases.INDEX}: {len(json.loads(text)['cases'])} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
