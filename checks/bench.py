"""Benchmarks and the reference fine-tune, turned into findings (facts: facts/probes_active.py).

Outcomes follow benchmarks/runner.py: "completed", "failed" (the benchmark reported an
error), "timeout" (killed; names the ranks and stages), "crashed", "error" (never
started). A CPU run is always labelled as one; GPU thresholds never apply to it.
"""
from __future__ import annotations

import functools
from dataclasses import replace

from rocmdoctor.check import Action, Applicability, FixPlan, check, ev, fail, ok, skip, warn

NCCL_TESTS_PERF = "https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md"
INSTALL_FAQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/install-faq.html"
RCCL_1129 = "https://github.com/ROCm/rccl/issues/1129"
VLLM_390 = "https://github.com/ROCm/vllm/issues/390"
NCCL_ACS = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#pci-access-control-services-acs"
NCCL_199 = "https://github.com/NVIDIA/nccl/issues/199"
PRECISION = "https://rocm.docs.amd.com/en/latest/reference/precision-support.html"
BF16_API = "https://github.com/pytorch/pytorch/pull/80410"
QWEN_NAN = "https://github.com/QwenLM/Qwen3/issues/670"
HANG_SOURCES = [INSTALL_FAQ, RCCL_1129, VLLM_390, NCCL_ACS, NCCL_199]

# Thresholds (docs/benchmarks.md says why each is where it is).
LOW_PEAK_PERCENT = 10.0  # matmul: below this share of vendor peak something is badly off
CRAWL_BUSBW_GBPS = 1.0  # all-reduce at >= 64 MiB on GPUs: ~10x below PCIe gen3 P2P (10 GB/s)
CRAWL_MIN_BYTES = 64 << 20
LOW_P2P_GBPS = 1.0
LOW_H2D_GBPS = 3.0  # pinned host->device; gen3 x16 gives 13-14 GB/s, gen4 x16 about 28

HANG_FIX = FixPlan(
    title="Make multi-GPU collectives reliable (in this order)",
    actions=(
        Action("note", "1. Add iommu=pt to the kernel command line (on Intel hosts: intel_iommu=on iommu=pt), "
                       "regenerate the boot config (update-grub / grubby) and reboot; RCCL warns when it is missing."),
        Action("note", "2. Disable PCIe ACS on the bridges above the GPUs: in the BIOS, or per bridge with "
                       "`setpci -s <BDF> ECAP_ACS+0x6.w=0000` (lost at reboot; breaks VFIO isolation)."),
        Action("note", "3. Last resort: set NCCL_P2P_DISABLE=1 (RCCL reads the NCCL_ name) so GPU-to-GPU traffic "
                       "goes through host memory. It avoids the P2P hang but is much slower."),
        Action("env", "NCCL_P2P_DISABLE=1 in the training job's environment", env={"NCCL_P2P_DISABLE": "1"}),
    ),
    applicability=Applicability.DISPLAY_ONLY, needs_root=True, needs_reboot=True,
)


def _label(res: dict | None) -> str:
    dev = (res or {}).get("device") or {}
    if dev.get("kind") == "cpu":
        return f"CPU run ({dev.get('name') or 'host CPU'}), not a GPU figure"
    return f"{dev.get('name') or 'GPU'}" + (f" ({dev['arch']})" if dev.get("arch") else "")


def _subject(outcome: dict) -> str | None:
    """Every finding says what ran it: a CPU run must never pass for a GPU figure."""
    dev = (outcome.get("result") or {}).get("device") or {}
    kind = dev.get("kind") or outcome.get("device_requested")
    if kind == "cpu":
        return "CPU run"
    return dev.get("name") or ("GPU" if kind == "cuda" else None)


def _labelled(fn):
    @functools.wraps(fn)
    def wrapper(**kw):
        out = fn(**kw)
        subject = _subject(next(iter(kw.values())) or {})
        return replace(out, subject=out.subject or subject) if subject else out
    return wrapper


