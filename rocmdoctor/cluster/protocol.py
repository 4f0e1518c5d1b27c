"""The gather, run as a child process on every rank (started and timed by gather.py).

Control plane: torch.distributed's TCPStore at MASTER_ADDR:MASTER_PORT (rank 0 hosts it,
or torchrun's agent already does). Each rank posts join/<r> at once, then a heartbeat
counter hb/<r> every second, then ready/<r> when its node's scan is done. Rank 0 watches
these keys with its own clock, so it can name nodes that never joined, that joined and
stopped beating (died) and that beat but never finished (hung), and then tell everyone
which ranks take part (key "verdict").

Data plane: when every rank is ready, the reports travel with gather_object over a gloo
process group, the same path a training job's CPU collectives take. When some rank is
missing, or gloo itself cannot connect (a wrong GLOO_SOCKET_IFNAME, a host name that
resolves to 127.0.1.1), the ranks that are there post their reports to the store instead,
and the gloo failure becomes a finding.

At --level bench, rank 0 then posts a plan (key "bench", bench.py) and one rank per node
runs the all-reduce benchmark across the nodes; each posts its outcome ("bench_out/<r>").
Rank 0 then builds the cluster report, posts each rank's exit code (key "exit") and
prints the report as the last JSON line.

Nothing here waits without a deadline; the parent kills this process if it overruns.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import sys
import threading
import time

from .rendezvous import Rendezvous

POLL = 0.2
_T0 = time.monotonic()
GLOO_TIMEOUT = 60.0  # seconds for init and gather once every rank is known to be ready


def emit(event: str, **data) -> None:
    sys.stdout.write(json.dumps({"event": event, "t": round(time.monotonic() - _T0, 3), **data}, default=str) + "\n")
    sys.stdout.flush()


def log(msg: str) -> None:
    sys.stderr.write(f"rocmdoctor cluster: {msg}\n")
    sys.stderr.flush()


class Peer:
    """One rank's side of the protocol."""

    def __init__(self, rdzv: Rendezvous, cfg: dict):
        self.r = rdzv
        self.cfg = cfg
        self.join_timeout = float(cfg.get("join_timeout", 120))
        self.node_timeout = float(cfg.get("node_timeout", 600))
        self.heartbeat = float(cfg.get("heartbeat", 1.0))
        self.dead_after = float(cfg.get("dead_after", 6.0))
        self.prefix = f"rocmdoctor/{rdzv.run_id}/"
        self.bench = cfg.get("bench")  # the cross-node all-reduce's settings, at --level bench
        self.store = None
        self._stop = threading.Event()

    # ------------------------------------------------------------------ store
    def _tcp(self, master: bool, timeout: float):
        from torch.distributed import TCPStore

        return TCPStore(self.r.master_addr, self.r.master_port, self.r.world_size if master else None, master,
                        dt.timedelta(seconds=timeout), wait_for_workers=False)

    def connect(self) -> None:
        from torch.distributed import PrefixStore

        master = self.r.rank == 0 and not self.r.agent_store
        self._base = self._tcp(master, self.join_timeout)
        self.store = PrefixStore(self.prefix, self._base)
        self.store.set_timeout(dt.timedelta(seconds=self.join_timeout + self.node_timeout + GLOO_TIMEOUT + 60))

    def key(self, name: str, rank: int | None = None) -> str:
        return name if rank is None else f"{name}/{rank}"

    def has(self, key: str) -> bool:
        return self.store.check([key])

    def get_json(self, key: str):
        return json.loads(self.store.get(key).decode())

    def set_json(self, key: str, value) -> None:
        self.store.set(key, json.dumps(value, default=str))

    def wait_any(self, keys: list[str], deadline: float) -> str | None:
        while True:
            for k in keys:
                if self.has(k):
                    return k
            if time.monotonic() >= deadline:
                return None
            time.sleep(POLL)

    # -------------------------------------------------------------- heartbeat
    def start_heartbeat(self) -> None:
        from torch.distributed import PrefixStore

        ppid = os.getppid()
        hb = PrefixStore(self.prefix, self._tcp(False, self.join_timeout))
        key = self.key("hb", self.r.rank)

        def beat():
            while not self._stop.is_set():
                if os.getppid() != ppid:  # our rocmdoctor process is gone: stop beating, so rank 0 sees us die
                    os._exit(3)
                try:
                    hb.add(key, 1)
                except Exception:
                    return
                self._stop.wait(self.heartbeat)

        threading.Thread(target=beat, daemon=True).start()

    # ------------------------------------------------------------------- main
    def join(self) -> None:
        self.connect()
        self.set_json(self.key("join", self.r.rank), {"node": self.r.node_name, "local_rank": self.r.local_rank,
                                                      "pid": os.getppid()})
        self.start_heartbeat()
        if self.bench and self.bench.get("device", "auto") == "auto" and self.r.local_rank == 0:
            self.start_gpu_count()
        emit("joined", rank=self.r.rank)

    def start_gpu_count(self) -> None:
        """Count the GPUs torch sees in the scanned interpreter while the scan runs, so
        rank 0 can choose NCCL/RCCL or gloo for the all-reduce across nodes."""
        from torch.distributed import PrefixStore

        store = PrefixStore(self.prefix, self._tcp(False, self.join_timeout))

        def count():
            try:
                from ..benchmarks.suite import count_gpus

                n = count_gpus(self.bench.get("python"))
            except Exception:
                n = None
            try:
                store.set(self.key("gpus", self.r.rank), json.dumps(n))
            except Exception:
                pass

        threading.Thread(target=count, daemon=True).start()

    def bench_budget(self) -> float:
        from .bench import SLACK_S, TIMEOUT_S

        return float(self.bench.get("timeout") or TIMEOUT_S) + 2 * SLACK_S if self.bench else 0.0

    def read_payload(self):
        """The parent's scan result arrives on stdin; EOF without it means the parent died."""
        text = sys.stdin.read()
        if not text.strip():
            return None, "the rocmdoctor process on this node exited before it finished its scan"
        try:
            return json.loads(text)["payload"], None
        except (ValueError, KeyError, TypeError) as exc:
            return None, f"unreadable scan result from the parent process: {exc}"

    def run(self) -> dict:
        self.join()
        return self.run_rank0() if self.r.rank == 0 else self.run_other()

    # ---------------------------------------------------------------- rank > 0
    def run_other(self) -> dict:
        payload, err = self.read_payload()
        if err:
            self.store.set(self.key("fail", self.r.rank), err)
            return {"exit": 4, "message": err}
        self.store.set(self.key("ready", self.r.rank), "1")
        emit("ready", rank=self.r.rank)
        deadline = time.monotonic() + self.join_timeout + self.node_timeout + 30
        if not self.wait_any(["verdict"], deadline):
            return {"exit": 4, "message": "rank 0 gave no verdict in time"}
        verdict = self.get_json("verdict")
        if self.r.rank not in verdict["included"]:
            return {"exit": 4, "message": "rank 0 stopped waiting for this node before it was ready"}
        gathered = False
        if verdict["mode"] == "gloo":
            gathered = self._gloo(payload) is not None
        if not gathered:
            self.set_json(self.key("payload", self.r.rank), payload)
        deadline = time.monotonic() + GLOO_TIMEOUT + 60 + self.bench_budget()
        handled: set[str] = set()
        while True:
            got = self.wait_any([k for k in ("exit", "resend", "bench") if k not in handled], deadline)
            if got in (None, "exit"):
                break
            handled.add(got)
            if got == "resend" and gathered:
                self.set_json(self.key("payload", self.r.rank), payload)
            if got == "bench":
                self.bench_member()
        if got != "exit":
            return {"exit": 4, "message": "rank 0 sent no verdict after the gather"}
        codes = self.get_json("exit")
        self.store.add("done", 1)
        return {"exit": int(codes.get(str(self.r.rank), 0))}

    # ---------------------------------------------------------------- rank 0
    def run_rank0(self) -> dict:
        t0 = time.monotonic()
        n = self.r.world_size
        joins: dict[int, dict] = {0: {"node": self.r.node_name, "local_rank": self.r.local_rank}}
        pending = set(range(1, n))
        join_deadline = t0 + self.join_timeout
        while pending and time.monotonic() < join_deadline:
            for r in sorted(pending):
                if self.has(self.key("join", r)):
                    joins[r] = self.get_json(self.key("join", r))
                    pending.discard(r)
            if pending:
                time.sleep(POLL)
        never = sorted(pending)
        emit("joins", joined=sorted(joins), never=never)

        payload, err = self.read_payload()
        own = payload if payload is not None else {"node": self.r.node_name, "rank": 0, "report": None,
                                                   "error": err}
        ready, died, hung = self.wait_ready(joins)
        included = sorted([0] + ready)
        mode = "gloo" if len(included) == n else "store"
        self.set_json("verdict", {"mode": mode, "included": included})
        emit("verdict", mode=mode, included=included)

        extra = []
        payloads: dict[int, dict | None] = {}
        if mode == "gloo":
            got = self._gloo(own)
            if got is None:
                extra.append(self._gloo_finding())
                self.store.set("resend", "1")
                mode = "store"
            else:
                payloads = dict(enumerate(got))
        if mode == "store":
            payloads[0] = own
            deadline = time.monotonic() + GLOO_TIMEOUT
            for r in included[1:]:
                k = self.key("payload", r)
                while not self.has(k) and time.monotonic() < deadline:
                    time.sleep(POLL)
                payloads[r] = self.get_json(k) if self.has(k) else None
                if payloads[r] is None and not self.has(k):
                    hung.append(r)

        absent = _absent(never, died, hung, joins, self)
        from .report import build

        results: dict = {}
        if self.bench:
            results, found = self.bench_rank0(included, hung, joins, payloads)
            extra += found

        # Only local rank 0 of each node scans; the other ranks' payload is None.
        scanned = [p for r, p in sorted(payloads.items()) if p is not None]
        cluster = build(scanned, absent, level=self.cfg.get("level", "default"),
                        strict=bool(self.cfg.get("strict")), world_size=n, launcher=self.r.launcher,
                        extra=extra, results=results)
        # A node's other local ranks exit like its scanning rank (looked up by node name).
        by_rank = {x["rank"]: x["exit_code"] for x in cluster["nodes"]}
        by_node = {x["node"]: x["exit_code"] for x in cluster["nodes"]}
        codes = {str(r): by_rank.get(r, by_node.get(joins.get(r, {}).get("node"), 0)) for r in included}
        self.set_json("exit", codes)
        others = len(included) - 1
        deadline = time.monotonic() + 10
        while others and self.store.add("done", 0) < others and time.monotonic() < deadline:
            time.sleep(POLL)
        return {"exit": cluster["exit_code"], "cluster": cluster}

    def wait_ready(self, joins: dict[int, dict]) -> tuple[list[int], list[tuple[int, str]], list[int]]:
        """Wait for the joined ranks' scans, telling dead ones (no heartbeat, or their
        process gone) from hung ones (beating, but not done by --node-timeout)."""
        pending = {r for r in joins if r != 0}
        ready: list[int] = []
        died: list[tuple[int, str]] = []
        last: dict[int, tuple[int, float]] = {}
        deadline = time.monotonic() + self.node_timeout
        while pending and time.monotonic() < deadline:
            now = time.monotonic()
            for r in sorted(pending):
                if self.has(self.key("ready", r)):
                    ready.append(r)
                    pending.discard(r)
                elif self.has(self.key("fail", r)):
                    died.append((r, self.store.get(self.key("fail", r)).decode()))
                    pending.discard(r)
                else:
                    beat = self.store.add(self.key("hb", r), 0)
                    seen, since = last.get(r, (-1, now))
                    if beat != seen:
                        last[r] = (beat, now)
                    elif now - since > self.dead_after:
                        died.append((r, f"its heartbeat stopped {now - since:.0f} s ago"))
                        pending.discard(r)
            if pending:
                time.sleep(POLL)
        return ready, died, sorted(pending)

    # ------------------------------------------------------ all-reduce (bench)
    def bench_rank0(self, included, hung, joins, payloads) -> tuple[dict, list]:
        """Plan the all-reduce across nodes (one rank each: local rank 0), run rank 0's part,
        collect the others' outcomes. Returns (cluster results, findings)."""
        from . import bench
        from .report import _unique_names

        # Rank 0 always takes part (it hosts the benchmark's rendezvous), then one rank per node.
        members = [r for r in included if r == 0 or (r not in hung and joins.get(r, {}).get("local_rank", 0) == 0)]
        named = _unique_names([{"node": (payloads.get(r) or joins.get(r) or {}).get("node") or f"rank {r}",
                                "rank": r} for r in members])
        if len(members) < 2:
            f = bench.Finding(code=bench.RESULT_CODE, status=bench.Status.SKIP, area="cluster", subject="all-reduce",
                              title="all-reduce across nodes: not run",
                              detail=f"{len(members)} node(s) took part; it needs two or more.")
            return {}, [f]
        cfg = dict(self.bench)
        cfg["device"], cfg["device_reason"] = self._bench_device(members)
        p = bench.plan([(x["rank"], x["node"]) for x in named], self.r.master_addr, cfg["device"], cfg)
        self.set_json("bench", p)
        emit("bench", members=members, port=p["port"], device=p["device"])
        outcomes = {0: bench.run_member(p, 0, cfg)}
        deadline = time.monotonic() + bench.SLACK_S
        for r in members[1:]:
            k = self.key("bench_out", r)
            while not self.has(k) and time.monotonic() < deadline:
                time.sleep(POLL)
            outcomes[r] = self.get_json(k) if self.has(k) else None
        results, findings = bench.combine(p, outcomes)
        return {"allreduce": results}, findings

    def _bench_device(self, members) -> tuple[str, str]:
        want = self.bench.get("device", "auto")
        if want in ("cpu", "cuda"):
            return want, f"--bench-device {want}"
        counts, deadline = {}, time.monotonic() + 60
        for r in members:
            k = self.key("gpus", r)
            while not self.has(k) and time.monotonic() < deadline:
                time.sleep(POLL)
            counts[r] = self.get_json(k) if self.has(k) else None
        if all(c for c in counts.values()):
            return "cuda", "torch sees a GPU on every node"
        lacking = [r for r, c in counts.items() if not c]
        return "cpu", f"torch sees no GPU on rank(s) {', '.join(map(str, lacking))}: CPU ranks with gloo"

    def bench_member(self) -> None:
        from . import bench

        p = self.get_json("bench")
        if str(self.r.rank) not in p["members"]:
            return
        emit("bench", rank=self.r.rank, port=p["port"])
        self.set_json(self.key("bench_out", self.r.rank), bench.run_member(p, self.r.rank, self.bench))

    # ------------------------------------------------------------------ gloo
    def _gloo(self, payload):
        """gather_object over gloo; the list on rank 0, [] elsewhere, None if gloo failed."""
        import torch.distributed as dist
        from torch.distributed import PrefixStore

        try:
            dist.init_process_group("gloo", store=PrefixStore("pg/", self.store), rank=self.r.rank,
                                    world_size=self.r.world_size, timeout=dt.timedelta(seconds=GLOO_TIMEOUT))
            out = [None] * self.r.world_size if self.r.rank == 0 else None
            dist.gather_object(payload, out, dst=0)
            return out if self.r.rank == 0 else []
        except Exception as exc:
            self.gloo_error = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
            log(f"gloo gather failed: {self.gloo_error}")
            return None

    def _gloo_finding(self):
        from ..engine.model import Evidence, Finding, Status

        env = {k: os.environ[k] for k in ("GLOO_SOCKET_IFNAME", "MASTER_ADDR") if k in os.environ}
        return Finding(
            code="RD-CLU-005", status=Status.FAIL, area="cluster", subject="gloo",
            title="torch.distributed could not connect the nodes over gloo",
            detail=("Every rank reached the rendezvous store, but the gloo process group failed: "
                    f"{getattr(self, 'gloo_error', '?')}. A training job's CPU collectives (and its "
                    "init_process_group) will fail the same way. Usual causes: a host name that resolves to "
                    "127.0.1.1 (set GLOO_SOCKET_IFNAME to the cluster interface), a firewall between nodes, or "
                    "GLOO_SOCKET_IFNAME naming an interface that is missing on some node. The reports were "
                    "gathered through the store instead."),
            evidence=(Evidence("environment",
                               " ".join(f"{k}={v}" for k, v in env.items()) or "(no GLOO_SOCKET_IFNAME)"),),
            sources=("https://pytorch.org/docs/stable/distributed.html#common-environment-variables",),
            data={"error": getattr(self, "gloo_error", None)})


