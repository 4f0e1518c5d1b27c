"""Reading JSON nobody vouches for (a snapshot, a cluster file, amdsmi's answers, a benchmark's output).

``pick(doc, "a", "b")`` is ``doc["a"]["b"]`` where every step exists and is a mapping, else None
(or ``default``): one rule instead of chains of ``.get(...) or {}``, which also crash when a step
is a list or a string. Facts turn what checks read into typed records; this is for the readers
that keep an open-ended document.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def pick(doc: Any, *path: Any, default: Any = None) -> Any:
    """The value at ``path`` (keys of nested mappings), or ``default`` where a step is absent or not
    a mapping, or a step before the last is None (as ``.get(k, default)`` on ``x.get(j) or {}``)."""
    for key in path:
        if not isinstance(doc, Mapping) or key not in doc:
            return default
        doc = doc[key]
    return doc


def pick_map(doc: Any, *path: Any) -> Mapping:
    """As :func:`pick`, for a section: an empty mapping unless the value is one."""
    v = pick(doc, *path)
    return v if isinstance(v, Mapping) else {}


def pick_list(doc: Any, *path: Any) -> list:
    """As :func:`pick`, for a list: an empty list unless the value is one."""
    v = pick(doc, *path)
    return v if isinstance(v, list) else []
