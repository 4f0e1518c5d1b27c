"""All-reduce across the nodes, at `--level bench`: the same benchmark as the single-node
one (benchmarks/allreduce.py), run as one rank per node after the reports are gathered.

One rank per node, on purpose: each node's own scan at --level bench already measures
the all-reduce across its local GPUs (RD-BENCH-003); this one measures what only a
multi-node run crosses, the network between nodes and RCCL/NCCL's (or gloo's) transport
over it. On GPUs the rank uses the node's first GPU with NCCL/RCCL; on CPU, gloo.

Rank 0 picks a free port, posts the plan to the rendezvous store (key "bench"), and every
node's gather child starts the benchmark through benchmarks/runner.py (its own process
group, a hard timeout, killed past it) with --init env:// pointing at rank 0's host.
Each node posts its outcome back ("bench_out/<rank>"); rank 0 turns them into results
and findings here. `combine` is pure, so the findings are tested on recorded outcomes.
"""
from __future__ import annotations

import re
import socket
from typing import Any

from ..engine.model import Evidence, Finding, Status

RESULT_CODE = "RD-CLU-030"  # the all-reduce across nodes: figures, wrong values, or not run
CULPRIT_CODE = "RD-CLU-031"  # a node whose rank hung or died in it
TIMEOUT_S = 300.0
SLACK_S = 60.0  # rank 0 waits this long past the timeout for the nodes' outcomes
GPU_SIZES = "1048576,16777216,134217728"  # 1, 16, 128 MiB: 512 MiB would take minutes on a 1 GbE link
NCCL_TESTS_PERF = "https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md"
TORCH_DIST_ENV = "https://pytorch.org/docs/stable/distributed.html#common-environment-variables"
NCCL_ENV = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html"
TRIM = 1500


def free_port() -> int:
    """A port free on this host now; the benchmark's rank 0 binds it moments later."""
    with socket.socket() as s:
        s.bind(("", 0))
        return s.getsockname()[1]


def plan(members: list[tuple[int, str]], addr: str, device: str, cfg: dict, port: int | None = None) -> dict:
    """members: (cluster rank, node name) of the ranks that take part, rank 0 first."""
    sizes = cfg.get("sizes") or (GPU_SIZES if device == "cuda" else None)
    return {"addr": addr, "port": port or free_port(), "device": device, "world": len(members),
            "members": {str(r): {"index": i, "node": node} for i, (r, node) in enumerate(members)},
            "sizes": sizes, "iters": cfg.get("iters"), "timeout": float(cfg.get("timeout") or TIMEOUT_S),
            "device_reason": cfg.get("device_reason")}


def run_member(p: dict, rank: int, cfg: dict) -> dict:
    """Run this node's rank of the plan; returns runner.run's outcome, trimmed for the store."""
    from ..benchmarks import runner

    me = p["members"][str(rank)]
    args = ["--device", p["device"], "--init", "env://"]
    if p.get("sizes"):
        args += ["--sizes", str(p["sizes"])]
    if p.get("iters"):
        args += ["--iters", str(p["iters"])]
    if cfg.get("inject") in ("hang", "crash"):  # tests: this node misbehaves (childlib --inject)
        args += ["--inject", cfg["inject"], "--inject-rank", str(me["index"])]
    env = {"RANK": str(me["index"]), "WORLD_SIZE": str(p["world"]), "LOCAL_RANK": "0",
           "MASTER_ADDR": p["addr"], "MASTER_PORT": str(p["port"])}
    try:
        out = runner.run("allreduce", args, python=cfg.get("python"), nproc=1, timeout=p["timeout"], env=env)
    except Exception as exc:  # a launch that breaks is this node's outcome, not the gather's end
        out = {"benchmark": "allreduce", "outcome": "error", "message": f"{type(exc).__name__}: {exc}",
               "ranks": [], "result": None}
    return trim(out)


def trim(out: dict) -> dict:
    keep = {k: out.get(k) for k in ("outcome", "message", "result", "duration_s", "timeout_s")}
    keep["ranks"] = [{k: r.get(k) for k in ("stage", "seq", "killed", "returncode", "signal", "error")}
                     | {"stderr_tail": (r.get("stderr_tail") or "")[-TRIM:]} for r in out.get("ranks") or []]
    return keep


