"""Which kind of AMD machine this is, beyond the mainline picture (amdgpu driver, ROCm
under /opt/rocm, discrete GPUs with their own VRAM, the whole node to ourselves).

Facts: ``dcu`` (Hygon DCU with its hydcu/hycu driver and DTK toolkit), ``wsl`` (WSL2,
GPU reached through /dev/dxg), ``slurm_job`` (inside a Slurm job: the GPUs the job was
given), and ``platform``, the summary every check can ask before judging a machine by
mainline rules. Each raises Missing when its platform is absent.
"""
from __future__ import annotations

import posixpath
import re

from ..knowledge.gpus import HYGON_VENDOR
from ..knowledge.platforms import WSL_SHADOW_GLOBS
from ..base.records import dataclass, field
from ..base.versions import version_tuple
from . import Missing, fact

DCU_MODULES = ("hydcu", "hycu")  # Hygon's kernel drivers (hycu in newer rock packages)
DTK_GLOBS = ("/opt/dtk", "/opt/dtk-*", "/opt/hygondtk")
DTK_VERSION_FILES = (".info/version", ".info/version-dev", ".info/version-libs", ".dtk_version")
HY_SMI = ("/opt/hyhal/bin/hy-smi", "/usr/local/hyhal/bin/hy-smi", "/opt/dtk/bin/hy-smi")
_DTK_TAG = re.compile(r"dtk[-_]?(\d{2})(\d{2})(\d*)", re.I)
_DTK_TEXT = re.compile(r"(?:DTK-)?(\d{2})\.(\d{2})(?:\.(\d+))?")


def dtk_from_tag(version: str | None) -> str | None:
    """The DTK release a vendor wheel names in its local version tag:
    'dtk2404' -> '24.04', 'dtk24042' -> '24.04.2', 'dtk2310' -> '23.10'."""
    m = _DTK_TAG.search(version or "")
    if not m:
        return None
    return f"{m.group(1)}.{m.group(2)}" + (f".{m.group(3)}" if m.group(3) else "")


def dtk_release(text: str | None) -> str | None:
    """'24.04.1', 'DTK-26.04-DCC2602-0317' -> '26.04' ... from a DTK version file or path."""
    m = _DTK_TEXT.search(text or "")
    if not m:
        return None
    return f"{m.group(1)}.{m.group(2)}" + (f".{m.group(3)}" if m.group(3) else "")


def same_dtk(a: str | None, b: str | None) -> bool | None:
    """DTK releases are matched on year.month; None when either is unknown."""
    if not a or not b:
        return None
    return version_tuple(a, 2) == version_tuple(b, 2)


@dataclass(frozen=True)
class DtkInstall:
    path: str
    version: str | None  # the release, '24.04.1'
    raw: str | None  # the file's first line as written
    evidence: str  # the file (or path) that gave it


@dataclass(frozen=True)
class Dcu:
    devices: tuple  # PciDisplay entries of vendor 0x1d94 (display/accelerator/co-processor only)
    module: str | None  # 'hydcu' or 'hycu' when loaded
    module_version: str | None
    initstate: str | None
    dtk: tuple[DtkInstall, ...]
    hy_smi: str | None
    evidence: tuple[tuple[str, str], ...]

    @property
    def default_dtk(self) -> DtkInstall | None:
        return self.dtk[0] if self.dtk else None


def _dtk_install(src, path: str) -> DtkInstall | None:
    for name in DTK_VERSION_FILES:
        r = src.read(f"{path}/{name}")
        if r.ok and r.text.strip():
            raw = r.text.strip().splitlines()[0].strip()
            return DtkInstall(path, dtk_release(raw), raw, f"{path}/{name}")
    if src.exists(path + "/bin") or src.exists(path + "/env.sh"):
        # Versioned directories (/opt/dtk-24.04.1) say the release in their name.
        return DtkInstall(path, dtk_release(posixpath.basename(path)), None, path)
    return None


