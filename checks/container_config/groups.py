"""RD-CTR-006: a container (compose, `docker run`, a pod) reaches /dev/kfd and /dev/dri through the
groups it runs with, judged against the groups that own the device nodes on the host."""
from __future__ import annotations

import re

from rocmdoctor.artifacts.settings import artifact_named, built_from
from rocmdoctor.engine.check import check, ev, fail, ok, warn
from rocmdoctor.knowledge import artifacts as ka
from .services import device_list, gpus_via_cdi, item_ev, none_found, say_both, services_of, svc_ev, svc_plan, uses_cdi
from .services import AREA


_VAR = re.compile(r"^\$\{[A-Za-z_]\w*(?::?-([^}]*))?\}$")
# GIDs that images define for these names: Debian/Ubuntu base-passwd (video 44) and AMD's
# rocm/* images (render 109; ROCm/ROCm-docker#90). Elsewhere a name's GID is the image's business.
_IMAGE_GIDS = {"video": 44}
_PODMAN_RUN = "https://docs.podman.io/en/latest/markdown/podman-run.1.html#group-add-group-keep-groups"
_ROCM_IMAGE_GIDS = {"video": 44, "render": 109}


def _group_word(g) -> tuple[str, bool]:
    """A group_add entry as compose resolves it: ``${RENDER_GID:-109}`` is its default (or unknown)."""
    g = str(g).strip()
    m = _VAR.match(g)
    if m:
        return (m.group(1) or "").strip(), True
    if "$" in g or "`" in g:  # $RENDER_ID, $(getent group render | cut -d: -f3): a number the shell fills in
        return "", True
    return g, False


def _host_gid_of(g) -> str | None:
    """The host group whose GID a group_add expression looks up (`$(getent group render | cut -d: -f3)`)."""
    m = re.search(r"getent\s+group\s+([A-Za-z_][\w-]*)", str(g))
    return m.group(1) if m else None


# Ollama's ROCm image carries its ROCm libraries on a plain Ubuntu base: no render group in it
# (ollama/ollama's Dockerfile: the runtime stage is FROM ubuntu).
_PLAIN_BASE_ROCM = re.compile(r"^(?:docker\.io/)?ollama/ollama(?::|@|$)")


def _rocm_based(image: str) -> bool:
    """An image built on AMD's ROCm images (rocm/*, or a name or tag that says ROCm: vllm/vllm-openai-rocm,
    lmsysorg/sglang:...-rocm720, a CI's rocm-base): those define the render group (GID 109)."""
    name = str(image or "").lower().split("@", 1)[0]
    if not name or _PLAIN_BASE_ROCM.match(name):
        return False
    return ka.rocm_image(name) or "rocm" in name.rsplit("/", 1)[-1]


# Base images whose own group file defines render: Arch Linux (systemd's sysusers run when its base is installed).
# Ubuntu's and Debian's do not (ka.BASE_IMAGE_GROUPS); AMD's rocm/* images add it (_ROCM_IMAGE_GIDS).
_RENDER_BASES = re.compile(r"^(?:(?:docker\.io|quay\.io|ghcr\.io)/)?(?:library/|archlinux/)?archlinux(?::|@|$)", re.I)


def _final_base(d) -> str:
    """The image a Dockerfile's last stage starts from, through its own stage names (`FROM build AS final`)."""
    stages = [s for s in (d.data.get("stages") or []) if isinstance(s, dict)]
    by_alias = {str(s["alias"]).lower(): s for s in stages if s.get("alias")}
    stage = stages[-1] if stages else None
    for _ in range(8):
        if stage is None or str(stage.get("image") or "").lower() not in by_alias:
            break
        stage = by_alias[str(stage.get("image")).lower()]
    return str(stage.get("image") or "") if stage else ""


def _render_in_base(settings, a, name, svc, depth: int = 0) -> bool:
    """The service's image is built, through the set's own local builds (`FROM arch:latest`, itself built FROM
    archlinux), on a base whose group file defines render."""
    for d in (built_from(settings, a, name, svc) or []) if depth < 4 else ():
        base = _final_base(d)
        if _RENDER_BASES.match(base) or base and _render_in_base(settings, a, "", {"image": base}, depth + 1):
            return True
    return False


def _rocm_service(settings, a, name, svc) -> bool:
    """The service's image is built on a ROCm image: the FROM of the Dockerfile it builds, where the files hold
    it; else its image's name, when that is a registry's (a namespace: lmsysorg/sglang:...-rocm720). A bare local
    tag (vocabulary-python-runtime-rocm:local) is whatever the user built: its name proves nothing."""
    docks = built_from(settings, a, name, svc)  # its compose build, or the script line that builds its tag
    if docks:
        froms = [v for v in settings.values("build", "from") if artifact_named(settings, v.origin.path) is docks[-1]]
        if froms:
            return _rocm_based(str(froms[-1].value))
    image = str(svc.get("image") or "")
    return "/" in image.split(":", 1)[0] and _rocm_based(image)


