"""Which compose files and layers a deployment starts: a script's `docker compose -f A -f B up`, overrides and
AMD-named layers merged onto their base, and the other vendor's variant (a file, a profile) left out."""

import os
import re

from rocmdoctor.artifacts.merge_tags import MergeTag, is_reset
from rocmdoctor.artifacts.settings import AMD_LAYER as _AMD_LAYER, AMD_NAMED as _VENDOR_AMD, AMD_WORDS as _AMD_WORDS, \
    NVIDIA_WORDS as _NVIDIA_WORDS, OTHER_VENDOR as _VENDOR_OTHER, OTHER_WORDS as _OTHER_WORDS, artifact_named
from rocmdoctor.base.untrusted import pick


_COMPOSE_UP = re.compile(r"\b(?:docker[ -]compose|podman[ -]compose)\b([^\n;&|]*?)\s(up|run|start|create)\b"
                         r"([^\n;&|]*)")
# a vendor's word in a service's name: drl-rocm, nvidia-trainer, app_intel
_VENDOR_NVIDIA = re.compile(rf"(?:^|[-_.])(?:{_NVIDIA_WORDS})(?:$|[-_.\d])", re.I)
_VENDOR_WORD = re.compile(rf"(?:^|[-_.])(?:{_AMD_WORDS}|{_NVIDIA_WORDS}|{_OTHER_WORDS})\d*(?=$|[-_.])", re.I)


def _role(name: str) -> str:
    """A service's name without its vendor word: drl-cuda and drl-rocm are both `drl`."""
    return _VENDOR_WORD.sub("", str(name)).strip("-_.").lower()


_BAKE = re.compile(r"^\s*(?:sudo\s+)?docker\s+buildx\s+bake\b(.*)$")
_BAKE_DEFAULTS = {"compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml"}


def _baked(settings) -> set[str]:
    """Names of the compose files a script hands to `docker buildx bake` (its -f files, else Compose's default
    names) when no script of the set also runs `compose up/run`: bake reads a compose file as build targets only."""
    out: set[str] = set()
    for s in settings.of_kind("shell", "slurm"):
        text = getattr(s, "text", "") or ""
        if _COMPOSE_UP.search(text):
            return set()
        for line in text.splitlines():
            m = _BAKE.match(line)
            if m:
                given = re.findall(r"(?:-f|--file)[ =]+['\"]?([^\s'\"]+)", m.group(1))
                out |= {os.path.basename(f) for f in given} or _BAKE_DEFAULTS
    return out


def started_services(settings, files, gpu_work):
    """The services a launch script of the set starts: `docker compose up --build "$SERVICE"` picks one
    service per run; where the pick is a variable (set per backend) and the file has an AMD-named
    variant of a service, its NVIDIA/CUDA-named siblings are the other vendor's, never started here.
    `docker compose up web worker` starts those (and what they depend on) only. ``gpu_work(svc)``: does the
    service do GPU work (services.gpu_signs)."""
    baked = _baked(settings)
    if baked:  # compose files only `docker buildx bake` reads, with no `compose up/run` anywhere: builds, never started
        files = [(a, {} if os.path.basename(a.path) in baked else svcs) for a, svcs in files]
    named: set = set()
    alone: set = set()  # services a command starts by themselves (`up --build drl-rocm`)
    chosen = False
    for s in settings.of_kind("shell", "slurm"):
        for m in _COMPOSE_UP.finditer(getattr(s, "text", "") or ""):
            args = [w.strip("'\"") for w in m.group(3).split() if not w.startswith("-")]
            if m.group(2) == "run":  # `run [options] SERVICE [COMMAND ...]`: one service, then its command
                args = args[:1]
            args = [w for w in args if re.fullmatch(r"[\w.$-]+|\$\{\w+(?::?-[^}]*)?\}", w)]
            if any("$" in w for w in args):
                chosen = True
            named.update(w for w in args if "$" not in w)
            alone.update(args[:1] if len(args) == 1 else ())
    every = {n for _, svcs in files for n in svcs}
    if chosen and any(_VENDOR_AMD.search(n) for n in every):
        files = [(a, {n: s for n, s in svcs.items() if not _VENDOR_NVIDIA.search(n)}) for a, svcs in files]
    elif named and named <= every and any(gpu_work(s) for _, svcs in files for n, s in svcs.items() if n in named):
        # the script starts the GPU service by name (not only a database it needs for tests)
        keep = set(named)
        for _ in range(3):  # depends_on, a few levels
            keep |= {d for _, svcs in files for n, s in svcs.items() if n in keep for d in depends_on(s)}
        files = [(a, {n: s for n, s in svcs.items() if n in keep}) for a, svcs in files]
    return [(a, {n: s for n, s in svcs.items() if not _twin_left_out(n, s, files, alone)}) for a, svcs in files]


