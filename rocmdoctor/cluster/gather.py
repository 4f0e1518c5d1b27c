"""One rank's part of `scan --cluster`, in rocmdoctor's own process, torch-free.

The store (store.py) is either torch.distributed's TCPStore held by a child process of the
*training* interpreter (`--python`, else the active venv/conda or python3 on PATH: where
torch is), or a directory every node shares (`--rendezvous-dir`). The protocol
(protocol.py) runs here against it: join while this node is scanned, post the report, and
on rank 0 collect, build the cluster report (report.py), run the cross-node all-reduce at
--level bench (bench.py) and post every rank's exit code. Every wait has a deadline; a
store call that does not answer in time is a StoreError, never a hang.
"""
from __future__ import annotations

import json
import os
import time

from ..engine.model import Evidence, Finding, Status
from .protocol import Peer
from .rendezvous import Rendezvous
from .store import FileStore, ProxyStore, Store, StoreError
from ..base.untrusted import pick

GLOO_TIMEOUT = 60.0  # the gloo check across all ranks (RD-CLU-005)
TORCH_HINT = ("the rendezvous runs in the training environment's interpreter: name the one with torch with "
              "--python, or give --rendezvous-dir DIR on a file system every node shares")


def open_store(rdzv: Rendezvous, a) -> Store:
    """This rank's store; raises StoreError saying what could not be reached and why."""
    prefix = f"rocmdoctor/{rdzv.run_id}/"
    join = float(getattr(a, "rendezvous_timeout", 120.0))
    if getattr(a, "rendezvous_dir", None):
        try:
            store = FileStore(a.rendezvous_dir, prefix)
        except OSError as exc:
            raise StoreError(f"--rendezvous-dir {a.rendezvous_dir}: {exc.strerror or exc}") from None
        if store.check(["verdict"]):  # files stay: a run without a job id would meet the last run's keys
            raise StoreError(f"--rendezvous-dir {a.rendezvous_dir} already holds a finished rendezvous of run "
                             f"'{rdzv.run_id}' (a rerun outside Slurm or torchrun, or this rank came after the "
                             "verdict): give each run a fresh directory")
        return store
    from ..machine.interpreter import choose

    py = choose(getattr(a, "python", None))
    master = rdzv.rank == 0 and not rdzv.agent_store
    try:
        return ProxyStore(py.path, rdzv.master_addr, rdzv.master_port, rdzv.world_size, master, prefix,
                          timeout=join, env=_child_env())
    except (StoreError, OSError) as exc:
        where = (f"could not open the rendezvous store on port {rdzv.master_port}" if master
                 else f"could not reach rank 0's store at {rdzv.master_addr}:{rdzv.master_port} within {join:g} s")
        hint = f"; {TORCH_HINT}" if "torch" in str(exc) or isinstance(exc, OSError) else ""
        raise StoreError(f"{where} ({py.path}, {py.why}: {exc}){hint}") from None


def _child_env() -> dict:
    env = dict(os.environ)
    env.setdefault("PYTHONUNBUFFERED", "1")
    env.setdefault("TORCH_CPP_LOG_LEVEL", "ERROR")  # c10d logs each connect retry at WARNING
    return env


def run(store: Store, rdzv: Rendezvous, a, scan_payload, bench: dict | None) -> dict:
    """Join, scan (``scan_payload()``), post, then follow (rank > 0) or lead (rank 0).
    Returns {"exit", "cluster" (rank 0), "message", "store_calls", "verdict_s"}."""
    peer = Peer(store, rdzv, join_timeout=float(a.rendezvous_timeout), node_timeout=float(a.node_timeout))
    try:
        peer.join()
        payload = scan_payload()
        if bench and payload is not None and bench.get("device", "auto") == "auto":
            payload["gpus"] = _count_gpus(bench)
        peer.post(payload)
        if rdzv.rank != 0:
            from . import bench as cbench

            # The plan is the leader's: a node started below --level bench has no settings of
            # its own (None) and still runs its rank, or the others' collective waits for it.
            out = peer.follow(run_bench=lambda plan: cbench.run_member(plan, rdzv.rank, bench or {}))
        else:
            out = lead(peer, bench, a)
    except StoreError as exc:
        out = {"exit": 4, "message": f"the rendezvous store stopped answering: {exc}"}
    except Exception as exc:  # noqa: BLE001 - the cluster report still says what this rank knows
        out = {"exit": 4, "message": f"the gather failed: {type(exc).__name__}: {exc}"}
    finally:
        peer.stop()
    out["store_calls"] = store.calls
    out["verdict_s"] = round(time.monotonic() - peer.t0, 3)
    return out


def _count_gpus(bench: dict) -> int | None:
    try:
        from ..benchmarks.suite import count_gpus

        return count_gpus(bench.get("python"))
    except Exception:  # noqa: BLE001 - unknown: the all-reduce then runs on CPU
        return None


