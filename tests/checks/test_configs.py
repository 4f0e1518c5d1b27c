"""RD-CFG-001..003 (checks/configs.py): which files scan --config read, env variables the files
disagree on, and a DeepSpeed JSON that disagrees with the training arguments."""
import os

import pytest

from rocmdoctor.engine.model import Status
from tests.lintacc_helpers import corpus, flagged, scan, write

SEEDS = os.path.join(os.path.dirname(__file__), os.pardir, "data", "seeds")


def test_every_file_read_passes_and_lists_the_files(lint):
    paths = lint.seeds("Dockerfile", "docker-compose.yml", "train_qwen_ddp_fp32.sh")
    [f] = lint(paths, "RD-CFG-001")
    assert f.status.value == "pass" and sorted(f.data["files"]) == sorted(paths)


def test_unreadable_file_named_in_the_api_is_listed_not_judged(tmp_path, lint):
    p = lint.write("notes.txt", "just notes\n")
    fs = lint([p, os.path.join(SEEDS, "Dockerfile")], "RD-CFG-001")
    assert lint.statuses(fs) == ["warn"] and "notes.txt" in fs[0].detail


def test_directory_mode_names_every_file_it_leaves_out_and_keeps_broken_known_kinds(tmp_path, lint):
    (tmp_path / "package.json").write_text('{"name": "web", "version": "1.0.0"}\n')
    (tmp_path / "docker-compose.yml").write_text("services:\n  a: [unclosed\n")
    (tmp_path / "run.sh").write_text("#!/bin/bash\ntorchrun --nproc_per_node 1 train.py\n")
    fs = lint([tmp_path], "RD-CFG-001", "rx7900xtx")
    assert len(fs) == 1 and fs[0].status.value == "warn"  # the compose file that does not parse is not judged
    text = fs[0].detail + "\n".join(e.text for e in fs[0].evidence)
    # PyYAML stops at the end of the file, where the flow list is still open
    assert "docker-compose.yml: invalid YAML at line 3" in text and "package.json: left out (" in text
    assert [e.source.rsplit("/", 1)[-1] for e in fs[0].evidence][:1] == ["docker-compose.yml:3"]


# https://github.com/ggpwnkthx/basic-ai-stack/blob/a218f335fdce147b52cb6b66f4a4b19fb29d2e64/docker-compose.amd.yml:
# `ollama` one space under services:, the next service two: compose stops ("expected <block end>") at line 9 here
_MIXED_INDENT = ("services:\n\n ollama: \n   image: ollama/ollama:rocm\n   ipc: host\n   group_add:\n     - video\n\n"
                 "  ollama-webui:\n    image: ghcr.io/open-webui/open-webui\n")


def test_a_folder_whose_only_compose_file_does_not_parse_is_judged_at_the_line_yaml_stops(tmp_path, lint):
    (tmp_path / "docker-compose.amd.yml").write_text(_MIXED_INDENT)
    fs = lint.flagged(lint([tmp_path], "RD-CFG-001", "rx7900xtx"))
    assert [e.source.rsplit("/", 1)[-1] for e in fs[0].evidence][:1] == ["docker-compose.amd.yml:9"]
    # and the compose checks do not pass as if there were no compose file
    ctr = lint([tmp_path], "RD-CTR-003", "rx7900xtx")
    assert [f.status.value for f in ctr] == ["skip"] and "could not be read" in ctr[0].title


def test_look_alikes_the_same_services_indented_alike_or_a_folder_of_no_known_kind(tmp_path, lint):
    (tmp_path / "docker-compose.amd.yml").write_text(_MIXED_INDENT.replace("\n ollama: ", "\n  ollama:")
                                                     .replace("\n   ", "\n    ").replace("\n     -", "\n      -"))
    assert lint.statuses(lint([tmp_path], "RD-CFG-001", "rx7900xtx")) == ["pass"]
    other = tmp_path / "notes"
    other.mkdir()
    (other / "NOTES").write_text("just notes\n")
    assert lint.statuses(lint([other], "RD-CFG-001", "rx7900xtx")) in ([], ["skip"])


FRESH = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")


