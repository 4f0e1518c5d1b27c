"""`rocmdoctor env` prints `unset` lines for what the checks say to remove,
and --explain gives a reason for every line."""
import os
import subprocess
import sys

from rocmdoctor.cli import main


def test_unset_lines_for_variables_the_checks_remove(capsys):
    assert main(["env", "--example", "mi50x2-xeon", "--explain"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert "unset PYTORCH_HIP_ALLOC_CONF" in lines  # RD-PREC-006: this torch ignores it
    assert not any("HSA_OVERRIDE_GFX_VERSION" in ln for ln in lines)  # 9.0.6 is gfx906's own: kept
    assert all(ln.startswith(("export ", "unset ")) for ln in lines)
    reasons = err.splitlines()
    assert len(reasons) == len(lines) and all(r.startswith("# ") for r in reasons)
    assert any("RD-PREC-006" in r for r in reasons)


def test_every_export_line_is_explained(capsys):
    assert main(["env", "--example", "rx7900xtx", "--explain"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == ["export TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1"]
    assert "AOTriton" in err and len(err.splitlines()) == 1


def test_output_evals_in_a_shell():
    env = dict(os.environ, PYTORCH_HIP_ALLOC_CONF="expandable_segments:True", NO_COLOR="1")
    script = (f'eval "$({sys.executable} -m rocmdoctor env --example mi50x2-xeon)"; '
              'echo "alloc=${PYTORCH_HIP_ALLOC_CONF-gone}"')
    r = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "alloc=gone", r.stderr