def dtk_installs(ctx) -> tuple[DtkInstall, ...]:
    """DTK installs: ROCM_PATH/DTK_PATH first when they name one (module load, env.sh), then /opt."""
    src = ctx.source
    env = ctx.optional("env") or {}
    paths = []
    for var in ("DTK_PATH", "ROCM_PATH", "ROCM_HOME"):
        p = env.get(var)
        if p and "dtk" in p.lower():
            paths.append(p.rstrip("/") or "/")
    for pattern in DTK_GLOBS:
        paths += src.glob(pattern)
    out: list = []
    seen: set = set()
    for p in paths:
        if p in seen:
            continue
        seen.add(p)
        inst = _dtk_install(src, p)
        if inst and not any(i.version == inst.version and i.raw == inst.raw for i in out):
            out.append(inst)
    return tuple(out)


@fact("dcu")
def dcu(ctx) -> Dcu:
    src = ctx.source
    devices = tuple(d for d in ctx.optional("pci_display", []) if d.vendor_id == HYGON_VENDOR)
    module = next((m for m in DCU_MODULES if src.exists(f"/sys/module/{m}")), None)
    if not devices and module is None:
        raise Missing("no Hygon DCU: no vendor 0x1d94 display/accelerator device on PCI and no hydcu/hycu module")
    evidence = [(f"/sys/bus/pci/devices/{d.address}",
                 f"vendor 0x{d.vendor_id:04x} device 0x{d.device_id:04x} driver {d.driver or '(none)'}")
                for d in devices]
    version = init = None
    if module:
        version = (src.text(f"/sys/module/{module}/version") or "").strip() or None
        init = (src.text(f"/sys/module/{module}/initstate") or "").strip() or None
        evidence.append((f"/sys/module/{module}", f"loaded{', version ' + version if version else ''}"))
    hy = next((p for p in HY_SMI if src.exists(p)), None)
    dtk = dtk_installs(ctx)
    for d in dtk:
        evidence.append((d.evidence, d.raw or d.path))
    return Dcu(devices, module, version, init, dtk, hy, tuple(evidence))


@dataclass(frozen=True)
class Wsl:
    kernel: str | None
    dxg: bool  # /dev/dxg, the paravirtual GPU the Windows driver exposes
    evidence: tuple[tuple[str, str], ...]
    shadow_libs: tuple[str, ...] = ()  # the distribution's HSA runtime ahead of ROCm's in the library path


@fact("wsl")
def wsl(ctx) -> Wsl:
    src = ctx.source
    kernel = ctx.optional("kernel_release")
    version = (src.text("/proc/version") or "").strip()
    dxg = src.exists("/dev/dxg")
    is_wsl_kernel = any("microsoft" in (t or "").lower() for t in (kernel, version))
    if not is_wsl_kernel and not dxg:
        raise Missing("not WSL: no /dev/dxg and the kernel is not a Microsoft WSL kernel")
    evidence = []
    if kernel:
        evidence.append(("/proc/sys/kernel/osrelease", kernel))
    evidence.append(("/dev/dxg", "present" if dxg else "missing"))
    shadow = tuple(p for g in WSL_SHADOW_GLOBS for p in src.glob(g))
    return Wsl(kernel, dxg, tuple(evidence), shadow)


@dataclass(frozen=True)
class SlurmJob:
    job_id: str
    job_gpus: tuple[str, ...] | None  # SLURM_JOB_GPUS / SLURM_STEP_GPUS: node-level GPU indices
    rocr: str | None  # ROCR_VISIBLE_DEVICES as the job sees it (set by Slurm's GRES plugin)
    gpus_on_node: int | None
    env: dict = field(default_factory=dict)  # the Slurm and visible-device variables, for evidence

    @property
    def gpu_count(self) -> int | None:
        """How many GPUs the job was given on this node, as Slurm says it."""
        if self.job_gpus is not None:
            return len(self.job_gpus)
        return self.gpus_on_node


