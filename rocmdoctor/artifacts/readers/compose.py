"""docker-compose / compose.yaml files as settings: per service, the image, devices,
group_add, shm_size, ipc, environment, runtime, privileged, network_mode and the
deploy.resources.reservations.devices entries (the NVIDIA-only GPU syntax).

Read with PyYAML (a real YAML parser: anchors, flow lists, both ``environment:`` forms); the
line of each value comes from the parser's node marks.
"""
from __future__ import annotations

import os
import re

from rocmdoctor.base.untrusted import pick
from ..settings import CONTAINER, ENV, Artifact, Origin, Value, path_key, scrub
from . import container_script
from .container_script import node_at

COMPOSE = "compose"
KEYS = ("image", "devices", "group_add", "shm_size", "ipc", "runtime", "privileged", "network_mode", "deploy",
        "ulimits", "cap_add", "security_opt", "user", "build", "extends", "profiles",
        "gpus")  # the Compose spec's service-level `gpus: all` (a device reservation for NVIDIA's runtime)


# Top-level keys of the Compose specification; any other key (but x-* extensions) makes compose refuse the file.
TOP_KEYS = {"version", "services", "networks", "volumes", "configs", "secrets", "name", "include", "models"}
_SERVICE_KEYS = {"image", "build", "command", "entrypoint", "environment", "devices", "ports", "volumes", "deploy",
                 "container_name", "restart", "group_add", "ipc", "shm_size", "runtime", "env_file", "depends_on"}


def misplaced_services(doc) -> list[str]:
    """Top-level keys that are services written at the wrong indentation (`services:` then the service at
    column 0): mappings of service options outside `services:`, where the Compose spec allows none."""
    if not isinstance(doc, dict):
        return []
    return [str(k) for k, v in doc.items() if str(k) not in TOP_KEYS and not str(k).startswith("x-")
            and isinstance(v, dict) and set(map(str, v)) & _SERVICE_KEYS and len(set(map(str, v)) & _SERVICE_KEYS) >= 2]


def _marks(root, stray: tuple = ()) -> dict[tuple, int]:
    """1-based line of every key and list item under ``services:``, from the YAML parser's own
    node marks (a regex over the text cites the wrong line when a key repeats, e.g. shm_size
    under build.args and under the service)."""
    import yaml  # type: ignore

    out: dict[tuple, int] = {}

    def walk(node, path: tuple, depth: int) -> None:
        if depth > 8 or len(out) > 20_000:
            return
        if isinstance(node, yaml.MappingNode):
            # PyYAML's constructor (run before this) flattens `<<: *base` in place: the anchor's pairs, marked where
            # the anchor writes them, come first and the mapping's own after, and the last of a key is its value.
            # So each key is marked where its kept value is written: the anchor's line for what the service takes
            # from it (x-base_service's deploy.resources...), its own line where it sets the key itself.
            last = {k.value: (k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)}
            for key, (k, v) in last.items():
                out.setdefault(path + (key,), k.start_mark.line + 1)
                walk(v, path + (key,), depth + 1)
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                out.setdefault(path + (i,), v.start_mark.line + 1)
                walk(v, path + (i,), depth + 1)

    if isinstance(root, yaml.MappingNode):
        for k, v in root.value:
            if isinstance(k, yaml.ScalarNode) and k.value == "services":
                out[("services",)] = k.start_mark.line + 1
                walk(v, ("services",), 1)
            elif isinstance(k, yaml.ScalarNode) and k.value in stray:  # a service written at column 0
                out[("services", k.value)] = k.start_mark.line + 1
                walk(v, ("services", k.value), 2)
    return out


def duplicate_keys(root, limit: int = 20) -> list[tuple[str, int, int]]:
    """(dotted key, line, first line) of each key a mapping of the file repeats (two `environment:` keys in one
    service): YAML 1.2 and Compose's parser refuse them ('mapping key "environment" already defined at line N');
    PyYAML keeps the last silently."""
    import yaml  # type: ignore

    out: list[tuple[str, int, int]] = []
    stack: list[tuple[object, tuple]] = [(root, ())]
    seen_nodes = 0
    while stack and len(out) < limit and seen_nodes < 50_000:
        node, path = stack.pop()
        seen_nodes += 1
        if isinstance(node, yaml.MappingNode) and len(path) < 8:
            first: dict[str, int] = {}
            lo, hi = node.start_mark.index, node.end_mark.index
            for k, v in node.value:
                # the constructor folds `<<: *base` into the mapping: the base's keys sit elsewhere in the file
                # and are overridden, not repeated
                own = isinstance(k, yaml.ScalarNode) and lo <= k.start_mark.index <= hi
                if own and k.value != "<<":
                    if k.value in first:
                        out.append((".".join(map(str, path + (k.value,))), k.start_mark.line + 1, first[k.value]))
                    else:
                        first[k.value] = k.start_mark.line + 1
                    stack.append((v, path + (k.value,)))
        elif isinstance(node, yaml.SequenceNode) and len(path) < 8:
            stack.extend((v, path + (i,)) for i, v in enumerate(node.value))
    return sorted(out, key=lambda x: x[1])


