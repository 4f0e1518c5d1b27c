"""Pure parsers for the amdgpu/PCI health files in sysfs. Tolerant: a line that does not
parse is skipped, a file that says nothing useful gives None."""
from __future__ import annotations

import re

from ...base import lazyre

# Counters are u64 (at most 20 digits): a longer run is not a count, and int() of 100,000 digits
# raises. Leading space is [ \t]: `^\s*` re-read every following blank line (quadratic on CRLF).
_COUNT = lazyre.compile(r"^[ \t]*(ue|ce|de)[ \t]*:[ \t]*(\d{1,20})\s*$", re.M | re.I | re.A)


def err_count(text: str | None) -> dict[str, int] | None:
    """``ras/<block>_err_count``: lines ``ue: N`` / ``ce: N`` (newer kernels add ``de: N``,
    deferred). During RAS interrupt handling the file reads ``Query currently inaccessible``:
    that is None, as is any text without a count."""
    if not text:
        return None
    out = {m.group(1).lower(): int(m.group(2)) for m in _COUNT.finditer(text)}
    return out or None


_BAD_PAGE = lazyre.compile(r"^[ \t]*(0x[0-9a-f]{1,16})[ \t]*:[ \t]*(0x[0-9a-f]{1,16})[ \t]*:[ \t]*([RPF])\s*$", re.M | re.I | re.A)


def bad_pages(text: str | None) -> list[tuple[str, str, str]]:
    """``ras/gpu_vram_bad_pages``: ``<pfn> : <size> : <flag>`` per page, flag R (reserved,
    i.e. retired), P (pending retirement) or F (failed to reserve)."""
    return [(m.group(1), m.group(2), m.group(3).upper()) for m in _BAD_PAGE.finditer(text or "")]


def aer_counts(text: str | None) -> dict[str, int]:
    """``aer_dev_correctable`` / ``aer_dev_nonfatal`` / ``aer_dev_fatal`` / ``aer_rootport_total_*``:
    ``<name> <count>`` per line (the last is TOTAL_ERR_COR/NONFATAL/FATAL); a root port's
    ``aer_rootport_total_err_cor`` holds a bare number."""
    out: dict[str, int] = {}
    for line in (text or "").splitlines():
        parts = line.split()
        if len(parts) == 2 and _count(parts[1]):
            out[parts[0]] = int(parts[1])
        elif len(parts) == 1 and _count(parts[0]):
            out["TOTAL"] = int(parts[0])
    return out


def _count(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= 20


def aer_total(counts: dict[str, int]) -> int | None:
    if not counts:
        return None
    for key in ("TOTAL_ERR_COR", "TOTAL_ERR_NONFATAL", "TOTAL_ERR_FATAL", "TOTAL"):
        if key in counts:
            return counts[key]
    return sum(counts.values())


_DPM = lazyre.compile(r"^\s*(\d{1,20})\s*:\s*(\d{1,20})\s*([MG]?Hz)?\s*(\*)?\s*$", re.I | re.A)


def dpm_levels(text: str | None) -> tuple[list[int], int | None]:
    """``pp_dpm_sclk`` / ``pp_dpm_mclk``: ``<level>: <clock>Mhz [*]``; returns the clocks in
    MHz and the index of the current level (the line marked ``*``), or None when none is."""
    clocks: list[int] = []
    current = None
    for line in (text or "").splitlines():
        m = _DPM.match(line)
        if not m:
            continue
        mhz = int(m.group(2)) * (1000 if (m.group(3) or "").lower() == "ghz" else 1)
        if m.group(4):
            current = len(clocks)
        clocks.append(mhz)
    return clocks, current


def first_int(text: str | None) -> int | None:
    m = re.match(r"\s*(-?\d{1,20})(?!\d)", text or "", re.A)
    return int(m.group(1)) if m else None
