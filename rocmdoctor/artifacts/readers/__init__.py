"""Artifact readers: the user's files, turned into the one settings model (rocmdoctor.artifacts.settings).

    settings = read_all(["train.sh", "docker/"], live_env=os.environ)

Each reader is a pure function from text to an :class:`~rocmdoctor.artifacts.settings.Artifact`,
tolerant of junk (a line it cannot read is skipped, a file it cannot read carries an
``error``). Kinds are recognised by content first and by name second, so ``run.txt``
holding a torchrun command line is read as a launch script and ``config.json`` holding
``zero_optimization`` as a DeepSpeed config.

A directory is searched (not recursively below :data:`MAX_DEPTH` levels, skipping hidden
and virtual-environment folders) for the files a training job is made of; files named
inside those (a YAML's ``deepspeed:`` JSON, ``llamafactory-cli train x.yaml``) are read
too when they exist, resolved against the naming file's folder (and the folders above it, up to
the one named), a Dockerfile's against its build context: never against the doctor's own working
directory, so a set gives the same findings wherever the scan runs.
"""
from __future__ import annotations

import copy
import dataclasses
import os
import re

from .. import configfiles as cf
from ..settings import Artifact, Settings, build_arg_line, iter_unique, launches
from . import devcontainer
from . import hostfile
from . import makefile
from . import apptainer, helm_values, kubernetes, tasks
from . import requirements
from . import shell
from . import training
from .dockerfile import unnamed_dockerfile
from .shell.script import unnamed_script
from ...knowledge.artifacts import CONTAINER_FILE as _CONTAINER_FILE
from .requirements import unnamed_requirements
from .pyproject import requirements_of as project_requirements
from .references import climb, in_context, resolve
from .setups import build_setups
from ...base.untrusted import pick

DOCKERFILE, COMPOSE = "dockerfile", "compose"
KINDS = (cf.DEEPSPEED, cf.LLAMAFACTORY, cf.HF, cf.ACCELERATE, training.MODEL_CONFIG, shell.SHELL, shell.SLURM, DOCKERFILE,
         COMPOSE, requirements.REQUIREMENTS, hostfile.HOSTFILE, devcontainer.DEVCONTAINER)
KIND_NAMES = dict(cf.KIND_NAMES, **{training.MODEL_CONFIG: "model config.json", shell.SHELL: "launch script",
                                    shell.SLURM: "Slurm batch script", DOCKERFILE: "Dockerfile", hostfile.HOSTFILE: "hostfile",
                                    COMPOSE: "compose file", requirements.REQUIREMENTS: "pip requirements file",
                                    devcontainer.DEVCONTAINER: "devcontainer.json"})
MAX_BYTES = cf.MAX_BYTES
MAX_FILES = 500
CACHE_BYTES = 64 * 1024 * 1024  # texts kept for the read cache, at most
MAX_DEPTH = 4
_SKIP_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".mypy_cache",
              "site-packages", ".eggs"}
# Folders that usually hold a build's output (CMake trees full of generated JSON): only the container files an
# author keeps there are read (build/Dockerfile.rocm64, build/Containerfile: two sets of fresh batches 22-23).
_OUTPUT_DIRS = {"build", "dist"}
# a template of a file, read as the file (job.yaml.j2, fsdp.yaml-template, values.yaml.tpl)
_TEMPLATE_ENDS = r"(?:\.j2|\.jinja2?|\.tpl|\.tmpl|[.-]template)"
_CANDIDATE = re.compile(r"(?i)(\.(sh|bash|slurm|sbatch|json|ya?ml)" + _TEMPLATE_ENDS + r"?$|^dockerfile|\.dockerfile$|^containerfile"
                        r"|\.def$|^(docker-)?compose|^(gnu)?makefile(?:\.(?!am$|in$)[\w-]{1,20})?$|\.mk$|requirements[\w.-]*\.(txt|in)$|constraints[\w.-]*\.txt$|^host_?file[\w.-]*$|^pyproject\.toml$)")


