"""Findings on launch scripts name the line that causes them (issue 24 §3, wave 5 track artb): an image a
command line takes from a variable is cited where the variable was written."""
from __future__ import annotations

import os

import pytest

from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import write


def _images(path):
    return [(v.value, v.origin.line) for v in read_one(path).values if v.kind == "container" and v.name == "image"]


# jpata/particleflow scripts/lumi/pytorch.sh (spent fresh batch 2): `export IMG=...rocm5.7.simg` on one line,
# `singularity exec ... $IMG python3 ...` seventeen lines later; spyysalo/Megatron-DeepSpeed's LUMI script
# writes CONTAINER="...rocm-5.5.1...sif" and runs `singularity exec -B "$SING_BIND" "$CONTAINER"`.
def test_a_singularity_image_named_by_a_variable_is_cited_where_the_variable_was_written(tmp_path):
    p = write(tmp_path, "pytorch.sh", "#!/bin/bash\n#SBATCH --nodes=1\ncd /scratch\n"
              "export IMG=/scratch/p/pytorch-rocm5.7.simg\nCONTAINER=\"lumi-rocm-5.5.1.sif\"\nenv\n"
              "singularity exec \\\n    --rocm -B /scratch \\\n     $IMG python3 train.py\n"
              "srun singularity exec -B \"$B\" \"$CONTAINER\" python3 t.py\n")
    assert _images(p) == [("/scratch/p/pytorch-rocm5.7.simg", 4), ("lumi-rocm-5.5.1.sif", 5)]


def test_a_docker_run_image_from_a_variable_is_cited_at_its_definition_and_a_literal_at_its_own_line(tmp_path):
    # SolidRusT/srt-inference-backends launch-amd.sh: SERVICE_IMAGE="embeddedllminfo/vllm-rocm:${SERVICE_VERSION}"
    p = write(tmp_path, "launch.sh", "#!/bin/bash\nSERVICE_VERSION=\"vllm-v0.2.6\"\n"
              "SERVICE_IMAGE=\"embeddedllminfo/vllm-rocm:${SERVICE_VERSION}\"\n"
              "docker run \\\n    --device /dev/kfd \\\n    ${SERVICE_IMAGE} \\\n    --model m\n"
              "docker run --device /dev/kfd \\\n  rocm/pytorch:rocm6.2_ubuntu22.04 python t.py\n")
    assert _images(p) == [("embeddedllminfo/vllm-rocm:vllm-v0.2.6", 3), ("rocm/pytorch:rocm6.2_ubuntu22.04", 9)]


# shuawest/vllm-rocm-gfx1151 run_nightly_spoof.sh (spent fresh batch 3): the override exported in the host shell
# and passed again with `podman run --env`: both lines set what the job runs with, and a fix edits both.
def test_every_line_that_sets_the_judged_value_is_evidence(tmp_path):
    from tests.lintacc_helpers import flagged, scan

    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport HSA_OVERRIDE_GFX_VERSION=11.0.0\n"
              "podman run -it --rm \\\n    --device /dev/kfd \\\n    --env HSA_OVERRIDE_GFX_VERSION=11.0.0 \\\n"
              "    docker.io/rocm/vllm-dev:nightly python3 -c 'import torch'\n")
    [f] = flagged(scan([p], "RD-ENV-001", "strix-halo-apu"))
    assert [e.source for e in f.evidence if e.source.startswith(p)] == [p + ":2", p + ":5"]
    # look-alike: an earlier line with another value is not what the job runs with, and is not cited
    q = write(tmp_path, "run2.sh", "#!/bin/bash\nexport HSA_OVERRIDE_GFX_VERSION=10.3.0\n"
              "export HSA_OVERRIDE_GFX_VERSION=11.0.0\npython3 t.py\n")
    [g] = flagged(scan([q], "RD-ENV-001", "strix-halo-apu"))
    assert [e.source for e in g.evidence if e.source.startswith(q)] == [q + ":3"]


