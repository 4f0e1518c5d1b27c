"""NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME against the interfaces this host has.

The cluster scan compares nodes (RD-CLU-016); this asks the same of one host, from the live
environment or a launch script (`scan --config`): a name that matches no interface makes
the collectives' bootstrap fail ('no socket interface found') or hang at init.
"""
from __future__ import annotations

from rocmdoctor.engine.check import check, ev, fail, ok, skip, warn
from rocmdoctor.facts.node_summary import select_interfaces
from rocmdoctor.artifacts.settings import env_ev, env_evs
from rocmdoctor.checks.container_config.services import services_of

NCCL_ENV = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-socket-ifname"
TORCH_DIST = "https://docs.pytorch.org/docs/stable/distributed.html#choosing-the-network-interface-to-use"
VARS = ("NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME")


@check("RD-NET-001", area="network", title="*_SOCKET_IFNAME names network interfaces this host has",
       sources=[NCCL_ENV, TORCH_DIST])
def socket_ifname(env, net_interfaces=None, settings=None):
    set_vars = {k: env[k] for k in VARS if env.get(k)}
    if not set_vars:
        return ok("NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME not set: interfaces are chosen automatically")
    inside = [k for k in set_vars if _in_container(env, k, settings)]
    if inside and len(inside) == len(set_vars):
        return ok(f"{', '.join(inside)} set inside the container, which has its own network (eth0 on Docker's bridge): "
                  "the host's interfaces are not what it names", evidence=[env_ev(env, k) for k in inside])
    set_vars = {k: v for k, v in set_vars.items() if k not in inside}
    # `${NCCL_SOCKET_IFNAME:-$IP_INTERFACE}` with IP_INTERFACE found by `ip addr` when the job runs: nothing to compare
    later = [k for k, v in set_vars.items() if "$" in str(v) or "`" in str(v)]
    set_vars = {k: v for k, v in set_vars.items() if k not in later}
    if not set_vars:
        return ok(f"{', '.join(later)} set from a value the job works out when it runs "
                  f"({', '.join(f'{k}={env[k]}' for k in later)}): "
                  "nothing to compare here", evidence=[env_ev(env, k) for k in later])
    if net_interfaces is None:
        return skip(f"{', '.join(set_vars)} set, but this host's interfaces are unknown (/sys/class/net not "
                    "readable or not recorded)", evidence=[env_ev(env, k) for k in set_vars])
    have = sorted(net_interfaces)
    host_ev = ev("/sys/class/net", ", ".join(have) or "(none)")
    out = []
    for var, spec in set_vars.items():
        matched = select_interfaces(spec, have, exact=var.startswith("GLOO"))
        if matched:
            out.append(ok(f"{var}={spec} selects {', '.join(matched)}", subject=var,
                          evidence=[env_ev(env, var), host_ev]))
            continue
        out.append(fail(f"{var}={spec} matches no network interface on this host",
                        f"Interfaces here: {', '.join(have) or 'none'}. The collectives' bootstrap fails ('no socket "
                        "interface found') or hangs at init. NCCL reads the value as prefixes ('^' excludes, '=' "
                        "exact names); gloo wants exact names. Name this host's interface, or unset it.",
                        subject=var, evidence=[*env_evs(env, var), host_ev]))  # each file that sets it so
    return out


def _in_container(env, name: str, settings) -> bool:
    """Set by a Dockerfile, a compose file or a pod (not a script on the host), in a deployment that
    does not share the host's network (no `network_mode: host` nor `--network host`)."""
    v = getattr(env, "origins", {}).get(name)
    if v is None or v.origin.live or settings is None:
        return False
    kinds = {a.path: a.kind for a in settings.artifacts}
    if kinds.get(v.origin.path) not in ("dockerfile", "compose", "kubernetes"):
        return False
    return not any(str(svc.get("network_mode") or "").lower() == "host" for _, _, svc in services_of(settings))


NCCL_IB_HCA_DOC = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-ib-hca"
RCCL_ENV = "https://rocm.docs.amd.com/projects/rccl/en/latest/api-reference/env-variables.html"