def lead(peer: Peer, bench: dict | None, a) -> dict:
    from . import report as creport

    payloads, joins, absent = peer.collect()
    included = sorted(payloads)
    n = peer.n
    gloo = GLOO_TIMEOUT if len(included) == n and n > 1 and isinstance(peer.store, ProxyStore) else None
    plan, extra, results = None, [], {}
    if bench:
        plan, skip = _bench_plan(peer, bench, included, joins, payloads)
        if skip:
            extra.append(skip)
    peer.plan(included, plan, gloo)
    if gloo:
        err = peer.store.gloo(0, n, gloo)
        if err:
            extra.append(gloo_finding(err))
    if plan and bench:  # a plan is made only with bench settings
        found, results = _bench_collect(peer, plan, bench)
        extra += found
    # Only local rank 0 of each node scans; the other ranks' payload is None.
    scanned = [p for _, p in sorted(payloads.items()) if p is not None]
    cluster = creport.build(scanned, absent, level=a.level, strict=a.strict, world_size=n,
                            launcher=peer.r.launcher, extra=extra, results=results)
    # A node's other local ranks exit like its scanning rank (looked up by node name).
    by_rank = {x["rank"]: x["exit_code"] for x in cluster["nodes"]}
    by_node = {x["node"]: x["exit_code"] for x in cluster["nodes"]}
    codes = {str(r): by_rank.get(r, by_node.get(joins.get(r, {}).get("node"), 0)) for r in included}
    peer.verdict(codes, included)
    return {"exit": cluster["exit_code"], "cluster": cluster}


# ------------------------------------------------------ all-reduce (bench)
def _bench_plan(peer: Peer, bench: dict, included, joins, payloads):
    """One rank per node (local rank 0; rank 0 always, it hosts the benchmark's rendezvous)."""
    from . import bench as cbench
    from .report import _unique_names

    members = [r for r in included if r == 0 or joins.get(r, {}).get("local_rank", 0) == 0]
    if len(members) < 2:
        return None, Finding(code=cbench.RESULT_CODE, status=Status.SKIP, area="cluster", subject="all-reduce",
                             title="all-reduce across nodes: not run",
                             detail=f"{len(members)} node(s) took part; it needs two or more.")
    named = _unique_names([{"node": pick(payloads.get(r) or joins.get(r), "node") or f"rank {r}", "rank": r}
                           for r in members])
    cfg = dict(bench)
    want = bench.get("device", "auto")
    if want in ("cpu", "cuda"):
        cfg["device"], cfg["device_reason"] = want, f"--bench-device {want}"
    else:
        lacking = [r for r in members if not pick(payloads, r, "gpus")]
        cfg["device"], cfg["device_reason"] = (
            ("cuda", "torch sees a GPU on every node") if not lacking else
            ("cpu", f"torch sees no GPU on rank(s) {', '.join(map(str, lacking))}: CPU ranks with gloo"))
    return cbench.plan([(x["rank"], x["node"]) for x in named], peer.r.master_addr, cfg["device"], cfg), None


def _bench_collect(peer: Peer, plan: dict, bench: dict):
    from . import bench as cbench

    outcomes: dict[int, dict | None] = {0: cbench.run_member(plan, 0, bench)}
    others = [int(r) for r in plan["members"] if int(r) != 0]
    keys = [f"bench_out/{r}" for r in others]
    peer.store.wait(keys, cbench.SLACK_S)
    for r, v in zip(others, peer.store.multi_get(keys)):
        try:
            got = json.loads(v) if v is not None else None
        except ValueError:  # another node's text: unreadable is no outcome
            got = None
        outcomes[r] = got if isinstance(got, dict) else None  # nor is JSON that is not an object
    results, findings = cbench.combine(plan, outcomes)
    return findings, {"allreduce": results}


def gloo_finding(error: str) -> Finding:
    env = {k: os.environ[k] for k in ("GLOO_SOCKET_IFNAME", "MASTER_ADDR") if k in os.environ}
    return Finding(
        code="RD-CLU-005", status=Status.FAIL, area="cluster", subject="gloo",
        title="torch.distributed could not connect the nodes over gloo",
        detail=("Every rank reached the rendezvous store, but a gloo process group across them failed: "
                f"{error}. A training job's CPU collectives (and its init_process_group) will fail the same way. "
                "Usual causes: a host name that resolves to 127.0.1.1 (set GLOO_SOCKET_IFNAME to the cluster "
                "interface), a firewall between nodes, or GLOO_SOCKET_IFNAME naming an interface that is missing "
                "on some node. The reports were gathered through the store all the same."),
        evidence=(Evidence("environment", " ".join(f"{k}={v}" for k, v in env.items()) or "(no GLOO_SOCKET_IFNAME)"),),
        sources=("https://pytorch.org/docs/stable/distributed.html#common-environment-variables",),
        data={"error": error})


def gather_failed(message: str, rdzv: Rendezvous) -> Finding:
    return Finding(code="RD-CLU-004", status=Status.FAIL, area="cluster", subject="gather",
                   title="the cluster gather did not complete", detail=message,
                   evidence=(Evidence("rendezvous", f"{rdzv.master_addr}:{rdzv.master_port}"),))
