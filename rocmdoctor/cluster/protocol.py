"""The gather, run by rocmdoctor's own process on every rank against a Store (store.py):
the TCPStore held in the training interpreter, or a shared directory. No torch here.

Phases, each closed by one barrier key, so rank 0 never polls every rank:
  join    each rank posts join/<r>, then arrives: n = add(count/join); the rank that makes
          n reach the expected count sets done/join. Rank 0 waits on done/join (a server-side
          wait on a TCPStore; back-off on a directory) until --rendezvous-timeout.
  ready   each rank posts payload/<r> (its node's report, or None on a node's other local
          ranks) and arrives the same way; rank 0 waits on done/ready until --node-timeout.
  plan    rank 0 posts {"included", "bench", "gloo"}; the others wait on it.
  verdict rank 0 builds the cluster report in its own process and posts every rank's exit code.
  final   the others arrive, so rank 0 keeps the store up until they have read the verdict.

At a deadline the missing ranks are named, not waited for: rank 0 reads which join/<r> and
payload/<r> keys exist in one batched read, then tells ranks that joined but never posted a
report apart by their heartbeat counter hb/<r> (read twice, --dead-after apart): still
counting means hung (a probe stuck in the driver), stopped means died. Ranks beat every
``heartbeat`` seconds, a period that grows with the world size so a thousand ranks cost the
store about a hundred calls a second; nothing reads the beats until a deadline.

When some rank is missing, rank 0 tells the others how many to expect (expect/<phase>), and
an arriving rank compares its count with that; rank 0 also re-checks the count after posting
it, so the last arrival is never missed.
"""
from __future__ import annotations

import json
import os
import threading
import time
from typing import Callable

from .rendezvous import Rendezvous
from .store import Store, StoreError

FINAL_WAIT = 10.0  # how long rank 0 keeps the store up for the others to read the verdict


def heartbeat_period(world: int) -> float:
    return max(1.0, world / 100.0)


