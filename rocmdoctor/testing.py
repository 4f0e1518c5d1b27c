"""Helpers for tests (ours and plugin authors'): build a snapshot directory in a few
lines and scan it.

    snap = build_snapshot(tmp_path, files={"/proc/cmdline": "BOOT_IMAGE=... iommu=pt"},
                          probes={"env": {"HSA_OVERRIDE_GFX_VERSION": "9.0.6"}})
    report = rocmdoctor.scan(snapshot=snap, select=["RD-ENV"])
"""
from __future__ import annotations

import json
import os
from typing import Any

from .machine.sources import SNAPSHOT_FORMAT, SNAPSHOT_VERSION


def build_snapshot(directory: str | os.PathLike[str], files: dict[str, str | None] | None = None,
                   commands: dict[tuple[str, ...], Any] | None = None,
                   probes: dict[str, Any] | None = None, base: str | None = None,
                   exists: dict[str, bool] | None = None, links: dict[str, str] | None = None,
                   missing: dict[str, str] | None = None, globs: dict[str, list[str]] | None = None,
                   **manifest_extra: Any) -> str:
    """Write a snapshot. ``base`` (a snapshot dir, e.g. an embedded example) is copied
    first, so a test can take a real machine and change one thing.

    commands: argv tuple -> stdout string, or a dict with stdout/stderr/returncode/
    timed_out/error. probes: name -> data, or {"error": "..."} to record a failed probe.
    A file value of None removes that file (reads as missing). ``globs`` records a
    pattern's answer (e.g. to list a file that ``missing`` says is unreadable)."""
    import shutil

    directory = str(directory)
    if base:
        shutil.copytree(base, directory, dirs_exist_ok=True)
    os.makedirs(directory, exist_ok=True)
    man_path = os.path.join(directory, "manifest.json")
    manifest: dict[str, Any] = {"format": SNAPSHOT_FORMAT, "format_version": SNAPSHOT_VERSION, "tool_version": "test",
                "level": "default", "redacted": False, "fs_index": {}}
    if os.path.exists(man_path):
        with open(man_path) as fh:
            manifest = json.load(fh)
    index = manifest.setdefault("fs_index", {})
    for path, text in (files or {}).items():
        dest = os.path.join(directory, "fs", path.lstrip("/"))
        if text is None:
            if os.path.exists(dest):
                os.remove(dest)
            index.setdefault("missing", {})[path] = "missing"
            continue
        index.get("missing", {}).pop(path, None)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "w", encoding="utf-8") as fh:
            fh.write(text)
    index.setdefault("exists", {}).update(exists or {})
    index.setdefault("links", {}).update(links or {})
    index.setdefault("missing", {}).update(missing or {})
    index.setdefault("globs", {}).update(globs or {})
    for argv, result in (commands or {}).items():
        from .machine.snapshot import slug

        d = os.path.join(directory, "cmd", slug(tuple(argv)))
        os.makedirs(d, exist_ok=True)
        if isinstance(result, str):
            result = {"stdout": result}
        with open(os.path.join(d, "argv.json"), "w") as fh:
            json.dump(list(argv), fh)
        for stream in ("stdout", "stderr"):
            with open(os.path.join(d, stream), "w", encoding="utf-8") as fh:
                fh.write(result.get(stream, ""))
        with open(os.path.join(d, "status.json"), "w") as fh:
            json.dump({"returncode": result.get("returncode", 0), "timed_out": result.get("timed_out", False),
                       "error": result.get("error")}, fh)
    for name, data in (probes or {}).items():
        os.makedirs(os.path.join(directory, "probes"), exist_ok=True)
        rec = data if isinstance(data, dict) and set(data) == {"error"} else {"data": data, "error": None}
        with open(os.path.join(directory, "probes", name + ".json"), "w") as fh:
            json.dump(rec, fh)
    manifest.update(manifest_extra)
    with open(man_path, "w") as fh:
        json.dump(manifest, fh, indent=1)
    return directory
