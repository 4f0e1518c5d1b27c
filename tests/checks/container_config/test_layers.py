"""RD-CTR-009 (checks/container_config/layers.py): every compose service gets an image or a build
context from one of the compose files of its folder."""
import os

FRESH = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "corpus", "fresh", "artifacts")


def test_an_override_naming_services_its_base_lacks_fails_at_each_name(lint):
    # asurelia/jarvis: docker-compose.amd.yml configures `ui` and `postgres`; the base has frontend and memory-db
    fs = lint.flagged(lint([os.path.join(FRESH, "asurelia-jarvis-amd-override")], "RD-CTR-009", "rx7900xtx"))
    assert sorted(f.evidence[0].source.rsplit("/", 1)[-1] for f in fs) == ["docker-compose.amd.yml:80",
                                                                            "docker-compose.amd.yml:96"]
    assert all(f.status.value == "fail" for f in fs) and "frontend" in fs[0].detail


def test_a_layer_completing_its_base_and_a_build_without_context_are_told_apart(tmp_path, lint):
    (tmp_path / "docker-compose.yml").write_text("services:\n  app:\n    build: .\n")
    (tmp_path / "docker-compose.rocm.yml").write_text("services:\n  app:\n    devices: [/dev/kfd, /dev/dri]\n")
    assert lint.statuses(lint([tmp_path], "RD-CTR-009", "rx7900xtx")) == ["pass"]
    # antony90: the override's service has only build args, and no file gives it a context
    (tmp_path / "docker-compose.rocm.yml").write_text("services:\n  playground:\n    build:\n      args:\n"
                                                      "        BASE_IMAGE: rocm/pytorch\n")
    fs = lint.flagged(lint([tmp_path], "RD-CTR-009", "rx7900xtx"))
    assert [f.subject.rsplit(": ", 1)[-1] for f in fs] == ["playground"]


def test_a_wsl_device_mapped_on_native_linux_fails_at_its_item(lint):
    # harmony-speech-engine: docker-compose.amd.yml maps /dev/dxg; the Radeon host runs native Linux
    fs = lint.flagged(lint([os.path.join(FRESH, "harmony-speech-amd-compose-dxg")], "RD-CTR-010", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["docker-compose.amd.yml:29"]


def test_a_wsl_device_on_a_wsl_host_passes(tmp_path, lint):
    from rocmdoctor.testing import build_snapshot

    lint.need("rx7900xtx")
    import rocmdoctor

    base = os.path.join(os.path.dirname(rocmdoctor.__file__), "examples", "rx7900xtx")
    snap = build_snapshot(tmp_path / "snap", base=base, files={"/proc/version": "Linux version 6.6.87.2-microsoft-standard-WSL2\n",
                                                                "/dev/dxg": ""})
    p = lint.write("compose.yml", "services:\n  app:\n    image: rocm/pytorch:latest\n    devices: [/dev/dxg]\n")
    assert lint.statuses(lint([p], "RD-CTR-010", snapshot=snap)) == ["pass"]
