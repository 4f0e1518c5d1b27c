"""ROCm in a container on a WSL2 host (RD-CTR-003's WSL2 branch): the GPU is /dev/dxg, the Windows driver's
paravirtual device, and HIP reaches it through the WSL driver library (libdxcore.so) and the host's WSL build of the HSA
runtime mounted in; there is no /dev/kfd to pass."""
from __future__ import annotations

import re

from rocmdoctor.engine.check import fail, ok, warn

from .nvidia import nvidia_requests
from .services import say_both, svc_ev, svc_plan

# AMD's guide to ROCm containers under WSL2: --device=/dev/dxg and the WSL libraries mounted in
WSL_DOCKER = "https://rocm.docs.amd.com/projects/radeon/en/latest/docs/install/wsl/install-pytorch.html"
_LIBS = ("/usr/lib/wsl/lib/libdxcore.so:/usr/lib/libdxcore.so",
         "/opt/rocm/lib/libhsa-runtime64.so.1:/opt/rocm/lib/libhsa-runtime64.so.1")
# a mount of the WSL driver library, or of the whole WSL library folder
_DXCORE = re.compile(r"libdxcore\.so|/usr/lib/wsl\b")


def _plan(a, name, svc, devices: bool):
    return svc_plan("Pass the WSL2 GPU", a, [say_both(
        name, svc, ("devices: [/dev/dxg]; " if devices else "") + "volumes: " + " and ".join(_LIBS),
        ("add --device /dev/dxg " if devices else "add ") + " ".join(f"-v {v}" for v in _LIBS))],
        svc, name, [("append", "devices", "/dev/dxg")] if devices else ())


def wsl_service(a, name, svc, devs, subject, amd_cdi):
    """A GPU service judged for a WSL2 host: /dev/dxg passed and the driver library mounted."""
    if "/dev/dxg" not in devs:
        return fail(f"{name}: /dev/dxg, this WSL2 host's GPU, is not passed into the container",
                    "Under WSL2 ROCm reaches the GPU through /dev/dxg (the Windows driver) and the libraries in "
                    "/usr/lib/wsl/lib; there is no /dev/kfd to pass. Without them HIP in the container finds no GPU.",
                    subject=subject, evidence=[svc_ev(a, svc, "devices")]
                    + [e for _, e in nvidia_requests(a, svc, amd_cdi)][:1], sources=[WSL_DOCKER],
                    fix=_plan(a, name, svc, devices=True))
    if not any(_DXCORE.search(str(v)) for v in svc.get("volumes") or []):
        return warn(f"{name}: maps /dev/dxg, but not the WSL driver library (libdxcore.so) HIP reaches it through",
                    "AMD's containers for WSL2 mount the host's /usr/lib/wsl/lib/libdxcore.so and its WSL build of "
                    "libhsa-runtime64 beside /dev/dxg; an image's own HSA runtime does not drive the paravirtual GPU, so "
                    "HIP finds no GPU without them.", subject=subject, evidence=[svc_ev(a, svc, "devices")],
                    sources=[WSL_DOCKER], fix=_plan(a, name, svc, devices=False))
    return ok(f"{name}: maps /dev/dxg and the WSL driver library, this WSL2 host's GPU (ROCm on WSL uses no /dev/kfd)",
              subject=subject, evidence=[svc_ev(a, svc, "devices")])
