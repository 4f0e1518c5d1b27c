"""`rocmdoctor run` between a job and its scheduler: signals forwarded unchanged, the
job's exit code (128+N for a signal), --kill-after, a closed stdout, an unusable --log/--report,
a full disk, a pseudo-terminal, and what rocmdoctor writes itself (no secret, no escape). CPU
only; each job is a few lines of Python."""
from __future__ import annotations

import json
import os
import select
import signal
import stat
import subprocess
import sys
import textwrap
import time

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux process semantics")

RD = [sys.executable, "-m", "rocmdoctor", "run", "--no-facts"]
PY = sys.executable
ENV = dict(os.environ, NO_COLOR="1", COLUMNS="200")

# A trainer that saves a checkpoint when asked to end (as Lightning, HF Trainer callbacks and
# torchtitan do on SIGTERM): the save takes a while, then it exits 0.
TRAINER = textwrap.dedent("""
    import os, signal, sys, time
    ckpt, events = sys.argv[1], sys.argv[2]
    def note(what):
        with open(events, "a") as fh:
            fh.write(what + "\\n")
    def on_term(signum, frame):
        note(signal.Signals(signum).name)
        time.sleep(1.5)                      # the save takes time
        with open(ckpt + ".tmp", "w") as fh:
            fh.write("step=%d\\n" % step)
        os.replace(ckpt + ".tmp", ckpt)
        print("checkpoint saved", flush=True)
        sys.exit(0)
    def on_other(signum, frame):
        note(signal.Signals(signum).name)
        print("got " + signal.Signals(signum).name, flush=True)
    signal.signal(signal.SIGTERM, on_term)
    for s in (signal.SIGUSR1, signal.SIGUSR2, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT):
        signal.signal(s, on_other)
    step = 0
    print("ready", flush=True)
    while True:
        step += 1
        time.sleep(0.05)
""")


def as_from_a_terminal():
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(argv, **kw):
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, start_new_session=True,
                            preexec_fn=as_from_a_terminal, **kw)


def wait_for(proc, word: bytes, timeout=60.0) -> bytes:
    """Read proc's stdout until ``word`` appears (the job is up)."""
    got = b""
    deadline = time.monotonic() + timeout
    fd = proc.stdout.fileno()
    while word not in got:
        left = deadline - time.monotonic()
        assert left > 0, f"no {word!r} within {timeout} s: {got[-500:]!r}"
        r, _, _ = select.select([fd], [], [], left)
        if r:
            chunk = os.read(fd, 65536)
            assert chunk, f"stdout closed before {word!r}: {proc.stderr.read()[-2000:]!r}"
            got += chunk
    return got


def finish(proc, timeout=60):
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return out, err


def trainer(tmp_path):
    script = tmp_path / "trainer.py"
    script.write_text(TRAINER)
    return script


def test_sigterm_reaches_a_checkpointing_trainer_as_sigterm_once_and_it_saves_as_without_run(tmp_path):
    script = trainer(tmp_path)
    results = {}
    for how in ("bare", "run"):
        ckpt, events = tmp_path / f"{how}.ckpt", tmp_path / f"{how}.events"
        argv = [PY, str(script), str(ckpt), str(events)]
        p = start(argv if how == "bare" else RD + ["--"] + argv)
        wait_for(p, b"ready")
        p.send_signal(signal.SIGTERM)  # what scancel, a time limit or preemption sends
        out, err = finish(p)
        results[how] = (p.returncode, ckpt.exists(), events.read_text().split(), out)
    bare, run = results["bare"], results["run"]
    assert bare[0] == 0 and bare[1] and bare[2] == ["SIGTERM"]
    assert run[0] == bare[0] and run[1]  # saved, exit code the job's
    assert run[2] == ["SIGTERM"]  # TERM as TERM, once: no SIGINT first, no SIGKILL before the save
    assert b"checkpoint saved" in run[3]


