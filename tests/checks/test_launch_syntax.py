"""RD-LCH-005, RD-LCH-008 and RD-LCH-014 (checks/launch_syntax.py): launch scripts read as the shell runs them."""
from __future__ import annotations

import pytest

from tests.lintacc_helpers import flagged, scan, write


# --- RD-LCH-005: bash-only syntax under #!/bin/sh, which is dash on Debian/Ubuntu (hamm3r/ComfyUI-Installer
# launch.sh: `#!/bin/sh` then `source venv/bin/activate`: 'source: not found', ComfyUI runs on the system python)
@pytest.mark.parametrize("body, bad", [
    ("source venv/bin/activate\npython main.py\n", True),
    ("cd x && source env.sh\npython t.py\n", True),
    ("if [[ -n \"$A\" ]]; then python t.py; fi\n", True),
    ("GPUS=(0 1)\npython t.py\n", True),
    ("echo ${MODEL//\\//_}\n", True),
    # look-alikes: POSIX forms, and bash syntax inside a single-quoted string run by bash
    (". venv/bin/activate\nif [ -n \"$A\" ]; then python t.py; fi\necho \"${A:-x}\"\n", False),
    ("bash -c 'source venv/bin/activate; python t.py'\n", False),
    ("echo \"then source it\"\n", False),
    # fresh yv-taoky: `${HIP_VISIBLE_DEVICES:-0}` is POSIX's default value, not bash's substring `${var:N}`
    ("export HIP_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES:-0}\npython t.py\n", False),
    ("echo ${NAME:2}\n", True), ("echo ${NAME: -1}\n", True), ("echo ${NAME:(-1)}\n", True),
])
def test_bash_syntax_under_bin_sh(tmp_path, lint, body, bad):
    path = lint.write("launch.sh", "#!/bin/sh\n" + body)
    assert bool(lint.flagged(lint([path], "RD-LCH-005", "rx7900xtx"))) == bad


def test_bash_syntax_under_bin_bash_or_on_a_bash_sh_system_passes(tmp_path, lint):
    path = lint.write("launch.sh", "#!/bin/bash\nsource venv/bin/activate\npython main.py\n")
    assert not lint.flagged(lint([path], "RD-LCH-005", "rx7900xtx"))
    sh = lint.write("job.sh", "#!/bin/sh\nsource venv/bin/activate\npython main.py\n")
    assert not lint.flagged(lint([sh], "RD-LCH-005", "dcu-slurm"))  # CentOS: /bin/sh is bash


def test_the_fix_changes_the_shebang(tmp_path, lint):
    path = lint.write("launch.sh", "#!/bin/sh\nsource venv/bin/activate\n")
    [f] = lint.flagged(lint([path], "RD-LCH-005", "rx7900xtx"))
    assert f.fix.params["edits"][0]["ops"][0] == {"op": "replace_line", "line": 1, "text": "#!/bin/bash", "expect": "#!"}


