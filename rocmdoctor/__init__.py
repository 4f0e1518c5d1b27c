"""rocmdoctor: diagnostics and safe fixes for AMD ROCm machines that train LLMs.

Library use (prints nothing, keeps no state between calls)::

    import rocmdoctor
    report = rocmdoctor.scan(select=["RD-GFX"])
    for f in report.findings: ...
    report.to_dict()   # the documented JSON (docs/json-schema.md)
    rec = rocmdoctor.recommend()   # dtype, attention and env settings for this machine
"""
from __future__ import annotations

__version__ = "0.1.0"

from .advice import recommend_for as recommend  # noqa: E402
from .api import examples, scan  # noqa: E402

__all__ = ["scan", "recommend", "examples", "__version__"]
