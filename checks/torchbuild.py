"""Which PyTorch build is installed, against the GPUs the machine has.

The classic accident: `pip install torch` (or a package depending on it) replaces the
ROCm wheel with the CUDA or CPU one from PyPI, and training silently runs on the CPU
or fails with "no GPU". These checks read ``torch.version.hip/cuda`` from the python
probe. Their fixes are advice only: rocmdoctor never installs or upgrades torch.
"""
from __future__ import annotations

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.facts.platform import dtk_from_tag

PYTORCH_INSTALL = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/3rd-party/pytorch-install.html"
GET_STARTED = "https://pytorch.org/get-started/locally/"
XFORMERS_ROCM = "https://github.com/facebookresearch/xformers/issues/1070"
BNB_ROCM = "https://huggingface.co/docs/bitsandbytes/main/en/installation"


def torch_kind(t) -> str:
    """'rocm' (PyTorch's ROCm wheel), 'rocm-vendor' (HIP build from elsewhere: AMD
    images, distro, source), 'cuda', or 'cpu'."""
    if t.hip:
        return "rocm" if "rocm" in str(t.version or "") else "rocm-vendor"
    if t.cuda:
        return "cuda"
    return "cpu"


def _amd_gpus(gpus, pci_display) -> list[str]:
    """Discrete AMD GPUs, as labels; integrated ones do not make a training machine."""
    if gpus:
        return [f"{g.label} {g.gfx or ''}".strip() for g in gpus if not g.integrated]
    return [f"AMD {p.address}" for p in (pci_display or []) if p.vendor == "AMD"]


def _torch_ev(t):
    return ev("probe: python", f"torch {t.version} hip={t.hip} cuda={t.cuda} "
                               f"file={t.file}")


def _reinstall_plan(python, why: str) -> FixPlan:
    exe = python.exe if python is not None else "python"
    return FixPlan("Reinstall PyTorch from the ROCm wheel index", (
        Action("note", f"{why} Install the ROCm build for your ROCm release from the index pytorch.org lists "
                       f"(https://download.pytorch.org/whl/rocmX.Y) into {exe}, or use AMD's rocm/pytorch image. "
                       "rocmdoctor does not change torch for you."),
        Action("note", "Afterwards, pin it (e.g. a constraints file) so later `pip install`s do not pull the "
                       "PyPI wheel back in."),
    ))


@check("RD-TORCH-001", area="torch", title="torch is not a CUDA build on an AMD GPU machine", level="default",
       sources=[PYTORCH_INSTALL, GET_STARTED])
def cuda_torch_on_amd(torch, gpus=None, pci_display=None, python=None):
    amd = _amd_gpus(gpus, pci_display)
    kind = torch_kind(torch)
    if not amd:
        return skip("no discrete AMD GPU found")
    if kind != "cuda":
        return ok(f"torch {torch.version} is not a CUDA build", evidence=[_torch_ev(torch)])
    return fail(f"torch {torch.version} is a CUDA build on a machine with AMD GPUs",
                f"torch.version.cuda={torch.cuda} and no HIP: it cannot drive {', '.join(amd)}. "
                "Usually a plain `pip install torch` (or a dependency) replaced the ROCm wheel.",
                evidence=[_torch_ev(torch)], fix=_reinstall_plan(python, "This torch was built for NVIDIA CUDA."))


@check("RD-TORCH-002", area="torch", title="torch is not a CPU-only build on an AMD GPU machine", level="default",
       sources=[PYTORCH_INSTALL, GET_STARTED])
def cpu_torch_on_amd(torch, gpus=None, pci_display=None, python=None):
    amd = _amd_gpus(gpus, pci_display)
    if not amd:
        return skip("no discrete AMD GPU found")
    if torch_kind(torch) != "cpu":
        return ok(f"torch {torch.version} has GPU support", evidence=[_torch_ev(torch)])
    return fail(f"torch {torch.version} is a CPU-only build",
                f"Neither torch.version.hip nor torch.version.cuda is set; training would run on the CPU and "
                f"ignore {', '.join(amd)}.", evidence=[_torch_ev(torch)],
                fix=_reinstall_plan(python, "This torch has no GPU backend."))


