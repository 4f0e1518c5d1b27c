"""What the launch-file readers take from files as users write them (spent fresh batch 53): a requirements file that
PowerShell wrote as UTF-16, a byte-order mark before UTF-8, and a `docker build -f "$(dirname "$0")/Dockerfile.arch"`
whose folder the script works out at run time."""
from rocmdoctor.artifacts.readers import read_all
from rocmdoctor.artifacts.settings import built_from
from tests.lintacc_helpers import flagged, scan, write


def test_a_utf16_requirements_file_is_read_as_pip_reads_it(tmp_path):
    # gz-homzer: requirements.txt in UTF-16 LE with a BOM and CRLF line ends (`pip freeze > requirements.txt` in
    # PowerShell); pip decodes it by its BOM, so torch>=2.0.0 from PyPI is installed
    p = tmp_path / "requirements.txt"
    p.write_bytes("numpy\r\ntorch>=2.0.0\r\n".encode("utf-16"))
    fs = flagged(scan([str(p)], "RD-IMG-002", "mi300x8"))
    assert len(fs) == 1 and fs[0].evidence[0].source.endswith("requirements.txt:2")
    q = tmp_path / "b" / "requirements.txt"
    q.parent.mkdir()
    q.write_bytes(b"\xef\xbb\xbftorch>=2.0.0\n")
    assert len(flagged(scan([str(q)], "RD-IMG-002", "mi300x8"))) == 1


def test_a_dockerfile_named_under_a_run_time_folder_is_the_sets_file_of_that_name(tmp_path):
    # fz-tbocek: `docker buildx build -t arch:latest -f "$(dirname "$0")/Dockerfile.arch" ...`, then FROM arch:latest
    write(tmp_path, "Dockerfile.arch", "FROM quay.io/archlinux/archlinux:base-20260804.0.568110\n")
    write(tmp_path, "Dockerfile.llama", "FROM arch:latest\nRUN make\n")
    write(tmp_path, "run.sh", '#!/bin/bash\nSCRIPT_DIR="$(dirname "$0")"\n'
          'docker buildx build -t arch:latest -f "$SCRIPT_DIR/Dockerfile.arch" "$SCRIPT_DIR"\n')
    c = write(tmp_path, "docker-compose.yml", "services:\n  llama:\n    build:\n      context: .\n"
              "      dockerfile: Dockerfile.llama\n    image: llama:latest\n    devices: [/dev/kfd, /dev/dri]\n"
              "    group_add:\n      - render\n      - video\n")
    s = read_all([str(tmp_path)])
    [d] = built_from(s, s.of_kind("compose")[0], "", {"image": "arch:latest"})
    assert d.path.endswith("Dockerfile.arch")
    # Arch's base defines render: a group_add by that name resolves inside the image (RD-CTR-006 passes)
    assert flagged(scan([str(tmp_path)], "RD-CTR-006", "strix-halo-apu")) == []
    write(tmp_path, "Dockerfile.arch", "FROM ubuntu:24.04\n")  # Ubuntu's base has no render group
    assert [f.title for f in flagged(scan([c, str(tmp_path / "run.sh"), str(tmp_path / "Dockerfile.arch"),
                                           str(tmp_path / "Dockerfile.llama")], "RD-CTR-006", "strix-halo-apu"))]


def test_a_hash_inside_a_word_is_no_comment(tmp_path):
    # bash starts a comment only at a word's start: `${GPU_ARCH##gfx}`, `a#b` and a quoted "#" are values
    from rocmdoctor.artifacts.readers.shell.words import commands
    assert commands("export A=${ARCH##gfx} B=a#b C='#' # the rest") == [["export", "A=${ARCH##gfx}", "B=a#b", "C=#"]]
    s = read_all([write(tmp_path, "a.sh", "#!/bin/bash\nexport HSA_OVERRIDE_GFX_VERSION=${GPU_ARCH##gfx}\n")])
    assert [v.value for v in s.values("env", "HSA_OVERRIDE_GFX_VERSION")] == ["${GPU_ARCH##gfx}"]


def test_launchers_run_as_their_packages_modules_are_those_launchers(tmp_path):
    # dz-loverlost: `python3 -m accelerate.commands.launch --num_processes=2 -m lmms_eval` under --gres=gpu:1
    p = write(tmp_path, "test.sh", "#!/bin/bash\n#SBATCH --gres=gpu:1\npython3 -m accelerate.commands.launch \\\n"
              "    --num_processes=2 \\\n    -m lmms_eval --model x\n")
    fs = flagged(scan([p], "RD-LCH-001", "mi300x8"))
    assert len(fs) == 1 and "2 ranks per node" in fs[0].title
    s = read_all([write(tmp_path, "ds.sh", "#!/bin/bash\npython -m deepspeed.launcher.runner --num_gpus 8 train.py\n")])
    assert [c["launcher"] for c in s.of_kind("shell")[0].data["commands"]] == ["deepspeed"]


def test_an_indented_sbatch_line_is_a_comment_to_sbatch(tmp_path):
    # sbatch reads `#SBATCH` at the start of a line only (Slurm's `xstrncmp(line, "#SBATCH", 7)`): the indented request
    # for a100s is no directive, the one at column 0 is
    s = read_all([write(tmp_path, "job.sh", "#!/bin/bash\n  #SBATCH --gres=gpu:a100:4\n#SBATCH --gres=gpu:mi300x:8\n"
                        "srun python t.py\n")])
    assert [(v.value, v.origin.line) for v in s.values("launcher", "sbatch.gres")] == [("gpu:mi300x:8", 3)]
