"""Readers (rocmdoctor/artifacts/readers/dockerfile.py, shell/docker.py): the build stages of a Dockerfile
(their AS names, the stages each is built from, a `FROM ${ARG}` switch) and `docker build --target`,
which RD-IMG-001 reads to judge only the stages a build for this machine makes."""
from rocmdoctor.artifacts.readers import read_one


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def test_stages_keep_their_names_what_they_are_built_from_and_a_build_arg_switch(tmp_path):
    a = read_one(_write(tmp_path, "Dockerfile", "ARG T=cuda\nFROM nvidia/cuda:12.4.1-devel-ubuntu22.04 AS cuda\n"
                                                "FROM rocm/dev-ubuntu-22.04:6.2 AS ROCm\nCOPY --from=cuda /a /b\n"
                                                "FROM ${T}\nFROM rocm AS last\n"))
    st = a.data["stages"]
    assert [s["alias"] for s in st] == ["cuda", "rocm", None, "last"]
    assert st[1]["deps"] == ["cuda"] and st[0]["deps"] == []
    assert st[2]["switch"] and st[2]["deps"] == ["cuda"] and st[2]["image"].startswith("nvidia/cuda")
    assert not st[3]["switch"] and st[3]["deps"] == ["rocm"]  # a plain FROM <stage> is no switch


def test_docker_build_target_and_file_are_read_in_their_forms(tmp_path):
    a = read_one(_write(tmp_path, "build.sh", "#!/bin/bash\ndocker build --target rocm -f docker/Dockerfile.gpu .\n"
                                              "podman build --file=Dockerfile.x --target=amd .\n"
                                              "docker buildx build -t img --target gpu .\ndocker build -t img .\n"))
    assert [(v.value, v.origin.line) for v in a.values if v.name == "target"] == [
        ("Dockerfile.gpu:rocm", 2), ("Dockerfile.x:amd", 3), ("Dockerfile:gpu", 4)]
