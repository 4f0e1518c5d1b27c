"""RD-BENCH-005 (checks/bench/membw.py): host-device copy bandwidth, on the recorded CPU run."""

from rocmdoctor.engine.model import Status


def test_membw_cpu_passes(bench, recorded):
    f = bench({"bench_membw": recorded("bench_cpu_membw.json")}, ["RD-BENCH-005"]).findings[0]
    assert f.status == Status.PASS and "host_ram_copy" in f.title


def test_membw_slow_host_link_warns(bench, recorded, as_gpu):
    o = as_gpu(recorded("bench_cpu_membw.json"), "AMD Instinct MI100", "gfx908")
    row = dict(o["result"]["by_test"]["host_ram_copy"], test="host_to_device_pinned", copy_gbps=1.2)
    o["result"]["by_test"] = {"host_to_device_pinned": row}
    f = bench({"bench_membw": o}, ["RD-BENCH-005"]).findings[0]
    assert f.status == Status.WARN and "1.2 GB/s" in f.title
