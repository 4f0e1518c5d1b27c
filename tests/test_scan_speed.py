"""What keeps the scan fast: only the command being run is imported, the quick level
needs neither rich, pyudev, importlib.metadata nor dataclasses, and the torch child starts from the
bare command line when (and only when) the scan will need it."""
import os
import subprocess
import sys

import pytest

from rocmdoctor import early
from rocmdoctor.machine import probes
from rocmdoctor.api import make_source
from rocmdoctor.output.text import print_lines


def test_quick_scan_imports_only_its_command_and_no_heavy_library():
    """Nor the check modules it cannot run (benchmarks; config linting without --config), nor
    what only a failing check's fix plan needs."""
    # What the interpreter imported before rocmdoctor (a site .pth may import inspect) is not ours.
    code = ("import sys; pre = set(sys.modules); from rocmdoctor.cli import main; "
            "rc = main(['scan', '--level', 'quick']); "
            "print(sorted(m for m in sys.modules if m.startswith('rocmdoctor.commands.'))); "
            "print([m for m in ('rich', 'pyudev', 'importlib.metadata', 'torch', 'packaging.requirements', "
            "'rocmdoctor.checks.bench.common', 'rocmdoctor.checks.precision_config', 'rocmdoctor.artifacts.trainargs', "
            "'rocmdoctor.artifacts.configfiles', 'rocmdoctor.fixes.groups', 'hashlib', 'tempfile', 'dataclasses', 'inspect', "
            "'pkgutil', 'difflib') if m in sys.modules and m not in pre])")
    env = dict(os.environ)
    env.pop("ROCMDOCTOR_DISABLE_PLUGIN_AUTOLOAD", None)  # plugins are listed as a user's scan lists them
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    lines = out.stdout.strip().splitlines()[-2:]
    assert lines == ["['rocmdoctor.commands.scan']", "[]"], out.stdout[-2000:] + out.stderr[-2000:]


def test_top_level_help_lists_every_command_without_importing_them(capsys):
    from rocmdoctor.cli import _command_names, _help_of, main

    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in _command_names():
        assert name in out and _help_of(name)
    assert _help_of("scan") == "run the checks and report"


@pytest.mark.parametrize("argv,expected", [
    (["scan"], {}),
    (["scan", "--python", "/x", "--format=json", "--no-cache"], {"--python": "/x", "--format": "json", "--no-cache": True}),
    (["scan", "--select", "RD-DS"], None),  # the selected checks decide, once loaded
    (["scan", "--example", "mi50x2-xeon"], None),
    (["scan", "--cluster"], None),
    (["scan", "--python"], None),
    (["fix"], None),
    ([], None),
])
def test_early_start_reads_only_plain_scan_lines(argv, expected):
    assert early._options(argv) == expected


def test_early_start_hands_its_running_child_to_the_scan(monkeypatch):
    from rocmdoctor.machine import envcache

    monkeypatch.setattr(envcache, "_OFF", False)  # --no-cache below sets it for the process
    started = []

    class FakeChild:
        with_deepspeed = True

        def __init__(self, python, with_deepspeed, timeout):
            started.append(python)

    monkeypatch.setattr(probes, "RuntimeChild", FakeChild)
    monkeypatch.setattr(probes, "runtime_plan", lambda src: (True, True))
    early.start(["scan", "--python", sys.executable, "--no-cache"])
    assert started == [sys.executable]
    src = make_source(python=sys.executable, no_cache=True)
    assert isinstance(src.memo.get("runtime"), FakeChild)
    assert make_source(python=sys.executable, no_cache=True) is not src  # handed over once
    early.start(["scan", "--level", "quick"])
    early.start(["scan", "--select", "RD-IOMMU"])
    assert started == [sys.executable]


def test_colour_is_plain_ansi(monkeypatch):
    import io

    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    out = Tty()
    print_lines([("FAIL x", "bold red"), ("plain", ""), ("", "dim")], out)
    assert out.getvalue() == "\x1b[1;31mFAIL x\x1b[0m\nplain\n\n"
    monkeypatch.setenv("NO_COLOR", "1")
    out = Tty()
    print_lines([("FAIL x", "bold red")], out)
    assert out.getvalue() == "FAIL x\n"


def test_the_lazy_fact_index_names_every_fact_where_it_is_defined():
    from rocmdoctor import facts

    reg = facts.registry()
    assert {n: f.__module__ for n, f in reg.items()} == facts._index()


def test_check_parameters_without_inspect():
    from rocmdoctor.engine.check import NO_DEFAULT, parameters

    def f(a, b=None, c=3):
        return a

    assert parameters(f) == (("a", NO_DEFAULT), ("b", None), ("c", 3))


def test_a_valid_python_is_checked_once_then_cached(monkeypatch, tmp_path):
    from rocmdoctor.machine import envcache
    from rocmdoctor import usage

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    envcache._LOADED.clear()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = str(venv / "bin" / "python")
    usage.check_python.cache_clear()
    assert usage.check_python(py).startswith("3.")
    usage.check_python.cache_clear()
    monkeypatch.setattr(usage, "run_command", lambda *a, **k: pytest.fail("ran the interpreter again"))
    assert usage.check_python(py).startswith("3.")
    usage.check_python.cache_clear()



@pytest.mark.parametrize("argv,fast", [(["scan", "--level", "quick", "--format", "json"], True),
                                       (["fix", "--example", "mi50x2-xeon", "--format", "json"], False)])
def test_console_exit_skips_teardown_but_not_output_or_atexit_hooks(argv, fast):
    """entry() ends a read-only command with os._exit: everything printed arrives, the atexit
    hooks (proc's: end any child left) run, the exit code is main()'s; only the interpreter's
    teardown (here: a module global's __del__) is skipped. Other commands exit normally."""
    code = ("import atexit, sys, json; from rocmdoctor import cli; "
            "atexit.register(lambda: print('hook ran', flush=True)); "
            "G = type('G', (), {'__del__': lambda self: print('teardown', flush=True)})(); "
            f"sys.argv = ['rocmdoctor'] + {argv!r}; "
            "real = cli.main; cli.main = lambda: real() and 0 or 7; cli.entry()")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 7, out.stderr[-2000:]
    body, _, tail = out.stdout.rpartition("}\n")
    import json

    assert "findings" in json.loads(body + "}") or "plans" in json.loads(body + "}")
    assert tail.splitlines() == (["hook ran"] if fast else ["hook ran", "teardown"])