def _gpu_list(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    return tuple(p.strip() for p in text.split(",") if p.strip())


@fact("slurm_job")
def slurm_job(ctx) -> SlurmJob:
    env = ctx.get("env")
    job = env.get("SLURM_JOB_ID") or env.get("SLURM_JOBID")
    if not job:
        raise Missing("not inside a Slurm job (no SLURM_JOB_ID in the environment)")
    gpus = _gpu_list(env.get("SLURM_STEP_GPUS") or env.get("SLURM_JOB_GPUS"))
    on_node = env.get("SLURM_GPUS_ON_NODE")
    keys = [k for k in env if k.startswith("SLURM_") and ("GPU" in k or k in ("SLURM_JOB_ID", "SLURM_JOB_GRES"))
            or k in ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", "GPU_DEVICE_ORDINAL")]
    return SlurmJob(job, gpus, env.get("ROCR_VISIBLE_DEVICES"),
                    int(on_node) if on_node and on_node.isdigit() else None,
                    {k: env[k] for k in sorted(keys)})


@dataclass(frozen=True)
class Platform:
    """What kind of machine, in the words a finding can print."""

    kinds: tuple[str, ...]  # subset of: 'hygon-dcu', 'wsl2', 'apu', 'rocm-wheels', 'slurm-job', 'amdgpu'
    label: str
    evidence: tuple[tuple[str, str], ...]

    def has(self, kind: str) -> bool:
        return kind in self.kinds


@fact("platform")
def platform(ctx) -> Platform:
    kinds, parts, evidence = [], [], []
    d = ctx.optional("dcu")
    w = ctx.optional("wsl")
    if d is not None:
        kinds.append("hygon-dcu")
        dtk = d.default_dtk
        parts.append("Hygon DCU" + (f" (DTK {dtk.version})" if dtk and dtk.version else ""))
        evidence += d.evidence
    elif w is not None:
        kinds.append("wsl2")
        parts.append("WSL2" + (" with /dev/dxg" if w.dxg else " without /dev/dxg"))
        evidence += w.evidence
    else:
        amd = ctx.optional("amdgpu")
        if amd is not None and amd.module_loaded:
            kinds.append("amdgpu")
            parts.append("mainline Linux, amdgpu driver")
    gpus = ctx.optional("gpus") or []
    if gpus and all(g.unified_memory for g in gpus):
        kinds.append("apu")
        parts.append("APU (GPU memory shared with the CPU)")
    wheels = ctx.optional("rocm_wheels")
    if wheels is not None:
        kinds.append("rocm-wheels")
        parts.append(f"ROCm {wheels.version or '?'} from Python wheels")
        evidence.append((wheels.evidence, wheels.version or ""))
    job = ctx.optional("slurm_job")
    if job is not None:
        kinds.append("slurm-job")
        parts.append(f"Slurm job {job.job_id}")
        evidence.append(("environment", " ".join(f"{k}={v}" for k, v in job.env.items())))
    return Platform(tuple(kinds), ", ".join(parts) or "mainline Linux", tuple(evidence))


@dataclass(frozen=True)
class TorchHsaLibs:
    lib_dir: str
    files: tuple[str, ...]
    links: dict = field(default_factory=dict)  # file -> link target (None: a regular file)


@fact("torch_hsa_libs")
def torch_hsa_libs(ctx) -> TorchHsaLibs:
    """libhsa-runtime64 copies inside the torch package: on WSL2 the wheel's own copy must go
    (AMD's WSL PyTorch install removes it so ROCm's WSL runtime is loaded)."""
    path = ctx.get("torch").file or ""
    if not path:
        raise Missing("python probe: torch.__file__ unknown")
    lib = posixpath.join(posixpath.dirname(path), "lib")
    files = tuple(ctx.source.glob(lib + "/libhsa-runtime64.so*"))
    return TorchHsaLibs(lib, files, {f: ctx.source.readlink(f) for f in files})
