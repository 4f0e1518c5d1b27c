"""The wings keep their import contracts (.importlinter, docs/architecture.md)."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_import_contracts_hold():
    pytest.importorskip("importlinter")
    r = subprocess.run(["bash", os.path.join(ROOT, "scripts", "lint_imports.sh")], capture_output=True,
                       text=True, timeout=300, env=dict(os.environ, PYTHON=sys.executable))
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "0 broken" in r.stdout


def test_a_broken_contract_fails(tmp_path):
    """Dropping one known seam from the ignore list breaks the checks contract: the script sees
    the real graph, not an empty one."""
    pytest.importorskip("importlinter")
    cfg = open(os.path.join(ROOT, ".importlinter")).read()
    bad = cfg.replace("    rocmdoctor.checks.bench.numerics -> rocmdoctor.advice\n", "")
    assert bad != cfg
    (tmp_path / "contracts").write_text(bad)
    r = subprocess.run(["bash", os.path.join(ROOT, "scripts", "lint_imports.sh")], capture_output=True,
                       text=True, timeout=300,
                       env=dict(os.environ, PYTHON=sys.executable, IMPORTLINTER_CONFIG=str(tmp_path / "contracts")))
    assert r.returncode != 0
    assert "rocmdoctor.checks.bench.numerics -> rocmdoctor.advice" in r.stdout
