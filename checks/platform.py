"""Platforms beside the mainline amdgpu + /opt/rocm machine: which one this is, and the
rules that apply there instead (Hygon DCU with DTK, WSL2, APUs, ROCm from wheels, Slurm).

The mainline checks ask the ``platform`` facts too, so that a DCU is not told its amdgpu
driver is missing and a WSL2 guest is not told its IOMMU is wrong; what they skip, these
checks judge by the platform's own rules. docs/platforms.md lists what runs where.
"""
from __future__ import annotations

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.facts.platform import dtk_from_tag, same_dtk
from rocmdoctor.facts.rocm import THEROCK_PACKAGING, version_tuple
from rocmdoctor.remedy.plans import das_wheel_plan
from rocmdoctor.knowledge import platforms as kp

DTK_NOTE = ("DTK is Hygon's ROCm-derived toolkit with its own release numbers (23.10, 24.04, 25.04, 26.04); "
            "it is not a ROCm release, and AMD's ROCm support lists do not apply to it.")


def _gib(n) -> str:
    return f"{n / 2**30:.1f} GiB" if n else "? GiB"


@check("RD-PLAT-001", area="platform", title="Which platform this is (amdgpu, Hygon DCU, WSL2, APU, wheels, Slurm)",
       sources=[kp.WSL_COMPAT, *kp.DCU_SOURCES, THEROCK_PACKAGING, *kp.SLURM_SOURCES])
def platform_identity(platform):
    what = {"hygon-dcu": "Hygon DCU rules apply (RD-DCU checks); amdgpu-specific checks step aside.",
            "wsl2": "WSL2 rules apply (RD-WSL checks); KFD topology, IOMMU and PCIe checks do not apply in the guest.",
            "apu": "GPU memory is host memory: the GTT/TTM limit is the usable size (RD-APU-001).",
            "rocm-wheels": "ROCm comes from Python wheels in the environment, not /opt/rocm.",
            "slurm-job": "Inside a Slurm job: the GPUs the job was given are the machine (RD-SLURM-001)."}
    notes = [what[k] for k in platform.kinds if k in what]
    return ok(platform.label, " ".join(notes), evidence=[ev(s, t) for s, t in platform.evidence[:8]],
              data={"kinds": list(platform.kinds)})


# ------------------------------------------------------------------ Hygon DCU
@check("RD-DCU-001", area="dcu", title="Hygon DCU: the hydcu/hycu driver is live and a DTK is installed",
       sources=[*kp.DCU_SOURCES, kp.DAS_DOWNLOADS])
def dcu_driver(dcu, devnodes=None):
    evidence = [ev(s, t) for s, t in dcu.evidence]
    names = ", ".join(f"{d.address} (1d94:{d.device_id:04x})" for d in dcu.devices) or "none listed on PCI"
    if dcu.module is None:
        return fail(f"Hygon DCU on PCI ({names}) but neither hydcu nor hycu is loaded",
                    "DCUs are driven by Hygon's own kernel module (the `rock` driver package), not amdgpu. "
                    "Install the rock package matching your DTK and load it (`modprobe hydcu`); "
                    "`dmesg | grep -i hydcu` says why it did not load.", evidence=evidence)
    if dcu.initstate and dcu.initstate != "live":
        return fail(f"{dcu.module} is in state '{dcu.initstate}', not live", evidence=evidence)
    kfd = next((e for e in devnodes or [] if e.path == "/dev/kfd"), None)
    if kfd is not None and kfd.error:
        return fail(f"{dcu.module} is loaded but /dev/kfd is missing",
                    "DTK's runtime opens /dev/kfd like ROCm does; in a container pass --device=/dev/kfd "
                    "--device=/dev/dri.", evidence=evidence + [ev("probe: devnodes", f"/dev/kfd: {kfd.error}")])
    dtk = dcu.default_dtk
    drv = f"{dcu.module} {dcu.module_version or '(version unknown)'}"
    if dtk is None:
        return warn(f"{drv} is live, but no DTK is installed under /opt/dtk*",
                    "Without DTK there are no HIP libraries, hy-smi or rocminfo for the DCU; vendor torch wheels "
                    "need the DTK release they name (`dtkNNNN` in their version). Install DTK and "
                    "`source /opt/dtk/env.sh` (or `module load` it on a cluster).", evidence=evidence)
    return ok(f"{drv} live; DTK {dtk.version or dtk.raw or '?'} at {dtk.path}",
              DTK_NOTE + (f" hy-smi: {dcu.hy_smi}." if dcu.hy_smi else ""),
              evidence=evidence, data={"driver": dcu.module, "driver_version": dcu.module_version,
                                       "dtk": dtk.version, "dtk_path": dtk.path})


