"""Applying and undoing: atomic writes, symlinks, mode/owner, idempotence, EROFS, ENOSPC, CRLF."""
import errno
import os
import shutil

import pytest

from rocmdoctor.remedy import atomic_edit
from rocmdoctor.cli import main

ROOTS = os.path.join(os.path.dirname(__file__), "fixtures", "roots")


@pytest.fixture
def root(tmp_path):
    r = tmp_path / "root"
    shutil.copytree(os.path.join(ROOTS, "ubuntu"), r)
    return r


def grub(r):
    return (r / "etc/default/grub").read_bytes()


def fix(r, *extra):
    return main(["fix", "--iommu", "--root", str(r), *extra])


def test_plan_only_changes_nothing(root, capsys):
    before = grub(root)
    assert fix(root) == 0
    assert grub(root) == before and not (root / "var").exists()
    assert "run after (not run on --root): update-grub" in capsys.readouterr().out


def test_apply_then_undo_restores_bytes_and_second_apply_changes_nothing(root, capsys):
    before = grub(root)
    os.chmod(root / "etc/default/grub", 0o640)
    assert fix(root, "--apply", "--yes") == 0
    after = grub(root)
    assert b'GRUB_CMDLINE_LINUX_DEFAULT="iommu=pt"\n' in after
    assert oct(os.stat(root / "etc/default/grub").st_mode & 0o777) == "0o640"
    assert fix(root, "--apply", "--yes") == 0  # idempotent
    assert grub(root) == after
    assert len(os.listdir(root / "var/lib/rocmdoctor/runs")) == 1  # no second journal
    assert main(["fix", "--undo", "--root", str(root), "--yes"]) == 0
    assert grub(root) == before
    assert oct(os.stat(root / "etc/default/grub").st_mode & 0o777) == "0o640"
    assert main(["fix", "--undo", "--root", str(root), "--yes"]) == 0
    assert "nothing to undo" in capsys.readouterr().out


def test_apply_without_yes_asks_and_no_means_nothing_changes(root, monkeypatch):
    before = grub(root)
    monkeypatch.setattr("builtins.input", lambda: "n")
    assert fix(root, "--apply") == 1
    assert grub(root) == before
    monkeypatch.setattr("builtins.input", lambda: "y")
    assert fix(root, "--apply") == 0 and grub(root) != before


def test_unsafe_plan_needs_unsafe(tmp_path, capsys):
    r = tmp_path / "r"
    shutil.copytree(os.path.join(ROOTS, "rhel"), r)
    before = (r / "etc/default/grub").read_bytes()
    assert main(["fix", "--iommu", "--iommu-mode", "off", "--root", str(r), "--apply", "--yes"]) == 0
    assert (r / "etc/default/grub").read_bytes() == before
    assert "add --unsafe" in capsys.readouterr().out
    assert main(["fix", "--iommu", "--iommu-mode", "off", "--root", str(r), "--apply", "--yes", "--unsafe"]) == 0
    assert b"intel_iommu=off" in (r / "etc/default/grub").read_bytes()


def test_symlinked_grub_file_edits_the_target_and_keeps_the_link(root):
    real = root / "etc/default/grub.real"
    os.replace(root / "etc/default/grub", real)
    os.symlink("/etc/default/grub.real", root / "etc/default/grub")  # absolute: resolved inside the root
    before = real.read_bytes()
    assert fix(root, "--apply", "--yes") == 0
    assert os.path.islink(root / "etc/default/grub")
    assert b"iommu=pt" in real.read_bytes()
    assert main(["fix", "--undo", "--root", str(root), "--yes"]) == 0
    assert real.read_bytes() == before and os.path.islink(root / "etc/default/grub")


def test_crlf_and_odd_quoting_round_trip(root):
    text = (b"# edited on Windows\r\nGRUB_TIMEOUT=5\r\nexport GRUB_CMDLINE_LINUX_DEFAULT='quiet   splash iommu=soft' # mine\r\n"
            b"GRUB_CMDLINE_LINUX=\r\n")
    (root / "etc/default/grub").write_bytes(text)
    assert fix(root, "--apply", "--yes") == 0
    assert grub(root) == (b"# edited on Windows\r\nGRUB_TIMEOUT=5\r\n"
                          b"export GRUB_CMDLINE_LINUX_DEFAULT='quiet   splash iommu=pt' # mine\r\nGRUB_CMDLINE_LINUX=\r\n")
    assert main(["fix", "--undo", "--root", str(root), "--yes"]) == 0
    assert grub(root) == text


def test_unparseable_file_is_refused_not_rewritten(root, capsys):
    text = b'GRUB_CMDLINE_LINUX_DEFAULT="$(cat /etc/args)"\n'
    (root / "etc/default/grub").write_bytes(text)
    assert fix(root, "--apply", "--yes") == 1  # asked for, could not be done
    out = capsys.readouterr().out
    assert "refused:" in out and "cannot evaluate" in out
    assert grub(root) == text


