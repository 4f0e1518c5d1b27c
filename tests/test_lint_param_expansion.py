"""Shell and Compose parameter expansion (issue 24 §3): `${GPU_ID:-0}` is 0 when GPU_ID is unset,
`${X:+y}` is empty, a variable nobody sets keeps its `$X` form, and a compose file's `${VAR}` takes
the project's `.env` (how the vLLM/Ollama compose files of chronicblondiee/docker-rocm-notes and
AMD-AGI/HummingbirdXT's dmd.sh give their defaults)."""
from __future__ import annotations

from rocmdoctor.artifacts.readers import read_all, read_one
from rocmdoctor.artifacts.readers.shell import substitute
from tests.lintacc_helpers import corpus, flagged, scan, write


def test_substitute_follows_bash_defaults():
    assert substitute("${GPU_ID:-0}", {}) == "0"
    assert substitute("${GPU_ID:-0}", {"GPU_ID": "3"}) == "3"
    assert substitute("${GPU_ID:-0}", {"GPU_ID": ""}) == "0"      # ':-' treats empty as unset
    assert substitute("${GPU_ID-0}", {"GPU_ID": ""}) == ""        # '-' does not
    assert substitute("${X:+--flag}", {}) == ""
    assert substitute("${X:+--flag}", {"X": "1"}) == "--flag"
    assert substitute("${A:-${B:-7}}", {}) == "7"
    assert substitute("${A:-${B:-7}}", {"B": "2"}) == "2"
    assert substitute("$UNSET/x", {}) == "$UNSET/x"                # from the environment: unknown here
    assert substitute("rocm/pytorch:${TAG}", {"TAG": "rocm6.2_x"}) == "rocm/pytorch:rocm6.2_x"


def test_script_default_is_the_value_a_check_sees(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES:-0}\npython train.py\n")
    env = read_all([p]).env()
    assert env["HIP_VISIBLE_DEVICES"] == "0"
    assert flagged(scan([p], "RD-ENV-003", "rx7900xtx")) == []


