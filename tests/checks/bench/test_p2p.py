"""RD-BENCH-004 (checks/bench/p2p.py): GPUs reach each other peer-to-peer, with correct bytes
and plausible speed. The outcomes have the shape benchmarks/p2p.py writes; the pass case's speeds
are rocm_bandwidth_test's PCIe gen3 P2P figures (docs/benchmarks.md)."""
from rocmdoctor.engine.model import Status


def test_p2p_unavailable_on_cpu_is_skip(bench):
    o = {"benchmark": "p2p", "outcome": "failed", "message": "rank 0: peer-to-peer needs GPUs", "ranks": [],
         "result": {"error": "peer-to-peer needs GPUs", "unavailable": True}, "device_requested": "cpu"}
    assert bench({"bench_p2p": o}, ["RD-BENCH-004"]).findings[0].status == Status.SKIP


def p2p_outcome(uni, access=None, wrong_pairs=()):
    """A completed run as benchmarks/p2p.py records it, for len(uni) GPUs."""
    n = len(uni)
    return {"benchmark": "p2p", "outcome": "completed", "message": "", "ranks": [], "device_requested": "cuda",
            "result": {"benchmark": "p2p", "devices": n, "names": ["AMD Instinct MI50/MI60"] * n,
                       "device": {"kind": "cuda", "name": "AMD Instinct MI50/MI60", "arch": "gfx906"},
                       "access": access or [[True] * n for _ in range(n)], "unidirectional_gbps": uni,
                       "bidirectional_gbps": [[None] * n for _ in range(n)], "bytes": 256 << 20,
                       "wrong_pairs": [list(p) for p in wrong_pairs]}}


GEN3 = [[None, 10.26], [10.26, None]]  # rocm_bandwidth_test, PCIe gen3 P2P


def test_p2p_between_two_gpus_at_pcie_speed_passes(bench):
    f = bench({"bench_p2p": p2p_outcome(GEN3)}, ["RD-BENCH-004"]).findings[0]
    assert f.status == Status.PASS and "all 2 GPU pairs have peer access" in f.title and "10.3 GB/s" in f.title


def test_p2p_copy_delivering_wrong_bytes_fails(bench):
    f = bench({"bench_p2p": p2p_outcome(GEN3, wrong_pairs=[(0, 1)])}, ["RD-BENCH-004"]).findings[0]
    assert f.status == Status.FAIL and "wrong bytes" in f.title and f.data["slowest_gbps"] == 10.26


def test_p2p_pair_without_peer_access_or_crawling_warns(bench):
    no_peer = p2p_outcome(GEN3, access=[[True, False], [True, True]])
    f = bench({"bench_p2p": no_peer}, ["RD-BENCH-004"]).findings[0]
    assert f.status == Status.WARN and "GPU 0 -> 1" in f.title and f.data["no_peer_pairs"] == [(0, 1)]
    f = bench({"bench_p2p": p2p_outcome([[None, 0.4], [10.26, None]])}, ["RD-BENCH-004"]).findings[0]
    assert f.status == Status.WARN and "GPU 0 -> 1 copies at 0.40 GB/s" in f.title


def test_p2p_with_one_gpu_is_a_skip(bench):
    f = bench({"bench_p2p": p2p_outcome([[None]])}, ["RD-BENCH-004"]).findings[0]
    assert f.status == Status.SKIP and "needs two GPUs" in f.title
