"""`rocmdoctor run -- COMMAND`: output passed through, live notices, stalls diagnosed within
--stall + 5 s, the command's exit code, --log and --report. CPU only: the reference run's
injected hang/nan/crash and a gloo job made to hang."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time

import pytest

RD = [sys.executable, "-m", "rocmdoctor"]
PY = sys.executable


def rd_run(*args, timeout=240):
    t0 = time.monotonic()
    cp = subprocess.run(RD + ["run", *args], capture_output=True, text=True, timeout=timeout,
                        env=dict(os.environ, NO_COLOR="1"))
    return cp, time.monotonic() - t0


def test_output_passes_through_and_exit_code_is_the_commands(tmp_path):
    log = tmp_path / "job.log"
    cp, _ = rd_run("--no-facts", "--log", str(log), "--", PY, "-c",
                   "import sys; print('hello'); sys.stderr.write('to stderr\\n'); sys.exit(3)")
    assert cp.returncode == 3
    assert cp.stdout == "hello\n"
    assert cp.stderr.startswith("to stderr\n")
    assert "hello" in log.read_text() and "to stderr" in log.read_text()


def test_live_notice_and_crash_report(tmp_path):
    rep = tmp_path / "r.json"
    cp, _ = rd_run("--no-facts", "--report", str(rep), "--", PY, "-c",
                   "import sys; print('RuntimeError: No HIP GPUs are available', file=sys.stderr); sys.exit(1)")
    assert cp.returncode == 1
    assert "rocmdoctor │ No HIP GPUs are available" in cp.stderr
    assert "DIAGNOSIS: the command exited with status 1" in cp.stderr
    doc = json.loads(rep.read_text())
    assert doc["outcome"] == "crashed" and doc["exit_code"] == 1
    assert doc["causes"][0]["signature"] == "hip-no-gpus"


def test_killed_by_signal_exits_128_plus_n(tmp_path):
    cp, _ = rd_run("--no-facts", "--", PY, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)")
    assert cp.returncode == 128 + 11
    assert "killed by SIGSEGV" in cp.stderr


def test_missing_command():
    cp, _ = rd_run("--no-facts", "--", "/nonexistent/trainer")
    assert cp.returncode == 127
    cp, _ = rd_run()
    assert cp.returncode == 2


def test_stall_reported_within_stall_plus_5s_and_stop(tmp_path):
    rep = tmp_path / "r.json"
    stall = 3
    cp, took = rd_run("--no-facts", "--stall", str(stall), "--on-stall", "stop", "--report", str(rep), "--",
                      PY, "-c", "import time; print('step 1', flush=True); time.sleep(120)")
    doc = json.loads(rep.read_text())
    assert doc["outcome"] == "stopped" and doc["stalls"]
    s = doc["stalls"][0]
    assert s["idle"] and s["idle_s"] <= stall + 5
    assert took < stall + 5 + 15  # interpreter start-up and the stop's grace period on a loaded machine
    assert "STALL DIAGNOSIS" in cp.stderr
    assert doc["causes"][0]["signature"] == "process-stall"
    assert cp.returncode == 128 + 15


def test_reference_run_injected_hang_names_the_odd_rank(tmp_path):
    rep = tmp_path / "r.json"
    cp, took = rd_run("--no-facts", "--stall", "5", "--on-stall", "stop", "--report", str(rep), "--",
                      *RD, "train", "--device", "cpu", "--steps", "6", "--nproc", "2", "--inject", "hang",
                      "--timeout", "300", timeout=300)
    doc = json.loads(rep.read_text())
    st = doc["stalls"][0]
    assert st["idle"] and st["idle_s"] <= 5 + 5
    ranks = {p.get("rank"): p for p in st["processes"] if "rank" in p}
    assert set(ranks) == {0, 1}
    if st["missing"] is None:  # py-spy attached: rank 1 sits in the injected hang
        assert "inject_here" in ranks[1]["where"]
        assert "rank 1 is elsewhere" in cp.stderr


def test_reference_run_injected_nan_is_explained(tmp_path):
    rep = tmp_path / "r.json"
    cp, _ = rd_run("--no-facts", "--report", str(rep), "--", *RD, "train", "--device", "cpu", "--steps", "6",
                   "--inject", "nan", timeout=300)
    assert cp.returncode == 1
    doc = json.loads(rep.read_text())
    assert "nan-loss" in [c["signature"] for c in doc["causes"]]
    assert "rocmdoctor │ Loss is NaN/inf" in cp.stderr


def test_reference_run_injected_crash(tmp_path):
    rep = tmp_path / "r.json"
    cp, _ = rd_run("--no-facts", "--report", str(rep), "--", *RD, "train", "--device", "cpu", "--steps", "6",
                   "--inject", "crash", timeout=300)
    assert cp.returncode == 1
    doc = json.loads(rep.read_text())
    assert doc["outcome"] == "crashed"
    assert any("crashed" in u["text"] for u in doc["unexplained"]["lines"])


GLOO_HANG = textwrap.dedent("""
    import os, time
    import torch.distributed as dist
    dist.init_process_group("gloo")
    print(f"rank {dist.get_rank()} ready", flush=True)
    if dist.get_rank() == 1:
        time.sleep(3600)          # never joins the barrier
    dist.barrier()
""")


def test_gloo_job_made_to_hang(tmp_path):
    pytest.importorskip("torch")
    script = tmp_path / "hang.py"
    script.write_text(GLOO_HANG)
    rep = tmp_path / "r.json"
    cp, _ = rd_run("--no-facts", "--stall", "5", "--on-stall", "stop", "--report", str(rep), "--",
                   PY, "-m", "torch.distributed.run", "--nproc_per_node", "2", "--master_port", "29531",
                   str(script), timeout=300)
    doc = json.loads(rep.read_text())
    assert doc["outcome"] == "stopped"
    st = doc["stalls"][0]
    assert st["idle_s"] <= 5 + 5
    ranks = {p.get("rank") for p in st["processes"] if "rank" in p}
    assert ranks == {0, 1}
    assert "rank 0 ready" in cp.stdout
