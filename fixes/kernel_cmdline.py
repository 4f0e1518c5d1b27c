"""Put arguments on the kernel command line (and take conflicting ones off), through the
bootloader that decides what the machine boots next.

FixPlan contract (checks set it): ``fixer="kernel_cmdline"``,
``params={"add": ["iommu=pt", ...], "remove": ["iommu=soft", ...]}``; ``remove``
entries may be glob patterns ("iommu=*"). Several such plans in one run become one
(:func:`merge`): one edit and one regeneration per bootloader.

The bootloader comes from :mod:`.bootloader` (which one boots, in the order that decides
it); each kind edits its own configuration and runs its distribution's documented
regenerate step, cited in the plan:

- GRUB (``grub_debian``, ``grub_arch``, ``grub_suse``, ``grub_other``, ``proxmox_grub``):
  the GRUB_CMDLINE_LINUX_DEFAULT assignment that wins (Debian's update-grub also reads
  /etc/default/grub.d/*.cfg; SUSE's grub2-mkconfig does not), then update-grub or
  grub(2)-mkconfig.
- ``grub_rhel`` (RHEL 7 to 10, Fedora, CentOS Stream, Rocky, Alma): GRUB_CMDLINE_LINUX (and
  /etc/kernel/cmdline where it exists, which new kernels' BLS entries copy), then
  ``grubby --update-kernel=ALL --args=...``; without grubby ``grub2-mkconfig -o
  /boot/grub2/grub.cfg``, with ``--update-bls-cmdline`` from RHEL 9.3 (a grub2-mkconfig
  option: grubby has none).
- ``proxmox_systemd_boot``: /etc/kernel/cmdline, then ``proxmox-boot-tool refresh``.
- ``systemd_boot`` (kernel-install): /etc/kernel/cmdline, then ``kernel-install add`` per
  kernel (``reinstall-kernels`` on EndeavourOS, kind ``endeavouros``).
- ``systemd_boot_entries``: hand-written entries: their ``options`` lines, nothing to run.
- ``kernelstub`` (Pop!_OS): ``kernelstub -a/-d``, which edits its own configuration.
- ``nixos``, ``ostree``, ``wsl``: shown, not applied (configuration.nix + nixos-rebuild;
  rpm-ostree kargs; .wslconfig on the Windows side). A container is refused: its kernel
  is the host's.

An argument already on what boots next is "nothing to do" (a reboot, if the running kernel
lacks it). An argument that fights the one asked for (``amd_iommu=off`` beside
``iommu=pt``) is named in words and removed; removing one that switches the IOMMU off makes
the plan unsafe. The change reaches the running kernel after a reboot; the scan after it
reads /proc/cmdline and confirms. Sources: install-on-linux install-faq "Issue #5";
how-to/system-optimization/mi300x.rst; bootloader.DOCS for each regenerate step.
"""
from __future__ import annotations

import json
import re

from rocmdoctor.engine.model import Action, Applicability, FixPlan
from rocmdoctor.machine.parsers.cmdline import parse_cmdline
from rocmdoctor.remedy.fixplan import Command, Concrete, FileEdit, FixContext, Refused

from . import bootloader as bl
from . import grub_default as gd
from . import loader_entries as le
from rocmdoctor.base.untrusted import pick

NAME = "kernel_cmdline"
IOMMU_DOCS = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/install-faq.html"
KERNEL_PARAMS = "https://docs.kernel.org/admin-guide/kernel-parameters.html"
IOMMU_CONFLICTS = ["iommu=soft", "iommu=off", "iommu=nopt", "iommu.passthrough=0"]

