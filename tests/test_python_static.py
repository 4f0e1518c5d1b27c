"""Static Python-environment facts (read from files) agree with what the runtime child
says after importing torch and deepspeed, and the scan gives the same findings either way."""
import json
import os
import stat
import subprocess
import sys

import pytest

import rocmdoctor
from rocmdoctor.machine import envcache
from rocmdoctor.machine import probes
from rocmdoctor.facts import Context
from rocmdoctor.machine.interpreter import choose, is_own
from rocmdoctor.machine.sources import LiveSource

STATIC = probes._load_static_module()


def test_static_facts_equal_the_runtime_answers_on_this_environment():
    """The live comparison the issue asks for: this venv has a CPU torch and deepspeed."""
    pytest.importorskip("torch")
    src = LiveSource(no_cache=True)
    static = src.probe("python_static").data
    legacy = probes._run_child("python_env.py", src.python, [], 120)  # full child: imports torch
    assert static["distributions"] == legacy["distributions"]
    for key in ("version", "hip", "cuda", "git_version", "debug", "file", "arch_list"):
        assert static["torch"][key] == legacy["torch"][key], key
    if "deepspeed" not in static["distributions"]:
        return
    ds = src.probe("deepspeed").data
    assert static["deepspeed"]["version"] == ds["deepspeed"]["version"]
    assert static["deepspeed"]["compiled_with"] == ds["deepspeed"]["compiled_with"]
    assert static["deepspeed"]["installed_accelerator"] == ds["deepspeed"]["installed_accelerator"]
    installed = {o["name"]: o["installed"] for o in ds["ops"]}
    assert {k: v for k, v in static["deepspeed"]["installed_ops"].items() if k in installed} == installed
    for key in ("rocm_home", "cuda_home", "ninja", "hipcc"):
        assert static["build"][key] == ds["torch"][key], key
    assert static["llamafactory"] == ds["llamafactory"]


def test_scan_findings_are_the_same_from_the_cache_and_without_a_child(monkeypatch, tmp_path):
    pytest.importorskip("deepspeed")
    torch = pytest.importorskip("torch")
    if torch.version.cuda or torch.version.hip:
        pytest.skip("a GPU build's runtime facts (devices, DeepSpeed's answers) are never cached")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    envcache._LOADED.clear()
    cold = rocmdoctor.scan(source=LiveSource(), level="default", select=["RD-DS", "RD-TORCH", "RD-PIN"])
    assert os.path.exists(envcache.path())

    def no_child(*a, **k):
        raise AssertionError("a warm cache on a CPU-only torch must not start the torch child")

    monkeypatch.setattr(probes, "RuntimeChild", no_child)
    warm = rocmdoctor.scan(source=LiveSource(), level="default", select=["RD-DS", "RD-TORCH", "RD-PIN"])
    assert [f.to_dict() for f in warm.findings] == [f.to_dict() for f in cold.findings]
    assert any(f.code.startswith("RD-DS") and f.status.value != "skip" for f in warm.findings)


