"""Apptainer/Singularity definition files (`apptainer build image.sif job.def`): the header's `Bootstrap:` agent and
`From:` image, the image the container is built on, judged as a Dockerfile's FROM (a CUDA base on an AMD machine, a
ROCm far from the host's). https://apptainer.org/docs/user/latest/definition_files.html"""
from __future__ import annotations

import re

from ..settings import BUILD, Artifact

APPTAINER = "apptainer"
_BOOTSTRAP = re.compile(r"^[ \t]*Bootstrap[ \t]*:[ \t]*(docker|docker-daemon|docker-archive|oras|library|shub|"
                        r"localimage)[ \t]*(?:#.*)?$", re.I)
_FROM = re.compile(r"^[ \t]*From[ \t]*:[ \t]*(\S+)[ \t]*(?:#.*)?$", re.I)


def looks_like(text: str) -> bool:
    """A definition file: its first line that is neither blank nor a comment names the bootstrap agent (a script
    that writes a definition with a heredoc starts with its shebang, not this)."""
    first = next((ln for ln in text[:4096].splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    return _BOOTSTRAP.match(first) is not None


def read(path: str, text: str) -> Artifact:
    """Each stage's header (a multi-stage file starts every stage with `Bootstrap:`; its sections, `%post` ..., run
    in that stage): the image of each stage that pulls one (not `localimage`, a .sif built elsewhere)."""
    art = Artifact(path, APPTAINER, text, data={})
    agent, in_header = "", False
    for n, line in enumerate(text.splitlines(), 1):  # splitlines: a CRLF file's lines lose their \r
        b = _BOOTSTRAP.match(line)
        if b:
            agent, in_header = b.group(1).lower(), True
            continue
        if line.lstrip().startswith("%"):
            in_header = False  # a section: its lines are a script's, not the header's
            continue
        f = _FROM.match(line) if in_header else None
        if f:
            image = f.group(1)
            if image.startswith(("docker://", "oras://")):
                image = image.split("://", 1)[1]
            if agent in ("docker", "oras", "library", "docker-daemon"):
                art.add(BUILD, "from", image, n)
    return art
