"""`rocmdoctor explain LOG --fix`: from a symptom to the plan of its top-ranked confirmed
cause, applied with --apply through the same journal and undone with `fix --undo`."""
import os
import shutil

import pytest

import rocmdoctor
from rocmdoctor.cli import main

HANG = os.path.join(os.path.dirname(__file__), "data", "logs", "torch_barrier_hang_2ranks.txt")
EXAMPLE_FS = os.path.join(os.path.dirname(rocmdoctor.__file__), "examples", "mi50x2-xeon", "fs")

pytestmark = pytest.mark.skipif(not os.path.isdir(EXAMPLE_FS), reason="example not built")


def test_explain_fix_shows_the_plan_of_the_confirmed_cause(capsys):
    main(["explain", HANG, "--example", "mi50x2-xeon", "--fix"])
    out = capsys.readouterr().out
    tail = out[out.index("fix plan for the top confirmed cause"):]
    assert "nccl-barrier-hang" in tail and "iommu=pt" in tail and "from: RD-IOMMU-001" in tail
    assert tail.strip().splitlines()[-1].startswith("--apply would apply nothing; [1] only on the machine")


def test_explain_fix_apply_edits_the_tree_and_fix_undo_restores_it(tmp_path, capsys):
    root = tmp_path / "root"
    shutil.copytree(EXAMPLE_FS, root)
    before = (root / "etc/default/grub").read_bytes()
    assert main(["explain", HANG, "--root", str(root), "--fix", "--apply", "--yes"]) == 0
    out = capsys.readouterr().out
    assert b"iommu=pt" in (root / "etc/default/grub").read_bytes()
    assert "verified RD-IOMMU-001: fail -> pending" in out  # a reboot plan: the next scan verifies it
    assert main(["fix", "--undo", "--root", str(root), "--yes"]) == 0
    assert (root / "etc/default/grub").read_bytes() == before


def test_apply_without_fix_is_a_usage_error(capsys):
    assert main(["explain", HANG, "--example", "mi50x2-xeon", "--apply"]) == 2


def test_run_report_names_the_fix_of_the_top_confirmed_cause():
    """`run --report` carries what `explain --fix` would show: the plan of the top confirmed cause."""
    from rocmdoctor.api import make_source
    from rocmdoctor.commands.run import _fix_of
    from rocmdoctor.engine.machine import Machine
    from rocmdoctor.logs.explain import explain
    from rocmdoctor.logs.logscan import scan_path

    expl = explain(scan_path(HANG), Machine(make_source(example="mi50x2-xeon")), inputs=[HANG])
    fix = _fix_of(expl)
    assert fix["diagnosis"] == "nccl-barrier-hang"
    assert [p["origin"] for p in fix["plans"]] == ["RD-IOMMU-001"]
    assert any("iommu=pt" in str(p) for p in fix["plans"])
    # no machine to confirm a cause: no plan is claimed
    assert _fix_of(explain(scan_path(HANG), Machine(None), inputs=[HANG])) is None
