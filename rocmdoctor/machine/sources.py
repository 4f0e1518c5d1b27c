"""The one seam through which everything is read from a machine.

A :class:`Source` answers five questions: read a file, glob, readlink, run a command,
run a probe. Three implementations answer them from a live host, from a directory tree
given with ``--root`` (read as if it were ``/``) and from a recorded snapshot; a
:class:`RecordingSource` wraps another and remembers every answer so ``rocmdoctor
snapshot`` can write exactly what the checks read. Checks never see a Source: facts do.
"""
from __future__ import annotations

import errno
import fnmatch
import glob as _glob
import os
import posixpath
import stat as _stat
from typing import Any

from . import proc
from .proc import CommandResult
from ..base.records import dataclass

MAX_FILE = 4 * 1024 * 1024  # bytes read from one file; sysfs/proc files are tiny
MAX_LINK_HOPS = 40


class SourceError(Exception):
    """The source itself cannot be used (unreadable snapshot, newer format...)."""


@dataclass(frozen=True)
class FileRead:
    path: str
    text: str | None
    error: str | None = None  # "missing", "permission denied", "is a directory", ...

    @property
    def ok(self) -> bool:
        return self.text is not None


@dataclass(frozen=True)
class ProbeResult:
    name: str
    data: Any = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def _norm(path: str) -> str:
    """Absolute, normalised, no '..' left: the key every source uses for a path."""
    return posixpath.normpath("/" + path.lstrip("/")) if path else "/"


class Source:
    kind = "abstract"

    def read(self, path: str) -> FileRead:
        raise NotImplementedError

    def glob(self, pattern: str) -> list[str]:
        raise NotImplementedError

    def readlink(self, path: str) -> str | None:
        raise NotImplementedError

    def exists(self, path: str) -> bool:
        raise NotImplementedError

    def run(self, argv: list[str] | tuple[str, ...], timeout: float = 10.0) -> CommandResult:
        raise NotImplementedError

    def probe(self, name: str) -> ProbeResult:
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind}

    # Convenience used by the facts layer.
    def text(self, path: str) -> str | None:
        return self.read(path).text


# --------------------------------------------------------------------------- trees
class _Tree:
    """A directory read as if it were '/', resolving symlinks inside it (like chroot).

    ``confine=True`` (snapshots) refuses links that climb out; ``--root`` trees resolve
    absolute link targets back under the tree, which is what the kernel would do
    inside a chroot.
    """

    def __init__(self, base: str, confine: bool):
        self.base = os.path.realpath(base)
        self.confine = confine

    def host_path(self, path: str) -> str:
        """Resolve ``path`` (as seen inside the tree) to a real path under base."""
        parts = [p for p in _norm(path).split("/") if p]
        resolved: list[str] = []
        hops = 0
        while parts:
            name = parts.pop(0)
            if name == "..":
                if resolved:
                    resolved.pop()
                continue
            candidate = os.path.join(self.base, *resolved, name)
            if os.path.islink(candidate):
                hops += 1
                if hops > MAX_LINK_HOPS:
                    raise OSError(40, "too many levels of symbolic links")
                target = os.readlink(candidate)
                if target.startswith("/"):
                    if self.confine:
                        raise PermissionError(1, "symlink points outside the snapshot")
                    resolved = []
                    parts = [p for p in target.split("/") if p] + parts
                else:
                    parts = [p for p in target.split("/") if p] + parts
                    if self.confine and _climbs_out(resolved, target):
                        raise PermissionError(1, "symlink points outside the snapshot")
                continue
            resolved.append(name)
        return os.path.join(self.base, *resolved)

    def read(self, path: str) -> FileRead:
        path = _norm(path)
        try:
            real = self.host_path(path)
            data = read_capped(real)
        except FileNotFoundError:
            return FileRead(path, None, "missing")
        except NotADirectoryError:
            return FileRead(path, None, "missing")
        except IsADirectoryError:
            return FileRead(path, None, "is a directory")
        except PermissionError as exc:
            msg = exc.strerror if exc.strerror and "snapshot" in exc.strerror else "permission denied"
            return FileRead(path, None, msg)
        except OSError as exc:
            return FileRead(path, None, exc.strerror or str(exc))
        except ValueError:  # an embedded NUL: only a hostile snapshot or garbage text builds one
            return FileRead(path, None, "invalid path")
        return FileRead(path, data.decode("utf-8", errors="replace"))

    def exists(self, path: str) -> bool:
        try:
            return os.path.lexists(self.host_path(path))
        except OSError:
            return False

    def readlink(self, path: str) -> str | None:
        path = _norm(path)
        try:
            parent = self.host_path(posixpath.dirname(path))
            full = os.path.join(parent, posixpath.basename(path))
            return os.readlink(full) if os.path.islink(full) else None
        except OSError:
            return None

    def glob(self, pattern: str) -> list[str]:
        """Glob component by component so links inside the tree are followed safely."""
        parts = [p for p in _norm(pattern).split("/") if p]
        matches = ["/"]
        for part in parts:
            nxt: list[str] = []
            for m in matches:
                if not _glob.has_magic(part):
                    cand = posixpath.join(m, part)
                    if self.exists(cand):
                        nxt.append(cand)
                    continue
                try:
                    names = os.listdir(self.host_path(m))
                except (OSError, ValueError):
                    continue
                nxt.extend(posixpath.join(m, n) for n in sorted(names)
                           if fnmatch.fnmatchcase(n, part) and (part.startswith(".") or not n.startswith(".")))
            matches = nxt
        return sorted(matches)


