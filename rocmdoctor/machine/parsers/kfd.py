"""KFD topology (/sys/class/kfd/kfd/topology/nodes/N/properties): 'key value' lines."""
from __future__ import annotations


def parse_properties(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) != 2:
            continue
        try:
            out[parts[0]] = int(parts[1], 0)
        except ValueError:
            continue
    return out


def gfx_name(target_version: int) -> str | None:
    """90006 -> 'gfx906', 90010 -> 'gfx90a', 110000 -> 'gfx1100', 90402 -> 'gfx942'.

    gfx_target_version is major*10000 + minor*100 + stepping; the gfx name spells the
    major in decimal and minor/stepping as one hex digit each (so 9.0.10 is gfx90a, not
    'gfx9010' as some tools print).
    """
    if not target_version or target_version < 10000:
        return None
    major, rest = divmod(target_version, 10000)
    minor, step = divmod(rest, 100)
    if minor > 15 or step > 15:
        return None
    return f"gfx{major}{minor:x}{step:x}"


def gfx_version_tuple(target_version: int) -> tuple[int, int, int]:
    major, rest = divmod(target_version, 10000)
    minor, step = divmod(rest, 100)
    return major, minor, step


def location_to_bdf(domain: int, location_id: int) -> str:
    """KFD location_id packs bus<<8 | device<<3 | function."""
    bus = (location_id >> 8) & 0xFF
    dev = (location_id >> 3) & 0x1F
    fn = location_id & 0x7
    return f"{domain:04x}:{bus:02x}:{dev:02x}.{fn}"
