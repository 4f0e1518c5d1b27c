"""The rendezvous store as rocmdoctor's own process sees it, without torch.

Two kinds, one interface (set, get, add, check, multi_get, wait, plus a count of the calls
made, which docs/cluster.md reports per second at scale):

* ProxyStore: torch.distributed's TCPStore, held by storeproxy.py in a child process of
  the training environment's interpreter (`--python`, the one with torch). Waits are the
  store's own (server-side) waits: nothing polls.
* FileStore: a directory on a file system every node shares (`--rendezvous-dir DIR`), no
  torch anywhere. Keys are files written by atomic rename; add() holds an fcntl lock;
  wait() looks at its keys with exponential back-off (10 ms doubling to 1 s).
"""
from __future__ import annotations

import fcntl
import json
import os
import queue
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import IO
from urllib.parse import quote

from ..machine import proc

BACKOFF_START, BACKOFF_MAX = 0.01, 1.0


class StoreError(Exception):
    """The store cannot be reached or answered with an error; str() says which."""


class Store:
    """The interface; FileStore and ProxyStore implement every operation."""

    calls = 0

    def set(self, key: str, value: str) -> None:
        raise NotImplementedError

    def get(self, key: str) -> str | None:
        raise NotImplementedError

    def add(self, key: str, amount: int = 1) -> int:
        raise NotImplementedError

    def check(self, keys: list[str]) -> bool:
        raise NotImplementedError

    def multi_get(self, keys: list[str]) -> list[str | None]:
        raise NotImplementedError

    def wait(self, keys: list[str], timeout: float) -> bool:
        raise NotImplementedError

    def gloo(self, rank: int, world: int, timeout: float) -> str | None:
        return None  # a file store has no transport to test

    def close(self) -> None:
        pass

    def get_json(self, key: str):
        text = self.get(key)
        return None if text is None else json.loads(text)

    def set_json(self, key: str, value) -> None:
        self.set(key, json.dumps(value, default=str))


# --------------------------------------------------------------- file store
class FileStore(Store):
    def __init__(self, directory: str, prefix: str):
        self.root = Path(directory) / quote(prefix.strip("/"), safe="")
        self.root.mkdir(parents=True, exist_ok=True)
        self.calls = 0

    def _path(self, key: str) -> Path:
        return self.root / quote(key, safe="")

    def set(self, key, value):
        self.calls += 1
        p = self._path(key)
        tmp = p.with_name(f".{p.name}.{os.getpid()}.{threading.get_ident()}")
        tmp.write_text(value, encoding="utf-8")
        os.replace(tmp, p)  # readers see the old file or the new one, never half of it

    def get(self, key):
        self.calls += 1
        try:
            return self._path(key).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None

    _thread_lock = threading.Lock()  # fcntl locks exclude processes, not threads of one process

    def add(self, key, amount=1):
        self.calls += 1
        with self._thread_lock, open(self.root / ".lock", "a+") as fh:
            fcntl.lockf(fh, fcntl.LOCK_EX)
            try:
                p = self._path(key)
                try:
                    n = int(p.read_text() or 0)
                except FileNotFoundError:
                    n = 0
                n += amount
                tmp = p.with_name(f".{p.name}.{os.getpid()}.{threading.get_ident()}.add")
                tmp.write_text(str(n))
                os.replace(tmp, p)
                return n
            finally:
                fcntl.lockf(fh, fcntl.LOCK_UN)

    def check(self, keys):
        self.calls += 1
        return all(self._path(k).exists() for k in keys)

    def multi_get(self, keys):
        self.calls += 1
        out: list[str | None] = []
        for k in keys:
            try:
                out.append(self._path(k).read_text(encoding="utf-8"))
            except FileNotFoundError:
                out.append(None)
        return out

    def wait(self, keys, timeout):
        deadline = time.monotonic() + timeout
        pause = BACKOFF_START
        while True:
            if self.check(keys):
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(pause, left))
            pause = min(pause * 2, BACKOFF_MAX)