def _twin_left_out(name: str, svc, files, alone: set) -> bool:
    """The other vendor's service for a role an AMD-named service fills too (drl-cuda beside drl-rocm,
    nvidia-trainer beside amd-trainer), where the two are never up together: a script starts the AMD one by
    itself, or both publish one host port (the second would not start). A plain `docker compose up` of two
    unprofiled twins that can run together starts both, and an unprofiled twin starts beside a profiled AMD
    one: the NVIDIA one is judged then."""
    if not _VENDOR_OTHER.search(name) or _VENDOR_AMD.search(name):
        return False
    for _, svcs in files:
        for n, s in svcs.items():
            if n == name or not _VENDOR_AMD.search(n) or _VENDOR_OTHER.search(n) or _role(n) != _role(name):
                continue
            if isinstance(s, dict) and s.get("profiles") and not (isinstance(svc, dict) and svc.get("profiles")):
                continue  # the AMD one behind a profile, this one without: `up` starts this one whatever the profile
            if n in alone or (_host_ports(svc) & _host_ports(s)):
                return True
    return False


def _host_ports(svc) -> set:
    out = set()
    for p in (svc.get("ports") or []) if isinstance(svc, dict) and isinstance(svc.get("ports"), list) else []:
        if isinstance(p, dict):  # long syntax: no `published`, no host port
            if p.get("published") not in (None, ""):
                out.add(str(p["published"]))
            continue
        parts = str(p).split(":")
        if len(parts) >= 2:  # HOST:CONTAINER or IP:HOST:CONTAINER; a bare container port publishes none
            out.add(parts[-2])
    return out


def depends_on(svc) -> list[str]:
    dep = svc.get("depends_on")
    return [str(d) for d in (dep if isinstance(dep, (list, dict)) else [])]


_OWN = ("image", "build", "extends")
AMD_PROFILE = re.compile(r"rocm|amd|hip|radeon", re.I)
# the other vendors' (and the CPU's) variants a stack profiles beside its AMD one (`--profile amd` starts none of them)
NVIDIA_PROFILE = re.compile(r"nvidia|cuda|intel|xpu|openvino|^cpu(?:[-_]only)?$|[-_]cpu$", re.I)


def other_vendor_profiled(svc) -> bool:
    """A service profiled for another vendor or the CPU (`profiles: [cuda]`), or profiled under any name while it asks
    for GPUs through NVIDIA's runtime alone (`profiles: [gpu]` with `runtime: nvidia`): beside an AMD-profiled one,
    `--profile amd` never starts it."""
    from rocmdoctor.artifacts.readers.compose import asks_nvidia_only

    return profiled(svc, NVIDIA_PROFILE) or bool(isinstance(svc, dict) and svc.get("profiles")
                                                  and asks_nvidia_only(svc))


def profiled(svc, vendor) -> bool:
    profiles = svc.get("profiles") if isinstance(svc, dict) else None
    return isinstance(profiles, list) and any(vendor.search(str(p)) for p in profiles)


_COMPOSE_F = re.compile(r"(?:^|[\s\"'=])(?:-f|--file)[=\s]+[\"']?([\w./${}-]{1,300}\.ya?ml)\b")


def script_layers(settings, composes) -> list[tuple]:
    """(base, layer) compose artifacts that a launch script of the set combines across folders
    (lm-webui's install.sh: `-f docker-compose.yml` then `-f docker/docker-compose.rocm.yml`): each AMD-named
    file a script names with -f is layered on the nearest generic file named before it. Files of one folder
    are paired by their names already (overlays)."""
    mine = {id(a) for a in composes if isinstance(a.data, dict) and getattr(a, "path", None)}
    if not mine:
        return []
    out: list[tuple] = []
    for s in settings.of_kind("shell", "slurm"):
        named = []
        for m in _COMPOSE_F.finditer(getattr(s, "text", "") or ""):
            a = artifact_named(settings, m.group(1), getattr(s, "path", "") or "")
            if a is not None and id(a) in mine:
                named.append(a)
        for i, layer in enumerate(named):
            if not _AMD_LAYER.match(os.path.basename(layer.path)):
                continue
            base = next((b for b in reversed(named[:i]) if not _AMD_LAYER.match(os.path.basename(b.path))
                         and not _VENDOR_NVIDIA.search(os.path.basename(b.path).rsplit(".", 1)[0])), None)
            if base is not None and os.path.dirname(base.path) != os.path.dirname(layer.path) \
                    and (base, layer) not in out:
                out.append((base, layer))
    return out


