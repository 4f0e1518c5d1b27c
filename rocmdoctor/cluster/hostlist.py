"""Slurm's compressed host lists, both ways: 'gpu[01-03,7],login1' <-> the names.

A thousand node names in one line help nobody; the cluster report prints node lists
compressed, the way sinfo and scontrol do.
"""
from __future__ import annotations

import re

_NUMBERED = re.compile(r"^(.*?)(\d+)(\D*)$")


def expand(text: str) -> list[str]:
    """'gpu[01-03,7],login1' -> gpu01 gpu02 gpu03 gpu7 login1."""
    out: list[str] = []
    for m in re.finditer(r"([^,\[]+)(?:\[([^\]]*)\])?([^,\[]*)", text):
        prefix, ranges, suffix = m.group(1), m.group(2), m.group(3)
        if not prefix and not ranges:
            continue
        if ranges is None:
            out.append(prefix + suffix)
            continue
        for part in ranges.split(","):
            lo, _, hi = part.partition("-")
            if hi and lo.isdigit() and hi.isdigit():
                out.extend(f"{prefix}{i:0{len(lo)}d}{suffix}" for i in range(int(lo), int(hi) + 1))
            elif part:
                out.append(prefix + part + suffix)
    return out


def compress(names) -> str:
    """node001 node002 node003 node007 login1 -> 'login1, node[001-003,007]'. Names that
    share a prefix, a number width and a suffix fold together; others stay as they are."""
    groups: dict[tuple[str, int, str], list[int]] = {}
    plain: list[str] = []
    for name in dict.fromkeys(names):
        m = _NUMBERED.match(name)
        if m and "[" not in name and "," not in name:
            groups.setdefault((m.group(1), len(m.group(2)), m.group(3)), []).append(int(m.group(2)))
        else:
            plain.append(name)
    parts = []
    for (prefix, width, suffix), nums in groups.items():
        nums = sorted(set(nums))
        if len(nums) == 1:
            parts.append(f"{prefix}{nums[0]:0{width}d}{suffix}")
            continue
        runs, start = [], nums[0]
        for prev, cur in zip(nums, nums[1:] + [None]):
            if cur != prev + 1:
                runs.append(f"{start:0{width}d}" + (f"-{prev:0{width}d}" if prev != start else ""))
                if cur is not None:  # None: past the last number
                    start = cur
        parts.append(f"{prefix}[{','.join(runs)}]{suffix}")
    return ", ".join(sorted(parts + plain, key=_natural))


def _natural(name: str) -> list:
    return [(0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.findall(r"\d+|\D+", name)]