def test_unset_variable_without_default_stays_unknown(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=$GPUS\npython train.py\n")
    assert read_all([p]).env()["HIP_VISIBLE_DEVICES"] == "$GPUS"


def test_compose_defaults_and_dotenv(tmp_path):
    text = ("services:\n  vllm:\n    image: rocm/vllm:${VLLM_TAG:-rocm6.2_vllm}\n    devices: [/dev/kfd, /dev/dri]\n"
            "    ipc: host\n    environment:\n      - HIP_VISIBLE_DEVICES=${GPU_ID:-0}\n")
    p = write(tmp_path, "docker-compose.yml", text)
    a = read_one(p)
    env = {v.name: v.value for v in a.values if v.kind == "env"}
    assert env["HIP_VISIBLE_DEVICES"] == "0"
    assert a.data["services"]["vllm"]["image"] == "rocm/vllm:rocm6.2_vllm"
    write(tmp_path, ".env", "# project settings\nGPU_ID=1\nVLLM_TAG='rocm5.7_vllm'\n")
    a = read_one(p)
    env = {v.name: v.value for v in a.values if v.kind == "env"}
    assert env["HIP_VISIBLE_DEVICES"] == "1"
    assert a.data["services"]["vllm"]["image"] == "rocm/vllm:rocm5.7_vllm"   # .env read, quotes removed
    # the image named through .env is judged: ROCm 5.7 is three releases from the host's 6.2
    assert [f for f in flagged(scan([p], "RD-IMG-003", "mi300x8")) if "5.7" in f.title]


def test_real_compose_files_with_defaults_pick_gpu_0():
    # chronicblondiee/docker-rocm-notes: HIP_VISIBLE_DEVICES=${GPU_ID:-0} in all three services
    assert flagged(scan([corpus("chronicblondiee-rocm-compose")], "RD-ENV-003", "rx7900xtx")) == []


def test_assign_default_expansion_sets_the_variable(tmp_path):
    # `: ${NPROC:=4}` assigns NPROC when unset; `${X=..}` only when unset, `${X:=..}` also when empty
    p = write(tmp_path, "run.sh", "#!/bin/bash\n: ${NPROC:=4}\nEMPTY=\n: ${EMPTY=9} ${EMPTY2:=8}\n"
              "export HSA_OVERRIDE_GFX_VERSION\n: \"${HSA_OVERRIDE_GFX_VERSION:=10.3.0}\"\n"
              "torchrun --nproc_per_node=$NPROC --nnodes=${EMPTY:-1} t.py --x $EMPTY2\n")
    vals = {(v.kind, v.name): v.value for v in read_one(p).values}
    assert vals[("launcher", "nproc_per_node")] == "4"
    assert vals[("launcher", "nnodes")] == "1"  # EMPTY stayed empty: `=` without the colon keeps it
    assert vals[("env", "HSA_OVERRIDE_GFX_VERSION")] == "10.3.0"  # exported before, assigned here


def test_a_command_substitution_bashlex_cannot_parse_stays_one_word_of_the_docker_run(tmp_path):
    # fresh qb-aardbeiplantje-llamacpp-gfx1151-serialize: `$([ -n "$MODELS_DIR" ] && echo "-v ...")` among the
    # options; bashlex refuses `&&` inside it, and the plain split read `]` as the image
    p = write(tmp_path, "run.sh", '#!/bin/bash\nexec docker run --rm \\\n    --device /dev/kfd --device /dev/dri \\\n'
              '    $([ -n "$MODELS_DIR" ] && echo "-v $MODELS_DIR:/models:rw") \\\n'
              '    -v data:/llama.cpp:rw \\\n    ghcr.io/x/llama:gfx1151 llama-server\n')
    (svc,) = [s for s in read_one(p).data["services"].values()]
    assert svc["image"] == "ghcr.io/x/llama:gfx1151" and svc["devices"] == ["/dev/kfd", "/dev/dri"]
    from rocmdoctor.artifacts.readers.shell.words import _shlex_commands
    assert _shlex_commands('a $(b $(c d) "x)y") e; f') == [["a", '$(b $(c d) "x)y")', "e"], ["f"]]
    # an arithmetic expansion is one word too (bash reads `$((1 + 2))` as one expansion), and so is a command
    # substitution that starts with an arithmetic command (fresh zh-intertwin: `$(((SLURM_NODEID)) && echo 0 || echo 1)`)
    assert _shlex_commands("echo $((1 + 2))") == [["echo", "$((1 + 2))"]]
    assert _shlex_commands("t --c=$(((N)) && echo 0 || echo 1) --b=c10d x; y") == [
        ["t", "--c=$(((N)) && echo 0 || echo 1)", "--b=c10d", "x"], ["y"]]


# https://github.com/LunNova/translunar-diffusion/blob/ef6b909e3bf459c77657b93ea1a334bc39ed5c7a/docker/start.sh
# (lines 12-24, 32-41, trimmed): a cuda/rocm switch holds the run's device options in one variable
LUNNOVA_START = """#!/usr/bin/env bash
type=${1:-cuda}
tag=translunar-diffusion-$type:latest
if [ "$type" = "rocm" ]; then
  devices="--device /dev/kfd --device /dev/dri"
else
  devices="--device /dev/nvidia0:/dev/nvidia0 --device /dev/nvidiactl:/dev/nvidiactl"
fi
podman run --name c --rm -it --userns=keep-id --ipc=host \\
  -u 1000:1000 \\
  $devices \\
  --security-opt seccomp=unconfined --group-add video \\
  --network host \\
  $tag \\
  bash -c "id && exec bash"
"""


def _run_of(path):
    from checks.container_config.services import services_of
    return [svc for _a, _n, svc in services_of(read_all([path]))][0]


def test_run_options_held_in_a_variable_are_split_and_a_vendor_switch_keeps_its_amd_branch(tmp_path):
    svc = _run_of(write(tmp_path, "start.sh", LUNNOVA_START))
    # unquoted, the shell splits $devices into options: --security-opt keeps its own value, the image is $tag's
    assert svc["devices"] == ["/dev/kfd", "/dev/dri"] and svc["security_opt"] == ["seccomp=unconfined"]
    assert svc["image"].startswith("translunar-diffusion-")
    # -u 1000:1000 with only video (44): the host's render 992 owner of /dev/kfd is out of reach
    assert [f.status.value for f in flagged(scan([write(tmp_path, "start.sh", LUNNOVA_START)],
                                                 "RD-CTR-006", "rx7900xtx"))] == ["fail"]


def test_look_alikes_a_quoted_option_variable_and_a_compiler_flags_variable_stay_one_word(tmp_path):
    # "$devices" in double quotes is one word (as the shell passes it)
    svc = _run_of(write(tmp_path, "start.sh", LUNNOVA_START.replace("  $devices \\", '  "$devices" \\')))
    assert "devices" not in svc
    # both branches without AMD nodes: no branch is picked, the last literal stays as before
    p = write(tmp_path, "start.sh", LUNNOVA_START.replace("/dev/kfd", "/dev/nvidia1"))
    assert "/dev/kfd" not in (_run_of(p).get("devices") or [])
    # cuzimaram's run_amd.sh: `clang $OMP_FLAGS` is not a container run; its arch is cited where OMP_FLAGS is set
    s = write(tmp_path, "run_amd.sh", 'OMP_FLAGS="-O3 -fopenmp --offload-arch=gfx1201"\nclang $OMP_FLAGS main.c -o m\n')
    fs = flagged(scan([s], "RD-ENV-002", "rx7900xtx"))
    assert fs and all(e.source.endswith(":1") for f in fs for e in f.evidence[:1])


def test_a_positional_parameter_default_is_the_value_run_without_arguments(tmp_path):
    # fresh batch 218 (pytorch/examples mingpt ddp run_example.sh): `torchrun --nproc_per_node=${2:-16} ${1:-main.py}`
    assert substitute("${2:-16}", {}) == "16" and substitute("${1:-main.py}", {}) == "main.py"
    assert substitute("${1}", {}) == "${1}" and substitute("$1", {}) == "$1"  # no default: given by the caller
    p = write(tmp_path, "run_example.sh", "#!/bin/bash\ntorchrun --standalone --nproc_per_node=${2:-16} ${1:-main.py}\n")
    fs = flagged(scan([p], "RD-LCH-001", "mi300x8"))
    assert fs and "16 ranks" in fs[0].title


def test_a_variable_a_branch_sets_from_an_argument_keeps_its_default(tmp_path):
    # fresh batch 244 (rtp-llm create_container.sh): IMAGE="$IMAGE_REPO:$IMAGE_VERSION", then
    # `if [ $# -eq 2 ]; then IMAGE=$2; fi`: run as the docs say (one argument) it is the default, written at its line
    body = ('#!/bin/bash\nREPO="reg.example.com/x/rtp_llm"\nIMAGE="$REPO:cuda11"\nif [ $# -eq 2 ]; then\n    IMAGE=$2\nfi\n'
            'docker run -d --privileged $IMAGE /sbin/init\n')
    a = read_one(write(tmp_path, "create.sh", body))
    assert [(v.value, v.origin.line) for v in a.values if v.name == "image"] == [("reg.example.com/x/rtp_llm:cuda11", 3)]
    fs = flagged(scan([str(tmp_path / "create.sh")], "RD-IMG-001", "mi300x8"))
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in fs] == ["3"]
    # a branch that sets it from a command, or to another literal, still leaves no single value / the branch's
    a = read_one(write(tmp_path, "b.sh", body.replace("IMAGE=$2", "IMAGE=$(cat img.txt)")))
    assert [v.value for v in a.values if v.name == "image"] == []
    a = read_one(write(tmp_path, "c.sh", body.replace("IMAGE=$2", "IMAGE=rocm/pytorch:latest")))
    assert [v.value for v in a.values if v.name == "image"] == ["rocm/pytorch:latest"]


