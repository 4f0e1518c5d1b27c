"""The programs a Dockerfile's RUN calls before its image has them: on a plain base (ubuntu, debian, alpine, slim
Python; knowledge/base_images.py) each stage starts without curl, git, gpg, sudo ..., gets them from a package install
(apt, apk, dnf) and keeps them in every stage built FROM it. A RUN that calls one first stops the build with 127. A
stage that runs something this reading cannot follow (a local script, conda, a package list from a variable) is not
judged after it."""
from __future__ import annotations

import re

from ...knowledge.base_images import missing_programs, provided_by
from .shell import commands

_INSTALLERS = {"apt-get": "install", "apt": "install", "apk": "add", "dnf": "install", "yum": "install",
               "microdnf": "install", "zypper": "install"}
# what runs code this reading cannot follow: after it, anything may be installed
_OPAQUE = {"source", ".", "make", "xargs", "eval", "conda", "mamba", "micromamba", "spack", "nix", "nix-env",
           "brew", "pixi", "ansible-playbook", "cmake", "ninja"}
# a call tested first (`command -v curl || apt-get install -y curl`, `curl ... || true`) is no failure
_GUARDED = re.compile(r"\bcommand\s+-v\b|\bwhich\s|\btype\s+-p\b|\bhash\s+\w|\|\|")
_MAY_PULL_ANYTHING = re.compile(r"[$`(]|\.deb$|^\.{0,2}/|^(?:rocm|amdgpu|cuda|nvidia|hip|build-essential|"
                                r"ubuntu-|task-|kubuntu|xubuntu)", re.I)
_UV_INSTALLER = re.compile(r"astral\.sh/uv|astral-sh/uv/releases", re.I)
# where the installer is told to write: a directory of the default PATH counts
_UV_TOLD_WHERE = re.compile(r"\b(?:UV_INSTALL_DIR|UV_UNMANAGED_INSTALL|XDG_BIN_HOME)=[\"']?([^\s\"';]+)")
_DEFAULT_PATH = {"/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"}
# a login shell (SHELL ["/bin/bash", "-l", "-c"], `bash -lc`) sources the profile line the installer adds
_LOGIN = re.compile(r"\b(?:ba)?sh[\"']?\s*,?\s*(?:[\"']?-\w*l\w*\b|[\"']?--login\b)")
# an installer pinned before uv 0.5.0 writes ~/.cargo/bin (0.5.0 moved it to ~/.local/bin)
_UV_OLD = re.compile(r"(?:astral\.sh/uv/|astral-sh/uv/releases/download/)0\.[0-4]\.\d+/")


