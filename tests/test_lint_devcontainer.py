"""Dev Containers (rocmdoctor/artifacts/readers/devcontainer.py): a `.devcontainer/devcontainer.json` is the container
VS Code starts, judged by the container rules as a `docker run` of its runArgs, containerEnv and remoteUser, on the
image it names or the Dockerfile it builds. Real cases: the spent fresh batch 32 (fourteen dev-container sets) and
mateuspinto's RDNA2 dev container (spent batch 21)."""
import os

from rocmdoctor.artifacts.readers import expand, read_one
from tests.lintacc_helpers import flagged, scan, write

FRESH = os.path.join(os.path.dirname(__file__), "corpus", "fresh", "artifacts")

_JSONC = """// For format details, see https://aka.ms/devcontainer.json
{
\t"name": "rocm-dev",
\t"image": "rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0", // pinned
\t/* the GPU */
\t"runArgs": [
\t\t"--device=/dev/kfd",
\t\t"--device", "/dev/dri",
\t\t"--group-add=video",
\t\t// "--ipc=host",
\t],
\t"containerEnv": {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "URL": "http://x//y"},
\t"remoteUser": "vscode",
}
"""


def test_jsonc_is_read_as_the_devcontainer_cli_reads_it(tmp_path):
    p = write(tmp_path, ".devcontainer/devcontainer.json", _JSONC)
    a = read_one(p)
    assert a.kind == "devcontainer" and a.error is None
    svc = a.data["services"]["rocm-dev"]
    assert svc["devices"] == ["/dev/kfd", "/dev/dri"] and svc["group_add"] == ["video"] and "ipc" not in svc
    assert svc["environment"] == {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "URL": "http://x//y"}  # `//` in a string stays
    assert svc["user"] == "vscode" and svc["image"].startswith("rocm/pytorch:")
    where = {(v.name, v.origin.line) for v in a.values}
    assert {("devices", 7), ("group_add", 9), ("user", 13), ("image", 4), ("HSA_OVERRIDE_GFX_VERSION", 12)} <= where
    # the hidden folder is searched when a directory is given
    assert p in expand([str(tmp_path)])


def test_its_settings_are_judged_by_the_container_and_environment_rules(tmp_path):
    p = write(tmp_path, ".devcontainer/devcontainer.json", _JSONC)
    env = flagged(scan([p], "RD-ENV-001", "rx7900xtx"))
    assert env and env[0].evidence[0].source == p + ":12"
    groups = flagged(scan([p], "RD-CTR-006", "rx7900xtx"))  # vscode holds video, the host gives /dev/kfd to render
    assert groups and any(e.source == p + ":13" for e in groups[0].evidence)
    # no device nodes at all: the runArgs line is where the fix goes
    q = write(tmp_path, "b/devcontainer.json", '{"name": "d", "image": "rocm/pytorch:latest",\n "runArgs": ["--network=host"]}')
    missing = flagged(scan([q], "RD-CTR-003", "rx7900xtx"))
    assert missing and missing[0].evidence[0].source == q + ":2"


def test_a_built_devcontainer_is_judged_by_its_dockerfile_and_a_compose_one_by_its_compose_file(tmp_path):
    write(tmp_path, "Dockerfile", "FROM nvidia/cuda:12.4.0-devel-ubuntu22.04\n")
    p = write(tmp_path, "devcontainer.json", '{"name": "d", "build": {"dockerfile": "Dockerfile"},\n'
              ' "runArgs": ["--device=/dev/kfd", "--device=/dev/dri"]}')
    cuda = flagged(scan([p, str(tmp_path / "Dockerfile")], "RD-IMG-001", "rx7900xtx"))
    assert cuda and cuda[0].evidence[0].source.endswith("Dockerfile:1")
    c = write(tmp_path, "c/devcontainer.json", '{"dockerComposeFile": "compose.yml", "service": "dev"}')
    a = read_one(c)
    assert a.error is None and a.data["services"] == {} and a.data["compose_service"] == "dev"


def test_garbage_is_a_clear_error_never_a_crash(tmp_path):
    for text in ("{", "[1, 2]", "// only a comment\n", '{"runArgs": "--device=/dev/kfd", "containerEnv": [1]}'):
        a = read_one(write(tmp_path, "devcontainer.json", text))
        assert a.kind == "devcontainer" and (a.error or a.data["services"])


def test_real_dev_containers_of_the_spent_batches():
    # alexschroeter's TensorFlow dev container passes no device node; mateuspinto's runs as a user without render
    p = os.path.join(FRESH, "vr-alexschroeter-tftest-devcontainer-nodev", "devcontainer.json")
    assert [f.evidence[0].source for f in flagged(scan([p], "RD-CTR-003", "rx7900xtx"))] == [p + ":7"]
    q = os.path.join(FRESH, "vr-ashirkov-padel-devcontainer-cu126", "devcontainer.json")
    assert {e.source for f in flagged(scan([q], "RD-ENV-001", "rx7900xtx")) for e in f.evidence} >= {q + ":30"}


def test_microsoft_dev_container_images_run_their_tools_as_vscode(tmp_path):
    # yoshou's stargazer dev container (spent batch 32): built FROM mcr.microsoft.com/devcontainers/cpp, whose metadata
    # label says remoteUser vscode; the file names no user, and --group-add 110 is the author's render GID, not this host's
    write(tmp_path, "Dockerfile", "FROM mcr.microsoft.com/devcontainers/cpp:1-ubuntu-24.04\nRUN apt-get update\n")
    p = write(tmp_path, "devcontainer.json", '{"name": "c", "build": {"dockerfile": "Dockerfile"},\n "runArgs": ['
              '"--device=/dev/kfd", "--device=/dev/dri",\n "--group-add", "110"]}')
    assert read_one(p).data["services"]["c"]["user"] == "vscode"
    assert flagged(scan([p], "RD-CTR-006", "rx7900xtx"))
    # another base image, or a user the file names, is not overridden
    write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-24.04:6.2\n")
    assert "user" not in read_one(p).data["services"]["c"]
    q = write(tmp_path, "b/devcontainer.json", '{"image": "mcr.microsoft.com/devcontainers/python:3.11", "remoteUser": "root"}')
    assert next(iter(read_one(q).data["services"].values()))["user"] == "root"
