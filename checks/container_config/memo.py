"""One answer per scan for a question the container rules all ask of the settings (services_of: about 120
times a scan, each working out overlays, profiles, started services and GPU signs again)."""
from __future__ import annotations

import functools


def per_settings(fn):
    """Memoize ``fn(settings, ...)`` (a generator or a function returning an iterable) on the settings object
    itself, keyed on the rest of its arguments (defaults filled in, so gpu_only=False and no gpu_only are one key)
    and on the artifacts the settings hold: the same artifact objects, in the same order, each with the same
    data and text objects. The number of values is no such key: a launch script that only says
    `docker compose --profile gpu up` adds no value yet turns services on. Held by the settings, the answer
    never outlives its scan nor reaches another scan's settings (a dict keyed on id(settings) would, once a
    freed settings' id is reused). What the key cannot see is an artifact's data changed in place: artifacts
    are read-only once read (each scan gets its own copies, readers.read_one), and no rule writes to them.
    A stand-in settings with no artifact list (tests' namespaces) is asked each time. Returns an iterator."""
    # the parameters after settings, with their defaults (not inspect: the quick scan imports this module)
    code = fn.__code__
    names = code.co_varnames[1:code.co_argcount]
    defaults = dict(zip(names[len(names) - len(fn.__defaults__ or ()):], fn.__defaults__ or ()))
    slot = f"_memo_{fn.__module__}.{fn.__qualname__}"

    @functools.wraps(fn)
    def memoized(settings, *args, **kwargs):
        arts = getattr(settings, "artifacts", None)
        store = getattr(settings, "__dict__", None)
        if not isinstance(arts, list) or not isinstance(store, dict):
            return iter(fn(settings, *args, **kwargs))
        given = {**defaults, **dict(zip(names, args)), **kwargs}
        key = tuple((n, given.get(n)) for n in names)
        # the objects themselves, held here: an identity test is sound only while none of them can be freed
        state = tuple((a, a.data, a.text) for a in arts)
        memo = store.setdefault(slot, {})
        hit = memo.get(key)
        if hit is None or len(hit[0]) != len(state) or any(
                x is not y for old, new in zip(hit[0], state) for x, y in zip(old, new)):
            hit = (state, tuple(fn(settings, *args, **kwargs)))
            memo[key] = hit
        return iter(hit[1])

    return memoized