# Arguments that fight iommu=pt: what each does, and whether removing it is safe (True) or
# turns the IOMMU back on, which someone switched off on purpose (False: the plan is unsafe).
CONFLICTS = {
    "iommu=soft": ("bounces DMA through software buffers (swiotlb) instead of the IOMMU", True),
    "iommu=nopt": ("forces DMA translation, the opposite of iommu=pt", True),
    "iommu.passthrough=0": ("forces DMA translation, the opposite of iommu=pt", True),
    "iommu=off": ("switches the IOMMU off, so iommu=pt beside it does nothing", False),
    "amd_iommu=off": ("switches the AMD IOMMU off, so iommu=pt beside it does nothing", False),
    "intel_iommu=off": ("switches the Intel IOMMU off, so iommu=pt and intel_iommu=on beside it do nothing", False),
}
# The same request spelled another way (kernel-parameters.txt: iommu.passthrough=1 is iommu=pt).
EQUIVALENT = {"iommu=pt": ("iommu.passthrough=1", "iommu.passthrough=y", "iommu.passthrough=on")}


# ------------------------------------------------------------------ plans to apply
def iommu_plan(vendor: str | None, mode: str = "pt") -> FixPlan:
    """The plan `fix --iommu` asks for. pt: AMD's guidance (iommu=pt; on Intel hosts
    intel_iommu=on iommu=pt). off: the intel_iommu=off workaround some users report
    (NVIDIA/nccl#257), which no AMD document endorses: unsafe."""
    intel = vendor == "GenuineIntel"
    if mode == "off":
        if not intel:
            raise ValueError("--iommu-mode off is the intel_iommu=off workaround for Intel hosts; "
                             f"this host's CPU vendor is {vendor or 'unknown'}")
        return FixPlan(
            "Turn the Intel IOMMU off (intel_iommu=off)",
            (Action("note", "add intel_iommu=off to the kernel command line, regenerate the boot entries, reboot"),),
            Applicability.UNSAFE, needs_root=True, needs_reboot=True, fixer=NAME,
            params={"add": ["intel_iommu=off"], "remove": ["intel_iommu=on"],
                    "why": "unsafe: a workaround reported for NCCL hangs (NVIDIA/nccl#257) that no AMD "
                           "document endorses; it drops DMA isolation, and on hosts with 256 or more "
                           "CPUs it caps Linux at 255 cores (mi300x.rst)"})
    add = ["intel_iommu=on", "iommu=pt"] if intel else ["iommu=pt"]
    remove = IOMMU_CONFLICTS + (["intel_iommu=off"] if intel else ["amd_iommu=off"])
    return FixPlan(
        f"Put {' '.join(add)} on the kernel command line",
        (Action("note", f"add {' '.join(add)} to the kernel command line, regenerate the boot entries, reboot"),),
        Applicability.SAFE, needs_root=True, needs_reboot=True, fixer=NAME,
        params={"add": add, "remove": remove,
                "why": "AMD's guidance for multi-GPU hosts: without iommu=pt RCCL collectives can hang "
                       f"({IOMMU_DOCS} Issue #5; ROCm/rccl#1129)"})


def merge(plans: list[FixPlan]) -> FixPlan:
    """Many findings, one kernel command line: add the union, remove the rest."""
    add: list[str] = []
    remove: list[str] = []
    whys = []
    for p in plans:
        add += [t for t in p.params.get("add", []) if t not in add]
        remove += [t for t in p.params.get("remove", []) if t not in remove]
        if p.params.get("why"):
            whys.append(p.params["why"])
    remove = [r for r in remove if r not in add]
    order = [Applicability.SAFE, Applicability.UNSAFE, Applicability.DISPLAY_ONLY]
    worst = max((p.applicability for p in plans), key=order.index)
    return FixPlan(f"Put {' '.join(add)} on the kernel command line" if add else plans[0].title,
                   tuple(a for p in plans for a in p.actions), worst, needs_root=True, needs_reboot=True,
                   fixer=NAME, params={"add": add, "remove": remove, "why": "; ".join(whys)})


# ------------------------------------------------------------------ arguments
def missing(args, add: list[str]) -> list[str]:
    """What of ``add`` the arguments lack, an equivalent spelling counting as present."""
    have = {f"{k}={v}" if v is not None else k for k, v in args}
    return [t for t in gd.missing(args, add) if not any(e in have for e in EQUIVALENT.get(t, ()))]