# ------------------------------------------------------------------ findings
def combine(p: dict, outcomes: dict[int, dict | None]) -> tuple[dict, list[Finding]]:
    """The nodes' outcomes (None: none arrived) -> (results["allreduce"], findings)."""
    members = sorted(((int(r), m) for r, m in p["members"].items()), key=lambda x: x[1]["index"])
    nodes = [_node_row(r, m, outcomes.get(r)) for r, m in members]
    res0 = next((o.get("result") for o in (outcomes.get(r) for r, _ in members[:1]) if o), None) or {}
    results = {"world_size": p["world"], "device": p["device"], "device_reason": p.get("device_reason"),
               "backend": res0.get("backend"), "port": p["port"], "timeout_s": p["timeout"],
               "ranks_per_node": 1, "definition": NCCL_TESTS_PERF, "device_info": res0.get("device"),
               "busbw_factor": res0.get("busbw_factor"), "sizes": res0.get("sizes") or [],
               "peak_busbw_gbps": res0.get("peak_busbw_gbps"), "nodes": nodes}
    culprits = _culprits(nodes)
    results["outcome"] = ("completed" if all(n["state"] == "completed" for n in nodes)
                          else "unavailable" if any(n["state"] == "unavailable" for n in nodes) else "failed")
    findings = [_culprit_finding(n, nodes) for n in culprits]
    findings.insert(0, _result_finding(results, nodes, culprits))
    return results, findings


def _node_row(rank: int, m: dict, o: dict | None) -> dict:
    row: dict[str, Any] = {"node": m["node"], "rank": rank, "bench_rank": m["index"]}
    if o is None:
        return dict(row, state="died", outcome=None, stage=None, seq=None,
                    message="no outcome arrived: this node's rocmdoctor gather process died or was killed")
    r0 = (o.get("ranks") or [{}])[0]
    res = o.get("result") or {}
    kind = o.get("outcome")
    state = {"completed": "completed", "timeout": "hung", "crashed": "died", "error": "error"}.get(kind or "", "failed")
    if kind == "failed" and res.get("unavailable"):
        state = "unavailable"
    # The node ran one rank, which its runner calls "rank 0": say whose it is.
    message = re.sub(r"\branks? 0\b", "its rank", o.get("message") or "")
    row.update(state=state, outcome=kind, stage=r0.get("stage"), seq=r0.get("seq"), message=message,
               stderr_tail=r0.get("stderr_tail") or "", wrong_total=res.get("wrong_total"))
    sizes = res.get("sizes") or []
    if sizes:
        # This node's own view: its mean time per iteration (nccl-tests average over ranks).
        factor = res.get("busbw_factor") or 0.0
        local = [dict(bytes=s["bytes"], algbw_gbps=_sig(s["bytes"] / s["local_time_us"] / 1e3),
                      busbw_gbps=_sig(s["bytes"] / s["local_time_us"] / 1e3 * factor), wrong=s.get("wrong", 0))
                 for s in sizes if s.get("local_time_us")]
        row["sizes"] = local
        if local:
            row["peak_busbw_gbps"] = max(s["busbw_gbps"] for s in local)
            row["largest"] = local[-1]
    return row


def _culprits(nodes: list[dict]) -> list[dict]:
    """Nodes to blame: those that died, else the hung ones that stopped first (lowest
    status seq, as runner.py names the lagging local rank); all hung ones if none lags."""
    died = [n for n in nodes if n["state"] == "died"]
    if died:
        return died
    hung = [n for n in nodes if n["state"] == "hung"]
    seqs = {n["seq"] or 0 for n in hung}
    if len(seqs) > 1:
        return [n for n in hung if (n["seq"] or 0) == min(seqs)]
    return hung


def _label(results: dict) -> str:
    dev = results.get("device_info") or {}
    if results["device"] == "cpu":
        return "CPU run (gloo), not a GPU figure"
    return f"{results.get('backend') or 'nccl'} on {dev.get('name') or 'GPU'}"


def _result_finding(results: dict, nodes: list[dict], culprits: list[dict]) -> Finding:
    n = results["world_size"]
    names = [x["node"] for x in nodes]
    evidence = tuple(Evidence(f"probe: cluster all-reduce ({x['node']})", _node_line(x)) for x in nodes)
    data: dict[str, Any] = {"nodes": names, "peak_busbw_gbps": results.get("peak_busbw_gbps"), "outliers": []}

    def finding(status: Status, title: str, detail: str,
                sources: tuple[str, ...] = (NCCL_TESTS_PERF, TORCH_DIST_ENV)) -> Finding:
        return Finding(code=RESULT_CODE, status=status, title=title, detail=detail, area="cluster",
                       subject="all-reduce", evidence=evidence, sources=sources, data=data)

    if results["outcome"] == "unavailable":
        why = "; ".join(f"{x['node']}: {x['message']}" for x in nodes if x["state"] == "unavailable")
        return finding(Status.SKIP, f"all-reduce across {n} nodes: not run", why)
    if culprits:
        who = ", ".join(x["node"] for x in culprits)
        return finding(Status.FAIL, f"all-reduce across {n} nodes did not complete ({who})",
                       f"The cross-node all-reduce stopped; {CULPRIT_CODE} names the node(s) that "
                       "hung or died. A training job's collectives across these nodes would stop the same way.")
    failed = [x for x in nodes if x["state"] != "completed"]
    if failed:
        first = failed[0]
        return finding(Status.FAIL, f"all-reduce across {n} nodes failed",
                       f"{first['node']}: {first['message']}. When every rank fails to connect, look at "
                       "NCCL_SOCKET_IFNAME/GLOO_SOCKET_IFNAME and the firewall between the nodes (rank 0's "
                       f"benchmark listens on port {results['port']}).", sources=(TORCH_DIST_ENV, NCCL_ENV))
    wrong = [x for x in nodes if x.get("wrong_total")]
    if wrong:
        outliers = [x["node"] for x in wrong]
        data["outliers"] = outliers
        return finding(Status.FAIL, f"all-reduce across nodes returned wrong values on {', '.join(outliers)}",
                       "Each rank checks the reduced buffer element by element; a collective that corrupts "
                       "data across the network must not be trained on.")
    last = (results.get("sizes") or [{}])[-1]
    title = (f"all-reduce across {n} nodes: busbw {last.get('busbw_gbps')} GB/s, algbw {last.get('algbw_gbps')} GB/s "
             f"at {_h(last.get('bytes'))}, correct")
    slowest = min((x for x in nodes if x.get("largest")), key=lambda x: x["largest"]["busbw_gbps"], default=None)
    detail = (f"{_label(results)}; one rank per node. busbw = algbw x 2(n-1)/n as nccl-tests define it; time is the "
              "mean per iteration averaged over ranks. Peak busbw "
              f"{results.get('peak_busbw_gbps')} GB/s."
              + (f" Slowest node by its own timing: {slowest['node']} ({slowest['largest']['busbw_gbps']} GB/s)."
                 if slowest else ""))
    return finding(Status.PASS, title, detail)


