"""Shell-style KEY=value files (/etc/os-release, /etc/default/grub reading only)."""
from __future__ import annotations

import shlex


def parse_os_release(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        try:
            parts = shlex.split(value, posix=True)
        except ValueError:  # unbalanced quotes: keep the raw text
            parts = [value.strip("\"'")]
        out[key.strip()] = parts[0] if parts else ""
    return out
