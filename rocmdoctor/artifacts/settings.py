"""The one settings model: what a training job will run with, and where each value was set.

Every artifact reader (rocmdoctor/artifacts/readers/: shell launch scripts, Slurm batch scripts,
Dockerfiles, compose files, DeepSpeed JSON, LLaMA-Factory YAML, HF TrainingArguments, a
model's config.json) turns a file into :class:`Value` records, each with the file and line
that set it. The live environment is one more source (origin ``environment``). The checks
judge the merged result exactly as they judge the live environment, so a rule is written
once: RD-ENV-001 reads ``HSA_OVERRIDE_GFX_VERSION`` from ``env`` whether it came from the
shell, a Dockerfile ``ENV`` line or a compose ``environment:`` entry, and its evidence names
``Dockerfile:42`` instead of ``environment``.

Kinds of value:
  env        environment variables (export, ENV, ARG, compose environment, #SBATCH --export)
  launcher   launcher arguments (torchrun --nproc_per_node, deepspeed --num_gpus, srun ...)
  train      training arguments (--bf16 True on a command line, bf16: true in a YAML ...)
  container  container options (devices, group_add, shm_size, ipc, runtime, image, deploy)
  build      what an image build installs (FROM, RUN pip install, RUN apt-get install)

Training arguments are grouped into :class:`Setup` s (one training run: a YAML or command
line, plus the DeepSpeed JSON it names), because a directory of example configs holds many
runs whose settings must not be merged. Environment and container settings are merged
across all files: a Dockerfile, its compose file and the launch script run as one job.
"""
from __future__ import annotations

import json
import os
import re
from typing import Any, Iterable

from ..base.records import dataclass, field

ENV, LAUNCHER, TRAIN, CONTAINER, BUILD = "env", "launcher", "train", "container", "build"
LIVE = "environment"
# Which files' environment applies later (and so wins): image < container < job < launch script.
ENV_PRECEDENCE = {"dockerfile": 0, "compose": 1, "devcontainer": 1, "slurm": 2, "shell": 3}


def scrub(text: str) -> str:
    """Evidence quoted from a user's file passes through the redaction layer, so a token in a
    launch script (HF_TOKEN=hf_..., a URL with a password) never reaches the output."""
    from ..base.redact import scrub_text

    return scrub_text(text)


