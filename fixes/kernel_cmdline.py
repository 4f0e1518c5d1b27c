"""Put arguments on the kernel command line (and take conflicting ones off), through
whichever bootloader the scanned tree uses.

FixPlan contract (checks set it): ``fixer="kernel_cmdline"``,
``params={"add": ["iommu=pt", ...], "remove": ["iommu=soft", ...]}``; ``remove``
entries may be glob patterns ("iommu=*"). Several such plans in one run become one
(:func:`merge`): one edit and one regeneration per bootloader.

Backends, detected from the tree (:func:`detect`):

- ``grub_debian``: GRUB_CMDLINE_LINUX_DEFAULT in /etc/default/grub, or in the
  /etc/default/grub.d/*.cfg snippet that sets it last (update-grub sources those
  after the main file, cloud images use one); then ``update-grub``.
- ``grub_rhel``: GRUB_CMDLINE_LINUX in /etc/default/grub (kept for future
  grub2-mkconfig runs), then ``grubby --update-kernel=ALL --args=...`` for the
  installed entries, or ``grub2-mkconfig -o /boot/grub2/grub.cfg`` without grubby.
- ``systemd_boot``: /etc/kernel/cmdline (created from /proc/cmdline when absent, as
  kernel-install would read it), then ``kernel-install add`` for each kernel.
- ``kernelstub`` (Pop!_OS) and unknown layouts: shown, not applied.

The change reaches the running kernel only after a reboot; the scan after it reads
/proc/cmdline and confirms. Sources: install-on-linux install-faq "Issue #5";
how-to/system-optimization/mi300x.rst; RHEL "Managing, monitoring and updating the
kernel" (grubby); systemd/systemd#18456 (kernel-install and /etc/kernel/cmdline).
"""
from __future__ import annotations

import re

from rocmdoctor.remedy.fixplan import Command, Concrete, FileEdit, FixContext, Refused
from rocmdoctor.engine.model import Action, Applicability, FixPlan
from rocmdoctor.machine.parsers.cmdline import parse_cmdline

from . import grub_default as gd

NAME = "kernel_cmdline"
LOADER_CONF = ("/boot/loader/loader.conf", "/efi/loader/loader.conf", "/boot/efi/loader/loader.conf")
ENTRY_DIRS = ("/boot/loader/entries", "/efi/loader/entries", "/boot/efi/loader/entries")
GRUBBY = ("/usr/sbin/grubby", "/sbin/grubby", "/usr/bin/grubby")
RHEL_IDS = {"rhel", "centos", "fedora", "rocky", "almalinux", "ol", "amzn"}
DEBIAN_IDS = {"debian", "ubuntu", "linuxmint", "pop", "raspbian"}