def needed(args, add: list[str]) -> list[str]:
    """``add`` less what the arguments already say another way (iommu.passthrough=1 for iommu=pt):
    the tokens an editor should write."""
    have = set(_tokens(args))
    return [t for t in add if not any(e in have for e in EQUIVALENT.get(t, ()))]


def satisfied(args, add: list[str], remove: list[str]) -> bool:
    return not missing(args, add) and not gd.present(args, remove)


def _tokens(args) -> list[str]:
    return [f"{k}={v}" if v is not None else k for k, v in args]


# ------------------------------------------------------------------ planning
# Each handler sets the plan's edits and commands and returns (config, generated): the argument
# lists of the persistent configuration, and of the entries that boot next (None: unreadable).
def plan(fix: FixPlan, fctx: FixContext) -> Concrete:
    add = list(fix.params.get("add", []))
    remove = [r for r in fix.params.get("remove", []) if r not in add]
    gd.check_tokens(add)
    boot = bl.detect(fctx)
    if boot.kind == "container":
        raise Refused(f"this is a container ({boot.why}): its kernel and command line are the host's; run "
                      "`rocmdoctor fix --iommu` on the host")
    c = Concrete(title=fix.title, fixer=NAME, applicability=fix.applicability, needs_root=True, needs_reboot=True,
                 params={"add": add, "remove": remove, "bootloader": boot.kind, "doc": bl.doc_for(boot)},
                 key=f"{NAME}:{boot.kind}")
    reason = fix.params.get("why") or ""
    doc = c.params["doc"]
    c.why = (f"{reason}. " if reason else "") + f"Bootloader: {boot.why}" + (f"; documented at {doc}" if doc else "")
    running = bl.running_args(fctx)
    handler = _HANDLERS.get(boot.kind or "", _unknown)
    config, generated = handler(c, fctx, boot, add, remove, running)
    _conflicts(c, remove, [a for a in config + (generated or []) if a])  # what boots next, not what runs now
    if not c.edits and not c.nothing_to_do and c.applicability != Applicability.DISPLAY_ONLY \
            and config and all(satisfied(a, add, remove) for a in config):
        _settled(c, add, remove, running, generated)
    if c.applicability == Applicability.DISPLAY_ONLY and running is not None and satisfied(running, add, remove):
        c.nothing_to_do = f"the running kernel (/proc/cmdline) already has {' '.join(c.params['add'])}"
        c.commands = []
    if c.actionable or (c.applicability == Applicability.DISPLAY_ONLY and not c.nothing_to_do and boot.kind != "wsl"):
        c.notes += ["reboot: the running kernel keeps its command line until then",
                    f"after the reboot, /proc/cmdline shows {' '.join(c.params['add'])} and `rocmdoctor scan` confirms it"]
    return c


def _conflicts(c: Concrete, remove: list[str], arg_lists) -> None:
    """Say, in words, which arguments fight the ones asked for; one that switches the IOMMU off
    makes the plan unsafe (removing it turns the IOMMU back on)."""
    found = []
    for args in arg_lists:
        found += [t for t in gd.present(args, remove) if t not in found]
    if not found:
        return
    words = []
    for tok in found:
        what, safe = CONFLICTS.get(tok, ("conflicts with the arguments asked for", True))
        words.append(f"{tok} {what}")
        if not safe and c.applicability == Applicability.SAFE:
            c.applicability = Applicability.UNSAFE
    c.params["conflicts"] = found
    unsafe = [t for t in found if not CONFLICTS.get(t, ("", True))[1]]
    c.why += "; conflict: " + "; ".join(words) + ". The plan removes " + " ".join(found)
    if unsafe:
        c.why += (f". Removing {' '.join(unsafe)} turns the IOMMU back on, which someone switched off on "
                  "purpose: apply it with --unsafe, or keep it and drop iommu=pt")
    c.notes.insert(0, "conflicting arguments removed: " + " ".join(found) + f" ({KERNEL_PARAMS})")


