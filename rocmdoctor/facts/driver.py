"""The amdgpu kernel driver: loaded or not, denylisted, DKMS version."""
from __future__ import annotations

from ..machine.parsers.modprobe import amdgpu_denials
from ..base.records import dataclass
from . import fact

MODPROBE_DIRS = ("/etc/modprobe.d", "/usr/lib/modprobe.d", "/lib/modprobe.d", "/run/modprobe.d")


@dataclass(frozen=True)
class DriverState:
    module_loaded: bool
    initstate: str | None
    module_version: str | None  # only the out-of-tree DKMS driver has one
    kfd_present: bool
    denials: tuple[tuple[str, str], ...]  # (file, line)
    cmdline_denials: tuple[str, ...]
    dkms: tuple[str, ...]  # `dkms status` lines about amdgpu


@fact("amdgpu")
def amdgpu(ctx) -> DriverState:
    src = ctx.source
    loaded = src.exists("/sys/module/amdgpu")
    init = src.text("/sys/module/amdgpu/initstate") if loaded else None
    version = src.text("/sys/module/amdgpu/version") if loaded else None
    denials = []
    for d in MODPROBE_DIRS:
        for path in src.glob(d + "/*.conf"):
            text = src.text(path)
            for line in amdgpu_denials(text or ""):
                denials.append((path, line))
    cmd = ctx.optional("cmdline")
    cmd_denials = []
    if cmd is not None:
        for key in ("modprobe.blacklist", "module_blacklist", "rd.driver.blacklist"):
            for v in cmd.values(key):
                if v and "amdgpu" in v.split(","):
                    cmd_denials.append(f"{key}={v}")
        if cmd.get("amdgpu.modeset") == "0" or cmd.has("nomodeset"):
            cmd_denials.append("amdgpu.modeset=0" if cmd.get("amdgpu.modeset") == "0" else "nomodeset")
    dkms: tuple[str, ...] = ()
    # dkms is a shell script: only worth its time when the DKMS driver is in play
    # (loaded, or its build tree exists while the in-kernel driver is what got loaded).
    if version or not loaded or src.glob("/var/lib/dkms/amdgpu/*"):
        res = src.run(["dkms", "status"], timeout=10)
        if res.ok:
            dkms = tuple(ln.strip() for ln in res.stdout.splitlines() if "amdgpu" in ln)
    return DriverState(
        module_loaded=loaded,
        initstate=init.strip() if init else None,
        module_version=version.strip() if version else None,
        kfd_present=src.exists("/dev/kfd"),
        denials=tuple(denials),
        cmdline_denials=tuple(cmd_denials),
        dkms=dkms,
    )
