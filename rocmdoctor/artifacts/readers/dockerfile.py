"""Dockerfiles as settings: the base image (FROM), ENV and ARG, what RUN installs with pip
and apt, groups it creates and the USER it switches to.

Instructions are split by BuildKit's own parser (moby/buildkit's `parser` package, wrapped by
the `dockerfile` package), so heredocs (``RUN <<EOF ... EOF``), line continuations, the
``escape`` parser directive and ``RUN --mount=...`` flags are read as ``docker build`` reads
them. Where that package cannot be imported, :func:`_split` follows the same grammar for
those constructs (tests/test_dockerfile_grammar.py holds the two to the same answers). Only the
last build stage's ENV is what the container runs with; earlier stages' values are kept as
BUILD values.
"""
from __future__ import annotations

import dataclasses
import os
import re
import shlex
from urllib.parse import unquote

from ...base.untrusted import pick
from ...knowledge import artifacts as ka
from ..settings import BUILD, CONTAINER, ENV, Artifact
from .shell import RELEVANT, commands, new_file, pip_program, pip_requirements, substitute
from .shell.builds import record_implicit_flags
from .shell.docker import record_image_build

DOCKERFILE = "dockerfile"
_INSTR = re.compile(r"^\s*([A-Za-z]+)\s+(.*)$", re.S)
# BuildKit's heredoc marker: <<EOF, <<-EOF (strip leading tabs), <<"EOF" / <<'EOF' (no expansion).
_HEREDOC = re.compile(r"<<(-?)([\"']?)([A-Za-z_][A-Za-z0-9_]*)\2")
_HEREDOC_INSTR = {"RUN", "COPY", "ADD"}
_EXEC_FORM = {"RUN", "CMD", "ENTRYPOINT", "SHELL", "HEALTHCHECK", "COPY", "ADD", "VOLUME"}
_SHELLS = {"sh", "bash", "dash", "ash", "zsh", "/bin/sh", "/bin/bash", "/usr/bin/env"}
# Every instruction BuildKit knows (any case); another first word stops the build: 'unknown instruction: PYTHON3'.
INSTRUCTIONS = frozenset({"FROM", "RUN", "CMD", "LABEL", "MAINTAINER", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT",
                          "VOLUME", "USER", "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL"})
# A template a generator fills in before docker build sees it (Jinja, Go templates, m4, @VAR@ substitution).
_TEMPLATE_NAME = re.compile(r"\.(?:j2|jinja2?|tmpl|tpl|template|in|m4|erb|mustache|hbs)$", re.I)
_TEMPLATE_TEXT = re.compile(r"^[ \t]*(?:\{[{%#]|%%|@[A-Z_]+@|m4_|include\()", re.M)


class DockerfileError(ValueError):
    """BuildKit would refuse the file (an unterminated heredoc, ...); str() says why."""


def instructions(text: str) -> list[dict]:
    """[{instruction, startline (0-based), endline, value, heredocs, json}]: ``value`` is the
    instruction's first logical line after its keyword and flags, ``heredocs`` the bodies it
    carries as [(name, body, first body line 0-based)]. Raises DockerfileError where BuildKit
    refuses the file."""
    text = _tight_heredocs(text)
    try:
        import dockerfile  # type: ignore
    except ImportError:
        return _split(text)
    try:
        parsed = dockerfile.parse_string(text)
    except dockerfile.GoParseError as exc:
        raise DockerfileError(str(exc)) from None
    out = []
    for c in parsed:
        if not isinstance(c.original, str):  # a file that ends in a lone `\`: the parser's last node has no text
            continue
        first = c.original.split("\n", 1)[0]
        rest = c.original.split("\n")[1:]
        value = " ".join(c.value) if not c.json else _json_text(c.value)
        if c.cmd.upper() in ("ENV", "ARG", "LABEL"):  # the raw text keeps quoting for _pairs
            raw = _INSTR.match(c.original)
            value = raw.group(2) if raw else value
        docs = _bodies(first, rest, c.start_line) if c.cmd.upper() in _HEREDOC_INSTR else []
        if docs:
            head = _INSTR.match(first)
            value = _strip_flags(head.group(2)) if head else value
        out.append({"instruction": c.cmd.upper(), "startline": c.start_line - 1, "endline": c.end_line - 1,
                    "value": value.strip(), "heredocs": docs, "json": bool(c.json), "flags": list(c.flags)})
    return out


# `RUN cat > start.sh << 'EOF'`: BuildKit reads a heredoc with blanks after `<<` since v0.22 (moby/buildkit#5817);
# older parsers (and the one the `dockerfile` package carries) end the RUN at that line. Not `<<<` (a here-string).
_SPACED_HEREDOC = re.compile(r"(?<!<)<<(-?)[ \t]+([\"']?)([A-Za-z_][A-Za-z0-9_]*)\2")
_HEREDOC_FIRST = re.compile(r"^\s*(?:ONBUILD\s+)?(?:RUN|COPY|ADD)\s", re.I)


def _tight_heredocs(text: str) -> str:
    """The text with `<< 'EOF'` written `<<'EOF'` on RUN/COPY/ADD lines whose terminator follows, so the
    parser reads the body as BuildKit does (line numbers unchanged)."""
    if "<<" not in text:
        return text
    lines = text.split("\n")
    last: dict[str, int] = {}  # a line's text -> where it last occurs (tabs stripped too, for <<-): linear time
    for i, ln in enumerate(lines):
        last[ln.rstrip("\r")] = i
        last["\t" + ln.lstrip("\t").rstrip("\r")] = i
    for i, line in enumerate(lines):
        if "<<" not in line or not _HEREDOC_FIRST.match(line):
            continue
        m = _SPACED_HEREDOC.search(line)
        if m is None:
            continue
        name, strip = m.group(3), m.group(1) == "-"
        if last.get(("\t" + name) if strip else name, -1) > i:
            lines[i] = _SPACED_HEREDOC.sub(lambda x: f"<<{x.group(1)}{x.group(2)}{x.group(3)}{x.group(2)}", line)
    return "\n".join(lines)


def _heredoc_bodies(lines: list[str]) -> set[int]:
    """1-based lines inside a heredoc's body, wherever the marker stands (a continued RUN may open one on a later line
    of its own: `RUN set -e; \\` then `cat > f << 'EOF'`; BuildKit 0.22+ reads the body so, older parsers split it
    into lines). Each body ends at the first line after its marker that is the terminator (EOF is reused by every
    heredoc of a file): one pass, with the places of each line text kept in order."""
    if not any("<<" in ln for ln in lines):
        return set()
    import bisect

    places: dict[str, list[int]] = {}
    for i, ln in enumerate(lines):
        places.setdefault(ln.strip(), []).append(i)
    out: set[int] = set()
    i = 0
    while i < len(lines):
        m = _SPACED_OR_TIGHT.search(lines[i]) if "<<" in lines[i] else None
        after = places.get(m.group(3), []) if m else []
        k = bisect.bisect_right(after, i)
        if k < len(after):
            end = after[k]
            out.update(range(i + 2, end + 2))  # the body and its terminator
            i = end
        i += 1
    return out


