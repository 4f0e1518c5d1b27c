"""`fix --iommu` on real boot configurations (tests/data/boot/<name>/: fake roots built from
distributions' shipped files and users' published ones, each with a SOURCES file).

EXPECT.json in each root says, written before the fixer ran, which bootloader decides what
boots there, the plan's applicability, the exact commands, the lines the edited files must
then hold, files that must stay untouched, and words the plan must say. Every root is then
planned, applied under --root, planned again (nothing left to do), and undone byte for byte.
"""
from __future__ import annotations

import json
import os
import shutil

import pytest

from rocmdoctor.cli import main

BOOT = os.path.join(os.path.dirname(__file__), "data", "boot")
ROOTS = sorted(d for d in os.listdir(BOOT) if os.path.isdir(os.path.join(BOOT, d)))
STATE = os.path.join("var", "lib", "rocmdoctor")


def tree(root) -> dict[str, bytes]:
    out = {}
    for dirpath, _, files in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        if rel_dir == STATE or rel_dir.startswith(STATE + os.sep):
            continue
        for f in files:
            p = os.path.join(dirpath, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, root)] = fh.read()
    return out


def plan_for(capsys, root):
    code = main(["fix", "--iommu", "--root", str(root), "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0, out
    [plan] = [p for p in out["plans"] if p["fixer"] == "kernel_cmdline"]
    return plan


def said(plan) -> str:
    return " ".join(str(plan.get(k) or "") for k in ("why", "nothing_to_do", "refused")) + " " + " ".join(plan["notes"])


def test_at_least_25_real_configurations_each_with_its_sources():
    assert len(ROOTS) >= 25
    for name in ROOTS:
        with open(os.path.join(BOOT, name, "SOURCES"), encoding="utf-8") as fh:
            text = fh.read()
        assert "http" in text, f"{name}: SOURCES names no public source"
        assert os.path.exists(os.path.join(BOOT, name, "EXPECT.json")), name


@pytest.mark.parametrize("name", ROOTS)
def test_plan_apply_and_undo(name, tmp_path, capsys):
    with open(os.path.join(BOOT, name, "EXPECT.json"), encoding="utf-8") as fh:
        exp = json.load(fh)
    root = tmp_path / "root"
    shutil.copytree(os.path.join(BOOT, name), root, symlinks=True)
    before = tree(root)

    plan = plan_for(capsys, root)
    words = said(plan)
    if not exp.get("refused"):  # a refused plan is shown as advice, without the fixer's params
        assert plan["params"]["bootloader"] == exp["bootloader"], words
    for w in exp.get("says", []):
        assert w in words, f"{name}: the plan should say {w!r}: {words}"
    argv_text = " ".join(" ".join(c["argv"]) for c in plan["commands"]) + " " + " ".join(plan["params"].get("add", []))
    for w in exp.get("forbid", []):
        assert w not in argv_text, f"{name}: {w!r} must not be planned"

    if exp.get("refused"):
        assert plan["refused"] and not plan["edits"]
    elif exp.get("nothing_to_do"):
        assert plan["nothing_to_do"] and not plan["edits"] and not plan["commands"], plan
    else:
        assert not plan["nothing_to_do"] and not plan["refused"], words
        assert plan["applicability"] == exp["applicability"], words
        assert [c["argv"] for c in plan["commands"]] == exp["commands"]
        assert {e["path"] for e in plan["edits"]} == set(exp["edits"])
        intel = exp["vendor"] == "GenuineIntel" and exp["bootloader"] != "wsl"
        assert ("intel_iommu=on" in plan["params"]["add"]) == intel
        if plan["edits"] or plan["commands"]:
            assert plan["params"]["doc"].startswith("https://"), "the plan cites the distribution's documentation"

    # apply under --root: only the expected files change, and they hold the expected lines
    extra = ["--unsafe"] if exp.get("applicability") == "unsafe" else []
    # a refused plan makes --apply fail (exit 1) and changes nothing
    assert main(["fix", "--iommu", "--root", str(root), "--apply", "--yes", *extra]) == (1 if exp.get("refused") else 0)
    capsys.readouterr()
    after = tree(root)
    changed = {"/" + p for p in after if after[p] != before.get(p)} | {"/" + p for p in before if p not in after}
    assert changed == set(exp.get("edits", {})) if exp.get("applicability") in ("safe", "unsafe") and \
        not exp.get("nothing_to_do") else not changed, changed
    for path, lines in exp.get("edits", {}).items():
        text = after[path.lstrip("/")].decode()
        for ln in lines:
            assert ln in text, f"{name}: {path} lacks {ln!r}:\n{text}"
    for path in exp.get("untouched", []):
        assert after[path.lstrip("/")] == before[path.lstrip("/")], path

    if changed:
        # planned again: the configuration now has the arguments, nothing is edited twice
        again = plan_for(capsys, root)
        assert not again["edits"], again

    assert main(["fix", "--undo", "--root", str(root), "--yes"]) == 0
    capsys.readouterr()
    assert tree(root) == before, "undo is not byte-exact"
