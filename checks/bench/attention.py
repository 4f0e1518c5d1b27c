"""RD-BENCH-007: the SDPA attention kernels the GPU should have run (per the knowledge base's
precision row: AOTriton, CK flash) actually ran, and gave correct results.
"""
from __future__ import annotations

from rocmdoctor.engine.check import Action, Applicability, FixPlan, check, ev, fail, ok, warn
from rocmdoctor.knowledge.gpus import EXPERIMENTAL, YES

from .common import SDPA_KERNEL, gpu_run, bench_label, labelled, not_completed, device_precision
from rocmdoctor.base.untrusted import pick

AOTRITON_ENV = "TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL"


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
@labelled
def attention_kernels(bench_attention):
    bad = not_completed(bench_attention, "attention probe")
    if bad:
        return bad
    res = bench_attention.result
    rows = [r for r in res.get("results") or [] if r.get("backend") != "default"]
    dtypes = list(dict.fromkeys(r.get("dtype") for r in rows))
    ran = {d: [r["backend"] for r in rows if r.get("dtype") == d and r.get("ok")] for d in dtypes}
    evidence = [ev("probe: bench_attention", f"{bench_label(res)}: " + _attention_line(d, [r for r in rows
                                                                                      if r.get("dtype") == d]))
                for d in dtypes]
    data = {"ran": ran, "env": res.get("env"), "device": res.get("device")}
    listing = "; ".join(f"{d}: {', '.join(b) or 'none'}" for d, b in ran.items())
    wrong = [r for r in rows if r.get("available") and str(r.get("error", "")).startswith("ran, but")]
    if wrong:
        r = wrong[0]
        return fail(f"the {r['backend']} SDPA kernel gives wrong results in {r['dtype']} on {bench_label(res)}",
                    f"{r['error']}. Pin another kernel (torch.nn.attention.sdpa_kernel) or use eager attention "
                    "until the torch/ROCm build is fixed.", evidence=evidence, data=data)
    if not any(ran.values()):
        return fail(f"no SDPA kernel runs on {bench_label(res)}, not even math", evidence=evidence, data=data)
    if not gpu_run(bench_attention):
        return ok(f"SDPA kernels that run here: {listing}", f"{bench_label(res)}: torch's CPU build has math and flash "
                  "kernels only; the efficient and cudnn kernels are GPU kernels.", evidence=evidence, data=data)
    row = device_precision(res)
    if row is None:
        return ok(f"SDPA kernels that run on {bench_label(res)}: {listing}",
                  "No rocmdoctor precision row for this device, so nothing to hold the list against.",
                  evidence=evidence, data=data)
    env_on = pick(res, "env", AOTRITON_ENV) == "1"
    expected = ({"flash", "efficient"} if row.aotriton == YES or (row.aotriton == EXPERIMENTAL and env_on)
                else set()) | ({"flash"} if row.ck_flash else set())
    fast = {"flash", "efficient"}
    missing = {d: sorted(expected - set(b)) for d, b in ran.items() if expected - set(b)}
    if missing:
        d, names = next(iter(missing.items()))
        errs = "; ".join(_failure(r) for r in rows if r.get("dtype") == d and r["backend"] in names)
        runs = [b for b in ran[d] if b in fast]
        what = (f"the {names[0]} SDPA kernel does not" if len(names) == 1 else
                 f"the {' and '.join(names)} SDPA kernels do not")
        return warn(f"{what} run on {bench_label(res)} in {d}" + (f" ({', '.join(runs)} does)" if runs else
                                                            ": attention falls back to the math kernel"),
                    f"{row.gfx} ({row.example}) should run them (AOTriton: {row.aotriton}; CK flash: "
                    f"{'yes' if row.ck_flash else 'no'}). {errs}. A torch build without AOTriton for this arch "
                    "(check `torch.version.hip` and the wheel's ROCm version) is the usual cause; the math kernel "
                    "costs memory that grows with the square of the sequence length.",
                    evidence=evidence, data=data)
    if row.aotriton == EXPERIMENTAL and not env_on and not any(fast & set(b) for b in ran.values()):
        return warn(f"only the math SDPA kernel runs on {bench_label(res)}: AOTriton is experimental on {row.gfx}",
                    f"Set {AOTRITON_ENV}=1 for training runs and run `rocmdoctor bench attention` again; without it "
                    "SDPA uses the math kernel (memory grows with the square of the sequence length).",
                    evidence=evidence, data=data,
                    fix=FixPlan(f"Enable AOTriton's experimental kernels on {row.gfx}",
                                (Action("env", f"{AOTRITON_ENV}=1 in the training job's environment",
                                        env={AOTRITON_ENV: "1"}),), applicability=Applicability.DISPLAY_ONLY))
    note = "" if expected or any(fast & set(b) for b in ran.values()) else \
        f" (as expected: {row.gfx} has no AOTriton or CK flash kernels, so attention memory grows with s\u00b2)"
    return ok(f"SDPA kernels that run on {bench_label(res)}: {listing}{note}", evidence=evidence, data=data)
