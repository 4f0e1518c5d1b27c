"""The /etc/default/grub reader/editor: quoting, comments, repeats, conflicts, CRLF, refusals."""
import pytest
from rocmdoctor.fixes import bootloader as bl
from rocmdoctor.fixes import grub_default as gd
from rocmdoctor.fixes import kernel_cmdline as kc
from rocmdoctor.fixes import loader_entries as le

from rocmdoctor.facts import Context
from rocmdoctor.machine.sources import RootSource
from rocmdoctor.remedy.fixplan import FixContext, Refused

ADD, REMOVE = ["iommu=pt"], ["iommu=soft", "iommu=off", "iommu=nopt"]


def edit(text, target=gd.DEFAULT, add=ADD, remove=REMOVE, extra=()):
    files = [("/etc/default/grub", text), *extra]
    return gd.edit(files, target, add, remove)


def test_double_quoted_value_gets_the_flag_appended():
    out = edit('GRUB_CMDLINE_LINUX_DEFAULT="quiet splash"\nGRUB_CMDLINE_LINUX=""\n')
    assert out["/etc/default/grub"] == 'GRUB_CMDLINE_LINUX_DEFAULT="quiet splash iommu=pt"\nGRUB_CMDLINE_LINUX=""\n'


@pytest.mark.parametrize("line,expected", [
    ("GRUB_CMDLINE_LINUX_DEFAULT='quiet'", "GRUB_CMDLINE_LINUX_DEFAULT='quiet iommu=pt'"),
    ("GRUB_CMDLINE_LINUX_DEFAULT=quiet", 'GRUB_CMDLINE_LINUX_DEFAULT="quiet iommu=pt"'),
    ("GRUB_CMDLINE_LINUX_DEFAULT=", 'GRUB_CMDLINE_LINUX_DEFAULT="iommu=pt"'),
    ('export GRUB_CMDLINE_LINUX_DEFAULT="quiet"  # keep', 'export GRUB_CMDLINE_LINUX_DEFAULT="quiet iommu=pt"  # keep'),
    ('  GRUB_CMDLINE_LINUX_DEFAULT="  quiet   splash  "', '  GRUB_CMDLINE_LINUX_DEFAULT="  quiet   splash iommu=pt  "'),
])
def test_quoting_forms_are_kept(line, expected):
    assert edit(line + "\n")["/etc/default/grub"] == expected + "\n"


def test_commented_assignment_is_not_touched_and_a_line_is_added():
    text = '#GRUB_CMDLINE_LINUX_DEFAULT="quiet"\nGRUB_TIMEOUT=5\n'
    assert edit(text)["/etc/default/grub"] == text + 'GRUB_CMDLINE_LINUX_DEFAULT="iommu=pt"\n'


def test_repeated_key_last_one_is_edited_conflicts_removed_from_all():
    text = ('GRUB_CMDLINE_LINUX_DEFAULT="quiet iommu=soft"\n'
            'GRUB_CMDLINE_LINUX_DEFAULT="$GRUB_CMDLINE_LINUX_DEFAULT splash"\n')
    out = edit(text)["/etc/default/grub"]
    assert out == ('GRUB_CMDLINE_LINUX_DEFAULT="quiet"\n'
                   'GRUB_CMDLINE_LINUX_DEFAULT="$GRUB_CMDLINE_LINUX_DEFAULT splash iommu=pt"\n')


def test_conflicting_intel_iommu_off_replaced():
    text = 'GRUB_CMDLINE_LINUX="rhgb quiet intel_iommu=off"\n'
    out = gd.edit([("/g", text)], gd.LINUX, ["intel_iommu=on", "iommu=pt"], ["intel_iommu=off", "iommu=soft"])
    assert out["/g"] == 'GRUB_CMDLINE_LINUX="rhgb quiet intel_iommu=on iommu=pt"\n'


def test_flag_in_the_other_variable_counts_as_present(sample):
    # Real Ubuntu 22.04 (OVHcloud) file: iommu=pt already sits in GRUB_CMDLINE_LINUX.
    assert edit(sample("fix/grub_ubuntu2204_ovh_iommu_pt")) == {}