@dataclass(frozen=True)
class Origin:
    """Where a value was set: a file and line (1-based), or the live environment."""

    path: str
    line: int | None = None
    text: str = ""  # the line as written, scrubbed

    @property
    def label(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path

    @property
    def live(self) -> bool:
        return self.path == LIVE


@dataclass(frozen=True)
class Value:
    kind: str
    name: str
    value: Any
    origin: Origin
    # Set for one pass of a loop that tries alternatives (`for c in "${configs[@]}"; do env "$c" cmd`):
    # each pass runs under it, but it is a probe, not a setting the job keeps.
    trial: bool = False
    # Set inside each task (`srun bash -c '...'`, single-quoted: expanded by the task's shell), not
    # once in the batch step.
    per_task: bool = False
    # Set inside a `case` arm: the arm's pattern (`*"Navi 2"*`), so that a check can tell a setting
    # the script makes only for some GPUs from one it always makes.
    guard: str = ""
    # Set for one command only (`A=B cmd`): that process's environment, not the job's.
    command: bool = False
    # Set in a Dockerfile RUN branch a build arg decides (`if [ "$INSTALL_FLASHATTN" == "true" ]; then ...`):
    # (arg, operator, literal, else-branch, the stage's ARG default or None); the value is there only where the
    # build's args take that branch.
    when: tuple = ()

    def evidence(self):
        from ..engine.check import ev

        shown = self.origin.text or f"{self.name}={_show(self.value)}"
        return ev(self.origin.label, scrub(shown))


def _show(v: Any) -> str:
    if isinstance(v, (dict, list)):
        return json.dumps(v)
    return str(v)


@dataclass
class Artifact:
    """One file read: its kind, text and the values it sets."""

    path: str
    kind: str  # see readers.KINDS
    text: str = field(repr=False, default="")
    values: list[Value] = field(default_factory=list)
    data: Any = None  # the parsed structure (a config's mapping, a Dockerfile's instructions ...)
    refs: dict[str, str] = field(default_factory=dict)  # what it names: {"deepspeed": path, "yaml": path}
    error: str | None = None  # why it could not be read (the file is then listed, not judged)

    def lines(self) -> list[str]:
        cached = self.__dict__.get("_lines")
        if cached is None or cached[0] is not self.text:
            cached = (self.text, self.text.splitlines())
            self.__dict__["_lines"] = cached
        return cached[1]

    def line_of(self, pattern: str, start: int = 0) -> int | None:
        """1-based number of the first line (from ``start``) matching a regex."""
        rx = re.compile(pattern)
        for i, line in enumerate(self.lines()[start:], start + 1):
            if rx.search(line):
                return i
        return None

    def origin(self, line: int | None) -> Origin:
        text = self.lines()[line - 1].strip() if line and line <= len(self.lines()) else ""
        return Origin(self.path, line, scrub(text[:240]))

    def add(self, kind: str, name: str, value: Any, line: int | None, text: str | None = None,
            trial: bool = False, per_task: bool = False, command: bool = False) -> Value:
        o = self.origin(line) if text is None else Origin(self.path, line, scrub(text[:240]))
        v = Value(kind, name, value, o, trial, per_task, command=command)
        self.values.append(v)
        return v


class EnvView(dict):
    """Environment variables (name -> value) that also know where each was set. A plain dict
    to every check that reads it; :func:`env_ev` turns an entry into evidence naming its file
    and line (or ``environment`` for the live environment)."""

    def __init__(self, values: dict[str, str] | None = None, origins: dict[str, Value] | None = None,
                 same: dict[str, list[Value]] | None = None):
        super().__init__(values or {})
        self.origins: dict[str, Value] = dict(origins or {})
        # Other places that set a variable to the value it ends up with (the host shell's export and
        # the `--env` of the container it starts): each is a line a fix must change.
        self.same: dict[str, list[Value]] = dict(same or {})

    @classmethod
    def live(cls, env: dict[str, str]) -> "EnvView":
        return cls(env, {})

    def origin(self, name: str) -> Origin:
        v = self.origins.get(name)
        return v.origin if v is not None else Origin(LIVE)

    def from_files(self) -> bool:
        return any(not v.origin.live for v in self.origins.values())


def launches(a) -> list[dict]:
    """The launch commands a script's reader recorded: shell and Slurm scripts only (another kind's data is the
    user's own document, where a key named `commands` is theirs: accelerate's config says `commands: null`)."""
    if a.kind not in ("shell", "slurm") or not isinstance(a.data, dict):
        return []
    return [c for c in a.data.get("commands") or [] if isinstance(c, dict) and isinstance(c.get("refs"), dict)]


def env_evs(env, name: str) -> list:
    """Evidence for every place that sets ``name`` to the value it ends up with, in the order they
    apply (the effective one last); one item for the live environment."""
    earlier = env.same.get(name, []) if isinstance(env, EnvView) and name in env.origins else []
    out = [v.evidence() for v in earlier] + [env_ev(env, name)]
    # a place read twice (a function's body where it is defined and where it is called) is cited once, at its
    # last turn (the effective place stays last)
    return [e for k, e in enumerate(out) if not any((e.source, e.text) == (x.source, x.text) for x in out[k + 1:])]



def once(settings, slot: str, make):
    """``make()``, worked out once per settings and kept on the settings object itself (never beyond its scan),
    made again when artifacts are added: the answers the rules ask of every value or service they judge. A
    stand-in settings with nothing to keep it on is asked each time."""
    arts = getattr(settings, "artifacts", None) or []
    store = getattr(settings, "__dict__", None)
    hit = store.get(slot) if isinstance(store, dict) else None
    if hit is not None and hit[0] == len(arts):
        return hit[1]
    value = make()
    if isinstance(store, dict):
        store[slot] = (len(arts), value)
    return value


def args_read(settings, path: str, line: int, text: str, nested: bool = True) -> list[Value]:
    """The `ARG NAME=default` lines of the Dockerfile ``path``, above ``line``, whose names the line's ``text`` reads
    (`FROM ${BASE_IMAGE}`, `ENV PYTORCH_ROCM_ARCH=${GPU_ARCH}`): where a value a finding judges is written. An ARG
    built from others (`ARG BASE=rocm/dev-ubuntu-22.04:${ROCM_VERSION}`) brings theirs too: the place to change it."""
    names = set(re.findall(r"\$\{?([A-Za-z_]\w*)", text or ""))
    if not names:
        return []
    found = [a for a in settings.values("build") if a.name.startswith("arg:") and a.name[4:] in names
             and a.origin.path == path and a.value and (a.origin.line or 0) < line][:2]
    for a in list(found) if nested else ():
        found += [b for b in args_read(settings, path, a.origin.line or 0, a.origin.text or "", False) if b not in found]
    return found


def artifact_at(settings, path: str | None) -> Artifact | None:
    """The artifact the files hold for ``path`` (None when none): one dict per settings, for the rules that ask
    this of every value they judge."""
    def make() -> dict[str, Artifact]:
        by: dict[str, Artifact] = {}
        for a in getattr(settings, "artifacts", None) or []:
            by.setdefault(a.path, a)  # the first, as next(...) over the list gave
        return by

    return once(settings, "_by_path", make).get(path) if path is not None else None


def path_key(path: str, base: str | None = None, cwd: str | None = None) -> str:
    """The one spelling of a file's path that comparisons use: ``path`` taken relative to the folder of the
    file ``base`` (where a compose `build:` or a script's `-f` names it), made absolute and normalised as
    text (`..`, `./`, doubled slashes). Never asks the disk: the files may be a snapshot's or under --root,
    whose paths name nothing (or something else) on this machine, and a comparison costs no syscall."""
    if base is not None:
        path = os.path.join(os.path.dirname(base), path)
    if not os.path.isabs(path):
        path = os.path.join(os.getcwd() if cwd is None else cwd, path)
    return os.path.normpath(path)


def names_file(text: str, path: str) -> bool:
    """``text`` names the file at ``path`` by its base name, as a whole word (`srun bash run.sh`, `source ./env.sh`;
    not `prerun.sh`): how one script of a set runs, sources or passes another."""
    return re.search(r"(?<![\w.-])" + re.escape(os.path.basename(path)) + r"(?![\w.-])", text or "") is not None


def artifact_named(settings, ref: str | None, base: str | None = None) -> Artifact | None:
    """The artifact of the set that ``ref`` names (see :func:`path_key`: relative to ``base``'s folder when
    given), or None when the set holds no such file. The recorded paths are keyed once per settings (rebuilt
    when artifacts are added), so the rules that resolve a reference per service or per value ask a dict."""
    if not isinstance(ref, str) or not ref:
        return None
    def make() -> tuple[str, dict[str, Artifact]]:
        cwd = os.getcwd()  # once, so that every key of one index is made against the same folder
        by: dict[str, Artifact] = {}
        for a in getattr(settings, "artifacts", None) or []:
            if isinstance(getattr(a, "path", None), str) and a.path:
                by.setdefault(path_key(a.path, cwd=cwd), a)  # the first, as artifact_at keeps
        return cwd, by

    cwd, by = once(settings, "_by_key", make)
    return by.get(path_key(ref, base, cwd=cwd))


def image_key(image: str) -> str:
    """The one spelling of an image reference that comparisons use: lower case, without Docker Hub's
    implied registry and `library/` namespace (or podman's `localhost/` for a local build), with the
    implied `:latest` written out and any digest left off."""
    name = str(image).strip().lower().split("@", 1)[0]
    for prefix in ("docker.io/library/", "index.docker.io/library/", "docker.io/", "index.docker.io/",
                   "library/", "localhost/"):
        if name.startswith(prefix):
            name = name[len(prefix):]
            break
    return name if ":" in name.rsplit("/", 1)[-1] else name + ":latest"


@dataclass(frozen=True)
class ImageBuild:
    """One build of an image from a Dockerfile: a compose service's `build:` (tagged with its `image:`)
    or a script's `docker build -t TAG [-f FILE] CONTEXT` (podman, buildah, nerdctl, buildx). Paths are
    spelled as the files' own paths are (the building file's folder joined with what it wrote; compare them
    with :func:`path_key`); ``tags`` are :func:`image_key` spellings."""

    dockerfile: str  # the Dockerfile as the build names it; "" where no file of the set can be it (a git URL
    # or `${VAR}` context, an absolute path): the build still makes its tags
    context: str  # the folder whose files COPY/ADD read
    tags: tuple[str, ...]
    by: str  # the compose file or script that builds it
    line: int | None = None
    service: str | None = None  # the compose service whose `build:` it is (None: a script's build)
    args: tuple[tuple[str, str], ...] = ()  # compose `build.args`, a script's --build-arg (they replace ARG defaults)
    passed: tuple[str, ...] = ()  # build args named with no value: the shell's, which the files do not know
    inherits: bool = False  # a compose build that names no context or dockerfile (an override's args only)

    @property
    def arg_map(self) -> dict[str, str]:
        return dict(self.args)


def build_arg_line(a, svc, name: str) -> int | None:
    """The line of the build arg ``name``: a compose service's (`NAME: value` or `- NAME=value`), or a script
    build's (`--build-arg NAME=value`, on the build's line or a continuation of it)."""
    lines = a.lines()
    if not isinstance(svc, dict):
        lo = svc if isinstance(svc, int) and svc > 0 else 1
        pat = re.compile(rf"--build-arg[=\s]+[\"']?{re.escape(name)}=")
        return next((i for i in range(lo, min(lo + 40, len(lines)) + 1) if pat.search(lines[i - 1])), lo)
    lo, hi = svc.get("line") or 1, min(svc.get("last") or len(lines), len(lines))
    pat = re.compile(rf"^\s*(?:-\s*)?[\"']?{re.escape(name)}[\"']?\s*[:=]")
    return next((i for i in range(lo, hi + 1) if pat.match(lines[i - 1])), None)


# `docker-compose.rocm.yml`, `compose.amd.yaml`: a variant named for AMD, layered last (`-f docker-compose.yml
# -f docker-compose.rocm.yml`). It may swap the image (`ollama/ollama:rocm`) and still complete the base's service.
AMD_LAYER = re.compile(r"^(?:docker-)?compose\.(?:[\w-]+\.)*[\w-]*(?:rocm|amd|hip|radeon)[\w-]*\.ya?ml$", re.I)


# Another vendor's word in a file's or service's name (drl-cuda, docker-compose.nvidia.yml, app_intel), or a CUDA
# release in PyTorch's wheel-tag form (a service `cu128`, `Dockerfile.cu126`).
NVIDIA_WORDS, OTHER_WORDS = r"nvidia|cuda|nv|cu(?=1\d{1,2}(?!\d))", "intel|xpu"
OTHER_VENDOR = re.compile(rf"(?:^|[-_.])(?:{NVIDIA_WORDS}|{OTHER_WORDS})(?:$|[-_.\d])", re.I)
# AMD's own words (drl-rocm, Dockerfile.amd, a TheRock build); `amd64` is an architecture, no vendor
AMD_WORDS = r"rocm|amd(?!64)|hip|radeon|therock"
AMD_NAMED = re.compile(rf"(?:^|[-_.])(?:{AMD_WORDS})(?:$|[-_.\d])", re.I)


def _layered(out: list[ImageBuild]) -> list[ImageBuild]:
    """An AMD-named compose layer that builds a service its folder's base file builds too is that build as an AMD
    machine makes it (`-f docker-compose.yml -f docker-compose.rocm.yml`): compose merges the layer's build.args
    over the base's (`TORCH_INDEX: .../rocm6.0` over `.../cu121`), the base's context and tags kept. One build."""
    layers = [b for b in out if b.service and AMD_LAYER.match(os.path.basename(b.by))]
    dropped: set[int] = set()
    for top in layers:
        # a layer that names no context or dockerfile builds what its base names (compose merges them); the plain
        # base first: a CUDA/NVIDIA-named sibling (docker-compose.cuda.yml) is the other vendor's variant
        bases = sorted((b for b in out if b is not top and b.service == top.service
                        and os.path.dirname(b.by) == os.path.dirname(top.by)
                        and not AMD_LAYER.match(os.path.basename(b.by))
                        and (top.inherits or b.dockerfile == top.dockerfile)),
                       key=lambda b: bool(OTHER_VENDOR.search(os.path.basename(b.by).rsplit(".", 1)[0])))
        if not bases:
            continue
        base = bases[0]
        # the base, and the other vendors' variants of it: on an AMD machine the AMD layer's build is the one made
        dropped.update(id(b) for b in bases if b is base
                       or OTHER_VENDOR.search(os.path.basename(b.by).rsplit(".", 1)[0]))
        merged = dict(base.args)
        merged.update(top.args)
        out[out.index(top)] = ImageBuild(base.dockerfile if top.inherits else top.dockerfile,
                                         base.context if top.inherits else top.context, top.tags or base.tags, top.by,
                                         top.line, top.service, tuple(merged.items()),
                                         tuple(dict.fromkeys(base.passed + top.passed)))
    return [b for b in out if id(b) not in dropped]


def image_builds(artifacts) -> list[ImageBuild]:
    """Every image build the files describe, with paths resolved as the builder resolves them: a compose
    build's context against the compose file's folder and its dockerfile against that context; a script's
    CONTEXT and `-f FILE` against the script's folder (the folder it is run from, as far as the files say;
    never the doctor's own working directory), its Dockerfile `CONTEXT/Dockerfile` when no -f is given."""
    from ..base.untrusted import pick, pick_map

    out: list[ImageBuild] = []
    for a in artifacts:
        if a.kind in ("compose", "devcontainer") and isinstance(a.data, dict) and isinstance(a.refs, dict):
            for name, svc in pick_map(a.data, "services").items():
                build = svc.get("build") if isinstance(svc, dict) else None
                if not build:
                    continue
                ref = a.refs.get(f"build:{name}")
                ctx = build if isinstance(build, str) else pick(build, "context") if isinstance(build, dict) else None
                image = svc.get("image")
                tags = (image_key(image),) if isinstance(image, str) and image and "$" not in image else ()
                known = ref if isinstance(ref, str) and ref else None
                out.append(ImageBuild(_beside(known, a.path) if known else "",
                                      _beside(ctx if isinstance(ctx, str) and ctx else ".", a.path) if known else "",
                                      tags, a.path, svc.get("line"), str(name), _build_args(build),
                                      _build_passed(build), isinstance(build, dict) and not build.get("context")
                                      and not build.get("dockerfile")))
        elif a.kind == "dockerfile" and isinstance(a.data, dict):
            # its own usage comment (`# docker build -t NAME .`): this file, built in its folder
            for b in a.data.get("image_builds") or []:
                raw = b.get("tags") if isinstance(b, dict) else None
                own = tuple(image_key(t) for t in (raw if isinstance(raw, list) else []) if isinstance(t, str) and t)
                if own:
                    out.append(ImageBuild(a.path, os.path.dirname(a.path) or ".", own, a.path, b.get("line")))
        elif a.kind in ("shell", "slurm") and isinstance(a.data, dict):
            for b in a.data.get("image_builds") or []:
                if not isinstance(b, dict):
                    continue
                given, named = b.get("context"), b.get("file")
                ctx = given if isinstance(given, str) and given and "://" not in given and given != "-" else "."
                file = named if isinstance(named, str) and named else os.path.join(ctx, "Dockerfile")
                raw = b.get("tags")
                given_tags: list = raw if isinstance(raw, list) else []
                raw_args = b.get("args")
                given_args: list = raw_args if isinstance(raw_args, list) else []
                out.append(ImageBuild(_beside(file, a.path), _beside(ctx, a.path),
                                      tuple(image_key(t) for t in given_tags if isinstance(t, str) and t),
                                      a.path, b.get("line"), args=tuple(
                                          (str(x[0]), str(x[1])) for x in given_args
                                          if isinstance(x, (list, tuple)) and len(x) == 2)))
    return _layered(out)


def branch_taken(settings, v: Value) -> bool:
    """Whether a build of ``v``'s Dockerfile takes the RUN branch ``v.when`` names: the build arg's value from each
    build that makes this Dockerfile (compose `build.args`, `docker build --build-arg`), else the Dockerfile's own
    `ARG` default; a value the files do not give (or one the shell fills in) may take it."""
    var, op, lit, other, default = v.when  # default: the ARG's value where the RUN is (its stage's), None if none
    mine = builds_of(settings, v.origin.path)
    if any(var in b.passed for b in mine):
        return True
    given = [dict(b.args).get(var) for b in mine]
    for val in [g if g is not None else default for g in given] or [default]:
        if val is None or "$" in val:
            return True
        if ((val == lit) == (op != "!=")) != other:
            return True
    return False


def _build_args(build) -> tuple[tuple[str, str], ...]:
    """A compose `build.args` (a mapping, or a list of `NAME=value`) as (name, value) pairs; a name given
    no value passes the shell's, which the files do not know, and is left out."""
    raw = build.get("args") if isinstance(build, dict) else None
    if isinstance(raw, dict):
        return tuple((str(k), str(v)) for k, v in raw.items() if v is not None)
    if isinstance(raw, list):
        return tuple((k, v) for k, _, v in (str(x).partition("=") for x in raw if "=" in str(x)))
    return ()


def _build_passed(build) -> tuple[str, ...]:
    """The names a compose `build.args` gives no value (`args: [INSTALL_XF]`, `INSTALL_XF:` with nothing): Compose
    passes the shell's value of each."""
    raw = build.get("args") if isinstance(build, dict) else None
    if isinstance(raw, dict):
        return tuple(str(k) for k, v in raw.items() if v is None)
    if isinstance(raw, list):
        return tuple(str(x) for x in raw if "=" not in str(x))
    return ()


def builds(settings) -> list[ImageBuild]:
    """:func:`image_builds` of the settings' files, worked out once per settings (again when artifacts are
    added): every rule that asks what the files build asks this."""
    return once(settings, "_builds", lambda: image_builds(getattr(settings, "artifacts", None) or []))


@dataclass(frozen=True)
class BuiltImages:
    """The images the files make themselves, so nobody pulls them: ``image in built`` for an image named
    anywhere (a FROM, a compose `image:`, a `docker run`). An image is built here when a build tags it
    (:func:`image_key` spelling), when it is another tag of a repository a build tags (the project's own
    repository: no registry serves its other versions to the public either), or when its last name part is
    that of a build tagged without a namespace (`docker build -t rocm-x` then `docker tag rocm-x me/rocm-x`)
    or of a Dockerfile named for its image (`rocm-x-base.Dockerfile` makes `ghcr.io/org/rocm-x-base:main`,
    which another Dockerfile starts FROM: the project's CI builds it from that file)."""

    keys: frozenset = frozenset()
    repos: frozenset = frozenset()
    names: frozenset = frozenset()  # bare names: builds tagged without a namespace, Dockerfiles' names

    def __contains__(self, image) -> bool:
        if not isinstance(image, str) or not image.strip():
            return False
        key = image_key(image)
        repo = key.rpartition(":")[0]
        return key in self.keys or repo in self.repos or repo.rsplit("/", 1)[-1] in self.names


_NAMED_FOR = re.compile(r"(?i)^dockerfile[.-]|[.-]dockerfile$")


def built_images(settings) -> BuiltImages:
    """What the files build (:class:`BuiltImages`), once per settings (again when artifacts are added)."""
    return once(settings, "_built_images", lambda: _built_images(settings))


def _built_images(settings) -> BuiltImages:
    arts = getattr(settings, "artifacts", None) or []
    keys = {t for b in builds(settings) for t in b.tags}
    repos = {k.rpartition(":")[0] for k in keys}
    names = {r for r in repos if "/" not in r}
    for d in arts:
        if getattr(d, "kind", None) == "dockerfile" and isinstance(d.path, str):
            stem = _NAMED_FOR.sub("", os.path.basename(d.path)).lower()
            # not the image it starts FROM itself (ollama.Dockerfile FROM ollama/ollama adds to Ollama's image)
            bases = {image_key(v.value).rpartition(":")[0].rsplit("/", 1)[-1] for v in d.values
                     if v.kind == BUILD and v.name == "from" and isinstance(v.value, str) and v.value}
            if stem and stem != "dockerfile" and stem not in bases:
                names.add(stem)
    return BuiltImages(frozenset(keys), frozenset(repos), frozenset(names))


def _beside(ref: str, base: str) -> str:
    return ref if os.path.isabs(ref) else os.path.normpath(os.path.join(os.path.dirname(base), ref))


def built_file(arts, made: list[ImageBuild] | None = None) -> Any:
    """A function from the Dockerfile path a build names to the :func:`path_key` of the file of ``arts`` it builds:
    the file at that path, else (a set copied flat, `docker/Dockerfile.rocm` beside a Dockerfile.rocm, as the
    corpus and bug reports hold them) the one Dockerfile of the set with that name, where no other missing path
    of the set's builds (``made``, else :func:`image_builds`) has that name too (`./services/a1111` and
    `./services/comfy` both build a `Dockerfile`: the one copied is not known to be either); "" when none is."""
    keys = {path_key(a.path) for a in arts if isinstance(getattr(a, "path", None), str) and a.path}
    by_name: dict[str, list[str]] = {}
    for a in arts:
        if getattr(a, "kind", None) == "dockerfile" and isinstance(a.path, str) and a.path:
            by_name.setdefault(os.path.basename(a.path).lower(), []).append(path_key(a.path))
    missing: dict[str, set[str]] = {}
    for b in image_builds(arts) if made is None else made:
        if b.dockerfile and path_key(b.dockerfile) not in keys:
            missing.setdefault(os.path.basename(b.dockerfile).lower(), set()).add(path_key(b.dockerfile))

    def key_of(dockerfile: str) -> str:
        if not dockerfile:
            return ""
        key = path_key(dockerfile)
        if key in keys:
            return key
        name = os.path.basename(dockerfile).lower()
        same = by_name.get(name, [])
        return same[0] if len(same) == 1 and len(missing.get(name, ())) <= 1 else ""
    return key_of


def build_contexts(builds: list[ImageBuild], dockerfile: str, built=path_key) -> list[str]:
    """The build contexts that ``builds`` (:func:`image_builds`) build ``dockerfile`` with (compose
    `build.context`, a script's `docker build` CONTEXT), each once; ``built``: :func:`built_file` of the set, so that
    a build naming the file by another folder of a set copied flat counts too."""
    key = path_key(dockerfile)
    return iter_unique(b.context for b in builds if b.dockerfile and built(b.dockerfile) == key)


def dockerfile_of_build(settings, build: ImageBuild) -> Artifact | None:
    """The Dockerfile of the set that ``build`` builds: the file at the path it names, else (a set copied flat,
    `-f docker/Dockerfile.rocm` beside a Dockerfile.rocm) the one Dockerfile of the set with that name."""
    key = once(settings, "_built_file", lambda: built_file(getattr(settings, "artifacts", None) or [],
                                                           builds(settings)))(build.dockerfile)
    found = artifact_named(settings, key) if key else None
    return found if found is not None and found.kind == "dockerfile" else None


def builds_of(settings, dockerfile) -> list[ImageBuild]:
    """The builds (:func:`builds`) that build ``dockerfile`` (an artifact of the set, or its path): those whose
    Dockerfile (:func:`dockerfile_of_build`) it is. Worked out once per settings for every Dockerfile."""
    def make() -> dict[int, list[ImageBuild]]:
        by: dict[int, list[ImageBuild]] = {}
        for b in builds(settings):
            d = dockerfile_of_build(settings, b)
            if d is not None:
                by.setdefault(id(d), []).append(b)
        return by

    d = artifact_named(settings, dockerfile) if isinstance(dockerfile, str) else dockerfile
    return list(once(settings, "_builds_of", make).get(id(d), ())) if d is not None else []


def built_from(settings, a, name: str, svc) -> list[Artifact] | None:
    """The one answer to "what is this service's image built from": the Dockerfile(s) of the set, for a
    compose service with `build:` (the file it names) and for a service or `docker run` whose `image:` is a
    tag the files build (a script's `docker build -t TAG`, another service's `build:` with `image: TAG`).
    None when nothing in the files builds its image (it is pulled, or built elsewhere); [] when its build
    names a Dockerfile the set does not hold."""
    ref = a.refs.get(f"build:{name}") if isinstance(getattr(a, "refs", None), dict) else None
    if isinstance(ref, str) and ref and isinstance(svc, dict) and svc.get("build"):
        # the build as compose makes it: an AMD layer's args-only build is its base's Dockerfile (:func:`_layered`)
        made = next((b for b in builds(settings) if b.service == name and b.by == a.path), None)
        named = dockerfile_of_build(settings, made or ImageBuild(_beside(ref, a.path), "", (), a.path))
        return [named] if named is not None else []
    image = svc.get("image") if isinstance(svc, dict) else None
    if not isinstance(image, str) or not image or "$" in image:
        return None
    def make() -> dict[str, list[Artifact]]:
        by: dict[str, list[Artifact]] = {}
        for b in builds(settings):
            d = dockerfile_of_build(settings, b)
            for t in b.tags:
                if d is not None and all(x is not d for x in by.setdefault(t, [])):
                    by[t].append(d)
        return by

    tagged = once(settings, "_built_tags", make)
    key = image_key(image)
    if key in tagged:
        return list(tagged[key])
    if ":" not in image.split("@", 1)[0].rsplit("/", 1)[-1]:
        # `docker run flowpoint/rocm_autotrain` beside `docker build --tag flowpoint/rocm_autotrain:0.0.1`: an
        # untagged name of a repository the files build is that build (no registry serves the project's own)
        repo = key.rpartition(":")[0]
        same = [d for t, ds in tagged.items() if t.rpartition(":")[0] == repo for d in ds]
        return iter_unique_objects(same) or None
    return None


def iter_unique_objects(items: list) -> list:
    out: list = []
    for i in items:
        if all(x is not i for x in out):
            out.append(i)
    return out


def env_ev(env, name: str):
    """Evidence for one environment variable: its file:line when a config set it."""
    from ..engine.check import ev

    value = env.get(name) if env else None
    if isinstance(env, EnvView) and name in env.origins:
        return env.origins[name].evidence()
    from ..base.redact import MARK, secret_name

    shown = MARK if value and secret_name(name) else value
    return ev(LIVE, f"{name}={shown}")


# ------------------------------------------------------------------ training setups

DTYPE_ARGS = ("bf16", "fp16", "pure_bf16")


@dataclass
class Setup:
    """One training run: its training arguments (from a YAML / JSON / command line, later
    sources overriding earlier ones) and the DeepSpeed config they name, if any."""

    path: str  # the file that defines the run (the YAML, the script)
    args: list[Value] = field(default_factory=list)  # TRAIN values, in order
    deepspeed: Artifact | None = None
    launcher: list[Value] = field(default_factory=list)
    kinds: dict[str, str] = field(default_factory=dict)  # path -> artifact kind, for every file of the run
    syntax: dict[str, str] = field(default_factory=dict)  # path -> "cli" | "yaml" | "json" | "deepspeed"
    framework: str | None = None  # "llamafactory" when the run is LLaMA-Factory's (its pins apply), else None
    line: int | None = None  # the launch command's line, when a script launches the run

    @property
    def label(self) -> str:
        """How findings name the run: the launch's file:line (two launches in one script are two
        runs), else the file that defines it."""
        return f"{self.path}:{self.line}" if self.line else self.path

    def arg(self, name: str) -> Value | None:
        """The effective value of a training argument (the last one set)."""
        hit = None
        for v in self.args:
            if v.name == name:
                hit = v
        return hit

    def arg_values(self, name: str) -> list[Value]:
        return [v for v in self.args if v.name == name]

    def ds(self, key: str) -> Any:
        d = self.deepspeed.data if self.deepspeed is not None else None
        return d.get(key) if isinstance(d, dict) else None

    def ds_value(self, key: str) -> Value | None:
        if self.deepspeed is None:
            return None
        for v in self.deepspeed.values:
            if v.name == key:
                return v
        return None

    @property
    def files(self) -> list[str]:
        out = []
        for p in [v.origin.path for v in self.args] + ([self.deepspeed.path] if self.deepspeed else []):
            if p not in out:
                out.append(p)
        return out or [self.path]


@dataclass
class Settings:
    """Every value from every file, in the order the files were given, plus the live
    environment; and the training setups found among them."""

    artifacts: list[Artifact] = field(default_factory=list)
    live_env: dict[str, str] | None = None
    setups: list[Setup] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, why) of files a directory held

    def values(self, kind: str | None = None, name: str | None = None) -> list[Value]:
        # Every check asks for a few kinds; an index (rebuilt when values are added) keeps the
        # 30-odd config rules from each walking every value of 50 files.
        size = sum(len(a.values) for a in self.artifacts)
        index = self.__dict__.get("_index")
        if index is None or index[0] != size:
            by: dict = {}
            for a in self.artifacts:
                for v in a.values:
                    if v.when and not branch_taken(self, v):
                        continue  # a RUN branch no build of this Dockerfile takes: nothing there is installed
                    by.setdefault((v.kind, v.name), []).append(v)
                    by.setdefault((v.kind, None), []).append(v)
            index = (size, by)
            self.__dict__["_index"] = index
        if kind is None:
            return [v for a in self.artifacts for v in a.values if name is None or v.name == name]
        return list(index[1].get((kind, name), ()))

    def get(self, kind: str, name: str) -> Value | None:
        vs = self.values(kind, name)
        return vs[-1] if vs else None

    def env(self) -> EnvView:
        """The live environment overlaid by every file's variables, in the order they apply to
        the job: an image's ENV, then compose `environment:` (it overrides the image), then
        Slurm's --export, then the launch script's exports; files of one kind in the order read."""
        merged = dict(self.live_env or {})
        origins: dict[str, Value] = {}
        same: dict[str, list[Value]] = {}
        for v in self.env_values():
            prev = origins.get(v.name)
            keep = same.get(v.name, []) + [prev] if prev is not None and str(prev.value) == str(v.value) else []
            merged[v.name] = str(v.value)
            origins[v.name] = v
            same[v.name] = [x for x in keep if not x.trial]
        return EnvView(merged, origins, {k: vs for k, vs in same.items() if vs})

    def env_values(self) -> list[Value]:
        """ENV values in the order they apply (see :meth:`env`); the last of a name wins."""
        rank = {a.path: ENV_PRECEDENCE.get(a.kind, len(ENV_PRECEDENCE)) for a in self.artifacts}
        vals = self.values(ENV)
        return sorted(vals, key=lambda v: rank.get(v.origin.path, len(ENV_PRECEDENCE)))  # stable: file order kept

    def model_for(self, setup: Setup) -> tuple[str, dict] | None:
        """(path, config.json mapping) of the model a run trains: --model, else the config.json
        of its model_name_or_path (a local checkpoint), else the one model config among the files."""
        models = [a for a in self.artifacts if a.kind == "model_config" and isinstance(a.data, dict)]
        forced = [a for a in models if a.refs.get("given") == "--model"]
        if forced:
            return forced[0].path, forced[0].data
        v = setup.arg("model_name_or_path")
        if v is not None:
            for a in models:
                if a.refs.get("model_dir") and a.refs["model_dir"] == str(v.value):
                    return a.path, a.data
        return (models[0].path, models[0].data) if len(models) == 1 else None

    def of_kind(self, *kinds: str) -> list[Artifact]:
        return [a for a in self.artifacts if a.kind in kinds]

    def readable(self) -> list[Artifact]:
        return [a for a in self.artifacts if a.error is None]

    @property
    def paths(self) -> list[str]:
        return [a.path for a in self.artifacts]

    def disagreements(self, kind: str) -> dict[str, list[Value]]:
        """Names set to different values in different files (same-file repeats are the
        file's own business): name -> every value, in order."""
        by: dict[str, list[Value]] = {}
        for v in (self.env_values() if kind == ENV else self.values(kind)):
            by.setdefault(v.name, []).append(v)
        return {n: vs for n, vs in by.items()
                if len({_show(v.value) for v in vs}) > 1 and len({v.origin.path for v in vs}) > 1}


