"""OS and kernel against the ROCm support list."""
from __future__ import annotations

from rocmdoctor.check import check, ev, ok, skip, warn
from rocmdoctor.knowledge.support import supported_os

SYSREQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/system-requirements.html"


@check("RD-OS-001", area="os", title="OS distribution and kernel are on the ROCm support list",
       sources=[SYSREQ])
def os_supported(os_release, kernel_release, gpus=None):
    if not gpus:
        return skip("no AMD GPU: the OS support list does not apply")
    name = os_release.get("PRETTY_NAME") or os_release.get("NAME", "unknown")
    evidence = [ev(os_release["_path"], f'PRETTY_NAME="{name}"'),
                ev("/proc/sys/kernel/osrelease", kernel_release)]
    verdict = supported_os(os_release.get("ID", ""), os_release.get("VERSION_ID", ""), kernel_release)
    if verdict.supported:
        return ok(f"{name}, kernel {kernel_release}: supported", verdict.note, evidence=evidence)
    return warn(f"{name}, kernel {kernel_release}: not on the ROCm support list", verdict.note, evidence=evidence)
