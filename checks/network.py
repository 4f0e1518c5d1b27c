"""NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME against the interfaces this host has.

The cluster scan compares nodes (RD-CLU-016); this asks the same of one host, from the live
environment or a launch script (`scan --config`): a name that matches no interface makes
the collectives' bootstrap fail ('no socket interface found') or hang at init.
"""
from __future__ import annotations

from rocmdoctor.engine.check import check, ev, fail, ok, skip
from rocmdoctor.facts.node_summary import select_interfaces
from rocmdoctor.artifacts.settings import env_ev
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
                        subject=var, evidence=[env_ev(env, var), host_ev]))
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
