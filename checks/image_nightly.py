"""PyTorch's nightly channels do not keep what they once served: a ROCm release's nightly index
(download.pytorch.org/whl/nightly/rocmX.Y) is dropped once nightlies move to newer ROCm releases,
and dated nightly wheels (torch==2.5.0.dev20240726) are pruned after a while. A build that installs
from either works on the day it was written and stops later ("No matching distribution"), or, with
the index only an --extra-index-url, quietly takes PyPI's CUDA torch instead.
"""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.settings import artifact_at
from rocmdoctor.base.untrusted import pick
from rocmdoctor.engine.check import check, ev, ok, warn

AREA = "image"
# Nightly ROCm channels older than this are retired: PyTorch's nightlies build only for the ROCm
# releases of the next PyTorch release (ROCm 6.2 from the 2.5/2.6 cycle, 6.3/6.4 and 7.x since); the
# 5.x and 6.0/6.1 channels and their dated wheels are gone.
NIGHTLY_ROCM_SINCE = (6, 2)
SOURCES = ("https://pytorch.org/get-started/locally/",
           "https://github.com/pytorch/test-infra/blob/main/s3_management/manage.py")

_NIGHTLY = re.compile(r"download\.pytorch\.org/whl/nightly/rocm(\d+)\.(\d+)", re.I)
# A dated nightly build of torch or its libraries: `==2.5.0.dev20240726`, `torch-2.4.0.dev20240410+rocm6.0-...whl`.
_DATED = re.compile(r"(?:^|/)(torch|torchvision|torchaudio|pytorch[-_]triton[-_]rocm)(?:\s*==\s*|-)"
                    r"[\d.]+\.dev(\d{8})", re.I)


_TORCH = re.compile(r"\s*(?:torch|torchvision|torchaudio|pytorch[-_]triton[-_]rocm)\b(?![-_.\w])", re.I)
_TORCH_WHEEL = re.compile(r"/(?:torch|torchvision|torchaudio|pytorch[-_]triton[-_]rocm)-\d", re.I)


def _torch_line(req: str) -> bool:
    """A requirement for torch or its libraries, by name or as a wheel URL, or one that names a nightly
    channel itself: what a requirements file's finding cites (not its numpy line)."""
    return bool(_TORCH.match(req) or _TORCH_WHEEL.search(req) or _NIGHTLY.search(req))


def _index_line(settings, v, urls: list[str]) -> list:
    """Evidence for the line that names the retired channel (where the fix goes): a requirements file's
    index line, or the line of a multi-line pip command (RUN, script) that names it."""
    art = artifact_at(settings, v.origin.path)
    if art is None:
        return []
    at = pick(art.data, "index_lines", default=None)
    n = next((at[u] for u in urls if isinstance(at, dict) and _NIGHTLY.search(u) and isinstance(at.get(u), int)), None)
    if n is None and not isinstance(at, dict):
        lines = art.lines()
        first = v.origin.line or 1
        n = next((i for i in range(first, min(first + 12, len(lines) + 1)) if _NIGHTLY.search(lines[i - 1])), None)
    return [ev(art.origin(n).label, art.origin(n).text)] if n and n != v.origin.line else []


def _is_file(v) -> bool:
    return isinstance(v.value, dict) and bool(v.value.get("file"))


def _install(v) -> tuple:
    """(Value, install key, index/find-links URLs, requirements, the retired ROCm release it installs from or None):
    a requirements file is one install (its key the file), a command line another."""
    rec = v.value if isinstance(v.value, dict) else {}
    opts = rec.get("options") or {}
    reqs = [str(r) for r in rec.get("requirements") or []]
    urls = [str(x) for k in ("index-url", "i", "extra-index-url", "f", "find-links") for x in opts.get(k, [])]
    key = v.origin.path if rec.get("file") else (v.origin.path, v.origin.line)
    rel = next(((int(m.group(1)), int(m.group(2))) for m in (_NIGHTLY.search(u) for u in urls + reqs) if m
                and (int(m.group(1)), int(m.group(2))) < NIGHTLY_ROCM_SINCE), None)
    return v, key, urls, reqs, rel