def dist_version(distributions, name: str) -> str | None:
    dists = distributions or {}
    d = dists.get(name) or dists.get(name.replace("-", "_"))
    return str(d.version) if d is not None and d.version else None


def torch_build_version(torch, distributions) -> str:
    """The version with its local tag: DTK builds may report a bare '2.4.1' from
    torch.__version__ while the installed distribution keeps '+das.opt1.dtk25041'."""
    dist = dist_version(distributions, "torch")
    return dist if dist and "+" in dist else str(torch.version or dist or "?")


@check("RD-DCU-002", area="dcu", level="default", title="Hygon DCU: torch is a DTK build for the installed DTK",
       sources=[kp.DAS_DOWNLOADS, *kp.DCU_SOURCES])
def dcu_torch(dcu, torch, distributions=None):
    version = torch_build_version(torch, distributions)
    evidence = [ev("probe: python", f"torch {version} (torch.__version__ {torch.version}), "
                                    f"torch.version.hip={torch.hip}, torch.version.cuda={torch.cuda}")]
    dtk = dcu.default_dtk
    if dtk is not None:
        evidence.append(ev(dtk.evidence, dtk.raw or dtk.path))
    tag = dtk_from_tag(version)
    if not torch.hip:
        kind = f"a CUDA {torch.cuda}" if torch.cuda else "a CPU-only"
        return fail(f"torch {version} is {kind} build: it cannot use the DCU",
                    "Usually `pip install` of a package replaced the vendor torch with PyPI's. "
                    "Reinstall the DAS torch for this DTK; rocmdoctor does not change torch for you.",
                    evidence=evidence, fix=das_wheel_plan("torch", dtk.version if dtk else None))
    if tag is None:
        return fail(f"torch {version} is not a DTK build",
                    f"A HIP build without a `dtk` tag is AMD's ROCm wheel (HIP {torch.hip}); it is linked "
                    "against another libamdhip64 ABI and finds no DCU ('no ROCm-capable device is detected').",
                    evidence=evidence, fix=das_wheel_plan("torch", dtk.version if dtk else None))
    match = same_dtk(tag, dtk.version if dtk else None)
    data = {"torch": version, "torch_dtk": tag, "dtk": dtk.version if dtk else None}
    if match is False:
        return fail(f"torch {version} is built for DTK {tag}, the installed DTK is {dtk.version}",
                    "DAS wheels run only on the DTK release they name; a mismatch imports with undefined "
                    "symbols or sees no DCU. Install the torch for this DTK, or load the DTK the torch names "
                    f"(`module load` / `source /opt/dtk-{tag}/env.sh`).", evidence=evidence,
                    fix=das_wheel_plan("torch", dtk.version), data=data)
    if match is None:
        return warn(f"torch {version} is built for DTK {tag}; no installed DTK to compare with",
                    "Vendor torch wheels need the DTK release they name.", evidence=evidence, data=data)
    return ok(f"torch {version} is the DTK {tag} build, matching the installed DTK {dtk.version}",
              "torch.version.cuda is None on these builds, as on every HIP build.", evidence=evidence, data=data)


# Packages with GPU code that must come from DAS on a DCU: PyPI builds are for CUDA (or
# AMD's ROCm HIP 6/7, whose libamdhip64 ABI DTK does not provide).
DCU_EXTENSIONS = ("deepspeed", "flash-attn", "xformers", "bitsandbytes", "vllm", "apex", "lmdeploy")


@check("RD-DCU-003", area="dcu", level="default",
       title="Hygon DCU: DeepSpeed, flash-attn, xformers, bitsandbytes are DAS builds for this torch and DTK",
       sources=[kp.DAS_DOWNLOADS, kp.DEEPSPEED_3091])
