"""Access to the GPU device nodes, and the render/video group membership behind it.

Fix safety: adding the user to render and video is marked *safe* (needs root): it only
adds group memberships, is undone with `gpasswd -d <user> <group>`, and is what AMD's
install guide prescribes. It takes effect at the next login, which the plan says. In a
container the fix is a `docker run --group-add` flag instead, shown display-only.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn

if TYPE_CHECKING:
    from rocmdoctor.facts.host import DevNode, Identity

PREREQ = ("https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/prerequisites.html"
          "#setting-permissions-for-groups")
FAQ = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/install-faq.html"
VLLM_893 = "https://github.com/ROCm/vllm/pull/893"
GPU_GROUPS = ("render", "video")


def _relevant_nodes(devnodes, gpus) -> list[DevNode]:
    minors = {g.render_minor for g in gpus or [] if g.render_minor}
    out = []
    for e in devnodes:
        path = e.path
        if path == "/dev/kfd":
            out.append(e)
        elif path.startswith("/dev/dri/renderD"):
            minor = path[len("/dev/dri/renderD"):]
            if not minors or (minor.isdigit() and int(minor) in minors):
                out.append(e)
    return out


def _describe(e: DevNode) -> str:
    if e.error:
        return f"{e.path}: {e.error}"
    access = ("r" if e.readable else "-") + ("w" if e.writable else "-")
    return f"{e.path}: mode {e.mode}, group {e.group or e.gid}, this process {access}"


def groups_fix(identity: Identity | None, groups, container=None) -> FixPlan:
    groups = list(groups) or list(GPU_GROUPS)
    if container is not None and container.in_container:
        flags = " ".join(f"--group-add {g}" for g in groups)
        return FixPlan("Give the container the GPU device groups", (
            Action("note", f"restart the container with {flags} (numeric GIDs must match the host's: "
                           "`getent group render` on the host)"),))
    user = identity.user if identity is not None else None
    if user:
        from rocmdoctor.remedy.plans import groups_plan  # only for a failing check

        return groups_plan(user, tuple(groups))  # safe, root, undone with gpasswd -d
    return FixPlan("Add the user to the GPU groups", (
        Action("command", f"add the user to {', '.join(groups)}",
               argv=("sudo", "usermod", "-aG", ",".join(groups), "$USER")),
        Action("note", "log out and back in so new sessions get the groups")), needs_root=True)


@check("RD-PERM-001", area="perms", title="This user can open /dev/kfd and the GPU render nodes read-write",
       sources=[PREREQ, FAQ])
def device_access(devnodes, gpus=None, identity=None, container=None, wsl=None):
    nodes = _relevant_nodes(devnodes, gpus)
    kfd = next((e for e in nodes if e.path == "/dev/kfd"), None)
    if wsl is not None and (kfd is None or kfd.error):
        return skip("WSL2: the GPU node is /dev/dxg, not /dev/kfd (RD-WSL-001 checks it)")
    if kfd is None or kfd.error:
        return skip("/dev/kfd is absent, so there is nothing to open (see RD-DRV-001 or RD-CTR-001)",
                    evidence=[ev("probe: devnodes", _describe(kfd))] if kfd else [])
    present = [e for e in nodes if not e.error]
    evidence = [ev("probe: devnodes", _describe(e)) for e in nodes]
    bad = [e for e in present if not (e.readable and e.writable)]
    renders = [e for e in present if e.path.startswith("/dev/dri/renderD")]
    if not bad and renders:
        return ok(f"/dev/kfd and {len(renders)} render node(s) are read-write for this user", evidence=evidence)
    if not bad:
        return warn("/dev/kfd is usable but no /dev/dri/renderD* node is present",
                    "HIP needs a render node per GPU as well; in a container pass --device=/dev/dri.",
                    evidence=evidence)
    groups = sorted({e.group or str(e.gid) for e in bad if e.group or e.gid is not None})
    return fail(f"no read-write access to {', '.join(e.path for e in bad)}",
                "ROCm opens these read-write; without access torch reports 'No HIP GPUs are available' and "
                "rocminfo 'Unable to open /dev/kfd read-write: Permission denied'. The nodes belong to group(s) "
                f"{', '.join(groups) or '?'}; see RD-PERM-002 for this user's membership.",
                evidence=evidence, fix=groups_fix(identity, [g for g in groups if not g.isdigit()] or GPU_GROUPS,
                                                  container))


@check("RD-PERM-002", area="perms", title="User is in the render and video groups (in this session)",
       sources=[PREREQ, VLLM_893])
def group_membership(identity, devnodes=None, etc_group=None, container=None):
    if identity.root:
        return ok("running as root: group membership does not matter")
    user = identity.user
    have = {g.name for g in identity.groups} | {g.gid for g in identity.groups}
    known = dict(identity.known_groups or {})
    for name in GPU_GROUPS:  # fill gaps from /etc/group (snapshots, NSS without the group)
        if known.get(name) is None and etc_group and name in etc_group:
            known[name] = etc_group[name]
    wanted = [n for n in GPU_GROUPS if known.get(n) is not None]  # AMD asks for both where they exist
    evidence = [ev("probe: identity", f"user {user}, groups "
                   + ", ".join(str(g.name or g.gid) for g in identity.groups))]
    for n in wanted:
        entry = etc_group.get(n) if etc_group else None
        line = entry.line if entry is not None else None
        evidence.append(ev("/etc/group", line) if line else ev("probe: identity", f"{n}: gid {known[n].gid}, "
                                                                f"members {','.join(known[n].members)}"))
    if not wanted:
        return skip("neither a render nor a video group exists here", evidence=evidence)
    missing = [n for n in wanted if n not in have and known[n].gid not in have]
    if not missing:
        return ok(f"{user} is in {', '.join(wanted)}", evidence=evidence)
    pending = [n for n in missing if user and user in known[n].members]
    if pending:
        return warn(f"{user} was added to {', '.join(pending)} but this session does not have it yet",
                    "/etc/group lists the user, but group membership is fixed at login. Log out and back "
                    "in (a new SSH connection, or reboot for desktop sessions); until then GPU access fails "
                    "from this session.", evidence=evidence)
    accessible = [e for e in devnodes or [] if not e.error]
    if accessible and all(e.readable and e.writable for e in accessible):
        return ok(f"{user} is not in {', '.join(missing)}, but can open the GPU nodes anyway",
                  "Access comes from the node permissions or an ACL (for example the desktop seat's uaccess), "
                  "which SSH sessions, services and containers may not get; joining the groups is more robust.",
                  evidence=evidence, fix=groups_fix(identity, missing, container))
    return fail(f"{user} is not in the {', '.join(missing)} group(s)",
                "AMD's install guide requires render and video membership to use the GPUs; the device nodes "
                "are normally root:render mode 0660. After joining, log out and back in.",
                evidence=evidence, fix=groups_fix(identity, missing, container))