def _not_completed(outcome: dict, what: str, hang_fix: bool = False):
    """A finding for a run that did not finish, or None when it did."""
    kind = outcome.get("outcome")
    evidence = [ev(f"probe: {outcome.get('benchmark', what)}", outcome.get("message") or kind)]
    for r in outcome.get("ranks") or []:
        if r.get("stderr_tail") and (r.get("killed") or r.get("returncode")):
            evidence.append(ev(f"probe: {what} rank {r['rank']} stderr", r["stderr_tail"]))
    if kind == "completed":
        return None
    if kind == "failed" and (outcome.get("result") or {}).get("unavailable"):
        return skip(f"{what}: not run", outcome.get("message", ""), evidence=evidence)
    if kind == "timeout":
        multi = (outcome.get("nproc") or 1) > 1
        return fail(f"{what} hung and was killed", outcome.get("message", ""), evidence=evidence,
                    fix=HANG_FIX if (hang_fix and multi) else None,
                    data={"hung_ranks": outcome.get("hung_ranks"), "culprit_ranks": outcome.get("culprit_ranks")})
    if kind == "crashed":
        return fail(f"{what} crashed", outcome.get("message", ""), evidence=evidence,
                    data={"crashed_ranks": outcome.get("crashed_ranks")})
    return fail(f"{what} did not run", outcome.get("message") or kind, evidence=evidence)


@check("RD-BENCH-001", area="bench", level="bench", title="Matrix multiply gives correct results at plausible speed",
       sources=[PRECISION])
@_labelled
def matmul_throughput(bench_matmul):
    bad = _not_completed(bench_matmul, "matmul benchmark")
    if bad:
        return bad
    res = bench_matmul.get("result") or {}
    rows = [r for r in res.get("results") or [] if "tflops" in r]
    figures = ", ".join(f"{d} {t:.3g} TFLOPS" for d, t in (res.get("best_tflops") or {}).items())
    evidence = [ev("probe: bench_matmul", f"{_label(res)}: {figures}")]
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
        return warn(f"matmul reaches only {p:.1f}% of {d} peak on {_label(res)}",
                    f"{figures}. Under {LOW_PEAK_PERCENT:.0f}% of the vendor peak points to low clocks or a "
                    "power cap, a fallback BLAS path (hipBLASLt unsupported warning) or the wrong GPU.",
                    evidence=evidence, data=data)
    peak_txt = ", ".join(f"{d} {p}% of peak" for d, p in pct.items() if p is not None)
    return ok(f"matmul: {figures}" + (f" ({peak_txt})" if peak_txt else ""), _label(res), evidence=evidence, data=data)


@check("RD-BENCH-002", area="bench", level="bench", title="bf16 runs faster than fp32 (not emulated)",
       sources=[PRECISION, BF16_API])
@_labelled
def bf16_native(bench_matmul):
    if bench_matmul.get("outcome") != "completed":
        return skip("bf16 speed not measured", bench_matmul.get("message", ""))
    res = bench_matmul.get("result") or {}
    if (res.get("device") or {}).get("kind") != "cuda":
        return skip("bf16 emulation is judged on GPUs only", _label(res))
    best = res.get("best_tflops") or {}
    if "bf16" not in best or "fp32" not in best:
        return skip("bf16 and fp32 were not both measured")
    ratio = best["bf16"] / best["fp32"]
    evidence = [ev("probe: bench_matmul", f"bf16 {best['bf16']:.3g} TFLOPS, fp32 {best['fp32']:.3g} TFLOPS "
                                          f"on {_label(res)}")]
    data = {"bf16_over_fp32": round(ratio, 3)}
    if ratio <= 1.0:
        return warn(f"bf16 is no faster than fp32 ({ratio:.2f}x): it is emulated on {_label(res)}",
                    "torch.cuda.is_bf16_supported() says True on every ROCm GPU, but parts without bf16 "
                    "hardware (gfx906 MI50/MI60/Radeon VII, RDNA1/2) emulate it. Train in fp16 with loss "
                    "scaling, or in fp32.", evidence=evidence, data=data)
    return ok(f"bf16 runs {ratio:.1f}x faster than fp32", _label(res), evidence=evidence, data=data)


@check("RD-BENCH-003", area="bench", level="bench", title="All-reduce across local ranks is correct and not crawling",
       sources=[NCCL_TESTS_PERF] + HANG_SOURCES)
