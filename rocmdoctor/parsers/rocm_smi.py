"""rocm-smi --showproductname --json: {"card0": {"Card Series": ..., ...}}."""
from __future__ import annotations

import json
import re


def parse_productname_json(text: str) -> dict[str, dict[str, str]]:
    """card name -> fields. Garbage or a non-object gives {} (callers treat as absent)."""
    start = text.find("{")
    if start < 0:
        return {}
    try:
        data = json.loads(text[start:])
    except (ValueError, RecursionError):  # JSONDecodeError, or nesting deep enough to overflow
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: {str(a): str(b) for a, b in v.items()} for k, v in data.items()
            if re.fullmatch(r"card\d+", k) and isinstance(v, dict)}