@pytest.mark.parametrize("sig", ["SIGUSR1", "SIGUSR2", "SIGHUP", "SIGQUIT"])
def test_other_signals_reach_the_job_unchanged_and_it_runs_on(tmp_path, sig):
    script = trainer(tmp_path)
    events = tmp_path / "events"
    p = start(RD + ["--", PY, str(script), str(tmp_path / "ckpt"), str(events)])
    try:
        wait_for(p, b"ready")
        p.send_signal(getattr(signal, sig))  # Slurm --signal=USR1@90, Lightning's requeue
        wait_for(p, f"got {sig}".encode())
        assert p.poll() is None  # rocmdoctor did not die of it
        p.send_signal(signal.SIGTERM)
        out, err = finish(p)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert events.read_text().split() == [sig, "SIGTERM"]
    assert p.returncode == 0 and (tmp_path / "ckpt").exists()


@pytest.mark.parametrize("sig,code", [("SIGTERM", 143), ("SIGINT", 130), ("SIGUSR1", 138), ("SIGKILL", 137),
                                      ("SIGSEGV", 139)])
def test_exit_code_is_128_plus_the_signal_that_ended_the_job(sig, code):
    job = f"import os, signal; signal.signal(signal.{sig}, signal.SIG_DFL) if signal.{sig} != signal.SIGKILL " \
          f"else None; os.kill(os.getpid(), signal.{sig})"
    cp = subprocess.run(RD + ["--", PY, "-c", job], capture_output=True, text=True, env=ENV, timeout=120)
    assert cp.returncode == code, cp.stderr[-2000:]
    assert f"killed by {sig}" in cp.stderr


@pytest.mark.parametrize("sig,code", [("SIGTERM", 143), ("SIGINT", 130), ("SIGUSR1", 138)])
def test_a_signal_sent_to_run_ends_a_job_that_keeps_the_default_with_128_plus_n(sig, code):
    p = start(RD + ["--", PY, "-c", "import signal, time; signal.signal(signal.SIGINT, signal.SIG_DFL); "
                                    "print('ready', flush=True); time.sleep(60)"])
    wait_for(p, b"ready")
    p.send_signal(getattr(signal, sig))
    out, err = finish(p)
    assert p.returncode == code, err[-2000:]  # TERM is 143, never 130


def test_a_job_that_ignores_sigterm_is_killed_after_kill_after(tmp_path):
    p = start(RD + ["--kill-after", "2", "--", PY, "-c",
                    "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
                    "print('ready', flush=True); time.sleep(120)"])
    wait_for(p, b"ready")
    t0 = time.monotonic()
    p.send_signal(signal.SIGTERM)
    out, err = finish(p)
    took = time.monotonic() - t0
    assert p.returncode == 137
    assert 1.8 <= took < 15, took  # not before the grace, not long after
    assert b"--kill-after" in err


def test_closed_stdout_ends_the_job_as_a_pipeline_would():
    # `rocmdoctor run -- yes | head -2` must end: yes meets the closed pipe (SIGPIPE).
    cp = subprocess.run(" ".join(RD) + " -- yes | head -2", shell=True, capture_output=True, text=True,
                        env=ENV, timeout=60, executable="/bin/bash")
    assert cp.stdout == "y\ny\n"


def test_run_with_stdout_closed_reports_the_jobs_sigpipe():
    cp = subprocess.run(["bash", "-c", "set -o pipefail; " + " ".join(RD) + " -- yes | head -1 >/dev/null; "
                         "echo ${PIPESTATUS[0]}"], capture_output=True, text=True, env=ENV, timeout=60)
    assert cp.stdout.strip() == str(128 + signal.SIGPIPE)


@pytest.mark.parametrize("where", ["missing-dir", "a-directory"])
def test_unusable_log_is_a_usage_error_before_the_job_starts(tmp_path, where):
    marker = tmp_path / "ran"
    log = tmp_path / "no" / "such" / "x.log" if where == "missing-dir" else tmp_path
    cp = subprocess.run(RD + ["--log", str(log), "--", PY, "-c", f"open({str(marker)!r}, 'w')"],
                        capture_output=True, text=True, env=ENV, timeout=60)
    assert cp.returncode == 2
    assert "Traceback" not in cp.stderr and len(cp.stderr.strip().splitlines()) == 1 and "--log" in cp.stderr
    assert not marker.exists()