def _absent(never, died, hung, joins, peer: Peer) -> list[dict]:
    """Group missing ranks by node where their join told us the node."""
    out = []
    if never:
        out.append({"node": None, "ranks": never, "state": "never joined",
                    "detail": (f"No process with these ranks reached rank 0's store at {peer.r.master_addr}:"
                               f"{peer.r.master_port} within --rendezvous-timeout {peer.join_timeout:g} s. The node "
                               "may be down, the launcher may not have started it, or a firewall blocks the port.")})
    by_node: dict[tuple[str, str], dict] = {}
    for r, why in died:
        node = joins.get(r, {}).get("node") or f"rank {r}"
        entry = by_node.setdefault((node, "died"), {"node": node, "ranks": [], "state": "died", "detail": why})
        entry["ranks"].append(r)
    for r in hung:
        node = joins.get(r, {}).get("node") or f"rank {r}"
        by_node.setdefault((node, "hung"), {
            "node": node, "ranks": [], "state": "hung",
            "detail": (f"It joined and kept its heartbeat, but its scan did not finish within --node-timeout "
                       f"{peer.node_timeout:g} s: a probe or driver call is probably stuck there (look for a "
                       "process in D state, or run `rocmdoctor scan` on that node).")})["ranks"].append(r)
    return out + list(by_node.values())


def main() -> int:
    cfg = json.loads(sys.argv[1])
    rdzv = Rendezvous.from_dict(cfg["rendezvous"])
    peer = Peer(rdzv, cfg)
    try:
        result = peer.run()
    except Exception as exc:
        msg = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        if peer.store is None:
            where = (f"could not reach rank 0's store at {rdzv.master_addr}:{rdzv.master_port}" if rdzv.rank
                     else f"could not open the rendezvous store on port {rdzv.master_port}")
            msg = f"{where} within {peer.join_timeout:g} s ({msg})"
        result = {"exit": 4, "message": msg}
    peer._stop.set()
    emit("result", **result)
    sys.stdout.flush()
    os._exit(0)  # skip torch's atexit teardown, which can block on a dead peer


if __name__ == "__main__":
    main()