def dcu_extensions(dcu, torch, distributions):
    tv = torch_build_version(torch, distributions)
    tdtk = dtk_from_tag(tv)
    base = tv.split("+")[0]
    out = []
    for name in DCU_EXTENSIONS:
        v = dist_version(distributions, name)
        if not v:
            continue
        e = [ev("probe: python", f"{name} {v}; torch {tv}")]
        vdtk = dtk_from_tag(v)
        if vdtk is None:
            why = {"deepspeed": "Upstream DeepSpeed checks the CUDA version when it builds ops, and on this torch "
                                "(torch.version.cuda is None) that check crashes or fails ('Could not detect ROCm "
                                "version') — the failure in DeepSpeed#3091. The DAS DeepSpeed build skips it.",
                   "bitsandbytes": "PyPI bitsandbytes ships CUDA (and AMD ROCm 6/7) binaries; none loads against "
                                   "DTK's libamdhip64, so 4/8-bit loading silently falls back or fails.",
                   }.get(name, "The PyPI build's GPU kernels target CUDA or AMD's ROCm, not the DCU.")
            out.append(fail(f"{name} {v} is not a DAS/DTK build", why, subject=name, evidence=e,
                            fix=das_wheel_plan(name, tdtk)))
            continue
        if tdtk and not same_dtk(vdtk, tdtk):
            out.append(fail(f"{name} {v} is built for DTK {vdtk}, torch for DTK {tdtk}",
                            "DAS releases do not mix: extensions link the torch and DTK they were built with.",
                            subject=name, evidence=e, fix=das_wheel_plan(name, tdtk)))
            continue
        need = v.split(".torch", 1)[1].split("+")[0].split(".abi")[0] if ".torch" in v else None
        if need and not base.startswith(need):
            out.append(fail(f"{name} {v} names torch {need}, installed torch is {base}",
                            "DAS DeepSpeed wheels are built against one torch release.", subject=name, evidence=e,
                            fix=das_wheel_plan(name, tdtk)))
            continue
        out.append(ok(f"{name} {v}: DAS build for DTK {vdtk}", subject=name, evidence=e))
    return out or skip("none of " + ", ".join(DCU_EXTENSIONS) + " is installed")


# ------------------------------------------------------------------------ WSL2
@check("RD-WSL-001", area="wsl", title="WSL2: the GPU is reachable through /dev/dxg with a supported Radeon",
       sources=[kp.WSL_COMPAT, kp.WSL_HOWTO, *kp.DXG_SOURCES, *kp.WSL_FIRST_SOURCES, kp.WSL_SHADOW_SOURCE])
