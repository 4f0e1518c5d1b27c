"""Property-based fuzzing of every reader of outside input.

A *target* is one reader: a function of one generated input that calls the reader and, where
the reader feeds checks, runs those checks. Each target is registered in TARGETS with:

  strategy   a Hypothesis strategy built from real fixtures and grammars (tests/data, the
             embedded example machines): lines dropped, duplicated, truncated; keys dropped or
             renamed; values of another type; huge, negative, NaN and infinite numbers; deep
             nesting; YAML anchors and aliases; unicode, control characters, CRLF, invalid
             UTF-8; lines up to a megabyte.
  allowed    the project's own error types the CLI turns into one line and an exit code
             (ConfigError, SourceError, Missing, ...). Anything else raised is a crash.

Properties checked for every input (``check``): the reader returns or raises an allowed error;
no finding is an ERROR ("the check crashed"); and an input of at most 1 MB takes at most
``budget_s`` (1 s) of CPU time in the reader, so catastrophic regex backtracking is a crash.

Adding a reader (one entry; see docs/reliability.md):

    @target("log.read", texts(seed_files("dmesg_*.txt")), allowed=(LogError,))
    def _(text):
        read_log(text)

Run: ``pytest tests/fuzz`` (a small profile on every target) or
``python benchmarks/fuzz.py --cases N`` (N per target, reproducers written to a directory).
"""
from __future__ import annotations

import gc
import glob
import os
import time
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable

from hypothesis import strategies as st

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data")
MB = 1024 * 1024
MAX_TEXT = 2 * MB  # generated texts are cut here


# ---------------------------------------------------------------- registry

@dataclass
class Target:
    name: str
    strategy: Callable[[], Any]  # returns a Hypothesis strategy (built lazily: fixtures are read once)
    run: Callable[[Any], Any]
    allowed: tuple = ()
    budget_s: float = 1.0  # CPU seconds for an input of at most 1 MB
    doc: str = ""
    setup: Callable[[], Any] | None = None  # untimed, once before the first input (caches, fixtures)
    _built: Any = field(default=None, repr=False)

    def strat(self):
        if self._built is None:
            self._built = self.strategy()
        return self._built


TARGETS: dict[str, Target] = {}


def target(name: str, strategy: Callable[[], Any], allowed: tuple = (), budget_s: float = 1.0,
           setup: Callable[[], Any] | None = None):
    """Register ``fn(value)`` as the fuzz target ``name``; ``strategy`` is a zero-argument
    callable returning a Hypothesis strategy (so fixtures load only when the target runs)."""
    def deco(fn):
        if name in TARGETS:
            raise ValueError(f"fuzz target {name!r} registered twice")
        TARGETS[name] = Target(name, strategy, fn, tuple(allowed), budget_s, (fn.__doc__ or "").strip(), setup)
        return fn
    return deco


class PropertyViolation(AssertionError):
    """The reader broke a property: crashed, produced an ERROR finding, or was too slow."""


def size_of(value: Any) -> int:
    if isinstance(value, (str, bytes)):
        return len(value)
    if isinstance(value, (tuple, list)):
        return sum(size_of(v) for v in value)
    if isinstance(value, dict):
        return sum(size_of(k) + size_of(v) for k, v in value.items())
    return 8


def check(t: Target, value: Any) -> None:
    """Run one input through target ``t`` and enforce the properties."""
    # No garbage collection inside the timed region (as timeit does): a full collection of a
    # worker's heap, grown by earlier targets, once charged 1 s to a reader that takes 0.1 s.
    collecting = gc.isenabled()
    gc.disable()
    start = time.thread_time()
    try:
        t.run(value)
    except t.allowed:
        pass
    finally:
        took = time.thread_time() - start
        if collecting:
            gc.enable()
    if took > t.budget_s and size_of(value) <= MB:
        raise PropertyViolation(f"{t.name}: {took:.2f} s of CPU on an input of {size_of(value)} bytes "
                                f"(budget {t.budget_s} s)")


def no_error_findings(findings) -> None:
    bad = [f for f in findings if f.status.value == "error"]
    if bad:
        raise PropertyViolation("; ".join(f"{f.code}: {f.title}: {f.detail}" for f in bad)[:2000])


# ---------------------------------------------------------------- generic strategies

NUMBERS = ["0", "-1", "-0", "+5", "007", "4294967296", "99999999999999999999999", "9" * 5000, "1e308", "-1e400",
           "NaN", "nan", "inf", "-Infinity", "0x1F", "0b101", "1_000", "\u0661\u0662", "\u00b2", "3.", ".5", "1e",
           "--1", "1-2", "18446744073709551616"]
ODD = ["", " ", "\x00", "\t", "\r", "\r\n", "\x1b[31m", "\u202e", "\ufeff", "\u00a0", "\u2028", "\U0001F600",
       "\ufffd", "é", "\\", "\"", "'", "#", ";", ":", "=", "{", "[", "(", "<", "&", "%s", "%n", "${HOME}", "$(id)",
       "\x7f", "\x85"]
