"""Linting that reads what the files do: Dockerfile heredocs through BuildKit's grammar, requirements
files as the build edits them, two launches in one script judged apart, and the seeds' DeepSpeed
builds and ZeRO-3 memory estimates. What each check module judges (compose lines, the container
user, GPU target lists, Slurm requests, image releases) is tested in tests/checks/test_<module>.py."""
from __future__ import annotations

import os
import sys

import pytest

from rocmdoctor.artifacts.readers import dockerfile as df

DATA = os.path.join(os.path.dirname(__file__), "data")
SEEDS = os.path.join(DATA, "seeds")
CORPUS = os.path.join(os.path.dirname(__file__), "corpus", "artifacts")


# ------------------------------------------------------------------ Dockerfile grammar

HEREDOC = """# syntax=docker/dockerfile:1
FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0 AS base
RUN <<EOF
set -e
pip install torch --index-url https://download.pytorch.org/whl/cu121
EOF
RUN python3 <<PY
import subprocess  # pip install xformers here is Python text, not a shell command
PY
RUN <<-EOT bash
\tpip install deepspeed
EOT
COPY <<EOF /etc/motd
FROM nvidia/cuda:12.1.0-base
EOF
FROM base AS final
RUN echo a \\
  && pip install b
"""


def _facts(art):
    return [(v.kind, v.name, str(v.value), v.origin.line) for v in art.values]


def test_heredoc_bodies_are_shell_scripts_and_copy_bodies_are_file_text():
    art = df.read("Dockerfile", HEREDOC)
    pips = [(v.value["requirements"], v.origin.line) for v in art.values if v.name == "pip"]
    # the cu121 torch inside RUN <<EOF is seen at its own line; the Python heredoc and the COPY body are not shell
    assert (["torch"], 5) in pips and (["deepspeed"], 11) in pips and (["b"], 18) in pips
    assert not any("xformers" in r for r, _ in pips)
    assert [v.value for v in art.values if v.name == "from"] == [
        "rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0"]  # FROM base is a stage, nvidia/cuda is text


def test_buildkit_parser_and_the_fallback_give_the_same_answers(monkeypatch):
    pytest.importorskip("dockerfile")
    texts = [HEREDOC] + [open(os.path.join(root, f), encoding="utf-8").read()
                         for root, _, files in os.walk(CORPUS) for f in files
                         if f.lower().endswith("dockerfile") or f.startswith("Dockerfile")]
    with_parser = [_facts(df.read("Dockerfile", t)) for t in texts]
    monkeypatch.setitem(sys.modules, "dockerfile", None)  # import dockerfile -> ImportError: the fallback runs
    assert [_facts(df.read("Dockerfile", t)) for t in texts] == with_parser
    assert len(texts) > 10


def test_unterminated_heredoc_is_a_clear_error_not_a_crash(monkeypatch):
    art = df.read("Dockerfile", "FROM ubuntu\nRUN <<EOF\necho never closed\n")
    assert art.error and "docker build would refuse" in art.error
    monkeypatch.setitem(sys.modules, "dockerfile", None)
    assert "unterminated heredoc" in df.read("Dockerfile", "FROM ubuntu\nRUN <<EOF\nx\n").error


def test_escape_directive_changes_the_continuation_character(monkeypatch):
    text = "# escape=`\nFROM ubuntu\nRUN pip install `\n    torch\n"
    want = [("build", "pip", "{'requirements': ['torch'], 'options': {}, 'via': 'pip'}", 3)]
    assert [f for f in _facts(df.read("Dockerfile", text)) if f[1] == "pip"] == want
    monkeypatch.setitem(sys.modules, "dockerfile", None)
    assert [f for f in _facts(df.read("Dockerfile", text)) if f[1] == "pip"] == want


# ------------------------------------------------------------------ seeds

def test_seed_002_zero3_full_offload_is_judged_on_gpu_and_host_ram(lint):
    fs = lint([os.path.join(SEEDS, "fine_tune_train.sh"), os.path.join(SEEDS, "ds_config.json")], "RD-DS-006",
              "dcu-slurm", model=os.path.join(DATA, "hf_baichuan2-7b-chat"))
    est = [f for f in fs if "per GPU" in f.title]
    assert len(est) == 1 and "of host RAM" in est[0].title
    text = "\n".join(e.text for e in est[0].evidence)
    assert "offloaded weights, gradients and optimizer" in text and "not modelled" not in text
    weights = est[0].data["estimate"]["parts"]["weights"]
    assert weights == (10**9 + 5 * 10**7) * 2  # live parameters + prefetch bucket (bf16), not a 1/N shard