_SPACED_OR_TIGHT = re.compile(r"(?<!<)<<(-?)[ \t]*([\"']?)([A-Za-z_][A-Za-z0-9_]*)\2")


def _json_text(words) -> str:
    import json

    return json.dumps(list(words))


def _strip_flags(value: str) -> str:
    words = value.split(" ")
    while words and words[0].startswith("--"):
        words.pop(0)
    return " ".join(words)


def _bodies(first: str, rest: list[str], start_line: int) -> list[tuple[str, str, int]]:
    """The heredoc bodies announced on an instruction's first line, in order (BuildKit reads
    them one after the other from the following lines)."""
    out, i = [], 0
    for m in _HEREDOC.finditer(first):
        strip, name = m.group(1) == "-", m.group(3)
        body, begin = [], i
        while i < len(rest):
            line = rest[i].lstrip("\t") if strip else rest[i]
            i += 1
            if line == name:
                break
            body.append(line)
        out.append((name, "\n".join(body), start_line + begin))  # start_line is 1-based: +begin is the
    return out                                                    # 0-based index of the body's first line


_DIRECTIVE = re.compile(r"^#\s*([a-z]+)\s*=\s*(\S+)\s*$", re.I)


def _split(text: str) -> list[dict]:
    """The same instructions as BuildKit's parser gives, without it: parser directives (escape),
    comments, line continuations (comment lines inside one are dropped) and heredocs."""
    lines = text.splitlines()
    escape, i = "\\", 0
    while i < len(lines):  # directives: only at the very top, before any other line
        m = _DIRECTIVE.match(lines[i])
        if not m:
            break
        if m.group(1).lower() == "escape" and m.group(2) in ("\\", "`"):
            escape = m.group(2)
        i += 1
    out = []
    while i < len(lines):
        start, buf = i, lines[i]
        if not buf.strip() or buf.lstrip().startswith("#"):
            i += 1
            continue
        m0 = _INSTR.match(buf)
        keyword = m0.group(1).upper() if m0 else ""
        if keyword in _HEREDOC_INSTR and _HEREDOC.search(buf):
            docs = _bodies(buf, lines[i + 1:], start + 1)
            consumed = 0
            for m in _HEREDOC.finditer(buf):  # skip past every body and its terminator
                strip, name = m.group(1) == "-", m.group(3)
                while i + 1 + consumed < len(lines):
                    line = lines[i + 1 + consumed]
                    consumed += 1
                    if (line.lstrip("\t") if strip else line) == name:
                        break
                else:
                    raise DockerfileError("unterminated heredoc")
            text = _strip_flags(m0.group(2).strip()) if m0 else ""
            out.append({"instruction": keyword, "startline": start, "endline": i + consumed,
                        "value": text.strip(), "heredocs": docs, "json": False, "flags": []})
            i += consumed + 1
            continue
        while buf.rstrip().endswith(escape) and i + 1 < len(lines):
            i += 1
            nxt = lines[i]
            if nxt.lstrip().startswith("#"):  # comment lines inside a continuation are dropped
                continue
            if not nxt.strip():  # BuildKit skips empty lines inside a continuation too
                continue
            buf = buf.rstrip()[:-1] + " " + nxt.lstrip()
        m = _INSTR.match(buf)
        if m:
            value = m.group(2).strip()
            flags: list[str] = []
            if m.group(1).upper() in ("RUN", "COPY", "ADD", "FROM"):
                # leading --flags, however many blanks a continuation left between them (`--mount=a \` then
                # `    --mount=b cmd`), as BuildKit takes them
                lead = re.match(r"^((?:--\S+\s+)*)(.*)$", value, re.S)
                flags, value = (lead.group(1).split(), lead.group(2)) if lead else ([], value)
            is_json = False
            if value.startswith("[") and m.group(1).upper() in _EXEC_FORM:
                import json

                try:
                    arr = json.loads(value)
                except ValueError:
                    arr = None  # not JSON: BuildKit runs it as a shell command line
                if isinstance(arr, list):
                    if not all(isinstance(w, str) for w in arr):
                        raise DockerfileError("when using JSON array syntax, arrays must be comprised of "
                                              "strings only")
                    is_json = True
            out.append({"instruction": m.group(1).upper(), "startline": start, "endline": i,
                        "value": value, "heredocs": [], "json": is_json, "flags": flags})
        i += 1
    return out


def _pairs(value: str, legacy_ok: bool) -> list[tuple[str, str | None]]:
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


