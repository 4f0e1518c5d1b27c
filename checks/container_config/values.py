"""Compose files as compose reads them: a service written outside `services:` or a key written twice (RD-CTR-011), and
environment values whose quotes become part of the value (RD-CTR-012); the command a Dockerfile's image runs and whether a container's command only runs GPU tools."""
from __future__ import annotations

import re

from rocmdoctor.base.untrusted import pick, pick_list
from rocmdoctor.engine.check import check, ev, fail, ok, warn
from rocmdoctor.knowledge import artifacts as ka
from rocmdoctor.knowledge.compose_spec import SOURCES as COMPOSE_SPECS
from .services import AREA, command_of, services_of

COMPOSE_SPEC = "https://docs.docker.com/reference/compose-file/"
COMPOSE_ENV = "https://docs.docker.com/reference/compose-file/services/#environment"
OLLAMA_ENVCONFIG = "https://github.com/ollama/ollama/blob/main/envconfig/config.go"


@check("RD-CTR-011", area=AREA, title="Compose files keep every service under services: (the file compose accepts)",
       option="config", sources=[COMPOSE_SPEC])
def compose_grammar(settings):
    composes = settings.of_kind("compose")
    out = []
    for a in composes:
        for name in pick_list(a.data, "misplaced"):
            svc = a.data["services"].get(name) or {}
            o = a.origin(svc.get("line"))
            out.append(fail(f"{name}: a service written outside services: (at the top level of {a.path})",
                            "The Compose specification allows only version, services, networks, volumes, configs, "
                            "secrets, name, include and x-* keys at the top level; a service indented to column 0 "
                            "leaves `services:` empty, and `docker compose` refuses the file ('services must be a "
                            "mapping' or 'additional property ... not allowed'). Indent the service under services:.",
                            subject=f"{a.path}: {name}", evidence=[ev(o.label, o.text or f"{name}:")]))
        for key, line, first in pick_list(a.data, "duplicate_keys"):
            o = a.origin(line)
            out.append(fail(f"{key}: written twice in {a.path.rsplit('/', 1)[-1]} (lines {first} and {line})",
                            "A YAML mapping may name a key once; Compose's parser refuses the file ('mapping key "
                            f"\"{key.rsplit('.', 1)[-1]}\" already defined at line {first}'), so nothing in it starts. "
                            "Merge the two into one (two environment: lists become one list).",
                            subject=f"{a.path}: {key}", evidence=[ev(o.label, o.text or key)]))
    return out or ok(f"{len(composes)} compose file(s) keep their services under services: and name each key once"
                     if composes else "no compose file in the files")


@check("RD-CTR-016", area=AREA, title="Compose services use only the keys and value shapes the Compose specification "
       "allows", option="config", sources=list(COMPOSE_SPECS))
def compose_spec(settings):
    """`docker compose` validates the whole file against the specification's schema before it starts anything: a
    service key the schema lacks (`resources:` written beside `deploy:`, a v1 `net:`), a value of the wrong shape
    (`ipc:` as a list), a service name with a blank, or a volume whose container path is relative, and nothing in
    the file runs ("services.app additional properties 'resources' not allowed")."""
    composes = settings.of_kind("compose")
    out = []
    for a in composes:
        for p in pick_list(a.data, "spec_problems"):
            o = a.origin(p.get("line"))
            out.append(fail(f"{p['service']}: {p['what']}",
                            "docker compose refuses the file before any service starts (its schema check names "
                            f"services.{p['service']}" + (f".{p['key']}" if p["key"] else "") + "); "
                            "a volume's relative container path is refused when the container is created. "
                            "Write it as the specification has it.",
                            subject=f"{a.path}: {p['service']}", evidence=[ev(o.label, o.text or p["what"])]))
    return out or ok(f"{len(composes)} compose file(s) use only what the Compose specification allows"
                     if composes else "no compose file in the files")


# Programs that strip quotes from their variables themselves: Ollama's envconfig.Var trims ' and " from every
# OLLAMA_* setting it reads (not OLLAMA_LIBRARY_PATH, which the runner reads as a path list).
# The visible-device variables are judged with their quotes by RD-ENV-003 (`CUDA_VISIBLE_DEVICES=""` hides every
# GPU): one finding for one line.
def _trimmed_by_reader(name: str) -> bool:
    return (name.startswith("OLLAMA_") and name != "OLLAMA_LIBRARY_PATH") or name in ka.VISIBLE_VARS


@check("RD-CTR-012", area=AREA, title="Compose environment values carry no literal quotes", option="config",
       sources=[COMPOSE_ENV, OLLAMA_ENVCONFIG])
def compose_env_quotes(settings):
    out = []
    for a, name, svc in services_of(settings, gpu_only=True):
        if a.kind != "compose":
            continue  # a shell strips the quotes of `docker run -e K="v"`
        lo, hi = svc.get("line") or 1, svc.get("last") or 1 << 30
        quoted = [v for v in a.values if v.kind == "env" and v.origin.line and lo <= v.origin.line <= hi
                  and re.fullmatch(r"(['\"]).*\1", str(v.value), re.S) and len(str(v.value)) >= 2
                  and not _trimmed_by_reader(v.name)]
        if not quoted:
            continue
        out.append(warn(f"{name}: {', '.join(v.name for v in quoted[:4])}{' ...' if len(quoted) > 4 else ''} keep their "
                        "quotes as part of the value",
                        "In compose's list form (`- KEY=\"value\"`), and where YAML quotes a quoted string (`KEY: "
                        "\"'value'\"`), the quote characters reach the container: FLASH_ATTENTION_TRITON_AMD_ENABLE="
                        "\"TRUE\" is not TRUE, a path in quotes names no directory, a list's first item starts with a "
                        "quote. Write `- KEY=value` or `KEY: value`.", subject=f"{a.path}: {name}",
                        evidence=[v.evidence() for v in quoted]))
    return out or ok("no compose environment value carries literal quotes")


