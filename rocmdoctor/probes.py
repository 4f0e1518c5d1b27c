"""Live probes: what a plain file read or command cannot give.

Each probe returns JSON-able data (that is what a snapshot stores under probes/) or
raises :class:`ProbeFailed` with a reason. Probes that touch torch, the HIP runtime or
amdsmi run in a child process of the target interpreter with a hard timeout, so a
crashing or hanging runtime costs a finding, never the scan.
"""
from __future__ import annotations

import grp
import json
import os
import pwd
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from . import proc

if TYPE_CHECKING:
    from .sources import LiveSource

PROBE_DIR = Path(__file__).parent / "childprobes"


class ProbeFailed(Exception):
    pass


def env(src: "LiveSource") -> dict[str, str]:
    return dict(os.environ)


def identity(src: "LiveSource") -> dict[str, Any]:
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
    known = {}
    for name in ("render", "video"):
        try:
            g = grp.getgrnam(name)
            known[name] = {"gid": g.gr_gid, "members": list(g.gr_mem)}
        except KeyError:
            known[name] = None
    return {"uid": uid, "euid": os.geteuid(), "user": user, "groups": groups, "known_groups": known}


def devnodes(src: "LiveSource") -> list[dict[str, Any]]:
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


def fsstats(src: "LiveSource") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for path in ("/dev/shm",):
        try:
            st = os.statvfs(path)
            out[path] = {"total_bytes": st.f_frsize * st.f_blocks, "free_bytes": st.f_frsize * st.f_bavail}
        except OSError as exc:
            out[path] = {"error": exc.strerror or str(exc)}
    return out


def system(src: "LiveSource") -> dict[str, Any]:
    import platform
    import socket

    return {
        "hostname": socket.gethostname(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "pid": os.getpid(),  # so the KFD process list can leave this scan and its probe children out
        "in_container_hint": os.path.exists("/.dockerenv") or os.path.exists("/run/.containerenv"),
    }


def pci_display(src: "LiveSource") -> list[dict[str, Any]]:
    """Display-class PCI functions from udev (pyudev), the structured view of the bus."""
    try:
        import pyudev
    except ImportError as exc:
        raise ProbeFailed(f"pyudev not importable: {exc}") from None
    try:
        ctx = pyudev.Context()
        devices = list(ctx.list_devices(subsystem="pci"))
    except Exception as exc:  # no libudev in minimal containers
        raise ProbeFailed(f"udev unavailable: {exc}") from None
    out = []
    for d in devices:
        cls = d.properties.get("PCI_CLASS", "")
        vendor, _, device = d.properties.get("PCI_ID", ":").partition(":")
        # 0x03xxxx display controllers; AMD MI300X/MI300A enumerate as 0x12xxxx accelerators,
        # Hygon DCUs as 0x12xxxx or 0x0b40xx co-processors (Hygon CPUs' own functions do not).
        cls = cls.upper()
        if not (cls.startswith("3") or (cls.startswith("12") and vendor.upper() in ("1002", "1D94"))
                or (cls.startswith("B40") and vendor.upper() == "1D94")):
            continue
        out.append({"address": d.properties.get("PCI_SLOT_NAME") or d.sys_name,
                    "vendor_id": int(vendor or "0", 16), "device_id": int(device or "0", 16),
                    "driver": d.driver})
    return out


def _child(script: str, src: "LiveSource", args: list[str], timeout: float) -> dict[str, Any]:
    """Run a probe script in the target interpreter and parse the JSON it prints last."""
    path = PROBE_DIR / script
    res = proc.run([src.python, "-X", "utf8", str(path), *args], timeout=timeout, env=_child_env())
    if res.error:
        raise ProbeFailed(f"{src.python}: {res.error}")
    if res.timed_out:
        raise ProbeFailed(f"{script} gave no answer within {timeout:.0f} s and was killed "
                          "(a hung HIP runtime or driver is the usual cause)")
    lines = [ln for ln in res.stdout.splitlines() if ln.startswith("{")]
    if not lines:
        tail = (res.stderr.strip().splitlines() or ["no output"])[-1]
        raise ProbeFailed(f"{script} exited {res.returncode} without a result: {tail}")
    try:
        data = json.loads(lines[-1])
    except json.JSONDecodeError as exc:
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


def _python_and_deepspeed(src: "LiveSource") -> dict[str, Any]:
    """One child answers both the python and the deepspeed probe: importing torch is
    most of each one's time. Memoised on the source; failures are memoised too."""
    memo = src.memo
    if "python+deepspeed" not in memo:
        try:
            data = _child("python_env.py", src, ["--with-deepspeed"], timeout=src.probe_timeout)
        except ProbeFailed:
            # Importing deepspeed may be what crashed or hung: keep the torch facts at least.
            data = _child("python_env.py", src, [], timeout=src.probe_timeout)
            data["deepspeed_probe_error"] = "the combined probe failed; deepspeed probed on its own"
        memo["python+deepspeed"] = data
    return memo["python+deepspeed"]


def python(src: "LiveSource") -> dict[str, Any]:
    data = dict(_python_and_deepspeed(src))
    data.pop("deepspeed_probe", None)
    data.pop("deepspeed_probe_error", None)
    return data


def amdsmi(src: "LiveSource") -> dict[str, Any]:
    return _child("amdsmi_info.py", src, [], timeout=30.0)


def amdsmi_reset_counters(src: "LiveSource") -> dict[str, Any]:
    """The amdsmi probe that also reads counters the kernel clears on read (xgmi_error);
    only `scan --read-reset-counters` asks for it."""
    return _child("amdsmi_info.py", src, ["--read-reset-counters"], timeout=30.0)


def deepspeed(src: "LiveSource") -> dict[str, Any]:
    try:
        shared = _python_and_deepspeed(src).get("deepspeed_probe")
    except ProbeFailed:
        shared = None
    if isinstance(shared, dict):
        return shared
    return _child("deepspeed_ops.py", src, [], timeout=60.0)


LIVE_PROBES: dict[str, Callable[["LiveSource"], Any]] = {
    "env": env,
    "identity": identity,
    "devnodes": devnodes,
    "fsstats": fsstats,
    "system": system,
    "pci_display": pci_display,
    "python": python,
    "amdsmi": amdsmi,
    "amdsmi_reset_counters": amdsmi_reset_counters,
    "deepspeed": deepspeed,
}

if sys.platform != "linux":  # pragma: no cover - the doctor targets Linux hosts
    LIVE_PROBES.pop("devnodes")
