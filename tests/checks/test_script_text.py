"""RD-LCH-018 and RD-LCH-019 (checks/script_text.py): launch scripts as bash reads them from the file."""
from __future__ import annotations

import os

import pytest

from rocmdoctor.artifacts.config_edits import apply
from tests.lintacc_helpers import flagged, scan, write

FRESH = os.path.join(os.path.dirname(os.path.dirname(__file__)), "corpus", "fresh", "artifacts")


# --- RD-LCH-018: Windows line ends (spent fresh qy-myrrolinz train.slurm: every line CRLF, sbatch refuses it)
def test_a_crlf_batch_script_is_refused_by_sbatch():
    [f] = flagged(scan([os.path.join(FRESH, "qy-myrrolinz-pose-slurm", "train.slurm")], "RD-LCH-018", "mi300x8"))
    assert f.status.value == "fail" and "sbatch refuses" in f.detail and f.evidence[0].source.endswith(":1")


@pytest.mark.parametrize("body, says", [
    ("#!/bin/bash\r\ncd /work\r\npython train.py\r\n", ["bad interpreter", "every line"]),
    ("#!/usr/bin/env bash\r\npython train.py\r\n", ["env looks for `bash\\r`"]),
    # one command line is enough, and only it is named (the shebang is fine)
    ("#!/bin/bash\ncd /work\npython train.py --out run\r\n", ["line 3 ends in a carriage return"]),
    # a blank CRLF line is a command to bash ($'\r': command not found, fatal under set -e)
    ("#!/bin/bash\nset -e\necho one\n\r\necho two\n", ["line 4"]),
    # look-alikes: Unix line ends; a carriage return only on a comment line (the comment runs to the end of the line)
    ("#!/bin/bash\ncd /work\npython train.py\n", None),
    ("#!/bin/bash\n# written on Windows\r\npython train.py\n", None),
])
def test_b_crlf_on_a_command_line_or_the_shebang(tmp_path, body, says):
    p = tmp_path / "run.sh"
    p.write_bytes(body.encode())
    fs = flagged(scan([str(p)], "RD-LCH-018", "mi300x8"))
    assert bool(fs) == bool(says)
    for word in says or []:
        assert word in fs[0].detail, (word, fs[0].detail)
    if says and "bad interpreter" not in says[0]:
        assert "bad interpreter" not in fs[0].detail


def test_b2_a_batch_script_is_refused_for_any_carriage_return_and_only_a_script_converts_it(tmp_path):
    p = tmp_path / "job.sbatch"
    p.write_bytes(b"#!/bin/bash\n#SBATCH -N1\n\r\nsrun hostname\n")
    assert flagged(scan([str(p)], "RD-LCH-018", "mi300x8"))
    # an image that converts a file of that name does not change what sbatch reads on the host; a glob that does not
    # match the name, or a longer name, converts nothing of it
    for i, other in enumerate((("Dockerfile", "FROM rocm/pytorch:latest\nRUN dos2unix /app/job.sbatch\n"),
                               ("fix.sh", "#!/bin/bash\nfind . -name '*.py' -exec dos2unix {} +\n"),
                               ("fix.sh", "#!/bin/bash\ndos2unix prejob.sbatch\n"))):
        d = tmp_path / f"case{i}"
        d.mkdir()
        q = d / "job.sbatch"
        q.write_bytes(p.read_bytes())
        write(d, other[0], other[1])
        assert flagged(scan([str(d)], "RD-LCH-018", "mi300x8")), other
    ok_dir = tmp_path / "ok"
    ok_dir.mkdir()
    (ok_dir / "job.sbatch").write_bytes(p.read_bytes())
    write(ok_dir, "fix.sh", "#!/bin/bash\ndos2unix *.sbatch\n")
    assert not flagged(scan([str(ok_dir)], "RD-LCH-018", "mi300x8"))


@pytest.mark.parametrize("convert", ["RUN dos2unix /app/run.sh", "RUN sed -i 's/\\r$//' /app/*.sh",
                                     "RUN tr -d '\\r' < run.sh > run2.sh"])
