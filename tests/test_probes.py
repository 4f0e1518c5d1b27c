"""The Python-environment probe runs in a child of the target interpreter and can
neither hang nor crash the scan."""
import stat
import subprocess
import sys

import pytest

import rocmdoctor
from rocmdoctor.facts import Context, Missing
from rocmdoctor.machine.sources import LiveSource


def _script(path, body):
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def test_probe_reports_the_real_cpu_torch():
    pytest.importorskip("torch")
    src = LiveSource()
    data = src.probe("python").data
    t = data["torch"]
    import torch

    assert t["version"] == torch.__version__
    assert t["hip"] == torch.version.hip and t["cuda"] == torch.version.cuda
    assert t["device_count"] == (torch.cuda.device_count() if torch.cuda.is_available() else 0)
    static = src.probe("python_static").data
    assert "torch" in static["distributions"] and static["python"]["executable"]


def test_probe_of_an_environment_without_torch(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    ctx = Context(LiveSource(python=str(venv / "bin" / "python")), "default")
    assert ctx.get("python_static").torch is None and ctx.get("python").torch_version is None
    with pytest.raises(Missing, match="torch is not importable"):
        ctx.get("torch")


def test_hanging_interpreter_is_killed_and_becomes_a_skip(tmp_path):
    # A duration no other process on the machine uses, so pgrep finds only ours.
    fake = _script(tmp_path / "python", "sleep 31.4159 & sleep 31.4159\n")
    src = LiveSource(python=fake, probe_timeout=1)
    r = src.probe("python")
    assert not r.ok and "killed" in r.error
    out = subprocess.run(["pgrep", "-f", "sleep 31.4159"], capture_output=True, text=True).stdout.split()
    assert not out, f"orphaned children left behind: {out}"


@pytest.mark.parametrize("body,needle", [
    ("echo 'not json at all'; exit 3\n", "without a result"),
    ("echo '{broken'; exit 0\n", "unreadable JSON"),
    ("kill -SEGV $$\n", "without a result"),
])
def test_garbage_from_the_interpreter_is_a_clear_error(tmp_path, body, needle):
    r = LiveSource(python=_script(tmp_path / "python", body)).probe("python")
    assert not r.ok and needle in r.error


def test_scan_with_a_hung_python_still_completes(tmp_path):
    fake = _script(tmp_path / "python", "exec sleep 30\n")
    report = rocmdoctor.scan(source=LiveSource(python=fake, probe_timeout=1), level="default")
    torch_skips = [f for f in report.findings if "python" in f.missing or "torch" in f.missing]
    assert torch_skips and all("killed" in f.detail for f in torch_skips)


def test_bad_python_path_is_an_input_error(capsys):
    from rocmdoctor.cli import main

    assert main(["scan", "--python", "/nonexistent/python"]) == 3
    assert "--python /nonexistent/python" in capsys.readouterr().err


def test_python_and_deepspeed_probes_share_one_child(monkeypatch):
    pytest.importorskip("deepspeed")
    from rocmdoctor.machine import probes

    calls = []
    real = probes._run_child
    monkeypatch.setattr(probes, "_run_child", lambda script, python, args, timeout: calls.append((script, args))
                        or real(script, python, args, timeout))
    src = LiveSource(no_cache=True)
    py, ds = src.probe("python"), src.probe("deepspeed")
    assert py.ok and ds.ok and calls == [("python_env.py", ["--runtime", "--with-deepspeed"])]
    assert ds.data["probe"] == "deepspeed_ops" and "deepspeed_probe" not in py.data
