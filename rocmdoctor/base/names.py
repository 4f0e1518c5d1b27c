"""Distribution names compared as pip compares them: packaging.utils.canonicalize_name
(PEP 503), written out because importing packaging.utils costs about 40 ms (packaging.tags),
most of a quick scan. tests/test_library_parity.py holds it equal to packaging's. The static
probe child (machine/childprobes/python_static.py) runs with the standard library only in
another interpreter and keeps its own copy, tested the same way."""
from __future__ import annotations

import re

_RUNS = re.compile(r"[-_.]+")


def canonical_name(name: str) -> str:
    """'Flash_Attn' -> 'flash-attn'; 'zope.interface' -> 'zope-interface'."""
    return _RUNS.sub("-", name).lower()


_LEADING = re.compile(r"\s*(\d+(?:\.\d+)*)")


def version_tuple(text: str | None) -> tuple[int, ...]:
    """The leading release numbers of a version string, for ordering: '6.2.41133-dd7f95766' ->
    (6, 2, 41133); '2.6.0.dev20240918+rocm6.2' -> (2, 6, 0); '' or None -> (). ROCm's and HIP's
    versions are not PEP 440 ('6.1.40091-a8dbc0c19' is refused by packaging.version), so they
    cannot go through packaging; Python packages' versions do (packaging.version.Version)."""
    m = _LEADING.match(text or "")
    return tuple(int(x) for x in m.group(1).split(".")) if m else ()