def truthy(v: Any) -> bool | None:
    """HF/LLaMA-Factory boolean arguments as written: True/"true"/"1"/"yes"; None for "auto"."""
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return bool(v)
    if isinstance(v, str):
        low = v.strip().lower()
        if low == "auto":
            return None
        return low in ("true", "1", "yes", "y", "on")
    return bool(v)


def iter_unique(items: Iterable[str]) -> list[str]:
    out: list[str] = []
    for i in items:
        if i not in out:
            out.append(i)
    return out


_ONE_ASSIGNMENT = re.compile(r"^\s*(?:export\s+|ENV\s+|-\s*['\"]?)?([A-Za-z_][A-Za-z0-9_]*)\s*(?:=|:\s|\s+(?=\S))")


def _only_the_assignment(body: str) -> bool:
    """The shell words of ``body`` (after `export `, a Dockerfile's `ENV ` or a list's `- `) are one assignment and
    nothing else."""
    import shlex

    rest = re.sub(r"^\s*(?:export\s+|ENV\s+|-\s*)", "", body).strip()
    try:
        lex = shlex.shlex(rest, posix=True, punctuation_chars=True)
        lex.whitespace_split = True
        return len(list(lex)) == 1
    except ValueError:
        return False


def removal_edit(v: Value) -> dict | None:
    """A config_edits operation deleting the line that sets ``v``, when that line sets only
    it (``export X=1``, ``ENV X=1``, ``- X=1``, ``X: 1``); None when the line holds more."""
    if v.origin.live or not v.origin.line:
        return None
    text = v.origin.text
    m = _ONE_ASSIGNMENT.match(text)
    if not m or m.group(1) != v.name:
        return None
    body = text.split("#")[0]
    if len(re.findall(r"(?<![\w$])[A-Za-z_][A-Za-z0-9_]*=", body)) > 1 or text.rstrip().endswith("\\"):
        return None
    if ("=" in m.group(0) or body.lstrip().startswith("export")) and not _only_the_assignment(body):
        return None  # `NCCL_DEBUG=INFO torchrun ...`, `X=1; cd /data`, `export X Y`: the line does more
    return {"path": v.origin.path, "syntax": "lines",
            "ops": [{"op": "replace_line", "line": v.origin.line, "text": None, "expect": v.name}]}


def env_removals(env, names) -> list[dict]:
    """Line deletions for the variables ``names`` where the files set them (an EnvView knows)."""
    out = []
    for n in names:
        v = env.origins.get(n) if isinstance(env, EnvView) else None
        e = removal_edit(v) if v is not None else None
        if e is not None:
            out.append(e)
    return out