class ReadError(Exception):
    """A path the user named cannot be read at all; str() says why."""


def read_text(path: str) -> str:
    from ...machine.sources import read_capped  # refuses fifos and devices: no hang

    try:
        raw = read_capped(path, MAX_BYTES + 1)
    except OSError as exc:
        raise ReadError(f"{path}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None
    if len(raw) > MAX_BYTES:
        raise ReadError(f"{path}: larger than {MAX_BYTES // 1024 // 1024} MiB; not a training artifact")
    try:
        # a byte-order mark says the encoding, as pip reads requirements files (a requirements.txt that PowerShell's
        # `pip freeze > requirements.txt` wrote is UTF-16 with a BOM); else UTF-8
        if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
            return raw.decode("utf-16")
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ReadError(f"{path}: not UTF-8 text") from None


_TEMPLATE_SUFFIX = re.compile(r"(\.(?:ya?ml|json))" + _TEMPLATE_ENDS + "$")


def detect(path: str, text: str) -> str | None:
    """The artifact kind of a file, from its content (its name only breaks ties)."""
    name = _TEMPLATE_SUFFIX.sub(r"\1", os.path.basename(path).lower())  # a template is read as the file
    if devcontainer.looks_like(path):  # JSON with comments: by its name, before any JSON reader
        return devcontainer.DEVCONTAINER
    if requirements.looks_like(path, text):
        return requirements.REQUIREMENTS
    if name == "pyproject.toml":  # a uv project is an install of its own; any other pyproject is no launch file
        return requirements.UV_PROJECT if requirements.looks_like_uv_project(path, text) else None
    if makefile.looks_like(path):
        return makefile.MAKEFILE
    stripped = text.lstrip()
    if (stripped.startswith(("{", "[")) and not stripped.startswith(("{{", "{%"))) or name.endswith(".json"):
        return "json"  # (a Helm or Jinja template's first action is no JSON object)
    if name.endswith((".yaml", ".yml")):  # YAML names are reliable; a YAML's content is no shell
        if kubernetes.looks_like(text):
            return kubernetes.KUBERNETES
        if helm_values.looks_like(path, text):  # by its name: a values file's `services:` is the chart's, not compose's
            return "helm_values"
        if requirements.looks_like_conda_env(text):
            return "conda_env"
        if tasks.looks_like(name, text):  # a SkyPilot task or a dstack configuration: scripts the job runs
            return tasks.TASK
        return COMPOSE if re.search(r"(?m)^services\s*:", text) else "yaml"
    if apptainer.looks_like(text):  # `Bootstrap: docker` / `From: ...`: a header no other kind has
        return apptainer.APPTAINER
    from .dockerfile import named_and_shaped

    if named_and_shaped(name, text):  # before the shell test: a heredoc's `export X=` is no launch script
        return DOCKERFILE
    kind = shell.looks_like(text, name)
    if kind:
        return kind
    if hostfile.looks_like(name, text):
        return hostfile.HOSTFILE
    # [ \t], not \s, after ^: with \s each of 20,000 blank lines re-read all that followed it (15 s).
    if re.search(r"(?im)^[ \t]*FROM[ \t]+\S", text) and (
            re.search(r"(?im)^[ \t]*(RUN|ENV|CMD|ENTRYPOINT|WORKDIR|COPY|ARG)\s", text) or "dockerfile" in name):
        return DOCKERFILE
    if (name.endswith(".dockerfile") or name.startswith(("dockerfile", "containerfile"))) and re.search(
            r"(?im)^[ \t]*(RUN|ENV|ARG|COPY|ADD|USER|WORKDIR)[ \t]+\S", text):
        return DOCKERFILE  # a Dockerfile fragment (no FROM) that a build concatenates: named as one
    if re.search(r"(?m)^services\s*:", text):
        return COMPOSE
    if name.endswith((".yaml", ".yml")):
        return "yaml"
    return None


_CACHE: dict[tuple, Artifact] = {}  # (path, text) -> what was read: `scan` checks a file, then the scan reads it


def read_one(path: str, text: str | None = None) -> Artifact:
    """One file as an Artifact (``error`` set when it is none of the known kinds)."""
    if text is None:
        try:
            text = read_text(path)
        except ReadError as exc:
            return Artifact(path, "unknown", "", error=str(exc))
    env_path, env_text = _dotenv(path) if path.lower().endswith((".yml", ".yaml")) else ("", "")
    if devcontainer.looks_like(path):  # what it reads of another file keys the cache too: the Dockerfile's FROM
        env_text = devcontainer.base_of(path, text)
    key = (path, text, env_text)  # the text itself: a file rewritten within one mtime tick is read again
    if key not in _CACHE:
        if len(_CACHE) > 2 * MAX_FILES or sum(len(k[1]) for k in _CACHE) > CACHE_BYTES:
            _CACHE.clear()
        _CACHE[key] = _read_text(path, text, env_text, env_path)
    return copy.deepcopy(_CACHE[key])  # checks must not share mutable data between scans


def _dotenv(path: str) -> tuple[str, str]:
    """(path, text) of the ``.env`` beside a compose file (Compose reads it for ``${VAR}``), else of the template
    the project commits for it (DOTENV_TEMPLATES); ("", "") when there is neither."""
    here = os.path.dirname(path) or "."
    from ...knowledge.artifacts import DOTENV_TEMPLATES

    for name in (".env",) + DOTENV_TEMPLATES:
        env = os.path.join(here, name)
        if not os.path.isfile(env):
            continue
        try:
            return env, read_text(env)[:64 * 1024]
        except ReadError:
            return "", ""
    return "", ""


def _read_text(path: str, text: str, env_text: str = "", env_path: str = "") -> Artifact:
    kind = detect(path, text)
    if kind == devcontainer.DEVCONTAINER:
        return devcontainer.read(path, text, env_text)
    if kind in ("json", "yaml"):
        return training.read(path, text)
    if kind in (shell.SHELL, shell.SLURM):
        return shell.read(path, text, kind)
    if kind == makefile.MAKEFILE:
        return makefile.read(path, text)
    if kind == hostfile.HOSTFILE:
        return hostfile.read(path, text)
    if kind == apptainer.APPTAINER:
        return apptainer.read(path, text)
    if kind == tasks.TASK:
        return tasks.read(path, text)
    if kind == DOCKERFILE:
        from . import dockerfile

        return dockerfile.read(path, text)
    if kind == COMPOSE:
        from . import compose

        return compose.read(path, text, compose.dotenv(env_text) if env_text else None, (env_path, env_text))
    if kind == requirements.REQUIREMENTS:
        return requirements.read(path, text)
    if kind == kubernetes.KUBERNETES:
        return kubernetes.read(path, text)
    if kind == "helm_values":
        return helm_values.read(path, text)
    if kind == "conda_env":
        return requirements.read_conda_env(path, text)
    if kind == requirements.UV_PROJECT:
        return requirements.read_uv_project(path, text)
    return Artifact(path, "unknown", text, error=f"{path}: not a launch script, Dockerfile, compose file or "
                                                 "training config this linter knows")


def expand(paths: list[str]) -> list[str]:
    """Files named, and the candidate files inside directories named (sorted, bounded)."""
    out: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            base_depth = p.rstrip(os.sep).count(os.sep)
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and (not d.startswith(".") or d == ".devcontainer")
                                 and root.count(os.sep) - base_depth < MAX_DEPTH)
                output = any(part in _OUTPUT_DIRS for part in os.path.relpath(root, p).split(os.sep))
                for f in sorted(files):
                    if output and not _CONTAINER_FILE.search(f):
                        continue
                    if (not f.startswith(".") or f in (".devcontainer.json", ".dstack.yml", ".dstack.yaml")) and (
                            _CANDIDATE.search(f) or unnamed_dockerfile(os.path.join(root, f))
                            or unnamed_script(os.path.join(root, f)) or unnamed_requirements(os.path.join(root, f))):
                        out.append(os.path.join(root, f))
                        if len(out) >= MAX_FILES:
                            return out
        else:
            out.append(p)
    return out


