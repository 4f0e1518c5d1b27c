"""Live probes: what a plain file read or command cannot give.

Each probe returns JSON-able data (that is what a snapshot stores under probes/) or
raises :class:`ProbeFailed` with a reason. Probes that touch torch, the HIP runtime or
amdsmi run in a child process of the target interpreter with a hard timeout, so a
crashing or hanging runtime costs a finding, never the scan.
"""
from __future__ import annotations

import grp
import os
import pwd
import stat
import sys
from typing import Any, Callable, Protocol

from . import proc
from .envcache import PROBE_DIR  # the child probe scripts (one definition: the cache keys their files)


class ProbeHost(Protocol):
    """What a probe needs of the live source (sources.LiveSource is one). A protocol, so the
    probe registry does not import the source layer: sources uses probes, never the reverse."""

    python: str  # the interpreter the child probes run in
    probe_timeout: float
    memo: dict[str, Any]  # probes that share one child process
    lock: Any  # a threading.Lock guarding memo




class ProbeFailed(Exception):
    pass


def env(src: ProbeHost) -> dict[str, str]:
    return dict(os.environ)


def identity(src: ProbeHost) -> dict[str, Any]:
    uid = os.getuid()
    try:
        user = pwd.getpwuid(uid).pw_name
    except KeyError:
        user = None
    gids = sorted(set(os.getgroups()) | {os.getgid()})
    groups = []
    for gid in gids:
        try:
            name = grp.getgrgid(gid).gr_name
        except KeyError:
            name = None
        groups.append({"gid": gid, "name": name})
    known: dict[str, dict[str, object] | None] = {}
    for name in ("render", "video"):
        try:
            g = grp.getgrnam(name)
            known[name] = {"gid": g.gr_gid, "members": list(g.gr_mem)}
        except KeyError:
            known[name] = None
    return {"uid": uid, "euid": os.geteuid(), "user": user, "groups": groups, "known_groups": known}


def devnodes(src: ProbeHost) -> list[dict[str, Any]]:
    """Mode, owner and this process's access to the GPU device nodes."""
    import glob

    out = []
    # /dev/dxg only where it exists: it is WSL2's GPU node, and an error row elsewhere is noise.
    dxg = ["/dev/dxg"] if os.path.exists("/dev/dxg") else []
    for path in ["/dev/kfd"] + sorted(glob.glob("/dev/dri/renderD*")) + sorted(glob.glob("/dev/dri/card*")) + dxg:
        entry: dict[str, Any] = {"path": path}
        try:
            st = os.stat(path)
        except OSError as exc:
            entry["error"] = exc.strerror or str(exc)
            out.append(entry)
            continue
        try:
            group = grp.getgrgid(st.st_gid).gr_name
        except KeyError:
            group = None
        entry.update(
            mode=oct(stat.S_IMODE(st.st_mode)),
            char_device=stat.S_ISCHR(st.st_mode),
            uid=st.st_uid,
            gid=st.st_gid,
            group=group,
            readable=os.access(path, os.R_OK),
            writable=os.access(path, os.W_OK),
        )
        out.append(entry)
    return out


def fsstats(src: ProbeHost) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for path in ("/dev/shm",):
        try:
            st = os.statvfs(path)
            out[path] = {"total_bytes": st.f_frsize * st.f_blocks, "free_bytes": st.f_frsize * st.f_bavail}
        except OSError as exc:
            out[path] = {"error": exc.strerror or str(exc)}
    return out


