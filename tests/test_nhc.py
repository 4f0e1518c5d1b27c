"""contrib/nhc/rocmdoctor.nhc under LBNL NHC's check contract, and the Slurm prolog/epilog
examples by their exit codes, on the embedded example machines.

NHC's contract (mej/nhc: the `nhc` driver, helpers/node-mark-offline|online): a check is a
bash function that returns 0 when the node is healthy and otherwise calls `die 1 "reason"`
(NHC then drains the node with Reason "NHC: reason" and, after a later clean run, resumes
it) and returns non-zero. NHC's own unit tests source a check file with die/dbg/log
redefined; so does this harness, recording what die was called with.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

import rocmdoctor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NHC = os.path.join(ROOT, "contrib", "nhc", "rocmdoctor.nhc")
SLURM = os.path.join(ROOT, "contrib", "slurm")
EX = rocmdoctor.examples()
needs = pytest.mark.skipif(not {"mi300x8", "mi50x2-xeon"} <= set(EX) or not shutil.which("timeout"),
                           reason="examples not packaged, or no coreutils timeout")


def program(tmp_path, example: str | None = None, body: str | None = None) -> str:
    """What ROCMDOCTOR names: this rocmdoctor on an embedded example machine."""
    path = tmp_path / "rocmdoctor"
    tail = f' --example {example}' if example else ""
    path.write_text(body or f'#!/bin/sh\nexec "{sys.executable}" -m rocmdoctor "$@"{tail}\n')
    path.chmod(0o755)
    return str(path)


HARNESS = r"""
DIED=""
function die() { DIED="$1|$2"; return 0; }
function dbg() { echo "dbg: $*" >&2; }
function log() { :; }
. "$NHC_FILE"
check_rocmdoctor "$@"
RC=$?
echo "rc=$RC"
echo "died=$DIED"
"""


def run_check(prog: str, *args: str) -> tuple[int, str]:
    env = dict(os.environ, ROCMDOCTOR=prog, NHC_FILE=NHC, NO_COLOR="1")
    out = subprocess.run(["bash", "-c", HARNESS, "nhc", *args], env=env, capture_output=True, text=True, check=False,
                         timeout=120).stdout
    fields = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    return int(fields["rc"]), fields["died"]


@needs
def test_healthy_node_passes_without_die(tmp_path):
    assert run_check(program(tmp_path, "mi300x8"), "-t", "60") == (0, "")


@needs
def test_failing_check_dies_with_the_finding_as_the_drain_reason(tmp_path):
    rc, died = run_check(program(tmp_path, "mi50x2-xeon"), "-t", "60", "--", "--select", "RD-IOMMU")
    assert rc == 1
    code, reason = died.split("|", 1)
    assert code == "1"
    assert reason.startswith("check_rocmdoctor:  RD-IOMMU-001 ")  # NHC prefixes "NHC: " itself
    assert len(reason) < 120 and "\n" not in reason


@needs
def test_warnings_drain_only_with_W(tmp_path):
    prog = program(tmp_path, "mi50x2-xeon")
    # RD-GFX-001 warns on a gfx906 (bf16 emulated) and fails nothing
    assert run_check(prog, "-t", "60", "--", "--select", "RD-GFX-001")[0] == 0
    rc, died = run_check(prog, "-W", "-t", "60", "--", "--select", "RD-GFX-001")
    assert rc == 1 and "RD-GFX-001" in died


def test_scan_over_its_budget_dies_with_a_timeout_reason(tmp_path):
    prog = program(tmp_path, body="#!/bin/sh\nsleep 30\n")
    rc, died = run_check(prog, "-t", "1")
    assert rc == 1 and "did not finish in 1 s" in died


def test_missing_program_dies_saying_so(tmp_path):
    rc, died = run_check(str(tmp_path / "nope"), "-t", "5")
    assert rc == 1 and "not found or not executable" in died


def test_scan_that_cannot_run_is_not_reported_as_healthy(tmp_path):
    rc, died = run_check(program(tmp_path, "mi300x8"), "-t", "60", "--", "--select", "RD-NOSUCH")
    assert rc == 1 and "could not scan (exit 2)" in died


def test_nothing_here_talks_to_slurm_itself():
    """Drain and resume belong to NHC (node-mark-offline/online) and to slurmd (prolog exit
    codes); slurm.conf(5) says prologs and epilogs must not call scontrol."""
    for path in [NHC] + [os.path.join(SLURM, f) for f in os.listdir(SLURM)]:
        with open(path, encoding="utf-8") as fh:
            code = "\n".join(ln for ln in fh.read().splitlines() if not ln.lstrip().startswith("#"))
        assert "scontrol" not in code and "squeue" not in code, path


@needs
@pytest.mark.parametrize("script", ["prolog.sh", "epilog.sh"])
def test_prolog_and_epilog_answer_with_exit_codes_only(tmp_path, script):
    path = os.path.join(SLURM, script)

    def run(example, select=None):
        env = dict(os.environ, ROCMDOCTOR=program(tmp_path / example, example), ROCMDOCTOR_TIMEOUT="60")
        if select:
            env["ROCMDOCTOR_SELECT"] = select
        p = subprocess.run(["bash", path], env=env, capture_output=True, text=True, check=False, timeout=120)
        return p.returncode, p.stdout + p.stderr

    for d in ("mi300x8", "mi50x2-xeon"):
        (tmp_path / d).mkdir()
    assert run("mi300x8") == (0, "")
    assert run("mi50x2-xeon", "RD-IOMMU") == (1, "")
