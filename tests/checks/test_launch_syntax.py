"""RD-LCH-005 and RD-LCH-008 (checks/launch_syntax.py): launch scripts read as the shell runs them."""
from __future__ import annotations

import pytest

from tests.lintacc_helpers import flagged, scan, write


# --- RD-LCH-005: bash-only syntax under #!/bin/sh, which is dash on Debian/Ubuntu (hamm3r/ComfyUI-Installer
# launch.sh: `#!/bin/sh` then `source venv/bin/activate`: 'source: not found', ComfyUI runs on the system python)
@pytest.mark.parametrize("body, bad", [
    ("source venv/bin/activate\npython main.py\n", True),
    ("cd x && source env.sh\npython t.py\n", True),
    ("if [[ -n \"$A\" ]]; then python t.py; fi\n", True),
    ("GPUS=(0 1)\npython t.py\n", True),
    ("echo ${MODEL//\\//_}\n", True),
    # look-alikes: POSIX forms, and bash syntax inside a single-quoted string run by bash
    (". venv/bin/activate\nif [ -n \"$A\" ]; then python t.py; fi\necho \"${A:-x}\"\n", False),
    ("bash -c 'source venv/bin/activate; python t.py'\n", False),
    ("echo \"then source it\"\n", False),
])
def test_bash_syntax_under_bin_sh(tmp_path, lint, body, bad):
    path = lint.write("launch.sh", "#!/bin/sh\n" + body)
    assert bool(lint.flagged(lint([path], "RD-LCH-005", "rx7900xtx"))) == bad


def test_bash_syntax_under_bin_bash_or_on_a_bash_sh_system_passes(tmp_path, lint):
    path = lint.write("launch.sh", "#!/bin/bash\nsource venv/bin/activate\npython main.py\n")
    assert not lint.flagged(lint([path], "RD-LCH-005", "rx7900xtx"))
    sh = lint.write("job.sh", "#!/bin/sh\nsource venv/bin/activate\npython main.py\n")
    assert not lint.flagged(lint([sh], "RD-LCH-005", "dcu-slurm"))  # CentOS: /bin/sh is bash


def test_the_fix_changes_the_shebang(tmp_path, lint):
    path = lint.write("launch.sh", "#!/bin/sh\nsource venv/bin/activate\n")
    [f] = lint.flagged(lint([path], "RD-LCH-005", "rx7900xtx"))
    assert f.fix.params["edits"][0]["ops"][0] == {"op": "replace_line", "line": 1, "text": "#!/bin/bash", "expect": "#!"}


# ovi2020/Finetune-LLM-FD 00_rocm_setup.sh (spent fresh batch 3): `pip install \ transformers>=4.47.0 \ ... deepspeed>=0.14.0`
@pytest.mark.parametrize("line, status", [
    ("pip install \\\n  transformers>=4.47.0 \\\n  deepspeed>=0.14.0 \\\n  pandas\n", "warn"),
    ("python3 -m pip install torch<2.5 numpy\n", "fail"),
    # look-alikes: quoted specifiers, an exact pin, a redirection of the output, a requirements file
    ("pip install 'transformers>=4.47.0' \"deepspeed>=0.14.0\"\n", None),
    ("pip install torch==2.4.1 numpy\n", None),
    ("pip install -r requirements.txt > pip.log 2>&1\n", None),
    ("echo pip install x>=1\n", None),
])
def test_unquoted_pip_specifiers_are_redirections(tmp_path, line, status):
    p = write(tmp_path, "setup.sh", "#!/bin/bash\n" + line)
    fs = flagged(scan([p], "RD-LCH-008", "mi300x8"))
    assert [f.status.value for f in fs] == ([status] if status else [])
