"""A project's own pyproject.toml that nothing in the files installs, read as the install its README asks for.

A repository that ships only a pyproject.toml (PEP 621 ``[project] dependencies`` or Poetry's
``[tool.poetry.dependencies]``) is installed with ``pip install -e .``, ``uv sync`` or ``poetry install``:
each takes ``torch`` from PyPI (a CUDA build) unless the file names another index, exactly as a standalone
requirements file does. So its dependencies become one ``pip`` value each, at their line, in an artifact of
the requirements kind, and the pip rules (RD-IMG-002, RD-IMG-009) judge them as they judge such a file.
A pyproject that a ``pip install .`` of the files installs is judged at that command instead, and a uv
project (a [tool.uv] table, or ``uv sync`` beside it) by requirements.read_uv_project.
"""
from __future__ import annotations

import re

from ..settings import BUILD, Artifact
from .requirements import MAX_BYTES, REQUIREMENTS, project_dependencies

def _dependencies(path: str, text: str, extras: list[str]) -> tuple[list[tuple[int, str, str | None]], dict[str, str]]:
    """(line, PEP 508 requirement, Poetry source name) of each dependency, PEP 621's (with ``extras``) or else
    Poetry's, and the Poetry sources' URLs by name."""
    deps: list[tuple[int, str, str | None]] = [(ln, r, None) for ln, r in project_dependencies(path, text, extras)]
    if deps:
        return deps, {}
    import tomllib

    try:
        doc = tomllib.loads(text[:MAX_BYTES])
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return [], {}
    return _poetry(doc, text)


def requirements_of(path: str, text: str, extras: list[str]) -> list[str]:
    """What `pip install DIR[extras]` installs from DIR's pyproject.toml: PEP 621's dependencies or Poetry's."""
    return [r for _, r, _s in _dependencies(path, text, extras)[0]]


def read(path: str, text: str) -> Artifact | None:
    """The dependencies of a pyproject.toml as pip installs; None when it declares none (a tool's config only)."""
    deps, indexes = _dependencies(path, text, [])
    if not deps:
        return None
    art = Artifact(path, REQUIREMENTS, text, data={"requirements": []})
    for line, req, index in deps:
        # a dependency's own `source`, else the source every dependency without one comes from (`priority =
        # "primary"`, legacy `default = true`)
        url = indexes.get(index or "") or indexes.get(_PRIMARY)
        opts = {"index-url": [url]} if url else {}
        art.add(BUILD, "pip", {"requirements": [req], "options": opts, "file": path}, line or None)
        art.data["requirements"].append(req)
    return art


_CARET = re.compile(r"^[\^~]=?\s*([\d.]+)")
_PRIMARY = "\0primary"  # the key of the source a Poetry project takes every dependency from by default


def _poetry(doc: dict, text: str) -> tuple[list[tuple[int, str, str | None]], dict[str, str]]:
    """[tool.poetry.dependencies] as PEP 508 lines: `torch = "^2.4.0"` -> `torch>=2.4.0`, `"*"` -> `torch`, an exact
    `"2.5.1"` -> `torch==2.5.1`; a table's `source` names the [[tool.poetry.source]] whose URL it comes from."""
    tool = doc.get("tool")
    poetry = tool.get("poetry") if isinstance(tool, dict) else None
    if not isinstance(poetry, dict):
        return [], {}
    deps = poetry.get("dependencies")
    sources = poetry.get("source")
    listed = [s for s in (sources if isinstance(sources, list) else [])[:50]
              if isinstance(s, dict) and isinstance(s.get("url"), str)]
    indexes = {str(s["name"]): str(s["url"]) for s in listed if isinstance(s.get("name"), str)}
    primary = [s for s in listed if s.get("priority") in ("primary", "default") or s.get("default") is True]
    if primary:
        indexes[_PRIMARY] = str(primary[0]["url"])
    lines = text[:MAX_BYTES].splitlines()
    start = next((i for i, ln in enumerate(lines) if re.match(r"^\s*\[tool\.poetry\.dependencies\]", ln)), 0)
    out: list[tuple[int, str, str | None]] = []
    for name, spec in list(deps.items() if isinstance(deps, dict) else [])[:500]:
        if not isinstance(name, str) or name.lower() == "python":
            continue
        source = None
        if isinstance(spec, dict):
            if any(k in spec for k in ("git", "path", "url", "file")):
                continue  # a git, path or URL dependency: nothing pip takes from an index
            source = spec.get("source") if isinstance(spec.get("source"), str) else None
            spec = spec.get("version", "*")
        if not isinstance(spec, str) or "||" in spec:
            continue  # a list of markers' alternatives, or alternatives PEP 508 cannot write: not judged
        spec = spec.strip()
        m = _CARET.match(spec)
        req = name if spec in ("", "*") else f"{name}>={m.group(1)}" if m else \
            f"{name}=={spec}" if re.fullmatch(r"[\d.]+(?:\.\*|\+[\w.]+)?", spec) else f"{name}{spec}"
        at = next((i for i, ln in enumerate(lines[start:], start + 1)
                   if re.match(rf"^\s*{re.escape(name)}\s*=", ln)), 0)
        out.append((at, req, source))
    return out, indexes


def declares_dependencies(path: str) -> bool:
    """A pyproject.toml whose dependencies are an install to judge (a folder holding only it is a set of launch files)."""
    import os

    from . import ReadError, read_text

    if os.path.basename(path) != "pyproject.toml":
        return False
    try:
        return read(path, read_text(path)) is not None
    except ReadError:
        return False
