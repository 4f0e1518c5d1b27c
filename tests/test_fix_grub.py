"""The /etc/default/grub reader/editor: quoting, comments, repeats, conflicts, CRLF, refusals."""
import pytest

from rocmdoctor.fixes import grub_default as gd
from rocmdoctor.remedy.fixplan import Refused

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
