"""`rocmdoctor explain`: ranked causes from a log combined with a machine's facts."""
from __future__ import annotations

import json
import os


from rocmdoctor import cli
from rocmdoctor.api import make_source
from rocmdoctor.engine.machine import Machine
from rocmdoctor.logs.explain import arch_facts, explain
from rocmdoctor.logs.logscan import scan_path, scan_text

DATA = os.path.join(os.path.dirname(__file__), "data", "logs")
HANG = os.path.join(DATA, "torch_barrier_hang_2ranks.txt")


def run_json(capsys, *argv):
    rc = cli.main(["explain", *argv, "--format", "json"])
    out = capsys.readouterr().out
    return rc, json.loads(out)


def test_barrier_hang_on_translating_iommu_host_names_iommu_first_with_its_plan(capsys):
    rc, doc = run_json(capsys, HANG, "--example", "mi50x2-xeon")
    assert rc == 1
    top = doc["causes"][0]
    assert top["signature"] == "nccl-barrier-hang" and top["ranks"] == [0, 1]
    first = top["causes"][0]
    assert first["check"] == "RD-IOMMU-001" and first["status"] == "confirmed"
    assert first["fix_plan"]["fixer"] == "kernel_cmdline"
    assert "iommu=pt" in first["fix_plan"]["params"]["add"]
    assert "RD-IOMMU-001" in doc["verdict"]


def test_same_hang_on_xgmi_mi300x_with_iommu_pt_rules_iommu_out(capsys):
    rc, doc = run_json(capsys, HANG, "--example", "mi300x8")
    causes = doc["causes"][0]["causes"]
    iommu = next(c for c in causes if c["check"] == "RD-IOMMU-001")
    assert iommu["status"] == "ruled out"
    assert causes[0]["check"] != "RD-IOMMU-001"
    assert causes[-1]["status"] == "ruled out"


def test_driver_event_outranks_the_watchdog_that_follows(tmp_path):
    log = tmp_path / "node.log"
    with open(os.path.join(DATA, "torch_watchdog_timeout_8ranks.txt")) as w, \
            open(os.path.join(DATA, "kernel_ring_timeout_reset_journalctl.txt")) as k:
        log.write_text(w.read() + k.read())  # the watchdog is printed first, the reset is the cause
    expl = explain(scan_path(str(log)), Machine(None))
    order = [d.signature.id for d in expl.diagnoses]
    assert order.index("amdgpu-ring-timeout") < order.index("amdgpu-gpu-reset") < order.index("nccl-watchdog-timeout")
    wd = next(d for d in expl.diagnoses if d.signature.id == "nccl-watchdog-timeout")
    assert wd.follows == "amdgpu-ring-timeout"


def test_no_binary_names_gfx_and_wheel_arch_list(capsys, tmp_path):
    log = tmp_path / "t.log"
    log.write_text("# source: https://github.com/ROCm/ROCm/issues/1623\n"
                   "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!\n")
    rc, doc = run_json(capsys, str(log), "--example", "mi50x2-xeon")
    facts = doc["causes"][0]["facts"]
    assert any("gfx906 (GPU 0, 1)" in f for f in facts)
    assert any("arch list" in f and "gfx906" in f for f in facts)


class FakeMachine(Machine):
    has_facts = True  # facts "present"

    def __init__(self, gpus, torch):
        super().__init__(None)
        self.known = {"gpus": gpus, "torch": torch}

    def fact(self, name, level=None):
        return self.known.get(name)


def test_arch_facts_say_which_gfx_the_wheel_lacks():
    from rocmdoctor.facts.gpus import Gpu
    from rocmdoctor.facts.python_env import Torch

    g = Gpu(index=0, node=1, gfx="gfx1151", gfx_target_version=110501, device_id=0x1586, pci="0000:c5:00.0",
            name="Radeon 8060S", name_source="x", vram_bytes=None, integrated=False, render_minor=128,
            properties_path="/sys/x")
    lines = arch_facts(FakeMachine([g], Torch(version="2.5.1+rocm6.2", arch_list=("gfx90a", "gfx942"))))
    assert lines[0] == "GPUs: gfx1151 (GPU 0)"
    assert "gfx90a, gfx942" in lines[1] and lines[2] == "the wheel has no code for gfx1151"


def test_node_in_a_runtime_fault_maps_to_the_gpu():
    r = scan_text(["Memory access fault by GPU node-3 (Agent handle: 0x55d0c3d1a2b0) on address 0x7f00. "
                   "Reason: Page not present or supervisor privilege."])
    expl = explain(r, Machine(make_source(example="mi300x8"), "quick"))
    gpus = expl.diagnoses[0].gpus
    assert gpus == [{"index": 1, "node": 3, "pci": "0000:3d:00.0", "gfx": "gfx942", "name": gpus[0]["name"],
                     "named_by": "node-3"}]


