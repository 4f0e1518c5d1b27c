"""checks/bench/common.py, what every benchmark check shares: a benchmark not run is a skip
saying why, a snapshot's record is judged like a live one, the checks run only at their level,
and a multi-GPU hang or crawl (RD-BENCH-003/004, RD-TRAIN-001) says which step hung and
takes its remedies from the static facts: iommu=pt (RD-IOMMU-001's plan) when the IOMMU
translates, ACS off (RD-PCIE-001's setpci plan) when bridges redirect P2P, else a sentence
saying the static checks ruled them out; NCCL_P2P_DISABLE=1 last and labelled slow.

Outcomes are the recorded CPU runs (tests/data/bench_cpu_allreduce_*.json), relabelled as
GPU runs in memory where the GPU branch is under test (as the as_gpu fixture does); static
facts come from the embedded example machines plus real lspci blocks."""
from __future__ import annotations

import copy
import json
import os
import re

import rocmdoctor
from rocmdoctor.facts.interconnect import LSPCI_ARGV
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "data")
EX = rocmdoctor.examples()
MI50 = EX["mi50x2-xeon"]  # 2x MI50 on a Xeon, no iommu=pt, the Intel IOMMU translating
MI300 = EX["mi300x8"]  # iommu=pt on the command line
GPUS = {"0000:19:00.0": "0000:00:01.1", "0000:67:00.0": "0000:00:01.2"}  # mi50x2-xeon's GPUs


