"""Which SDPA kernels actually run on the device, with the error when one does not. Run
by runner.py; standalone (torch + stdlib).

For each backend of ``torch.nn.functional.scaled_dot_product_attention`` - math,
efficient (memory-efficient), flash, cudnn where this torch has it - and for the default
(unpinned) choice: pinned with ``torch.nn.attention.sdpa_kernel`` (torch >= 2.3;
``torch.backends.cuda.sdp_kernel`` before, which has no cudnn), one causal forward and
backward on a small batch, checked against a float64 reference on the CPU, then timed
(mean of a few forward+backward passes on a larger batch). Dtypes: fp16 and bf16 on a
GPU, fp32 on the CPU. A kernel that cannot run is recorded with the first line of its
error and torch's "kernel not used because ..." warnings.
"""
from __future__ import annotations

import contextlib
import math
import os
import sys
import warnings

try:
    from . import childlib
except ImportError:
    import childlib

BACKENDS = ("math", "efficient", "flash", "cudnn")
TOLERANCE = {"fp16": 1e-2, "bf16": 5e-2, "fp32": 1e-4}  # max abs error against float64 (outputs are O(1))
CHECK_SHAPE = (1, 2, 128, 64)  # batch, heads, sequence, head dim
GPU_SHAPE, CPU_SHAPE = (2, 16, 2048, 64), (1, 4, 256, 32)
ENV = ("TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL", "TORCH_ROCM_FA_PREFER_CK", "PYTORCH_ROCM_ARCH")


def pin(torch, name: str):
    """A context factory pinning one SDPA backend, or (None, why) when this torch cannot."""
    if name == "default":
        return contextlib.nullcontext, None
    try:
        from torch.nn.attention import SDPBackend, sdpa_kernel
    except ImportError:
        old = getattr(getattr(torch.backends, "cuda", None), "sdp_kernel", None)
        if old is None or name == "cudnn":
            return None, f"torch {torch.__version__} cannot pin the {name} SDPA kernel"
        flags = {"enable_math": name == "math", "enable_flash": name == "flash",
                 "enable_mem_efficient": name == "efficient"}
        return (lambda: old(**flags)), None
    member = {"math": "MATH", "efficient": "EFFICIENT_ATTENTION", "flash": "FLASH_ATTENTION",
              "cudnn": "CUDNN_ATTENTION"}[name]
    backend = getattr(SDPBackend, member, None)
    if backend is None:
        return None, f"torch {torch.__version__} has no {name} SDPA backend"
    return (lambda: sdpa_kernel(backend)), None


def bench(args, status):
    torch, gpu, dev = childlib.open_device(args, status)
    dtypes = args.dtypes or ("fp16,bf16" if gpu else "fp32")
    shape = tuple(int(x) for x in args.shape.split(",")) if args.shape else (GPU_SHAPE if gpu else CPU_SHAPE)
    iters = args.iters if args.iters is not None else (10 if gpu else 2)
    rows = []
    for dname in dtypes.split(","):
        dtype = getattr(torch, childlib.DTYPES[dname])
        for name in ("default",) + BACKENDS:
            status(f"{dname}: {name}")
            rows.append(dict(backend=name, dtype=dname, **_try(torch, dev, args.device, dtype, dname, name,
                                                               shape, iters)))
    status("finished")
    ran = {d: [r["backend"] for r in rows if r["dtype"] == d and r["ok"] and r["backend"] != "default"]
           for d in dtypes.split(",")}
    return {"benchmark": "attention", "device": childlib.device_info(torch, args.device), "results": rows,
            "ran": ran, "shape": list(shape), "iters": iters,
            "timing": "cuda events" if gpu else "perf_counter",
            "env": {k: os.environ.get(k) for k in ENV if os.environ.get(k) is not None},
            "enabled": _enabled(torch)}


