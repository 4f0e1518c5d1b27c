"""`fix --apply` on a snapshot refuses before printing plans; the words for
commands fit the source; --root prints the tree's paths; --undo promises a restored command
line only when the boot loader command ran; piped prompts say to use --yes and exit 2."""
import io
import os
import shutil

import pytest

from rocmdoctor.cli import main

ROOTS = os.path.join(os.path.dirname(__file__), "fixtures", "roots")


@pytest.fixture
def root(tmp_path):
    r = tmp_path / "root"
    shutil.copytree(os.path.join(ROOTS, "ubuntu"), r)
    return r


def test_apply_on_a_snapshot_refuses_before_printing_plans(capsys):
    assert main(["fix", "--example", "mi50x2-xeon", "--apply", "--yes"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "read-only" in err


def test_snapshot_plans_do_not_mention_root(capsys):
    assert main(["fix", "--example", "mi50x2-xeon"]) == 0
    out = capsys.readouterr().out
    assert "--root" not in out and "run on the machine: update-grub" in out


def test_apply_under_root_prints_the_trees_path(root, capsys):
    assert main(["fix", "--iommu", "--root", str(root), "--apply", "--yes"]) == 0
    out = capsys.readouterr().out
    tree_path = os.path.realpath(root / "etc/default/grub")
    assert f"wrote {tree_path} (/etc/default/grub in the tree)" in out
    assert "wrote /etc/default/grub\n" not in out
    assert "--undo --root" in out and "--yes" in out  # the undo hint can be pasted into a script


def test_undo_under_root_does_not_promise_a_reboot_restores_the_cmdline(root, capsys):
    assert main(["fix", "--iommu", "--root", str(root), "--apply", "--yes"]) == 0
    capsys.readouterr()
    assert main(["fix", "--undo", "--root", str(root), "--yes"]) == 0
    out = capsys.readouterr().out
    assert "a reboot brings back the old kernel command line" not in out
    assert "no boot loader command ran" in out and "update-grub" in out


@pytest.mark.parametrize("undo", [False, True])
def test_piped_prompt_without_yes_says_so_and_exits_1_like_a_no(root, monkeypatch, capsys, undo):
    # The help says a declined apply exits 1; nobody to ask is the same "no".
    if undo:
        assert main(["fix", "--iommu", "--root", str(root), "--apply", "--yes"]) == 0
    before = (root / "etc/default/grub").read_bytes()
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # piped, nothing to read
    args = ["fix", "--undo", "--root", str(root)] if undo else ["fix", "--iommu", "--root", str(root), "--apply"]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "standard input is not a terminal" in err and "--yes" in err
    assert (root / "etc/default/grub").read_bytes() == before