def read_all(paths: list[str], live_env: dict[str, str] | None = None, *, model: str | None = None) -> Settings:
    """Read every path (directories searched), follow the files they name, and build the
    training setups. A file found in a directory that is none of the known kinds is listed in
    ``skipped`` with the reason (RD-CFG-001 names it); one of a known kind that cannot be read
    (a compose file that does not parse) is kept with its ``error``, as a file named explicitly is."""
    named = set(p for p in paths if not os.path.isdir(p))
    # the folders the user named (a file's own folder): references climb no higher than these
    roots = tuple(iter_unique(p if os.path.isdir(p) else os.path.dirname(p) or "." for p in paths))
    arts: list[Artifact] = []
    seen: dict[str, Artifact] = {}
    skipped: list[tuple[str, str]] = []
    for p in expand(paths):
        a = read_one(p)
        if p in named and a.kind == "unknown" and os.path.basename(p) == "pyproject.toml":
            from . import pyproject  # a project's pyproject named by itself: its dependencies are the install

            try:
                a = pyproject.read(p, read_text(p)) or a
            except ReadError:
                pass  # not text: RD-CFG-001 names it with read_one's reason
        if a.error and p not in named and a.kind == "unknown":
            skipped.append((p, a.error.split(": ", 1)[-1]))
            continue
        arts.append(a)
        seen[os.path.realpath(p)] = a
    # Follow references (a YAML's deepspeed JSON, llamafactory-cli's YAML), one level.
    for a in list(arts):
        for _what, ref in list(a.refs.items()) + [(k, v) for c in launches(a) for k, v in c["refs"].items()]:
            target = resolve(ref, a.path, climb(a, roots))
            if target and os.path.realpath(target) not in seen:
                b = read_one(target)
                if not b.error:
                    arts.append(b)
                    seen[os.path.realpath(target)] = b
    from . import compose

    compose.resolve_extends(arts)
    _read_with_build_args(arts, seen)  # before what later passes add to a Dockerfile (a `pip install .` project's deps)
    _uv_run_projects(arts, seen, skipped)
    _follow_requirements(arts, seen, roots)
    _standalone_projects(arts, seen, skipped)
    # A run's model_name_or_path that is a local checkpoint: its config.json (memory estimate).
    for a in list(arts):
        names = [v.value for v in a.values if v.name == "model_name_or_path" and isinstance(v.value, str)]
        for name in names:
            cfg = resolve(os.path.join(name, "config.json"), a.path, roots) if name.strip() else None
            if cfg and os.path.realpath(cfg) not in seen:
                b = read_one(cfg)
                if b.kind == training.MODEL_CONFIG:
                    b.refs["model_dir"] = name
                    arts.append(b)
                    seen[os.path.realpath(cfg)] = b
    if model:
        cfg = os.path.join(model, "config.json") if os.path.isdir(model) else model
        b = read_one(cfg)
        if b.kind != training.MODEL_CONFIG:
            b.error = b.error or f"{cfg}: not a model config.json (no hidden_size / num_hidden_layers)"
        b.refs["given"] = "--model"
        arts.append(b)
    settings = Settings(arts, live_env, skipped=skipped)
    settings.setups = build_setups(arts, seen, roots)
    return settings