def _retired_finding(settings, hits: list):
    """One finding for an install from a retired nightly channel, at its first line, citing each of its lines
    that names the channel itself (a file of wheel URLs) and the index line that names it (not every package
    line that index serves)."""
    v, urls, _reqs, retired = hits[0]
    cited = [v] + [x for x, _u, reqs, _r in hits[1:] if any(_NIGHTLY.search(r) for r in reqs)]
    rel = f"{retired[0]}.{retired[1]}"
    return warn(f"{_where(v)}: the nightly channel of ROCm {rel} (whl/nightly/rocm{rel}) is retired",
                f"PyTorch's nightlies moved on from ROCm {rel}; its nightly index no longer serves "
                "these builds, so pip stops with 'No matching distribution' (or, with the channel only "
                "an --extra-index-url, installs PyPI's CUDA torch). Install a released torch from the "
                "stable index of the host's ROCm (https://download.pytorch.org/whl/rocmX.Y).",
                subject=f"{v.origin.label} nightly",
                evidence=[x.evidence() for x in cited[:8]] + _index_line(settings, v, urls),
                sources=list(SOURCES))


def _where(v) -> str:
    rec = v.value if isinstance(v.value, dict) else {}
    return os.path.basename(v.origin.path) if rec.get("file") else "pip install"


@check("RD-IMG-010", area=AREA, title="pip installs from nightly channels that still serve the build",
       option="config", sources=list(SOURCES))
def nightly_channels(settings):
    pips = settings.values("build", "pip")
    if not pips:
        return ok("no pip install in the files")
    out, seen = [], set()
    # a requirements file is one install: its finding cites its torch line (and the index line)
    torch_files = {v.origin.path for v in pips if isinstance(v.value, dict) and v.value.get("file")
                   and any(_torch_line(str(r)) for r in v.value.get("requirements") or [])}
    installs = [_install(v) for v in pips if not (_is_file(v) and v.origin.path in torch_files and not any(
        _torch_line(str(r)) for r in v.value.get("requirements") or []))]
    # one install, one cause: an install with a line from a retired channel is told once, for that
    # channel, citing each such line; its dated pins (wheel URLs, `==...devYYYYMMDD`) are the same cause
    retired: dict = {}
    for v, key, urls, reqs, rel in installs:
        if rel:
            retired.setdefault(key, []).append((v, urls, reqs, rel))
    for v, key, _urls, reqs, _rel in installs:
        if key in retired:
            if key not in seen:
                seen.add(key)
                out.append(_retired_finding(settings, retired[key]))
            continue
        for r in reqs:
            m = _DATED.search(r)
            if m and (key, m.group(1).lower()) not in seen:
                seen.add((key, m.group(1).lower()))
                day = m.group(2)
                out.append(warn(f"`{r[:80]}` ({_where(v)}): a dated nightly build ({day[:4]}-{day[4:6]}-{day[6:]})",
                                "PyTorch prunes nightly wheels after a while: a pin to one night's build resolves "
                                "only until that wheel is deleted, then the build stops ('No matching distribution'). "
                                "Pin a released torch from the stable ROCm index instead.",
                                subject=f"{v.origin.label} {m.group(1).lower()}",
                                evidence=_written_at(settings, v, r) + [v.evidence()], sources=list(SOURCES)))
                break
    return out or ok(f"{len(pips)} pip install line(s); no retired nightly channel or dated nightly pin")


def _written_at(settings, v, req: str) -> list:
    """The line of a multi-line RUN or command where the pin itself is written (the install is cited at its first)."""
    from .pip_untaken import run_block

    art = artifact_at(settings, v.origin.path)
    if art is None or not v.origin.line or art.kind == "requirements":
        return []
    lo, hi = run_block(art, v.origin.line)
    n = art.line_of(re.escape(req.strip("'\"")), start=lo - 1)
    return [ev(f"{v.origin.path}:{n}", art.lines()[n - 1].strip()[:200])] if n and n != v.origin.line and n <= hi else []
