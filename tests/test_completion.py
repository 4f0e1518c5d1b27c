"""Shell completion and the man page are generated from the argparse parser:
they complete and document exactly what `--help` lists."""
import os
import shutil
import subprocess
import sys

import pytest

from rocmdoctor.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _bash_complete(script: str, words: list[str]) -> list[str]:
    if not shutil.which("bash"):
        pytest.skip("no bash")
    line = " ".join(words)
    code = (f'source "{script}"; COMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; '
            f'COMP_LINE="{line}"; COMP_POINT=${{#COMP_LINE}}; _shtab_rocmdoctor; printf "%s\\n" "${{COMPREPLY[@]}}"')
    r = subprocess.run(["bash", "-c", code], capture_output=True, text=True, timeout=60)
    return sorted(set(r.stdout.split()))


@pytest.fixture(scope="module")
def bash_script(tmp_path_factory):
    pytest.importorskip("shtab")
    out = tmp_path_factory.mktemp("c") / "rocmdoctor.bash"
    r = subprocess.run([sys.executable, "-m", "rocmdoctor", "completion", "bash"], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    out.write_text(r.stdout)
    return str(out)


def test_bash_completes_commands_options_and_choices(bash_script):
    assert _bash_complete(bash_script, ["rocmdoctor", "sc"]) == ["scan"]
    assert "completion" in _bash_complete(bash_script, ["rocmdoctor", "c"])
    assert "--format" in _bash_complete(bash_script, ["rocmdoctor", "scan", "--for"])
    assert _bash_complete(bash_script, ["rocmdoctor", "scan", "--format", "s"]) == ["sarif"]
    assert _bash_complete(bash_script, ["rocmdoctor", "bench", "--format", ""]) == ["html", "json", "text"]


def test_completion_needs_a_shell_or_man(capsys):
    assert main(["completion"]) == 2
    assert main(["completion", "bash", "--man"]) == 2


def test_the_man_page_documents_every_command_and_option_and_renders_without_warnings(capsys):
    from rocmdoctor.commands.completion import full_parser

    assert main(["completion", "--man"]) == 0
    page = capsys.readouterr().out
    parser = full_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for name, p in sub.choices.items():
        assert f"rocmdoctor {name}" in page, name
        for a in p._actions:
            for opt in (a.option_strings if a.help != "==SUPPRESS==" else []):  # hidden options stay hidden
                assert opt.replace("-", "\\-") in page, (name, opt)
    assert "EXIT STATUS" in page and "[tool.rocmdoctor]" in page
    if shutil.which("groff"):
        r = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z"], input=page, capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 0 and r.stderr == "", r.stderr