@check("RD-TORCH-003", area="torch", title="Which ROCm torch build this is (PyTorch wheel or vendor build)",
       level="default", sources=["https://github.com/deepspeedai/DeepSpeed/pull/6909", PYTORCH_INSTALL])
def vendor_build(torch, distributions=None):
    kind = torch_kind(torch)
    if kind not in ("rocm", "rocm-vendor"):
        return skip(f"torch {torch.version} is not a ROCm build")
    d = distributions.get("torch") if distributions else None
    dist = str((d.version if d is not None else None) or "")
    if kind == "rocm-vendor" and dtk_from_tag(dist):
        return ok(f"torch {dist} is a Hygon DAS build for DTK {dtk_from_tag(dist)} (HIP {torch.hip})",
                  "torch.__version__ may drop the local tag on these builds; the installed distribution keeps it. "
                  "RD-DCU-002 checks it against the installed DTK.", evidence=[_torch_ev(torch)],
                  data={"kind": "dtk", "dtk": dtk_from_tag(dist)})
    if kind == "rocm":
        return ok(f"torch {torch.version} is PyTorch's ROCm wheel (HIP {torch.hip})",
                  evidence=[_torch_ev(torch)], data={"kind": kind})
    detail = ("A HIP build without the '+rocm' version tag (AMD container, distro or source build). "
              "torch.version.cuda is None, as on every ROCm build; tools that read it unguarded crash "
              "(older DeepSpeed: RD-DS-004). Wheels of other packages may not match its ABI.")
    if torch.cuda:
        detail = (f"It reports both HIP {torch.hip} and CUDA {torch.cuda}; libraries pick their "
                  "backend from torch.version.cuda and may choose the wrong one.")
        return warn(f"torch {torch.version} reports both HIP and CUDA", detail,
                    evidence=[_torch_ev(torch)], data={"kind": kind})
    return ok(f"torch {torch.version} is a vendor ROCm build (HIP {torch.hip})", detail,
              evidence=[_torch_ev(torch)], data={"kind": kind})


@check("RD-TORCH-004", area="torch", title="The ROCm torch sees the machine's AMD GPUs", level="default",
       sources=["https://rocm.docs.amd.com/projects/HIP/en/latest/reference/env_variables.html", PYTORCH_INSTALL])
def rocm_torch_sees_gpu(torch, torch_runtime, gpus=None, pci_display=None, env=None, wsl=None):
    amd = _amd_gpus(gpus, pci_display)
    if torch_kind(torch) not in ("rocm", "rocm-vendor"):
        return skip(f"torch {torch.version} is not a ROCm build")
    if not amd:
        return skip("no discrete AMD GPU found")
    rt = torch_runtime
    count = int(rt.device_count or 0)
    evidence = [ev("probe: python", f"torch.cuda.is_available()={rt.cuda_available} "
                                    f"device_count={count}" + (f" error={rt.device_error}"
                                                               if rt.device_error else ""))]
    if count:
        return ok(f"torch sees {count} of {len(amd)} AMD GPU(s)", evidence=evidence)
    masks = {k: v for k, v in (env or {}).items()
             if k in ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES",
                      "HSA_OVERRIDE_GFX_VERSION")}
    if masks:
        evidence.append(ev("environment", " ".join(f"{k}={v}" for k, v in sorted(masks.items()))))
    hints = ["on WSL2, the HSA runtime bundled in the torch wheel (RD-WSL-002)"] if wsl is not None else []
    hints += ["device-node permissions (render/video groups, --device=/dev/kfd in containers: RD-PERM checks)",
             "the visible-devices variables (RD-ENV checks)",
             "a wheel without code for this GPU's gfx target (RD-GFX-002)"]
    return fail(f"ROCm torch {torch.version} sees no GPU although the machine has {len(amd)}",
                "Usual causes: " + "; ".join(hints) + ".", evidence=evidence,
                fix=FixPlan("Fix the cause that hides the GPU", (Action("note", "the plans of the usual causes"),),
                            fixer="causes", params={"codes": ["RD-WSL-002", "RD-PERM-001", "RD-PERM-002", "RD-ENV-003",
                                                              "RD-ENV-001", "RD-GFX-002"]}))
