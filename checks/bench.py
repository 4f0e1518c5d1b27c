"""Benchmarks and the reference fine-tune, turned into findings (facts: facts/probes_active.py).

Outcomes follow benchmarks/runner.py: "completed", "failed" (the benchmark reported an
error), "timeout" (killed; names the ranks and stages), "crashed", "error" (never
started). A CPU run is always labelled as one; GPU thresholds never apply to it.

A multi-GPU hang or crawl gets its remedies from the static facts when they are there
(``hang_remedies``): iommu=pt first when the IOMMU translates
(RD-IOMMU-001's plan), ACS off second when bridges above the GPUs redirect P2P (RD-PCIE-001's
setpci plan), NCCL_P2P_DISABLE=1 last, labelled slow; a remedy the static checks rule out
is left out with a sentence saying why.
"""
from __future__ import annotations

import functools
from dataclasses import replace

from rocmdoctor.check import Action, Applicability, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.checks.iommu import iommu_evidence, passthrough, pt_plan
from rocmdoctor.facts.interconnect import LSPCI_ARGV
from rocmdoctor.fixes.pci_acs import acs_disable_plan
from rocmdoctor.parsers.lspci import acs_redirects

NCCL_TESTS_PERF = "https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md"
INSTALL_FAQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/install-faq.html"
RCCL_1129 = "https://github.com/ROCm/rccl/issues/1129"
VLLM_390 = "https://github.com/ROCm/vllm/issues/390"
NCCL_ACS = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#pci-access-control-services-acs"
NCCL_199 = "https://github.com/NVIDIA/nccl/issues/199"
PRECISION = "https://rocm.docs.amd.com/en/latest/reference/precision-support.html"
BF16_API = "https://github.com/pytorch/pytorch/pull/80410"
QWEN_NAN = "https://github.com/QwenLM/Qwen3/issues/670"
SDPA_KERNEL = "https://pytorch.org/docs/stable/generated/torch.nn.attention.sdpa_kernel.html"
HANG_SOURCES = [INSTALL_FAQ, RCCL_1129, VLLM_390, NCCL_ACS, NCCL_199]

# Thresholds (docs/benchmarks.md says why each is where it is).
LOW_PEAK_PERCENT = 10.0  # matmul: below this share of vendor peak something is badly off
CRAWL_BUSBW_GBPS = 1.0  # all-reduce at >= 64 MiB on GPUs: ~10x below PCIe gen3 P2P (10 GB/s)
CRAWL_MIN_BYTES = 64 << 20
LOW_P2P_GBPS = 1.0
LOW_H2D_GBPS = 3.0  # pinned host->device; gen3 x16 gives 13-14 GB/s, gen4 x16 about 28

STEP_IOMMU = ("1. Add iommu=pt to the kernel command line (on Intel hosts: intel_iommu=on iommu=pt), "
              "regenerate the boot config (update-grub / grubby) and reboot; RCCL warns when it is missing.")
STEP_ACS = ("2. Disable PCIe ACS on the bridges above the GPUs: in the BIOS, or per bridge with "
            "`setpci -s <BDF> ECAP_ACS+0x6.w=0000` (lost at reboot; breaks VFIO isolation).")
STEP_P2P = ("3. Last resort, slow: set NCCL_P2P_DISABLE=1 (RCCL reads the NCCL_ name) so GPU-to-GPU traffic "
            "goes through host memory. It avoids the P2P hang but is much slower.")


def _number(text: str, n: int) -> str:
    return f"{n}. {text.split('. ', 1)[1]}"


