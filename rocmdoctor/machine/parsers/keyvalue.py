"""Shell-style KEY=value files (/etc/os-release, /etc/default/grub reading only)."""
from __future__ import annotations

import shlex

MAX_VALUE = 4096  # longer than any os-release or grub value


def parse_os_release(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        if len(value) > MAX_VALUE:  # shlex is pure Python: a megabyte line took seconds (fuzz: os_release)
            out[key.strip()] = value.strip().strip("\"'")
            continue
        try:
            parts = shlex.split(value, posix=True)
        except ValueError:  # unbalanced quotes: keep the raw text
            parts = [value.strip("\"'")]
        out[key.strip()] = parts[0] if parts else ""
    return out