@_labelled
def allreduce_health(bench_allreduce):
    bad = _not_completed(bench_allreduce, "all-reduce", hang_fix=True)
    if bad:
        return bad
    res = bench_allreduce.get("result") or {}
    n = res.get("world_size") or 1
    rows = res.get("sizes") or []
    last = rows[-1] if rows else {}
    line = (f"{res.get('backend')} on {n} rank(s), {_label(res)}: largest size {last.get('bytes')} B, "
            f"algbw {last.get('algbw_gbps')} GB/s, busbw {last.get('busbw_gbps')} GB/s")
    evidence = [ev("probe: bench_allreduce", line)]
    data = {"world_size": n, "peak_busbw_gbps": res.get("peak_busbw_gbps"), "sizes": rows}
    if res.get("wrong_total"):
        bad_rows = [r for r in rows if r.get("wrong")]
        return fail(f"all-reduce returned wrong values ({res['wrong_total']} elements)",
                    f"first at {bad_rows[0]['bytes']} B; a collective that corrupts data must not be trained on",
                    evidence=evidence, data=data)
    if n < 2:
        return ok("all-reduce ran on one rank only: bus bandwidth is 0 by definition",
                  "nothing crosses a link with one rank; run with two or more GPUs to measure it",
                  evidence=evidence, data=data)
    gpu = (res.get("device") or {}).get("kind") == "cuda"
    big = [r for r in rows if r.get("bytes", 0) >= CRAWL_MIN_BYTES]
    if gpu and big and max(r["busbw_gbps"] for r in big) < CRAWL_BUSBW_GBPS:
        return warn(f"all-reduce crawls: busbw {max(r['busbw_gbps'] for r in big):.2f} GB/s at "
                    f"{big[-1]['bytes'] >> 20} MiB on {n} GPUs",
                    "Far below even PCIe gen3 peer-to-peer (about 10 GB/s). Such a slow collective looks like a "
                    "hang in training; IOMMU translation or ACS redirecting P2P through the root complex are the "
                    "usual causes.", evidence=evidence, data=data, fix=HANG_FIX)
    return ok(f"all-reduce correct on {n} ranks; peak busbw {res.get('peak_busbw_gbps')} GB/s", line,
              evidence=evidence, data=data)


@check("RD-BENCH-004", area="bench", level="bench", title="GPUs reach each other peer-to-peer",
       sources=[NCCL_ACS, RCCL_1129])
@_labelled
def p2p_health(bench_p2p):
    bad = _not_completed(bench_p2p, "peer-to-peer benchmark", hang_fix=True)
    if bad:
        return bad
    res = bench_p2p.get("result") or {}
    n = res.get("devices") or 0
    if n < 2:
        return skip(f"peer-to-peer needs two GPUs; torch sees {n}")
    access = res.get("access") or []
    no_peer = [(i, j) for i in range(n) for j in range(n) if i != j and not access[i][j]]
    uni = res.get("unidirectional_gbps") or []
    vals = [(uni[i][j], i, j) for i in range(n) for j in range(n) if i != j and uni[i][j] is not None]
    worst = min(vals) if vals else None
    evidence = [ev("probe: bench_p2p", f"access {access}; unidirectional GB/s {uni}")]
    data = {"no_peer_pairs": no_peer, "slowest_gbps": worst[0] if worst else None}
    if res.get("wrong_pairs"):
        return fail(f"peer copies delivered wrong bytes between {res['wrong_pairs']}", evidence=evidence, data=data)
    if no_peer:
        return warn(f"{len(no_peer)} GPU pair(s) without peer access, e.g. GPU {no_peer[0][0]} -> {no_peer[0][1]}",
                    "Copies between them go through host memory. Check large-BAR/Resizable BAR in the BIOS, "
                    "IOMMU mode (iommu=pt) and ACS.", evidence=evidence, data=data, fix=HANG_FIX)
    if worst and worst[0] < LOW_P2P_GBPS:
        return warn(f"GPU {worst[1]} -> {worst[2]} copies at {worst[0]:.2f} GB/s",
                    "Well below PCIe gen3 P2P (about 10 GB/s): a link trained down or ACS redirection.",
                    evidence=evidence, data=data, fix=HANG_FIX)
    return ok(f"all {n * (n - 1)} GPU pairs have peer access; slowest copy {worst[0]:.1f} GB/s" if worst
              else f"all GPU pairs have peer access", evidence=evidence, data=data)


