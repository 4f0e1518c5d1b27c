"""A Dockerfile as BuildKit parses it: every line that starts an instruction must name one BuildKit knows. A line
that names none is nearly always a shell command whose RUN lost its trailing backslash: the RUN ends a line early
and docker build stops at the next line ('dockerfile parse error on line 12: unknown instruction: PIP')."""
from __future__ import annotations

import os
import re

from rocmdoctor.base.untrusted import pick_list
from rocmdoctor.engine.check import check, ev, fail, ok

DOCKERFILE_REF = "https://docs.docker.com/reference/dockerfile/#overview"
# what a line that lost its RUN's backslash starts with: a command's continuation (`&&`, `||`, `|`) or a flag
_CONTINUATION = re.compile(r"^\s*(?:&&|\|\||\||-)")


@check("RD-IMG-016", area="image", title="Every instruction of a Dockerfile is one BuildKit knows", option="config",
       sources=[DOCKERFILE_REF])
def unknown_instructions(settings):
    out = []
    files = settings.of_kind("dockerfile")
    for a in files:
        lines = a.lines()
        for n in pick_list(a.data, "unknown_instructions"):
            text = lines[n - 1].strip() if 0 < n <= len(lines) else ""
            before = _previous_line(lines, n)
            lost = before is not None and (_CONTINUATION.match(text) or lines[n - 1][:1].isspace()
                                           or before[1].rstrip().endswith(("&&", "||", "|")))
            word = text.split(None, 1)[0] if text else ""
            evidence = [ev(f"{a.path}:{n}", text[:200])]
            if lost and before is not None:
                evidence.insert(0, ev(f"{a.path}:{before[0]}", before[1].strip()[:200]))
            out.append(fail(
                f"{os.path.basename(a.path)} line {n}: `{word[:40]}` is no Dockerfile instruction",
                f"docker build stops before any step runs: 'dockerfile parse error on line {n}: unknown instruction: "
                f"{word.upper()[:40]}'. "
                + (f"Line {before[0]} ends the instruction above without a trailing `\\`, so this line was meant to "
                   f"continue it: end line {before[0]} with ` \\`." if lost and before is not None else
                   "Start the line with RUN (a shell command), or make it a comment with `#`."),
                subject=f"{a.path}:{n}", evidence=evidence))
    return out or ok(f"{len(files)} Dockerfile(s): every instruction is one BuildKit knows" if files
                     else "no Dockerfile in the files")


def _previous_line(lines: list[str], n: int) -> tuple[int, str] | None:
    """(line number, text) of the last line before line n that is neither blank nor a comment."""
    for i in range(n - 2, -1, -1):
        if lines[i].strip() and not lines[i].lstrip().startswith("#"):
            return i + 1, lines[i]
    return None


# ------------------------------------------------------------------ programs the image does not have yet
BASE_IMAGES = "https://hub.docker.com/_/ubuntu"
_PACKAGE = {"gpg": "gnupg", "pip": "python3-pip", "pip3": "python3-pip", "python": "python-is-python3",
            "python3": "python3"}


@check("RD-IMG-017", area="image", title="A Dockerfile's RUN calls only programs its image has by then",
       option="config", sources=[BASE_IMAGES, "https://github.com/docker-library/buildpack-deps"])
def programs_installed_first(settings):
    """`FROM ubuntu:24.04` then `RUN curl -fsSL ... | sh`: the plain OS images carry no curl, wget, git, gnupg, sudo,
    Python or pip (knowledge/base_images.py), so the RUN stops with '/bin/sh: 1: curl: not found' (127) and the
    image is never built. A file BuildKit cannot parse (RD-IMG-016) is judged by that first."""
    out = []
    files = settings.of_kind("dockerfile")
    for a in files:
        if pick_list(a.data, "unknown_instructions"):
            continue
        lines = a.lines()
        for u in pick_list(a.data, "missing_programs"):
            prog, n, image = u["program"], u["line"], u["image"]
            text = lines[n - 1].strip() if 0 < n <= len(lines) else ""
            called = "apt-key (which needs gpg)" if prog == "gpg" else prog
            if u.get("offpath"):
                why = ("astral's installer put uv in ~/.local/bin, which is not on the image's PATH, so `uv` is not "
                       "found. Install it where PATH looks (`UV_INSTALL_DIR=/usr/local/bin`), add "
                       "`ENV PATH=/root/.local/bin:$PATH`, or `COPY --from=ghcr.io/astral-sh/uv:latest /uv /bin/`.")
            elif prog == "uv":
                why = ("uv comes with no image: `pip install uv`, or `COPY --from=ghcr.io/astral-sh/uv:latest /uv "
                       "/bin/`, before this line.")
            elif prog == "gpg":
                why = ("apt-key is there but needs gnupg: it stops with 'E: gnupg, gnupg2 and gnupg1 do not seem to be "
                       "installed'. Install gnupg first (apt-key itself is gone from apt 2.9, Debian 13 and Ubuntu "
                       "25.04: a keyring file under /etc/apt/keyrings with `signed-by=` replaces it).")
            elif prog == "sudo":
                why = ("A Dockerfile's RUN is root already: drop `sudo` (the image has none, so the command never "
                       "runs).")
            else:
                why = (f"Install it first in this stage (`apt-get update && apt-get install -y "
                       f"{_PACKAGE.get(prog, prog)}`" + (", `apk add`" if "alpine" in image else "") + ").")
            where = "on the image's PATH" if u.get("offpath") else f"in {image}"
            out.append(fail(
                f"{os.path.basename(a.path)} line {n}: {called} is not {where} at this point",
                ("" if u.get("offpath") else f"{image} carries no {prog}, and nothing before this line in its stage "
                 "installs it. ") + ("" if prog == "gpg" else f"docker build stops here with '{prog}: not found' "
                                                              "(exit 127). ") + why,
                subject=f"{a.path}:{n}", evidence=_installed_at(a, u, lines) + [ev(f"{a.path}:{n}", text[:200])]))
    return out or ok(f"{len(files)} Dockerfile(s): every program a RUN calls is in its image by then" if files
                     else "no Dockerfile in the files")


def _installed_at(a, use: dict, lines: list[str]) -> list:
    """The line that installed the program where PATH does not look (and the ENV PATH after it, if any)."""
    at = use.get("installed_at")
    if not at or not 0 < at <= len(lines):
        return []
    out = [ev(f"{a.path}:{at}", lines[at - 1].strip()[:200])]
    path = next((i for i in range(at + 1, use["line"]) if re.match(r"\s*ENV\s+PATH", lines[i - 1], re.I)), None)
    return out + ([ev(f"{a.path}:{path}", lines[path - 1].strip()[:200])] if path else [])
