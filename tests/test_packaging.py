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
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-v",
                        "-w", str(out), ROOT], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    [whl] = [p for p in os.listdir(out) if p.endswith(".whl")]
    z = zipfile.ZipFile(os.path.join(out, whl))
    z.build_log = r.stdout + r.stderr
    return z


def test_the_build_prints_no_packaging_warnings(wheel):
    # setuptools >= 69 warned once per example directory (about 1,700 lines in scripts/test.sh)
    # and >= 77 about the license table; scripts/test.sh builds with the newest setuptools.
    bad = [ln for ln in wheel.build_log.splitlines()
           if "SetuptoolsDeprecationWarning" in ln or "BuildBackendWarning" in ln or "is absent from the" in ln
           or "Package would be ignored" in ln or "license` as a TOML table" in ln]
    assert not bad, bad[:5]


def test_every_shipped_directory_is_a_listed_package():
    # What keeps newer setuptools quiet: each directory of data files is listed as a
    # (namespace) package by setup.py, which finds them on disk.
    code = ("import setuptools, sys; setuptools.setup = lambda **k: print('\\n'.join(k['packages'])); "
            "sys.argv = ['setup.py']; exec(open('setup.py').read())")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    listed = set(r.stdout.split())
    base = os.path.join(ROOT, "rocmdoctor")
    for d, dirs, files in os.walk(base):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        rel = os.path.relpath(d, ROOT).replace(os.sep, ".")
        if files and "." not in os.path.relpath(d, base).replace(os.sep, "/").replace("/", ""):
            assert rel in listed, rel
    assert {"rocmdoctor.checks", "rocmdoctor.fixes", "rocmdoctor.benchmarks", "rocmdoctor.machine.childprobes"} <= listed
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as fh:
        assert "license = {" not in fh.read()


def test_no_top_level_checks_fixes_or_benchmarks(wheel):
    tops = {n.split("/")[0] for n in wheel.namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"rocmdoctor"}
    names = set(wheel.namelist())
    for pkg in ("checks", "fixes", "benchmarks"):
        assert f"rocmdoctor/{pkg}/__init__.py" in names


def test_examples_and_child_probes_ship(wheel):
    names = set(wheel.namelist())
    assert "rocmdoctor/machine/childprobes/python_env.py" in names
    for ex in ("mi50x2-xeon", "rx7900xtx", "mi300x8", "no-gpu"):
        assert f"rocmdoctor/examples/{ex}/manifest.json" in names, ex


def test_torch_is_never_a_dependency(wheel):
    meta = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    msg = email.message_from_bytes(wheel.read(meta))
    reqs = [r.split(";")[0].strip().lower() for r in msg.get_all("Requires-Dist") or []
            if "extra ==" not in r]
    assert not any(r.startswith(("torch", "deepspeed")) for r in reqs), reqs
    names = {r.split(">")[0].split("=")[0] for r in reqs}
    assert names >= {"psutil", "rich", "packaging", "shtab", "google-re2"}
    assert "pyudev" not in names  # removed: it reads /sys beside the source layer (README, Dependencies)


def test_re2_is_a_default_dependency_only_where_wheels_exist(wheel):
    from packaging.requirements import Requirement

    meta = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    msg = email.message_from_bytes(wheel.read(meta))
    [re2] = [Requirement(r) for r in msg.get_all("Requires-Dist") if r.startswith("google-re2")
             and "extra ==" not in r]
    env = {"python_version": "3.11", "sys_platform": "linux", "platform_system": "Linux"}
    for machine, wanted in (("x86_64", True), ("aarch64", True), ("arm64", True), ("ppc64le", False),
                            ("s390x", False)):
        assert re2.marker.evaluate(dict(env, platform_machine=machine)) is wanted, machine
    extras = set(msg.get_all("Provides-Extra") or [])
    assert {"stacks", "test"} <= extras


def test_nothing_imports_the_folders_by_bare_name():
    # From the repo root, `checks` would be importable as a second copy; no code may use it.
    code = ("import sys, rocmdoctor; rocmdoctor.scan(level='quick'); rocmdoctor.scan(example='mi50x2-xeon'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('checks', 'fixes', 'benchmarks')))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"