def _read_with_build_args(arts: list[Artifact], seen: dict[str, Artifact]) -> None:
    """A Dockerfile the files build with build args (compose `build.args`, a script's `--build-arg`) is read with them
    (`args: {GPU_ARCH: gfx1151}` over `ARG GPU_ARCH=gfx1103`: the image is built for gfx1151). Only where every build
    of the file gives it, with the same value; Compose's `${GPU_ARCH:-gfx1103}` is its default where the files set no GPU_ARCH, and a value the files leave to
    the shell (`${GPU_ARCH}` with no default) leaves its ARG's default."""
    from . import dockerfile
    from .shell.expand import substitute
    from ..settings import built_file, image_builds, path_key

    builds = [b for b in image_builds(arts) if b.dockerfile]
    built = built_file(arts, builds)  # a set copied flat: `docker/Dockerfile.rocm` is the set's Dockerfile.rocm
    for i, a in enumerate(arts):
        if a.kind != DOCKERFILE or a.error:
            continue
        mine = [b for b in builds if built(b.dockerfile) == path_key(a.path)]
        values: dict[str, set[str]] = {}
        where: dict[str, list] = {}  # NAME -> [file, line] of the build that gives it (where the value is written)
        for b in mine:
            for k, v in b.args:
                values.setdefault(k, set()).add(substitute(v, {}))
                where.setdefault(k, [b.by, _given_at(arts, b, k)])
        # an arg every build of the file gives, with one value (a build that leaves it out uses the default)
        given = {k: next(iter(vs)) for k, vs in values.items() if len(vs) == 1 and "$" not in next(iter(vs))
                 and all(k in dict(b.args) for b in mine)}
        if given:
            arts[i] = dockerfile.read(a.path, a.text, args=given)
            arts[i].refs.update(a.refs)
            arts[i].data["args_given"] = {k: where[k] for k in given}
            seen.update({k: arts[i] for k, x in seen.items() if x is a})