# ------------------------------------------------------------------ two launches in one script

def test_two_launches_in_one_script_are_judged_separately_and_named_by_line(tmp_path, lint):
    (tmp_path / "train.sh").write_text(
        "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=0,1\ncd /work\n\n\n\n"
        "torchrun --nproc_per_node 2 train.py --model_name_or_path Qwen/Qwen2.5-7B-Instruct --fp16 True "
        "--deepspeed ds.json --tf32 True\n"
        "llamafactory-cli train lf.yaml\n")
    (tmp_path / "lf.yaml").write_text("model_name_or_path: Qwen/Qwen2.5-7B-Instruct\nstage: sft\n"
                                      "finetuning_type: lora\nbf16: true\ndeepspeed: ds.json\n")
    (tmp_path / "ds.json").write_text('{"train_batch_size": "auto", "bf16": {"enabled": "auto"}, '
                                      '"fp16": {"enabled": "auto"}, "zero_optimization": {"stage": 2}}\n')
    script = str(tmp_path / "train.sh")
    by_code = {}
    for code in ("RD-PREC-010", "RD-PREC-012", "RD-PREC-013", "RD-CFG-003", "RD-PIN-003"):
        by_code[code] = lint([tmp_path], code, "mi50x2-xeon")
    # each launch is its own run, named by its line; no finding repeats word for word
    assert {f.subject for f in by_code["RD-PREC-010"]} == {f"{script}:7", f"{script}:8"}
    for fs in by_code.values():
        keys = [(f.status, f.title, f.subject) for f in fs]
        assert len(keys) == len(set(keys))
        for f in fs:
            srcs = [(e.source, e.text) for e in f.evidence]
            assert len(srcs) == len(set(srcs))  # no evidence line twice
    # the torchrun run (a custom script given --deepspeed) is not judged on TrainingArguments defaults,
    # and LLaMA-Factory's pin applies to the llamafactory-cli run only
    assert all(f.status.value == "pass" for f in by_code["RD-CFG-003"])
    pin = lint.flagged(by_code["RD-PIN-003"])
    assert len(pin) == 1 and pin[0].evidence[0].source.endswith("lf.yaml:5")
    # no file gets two different fixes from RD-PREC-010
    fixed = {}
    for f in lint.flagged(by_code["RD-PREC-010"]):
        for path in (f.fix.params or {}).get("files", []):
            fixed.setdefault(path, set()).add(f.fix.title)
    assert all(len(titles) == 1 for titles in fixed.values())


# ------------------------------------------------------------------ edits of a requirements file before pip reads it


def test_a_requirements_file_the_build_removes_is_not_read():
    from rocmdoctor.artifacts.readers import _as_edited
    from rocmdoctor.artifacts.settings import BUILD, Artifact

    art = Artifact("Dockerfile", "dockerfile", "")
    rm = art.add(BUILD, "req_edit", {"file": "requirements.txt", "removed": True, "out": None}, 3)
    grep = art.add(BUILD, "req_edit", {"file": "requirements.txt", "delete": "^torch", "out": "r2.txt"}, 2)
    assert _as_edited("requirements.txt", [rm]) == (None, None)
    assert _as_edited("r2.txt", [grep]) == ("requirements.txt", "(?:^torch)")
    assert _as_edited("other.txt", [grep, rm]) == ("other.txt", None)


def test_full_fine_tune_size_from_the_model_name_bounds_zero_without_a_config(tmp_path, lint):
    ds = lint.write("ds_z3.json", '{"train_batch_size": "auto", "zero_optimization": {"stage": 3}}\n')
    lf = lint.write("full.yaml", f"model_name_or_path: meta-llama/Meta-Llama-3-8B-Instruct\nstage: sft\n"
                    f"finetuning_type: full\nfp16: true\ndeepspeed: {ds}\n")
    fs = lint.flagged(lint([lf], "RD-DS-006", "mi50x2-xeon"))  # 8B: 16 B/param over 2 x 32 GB does not fit
    assert fs and "do not fit" in fs[0].title and "8.0B params" in " ".join(e.text for e in fs[0].evidence)
    lora = lint.write("lora.yaml", f"model_name_or_path: meta-llama/Meta-Llama-3-8B-Instruct\nstage: sft\n"
                      f"finetuning_type: lora\nfp16: true\ndeepspeed: {ds}\n")
    assert lint.flagged(lint([lora], "RD-DS-006", "mi50x2-xeon")) == []
    from rocmdoctor.artifacts import trainargs as ta
    from rocmdoctor.artifacts.readers import read_all

    for name, want in (("Qwen/Qwen1.5-1.8B", 1.8e9), ("mistralai/Mixtral-8x7B-v0.1", None), ("gpt2", None)):
        p = lint.write("m.yaml", f"model_name_or_path: {name}\nstage: sft\nfinetuning_type: full\n")
        assert ta.params_from_name(read_all([p]).setups[0]) == want