def test_crlf_line_endings_survive():
    text = 'GRUB_TIMEOUT=5\r\nGRUB_CMDLINE_LINUX_DEFAULT="quiet"\r\n'
    assert edit(text)["/etc/default/grub"] == 'GRUB_TIMEOUT=5\r\nGRUB_CMDLINE_LINUX_DEFAULT="quiet iommu=pt"\r\n'
    assert edit("GRUB_TIMEOUT=5\r\n")["/etc/default/grub"].endswith('\r\nGRUB_CMDLINE_LINUX_DEFAULT="iommu=pt"\r\n')


def test_no_final_newline():
    assert edit('GRUB_CMDLINE_LINUX_DEFAULT="quiet"')["/etc/default/grub"] == 'GRUB_CMDLINE_LINUX_DEFAULT="quiet iommu=pt"'


def test_grub_d_snippet_that_overrides_is_the_one_edited():
    snippet = ("/etc/default/grub.d/50-cloudimg-settings.cfg", 'GRUB_CMDLINE_LINUX_DEFAULT="console=tty1 console=ttyS0"\n')
    out = edit('GRUB_CMDLINE_LINUX_DEFAULT="quiet splash"\n', extra=[snippet])
    assert list(out) == [snippet[0]]
    assert out[snippet[0]] == 'GRUB_CMDLINE_LINUX_DEFAULT="console=tty1 console=ttyS0 iommu=pt"\n'


@pytest.mark.parametrize("line", [
    'GRUB_CMDLINE_LINUX_DEFAULT="$(cat /etc/extra-args)"',
    "GRUB_CMDLINE_LINUX_DEFAULT=`cat /etc/extra-args`",
    'GRUB_CMDLINE_LINUX_DEFAULT="$EXTRA quiet"',
    'GRUB_CMDLINE_LINUX_DEFAULT="quiet"\' splash\'',
    'GRUB_CMDLINE_LINUX_DEFAULT="quiet',
    'GRUB_CMDLINE_LINUX_DEFAULT="quiet"; echo hi',
    'GRUB_CMDLINE_LINUX_DEFAULT="quiet \\\n splash"',
])
def test_unparseable_values_are_refused(line):
    with pytest.raises(Refused):
        edit(line + "\n")


def test_unrelated_shell_elsewhere_is_fine():
    text = 'GRUB_DISTRIBUTOR="$(sed \'s, release .*$,,g\' /etc/system-release)"\nGRUB_CMDLINE_LINUX="rhgb"\n'
    out = gd.edit([("/g", text)], gd.LINUX, ADD, REMOVE)
    assert out["/g"].splitlines()[0] == text.splitlines()[0]


def test_unsafe_token_refused():
    with pytest.raises(Refused):
        edit('GRUB_CMDLINE_LINUX_DEFAULT=""\n', add=['x";reboot;"'])


# ----------------------------------------------------------------- bootloader detection and entries


def fctx_for(tmp_path, files):
    for rel, text in files.items():
        p = tmp_path / rel.lstrip("/")
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(text if isinstance(text, bytes) else text.encode())
    src = RootSource(str(tmp_path))
    return FixContext(src, Context(src, "quick"))


BOTH = {"/etc/default/grub": 'GRUB_CMDLINE_LINUX_DEFAULT="quiet"\n', "/etc/os-release": "ID=arch\n",
        "/boot/loader/loader.conf": "default arch\n",
        "/boot/loader/entries/arch.conf": "title Arch\nlinux /vmlinuz-linux\noptions root=/dev/sda2 rw\n"}


def test_grub_booted_the_running_kernel_when_boot_image_is_on_its_line(tmp_path):
    f = fctx_for(tmp_path, {**BOTH, "/proc/cmdline": "BOOT_IMAGE=/vmlinuz-linux root=/dev/sda2 rw\n"})
    assert bl.detect(f).kind == "grub_arch"


def test_systemd_boot_booted_it_when_boot_image_is_absent(tmp_path):
    f = fctx_for(tmp_path, {**BOTH, "/proc/cmdline": "initrd=\\initramfs-linux.img root=/dev/sda2 rw\n"})
    assert bl.detect(f).kind == "systemd_boot_entries"


PVE = {"/etc/kernel/proxmox-boot-uuids": "7A2B-4C1D\n", "/etc/kernel/cmdline": "root=ZFS=rpool/ROOT/pve-1 boot=zfs\n",
       "/etc/default/grub": 'GRUB_CMDLINE_LINUX_DEFAULT="quiet"\n', "/etc/os-release": "ID=debian\n",
       "/sys/firmware/efi/fw_platform_size": "64\n"}
