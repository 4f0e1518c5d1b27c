"""Every option and positional of every command has a help text, and
`scan --help` lists the exit codes."""
import argparse

import pytest

from rocmdoctor.cli import build_parser, main


def _subparsers():
    parser, _ = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices


@pytest.mark.parametrize("name", sorted(_subparsers()))
def test_every_option_has_help(name):
    p = _subparsers()[name]
    missing = [a.option_strings[-1] if a.option_strings else a.dest for a in p._actions
               if not isinstance(a, argparse._HelpAction) and a.help != argparse.SUPPRESS and not (a.help or "").strip()]
    assert not missing, f"{name}: no help for {missing}"


def test_scan_help_lists_exit_codes(capsys):
    assert main(["scan", "--help"]) == 0
    out = capsys.readouterr().out
    for code in ("0 ", "1 ", "2 ", "3 ", "4 "):
        assert f"\n  {code}" in out
    assert "exit codes" in out.lower()


ROOT = __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__)))


def _read(*parts):
    import os

    with open(os.path.join(ROOT, *parts), encoding="utf-8") as fh:
        return fh.read()


def test_readme_says_the_quickstart_example_exits_1_on_purpose(capsys):
    readme = _read("README.md")
    assert "rocmdoctor scan --example mi50x2-xeon" in readme and "exits 1 on purpose" in readme
    assert main(["scan", "--example", "mi50x2-xeon"]) == 1
    assert main(["scan", "--example", "mi300x8"]) == 0  # the healthy one README names


def test_zero_stages_documented_as_the_cli_accepts_them():
    zero = next(a for a in _subparsers()["train"]._actions if "--zero" in a.option_strings)
    assert tuple(zero.choices) == (1, 2, 3)
    assert "--zero 1\\|2\\|3" in _read("README.md")
    assert "`--zero 1`, `2` (default) or `3`" in _read("docs", "benchmarks.md")


def test_readme_and_cli_doc_name_every_scan_format_the_cli_accepts():
    from rocmdoctor.output.formats import FORMATS

    fmt = next(a for a in _subparsers()["scan"]._actions if "--format" in a.option_strings)
    assert tuple(fmt.choices) == FORMATS
    readme, cli = _read("README.md"), _read("docs", "cli.md")
    assert "`--format " + "\\|".join(FORMATS) + "`" in readme
    for f in FORMATS[1:]:
        assert f"`--format {f}`" in cli, f
    for opt in ("-o FILE", "[tool.rocmdoctor]", "# rocmdoctor: ignore", "--no-project-config"):
        assert opt in cli, opt


def test_every_command_that_prints_a_format_takes_o():
    for name, p in _subparsers().items():
        if "--format" in p._option_string_actions:
            assert "-o" in p._option_string_actions, name
