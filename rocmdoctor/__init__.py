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

__all__ = ["scan", "recommend", "examples", "__version__"]

# Resolved on first use (PEP 562): `python -m rocmdoctor` and the CLI import only what the
# command runs, not the advice tables behind recommend().
_LAZY = {"scan": ("api", "scan"), "examples": ("api", "examples"), "recommend": ("api", "recommend_for")}


def __getattr__(name: str):
    import importlib

    where = _LAZY.get(name)
    if where is not None:
        value = getattr(importlib.import_module(f"{__name__}.{where[0]}"), where[1])
        globals()[name] = value
        return value
    if not name.startswith("_"):  # `import rocmdoctor; rocmdoctor.api....` as when this imported everything
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
    raise AttributeError(f"module 'rocmdoctor' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