def read(path: str, text: str, args: dict[str, str] | None = None) -> Artifact:
    """``args``: the build args the files build it with (compose `build.args`, `--build-arg`): each replaces the
    default of its ARG, as docker build does."""
    if len(text) > MAX_DOCKERFILE_BYTES:
        art = Artifact(path, DOCKERFILE, "", data={"stages": [], "pip": [], "apt": [], "groups": [], "user": None})
        art.error = (f"{path}: {len(text) // 1024} KiB; larger than any Dockerfile "
                     f"({MAX_DOCKERFILE_BYTES // 1024} KiB at most)")
        return art
    art = Artifact(path, DOCKERFILE, text, data={"stages": [], "pip": [], "apt": [], "groups": [], "user": None})
    new_file()  # this file's own bashlex budget: read the same whatever the process read before
    try:
        parsed = instructions(text)
    except DockerfileError as exc:
        art.error = f"{path}: docker build would refuse this Dockerfile ({exc})"
        return art
    stage_env: list[tuple[str, str, int]] = []
    given_args: dict[str, str] = dict(args) if args else {}
    build_args: dict[str, str] = {}
    defaults: dict[str, str] = {}  # the ARG defaults alone: FROM is read with them (checks put in a build's args)
    stages: dict[str, str] = {}  # AS name -> the image that stage starts from
    env_of: dict[str, list[tuple[str, str, int]]] = {}  # AS name -> the ENV that stage ends with
    alias: str | None = None
    # the user each stage ends with (AS name -> (user, line, groups the image gives it)), and the current stage's:
    # a stage starts as its FROM stage's user, or as the user a known base image leaves (rocm/rocm-terminal)
    user_of: dict[str, tuple[str, int, tuple[str, ...]] | None] = {}
    cur_user: tuple[str, int, tuple[str, ...]] | None = None
    root_user: tuple[str, tuple[str, ...], str] | None = None
    lines = text.splitlines()
    # judged only where the file is a Dockerfile from its first instruction on (a fragment, prose with a FROM line,
    # or a template a generator fills in are not what BuildKit reads)
    templated = bool(_TEMPLATE_NAME.search(path) or _TEMPLATE_TEXT.search(text)) or not parsed or \
        parsed[0]["instruction"] not in ("FROM", "ARG")
    bodies = _heredoc_bodies(lines) if any(i["instruction"] not in INSTRUCTIONS for i in parsed) else set()
    for ins in parsed:
        name, value = ins["instruction"], ins["value"]
        n = ins["startline"] + 1
        last = ins["endline"] + 1
        if name not in INSTRUCTIONS and not templated and n not in bodies:
            art.data.setdefault("unknown_instructions", []).append(n)  # BuildKit stops here (RD-IMG-016)
        if name == "FROM":
            words = [w for w in value.split() if not w.startswith("--")]
            image = substitute(words[0], defaults).strip("\"'") if words else ""  # BuildKit unquotes it
            if alias:
                env_of[alias] = stage_env
                user_of[alias] = cur_user
            alias = words[2].lower() if len(words) >= 3 and words[1].lower() == "as" else None
            ref = stages.get(image.lower())  # FROM <earlier stage>: that stage's image, no new pull
            root_user = ka.image_user(ref or image)  # the user the stage chain's pulled image leaves, with its groups
            cur_user = user_of.get(image.lower()) if ref is not None else (root_user[0], n, root_user[1]) \
                if root_user else None
            # alias: the stage's AS name; deps: the stages it is built from (FROM, COPY --from), so
            # a check can tell the stages a build target needs; switch: `FROM ${ARG}` that picks
            # one of the earlier stages (the build chooses which with --build-arg)
            art.data["stages"].append({"image": ref or image, "line": n, "stage_ref": ref is not None,
                                       "alias": alias, "deps": [image.lower()] if ref is not None else [],
                                       "switch": ref is not None and bool(words) and "$" in words[0]})
            if words and "$" in words[0] and ref is None:
                # `FROM ${BASE_IMAGE}`: the image as written and the ARG defaults it used, so a check can put in
                # the values a compose build.args gives instead (the image that build really pulls)
                names = re.findall(r"\$\{?([A-Za-z_]\w*)", words[0])
                art.data["stages"][-1]["raw"] = words[0]
                art.data["stages"][-1]["arg_defaults"] = {k: defaults.get(k, "") for k in names}
            if alias:
                stages[alias] = ref or image
            if ref is not None:  # FROM <stage>: that stage's files come along
                art.data["stages"][-1]["inherits_copies"] = any(
                    x.get("copies") or x.get("inherits_copies") for x in art.data["stages"][:-1]
                    if x.get("alias") == image.lower())
            # a stage built FROM an earlier one starts with that stage's ENV (docker build's semantics)
            stage_env = list(env_of.get(image.lower(), [])) if ref is not None else []
            if ref is None:
                art.add(BUILD, "from", image, n)
        elif name in ("ENTRYPOINT", "CMD") and art.data["stages"]:
            # what the stage's image runs (the exec form's words joined; `exec`: that form, which takes no shell); a
            # later one replaces it (a HEALTHCHECK's CMD is its own instruction, not this)
            art.data["stages"][-1][name.lower()] = {
                "run": " ".join(_copy_words(value, True)) if ins.get("json") else value, "exec": bool(ins.get("json"))}
            # the shell form runs `/bin/sh -c VALUE` when the container starts: `VAR=x app` sets the app's
            # environment (HSA_OVERRIDE_GFX_VERSION=10.3.0 python3 main.py)
            art.data["stages"][-1].setdefault("start_env", [])
            for words in commands(value) if not ins.get("json") else ():
                while words and re.match(r"^[A-Za-z_]\w*=", words[0]):
                    key, _, assigned = words.pop(0).partition("=")
                    art.data["stages"][-1]["start_env"].append((key, substitute(assigned, build_args),
                                                                _find(lines, n, last, key + "=")))
        elif name in ("ENV", "ARG"):
            for k, v in _pairs(value, name == "ENV"):
                line = next((i for i in range(n, last + 1) if i <= len(lines) and re.search(
                    rf"(?<![\w]){re.escape(k)}\b", lines[i - 1])), n)
                if name == "ARG":
                    # `ARG NAME` in a stage (no default) takes the global ARG's default, as docker build does;
                    # a build arg given by the build replaces either
                    given = given_args.get(k)
                    defaults[k] = v if v is not None else defaults.get(k, "")
                    build_args[k] = given if given is not None else v if v is not None else build_args.get(k, "")
                    art.add(BUILD, f"arg:{k}", given if given is not None else v, line)
                else:
                    v = substitute(v or "", build_args)
                    stage_env.append((k, v, line))
                    art.add(BUILD, f"env:{k}", v, line)
                    if _PIP_COMMAND.match(v):  # TORCH_COMMAND='pip install torch ...': an app runs it later
                        reqs, opts = pip_requirements(shlex.split(v) if _quotes_ok(v) else v.split())
                        if reqs:
                            art.add(BUILD, "pip", {"requirements": reqs, "options": opts, "deferred": k}, line)
        elif name == "RUN":
            stage = art.data["stages"][-1] if art.data["stages"] else {}
            if re.search(r"--mount", " ".join(ins.get("flags") or [])) or "<<" in value or _BRINGS_FILES.search(value):
                # a RUN with files of its own (a mount, a clone, a download, a file it writes, another
                # directory): what its pip reads may come from there
                stage["copies"] = stage.get("copies", 0) + 1
            before = len(art.values)
            scripts = _scripts(ins, n, last)
            # what /bin/sh -c runs, as BuildKit joined it (continuations, comment lines dropped) and heredoc bodies
            art.data.setdefault("shell_runs", []).extend([f, e, b] for b, f, e in scripts)
            for body, first, end in scripts:
                if not (RELEVANT.search(body) or _EDITS_FILES.search(body) or ".whl" in body):
                    continue
                # RUN's shell sees the build args and the stage's ENV (ENV wins over an ARG of the same name)
                known = {**build_args, **{k: v for k, v, _ in stage_env}}
                shadowed = {k for k, _v, _l in stage_env}
                for part, when in _arg_branches(body, {k: x for k, x in build_args.items() if k not in shadowed}):
                    at = len(art.values)
                    since = first  # each command is found at or after the line of the one before it (three
                    # `pip install -r requirements-base.txt` of an if/elif/else are three lines, not the first thrice)
                    for words in commands(part):
                        done = len(art.values)
                        _run(art, [substitute(w, known) for w in words], since, end, lines)
                        set_at = {k: at for k, _v, at in stage_env}  # where each ENV was last set
                        record_implicit_flags(art, words, {k: v for k, v, _ in stage_env}, None,
                                              lambda name, set_at=set_at, here=n: set_at.get(name, here))
                        since = max([since] + [v.origin.line or since for v in art.values[done:]])
                    if when:  # what the branch installs, only where the build's args take it (Settings.values)
                        art.values[at:] = [dataclasses.replace(v, when=when) for v in art.values[at:]]
            _rocm_apt(art, substitute(value, {**build_args, **{k: v for k, v, _ in stage_env}}), n, last, lines, stage,
                      raw=value)
            _kernel_module(art, "\n".join(b for b, _f, _e in scripts), n, last, lines)
            _written_scripts(art, ins, value)
            for edit in _python_requirements_edits(ins):
                art.add(BUILD, "req_edit", edit, n)
            _stripped_kernels(art, value, n, last, lines)
            if not stage.get("copies") and not stage.get("inherits_copies"):
                for val in art.values[before:]:
                    files = pick(val.value, "options", "r", default=[]) if val.name == "pip" else []
                    for f in files:  # nothing of the build context is in the image yet
                        if isinstance(f, str) and not f.startswith(("/", "$", "http:", "https:", "~")):
                            art.add(BUILD, "uncopied_requirements", f, next(
                                (i for i in range(n, last + 1) if i <= len(lines) and f in lines[i - 1]),
                                val.origin.line))
        elif name in ("COPY", "ADD") and art.data["stages"]:
            m = re.search(r"--from=(\S+)", " ".join(ins.get("flags") or []))
            if m:
                art.data["stages"][-1]["deps"].append(substitute(m.group(1), build_args).lower())
            elif not ins.get("heredocs"):  # the context files it brings: `COPY backend/requirements.txt .`
                words = _copy_words(value, bool(ins.get("json")))
                if len(words) >= 2:
                    art.data.setdefault("copied", []).append([substitute(w, build_args) for w in words[:-1]][:20])
                if len(words) == 2 and not words[1].endswith(("/", ".")):  # `ADD requirements/torch.txt /tmp/r`
                    art.data.setdefault("copied_as", []).append([n, os.path.basename(words[1]),
                                                                substitute(words[0], build_args)])
            art.data["stages"][-1]["copies"] = art.data["stages"][-1].get("copies", 0) + 1
            deb = _INSTALLER_DEB.search(value)
            if deb:  # `COPY amdgpu-install_7.1.70100-1_all.deb /tmp/amdgpu-install.deb`: a later RUN installs it
                art.data["stages"][-1]["installer_deb"] = (".".join(str(int(x)) for x in deb.groups()), n)
        elif name == "USER":  # `USER $USERNAME` with `ARG USERNAME=user`: the user the build gives it
            art.data["user"] = substitute(value.split(":")[0].strip(), build_args)
            art.add(BUILD, "user", art.data["user"], n)
            # `USER rocm-user` again after `USER root`: the image's own user, with the groups its image gives it
            cur_user = (art.data["user"], n, root_user[1] if root_user and root_user[0] == art.data["user"] else ())
    if cur_user is not None and cur_user[2]:
        # the final stage runs as its base image's own user: that is the Dockerfile's user, with its groups
        if cur_user[0] != art.data["user"]:
            art.data["user"] = cur_user[0]
            art.add(BUILD, "user", cur_user[0], cur_user[1])
        art.add(BUILD, "user_groups", f"-G {','.join(cur_user[2])} {cur_user[0]}", cur_user[1])
    for k, v, line in stage_env:  # the final stage's environment is the container's
        art.add(ENV, k, v, line)
    for k, v, line in _start_script_env(art, parsed, build_args):
        art.add(ENV, k, v, line)  # what the script the container starts exports (a script the build wrote)
    for k, v, line in (art.data["stages"][-1].get("start_env") or []) if art.data["stages"] else []:
        art.add(ENV, k, v, line)  # what the final stage's shell-form ENTRYPOINT/CMD sets for its app
    if art.data["stages"]:
        art.add(CONTAINER, "image", art.data["stages"][-1]["image"], art.data["stages"][-1]["line"])
    _usage_builds(art, text)
    from .dockerfile_programs import missing_uses

    uses = missing_uses(parsed, lines, art.data["stages"], _scripts)  # RD-IMG-017
    if uses:
        art.data["missing_programs"] = uses
    from .dockerfile_shell import dash_runs

    runs = dash_runs(parsed, art.data["stages"])  # RD-LCH-005: what dash runs
    if runs:
        art.data["dash_runs"] = runs
    return art


