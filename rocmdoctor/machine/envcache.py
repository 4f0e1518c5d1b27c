"""A cache for slow answers that only change when the environment changes.

DeepSpeed's op-builder answers (seconds: torch and deepspeed imported, every builder
asked), the arch list read from torch's library and the requirement checks (every
installed distribution's Requires-Dist parsed) are determined by files and variables,
not by the machine's state; a scan that finds all of those unchanged reuses
the last answer instead of starting a child that imports torch. Device state (device
count, properties, anything a GPU answers) is never cached.

Each answer is stored under a key hashed from everything that determines it
(:func:`deepspeed_key` lists them). The file lives in ``$XDG_CACHE_HOME/rocmdoctor``
(``~/.cache/rocmdoctor``) and is untrusted input: anything that is not the expected
shape, too large, a symlink or not a regular file is ignored (and replaced on the next
write); values are validated again by the facts that use them. ``--no-cache`` or
``ROCMDOCTOR_NO_CACHE=1`` turns it off.
"""
from __future__ import annotations

import functools
import json
import os
import shutil
import stat
import time
from typing import Any, Callable
from ..base.untrusted import pick

_OFF = False  # --no-cache, for the whole process (set_off, from rocmdoctor.cli/early and api.scan)
FORMAT = "rocmdoctor-envcache"
VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
MAX_ENTRIES = 32
# Variables that change what DeepSpeed's builders answer or where tools are found.
ENV_VARS = ("PATH", "LD_LIBRARY_PATH", "ROCM_HOME", "ROCM_PATH", "CUDA_HOME", "CUDA_PATH", "HIP_PATH",
            "CFLAGS", "LDFLAGS", "CXX", "CC", "DISABLE_VERSION_CHECK", "CUTLASS_PATH", "PYTHONPATH")
# The child probe scripts. Defined here, where the cache keys their files; probes, above the
# cache (tests/test_import_cycles.py), takes it from here.
PROBE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "childprobes")

# Files the no-compile stand-in for has_function looks for (childprobes/deepspeed_ops.py).
LIB_FILES = tuple(os.path.join(d, f) for d in ("/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/local/lib",
                                                "/usr/local/lib64", "/usr/lib/x86_64-linux-gnu",
                                                "/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu")
                  for f in ("libaio.so", "libcufile.so")) + (
    "/usr/include/libaio.h", "/usr/local/include/libaio.h", "/usr/include/cufile.h", "/usr/local/include/cufile.h")


def set_off(off: bool = True) -> None:
    """--no-cache for the whole process: neither read nor write the cache."""
    global _OFF
    _OFF = off


def enabled(src: Any = None) -> bool:
    if _OFF or os.environ.get("ROCMDOCTOR_NO_CACHE", "") not in ("", "0"):
        return False
    return not getattr(src, "no_cache", False)


def path() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or ""
    if not os.path.isabs(base):  # the spec says relative values are ignored
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "rocmdoctor", "envcache.json")


def key(*parts: Any) -> str:
    import hashlib  # here, not at import: a quick scan never hashes

    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


def stat_signature(p: str) -> str:
    try:
        st = os.stat(p)
        return f"{st.st_size}:{st.st_mtime_ns}"
    except OSError:
        return "-"


def _read_head(p: str, limit: int = 4096) -> str:
    try:
        with open(p, "rb") as fh:
            return fh.read(limit).decode("utf-8", "replace")
    except OSError:
        return ""


def deepspeed_key(src: Any, static: dict) -> str | None:
    """What determines DeepSpeed's op-builder answers, hashed; None when they must not be
    cached (no deepspeed, or a GPU build of torch, whose answers can depend on the devices)."""
    from .. import __version__

    t = static.get("torch")
    ds = static.get("deepspeed")
    if not isinstance(ds, dict) or not isinstance(t, dict) or t.get("hip") or t.get("cuda"):
        return None
    ds_dir = os.path.dirname(str(ds.get("file") or ""))
    builder_dir = os.path.join(ds_dir, "ops", "op_builder")
    try:
        builders = sorted((n, stat_signature(os.path.join(builder_dir, n))) for n in os.listdir(builder_dir))
    except OSError:
        builders = []
    py = static.get("python") or {}
    cpu_flags = next((ln for ln in _read_head("/proc/cpuinfo", 16384).splitlines() if ln.startswith("flags")), "")
    rocm_home = pick(static, "build", "rocm_home") or "/opt/rocm"
    return key(
        "deepspeed", VERSION, __version__,
        [stat_signature(os.path.join(PROBE_DIR, n)) for n in ("python_env.py", "deepspeed_ops.py")],
        os.path.abspath(getattr(src, "python", "")), os.path.realpath(getattr(src, "python", "")), py.get("version"),
        py.get("prefix"), static.get("fingerprint"),
        sorted((k, pick(v, "version")) for k, v in (static.get("distributions") or {}).items()),
        t.get("version"), t.get("git_version"), ds.get("version"), ds.get("installed_ops"), builders,
        _read_head("/opt/rocm/.info/version", 256), _read_head(os.path.join(rocm_home, ".info", "version"), 256),
        {k: os.environ.get(k) for k in ENV_VARS}, sorted((k, v) for k, v in os.environ.items() if k.startswith("DS_")),
        [stat_signature(p) for p in LIB_FILES], cpu_flags, os.uname().machine,
    )


