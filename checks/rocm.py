"""The system ROCm install(s) and how the torch wheel's ROCm relates to them."""
from __future__ import annotations

from rocmdoctor.engine.check import check, ev, fail, ok, skip, warn
from rocmdoctor.facts.rocm import THEROCK_PACKAGING, version_tuple
from rocmdoctor.knowledge.support import COMPAT_MATRIX, COMPAT_WINDOW, release_gap

PYTORCH_118457 = "https://github.com/pytorch/pytorch/issues/118457"
MULTI_VERSION = ("https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/"
                 "install-methods/multi-version-install-index.html")


def _label(inst) -> str:
    return f"ROCm {inst.version} at {inst.path}"


@check("RD-ROCM-001", area="rocm", title="System ROCm version", sources=[COMPAT_MATRIX])
def rocm_version(rocm=None, torch=None, gpus=None, dcu=None, rocm_wheels=None):
    if rocm is None and dcu is not None and dcu.default_dtk is not None:
        d = dcu.default_dtk
        return ok(f"no ROCm release: Hygon DTK {d.version or d.raw} at {d.path}",
                  "DTK is Hygon's ROCm-derived toolkit with its own release numbers; it is judged by the RD-DCU "
                  "checks, not against ROCm's.", evidence=[ev(d.evidence, d.raw or d.path)],
                  data={"dtk": d.version, "path": d.path})
    if rocm is None and rocm_wheels is not None:
        w = rocm_wheels
        return ok(f"ROCm {w.version or '?'} from Python wheels (no system ROCm)",
                  "TheRock's rocm-sdk packages provide ROCm inside the environment"
                  + (f" (libraries in {w.library_dir})" if w.library_dir else "")
                  + "; `rocm-sdk path --root` prints where. Nothing under /opt/rocm is needed.",
                  evidence=[ev(w.evidence, ", ".join(f"{n} {v}" for n, v in w.packages))],
                  data={"version": w.version, "source": "wheels", "packages": dict(w.packages)})
    if rocm is None:
        hip = torch.hip if torch is not None else None
        if hip:
            return ok("no system ROCm; torch brings its own",
                      f"torch {torch.version} bundles the ROCm {hip} user-space libraries, which is "
                      "all training needs. Tools such as rocminfo/rocm-smi and compiling HIP extensions "
                      "(DeepSpeed JIT ops, flash-attn) need a system ROCm.")
        if not gpus:
            return skip("no system ROCm and no AMD GPU")
        return warn("no system ROCm install found",
                    "Nothing under /opt/rocm, /opt/rocm-* or /usr/include/rocm-core. A pip ROCm torch "
                    "wheel works without it, but rocminfo, rocm-smi and building HIP extensions need it.")
    inst = rocm.default or rocm.all[0]
    evidence = [ev(i.evidence, i.version) for i in rocm.all]
    if rocm.link_target:
        evidence.append(ev("/opt/rocm", f"-> {rocm.link_target}"))
    return ok(_label(inst), evidence=evidence,
              data={"version": inst.version, "path": inst.path,
                    "installs": [{"path": i.path, "version": i.version} for i in rocm.all]})


@check("RD-ROCM-002", area="rocm", title="Only one ROCm version is installed", sources=[MULTI_VERSION])
def rocm_single_install(rocm):
    evidence = [ev(i.evidence, i.version) for i in rocm.all]
    if rocm.link_target:
        evidence.append(ev("/opt/rocm", f"-> {rocm.link_target}"))
    if len(rocm.all) < 2:
        return ok(f"one ROCm install ({rocm.all[0].version})", evidence=evidence)
    default = rocm.default
    points = (f"/opt/rocm (or ROCM_PATH) is {default.version} at {default.path}"
              + (f", a link to {rocm.link_target}" if rocm.link_target else "")
              if default else "/opt/rocm points to none of them")
    listed = ", ".join(f"{i.version} ({i.path})" for i in rocm.all)
    return warn(f"{len(rocm.all)} ROCm versions installed side by side",
                f"Installed: {listed}. {points}. Builds and tools pick whichever ROCM_PATH, PATH and "
                "LD_LIBRARY_PATH name first, so a HIP extension can be compiled against one version and run "
                "against another. Remove the versions you do not use, or point ROCM_PATH, PATH and "
                "LD_LIBRARY_PATH at one install consistently.",
                evidence=evidence)


