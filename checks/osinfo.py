"""OS and kernel against the ROCm support list."""
from __future__ import annotations

from rocmdoctor.engine.check import check, ev, ok, skip, warn
from rocmdoctor.knowledge.support import DISTRO_PACKAGED, supported_os

SYSREQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/system-requirements.html"
WSL = "https://rocm.docs.amd.com/projects/radeon/en/latest/docs/compatibility/wsl/wsl_compatibility.html"


@check("RD-OS-001", area="os", title="OS distribution and kernel are on the ROCm support list",
       sources=[SYSREQ])
def os_supported(os_release, kernel_release, gpus=None, container=None, dcu=None):
    if not gpus:
        return skip("no AMD GPU: the OS support list does not apply")
    if dcu is not None:
        return skip("Hygon DCU: AMD's ROCm OS list does not apply; DTK is built per OS release",
                    "DTK ships one tarball per OS (for example DTK-24.04.1-CentOS7.6-x86_64.tar.gz); use the one "
                    "for this OS.")
    name = os_release.pretty_name
    evidence = [ev(os_release.path, f'PRETTY_NAME="{name}"'),
                ev("/proc/sys/kernel/osrelease", kernel_release)]
    if "microsoft" in kernel_release.lower():
        return ok(f"{name} under WSL2 (kernel {kernel_release}): the Linux support list does not apply",
                  "ROCm on WSL has its own, narrower support list (Radeon cards only, no rocm-smi, no "
                  "multi-GPU RCCL); RD-WSL-001 checks the GPU against it.", evidence=evidence, sources=[WSL])
    os_id = os_release.id
    verdict = supported_os(os_id, os_release.version_id, kernel_release)
    notes = [verdict.note] if verdict.note else []
    if container is not None and container.in_container:
        # The container's os-release describes its user space; the kernel and driver are the host's.
        notes.append("Inside a container this is the image's OS; the kernel (and amdgpu driver) belong to "
                     "the host, whose OS is what the support list is about.")
    if not verdict.supported and os_id.lower() in DISTRO_PACKAGED:
        notes.append(f"{DISTRO_PACKAGED[os_id.lower()]} ships its own ROCm packages; those are supported by "
                     "the distribution, not by AMD.")
    detail = " ".join(notes)
    if verdict.supported:
        return ok(f"{name}, kernel {kernel_release}: supported", detail, evidence=evidence)
    if container is not None and container.in_container:
        return ok(f"{name} (container image), host kernel {kernel_release}", detail, evidence=evidence)
    return warn(f"{name}, kernel {kernel_release}: not on the ROCm support list", detail, evidence=evidence)
