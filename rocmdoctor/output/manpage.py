"""The man page, rocmdoctor(1), generated from the argparse parser so it never drifts from
`--help`: every command with its description and every option with its help text, then the
exit codes, environment and files. `rocmdoctor completion --man` prints it (not kept in the
repository: a copy would go stale with every help text); tests/test_completion.py checks it
documents every option and that groff renders it without a warning.
"""
from __future__ import annotations

import argparse
import re


def _roff(text: str) -> str:
    """Text safe in a roff body: backslashes doubled, a leading '.' or "'" escaped."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(("\\&" + ln) if ln.startswith((".", "'")) else ln for ln in text.split("\n"))


def _opt(action: argparse.Action) -> str:
    names = ", ".join(f"\\fB{_roff(o)}\\fR" for o in action.option_strings) or f"\\fI{_roff(action.dest.upper())}\\fR"
    if action.option_strings and action.nargs != 0:
        meta = action.metavar or (("{" + ",".join(map(str, action.choices)) + "}") if action.choices
                                 else action.dest.upper())
        names += f" \\fI{_roff(str(meta))}\\fR"
    return names


def _paragraphs(text: str) -> list[str]:
    out = []
    for para in re.split(r"\n\s*\n", (text or "").strip()):
        lines = para.split("\n")
        if any(ln.startswith(" ") for ln in lines):
            out.append(".nf\n" + _roff(para) + "\n.fi")  # a list or example: kept as laid out
        else:
            out.append(_roff(" ".join(ln.strip() for ln in lines)))
    return out


def render(parser: argparse.ArgumentParser, version: str, date: str = "") -> str:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {c.dest: c.help for c in sub._choices_actions}
    out = [f'.TH ROCMDOCTOR 1 "{date}" "rocmdoctor {version}" "User Commands"',
           ".SH NAME", "rocmdoctor \\- " + _roff(parser.description or ""),
           ".SH SYNOPSIS", "\\fBrocmdoctor\\fR \\fICOMMAND\\fR [\\fIOPTIONS\\fR]",
           ".SH DESCRIPTION",
           _roff("rocmdoctor diagnoses AMD ROCm machines that train and fine-tune LLMs: it reads the machine "
                 "(or a snapshot of one), judges it with checks that each name their evidence and source, "
                 "and shows fix plans before anything changes. Every command takes --help."),
           ".SH COMMANDS"]
    for name, p in sub.choices.items():
        out += [".SS " + f"\\fBrocmdoctor {_roff(name)}\\fR", _roff(helps.get(name) or "")]
        desc = (p.description or "").strip()
        if desc and desc != (helps.get(name) or "").strip():
            out += [".PP", *(x for para in _paragraphs(desc) for x in (para, ".PP"))][:-1]
        for a in p._actions:
            if isinstance(a, argparse._HelpAction) or a.help == argparse.SUPPRESS:
                continue
            out += [".TP", _opt(a), _roff(a.help or "")]
        if p.epilog:
            out += [".PP", *(x for para in _paragraphs(p.epilog) for x in (para, ".PP"))][:-1]
    out += [".SH EXIT STATUS", ".TP", "0", "nothing failed (with \\-\\-strict: and nothing warned)",
            ".TP", "1", "a check failed or errored (with \\-\\-strict: or warned)",
            ".TP", "2", "usage error: a bad or conflicting option, an unknown \\-\\-select/\\-\\-ignore code, "
                        "an unreadable \\-\\-config file or project config",
            ".TP", "3", "the input could not be used: a snapshot, \\-\\-root, \\-\\-python",
            ".TP", "4", "scan \\-\\-cluster incomplete: a node never joined, hung or died",
            ".SH ENVIRONMENT", ".TP", "\\fBNO_COLOR\\fR", "plain output",
            ".TP", "\\fBCOLUMNS\\fR", "the width text output wraps to",
            ".TP", "\\fBROCMDOCTOR_DISABLE_PLUGIN_AUTOLOAD=1\\fR", "do not load third\\-party checks",
            ".TP", "\\fBROCMDOCTOR_NO_CACHE=1\\fR", "neither read nor write the cache of slow answers",
            ".SH FILES", ".TP", "\\fIpyproject.toml\\fR [tool.rocmdoctor], \\fIrocmdoctor.toml\\fR",
            "project settings: select, ignore, strict, config",
            ".TP", "\\fI$XDG_CACHE_HOME/rocmdoctor/envcache.json\\fR", "the cache of slow answers",
            ".SH SEE ALSO", "The documentation in the docs/ folder of the source: cli.md, config\\-lint.md, fix.md, "
                            "explain.md, json\\-schema.md."]
    return "\n".join(out) + "\n"