def _settled(c: Concrete, add, remove, running, generated) -> None:
    """The configuration already has the arguments: nothing to edit. Say whether the running
    kernel and the generated entries have them too, or regenerate the entries."""
    words = " ".join(c.params["add"])
    entries_ok = generated is not None and all(satisfied(a, add, remove) for a in generated)
    if generated is not None and not entries_ok:
        c.why += "; the configuration already has the arguments but the boot entries do not: regenerate them"
        return
    if running is not None and satisfied(running, add, remove):
        c.nothing_to_do = f"what boots next and the running kernel (/proc/cmdline) already have {words}"
    elif entries_ok:
        c.nothing_to_do = f"the boot entries that boot next already have {words}; the running kernel does not yet: reboot"
    elif running is None:
        c.nothing_to_do = f"the bootloader configuration already has {words}"
    else:  # the entries cannot be read and the running kernel lacks them: regenerate to be sure
        c.why += "; the configuration already has the arguments, the running kernel does not: regenerate the entries"
        return
    c.commands, c.undo_commands = [], []


# ------------------------------------------------------------------ GRUB
def _grub_files(fctx, boot) -> list[tuple[str, str]]:
    main = fctx.read("/etc/default/grub")
    if main is None:
        raise Refused("/etc/default/grub is not readable")
    files = [("/etc/default/grub", main)]
    if boot.kind in ("grub_debian", "proxmox_grub"):  # Debian's grub-mkconfig reads the drop-ins after it
        for p in sorted(fctx.source.glob("/etc/default/grub.d/*.cfg")):
            t = fctx.read(p)
            if t is not None:
                files.append((p, t))
    return files


def _grub_cfg(fctx, path: str) -> list | None:
    text = fctx.read(path)
    if text is None:
        return None
    out = [parse_cmdline(m.group(1)).args for m in re.finditer(r"^\s*linux(?:16|efi)?\s+\S+\s*(.*)$", text, re.MULTILINE)]
    return out or None


def _bls_entries(fctx) -> list | None:
    env = le.grubenv(fctx.read("/boot/grub2/grubenv"))
    out = [le.args(fctx.read(p) or "", env) for p in sorted(fctx.source.glob("/boot/loader/entries/*.conf"))]
    return out or None


def _grub(c: Concrete, fctx, boot, add, remove, running):
    files = _grub_files(fctx, boot)
    rhel = boot.kind == "grub_rhel"
    new = gd.edit(files, gd.LINUX if rhel else gd.DEFAULT, needed(gd.tokens_of(gd.effective(files)), add), remove)
    for p, t in files:
        if p in new:
            c.edits.append(FileEdit(p, t, new[p], note=fctx.link_note(p)))
    config = [gd.tokens_of(gd.effective(files))]
    if boot.kind == "grub_debian" and len(files) > 1:
        c.why += "; update-grub reads /etc/default/grub.d/*.cfg after /etc/default/grub: the assignment that wins is edited"
    if boot.kind == "grub_suse" and fctx.source.glob("/etc/default/grub.d/*.cfg"):
        c.why += "; SUSE's grub2-mkconfig reads /etc/default/grub only: /etc/default/grub.d is left alone"
    if not rhel:
        out = "/boot/grub2/grub.cfg" if boot.kind == "grub_suse" or (
            boot.kind == "grub_other" and fctx.source.exists("/boot/grub2")) else "/boot/grub/grub.cfg"
        tool = "grub2-mkconfig" if out.startswith("/boot/grub2") else "grub-mkconfig"
        regen = (Command(("update-grub",), "regenerate /boot/grub/grub.cfg" + (
            " (and, on Proxmox, run proxmox-boot-tool refresh)" if boot.kind == "proxmox_grub" else ""))
            if boot.kind in ("grub_debian", "proxmox_grub") else Command((tool, "-o", out), "regenerate the GRUB menu"))
        c.commands, c.undo_commands = [regen], [regen]
        return config, _grub_cfg(fctx, out)
    return _grub_rhel(c, fctx, boot, add, remove, running, files, config)