def missing_uses(parsed: list[dict], lines: list[str], stages: list[dict], scripts) -> list[dict]:
    """[{line, program, image, offpath}] for the first call of each program a stage lacks; ``scripts(ins, n, last)``
    gives what a RUN runs in its shell (dockerfile._scripts). ``offpath``: installed, but where PATH does not look
    (astral's uv installer writes ~/.local/bin)."""
    out: list[dict] = []
    states: list[dict] = []
    alias: dict[str, int] = {}
    cur: dict | None = None
    for ins in parsed:
        name, n, last = ins["instruction"], ins["startline"] + 1, ins["endline"] + 1
        if name == "FROM":
            words = [w for w in ins["value"].split() if not w.startswith("--")]
            k = len(states)
            image = str(stages[k].get("image") or "") if k < len(stages) else (words[0] if words else "")
            parent = alias.get(words[0].lower()) if words else None
            if len(words) >= 3 and words[1].lower() == "as":
                alias[words[2].lower()] = k
            if parent is not None:
                p = states[parent]
                cur = {**p, "have": set(p["have"]), "offpath": set(p["offpath"]), "seen": set(p["seen"])}
            elif not image or "$" in image or (k < len(stages) and stages[k].get("stage_ref")):
                cur = {"image": image, "missing": frozenset(), "have": set(), "offpath": set(), "seen": set(),
                       "opaque": True, "installed": False}  # built from a stage an ARG picks: not followed
            else:
                plain = missing_programs(image)
                # any other image is judged for uv alone, and only where astral's installer left it off PATH
                cur = {"image": image, "missing": plain or frozenset({"uv"}), "have": set(), "offpath": set(),
                       "seen": set(), "opaque": False, "installed": False, "offpath_only": not plain}
            states.append(cur)
            continue
        if cur is None or not cur["missing"] or cur["opaque"]:
            continue
        told = _UV_TOLD_WHERE.search(ins["value"]) if name == "ENV" else None
        if told:
            cur["uv_dir"] = told.group(1).rstrip("/")  # ENV UV_INSTALL_DIR=/usr/local/bin: where a later install goes
        if name in ("SHELL", "RUN") and _LOGIN.search(ins["value"]):
            cur["have"].add("uv")  # a login shell finds it through the profile
        if name == "ENV" and re.search(r"(?:^|\s)PATH[=\s]", ins["value"]):
            # a PATH of its own (a venv's bin): what is there is not known, so the Pythons and their pip are taken as
            # there, and uv too unless astral's installer put it in ~/.local/bin and PATH does not name that (uv
            # 0.5+ installs there; ~/.cargo/bin was the place before)
            cur["have"].update({"pip", "pip3", "python", "python3"})
            if "uv" not in cur["offpath"] or re.search(r"\.local/bin|XDG_BIN_HOME|UV_INSTALL_DIR", ins["value"]) or (
                    cur.get("uv_old") and ".cargo/bin" in ins["value"]):
                cur["have"].add("uv")
        elif name in ("COPY", "ADD") and re.search(r"--from=\S*uv", " ".join(ins.get("flags") or [])):
            cur["have"].add("uv")  # COPY --from=ghcr.io/astral-sh/uv:latest /uv /uvx /bin/
        elif name == "RUN":
            if cur.get("offpath_only") and not re.search(r"\buv\b|astral|\.local/bin|\.cargo/bin", "\n".join(
                    [ins["value"], *lines[n - 1:last], *(b for _n, b, _f in ins.get("heredocs") or [])])):
                continue  # judged for uv alone: a RUN that names neither is not read again
            for body, first, end in scripts(ins, n, last):
                _run(cur, body, first, end, lines, out)
                if cur["opaque"]:
                    break
    return out


def _uv_from_its_dir(cur: dict, text: str) -> bool:
    """Text that takes uv from where the installer put it: ~/.local/bin (0.5 and later), ~/.cargo/bin only for an
    installer pinned before 0.5 (`ln -s /root/.cargo/bin/uv ...` after today's installer links nothing)."""
    return bool(re.search(r"\.cargo/bin" if cur.get("uv_old") else r"\.local/bin", text))


def _run(cur: dict, body: str, first: int, end: int, lines: list[str], out: list[dict]) -> None:
    """One RUN's script; uv put on PATH for this RUN alone (`export PATH=...`, uv's env file) is forgotten after it."""
    had = "uv" in cur["have"]
    cur["run_local_uv"] = False
    _run_commands(cur, body, first, end, lines, out)
    if cur.pop("run_local_uv") and not had:
        cur["have"].discard("uv")


def _uv_reached(cur: dict, words: list[str]) -> None:
    """A command that puts uv where later commands find it: moved or linked onto PATH from the installer's directory
    (the rest of the stage), or that directory put on this RUN's PATH (`export PATH=...`, `PATH=... uv sync`, uv's env
    file: the rest of this RUN)."""
    if "uv" not in cur["offpath"] or "uv" in cur["have"]:
        return
    n = next((i for i, w in enumerate(words) if not re.match(r"^[A-Za-z_]\w*=", w)), len(words))
    lead, rest = words[:n], words[n:]  # `PATH=... uv sync`: the assignments before the command
    head = rest[0].rsplit("/", 1)[-1] if rest else ""
    if head in ("mv", "cp", "ln", "install", "rsync") and any(_uv_from_its_dir(cur, w) for w in rest[1:]):
        cur["have"].add("uv")
    elif any(w.startswith("PATH=") and _uv_from_its_dir(cur, w) for w in (rest if head == "export" else lead)) or (
            head in ("source", ".") and len(rest) > 1 and re.search(
                r"\.cargo/env" if cur.get("uv_old") else r"\.local/bin/env", rest[1])):
        cur["have"].add("uv")
        cur["run_local_uv"] = True