# A Dockerfile's own usage comment, how its author builds it: `# Build:  docker build -f Dockerfile.worker-rocm -t
# frank-yomik-worker-rocm .` (akitaonrails/FrankYomik), `# docker build -t wyowhisper-rocm .`: the image of that name a
# compose file or script runs is this file's build.
_USAGE_BUILD = re.compile(r"^\s{0,8}#+\s{0,8}(?:[A-Za-z][\w ]{0,24}:\s{0,8})?(?:sudo\s+)?((?:docker|podman|buildah|nerdctl)"
                          r"\s+(?:buildx\s+|image\s+)?build\b[^\n]{0,400})$")


def _usage_builds(art: Artifact, text: str) -> None:
    """Record a usage comment's build as the shell reader records a script's (data["image_builds"]), when it builds
    this Dockerfile: no -f, or an -f of this file's name."""
    here = os.path.basename(art.path)
    for n, line in enumerate(text.splitlines()[:400], 1):
        m = _USAGE_BUILD.match(line)
        if m is None:
            continue
        try:
            words = shlex.split(m.group(1))
        except ValueError:
            continue
        before = len(art.data.get("image_builds") or [])
        record_image_build(art, words, n)
        builds = art.data.get("image_builds") or []
        if len(builds) > before and builds[-1].get("file") and os.path.basename(str(builds[-1]["file"])) != here:
            builds.pop()  # the comment builds another Dockerfile of the project


# An ENV value that is a pip command (A1111/Forge/SD.Next run $TORCH_COMMAND in their own venv).
_PIP_COMMAND = re.compile(r"^\s*(?:python[\d.]*\s+-m\s+)?pip[\d.]*\s+install\b")


def _quotes_ok(v: str) -> bool:
    try:
        shlex.split(v)
        return True
    except ValueError:
        return False


def named_and_shaped(name: str, text: str) -> bool:
    """A file named as a Dockerfile (Dockerfile.rocm, rocm.dockerfile, Containerfile) whose first
    instruction is FROM (or a global ARG before it): one, whatever shell text its heredocs hold
    (`export HSA_OVERRIDE_GFX_VERSION=...` written into an entrypoint is no launch script)."""
    if not (name.endswith(".dockerfile") or name.startswith(("dockerfile", "containerfile"))):
        return False
    for line in text[:65536].splitlines():
        word = line.strip().split(None, 1)[0].upper() if line.strip() else ""
        if not word or word.startswith("#"):
            continue
        return word in ("FROM", "ARG")
    return False


def unnamed_dockerfile(path: str) -> bool:
    """A file in a scanned folder whose name says nothing (no file extension: `rocm5.5-text-gen-webui`, built with
    `docker build -f`) but whose first instruction is FROM (or a global ARG) followed by more instructions:
    read as a Dockerfile. Only its first 4 KiB are looked at."""
    name = os.path.basename(path)
    ext = name.rpartition(".")[2] if "." in name else ""
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9]{0,5}", ext) or name.upper() in ("LICENSE", "README", "MAKEFILE", "AUTHORS", "NOTICE", "CHANGELOG"):
        return False
    from .shell import text_head

    head = text_head(path)
    if head is None:
        return False
    lines, cont = [], False
    for ln in head.splitlines():  # an instruction's continuation lines (`ENV A=1 \`) are not instructions of their own
        t = ln.strip()
        if t and not t.startswith("#") and not cont:
            lines.append(t)
        cont = t.endswith("\\") if t and not t.startswith("#") else cont
    words = [ln.split(None, 1)[0] for ln in lines]
    # written as Dockerfiles are (upper-case keywords), and the first line shaped as one: `FROM image [AS name]`
    return len(words) >= 2 and bool(_FIRST_LINE.match(lines[0])) and all(w in _DOCKERFILE_WORDS for w in words[1:3])