def _grub_rhel(c, fctx, boot, add, remove, running, files, config):
    is_bls = bl.bls(fctx, files[0][1])
    c.params["bls"] = is_bls
    kc = fctx.read("/etc/kernel/cmdline")
    if kc is not None and is_bls:  # new kernels' BLS entries copy it (kernel-install, Fedora 33+ / RHEL 9)
        new = le.edit_plain(kc, needed(parse_cmdline(kc).args, add), remove)
        if new != kc:
            c.edits.append(FileEdit("/etc/kernel/cmdline", kc, new, note=fctx.link_note("/etc/kernel/cmdline")))
        config = config + [parse_cmdline(kc).args]
    generated = _bls_entries(fctx) if is_bls else _grub_cfg(fctx, "/boot/grub2/grub.cfg")
    if bl.grubby(fctx):
        base = ["grubby", "--update-kernel=ALL"]  # never --update-bls-cmdline: grub2-mkconfig's option
        gone = []
        for args in config + (generated or []) + ([running] if running else []):
            gone += [t for t in gd.present(args, remove) if t not in gone]
        c.commands = [Command(tuple(base + ["--args=" + " ".join(add)]), "update the installed boot entries")]
        if gone:
            c.commands.append(Command(tuple(base + ["--remove-args=" + " ".join(gone)])))
        back = gd.missing(running or [], add) or add
        c.undo_commands = [Command(tuple(base + ["--remove-args=" + " ".join(back)]))]
        if gone:
            c.undo_commands.append(Command(tuple(base + ["--args=" + " ".join(gone)])))
        if not is_bls:
            c.params["doc"] = bl.DOCS["grub_rhel7"]
    else:
        argv = ["grub2-mkconfig", "-o", "/boot/grub2/grub.cfg"]
        if is_bls and bl.update_bls_cmdline(boot.osr):
            argv.append("--update-bls-cmdline")  # from RHEL 9.3 the BLS options change only with it
        regen = Command(tuple(argv), "regenerate the GRUB menu and the BLS entries' options")
        c.commands, c.undo_commands = [regen], [regen]
        c.params["doc"] = bl.DOCS["grub_rhel_mkconfig"]
        c.why += f"; no grubby: regenerate per {bl.DOCS['grub_rhel_mkconfig']}"
    return config, generated


# ------------------------------------------------------------------ /etc/kernel/cmdline users
def _plain_file(c, fctx, path: str, add, remove, base: str | None = None):
    old = fctx.read(path)
    if old is not None:
        if any(line.lstrip().startswith("#") for line in old.splitlines()):
            raise Refused(f"{path} has a line starting with '#'; kernel-install does not treat it as a comment, "
                          "so rocmdoctor will not guess what it means")
        new = le.edit_plain(old, needed(parse_cmdline(old).args, add), remove)
        if new != old:
            c.edits.append(FileEdit(path, old, new, note=fctx.link_note(path)))
        return parse_cmdline(old).args
    if base is None:
        raise Refused(f"{path} does not exist and there is nothing to start it from")
    c.edits.append(FileEdit(path, None, le.edit_plain(base.strip() + "\n", needed(parse_cmdline(base).args, add),
                                                      remove)))
    c.why += f"; {path} does not exist: it is created from the current boot entry's arguments"
    return parse_cmdline(base).args


def _proxmox_systemd_boot(c, fctx, boot, add, remove, running):
    config = [_plain_file(c, fctx, "/etc/kernel/cmdline", add, remove)]
    cmd = Command(("proxmox-boot-tool", "refresh"), "copy the kernels and the new command line to every ESP in "
                  "/etc/kernel/proxmox-boot-uuids (loader/entries/proxmox-*.conf)")
    c.commands, c.undo_commands = [cmd], [cmd]
    if fctx.source.exists("/etc/default/grub"):
        c.why += "; /etc/default/grub is not read on this host (systemd-boot), so it is left alone"
    return config, None


def _entries(fctx, esp: str) -> list[tuple[str, str]]:
    out = []
    for p in sorted(fctx.source.glob(f"{esp}/loader/entries/*.conf")):
        t = fctx.read(p)
        if t is not None and re.search(r"^\s*(linux|uki)\s", t, re.MULTILINE):  # Linux entries, not an EFI shell
            out.append((p, t))
    return out


