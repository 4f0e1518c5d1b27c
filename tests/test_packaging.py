"""The wheel: checks/, fixes/ and benchmarks/ install under rocmdoctor.*, never at top
level; the examples and probe scripts ship; torch and deepspeed are not dependencies."""
import email
import os
import subprocess
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                        "-w", str(out), ROOT], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    [whl] = [p for p in os.listdir(out) if p.endswith(".whl")]
    return zipfile.ZipFile(os.path.join(out, whl))


def test_no_top_level_checks_fixes_or_benchmarks(wheel):
    tops = {n.split("/")[0] for n in wheel.namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"rocmdoctor"}
    names = set(wheel.namelist())
    for pkg in ("checks", "fixes", "benchmarks"):
        assert f"rocmdoctor/{pkg}/__init__.py" in names


def test_examples_and_child_probes_ship(wheel):
    names = set(wheel.namelist())
    assert "rocmdoctor/childprobes/python_env.py" in names
    for ex in ("mi50x2-xeon", "rx7900xtx", "mi300x8", "no-gpu"):
        assert f"rocmdoctor/examples/{ex}/manifest.json" in names, ex


def test_torch_is_never_a_dependency(wheel):
    meta = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    msg = email.message_from_bytes(wheel.read(meta))
    reqs = [r.split(";")[0].strip().lower() for r in msg.get_all("Requires-Dist") or []
            if "extra ==" not in r]
    assert not any(r.startswith(("torch", "deepspeed")) for r in reqs), reqs
    assert {r.split(">")[0].split("=")[0] for r in reqs} >= {"psutil", "pyudev", "rich", "packaging"}


def test_nothing_imports_the_folders_by_bare_name():
    # From the repo root, `checks` would be importable as a second copy; no code may use it.
    code = ("import sys, rocmdoctor; rocmdoctor.scan(level='quick'); rocmdoctor.scan(example='mi50x2-xeon'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('checks', 'fixes', 'benchmarks')))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"