_FIRST_LINE = re.compile(r"^(?:FROM\s+(?:--\S+\s+)*[\w.\-/:@${}]+(?:\s+[Aa][Ss]\s+[\w.-]+)?|ARG\s+[A-Za-z_]\w*(?:=\S*)?)\s*$")


_DOCKERFILE_WORDS = {"FROM", "ARG", "RUN", "ENV", "COPY", "ADD", "WORKDIR", "USER", "SHELL", "LABEL", "EXPOSE",
                     "CMD", "ENTRYPOINT", "VOLUME", "HEALTHCHECK", "ONBUILD", "STOPSIGNAL", "MAINTAINER"}


# Commands that edit or remove a requirements file before pip reads it (RELEVANT, the shell reader's
# filter, looks for what sets values; these set none but change what pip installs).
_EDITS_FILES = re.compile(r"\b(?:sed|grep|rm)\b")
# Commands that put files in the image without COPY (or move to where files are), at a command's
# start (a line, or after ; && || | or `sudo`): `apt-get install wget` names a package, not a download.
# (the path before a command is path characters, bounded: `\S*/` rescanned a 50 KB run of `(((` at every `(`, 4 s)
_BRINGS_FILES = re.compile(r"(?:^|[;&|(]|\bthen|\bdo)\s*(?:sudo\s+(?:-\S+\s+)*)?(?:[\w.~${}+-]{0,120}/){0,12}(?:wget|curl|cd|pushd|tar|"
                           r"unzip|cp|mv|echo|cat|printf|tee|ln|rsync|gsutil|aws|huggingface-cli|git|pip\d*\s+download)"
                           r"\b", re.M)


# `if [ "$INSTALL_FLASHATTN" == "true" ]; then ...; [else ...;] fi` (LLaMA-Factory's Dockerfiles and their forks): a
# branch one build arg decides, not nested.
_ARG_IF = re.compile(r"\bif\s+\[\[?\s+[\"']?\$\{?(?P<var>[A-Za-z_]\w*)\}?[\"']?\s+(?P<op>==|=|!=)\s+[\"']?(?P<lit>[\w.+-]*)[\"']?"
                     r"\s+\]\]?\s*;?\s*then\b")
_IF_WORDS = re.compile(r"\b(if|elif|else|fi)\b")
MAX_BRANCHED_RUN = 16 * 1024  # a RUN longer than this is read whole


def _if_block(body: str, start: int) -> tuple[str, str | None, int] | None:
    """(then text, else text or None, end) of the `if` whose `then` ends at ``start``, nested `if ... fi` blocks
    inside its branches kept whole; None where it has an `elif` or never closes."""
    depth, other = 0, None
    for k in _IF_WORDS.finditer(body, start):
        word = k.group(1)
        if word == "if":
            depth += 1
        elif word == "fi" and depth:
            depth -= 1
        elif word == "fi":
            then_end = other[0] if other else k.start()
            return body[start:then_end], (body[other[1]:k.start()] if other else None), k.end()
        elif depth == 0 and word == "elif":
            return None
        elif depth == 0:
            other = (k.start(), k.end())
    return None


def _arg_branches(body: str, args: dict[str, str | None], depth: int = 0) -> list[tuple[str, tuple]]:
    """A RUN's text as (text, when) parts: the branches of an `if` on a build arg (``args``: the ARGs the stage
    knows and does not shadow with an ENV, with their values there) each with its condition (arg, operator,
    literal, else-branch, the arg's value at the RUN), the rest with (). An `if` with an `elif` is read whole; an
    `if` nested in a branch (`if [ -n "$HTTP_PROXY" ]` inside `if [ "$INSTALL_FLASHATTN" = "true" ]`) is part of it."""
    out: list[tuple[str, tuple]] = []
    rest: list[str] = []
    pos = 0
    scan = pos if "if" in body and "fi" in body and len(body) <= MAX_BRANCHED_RUN else len(body)
    while (m := _ARG_IF.search(body, scan)) is not None:
        block = _if_block(body, m.end())
        if block is None or m.group("var") not in args:
            scan = m.end()  # an `if` on something else: an arg's `if` inside it is still found
            continue
        then, other, end = block
        rest.append(body[pos:m.start()] + " true ")
        pos = scan = end
        key = (m.group("var"), m.group("op"), m.group("lit"))
        for text, is_else in ((then, False), (other, True)) if other is not None else ((then, False),):
            # an arg's `if` inside the branch decides its own branches (the innermost condition is the one kept)
            parts: list[tuple[str, tuple]] = _arg_branches(text, args, depth + 1) if depth < 3 else [(text, ())]
            out.append((parts[0][0], key + (is_else, args[m.group("var")])))
            out += parts[1:]
    return [("".join(rest) + body[pos:], ())] + out


def _scripts(ins: dict, n: int, last: int) -> list[tuple[str, int, int]]:
    """What a RUN instruction runs in its shell, as (text, first line, last line): the command
    line itself, or, for ``RUN <<EOF`` / ``RUN bash <<EOF``, each heredoc body (the shell reads
    it as a script). ``RUN python3 <<EOF`` feeds the body to Python: only the command is shell."""
    body = ins["value"]
    if ins.get("json") and body.startswith("["):
        try:
            from ...base import jsonlimits

            words = jsonlimits.loads(body)
            if isinstance(words, list) and all(isinstance(w, str) for w in words):
                body = " ".join(shlex.quote(w) for w in words)  # exec form: ["pip", "install", ...]
                return [(_shell_c(body) or body, n, last)]
        except ValueError:
            pass
    if not ins.get("heredocs"):
        return [(_shell_c(body) or body, n, last)]
    command = _HEREDOC.sub(" ", body).strip()
    head = command.split()[0] if command.split() else ""
    if command and head not in _SHELLS:
        return [(command, n, n)]
    out = []
    from .shell import logical_lines

    for _name, text, first0 in ins["heredocs"]:
        for a, b, line in logical_lines(text):
            out.append((line, first0 + a, first0 + b))
    return out


def _shell_c(body: str) -> str | None:
    """The script of `RUN /bin/bash -c '...'` (`sh -c`, `bash -lc`, the exec form's ["/bin/bash", "-c", "..."]):
    what the shell it starts runs, read as the RUN's own commands; None for anything else."""
    if "-" not in body or not re.match(r"\s*(?:/usr)?(?:/bin/)?(?:ba|da|z)?sh\s+(?:-\w+\s+)*-\w*c", body):
        return None
    try:
        words = shlex.split(body)
    except ValueError:
        return None
    i = 1
    while i < len(words) and words[i].startswith("-") and "c" not in words[i][1:]:
        i += 1
    return words[i + 1] if i + 2 == len(words) and words[i].startswith("-") else None