# Variables that can change what another interpreter's static facts say: its search path
# (PYTHON*, a venv or conda env), the build tools it would find, and what the probe reports.
STATIC_ENV_PREFIXES = ("PYTHON", "CONDA", "VIRTUAL_ENV", "PYENV", "ROCM", "CUDA", "HIP", "DS_", "HOME", "USER")


def static_key(python: str) -> str | None:
    """What determines the static facts of another interpreter, hashed; None when they must
    not be cached: an interpreter that is a script (a pyenv/asdf shim picks the real one from
    files in the working directory upwards). The cached answer is checked again at use
    against a fingerprint of its search path (probes.python_static)."""
    from .. import __version__

    abspath, real = os.path.abspath(python), os.path.realpath(python)
    if _read_head(real, 2) == "#!":
        return None
    venv_cfg = os.path.join(os.path.dirname(os.path.dirname(abspath)), "pyvenv.cfg")
    tools = [shutil.which(t) for t in ("ninja", "hipcc", "nvcc")]
    return key(
        "python_static", VERSION, __version__, stat_signature(os.path.join(PROBE_DIR, "python_static.py")),
        abspath, real, stat_signature(real), stat_signature(venv_cfg),
        sorted((k, v) for k, v in os.environ.items() if k.startswith(STATIC_ENV_PREFIXES) or k in ENV_VARS),
        tools, [stat_signature(t) for t in tools if t], [os.path.exists(d) for d in ("/opt/rocm", "/usr/local/cuda")],
    )


# ------------------------------------------------------------------- the file
_LOADED: dict[str, Any] = {}


def _load() -> dict[str, Any]:
    """The entries, or {} for a missing, unreadable or malformed file."""
    p = path()
    if p in _LOADED:
        return _LOADED[p]
    entries: dict[str, Any] = {}
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        _LOADED[p] = entries
        return entries
    try:
        st = os.fstat(fd)
        if stat.S_ISREG(st.st_mode) and st.st_size <= MAX_BYTES and st.st_uid == os.getuid():
            with os.fdopen(fd, "rb") as fh:
                fd = -1
                raw = fh.read(MAX_BYTES + 1)
            from ..base import jsonlimits

            doc = jsonlimits.loads(raw.decode("utf-8")) if len(raw) <= MAX_BYTES else None
            if isinstance(doc, dict) and doc.get("format") == FORMAT and doc.get("version") == VERSION \
                    and isinstance(doc.get("entries"), dict):
                for k, e in doc["entries"].items():
                    if isinstance(k, str) and len(k) == 64 and isinstance(e, dict) \
                            and isinstance(e.get("t"), (int, float)) and "v" in e:
                        entries[k] = e
    except (OSError, ValueError, RecursionError):
        entries = {}
    finally:
        if fd >= 0:
            os.close(fd)
    _LOADED[p] = entries
    return entries


def get(src: Any, k: str | None) -> Any:
    if not k or not enabled(src):
        return None
    e = _load().get(k)
    return e.get("v") if isinstance(e, dict) else None


def put(src: Any, k: str | None, value: Any) -> None:
    """Store an answer; a cache that cannot be written is silently skipped."""
    if not k or not enabled(src):
        return
    entries = dict(_load())
    entries[k] = {"t": time.time(), "v": value}
    if len(entries) > MAX_ENTRIES:  # keep the newest
        entries = dict(sorted(entries.items(), key=lambda kv: kv[1]["t"])[-MAX_ENTRIES:])
    p = path()
    try:
        data = json.dumps({"format": FORMAT, "version": VERSION, "entries": entries}, default=str)
        if len(data) > MAX_BYTES:
            return
        os.makedirs(os.path.dirname(p), mode=0o700, exist_ok=True)
        tmp = f"{p}.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(data)
        os.replace(tmp, p)
        _LOADED[p] = entries
    except OSError:  # read-only home, full disk, a planted symlink: run without the cache
        try:
            os.unlink(tmp)  # type: ignore[possibly-undefined]
        except (OSError, NameError):
            pass


# ------------------------------------------------------------ pure functions


def memoized(kind: str, encode: Callable[[Any], Any] | None = None, decode: Callable[[Any], Any] | None = None):
    """Cache a slow pure function of JSON-able arguments (the requirement checks: parsing
    every installed distribution's Requires-Dist takes ~100 ms). The key is the arguments
    themselves plus the versions of rocmdoctor and packaging, which is all that determines
    the answer. ``decode`` validates a stored value and returns None to recompute."""
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args):
            if not enabled():
                return fn(*args)
            try:
                import packaging

                k = key(kind, VERSION, _tool_version(), getattr(packaging, "__version__", None), args)
            except (TypeError, ValueError):
                return fn(*args)
            hit = get(None, k)
            if hit is not None:
                value = decode(hit) if decode else hit
                if value is not None:
                    return value
            value = fn(*args)
            put(None, k, encode(value) if encode else value)
            return value
        return wrapper
    return deco


def _tool_version() -> str:
    from .. import __version__

    return __version__
