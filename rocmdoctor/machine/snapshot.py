"""Writing snapshots (reading them is sources.SnapshotSource). Format: docs/snapshot-format.md."""
from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import re
import shutil
import tempfile

from ..base import redact
from .sources import SNAPSHOT_FORMAT, SNAPSHOT_VERSION, RecordingSource, SourceError


def slug(argv: tuple[str, ...]) -> str:
    base = re.sub(r"[^A-Za-z0-9._-]+", "_", "_".join(argv))[:60].strip("_") or "cmd"
    return f"{base}-{hashlib.sha1(json.dumps(list(argv)).encode()).hexdigest()[:8]}"


def redactor_for(rec: RecordingSource) -> redact.Redactor:
    """The SHARE redactor for a recording, knowing its machine's host and user names."""
    return redact.redactor(redact.SHARE, rec)


def write(rec: RecordingSource, out_dir: str, *, redact: bool, level: str, tool_version: str) -> str:
    """Write the recording to out_dir atomically (a temp dir renamed into place)."""
    out_dir = os.path.abspath(out_dir)
    if os.path.exists(out_dir) and (not os.path.isdir(out_dir) or os.listdir(out_dir)):
        raise SourceError(f"{out_dir} exists and is not an empty directory; choose a new path")
    # Make sure the host name and users are known to the redactor even if no check read them.
    rec.probe("system")
    red = redactor_for(rec) if redact else None
    t = red.text if red else (lambda s: s)
    tp = red.path if red else (lambda s: s)  # file names: only /home/NAME changes
    parent = os.path.dirname(out_dir) or "."
    try:
        os.makedirs(parent, exist_ok=True)
        tmp = tempfile.mkdtemp(prefix=".rocmdoctor-snapshot-", dir=parent)
    except OSError as exc:
        raise SourceError(f"cannot write a snapshot to {out_dir}: {_why(exc, parent)}") from None
    try:
        index: dict[str, dict[str, object]] = {"missing": {}, "links": {}, "globs": {}, "exists": {}}
        for path, r in sorted(rec.files.items()):
            if r.text is not None:  # r.ok, said so that the type checker sees it
                dest = os.path.join(tmp, "fs", tp(path).lstrip("/"))
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "w", encoding="utf-8") as fh:
                    fh.write(red.file(path, r.text) if red else r.text)
            else:
                index["missing"][tp(path)] = r.error
        for path, target in sorted(rec.links.items()):
            if target is not None:
                index["links"][tp(path)] = t(target)
        for pattern, paths in sorted(rec.globs.items()):
            index["globs"][tp(pattern)] = [tp(p) for p in paths]
        for path, exists in sorted(rec.exist.items()):
            index["exists"][tp(path)] = exists
        for argv, res in sorted(rec.commands.items()):
            d = os.path.join(tmp, "cmd", slug(argv))
            os.makedirs(d, exist_ok=True)
            _json(os.path.join(d, "argv.json"), [t(a) for a in argv])
            with open(os.path.join(d, "stdout"), "w", encoding="utf-8") as fh:
                fh.write(t(res.stdout))
            with open(os.path.join(d, "stderr"), "w", encoding="utf-8") as fh:
                fh.write(t(res.stderr))
            _json(os.path.join(d, "status.json"), {"returncode": res.returncode, "timed_out": res.timed_out,
                                                   "error": res.error, "duration_s": res.duration_s})
        for name, pr in sorted(rec.probes.items()):
            data = pr.data
            if red is not None:
                data = red.env(data) if name == "env" and isinstance(data, dict) else red.value(data)
            _json(os.path.join(tmp, "probes", name + ".json"),
                  {"data": data, "error": t(pr.error) if pr.error else None})
        _json(os.path.join(tmp, "manifest.json"), {
            "format": SNAPSHOT_FORMAT,
            "format_version": SNAPSHOT_VERSION,
            "tool_version": tool_version,
            "created": _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat(),
            "level": level,
            "redacted": redact,
            "source": rec.inner.describe().get("kind"),
            "fs_index": index,
        })
        if os.path.isdir(out_dir):
            os.rmdir(out_dir)
        os.rename(tmp, out_dir)
    except BaseException as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        if isinstance(exc, OSError):  # disk full, out_dir taken meanwhile...: a message, not a traceback
            raise SourceError(f"cannot write a snapshot to {out_dir}: {exc.strerror or exc}") from None
        raise
    return out_dir


def _why(exc: OSError, parent: str) -> str:
    """Name the file that stands where a directory is needed, else the OS's reason."""
    p = parent
    while p and not os.path.lexists(p) and os.path.dirname(p) != p:
        p = os.path.dirname(p)
    if os.path.lexists(p) and not os.path.isdir(p):
        return f"{p} is not a directory"
    return exc.strerror or str(exc)


def _json(path: str, obj) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(obj, fh, indent=1, sort_keys=True, default=str)
        fh.write("\n")
