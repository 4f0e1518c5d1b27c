"""The command: `rocmdoctor scan --cluster` under a launcher, or `--from DIR...` offline.

Exit codes (docs/cluster.md). Rank 0 exits with the cluster's verdict, every other rank
with its own node's, so a scheduler that collects per-task exit codes (srun, mpirun)
sees which node to drain:
0  every node passed and nothing that matters differs between them
1  a check failed or errored on this node (rank 0: on any node), or this node holds a
   value that differs from the other nodes' where that breaks jobs (torch, ROCm, GPUs...)
2  usage error (including --cluster without a launcher's variables)
3  unusable input (a bad snapshot)
4  incomplete: a node never joined, hung or died, or the gather itself failed
"""
from __future__ import annotations

import argparse
import json
import os
import sys

from ..engine.model import Evidence, Finding, Status
from ..machine.sources import SourceError
from ..usage import positive_float
from . import report as creport

EXIT_USAGE, EXIT_INPUT = 2, 3


def add_cluster_args(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("several nodes (see docs/cluster.md)")
    g.add_argument("--cluster", action="store_true",
                   help="run on every node under torchrun, srun or mpirun; rank 0 prints one report for all nodes")
    g.add_argument("--from", dest="from_dirs", nargs="+", metavar="DIR",
                   help="compare saved node snapshots offline, no launcher (a snapshot, or a --snapshot-dir folder)")
    g.add_argument("--snapshot-dir", metavar="DIR",
                   help="with --cluster: also save each node's snapshot as DIR/<node>/ (redacted)")
    g.add_argument("--rendezvous-timeout", type=positive_float, default=120.0, metavar="S",
                   help="how long rank 0 waits for every rank to join (default 120)")
    g.add_argument("--node-timeout", type=positive_float, default=600.0, metavar="S",
                   help="how long it then waits for each node's scan before calling it hung (default 600)")
    g.add_argument("--bench-device", choices=("auto", "cpu", "cuda"), default="auto",
                   help="at --level bench, the all-reduce across nodes: GPUs with NCCL/RCCL (cuda), CPU with gloo, "
                        "or cuda when torch sees a GPU on every node (auto, the default)")
    g.add_argument("--bench-timeout", type=positive_float, default=300.0, metavar="S",
                   help="hard limit for the all-reduce across nodes; a rank still running is hung (default 300)")
    g.add_argument("--bench-sizes", default=None, help=argparse.SUPPRESS)  # byte counts, for tests
    g.add_argument("--bench-inject", choices=("hang", "crash"), default=None, help=argparse.SUPPRESS)  # tests


def wants_cluster(a) -> bool:
    return bool(getattr(a, "cluster", False) or getattr(a, "from_dirs", None))


def run_cluster(a) -> int:
    if getattr(a, "from_dirs", None):
        if a.root or a.example or a.snapshot:
            print("rocmdoctor: --from compares snapshots; it takes no --root, --snapshot or --example",
                  file=sys.stderr)
            return EXIT_USAGE
        cluster = offline(a)
        if cluster is None:
            return EXIT_INPUT
        return output(cluster, a)
    return live(a)


def live(a) -> int:
    from . import gather
    from . import node
    from . import rendezvous

    try:
        rdzv = rendezvous.from_env()
    except rendezvous.RendezvousError as exc:
        print(f"rocmdoctor: {exc}", file=sys.stderr)
        return EXIT_USAGE
    timeouts = gather.Timeouts(join=a.rendezvous_timeout, node=a.node_timeout)
    session = gather.start(rdzv, timeouts, level=a.level, strict=a.strict, bench=bench_settings(a))
    payload = node.payload(a, rdzv.node_name, rdzv.rank) if rdzv.local_rank == 0 else None
    result = session.finish(payload)
    if rdzv.rank != 0:
        if result.get("message"):
            print(f"rocmdoctor: rank {rdzv.rank} ({rdzv.node_name}): {result['message']}", file=sys.stderr)
        code = int(result.get("exit", 4))
        if code and rdzv.launcher == "torchrun":
            import time

            time.sleep(2)  # torchrun stops all workers once one fails: let rank 0 print first
        return code
    cluster = result.get("cluster")
    if cluster is None:
        # The gather failed on rank 0: report this node and why the rest is unknown.
        stuck = Finding(code="RD-CLU-004", status=Status.FAIL, area="cluster", subject="gather",
                        title="the cluster gather did not complete",
                        detail=result.get("message", ""), evidence=(Evidence("rendezvous", f"{rdzv.master_addr}:"
                                                                                          f"{rdzv.master_port}"),))
        cluster = creport.build([payload] if payload else [], level=a.level, strict=a.strict,
                                world_size=rdzv.world_size, launcher=rdzv.launcher, extra=[stuck])
    return output(cluster, a)


def bench_settings(a) -> dict | None:
    """The all-reduce across nodes runs at --level bench and above, always live: it
    measures the network between the processes, even when they replay --snapshot."""
    from ..facts import level_rank

    if level_rank(a.level) < level_rank("bench"):
        return None
    return {"device": getattr(a, "bench_device", "auto"), "timeout": getattr(a, "bench_timeout", 300.0),
            "python": getattr(a, "python", None), "sizes": getattr(a, "bench_sizes", None),
            "inject": getattr(a, "bench_inject", None)}


def snapshot_dirs(paths: list[str]) -> list[str]:
    """Each path is a snapshot, or a folder of them (what --snapshot-dir writes)."""
    out = []
    for p in paths:
        if os.path.isfile(os.path.join(p, "manifest.json")) or not os.path.isdir(p):
            out.append(p)
            continue
        kids = sorted(os.path.join(p, k) for k in os.listdir(p)
                      if os.path.isfile(os.path.join(p, k, "manifest.json")))
        out.extend(kids or [p])
    return out


def offline(a) -> dict | None:
    from .node import scan_node

    payloads, seen = [], set()
    dirs = snapshot_dirs(a.from_dirs)
    for i, d in enumerate(dirs):
        name = os.path.basename(os.path.normpath(d)) or f"node{i}"
        if name in seen:
            name = f"{name}#{i}"
        seen.add(name)
        try:
            rep, _ = scan_node(a, snapshot=d)
            payloads.append({"node": name, "rank": i, "report": rep.to_dict(), "error": None})
        except SourceError as exc:
            payloads.append({"node": name, "rank": i, "report": None, "error": str(exc)})
    if not any(p["report"] for p in payloads):
        for p in payloads:
            print(f"rocmdoctor: {p['node']}: {p['error']}", file=sys.stderr)
        return None
    return creport.build(payloads, level=a.level, strict=a.strict, world_size=len(payloads),
                         launcher="offline (--from)")


def output(cluster: dict, a) -> int:
    fmt = getattr(a, "format", "text")
    if fmt == "json":
        json.dump(cluster, sys.stdout, indent=2, default=str)
        sys.stdout.write("\n")
    elif fmt == "junit":
        from ..output.junit import cluster_xml

        sys.stdout.write(cluster_xml(cluster))
    else:
        from .table import print_cluster

        print_cluster(cluster, verbose=getattr(a, "verbose", False))
    sys.stdout.flush()
    return int(cluster["exit_code"])
