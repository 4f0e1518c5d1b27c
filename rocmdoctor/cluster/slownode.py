"""`rocmdoctor bench --find-slow-node`: which node, or which link between two nodes, is slow.

Run under torchrun/srun/mpirun with one process per node. Every node runs
benchmarks/pairwise.py (in the training interpreter, through benchmarks/runner.py with
its hard timeout): ceil(log2 N) rounds of two-node all-reduces, node r with r XOR 2^k in
round k, so each node meets log2 N different partners and no node pair is measured twice.
Then ``judge`` compares each pair's bus bandwidth with the median of all pairs:

* a pair under SLOW x median is slow;
* a node whose every pair is slow is the slow node (its partners are fast elsewhere);
* a slow pair whose two nodes are fast with their other partners is a slow link.

A node or link is blamed only when the other pairs clear it: with two nodes (one pair)
nothing can be told apart, and the finding says so. Like the cluster scan, rank 0 prints
the report and every rank exits with its own node's verdict (1 when it is the slow node),
so a scheduler's per-task exit codes name the node to drain.
Idea from ROCm/cvs#280 (find the bad node by pairwise collective tests).
"""
from __future__ import annotations

import statistics
import sys

from ..engine.model import Evidence, Finding, Status
from .hostlist import compress

SLOW = 0.7  # a pair below 70% of the median bus bandwidth is slow
NODE_CODE, LINK_CODE = "RD-CLU-032", "RD-CLU-033"
SOURCES = ("https://github.com/ROCm/cvs/issues/280",
           "https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md")
EXIT_INCOMPLETE = 4


def judge(result: dict) -> tuple[list[Finding], dict]:
    """benchmarks/pairwise.py's result -> (findings, summary for results["find_slow_node"])."""
    names = {int(r): (n or f"rank {r}") for r, n in (result.get("nodes") or {}).items()}
    pairs = [p for p in result.get("pairs") or [] if isinstance(p.get("busbw_gbps"), (int, float))]
    summary = {"world_size": result.get("world_size"), "rounds": result.get("rounds"), "bytes": result.get("bytes"),
               "backend": result.get("backend"), "device": result.get("device"), "slow_factor": SLOW,
               "pairs": [dict(p, a_node=names.get(p["a"]), b_node=names.get(p["b"])) for p in pairs]}
    if len(pairs) < 2:
        f = Finding(code=NODE_CODE, status=Status.SKIP, area="cluster", subject="pairwise all-reduce",
                    title="slow node: not told apart",
                    detail=f"{len(pairs)} pair(s) measured; a slow node needs three or more nodes (two or more pairs) "
                           "to be told from a slow partner.", sources=SOURCES)
        return [f], summary
    median = statistics.median(p["busbw_gbps"] for p in pairs)
    summary["median_busbw_gbps"] = median
    slow = [p for p in pairs if p["busbw_gbps"] < SLOW * median]
    by_node: dict[int, list[dict]] = {}
    for p in pairs:
        by_node.setdefault(p["a"], []).append(p)
        by_node.setdefault(p["b"], []).append(p)
    slow_ids = {id(p) for p in slow}
    slow_nodes = sorted(r for r, ps in by_node.items()
                        if all(id(p) in slow_ids for p in ps) and _cleared_partners(r, ps, by_node, slow_ids))
    links = [p for p in slow if p["a"] not in slow_nodes and p["b"] not in slow_nodes]
    summary["slow_nodes"] = [names.get(r) for r in slow_nodes]
    summary["slow_links"] = [[names.get(p["a"]), names.get(p["b"])] for p in links]

    def line(p):
        return (f"round {p['round']}: {names.get(p['a'])} <-> {names.get(p['b'])}: busbw {p['busbw_gbps']:.4g} GB/s, "
                f"{p['time_us']:.0f} us per all-reduce")

    findings = []
    for r in slow_nodes:
        ps = by_node[r]
        worst = max(p["busbw_gbps"] for p in ps)
        findings.append(Finding(
            code=NODE_CODE, status=Status.FAIL, area="cluster", subject=names.get(r),
            title=f"{names.get(r)} is the slow node: at most {worst:.4g} GB/s with each of its {len(ps)} partners "
                  f"(median of all pairs {median:.4g} GB/s)",
            detail=("Every pair with this node ran under "
                    f"{SLOW:.0%} of the median bus bandwidth, while its partners were fast with other nodes: the node "
                    "itself (its GPUs, NIC, PCIe link, a throttled or busy CPU) is the bottleneck every collective of "
                    "a job on it waits for. Drain it, then run `rocmdoctor scan --level bench` and `rocmdoctor bench "
                    "allreduce` on it."),
            evidence=tuple(Evidence("probe: pairwise all-reduce", line(p)) for p in ps),
            sources=SOURCES, data={"node": names.get(r), "rank": r, "outliers": [names.get(r)]}))
    for p in links:
        a, b = names.get(p["a"]), names.get(p["b"])
        findings.append(Finding(
            code=LINK_CODE, status=Status.FAIL, area="cluster", subject=f"{a} <-> {b}",
            title=f"the link between {a} and {b} is slow: {p['busbw_gbps']:.4g} GB/s (median {median:.4g} GB/s)",
            detail=("Both nodes were fast with their other partners, so the path between them is slow: a switch port, "
                    "cable or route, or a different NIC or interface (NCCL_SOCKET_IFNAME, NCCL_IB_HCA) chosen for "
                    "this pair."),
            evidence=(Evidence("probe: pairwise all-reduce", line(p)),), sources=SOURCES,
            data={"nodes": [a, b], "outliers": []}))
    if not findings:
        fastest = max(p["busbw_gbps"] for p in pairs)
        slowest = min(p["busbw_gbps"] for p in pairs)
        findings.append(Finding(
            code=NODE_CODE, status=Status.WARN if slow else Status.PASS, area="cluster", subject="pairwise all-reduce",
            title=(f"no slow node: {len(pairs)} pairs over {result.get('rounds')} rounds, busbw {slowest:.4g} to "
                   f"{fastest:.4g} GB/s (median {median:.4g})") if not slow else
                  f"{len(slow)} slow pair(s), but no node or link slow in every pair",
            detail=("Each pair's bus bandwidth was compared with the median of all pairs; "
                    f"under {SLOW:.0%} counts as slow."),
            evidence=tuple(Evidence("probe: pairwise all-reduce", line(p)) for p in (slow or pairs)[:16]),
            sources=SOURCES))
    return findings, summary