def _open_regular(real: str) -> int:
    """Open a regular file for reading without ever blocking. A fifo, socket or device
    node (planted in a snapshot or --root tree) would hang or never end a read(), so it
    is refused; procfs and sysfs files are regular files and pass."""
    mode = os.stat(real).st_mode
    if _stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
    if not _stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, "not a regular file: a fifo, socket or device node is never read")
    fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)  # no wait even if swapped for a fifo
    try:
        if not _stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file: a fifo, socket or device node is never read")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_capped(real: str, limit: int = MAX_FILE) -> bytes:
    # Small chunks: some procfs/sysfs files refuse one large read() (ENOMEM seen on
    # /proc/sys/kernel/osrelease), and a huge file must not be slurped whole.
    chunks, total = [], 0
    with open(_open_regular(real), "rb", buffering=0) as fh:
        while total < limit:
            chunk = fh.read(65536)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    return b"".join(chunks)[:limit]


def _climbs_out(resolved: list[str], target: str) -> bool:
    depth = len(resolved)
    for p in target.split("/"):
        if p == "..":
            depth -= 1
            if depth < 0:
                return True
        elif p and p != ".":
            depth += 1
    return False


class LiveSource(Source):
    """The machine this process runs on. ``python`` is the interpreter to probe."""

    kind = "live"

    def __init__(self, python: str | None = None, probe_timeout: float = 90.0, python_why: str | None = None,
                 no_cache: bool = False):
        import sys
        import threading

        self._tree = _Tree("/", confine=False)
        self.python = python or sys.executable
        # How the interpreter was chosen (rocmdoctor.machine.interpreter.choose), said in the report.
        self.python_why = python_why or ("--python" if python else "rocmdoctor's own interpreter")
        self.probe_timeout = probe_timeout
        self.no_cache = no_cache  # --no-cache: neither read nor write rocmdoctor.machine.envcache
        self.memo: dict[str, Any] = {}  # probes that share one child process
        self.lock = threading.RLock()  # guards memo: the runtime child is started once
        self._pending: dict[str, tuple[Any, dict]] = {}

    def read(self, path: str) -> FileRead:
        return self._tree.read(path)

    def glob(self, pattern: str) -> list[str]:
        return sorted(_glob.glob(_norm(pattern)))

    def readlink(self, path: str) -> str | None:
        try:
            return os.readlink(_norm(path))
        except (OSError, ValueError):
            return None

    def exists(self, path: str) -> bool:
        return os.path.lexists(_norm(path))

    def run(self, argv, timeout: float = 10.0) -> CommandResult:
        return proc.run(list(argv), timeout=timeout)

    def prefetch(self, names: list[str]) -> None:
        """Start slow probes (the Python child) in the background; probe() collects them.
        The scan's file reads and quick checks then overlap with the child's torch import."""
        import threading

        for name in names:
            if name not in self._pending:
                box: dict[str, ProbeResult] = {}
                t = threading.Thread(target=lambda n=name, b=box: b.setdefault("r", self._probe(n)), daemon=True)
                self._pending[name] = (t, box)
                t.start()

    def probe(self, name: str) -> ProbeResult:
        pending = self._pending.pop(name, None)
        if pending is not None:
            pending[0].join()
            if "r" in pending[1]:
                return pending[1]["r"]
        return self._probe(name)

    def _probe(self, name: str) -> ProbeResult:
        from . import probes

        fn = probes.LIVE_PROBES.get(name)
        if fn is None:
            return ProbeResult(name, error=f"unknown probe {name!r}")
        try:
            return ProbeResult(name, data=fn(self))
        except probes.ProbeFailed as exc:
            return ProbeResult(name, error=str(exc))
        except Exception as exc:  # a probe bug must not stop the scan
            return ProbeResult(name, error=f"probe crashed: {type(exc).__name__}: {exc}")

    def start_runtime(self) -> bool:
        """Start the child that imports torch now, if the static facts say a check will
        need it; the scan goes on meanwhile. True when one was started."""
        from . import probes

        try:
            return probes.start_runtime(self) is not None
        except Exception:  # deciding must never stop the scan; the facts ask again lazily
            return False

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "python": self.python, "python_why": self.python_why}