def hang_remedies(cmdline=None, iommu=None, gpus=None, cpu=None, virt=None, pci_links=None, lspci=None,
                  env=None):
    """Remedies for a multi-GPU hang or crawl, in AMD's order, tailored by the static facts.
    Returns (FixPlan or None, evidence, sentences for the detail, data["remedies"])."""
    steps: list[tuple[str, tuple[Action, ...], dict]] = []  # (key, actions, data)
    said, evidence = [], []

    # 1. IOMMU: the same judgement as RD-IOMMU-001, with its evidence and its plan.
    if virt is not None and virt.guest:
        said.append(f"This is a VM guest ({virt.kind}): the host's IOMMU and ACS settings decide P2P; iommu=pt and "
                    "ACS off belong on the host.")
        steps.append(("iommu_pt", (Action("note", STEP_IOMMU.replace("to the kernel command line",
                                                                     "to the host's kernel command line")),),
                      {"status": "host"}))
    elif cmdline is None:
        steps.append(("iommu_pt", (Action("note", STEP_IOMMU),), {"status": "unknown"}))
    elif passthrough(cmdline) or (iommu is not None and (iommu.translating is False or (
            iommu.default_passthrough and iommu.translating is not True))):
        why = ("iommu=pt is on the kernel command line" if passthrough(cmdline) else
               "the kernel defaults to passthrough" if iommu.default_passthrough else
               "no GPU IOMMU group translates DMA")
        said.append(f"The static checks found the IOMMU in passthrough ({why}), so iommu=pt is not the remedy here.")
        evidence += iommu_evidence(cmdline, iommu)[:1]
        steps.append(("iommu_pt", (), {"status": "not needed", "why": why}))
    else:
        plan = pt_plan(cmdline, cpu)
        translating = iommu.translating if iommu is not None else None
        n = f"{len([g for g in gpus if not g.integrated])} " if gpus else ""
        said.append("RD-IOMMU-001: " + (f"the IOMMU translates the {n}GPUs' DMA and iommu=pt is missing, the usual "
                                        "cause of RCCL hangs" if translating else
                                        "iommu=pt is missing (whether the IOMMU translates could not be read)") + ".")
        evidence += iommu_evidence(cmdline, iommu)
        steps.append(("iommu_pt", tuple(Action("note", f"{STEP_IOMMU.split('. ', 1)[0]}. {a.description}")
                                        for a in plan.actions), {"status": "needed", "plan": plan.to_dict()}))

    # 2. ACS on the bridges above the GPUs, as RD-PCIE-001 reads it.
    bridges = sorted({b.bdf for p in pci_links or [] for b in p.bridges})
    devs = {b: lspci.get(b) for b in bridges} if lspci is not None else {}
    readable = {b: d for b, d in devs.items() if d is not None and not d.denied}
    redirecting = [b for b, d in readable.items() if acs_redirects(d)]
    if virt is not None and virt.guest:
        steps.append(("acs", (Action("note", STEP_ACS.replace("above the GPUs", "above the GPUs, on the host")),),
                      {"status": "host"}))
    elif redirecting:
        plan = acs_disable_plan(redirecting)
        said.append(f"RD-PCIE-001: ACS redirects peer-to-peer traffic on {len(redirecting)} bridge(s) above the GPUs "
                    f"({', '.join(redirecting)}).")
        evidence += [ev("cmd: " + " ".join(LSPCI_ARGV), f"{b}: {readable[b].line_with('ACSCtl:')}")
                     for b in redirecting]
        steps.append(("acs", (Action("note", "2. Turn ACS off on those bridges: for good in the BIOS, or until "
                                             "reboot with the commands below (devices behind them lose IOMMU-group "
                                             "isolation, so no VFIO passthrough of them)."),)
                      + tuple(a for a in plan.actions if a.kind == "command"), {"status": "needed",
                                                                                "plan": plan.to_dict()}))
    elif readable and len(readable) == len(bridges):
        said.append(f"The static checks found ACS redirection off on the {len(bridges)} bridge(s) above the GPUs, "
                    "so ACS is not the remedy here.")
        steps.append(("acs", (), {"status": "not needed"}))
    elif pci_links and all(p.sysfs_link for p in pci_links) and not bridges:
        said.append("No PCIe bridge sits between the GPUs and the root complex, so ACS is not the remedy here.")
        steps.append(("acs", (), {"status": "not needed"}))
    else:
        steps.append(("acs", (Action("note", STEP_ACS),), {"status": "unknown"}))

    # 3. NCCL_P2P_DISABLE=1: slow, last.
    already = (env or {}).get("NCCL_P2P_DISABLE")
    if already not in (None, "", "0"):
        said.append(f"NCCL_P2P_DISABLE={already} is already set, so GPU-to-GPU traffic already avoids P2P: this "
                    "problem is not on the P2P path (look at the network interfaces, /dev/shm and RCCL's log, "
                    "NCCL_DEBUG=INFO).")
        evidence.append(ev("environment", f"NCCL_P2P_DISABLE={already}"))
        steps.append(("p2p_disable", (), {"status": "already set", "value": already}))
    else:
        steps.append(("p2p_disable", (Action("note", STEP_P2P),
                                      Action("env", "NCCL_P2P_DISABLE=1 in the training job's environment (slow)",
                                             env={"NCCL_P2P_DISABLE": "1"})), {"status": "last resort"}))

    data = [dict(step=k, **d) for k, _, d in steps]
    active = [(k, acts) for k, acts, _ in steps if acts]
    if not active:
        return None, evidence, said, data
    actions: list[Action] = []
    for n, (_, acts) in enumerate(active, start=1):  # renumber what is left: 1, 2, 3
        actions += [replace(a, description=_number(a.description, n)) if a.kind == "note" and a.description[:2]
                    in ("1.", "2.", "3.") else a for a in acts]
    needed = {k for k, _, d in steps if d["status"] in ("needed", "unknown", "host")}
    plan = FixPlan(
        title="Make multi-GPU collectives reliable (in this order)", actions=tuple(actions),
        applicability=Applicability.DISPLAY_ONLY, needs_root=bool(needed & {"iommu_pt", "acs"}),
        needs_reboot="iommu_pt" in needed,
        params={"remedies": data})
    return plan, evidence, said, data


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