# Compose files are a few kB; 100 kB took 1 s to parse and place (found by the fuzzer). Larger
# ones are refused, as Dockerfiles and scripts are.
MAX_COMPOSE_BYTES = 64 * 1024


def interpolate(value, variables: dict[str, str]):
    """A compose value with ``${VAR}``/``${VAR:-default}`` filled in as Compose does, from the
    project's ``.env`` (``variables``); a variable neither sets keeps its ``${VAR}`` form."""
    from .shell import substitute

    if isinstance(value, str):
        return substitute(value.replace("$$", "\0"), variables).replace("\0", "$")
    if isinstance(value, list):
        return type(value)(interpolate(x, variables) for x in value)  # keeps `!reset`/`!override` (MergeTag)
    if isinstance(value, dict):
        return type(value)((k, interpolate(x, variables)) for k, x in value.items())
    return value


def _written_in_dotenv(raw, image, dotenv_file: tuple[str, str]) -> Origin | None:
    """Where the project's .env sets the variable an ``image:`` value names (``${VLLM_IMAGE}``,
    ``repo:${TAG:-rocm}``), when that variable's value is part of the image that runs."""
    env_path, env_text = dotenv_file
    if not env_path or not isinstance(raw, str) or "$" not in raw or not isinstance(image, str) or image == raw:
        return None
    names = set(re.findall(r"\$\{?([A-Za-z_]\w*)", raw))
    found = None
    for n, line in enumerate(env_text.splitlines()[:2000], 1):
        # read as Compose reads the file (quotes, a ` #` comment); the last assignment of a name is the one in effect
        for k, val in dotenv(line).items():
            if k in names:
                found = Origin(env_path, n, scrub(line.strip()[:240])) if val and val in image else None
    return found


def dotenv(text: str) -> dict[str, str]:
    """``NAME=value`` lines of a Compose ``.env`` file (comments, blanks and quotes as Compose reads them)."""
    out: dict[str, str] = {}
    for line in text.splitlines()[:2000]:
        m = re.match(r"^\s*(?:export\s+)?([A-Za-z_]\w*)\s*=\s*(.*?)\s*$", line)
        if not m:
            continue
        val = m.group(2)
        if len(val) >= 2 and val[0] == val[-1] and val[0] in "'\"":
            val = val[1:-1]
        elif " #" in val:
            val = val.split(" #", 1)[0].rstrip()
        out[m.group(1)] = val
    return out


