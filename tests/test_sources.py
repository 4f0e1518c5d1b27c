"""Bad input: missing and unreadable files, garbage output, hung commands, hostile or
newer snapshots. Each must give a clear skip, error or refusal, never a traceback."""
import json
import os
import time

import pytest

import rocmdoctor
from rocmdoctor import cli
from rocmdoctor.machine import proc
from rocmdoctor.machine import sources
from rocmdoctor.api import examples
from rocmdoctor.machine.sources import RootSource, SnapshotSource, SourceError
from rocmdoctor.testing import build_snapshot

MI50 = "mi50x2-xeon"


def scan(**kw):
    report = rocmdoctor.scan(plugins=False, **kw)
    assert not [f for f in report.findings if f.status.value == "error"], \
        [(f.code, f.detail) for f in report.findings if f.status.value == "error"]
    return report


def by_code(report, code):
    found = report.by_code(code)
    assert found, f"{code} produced no finding"
    return found[0]


# ------------------------------------------------------------------ missing files
def test_empty_root_tree_gives_skips_not_tracebacks(tmp_path):
    report = scan(root=str(tmp_path))
    assert report.findings and {f.status.value for f in report.findings} <= {"skip", "pass"}
    assert "/proc/sys/kernel/osrelease: missing" in by_code(report, "RD-OS-001").detail
    assert RootSource(str(tmp_path)).read("/etc/os-release").error == "missing"


def test_file_missing_from_a_snapshot_is_named_in_the_skip(tmp_path):
    snap = build_snapshot(tmp_path / "s", base=examples()[MI50], files={"/proc/cmdline": None})
    f = by_code(scan(snapshot=snap, select=["RD-IOMMU-001"]), "RD-IOMMU-001")
    assert f.status.value == "skip" and "/proc/cmdline: missing" in f.detail


def test_unrecorded_file_reads_as_not_recorded(tmp_path):
    snap = build_snapshot(tmp_path / "s")
    r = SnapshotSource(snap).read("/etc/os-release")
    assert not r.ok and r.error == "not recorded in snapshot"


# ------------------------------------------------------------- permission denied
def test_recorded_permission_denied_is_replayed(tmp_path):
    base = examples()[MI50]
    snap = build_snapshot(tmp_path / "s", base=base, files={"/proc/cmdline": None},
                          missing={"/proc/cmdline": "permission denied"})
    assert SnapshotSource(snap).read("/proc/cmdline").error == "permission denied"
    f = by_code(scan(snapshot=snap, select=["RD-IOMMU-001"]), "RD-IOMMU-001")
    assert f.status.value == "skip" and "/proc/cmdline: permission denied" in f.detail


def test_unreadable_file_in_a_root_tree(tmp_path, monkeypatch):
    (tmp_path / "proc").mkdir()
    (tmp_path / "proc/cmdline").write_text("BOOT_IMAGE=/boot/vmlinuz ro\n")
    real = sources.read_capped

    def denied(path):  # what chmod 000 does for a non-root user; we may run as root
        if path.endswith("/proc/cmdline"):
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(sources, "read_capped", denied)
    r = RootSource(str(tmp_path)).read("/proc/cmdline")
    assert r.text is None and r.error == "permission denied"
    f = by_code(scan(root=str(tmp_path), select=["RD-IOMMU-002"]), "RD-IOMMU-002")
    assert f.status.value == "skip" and "permission denied" in f.detail


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads through chmod 000")
def test_chmod_000_in_a_root_tree(tmp_path):
    p = tmp_path / "proc"
    p.mkdir()
    (p / "cmdline").write_text("ro\n")
    (p / "cmdline").chmod(0)
    assert RootSource(str(tmp_path)).read("/proc/cmdline").error == "permission denied"


