"""What differs between nodes. Pure: (node name, report dict, node summary) in, findings out.

A multi-node job needs the same software, kernel flags, GPUs and collective settings on
every node: one node with another torch or without iommu=pt makes the whole job fail or
hang. Each finding names which nodes hold which value; ``data["outliers"]`` lists the
nodes off the majority value (every node involved when there is no majority), which the
cluster report turns into per-node exit codes so a scheduler can drain the odd one out.
"""
from __future__ import annotations

from typing import Any, Iterable

from ..engine.model import Evidence, Finding, Status
from .hostlist import compress
from ..base.untrusted import pick

Node = tuple[str, dict, dict]  # (name, report dict, node summary)

NCCL_ENV = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html"
RCCL_ENV = "https://rocm.docs.amd.com/projects/rccl/en/latest/how-to/rccl-usage-tips.html"
TORCH_DIST = "https://pytorch.org/docs/stable/distributed.html"
IOMMU_FAQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/install-faq.html"

# key -> (code, severity when it differs, label, where the value comes from)
KEYS: dict[str, tuple[str, Status, str, str]] = {
    "kernel": ("RD-CLU-010", Status.WARN, "Linux kernel", "/proc/sys/kernel/osrelease"),
    "os": ("RD-CLU-010", Status.WARN, "OS release", "/etc/os-release"),
    "amdgpu": ("RD-CLU-010", Status.WARN, "amdgpu driver", "/sys/module/amdgpu/version"),
    "rocm": ("RD-CLU-010", Status.FAIL, "ROCm", "/opt/rocm/.info/version"),
    "rccl": ("RD-CLU-010", Status.FAIL, "RCCL library", "/opt/rocm/lib/librccl.so.*"),
    "python": ("RD-CLU-010", Status.WARN, "Python", "probe: python"),
    "torch": ("RD-CLU-010", Status.FAIL, "torch", "probe: python (torch.__version__)"),
    "hip": ("RD-CLU-010", Status.FAIL, "torch's HIP version", "probe: python (torch.version.hip)"),
    "deepspeed": ("RD-CLU-010", Status.FAIL, "deepspeed", "probe: python (distributions)"),
    "transformers": ("RD-CLU-010", Status.FAIL, "transformers", "probe: python (distributions)"),
    "accelerate": ("RD-CLU-010", Status.WARN, "accelerate", "probe: python (distributions)"),
    "flash-attn": ("RD-CLU-010", Status.WARN, "flash-attn", "probe: python (distributions)"),
    "pytorch-triton-rocm": ("RD-CLU-010", Status.WARN, "pytorch-triton-rocm", "probe: python (distributions)"),
    "cmdline": ("RD-CLU-011", Status.WARN, "kernel command line", "/proc/cmdline"),
    "gpu_count": ("RD-CLU-012", Status.FAIL, "GPU count", "/sys/class/kfd/kfd/topology/nodes"),
    "gfx": ("RD-CLU-012", Status.FAIL, "GPU target set", "/sys/class/kfd/kfd/topology/nodes/*/properties"),
    "vram": ("RD-CLU-012", Status.WARN, "VRAM per GPU", "/sys/bus/pci/devices/*/mem_info_vram_total"),
    "pcie": ("RD-CLU-013", Status.WARN, "GPU PCIe link state", "/sys/bus/pci/devices/*/current_link_*"),
    "shm": ("RD-CLU-015", Status.WARN, "/dev/shm size", "/proc/mounts"),
}
ENV_CODE = "RD-CLU-014"
NET_CODE = "RD-CLU-016"
CHECKS_CODE = "RD-CLU-020"
WHY = {
    "RD-CLU-010": "Every rank must run the same software: mismatched torch, HIP, RCCL or DeepSpeed builds fail at "
                  "the first collective, hang, or silently train differently.",
    "RD-CLU-011": "Kernel flags such as iommu=pt decide whether RCCL's GPU traffic hangs; a node that lacks one "
                  "stalls the whole job.",
    "RD-CLU-012": "Launchers start the same number of ranks on every node, and kernels built for one gfx target "
                  "do not run on another.",
    "RD-CLU-013": "Collectives move at the pace of the slowest link: a degraded PCIe link on one node slows all.",
    "RD-CLU-014": "RCCL/NCCL and HIP variables change algorithms, transports and interfaces; ranks that disagree "
                  "can fail to connect or hang.",
    "RD-CLU-015": "RCCL/NCCL and DataLoader workers use /dev/shm; a container with the default 64 MB fails there.",
}
SOURCES = {
    "RD-CLU-010": (TORCH_DIST, RCCL_ENV),
    "RD-CLU-011": (IOMMU_FAQ, "https://github.com/ROCm/rccl/issues/1129"),
    "RD-CLU-012": (TORCH_DIST,),
    "RD-CLU-013": ("https://rocm.docs.amd.com/en/latest/how-to/system-optimization/mi300x.html",),
    "RD-CLU-014": (NCCL_ENV, RCCL_ENV),
    "RD-CLU-015": ("https://github.com/pytorch/tutorials/commit/0ba3e39",),
}


