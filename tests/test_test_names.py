"""Test names state the behaviour they test, not the tracker item that asked for it: a name such as
`test_issue_27_leaks_are_masked` says nothing once the tracker is gone, and hides what broke."""
from __future__ import annotations

import ast
import os
import re

TESTS = os.path.dirname(__file__)
TRACKER = re.compile(r"issue_?\d", re.I)


def _test_functions(root=TESTS):
    for dirpath, _, files in os.walk(root):
        if os.sep + "data" in dirpath[len(root):] or os.sep + "corpus" in dirpath[len(root):]:
            continue
        for name in files:
            if name.startswith("test_") and name.endswith(".py"):
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as fh:
                    tree = ast.parse(fh.read(), path)
                for node in ast.walk(tree):
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                        yield os.path.relpath(path, TESTS), node.name


def test_no_test_is_named_for_a_tracker_issue():
    found = list(_test_functions())
    assert len(found) > 1000  # the walk reached the test tree
    named = [f"{path}::{name}" for path, name in found if TRACKER.search(name)]
    assert not named, f"name these tests for the behaviour they test: {named}"


def test_the_rule_catches_tracker_names_and_spares_behaviour_names():
    assert TRACKER.search("test_issue_27_leaks_are_masked") and TRACKER.search("test_issue31_mirror")
    assert not TRACKER.search("test_secrets_after_a_comma_are_masked") and not TRACKER.search("test_issues_listed")
