"""Classes of the spent fresh batch 21 (issue 24 §2), each with real instances and a real look-alike (source URL beside
each).

A. llama.cpp's perplexity tool printing NaN/inf as a chunk's running perplexity, or as its final estimate: the model's
   outputs are NaN (numerics); a perplexity run whose values are numbers is healthy.
B. (batch 22) A logged training loss ten times the one before it, and at least 10, is a run that blew up (numerics);
   the step-to-step noise of a healthy run's per-step loss is not.
C. (batch 22) torch's OOM sentence wrapped where it was pasted: "HIP out of memory." ending its line, the "Tried to
   allocate ..." detail line alone, in either of torch's wordings (memory).
"""
from __future__ import annotations

from tests.explain_helpers import corpus_lines, top


def test_a_perplexity_that_is_nan_is_numerics():
    # https://github.com/ggml-org/llama.cpp/pull/5631 (gemma-7b f16 on a Tesla P40)
    assert top(corpus_lines("ia-gemma-ppl-nan", "fresh/logs"))[0] == "numerics"
    # the final estimate in the same words (llama.cpp's perplexity.cpp prints "Final estimate: PPL = %.4lf +/- %.5lf")
    assert top(["perplexity: calculating perplexity over 580 chunks, n_ctx=512, batch_size=2048, n_seq=4",
                "Final estimate: PPL = nan +/- nan"])[0] == "numerics"
    # look-alike: https://github.com/ggml-org/llama.cpp/pull/1087, the ROCm port's perplexity run, numbers throughout
    assert top(["perplexity : calculating perplexity over 655 chunks, batch_size=512",
                "15.63 seconds per pass - ETA 2 hours 50 minutes",
                "[1]4.3801,[2]4.9556,[3]5.8270,[4]6.4693,[5]6.5437,[6]6.5414,[7]6.7176,[8]6.8070,[9]7.1757"]) == (None, None)


def test_b_a_loss_that_jumps_tenfold_is_a_blow_up():
    # https://github.com/ROCmSoftwarePlatform/tensorflow/issues/42 (cifar10 on the GPU only: 0.92 -> 547.68)
    assert top(corpus_lines("kb-rsptf42-cifar-loss-spikes", "fresh/logs"))[0] == "numerics"
    # https://github.com/sandipan211/ZSD-SC-Resolver/issues/24 (mmdet's epoch lines: loss 2.4435 -> 63118.5509)
    zsd = ["2024-07-11 17:08:35,687 - INFO - Epoch [1][50/2766]\tlr: 0.01000, eta: 4:06:41, time: 1.344, data_time: "
           "0.074, memory: 3611, loss_rpn_cls: 0.2045, loss_rpn_bbox: 0.0280, loss_cls: 0.5364, acc: 94.1191, loss_bbox: "
           "0.0785, loss: 0.8474",
           "2024-07-11 17:09:35,933 - INFO - Epoch [1][100/2766]\tlr: 0.01000, eta: 3:52:52, time: 1.205, data_time: "
           "0.002, memory: 3611, loss_rpn_cls: 0.2257, loss_rpn_bbox: 0.1235, loss_cls: 1.8755, acc: 90.9961, loss_bbox: "
           "0.2189, loss: 2.4435",
           "2024-07-11 17:10:35,892 - INFO - Epoch [1][150/2766]\tlr: 0.01000, eta: 3:47:14, time: 1.199, data_time: "
           "0.002, memory: 3611, loss_rpn_cls: 298.0166, loss_rpn_bbox: 359.4627, loss_cls: 36350.0296, acc: 91.0960, "
           "loss_bbox: 26111.0423, loss: 63118.5509"]
    assert top(zsd)[0] == "numerics"
    # look-alike: https://github.com/tensorflow/models/issues/8423, per-step losses moving 5x (0.2143 -> 1.0149)
    tfm = ["INFO:tensorflow:global step 379: loss = 0.4918 (0.264 sec/step)",
           "INFO:tensorflow:global step 380: loss = 0.2143 (0.269 sec/step)",
           "INFO:tensorflow:global step 381: loss = 1.0149 (0.273 sec/step)"]
    assert top(tfm) == (None, None)
    assert top(["step 1, loss = 0.001", "step 2, loss = 0.05", "step 3, loss = 0.04"]) == (None, None)  # tiny values
    # look-alikes of healthy logs (review of wave 9): another model's run starting over, a sum after per-step values,
    # two named losses, one outlier the loss came back from
    for lines in (["epoch 2 loss: 0.41", "Benchmarking gpt2", "step 1 loss: 10.98", "step 2 loss: 9.70"],
                  ["step 1 loss: 0.52", "step 2 loss: 0.49", "Epoch 1 done, total loss: 245.1"],
                  ["Discriminator loss: 0.69", "Generator loss: 12.4", "Discriminator loss: 0.66", "Generator loss: 11.9"],
                  ["test loss: 0.28", "reconstruction loss = 1520.3"],
                  ["step 1, loss = 0.9", "step 2, loss = 0.8", "step 3, loss = 120.0", "step 4, loss = 0.7"]):
        assert top(lines) == (None, None), lines


def test_c_torchs_oom_sentence_wrapped_is_memory():
    # https://github.com/beecave-homelab/insanely-fast-whisper-rocm/issues/33
    assert top(corpus_lines("kb-ifwrocm33-hip-oom", "fresh/logs")) == ("memory", "hip-oom")
    # https://github.com/ShannonAI/Self_Explaining_Structures_Improve_NLP_Models/issues/6 (torch's older wording)
    assert top(["Tried to allocate 20.00 MiB (GPU 0; 1.96 GiB total capacity; 1.24 GiB already allocated; 2.88 MiB "
                "free; 1.25 GiB reserved in total by PyTorch)"]) == ("memory", "hip-oom")
    # look-alike: a tip that names the error
    assert top(["Tip: if you see CUDA out of memory, lower --batch-size"])[1] != "hip-oom"
