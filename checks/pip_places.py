"""Where a pip requirement is written, beside the pip value's own line: the lines a fix changes (a uv project's
[tool.uv.sources] route, the continuation line of a multi-line pip command that names the package)."""
from __future__ import annotations

import re

from rocmdoctor.artifacts.settings import artifact_at
from rocmdoctor.base.untrusted import pick, pick_list
from rocmdoctor.engine.check import ev
from rocmdoctor.knowledge import artifacts as ka


def routed_at(settings, v, req) -> list:
    """A uv project's lines that send this package to its index: [tool.uv.sources] `torch = { index = ... }` and that
    index's `url = ...` in [[tool.uv.index]], the lines a fix changes beside the dependency's own."""
    art = artifact_at(settings, v.origin.path)
    if art is None or not pick(art.data, "uv_project"):
        return []
    at = pick(art.data, "source_lines", default=None)
    n = at.get(ka.requirement_name(str(req)) or "") if isinstance(at, dict) else None
    if not isinstance(n, int):
        return []
    urls = pick(art.data, "index_lines", default=None)
    opts = pick(v.value, "options", default=None) if isinstance(v.value, dict) else None
    given = [str(u) for k in ("index-url", "extra-index-url") for u in pick_list(opts, k)] if isinstance(opts, dict) else []
    lines = [n] + [urls[u] for u in given if isinstance(urls, dict) and isinstance(urls.get(u), int)]
    return [ev(art.origin(x).label, art.origin(x).text) for x in dict.fromkeys(lines) if x != v.origin.line]


def written_at(settings, v, req) -> list:
    """The line a pip command continued over several lines names the requirement on (`pip install \\` ...
    `flash-attn \\`): the line a fix changes, beside the command's own."""
    art = artifact_at(settings, v.origin.path)
    name = ka.requirement_name(str(req)) or ""
    if art is None or not name or not v.origin.line or isinstance(v.value, dict) and v.value.get("file"):
        return []
    lines = art.lines()
    word = re.compile(r"(?<![\w.-])" + r"[-_.]".join(map(re.escape, re.split(r"[-_.]", name))) + r"(?![\w-])", re.I)
    n, last = v.origin.line, v.origin.line
    while n < min(len(lines), v.origin.line + 80) and lines[last - 1].rstrip().endswith("\\"):
        n += 1
        if art.kind == "dockerfile" and lines[n - 1].lstrip().startswith("#"):
            continue  # Docker drops a comment line inside a continued instruction
        last = n
        if word.search(lines[n - 1]):
            return [ev(art.origin(n).label, art.origin(n).text)]
    return []


def install_key(v, settings=None):
    """One pip install: a requirements file (all its lines go in together, with the file that includes it
    with `-r`) or one pip command."""
    rec = v.value if isinstance(v.value, dict) else {}
    if not rec.get("file"):
        return (v.origin.path, v.origin.line)
    path, seen = v.origin.path, set()
    while settings is not None and path not in seen:  # up the `-r` chain to the file pip was given
        seen.add(path)
        art = artifact_at(settings, path)
        up = pick(art.data, "included_by", default=None) if art is not None else None
        if not up or not isinstance(up, list):
            break
        path = str(up[0])
    return path


# NVIDIA's CUDA libraries as PyPI packages (nvidia-cublas-cu12, nvidia-cudnn-cu11 ...): what a CUDA torch pulls in,
# written out line by line in a frozen requirements file beside it; a fix removes them with that torch
_CUDA_LIBRARY_PIN = re.compile(r"^\s*nvidia[-_][a-z0-9_-]{2,40}[-_]cu1\d\b", re.I)


def cuda_library_pins(pips) -> list:
    """The requirements-file lines among ``pips`` that pin NVIDIA's CUDA libraries."""
    return [v for v in pips if isinstance(v.value, dict) and v.value.get("file")
            and any(_CUDA_LIBRARY_PIN.match(str(r)) for r in v.value.get("requirements") or [])]
