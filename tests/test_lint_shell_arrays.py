"""Bash arrays and the `for` loops that walk them (issue 24 §3, the shell's own grammar): an array's
elements are words, not commands, and `env "$cfg" cmd` inside `for cfg in "${configs[@]}"` runs cmd
under each element that is VAR=value, one pass each; such a value is a trial of that pass."""
from __future__ import annotations

from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import corpus, flagged, scan, write

TRIES = """#!/bin/bash
configs=(
    ""
    "HSA_OVERRIDE_GFX_VERSION=10.3.0"   # a comment
    "AMD_SERIALIZE_KERNEL=3"
)
for config in "${configs[@]}"; do
    env "$config" python gpu_test.py
done
"""


def _env(path):
    return [(v.name, v.value, v.origin.line, v.trial) for v in read_one(path).values if v.kind == "env"]


def test_array_elements_reach_env_of_the_loop_body_at_their_lines(tmp_path):
    assert _env(write(tmp_path, "t.sh", TRIES)) == [
        ("HSA_OVERRIDE_GFX_VERSION", "10.3.0", 4, True), ("AMD_SERIALIZE_KERNEL", "3", 5, True)]


def test_array_elements_alone_set_nothing(tmp_path):
    # the same array without a loop that passes it to env: no element is an assignment of the shell
    p = write(tmp_path, "t.sh", TRIES.split("for ")[0] + "python gpu_test.py\n")
    assert _env(p) == []


def test_one_line_array_and_words_loop_then_the_rest_of_the_line(tmp_path):
    p = write(tmp_path, "t.sh", '#!/bin/bash\nenvs=("HIP_VISIBLE_DEVICES=0" "HIP_VISIBLE_DEVICES=1"); export A=1\n'
              'for e in NCCL_DEBUG=WARN; do env "$e" torchrun --nproc_per_node=1 t.py; done\n'
              'for e in "${envs[@]}"; do env "${e}" python t.py & done\n')
    assert _env(p) == [("A", "1", 2, False), ("NCCL_DEBUG", "WARN", 3, True),
                       ("HIP_VISIBLE_DEVICES", "0", 2, True), ("HIP_VISIBLE_DEVICES", "1", 2, True)]


def test_a_tried_override_is_judged_a_tried_debug_switch_is_not(tmp_path):
    p = write(tmp_path, "t.sh", TRIES)
    assert flagged(scan([p], "RD-ENV-001", "rx7900xtx"))  # 10.3.0 on gfx1100: wrong in any pass
    assert flagged(scan([p], "RD-RCCL-001", "rx7900xtx")) == []  # a probe of one pass, not left on
    kept = write(tmp_path / "k", "t.sh", "#!/bin/bash\nexport AMD_SERIALIZE_KERNEL=3\npython t.py\n")
    assert flagged(scan([kept], "RD-RCCL-001", "rx7900xtx"))


