"""Find the few lines of a large chunk that can match any signature, without looking
at each line in Python.

Every signature line contains one of the catalog's ANCHORS (a test enforces it), so a
line without any anchor is skipped. With google-re2 installed (the optional ``fastlogs``
extra) one case-insensitive DFA pass finds them; otherwise the chunk is lower-cased once
and each anchor is found with ``bytes.find`` (C speed, one pass per anchor). Both give the
same lines (tests/test_logscan.py).
"""
from __future__ import annotations

import os
import re
from typing import Iterable

from ...knowledge.signatures import ANCHORS

try:  # optional accelerator: linear-time DFA, several times faster on big logs
    import re2 as _re2  # type: ignore
except Exception:  # pragma: no cover - depends on the environment
    _re2 = None


# The anchors are a speed device for logs of gigabytes. A pasted excerpt is small: there every signature's own
# needles count as anchors too, so a line a signature matches is never skipped for lacking the catalog's common
# words (a traceback's last line pasted without its `AttributeError:`, a kernel line without "error").
SMALL = 256 * 1024
WIDE_MIN = 6


class Prefilter:
    def __init__(self, anchors: Iterable[str] = ANCHORS, engine: str | None = None, needles: Iterable[str] = ()):
        self.anchors = tuple(a.lower().encode() for a in anchors)
        # (a needle of a few letters, "inf" of "nan/inf", is in every INFO line: only the specific ones widen)
        self.wide = self.anchors + tuple(sorted({n.lower().encode() for n in needles if len(n) >= WIDE_MIN}
                                                - set(self.anchors)))
        self.budget = SMALL  # bytes still read with the needles as anchors (the input's first chunks, if small)
        # ROCMDOCTOR_LOGSCAN_ENGINE=stdlib forces the fallback (benchmarks, comparisons).
        want = engine or os.environ.get("ROCMDOCTOR_LOGSCAN_ENGINE") or ("re2" if _re2 is not None else "stdlib")
        self.engine = want if (want == "stdlib" or _re2 is not None) else "stdlib"
        if self.engine == "re2":
            opts = _re2.Options()
            opts.case_sensitive = False
            self._rx = _re2.compile(b"|".join(re.escape(a) for a in self.anchors), opts)
            self._wide_rx = _re2.compile(b"|".join(re.escape(a) for a in self.wide), opts) \
                if len(self.wide) > len(self.anchors) else self._rx

    def line_starts(self, chunk: bytes, end: int | None = None) -> list[int]:
        """Offsets of the starts of lines in ``chunk[:end]`` that contain an anchor, sorted."""
        n = len(chunk) if end is None else end
        wide = n <= self.budget
        self.budget = max(0, self.budget - n)
        starts: set[int] = set()
        if self.engine == "re2":
            rx = self._wide_rx if wide else self._rx
            pos = 0
            while pos < n:
                m = rx.search(chunk, pos, n)
                if m is None:
                    break
                i = m.start()
                starts.add(chunk.rfind(b"\n", 0, i) + 1)
                e = chunk.find(b"\n", i, n)
                if e < 0:
                    break
                pos = e + 1
            return sorted(starts)
        low = chunk[:n].lower()
        for a in (self.wide if wide else self.anchors):
            i = low.find(a)
            while i >= 0:
                s = low.rfind(b"\n", 0, i) + 1
                starts.add(s)
                e = low.find(b"\n", i)
                if e < 0:
                    break
                i = low.find(a, e)
        return sorted(starts)
