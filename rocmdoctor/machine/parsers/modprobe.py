"""modprobe.d configuration: which lines stop amdgpu from loading."""
from __future__ import annotations


def amdgpu_denials(text: str) -> list[str]:
    """Lines that denylist amdgpu or make it never load ('install amdgpu /bin/false')."""
    out = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        parts = line.split()
        if len(parts) < 2 or parts[1] != "amdgpu":
            continue
        if parts[0] == "blacklist":
            out.append(line)
        elif parts[0] == "install" and any(p.endswith(("/false", "/true")) for p in parts[2:]):
            out.append(line)
    return out
