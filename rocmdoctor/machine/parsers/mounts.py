"""/proc/mounts lines: device mountpoint fstype options dump pass."""
from __future__ import annotations

from ...base.records import dataclass

_UNITS = {"k": 1024, "m": 1024**2, "g": 1024**3, "t": 1024**4}


@dataclass(frozen=True)
class Mount:
    device: str
    mountpoint: str
    fstype: str
    options: dict[str, str | None]


def parse_mounts(text: str) -> list[Mount]:
    out = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 4:
            continue
        opts: dict[str, str | None] = {}
        for o in parts[3].split(","):
            k, sep, v = o.partition("=")
            opts[k] = v if sep else None
        out.append(Mount(parts[0], parts[1].replace("\\040", " "), parts[2], opts))
    return out


def size_option(value: str | None) -> int | None:
    """tmpfs size= option: '65536k', '8g', '1073741824'. Percent sizes return None."""
    if not value or value.endswith("%"):
        return None
    unit = value[-1].lower()
    try:
        if unit in _UNITS:
            return int(float(value[:-1]) * _UNITS[unit])
        return int(value)
    except (ValueError, OverflowError):  # 'inf' or a huge exponent
        return None
