"""RD-BENCH-004: GPUs reach each other peer-to-peer, with correct bytes and plausible speed; missing
or slow pairs carry the multi-GPU remedies.
"""
from __future__ import annotations

from rocmdoctor.engine.check import check, ev, fail, ok, skip

from .common import NCCL_ACS, RCCL_1129, labelled, not_completed, warn_with_remedies


LOW_P2P_GBPS = 1.0


@check("RD-BENCH-004", area="bench", level="bench", title="GPUs reach each other peer-to-peer",
       sources=[NCCL_ACS, RCCL_1129])
@labelled
def p2p_health(bench_p2p, hang_context=None):
    static = hang_context
    bad = not_completed(bench_p2p, "peer-to-peer benchmark", hang_fix=True, static=static)
    if bad:
        return bad
    res = bench_p2p.result
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
        return warn_with_remedies(
            f"{len(no_peer)} GPU pair(s) without peer access, e.g. GPU {no_peer[0][0]} -> {no_peer[0][1]}",
            "Copies between them go through host memory. Check large-BAR/Resizable BAR in the BIOS, "
            "IOMMU mode (iommu=pt) and ACS.", evidence=evidence, data=data, static=static)
    if worst and worst[0] < LOW_P2P_GBPS:
        return warn_with_remedies(
            f"GPU {worst[1]} -> {worst[2]} copies at {worst[0]:.2f} GB/s",
            "Well below PCIe gen3 P2P (about 10 GB/s): a link trained down or ACS redirection.",
            evidence=evidence, data=data, static=static)
    return ok(f"all {n * (n - 1)} GPU pairs have peer access; slowest copy {worst[0]:.1f} GB/s" if worst
              else "all GPU pairs have peer access", evidence=evidence, data=data)
