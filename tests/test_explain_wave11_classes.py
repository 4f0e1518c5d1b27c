"""Classes of the eleventh wave (issue 24 §2), read from the spent fresh batches, each with real instances and a
look-alike (source URL beside each).

A. The HF Trainer's metrics block ("***** eval metrics *****") pads its keys to one column ("  eval_loss       =   nan"):
   a loss printed there as NaN/inf is a run that diverged (numerics), as in any other metric form; finite values are not.
B. A user's probe that prints a CUDA build of torch (a +cuNNN version, collect_env's CUDA version) and then that it sees
   no GPU: the wrong wheel on an AMD machine (packages); a CUDA torch that sees its GPU, or a ROCm torch that does not,
   is not this class.
C. bitsandbytes' CUDA setup on an AMD machine ("CUDA SETUP: WARNING! libcudart.so not found", "Setup Failed!", its CPU
   library loaded, "CUDA versions lower than 11" read from a HIP version): a build without ROCm support (packages); the
   lines it prints on an NVIDIA machine that found its runtime are not.
"""
from __future__ import annotations

from rocmdoctor.logs.structure import analyze
from tests.explain_helpers import corpus_lines, run, top


def test_a_hf_metrics_block_with_a_nan_loss_is_numerics():
    # https://github.com/jzhang38/TinyLlama/issues/153 (fp16 fine-tune, eval_loss = nan in the eval metrics block)
    lines = corpus_lines("qk-tinyllama-fp16-finetune-eval-loss-nan", "fresh/logs")
    assert top(lines)[0] == "numerics"
    what = analyze(lines).numerics
    assert what is not None and what[0].text.strip().startswith("eval_loss") and "nan" in what[1]
    # inf in the same padded form
    assert analyze(["***** eval metrics *****", "  epoch                   =        3.0",
                    "  eval_loss               =        inf"]).numerics is not None


def test_a_hf_metrics_block_with_finite_values_is_not_numerics():
    # look-alike: the same Trainer block of a run that went well (the HF run_clm example's README output)
    block = ["***** train metrics *****", "  epoch                    =        3.0",
             "  train_loss               =     2.6187", "  train_runtime            = 0:01:32.13",
             "***** eval metrics *****", "  epoch                   =        3.0", "  eval_loss               =     3.3398",
             "  perplexity              =    28.2181"]
    assert analyze(block).numerics is None
    assert run(block).exit_code() == 0


def test_b_a_cuda_torch_that_sees_no_gpu_is_the_wrong_wheel():
    # https://github.com/invoke-ai/InvokeAI/issues/7977 (the ROCm image carried torch 2.6.0+cu124)
    assert top(corpus_lines("ob-invokeai-rocm-image-cu124-torch", "fresh/logs")) == ("packages", "torch-cuda-build-no-gpu")
    # a bare False printed by the command that asked is_available(), after pip's version line
    lines = ["$ pip list | grep torch", "torch                    2.1.0+cu121",
             "$ python -c 'import torch; print(torch.cuda.is_available())'", "False"]
    assert top(lines) == ("packages", "torch-cuda-build-no-gpu")
    # collect_env's form: the CUDA version torch was built with, then no GPU
    env = ["PyTorch version: 2.3.1", "Is debug build: False", "CUDA used to build PyTorch: 12.1",
           "ROCM used to build PyTorch: N/A", "", "Is CUDA available: False"]
    assert top(env) == ("packages", "torch-cuda-build-no-gpu")
    d = next(d for d in run(lines).diagnoses if d.signature.id == "torch-cuda-build-no-gpu")
    assert any("RD-TORCH-001" == c.check for c in d.signature.causes)


def test_b_a_cuda_torch_that_sees_its_gpu_or_a_rocm_torch_is_not_the_wrong_wheel():
    # look-alike: an NVIDIA machine's healthy report (https://github.com/deepspeedai/DeepSpeed/issues/6540, ds_report)
    assert analyze(corpus_lines("ds-6540-dsreport-cu121-healthy")).cuda_torch is None
    assert analyze(["torch.__version__: 2.6.0+cu124", "CUDA available: True"]).cuda_torch is None
    # a ROCm build that sees no GPU is another class (tb-torch-no-gpu and its checks), never the wrong wheel
    rocm = analyze(["torch.__version__: 2.6.0+rocm6.2.4", "CUDA available: False"])
    assert rocm.cuda_torch is None and rocm.no_gpu is not None and rocm.no_gpu.text == "CUDA available: False"
    assert top(["torch.__version__: 2.6.0+rocm6.2.4", "CUDA available: False"]) == ("runtime", "tb-torch-no-gpu")
    # "False" that no is_available() printed (a debug-build line) says nothing of the GPU
    assert analyze(["torch 2.1.0+cu121", "Is debug build: False"]).cuda_torch is None


def test_c_bitsandbytes_cuda_setup_on_an_amd_machine_is_the_wrong_build():
    # https://github.com/bitsandbytes-foundation/bitsandbytes/issues/966 and /issues/1245 (a ROCm 6.1 torch read as CUDA 61)
    for name in ("bnb-966-cuda-setup", "lb-bnb-1245-rocm-misread-as-cuda61"):
        assert top(corpus_lines(name, "fresh/logs")) == ("packages", "bitsandbytes-cuda-setup-failed"), name
    # its CPU library loaded is the CPU-build signature's, not a second one
    assert top(["CUDA SETUP: Loading binary /venv/lib/python3.10/site-packages/bitsandbytes/libbitsandbytes_cpu.so..."]) \
        == ("packages", "bitsandbytes-cpu-build")


def test_c_bitsandbytes_setup_that_found_its_cuda_runtime_is_not_a_failure():
    # look-alike: the same module on an NVIDIA machine (bitsandbytes 0.41's start-up lines)
    ok = ["CUDA SETUP: CUDA runtime path found: /usr/local/cuda/lib64/libcudart.so.11.0",
          "CUDA SETUP: Highest compute capability among GPUs detected: 8.6",
          "CUDA SETUP: Detected CUDA version 118",
          "CUDA SETUP: Loading binary /opt/conda/lib/python3.10/site-packages/bitsandbytes/libbitsandbytes_cuda118.so..."]
    assert run(ok).exit_code() == 0


def test_b_only_the_installed_torch_counts_and_the_last_one_printed_wins():
    # a version a requirement names or pip collects is not the torch that runs (review of this wave)
    assert analyze(["xformers 0.0.23 requires torch==2.1.0+cu121, but you have torch 2.1.0+rocm5.6 which is "
                    "incompatible.", "GPU available: False, used: False"]).cuda_torch is None
    assert analyze(["Collecting torch==2.1.0+cu121", "CUDA available: False"]).cuda_torch is None
    # the CUDA torch replaced by a ROCm one before the probe: the ROCm one is what sees no GPU
    assert analyze(["torch 2.1.0+cu121", "Successfully installed torch-2.1.0+rocm5.6", "CUDA available: False"]) \
        .cuda_torch is None
    # pip's own report of what it installed, and a bare version printed for torch.__version__
    got = analyze(["Successfully installed filelock-3.13.1 torch-2.3.1+cu121", "CUDA available: False"]).cuda_torch
    assert got is not None and "torch-2.3.1+cu121" in got[1]
    assert analyze([">>> torch.__version__", "'2.6.0+cu124'".strip("'"), ">>> torch.cuda.is_available()",
                    "False"]).cuda_torch is not None