def _gpu_run(outcome: dict) -> bool:
    dev = (outcome.get("result") or {}).get("device") or {}
    return (dev.get("kind") or outcome.get("device_requested")) == "cuda"


def _hung_step(outcome: dict) -> tuple[str | None, list[int]]:
    """The stage where the run stopped: the lagging (culprit) rank's, else a hung rank's."""
    ranks = {r.get("rank"): r for r in outcome.get("ranks") or []}
    who = outcome.get("culprit_ranks") or outcome.get("hung_ranks") or []
    stage = next((ranks[r].get("stage") for r in who if r in ranks and ranks[r].get("stage")), None)
    return stage, list(outcome.get("culprit_ranks") or [])


def _not_completed(outcome: dict, what: str, hang_fix: bool = False, static: dict | None = None):
    """A finding for a run that did not finish, or None when it did. ``static``: the
    facts hang_remedies tailors the remedies with (any may be None)."""
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
        stage, culprits = _hung_step(outcome)
        where = (f" at '{stage}'" if stage else "") + (f" on rank {', '.join(map(str, culprits))}" if culprits else "")
        detail, fix, data = outcome.get("message", ""), None, {"hung_ranks": outcome.get("hung_ranks"),
                                                                "culprit_ranks": outcome.get("culprit_ranks"),
                                                                "stage": stage}
        if hang_fix and multi and _gpu_run(outcome):
            fix, more, said, data["remedies"] = hang_remedies(**(static or {}))
            evidence += more
            detail += ("\n" + " ".join(said) if said else "")
        elif hang_fix and multi:
            detail += ("\nThis was a CPU run (gloo): the GPU peer-to-peer remedies (iommu=pt, ACS, "
                       "NCCL_P2P_DISABLE) do not apply to it.")
        return fail(f"{what} hung{where} and was killed", detail, evidence=evidence, fix=fix, data=data)
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
def allreduce_health(bench_allreduce, hang_context=None):
    static = hang_context or {}
    bad = _not_completed(bench_allreduce, "all-reduce", hang_fix=True, static=static)
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
        fix, more, said, data["remedies"] = hang_remedies(**static)
        return warn(f"all-reduce crawls: busbw {max(r['busbw_gbps'] for r in big):.2f} GB/s at "
                    f"{big[-1]['bytes'] >> 20} MiB on {n} GPUs",
                    "Far below even PCIe gen3 peer-to-peer (about 10 GB/s). Such a slow collective looks like a "
                    "hang in training; IOMMU translation or ACS redirecting P2P through the root complex are the "
                    "usual causes." + ("\n" + " ".join(said) if said else ""),
                    evidence=evidence + more, data=data, fix=fix)
    return ok(f"all-reduce correct on {n} ranks; peak busbw {res.get('peak_busbw_gbps')} GB/s", line,
              evidence=evidence, data=data)


