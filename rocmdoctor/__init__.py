"""rocmdoctor: diagnostics and safe fixes for AMD ROCm machines that train LLMs.

Library use (prints nothing, keeps no state between calls)::

    import rocmdoctor
    report = rocmdoctor.scan(select=["RD-GFX"])
    for f in report.findings: ...
    report.to_dict()   # the documented JSON (docs/json-schema.md)
"""
from __future__ import annotations

__version__ = "0.1.0"

from .api import examples, scan  # noqa: E402

__all__ = ["scan", "examples", "__version__"]
