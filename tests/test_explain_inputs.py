"""`rocmdoctor explain` survives any input: a FIFO is read only
when asked, endless streams stop at a cap with a message, a file that cannot be read or breaks
part way costs only itself, a directory is read by content and says what it skipped."""
from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
import time

import pytest

from rocmdoctor.logs.logscan import reader

RD = [sys.executable, "-m", "rocmdoctor", "explain", "--no-facts"]
ENV = dict(os.environ, NO_COLOR="1", COLUMNS="200")
# A real ring timeout and reset (ROCm/ROCm#2196-style kernel lines; the signatures' own examples).
DMESG = ("[ 5432.100001] amdgpu 0000:03:00.0: amdgpu: ring gfx_0.0.0 timeout, signaled seq=1234, emitted seq=1236\n"
         "[ 5432.100002] amdgpu 0000:03:00.0: amdgpu: GPU reset begin!\n"
         "[ 5432.300003] amdgpu 0000:03:00.0: amdgpu: GPU reset(2) succeeded!\n")
HIP = "RuntimeError: No HIP GPUs are available\n"


def explain(*args, stdin=None, timeout=60, **kw):
    return subprocess.run(RD + ["--format", "json", *args], capture_output=True, env=ENV, timeout=timeout,
                          stdin=stdin, **kw)


def sigs(cp) -> list[str]:
    return [c["signature"] for c in json.loads(cp.stdout)["causes"]]