SECURE_BOOT = "/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d0-aa0d-00e098032b8c"


@pytest.mark.parametrize("secure,kind", [(b"\x06\x00\x00\x00\x01", "proxmox_grub"),
                                         (b"\x06\x00\x00\x00\x00", "proxmox_systemd_boot")])
def test_proxmox_with_secure_boot_boots_grub(tmp_path, secure, kind):
    assert bl.detect(fctx_for(tmp_path, {**PVE, SECURE_BOOT: secure})).kind == kind


def test_proxmox_legacy_bios_boots_grub(tmp_path):
    files = {k: v for k, v in PVE.items() if not k.startswith("/sys/")}
    assert bl.detect(fctx_for(tmp_path, files)).kind == "proxmox_grub"


@pytest.mark.parametrize("osr,flag", [
    ({"ID": "rhel", "VERSION_ID": "9.2"}, False), ({"ID": "rhel", "VERSION_ID": "9.3"}, True),
    ({"ID": "rhel", "VERSION_ID": "10.0"}, True), ({"ID": "rhel", "VERSION_ID": "8.10"}, False),
    ({"ID": "rocky", "VERSION_ID": "9.4", "ID_LIKE": "rhel centos fedora"}, True),
    ({"ID": "centos", "VERSION_ID": "9"}, True), ({"ID": "fedora", "VERSION_ID": "40"}, True),
])
def test_update_bls_cmdline_only_where_grub2_mkconfig_has_it(osr, flag):
    assert bl.update_bls_cmdline(osr) is flag


def test_grubby_is_never_given_update_bls_cmdline(tmp_path):
    f = fctx_for(tmp_path, {"/etc/default/grub": 'GRUB_CMDLINE_LINUX="rhgb quiet"\nGRUB_ENABLE_BLSCFG=true\n',
                            "/etc/os-release": 'ID="rhel"\nVERSION_ID="10.0"\n', "/usr/sbin/grubby": "",
                            "/proc/cmdline": "BOOT_IMAGE=(hd0,gpt2)/vmlinuz root=/dev/sda2 ro rhgb quiet\n"})
    c = kc.plan(kc.iommu_plan("AuthenticAMD"), f)
    assert [list(cmd.argv) for cmd in c.commands] == [["grubby", "--update-kernel=ALL", "--args=iommu=pt"]]
    assert all("--update-bls-cmdline" not in cmd.argv for cmd in c.commands + c.undo_commands)
    assert "red_hat_enterprise_linux/10/" in c.params["doc"]


def test_iommu_passthrough_1_counts_as_iommu_pt(tmp_path):
    f = fctx_for(tmp_path, {"/etc/default/grub": 'GRUB_CMDLINE_LINUX_DEFAULT="quiet iommu.passthrough=1"\n',
                            "/etc/os-release": "ID=ubuntu\n",
                            "/proc/cmdline": "BOOT_IMAGE=/vmlinuz ro quiet iommu.passthrough=1\n"})
    c = kc.plan(kc.iommu_plan("AuthenticAMD"), f)
    assert c.nothing_to_do and not c.edits


def test_a_conflict_is_said_in_words_and_makes_the_plan_unsafe(tmp_path):
    f = fctx_for(tmp_path, {"/etc/default/grub": 'GRUB_CMDLINE_LINUX_DEFAULT="quiet amd_iommu=off"\n',
                            "/etc/os-release": "ID=debian\n", "/proc/cmdline": "BOOT_IMAGE=/vmlinuz ro quiet amd_iommu=off\n"})
    c = kc.plan(kc.iommu_plan("AuthenticAMD"), f)
    assert c.applicability.value == "unsafe" and c.params["conflicts"] == ["amd_iommu=off"]
    assert "amd_iommu=off switches the AMD IOMMU off" in c.why and "--unsafe" in c.why
    assert c.edits[0].new == 'GRUB_CMDLINE_LINUX_DEFAULT="quiet iommu=pt"\n'
    soft = fctx_for(tmp_path / "soft", {"/etc/default/grub": 'GRUB_CMDLINE_LINUX_DEFAULT="iommu=soft"\n',
                                        "/etc/os-release": "ID=debian\n"})
    c = kc.plan(kc.iommu_plan("AuthenticAMD"), soft)
    assert c.applicability.value == "safe" and "iommu=soft bounces DMA" in c.why