# A Dockerfile's shell-form RUN is /bin/sh -c: dash in Debian/Ubuntu images (fresh cy-rookes-subconvert-rocm-docker,
# xc-leuchthelp-subconvert-rocm-uv: `FROM ubuntu:noble` then `RUN source $HOME/.local/bin/env`; wy-jakespillstea:
# `RUN python -m venv /opt/venv && source /opt/venv/bin/activate` on ubuntu:latest)
@pytest.mark.parametrize("text, bad", [
    ("FROM ubuntu:noble\nRUN curl -LsSf https://astral.sh/uv/install.sh | sh\nRUN source $HOME/.local/bin/env\n", 3),
    ("FROM python:3.11\nRUN python -m venv /v && source /v/bin/activate && pip install x\n", 2),
    ("FROM rocm/dev-ubuntu-22.04:6.2\nRUN if [[ -f a ]]; then echo a; fi\n", 2),
    # a stage built FROM another keeps its shell; SHELL bash before the RUN (or in the parent stage) passes
    ("FROM ubuntu:22.04 AS base\nFROM base AS app\nRUN source /etc/profile\n", 3),
    ("FROM ubuntu:22.04\nSHELL [\"/bin/bash\", \"-c\"]\nRUN source /opt/venv/bin/activate\n", None),
    ("FROM ubuntu:22.04 AS base\nSHELL [\"/bin/bash\", \"-lc\"]\nFROM base\nRUN source /etc/profile\n", None),
    # bash runs it (`bash -c`, a heredoc with its own #!), /bin/sh is bash or ash, or the base is not known
    ("FROM ubuntu:22.04\nRUN bash -c 'source /opt/venv/bin/activate && pip install x'\n", None),
    ("FROM ubuntu:22.04\nRUN <<EOF\n#!/bin/bash\nsource /etc/profile\nEOF\n", None),
    ("FROM rockylinux:9\nRUN source /opt/rh/gcc-toolset-12/enable\n", None),
    ("FROM alpine:3.20\nRUN source /etc/profile\n", None),
    ("FROM image.sourcefind.cn:5000/dcu/admin/base/pytorch:2.1.0-centos7.6-dtk24.04-py310\nRUN source /opt/dtk/env.sh\n", None),
    ("FROM ${BASE}\nRUN source /opt/spack-environment/activate.sh\n", None),
    ("FROM ubuntu:22.04\nRUN . /opt/venv/bin/activate && echo 'source me'\n", None),
    # the wave-25 review: a heredoc sh runs is judged, one bash runs or one written to a file is not
    ("FROM ubuntu:22.04\nRUN <<EOF\nset -e\nsource /y\nEOF\n", 4),
    ("FROM ubuntu:22.04\nRUN <<EOF sh\nsource /y\nEOF\n", 3),
    ("FROM ubuntu:22.04\nRUN <<EOT bash\nsource /y\nEOT\n", None),
    ("FROM ubuntu:22.04\nRUN <<EOF\nset -e\ncat >> /root/.bashrc <<X\nsource /opt/venv/bin/activate\nX\nEOF\n", None),
    ("FROM ubuntu:22.04\nRUN cat > /etc/profile.d/v.sh <<'EOF'\nsource /opt/venv/bin/activate\nEOF\n", None),
    # a RUN that starts with bash goes on in sh; SHELL sh is the image's own sh; stage names ignore case
    ("FROM ubuntu:22.04\nRUN bash install.sh && source /opt/env\n", 2),
    ("FROM ubuntu:22.04\nSHELL [\"/bin/bash\", \"-c\"]\nSHELL [\"sh\", \"-c\"]\nRUN source x\n", 4),
    ("FROM alpine:3.20\nSHELL [\"/bin/sh\", \"-c\"]\nRUN source x\n", None),
    ("FROM ubuntu:22.04 AS Base\nSHELL [\"/bin/bash\", \"-c\"]\nFROM base\nRUN source x\n", None),
    ("FROM node:20\nRUN source x\n", 2), ("FROM docker.io/library/ubuntu:22.04\nRUN source x\n", 2),
    ("FROM myregistry.io/archive/ubuntu:22.04\nRUN source x\n", 2),
    ("FROM ubuntu:22.04\nRUN [\"bash\", \"-c\", \"source x\"]\n", None),
])
def test_bash_syntax_in_a_dockerfile_run_under_dash(tmp_path, lint, text, bad):
    path = lint.write("Dockerfile", text)
    found = lint.flagged(lint([path], "RD-LCH-005", "mi300x8"))
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in found] == ([str(bad)] if bad else [])
    if bad:
        assert "SHELL" in found[0].detail and "dash" in found[0].title


def test_every_bash_line_of_a_dockerfile_is_cited(tmp_path, lint):
    path = lint.write("Dockerfile", "FROM ubuntu:22.04\nRUN source /a\nRUN true\nRUN if [[ -f b ]]; then :; fi\n")
    [f] = lint.flagged(lint([path], "RD-LCH-005", "mi300x8"))
    assert [e.source.rsplit(":", 1)[1] for e in f.evidence] == ["2", "4"]


def test_a_heredoc_a_sh_script_writes_is_data(tmp_path, lint):
    path = lint.write("setup.sh", "#!/bin/sh\ncat > /etc/profile.d/x.sh <<'X'\nsource /y\nX\necho done\n")
    assert not lint.flagged(lint([path], "RD-LCH-005", "rx7900xtx"))


# ovi2020/Finetune-LLM-FD 00_rocm_setup.sh (spent fresh batch 3): `pip install \ transformers>=4.47.0 \ ... deepspeed>=0.14.0`
@pytest.mark.parametrize("line, status", [
    ("pip install \\\n  transformers>=4.47.0 \\\n  deepspeed>=0.14.0 \\\n  pandas\n", "warn"),
    ("python3 -m pip install torch<2.5 numpy\n", "fail"),
    # look-alikes: quoted specifiers, an exact pin, a redirection of the output, a requirements file
    ("pip install 'transformers>=4.47.0' \"deepspeed>=0.14.0\"\n", None),
    ("pip install torch==2.4.1 numpy\n", None),
    ("pip install -r requirements.txt > pip.log 2>&1\n", None),
    ("echo pip install x>=1\n", None),
])
def test_unquoted_pip_specifiers_are_redirections(tmp_path, line, status):
    p = write(tmp_path, "setup.sh", "#!/bin/bash\n" + line)
    fs = flagged(scan([p], "RD-LCH-008", "mi300x8"))
    assert [f.status.value for f in fs] == ([status] if status else [])


