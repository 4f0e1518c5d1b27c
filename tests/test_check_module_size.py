"""A check module stays readable in one sitting: at most 400 lines. A module that grows past it
is split by what it holds (checks/deepspeed/ into op builders and config, checks/health/ into
the checks and the per-GPU folding); a package keeps its checks' names and report order."""
import os

from tests.source_tree import ROOT, py_files

LIMIT = 400


def _modules():
    return py_files("checks")


def test_every_check_module_is_at_most_400_lines():
    sizes = {}
    for path in _modules():
        with open(path, encoding="utf-8") as fh:
            sizes[os.path.relpath(path, ROOT)] = sum(1 for _ in fh)
    assert len(sizes) > 20 and "checks/health/__init__.py" in sizes  # the walk sees the packages too
    over = {p: n for p, n in sizes.items() if n > LIMIT}
    assert not over, f"over {LIMIT} lines (split by what each part holds): {over}"