class RootSource(Source):
    """A directory tree read as '/'. Commands and live probes are not run: they would
    describe this machine, not the tree."""

    kind = "root"

    def __init__(self, root: str):
        if not os.path.isdir(root):
            raise SourceError(f"--root {root}: not a directory")
        self.root = root
        self._tree = _Tree(root, confine=False)

    def read(self, path):
        return self._tree.read(path)

    def glob(self, pattern):
        return self._tree.glob(pattern)

    def readlink(self, path):
        return self._tree.readlink(path)

    def exists(self, path):
        return self._tree.exists(path)

    def run(self, argv, timeout=10.0):
        return CommandResult(tuple(argv), None, error="not run: --root reads files only")

    def probe(self, name):
        return ProbeResult(name, error="not run: --root reads files only")

    def describe(self):
        return {"kind": self.kind, "root": self.root}


# ----------------------------------------------------------------------- snapshots
SNAPSHOT_FORMAT = "rocmdoctor-snapshot"
SNAPSHOT_VERSION = 1
MAX_JSON = 16 * 1024 * 1024


def _load_json(path: str, what: str) -> Any:
    if os.path.islink(path):  # a hostile snapshot could point argv.json/status.json anywhere
        raise SourceError(f"{what}: is a symlink, refused")
    try:
        raw = read_capped(path, MAX_JSON + 1)  # refuses fifos and devices: no hang
    except FileNotFoundError:
        raise SourceError(f"{what}: missing") from None
    except OSError as exc:
        raise SourceError(f"{what}: unreadable ({exc.strerror or exc})") from None
    if len(raw) > MAX_JSON:
        raise SourceError(f"{what}: larger than {MAX_JSON} bytes, refusing to load")
    from ..base import jsonlimits

    try:
        return jsonlimits.loads(raw.decode("utf-8"))
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, nested too deeply
        raise SourceError(f"{what}: not valid JSON ({exc})") from None


