"""RD-BENCH-003: all-reduce across local ranks. Correct values, and not crawling on GPUs (busbw as
nccl-tests defines it); a crawl carries the multi-GPU remedies.
"""
from __future__ import annotations

from rocmdoctor.engine.check import check, ev, fail, ok

from .common import HANG_SOURCES, NCCL_TESTS_PERF, bench_label, labelled, not_completed, warn_with_remedies
from rocmdoctor.base.untrusted import pick


CRAWL_BUSBW_GBPS = 1.0  # at >= 64 MiB on GPUs: ~10x below PCIe gen3 P2P (10 GB/s)
CRAWL_MIN_BYTES = 64 << 20


@check("RD-BENCH-003", area="bench", level="bench", title="All-reduce across local ranks is correct and not crawling",
       sources=[NCCL_TESTS_PERF] + HANG_SOURCES)
@labelled
def allreduce_health(bench_allreduce, hang_context=None):
    static = hang_context
    bad = not_completed(bench_allreduce, "all-reduce", hang_fix=True, static=static)
    if bad:
        return bad
    res = bench_allreduce.result
    n = res.get("world_size") or 1
    rows = res.get("sizes") or []
    last = rows[-1] if rows else {}
    line = (f"{res.get('backend')} on {n} rank(s), {bench_label(res)}: largest size {last.get('bytes')} B, "
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
    gpu = pick(res, "device", "kind") == "cuda"
    big = [r for r in rows if r.get("bytes", 0) >= CRAWL_MIN_BYTES]
    if gpu and big and max(r["busbw_gbps"] for r in big) < CRAWL_BUSBW_GBPS:
        return warn_with_remedies(
            f"all-reduce crawls: busbw {max(r['busbw_gbps'] for r in big):.2f} GB/s at "
            f"{big[-1]['bytes'] >> 20} MiB on {n} GPUs",
            "Far below even PCIe gen3 peer-to-peer (about 10 GB/s). Such a slow collective looks like a "
            "hang in training; IOMMU translation or ACS redirecting P2P through the root complex are the "
            "usual causes.", evidence=evidence, data=data, static=static)
    return ok(f"all-reduce correct on {n} ranks; peak busbw {res.get('peak_busbw_gbps')} GB/s", line,
              evidence=evidence, data=data)