def _obj(v: object) -> dict:
    """A JSON object, or {} for anything else (a peer's summary may be of another version)."""
    return v if isinstance(v, dict) else {}


def drift(nodes: list[Node]) -> list[Finding]:
    """All drift findings, in a stable order: values, environment, network, check results."""
    out: list[Finding] = []
    for key in KEYS:
        f = _compare(key, {n: s[key] for n, _, s in nodes if key in (s or {})}, *KEYS[key])
        if f:
            out.append(f)
    out += _env(nodes)
    out += network(nodes)
    out += differing_checks(nodes)
    return out


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "(none)"
    if value is None:
        return "(unset)"
    return str(value)


def _key(value: Any) -> str:
    return repr(value)


def _groups(values: dict[str, Any]) -> list[tuple[Any, list[str]]]:
    """[(value, nodes)], the most common value first."""
    by: dict[str, list[str]] = {}
    val: dict[str, Any] = {}
    for node, v in values.items():
        by.setdefault(_key(v), []).append(node)
        val[_key(v)] = v
    ordered = sorted(by, key=lambda k: (-len(by[k]), by[k][0]))
    return [(val[k], by[k]) for k in ordered]


def outliers(groups: list[tuple[Any, list[str]]]) -> list[str]:
    if len(groups) < 2:
        return []
    if len(groups[0][1]) > len(groups[1][1]):
        return sorted(n for _, ns in groups[1:] for n in ns)
    return sorted(n for _, ns in groups for n in ns)  # no majority: all are suspects


def _compare(key: str, values: dict[str, Any], code: str, severity: Status, label: str, where: str) -> Finding | None:
    """The finding that ``values`` (node -> value) differ; ``label`` names the value, ``where`` says
    where each node read it."""
    if len(values) < 2:
        return None
    groups = _groups(values)
    if len(groups) < 2:
        return None
    lines = [f"{_show(v)}: {compress(ns)}" for v, ns in groups]
    flags = key == "cmdline"  # long lists of flags: show what each group lacks or adds
    if flags:
        lines = _list_diff(groups)
    summary = "; ".join(f"{_show(v)} on {compress(ns)}" for v, ns in groups)
    bad = outliers(groups)
    listed = len(summary) < 140 and not flags
    return Finding(
        code=code, status=severity, area="cluster", subject=label,
        title=f"{label} differs between nodes" + (f": {summary}" if listed else ""),
        detail="\n".join([WHY.get(code, ""), f"Read from {where} on each node:"] + ["  " + ln for ln in lines]).strip(),
        evidence=tuple(Evidence(f"{compress(ns)}: {where}", _show(v)) for v, ns in groups),
        sources=SOURCES.get(code, ()),
        data={"key": key, "values": [{"value": v, "nodes": ns} for v, ns in groups], "outliers": bad,
              "listed": listed},
    )


def _list_diff(groups: list[tuple[list, list[str]]]) -> list[str]:
    """For list values (kernel flags): what each minority group lacks or adds."""
    base = set(groups[0][0])
    out = [f"{compress(groups[0][1])}: {_show(groups[0][0])}"]
    for v, ns in groups[1:]:
        lacks, adds = sorted(base - set(v)), sorted(set(v) - base)
        parts = ([f"lacks {' '.join(lacks)}"] if lacks else []) + ([f"adds {' '.join(adds)}"] if adds else [])
        out.append(f"{compress(ns)}: {'; '.join(parts)}")
    return out


