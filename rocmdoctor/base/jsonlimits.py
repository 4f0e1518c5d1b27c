"""``json.loads`` with a nesting limit that holds on every Python.

Up to Python 3.11 a deeply nested document (``[[[[...``) made ``json.loads`` raise
RecursionError, and the readers of outside text (snapshots, tool output, configs, the cache)
relied on that to refuse it. From 3.12 the C decoder parses thousands of levels, and such a
document went on to code that walks it recursively (found on Python 3.12 on a GPU machine:
a 5,000-deep rocm-smi answer was taken as card data). Here the depth is checked after
parsing, without recursion, and too deep is a ValueError (JSONDecodeError's base), as bad
JSON is.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

MAX_DEPTH = 100  # no tool output, snapshot or config rocmdoctor reads nests deeper than ~10


def depth_exceeds(data: Any, limit: int = MAX_DEPTH) -> bool:
    stack = [(data, 1)]
    while stack:
        obj, depth = stack.pop()
        items: Iterable[Any]
        if isinstance(obj, dict):
            items = obj.values()
        elif isinstance(obj, list):
            items = obj
        else:
            continue
        if depth > limit:
            return True
        stack.extend((v, depth + 1) for v in items if isinstance(v, (dict, list)))
    return False


def loads(text: str | bytes, max_depth: int = MAX_DEPTH, **kwargs) -> Any:
    try:
        data = json.loads(text, **kwargs)
    except RecursionError:
        raise ValueError("JSON nested too deeply to parse") from None
    if depth_exceeds(data, max_depth):
        raise ValueError(f"JSON nested deeper than {max_depth} levels")
    return data
