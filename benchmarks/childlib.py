"""What every benchmark child script shares: arguments, status heartbeats, timing,
device description, process-group setup and the one JSON result line.

Child scripts run in the interpreter being diagnosed, which may not have rocmdoctor
installed, so this module needs only the standard library (torch is imported lazily).
The parent (runner.py) reads two things back: the status file each rank rewrites as
it moves on (to report progress and to name the rank and stage of a hang) and the
last stdout line starting with "{" (the result).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback

DTYPES = {"fp32": "float32", "fp16": "float16", "bf16": "bfloat16"}


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    p.add_argument("--warmup", type=int, default=None)
    p.add_argument("--iters", type=int, default=None)
    p.add_argument("--inject", choices=("none", "hang", "crash", "nan"), default="none",
                   help="fail on purpose, to test the doctor's handling of failures")
    p.add_argument("--inject-rank", type=int, default=None, help="rank that misbehaves (default: the last)")
    # Filled in by the runner.
    p.add_argument("--rank", type=int, default=0)
    p.add_argument("--world", type=int, default=1)
    p.add_argument("--status-dir", default=None)
    p.add_argument("--init-file", default=None, help="file:// rendezvous for torch.distributed")
    p.add_argument("--init", default=None, metavar="URL",
                   help="rendezvous across machines: tcp://HOST:PORT or env:// (MASTER_ADDR/MASTER_PORT); "
                        "RANK, WORLD_SIZE and LOCAL_RANK from the environment win over --rank/--world "
                        "(as torchrun sets them). Default: file://<--init-file>")
    return p


def resolve_launch(args, env=None) -> None:
    """Fill args.init_method, args.local_rank, and, for a rendezvous across machines, the
    global rank and world size from the launcher's variables (torchrun, or the cluster
    scan, which runs one such rank per node). Raises ValueError on a bad --init."""
    env = os.environ if env is None else env
    init_file = getattr(args, "init_file", None)
    init = getattr(args, "init", None) or (f"file://{init_file}" if init_file else None)
    if init and not init.startswith(("file://", "tcp://", "env://")):
        raise ValueError(f"--init {init!r}: expected file://PATH, tcp://HOST:PORT or env://")
    if init and not init.startswith("file://"):
        if "RANK" in env and "WORLD_SIZE" in env:
            args.rank, args.world = int(env["RANK"]), int(env["WORLD_SIZE"])
        if init == "env://" and not ("MASTER_ADDR" in env and "MASTER_PORT" in env):
            raise ValueError("--init env:// needs MASTER_ADDR and MASTER_PORT")
    args.init_method = init
    args.local_rank = int(env.get("LOCAL_RANK", args.rank)) if init and not init.startswith("file://") else args.rank


class Status:
    """The rank's heartbeat: one small JSON file, replaced atomically at each stage.

    ``seq`` grows with every stage. Ranks run the same sequence of stages, so when a
    job hangs, a rank whose seq is behind the others is the one that stopped first.
    """

    def __init__(self, directory: str | None, rank: int):
        self.path = os.path.join(directory, f"rank{rank}.json") if directory else None
        self.rank = rank
        self.seq = 0
        self.extra: dict = {}

    def __call__(self, stage: str, bump: bool = True, **extra) -> None:
        self.seq += 1 if bump else 0
        self.extra = extra if bump else {**self.extra, **extra}  # a note keeps the step it was made at
        extra = self.extra
        if not self.path:
            return
        rec = {"rank": self.rank, "seq": self.seq, "stage": stage, "time": time.time(), "pid": os.getpid(), **extra}
        tmp = f"{self.path}.{os.getpid()}.tmp"
        with open(tmp, "w") as fh:
            json.dump(rec, fh)
        os.replace(tmp, self.path)


def emit(result: dict) -> None:
    """Print the result as the last stdout line; the runner parses exactly this."""
    sys.stdout.write("\n" + json.dumps(result, default=str) + "\n")
    sys.stdout.flush()


class Unavailable(Exception):
    """The benchmark cannot run here (no GPU for --device cuda): a result, not a crash."""


def main_guard(fn, args) -> int:
    """Run ``fn(args, status)``; turn any exception into an error result, not a traceback only."""
    # The status file keeps the runner's own index (--rank as it started us), which the
    # launch resolution below may replace with this process's rank across machines.
    status = Status(args.status_dir, args.rank)
    status("starting")
    try:
        resolve_launch(args)
        status.rank = args.rank
        try:
            result = fn(args, status)
        except Unavailable as exc:
            result = {"error": str(exc), "unavailable": True}
    except SystemExit:
        raise
    except BaseException as exc:  # report it; the runner shows the last line
        traceback.print_exc()
        emit({"ok": False, "rank": args.rank, "error": f"{type(exc).__name__}: {exc}"})
        return 1
    result.setdefault("ok", not result.get("error"))
    result["rank"] = args.rank
    emit(result)
    return 0 if result["ok"] else 1


def inject_here(args, what: str, status: Status, stage: str) -> None:
    """Misbehave on purpose if asked: hang (sleep forever) or crash (exit 3) on one rank."""
    if args.inject != what or args.rank != _inject_rank(args):
        return
    status(f"{stage} (injected {what})", bump=False)  # same seq: it never got past this stage
    if what == "hang":
        while True:  # the runner's timeout must end this
            time.sleep(3600)
    if what == "crash":
        sys.stderr.write(f"rank {args.rank}: injected crash at {stage}\n")
        sys.stderr.flush()
        os._exit(3)


def _inject_rank(args) -> int:
    return args.world - 1 if args.inject_rank is None else args.inject_rank


def import_torch(status: Status):
    status("importing torch")
    t0 = time.monotonic()
    import torch

    status("torch imported", import_s=round(time.monotonic() - t0, 3))
    return torch


def device_info(torch, device: str, index: int = 0) -> dict:
    """What ran the benchmark, so results are never mistaken for another machine's."""
    info = {"kind": device, "torch": torch.__version__, "hip": getattr(torch.version, "hip", None),
            "cuda": getattr(torch.version, "cuda", None)}
    if device == "cuda":
        p = torch.cuda.get_device_properties(index)
        info.update(name=p.name, arch=getattr(p, "gcnArchName", None) or f"sm_{p.major}{p.minor}",
                    index=index, count=torch.cuda.device_count(), total_memory=p.total_memory,
                    multiprocessors=p.multi_processor_count,
                    backend="rocm" if info["hip"] else "cuda")
    else:
        import platform

        name = platform.processor() or platform.machine()
        try:
            with open("/proc/cpuinfo") as fh:
                for line in fh:
                    if line.startswith("model name"):
                        name = line.split(":", 1)[1].strip()
                        break
        except OSError:
            pass
        info.update(name=name, arch=platform.machine(), threads=torch.get_num_threads(), backend="cpu")
    return info