def _amd_access(svc, amd_cdi) -> bool:
    """AMD device nodes reach the container: devices, privileged, AMD's CDI/runtime, --gpus through AMD's CDI
    spec, an AMD device-plugin resource. --gpus without that spec and nvidia.com/gpu reach NVIDIA's only."""
    return bool(any(d == "/dev/kfd" or d.startswith("/dev/dri") for d in device_list(svc))
                or svc.get("privileged") is True or uses_cdi(svc) or gpus_via_cdi(svc, amd_cdi)
                or [k for k in svc.get("gpu_resources") or {} if k in ka.K8S_AMD_GPU_RESOURCES])


# A user the launching shell fills in is the host user who starts it: `$(id -u)`, `${UID}`, `${HOST_UID:-1000}`
# (compose reads UID from .env or the shell; the README's `UID=$(id -u) docker compose up`). Only a default of
# root (`${RUN_AS:-0}`) makes it root.
_USER_VAR = re.compile(r"^(?:\$\(\s*id\s+-u(?:n)?\s*\)|`id -u`|\$\{?([A-Za-z_]\w*)(?:(?::?[-?=])([^}]*))?\}?)$")


def _non_root(user) -> bool:
    u = str(user or "").strip().strip("\"'")
    u = u.split(":")[0] if not u.startswith("${") else re.split(r"(?<=\}):", u, maxsplit=1)[0]
    if u.startswith(("$", "`")):
        m = _USER_VAR.match(u)
        if m is None:
            return False
        default = (m.group(2) or "").strip()
        return default not in ("0", "root")
    return bool(u) and u not in ("root", "0")


def _image_user(settings):
    """(user, Value) set by the last USER of a Dockerfile in the files, or (None, None)."""
    users = settings.values("build", "user")
    return (str(users[-1].value), users[-1]) if users else (None, None)


def _service_user(settings, a, name, svc, img_user, user_v):
    """(user, Value) the service runs as: compose `user:` first; else the USER of the Dockerfile it builds.
    A pulled image (no build of its own) does not run a Dockerfile's USER that another service of the set
    builds (MoJoAssistant: USER mojo is Dockerfile.rocm's, not vllm/vllm-openai-rocm's): it runs as its
    image's own user."""
    if svc.get("user"):
        return svc.get("user"), None
    known = ka.image_user(str(svc.get("image") or ""))
    if known is not None and built_from(settings, a, name, svc) is None:
        return known[0], None  # a pulled image that leaves a non-root USER (rocm/rocm-terminal's rocm-user)
    if user_v is None or svc.get("runner") or svc.get("kubernetes"):
        return img_user, user_v
    docks = built_from(settings, a, name, svc)
    if docks:
        # its own Dockerfile (its compose build, or the one a script builds its tag from): its last USER, or
        # root when it sets none
        mine = [v for v in settings.values("build", "user") if artifact_named(settings, v.origin.path) is docks[-1]]
        return (str(mine[-1].value), mine[-1]) if mine else (None, None)
    if docks is not None and svc.get("build"):
        return img_user, user_v
    image = str(svc.get("image") or "")
    local_tag = image and "/" not in image.split(":", 1)[0] and not image.startswith("$")
    user_file = artifact_named(settings, user_v.origin.path)
    if not local_tag and user_file is not None and any(
            artifact_named(settings, ref, b.path) is user_file for b in settings.of_kind("compose")
            for key, ref in (getattr(b, "refs", None) or {}).items() if key.startswith("build:")):
        return None, None
    return img_user, user_v


def _dropped(a, name, svc, drop, owner, image_gids, given: set[str]):
    """The container starts as root, but its programs run as another user (supervisord's user=, gosu): that
    user's groups are the image's /etc/group memberships (supervisord and gosu set them), not group_add."""
    user, path, line, text = drop
    held = {image_gids[g] for g in given if g in image_gids} | {int(g) for g in given if str(g).isdigit()}
    subject = f"{a.path}: {name}"
    if owner["gid"] in held:
        return ok(f"{name}: its programs run as {user}, who holds GID {owner['gid']} ({owner['group']}) in the image",
                  subject=subject)
    return fail(f"{name}: its programs run as {user}, which group_add does not reach: {user} cannot open /dev/kfd",
                "group_add gives its groups to the container's first process only; supervisord (a program's user=) "
                "and gosu/su-exec switch to the user with the groups the image's /etc/group gives it, so the "
                f"notebook or server runs without the host's GID {owner['gid']} ({owner['group']}) of /dev/kfd. Before "
                f"the drop, give {user} the device node's own group, which holds on any host (groupadd -f -g "
                f"\"$(stat -c %g /dev/kfd)\" gpu && usermod -aG gpu {user}), or add it to GID {owner['gid']} in the "
                "image (this host's only), or run those programs as root.", subject=subject,
                evidence=[ev(f"{path}:{line}", text)] + ([svc_ev(a, svc, "group_add")] if svc.get("group_add") else [])
                + [ev("/dev/kfd", f"group {owner['group']} (gid {owner['gid']})")])