def test_real_strix_halo_retry_script():
    # kelvinlim-max395-gpu-tries: "HSA_OVERRIDE_GFX_VERSION=gfx1151" is not a version ROCr reads
    fs = flagged(scan([corpus("kelvinlim-max395-gpu-tries")], "RD-ENV-001", "strix-halo-apu"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["run_gpu_test.sh:15"]
    assert flagged(scan([corpus("kelvinlim-max395-gpu-tries")], "RD-RCCL-001", "strix-halo-apu")) == []


# An options array a container run expands (ROCm's own docs write `docker run "${DOCKER_ARGS[@]}"`; a German-BERT
# podman launcher of fresh batch 33, btwbrauer/swisslp, builds `local podman_opts=( ... )` with comments inside).
OPTS = """#!/bin/bash
run_container() {
    local podman_opts=(
        --rm
        # GPU access
        --device=/dev/kfd
        --device=/dev/dri
        -e HSA_OVERRIDE_GFX_VERSION=12.0.1
        -e "AMD_SERIALIZE_KERNEL=3"
    )
    podman run "${podman_opts[@]}" myimage python train.py
}
run_container
"""


def _places(fs):
    return sorted({e.source.rsplit("/", 1)[-1] for f in fs for e in f.evidence if ".sh:" in e.source})


def test_an_expanded_options_array_is_the_runs_options_cited_at_each_element(tmp_path):
    p = write(tmp_path, "run.sh", OPTS)
    ctr = scan([p], "RD-CTR-003", "rx7900xtx")
    assert ctr and not flagged(ctr)  # /dev/kfd and /dev/dri are in the array: passed in
    assert _places(flagged(scan([p], "RD-ENV-001", "rx7900xtx"))) == ["run.sh:8"]
    assert _places(flagged(scan([p], "RD-RCCL-001", "rx7900xtx"))) == ["run.sh:9"]  # the quoted -e "X=3" line


def test_array_forms_declare_local_append(tmp_path):
    for decl in ("opts=(", "declare -a opts=(", "local -a opts=(", "readonly opts=("):
        p = write(tmp_path / decl.split()[0], "run.sh", "#!/bin/bash\n" + decl + "--device=/dev/kfd)\n"
                  "opts+=(--device=/dev/dri -e HSA_OVERRIDE_GFX_VERSION=9.0.0)\n"
                  'docker run "${opts[@]}" rocm/pytorch:latest python t.py\n')
        assert not flagged(scan([p], "RD-CTR-003", "rx7900xtx")), decl
        assert _places(flagged(scan([p], "RD-ENV-001", "rx7900xtx"))) == ["run.sh:3"], decl
    # an array never assigned keeps its word: nothing is invented
    p = write(tmp_path / "none", "run.sh", '#!/bin/bash\ndocker run "${opts[@]}" rocm/pytorch:latest python t.py\n')
    assert flagged(scan([p], "RD-CTR-003", "rx7900xtx"))


def test_a_launch_held_in_an_array_is_recognised(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport HSA_OVERRIDE_GFX_VERSION=10.3.0\n"
              "cmd=(torchrun --nproc_per_node=2 train.py)\n\"${cmd[@]}\"\n")
    launches = read_one(p).data["commands"]
    assert [c["launcher"] for c in launches] == ["torchrun"]


def test_arrays_a_vendor_switch_builds_keep_the_amd_branch(tmp_path):
    # sd-mutsuyuki-strix-ai-docker (spent fresh): `if lspci | grep nvidia; then OPTS+=(--gpus all) elif amd; then
    # OPTS+=(--device /dev/kfd ...)`: an AMD host runs the AMD branch, and the NVIDIA branch's options are not in it
    text = ("#!/bin/bash\nOPTS=(\n  --shm-size=2g\n)\nif lspci | grep -qi nvidia; then\n  OPTS+=(\n    --gpus=all\n  )\n"
            "elif lspci | grep -qi amd; then\n  OPTS+=(\n    --device=/dev/kfd\n    --device=/dev/dri\n  )\nfi\n"
            'docker run "${OPTS[@]}" rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0 python t.py\n')
    p = write(tmp_path, "run.sh", text)
    assert not flagged(scan([p], "RD-CTR-004", "rx7900xtx"))
    assert not flagged(scan([p], "RD-CTR-003", "rx7900xtx"))
    # in a case statement too, each arm starting from the array as it was before the case
    case = text.replace("if lspci | grep -qi nvidia; then", 'case "$GPU" in\n nvidia)').replace(
        "elif lspci | grep -qi amd; then", " ;;\n amd)").replace("fi\n", " ;;\nesac\n")
    p = write(tmp_path / "case", "run.sh", case)
    assert not flagged(scan([p], "RD-CTR-004", "rx7900xtx"))
    # the AMD branch first and NVIDIA's last: still the AMD branch's options
    first = ("#!/bin/bash\nOPTS=(--shm-size=2g)\nif [ -e /dev/kfd ]; then\n  OPTS+=(--device=/dev/kfd --device=/dev/dri)\n"
             "else\n  OPTS+=(--gpus=all)\nfi\n"
             'docker run "${OPTS[@]}" rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0 python t.py\n')
    p = write(tmp_path / "first", "run.sh", first)
    assert not flagged(scan([p], "RD-CTR-004", "rx7900xtx"))
    assert not flagged(scan([p], "RD-CTR-003", "rx7900xtx"))
    assert corpus_flags("sd-mutsuyuki-strix-ai-docker", "RD-CTR-004") == []


def test_a_pip_install_through_an_array_is_cited_at_its_own_line(tmp_path):
    # dipeshbabu-cpwm-jax-torch-setup (spent fresh): PIP_INSTALL=(python -m pip install) ... "${PIP_INSTALL[@]}" jax[cuda12]
    p = write(tmp_path, "setup.sh", '#!/bin/bash\nPIP_INSTALL=(python3 -m pip install)\necho setting up\n'
              '"${PIP_INSTALL[@]}" "jax[cuda12]==0.4.28"\n')
    assert _places(flagged(scan([p], "RD-IMG-009", "rx7900xtx"))) == ["setup.sh:4"]


def corpus_flags(name, code):
    import os
    d = os.path.join(os.path.dirname(__file__), "corpus", "fresh", "artifacts", name)
    return flagged(scan([d], code, "strix-halo-apu"))


def test_arrays_set_in_one_branch_or_a_one_line_arm_are_kept(tmp_path):
    # the review's cases: an array only the GPU branch sets (the other exits), and `amd) OPTS+=(...) ;;` on one line
    one = write(tmp_path / "a", "run.sh", "#!/bin/bash\nif [ -e /dev/kfd ]; then\n  OPTS=(--device /dev/kfd --device "
                "/dev/dri)\nelse\n  echo no gpu; exit 1\nfi\n" + RUN)
    arm = write(tmp_path / "b", "run.sh", "#!/bin/bash\nOPTS=(--ipc=host)\ncase \"$GPU\" in\n  nvidia) OPTS+=(--gpus all) ;;\n"
                "  amd) OPTS+=(--device /dev/kfd --device /dev/dri) ;;\nesac\n" + RUN)
    inline = write(tmp_path / "c", "run.sh", "#!/bin/bash\nif [ -e /dev/kfd ]; then OPTS=(--device /dev/kfd --device "
                   "/dev/dri); fi\n" + RUN)
    nested = write(tmp_path / "d", "run.sh", "#!/bin/bash\nOPTS=(--ipc=host)\nif [ \"$GPU\" = amd ]; then\n"
                   "  OPTS+=(--device /dev/kfd)\n  if [ -d /dev/dri ]; then\n    OPTS+=(--device /dev/dri)\n  fi\nfi\n" + RUN)
    for p in (one, arm, inline, nested):
        assert not flagged(scan([p], "RD-CTR-003", "rx7900xtx")), p
        assert not flagged(scan([p], "RD-CTR-004", "rx7900xtx")), p


RUN = 'docker run "${OPTS[@]}" rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0 python t.py\n'


def test_a_huge_array_expanded_everywhere_is_bounded(tmp_path):
    # 4,000 options expanded on 2,000 lines: the first 256 elements of an array, 20,000 expanded words a script
    from rocmdoctor.artifacts.readers.shell.blocks import MAX_ARRAY, MAX_EXPANDED

    text = "#!/bin/bash\na=(docker run " + " ".join(["-e X=1"] * 4000) + ")\n" + '"${a[@]}" img\n' * 2000
    art = read_one(write(tmp_path, "big.sh", text))
    runs = [c for c in art.data.get("services", {})]
    assert art.error is None and 0 < len(runs) <= MAX_EXPANDED // MAX_ARRAY + 1


def test_expanding_arrays_inside_case_arms_reads_every_arm(tmp_path):
    # btwbrauer/swisslp's run_container (fresh batch 33): `local podman_opts=( ... )`, then one `podman run
    # "${podman_opts[@]}"` per case arm; the count of expanded words the reader keeps is no shell array
    text = ("#!/bin/bash\nrun() {\n  local opts=(\n    --device=/dev/kfd\n    --device=/dev/dri\n    -e HSA_OVERRIDE_GFX_VERSION=12.0.1\n  )\n"
            '  case "$1" in\n    shell) podman run -it "${opts[@]}" img bash ;;\n'
            '    train)\n      podman run "${opts[@]}" img python train.py\n      ;;\n  esac\n}\nrun train\n')
    art = read_one(write(tmp_path, "run.sh", text))
    assert art.error is None and len(art.data["services"]) == 2
    assert [(v.name, v.origin.line) for v in art.values if v.name == "HSA_OVERRIDE_GFX_VERSION"][:1] == [
        ("HSA_OVERRIDE_GFX_VERSION", 6)]


def test_only_a_function_with_a_nameref_is_taken_to_fill_the_array_it_is_named(tmp_path):
    # (the wave-20 review) a function that only prints an array leaves what the reader knows of it
    shown = write(tmp_path / "a", "run.sh", "#!/bin/bash\nshow() {\n  echo \"$1\"\n}\nDIST_ARGS=(--nproc_per_node 8)\n"
                  "show DIST_ARGS\nHIP_VISIBLE_DEVICES=0,1 torchrun \"${DIST_ARGS[@]}\" train.py\n")
    assert flagged(scan([shown], "RD-LCH-001", "mi300x8"))
    # a nameref function (local -n) called with the name, quoted or not, may fill it: not judged for devices
    for call in ("fill docker_args", "fill \"docker_args\""):
        p = write(tmp_path / "b", "run.sh", "#!/bin/bash\nfill() {\n  local -n _o=$1\n  _o+=(--device=/dev/kfd)\n}\n"
                  f"docker_args=()\n{call}\ndocker run \"${{docker_args[@]}}\" rocm/pytorch:latest python t.py\n")
        assert not flagged(scan([p], "RD-CTR-003", "mi300x8")), call
    # an unknown plain variable before the options is not an array: judged as before
    q = write(tmp_path / "c", "run.sh", "#!/bin/bash\ndocker run $EXTRA_ARGS --rm rocm/pytorch:latest python t.py\n")
    assert flagged(scan([q], "RD-CTR-003", "mi300x8"))