def test_unusable_report_is_a_usage_error_before_the_job_starts(tmp_path):
    marker = tmp_path / "ran"
    for rep in (tmp_path / "no" / "r.json", tmp_path):
        cp = subprocess.run(RD + ["--report", str(rep), "--", PY, "-c", f"open({str(marker)!r}, 'w')"],
                            capture_output=True, text=True, env=ENV, timeout=60)
        assert cp.returncode == 2 and "--report" in cp.stderr and "Traceback" not in cp.stderr
    assert not marker.exists()


def test_disk_full_under_log_is_reported_once_and_the_job_goes_on(tmp_path):
    # /dev/full answers every write with ENOSPC, as a full disk does.
    rep = tmp_path / "r.json"
    job = "import sys\nfor i in range(2000): print('line', i)\nsys.exit(7)"
    cp = subprocess.run(RD + ["--log", "/dev/full", "--report", str(rep), "--", PY, "-c", job],
                        capture_output=True, text=True, env=ENV, timeout=60)
    assert cp.returncode == 7  # the job's
    assert cp.stdout.count("line ") == 2000  # it went on, output whole
    assert cp.stderr.count("No space left on device") >= 1
    assert cp.stderr.count("rocmdoctor run: --log /dev/full") == 1  # said once when it happened
    assert json.loads(rep.read_text())["exit_code"] == 7


def test_report_is_created_0600(tmp_path):
    rep = tmp_path / "r.json"
    rep.write_text("{}")
    rep.chmod(0o644)
    cp = subprocess.run(RD + ["--report", str(rep), "--", PY, "-c", "pass"], capture_output=True, env=ENV, timeout=60)
    assert cp.returncode == 0
    assert stat.S_IMODE(rep.stat().st_mode) == 0o600
    rep2 = tmp_path / "new.json"
    subprocess.run(RD + ["--report", str(rep2), "--", PY, "-c", "pass"], capture_output=True, env=ENV, timeout=60)
    assert stat.S_IMODE(rep2.stat().st_mode) == 0o600


TOKEN = "hf_" + "Zq8" * 10
PASSWORD = "s3cr3tPassw0rd"


def test_planted_secrets_reach_no_byte_rocmdoctor_writes(tmp_path):
    """argv and output both carry a token and a URL password; the job's own output keeps them
    (byte-exact), nothing rocmdoctor writes does: notices, diagnosis, --log lines, --report."""
    log, rep = tmp_path / "job.log", tmp_path / "r.json"
    job = ("import sys\n"
           f"print('RuntimeError: No HIP GPUs are available while loading https://bob:{PASSWORD}@hub.example/m "
           f"token={TOKEN}')\n"
           "sys.exit(1)")
    cp = subprocess.run(RD + ["--log", str(log), "--report", str(rep), "--", PY, "-c", job, "--hub_token", TOKEN,
                              f"--url=https://bob:{PASSWORD}@hub.example/x", "--password", "hunter2-xyz"],
                        capture_output=True, env=ENV, timeout=60)
    assert cp.returncode == 1
    assert TOKEN.encode() in cp.stdout and PASSWORD.encode() in cp.stdout  # the job's bytes, unchanged
    assert b"No HIP GPUs" in cp.stderr  # the diagnosis quotes the line ...
    for secret in (TOKEN, PASSWORD, "hunter2-xyz"):
        assert secret.encode() not in cp.stderr  # ... masked (the job wrote nothing to stderr)
        assert secret not in rep.read_text()
        ours = [ln for ln in log.read_text().splitlines() if ln.startswith(("rocmdoctor │", "────"))]
        assert ours and not any(secret in ln for ln in ours)
    doc = json.loads(rep.read_text())
    assert "<redacted>" in " ".join(doc["command"])


def test_escape_sequences_stay_in_the_jobs_bytes_and_out_of_rocmdoctors_lines(tmp_path):
    rep = tmp_path / "r.json"
    evil = "\\x1bc\\x1b]0;owned\\x07\\x9b31m\\x1b[" + "9" * 40 + "m"
    job = f"import sys\nprint('RuntimeError: No HIP GPUs are available {evil}')\nsys.exit(1)"
    cp = subprocess.run(RD + ["--report", str(rep), "--", PY, "-c", job, "\x1b[2J"], capture_output=True, env=ENV,
                        timeout=60)
    assert b"\x1bc\x1b]0;owned\x07" in cp.stdout  # the job's output: byte-exact
    assert b"No HIP GPUs" in cp.stderr
    text = cp.stderr.decode("utf-8", errors="replace")
    assert "\x1b" not in text and not any(0x80 <= ord(c) < 0xA0 for c in text)