DOCKER_REFERENCE = "https://github.com/distribution/reference/blob/main/reference.go"
_PATH_COMPONENT = re.compile(r"[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*")
_DOMAIN = re.compile(r"(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*"
                     r"(?::\d+)?|\[[0-9a-fA-F:]+\](?::\d+)?")
_TAG = re.compile(r"[\w][\w.-]{0,127}")


def reference_error(image: str) -> str | None:
    """Why Docker refuses an image reference (the distribution/reference grammar), or None: repository path
    components are lower case (a registry host may not be); the first component is a registry only when it
    has a dot or a port or is localhost."""
    ref = image.strip()
    ref, _, digest = ref.partition("@")
    if digest and not re.fullmatch(r"[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[0-9a-fA-F]{32,}", digest):
        return "the digest is malformed"
    last = ref.rsplit("/", 1)[-1]
    if ":" in last:
        ref, _, tag = ref.rpartition(":")
        if not _TAG.fullmatch(tag):
            return f"the tag {tag!r} is not a valid tag"
    parts = ref.split("/")
    if len(parts) > 1 and ("." in parts[0] or ":" in parts[0] or parts[0] == "localhost"):
        if not _DOMAIN.fullmatch(parts[0]):
            return f"{parts[0]!r} is not a registry host"
        parts = parts[1:]
    bad = [p for p in parts if not _PATH_COMPONENT.fullmatch(p)]
    if bad:
        return (f"{bad[0]!r} is not a repository name (lower case letters, digits and . _ - only)"
                + ("; the first part is no registry host (no dot, no port), so it is read as a name" if bad[0] == parts[0]
                   and len(parts) > 1 else ""))
    return None


@check("RD-CTR-014", area=AREA, title="The images services run are references Docker accepts", option="config",
       sources=[DOCKER_REFERENCE])
def compose_image_reference(settings):
    out = []
    for a, name, svc in services_of(settings):
        image = svc.get("image")
        if not isinstance(image, str) or not image.strip() or "$" in image or "{" in image or (
                image.strip().startswith("<") and image.strip().endswith(">")):
            continue  # filled in when it runs (${IMAGE}, $REGISTRY/...), or by the reader (`<your image tag>`)
        why = reference_error(image)
        if why is None:
            continue
        o = a.origin(svc.get("line"))
        at = next((v.evidence() for v in a.values if v.kind == "container" and v.name in ("image", "built_image")
                   and str(v.value) == image), ev(o.label, o.text))
        out.append(fail(f"{name}: {image} is not an image reference Docker accepts ({why})",
                        "Docker stops before pulling or running ('invalid reference format: repository name must be "
                        "lowercase'). An upper-case first part is usually a CI variable written without its `$` "
                        "(CI_REGISTRY/...), which only the author's pipeline fills in: name the registry the image "
                        "is really pushed to.", subject=f"{a.path}: {name}", evidence=[at]))
    return out or ok("every image reference is one Docker accepts")


def image_command(dockerfile) -> tuple[dict, dict]:
    """(ENTRYPOINT, CMD) a Dockerfile's image runs, as the reader recorded them ({"run": the command, "exec": written in
    the exec form}; {} where none): the last stage that writes each (a HEALTHCHECK's `CMD` is no CMD)."""
    entry: dict = {}
    cmd: dict = {}
    for stage in pick(dockerfile.data, "stages", default=None) or []:
        if isinstance(stage, dict):
            entry, cmd = stage.get("entrypoint") or entry, stage.get("cmd") or cmd
    return entry, cmd


# Programs that only query or test the GPU: a command made of these (and echo, sleep, exit) starts no DataLoader.
_GPU_TOOLS = {"rocm-smi", "amd-smi", "rocminfo", "rvs", "clinfo", "hipinfo", "rocm-bandwidth-test"}
_BUILTINS = {"echo", "printf", "sleep", "exit", "true", "false"}


def tools_only(svc) -> str:
    """The GPU tools a container's command runs when that is all it runs (`sh -c "rocm-smi; rocminfo"`), else ""."""
    text = command_of(svc)
    heads = []
    for part in re.split(r"\n|;|&&|\|\||\|", text):
        words = [w for w in part.split() if w not in ("exec", "sudo")]
        while words[:2] in (["sh", "-c"], ["bash", "-c"], ["/bin/sh", "-c"], ["/bin/bash", "-c"]):
            words = words[2:]
        if words:
            heads.append(words[0].strip("\"'").rsplit("/", 1)[-1])
    tools = [h for h in heads if h in _GPU_TOOLS]
    return ", ".join(dict.fromkeys(tools)) if tools and all(h in _GPU_TOOLS | _BUILTINS for h in heads) else ""