def _try(torch, dev, device, dtype, dname, name, shape, iters) -> dict:
    ctx, why = pin(torch, name)
    if ctx is None:
        return {"ok": False, "available": False, "error": why}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            err = _check(torch, dev, dtype, ctx)
            t = _time(torch, dev, device, dtype, ctx, shape, iters)
        except (RuntimeError, NotImplementedError, TypeError, ValueError) as exc:
            return {"ok": False, "available": True, "error": _first(exc), "why": _said(caught)}
    row = {"ok": err is not None and err <= TOLERANCE[dname], "available": True, "max_abs_error": err,
           "tolerance": TOLERANCE[dname], "ms_per_fwd_bwd": round(t * 1000, 4)}
    if err is None:
        row["error"] = "ran, but its output or gradient is not finite"
    elif err > TOLERANCE[dname]:
        row["error"] = f"ran, but its output is off by {err:.3g} (allowed {TOLERANCE[dname]:g})"
    return row


def _qkv(torch, dev, dtype, shape, seed):
    g = torch.Generator(device="cpu").manual_seed(seed)
    return [torch.randn(*shape, generator=g).to(dev, dtype).requires_grad_(True) for _ in range(3)]


def _check(torch, dev, dtype, ctx) -> float | None:
    """Max abs error of the output against float64; None when output or gradient is not finite."""
    q, k, v = _qkv(torch, dev, dtype, CHECK_SHAPE, 0)
    with ctx():
        out = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        out.float().sum().backward()
    qd, kd, vd = (t.detach().to("cpu", torch.float64) for t in (q, k, v))
    s = CHECK_SHAPE[2]
    scores = qd @ kd.transpose(-1, -2) / math.sqrt(CHECK_SHAPE[3])
    scores = scores.masked_fill(torch.ones(s, s, dtype=torch.bool).triu(1), float("-inf"))
    ref = torch.softmax(scores, -1) @ vd
    got = out.detach().to("cpu", torch.float64)
    if not bool(torch.isfinite(got).all()) or q.grad is None or not bool(torch.isfinite(q.grad).all()):
        return None
    return float((got - ref).abs().max())


def _time(torch, dev, device, dtype, ctx, shape, iters) -> float:
    q, k, v = _qkv(torch, dev, dtype, shape, 1)

    def step():
        with ctx():
            torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True).sum().backward()

    # One warm-up call (and the kernel's first-call set-up), then one timed loop.
    return childlib.timed(torch, device, step, iters=iters, warmup=1)[0]


def _first(exc: BaseException) -> str:
    return ((str(exc).strip().splitlines() or [type(exc).__name__])[0])[:300]


def _said(caught) -> list[str]:
    """torch's own reasons ("Flash attention kernel not used because: ..." and the lines
    after it, each its own warning), first lines, without the C++ location, deduplicated."""
    out = []
    for w in caught:
        line = (str(w.message).strip().splitlines() or [""])[0].split(" (Triggered internally at")[0][:300]
        if line and line not in out and "deprecated" not in line.lower():
            out.append(line)
    return out[:6]


def _enabled(torch) -> dict:
    cuda = getattr(torch.backends, "cuda", None)
    out = {}
    for name, fn in (("flash", "flash_sdp_enabled"), ("efficient", "mem_efficient_sdp_enabled"),
                     ("math", "math_sdp_enabled"), ("cudnn", "cudnn_sdp_enabled")):
        f = getattr(cuda, fn, None)
        if f is not None:
            try:
                out[name] = bool(f())
            except Exception:  # an old build without the flag
                pass
    return out


def main(argv=None) -> int:
    p = childlib.parser(__doc__.splitlines()[0])
    p.add_argument("--dtypes", default=None, help="default: fp16,bf16 on GPU, fp32 on CPU")
    p.add_argument("--shape", default=None, help="timing shape batch,heads,seq,head_dim")
    args = p.parse_args(argv)
    if args.dtypes and not all(d in childlib.DTYPES for d in args.dtypes.split(",")):
        p.error(f"--dtypes: choose from {', '.join(childlib.DTYPES)}")
    return childlib.main_guard(bench, args)


if __name__ == "__main__":
    sys.exit(main())
