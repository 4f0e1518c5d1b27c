"""One finding per GPU that is not fine, the GPUs that pass (and identical skips) folded into one:
how every GPU-health check reports, so eight GPUs with the same good counters read as one line."""
from __future__ import annotations

from rocmdoctor.base.records import replace
from rocmdoctor.engine.check import ev, ok, skip
from rocmdoctor.engine.model import Status


def gpu_list(items) -> str:
    idx = [h.index for h in items]
    if len(idx) > 2 and idx == list(range(idx[0], idx[-1] + 1)):
        return f"GPUs {idx[0]}-{idx[-1]}"
    return ("GPU " if len(idx) == 1 else "GPUs ") + ", ".join(map(str, idx))


def gather(health, judge, ok_title: str):
    """One finding per GPU that is not fine; the fine ones (and identical skips) folded."""
    out: list = []
    passed: list = []
    skipped: dict[tuple, list] = {}
    for h in health:
        f = judge(h)
        if f.status == Status.PASS:
            passed.append((h, f))
        elif f.status == Status.SKIP:
            skipped.setdefault((f.title, f.detail), []).append((h, f))
        else:
            out.append(replace(f, subject=h.label))
    for (title, detail), items in skipped.items():
        hs = [h for h, _ in items]
        out.append(skip(f"{gpu_list(hs)}: {title}", detail, evidence=[e for _, f in items for e in f.evidence][:6],
                        data={"gpus": [h.index for h in hs]}))
    if passed:
        hs = [h for h, _ in passed]
        titles = {f.title for _, f in passed}
        details = {f.detail for _, f in passed}
        if len(titles) > 1:
            detail = "; ".join(f"GPU {h.index}: {f.title}" for h, f in passed)
        else:
            detail = next(iter(titles)) + (f". {next(iter(details))}" if len(details) == 1 and "" not in details else "")
        out.append(ok(f"{gpu_list(hs)}: {ok_title}", detail,
                      evidence=[e for _, f in passed for e in f.evidence][:8],
                      data={"gpus": [h.index for h in hs]}))
    return out


def unreadable_skip(h, what: str):
    paths = [p for p, _ in h.unreadable if what in p]
    if not paths:
        return None
    return skip(f"{what} counters not readable without root",
                f"{paths[0]}: {dict(h.unreadable)[paths[0]]}. Run rocmdoctor as root (sudo) to read them.",
                evidence=[ev(p, e) for p, e in h.unreadable if what in p][:4])