def _run(art: Artifact, words: list[str], first: int, last: int, lines: list[str]) -> None:
    from .shell import record_arch_flags, record_backend_flags
    from .shell.command import nccl_conf_settings, nccl_conf_target

    record_arch_flags(art, words, lambda pat: _find(lines, first, last, pat))
    record_backend_flags(art, words, lambda pat: _find(lines, first, last, pat))
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
    if head in ("echo", "printf") and nccl_conf_target(words):  # NCCL/RCCL read /etc/nccl.conf at every run
        for k, v in nccl_conf_settings(words):
            art.add(ENV, k, v, _find(lines, first, last, re.escape(k) + "="))
        return
    edit = _requirements_edit(head, words)
    if edit is not None:  # sed -i '/torch/d' requirements.txt, grep -v torch r.txt > s.txt, rm r.txt
        art.add(BUILD, "req_edit", edit, _find(lines, first, last, rf"\b{re.escape(words[0])}\b"))
        return
    if head in ("pip", "pip3") and words[1:3] in (["config", "set"], ["config", "unset"]) and len(words) >= 4:
        # `pip config set global.extra-index-url URL`: every later pip install in the image reads it
        key = words[3].split(".", 1)[-1]
        if key in ("index-url", "extra-index-url"):
            art.add(BUILD, "pip_config", {"key": key, "value": words[4] if words[2] == "set" and len(words) > 4
                                          else None}, _find(lines, first, last, r"\bconfig\b"))
        return
    if head in ("wget", "curl"):  # a wheel fetched by URL, installed from the local file by a later pip
        for w in words[1:]:
            if re.match(r"^https?://\S+\.whl$", w):
                art.data.setdefault("downloads", {})[unquote(w.rsplit("/", 1)[-1])] = w
        return
    reqs, opts = pip_requirements(words)
    got = art.data.get("downloads") or {}
    fetched = {r: got[os.path.basename(r)] for r in reqs if r.endswith(".whl") and os.path.basename(r) in got}
    if reqs or opts:
        # the line of this pip command: the one naming its first requirement, else the first pip line
        named = reqs[0] if reqs else next(iter(opts.get("r") or opts.get("requirement") or []), None)
        # (a `-r FILE` install is on the line naming FILE: a RUN's earlier `pip install --upgrade pip` is not it)
        by_file = r"(?:-r\s*|--requirement[=\s]+)[\"']?" + re.escape(str(named)) if named and not reqs else None
        line = (_at(lines, first, last, by_file) if by_file else None) or \
            (_find(lines, first, last, r"\binstall\b.*(?<![\w.-])" + re.escape(reqs[0]) + r"(?![\w.-])") if reqs
             else _find(lines, first, last, r"\b(?:pip3?|uv)\b"))  # (`-r ${REQ}`: the file as written is not found)
        art.data["pip"].append({"requirements": reqs, "options": opts, "line": line})
        art.add(BUILD, "pip", {"requirements": reqs, "options": {k: v for k, v in opts.items()},
                               "via": pip_program(words), **({"downloaded": fetched} if fetched else {})}, line)
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


# AMD's apt repository or amdgpu-install package of one ROCm release, and the distribution it is for
# (`https://repo.radeon.com/rocm/apt/7.2.3 noble main`, `amdgpu-install/5.7.1/ubuntu/focal/`).
_INSTALLS = re.compile(r"\b(?:apt(?:-get)?|dnf|microdnf|yum|zypper)\s+(?:-\S+\s+)*install\b|\bamdgpu-install\s+-|\bdpkg\s+-i\b")
# The installer package's own name says its ROCm release in its 5-digit field, also when the file was copied in
# (`dpkg -i /app/amdgpu-install_5.5.50500-1_all.deb`) or its folder is the driver's (amdgpu-install/22.20.3/ ...
# amdgpu-install_22.20.50203-1_all.deb is ROCm 5.2.3).
_INSTALLER_DEB = re.compile(r"amdgpu-install_[\d.]*?(\d)(\d\d)(\d\d)-\d+_all\.deb", re.I)
_THEROCK_TARBALL = re.compile(r"therock-dist-linux-[\w.-]*?-(\d+\.\d+(?:\.\d+)?(?:(?:a|rc|dev)\d*)?)\.tar\.gz", re.I)


# a line that writes one release's repository (`rocm/apt/7.2`, `rocm/rhel9/${ROCM_VER}`), not the key's (rocm/rocm.gpg.key)
_REPO_LINE = r"repo\.radeon\.com/(?:rocm/apt/|rocm/(?:rhel|el|centos|zyp|sles?)[\w.${}]*/|amdgpu-install/)"
# the release segment of a repository URL written with a build arg (`.../rocm/rhel9/${ROCM_VER}/main`)
_RELEASE_VAR = re.compile(r"repo\.radeon\.com/(?:amdgpu-install/|rocm/[^/\s]{1,40}/)\$\{?([A-Za-z_]\w*)")


def _rocm_apt(art: Artifact, body: str, first: int, last: int, lines: list[str], stage: dict | None = None,
              raw: str = "") -> None:
    """A RUN that installs ROCm from AMD's apt (or RPM) repository (or amdgpu-install) of one release: that
    release's user space is in the image, whatever its base (judged against the host like a tag). The
    repository written by one RUN (`printf "deb .../rocm/apt/7.2 noble main" | tee ...`) and installed from by a
    later one of the same stage counts the same, cited where the repository is written. A release a build arg
    fills in names that arg (``release_var``), so the finding cites the ARG line that sets it too."""
    m, deb = ka.ROCM_APT_REPO.search(body), _INSTALLER_DEB.search(body)
    var = _RELEASE_VAR.search(raw)
    named = {"release_var": var.group(1)} if var else {}
    pending = stage.pop("rocm_apt_source", None) if stage is not None and _INSTALLS.search(body) else None
    if (m or deb) and _INSTALLS.search(body):
        if stage:
            stage.pop("installer_deb", None)  # the copied installer is this one, cited here
        release = ".".join(str(int(x)) for x in deb.groups()) if deb else m.group(1) if m else ""
        line = _find(lines, first, last, _REPO_LINE + r"|amdgpu-install_")
        art.add(BUILD, "rocm_apt", {"release": release, "dist": ((m.group(2) or "").lower() or None) if m else None,
                                    **named}, line)
    elif m and stage is not None:
        stage["rocm_apt_source"] = ({"release": m.group(1), "dist": (m.group(2) or "").lower() or None, **named},
                                    _find(lines, first, last, _REPO_LINE))
    elif pending is not None:
        art.add(BUILD, "rocm_apt", pending[0], pending[1])
    elif (rock := _THEROCK_TARBALL.search(body)) and re.search(r"(?<![\w./-])(?:wget|curl|tar|aria2c)\s", body):
        # TheRock's ROCm as a tarball (`therock-dist-linux-gfx120X-all-7.12.0a20260205.tar.gz`): that release's user
        # space is unpacked into the image
        rock_var = re.search(r"therock-dist-linux-\S*?-\$\{?([A-Za-z_]\w*)\}?\.tar", raw)
        art.add(BUILD, "rocm_apt", {"release": rock.group(1), "dist": None,
                                    **({"release_var": rock_var.group(1)} if rock_var else {})},
                _find(lines, first, last, r"therock-dist-linux"))
    elif stage and stage.get("installer_deb") and _INSTALLS.search(body) and re.search(r"amdgpu-install", body):
        # the installer package copied in under another name (/tmp/amdgpu-install.deb), installed here: its
        # release is the copied file's, cited at the COPY line
        release, at = stage.pop("installer_deb")
        art.add(BUILD, "rocm_apt", {"release": release, "dist": None}, at)


