"""rocm-smi --showproductname --json: {"card0": {"Card Series": ..., ...}}."""
from __future__ import annotations

import re

from ...base import jsonlimits


def parse_productname_json(text: str) -> dict[str, dict[str, str]]:
    """card name -> fields. Garbage or a non-object gives {} (callers treat as absent)."""
    start = text.find("{")
    if start < 0:
        return {}
    try:
        data = jsonlimits.loads(text[start:])
    except ValueError:  # JSONDecodeError, or nested too deeply
        return {}
    if not isinstance(data, dict):
        return {}
    out = {}
    for k, v in data.items():
        if re.fullmatch(r"card\d+", k) and isinstance(v, dict):
            fields = {str(a): str(b) for a, b in v.items() if isinstance(b, (str, int, float, bool))}
            if fields:
                out[k] = fields
    return out