def test_files_that_disagree_on_an_env_variable(tmp_path, lint):
    # an environment file the user sources before the job and the launch script: one layer, two files
    env = lint.write("env.sh", "#!/bin/bash\nexport HSA_OVERRIDE_GFX_VERSION=9.0.6\nexport NCCL_DEBUG=WARN\n")
    run = lint.write("run.sh", "#!/bin/bash\nexport HSA_OVERRIDE_GFX_VERSION=11.0.0\n"
                               "torchrun --nproc_per_node 2 train.py\n")
    fs = lint([env, run], "RD-CFG-002")
    assert [f.status for f in fs] == [Status.WARN] and fs[0].subject == "HSA_OVERRIDE_GFX_VERSION"
    assert {e.source for e in fs[0].evidence} == {env + ":2", run + ":2"}


def test_defaults_and_one_commands_values_do_not_contend(tmp_path, lint):
    # Hakureirm/rwkv-sglang: serve_rocm.sh sources rocm_env.sh (RWKV_*="${RWKV_*:-0}") before serve.sh's own
    # "${RWKV_*:-1}": a default gives way to the value set before it, on purpose (fresh batch 21, labelled clean)
    d = os.path.join(FRESH, "ja-hakureirm-rwkv-sglang-rocm-serve")
    assert not lint.flagged(lint([d], "RD-CFG-002", "rx7900xtx"))
    # ms-swift GRPO: `CUDA_VISIBLE_DEVICES=3,4 swift rlhf` and `CUDA_VISIBLE_DEVICES=5 swift rollout`, two processes
    d = os.path.join(FRESH, "ha-hzhang57-swift-grpo-vl")
    assert not lint.flagged(lint([d], "RD-CFG-002", "mi300x8"))
    env = lint.write("env.sh", "export HSA_OVERRIDE_GFX_VERSION=9.0.6\n")
    run = lint.write("run.sh", "#!/bin/bash\nexport HSA_OVERRIDE_GFX_VERSION=\"${HSA_OVERRIDE_GFX_VERSION:-11.0.0}\"\n"
                               "torchrun --nproc_per_node 2 train.py\n")
    one = lint.write("one.sh", "#!/bin/bash\nHSA_OVERRIDE_GFX_VERSION=11.0.0 torchrun --nproc_per_node 2 train.py\n")
    assert not lint.flagged(lint([env, run], "RD-CFG-002"))
    assert not lint.flagged(lint([env, one], "RD-CFG-002"))
    # the same two files with plain assignments still disagree
    plain = lint.write("plain.sh", "#!/bin/bash\nexport HSA_OVERRIDE_GFX_VERSION=11.0.0\ntorchrun train.py\n")
    assert [f.subject for f in lint.flagged(lint([env, plain], "RD-CFG-002"))] == ["HSA_OVERRIDE_GFX_VERSION"]


def test_a_later_layer_overriding_the_image_env_is_configuration_not_disagreement(tmp_path, lint):
    # compose `environment:` over the image's ENV is how an image is configured (Compose's precedence)
    paths = lint.seeds("Dockerfile", "docker-compose.yml")
    assert [f.status for f in lint(paths, "RD-CFG-002")] == [Status.PASS]
    # diegoalcoba/BERTolto run_rocm_v2.sh: `docker run -e HF_HOME=...` over the Dockerfile's
    # ENV HF_HOME=/root/... for a non-root --user (spent fresh batch 3, labelled clean on this point)
    d = os.path.join(FRESH, "diegoalcoba-bertolto-rocm7")
    assert not lint.flagged(lint([d], "RD-CFG-002", "rx7900xtx"))


def test_two_dockerfiles_are_two_images(tmp_path, lint):
    # Medhatt21/llm-quant-lab: an app image and a vLLM image, each with its own HF_HOME (spent fresh batch 4)
    d = os.path.join(FRESH, "medhatt21-llm-quant-lab-rocm-compose")
    assert not lint.flagged(lint([d], "RD-CFG-002", "mi300x8"))
    a = lint.write("Dockerfile.app", "FROM rocm/pytorch:latest\nENV HF_HOME=/a\n")
    b = lint.write("Dockerfile.vllm", "FROM rocm/vllm:latest\nENV HF_HOME=/b\n")
    assert not lint.flagged(lint([a, b], "RD-CFG-002"))


def test_files_that_agree_pass(tmp_path, lint):
    paths = lint.seeds("docker-compose.yml")
    assert [f.status for f in lint(paths, "RD-CFG-002")] == [Status.PASS]