def read(path: str, text: str, variables: dict[str, str] | None = None,
         dotenv_file: tuple[str, str] = ("", "")) -> Artifact:
    """``variables``: the project's ``.env`` (readers.read_one passes it), for ``${VAR}`` in values;
    ``dotenv_file``: that file's (path, text), to cite the line that writes an image's name."""
    variables = variables or {}
    if len(text) > MAX_COMPOSE_BYTES:
        art = Artifact(path, COMPOSE, "", data={"services": {}})
        art.error = f"{path}: {len(text) // 1024} KiB; larger than any compose file ({MAX_COMPOSE_BYTES // 1024} KiB at most)"
        return art
    art = Artifact(path, COMPOSE, text, data={"services": {}})
    from .. import configfiles as cf

    try:
        # configfiles' YAML reading: size and nesting bounded, aliases expanded at most
        # MAX_VALUES times (a 320 kB compose file took 2 s in safe_load; fuzz). One parse gives
        # the data and the node tree whose marks place each value.
        doc, root = cf.parse_yaml_node(text, path)
    except cf.ConfigError as exc:
        art.error = str(exc)
        return art
    services = doc.get("services") if isinstance(doc, dict) else None
    dups = duplicate_keys(root)
    if dups:
        art.data["duplicate_keys"] = dups  # compose refuses the file (RD-CTR-011); the rest is read as PyYAML keeps it
    stray = misplaced_services(doc)
    if stray:
        # compose refuses the file (RD-CTR-011 says where); its services are still read, as the author meant
        # them, so what they set is judged too once the indentation is fixed
        art.data["misplaced"] = stray
        services = {**(services if isinstance(services, dict) else {}), **{k: doc[k] for k in stray}}
    if not isinstance(services, dict):
        art.error = f"{path}: no services: mapping; not a compose file"
        return art
    marks = _marks(root, tuple(stray))
    lines = text.splitlines()
    read_nodes: set[int] = set()
    from .compose_grammar import problems

    refused = problems(services, marks)
    if refused:
        art.data["spec_problems"] = refused  # compose refuses the file (RD-CTR-016); the rest is read as written
    for name, svc in services.items():
        if not isinstance(svc, dict):
            continue
        raw_groups, raw_image = svc.get("group_add"), svc.get("image")
        svc = interpolate(svc, variables)
        name = str(name)
        lo = marks.get(("services", name), 1)
        # its own text's last line: what it takes from an anchor is written above it (YAML defines an anchor
        # before any alias to it)
        hi = max([ln for p, ln in marks.items() if p[:2] == ("services", name) and ln >= lo] or [lo])
        art.data["services"][name] = {"line": lo, "last": hi, **{k: svc.get(k) for k in KEYS if k in svc}}
        if isinstance(raw_groups, list) and any("$" in str(g) for g in raw_groups) and raw_groups != svc.get("group_add"):
            # `${RENDER_GID:-render}`: a value the deployment's .env sets; its default is only the fallback
            art.data["services"][name]["group_add_raw"] = [str(g) for g in raw_groups]
        build = svc.get("build")
        context, dockerfile = (build, None) if isinstance(build, str) else (
            # the Compose spec: a build without context builds the project directory
            (build.get("context") or ".", build.get("dockerfile")) if isinstance(build, dict) else (None, None))
        if isinstance(context, str) and "://" not in context and "$" not in context and not (
                isinstance(dockerfile, str) and ("$" in dockerfile or os.path.isabs(dockerfile))):
            # the Dockerfile this service builds is read too (a build/ folder the directory search skips)
            art.refs[f"build:{name}"] = os.path.normpath(os.path.join(context or ".", dockerfile or "Dockerfile")) \
                if isinstance(dockerfile, str) or dockerfile is None else os.path.join(context, "Dockerfile")
        for k in ("volumes", "command", "entrypoint", "environment", "ports", "restart", "tty",
                  "stdin_open", "depends_on"):  # what runs, how long, whether a terminal is attached, what it waits for
            if k in svc:
                art.data["services"][name][k] = svc[k]
        outside: dict[str, int] = {}  # keys the service takes from an anchor (`<<: *gpu`), written above it
        for key in KEYS:
            if key in svc:
                # with `build:`, `image:` names what the build produces (its Dockerfile's FROM is what
                # is pulled): a tag given here, not an image whose ROCm or vendor a rule can read
                what = "built_image" if key == "image" and svc.get("build") else key
                key_line = marks.get(("services", name, key), lo)
                art.add(CONTAINER, what, svc[key], key_line)
                if not lo <= key_line <= hi:
                    outside[what] = key_line
        written = _written_in_dotenv(raw_image, svc.get("image"), dotenv_file)
        if written is not None and not svc.get("build"):
            # `image: ${VLLM_IMAGE}`: the .env line that sets the name is where the image is chosen (and fixed)
            art.values.append(Value(CONTAINER, "image_written", svc["image"], written))
        for i, dev in enumerate(_reservations(svc)):
            at = ("services", name, "deploy", "resources", "reservations", "devices", i)
            line = marks.get(at + ("driver",)) or marks.get(at) or lo
            art.add(CONTAINER, "gpu_request", dev, line)
            if not lo <= line <= hi:
                outside.setdefault("gpu_request", line)
        if outside:  # the rules find a service's values by its lines; these are cited where the anchor writes them
            art.data["services"][name]["lines"] = outside
        for k, v, place in env_entries(svc):
            if v is None or not re.match(r"^[A-Za-z_]\w*$", k) or re.fullmatch(r"\$\{?[A-Za-z_]\w*\}?", v):
                continue  # `- NAME` (or `NAME=${NAME}`, interpolated from the shell or .env) passes the host's value
            art.add(ENV, k, v, marks.get(("services", name, "environment", place), lo))
        where: tuple = (name,) if name in stray else ("services", name)
        # what the container runs (a vLLM server's parallel size, an export in its `sh -c` script): once per node
        # (services that take one command from an anchor run it each, but it is written, and judged, once)
        nodes = [node_at(root, where + (k,)) for k in ("entrypoint", "command")]
        if not any(id(n) in read_nodes for n in nodes if n is not None):
            read_nodes.update(id(n) for n in nodes if n is not None)
            ran = container_script.values(path, nodes, lines, str(svc.get("image") or ""))
            art.values += ran
            if ran:  # a block scalar's body is the service's too; where its script starts and ends
                ran_at: list[int] = [v.origin.line or lo for v in ran]
                me = art.data["services"][name]
                me["last"] = max([me["last"]] + [n for n in ran_at if n >= me["line"]])  # (not an anchor's, above it)
                me["command_lines"] = [min(ran_at), max(ran_at)]
    return art