class Peer:
    def __init__(self, store: Store, rdzv: Rendezvous, *, join_timeout: float, node_timeout: float,
                 dead_after: float | None = None, heartbeat: float | None = None):
        self.store = store
        self.r = rdzv
        self.n = rdzv.world_size
        self.join_timeout = join_timeout
        self.node_timeout = node_timeout
        self.heartbeat = heartbeat or heartbeat_period(self.n)
        self.dead_after = dead_after or max(6.0, 3 * self.heartbeat)
        self.t0 = time.monotonic()
        self._stop = threading.Event()
        self.events: list[tuple[float, str]] = []

    def note(self, what: str) -> None:
        self.events.append((round(time.monotonic() - self.t0, 3), what))

    # ---------------------------------------------------------------- barrier
    def arrive(self, phase: str) -> None:
        n = self.store.add(f"count/{phase}", 1)
        expect = self.store.get(f"expect/{phase}")
        if n >= (int(expect) if expect else self.n):
            self.store.set(f"done/{phase}", "1")

    def expect(self, phase: str, count: int) -> None:
        """Rank 0: fewer ranks take part than the world size."""
        self.store.set(f"expect/{phase}", str(count))
        if self.store.add(f"count/{phase}", 0) >= count:
            self.store.set(f"done/{phase}", "1")

    # ------------------------------------------------------------ every rank
    def join(self) -> None:
        self.store.set_json(f"join/{self.r.rank}", {"node": self.r.node_name, "local_rank": self.r.local_rank,
                                                   "pid": os.getpid()})
        self.arrive("join")
        self.note("joined")
        threading.Thread(target=self._beat, daemon=True).start()

    def _beat(self) -> None:
        key = f"hb/{self.r.rank}"
        while not self._stop.wait(self.heartbeat):
            try:
                self.store.add(key, 1)
            except (StoreError, OSError):
                return

    def post(self, payload: dict | None) -> None:
        self.store.set_json(f"payload/{self.r.rank}", payload)
        self.arrive("ready")
        self.note("ready")

    def stop(self) -> None:
        self._stop.set()

    def left(self, deadline: float) -> float:
        return max(0.0, deadline - time.monotonic())

    # ------------------------------------------------------------ rank > 0
    def follow(self, run_bench: Callable[[dict], dict] | None = None) -> dict:
        """After post(): wait for the plan and the verdict. Returns {"exit", "message"}."""
        deadline = self.t0 + self.join_timeout + self.node_timeout + self.dead_after + 60
        if not self.store.wait(["plan"], self.left(deadline)):
            return {"exit": 4, "message": "rank 0 gave no verdict in time"}
        plan = self.store.get_json("plan")
        if self.r.rank not in plan["included"]:
            return {"exit": 4, "message": "rank 0 stopped waiting for this node before it was ready"}
        if plan.get("gloo"):
            self.store.gloo(self.r.rank, self.n, plan["gloo"])
        bench = plan.get("bench")
        if bench and str(self.r.rank) in bench["members"] and run_bench:
            self.store.set_json(f"bench_out/{self.r.rank}", run_bench(bench))
        wait = 120.0 + (float(bench["timeout"]) + 60 if bench else 0)
        if not self.store.wait(["verdict"], wait):
            return {"exit": 4, "message": "rank 0 sent no verdict after the gather"}
        codes = self.store.get_json("verdict")
        try:
            self.arrive("final")
        except StoreError:  # rank 0 may close the store as soon as the last rank arrived
            pass
        return {"exit": int(codes.get(str(self.r.rank), 0))}

    # ---------------------------------------------------------------- rank 0
    def collect(self) -> tuple[dict[int, dict | None], dict[int, dict], list[dict]]:
        """After join() and post() on rank 0: wait for the others, up to the deadlines.
        Returns (payloads by rank, joins by rank, absent groups for report.build)."""
        ranks = list(range(self.n))
        if not self.store.wait(["done/join"], self.left(self.t0 + self.join_timeout)):
            self.note("join deadline")
        got = self.store.multi_get([f"join/{r}" for r in ranks])
        joins = {r: _obj(v, {}) for r, v in zip(ranks, got) if v is not None}
        never = [r for r in ranks if r not in joins]
        if never:
            self.expect("ready", len(joins))
        self.note(f"joined {len(joins)} of {self.n}")
        if not self.store.wait(["done/ready"], self.node_timeout):
            self.note("ready deadline")
        got = self.store.multi_get([f"payload/{r}" for r in joins])
        payloads = {r: _obj(v, {"node": joins[r].get("node") or f"rank {r}", "rank": r, "report": None,
                                "error": "its report arrived unreadable (not JSON)"}, none_ok=True)
                    for r, v in zip(joins, got) if v is not None}
        pending = [r for r in joins if r not in payloads]
        died, hung = self.liveness(pending) if pending else ([], [])
        return payloads, joins, _absent(never, died, hung, joins, self)

    def liveness(self, pending: list[int]) -> tuple[list[tuple[int, str]], list[int]]:
        keys = [f"hb/{r}" for r in pending]
        first = self.store.multi_get(keys)
        time.sleep(self.dead_after)
        second = self.store.multi_get(keys)
        died, hung = [], []
        for r, a, b in zip(pending, first, second):
            if a == b:
                died.append((r, f"its heartbeat stopped (no beat in {self.dead_after:.0f} s)"))
            else:
                hung.append(r)
        return died, hung

    def plan(self, included: list[int], bench: dict | None, gloo: float | None) -> None:
        self.store.set_json("plan", {"included": included, "bench": bench, "gloo": gloo})

    def verdict(self, codes: dict[str, int], included: list[int]) -> None:
        self.store.set_json("verdict", codes)
        others = len(included) - 1
        if others > 0:
            self.expect("final", others)
            self.store.wait(["done/final"], FINAL_WAIT)


def _obj(text: str, bad: dict, none_ok: bool = False):
    """A value another rank posted: a JSON object (or null where allowed), else ``bad``.
    Other nodes' text is outside input: it never crashes rank 0."""
    try:
        v = json.loads(text)
    except ValueError:
        return bad
    return v if isinstance(v, dict) or (v is None and none_ok) else bad


def _absent(never, died, hung, joins, peer: Peer) -> list[dict]:
    """Missing ranks grouped by node where their join told us the node."""
    out = []
    if never:
        out.append({"node": None, "ranks": never, "state": "never joined",
                    "detail": (f"No process with these ranks reached the rendezvous ({peer.r.master_addr}:"
                               f"{peer.r.master_port}) within --rendezvous-timeout {peer.join_timeout:g} s. The node "
                               "may be down, the launcher may not have started it, or a firewall blocks the port.")})
    by_node: dict[tuple[str, str], dict] = {}
    for r, why in died:
        node = joins.get(r, {}).get("node") or f"rank {r}"
        by_node.setdefault((node, "died"), {"node": node, "ranks": [], "state": "died", "detail": why})["ranks"].append(r)
    for r in hung:
        node = joins.get(r, {}).get("node") or f"rank {r}"
        by_node.setdefault((node, "hung"), {
            "node": node, "ranks": [], "state": "hung",
            "detail": (f"It joined and kept its heartbeat, but its scan did not finish within --node-timeout "
                       f"{peer.node_timeout:g} s: a probe or driver call is probably stuck there (look for a "
                       "process in D state, or run `rocmdoctor scan` on that node).")})["ranks"].append(r)
    return out + list(by_node.values())