def test_deepspeed_json_disagreeing_with_arguments_fails(tmp_path, lint):
    yaml_path, ds_path = lint.seeds("qwen_lora_sft_ds2.yaml", "ds_z2_config.json")
    text = open(yaml_path).read().replace("bf16: true", "fp16: true")
    open(yaml_path, "w").write(text)
    f = lint([yaml_path], "RD-CFG-003")[0]
    assert f.status == Status.FAIL and "ds bf16.enabled=True vs hf bf16=False" in f.detail
    assert set(f.fix.params["files"]) == {yaml_path, ds_path}


def test_deepspeed_json_agreeing_passes(tmp_path, lint):
    yaml_path, _ = lint.seeds("qwen_lora_sft_ds2.yaml", "ds_z2_config.json")
    assert [f.status for f in lint([yaml_path], "RD-CFG-003")] == [Status.PASS]


# ------------------------------------------------------------------ RD-CFG-004: a JSON config a script writes
def test_a_heredoc_config_that_is_not_json_is_flagged_at_its_line():
    # CZtheHusky/rt_torch scripts/train_deepspeed.sh (7912c7e): `cat <<EOT > $DS_CONFIG` with an unquoted path value
    # and a comma before the closing brace
    p = corpus("l7-czthehusky-rttorch-ds-heredoc")
    [f] = scan([p], "RD-CFG-004", "mi300x8")
    assert "ds_config.json" in f.title and f.evidence[0].source.endswith("train_deepspeed.sh:49")
    assert f.status.value == "fail" and f.subject == f.evidence[0].source
    assert f.title == "the ds_config.json this script writes is not JSON (Expecting value)"
    # the evidence is the line the parser stopped at, as bash writes it (the $exp_name path put in)
    assert f.evidence[0].text.startswith('"output_path": /home/cz/bs/rt_torch/history/')


def test_a_quoted_heredoc_of_valid_json_and_a_trailing_comma_alone(tmp_path):
    # GotYoo/Med3D-MoE-Seg scripts/train_ds.sh: `cat > "$DS_CONFIG" << 'EOF'` with valid JSON ("auto" for the HF Trainer)
    ok_sh = write(tmp_path, "train_ds.sh", 'DS_CONFIG="./config/ds_config_zero2.json"\n'
                  'cat > "$DS_CONFIG" << \'EOF\'\n{\n  "train_batch_size": "auto",\n  "zero_optimization": {\n'
                  '    "stage": 2\n  }\n}\nEOF\ndeepspeed --num_gpus=8 train_net.py --deepspeed ${DS_CONFIG}\n')
    [g] = scan([ok_sh], "RD-CFG-004", "mi300x8")
    assert (g.status.value, g.title) == ("pass", "the ./config/ds_config_zero2.json this script writes is JSON")
    assert g.subject == ok_sh + ":3"  # the heredoc's first line
    # variables the script defines are put in: a number is JSON; the same file with the comma left in is not
    nums = write(tmp_path, "n.sh", 'GLOBAL_BATCH=1504\nDS_CONFIG=ds_config.json\ncat <<EOT > $DS_CONFIG\n'
                 '{\n    "train_batch_size" : $GLOBAL_BATCH,\n    "fp16": {"enabled": true}\n}\nEOT\n'
                 'deepspeed --include "localhost:0,1,2,3" train_ds.py --deepspeed_config=$DS_CONFIG\n')
    assert not flagged(scan([nums], "RD-CFG-004", "mi300x8"))
    bad = write(tmp_path, "b.sh", open(nums).read().replace('{"enabled": true}\n', '{"enabled": true},\n'))
    [f] = scan([bad], "RD-CFG-004", "mi300x8")  # one finding: the failure, not also a pass
    assert f.status.value == "fail" and f.evidence[0].source == bad + ":7"


@pytest.mark.parametrize("text", [
    # a script that writes an application's settings file and launches nothing: not a launch's config
    'mkdir -p ~/.cfg\ncat > ~/.cfg/settings.json <<EOF\n{"a": 1,}\nEOF\n',
    # a launch that writes no file
    "deepspeed train.py --deepspeed_config ds.json\n",
])
def test_scripts_that_write_no_config_for_a_launch_pass(tmp_path, text):
    [f] = scan([write(tmp_path, "s.sh", text)], "RD-CFG-004", "mi300x8")
    assert (f.status.value, f.title) == ("pass", "no launch script writes a JSON config")