def extends_of(svc: dict) -> tuple[str | None, str] | None:
    """(file or None for this file, service) a service `extends:`, as the Compose spec writes it
    (a mapping with service and an optional file, or the short form naming a service)."""
    ext = svc.get("extends")
    if isinstance(ext, str):
        return None, ext
    if isinstance(ext, dict) and isinstance(ext.get("service"), str):
        f = ext.get("file")
        return (str(f) if isinstance(f, str) else None), ext["service"]
    return None


def env_entries(svc) -> list[tuple[str, str | None, str | int]]:
    """(name, value, place) of each entry of a compose service's `environment:`, in the file's order, in either
    form Compose accepts (https://docs.docker.com/reference/compose-file/services/#environment): a mapping
    (`NAME: value`) or a list (`- NAME=value`, split at the first `=`). The value is the text the container gets
    (a YAML boolean as Compose writes it, `true`/`false`; a number as text), or None where the entry passes the
    host's value (`- NAME`, `NAME:` with nothing after it). ``place`` is the entry's key in the mapping or its
    index in the list: where the YAML parser marked its line. What Compose refuses (an item that is not text,
    a nested value, an empty name) is left out."""
    env = svc.get("environment") if isinstance(svc, dict) else None
    out: list[tuple[str, str | None, str | int]] = []
    if isinstance(env, dict):
        for k, v in env.items():
            if str(k) and (v is None or isinstance(v, (str, int, float))):
                out.append((str(k), None if v is None else _env_text(v), str(k)))
    elif isinstance(env, list):
        for i, e in enumerate(env):
            if isinstance(e, str):
                k, eq, val = e.partition("=")
                if k:
                    out.append((k, val if eq else None, i))
    return out


def service_env(svc) -> dict[str, str | None]:
    """A compose service's environment as name -> value (None: the host's value passes through); where a name
    repeats, the last entry, as the container gets it. See :func:`env_entries`."""
    return {k: v for k, v, _ in env_entries(svc)}


def _env_text(v) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def resolve_extends(arts: list[Artifact]) -> None:
    """Services that extend another take the options they do not set themselves from it (the
    Compose spec's merge for the single-value options these rules read; lists such as devices and
    group_add add up), so a GPU setting written once in a base file counts. A service of another
    file that is only reached through `extends` is a template, not a container: it is marked and
    judged through the services that extend it. A chain (`app` extends `mid` extends `gpu`) resolves whatever order
    its services or files come in: passes repeat until one takes nothing more."""
    by_path = {path_key(a.path): a for a in arts if a.kind == COMPOSE and isinstance(a.data, dict)}
    for _ in range(8):  # a chain's length; a loop (`a` extends `b` extends `a`) stops taking after one pass
        if not any(_take_from_bases(a, svc, by_path) for a in by_path.values()
                   for svc in list(a.data.get("services", {}).values())):
            break
    resolve_vendor_variants(arts)


