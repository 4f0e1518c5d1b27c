"""16-bit numerics on the device: where fp16 (and bf16) overflow, and whether loss scaling
rescues fp16 gradients. Run by runner.py; standalone (torch + stdlib).

Per dtype (fp16 and bf16 by default), every figure against float64 on the CPU computed
from the same dtype-rounded inputs, so only the device's own arithmetic is measured:

* kernel tests - library ops that must stay finite and accurate in 16 bits because they
  accumulate in fp32 internally: ``torch.softmax`` over logits up to ~3.6e4, and
  ``F.layer_norm`` over activations of magnitude ~300 (hidden 4096). NaN/inf or a large
  error here means this device's kernels are wrong.
* range tests - the same maths written out in the dtype, as hand-written model code does:
  an RMS norm ``x * rsqrt(mean(x*x))`` (x*x passes fp16's 65504) and attention scores
  ``q @ k^T / sqrt(d)`` with activations ~100 (dot products pass 65504, softmax gives NaN).
  fp16 is expected to overflow here and bf16 not: it is the fp16 range, not a fault.
* gradient step - y = x @ w^T with fp32 master weights cast to the dtype (what autocast
  does), loss in fp32, upstream gradients of magnitude 1e-8 ("tiny": below fp16's
  smallest subnormal, 6e-8) and 1 ("large"), once without loss scaling and once with a
  GradScaler-style dynamic scale (start 2^16, halve and retry while any gradient is
  inf/NaN, then unscale in fp32). Reported: share of gradient entries that became zero
  where the reference is not, relative error, steps skipped, the scale that worked.

An op the device or build does not implement is recorded as that test's error, not a crash.
"""
from __future__ import annotations

import sys

try:
    from . import childlib
except ImportError:
    import childlib

# Relative error (max |got - ref| / max |ref|) allowed for the kernel tests: a few units
# of the dtype's rounding (fp16 eps 9.8e-4, bf16 eps 7.8e-3).
TOLERANCE = {"fp16": 4e-3, "bf16": 3e-2, "fp32": 1e-5}
GRAD_TOLERANCE = {"fp16": 0.05, "bf16": 0.05, "fp32": 1e-4}  # relative Frobenius error of a good gradient
INIT_SCALE = 2.0 ** 16  # torch.amp.GradScaler's default init_scale
MAX_BACKOFF = 24
TINY, LARGE = 1e-8, 1.0
KIND = {"softmax": "kernel", "layer_norm": "kernel", "rms_naive": "range", "scores": "range"}


def bench(args, status):
    torch, _, dev = childlib.open_device(args, status)
    out = {}
    for name in args.dtypes.split(","):
        dtype = getattr(torch, childlib.DTYPES[name])
        status(f"{name}: forward ops")
        tests = [_guard(fn, torch, dev, dtype, name) for fn in (_softmax, _layer_norm, _rms_naive, _scores)]
        status(f"{name}: gradient step")
        grads = {}
        for case, mag in (("tiny", TINY), ("large", LARGE)):
            grads[case] = {"upstream_magnitude": mag,
                           "unscaled": _guard(_grad, torch, dev, dtype, name, mag, False),
                           "scaled": _guard(_grad, torch, dev, dtype, name, mag, True)}
        out[name] = {"tests": tests, "grad": grads, "summary": _summary(tests, grads)}
    status("finished")
    return {"benchmark": "numerics", "device": childlib.device_info(torch, args.device), "dtypes": out,
            "init_scale": INIT_SCALE, "errors": [f"{d}: {t['name']}: {t['error']}" for d, r in out.items()
                                                 for t in r["tests"] if "error" in t]}


def _guard(fn, torch, dev, dtype, name, *more):
    """Run one test; an op the device/build lacks becomes the test's error."""
    label = fn.__name__.lstrip("_")
    try:
        return fn(torch, dev, dtype, name, *more)
    except (RuntimeError, NotImplementedError, TypeError) as exc:
        text = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        return {"name": label, "kind": KIND.get(label, "grad"), "error": text[:300],
                "not_implemented": "not implemented" in text.lower() or isinstance(exc, NotImplementedError)}


def _gen(torch, seed):
    return torch.Generator(device="cpu").manual_seed(seed)


def _compare(torch, name, kind, got, ref, tol, **extra):
    got64 = got.detach().to("cpu", torch.float64)
    finite = torch.isfinite(got64)
    diff = (got64 - ref).abs()
    max_abs = float(diff[finite].max()) if bool(finite.any()) else None  # None: nothing finite to compare
    scale = float(ref.abs().max()) or 1.0
    rel = None if max_abs is None else max_abs / scale
    inf, nan = int(torch.isinf(got64).sum()), int(torch.isnan(got64).sum())
    # A kernel test must be accurate; a range test asks only whether the dtype overflowed
    # (its error is kept: 16-bit rounding of large values is coarse in any case).
    accurate = rel is not None and rel <= tol if kind == "kernel" else not extra.get("intermediate_inf")
    ok = inf == 0 and nan == 0 and accurate
    return {"name": name, "kind": kind, "max_abs_error": max_abs, "rel_error": rel, "tolerance": tol,
            "inf": inf, "nan": nan, "ok": ok, **extra}


def _softmax(torch, dev, dtype, name):
    x = (torch.randn(64, 1024, generator=_gen(torch, 1)) * 8e3).to(dtype)  # |x| up to ~3.6e4 < 65504
    ref = torch.softmax(x.double(), -1)
    got = torch.softmax(x.to(dev), -1)
    return _compare(torch, "softmax", "kernel", got, ref, TOLERANCE[name], input_max=float(x.float().abs().max()))


