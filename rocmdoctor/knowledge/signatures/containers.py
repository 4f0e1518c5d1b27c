"""Log signatures: containers: devices, runtimes and GPU requests.

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

SIGNATURES: tuple[S, ...] = (
    S(
        id="docker-gpu-request-nvidia", family="containers", title="Docker cannot serve the GPU request (--gpus / runtime nvidia)",
        severity="fatal", tier=SETUP,
        patterns=(
            r'could not select device driver "(?P<driver>[\w.-]{0,32})" with capabilities: \[\[gpu\]\]',
            "unknown or invalid runtime name: nvidia",
            "Unknown runtime specified nvidia",
        ),
        needles=(
            "could not select device driver",
            "runtime name: nvidia",
            "unknown runtime specified nvidia",
        ),
        meaning=("The container asked for GPUs the NVIDIA way (`--gpus`, a compose GPU reservation, `runtime: "
                 "nvidia`); no installed runtime or CDI spec can serve that request on this machine."),
        causes=(
            C(text="NVIDIA-only GPU syntax in the run command or compose file on an AMD machine", check="RD-CTR-004", fix="pass --device /dev/kfd --device /dev/dri instead"),
            C(text=("no AMD CDI spec (amd-ctk cdi generate) or a Docker older than 29.3, which `--gpus` needs for AMD"
                         " GPUs"), check="RD-CTR-003", fix="generate the CDI spec and update Docker, or pass the device nodes"),
        ),
        fix="Pass /dev/kfd and /dev/dri as devices, or set up AMD's container toolkit with its CDI spec.",
        sources=(
            "https://instinct.docs.amd.com/projects/container-toolkit/en/latest/container-runtime/running-workloads.html",
            "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/docker.html",
        ),
        examples=(
            'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].',
            "docker: Error response from daemon: unknown or invalid runtime name: nvidia.",
        ),
    ),
)