_chars = st.characters(blacklist_categories=("Cs",))
small_text = st.one_of(st.sampled_from(ODD + NUMBERS), st.text(_chars, max_size=12))


def _fit(lines: list[str]) -> list[str]:
    """The leading lines that fit in MAX_TEXT (joining 20000 copies of a 1 MB line first would not)."""
    total = 0
    for n, line in enumerate(lines):
        total += len(line) + 1
        if total > MAX_TEXT:
            return lines[:n] + [line[:max(0, MAX_TEXT - (total - len(line) - 1))]]
    return lines


def _cut(s: str) -> str:
    return s if len(s) <= MAX_TEXT else s[:MAX_TEXT]


@st.composite
def mutated_text(draw, seeds: list[str]) -> str:
    """A real text with a few line-level and character-level mutations."""
    text = draw(st.sampled_from(seeds)) if seeds else ""
    lines = text.split("\n")
    for _ in range(draw(st.integers(0, 6))):
        if not lines:
            lines = [""]
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["drop", "dup", "number", "token", "insert", "long", "sep", "swap", "nest",
                                   "empty", "truncate", "random"]))
        line = lines[i]
        if op == "drop":
            del lines[i]
        elif op == "dup":
            lines[i:i + 1] = [line] * draw(st.sampled_from([2, 3, 100, 20000]))
        elif op == "number":
            import re

            digits = [m.span() for m in re.finditer(r"\d+", line)]
            if digits:
                a, b = digits[draw(st.integers(0, len(digits) - 1))]
                lines[i] = line[:a] + draw(st.sampled_from(NUMBERS)) + line[b:]
        elif op == "token":
            parts = line.split(" ")
            j = draw(st.integers(0, len(parts) - 1))
            parts[j] = draw(small_text)
            lines[i] = " ".join(parts)
        elif op == "insert":
            j = draw(st.integers(0, len(line)))
            lines[i] = line[:j] + draw(small_text) + line[j:]
        elif op == "long":
            unit = draw(st.one_of(st.just(line or "a"), st.sampled_from(["a", " ", "\t", ":", "=", "0", "\\", "[",
                                                                         "a b", "a:", "a=1 "])))
            lines[i] = unit * max(1, draw(st.sampled_from([1000, 100000, MB])) // max(1, len(unit)))
        elif op == "sep":
            for sep in (":", "=", "\t"):
                if sep in line:
                    lines[i] = line.replace(sep, draw(st.sampled_from(["", " ", sep * 2, "::", "\x00"])), 1)
                    break
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "nest":
            ch = draw(st.sampled_from("{[("))
            lines[i] = ch * draw(st.sampled_from([10, 1000, 50000])) + line
        elif op == "empty":
            lines[i] = ""
        elif op == "truncate":
            lines = lines[:i] + [line[:draw(st.integers(0, len(line)))]]
        elif op == "random":
            lines[i] = draw(st.text(_chars, max_size=60))
        lines = _fit(lines)
    out = "\n".join(lines)
    if draw(st.integers(0, 9)) == 0:
        out = out.replace("\n", "\r\n")
    return _cut(out)


def texts(seeds: list[str]):
    """Mostly mutated real texts; sometimes arbitrary text."""
    return st.one_of(mutated_text(seeds), mutated_text(seeds), mutated_text(seeds), st.text(_chars, max_size=200))


def as_bytes(text_strategy):
    """Bytes of a text, sometimes with invalid UTF-8 spliced in."""
    @st.composite
    def build(draw):
        b = draw(text_strategy).encode("utf-8", errors="replace")
        if draw(st.booleans()):
            j = draw(st.integers(0, len(b)))
            b = b[:j] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x00",
                                              b"\xef\xbb\xbf", b"\x80" * 1000])) + b[j:]
        return b
    return build()


SPECIAL = [None, True, False, 0, -1, 1, 2 ** 31, 2 ** 63, -(2 ** 63) - 1, 10 ** 30, 1e308, -1e308, float("nan"),
           float("inf"), float("-inf"), 0.5, "", " ", "0", "-1", "true", "auto", "none", "N/A", "nan", "x" * 10000,
           "\x00", "\u202e\U0001F600", "9" * 5000, [], {}, [None], {"": None}, [[[[[]]]]], {"a": {"b": {"c": {}}}}]


def _deep(n: int, leaf: Any = 0) -> Any:
    v = leaf
    for _ in range(n):
        v = [v]
    return v


any_json = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70),
              st.floats(allow_nan=True, allow_infinity=True), st.text(_chars, max_size=30)),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(_chars, max_size=10), inner,
                                                                          max_size=5)),
    max_leaves=20)


