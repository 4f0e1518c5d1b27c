"""Containers: the GPU device nodes passed in, and a /dev/shm large enough for RCCL."""
from __future__ import annotations

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.knowledge.gpus import AMD_VENDOR

DOCKER_HOWTO = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/docker.html"
PYTORCH_DOCKER = ("https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/3rd-party/"
                  "pytorch-install.html")
DS_ENV_REPORT = "https://github.com/deepspeedai/DeepSpeed/blob/master/deepspeed/env_report.py"
TUTORIALS_SHM = "https://github.com/pytorch/tutorials/commit/0ba3e39"

# AMD's reference `docker run` for ROCm PyTorch, plus --group-add render (ROCm/vllm#893)
# and a larger --shm-size. --ipc=host alone already shares the host's /dev/shm.
DOCKER_FLAGS = ("--device=/dev/kfd", "--device=/dev/dri", "--group-add", "video", "--group-add", "render",
                "--ipc=host", "--shm-size", "16G", "--cap-add=SYS_PTRACE", "--security-opt", "seccomp=unconfined")
GIB = 1024 ** 3


def docker_fix(title: str, why: str) -> FixPlan:
    return FixPlan(title, (
        Action("command", f"recreate the container with the ROCm device flags ({why})",
               argv=("docker", "run", "-it", *DOCKER_FLAGS, "<image>")),
        Action("note", "Kubernetes: request amd.com/gpu through the AMD GPU device plugin and mount an "
                       "emptyDir with medium: Memory at /dev/shm; docker compose: devices, group_add and "
                       "ipc: host / shm_size"),
    ))


def _amd_host(amdgpu, pci_display, gpus) -> bool:
    return bool(gpus) or (amdgpu is not None and amdgpu.module_loaded) or \
        any(d.vendor_id == AMD_VENDOR for d in pci_display or [])


@check("RD-CTR-001", area="container", title="In a container: /dev/kfd and /dev/dri are passed in",
       sources=[DOCKER_HOWTO, PYTORCH_DOCKER])
def container_devices(container, devnodes=None, amdgpu=None, pci_display=None, gpus=None):
    if not container.in_container:
        return skip("not running in a container")
    evidence = [ev(src, text) for src, text in container.evidence]
    if not _amd_host(amdgpu, pci_display, gpus):
        return skip("in a container, but the host shows no AMD GPU", evidence=evidence)
    nodes = {e.path: e for e in devnodes or [] if not e.error}
    kfd = "/dev/kfd" in nodes if devnodes is not None else bool(amdgpu and amdgpu.kfd_present)
    renders = sorted(p for p in nodes if p.startswith("/dev/dri/renderD"))
    missing = ([] if kfd else ["/dev/kfd"]) + ([] if renders or devnodes is None else ["/dev/dri/renderD*"])
    evidence.append(ev("probe: devnodes" if devnodes is not None else "/dev/kfd",
                       ", ".join(["/dev/kfd"] * kfd + renders) or "no GPU device nodes"))
    runtime = container.runtime or "container"
    if not missing:
        return ok(f"{runtime}: /dev/kfd and {len(renders) or 'the'} render node(s) are passed in", evidence=evidence)
    return fail(f"{runtime}: {' and '.join(missing)} not passed into the container",
                "ROCm needs /dev/kfd (compute) and a /dev/dri/renderD* node per GPU inside the container; "
                "without them HIP finds no GPU. Pass --device=/dev/kfd --device=/dev/dri (or single "
                "--device=/dev/dri/renderD12x nodes to restrict GPUs) and add the video and render groups.",
                evidence=evidence, fix=docker_fix("Pass the GPU devices into the container", "devices, groups"))


@check("RD-CTR-002", area="container", title="/dev/shm is large enough for multi-GPU collectives",
       sources=[DS_ENV_REPORT, TUTORIALS_SHM, PYTORCH_DOCKER])
def shm_size(shm, gpus=None, container=None):
    """Thresholds: 1 GiB with several GPUs (RCCL's shared-memory transport, and Docker's
    64 MiB default is known to crash it in ncclShmOpen); 512 MiB with one GPU, where only
    DataLoader workers use it (DeepSpeed's ds_report warns below 512 MiB)."""
    n = len([g for g in gpus or [] if not g.integrated])
    if not n:
        return skip("no discrete AMD GPU")
    need, why = (GIB, f"{n} GPUs: RCCL passes data through /dev/shm") if n > 1 else \
        (GIB // 2, "DataLoader workers pass batches through /dev/shm")
    size = shm.size_bytes
    evidence = [ev(shm.source, shm.text)]
    human = f"{size / GIB:.2f} GiB" if size >= GIB // 4 else f"{size // 1024**2} MiB"
    if size >= need:
        return ok(f"/dev/shm is {human}", evidence=evidence, data={"shm_bytes": size})
    in_ctr = container is not None and container.in_container
    detail = (f"/dev/shm is {human}; with {why}, less than {need // 1024**2} MiB leads to crashes "
              "('Bus error', or an RCCL/NCCL failure in ncclShmOpen) once tensors are exchanged.")
    if in_ctr:
        detail += " Docker gives containers 64 MiB unless told otherwise: use --ipc=host or --shm-size 16G."
        fix = docker_fix("Give the container a larger /dev/shm", "--ipc=host / --shm-size")
    else:
        fix = FixPlan("Enlarge /dev/shm", (
            Action("command", "resize it now (lasts until reboot)",
                   argv=("sudo", "mount", "-o", "remount,size=16G", "/dev/shm")),
            Action("note", "to keep it, set the size on the /dev/shm line in /etc/fstab: "
                           "tmpfs /dev/shm tmpfs defaults,size=16G 0 0"),
        ), needs_root=True)
    return warn(f"/dev/shm is only {human}", detail, evidence=evidence, fix=fix, data={"shm_bytes": size})
