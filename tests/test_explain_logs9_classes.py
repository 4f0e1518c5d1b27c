"""Classes the logs9 cold sample missed on its first run (tests/corpus/logs/README-logs9.md), each fixed
as a class (issue 24, wave 6): real lines with their source URL, and for each a look-alike that must
stay as it was.

A. A framework refusing bf16 on this GPU (accelerate, transformers, torch autocast, vLLM) is numerics
   (RD-PREC-001), whatever its wording; a help text that says where bf16 runs is no refusal.
B. A trainer's own OOM retry that runs out of batch sizes ("OOM Detected, reducing batch/grad size to 0/2",
   accelerate's "No executable batch size found, reached zero") is GPU memory; a retry that goes on is not.
C. A header that DeepSpeed's op builds are known to miss ('cuda_runtime_api.h'), in the build of another
   package whose sources the log names (apex), is that package's build (packages), not DeepSpeed.
D. A traceback cut off inside a process group's setup or a collective (Ray/vLLM's init_process_group) is
   the distributed layer, however unknown the package that called it.
E. (logs7's note) A DeepSpeed fp16 traceback is not numerics for passing through loss_scaler.backward: every
   fp16 backward does; the overflow handlers (update_scale) still are.
"""
from __future__ import annotations

from rocmdoctor.knowledge.signatures import by_id
from rocmdoctor.logs.reasoning import traceback_rule
from rocmdoctor.logs.structure import analyze, build_owner
from tests.explain_helpers import corpus_lines, top


def _matches(sig_id: str, line: str) -> bool:
    return any(rx.search(line) for rx in by_id(sig_id).regexes)


# ------------------------------------------------------------------ A. bf16 refused by the framework
def test_a_bf16_refusals_in_each_frameworks_words_are_numerics():
    # https://github.com/Linaqruf/kohya-trainer/issues/246 (accelerate, a one-line paste)
    assert top(corpus_lines("l9-kohyatrainer-246-bf16-unsupported-device")) == ("numerics", "bf16-unsupported-device")
    # https://github.com/karpathy/nanoGPT/pull/277 (torch's autocast)
    assert top(["RuntimeError: Current CUDA Device does not support bfloat16. Please switch dtype to float16."]) == \
        ("numerics", "bf16-unsupported-device")
    # https://github.com/vllm-project/vllm/issues/1157 (vLLM's dtype check)
    assert _matches("bf16-unsupported-device", "ValueError: Bfloat16 is only supported on GPUs with compute capability "
                    "of at least 8.0. Your Tesla T4 GPU has compute capability 7.5.")
    assert "RD-PREC-001" in by_id("bf16-unsupported-device").checks()


def test_a_bf16_in_help_text_and_init_lines_is_no_refusal():
    # https://github.com/huggingface/accelerate/pull/247 (the launcher's help text)
    assert not _matches("bf16-unsupported-device", '"BF16 training is only supported on Nvidia Ampere GPUs and '
                        'PyTorch 1.10 or later.",')
    # https://github.com/deepspeedai/DeepSpeed/issues/5100 (ZeRO creating its bf16 optimizer)
    line = "[2024-02-08 10:24:13,596] [INFO] [logging.py:96:log_dist] [Rank 0] Creating torch.bfloat16 ZeRO stage 2 optimizer"
    assert not _matches("bf16-unsupported-device", line)
    assert top([line]) == (None, None)


# ------------------------------------------------------------------ B. an OOM retry with nowhere left to go
def test_b_oom_retry_down_to_zero_is_gpu_memory():
    # https://github.com/d8ahazard/sd_dreambooth_extension/issues/1457 (a progress bar ate the first "O")
    assert top(corpus_lines("l9-sddreambooth-1457-oom-detected-cut")) == ("memory", "oom-batch-retry-exhausted")
    # https://github.com/d8ahazard/sd_dreambooth_extension/issues/852 (accelerate's find_executable_batch_size)
    assert top(["RuntimeError: No executable batch size found, reached zero."])[0] == "memory"


