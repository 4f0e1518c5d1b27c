"""Running `explain` on a few lines, and reading corpus excerpts, for the explain tests."""
from __future__ import annotations

import os

from rocmdoctor.engine.machine import Machine
from rocmdoctor.logs.explain import Explanation, explain
from rocmdoctor.logs.logscan import scan_text

CORPUS = os.path.join(os.path.dirname(__file__), "corpus")


def run(lines: list[str], name: str = "job.log") -> Explanation:
    """explain on these lines as one log file, with no machine facts."""
    result = scan_text(lines, name=name)
    result.files = [name]
    return explain(result, Machine(None), inputs=[name], shape_lines=[(name, lines)])


def corpus_lines(name: str, batch: str = "logs") -> list[str]:
    """A corpus excerpt's log lines (``batch``: "logs", or "fresh/logs"); the source and label
    lines never reach the tool."""
    with open(os.path.join(CORPUS, batch, name + ".log"), encoding="utf-8") as f:
        return f.read().splitlines()[2:]


# The catalog calls the amdgpu/KFD kernel family "kernel"; the corpus labels call it "driver".
CORPUS_FAMILY = {"kernel": "driver"}


def top(lines: list[str]) -> tuple[str | None, str | None]:
    """(family as the corpus labels name it, signature id) of the first problem explain reports
    on these lines; (None, None) when it reports none."""
    probs = [d for d in run(lines).diagnoses if d.is_problem]
    if not probs:
        return None, None
    s = probs[0].signature
    return CORPUS_FAMILY.get(s.family, s.family), s.id
