"""Reading JSON nobody vouches for (a snapshot, a cluster file, amdsmi's answers, a benchmark's output).

``pick(doc, "a", "b")`` is ``doc["a"]["b"]`` where every step exists and is a mapping, else None:
one rule instead of ``((doc or {}).get("a") or {}).get("b")`` chains, which also crash when a step
is a list or a string. Facts turn what checks read into typed records; this is for the readers
that keep an open-ended document.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def pick(doc: Any, *path: str) -> Any:
    """The value at ``path`` (keys of nested mappings), or None where a step is absent or not a mapping."""
    for key in path:
        if not isinstance(doc, Mapping):
            return None
        doc = doc.get(key)
    return doc


def pick_map(doc: Any, *path: str) -> Mapping:
    """As :func:`pick`, for a section: an empty mapping unless the value is one."""
    v = pick(doc, *path)
    return v if isinstance(v, Mapping) else {}


def pick_list(doc: Any, *path: str) -> list:
    """As :func:`pick`, for a list: an empty list unless the value is one."""
    v = pick(doc, *path)
    return v if isinstance(v, list) else []