def test_a_corrupt_or_hostile_cache_file_is_ignored(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = envcache.path()
    os.makedirs(os.path.dirname(path))
    src = LiveSource(no_cache=False)
    k = envcache.key("test", 1)
    for content in ("{not json", "[1, 2]", json.dumps({"format": "other", "version": 1, "entries": {}}),
                    json.dumps({"format": envcache.FORMAT, "version": 1, "entries": {k: "x"}}),
                    json.dumps({"format": envcache.FORMAT, "version": 1, "entries": {"short": {"t": 1, "v": 2}}})):
        with open(path, "w") as fh:
            fh.write(content)
        envcache._LOADED.clear()
        assert envcache.get(src, k) is None
    envcache.put(src, k, {"a": 1})  # a bad file is replaced by the next write
    envcache._LOADED.clear()
    assert envcache.get(src, k) == {"a": 1}
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    # A symlink planted in its place is not followed.
    os.unlink(path)
    os.symlink("/etc/passwd", path)
    envcache._LOADED.clear()
    assert envcache.get(src, k) is None
    assert envcache.get(LiveSource(no_cache=True), k) is None


def test_the_cache_key_follows_what_determines_deepspeeds_answers(monkeypatch):
    static = {"python": {"version": "3.11"}, "torch": {"version": "2.4.0", "hip": None, "cuda": None},
              "deepspeed": {"version": "0.16.0", "file": "/nonexistent/deepspeed/__init__.py"},
              "distributions": {"deepspeed": {"version": "0.16.0"}}, "fingerprint": "abc"}
    src = LiveSource(python=sys.executable)
    base = envcache.deepspeed_key(src, static)
    monkeypatch.setenv("DS_BUILD_OPS", "1")
    assert envcache.deepspeed_key(src, static) != base
    monkeypatch.delenv("DS_BUILD_OPS")
    assert envcache.deepspeed_key(src, dict(static, fingerprint="def")) != base
    assert envcache.deepspeed_key(src, static) == base
    # A GPU build's answers may depend on the devices: never cached.
    assert envcache.deepspeed_key(src, dict(static, torch={"version": "2.4.0+rocm6.1", "hip": "6.1"})) is None


@pytest.mark.parametrize("blob,expected", [
    (b"\x00junk\x00gfx900 gfx906 gfx908 gfx90a gfx942 gfx1100\x00more", "gfx900 gfx906 gfx908 gfx90a gfx942 gfx1100"),
    (b"\x00gfx90a:xnack- gfx90a:xnack+ gfx942\x00", "gfx90a:xnack- gfx90a:xnack+ gfx942"),
    # torch 2.15.0+cu132 from PyPI holds exactly this in torch/lib/libtorch_python.so
    (b"\x00sm_count\x00sm_75 sm_80 sm_86 sm_90 sm_100 sm_120\x00", "sm_75 sm_80 sm_86 sm_90 sm_100 sm_120"),
    (b"\x00gfx90a gfx942\x00gfx1100\x00", None),  # two candidates: ambiguous, ask torch instead
    (b"\x00no arch here gfx90a\x00", None),
])
def test_arch_literal_is_read_from_the_library(tmp_path, blob, expected):
    lib = tmp_path / "libtorch_python.so"
    lib.write_bytes(b"\x7fELF" + b"\x01" * 5000 + blob + b"\x02" * 100)
    assert STATIC.arch_literal(str(lib)) == expected


def _fake_site(tmp_path, version_py, lib_blob=None):
    site = tmp_path / "site"
    (site / "torch" / "lib").mkdir(parents=True)
    (site / "torch" / "__init__.py").write_text("raise SystemExit('torch must not be imported')\n")
    (site / "torch" / "version.py").write_text(version_py)
    if lib_blob is not None:
        (site / "torch" / "lib" / "libtorch_python.so").write_bytes(lib_blob)
    d = site / "torch-2.4.1+rocm6.1.dist-info"
    d.mkdir()
    (d / "METADATA").write_text("Metadata-Version: 2.1\nName: torch\nVersion: 2.4.1+rocm6.1\n"
                                "Requires-Dist: filelock\nRequires-Dist: sympy ;\n python_version >= '3.8'\n\nbody\n"
                                "Name: not-a-header\n")
    (d / "direct_url.json").write_text('{"url": "file:///x"}')
    return site


def test_a_rocm_torch_is_read_without_importing_it(tmp_path):
    site = _fake_site(tmp_path, "__version__ = '2.4.1+rocm6.1'\ndebug = False\ncuda: Optional[str] = None\n"
                                "git_version = 'abc'\nhip: Optional[str] = '6.1.40091-a8dbc0c19'\n",
                      b"\x00gfx900 gfx906 gfx90a gfx942\x00")
    code = (f"import sys; sys.path.insert(0, {str(site)!r}); sys.path.insert(0, {str(probes.PROBE_DIR)!r});"
            "import python_static, json; print(json.dumps(python_static.collect([sys.path[1]])))")
    out = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    t = out["torch"]
    assert (t["version"], t["hip"], t["cuda"], t["git_version"]) == ("2.4.1+rocm6.1", "6.1.40091-a8dbc0c19", None, "abc")
    assert t["arch_list"] == ["gfx900", "gfx906", "gfx90a", "gfx942"]
    d = out["distributions"]["torch"]
    assert d["requires"] == ["filelock", "sympy ; python_version >= '3.8'"] and d["editable_or_url"]


def test_interpreter_choice_and_its_reason(tmp_path):
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    py = venv / "bin" / "python"
    py.write_text("#!/bin/sh\n")
    py.chmod(0o755)
    assert choose("/x/python", {"VIRTUAL_ENV": str(venv)}).why == "--python"
    c = choose(None, {"VIRTUAL_ENV": str(venv), "CONDA_PREFIX": "/nonexistent"})
    assert c.path == str(py) and "virtual environment" in c.why
    c = choose(None, {"CONDA_PREFIX": str(venv)})
    assert c.path == str(py) and "conda" in c.why
    c = choose(None, {"VIRTUAL_ENV": "/nonexistent", "PATH": str(venv / "bin")}, which=lambda n: str(py))
    assert c.path == str(py) and c.why == "python3 on PATH"
    c = choose(None, {"PATH": ""}, which=lambda n: None)
    assert c.path == sys.executable and c.own and "own" in c.why
    assert is_own(sys.executable) and not is_own(str(py))


def test_a_live_scan_of_an_interpreter_without_torch_warns_at_the_top(tmp_path, capsys):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    from rocmdoctor.cli import main

    py = str(venv / "bin" / "python")
    assert main(["scan", "--python", py, "--format", "json", "--select", "RD-TORCH,RD-GFX-002"]) in (0, 1)
    report = json.loads(capsys.readouterr().out)
    assert report["source"]["python"] == py and report["source"]["python_why"] == "--python"
    assert report["warnings"] and "torch is not installed" in report["warnings"][0]
    main(["scan", "--python", py, "--select", "RD-TORCH,RD-GFX-002"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == f"interpreter: {py} (--python)"
    assert lines[3].startswith("warning: torch is not installed in ")


def test_old_snapshots_without_static_facts_still_give_torch():
    ctx = Context(rocmdoctor.api.make_source(example="mi50x2-xeon"), "default")
    t = ctx.get("torch")
    assert t.version and t.device_count is None  # the static facts: no runtime answer in them
    assert ctx.get("torch_runtime").device_count == 2


def test_the_probe_wait_shows_one_live_line_on_a_terminal_only():
    pexpect = pytest.importorskip("pexpect")
    pytest.importorskip("deepspeed")
    argv = [sys.executable, "-m", "rocmdoctor", "scan", "--python", sys.executable, "--no-cache",
            "--select", "RD-DS-001"]
    env = dict(os.environ, COLUMNS="200")
    child = pexpect.spawn(argv[0], argv[1:], env=env, encoding="utf-8", timeout=180)
    child.expect(f"probing torch in {sys.executable} …")
    child.expect(pexpect.EOF)
    child.close()
    assert "RD-DS-001" in child.before
    piped = subprocess.run(argv, capture_output=True, text=True, timeout=180, env=env)
    assert "probing" not in piped.stderr and "probing" not in piped.stdout
    assert "RD-DS-001" in piped.stdout


def test_two_dist_infos_of_one_name_resolve_as_importlib_metadata_does(tmp_path):
    from importlib import metadata

    site = tmp_path / "site"
    for version in ("65.5.0", "80.9.0", "70.0.0"):
        d = site / f"setuptools-{version}.dist-info"
        d.mkdir(parents=True)
        (d / "METADATA").write_text(f"Metadata-Version: 2.1\nName: setuptools\nVersion: {version}\n")
    first = next(iter(metadata.distributions(path=[str(site)])))
    assert STATIC.distributions([str(site)])["setuptools"]["version"] == first.version


def test_a_folded_header_with_blank_continuation_lines_does_not_end_the_headers(tmp_path):
    """Seen on the H100 machine (lineax, wadler-lindig): a License header folded over lines of
    spaces ended the header block early and their Requires-Dist were lost. A line of blanks
    is a continuation, as importlib.metadata's email parser reads it; only an empty line ends."""
    from importlib import metadata

    site = tmp_path / "site"
    d = site / "pkg-1.0.dist-info"
    d.mkdir(parents=True)
    (d / "METADATA").write_text("Metadata-Version: 2.1\nName: pkg\nVersion: 1.0\nLicense: MIT License\n"
                                "        \n        Permission is hereby granted\n\t\n"
                                "Requires-Dist: numpy>=1.20\nRequires-Dist: jax; extra == 'gpu'\n\nLong text\n"
                                "Requires-Dist: not-a-header\n")
    want = next(iter(metadata.distributions(path=[str(site)]))).requires
    assert STATIC.distributions([str(site)])["pkg"]["requires"] == want == ["numpy>=1.20", "jax; extra == 'gpu'"]


def _count_children(monkeypatch) -> list:
    calls: list = []
    real = probes._child

    def counting(script, src, args, timeout):
        calls.append(script)
        return real(script, src, args, timeout)

    monkeypatch.setattr(probes, "_child", counting)
    return calls


def _static_of(py):
    return probes.python_static(LiveSource(python=py))


def test_another_interpreters_static_facts_are_cached_until_its_environment_changes(monkeypatch, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = str(venv / "bin" / "python")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    envcache._LOADED.clear()
    calls = _count_children(monkeypatch)
    first = _static_of(py)
    second = _static_of(py)
    assert calls == ["python_static.py"] and second == first  # the second scan started no child
    # Installing a distribution changes its site-packages: the cache is not used.
    site = next(p for p in first["search_path"] if p.endswith("site-packages") and p.startswith(str(venv)))
    dist = os.path.join(site, "acme_pkg-1.0.dist-info")
    os.mkdir(dist)
    with open(os.path.join(dist, "METADATA"), "w") as fh:
        fh.write("Metadata-Version: 2.1\nName: acme-pkg\nVersion: 1.0\n")
    third = _static_of(py)
    assert len(calls) == 2 and "acme-pkg" in third["distributions"]
    # So does a variable that shapes its search path.
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    _static_of(py)
    assert len(calls) == 3
    # --no-cache: always a child.
    monkeypatch.setattr(envcache, "_OFF", True)
    _static_of(py)
    _static_of(py)
    assert len(calls) == 5


def test_an_interpreter_that_is_a_script_is_never_cached(tmp_path):
    shim = tmp_path / "python3"
    shim.write_text("#!/usr/bin/env bash\nexec pyenv exec python3 \"$@\"\n")  # a pyenv shim picks by directory
    shim.chmod(0o755)
    assert envcache.static_key(str(shim)) is None
    assert envcache.static_key(sys.executable)


def test_every_variable_the_static_probe_reports_is_in_the_cache_key(monkeypatch):
    base = envcache.static_key(sys.executable)
    for name in STATIC.ENV_KEYS + ("DS_BUILD_OPS", "PYTHONPATH", "VIRTUAL_ENV", "CONDA_PREFIX", "PATH"):
        monkeypatch.setenv(name, "/changed-for-the-test")
        assert envcache.static_key(sys.executable) != base, name
        monkeypatch.undo()


def _fake_pyenv(tmp_path, versions=("3.11.7", "3.10.13")):
    root = tmp_path / "pyenv"
    (root / "shims").mkdir(parents=True)
    shim = root / "shims" / "python3"
    shim.write_text('#!/usr/bin/env bash\nexport PYENV_ROOT="%s"\nexec "%s/libexec/pyenv" exec "${0##*/}" "$@"\n'
                    % (root, root))
    shim.chmod(0o755)
    for v in versions:
        b = root / "versions" / v / "bin"
        b.mkdir(parents=True)
        (b / "python3").write_text("")
        (b / "python3").chmod(0o755)
    return root, str(shim)


def test_a_pyenv_shim_is_followed_as_pyenv_would(tmp_path):
    from rocmdoctor.machine.interpreter import pyenv_target

    root, shim = _fake_pyenv(tmp_path)
    (root / "version").write_text("3.11.7\n")
    project = tmp_path / "project" / "src"
    project.mkdir(parents=True)
    assert pyenv_target(shim, {}, cwd=str(project)) == str(root / "versions/3.11.7/bin/python3")
    (tmp_path / "project" / ".python-version").write_text("# pinned\n3.10.13\n")
    assert pyenv_target(shim, {}, cwd=str(project)) == str(root / "versions/3.10.13/bin/python3")
    assert pyenv_target(shim, {"PYENV_VERSION": "3.11.7"}, cwd=str(project)) == str(root / "versions/3.11.7/bin/python3")
    # What pyenv itself would have to decide: keep the shim.
    for version in ("system", "3.11", "myenv/../x", "9.9.9"):
        assert pyenv_target(shim, {"PYENV_VERSION": version}, cwd=str(project)) is None, version
    assert pyenv_target(sys.executable, {}) is None  # not a shim
    c = choose(None, {"PATH": ""}, which=lambda n: shim)
    assert c.why.startswith("python3 on PATH, through pyenv's shim") and c.path.endswith("/bin/python3")