@check("RD-BENCH-005", area="bench", level="bench", title="Device memory and host link bandwidth are plausible",
       sources=["https://github.com/ROCm/ROCm/issues/787"])
@_labelled
def membw_health(bench_membw):
    bad = _not_completed(bench_membw, "memory-bandwidth benchmark")
    if bad:
        return bad
    res = bench_membw.get("result") or {}
    tests = res.get("by_test") or {}
    text = "; ".join(f"{k} {v.get('copy_gbps', 0):.1f} GB/s" for k, v in tests.items())
    evidence = [ev("probe: bench_membw", f"{_label(res)}: {text}")]
    data = {k: v.get("copy_gbps") for k, v in tests.items()}
    h2d = (tests.get("host_to_device_pinned") or {}).get("copy_gbps")
    if h2d is not None and h2d < LOW_H2D_GBPS:
        return warn(f"host-to-GPU copies run at {h2d:.1f} GB/s",
                    "PCIe gen3 x16 gives about 13-14 GB/s, gen4 x16 about 28. Check the slot's link speed and width "
                    "(`sudo lspci -vv`, LnkSta against LnkCap) and that the card is not behind a chipset slot or riser.",
                    evidence=evidence, data=data)
    return ok(f"memory bandwidth: {text}", _label(res), evidence=evidence, data=data)


@check("RD-TRAIN-001", area="train", level="train", title="The reference fine-tune trains correctly",
       sources=HANG_SOURCES)
@_labelled
def reference_training(train_run):
    res = train_run.get("result") or {}
    injected = res.get("inject") not in (None, "none")
    tag = " (failure injected on purpose)" if injected else ""
    kind = train_run.get("outcome")
    if kind == "timeout":
        hang = train_run.get("hang") or {}
        culprits = hang.get("culprit_ranks") or []
        who = f" on rank {', '.join(map(str, culprits))}" if culprits else ""
        f = _not_completed(train_run, "reference fine-tune", hang_fix=True)
        return fail(f"reference fine-tune hung at step {hang.get('step')}{who}{tag}", train_run.get("message", ""),
                    evidence=f.evidence, fix=f.fix, data={"hang": hang})
    if kind not in ("completed", "failed") or (kind == "failed" and res.get("unavailable")):
        return _not_completed(train_run, "reference fine-tune")
    val = train_run.get("validation") or {}
    failed = [c for c in val.get("checks") or [] if c.get("passed") is False]
    summary = (f"{res.get('variant')} {res.get('precision')}, {res.get('steps_done')}/{res.get('steps')} steps, "
               f"{res.get('world_size')} rank(s), {_label(res)}")
    perf = _perf(res)
    evidence = [ev("probe: train_run", summary)] + [ev("probe: train_run", f"{c['name']}: {c['detail']}")
                                                    for c in val.get("checks") or []]
    data = {"validation": val, "tokens_per_s": res.get("tokens_per_s"), "step_time_s": res.get("step_time_s"),
            "peak_memory_bytes": res.get("peak_memory_bytes"), "mfu_percent": res.get("mfu_percent")}
    if failed or not val.get("passed"):
        first = failed[0] if failed else {"name": "validation", "detail": "did not pass"}
        return fail(f"reference fine-tune failed: {first['name']}{tag}", first["detail"] +
                    (f" (+{len(failed) - 1} more)" if len(failed) > 1 else ""), evidence=evidence, data=data,
                    sources=[PRECISION, QWEN_NAN])
    return ok(f"reference fine-tune passed: {perf}", summary, evidence=evidence, data=data)


def _perf(res: dict) -> str:
    parts = []
    if res.get("tokens_per_s"):
        parts.append(f"{res['tokens_per_s']:.0f} tokens/s")
    if res.get("step_time_s"):
        parts.append(f"{res['step_time_s'] * 1000:.1f} ms/step")
    if res.get("peak_memory_bytes"):
        parts.append(f"peak {res.get('memory_kind', 'memory')} {res['peak_memory_bytes'] / 2**20:.0f} MiB")
    if res.get("mfu_percent") is not None:
        parts.append(f"MFU {res['mfu_percent']}%")
    return ", ".join(parts) or "no timings"