def test_kernel_pci_address_maps_to_the_gpu(tmp_path):
    r = scan_text(["[ 12.1] amdgpu 0000:67:00.0: amdgpu: GPU reset begin!"])
    expl = explain(r, Machine(make_source(example="mi50x2-xeon"), "quick"))
    assert expl.diagnoses[0].gpus[0]["index"] == 1


def test_unexplained_lines_are_said_plainly(capsys, tmp_path):
    log = tmp_path / "x.log"
    log.write_text("step 1\nValueError: the tokenizer has no pad token\nstep 2\n")
    rc = cli.main(["explain", str(log), "--no-facts"])
    out = capsys.readouterr().out
    assert rc == 1
    # no signature knows the line: the verdict says so (a family by resemblance, knowncases.py, is only a lead)
    assert "no signature matched" in out
    assert "x.log:2: ValueError: the tokenizer has no pad token" in out


def test_healthy_log_exits_0(capsys):
    rc = cli.main(["explain", os.path.join(DATA, "numerics_healthy_llamafactory.txt"), "--no-facts"])
    assert rc == 0
    assert "no known failure signature" in capsys.readouterr().out


def test_usage_and_input_errors(capsys):
    assert cli.main(["explain"]) == 2
    assert cli.main(["explain", "/nonexistent/log"]) == 3
    assert cli.main(["explain", HANG, "--no-facts", "--example", "mi300x8"]) == 2


def test_quoted_lines_show_the_peer_on_the_terminal_and_mask_it_to_share(capsys, tmp_path):
    """The user's own terminal names the node that failed; --share masks it (and the
    host field of the NCCL line), secrets are masked in both."""
    log = tmp_path / "n.log"
    log.write_text("node7:1234:1250 [0] NCCL WARN socketStartConnect: Connect to 10.20.30.40<35353> failed : "
                   "Connection refused\nexport HF_TOKEN=hf_QwErTyUiOpAsDfGhJkLzXcVbNm123456\n")
    rc, doc = run_json(capsys, str(log), "--no-facts")
    text = json.dumps(doc)
    assert "10.20.30.40" in text and "nccl-socket-connect" in text and "QwErTy" not in text
    rc, doc = run_json(capsys, str(log), "--no-facts", "--share")
    text = json.dumps(doc)
    assert "10.20.30.40" not in text and "192.0.2." in text and "node7:" not in text
    assert "nccl-socket-connect" in text and "QwErTy" not in text


def test_list_prints_the_catalog(capsys):
    assert cli.main(["explain", "--list"]) == 0
    out = capsys.readouterr().out
    from rocmdoctor.knowledge.signatures import catalog
    from rocmdoctor.knowledge.signatures.structural import structural

    # The count is generated from the catalog, structural causes listed too.
    assert "nccl-barrier-hang" in out and f"{len(catalog())} signatures and {len(structural())} structural" in out
    assert "tb-deepspeed-op-build" in out
    assert cli.main(["explain", "--list", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["signatures"]) == len(catalog()) >= 150 and len(doc["structural"]) == len(structural())


def test_json_schema_fields(capsys):
    rc, doc = run_json(capsys, HANG, "--no-facts")
    assert doc["schema"] == "rocmdoctor.explain" and doc["schema_version"] == 1
    assert set(doc) >= {"input", "machine", "verdict", "exit_code", "causes", "unexplained", "notes"}
    c = doc["causes"][0]
    assert set(c) >= {"rank", "signature", "family", "tier", "severity", "evidence", "causes", "fix", "sources"}
    ev = c["evidence"][0]
    assert ev["line"] == 2 and ev["rank"] == 0 and "perform barrier" in ev["text"]
    assert all(x["status"] == "not checked" for x in c["causes"] if x["check"])


def test_stdin(monkeypatch, capsys):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"ModuleNotFoundError: No module named 'dskernels'\n")))
    rc, doc = run_json(capsys, "-", "--no-facts")
    assert doc["causes"][0]["signature"] == "deepspeed-dskernels" and rc == 1


def test_hardware_event_ranks_before_the_driver_failure_it_may_cause():
    expl = explain(scan_path(os.path.join(DATA, "kernel_aer_corrected_then_init_failure.txt")), Machine(None))
    ids = [d.signature.id for d in expl.diagnoses]
    assert ids[0] == "pcie-aer" and "amdgpu-init-failed" in ids
    assert "PCIe AER error" in expl.verdict()


def test_watchdog_long_after_start_points_at_a_stuck_rank_from_the_log():
    expl = explain(scan_path(os.path.join(DATA, "torch_watchdog_timeout_8ranks.txt")), Machine(None))
    d = expl.diagnoses[0]
    assert d.causes[0].status == "likely" and "crashed or hung first" in d.causes[0].cause.text
    assert "seq=1580" in d.causes[0].reason
    assert "from the log" in expl.verdict()
