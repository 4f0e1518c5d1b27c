"""The public failure reports a log most resembles (issue 24).

When a log's error-like lines match no signature and its shape names no component, explain
still knows something: the labelled cases of the corpus (tests/corpus: real logs pasted in
public threads, each labelled from its thread) whose words are nearest to the log say which
family of cause lines like these had, and in which threads it was found. Measured over seven
independent batches, each voted by the cases collected before it, this named the right family
for 15 of the 20 unseen failure logs that no signature or shape rule explained (docs/accuracy.md).

The index (rocmdoctor/data/known_cases.json) is built by scripts/build_known_cases.py from the
dev split and the spent fresh batches only, never from the holdout split, so the holdout
figures stay a measure of logs the tool has not seen. Similarity is the cosine of the logs' words
weighted by their IDF (a word counts once per log); the three nearest cases vote, weighted by their similarity.
"""
from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache

SCHEMA = "rocmdoctor.known_cases"
VERSION = 1
INDEX = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "known_cases.json")
NEIGHBOURS = 3
# Below this cosine nothing in the corpus is like the log: say nothing rather than guess.
MIN_SIMILARITY = 0.1
# A line or two of common words ("error: ...") resembles everything a little: a vote needs this many
# words the cases use (every unexplained failure of seven batches had 6 or more).
MIN_WORDS = 4
# Words start with a letter; runs over 40 characters are cut (hashes, base64 are no vocabulary).
_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z_][A-Za-z0-9_.\-]{1,40}")  # not the tail of 0x1f or 3rd
_HEXLIKE = re.compile(r"[0-9a-f]{6,}")
_PARTS = re.compile(r"[._\-]")
MAX_TEXT = 4 << 20  # characters read from a log's windows: the query stays fast on any input


def words(text: str) -> set[str]:
    """The words of a log, lower-cased: each dotted or dashed name and its parts of 3 letters or
    more (``torch.distributed`` gives torch.distributed, torch, distributed), without numbers
    and hex strings, which name nothing that recurs."""
    out: set[str] = set()
    for w in _WORD.findall(text[:MAX_TEXT]):
        w = w.lower().strip(".-_")
        if len(w) <= 32 and not _HEXLIKE.fullmatch(w):
            out.add(w)
        # the parts of a long dotted name count on their own (torch.distributed.DistBackendError)
        out.update(p for p in _PARTS.split(w) if 3 <= len(p) <= 32 and not _HEXLIKE.fullmatch(p))
    out.discard("")
    return {w for w in out if len(w) >= 2}


@dataclass(frozen=True)
class Case:
    source: str  # the public thread the log was pasted in
    family: str  # the corpus label's family (driver, runtime, distributed ...)
    cause: str  # the label's cause words, as the collector wrote them from the thread


@dataclass
class KnownCases:
    cases: list[Case] = field(default_factory=list)
    # word -> [(case index, the word's IDF weight in the case's normalised vector)]
    postings: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    idf: dict[str, float] = field(default_factory=dict)
    excluded: frozenset[str] = frozenset()  # sources left out (the benchmark scores a case without its own thread)
    error: str = ""  # why the index could not be read; nothing is then said by resemblance

    @classmethod
    def from_dict(cls, data: dict) -> KnownCases:
        """The index as scripts/build_known_cases.py writes it; a malformed or newer one reads as empty,
        with the reason, and explain goes on without it."""
        try:
            if data.get("schema") != SCHEMA or int(data.get("version", 0)) > VERSION:
                return cls(error=f"not a known-cases index of version <= {VERSION}")
            vocab = [str(w) for w in data["vocabulary"]]
            n = max(1, int(data["documents"]))
            idf = {w: math.log(n / max(1, int(df))) for w, df in zip(vocab, data["df"])}
            out = cls(idf=idf)
            for i, c in enumerate(data["cases"]):
                out.cases.append(Case(str(c["source"]), str(c["family"]), str(c.get("cause", ""))))
                ws = [vocab[j] for j in c["words"] if 0 <= int(j) < len(vocab)]
                norm = math.sqrt(sum(idf[w] ** 2 for w in ws)) or 1.0
                for w in ws:
                    out.postings.setdefault(w, []).append((i, idf[w] / norm))
            return out
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            return cls(error=f"unreadable known-cases index ({type(exc).__name__})")

    @classmethod
    def load(cls, path: str = INDEX) -> KnownCases:
        return _load(path)

    def excluding(self, *sources: str) -> KnownCases:
        """The same index without the cases of these threads."""
        return KnownCases(self.cases, self.postings, self.idf, self.excluded | frozenset(sources), self.error)

    def nearest(self, text: str, k: int = NEIGHBOURS, min_words: int = 1) -> list[tuple[float, Case]]:
        """The k cases most like ``text``, most similar first: (cosine similarity, case); none when
        the text has fewer than ``min_words`` words the cases use."""
        q = {w: self.idf[w] for w in words(text) if w in self.idf}
        qn = math.sqrt(sum(v * v for v in q.values()))
        if not qn or len(q) < min_words:
            return []
        score: dict[int, float] = {}
        for w, v in q.items():
            for i, cw in self.postings.get(w, ()):
                score[i] = score.get(i, 0.0) + v / qn * cw
        ranked = sorted(((s, i) for i, s in score.items() if self.cases[i].source not in self.excluded),
                        key=lambda si: (-si[0], si[1]))
        return [(round(s, 4), self.cases[i]) for s, i in ranked[:k]]

    def family(self, text: str) -> tuple[str, list[tuple[float, Case]]]:
        """The family the nearest cases vote for (weighted by similarity; ties go to the nearest
        case's family), and those cases; ("", []) when none is similar enough."""
        near = self.nearest(text, min_words=MIN_WORDS)
        if not near or near[0][0] < MIN_SIMILARITY:
            return "", []
        votes: dict[str, float] = {}
        for s, c in near:
            votes[c.family] = votes.get(c.family, 0.0) + s
        order = {c.family: i for i, (_, c) in reversed(list(enumerate(near)))}
        best = max(votes, key=lambda f: (votes[f], -order[f]))
        return best, near


@lru_cache(maxsize=4)
def _load(path: str) -> KnownCases:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as exc:
        return KnownCases(error=f"known-cases index not readable: {type(exc).__name__}")
    if not isinstance(data, dict):
        return KnownCases(error="unreadable known-cases index (not an object)")
    return KnownCases.from_dict(data)
