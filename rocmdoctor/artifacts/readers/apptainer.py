"""Apptainer/Singularity definition files (`apptainer build image.sif job.def`): the header's `Bootstrap:` agent and
`From:` image, the image the container is built on, judged as a Dockerfile's FROM (a CUDA base on an AMD machine, a
ROCm far from the host's); and its %post and %environment scripts, read as the shell reader reads a script (what
they install and build, the GPU targets they give). https://apptainer.org/docs/user/latest/definition_files.html"""
from __future__ import annotations

import dataclasses
import re

from ...knowledge.artifacts import arch_var
from ..settings import BUILD, ENV, Artifact

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
    _sections(art, text)
    return art


# The sections whose bodies are shell scripts: %post runs at build time (/bin/sh, in the image), %environment is
# sourced when the container starts (what it exports is the job's environment).
_SECTION = re.compile(r"^%(\w+)")
_SCRIPTS = ("post", "environment")


def _sections(art: Artifact, text: str) -> None:
    """What %post installs and builds (pip, apt, the GPU targets a build is given), read as the shell reader reads a
    script, at the definition's own lines; and what %environment exports. A %post export lasts only the build: its GPU
    target lists are the build's (arch:NAME), nothing else of it reaches the container's environment."""
    from . import shell

    section, owner = "", []  # the section each line belongs to ("" for a header or a section's own line)
    for line in text.splitlines():
        m = _SECTION.match(line)
        section = m.group(1).lower() if m else section
        owner.append("" if m else section)
    for name in _SCRIPTS:
        body = [line if sec == name else "" for line, sec in zip(text.splitlines(), owner)]
        if not any(body):
            continue
        script = shell.read(art.path, "\n".join(body))
        for v in script.values:
            if name == "post" and v.kind == ENV:
                if arch_var(v.name):
                    art.values.append(dataclasses.replace(v, kind=BUILD, name=f"arch:{v.name}"))
                continue
            art.values.append(v)
