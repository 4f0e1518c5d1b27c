"""RD-BENCH-006: 16-bit softmax/norm kernels are sound, and loss scaling rescues fp16 gradients;
where fp16 is the advised dtype (the precision advisor), loss scaling is required.
"""
from __future__ import annotations

from rocmdoctor.engine.check import check, ev, fail, ok, warn

from .common import PRECISION, QWEN_NAN, gpu_run, bench_label, labelled, not_completed, device_precision
from rocmdoctor.base.untrusted import pick

GRADSCALER = "https://pytorch.org/docs/stable/amp.html#gradient-scaling"


def _advised_dtype(res: dict, gpus, torch, bench_matmul) -> tuple[str | None, str]:
    """The dtype the precision advisor gives this machine, and where that came from: the
    advisor on the static facts when they name a GPU, else the measured device's gfx row."""
    from rocmdoctor.facts import advice

    if gpus or torch:
        rec = advice.recommend({"gpus": gpus, "torch": torch, "bench_matmul": bench_matmul})
        if rec.platform not in ("cpu", "unknown"):
            return rec.dtype, "the precision advisor (`rocmdoctor recommend`)"
    row = device_precision(res)
    if row:
        return ("bf16" if row.bf16_native else "fp16"), f"the precision table's {row.gfx} row"
    return None, ""


def _numerics_line(d: str, r: dict) -> str:
    s = r.get("summary") or {}
    tests = {t.get("name"): t for t in r.get("tests") or []}
    parts = []
    for name in ("softmax", "layer_norm"):
        t = tests.get(name) or {}
        parts.append(f"{name} " + (f"error: {t['error']}" if "error" in t else
                                   f"rel err {t.get('rel_error') or 0:.2g}, inf {t.get('inf')}, nan {t.get('nan')}"))
    if s.get("range_overflows"):
        parts.append("overflowed: " + ", ".join(s["range_overflows"]))
    tiny = pick(r, "grad", "tiny") or {}
    un, sc = tiny.get("unscaled") or {}, tiny.get("scaled") or {}
    if "zero_fraction" in un:
        parts.append(f"1e-8 grads unscaled {un['zero_fraction']:.0%} zero, scaled x{sc.get('scale', 0):g} "
                     f"{sc.get('zero_fraction', 0):.0%} zero")
    large = pick(r, "grad", "large", "scaled") or {}
    if large.get("skipped_steps"):
        parts.append(f"large grads: {large['skipped_steps']} scale back-offs to x{large.get('scale', 0):g}")
    return f"{d}: " + "; ".join(parts)


@check("RD-BENCH-006", area="bench", level="bench",
       title="16-bit softmax/norm kernels are sound and loss scaling rescues fp16 gradients",
       sources=[PRECISION, GRADSCALER, QWEN_NAN])
@labelled
def numerics_health(bench_numerics, gpus=None, torch=None, bench_matmul=None):
    bad = not_completed(bench_numerics, "numerics probe")
    if bad:
        return bad
    res = bench_numerics.result
    per = res.get("dtypes") or {}
    if not per:
        return fail("numerics probe produced no results", bench_label(res))
    evidence = [ev("probe: bench_numerics", f"{bench_label(res)}: " + _numerics_line(d, r)) for d, r in per.items()]
    sums = {d: r.get("summary") or {} for d, r in per.items()}
    data = {"summary": sums, "device": res.get("device")}
    broken = []
    for d, s in sums.items():
        if s.get("kernel_failures"):
            broken.append(f"{d} {', '.join(s['kernel_failures'])} gives NaN/inf or wrong values on inputs the dtype "
                          "can hold")
        if s.get("underflow_scaled") and s.get("underflow_unscaled"):
            broken.append(f"{d} gradients of 1e-8 become zero even with a loss scale of {res.get('init_scale', 0):g}")
        if s.get("overflow_scaled"):
            broken.append(f"{d} gradients stay inf/NaN after {s.get('scaled_backoffs')} loss-scale back-offs")
    if broken:
        return fail(f"16-bit arithmetic is wrong on {bench_label(res)}: {broken[0]}",
                    "; ".join(broken) + ". Library kernels accumulate in fp32 and must not do this: a kernel built "
                    "for another GPU (HSA_OVERRIDE_GFX_VERSION) or a broken torch/ROCm build is the usual cause. "
                    "Train in fp32 until it is fixed.", evidence=evidence, data=data)
    gpu = gpu_run(bench_numerics)
    missing = {d: s["kernel_errors"] for d, s in sums.items() if s.get("kernel_errors")}
    lines = []
    fp16 = sums.get("fp16")
    if fp16 and fp16.get("underflow_unscaled"):
        lines.append("fp16 without loss scaling flushed small gradients to zero; with a GradScaler-style dynamic "
                     "scale they came through, as expected (fp16's smallest value is 6e-8).")
    if fp16 and fp16.get("range_overflows"):
        other = ", ".join(d for d, s in sums.items() if d != "fp16" and not s.get("range_overflows"))
        lines.append(f"fp16 overflowed (values past 65504) in {', '.join(fp16['range_overflows'])}"
                     + (f"; {other} did not" if other else "") + ". Loss scaling cannot prevent that: models with "
                     "large activations (Qwen2/Qwen2.5) give loss 0.0 / grad_norm nan in fp16.")
    advised, by = _advised_dtype(res, gpus, torch, bench_matmul) if gpu else (None, "")
    data["advised_dtype"] = advised
    if advised == "fp16":
        data["loss_scaling_required"] = True
        lines.append(f"fp16 is the dtype {by} gives this GPU, so loss scaling is required: DeepSpeed "
                     "\"fp16\": {\"enabled\": true, \"loss_scale\": 0} (dynamic), or HF/LLaMA-Factory fp16: true "
                     "(GradScaler). Never a static scale of 1.")
    if missing and gpu:
        d, names = next(iter(missing.items()))
        err = next(t["error"] for t in per[d]["tests"] if t.get("name") in names and "error" in t)
        return warn(f"{d} {', '.join(names)} cannot run on {bench_label(res)}", err + "\n" + " ".join(lines),
                    evidence=evidence, data=data)
    un = pick(per, "fp16", "grad", "tiny", "unscaled") or {}
    if advised == "fp16" and "zero_fraction" in un:
        title = (f"fp16 needs loss scaling on {bench_label(res)} (the advised dtype): unscaled, "
                 f"{un['zero_fraction']:.0%} of small gradients became zero; scaled, none")
    elif advised == "fp16":
        title = f"16-bit kernels sound on {bench_label(res)}; fp16 is the advised dtype: keep dynamic loss scaling on"
    elif fp16 and fp16.get("underflow_unscaled"):
        title = (f"16-bit kernels sound; fp16 loses {un.get('zero_fraction', 0):.0%} of small gradients without "
                 "loss scaling, none with it")
    else:
        title = f"16-bit kernels sound ({', '.join(per)})"
    if missing:  # a CPU run: an op the CPU build lacks says nothing about the GPU
        lines.append("Not implemented in this build: " + "; ".join(f"{d} {', '.join(n)}" for d, n in missing.items()))
    return ok(title, bench_label(res) + "\n" + " ".join(lines), evidence=evidence, data=data)