class SnapshotSource(Source):
    """Replays a directory written by ``rocmdoctor snapshot`` (docs/snapshot-format.md).

    Anything the snapshot did not record reads as missing with the reason "not recorded
    in snapshot", so a hand-made fixture needs only the files its test cares about.
    """

    kind = "snapshot"

    def __init__(self, directory: str, label: str | None = None):
        if not os.path.isdir(directory):
            raise SourceError(f"snapshot {directory}: not a directory")
        self.directory = directory
        self.label = label
        man_path = os.path.join(directory, "manifest.json")
        if os.path.islink(man_path):
            raise SourceError(f"snapshot {directory}: manifest.json is a symlink, refusing it")
        self.manifest = _load_json(man_path, f"snapshot {directory}/manifest.json")
        if not isinstance(self.manifest, dict) or self.manifest.get("format") != SNAPSHOT_FORMAT:
            raise SourceError(f"snapshot {directory}: manifest.json does not name format {SNAPSHOT_FORMAT!r}")
        version = self.manifest.get("format_version")
        if not isinstance(version, int):
            raise SourceError(f"snapshot {directory}: manifest.json has no integer format_version")
        if version > SNAPSHOT_VERSION:
            raise SourceError(
                f"snapshot {directory} has format version {version}; this rocmdoctor reads up to "
                f"{SNAPSHOT_VERSION}. Upgrade rocmdoctor (pip install -U rocmdoctor) to replay it."
            )
        self._fs = _Tree(self._inside("fs"), confine=True)
        # A hand-edited or hostile index may hold any JSON: malformed parts are ignored.
        index = _section(self.manifest, "fs_index")
        self._missing: dict[str, str] = {_norm(k): str(v) for k, v in _section(index, "missing").items()}
        self._links: dict[str, str] = {_norm(k): v for k, v in _section(index, "links").items()
                                       if isinstance(v, str)}
        self._globs: dict[str, list[str]] = {k: [p for p in v if isinstance(p, str)]
                                             for k, v in _section(index, "globs").items() if isinstance(v, list)}
        self._exists: dict[str, bool] = {_norm(k): bool(v) for k, v in _section(index, "exists").items()}
        self._commands = self._load_commands()

    def _inside(self, name: str) -> str:
        """A top-level entry of the snapshot, refused when it is a symlink (fs -> / would
        otherwise expose the whole host). A refused entry reads as an empty directory."""
        path = os.path.join(self.directory, name)
        if os.path.islink(path):
            empty = os.path.join(self.directory, ".refused-symlink")  # never exists: reads as missing
            return empty
        return path

    def _load_commands(self) -> dict[tuple[str, ...], str]:
        out: dict[tuple[str, ...], str] = {}
        cmd_dir = os.path.join(self.directory, "cmd")
        if not os.path.isdir(cmd_dir) or os.path.islink(cmd_dir):
            return out
        try:
            slugs = sorted(os.listdir(cmd_dir))
        except OSError:
            return out
        for slug in slugs:
            d = os.path.join(cmd_dir, slug)
            if os.path.islink(d) or not os.path.isdir(d):
                continue
            try:
                argv = _load_json(os.path.join(d, "argv.json"), f"cmd/{slug}/argv.json")
            except SourceError:
                continue
            if isinstance(argv, list) and all(isinstance(a, str) for a in argv):
                out[tuple(argv)] = d
        return out

    def read(self, path):
        path = _norm(path)
        r = self._fs.read(path)
        if r.ok or r.error != "missing":
            return r
        return FileRead(path, None, self._missing.get(path, "missing" if path in self._exists else "not recorded in snapshot"))

    def glob(self, pattern):
        if pattern in self._globs:
            return sorted(_norm(p) for p in self._globs[pattern])
        return self._fs.glob(pattern)

    def readlink(self, path):
        path = _norm(path)
        if path in self._links:
            return self._links[path]
        return self._fs.readlink(path)

    def exists(self, path):
        path = _norm(path)
        if path in self._exists:
            return self._exists[path]
        return path in self._links or self._fs.exists(path)

    def run(self, argv, timeout=10.0):
        argv = tuple(argv)
        d = self._commands.get(argv)
        if d is None:
            return CommandResult(argv, None, error="not recorded in snapshot")
        try:
            status = _load_json(os.path.join(d, "status.json"), f"{d}/status.json")
        except SourceError as exc:
            return CommandResult(argv, None, error=str(exc))
        stdout = _read_confined(d, "stdout")
        stderr = _read_confined(d, "stderr")
        if not isinstance(status, dict):
            return CommandResult(argv, None, error=f"{d}/status.json is not an object")
        rc = status.get("returncode")
        return CommandResult(
            argv,
            rc if isinstance(rc, int) else None,
            stdout,
            stderr,
            timed_out=bool(status.get("timed_out")),
            error=status.get("error") if isinstance(status.get("error"), str) else None,
            duration_s=float(status.get("duration_s") or 0.0) if isinstance(status.get("duration_s"), (int, float)) else 0.0,
        )

    def probe(self, name):
        if not name.replace("_", "").isalnum():
            return ProbeResult(name, error="invalid probe name")
        path = os.path.join(self._inside("probes"), name + ".json")
        if not os.path.exists(path):
            return ProbeResult(name, error="not recorded in snapshot")
        if os.path.islink(path):
            return ProbeResult(name, error="probe file is a symlink, refused")
        try:
            rec = _load_json(path, f"probes/{name}.json")
        except SourceError as exc:
            return ProbeResult(name, error=str(exc))
        if not isinstance(rec, dict):
            return ProbeResult(name, error=f"probes/{name}.json is not an object")
        if rec.get("error"):
            return ProbeResult(name, error=str(rec["error"]))
        return ProbeResult(name, data=rec.get("data"))

    def describe(self):
        d = {"kind": self.kind, "snapshot": self.label or self.directory}
        for key in ("tool_version", "created", "redacted", "level"):
            if key in self.manifest:
                d[key] = self.manifest[key]
        return d


