#!/usr/bin/env python3
"""Generate a large training log and time how long explaining it takes, with peak memory.

Target (issue 11): a 2 GB log explained in under 30 s with under 200 MB of memory.
The log is what a long 8-rank LLaMA-Factory/torchrun run prints: `[rankN]:`-prefixed step
dicts, tqdm progress, INFO lines, a few warnings; a NaN step, a GPU page-fault block and a
watchdog timeout are planted at known places, and the run must find all three.

    python scripts/bench_explain.py                # 2 GiB in a temporary directory
    python scripts/bench_explain.py --size-mb 200 --keep /tmp/big.log

The explaining runs in a child process (`rocmdoctor explain FILE --format json --no-facts`,
or the reader alone with --reader-only) so its peak RSS is measured on its own
(getrusage RUSAGE_CHILDREN). Prints the size, seconds, MB/s, peak RSS and the prefilter
engine (stdlib, or re2 when google-re2 is installed).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

PLANTED = ("nan-grad-norm", "amdgpu-page-fault", "nccl-watchdog-timeout")


def block(rng: random.Random, step: int, nranks: int = 8) -> list[str]:
    out = []
    for r in range(nranks):
        out.append(f"[rank{r}]:{{'loss': {rng.uniform(0.8, 2.5):.4f}, 'grad_norm': {rng.uniform(0.1, 9):.6f}, "
                   f"'learning_rate': {1e-5 * rng.random():.6e}, 'epoch': {step / 10000:.4f}}}\n")
    out.append(f" {step % 100:2d}%|{'█' * (step % 40):<40}| {step}/50000 [1:{step % 60:02d}:{step % 60:02d}<"
               f"10:00:00,  {rng.uniform(1, 3):.2f}s/it]\n")
    if step % 5 == 0:
        out.append(f"[rank0]:[INFO|trainer.py:3984] {time.strftime('%Y-%m-%d %H:%M:%S')},123 >> Saving model "
                   f"checkpoint to saves/qwen2.5-7b/lora/sft/checkpoint-{step}\n")
    if step % 97 == 0:
        out.append("[rank3]:/usr/lib/python3/site-packages/torch/utils/checkpoint.py:91: UserWarning: None of "
                   "the inputs have requires_grad=True. Gradients will be None\n")
    return out


PAGE_FAULT = [
    "[ 4778.915423] amdgpu 0000:c6:00.0: amdgpu: [gfxhub0] no-retry page fault (src_id:0 ring:24 vmid:3 pasid:32769)\n",
    "[ 4778.916081] amdgpu 0000:c6:00.0: amdgpu:  for process pt_main_thread pid 12924 thread pt_main_thread pid 12924)\n",
    "[ 4778.917054] amdgpu 0000:c6:00.0: amdgpu: VM_L2_PROTECTION_FAULT_STATUS:0x00301031\n",
    "[ 4778.917532] amdgpu 0000:c6:00.0: amdgpu: \t Faulty UTCL2 client ID: TCP (0x8)\n",
]
WATCHDOG = ("[rank1]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 1] Watchdog caught collective "
            "operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, "
            "Timeout(ms)=600000) ran for 600060 milliseconds before timing out.\n")
NAN = "[rank2]:{'loss': 0.0, 'grad_norm': nan, 'learning_rate': 4.998e-05, 'epoch': 0.03}\n"


def generate(path: str, size: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    # One 4 MiB piece of distinct steps, written repeatedly with the planted lines at thirds.
    piece, step = [], 0
    while sum(map(len, piece)) < 4 * 1024 * 1024:
        piece += block(rng, step)
        step += 1
    data = "".join(piece).encode()
    written = 0
    planted = [int(size * f) for f in (0.3, 0.6, 0.9)]
    extras = ["".join(NAN).encode(), "".join(PAGE_FAULT).encode(), WATCHDOG.encode()]
    with open(path, "wb", buffering=16 * 1024 * 1024) as fh:
        while written < size:
            fh.write(data)
            written += len(data)
            while planted and written >= planted[0]:
                planted.pop(0)
                e = extras.pop(0)
                fh.write(e)
                written += len(e)


def measure(path: str, reader_only: bool) -> tuple[float, float, dict]:
    if reader_only:
        code = ("import json,sys; from rocmdoctor.logs.logscan import scan_path; r=scan_path(sys.argv[1]); "
                "print(json.dumps({'signatures': list(r.occurrences), 'lines': r.lines, 'engine': r.engine}))")
        argv = [sys.executable, "-c", code, path]
    else:
        argv = [sys.executable, "-m", "rocmdoctor", "explain", path, "--format", "json", "--no-facts"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    cp = subprocess.run(argv, capture_output=True, text=True, timeout=900)
    took = time.perf_counter() - t0
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if peak_kb <= before:
        print("warning: peak RSS not isolated (an earlier child was larger)", file=sys.stderr)
    try:
        out = json.loads(cp.stdout)
    except ValueError:
        sys.exit(f"explain failed (exit {cp.returncode}): {cp.stderr[-2000:]}")
    return took, peak_kb / 1024, out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size-mb", type=int, default=2048)
    ap.add_argument("--keep", metavar="PATH", help="write the log here and keep it")
    ap.add_argument("--reader-only", action="store_true", help="time the reader without the explain command")
    ap.add_argument("--engine", choices=("re2", "stdlib"), help="force the prefilter engine (default: re2 when installed)")
    ap.add_argument("--log", metavar="PATH", help="explain this existing log instead of generating one")
    a = ap.parse_args()
    size = a.size_mb * 1024 * 1024
    if a.engine:
        os.environ["ROCMDOCTOR_LOGSCAN_ENGINE"] = a.engine
    tmp = None
    path = a.keep or a.log
    if not path:
        tmp = tempfile.mkdtemp(prefix="rocmdoctor-bench-")
        path = os.path.join(tmp, "train.log")
    try:
        t0 = time.perf_counter()
        if not a.log:
            generate(path, size)
        print(f"generated {os.path.getsize(path) / 1e9:.2f} GB in {time.perf_counter() - t0:.1f} s: {path}")
        took, peak_mb, out = measure(path, a.reader_only)
        found = out.get("signatures") or [c.get("signature") for c in out.get("causes", [])]
        missing = [s for s in PLANTED if s not in found]
        mb = os.path.getsize(path) / 1e6
        print(f"explained in {took:.1f} s ({mb / took:.0f} MB/s), peak RSS {peak_mb:.0f} MB, "
              f"engine {out.get('engine') or out.get('input', {}).get('engine')}")
        print(f"targets: < 30 s {'OK' if took < 30 else 'MISSED'}, < 200 MB {'OK' if peak_mb < 200 else 'MISSED'}; "
              f"planted signatures found: {'all' if not missing else 'MISSING ' + ', '.join(missing)}")
        return 0 if (not missing and took < 30 and peak_mb < 200) else 1
    finally:
        if tmp:
            try:
                os.remove(path)
                os.rmdir(tmp)
            except OSError:
                pass


if __name__ == "__main__":
    sys.exit(main())