# ------------------------------------------------------------------ garbage input
def test_garbage_and_truncated_tool_output(tmp_path):
    base = examples()[MI50]
    kfd = "/sys/class/kfd/kfd/topology/nodes/2/properties"
    snap = build_snapshot(
        tmp_path / "s", base=base,
        files={kfd: "cpu_cores_count 0\nsimd_count 2\x00\x00garbage\ngfx_target_version ninety\n",
               "/proc/cpuinfo": "\x7fELF\x02\x01\x01" + "\ufffd" * 40,
               "/etc/os-release": 'NAME="Ubu'},
        commands={("lspci", "-vvv", "-nn", "-D"): "0000:19:00.0 Display controller [0380]: Advanced Mi",
                  ("dmesg",): {"stdout": "\x1b[2J\x00\x00", "returncode": 0}})
    report = scan(snapshot=snap)
    assert report.findings


def test_lspci_without_device_blocks_is_a_skip_naming_the_command(tmp_path):
    snap = build_snapshot(tmp_path / "s", base=examples()[MI50],
                          commands={("lspci", "-vvv", "-nn", "-D"): "lspci: Unable to load libkmod resources\n"})
    f = by_code(scan(snapshot=snap, select=["RD-PCIE-003"]), "RD-PCIE-003")
    assert f.status.value == "skip" and "lspci -vvv -nn -D" in f.detail


@pytest.mark.parametrize("content", ["{not json", "[1, 2, 3]", "", "\x00\x01\x02"])
def test_garbage_probe_files(tmp_path, content):
    snap = build_snapshot(tmp_path / "s", base=examples()[MI50])
    with open(os.path.join(snap, "probes", "python.json"), "w") as fh:
        fh.write(content)
    r = SnapshotSource(snap).probe("python")
    assert not r.ok and "python.json" in r.error
    f = by_code(scan(snapshot=snap, select=["RD-GFX-002"]), "RD-GFX-002")
    assert f.status.value == "skip" and "python" in f.detail


def test_probe_names_cannot_walk_out(tmp_path):
    snap = build_snapshot(tmp_path / "s")
    assert SnapshotSource(snap).probe("../manifest").error == "invalid probe name"


# ------------------------------------------------------------------ manifests
def test_manifest_that_is_not_json(tmp_path, capsys):
    (tmp_path / "manifest.json").write_text("format: rocmdoctor-snapshot\n")
    with pytest.raises(SourceError, match="not valid JSON"):
        SnapshotSource(str(tmp_path))
    assert cli.main(["scan", "--snapshot", str(tmp_path)]) == 3
    assert "manifest.json" in capsys.readouterr().err


def test_manifest_of_another_format(tmp_path):
    (tmp_path / "manifest.json").write_text(json.dumps({"format": "sosreport", "format_version": 1}))
    with pytest.raises(SourceError, match="does not name format"):
        SnapshotSource(str(tmp_path))


def test_newer_format_version_is_refused_clearly(tmp_path, capsys):
    snap = build_snapshot(tmp_path / "s", format_version=sources.SNAPSHOT_VERSION + 1)
    rc = cli.main(["scan", "--snapshot", snap])
    err = capsys.readouterr().err
    assert rc == 3
    assert f"format version {sources.SNAPSHOT_VERSION + 1}" in err and "Upgrade rocmdoctor" in err
    assert "Traceback" not in err


# ------------------------------------------------------------ hostile snapshots
@pytest.fixture
def hostile(tmp_path):
    """A snapshot whose links lead out of it, and a secret file they aim at."""
    secret = tmp_path / "outside" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text("TOP-SECRET-CONTENT\n")
    snap = build_snapshot(tmp_path / "snap", files={"/proc/cmdline": "ro quiet\n"})
    fs = os.path.join(snap, "fs")
    os.makedirs(os.path.join(fs, "etc"))
    os.symlink("/etc/passwd", os.path.join(fs, "etc/passwd"))  # absolute
    os.symlink("/", os.path.join(fs, "host"))  # a directory link to the host root
    os.symlink("../../../outside/secret.txt", os.path.join(fs, "etc/shadow"))  # relative, climbs out
    os.makedirs(os.path.join(fs, "proc/sys/kernel"))
    os.symlink(str(secret), os.path.join(fs, "proc/sys/kernel/osrelease"))
    return snap, str(secret)