def system(src: ProbeHost) -> dict[str, Any]:
    import platform
    import socket

    return {
        "hostname": socket.gethostname(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "pid": os.getpid(),  # so the KFD process list can leave this scan and its probe children out
        "in_container_hint": os.path.exists("/.dockerenv") or os.path.exists("/run/.containerenv"),
    }


def _child(script: str, src: ProbeHost, args: list[str], timeout: float) -> dict[str, Any]:
    return _run_child(script, src.python, args, timeout)


def _run_child(script: str, python: str, args: list[str], timeout: float) -> dict[str, Any]:
    """Run a probe script in the target interpreter and parse the JSON it prints last."""
    path = os.path.join(PROBE_DIR, script)
    res = proc.run([python, "-X", "utf8", path, *args], timeout=timeout, env=_child_env())
    if res.error:
        raise ProbeFailed(f"{python}: {res.error}")
    if res.timed_out:
        raise ProbeFailed(f"{script} gave no answer within {timeout:.0f} s and was killed "
                          "(a hung HIP runtime or driver is the usual cause)")
    lines = [ln for ln in res.stdout.splitlines() if ln.startswith("{")]
    if not lines:
        tail = (res.stderr.strip().splitlines() or ["no output"])[-1]
        raise ProbeFailed(f"{script} exited {res.returncode} without a result: {tail}")
    from ..base import jsonlimits

    try:
        data = jsonlimits.loads(lines[-1])
    except ValueError as exc:  # JSONDecodeError, or nested too deeply
        raise ProbeFailed(f"{script} printed unreadable JSON: {exc}") from None
    if res.returncode != 0:
        data.setdefault("errors", []).append(f"probe exited {res.returncode}: "
                                             + (res.stderr.strip().splitlines() or [""])[-1])
    return data


def _child_env() -> dict[str, str]:
    # The child sees the user's environment unchanged (PYTHONPATH, user site, HSA_*):
    # that is what their training sees. Only bytecode writing is turned off.
    e = dict(os.environ)
    e.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    return e


# ------------------------------------------------------------ the Python environment
# Static facts (python_static) are read from files: in-process when the target is this
# interpreter, else by a tiny standard-library child. Runtime facts (devices, DeepSpeed's
# op-builder answers) need torch imported: one child answers both, started as early as
# possible (see start_runtime) and ended with os._exit once its answer is written.

def _load_static_module():
    import importlib.util

    path = os.path.join(PROBE_DIR, "python_static.py")
    spec = importlib.util.spec_from_file_location("rocmdoctor_python_static", path)
    if spec is None or spec.loader is None:  # not for a .py file; said for the type checker
        raise ImportError(f"cannot load {path}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def python_static(src: ProbeHost) -> dict[str, Any]:
    memo = src.memo
    if "python_static" not in memo:
        from .interpreter import is_own

        data = _cached_static(src)
        if data is None:
            if is_own(src.python):
                data = _load_static_module().collect(arch=False)
            else:
                data = _child("python_static.py", src, ["--no-arch"], timeout=min(30.0, src.probe_timeout))
            _store_static(src, data)
        _fill_arch_list(src, data)
        memo["python_static"] = data
    return memo["python_static"]


def _cached_static(src: ProbeHost) -> dict | None:
    """The static facts from the cache (for another interpreter no child: its start-up is most
    of a warm scan of another environment; for this one no read of every dist-info), when the key (the interpreter, the variables that shape
    its search path and build tools) matches and its search path's fingerprint (each
    directory's and each dist-info's mtime) is what it was when they were read."""
    from . import envcache

    k = envcache.static_key(src.python) if envcache.enabled(src) else None
    hit = envcache.get(src, k) if k else None
    if not (isinstance(hit, dict) and isinstance(hit.get("data"), dict) and isinstance(hit.get("path"), list)
            and all(isinstance(p, str) for p in hit["path"])):
        return None
    data = hit["data"]
    py = data.get("python") if isinstance(data.get("python"), dict) else {}
    user_site = os.path.expanduser(f"~/.local/lib/python{'.'.join(str(py.get('version')).split('.')[:2])}/site-packages")
    if not py.get("virtualenv") and os.path.isdir(user_site) and user_site not in hit["path"]:
        return None  # the user site appeared since: it is on the search path now
    try:
        mod = _load_static_module()
        now = envcache.key("\n".join(mod.fingerprint(hit["path"])))
    except Exception:  # noqa: BLE001 - a cache that cannot be checked is not used
        return None
    return data if data.get("probe") == "python_static" and hit.get("fingerprint") == now else None


def _store_static(src: ProbeHost, data: dict) -> None:
    from . import envcache

    path = data.get("search_path")
    k = envcache.static_key(src.python) if envcache.enabled(src) and isinstance(path, list) else None
    if not k or data.get("errors"):
        return
    try:
        fp = envcache.key("\n".join(_load_static_module().fingerprint(path)))
    except Exception:  # noqa: BLE001
        return
    envcache.put(src, k, {"path": path, "fingerprint": fp, "data": data})


def _fill_arch_list(src: ProbeHost, data: dict) -> None:
    """The arch-flags literal of a GPU build, read here (same filesystem) and cached on
    the library file's path, size and mtime: scanning 30+ MB is the slowest static read."""
    t = data.get("torch")
    if not isinstance(t, dict):
        return
    lib = t.get("arch_lib")
    if not isinstance(lib, dict) or t.get("arch_list") is not None or not isinstance(lib.get("path"), str):
        return
    from . import envcache

    key = envcache.key("arch_list", lib.get("path"), lib.get("size"), lib.get("mtime_ns"))
    hit = envcache.get(src, key)
    if isinstance(hit, list) and all(isinstance(x, str) for x in hit):
        literal = " ".join(hit) or None
    else:
        try:
            literal = _load_static_module().arch_literal(lib["path"])
        except OSError as exc:
            t["arch_list_error"] = f"static read of {lib['path']}: {exc.strerror or exc}"
            return
        if literal:
            envcache.put(src, key, literal.split())
    if literal:
        t["arch_list"] = literal.split()
        t.pop("arch_list_error", None)


class RuntimeChild:
    """The one child that imports torch (and deepspeed when asked) in the target
    interpreter, run in a thread so the scan goes on while it works."""

    def __init__(self, python: str, with_deepspeed: bool, timeout: float):
        import threading

        self.python, self.with_deepspeed, self.timeout = python, with_deepspeed, timeout
        self._box: dict[str, Any] = {}
        self._thread = threading.Thread(target=self._work, daemon=True)
        self._thread.start()

    def _work(self) -> None:
        args = ["--runtime"] + (["--with-deepspeed"] if self.with_deepspeed else [])
        try:
            data = _run_child("python_env.py", self.python, args, self.timeout)
        except ProbeFailed as exc:
            if not self.with_deepspeed:
                self._box["error"] = exc
                return
            # Importing deepspeed may be what crashed or hung: keep the torch facts at least.
            try:
                data = _run_child("python_env.py", self.python, ["--runtime"], self.timeout)
            except ProbeFailed as exc2:
                self._box["error"] = exc2
                return
            data["deepspeed_probe_error"] = "the combined probe failed; deepspeed probed on its own"
        self._box["data"] = data

    def result(self) -> dict[str, Any]:
        if self._thread.is_alive():
            _wait_with_status(self._thread, self.python)
        if "error" in self._box:
            raise self._box["error"]
        return self._box["data"]


def _wait_with_status(thread, python: str) -> None:
    """One live line on a terminal while the scan waits for torch; nothing when piped."""
    import time

    stream = sys.stderr
    if not (hasattr(stream, "isatty") and stream.isatty()) or os.environ.get("ROCMDOCTOR_NO_PROGRESS"):
        thread.join()
        return
    t0 = time.monotonic()
    try:
        while thread.is_alive():
            stream.write(f"\r\x1b[Kprobing torch in {python} … {time.monotonic() - t0:.1f} s")
            stream.flush()
            thread.join(0.2)
    finally:
        stream.write("\r\x1b[K")
        stream.flush()


def runtime_plan(src: ProbeHost) -> tuple[bool, bool]:
    """(needed, with_deepspeed): whether anything needs the runtime child, judged from the
    static facts. A CPU-only torch has no devices to ask about; DeepSpeed's answers come
    from the cache when its key matches."""
    try:
        static = python_static(src)
    except ProbeFailed:
        return False, False
    t = static.get("torch")
    if not isinstance(t, dict):
        return False, False
    gpu_build = bool(t.get("hip") or t.get("cuda"))
    ds = "deepspeed" in (static.get("distributions") or {})
    with_ds = ds and (gpu_build or _cached_deepspeed(src) is None)
    return gpu_build or with_ds, with_ds


def start_runtime(src: ProbeHost) -> RuntimeChild | None:
    """Start the runtime child now if the static facts say something will need it."""
    with src.lock:
        if "runtime" in src.memo:
            return src.memo["runtime"]
        needed, with_ds = runtime_plan(src)
        child = RuntimeChild(src.python, with_ds, src.probe_timeout) if needed else None
        if child is not None:
            src.memo["runtime"] = child
        return child


def _runtime(src: ProbeHost, need_deepspeed: bool = False) -> dict[str, Any]:
    with src.lock:
        child = src.memo.get("runtime")
        if child is None:  # not started early: start it now, asking what start_runtime would
            with_ds = need_deepspeed or runtime_plan(src)[1]
            child = src.memo["runtime"] = RuntimeChild(src.python, with_ds, src.probe_timeout)
        elif need_deepspeed and not child.with_deepspeed:
            child = src.memo["runtime"] = RuntimeChild(src.python, True, src.probe_timeout)
    return child.result()


def python(src: ProbeHost) -> dict[str, Any]:
    """Runtime facts: torch imported, devices listed."""
    data = dict(_runtime(src))
    data.pop("deepspeed_probe", None)
    data.pop("deepspeed_probe_error", None)
    return data


def amdsmi(src: ProbeHost) -> dict[str, Any]:
    return _child("amdsmi_info.py", src, [], timeout=30.0)


def amdsmi_reset_counters(src: ProbeHost) -> dict[str, Any]:
    """The amdsmi probe that also reads counters the kernel clears on read (xgmi_error);
    only `scan --read-reset-counters` asks for it."""
    return _child("amdsmi_info.py", src, ["--read-reset-counters"], timeout=30.0)


def _deepspeed_key(src: ProbeHost) -> str | None:
    from . import envcache

    return envcache.deepspeed_key(src, python_static(src))


def _cached_deepspeed(src: ProbeHost) -> dict | None:
    from . import envcache

    try:
        key = _deepspeed_key(src)
    except ProbeFailed:
        return None
    hit = envcache.get(src, key) if key else None
    return hit if isinstance(hit, dict) and hit.get("probe") == "deepspeed_ops" else None


def deepspeed(src: ProbeHost) -> dict[str, Any]:
    """DeepSpeed's op-builder answers: from the cache when nothing that determines them
    changed, else from the runtime child (then cached, for a CPU-only torch: on a GPU
    build the answers may depend on the devices, which are never cached)."""
    from . import envcache

    cached = _cached_deepspeed(src)
    if cached is not None:
        return cached
    try:
        shared = _runtime(src, need_deepspeed=True).get("deepspeed_probe")
    except ProbeFailed:
        shared = None
    data = shared if isinstance(shared, dict) else _child("deepspeed_ops.py", src, [], timeout=60.0)
    key = _deepspeed_key(src)
    if key and not data.get("errors") and not data.get("deepspeed_import_error"):
        envcache.put(src, key, data)
    return data


LIVE_PROBES: dict[str, Callable[[ProbeHost], Any]] = {
    "env": env,
    "identity": identity,
    "devnodes": devnodes,
    "fsstats": fsstats,
    "system": system,
    "python_static": python_static,
    "python": python,
    "amdsmi": amdsmi,
    "amdsmi_reset_counters": amdsmi_reset_counters,
    "deepspeed": deepspeed,
}

if sys.platform != "linux":  # pragma: no cover - the doctor targets Linux hosts
    LIVE_PROBES.pop("devnodes")