def _layer_norm(torch, dev, dtype, name):
    x = (torch.randn(64, 4096, generator=_gen(torch, 2)) * 300).to(dtype)
    ref = torch.nn.functional.layer_norm(x.double(), (4096,))
    got = torch.nn.functional.layer_norm(x.to(dev), (4096,))
    return _compare(torch, "layer_norm", "kernel", got, ref, TOLERANCE[name], input_max=float(x.float().abs().max()))


def _rms_naive(torch, dev, dtype, name):
    x = (torch.randn(64, 4096, generator=_gen(torch, 3)) * 300).to(dtype)
    xd = x.double()
    ref = xd * torch.rsqrt((xd * xd).mean(-1, keepdim=True) + 1e-6)
    xg = x.to(dev)
    sq = xg * xg  # in the dtype: 300^2 = 9e4 > 65504 in fp16
    got = xg * torch.rsqrt(sq.mean(-1, keepdim=True) + 1e-6)
    return _compare(torch, "rms_norm_in_dtype", "range", got, ref, TOLERANCE[name],
                    intermediate_inf=int(torch.isinf(sq).sum()))


def _scores(torch, dev, dtype, name):
    q = (torch.randn(1, 4, 128, 64, generator=_gen(torch, 4)) * 100).to(dtype)
    k = (torch.randn(1, 4, 128, 64, generator=_gen(torch, 5)) * 100).to(dtype)
    qd, kd = q.double(), k.double()
    ref = torch.softmax(qd @ kd.transpose(-1, -2) / 8.0, -1)
    s = q.to(dev) @ k.to(dev).transpose(-1, -2) / 8.0  # scaled after the product, as eager attention does
    got = torch.softmax(s, -1)
    return _compare(torch, "attention_scores_in_dtype", "range", got, ref, TOLERANCE[name],
                    intermediate_inf=int(torch.isinf(s).sum()),
                    max_abs_score=float((qd @ kd.transpose(-1, -2)).abs().max() / 8.0))


def _grad(torch, dev, dtype, name, magnitude, scaled):
    """One backward pass; with ``scaled``, GradScaler's dynamic loss scale by hand."""
    g = _gen(torch, 6)
    x = torch.randn(16, 64, generator=g).to(dtype)
    w = torch.randn(64, 64, generator=g) * 0.125
    up = torch.randn(16, 64, generator=g) * magnitude
    ref = up.double().t() @ x.double()  # d(sum(y * up))/dw with y = x @ w^T
    scale, skipped = (INIT_SCALE if scaled else 1.0), 0
    while True:
        w32 = w.to(dev).clone().requires_grad_(True)  # fresh leaf: no grad carried over
        y = x.to(dev) @ w32.to(dtype).t()
        loss = (y.float() * up.to(dev)).sum() * scale
        loss.backward()
        grad = (w32.grad / scale).to("cpu", torch.float64)
        finite = bool(torch.isfinite(w32.grad).all())
        if finite or not scaled or skipped >= MAX_BACKOFF:
            break
        scale, skipped = scale / 2, skipped + 1  # what GradScaler.update does after an inf/NaN step
    nonzero_ref = ref != 0
    zero = float(((grad == 0) & nonzero_ref).sum()) / max(1, int(nonzero_ref.sum()))
    rel = float((grad - ref).norm() / ref.norm()) if finite else None
    return {"name": "grad_scaled" if scaled else "grad_unscaled", "scale": scale, "skipped_steps": skipped,
            "finite": finite, "zero_fraction": round(zero, 4), "rel_error": rel,
            "ok": finite and rel is not None and rel <= GRAD_TOLERANCE[name]}


def _summary(tests, grads) -> dict:
    """The answers the doctor's check needs, per dtype."""
    def bad(t):
        return "error" not in t and not t.get("ok")

    tiny, large = grads["tiny"], grads["large"]
    un, sc = tiny["unscaled"], tiny["scaled"]
    return {
        "kernel_failures": [t["name"] for t in tests if t.get("kind") == "kernel" and bad(t)],
        "kernel_errors": [t["name"] for t in tests if t.get("kind") == "kernel" and "error" in t],
        "range_overflows": [t["name"] for t in tests if t.get("kind") == "range" and bad(t)],
        "underflow_unscaled": "error" not in un and (un.get("zero_fraction", 0) > 0.5 or not un.get("ok")),
        "underflow_scaled": "error" not in sc and (sc.get("zero_fraction", 0) > 0.5 or not sc.get("ok")),
        "overflow_unscaled": "error" not in large["unscaled"] and not large["unscaled"].get("finite", True),
        "overflow_scaled": "error" not in large["scaled"] and not large["scaled"].get("ok", True),
        "scaled_backoffs": large["scaled"].get("skipped_steps"),
        "grad_errors": [f"{c} {k}" for c, r in grads.items() for k in ("unscaled", "scaled") if "error" in r[k]],
    }


def main(argv=None) -> int:
    p = childlib.parser(__doc__.splitlines()[0])
    p.add_argument("--dtypes", default="fp16,bf16", help="comma-separated (default fp16,bf16)")
    args = p.parse_args(argv)
    if not all(d in childlib.DTYPES for d in args.dtypes.split(",")):
        p.error(f"--dtypes: choose from {', '.join(childlib.DTYPES)}")
    return childlib.main_guard(bench, args)


if __name__ == "__main__":
    sys.exit(main())