# amdgpu-install builds the amdgpu kernel module (DKMS) unless told --no-dkms, and its `dkms` use case asks for it;
# `apt install amdgpu-dkms` does too (rock-dkms: its name before ROCm 5.0, and rocm-dkms, the meta package that
# pulled it in with the user space, in the old ROCm images' Dockerfiles).
_AMDGPU_INSTALL = re.compile(r"\bamdgpu-install(?P<args>(?:[ \t]+(?:[^&;|\s]{1,200}|\\\n)){1,40})")
_DKMS_PACKAGE = re.compile(r"\b(?:apt(?:-get)?|dnf|yum|zypper)[ \t]+(?:-\S{1,40}[ \t]+){0,10}install\b[^&;|\n]{0,1000}?"
                           r"\b(?P<pkg>amdgpu-dkms|rock-dkms|rocm-dkms)(?![\w-])")


def _kernel_module(art: Artifact, body: str, first: int, last: int, lines: list[str]) -> None:
    """A RUN that installs the amdgpu kernel module: a container runs on the host's driver and can load no
    module, and the image has no headers for the kernel that will run it (ROCm's Docker guide: --no-dkms)."""
    how = None
    for m in _AMDGPU_INSTALL.finditer(body):
        args = m.group("args").replace("\"", "").replace("'", "")
        if not args.lstrip().startswith("-") or "--uninstall" in args:
            continue  # the package's file name (amdgpu-install_6.2.60202-1_all.deb), or a removal
        uses = re.search(r"--usecase[= ]([\w,.${}-]+)", args)
        if "--no-dkms" not in args and (uses or "-y" in args or "--accept-eula" in args):
            how = "amdgpu-install" + (f" --usecase={uses.group(1)}" if uses else "") + " without --no-dkms"
        if uses and "dkms" in uses.group(1).split(","):
            how = f"amdgpu-install --usecase={uses.group(1)}"
    pkg = _DKMS_PACKAGE.search(body) if how is None else None
    if pkg:
        how = f"the {pkg.group('pkg')} package"
    if how:
        # the command's own line, not the line that downloads its package (amdgpu-install/6.2.2/... .deb)
        art.add(BUILD, "amdgpu_dkms", how, _find(lines, first, last, r"\bamdgpu-install[ \t]+-|\b(?:amdgpu|rock|rocm)-dkms(?![\w-])"))


# A RUN that deletes a ROCm math library's kernel files to slim the image: `find .../rocblas/library
# ! -name '*gfx1030*' -delete` keeps one target's; `rm -rf .../hipblaslt/library/*` keeps none.
_KERNEL_LIBS = r"(rocblas|hipblaslt|miopen|rocfft|hipsparselt)"
_FIND_STRIP = re.compile(r"\bfind\s+\S*/" + _KERNEL_LIBS + r"(?:/library)?/?\s((?:[^&;|]|\\\n)*?)"
                         r"(?:-delete\b|-exec\s+rm\b)", re.I)
_RM_ALL = re.compile(r"\brm\s+(?:-\w+\s+)*\S*/" + _KERNEL_LIBS + r"/library/\*", re.I)


def _stripped_kernels(art: Artifact, body: str, first: int, last: int, lines: list[str]) -> None:
    """Kernel files of a ROCm math library deleted by a RUN: the targets kept (none for rm -rf)."""
    for m in _FIND_STRIP.finditer(body):
        # `! -name '*gfx1100*'`, `-not -name '*gfx11*'` (a family: every gfx11 target's file, written `gfx11*`), and
        # a negated group `! \( -name '*gfx1100*' -o -name '*gfx1101*' \)`: every name in it is kept
        kept = re.findall(r"(?:!|-not)\s+\\?\(([^()]{0,2000}?)\\?\)", m.group(2)) + re.findall(
            r"(?:!|-not)\s+(-i?name\s+\S+)", m.group(2))
        keep = sorted({g.lower() + ("*" if star else "") for group in kept for g, star in re.findall(
            r"-i?name\s+['\"]?[^'\"\s]*?(gfx[0-9a-f]+)(\*?)", group, re.I)})
        if "! " in m.group(2) or "-not" in m.group(2):
            art.add(BUILD, "kernels_stripped", {"lib": m.group(1).lower(), "keep": keep},
                    _find(lines, first, last, r"\bfind\b.*" + m.group(1)))
    for m in _RM_ALL.finditer(body):
        art.add(BUILD, "kernels_stripped", {"lib": m.group(1).lower(), "keep": []},
                _find(lines, first, last, r"\brm\b.*" + m.group(1)))


_SED_DELETE = re.compile(r"^/(.+)/d$")
_SED_BLANK = re.compile(r"^s(.)(.+?)\1\1g?$")  # s/PATTERN// : the line's text is removed
# a package swapped for another in a copy (`s/onnxruntime-gpu.*/onnxruntime_migraphx/`): the pattern starts with the
# package's name, the replacement is empty or a bare name (`s/==/>=/g` rewrites versions: no line goes)
_SED_SWAP = re.compile(r"^s(.)\^?([A-Za-z][\w.-]*(?:(?!\1).)*?)\1([\w.-]*)\1g?$")


def _sed_deletes(scripts: list[str], replaced: re.Pattern) -> list[str]:
    """The line patterns sed scripts delete (`/RE/d`) or empty out (``replaced``); one script may hold several
    commands: `/torch/d;/flash-attn/d` (sed's `;` and newline separators)."""
    cmds = [c.strip() for x in scripts for c in re.split(r"[;\n]", x) if c.strip()]
    return [m.group(1) for m in map(_SED_DELETE.match, cmds) if m] + [m.group(2) for m in map(replaced.match, cmds) if m]


