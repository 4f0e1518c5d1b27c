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

from ..engine.model import Finding, Status
from ..machine.sources import SourceError
from ..usage import positive_float
from . import report as creport
from ..base.untrusted import pick

EXIT_USAGE, EXIT_INPUT = 2, 3


def add_cluster_args(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("several nodes (see docs/cluster.md)")
    g.add_argument("--cluster", action="store_true",
                   help="run on every node under torchrun, srun or mpirun; rank 0 prints one report for all nodes")
    g.add_argument("--from", dest="from_dirs", nargs="+", metavar="DIR",
                   help="compare saved node snapshots offline, no launcher (a snapshot, or a --snapshot-dir folder)")
    g.add_argument("--snapshot-dir", metavar="DIR",
                   help="with --cluster: also save each node's snapshot as DIR/<node>/ (redacted)")
    g.add_argument("--rendezvous-dir", metavar="DIR",
                   help="with --cluster: meet through this directory on a file system every node shares instead of "
                        "a TCP store at MASTER_ADDR:MASTER_PORT (no torch needed anywhere)")
    g.add_argument("--rendezvous-timeout", type=positive_float, default=120.0, metavar="S",
                   help="how long rank 0 waits for every rank to join (default 120)")
    g.add_argument("--node-timeout", type=positive_float, default=600.0, metavar="S",
                   help="how long it then waits for each node's scan before calling it hung (default 600)")
    g.add_argument("--node-summary", action="store_true",
                   help="with --format json: add this node's summary (versions, GPUs, kernel flags, settings), so "
                        "`scan --from DIR` can compare node reports saved that way")
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
    if getattr(a, "format", "text") not in ("text", "json", "junit"):
        print(f"rocmdoctor: --format {a.format} describes one node; a cluster report is text, json or junit",
              file=sys.stderr)
        return EXIT_USAGE
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
    """Under a launcher. rocmdoctor's own interpreter needs no torch: the store runs in the
    training interpreter, or in a shared directory (gather.py)."""
    from . import gather, node, rendezvous
    from .store import StoreError

    try:
        rdzv = rendezvous.from_env()
    except rendezvous.RendezvousError as exc:
        print(f"rocmdoctor: {exc}", file=sys.stderr)
        return EXIT_USAGE

    def scan_payload():
        return node.payload(a, rdzv.node_name, rdzv.rank) if rdzv.local_rank == 0 else None

    try:
        store = gather.open_store(rdzv, a)
    except StoreError as exc:
        if rdzv.rank != 0:
            print(f"rocmdoctor: rank {rdzv.rank} ({rdzv.node_name}): {exc}", file=sys.stderr)
            return creport.EXIT_INCOMPLETE
        payload = scan_payload()  # rank 0 still reports its own node, and why the rest is unknown
        return output(creport.build([payload] if payload else [], level=a.level, strict=a.strict,
                                    world_size=rdzv.world_size, launcher=rdzv.launcher,
                                    extra=[gather.gather_failed(str(exc), rdzv)]), a)
    try:
        result = gather.run(store, rdzv, a, scan_payload, bench_settings(a))
    finally:
        store.close()
    if rdzv.rank != 0:
        if result.get("message"):
            print(f"rocmdoctor: rank {rdzv.rank} ({rdzv.node_name}): {result['message']}", file=sys.stderr)
        code = int(result.get("exit", creport.EXIT_INCOMPLETE))
        if code and rdzv.launcher == "torchrun":
            import time

            time.sleep(2)  # torchrun stops all workers once one fails: let rank 0 print first
        return code
    cluster = result.get("cluster")
    if cluster is None:  # the store failed under rank 0 mid-way
        cluster = creport.build([], level=a.level, strict=a.strict, world_size=rdzv.world_size,
                                launcher=rdzv.launcher, extra=[gather.gather_failed(result.get("message", ""), rdzv)])
    cluster.setdefault("results", {})["gather"] = {"store_calls": result.get("store_calls"),
                                                   "verdict_s": result.get("verdict_s")}
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


FULL_REPORTS_UP_TO = 32  # more nodes than this: each node's report is kept slim (bounded memory)
MAX_REPORT_BYTES = 64 << 20


def node_inputs(paths: list[str]) -> list[tuple[str, str]]:
    """(path, kind) per node: kind "report" for a `scan --format json` file, "snapshot" for
    a snapshot folder. A folder that is neither holds them (what --snapshot-dir writes, or a
    directory every node wrote its report into)."""
    out: list[tuple[str, str]] = []
    for p in paths:
        if os.path.isfile(p):
            out.append((p, "report"))
        elif os.path.isfile(os.path.join(p, "manifest.json")) or not os.path.isdir(p):
            out.append((p, "snapshot"))
        else:
            kids = []
            for k in sorted(os.listdir(p)):
                full = os.path.join(p, k)
                if os.path.isfile(os.path.join(full, "manifest.json")):
                    kids.append((full, "snapshot"))
                elif k.endswith(".json") and os.path.isfile(full):
                    kids.append((full, "report"))
            out.extend(kids or [(p, "snapshot")])
    return out


def snapshot_dirs(paths: list[str]) -> list[str]:
    return [p for p, kind in node_inputs(paths) if kind == "snapshot"]


def read_report(path: str) -> dict:
    """A node's `rocmdoctor scan --format json` output. Raises SourceError when it is not one."""
    from ..base import jsonlimits

    try:
        if os.path.getsize(path) > MAX_REPORT_BYTES:
            raise SourceError(f"{path}: larger than {MAX_REPORT_BYTES >> 20} MiB, not a node report")
        with open(path, "rb") as fh:
            data = jsonlimits.loads(fh.read())
    except OSError as exc:
        raise SourceError(f"{path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise SourceError(f"{path}: not JSON ({str(exc)[:80]})") from None
    if not isinstance(data, dict) or data.get("schema") != "rocmdoctor.report":
        raise SourceError(f"{path}: not a rocmdoctor report (write one with `rocmdoctor scan --format json "
                          "--node-summary`)")
    return data


_KEEP = ("code", "status", "area", "title", "subject")


def slim(report: dict) -> dict:
    """What the cluster report reads of a node's report, and no more: per finding its code,
    status, area, title and subject (strings shared between nodes), the node summary."""
    from sys import intern

    def text(v):
        return intern(v) if isinstance(v, str) and len(v) < 256 else v

    findings = [{k: text(f.get(k)) for k in _KEEP} for f in report.get("findings") or [] if isinstance(f, dict)]
    results = report.get("results")
    if not isinstance(results, dict):
        results = {}
    return {"schema": report.get("schema"), "level": report.get("level"), "tool_version": report.get("tool_version"),
            "source": {}, "findings": findings, "results": {"node_summary": results.get("node_summary") or {}},
            "notes": [], "duration_s": report.get("duration_s") or 0.0, "slim": True}


def offline(a) -> dict | None:
    from .node import scan_node

    payloads, seen = [], set()
    entries = node_inputs(a.from_dirs)
    keep_full = len(entries) <= FULL_REPORTS_UP_TO
    no_summary = []
    for i, (path, kind) in enumerate(entries):
        name = os.path.basename(os.path.normpath(path)) or f"node{i}"
        if kind == "report" and name.endswith(".json"):
            name = name[:-5]
        if name in seen:
            name = f"{name}#{i}"
        seen.add(name)
        try:
            rep = read_report(path) if kind == "report" else scan_node(a, snapshot=path)[0].to_dict()
        except SourceError as exc:
            payloads.append({"node": name, "rank": i, "report": None, "error": str(exc)})
            continue
        if not pick(rep, "results", "node_summary"):
            no_summary.append(name)
        payloads.append({"node": name, "rank": i, "report": rep if keep_full else slim(rep), "error": None})
    if not any(p["report"] for p in payloads):
        for p in payloads[:20]:
            print(f"rocmdoctor: {p['node']}: {p['error']}", file=sys.stderr)
        return None
    extra = []
    if no_summary:
        from .hostlist import compress

        extra.append(Finding(
            code="RD-CLU-021", status=Status.SKIP, area="cluster", subject="node summary",
            title=f"versions not compared on {len(no_summary)} node(s): their reports carry no node summary",
            detail=("Only the checks' results were compared for these nodes. Write node reports with "
                    "`rocmdoctor scan --format json --node-summary` to compare torch, ROCm, kernel, GPUs and "
                    f"settings too. Nodes: {compress(no_summary)}."),
            data={"nodes": no_summary, "outliers": []}))
    cluster = creport.build(payloads, level=a.level, strict=a.strict, world_size=len(payloads),
                            launcher="offline (--from)", extra=extra)
    for n in cluster["nodes"]:  # past FULL_REPORTS_UP_TO nodes: passes are counted, not listed
        rep = n.get("report")
        if rep and rep.get("slim"):
            counts: dict[str, int] = {}
            for f in rep["findings"]:
                counts[f["status"]] = counts.get(f["status"], 0) + 1
            rep["counts"] = counts
            rep["findings"] = [f for f in rep["findings"] if f["status"] in ("fail", "error", "warn")]
    return cluster


def output(cluster: dict, a) -> int:
    fmt = getattr(a, "format", "text")
    if fmt == "json":
        # one write: the redacting stream scrubs each write, and json.dump writes per token
        sys.stdout.write(json.dumps(cluster, indent=2, default=str) + "\n")
    elif fmt == "junit":
        from ..output.junit import cluster_xml

        sys.stdout.write(cluster_xml(cluster))
    else:
        from .table import print_cluster

        print_cluster(cluster, verbose=getattr(a, "verbose", False))
    sys.stdout.flush()
    return int(cluster["exit_code"])