# alrobles/nemotron-eco-reasoner hpc/archive/train_apptainer_mi210.slurm lines 18 and 37-41 (spent fresh batch 18,
# https://github.com/alrobles/nemotron-eco-reasoner/blob/2b7e645f9b7979dd0869003c5ef76dc7db4b9e52/hpc/archive/train_apptainer_mi210.slurm):
# `python3 -c "` whose program runs on over the next lines is one word; the image after `"$SIF"` is the file's path,
# not the path in quotes (which RD-IMG-003 read as an untagged image name that floats).
def test_a_quoted_argument_that_spans_lines_is_one_word(tmp_path):
    p = write(tmp_path, "train.slurm", "#!/bin/bash\nSIF=\"/home/a474r867/scratch/rocm-pytorch-6.4.3.sif\"\n"
              "apptainer exec --rocm \\\n    --bind \"$SITE_PKGS:/pkgs\" \\\n    --env \"PYTHONPATH=/pkgs\" \\\n"
              "    \"$SIF\" python3 -c \"\nimport torch, transformers, peft\nprint(f'PyTorch {torch.__version__}')\n"
              "\"\n# it's a comment\necho done\n")
    assert _images(p) == [("/home/a474r867/scratch/rocm-pytorch-6.4.3.sif", 2)]
    from rocmdoctor.artifacts.readers.shell import logical_lines
    lines = logical_lines(open(p).read())
    assert [a for a, _, _ in lines] == [2, 3, 11] and "print(f'PyTorch" in lines[1][2]
    # a quote never closed leaves the line as it was (continuations only)
    assert [a for a, _, _ in logical_lines("echo it's\necho a\necho b\n")] == [1, 2, 3]


# olcf/ai-training-series ai_at_scale_part_2/ddp_examples/launch_gpt_srun.frontier (spent fresh batch 17,
# https://github.com/olcf/ai-training-series/blob/e6452a3e8fff088ba83e7af809e7fa6af87afffe/ai_at_scale_part_2/ddp_examples/launch_gpt_srun.frontier):
# a batch script named for its site (.frontier; .pbs, .sl, .batch elsewhere) is read from a scanned folder by its
# #! line and #SBATCH directives; a Python program with a shell-looking first line is not.
def test_a_batch_script_named_for_its_site_is_read_from_a_folder(tmp_path):
    from rocmdoctor.artifacts.readers import expand

    write(tmp_path, "launch_gpt_srun.frontier", "#!/bin/bash\n\n#SBATCH -A STF218\n#SBATCH -N 2\n\nmodule load "
          "rocm/5.4.0\n\nexport ROCM_HOME=/opt/rocm-5.4.0\n")
    write(tmp_path, "job.pbs", "#!/bin/bash\n#PBS -l select=1\nmodule load profile/deeplrn\n")
    write(tmp_path, "tool.py", "#!/bin/sh\n''''exec python3 \"$0\" \"$@\" #'''\nprint(1)\n")
    write(tmp_path, "notes", "plain words\n")
    assert sorted(os.path.basename(p) for p in expand([str(tmp_path)])) == ["job.pbs", "launch_gpt_srun.frontier"]


def test_container_files_an_author_keeps_in_a_build_folder_are_read(tmp_path):
    # DaimonionNN/vega-llamacpp-docker keeps build/Dockerfile.rocm64, vinniefranco build/Containerfile (fresh batches
    # 22-23); a build folder's generated JSON and scripts (a CMake tree) stay unread
    from rocmdoctor.artifacts.readers import expand

    for rel, text in (("build/Dockerfile.rocm64", "FROM rocm/dev-ubuntu-22.04:6.4\n"),
                      ("build/Containerfile", "FROM rocm/dev-ubuntu-24.04:6.2\n"),
                      ("build/compile_commands.json", "[]\n"), ("build/CMakeFiles/x.sh", "#!/bin/sh\nmake\n"),
                      ("dist/run.sh", "#!/bin/bash\ntorchrun t.py\n"), ("run.sh", "#!/bin/bash\ntorchrun t.py\n")):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert sorted(os.path.relpath(p, tmp_path) for p in expand([str(tmp_path)])) == [
        "build/Containerfile", "build/Dockerfile.rocm64", "run.sh"]


# lintangsutawika's TTS build.sh (fresh batch 37): `apptainer pull "$BASE_SIF" docker://rocm/pytorch:rocm7.2.4_...`,
# and qaser's LUMI helper (spent): `apptainer build "$DIR/x.sif" "docker://$BASE_IMAGE"`: the image a later exec runs
def test_an_apptainer_pull_or_build_names_the_image_cited_where_it_is_written(tmp_path):
    p = write(tmp_path, "build.sh", "#!/bin/bash\nBASE_IMAGE=\"rocm/pytorch:latest\"\nmkdir -p sif\n"
              "apptainer pull \"$BASE_SIF\" docker://rocm/pytorch:rocm7.2.4_ubuntu24.04_py3.12_pytorch_release_2.10.0\n"
              "apptainer build \"sif/x.sif\" \"docker://$BASE_IMAGE\"\n"
              "singularity pull library://sylabs/default/alpine\napptainer build --fakeroot x.sif x.def\n")
    assert _images(p) == [("rocm/pytorch:rocm7.2.4_ubuntu24.04_py3.12_pytorch_release_2.10.0", 4),
                          ("rocm/pytorch:latest", 2)]


