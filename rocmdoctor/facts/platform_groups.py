"""/etc/group, read through the source: who is listed in render and video.

The identity probe answers the same through NSS on a live host; this fact also works
for --root trees and snapshots, and gives file evidence for the permission checks.
"""
from __future__ import annotations

from . import Missing, fact
from .host import GroupEntry


@fact("etc_group")
def etc_group(ctx) -> dict[str, GroupEntry]:
    r = ctx.source.read("/etc/group")
    if not r.ok:
        raise Missing(f"/etc/group: {r.error}")
    out: dict[str, GroupEntry] = {}
    for line in r.text.splitlines():
        parts = line.strip().split(":")
        if len(parts) != 4 or not parts[0] or not parts[2].isdigit():
            continue  # comments, NIS '+' lines, garbage
        members = tuple(m for m in parts[3].split(",") if m)
        out[parts[0]] = GroupEntry(gid=int(parts[2]), members=members, line=line.strip())
    return out
