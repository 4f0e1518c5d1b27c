"""Which bootloader decides what the machine boots next, read from the scanned tree.

The order matters more than the presence of files: a Proxmox host keeps an /etc/default/grub
that its ZFS-on-UEFI boot never reads; an Arch host may have both GRUB's file and a
systemd-boot loader.conf. So: a container or WSL has no bootloader of its own; NixOS and
OSTree systems rebuild their entries from their own configuration; then Proxmox's
proxmox-boot-tool, Pop!_OS's kernelstub, systemd-boot (kernel-install managed, or hand-written
entries), and last GRUB, read the way its distribution's tools read it. Where GRUB and
systemd-boot are both installed, the running kernel tells which one booted it: GRUB passes
``BOOT_IMAGE=`` on the command line, systemd-boot does not.

Each kind names the documentation of its regenerate step (``DOCS``); the plan cites it.
"""
from __future__ import annotations

import re

from rocmdoctor.base.records import dataclass, field
from rocmdoctor.base.versions import version_tuple
from rocmdoctor.machine.parsers.cmdline import parse_cmdline

ESP_DIRS = ("/boot", "/efi", "/boot/efi")
GRUBBY = ("/usr/sbin/grubby", "/sbin/grubby", "/usr/bin/grubby")
RHEL_IDS = {"rhel", "centos", "fedora", "rocky", "almalinux", "ol", "amzn", "eurolinux", "circle"}
DEBIAN_IDS = {"debian", "ubuntu", "linuxmint", "pop", "raspbian", "kali", "elementary", "zorin"}
SUSE_IDS = {"suse", "sles", "sled", "opensuse", "opensuse-leap", "opensuse-tumbleweed", "sle-micro"}
ARCH_IDS = {"arch", "endeavouros", "manjaro", "cachyos", "garuda", "artix"}

# The documentation each regenerate step follows (cited in the plan).
DOCS = {
    "grub_debian": "https://wiki.debian.org/Grub (update-grub; /etc/default/grub.d/*.cfg are read after /etc/default/grub)",
    "grub_arch": "https://wiki.archlinux.org/title/GRUB#Generate_the_main_configuration_file",
    "grub_other": "https://www.gnu.org/software/grub/manual/grub/html_node/Simple-configuration.html",
    "grub_suse": "https://documentation.suse.com/en-us/sles/15-SP6/html/SLES-all/cha-grub2.html "
                 "(grub2-mkconfig -o /boot/grub2/grub.cfg; only /etc/default/grub is read)",
    "grub_rhel": "https://docs.redhat.com/en/documentation/red_hat_enterprise_linux/{major}/html/"
                 "managing_monitoring_and_updating_the_kernel/configuring-kernel-command-line-parameters_"
                 "managing-monitoring-and-updating-the-kernel (grubby --update-kernel=ALL --args=...)",
    "grub_fedora": "https://docs.fedoraproject.org/en-US/fedora/latest/system-administrators-guide/"
                   "kernel-module-driver-configuration/Working_with_the_GRUB_2_Boot_Loader/ (grubby --update-kernel=ALL)",
    "grub_rhel_mkconfig": "https://docs.redhat.com/en/documentation/red_hat_enterprise_linux/9/html/9.3_release_notes/"
                          "new-features#new-features-boot-loader (from 9.3, grub2-mkconfig rewrites the BLS entries' "
                          "options only with --update-bls-cmdline; rhboot/grub2 PR #126)",
    "grub_rhel7": "https://access.redhat.com/documentation/en-us/red_hat_enterprise_linux/7/html/"
                  "system_administrators_guide/ch-working_with_the_grub_2_boot_loader (grubby --update-kernel=ALL)",
    "proxmox_systemd_boot": "https://pve.proxmox.com/pve-docs/chapter-sysadmin.html#sysboot_edit_kernel_cmdline "
                            "(systemd-boot: one line in /etc/kernel/cmdline, then proxmox-boot-tool refresh)",
    "proxmox_grub": "https://pve.proxmox.com/pve-docs/chapter-sysadmin.html#sysboot_edit_kernel_cmdline "
                    "(GRUB: GRUB_CMDLINE_LINUX_DEFAULT, then update-grub, which runs proxmox-boot-tool refresh)",
    "kernelstub": "https://github.com/pop-os/kernelstub (kernelstub -a/--add-options, -d/--delete-options)",
    "systemd_boot_entries": "https://wiki.archlinux.org/title/Systemd-boot#Adding_loaders "
                            "(kernel parameters are the entry's options line)",
    "systemd_boot": "https://www.freedesktop.org/software/systemd/man/latest/kernel-install.html "
                    "(/etc/kernel/cmdline is read when kernel-install writes an entry)",
    "endeavouros": "https://discovery.endeavouros.com/installation/systemd-boot/2022/12/ "
                   "(edit /etc/kernel/cmdline, then sudo reinstall-kernels)",
    "nixos": "https://nixos.org/manual/nixos/stable/options#opt-boot.kernelParams (boot.kernelParams, "
             "then nixos-rebuild boot)",
    "ostree": "https://docs.fedoraproject.org/en-US/fedora-silverblue/tips-and-tricks/#_working_with_kernel_arguments "
              "(rpm-ostree kargs)",
    "wsl": "https://learn.microsoft.com/en-us/windows/wsl/wsl-config#configuration-settings-for-wslconfig "
           "(kernelCommandLine in %UserProfile%\\.wslconfig)",
}


