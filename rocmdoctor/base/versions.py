"""The one version parser: the leading release numbers of a version string.

ROCm's, HIP's, DTK's, kernels' and OS releases' versions are not PEP 440 ('6.1.40091-a8dbc0c19'
is refused by packaging.version), so they are read here; Python packages' versions against a
specifier go through packaging.version.Version. Tags that carry a version inside a name
(rocm/pytorch:rocm6.1_ubuntu22.04, dtk-24.04) are found by their own patterns
(knowledge/artifacts.py, facts/platform.py) before their numbers are read."""
from __future__ import annotations

import re

_LEADING = re.compile(r"\s*(\d+(?:\.\d+)*)")


def version_tuple(text: str | None, width: int | None = None) -> tuple[int, ...]:
    """The leading release numbers of a version string, for ordering: '6.2.41133-dd7f95766' ->
    (6, 2, 41133); '2.6.0.dev20240918+rocm6.2' -> (2, 6, 0); '' or None -> (). With ``width``,
    cut or padded with zeros to that many numbers ('6' -> (6, 0) at width 2), so that '6' and
    '6.0' compare equal."""
    m = _LEADING.match(text or "")
    nums = tuple(int(x) for x in m.group(1).split(".")) if m else ()
    if width is None:
        return nums
    return (nums + (0,) * width)[:width] if nums else ()


def major_minor(text: str | None) -> str:
    """'6.2.41133-dd7f95766' -> '6.2'; '3.11.4' -> '3.11'; '6' -> '6'; '' when there is no number."""
    return ".".join(str(n) for n in version_tuple(text)[:2])
