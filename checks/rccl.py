"""RCCL: environment variables left over from debugging, and how the GPUs are linked
(XGMI or PCIe, which NUMA node / socket each sits on)."""
from __future__ import annotations

from rocmdoctor.artifacts.settings import env_evs, env_removals
from rocmdoctor.engine.check import Action, Applicability, FixPlan, check, ev, ok, skip, warn
from rocmdoctor.knowledge.rccl_env import RCCL_ENV

_APU_SETTINGS = {"HSA_ENABLE_SDMA"}
TOPOLOGY_DOC = "https://rocm.docs.amd.com/en/latest/how-to/system-optimization/mi300x.html"


@check("RD-RCCL-001", area="rccl", title="No RCCL or HIP debugging workaround is left in the environment",
       sources=sorted({s for v in RCCL_ENV for s in v.sources}))
def rccl_env(env, gpus=None):
    # A debugging variable that a script sets for one pass of a loop trying alternatives is a probe
    # of that pass, not a workaround left on (the loop's other passes run without it).
    origins = getattr(env, "origins", {})
    hits = [(v, env[v.name]) for v in RCCL_ENV if v.triggered(env.get(v.name))
            and not getattr(origins.get(v.name), "trial", False)]
    # On one APU alone (Strix Halo, Phoenix) no copy crosses to another GPU, and HSA_ENABLE_SDMA=0 is
    # the platform's unified-memory stability setting (blit kernels instead of the SDMA engine):
    # a deliberate choice there, noted rather than warned about.
    apu = len(gpus or ()) == 1 and all(g.integrated or getattr(g, "unified_memory", False) for g in gpus)
    bad = [(v, val) for v, val in hits if v.level == "warn" and not (apu and v.name in _APU_SETTINGS)]
    notes = [(v, val) for v, val in hits if (v, val) not in bad]
    evidence = [e for v, val in hits for e in env_evs(env, v.name)]
    note_text = " ".join(f"{v.name}={val}: {v.effect}; cost: {v.cost}." for v, val in notes)
    if not bad:
        title = "no RCCL debugging workaround set" + (f" ({len(notes)} deliberate setting(s) noted)" if notes else "")
        return ok(title, note_text, evidence=evidence)
    plan = FixPlan(
        title="Unset the RCCL debugging variables before training",
        actions=tuple(Action("env", f"unset {v.name} (now {val!r}): {v.effect}", env={v.name: None})
                      for v, val in bad),
        applicability=Applicability.DISPLAY_ONLY,
        fixer="config_edit" if env_removals(env, [v.name for v, _ in bad]) else None,
        params={"unset": [v.name for v, _ in bad], "edits": env_removals(env, [v.name for v, _ in bad])},
    )
    detail = " ".join(f"{v.name}={val}: {v.effect}. Cost: {v.cost}." for v, val in bad)
    names = ", ".join(f"{v.name}={val}" for v, val in bad)
    return warn(f"RCCL workaround(s) left on: {names}", (detail + " " + note_text).strip(),
                evidence=evidence, fix=plan,
                sources=tuple(sorted({s for v, _ in bad for s in v.sources})),
                data={"set": {v.name: val for v, val in hits}})


def _pairs(nodes):
    return [(a, b) for i, a in enumerate(nodes) for b in nodes[i + 1:]]


def _socket(node, numa_sockets, cpu):
    if cpu is not None and cpu.sockets == 1:
        return 0
    return numa_sockets.get(node) if numa_sockets else None


@check("RD-RCCL-002", area="rccl", title="GPU interconnect topology: XGMI or PCIe, and NUMA placement",
       sources=[TOPOLOGY_DOC, "https://github.com/ROCm/rccl/issues/1129"])
