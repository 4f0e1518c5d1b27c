"""RD-BENCH-001/002: the matmul benchmark. Correct results at a plausible share of the vendor peak
(the GPU knowledge base's SKU peaks, added by benchmarks/suite.py), and bf16 faster than fp32.
"""
from __future__ import annotations

from rocmdoctor.engine.check import check, ev, fail, ok, skip, warn

from .common import BF16_API, PRECISION, bench_label, labelled, not_completed
from rocmdoctor.base.untrusted import pick


LOW_PEAK_PERCENT = 10.0  # below this share of vendor peak something is badly off (docs/benchmarks.md)


@check("RD-BENCH-001", area="bench", level="bench", title="Matrix multiply gives correct results at plausible speed",
       sources=[PRECISION])
@labelled
def matmul_throughput(bench_matmul):
    bad = not_completed(bench_matmul, "matmul benchmark")
    if bad:
        return bad
    res = bench_matmul.result
    rows = [r for r in res.get("results") or [] if "tflops" in r]
    figures = ", ".join(f"{d} {t:.3g} TFLOPS" for d, t in (res.get("best_tflops") or {}).items())
    evidence = [ev("probe: bench_matmul", f"{bench_label(res)}: {figures}")]
    wrong = [r for r in rows if not r.get("error_ok") or not r.get("finite")]
    broken = [r for r in res.get("results") or [] if r.get("error")]
    if wrong:
        r = wrong[0]
        return fail(f"matmul gives wrong results in {r['dtype']}",
                    f"relative error {r.get('rel_error'):.3g} against float64 (finite: {r.get('finite')}); "
                    "a wrong kernel for this GPU (e.g. HSA_OVERRIDE_GFX_VERSION) is the usual cause",
                    evidence=evidence)
    if broken:
        return fail(f"matmul fails in {broken[0]['dtype']}", broken[0]["error"], evidence=evidence)
    if not rows:
        return fail("matmul benchmark produced no figures", evidence=evidence)
    pct = res.get("percent_of_peak") or {}
    low = {d: p for d, p in pct.items() if p is not None and p < LOW_PEAK_PERCENT}
    data = {"best_tflops": res.get("best_tflops"), "percent_of_peak": pct, "device": res.get("device")}
    if low:
        d, p = next(iter(low.items()))
        return warn(f"matmul reaches only {p:.1f}% of {d} peak on {bench_label(res)}",
                    f"{figures}. Under {LOW_PEAK_PERCENT:.0f}% of the vendor peak points to low clocks or a "
                    "power cap, a fallback BLAS path (hipBLASLt unsupported warning) or the wrong GPU.",
                    evidence=evidence, data=data)
    peak_txt = ", ".join(f"{d} {p}% of peak" for d, p in pct.items() if p is not None)
    return ok(f"matmul: {figures}" + (f" ({peak_txt})" if peak_txt else ""), bench_label(res), evidence=evidence, data=data)


@check("RD-BENCH-002", area="bench", level="bench", title="bf16 runs faster than fp32 (not emulated)",
       sources=[PRECISION, BF16_API])
@labelled
def bf16_native(bench_matmul):
    if bench_matmul.outcome != "completed":
        return skip("bf16 speed not measured", bench_matmul.raw.get("message", ""))
    res = bench_matmul.result
    if pick(res, "device", "kind") != "cuda":
        return skip("bf16 emulation is judged on GPUs only", bench_label(res))
    best = res.get("best_tflops") or {}
    if "bf16" not in best or "fp32" not in best:
        return skip("bf16 and fp32 were not both measured")
    ratio = best["bf16"] / best["fp32"]
    evidence = [ev("probe: bench_matmul", f"bf16 {best['bf16']:.3g} TFLOPS, fp32 {best['fp32']:.3g} TFLOPS "
                                          f"on {bench_label(res)}")]
    data = {"bf16_over_fp32": round(ratio, 3)}
    if ratio <= 1.0:
        return warn(f"bf16 is no faster than fp32 ({ratio:.2f}x): it is emulated on {bench_label(res)}",
                    "torch.cuda.is_bf16_supported() says True on every ROCm GPU, but parts without bf16 "
                    "hardware (gfx906 MI50/MI60/Radeon VII, RDNA1/2) emulate it. Train in fp16 with loss "
                    "scaling, or in fp32.", evidence=evidence, data=data)
    return ok(f"bf16 runs {ratio:.1f}x faster than fp32", bench_label(res), evidence=evidence, data=data)
