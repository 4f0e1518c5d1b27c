"""How much of what `rocmdoctor scan` finds `rocmdoctor fix` can change by itself (issue 25).

For every embedded example: the failing and warning findings, and the plans `fix` makes for
them (the same code path: rocmdoctor.remedy.session). A finding is *fixable* when a plan
for it is safe or unsafe (applied by --apply, or --apply --unsafe) and not refused. A
finding whose only plan is display-only because a person must act (a BIOS setting, the
hardware, a vendor download: ``Concrete.manual``) is left out of the count, and listed.
A finding without any plan counts as not fixable.

    python benchmarks/fixable.py            # per example, then the total as the last line
    python benchmarks/fixable.py -v         # every finding and its plan

Last line: ``fixable: A/B plans applicable across E examples`` (A fixable findings of B).
"""
from __future__ import annotations

import argparse
import sys
import types


def measure(example: str):
    from rocmdoctor.api import make_source
    from rocmdoctor.engine.model import Applicability
    from rocmdoctor.remedy import session

    a = types.SimpleNamespace(level="default", select=None, ignore=None, no_plugins=True, config=None,
                              model=None, env_file=None, user=None, iommu_mode="pt", python=None)
    src = make_source(example=example)
    report = session.scan_report(a, src)
    bad = [f for f in report.findings if f.status in session.BAD]
    plans = session.plans_for(a, src, session.items_of(report))
    rows = []
    for f in bad:
        o = session.origin_of(f)
        mine = [c for c in plans if o in c.origin]
        ok = [c for c in mine if not c.refused and c.applicability != Applicability.DISPLAY_ONLY
              and (c.actionable or c.commands)]
        manual = [c.manual for c in mine if c.manual]
        kind = ("fixable" if ok else "person" if manual and len(manual) == len(mine) else "not fixable")
        rows.append((o, kind, ok[0] if ok else (mine[0] if mine else None), manual))
    return rows, plans


def main(argv=None) -> int:
    import rocmdoctor

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-v", "--verbose", action="store_true")
    a = p.parse_args(argv)
    total_ok = total = used = 0
    worst = 1.0
    for ex in rocmdoctor.examples():
        rows, plans = measure(ex)
        n_ok = sum(1 for _, k, _, _ in rows if k == "fixable")
        n = sum(1 for _, k, _, _ in rows if k != "person")
        person = [o for o, k, _, _ in rows if k == "person"]
        if not rows:
            print(f"{ex}: no failing or warning findings")
            continue
        used += 1
        total_ok, total = total_ok + n_ok, total + n
        share = n_ok / n if n else 1.0
        worst = min(worst, share)
        print(f"{ex}: {n_ok}/{n} findings have a safe or unsafe plan ({share:.0%}); {len(plans)} plans"
              + (f"; a person must act on {len(person)}: {', '.join(person)}" if person else ""))
        if a.verbose:
            for o, k, c, manual in rows:
                what = (f"{c.applicability.value}: {c.title}" if c is not None else "no plan")
                print(f"    {k:11} {o}  ->  {what}" + (f" [{', '.join(manual)}]" if manual else ""))
    print(f"lowest share on one example: {worst:.0%} (the goal: at least 80% on every example)")
    print(f"fixable: {total_ok}/{total} plans applicable across {used} examples")
    return 0


if __name__ == "__main__":
    sys.exit(main())
