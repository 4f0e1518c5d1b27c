"""A requirements file's lines as pip reads them (pip/_internal/req/req_file.py): an option line may hold only the
options pip allows in a file, and a requirement line one PEP 508 requirement (or a URL, path or archive), followed
only by the per-requirement options. pip stops at the first line that is neither ("Invalid requirement: 'torch
torchvision' (from line 3 of requirements.txt)", "no such option: -U") and installs nothing from the file."""
from __future__ import annotations

import itertools
import re

from ...knowledge.pip_names import invalid_requirement

SOURCES = ("https://pip.pypa.io/en/stable/reference/requirements-file-format/",
           "https://packaging.python.org/en/latest/specifications/dependency-specifiers/")

# pip's SUPPORTED_OPTIONS (a file's own lines) and SUPPORTED_OPTIONS_REQ (after a requirement)
FILE_OPTIONS = frozenset({"-i", "--index-url", "--extra-index-url", "--no-index", "-c", "--constraint", "-r",
                          "--requirement", "-e", "--editable", "-f", "--find-links", "--no-binary", "--only-binary",
                          "--prefer-binary", "--require-hashes", "--pre", "--trusted-host", "--use-feature"})
REQUIREMENT_OPTIONS = frozenset({"--hash", "--global-option", "--config-settings"})
_URL_OR_PATH = re.compile(r"://|^(?:git|hg|svn|bzr)\+|^[.~/\\]|^[A-Za-z]:[\\/]|/|\.(?:whl|zip|tar\.gz|tgz|tar\.bz2)$",
                          re.I)
# every long option the parser knows, for optparse's unambiguous prefixes
LONG_OPTIONS = tuple(sorted(o for o in FILE_OPTIONS | REQUIREMENT_OPTIONS if o.startswith("--")))
# conda's `name=1.0=build` and a spec's single `=`: a file written for conda, not pip (not judged)
_CONDA = re.compile(r"^[A-Za-z0-9_.-]+=[^=<>!~]")


def refused(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """(line, why) of each logical line pip refuses; [] for a file written for conda."""
    from packaging.markers import InvalidMarker, Marker
    from packaging.requirements import InvalidRequirement, Requirement

    if any(_CONDA.match(t) for _n, t in lines if t):
        return []
    out: list[tuple[int, str]] = []
    for n, text in lines:
        if not text or "${" in text:
            continue  # pip expands ${VAR} from the environment: not known here
        words = text.split()
        if words[0].startswith("-"):
            bad = [w for w in words if w.startswith("-") and not _known(w.split("=", 1)[0])
                   and not (len(w) > 2 and w[:2] in ("-r", "-c", "-e", "-i", "-f") and not w.startswith("--"))]
            if bad:
                out.append((n, f"no such option: {bad[0].split('=', 1)[0]} (a requirements file takes only "
                               "pip's file options)"))
            continue
        if invalid_requirement(text, in_file=True):
            continue  # a pasted `pip install ...`, a local version in a range: RD-IMG-004 names what is wrong
        req = " ".join(itertools.takewhile(lambda w: not w.startswith("-"), words))
        rest = words[len(req.split()):]
        bad = [w for w in rest if w.startswith("-") and not _known(w.split("=", 1)[0])]
        if bad:
            out.append((n, f"no such option: {bad[0].split('=', 1)[0]} (after a requirement pip takes only --hash, "
                           "--config-settings and --global-option)" + _several(req)))
            continue
        # pip's parse_req_from_line: the marker after `;` (`; ` after a URL) may be empty; the name part must parse
        name, _, marker = req.partition("; " if "://" in req else ";")
        if not name.strip() or _URL_OR_PATH.search(name.split()[0]) and " @ " not in name:
            continue
        try:
            Requirement(name.strip())
            if marker.strip():
                Marker(marker.strip())
        except (InvalidRequirement, InvalidMarker):
            out.append((n, f"invalid requirement '{req[:80]}'" + _several(req)))
    return out[:20]


def _known(option: str) -> bool:
    """An option pip's requirements-file parser takes on any line: one of both sets, or (optparse) a long option's
    unambiguous prefix (`--extra-index` for --extra-index-url, `--trusted` for --trusted-host)."""
    if option in FILE_OPTIONS | REQUIREMENT_OPTIONS:
        return True
    return option.startswith("--") and len([o for o in LONG_OPTIONS if o.startswith(option)]) == 1


def _several(req: str) -> str:
    """The hint for `torch torchvision torchaudio` on one line: pip reads one requirement a line."""
    words = req.split()
    if len(words) > 1 and all(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._\[\],=<>~!-]*", w) for w in words):
        return f"; one requirement a line, and this line names {len(words)}"
    return ""