@pytest.mark.parametrize("err", [errno.EROFS, errno.ENOSPC])
def test_read_only_or_full_disk_leaves_the_old_file(root, monkeypatch, capsys, err):
    before = grub(root)
    target = os.path.realpath(root / "etc/default/grub")
    real_replace, real_write = os.replace, os.write

    def bad_replace(src, dst, *a, **k):
        if err == errno.EROFS and os.path.realpath(dst) == target:
            raise OSError(err, os.strerror(err), dst)
        return real_replace(src, dst, *a, **k)

    def bad_write(fd, data):
        if err == errno.ENOSPC and os.readlink(f"/proc/self/fd/{fd}").startswith(os.path.dirname(target) + "/."):
            raise OSError(err, os.strerror(err))
        return real_write(fd, data)

    monkeypatch.setattr(os, "replace", bad_replace)
    monkeypatch.setattr(os, "write", bad_write)
    assert fix(root, "--apply", "--yes") == 1
    msg = capsys.readouterr().err
    assert ("read-only file system" if err == errno.EROFS else "no space left") in msg
    assert grub(root) == before
    assert [n for n in os.listdir(root / "etc/default") if n.endswith(".tmp")] == []


def test_file_changed_between_plan_and_apply_is_refused(root):
    from rocmdoctor.remedy.atomic_edit import ApplyError, Prepared, apply

    p = str(root / "etc/default/grub")
    with pytest.raises(ApplyError, match="changed since"):
        apply([Prepared("/etc/default/grub", p, b"old", b"new")], str(root / "state"), {})


def test_undo_leaves_a_file_changed_after_apply(root, capsys):
    assert fix(root, "--apply", "--yes") == 0
    (root / "etc/default/grub").write_bytes(b"someone else\n")
    assert main(["fix", "--undo", "--root", str(root), "--yes"]) == 1
    assert grub(root) == b"someone else\n"
    assert "changed since" in capsys.readouterr().err


def test_live_root_edit_needs_root(monkeypatch, capsys):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    from rocmdoctor.commands import fix as fixcmd
    from rocmdoctor.remedy.fixplan import Concrete, FileEdit
    from rocmdoctor.engine.model import Applicability
    from rocmdoctor.machine.sources import LiveSource

    c = Concrete("t", "kernel_cmdline", Applicability.SAFE, needs_root=True,
                 edits=[FileEdit("/etc/default/grub", "a", "b")])

    class A:
        format, unsafe, yes, root, state_dir, python, env_file, user = "text", False, True, None, None, None, None, None
    code, res = fixcmd.apply_plans(A, LiveSource(), [c])
    assert code == 1 and res["reason"] == "needs root"
    assert "need root" in capsys.readouterr().err


def test_live_apply_without_root_still_edits_the_users_own_files(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    from rocmdoctor.commands import fix as fixcmd
    from rocmdoctor.remedy.fixplan import Concrete, FileEdit
    from rocmdoctor.engine.model import Applicability
    from rocmdoctor.machine.sources import LiveSource

    mine = tmp_path / "train.sh"
    mine.write_text("--bf16 True\n")
    root_plan = Concrete("grub", "kernel_cmdline", Applicability.SAFE, needs_root=True,
                         edits=[FileEdit("/etc/default/grub", "a", "b")])
    user_plan = Concrete("mine", "config_edit", Applicability.SAFE,
                         edits=[FileEdit(str(mine), "--bf16 True\n", "--bf16 False\n", host=True)])

    class A:
        format, unsafe, yes, root, state_dir, python, env_file, user = "text", False, True, None, None, None, None, None
        config = model = snapshot = example = None
    A.state_dir = str(tmp_path / "state")
    code, res = fixcmd.apply_plans(A, LiveSource(), [root_plan, user_plan])
    out = capsys.readouterr().out
    assert code == 0 and mine.read_text() == "--bf16 False\n"
    assert "not applied (needs root: run it again with sudo): grub" in out


def test_undo_with_an_example_never_undoes_a_machines_run(root, capsys):
    assert fix(root, "--apply", "--yes") == 0
    after = grub(root)
    state = str(root / "var/lib/rocmdoctor")
    assert main(["fix", "--undo", "--example", "mi50x2-xeon", "--state-dir", state, "--yes"]) == 2
    assert grub(root) == after and "not only your files" in capsys.readouterr().err


def test_a_second_run_on_the_same_state_directory_waits_for_the_first(tmp_path):
    import fcntl

    target = tmp_path / "f"
    target.write_bytes(b"old\n")
    state = tmp_path / "state"
    state.mkdir()
    fd = os.open(state / "lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)  # as if another fix were applying right now
    try:
        with pytest.raises(atomic_edit.ApplyError, match="another `rocmdoctor fix`"):
            atomic_edit.apply([atomic_edit.Prepared(str(target), str(target), b"old\n", b"new\n")], str(state), {})
        with pytest.raises(atomic_edit.ApplyError, match="another `rocmdoctor fix`"):
            atomic_edit.undo(str(state))
        assert target.read_bytes() == b"old\n"
    finally:
        os.close(fd)
    atomic_edit.apply([atomic_edit.Prepared(str(target), str(target), b"old\n", b"new\n")], str(state), {})
    assert target.read_bytes() == b"new\n"
    assert atomic_edit.undo(str(state)).restored == [str(target)] and target.read_bytes() == b"old\n"


def test_atomic_write_keeps_owner_and_mode(tmp_path):
    p = tmp_path / "f"
    p.write_bytes(b"old")
    os.chmod(p, 0o600)
    atomic_edit.atomic_write(str(p), b"new")
    assert p.read_bytes() == b"new" and os.stat(p).st_mode & 0o777 == 0o600
    assert os.stat(p).st_uid == os.getuid()