def test_a_positional_override_keeps_the_default_only_where_a_path_sets_nothing(tmp_path):
    head = '#!/bin/bash\nIMAGE="reg.example.com/x/app:cuda11"\n'
    run = 'docker run -d --privileged $IMAGE /sbin/init\n'
    def image(body):
        a = read_one(write(tmp_path, "s.sh", head + body + run))
        return [v.value for v in a.values if v.name == "image"]
    # an `else` that exits: the default never runs
    assert image('if [ -n "$1" ]; then\n    IMAGE=$1\nelse\n    echo usage; exit 1\nfi\n') == []
    # a case arm over the arguments: the default unless given
    assert image('case "$1" in\n  -i) IMAGE=$2 ;;\nesac\n') == ["reg.example.com/x/app:cuda11"]
    # one branch from an argument, another from a literal: no single value (the literal, as the last branch)
    assert image('if [ -n "$1" ]; then\n    IMAGE=$1\nelif [ -n "$X" ]; then\n    IMAGE=rocm/pytorch:latest\nfi\n') \
        != ["reg.example.com/x/app:cuda11"]
    # a default the shell computes is no literal to keep
    b = read_one(write(tmp_path, "n.sh", "#!/bin/bash\nN=`nvidia-smi -L | wc -l`\nif [ -n \"$1\" ]; then N=$1; fi\n"
                       "torchrun --nproc_per_node=$N train.py\n"))
    assert not any("`" in str(v.value) for v in b.values)