def load(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return json.load(fh)


def read(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def hang(benchmark="allreduce"):
    """The recorded 2-rank hang (rank 1 stopped first), as a GPU run."""
    o = copy.deepcopy(load("bench_cpu_allreduce_hang_rank1.json"))
    o.update(device_requested="cuda", benchmark=benchmark)
    return o


def crawl():
    o = copy.deepcopy(load("bench_cpu_allreduce_2ranks_64MiB.json"))
    o["device_requested"] = "cuda"
    o["result"]["device"] = {"kind": "cuda", "name": "AMD Instinct MI50/MI60", "arch": "gfx906"}
    for row in o["result"]["sizes"]:  # slower than any GPU link: the crawl branch
        row["busbw_gbps"] = min(row["busbw_gbps"], 0.3)
    return o


def env_with(base, **extra):
    env = json.loads(read(os.path.join(base, "probes", "env.json")))["data"]
    return dict(env, **extra)


def mi50_with_bridges(tmp_path, name, acs_on=True, cmdline_extra="", **kw):
    """mi50x2-xeon with each GPU right below one of the Raphael root ports whose real
    `lspci -vvv` block shows ACS redirection on (tests/data/SOURCES.md); acs_on=False
    gives what those ports read after `setpci ... ECAP_ACS+0x6.w=0000`."""
    ports = read(os.path.join(DATA, "lspci_vvv_raphael_gpp_root_ports_acs_enabled_PARTIAL.txt"))
    if not acs_on:
        ports = re.sub(r"ACSCtl:\t.*", "ACSCtl:\tSrcValid- TransBlk- ReqRedir- CmpltRedir- UpstreamFwd- "
                                       "EgressCtrl- DirectTrans-", ports)
    lspci_dir = next(f for f in os.listdir(os.path.join(MI50, "cmd")) if f.startswith("lspci"))
    base_lspci = read(os.path.join(MI50, "cmd", lspci_dir, "stdout"))
    links = {f"/sys/bus/pci/devices/{gpu}": f"../../../devices/pci0000:00/{port}/{gpu}" for gpu, port in GPUS.items()}
    files = {}
    if cmdline_extra:
        files["/proc/cmdline"] = read(os.path.join(MI50, "fs/proc/cmdline")).strip() + " " + cmdline_extra + "\n"
    return build_snapshot(tmp_path / name, base=MI50, links=links, files=files,
                          commands={LSPCI_ARGV: base_lspci + "\n" + ports}, **kw)


def check(snap, results, code="RD-BENCH-003", level="bench"):
    (f,) = rocmdoctor.scan(snapshot=snap, level=level, select=[code],
                           options={"active_results": results}).by_code(code)
    return f


def steps(f):
    return [(a.kind, a.description, a.argv) for a in f.fix.actions]


def remedies(f):
    return {r["step"]: r["status"] for r in f.data["remedies"]}


# ------------------------------------------------------------------ tests
def test_translating_iommu_puts_rd_iommu_001_plan_first(tmp_path):
    snap = build_snapshot(tmp_path / "mi50", base=MI50)
    f = check(snap, {"bench_allreduce": hang()})
    assert f.status == Status.FAIL
    assert f.title == "all-reduce hung at 'all-reduce 64 KiB: before the collective (injected hang)' on rank 1 " \
                      "and was killed"
    assert "RD-IOMMU-001: the IOMMU translates the 2 GPUs' DMA" in f.detail
    assert any(e.source == "/sys/kernel/iommu_groups/*/type" for e in f.evidence)  # RD-IOMMU-001's evidence
    acts = steps(f)
    # 1. iommu=pt, with the pt_plan text (a Xeon: intel_iommu=on too); 2. ACS unknown here; 3. slow last resort.
    assert acts[0][1].startswith("1. Add intel_iommu=on iommu=pt") and "rocmdoctor fix --iommu" in acts[0][1]
    assert acts[1][1].startswith("2. Disable PCIe ACS")
    assert acts[2][1].startswith("3. Last resort, slow") and acts[3][0] == "env"
    assert remedies(f) == {"iommu_pt": "needed", "acs": "unknown", "p2p_disable": "last resort"}
    assert f.data["remedies"][0]["plan"]["params"]["add"] == ["intel_iommu=on", "iommu=pt"]
    assert f.fix.needs_reboot


def test_acs_on_bridges_adds_setpci_commands_second(tmp_path):
    snap = mi50_with_bridges(tmp_path, "acs")
    f = check(snap, {"bench_allreduce": hang()})
    acts = steps(f)
    assert acts[0][1].startswith("1. Add intel_iommu=on iommu=pt")
    assert acts[1][1].startswith("2. Turn ACS off on those bridges")
    assert [a[2] for a in acts if a[0] == "command"] == [("setpci", "-s", "0000:00:01.1", "ECAP_ACS+0x6.w=0000"),
                                                        ("setpci", "-s", "0000:00:01.2", "ECAP_ACS+0x6.w=0000")]
    assert acts[-2][1].startswith("3. Last resort, slow")
    assert "RD-PCIE-001: ACS redirects" in f.detail
    assert any("ACSCtl:" in e.text and "ReqRedir+" in e.text for e in f.evidence)


def test_passthrough_skips_iommu_remedy_with_a_sentence(tmp_path):
    snap = build_snapshot(tmp_path / "mi300", base=MI300)
    f = check(snap, {"bench_allreduce": hang()})
    assert "found the IOMMU in passthrough (iommu=pt is on the kernel command line)" in f.detail
    acts = steps(f)
    assert not any("iommu=pt" in d for _, d, _ in acts)
    assert acts[0][1].startswith("1. Disable PCIe ACS") and acts[1][1].startswith("2. Last resort, slow")
    assert remedies(f)["iommu_pt"] == "not needed" and not f.fix.needs_reboot


def test_everything_ruled_out_and_p2p_already_disabled_gives_no_plan(tmp_path):
    snap = mi50_with_bridges(tmp_path, "clean", acs_on=False, cmdline_extra="intel_iommu=on iommu=pt",
                             probes={"env": env_with(MI50, NCCL_P2P_DISABLE="1")})
    f = check(snap, {"bench_allreduce": hang()})
    assert f.status == Status.FAIL and f.fix is None
    assert "found the IOMMU in passthrough" in f.detail
    assert "found ACS redirection off on the 2 bridge(s)" in f.detail
    assert "NCCL_P2P_DISABLE=1 is already set" in f.detail and "not on the P2P path" in f.detail
    assert remedies(f) == {"iommu_pt": "not needed", "acs": "not needed", "p2p_disable": "already set"}


def test_crawl_gets_the_same_tailored_remedies(tmp_path):
    snap = build_snapshot(tmp_path / "mi300", base=MI300, probes={"env": env_with(MI300, NCCL_P2P_DISABLE="1")})
    f = check(snap, {"bench_allreduce": crawl()})
    assert f.status == Status.WARN and "crawls" in f.title
    assert "NCCL_P2P_DISABLE=1 is already set" in f.detail
    # iommu=pt is on and P2P is already off: only ACS (not readable in this snapshot) is left.
    assert [(k, d[:19]) for k, d, _ in steps(f)] == [("note", "1. Disable PCIe ACS")]


def test_p2p_and_training_hangs_use_the_static_facts(tmp_path):
    snap = build_snapshot(tmp_path / "mi50", base=MI50)
    p2p = check(snap, {"bench_p2p": hang("p2p")}, code="RD-BENCH-004")
    assert "hung at" in p2p.title and steps(p2p)[0][1].startswith("1. Add intel_iommu=on iommu=pt")
    train = dict(hang("train"), hang={"step": 7, "ranks": [0, 1], "culprit_ranks": [1]})
    t = check(snap, {"train_run": train}, code="RD-TRAIN-001", level="train")
    assert t.title.startswith("reference fine-tune hung at step 7 on rank 1")
    assert "RD-IOMMU-001" in t.detail and t.data["stage"].startswith("all-reduce 64 KiB")


def test_cpu_hang_names_the_step_but_gives_no_gpu_remedies(tmp_path):
    snap = build_snapshot(tmp_path / "mi50", base=MI50)
    f = check(snap, {"bench_allreduce": load("bench_cpu_allreduce_hang_rank1.json")})
    assert f.status == Status.FAIL and "on rank 1" in f.title and f.fix is None
    assert "CPU run (gloo)" in f.detail and "do not apply" in f.detail

def test_not_run_benchmark_skips_with_reason(bench):
    f = bench({}, ["RD-BENCH-001"]).findings[0]
    assert f.status == Status.SKIP and "not run in this invocation" in f.detail


def test_snapshot_without_records_skips_and_with_record_is_judged(tmp_path, recorded):
    snap = build_snapshot(tmp_path / "a")
    f = rocmdoctor.scan(snapshot=snap, level="bench", select=["RD-BENCH-003"]).findings[0]
    assert f.status == Status.SKIP and "live machine" in f.detail
    snap = build_snapshot(tmp_path / "b", probes={"bench_allreduce": recorded("bench_cpu_allreduce_hang_rank1.json")})
    f = rocmdoctor.scan(snapshot=snap, level="bench", select=["RD-BENCH-003"]).findings[0]
    assert f.status == Status.FAIL


def test_bench_checks_do_not_run_below_bench_level(tmp_path):
    snap = build_snapshot(tmp_path / "c")
    assert rocmdoctor.scan(snapshot=snap, level="default", select=["RD-BENCH", "RD-TRAIN"]).findings == []