# A Dockerfile's shell-form RUN is `/bin/sh -c`: the same redirections (fresh batch 37 radiolyze Dockerfile.rocm
# `RUN pip install --no-deps \ totalsegmentator>=2.4 \`; spent sets with `RUN pip install pyhip>=1.1.0`)
@pytest.mark.parametrize("text, status", [
    ("RUN pip install --no-cache-dir --no-deps \\\n        totalsegmentator>=2.4 \\\n    && pip install numpy\n", "warn"),
    ("RUN --mount=type=cache,target=/root/.cache pip install 'a>=1' b<2\n", "fail"),
    # look-alikes: the exec form (no shell), quoted, a heredoc's body, a line that is not a RUN
    ('RUN ["pip", "install", "transformers>=4.45"]\n', None),
    ('RUN pip install "transformers>=4.45.0,<5.0.0"\n', None),
    ("ENV PIP_SPEC=pip install x>=1\n", None),
    ("RUN cat > /tmp/req.txt <<EOF\npip install x>=1\nEOF\n", None),  # a file's text, not a command
    # what the RUN's shell runs, as the reader parsed it: a `RUN <<EOF` script, an exec-form `sh -c`
    ("RUN <<EOF\nset -e\npip install accelerate>=1.0\nEOF\n", "warn"),
    ('RUN ["/bin/sh", "-c", "pip install accelerate>=1.0"]\n', "warn"),
])
def test_unquoted_specifiers_in_a_dockerfile_run(tmp_path, text, status):
    p = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\n" + text)
    fs = flagged(scan([p], "RD-LCH-008", "mi300x8"))
    assert [f.status.value for f in fs] == ([status] if status else [])
    if status == "warn":
        assert fs[0].evidence[0].source == f"{p}:{2 + text.count(chr(10), 0, text.index('>='))}"


def test_a_dockerfile_stage_no_build_makes_is_not_judged(tmp_path):
    # flammedemon's Qwen3-TTS Dockerfile.rocm (fresh batch 37): compose builds `target: production`; the
    # vllm-production stage below it is built by nothing here
    d = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest AS production\nRUN pip install accelerate>=1.0\n"
              "FROM rocm/pytorch:latest AS vllm-production\nRUN pip install vllm>=0.6\n")
    c = write(tmp_path, "docker-compose.yml", "services:\n  app:\n    build:\n      context: .\n      target: production\n")
    fs = flagged(scan([d, c], "RD-LCH-008", "mi300x8"))
    assert [f.evidence[0].source for f in fs] == [f"{d}:2"]


def test_a_comment_inside_a_continued_run_does_not_end_it(tmp_path):
    # Docker drops comment lines before it joins a continued instruction
    p = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nRUN pip install \\\n    # pinned for the trainer\n"
              "    transformers>=4.40 \\\n    accelerate\n")
    assert [f.evidence[0].source for f in flagged(scan([p], "RD-LCH-008", "mi300x8"))] == [f"{p}:4"]


def test_blanks_after_a_dockerfile_backslash_still_continue_and_every_line_is_cited(tmp_path):
    # BuildKit continues `transformers \   ` (blanks after the backslash; fresh batch 112, gr-mioyuuih's course image):
    # the specifiers after it are the same RUN, and each line that holds one is cited (each one the fix changes)
    p = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nRUN pip3 install --no-cache-dir \\\n"
              "    transformers \\    \n    datasets>=2.14.0 \\\n    # PEFT\n    peft>=0.7.0 \\\n    einops\n")
    [f] = flagged(scan([p], "RD-LCH-008", "mi300x8"))
    assert [e.source for e in f.evidence] == [f"{p}:4", f"{p}:6"]
    # in a shell script `\ ` escapes a blank: the command ends there, as sh runs it
    sh = write(tmp_path, "setup.sh", "#!/bin/bash\npip install \\ \ndatasets>=2.14.0\n")
    assert [e.source for f in flagged(scan([sh], "RD-LCH-008", "mi300x8")) for e in f.evidence] == []