def _env(nodes: list[Node]) -> list[Finding]:
    known = {n: s["env"] for n, _, s in nodes if isinstance(pick(s, "env"), dict)}
    names = sorted({k for env in known.values() for k in env})
    out = []
    for var in names:
        f = _compare(f"env:{var}", {n: env.get(var) for n, env in known.items()}, code=ENV_CODE,
                     severity=Status.WARN, label=var, where="environment")
        if f:
            out.append(f)
    return out


def network(nodes: list[Node]) -> list[Finding]:
    """The bootstrap interface a *_SOCKET_IFNAME names must exist on every node and be the
    same kind everywhere (IPoIB on one node and Ethernet on another is a slow or hung job)."""
    out: list[Finding] = []
    for var in ("NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME"):
        kinds: dict[str, Any] = {}
        missing: list[tuple[str, str, list[str]]] = []
        for name, _, s in nodes:
            net = pick(s, "net")
            if not isinstance(net, dict) or var not in net:
                continue
            # A peer's summary is JSON from another node (maybe another rocmdoctor version):
            # a part of the wrong type reads as absent.
            sel, ifaces = _obj(net[var]), _obj(net.get("interfaces"))
            matched = [i for i in sel.get("matched") or [] if isinstance(i, str)] \
                if isinstance(sel.get("matched"), list) else []
            if not matched:
                missing.append((name, str(sel.get("spec", "")), sorted(map(str, ifaces))))
            else:
                kinds[name] = sorted({str(_obj(ifaces.get(i)).get("kind", "unknown")) for i in matched})
        for name, spec, have in missing:
            out.append(Finding(
                code=NET_CODE, status=Status.FAIL, area="cluster", subject=name,
                title=f"{name}: {var}={spec} matches no network interface",
                detail=(f"The collectives' bootstrap will fail on {name} ('no socket interface found' or a hang "
                        f"at init). Interfaces there: {', '.join(have) or 'none'}. "
                        "NCCL reads the value as prefixes, '^' to exclude and '=' for exact names; gloo wants "
                        "exact names."),
                evidence=(Evidence(f"{name}: /sys/class/net", ", ".join(have) or "(none)"),
                          Evidence(f"{name}: environment", f"{var}={spec}")),
                sources=(NCCL_ENV, TORCH_DIST), data={"var": var, "outliers": [name]}))
        f = _compare(f"net:{var}", kinds, code=NET_CODE, severity=Status.WARN,
                     label=f"kind of the {var} interface", where="/sys/class/net/*/type")
        if f:
            out.append(f)
    return out


def differing_checks(nodes: list[Node]) -> list[Finding]:
    """A check that passes on some nodes and fails on others points at the odd nodes."""
    per: dict[str, dict[str, str]] = {}
    for name, report, _ in nodes:
        worst: dict[str, Status] = {}
        for f in pick(report, "findings", default=[]):
            st = Status(f["status"])
            if f["code"] not in worst or st.rank > worst[f["code"]].rank:
                worst[f["code"]] = st
        for code, st in worst.items():
            per.setdefault(code, {})[name] = st.value
    out = []
    for code in sorted(per):
        groups = _groups(per[code])
        if len(groups) < 2 or len(per[code]) < 2:
            continue
        worst_status = max((Status(v) for v, _ in groups), key=lambda s: s.rank)
        if worst_status.rank < Status.WARN.rank:
            continue  # pass here, skip there: nothing to act on
        listing = "; ".join(f"{v} on {compress(ns)}" for v, ns in groups)
        out.append(Finding(
            code=CHECKS_CODE, status=Status.WARN,
            area="cluster", subject=code, title=f"{code} differs between nodes: {listing}",
            detail="The nodes' own reports hold the details; the table shows the areas.",
            data={"check": code, "values": [{"value": v, "nodes": ns} for v, ns in groups],
                  "outliers": sorted(n for v, ns in groups for n in ns if Status(v) == worst_status)}))
    return out


def nodes_flagged(findings: Iterable[Finding]) -> dict[str, Status]:
    """node -> worst severity of the drift findings that name it an outlier."""
    out: dict[str, Status] = {}
    for f in findings:
        if f.code == CHECKS_CODE:
            continue  # the node's own report already counts these
        for n in f.data.get("outliers", []):
            if n not in out or f.status.rank > out[n].rank:
                out[n] = f.status
    return out