def _running_base(fctx, running) -> str | None:
    if running is None:
        return None
    return " ".join(t for t in _tokens(running) if not t.startswith(("BOOT_IMAGE=", "initrd=")))


def _kernel_install(c, fctx, boot, add, remove, running):
    entries = _entries(fctx, boot.esp or "/boot")
    if not fctx.source.exists("/etc/kernel"):
        # No /etc/kernel to hold a cmdline file: edit the entries themselves. kernel-install is not
        # run (it would rewrite them from /proc/cmdline); after the reboot /proc/cmdline has the
        # arguments, and the kernels installed later copy it.
        config, generated = _systemd_boot_entries(c, fctx, boot, add, remove, running, why=False)
        c.why += ("; there is no /etc/kernel directory for /etc/kernel/cmdline, so the kernel-install entries' "
                  "options lines are edited; kernel-install copies /proc/cmdline for later kernels, which has the "
                  "arguments after the reboot")
        return config, generated
    base = fctx.read("/usr/lib/kernel/cmdline")
    if base is None and entries:
        base = le.options_text(entries[-1][1])
    config = [_plain_file(c, fctx, "/etc/kernel/cmdline", add, remove, base or _running_base(fctx, running))]
    if boot.kind == "endeavouros" and fctx.source.exists("/usr/bin/reinstall-kernels"):
        cmds = [Command(("reinstall-kernels",), "rewrite every kernel's boot entry from /etc/kernel/cmdline")]
    else:
        cmds = [Command(("kernel-install", "add", ver, img), "rewrite this kernel's boot entry")
                for ver, img in _kernels(fctx)]
        if not cmds:
            c.notes.append("run `kernel-install add <version> <image>` for each installed kernel")
    c.commands, c.undo_commands = cmds, list(cmds)
    return config, [le.args(t) for _, t in entries] or None


def _systemd_boot_entries(c, fctx, boot, add, remove, running, why=True):
    entries = _entries(fctx, boot.esp or "/boot")
    if not entries:
        raise Refused(f"systemd-boot without a Linux entry in {boot.esp}/loader/entries")
    for p, t in entries:
        new = le.edit_entry(t, needed(le.args(t), add), remove)
        if new != t:
            c.edits.append(FileEdit(p, t, new, note=fctx.link_note(p)))
    if why:
        c.why += ("; the entries are not kernel-install's (no /etc/kernel/cmdline, not named <machine-id>-<version>): "
                  "their options lines are edited, and kernel-install, which would add entries loader.conf does not "
                  "boot, is not run")
    args = [le.args(t) for _, t in entries]
    return args, args


def _kernels(fctx) -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for pattern in ("/usr/lib/modules/*/vmlinuz", "/lib/modules/*/vmlinuz"):
        for p in fctx.source.glob(pattern):
            ver = p.split("/")[-2]
            seen.setdefault(ver, f"/usr/lib/modules/{ver}/vmlinuz" if p.startswith("/usr") else p)
    if not seen:
        rel = fctx.fact("kernel_release")
        if rel:
            seen[rel] = f"/lib/modules/{rel}/vmlinuz"
    return sorted(seen.items())


# ------------------------------------------------------------------ kernelstub (Pop!_OS)
def _kernelstub(c, fctx, boot, add, remove, running):
    text = fctx.read("/etc/kernelstub/configuration")
    try:
        conf = json.loads(text or "")
        opts = pick(conf.get("user") or conf.get("default"), "kernel_options", default=[])
    except (ValueError, AttributeError) as exc:
        raise Refused(f"/etc/kernelstub/configuration is not the JSON kernelstub writes ({exc})") from None
    opts = opts.split() if isinstance(opts, str) else [str(o) for o in opts if isinstance(o, (str, int))]
    args = parse_cmdline(" ".join(opts)).args
    need, gone = missing(args, add), gd.present(args, remove)
    if need:
        c.commands.append(Command(("kernelstub", "-a", " ".join(need)), "add them to kernelstub's configuration "
                                  "and rewrite the systemd-boot entry"))
        c.undo_commands.append(Command(("kernelstub", "-d", " ".join(need))))
    if gone:
        c.commands.append(Command(("kernelstub", "-d", " ".join(gone))))
        c.undo_commands.append(Command(("kernelstub", "-a", " ".join(gone))))
    c.why += "; kernelstub keeps the command line in its own configuration and rewrites the entry itself"
    if not need and not gone:  # kernelstub wrote the entry when it took the options: only a reboot is left
        c.nothing_to_do = (f"kernelstub's configuration already has {' '.join(add)}" + (
            "" if running is None or satisfied(running, add, remove) else "; the running kernel does not yet: reboot"))
    return [args], None