def _standalone_projects(arts: list[Artifact], seen: dict[str, Artifact], skipped: list[tuple[str, str]]) -> None:
    """A pyproject.toml with dependencies that no `pip install .` of the files installs: the project's own install
    recipe (`pip install -e .`, `poetry install`), judged as a requirements file nothing installs (readers/pyproject.py)."""
    from . import pyproject

    installed = {os.path.dirname(os.path.realpath(str(v.value["project"]))) for a in arts for v in a.values
                 if isinstance(v.value, dict) and v.value.get("project")}  # `pip install -e .`: _project_installs
    for a in (a for a in arts if a.kind == DOCKERFILE):
        here = os.path.realpath(os.path.dirname(a.path))
        if any(re.match(r"^/[\w./-]{0,200}$", str(r).strip("'\"")) for v in a.values if v.name == "pip"
               and isinstance(v.value, dict) for r in v.value.get("requirements") or []):
            installed |= {here, os.path.dirname(here)}  # `COPY . /app`, `pip install -e /app`: the build context's
    # a requirements file beside it is the install its README names (`pip install -r requirements.txt`): one cause
    beside = {os.path.dirname(os.path.realpath(a.path)) for a in arts if a.kind == requirements.REQUIREMENTS}
    for p, why in list(skipped):
        where = os.path.dirname(os.path.realpath(p))
        if os.path.basename(p) != "pyproject.toml" or where in installed or where in beside:
            continue
        try:
            project = pyproject.read(p, read_text(p))
        except ReadError:
            continue
        if project is not None:
            arts.append(project)
            seen[os.path.realpath(p)] = project
            skipped.remove((p, why))


_UV_SYNC = re.compile(r"(?m)^[^#\n]*\buv\s+(?:sync|run)\b")


def _uv_run_projects(arts: list[Artifact], seen: dict[str, Artifact], skipped: list[tuple[str, str]]) -> None:
    """A pyproject.toml with no [tool.uv] table is still a uv project where a script or Dockerfile beside it runs
    `uv sync` / `uv run` (axeld5's setup_and_train.sh: `uv sync`, then `uv run torchrun ...`): uv installs its
    dependencies into the project's new environment, from PyPI unless the file names an index."""
    folders = {os.path.dirname(a.path) for a in arts if a.kind in ("shell", "slurm", DOCKERFILE) and a.text
               and _UV_SYNC.search(a.text)}
    for p, why in list(skipped):
        if os.path.basename(p) != "pyproject.toml" or os.path.dirname(p) not in folders:
            continue
        try:
            text = read_text(p)
        except ReadError:
            continue
        if not re.search(r"(?m)^\[project\]", text[:requirements.MAX_BYTES]):
            continue
        a = requirements.read_uv_project(p, text)
        arts.append(a)
        seen[os.path.realpath(p)] = a
        skipped.remove((p, why))


