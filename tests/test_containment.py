"""Containment: every child rocmdoctor starts ends with all its descendants,
setsid escapees included, on timeout, on Ctrl-C and at exit; and nothing else is signalled.

Each test's processes carry a unique `sleep` argument (3777.<random>), so checks stay exact
when other test runs share the machine."""
from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time

import psutil
import pytest

from rocmdoctor.machine import proc

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux process semantics")


def tag(base="3777"):
    return f"{base}.{secrets.randbelow(10**6):06d}"


def alive(arg):
    """Processes running `sleep ARG` (zombies excepted: they are dead, awaiting reaping)."""
    out = []
    for p in psutil.process_iter(["cmdline", "status"]):
        if p.info["cmdline"] == ["sleep", arg] and p.info["status"] != psutil.STATUS_ZOMBIE:
            out.append(p)
    return out


def as_from_a_terminal():
    """Ctrl-C at its default, as a shell's foreground job has it: a test run started in the
    background of a non-interactive shell (`pytest &`) inherits SIGINT ignored, and a process
    started with SIGINT ignored rightly keeps ignoring it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def gone(arg, within=5.0):
    t = time.monotonic() + within
    while alive(arg) and time.monotonic() < t:
        time.sleep(0.05)
    return alive(arg) == []


def test_setsid_grandchild_of_a_hanging_tool_does_not_survive_the_timeout(tmp_path):
    t = tag()
    tool = tmp_path / "tool"
    tool.write_text(f"#!/bin/sh\nsetsid sleep {t} &\nexec sleep 1000\n")
    tool.chmod(0o755)
    r = proc.run([str(tool)], timeout=2)
    assert r.timed_out and r.duration_s < 8
    assert alive(t) == []  # at once: proc.run returns only after the tree is gone


def test_double_forked_setsid_escapee_whose_parent_exited_is_ended(tmp_path):
    # `(setsid sleep &)`: the subshell exits at once, so the escapee is an orphan; as child
    # subreaper rocmdoctor adopts it and knows it by its tree's environment token.
    t = tag()
    r = proc.run(["sh", "-c", f"(setsid sleep {t} &); sleep 1000"], timeout=2)
    assert r.timed_out
    assert alive(t) == []


def test_a_command_that_exits_leaving_a_daemon_on_its_pipe_returns_its_status_promptly():
    t = tag()
    r = proc.run(["sh", "-c", f"(setsid sleep {t} &); echo done; exit 3"], timeout=20)
    assert r.returncode == 3 and r.stdout == "done\n" and not r.timed_out
    assert r.duration_s < 8  # not the whole timeout
    assert alive(t) == []


def test_forking_tree_is_ended():
    t = tag()
    loop = f"while :; do setsid sleep {t} & sleep 0.05; done"
    r = proc.run(["sh", "-c", loop], timeout=1.5)
    assert r.timed_out
    assert gone(t, within=1.0)


def test_process_tree_context_ends_everything_on_an_exception():
    t = tag()
    with pytest.raises(KeyboardInterrupt):
        with proc.ProcessTree(["sh", "-c", f"setsid sleep {t} & sleep {t}"]) as tree:
            deadline = time.monotonic() + 5
            while len(alive(t)) < 2 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert len(alive(t)) == 2
            raise KeyboardInterrupt  # as Ctrl-C would, mid-wait
    assert alive(t) == [] and tree.popen.returncode is not None


def test_process_tree_wait_and_watch():
    with proc.ProcessTree(["sh", "-c", "exit 5"]) as tree:
        assert tree.wait(timeout=10) == 5
    with proc.ProcessTree(["sleep", "30"]) as tree:
        with pytest.raises(subprocess.TimeoutExpired):
            tree.wait(timeout=0.2)
        tree.watch()
    assert tree.popen.returncode is not None


def test_processes_rocmdoctor_did_not_start_are_never_signalled():
    t = tag()
    # Our own child, but not started through a tree (and carrying another tree's token):
    # ending a tree must leave it alone.
    other = subprocess.Popen(["sleep", t], env=dict(os.environ, ROCMDOCTOR_TREE="someone-else"),
                             start_new_session=True)
    try:
        r = proc.run(["sh", "-c", "(setsid sleep 999 &); sleep 1000"], timeout=1)
        assert r.timed_out
        assert other.poll() is None and len(alive(t)) == 1
    finally:
        other.kill()
        other.wait()


def _bench_ranks(parent: psutil.Process):
    out = []
    for c in parent.children(recursive=True):
        try:
            if any("benchmarks" in part for part in c.cmdline()):
                out.append(c)
        except psutil.Error:
            pass
    return out


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_interrupting_rocmdoctor_bench_leaves_no_rank(sig):
    # A CPU all-reduce on two ranks; interrupted while the ranks start (importing torch).
    cli = subprocess.Popen([sys.executable, "-m", "rocmdoctor", "bench", "allreduce", "--device", "cpu",
                            "--nproc", "2", "--timeout", "120", "-q"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                           preexec_fn=as_from_a_terminal)
    try:
        parent = psutil.Process(cli.pid)
        deadline = time.monotonic() + 60
        ranks = []
        while len(ranks) < 2 and time.monotonic() < deadline and cli.poll() is None:
            ranks = _bench_ranks(parent)
            time.sleep(0.1)
        assert len(ranks) == 2, cli.stderr.read() if cli.poll() is not None else "ranks did not start"
        pids = [r.pid for r in ranks]
        cli.send_signal(sig)  # as the terminal's Ctrl-C (to the doctor; ranks are in their own sessions)
        rc = cli.wait(timeout=30)
        assert rc != 0, cli.stderr.read()[-3000:]
        assert [p for p in pids if psutil.pid_exists(p) and psutil.Process(p).status() != psutil.STATUS_ZOMBIE] == []
    finally:
        if cli.poll() is None:
            os.killpg(cli.pid, signal.SIGKILL)
            cli.wait()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_interrupting_rocmdoctor_run_leaves_nothing_of_the_command(sig, tmp_path):
    """`rocmdoctor run -- CMD` where CMD starts a plain child, a setsid escapee and a double-forked
    orphan, then hangs: Ctrl-C (or a scheduler's SIGTERM) to the doctor ends all of them."""
    t = tag()
    job = tmp_path / "job.sh"
    job.write_text(f"#!/bin/sh\nsleep {t} &\nsetsid sleep {t} &\n(setsid sleep {t} &)\necho started\nexec sleep {t}\n")
    job.chmod(0o755)
    cli = subprocess.Popen([sys.executable, "-m", "rocmdoctor", "run", "--stall", "600", "--", str(job)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, text=True,
                           preexec_fn=as_from_a_terminal)
    try:
        deadline = time.monotonic() + 60
        while len(alive(t)) < 4 and time.monotonic() < deadline and cli.poll() is None:
            time.sleep(0.1)
        assert len(alive(t)) == 4, cli.stderr.read() if cli.poll() is not None else "the job did not start"
        cli.send_signal(sig)  # the terminal's Ctrl-C reaches the doctor (the job is in its own session)
        rc = cli.wait(timeout=30)
        assert rc in (130, 143, 128 + sig), cli.stderr.read()[-2000:]
        assert gone(t), [p.pid for p in alive(t)]
    finally:
        if cli.poll() is None:
            os.killpg(cli.pid, signal.SIGKILL)
            cli.wait()
        for p in alive(t):
            p.kill()