def test_links_out_of_the_snapshot_are_refused(hostile):
    snap, secret = hostile
    src = SnapshotSource(snap)
    for path in ("/etc/passwd", "/host/etc/passwd", "/etc/shadow", "/proc/sys/kernel/osrelease"):
        r = src.read(path)
        assert r.text is None and "outside the snapshot" in r.error, path
    assert src.glob("/host/*") == []
    assert not src.exists("/host/etc/passwd")
    assert src.read("/proc/cmdline").text == "ro quiet\n"  # ordinary files still read


def test_hostile_snapshot_scans_without_leaking(hostile, capsys):
    snap, _ = hostile
    assert cli.main(["scan", "--snapshot", snap, "--format", "json", "-v"]) in (0, 1)
    out = capsys.readouterr().out
    assert "TOP-SECRET-CONTENT" not in out and "root:x:0:0" not in out
    assert "outside the snapshot" in out  # the skip says why


def test_top_level_entries_that_are_links_are_refused(tmp_path):
    secret = tmp_path / "outside"
    (secret / "proc").mkdir(parents=True)
    (secret / "proc/cmdline").write_text("TOP-SECRET-CONTENT\n")
    (secret / "python.json").write_text(json.dumps({"data": {"leak": "TOP-SECRET-CONTENT"}, "error": None}))
    snap = build_snapshot(tmp_path / "snap")
    os.symlink(str(secret), os.path.join(snap, "fs"))  # fs -> a directory outside
    os.symlink(str(secret), os.path.join(snap, "probes"))
    src = SnapshotSource(snap)
    assert src.read("/proc/cmdline").text is None
    assert not src.probe("python").ok


def test_command_files_that_are_links_are_not_followed(tmp_path):
    snap = build_snapshot(tmp_path / "snap", commands={("lspci", "-vvv", "-nn", "-D"): "fine\n"})
    (tmp_path / "secret").write_text("TOP-SECRET-CONTENT")
    d = os.path.join(snap, "cmd", os.listdir(os.path.join(snap, "cmd"))[0])
    os.remove(os.path.join(d, "stdout"))
    os.symlink(str(tmp_path / "secret"), os.path.join(d, "stdout"))
    os.remove(os.path.join(d, "status.json"))
    os.symlink(str(tmp_path / "secret"), os.path.join(d, "status.json"))
    res = SnapshotSource(snap).run(["lspci", "-vvv", "-nn", "-D"])
    assert "TOP-SECRET-CONTENT" not in res.stdout and not res.ok
    assert "symlink" in res.error


def test_manifest_symlink_is_refused(tmp_path):
    real = build_snapshot(tmp_path / "real")
    fake = tmp_path / "fake"
    fake.mkdir()
    os.symlink(os.path.join(real, "manifest.json"), fake / "manifest.json")
    with pytest.raises(SourceError, match="symlink"):
        SnapshotSource(str(fake))


# ------------------------------------------------------------------ commands
def _live_members(pgid: int) -> list[int]:
    """Processes of a process group that are still running (zombies do not count)."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                stat = fh.read()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[2]) == pgid and fields[0] != "Z":
            out.append(int(entry))
    return out


def test_hung_command_times_out():
    start = time.monotonic()
    res = proc.run(["sleep", "30"], timeout=1)
    assert res.timed_out and res.returncode is None and not res.ok
    assert time.monotonic() - start < 6
    assert "killed" in res.describe()


def test_timeout_kills_the_whole_process_group():
    res = proc.run(["sh", "-c", "echo $$; sleep 60 & sleep 60"], timeout=1)
    assert res.timed_out
    pgid = int(res.stdout.split()[0])
    deadline = time.monotonic() + 3
    while _live_members(pgid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _live_members(pgid) == [], "a child of the timed-out command survived"


def test_background_child_of_a_finished_command_is_reaped():
    res = proc.run(["sh", "-c", "sleep 60 >/dev/null 2>&1 & echo $$"], timeout=5)
    assert res.ok
    pgid = int(res.stdout.split()[0])
    deadline = time.monotonic() + 3
    while _live_members(pgid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _live_members(pgid) == []


def test_missing_program_is_an_error_not_an_exception():
    res = proc.run(["rocmdoctor-no-such-tool-xyz"], timeout=1)
    assert res.error == "not found" and res.returncode is None
    assert "not found" in res.describe()

