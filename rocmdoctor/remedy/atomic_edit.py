"""Writing files safely, with a journal that `rocmdoctor fix --undo` replays.

Every edit is atomic: the new bytes go to a temporary file in the target's own
directory, are fsync'd, get the old file's mode and owner, and replace it with
rename(2); then the directory is fsync'd. A reader (or a crash) sees the old file or
the new one, never a mix. Before anything changes, each old file is copied into the
run's backup folder and the journal names both versions by SHA-256, so undo restores
the old bytes exactly and refuses to clobber a file someone changed since.

Layout of the state directory (default /var/lib/rocmdoctor, ``--state-dir``)::

    last                      id of the last applied run
    runs/<id>/journal.json    what was planned, written, run; hashes; status
    runs/<id>/backups/<n>     the old bytes of edit n

Test hook: ``ROCMDOCTOR_FAULT_STEP=N`` kills this process with SIGKILL at the Nth
step (tests/test_fix_faults.py proves every kill point leaves old or new bytes);
``ROCMDOCTOR_FAULT_CHUNK`` makes writes small so there are more points to kill at.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import signal
import stat
import time
from typing import Any

from ..base.records import dataclass

FAULT_ENV = "ROCMDOCTOR_FAULT_STEP"
CHUNK_ENV = "ROCMDOCTOR_FAULT_CHUNK"
JOURNAL_FORMAT = "rocmdoctor-fix-journal"
JOURNAL_VERSION = 1

_step_count = 0


def step(name: str) -> None:
    """A point where a crash is possible; the fault-injection tests kill here."""
    global _step_count
    _step_count += 1
    want = os.environ.get(FAULT_ENV)
    if want and want.isdigit() and int(want) == _step_count:
        os.kill(os.getpid(), signal.SIGKILL)


def steps_taken() -> int:
    return _step_count


class ApplyError(Exception):
    """An edit could not be made; nothing of that run is left half done."""


def sha256(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


def read_bytes(path: str) -> bytes | None:
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        return None


def _why(exc: OSError, path: str) -> str:
    if exc.errno == errno.EROFS:
        return f"{path}: read-only file system"
    if exc.errno == errno.ENOSPC:
        return f"{path}: no space left on device"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return f"{path}: permission denied (editing the real root needs root: run with sudo)"
    return f"{path}: {exc.strerror or exc}"


def _fsync_dir(d: str) -> None:
    try:
        fd = os.open(d, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a directory; the rename is done
    finally:
        os.close(fd)


def atomic_write(path: str, data: bytes, *, mode: int = 0o644, owner: tuple[int, int] | None = None,
                 tag: str = "w") -> None:
    """Replace ``path`` (a real path, links already resolved) with ``data`` atomically.

    Mode and owner are taken from the existing file, or ``mode``/``owner`` for a new
    one. Raises OSError; the temporary file is removed on failure."""
    d, base = os.path.split(path)
    tmp = os.path.join(d, f".{base}.rocmdoctor-{tag}.tmp")
    try:
        st = os.stat(path)
        mode, owner = stat.S_IMODE(st.st_mode), (st.st_uid, st.st_gid)
    except FileNotFoundError:
        pass
    chunk = int(os.environ.get(CHUNK_ENV, "0") or 0) or 65536
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
    try:
        step("tmp-open")
        view = memoryview(data)
        while view:
            n = os.write(fd, view[:chunk])
            view = view[n:]
            step("tmp-write")
        os.fchmod(fd, mode)
        if owner is not None:
            cur = os.fstat(fd)
            if (cur.st_uid, cur.st_gid) != owner:
                os.fchown(fd, *owner)  # EPERM here aborts: never change a file's owner
        os.fsync(fd)
        step("tmp-fsync")
    except BaseException:
        os.close(fd)
        _unlink_quiet(tmp)
        raise
    os.close(fd)
    try:
        os.replace(tmp, path)
    except BaseException:
        _unlink_quiet(tmp)
        raise
    step("rename")
    _fsync_dir(d or ".")
    step("dir-fsync")


def _unlink_quiet(p: str) -> None:
    try:
        os.unlink(p)
    except OSError:
        pass


def _write_json(path: str, obj: Any) -> None:
    atomic_write(path, (json.dumps(obj, indent=1, sort_keys=True) + "\n").encode(), mode=0o600, tag="j")


@dataclass
class Prepared:
    """One edit ready to write: the logical path, the real one, old and new bytes."""

    path: str
    real: str
    old: bytes | None
    new: bytes | None  # None: remove the file (undo puts the backup back)
    mode: int = 0o644


class _Lock:
    """One fix run at a time per state directory: a second apply or undo while one runs
    would plan from bytes the first is replacing. flock: released by the kernel when the
    process dies, so a killed run never leaves it held."""

    def __init__(self, state_dir: str):
        self.path = os.path.join(state_dir, "lock")
        self.fd = -1  # the lock file, once __enter__ opened it

    def __enter__(self):
        import fcntl

        try:
            os.makedirs(os.path.dirname(self.path), mode=0o700, exist_ok=True)
            self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            raise ApplyError(f"cannot use the state directory: {_why(exc, os.path.dirname(self.path))}") from None
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.fd)
            raise ApplyError(f"another `rocmdoctor fix` is applying or undoing in {os.path.dirname(self.path)}; "
                             "wait for it and run this again") from None
        return self

    def __exit__(self, *exc):
        os.close(self.fd)  # closing releases the lock


def apply(edits: list[Prepared], state_dir: str, meta: dict) -> dict:
    """Write all edits or none (one run at a time per state directory); see :func:`_apply`."""
    with _Lock(state_dir):
        return _apply(edits, state_dir, meta)


def _apply(edits: list[Prepared], state_dir: str, meta: dict) -> dict:
    """Write all edits or none. Returns the journal (also saved under state_dir).

    Each file must still hold the bytes the plan was made from; a file that changed
    since is refused. On a failure part-way, files already written are put back."""
    for e in edits:
        now = read_bytes(e.real) if os.path.lexists(e.real) else None
        if os.path.isdir(e.real):
            raise ApplyError(f"{e.path}: is a directory")
        if now != e.old:
            raise ApplyError(f"{e.path} changed since it was read for the plan; run fix again")
        d = os.path.dirname(e.real)
        if not os.path.isdir(d):
            raise ApplyError(f"{e.path}: directory {os.path.dirname(e.path)} does not exist")
    run_id = time.strftime("%Y%m%dT%H%M%S") + f"-{os.getpid()}"
    run_dir = os.path.join(state_dir, "runs", run_id)
    try:
        os.makedirs(os.path.join(run_dir, "backups"), mode=0o700, exist_ok=True)
    except OSError as exc:
        raise ApplyError(f"cannot create the journal: {_why(exc, state_dir)}") from None
    entries = []
    for i, e in enumerate(edits):
        st = os.stat(e.real) if e.old is not None else None
        entry: dict[str, Any] = {"path": e.path, "real": e.real, "existed": e.old is not None,
                                 "removed": e.new is None,
                                 "old_sha256": sha256(e.old), "new_sha256": sha256(e.new),
                                 "mode": stat.S_IMODE(st.st_mode) if st else e.mode,
                                 "owner": [st.st_uid, st.st_gid] if st else None,
                                 "backup": None, "tmp": os.path.join(os.path.dirname(e.real),
                                                                     f".{os.path.basename(e.real)}.rocmdoctor-{run_id}.tmp")}
        if e.old is not None:
            entry["backup"] = f"backups/{i}"
            try:
                atomic_write(os.path.join(run_dir, "backups", str(i)), e.old, mode=0o600, tag="b")
            except OSError as exc:
                raise ApplyError(f"cannot back up {e.path}: {_why(exc, state_dir)}") from None
        entries.append(entry)
    journal = {"format": JOURNAL_FORMAT, "format_version": JOURNAL_VERSION, "id": run_id,
               "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "status": "applying",
               "files": entries, **meta}
    try:
        _write_json(os.path.join(run_dir, "journal.json"), journal)
        atomic_write(os.path.join(state_dir, "last"), (run_id + "\n").encode(), mode=0o600, tag="l")
    except OSError as exc:
        raise ApplyError(f"cannot write the journal: {_why(exc, state_dir)}") from None
    done: list[tuple[Prepared, dict]] = []
    try:
        for e, entry in zip(edits, entries):
            owner = tuple(entry["owner"]) if entry["owner"] else None
            if e.new is None:
                if os.path.lexists(e.real):
                    os.unlink(e.real)
                    step("unlink")
                    _fsync_dir(os.path.dirname(e.real) or ".")
            else:
                atomic_write(e.real, e.new, mode=entry["mode"], owner=owner, tag=run_id)
            done.append((e, entry))
            if (read_bytes(e.real) if os.path.lexists(e.real) else None) != e.new:  # what is on disk is what we meant
                raise ApplyError(f"{e.path}: read back different bytes after writing")
    except (OSError, ApplyError) as exc:
        why = _why(exc, e.path) if isinstance(exc, OSError) else str(exc)
        problems = _roll_back(done)
        journal["status"] = "rolled back"
        journal["error"] = why
        try:
            _write_json(os.path.join(run_dir, "journal.json"), journal)
        except OSError:
            pass
        extra = ("; could not put back: " + "; ".join(problems)) if problems else "; nothing was changed"
        raise ApplyError(why + extra) from None
    journal["status"] = "applied"
    _write_json(os.path.join(run_dir, "journal.json"), journal)
    journal["_dir"] = run_dir
    return journal


def _roll_back(done: list[tuple[Prepared, dict]]) -> list[str]:
    problems = []
    for e, entry in reversed(done):
        try:
            if e.old is None:
                os.unlink(e.real)
            else:
                atomic_write(e.real, e.old, mode=entry["mode"],
                             owner=tuple(entry["owner"]) if entry["owner"] else None, tag="r")
        except OSError as exc:
            problems.append(_why(exc, e.path))
    return problems


def record(journal: dict, **fields) -> None:
    """Add results (commands run, verification) to a saved journal."""
    run_dir = journal.get("_dir")
    journal.update(fields)
    if run_dir:
        _write_json(os.path.join(run_dir, "journal.json"), {k: v for k, v in journal.items() if k != "_dir"})


def last_journal(state_dir: str) -> dict | None:
    ptr = read_bytes(os.path.join(state_dir, "last"))
    if ptr is None:
        return None
    run_id = ptr.decode("utf-8", "replace").strip()
    if not run_id or "/" in run_id or run_id.startswith("."):
        raise ApplyError(f"{state_dir}/last does not name a run")
    path = os.path.join(state_dir, "runs", run_id, "journal.json")
    try:
        with open(path, encoding="utf-8") as fh:
            j = json.load(fh)
    except FileNotFoundError:
        # Killed between creating the run folder and writing its journal: nothing was
        # written to any target yet (the journal comes first).
        return None
    except (OSError, ValueError) as exc:
        raise ApplyError(f"{path}: unreadable journal ({exc})") from None
    if not isinstance(j, dict) or j.get("format") != JOURNAL_FORMAT:
        raise ApplyError(f"{path}: not a rocmdoctor fix journal")
    j["_dir"] = os.path.dirname(path)
    return j


@dataclass
class UndoResult:
    restored: list[str]
    unchanged: list[str]
    conflicts: list[str]
    journal: dict | None


def undo(state_dir: str) -> UndoResult:
    """Restore the files of the last applied run (one run at a time per state directory)."""
    with _Lock(state_dir):
        return _undo(state_dir)


def _undo(state_dir: str) -> UndoResult:
    """Restore the files of the last applied run byte for byte, verifying hashes."""
    j = last_journal(state_dir)
    if j is None or j.get("status") == "undone":
        return UndoResult([], [], [], None)
    restored, unchanged, conflicts = [], [], []
    for entry in reversed(j.get("files", [])):
        real, path = entry["real"], entry["path"]
        _unlink_quiet(entry.get("tmp") or "")  # left by a run killed mid-write
        cur = read_bytes(real)
        cur_sha = sha256(cur)
        if cur_sha == entry["old_sha256"]:
            unchanged.append(path)
            continue
        if cur_sha != entry["new_sha256"]:
            conflicts.append(f"{path} changed since rocmdoctor wrote it; left as it is")
            continue
        try:
            if not entry["existed"]:
                os.unlink(real)
                _fsync_dir(os.path.dirname(real))
            else:
                data = read_bytes(os.path.join(j["_dir"], entry["backup"]))
                if data is None or sha256(data) != entry["old_sha256"]:
                    conflicts.append(f"{path}: its backup is missing or damaged; left as it is")
                    continue
                owner = tuple(entry["owner"]) if entry.get("owner") else None
                atomic_write(real, data, mode=entry["mode"], owner=owner, tag="undo")
            if sha256(read_bytes(real)) != entry["old_sha256"]:
                conflicts.append(f"{path}: read back different bytes after restoring")
                continue
            restored.append(path)
        except OSError as exc:
            conflicts.append(_why(exc, path))
    if not conflicts:
        record(j, status="undone", undone=time.strftime("%Y-%m-%dT%H:%M:%S%z"))
    return UndoResult(restored, unchanged, conflicts, j)
