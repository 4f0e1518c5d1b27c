"""Machine-supplied text never reaches the terminal raw, and text
wraps to the terminal's width with its indentation kept."""
import os
import re
import shutil
import subprocess
import sys

import pytest

from rocmdoctor.api import examples
from rocmdoctor.output.text import clean, wrap

ATTACK = "\x1b[2J\x1b[H\x1b[32mALL GOOD\x1b[0m\r\x07\u202e"


@pytest.fixture
def hostile_snapshot(tmp_path):
    """mi50x2-xeon (which fails RD-IOMMU-001, quoting /proc/cmdline) with escape sequences in it."""
    dst = tmp_path / "snap"
    shutil.copytree(examples()["mi50x2-xeon"], dst)
    cmdline = dst / "fs" / "proc" / "cmdline"
    cmdline.write_text(cmdline.read_text().strip() + " x=" + ATTACK + "\n")
    grub = dst / "fs" / "etc" / "default" / "grub"  # shown in the fix plan's diff context
    grub.write_text(grub.read_text().replace("GRUB_TIMEOUT=0", "GRUB_TIMEOUT=0 # " + ATTACK))
    return str(dst)


def _run(*args, env=None):
    e = dict(os.environ, NO_COLOR="1", **(env or {}))
    e.pop("COLUMNS", None)
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "rocmdoctor", *args], capture_output=True, text=True, env=e,
                          timeout=120)


@pytest.mark.parametrize("extra", [[], ["-v"]])
def test_escape_sequences_in_a_snapshot_are_escaped_in_text_output(hostile_snapshot, extra):
    r = _run("scan", "--snapshot", hostile_snapshot, *extra)
    assert r.returncode == 1
    assert "\x1b" not in r.stdout and "\r" not in r.stdout and "\x07" not in r.stdout and "\u202e" not in r.stdout
    assert "\\x1b[2J" in r.stdout  # shown, not hidden: the user sees what is in the file


def test_escape_sequences_are_escaped_in_fix_plans(hostile_snapshot):
    r = _run("fix", "--snapshot", hostile_snapshot)
    assert "\x1b" not in r.stdout + r.stderr and "\\x1b" in r.stdout


def test_clean_escapes_every_control_character():
    raw = "".join(chr(c) for c in [*range(0, 32), 127, *range(0x80, 0xa0)]) + "\u202e\u2066ok"
    out = clean(raw)
    assert out.endswith("ok") and all(ch.isprintable() for ch in out)
    assert clean("plain text · ✓ GPU 0") == "plain text · ✓ GPU 0"


def test_wrap_keeps_indentation_and_width():
    line = "     evidence: /proc/cmdline: " + " ".join(f"arg{i}=value{i}" for i in range(30))
    parts = wrap(line, 60)
    assert len(parts) > 1 and all(len(p) <= 60 for p in parts)
    assert all(p.startswith("       ") for p in parts[1:])  # under the label, deeper than the line
    assert " ".join(p.strip() for p in parts) == line.strip()
    assert wrap("       $ " + "x " * 60, 60) == ["       $ " + "x " * 60]  # commands copy whole


def test_columns_sets_the_width_when_piped():
    r = _run("scan", "--example", "mi50x2-xeon", env={"COLUMNS": "60"})
    assert max(len(ln) for ln in r.stdout.splitlines() if not ln.lstrip().startswith("$ ")) <= 60
    wide = _run("scan", "--example", "mi50x2-xeon")
    assert max(len(ln) for ln in wide.stdout.splitlines()) > 100  # piped without COLUMNS: not wrapped


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def _pty_run(args, cols, rows=50, timeout=120):
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "CI")}
    env["TERM"] = "xterm"
    child = pexpect.spawn(sys.executable, ["-m", "rocmdoctor", *args], env=env, dimensions=(rows, cols),
                          encoding="utf-8", timeout=timeout)
    child.expect(pexpect.EOF)
    child.close()
    return ANSI.sub("", child.before), child.exitstatus


def test_under_a_pseudo_terminal_lines_fit_60_columns():
    out, code = _pty_run(["scan", "--example", "mi50x2-xeon", "-v"], cols=60)
    lines = [ln for ln in out.replace("\r\n", "\n").split("\n") if ln.strip()]
    assert code == 1 and "RD-IOMMU-001" in out
    too_wide = [ln for ln in lines if len(ln) > 60 and not ln.lstrip().startswith("$ ")]
    assert not too_wide, too_wide[:3]
    # a wrapped detail paragraph keeps its 5-space indentation
    assert any(ln.startswith("     ") and not ln.startswith("      ") for ln in lines)