# --- RD-LCH-014: a continued command cut by a comment line or a lost backslash. Real shapes: OpenBMB/MiniCPM
# finetune/sft_finetune.sh (`deepspeed ... finetune.py \` then `    # 预训练模型路径或名称` then `    --model_name_or_path`),
# gabrielreus' llama.cpp build script (a comment line inside `cmake -S . -B build \`), AMD-AGI/Zebra-Llama train.sh
# (`configs/llama3.2_1B/zebra_M2_ILD.yaml` without its `\`, then `train_hybrid/train_distill.py`).
@pytest.mark.parametrize("body, cut", [
    ("deepspeed --include localhost:0,1 finetune.py \\\n    # the model\n    --model_name_or_path m \\\n    --bf16\n", [3, 4]),
    ("cmake -S . -B build \\\n        # flags for ggml\n        -DGGML_HIP=ON \\\n        -DGGML_HIP_TARGETS=gfx1200\n", [3, 4]),
    ("docker run -it \\\n    --device=/dev/kfd \\\n#    --volume /m:/m \\\n    --env A=1 \\\n    rocm/pytorch\n", [4, 5]),
    ("launch_training \\\n    configs/fsdp.yaml \\\n    configs/model.yaml\n    train/train_distill.py\n", [4, 5]),
    ("torchrun --nproc_per_node 8 train.py \\\n    --lr 1e-4\n    --epochs 3\n", [3, 4]),
])
def test_a_continued_command_cut_in_two(tmp_path, body, cut):
    p = write(tmp_path, "run.sh", "#!/bin/bash\n" + body)
    fs = flagged(scan([p], "RD-LCH-014", "mi300x8"))
    assert len(fs) == 1 and [int(e.source.rsplit(":", 1)[1]) for e in fs[0].evidence] == cut


@pytest.mark.parametrize("body", [
    "python train.py \\\n    --lr 1e-4 \\\n    --epochs 3\n# done\necho ok\n",
    "python train.py \\\n    --lr 1e-4\n# --epochs 3\n\necho ok\n",  # a comment after the last line: nothing cut
    "ARGS=(\n    --lr 1e-4 \\\n    # --epochs 3\n    --bf16\n)\npython train.py \"${ARGS[@]}\"\n",  # inside an array
    "if true; then\n    python a.py \\\n        --x 1\n    python b.py\nfi\n",  # the next command, not an argument
    "python a.py \\\n    --x 1\n./run_next.sh\n",
    "cat <<EOF > job.sh\npython t.py \\\n# not a comment here\n    --x 1\nEOF\n",  # a heredoc's body is text
    "echo 'a \\\n# b' \\\n    --c\n",  # inside a string
])
def test_continued_commands_that_run_as_one(tmp_path, body):
    p = write(tmp_path, "run.sh", "#!/bin/bash\n" + body)
    assert flagged(scan([p], "RD-LCH-014", "mi300x8")) == []


# --- RD-LCH-015: assignments held in a variable and expanded as a command's first word. Real shape:
# quangvinh's Megatron-DeepSpeed launchers (`ENV_ARGS="WANDB_DISABLED=true ... NCCL_DEBUG=INFO"`, then
# `$ENV_ARGS torchrun $DISTRIBUTED_ARGS pretrain_gpt.py ...`).
@pytest.mark.parametrize("body, bad", [
    ('ENV_ARGS="WANDB_DISABLED=true NCCL_DEBUG=INFO"\n$ENV_ARGS torchrun --nproc_per_node 4 t.py \\\n  --lr 1\n', True),
    ("E='A=1 B=2'\n${E} python t.py\n", True),
    ('export E="A=1"\n"$E" python t.py\n', True),
    ('ENV_ARGS="A=1 B=2"\nenv $ENV_ARGS torchrun t.py\n', False),  # env takes them as arguments
    ('ENV_ARGS="A=1 B=2"\nexport $ENV_ARGS\ntorchrun t.py\n', False),
    ('ARGS="--lr 1 --bf16"\n$ARGS\n', False),  # options, not assignments
    ('LAUNCHER="torchrun --nproc_per_node 8"\n$LAUNCHER t.py\n', False),  # a command held in a variable runs
    ('ENV_ARGS="A=1"\neval "$ENV_ARGS torchrun t.py"\n', False),
])
def test_assignments_expanded_from_a_variable(tmp_path, body, bad):
    fs = flagged(scan([write(tmp_path, "run.sh", "#!/bin/bash\n" + body)], "RD-LCH-015", "mi300x8"))
    assert bool(fs) == bad, [f.title for f in fs]


