"""One node's facts in the few values a multi-node job needs to be equal everywhere.

`rocmdoctor scan --cluster` puts this summary in each node's report (results
"node_summary") and compares it across nodes (rocmdoctor/cluster/drift.py). Every value
is plain JSON. A key is left out when its fact is unknown (say torch at --level quick),
so an unknown value never counts as a difference; "not installed" and "unset" are
values and do count.
"""
from __future__ import annotations

import posixpath

from ..base.records import dataclass, field
from . import fact

# Python distributions whose versions must match for DDP / DeepSpeed jobs.
PACKAGES = ("deepspeed", "transformers", "accelerate", "flash-attn", "pytorch-triton-rocm")
# Environment variables that change how RCCL/NCCL, HIP and the runtime behave.
ENV_PREFIXES = ("NCCL_", "RCCL_", "HIP_", "HSA_", "ROCR_", "GLOO_", "TORCH_NCCL_", "MIOPEN_", "GPU_MAX_",
                "PYTORCH_HIP_", "PYTORCH_ROCM_", "AMD_LOG_", "AMD_SERIALIZE_", "HCC_", "UCX_", "TP_SOCKET_")
# Kernel arguments that legitimately differ per host (disk UUIDs, boot image, console...).
CMDLINE_PER_HOST = {"BOOT_IMAGE", "root", "initrd", "resume", "resume_offset", "cryptdevice", "rd.luks.uuid",
                    "rd.lvm.lv", "rd.md.uuid", "ip", "hostname", "console", "crashkernel", "systemd.machine_id",
                    "netroot", "rootflags", "ro", "rw", "quiet", "splash", "vt.handoff", "$vt_handoff"}
NET_TYPES = {1: "ethernet", 32: "infiniband", 772: "loopback", 776: "sit", 65534: "tunnel"}


@dataclass(frozen=True)
class NodeSummary:
    """The summary; None (or an empty ``packages``) where the fact is unknown. :meth:`to_dict`
    is the JSON a report carries: unknown values left out, packages as top-level keys."""

    kernel: str | None = None
    os: str | None = None
    amdgpu: str | None = None
    rocm: str | None = None
    rccl: str | None = None
    python: str | None = None
    torch: str | None = None
    hip: str | None = None
    packages: dict[str, str] = field(default_factory=dict)  # PACKAGES -> version or "not installed"
    cmdline: list[str] | None = None
    gpu_count: int | None = None
    gfx: list[str] | None = None
    vram: list[str] | None = None
    pcie: list[str] | None = None
    env: dict[str, str] | None = None
    shm: str | None = None
    net: dict | None = None

    def to_dict(self) -> dict:
        head = {k: getattr(self, k) for k in ("kernel", "os", "amdgpu", "rocm", "rccl", "python", "torch", "hip")}
        tail = {k: getattr(self, k) for k in ("cmdline", "gpu_count", "gfx", "vram", "pcie", "env", "shm", "net")}
        return {**{k: v for k, v in head.items() if v is not None}, **self.packages,
                **{k: v for k, v in tail.items() if v is not None}}


@fact("node_summary")
def node_summary(ctx) -> NodeSummary:
    return NodeSummary(**_summary(ctx))


def _summary(ctx) -> dict:
    s: dict = {}
    _versions(ctx, s)
    cmd = ctx.optional("cmdline")
    if cmd is not None:
        toks = [k if v is None else f"{k}={v}" for k, v in cmd.args if k not in CMDLINE_PER_HOST]
        s["cmdline"] = sorted(set(toks))
    _gpus(ctx, s)
    env = ctx.optional("env")
    if env is not None:
        s["env"] = {k: v for k, v in sorted(env.items()) if k.startswith(ENV_PREFIXES)}
    shm = ctx.optional("shm")
    if shm is not None and shm.size_bytes is not None:
        s["shm"] = _size(shm.size_bytes)
    net = _net(ctx, env)
    if net is not None:
        s["net"] = net
    return s


