"""Fault injection: SIGKILL the apply at every step and prove each file is always the
old or the new version, never partial, and that --undo brings back the old bytes.

atomic_edit.step() kills the process at the Nth step when ROCMDOCTOR_FAULT_STEP=N;
ROCMDOCTOR_FAULT_CHUNK=512 splits writes into small pieces so kills land mid-write too.
"""
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile

import pytest
from rocmdoctor.remedy import atomic_edit
from rocmdoctor.cli import main

ROOTS = os.path.join(os.path.dirname(__file__), "fixtures", "roots")
SNIPPET = "etc/default/grub.d/60-local.cfg"


@pytest.fixture
def fast_tmp(tmp_path):
    """fsync on a disk costs ~20 ms and this test makes hundreds of them; tmpfs keeps it quick."""
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    if base is None:
        yield tmp_path
        return
    d = tempfile.mkdtemp(prefix="rd-faults-", dir=base)
    try:
        from pathlib import Path

        yield Path(d)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def make_root(path):
    shutil.copytree(os.path.join(ROOTS, "ubuntu"), path)
    (path / "etc/default/grub.d").mkdir()
    # Two files to edit: iommu=soft must go from both, iommu=pt goes into the snippet.
    (path / SNIPPET).write_text('GRUB_CMDLINE_LINUX_DEFAULT="$GRUB_CMDLINE_LINUX_DEFAULT iommu=soft quiet"\n')
    main_grub = path / "etc/default/grub"
    main_grub.write_text(main_grub.read_text().replace('GRUB_CMDLINE_LINUX_DEFAULT=""',
                                                       'GRUB_CMDLINE_LINUX_DEFAULT="iommu=soft"'))
    return {p: (path / p).read_bytes() for p in ("etc/default/grub", SNIPPET)}


def run_killed_at(root, n):
    """Apply in a forked child that SIGKILLs itself at step n. True if it was killed."""
    pid = os.fork()
    if pid == 0:  # child
        try:
            os.environ[atomic_edit.FAULT_ENV] = str(n)
            os.environ[atomic_edit.CHUNK_ENV] = "512"
            atomic_edit._step_count = 0
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            rc = main(["fix", "--iommu", "--root", str(root), "--apply", "--yes"])
        finally:
            os._exit(locals().get("rc", 99) or 0)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        assert os.WTERMSIG(status) == signal.SIGKILL
        return True
    assert os.WEXITSTATUS(status) == 0
    return False


def new_versions(tmp_path):
    r = tmp_path / "reference"
    make_root(r)
    assert main(["fix", "--iommu", "--root", str(r), "--apply", "--yes"]) == 0
    return {p: (r / p).read_bytes() for p in ("etc/default/grub", SNIPPET)}


def test_kill_at_every_step_leaves_old_or_new_and_undo_restores(fast_tmp, capsys):
    tmp_path = fast_tmp
    new = new_versions(tmp_path)
    kills, n, seen_mixed = 0, 0, False
    while True:
        n += 1
        root = tmp_path / f"r{n}"
        old = make_root(root)
        killed = run_killed_at(root, n)
        states = {}
        for p in old:
            data = (root / p).read_bytes()
            assert data in (old[p], new[p]), f"step {n}: {p} is neither old nor new"
            states[p] = "old" if data == old[p] else "new"
        seen_mixed |= len(set(states.values())) == 2
        assert main(["fix", "--undo", "--root", str(root), "--yes"]) in (0,)
        for p in old:
            assert (root / p).read_bytes() == old[p], f"step {n}: undo did not restore {p}"
        leftovers = [f for d in ("etc/default", "etc/default/grub.d") for f in os.listdir(root / d) if f.endswith(".tmp")]
        assert leftovers == [], f"step {n}: temporary files left after undo: {leftovers}"
        shutil.rmtree(root)
        if not killed:
            break
        kills += 1
    capsys.readouterr()
    assert kills >= 20, f"only {kills} kill points"
    assert seen_mixed  # some kill fell between the two files: each was still whole


def test_kill_through_the_real_cli_at_random_steps(fast_tmp):
    tmp_path = fast_tmp
    rng = random.Random(5)
    for n in sorted(rng.sample(range(1, 30), 3)):
        root = tmp_path / f"c{n}"
        old = make_root(root)
        env = dict(os.environ, **{atomic_edit.FAULT_ENV: str(n), atomic_edit.CHUNK_ENV: "64"})
        p = subprocess.run([sys.executable, "-m", "rocmdoctor", "fix", "--iommu", "--root", str(root),
                            "--apply", "--yes"], env=env, capture_output=True, timeout=60)
        assert p.returncode in (-signal.SIGKILL, 0)
        u = subprocess.run([sys.executable, "-m", "rocmdoctor", "fix", "--undo", "--root", str(root), "--yes"],
                           capture_output=True, timeout=60)
        assert u.returncode == 0, u.stderr
        for rel, data in old.items():
            assert (root / rel).read_bytes() == data