def _run_commands(cur: dict, body: str, first: int, end: int, lines: list[str], out: list[dict]) -> None:
    guarded = bool(_GUARDED.search(body))
    told = _UV_TOLD_WHERE.search(body)
    if told:  # `| env UV_INSTALL_DIR=/usr/local/bin sh`
        cur["uv_dir"] = told.group(1).rstrip("/")
    since = first
    for words in commands(body):
        _uv_reached(cur, words)  # `&& mv /root/.local/bin/uv /usr/local/bin/`, `PATH=/root/.local/bin:$PATH uv sync`
        words = [w for w in words if not re.match(r"^[A-Za-z_]\w*=", w)] if words and "=" in words[0] else words
        if words and words[0] == "env":
            words = [w for w in words[1:] if not re.match(r"^[A-Za-z_]\w*=", w) and not w.startswith("-")]
        if not words:
            continue
        if words[0] == "sudo":
            since = _use(cur, "sudo", since, end, lines, out, guarded)
            words = [w for w in words[1:] if not w.startswith("-")]
            if not words:
                continue
        if words[0].startswith("$"):
            cur["opaque"] = True  # `$APT_INSTALL git-lfs`: a command held in a variable
            return
        head = words[0].rsplit("/", 1)[-1]
        if head in ("source", ".") and len(words) > 1 and re.search(r"\.local/bin/env|\.cargo/env", words[1]):
            continue  # uv's own env script puts ~/.local/bin on PATH
        if head in _OPAQUE or words[0].startswith(("./", "../", "~/")) or (
                head in ("bash", "sh", "dash", "ash") and len(words) > 1 and not words[1].startswith("-")):
            cur["opaque"] = True
            return
        verb = _INSTALLERS.get(head)
        if verb and verb in words:
            pkgs = [w for w in words[words.index(verb) + 1:] if not w.startswith("-")]
            if any(_MAY_PULL_ANYTHING.search(p) for p in pkgs):
                cur["opaque"] = True  # a package list from a variable, a local .deb, a meta-package of many
                return
            cur["installed"] = True
            for p in pkgs:
                cur["have"].update(provided_by(p))
            continue
        if head in ("pip", "pip3", "pipx", "uv") and "install" in words and "uv" in words[words.index("install"):]:
            cur["have"].add("uv")
        if (head.startswith("python") or head in ("curl", "wget")) and any("get-pip" in w or w == "ensurepip"
                                                                          for w in words):
            cur["have"].update({"pip", "pip3"})
        if head in ("curl", "wget") and any(_UV_INSTALLER.search(w) for w in words) and "uv" not in cur["have"]:
            if cur.get("uv_dir") in _DEFAULT_PATH:
                cur["have"].add("uv")
                continue
            cur["offpath"].add("uv")
            cur["uv_old"] = any(_UV_OLD.search(w) for w in words)
            cur["installer"] = next((i for i in range(since, min(end, len(lines)) + 1)
                                     if _UV_INSTALLER.search(lines[i - 1])), since)
        if "/" in words[0]:
            continue  # called by its path (`/opt/venv/bin/pip`): not looked up on PATH
        need = "gpg" if head == "apt-key" and any(w in ("add", "adv") for w in words[1:]) else head
        if need in ("python", "python3") and cur.get("installed"):
            continue  # many packages bring python3 along: judged only before any install
        since = _use(cur, need, since, end, lines, out, guarded)


def _use(cur: dict, program: str, since: int, end: int, lines: list[str], out: list[dict], guarded: bool) -> int:
    if program not in cur["missing"] or program in cur["have"] or program in cur["seen"] or guarded or (
            cur.get("offpath_only") and program not in cur["offpath"]):
        return since
    word = "apt-key" if program == "gpg" else program
    at = re.compile(rf"(?:^|[\s;&|(`]){re.escape(word)}(?=[\s;&|)`]|$)")
    line = next((i for i in range(since, min(end, len(lines)) + 1)
                 if at.search(lines[i - 1]) and not lines[i - 1].lstrip().startswith("#")), since)
    cur["seen"].add(program)
    out.append({"line": line, "program": program, "image": cur["image"], "offpath": program in cur["offpath"],
                **({"installed_at": cur.get("installer")} if program in cur["offpath"] else {})})
    return line