@check("RD-BENCH-004", area="bench", level="bench", title="GPUs reach each other peer-to-peer",
       sources=[NCCL_ACS, RCCL_1129])
@_labelled
def p2p_health(bench_p2p, hang_context=None):
    static = hang_context or {}
    bad = _not_completed(bench_p2p, "peer-to-peer benchmark", hang_fix=True, static=static)
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
        fix, more, said, data["remedies"] = hang_remedies(**static)
        return warn(f"{len(no_peer)} GPU pair(s) without peer access, e.g. GPU {no_peer[0][0]} -> {no_peer[0][1]}",
                    "Copies between them go through host memory. Check large-BAR/Resizable BAR in the BIOS, "
                    "IOMMU mode (iommu=pt) and ACS." + ("\n" + " ".join(said) if said else ""),
                    evidence=evidence + more, data=data, fix=fix)
    if worst and worst[0] < LOW_P2P_GBPS:
        fix, more, said, data["remedies"] = hang_remedies(**static)
        return warn(f"GPU {worst[1]} -> {worst[2]} copies at {worst[0]:.2f} GB/s",
                    "Well below PCIe gen3 P2P (about 10 GB/s): a link trained down or ACS redirection."
                    + ("\n" + " ".join(said) if said else ""),
                    evidence=evidence + more, data=data, fix=fix)
    return ok(f"all {n * (n - 1)} GPU pairs have peer access; slowest copy {worst[0]:.1f} GB/s" if worst
              else "all GPU pairs have peer access", evidence=evidence, data=data)


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
def reference_training(train_run, hang_context=None):
    res = train_run.get("result") or {}
    model = res.get("model") or train_run.get("model")
    what = f"fine-tune of {model.rstrip('/').rsplit('/', 1)[-1]}" if model else "reference fine-tune"
    injected = res.get("inject") not in (None, "none")
    tag = " (failure injected on purpose)" if injected else ""
    kind = train_run.get("outcome")
    if kind == "timeout":
        hang = train_run.get("hang") or {}
        culprits = hang.get("culprit_ranks") or []
        who = f" on rank {', '.join(map(str, culprits))}" if culprits else ""
        f = _not_completed(train_run, what, hang_fix=True, static=hang_context)
        return fail(f"{what} hung at step {hang.get('step')}{who}{tag}", f.detail,
                    evidence=f.evidence, fix=f.fix, data={"hang": hang, "stage": f.data.get("stage"),
                                                          "remedies": f.data.get("remedies")})
    if kind == "failed" and res.get("unsupported"):
        return warn(f"{res.get('attention')} attention cannot run here", train_run.get("message", ""),
                    evidence=[ev("probe: train_run", res.get("error") or "")], sources=[SDPA_KERNEL])
    if kind not in ("completed", "failed") or (kind == "failed" and res.get("unavailable")):
        return _not_completed(train_run, what)
    val = train_run.get("validation") or {}
    failed = [c for c in val.get("checks") or [] if c.get("passed") is False]
    engine = (f"DeepSpeed ZeRO-{res.get('zero')}" + (" + offload" if res.get("offload") else "")
              if res.get("engine") == "deepspeed" else "DDP" if (res.get("world_size") or 1) > 1 else None)
    summary = (f"{res.get('variant')} {res.get('precision')}, {res.get('attention') or 'sdpa'} attention"
               + (f", {engine}" if engine else "") + f", {res.get('steps_done')}/{res.get('steps')} steps, "
               f"{res.get('world_size')} rank(s), {_label(res)}")
    perf = _perf(res)
    evidence = [ev("probe: train_run", summary)] + [ev("probe: train_run", f"{c['name']}: {c['detail']}")
                                                    for c in val.get("checks") or []]
    data = {"validation": val, "tokens_per_s": res.get("tokens_per_s"), "step_time_s": res.get("step_time_s"),
            "peak_memory_bytes": res.get("peak_memory_bytes"), "mfu_percent": res.get("mfu_percent")}
    if failed or not val.get("passed"):
        first = failed[0] if failed else {"name": "validation", "detail": "did not pass"}
        return fail(f"{what} failed: {first['name']}{tag}", first["detail"] +
                    (f" (+{len(failed) - 1} more)" if len(failed) > 1 else ""), evidence=evidence, data=data,
                    sources=[PRECISION, QWEN_NAN])
    return ok(f"{what} passed: {perf}", summary, evidence=evidence, data=data)


