"""The package's source files, for the tests that read code rather than run it (import cycles,
conventions, typed facts, keyword tables, module size)."""
from __future__ import annotations

import os
from typing import Iterator

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = {"rocmdoctor": "rocmdoctor", "rocmdoctor.checks": "checks", "rocmdoctor.fixes": "fixes",
            "rocmdoctor.benchmarks": "benchmarks"}  # as installed (pyproject's package-dir)


def py_files(*tops: str) -> Iterator[str]:
    """Every .py file below these top-level folders of the repository."""
    for top in tops:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = [d for d in dirnames if not d.startswith((".", "__pycache__"))]
            for f in filenames:
                if f.endswith(".py"):
                    yield os.path.join(dirpath, f)


def modules() -> dict[str, str]:
    """Module name -> file, for every module of the package as installed."""
    out: dict[str, str] = {}
    for pkg, folder in PACKAGES.items():
        base = os.path.join(ROOT, folder)
        for path in py_files(folder):
            rel = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
            rel = "" if rel == "__init__" else rel.removesuffix(".__init__")
            out[pkg + ("." + rel if rel else "")] = path
    return out