def _hca_items(spec: str) -> tuple[bool, bool, list[str]]:
    """(exclude, exact, device names) of an NCCL_IB_HCA value: `^` excludes, `=` asks for exact
    names, each entry is `name[:port]`; names are prefixes otherwise (`mlx5` selects every mlx5_N)."""
    spec = spec.strip().strip("\"'")
    exclude = spec.startswith("^")
    spec = spec.lstrip("^")
    exact = spec.startswith("=")
    return exclude, exact, [x.split(":", 1)[0].strip() for x in spec.lstrip("=").split(",") if x.strip()]


@check("RD-NET-002", area="network", title="NCCL_IB_HCA names RDMA devices this host has",
       sources=[NCCL_IB_HCA_DOC, RCCL_ENV])
def ib_hca(env, rdma_devices=None, settings=None):
    """NCCL_IB_HCA copied from another cluster (mlx5_0 on a node whose NICs are bnxt_re*, or on one
    with no RDMA device at all) selects no HCA: RCCL's IB/RoCE transport finds nothing and inter-node
    traffic falls back to TCP sockets, a fraction of the bandwidth, or the job fails where IB is required."""
    spec = env.get("NCCL_IB_HCA") if env else None
    if not spec:
        return ok("NCCL_IB_HCA not set: RCCL uses every RDMA device it finds")
    exclude, exact, items = _hca_items(str(spec))
    if not items or any("$" in x or "`" in x for x in items):
        return ok(f"NCCL_IB_HCA={spec} is decided at launch", evidence=[env_ev(env, "NCCL_IB_HCA")])
    if exclude:
        return ok(f"NCCL_IB_HCA={spec} only excludes devices", evidence=[env_ev(env, "NCCL_IB_HCA")])
    if _in_container(env, "NCCL_IB_HCA", settings):  # an image's setting: the HCAs are those passed in where it runs
        return ok("NCCL_IB_HCA set in a container's files: judged where the container runs",
                  evidence=[env_ev(env, "NCCL_IB_HCA")])
    if _one_node(settings):
        return ok(f"NCCL_IB_HCA={spec} set for a one-node launch: RCCL does not use IB/RoCE inside a node",
                  evidence=[env_ev(env, "NCCL_IB_HCA")])
    if rdma_devices is None:
        return skip(f"NCCL_IB_HCA={spec} set, but this host's RDMA devices are unknown (/sys/class/infiniband "
                    "not readable or not recorded)", evidence=[env_ev(env, "NCCL_IB_HCA")])
    have = sorted(rdma_devices)
    matched = [d for d in have if any(d == x if exact else d.startswith(x) for x in items)]
    host_ev = ev("/sys/class/infiniband", ", ".join(have) or "(absent: no RDMA device)")
    if matched:
        return ok(f"NCCL_IB_HCA={spec} selects {', '.join(matched)}", evidence=[env_ev(env, "NCCL_IB_HCA"), host_ev])
    return warn(f"NCCL_IB_HCA={spec} names no RDMA device on this host",
                f"RDMA devices here: {', '.join(have) or 'none'}. RCCL's IB/RoCE transport finds no HCA of those "
                "names, so traffic between nodes falls back to TCP sockets (a fraction of the bandwidth) or the job "
                "stops where IB is required. The value is a list of device prefixes (`=` exact names, `^` excludes, "
                "`:port` after a name); name this host's devices (`ls /sys/class/infiniband`, `ibv_devices`) or unset it.",
                evidence=[env_ev(env, "NCCL_IB_HCA"), host_ev])


_NODE_COUNTS = ("nnodes", "num_nodes", "num_machines", "sbatch.nodes", "sbatch.N", "srun.nodes", "srun.N")


def _one_node(settings) -> bool:
    """Every launch in the files runs on one node: a node count of 1 (or none, the launchers'
    default) and no hostfile. Unknown counts ($NNODES, 1-4) and a live environment alone are not one node."""
    if settings is None:
        return False
    launches = settings.values("launcher")
    if not launches or any(v.name == "hostfile" for v in launches):
        return False
    for v in launches:
        if v.name in _NODE_COUNTS:
            value = str(v.value).strip()
            if not value.isdigit() or int(value) != 1:
                return False
    return True