def test_c_a_build_that_converts_the_script_passes(tmp_path, convert):
    p = tmp_path / "run.sh"
    p.write_bytes(b"#!/bin/bash\r\npython serve.py\r\n")
    d = write(tmp_path, "Dockerfile", f"FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
                                      f"COPY run.sh /app/run.sh\n{convert}\nENTRYPOINT [\"/app/run.sh\"]\n")
    assert not flagged(scan([str(p), d], "RD-LCH-018", "mi300x8"))
    # a conversion of another file does not cover this one
    other = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nRUN dos2unix /app/other.sh\n")
    assert flagged(scan([str(p), other], "RD-LCH-018", "mi300x8"))


def test_d_the_fix_gives_unix_line_ends_and_keeps_the_lines():
    assert apply("#!/bin/bash\r\ncd /work\r\r\npython t.py\r\n", "shell", [{"op": "unix_line_ends", "line": 0}]) == \
        "#!/bin/bash\ncd /work\npython t.py\n"  # a file converted twice (CR CR LF) too
    # with another edit on the same file, the line numbers still hold
    assert apply("#!/bin/bash\r\nnvidia-smi\r\n", "shell", [{"op": "unix_line_ends", "line": 0}, {
        "op": "replace_line", "line": 2, "text": "nvidia-smi || true"}]) == "#!/bin/bash\nnvidia-smi || true\n"


def test_e_the_plan_names_the_edit(tmp_path):
    p = tmp_path / "job.sbatch"
    p.write_bytes(b"#!/bin/bash\r\n#SBATCH --gres=gpu:2\r\nsrun python t.py\r\n")
    [f] = flagged(scan([str(p)], "RD-LCH-018", "mi300x8"))
    assert f.fix.params["edits"] == [{"path": str(p), "syntax": "shell", "ops": [{"op": "unix_line_ends", "line": 0}]}]


# --- RD-LCH-019: an alias called in a bash script (spent fresh ry-rocm-iris run.sh: `alias drun='docker run ...'`
# then `drun $IMAGE_NAME`: 'drun: command not found')
def test_f_an_alias_called_in_a_bash_script_is_not_expanded():
    [f] = flagged(scan([os.path.join(FRESH, "ry-rocm-iris-dev-containers", "run.sh")], "RD-LCH-019", "mi300x8"))
    assert f.status.value == "fail" and "drun: command not found" in f.detail


@pytest.mark.parametrize("body, status", [
    ("#!/bin/bash\nalias drun='docker run -it --device=/dev/kfd'\ndrun rocm/pytorch\n", "fail"),
    ("#!/usr/bin/env bash\nalias drun=\"docker run \\\n  --device=/dev/kfd\"\nIMG=x; drun $IMG &\n", "fail"),
    ("#!/bin/bash\nif true; then alias py=python3; fi\nif true; then py t.py; fi\n", "fail"),
    # an alias wrapping the command of its own name: the command runs, without what the alias adds
    ("#!/usr/bin/env bash\nalias ollama=\"env LD_PRELOAD=/x/hack.so ollama\"\nollama serve\n", "warn"),
    # look-alikes: expand_aliases on, an interactive shell, sh (dash expands aliases), no shebang (maybe sourced),
    # the name only in quotes or as an argument, an alias never called
    ("#!/bin/bash\nshopt -s expand_aliases\nalias drun='docker run'\ndrun x\n", None),
    ("#!/bin/bash -i\nalias drun='docker run'\ndrun x\n", None),
    ("#!/bin/sh\nalias drun='docker run'\ndrun x\n", None),
    ("alias drun='docker run'\ndrun x\n", None),
    ("#!/bin/bash\nalias drun='docker run'\necho \"use drun to start\"\nwhich drun\n", None),
    ("#!/bin/bash\nalias ll='ls -l'\npython t.py\n", None),
])
def test_g_which_alias_calls_are_judged(tmp_path, body, status):
    p = write(tmp_path, "run.sh", body)
    fs = flagged(scan([p], "RD-LCH-019", "mi300x8"))
    assert [f.status.value for f in fs] == ([status] if status else [])


def test_h_a_script_the_set_sources_keeps_its_aliases(tmp_path):
    env = write(tmp_path, "env.sh", "#!/bin/bash\nalias drun='docker run'\ndrun x\n")
    main = write(tmp_path, "start.sh", "#!/bin/bash\nsource ./env.sh\n")
    assert not flagged(scan([env, main], "RD-LCH-019", "mi300x8"))
    assert flagged(scan([env], "RD-LCH-019", "mi300x8"))