def wsl_gpu(wsl, gpus=None, env=None, rocm=None, rocm_wheels=None, devnodes=None):
    evidence = [ev(s, t) for s, t in wsl.evidence]
    if not wsl.dxg:
        return fail("WSL2 without /dev/dxg: no GPU is passed into this distribution",
                    "ROCm on WSL2 reaches the GPU through /dev/dxg, which the Windows AMD Adrenalin driver provides. "
                    "Install the Adrenalin driver for WSL on Windows, update WSL (`wsl --update`), and restart it "
                    "(`wsl --shutdown`).", evidence=evidence)
    dxg = next((e for e in devnodes or [] if e.path == "/dev/dxg"), None)
    if dxg is not None and not dxg.error and not (dxg.readable and dxg.writable):
        return fail("this user cannot open /dev/dxg read-write", evidence=evidence + [
            ev("probe: devnodes", f"/dev/dxg mode {dxg.mode} group {dxg.group}")])
    findings = []
    version = None
    if rocm is not None and (rocm.default or rocm.all):
        version = version_tuple((rocm.default or rocm.all[0]).version)
    elif rocm_wheels is not None:
        version = version_tuple(rocm_wheels.version)
    vtext = ".".join(map(str, version[:3])) if version else None
    if version and version[:3] < kp.WSL_ROCM_FIRST:
        findings.append(fail(f"ROCm {vtext} predates ROCm on WSL (6.1.3)",
                             "ROCm releases before 6.1.3 have no WSL2 runtime: rocminfo fails with 'ROCk module is "
                             "NOT loaded'. Install ROCm 6.1.3 or newer with the WSL use case "
                             "(`amdgpu-install --usecase=wsl,rocm --no-dkms`).", evidence=evidence,
                             sources=list(kp.WSL_FIRST_SOURCES)))
    if wsl.shadow_libs:
        findings.append(warn("the distribution's libhsa-runtime64/libhsakmt shadow ROCm's WSL runtime",
                             "Ubuntu's libhsa-runtime64-1 and libhsakmt1 packages (ROCm 5.7, no DXG support) sit in "
                             "the default library path ahead of ROCm's, so tools and torch can load them and fail "
                             "with 'ROCk module is NOT loaded'.",
                             evidence=evidence + [ev(p, "present") for p in wsl.shadow_libs[:4]],
                             sources=[kp.WSL_SHADOW_SOURCE],
                             fix=FixPlan("Remove the distribution's HSA runtime packages", (
                                 Action("command", "remove Ubuntu's ROCm 5.7 runtime libraries",
                                        argv=("sudo", "apt", "remove", "libhsa-runtime64-1", "libhsakmt1")),),
                                 needs_root=True)))
    dxg_var = env.get("HSA_ENABLE_DXG_DETECTION") if env else None
    if version and version[:2] < kp.DXG_DETECTION_UNTIL and version[:1] >= (7,) and dxg_var != "1":
        findings.append(warn(f"ROCm {vtext} on WSL2 needs HSA_ENABLE_DXG_DETECTION=1",
                             "With librocdxg, ROCm releases before 7.13 only look for /dev/dxg when this variable is "
                             "1; otherwise rocminfo and torch find no GPU.",
                             evidence=evidence + [ev("environment", f"HSA_ENABLE_DXG_DETECTION={dxg_var}")],
                             fix=FixPlan("Enable DXG detection", (
                                 Action("env", "export it in ~/.bashrc", env={"HSA_ENABLE_DXG_DETECTION": "1"}),))))
    if not gpus:
        findings.append(fail("WSL2 with /dev/dxg, but the ROCm runtime lists no GPU",
                             "`rocminfo` printed no GPU agent. Check that the Windows driver is the Adrenalin "
                             "edition for WSL, that the card is on AMD's WSL list, and HSA_ENABLE_DXG_DETECTION.",
                             evidence=evidence))
        return findings
    for g in gpus:
        line = f"{g.label}: {g.gfx} {g.name or ''}".strip()
        if g.gfx in kp.WSL_GFX:
            findings.append(ok(f"{line}: on AMD's ROCm-on-WSL list", subject=g.label,
                               evidence=[ev(g.properties_path, f"{g.gfx} {g.name or ''}")]))
        else:
            findings.append(warn(f"{line}: not on AMD's ROCm-on-WSL list",
                                 "WSL supports a narrower set of Radeon GPUs than native Linux; this one may work "
                                 "only partly or not at all.", subject=g.label,
                                 evidence=[ev(g.properties_path, f"{g.gfx} {g.name or ''}")]))
    return findings


@check("RD-WSL-002", area="wsl", level="default",
       title="WSL2: torch uses ROCm's WSL runtime, not the libhsa-runtime64 bundled in its wheel",
       sources=[kp.WSL_PYTORCH, "https://github.com/ROCm/ROCm/issues/4198"])
def wsl_torch_runtime(wsl, torch, torch_hsa_libs, torch_runtime=None):
    seen = torch_runtime.device_count if torch_runtime is not None else None
    if not torch.hip:
        return skip(f"torch {torch.version} is not a ROCm build")
    if not torch_hsa_libs.files:
        return ok("torch has no bundled libhsa-runtime64: it loads the system's WSL runtime",
                  evidence=[ev(torch_hsa_libs.lib_dir + "/libhsa-runtime64.so*", "none")])
    linked = {f: t for f, t in torch_hsa_libs.links.items() if t}
    listing = ", ".join(f + (f" -> {linked[f]}" if f in linked else "") for f in torch_hsa_libs.files)
    evidence = [ev(torch_hsa_libs.lib_dir + "/libhsa-runtime64.so*", listing),
                ev("probe: python", f"torch {torch.version}: device_count={seen}")]
    if all("/opt/rocm" in t for t in linked.values()) and len(linked) == len(torch_hsa_libs.files):
        return ok("torch's libhsa-runtime64 links to ROCm's WSL runtime", evidence=evidence)
    if seen:
        return ok(f"torch sees {seen} GPU(s) with the runtime in its lib directory",
                  "The file there was replaced by ROCm's WSL runtime, as AMD's WSL install asks.", evidence=evidence)
    return fail("torch loads the libhsa-runtime64 bundled in its wheel, which has no WSL support",
                "On WSL2 the HSA runtime must be the one ROCm installs for WSL (it talks to /dev/dxg); the copy "
                "in torch/lib looks for /dev/kfd and finds no GPU, so torch.cuda.is_available() is False. AMD's "
                "WSL PyTorch install removes it.", evidence=evidence,
                fix=FixPlan("Let torch load ROCm's WSL runtime", (
                    Action("note", f"rm {torch_hsa_libs.lib_dir}/libhsa-runtime64.so* (older guides then copy "
                                   "/opt/rocm/lib/libhsa-runtime64.so.1.* there as libhsa-runtime64.so); reinstalling "
                                   "torch brings the bundled copy back"),), fixer="remove_files",
                    params={"files": list(torch_hsa_libs.files), "why": "unsafe: changes torch's installed files "
                            "(AMD's WSL install does the same; reinstalling torch brings them back)"}))