def test_a_script_written_by_a_heredoc_gets_the_assignments_expanded(tmp_path):
    # whynotnn's ComfyUI installer g.sh: `cat << EOF > start.sh` ... `$AOT_FLAG $OVERRIDE_VER python main.py`: the
    # writing shell expands them, so start.sh holds plain assignments before python
    body = ('AOT_FLAG="TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1"\ncat << EOF > start.sh\n#!/bin/bash\n'
            '$AOT_FLAG python main.py\nEOF\n')
    assert flagged(scan([write(tmp_path, "g.sh", "#!/bin/bash\n" + body)], "RD-LCH-015", "rx7900xtx")) == []


def test_review_cases_of_continuations_and_expanded_assignments(tmp_path):
    # the value a use expands is the last assignment before it; arithmetic `<<` is no heredoc
    body = 'ENV_ARGS="A=1"\nENV_ARGS="env A=1"\n$ENV_ARGS torchrun t.py\n'
    assert flagged(scan([write(tmp_path, "a.sh", "#!/bin/bash\n" + body)], "RD-LCH-015", "mi300x8")) == []
    shift = "(( m = 1 << SHIFT ))\npython t.py \\\n    # the rate\n    --lr 1\n"
    assert len(flagged(scan([write(tmp_path, "b.sh", "#!/bin/bash\n" + shift)], "RD-LCH-014", "mi300x8"))) == 1


# --- RD-LCH-016: nvidia-smi under errexit on an AMD node. Real shapes (spent fresh sets): an sbatch job that prints
# the GPUs with a bare `nvidia-smi` after `set -e` / `set -euo pipefail` / `set -x -e` (inside the sbatch branch of
# an `if`); look-alikes from the corpus: the same call under `if command -v nvidia-smi`, `|| true`, without errexit.
@pytest.mark.parametrize("body, bad", [
    ("set -e\nnvidia-smi\npython t.py\n", True),
    ("set -euo pipefail\necho start\nnvidia-smi\n", True),
    ("set -x -e\nif [ -z \"$SALLOC_MODE\" ]; then\n    nvidia-smi topo -m\nfi\n", True),
    ("set -o errexit\nsudo nvidia-smi -q\n", True),
    ("set -e -o pipefail\nnvidia-smi | tee gpu.txt\n", True),  # pipefail: the first stage's 127 is the pipeline's
    ("set -e\n[ \"$DEBUG\" = 1 ] && nvidia-smi\n", True),  # the last command of a list is not tested
    ("set -e\nfor i in 1 2; do\n  nvidia-smi\ndone\n", True),
    ("nvidia-smi\npython t.py\n", False),  # no errexit: 'command not found', then the script goes on
    ("set -e\nnvidia-smi || true\n", False),
    ("set -e\nnvidia-smi | tee gpu.txt\n", False),  # tee's status is the pipeline's
    ("set -e\nif command -v nvidia-smi &> /dev/null; then\n    nvidia-smi --query-gpu=name --format=csv\nfi\n", False),
    ("set -e\nif [ \"$GPU\" = nvidia ]; then nvidia-smi; else rocm-smi; fi\n", False),
    ("set -e\ncommand -v nvidia-smi >/dev/null && nvidia-smi\n", False),
    ("set -e\nif nvidia-smi; then echo nv; fi\n", False),
    ("set -e\n! nvidia-smi\n", False),
    ("set -e\nnvidia-smi dmon -s mu > gpu.log &\n", False),
    ("set -e\nshow() {\n  nvidia-smi\n}\npython t.py\n", False),  # a function's body is not judged
    ("set -e\ncase $V in\n  nv) nvidia-smi ;;\nesac\n", False),
    ("set -e\nset +e\nnvidia-smi\n", False),
    ("set -e\nN=$(nvidia-smi -L | wc -l)\necho \"$(nvidia-smi)\"\n", False),  # substitutions: RD-LCH-001's
    # an assignment alone takes its substitution's status (fresh batch 244, rtp-llm create_container.sh:
    # ret=`nvidia-smi --query-gpu=driver_version ...` under set -e); with a command (local, export, echo) it is theirs
    ("set -e\nret=`nvidia-smi --query-gpu=driver_version --format=csv,noheader --id=0`\n", True),
    ("set -e\nA=1 V=$(/usr/bin/nvidia-smi -L)\n", True),
    ("set -e\nf() { local v=$(nvidia-smi); }\nexport V=$(nvidia-smi -L)\nV=$(nvidia-smi -L) || V=none\n", False),
    ("set -e\nV=$(nvidia-smi -L; true)\nW=`echo nvidia-smi`\n", False),
    ('set -e\nMSG="gpus: $(nvidia-smi -L)"\n', True),  # inside a string the assignment still takes its status
    ("set -e\necho 'nvidia-smi'\n# nvidia-smi\n", False),
    # review cases: an if/else before `set -e` closes; a subshell's, a heredoc script's and `set --` are not the
    # script's errexit; a process substitution and a condition over two lines are tested; `#` inside a word
    ('if [ -z "$X" ]; then\n  X=1\nelse\n  X=2\nfi\nset -e\nnvidia-smi\n', True),
    ("(\n set -e\n make\n)\nnvidia-smi\n", False), ("(set -e)\nnvidia-smi\n", False),
    ("set -euo pipefail\nmapfile -t GPUS < <(nvidia-smi -L)\n", False),
    ("cat > job.sh <<'EOF'\n#!/bin/bash\nset -euo pipefail\necho hi\nEOF\nnvidia-smi\n", False),
    ("set -e\nif [ -x /opt/rocm/bin/rocm-smi ] ||\n   nvidia-smi -L >/dev/null; then\n  echo ok\nfi\n", False),
    ("set -- -e foo\nnvidia-smi\n", False), ("set -e\nnvidia-smi -L > /tmp/l#1 || true\n", False),
])
def test_nvidia_smi_under_errexit(tmp_path, body, bad):
    got = scan([write(tmp_path, "job.sh", "#!/bin/bash\n" + body)], "RD-LCH-016", "mi300x8")
    fs = flagged(got)
    assert bool(fs) == bad, [f.title for f in fs]
    assert bad or [f.status.value for f in got] == ["pass"]  # judged and passed, not a check that crashed