def _given_at(arts: list[Artifact], b, name: str) -> int:
    """The line of the build ``b`` (a compose service, a script's docker build) that gives the build arg ``name``."""
    from ...base.untrusted import pick_map

    by = next((a for a in arts if a.path == b.by), None)
    if by is None:
        return 0
    svc = pick_map(by.data, "services").get(b.service) if b.service else b.line
    return build_arg_line(by, svc, name) or 0


_GLOBAL_INDEX_OPTIONS = ("index-url", "i", "extra-index-url", "find-links", "f", "pre")


def _follow_requirements(arts: list[Artifact], seen: dict[str, Artifact], roots: tuple[str, ...] = ()) -> None:
    """``pip install -r FILE`` (a script, a Dockerfile RUN, a requirements file's own ``-r``):
    FILE is read when it exists (against the naming file's folder, see :func:`folders`; for a
    Dockerfile, in its build context, see :func:`in_context`), and the command's index and guard
    options apply to its lines and to the files it names in turn, as pip applies them. A few levels deep."""
    from ..settings import build_contexts, built_file, image_builds

    done: set = set()
    builds = image_builds(arts)  # once: the requirements files read below build no image
    built = built_file(arts, builds)

    def target_of(ref: str, a: Artifact, line: int | None = None) -> Artifact | None:
        if a.kind == DOCKERFILE:
            target = in_context(ref, a, build_contexts(builds, a.path, built), line)
        else:
            target = resolve(ref, a.path, climb(a, roots))
        if not target:
            return None
        b = seen.get(os.path.realpath(target))
        if b is None:
            try:  # named by -r: a requirements file whatever its name
                b = requirements.read(target, read_text(target))
            except ReadError:
                return None
            if b.error:
                return None
            arts.append(b)
            seen[os.path.realpath(target)] = b
        return b if b.kind == requirements.REQUIREMENTS else None

    def visit(b: Artifact, opts: dict, image: str | None, depth: int, by: tuple | None = None) -> None:
        if by is not None and isinstance(b.data, dict):  # the command that installs it: (file, line)
            if list(by) not in b.data.setdefault("installed_by", []):
                b.data["installed_by"].append(list(by))
        key = (b.path, repr(sorted(opts.items())), image)
        if key in done or depth > 4:
            return
        done.add(key)
        if opts:
            requirements.apply_command(b, opts)
        if image and isinstance(b.data, dict):  # installed while building an image: its torch counts
            b.data["image_build"] = image
        # an index option line of this file is global to pip's whole install: the files it names with -r
        # are read against that index too (`--extra-index-url .../rocm7.1` then `-r requirements.txt`)
        own = {k: list(x) for k, x in (pick(b.data, "file_options", default=None) or {}).items()
               if k in _GLOBAL_INDEX_OPTIONS and isinstance(x, list)}
        for k, ref in list(b.refs.items()):
            if k.startswith("r:"):
                child = target_of(ref, b)
                if child is not None:
                    if isinstance(child.data, dict) and b.path not in child.data.setdefault("included_by", []):
                        child.data["included_by"].append(b.path)
                    merged = {k2: list(x) for k2, x in opts.items()}
                    for k2, x in own.items():
                        merged.setdefault(k2, []).extend(v2 for v2 in x if v2 not in merged[k2])
                    visit(child, merged, image, depth + 1, by)

    for a in list(arts):
        if a.kind == requirements.REQUIREMENTS:
            visit(a, {}, None, 0)
            continue
        _project_installs(a, build_contexts(builds, a.path, built) if a.kind == DOCKERFILE else [])
        edits = [e for e in a.values if e.kind == "build" and e.name == "req_edit" and isinstance(e.value, dict)]
        for v in list(a.values):
            if v.kind == "build" and v.name == "pip" and isinstance(v.value, dict):
                opts = {k: x for k, x in (v.value.get("options") or {}).items() if k not in ("r", "requirement")}
                for ref in list(pick(v.value, "options", "r", default=[])) + \
                        list(pick(v.value, "options", "requirement", default=[])):
                    ref, delete = _as_edited(str(ref), [e for e in edits if (e.origin.line or 0) <= (v.origin.line or 0)])
                    if ref is None:
                        continue  # the build removed it before pip ran
                    b = target_of(ref, a, v.origin.line)
                    if b is not None:
                        if delete:
                            _drop_lines(b, delete)
                        visit(b, opts, a.path if a.kind == DOCKERFILE else None, 0, (a.path, v.origin.line or 0))