def _torch_vs_wheels(torch, wheels, ev_torch):
    """TheRock's torch loads ROCm from the rocm-sdk wheels (torch/_rocm_init.py), so the ROCm its
    '+rocmX' tag names must be the one the wheels provide."""
    tag = str(torch.version or "").partition("+rocm")[2]
    evidence = [ev_torch, ev(wheels.evidence, ", ".join(f"{n} {v}" for n, v in wheels.packages))]
    data = {"torch_rocm": tag or None, "wheels_rocm": wheels.version}
    if not tag or not wheels.version:
        return ok(f"torch uses ROCm {wheels.version or '?'} from the rocm-sdk wheels", evidence=evidence, data=data)
    if version_tuple(tag)[:2] != version_tuple(wheels.version)[:2]:
        return warn(f"torch is built for ROCm {tag}, the rocm-sdk wheels are ROCm {wheels.version}",
                    "TheRock's torch initialises from the rocm-sdk packages in the same environment; a torch and "
                    "an SDK from different releases load mismatched libraries. Install both from the same "
                    "release index (the torch wheel pins the rocm[libraries] version it was built with).",
                    evidence=evidence, data=data, sources=[THEROCK_PACKAGING])
    return ok(f"torch ({tag}) and the rocm-sdk wheels ({wheels.version}) are the same ROCm", evidence=evidence,
              data=data)


@check("RD-ROCM-003", area="rocm", title="torch's ROCm (torch.version.hip) is compatible with the system ROCm",
       level="default", sources=[COMPAT_MATRIX, PYTORCH_118457])
def torch_rocm_matches_system(torch, rocm=None, amdgpu=None, dcu=None, rocm_wheels=None):
    """Rule: AMD supports KFD and user space +/- COMPAT_WINDOW minor releases apart,
    counting across major boundaries (KFD 6.0 was tested with 5.6-6.2). Within the
    window: pass. Beyond it, same major: warn (usually works, untested). Beyond it and a
    different major: fail, because new major releases change the KFD interface and the
    runtime's expectations (e.g. 'invalid device function' after mixing 5.x wheels with a
    6.x driver, pinokio#1087). The system ROCm stands in for the driver version; with the
    in-kernel driver the comparison is only indicative, which the message says."""
    hip = torch.hip
    if not hip:
        return skip(f"torch {torch.version} is not a ROCm build; no HIP version to compare")
    wheel = version_tuple(hip)
    hip_short = ".".join(str(x) for x in wheel[:2])
    ev_torch = ev("probe: python", f"torch {torch.version}, torch.version.hip {hip}")
    if dcu is not None and (rocm is None or rocm.default is None and not rocm.all):
        return skip(f"Hygon DCU: torch's HIP {hip_short} is DTK's; the torch/DTK match is RD-DCU-002")
    if (rocm is None or rocm.default is None and not rocm.all) and rocm_wheels is not None:
        return _torch_vs_wheels(torch, rocm_wheels, ev_torch)
    if rocm is None or rocm.default is None and not rocm.all:
        return ok(f"torch uses its bundled ROCm {hip_short}; no system ROCm to conflict with",
                  "pip ROCm wheels carry their own HIP/ROCm user space, so no system ROCm is needed.",
                  evidence=[ev_torch])
    inst = rocm.default or rocm.all[0]
    system = version_tuple(inst.version)
    evidence = [ev_torch, ev(inst.evidence, inst.version)]
    sys_short = ".".join(str(x) for x in system[:2])
    driver_note = ""
    if amdgpu is not None and amdgpu.module_loaded and not amdgpu.module_version:
        driver_note = (" The in-kernel amdgpu driver is loaded, so the system ROCm version only approximates "
                       "what the kernel side supports.")
    gap = release_gap(wheel, system)
    data = {"torch_hip": hip, "system_rocm": inst.version, "release_gap": gap}
    if gap is not None and gap <= COMPAT_WINDOW:
        same = wheel[:2] == system[:2]
        return ok(f"torch ROCm {hip_short} and system ROCm {sys_short}: "
                  + ("same release" if same else f"{gap} release(s) apart, within the supported ±{COMPAT_WINDOW}"),
                  "The wheel uses its own bundled libraries; the system install matters for the driver "
                  "and for HIP extensions you compile." + driver_note,
                  evidence=evidence, data=data)
    apart = f"{gap} releases apart" if gap is not None else "too far apart to place in the support table"
    detail = (f"torch {torch.version} bundles ROCm {hip_short} user space; the system has ROCm "
              f"{sys_short} ({apart}). AMD supports driver and user space only within ±{COMPAT_WINDOW} "
              "releases. HIP extensions built with the system hipcc (DeepSpeed ops, flash-attn, "
              "bitsandbytes) will also target a different ROCm than torch. Install the torch wheel "
              f"for ROCm {sys_short} (pip index https://download.pytorch.org/whl/rocm{sys_short}) "
              "or upgrade the system ROCm and driver to match." + driver_note)
    if wheel[:1] != system[:1]:
        return fail(f"torch ROCm {hip_short} vs system ROCm {sys_short}: different major versions",
                    detail, evidence=evidence, data=data)
    return warn(f"torch ROCm {hip_short} vs system ROCm {sys_short}: beyond the ±{COMPAT_WINDOW} release window",
                detail, evidence=evidence, data=data)
