"""Start the gather child (protocol.py) and hold it to a hard deadline.

The child joins the rendezvous at once, while this process scans its node; the scan result
goes to the child's stdin when ready. torch.distributed calls can block in C++ where no
Python timeout reaches, so the whole exchange lives in that child: if it overruns its
deadline it is killed, and the doctor still prints what it knows. This process never
imports torch.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

from ..machine import proc
from ..base.records import dataclass
from .rendezvous import Rendezvous

SLACK = 60.0  # on top of the protocol's own timeouts before the hard kill


@dataclass
class Timeouts:
    join: float = 120.0  # --rendezvous-timeout: how long rank 0 waits for every rank to join
    node: float = 600.0  # --node-timeout: how long after that it waits for the nodes' scans
    heartbeat: float = 1.0
    dead_after: float = 6.0
    bench: float = 0.0  # at --level bench: the all-reduce across nodes (timeout and waits)

    @property
    def hard(self) -> float:
        from .protocol import GLOO_TIMEOUT

        return self.join + self.node + 2 * GLOO_TIMEOUT + SLACK + self.bench


class Session:
    def __init__(self, rdzv: Rendezvous, timeouts: Timeouts, *, level: str, strict: bool,
                 bench: dict | None = None):
        self.rdzv = rdzv
        if bench:
            from .bench import SLACK_S, TIMEOUT_S

            # the GPU count (60 s), the benchmark's own timeout, waiting for the others' outcomes
            timeouts.bench = 60 + float(bench.get("timeout") or TIMEOUT_S) + 2 * SLACK_S
        self.timeouts = timeouts
        cfg = {"rendezvous": rdzv.to_dict(), "join_timeout": timeouts.join, "node_timeout": timeouts.node,
               "heartbeat": timeouts.heartbeat, "dead_after": timeouts.dead_after, "level": level,
               "strict": strict, "bench": bench}
        self._err = tempfile.TemporaryFile(mode="w+")
        self.t0 = time.monotonic()
        # A ProcessTree, so the child's own children (benchmark ranks, torch's helpers) end with
        # it on a timeout, on Ctrl-C and when rocmdoctor exits. It stays in our process group
        # (new_session=False): a terminal's Ctrl-C reaches it as before.
        self.tree = proc.ProcessTree([sys.executable, "-m", "rocmdoctor.cluster.protocol", json.dumps(cfg)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._err, text=True,
                                     env=_child_env(), new_session=False)
        self.proc = self.tree.popen

    def finish(self, payload: dict | None) -> dict:
        """Hand over this node's payload and wait for the outcome:
        {"exit": int, "cluster": dict (rank 0), "message": str, "events": [...], "killed": bool}."""
        left = max(1.0, self.timeouts.hard - (time.monotonic() - self.t0))
        killed = False
        try:
            out, _ = self.proc.communicate(json.dumps({"payload": payload}), timeout=left)
        except subprocess.TimeoutExpired:
            self.tree.terminate(grace=1.0)
            out, _ = self.proc.communicate()
            killed = True
        finally:
            self.tree.terminate(grace=1.0)  # whatever the child left running
        events = []
        for line in (out or "").splitlines():
            if line.startswith('{"event"'):
                try:
                    events.append(json.loads(line))
                except ValueError:
                    pass
        result = next((e for e in reversed(events) if e["event"] == "result"), None)
        if result is None:
            last = events[-1]["event"] if events else "start"
            why = (f"killed after {self.timeouts.hard:.0f} s" if killed
                   else f"exited {self.proc.returncode} without a result")
            result = {"exit": 4, "message": f"the gather process {why} (last step: {last}). {self.stderr_tail()}"}
        result["events"] = events
        result["killed"] = killed
        return result

    def stderr_tail(self, n: int = 3) -> str:
        self._err.seek(0)
        lines = [ln for ln in self._err.read().splitlines() if ln.strip()]
        return " | ".join(lines[-n:])


def _child_env() -> dict:
    env = dict(os.environ)
    env.setdefault("PYTHONUNBUFFERED", "1")
    # c10d logs each store retry at WARNING; the findings say what matters.
    env.setdefault("TORCH_CPP_LOG_LEVEL", "ERROR")
    return env


def start(rdzv: Rendezvous, timeouts: Timeouts, *, level: str, strict: bool = False,
          bench: dict | None = None) -> Session:
    return Session(rdzv, timeouts, level=level, strict=strict, bench=bench)