def test_stall_of_a_cpu_only_process_names_no_gpu_cause_and_is_printed_once(tmp_path):
    rep = tmp_path / "r.json"
    job = ("import time\nopen('/proc/self/comm', 'w').write('\\x1b[2J\\x9bevil')\n"  # a name with escapes
           "print('step 1', flush=True)\ntime.sleep(120)")
    cp = subprocess.run(RD + ["--stall", "2", "--on-stall", "stop", "--report", str(rep), "--", PY, "-c", job],
                        capture_output=True, text=True, env=ENV, timeout=120)
    doc = json.loads(rep.read_text())
    stall = next(c for c in doc["causes"] if c["signature"] == "process-stall")
    checks = {c["check"] for c in stall["causes"]}
    assert not checks & {"RD-IOMMU-001", "RD-PCIE-001", "RD-PCIE-003", "RD-BENCH-004", "RD-ENV-003"}
    assert "IOMMU" not in cp.stderr and "multi-GPU" not in cp.stderr
    assert cp.stderr.count("STALL: no output") == 1  # once, not again in the final diagnosis
    assert "evil" in cp.stderr and "\x1b" not in cp.stderr and "\x9b" not in cp.stderr  # the name, escaped
    assert doc["stalls"] and doc["outcome"] == "stopped"


def test_log_keeps_the_order_written_and_notices_start_lines(tmp_path):
    log = tmp_path / "job.log"
    job = textwrap.dedent("""
        import os, sys, time
        for i in range(3000):
            os.write(1 if i % 2 else 2, b"n%d\\n" % i)
            if i % 100 == 0:
                time.sleep(0.05)
        os.write(2, b"partial line without newline ")
        time.sleep(0.3)
        os.write(1, b"RuntimeError: No HIP GPUs are available\\n")
        time.sleep(1.5)
        os.write(2, b"rest of it\\n")
        sys.exit(1)
    """)
    cp = subprocess.run(RD + ["--log", str(log), "--", PY, "-c", job], capture_output=True, env=ENV, timeout=60)
    assert cp.returncode == 1
    text = log.read_text()
    nums = [int(ln[1:]) for ln in text.splitlines() if ln[:1] == "n" and ln[1:].isdigit()]
    assert sorted(nums) == list(range(3000))
    displaced = max(abs(pos - n) for pos, n in enumerate(nums))
    assert displaced < 600, displaced  # as written, give or take a burst that two pipes cannot order
    rule = "─" * 72
    for i in range(len(text)):
        if text.startswith(rule, i):
            assert i == 0 or text[i - 1] == "\n"  # a notice never lands inside a line
    assert "No HIP GPUs" in text and "rocmdoctor │" in text


def test_a_line_one_stream_left_open_is_broken_before_the_other_streams_bytes(tmp_path):
    # Two pipes are read in turn: stderr's unfinished line, then stdout's next lines, used to glue
    # into one ("partial n2973"), losing a line to whoever reads the log (seen under load).
    log = tmp_path / "job.log"
    job = ("import os, time\nos.write(2, b'partial ')\ntime.sleep(0.4)\nos.write(1, b'n1\\nn2\\n')\n"
           "time.sleep(0.4)\nos.write(2, b'rest\\n')\ntime.sleep(0.4)\nos.write(1, b'same ')\ntime.sleep(0.2)\nos.write(1, b'stream\\n')")
    cp = subprocess.run(RD + ["--log", str(log), "--", PY, "-c", job], capture_output=True, env=ENV, timeout=60)
    assert cp.returncode == 0
    lines = log.read_text().splitlines()
    body = [ln for ln in lines if "rocmdoctor" not in ln and "──" not in ln]
    assert body == ["partial ", "n1", "n2", "rest", "same stream"]