# ----------------------------------------------------------------------- APUs
@check("RD-APU-001", area="apu", title="APU: usable GPU memory is the GTT/TTM limit, not the VRAM carve-out",
       sources=list(kp.GTT_SOURCES))
def apu_memory(gpus, cmdline=None, mem_total=None):
    apus = [g for g in gpus if g.unified_memory]
    if not apus:
        return skip("no APU among the GPUs")
    out = []
    for g in apus:
        evidence = [ev(f"/sys/bus/pci/devices/{g.pci}/mem_info_vram_total", g.vram_bytes)]
        if g.gtt_bytes:
            evidence.append(ev(f"/sys/bus/pci/devices/{g.pci}/mem_info_gtt_total", g.gtt_bytes))
        if g.ttm_limit_bytes:
            evidence.append(ev("/sys/module/ttm/parameters/pages_limit", g.ttm_limit_bytes // kp.TTM_PAGE))
        if cmdline is not None:
            flags = [f"{k}={cmdline.get(k)}" for k in ("ttm.pages_limit", "amdgpu.gttsize", "ttm.page_pool_size")
                     if cmdline.get(k)]
            if flags:
                evidence.append(ev("/proc/cmdline", " ".join(flags)))
        usable = g.memory_bytes
        title = (f"{g.label} ({g.gfx}, APU): {_gib(usable)} usable "
                 f"({_gib(g.vram_bytes)} carve-out + host memory up to the GTT limit)")
        if cmdline is not None and cmdline.get("amdgpu.gttsize") and cmdline.get("ttm.pages_limit"):
            out.append(warn(title + "; amdgpu.gttsize and ttm.pages_limit are both set",
                            "amdgpu.gttsize is deprecated and should not be combined with ttm.pages_limit; "
                            "keep only ttm.pages_limit (and ttm.page_pool_size).",
                            subject=g.label, evidence=evidence))
            continue
        ram = mem_total
        if ram and usable and usable <= 0.6 * ram:
            evidence.append(ev("/proc/meminfo", f"MemTotal: {ram // 1024} kB"))
            gib = max(int(ram * 0.85 / 2**30), 1)  # leave the OS about 15%
            pages = gib * 262144
            gtt_flag = cmdline.get("amdgpu.gttsize") if cmdline is not None else None
            why = (f"amdgpu.gttsize={gtt_flag} on the kernel command line raised the GTT to {_gib(g.gtt_bytes)}, "
                   "but TTM's own limit still caps it, and amdgpu.gttsize is deprecated: replace it. "
                   if gtt_flag else "")
            out.append(warn(title + f" of {_gib(ram)} RAM",
                            "The GTT/TTM limit caps what ROCm can allocate (torch reports it as the device's total "
                            "memory); the kernel's default is about half of RAM. " + why + "To give the GPU more, add "
                            f"`ttm.pages_limit={pages} ttm.page_pool_size={pages}` ({gib} GiB × 262144 pages of "
                            "4 KiB) to the kernel command line and reboot; do not also set the deprecated "
                            "amdgpu.gttsize. The amd-ttm tool (PyPI amd-debug-tools) does this for you.",
                            subject=g.label, evidence=evidence,
                            fix=FixPlan("Raise the TTM limit for the APU", (
                                Action("note", f"kernel command line: ttm.pages_limit={pages} "
                                               f"ttm.page_pool_size={pages} (GRUB_CMDLINE_LINUX_DEFAULT, then "
                                               "update-grub); reboot"),), needs_root=True, needs_reboot=True,
                                fixer="modprobe", params={"module": "ttm", "options": {  # fixes/modprobe.py
                                    "pages_limit": str(pages), "page_pool_size": str(pages)}})))
            continue
        out.append(ok(title, subject=g.label, evidence=evidence))
    return out


# ---------------------------------------------------------------------- Slurm
@check("RD-SLURM-001", area="slurm", title="Slurm job: the GPUs the job was given are the ones it will use",
       sources=list(kp.SLURM_SOURCES) + ["https://github.com/lattice/quda/pull/1356"])
def slurm_gpus(slurm_job, gpus=None, env=None):
    env = env or {}
    evidence = [ev("environment", " ".join(f"{k}={v}" for k, v in slurm_job.env.items()) or "(no GPU variables)")]
    given = slurm_job.gpu_count
    seen = len(gpus or [])
    rocr, hip = env.get("ROCR_VISIBLE_DEVICES"), env.get("HIP_VISIBLE_DEVICES") or env.get("CUDA_VISIBLE_DEVICES")
    data = {"job_gpus": list(slurm_job.job_gpus or []), "given": given, "node_gpus": seen}
    if given is None and rocr is None:
        return ok(f"Slurm job {slurm_job.job_id}: the environment does not say which GPUs it was given",
                  "Slurm sets SLURM_JOB_GPUS/ROCR_VISIBLE_DEVICES for `--gres=gpu`; other GRES names (Hygon "
                  "clusters use `--gres=dcu:N`) leave them to the site, so the node's GPUs are judged as visible. "
                  "If the job was given fewer, device counts here are the node's.", evidence=evidence, data=data)
    if given == 0:
        return warn(f"Slurm job {slurm_job.job_id} was given no GPU",
                    "The job has no GPU GRES: request them (`--gres=gpu:N`, on Hygon clusters `--gres=dcu:N`), "
                    "or the training falls back to the CPU or fails.", evidence=evidence, data=data)
    if rocr is not None and hip is not None:
        rocr_n = len([p for p in rocr.split(",") if p.strip()])
        idx = [p.strip() for p in hip.split(",") if p.strip()]
        bad = [p for p in idx if not p.isdigit() or int(p) >= rocr_n]
        var = "HIP_VISIBLE_DEVICES" if env.get("HIP_VISIBLE_DEVICES") else "CUDA_VISIBLE_DEVICES"
        detail = (f"Slurm set ROCR_VISIBLE_DEVICES={rocr} (the node's GPUs {rocr}); {var}={hip} then counts "
                  f"*within* those {rocr_n} GPU(s), renumbered 0..{rocr_n - 1}, so node indices in it select the "
                  "wrong GPU or none.")
        if bad:
            return fail(f"{var}={hip} indexes past the {rocr_n} GPU(s) Slurm gave this job", detail +
                        " Drop the export from the job script and let Slurm's assignment stand.",
                        evidence=evidence, data=data, fix=FixPlan(f"Unset {var} in the job script",
                                                                  (Action("env", "unset", env={var: None}),)))
        return warn(f"{var}={hip} on top of Slurm's ROCR_VISIBLE_DEVICES={rocr}", detail +
                    " If the script means node GPUs, remove the export.", evidence=evidence, data=data)
    # KFD hides the topology of GPUs outside the job's device cgroup (ConstrainDevices=yes), so
    # seeing more GPUs than were given means other jobs' GPUs are reachable from this one.
    fence = ""
    if given is not None and seen > given:
        fence = (f" KFD shows all {seen} GPUs of the node, so devices are not fenced (Slurm ConstrainDevices=no): "
                 "only the visible-devices variables keep this job off other jobs' GPUs.")
    elif given is not None and seen == given:
        fence = f" KFD shows this job only its {seen} GPU(s): the device cgroup fences the rest."
    return ok(f"Slurm job {slurm_job.job_id}: {given if given is not None else '?'} GPU(s) assigned"
              + (f" (node GPUs {','.join(slurm_job.job_gpus)})" if slurm_job.job_gpus else ""),
              "Device counts and memory fit are judged for the GPUs the job was given (ROCR_VISIBLE_DEVICES, "
              "then HIP_VISIBLE_DEVICES within it)." + fence, evidence=evidence, data=data)
