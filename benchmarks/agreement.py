"""How far two careful labellers agree on the same launch files: the reference the fresh launch-file figure sits beside.

tests/corpus/fresh/agreement/SET.LABELS holds a second labelling of a spent fresh set, written blind (the labeller saw
the set's files, its machine and the check codes, never the first labels nor the tool's output; how they were made:
the README there). This script scores the second labelling against the first with the judge the accuracy benchmark
uses (same file, the same line within SLACK, the same code after WORDS), where two `words:` labels at one place count
as one problem seen by both, and prints, on the same sets, the tool's figure today:

    python benchmarks/agreement.py [-v]

Set agreement is the ceiling a tool judged by one labeller can expect on unseen sets: where the two labellers
differ, any answer is wrong by one of them.

tests/corpus/fresh/adjudicated/SET.LABELS, where present, is a third reading of a twice-labelled set: an adjudicator
who saw both labellings (never the tool's output) kept what both named and, of what one named, what is really wrong
on that machine. The tool is scored against it too, on the same sets.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from benchmarks import accuracy_artifacts as acc  # noqa: E402

SECOND = os.path.join(os.path.dirname(acc.FRESH), "agreement")
ADJUDICATED = os.path.join(os.path.dirname(acc.FRESH), "adjudicated")


def read_labels(path: str) -> tuple[list[dict], bool]:
    """(labels, clean) of a LABELS file in the corpus format; a line that is not one is left out."""
    labels, clean = [], False
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.split("#", 1)[0].strip()
            if not line or line.startswith("machine:"):
                continue
            if line == "clean":
                clean = True
                continue
            parts = line.split()
            if len(parts) != 2 or ":" not in parts[1]:
                continue
            file, _, lines = parts[1].rpartition(":")
            lo, _, hi = lines.partition("-")
            if lo.isdigit() and (not hi or hi.isdigit()):
                labels.append({"code": parts[0], "file": file, "lo": int(lo), "hi": int(hi or lo)})
    return labels, clean


def same_problem(a: dict, b: dict) -> bool:
    """Two labels name one problem: one file, overlapping lines (within SLACK), one code (or both in words)."""
    ca, cb = acc.WORDS.get(a["code"], a["code"]), acc.WORDS.get(b["code"], b["code"])
    near = a["lo"] - acc.SLACK <= b["hi"] and b["lo"] <= a["hi"] + acc.SLACK
    return a["file"] == b["file"] and near and (ca == cb or (ca.startswith("words:") and cb.startswith("words:")))


def compare(first: list[dict], second: list[dict]) -> tuple[int, int, int]:
    """(first's labels the second has, first's labels it lacks, second's labels the first lacks)."""
    used: set[int] = set()
    found = missed = 0
    for a in first:
        hits = [i for i, b in enumerate(second) if same_problem(a, b)]
        found, missed = found + bool(hits), missed + (not hits)
        used.update(hits)
    return found, missed, len(second) - len(used)


def evaluate(verbose: bool = False) -> dict:
    names = sorted(n[:-len(".LABELS")] for n in os.listdir(SECOND) if n.endswith(".LABELS")) \
        if os.path.isdir(SECOND) else []
    by_name = {s["name"]: s for s in acc.sets(acc.FRESH)}
    r = {"sets": 0, "agree": 0, "found": 0, "missed": 0, "extra": 0, "clean": 0, "clean_flagged": 0,
         "tool_right": 0, "tool_clean_flagged": 0, "adjudicated": 0, "tool_right_adj": 0, "first_agrees_adj": 0}
    for name in names:
        s = by_name.get(name)
        if s is None:
            continue
        second, _clean = read_labels(os.path.join(SECOND, name + ".LABELS"))
        found, missed, extra = compare(s["labels"], second)
        flags = acc.flags(s)
        tool = acc.judge(s, flags)
        r["sets"] += 1
        r["agree"] += not missed and not extra
        r["found"], r["missed"], r["extra"] = r["found"] + found, r["missed"] + missed, r["extra"] + extra
        r["clean"] += s["clean"]
        r["clean_flagged"] += s["clean"] and bool(second)
        r["tool_right"] += tool["right"]
        r["tool_clean_flagged"] += s["clean"] and bool(tool["fp"])
        adj = os.path.join(ADJUDICATED, name + ".LABELS")
        if os.path.isfile(adj):
            labels, clean = read_labels(adj)
            r["adjudicated"] += 1
            r["tool_right_adj"] += acc.judge(dict(s, labels=labels, clean=clean), flags)["right"]
            _found, missed_a, extra_a = compare(s["labels"], labels)
            r["first_agrees_adj"] += not missed_a and not extra_a
        if verbose and (missed or extra):
            print(f"-- {name}: second labeller lacks {missed}, adds {extra}")
    return r


def main(argv: list[str]) -> int:
    r = evaluate("-v" in argv)
    if not r["sets"]:
        print(f"no second labelling under {SECOND}")
        return 1
    n = r["sets"]
    print(f"{n} fresh sets labelled twice (blind)")
    print(f"  two labellers agree on        {r['agree']}/{n} sets ({r['agree'] / n:.0%}); the second finds "
          f"{r['found']}/{r['found'] + r['missed']} of the first's labels and adds {r['extra']}; flags "
          f"{r['clean_flagged']}/{r['clean']} of its clean sets")
    print(f"  the tool today (first labels) {r['tool_right']}/{n} sets ({r['tool_right'] / n:.0%}); flags "
          f"{r['tool_clean_flagged']}/{r['clean']} clean sets (these sets are spent: tuned on since their first run)")
    a = r["adjudicated"]
    if a:
        print(f"{a} of them adjudicated: the first labels match the adjudicated ones on {r['first_agrees_adj']}/{a} sets; "
              f"the tool today is right by the adjudicated labels on {r['tool_right_adj']}/{a} ({r['tool_right_adj'] / a:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
