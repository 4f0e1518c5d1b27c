"""`rocmdoctor completion SHELL`: a shell completion script generated from the command line
parser itself (shtab), so every command, option and choice completes as `--help` lists it;
`rocmdoctor completion --man` prints the man page, rocmdoctor(1), made the same way.

    rocmdoctor completion bash > ~/.local/share/bash-completion/completions/rocmdoctor
    rocmdoctor completion zsh > "${fpath[1]}/_rocmdoctor"
    rocmdoctor completion --man -o ~/.local/share/man/man1/rocmdoctor.1
"""
from __future__ import annotations

import sys

from ..cli import EXIT_OK, EXIT_USAGE

NAME = "completion"
HELP = "print a shell completion script (bash, zsh, tcsh) or, with --man, the man page"


def add_arguments(p) -> None:
    p.add_argument("shell", nargs="?", choices=("bash", "zsh", "tcsh"), help="the shell to complete for")
    p.add_argument("--man", action="store_true", help="print the man page (roff) instead")
    from ..cli import add_output_arg

    add_output_arg(p)


def full_parser():
    """The parser with every command's options (the normal run builds only the one it needs)."""
    from ..cli import build_parser

    return build_parser()[0]


def run(a) -> int:
    if a.man == bool(a.shell):
        print("rocmdoctor completion: name a shell (bash, zsh, tcsh) or --man", file=sys.stderr)
        return EXIT_USAGE
    if a.man:
        from .. import __version__
        from ..output.manpage import render

        sys.stdout.write(render(full_parser(), __version__))
        return EXIT_OK
    try:
        import shtab
    except ImportError:  # a dependency; only a broken install lacks it
        print("rocmdoctor completion: needs the shtab package (`pip install shtab`)", file=sys.stderr)
        return EXIT_USAGE
    sys.stdout.write(shtab.complete(full_parser(), shell=a.shell))
    return EXIT_OK