def _take_from_bases(a: Artifact, svc, by_path: dict) -> bool:
    """One service takes what its `extends:` base sets and it does not; True when it took anything."""
    ref = extends_of(svc) if isinstance(svc, dict) else None
    if ref is None:
        return False
    f, base_name = ref
    base_art = by_path.get(path_key(f, a.path)) if f else a
    base = (base_art.data.get("services", {}) if base_art is not None else {}).get(base_name)
    if not isinstance(base, dict) or base is svc:
        return False
    took = False
    for key in KEYS:
        if key in ("extends",) or key not in base:
            continue
        if key not in svc:
            svc[key], took = base[key], True
            if base_art is not None and base_art is not a:  # where a fix changes it: the base file
                svc.setdefault("taken_from", {})[key] = [base_art.path, base_name]
        elif key in ("devices", "group_add", "cap_add", "security_opt") and isinstance(svc[key], list) \
                and isinstance(base[key], list):
            merged = base[key] + [x for x in svc[key] if x not in base[key]]
            took, svc[key] = took or merged != svc[key], merged
    if base_art is not a:
        base["template"] = True
    return took


# A compose file named for a GPU vendor (`docker-compose.amd.yml`, `compose.rocm.yaml`, `docker-compose.nvidia.yml`,
# `docker-compose-cuda.yml`): one variant per vendor, and a project starts only the one for its host's GPUs.
AMD_NAMED = re.compile(r"(?:^|[-_.])(?:rocm|amd|hip|radeon)(?:$|[-_.\d])", re.I)
NVIDIA_NAMED = re.compile(r"(?:^|[-_.])(?:nvidia|cuda|nv)(?:$|[-_.\d])", re.I)
_OWN = ("image", "build", "extends")


def _stem(path: str) -> str:
    base = os.path.basename(path)
    return re.sub(r"\.ya?ml$", "", base, flags=re.I)


def asks_nvidia_only(svc: dict) -> bool:
    """The service asks for GPUs through NVIDIA's runtime only (a driver-nvidia or capabilities-[gpu]
    reservation, `gpus:`, runtime nvidia) and passes no AMD device node."""
    devices = [str(d.get("source") if isinstance(d, dict) else d).split(":")[0] for d in svc.get("devices") or []]
    if "/dev/kfd" in devices:
        return False
    nvidia = [d for d in _reservations(svc) if str(d.get("driver") or "nvidia").lower() == "nvidia"]
    return bool(nvidia or svc.get("gpus") or str(svc.get("runtime") or "").lower() == "nvidia")


def resolve_vendor_variants(arts: list[Artifact]) -> None:
    """Compose files of one folder written one per GPU vendor: `docker-compose.amd.yml` beside
    `docker-compose.nvidia.yml` (two overrides of one base, or two complete stacks a script of the set picks
    between by name), or beside an override
    that only reserves NVIDIA GPUs for the same service (`docker-compose.gpu.yml`). The project's script
    or README applies one of them, by the vendor it finds; on an AMD machine that is the AMD one, so the
    NVIDIA variant is never started: it is marked (``vendor_variant``) and contributes no values. Where
    the AMD file swaps a base service's image (`ollama/ollama:latest` -> `ollama/ollama:rocm`), the base's
    image is not what runs: its value is dropped, the service keeps it as ``image_replaced``."""
    by_dir: dict[str, list[Artifact]] = {}
    scripts = [a for a in arts if a.kind in ("shell", "slurm") and isinstance(a.text, str)]
    for a in arts:
        if a.kind == COMPOSE and a.error is None and isinstance(a.data, dict) and a.data.get("services"):
            by_dir.setdefault(os.path.dirname(a.path), []).append(a)
    for group in by_dir.values():
        amd = [a for a in group if AMD_NAMED.search(_stem(a.path)) and not NVIDIA_NAMED.search(_stem(a.path))]
        if not amd:
            continue
        amd_names = {str(n) for a in amd for n in a.data["services"]}
        for b in group:
            if b in amd:
                continue
            svcs = b.data["services"]
            shared = amd_names & {str(n) for n in svcs}
            if not shared:
                continue
            named = bool(NVIDIA_NAMED.search(_stem(b.path)))
            override = all(isinstance(s, dict) and not any(k in s for k in _OWN) for s in svcs.values())
            # two complete stacks are alternatives where a script of the set picks one of them by name (start.sh:
            # COMPOSE_FILE=docker-compose.amd.yml or docker-compose.nvidia.yml); overrides of one base always are
            picked = any(os.path.basename(b.path) in (s.text or "") and os.path.basename(x.path) in (s.text or "")
                         for s in scripts for x in amd)
            if (named and (override or picked)) or (override and all(
                    asks_nvidia_only(s) for n, s in svcs.items() if str(n) in shared)
                    and any(asks_nvidia_only(s) for s in svcs.values() if isinstance(s, dict))):
                b.data["vendor_variant"] = f"NVIDIA's variant of {amd[0].path}"
                b.values = []
        for a in amd:
            for name, svc in a.data["services"].items():
                if not isinstance(svc, dict) or not svc.get("image") or svc.get("build"):
                    continue
                for b in group:
                    if b in amd or b.data.get("vendor_variant"):
                        continue
                    base = b.data["services"].get(name)
                    if not isinstance(base, dict) or not base.get("image") or base.get("build") \
                            or base["image"] == svc["image"]:
                        continue
                    lo, hi = base.get("line", 1), base.get("last", 1 << 30)
                    b.values = [v for v in b.values if not (v.kind == CONTAINER and v.name == "image"
                                                            and lo <= (v.origin.line or 0) <= hi)]
                    base["image_replaced"] = str(svc["image"])
    resolve_process_users(arts)


