"""Dockerfiles as settings: the base image (FROM), ENV and ARG, what RUN installs with pip
and apt, groups it creates and the USER it switches to.

Instructions are split by dockerfile-parse (Red Hat's parser, used by OSBS/atomic-reactor)
when it is installed, else by :func:`instructions`, a small reader for the same syntax
(line continuations, comments, JSON and shell forms). Only the last build stage's ENV is
what the container runs with; earlier stages' values are kept as BUILD values.
"""
from __future__ import annotations

import re
import shlex

from ..settings import BUILD, CONTAINER, ENV, Artifact
from .shell import RELEVANT, commands, pip_requirements, substitute

DOCKERFILE = "dockerfile"
_INSTR = re.compile(r"^\s*([A-Za-z]+)\s+(.*)$", re.S)


def instructions(text: str) -> list[dict]:
    """[{instruction, startline (0-based), endline, value}], as dockerfile-parse gives them."""
    try:
        import io

        from dockerfile_parse import DockerfileParser  # type: ignore

        parser = DockerfileParser(fileobj=io.BytesIO(text.encode("utf-8")))
        return [s for s in parser.structure if s.get("instruction") != "COMMENT"]
    except ImportError:
        pass
    except Exception:  # dockerfile-parse's own errors on junk: fall back to the small reader
        pass
    out = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        start, buf = i, lines[i]
        if not buf.strip() or buf.lstrip().startswith("#"):
            i += 1
            continue
        while buf.rstrip().endswith("\\") and i + 1 < len(lines):
            i += 1
            nxt = lines[i]
            if nxt.lstrip().startswith("#"):  # comment lines inside a continuation are dropped
                buf = buf.rstrip()[:-1] + " \\"
                continue
            buf = buf.rstrip()[:-1] + " " + nxt
        m = _INSTR.match(buf)
        if m:
            out.append({"instruction": m.group(1).upper(), "startline": start, "endline": i,
                        "value": m.group(2).strip()})
        i += 1
    return out


def _pairs(value: str, legacy_ok: bool) -> list[tuple[str, str]]:
    """ENV/ARG key=value pairs; ``ENV KEY value`` (the legacy form) too."""
    try:
        words = shlex.split(value)
    except ValueError:
        words = value.split()
    if not words:
        return []
    if legacy_ok and "=" not in words[0] and len(words) >= 2:
        return [(words[0], " ".join(words[1:]))]
    out = []
    for w in words:
        k, eq, v = w.partition("=")
        if re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", k):
            out.append((k, v if eq else None))
    return out


# Real Dockerfiles are a few kB (large ones ~30 kB); RUN lines go through the shell reader at
# ~5 us a byte, and every value is kept with its origin: an 880 kB file took 3 s and 100 kB of
# ARG lines 1.1 s (found by the fuzzer). Larger files are refused, as scripts are.
MAX_DOCKERFILE_BYTES = 64 * 1024