# -------------------------------------------------------------- proxy store
class ProxyStore(Store):
    """storeproxy.py in the training interpreter, spoken to in JSON lines."""

    def __init__(self, python: str, addr: str, port: int, world: int, master: bool, prefix: str,
                 timeout: float, env: dict | None = None):
        script = str(Path(__file__).with_name("storeproxy.py"))
        cfg = {"addr": addr, "port": port, "world": world, "master": master, "prefix": prefix, "timeout": timeout}
        self.calls = 0
        self._lock = threading.Lock()
        self._next = 0
        self._waiting: dict[int, queue.Queue] = {}
        # stderr to a file: c10d can log a line per connect retry, and a full pipe nobody reads would block it
        self._err = tempfile.TemporaryFile(mode="w+")
        self.tree = proc.ProcessTree([python, script, json.dumps(cfg)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self._err, text=True, env=env,
                                     new_session=False)
        self.proc = self.tree.popen
        assert self.proc.stdin is not None and self.proc.stdout is not None  # both PIPE, above
        self._stdin: IO[str] = self.proc.stdin
        self._stdout: IO[str] = self.proc.stdout
        first: queue.Queue = queue.Queue()
        self._waiting[0] = first
        threading.Thread(target=self._read, daemon=True).start()
        try:
            ready = first.get(timeout=timeout + 30)
        except queue.Empty:
            self.close()
            raise StoreError(f"the store process did not start within {timeout + 30:.0f} s") from None
        if not ready.get("ok"):
            self.close()
            raise StoreError(ready.get("error") or "the store process exited")

    def _read(self) -> None:
        for line in self._stdout:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            q = self._waiting.pop(msg.get("id"), None)
            if q is not None:
                q.put(msg)
        # EOF: the child is gone; wake everyone still waiting
        self.proc.wait()
        self._err.seek(0)
        err = [ln for ln in self._err.read().splitlines() if ln.strip() and "[W" not in ln[:3]]
        why = err[-1] if err else f"the store process exited ({self.proc.poll()})"
        for q in list(self._waiting.values()):
            q.put({"ok": False, "error": why})
        self._waiting.clear()

    def _call(self, op: str, answer_within: float = 600.0, **args):
        with self._lock:
            self._next += 1
            rid = self._next
            q: queue.Queue = queue.Queue()
            self._waiting[rid] = q
            self.calls += 1
            try:
                self._stdin.write(json.dumps({"id": rid, "op": op, **args}) + "\n")
                self._stdin.flush()
            except (OSError, ValueError) as exc:
                self._waiting.pop(rid, None)
                raise StoreError(f"the store process is gone ({exc})") from None
        try:
            msg = q.get(timeout=answer_within)
        except queue.Empty:
            raise StoreError(f"no answer to {op} within {answer_within:.0f} s") from None
        if not msg.get("ok"):
            raise StoreError(msg.get("error") or f"{op} failed")
        return msg.get("value")

    def set(self, key, value):
        self._call("set", key=key, value=value)

    def get(self, key):
        return self._call("get", key=key)

    def add(self, key, amount=1):
        return int(self._call("add", key=key, amount=amount))

    def check(self, keys):
        return bool(self._call("check", keys=list(keys)))

    def multi_get(self, keys):
        return self._call("multi_get", keys=list(keys))

    def wait(self, keys, timeout):
        return bool(self._call("wait", answer_within=timeout + 30, keys=list(keys), timeout=timeout))

    def gloo(self, rank, world, timeout):
        return self._call("gloo", answer_within=timeout + 30, rank=rank, world=world, timeout=timeout)

    def close(self):
        try:
            self._stdin.write(json.dumps({"op": "close"}) + "\n")
            self._stdin.flush()
        except (OSError, ValueError):
            pass
        self.tree.terminate(grace=1.0)
