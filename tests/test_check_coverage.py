"""The check tests mirror the checks: checks/<module>.py is tested in tests/checks/test_<module>.py
(checks/bench/<module>.py in tests/checks/bench/test_<module>.py), and every registered check's
code appears in its module's test file, so a new check or module without tests fails here
(docs/writing-checks.md, "Testing it")."""
from __future__ import annotations

import importlib
import os
import pkgutil

from rocmdoctor.engine import registry

TESTS = os.path.dirname(__file__)
PACKAGE = "rocmdoctor.checks"

# Codes whose tests still live outside the mirrored file, with where they are. Each entry is a
# debt to pay by moving the tests, never a way to add a check without them.
ELSEWHERE: dict[str, str] = {}


def check_modules() -> list[str]:
    """Dotted names below rocmdoctor.checks of every check module: a package's modules, and the
    package itself when its __init__ holds code (checks/health/__init__.py is tested in
    tests/checks/test_health.py, checks/health/fold.py in tests/checks/health/test_fold.py)."""
    out = []

    def walk(path, prefix):
        for info in pkgutil.iter_modules(path):
            if info.ispkg:
                sub = os.path.join(path[0], info.name)
                init = os.path.join(sub, "__init__.py")
                if os.path.getsize(init) > 0 and _holds_code(init):
                    out.append(prefix + info.name)
                walk([sub], prefix + info.name + ".")
            else:
                out.append(prefix + info.name)
    walk(list(importlib.import_module(PACKAGE).__path__), "")
    return sorted(out)


def _holds_code(path: str) -> bool:
    import ast

    with open(path, encoding="utf-8") as fh:
        body = ast.parse(fh.read()).body
    return any(isinstance(n, (ast.FunctionDef, ast.ClassDef)) for n in body)


def mirror(module: str) -> str:
    """tests/checks/[sub/]test_<leaf>.py for the module ``[sub.]leaf`` below rocmdoctor.checks."""
    *sub, leaf = module.split(".")
    return os.path.join(TESTS, "checks", *sub, f"test_{leaf}.py")


def test_every_check_module_has_its_mirrored_test_module():
    modules = check_modules()
    assert "iommu" in modules and "bench.matmul" in modules and "bench.common" in modules
    missing = [os.path.relpath(mirror(m), os.path.dirname(TESTS)) for m in modules if not os.path.exists(mirror(m))]
    assert not missing, f"check modules without their test module: {missing}"


def test_every_check_test_module_mirrors_a_check_module():
    # The other way round: a test file under tests/checks/ is named for the module it tests, so a
    # check's tests are found in one place (helpers shared by several files go in a conftest.py).
    mirrored = {os.path.normpath(mirror(m)) for m in check_modules()}
    stray = []
    for dirpath, _, files in os.walk(os.path.join(TESTS, "checks")):
        stray += [os.path.relpath(os.path.join(dirpath, f), os.path.dirname(TESTS)) for f in files
                  if f.startswith("test_") and f.endswith(".py")
                  and os.path.normpath(os.path.join(dirpath, f)) not in mirrored]
    assert not stray, f"test modules under tests/checks/ named for no check module: {stray}"


def test_mirror_names_the_test_module_of_a_module_and_of_a_package_member():
    assert mirror("iommu").endswith(os.path.join("tests", "checks", "test_iommu.py"))
    assert mirror("bench.p2p").endswith(os.path.join("tests", "checks", "bench", "test_p2p.py"))
    assert mirror("health").endswith(os.path.join("tests", "checks", "test_health.py"))


def test_a_package_whose_init_holds_checks_is_a_check_module_and_so_are_its_members():
    modules = check_modules()
    assert "health" in modules and "health.fold" in modules and "deepspeed.config" in modules
    assert "bench" not in modules  # bench/__init__.py holds no code


def test_every_registered_check_code_is_tested_in_its_modules_test_file():
    checks = registry.load(plugins=False).checks
    assert len(checks) > 90
    untested = []
    for spec in checks:
        module = spec.func.__module__
        assert module.startswith(PACKAGE + "."), module
        path = mirror(module[len(PACKAGE) + 1:])
        text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        if spec.code not in text and spec.code not in ELSEWHERE:
            untested.append(f"{spec.code} ({os.path.relpath(path, os.path.dirname(TESTS))})")
    assert not untested, f"check codes without a test in their module's test file: {untested}"


def test_the_exemptions_are_still_needed():
    # An exemption whose tests have moved to the mirrored file (or whose check is gone) is removed.
    by_code = {s.code: s for s in registry.load(plugins=False).checks}
    for code in ELSEWHERE:
        assert code in by_code, f"{code} is no longer a check: drop it from ELSEWHERE"
        path = mirror(by_code[code].func.__module__[len(PACKAGE) + 1:])
        text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        assert code not in text, f"{code} is tested in {path} now: drop it from ELSEWHERE"


def test_the_start_up_rules_name_the_tests_that_enforce_them():
    # docs/writing-checks.md says which test holds each start-up rule; a renamed or deleted test
    # would leave a rule enforced by memory again.
    import re

    root = os.path.dirname(TESTS)
    with open(os.path.join(root, "docs", "writing-checks.md"), encoding="utf-8") as fh:
        doc = fh.read()
    rules = doc.split("## Start-up rules", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", rules)
    assert len(named) >= 3
    for path, name in named:
        with open(os.path.join(root, path), encoding="utf-8") as fh:
            assert f"def {name}(" in fh.read(), f"docs/writing-checks.md names {path}::{name}, which does not exist"