def _usermod_groups(settings) -> set[str]:
    out: set[str] = set()
    for v in settings.values("build", "user_groups"):
        words = str(v.value).split()
        for i, w in enumerate(words):
            if w in ("-G", "-aG", "--groups", "-g", "--gid") and i + 1 < len(words):
                out.update(x for x in words[i + 1].split(",") if x)
    return out


def _device_owner(devnodes) -> dict | None:
    """The group that owns /dev/kfd on the host (name and gid), from the devnodes probe."""
    for d in devnodes or []:
        if d.path == "/dev/kfd" and isinstance(d.gid, int):
            return {"gid": d.gid, "group": d.group}
    return None


@check("RD-CTR-006", area=AREA, title="Containers reach /dev/kfd: group_add names groups the image has, and a "
       "non-root user holds the host's GID of the GPU device nodes", option="config", sources=list(ka.GROUP_RENDER))
def compose_group_add(settings, identity=None, devnodes=None, amd_cdi=None):
    services = list(services_of(settings))
    img_user, user_v = _image_user(settings)
    made = {str(v.value) for v in settings.values("build", "group")}
    host_groups = (identity.known_groups if identity is not None else None) or {}
    owner = _device_owner(devnodes)
    rocm_image = any(ka.rocm_image(str(v.value)) for v in settings.values("build", "from"))
    out = []
    for a, name, svc in services:
        subject = f"{a.path}: {name}"
        # as written: `${RENDER_GID:-render}` is a value the deployment sets (its .env), not the name `render`
        raw = svc.get("group_add_raw") or svc.get("group_add") or []
        words = [_group_word(g) for g in raw]
        numeric = {int(w) for w, _ in words if w.isdigit()}
        named = [w for w, var in words if w and not w.isdigit() and not var]
        if "keep-groups" in named:  # podman's word alone (Docker has no such group): the files are run by podman
            # podman's --group-add keep-groups (crun): the container keeps the supplementary groups of the user who
            # starts it, so the host's render/video membership, by the host's own GIDs, is the container's
            out.append(ok(f"{name}: --group-add keep-groups passes the invoking user's groups (the host's render "
                          "and video GIDs) into the container", subject=subject,
                          evidence=[item_ev(a, svc, "group_add", "keep-groups")], sources=[_PODMAN_RUN]))
            continue
        image_gids = _ROCM_IMAGE_GIDS if rocm_image or "render" in made or _rocm_service(settings, a, name, svc) \
            else _IMAGE_GIDS
        risky = [g for g in named if g not in ka.BASE_IMAGE_GROUPS and g not in made and g not in image_gids
                 and not (g == "render" and _render_in_base(settings, a, name, svc))]
        if risky:
            gids = {g: getattr(host_groups.get(g), "gid", None) for g in risky}
            use = ", ".join(f"{g} -> {gid}" if gid is not None else f"{g} -> $(getent group {g} | cut -d: -f3)"
                            for g, gid in gids.items())
            out.append(warn(f"{name}: group_add names {', '.join(risky)}, which the image may not define",
                            "Docker resolves group_add names inside the image; an image without the group stops with "
                            "'Unable to find group render: no matching entries in group file', and the host's render "
                            f"GID differs from host to host. Use the host's numeric GID ({use}).",
                            subject=subject, evidence=[item_ev(a, svc, "group_add", risky[0])], data={"host_gids": gids},
                            fix=svc_plan("Add the groups by number", a,
                                      [say_both(name, svc, f"group_add: {use}", "use --group-add " + " --group-add ".join(
                                          str(gid) if gid is not None else f"$(getent group {g} | cut -d: -f3)"
                                          for g, gid in gids.items()))],
                                      svc, name, [("set", "group_add", [gids.get(str(g), g) if gids.get(str(g)) is not None
                                                                        else g for g in svc.get("group_add") or []])]
                                      if all(gid is not None for gid in gids.values()) else ())))
            continue
        if not _amd_access(svc, amd_cdi):
            out.append(ok(f"{name}: no AMD GPU device node is passed in, so its user's groups do not matter here",
                          subject=subject))
            continue
        user, svc_user_v = _service_user(settings, a, name, svc, img_user, user_v)
        drop = svc.get("drops_to")
        if not _non_root(user) and drop and _non_root(drop[0]) and owner is not None:
            out.append(_dropped(a, name, svc, drop, owner, image_gids, _usermod_groups(settings)))
            continue
        # `privileged` gives root's capabilities, not a non-root user's: the device nodes keep the host's
        # owner and mode, so that user still needs their group (its own check, not an exemption)
        if not _non_root(user) or owner is None:
            out.append(ok(f"{name}: group_add {', '.join(w for w, _ in words) or '(none)'}"
                          + ("" if _non_root(user) else "; runs as root, which opens the device nodes anyway"),
                          subject=subject))
            continue
        known = ka.image_user(str(svc.get("image") or "")) if svc_user_v is None and not svc.get("user") else None
        given = sorted(_usermod_groups(settings)) + list(known[1] if known else ())
        held = numeric | {image_gids[g] for g in named + given if g in image_gids}
        if owner["group"] in {_host_gid_of(g) for g in raw}:
            held.add(owner["gid"])  # the host's own GID of that group, looked up when the container starts
        unknown = [str(g) for g, (w, var) in zip(raw, words)
                   if var and not w and _host_gid_of(g) is None]
        if owner["gid"] not in held and unknown:
            out.append(ok(f"{name}: user {user} gets group_add {', '.join(unknown)}, a value set when the container "
                          f"starts (the host's GID {owner['gid']} of {owner['group']} is what it needs)",
                          subject=subject))
            continue
        if owner["gid"] in held:
            out.append(ok(f"{name}: user {user} holds GID {owner['gid']} ({owner['group']}), which owns /dev/kfd",
                          subject=subject))
            continue
        ev_user = svc_ev(a, svc, "user") if svc.get("user") or (svc_user_v is None and not known) else \
            svc_ev(a, svc, "image") if svc_user_v is None else svc_user_v.evidence()
        out.append(fail(f"{name}: user {user} cannot open /dev/kfd: the host gives it to GID {owner['gid']} "
                        f"({owner['group']}), which the container user does not hold",
                        "Device nodes keep the host's owner inside the container; a non-root user needs the host's "
                        f"GID of /dev/kfd and /dev/dri/renderD* ({owner['gid']}, '{owner['group']}' here). Group "
                        "names resolve inside the image (its video is 44, its render, where it has one, another "
                        f"number), so add the number: group_add: [\"{owner['gid']}\"] (docker run --group-add "
                        f"{owner['gid']}), or run as root.", subject=subject,
                        # (no group_add: the devices it passes are where the group goes)
                        evidence=[ev_user] + ([svc_ev(a, svc, "group_add")] if svc.get("group_add") else
                                              [svc_ev(a, svc, "devices")] if svc.get("devices") else [])
                        + [ev("/dev/kfd", f"group {owner['group']} (gid {owner['gid']})")],
                        fix=svc_plan("Give the container user the device nodes' GID", a,
                                  [say_both(name, svc, f"group_add: [\"{owner['gid']}\"]", f"add --group-add {owner['gid']}")],
                                  svc, name, [("set", "group_add", [*(svc.get("group_add") or []), owner["gid"]])])))
    cuda_image = any(p.matches(str(v.value)) for v in settings.values("build", "from") for p in ka.CUDA_IMAGES)
    if not services and _non_root(img_user) and owner is not None and not cuda_image:
        # An image whose USER is not root, with no compose file or docker run in the files: judge the
        # groups the Dockerfile gives that user against the host's owner of /dev/kfd.
        # Only when the Dockerfile gives that user GPU groups itself (usermod -aG video,render): it then
        # counts on the image's GIDs. A USER with no such groups gets them from the run command's
        # --group-add, which these files do not show: nothing to judge.
        image_gids = _ROCM_IMAGE_GIDS if rocm_image or "render" in made else _IMAGE_GIDS
        given = _usermod_groups(settings)
        held = {image_gids[g] for g in given if g in image_gids}
        if given & set(image_gids) and owner["gid"] not in held:
            out.append(warn(f"USER {img_user}: the image's user holds no GID {owner['gid']} ({owner['group']}), "
                            "which owns /dev/kfd on this host",
                            "Device nodes keep the host's owner inside the container. Groups the Dockerfile adds "
                            "the user to have the image's GIDs (video 44, render 109 in rocm/* images), not this "
                            f"host's {owner['gid']}. Start the container with --group-add {owner['gid']} (compose: "
                            f"group_add: [\"{owner['gid']}\"]), or run as root.",
                            subject=user_v.origin.label, evidence=[user_v.evidence(),
                                                                   ev("/dev/kfd", f"group {owner['group']} (gid {owner['gid']})")]))
    if not out:
        return none_found(settings)
    return out