def test_i_the_fix_turns_expand_aliases_on_after_the_shebang(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nalias drun='docker run'\ndrun x\n")
    [f] = flagged(scan([p], "RD-LCH-019", "mi300x8"))
    [edit] = f.fix.params["edits"]
    assert apply(open(p).read(), edit["syntax"], edit["ops"]) == \
        "#!/bin/bash\nshopt -s expand_aliases\nalias drun='docker run'\ndrun x\n"


def test_j_a_conversion_of_the_name_a_copy_gives_it_passes(tmp_path):
    # spent fresh na-purhur: `COPY docker/entrypoint-llama-server.sh /entrypoint.sh` then `sed -i 's/\r$//' /entrypoint.sh`
    p = tmp_path / "entrypoint-llama-server.sh"
    p.write_bytes(b"#!/bin/bash\r\nexec llama-server \"$@\"\r\n")
    d = write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-24.04:7.2-complete\n"
                                      "COPY docker/entrypoint-llama-server.sh /entrypoint.sh\n"
                                      "RUN sed -i 's/\\r$//' /entrypoint.sh && chmod +x /entrypoint.sh\n")
    assert not flagged(scan([str(p), d], "RD-LCH-018", "strix-halo-apu"))
    copied_elsewhere = write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-24.04:7.2-complete\n"
                                                     "COPY other.sh /entrypoint.sh\nRUN sed -i 's/\\r$//' /entrypoint.sh\n")
    assert flagged(scan([str(p), copied_elsewhere], "RD-LCH-018", "strix-halo-apu"))


@pytest.mark.parametrize("body, status", [
    # an indented call (inside if/for/a function body) is a call too
    ("#!/bin/bash\nalias ll='ls -l'\nfor x in a; do\n  ll\ndone\n", "fail"),
    # not judged: POSIX mode expands aliases; a function of the same name runs instead; an alias written into
    # another file by a heredoc is that file's
    ("#!/bin/bash\nset -o posix\nalias drun='docker run'\ndrun x\n", None),
    ("#!/bin/bash --posix\nalias drun='docker run'\ndrun x\n", None),
    ("#!/bin/bash\nalias drun='docker run'\ndrun() { docker run \"$@\"; }\ndrun x\n", None),
    ("#!/bin/bash\ncat >> ~/.bashrc <<EOF\nalias python=python3\nEOF\npython -m pip install -r requirements.txt\n", None),
])
def test_k_more_alias_forms(tmp_path, body, status):
    fs = flagged(scan([write(tmp_path, "run.sh", body)], "RD-LCH-019", "mi300x8"))
    assert [f.status.value for f in fs] == ([status] if status else [])
    if status:
        assert "goes on without it" in fs[0].detail  # bash does not stop there unless set -e


def test_l_the_fix_goes_after_a_batch_scripts_directives_and_only_for_a_top_level_alias(tmp_path):
    # sbatch stops reading #SBATCH lines at the first command: shopt goes after the last directive
    p = write(tmp_path, "job.sbatch", "#!/bin/bash\n#SBATCH --gres=gpu:8\n#SBATCH --nodes=2\n\nalias drun=\"docker run\"\n"
                                      "drun img\n")
    [f] = flagged(scan([p], "RD-LCH-019", "mi300x8"))
    [edit] = f.fix.params["edits"]
    assert apply(open(p).read(), edit["syntax"], edit["ops"]).splitlines()[:4] == [
        "#!/bin/bash", "#SBATCH --gres=gpu:8", "#SBATCH --nodes=2", "shopt -s expand_aliases"]
    # alias and call inside one compound command: bash reads it whole before running it, so no shopt can help
    q = write(tmp_path, "run.sh", "#!/bin/bash\nif true; then\n  alias drun='docker run'\n  drun x\nfi\n")
    [g] = flagged(scan([q], "RD-LCH-019", "mi300x8"))
    assert g.fix is None and "function" in g.detail


def test_n_real_sets_that_pass():
    # na-purhur: a CRLF entrypoint the Dockerfile converts after COPY; zd-nikelborm: an alias defined for the
    # interactive shell that sources the script later, never called in it
    assert not flagged(scan([os.path.join(FRESH, "na-purhur-llamacpp-strix-compose")], "RD-LCH-018", "strix-halo-apu"))
    assert not flagged(scan([os.path.join(FRESH, "zd-nikelborm-ollama-gfx90c-src")], "RD-LCH-019", "strix-halo-apu"))