def _section(obj: Any, key: str) -> dict:
    value = obj.get(key) if isinstance(obj, dict) else None
    return value if isinstance(value, dict) else {}


def _read_confined(d: str, name: str) -> str:
    p = os.path.join(d, name)
    if os.path.islink(p) or not os.path.isfile(p):
        return ""
    try:
        return read_capped(p, proc.MAX_OUTPUT).decode("utf-8", errors="replace")
    except OSError:
        return ""


# ----------------------------------------------------------------------- recording
class RecordingSource(Source):
    """Wraps a source and remembers every answer, for ``rocmdoctor snapshot``."""

    def __init__(self, inner: Source):
        self.inner = inner
        self.kind = inner.kind
        self.files: dict[str, FileRead] = {}
        self.globs: dict[str, list[str]] = {}
        self.links: dict[str, str | None] = {}
        self.exist: dict[str, bool] = {}
        self.commands: dict[tuple[str, ...], CommandResult] = {}
        self.probes: dict[str, ProbeResult] = {}

    def read(self, path):
        r = self.inner.read(path)
        self.files[_norm(path)] = r
        return r

    def glob(self, pattern):
        r = self.inner.glob(pattern)
        self.globs[pattern] = r
        return r

    def readlink(self, path):
        r = self.inner.readlink(path)
        self.links[_norm(path)] = r
        return r

    def exists(self, path):
        r = self.inner.exists(path)
        self.exist[_norm(path)] = r
        return r

    def run(self, argv, timeout=10.0):
        r = self.inner.run(argv, timeout)
        self.commands[tuple(argv)] = r
        return r

    def probe(self, name):
        r = self.inner.probe(name)
        self.probes[name] = r
        return r

    def prefetch(self, names):
        if hasattr(self.inner, "prefetch"):
            self.inner.prefetch(names)

    def start_runtime(self):
        return bool(getattr(self.inner, "start_runtime", lambda: False)())

    def describe(self):
        return self.inner.describe()

