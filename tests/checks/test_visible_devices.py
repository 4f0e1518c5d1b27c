"""RD-ENV-003 (checks/visible_devices.py): *_VISIBLE_DEVICES against the GPUs present, applied in the
runtime's order (ROCr filters, HIP renumbers), from the environment and from launch files."""
import os

from rocmdoctor.engine.model import Status
from tests.checks.test_envvars import GFX906, GFX1032, GFX1100, findings, machine
from tests.lintacc_helpers import corpus, flagged, scan, write


def test_single_visible_variable_passes(tmp_path):
    s = machine(tmp_path, GFX906, GFX906, env={"HIP_VISIBLE_DEVICES": "1"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.PASS and f.data["visible_gpus"] == [1]


def test_rocr_then_hip_renumbering_leaves_nothing(tmp_path):
    s = machine(tmp_path, GFX906, GFX906, env={"ROCR_VISIBLE_DEVICES": "1", "CUDA_VISIBLE_DEVICES": "1"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.FAIL and "No HIP GPUs are available" in f.title
    assert f.data["visible_gpus"] == [] and "renumbers" in f.detail


def test_hiding_every_gpu_on_purpose_warns(tmp_path):
    s = machine(tmp_path, GFX906, GFX906, env={"CUDA_VISIBLE_DEVICES": "-1"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.WARN and "hide every GPU" in f.title and "renumbers" not in f.detail


def test_combined_variables_warn(tmp_path):
    s = machine(tmp_path, GFX906, GFX906, env={"ROCR_VISIBLE_DEVICES": "1", "HIP_VISIBLE_DEVICES": "0"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.WARN and f.data["visible_gpus"] == [1]


def test_index_beyond_gpus_fails(tmp_path):
    s = machine(tmp_path, GFX906, GFX906, env={"HIP_VISIBLE_DEVICES": "0,2"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.FAIL and "index 2" in f.detail


def test_uuid_selection_uses_kfd_unique_id(tmp_path):
    # Radeon VII node: unique_id 985321441578344217 = 0x0dac90a172da5f19.
    s = machine(tmp_path, GFX1100, GFX906, env={"ROCR_VISIBLE_DEVICES": "GPU-0DAC90A172DA5F19"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.PASS and f.data["visible_gpus"] == [1]


def test_garbage_visible_value_fails_cleanly(tmp_path):
    s = machine(tmp_path, GFX906, env={"CUDA_VISIBLE_DEVICES": "all"})
    [f] = findings(s, "RD-ENV-003")
    assert f.status is Status.FAIL and "'all'" in f.detail


def test_same_list_under_both_names_is_fine(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=0,1\nexport CUDA_VISIBLE_DEVICES=0,1\n"
              "torchrun --nproc_per_node=2 train.py\n")
    assert flagged(scan([p], "RD-ENV-003", "mi300x8")) == []


def test_different_lists_under_both_names_still_warn(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=0,1\nexport CUDA_VISIBLE_DEVICES=2,3\n"
              "torchrun --nproc_per_node=2 train.py\n")
    fs = flagged(scan([p], "RD-ENV-003", "mi300x8"))
    assert fs and "different GPUs" in fs[0].detail


def test_rocr_with_hip_still_warns(tmp_path):
    # ROCR picks GPUs 2,3; HIP then renumbers them 0,1: right here, but HIP_VISIBLE_DEVICES=0,1 alone
    # would pick other GPUs, so the pair is easy to get wrong
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport ROCR_VISIBLE_DEVICES=2,3\nexport HIP_VISIBLE_DEVICES=0,1\n"
              "python train.py\n")
    assert flagged(scan([p], "RD-ENV-003", "mi300x8"))


def test_rocr_with_hip_that_each_select_the_same_gpus_pass(tmp_path):
    # ovi2020/Finetune-LLM-FD 00_rocm_setup.sh (spent fresh batch 3): HIP_VISIBLE_DEVICES=0,...,7 and
    # ROCR_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES} on an 8-GPU node; each alone and both together give all 8
    p = write(tmp_path, "rocm_env.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=0,1,2,3,4,5,6,7\n"
              "export ROCR_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES}\npython train.py\n")
    fs = scan([p], "RD-ENV-003", "mi300x8")
    assert not flagged(fs) and "each selects the same" in fs[0].title
    assert [e.source for e in fs[0].evidence] == [p + ":3", p + ":2"]


def test_real_script_with_one_list_for_both():
    assert flagged(scan([corpus("flexcode29-grpo-vllm")], "RD-ENV-003", "mi300x8")) == []


def test_a_visible_devices_value_filled_in_when_the_stack_starts_is_not_judged(tmp_path):
    # Medhatt21/llm-quant-lab docker-compose.rocm.yml (spent fresh batch 4): `- HIP_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES}`
    # passes the user's own value through; unknown here, not an empty list hiding every GPU
    p = write(tmp_path, "docker-compose.yml", "services:\n  app:\n    image: rocm/pytorch:latest\n    devices:\n"
              "      - /dev/kfd\n      - /dev/dri\n    environment:\n      - HIP_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES}\n")
    assert not flagged(scan([p], "RD-ENV-003", "mi300x8"))
    # look-alike: an empty value written as such hides every GPU
    q = write(tmp_path, "run.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=\npython t.py\n")
    assert flagged(scan([q], "RD-ENV-003", "mi300x8"))


def test_visible_devices_cite_every_place_that_sets_the_value_each_is_read():
    # electroiscoding/ReasonBorn: HIP_VISIBLE_DEVICES=all in the image, the boot script and the launch script
    d = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts",
                     "electroiscoding-reasonborn-mi300x-docker")
    [f] = flagged(scan([d], "RD-ENV-003", "mi300x8"))
    cited = {os.path.basename(e.source) for e in f.evidence}
    assert {"Dockerfile:12", "boot_rocm.sh:78", "train_reasonborn.sh:10"} <= cited


def test_findings_cite_the_variable_and_offer_to_unset_it(tmp_path):
    [one] = findings(machine(tmp_path / "a", GFX906, GFX906, env={"HIP_VISIBLE_DEVICES": "1"}), "RD-ENV-003")
    assert [(e.source, e.text) for e in one.evidence] == [("environment", "HIP_VISIBLE_DEVICES=1")]
    [hidden] = findings(machine(tmp_path / "b", GFX906, GFX906, env={"CUDA_VISIBLE_DEVICES": "-1"}), "RD-ENV-003")
    assert hidden.fix.title == "Unset CUDA_VISIBLE_DEVICES" and hidden.evidence[0].text == "CUDA_VISIBLE_DEVICES=-1"
    [missing] = findings(machine(tmp_path / "c", GFX906, GFX906, env={"HIP_VISIBLE_DEVICES": "0,2"}), "RD-ENV-003")
    assert missing.title == "a visible-devices variable names GPUs that are not there"
    assert [e.text for e in missing.evidence] == ["HIP_VISIBLE_DEVICES=0,2"] and missing.fix is not None
    both = machine(tmp_path / "d", GFX906, GFX906, env={"ROCR_VISIBLE_DEVICES": "1", "HIP_VISIBLE_DEVICES": "0"})
    [together] = findings(both, "RD-ENV-003")
    assert [e.text for e in together.evidence] == ["ROCR_VISIBLE_DEVICES=1", "HIP_VISIBLE_DEVICES=0"]
    assert together.fix is not None and together.title == "ROCR_VISIBLE_DEVICES and HIP_VISIBLE_DEVICES are set together"


def test_no_variable_set_says_every_gpu_is_visible(tmp_path):
    [f] = findings(machine(tmp_path, GFX906, GFX906), "RD-ENV-003")
    assert (f.status, f.title) == (Status.PASS, "no *_VISIBLE_DEVICES variable set: every GPU is visible")


def test_rocr_alone_leaving_no_gpu_fails_without_the_renumbering_hint(tmp_path):
    [f] = findings(machine(tmp_path, GFX906, GFX906, env={"ROCR_VISIBLE_DEVICES": "5"}), "RD-ENV-003")
    assert f.status is Status.FAIL and "names index 5, but only 2 GPU(s)" in f.detail and "renumbers" not in f.detail


def test_a_uuid_on_a_host_whose_kfd_reports_none_is_not_judged(tmp_path):
    # gfx1032's KFD node reports unique_id 0: no UUID to compare with, so the entry cannot be called wrong
    [f] = findings(machine(tmp_path, GFX1032, env={"HIP_VISIBLE_DEVICES": "GPU-0123456789abcdef"}), "RD-ENV-003")
    assert f.status is Status.PASS


def test_a_slurm_jobs_gpus_are_numbered_from_zero(tmp_path):
    # a batch job for 2 GPUs of an 8-GPU node that selects 2,3: HIP numbers the job's two GPUs 0 and 1
    p = write(tmp_path, "j.sbatch", "#!/bin/bash\n#SBATCH --gres=gpu:2\nexport HIP_VISIBLE_DEVICES=2,3\nsrun python train.py\n")
    [f] = flagged(scan([p], "RD-ENV-003", "mi300x8"))
    assert f.status is Status.FAIL and [e.source for e in f.evidence] == [p + ":3", p + ":2"]
    assert "asks Slurm for 2 GPU(s) (#SBATCH --gres=gpu:2)" in f.detail and "GPUs 0..1," in f.detail
    # the script's own ROCR_VISIBLE_DEVICES replaces Slurm's: its four indexes are the node's
    q = write(tmp_path, "k.sbatch", "#!/bin/bash\n#SBATCH --gres=gpu:2\nexport ROCR_VISIBLE_DEVICES=0,1,2,3\n"
              "srun python train.py\n")
    [g] = scan([q], "RD-ENV-003", "mi300x8")
    assert (g.status, g.title) == (Status.PASS, "ROCR_VISIBLE_DEVICES selects GPU(s) [0, 1, 2, 3]")


def test_a_value_a_script_takes_from_its_arguments_is_not_judged(tmp_path):
    p = write(tmp_path, "r.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=$1\npython t.py\n")
    [f] = scan([p], "RD-ENV-003", "mi300x8")
    assert f.status is Status.PASS and "filled in when the job starts" in f.title
    assert [e.source for e in f.evidence] == [p + ":2"]


def test_each_files_own_list_is_judged_on_this_host(tmp_path):
    # Larkinwc/mi50grad (fresh batch 21): `ENV HIP_VISIBLE_DEVICES=0,1,2` in the image on a two-GPU host, while the
    # effective environment comes from a launch script; miqbalf's compose `HIP_VISIBLE_DEVICES=0,1` on one GPU
    fresh = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")
    fs = flagged(scan([os.path.join(fresh, "jb-larkinwc-mi50grad-tp4")], "RD-ENV-003", "mi50x2-xeon"))
    assert any(f.evidence[0].source.endswith("Dockerfile:19") and f.title.startswith("Dockerfile:") for f in fs)
    fs = flagged(scan([os.path.join(fresh, "sc-miqbalf-llamacpp-gfx1031-compose")], "RD-ENV-003", "rx7900xtx"))
    assert {f.evidence[0].source.rsplit("/", 1)[1] for f in fs if ":" in f.title.split(" ")[0]} == {
        "Dockerfile:37", "docker-compose.yml:36"}
    # look-alikes: a list the host has, a value filled in at run time, a list that hides every GPU on purpose
    run = write(tmp_path, "run.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=0\npython t.py\n")
    for env in ("0", "${HIP_VISIBLE_DEVICES:-0}", "-1"):
        d = write(tmp_path, "Dockerfile", f"FROM rocm/pytorch:latest\nENV HIP_VISIBLE_DEVICES={env}\n")
        assert not [f for f in flagged(scan([run, d], "RD-ENV-003", "rx7900xtx")) if f.title.startswith("Dockerfile")]
    d = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nENV HIP_VISIBLE_DEVICES=0,1\n")
    assert [f.subject for f in flagged(scan([run, d], "RD-ENV-003", "rx7900xtx"))] == [d]


def test_a_list_the_same_file_overrides_is_not_judged_on_its_own(tmp_path):
    # review of wave 9: the effective value is the later 0; the earlier 0,1,2,3 is that script's own history
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=0,1,2,3\nexport HIP_VISIBLE_DEVICES=0\n"
                                  "python t.py\n")
    assert not flagged(scan([p], "RD-ENV-003", "rx7900xtx"))


def test_a_timed_command_keeps_its_environment(tmp_path):
    # AUGMXNT/lf-lora (fresh batch 22): `time CUDA_VISIBLE_DEVICES=1 python src/train_bash.py` on a one-GPU host
    for line in ("time CUDA_VISIBLE_DEVICES=1 python train.py", "time -p CUDA_VISIBLE_DEVICES=1 python train.py"):
        p = write(tmp_path, "train.sh", f"#!/bin/bash\n{line}\n")
        [f] = flagged(scan([p], "RD-ENV-003", "rx7900xtx"))
        assert f.evidence[0].source == p + ":2"


def test_hiding_every_gpu_for_one_command_is_a_cpu_step_on_purpose(tmp_path):
    # fresh ys-elijahbodden (axolotl): `CUDA_VISIBLE_DEVICES="" python -m axolotl.cli.preprocess config.yml` tokenizes on
    # the CPU; exported, or on a training command's line as an export, it still warns
    one = write(tmp_path, "run.sh", 'cd /w\nCUDA_VISIBLE_DEVICES="" python -m axolotl.cli.preprocess config.yml\n')
    fs = scan([one], "RD-ENV-003", "mi300x8")
    assert [f.status.value for f in fs] == ["pass"] and "one command" in fs[0].title
    exported = write(tmp_path, "run.sh", 'export CUDA_VISIBLE_DEVICES=""\npython -m axolotl.cli.train config.yml\n')
    assert [f.status.value for f in scan([exported], "RD-ENV-003", "mi300x8")] == ["warn"]
    # a prefix that hides only some GPUs is judged as before (a list of GPUs, not the CPU)
    some = write(tmp_path, "run.sh", "HIP_VISIBLE_DEVICES=9 python train.py\n")
    assert [f.status.value for f in scan([some], "RD-ENV-003", "mi300x8")] == ["fail"]


def test_an_export_beside_the_one_command_prefix_still_warns(tmp_path):
    # wave 14 review: the export hides the GPUs for the whole script, whatever a later prefix says
    p = write(tmp_path, "run.sh", 'export HIP_VISIBLE_DEVICES=""\npython prep.py\n'
              'HIP_VISIBLE_DEVICES="" python -m axolotl.cli.preprocess\npython train.py\n')
    assert [f.status.value for f in scan([p], "RD-ENV-003", "mi300x8")] == ["warn"]


def test_rocr_and_hip_both_set_to_the_rank_leave_every_rank_but_the_first_without_a_gpu(tmp_path):
    # fresh yw-alexk101 (Frontier): ROCR_VISIBLE_DEVICES=$LOCAL_RANK then HIP_VISIBLE_DEVICES=$LOCAL_RANK: ROCr keeps one
    # GPU numbered 0, HIP asks for GPU N of that list of one
    p = write(tmp_path, "ddp_vars.sh", "export LOCAL_RANK=$SLURM_LOCALID\nexport ROCR_VISIBLE_DEVICES=$LOCAL_RANK\n"
              "export HIP_VISIBLE_DEVICES=$LOCAL_RANK\npython train.py\n")
    [f] = flagged(scan([p], "RD-ENV-003", "mi300x8"))
    assert f.status.value == "fail" and "local rank 0" in f.title
    assert [e.source.rsplit(":", 1)[-1] for e in f.evidence] == ["2", "3"]
    # one of them alone (Frontier's own advice), or the other set to 0 after it, is the usual binding
    for second in ("", "export HIP_VISIBLE_DEVICES=0\n"):
        q = write(tmp_path, "ddp_vars.sh", "export ROCR_VISIBLE_DEVICES=$SLURM_LOCALID\n" + second + "python train.py\n")
        assert not [f for f in flagged(scan([q], "RD-ENV-003", "mi300x8")) if "local rank 0" in f.title]
    # a node with one GPU has only local rank 0
    assert not [f for f in flagged(scan([p], "RD-ENV-003", "rx7900xtx")) if "local rank 0" in f.title]


def test_hip_hidden_for_a_vulkan_backend_is_on_purpose(tmp_path):
    # hogeheer's Strix Halo setup.sh (a systemd override for Ollama): OLLAMA_VULKAN=1 with HIP_VISIBLE_DEVICES=-1
    unit = ("#!/bin/bash\nsudo tee /etc/systemd/system/ollama.service.d/override.conf > /dev/null << 'EOF'\n"
            "[Service]\nEnvironment=\"OLLAMA_VULKAN=1\"\nEnvironment=\"HIP_VISIBLE_DEVICES=-1\"\nEOF\n")
    fs = scan([write(tmp_path, "setup.sh", unit)], "RD-ENV-003", "strix-halo-apu")
    assert [f.status for f in fs] == [Status.PASS] and "Vulkan" in fs[0].title
    # without the Vulkan backend the same line hides the only GPU: still a warning
    plain = unit.replace('Environment="OLLAMA_VULKAN=1"\n', "")
    assert [f.status for f in scan([write(tmp_path, "plain.sh", plain)], "RD-ENV-003", "strix-halo-apu")] == [Status.WARN]
    off = unit.replace("OLLAMA_VULKAN=1", "OLLAMA_VULKAN=0")
    assert [f.status for f in scan([write(tmp_path, "off.sh", off)], "RD-ENV-003", "strix-halo-apu")] == [Status.WARN]


def test_llama_cpps_vulkan_device_list_is_a_list(tmp_path):
    base = "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=-1\nexport GGML_VK_VISIBLE_DEVICES={}\n./llama-server -m m.gguf\n"
    on = scan([write(tmp_path, "on.sh", base.format("0"))], "RD-ENV-003", "strix-halo-apu")
    assert [f.status for f in on] == [Status.PASS]
    off = scan([write(tmp_path, "off.sh", base.format("-1"))], "RD-ENV-003", "strix-halo-apu")
    assert [f.status for f in off] == [Status.WARN]