@dataclass
class Boot:
    kind: str | None  # a DOCS key, "container", or None (no bootloader found)
    why: str  # the evidence, in words
    osr: dict = field(default_factory=dict)
    esp: str | None = None  # the ESP mount point holding loader/ (systemd-boot)

    @property
    def doc(self) -> str:
        return DOCS.get(self.kind or "", "")


def doc_for(boot: Boot) -> str:
    """The documentation of the regenerate step, for this distribution and release."""
    if boot.kind == "grub_rhel":
        if boot.osr.get("ID") == "fedora":
            return DOCS["grub_fedora"]
        major = (version(boot.osr) or (9,))[0]
        return DOCS["grub_rhel7"] if major == 7 else DOCS["grub_rhel"].format(major=major if major in (8, 9, 10) else 9)
    return boot.doc


def os_release(fctx) -> dict:
    fact = fctx.fact("os_release")
    osr = dict(fact.values) if fact is not None else None
    if osr is None:
        from rocmdoctor.machine.parsers.keyvalue import parse_os_release

        text = fctx.read("/etc/os-release") or fctx.read("/usr/lib/os-release") or ""
        osr = parse_os_release(text)
    return osr or {}


def _ids(osr: dict) -> set[str]:
    return {osr.get("ID", "").lower()} | set(osr.get("ID_LIKE", "").lower().split())


def family(osr: dict) -> str:
    ids = _ids(osr)
    if ids & SUSE_IDS or any(i.startswith("opensuse") for i in ids):
        return "suse"
    if ids & RHEL_IDS:
        return "rhel"
    if ids & DEBIAN_IDS:
        return "debian"
    if ids & ARCH_IDS:
        return "arch"
    return "other"


def version(osr: dict) -> tuple[int, ...]:
    return version_tuple(osr.get("VERSION_ID", ""))


def _name(osr: dict) -> str:
    return osr.get("PRETTY_NAME") or osr.get("ID") or "an unknown distribution"


def running_args(fctx):
    text = fctx.read("/proc/cmdline")
    return parse_cmdline(text).args if text is not None else None


def booted_by_grub(fctx) -> bool | None:
    """GRUB sets BOOT_IMAGE= for the kernel it loads; systemd-boot and EFI stubs do not."""
    args = running_args(fctx)
    return None if args is None else any(k == "BOOT_IMAGE" for k, _ in args)


def esp_with_loader(fctx) -> str | None:
    """Where systemd-boot's loader/ lives. Entries without a loader.conf count only when there is
    no GRUB: RHEL and Fedora keep GRUB's own BLS entries in /boot/loader/entries."""
    src = fctx.source
    for d in ESP_DIRS:
        if src.exists(f"{d}/loader/loader.conf"):
            return d
    if not src.exists("/etc/default/grub"):
        for d in ESP_DIRS:
            if src.glob(f"{d}/loader/entries/*.conf"):
                return d
    return None


def grubby(fctx) -> str | None:
    return next((g for g in GRUBBY if fctx.source.exists(g)), None)


def secure_boot(fctx) -> bool:
    """SecureBoot-<guid> efivar: 4 attribute bytes, then 1 when on. Unreadable counts as off."""
    for p in fctx.source.glob("/sys/firmware/efi/efivars/SecureBoot-*"):
        t = fctx.read(p) or ""
        return len(t) >= 5 and t[4] == "\x01"
    return False


def in_container(fctx) -> str | None:
    src = fctx.source
    for p, what in (("/.dockerenv", "Docker"), ("/run/.containerenv", "Podman")):
        if src.exists(p):
            return f"{p} exists ({what} container)"
    c = fctx.fact("container")
    if getattr(c, "in_container", False):
        said = "; ".join(f"{where}: {text}" for where, text in c.evidence[:2])
        return f"a {c.runtime or 'container'} container ({said})"
    return None


def in_wsl(fctx) -> str | None:
    if fctx.fact("wsl") is not None:
        return "WSL 2 (the scan's wsl fact)"
    ver = fctx.read("/proc/version") or ""
    if re.search(r"microsoft|WSL", ver, re.IGNORECASE):
        return f"/proc/version names a Microsoft WSL kernel ({ver.split('(')[0].strip()})"
    if fctx.source.exists("/proc/sys/fs/binfmt_misc/WSLInterop"):
        return "/proc/sys/fs/binfmt_misc/WSLInterop exists"
    return None


