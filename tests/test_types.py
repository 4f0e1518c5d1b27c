"""Types are checked: record constructors through records.dataclass (a dataclass_transform), and
the package under pyproject's [tool.mypy] settings, as CI runs them."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _mypy(*args, cwd=ROOT):
    pytest.importorskip("mypy")
    return subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", *args], capture_output=True,
                          text=True, timeout=600, cwd=cwd)


def test_record_constructors_are_type_checked(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from rocmdoctor.engine.model import Evidence\n"
                   "Evidence('a', 'b', 'c', 'd')\n"
                   "Evidence(source='a', txt='b')\n")
    good = tmp_path / "good.py"
    good.write_text("from rocmdoctor.engine.model import Evidence\nEvidence('a', 'b')\nEvidence(source='a', text='b')\n")
    r = _mypy("--ignore-missing-imports", "--no-incremental", str(bad), str(good))
    lines = [ln for ln in r.stdout.splitlines() if ": error:" in ln]
    assert {ln.split(":")[1] for ln in lines if ln.startswith(str(bad))} == {"2", "3"}, r.stdout
    assert not any(ln.startswith(str(good)) for ln in lines), r.stdout


def test_mypy_skips_no_module():
    # The ignore list (64 modules when mypy joined CI) is empty: every module is type-checked.
    # A module with errors is fixed, not listed.
    import os

    import pytest

    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "pyproject.toml"), "rb") as fh:
        mypy = tomllib.load(fh)["tool"]["mypy"]
    skipped = [o["module"] for o in mypy.get("overrides", []) if o.get("ignore_errors")]
    assert not skipped, f"mypy skips {skipped}"
    assert mypy["files"] and "ignore_errors" not in mypy