# ------------------------------------------------------------------ Singularity / Apptainer images


def test_image_files_are_never_floating_tags():
    from rocmdoctor.knowledge import artifacts as ka

    assert not ka.floating_tag("/scratch/x/pytorch-rocm-6.1.sif") and ka.floating_tag("rocm/pytorch")
    assert ka.rocm_image("/scratch/x/pytorch-rocm-6.1.sif") and not ka.rocm_image("/scratch/env.sif")
    assert ka.image_rocm("/scratch/x/pytorch-rocm5.7.simg") == (5, 7)


def test_a_community_build_of_rocm_named_for_it_tags_the_rocm_release():
    # mixa3607/rocm-gfx906 (the MI50 owners' ROCm 7 builds for gfx906: three sets of spent fresh batches 27 and 33)
    from rocmdoctor.knowledge import artifacts as ka

    assert ka.image_rocm("mixa3607/rocm-gfx906:7.2.4-complete") == (7, 2, 4)
    assert ka.image_rocm("docker.io/mixa3607/rocm-gfx906:7.1.0-complete") == (7, 1, 0)
    assert ka.image_rocm("ghcr.io/someone/rocm:6.4") == (6, 4) and ka.rocm_image("ghcr.io/someone/rocm:6.4")
    assert ka.rocm_image("mixa3607/rocm-gfx906:7.2.4-complete") and ka.floating_tag("mixa3607/rocm-gfx906:latest")
    # a `latest` tag that names its ROCm release (tests/corpus/fresh/artifacts/yy-fluidnumerics-self-gfx942, both
    # labellers): the app moves, its ROCm does not; `latest-rocm` with no release still floats
    assert not ka.floating_tag("higherordermethods/selfish:latest-x86-rocm643-gfx942")
    assert ka.floating_tag("tensorflow/tensorflow:latest-rocm") and ka.floating_tag("someone/app:latest-gfx942")
    # an application named with rocm tags its own version: no ROCm release read from it
    for app in ("flowpoint/rocm_autotrain:0.0.1", "someone/comfyui-rocm:1.2", "someone/rocm-comfyui:0.3.45",
                "ghcr.io/x/rocm-dev:2024.05"):  # (the last: a date, no ROCm release)
        assert ka.image_rocm(app) is None, app


def test_a_community_rocm_7_image_on_a_rocm_6_host_is_judged():
    import os

    from tests.lintacc_helpers import flagged, scan

    d = os.path.join(os.path.dirname(__file__), "corpus", "fresh", "artifacts", "jb-larkinwc-mi50grad-tp4")
    fs = flagged(scan([d], "RD-IMG-003", "mi50x2-xeon"))
    assert any("mixa3607/rocm-gfx906:7.1.0-complete: ROCm 7.1 in the image" in f.title for f in fs)


def test_tgis_default_image_is_its_cuda_build_the_rocm_tag_is_not():
    # ghcr.io/huggingface/text-generation-inference: one CUDA image per release, the ROCm build tagged -rocm
    # (spent fresh batch 33: a TGI `docker run --gpus all ... :3.0.1` on an MI300X node)
    from rocmdoctor.knowledge import artifacts as ka

    def cuda(image):
        return any(p.matches(image) for p in ka.CUDA_IMAGES)

    for image in ("ghcr.io/huggingface/text-generation-inference:3.0.1", "ghcr.io/huggingface/text-generation-inference",
                  "ghcr.io/huggingface/text-generation-inference:latest"):
        assert cuda(image), image
    for image in ("ghcr.io/huggingface/text-generation-inference:3.0.1-rocm",
                  "ghcr.io/huggingface/text-generation-inference:latest-rocm"):
        assert not cuda(image), image
