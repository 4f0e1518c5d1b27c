"""Compose's merge tags, as values a YAML reader builds (compose-spec 13-merge.md, Compose 2.24+).

Kept apart from the YAML reader (configfiles) so the compose rules can tell them without importing it."""
from __future__ import annotations

from typing import Any


class MergeTag:
    """A value written with one of Compose's merge tags (compose-spec 13-merge.md, Compose 2.24+):
    ``!reset`` takes the key out of the merged service, ``!override`` replaces the base's value
    instead of merging into it. Read alone, each is the plain value it wraps."""


class ResetList(list, MergeTag):
    pass


class ResetDict(dict, MergeTag):
    pass


class OverrideList(list, MergeTag):
    pass


class OverrideDict(dict, MergeTag):
    pass


def is_reset(v: Any) -> bool:
    return isinstance(v, (ResetList, ResetDict))
