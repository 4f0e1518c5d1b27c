"""bench/train without torch exit 3 with a plain message; long work
shows progress (a live line on a terminal, one line per stage when piped) and a hang looks
like a hang, not like a frozen program."""
import io
import os
import re
import subprocess
import sys
import time

import pytest

from rocmdoctor.output import progress as progress_mod
from rocmdoctor.cli import main
from rocmdoctor.output.progress import Progress


@pytest.fixture(scope="module")
def no_torch_python(tmp_path_factory):
    d = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(d / "v")], check=True, timeout=120)
    py = str(d / "v" / "bin" / "python")
    if subprocess.run([py, "-c", "import torch"], capture_output=True, timeout=60).returncode == 0:
        pytest.skip("the base interpreter has torch")
    return py


@pytest.mark.parametrize("cmd", [["bench", "matmul"], ["bench"], ["train"], ["train", "--device", "cpu"]])
def test_without_torch_bench_and_train_say_so_and_exit_3(cmd, no_torch_python, capsys):
    assert main([*cmd, "--python", no_torch_python]) == 3
    out, err = capsys.readouterr()
    assert f"torch is not importable in {no_torch_python}; use --python" in err
    assert "FAIL" not in out and out == ""


def test_piped_progress_prints_each_stage_and_says_when_nothing_moves(monkeypatch):
    monkeypatch.setattr(progress_mod, "TICK_S", 0.02)
    monkeypatch.setattr(progress_mod, "STILL_EVERY_S", 0.3)
    out = io.StringIO()
    p = Progress("train", quiet=False, stream=out)
    p("importing torch")
    time.sleep(1.1)
    for i in range(50):  # fast stages: at most one line a second, the latest always printed
        p(f"step {i}: forward")
    time.sleep(1.8)
    p.close("timeout in 3.0 s")
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("[train] importing torch")
    assert any("step 49: forward" in ln for ln in lines)  # the stage it stopped at is always shown
    assert any(ln.startswith("[train] still at step 49: forward: no progress for") for ln in lines)
    assert lines[-1] == "[train] timeout in 3.0 s"
    assert len(lines) < 12


def test_quiet_progress_prints_nothing():
    out = io.StringIO()
    p = Progress("bench matmul", quiet=True, stream=out)
    p("starting")
    p("x", force=True)
    p.close("done")
    assert out.getvalue() == ""


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_a_terminal_rich_will_not_animate_gets_plain_lines(monkeypatch):
    # TTY_INTERACTIVE=0 (set by some CI runners) makes rich's live line draw nothing at all.
    monkeypatch.setenv("TTY_INTERACTIVE", "0")
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(progress_mod, "TICK_S", 0.02)
    monkeypatch.setattr(progress_mod, "STILL_EVERY_S", 0.3)
    out = _Tty()
    p = Progress("train", quiet=False, stream=out)
    assert p.live
    p("step 3: forward")
    time.sleep(0.8)
    p.close("timeout in 1.0 s")
    assert not p.live
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("[train] step 3: forward")
    assert any(ln.startswith("[train] still at step 3: forward: no progress for") for ln in lines)
    assert lines[-1] == "[train] timeout in 1.0 s"


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.mark.slow
def test_train_hang_under_a_pseudo_terminal_shows_live_progress():
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "CI", "TTY_INTERACTIVE",
                                                          "TTY_COMPATIBLE", "FORCE_COLOR")}
    env["TERM"] = "xterm"
    child = pexpect.spawn(sys.executable, ["-m", "rocmdoctor", "train", "--device", "cpu", "--steps", "6",
                                           "--inject", "hang", "--stall", "25", "--timeout", "150"],
                          env=env, dimensions=(30, 100), encoding="utf-8", timeout=200)
    # The live line names the stage it is stuck at and counts the seconds without progress.
    child.expect(r"\[train\] step 3: forward \(injected hang\) · \d+ s · no progress for \d+ s")
    child.expect(pexpect.EOF)
    child.close()
    text = ANSI.sub("", child.before)
    assert "[train] timeout in" in text and "RD-TRAIN-001" in text
    assert child.exitstatus == 1
