"""RD-OS-001: OS and kernel on the ROCm support list."""
import os

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
BASE = rocmdoctor.api.examples()["rx7900xtx"]


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def os_finding(tmp_path, os_release, kernel, **kw):
    s = build_snapshot(tmp_path, base=BASE, files={"/etc/os-release": os_release,
                                                   "/proc/sys/kernel/osrelease": kernel + "\n"}, **kw)
    [f] = rocmdoctor.scan(snapshot=s, select=["RD-OS-001"], level="quick").by_code("RD-OS-001")
    return f


def test_ubuntu_2404_ga_kernel_passes(tmp_path):
    f = os_finding(tmp_path, data("os-release_ubuntu_24.04.1.txt"), "6.8.0-31-generic")
    assert f.status is Status.PASS and f.detail == ""


def test_ubuntu_2204_unlisted_kernel_passes_with_note(tmp_path):
    f = os_finding(tmp_path, data("os-release_ubuntu_22.04.4.txt"), "6.2.0-39-generic")
    assert f.status is Status.PASS and "6.2" in f.detail


def test_unlisted_distribution_warns(tmp_path):
    text = 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nNAME="Debian GNU/Linux"\nVERSION_ID="13"\nID=debian\n'
    f = os_finding(tmp_path, text, "6.12.74+deb13+1-amd64")
    assert f.status is Status.WARN and "Debian ships its own ROCm" in f.detail


def test_dropped_release_warns(tmp_path):
    text = 'PRETTY_NAME="Ubuntu 20.04.6 LTS"\nID=ubuntu\nVERSION_ID="20.04"\n'
    f = os_finding(tmp_path, text, "5.15.0-91-generic")
    assert f.status is Status.WARN and "ROCm 6.2" in f.detail


def test_wsl_kernel_is_judged_by_the_wsl_list_not_the_linux_one(tmp_path):
    f = os_finding(tmp_path, data("os-release_ubuntu_22.04.4.txt"), "5.15.153.1-microsoft-standard-WSL2")
    assert f.status is Status.PASS and "WSL2" in f.title and "RD-WSL-001" in f.detail


def test_container_image_os_is_not_judged(tmp_path):
    text = 'PRETTY_NAME="Fedora Linux 40"\nID=fedora\nVERSION_ID=40\n'
    f = os_finding(tmp_path, text, "6.8.0-31-generic", exists={"/.dockerenv": True})
    assert f.status is Status.PASS and "host" in f.detail


def test_garbage_os_release_does_not_crash(tmp_path):
    f = os_finding(tmp_path, "\x00\x01 not = a \"file\n'unbalanced\n", "6.8.0-31-generic")
    assert f.status is Status.WARN and "unknown" in f.title