def _requirements_edit(head: str, words: list[str]) -> dict | None:
    """What a RUN command does to a requirements file before pip reads it: lines it deletes
    (``sed -i '/RE/d' F``, ``sed -i 's/RE//' F``, ``grep -v RE F > OUT``) or the file removed
    (``rm F``). The pip install that reads F (or OUT) then installs what is left."""
    def reqfile(w: str) -> bool:
        return w.endswith((".txt", ".in")) and not w.startswith("-")

    # another descriptor's redirect (`2>/dev/null`, `2> err.log`) is not the file the command reads or writes
    words = [w for i, w in enumerate(words) if not re.fullmatch(r"\d>>?(?:\S+)?", w)
             and not (i and re.fullmatch(r"\d>>?", words[i - 1]))]
    args = [w for w in words[1:] if not w.startswith("-")]
    to = words.index(">") if ">" in words else None  # `... F > OUT`: a new file, F left as it was
    out = words[to + 1] if to is not None and to + 1 < len(words) else None
    before = [w for w in words[1:to] if not w.startswith("-")] if to is not None else []
    if head == "sed" and any(w == "-i" or w.startswith("-i") for w in words[1:]):
        scripts = [words[i + 1] for i, w in enumerate(words[:-1]) if w == "-e"] or args[:1]
        files = [w for w in args if reqfile(w) and w not in scripts]
        pats = _sed_deletes(scripts, _SED_BLANK)
        if files and pats:
            return {"file": files[-1], "delete": "|".join(f"(?:{p})" for p in pats), "out": None}
    if head == "sed" and out and len(before) >= 2 and reqfile(before[-1]):
        # `sed 's/onnxruntime-gpu.*/onnxruntime_migraphx/' requirements.txt > /tmp/req-rocm.txt`: the copy pip reads
        # has those lines replaced (read as left out: what replaces them is the script's, not a requirement line)
        pats = _sed_deletes(before[:1], _SED_SWAP)
        if pats:
            return {"file": before[-1], "delete": "|".join(f"(?:{p})" for p in pats), "out": out}
    if head == "grep" and any(w.startswith("-") and "v" in w for w in words[1:]) and out \
            and len(before) >= 2 and reqfile(before[-1]):
        return {"file": before[-1], "delete": before[0], "out": out}
    if head == "rm":
        files = [w for w in args if reqfile(w)]
        if files:
            return {"file": files[-1], "removed": True, "out": None}
    return None


def _copy_words(value: str, is_json: bool) -> list[str]:
    """COPY/ADD's sources and destination, flags left out (exec form or shell words)."""
    if is_json and value.startswith("["):
        from ...base import jsonlimits

        try:
            words = jsonlimits.loads(value)
        except ValueError:
            return []
        return [w for w in words if isinstance(w, str)] if isinstance(words, list) else []
    return [w for w in _strip_flags(value).split() if not w.startswith("--")]


# A Python heredoc that rewrites a requirements file: the files it names, what it writes, the names it skips.
_PY_FILE = re.compile(r"""(?:Path|open)\(\s*(?:r|f)?['"]([^'"\s]{1,200}\.(?:txt|in))['"]\s*(,\s*['"][wa]|\)\s*\.write_text)?""")
_PY_WRITE = re.compile(r"""['"]([^'"\s]{1,200}\.(?:txt|in))['"]\s*\)\s*\.write_text|"""
                       r"""open\(\s*(?:r|f)?['"]([^'"\s]{1,200}\.(?:txt|in))['"]\s*,\s*['"][wa]""")
_PY_SKIP = re.compile(r"""\.startswith\(\s*\(?((?:\s*['"][\w.\-\[\]]{1,80}['"]\s*,?){1,20})\)?""")
_PY_INPUT = {"python", "python3", "/usr/bin/python3", "/usr/bin/python", "/usr/bin/env"}


_WRITES = re.compile(r"^\s*(?:cat|tee)\b[^<>|&;]*?>?\s*(/[\w./-]{1,200})")


def _written_scripts(art: Artifact, ins: dict, value: str) -> None:
    """`RUN cat > /workspace/start.sh <<'EOF'` (or `COPY <<EOF /usr/local/bin/x`): the file a heredoc body
    becomes, kept with its body and first line for the container's start script (_start_script_env)."""
    if not ins.get("heredocs"):
        return
    command = _HEREDOC.sub(" ", value).strip()
    if ins["instruction"] == "COPY":
        dest = command.split()[-1] if command.split() else ""
    else:
        m = _WRITES.match(command.replace(">>", ">"))
        dest = m.group(1) if m and (">" in command or command.startswith("tee")) else ""
    if dest.startswith("/") and len(ins["heredocs"]) == 1:
        _name, body, first0 = ins["heredocs"][0]
        art.data.setdefault("written", {})[dest] = (body[:200_000], first0 + 1)


_EXPORT = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(\S*)\s*(?:#.*)?$")


def _start_script_env(art: Artifact, parsed: list[dict], build_args: dict) -> list[tuple[str, str, int]]:
    """The top-level `export K=V` lines of a script the build wrote (_written_scripts) that the final
    stage's ENTRYPOINT/CMD runs: the container's processes start with them."""
    written = art.data.get("written") or {}
    if not written or not art.data["stages"]:
        return []
    start = art.data["stages"][-1]["line"] - 1
    runs: list[str] = []
    for ins in parsed:
        if ins["startline"] >= start and ins["instruction"] in ("ENTRYPOINT", "CMD"):
            words = _copy_words(ins["value"], bool(ins.get("json"))) if ins.get("json") else ins["value"].split()
            runs = [w for w in words if w in written] or runs  # a later CMD replaces an earlier one
    out = []
    for path in runs[:1]:
        body, first = written[path]
        depth = 0
        for i, line in enumerate(body.split("\n")[:5000]):
            code = line.strip()
            depth += len(re.findall(r"^(?:if|for|while|case)\b|\{\s*$", code)) - \
                len(re.findall(r"^(?:fi|done|esac)\b|^\}", code))
            m = _EXPORT.match(line)
            if m and depth <= 0:  # not inside an if/for/function: every start sets it
                out.append((m.group(1), substitute(m.group(2).strip("\"'"), build_args), first + i))
    return out


def _python_requirements_edits(ins: dict) -> list[dict]:
    """``RUN python3 - <<'PY'`` whose body reads a requirements file and writes a filtered copy (the lines
    that start with torch/torchaudio/numpy left out) for the pip install after it: a requirements edit
    like ``grep -v torch r.txt > s.txt``. The names come from the body's ``startswith(...)`` test."""
    if not ins.get("heredocs"):
        return []
    command = _HEREDOC.sub(" ", ins["value"]).split()
    if not command or not (command[0] in _PY_INPUT or re.fullmatch(r"(?:\S*/)?python3?(?:\.\d+)?", command[0])):
        return []
    out = []
    for _name, body, _first in ins["heredocs"]:
        files = [m.group(1) for m in _PY_FILE.finditer(body)]
        writes = {a or b for a, b in _PY_WRITE.findall(body)}
        reads = [f for f in files if f not in writes]
        skips = [w for m in _PY_SKIP.finditer(body) for w in re.findall(r"""['"]([^'"]+)['"]""", m.group(1))]
        if reads and skips and writes:
            delete = r"^\s*(?:" + "|".join(re.escape(w) for w in skips) + ")"
            target = sorted(writes)[0]
            out.append({"file": reads[0], "delete": delete, "out": None if target == reads[0] else target})
    return out


def _at(lines: list[str], first: int, last: int, pattern: str) -> int | None:
    """The first line from ``first`` to ``last`` that ``pattern`` finds, None if none does."""
    rx = re.compile(pattern)
    return next((i for i in range(first, min(last, len(lines)) + 1) if rx.search(lines[i - 1])), None)


def _find(lines: list[str], first: int, last: int, pattern: str) -> int:
    return _at(lines, first, last, pattern) or first