def test_a_logical_line_ends_on_its_last_physical_line():
    # (wave 20) the span of a continued command, or of a quoted string over lines, reached one line short: RD-LCH-001
    # then missed a launch's own `VAR=x` prefix when the option it judged was on the command's last line
    from rocmdoctor.artifacts.readers.shell import logical_lines

    text = 'a\nb \\\n c \\\n d\ne\nf="x\ny"\ng'
    assert [(f, la) for f, la, _ in logical_lines(text)] == [(1, 1), (2, 4), (5, 5), (6, 7), (8, 8)]


def test_a_comment_lines_backslash_continues_nothing(tmp_path):
    # (wave 22, a spent fresh set's pyxis launcher) `#  --time=4-00:00 \` above `srun ... \`: bash reads the comment to
    # its end, so the srun command below is whole; joined to the comment, the whole srun (its NGC image, its
    # --export) was dropped with it
    from rocmdoctor.artifacts.readers.shell import logical_lines

    text = "a\n# --time=1 \\\nsrun -K \\\n  --gpus=1 \\\n  python t.py\n# last \\\nb"
    assert [(f, la, t.split()[0]) for f, la, t in logical_lines(text)] == [(1, 1, "a"), (3, 5, "srun"), (7, 7, "b")]
    p = write(tmp_path, "prepare.sh", "N=x\n#\t --time=4-00:00 \\\nsrun -K --job-name=$N \\\n"
              "  --container-image=/netscratch/enroot/nvcr.io_nvidia_pytorch_23.07-py3.sqsh \\\n"
              '  --export="NCCL_SOCKET_IFNAME=bond,NCCL_IB_HCA=mlx5" \\\n  python t.py\n')
    values = [(v.kind, v.name, v.value, v.origin.line) for v in read_one(p).values]
    assert ("container", "image", "/netscratch/enroot/nvcr.io_nvidia_pytorch_23.07-py3.sqsh", 4) in values
    # srun's --export names what the step's tasks get, as #SBATCH --export does
    assert [(n, v, line) for k, n, v, line in values if k == "env"] == [("NCCL_SOCKET_IFNAME", "bond", 5),
                                                                        ("NCCL_IB_HCA", "mlx5", 5)]


def test_a_backquoted_comment_between_options_is_no_word(tmp_path):
    # (wave 22, a spent fresh set) `docker run ... \` then `` `# why` \`` lines: each expands to nothing; read as
    # words, the first (`` `# ``) became the image docker runs
    from rocmdoctor.artifacts.readers.shell import commands

    assert commands("docker run --device=/dev/kfd `# the GPU` -e A=1 `# note: x` img:1 python t.py") == [
        ["docker", "run", "--device=/dev/kfd", "-e", "A=1", "img:1", "python", "t.py"]]
    assert commands("echo '`#` is kept in quotes'") == [["echo", "`#` is kept in quotes"]]


@pytest.mark.parametrize("options", ["--overlay env.ext3:ro", "-o env.ext3", "-e", "--cleanenv -B /a:/a", "--rocm -H /h",
                                     "--no-mount home,tmp", "-B /x/rocm4.5.2-ubuntu20.04.3.sif.d:/d"])
def test_an_apptainer_option_and_its_value_are_not_the_image(tmp_path, options):
    # (wave 22, a spent fresh set) `singularity exec --rocm --overlay ENV.ext3:ro IMAGE.sif`: the overlay file was
    # taken for the image; Apptainer's `-e` is --cleanenv, a switch (Docker's takes a value)
    p = write(tmp_path, "run.sh", "singularity \\\n  exec " + options + " \\\n  /x/rocm4.5.2-ubuntu20.04.3.sif \\\n"
              "  python t.py\n")
    assert [(v.value, v.origin.line) for v in read_one(p).values if v.name == "image"] == [
        ("/x/rocm4.5.2-ubuntu20.04.3.sif", 3)]  # cited where the image is written