def kernel_install_managed(fctx, esp: str) -> str | None:
    """Why the systemd-boot entries are kernel-install's (/etc/kernel/cmdline, or entries named
    <machine-id>-<version>.conf), or None for hand-written entries."""
    if fctx.source.exists("/etc/kernel/cmdline"):
        return "/etc/kernel/cmdline exists"
    mid = (fctx.read("/etc/machine-id") or "").strip()
    if mid:
        for p in fctx.source.glob(f"{esp}/loader/entries/{mid}-*.conf"):
            return f"{p} is named <machine-id>-<version>.conf, as kernel-install names entries"
    return None


def detect(fctx) -> Boot:
    """The bootloader that decides what boots next, and why this one."""
    src = fctx.source
    osr = os_release(fctx)
    why = in_container(fctx)
    if why:
        return Boot("container", why, osr)
    why = in_wsl(fctx)
    if why:
        return Boot("wsl", why, osr)
    if src.exists("/etc/NIXOS") or osr.get("ID") == "nixos":
        return Boot("nixos", "NixOS (/etc/NIXOS): boot entries are built from configuration.nix", osr)
    if src.exists("/run/ostree-booted"):
        return Boot("ostree", "/run/ostree-booted exists: an OSTree system, entries are made by rpm-ostree", osr)
    uuids = (fctx.read("/etc/kernel/proxmox-boot-uuids") or "").strip()
    if uuids:
        efi = src.exists("/sys/firmware/efi")
        if efi and src.exists("/etc/kernel/cmdline") and not secure_boot(fctx):
            return Boot("proxmox_systemd_boot", "Proxmox VE: /etc/kernel/proxmox-boot-uuids lists the ESPs and this "
                        "is an EFI boot without Secure Boot, so proxmox-boot-tool installs systemd-boot", osr)
        return Boot("proxmox_grub", "Proxmox VE: /etc/kernel/proxmox-boot-uuids lists the ESPs, booted with GRUB ("
                    + ("Secure Boot" if efi else "legacy BIOS") + ")", osr)
    if src.exists("/etc/kernelstub/configuration"):
        return Boot("kernelstub", "/etc/kernelstub/configuration exists (Pop!_OS kernelstub)", osr)
    esp = esp_with_loader(fctx)
    grub = src.exists("/etc/default/grub")
    both = bool(esp and grub)
    if both and booted_by_grub(fctx):
        esp = None  # both installed; GRUB loaded the running kernel (BOOT_IMAGE=)
    if esp:
        managed = kernel_install_managed(fctx, esp)
        if managed:
            kind = "endeavouros" if _endeavouros(fctx, osr) else "systemd_boot"
            return Boot(kind, f"systemd-boot entries in {esp}/loader written by kernel-install ({managed})", osr, esp)
        return Boot("systemd_boot_entries", f"systemd-boot with hand-written entries in {esp}/loader/entries"
                    + (" (GRUB is installed too, but did not load the running kernel: no BOOT_IMAGE=)" if both else ""),
                    osr, esp)
    if grub:
        fam = family(osr)
        kind = {"debian": "grub_debian", "rhel": "grub_rhel", "suse": "grub_suse", "arch": "grub_arch"}.get(fam, "grub_other")
        return Boot(kind, f"GRUB on {_name(osr)}", osr)
    if src.exists("/etc/kernel/cmdline"):
        return Boot("systemd_boot", "/etc/kernel/cmdline exists (kernel-install)", osr)
    return Boot(None, "no container, WSL, NixOS, OSTree, Proxmox, kernelstub, systemd-boot or GRUB configuration found",
                osr)


def _endeavouros(fctx, osr) -> bool:
    return osr.get("ID") == "endeavouros" or fctx.source.exists("/usr/bin/reinstall-kernels")


def bls(fctx, text: str | None) -> bool:
    """GRUB reads Boot Loader Specification entries (RHEL 8+, Fedora 30+)."""
    if text and re.search(r"^\s*GRUB_ENABLE_BLSCFG\s*=\s*\"?true", text, re.MULTILINE):
        return True
    return bool(fctx.source.glob("/boot/loader/entries/*.conf"))


def update_bls_cmdline(osr: dict) -> bool:
    """grub2-mkconfig has --update-bls-cmdline (and needs it to change BLS options) from RHEL 9.3;
    CentOS Stream 9 and Fedora carry the same grub2 change."""
    ids, v = _ids(osr), version(osr)
    if osr.get("ID") == "fedora":
        return v >= (39,)
    if osr.get("ID") == "centos":
        return v >= (9,)
    return bool(ids & RHEL_IDS) and v >= (9, 3)
