"""The hosts a launch names: a hostfile's machines and a rendezvous address written into the files.

A recipe written for the author's cluster names its nodes (`n15 slots=2`, `--master_addr 10.0.0.7`,
`--rdzv-endpoint worker-0.svc.cluster.local:29500`); on another machine those hosts are not the job's,
and the launch waits on or ssh-es to machines that are not there.
"""
from __future__ import annotations

import ipaddress
import os

from rocmdoctor.engine.check import check, ev, ok, warn

from .launch import launch_commands

AREA = "launch"
DS_MULTINODE = "https://www.deepspeed.ai/getting-started/#resource-configuration-multi-node"
TORCHRUN_RDZV = "https://docs.pytorch.org/docs/stable/elastic/run.html"
_LOCAL = {"localhost", "127.0.0.1", "::1", "0.0.0.0", "localhost.localdomain"}


def _host(value: str) -> str:
    """`node1:29500` -> node1, `[::1]:29500` -> ::1; "" for an expansion the files leave open."""
    v = value.strip().strip("\"'")
    if v.startswith("["):
        h = v[1:v.find("]")] if "]" in v else ""
    else:
        h = v.split(":", 1)[0] if not _is_ip(v) else v  # host:port, host:${PORT}
    return "" if not h or any(c in h for c in "$<{}`") else h


def _is_ip(h: str) -> bool:
    try:
        ipaddress.ip_address(h)
        return True
    except ValueError:
        return False


def _local(h: str) -> bool:
    return h.lower() in _LOCAL or h.startswith("127.")


def _hostfile_of(hostfiles, hf_val):
    """The hostfile a `--hostfile F` names: F resolved from the launching file's folder; else, where the set
    holds exactly one hostfile of that name (the path was the author's own), that one."""
    name = str(hf_val.value).strip("\"'")
    here = os.path.normpath(os.path.join(os.path.dirname(hf_val.origin.path or ""), name))
    exact = [a for a in hostfiles if os.path.normpath(a.path) == here]
    if exact:
        return exact[0]
    same_name = [a for a in hostfiles if os.path.basename(a.path) == os.path.basename(name)]
    return same_name[0] if len(same_name) == 1 else None


@check("RD-LCH-010", area=AREA, title="A launch names only hosts the job has", option="config",
       sources=[DS_MULTINODE, TORCHRUN_RDZV])
def launch_hosts(settings):
    hostfiles = list(settings.of_kind("hostfile"))
    out = []
    launches = list(launch_commands(settings))
    for _art, cmd in launches:
        vals = {v.name: v for v in cmd.get("launcher_values") or () if hasattr(v, "name")}
        hf_val = vals.get("hostfile")
        hf = _hostfile_of(hostfiles, hf_val) if hf_val is not None else None
        hosts = [h for h in (hf.data.get("hosts") if hf is not None else None) or [] if not _local(h["host"])]
        if hf is not None and hosts and not _local_alternative(launches, cmd):
            # the only launch of this script goes over the hostfile's machines
            out.append(warn(f"{os.path.basename(hf.path)}: the launch runs ranks on {len(hosts)} named host(s) "
                            f"({', '.join(h['host'] for h in hosts[:4])}{' ...' if len(hosts) > 4 else ''})",
                            "DeepSpeed's multi-node runner reaches every hostfile host over passwordless ssh (pdsh) "
                            "and starts ranks there: these are the file author's machines, not this one, so the "
                            "launch fails before any rank starts (or runs on someone else's nodes). On one node, "
                            "drop --hostfile; on a cluster, write the hostfile from the allocation "
                            "(`scontrol show hostnames $SLURM_JOB_NODELIST`).",
                            subject=hf.path, evidence=[hf_val.evidence()] + [
                                ev(f"{hf.path}:{h['line']}", f"{h['host']}" + (f" slots={h['slots']}" if h['slots'] else ""))
                                for h in hosts[:4]]))
        names = {h["host"].lower() for h in (hf.data.get("hosts") if hf is not None else None) or []}
        for key in ("master_addr", "rdzv_endpoint", "main_process_ip"):
            v = vals.get(key)
            h = _host(str(v.value)) if v is not None else ""
            if not h or _local(h) or h.lower() in names:
                continue
            # with a hostfile, rank 0 runs on its first host: an address that is none of its hosts (an IP,
            # or a node name whose short form none of its named hosts has) is a rendezvous nobody opens
            short = {n.split(".")[0] for n in names if not _is_ip(n)}
            foreign = bool(names) and (_is_ip(h) or (bool(short) and h.lower().split(".")[0] not in short))
            # without a hostfile a bare IP may well be this job's first node: only a DNS name is judged
            site_dns = not names and not _is_ip(h) and "." in h
            if foreign or site_dns:
                why = (f"it is not one of the hostfile's hosts ({', '.join(sorted(names)[:4])})" if names else
                       "a site's DNS name (a cluster-internal service or node name) that resolves only there")
                out.append(warn(f"--{key.replace('_', '-')} {h}: an address of another site, not a host of this job",
                                f"Every rank connects to the rendezvous at {h}; {why}. The ranks wait until the "
                                "rendezvous times out. Take the address from the job (the first host of "
                                "$SLURM_JOB_NODELIST, or $MASTER_ADDR set from it), or localhost on one node.",
                                subject=v.origin.label, evidence=[v.evidence()]))
    return out or ok("no launch names a host outside the job")


def _local_alternative(launches, cmd) -> bool:
    """Another launch of the same script without a hostfile: the multi-node line is an option next to it."""
    script = cmd.get("script")
    return any(c is not cmd and c.get("script") == script and not any(
        getattr(v, "name", "") == "hostfile" for v in c.get("launcher_values") or ()) for _a, c in launches)


