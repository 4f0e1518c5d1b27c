"""`rocmdoctor run` reads the GPU health counters before and after the job:
what grew is reported, what did not is not. On the 8x MI300X example snapshot, changed the way
a bad job would change it."""
from __future__ import annotations

import os
import signal


import rocmdoctor
from rocmdoctor.commands.run import Runner
from rocmdoctor.logs.watch import health_growth, read_health
from rocmdoctor.machine.sources import SnapshotSource
from rocmdoctor.testing import build_snapshot

BASE = rocmdoctor.api.examples()["mi300x8"]
PCI = "/sys/bus/pci/devices"
GPU3 = "0000:5f:00.0"
RESET = "[ 812.000001] amdgpu 0000:5f:00.0: amdgpu: GPU reset begin!\n"


def snapshot(tmp_path, name, files=None, dmesg=""):
    return SnapshotSource(build_snapshot(tmp_path / name, files=files, base=BASE,
                                         commands={("dmesg",): dmesg} if dmesg else None))


def test_counters_that_grew_during_the_job_are_named_with_their_gpu_and_file(tmp_path):
    before = read_health(snapshot(tmp_path, "before"))
    after = read_health(snapshot(tmp_path, "after", files={
        f"{PCI}/{GPU3}/ras/umc_err_count": "ue: 1\nce: 4\n",
        f"{PCI}/{GPU3}/ras/gpu_vram_bad_pages": "0x00000001 : 0x00001000 : R\n",
    }, dmesg=RESET))
    grown = {g["key"]: g for g in health_growth(before, after)}
    assert set(grown) >= {"GPU 3 ecc umc ue", "GPU 3 ecc umc ce", "GPU 3 bad pages", "GPU 3 resets"}
    ue = grown["GPU 3 ecc umc ue"]
    assert (ue["before"], ue["after"]) == (0, 1) and ue["source"] == f"{PCI}/{GPU3}/ras/umc_err_count"
    assert not any(k.startswith("GPU 0 ") for k in grown)  # the others did not change


def test_nothing_grew_nothing_reported(tmp_path):
    a = read_health(snapshot(tmp_path, "a"))
    assert a and any(k.endswith("ecc umc ue") for k in a)  # the counters were read
    assert health_growth(a, read_health(snapshot(tmp_path, "b"))) == []


def test_growth_is_part_of_the_diagnosis_even_when_the_job_succeeded(tmp_path):
    r = Runner.__new__(Runner)
    r.health_grown = health_growth(read_health(snapshot(tmp_path, "a")), read_health(snapshot(
        tmp_path, "b", files={f"{PCI}/{GPU3}/ras/umc_err_count": "ue: 0\nce: 9\n"})))
    lines = r.health_lines()
    assert lines and "GPU 3" in lines[0] and "0 -> 9" in lines[0] and "RD-HEALTH" in lines[-1]


def test_a_machine_without_gpus_reads_no_counters_and_claims_no_growth(tmp_path):
    src = SnapshotSource(build_snapshot(tmp_path / "cpu", files={}))
    assert health_growth({}, read_health(src)) == []


def test_matcher_keeps_the_newest_output_when_it_lags():
    """Copies the matcher has not taken are dropped oldest first: a crash printed after a flood
    (NCCL_DEBUG=INFO on 8 ranks, then the error) is still matched."""
    from rocmdoctor.logs.watch import Matcher

    m = Matcher(budget=64 * 1024)
    try:
        os.kill(m.proc.pid, signal.SIGSTOP)  # a matcher that has fallen far behind
        flood = b"NCCL INFO Channel 00/32 : 0 1 2 3 4 5 6 7\n" * 1000
        for _ in range(400):
            m.offer(b"o", flood)
            m.flush()
        m.offer(b"e", b"RuntimeError: No HIP GPUs are available\n")
        assert m.dropped > 0 and m.pending_bytes <= 64 * 1024 + 4096
        os.kill(m.proc.pid, signal.SIGCONT)
        result, skipped = m.snapshot(final=True, timeout=60)
        assert "hip-no-gpus" in result.occurrences
        assert skipped == m.dropped
    finally:
        os.kill(m.proc.pid, signal.SIGCONT)
        m.close()
