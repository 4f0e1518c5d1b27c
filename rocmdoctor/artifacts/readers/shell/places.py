"""Places: the physical line a value is written on (the command's own line, the line above that
wrote it into a variable, the assignment of the variable it expands), for citing it."""
from __future__ import annotations

import re


class Spanned:
    """A script's physical lines, with the lines outside a command's own that it also reads: the elements of an
    array it expands (`opts=( ... )` then `podman run "${opts[@]}"`). A value the command takes from one is
    cited at the element's line. A view (no copy): indexing, slicing and len() are the lines'."""

    __slots__ = ("lines", "extra")
    lines: list[str]
    extra: tuple[int, ...]

    def __init__(self, physical, extra: list[int]):
        self.lines = physical.lines if isinstance(physical, Spanned) else physical
        self.extra = tuple(extra)

    def __getitem__(self, i):
        return self.lines[i]

    def __len__(self) -> int:
        return len(self.lines)

    def __iter__(self):
        return iter(self.lines)


def _span(physical: list[str], first: int, last: int) -> list[int]:
    """The lines a command's values are searched on: its own, then the array elements it expands."""
    return list(range(first, max(first, last) + 1)) + list(getattr(physical, "extra", ()))


def _last_line(physical: list[str], first: int) -> int:
    i = first
    while i <= len(physical) and physical[i - 1].endswith("\\"):
        i += 1
    return min(i, len(physical))


def _line_or_defined(physical: list[str], first: int, last: int, pattern: str, raw: list[str],
                     variables: dict) -> int:
    """The command's line that holds ``pattern``, else the line that assigned a variable the command
    expands whose text holds it (`OMP_FLAGS="... --offload-arch=gfx1201"` then `clang $OMP_FLAGS`)."""
    rx = re.compile(pattern)
    for n in _span(physical, first, last):
        if n <= len(physical) and rx.search(physical[n - 1]):
            return _value_written(physical, n, rx, variables)
    for w in raw:
        for name in re.findall(r"\$\{?([A-Za-z_]\w*)", w):
            at = variables.get(_DEFINED + name)
            if at and rx.search(physical[int(at) - 1] if int(at) <= len(physical) else ""):
                return _value_written(physical, int(at), rx, variables)
    return first


def _value_written(physical: list[str], n: int, rx: re.Pattern, variables: dict) -> int:
    """The line whose option takes its value from a variable (`--offload-arch=${ARCH}`, a Makefile's `$(ARCH)`)
    cites the line that wrote the variable (`ARCH = gfx90a`), where the value is and a fix would go."""
    m = rx.search(physical[n - 1])
    ref = re.match(r"[= ]\$\{?([A-Za-z_]\w*)", physical[n - 1][m.end():]) if m else None
    at = variables.get(_DEFINED + ref.group(1)) if ref else None
    return int(at) if at and 0 < int(at) <= len(physical) else n


# Where a variable was last assigned: a key no shell variable can have. A value a command line takes
# from `$IMG` is cited at the line that wrote it (`IMG=pytorch-rocm5.7.sif`), where a fix would go.
_DEFINED = "defined at "


def _written_at(value: str, raw: list[str] | None, words: list[str], variables: dict | None, fallback: int) -> int:
    """The line that wrote ``value``: the assignment of the variable the command line names it by
    (``$IMG`` / ``"${CONTAINER}"`` / ``docker://$IMG``), else ``fallback`` (the command's own line)."""
    if not raw or not variables or len(raw) != len(words):
        return fallback
    for r, w in zip(raw, words):
        m = re.fullmatch(r"(?:[a-z]+://)?\$\{?([A-Za-z_]\w*)\}?", r)  # `docker://$BASE_IMAGE` too
        if w == value and m and (_DEFINED + m.group(1)) in variables:
            return int(variables[_DEFINED + m.group(1)])
    return fallback


def _line_before(physical: list[str], first: int, last: int, pattern: str) -> int:
    """The line of the command that writes ``pattern``, else the nearest line above that does (an
    option written into a variable the command expands: `CMD="torchrun --rdzv-endpoint=..."`)."""
    n = _line_with(physical, first, last, pattern)
    if n != first or re.search(pattern, physical[first - 1] if first <= len(physical) else ""):
        return n
    rx = re.compile(pattern)
    return next((k for k in range(first - 1, 0, -1) if rx.search(physical[k - 1])
                 and not physical[k - 1].lstrip().startswith("#")), first)


def _line_with(physical: list[str], first: int, last: int, pattern: str) -> int:
    rx = re.compile(pattern)
    for n in _span(physical, first, last):
        if n <= len(physical) and rx.search(physical[n - 1]):
            return n
    return first