IOMMU_DOCS = "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/install-faq.html"
IOMMU_CONFLICTS = ["iommu=soft", "iommu=off", "iommu=nopt"]


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
    remove = IOMMU_CONFLICTS + (["intel_iommu=off"] if intel else [])
    return FixPlan(
        f"Put {' '.join(add)} on the kernel command line", (Action("note", f"add {' '.join(add)} to the kernel command line, regenerate the boot entries, reboot"),),
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


# ------------------------------------------------------------------ detection
def _family(osr: dict) -> str:
    ids = {osr.get("ID", "").lower()} | set(osr.get("ID_LIKE", "").lower().split())
    if ids & RHEL_IDS:
        return "rhel"
    if ids & DEBIAN_IDS:
        return "debian"
    return "other"


def _os_release(fctx: FixContext) -> dict:
    osr = fctx.fact("os_release")
    if osr is None:
        from rocmdoctor.machine.parsers.keyvalue import parse_os_release

        text = fctx.read("/etc/os-release") or fctx.read("/usr/lib/os-release") or ""
        osr = parse_os_release(text)
    return osr


def detect(fctx: FixContext) -> tuple[str | None, str]:
    """(backend, why) for the tree. A systemd-boot loader.conf wins over a leftover
    /etc/default/grub; a grub file is read the way its distribution's tools do."""
    src = fctx.source
    if src.exists("/etc/kernelstub/configuration"):
        return "kernelstub", "/etc/kernelstub/configuration exists (Pop!_OS)"
    for p in LOADER_CONF:
        if src.exists(p):
            return "systemd_boot", f"systemd-boot: {p} exists"
    if src.exists("/etc/default/grub"):
        osr = _os_release(fctx)
        fam = _family(osr)
        name = osr.get("PRETTY_NAME") or osr.get("ID") or "unknown distribution"
        return {"rhel": "grub_rhel", "debian": "grub_debian"}.get(fam, "grub_other"), f"GRUB on {name}"
    if src.exists("/etc/kernel/cmdline"):
        return "systemd_boot", "/etc/kernel/cmdline exists"
    return None, "no /etc/default/grub, systemd-boot loader.conf or /etc/kernel/cmdline found"


# ------------------------------------------------------------------ planning
def plan(fix: FixPlan, fctx: FixContext) -> Concrete:
    add = list(fix.params.get("add", []))
    remove = [r for r in fix.params.get("remove", []) if r not in add]
    gd.check_tokens(add)
    backend, why = detect(fctx)
    c = Concrete(title=fix.title, fixer=NAME, applicability=fix.applicability,
                 needs_root=True, needs_reboot=True, params={"add": add, "remove": remove, "bootloader": backend},
                 key=f"{NAME}:{backend}")
    reason = fix.params.get("why") or ""
    c.why = f"{reason}. Bootloader: {why}" if reason else f"bootloader: {why}"
    running = _running(fctx)
    if backend in ("grub_debian", "grub_rhel", "grub_other"):
        _grub(c, fctx, backend, add, remove, running)
    elif backend == "systemd_boot":
        _systemd_boot(c, fctx, add, remove, running)
    else:
        c.applicability = Applicability.DISPLAY_ONLY
        if backend == "kernelstub":
            c.commands = [Command(("kernelstub", "-a", " ".join(add)), "Pop!_OS keeps the command line in kernelstub")]
            if remove:
                c.commands.append(Command(("kernelstub", "-d", " ".join(remove))))
        else:
            c.notes.append(f"add {' '.join(add)} to your bootloader's kernel command line by hand")
        c.why += "; shown only: rocmdoctor does not edit this bootloader"
    if c.actionable or c.applicability == Applicability.DISPLAY_ONLY:
        c.notes += ["reboot: the running kernel keeps its command line until then",
                    f"after the reboot, /proc/cmdline shows {' '.join(add)} and `rocmdoctor scan` confirms it"]
    return c


def _running(fctx: FixContext):
    text = fctx.read("/proc/cmdline")
    return parse_cmdline(text).args if text is not None else None


def _grub(c: Concrete, fctx: FixContext, backend: str, add, remove, running) -> None:
    main = fctx.read("/etc/default/grub")
    if main is None:
        raise Refused("/etc/default/grub is not readable")
    files = [("/etc/default/grub", main)]
    if backend == "grub_debian":
        for p in fctx.source.glob("/etc/default/grub.d/*.cfg"):
            t = fctx.read(p)
            if t is not None:
                files.append((p, t))
    target = gd.LINUX if backend == "grub_rhel" else gd.DEFAULT
    new = gd.edit(files, target, add, remove)
    old_args = gd.tokens_of(gd.effective(files))
    for p, t in files:
        if p in new:
            c.edits.append(FileEdit(p, t, new[p], note=fctx.link_note(p)))
    if backend == "grub_rhel":
        grubby = next((g for g in GRUBBY if fctx.source.exists(g)), None)
        if grubby:
            base = ["grubby", "--update-kernel=ALL"]
            osr = _os_release(fctx)
            if osr.get("ID") in ("rhel", "centos", "rocky", "almalinux") and \
                    (osr.get("VERSION_ID", "0").split(".")[0] or "0").isdigit() and \
                    int(osr.get("VERSION_ID", "0").split(".")[0] or 0) >= 10:
                base.append("--update-bls-cmdline")
            gone = sorted(set(gd.present(old_args, remove) + gd.present(running or [], remove)))
            c.commands.append(Command(tuple(base + ["--args=" + " ".join(add)]), "update the installed boot entries"))
            if gone:
                c.commands.append(Command(tuple(base + ["--remove-args=" + " ".join(gone)])))
            undo = [Command(tuple(base + ["--remove-args=" + " ".join(gd.missing(running or [], add) or add)]))]
            if gone:
                undo.append(Command(tuple(base + ["--args=" + " ".join(gone)])))
            c.undo_commands = undo
        else:
            regen = Command(("grub2-mkconfig", "-o", "/boot/grub2/grub.cfg"), "regenerate the GRUB menu")
            c.commands, c.undo_commands = [regen], [regen]
    else:
        regen = (Command(("update-grub",), "regenerate /boot/grub/grub.cfg") if backend == "grub_debian"
                 else Command(("grub-mkconfig", "-o", "/boot/grub/grub.cfg"), "regenerate the GRUB menu"))
        c.commands, c.undo_commands = [regen], [regen]
    if not c.edits:
        _settled(c, fctx, add, remove, running, generated=_grub_cfg_args(fctx, backend))


def _grub_cfg_args(fctx: FixContext, backend: str) -> list | None:
    """Argument lists of the generated menu's Linux entries (None when unreadable)."""
    if backend == "grub_rhel":
        entries = _bls_options(fctx)
        if entries:
            return entries
    path = "/boot/grub2/grub.cfg" if backend == "grub_rhel" else "/boot/grub/grub.cfg"
    text = fctx.read(path)
    if text is None:
        return None
    out = []
    for line in text.splitlines():
        m = re.match(r"\s*linux(?:16|efi)?\s+\S+\s*(.*)$", line)
        if m:
            out.append(parse_cmdline(m.group(1)).args)
    return out or None


def _bls_options(fctx: FixContext) -> list | None:
    out = []
    for d in ENTRY_DIRS:
        for p in fctx.source.glob(d + "/*.conf"):
            for line in (fctx.read(p) or "").splitlines():
                if line.startswith("options"):
                    out.append(parse_cmdline(line[len("options"):]).args)
    return out or None


def _settled(c: Concrete, fctx: FixContext, add, remove, running, generated) -> None:
    """The config already has the arguments: nothing to edit. Say whether the running
    kernel has them, whether the generated menu does, or regenerate it."""
    c.edits = []
    if running is not None and gd.satisfied(running, add, remove):
        c.nothing_to_do = f"the bootloader config and the running kernel (/proc/cmdline) already have {' '.join(add)}"
        c.commands = []
        return
    if generated and all(gd.satisfied(args, add, remove) for args in generated):
        c.nothing_to_do = (f"the bootloader config and its generated entries have {' '.join(add)}; "
                           "the running kernel does not yet: reboot")
        c.commands = []
        return
    if running is None and generated is None:
        c.nothing_to_do = f"the bootloader config already has {' '.join(add)}"
        c.commands = []
        return
    c.why += "; the config already has the arguments but the boot entries do not: regenerate them"


def _systemd_boot(c: Concrete, fctx: FixContext, add, remove, running) -> None:
    path = "/etc/kernel/cmdline"
    old = fctx.read(path)
    if old is not None:
        if any(line.lstrip().startswith("#") for line in old.splitlines()):
            raise Refused(f"{path} has a line starting with '#'; kernel-install does not treat it as a comment, "
                          "so rocmdoctor will not guess what it means")
        new = _edit_plain(old, add, remove)
        if new != old:
            c.edits.append(FileEdit(path, old, new, note=fctx.link_note(path)))
    else:
        base = fctx.read("/usr/lib/kernel/cmdline")
        if base is None:
            if running is None:
                raise Refused(f"{path} does not exist and /proc/cmdline is unreadable: nothing to start from")
            base = " ".join(f"{k}={v}" if v is not None else k for k, v in running
                            if k not in ("BOOT_IMAGE", "initrd"))
        c.edits.append(FileEdit(path, None, _edit_plain(base.strip() + "\n", add, remove)))
        c.why += f"; {path} does not exist: it is created from the current command line"
    kernels = _kernels(fctx)
    if kernels:
        c.commands = [Command(("kernel-install", "add", ver, img), "rewrite this kernel's boot entry")
                      for ver, img in kernels]
        c.undo_commands = list(c.commands)
    else:
        c.notes.append("run `kernel-install add <version> <image>` for each installed kernel")
    if not c.edits:
        _settled(c, fctx, add, remove, running, generated=_bls_options(fctx))


def _edit_plain(text: str, add, remove) -> str:
    lines = text.split("\n")
    lines = [gd.remove_tokens(ln, remove) if ln.strip() else ln for ln in lines]
    need = gd.missing(parse_cmdline(" ".join(lines)).args, add)
    if need:
        idx = max((i for i, ln in enumerate(lines) if ln.strip()), default=0)
        cr = lines[idx].endswith("\r")
        body = lines[idx][:-1] if cr else lines[idx]
        lines[idx] = gd.append_tokens(body, need) + ("\r" if cr else "")
    return "\n".join(lines)  # split/join on "\n" keeps every line ending as it was


def _kernels(fctx: FixContext) -> list[tuple[str, str]]:
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
