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