def overlays(composes, pairs=()) -> dict:
    """{(id of the base file, service): (override artifact, merged options)} for compose files layered on a
    base (`docker compose -f docker-compose.yml -f docker-compose.rocm.yml`, compose.override.yml
    merged by default). A file is an override when none of its services has an image, a build or
    `extends` of its own and each of them names a service another compose file defines: such a
    file cannot run alone. Compose merges the override onto the base: lists (devices, group_add,
    ports) add up, mappings merge, single values are replaced. The merged service keeps the
    override's lines, where the GPU options usually are."""
    out: dict = {}
    defs = {id(a): pick(a.data, "services", default={}) or {} for a in composes}
    for base, top in pairs:  # combined by a script's -f list, across folders
        for name, svc in defs.get(id(top), {}).items():
            if isinstance(svc, dict) and isinstance(defs.get(id(base), {}).get(name), dict):
                out[(id(base), name)] = (top, _layered(base, defs[id(base)][name], svc))
    paired = {id(t) for _, t in pairs}
    for top in composes:
        if id(top) in paired:
            continue
        svcs = defs[id(top)]
        if svcs and _amd_layer(top, composes):
            _merge_amd_layer(top, composes, defs, out)
            continue
        if not svcs or any(not isinstance(s, dict) or s.get("template") or any(k in s for k in _OWN)
                           for s in svcs.values()):  # a template another file `extends`: merged there
            continue
        for name, svc in svcs.items():
            # the generic definition first: an AMD-named variant is itself layered on it, not its base
            bases = sorted((b for b in composes if b is not top and isinstance(defs[id(b)].get(name), dict)
                            and any(k in defs[id(b)][name] for k in _OWN)),
                           key=lambda b: bool(_AMD_LAYER.match(os.path.basename(getattr(b, "path", "") or ""))))
            base = bases[0] if bases else None
            if base is None:
                break
            out[(id(base), name)] = (top, _layered(base, defs[id(base)][name], svc))
        else:
            continue
        for key in [k for k, (t, _) in out.items() if t is top]:  # a service with no base: not an override
            del out[key]
    return out




def _amd_layer(top, composes) -> bool:
    """An AMD-named compose variant beside other compose files of its folder that define one of its services."""
    import os

    path = getattr(top, "path", "") or ""
    if not _AMD_LAYER.match(os.path.basename(path)):
        return False
    names = set(pick(top.data, "services", default={}) or {})
    here = os.path.dirname(path)
    return any(b is not top and os.path.dirname(getattr(b, "path", "") or "") == here
               and not _AMD_LAYER.match(os.path.basename(getattr(b, "path", "") or ""))
               and names & set(pick(b.data, "services", default={}) or {}) for b in composes)


def _merge_amd_layer(top, composes, defs, out: dict) -> None:
    """Merge each service of an AMD layer onto the same service of its folder's other compose files
    (the generic definition); a service only the layer defines stands alone."""
    import os

    here = os.path.dirname(top.path)
    for name, svc in defs[id(top)].items():
        if not isinstance(svc, dict):
            continue
        base = next((b for b in composes if b is not top and os.path.dirname(b.path) == here
                     and not _AMD_LAYER.match(os.path.basename(b.path)) and isinstance(defs[id(b)].get(name), dict)),
                    None)
        if base is not None:
            out[(id(base), name)] = (top, _layered(base, defs[id(base)][name], svc))


def _layered(base, base_svc: dict, svc: dict) -> dict:
    """The service as compose runs it (:func:`_merged`), knowing the base file and service it was merged onto
    (``base_of``): what only the base writes is cited there (an NVIDIA reservation an override's `devices: []` keeps)."""
    merged = _merged(base_svc, svc)
    merged["base_of"] = (base, base_svc)
    return merged


def _merged(base: dict, svc: dict) -> dict:
    """Compose's merge of one service: lists add up, mappings merge key by key, single values are
    replaced; a value tagged `!reset` takes its key out, one tagged `!override` replaces the base's
    (`deploy.resources.reservations.devices: !reset []` drops NVIDIA's reservation)."""
    # imported here: the quick scan imports this module, and the training-config reader is for --config only

    merged = dict(base)
    for k, v in svc.items():
        old = merged.get(k)
        if is_reset(v):
            merged.pop(k, None)
        elif isinstance(v, MergeTag):
            merged[k] = v
        elif isinstance(old, list) and isinstance(v, list):
            merged[k] = old + [x for x in v if x not in old]
        elif isinstance(old, dict) and isinstance(v, dict):
            merged[k] = _merged(old, v)
        else:
            merged[k] = v
    return merged