# A process manager or a privilege-dropping wrapper as what the image runs: its programs run as another user,
# with that user's own groups (supervisord's user=, gosu/su-exec/runuser/setpriv): group_add reaches PID 1 only.
_SUPERVISOR_RUN = re.compile(r"(?m)^\s*(?:CMD|ENTRYPOINT)\b.*\bsupervisord\b")
_DROP = re.compile(r"(?m)^\s*(?:CMD|ENTRYPOINT)\b.*?\b(?:gosu|su-exec|runuser\s+-u|setpriv\s+--reuid[= ])\s*[\"',\s]*"
                   r"([A-Za-z_][\w.-]*)")
_COPY_CONF = re.compile(r"(?m)^[ \t]*(?:COPY|ADD)[ \t]+(?:--\S{1,200}[ \t]+){0,4}(\S{0,200}\.conf)[ \t]+"
                        r"(\S{0,200}supervisor\S{0,200})")
MAX_CONF_BYTES = 64 * 1024
# The same drop in the entrypoint script the Dockerfile copies in and starts (`ENTRYPOINT ["/docker-entrypoint.sh"]`,
# which ends `exec gosu appuser "$@"`): the usual shape of images that start as root to fix ownership, then drop.
_ENTRY = re.compile(r"(?m)^\s*ENTRYPOINT\b(.*)$")
_SCRIPT_WORD = re.compile(r"[\w./-]{1,200}\.sh\b")
_COPY = re.compile(r"(?m)^[ \t]*(?:COPY|ADD)[ \t]+(?:--\S{1,200}[ \t]+){0,4}(\S{1,200})[ \t]+(\S{1,200})[ \t]*$")
_SCRIPT_DROP = re.compile(r"(?m)^[ \t]*(?:exec[ \t]+)?(?:gosu|su-exec|runuser[ \t]+-u)[ \t]+[\"']?([A-Za-z_][\w.-]*)")
# ... unless the script first gives that user the device nodes' own group (`stat -c %g /dev/kfd`, then groupadd/
# usermod): the docker.sock/kvm idiom applied to the GPU, which gosu then keeps (it reads /etc/group at exec)
_DEVICE_GROUP = re.compile(r"/dev/(?:kfd|dri)[^\n]*\n?(?:[^\n]*\n){0,6}?[^\n]*\b(?:groupadd|addgroup|groupmod|usermod|adduser)\b"
                           r"|\b(?:groupadd|addgroup|groupmod|usermod|adduser)\b[^\n]*/dev/(?:kfd|dri)")


def _program_users(text: str, env: dict[str, str]) -> list[tuple[str, str, int]]:
    """(program, user, line) of each supervisord [program:x] section that runs as a user (`user=`), with
    `%(ENV_X)s` filled from the image's environment, as supervisord expands it."""
    out: list[tuple[str, str, int]] = []
    section = ""
    for i, line in enumerate(text.splitlines()[:5000], 1):
        m = re.match(r"^\s*\[([^\]]{1,200})\]", line)
        if m:
            section = m.group(1).strip()
            continue
        m = re.match(r"^\s*user\s*=\s*(\S{1,200})", line)
        if m and section.startswith("program:"):
            user = re.sub(r"%\(ENV_(\w+)\)s", lambda x: env.get(x.group(1), x.group(0)), m.group(1))
            out.append((section.split(":", 1)[1], user, i))
    return out


