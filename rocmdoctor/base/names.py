"""Distribution names compared as pip compares them: packaging.utils.canonicalize_name
(PEP 503), written out because importing packaging.utils costs about 40 ms (packaging.tags),
most of a quick scan. tests/test_library_parity.py holds it equal to packaging's. The static
probe child (machine/childprobes/python_static.py) runs with the standard library only in
another interpreter and keeps its own copy, tested the same way. Versions: base/versions.py."""
from __future__ import annotations

import re

_RUNS = re.compile(r"[-_.]+")


def canonical_name(name: str) -> str:
    """'Flash_Attn' -> 'flash-attn'; 'zope.interface' -> 'zope-interface'."""
    return _RUNS.sub("-", name).lower()

