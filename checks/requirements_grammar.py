"""Requirements files as pip reads them: a line pip refuses (two packages on one line, an install option such as
`-U` after a requirement, a shell command, literal `\\n` escapes) stops `pip install -r` before it installs anything
(readers/pip_grammar.py holds pip's grammar)."""
from __future__ import annotations

import os

from rocmdoctor.artifacts.readers.pip_grammar import SOURCES
from rocmdoctor.base.untrusted import pick_list
from rocmdoctor.engine.check import check, ev, fail, ok


@check("RD-IMG-018", area="image", title="Requirements files hold only lines pip reads", option="config",
       sources=list(SOURCES))
def requirement_lines_pip_reads(settings):
    out = []
    files = settings.of_kind("requirements")
    for a in files:
        lines = a.lines()
        for n, why in pick_list(a.data, "refused"):
            text = lines[n - 1].strip() if 0 < n <= len(lines) else ""
            out.append(fail(f"{os.path.basename(a.path)} line {n}: {why}",
                            f"`pip install -r {os.path.basename(a.path)}` stops at this line ('ERROR: Invalid "
                            f"requirement ... (from line {n} of {os.path.basename(a.path)})' or 'no such option') and "
                            "installs nothing from the file. Write one requirement a line, with its version "
                            "specifier and no install options (pip's own options go on a line of their own).",
                            subject=f"{a.path}:{n}", evidence=[ev(f"{a.path}:{n}", text[:200])]))
    return out or ok(f"{len(files)} requirements file(s): every line is one pip reads" if files
                     else "no requirements file in the files")