def _cleared_partners(r: int, ps: list[dict], by_node: dict, slow_ids: set) -> bool:
    """A node is blamed only when some partner of it was fast with another node; otherwise
    (two nodes, or a partner that is slow everywhere too) the pair cannot say which end is slow."""
    for p in ps:
        other = p["b"] if p["a"] == r else p["a"]
        if any(id(q) not in slow_ids for q in by_node.get(other, []) if q is not p):
            return True
    return False


def pair_lines(summary: dict) -> list[str]:
    out = [f"PAIRWISE ALL-REDUCE ({summary.get('backend')}, {summary.get('device')}, {summary.get('bytes')} bytes, "
           f"{summary.get('rounds')} rounds; slow: under {SLOW:.0%} of the median)"]
    for p in summary.get("pairs") or []:
        mark = "  SLOW" if summary.get("median_busbw_gbps") and p["busbw_gbps"] < SLOW * summary["median_busbw_gbps"] else ""
        out.append(f"  round {p['round']}  {p['a_node']:>16} <-> {p['b_node']:<16} {p['busbw_gbps']:>10.4g} GB/s{mark}")
    return out


def run(a) -> int:
    """The command, on every rank of the job."""
    from .. import __version__
    from ..benchmarks import runner
    from ..engine.model import Report
    from . import rendezvous

    try:
        rdzv = rendezvous.from_env()
    except rendezvous.RendezvousError as exc:
        print(f"rocmdoctor: --find-slow-node runs on every node of a job: {exc}".replace(
            "To compare saved snapshots instead, use --from DIR ...", ""), file=sys.stderr)
        return 2
    device = a.device
    if device == "auto":
        from ..benchmarks.suite import count_gpus

        device = "cuda" if (count_gpus(a.python) or 0) > 0 else "cpu"
    args = ["--device", device, "--init", "env://", "--node", rdzv.node_name, "--pair-timeout", str(a.timeout)]
    if getattr(a, "throttle_rank", None) is not None:
        args += ["--throttle-rank", str(a.throttle_rank), "--throttle-ms", str(a.throttle_ms)]
    env = {"RANK": str(rdzv.rank), "WORLD_SIZE": str(rdzv.world_size), "LOCAL_RANK": "0",
           "MASTER_ADDR": rdzv.master_addr, "MASTER_PORT": str(rdzv.master_port)}
    out = runner.run("pairwise", args, python=a.python, nproc=1, timeout=a.timeout, env=env)
    result = out.get("result") or {}
    if out.get("outcome") != "completed" or not result.get("pairs") and rdzv.world_size > 1:
        print(f"rocmdoctor: rank {rdzv.rank} ({rdzv.node_name}): pairwise all-reduce {out.get('outcome')}: "
              f"{out.get('message') or result.get('error') or ''}", file=sys.stderr)
        return EXIT_INCOMPLETE
    findings, summary = judge(result)
    mine = any(f.code == NODE_CODE and f.status == Status.FAIL and f.data.get("rank") == rdzv.rank for f in findings)
    if rdzv.rank != 0:
        return 1 if mine else 0
    report = Report(findings=findings, source={"kind": "live", "launcher": rdzv.launcher}, level="bench",
                    tool_version=__version__, results={"find_slow_node": summary})
    if a.format == "json":
        import json

        sys.stdout.write(json.dumps(report.to_dict(), indent=2, default=str) + "\n")
    else:
        from ..output.text import print_report

        print_report(report)
        print("\n".join(pair_lines(summary)))
        bad = summary.get("slow_nodes") or []
        print(f"slow node(s): {compress(bad)}" if bad else "slow node(s): none")
    return 1 if any(f.status == Status.FAIL for f in findings) else 0