def _perf(res: dict) -> str:
    parts = []
    if res.get("tokens_per_s"):
        parts.append(f"{res['tokens_per_s']:.0f} tokens/s")
    if res.get("step_time_s"):
        st = res["step_time_s"]
        parts.append(f"{st:.2f} s/it" if res.get("model") else f"{st * 1000:.1f} ms/step")
    if res.get("peak_memory_bytes"):
        parts.append(f"peak {res.get('memory_kind', 'memory')} {res['peak_memory_bytes'] / 2**20:.0f} MiB")
    if res.get("mfu_percent") is not None:
        parts.append(f"MFU {res['mfu_percent']}%")
    return ", ".join(parts) or "no timings"


# ------------------------------------------------------------ numerics and attention
AOTRITON_ENV = "TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL"
GRADSCALER = "https://pytorch.org/docs/stable/amp.html#gradient-scaling"


def _advised_dtype(res: dict, gpus, torch, bench_matmul) -> tuple[str | None, str]:
    """The dtype the precision advisor gives this machine, and where that came from: the
    advisor on the static facts when they name a GPU, else the measured device's gfx row."""
    from rocmdoctor import advice
    from rocmdoctor.knowledge import gpus as kb

    if gpus or torch:
        rec = advice.recommend({"gpus": gpus, "torch": torch, "bench_matmul": bench_matmul})
        if rec.platform not in ("cpu", "unknown"):
            return rec.dtype, "the precision advisor (`rocmdoctor recommend`)"
    dev = res.get("device") or {}
    row = kb.precision(dev.get("arch")) if dev.get("hip") or str(dev.get("arch", "")).startswith("gfx") else None
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
    tiny = (r.get("grad") or {}).get("tiny") or {}
    un, sc = tiny.get("unscaled") or {}, tiny.get("scaled") or {}
    if "zero_fraction" in un:
        parts.append(f"1e-8 grads unscaled {un['zero_fraction']:.0%} zero, scaled x{sc.get('scale', 0):g} "
                     f"{sc.get('zero_fraction', 0):.0%} zero")
    large = ((r.get("grad") or {}).get("large") or {}).get("scaled") or {}
    if large.get("skipped_steps"):
        parts.append(f"large grads: {large['skipped_steps']} scale back-offs to x{large.get('scale', 0):g}")
    return f"{d}: " + "; ".join(parts)


