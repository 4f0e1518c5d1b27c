"""RD-CTR-*: devices passed into a container, /dev/shm size."""
import os

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
EXAMPLES = rocmdoctor.api.examples()
MI300X = EXAMPLES["mi300x8"]


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def findings(s, code):
    return rocmdoctor.scan(snapshot=s, select=[code], level="quick").by_code(code)


def in_docker(tmp_path, devnodes, mounts="proc_mounts_docker_container_default_shm_64M.txt", base=MI300X):
    return build_snapshot(tmp_path, base=base, exists={"/.dockerenv": True, "/dev/kfd": bool(devnodes)},
                          files={"/proc/mounts": data(mounts)}, probes={"devnodes": devnodes})


KFD = {"path": "/dev/kfd", "mode": "0o666", "gid": 0, "group": "root", "readable": True, "writable": True}
RENDER = {"path": "/dev/dri/renderD128", "mode": "0o666", "gid": 0, "group": "root", "readable": True,
          "writable": True}


def test_host_skips():
    assert findings(MI300X, "RD-CTR-001")[0].status is Status.SKIP


def test_container_with_devices_passes(tmp_path):
    [f] = findings(in_docker(tmp_path, [KFD, RENDER]), "RD-CTR-001")
    assert f.status is Status.PASS and f.title.startswith("docker")


def test_container_without_devices_fails_with_docker_flags(tmp_path):
    missing = [{"path": "/dev/kfd", "error": "No such file or directory"}]
    [f] = findings(in_docker(tmp_path, missing), "RD-CTR-001")
    assert f.status is Status.FAIL and "/dev/kfd" in f.title and "/dev/dri" in f.title
    argv = f.fix.actions[0].argv
    assert "--device=/dev/kfd" in argv and "--ipc=host" in argv and ("--group-add", "render") == argv[7:9]


def test_docker_default_shm_warns_with_several_gpus(tmp_path):
    [f] = findings(in_docker(tmp_path, [KFD, RENDER]), "RD-CTR-002")
    assert f.status is Status.WARN and "64 MiB" in f.title
    assert f.data["shm_bytes"] == 65536 * 1024
    assert "--shm-size" in f.fix.actions[0].argv


def test_older_kernel_mount_line_parses(tmp_path):
    s = in_docker(tmp_path, [KFD, RENDER], mounts="proc_mounts_line_docker_shm_65536k_older_kernel.txt")
    [f] = findings(s, "RD-CTR-002")
    assert f.status is Status.WARN and f.evidence[0].source == "/proc/mounts"


def test_large_shm_passes():
    [f] = findings(MI300X, "RD-CTR-002")
    assert f.status is Status.PASS


def test_host_small_shm_fix_is_remount(tmp_path):
    s = build_snapshot(tmp_path, base=MI300X,
                       files={"/proc/mounts": "tmpfs /dev/shm tmpfs rw,nosuid,nodev,size=262144k,inode64 0 0\n"})
    [f] = findings(s, "RD-CTR-002")
    assert f.status is Status.WARN and f.fix.actions[0].argv[:3] == ("sudo", "mount", "-o")


def test_garbage_mounts_fall_back_to_statvfs(tmp_path):
    s = build_snapshot(tmp_path, base=MI300X, files={"/proc/mounts": "garbage\n\x00\n"},
                       probes={"fsstats": {"/dev/shm": {"total_bytes": 8 * 1024**3, "free_bytes": 1}}})
    [f] = findings(s, "RD-CTR-002")
    assert f.status is Status.PASS and f.evidence[0].source.startswith("probe: statvfs")
