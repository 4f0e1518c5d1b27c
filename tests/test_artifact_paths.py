"""artifact_named / path_key (rocmdoctor/artifacts/settings.py): which artifact of a set a reference names (a
compose `build:` naming its Dockerfile, a script's `-f docker/compose.rocm.yml`, a pip install's pyproject),
worked out on the recorded paths as text. The files may come from a snapshot or a --root tree, so the local disk
is never asked: a file the set lacks is not named even where this machine has one at that path, and a file the
set holds is named even where this machine has none."""
import os

import pytest

from rocmdoctor.artifacts.settings import Artifact, Settings, artifact_named, path_key


def _set(*paths, kind="dockerfile"):
    return Settings(artifacts=[Artifact(p, kind) for p in paths])


def test_a_ref_is_taken_from_the_folder_of_the_file_that_names_it():
    s = Settings(artifacts=[Artifact("/snap/app/docker/compose.yml", "compose"), Artifact("/snap/app/Dockerfile", "dockerfile"),
                            Artifact("/snap/app/docker/Dockerfile", "dockerfile")])
    compose = s.artifacts[0]
    assert artifact_named(s, "../Dockerfile", compose.path) is s.artifacts[1]
    assert artifact_named(s, "Dockerfile", compose.path) is s.artifacts[2]
    assert artifact_named(s, "./sub/../Dockerfile", compose.path) is s.artifacts[2]  # `..` and `./` as text
    assert artifact_named(s, "/snap/app/Dockerfile", compose.path) is s.artifacts[1]  # an absolute ref as given
    assert artifact_named(s, "/snap/app/Dockerfile") is s.artifacts[1]  # no base: the ref is a path itself


def test_recorded_paths_with_dot_dot_and_relative_paths_are_normalised(tmp_path, monkeypatch):
    # the benchmark reads a set as `benchmarks/../tests/corpus/...`; `scan --config docker/` records relative paths
    monkeypatch.chdir(tmp_path)
    s = _set("benchmarks/../sets/a/Dockerfile", "sets/a//docker-compose.yml")
    assert artifact_named(s, str(tmp_path / "sets" / "a" / "Dockerfile")) is s.artifacts[0]
    assert artifact_named(s, "Dockerfile", "sets/a/docker-compose.yml") is s.artifacts[0]
    assert artifact_named(s, "./docker-compose.yml", "sets/a/Dockerfile") is s.artifacts[1]
    assert path_key("x/./y/../z", "/r/f.yml") == "/r/x/z"


def test_a_file_not_in_the_set_is_none_even_where_the_disk_has_it(tmp_path):
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "Dockerfile").write_text("FROM rocm/pytorch\n")
    compose = str(tmp_path / "docker-compose.yml")
    s = Settings(artifacts=[Artifact(compose, "compose"), Artifact(str(tmp_path / "Dockerfile"), "dockerfile")])
    assert artifact_named(s, "other/Dockerfile", compose) is None  # on this disk, not among the files
    assert artifact_named(s, "Dockerfile", compose) is s.artifacts[1]  # among the files, not on this disk
    assert artifact_named(s, "../Dockerfile", compose) is None
    for ref in (None, "", 3):
        assert artifact_named(s, ref, compose) is None


def test_nothing_touches_the_disk(monkeypatch):
    s = _set("/snapshot/proj/Dockerfile", "/snapshot/proj/requirements/rocm.txt")

    def refuse(*a, **k):
        raise AssertionError("the disk was asked")

    with monkeypatch.context() as m:
        for mod, name in ((os.path, "realpath"), (os.path, "exists"), (os.path, "isfile"), (os.path, "isdir"),
                          (os.path, "islink"), (os, "stat"), (os, "lstat"), (os, "readlink")):
            m.setattr(mod, name, refuse)
        m.setattr("builtins.open", refuse)
        got = [artifact_named(s, "../Dockerfile", "/snapshot/proj/requirements/rocm.txt"),
               artifact_named(s, "requirements/rocm.txt", "/snapshot/proj/Dockerfile"),
               artifact_named(s, "nope.txt", "/snapshot/proj/Dockerfile"), path_key("a/../b", "/x/y")]
    assert got == [s.artifacts[0], s.artifacts[1], None, "/x/b"]


def test_two_spellings_of_one_file_name_the_first_and_the_index_follows_new_artifacts():
    s = _set("/p/x/Dockerfile", "/p/x/./Dockerfile")
    assert artifact_named(s, "/p/x/Dockerfile") is s.artifacts[0]
    assert artifact_named(s, "/p/y/Dockerfile") is None
    s.artifacts.append(Artifact("/p/y/Dockerfile", "dockerfile"))
    assert artifact_named(s, "../y/Dockerfile", "/p/x/Dockerfile") is s.artifacts[2]


@pytest.mark.parametrize("ref,base,want", [
    ("Dockerfile", "/a/b/compose.yml", "/a/b/Dockerfile"),
    ("../../Dockerfile", "/a/b/compose.yml", "/Dockerfile"),
    ("../../../Dockerfile", "/a/b/compose.yml", "/Dockerfile"),  # no folder above the root, as the kernel has it
    ("/abs/Dockerfile", "/a/b/compose.yml", "/abs/Dockerfile"),
    ("a//b/./c", None, "{cwd}/a/b/c"),  # a relative path without a base: from the working directory
])
def test_path_key_is_text_only(ref, base, want, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert path_key(ref, base) == want.format(cwd=os.getcwd())


def test_pip_install_from_stdin_reads_no_file_of_this_host(tmp_path, monkeypatch):
    # fresh aa-akitaonrails-yomik-worker-gfx1151: `pip install -r /dev/stdin` in a Dockerfile; the loader read
    # whatever this machine's /dev/stdin held (in a sandbox where it is a regular file: leftover output)
    from rocmdoctor.artifacts.readers import read_all

    df = tmp_path / "Dockerfile"
    df.write_text("FROM python:3.11-slim\nRUN printf 'torch\\n' | pip install -r /dev/stdin\n")
    opened = []
    import rocmdoctor.artifacts.readers as readers

    real = readers.read_text
    monkeypatch.setattr(readers, "read_text", lambda p: opened.append(p) or real(p))
    settings = read_all([str(df)])
    assert not [p for p in opened if p.startswith("/dev/")]
    assert [a.path for a in settings.artifacts] == [str(df)]
