"""RD-BENCH-005: device-memory and host-link bandwidth are plausible.
"""
from __future__ import annotations

from rocmdoctor.engine.check import check, ev, ok, warn

from .common import bench_label, labelled, not_completed
from rocmdoctor.base.untrusted import pick


LOW_H2D_GBPS = 3.0  # pinned host->device; gen3 x16 gives 13-14 GB/s, gen4 x16 about 28


@check("RD-BENCH-005", area="bench", level="bench", title="Device memory and host link bandwidth are plausible",
       sources=["https://github.com/ROCm/ROCm/issues/787"])
@labelled
def membw_health(bench_membw):
    bad = not_completed(bench_membw, "memory-bandwidth benchmark")
    if bad:
        return bad
    res = bench_membw.result
    tests = res.get("by_test") or {}
    text = "; ".join(f"{k} {v.get('copy_gbps', 0):.1f} GB/s" for k, v in tests.items())
    evidence = [ev("probe: bench_membw", f"{bench_label(res)}: {text}")]
    data = {k: v.get("copy_gbps") for k, v in tests.items()}
    h2d = pick(tests, "host_to_device_pinned", "copy_gbps")
    if h2d is not None and h2d < LOW_H2D_GBPS:
        return warn(f"host-to-GPU copies run at {h2d:.1f} GB/s",
                    "PCIe gen3 x16 gives about 13-14 GB/s, gen4 x16 about 28. Check the slot's link speed and width "
                    "(`sudo lspci -vv`, LnkSta against LnkCap) and that the card is not behind a chipset slot or riser.",
                    evidence=evidence, data=data)
    return ok(f"memory bandwidth: {text}", bench_label(res), evidence=evidence, data=data)