def test_b_a_retry_that_goes_on_and_batch_banners_are_not_failures():
    # the extension's own format with a batch left (dreambooth/memory.py of the repository above): it goes on
    assert not _matches("oom-batch-retry-exhausted",
                        'print(f"OOM Detected, reducing batch/grad size to {batch_size}/{grad_size}.")')
    assert not _matches("oom-batch-retry-exhausted", "OOM Detected, reducing batch/grad size to 10/2.")
    # https://github.com/bmaltais/kohya_ss/issues/89 (kohya's training banner)
    assert top(["  batch size per device / バッチサイズ: 1",
                "  total train batch size (with parallel & distributed & accumulation) / "
                "総バッチサイズ（並列学習、勾配合計含む）: 1"]) == (None, None)


# ------------------------------------------------------------------ C. whose build is missing the header
APEX = corpus_lines("l9-rocmapex-102-cuda-runtime-api-h-not-found")  # https://github.com/ROCm/apex/issues/102


def test_c_a_missing_cuda_header_in_apexs_build_is_packages_not_deepspeed():
    assert build_owner(APEX) == "apex"
    fam, sig = top(APEX)
    assert fam == "packages" and sig != "deepspeed-cuda-home"


def test_c_the_same_header_in_a_deepspeed_build_or_alone_stays_deepspeed():
    # https://github.com/deepspeedai/DeepSpeed/issues/3304: the line alone keeps the catalog's reading
    assert top(corpus_lines("ds-3304-ops-build-cuda-runtime-api-missing"))[1] == "deepspeed-cuda-home"
    # the same build with DeepSpeed's words beside it (ds_report's header, https://github.com/deepspeedai/DeepSpeed/issues/3599):
    # DeepSpeed's words win, no other owner is taken
    ds = ["DeepSpeed C++/CUDA extension op report"] + APEX
    assert build_owner(ds) == ""
    assert top(ds)[0] == "deepspeed"
    # torch's own headers are in every extension's include chain: they name no owner
    assert build_owner([APEX[2]]) == ""


# ------------------------------------------------------------------ D. cut off inside a collective's setup
def test_d_a_traceback_cut_in_init_process_group_is_distributed():
    # https://github.com/OpenRLHF/OpenRLHF/issues/744 (Ray's prefixes, the caller a repository checkout)
    assert top(corpus_lines("l9-openrlhf-744-ray-collective-group-cut"))[0] == "distributed"


def test_d_a_traceback_cut_in_a_models_forward_is_not_distributed():
    # https://github.com/Stability-AI/StableCascade/issues/53 (cut off in the model's forward; the thread's
    # error came after it)
    lines = [
        "Traceback (most recent call last):",
        '  File "/workspace/StableCascade/train/train_c_lora.py", line 332, in <module>',
        "    warpcore(single_gpu=True)",
        '  File "/workspace/StableCascade/./modules/stage_c.py", line 186, in _down_encode',
        "    x = block(x, clip)",
    ]
    assert traceback_rule(analyze(lines).tracebacks[-1]) != "tb-distributed"


# ------------------------------------------------------------------ E. DeepSpeed's fp16 backward path
def test_e_passing_through_loss_scaler_backward_is_not_numerics():
    # https://github.com/deepspeedai/DeepSpeed/issues/4437 (a ZeRO-3 backward failure under fp16)
    tb = analyze(corpus_lines("deepspeed-4437-zero3-backward", "fresh/logs")).tracebacks[-1]
    assert any("fp16/loss_scaler.py" in f.path for f in tb.frames)
    assert traceback_rule(tb) != "tb-deepspeed-overflow"


def test_e_the_loss_scalers_overflow_handler_stays_numerics():
    # https://github.com/hiyouga/LlamaFactory/issues/251 (update_scale at the minimum scale, cut before its message)
    lines = [
        "Traceback (most recent call last):",
        "    self.loss_scaler.update_scale(has_overflow)",
        '  File "/usr/local/lib/python3.8/dist-packages/deepspeed/runtime/fp16/loss_scaler.py", line 175, in update_scale',
        "    raise Exception(",
    ]
    assert traceback_rule(analyze(lines).tracebacks[-1]) == "tb-deepspeed-overflow"