@st.composite
def mutated_json(draw, seeds: list[Any]) -> Any:
    """A real JSON document (probe data, a config) with keys dropped or renamed and values swapped
    for ones of another type, size or shape."""
    import copy

    doc = copy.deepcopy(draw(st.sampled_from(seeds)))
    for _ in range(draw(st.integers(1, 6))):
        # walk to a random container
        node, parent, key = doc, None, None
        for _ in range(draw(st.integers(0, 6))):
            kids = list(node.keys()) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) \
                else []
            if not kids:
                break
            k = kids[draw(st.integers(0, len(kids) - 1))]
            parent, key, node = node, k, node[k]
        op = draw(st.sampled_from(["replace", "replace", "drop", "rename", "wrap", "deep", "random"]))
        if parent is None:
            if op in ("replace", "random") and draw(st.integers(0, 4)) == 0:
                # A copy: a reader that changes its input must not change SPECIAL for later draws
                # (Hypothesis then sees generation depend on external state: FlakyStrategyDefinition).
                doc = copy.deepcopy(draw(st.sampled_from(SPECIAL))) if op == "replace" else draw(any_json)
            continue
        if op == "replace":
            parent[key] = copy.deepcopy(draw(st.sampled_from(SPECIAL)))
        elif op == "random":
            parent[key] = draw(any_json)
        elif op == "drop":
            del parent[key]
        elif op == "rename" and isinstance(parent, dict):
            new = draw(st.one_of(st.just(str(key).upper()), st.just(str(key) + " "), st.text(_chars, max_size=8)))
            parent[new] = parent.pop(key)
        elif op == "wrap":
            parent[key] = draw(st.sampled_from([[node], {"value": node}, str(node)[:1000]]))
        elif op == "deep":
            parent[key] = _deep(draw(st.sampled_from([50, 200])), node)
    return doc


# ---------------------------------------------------------------- fixtures

def seed_files(*patterns: str) -> list[str]:
    out = []
    for pat in patterns:
        for path in sorted(glob.glob(os.path.join(DATA, pat))):
            with open(path, encoding="utf-8", errors="replace") as fh:
                out.append(fh.read())
    if not out:
        raise FileNotFoundError(f"no fuzz seed matches {patterns}")
    return out


def example_dirs() -> dict[str, str]:
    from rocmdoctor.api import examples

    return examples()


def example_texts(sub: str, pattern: str = "*") -> list[str]:
    """Texts of files under each example machine's ``sub`` directory (fs/..., cmd/*/stdout)."""
    out = []
    for base in example_dirs().values():
        for path in sorted(glob.glob(os.path.join(base, sub, pattern), recursive=True)):
            if os.path.isfile(path):
                with open(path, encoding="utf-8", errors="replace") as fh:
                    out.append(fh.read())
    return out


# ---------------------------------------------------------------- running

@dataclass
class Outcome:
    target: str
    cases: int  # inputs generated and checked (shrinking replays not counted)
    seconds: float
    crash: str | None = None  # one line: the exception
    reproducer: Any = None  # the shrunk input
    path: str | None = None  # where the reproducer was written


def run_target(t: Target, cases: int, *, seed: int | None = 0, crash_dir: str | None = None) -> Outcome:
    """Generate ``cases`` inputs for ``t`` with Hypothesis; on a failure, let it shrink and
    return the smallest failing input (written to ``crash_dir`` when given)."""
    from hypothesis import HealthCheck, Phase, given, seed as hseed, settings

    counter = {"n": 0, "shrinking": False}
    last: dict[str, Any] = {}

    def body(value):
        if not counter["shrinking"]:
            counter["n"] += 1
        try:
            check(t, value)
        except BaseException as exc:
            counter["shrinking"] = True
            last["value"], last["exc"] = value, exc
            raise

    test = settings(max_examples=cases, deadline=None, database=None, derandomize=False,
                    suppress_health_check=list(HealthCheck), print_blob=False,
                    phases=[Phase.explicit, Phase.generate, Phase.shrink])(given(t.strat())(body))
    if seed is not None:
        test = hseed(seed)(test)
    start = time.monotonic()
    if t.setup is not None:
        t.setup()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # HypothesisWarning: large reprs of big inputs
            test()
    except BaseException as exc:  # noqa: BLE001 - a crash of the target is the result here
        if isinstance(exc, KeyboardInterrupt):
            raise
        err = last.get("exc", exc)
        out = Outcome(t.name, counter["n"], time.monotonic() - start,
                      crash=f"{type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}"[:300],
                      reproducer=last.get("value"))
        if crash_dir:
            out.path = write_reproducer(crash_dir, t.name, out.reproducer, out.crash)
        return out
    return Outcome(t.name, counter["n"], time.monotonic() - start)


def write_reproducer(crash_dir: str, name: str, value: Any, crash: str | None) -> str:
    os.makedirs(crash_dir, exist_ok=True)
    base = os.path.join(crash_dir, name.replace("/", "_"))
    if isinstance(value, bytes):
        path, data = base + ".bin", value
    elif isinstance(value, str):
        path, data = base + ".txt", value.encode("utf-8", errors="surrogateescape")
    else:
        path = base + ".repr"
        data = repr(value).encode("utf-8", errors="backslashreplace")
    with open(path, "wb") as fh:
        fh.write(data)
    with open(base + ".crash", "w", encoding="utf-8") as fh:
        fh.write(f"target: {name}\ncrash: {crash}\ninput: {os.path.basename(path)}\n")
    return path