@pytest.mark.parametrize("text,expected", [
    ("title A\r\nlinux /v\r\noptions root=/x rw\r\n", "title A\r\nlinux /v\r\noptions root=/x rw iommu=pt\r\n"),
    ("title A\nlinux /v\noptions\troot=/x rw iommu=soft\n", "title A\nlinux /v\noptions\troot=/x rw iommu=pt\n"),
    ("title A\nlinux /v\noptions root=/x\noptions rw\n",
     "title A\nlinux /v\noptions root=/x\noptions rw iommu=pt\n"),
    ("title A\nlinux /v\noptions root=/x rw", "title A\nlinux /v\noptions root=/x rw iommu=pt"),
    ("title A\nlinux /v\n", "title A\nlinux /v\noptions iommu=pt\n"),
])
def test_loader_entry_edits_keep_every_other_byte(text, expected):
    assert le.edit_entry(text, ["iommu=pt"], ["iommu=soft"]) == expected


@pytest.mark.parametrize("text", ["title A\noptions\x0bquiet\n", "title A\n\x0coptions quiet\n"])
def test_a_line_that_is_not_read_as_options_is_left_alone_not_a_crash(text):
    # "options" then a vertical tab, or a form feed before it: options_text does not read the line
    # as options, and edit_entry took it for one and raised AttributeError (the fixer "crashed").
    assert le.edit_entry(text, ["iommu=pt"], ["quiet"]) == text + "options iommu=pt\n"


def test_rhel8_kernelopts_are_read_from_grubenv():
    env = le.grubenv("# GRUB Environment Block\nkernelopts=root=/dev/x ro iommu=pt \n####\n")
    assert ("iommu", "pt") in le.args("options $kernelopts $tuned_params\n", env)


def test_grubs_own_bls_entries_are_not_systemd_boot(tmp_path):
    # RHEL keeps GRUB's BLS entries in /boot/loader/entries, with no loader.conf: still GRUB,
    # even when /proc/cmdline cannot be read.
    f = fctx_for(tmp_path, {"/etc/default/grub": 'GRUB_CMDLINE_LINUX="rhgb quiet"\nGRUB_ENABLE_BLSCFG=true\n',
                            "/etc/os-release": 'ID="rhel"\nVERSION_ID="9.4"\n',
                            "/boot/loader/entries/abc-5.14.0.conf": "title RHEL\nlinux /vmlinuz\noptions root=/x ro\n"})
    assert bl.detect(f).kind == "grub_rhel"


def test_entries_that_lack_the_flags_are_regenerated_even_when_the_running_kernel_has_them(tmp_path):
    # The running kernel got iommu=pt from an earlier menu, but grub.cfg was regenerated without it since.
    f = fctx_for(tmp_path, {"/etc/default/grub": 'GRUB_CMDLINE_LINUX_DEFAULT="quiet iommu=pt"\n',
                            "/etc/os-release": "ID=debian\n", "/proc/cmdline": "BOOT_IMAGE=/vmlinuz ro quiet iommu=pt\n",
                            "/boot/grub/grub.cfg": "menuentry 'Debian' {\n\tlinux /vmlinuz root=/x ro quiet\n}\n"})
    c = kc.plan(kc.iommu_plan("AuthenticAMD"), f)
    assert not c.nothing_to_do and not c.edits and [list(x.argv) for x in c.commands] == [["update-grub"]]


def test_a_conflict_only_in_the_running_kernel_is_not_what_boots_next(tmp_path):
    f = fctx_for(tmp_path, {"/etc/default/grub": 'GRUB_CMDLINE_LINUX_DEFAULT="quiet"\n', "/etc/os-release": "ID=debian\n",
                            "/proc/cmdline": "BOOT_IMAGE=/vmlinuz ro quiet amd_iommu=off\n"})
    c = kc.plan(kc.iommu_plan("AuthenticAMD"), f)
    assert c.applicability.value == "safe" and "conflicts" not in c.params
    assert c.edits[0].new == 'GRUB_CMDLINE_LINUX_DEFAULT="quiet iommu=pt"\n'
