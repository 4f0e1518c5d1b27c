"""Apptainer/Singularity definition files (`apptainer build image.sif job.def`): the header's `Bootstrap:` agent and
`From:` image, the image the container is built on, judged as a Dockerfile's FROM (a CUDA base on an AMD machine, a
ROCm far from the host's). https://apptainer.org/docs/user/latest/definition_files.html"""
from __future__ import annotations

import re

from ..settings import BUILD, Artifact

APPTAINER = "apptainer"
_BOOTSTRAP = re.compile(r"(?im)^[ \t]*Bootstrap[ \t]*:[ \t]*(docker|docker-daemon|docker-archive|oras|library|shub|"
                        r"localimage)[ \t]*$")
_FROM = re.compile(r"^[ \t]*From[ \t]*:[ \t]*(\S+)[ \t]*(?:#.*)?$", re.I)


def looks_like(text: str) -> bool:
    """A definition file: its first line that is neither blank nor a comment names the bootstrap agent (a script
    that writes a definition with a heredoc starts with its shebang, not this)."""
    first = next((ln for ln in text[:4096].splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    return _BOOTSTRAP.match(first) is not None


def read(path: str, text: str) -> Artifact:
    art = Artifact(path, APPTAINER, text, data={"bootstrap": "", "from": None})
    m = _BOOTSTRAP.search(text[:4096].split("\n%", 1)[0])  # looks_like: the first line that says anything
    art.data["bootstrap"] = m.group(1).lower() if m else ""
    for n, line in enumerate(text.splitlines()[:200], 1):
        if line.lstrip().startswith("%"):
            break  # the header ends at the first section
        f = _FROM.match(line)
        if f:
            image = f.group(1)
            if art.data["bootstrap"] in ("docker", "oras") and image.startswith(("docker://", "oras://")):
                image = image.split("://", 1)[1]
            art.data["from"] = image
            if art.data["bootstrap"] in ("docker", "oras", "library", "docker-daemon"):
                art.add(BUILD, "from", image, n)
            break
    return art