def test_cluster_table_rows_keep_their_columns_when_wrapping(monkeypatch, capsys):
    from rocmdoctor.cli import main

    monkeypatch.setenv("COLUMNS", "50")
    main(["scan", "--from", examples()["mi50x2-xeon"], examples()["mi300x8"], "--level", "quick"])
    out = capsys.readouterr().out.splitlines()
    header = next(ln for ln in out if ln.startswith("NODE ") and " RANK " in ln)
    assert len(header) > 50 and "drift" in header  # one row, not wrapped
    rest = out[out.index(header) + 4:]
    assert all(len(ln) <= 50 for ln in rest if not ln.lstrip().startswith("$ "))


# ---------------------------------------------------------------- every command wraps
def _too_wide(out: str, width: int, keep=()) -> list[str]:
    return [ln for ln in out.splitlines() if len(ln) > width and not ln.lstrip().startswith(("$ ", *keep))]


CLUSTER = ["scan", "--from", "EX:mi50x2-xeon", "EX:mi300x8", "--level", "quick"]


@pytest.mark.parametrize("args", [["list"], ["list", "--examples"], ["explain", "--list"], ["bench", "--help"],
                                  ["scan", "--help"], ["train", "--help"], CLUSTER])
def test_every_listing_and_help_fits_80_columns(args):
    ex = examples()
    r = _run(*[ex[a[3:]] if a.startswith("EX:") else a for a in args], env={"COLUMNS": "80"})
    assert r.returncode in ((0, 1) if args is CLUSTER else (0,)), r.stderr
    assert not _too_wide(r.stdout, 80), _too_wide(r.stdout, 80)[:3]


def test_a_cluster_table_too_wide_keeps_the_areas_that_did_not_pass():
    ex = examples()
    argv = [ex[a[3:]] if a.startswith("EX:") else a for a in CLUSTER]
    narrow, wide = _run(*argv, env={"COLUMNS": "80"}).stdout, _run(*argv).stdout
    head = next(ln for ln in narrow.splitlines() if ln.startswith("NODE "))
    assert head.split()[3:] == ["gfx", "precision", "iommu", "drift"]  # mi50x2-xeon's problems
    assert "ok or skipped on every node: driver, rocm" in narrow
    assert " driver " in next(ln for ln in wide.splitlines() if ln.startswith("NODE "))  # piped: every area


def test_fix_prose_wraps_while_commands_and_diffs_stay_whole():
    r = _run("fix", "--example", "mi50x2-xeon", env={"COLUMNS": "80"})
    wide = _too_wide(r.stdout, 80)
    # only commands to copy ("run: ...") and diff lines may be wider: never prose
    assert wide and all(ln.lstrip().startswith(("run", "-", "+", "@@")) or ln.startswith("      ") for ln in wide), wide
    assert not _too_wide(r.stdout, 80, keep=("run", "-", "+", "@@", " "))
    whole = _run("fix", "--example", "mi50x2-xeon")
    cmds = [ln for ln in whole.stdout.splitlines() if ln.lstrip().startswith(("run:", "run on the machine:"))]
    assert cmds and all(c in r.stdout.splitlines() for c in cmds)  # the same lines, unbroken


def test_list_under_an_80_column_terminal_is_a_table_that_fits():
    out, code = _pty_run(["list"], cols=80)
    lines = [ln.rstrip() for ln in out.replace("\r\n", "\n").split("\n") if ln.strip()]
    assert code == 0 and not [ln for ln in lines if len(ln) > 80]
    # a long title continues under the title column, not under the code
    i = next(i for i, ln in enumerate(lines) if ln.startswith("RD-APU-001"))
    title_col = lines[i].index("APU:")
    assert lines[i + 1].startswith(" " * title_col) and not lines[i + 1].startswith("RD-")


def test_piped_list_without_columns_is_one_row_a_line_for_grep():
    r = _run("list")
    rows = [ln for ln in r.stdout.splitlines() if ln.startswith("RD-")]
    assert len(rows) == len(r.stdout.splitlines()) and max(map(len, rows)) > 80


def test_wide_characters_count_two_columns_when_wrapping():
    from hypothesis import given, settings, strategies as st

    from rocmdoctor.output.text import cells

    assert cells("训练") == 4 and cells("café") == 4 and cells("e\u0301") == 1

    @settings(max_examples=200, deadline=None)
    @given(st.text(alphabet="ab 训练脚本✓/.:", min_size=1, max_size=200), st.integers(30, 100),
           st.sampled_from(["", "     ", "     evidence: "]))
    def prop(body, width, lead):
        text = lead + body
        parts = wrap(text, width)
        assert all(cells(p) <= width for p in parts) or cells(text) <= width
        assert "".join(p.replace(" ", "") for p in parts) == text.replace(" ", "")

    prop()