def test_an_empty_heredoc_is_not_json(tmp_path):
    p = write(tmp_path, "e.sh", "cat > ds.json <<EOF\nEOF\ndeepspeed train.py --deepspeed_config ds.json\n")
    [f] = scan([p], "RD-CFG-004", "mi300x8")
    assert f.status.value == "fail" and [(e.source, e.text) for e in f.evidence] == [(p + ":2", "")]




def test_run_time_expansions_in_a_heredoc_read_as_numbers(tmp_path):
    # arithmetic and positional expansions are filled in by bash when it writes the file: never flagged as such
    p = write(tmp_path, "gen.sh", 'MICRO=4\ncat > ds.json <<EOF\n{\n  "train_batch_size": $((MICRO * $1 * 8)),\n'
              '  "train_micro_batch_size_per_gpu": ${MICRO},\n  "steps_per_print": $2\n}\nEOF\n'
              "deepspeed train.py --deepspeed_config ds.json\n")
    assert not flagged(scan([p], "RD-CFG-004", "mi300x8"))


def test_separate_jobs_and_conditional_overrides_do_not_contend(tmp_path, lint):
    # LUMI's GPU-binding examples (https://github.com/Lumi-supercomputer/LUMI-training-materials): two batch jobs,
    # each with its own OMP_NUM_THREADS; lighteval-on-LUMI's two example jobs (spent fresh batch), each its HF_HOME
    a = lint.write("example-1.sh", "#!/bin/bash\n#SBATCH --nodes=1\nexport OMP_NUM_THREADS=7\nsrun ./select_gpu ./app\n")
    b = lint.write("example-2.sh", "#!/bin/bash\n#SBATCH --nodes=1\nexport OMP_NUM_THREADS=3\nsrun ./select_gpu ./app\n")
    assert not lint.flagged(lint([a, b], "RD-CFG-002"))
    # two scripts that each start a server (no launcher the reader knows): two ways to run
    c = lint.write("run.sh", "#!/bin/bash\nexport MODEL=Qwen/Qwen3-8B\nvllm serve $MODEL\n")
    d = lint.write("run06.sh", "export MODEL=Qwen/Qwen3-0.6B\nvllm serve $MODEL\n")
    assert not lint.flagged(lint([c, d], "RD-CFG-002"))
    # MLPerf's run_and_time.sh sets WARMUP=1 only when profiling (inside an if) over the sourced hyperparameters
    env = lint.write("hyper.sh", "export WARMUP=5\n")
    run = lint.write("run_and_time.sh", "#!/bin/bash\nif [ ${NVTX_FLAG:-0} -gt 0 ]; then\n export WARMUP=1\nfi\n"
                                         "python train.py\n")
    assert not lint.flagged(lint([env, run], "RD-CFG-002"))
    # after its fi, the same assignment is the job's again: an env file and the script disagree
    late = lint.write("late.sh", "#!/bin/bash\nif true; then echo x; fi\nexport WARMUP=1\npython train.py\n")
    assert [f.subject for f in lint.flagged(lint([env, late], "RD-CFG-002"))] == ["WARMUP"]


def test_review_cases_of_layers_and_branches(tmp_path, lint):
    env = lint.write("env.sh", "export NCCL_SOCKET_IFNAME=ib0\nNCCL_IB_HCA=\"mlx5_0 mlx5_1\"\nconda activate llm\n"
                               "spack load rccl\n")
    # an env file with a quoted list and environment managers is still an env file: the same layer as the script
    run = lint.write("run.sh", "#!/bin/bash\nif [ $# -gt 0 ]; then echo x; fi\necho \"Starting; if it hangs, check\"\n"
                               "export NCCL_SOCKET_IFNAME=eth0\ntorchrun --nproc_per_node 2 t.py\n")
    assert [f.subject for f in lint.flagged(lint([env, run], "RD-CFG-002"))] == ["NCCL_SOCKET_IFNAME"]
    # a one-line branch is a branch too
    one = lint.write("one.sh", "#!/bin/bash\nif [ -n \"$IB\" ]; then export NCCL_SOCKET_IFNAME=eth0; fi\n"
                               "torchrun --nproc_per_node 2 t.py\n")
    assert not lint.flagged(lint([env, one], "RD-CFG-002"))
