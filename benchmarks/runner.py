"""Run a benchmark script in child processes of the interpreter being diagnosed.

Each rank is its own process in its own session (process group), started with the
scanned interpreter (``--python``), never imported into the doctor. The parent:

* enforces a hard timeout on the whole job and, optionally, a stall timeout (no rank
  reported progress for that long);
* ends every rank with all its descendants, setsid escapees included (SIGTERM, then
  SIGKILL; rocmdoctor/machine/proc.py's ProcessTree), so nothing survives;
* when a rank crashes, gives the others a short grace period and then kills them;
* reads each rank's status heartbeat (childlib.Status) to report progress and, after
  a hang, which rank stopped where; and the last JSON line of each rank's stdout.

The outcome is a plain JSON-able dict (documented in docs/benchmarks.md), so it can
go into reports and, later, snapshots.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Sequence

from rocmdoctor.machine import proc
from rocmdoctor.base.untrusted import pick

HERE = Path(__file__).resolve().parent
POLL_S = 0.1
CRASH_GRACE_S = 5.0  # how long the other ranks get to notice a dead peer and exit
TAIL_CHARS = 2000

OUTCOMES = ("completed", "failed", "timeout", "crashed", "error")


def script_path(name: str) -> str:
    return str(HERE / f"{name}.py")


def run(name: str, args: Sequence[str] = (), *, python: str | None = None, nproc: int = 1,
        timeout: float = 300.0, stall: float | None = None,
        progress: Callable[[str], None] | None = None, env: dict | None = None) -> dict:
    """Run benchmarks/<name>.py on ``nproc`` ranks; return the outcome dict."""
    python = python or sys.executable
    nproc = max(1, int(nproc))
    work = tempfile.mkdtemp(prefix=f"rocmdoctor-{name}-")
    base_argv = [python, "-X", "utf8", script_path(name), *map(str, args),
                 "--world", str(nproc), "--status-dir", work, "--init-file", os.path.join(work, "rendezvous")]
    ranks: list[_Rank] = []
    start = time.monotonic()
    try:
        for r in range(nproc):
            try:
                ranks.append(_Rank.start(r, base_argv + ["--rank", str(r)], work, _env(env, r, nproc)))
            except OSError as exc:
                for rk in ranks:
                    rk.kill()
                what = "not found" if isinstance(exc, FileNotFoundError) else (exc.strerror or str(exc))
                return _outcome(name, "error", f"could not start {python}: {what}", ranks, base_argv,
                                python, timeout, start)
        state, reason = _watch(ranks, timeout, stall, progress)
        return _finish(name, state, reason, ranks, base_argv, python, timeout, start)
    finally:
        for rk in ranks:
            rk.kill()
        shutil.rmtree(work, ignore_errors=True)


def _env(extra: dict | None, rank: int, world: int) -> dict:
    e = dict(os.environ)
    e.update(PYTHONDONTWRITEBYTECODE="1", PYTHONUNBUFFERED="1", RANK=str(rank), LOCAL_RANK=str(rank),
             WORLD_SIZE=str(world), LOCAL_WORLD_SIZE=str(world))
    if world > 1 and "OMP_NUM_THREADS" not in e:
        # CPU ranks would otherwise each start one thread per core and fight.
        e["OMP_NUM_THREADS"] = str(max(1, (os.cpu_count() or 1) // world))
    e.update(extra or {})
    return e


class _Rank:
    def __init__(self, rank: int, tree: proc.ProcessTree, out: str, err: str, status: str):
        self.rank, self.tree, self.out, self.err, self.status_path = rank, tree, out, err, status
        self.popen = tree.popen

    @classmethod
    def start(cls, rank: int, argv: list[str], work: str, env: dict) -> "_Rank":
        out, err = os.path.join(work, f"rank{rank}.out"), os.path.join(work, f"rank{rank}.err")
        with open(out, "wb") as fo, open(err, "wb") as fe:
            tree = proc.ProcessTree(argv, stdin=subprocess.DEVNULL, stdout=fo, stderr=fe, env=env)
        return cls(rank, tree, out, err, os.path.join(work, f"rank{rank}.json"))

    @property
    def returncode(self) -> int | None:
        return self.popen.poll()

    def status(self) -> dict | None:
        try:
            with open(self.status_path) as fh:
                return json.load(fh)
        except (OSError, ValueError):
            return None

    def note_descendants(self) -> None:
        """Remember children that may leave the tree (setsid), to end them too."""
        self.tree.watch()

    def kill(self) -> None:
        # The rank, its process group and every descendant, setsid escapees included (proc.ProcessTree).
        self.tree.terminate()

    def stdout(self) -> str:
        return _read(self.out)

    def stderr(self) -> str:
        return _read(self.err)


def _read(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            return fh.read(proc.MAX_OUTPUT).decode("utf-8", errors="replace")
    except OSError:
        return ""


def _watch(ranks: list[_Rank], timeout: float, stall: float | None, progress) -> tuple[str, str]:
    """Poll until every rank has exited, or a limit is hit. Returns (state, reason)."""
    start = last_change = time.monotonic()
    seen: dict[int, int] = {}
    last_stage = None
    crash_at = None
    while True:
        now = time.monotonic()
        for rk in ranks:
            st = rk.status()
            if st and st.get("seq") != seen.get(rk.rank):
                seen[rk.rank] = st.get("seq")
                last_change = now
                if rk.rank == 0 and progress and st.get("stage") != last_stage:
                    last_stage = st.get("stage")
                    progress(str(last_stage))
        codes = [rk.returncode for rk in ranks]
        if all(c is not None for c in codes):
            return "exited", ""
        if crash_at is None and any(c not in (None, 0) for c in codes):
            crash_at = now
        if crash_at is not None and now - crash_at > CRASH_GRACE_S:
            return "crashed", f"the other ranks did not exit within {CRASH_GRACE_S:.0f} s of the crash"
        if now - start > timeout:
            return "timeout", f"no result within the {timeout:g} s timeout"
        if stall and now - last_change > stall:
            return "timeout", f"no progress from any rank for {stall:g} s"
        if now - start > 1.0:
            for rk in ranks:
                rk.note_descendants()
        time.sleep(POLL_S)


def _last_json(text: str) -> dict | None:
    for line in reversed(text.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                v = json.loads(line)
            except ValueError:
                return None
            return v if isinstance(v, dict) else None
    return None


def _tail(text: str) -> str:
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    return "\n".join(lines[-12:])[-TAIL_CHARS:]


def _finish(name, state, reason, ranks, argv, python, timeout, start) -> dict:
    alive = {rk.rank for rk in ranks if rk.returncode is None}
    for rk in ranks:  # kill before reading, so every file is complete
        rk.kill()
    infos = []
    for rk in ranks:
        rc = rk.popen.returncode
        st = rk.status() or {}
        res = _last_json(rk.stdout())
        infos.append({
            "rank": rk.rank,
            "pid": rk.popen.pid,
            "returncode": None if rk.rank in alive else rc,
            "signal": -rc if (rk.rank not in alive and rc is not None and rc < 0) else None,
            "killed": rk.rank in alive,
            "stage": st.get("stage"),
            "seq": st.get("seq"),
            "step": st.get("step"),
            "error": pick(res, "error"),
            "stderr_tail": _tail(rk.stderr()),
            "result": res,
        })
    out = _outcome(name, "completed", "", ranks, argv, python, timeout, start, infos)
    crashed = [i["rank"] for i in infos if not i["killed"] and i["returncode"] not in (0, None) and not i["result"]]
    if state == "timeout":
        hung = sorted(alive)
        seqs = {i["rank"]: i["seq"] or 0 for i in infos if i["rank"] in alive}
        low = min(seqs.values()) if seqs else 0
        culprits = [r for r, s in seqs.items() if s == low] if len(set(seqs.values())) > 1 else []
        out.update(outcome="timeout", hung_ranks=hung, culprit_ranks=culprits,
                   message=f"{reason}; killed {_ranks(hung)}. " + _where(infos, hung, culprits))
    elif crashed or state == "crashed":
        crashed = crashed or [i["rank"] for i in infos if not i["killed"] and i["returncode"] not in (0, None)]
        parts = [_crash_line(i) for i in infos if i["rank"] in crashed]
        if alive:
            parts.append(f"{reason or 'the others were still running'}; killed {_ranks(sorted(alive))}")
        out.update(outcome="crashed", crashed_ranks=crashed, hung_ranks=sorted(alive), message="; ".join(parts))
    else:
        res0 = infos[0]["result"] if infos else None
        errors = [f"rank {i['rank']}: {i['error']}" for i in infos if i["error"]]
        if res0 is None:
            out.update(outcome="crashed", crashed_ranks=[0],
                       message="rank 0 exited without a result: " + (_tail(infos[0]["stderr_tail"]).splitlines()
                                                                     or ["no output"])[-1])
        elif errors:
            out.update(outcome="failed", message="; ".join(errors))
        out["result"] = res0
    return out


def _ranks(rs: list[int]) -> str:
    return ("rank " if len(rs) == 1 else "ranks ") + ", ".join(map(str, rs))


def _where(infos, hung, culprits) -> str:
    if not hung:
        return ""
    by = {i["rank"]: i for i in infos}
    if culprits:
        lagging = "; ".join(f"rank {r} stopped at '{by[r]['stage']}'" for r in culprits)
        others = [r for r in hung if r not in culprits]
        rest = "; ".join(f"rank {r} was waiting at '{by[r]['stage']}'" for r in others)
        return lagging + (f" while {rest}" if rest else "")
    stages = {by[r]["stage"] for r in hung}
    if len(stages) == 1:
        return f"{'all ranks' if len(hung) > 1 else 'it'} stopped at '{stages.pop()}'"
    return "; ".join(f"rank {r} at '{by[r]['stage']}'" for r in hung)


def _crash_line(i: dict) -> str:
    how = f"signal {i['signal']}" if i["signal"] else f"exit code {i['returncode']}"
    last = (i["stderr_tail"].splitlines() or ["no output"])[-1]
    return f"rank {i['rank']} crashed ({how}) at '{i['stage']}': {last}"


def _outcome(name, outcome, message, ranks, argv, python, timeout, start, infos=None) -> dict:
    return {
        "benchmark": name,
        "outcome": outcome,
        "message": message,
        "result": None,
        "ranks": infos or [],
        "nproc": len(ranks) or None,
        "python": python,
        "argv": [a for a in argv],
        "timeout_s": timeout,
        "duration_s": round(time.monotonic() - start, 3),
    }