def test_a_fifo_is_not_opened_unless_asked(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    t0 = time.monotonic()
    cp = explain(str(fifo), timeout=30)  # opening it would wait for a writer for ever
    assert time.monotonic() - t0 < 20
    assert cp.returncode == 3
    assert b"FIFO" in cp.stderr and b"--follow" in cp.stderr


def test_a_fifo_is_read_with_follow(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def writer():
        with open(fifo, "w") as fh:
            fh.write("step 1\n" + HIP)

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    cp = explain("--follow", str(fifo), timeout=60)
    assert cp.returncode == 1 and "hip-no-gpus" in sigs(cp)


@pytest.mark.parametrize("dev", ["/dev/zero", "/dev/urandom"])
def test_endless_devices_end_at_once_as_not_a_log(dev):
    if not os.path.exists(dev):
        pytest.skip(f"no {dev}")
    t0 = time.monotonic()
    cp = explain(dev, timeout=60)
    assert time.monotonic() - t0 < 30
    assert cp.returncode == 3 and b"binary" in cp.stderr and b"Traceback" not in cp.stderr


def test_dev_stdin_is_standard_input_not_a_fifo_to_refuse():
    cp = subprocess.run(RD + ["--format", "json", "/dev/stdin"], input=HIP.encode(), capture_output=True, env=ENV,
                        timeout=60)
    assert cp.returncode == 1 and "hip-no-gpus" in sigs(cp)


def test_stdin_from_dev_zero_ends():
    with open("/dev/zero", "rb") as zero:
        cp = explain("-", stdin=zero, timeout=60)
    assert cp.returncode == 3 and b"binary" in cp.stderr


def test_an_endless_text_stream_stops_at_the_byte_cap_with_a_message():
    yes = subprocess.Popen(["yes", "[rank0]: step 12 loss 2.31 lr 1e-4"], stdout=subprocess.PIPE)
    try:
        cp = explain("-", "--max-bytes", "3M", stdin=yes.stdout, timeout=60)
    finally:
        yes.kill()
        yes.wait()
    assert cp.returncode == 0
    assert b"stopped after" in cp.stderr and b"--max-bytes" in cp.stderr
    doc = json.loads(cp.stdout)
    assert doc["input"]["bytes"] <= 3 * 1024 * 1024 + 1  # + the newline that ends the cut line
    assert any("stopped after" in n for n in doc["notes"])


def test_a_silent_stream_stops_at_the_time_cap():
    r, w = os.pipe()  # a writer that never writes nor closes
    try:
        t0 = time.monotonic()
        cp = explain("-", "--max-seconds", "1", stdin=r, timeout=60)
        took = time.monotonic() - t0
    finally:
        os.close(r)
        os.close(w)
    assert cp.returncode == 0 and took < 30
    assert b"--max-seconds" in cp.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_rank_log_costs_only_itself(tmp_path):
    d = tmp_path / "logs"
    d.mkdir()
    (d / "rank0.log").write_text("step 1\n" + HIP)
    bad = d / "rank1.log"
    bad.write_text("secret\n")
    bad.chmod(0)
    cp = explain(str(d))
    assert cp.returncode == 1 and "hip-no-gpus" in sigs(cp)
    assert b"rank1.log" in cp.stderr and b"ermission denied" in cp.stderr


def test_an_unreadable_file_named_with_others_costs_only_itself(tmp_path):
    good = tmp_path / "good.log"
    good.write_text(HIP)
    missing = tmp_path / "missing.log"
    cp = explain(str(good), str(missing))
    assert cp.returncode == 1 and "hip-no-gpus" in sigs(cp)
    assert b"missing.log" in cp.stderr
    assert any("missing.log" in n for n in json.loads(cp.stdout)["notes"])


def test_a_truncated_gz_is_used_up_to_where_it_breaks(tmp_path):
    body = (HIP + "".join(f"step {i} loss 2.0\n" for i in range(20000))).encode()
    whole = gzip.compress(body)
    cut = tmp_path / "train.log.gz"
    cut.write_bytes(whole[: len(whole) * 2 // 3])
    cp = explain(str(cut))
    assert b"Traceback" not in cp.stderr
    assert cp.returncode == 1 and "hip-no-gpus" in sigs(cp)
    assert b"truncated or corrupt" in cp.stderr and b"used up to there" in cp.stderr
    doc = json.loads(cp.stdout)
    assert 0 < doc["input"]["lines"] < 20001


def test_a_directory_reads_files_by_content_not_by_extension(tmp_path):
    d = tmp_path / "node1"
    d.mkdir()
    (d / "kern.dmesg").write_text(DMESG)  # a .dmesg file is read, not skipped
    (d / "train.log.1").write_text(HIP)
    (d / "model.safetensors").write_bytes(b"\0" * 4096 + os.urandom(4096))
    (d / "gz-without-suffix").write_bytes(gzip.compress(b"step 1\nloss 2.0\n"))
    cp = explain(str(d))
    got = sigs(cp)
    assert "amdgpu-gpu-reset" in got and "hip-no-gpus" in got
    doc = json.loads(cp.stdout)
    assert "kern.dmesg" in doc["input"]["files"] and "gz-without-suffix" in doc["input"]["files"]
    assert b"model.safetensors: binary content" in cp.stderr
    assert any("model.safetensors" in n for n in doc["notes"])


def test_a_directory_over_the_file_limit_says_what_it_left(tmp_path, monkeypatch):
    monkeypatch.setattr(reader, "MAX_FILES", 3)
    for i in range(5):
        (tmp_path / f"rank{i}.log").write_text(f"step {i}\n")
    os.mkfifo(tmp_path / "zz.fifo")
    r = reader.scan_path(str(tmp_path))
    assert len(r.files) == 3
    why = dict(r.skipped)
    assert "zz.fifo" in why and "not a regular file" in why["zz.fifo"]
    assert any("2 more files not read" in w for w in why.values())


def test_looks_binary_keeps_logs_with_colours_and_a_stray_nul():
    assert not reader.looks_binary(b"\x1b[32mINFO\x1b[0m step 1\r 42%|\xe2\x96\x88\xe2\x96\x88 | 1/2\n" * 50)
    assert not reader.looks_binary(b"step 1 loss 2.0\n" * 100 + b"\0")
    assert reader.looks_binary(b"\0" * 100)
    assert reader.looks_binary(bytes(range(256)) * 4)


def test_broken_and_erroring_rank_logs_cost_only_themselves(tmp_path):
    # Works as root too: a dangling link cannot be opened, /proc/self/mem fails its first read (EIO).
    d = tmp_path / "logs"
    d.mkdir()
    (d / "rank0.log").write_text("step 1\n" + HIP)
    os.symlink(tmp_path / "gone", d / "rank1.log")
    if os.path.exists("/proc/self/mem"):
        os.symlink("/proc/self/mem", d / "rank2.log")
    cp = explain(str(d))
    assert cp.returncode == 1 and "hip-no-gpus" in sigs(cp)
    assert b"rank1.log" in cp.stderr and b"Traceback" not in cp.stderr
    if os.path.exists("/proc/self/mem"):
        assert b"rank2.log: read error" in cp.stderr


def test_logs_named_together_count_every_occurrence_and_keep_the_cap():
    # `explain a.log b.log` reads each on its own and merges: counts add, kept matches stay capped
    a = reader.scan_text([HIP] * (reader.KEEP + 5), name="a.log")
    b = reader.scan_text([HIP] * 3 + ["Traceback (most recent call last):", "ValueError: nope"], name="b.log")
    a.merge(b)
    hip = a.occurrences["hip-no-gpus"]
    assert hip.count == reader.KEEP + 8
    assert len(hip.matches) == reader.KEEP  # b's matches beyond the cap are counted, not kept
    assert hip.files == {"a.log", "b.log"} and hip.last.line.file == "b.log"
    assert a.lines == (reader.KEEP + 5) + 5
