"""The kernel command line (/proc/cmdline)."""
from __future__ import annotations

from ...base.records import dataclass


@dataclass(frozen=True)
class Cmdline:
    text: str
    args: tuple[tuple[str, str | None], ...]

    def values(self, key: str) -> list[str | None]:
        return [v for k, v in self.args if k == key]

    def get(self, key: str) -> str | None:
        """The effective value: the kernel lets the last occurrence win."""
        vals = self.values(key)
        return vals[-1] if vals else None

    def has(self, key: str, value: str | None = None) -> bool:
        vals = self.values(key)
        return bool(vals) if value is None else value in vals


def parse_cmdline(text: str) -> Cmdline:
    args: list[tuple[str, str | None]] = []
    for tok in _split(text.strip()):
        if "=" in tok:
            k, _, v = tok.partition("=")
            args.append((k, v))
        else:
            args.append((tok, None))
    return Cmdline(text.strip(), tuple(args))


def _split(text: str) -> list[str]:
    # The kernel honours double quotes around values with spaces; nothing else.
    out: list[str] = []
    cur: list[str] = []
    quoted = False
    for ch in text:
        if ch == '"':
            quoted = not quoted
            continue
        if ch.isspace() and not quoted:
            if cur:
                out.append("".join(cur))
                cur = []
            continue
        cur.append(ch)
    if cur:
        out.append("".join(cur))
    return out