def read(path: str, text: str) -> Artifact:
    if len(text) > MAX_DOCKERFILE_BYTES:
        art = Artifact(path, DOCKERFILE, "", data={"stages": [], "pip": [], "apt": [], "groups": [], "user": None})
        art.error = (f"{path}: {len(text) // 1024} KiB; larger than any Dockerfile "
                     f"({MAX_DOCKERFILE_BYTES // 1024} KiB at most)")
        return art
    art = Artifact(path, DOCKERFILE, text, data={"stages": [], "pip": [], "apt": [], "groups": [], "user": None})
    stage_env: list[tuple[str, str, int]] = []
    build_args: dict[str, str] = {}
    lines = text.splitlines()
    for ins in instructions(text):
        name, value = ins["instruction"], ins["value"]
        n = ins["startline"] + 1
        last = ins["endline"] + 1
        if name == "FROM":
            words = value.split()
            image = next((w for w in words if not w.startswith("--")), "")
            image = substitute(image, build_args)
            art.data["stages"].append({"image": image, "line": n})
            stage_env = []
            art.add(BUILD, "from", image, n)
        elif name in ("ENV", "ARG"):
            for k, v in _pairs(value, name == "ENV"):
                line = next((i for i in range(n, last + 1) if i <= len(lines) and re.search(
                    rf"(?<![\w]){re.escape(k)}\b", lines[i - 1])), n)
                if name == "ARG":
                    build_args[k] = v or ""
                    art.add(BUILD, f"arg:{k}", v, line)
                else:
                    v = substitute(v or "", build_args)
                    stage_env.append((k, v, line))
                    art.add(BUILD, f"env:{k}", v, line)
        elif name == "RUN":
            body = value
            if body.startswith("["):
                try:
                    from ...base import jsonlimits

                    words = jsonlimits.loads(body)
                    if isinstance(words, list) and all(isinstance(w, str) for w in words):
                        body = " ".join(shlex.quote(w) for w in words)  # exec form: ["pip", "install", ...]
                except ValueError:
                    pass
            if not RELEVANT.search(body):
                continue
            for words in commands(body):
                _run(art, [substitute(w, build_args) for w in words], n, last, lines)
        elif name == "USER":
            art.data["user"] = value.split(":")[0].strip()
            art.add(BUILD, "user", art.data["user"], n)
    for k, v, line in stage_env:  # the final stage's environment is the container's
        art.add(ENV, k, v, line)
    if art.data["stages"]:
        art.add(CONTAINER, "image", art.data["stages"][-1]["image"], art.data["stages"][-1]["line"])
    return art


def _run(art: Artifact, words: list[str], first: int, last: int, lines: list[str]) -> None:
    while words and re.match(r"^[A-Za-z_]\w*=", words[0]):
        k, _, v = words.pop(0).partition("=")
        art.add(BUILD, f"env:{k}", v, _find(lines, first, last, k + "="))
    if not words:
        return
    head = words[0].rsplit("/", 1)[-1]
    if head in ("export",):
        for w in words[1:]:
            k, eq, v = w.partition("=")
            if eq:
                art.add(BUILD, f"env:{k}", v, _find(lines, first, last, k + "="))
        return
    reqs, opts = pip_requirements(words)
    if reqs or opts:
        # the line of this pip command: the one naming its first requirement, else the first pip line
        line = _find(lines, first, last, r"\binstall\b.*(?<![\w.-])" + re.escape(reqs[0]) + r"(?![\w.-])") \
            if reqs else _find(lines, first, last, r"\b(?:pip3?|uv)\b")
        art.data["pip"].append({"requirements": reqs, "options": opts, "line": line})
        art.add(BUILD, "pip", {"requirements": reqs, "options": {k: v for k, v in opts.items()}}, line)
        return
    if head in ("apt-get", "apt", "yum", "dnf", "microdnf", "zypper") and "install" in words:
        pkgs = [w for w in words[words.index("install") + 1:] if not w.startswith("-")]
        art.data["apt"].extend(pkgs)
        art.add(BUILD, "apt", pkgs, _find(lines, first, last, r"\binstall\b"))
    elif head in ("groupadd", "addgroup"):
        gid = None
        if "-g" in words and words.index("-g") + 1 < len(words):
            gid = words[words.index("-g") + 1]
        names = [w for w in words[1:] if not w.startswith("-") and w != gid]
        if names:
            art.data["groups"].append(names[-1])
            art.add(BUILD, "group", names[-1], _find(lines, first, last, r"\b(?:groupadd|addgroup)\b"))
    elif head in ("usermod", "useradd", "adduser") and any(w in ("-G", "-aG", "--groups") for w in words):
        art.add(BUILD, "user_groups", " ".join(words[1:]), _find(lines, first, last, head))


def _find(lines: list[str], first: int, last: int, pattern: str) -> int:
    rx = re.compile(pattern)
    for i in range(first, last + 1):
        if i <= len(lines) and rx.search(lines[i - 1]):
            return i
    return first