def _culprit_finding(node: dict, nodes: list[dict]) -> Finding:
    others = [x for x in nodes if x is not node and x.get("stage")]
    waiting = "; ".join(f"{x['node']} was at '{x['stage']}'" for x in others)
    if node["state"] == "hung":
        title = f"{node['node']}: its all-reduce rank hung at '{node['stage']}'"
        why = "It stayed there until the hard timeout killed it"
    else:
        title = f"{node['node']}: its all-reduce rank died" + (f" at '{node['stage']}'" if node.get("stage") else "")
        why = "It exited without a result"
    detail = (f"{why} ({node['message']})." + (f" Meanwhile {waiting}." if waiting else "") +
              " Run `rocmdoctor bench allreduce` on that node, and check its network interface "
              "(NCCL_SOCKET_IFNAME/GLOO_SOCKET_IFNAME), firewall and, on GPUs, RCCL's log (NCCL_DEBUG=INFO).")
    evidence = [Evidence(f"probe: cluster all-reduce ({node['node']})", _node_line(node))]
    if node.get("stderr_tail"):
        evidence.append(Evidence(f"probe: cluster all-reduce ({node['node']}) stderr", node["stderr_tail"]))
    return Finding(code=CULPRIT_CODE, status=Status.FAIL, area="cluster", subject=node["node"], title=title,
                   detail=detail, evidence=tuple(evidence), sources=(TORCH_DIST_ENV, NCCL_ENV),
                   data={"node": node["node"], "ranks": [node["rank"]], "state": node["state"],
                         "stage": node.get("stage"), "outliers": [node["node"]]})


def _node_line(x: dict) -> str:
    if x["state"] == "completed":
        big = x.get("largest") or {}
        return (f"completed; own timing at {_h(big.get('bytes'))}: algbw {big.get('algbw_gbps')} GB/s, busbw "
                f"{big.get('busbw_gbps')} GB/s; {x.get('wrong_total') or 0} wrong elements")
    return f"{x['state']} at '{x.get('stage')}': {x.get('message')}"


def text_lines(results: dict) -> list[str]:
    """The table's block for the all-reduce across nodes (table.py)."""
    rows = results.get("sizes") or []
    head = (f"{results.get('backend') or results['device']}, "
            f"{'CPU run' if results['device'] == 'cpu' else 'GPU'}, one rank per node, {results['world_size']} nodes")
    out = [head]
    if rows:
        out.append(f"  {'size':>8}  {'time us':>10}  {'algbw GB/s':>10}  {'busbw GB/s':>10}  {'#wrong':>6}")
        out += [f"  {_h(r['bytes']):>8}  {r['time_us']:>10}  {r['algbw_gbps']:>10}  {r['busbw_gbps']:>10}  "
                f"{r.get('wrong', 0):>6}" for r in rows]
    for n in results.get("nodes") or []:
        if n["state"] == "completed" and n.get("largest"):
            out.append(f"  {n['node']}: busbw {n['largest']['busbw_gbps']} GB/s by its own timing")
        else:
            out.append(f"  {n['node']}: {n['state'].upper()}" + (f" at '{n['stage']}'" if n.get("stage") else ""))
    return out


def _sig(x: float) -> float:
    return float(f"{x:.6g}")


def _h(n) -> str:
    if not isinstance(n, int):
        return "?"
    for unit, k in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << k and n % (1 << k) == 0:
            return f"{n >> k} {unit}"
    return f"{n} B"