def test_nvidia_smi_errexit_from_the_shebang_and_its_fix(tmp_path):
    p = write(tmp_path, "job.sbatch", "#!/bin/bash -ex\n#SBATCH -N 1\nnvidia-smi\nsrun python t.py\n")
    [f] = flagged(scan([p], "RD-LCH-016", "mi300x8"))
    assert f.subject.endswith("job.sbatch:3") and "line 1" in f.detail
    assert f.fix.params["edits"][0]["ops"][0] == {"op": "replace_line", "line": 3, "text": "nvidia-smi || true",
                                                  "expect": "nvidia-smi"}
    # a comment after the command: no line fix (`|| true` would land in the comment)
    q = write(tmp_path, "b.sh", "#!/bin/bash\nset -e\nnvidia-smi  # the GPUs\n")
    [g] = flagged(scan([q], "RD-LCH-016", "mi300x8"))
    assert g.fix is None
    # another command on the line: `|| true` would land on it (and hide its failure)
    r = write(tmp_path, "c.sh", "#!/bin/bash\nset -e\nnvidia-smi; python train.py\n")
    [h] = flagged(scan([r], "RD-LCH-016", "mi300x8"))
    assert h.fix is None


def test_nvidia_smi_not_judged_without_an_amd_gpu(tmp_path):
    p = write(tmp_path, "job.sh", "#!/bin/bash\nset -e\nnvidia-smi\n")
    assert flagged(scan([p], "RD-LCH-016", "no-gpu")) == []
    assert len(flagged(scan([p], "RD-LCH-016", "rx7900xtx"))) == 1


def test_nvidia_smi_not_judged_beside_an_nvidia_gpu():
    from rocmdoctor.checks.launch_syntax import nvidia_smi_under_errexit
    from rocmdoctor.facts.gpus import PciDisplay

    class _Art:
        path, text = "job.sh", "#!/bin/bash\nset -e\nnvidia-smi\n"

        def lines(self):
            return self.text.splitlines()

    class _Settings:
        def of_kind(self, *kinds):
            return [_Art()]

    amd = PciDisplay("0000:03:00.0", 0x1002, 0x744c, "amdgpu")
    amd_only = nvidia_smi_under_errexit(_Settings(), gpus=[object()], pci_display=[amd])
    assert [f.status.value for f in amd_only] == ["fail"]
    both = nvidia_smi_under_errexit(_Settings(), gpus=[object()], pci_display=[
        amd, PciDisplay("0000:04:00.0", 0x10DE, 0x2684, "nvidia")])
    assert both.status.value == "pass"
