"""Where a pip line of a launch file runs, as far as the file says which torch is already there
(RD-IMG-002: pip keeps an installed torch that satisfies a requirement, so `pip install deepspeed`
after a ROCm torch is no replacement): a ROCm torch the same file installed on an earlier line,
or the host's, for a script that imports it before its pip lines and makes no fresh environment."""
from __future__ import annotations

import os
import re

from rocmdoctor.knowledge import artifacts as ka

ROCM_TORCH_RECENT = "rocm>=2"  # a ROCm torch 2.x is installed, its exact version unknown


# A script that imports torch before its pip lines runs them where that torch is installed.
_IMPORTS_TORCH = re.compile(r"(?m)^[^#\n]*\bpython[\d.]*\s+-c\s+[\"'][^\"']*\bimport\s+torch\b")
# Commands that make a new Python environment: pip after them installs into it, not the host's.
_FRESH_ENV = re.compile(r"(?m)^[^#\n]*(?:\s-m\s+venv\b|\bvirtualenv\b|\bconda\s+create\b|\bmamba\s+create\b|"
                        r"\buv\s+venv\b|\bpython\d*(?:\.\d+)?\s+-m\s+virtualenv\b)")


def runs_with_host_torch(art, line: int) -> bool:
    before = "\n".join(art.lines()[:max(line - 1, 0)])
    return bool(_IMPORTS_TORCH.search(before)) and not _FRESH_ENV.search(before)


def rocm_torch_before(settings, v) -> str | None:
    """A ROCm torch that an earlier pip line of the same file installed (from the ROCm index, or
    a +rocm wheel): its pinned version, or "rocm>=2" when unpinned (the ROCm index holds 2.x)."""
    for p in settings.values("build", "pip"):
        if p.origin.path != v.origin.path or (p.origin.line or 0) >= (v.origin.line or 0) \
                or not isinstance(p.value, dict):
            continue
        opts = p.value.get("options") or {}
        idx = any(ka.ROCM_INDEX.search(str(x)) for k in ("index-url", "i", "extra-index-url", "f", "find-links")
                  for x in opts.get(k, []))
        for req in p.value.get("requirements") or []:
            r = str(req)
            if ka.requirement_name(r) == "torch" and (idx or "rocm" in r.lower()):
                m = re.search(r"==\s*(\d+\.\d+(?:\.\d+)?)", r)
                return m.group(1) if m else ROCM_TORCH_RECENT
            if r.lower().endswith(".whl") and os.path.basename(r).lower().startswith("torch-") and "rocm" in r.lower():
                m = re.match(r"torch-(\d+\.\d+(?:\.\d+)?)", os.path.basename(r).lower())
                return m.group(1) if m else ROCM_TORCH_RECENT
    return None