@check("RD-BENCH-006", area="bench", level="bench",
       title="16-bit softmax/norm kernels are sound and loss scaling rescues fp16 gradients",
       sources=[PRECISION, GRADSCALER, QWEN_NAN])
@_labelled
def numerics_health(bench_numerics, gpus=None, torch=None, bench_matmul=None):
    bad = _not_completed(bench_numerics, "numerics probe")
    if bad:
        return bad
    res = bench_numerics.get("result") or {}
    per = res.get("dtypes") or {}
    if not per:
        return fail("numerics probe produced no results", _label(res))
    evidence = [ev("probe: bench_numerics", f"{_label(res)}: " + _numerics_line(d, r)) for d, r in per.items()]
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
        return fail(f"16-bit arithmetic is wrong on {_label(res)}: {broken[0]}",
                    "; ".join(broken) + ". Library kernels accumulate in fp32 and must not do this: a kernel built "
                    "for another GPU (HSA_OVERRIDE_GFX_VERSION) or a broken torch/ROCm build is the usual cause. "
                    "Train in fp32 until it is fixed.", evidence=evidence, data=data)
    gpu = _gpu_run(bench_numerics)
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
        return warn(f"{d} {', '.join(names)} cannot run on {_label(res)}", err + "\n" + " ".join(lines),
                    evidence=evidence, data=data)
    un = (((per.get("fp16") or {}).get("grad") or {}).get("tiny") or {}).get("unscaled") or {}
    if advised == "fp16" and "zero_fraction" in un:
        title = (f"fp16 needs loss scaling on {_label(res)} (the advised dtype): unscaled, "
                 f"{un['zero_fraction']:.0%} of small gradients became zero; scaled, none")
    elif advised == "fp16":
        title = f"16-bit kernels sound on {_label(res)}; fp16 is the advised dtype: keep dynamic loss scaling on"
    elif fp16 and fp16.get("underflow_unscaled"):
        title = (f"16-bit kernels sound; fp16 loses {un.get('zero_fraction', 0):.0%} of small gradients without "
                 "loss scaling, none with it")
    else:
        title = f"16-bit kernels sound ({', '.join(per)})"
    if missing:  # a CPU run: an op the CPU build lacks says nothing about the GPU
        lines.append("Not implemented in this build: " + "; ".join(f"{d} {', '.join(n)}" for d, n in missing.items()))
    return ok(title, _label(res) + "\n" + " ".join(lines), evidence=evidence, data=data)


def _failure(r: dict) -> str:
    why = f" ({' / '.join(r['why'][:2])})" if r.get("why") else ""
    return f"{r['backend']}: {str(r.get('error')).rstrip('.')}{why}"


def _attention_line(d: str, rows: list[dict]) -> str:
    parts = []
    for r in rows:
        if r.get("ok"):
            parts.append(f"{r['backend']} {r.get('ms_per_fwd_bwd', 0):.3g} ms")
        else:
            parts.append(f"{r['backend']} FAILED ({r.get('error')})")
    return f"{d}: " + "; ".join(parts)


@check("RD-BENCH-007", area="bench", level="bench", title="The SDPA attention kernels the GPU should have actually run",
       sources=[SDPA_KERNEL, "https://github.com/pytorch/pytorch/pull/134498",
                "https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/Context.cpp (Context::ckSupported)"])