def test_stdout_and_stderr_to_one_file_keep_the_jobs_order_exactly(tmp_path):
    log, out = tmp_path / "job.log", tmp_path / "out"
    job = "import os\nfor i in range(5000): os.write(1 if i % 2 else 2, b'n%d\\n' % i)"
    with open(out, "wb") as fh:
        cp = subprocess.run(RD + ["--log", str(log), "--", PY, "-c", job], stdout=fh, stderr=subprocess.STDOUT,
                            env=ENV, timeout=60)
    assert cp.returncode == 0
    for f in (log, out):
        nums = [int(ln[1:]) for ln in f.read_text().splitlines() if ln[:1] == "n" and ln[1:].isdigit()]
        assert nums == list(range(5000))


def test_pty_when_stdout_is_a_terminal_and_pipes_with_no_pty(tmp_path):
    import pty

    job = "import os, sys; print('tty', os.isatty(1), os.isatty(2)); print('err', file=sys.stderr)"
    for extra, want in (([], b"tty True True"), (["--no-pty"], b"tty False False")):
        master, slave = pty.openpty()
        log = tmp_path / f"log{len(extra)}"
        p = subprocess.Popen(RD + extra + ["--log", str(log), "--", PY, "-c", job], stdout=slave, stderr=slave,
                             env=ENV, start_new_session=True)
        os.close(slave)
        got = b""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            r, _, _ = select.select([master], [], [], 1)
            if r:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                got += chunk
            elif p.poll() is not None:
                break
        p.wait(timeout=30)
        os.close(master)
        assert p.returncode == 0
        assert want in got, got
        assert want + b"\nerr\n" in log.read_bytes()  # the job's bytes: no CR added on the way


def test_python_option_is_checked_like_scan():
    cp = subprocess.run(RD[:-1] + ["--python", "/nonexistent/python", "--", PY, "-c", "pass"], capture_output=True,
                        text=True, env=ENV, timeout=60)
    assert cp.returncode == 3 and "--python" in cp.stderr


def test_sigterm_ends_train_with_143_not_130():
    import psutil

    p = start([sys.executable, "-m", "rocmdoctor", "train", "--device", "cpu", "--steps", "100000", "-q",
               "--timeout", "300"])
    try:
        parent = psutil.Process(p.pid)
        deadline = time.monotonic() + 120
        def trainers():
            out = []
            for c in parent.children(recursive=True):
                try:
                    if any("benchmarks" in part for part in c.cmdline()):
                        out.append(c)
                except psutil.Error:
                    pass
            return out

        while not trainers() and time.monotonic() < deadline and p.poll() is None:
            time.sleep(0.1)  # the training child is up: the doctor's handlers are in place
        assert trainers(), p.stderr.read()[-2000:] if p.poll() is not None else "no training child"
        p.send_signal(signal.SIGTERM)
        out, err = finish(p, timeout=60)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    assert p.returncode == 143, err[-2000:]
    assert b"terminated" in err


def test_tstp_stops_the_job_with_run_and_cont_resumes_both():
    import psutil

    p = start(RD + ["--", PY, "-c", "import time\nprint('ready', flush=True)\nwhile True: time.sleep(0.05)"])
    try:
        wait_for(p, b"ready")
        doctor = psutil.Process(p.pid)
        job = next(c for c in doctor.children() if "ready" in " ".join(c.cmdline()))

        def status_soon(proc, want):
            deadline = time.monotonic() + 10
            while proc.status() != want and time.monotonic() < deadline:
                time.sleep(0.05)
            return proc.status()

        p.send_signal(signal.SIGTSTP)  # Ctrl-Z's signal: the job stops (its group is orphaned: STOP does it)
        assert status_soon(job, psutil.STATUS_STOPPED) == psutil.STATUS_STOPPED
        assert status_soon(doctor, psutil.STATUS_STOPPED) == psutil.STATUS_STOPPED
        p.send_signal(signal.SIGCONT)
        assert status_soon(job, psutil.STATUS_SLEEPING) != psutil.STATUS_STOPPED
        p.send_signal(signal.SIGTERM)
        finish(p)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    assert p.returncode == 143
