"""`dkms status` lines: module/version, kernel, arch: state.

dkms 3.x prints ``amdgpu/6.3.6-1697589.22.04, 6.5.0-14-generic, x86_64: installed``;
dkms 2.x prints ``amdgpu, 6.3.6-1697589.22.04, 6.5.0-14-generic, x86_64: installed``.
Lines without a kernel (``added``/``built`` for no kernel yet) keep kernel None.
"""
from __future__ import annotations

from ...base.records import dataclass


@dataclass(frozen=True)
class DkmsEntry:
    module: str
    version: str
    kernel: str | None
    arch: str | None
    state: str  # installed, built, added, ... (may carry a suffix such as "(WARNING ...)")
    line: str


def parse_dkms_status(text: str) -> list[DkmsEntry]:
    out = []
    for raw in text.splitlines():
        line = raw.strip()
        head, sep, state = line.rpartition(":")
        if not sep or not head:
            continue
        fields = [f.strip() for f in head.split(",")]
        if "/" in fields[0]:
            module, _, version = fields[0].partition("/")
            rest = fields[1:]
        elif len(fields) >= 2:
            module, version, rest = fields[0], fields[1], fields[2:]
        else:
            continue
        if not module or not version:
            continue
        kernel = rest[0] if rest else None
        arch = rest[1] if len(rest) > 1 else None
        out.append(DkmsEntry(module, version, kernel, arch, state.strip(), line))
    return out
