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