def _versions(ctx, s: dict) -> None:
    kernel = ctx.optional("kernel_release")
    if kernel:
        s["kernel"] = kernel
    osr = ctx.optional("os_release")
    if osr:
        v = osr.values
        s["os"] = v.get("PRETTY_NAME") or f"{v.get('ID', '?')} {v.get('VERSION_ID', '')}".strip()
    drv = ctx.optional("amdgpu")
    if drv is not None:
        s["amdgpu"] = drv.module_version or ("in-kernel driver" if drv.module_loaded else "not loaded")
    rocm = ctx.optional("rocm")
    if rocm is not None and rocm.default is not None:
        s["rocm"] = rocm.default.version or "unknown"
        rccl = _rccl(ctx, rocm.default.path)
        if rccl:
            s["rccl"] = rccl
    static = ctx.optional("python_static")  # torch as its files say: the summary never waits for the child
    if static is not None:
        s["python"] = str(static.python.version or "unknown")
        torch = static.torch
        s["torch"] = torch.get("version", "unknown") if torch is not None else "not importable"
        if torch is not None:
            s["hip"] = torch.get("hip") or "none (not a ROCm build)"
    dists = ctx.optional("distributions")
    if dists is not None:
        for name in PACKAGES:
            d = dists.get(name)
            s.setdefault("packages", {})[name] = str(d.version) if d is not None else "not installed"


def _rccl(ctx, rocm_path: str) -> str | None:
    """RCCL's version rides in the library file name: librccl.so.1.0.60200."""
    names = [posixpath.basename(p) for p in ctx.source.glob(rocm_path + "/lib/librccl.so.*")]
    if not names:
        return None
    return max(names, key=len).removeprefix("librccl.so.")


def _gpus(ctx, s: dict) -> None:
    gpus = ctx.optional("gpus")
    if gpus is None:
        return
    discrete = [g for g in gpus if not g.integrated]
    s["gpu_count"] = len(discrete)
    s["gfx"] = _counted(g.gfx or "unknown" for g in discrete)
    s["vram"] = _counted(_gib(g.vram_bytes) for g in discrete)
    # The slot's link as RD-PCIE-002 reads it (a Navi or Vega 20 card's own link only
    # reaches the switch on the card, always at full speed).
    paths = {p.gpu_index: p for p in ctx.optional("pci_links") or []}
    links = []
    for g in discrete:
        link = paths[g.index].slot_link() if g.index in paths else None
        if link and link.speed and link.width:
            links.append(link.label())
    if links:
        s["pcie"] = _counted(links)


def _counted(values) -> list[str]:
    """['gfx942', 'gfx942'] -> ['2x gfx942']: order-free, so GPU order never reads as drift."""
    counts: dict[str, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return [f"{n}x {v}" for v, n in sorted(counts.items())]


def _gib(n: int | None) -> str:
    return "unknown" if not n else f"{n / 2**30:.0f} GiB"


def _size(n: int) -> str:
    return f"{n / 2**30:.0f} GiB" if n >= 2**30 else f"{n / 2**20:.0f} MiB"


def _net(ctx, env: dict | None) -> dict | None:
    """The interfaces the collectives' bootstrap may use, and what the *_SOCKET_IFNAME
    settings select among them (NCCL env docs: prefixes, '^' excludes, '=' exact)."""
    src = ctx.source
    paths = src.glob("/sys/class/net/*")
    if not paths:  # unreadable or not recorded: unknown, not "no interfaces"
        return None
    ifaces = {}
    for p in paths:
        name = posixpath.basename(p)
        t = (src.text(p + "/type") or "").strip()
        kind = NET_TYPES.get(int(t), f"type {t}") if t.isdigit() else "unknown"
        if kind not in ("loopback", "unknown") and not src.readlink(p + "/device"):
            kind += " (virtual)"  # bridges, veth, docker0: no PCI device behind them
        ifaces[name] = {"kind": kind, "state": (src.text(p + "/operstate") or "").strip() or None}
    out: dict = {"interfaces": ifaces}
    for var in ("NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME"):
        spec = env.get(var) if env else None
        if spec:
            out[var] = {"spec": spec, "matched": select_interfaces(spec, list(ifaces), exact=var.startswith("GLOO"))}
    return out


def select_interfaces(spec: str, names: list[str], exact: bool = False) -> list[str]:
    """The interfaces a NCCL_SOCKET_IFNAME-style spec selects. GLOO_SOCKET_IFNAME lists
    exact names, so exact=True treats every entry as '=name'."""
    spec = spec.strip()
    exclude = spec.startswith("^")
    spec = spec.lstrip("^")
    exact = exact or spec.startswith("=")
    items = [x for x in spec.lstrip("=").split(",") if x]

    def hit(name: str) -> bool:
        return any(name == x if exact else name.startswith(x) for x in items)

    return sorted(n for n in names if hit(n) != exclude)
