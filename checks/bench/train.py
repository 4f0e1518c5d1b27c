"""RD-TRAIN-001: the reference fine-tune (benchmarks/train.py) trains correctly: it finishes, its
validation passes, and a hang names its step, culprit rank and remedies.
"""
from __future__ import annotations

from rocmdoctor.base.untrusted import pick_map
from rocmdoctor.engine.check import check, ev, fail, ok, warn

from .common import HANG_SOURCES, PRECISION, QWEN_NAN, SDPA_KERNEL, bench_label, labelled, not_completed


@check("RD-TRAIN-001", area="train", level="train", title="The reference fine-tune trains correctly",
       sources=HANG_SOURCES)
@labelled
def reference_training(train_run, hang_context=None):
    res = train_run.result
    model = res.get("model") or train_run.raw.get("model")
    what = f"fine-tune of {model.rstrip('/').rsplit('/', 1)[-1]}" if model else "reference fine-tune"
    injected = res.get("inject") not in (None, "none")
    tag = " (failure injected on purpose)" if injected else ""
    kind = train_run.outcome
    if kind == "timeout":
        hang = pick_map(train_run.raw, "hang")
        culprits = hang.get("culprit_ranks") or []
        who = f" on rank {', '.join(map(str, culprits))}" if culprits else ""
        f = not_completed(train_run, what, hang_fix=True, static=hang_context)
        # No step seen: it stopped before training began (import, process group, model set-up).
        stage = hang.get("stage") or f.data.get("stage")
        where = f"at step {hang['step']}" if hang.get("step") is not None else \
            "before its first step" + (f" (at {stage})" if stage else "")
        return fail(f"{what} hung {where}{who}{tag}", f.detail,
                    evidence=f.evidence, fix=f.fix, data={"hang": hang, "stage": f.data.get("stage"),
                                                          "remedies": f.data.get("remedies")})
    if kind == "failed" and res.get("unsupported"):
        return warn(f"{res.get('attention')} attention cannot run here", train_run.raw.get("message", ""),
                    evidence=[ev("probe: train_run", res.get("error") or "")], sources=[SDPA_KERNEL])
    if kind not in ("completed", "failed") or (kind == "failed" and res.get("unavailable")):
        return not_completed(train_run, what)
    val = pick_map(train_run.raw, "validation")
    failed = [c for c in val.get("checks") or [] if c.get("passed") is False]
    engine = (f"DeepSpeed ZeRO-{res.get('zero')}" + (" + offload" if res.get("offload") else "")
              if res.get("engine") == "deepspeed" else "DDP" if (res.get("world_size") or 1) > 1 else None)
    summary = (f"{res.get('variant')} {res.get('precision')}, {res.get('attention') or 'sdpa'} attention"
               + (f", {engine}" if engine else "") + f", {res.get('steps_done')}/{res.get('steps')} steps, "
               f"{res.get('world_size')} rank(s), {bench_label(res)}")
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