def require_device(torch, device: str) -> str | None:
    """None when the device can be used, else the reason it cannot."""
    if device == "cuda" and not torch.cuda.is_available():
        flavour = "ROCm" if getattr(torch.version, "hip", None) else ("CUDA" if torch.version.cuda else "CPU-only")
        return (f"torch {torch.__version__} ({flavour} build) sees no GPU: torch.cuda.is_available() is False")
    return None


class Timer:
    """Device-side timing: CUDA/HIP events on GPU, perf_counter on CPU."""

    def __init__(self, torch, device: str):
        self.torch, self.gpu = torch, device == "cuda"

    def __enter__(self):
        if self.gpu:
            self.torch.cuda.synchronize()
            self.start = self.torch.cuda.Event(enable_timing=True)
            self.end = self.torch.cuda.Event(enable_timing=True)
            self.start.record()
        else:
            self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        if self.gpu:
            self.end.record()
            self.end.synchronize()
            self.seconds = self.start.elapsed_time(self.end) / 1000.0
        else:
            self.seconds = time.perf_counter() - self.t0
        return False


def open_device(args, status: Status):
    """What every benchmark timing work on one device starts with: import torch (the status
    file says so), refuse a device torch cannot use (Unavailable: the result says why), and
    return (torch, gpu, the torch.device to work on)."""
    torch = import_torch(status)
    why = require_device(torch, args.device)
    if why:
        raise Unavailable(why)
    gpu = args.device == "cuda"
    return torch, gpu, torch.device("cuda", 0) if gpu else torch.device("cpu")


def timed(torch, device: str, fn, *, iters: int, repeats: int = 1, warmup: int = 0) -> list[float]:
    """Seconds per call of ``fn``: ``warmup`` untimed calls, then ``repeats`` loops of ``iters``
    back-to-back calls, each loop timed as a whole (events on GPU; Timer synchronises first)."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeats):
        with Timer(torch, device) as t:
            for _ in range(iters):
                fn()
        times.append(t.seconds / max(1, iters))
    return times


def sync(torch, device: str) -> None:
    if device == "cuda":
        torch.cuda.synchronize()


def init_dist(torch, args, backend: str | None = None, timeout_s: float = 3600.0):
    """Join the process group: through the runner's rendezvous file on one machine, or
    through tcp:// / env:// across machines (args.init, see resolve_launch).

    The collective timeout is long on purpose: the runner's own timeout decides when a
    job counts as hung, and it kills every rank, so torch's watchdog should not win.
    """
    import datetime

    import torch.distributed as dist

    if backend is None:
        backend = "nccl" if args.device == "cuda" else "gloo"
    if getattr(args, "init_method", None) is None:
        resolve_launch(args)
    if not args.init_method:
        raise ValueError("no rendezvous: give --init-file or --init")
    local = args.local_rank % torch.cuda.device_count() if args.device == "cuda" else 0
    if args.device == "cuda":
        torch.cuda.set_device(local)
    kw = {}
    if args.device == "cuda" and backend == "nccl":
        kw["device_id"] = torch.device("cuda", local)
    common = dict(init_method=args.init_method, rank=args.rank, world_size=args.world,
                  timeout=datetime.timedelta(seconds=timeout_s))
    try:
        dist.init_process_group(backend, **common, **kw)
    except TypeError:  # torch < 2.3 has no device_id
        dist.init_process_group(backend, **common)
    return dist, backend