@_labelled
def attention_kernels(bench_attention):
    from rocmdoctor.knowledge import gpus as kb

    bad = _not_completed(bench_attention, "attention probe")
    if bad:
        return bad
    res = bench_attention.get("result") or {}
    rows = [r for r in res.get("results") or [] if r.get("backend") != "default"]
    dtypes = list(dict.fromkeys(r.get("dtype") for r in rows))
    ran = {d: [r["backend"] for r in rows if r.get("dtype") == d and r.get("ok")] for d in dtypes}
    evidence = [ev("probe: bench_attention", f"{_label(res)}: " + _attention_line(d, [r for r in rows
                                                                                      if r.get("dtype") == d]))
                for d in dtypes]
    data = {"ran": ran, "env": res.get("env"), "device": res.get("device")}
    listing = "; ".join(f"{d}: {', '.join(b) or 'none'}" for d, b in ran.items())
    wrong = [r for r in rows if r.get("available") and str(r.get("error", "")).startswith("ran, but")]
    if wrong:
        r = wrong[0]
        return fail(f"the {r['backend']} SDPA kernel gives wrong results in {r['dtype']} on {_label(res)}",
                    f"{r['error']}. Pin another kernel (torch.nn.attention.sdpa_kernel) or use eager attention "
                    "until the torch/ROCm build is fixed.", evidence=evidence, data=data)
    if not any(ran.values()):
        return fail(f"no SDPA kernel runs on {_label(res)}, not even math", evidence=evidence, data=data)
    if not _gpu_run(bench_attention):
        return ok(f"SDPA kernels that run here: {listing}", f"{_label(res)}: torch's CPU build has math and flash "
                  "kernels only; the efficient and cudnn kernels are GPU kernels.", evidence=evidence, data=data)
    dev = res.get("device") or {}
    row = kb.precision(dev.get("arch")) if dev.get("hip") or str(dev.get("arch", "")).startswith("gfx") else None
    if row is None:
        return ok(f"SDPA kernels that run on {_label(res)}: {listing}",
                  "No rocmdoctor precision row for this device, so nothing to hold the list against.",
                  evidence=evidence, data=data)
    env_on = (res.get("env") or {}).get(AOTRITON_ENV) == "1"
    expected = ({"flash", "efficient"} if row.aotriton == kb.YES or (row.aotriton == kb.EXPERIMENTAL and env_on)
                else set()) | ({"flash"} if row.ck_flash else set())
    fast = {"flash", "efficient"}
    missing = {d: sorted(expected - set(b)) for d, b in ran.items() if expected - set(b)}
    if missing:
        d, names = next(iter(missing.items()))
        errs = "; ".join(_failure(r) for r in rows if r.get("dtype") == d and r["backend"] in names)
        runs = [b for b in ran[d] if b in fast]
        what = (f"the {names[0]} SDPA kernel does not" if len(names) == 1 else
                 f"the {' and '.join(names)} SDPA kernels do not")
        return warn(f"{what} run on {_label(res)} in {d}" + (f" ({', '.join(runs)} does)" if runs else
                                                            ": attention falls back to the math kernel"),
                    f"{row.gfx} ({row.example}) should run them (AOTriton: {row.aotriton}; CK flash: "
                    f"{'yes' if row.ck_flash else 'no'}). {errs}. A torch build without AOTriton for this arch "
                    "(check `torch.version.hip` and the wheel's ROCm version) is the usual cause; the math kernel "
                    "costs memory that grows with the square of the sequence length.",
                    evidence=evidence, data=data)
    if row.aotriton == kb.EXPERIMENTAL and not env_on and not any(fast & set(b) for b in ran.values()):
        return warn(f"only the math SDPA kernel runs on {_label(res)}: AOTriton is experimental on {row.gfx}",
                    f"Set {AOTRITON_ENV}=1 for training runs and run `rocmdoctor bench attention` again; without it "
                    "SDPA uses the math kernel (memory grows with the square of the sequence length).",
                    evidence=evidence, data=data,
                    fix=FixPlan(f"Enable AOTriton's experimental kernels on {row.gfx}",
                                (Action("env", f"{AOTRITON_ENV}=1 in the training job's environment",
                                        env={AOTRITON_ENV: "1"}),), applicability=Applicability.DISPLAY_ONLY))
    note = "" if expected or any(fast & set(b) for b in ran.values()) else \
        f" (as expected: {row.gfx} has no AOTriton or CK flash kernels, so attention memory grows with s\u00b2)"
    return ok(f"SDPA kernels that run on {_label(res)}: {listing}{note}", evidence=evidence, data=data)