def gpu_topology(gpus, io_links, pci_links=None, numa_sockets=None, cpu=None):
    """XGMI everywhere: pass. PCIe peers on one NUMA node: pass (noting PCIe). PCIe peers
    on different sockets: warn, since their traffic crosses the CPU interconnect."""
    discrete = [g for g in gpus if not g.integrated]
    if len(discrete) < 2:
        return ok(f"{len(discrete) or 'no'} discrete GPU: no GPU-to-GPU links to judge")
    gpu_nodes = {g.node: g for g in discrete}
    direct = {}
    for link in io_links:
        if link.node_from in gpu_nodes and link.node_to in gpu_nodes:
            direct.setdefault((link.node_from, link.node_to), link)
    # NUMA node per GPU: sysfs numa_node, else the CPU node its PCIe io_link points at.
    numa = {p.gpu_index: p.numa_node for p in (pci_links or []) if p.numa_node is not None}
    for link in io_links:
        g = gpu_nodes.get(link.node_from)
        if g is not None and link.type == 2 and link.node_to not in gpu_nodes and g.index not in numa:
            numa[g.index] = link.node_to
    kinds, cross, same_socket = {}, [], []
    for a, b in _pairs(sorted(gpu_nodes)):
        link = direct.get((a, b)) or direct.get((b, a))
        kind = link.kind if link else "PCIe (via host)"
        kinds[(a, b)] = (kind, link.weight if link else None)
        ga, gb = gpu_nodes[a], gpu_nodes[b]
        na, nb = numa.get(ga.index), numa.get(gb.index)
        if kind != "XGMI" and na is not None and nb is not None and na != nb:
            sa, sb = _socket(na, numa_sockets, cpu), _socket(nb, numa_sockets, cpu)
            pair = f"{ga.label} (NUMA {na}) - {gb.label} (NUMA {nb})"
            # A NUMA node is not a socket (NPS2/NPS4 split one): only a known different
            # socket, or an unknown mapping on a multi-socket host, crosses the CPU link.
            if sa is not None and sa == sb:
                same_socket.append(pair)
            else:
                cross.append(pair if sa is None or sb is None else f"{pair}, sockets {sa}/{sb}")
    counts = {}
    for kind, _ in kinds.values():
        counts[kind] = counts.get(kind, 0) + 1
    summary = ", ".join(f"{n} pair(s) {k}" for k, n in sorted(counts.items()))
    placement = ", ".join(f"GPU {i}: NUMA {n}" for i, n in sorted(numa.items())) or "NUMA placement unknown"
    if not io_links and not numa:
        return skip("KFD lists no io_links and NUMA nodes are unknown")
    evidence = [ev("/sys/class/kfd/kfd/topology/nodes/*/io_links/*/properties",
                   "; ".join(f"node {a}->{b}: {k}" + (f" weight {w}" if w is not None else "")
                             for (a, b), (k, w) in list(kinds.items())[:12])),
                ev("/sys/bus/pci/devices/*/numa_node", placement)]
    data = {"links": {f"{a}-{b}": k for (a, b), (k, _) in kinds.items()}, "numa": numa}
    if same_socket:
        data["same_socket_numa_pairs"] = same_socket
        evidence.append(ev("/sys/devices/system/node/node*/cpulist", "NUMA node -> socket: " + (", ".join(
            f"{n}->{s}" for n, s in sorted((numa_sockets or {}).items())) or f"{cpu.sockets} socket")))
    if cross:
        return warn(f"GPUs on different sockets talk over PCIe: {', '.join(cross[:4])}",
                    "Their peer traffic crosses the CPU-to-CPU link (Infinity Fabric / UPI), which is slower "
                    "than a shared PCIe switch. Keep one job's GPUs on one socket (HIP_VISIBLE_DEVICES) or expect "
                    "lower all-reduce bandwidth; pin data-loader workers to the GPUs' NUMA node (numactl).",
                    evidence=evidence, data=data, fix=FixPlan("Place one job's GPUs on one socket", (
                        Action("note", "a slot layout (or a job per socket with HIP_VISIBLE_DEVICES) decides it"),),
                        params={"manual": "hardware", "why": "where the GPUs sit is the board's layout"}))
    if set(counts) == {"XGMI"}:
        return ok(f"all {len(discrete)} GPUs are linked by XGMI ({placement})",
                  "Peer traffic does not touch PCIe; pin host-side work to each GPU's NUMA node.",
                  evidence=evidence, data=data)
    where = "one NUMA node" if len(set(numa.values())) == 1 and len(numa) == len(discrete) else placement
    if same_socket:
        where += "; the NUMA nodes share one socket (NPS2/NPS4), so no CPU-to-CPU link is crossed"
    return ok(f"GPUs talk over PCIe ({summary}; {where})",
              "PCIe peer-to-peer needs large BAR and no ACS redirection (see RD-PCIE-001 and RD-PCIE-003).",
              evidence=evidence, data=data)