def _project_installs(a: Artifact, contexts: list[str] | None = None) -> None:
    """``pip install .[extras]`` / ``-e .`` in a script or Dockerfile installs the project's own
    dependencies (its pyproject.toml): recorded as one more pip install at the same line, marked with
    the pyproject it comes from, so the pip rules judge what it really pulls in."""
    for v in [v for v in a.values if v.kind == "build" and v.name == "pip" and isinstance(v.value, dict)]:
        for req in v.value.get("requirements") or []:
            found = requirements.local_project(str(req))
            if found is None:
                continue
            pyproject = None
            # next to the installing file; a Dockerfile's in its build context (compose, `docker build`), else its
            # folder or the one above; never the working directory, whose own pyproject is not the one the build copies
            for base in iter_unique(list(contexts or []) + [os.path.dirname(a.path), os.path.dirname(os.path.dirname(a.path))]) \
                    if a.kind == DOCKERFILE else (os.path.dirname(a.path),):
                cand = os.path.join(base, found[0], "pyproject.toml")
                pyproject = cand if os.path.isfile(cand) else None
                if pyproject:
                    break
            try:
                text = read_text(pyproject) if pyproject else ""
            except ReadError:
                text = ""
            deps = project_requirements(pyproject or "", text, found[1]) if text else []  # PEP 621's or Poetry's
            if deps:
                opts = {k: x for k, x in (v.value.get("options") or {}).items() if k not in ("e", "editable")}
                got = a.add("build", "pip", {"requirements": deps, "options": opts, "project": pyproject},
                            v.origin.line or 0)
                if v.when:  # installed in a RUN branch a build arg decides: so are its dependencies
                    a.values[-1] = dataclasses.replace(got, when=v.when)


def _as_edited(ref: str, edits: list) -> tuple[str | None, str | None]:
    """The requirements file a `pip install -r REF` really reads after the RUN commands before it:
    (the source file, a regex of the lines they deleted), or (None, None) if they removed it."""
    name, delete = os.path.basename(ref), []
    for e in reversed(edits):  # the last edit that produced this name first
        val = e.value
        if val.get("out") and os.path.basename(str(val["out"])) == name:
            delete.append(str(val["delete"]))
            ref, name = str(val["file"]), os.path.basename(str(val["file"]))
        elif not val.get("out") and os.path.basename(str(val.get("file"))) == name:  # (`grep -v .. F > OUT` leaves F)
            if val.get("removed"):
                return None, None
            delete.append(str(val["delete"]))
    return ref, "|".join(f"(?:{d})" for d in delete) or None


def _drop_lines(b: Artifact, pattern: str) -> None:
    """Leave out the requirement lines the build deletes before pip reads the file."""
    try:
        rx = re.compile(pattern)
    except re.error:
        return
    text = b.text.splitlines()
    b.values = [v for v in b.values if not (v.kind == "build" and v.name == "pip" and v.origin.line
                                            and v.origin.line <= len(text) and rx.search(text[v.origin.line - 1]))]


