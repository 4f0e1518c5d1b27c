"""The `scan --cluster` rendezvous at scale on one machine: N simulated ranks.

    python benchmarks/rendezvous.py --ranks 256 --store file
    python benchmarks/rendezvous.py --ranks 64 --store tcp
    python benchmarks/rendezvous.py --ranks 256 --store file --missing 3 --join-timeout 5

Each rank is a process forked from this one (so startup costs no imports) that runs the
real gather (rocmdoctor/cluster/gather.py: join, post, then follow or lead) against one
store, with a small node report instead of a scan. Stores: ``file`` is the shared-directory
store (`--rendezvous-dir`, here a tmpfs or local folder); ``tcp`` is torch.distributed's
TCPStore, reached directly from each forked rank (torch imported once, before the fork)
rather than through the per-rank store process `scan --cluster` starts, whose cost is one
interpreter with torch per rank, not the protocol's. ``--missing K`` leaves the last K ranks
unstarted: rank 0 then answers at --join-timeout with them named.

Measured: time from the start to rank 0's verdict, the store calls of all ranks together
and per second over that time, and rank 0's own calls. Last line:
rendezvous: N ranks (STORE), verdict in S s, C store calls (R per s), rank 0 made K
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import socket
import sys
import tempfile
import time
from types import SimpleNamespace


def _payload(rank: int) -> dict:
    summary = {"kernel": "6.8.0-45-generic", "rocm": "6.2.0", "torch": "2.4.1+rocm6.2", "gpu_count": 8,
               "gfx": ["8x gfx942"]}
    findings = [{"code": "RD-HEALTH-001", "status": "pass", "area": "health", "title": "ECC clean", "subject": None}]
    return {"node": f"node{rank:04d}", "rank": rank, "error": None,
            "report": {"schema": "rocmdoctor.report", "findings": findings, "results": {"node_summary": summary}}}


class TorchStore:
    """The Store interface straight on a TCPStore (benchmark only; scan --cluster uses storeproxy.py)."""

    def __init__(self, port: int, world: int, master: bool, timeout: float):
        import datetime as dt

        from torch.distributed import PrefixStore, TCPStore

        self.dt = dt
        self.s = PrefixStore("rocmdoctor/bench/", TCPStore("127.0.0.1", port, world if master else None, master,
                                                          dt.timedelta(seconds=timeout), wait_for_workers=False))
        self.calls = 0

    def set(self, k, v):
        self.calls += 1
        self.s.set(k, v)

    def get(self, k):
        self.calls += 1
        return self.s.get(k).decode() if self.s.check([k]) else None

    def add(self, k, n=1):
        self.calls += 1
        return int(self.s.add(k, n))

    def check(self, keys):
        self.calls += 1
        return bool(self.s.check(keys))

    def multi_get(self, keys):
        self.calls += 1
        have = [k for k in keys if self.s.check([k])]
        got = dict(zip(have, (v.decode() for v in self.s.multi_get(have)))) if have else {}
        return [got.get(k) for k in keys]

    def wait(self, keys, timeout):
        self.calls += 1
        try:
            self.s.wait(keys, self.dt.timedelta(seconds=max(0.001, timeout)))
            return True
        except Exception:  # noqa: BLE001 - c10d's timeout error
            return False

    def gloo(self, rank, world, timeout):
        return None

    def get_json(self, key):
        v = self.get(key)
        return None if v is None else json.loads(v)

    def set_json(self, key, value):
        self.set(key, json.dumps(value))

    def close(self):
        pass


def rank_main(rank: int, world: int, store_kind: str, where, join_timeout: float, out) -> None:
    from rocmdoctor.cluster import gather
    from rocmdoctor.cluster.rendezvous import Rendezvous
    from rocmdoctor.cluster.store import FileStore

    rdzv = Rendezvous("env", rank, world, 0, "127.0.0.1", int(where) if store_kind == "tcp" else 0,
                      f"node{rank:04d}", run_id="bench")
    if store_kind == "file":
        store = FileStore(where, "rocmdoctor/bench/")
    else:
        store = TorchStore(int(where), world, rank == 0, join_timeout + 60)
    a = SimpleNamespace(level="quick", strict=False, rendezvous_timeout=join_timeout, node_timeout=join_timeout)
    res = gather.run(store, rdzv, a, lambda: _payload(rank), None)
    cluster = res.get("cluster") or {}
    out.put((rank, res["exit"], store.calls, res["verdict_s"],
             [n["node"] for n in cluster.get("nodes", []) if n["state"] != "reported"]))
    out.close()
    out.join_thread()  # the queue's feeder thread must flush before the hard exit
    os._exit(0)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ranks", type=int, default=64)
    ap.add_argument("--store", choices=("file", "tcp"), default="file")
    ap.add_argument("--missing", type=int, default=0, help="ranks that never start")
    ap.add_argument("--join-timeout", type=float, default=120.0)
    a = ap.parse_args(argv)
    import rocmdoctor.cluster.gather  # noqa: F401 - imported once, before the fork
    import rocmdoctor.cluster.report  # noqa: F401

    if a.store == "tcp":
        import torch.distributed  # noqa: F401

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            where = str(s.getsockname()[1])
    else:
        tmp = tempfile.mkdtemp(dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
        where = tmp
    ctx = mp.get_context("fork")
    out = ctx.Queue()
    t0 = time.perf_counter()
    procs = [ctx.Process(target=rank_main, args=(r, a.ranks, a.store, where, a.join_timeout, out))
             for r in range(a.ranks - a.missing)]
    for p in procs:
        p.start()
    results = [out.get(timeout=a.join_timeout * 3 + 300) for _ in procs]
    wall = time.perf_counter() - t0
    for p in procs:
        p.join(timeout=30)
    by_rank = {r: (code, calls, vs, missing) for r, code, calls, vs, missing in results}
    code0, calls0, verdict_s, missing = by_rank[0]
    total = sum(c for _, c, _, _ in by_rank.values())
    print(f"exit codes: rank 0 {code0}; others {sorted({c for r, (c, *_) in by_rank.items() if r})}; "
          f"named missing: {missing or 'none'}; all ranks done in {wall:.1f} s")
    print(f"rendezvous: {a.ranks} ranks ({a.store}), verdict in {verdict_s:.1f} s, {total} store calls "
          f"({total / max(verdict_s, 1e-9):.0f} per s), rank 0 made {calls0}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