def resolve_process_users(arts: list[Artifact]) -> None:
    """The user a compose service's programs really run as when its image starts a process manager or a
    privilege-dropping wrapper: supervisord with a config whose [program:x] sets `user=`, or `gosu NAME` /
    `su-exec NAME` in CMD/ENTRYPOINT. Recorded on the service as ``drops_to`` (user, file, line, text): the
    groups group_add gives PID 1 do not reach that user (supervisord and gosu set its groups from the image's
    /etc/group)."""
    from . import read_text

    docks = [d for d in arts if d.kind == "dockerfile" and d.error is None and isinstance(d.text, str)]
    if not docks:
        return
    for a in arts:
        if a.kind != COMPOSE or a.error is not None or not isinstance(a.data, dict):
            continue
        for name, svc in (a.data.get("services") or {}).items():
            if not isinstance(svc, dict) or not svc.get("build"):
                continue
            ref = pick(a.refs, f"build:{name}")
            want = path_key(ref, a.path) if isinstance(ref, str) and ref else None
            mine = [d for d in docks if want and path_key(d.path) == want] or \
                [d for d in docks if os.path.dirname(d.path) == os.path.dirname(a.path)]
            for d in mine[-1:]:
                env = {str(v.name): str(v.value) for v in d.values if v.kind == ENV}
                env.update({k: v for k, v in service_env(svc).items() if v is not None})
                m = _DROP.search(d.text)
                if m and m.group(1) not in ("root", "0"):
                    line = d.text.count("\n", 0, m.start()) + 1
                    svc["drops_to"] = (m.group(1), d.path, line, d.text.splitlines()[line - 1].strip()[:240])
                    break
                drop = _entrypoint_drop(d, arts)
                if drop is not None:
                    svc["drops_to"] = drop
                    break
                if not _SUPERVISOR_RUN.search(d.text):
                    continue
                for cm in _COPY_CONF.finditer(d.text):
                    src = cm.group(1)
                    here = os.path.dirname(d.path)
                    for cand in (os.path.join(here, src), os.path.join(here, os.path.basename(src)),
                                 os.path.join(os.path.dirname(here), src)):
                        if not os.path.isfile(cand) or os.path.getsize(cand) > MAX_CONF_BYTES:
                            continue
                        try:
                            text = read_text(cand)
                        except Exception:  # an unreadable config: nothing known about its users
                            break
                        users = [(p, u, ln) for p, u, ln in _program_users(text, env)
                                 if u not in ("root", "0") and "%(" not in u]
                        if users:
                            prog, user, ln = users[0]
                            svc["drops_to"] = (user, cand, ln, text.splitlines()[ln - 1].strip()[:240])
                        break


def _entrypoint_drop(d: Artifact, arts: list[Artifact]):
    """(user, script, line, text) where the script the Dockerfile's ENTRYPOINT starts drops root for another
    user (gosu, su-exec, runuser -u); None when it does not, gives that user the device nodes' group first,
    or the script is not among the files."""
    entries = _ENTRY.findall(d.text)
    if not entries:
        return None
    started = {os.path.basename(w) for w in _SCRIPT_WORD.findall(entries[-1])}
    copied = {os.path.basename(src) for src, dst in _COPY.findall(d.text)
              if os.path.basename(dst.rstrip("/")) in started or (dst.endswith("/") and os.path.basename(src) in started)}
    here = os.path.dirname(d.path)
    scripts = sorted((s for s in arts if s.error is None and isinstance(s.text, str)
                      and os.path.basename(s.path) in copied | started),
                     key=lambda s: (os.path.dirname(s.path) != here, s.path))
    for s in scripts[:1]:
        if _DEVICE_GROUP.search(s.text):
            return None
        m = _SCRIPT_DROP.search(s.text)
        if m and m.group(1) not in ("root", "0"):
            line = s.text.count("\n", 0, m.start()) + 1
            return (m.group(1), s.path, line, s.text.splitlines()[line - 1].strip()[:240])
    return None


def _reservations(svc: dict) -> list[dict]:
    """deploy.resources.reservations.devices entries (GPU requests), as written."""
    dep = svc.get("deploy")
    res = dep.get("resources") if isinstance(dep, dict) else None
    rsv = res.get("reservations") if isinstance(res, dict) else None
    devs = rsv.get("devices") if isinstance(rsv, dict) else None
    return [d for d in devs if isinstance(d, dict)] if isinstance(devs, list) else []
