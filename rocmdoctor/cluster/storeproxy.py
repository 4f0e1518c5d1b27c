"""The rendezvous store, run in the training environment's interpreter (the one with torch).

rocmdoctor itself never imports torch (it may live in its own venv or a pipx install), so
`scan --cluster` starts this file by path in the interpreter `--python` names, like the
benchmark scripts: it needs torch and the standard library, nothing of rocmdoctor. It
opens torch.distributed's TCPStore at MASTER_ADDR:MASTER_PORT (rank 0 hosts it unless
torchrun's agent already does) and answers JSON-line requests on stdin with JSON lines on
stdout: {"id", "op", ...} -> {"id", "ok", "value" | "error"}. Each request runs in its
own thread, so a barrier wait (server-side: TCPStore.wait, no polling) does not hold up
the heartbeat. ops: set, get (None when missing), add, check, multi_get, wait, gloo
(init a gloo group on the store and pass one barrier: does the job's CPU transport work).

argv[1]: JSON {"addr", "port", "world", "master": bool, "prefix", "timeout"}.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import sys
import threading


def _out(lock, obj) -> None:
    line = json.dumps(obj) + "\n"
    with lock:
        sys.stdout.write(line)
        sys.stdout.flush()


def main() -> int:
    cfg = json.loads(sys.argv[1])
    lock = threading.Lock()
    try:
        from torch.distributed import PrefixStore, TCPStore

        timeout = dt.timedelta(seconds=float(cfg.get("timeout", 120)))
        base = TCPStore(cfg["addr"], int(cfg["port"]), int(cfg["world"]) if cfg.get("master") else None,
                        bool(cfg.get("master")), timeout, wait_for_workers=False)
        store = PrefixStore(cfg.get("prefix", "rocmdoctor/"), base)
    except Exception as exc:  # the parent reports it: no store, no cluster
        _out(lock, {"id": 0, "ok": False, "error": f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"})
        return 0
    _out(lock, {"id": 0, "ok": True, "value": "ready"})

    def handle(req: dict) -> None:
        op = req.get("op")
        value: object  # the answer: None, a string, a number, a bool or a list
        try:
            if op == "set":
                store.set(req["key"], req["value"])
                value = None
            elif op == "get":
                value = store.get(req["key"]).decode() if store.check([req["key"]]) else None
            elif op == "add":
                value = int(store.add(req["key"], int(req.get("amount", 1))))
            elif op == "check":
                value = bool(store.check(list(req["keys"])))
            elif op == "multi_get":
                keys = list(req["keys"])
                have = [k for k in keys if store.check([k])] if len(keys) < 8 else _present(store, keys)
                got = dict(zip(have, (v.decode() for v in store.multi_get(have)))) if have else {}
                value = [got.get(k) for k in keys]
            elif op == "wait":
                try:
                    store.wait(list(req["keys"]), dt.timedelta(seconds=max(0.001, float(req["timeout"]))))
                    value = True
                except Exception as exc:  # c10d raises on timeout (DistStoreError); anything else is an error
                    if "timeout" not in str(exc).lower() and "timed out" not in str(exc).lower():
                        raise
                    value = False
            elif op == "gloo":
                value = _gloo(store, int(req["rank"]), int(req["world"]), float(req.get("timeout", 60)))
            else:
                raise ValueError(f"unknown op {op!r}")
            _out(lock, {"id": req.get("id"), "ok": True, "value": value})
        except Exception as exc:
            _out(lock, {"id": req.get("id"), "ok": False,
                        "error": f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"})

    for line in sys.stdin:
        try:
            req = json.loads(line)
        except ValueError:
            continue
        if req.get("op") == "close":
            break
        threading.Thread(target=handle, args=(req,), daemon=True).start()
    sys.stdout.flush()
    os._exit(0)  # skip torch's teardown, which can block on a dead peer


def _present(store, keys: list[str]) -> list[str]:
    """The keys that exist, in a few round trips (check() is all-or-nothing): halve the list."""
    if not keys:
        return []
    if store.check(keys):
        return keys
    if len(keys) == 1:
        return []
    mid = len(keys) // 2
    return _present(store, keys[:mid]) + _present(store, keys[mid:])


def _gloo(store, rank: int, world: int, timeout: float) -> str | None:
    """None when a gloo group forms and passes a barrier, else the error."""
    import torch.distributed as dist
    from torch.distributed import PrefixStore

    try:
        dist.init_process_group("gloo", store=PrefixStore("pg/", store), rank=rank, world_size=world,
                                timeout=dt.timedelta(seconds=timeout))
        dist.barrier()
        return None
    except Exception as exc:
        return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"


if __name__ == "__main__":
    sys.exit(main())