# ------------------------------------------------------------------ shown, not applied
def _nixos(c, fctx, boot, add, remove, running):
    c.applicability = Applicability.DISPLAY_ONLY
    conf = fctx.read("/etc/nixos/configuration.nix") or ""
    quoted = " ".join(f'"{t}"' for t in add)
    c.notes.append(f"add {quoted} to boot.kernelParams in /etc/nixos/configuration.nix "
                   f"(boot.kernelParams = [ {quoted} ];)" + (f", and take {' '.join(remove)} out of it" if any(
                       r.split('=')[0] in conf for r in remove) else ""))
    c.commands = [Command(("nixos-rebuild", "boot"), "build the next generation's boot entry from configuration.nix")]
    c.why += "; NixOS writes its boot entries from configuration.nix: editing them or /etc/kernel/cmdline is undone"
    present = [parse_cmdline(" ".join(re.findall(r'"([^"]+)"', m))).args
               for m in re.findall(r"boot\.kernelParams\s*=\s*\[([^\]]*)\]", conf)]
    return present or [()], None


def _ostree(c, fctx, boot, add, remove, running):
    c.applicability = Applicability.DISPLAY_ONLY
    gone = gd.present(running or [], remove)
    c.commands = [Command(("rpm-ostree", "kargs", *[f"--append={t}" for t in missing(running or [], add) or add],
                           *[f"--delete={t}" for t in gone]), "stage a deployment with these arguments")]
    c.why += "; OSTree keeps kernel arguments per deployment: rpm-ostree kargs stages the next one"
    return [running or []], None


def _wsl(c, fctx, boot, add, remove, running):
    c.applicability = Applicability.DISPLAY_ONLY
    c.params["add"] = [t for t in add if t != "intel_iommu=on"]  # never in the VM: the host owns the IOMMU
    c.title = "Kernel command line under WSL 2: set on the Windows side, and not for the IOMMU"
    c.notes.append("WSL 2 has no bootloader inside Linux: the WSL VM's kernel arguments are kernelCommandLine "
                   "under [wsl2] in %UserProfile%\\.wslconfig on Windows (then `wsl --shutdown`)")
    c.notes.append("the IOMMU belongs to the Windows host and its hypervisor: iommu=pt in the VM changes nothing "
                   "for GPU DMA, and intel_iommu=on is never set here")
    c.why += "; shown only: nothing in this Linux decides how the GPU's DMA is translated"
    return [], None


def _unknown(c, fctx, boot, add, remove, running):
    c.applicability = Applicability.DISPLAY_ONLY
    c.notes.append(f"add {' '.join(add)} to your bootloader's kernel command line by hand"
                   + (f" and remove {' '.join(remove)}" if remove else ""))
    c.why += "; shown only: rocmdoctor does not know this bootloader"
    return [], None


_HANDLERS = {
    "grub_debian": _grub, "grub_arch": _grub, "grub_suse": _grub, "grub_other": _grub, "grub_rhel": _grub,
    "proxmox_grub": _grub, "proxmox_systemd_boot": _proxmox_systemd_boot, "systemd_boot": _kernel_install,
    "endeavouros": _kernel_install, "systemd_boot_entries": _systemd_boot_entries, "kernelstub": _kernelstub,
    "nixos": _nixos, "ostree": _ostree, "wsl": _wsl,
}
